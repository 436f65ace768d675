"""A root of F(u, lam) = 0 followed from lam = 0 to lam = 1 with certainty, by interval path tracking.

F is a polynomial in u and lam with rational coefficients and F(u, 0) = u - start: the branch is the root that
starts at ``start``.  The path [0, 1] is cut into intervals L = [lam_k, lam_k+1]; over each, a box U is shown to
hold exactly one root for every lam in L by the Krawczyk test (Krawczyk 1969; Moore, Kearfott & Cloud,
*Introduction to Interval Analysis*, SIAM 2009, sections 8.2 and 8.4):

    K(U, L) = m - Y F(m, L) + (1 - Y F_u(U, L)) (U - m),   m the midpoint of U, Y ~ 1/F_u(m, lam),

and K(U, L) inside the interior of U proves that for every lam in L the root in U exists, is unique and is simple
(F_u != 0 there), so it moves continuously with lam (the implicit function theorem).  Each box holds the enclosure of
the root at its interval's start that the step before it proved, so the boxes follow one branch; at lam = 1 the last
enclosure picks that root among the real roots of F(u, 1), by isolating intervals.  All arithmetic is python-flint's
``arb`` (ball arithmetic with rigorous rounding).

This decides what counting the real roots (verify.engines.number_field.continued_root) cannot: a path on which
another root escapes to infinity or two other roots meet, while the branch followed stays away from both (the
trapezoidal rule on y' = (1 - t) y^2 with h = 1: the leading coefficient vanishes at lam = 1, where one root leaves
for infinity and the branch ends at 3/2).  Where the branch itself folds, meets another root or escapes, no box
passes the test near that point and the answer is None: not decided.
"""
from __future__ import annotations

from fractions import Fraction

import flint

from verify.errors import BranchNotFollowed

PRECISION = 128  # bits of the ball arithmetic
MAX_INTERVALS = 4000  # lam intervals tried in all (accepted or halved): a bound on the work
SMALLEST_STEP = Fraction(1, 2**40)  # a lam interval shorter than this: the branch is taken as not followed


class _Polynomial:
    """F(u, lam) and F_u(u, lam) on balls: the coefficient of each power of u is a polynomial in lam (Horner)."""

    def __init__(self, terms: dict):
        degree = max(i for i, _ in terms)
        self.in_lam = [[flint.fmpq(0)] * (1 + max([j for (i2, j) in terms if i2 == i], default=0)) for i in range(degree + 1)]
        for (i, j), coefficient in terms.items():
            self.in_lam[i][j] = flint.fmpq(coefficient.numerator, coefficient.denominator)

    def _coefficients(self, lam):
        values = []
        for row in self.in_lam:
            value = flint.arb(0)
            for c in reversed(row):
                value = value * lam + c
            values.append(value)
        return values

    def value_and_slope(self, u, lam):
        """F(u, lam) and F_u(u, lam)."""
        c = self._coefficients(lam)
        value, slope = c[-1], flint.arb(0)
        for coefficient in reversed(c[:-1]):
            slope = slope * u + value
            value = value * u + coefficient
        return value, slope

    def value_over(self, u, lam):
        """F(u, L) for a point u and an interval L, in the mean value form p(c) + p'(L) (L - c) of the polynomial
        p(lam) = F(u, lam), c the middle of L, its coefficients summed at u first: Horner's form over an interval
        counts each occurrence of lam apart ((1 - L) L is twice as wide as it need be), and the powers of u taken
        apart keep terms that cancel at u (a root that starts at rest, moving as lam^2); the Krawczyk test on a
        moving root needs the width of F(m, L) no wider than the root moves."""
        width = max(len(row) for row in self.in_lam)
        p = [flint.arb(0)] * width  # p(lam) = sum_j p_j lam^j, p_j = sum_i a_ij u^i
        power = flint.arb(1)
        for row in self.in_lam:
            for j, c in enumerate(row):
                if c:
                    p[j] = p[j] + c * power
            power = power * u
        centre = lam.mid()
        value = flint.arb(0)
        for c in reversed(p):
            value = value * centre + c
        slope = flint.arb(0)
        for j in range(len(p) - 1, 0, -1):
            slope = slope * lam + j * p[j]
        return value + slope * (lam - centre)


def _krawczyk(F: _Polynomial, box, lam):
    """K(box, lam) (lam a ball or a point), or None where the slope at the midpoint is not told apart from 0."""
    m = box.mid()
    _, slope_mid = F.value_and_slope(m, lam.mid())
    if slope_mid.contains(0):
        return None
    y = (1 / slope_mid).mid()
    value_m = F.value_over(m, lam)
    _, slope = F.value_and_slope(box, lam)
    return m - y * value_m + (1 - y * slope) * (box - m)


def _newton(F: _Polynomial, guess, lam, iterations=60):
    """An approximate root near ``guess`` at the point ``lam`` (midpoints only: a prediction, proved by _krawczyk)."""
    x = guess.mid()
    for _ in range(iterations):
        value, slope = F.value_and_slope(x, lam)
        slope = slope.mid()
        if slope == 0:
            return None
        step = (value.mid() / slope).mid()
        x = (x - step).mid()
        if abs(step) <= abs(x) * flint.arb(2) ** (-PRECISION + 8) or step == 0:
            return x
    return x


def _box_around(enclosure, point, width: Fraction):
    """A ball holding ``enclosure`` and ``point``, twice as wide as their hull, widened by ``width`` (the lam
    interval's) times the value's size over 2^10, and never a point.  Near lam = 0 a root that starts at rest moves
    as lam^2 or slower and so does the image's width: only a term linear in the width lets a short enough interval
    pass (a review of 2026-12-06: such a branch was an error)."""
    low = (enclosure.mid() - enclosure.rad()).min(point)
    high = (enclosure.mid() + enclosure.rad()).max(point)
    center = ((low + high) / 2).mid()
    half = ((high - low) / 2).abs_upper()
    size = abs(center) + 1
    floor = size * flint.arb(2) ** (-PRECISION // 2) + size * flint.fmpq(width.numerator, width.denominator) / 2**10
    return flint.arb(center, (half * 2 + floor).abs_upper())


def _tightened(F: _Polynomial, enclosure, lam):
    """The root's enclosure at the point ``lam`` narrowed by interval Newton steps (each result holds the root)."""
    for _ in range(4):
        m = enclosure.mid()
        value, _ = F.value_and_slope(m, lam)
        _, slope = F.value_and_slope(enclosure, lam)
        if slope.contains(0):
            return enclosure
        narrowed = (m - value / slope).intersection(enclosure)
        if narrowed.rad() >= enclosure.rad():
            return narrowed
        enclosure = narrowed
    return enclosure


def root_enclosure(terms: dict, start: Fraction):
    """(low, high) rationals enclosing the root at lam = 1 of the branch of F(u, lam) = 0 that starts at u = ``start``
    at lam = 0, the only root of F(u, 1) in that enclosure.  BranchNotFollowed when the branch is not followed to lam = 1
    (it folds, meets another root or escapes, or MAX_INTERVALS did not reach the end).  ``terms``: (i, j) -> the
    rational coefficient of u^i lam^j, with F(u, 0) = u - start."""
    saved = flint.ctx.prec
    flint.ctx.prec = PRECISION
    reached = [Fraction(0)]
    try:
        return _followed(_Polynomial(terms), start, reached)
    except BranchNotFollowed:
        raise
    except (ValueError, ArithmeticError):  # balls that cannot be divided or intersected: not followed
        raise BranchNotFollowed(reached[0]) from None
    finally:
        flint.ctx.prec = saved


def _followed(F: _Polynomial, start: Fraction, reached: list):
    """root_enclosure's walk along [0, 1] (at the working precision); ``reached[0]``: how far it got."""
    lam, step = Fraction(0), Fraction(1, 16)
    enclosure = flint.arb(flint.fmpq(start.numerator, start.denominator))
    for _ in range(MAX_INTERVALS):
        if lam == 1:
            break
        ahead = min(lam + step, Fraction(1))
        at = flint.arb(flint.fmpq(ahead.numerator, ahead.denominator))
        predicted = _newton(F, enclosure, at)
        proved = None
        if predicted is not None and predicted.is_finite():
            box = _box_around(enclosure, predicted, ahead - lam)
            middle, half = (lam + ahead) / 2, (ahead - lam) / 2  # [lam, ahead] (arb's union of the ends is wider)
            over = flint.arb(flint.fmpq(middle.numerator, middle.denominator), flint.fmpq(half.numerator, half.denominator))
            image = _krawczyk(F, box, over)
            if image is not None and image.is_finite() and box.contains_interior(image) and box.contains(enclosure):
                proved = _tightened(F, image, at)
        if proved is None:
            step /= 2
            if step < SMALLEST_STEP:
                raise BranchNotFollowed(lam)
            continue
        lam, enclosure, step = ahead, proved, min(step * 2, Fraction(1, 4))
        reached[0] = lam
    if lam != 1:
        raise BranchNotFollowed(lam)
    middle, radius = enclosure.mid().fmpq(), enclosure.rad().fmpq()
    return Fraction(int((middle - radius).p), int((middle - radius).q)), Fraction(int((middle + radius).p), int((middle + radius).q))
