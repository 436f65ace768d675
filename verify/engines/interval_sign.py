"""Is a function of one variable >= 0 (or > 0) on an interval?  Decided by interval arithmetic (Arb balls, mpmath.iv).

For the relations sympy's inequality solver cannot solve (exp, sin, log beside polynomials: 1/(1 + k) >= exp(-k) on
[0, 10]), a branch and bound over subintervals (Moore, Kearfott & Cloud, *Introduction to Interval Analysis*, SIAM
2009, ch. 6 and 8; Tucker, *Validated Numerics*, Princeton 2011, ch. 5):

* on a subinterval I, g is enclosed by its natural interval extension g(I) and by the mean-value form
  g(m) + g'(I) (I - m), m the midpoint (Moore et al., section 6.4), both computed by Arb (python-flint), whose every
  operation returns a ball that holds the exact value at every point of its argument balls; where a ball grows
  wider than its midpoint (exp over [5, 10^6]), g(I) and g'(I) again in mpmath.iv's interval arithmetic, which keeps
  a monotone function's ends;
* an enclosure >= 0 (> 0 for a strict claim) settles I; one < 0 (<= 0 for a strict claim) shows g fails at every point
  of I, so at the simplest rational inside it (the least denominator), which the caller checks as an instance;
* g' of one sign on I (its enclosure excludes 0) makes g monotone there: its least value is at an end, decided at that
  rational point exactly or by a rigorous enclosure;
* an end of I where g is exactly 0 (sympy's own evaluation at the rational point gives 0: exp(0) - 1) cannot be
  settled by any enclosure of g near it; there the sign of g' on I decides (g' >= 0 on [a, b] and g(a) = 0 give
  g >= 0), and where g'(a) is exactly 0 too, that of g'', up to MAX_ORDER derivatives (the Taylor argument
  1 - x^2/2 <= cos x at 0 needs four);
* anything else is cut in two at the simplest rational of its middle half (about its geometric mean where it
  spans many powers of 2: _split), so that a tie at 0, 1 or 1/2 inside becomes an end; up to MAX_DEPTH cuts of one
  subinterval and MAX_BOXES subintervals in all (weighted by the expression's size);
* an infinite end: a tail [c, oo) is settled where the first derivative of one sign over it makes g monotone beyond
  c (_tail_box), and tails are cut by squaring c up to TAIL_LIMIT.

Undecided (None: the caller samples instead): a zero of g inside the interval at a point no cut reaches exactly
(a tangency at pi/3), a margin below what BITS bits resolve, a value with no real enclosure (log over a ball holding
0), or the budget spent.  Nothing is sampled and no float decides anything.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction

import flint
import mpmath
import sympy

from verify.engines import realsets
from verify.engines.box_sign import Side
from verify.engines.crosscheck import ENCLOSING_BALLS, certify_sign, compile_mp
from verify.errors import CrossCheckUnavailable

BITS = 128  # Arb's working precision: a margin above about 2^-100 of the values' size is resolved
MAX_BOXES = 3000  # subintervals looked at in all (each a few evaluations of g and g': well under a second)
MAX_DEPTH = 150  # cuts of one subinterval (each keeps at most 3/4 of it): below 2^-60 of the interval's width
MAX_ORDER = 10  # derivatives taken at an exact zero of g at an end of a subinterval
NODES_PER_UNIT = 25  # a subinterval of g with n expression nodes costs n / 25 of MAX_BOXES (an identity of 250
# nodes, undecided everywhere, took 14 s at one unit each)
NESTED_SHARE = 4  # a derivative's proof beside an exact zero takes at most a quarter of a decision's subintervals
MAX_SIGNS = 200  # signs at points decided by enclosures (up to SIGN_BITS each) in one decision
SIGN_BITS = 512
TAIL_LIMIT = 2**256  # a tail [c, oo) not settled by then is left undecided (its cuts square c: 2^256 after 8 of them)
MAX_DERIVATIVE_NODES = 250  # a derivative of more nodes than this (sympy's expression tree) is not used


@dataclass(frozen=True)
class Proved:
    """g >= 0 (or > 0) at every point of the interval: ``boxes`` subintervals settled, ``zeros`` the points where g
    is exactly 0 with the order of the derivative whose sign settled g beside them."""

    boxes: int
    zeros: tuple


@dataclass(frozen=True)
class Fails:
    """A rational point of the interval where g < 0 (g <= 0 for a strict claim), by an enclosure of g over a
    subinterval holding it (``low``, ``high``) or by g's value there."""

    point: Fraction
    low: Fraction
    high: Fraction

    def at(self) -> sympy.Rational:
        """The point as the sympy rational the checks put in for the instance."""
        return sympy.Rational(self.point.numerator, self.point.denominator)


class _Budget:
    """Subintervals and enclosed signs at points left to a decision."""

    def __init__(self, boxes: int, signs: int = MAX_SIGNS):
        self.given = boxes
        self.left = boxes
        self.used = 0
        self.signs = signs

    def take(self, cost: int = 1) -> bool:
        """One more subinterval, of ``cost`` units (a large expression's evaluations cost more: _Function.cost)."""
        if self.left <= 0:
            return False
        self.left -= cost
        self.used += 1
        return True

    def share(self) -> "_Budget":
        """A part of what is left (at most NESTED_SHARE of the whole) for a proof inside one subinterval, the sign of a
        derivative beside an exact zero, so that it cannot take what the other subintervals need; ``absorb`` charges
        its use here."""
        return _Budget(max(min(self.left // 2, self.given // NESTED_SHARE), 1), self.signs)

    def absorb(self, share: "_Budget") -> None:
        self.left -= share.given - share.left
        self.used += share.used
        self.signs = share.signs


class _Function:
    """g and, made when first asked, its derivatives, each compiled once to Arb balls; its exact signs at rational
    points kept."""

    def __init__(self, expression: sympy.Expr, x: sympy.Symbol, budget: _Budget, order: int = 0):
        self.expression, self.x, self.order, self.budget = expression, x, order, budget
        self.cost = max(1, _nodes(expression) // NODES_PER_UNIT)  # budget units per subinterval
        self.value = compile_mp(expression, [x], ENCLOSING_BALLS)
        self._derivative = None
        self._negated = None
        self._interval = None
        self._signs: dict = {}

    def derivative(self) -> "_Function | None":
        """g' (None past MAX_ORDER, too large, or with no ball form: abs(x)' is sign(x)), made once."""
        if self._derivative is None:
            self._derivative = False
            if self.order < MAX_ORDER:
                try:
                    if _nodes(self.expression) <= MAX_DERIVATIVE_NODES:  # (the tenth derivative of tan(x/2) - sin(x)/(1 +
                        expression = sympy.diff(self.expression, self.x)  # cos(x)) took 55 s to build and measure: a review)
                        if _nodes(expression) <= MAX_DERIVATIVE_NODES:
                            self._derivative = _Function(expression, self.x, self.budget, self.order + 1)
                except (CrossCheckUnavailable, TypeError, ValueError, NotImplementedError):
                    pass
        return self._derivative or None

    def negated(self) -> "_Function":
        if self._negated is None:
            self._negated = _Function(-self.expression, self.x, self.budget, self.order)
        return self._negated

    def on(self, ball):
        try:
            value = self.value([ball])
        except (ZeroDivisionError, ValueError, TypeError, OverflowError, CrossCheckUnavailable):
            return flint.arb("nan")
        return value if isinstance(value, flint.arb) else flint.arb(value)

    def on_interval(self, low: Fraction, high: Fraction):
        """An mpmath.iv enclosure of g over [low, high] (None where it has none): interval arithmetic keeps a monotone
        function's ends (exp over [5, 10^6] is [e^5, e^(10^6)]), where a ball around a far midpoint reaches below 0."""
        if self._interval is None:
            try:
                self._interval = compile_mp(self.expression, [self.x], mpmath.iv)
            except CrossCheckUnavailable:
                self._interval = False
        if self._interval is False:
            return None
        iv = mpmath.iv
        saved = iv.prec
        iv.prec = BITS  # the interval context has no workprec manager
        try:
            start = iv.mpf("-inf") if low is None else iv.mpf(low.numerator) / low.denominator
            end = iv.mpf("inf") if high is None else iv.mpf(high.numerator) / high.denominator
            value = self._interval([iv.mpf([start.a, end.b])])
        except (mpmath.libmp.ComplexResult, ZeroDivisionError, ValueError, TypeError, OverflowError, CrossCheckUnavailable):
            return None
        finally:
            iv.prec = saved
        return value if isinstance(value, iv.mpf) else None

    def sign_at(self, point: Fraction) -> int | None:
        """The sign of g at a rational point: 0 only where sympy's evaluation there is exactly 0, else by a rigorous
        enclosure (None where none decides)."""
        if point not in self._signs:
            ball = self.on(_point(point))  # (a ball on one side of 0 decides it without sympy)
            if ball > 0 or ball < 0:
                self._signs[point] = 1 if ball > 0 else -1
                return self._signs[point]
            value = self.expression.xreplace({self.x: sympy.Rational(point.numerator, point.denominator)})
            sign = None
            if value == 0:
                sign = 0
            elif value.is_Rational:
                sign = 1 if value > 0 else -1
            elif value.is_number and self.budget.signs > 0:
                self.budget.signs -= 1  # (an identity sympy does not see is 0 at every cut: tan(x/2) - sin(x)/(1 + cos(x)))
                try:
                    decided = certify_sign(value, max_bits=SIGN_BITS)
                except (CrossCheckUnavailable, TypeError, ValueError, ZeroDivisionError):
                    decided = None
                sign = decided[0] if decided is not None and decided[0] != 0 else None
            self._signs[point] = sign
        return self._signs[point]


def _nodes(expression: sympy.Expr) -> int:
    """The size of an expression tree, counted up to MAX_DERIVATIVE_NODES + 1."""
    count = 0
    for _ in sympy.preorder_traversal(expression):
        count += 1
        if count > MAX_DERIVATIVE_NODES:
            break
    return count


def _ball(low: Fraction, high: Fraction):
    """A ball holding [low, high] (its midpoint rounded, its radius rounded up past that rounding)."""
    middle = (low + high) / 2
    centre = flint.arb(flint.fmpq(middle.numerator, middle.denominator))
    half = (high - low) / 2
    return centre + flint.arb(0, flint.arb(flint.fmpq(half.numerator, half.denominator)).upper())


def _blown(ball) -> bool:
    """A ball that is not finite or whose radius passes its midpoint's size."""
    return not ball.is_finite() or abs(ball.mid()) < ball.rad()


def _split(a, b) -> Fraction:
    """Where [a, b] is cut in two: the simplest rational in its middle half, or, on an interval spanning many powers of 2 on one side of 0
    (x^3 <= e^x on [5, 10^60]), a power of 2 times its end nearer 0, about their geometric mean: 200 halvings
    become about 8 such cuts and a few halvings.  An infinite end (None): [a, oo) is cut at 1 below 1, else at
    max(4a, a^2), so that its finite part grows fast."""
    if a is None and b is None:
        return Fraction(0)
    if b is None:
        return Fraction(1) if a < 1 else max(4 * a, a * a)
    if a is None:
        return -_split(-b, None)
    if a >= 0 and b > 4 * max(a, Fraction(1, 4)):
        low = max(a, Fraction(1, 4))
        return low * 2 ** (_log2(b / low) // 2)
    if b <= 0 and a < 4 * min(b, Fraction(-1, 4)):
        return -_split(-b, -a)
    quarter = (b - a) / 4
    return _simplest(a + quarter, b - quarter)  # 0, 1, 1/2 ... where the middle half holds one: an exact zero there
    # (log(1 + x) = x/(1 + x) at 0 on [-1/2, 3]) becomes an end, settled by derivatives


def _log2(ratio: Fraction) -> int:
    """floor(log2(ratio)) within one, for ratio >= 1 (bit lengths)."""
    return max(ratio.numerator.bit_length() - ratio.denominator.bit_length(), 0)


def _simplest(low: Fraction, high: Fraction) -> Fraction:
    """The rational with the least denominator strictly inside (low, high): a witness that reads 5/2, not 635/256."""
    found = realsets.simplest_between(sympy.Rational(low.numerator, low.denominator), sympy.Rational(high.numerator, high.denominator))
    return Fraction(int(found.p), int(found.q))


def _point(value: Fraction):
    return flint.arb(flint.fmpq(value.numerator, value.denominator))


def side_of(region: sympy.Set) -> Side | None:
    """A sympy Interval whose ends are rational or infinite as the Side ``decide`` reads (an infinite end None); None
    for any other set."""
    if not isinstance(region, sympy.Interval) or not all(end.is_Rational or end.is_infinite for end in (region.start, region.end)):
        return None
    low, high = (None if end.is_infinite else Fraction(int(end.p), int(end.q)) for end in (region.start, region.end))
    return Side(low, high, bool(region.left_open), bool(region.right_open))


def decide(g: sympy.Expr, x: sympy.Symbol, side: Side, strict: bool, boxes: int = MAX_BOXES) -> Proved | Fails | None:
    """Is g >= 0 (``strict``: g > 0) at every point of ``side`` (an interval, each end closed or open; an end None is
    infinite: on (0, oo) a tail [c, oo) is settled where interval arithmetic shows g', or g itself, of one sign
    there, as exp(h) - 1 > 0 makes exp(h) - 1 - h increasing)?

    g must be defined at every point of ``side``: the callers seek its poles first (forall's pole search,
    sign._defined_on_the_line).  An enclosure is a bound on the points where g is defined, so [1/4, oo] for
    1/(1 - x)^2 on [0, 2] is one, and g' so enclosed makes g monotone only where g has no pole: 1/(1 - x) would be
    'increasing' across 1 (an adversarial review of 2026-12-07).  Half-infinite enclosures are kept for what they
    settle rightly: 1/(1 - x) - e^x > 0 beside its pole at the open end of (0, 1), sqrt(x)' = 1/(2 sqrt(x)) near 0."""
    if side.low is not None and side.high is not None and not side.low < side.high:
        return None
    saved = flint.ctx.prec
    flint.ctx.prec = BITS
    try:
        budget = _Budget(boxes)
        function = _Function(g, x, budget)
        zeros: list = []
        found = _settle(function, side.low, side.high, not side.low_open, not side.high_open, strict, budget, zeros)
    except CrossCheckUnavailable:
        return None
    finally:
        flint.ctx.prec = saved
    if found is True:
        return Proved(budget.used, tuple(sorted(set(zeros))))
    return found if isinstance(found, Fails) else None


def _settle(f: _Function, low: Fraction, high: Fraction, low_in: bool, high_in: bool, strict: bool, budget: _Budget, zeros: list):
    """True where f >= 0 (strict: > 0) at every point of [low, high] (an end only where it is ``in``), a Fails, or
    None (undecided).  Worst subinterval first (the least lower end of its enclosure), so that a failure is met
    early; every SHALLOW_EVERY-th look goes to the widest subinterval not yet looked at instead, so that subintervals
    that stay worst without ever settling (a tie on a whole stretch: sqrt((1 - cos x)/2) = sin(x/2) on [0, 2 pi]) do
    not take the whole budget while a failure beside them is never looked at (the same bound on [0, 7], false by 0.70
    at x = 7, ended in an error: a review of 2026-12-07)."""
    worst = [(0.0, 0, low, high, low_in, high_in, 0)]
    widest = [(0, 0, low, high, low_in, high_in, 0)]  # (depth, count, ...)
    looked: set = set()
    count, settled, turn = 1, True, 0
    while True:
        turn += 1
        box = _next(widest if turn % SHALLOW_EVERY == 0 else worst, looked) or _next(worst, looked) or _next(widest, looked)
        if box is None:
            break
        _, number, a, b, a_in, b_in, depth = box
        looked.add(number)
        if not budget.take(f.cost):
            return None
        found = _box(f, a, b, a_in, b_in, strict, budget, zeros)
        if found is True:
            continue
        if isinstance(found, Fails):
            return found
        finite_end = b if a is None else a if b is None else None
        if depth >= MAX_DEPTH or (finite_end is not None and abs(finite_end) > TAIL_LIMIT) or (a is None and b is None and depth > 0):
            settled = False  # left undecided; the other subintervals may still show a failure
            continue
        middle = _split(a, b)
        for a2, b2, in2_low, in2_high in ((a, middle, a_in, True), (middle, b, True, b_in)):
            heapq.heappush(worst, (_lower_end(f, a2, b2), count, a2, b2, in2_low, in2_high, depth + 1))
            heapq.heappush(widest, (depth + 1, count, a2, b2, in2_low, in2_high, depth + 1))
            count += 1
    return True if settled else None


SHALLOW_EVERY = 4  # one look in four goes to the widest subinterval left


def _next(queue: list, looked: set):
    """The first entry of a heap of subintervals not looked at yet (each is in both heaps), popped; None if none."""
    while queue:
        entry = heapq.heappop(queue)
        if entry[1] not in looked:
            return entry
    return None


def _lower_end(f: _Function, a, b) -> float:
    """A float below f on [a, b] (which subinterval to look at first), +inf for a tail (looked at after the finite
    ones, so that a failure is shown at a point of moderate size).  Where nothing bounds f (a square root's argument
    enclosed below 0 beside a tie) the key is -0.0: after every subinterval whose enclosure reaches below 0, which may
    fail there, before those above 0.  With -inf, boxes beside such a tie were looked at first until the budget ran
    out, and sqrt((1 - cos x)/2) <= sin(x/2) on [0, 7], false by 0.70 at x = 7, ended in an error (a review of
    2026-12-07)."""
    if a is None or b is None:
        return float("inf")
    lower = f.on(_ball(a, b)).lower()
    return float(lower) if lower.is_finite() else -0.0


def _tail_box(f: _Function, a, b, a_in: bool, b_in: bool, strict: bool, zeros: list):
    """A subinterval with an infinite end, in mpmath.iv's interval arithmetic only (a ball has no infinite end): g
    over it, else the first derivative g^(k) of one sign over it (exp(h) - 6 > 0 on [4, oo) for g = e^h - h^3, k = 3)
    with g^(j) at the finite end c not of the other sign for 0 < j < k: then g^(k-1), ..., g' grow away from c, g is
    monotone there (Taylor: g^(j)(x) = g^(j)(c) + integral of g^(j+1)), and its least value is g(c) (toward -oo the
    signs alternate with the order)."""
    value = f.on_interval(a, b)
    if value is not None:
        if value > 0 or (not strict and value >= 0):
            return True
        if value < 0 or (strict and value <= 0):
            point = _inside(a, b)
            return Fails(point, point, point) if f.sign_at(point) is not None and f.sign_at(point) <= 0 else None
    if (a is None) == (b is None):
        return None
    direction = 1 if b is None else -1  # toward +oo or -oo
    end = a if b is None else b
    derivative, order = f.derivative(), 1
    while derivative is not None:  # the first derivative of one sign over the tail, toward infinity
        value = derivative.on_interval(a, b)
        if value is not None and (value > 0 if direction ** order > 0 else value < 0):
            break
        derivative, order = derivative.derivative(), order + 1
    else:
        return None
    lower = f  # and every lower one (but f) not of the other sign at the finite end: then f' > 0 beyond it (toward
    for j in range(1, order):  # infinity), by the mean value theorem from the highest down
        lower = lower.derivative()
        sign = lower.sign_at(end)
        if sign is None or sign * direction ** j < 0:
            return None
    return _monotone(f, direction > 0, a, b, a_in, b_in, strict, zeros)


def _monotone(f: _Function, increasing: bool, a, b, a_in: bool, b_in: bool, strict: bool, zeros: list):
    """f monotone on [a, b] (f' of one sign): its least value is at one end, decided there exactly or by an enclosure
    (None at an infinite end: a limit, not a value)."""
    end, end_in = (a, a_in) if increasing else (b, b_in)
    if end is None:
        return None
    sign = f.sign_at(end)
    if sign is not None and sign > 0:
        return True
    if sign == 0:
        if end_in:  # (a zero at an end left out is no point of the interval: not shown; a Fails below is the caller's
            zeros.append((end, f.order + 1))  # answer, and the zeros are then not shown)
        if not strict:
            return True
        return Fails(end, end, end) if end_in else True  # strictly monotone away from the end left out
    if sign is not None and sign < 0 and end_in:
        return Fails(end, end, end)
    return None


def _inside(a, b) -> Fraction:
    """A rational inside (a, b), an end None being infinite."""
    if a is not None and b is not None:
        return _simplest(a, b)
    if a is None and b is None:
        return Fraction(0)
    return a + 1 if b is None else b - 1


def _box(f: _Function, a: Fraction, b: Fraction, a_in: bool, b_in: bool, strict: bool, budget: _Budget, zeros: list):
    """One subinterval: True (settled), Fails, or None (to be halved)."""
    if a is None or b is None:
        return _tail_box(f, a, b, a_in, b_in, strict, zeros)
    box = _ball(a, b)
    enclosures = [f.on(box)]
    derivative = f.derivative()
    slope = derivative.on(box) if derivative is not None else None
    if slope is not None and slope.is_finite():
        middle = (a + b) / 2
        enclosures.append(f.on(_point(middle)) + slope * (box - _point(middle)))
    if _blown(enclosures[0]):  # a ball too wide to keep its lower end: the ends by interval arithmetic
        enclosures.append(f.on_interval(a, b))
        if derivative is not None and (slope is None or _blown(slope)):
            slope = derivative.on_interval(a, b)
    for value in enclosures:
        if value is None:
            continue
        if value > 0 or (not strict and value >= 0):
            return True
        if value < 0 or (strict and value <= 0):
            return Fails(_simplest(a, b), a, b)
    if slope is not None and (slope > 0 or slope < 0):  # monotone: the least value at one end
        return _monotone(f, slope > 0, a, b, a_in, b_in, strict, zeros)
    for end, end_in, toward in ((a, a_in, 1), (b, b_in, -1)):  # an exact zero at an end: the sign of f' beside it
        if not f.on(_point(end)).contains(0) or f.sign_at(end) != 0:
            continue
        if strict and end_in:
            return Fails(end, end, end)
        other = b if toward > 0 else a
        if f.on(_point(other)).contains(0) and f.sign_at(other) == 0:
            return None  # zeros at both ends: halve first
        if derivative is None:
            return None
        steep = derivative if toward > 0 else derivative.negated()  # f' >= 0 right of a zero, f' <= 0 left of one
        own_in = not strict  # strict: f' > 0 where the zero's end is left out (f grows away from 0)
        beside: list = []  # the zeros the derivatives' own proofs meet, kept only if that proof succeeds
        share = budget.share()  # (the derivative's proof beside the zero at 0 of sqrt((1 - cos x)/2) - sin(x/2) on [0, 7]
        # took the whole budget in the first subinterval: a review of 2026-12-07)
        sub = _settle(steep, a, b, own_in if toward > 0 else True, True if toward > 0 else own_in, strict, share, beside)
        budget.absorb(share)
        if sub is True:
            zeros.extend(beside)
            if end_in:
                zeros.append((end, f.order + 1))
            return True
        return None
    return None
