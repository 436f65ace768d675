"""Exact arithmetic on rational functions of symbols (step sizes, eigenvalues, parameters) with rational or real
algebraic coefficients: a canonical form, a zero test and a linear solve, by sympy's polynomial tools instead of
``simplify``.

Over QQ(x1, ..., xk) or K(x1, ..., xk), K = QQ(theta) the number field of the coefficients (radicals, or one
CRootOf number: verify.engines.number_field), an element has one reduced form, so zero is decided exactly.
Expressions outside such a field (pi, exp, nested radicals beside a symbol, several CRootOf numbers) fall back to
``simplify``: there ``decide_zero`` says True only when ``simplify`` gives 0, and None otherwise.  The linear solve is
fraction-free over K[symbols] (sympy's DomainMatrix ``solve_den``); with it and the normal form instead of
``simplify``, Radau IIA's L-stability claim went from 5.2 s to 0.3 s (benchmarks/bundled_run_speed.py, 2026-12-04).
"""
from __future__ import annotations

import sympy
from sympy.polys.matrices import DomainMatrix
from sympy.polys.polyerrors import CoercionFailed, GeneratorsNeeded, PolificationFailed, PolynomialError

from verify.engines import number_field
from verify.errors import VerifyError

POLY_ERRORS = (PolificationFailed, PolynomialError, CoercionFailed, GeneratorsNeeded, NotImplementedError, ValueError, TypeError,
                number_field.NotAlgebraic)


def _symbols(expressions) -> list:
    return sorted(set().union(*(e.free_symbols for e in expressions)), key=sympy.default_sort_key)


def _domain(parts, symbols):
    """(D, convert): D = K[symbols] (or K), K the number field of every coefficient of the polynomials ``parts``,
    and ``convert`` taking such a polynomial (a sympy expression) to D.

    QQ or QQ(radicals) are sympy's (verify.engines.number_field.field_of); one CRootOf number r is placed by
    number_field.in_root_field (r read as a symbol, each coefficient evaluated in QQ(r)), not by a minimal
    polynomial per coefficient (seconds for SDIRK-3).  Several CRootOf numbers: NotAlgebraic (left to simplify)."""
    roots = set().union(*(part.atoms(sympy.CRootOf) for part in parts))
    if not roots and symbols:
        placed = _by_generators(parts, symbols)
        if placed is not None:
            return placed
    if not roots:
        numbers = []
        for part in parts:
            numbers += sympy.Poly(part, *symbols).coeffs() if symbols else [part]
        field, _ = number_field.field_of(numbers or [sympy.Integer(0)])
        domain = field[tuple(symbols)] if symbols else field
        if number_field.is_rational_field(field):
            return domain, domain.from_sympy
        if not symbols:
            return domain, lambda expression: number_field.from_sympy(field, expression)
        return domain, lambda expression: _in_ring(domain, field, symbols, expression)
    if len(roots) > 1:
        raise number_field.NotAlgebraic("more than one CRootOf number")
    root = roots.pop()
    field = number_field.root_field(root)
    domain = field[tuple(symbols)] if symbols else field
    return domain, lambda expression: number_field.in_root_field(field, root, expression, tuple(symbols))


def _by_generators(parts, symbols):
    """_domain's (D, convert) with K built from the generators the parts contain (number_field.generators) and each
    part walked into K[symbols] by the ring's arithmetic, where every part is built from rationals, those generators
    and the symbols; None otherwise (then the coefficients are read off sympy's Poly, as before).  Poly expands the
    parts first: Crouzeix's DIRK, with cos(pi/18) and sqrt(3) in every stage, spent most of its 2 s A-stability check
    in sympy's expand (2026-12-07)."""
    found = set().union(*(number_field.generators(part) for part in parts))
    if not found:
        return None
    try:
        field, _ = number_field.field_of(sorted(found, key=sympy.default_sort_key))
    except number_field.NotAlgebraic:
        return None
    if number_field.is_rational_field(field):
        return None
    domain = field[tuple(symbols)]
    try:
        for part in parts:
            number_field.polynomial_from_sympy(field, tuple(symbols), part)
    except (NotImplementedError, ZeroDivisionError, CoercionFailed):
        return None
    return domain, lambda expression: _in_ring(domain, field, symbols, expression)


def _in_ring(domain, field, symbols, expression):
    """A polynomial over the number field ``field`` as an element of domain = field[symbols]: by the ring's arithmetic
    (number_field.polynomial_from_sympy), or coefficient by coefficient where that walk does not apply."""
    try:
        return number_field.polynomial_from_sympy(field, tuple(symbols), expression)
    except (NotImplementedError, ZeroDivisionError, CoercionFailed):
        terms = sympy.Poly(expression, *symbols).as_dict(native=False)
        return domain.ring.from_dict({monomial: number_field.from_sympy(field, c) for monomial, c in terms.items()})


def _placed(expression):
    """(domain, symbols, p, q): ``expression`` = p/q with p and q in K[symbols] (or K); POLY_ERRORS when no number
    field K holds its coefficients.

    With rational coefficients (no float, radical or function) the expression is read straight into the field
    QQ(symbols), operation by operation as it is written (sympy's ``FracField.from_expr``), instead of through
    ``together`` (a common denominator built on sympy expressions): see _over_rationals."""
    placed = _over_rationals(expression)
    if placed is not None:
        return placed
    numerator, denominator = sympy.fraction(sympy.together(expression))
    symbols = _symbols([numerator, denominator])
    domain, convert = _domain([numerator, denominator], symbols)
    return domain, symbols, convert(numerator), convert(denominator)


def _over_rationals(expression):
    """_placed's (domain, symbols, p, q) over QQ(symbols) when every number in ``expression`` is rational and it is a
    rational function of its symbols; None otherwise (radicals, CRootOf, functions, floats: the general reading).
    A float is refused here because the field would read 0.1 as 1/10."""
    symbols = _symbols([expression])
    if not symbols or any(not number.is_Rational for number in expression.atoms(sympy.Number)):
        return None
    field = sympy.QQ.frac_field(*symbols)
    try:
        element = field.from_sympy(expression)
    except (ValueError, CoercionFailed, ZeroDivisionError):
        return None
    in_denominators = set().union(*(power.base.free_symbols for power in expression.atoms(sympy.Pow) if power.exp.is_negative))
    if any(element.denom.degree(symbols.index(s)) <= 0 for s in in_denominators):  # (y^2 - 1)/(y - 1): the field cancels y - 1,
        return None  # which the general reading keeps (the step is undefined at y = 1, not affine: a review of 2026-12-05)
    return field.get_ring(), symbols, element.numer, element.denom


def normal(expression):
    """``expression`` as one reduced fraction p/q over K(symbols), K the number field of its coefficients (the gcd
    of p and q cancelled over K, q's leading coefficient 1); as ``simplify`` gives it when no number field holds
    its coefficients."""
    expression = sympy.sympify(expression)
    if isinstance(expression, sympy.MatrixBase):
        return expression.applyfunc(normal)
    try:
        domain, symbols, p, q = _placed(expression)
        if not q:
            return sympy.zoo  # as sympy writes a division by zero: the callers treat it as not finite
        if not p:
            return sympy.Integer(0)
        if not symbols:
            return domain.to_sympy(p / q)
        return _fraction(domain, p, q)
    except POLY_ERRORS:
        return sympy.simplify(expression)


def affine_parts(expression, variables):
    """(coefficients of ``variables``, rest) with expression = sum c_i v_i + rest, each part one reduced fraction
    over K(other symbols) (as ``normal`` writes it); None when the expression is not affine in ``variables``;
    POLY_ERRORS when no number field K holds its coefficients or a variable is in its denominator (the caller
    reads it another way).

    Read off the numerator p in K[symbols] term by term and each part reduced against the denominator there, so no
    sympy product or quotient of expressions is formed: with CRootOf coefficients (SDIRK-3 and a symbolic h) sympy's
    automatic evaluation of such a quotient asks the signs of its factors, through minimal polynomials, for seconds."""
    domain, symbols, p, q = _placed(expression)
    if not q:
        raise ValueError("a division by zero")
    positions = [symbols.index(v) if v in symbols else None for v in variables]
    if not symbols or all(i is None for i in positions):
        return [sympy.Integer(0)] * len(variables), normal(expression)
    if any(q.degree(i) > 0 for i in positions if i is not None):
        raise ValueError("a variable in the denominator")
    ring = domain
    parts = [ring.zero for _ in variables] + [ring.zero]
    where = {i: k for k, i in enumerate(positions) if i is not None}
    for monomial, coefficient in p.terms():
        in_variables = [(i, e) for i, e in enumerate(monomial) if e and i in where]
        if not in_variables:
            k, rest = len(variables), monomial
        elif len(in_variables) == 1 and in_variables[0][1] == 1:
            k = where[in_variables[0][0]]
            rest = tuple(0 if i == in_variables[0][0] else e for i, e in enumerate(monomial))
        else:
            return None
        parts[k] += ring({rest: coefficient})
    return [_fraction(ring, part, q) for part in parts[:-1]], _fraction(ring, parts[-1], q)


def _fraction(ring, p, q):
    """p/q (in K[symbols]) reduced, q's leading coefficient 1, as a sympy expression (``normal``'s form)."""
    if not p:
        return sympy.Integer(0)
    p, q = _cancelled(ring, p, q)
    lead = q.LC
    p, q = p.quo_ground(lead), q.quo_ground(lead)
    return ring.to_sympy(p) / ring.to_sympy(q)


def _cancelled(ring, p, q) -> tuple:
    """p.cancel(q) (the gcd of p and q divided out), in fewer variables where p and q allow: variables that no term
    uses are left out, and variables that every term raises to the same power (h and lam of the test equation
    y' = lam y, which the step meets only as h*lam) are read as one.  The map t -> h*lam keeps coprime polynomials
    coprime (a Bezout identity in K[t] maps to one in K[h, lam]), so p/q reduced there is p/q reduced here; sympy's
    gcd over QQ(CRootOf)[h, lam] took 0.12 s of SDIRK-3's L-stability, over QQ(CRootOf)[t] a millisecond."""
    terms = p.terms() + q.terms()
    columns = [tuple(monomial[i] for monomial, _ in terms) for i in range(len(ring.symbols))]
    first: dict = {}  # a used column -> the first variable with it
    for i, column in enumerate(columns):
        if any(column):
            first.setdefault(column, i)
    kept = sorted(first.values())
    if not kept or len(kept) == len(columns):
        return p.cancel(q)
    small = ring.domain[tuple(ring.symbols[i] for i in kept)]
    read_from = [kept.index(first[column]) if any(column) else None for column in columns]  # each variable's one in small

    def down(f):
        return small({tuple(monomial[i] for i in kept): c for monomial, c in f.terms()})

    def up(f):
        return ring({tuple(0 if j is None else monomial[j] for j in read_from): c for monomial, c in f.terms()})

    reduced_p, reduced_q = down(p).cancel(down(q))
    return up(reduced_p), up(reduced_q)


def is_zero(expression) -> bool:
    """Exactly zero: decided in K(symbols) when a number field K holds the coefficients, else only when
    ``simplify`` gives 0 (so a False from the fallback means "not shown to be zero"; decide_zero tells the two apart)."""
    return decide_zero(expression) is True


MAX_DENSE_COEFFICIENTS = 10**6  # a polynomial of more coefficients than this (product of its degrees + 1) is not formed


def rational_form(expression):
    """(numerator, denominator), sympy Polys over QQ in the expression's symbols, of an expression built from its
    symbols and rational numbers by +, *, and integer powers; None for anything else, or where a polynomial formed on
    the way would hold more than MAX_DENSE_COEFFICIENTS coefficients.  Formed by Poly arithmetic part by part (python-
    flint's for one symbol), never by expanding the expression: (x + 1)^1000 (x - 1)^1000 - (x^2 - 1)^1000 is 0 in
    milliseconds, where sympy's expand (and Poly of the whole expression, which expands it) took minutes (an
    adversarial review of 2026-12-07: the identity timed out).  No gcd is taken: the numerator is 0 exactly when the
    expression is 0 as a rational function."""
    expression = sympy.sympify(expression)
    gens = tuple(_symbols([expression]))
    if not gens:
        return None

    def constant(value):
        return sympy.Poly(value, *gens, domain=sympy.QQ)

    def size(*polys, times: int = 1) -> int:
        """The coefficients of a dense polynomial of the degrees of the product of ``polys``, raised to ``times``."""
        total = 1
        for g in gens:
            total *= sum(max(p.degree(g), 0) for p in polys) * times + 1
        return total

    def walk(e):
        if e.is_Rational or e.is_Symbol:
            return constant(e), constant(1)
        if e.is_Add or e.is_Mul:
            num, den = walk(e.args[0])
            for arg in e.args[1:]:
                n, d = walk(arg)
                if max(size(num, d), size(n, den), size(den, d)) > MAX_DENSE_COEFFICIENTS:
                    raise _TooLarge
                if e.is_Mul:
                    num, den = num * n, den * d
                elif d == den:
                    num = num + n
                else:
                    num, den = num * d + n * den, den * d
            return num, den
        if e.is_Pow and e.exp.is_Integer:
            num, den = walk(e.base)
            k = int(e.exp)
            if k < 0:
                if num.is_zero:
                    raise _TooLarge  # 1/0: not a rational function
                num, den, k = den, num, -k
            if max(size(num, times=k), size(den, times=k)) > MAX_DENSE_COEFFICIENTS:
                raise _TooLarge
            return num**k, den**k
        raise _TooLarge

    try:
        return walk(expression)
    except (_TooLarge, *POLY_ERRORS):
        return None


class _TooLarge(VerifyError):
    """Not a rational function over QQ that rational_form forms."""


EXPANDED_POWER = 8  # a power of a sum above this exponent is where expanding the written expression costs


def has_large_power(expression) -> bool:
    """Does the expression raise a sum (or anything but a symbol) to an integer power above EXPANDED_POWER?  There
    rational_form's arithmetic part by part pays; below it sympy's expand is as fast and its results are cached
    (a Poly per node costs about 0.1 ms)."""
    return any(p.exp.is_Integer and abs(int(p.exp)) > EXPANDED_POWER and not p.base.is_Symbol
               for p in sympy.sympify(expression).atoms(sympy.Pow))


def rational_zero(expression) -> bool | None:
    """Whether the expression is 0 as a rational function over QQ of its symbols (rational_form's numerator is 0);
    None where rational_form does not form it, or where it holds no large power (has_large_power: sympy's
    expand and cancel decide it as fast)."""
    if not has_large_power(expression):
        return None
    form = rational_form(expression)
    return None if form is None else form[0].is_zero


MAX_ANGLE_MULTIPLE = 12  # sin(k u) expanded in sin(u), cos(u) for |k| up to this


def tangent_half_angle(expression):
    """The expression, in one symbol x, with every sin, cos and tan of a rational multiple of x written through
    t = tan(u/2), u = x/m (m the least common denominator of the multiples): sin(k u) and cos(k u) expanded in
    sin(u), cos(u) (sympy's expand_trig), then sin(u) = 2t/(1 + t^2), cos(u) = (1 - t^2)/(1 + t^2) (the tangent
    half-angle substitution; Stewart, Calculus, sec. 7.4).  Returns (the expression in t, t, m), or None where it
    has another symbol, is not built from those sin and cos by +, * and integer powers (sqrt, abs or exp of them), or
    has a multiple past MAX_ANGLE_MULTIPLE.  Where it is 0 as a rational
    function of t, the expression is 0 at every x where it is defined: t covers every u but the odd multiples of
    pi, and there a function rational in sin and cos that is defined is continuous, the limit of zeros.
    tan(x/2) = sin(x)/(1 + cos(x)) was undecided (sympy's simplify does not reduce it; an adversarial review of
    2026-12-07)."""
    expression = sympy.sympify(expression)
    if len(expression.free_symbols) != 1:
        return None
    x = next(iter(expression.free_symbols))
    expression = expression.replace(lambda e: isinstance(e, sympy.tan), lambda e: sympy.sin(e.args[0]) / sympy.cos(e.args[0]))
    calls = expression.atoms(sympy.sin, sympy.cos)
    if not calls or not _rational_in(expression, calls):  # (sqrt, abs, exp of them: no continuity argument, not written)
        return None
    multiples = [sympy.cancel(call.args[0] / x) for call in calls]
    if not all(k.is_Rational and k != 0 for k in multiples):
        return None
    m = sympy.ilcm(*[int(k.q) for k in multiples]) if len(multiples) > 1 else int(multiples[0].q)
    if max(abs(k * m) for k in multiples) > MAX_ANGLE_MULTIPLE:
        return None
    u, t = sympy.Dummy("u", real=True), sympy.Symbol("t", real=True)
    expanded = sympy.expand_trig(expression.xreplace({x: m * u}))
    rational = expanded.xreplace({sympy.sin(u): 2 * t / (1 + t**2), sympy.cos(u): (1 - t**2) / (1 + t**2)})
    if rational.has(u):
        return None
    return rational, t, m


def zero_through_half_angle(expression) -> int | None:
    """m when the expression is 0 as a rational function of t = tan(u/2), u = x/m (tangent_half_angle): then it is 0
    at every x where it is defined; None when it is not written so, or is not 0 there."""
    written = tangent_half_angle(expression)
    if written is None:
        return None
    rational, _, m = written
    if rational == 0:  # (sympy may cancel it to 0 as it is built)
        return m
    form = rational_form(rational) if rational.free_symbols else None
    return m if form is not None and form[0].is_zero else None


def _rational_in(expression, atoms) -> bool:
    """Is ``expression`` built from ``atoms`` and rational numbers by +, * and integer powers only?"""
    if expression in atoms or expression.is_Rational:
        return True
    if expression.is_Add or expression.is_Mul:
        return all(_rational_in(arg, atoms) for arg in expression.args)
    if expression.is_Pow:
        return expression.exp.is_Integer and _rational_in(expression.base, atoms)
    return False


def decide_zero(expression) -> bool | None:
    """True or False when decided: in K(symbols) when a number field K holds the coefficients (zero exactly when the
    numerator is), or True when ``simplify`` gives 0; None when neither decides (sqrt(2 + sqrt(3)) - (sqrt(6) +
    sqrt(2))/2 times z: nested radicals are not placed in a field here, and simplify does not see the zero).  A
    caller must not refute on None."""
    expression = sympy.sympify(expression)
    if isinstance(expression, sympy.MatrixBase):
        answers = [decide_zero(e) for e in expression]
        return False if False in answers else None if None in answers else True
    try:
        _, _, p, q = _placed(expression)
    except POLY_ERRORS:
        return True if sympy.simplify(expression) == 0 else None
    return not p and bool(q)


def solve(matrix: list[list], vector: list) -> list:
    """The exact solution x of matrix x = vector, entries sympy expressions; ZeroDivisionError when singular.

    Each row is cleared of denominators, then the system is solved fraction-free over K[symbols] (DomainMatrix
    ``solve_den``: A x_num = den b, no gcd on the way); x = x_num / den.  Where no number field holds the
    coefficients, sympy's LUsolve and ``simplify``."""
    n = len(vector)
    rows = [[sympy.sympify(e) for e in row] + [sympy.sympify(v)] for row, v in zip(matrix, vector)]
    try:
        cleared = [_cleared(row) for row in rows]
        symbols = _symbols([e for row in cleared for e in row])
        domain, convert = _domain([e for row in cleared for e in row], symbols)
        converted = DomainMatrix([[convert(e) for e in row] for row in cleared], (n, n + 1), domain)
    except POLY_ERRORS:
        try:
            solution = [sympy.simplify(v) for v in sympy.Matrix(matrix).LUsolve(sympy.Matrix(vector))]
        except (ValueError, ZeroDivisionError, sympy.matrices.exceptions.NonInvertibleMatrixError) as exc:
            raise ZeroDivisionError(f"singular linear system: {exc}") from None
        if any(v.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) for v in solution):
            raise ZeroDivisionError("singular linear system (a solution is not finite)")
        return solution
    try:
        numerators, denominator = converted[:, :n].solve_den(converted[:, n:])
    except Exception as exc:  # sympy raises DMNonInvertibleMatrixError
        raise ZeroDivisionError(f"singular linear system: {exc}") from None
    den = domain.to_sympy(denominator)
    return [domain.to_sympy(x) / den for x in numerators.to_list_flat()]


def _cleared(row: list) -> list:
    """The row (an equation's coefficients and right-hand side) times the product of its distinct denominators."""
    parts = [sympy.fraction(sympy.together(e)) for e in row]
    denominators = list(dict.fromkeys(d for _, d in parts if d != 1))
    if not denominators:
        return [sympy.expand(p) for p, _ in parts]
    return [sympy.expand(p * sympy.Mul(*(d for d in denominators if d != own))) for p, own in parts]
