"""The exact path: rational numbers, right-hand sides compiled once, affine step maps.

Values on this path are ``gmpy2.mpq`` (GMP rationals, the type sympy's QQ uses
when gmpy2 is installed), never floats; the node values of the every-node
affine route are ``fractions.Fraction`` built from a numerator and denominator
already in lowest terms (reduced_by_primes), which mix with mpq exactly.  A sympy expression is compiled once
into a tree of closures over such values, so stepping never touches sympy
``Expr`` trees or ``subs``.  Linear autonomous models get a faster route:
one step is an affine map y -> M y + c, and N identical steps are the power of
the augmented matrix [[M, c], [0, 1]], fraction-free over the integers in python-flint's
``fmpz_mat`` and ``fmpz_poly`` (repeated squaring, or for long runs x^N modulo the
characteristic polynomial: integer_power_times; see benchmarks/linear_runs_speed.py
and benchmarks/exact_speed.py).
"""
from __future__ import annotations

import fractions
import functools

from typing import Callable, NamedTuple, Sequence

import flint
import gmpy2
import sympy
from sympy.core.sympify import converter
from sympy.polys.matrices import DomainMatrix
from sympy.polys.polyutils import dict_from_expr
from verify.errors import NotRational

Rational = gmpy2.mpq
QQ = sympy.QQ
RATIONAL_TYPES = (type(gmpy2.mpq(0)), type(gmpy2.mpz(0)), int, fractions.Fraction, flint.fmpq, flint.fmpz)
TRIAL_DIVISION_BOUND = 2**16  # prime_factors tries the primes below this
_SMALL_PRIMES: list[int] = []  # those primes, listed when first needed

# With python-flint installed sympy takes flint ground types, and then knows gmpy2 numbers only by their __float__:
# sympify(mpq(21, 20)) would be Float(1.05) and expr.subs(x, mpq(1, 3)) 0.333...  Exact conversions, whatever the
# ground types (sympy registers its own for gmpy2 when it runs on gmpy ground types; those stay).
converter.setdefault(type(gmpy2.mpq(0)), lambda v: sympy.Rational(int(v.numerator), int(v.denominator)))
converter.setdefault(type(gmpy2.mpz(0)), lambda v: sympy.Integer(int(v)))


def to_field(value: sympy.Expr) -> Rational:
    """A sympy Rational (or int) as an exact field element; anything else is refused."""
    value = sympy.sympify(value) if isinstance(value, int) else value
    if not getattr(value, "is_Rational", False):
        raise NotRational(f"{value} is not a rational number")
    return Rational(int(value.p), int(value.q))


_EXACT_TYPES = (Rational, int, fractions.Fraction)


def size_bits(values) -> int:
    """The largest size in bits (numerator plus denominator) of the exact rationals among ``values``; an algebraic
    field element (sympy's ANP) counts the sum over its rational coefficients; other values (symbols) count 0."""
    largest = 0
    for v in values:
        if isinstance(v, _EXACT_TYPES):  # numerator and denominator are mpz or int: both have bit_length
            bits = v.numerator.bit_length() + v.denominator.bit_length()
            if bits > largest:
                largest = bits
        elif hasattr(v, "to_list") and hasattr(v, "mod"):
            largest = max(largest, sum(int(c.numerator).bit_length() + int(c.denominator).bit_length() for c in v.to_list()))
    return largest


def total_bits(values) -> int:
    """The bits of the numerators and denominators of exact rationals ``values`` together (others count 0)."""
    return sum(v.numerator.bit_length() + v.denominator.bit_length() for v in values if isinstance(v, _EXACT_TYPES))


def to_sympy(value) -> sympy.Rational:
    """An exact field element (mpq, Fraction, int) as a sympy Rational.  Those types keep their fractions reduced, so
    sympy is told the gcd is 1 (its own gcd took 4.7 s over a 5,000-node table of large values: a review of
    2026-12-05)."""
    if isinstance(value, sympy.Basic):
        return value
    return _from_coprime(int(value.numerator), int(value.denominator))


# sympy's Rational from a reduced fraction without its gcd (sympy >= 1.13; before, the gcd is taken again)
_from_coprime = getattr(sympy.Rational, "from_coprime_ints", sympy.Rational)


def compact_text(value, max_bits: int = 240) -> str | None:
    """A huge exact rational by its leading digits and size, ``1.23456789012 (exact rational, numerator 562849 bits,
    denominator 562848 bits)``; None when its numerator and denominator together have at most ``max_bits`` bits
    (print it in full).  Never calls str() of the integers: their decimal expansion is quadratic (seconds for the
    500,000-bit values of five RK4 steps on y' = y^2 + 1)."""
    p, q = int(value.numerator if not isinstance(value, sympy.Basic) else value.p), int(value.denominator if not isinstance(value, sympy.Basic) else value.q)
    if p.bit_length() + q.bit_length() <= max_bits:
        return None
    import mpmath

    with mpmath.workprec(60):
        approx = mpmath.nstr(mpmath.mpf(p) / mpmath.mpf(q), 12)
        approx = _with_what_it_hides(approx, p, q)
    if q == 1:
        return f"{approx} (exact integer, {p.bit_length()} bits)"
    return f"{approx} (exact rational, numerator {p.bit_length()} bits, denominator {q.bit_length()} bits)"


ROUND_DIGITS = 6  # a huge value shown by at most this many significant digits also shows what it differs from them by


def _with_what_it_hides(approx: str, p: int, q: int) -> str:
    """``approx`` (p/q to 12 significant digits) followed by p/q - approx where at most ROUND_DIGITS digits are shown (a
    round number such as 1.0 or 1.25, not 0.13895903689 with its twelfth digit 0) and p/q is not that number: 1 - 10^-300 is ``1.0 - 1.0e-300``, not ``1.0`` (a review
    of the tenth session: "claimed 1, computed 1.0" for a refuted claim).  The difference is formed exactly on the
    integers (no gcd) and shown to 3 digits."""
    import mpmath

    mantissa = approx.split("e")[0].lstrip("-").replace(".", "").strip("0")
    if len(mantissa) > ROUND_DIGITS:
        return approx
    shown = fractions.Fraction(approx)
    a, b = shown.numerator, shown.denominator
    difference = p * b - a * q  # p/q - a/b = difference / (q b)
    if difference == 0:
        return approx
    gap = mpmath.mpf(difference) / (mpmath.mpf(q) * b)
    return f"{approx} {'-' if gap < 0 else '+'} {mpmath.nstr(abs(gap), 3)}"


def is_exact_rational(value) -> bool:
    """An exact rational number of the run's own types (mpq, mpz, int, Fraction) or a sympy Rational (not a bool)."""
    return isinstance(value, (RATIONAL_TYPES, sympy.Rational)) and not isinstance(value, bool)


def fraction_text(value) -> str:
    """An exact rational as sympy's str() writes it (``-1/2``, ``3``), read off its numerator and denominator without
    building a sympy number: the derivation of a run prints every stage's values."""
    p, q = (value.p, value.q) if isinstance(value, sympy.Rational) else (value.numerator, value.denominator)
    return _decimal_digits(p) if q == 1 else f"{_decimal_digits(p)}/{_decimal_digits(q)}"


def _decimal_digits(n) -> str:
    """str(n) for an integer of any kind, through GMP: CPython's conversion is quadratic (3.0 s for the 500,000 digits
    of 99999^100000, gmpy2 0.03 s; 100,000 Euler steps with h = 1/100000 took 13 s a claim in printing)."""
    return str(n) if type(n) is int and n.bit_length() < 3000 else str(gmpy2.mpz(n))


def formula_text(value) -> str:
    """An exact value inside a formula of ``verify explain``: in full, or compactly in brackets when huge."""
    if is_exact_rational(value):
        compact = compact_text(value)
        return f"[{compact}]" if compact else fraction_text(value)
    if hasattr(value, "iv"):  # an enclosure (verify.engines.certified.Ball: a step on the certified route): its ends
        return repr(value)
    exact = to_sympy(value)
    compact = compact_text(exact) if exact.is_Rational else None
    return f"[{compact}]" if compact else str(exact)


def compile_rational(expression: sympy.Expr, variables: Sequence[sympy.Symbol]) -> Callable[[Sequence], Rational]:
    """Compile ``expression`` into a function of the values of ``variables`` (in that order).

    Only rational operations are compiled: +, *, integer powers, abs, min, max.
    """
    index = {v: i for i, v in enumerate(variables)}
    return _compile(expression, index)


def _compile(e: sympy.Expr, index) -> Callable:
    form = _linear_form(e, index)
    if form is not None:
        return form
    if e.is_Rational:
        constant = to_field(e)
        return lambda env: constant
    if e.is_Symbol:
        if e not in index:
            raise NotRational(f"{e} has no value here")
        i = index[e]
        return lambda env: env[i]
    parts = [_compile(a, index) for a in e.args]
    if e.is_Add:
        return lambda env: _sum(f(env) for f in parts)
    if e.is_Mul:
        return lambda env: _product(f(env) for f in parts)
    if e.is_Pow and e.exp.is_Integer:
        base, n = parts[0], int(e.exp)
        return lambda env: base(env) ** n
    if isinstance(e, sympy.Abs):
        return lambda env: abs(parts[0](env))
    if isinstance(e, sympy.Min):
        return lambda env: min(f(env) for f in parts)
    if isinstance(e, sympy.Max):
        return lambda env: max(f(env) for f in parts)
    raise NotRational(f"{e} is not a rational function of its arguments")


@functools.lru_cache(maxsize=256)  # a system compiles its right-hand sides, then asks whether they are affine
def _linear_terms(e: sympy.Expr, variables: frozenset) -> tuple | None:
    """((coefficient, variable or 1), ...) of a rational number, a variable, or a sum of rational multiples of
    ``variables`` and a rational number (the right-hand side of a linear model); None for anything else."""
    terms = []
    for term in sympy.Add.make_args(e):
        coefficient, rest = term.as_coeff_Mul()
        if not coefficient.is_Rational or not (rest is sympy.S.One or rest in variables):
            return None
        terms.append((coefficient, rest))
    return tuple(terms)


def _linear_form(e: sympy.Expr, index):
    """A sum of terms number * variable and a number (900 such terms at dimension 30) compiled as one closure over
    (coefficient, position) pairs, not a closure per term and factor; None for anything else."""
    terms = _linear_terms(e, frozenset(index)) if e.is_Add else None
    if terms is None:
        return None
    constant = sum((to_field(c) for c, rest in terms if rest is sympy.S.One), Rational(0))
    pairs = [(to_field(c), index[rest]) for c, rest in terms if rest is not sympy.S.One]

    def value(env):
        total = constant
        for coefficient, i in pairs:
            total += coefficient * env[i]
        return total
    return value


def _sum(values):
    total = Rational(0)
    for v in values:
        total += v
    return total


def _product(values):
    result = Rational(1)
    for v in values:
        result *= v
    return result


def is_affine_autonomous(rhs: Sequence[sympy.Expr], states: Sequence[sympy.Symbol], time: sympy.Symbol) -> bool:
    """True when every right-hand side is a polynomial of degree <= 1 in the states, free of t.  A sum of rational
    multiples of states is affine at sight; the expansion into monomials (0.2 ms per right-hand side of 30 terms)
    is left for the others."""
    known = frozenset(states)
    with_time = known | {time}  # as the system's compiler asks (_linear_form over time and states): read once
    for e in rhs:
        terms = _linear_terms(e, with_time)
        if terms is not None and time not in {rest for _, rest in terms}:  # by hash and ==: no sympy != per term
            continue
        if e.has(time):
            return False
        if not e.free_symbols <= known:
            return False
        try:  # the sparse dict of monomials: sympy.Poly's dense form costs 5 ms per expression in 30 states
            terms, _ = dict_from_expr(e, gens=tuple(states))
        except sympy.PolynomialError:
            return False
        if any(sum(monomial) > 1 or not coefficient.is_Rational for monomial, coefficient in terms.items()):
            return False
    return True


def affine_map(step: Callable[[list], list], n: int) -> tuple[list[list[Rational]], list[Rational]]:
    """(M, c) with step(y) = M y + c, read off exactly from n + 1 evaluations.

    c = F(0) and column k of M is F(e_k) - c.  Valid only when ``step`` is affine in y.
    """
    zero = [Rational(0)] * n
    offset = step(list(zero))
    matrix = [[Rational(0)] * n for _ in range(n)]
    for k in range(n):
        unit = list(zero)
        unit[k] = Rational(1)
        image = step(unit)
        for i in range(n):
            matrix[i][k] = image[i] - offset[i]
    return matrix, offset


def common_denominator(values) -> int:
    """The least common multiple of the denominators of exact rationals ``values`` (1 for none)."""
    d = 1
    for value in values:
        d = gmpy2.lcm(d, value.denominator)
    return d


def affine_image(matrix, offset, y) -> list[Rational]:
    """M y + c."""
    return [sum((m * x for m, x in zip(row, y)), Rational(0)) + c for row, c in zip(matrix, offset)]


class IntegerAffineMap(NamedTuple):
    """An affine map y -> M y + c over QQ as the integer matrix B = d [[M, c], [0, 1]] (rows of ints), d the least
    common denominator of M and c: what affine_power raises, and what a size bound reads (each step multiplies a
    numerator by at most B's largest row sum and a denominator by d)."""
    rows: list
    d: int

    @classmethod
    def of(cls, matrix: list[list[Rational]], offset: list[Rational]) -> "IntegerAffineMap":
        n = len(offset)
        rows = [[*matrix[i], offset[i]] for i in range(n)]
        d = common_denominator(v for row in rows for v in row)
        return cls([[int(v * d) for v in row] for row in rows] + [[0] * n + [int(d)]], int(d))

    def bits_per_step(self) -> int:
        """An upper bound on the bits a numerator and its denominator together gain in one step."""
        largest = max((sum(abs(v) for v in row) for row in self.rows[:-1]), default=self.d)
        return int(largest).bit_length() + int(self.d).bit_length()


def affine_power(integer_map: IntegerAffineMap, y0: Sequence[Rational], steps: int) -> list[Rational]:
    """Apply an affine map (``integer_map``: IntegerAffineMap.of the M and c affine_map reads) ``steps`` times: the N-th power of the integer matrix B = d [[M, c], [0, 1]] (d the common
    denominator) times the start in python-flint's integers (integer_power_times), fraction-free; y_N = B^N (D y0, D) / (d^N D),
    each value reduced once at the end (benchmarks/linear_runs_speed.py: about twice as fast as the same power
    over QQ, where every product of the squaring is reduced by a gcd)."""
    n, d = len(y0), integer_map.d
    D = common_denominator(y0)
    B = flint.fmpz_mat(n + 1, n + 1, [v for row in integer_map.rows for v in row])
    u = flint.fmpz_mat(n + 1, 1, [int(v * D) for v in y0] + [int(D)])
    w = integer_power_times(B, steps, u)
    scale = gmpy2.mpz(d) ** steps * D
    return [Rational(gmpy2.mpz(int(w[i, 0])), scale) for i in range(n)]


def integer_power_times(B: flint.fmpz_mat, steps: int, u: flint.fmpz_mat) -> flint.fmpz_mat:
    """B^steps u for a square integer matrix B and an integer column u, exactly.

    A short run or a small matrix: repeated squaring of B (``_by_squaring``).  Otherwise by Cayley-Hamilton
    (``_by_characteristic_polynomial``): n x n products of numbers that grow to N times the bits of B's entries
    cost about n times more than the products of polynomials of degree < n that give the same power
    (the exact route of benchmarks/linear_runs_speed.py at n = 30, N = 10^4: 1.77 s -> 0.086 s; an AB5 window of 46
    values over 3,000 steps: 8.3 s -> 0.26 s)."""
    n = B.nrows()
    if any(n >= dimension and steps >= least for dimension, least in CAYLEY_HAMILTON_FROM):
        return _by_characteristic_polynomial(B, steps, u)
    return _by_squaring(B, steps, u)


# (dimension, steps): from these on the polynomial route is the faster, measured on integer maps with 11-bit entries
# (Euler's d (I + h A) with h = 1/100): 6 x 6 over 100 steps 0.028 ms squared, 0.024 ms by Cayley-Hamilton; 4 x 4 over
# 300 steps 0.032 / 0.026 ms; 3 x 3 over 1,000 steps 0.070 / 0.046 ms; 2 x 2 over 3,000 steps 0.088 / 0.075 ms (and
# 2 x 2 over 1,000 steps 0.018 / 0.029 ms, 5 x 5 over 100 steps 0.017 / 0.020 ms: squared)
CAYLEY_HAMILTON_FROM = ((6, 100), (4, 300), (3, 1000), (1, 3000))


def _by_squaring(B: flint.fmpz_mat, steps: int, u: flint.fmpz_mat) -> flint.fmpz_mat:
    """B^steps u by python-flint's power of B (repeated squaring), then one product."""
    return B**steps * u


def _by_characteristic_polynomial(B: flint.fmpz_mat, steps: int, u: flint.fmpz_mat) -> flint.fmpz_mat:
    """B^steps u by the Cayley-Hamilton theorem: B's characteristic polynomial chi (monic, integer coefficients,
    degree n) has chi(B) = 0, so B^N = r(B) with r = x^N mod chi, and B^N u = sum_i r_i B^i u (i < n).  r is found by
    square-and-multiply in Z[x]/(chi) (exact: dividing by a monic polynomial needs no fractions); the Krylov vectors
    B^i u stay as small as n products of B make them, and only the r_i grow with N (Golub and Van Loan, Matrix
    Computations, 4th ed., section 9.1: polynomials of a matrix; Cayley-Hamilton, section 7.1)."""
    chi = B.charpoly()
    x = flint.fmpz_poly([0, 1])
    r = flint.fmpz_poly([1])
    for bit in bin(steps)[2:]:
        r = r * r % chi
        if bit == "1":
            r = r * x % chi
    total = flint.fmpz_mat(u.nrows(), 1, [0] * u.nrows())
    krylov = u
    coefficients = r.coeffs()
    for i, c in enumerate(coefficients):
        if c:
            total += krylov * c
        if i + 1 < len(coefficients):
            krylov = B * krylov
    return total


def affine_iterates(integer_map: IntegerAffineMap, y0: Sequence[Rational], steps: int, kept: int | None = None):
    """Every iterate y_1, ..., y_steps of an affine map (``integer_map``: IntegerAffineMap.of its M and c), without a
    gcd inside the iteration.

    With d the common denominator of M and c (M = A/d, c = b/d, A and b
    integer) and y_n = u_n / D_n, the numerators obey the integer recurrence
    u_{n+1} = A u_n + b D_n with D_{n+1} = d D_n: only integer products and
    sums per step; each iterate is reduced once, when it is handed out, and
    only its first ``kept`` values (all by default): a k-step method's memory
    rides in the vector but is not read at the nodes (AM4 on a 3-state model
    over 800 steps carried 13 values and read 3).  The reduction divides out
    the primes of D_n = D_0 d^n, known from d and D_0 (reduced_by_primes), and
    takes a gcd only where one of them may be beyond TRIAL_DIVISION_BOUND.
    """
    n, d = len(y0), integer_map.d
    A = [[gmpy2.mpz(v) for v in row[:n]] for row in integer_map.rows[:n]]
    b = [gmpy2.mpz(row[n]) for row in integer_map.rows[:n]]
    D = common_denominator(y0)
    u = [gmpy2.mpz(v * D) for v in y0]
    primes_of_d, primes_of_start = prime_factors(d), prime_factors(D)
    reduced = primes_of_d is not None and primes_of_start is not None
    for step_count in range(1, steps + 1):
        u = [sum((A[i][j] * u[j] for j in range(n) if A[i][j]), gmpy2.mpz(0)) + b[i] * D for i in range(n)]
        D = D * d
        handed = u if kept is None else u[:kept]
        if reduced:  # D = D0 d^n: its primes are known, so the common factors are removed prime by prime
            exponents = {p: primes_of_start.get(p, 0) + step_count * primes_of_d.get(p, 0) for p in {*primes_of_d, *primes_of_start}}
            yield [reduced_by_primes(v, D, exponents) for v in handed]
        else:
            yield [Rational(v, D) for v in handed]


def prime_factors(n) -> dict | None:
    """{prime: exponent} of a positive integer ``n`` found by trial division by the primes below
    TRIAL_DIVISION_BOUND, or None when ``n`` may have a prime factor above it (what is left is then not known to
    be a prime).  The denominators of a step map (h = 1/1000: 2^3 5^3) factor at once."""
    if not _SMALL_PRIMES:
        _SMALL_PRIMES.extend(int(p) for p in sympy.sieve.primerange(2, TRIAL_DIVISION_BOUND))
    n, factors = int(n), {}
    for p in _SMALL_PRIMES:
        if p * p > n:
            break
        while n % p == 0:
            n //= p
            factors[p] = factors.get(p, 0) + 1
    else:
        if n >= TRIAL_DIVISION_BOUND**2:  # every prime below the bound tried: a cofactor this large may be composite
            return None
    if n > 1:  # no prime up to its square root divides it: a prime
        factors[n] = factors.get(n, 0) + 1
    return factors


def reduced_by_primes(numerator, denominator, exponents: dict) -> fractions.Fraction:
    """numerator/denominator in lowest terms, where ``exponents`` is the complete factorization {prime: exponent} of
    ``denominator``: each prime's common multiplicity is divided out (gmpy2.remove), so the fraction is built
    without a gcd of the two numbers.  An iterate of 100,000 bits pays a gcd of about 1-5 ms, the removal of a
    prime that does not divide it a few microseconds (an every-node table of 10^4 Euler steps spent most of its
    time in those gcds).  The result is a Fraction made from the coprime pair directly, as
    ``Fraction._from_coprime_ints`` of Python 3.12 makes one."""
    numerator, denominator = gmpy2.mpz(numerator), gmpy2.mpz(denominator)
    if not numerator:
        return _coprime_fraction(0, 1)
    divisor = gmpy2.mpz(1)
    for p, e in exponents.items():
        if e and not numerator % p:
            numerator, m = gmpy2.remove(numerator, p)
            common = min(m, e)
            if m > common:
                numerator *= gmpy2.mpz(p) ** (m - common)
            divisor *= gmpy2.mpz(p) ** common
    if divisor != 1:
        denominator = gmpy2.divexact(denominator, divisor)
    return _coprime_fraction(int(numerator), int(denominator))


def _coprime_fraction(numerator: int, denominator: int) -> fractions.Fraction:
    """A Fraction of a numerator and a positive denominator known to be coprime, without Fraction's gcd."""
    value = object.__new__(fractions.Fraction)
    value._numerator, value._denominator = numerator, denominator
    return value


def _qq(value):
    # Through integers, so this works whichever ground types sympy picked (gmpy, flint, python).
    return QQ(int(value.numerator), int(value.denominator))


def solve(matrix: Sequence[Sequence[Rational]], vector: Sequence[Rational]) -> list[Rational]:
    """The exact solution of matrix x = vector over QQ (DomainMatrix LU); ZeroDivisionError when singular."""
    n = len(vector)
    A = DomainMatrix([[_qq(v) for v in row] for row in matrix], (n, n), QQ)
    b = DomainMatrix([[_qq(v)] for v in vector], (n, 1), QQ)
    try:
        x = A.lu_solve(b).to_list()
    except Exception as exc:  # sympy raises DMNonInvertibleMatrixError
        raise ZeroDivisionError(f"singular linear system: {exc}") from None
    return [Rational(int(x[i][0].numerator), int(x[i][0].denominator)) for i in range(n)]
