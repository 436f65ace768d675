"""The number field of a set of exact coefficients: QQ, or the algebraic extension QQ(theta) they generate.

A tableau such as Gauss-Legendre-4 (sqrt(3)) or SDIRK-3 (a root of 6x^3 - 18x^2 + 9x - 1) is exact over
QQ(sqrt(3)) or QQ(gamma); sympy's ``AlgebraicField`` (``QQ.algebraic_field``, the domain ``DomainMatrix`` takes)
does the arithmetic there exactly, as polynomials in a primitive element modulo its minimal polynomial, so
equality is decided, not simplified.  The generators are the radicals (rational powers of positive real algebraic
numbers, nested too: sqrt(2 + sqrt(3))), the cosines and sines of rational multiples of pi (cos(pi/18): Crouzeix's
order-4 DIRK, a root of a cubic in casus irreducibilis, has no real radical form) and ``CRootOf`` numbers in the
coefficients; anything else (pi itself, exp(1), a complex number) is not accepted.
"""
from __future__ import annotations

import functools
import math
from fractions import Fraction

import sympy
from sympy import QQ
from sympy.polys.polyerrors import CoercionFailed

from verify.engines import branch_tracking, rational
from verify.errors import BranchNotFollowed, UndecidableError


MAX_DEGREE = 16  # QQ(sqrt(2), sqrt(3), sqrt(5), sqrt(7)) at most


class NotAlgebraic(UndecidableError):
    """A coefficient is not a real algebraic number written with radicals, cos or sin of a rational multiple of pi, or
    CRootOf, or its field is not built here."""


class NotRootable(UndecidableError):
    """A polynomial equation has no real root on the branch asked for, or the branch is not decided."""


class BranchUndecided(NotRootable):
    """The roots meet on the way from the explicit value (a fold or a collision): no numerical method may pick one."""


def generators(value: sympy.Expr) -> set:
    """The generators in ``value`` (_is_generator): field_of(sorted(generators)) is the field its coefficients lie in
    when they are built from rationals and these."""
    return {a for a in value.atoms(sympy.Pow, sympy.cos, sympy.sin, sympy.CRootOf) if _is_generator(a)}


def _is_generator(e: sympy.Expr) -> bool:
    """Is ``e`` a radical (of a rational, or of a positive number built from other generators: a nested radical), the
    cos or sin of a rational multiple of pi, or a CRootOf number?"""
    if isinstance(e, sympy.CRootOf):
        return True
    if isinstance(e, (sympy.cos, sympy.sin)):
        return (e.args[0] / sympy.pi).is_Rational
    return bool(e.is_Pow and e.exp.is_Rational and not e.exp.is_Integer
                and (e.base.is_Rational or (not e.base.free_symbols and e.base.is_positive is True)))


def _trigonometric(value: sympy.Expr) -> set:
    """The cos(r pi) and sin(r pi), r rational, in ``value``: real algebraic numbers (roots of Chebyshev polynomials)."""
    return {f for f in value.atoms(sympy.cos, sympy.sin) if _is_generator(f)}


MAX_PI_DENOMINATOR = 10**4  # cos(p pi/q) with q beyond this has degree phi(2q)/2 >= sqrt(q)/2 > 16 (MAX_DEGREE): q is not
# factored (sympy's totient of a 51-digit semiprime ran past the time limit; a review of 2026-12-07)


def _trigonometric_degree_bound(generators: list) -> int:
    """A bound on the degree of the field the cos(p pi/q) and sin(p pi/q) in ``generators`` generate together: they all
    lie in the real subfield of QQ(exp(2 pi i / L)), L the lcm of 2q (a cos) and 4q (a sin), of degree phi(L)/2
    (cos(2pi/7), cos(4pi/7), cos(6pi/7) generate a cubic field, not one of degree 27: a review of 2026-12-07)."""
    if not generators:
        return 1
    orders = [(2 if isinstance(g, sympy.cos) else 4) * (g.args[0] / sympy.pi).q for g in generators]
    if max(orders) > 4 * MAX_PI_DENOMINATOR:
        raise NotAlgebraic(f"{max(generators, key=lambda g: (g.args[0] / sympy.pi).q)}: a cosine or sine of p pi/q with q above "
                           f"{MAX_PI_DENOMINATOR} generates a field of degree phi(2q)/2, more than {MAX_DEGREE} (not attempted)")
    return max(1, int(sympy.totient(math.lcm(*(int(n) for n in orders)))) // 2)


def _degree_bound(generator) -> int:
    """An upper bound on the degree of a radical or CRootOf ``generator`` over the field of the generators inside it
    (their own bounds multiply in field_of; the cosines and sines count together, _trigonometric_degree_bound): a
    CRootOf's polynomial's degree, a radical's index."""
    if isinstance(generator, sympy.CRootOf):
        return sympy.degree(generator.poly, generator.poly.gen)
    return int(generator.exp.q)


def _independent_square_roots(generators: set) -> set:
    """The generators with the square roots of rationals thinned to a set whose radicands are independent modulo
    squares (the GF(2) rank of their primes' exponent parities): they generate the same field, of degree 2^rank, so
    sqrt(2), sqrt(3), sqrt(6) count as degree 4, not 8."""
    roots = sorted((g for g in generators if isinstance(g, sympy.Pow) and g.exp == sympy.Rational(1, 2) and g.base.is_Rational),
                   key=sympy.default_sort_key)  # (a nested root's degree counts in full)
    kept, basis = set(), {}  # basis: leading prime -> parity vector (a frozenset of primes with an odd exponent)
    for root in roots:
        base = root.base
        # trial division to 2^20 only (sqrt(10**200 + 1) made factorint run for minutes): a factor left over is
        # taken as a prime, which can only count two roots as independent that are not (a larger degree bound, a
        # field not attempted), never the other way
        vector = frozenset(p for p, e in sympy.factorint(abs(int(base.p)) * int(base.q), limit=2**20, use_rho=False, use_pm1=False, use_ecm=False).items() if e % 2) | (
            frozenset({-1}) if base < 0 else frozenset())
        while vector:
            lead = max(vector)
            if lead not in basis:
                basis[lead] = vector
                kept.add(root)
                break
            vector = vector ^ basis[lead]
    return (generators - set(roots)) | kept


def _one_root_per_base(generators: set) -> set:
    """Radicals of one positive rational base (3**(1/5) and 3**(4/5), which sympy writes for 1/3**(1/5)) as the one
    root base**(1/L), L the lcm of their indices, that generates them all: QQ(3**(1/5)) has degree 5, not 25."""
    by_base: dict = {}
    for g in generators:
        if isinstance(g, sympy.Pow) and g.base.is_Rational and g.base > 0 and g.exp.is_Rational:
            by_base.setdefault(g.base, []).append(g)
    kept = set(generators)
    for base, roots in by_base.items():
        if len(roots) > 1:
            kept -= set(roots)
            kept.add(sympy.Pow(base, sympy.Rational(1, math.lcm(*(int(r.exp.q) for r in roots)))))
    return kept


def field_of(values) -> tuple:
    """(K, [the values as elements of K]) for real algebraic numbers given as sympy expressions."""
    exprs = [sympy.sympify(v) for v in values]
    if all(e.is_Rational for e in exprs):
        return QQ, [QQ.convert(e) for e in exprs]
    found: set = set()
    for e in exprs:
        if e.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):  # a family's formula at a parameter value where it divides by 0
            raise NotAlgebraic(f"{e} is not a number (a coefficient divides by zero at these values)")
        trigonometric = _trigonometric(e)
        rest = e.xreplace({f: sympy.Dummy() for f in trigonometric})  # pi inside cos(r pi) is allowed, nowhere else
        if e.free_symbols or e.is_real is False or rest.has(sympy.pi, sympy.E, sympy.I) or any(
                isinstance(f, sympy.Function) and not isinstance(f, sympy.CRootOf) for f in rest.atoms(sympy.Function)):
            raise NotAlgebraic(f"{e} is not a real algebraic number written as this release reads them (radicals of positive "
                               "numbers, cos or sin of a rational multiple of pi, CRootOf)")
        found |= generators(e)
    found = _independent_square_roots(_one_root_per_base(found))
    trigonometric = [g for g in found if isinstance(g, (sympy.cos, sympy.sin))]
    degree = _trigonometric_degree_bound(trigonometric)  # they share one field: not a factor each
    for g in found:  # a bound on [K : QQ]: the primitive element of a large field is slow to find
        if g not in trigonometric:
            degree *= _degree_bound(g)
    if degree > MAX_DEGREE:
        raise NotAlgebraic(f"the coefficients generate a field of degree up to {degree} over QQ (more than {MAX_DEGREE}: not attempted)")
    if len(found) == 1 and isinstance(next(iter(found)), sympy.CRootOf):
        root = next(iter(found))
        field = root_field(root)
        try:
            return field, [in_root_field(field, root, e) for e in exprs]
        except (sympy.PolynomialError, CoercionFailed):
            pass  # the root in a denominator: sympy places the value
    else:
        field = QQ.algebraic_field(*sorted(found, key=sympy.default_sort_key))
    try:
        return field, [from_sympy(field, e) for e in exprs]
    except (CoercionFailed, NotImplementedError, ValueError) as exc:
        raise NotAlgebraic(f"the coefficients could not be placed in {field} (this release builds the field of radicals, cos and "
                           f"sin of rational multiples of pi and CRootOf numbers): {exc}") from None


def from_sympy(field, value: sympy.Expr):
    """``value`` (a sympy number built from rationals and the field's generators by +, * and integer powers) as an
    element of ``field``, by that arithmetic in the field: each radical or CRootOf in it is placed once per field
    (_atom: sympy's from_sympy, which finds the atom's minimal polynomial), not each value (5-10 ms a value for
    QQ(sqrt(2), sqrt(3)), 0.1 ms this way).  A division by a value that is 0 in the field, an atom outside the field
    (sqrt(3)*sqrt(3) unevaluated, in QQ(sqrt(2))), or a part of another shape (a function, a non-integer power of a
    non-rational): sympy's from_sympy on the whole value."""
    try:
        return _walk(field, field, {}, value)
    except (ZeroDivisionError, NotImplementedError, CoercionFailed):  # CoercionFailed: an atom outside the field
        return field.from_sympy(value)


def polynomial_from_sympy(field, symbols: tuple, value: sympy.Expr):
    """``value``, a polynomial in ``symbols`` whose coefficients are built from rationals and the field's generators,
    as an element of field[symbols], by the ring's arithmetic (as from_sympy); NotImplementedError for anything else
    (a negative power of a symbol, a function), CoercionFailed for an atom outside the field."""
    ring = field[tuple(symbols)]
    return _walk(ring, field, dict(zip(symbols, ring.gens)), value)


def _walk(domain, field, gens: dict, e):
    """``e`` in ``domain`` (the field, or a polynomial ring over it whose generators ``gens`` are), by its arithmetic."""
    if e.is_Rational:
        return domain.convert(QQ(int(e.p), int(e.q)))
    if e.is_Add:
        total = domain.zero
        for term in e.args:
            total = total + _walk(domain, field, gens, term)
        return total
    if e.is_Mul:
        product = domain.one
        for factor in e.args:
            product = product * _walk(domain, field, gens, factor)
        return product
    if e.is_Pow and e.exp.is_Integer:
        base = _walk(domain, field, gens, e.base)
        if e.exp >= 0:
            return domain.pow(base, int(e.exp))
        if gens:  # no inverse in a polynomial ring
            raise NotImplementedError(f"{e}: a negative power in a polynomial")
        if not base:
            raise ZeroDivisionError
        return domain.pow(domain.quo(domain.one, base), int(-e.exp))
    if e in gens:
        return gens[e]
    if _is_generator(e):
        atom = _atom(field, e)
        return atom if domain is field else domain.convert_from(atom, field)
    raise NotImplementedError(f"{e} is not built from rationals and the field's generators by +, * and integer powers")


@functools.lru_cache(maxsize=256)
def _atom(field, atom: sympy.Expr):
    """A generator (_is_generator) as an element of ``field`` (sympy's from_sympy: its minimal polynomial)."""
    return field.from_sympy(atom)


@functools.lru_cache(maxsize=32)
def root_field(root: sympy.CRootOf):
    """QQ(root) with ``root`` itself as the primitive element: an element is a polynomial in it over QQ of degree
    below its minimal polynomial's."""
    field = QQ.algebraic_field(root)
    if field.ext.coeffs() != [1, 0]:
        raise NotAlgebraic(f"{root} is not the primitive element of {field}")
    return field


def in_root_field(field, root: sympy.CRootOf, value: sympy.Expr, symbols=()):
    """``value``, a polynomial in ``root`` (and in ``symbols``) with rational coefficients, as an element of
    field = root_field(root) (of field[symbols]): the root read as a fresh symbol, each coefficient evaluated in the
    field by Horner's rule.  sympy's own ``from_sympy`` finds a minimal polynomial per value (about 0.1 s each for
    SDIRK-3's cubic).  PolynomialError when ``value`` is not such a polynomial."""
    value = sympy.sympify(value)
    try:  # by the field's arithmetic (polynomial_from_sympy), 0.35 ms where the Poly below takes 2 ms
        return polynomial_from_sympy(field, tuple(symbols), value) if symbols else _walk(field, field, {}, value)
    except (ZeroDivisionError, NotImplementedError, CoercionFailed):
        pass
    theta = sympy.Dummy("theta")
    polynomial = sympy.Poly(value.xreplace({root: theta}), *symbols, theta, domain=QQ)
    generator = _generator(field, root)
    terms: dict = {}
    for monomial, coefficient in polynomial.terms():
        element = field.convert(coefficient)
        for _ in range(monomial[-1]):
            element = element * generator
        terms[monomial[:-1]] = terms.get(monomial[:-1], field.zero) + element
    if not symbols:
        return terms.get((), field.zero)
    return field[tuple(symbols)].ring.from_dict({m: c for m, c in terms.items() if c})


@functools.lru_cache(maxsize=32)
def _generator(field, root: sympy.CRootOf):
    """``root`` as an element of field = root_field(root) (sympy's from_sympy finds its minimal polynomial: 10 ms)."""
    return field.from_sympy(root)


def is_rational_field(field) -> bool:
    return field is QQ or getattr(field, "is_QQ", False)


def element(field, value):
    """An exact value of the exact path (a gmpy2 rational, an int, a sympy number, or already an element of
    ``field``) as an element of ``field`` (sympy's AlgebraicField; the domain DomainMatrix computes in)."""
    if isinstance(value, field.dtype):
        return value
    if isinstance(value, int):
        return field.convert(QQ(value))
    if hasattr(value, "numerator") and hasattr(value, "denominator"):  # gmpy2.mpq, Fraction
        return field.convert(QQ(int(value.numerator), int(value.denominator)))
    return from_sympy(field, sympy.sympify(value))


def to_sympy(field, value) -> sympy.Expr:
    """An exact value of a run over ``field`` as a sympy number: a Rational, or an algebraic number written in the
    field's generator (1/2 - sqrt(3)/6; 2*CRootOf(...))."""
    if isinstance(value, field.dtype) and not is_rational_field(field):
        return field.to_sympy(value)
    return rational.to_sympy(value)


def _matrix(field, rows):
    from sympy.polys.matrices import DomainMatrix

    return DomainMatrix([[element(field, v) for v in row] for row in rows], (len(rows), len(rows[0]) if rows else 0), field)


def solve(field, matrix, vector) -> list:
    """The exact solution of matrix x = vector over ``field`` (DomainMatrix LU); ZeroDivisionError when singular."""
    try:
        x = _matrix(field, matrix).lu_solve(_matrix(field, [[v] for v in vector])).to_list()
    except Exception as exc:  # sympy raises DMNonInvertibleMatrixError
        raise ZeroDivisionError(f"singular linear system over {field}: {exc}") from None
    return [row[0] for row in x]


def affine_power(field, step, y0, steps: int) -> list:
    """``steps`` applications of an affine map y -> M y + c over ``field``: M and c read off the step at 0 and the unit
    vectors (rational.affine_map: the step map takes rational arguments and returns field elements), then the power of
    [[M, c], [0, 1]] by DomainMatrix (repeated squaring in the field)."""
    n = len(y0)
    matrix, offset = rational.affine_map(step, n)
    rows = [[*matrix[i], offset[i]] for i in range(n)] + [[field.zero] * n + [field.one]]
    power = _matrix(field, rows) ** steps
    result = power * _matrix(field, [[v] for v in y0] + [[field.one]])
    return [row[0] for row in result.to_list()[:n]]


def affine_iterates(field, step, y0, steps: int):
    """Every iterate y_1, ..., y_steps of an affine map y -> M y + c over ``field`` (M and c read off the step as for
    affine_power), by the field's arithmetic: one matrix-vector product a step instead of the step's stage solve
    (Radau IIA-5 over QQ(sqrt(6)): an LU solve in the field at every step, 18 ms, against about 0.1 ms)."""
    n = len(y0)
    matrix, offset = rational.affine_map(step, n)
    y = [field.convert(v) if not isinstance(v, type(field.one)) else v for v in y0]
    for _ in range(steps):
        y = [sum((matrix[i][j] * y[j] for j in range(n) if matrix[i][j]), offset[i]) for i in range(n)]
        yield list(y)


def decide_equal(a: sympy.Expr, b: sympy.Expr) -> bool | None:
    """Whether two closed real numbers are equal, decided exactly in the number field they generate; None when
    they are not both algebraic numbers written with radicals and CRootOf (or their field is too large)."""
    a, b = sympy.sympify(a), sympy.sympify(b)
    if a.is_Rational and b.is_Rational:
        return a == b
    try:
        _, (x, y) = field_of([a, b])
    except NotAlgebraic:
        return None
    return x == y


def _tracked_root(P: sympy.Poly, u, lam, start, in_u: sympy.Poly):
    """continued_root where the roots meet or escape somewhere on the path: the branch followed with certainty by
    interval path tracking (verify.engines.branch_tracking), which proves that it stays a simple root all the way, and
    at lam = 1 the one real root of P(u, 1) in its enclosure, told apart from the others by isolating intervals.
    BranchUndecided where the branch itself folds, meets another root or escapes (no interval passes the test)."""
    terms = {monomial: Fraction(int(c.numerator), int(c.denominator)) for monomial, c in P.terms()}
    try:
        enclosure = branch_tracking.root_enclosure(terms, Fraction(int(start.p), int(start.q)))
    except BranchNotFollowed as exc:
        raise BranchUndecided(f"the roots of {in_u.as_expr().subs(lam, 1)} = 0 may meet or escape on the way from the explicit value "
                              f"{start} (the discriminant or the leading coefficient has a root in (0, 1]), and the branch from it is "
                              f"{exc} (it folds, meets another root or escapes there, or turns too fast to follow): which root "
                              "continues it is not decided") from None
    low, high = (sympy.Rational(v.numerator, v.denominator) for v in enclosure)
    at_end = sympy.Poly(P.as_expr().subs(lam, 1), u, domain=QQ).sqf_part()
    if at_end.degree() < 1:
        raise BranchUndecided(f"{at_end.as_expr()} = 0 at the end of the path from {start}: no root to continue it")
    width = high - low
    if width == 0:  # the enclosure is a point, the root itself
        if at_end.eval(low) != 0:
            raise BranchUndecided(f"the branch from {start} ends at {low}, which does not solve {at_end.as_expr()} = 0")
        return low
    for refinement in range(12):  # isolating intervals narrow enough that only the branch's meets its enclosure
        intervals = [interval for interval, _ in at_end.intervals(eps=width / 2**(4 * refinement + 2))]
        meeting = [k for k, (a, b) in enumerate(intervals) if a <= high and b >= low]
        inside = [k for k in meeting if low <= intervals[k][0] and intervals[k][1] <= high]
        if len(meeting) == 1 and inside:
            return at_end.real_roots(radicals=True)[inside[0]]  # sorted, each root once: the intervals' order
    raise BranchUndecided(f"the branch from {start} ends in [{low}, {high}], and no single root of {at_end.as_expr()} = 0 is told apart there")


def continued_root(equation: sympy.Expr, u: sympy.Symbol, lam: sympy.Symbol, start: sympy.Rational):
    """The real root at lam = 1 of ``equation`` (a polynomial in u and lam with rational coefficients, equal to
    u - start at lam = 0) on the branch that starts at u = start: the root of an implicit step that tends to the
    explicit value as the step's implicit part grows from 0 (SPEC: "the real root that tends to y0 as h -> 0").

    Exact and certain, by counting: where the discriminant in u and the leading coefficient have no root in (0, 1],
    the real roots never meet, so the branch keeps its rank among them.  Its rank is read at a lam_test before the
    branch first crosses u = start (the first positive root of equation(start, lam)): the real roots below ``start``
    there (Sturm count), less the branch itself when it lies below, which for small lam is where -equation(start, lam)
    points.  NotRootable when a root of the discriminant or leading coefficient lies in (0, 1] (the branch may fold
    or meet another: not decided here), or no real root continues."""
    P = sympy.Poly(equation, u, lam, domain=QQ)
    if sympy.Poly(P.as_expr().subs(lam, 0), u) != sympy.Poly(u - start, u):
        raise NotRootable(f"{equation} = 0 does not reduce to u = {start} at lam = 0")
    in_u = sympy.Poly(P.as_expr(), u)
    at_start = sympy.Poly(P.as_expr().subs(u, start), lam, domain=QQ)
    if at_start.is_zero:  # start solves the equation for every lam: the branch stays there
        return start
    critical = sympy.Poly(sympy.expand(in_u.LC() * sympy.discriminant(in_u.as_expr(), u)), lam, domain=QQ)
    if critical.is_zero or any(0 < r <= 1 for r in critical.real_roots()):
        return _tracked_root(P, u, lam, start, in_u)
    square_free = at_start.sqf_part()
    roots_in_lam = square_free.real_roots()  # sorted, each once: the same order as its isolating intervals
    crossings = [i for i, r in enumerate(roots_in_lam) if 0 < r <= 1]
    lam_test = sympy.Integer(1)
    if crossings:  # a rational below the first crossing
        first = roots_in_lam[crossings[0]]
        low = first if first.is_Rational else sympy.Rational(square_free.intervals(eps=sympy.Rational(1, 2**20))[crossings[0]][0][0])
        lam_test = low / 2
    test = sympy.Poly(P.as_expr().subs(lam, lam_test), u, domain=QQ)
    below = test.count_roots(None, start)
    branch_below = bool(at_start.eval(lam_test) > 0)  # near lam = 0, branch - start ~ -equation(start, lam)
    rank = below - int(branch_below)
    roots = sympy.Poly(P.as_expr().subs(lam, 1), u, domain=QQ).real_roots(radicals=True)
    if not 0 <= rank < len(roots):
        raise NotRootable(f"no real root of {in_u.as_expr().subs(lam, 1)} = 0 continues {start}")
    return roots[rank]
