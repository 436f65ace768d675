"""Where the spectral radius of an exact amplification matrix lies, certified.

``radius_side``: for a rational matrix, whether its spectral radius is above,
on or below a bound.  The eigenvalues are the roots of the exact characteristic
polynomial: a linear factor over QQ, or a quadratic one with complex roots
(|z|^2 = c/a), gives their moduli exactly; the others are isolated by sympy
and refined in python-flint's root balls inside sympy's isolating rectangles
(realsets.box_of_root; ComplexRootOf.eval_rational, with a guaranteed error
bound, where no ball fits) until
each modulus is certainly on one side; Arb's eigenvalues of the same matrix
cross-check the result.

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
import itertools
import math

import flint
import mpmath
import sympy
from sympy.polys.matrices import DomainMatrix
from sympy.polys.polyerrors import CoercionFailed

from verify.engines import crosscheck
from verify.engines import number_field, rational_functions, realsets
from verify.errors import CheckError

REFINEMENTS = (10, 30, 100)  # decimal digits of the root approximations tried in turn
FIRST_BITS = 64  # the first enclosure of a value at a split point: it decides the sign of almost every nonzero one
MAX_NORM_DEGREE = 48  # nested radicals whose field degree may pass this are not eliminated (a review of 2026-12-06: RK4's
# bound in Cardano's form with one radicand changed by 10^-30, degree up to 72, ran past the time limit)
Z = sympy.Symbol("z")


def _modulus_squared_bounds(root, digits):
    """[lo, hi] containing |root|^2, from a rational approximation within 10^-digits in each component."""
    if root.is_Rational:  # a rational eigenvalue (a linear factor) is known exactly
        return root**2, root**2
    box = realsets.box_of_root(root, realsets.bits_for_digits(digits)) if isinstance(root, sympy.CRootOf) else None
    if box is not None:  # python-flint's isolation (0.39 s of the bundled stability claims went to sympy's refinement)
        squares = [(0 if low <= 0 <= high else min(abs(low), abs(high)) ** 2, max(abs(low), abs(high)) ** 2)
                   for low, high in (box[:2], box[2:])]
        return squares[0][0] + squares[1][0], squares[0][1] + squares[1][1]
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


def _moduli_squared(polynomial: sympy.Poly):
    """For each root of ``polynomial`` (rational coefficients), with its multiplicity: (exact |root|^2, None) where
    the factor over QQ gives it exactly (a linear factor; a quadratic a z^2 + b z + c with complex roots, whose
    |z|^2 = c/a, or with b = 0, whose roots +-sqrt(-c/a) have |z|^2 = |c/a|), else (None, the root as a CRootOf of its
    irreducible factor) to be isolated."""
    for factor, multiplicity in polynomial.factor_list()[1]:
        if factor.degree() == 1:
            a, b = factor.all_coeffs()
            yield (-b / a) ** 2, None, multiplicity
        elif factor.degree() == 2 and (factor.discriminant() < 0 or factor.all_coeffs()[1] == 0):
            a, _, c = factor.all_coeffs()  # complex roots: |z|^2 = z conj(z) = c/a; real roots +-sqrt(-c/a): |z|^2 = -c/a
            for _ in range(2):  # (eigenvalues +-sqrt(2) were an error "within 1e-100 of sqrt(2)": a review of 2026-12-07)
                yield abs(c / a), None, multiplicity
        else:
            for root in factor.all_roots(radicals=False):
                yield None, root, multiplicity


def radius_side(M: sympy.Matrix, bound=ONE, text: str = "1"):
    """(side, radius, digits, exact, cross-check): side = sign(spectral radius - ``bound``) (0: an eigenvalue lies on
    the circle |z| = bound and none outside), the radius or an upper bound for it good to ``digits`` digits, the
    digits the isolation needed (0 when every modulus is exact), how many of the roots had an exact modulus, and
    Arb's spectral radius of the same matrix.  The modulus of a root of a linear factor of the characteristic
    polynomial, or of a quadratic one with complex roots or no linear term, is exact; every other root
    is isolated until its modulus is certainly on one side of the bound (CheckError when it is within 1e-100)."""
    square = bound**2
    sides, largest, digits_used, exact_count = [], sympy.Integer(0), 0, 0
    for exact, root, _ in _moduli_squared(characteristic_polynomial(M)):
        if exact is not None:
            exact_count += 1
            sides.append(int(sympy.sign(exact - square)))
            largest = max(largest, exact)
            continue
        for digits in REFINEMENTS:
            low, high = _modulus_squared_bounds(root, digits)
            if low > square or high < square:
                break
        else:
            raise CheckError(f"an eigenvalue's modulus is within 1e-{REFINEMENTS[-1]} of {text}: no certified decision (it may lie on the circle)")
        digits_used = max(digits_used, digits)
        largest = max(largest, high)
        sides.append(1 if low > square else -1)
    radius = sympy.sqrt(largest)
    independent, solver = crosscheck.spectral_radius(M)  # Arb's eigenvalues of the same matrix (python-flint), at 50 digits
    if abs(independent - crosscheck.mp_value(radius)) > mpmath.mpf(10) ** (-REFINEMENTS[0] + 2):
        raise CheckError(f"the certified spectral radius ≈ {crosscheck.show(crosscheck.mp_value(radius), 13)} and {solver}'s eigenvalues "
                         f"({crosscheck.show(independent, 13)}) disagree")
    return max(sides, default=-1), radius, digits_used, exact_count, (independent, solver)


def schur_stable(polynomial: sympy.Poly) -> bool:
    """Are all roots of ``polynomial`` (rational coefficients) strictly inside the unit circle?  Exact."""
    rationals = [sympy.Rational(c) for c in polynomial.all_coeffs()]  # a_n first
    scale = math.lcm(*(int(c.q) for c in rationals))
    coefficients = [int(c.p) * (scale // int(c.q)) for c in rationals]  # integers, fraction-free
    while len(coefficients) > 1:
        leading, constant = coefficients[0], coefficients[-1]
        if abs(leading) <= abs(constant):
            return False
        reversed_ = coefficients[::-1]
        reduced = [leading * a - constant * b for a, b in zip(coefficients, reversed_)]
        content = math.gcd(*reduced[:-1]) or 1  # a positive factor changes no root: without it the coefficients' size doubled
        coefficients = [c // content for c in reduced[:-1]]  # at every step (rho + sigma of a 30-step method: minutes)
    return True


def crossings(M: sympy.Matrix, variable: sympy.Symbol) -> list:
    """The positive H (exact, sorted) where an eigenvalue of M(H) can lie on the unit circle, and where M(H) has a
    pole (an implicit method's entries are rational in H: the characteristic polynomial's coefficients are cleared of
    their common denominator first; a 3x3 backward Euler matrix was an internal error, review of 2026-12-05)."""
    numerator_p, denominator_p = sympy.fraction(sympy.together(M.charpoly(Z).as_expr()))
    p = sympy.Poly(sympy.expand(numerator_p), Z)
    poles = [root for root in sympy.Poly(denominator_p, variable).real_roots() if root > 0] if denominator_p.has(variable) else []
    n = p.degree()
    reciprocal = sympy.expand(Z**n * p.as_expr().subs(Z, 1 / Z))
    resultant = sympy.together(sympy.resultant(p.as_expr(), reciprocal, Z))
    numerator = sympy.numer(resultant)
    if numerator == 0:
        raise CheckError("every H has an eigenvalue on the unit circle or reciprocal eigenvalue pairs (the resultant vanishes): "
                         "use a 2x2 model or spectral_radius at concrete H")
    return merge_points([root for root in sympy.Poly(numerator, variable).real_roots() if root > 0], poles)


def positive_roots(expressions, variable) -> list:
    """Every positive root of the numerators and denominators of ``expressions`` in ``variable``, each once and
    sorted (merge_points): exact real algebraic numbers (sympy's real root isolation, CRootOf where radicals do
    not exist) for a polynomial with rational coefficients; for algebraic coefficients the roots of its norm over
    QQ that are its own (polynomial_sign: a root where it is certainly nonzero belongs to a conjugate alone and is
    left out; one undecided is kept, as an extra split point never changes a verdict); sympy's solveset when other
    (positive) symbols appear.  A factor of the norm over QQ cannot tell them apart: one holding a conjugate's
    root holds one of the expression's own too (for sqrt(2)-coefficients the norm of an irreducible quadratic is
    an irreducible quartic holding both)."""
    points = []
    for e in expressions:
        # a nested radical as the root of its minimal polynomial before the expression is put over one denominator:
        # together() spreads h - (Cardano's form) into coefficients that are no longer the root, and the norm over
        # their radicals ran past any time limit (a review of 2026-12-06)
        e = _nested_radicals_as_roots(e, variable)
        numerator, denominator = sympy.fraction(sympy.together(rational_functions.normal(e)))
        for part in (numerator, denominator):
            if not part.has(variable):
                continue
            part = _nested_radicals_as_roots(part, variable)
            shielded, numbers = _shielded(part)
            if shielded.free_symbols - set(numbers) == {variable} and shielded.is_polynomial(variable):
                polynomial = sympy.Poly(shielded, variable)
                algebraic = bool(numbers) or not (polynomial.domain.is_ZZ or polynomial.domain.is_QQ)
                if algebraic:
                    polynomial = _norm_over_rationals(part, variable)
                if polynomial is not None:
                    points += [r for r, _ in polynomial.real_roots(multiple=False)  # a conjugate's root (nonzero here) left out
                               if compare_real(r, 0) > 0 and (not algebraic or polynomial_sign(part, variable, r) in (0, None))]
                    continue
            if _no_sign_change(part, variable):  # h^3 k^3 + 12 h^2 k^2 + 60 h k + 120 for k > 0 (rk4 on y' = k y): solveset
                continue  # could not list its roots, and there are none (a review of 2026-12-05)
            in_one = _in_one_monomial(part, variable)
            if in_one is not None:
                points += in_one
                continue
            roots = sympy.solveset(part, variable, sympy.Interval.open(0, sympy.oo))
            if roots is sympy.S.EmptySet:
                continue
            if not isinstance(roots, sympy.FiniteSet):
                raise CheckError(f"cannot list the roots of {part} in {variable} > 0")
            points += [sympy.simplify(r) for r in roots]
    return merge_points(points)


def real_roots(part, variable) -> list:
    """The real roots of ``part``, a polynomial in ``variable`` with real algebraic coefficients, exact: over QQ by
    sympy's real root isolation, a linear one at sight, otherwise the real roots of its norm over QQ at which
    ``part`` itself vanishes (polynomial_sign, decided exactly: a conjugate's root is left out; one left undecided is
    kept, as positive_roots keeps it: a zero missed by a pole search could let a claim through).  NotImplementedError
    when the coefficients are not algebraic (pi); CheckError past the norm's degree cap."""
    shielded, numbers = _shielded(part)  # a CRootOf coefficient is not read as a polynomial in ``variable`` (_shielded)
    polynomial = sympy.Poly(shielded, variable)
    if polynomial.degree() == 1:  # the usual factor, linear in each symbol: its root at sight
        a, b = (c.xreplace(numbers) for c in polynomial.all_coeffs())
        return [-b / a] if (a.is_real and b.is_real) else []
    if not numbers and (polynomial.domain.is_ZZ or polynomial.domain.is_QQ):
        return polynomial.real_roots()
    norm = _norm_over_rationals(part, variable)
    if norm is None:
        raise NotImplementedError(f"the roots of {part} in {variable}")
    return [r for r, _ in norm.real_roots(multiple=False) if polynomial_sign(part, variable, r) in (0, None)]


def zeros_at_probes(factor, symbols, probes, inside=None, most: int = 64):
    """Points where the polynomial ``factor`` in ``symbols`` vanishes, one at a time as found (a generator): for each
    symbol in turn, its real roots (real_roots) at values of the others drawn from ``probes`` (symbol -> values, their
    product cut at ``most`` points per symbol), each kept when ``inside(symbol, root)`` says so.  A zero set these
    values miss goes unnoticed: the callers say so.  Shared by the identity check (where one side is undefined) and
    the forall pole search (a pole inside the domains)."""
    for s in symbols:
        others = [o for o in symbols if o != s]
        try:  # linear in s (the usual factor): its two coefficients read once, the root at each probe at sight
            linear = sympy.Poly(factor, s).all_coeffs() if others else None
        except sympy.PolynomialError:
            linear = None
        linear = linear if linear is not None and len(linear) == 2 else None
        for values in itertools.islice(itertools.product(*(probes[o] for o in others)), most):
            point = dict(zip(others, values))
            try:
                if linear is not None:
                    a, b = (c.xreplace(point) for c in linear)
                    roots = [-b / a] if a != 0 and a.is_real and b.is_real else []
                else:
                    roots = real_roots(factor.xreplace(point), s)
            except (sympy.PolynomialError, NotImplementedError, ValueError, TypeError, CheckError):
                continue
            for root in roots:
                if inside is None or inside(s, root):
                    yield {**point, s: root}
        if len(symbols) == 1:
            return


def _in_one_monomial(part, variable) -> list | None:
    """The positive roots in ``variable`` of ``part``, a polynomial over QQ in ``variable`` and other positive symbols
    whose every term is a power of one monomial u = variable^a * prod s^b_s (its exponent vectors all multiples of
    one): part = Q(u) with Q over QQ, u > 0 exactly when variable > 0, and each positive root r of Q gives
    variable = (r / prod s^b_s)^(1/a).  None where ``part`` is not of that form.  RK4 on u' = w, w' = -k u has
    h^8 k^4 - 8 h^6 k^3 + 1152 in its stability test, Q(u) = u^4 - 8u^3 + 1152 with u = h^2 k, which has no
    positive root (its least value on u > 0 is 720, at u = 6); solveset could not list the roots, and a true
    `stable_when` was an error (a review of 2026-12-06)."""
    others = sorted(part.free_symbols - {variable}, key=str)
    if not others or not all(o.is_positive for o in others):
        return None
    try:
        polynomial = sympy.Poly(part, variable, *others)
    except sympy.PolynomialError:
        return None
    if not (polynomial.domain.is_ZZ or polynomial.domain.is_QQ):
        return None
    exponents = [e for e in polynomial.monoms() if any(e)]
    if not exponents:
        return None
    first = exponents[0]
    divisor = functools.reduce(math.gcd, first)
    unit = tuple(e // divisor for e in first)
    if unit[0] <= 0:
        return None
    coefficients = {}  # power of u -> coefficient (each term of the polynomial is its own power)
    for monomial, coefficient in polynomial.terms():
        multiple = monomial[0] // unit[0]
        if tuple(multiple * u for u in unit) != tuple(monomial):
            return None
        coefficients[multiple] = coefficient
    u = sympy.Dummy("u")
    q = sympy.Poly(sum(c * u**k for k, c in coefficients.items()), u)
    scale = sympy.Mul(*(o**b for o, b in zip(others, unit[1:])))
    return [(r / scale) ** sympy.Rational(1, unit[0]) for r in q.real_roots(multiple=True) if r > 0]


def _no_sign_change(part, variable) -> bool:
    """Whether ``part``, a polynomial in ``variable``, has coefficients of one sign under its other symbols'
    assumptions (each nonzero one decided positive, or each negative): by Descartes' rule of signs it then has no
    positive root."""
    try:
        coefficients = [c for c in sympy.Poly(part, variable).all_coeffs() if c != 0]
    except sympy.PolynomialError:
        return False
    signs = {True if c.is_positive else False if c.is_negative else None for c in coefficients}
    return bool(coefficients) and None not in signs and len(signs) == 1


def vanishes_at(polynomial, variable, point) -> bool | None:
    """Is polynomial(point) = 0, for a polynomial in ``variable`` with real algebraic coefficients (radicals,
    CRootOf) and a real algebraic ``point``?  Decided exactly: with f the minimal polynomial of ``point`` over QQ
    (a CRootOf's own defining factor) and g = gcd(polynomial, f) over the coefficients' field K
    (verify.engines.number_field; a gcd does not change in a larger field), polynomial(point) = 0 iff g(point) =
    0.  g = 1 says no, g = f yes; otherwise f = g * (f/g), and f, irreducible over QQ, has no repeated root, so
    exactly one of g, f/g vanishes at ``point``: enclosures of both, refined, show which one cannot.  Each step
    rests on f(point) = 0 alone, true by construction for a rational or a CRootOf (sympy's minimal_polynomial
    otherwise; an enclosure of f(point) must hold 0), and were f to have a repeated root both enclosures would
    keep 0 and the answer be None.  None also when K or the gcd cannot be formed or the enclosures do not
    separate within realsets.MAX_BITS."""
    try:
        shielded, numbers = _shielded(sympy.sympify(polynomial))
        P = sympy.Poly(shielded, variable)
        if P.is_zero:
            return True
        field, coefficients = number_field.field_of([c.xreplace(numbers) for c in P.all_coeffs()])
        P = sympy.Poly.from_list(coefficients, variable, domain=field)
        f = sympy.Poly.from_list(_annihilating(point).all_coeffs(), variable, domain=field)
        if _nonzero(f, variable, point, FIRST_BITS):  # f(point) = 0 is what everything below rests on
            return None
        common = P.gcd(f)
        cofactor = f.quo(common)
        if common.degree() <= 0:
            return False
        if cofactor.degree() <= 0:
            return True
        bits = FIRST_BITS
        while bits <= realsets.MAX_BITS:
            if _nonzero(common, variable, point, bits):
                return False
            if _nonzero(cofactor, variable, point, bits):
                return True
            bits *= 2
    except (NotImplementedError, ValueError, TypeError, ArithmeticError, sympy.PolynomialError, CoercionFailed):
        return None  # (number_field's NotAlgebraic and CheckError are ValueErrors)
    return None  # a repeated root of f (not a minimal polynomial after all): both factors vanish


def _annihilating(point) -> sympy.Poly:
    """A polynomial over QQ vanishing at the real algebraic ``point`` by construction where it can be read off
    (x - point for a rational, the defining polynomial of a CRootOf), else sympy's minimal polynomial."""
    x = sympy.Dummy("x")
    if point.is_Rational:
        return sympy.Poly(x - point, x)
    if isinstance(point, sympy.CRootOf):
        return sympy.Poly(point.poly.as_expr(), point.poly.gen)
    return sympy.Poly(sympy.minimal_polynomial(point, x), x)


ROOT_FORM_DEGREE = 8  # a nested radical is written as a CRootOf of its minimal polynomial up to this degree


def _nested_radicals_as_roots(part, variable):
    """``part`` with each coefficient (in ``variable``) that holds a nested radical written as the CRootOf of its
    minimal polynomial: RK4's interval end in Cardano's form, 4/3 + (172/27 + 4 sqrt(29)/3)^(1/3) - ..., is the real
    root of h^3 - 4h^2 + 12h - 24, and the norm over QQ of h minus it, taken over its nested generators, ran past
    any time limit.  The root is the one whose isolating interval meets an enclosure of the number (the number is
    a root of its minimal polynomial, computed exactly, and the isolating intervals are disjoint), so the rewrite is
    exact; any coefficient it cannot place (degree above ROOT_FORM_DEGREE, an enclosure meeting two intervals) stays
    as it was."""
    try:
        polynomial = sympy.Poly(part, variable)
    except sympy.PolynomialError:
        return part
    terms = polynomial.terms()
    rewritten = [(monomial, _root_form(c) if _nested(c) else c) for monomial, c in terms]
    if all(new is old for (_, new), (_, old) in zip(rewritten, terms)):
        return part
    return sympy.Add(*(c * variable**monomial[0] for monomial, c in rewritten))


def _nested(number) -> bool:
    """A number with a radical of a non-rational base ((172/27 + 4*sqrt(29)/3)**(1/3))."""
    return number.is_number and any(p.exp.is_Rational and not p.exp.is_Integer and not p.base.is_Rational for p in number.atoms(sympy.Pow))


def _root_form(number):
    x = sympy.Dummy("x")
    try:
        minimal = sympy.Poly(sympy.minimal_polynomial(number, x), x)
    except (NotImplementedError, ValueError, sympy.PolynomialError):
        return number
    if minimal.degree() > ROOT_FORM_DEGREE or not minimal.domain.is_ZZ:
        return number
    low, high = crosscheck.rational_enclosure(number)
    if low is None:
        return number
    intervals = minimal.intervals(eps=max(high - low, sympy.Rational(1, 2**200)))
    meeting = [i for i, ((a, b), _) in enumerate(intervals) if not (b < low or a > high)]
    if len(meeting) != 1:
        return number
    return sympy.CRootOf(minimal, meeting[0])


def _shielded(expression) -> tuple:
    """(``expression`` with each CRootOf number replaced by a Dummy, {Dummy: the number}).  A CRootOf keeps the
    polynomial it was made from, in that polynomial's own symbol: CRootOf(6 h^3 - 18 h^2 + 9 h - 1, 1) holds h, and
    sympy's cache hands back the first CRootOf made for equal polynomials, so one asked for in x may hold h.
    Substituting for h, or reading the expression as a polynomial in h, must not enter it."""
    numbers = {root: sympy.Dummy() for root in expression.atoms(sympy.CRootOf)}
    return expression.xreplace(numbers), {d: root for root, d in numbers.items()}


def at(expression, variable, point):
    """``expression`` with ``point`` for ``variable``, its CRootOf numbers left alone (_shielded)."""
    shielded, numbers = _shielded(expression)
    return shielded.xreplace({variable: point}).xreplace(numbers)


def _nonzero(polynomial: sympy.Poly, variable, point, bits: int) -> bool:
    """Does an enclosure of polynomial(point) at ``bits`` bits exclude 0?"""
    low, high = realsets.enclosure(sympy.expand(at(polynomial.as_expr(), variable, point)), bits)
    return low > 0 or high < 0


def polynomial_sign(polynomial, variable, point) -> int | None:
    """The sign of polynomial(point) (as in vanishes_at): an enclosure first, the exact zero test when it holds 0,
    then finer enclosures (a nonzero value is separated from 0 eventually).  None when undecided."""
    value = sympy.expand(at(polynomial, variable, point))
    if value.is_Rational:
        return int(sympy.sign(value))
    try:
        low, high = realsets.enclosure(value, FIRST_BITS)
        if low > 0 or high < 0:
            return 1 if low > 0 else -1
        zero = vanishes_at(polynomial, variable, point)
        if zero:
            return 0
        bits = 2 * FIRST_BITS
        while bits <= realsets.MAX_BITS:
            low, high = realsets.enclosure(value, bits)
            if low > 0 or high < 0:
                return 1 if low > 0 else -1
            bits *= 2
    except (ValueError, TypeError, ArithmeticError):  # no enclosure (CrossCheckUnavailable is a ValueError)
        return None
    return None


def sign_at(expression, variable, point) -> int:
    """The sign of ``expression``, a rational function of ``variable`` with real algebraic coefficients, at the
    real algebraic ``point`` (a split point: a root of the norm of some compared expression, often of this one,
    where the value is exactly 0 and no enclosure can say so): numerator and denominator by polynomial_sign.
    CheckError at a pole or when a sign is not decided."""
    numerator, denominator = sympy.fraction(sympy.together(rational_functions.normal(expression)))
    top, bottom = polynomial_sign(numerator, variable, point), polynomial_sign(denominator, variable, point)
    if bottom == 0:
        raise CheckError(f"{variable} = {point} is a pole of a compared expression (its denominator vanishes there)")
    if top is None or bottom is None:
        raise CheckError(f"cannot decide the sign of {expression} at {variable} = {point}")
    return top * bottom


def _norm_over_rationals(part, variable):
    """A polynomial over QQ whose roots include those of ``part``, a polynomial in ``variable`` whose coefficients
    are algebraic numbers (SDIRK-3's CRootOf gamma, sqrt(2)): each algebraic generator g with minimal polynomial
    m is eliminated by the resultant res_g(P, m(g)), the norm of P from QQ(g) down to QQ (Cohen, A Course in
    Computational Algebraic Number Theory, sec. 3.6.2).  Its extra roots (those of P's conjugates) would be
    harmless split points, but are not P's: positive_roots leaves them out.  None when a
    coefficient is not algebraic or the norm vanishes (then solveset is asked)."""
    expression = part
    found = _algebraic_generators(expression)
    if len(found) > 1 and all(isinstance(a, sympy.CRootOf) or a.base.is_Rational for a in found):
        return _norm_of_independent_generators(expression, variable, found)
    degree = _degree_bound(found)
    if degree > MAX_NORM_DEGREE:  # nested radicals: the resultants over them would not end in any time limit
        raise CheckError(f"cannot list the roots of {part} in {variable} > 0: its coefficients lie in a field of degree up to "
                         f"{degree} over the rationals (more than {MAX_NORM_DEGREE}); write the bound as a root of its "
                         "polynomial in a simpler form")
    while remaining := _algebraic_generators(expression):
        number, g = remaining[0], sympy.Dummy("g")
        try:
            minimal = number.poly.as_expr().subs(number.poly.gen, g) if isinstance(number, sympy.CRootOf) else sympy.minimal_polynomial(number, g)
            expression = sympy.resultant(sympy.expand(expression.xreplace({number: g})), minimal, g)
        except (sympy.PolynomialError, NotImplementedError):  # a generator left inside another: solveset is asked
            return None
    try:
        norm = sympy.Poly(sympy.expand(expression), variable)
    except sympy.PolynomialError:
        return None
    if norm.is_zero or not (norm.domain.is_ZZ or norm.domain.is_QQ):
        return None
    return norm


def _algebraic_generators(e) -> list:
    """The CRootOf numbers and radicals (numbers to a non-integer power) in ``e``, outermost first (sqrt(2*sqrt(2) - 2)
    before sqrt(2)), in a fixed order whatever the hash seed."""
    found = [a for a in e.atoms(sympy.CRootOf, sympy.Pow) if not a.free_symbols and (isinstance(a, sympy.CRootOf) or not a.exp.is_Integer)]
    return sorted(found, key=lambda a: (-sympy.count_ops(a), sympy.default_sort_key(a)))


def _degree_bound(generators) -> int:
    """An upper bound on the degree over QQ of the field the algebraic ``generators`` generate: the product of each
    one's bound (a CRootOf: its polynomial's degree; b**(p/q): q times the bound of b's own generators)."""
    bound = 1
    for g in generators:
        if isinstance(g, sympy.CRootOf):
            bound *= g.poly.degree()
        else:
            bound *= int(g.exp.q) * _degree_bound(_algebraic_generators(g.base)) if g.exp.is_Rational else MAX_NORM_DEGREE + 1
    return bound


def _norm_of_independent_generators(expression, variable, found):
    """_norm_over_rationals when no generator holds another (radicals of rationals, CRootOf of rational polynomials):
    each replaced by a symbol of its own at once, the polynomial read over QQ in the variable and those symbols, and
    the symbols eliminated one after another by resultants over QQ (the generator-by-generator loop kept the others
    as radicals inside, and sympy's resultant over them took 3.5 s for a quadratic in h over QQ(sqrt(2), sqrt(3)),
    this 0.014 s).  The same norm up to a constant factor (only its roots are read)."""
    symbols = [sympy.Dummy(f"g{i}") for i in range(len(found))]
    try:
        gens = (variable, *symbols)
        polynomial = sympy.Poly(sympy.expand(expression.xreplace(dict(zip(found, symbols)))), *gens, domain=sympy.QQ)
        minimals = [sympy.Poly(number.poly.as_expr().subs(number.poly.gen, g) if isinstance(number, sympy.CRootOf)
                               else sympy.minimal_polynomial(number, g), *gens, domain=sympy.QQ) for number, g in zip(found, symbols)]
        norm = sympy.Poly.from_dict(_resultants_in_flint(polynomial, minimals), variable, domain=sympy.QQ)
    except (sympy.PolynomialError, NotImplementedError, sympy.polys.polyerrors.CoercionFailed):
        return None
    return None if norm.is_zero else norm


def _resultants_in_flint(polynomial: sympy.Poly, minimals) -> dict:
    """Eliminate the generators after the first from ``polynomial`` (a Poly over QQ in (x, g1, ..., gk)), one after
    another, by the resultant with ``minimals[i]`` (a Poly in g_i alone, over the same generators), in python-flint's
    fmpq_mpoly (sympy's dense resultant took 8.6 s for the norm over QQ(sqrt(2), ..., sqrt(13)), flint 0.01 s).
    Returns the result as {(degree in x,): coefficient} for Poly.from_dict."""
    names = [f"v{i}" for i in range(len(polynomial.gens))]
    context = flint.fmpq_mpoly_ctx.get(names, "lex")

    def to_flint(p: sympy.Poly):
        return context.from_dict({monomial: flint.fmpq(int(c.numerator), int(c.denominator)) for monomial, c in p.terms()})

    result = to_flint(polynomial)
    for name, minimal in zip(names[1:], minimals):
        result = result.resultant(to_flint(minimal), name)
    terms = {}
    for monomial, c in result.to_dict().items():
        if any(monomial[1:]):
            raise sympy.PolynomialError("a generator was not eliminated")
        terms[(monomial[0],)] = sympy.Rational(int(c.numer()), int(c.denom()))
    return terms


def merge_points(*groups) -> list:
    """The distinct real numbers of all groups (exact expressions, possibly in positive symbols), sorted;
    numbers are ordered rigorously (verify.checks.realsets.compare), expressions in symbols by sympy."""
    merged = []

    def before(a, b):
        if not (a.free_symbols or b.free_symbols):
            return compare_real(a, b)
        difference = sympy.simplify(a - b)
        if difference.is_zero:
            return 0
        if difference.is_negative:
            return -1
        if difference.is_positive:
            return 1
        raise CheckError(f"cannot order the critical step sizes {a} and {b}")

    for value in (v for group in groups for v in group):
        if not any(before(value, q) == 0 for q in merged):
            merged.append(value)
    return sorted(merged, key=functools.cmp_to_key(before))


def rational_between(a, b) -> sympy.Rational:
    """The rational with the smallest denominator (up to 1000) strictly between the real algebraic numbers
    a < b, so that samples read simply (b None: the integer above a); every comparison rigorous."""
    if b is None:
        return floor_real(a) + 1
    # one enclosure of each end decides almost every floor and comparison below in rationals; only what it leaves
    # open is decided by floor_real and compare_real (a bound 1e-30 from a root: 1000 denominators, 2.2 s -> 0.3 s)
    (a_low, a_high), (b_low, b_high) = realsets.enclosure(sympy.expand(sympy.sympify(a)), 256), realsets.enclosure(sympy.sympify(b), 256)
    for q in range(1, 1001):
        below, above = sympy.floor(a_low * q), sympy.floor(a_high * q)
        p = (below if below == above else floor_real(a * q)) + 1
        candidate = sympy.Rational(p, q)
        if candidate < b_low or (candidate < b_high and compare_real(candidate, b) < 0):
            return candidate
    return realsets.rational_between(a, b)


def floor_real(value) -> sympy.Integer:
    """floor(value) of a real algebraic number, from enclosures narrow enough to settle it."""
    value = sympy.expand(sympy.sympify(value))
    if value.is_Rational:
        return sympy.floor(value)
    bits = 64
    while bits <= realsets.MAX_BITS:
        low, high = realsets.enclosure(value, bits)
        if sympy.floor(low) == sympy.floor(high):
            return sympy.floor(low)
        bits *= 2
    near = sympy.floor(high)
    return near if compare_real(value, near) >= 0 else near - 1


def compare_real(a, b) -> int:
    """sign(a - b) for real algebraic numbers, rigorously (exact for rationals)."""
    return realsets.compare(sympy.expand(sympy.sympify(a)), sympy.sympify(b))


def power_bounded_at(M: sympy.Matrix, variable: sympy.Symbol, point: sympy.Expr) -> tuple[bool, str]:
    """Is y -> M y power-bounded at ``variable = point`` (an algebraic number, e.g. a split point 9 - sqrt(69))?

    The characteristic polynomial is factored over QQ(point); each irreducible factor's roots are placed
    exactly: degree 1 and 2 by |root|^2 against 1 (a complex pair of a z^2 + b z + c has |z|^2 = c/a),
    higher degrees by the Schur-Cohn test with algebraic coefficients.  Bounded when no root is outside the
    unit circle and each root on it is simple (a simple eigenvalue is semisimple).  CheckError when a factor
    cannot be placed.  Returns (bounded, how)."""
    Mp = M.applyfunc(lambda entry: sympy.expand(at(entry, variable, point)))
    return roots_bounded(_characteristic_polynomial(Mp), point, f"{variable} = {point}")


def _characteristic_polynomial(M: sympy.Matrix) -> sympy.Expr:
    """det(Z I - M), expanded, for a matrix of numbers: over the number field of its entries by DomainMatrix (a 6x6
    matrix over QQ(sqrt(69)): 6 ms against 40-80 ms for sympy's Berkowitz on expressions), else by Berkowitz (also
    for CRootOf entries: sympy finds their field's primitive element through minimal polynomials, for seconds)."""
    exact = None
    if not M.atoms(sympy.CRootOf):
        try:
            exact = DomainMatrix.from_list_sympy(*M.shape, M.tolist(), extension=True)
        except (CoercionFailed, NotImplementedError, ValueError, TypeError):
            pass
    if exact is None or exact.domain.is_EX or getattr(exact.domain, "is_EXRAW", False):
        return sympy.expand(M.charpoly(Z, simplify=sympy.expand).as_expr())
    coefficients = exact.charpoly()
    degree = len(coefficients) - 1
    return sympy.expand(sympy.Add(*(exact.domain.to_sympy(c) * Z**(degree - k) for k, c in enumerate(coefficients))))


def roots_bounded(polynomial: sympy.Expr, point: sympy.Expr, where: str, recurrence: bool = False, variable_name: str = "z") -> tuple[bool, str]:
    """The root condition for a polynomial in Z whose coefficients lie in QQ(point): no root outside the unit
    circle, every root on it simple.  Factored over QQ(point), each factor placed exactly (see power_bounded_at).
    For the characteristic polynomial of a matrix a repeated root on the circle is undecided (the matrix may be
    semisimple); for a linear recurrence (``recurrence``, a multistep method) it grows like n zeta^n: unbounded."""
    extension = [] if point.is_Rational else [a for a in point.atoms(sympy.Pow) if a.exp.is_Rational and not a.exp.is_Integer]
    on_circle = []  # factor_list over QQ cannot see z + 1 dividing a polynomial over the field of a CRootOf split point
    if polynomial.atoms(sympy.CRootOf):
        polynomial, on_circle = _without_roots_plus_minus_one(polynomial)
    try:
        _, factors = sympy.factor_list(polynomial, Z, extension=extension or None)
    except (NotImplementedError, sympy.PolynomialError) as exc:
        raise CheckError(f"cannot factor the characteristic polynomial at {where}: {exc}") from None
    factors = on_circle + [(f, m) for f, m in factors if f.has(Z)]  # z - 1 and z + 1 first, as factor_list lists linear factors
    placed = []
    bounded = True
    for factor, multiplicity in factors:
        f = sympy.Poly(factor, Z)
        place = _place_roots(f)
        if place == "on" and multiplicity > 1 and not recurrence:
            raise CheckError(f"at {where} the roots of {factor} lie on the unit circle with multiplicity {multiplicity}: "
                             "semisimplicity is not decided")
        bounded = bounded and place != "outside" and not (place == "on" and multiplicity > 1)
        shown = factor.xreplace({Z: sympy.Symbol(variable_name)}) if variable_name != "z" else factor
        repeated = " (repeated: the root condition fails)" if place == "on" and multiplicity > 1 else ""
        placed.append(f"({shown}){'^' + str(multiplicity) if multiplicity > 1 else ''}: {_placement_text(place, f.degree())}{repeated}")
    return bounded, "; ".join(placed)


def _without_roots_plus_minus_one(polynomial) -> tuple:
    """The polynomial in Z with its roots 1 and -1 divided out, each decided exactly in the field of its coefficients
    (number_field.decide_equal), and [(Z - r, multiplicity)] for them.  factor_list does not see them over the field
    of a CRootOf split point: at the root r of 2H^3 - 4H^2 + 9H - 2, frozen-slow Euler's cubic is exactly (z + 1)
    times a quadratic, and 'cannot place the roots of the degree-3 factor' was an error (a review of 2026-12-06)."""
    found = []
    for r in (1, -1):
        count = 0
        while sympy.Poly(polynomial, Z).degree() > 0:
            value = sympy.expand(polynomial.xreplace({Z: r}))
            if not (value == 0 or (value.is_number and number_field.decide_equal(value, 0) is True)):
                break
            polynomial = sympy.expand(sympy.Poly(polynomial, Z).div(sympy.Poly(Z - r, Z))[0].as_expr())
            count += 1
        if count:
            found.append((Z - r, count))
    return polynomial, found


def _placement_text(place: str, degree: int) -> str:
    """What _place_roots found, said of the factor's roots as it is true of them: a quadratic with roots 2 +- sqrt(3)
    has one root outside, not "roots outside" (review of 2026-12-05)."""
    if degree == 1:
        return f"its root {place} the unit circle"
    return {"inside": "every root inside the unit circle", "on": "no root outside the unit circle, one at least on it",
            "outside": "a root outside the unit circle"}[place]


def _place_roots(f: sympy.Poly) -> str:
    """'inside', 'on' or 'outside' the unit circle for every root of the irreducible factor f (irreducible over the
    field of its coefficients, so over QQ when they are rational); else CheckError."""
    coefficients = [sympy.expand(c) for c in f.all_coeffs()]
    if f.degree() == 1:
        root = -coefficients[1] / coefficients[0]
        return {-1: "inside", 0: "on", 1: "outside"}[compare_real(root**2, 1)]
    if f.degree() == 2:
        a, b, c = coefficients
        if compare_real(b**2 - 4 * a * c, 0) < 0:  # a complex pair: |z|^2 = c/a
            return {-1: "inside", 0: "on", 1: "outside"}[compare_real(c / a, 1)]
        roots = [(-b + s * sympy.sqrt(b**2 - 4 * a * c)) / (2 * a) for s in (1, -1)]
        places = {compare_real(r**2, 1) for r in roots}
        if len(places) == 1:
            return {-1: "inside", 0: "on", 1: "outside"}[places.pop()]
        return "outside" if 1 in places else "on"  # mixed: what matters is whether any root is outside
    if all(c.is_Rational for c in coefficients) and coefficients == coefficients[::-1] and f.degree() % 2 == 0:
        return _self_reciprocal_place(coefficients)
    rational = all(c.is_Rational for c in coefficients)
    # rational coefficients: the integer Schur-Cohn test with the content divided out at every step (in sympy
    # expressions their size doubled at every step: Sand's 17-step method took 0.95 s in one factor of degree 16)
    if schur_stable(sympy.Poly.from_list(coefficients, Z)) if rational else _schur_stable_algebraic(coefficients):
        return "inside"
    if rational:
        # Not all roots inside (Schur-Cohn is exact), and none on the circle: a root zeta there would make 1/zeta =
        # conj(zeta) one too, so f would share a root with its reversal z^n f(1/z) and, irreducible over QQ, divide
        # it: f would be self-reciprocal (placed above) or anti-self-reciprocal (then f(1) = 0, so f = z - 1, degree
        # 1).  So a root lies outside (BDF7's sextic: isolating its roots in CRootOf took 0.4 s).
        return "outside"
    if compare_real(coefficients[-1] ** 2, coefficients[0] ** 2) > 0:  # |product of the roots| > 1: one is outside
        return "outside"
    raise CheckError(f"cannot place the roots of the degree-{f.degree()} factor {f.as_expr()} (not all inside the unit circle)")


def _self_reciprocal_place(coefficients) -> str:
    """An irreducible rational f of degree 2m with f(z) = z^(2m) f(1/z) (the only irreducible kind, of degree >= 2,
    that can have a root on the unit circle: with zeta so is 1/conj(zeta)).  Its roots pair as zeta, 1/zeta, so
    they are all on the circle or some are outside.  With w = z + 1/z, f(z) = z^m q(w), q(w) = a_m + sum_j a_(m+j)
    D_j(w) (D_0 = 2, D_1 = w, D_(j+1) = w D_j - D_(j-1)); the roots are on the circle exactly when q has m real roots
    in [-2, 2] (counted exactly, by Sturm sequences)."""
    m = (len(coefficients) - 1) // 2
    ascending = coefficients[::-1]
    w = sympy.Symbol("w")
    chebyshev = [sympy.Integer(2), w]
    for _ in range(2, m + 1):
        chebyshev.append(sympy.expand(w * chebyshev[-1] - chebyshev[-2]))
    q = sympy.Poly(ascending[m] + sum(ascending[m + j] * chebyshev[j] for j in range(1, m + 1)), w)
    return "on" if q.count_roots(-2, 2) == m else "outside"


def _schur_stable_algebraic(coefficients) -> bool:
    """schur_stable for real algebraic coefficients, comparisons decided by enclosures.  Coefficients in one real
    CRootOf r are kept as polynomials in r reduced modulo its minimal polynomial (degree below it): expanded as sympy
    expressions they grew at every reduction, and BDF6 written by its coefficients took 40 s on its real stability
    interval at a split point of degree 5 (review of 2026-12-05)."""
    roots = set().union(*(c.atoms(sympy.CRootOf) for c in coefficients))
    if len(roots) == 1:
        root = roots.pop()
        r = sympy.Dummy("r")
        minimal = sympy.Poly(root.poly.as_expr(), root.poly.gen).as_expr().subs(root.poly.gen, r)
        reduce = lambda e: sympy.rem(sympy.expand(e), minimal, r)  # noqa: E731  a polynomial in r of degree below the root's
        coefficients = [reduce(c.xreplace({root: r})) for c in coefficients]
        value = lambda e: e.xreplace({r: root})  # noqa: E731
    else:
        reduce, value = sympy.expand, (lambda e: e)
    while len(coefficients) > 1:
        leading, constant = coefficients[0], coefficients[-1]
        if compare_real(value(reduce(leading**2)), value(reduce(constant**2))) <= 0:
            return False
        reduced = [reduce(leading * a - constant * b) for a, b in zip(coefficients, coefficients[::-1])]
        coefficients = reduced[:-1]
    return True
