"""check = "sign": ``expr`` is nonpositive / negative / nonnegative / positive for all real values.

Proved, never sampled:

* a polynomial of degree <= 2 is written as [x; 1]^T M [x; 1] with a symmetric
  rational Gram matrix M.  A symmetric LDL^T elimination over QQ with exact
  pivots decides whether M is semidefinite (Golub & Van Loan, Matrix
  Computations, 4th ed., sec. 4.2) and yields the sum of squares
  q = sum_k d_k (l_k . x)^2, which sympy expands back to q as a check.  When a
  pivot fails, the same elimination gives an exact counterexample state.
* otherwise, sympy's assumption system (real symbols) may prove the sign;
* in one variable: a polynomial with rational coefficients by exact real root
  isolation; an expression with exp, sin, cos or log on the whole line by
  interval arithmetic (verify.engines.interval_sign, evidence ``certified``); one
  with abs, max or min of polynomials piece by piece between the points where
  their arguments change sign (verify.engines.kinks).  Before the last two, the
  points where the expression is undefined are sought (a denominator's zero, a
  log's argument <= 0): it has no sign there.

If nothing proves it, the claim is not verified: a counterexample state is
searched on a small exact grid and shown if one exists.
"""
from __future__ import annotations

from dataclasses import dataclass

import itertools

import sympy

from verify.engines import crosscheck, interval_sign, kinks, realsets
from verify.input import expr as expressions
from verify.input.load import Claim, LoadError
from verify.input.model import symbol
from verify.checks.common import (CheckError, Context, DEFAULT_CONTEXT, Formula, Line, Outcome, decide_sign, exact_zeros_text, is_zero, listed, constraint_symbols,
                                  off_the_constraints, on_constraints, short_text, with_parameter_scope)
from verify.checks.kind import ClaimKind

KEYS = {"expr", "sign"}
SIGNS = {
    # sign -> (factor making the target "q >= 0" or "q > 0", strict)
    "nonnegative": (1, False),
    "positive": (1, True),
    "nonpositive": (-1, False),
    "negative": (-1, True),
}
GRID = [sympy.Rational(v) for v in ("0", "1", "-1", "1/2", "-1/2", "2", "-2", "3", "-3")]


@dataclass(frozen=True)
class SignSpec:
    expr: object
    sign: str  # nonpositive, negative, nonnegative or positive


def prepare(claim: Claim):
    for key in KEYS:
        if key not in claim.table:
            raise LoadError(f"check 'sign' needs {key!r}")
    if claim.table["sign"] not in SIGNS:
        raise LoadError(f"sign must be one of {', '.join(SIGNS)}")
    return SignSpec(claim.value(claim.table["expr"], "expr"), claim.table["sign"])


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    (expression,), constrained, free = on_constraints(claim, [claim.spec.expr])
    return with_parameter_scope(claim, off_the_constraints(_decide(claim, expression, constrained), free), ("expr",),
                                also=constraint_symbols(claim) if constrained else ())


def _decide(claim: Claim, expression, constrained) -> Outcome:
    sign = claim.spec.sign
    factor, strict = SIGNS[sign]
    q = sympy.expand(factor * expression)
    variables = _variables(claim, q)
    computed = {"expr": str(sympy.expand(expression))}
    header = constrained + [f"expr = {expression} = {sympy.expand(expression)}",
              Line(f"to show: {'' if factor == 1 else '-expr = '}{q} {'>' if strict else '>='} 0", "to show",
                   terms=([] if factor == 1 else [Formula("-expr"), "="]) + [(sympy.Gt if strict else sympy.Ge)(q, 0, evaluate=False)])]
    if not variables:
        return _constant(q, factor, sign, strict, computed, header)
    polynomial = _polynomial(q, variables)
    if polynomial is not None and polynomial.total_degree() <= 2:
        return _quadratic(claim, q, variables, polynomial, sign, strict, computed, header)
    proved = q.is_positive if strict else q.is_nonnegative
    if proved:
        return Outcome("verified", "symbolic", f"{claim.table['expr']} is {sign} for all real {_names(variables)} (sympy assumptions)", computed, header + ["sympy's assumption system proves it"])
    if polynomial is not None and len(variables) == 1 and (polynomial.domain.is_QQ or polynomial.domain.is_ZZ):
        return _one_variable(claim, q, variables[0], sign, strict, expression, computed, header)
    defined, undefined = _defined_on_the_line(claim, q, variables[0]) if polynomial is None and len(variables) == 1 else (False, None)
    if defined and not q.has(sympy.Abs, sympy.Min, sympy.Max):
        enclosed = _by_enclosures(claim, q, variables[0], sign, strict, expression, computed, header)
        if enclosed is not None:
            return enclosed
    if defined and q.has(sympy.Abs, sympy.Min, sympy.Max):
        split = _by_pieces(claim, q, variables[0], sign, strict, expression, computed, header)
        if split is not None:
            return split
    factored = sympy.factor(q) if polynomial is not None else None  # (x^2 - y^2)^2 expanded hides its square from the
    if factored is not None and (factored.is_positive if strict else factored.is_nonnegative):  # assumptions (a review of 2026-12-06)
        return Outcome("verified", "symbolic", f"{claim.table['expr']} is {sign} for all real {_names(variables)}: "
                       f"{'-' if SIGNS[sign][0] < 0 else ''}expr = {factored} (factored over the rationals; sympy's assumptions)",
                       computed, header + [f"factored: {factored}; sympy's assumption system proves it"])
    signs = _PivotSigns()
    counterexample = _grid_counterexample(q, variables, strict, signs)
    if counterexample:
        point, value = counterexample
        return _refuted(claim, sign, expression, point, computed, header, signs.evidence("symbolic"))
    if undefined:
        raise CheckError(undefined)
    raise CheckError(f"not proved: {q} is not a quadratic form and sympy cannot decide its sign; no counterexample on a grid of {len(GRID)}^{len(variables)} states")


def _one_variable(claim, q, x, sign, strict, expression, computed, header) -> Outcome:
    """A polynomial in one variable with rational coefficients, of degree above 2: where it fails (q < 0, or q <= 0
    when strict) by exact real root isolation (realsets.polynomial_set); none: verified, else refuted at a point of
    that set (a rational in it, or a root).  x^4 - x^2 + 1/5 >= 0, false near x^2 = 1/2 (minimum -1/20), was an
    error: the grid of sample states missed it (a review of 2026-12-06)."""
    fails = realsets.polynomial_set(q, "<=" if strict else "<", x)
    line = Line(f"{q} {'<=' if strict else '<'} 0 exactly for {x} in {fails} (exact real root isolation)", "decided",
                terms=[(sympy.Le if strict else sympy.Lt)(q, 0, evaluate=False), "for", sympy.Contains(x, fails, evaluate=False)])
    if realsets.same_set(fails, sympy.S.EmptySet):
        return Outcome("verified", "symbolic", f"{claim.table['expr']} is {sign} for all real {x}: {q} {'>' if strict else '>='} 0 "
                       "everywhere (exact real root isolation)", computed, header + [line])
    return _refuted(claim, sign, expression, {x: _a_point_of(fails)}, computed, header + [line])


def _by_enclosures(claim, q, x, sign, strict, expression, computed, header) -> Outcome | None:
    """One variable, not a polynomial (exp, sin, log beside polynomials): q >= 0 (q > 0 when strict) on the whole real
    line by interval arithmetic (verify.engines.interval_sign, as forall's proofs use it: subintervals whose enclosure
    lies on one side of 0, and tails where a derivative keeps one sign), verified ``certified``; refuted at the
    rational point where an enclosure shows it fails; None where it does not decide.  exp(x) - 1 - x >= 0 and
    cos(x) - 1 + x^2/2 >= 0 were "not proved" here while forall claims proved them (an adversarial review of
    2026-12-07)."""
    whole_line = interval_sign.Side(None, None, True, True)
    found = interval_sign.decide(q, x, whole_line, strict)
    if found is None:
        return None
    if isinstance(found, interval_sign.Fails):
        point = found.at()
        line = f"interval arithmetic (Arb balls, {interval_sign.BITS} bits): {q} {'<=' if strict else '<'} 0 at {x} = {point}"
        return _refuted(claim, sign, expression, {x: point}, computed, header + [line], "certified")
    zeros = exact_zeros_text(found.zeros, str(x))
    line = (f"{q} {'>' if strict else '>='} 0 on (-∞, ∞): interval arithmetic (Arb balls, {interval_sign.BITS} bits) on {found.boxes} "
            f"subintervals, each enclosure of it (natural, or mean-value form) on one side of 0, or its derivative of one sign{zeros}")
    return Outcome("verified", "certified", f"{claim.table['expr']} is {sign} for all real {x}: proved by interval arithmetic on "
                   f"{found.boxes} subinterval{'' if found.boxes == 1 else 's'} of (-∞, ∞){zeros}", computed, header + [line])


UNDEFINED_WHERE = {"denominator": ("==", "a zero of its denominator {g}"), "log": ("<=", "log of {g} <= 0"),
                   "root": ("<", "a root of {g} < 0"), "tan": ("==", "tan({g}), where cos({g}) = 0")}


def _defined_on_the_line(claim, q, x) -> tuple[bool, str | None]:
    """Is q, in one variable, defined at every real x: no zero of a denominator, log of a number <= 0, root of a
    negative one or tan at a pole (expressions.singularities), each decided as the sign is (kinks' pieces, exact root
    isolation, interval arithmetic)?  (True, None); (False, the error naming a point where it is not: a counterexample
    where it is defined still refutes the claim); (False, None) where that is not decided.  The proofs on the line
    are tried only on (True, None).  A sign for every real x needs a value at every x: |x| + 1/(1 - x) >= 0
    was verified (each piece's enclosures passed over the pole at 1), and x^2/|x| > 0 refuted 'at x = 0' where it is
    not defined (an adversarial review of 2026-12-07)."""
    for kind, argument in expressions.singularities(q):
        fails, why = UNDEFINED_WHERE[kind]
        point = _point_where(sympy.cos(argument) if kind == "tan" else argument, fails, x)
        if point is _UNDECIDED:
            return False, None
        if point is not None:
            return False, (f"{claim.table['expr']} is undefined at {x} = {point} ({why.format(g=argument)}): it has no sign there, "
                           f"so none for every real {x}")
    return True, None


_UNDECIDED = object()


def _point_where(g, fails: str, x):
    """A real point where ``g fails 0`` (==, <=, <), None where it holds nowhere, _UNDECIDED where that is not decided."""
    parts = kinks.pieces(g, x)
    if parts is None:
        return _UNDECIDED
    for part in parts:
        h = sympy.expand(part.expression)
        region = part.region()
        where = _polynomial_set_on(h, fails, x, region)
        if where is not None:
            if not realsets.same_set(where, sympy.S.EmptySet):
                return _a_point_of(where)
            continue
        side = interval_sign.side_of(region)
        if side is None:
            return _UNDECIDED
        if fails == "==":  # not 0 on the piece: of one sign throughout it
            if not any(isinstance(interval_sign.decide(s * h, x, side, True), interval_sign.Proved) for s in (1, -1)):
                return _UNDECIDED
            continue
        found = interval_sign.decide(h, x, side, strict=fails == "<=")
        if isinstance(found, interval_sign.Fails):
            return found.at()
        if found is None:
            return _UNDECIDED
    return None


def _polynomial_set_on(g, relation: str, x, region):
    """Where ``g relation 0`` holds inside ``region``, for a polynomial g with rational coefficients (exact real root
    isolation); None for anything else."""
    where = realsets.polynomial_set(g, relation, x)
    return None if where is None else realsets.intersect(where, region)


def _a_point_of(region) -> sympy.Expr:
    """A point of a nonempty set: a rational one where there is one (a witness that reads 4/3), else a boundary."""
    points = [p for p in realsets.test_points(region) if realsets.contains(region, p)]
    return next((p for p in points if p.is_Rational), points[0])


def _by_pieces(claim, q, x, sign, strict, expression, computed, header) -> Outcome | None:
    """One variable with abs, max or min: the line is cut where an argument of them changes sign (verify.engines.kinks),
    and on each closed piece q is one expression without them, decided there: a polynomial by exact real root
    isolation, anything else, on a piece with rational ends, by interval arithmetic (then ``certified``).  Refuted at a
    point of a piece where it fails; None when a piece is not decided.  |x| - x >= 0 and max(x, 0) - x >= 0 were "not
    proved": sympy's assumptions do not split on the sign of x (an adversarial review of 2026-12-07)."""
    parts = kinks.pieces(q, x)
    if parts is None:
        return None
    fails_where = "<=" if strict else "<"
    cuts = ", ".join(str(part.high) for part in parts[:-1])
    lines, enclosed = [f"cut at {x} = {cuts}, where an argument of abs, max or min changes sign: on each piece every abs is + or - "
                       f"its argument (max and min written through abs)"] if cuts else [], 0
    for part in parts:
        g = sympy.expand(part.expression)
        region = part.region()
        fails = _polynomial_set_on(g, fails_where, x, region)
        if fails is not None:
            holds = realsets.same_set(fails, sympy.S.EmptySet)
            decided = Line(f"on {part.text()}: q = {g} {'>' if strict else '>='} 0 (exact real root isolation)" if holds else
                           f"on {part.text()}: q = {g}, and {g} {fails_where} 0 there exactly for {x} in {fails} (exact real root isolation)", "decided",
                           terms=["on", region, ":", Formula("q"), "=", g, ";", (sympy.Le if strict else sympy.Lt)(g, 0, evaluate=False), "for",
                                  sympy.Contains(x, fails, evaluate=False)])
            if not holds:
                return _refuted(claim, sign, expression, {x: _a_point_of(fails)}, computed, header + lines + [decided])
            lines.append(decided)
            continue
        side = interval_sign.side_of(region)
        found = None if side is None else interval_sign.decide(g, x, side, strict)
        if found is None:
            return None
        if isinstance(found, interval_sign.Fails):
            point = found.at()
            return _refuted(claim, sign, expression, {x: point}, computed, header + lines + [
                f"on {part.text()}: q = {g}; interval arithmetic (Arb balls, {interval_sign.BITS} bits): {g} {fails_where} 0 at {x} = {point}"], "certified")
        enclosed += found.boxes
        lines.append(f"on {part.text()}: q = {g} {'>' if strict else '>='} 0 there: interval arithmetic (Arb balls, {interval_sign.BITS} bits) on "
                     f"{found.boxes} subinterval{'' if found.boxes == 1 else 's'}{exact_zeros_text(found.zeros, str(x))}")
    how = "each decided exactly by real root isolation" if not enclosed else f"each decided exactly or by interval arithmetic ({enclosed} subinterval{'' if enclosed == 1 else 's'})"
    return Outcome("verified", "certified" if enclosed else "symbolic",
                   f"{claim.table['expr']} is {sign} for all real {x}: " + (f"on each of the {len(parts)} pieces of the line cut at {x} = {cuts} "
                                                                            if cuts else "on the whole line ")
                   + f"it is one expression without abs, max or min, {how}", computed, header + lines)


def _constant(q, factor, sign, strict, computed, header) -> Outcome:
    """A number: a rational exactly; otherwise (sqrt(2) - 2, 2**(1/3) - sqrt(3), pi - 4) as a relation's lhs - rhs
    is decided (common.decide_sign: interval enclosures at increasing precision, or a zero sympy or the number
    field proves)."""
    if q.is_Rational:
        holds = q > 0 if strict else q >= 0
        message = f"expr = {q * factor} is {'' if holds else 'not '}{sign}"
        return Outcome("verified" if holds else "refuted", "exact", message if holds else f"claimed {sign}, but {message}", computed, header)
    decided = decide_sign(q)
    how = (f"{'-expr' if factor == -1 else 'expr'} = {short_text(q)} lies in {decided.enclosure} (mpmath.iv, {decided.bits} bits)"
           if decided.how == "enclosure" else "sympy simplifies it to 0" if decided.how == "sympy" else "it is 0 in the number field it generates")
    holds = decided.sign > 0 if strict else decided.sign >= 0
    approximately = "" if decided.sign == 0 else f" ≈ {crosscheck.shown_value(factor * q, 21)}"
    message = f"expr = {short_text(factor * q)}{approximately} is {'' if holds else 'not '}{sign} ({how})"
    return Outcome("verified" if holds else "refuted", decided.evidence, message if holds else f"claimed {sign}, but {message}", computed,
                   header + [how])


def _names(variables) -> str:
    return ", ".join(map(str, variables))


def _variables(claim, q) -> list:
    """The free symbols of the expanded q (a symbol that cancels is none), and with a model every differential state
    of it when q has one: "positive at every nonzero state" is over the model's whole state (x**2 is 0 at x = 0,
    y = 1); a DAE's algebraic variables are not added (they follow the differential states)."""
    return sorted(set(q.free_symbols) | set(missing_states(claim.model, q)), key=str)


def missing_states(model, q) -> list:
    """The model's differential states that q does not depend on, when q depends on one of them (the sign is then
    over the whole state: a homogeneous form in x alone is 0 at x = 0, y = 1)."""
    if model is None:
        return []
    states = {symbol(name) for name in model.states}  # the differential states (a DAE's algebraic ones follow them)
    free = set(q.free_symbols)
    return sorted(states - free, key=str) if free & states else []


def _polynomial(q, variables):
    """q as a polynomial in ``variables`` with real number coefficients (rationals, sqrt(2), pi, ...); None when it is
    not one (exp(x), sqrt(x), a complex coefficient)."""
    try:
        polynomial = sympy.Poly(q, *variables)
    except (sympy.PolynomialError, sympy.CoercionFailed, sympy.GeneratorsNeeded):
        return None
    if polynomial.domain in (sympy.ZZ, sympy.QQ):
        return polynomial.set_domain(sympy.QQ)
    if any(c.free_symbols or not c.is_number or c.is_real is False for c in polynomial.coeffs()):
        return None
    return polynomial


class _PivotSigns:
    """Signs of the numbers the elimination meets, each decided once (common.decide_sign): a rational exactly;
    another real number (sqrt(2), pi - 3, a hidden zero) by sympy's zero test, the number field or interval
    enclosures, whose use makes the evidence ``certified`` and is listed (``lines``)."""

    def __init__(self):
        self.decided = {}  # value -> DecidedSign (the strict test asks a pivot's sign again)

    def __call__(self, value) -> int:
        value = sympy.expand(value)
        if value not in self.decided:
            self.decided[value] = decide_sign(value)
        return self.decided[value].sign

    def lines(self) -> list:
        return [f"sign of {short_text(value)} certified: it lies in {d.enclosure} (mpmath.iv, {d.bits} bits)"
                for value, d in self.decided.items() if d.how == "enclosure"]

    def evidence(self, otherwise: str) -> str:
        return "certified" if self.lines() else otherwise


def _rational_sign(value) -> int:
    return 1 if value > 0 else -1 if value < 0 else 0


def gram_matrix(polynomial: sympy.Poly, n: int) -> tuple[list[list], bool]:
    """The symmetric rational M with q = [x; 1]^T M [x; 1]; ``homogeneous`` drops the last row and column."""
    size = n + 1
    M = [[sympy.Integer(0)] * size for _ in range(size)]
    for monomial, coefficient in polynomial.terms():
        powers = [i for i, e in enumerate(monomial) for _ in range(e)]
        if len(powers) == 2:
            i, j = powers
        elif len(powers) == 1:
            i, j = powers[0], n
        else:
            i, j = n, n
        if i == j:
            M[i][i] += coefficient
        else:
            M[i][j] += coefficient / 2
            M[j][i] += coefficient / 2
    homogeneous = all(M[n][k] == 0 for k in range(size))
    if homogeneous:
        M = [row[:n] for row in M[:n]]
    return M, homogeneous


def ldl(M, sign_of=_rational_sign):
    """Symmetric elimination without pivoting: returns (pivots, L, failure).

    ``failure`` is None when M = L diag(pivots) L^T with every pivot >= 0;
    otherwise (k, y): in the coordinates y = L^T x the form restricted to the
    unreduced block is negative (or, for a zero pivot, the row is zero) at y.
    ``sign_of`` decides the sign of an entry (rationals: exactly; _PivotSigns for
    real numbers such as sqrt(2)).
    """
    n = len(M)
    S = [list(row) for row in M]
    L = [[sympy.Integer(1 if i == j else 0) for j in range(n)] for i in range(n)]
    pivots = []
    for k in range(n):
        d = S[k][k]
        d_sign = sign_of(d)
        if d_sign < 0:
            y = [sympy.Integer(0)] * n
            y[k] = sympy.Integer(1)
            return pivots, L, y
        if d_sign == 0:
            for j in range(k + 1, n):
                if sign_of(S[k][j]) != 0:
                    y = [sympy.Integer(0)] * n
                    y[k] = -(S[j][j] + 1) / (2 * S[k][j])  # makes y^T S y = -1
                    y[j] = sympy.Integer(1)
                    return pivots, L, y
            pivots.append(sympy.Integer(0))
            continue
        for i in range(k + 1, n):
            factor = S[i][k] / d
            L[i][k] = factor
            for j in range(k + 1, n):
                S[i][j] -= factor * S[k][j]
        pivots.append(d)
    return pivots, L, None


def _back_substitute(L, y):
    """Solve L^T x = y (L unit lower triangular)."""
    n = len(y)
    x = [sympy.Integer(0)] * n
    for i in reversed(range(n)):
        x[i] = y[i] - sum(L[j][i] * x[j] for j in range(i + 1, n))
    return x


def _fresh_name(base: str, taken: set) -> str:
    """``base``, or base1, base2, ...: the first that is not a name of the claim's variables."""
    if base not in taken:
        return base
    return next(f"{base}{k}" for k in range(1, len(taken) + 2) if f"{base}{k}" not in taken)


def _quadratic(claim, q, variables, polynomial, sign, strict, computed, header):
    n = len(variables)
    M, homogeneous = gram_matrix(polynomial, n)
    coordinates = list(variables) + ([] if homogeneous else [sympy.Integer(1)])
    signs = _PivotSigns()
    pivots, L, failure = ldl(M, signs)
    taken = {str(c) for c in coordinates}  # the form and its vector get names no state or parameter has (a state may be v)
    form, vector = _fresh_name("q", taken), _fresh_name("w", taken)
    shown = f"({', '.join(map(str, coordinates))})"
    derivation = header + [Line(f"Gram matrix M ({form} = {vector}^T M {vector}, {vector} = {shown}): {M}",
                                terms=["Gram matrix", Formula("M"), "of", Formula(form), "=", Formula(f"{vector}^T*M*{vector}"), ",",
                                       Formula(vector), "=", Formula(shown), ":", Formula("M"), "=", sympy.ImmutableMatrix(M)])]
    if failure is None:
        squares = []
        for k, d in enumerate(pivots):
            if d != 0:
                linear = sum(L[i][k] * coordinates[i] for i in range(len(coordinates)))
                squares.append((d, linear))
        rewrite = sum((d * lin**2 for d, lin in squares), sympy.Integer(0))
        rational = polynomial.domain == sympy.QQ
        if sympy.expand(rewrite - q) != 0 and (rational or not is_zero(rewrite - q)):
            raise CheckError("internal: the LDL^T sum of squares does not expand back to q" if rational else
                             "not proved: sympy does not show that the LDL^T sum of squares equals q")
        derivation += _factors(M, L, pivots, vector, coordinates)
        derivation.append(Line("LDL^T pivots: " + ", ".join(map(str, pivots)), terms=["pivots of", Formula("L*D*L^T"), ":", *listed(pivots)]))
        derivation.append(Line(f"sum of squares (sympy expands it back to {form}): " + " + ".join(str(d * lin**2) for d, lin in squares),
                               terms=["sum of squares:", Formula(form), "=", sympy.Add(*(d * lin**2 for d, lin in squares), evaluate=False),
                                      "(sympy expands it back)"]))
        # strict: a homogeneous form is positive at every nonzero state iff M is definite; a form with a constant
        # coordinate is positive at every state iff M is semidefinite and no null vector of M has a nonzero last
        # coordinate, i.e. (M = L D L^T, L^T unit upper triangular) iff the constant's pivot, the last, is positive:
        # x**2 + 1 on states x, y has a zero pivot for y and is positive everywhere
        definite = all(signs(d) > 0 for d in pivots)
        if not strict or definite or (not homogeneous and signs(pivots[-1]) > 0):
            kind = ("definite" if definite else "semidefinite, the constant's pivot positive") if strict else "semidefinite"
            enclosed = signs.lines()  # with the strict test's own
            return Outcome(
                "verified",
                signs.evidence("symbolic"),
                f"{claim.table['expr']} is {sign} for all real {_names(variables)}: {'-' if SIGNS[sign][0] < 0 else ''}expr = "
                + " + ".join(str(d * lin**2) for d, lin in squares) + f" (Gram matrix {kind}, exact LDL^T"
                + ("; " + ("the sign of an irrational pivot" if len(enclosed) == 1 else f"the signs of {len(enclosed)} irrational numbers")
                   + " certified by interval enclosures)" if enclosed else ")"),
                computed,
                derivation + enclosed,
            )
        k = next(i for i, d in enumerate(pivots) if signs(d) == 0) if homogeneous else len(pivots) - 1
        y = [sympy.Integer(0)] * len(M)
        y[k] = sympy.Integer(1)
        failure = y  # a null direction: q vanishes there, so the strict sign fails
    else:  # the elimination stopped: the pivots so far, then the one that is negative (or zero with a nonzero row)
        k = len(pivots)
        reduced = _reduced_pivot(M, L, pivots, k)
        zero = signs(reduced) == 0
        derivation.append(Line(f"LDL^T pivots: {', '.join(map(str, pivots)) + ', ' if pivots else ''}then at pivot {k + 1}: "
                               f"{'a zero pivot with a nonzero row' if zero else f'{reduced} < 0'}",
                               terms=["pivots of", Formula("L*D*L^T"), ":", *listed(pivots), *([","] if pivots else []), f"then at pivot {k + 1}:",
                                      "a zero pivot with a nonzero row" if zero else sympy.Lt(reduced, 0, evaluate=False)]))
    x = _back_substitute(L, failure)
    point = _to_state(q, variables, x, homogeneous, strict, signs)
    if point is None:
        raise CheckError(f"not proved: the Gram matrix is not {'definite' if strict else 'semidefinite'}, and no exact counterexample was built")
    expression = SIGNS[sign][0] * q  # the claim's expression as decided (a DAE's algebraic variables replaced: on_constraints)
    return _refuted(claim, sign, expression, point, computed, derivation + [
        Line("LDL^T fails at pivot; counterexample direction " + str(x),
             terms=[Formula("L*D*L^T"), "fails at a pivot; counterexample direction", sympy.Tuple(*x)])] + signs.lines(),
        signs.evidence("symbolic"))


def _factors(M, L, pivots, vector, coordinates) -> list[str]:
    """The factors of M = L D L^T written out (checked to multiply back to M), and the coordinates L^T w of the squares."""
    n = len(M)
    L_matrix, D = sympy.Matrix(L), sympy.diag(*pivots)
    product = L_matrix * D * L_matrix.T
    if any(sympy.expand(product[i, j] - M[i][j]) != 0 and not is_zero(product[i, j] - M[i][j]) for i in range(n) for j in range(n)):
        # entries with radicals may be equal in value and differ in form: expanded, then sympy's zero test
        raise CheckError("not proved: sympy does not show that the LDL^T factors multiply back to the Gram matrix")
    combined = [sympy.expand(sum(L[i][k] * coordinates[i] for i in range(n))) for k in range(n)]
    factors = ["factors", Formula("M"), "=", Formula("L*D*L^T"), ":"]
    return [Line(f"LDL^T factors (M = L D L^T): L = {L_matrix.tolist()}", terms=factors + [Formula("L"), "=", sympy.ImmutableMatrix(L_matrix)]),
            Line(f"LDL^T factors (M = L D L^T): D = {D.tolist()}", terms=factors + [Formula("D"), "=", sympy.ImmutableMatrix(D)]),
            Line(f"coordinates of the squares (L^T {vector}): ({', '.join(map(str, combined))})",
                 terms=["coordinates of the squares", Formula(f"L^T*{vector}"), "=", sympy.Tuple(*combined)])]


def _reduced_pivot(M, L, pivots, k):
    """The k-th diagonal entry after eliminating the first k pivots: M_kk - sum_j L_kj^2 d_j."""
    return M[k][k] - sum(L[k][j] ** 2 * pivots[j] for j in range(k))


def _to_state(q, variables, x, homogeneous, strict, sign_of):
    """A state where q < 0 (or q <= 0 when ``strict``) from a failing direction of the Gram form."""
    n = len(variables)

    def bad(point):
        value = sign_of(q.subs(point))
        return value < 0 or (strict and value <= 0)

    if homogeneous:
        point = dict(zip(variables, x[:n]))
        return point if bad(point) else None
    if x[n] != 0:
        point = dict(zip(variables, [xi / x[n] for xi in x[:n]]))
        return point if bad(point) else None
    for scale in (2**k for k in range(64)):  # a direction of the quadratic part: go far enough along it
        point = dict(zip(variables, [scale * xi for xi in x[:n]]))
        if bad(point):
            return point
    return None


def _grid_counterexample(q, variables, strict, sign_of):
    """A grid point where q < 0 (q <= 0 when ``strict``); an irrational value's sign by ``sign_of`` (x**2 - pi at
    x = 0), one it cannot decide skipped."""
    if len(variables) > 4:
        return None
    for values in itertools.product(GRID, repeat=len(variables)):
        point = dict(zip(variables, values))
        value = q.subs(point)
        if not value.is_number or value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) or not _real_at(q, point, sign_of):
            continue
        try:
            value_sign = sign_of(value)
        except CheckError:
            continue
        if value_sign < 0 or (strict and value_sign == 0):
            return point, value
    return None


def _real_at(q, point, sign_of) -> bool:
    """Is every part of q real and defined at the point: each log's argument positive, each non-integer power's base
    not negative, each denominator not 0?  log(x)**2 was refuted at x = -1 through (i pi)^2 = -pi^2, a complex
    detour the claim's real symbols never take (a review of 2026-12-06); such a point is no counterexample."""
    wanted = {"log": lambda s: s > 0, "root": lambda s: s >= 0, "denominator": lambda s: s != 0, "tan": lambda s: s != 0}
    for kind, argument in expressions.singularities(q):
        if kind not in wanted:
            return False
        value = sympy.cos(argument) if kind == "tan" else argument  # tan(g) is defined where cos(g) is not 0 (a second review)
        try:
            if not wanted[kind](sign_of(value.subs(point))):
                return False
        except (CheckError, TypeError):
            return False
    return True


def _refuted(claim, sign, expression, point, computed, derivation, evidence="symbolic"):
    value = expression.subs(point)
    if not value.is_Rational and is_zero(value):  # -sqrt(3) - sqrt(2) + sqrt(2*sqrt(6) + 5) is shown as the 0 it is
        value = sympy.Integer(0)
    at = ", ".join(f"{s} = {v}" for s, v in point.items())
    computed["counterexample"] = at
    computed["value"] = str(value)
    return Outcome(
        "refuted",
        evidence,
        f"claimed {claim.table['expr']} {sign} for all real {_names(point)}; computed {value} at {at}",
        computed,
        derivation + [Line(f"at {at}: expr = {value}",
                           terms=["at", *listed(sympy.Eq(s, v, evaluate=False) for s, v in point.items()), ":", Formula("expr"), "=", value])],
    )


KIND = ClaimKind("sign", KEYS, prepare, evaluate, spec_types=(SignSpec,))
