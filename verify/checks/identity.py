"""check = "identity": ``expr`` equals ``equals`` for every value of the free symbols.

Proved by sympy (expand, cancel, then simplify, each must give 0), by polynomial arithmetic for high powers
(rational_functions.rational_form), through the tangent half-angle for sides rational in sin, cos and tan of one
angle, case by case over the signs of abs arguments (max and min written through abs), or piece by piece between
the kinks of one symbol (verify.engines.kinks).  An identity holds only where both sides are defined: a zero of one
side's denominator where the other is defined is an error naming the point (_same_poles).  A false identity is
refuted at an exact point where the two sides differ.  Both sides are also compared on the independent mpmath path
at a few points.
"""
from __future__ import annotations

from dataclasses import dataclass

import itertools
import re

import sympy

from verify.engines import crosscheck, kinks, rational_functions, realsets, spectral
from verify.input.load import Claim, LoadError
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, exact_text, Outcome, short_text, with_parameter_scope, is_zero, constraint_symbols, off_the_constraints, on_constraints, refuse_symbolic_powers, symbolic_powers
from verify.errors import CrossCheckUnavailable
from verify.input import expr as expressions
from verify.checks.kind import ClaimKind

KEYS = {"expr", "equals"}

# Exact sample points: small, distinct, of both signs, not special.
SAMPLE_VALUES = [sympy.Rational(v) for v in ("3/7", "-5/4", "2", "1/3", "-2/9", "7/5", "-3", "5/11")]


@dataclass(frozen=True)
class IdentitySpec:
    expr: object  # sympy expressions, the model's parameters substituted
    equals: object


def prepare(claim: Claim):
    for key in KEYS:
        if key not in claim.table:
            raise LoadError(f"check 'identity' needs {key!r}")
    return IdentitySpec(claim.value(claim.table["expr"], "expr"), claim.value(claim.table["equals"], "equals"))


def sample_points(symbols: list, count: int = 8):
    """Deterministic exact points: symbol k takes SAMPLE_VALUES shifted by k."""
    n = len(SAMPLE_VALUES)
    for i in range(count):
        yield {s: SAMPLE_VALUES[(i + 3 * k) % n] for k, s in enumerate(symbols)}


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    (left, right), constrained, free = on_constraints(claim, [claim.spec.expr, claim.spec.equals])
    return with_parameter_scope(claim, off_the_constraints(_decide(claim, left, right, constrained), free), ("expr", "equals"),
                                also=constraint_symbols(claim) if constrained else ())


def _decide(claim: Claim, left, right, constrained) -> Outcome:
    symbols = sorted(left.free_symbols | right.free_symbols, key=str)
    names = sorted({str(s) for s in symbols} | set(_cancelled_on_reading(claim)))  # every symbol the claim is for
    difference = left - right
    expanded_left, expanded_right = _expanded(left), _expanded(right)
    computed = {"expr": exact_text(expanded_left), "equals": exact_text(expanded_right)}
    evidence = "symbolic" if names else "exact"
    derivation = constrained + [f"expr = {left}", f"  expanded: {expanded_left}", f"equals = {right}", f"  expanded: {expanded_right}"]
    zero = is_zero(difference)
    half_angle = None if zero else _zero_through_half_angle(difference)
    zero = zero or half_angle is not None
    cases = None if zero else _zero_in_every_sign_case(difference)
    split = None if zero or cases is not None else _zero_on_every_piece(difference)
    if split is not None:
        zero = True
    if zero or cases is not None:
        refuse_symbolic_powers([left, right])  # equal as sympy reads them, where both are defined (x**(y - 1)*x is read x**y)
        _same_poles(left, right, symbols)
        _cross_check(left, right, symbols)
        through = "max(a, b) = (a + b + |a - b|)/2, min(a, b) = (a + b - |a - b|)/2"
        derivation.append(half_angle if half_angle else split if split else "expr - equals simplifies to 0" if cases is None else
                          f"expr - equals is 0 in each of the {2 ** len(cases)} cases of the signs of {', '.join(map(str, cases))} "
                          f"(each abs replaced by +-its argument; {through})" if cases else f"expr - equals cancels to 0 with {through}")
        where = f" for all {', '.join(names)}" if names else ""
        how = ("tangent half-angle substitution: the difference is 0 as a rational function of t" if half_angle else
               "the difference is 0 on each piece of the line between the points where an abs, max or min argument changes sign" if split else
               "sympy: difference is 0" if cases is None else
               "the difference is 0 in every case of the signs of its abs arguments")
        return Outcome("verified", evidence, f"{claim.table['expr']} = {computed['equals']}{where} ({how}; mpmath agrees at sample points)", computed, derivation)
    simplified = _simplified(difference)
    derivation.append(f"expr - equals = {simplified}, not 0")
    not_real = []  # sample points where the difference is not a real number (log(x**2) - 2*log(x) at x = -1)
    witness = _witness_in_sign_regions(difference)
    for point in ([witness] if witness else []) + list(sample_points(symbols)):
        if not _powers_real_at([left, right], point):  # ((-1)**x)**2 is read (-1)**(2x): -1 at x = 1/2, where the side as
            continue  # written has no real value (a third review of 2026-12-06)
        value = difference.subs(point)
        if value.is_Rational and value != 0:
            at = ", ".join(f"{s} = {v}" for s, v in point.items())
            lhs, rhs = left.subs(point), right.subs(point)
            return Outcome(
                "refuted",
                evidence,
                f"claimed {claim.table['expr']} = {claim.table['equals']}; computed {short_text(expanded_left)}; "
                f"they differ by {short_text(simplified)}" + (f", e.g. at {at}: {short_text(lhs)} vs {short_text(rhs)}" if point else ""),
                computed,
                derivation + [f"at {at or 'the given values'}: expr = {lhs}, equals = {rhs}"],
            )
        if not value.free_symbols and value.is_Rational is False:
            try:
                sign, enclosure, _ = crosscheck.certify_sign(value)
            except CrossCheckUnavailable as exc:
                not_real.append(f"{', '.join(f'{s} = {v}' for s, v in point.items()) or 'the given values'} ({exc})")
                continue
            if sign:
                at = ", ".join(f"{s} = {v}" for s, v in point.items())
                return Outcome(
                    "refuted",
                    "certified",
                    f"claimed {claim.table['expr']} = {claim.table['equals']}; the difference at {at or 'the given values'} lies in {enclosure} (interval arithmetic), not 0",
                    computed,
                    derivation,
                )
    refuse_symbolic_powers([left, right])
    if not_real:
        raise CheckError(f"sympy cannot simplify the difference {short_text(simplified)} to 0, and it is not a real number "
                         f"at {not_real[0]}: the identity is not decided over the reals")
    raise CheckError(f"sympy cannot simplify the difference {short_text(simplified)} to 0, and no sample point separates the sides")


def _zero_through_half_angle(difference) -> str | None:
    """The derivation line when the difference, rational in sin and cos of multiples of one symbol, is 0 as a rational
    function of t = tan(u/2) (rational_functions.zero_through_half_angle); None otherwise (the other tools decide)."""
    m = rational_functions.zero_through_half_angle(difference)
    if m is None:
        return None
    x = next(iter(difference.free_symbols))
    u = x if m == 1 else x / m
    return (f"with t = tan({u}/2): sin({u}) = 2t/(1 + t^2), cos({u}) = (1 - t^2)/(1 + t^2) (multiples expanded), expr - equals is 0 as a "
            f"rational function of t, so 0 wherever both sides are defined (where t is not, at {u} = pi mod 2 pi, by continuity)")


def _cancelled_on_reading(claim) -> list[str]:
    """The declared symbols (claim.symbols) written in expr or equals: sympy may cancel one while reading (exp(u) exp(-u)
    is read 1, 0^(x^2 + 1) is read 0), and the identity still holds for every value of it, which the message says, with
    evidence ``symbolic`` (an adversarial review of 2026-12-07: such identities were labelled ``exact`` and lost
    "for all x")."""
    texts = [str(claim.table.get(key, "")) for key in ("expr", "equals")]
    return [name for name in claim.symbols if any(re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) for text in texts)]


def _expanded(side) -> sympy.Expr:
    """A side expanded: a polynomial over QQ by polynomial arithmetic (rational_functions.rational_form: sympy's
    expand of (x + 1)^1000 (x - 1)^1000 took minutes), anything else by sympy's expand."""
    form = _large_rational_form(side)
    return _written(form) if form is not None and form[1].is_ground else sympy.expand(side)


def _simplified(difference) -> sympy.Expr:
    """The difference of the sides as shown: a rational function over QQ with a large power as its numerator over its
    denominator, formed by polynomial arithmetic; anything else by sympy's simplify."""
    form = _large_rational_form(difference)
    return _written(form) if form is not None else sympy.simplify(difference)


def _large_rational_form(expression):
    """rational_functions.rational_form where the expression raises a sum past the 8th power (has_large_power), else None."""
    return rational_functions.rational_form(expression) if rational_functions.has_large_power(expression) else None


def _written(form) -> sympy.Expr:
    """A rational_form (numerator, denominator) as one expression: a polynomial expanded, else cancelled."""
    numerator, denominator = form
    if denominator.is_ground:
        return numerator.quo_ground(denominator.LC()).as_expr()
    return sympy.cancel(numerator.as_expr() / denominator.as_expr())


def _pole_factors(side, symbols) -> set:
    """Where ``side`` as written is undefined: the irreducible factors (over QQ, monic in one symbol) of its
    denominator over one denominator, without cancelling it against the numerator, a factor of that denominator that
    is not a polynomial (abs(x), sin(x), exp(x) - 1) as it is, and cos(g) for each tan(g) it holds."""
    denominator = side.as_numer_denom()[1]  # together() cancels a common monomial: (x**2 - x)/x is x - 1 there
    found = {sympy.cos(call.args[0]) for call in side.atoms(sympy.tan) if call.args[0].free_symbols}
    for call in side.atoms(sympy.Function, sympy.Max, sympy.Min):  # a denominator inside abs, exp, max, ...: abs((x**2 - 1)/
        # (x - 1)) = abs(x + 1) was verified 'for all x', undefined at x = 1 on the left (a third review of 2026-12-06); max and
        # min are not sympy Functions: max(x, (x**2 - 1)/(x - 1)) = x + 1 was verified (a review of 2026-12-07)
        for argument in call.args:
            if argument.free_symbols and argument.as_numer_denom()[1].free_symbols:
                found |= _pole_factors(argument, symbols)
    if not symbols or not denominator.free_symbols:
        return found
    polynomial = sympy.Mul(*[f for f in sympy.Mul.make_args(denominator) if f.is_polynomial(*symbols)])
    found |= {f.base if f.is_Pow and f.exp.is_Integer else f for f in sympy.Mul.make_args(denominator)
              if f.free_symbols and not f.is_polynomial(*symbols)}
    if polynomial.free_symbols:
        _, factors = sympy.factor_list(polynomial, *symbols)
        found |= {sympy.Poly(f, *symbols).monic().as_expr() if len(symbols) == 1 else f for f, _ in factors if f.free_symbols}
    return found


PROBE_VALUES = [sympy.Integer(0), *SAMPLE_VALUES]  # where the other symbols are set while a zero of a factor is sought


def _real_zeros(factor, symbols, members: int = 1) -> list[dict]:
    """Points where ``factor`` vanishes: in one symbol its real roots (a polynomial with real algebraic coefficients)
    or else what sympy's solveset over the reals lists (sqrt(pi) in a coefficient; a representative of each family:
    sin(x) = 0 at x = 0); in several,
    a polynomial solved for each symbol at PROBE_VALUES of the others (spectral.zeros_at_probes; up to MOST_ZEROS
    of them: the first is often a zero the other side shares, the origin of x - sqrt(2) y and x**2 - 2 y**2; a zero
    set the search misses goes unnoticed).  A periodic family of zeros (a polynomial in one trigonometric function)
    gives ``members`` of each of its families.  None found: []."""
    present = sorted(factor.free_symbols, key=str)
    try:
        if len(present) == 1:
            (x,) = present
            if factor.is_polynomial(x):
                try:
                    return [{x: r} for r in spectral.real_roots(factor, x)]
                except (NotImplementedError, CheckError):  # pi in a coefficient, or a norm past its cap: solveset below
                    pass  # (a review of 2026-12-06: (x - sqrt(pi))/(x**2 - pi) = 1/(x + sqrt(pi)) was verified)
            trigonometric = _zeros_through_one_trigonometric_function(factor, x, members)
            if trigonometric is not None:
                return trigonometric
            return [{x: r} for r in realsets.representatives(sympy.solveset(factor, x, sympy.S.Reals))]
        if not factor.is_polynomial(*present):
            return []
        return list(itertools.islice(spectral.zeros_at_probes(factor, present, {s: PROBE_VALUES for s in present}), MOST_ZEROS))
    except (NotImplementedError, ValueError, TypeError, sympy.PolynomialError, CheckError):
        return []


MOST_ZEROS = 8  # zeros of one denominator factor in several symbols at which the other side is tried
TRIGONOMETRIC = (sympy.sin, sympy.cos, sympy.tan)
FAMILY_MEMBERS = 5  # points of each family of a trigonometric factor's zeros tried beyond those the other side's
# non-periodic pole factors could take (_family_members)


def _family_members(other_poles, symbols) -> int:
    """How many members of each family of a trigonometric factor's zeros to try against a side with these pole
    factors: more than the points its non-periodic factors can vanish at (a polynomial factor of degree d at d of them,
    any other, abs(x) or exp(x) - 1, counted as FAMILY_MEMBERS), so that one member lies outside them; FAMILY_MEMBERS
    more for its periodic ones.  A fixed count was matched by a polynomial denominator with ten roots k pi (sin(2x)/(2
    sin x) = cos(x) P(x)/P(x) factored, verified; a review of 2026-12-07)."""
    finite = 0
    for factor in other_poles:
        if any(call.free_symbols for call in factor.atoms(*TRIGONOMETRIC)):
            continue
        try:
            finite += sympy.Poly(factor, *symbols).total_degree() if symbols and factor.is_polynomial(*symbols) else FAMILY_MEMBERS
        except sympy.PolynomialError:
            finite += FAMILY_MEMBERS
    return finite + FAMILY_MEMBERS


def _zeros_through_one_trigonometric_function(factor, x, members: int) -> list[dict] | None:
    """Where ``factor``, a polynomial with rational coefficients in one of sin(a x + b), cos(a x + b), tan(a x + b) (a, b
    rational), is 0: at a real root r of that polynomial (|r| <= 1 for sin and cos), a x + b = +-acos(r) (asin(r) and
    pi - asin(r); atan(r)) plus whole periods, ``members`` points of each family (the periods 0, 1, -1, 2, -2, ...);
    None for any other factor.  sympy's solveset on 5 cos(x)^3 - 5 cos(x) + 1 ran past the time limit (an adversarial
    review of 2026-12-07).  Both families matter: (1 + sin x)/cos x is undefined at 3 pi/2, where cos(x)/(1 - sin(x))
    is 0, and not only at pi/2, where both are; and more than one member of each: sin(2x)/(2 cos x) = sin(x)(x - pi/2)
    (x + pi/2)/(x^2 - pi^2/4) was verified, the right side undefined at +-pi/2 only (a review of the session's diff)."""
    calls = [call for call in factor.atoms(*TRIGONOMETRIC) if x in call.free_symbols]
    if len(calls) != 1:
        return None
    (call,) = calls
    t = sympy.Dummy("t")
    polynomial = factor.xreplace({call: t})
    argument = call.args[0]
    if x in polynomial.free_symbols or not polynomial.is_polynomial(t) or not argument.is_polynomial(x):
        return None
    line = sympy.Poly(argument, x)
    if line.degree() != 1 or not all(c.is_Rational for c in line.all_coeffs()):
        return None
    try:
        roots = spectral.real_roots(polynomial, t)
    except (NotImplementedError, CheckError, sympy.PolynomialError):
        return None
    if call.func is not sympy.tan:
        roots = [r for r in roots if realsets.compare(r, sympy.Integer(-1)) >= 0 and realsets.compare(r, sympy.Integer(1)) <= 0]
    a, b = line.all_coeffs()
    angles = {sympy.sin: lambda r: [sympy.asin(r), sympy.pi - sympy.asin(r)], sympy.cos: lambda r: [sympy.acos(r), -sympy.acos(r)],
              sympy.tan: lambda r: [sympy.atan(r)]}[call.func]
    period = sympy.pi if call.func is sympy.tan else 2 * sympy.pi
    shifts = [(k + 1) // 2 * (1 if k % 2 else -1) for k in range(members)]  # 0, 1, -1, 2, -2, ...
    return [{x: (angle + shift * period - b) / a} for shift in shifts for r in roots for angle in dict.fromkeys(angles(r))]


def _undefined_at(expression, point) -> bool:
    """Is ``expression`` undefined at ``point`` (a division by zero there, as sympy evaluates it)?  Every symbol is
    replaced at once: one after another, abs(x/y) at x = 0, y = 0 became abs(0/y) = 0 first, defined, and abs(x/y) =
    abs(x)/abs(y) was an error (a review of 2026-12-06)."""
    value = expression.subs(point, simultaneous=True)  # an infinity anywhere in it came from a division by zero (abs(x/y) at
    return value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) or value.is_finite is False  # y = 0 is oo*abs(x))


def _same_poles(left, right, symbols) -> None:
    """An identity that holds only where one side is defined is not an identity for every value: (x**2 - 1)/(x - 1)
    = x + 1 is undefined at x = 1 on the left, and sympy's cancel proved it for all x (a review of 2026-12-06), as
    x**2/abs(x) = abs(x), sin(2x)/sin(x) = 2cos(x) and tan(x)cos(x) = sin(x) were.  A zero of one side's denominator
    that the other does not share is sought and the other side evaluated there: CheckError naming the point where it
    is defined, as a forall claim with a pole inside its domains is an error; sides undefined at the same points
    ((1 + z/2)/(1 - z/2) and (2 + z)/(2 - z), tan(x) and sin(x)/cos(x), 1/(x**2 - 2) and its partial fractions over
    sqrt(2)) are compared where both are defined, as before."""
    poles = {"expr": _pole_factors(left, symbols), "equals": _pole_factors(right, symbols)}
    sides = {"expr": left, "equals": right}
    for side, other in (("expr", "equals"), ("equals", "expr")):
        members = _family_members(poles[other], symbols)
        for factor in poles[side]:
            if factor in poles[other] or -factor in poles[other] or expressions.harmless("denominator", factor):
                continue
            for point in _real_zeros(factor, symbols, members):
                defined = _defined_at(sides[other], point, symbols)
                if defined is None:
                    where = ", ".join(f"{s} = {v}" for s, v in point.items())
                    raise CheckError(f"{side} is undefined where {where} (a zero of its denominator), and whether {other} is defined "
                                     "there is not decided (a denominator of it neither shown 0 nor enclosed away from 0)")
                if defined:
                    where = ", ".join(f"{s} = {v}" for s, v in point.items())
                    raise CheckError(f"{side} is undefined where {where} (a zero of its denominator) and {other} is not: the sides "
                                     f"agree only where both are defined, not for every value")


def _defined_at(expression, point, symbols) -> bool | None:
    """Is ``expression`` defined at ``point``: False where sympy's evaluation meets a division by zero or a denominator
    factor is 0 there (sympy's zero test after expanding multiple angles: cos(4 acos(r)) is 8r^4 - 8r^2 + 1), True where
    every denominator factor is enclosed away from 0, None where one is neither.  1/(8 cos^4 x - 8 cos^2 x + 1) =
    1/cos(4x) was an error saying the right side is defined at acos of a root, where cos(4x) is 0 (a review of
    2026-12-07)."""
    if _undefined_at(expression, point):
        return False
    for factor in _pole_factors(expression, symbols):
        value = factor.subs(point, simultaneous=True)
        if not value.is_number or value.is_Rational:
            continue  # (a rational 0 is a division by zero _undefined_at saw)
        try:
            decided = crosscheck.certify_sign(value, max_bits=DEFINED_BITS)
        except CrossCheckUnavailable:
            decided = None
        if decided is not None and decided[0] != 0:
            continue
        if is_zero(sympy.expand_trig(value)):
            return False
        return None
    return True


DEFINED_BITS = 256  # precision of the enclosure that shows a denominator factor is not 0 at a point


def _powers_real_at(sides, point) -> bool:
    """Is every power with a symbolic, not integer, exponent (common.symbolic_powers) real at the point: its base
    positive there?  Elsewhere a side's value is sympy's complex principal branch, which a merged power can turn into
    a rational."""
    for power in symbolic_powers(sides):
        value = power.base.subs(point, simultaneous=True)
        if not (value.is_Rational and value > 0 or value.is_positive):
            return False
    return True


MAX_SIGN_CASES = 6  # abs arguments split on (2^6 = 64 cases of cancel)


def _zero_in_every_sign_case(difference):
    """The abs arguments g_1 .. g_k (at most MAX_SIGN_CASES) such that the difference, with max and min written
    through abs and each |g_i| replaced by s_i g_i, cancels to 0 for every choice of the signs s_i = +-1; None when
    some choice does not (or there is no abs).  At any real point each |g_i| is one of +-g_i, so the difference
    there is one of these cases: 0.  max(x, y) = (x + y + |x - y|)/2 and max(x, 0) + min(x, 0) = x could not be
    decided ('no sample point separates the sides': a review of 2026-12-06)."""
    rewritten = _through_abs(difference)
    arguments = sorted({call.args[0] for call in rewritten.atoms(sympy.Abs)}, key=sympy.default_sort_key)
    if rewritten == difference and not arguments or len(arguments) > MAX_SIGN_CASES:
        return None
    for case in kinks.sign_cases(rewritten, MAX_SIGN_CASES):
        if case.has(sympy.Abs) or sympy.cancel(sympy.expand(case)) != 0:
            return None
    return arguments


def _zero_on_every_piece(difference) -> str | None:
    """The derivation line when the difference, in one symbol with abs, max or min of polynomials, is 0 on every piece
    of the line that kinks.pieces cuts it into (every abs there + or - its argument); None otherwise.  Where the case
    split by signs fails because some choice of signs is met at no point (max(x, 2x, 3x, 4x, 5x) = 3x + 2|x|; two hat
    functions summing to a trapezoid; |x - 1| + |x + 1| = 2 max(1, |x|)), the pieces take only the choices met (an
    adversarial review of 2026-12-07)."""
    if len(difference.free_symbols) != 1 or not difference.has(sympy.Abs, sympy.Max, sympy.Min):
        return None
    (x,) = difference.free_symbols
    parts = kinks.pieces(difference, x)
    if parts is None or not all(is_zero(part.expression) for part in parts):
        return None
    cuts = ", ".join(str(part.high) for part in parts[:-1])
    return (f"expr - equals is 0 on each of the {len(parts)} pieces of the line cut at {x} = {cuts}, where an argument of abs, max or "
            f"min changes sign (on each piece every abs is + or - its argument, max and min written through abs)")


def _witness_in_sign_regions(difference):
    """A rational point where the difference is a nonzero rational, for a difference in one symbol whose max, min and
    abs have polynomial arguments: the line is cut where an argument may change sign (kinks.kink_points, nested abs
    included), and the difference evaluated exactly at each cut and at a point in each gap and beyond; None when none
    is found.  max(x, 10^9) = 10^9 differs only above 10^9, beyond every sample point (a review of 2026-12-06), and
    max(|x|, 10^-30) = |x| only within 10^-30 of 0, around a kink of an abs inside a max (a review of 2026-12-07)."""
    if len(difference.free_symbols) != 1:
        return None
    (x,) = difference.free_symbols
    if not difference.has(sympy.Abs, sympy.Max, sympy.Min):
        return None
    cuts = kinks.kink_points(difference, x)
    if not cuts:
        return None
    for point in realsets.test_points(realsets.from_pieces([realsets.Piece(c, c) for c in cuts])):
        if not point.is_Rational:
            continue
        value = difference.subs(x, point)
        if value.is_Rational and value != 0:
            return {x: point}
    return None


def _through_abs(expression):
    """max and min written through abs (kinks.through_abs), and each |g| as |c| |p| with g = c p, p primitive and not starting
    with a minus sign: |2|x| - 2| and |1 - |x|| are both 2 and 1 times ||x| - 1|, one sign to split on, not two."""
    def normalized(g):
        content, primitive = g.as_content_primitive()
        if primitive.could_extract_minus_sign():
            primitive = -primitive
        return abs(content) * sympy.Abs(primitive)

    return kinks.through_abs(expression).replace(sympy.Abs, normalized)


def _cross_check(left, right, symbols):
    for point in itertools.islice(sample_points(symbols), 4):
        try:
            a = crosscheck.mp_value(left, point)
            b = crosscheck.mp_value(right, point)
        except (ZeroDivisionError, CrossCheckUnavailable):
            continue
        if not crosscheck.close(a, b):
            raise CheckError(f"sympy says the sides are equal but mpmath finds {crosscheck.show(a)} vs {crosscheck.show(b)} at {point}")


KIND = ClaimKind("identity", KEYS, prepare, evaluate, spec_types=(IdentitySpec,))
