"""Power series in the step size: a method's one-step map against the exact flow, symbolically.

The exact flow of y' = f(t, y) from (t, y) is y(t + h) = sum_q h^q / q! D^q y with the Lie derivative
D g = dg/dt + sum_j dg/dy_j f_j (the Taylor series y' = f, y'' = f_t + f_y f, ...; Hairer, Norsett & Wanner I,
sec. II.2).  For a semi-explicit index-1 DAE x' = f(t, x, z), 0 = g(t, x, z) whose constraint is linear in z,
z = Z(t, x) is solved symbolically and the flow is that of the reduced ODE x' = f(t, x, Z(t, x)), with
z(t + h) = Z(t + h, x(t + h)) (Hairer & Wanner II, sec. VI.1).

A one-step map Phi_h(y) (verify.engines.symbolic.one_step: the exact step map run on sympy expressions, h a
symbol) is expanded as a quotient of polynomials in h (P/Q with Q(0) != 0, divided as power series) or, when h
sits inside a function (exp(t + h/2)), by sympy's ``series``.  The defect Phi_h(y) - y(t + h) = sum_q d_q h^q is
reported term by term; a term is zero when it cancels exactly (rational functions) or sympy simplifies it to
zero, nonzero when it does not cancel (rational functions) or an interval enclosure at a rational point
excludes zero (verify.engines.crosscheck.certify_sign); otherwise the term is undecided.
"""
from __future__ import annotations

import math

import sympy
from sympy.polys.rings import sring

from verify.engines import crosscheck, rational_functions
from verify.errors import UndecidableError

MAX_TERMS = 12  # powers h^0 .. h^11: local orders up to 10 (Gauss-Legendre-6 has local order 7); the terms a claim asks for are its order + 2


class SeriesUnavailable(UndecidableError):
    """The expansion, or the decision whether a coefficient vanishes, is out of reach."""


def lie_derivative(expression, rates: list, variables: list, t) -> sympy.Expr:
    return sympy.diff(expression, t) + sum(sympy.diff(expression, v) * f for v, f in zip(variables, rates))


def flow_coefficients(rates: list, variables: list, t, terms: int) -> list:
    """[a_0, a_1, ...] (each a list over the variables) with y(t + h) = sum a_q h^q, from repeated Lie derivatives."""
    return taylor_coefficients(variables, rates, variables, t, terms)


def taylor_coefficients(expressions: list, rates: list, variables: list, t, terms: int) -> list:
    """[c_0, c_1, ...] (each a list over the expressions g(t, y)) with g(t + h, y(t + h)) = sum c_q h^q along the
    flow of y' = rates: c_q = D^q g / q!."""
    current = list(expressions)
    coefficients = []
    for q in range(terms):
        coefficients.append([sympy.expand(c / math.factorial(q)) for c in current] if q else list(current))
        current = [lie_derivative(c, rates, variables, t) for c in current]
    return coefficients


def runge_kutta_series(A, b, c, rates: list, states: list, t, h, terms: int) -> list | None:
    """[[c_0, ..., c_{terms-1}] for each state] with one Runge-Kutta step y + h sum_i b_i k_i = sum_q c_q h^q +
    O(h^terms), k_i = f(t + c_i h, y + h sum_j a_ij k_j), computed in truncated power series: every stage is a
    polynomial in t, the states, the parameters and h over the number field of the tableau and the right-hand side
    (sympy's sparse ``PolyRing``), cut after h^(terms - 1) as soon as it is formed.  An explicit tableau takes its
    stages in order; an implicit one by fixed-point iteration from k_i = f(t, y), ``terms`` passes (each fixes one
    more power of h: the implicit-function series of the stages).  None when the right-hand side is not a
    polynomial in t and the states (a caller expands the step's expression instead).

    The step's expression expanded whole swells past use: Dormand-Prince's seven stages on y' = -y^2 + t are
    polynomials of degree 64 in h, and the series claim of its local order ran past 120 s (a review of
    2026-12-06); cut at h^8 at every stage it takes a fraction of a second."""
    others = sorted(set().union(*(sympy.sympify(r).free_symbols for r in rates)) - set(states) - {t, h}, key=str)
    numbers = [sympy.sympify(v) for v in [*(a for row in A for a in row), *b, *c]]
    try:
        ring, elements = sring([*rates, *numbers], t, *states, *others, h, extension=True)
    except (sympy.PolynomialError, sympy.polys.polyerrors.CoercionFailed, NotImplementedError, ValueError, TypeError):
        return None
    if ring.domain.is_EX or ring.domain.is_EXRAW:
        return None
    s, n = len(b), len(states)
    f, rest = elements[:len(rates)], elements[len(rates):]
    a = [rest[i * s:(i + 1) * s] for i in range(s)]
    weights, nodes = rest[s * s: s * s + s], rest[s * s + s:]
    time, state, step = ring.gens[0], ring.gens[1:1 + n], ring.gens[-1]

    def cut(poly):
        return ring.from_dict({m: v for m, v in poly.items() if m[-1] < terms})

    def stage(i, k):
        values = [state[j] + step * sum((a[i][l] * k[l][j] for l in range(s) if a[i][l]), ring.zero) for j in range(n)]
        return [cut(rate.compose([(time, time + nodes[i] * step), *zip(state, values)])) for rate in f]

    if all(not a[i][j] for i in range(s) for j in range(i, s)):  # explicit: each stage from the ones before
        k = []
        for i in range(s):
            k.append(stage(i, k))
    else:
        k = [[rate for rate in f]] * s
        for _ in range(terms):
            k = [stage(i, k) for i in range(s)]
    image = [cut(state[j] + step * sum((weights[i] * k[i][j] for i in range(s) if weights[i]), ring.zero)) for j in range(n)]
    series = []
    for poly in image:
        by_power = [{} for _ in range(terms)]
        for monomial, coefficient in poly.items():
            by_power[monomial[-1]][monomial[:-1] + (0,)] = coefficient
        series.append([ring.from_dict(terms_q).as_expr() for terms_q in by_power])
    return series


def coefficients_in(expression, h, terms: int) -> list:
    """[c_0, ..., c_{terms-1}] with expression = sum c_q h^q + O(h^terms)."""
    expression = sympy.sympify(expression)
    if h not in expression.free_symbols:
        return [expression] + [sympy.Integer(0)] * (terms - 1)
    numerator, denominator = sympy.fraction(sympy.together(expression))
    try:
        p, q = sympy.Poly(numerator, h), sympy.Poly(denominator, h)
    except sympy.PolynomialError:
        p = q = None
    if p is not None and all(h not in c.free_symbols for c in p.coeffs() + q.coeffs()):
        p_low = [p.coeff_monomial(h**k) for k in range(terms)]
        q_low = [q.coeff_monomial(h**k) for k in range(terms)]
        if sympy.cancel(q_low[0]) == 0:
            raise SeriesUnavailable(f"the step map has a pole at h = 0 ({denominator} vanishes there)")
        series = []
        for n in range(terms):
            value = p_low[n] - sum(q_low[k] * series[n - k] for k in range(1, n + 1))
            series.append(sympy.cancel(value / q_low[0]))
        return series
    return expand_in(expression, h, terms)


def expand_in(expression, h, terms: int) -> list:
    """[c_0, ..., c_{terms-1}] by sympy's ``series``, refused unless the remainder is exactly O(h^terms) and no
    coefficient still holds h (sympy can return O(h^3 exp(log(1/h - 1)/h)) for (1 - h)^(1/h) written as
    h^(1/h) (1/h - 1)^(1/h): so powers with h in the exponent are first merged over one base, reduced)."""
    expression = sympy.powsimp(sympy.expand(expression), combine="base", force=True)
    expression = expression.replace(lambda e: isinstance(e, sympy.Pow) and e.exp.has(h), lambda e: sympy.Pow(sympy.cancel(e.base), e.exp))
    try:
        expanded = sympy.series(expression, h, 0, terms)
    except (NotImplementedError, ValueError, TypeError, sympy.PoleError) as exc:
        raise SeriesUnavailable(f"sympy cannot expand {expression} in {h}: {exc}") from None
    remainder = expanded.getO()
    if remainder is not None and sympy.simplify(remainder.expr - h**terms) != 0:
        raise SeriesUnavailable(f"sympy expands {expression} only up to {remainder}, not into powers of {h}")
    polynomial = sympy.expand(expanded.removeO())
    coefficients = [polynomial.coeff(h, k) for k in range(terms)]
    if any(c.has(h) for c in coefficients) or sympy.expand(polynomial - sum(c * h**k for k, c in enumerate(coefficients))) != 0:
        raise SeriesUnavailable(f"the expansion of {expression} in {h} is not a polynomial in {h}")
    return coefficients


def vanishes(coefficient) -> bool:
    """Is the coefficient (an expression in the state, t and free parameters) identically zero?"""
    coefficient = sympy.sympify(coefficient)
    if coefficient == 0:
        return True
    algebraic = coefficient.atoms(sympy.CRootOf, sympy.AlgebraicNumber)  # numbers with a minimal polynomial: not symbols
    rational_function = not coefficient.atoms(sympy.Function) and not algebraic and all(
        not isinstance(a, sympy.Pow) or a.exp.is_Integer for a in coefficient.atoms(sympy.Pow))
    reduced = sympy.cancel(sympy.together(coefficient))
    if reduced == 0:
        return True
    if rational_function:
        return False
    if algebraic and not coefficient.atoms(sympy.Function):  # SDIRK-3's gamma, a CRootOf: (6 g^3 - 18 g^2 + 9 g - 1) y^3 was
        decided = rational_functions.decide_zero(coefficient)  # "nonzero" to cancel, which reads g as a symbol (review of
        if decided is not None:  # 2026-12-05: order 1 verified, order 3 refuted on y' = -y^2); decided in K(symbols)
            return decided
    if _nonzero_at_a_point(coefficient, sorted(coefficient.free_symbols, key=str)):
        return False
    if sympy.simplify(coefficient) == 0:
        return True
    if coefficient.has(sympy.I) and sympy.simplify(coefficient.rewrite(sympy.cos)) == 0:  # e^(i a) from complex eigenvalues
        return True
    raise SeriesUnavailable(f"cannot decide whether {coefficient} vanishes identically")


POINTS = [sympy.Rational(3, 7), sympy.Rational(5, 11), sympy.Rational(2, 13), sympy.Rational(7, 5)]  # positive: no branch cuts


def _nonzero_at_a_point(coefficient, symbols) -> bool:
    """True when an interval enclosure at some rational point excludes zero (rigorous)."""
    for shift in range(3):
        point = {s: POINTS[(i + shift) % len(POINTS)] + i for i, s in enumerate(symbols)}
        value = coefficient.xreplace(point)
        if value.free_symbols:
            continue
        parts = sympy.expand_complex(value).as_real_imag() if value.has(sympy.I) else (value,)  # a complex value: either part
        for part in parts:
            try:
                sign, _, _ = crosscheck.certify_sign(part, max_bits=512)
            except (ValueError, TypeError, ZeroDivisionError, OverflowError):
                continue
            if sign in (1, -1):
                return True
    return False
