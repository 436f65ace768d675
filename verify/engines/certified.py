"""The certified path: a method run in rigorous interval (ball) arithmetic, for right-hand sides that are not
rational functions (the pendulum theta'' = -sin(theta), decay with exp).

The exact step maps of ``verify.engines.methods`` are reused unchanged: they only add, multiply and divide, and here
every state value is a ``Ball``, an mpmath.iv interval that contains the exact value.  Constants of the method
(h, the tableau) stay exact rationals and enter each operation as tight intervals; the right-hand side is
compiled for mpmath.iv (outward rounding, rigorous enclosures of sin, exp, ...).  So every value the run
assigns is enclosed rigorously, and a claim about it is decided when the enclosure is narrow enough: the
precision is doubled (``PRECISIONS``) until every compared value is decided.  Methods that branch on values
(step-size control) cannot run on intervals and are refused.

Reference: R. E. Moore, R. B. Kearfott, M. J. Cloud, Introduction to Interval Analysis, SIAM 2009, ch. 2-4.
"""
from __future__ import annotations

import decimal
import numbers

from collections import Counter

import flint
import mpmath
import sympy

from verify.engines import crosscheck
from verify.engines.rational import to_field
from verify.engines.methods.base import MethodError, Recorder, derivative_functions
from verify.engines.methods.multistep import STARTER_TABLEAUS, LinearMultistep
from verify.engines.methods.runge_kutta import RungeKutta
from verify.engines.methods.taylor import METHODS as TAYLOR
from verify.input.model import TIME, symbol
from verify.errors import CertifiedUnavailable, IntervalsOverlap
from verify.errors import CrossCheckUnavailable

PRECISIONS = (128, 256, 512, 1024, 2048)  # bits of the interval context, tried in turn
BALL_METHODS = ("euler", "heun", "midpoint", "rk4", "rk", *TAYLOR)  # pure arithmetic steps (ball_steps adds the rest)
TEXT_STEPS = 50  # runs of at most this many steps write each assigned value's formula for explain
CONTROLLED = ("rkf-burden-faires", "adaptive-euler", "adaptive-rk", "step-doubling-euler")  # step-size control, whose tests
# intervals decide where they do not overlap (Ball's comparisons)
MAX_MAGNITUDE_BITS = 4096  # an enclosure beyond 2^4096 in size has blown up: exp or sin of it would not finish
MAX_END_EXPONENT = 2**22  # an end 2^e with |e| beyond this is not made an exact rational (to_rational): megabytes of digits


def ball_steps(method, options: dict) -> bool:
    """Can the certified route run ``method`` with these (claim) options: an explicit step of pure arithmetic
    (BALL_METHODS), a step-size controller whose tests the enclosures decide where they do not overlap (CONTROLLED), or
    an explicit multistep formula (Adams-Bashforth, a PECE pair, an explicit ``lmm``: sums of past values and rates)
    whose starting values are given (``history``), come from the model's solution (``start = "exact"``) or from an
    explicit Runge-Kutta tableau."""
    try:
        explicit = method.is_explicit(options)
    except MethodError:
        return False
    if not explicit:
        return False
    if method.name in BALL_METHODS or method.name in CONTROLLED:
        return True
    if not isinstance(method, LinearMultistep):
        return False
    try:
        first_steps = method.data(options).steps - 1
    except MethodError:
        return False
    start = options.get("start")
    if first_steps == 0 or "history" in options or start == "exact":  # (the model's solution, enclosed: BallSystem.start_value)
        return True
    return start in STARTER_TABLEAUS and RungeKutta(start, STARTER_TABLEAUS[start]).is_explicit({})


def _blown_up(iv) -> bool:
    """Is the interval unbounded or beyond 2^MAX_MAGNITUDE_BITS in size?"""
    return any(not mpmath.isfinite(end) or (end != 0 and mpmath.mag(end) > MAX_MAGNITUDE_BITS) for end in (iv.a, iv.b))


def _wide(iv) -> bool:
    """Is the interval wider than 2^-16 of its largest end (most of the working precision spent on its width)?  From
    its exact ends."""
    low, high = interval_ends(iv)
    return high - low > max(abs(low), abs(high)) / 2**16


def interval(value):
    """An exact rational (mpq, int, Fraction, sympy Rational) as a tight interval containing it; a real closed-form
    number (sqrt(2) - 7/5, a controller's last step shortened to an irrational t_end) as its mpmath.iv enclosure at the
    working precision (an adversarial review of 2026-12-07: an AttributeError, 'internal error', on exp(-t) y to
    t_end = sqrt(2))."""
    if isinstance(value, Ball):
        return value.iv
    if isinstance(value, sympy.Expr) and not value.is_Rational:
        return _closed_form(value)
    numerator, denominator = int(value.numerator), int(value.denominator)
    return mpmath.iv.mpf(numerator) / mpmath.iv.mpf(denominator)


def _closed_form(value: sympy.Expr):
    """mpmath.iv's enclosure of a real number written in closed form; CertifiedUnavailable for anything else (a symbol,
    a value interval arithmetic cannot enclose or that is not a finite real)."""
    if value.free_symbols:
        raise CertifiedUnavailable(f"{value} is not a number")
    try:
        enclosed = crosscheck.compile_mp(value, [], mpmath.iv)([])
    except (CrossCheckUnavailable, ValueError, TypeError, ZeroDivisionError, mpmath.libmp.ComplexResult) as exc:
        raise CertifiedUnavailable(f"{value} cannot be enclosed: {exc}") from None
    if not isinstance(enclosed, mpmath.iv.mpf) or not (mpmath.isfinite(enclosed.a) and mpmath.isfinite(enclosed.b)):
        raise CertifiedUnavailable(f"{value} has no finite real enclosure")
    return enclosed


class Ball:
    """An interval that contains an exact real value; arithmetic with exact rationals and other Balls."""

    __slots__ = ("iv",)

    def __init__(self, interval):
        self.iv = interval

    def __add__(self, other):
        return Ball(self.iv + interval(other))

    __radd__ = __add__

    def __sub__(self, other):
        return Ball(self.iv - interval(other))

    def __rsub__(self, other):
        return Ball(interval(other) - self.iv)

    def __mul__(self, other):
        return Ball(self.iv * interval(other))

    __rmul__ = __mul__

    def __truediv__(self, other):
        divisor = interval(other)
        if 0 in divisor:
            raise CertifiedUnavailable("division by an interval that contains 0")
        return Ball(self.iv / divisor)

    def __rtruediv__(self, other):
        if 0 in self.iv:
            raise CertifiedUnavailable("division by an interval that contains 0")
        return Ball(interval(other) / self.iv)

    def __neg__(self):
        return Ball(-self.iv)

    def __abs__(self):  # an embedded pair's error estimate |y - yhat| (review of 2026-12-05: an internal error)
        return Ball(abs(self.iv))

    def __pow__(self, exponent):
        """An integer power; a rational one (a step-size controller's (TOL/R)^(1/4)) of a positive interval only."""
        if isinstance(exponent, int) or getattr(exponent, "denominator", None) == 1:
            return Ball(self.iv ** int(exponent))
        if not self.iv.a > 0:
            raise CertifiedUnavailable("a fractional power of an interval that reaches 0 or below")
        return Ball(self.iv ** interval(exponent))

    def __bool__(self):
        raise CertifiedUnavailable("the method branches on a value, which an interval cannot decide")

    def floor(self) -> int:
        """The floor of the value, where both ends of the interval have the same floor (a controller's quantized step
        factor); else IntervalsOverlap."""
        low, high = (int(end.p) // int(end.q) for end in self.bounds())  # the exact ends: no rounding to a float's bits
        if low != high:
            raise IntervalsOverlap(f"the floor of {self!r} is {low} or {high}: the interval cannot decide it")
        return low

    # Comparisons are decided when the intervals do not overlap (an equality: when both are the same point), the way a
    # step-size controller branches; where they overlap, IntervalsOverlap (the certified route tries more bits).
    @staticmethod
    def _compared(other) -> "Ball":
        """``other`` as an enclosure: itself, an exact rational's tight interval, or a closed-form number's enclosure
        (``interval``); TypeError for a float or an mpmath number, which the certified path never holds (an enclosure
        is not compared with a rounded number)."""
        if isinstance(other, Ball):
            return other
        if not hasattr(other, "numerator") and not (isinstance(other, sympy.Expr) and other.is_number):
            raise TypeError(f"an enclosure compared with a {type(other).__name__}: only exact numbers and enclosures compare")
        return Ball(interval(other))

    def _apart(self, other) -> tuple:
        """(self's interval, other's)."""
        return self.iv, self._compared(other).iv

    def _undecided(self, other, relation: str):
        return IntervalsOverlap(f"the method compares {self!r} {relation} {self._compared(other)!r}, which these intervals "
                                "cannot decide (they overlap)")

    def __lt__(self, other):
        a, b = self._apart(other)
        if a.b < b.a:
            return True
        if a.a >= b.b:
            return False
        raise self._undecided(other, "<")

    def __le__(self, other):
        a, b = self._apart(other)
        if a.b <= b.a:
            return True
        if a.a > b.b:
            return False
        raise self._undecided(other, "<=")

    def __gt__(self, other):
        return self._compared(other) < self

    def __ge__(self, other):
        return self._compared(other) <= self

    def __eq__(self, other):
        if not isinstance(other, (Ball, numbers.Number)) and not hasattr(other, "_mpf_") and not hasattr(other, "numerator"):
            return NotImplemented  # not a number at all (a name, None): Python's own answer
        a, b = self._apart(other)  # a float or an mpmath number: TypeError, never a guessed False
        if a.a == a.b == b.a == b.b:
            return True
        if a.b < b.a or b.b < a.a:
            return False
        raise self._undecided(other, "==")

    def __ne__(self, other):
        return not self == other

    __hash__ = object.__hash__  # a Ball is an object of its own in dictionaries (as before it compared)

    def bounds(self) -> tuple[sympy.Rational, sympy.Rational]:
        """The interval's ends as exact rationals."""
        return interval_ends(self.iv)

    def width(self):
        return self.iv.delta

    def __repr__(self):  # the ends written outward, so that the printed interval holds the value (explain's lines)
        return enclosure_text(*self.bounds(), digits=20, most=20)


def to_rational(x) -> sympy.Rational:
    """An mpmath number as the exact rational it is: (-1)^sign * mantissa * 2^exponent.  Read from its raw value,
    never through mpmath.mpf() (which would round it to the 53 bits of mp.prec)."""
    raw = x._mpf_ if hasattr(x, "_mpf_") else x
    sign, mantissa, exponent, _ = raw
    if mantissa == 0 and exponent != 0:  # +-inf or nan
        raise CertifiedUnavailable("an enclosure end is not finite")
    if abs(exponent) > MAX_END_EXPONENT:  # exp of an enclosure near 1000 in explain's text ran into the memory limit
        raise CertifiedUnavailable(f"an enclosure end is beyond 2^{MAX_END_EXPONENT} in size: not written exactly")  # (review)
    return (-1) ** sign * sympy.Integer(mantissa) * sympy.Integer(2) ** exponent


def arb_rational(value) -> sympy.Rational:
    """An exact arb (a ball's end, read at the working precision it was computed at) as the rational it is:
    mantissa * 2^exponent."""
    mantissa, exponent = value.mid().man_exp()
    return sympy.Integer(int(mantissa)) * sympy.Integer(2) ** int(exponent)


def interval_ends(box) -> tuple[sympy.Rational, sympy.Rational]:
    """The exact rational ends of an mpmath.iv interval, from its raw ends (at whatever precision it was computed)."""
    low, high = box._mpi_
    return to_rational(low), to_rational(high)


def enclosure_text(low, high, digits: int = 15, most: int = 60) -> str:
    """``[a, b]``: the rational ends of an enclosure with ``digits`` significant digits, or as many more (up to
    ``most``, in steps of 5) as it takes to tell the ends apart.  Ends closer than the working precision (a 256-bit
    enclosure of 1/8 + 1e-40) are shown with ``most`` digits: at 15 both read 0.125, a tie the value is not."""
    low, high = sympy.Rational(low), sympy.Rational(high)
    nearest = decimal.ROUND_HALF_EVEN  # as many digits as it takes for the ends, rounded to nearest, to differ; then outward
    while digits < most and low != high and _decimal(low, digits, nearest) == _decimal(high, digits, nearest):
        digits += 5
    return f"[{_decimal(low, digits, decimal.ROUND_FLOOR)}, {_decimal(high, digits, decimal.ROUND_CEILING)}]"


def _decimal(value, digits: int, rounding) -> str:
    """A rational to ``digits`` significant digits rounded down or up (an enclosure's ends are written outward, so the
    printed interval still holds the value: nearest rounding printed [0.35442553860420300027, 0.35442553860420300027]
    for a value of 0.3544255386042030002733...; review of 2026-12-05), as mpmath.nstr writes numbers."""
    context = decimal.Context(prec=digits, rounding=rounding, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
    number = context.divide(decimal.Decimal(int(value.p)), decimal.Decimal(int(value.q)))
    with mpmath.workdps(digits + 10):  # enough bits that the decimal of ``digits`` digits comes back as written
        return mpmath.nstr(mpmath.mpf(str(number)), digits)


class BallSystem:
    """The model's right-hand side, parameter values substituted, compiled for mpmath.iv."""

    def __init__(self, model, parameter_values: dict):
        substitutions = {symbol(p): v for p, v in parameter_values.items()}
        self.substitutions = substitutions
        self.model, self.states = model, list(model.variables)
        if model.algebraic or model.subsystems:
            raise CertifiedUnavailable("the certified path runs ODE models only (no DAE, no co-simulation)")
        variables = [symbol(TIME)] + [symbol(s) for s in self.states]
        self.rhs = [model.rhs[s].subs(substitutions) for s in model.states]
        try:
            self.functions = [crosscheck.compile_mp(e, variables, mpmath.iv) for e in self.rhs]
        except CrossCheckUnavailable as exc:
            raise CertifiedUnavailable(f"cannot enclose the right-hand side: {exc}") from None
        index = {s: i for i, s in enumerate(self.states)}
        self.blocks = {name: [index[s] for s in members] for name, members in model.blocks.items()}
        self.affine = False

    def substitute(self, expression):
        return expression.subs(self.substitutions) if self.substitutions else expression

    def start_value(self, expression, values: dict, what: str) -> "Ball":
        """A starting value given by the model's solution at ``values``, enclosed at the working precision (the exact
        path's ExactSystem.start_value needs it rational): Burden & Faires' Adams tables start from y(t0 + jh) of
        y = (t e^(3t))/5 - ..., irrational, which took the numerical route (2026-12-07)."""
        value = self.substitute(expression).xreplace(values)
        try:
            ball = Ball(crosscheck.compile_mp(value, [], mpmath.iv)([]))
            ball.bounds()
        except (CrossCheckUnavailable, ZeroDivisionError, ValueError, TypeError) as exc:
            raise CertifiedUnavailable(f"cannot enclose the starting value {what} = {value} from the model's solution ({exc})") from None
        return ball

    def derivative_rates(self, t, y, count: int, recorder: Recorder) -> list[list]:
        """Enclosures of the total derivatives f^(1) .. f^(count) at (t, y) (Taylor's method; formed as the exact path
        forms them, verify.engines.methods.base.total_derivatives, and compiled for mpmath.iv)."""
        if count == 0:
            return []
        try:
            functions = derivative_functions(self, count, lambda e, variables: crosscheck.compile_mp(e, variables, mpmath.iv))
        except CrossCheckUnavailable as exc:
            raise CertifiedUnavailable(f"cannot enclose the total derivatives of the right-hand side: {exc}") from None
        recorder.counts["derivatives"] += 1
        env = [interval(t)] + [interval(v) for v in y]
        return [[Ball(f(env)) for f in row] for row in functions]

    def rate(self, t, y, recorder: Recorder, block: str | None = None) -> list:
        env = [interval(t)] + [interval(v) for v in y]
        if any(_blown_up(v) for v in env):
            raise CertifiedUnavailable(f"the enclosure blew up (beyond 2^{MAX_MAGNITUDE_BITS} in size) at {recorder.where}")
        if block is None:
            recorder.counts["rhs"] += 1
            for name in self.blocks:
                recorder.counts[name] += 1
            return [Ball(f(env)) for f in self.functions]
        recorder.counts[block] += 1
        return [Ball(self.functions[i](env)) for i in self.blocks[block]]


def run(method, model, parameter_values, options, t0, y0, steps: int, bits: int):
    """(t, y, recorder, nodes): ``steps`` steps of ``method`` in interval arithmetic at ``bits`` bits;
    nodes lists (t, y) after every step."""
    if not ball_steps(method, options):
        raise CertifiedUnavailable(f"method {method.name} has no certified route (only the explicit {', '.join(BALL_METHODS)}, the "
                                   f"controllers {', '.join(CONTROLLED)}, and explicit multistep formulas started by an explicit "
                                   "Runge-Kutta method or a given history)")
    system = BallSystem(model, parameter_values)
    exact_options = method.exact_options(options)
    length = None if method.variable_step else exact_options["h"]  # a controlled method moves the clock itself
    d = len(y0)
    saved = mpmath.iv.prec
    try:
        mpmath.iv.prec = bits
        t = to_field(t0)
        y = [Ball(interval(to_field(v))) for v in y0]
        # a multistep method's memory (its past values and rates, the count of values taken: methods.multistep) rides
        # after the state, as in the exact loop (verify.engines.methods.base.run)
        vector = y + list(method.initial_memory(system, t, [to_field(v) for v in y0], exact_options))  # (the start, exact: the
        # model's solution is read at it, start = "exact")
        # the formulas' text (explain) for a short run only: over thousands of steps it was most of the time (ABM-5 over
        # 2,000 steps: 41 s, 1.0 s on the numerical route before; a review of 2026-12-06)
        recorder = Recorder(keep=True, counts=Counter(), texts=steps <= TEXT_STEPS)
        nodes = []
        for n in range(steps):
            recorder.where = f"step {n + 1}"
            if length is None:
                t, vector = method.step(system, t, vector, exact_options, recorder)
            else:
                vector = method.step(system, t, vector, exact_options, recorder)
                t = t + length
            y = [v if isinstance(v, Ball) else Ball(interval(v)) for v in vector[:d]]  # a given starting value is exact
            if any(_blown_up(v.iv) for v in vector if isinstance(v, Ball)):
                if nodes and any(_wide(v.iv) for v in nodes[-1][1]):  # the widths, not the values, grew past the bits: more
                    raise IntervalsOverlap(f"the enclosures widened past {bits} bits by step {n + 1} (each step multiplies their "
                                           "widths): more bits")  # (AB5 on Lotka-Volterra over 400 steps: 256 bits; a review)
                raise CertifiedUnavailable(f"the enclosure blew up (unbounded, or beyond 2^{MAX_MAGNITUDE_BITS} in size) after step {n + 1}")
            nodes.append((t, y))
    finally:
        mpmath.iv.prec = saved
    return t, y, recorder, nodes


def affine_orbit(matrix, offset, y0, steps: int, bits: int, observe) -> list:
    """Enclosures of ``observe`` at y_1, ..., y_N of the affine map y -> M y + c (exact rationals: the matrix read
    off an exact step by verify.engines.rational.affine_map), iterated in python-flint's ``arb_mat`` balls at ``bits``:
    every input is a ball around its exact rational and Arb's ball arithmetic keeps the exact orbit inside (F.
    Johansson, Arb: efficient arbitrary-precision midpoint-radius interval arithmetic, IEEE Trans. Computers 66
    (2017)).  ``observe`` maps a node's list of balls to a ball (compile_arb).  Returns the ends (low, high) of each
    observed enclosure as mpmath numbers, exactly (to_rational reads them as rationals).  The radii grow with the wrapping effect of a rotation (|M| entrywise
    has a larger spectral radius than M: 628 steps of a co-simulated oscillator lose about 130 bits), so the
    caller raises ``bits`` until its comparisons are decided.  CertifiedUnavailable when an enclosure is not
    finite."""
    saved = flint.ctx.prec
    flint.ctx.prec = bits
    try:
        M = flint.arb_mat([[_exact_ball(v) for v in row] for row in matrix])
        c = flint.arb_mat([[_exact_ball(v)] for v in offset])
        y = flint.arb_mat([[_exact_ball(v)] for v in y0])
        ends = []
        for _ in range(steps):
            y = M * y + c
            value = observe([y[i, 0] for i in range(len(y0))])
            ends.append((value.lower(), value.upper()))  # at ``bits``: at a lower precision they would round
    finally:
        flint.ctx.prec = saved
    return _ends_in_mpmath(ends, bits)


def _exact_ball(value) -> "flint.arb":
    """An exact rational (mpq, Fraction, int) as the arb ball of that point (rounded outward at flint's precision)."""
    return flint.arb(flint.fmpq(int(value.numerator), int(value.denominator)))


def _ends_in_mpmath(ends, bits: int) -> list:
    """(low, high) arb points computed at ``bits`` as the exact mpmath numbers they are."""
    with mpmath.workprec(bits + 64):  # an end has at most ``bits`` bits of mantissa: mpf() keeps it exactly
        return [(exact_mpf(low), exact_mpf(high)) for low, high in ends]


def affine_power_enclosures(matrix, offset, start, steps: int, bits: int) -> list:
    """Enclosures (low, high) of y_N = M^N-fold of y -> M y + c from ``start`` (exact rationals: the map read off an exact
    step, verify.engines.methods.base._affine_continuation), as the N-th power of B = [[M, c], [0, 1]] in python-flint's
    ``arb_mat`` at ``bits`` (binary powering: about 2 log2 N ball matrix products, each enclosing the exact product;
    Johansson, IEEE Trans. Computers 66, 2017) applied to (start, 1).  The ends are exact mpmath numbers;
    CertifiedUnavailable when an enclosure is not finite."""
    saved = flint.ctx.prec
    flint.ctx.prec = bits
    try:
        n = len(start)
        B = flint.arb_mat([[_exact_ball(v) for v in row] + [_exact_ball(c)] for row, c in zip(matrix, offset)] + [[flint.arb(0)] * n + [flint.arb(1)]])
        w = B**steps * flint.arb_mat([[_exact_ball(v)] for v in start] + [[flint.arb(1)]])
        largest = flint.arb(2) ** MAX_MAGNITUDE_BITS
        if not all(w[i, 0].is_finite() and abs(w[i, 0]) < largest for i in range(n)):  # as the steps' test (_blown_up): y' =
            raise CertifiedUnavailable(f"the enclosure blew up (unbounded, or beyond 2^{MAX_MAGNITUDE_BITS} in size) "  # 1000 y + t
                                       f"after {steps} steps")  # over 10^6 steps reached 2^7,000,000 (a review of 2026-12-07)
        ends = [(w[i, 0].lower(), w[i, 0].upper()) for i in range(n)]
    finally:
        flint.ctx.prec = saved
    return _ends_in_mpmath(ends, bits)


def exact_mpf(value) -> mpmath.mpf:
    """An exact arb point (a ball's end) as the mpmath number it is, normalized without rounding at mpmath's working
    precision (which may be lower than flint's).  CertifiedUnavailable where it is not finite."""
    if not value.is_finite():
        raise CertifiedUnavailable("an enclosure of the orbit is not finite")
    mantissa, exponent = value.mid().man_exp()
    return mpmath.mp.make_mpf(mpmath.libmp.from_man_exp(int(mantissa), int(exponent)))


def narrow_midpoint(evaluate, bits_tried, accuracy) -> mpmath.mpf | None:
    """The midpoint, exactly (exact_mpf), of the ball ``evaluate()`` gives at the first precision of ``bits_tried``
    (flint.ctx.prec set around the call) where its radius is at most ``accuracy`` times its midpoint's size: a value
    read to that accuracy where cancellation widens the ball at fewer bits (log(1 + x) at x = 10^-130).  None where a
    ball is not finite or every one is wider (an exact 0)."""
    for bits in bits_tried:
        with flint.ctx.workprec(bits):
            ball = evaluate()
        if not isinstance(ball, flint.arb) or not ball.is_finite():
            return None
        if ball.rad() <= abs(ball.mid()) * accuracy:
            return exact_mpf(ball)
    return None


def compile_arb(expression: sympy.Expr, variables) -> callable:
    """A rational function of ``variables`` (+, *, integer powers, abs) evaluated on arb balls, each constant a ball
    around its exact value (so the result encloses the exact value at exact inputs inside the balls); division by
    a ball holding 0 gives an infinite ball.  ValueError for anything else (sqrt, min, ...)."""
    index = {v: i for i, v in enumerate(variables)}

    def build(e):
        if e.is_Rational:
            constant = flint.fmpq(int(e.p), int(e.q))
            return lambda env: flint.arb(constant)
        if e.is_Symbol and e in index:
            i = index[e]
            return lambda env: env[i]
        parts = [build(a) for a in e.args]
        if e.is_Add:
            return lambda env: sum((f(env) for f in parts[1:]), parts[0](env))
        if e.is_Mul:
            def product(env):
                result = parts[0](env)
                for f in parts[1:]:
                    result = result * f(env)
                return result
            return product
        if e.is_Pow and e.exp.is_Integer:
            n = int(e.exp)
            return (lambda env: parts[0](env) ** n) if n >= 0 else (lambda env: 1 / parts[0](env) ** (-n))
        if isinstance(e, sympy.Abs):
            return lambda env: abs(parts[0](env))
        raise ValueError(f"{e} is not a rational function of {', '.join(map(str, variables))}")

    return build(sympy.sympify(expression))
