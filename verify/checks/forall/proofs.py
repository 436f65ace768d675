"""Symbolic proofs of forall claims (evidence ``symbolic``): a run in closed form (verify.engines.symbolic), the
exact set where a one-parameter relation holds (verify.engines.realsets, checked against direct evaluation), and a
sign claim by the principal minors of its Gram matrix; ``exactly_when`` compared with the set."""
from __future__ import annotations

import itertools

import sympy

from fractions import Fraction

from verify.engines import box_sign, crosscheck, interval_sign, kinks, rational_functions, spectral, symbolic
from verify.engines.methods import SymbolicSystem
from verify.input.model import TIME, symbol
from verify.engines import realsets
from verify.checks import kit
from verify.checks import rounding
from verify.checks import sign as sign_check
from verify.checks.common import CheckError, Formula, Line, Outcome, exact_zeros_text, listed, short_text
from verify.outcome import decimals
from verify.checks.comparisons import OPERATORS
from verify.checks.forall.domains import Domain, first_value, point_in, relation_expr, solve_on_reals, solve_set, to_domain
from verify.checks.forall.poles import UndefinedInDomains, step_pole


class Witness:
    """A point of the domains where a proof found the claim false (``values``: name -> rational), with the proof's
    derivation lines (``lines``): the caller checks it as an instance and refutes with it."""

    def __init__(self, values: dict, lines: list):
        self.values, self.lines = values, lines


class Undecided:
    """A proof that found the claim's bound reached or missed by less than it can resolve: no verdict, and sampling,
    which would see less, is not tried (``message`` says where)."""

    def __init__(self, message: str):
        self.message = message


class ClosedForm:
    """A run's closed form that did not settle the claim: ``values`` maps the time, the states and the constants to
    expressions in the domain symbols (verify.checks.forall.sampling evaluates instances on it)."""

    def __init__(self, values: dict):
        self.values = values


def _one_printing_rule(replaced: dict, places: int, rule: str | None = None):
    """The audit of exactly_when's printed ends (printed end -> exact boundary, realsets.snap_to_digits): one rule
    (round-half-even, round-half-up or truncation, verify.checks.rounding) must print every boundary to its end, as
    in a run's table (or the claim's ``rounding``: that rule, or "any" rule per boundary).  Returns (notes naming
    the rules that do, empty when nothing was replaced; the failure as text, or None): -1.3 and 1.2 for the boundaries -5/4 and 5/4 are each some rounding of a tie, but no one rule
    prints both (review of 2026-12-05).  CheckError when an enclosure of an irrational boundary does not decide."""
    if not replaced:
        return [], None
    audit = rounding.RoundingAudit(places, rule)
    for end, boundary in replaced.items():
        if boundary.is_Rational:
            audit.add(f"the boundary {boundary}", boundary, end)
        else:
            low, high = realsets.enclosure(boundary, 256)
            audit.add(f"the boundary {boundary}", (low, high, f"[{realsets.approximate(boundary, 20)} ± 1e-70]"), end)
    if audit.undecided():
        raise CheckError(f"cannot decide how the boundaries {', '.join(map(str, replaced.values()))} print to {decimals(places)} "
                         "(an enclosure at 256 bits still straddles a rounding boundary)")
    _, failures = audit.findings()
    if failures:
        return [], "; ".join(failures)
    if rule == "any":
        return ["each boundary is printed by some rule (rounding = \"any\")"], None
    common = [mode for mode in ((rule,) if rule else rounding.MODES) if all(mode in v.modes for v in audit.values)]
    return [f"one rule prints every boundary: {rounding.rules_text(common)}"], None


def prove_run(claim, spec, over):
    """The claim proved on the closed form of its run (an Outcome), or the closed form (ClosedForm) when sympy does
    not settle it."""
    rs, model = spec.run_spec, claim.model
    substitutions = {symbol(p): v for p, v in rs.parameter_values.items()}
    substitutions.update({symbol(n): d.symbol for n, d in spec.domains.items()})
    system = SymbolicSystem(model, substitutions)
    step_map = []
    t_end, y_end = symbolic.n_steps(rs.method, system, rs.options, rs.t0, rs.y0, rs.steps, record=step_map)
    where = step_pole([sympy.Matrix(entry[3]) for entry in step_map if len(entry) > 3], spec)  # the
    # one-step matrix (symbolic.n_steps records it fourth), not its power: a generic power has removable poles
    if where is not None:  # the closed form is an identity away from it, but there is no run
        raise UndefinedInDomains(f"the method's step is not defined at {where}, inside the domains (a division by zero in its one-step map): "
                         "narrow the domains to where the method can step")
    values = {symbol(TIME): t_end}
    values.update({symbol(s): v for s, v in zip(model.variables, y_end)})
    values.update(kit.constant_values(model, rs))
    values.update({symbol(n): d.symbol for n, d in spec.domains.items()})
    derivation = []  # after the closed form, factored only for a proof (factor takes 0.3 s on a 2x2 Rosenbrock step)
    proved = []
    for comparison in rs.expect:
        difference = _reduced((comparison.quantity - comparison.claimed).xreplace(values), lambda d: d == 0, "==")
        derivation.append(Line(f"{comparison.text} - ({comparison.claimed_text}) = {difference}",
                               terms=[Formula(f"{comparison.text} - ({comparison.claimed_text})"), "=", difference]))
        if difference != 0:
            return ClosedForm(values)
        proved.append(f"{comparison.text} = {comparison.claimed_text}")
    for comparison in rs.relations:
        difference = _reduced((comparison.quantity - comparison.claimed).xreplace(values), lambda d: _decided(d, comparison.op) is True,
                              comparison.op)
        truth = _decided(difference, comparison.op)
        derivation.append(Line(f"{comparison.text} - ({comparison.claimed_text}) = {difference}: {comparison.op} 0 is {truth}",
                               terms=[Formula(f"{comparison.text} - ({comparison.claimed_text})"), "=", difference, ":", comparison.op,
                                      sympy.Integer(0), f"is {truth}"]))
        if truth is not True:
            decided = _run_relation_on_its_domain(spec, comparison.quantity.xreplace(values), comparison.op,
                                                  comparison.claimed.xreplace(values), derivation)
            if not isinstance(decided, list):
                return decided if isinstance(decided, Witness) else ClosedForm(values)
            derivation += decided
        proved.append(f"{comparison.text} {comparison.op} {comparison.claimed_text}")
    closed_form = [f"closed form after {rs.steps} macro steps: t = {t_end}"] + [f"  {s} = {sympy.factor(v)}" for s, v in zip(model.variables, y_end)]
    return Outcome("verified", "symbolic", f"for all {over}: " + "; ".join(proved) + " (closed form of the run, sympy)", {},
                   symbolic.described(step_map) + closed_form + derivation)


def _run_relation_on_its_domain(spec, lhs, op, rhs, derivation):
    """A relation of a run's closed form in one real symbol, which sympy's assumptions did not decide, decided on its
    domain as a relation claim is (_relation_set: |P| <= c as -c <= P <= c, each piece by the solver of sets, the set
    checked against direct evaluation): the derivation lines when it holds on the whole domain, a Witness (a rational
    point where it fails, which the caller checks as an instance before it refutes) when it does not, None when it
    cannot be decided so (the closed form's instances are sampled, as before).  Euler on y' = -y keeps |1 - h| <= 1
    for h in [1/1000, 2]: sampled before (a review of 2026-12-07)."""
    domain = _single_real_domain(spec, [lhs, rhs])
    if domain is None or spec.assume or spec.exactly_when is not None or op not in ("<", "<=", ">", ">="):
        return None
    pieces = []
    try:
        holds_on = _relation_set(lhs, op, rhs, domain, pieces)
        _check_against_evaluation(holds_on, lhs, op, rhs, domain)
        holds_everywhere = realsets.same_set(realsets.intersect(holds_on, domain.interval), domain.interval)  # as _compare_sets
        fails_on = realsets.subtract(domain.interval, holds_on)
    except (CheckError, NotImplementedError, ValueError, TypeError):
        return None
    stated = relation_expr(lhs, op, rhs)
    if holds_everywhere:
        return pieces + [Line(f"{stated} holds for {domain.name} in {holds_on}, which contains the domain {domain.interval}",
                              terms=[stated, "holds for", member(domain.symbol, holds_on), ", which contains the domain", domain.interval])]
    point = point_in(fails_on)
    if point is not None and point.is_Rational:
        return Witness({domain.name: point}, derivation + pieces + [
            Line(f"{stated} fails for {domain.name} in {fails_on}, inside the domain {domain.interval}",
                 terms=[stated, "fails for", member(domain.symbol, fails_on), ", inside the domain", domain.interval])])
    return None


SIMPLIFY_MAX_OPS = 200  # sympy.simplify is tried only on differences this small: on larger ones it costs seconds to minutes


def _reduced(difference, settled, op):
    """The difference in the form that settles the claim if any does.  A rational function: ``cancel`` (p/q in
    lowest terms over QQ, zero exactly when the difference is identically zero), then its ``factor``ed form (where
    the sign of each factor may be known).  With sqrt, exp, abs, ...: as it is, or ``simplify``d when it is small
    and no witness (_witness_against) shows that no form of it can settle the claim.  ``settled(d)`` says whether
    a form decides ``d OP 0`` for every value of the symbols (``==``: d is 0)."""
    if difference.is_rational_function():
        reduced = sympy.cancel(difference)
        if settled(reduced):
            return reduced
        factored = sympy.factor(reduced)
        return factored if settled(factored) else reduced
    if settled(difference) or sympy.count_ops(difference) > SIMPLIFY_MAX_OPS or _witness_against(difference, op):
        return difference
    return sympy.simplify(difference)


WITNESS_POINTS = 12  # rational points tried by _witness_against before simplify (each a few enclosures: milliseconds)


def _witness_against(difference, op) -> bool:
    """Is there a rational point, allowed by the assumptions of the difference's symbols (real, positive, integer,
    ...: those sympy's assumptions reason with, not the claim's narrower domains), where ``difference OP 0`` fails,
    its sign certified by interval enclosures (verify.engines.crosscheck.sign_function)?  Then no form of the
    difference, simplified or not, is nonpositive (or zero, ...) for every value of its symbols, so ``simplify``
    (a quarter of a second on a bound with abs, often more) cannot settle the claim; the difference stays as it
    is and the claim goes on to its closed form's instances, as it did after a simplify that did not settle it.
    False when no point is found (then simplify is tried as before)."""
    symbols = sorted(difference.free_symbols, key=str)
    if not symbols or not all(s.is_real for s in symbols):
        return False
    try:
        sign_at = crosscheck.sign_function(difference, symbols)
    except (crosscheck.CrossCheckUnavailable, TypeError, ValueError):
        return False
    choices = [[v for v in _WITNESS_VALUES if _allowed(s, v)] for s in symbols]
    if not all(choices):
        return False
    for i in range(WITNESS_POINTS):  # a fixed spread of sign and size combinations: the same points on every run
        point = [values[(i * (2 * k + 3) + k) % len(values)] for k, values in enumerate(choices)]
        try:
            sign = sign_at(point)[0]
        except (ZeroDivisionError, ValueError, TypeError, ArithmeticError):
            continue
        if sign is not None and not OPERATORS[op](sign, 0):
            return True
    return False


_WITNESS_VALUES = [sympy.Rational(v) for v in ("0", "1", "-1", "2", "-2", "1/3", "-1/3", "5/2", "-5/2", "7", "-7", "1/10", "-3/10", "13", "-11/4")]


def _allowed(symbol, value) -> bool:
    """Does ``value`` have every property the symbol is assumed to have (real, positive, integer, nonzero, ...)?"""
    return all(getattr(value, f"is_{key}") == holds for key, holds in symbol.assumptions0.items())


def _decided(difference, op):
    """True or False when sympy's assumptions decide ``difference OP 0``, else None."""
    return {"<": difference.is_negative, "<=": difference.is_nonpositive, ">": difference.is_positive,
            ">=": difference.is_nonnegative, "==": difference.is_zero, "!=": difference.is_nonzero}[op]


def holds_nowhere(difference, op) -> bool:
    """Do sympy's assumptions decide that ``difference OP 0`` fails for every value of its symbols (x**2 + y**2 + 1 <= 0
    for real x, y)?  Then it fails on every domain, whose values the symbols' assumptions include.  Assumption
    queries only: no solving (the claims' assumptions are short)."""
    return _decided(difference, op) is False


def _by_assumptions(claim, over, op, difference) -> Outcome:
    """Verified, symbolic: sympy's assumptions on the symbols (real, positive, ...: the domains lie within them)
    decide ``difference OP 0`` for every value they allow."""
    return Outcome("verified", "symbolic", f"{claim.table['lhs']} {op} {claim.table['rhs']} for all {over} (sympy: lhs - rhs = {short_text(difference)})",
                   {}, [Line(f"lhs - rhs = {difference}; sympy's assumptions decide {op} 0",
                             terms=[Formula("lhs - rhs"), "=", difference, ";", "sympy's assumptions decide", op, sympy.Integer(0)])])


def _single_real_domain(spec, expressions):
    free = set().union(*(e.free_symbols for e in expressions))
    domains = [d for d in spec.domains.values() if d.symbol in free]
    if len(domains) != 1 or domains[0].interval is None:
        return None
    return domains[0]


def _single_integer_domain(spec, expressions):
    free = set().union(*(e.free_symbols for e in expressions))
    domains = [d for d in spec.domains.values() if d.symbol in free]
    if len(domains) != 1 or domains[0].interval is not None or free != {domains[0].symbol}:
        return None
    return domains[0]


def _prove_on_integers(claim, spec, over, lhs, op, rhs, domain):
    """A relation whose sides are rational functions of one integer symbol N >= K with rational coefficients (no
    'assume', no 'exactly_when'), decided exactly: where it holds over the reals (realsets.rational_function_set: the
    real roots isolated exactly, the sign between them at a rational point; checked at a point in every gap), and the
    least integer >= K in the rest, the counterexample, itself evaluated; none there: it holds at every integer.
    (N - 20)(N - 90) >= 0 for N >= 1 was sampled at 1..13 and far out and 'verified' (a review of 2026-12-06);
    it fails at 21.  None when the relation is not of that form (sampling decides it)."""
    if spec.exactly_when is not None or spec.assume:
        return None
    real = sympy.Symbol(domain.name, real=True)
    left, right = lhs.xreplace({domain.symbol: real}), rhs.xreplace({domain.symbol: real})
    start = first_value(domain)
    holds_on = realsets.rational_function_set(left - right, op, real)  # exact root isolation, not sympy's solver
    if holds_on is None:
        return None
    on_reals = Domain(domain.name, domain.text, real, sympy.Interval(start, sympy.oo), domain.make_strategy)
    holds_on = realsets.intersect(holds_on, on_reals.interval)
    _check_against_evaluation(holds_on, left, op, right, on_reals)
    fails_on = realsets.subtract(on_reals.interval, holds_on)
    what = f"{claim.table['lhs']} {op} {claim.table['rhs']}"
    derivation = [Line(f"{what} holds for real {domain.name} >= {start} in {holds_on} (exact real root isolation)",
                       terms=[relation_expr(left, op, right), "holds for", member(real, holds_on), "(exact real root isolation)"])]
    least = _least_integer(fails_on)
    computed = {"holds_on": str(holds_on)}
    if least is None:
        return Outcome("verified", "symbolic", f"{what} for all {over}: over the reals it fails only on {fails_on}, which holds no "
                       "integer", computed, derivation)
    at = {domain.symbol: least}
    left_value, right_value = lhs.xreplace(at), rhs.xreplace(at)
    difference = left_value - right_value
    if not difference.is_Rational or OPERATORS[op](sympy.sign(difference), 0):  # the counterexample is checked itself
        raise CheckError(f"the set where {what} holds was computed as {holds_on}, but at {domain.name} = {least} lhs - rhs = "
                         f"{difference}: cannot decide it exactly")
    return Outcome("refuted", "symbolic", f"claimed {what} for all {over}; computed: at {domain.name} = {least}, lhs = "
                   f"{short_text(left_value)}, rhs = {short_text(right_value)} (over the reals it fails on {fails_on})",
                   {**computed, domain.name: str(least)}, derivation)


def _least_integer(region):
    """The least integer in a union of intervals and points bounded below (rigorous comparisons), or None."""
    found = []
    for piece in realsets.pieces(region):
        n = spectral.floor_real(piece.start)
        if n < piece.start or (n == piece.start and piece.left_open):  # the first integer at or above the start
            n += 1
        if piece.end.is_finite:
            order = realsets.compare(n, piece.end)
            if order > 0 or (order == 0 and piece.right_open):
                continue
        found.append(n)
    return min(found, default=None)


def prove_relation(claim, spec, over):
    lhs, op, rhs = to_domain(spec.lhs, spec.domains), spec.op, to_domain(spec.rhs, spec.domains)
    integers = _single_integer_domain(spec, [lhs, rhs])
    if integers is not None:
        outcome = _prove_on_integers(claim, spec, over, lhs, op, rhs, integers)
        if outcome is not None:
            return outcome
    domain = _single_real_domain(spec, [lhs, rhs])
    if domain is None and not spec.assume and _single_real_domain(spec, [sympy.expand(lhs - rhs)]) is not None:
        # a symbol that cancels from lhs - rhs: the relation is one in the other symbol ((x^2 - 2 + y)^2 - y^2 -
        # 2y(x^2 - 2) >= 10^-40 is (x^2 - 2)^2 >= 10^-40, false at sqrt(2), was sampled and verified: a review of 2026-12-07)
        lhs, rhs = sympy.expand(lhs - rhs), sympy.Integer(0)
        domain = _single_real_domain(spec, [lhs])
    if domain is None:
        difference = _reduced(lhs - rhs, lambda d: _decided(d, op) is True, op)  # several symbols: sympy's assumptions may still decide
        truth = _decided(difference, op)
        if truth and spec.exactly_when is None:
            return _by_assumptions(claim, over, op, difference)
        return _prove_affine(claim, spec, over, lhs, op, rhs) or _prove_on_box(claim, spec, over, lhs, op, rhs)
    enclosed = None
    transcendental = not _without_abs(lhs - rhs).is_rational_function(domain.symbol)
    if transcendental and spec.exactly_when is None and _decided(lhs - rhs, op) is True:  # sqrt(x) >= 0, sin(x) >= -1
        return _by_assumptions(claim, over, op, lhs - rhs)
    if transcendental and spec.exactly_when is None and op in ("<=", ">=", "==") \
            and rational_functions.zero_through_half_angle(lhs - rhs) is not None:  # (tan(x/2) <= sin(x)/(1 + cos(x)) on [0, 1]
        # ran into the time limit in the interval prover, then sympy's solver: a review of 2026-12-07)
        return Outcome("verified", "symbolic", f"{claim.table['lhs']} {op} {claim.table['rhs']} for all {over}: lhs - rhs is 0 wherever "
                       "it is defined (tangent half-angle substitution: 0 as a rational function of t)", {},
                       [Line("lhs - rhs, rational in sin and cos of one angle u, written through t = tan(u/2): 0 as a rational function "
                             "of t, so 0 at every point of the domains (where it is defined, as checked before the proof)")])
    if transcendental:  # exp, sin, log, sqrt: enclosures first (milliseconds), then sympy's solver, which can run for
        enclosed = _prove_by_enclosures(claim, spec, over, lhs, op, rhs, domain)  # minutes on them (sympy.periodicity
        if enclosed is not None:  # of sin(1/(k + 10^-30))); |P| <= 1 for a polynomial P is solved exactly, as before
            return enclosed
    pieces = []
    try:
        holds_on = _relation_set(lhs, op, rhs, domain, pieces)
        _check_against_evaluation(holds_on, lhs, op, rhs, domain)
    except (symbolic.SymbolicUnavailable, NotImplementedError, ValueError, TypeError, CheckError):
        if not transcendental:  # no set from the solver: enclosures
            enclosed = _prove_by_enclosures(claim, spec, over, lhs, op, rhs, domain)
            if enclosed is not None:
                return enclosed
        raise
    outcome = _compare_sets(claim, spec, domain, holds_on, f"{claim.table['lhs']} {op} {claim.table['rhs']}", over,
                            [relation_expr(lhs, op, rhs)])
    if outcome is not None and len(pieces) > 1:  # |P| OP c: the two polynomial inequalities decided, before the set
        outcome.derivation[0:0] = pieces
    return outcome


def _prove_by_enclosures(claim, spec, over, lhs, op, rhs, domain):
    """A relation in one symbol on an interval with rational or infinite ends ('assume' conditions in that symbol cut
    it into such intervals) that sympy's solver cannot solve (exp, sin, log beside polynomials), decided by interval
    arithmetic (verify.engines.interval_sign): verified ``certified``, or a Witness where an enclosure shows it fails.
    None when not of that form or not decided (sampling decides it).  A review of 2026-12-07: 1/(1 + k) - exp(-k) <=
    0.2036321888 on [0, 10], true by 5e-12, was sampled, and exp(-k) <= 1/(1 + k) verified only numerically."""
    if spec.exactly_when is not None or op not in ("<", "<=", ">", ">="):
        return None
    try:
        region = _assumed_region(spec, domain)
    except (NotImplementedError, ValueError, TypeError, CheckError):
        return None
    if region is None:
        return None
    parts = list(region.args) if isinstance(region, sympy.Union) else [region]
    if not parts or None in [interval_sign.side_of(part) for part in parts]:
        return None
    strict = op in ("<", ">")
    small, large = (lhs, rhs) if op in ("<", "<=") else (rhs, lhs)
    small_argument, large_argument = _absolute_argument(small), _absolute_argument(large)
    squared = small_argument is not None and large_argument is not None
    if squared:  # |u| <= |v|: u^2 <= v^2, both sides smooth
        differences = [sympy.expand(large_argument ** 2 - small_argument ** 2)]
    elif isinstance(small, sympy.Abs):  # |u| <= v: both -v <= u and u <= v, each with derivatives where |u| has none
        differences = [large - small.args[0], large + small.args[0]]  # at u = 0 (an abs in v is cut at its kinks below:
        # |sin x - x| <= |x|^3/6 was sampled, a review of 2026-12-07)
    else:
        differences = [large - small]
    settled, zeros = 0, []
    cases = [case for part, g in itertools.product(parts, differences) for case in _without_kinks(g, part, domain.symbol)]
    cuts = sorted({end for side, _ in cases for end in (side.low, side.high) if end is not None} - _ends(parts))
    for side, g in cases:
        found = interval_sign.decide(g, domain.symbol, side, strict)
        if found is None:
            return None
        if isinstance(found, interval_sign.Fails):
            point = found.at()
            where = (f"at {domain.name} = {point}" if found.low == found.high else
                     f"on [{_rational(found.low)}, {_rational(found.high)}]")
            return Witness({domain.name: point}, [Line(f"interval arithmetic (Arb balls, {interval_sign.BITS} bits): "
                                                       f"{short_text(g)} {'<=' if strict else '<'} 0 {where}")])
        settled += found.boxes
        zeros += found.zeros
    g = " and ".join(short_text(d) for d in differences)
    cut_text = (f" (cut at {domain.name} = {', '.join(str(_rational(c)) for c in cuts)}, where an argument of abs, max or min changes "
                f"sign: on each piece every abs is + or - its argument)" if cuts else "")
    what = f"{claim.table['lhs']} {op} {claim.table['rhs']}"
    zero_text = exact_zeros_text(zeros, domain.name)
    assumed = f" with {', '.join(claim.table.get('assume', []))}" if spec.assume else ""
    shown = " or ".join(f"{'(' if part.left_open else '['}{part.start}, {part.end}{')' if part.right_open else ']'}" for part in parts)
    shown = shown.replace("-oo", "-∞").replace("oo", "∞")
    line = (f"{'both sides are absolute values, compared squared: ' if squared else ''}{g} {'>' if strict else '>='} 0 on {shown}{cut_text}: interval arithmetic (Arb balls, {interval_sign.BITS} bits) "
            f"on {settled} subintervals, each enclosure of it (natural, or mean-value form) on one side of 0, or its derivative of "
            f"one sign and its value at the lower end decided{zero_text}")
    return Outcome("verified", "certified", f"{what} for all {over}{assumed}: proved by interval arithmetic on {settled} subinterval{'' if settled == 1 else 's'} "
                   f"of {shown}{zero_text}", {}, [Line(line)])


def _absolute_argument(side):
    """u for a side written |u|, c u for c |u| with a positive constant c (2, e); None otherwise.  Between two such sides, both
    >= 0, a <= b exactly when a^2 <= b^2 (and a < b when a^2 < b^2): |sin x| <= |x| is x^2 - sin(x)^2 >= 0, whose tie at
    0 its derivatives settle, where |x| has none (it was sampled)."""
    if isinstance(side, sympy.Abs):
        return side.args[0]
    if isinstance(side, sympy.Mul):  # (pi |x|/3 is a product of three: a review of 2026-12-07)
        absolute = [f for f in side.args if isinstance(f, sympy.Abs)]
        constant = sympy.Mul(*[f for f in side.args if not isinstance(f, sympy.Abs)])
        if len(absolute) == 1 and constant.is_number and constant.is_positive:
            return constant * absolute[0].args[0]
    return None


def _ends(parts) -> set:
    """The finite ends of intervals, as Fractions."""
    return {_fraction(end) for part in parts for end in (part.start, part.end) if end.is_finite}


def _fraction(value: sympy.Rational) -> Fraction:
    return Fraction(int(value.p), int(value.q))


def _without_kinks(g, part: sympy.Interval, x) -> list:
    """[(Side, expression)] for interval_sign on ``part`` (an interval with rational or infinite ends): g there, or, where
    g holds abs, max or min of polynomials, g without them on each piece of ``part`` between the points where their
    arguments change sign (verify.engines.kinks: exp(|x|) >= 1 + |x| on [-2, 3] is x >= 0 beside 0 and -x beside it,
    each of one sign by derivatives, where the kink at 0 had left it to sampling).  Where kinks finds no pieces (|sin
    x|) or a cut is irrational (|x^2 - 2| at sqrt(2)), g on the whole of ``part``, with its abs, as before (a review of
    the session's diff: such claims had lost their proofs).  A piece meeting ``part`` in one point (a kink at its
    closed end) is left out: the next piece holds that point."""
    whole = [(interval_sign.side_of(part), g)]
    if not g.has(sympy.Abs, sympy.Max, sympy.Min):
        return whole
    found = kinks.pieces(g, x)
    if found is None:
        return whole
    cases = []
    for piece in found:
        common = realsets.intersect(part, piece.region())
        if isinstance(common, sympy.Interval):
            side = interval_sign.side_of(common)
            if side is None:
                return whole
            cases.append((side, piece.expression))
    return cases


def _without_abs(expression: sympy.Expr) -> sympy.Expr:
    """``expression`` with each abs(u) replaced by u: a rational function there is one sympy's solver decides exactly."""
    return expression.replace(lambda e: isinstance(e, sympy.Abs), lambda e: e.args[0])


def _rational(value: Fraction) -> sympy.Rational:
    return sympy.Rational(value.numerator, value.denominator)


def _side(domain) -> box_sign.Side | None:
    """A bounded interval with rational ends as a box_sign.Side, else None."""
    region = domain.interval
    if not isinstance(region, sympy.Interval) or not (region.start.is_Rational and region.end.is_Rational):
        return None
    return box_sign.Side(Fraction(int(region.start.p), int(region.start.q)), Fraction(int(region.end.p), int(region.end.q)),
                         bool(region.left_open), bool(region.right_open))


def _prove_affine(claim, spec, over, lhs, op, rhs):
    """A relation whose lhs - rhs is affine (total degree 1, rational coefficients) in three or more symbols (or two,
    one of them an integer: box_sign takes real ones only), each in an interval of the reals (bounded or not) or
    'integer >= K', with no 'assume' or 'exactly_when': decided exactly, in any number of symbols.  On a box an
    affine g = c0 + sum c_i x_i is least at a corner: inf g = c0 + sum min(c_i lo_i, c_i hi_i), reached only where
    every symbol may sit at its lower end (c_i > 0) or upper end (c_i < 0), that is, where those ends are closed and
    finite.  'x + y + z >= 10^-150' on the open unit cube was sampled and verified
    (the README's Not in this release): inf = -10^-150 at the open corner.  A refutation is a Witness (_affine_witness).
    None when not of that form (two symbols go to box_sign, one to the solver of sets)."""
    if spec.exactly_when is not None or spec.assume or op not in ("<", "<=", ">", ">="):
        return None
    difference = sympy.expand(lhs - rhs)
    free = sorted(difference.free_symbols, key=lambda s: s.name)
    domains = {d.symbol: d for d in spec.domains.values()}
    if len(free) < 2 or any(s not in domains for s in free):
        return None
    if len(free) == 2 and all(domains[s].interval is not None for s in free):
        return None  # two real symbols: box_sign decides them (and more than affine relations)
    g = -difference if op in ("<", "<=") else difference
    try:
        poly = sympy.Poly(g, *free)
    except sympy.PolynomialError:
        return None
    if poly.total_degree() > 1 or not all(c.is_Rational for c in poly.coeffs()):
        return None
    ends = [_affine_ends(domains[s]) for s in free]
    if None in ends:
        return None
    strict = op in ("<", ">")
    constant = poly.coeff_monomial(1)
    coefficients = [poly.coeff_monomial(s) for s in free]  # none is 0: every symbol of ``free`` occurs in g
    least, attained = constant, True
    for c, (low, high, low_open, high_open) in zip(coefficients, ends):
        end, is_open = (low, low_open) if c > 0 else (high, high_open)
        least += c * end  # -oo for an infinite end
        attained = attained and not is_open and end.is_finite
    what = f"{claim.table['lhs']} {op} {claim.table['rhs']}"
    g_is = f"g = {'rhs - lhs' if op in ('<', '<=') else 'lhs - rhs'}"
    lines = [Line(f"{g_is} = {short_text(g)} is affine in {', '.join(s.name for s in free)}: on the box its least value is at "
                  f"the corner where each symbol takes the end its coefficient's sign points to: inf g = {least}"
                  f"{' (reached there)' if attained else ' (not reached: an end is open or infinite)'}")]
    if least.is_finite and (least > 0 or (least == 0 and not (strict and attained))):
        return Outcome("verified", "symbolic", f"{what} for all {over}: {g_is} is affine, and its least value over the box "
                       f"(at a corner) is {least}{'' if attained else ', not reached'}", {}, lines)
    point = _affine_witness(constant, coefficients, ends, least)
    value = g.xreplace(dict(zip(free, point)))
    if not (value < 0 or (strict and value == 0)):
        raise CheckError(f"the corner argument found {what} false, but its point gives g = {value}: an error in "
                         "proofs._affine_witness, no verdict")
    shown = ", ".join(f"{s.name} = {v}" for s, v in zip(free, point))
    return Witness({s.name: v for s, v in zip(free, point)}, lines + [Line(f"at {shown}: g = {value}")])


def _affine_ends(domain) -> tuple | None:
    """(lower end, upper end, lower open, upper open) of a domain as _prove_affine reads it, ends rational or infinite:
    an interval of the reals, or 'integer >= K' as [K, oo) (its least value K is taken, and a witness's value on it
    is an integer); None for anything else."""
    if domain.interval is None:  # 'integer >= K', the one domain of integers: K is its first value
        return first_value(domain), sympy.oo, False, True
    region = domain.interval
    if not isinstance(region, sympy.Interval) or region.start == region.end:
        return None
    if not all(e.is_Rational or e.is_infinite for e in (region.start, region.end)):
        return None
    return region.start, region.end, bool(region.left_open), bool(region.right_open)


def _affine_witness(constant, coefficients, ends, least) -> list:
    """A point of the box where the affine g = constant + sum c_i x_i is below 0 (or 0, at a corner reached): each
    symbol at the end its coefficient's sign points to; an open end moved inside by a step s with s sum |c_i| below
    half the shortfall -inf g (and below half the interval's width); an infinite end (inf g = -oo) placed beyond R /
    |c_i| from the finite end or 0, where R bounds |constant| + sum |c_j| max(|finite ends of x_j|) + 1, the most the
    other terms can add: so g < 0 there.  An 'integer >= K' end is closed, and a far integer value is taken."""
    total = sum(abs(c) for c in coefficients)
    shortfall = -least if least.is_finite else sympy.Integer(1)
    step = shortfall / (2 * total)
    bound = abs(constant) + 1 + sum(abs(c) * max([abs(e) for e in (low, high) if e.is_finite], default=0)
                                    for c, (low, high, _, _) in zip(coefficients, ends))
    point = []
    for c, (low, high, low_open, high_open) in zip(coefficients, ends):
        end, is_open = (low, low_open) if c > 0 else (high, high_open)
        if end.is_infinite:
            reach = sympy.ceiling(bound / abs(c)) + 1
            start = high if c > 0 and high.is_finite else low if c < 0 and low.is_finite else 0
            point.append(start - reach if c > 0 else start + reach)
        elif is_open:
            inward = min(step, (high - low) / 2) if (high - low).is_finite else step
            point.append(end + inward if c > 0 else end - inward)
        else:
            point.append(end)
    return point


def _prove_on_box(claim, spec, over, lhs, op, rhs):
    """A polynomial relation in two symbols, each in a bounded interval, with 'assume' conditions polynomial in them
    or none (no 'exactly_when'), decided exactly by verify.engines.box_sign: its edges by exact real root isolation,
    its inside at the critical points found by resultants (and, with conditions, the Lagrange points on their curves
    and where two meet).  Heun's step on the logistic equation, 'y <= 1 for y in [0, 1] and r h <= 5.45', was sampled
    and verified; it fails near r h = 5.45, y = 0.5 (a review of 2026-12-06).  None when not of that form or not
    decided (sampling decides it)."""
    if spec.exactly_when is not None or op not in ("<", "<=", ">", ">="):
        return None
    difference = sympy.expand(lhs - rhs)
    free = sorted(difference.free_symbols, key=lambda s: s.name)
    domains = {d.symbol: d for d in spec.domains.values()}
    if len(free) != 2 or any(s not in domains for s in free):
        return None
    sides = [_side(domains[s]) for s in free]
    if None in sides:
        return None
    g = -difference if op in ("<", "<=") else difference
    conditions = []
    for left, relation, right in spec.assume:  # h <= 0 (or < 0) in the same two symbols
        h = sympy.expand(to_domain(left, spec.domains) - to_domain(right, spec.domains))
        if relation not in ("<", "<=", ">", ">=") or h.free_symbols - set(free):
            return None
        conditions.append(box_sign.Condition(h if relation in ("<", "<=") else -h, relation in ("<", ">")))

    def decide(expression, strict):
        if conditions:
            return box_sign.decide_in_region(expression, free[0], free[1], sides[0], sides[1], conditions, strict=strict)
        return box_sign.decide(expression, free[0], free[1], sides[0], sides[1], strict=strict)

    try:
        return _box_outcome(claim, spec, over, lhs, op, rhs, free, g, conditions, decide)
    except CheckError as exc:  # g's least value not resolved at a point (box_sign._undecided)
        return Undecided(str(exc))


def _box_outcome(claim, spec, over, lhs, op, rhs, free, g, conditions, decide):
    """_prove_on_box's decision and its outcome (a Witness for a refutation)."""
    numerator, denominator = sympy.fraction(sympy.together(g))
    stated, signed = g, []
    if denominator.free_symbols:  # g = N/D: where D keeps one sign on the domain, g has N's sign times it (the
        # trapezoid's |R(x + iy)|^2 <= 1 for x <= 0 as ((2 + x)^2 + y^2)/((2 - x)^2 + y^2) <= 1)
        for sign in (1, -1):
            kept = decide(sympy.expand(sign * denominator), True)
            if kept is not None and kept.holds:
                g = sympy.expand(sign * numerator)
                signed = [Line(f"g = N/D with D = {short_text(denominator)} {'>' if sign > 0 else '<'} 0 on the domain "
                               f"(decided the same way), so g has the sign of {'N' if sign > 0 else '-N'} = {short_text(g)}")]
                break
        else:
            return None
    decision = decide(g, op in ("<", ">"))
    if decision is None:
        return None
    what = f"{claim.table['lhs']} {op} {claim.table['rhs']}"
    g_is = f"g = {'rhs - lhs' if op in ('<', '<=') else 'lhs - rhs'}"
    at_least = ">" if op in ("<", ">") else ">="
    where = ("on the closed region the conditions cut from the box is on an edge, at a critical point inside, or on a "
             "condition's curve" if conditions else "on the box is on an edge or at a critical point inside")
    if signed:
        lines = [Line(f"{g_is} = {short_text(sympy.together(stated))}, a rational function in {free[0]} and {free[1]}: the least value "
                      f"of its numerator {where} (verify.engines.box_sign)")]
    else:
        lines = [Line(f"{g_is} = {short_text(g)}, a polynomial in {free[0]} and {free[1]}: its least value {where} (verify.engines.box_sign)")]
    lines += signed + [Line(text) for text in decision.lines]
    if decision.holds and conditions:
        shown = ", ".join(f"{left} {relation} {right}" for left, relation, right in spec.assume)
        return Outcome("verified", "symbolic", f"{what} for all {over} with {shown}: {g_is} is {at_least} 0 "
                       "on the closed region the conditions cut from the box: on its edges (exact real root isolation), at "
                       "the critical points inside, on the conditions' curves where g_x h_y = g_y h_x and where two curves "
                       "meet (resultants, exact interval enclosures)", {}, lines)
    if decision.holds:
        return Outcome("verified", "symbolic", f"{what} for all {over}: {g_is} is {at_least} 0 on every edge "
                       "(exact real root isolation) and at every critical point inside (resultants, exact interval enclosures)",
                       {}, lines)
    at = dict(zip(free, (sympy.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v for v in decision.point)))
    if all(v.is_Rational for v in at.values()):  # checked as an instance, the way a drawn counterexample is
        return Witness({s.name: v for s, v in at.items()}, lines)
    left, right = lhs.xreplace(at), rhs.xreplace(at)  # g = 0 exactly at an irrational point of an edge (a root of g there)
    shown = ", ".join(f"{s.name} = {v}" for s, v in at.items())
    return Outcome("refuted", "symbolic", f"claimed {what} for all {over}; computed: at {shown} (a root of g on that edge), "
                   f"lhs = {short_text(left)}, rhs = {short_text(right)}", {s.name: str(v) for s, v in at.items()},
                   lines + [Line(f"counterexample {shown}")])


def _relation_set(lhs, op, rhs, domain, pieces=None):
    """Where lhs OP rhs holds in the domain.  |P| <= c is solved as -c <= P <= c (and |P| >= c as P >= c or
    P <= -c): sympy's solver on the polynomial pieces, where its answer for |P| itself can be wrong
    (sympy 1.14 gives [z0, oo) for |1 + z + ... + z^5/120| <= 1).  ``pieces`` (a list) receives each inequality
    decided with its set, as derivation lines."""
    def solved(left, right):
        result = solve_set(relation_expr(left, op, right), domain)
        if pieces is not None:
            pieces.append(Line(f"decided: {sympy.expand(left)} {op} {right} for {domain.name} in {result}", "decided",
                               terms=[relation_expr(sympy.expand(left), op, right), "for", member(domain.symbol, result)]))
        return result

    if isinstance(lhs, sympy.Abs) and not rhs.has(sympy.Abs) and op in ("<", "<=", ">", ">="):
        inner = lhs.args[0]
        if op in ("<", "<="):
            both = realsets.intersect(solved(inner, rhs), solved(-inner, rhs))
            if pieces is not None:
                pieces.append(Line(f"both hold (abs({inner}) {op} {rhs}) for {domain.name} in {both}",
                                   terms=["both hold:", relation_expr(sympy.Abs(inner, evaluate=False), op, rhs), "for", member(domain.symbol, both)]))
            return both
        either = realsets.unite(solved(inner, rhs), solved(-inner, rhs))
        if pieces is not None:
            pieces.append(Line(f"either holds (abs({inner}) {op} {rhs}) for {domain.name} in {either}",
                               terms=["either holds:", relation_expr(sympy.Abs(inner, evaluate=False), op, rhs), "for", member(domain.symbol, either)]))
        return either
    return solved(lhs, rhs)


def _check_against_evaluation(holds_on, lhs, op, rhs, domain):
    """The solver's set, evaluated at a rational point in every gap between its boundaries and beyond them (exactly,
    or by a rigorous enclosure where the value is not rational: exp(1/2) - 1000): a disagreement means the solver
    is wrong here, and the claim cannot be decided this way."""
    for point in realsets.test_points(holds_on):
        if not point.is_Rational or not realsets.contains(domain.interval, point):
            continue
        value = (lhs - rhs).xreplace({domain.symbol: point})
        if value.is_Rational:
            sign = sympy.sign(value)
        else:
            try:
                sign = realsets.compare(value, sympy.Integer(0))
            except (CheckError, crosscheck.CrossCheckUnavailable, TypeError, ValueError, ZeroDivisionError):
                continue  # not decided here: the other points still check the set
        direct = OPERATORS[op](sign, 0)
        if direct != realsets.contains(holds_on, point):
            raise CheckError(f"sympy's inequality solver gives {holds_on}, but at {domain.name} = {point} the relation "
                             f"{'holds' if direct else 'fails'} (lhs - rhs = {value}): cannot decide the set exactly")


def claimed_set(spec, variable):
    """The set ``exactly_when`` states in ``variable`` (its alternatives united, each one's conditions intersected),
    as written: not cut to the domain."""
    written = sympy.S.EmptySet
    for alternative in spec.exactly_when:
        part = sympy.S.Reals
        for condition in alternative:
            part = realsets.intersect(part, solve_on_reals(relation_expr(*condition), variable))
        written = realsets.unite(written, part)
    return written


def member(variable, region) -> sympy.Contains:
    """``variable`` in ``region``, unevaluated: a derivation's ``for R in Interval(1, oo)``, typeset R \\in [1, \\infty)."""
    return sympy.Contains(variable, region, evaluate=False)


def _assumed_region(spec, domain):
    """The domain's interval cut down by the 'assume' conditions (sympy's inequality solver on each); None where a
    condition has another symbol."""
    region = domain.interval
    for condition in spec.assume:
        if (condition[0] - condition[2]).free_symbols - {domain.symbol}:
            return None
        region = realsets.intersect(region, solve_set(relation_expr(*condition), domain))
    return region


def _compare_sets(claim, spec, domain, holds_on, what, over, stated=None):
    """The set where the statement holds (``what``, typeset as the terms ``stated``), against the domain or the claimed
    ``exactly_when`` set."""
    region = _assumed_region(spec, domain)
    if region is None:
        return None  # an assumption on other symbols: leave it to sampling
    domain = Domain(domain.name, domain.text, domain.symbol, region, domain.make_strategy)
    holds_on = realsets.intersect(holds_on, region)
    derivation = [Line(f"{what} holds for {domain.name} in {holds_on} (sympy's inequality solver), domain {domain.interval}",
                       terms=[*(stated or [what]), "holds for", member(domain.symbol, holds_on), "(sympy's inequality solver), domain", domain.interval])]
    computed = {"holds_on": str(holds_on)}
    if spec.exactly_when is not None:
        written = claimed_set(spec, domain.symbol)  # before the domain cuts it: a printed end at the domain's own end
        # (0.000 for -1e-18 on negative z) is snapped as the claim writes it
        wanted = realsets.intersect(written, domain.interval)  # (closed), not as the domain's open 0 (a review of 2026-12-06)
        condition = f"{claim.table['exactly_when']}"
        notes = []
        if spec.digits is not None:
            as_written = wanted
            snapped, notes, replaced = realsets.snap_to_digits(written, holds_on, spec.digits)
            wanted = realsets.intersect(snapped, domain.interval)
            derivation += notes
            printing, failure = _one_printing_rule(replaced, spec.digits, spec.rounding)
            if failure is not None:
                point = realsets.difference_point(as_written, holds_on)  # the ends read exactly: where claim and truth differ
                inside = point is not None and realsets.contains(holds_on, point)
                at = "" if point is None else (f"; read exactly, e.g. at {domain.name} = {point} it {'holds' if inside else 'fails'} "
                                               f"although the claim says it {'fails' if inside else 'holds'}")
                return Outcome("refuted", "symbolic", f"claimed {what} exactly when {condition}, its ends read to {decimals(spec.digits)}; "
                               f"computed: it holds on {holds_on}, and {failure}{at}", computed, derivation)
            notes = notes + printing
        point = realsets.difference_point(wanted, holds_on)
        digits_note = f" ({'; '.join(notes)})" if notes else ""
        if point is None:
            read = f", its ends read to {decimals(spec.digits)}" if notes else ""  # -2.79 is the end rounded: |R(-2.79)| > 1
            return Outcome("verified", "symbolic", f"{what} holds exactly when {condition}{read}, for {over}: the set is {holds_on}"
                           f"{digits_note} (boundaries compared exactly)", computed, derivation)
        inside = realsets.contains(holds_on, point)
        return Outcome("refuted", "symbolic", f"claimed {what} exactly when {condition} ({wanted}); computed: it holds on {holds_on}, "
                       f"e.g. at {domain.name} = {point} it {'holds' if inside else 'fails'} although the claim says it {'fails' if inside else 'holds'}",
                       computed, derivation)
    if realsets.same_set(holds_on, domain.interval):
        assumed = f" with {', '.join(claim.table.get('assume', []))}" if spec.assume else ""
        return Outcome("verified", "symbolic", f"{what} for all {over}{assumed} (it holds on {holds_on})", computed, derivation)
    point = point_in(realsets.subtract(domain.interval, holds_on))
    return Outcome("refuted", "symbolic", f"claimed {what} for all {over}; computed: it holds only on {holds_on}"
                   + (f", fails at {domain.name} = {point}" if point is not None else ""), computed, derivation)


def _strictly_positive_set(M, domain):
    """Where in ``domain`` the quadratic q(x) = [x; 1]^T M [x; 1] is positive for every real x: (holds_on, lines, the
    principal minors).  A convex quadratic bounded below attains its infimum, so q > 0 everywhere exactly when q - e
    >= 0 everywhere for some e > 0, i.e. when M - e E is positive semidefinite (E: 1 at the constant's corner).  A
    principal minor without the constant's index is unchanged (>= 0); one with it is det(M_I) - e det(M_{I - c})
    (linear in e: expand along the constant's row), >= 0 for small e > 0 exactly when det(M_I) > 0, or det(M_I) = 0
    and det(M_{I - c}) <= 0 (the empty minor is 1)."""
    size = M.shape[0]
    last = size - 1
    minors, lines = [], []
    holds_on = domain.interval

    def where(value, op):
        value = sympy.expand(value)
        if not value.free_symbols:
            return domain.interval if OPERATORS[op](sympy.sign(value), 0) else sympy.S.EmptySet
        if op == "==":
            return sympy.solveset(value, domain.symbol, domain.interval)
        return solve_set(relation_expr(value, op, sympy.Integer(0)), domain)

    for k in range(1, size + 1):
        for index in itertools.combinations(range(size), k):
            minor = sympy.expand(M.extract(list(index), list(index)).det())
            minors.append(minor)
            if last not in index:
                part = where(minor, ">=")
                text = f"{minor} >= 0"
            else:
                rest = [i for i in index if i != last]
                without = sympy.expand(M.extract(rest, rest).det()) if rest else sympy.Integer(1)
                part = realsets.unite(where(minor, ">"), realsets.intersect(where(minor, "=="), where(without, "<=")))
                text = f"{minor} > 0, or {minor} = 0 and {without} <= 0"
            holds_on = realsets.intersect(holds_on, part)
            lines.append(Line(f"decided: {text} for {domain.name} in {part}", "decided", terms=[text, "for", member(domain.symbol, part)]))
    # where the linear and constant terms all vanish (x^2 + R x at R = 0) the form is homogeneous there, and "positive"
    # means at every nonzero state, as the sign check reads it: the leading minors of the quadratic part > 0 (review)
    homogeneous = domain.interval
    for j in range(size):
        homogeneous = realsets.intersect(homogeneous, where(M[last, j], "=="))
    if not realsets.same_set(homogeneous, sympy.S.EmptySet):
        definite = homogeneous
        for k in range(1, last + 1):
            definite = realsets.intersect(definite, where(M[:k, :k].det(), ">"))
        holds_on = realsets.unite(realsets.intersect(holds_on, realsets.subtract(domain.interval, homogeneous)), definite)
        lines.append(Line(f"decided: where the linear and constant terms vanish ({domain.name} in {homogeneous}) the form is homogeneous, "
                          f"positive at every nonzero state for {domain.name} in {definite}", "decided"))
    return holds_on, lines, minors


def prove_sign(claim, spec, over):
    """Where is the quadratic form semidefinite? Principal minors of its Gram matrix, solved in the one parameter."""
    factor, strict = sign_check.SIGNS[spec.sign]
    q = sympy.expand(factor * spec.expr)
    domain_symbols = {d.symbol for d in spec.domains.values()}
    variables = sorted(q.free_symbols - domain_symbols, key=str)
    domain = _single_real_domain(spec, [q])
    if domain is None or not variables:
        return None
    polynomial = sympy.Poly(q, *variables)
    if polynomial.total_degree() > 2:
        return None
    M, homogeneous = sign_check.gram_matrix(polynomial, len(variables))
    M = sympy.Matrix(M)
    n = M.shape[0]
    op = ">" if strict else ">="
    missing = sign_check.missing_states(claim.model, q)
    if strict and homogeneous and missing:  # a form in some of the states is 0 where they are 0 and another is not
        point = ", ".join(f"{v} = {1 if v == missing[0] else 0}" for v in sorted(variables + missing, key=str))
        what = f"{claim.table['expr']} is {spec.sign} at every nonzero state ({', '.join(map(str, sorted(variables + missing, key=str)))})"
        outcome = _compare_sets(claim, spec, domain, sympy.S.EmptySet, what, over)
        if outcome is not None:
            outcome.derivation[0:0] = [f"{claim.table['expr']} does not depend on the state {missing[0]}: it is 0 at the nonzero "
                                       f"state {point}, for every {domain.name}"]
        return outcome
    if strict and not homogeneous:  # R x^2 + 1 > 0 at R = 0 too: Sylvester's leading minors > 0 is sufficient only
        holds_on, decided, minors = _strictly_positive_set(M, domain)  # (review of 2026-12-05: refuted there, symbolic)
        what = f"{claim.table['expr']} is {spec.sign} for all real {', '.join(map(str, variables))}"
        outcome = _compare_sets(claim, spec, domain, holds_on, what, over)
        if outcome is None:
            return None
        factored = [sympy.factor(m) for m in minors]
        outcome.derivation[0:0] = [Line(f"Gram matrix {M.tolist()} of [x; 1]; principal minors: {factored}",
                                        terms=["Gram matrix", sympy.ImmutableMatrix(M), "of [x; 1]; principal minors:", *listed(factored)]),
                                   Line("q > 0 for every x exactly when q - e >= 0 for some e > 0: every principal minor >= 0, and one "
                                        "holding the constant > 0, or = 0 with the minor without the constant <= 0 (its derivative in e)")] + decided
        return outcome
    if strict:
        minors = [M[:k, :k].det() for k in range(1, n + 1)]
        conditions = [(f"{sympy.expand(m)} > 0", sympy.Gt(sympy.expand(m), 0), sympy.expand(m)) for m in minors]
    else:
        minors = [M.extract(list(idx), list(idx)).det() for k in range(1, n + 1) for idx in itertools.combinations(range(n), k)]
        conditions = [(f"{sympy.expand(m)} >= 0", sympy.Ge(sympy.expand(m), 0), sympy.expand(m)) for m in minors if sympy.expand(m).free_symbols]
        negative = [m for m in minors if not sympy.expand(m).free_symbols and m < 0]
        if negative:
            conditions = [(f"{negative[0]} >= 0", sympy.false, negative[0])]
    holds_on = domain.interval
    decided = []
    for text, condition, minor in conditions:
        where = sympy.S.EmptySet if condition is sympy.false else solve_set(condition, domain)
        holds_on = realsets.intersect(holds_on, where)
        decided.append(Line(f"decided: {text} for {domain.name} in {where}", "decided",
                            terms=[relation_expr(minor, op, sympy.Integer(0)), "for", member(domain.symbol, where)]))
    what = f"{claim.table['expr']} is {spec.sign} for all real {', '.join(map(str, variables))}"
    outcome = _compare_sets(claim, spec, domain, holds_on, what, over)
    if outcome is None:
        return None
    which, kind = ("leading", "definite") if strict else ("all", "semidefinite")
    factored = [sympy.factor(m) for m in minors]
    outcome.derivation[0:0] = [Line(f"Gram matrix {M.tolist()}; {which} principal minors: {factored}",
                                    terms=["Gram matrix", sympy.ImmutableMatrix(M), ";", f"{which} principal minors:", *listed(factored)]),
                               Line(f"{kind} exactly when every minor is {op} 0 (Sylvester's criterion)",
                                    terms=[f"{kind} exactly when every minor is", op, sympy.Integer(0), "(Sylvester's criterion)"])] + decided
    return outcome
