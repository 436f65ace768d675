"""``stable_when`` and ``spectral_radius``: the set of parameter values where the amplification matrix is power
bounded, decided exactly (characteristic polynomial, split points as exact real roots, verify.engines.spectral) and
compared with the claimed condition; a claim false at concrete parameter values is refuted there."""
from __future__ import annotations

import copy
import fractions
import itertools

import mpmath
import sympy

from verify.engines import crosscheck
from verify.checks.common import CheckError, Line, Outcome, listed
from verify.engines import rational_functions, spectral, symbolic
from verify.errors import CrossCheckUnavailable
from verify.checks.comparisons import OPERATORS
from verify.checks.stability.reading import StableWhen, amplification, count_options


def _decide(relation):
    """True/False for a relation sympy can decide (from the sign of lhs - rhs under the symbols' assumptions), else None.
    A number's sign comes from rigorous enclosures, tried first as written (simplify cost 0.04 s a claimed condition)
    and, where they cannot order it so, again as simplify writes it."""
    if relation in (sympy.true, sympy.false, True, False):
        return bool(relation)
    difference = relation.lhs - relation.rhs
    try:
        sign = _number_sign(difference)
    except (CheckError, CrossCheckUnavailable, ValueError, TypeError):
        sign = None
    if sign is None:
        difference = sympy.simplify(difference)
        try:
            sign = _number_sign(difference)
        except CheckError:
            return None
    if sign is None:  # symbols left: their assumptions
        sign = 0 if difference.is_zero else 1 if difference.is_positive else -1 if difference.is_negative else None
        if sign is None:
            return None
    return OPERATORS[relation.rel_op](sign, 0)


def _number_sign(difference):
    """The sign of ``difference`` when it is a real number (spectral.compare_real, CheckError when its enclosures do
    not separate it from 0); None when it has symbols or is not real."""
    if difference.free_symbols or difference.is_real is False:
        return None
    return spectral.compare_real(difference, sympy.Integer(0))


def _bounded(M, variable, value, invariants):
    """Is y -> M y power-bounded at variable = value (Jury's conditions, Jordan blocks excluded)?  None if undecided.
    ``invariants``: M's trace and determinant in normal form (_invariants), read once per claim."""
    if not value.free_symbols and M.free_symbols <= {variable}:
        return _bounded_at_a_number(M, variable, value, invariants)
    Mv = rational_functions.normal(M.subs(variable, value))
    if Mv.shape == (1, 1):
        return _within(Mv[0, 0], -1, 1)
    T, D = rational_functions.normal(Mv.trace()), rational_functions.normal(Mv.det())
    inside = [_within(D, -1, 1), _within(T, -1 - D, 1 + D)]
    if None in inside:
        return None
    if not all(inside):
        return False
    jordan = _decide(sympy.Eq(D, 1, evaluate=False)) and _decide(sympy.Eq(T**2, 4, evaluate=False))
    if jordan is None:
        return None
    if not jordan:
        return True
    # a double eigenvalue +-1: bounded only where M = +-I.  With free parameters the off-diagonal part can vanish at
    # some of their values and not at others ([[1 - h, (k - 3) h], [0, 1 - h]] at h = 2 is -I at k = 3 only: a review of
    # 2026-12-05 found "h < 2 for every k" verified); decided only when an entry is nonzero for every value, or all
    # entries are 0
    offsets = [rational_functions.normal(entry) for entry in Mv - (T / 2) * sympy.eye(2)]
    if all(entry == 0 for entry in offsets):
        return True
    if any(_decide(sympy.Ne(entry, 0, evaluate=False)) is True for entry in offsets):  # nonzero under the symbols' assumptions
        return False
    return None


def _within(x, low, high):
    """low <= x <= high, each side decided on its own difference in normal form and factored (|(2 - k)/(2 + k)| <= 1
    for every k > 0 is 4/(k + 2) >= 0 and 2k/(k + 2) >= 0, which the symbols' assumptions decide, where sympy does not
    decide the Abs: the trapezoid's "stable for every h" with a symbolic stiffness k was an error, review of
    2026-12-05); None when either side is not decided."""
    sides = []
    for difference in (x - low, high - x):
        difference = sympy.factor(rational_functions.normal(difference))
        sides.append(_decide(sympy.Ge(difference, 0, evaluate=False)))
    return None if None in sides else all(sides)


def _pole(M, variable, value) -> bool:
    """Whether an entry of M has a pole at variable = value (no step is defined there): decided at a real algebraic
    number by spectral.polynomial_sign, at a value with symbols (h = 1/k) by the zero test over K(symbols)."""
    for entry in M:
        if not entry.has(variable):
            continue
        denominator = sympy.denom(sympy.together(entry))
        if not sympy.sympify(value).free_symbols and M.free_symbols <= {variable}:
            if spectral.polynomial_sign(denominator, variable, value) == 0:
                return True
        elif rational_functions.decide_zero(denominator.subs(variable, value)) is True:
            return True
    return False


def _bounded_at_a_number(M, variable, value, invariants):
    """_bounded at a real algebraic ``value`` when M depends on the step alone: each condition is the sign of one of
    the expressions whose roots are the split points (R - 1, R + 1; D - 1, D + 1, T - 1 - D, T + 1 + D, T - 2,
    T + 2), decided at ``value`` by spectral.sign_at, which also decides the exact zeros a split point brings (|R|
    = 1 there: enclosures alone never separate it from 1).  CheckError at a pole."""
    signs = {}

    def sign(expression):
        if expression not in signs:
            signs[expression] = spectral.sign_at(expression, variable, value)
        return signs[expression]

    if M.shape == (1, 1):
        return sign(M[0, 0] - 1) <= 0 and sign(M[0, 0] + 1) >= 0
    T, D = invariants
    if not (sign(D - 1) <= 0 and sign(D + 1) >= 0 and sign(T - 1 - D) <= 0 and sign(T + 1 + D) >= 0):
        return False
    if sign(D - 1) != 0 or (sign(T - 2) != 0 and sign(T + 2) != 0):
        return True  # no double eigenvalue +-1
    return any(all(sign(entry) == 0 for entry in M - s * sympy.eye(2)) for s in (1, -1))  # +-I: semisimple, else a Jordan block


def _claimed(spec, value):
    if spec.conditions in ("never", "always"):
        return spec.conditions == "always"
    try:
        results = [_decide(sympy.Rel(a.subs(spec.variable, value), b.subs(spec.variable, value), op, evaluate=False)) for a, op, b in spec.conditions]
    except (ValueError, TypeError):  # e.g. min() of numbers sympy cannot order: the claimed condition is not decided here
        return None
    if None in results:
        return None
    groups = spec.alternatives or (0,) * len(results)  # 'A or B': some alternative with all its conditions true
    return any(all(r for r, g in zip(results, groups) if g == k) for k in set(groups))


def _claim_text(spec) -> str:
    v = spec.variable
    if spec.conditions == "never":
        return f"unstable for every {v} > 0"
    if spec.conditions == "always":
        return f"stable for every {v} > 0"
    return f"stable exactly when {spec.text} ({v} > 0)"


def _invariants(M) -> tuple:
    """(trace, determinant) of M, each in normal form."""
    return rational_functions.normal(M.trace()), rational_functions.normal(M.det())


def _critical_points(M, spec, invariants):
    """Positive roots (numerators and denominators) of everything the two statements compare, sorted."""
    v = spec.variable
    if M.shape == (1, 1):
        expressions = [M[0, 0] - 1, M[0, 0] + 1]
    else:
        T, D = invariants
        expressions = [D - 1, D + 1, T - 1 - D, T + 1 + D, T - 2, T + 2]
    return spectral.merge_points(spectral.positive_roots(expressions + _claim_expressions(spec), v))


def _between(a, b):
    """A point strictly between consecutive split points a < b (b None: above a): the simplest rational when
    both are numbers, else the midpoint (or 2a) in the claim's positive symbols."""
    if not (a.free_symbols or (b is not None and b.free_symbols)):
        return spectral.rational_between(a, b)
    return 2 * a if b is None else (a + b) / 2


SHOWN_LENGTH = 80  # an exact value longer than this (nested CRootOf at a split point) is shown by its leading digits


def _shown(expression, variable, point) -> str:
    """``expression`` at ``variable = point``, exactly as written; when that is too long to read, the rational with
    a small denominator it equals (decided exactly: at a split point the trace and determinant are often 1 or
    +-2), else its first 15 digits after ≈ (display only).  A value in more than one CRootOf number (the
    tableau's and the split point's) has no number field here: it is not brought to a normal form (simplify took
    seconds on SDIRK-3 at a sextic's root) but goes straight to the rational it may equal."""
    value = expression.subs(variable, point)
    if value.free_symbols or len(value.atoms(sympy.CRootOf)) <= 1:
        value = rational_functions.normal(value)
        text = str(value)
        if len(text) <= SHOWN_LENGTH or value.free_symbols:
            return text
    else:
        text = f"{expression} at {variable} = {point}"
    try:
        approximation = crosscheck.mp_value(value)
        near = sympy.Rational(fractions.Fraction(mpmath.nstr(approximation, 30)).limit_denominator(1000))
        if spectral.sign_at(expression - near, variable, point) == 0:
            return str(near)
    except ValueError:  # no value (CrossCheckUnavailable) or no decision (CheckError): as written
        return text
    return f"≈ {crosscheck.show(approximation, 15)}"


WITNESS_VALUES = [sympy.Integer(1), sympy.Integer(4), sympy.Rational(1, 4), sympy.Integer(2), sympy.Integer(9)]


def evaluate_stable_when(claim, method, options, spec) -> Outcome:
    """Decided for every value of the free parameters; when that cannot be done (the critical step sizes cannot
    be ordered in general), a claim that is false at concrete parameter values is refuted there."""
    try:
        return _decide_stable_when(claim, method, options, spec)
    except CheckError as exc:
        witness = _refuted_at_parameter_values(claim, method, options, spec)
        if witness is None:
            raise
        witness.message += f" (not decided for all parameter values at once: {exc})"
        return witness


def _refuted_at_parameter_values(claim, method, options, spec):
    """A refutation at concrete values of the parameters other than the step, if a few simple ones give one."""
    others = [(real, positive) for real, positive in spec.positive.items() if positive != spec.variable]
    if not others:
        return None
    for values in itertools.islice(itertools.product(WITNESS_VALUES, repeat=len(others)), 40):
        fixed = {positive: value for (_, positive), value in zip(others, values)}
        real_fixed = {real: value for (real, _), value in zip(others, values)}
        concrete = StableWhen(spec.text, spec.conditions if isinstance(spec.conditions, str) else
                              [(a.xreplace(fixed), op, b.xreplace(fixed)) for a, op, b in spec.conditions],
                              spec.variable, {r: p for r, p in spec.positive.items() if p == spec.variable}, spec.alternatives)
        opts = symbolic.substitute_deep(options, real_fixed)
        if any(isinstance(opts.get(name), sympy.Basic) and not opts[name].free_symbols and not (opts[name].is_Integer and opts[name] > 0)
               for name in count_options(method)):  # a microstep count at 1/4: no such method (review finding)
            continue
        instance = copy.copy(claim)
        instance.parameters = {**claim.parameters, **{str(real): value for real, value in real_fixed.items()}}
        try:
            outcome = _decide_stable_when(instance, method, opts, concrete)
        except CheckError:
            continue
        if outcome.status == "refuted":
            at = ", ".join(f"{real} = {value}" for real, value in real_fixed.items())
            outcome.message = f"at {at}: {outcome.message}"
            outcome.computed["parameters"] = at
            return outcome
    return None


def _decide_stable_when(claim, method, options, spec) -> Outcome:
    parameters = {p: v for p, v in claim.parameters.items()}
    opts = symbolic.substitute_deep(options, spec.positive)  # into a tableau's rows too: a theta in A was left real, and the
    # roots of h k theta + 1 in h > 0 could not be listed (a review of 2026-12-06)
    parameters.update({str(s): p for s, p in spec.positive.items()})
    M = rational_functions.normal(amplification(method, opts, claim.model, parameters))
    if M.shape not in ((1, 1), (2, 2)):
        return _stable_when_by_crossings(claim, method, M, spec)
    invariants = _invariants(M)  # read once: every test point's decision and the message use them
    points = _critical_points(M, spec, invariants)
    tests = []
    if not points:
        tests = [sympy.Integer(1)]
    else:
        tests.append(_between(sympy.Integer(0), points[0]))
        for a, b in zip(points, points[1:]):
            tests += [a, _between(a, b)]
        tests += [points[-1], _between(points[-1], None)]
    v = spec.variable
    found_stable, poles = [], []
    for value in tests:
        if _pole(M, v, value):  # no step there: the other points may still refute the claim (a review of 2026-12-05:
            poles.append(value)  # backward Euler on y' = k y, "h >= 3/k", is refuted at h = 5/(2k), past the pole 1/k)
            continue
        computed_value, claimed = _bounded(M, v, value, invariants), _claimed(spec, value)
        if computed_value is None or claimed is None:
            others = sorted(map(str, (M.free_symbols | sympy.sympify(value).free_symbols) - {v}))
            which = "whether the step is stable" if computed_value is None else "the claimed condition"
            raise CheckError(f"cannot decide stability at {v} = {value}: {which} is not decided there"
                             + (f" for every {', '.join(others)} > 0 (Jury's conditions on the trace and determinant have signs "
                                "that depend on it in a way not decided here; give it a value)" if others else ""))
        if computed_value:
            found_stable.append(value)
        if computed_value != claimed:
            T, D = invariants
            bounded = (" (stable means the powers stay bounded, so a critical step where the amplification has modulus 1 "
                       "counts as stable)") if computed_value and value in points else ""
            return Outcome("refuted", "symbolic",
                           f"claimed {_claim_text(spec)}; at {v} = {value}: claimed {'stable' if claimed else 'unstable'}, "
                           f"computed {'stable' if computed_value else 'unstable'} (trace {_shown(T, v, value)}, determinant {_shown(D, v, value)})"
                           + bounded,
                           {"amplification matrix": str(M.tolist())}, [f"amplification matrix: {M.tolist()}"])
    if poles:
        raise CheckError(f"the amplification matrix has a pole at {v} = {poles[0]}: no step is defined there (at every other "
                         "point tried the claim holds)")
    trace, determinant = invariants if M.shape == (2, 2) else (None, None)
    decided = ["decided at"]
    for t in tests:
        decided += ([","] if len(decided) > 1 else []) + [sympy.Eq(v, t, evaluate=False), ":", "stable" if t in found_stable else "unstable"]
    derivation = [f"amplification matrix of {method.name}: {M.tolist()}",
                  Line(f"trace {trace}, determinant {determinant}", terms=["trace", trace, ",", "determinant", determinant]) if M.shape == (2, 2) else "",
                  Line(f"critical {v}: " + (", ".join(map(str, points)) or "none"), terms=["critical", v, ":", *(listed(points) or ["none"])]),
                  Line("decided at " + ", ".join(f"{v} = {t}: {'stable' if t in found_stable else 'unstable'}" for t in tests), terms=decided)]
    how = (f"decided exactly at the critical {v} = {', '.join(map(str, points))} and between them" if points
           else f"no critical {v}: decided at {v} = 1")
    return Outcome("verified", "symbolic", f"{_claim_text(spec)} ({how}; amplification matrix {M.tolist()})",
                   {"amplification matrix": str(M.tolist())}, [line for line in derivation if line])


def _isolation(digits: int, exact: int) -> str:
    """How the eigenvalues' moduli were placed (spectral.radius_side): ``exact`` of them exactly (linear and complex
    quadratic factors), the others isolated to ``digits`` digits."""
    if not digits:
        return "every eigenvalue's modulus exact (linear factors of the characteristic polynomial, and quadratic ones with complex roots or no linear term)"
    isolated = f"isolated to {digits} digits by exact root isolation (sympy, python-flint)"
    moduli = "1 eigenvalue's modulus" if exact == 1 else f"{exact} eigenvalues' moduli"
    return f"every eigenvalue {isolated}" if not exact else f"{moduli} exact, the others {isolated}"


def evaluate_spectral_radius(claim, method, options, spec) -> Outcome:
    M = amplification(method, options, claim.model, claim.parameters)
    if any(not entry.is_Rational for entry in M):
        irrational = sorted({str(entry) for entry in M if not entry.is_Rational and not entry.free_symbols})
        raise CheckError("the amplification matrix is not rational ("
                         + (f"it has the irrational entry {irrational[0]}: the spectral radius is decided for rational entries only" if irrational
                            else "give every parameter a value") + ")")
    side, radius, digits, exact, (independent, solver) = spectral.radius_side(M, spec.bound, spec.text)
    shown = crosscheck.show(crosscheck.mp_value(radius), min(13, digits) if digits else 13)  # an isolated bound: its good digits
    holds = OPERATORS[spec.op](side, 0)
    names = claim.model.states + method.memory_names(claim.model, options)
    derivation = [f"amplification matrix of {method.name} on ({', '.join(names)}): {M.tolist()}",
                  f"characteristic polynomial: {spectral.characteristic_polynomial(M).as_expr()}",
                  Line(f"{_isolation(digits, exact)}; spectral radius <= {shown}",
                       terms=[f"{_isolation(digits, exact)}; spectral radius", "<=", crosscheck.approximate(shown)]),
                  Line(f"{solver} on the same matrix (50 digits): spectral radius {crosscheck.show(independent, 19)}",
                       terms=[f"{solver} on the same matrix (50 digits): spectral radius", "≈", crosscheck.approximate(crosscheck.show(independent, 19))])]
    relation = {1: "above", 0: "equal to", -1: "below"}[side]
    evidence = "exact" if not digits else "certified"  # every modulus exact: decided by exact comparisons (a review of 2026-12-07)
    message = (f"spectral radius {relation} {spec.text} ({evidence}: {_isolation(digits, exact)}, the largest modulus "
               f"{'= ' + str(radius) if not digits else '≈ ' + shown}; "
               f"{len(names)}x{len(names)} amplification matrix on {', '.join(names)})")
    computed = {"spectral_radius": shown, "amplification matrix": str(M.tolist())}
    if holds:
        return Outcome("verified", evidence, message, computed, derivation)
    return Outcome("refuted", evidence, f"claimed spectral radius {spec.op} {spec.text}, computed: {message}", computed, derivation)


def _claim_expressions(spec) -> list:
    """lhs - rhs of each claimed condition: where they vanish the claimed condition can change its truth value."""
    return [] if spec.conditions in ("never", "always") else [a - b for a, _, b in spec.conditions]


def _stable_when_by_crossings(claim, method, M, spec) -> Outcome:
    """Larger matrices (memory included): split H > 0 where an eigenvalue can cross the unit circle, and decide
    each interval by the exact Schur-Cohn test at a rational sample (all eigenvalues inside: stable; else outside: not)."""
    v = spec.variable
    if M.free_symbols - {v}:
        raise CheckError(f"stable_when on a {M.shape[0]}x{M.shape[0]} matrix needs values for {', '.join(sorted(map(str, M.free_symbols - {v})))} "
                         "(only the step may stay a symbol)")
    crossing = spectral.crossings(M, v)
    points = spectral.merge_points(crossing, spectral.positive_roots(_claim_expressions(spec), v))
    samples = [spectral.rational_between(sympy.Integer(0), points[0]) if points else sympy.Integer(1)]
    samples += [spectral.rational_between(a, b) for a, b in zip(points, points[1:])]
    if points:
        samples.append(spectral.rational_between(points[-1], None))
    decided = []
    for value in samples:
        Mv = M.subs(v, value)
        above = not spectral.schur_stable(spectral.characteristic_polynomial(Mv))  # no eigenvalue on the circle here
        radius, solver = crosscheck.spectral_radius(Mv)  # Arb's eigenvalues (python-flint): shown, and a cross-check of the exact decision
        if (radius > 1) != above:
            raise CheckError(f"at {v} = {value} the Schur-Cohn test says {'unstable' if above else 'stable'} but {solver}'s spectral radius is "
                             f"{crosscheck.show(radius, 13)}")
        claimed = _claimed(spec, value)
        if claimed is None:
            raise CheckError(f"cannot decide the claimed condition at {v} = {value}")
        shown = crosscheck.show(radius, 11)
        decided.append(Line(f"{v} = {value}: Schur-Cohn {'fails' if above else 'holds'}, spectral radius ≈ {shown} ({solver}) ({'unstable' if above else 'stable'})",
                            terms=[sympy.Eq(v, value, evaluate=False), ":", f"Schur-Cohn {'fails' if above else 'holds'}, spectral radius", "≈",
                                   crosscheck.approximate(shown), f"({solver}) ({'unstable' if above else 'stable'})"]))
        if claimed == above:  # claimed stable where the radius is above 1, or unstable where it is below
            return Outcome("refuted", "symbolic",
                           f"claimed {_claim_text(spec)}; at {v} = {value}: claimed {'stable' if claimed else 'unstable'}, computed "
                           f"{'unstable' if above else 'stable'} (exact Schur-Cohn test; spectral radius ≈ {shown})",
                           {"crossings": ", ".join(map(str, crossing))}, decided)
    denominators = {sympy.fraction(sympy.together(entry))[1] for entry in M}
    denominators = [d for d in denominators if d.has(v)]
    for point in points:  # each split point decided too: there the claim and the truth can differ alone
        claimed = _claimed(spec, point)
        if any(spectral.compare_real(d.subs(v, point), 0) == 0 for d in denominators):  # a pole of an implicit step (a 3x3
            if claimed:  # backward Euler matrix was an internal error there: review of 2026-12-05)
                raise CheckError(f"the method's step is not defined at {v} = {point} (a pole of its amplification matrix), which the "
                                 "claimed set includes")
            continue
        bounded, how = spectral.power_bounded_at(M, v, point)
        if claimed is None:
            raise CheckError(f"cannot decide the claimed condition at {v} = {point}")
        decided.append(Line(f"{v} = {point}: {how} ({'stable' if bounded else 'unstable'})",
                            terms=[sympy.Eq(v, point, evaluate=False), ":", f"{how} ({'stable' if bounded else 'unstable'})"]))
        if claimed != bounded:
            return Outcome("refuted", "symbolic",
                           f"claimed {_claim_text(spec)}; at {v} = {point}: claimed {'stable' if claimed else 'unstable'}, computed "
                           f"{'stable' if bounded else 'unstable'} (characteristic polynomial factored exactly: {how})",
                           {"crossings": ", ".join(map(str, crossing))}, decided)
    where = (f"an eigenvalue can cross the unit circle only at {v} = {', '.join(map(str, crossing))}" if crossing
             else f"no eigenvalue crosses the unit circle for {v} > 0")
    crossings = ["an eigenvalue can cross the unit circle only at", *listed(sympy.Eq(v, c, evaluate=False) for c in crossing)] if crossing \
        else ["no eigenvalue crosses the unit circle for", sympy.Gt(v, 0, evaluate=False)]
    derivation = [f"{M.shape[0]}x{M.shape[0]} amplification matrix of {method.name}: {M.tolist()}",
                  Line(f"{where} (roots of the resultant of the characteristic polynomial and its reciprocal)",
                       terms=crossings + ["(roots of the resultant of the characteristic polynomial and its reciprocal)"])] + decided
    between = "on each interval " if points else ""
    split = f", and exactly at {v} = {', '.join(map(str, points))}" if points else ""
    return Outcome("verified", "symbolic",
                   f"{_claim_text(spec)} ({where}; decided {between}by the exact Schur-Cohn test at "
                   f"{v} = {', '.join(map(str, samples))}{split})",
                   {"crossings": ", ".join(map(str, crossing))}, derivation)
