"""Where the spectral radius of an exact amplification matrix lies, certified.

``radius_side``: for a rational matrix, whether its spectral radius is above or
below a bound.  The eigenvalues are the roots of the exact characteristic
polynomial, isolated by sympy (ComplexRootOf.eval_rational has a guaranteed
error bound) and refined until each modulus is certainly on one side; mpmath's
eigenvalues of the same matrix cross-check the result.

``schur_stable``: whether every root of a polynomial with rational
coefficients lies strictly inside the unit circle, decided exactly by the
Schur-Cohn recursion: with p(z) = a_n z^n + ... + a_0 and p*(z) = z^n p(1/z),
all n roots are inside iff |a_n| > |a_0| and all roots of
(a_n p(z) - a_0 p*(z))/z are inside (Rouche's theorem on |z| = 1; Henrici,
Applied and Computational Complex Analysis I, sec. 6.8).

``crossings``: for a matrix depending on one positive parameter H, the H at
which an eigenvalue can cross the unit circle.  An eigenvalue with |z| = 1 of
a real polynomial p is also a root of its reciprocal z^n p(1/z), so such H are
roots of the resultant Res_z(p, z^n p(1/z)) (Schur-Cohn; e.g. Marden, Geometry
of Polynomials, sec. 42-43); between consecutive roots the number of
eigenvalues outside the circle cannot change, so one certified sample decides
each interval.
"""
from __future__ import annotations

import functools

import mpmath
import sympy

from .. import crosscheck
from .common import CheckError

REFINEMENTS = (10, 30, 100)  # decimal digits of the root approximations tried in turn
Z = sympy.Symbol("z")


def _modulus_squared_bounds(root, digits):
    """[lo, hi] containing |root|^2, from a rational approximation within 10^-digits in each component."""
    if root.is_Rational:  # a rational eigenvalue (a linear factor) is known exactly
        return root**2, root**2
    eps = sympy.Rational(1, 10**digits)
    approximation = root.eval_rational(dx=eps, dy=eps, n=digits + 5)
    bounds = []
    for part in approximation.as_real_imag():
        low = max(abs(part) - eps, 0)
        bounds.append((low**2, (abs(part) + eps) ** 2))
    return bounds[0][0] + bounds[1][0], bounds[0][1] + bounds[1][1]


def characteristic_polynomial(M: sympy.Matrix) -> sympy.Poly:
    return sympy.Poly(M.charpoly(Z).as_expr(), Z, domain=sympy.QQ)


ONE = sympy.Integer(1)


def radius_side(M: sympy.Matrix, bound=ONE, text: str = "1"):
    """(above, radius, digits): is the spectral radius above ``bound`` (else below), an upper bound for it good
    to ``digits`` digits, and the digits the isolation needed.  CheckError when an eigenvalue sits on the circle."""
    square = bound**2
    above, largest, digits_used = False, sympy.Integer(0), 0
    for root in characteristic_polynomial(M).all_roots(radicals=False):
        for digits in REFINEMENTS:
            low, high = _modulus_squared_bounds(root, digits)
            if low > square or high < square:
                break
        else:
            raise CheckError(f"an eigenvalue's modulus is within 1e-{REFINEMENTS[-1]} of {text}: no certified decision (it may lie on the circle)")
        digits_used = max(digits_used, digits)
        largest = max(largest, high)
        above = above or low > square
    radius = sympy.sqrt(largest)
    independent = crosscheck.spectral_radius(M)  # mpmath's QR eigenvalues of the same matrix, at 50 digits
    if abs(independent - crosscheck.mp_value(radius)) > mpmath.mpf(10) ** (-REFINEMENTS[0] + 2):
        raise CheckError(f"the certified spectral radius ≈ {crosscheck.show(crosscheck.mp_value(radius))[:14]} and mpmath's eigenvalues "
                         f"({crosscheck.show(independent)[:14]}) disagree")
    return above, radius, digits_used, independent


def schur_stable(polynomial: sympy.Poly) -> bool:
    """Are all roots of ``polynomial`` (rational coefficients) strictly inside the unit circle?  Exact."""
    coefficients = [sympy.Rational(c) for c in polynomial.all_coeffs()]  # a_n first
    while len(coefficients) > 1:
        leading, constant = coefficients[0], coefficients[-1]
        if abs(leading) <= abs(constant):
            return False
        reversed_ = coefficients[::-1]
        reduced = [leading * a - constant * b for a, b in zip(coefficients, reversed_)]
        coefficients = reduced[:-1]  # the constant term is 0: divide by z
    return True


def crossings(M: sympy.Matrix, variable: sympy.Symbol) -> list:
    """The positive H (exact, sorted) where an eigenvalue of M(H) can lie on the unit circle."""
    p = sympy.Poly(M.charpoly(Z).as_expr(), Z)
    n = p.degree()
    reciprocal = sympy.expand(Z**n * p.as_expr().subs(Z, 1 / Z))
    resultant = sympy.together(sympy.resultant(p.as_expr(), reciprocal, Z))
    numerator = sympy.numer(resultant)
    if numerator == 0:
        raise CheckError("every H has an eigenvalue on the unit circle or reciprocal eigenvalue pairs (the resultant vanishes): "
                         "use a 2x2 model or spectral_radius at concrete H")
    return merge_points([root for root in sympy.Poly(numerator, variable).real_roots() if root > 0])


def positive_roots(expressions, variable) -> list:
    """Every positive root of the numerators and denominators of ``expressions`` in ``variable``."""
    points = []
    for e in expressions:
        numerator, denominator = sympy.fraction(sympy.together(sympy.simplify(e)))
        for part in (numerator, denominator):
            if not part.has(variable):
                continue
            roots = sympy.solveset(part, variable, sympy.Interval.open(0, sympy.oo))
            if roots is sympy.S.EmptySet:
                continue
            if not isinstance(roots, sympy.FiniteSet):
                raise CheckError(f"cannot list the roots of {part} in {variable} > 0")
            points += [sympy.simplify(r) for r in roots]
    return points


def merge_points(*groups) -> list:
    """The distinct real numbers of all groups (exact expressions, possibly in positive symbols), sorted."""
    merged = []
    for value in (v for group in groups for v in group):
        if not any(sympy.simplify(value - q) == 0 for q in merged):
            merged.append(value)

    def before(a, b):
        difference = sympy.simplify(a - b)
        if difference.is_negative:
            return -1
        if difference.is_positive:
            return 1
        raise CheckError(f"cannot order the critical step sizes {a} and {b}")

    return sorted(merged, key=functools.cmp_to_key(before))


def rational_between(a, b) -> sympy.Rational:
    """The rational with the smallest denominator strictly between the real algebraic numbers a < b
    (b None: above a), so that samples read simply."""
    if b is None:
        return sympy.floor(a) + 1
    for q in range(1, 10**6):
        p = sympy.floor(a * q) + 1
        if sympy.Rational(p, q) < b:
            return sympy.Rational(p, q)
    raise CheckError(f"cannot separate {a} and {b} by a rational with a small denominator")
