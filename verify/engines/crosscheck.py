"""The independent path: mpmath at high precision, and mpmath.iv and Arb balls (ENCLOSING_BALLS) for certified enclosures.

Nothing here calls the exact path's arithmetic (verify.engines.rational, verify.engines.methods):
expressions are compiled by their own walker into mpmath operations, and the
methods are written again, plainly, from their definitions.  If the two paths
agree, a bug would have to be made twice, in two different ways.
"""
from __future__ import annotations

import ast
from typing import Sequence

import flint
import mpmath
import sympy
from verify.errors import CrossCheckUnavailable, SolverFailure


DIGITS = 50  # working precision of the cross-check (decimal digits)
AGREEMENT_DIGITS = 30  # exact and mpmath values must agree to this many significant digits


class BallContext:
    """python-flint's ``arb`` balls behind the names ``compile_mp`` uses (mpf, fsum, exp, ...): the same walk of an
    expression, with the arithmetic done by Arb in C (about six times faster per operation than mpmath's mpf through
    Python).  The twins use it (BALLS) where a run takes many operations (the co-simulation master's substeps); only
    the ball's midpoint is read back (``from_ball``), so this is a floating-point cross-check at the working precision
    (flint.ctx.prec, set by the caller), not a certified route: the radius is not looked at, and min and max pick a
    ball by its midpoint.  ``rigorous`` (ENCLOSING_BALLS, the certified implicit route's stage equations): every
    result is a ball that holds the value at every point of the argument balls (Arb's operations are rigorous; min
    and max are Arb's, a CRootOf number is a ball around its isolating interval), and a value with no real enclosure
    (1/x or log x over a ball that holds 0, sqrt of one that reaches below 0) is a ball that is not finite."""

    def __init__(self, rigorous: bool = False):
        self.rigorous = rigorous

    @staticmethod
    def mpf(value):
        return flint.arb(value)

    @staticmethod
    def fsum(values):
        total = flint.arb(0)
        for value in values:
            total += value
        return total

    exp = staticmethod(lambda x: flint.arb(x).exp())
    log = staticmethod(lambda x: flint.arb(x).log())
    sin = staticmethod(lambda x: flint.arb(x).sin())
    cos = staticmethod(lambda x: flint.arb(x).cos())
    tan = staticmethod(lambda x: flint.arb(x).tan())
    sqrt = staticmethod(lambda x: flint.arb(x).sqrt())

    @property
    def pi(self):
        return flint.arb.pi()

    @property
    def prec(self) -> int:
        return flint.ctx.prec


BALLS = BallContext()
ENCLOSING_BALLS = BallContext(rigorous=True)


def _on_series(name: str):
    """Arb's function ``name`` of a ball or of a first-order arb_series (the series has its own)."""
    return staticmethod(lambda x: getattr(x if isinstance(x, flint.arb_series) else flint.arb(x), name)())


class SeriesBallContext(BallContext):
    """ENCLOSING_BALLS where a value may also be a first-order power series in one parameter (python-flint's
    arb_series of length 2: a value and its derivative, each a rigorous ball): evaluated with the parameter a ball L
    plus the series variable, an expression gives a ball for its derivative at every point of L, the mean-value form
    of its range over L (verify.engines.twins.base.FloatNewton.tube)."""

    exp, log, sin, cos, tan, sqrt = (_on_series(name) for name in ("exp", "log", "sin", "cos", "tan", "sqrt"))

    def __init__(self):
        super().__init__(rigorous=True)


SERIES_BALLS = SeriesBallContext()


def to_ball(value):
    """An mpmath number (or a claim's exact number) as an arb ball, exactly: from its mantissa and exponent (an arb
    ball as it is)."""
    if isinstance(value, flint.arb):
        return value
    if type(value) is int:
        return flint.arb(value)
    if not isinstance(value, mpmath.mpf):
        value = to_mp(value)
    sign, mantissa, exponent, _ = value._mpf_  # mpf.man_exp drops the sign
    if not mantissa:
        if value != 0:
            raise CrossCheckUnavailable(f"{value} is not a finite number")
        return flint.arb(0)
    return flint.arb(-int(mantissa) if sign else int(mantissa)) * flint.arb(2) ** int(exponent)


def from_ball(value) -> mpmath.mpf:
    """The midpoint of an arb ball as an mpmath number, exactly (SolverFailure for a ball that is not finite)."""
    if not flint.arb(value).is_finite():
        raise SolverFailure(f"a value of the run is not finite ({value}): an overflow or a division by zero")
    mantissa, exponent = flint.arb(value).mid().man_exp()
    return mpmath.mpf((int(mantissa), int(exponent)))


def _ball_nonzero(value):
    if not value.is_finite() or (not value > 0 and not value < 0):
        raise ZeroDivisionError(f"division by a ball that holds 0: {value}")
    return value


def _ball_min(*values):
    """The least ball by midpoints, as mpmath's min decides on its numbers (Python's min asks ``<`` of balls, which
    is False for overlapping ones)."""
    return min(values, key=lambda v: v.mid())


def _ball_max(*values):
    return max(values, key=lambda v: v.mid())


def _enclosing_min(*values):
    """A ball holding the least of values anywhere in the balls (Arb's min, pairwise)."""
    result = values[0]
    for value in values[1:]:
        result = result.min(value)
    return result


def _enclosing_max(*values):
    result = values[0]
    for value in values[1:]:
        result = result.max(value)
    return result


def _enclosing_power(x, n: int):
    """A ball holding x^n at every point of the ball x: Arb's power where x excludes 0 or is exact, else by products
    (python-flint's x ** 2 of a ball centred at 0 with a positive radius is nan, not [+/- r^2]: a review of the tenth
    session found certified runs from y = 0 sent to the numerical route by it); a negative power of a ball holding 0
    is not finite (1 / a ball holding 0)."""
    if n == 0:
        return flint.arb(1)
    if not isinstance(x, flint.arb_series) and (x > 0 or x < 0 or x.is_exact()):
        power = x ** abs(n)
    else:  # by products: a ball holding 0, or a series (whose own power goes through exp and log: far wider)
        power, square, k = flint.arb(1), x, abs(n)
        while k:
            if k & 1:
                power = power * square
            square, k = square * square, k >> 1
    return power if n > 0 else 1 / power


def _interval_min(*values):
    return mpmath.iv.mpf([min(v.a for v in values), min(v.b for v in values)])


def _interval_max(*values):
    return mpmath.iv.mpf([max(v.a for v in values), max(v.b for v in values)])


def compile_mp(expression: sympy.Expr, variables: Sequence[sympy.Symbol], ctx=mpmath.mp):
    """Compile ``expression`` into a function of mpmath numbers (``ctx`` is ``mpmath.mp``, ``mpmath.iv``, ``mpmath.fp``)
    or of arb balls (``ctx`` a BallContext: BALLS, ENCLOSING_BALLS)."""
    index = {v: i for i, v in enumerate(variables)}
    interval = ctx is mpmath.iv
    balls = isinstance(ctx, BallContext)
    enclosing = balls and ctx.rigorous
    functions = {
        sympy.exp: ctx.exp,
        sympy.log: ctx.log,
        sympy.sin: ctx.sin,
        sympy.cos: ctx.cos,
        sympy.tan: ctx.tan,
        sympy.Abs: abs,
        sympy.Min: _interval_min if interval else _enclosing_min if enclosing else _ball_min if balls else min,
        sympy.Max: _interval_max if interval else _enclosing_max if enclosing else _ball_max if balls else max,
    }

    def per_precision(make):
        """make() at the working precision, computed once per precision (a run evaluates it at every call; a run
        repeated at another precision gets it rounded at that one)."""
        kept = {}

        def value():
            prec = ctx.prec
            found = kept.get(prec)
            if found is None:
                found = kept[prec] = make()
            return found
        return value

    def constant(p: int, q: int):
        """p/q in ctx, rounded once per working precision (an integer ball is exact at every precision: made once)."""
        if balls and q == 1:
            ball = ctx.mpf(p)
            return lambda env: ball
        if ctx is mpmath.fp:  # machine floats have one precision: rounded once (beyond them: raised when evaluated)
            try:
                number = ctx.mpf(p) / q if q != 1 else ctx.mpf(p)
            except (OverflowError, ZeroDivisionError):
                pass
            else:
                return lambda env: number
        rounded = per_precision(lambda: ctx.mpf(p) / q if q != 1 else ctx.mpf(p))
        return lambda env: rounded()

    def linear_terms(e):
        """[(p, q, position of the variable or None)] of a sum of terms number * variable, variable, or number (a
        linear model's right-hand side), in the order of ``e.args``; None for anything else."""
        terms = []
        for term in e.args:
            number, rest = term.as_coeff_Mul()
            if not number.is_Rational or not (rest is sympy.S.One or (rest.is_Symbol and rest in index)):
                return None
            terms.append((int(number.p), int(number.q), None if rest is sympy.S.One else index[rest]))
        return terms

    def linear_form(terms):
        """The sum as one dot product in mpmath (fdot), the constant term last (times one)."""
        ordered = [term for term in terms if term[2] is not None] + [term for term in terms if term[2] is None]
        positions = [i for _, _, i in ordered if i is not None]
        constant_term = len(positions) < len(ordered)
        coefficients = per_precision(lambda: [ctx.mpf(p) / q for p, q, _ in ordered])

        def value(env):
            values = [env[i] for i in positions]
            if constant_term:
                values.append(ctx.one)
            return ctx.fdot(coefficients(), values)
        return value

    def ball_linear_form(terms):
        """The sum in arb balls, term by term in the order of ``e.args`` (the sum the closures per term would make,
        with one closure); a variable with coefficient 1 is added as it is."""
        parts = per_precision(lambda: [(None if p == q == 1 and i is not None else flint.arb(p) / q, i) for p, q, i in terms])

        def value(env):
            total = flint.arb(0)
            for c, i in parts():
                total += c if i is None else env[i] if c is None else c * env[i]
            return total
        return value

    def walk(e):
        if e.is_Rational:
            return constant(int(e.p), int(e.q))
        if e is sympy.pi:
            return lambda env: +ctx.pi
        if e is sympy.E:  # exp(1) becomes sympy's E
            return lambda env: ctx.exp(1)
        if isinstance(e, sympy.CRootOf):  # a real root of an integer polynomial (SDIRK-3's gamma)
            return _root(e, ctx)
        if e.is_Symbol:
            if e not in index:
                raise CrossCheckUnavailable(f"{e} has no value in the cross-check")
            i = index[e]
            return lambda env: env[i]
        if e.is_Add and (ctx is mpmath.mp or balls):
            terms = linear_terms(e)
            if terms is not None:
                return linear_form(terms) if ctx is mpmath.mp else ball_linear_form(terms)
        args = [walk(a) for a in e.args]
        if e.is_Add and ctx is mpmath.fp:  # fp.fsum is sum(terms, 0.0): the same additions without its generator
            if len(args) == 2:
                first, second = args
                return lambda env: 0.0 + first(env) + second(env)
            return lambda env: sum([f(env) for f in args], 0.0)
        if e.is_Add:
            return lambda env: ctx.fsum(f(env) for f in args) if not interval else _iv_sum(f(env) for f in args)
        if e.is_Mul and len(args) == 2:  # the common c*x: one multiplication
            a, b = e.args
            if a.is_Symbol and b.is_Symbol:  # x*y read straight from env (the same product, one closure)
                i, j = index[a], index[b]
                return lambda env: env[i] * env[j]
            if balls and a.is_Integer and b.is_Symbol:  # n*x with n an exact ball
                n, j = ctx.mpf(int(a)), index[b]
                return lambda env: n * env[j]
            first, second = args
            return lambda env: first(env) * second(env)
        if e.is_Mul:
            def product(env):
                result = ctx.mpf(1)
                for f in args:
                    result = result * f(env)
                return result
            return product
        if e.is_Pow:
            base, exponent = args
            if e.exp == sympy.Rational(1, 2):
                return lambda env: ctx.sqrt(base(env))
            if e.exp.is_Integer:
                n = int(e.exp)
                if n < 0 and balls and not enclosing:  # a ball holding 0 has no inverse: as mpmath divides by an exact zero
                    return lambda env: _ball_nonzero(base(env)) ** n
                if enclosing:  # (a negative power of a ball holding 0 is not finite)
                    return lambda env: _enclosing_power(base(env), n)
                return lambda env: base(env) ** n
            return lambda env: base(env) ** exponent(env)
        for kind, function in functions.items():
            if isinstance(e, kind) or e.func == kind:
                return lambda env: function(*(f(env) for f in args))
        raise CrossCheckUnavailable(f"the cross-check cannot evaluate {e.func.__name__}")

    return walk(expression)


def _root(e: sympy.CRootOf, ctx):
    """A real CRootOf: in mpmath, its value to the working precision; in mpmath.iv, its isolating interval refined
    below the working precision (sympy's Poly.intervals, exact rational ends: a rigorous enclosure)."""
    if not e.is_real:
        raise CrossCheckUnavailable(f"{e} is not real")
    if isinstance(ctx, BallContext) and ctx.rigorous:  # the ball around its isolating interval refined below the working precision
        def ball(env):
            low, high = e.poly.intervals(eps=sympy.Rational(1, 2 ** (flint.ctx.prec + 4)))[e.index][0]
            return flint.arb(flint.fmpq(int(low.p), int(low.q))).union(flint.arb(flint.fmpq(int(high.p), int(high.q))))
        return ball
    if ctx is BALLS:
        raise CrossCheckUnavailable("a CRootOf number in the ball twin")
    if ctx is mpmath.iv:
        def enclosure(env):
            width = sympy.Rational(1, 2 ** (mpmath.iv.prec + 4))
            low, high = e.poly.intervals(eps=width)[e.index][0]
            return mpmath.iv.mpf([mpmath.iv.mpf(int(low.p)) / int(low.q), mpmath.iv.mpf(int(high.p)) / int(high.q)]) \
                if low != high else mpmath.iv.mpf(int(low.p)) / int(low.q)
        return enclosure
    return lambda env: ctx.mpf(e.evalf(ctx.dps + 10)._to_mpmath(ctx.prec + 30))


def _iv_sum(values):
    total = mpmath.iv.mpf(0)
    for v in values:
        total = total + v
    return total


def agree(exact_value: sympy.Expr, approximate) -> bool:
    """True when ``approximate`` matches ``exact_value`` (a rational, or a closed number such as 1/2 - sqrt(3)/6 of
    a run over an algebraic field) to AGREEMENT_DIGITS significant digits."""
    with mpmath.workdps(DIGITS):
        if exact_value.is_Rational:
            return close(mpmath.mpf(int(exact_value.p)) / int(exact_value.q), approximate)
        return close(mp_value(exact_value), approximate)


def close(a, b) -> bool:
    """Two mpmath values agree to AGREEMENT_DIGITS significant digits."""
    with mpmath.workdps(DIGITS):
        return abs(a - b) <= max(abs(a), abs(b), mpmath.mpf(1)) * mpmath.mpf(10) ** (-AGREEMENT_DIGITS)


HUGE_EXPONENT_BITS = 10**6  # beyond 2^(10^6) a value is shown by its power of 2: its decimal digits cost minutes


def _huge(value) -> str | None:
    """A real mpf beyond 2^(+-HUGE_EXPONENT_BITS), as sign 2^(exponent): exp(exp(exp(10))) has a binary exponent of
    9,566 digits, and writing it in decimal took mpmath 100 s and made a 28,000-character message (review of
    2026-12-05); None for any other value."""
    if not isinstance(value, mpmath.mpf) or not mpmath.isfinite(value) or not value:
        return None
    sign, mantissa, exponent, bit_count = value._mpf_
    power = exponent + bit_count
    if abs(power) <= HUGE_EXPONENT_BITS:
        return None
    with mpmath.workdps(15):
        return f"{'-' if sign else ''}2^({mpmath.nstr(mpmath.mpf(power), 6)})"


def show(value, digits: int = 35) -> str:
    """An mpmath value with ``digits`` significant digits (35 by default: enough to see a disagreement at digit
    30), its exponent kept (1.284e+30, never a cut-off string of digits); a huge one by its power of 2 (_huge)."""
    huge = _huge(value)
    if huge is not None:
        return huge
    with mpmath.workdps(DIGITS):
        return mpmath.nstr(value, digits)


def _interval_text(value) -> str:
    """mpmath.iv's text of an interval, or [low, high] by powers of 2 when an end is huge (_huge)."""
    if isinstance(value, mpmath.iv.mpf):
        ends = [mpmath.mpf(end) for end in value._mpi_]
        if any(_huge(end) is not None for end in ends):
            return "[" + ", ".join(_huge(end) or mpmath.nstr(end, 6) for end in ends) + "]"
    return mpmath.iv.nstr(value, 17)


def _interval_ends(function, bits: int):
    """The raw endpoints (mpf tuples) of ``function([])``'s mpmath.iv enclosure at ``bits`` bits; None when the value
    is not a real interval (a complex principal root)."""
    saved = mpmath.iv.prec
    mpmath.iv.prec = bits
    try:
        value = function([])
    finally:
        mpmath.iv.prec = saved
    return value._mpi_ if isinstance(value, mpmath.iv.mpf) else None


def rational_enclosure(expression: sympy.Expr, bits: int = 256) -> tuple:
    """Exact rationals (low, high) around a closed real number, from its mpmath.iv enclosure at ``bits`` bits;
    (None, None) when interval arithmetic cannot enclose it (not real, not finite, a function it lacks)."""
    try:
        ends = _interval_ends(compile_mp(expression, [], mpmath.iv), bits)
    except (CrossCheckUnavailable, ValueError, TypeError, ZeroDivisionError, mpmath.libmp.ComplexResult):
        return None, None
    if ends is None:
        return None, None
    values = []
    for sign, mantissa, exponent, _ in ends:  # raw mpf tuples: exact binary rationals
        if not mantissa and exponent:  # inf or nan
            return None, None
        values.append((-1) ** sign * sympy.Integer(int(mantissa)) * sympy.Integer(2) ** int(exponent))
    return values[0], values[1]


def shown_value(expression: sympy.Expr, digits: int = 21, max_bits: int = 4096) -> str:
    """A closed real number to ``digits`` significant digits for a message: the midpoint of an interval enclosure
    (mpmath.iv) at 64 bits, doubled until it is that narrow.  A 50-digit mpmath value can be wrong in every digit
    (sin(10**100): 10**100 is rounded before the sine); an enclosure never is.  The 50-digit value where no
    enclosure is that narrow by ``max_bits`` or interval arithmetic cannot evaluate it."""
    try:
        function = compile_mp(expression, [], mpmath.iv)
        bits, last = 64, None
        while bits <= max_bits:
            ends = _interval_ends(function, bits)
            if ends is not None:
                with mpmath.workprec(bits + 10):
                    low, high = (mpmath.mpf(end) for end in ends)  # the endpoints' raw values, not rounded
                    if not (mpmath.isfinite(low) and mpmath.isfinite(high)):
                        bits *= 2
                        continue
                    middle = (low + high) / 2
                    if _huge(low) is not None and _huge(high) == _huge(low):  # shown by its power of 2 only: more bits add nothing
                        return show(middle, digits)
                    if high - low <= abs(middle) * mpmath.mpf(10) ** -(digits + 2) or high == low:
                        return show(middle, digits)
                    last = (low, high)
            bits *= 2
    except (CrossCheckUnavailable, mpmath.libmp.ComplexResult, ValueError, TypeError, ZeroDivisionError):
        last = None
    if last is not None and last[0] <= 0 <= last[1]:  # an exact zero (log(1 + sqrt(2)) + log(sqrt(2) - 1)) or nearly:
        with mpmath.workprec(max_bits + 10):  # not the 50-digit value's noise (-4e-51), but what the enclosure says
            return f"0 (|value| < {mpmath.nstr(max(-last[0], last[1]), 2)})"
    return show(mp_value(expression), digits)


def approximate(text: str) -> sympy.Float:
    """A decimal as shown (``0.97``, ``-2.785294``, ``1.2e-30``) as a sympy Float of as many significant digits, which
    sympy's printers write as shown: an approximate value in a derivation line, after ``≈``."""
    mantissa = text.strip().lower().split("e")[0]
    digits = "".join(c for c in mantissa if c.isdigit()).lstrip("0") or "0"
    return sympy.Float(text.strip(), max(1, len(digits)))


def to_mp(value):
    """A claim's exact number at the working precision: a rational, or a closed real number such as
    (3 + sqrt(3))/6 in a tableau given by the claim (evaluated by this module's own walker)."""
    if type(value) is int:
        return mpmath.mpf(value)
    value = value if isinstance(value, sympy.Rational) else sympy.sympify(value)
    if value.is_Rational:
        return mpmath.mpf(int(value.p)) / int(value.q)
    if value.is_number and not value.free_symbols:
        return compile_mp(value, [])([])
    raise CrossCheckUnavailable(f"{value} is not a number")


# --- certified decisions with interval arithmetic ------------------------------------------


def certify_sign(expression: sympy.Expr, max_bits: int = 4096, first_bits: int = 64):
    """Decide the sign of a closed constant expression rigorously with mpmath.iv.

    Returns (sign, enclosure text, bits): sign is -1, 0 (only when the
    enclosure is the single point 0) or 1; None when even ``max_bits`` of
    working precision cannot exclude zero.  The precisions tried are ``first_bits`` doubled up to ``max_bits`` (a caller
    that tried the lower ones already starts above them).  CrossCheckUnavailable when the
    value is not real (sqrt(-4), (-8)**(1/3), a square root of an enclosure
    reaching below 0) or interval arithmetic cannot evaluate it.
    """
    return _iv_sign_function(expression, [], max_bits, first_bits)([])


def sign_function(expression: sympy.Expr, variables: Sequence[sympy.Symbol], max_bits: int = 4096):
    """A sign decision like certify_sign's for many values of ``variables`` (exact rationals), the expression compiled
    once: a function of the values giving (sign, enclosure text, bits).  Each rational enters as the enclosure of p/q at the precision
    tried (64 bits, doubled up to ``max_bits``).  The enclosures are arb balls (python-flint: rigorous, about six
    times faster than mpmath.iv) unless the expression has min or max (Python's, not enclosures, on balls) or a
    CRootOf; then mpmath.iv intervals."""
    if not expression.has(sympy.Min, sympy.Max, sympy.CRootOf):
        function = compile_mp(expression, variables, BALLS)

        def ball_value(values, bits):
            saved = flint.ctx.prec
            flint.ctx.prec = bits
            try:
                value = function([flint.arb(int(v.p)) / int(v.q) for v in values])
            finally:
                flint.ctx.prec = saved
            text = value.str(17, radius=True) if value.is_finite() else str(value)
            return (1 if value > 0 else -1 if value < 0 else 0 if value.is_zero() else None), text

        return lambda values: _sign_by_doubling(ball_value, values, max_bits)
    return _iv_sign_function(expression, variables, max_bits)


def _iv_sign_function(expression, variables, max_bits, first_bits: int = 64):
    function = compile_mp(expression, variables, mpmath.iv)

    def interval_value(values, bits):
        saved = mpmath.iv.prec
        mpmath.iv.prec = bits  # the interval context has no workprec manager
        # not real at these bits: more bits first, where an interval reaching below 0 may be a positive value's
        # (a base of 4.8e-50 to the power pi was an error at 64 bits: a review of 2026-12-07); at max_bits, an error
        try:
            value = function([mpmath.iv.mpf(int(v.p)) / int(v.q) for v in values])
            text = _interval_text(value)
        except mpmath.libmp.ComplexResult as exc:  # sqrt or log of an interval reaching below 0
            if bits < max_bits:
                return None, f"not real at {bits} bits ({exc})"
            raise CrossCheckUnavailable(f"not a real number in interval arithmetic ({exc})") from None
        finally:
            mpmath.iv.prec = saved
        if not isinstance(value, mpmath.iv.mpf):  # (-8)**(1/3): sympy's principal root, a complex interval
            if bits < max_bits:
                return None, text
            raise CrossCheckUnavailable(f"not a real number: its enclosure {text} is complex")
        return (1 if value > 0 else -1 if value < 0 else 0 if value.a == 0 and value.b == 0 else None), text

    return lambda values: _sign_by_doubling(interval_value, values, max_bits, first_bits)


def _sign_by_doubling(value_at, values, max_bits, first_bits: int = 64):
    """(sign, enclosure text, bits) from ``value_at(rationals, bits)`` at ``first_bits``, doubled until the enclosure
    excludes zero (or is exactly zero), up to ``max_bits``; sign None when even that does not decide."""
    values = [sympy.Rational(v) for v in values]
    bits = first_bits
    while bits <= max_bits:
        sign, text = value_at(values, bits)
        if sign is not None:
            return sign, text, bits
        bits *= 2
    return None, text, max_bits


def mp_value(expression: sympy.Expr, values: dict | None = None, digits: int = DIGITS):
    """A ``digits``-digit mpmath value of ``expression`` at the given symbol values (sympy Rationals or mpmath numbers)."""
    values = values or {}
    variables = list(values)
    with mpmath.workdps(digits):
        function = compile_mp(expression, variables)
        return function([to_mp(v) if isinstance(v, sympy.Basic) else v for v in values.values()])


ARB_EIG, MPMATH_EIG = "python-flint acb_mat.eig", "mpmath.eig"  # the solver a line names beside its values


def eigenvalue_moduli(matrix: sympy.Matrix, digits: int = DIGITS) -> tuple[list, str]:
    """(moduli, solver): the moduli of the eigenvalues of a real matrix (rationals, or closed numbers read at
    ``digits`` digits), as mpmath numbers, and the name of the solver that gave them: python-flint's acb_mat.eig (Arb's certified eigenvalue enclosures, repeated eigenvalues
    allowed: ``multiple=True``) at ``digits`` digits plus 64 bits, each modulus the midpoint of its enclosure
    (about 0.1 ms for a 3x3 matrix, where mpmath's QR iteration took 10-30 ms).  Independent of the exact path
    (sympy's characteristic polynomial and its roots).  Where Arb cannot isolate the eigenvalues or encloses one
    in a ball wider than ``digits`` digits (a repeated eigenvalue of a defective matrix: Arb's enclosure of the
    cluster is wide, and its midpoint no estimate) it falls back to mpmath.eig at ``digits``, which finds such an
    eigenvalue to about ``digits``/multiplicity digits."""
    rows = matrix.tolist()
    n = len(rows)
    saved = flint.ctx.prec
    flint.ctx.prec = int(digits * 3.33) + 64
    try:
        entries = [[flint.fmpq(int(v.p), int(v.q)) if v.is_Rational else to_ball(to_mp_at(v, digits + 20)) for v in row] for row in rows]
        values = flint.acb_mat(entries).eig(multiple=True) if n else []
        moduli = [abs(v) for v in values]
        wanted = flint.arb(10) ** -digits
        if all(m.is_finite() and m.rad() <= wanted * max(1, abs(m.mid())) for m in moduli):  # each known to ``digits``
            with mpmath.workdps(digits):
                return [+from_ball(m) for m in moduli], ARB_EIG
    except (ValueError, ArithmeticError):  # Arb did not isolate them: mpmath's QR iteration below
        pass
    finally:
        flint.ctx.prec = saved
    with mpmath.workdps(digits):
        values, _ = mpmath.eig(mpmath.matrix([[to_mp(v) for v in row] for row in rows]))
        return [abs(v) for v in values], MPMATH_EIG


def to_mp_at(value, digits: int):
    with mpmath.workdps(digits):
        return to_mp(value)


def spectral_radius(matrix: sympy.Matrix) -> tuple:
    """(the largest eigenvalue modulus of a real matrix at DIGITS digits, the solver that gave it) (eigenvalue_moduli)."""
    moduli, solver = eigenvalue_moduli(matrix)
    return max(moduli), solver


# --- claim text read again, independently of verify.expr ---------------------------------------

_TEXT_FUNCTIONS = {"abs": abs, "sqrt": mpmath.sqrt, "exp": mpmath.exp, "log": mpmath.log, "sin": mpmath.sin, "cos": mpmath.cos,
                   "tan": mpmath.tan, "min": min, "max": max}
_TEXT_OPERATORS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b,
                   ast.Pow: lambda a, b: a ** b}


def mp_text(text, values: dict, digits: int = DIGITS):
    """A claim's number as written (a TOML number, or an expression string that verify.expr has already
    accepted), evaluated again at ``digits`` digits by walking its syntax tree with mpmath: decimals are read
    by mpmath from their digits, names take ``values`` (name -> sympy Rational).  Anything beyond
    arithmetic, the functions above and names raises CrossCheckUnavailable."""
    with mpmath.workdps(digits):
        if not isinstance(text, str):
            return mpmath.mpf(str(text))
        source = text.replace("^", "**").strip()
        tree = ast.parse(source, mode="eval")

        def walk(node):
            if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
                return mpmath.mpf(ast.get_source_segment(source, node))
            if isinstance(node, ast.BinOp) and type(node.op) in _TEXT_OPERATORS:
                return _TEXT_OPERATORS[type(node.op)](walk(node.left), walk(node.right))
            if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
                value = walk(node.operand)
                return -value if isinstance(node.op, ast.USub) else value
            if isinstance(node, ast.Name) and node.id in values:
                return to_mp(values[node.id])
            if isinstance(node, ast.Name) and node.id == "pi":
                return +mpmath.pi
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _TEXT_FUNCTIONS and not node.keywords:
                return _TEXT_FUNCTIONS[node.func.id](*(walk(a) for a in node.args))
            raise CrossCheckUnavailable(f"the text cross-check does not read {ast.dump(node)[:40]}")

        return walk(tree.body)
