"""A-stability and L-stability of a one-step method, decided exactly from its stability function R = P/Q.

A-stable: |R(z)| <= 1 for every z with Re z <= 0 (Hairer & Wanner, Solving ODEs II, sec. IV.3, Definition 3.3).
For a rational R this holds exactly when (Hairer & Wanner II, Theorem IV.3.5, the E-polynomial criterion)

* every pole of R (root of Q) lies in Re z > 0, and
* E(y) = |Q(iy)|^2 - |P(iy)|^2 >= 0 for every real y.

E is a real polynomial in y; it is nonnegative when it is positive at a rational point between consecutive
real roots and beyond them (sympy's exact real root isolation).  The poles' real parts are isolated by
sympy's ComplexRootOf with guaranteed bounds.  L-stable: A-stable and R(z) -> 0 as z -> -oo, i.e.
deg P < deg Q (Definition IV.3.7).  Real algebraic coefficients (SDIRK) are decided too (_decide_algebraic).
"""
from __future__ import annotations

import sympy

from verify.input.load import LoadError
from verify.engines import number_field, realsets, spectral
from verify.checks.common import CheckError, Formula, Line, listed

KEYS = ("a_stable", "l_stable")
REFINEMENTS = (10, 30, 100, 300)


def prepare(table) -> dict:
    claimed = {}
    for key in KEYS:
        if key in table:
            if not isinstance(table[key], bool):
                raise LoadError(f"{key} must be true or false")
            claimed[key] = table[key]
    return claimed


def decide(R: sympy.Expr, z: sympy.Symbol) -> tuple[bool, bool, list]:
    """(A-stable, L-stable, derivation lines) for the rational function R of z."""
    P, Q = sympy.fraction(sympy.cancel(sympy.together(R)))
    P, Q = sympy.Poly(P, z), sympy.Poly(Q, z)
    if not all(c.is_Rational for c in P.all_coeffs() + Q.all_coeffs()):  # common factors over the coefficients' field
        P, Q = (sympy.Poly(part, z) for part in sympy.fraction(sympy.cancel(P.as_expr() / Q.as_expr(), extension=True)))
    if not all(c.is_Rational for c in P.all_coeffs() + Q.all_coeffs()):
        return _decide_algebraic(P, Q, z)
    lines = [f"R(z) = ({P.as_expr()})/({Q.as_expr()})"]
    poles = Q.all_roots() if Q.degree() > 0 else []  # radicals where sympy writes them, else ComplexRootOf
    left = [root for root in poles if _real_part_sign(root) <= 0]
    where = [";", f"{len(left)} with", sympy.Le(sympy.re(z, evaluate=False), 0, evaluate=False)] if left else \
        [";", "all in", sympy.Gt(sympy.re(z, evaluate=False), 0, evaluate=False)] if poles else []
    lines.append(Line(f"poles: {', '.join(str(p) for p in poles) or 'none'}" + (f"; {len(left)} with Re <= 0" if left else "; all in Re z > 0" if poles else ""),
                      "poles", terms=(listed(poles) or ["none"]) + where))
    y = sympy.Symbol("y", real=True)
    Qi, Pi = Q.as_expr().subs(z, sympy.I * y), P.as_expr().subs(z, sympy.I * y)
    E = sympy.Poly(sympy.expand(Qi * sympy.conjugate(Qi) - Pi * sympy.conjugate(Pi)), y)
    nonnegative, where = _nonnegative(E, E.real_roots)
    lines.append(Line(f"E(y) = |Q(iy)|^2 - |P(iy)|^2 = {E.as_expr()}: " + ("nonnegative for every real y" if nonnegative else f"negative at y = {where}"),
                      terms=_e_polynomial(y, E) + ["nonnegative for every real y" if nonnegative else f"negative at y = {where}"]))
    a_stable = not left and nonnegative
    l_stable = a_stable and P.degree() < Q.degree()
    lines.append(f"R(-oo) = {_at_minus_infinity(P, Q)}")
    return a_stable, l_stable, lines


def _decide_algebraic(P: sympy.Poly, Q: sympy.Poly, z: sympy.Symbol) -> tuple[bool, bool, list]:
    """The same decision when R's coefficients are real algebraic numbers (SDIRK: 1 - 1/sqrt(2), a root of a cubic).

    Poles: every root of Q in Re z > 0 exactly when Q(-z) is a Hurwitz polynomial, i.e. (leading coefficient made
    positive) every leading principal minor of its Hurwitz matrix is positive (the Routh-Hurwitz criterion; Hairer &
    Wanner II, sec. IV.3 uses it for the same purpose); each minor's sign is decided rigorously
    (verify.engines.spectral.compare_real).  E(y): its real roots are among those of its norm over QQ
    (N(E) = prod of the conjugates, sympy's Poly.norm), so E has one sign between consecutive real roots of N(E) and
    beyond them; it is evaluated exactly at a rational point of each such interval."""
    try:
        field, elements = number_field.field_of(P.all_coeffs() + Q.all_coeffs())
    except number_field.NotAlgebraic as exc:
        free = sorted({str(s) for c in P.all_coeffs() + Q.all_coeffs() for s in sympy.sympify(c).free_symbols})
        if free:  # a parameter left free (symbols = ["theta"]): a new user's trial of 2026-12-07 read "theta - 1 is not a
            # real algebraic number"
            raise CheckError(f"R(z) has the free symbol{'s' if len(free) > 1 else ''} {', '.join(free)}: A- and L-stability are "
                             "decided for numeric coefficients; give it a value, or state the claim for every value as a "
                             "check = \"forall\" over z = x + iy (|R|^2 <= 1 for x <= 0)") from None
        raise CheckError(f"R(z) has coefficients that are not real algebraic numbers: {exc}") from None
    lines = [Line(f"R(z) = ({P.as_expr()})/({Q.as_expr()}), coefficients in {field}",
                  terms=[Formula("R(z)"), "=", sympy.Mul(P.as_expr(), sympy.Pow(Q.as_expr(), -1, evaluate=False), evaluate=False), ",",
                         f"coefficients in {field}"])]
    a = [c * (-1) ** (Q.degree() - k) for k, c in enumerate(Q.all_coeffs())]  # Q(-z), leading first
    if spectral.compare_real(a[0], 0) < 0:
        a = [-c for c in a]
    n = len(a) - 1
    coefficient = lambda k: a[k] if 0 <= k <= n else sympy.Integer(0)  # noqa: E731
    hurwitz = sympy.Matrix(n, n, lambda i, j: coefficient(2 * (j + 1) - (i + 1)))
    minors = [sympy.expand(hurwitz[:k, :k].det()) for k in range(1, n + 1)]
    signs = [spectral.compare_real(m, 0) for m in minors]
    poles_right = all(sign > 0 for sign in signs)
    lines.append(Line(f"poles: Hurwitz minors of Q(-z) have signs {signs}: " + ("all poles in Re z > 0" if poles_right else "a pole with Re z <= 0"),
                      "poles", terms=["Hurwitz minors of", Formula("Q(-z)"), "have signs", *listed(signs), ":",
                                      "all poles in" if poles_right else "a pole with",
                                      (sympy.Gt if poles_right else sympy.Le)(sympy.re(z, evaluate=False), 0, evaluate=False)]))
    y = sympy.Symbol("y", real=True)
    p_count = len(P.all_coeffs())
    (real_P, imaginary_P), (real_Q, imaginary_Q) = (_on_imaginary_axis(c, field, y) for c in (elements[:p_count], elements[p_count:]))
    E = real_Q**2 + imaginary_Q**2 - real_P**2 - imaginary_P**2
    nonnegative, where = _nonnegative(E, lambda: sympy.Poly(E.norm().as_expr(), y).real_roots())
    verdict = "nonnegative for every real y (signs between the real roots of its norm over QQ)" if nonnegative else f"negative at y = {where}"
    lines.append(Line(f"E(y) = |Q(iy)|^2 - |P(iy)|^2 = {E.as_expr()}: " + verdict, terms=_e_polynomial(y, E) + [verdict]))
    a_stable = poles_right and nonnegative
    l_stable = a_stable and P.degree() < Q.degree()
    lines.append(f"R(-oo) = {_at_minus_infinity(P, Q)}")
    return a_stable, l_stable, lines


def _at_minus_infinity(P: sympy.Poly, Q: sympy.Poly):
    """lim R(z) as z -> -oo for R = P/Q, from the degrees and leading coefficients: 0 when deg P < deg Q, the ratio of
    the leading coefficients when the degrees are equal, else oo or -oo by the sign of that ratio times (-1)^(deg P -
    deg Q)."""
    if P.degree() < Q.degree():
        return sympy.Integer(0)
    ratio = sympy.simplify(P.LC() / Q.LC())
    if P.degree() == Q.degree():
        return ratio
    return sympy.oo if spectral.compare_real(ratio, 0) * (-1) ** (P.degree() - Q.degree()) > 0 else -sympy.oo


def _on_imaginary_axis(coefficients: list, field, y) -> tuple:
    """(A, B) with p(iy) = A(y) + i B(y), for p with real ``coefficients`` in ``field`` (leading first): i^k is 1, i,
    -1, -i as k = 0, 1, 2, 3 mod 4.  Computed in field[y], so |p(iy)|^2 = A^2 + B^2 needs no conjugate of an
    expression (sympy placed each coefficient of that expression in the field through its minimal polynomial:
    0.19 s of SDIRK-3's L-stability)."""
    real, imaginary = [field.zero] * len(coefficients), [field.zero] * len(coefficients)
    for k, c in enumerate(reversed(coefficients)):
        (real if k % 2 == 0 else imaginary)[k] = c if k % 4 < 2 else -c
    return tuple(sympy.Poly.from_list(list(reversed(part)), y, domain=field) for part in (real, imaginary))


def _e_polynomial(y, E) -> list:
    """E(y) = |Q(iy)|^2 - |P(iy)|^2 = E as the terms of a derivation Line, up to the colon."""
    def square(name):
        return sympy.Pow(sympy.Abs(sympy.Function(name)(sympy.I * y), evaluate=False), 2, evaluate=False)

    return [Formula("E(y)"), "=", sympy.Add(square("Q"), sympy.Mul(-1, square("P"), evaluate=False), evaluate=False), "=", E.as_expr(), ":"]


def _real_part_sign(root) -> int:
    if root.is_real:
        return spectral.compare_real(root, sympy.Integer(0))
    if not root.atoms(sympy.CRootOf):  # a root in radicals, e.g. 3 + sqrt(3) I: its real part exactly
        return spectral.compare_real(sympy.re(sympy.expand_complex(root)), sympy.Integer(0))
    scale, core = sympy.Integer(1), root
    if isinstance(root, sympy.Mul):  # 2*CRootOf(...): the sign of the real part is that of the root's
        scale, core = root.as_coeff_Mul()
    if not isinstance(core, sympy.CRootOf):
        raise CheckError(f"cannot place the pole {root}")
    for digits in REFINEMENTS:
        box = realsets.box_of_root(core, realsets.bits_for_digits(digits))  # python-flint's isolation
        if box is not None:
            if box[0] > 0 or box[1] < 0:
                return int(sympy.sign(scale)) * (1 if box[0] > 0 else -1)
            continue
        eps = sympy.Rational(1, 10**digits)
        approximation = sympy.sign(scale) * sympy.re(core.eval_rational(dx=eps, dy=eps, n=digits + 5))
        if abs(approximation) > eps:
            return 1 if approximation > 0 else -1
    raise CheckError(f"the pole {root} lies within 1e-{REFINEMENTS[-1]} of the imaginary axis: A-stability is not decided")


def _nonnegative(E: sympy.Poly, real_roots) -> tuple[bool, object]:
    """(E >= 0 on the reals, a rational point where E < 0): E keeps its sign between consecutive points of
    ``real_roots()`` (E's own real roots, or for algebraic coefficients those of its norm, a superset) and beyond
    them, so one rational sample in each interval decides; each sign is exact (rigorous for algebraic values)."""
    if E.is_zero:
        return True, None
    points = spectral.merge_points(sorted(set(real_roots()), key=lambda r: sympy.N(r, 30)))
    samples = [spectral.floor_real(points[0]) - 1] if points else [sympy.Integer(0)]
    samples += [spectral.rational_between(a, b) for a, b in zip(points, points[1:])]
    if points:
        samples.append(spectral.rational_between(points[-1], None))
    for value in samples:
        if spectral.compare_real(sympy.sympify(E.eval(value)), 0) < 0:
            return False, value
    return True, None
