"""The number field of a set of exact coefficients: QQ, or the algebraic extension QQ(theta) they generate.

A tableau such as Gauss-Legendre-4 (sqrt(3)) or SDIRK-3 (a root of 6x^3 - 18x^2 + 9x - 1) is exact over
QQ(sqrt(3)) or QQ(gamma); sympy's ``AlgebraicField`` (``QQ.algebraic_field``, the domain ``DomainMatrix`` takes)
does the arithmetic there exactly, as polynomials in a primitive element modulo its minimal polynomial, so
equality is decided, not simplified.  The generators are the radicals (rational powers of rationals) and
``CRootOf`` numbers in the coefficients; anything else (pi, exp(1), a complex number) is not accepted.
"""
from __future__ import annotations

import sympy
from sympy import QQ
from sympy.polys.polyerrors import CoercionFailed

from verify.errors import UndecidableError


MAX_DEGREE = 16  # QQ(sqrt(2), sqrt(3), sqrt(5), sqrt(7)) at most


class NotAlgebraic(UndecidableError):
    """A coefficient is not a real algebraic number written with radicals or CRootOf."""


def _generators(value: sympy.Expr) -> set:
    radicals = {a for a in value.atoms(sympy.Pow) if a.exp.is_Rational and not a.exp.is_Integer and a.base.is_Rational}
    return radicals | value.atoms(sympy.CRootOf)


def field_of(values) -> tuple:
    """(K, [the values as elements of K]) for real algebraic numbers given as sympy expressions."""
    exprs = [sympy.sympify(v) for v in values]
    if all(e.is_Rational for e in exprs):
        return QQ, [QQ.convert(e) for e in exprs]
    generators: set = set()
    for e in exprs:
        if e.free_symbols or e.is_real is False or e.has(sympy.pi, sympy.E, sympy.I) or any(
                isinstance(f, sympy.Function) and not isinstance(f, sympy.CRootOf) for f in e.atoms(sympy.Function)):
            raise NotAlgebraic(f"{e} is not a real algebraic number (radicals and CRootOf are)")
        generators |= _generators(e)
    degree = 1
    for g in generators:  # a bound on [K : QQ]: the primitive element of a large field is slow to find
        degree *= sympy.degree(g.poly, g.poly.gen) if isinstance(g, sympy.CRootOf) else int(g.exp.q)
    if degree > MAX_DEGREE:
        raise NotAlgebraic(f"the coefficients generate a field of degree up to {degree} over QQ (more than {MAX_DEGREE}: not attempted)")
    field = QQ.algebraic_field(*sorted(generators, key=sympy.default_sort_key))
    try:
        return field, [field.from_sympy(e) for e in exprs]
    except (CoercionFailed, NotImplementedError, ValueError) as exc:
        raise NotAlgebraic(f"the coefficients could not be placed in {field}: {exc}") from None
