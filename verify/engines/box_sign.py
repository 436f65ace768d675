"""Is a polynomial in two variables with rational coefficients >= 0 (or > 0) on a box?  Decided exactly.

A continuous g on the closed box B = [x0, x1] x [y0, y1] takes its least value on an edge of B or at a point inside
where its gradient vanishes (Fermat).  So g >= 0 on B exactly when

* on each of the four edges, the polynomial in one variable g restricted to it is >= 0 on the closed segment
  (exact real root isolation, verify.engines.realsets.polynomial_set), and
* at every critical point of g inside B, g >= 0.

The critical points (P = dg/dx = 0 and Q = dg/dy = 0) are found by elimination (Cox, Little & O'Shea, *Ideals,
Varieties, and Algorithms*, ch. 3, section 6): where P and Q have no common factor, the x of every common root is a
root of the resultant Res_y(P, Q) and its y a root of Res_x(P, Q).  Each pair of real roots inside the box is a box
of exact isolating intervals; there P, Q and g are enclosed by interval arithmetic on rationals (exact, no
rounding), and the intervals are halved until the enclosure of P or of Q leaves out 0 (no critical point there) or
that of g lies on one side of 0.  Nothing is sampled and no float is used.

The open domain D (an open end of either interval) has the same closure B, so g >= 0 on D exactly when g >= 0 on B;
a point of B where g < 0 has points of D next to it where g < 0 too (continuity), found by stepping into D.  For
g > 0 on D, g >= 0 on B is decided first; then g must not vanish at a critical point inside or on an edge that D
holds.

Undecided (None, and the caller samples instead): coefficients that are not rational, degrees past MAX_DEGREE, P and
Q (or a condition and its Lagrange polynomial, or two conditions) with a common factor (a curve of candidate points:
g in one variable with conditions, a condition that always holds), a strict bound in one variable (``decide``), and
with conditions a point where g fails that no rational point of D near it shows (D may not reach it).  An error (CheckError, no verdict): a critical point where g's enclosure still holds 0 after
MAX_HALVINGS halvings (a tight bound touching 0 at an irrational point: interval enclosures cannot show that a value
is exactly 0; at rational points it is exact).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import flint
import sympy

from verify.engines import realsets
from verify.errors import CheckError

MAX_DEGREE = 12  # total degree of g: the resultants' degree grows as its square (RK4's logistic step has degree 30)
MAX_HALVINGS = 240  # bisections of a critical point's isolating intervals before it is left undecided (an error: g's
# least value is then within about 2^-240 of the box's size of 0; 80 let a bound false by 10^-60 go on to sampling)
MAX_STEPS_INTO = 200  # halvings of the step from an edge into a region cut by conditions before the witness is left undecided
MAX_DECIMALS = 40  # a witness is shown rounded to at most this many decimals (else as the rational found)


@dataclass(frozen=True)
class Side:
    """One variable's interval: its ends (rationals) and whether each is left out."""

    low: Fraction
    high: Fraction
    low_open: bool
    high_open: bool

    def holds(self, value: Fraction) -> bool:
        return (self.low < value or (value == self.low and not self.low_open)) and \
               (value < self.high or (value == self.high and not self.high_open))


@dataclass
class Decision:
    """``holds``: g >= 0 (g > 0) on the domain.  Otherwise ``point`` is a point of the domain where it fails (rationals,
    or one CRootOf on an edge where g vanishes at an irrational point), and ``value`` g there.  ``lines``: how it was
    decided, for the derivation."""

    holds: bool
    lines: list
    point: tuple | None = None
    value: object = None


class _Polynomial:
    """g as {(i, j): Fraction}, evaluated exactly at rationals and enclosed over boxes of rationals."""

    def __init__(self, poly: sympy.Poly):
        self.terms = {monomial: Fraction(int(c.p), int(c.q)) for monomial, c in zip(poly.monoms(), poly.coeffs())}

    def at(self, x: Fraction, y: Fraction) -> Fraction:
        return sum((c * x**i * y**j for (i, j), c in self.terms.items()), Fraction(0))

    def slope_bound(self, xs: Side, ys: Side) -> Fraction:
        """A bound on |g_x| + |g_y| over the closed box, plus 1 (interval arithmetic on each derivative's terms)."""
        bound = Fraction(1)
        for variable in (0, 1):
            derivative = _Polynomial.__new__(_Polynomial)  # the derivative's terms, not a sympy Poly's
            derivative.terms = {}
            for (i, j), c in self.terms.items():
                power = (i, j)[variable]
                if power:
                    key = (i - 1, j) if variable == 0 else (i, j - 1)
                    derivative.terms[key] = derivative.terms.get(key, Fraction(0)) + c * power
            low, high = derivative.over((xs.low, xs.high), (ys.low, ys.high))
            bound += max(abs(low), abs(high))
        return bound

    def over(self, xs: tuple, ys: tuple) -> tuple:
        """(low, high) enclosing g on [xs] x [ys] (each a (low, high) pair of rationals)."""
        low = high = Fraction(0)
        for (i, j), c in self.terms.items():
            a, b = _times(_power(xs, i), _power(ys, j))
            a, b = (c * a, c * b) if c >= 0 else (c * b, c * a)
            low, high = low + a, high + b
        return low, high


def _power(interval: tuple, k: int) -> tuple:
    low, high = interval
    if k == 0:
        return Fraction(1), Fraction(1)
    if k % 2 == 1 or low >= 0:
        return low**k, high**k
    if high <= 0:
        return high**k, low**k
    return Fraction(0), max(low**k, high**k)


def _times(a: tuple, b: tuple) -> tuple:
    products = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]]
    return min(products), max(products)


def _fraction(value) -> Fraction:
    value = sympy.Rational(value)
    return Fraction(int(value.p), int(value.q))


def _rational(value: Fraction) -> sympy.Rational:
    return sympy.Rational(value.numerator, value.denominator)


def decide(g: sympy.Expr, x: sympy.Symbol, y: sympy.Symbol, xs: Side, ys: Side, strict: bool) -> Decision | None:
    """g >= 0 (``strict``: g > 0) for every (x, y) in the domain xs x ys?  None where it is not decided (module text)."""
    try:
        poly = sympy.Poly(g, x, y)
    except sympy.PolynomialError:
        return None
    if not (poly.domain.is_QQ or poly.domain.is_ZZ) or poly.total_degree() > MAX_DEGREE:
        return None
    exact = _Polynomial(poly)
    lines = []
    t = sympy.Dummy("t", real=True)
    edges = [(x, xs.low, xs.low_open, ys), (x, xs.high, xs.high_open, ys),
             (y, ys.low, ys.low_open, xs), (y, ys.high, ys.high_open, xs)]
    zero_edges = []
    for fixed, at, left_out, along in edges:  # g >= 0 on each closed edge
        other = y if fixed == x else x
        on_edge = sympy.expand(g.xreplace({fixed: _rational(at), other: t}))
        segment = realsets.interval(_rational(along.low), _rational(along.high))
        negative = realsets.polynomial_set(on_edge, "<", t)
        if negative is None:
            return None
        negative = realsets.intersect(negative, segment)
        if negative != sympy.S.EmptySet:
            inside = _rational_inside(negative)
            point = (at, inside) if fixed == x else (inside, at)
            witness = _into_domain(exact, point, xs, ys)
            if witness is None:
                return None
            found = [f"on the edge {fixed} = {_rational(at)}: g < 0 for {other} in {negative}"]
            if witness != point:
                found.append(f"the domain leaves out ({_rational(point[0])}, {_rational(point[1])}) of that edge: the point "
                             "stepped towards the box's middle until g < 0 there")
            return Decision(False, lines + found, witness, exact.at(*witness))
        lines.append(f"on the edge {fixed} = {_rational(at)}: g = {_short(on_edge.xreplace({t: other}))} >= 0 "
                     f"on {segment} (exact real root isolation)")
        if strict and not left_out:  # the edge's part that the domain holds must have g > 0
            zeros = realsets.polynomial_set(on_edge, "==", t)
            part = realsets.interval(_rational(along.low), _rational(along.high), along.low_open, along.high_open)
            zeros = realsets.intersect(zeros, part)
            if zeros != sympy.S.EmptySet:
                zero_edges.append((fixed, other, at, zeros))
    if zero_edges:
        fixed, other, at, zeros = zero_edges[0]
        piece = realsets.pieces(zeros)[0]  # a point of the kept part: a piece's end may be left out (a review of
        # 2026-12-07: x y > 0 on (0, 1] x [0, 1] was refuted 'at x = 0, y = 0', outside the domain)
        first = piece.start if piece.start == piece.end else realsets.rational_between(piece.start, piece.end)
        point = (at, first) if fixed == x else (first, at)
        return Decision(False, lines + [f"on the edge {fixed} = {_rational(at)}: g = 0 at {other} in {zeros}"], point, 0)
    critical = _critical_points(poly, x, y, exact, xs, ys, strict)
    if critical is None:
        return None
    if isinstance(critical, tuple):  # a rational point inside where g < 0
        value = exact.at(*critical)
        return Decision(False, lines + [f"inside: g = {_rational(value)} at a point of a critical point's isolating box"], critical, value)
    return Decision(True, lines + critical)


def _rational_inside(region) -> Fraction:
    """A rational inside a nonempty open-relative set of a segment (where a polynomial is < 0: it has an interior)."""
    piece = realsets.pieces(region)[0]
    if piece.start == piece.end:
        return _fraction(piece.start)  # cannot happen for a strict inequality's set; kept exact all the same
    return _fraction(realsets.rational_between(piece.start, piece.end))


def _into_domain(exact: _Polynomial, point: tuple, xs: Side, ys: Side) -> tuple | None:
    """A point of the domain where g < 0, from ``point`` of the closed box where it is: the point itself when the
    domain holds it, else a point stepped towards the box's middle by halving steps (g is continuous); then the
    first rounding of it to 1, 2, ... decimals that is still in the domain with g < 0 (a counterexample a reader
    can type: 0.99999999997, not 34359738367/34359738368)."""
    def in_box(candidate):
        return xs.holds(candidate[0]) and ys.holds(candidate[1])

    def fails(candidate):
        return exact.at(*candidate) < 0

    if in_box(point):
        return _rounded_in(point, in_box, fails)
    # a step short enough that g stays < 0, so that x + (y - 1/2)^2 >= 10^-150 on (0, 1) x [0, 1] is refuted at x of
    # about 10^-151 (halving steps 200 times stopped at 2^-201, and sampling then verified it: a review of 2026-12-07)
    middle = ((xs.low + xs.high) / 2, (ys.low + ys.high) / 2)
    direction = (middle[0] - point[0], middle[1] - point[1])
    return _stepped_in(point, direction, max(abs(direction[0]), abs(direction[1]), Fraction(1)), exact, exact.slope_bound(xs, ys),
                       in_box, fails)


def _stepped_in(point: tuple, direction: tuple, reach: Fraction, exact: _Polynomial, slope: Fraction, in_domain, fails):
    """A point point + share * direction of D where g fails, rounded (_rounded_in): the longest of the shares 1/2, 1/4,
    ... that fails (a rounder point), down to a safe share -g(point) / (2 slope reach), at which g stays < 0 (``slope``
    bounds |g_x| + |g_y| on the box, ``reach`` is at least the direction's max-norm); where g(point) is not < 0 (a strict
    bound's zero) the shares go down to 2^-MAX_STEPS_INTO.  None when none of them is in D."""
    margin = -exact.at(*point)
    safe = min(Fraction(1, 2), margin / (2 * slope * reach)) if margin > 0 else Fraction(1, 2**MAX_STEPS_INTO)
    share = Fraction(1, 2)
    while True:
        share = max(share, safe)
        candidate = (point[0] + direction[0] * share, point[1] + direction[1] * share)
        if in_domain(candidate) and fails(candidate):
            return _rounded_in(candidate, in_domain, fails)
        if share == safe:
            return None
        share /= 2


def _critical_points(poly, x, y, exact: _Polynomial, xs: Side, ys: Side, strict: bool):
    """Derivation lines when g > 0 (``strict``) or g >= 0 at every critical point strictly inside the box; a rational
    point inside with g < 0; or None (undecided)."""
    P, Q = poly.diff(x), poly.diff(y)
    if P.is_zero and Q.is_zero:
        return ["inside: g is constant"]
    if P.is_zero or Q.is_zero:  # g in one variable only: its critical lines reach the edges, decided there...
        return None if strict else ["inside: g depends on one variable; its least value is on an edge"]  # ...but a
        # strict bound's zero on such a line inside the box is not seen at the edges' ends when the line is left out
    settled = _settled(exact, P, Q, x, y, xs, ys, [], strict, lambda point: xs.holds(point[0]) and ys.holds(point[1]),
                       lambda point: exact.at(*point) < 0 or (strict and exact.at(*point) == 0))
    if not isinstance(settled, _Settled):
        return settled  # None (a curve of critical points), or a point inside where g fails
    return [f"inside: the critical points' {x} are among the {settled.found[0]} real roots in the box of Res_{y}(g_{x}, g_{y}), a multiple of "
            f"{_short(settled.resultants[0])}, their {y} among the {settled.found[1]} of Res_{x}(g_{x}, g_{y}), a multiple of "
            f"{_short(settled.resultants[1])}; of the {settled.found[0] * settled.found[1]} pairs, {settled.counted} are critical "
            f"points or too close to tell, and g {'>' if strict else '>='} 0 at each (interval arithmetic on rationals over the "
            "isolating intervals)"]


def _short(poly) -> str:
    if not isinstance(poly, sympy.Poly):
        if not poly.free_symbols:
            return str(poly)
        poly = sympy.Poly(poly, *sorted(poly.free_symbols, key=str))
    text = str(poly.as_expr())
    return text if len(text) <= 80 else f"a polynomial of degree {poly.total_degree()}"


def _isolated(poly, side: Side) -> list:
    """The distinct real roots of ``poly`` strictly inside ``side``, each as (isolating interval, the coefficients of
    its irreducible factor over QQ, which the halving reads): a rational root exactly, as (r, r), so that a critical
    point at rationals is decided exactly (g = 0 there: a tight bound)."""
    found = []
    for factor, _ in sympy.factor_list(poly)[1]:
        factor = sympy.Poly(factor, poly.gens[0])
        coefficients = [_fraction(c) for c in factor.all_coeffs()]
        if factor.degree() == 1:
            root = -coefficients[1] / coefficients[0]
            candidates = [(root, root)]
        else:
            candidates = [(_fraction(a), _fraction(b)) for (a, b), _ in
                          factor.intervals(inf=_rational(side.low), sup=_rational(side.high))]
        for a, b in candidates:
            if b <= side.low or a >= side.high:
                continue  # outside, or a root at an end: on an edge, decided there
            found.append(((a, b), coefficients))
    return found


def _sign(coefficients: list, value: Fraction) -> int:
    """The sign at ``value`` of the polynomial with these coefficients (highest first), by Horner's rule on rationals."""
    v = Fraction(0)
    for c in coefficients:
        v = v * value + c
    return (v > 0) - (v < 0)


def _halved(poly: list, interval: tuple) -> tuple:
    """The half of an isolating interval that holds its root (an exact rational root: the point itself)."""
    a, b = interval
    if a == b:
        return interval
    m = (a + b) / 2
    sm = _sign(poly, m)
    if sm == 0:
        return m, m
    sa = _sign(poly, a)
    if sa == 0:
        return a, a
    return (a, m) if sa != sm else (m, b)


def _undecided(exact, bx, by) -> CheckError:
    """A point where g's least value may lie and its enclosure still holds 0 after MAX_HALVINGS halvings: a bound
    reached exactly at an irrational point, or missed by less than the enclosure shows.  Not a verdict, and not left
    to sampling either: (x^2 - 2)^2 + (y^2 - 3)^2 >= 10^-60 on [0, 2]^2, false near (sqrt 2, sqrt 3), went on to
    sampling and was 'verified' (a review of 2026-12-07)."""
    low, high = exact.over(bx, by)
    at = ", ".join(f"{float((a + b) / 2):.12g}" for a, b in (bx, by))
    if high < 0:  # g < 0 there for certain, but no rational point of D was met next to it (the fuzzing of the final
        # review: a corner of the region where two strict conditions meet; the message said the bound was reached)
        return CheckError(f"not decided: near the point ({at}) of the closed region, g < 0 (in [{float(low):.3g}, {float(high):.3g}]), "
                          "but no rational point of the domain was found next to it (a strict condition or an open end may "
                          "leave the domain out there)")
    return CheckError(f"not decided: near the point ({at}), where g's least value may lie (a critical point, or a point "
                      f"of a condition's curve), g lies in [{float(low):.3g}, {float(high):.3g}] after {MAX_HALVINGS} halvings "
                      "of its isolating box: the bound is reached there exactly, or missed by less than that")


# --- a box cut by polynomial conditions h_i <= 0 (a forall claim's 'assume') ---------------------------------------

@dataclass(frozen=True)
class Condition:
    """h(x, y) <= 0, or < 0 with ``strict``: one 'assume' condition, h a polynomial with rational coefficients."""

    h: sympy.Expr
    strict: bool


def decide_in_region(g, x, y, xs: Side, ys: Side, conditions: list, strict: bool) -> Decision | None:
    """g >= 0 (``strict``: g > 0) on D = the box xs x ys cut by the ``conditions``?  Decided on the compact set
    C = the closed box cut by every h_i <= 0, which holds D: g takes its least value on C on an edge of the box (in one
    variable: exact real root isolation on the part of the edge where every h_i <= 0), at a critical point of g inside,
    on a curve h_i = 0 where g_x h_y - g_y h_x = 0 (Lagrange; a singular point of the curve satisfies it too), or where
    two curves h_i = h_j = 0 meet: the last three by resultants, as ``decide`` finds critical points.  So g >= 0 on C
    proves the claim on D.  Where g < 0 somewhere in C, a rational point of D itself is looked for near it (D may leave
    out the boundary where the point is): found, the claim is refuted there; not found, None.  For a strict bound,
    g > 0 on C proves it, and a point of D where g <= 0 refutes it; a zero found only where D may not reach is None."""
    try:
        poly = sympy.Poly(g, x, y)
        curves = [sympy.Poly(c.h, x, y) for c in conditions]
    except sympy.PolynomialError:
        return None
    if any(not (p.domain.is_QQ or p.domain.is_ZZ) or p.total_degree() > MAX_DEGREE for p in [poly, *curves]):
        return None
    exact = _Polynomial(poly)
    sides = [_Polynomial(c) for c in curves]

    def in_domain(point) -> bool:
        return xs.holds(point[0]) and ys.holds(point[1]) and all(
            (s.at(*point) < 0) if c.strict else (s.at(*point) <= 0) for s, c in zip(sides, conditions))

    def fails(point) -> bool:
        value = exact.at(*point)
        return value < 0 or (strict and value == 0)

    lines = []
    t = sympy.Dummy("t", real=True)
    for fixed, at, along in ((x, xs.low, ys), (x, xs.high, ys), (y, ys.low, xs), (y, ys.high, xs)):
        other = y if fixed == x else x
        on_edge = {fixed: _rational(at), other: t}
        part = realsets.interval(_rational(along.low), _rational(along.high))
        for c in curves:
            allowed = realsets.polynomial_set(sympy.expand(c.as_expr().xreplace(on_edge)), "<=", t)
            if allowed is None:
                return None
            part = realsets.intersect(part, allowed)
        if part == sympy.S.EmptySet:
            continue
        restricted = sympy.expand(g.xreplace(on_edge))
        bad = realsets.polynomial_set(restricted, "<=" if strict else "<", t)
        if bad is None:
            return None
        bad = realsets.intersect(bad, part)
        if bad != sympy.S.EmptySet:
            witness = _witness_near(bad, fixed == x, at, xs, ys, in_domain, fails, exact)
            if witness is None:
                return None
            return Decision(False, lines + [f"on the edge {fixed} = {_rational(at)}, where the conditions hold ({part}): g "
                                            f"{'<=' if strict else '<'} 0 for {other} in {bad}"], witness, exact.at(*witness))
        lines.append(f"on the edge {fixed} = {_rational(at)}: g {'>' if strict else '>='} 0 on {part}, where the conditions "
                     "hold (exact real root isolation)")
    P, Q = poly.diff(x), poly.diff(y)
    if P.is_zero and Q.is_zero:  # g constant: every point of the region is a least point (a review's fuzzing, 2026-12-07:
        # a region inside the box, so no edge part, and no critical point or Lagrange equation was 'holds' for g = -753/1000)
        if not fails((xs.low, ys.low)):
            return Decision(True, lines + ["g is constant"])
        return None  # a point of D is not looked for: no verdict
    systems = [("critical points of g inside", P, Q)]
    for i, c in enumerate(curves):
        lagrange = P * c.diff(y) - Q * c.diff(x)
        if lagrange.is_zero:
            return None  # every point of the curve is a Lagrange point (g constant on it, or h constant)
        systems.append((f"points of the curve {c.as_expr()} = 0 where g_x h_y = g_y h_x", c, lagrange))
        for d in curves[i + 1:]:
            systems.append((f"points where {c.as_expr()} = 0 meets {d.as_expr()} = 0", c, d))
    for what, first, second in systems:
        found = _settled(exact, first, second, x, y, xs, ys, sides, strict, in_domain, fails)
        if found is None:
            return None
        if isinstance(found, tuple):
            return Decision(False, lines + [f"inside: at a point near one of the {what}, g {'<=' if strict else '<'} 0"], found,
                            exact.at(*found))
        lines.append(f"inside: the {what}: {found.found[0]} x and {found.found[1]} y among the real roots of the resultants; "
                     f"{found.counted} pairs in the closed set, where g {'>' if strict else '>='} 0 (interval arithmetic on rationals)")
    return Decision(True, lines)


def _witness_near(bad, on_x_edge: bool, at: Fraction, xs: Side, ys: Side, in_domain, fails, exact) -> tuple | None:
    """A rational point of D where g fails, near the part ``bad`` of an edge where it fails on the closed set: a rational
    point p of ``bad``, else points stepped from p towards the box's middle or straight into the box by 2^-k of the
    way, down to a step short enough by a bound on g's slope that g stays < 0 (as _into_domain; g is continuous; D may
    leave out the edge, or the boundary of a condition, where p lies)."""
    middle = ((xs.low + xs.high) / 2, (ys.low + ys.high) / 2)
    slope = exact.slope_bound(xs, ys)
    for piece in realsets.pieces(bad):
        if piece.start == piece.end:
            if not piece.start.is_Rational:
                continue  # an irrational point: no rational point of the edge fails next to it
            value = _fraction(piece.start)
        else:
            value = _fraction(realsets.rational_between(piece.start, piece.end))
        point = (at, value) if on_x_edge else (value, at)
        if in_domain(point) and fails(point):
            return _rounded_in(point, in_domain, fails)
        towards_middle = (middle[0] - point[0], middle[1] - point[1])
        straight_in = (middle[0] - point[0], Fraction(0)) if on_x_edge else (Fraction(0), middle[1] - point[1])
        for direction in (towards_middle, straight_in):
            reach = max(abs(direction[0]), abs(direction[1]))
            found = _stepped_in(point, direction, reach, exact, slope, in_domain, fails) if reach else None
            if found is not None:
                return found
    return None


def _rounded_in(point: tuple, in_domain, fails) -> tuple:
    for places in range(MAX_DECIMALS + 1):
        unit = Fraction(1, 10**places)
        candidate = tuple(round(v / unit) * unit for v in point)
        if candidate == point:
            break
        if in_domain(candidate) and fails(candidate):
            return candidate
    return point


def _settled(exact, first, second, x, y, xs: Side, ys: Side, sides, strict: bool, in_domain, fails):
    """The common roots of ``first`` and ``second`` (Polys) strictly inside the box, each isolated by the resultants'
    real roots and halved until one of the two is shown nonzero there (no common root), a condition shown to fail
    there (outside C), or g's sign shown (> 0, or >= 0 for a bound that is not strict).  A _Settled account, a
    rational point of D where g fails (found at a box's middle or corners), or None (undecided).  The critical points
    of g on a box (``sides`` empty) are settled the same way."""
    eliminated = _eliminated(first, second, x, y)
    if eliminated is None:
        return None  # a common curve: infinitely many points
    res_x, res_y = eliminated
    roots_x, roots_y = _isolated(res_x, xs), _isolated(res_y, ys)
    one, two = _Polynomial(first), _Polynomial(second)
    counted = 0
    for bx, in_x in roots_x:
        for by, in_y in roots_y:
            for _ in range(MAX_HALVINGS):
                a_low, a_high = one.over(bx, by)
                b_low, b_high = two.over(bx, by)
                if a_low > 0 or a_high < 0 or b_low > 0 or b_high < 0:
                    break  # no common root here
                if any(s.over(bx, by)[0] > 0 for s in sides):
                    break  # outside C (and so outside D): whatever g is there (on a strict condition's curve h = 0 the
                    # point is outside D but in C, the closure that g's least value is taken over: not skipped)
                g_low, g_high = exact.over(bx, by)
                if g_low > 0 or (g_low >= 0 and not strict):
                    counted += 1
                    break
                for point in ((bx[0] + bx[1]) / 2, (by[0] + by[1]) / 2), (bx[0], by[0]), (bx[0], by[1]), (bx[1], by[0]), (bx[1], by[1]):
                    if in_domain(point) and fails(point):
                        return _rounded_in(point, in_domain, fails)
                if bx[0] == bx[1] and by[0] == by[1]:
                    return None  # an exact rational point where g fails, outside D: undecided
                bx, by = _halved(in_x, bx), _halved(in_y, by)
            else:
                raise _undecided(exact, bx, by)
    return _Settled(counted, (res_x, res_y), (len(roots_x), len(roots_y)))


@dataclass
class _Settled:
    """_settled's account: how many pairs of roots held a point of the closed set where g >= 0 (> 0) was shown, the two
    resultants, and how many real roots of each lay inside the box."""

    counted: int
    resultants: tuple
    found: tuple


def _flint(poly: sympy.Poly, context):
    """``poly`` (in two variables, rational coefficients) times the lcm of its denominators, in python-flint."""
    scale = 1
    for c in poly.coeffs():
        scale = sympy.ilcm(scale, sympy.Rational(c).q)
    return context.from_dict({m: int(c * scale) for m, c in zip(poly.monoms(), poly.coeffs())})


def _eliminated(first: sympy.Poly, second: sympy.Poly, x, y):
    """(Res_y(first, second) in x, Res_x(first, second) in y) as sympy Polys with integer coefficients, or None where
    the two share a factor (a common curve) or a resultant vanishes.  By python-flint's fmpz_mpoly: sympy's resultant
    took 57-111 s on degree-12 polynomials with 6- to 8-digit coefficients (a review of 2026-12-07, claims timed out),
    python-flint 0.25 s."""
    context = flint.fmpz_mpoly_ctx.get(("x", "y"), "lex")
    one, two = _flint(first, context), _flint(second, context)
    if one.gcd(two).total_degree() > 0:
        return None
    found = []
    for eliminate, keep, position in (("y", x, 0), ("x", y, 1)):
        resultant = one.resultant(two, eliminate)
        if resultant == 0:
            return None
        terms = resultant.to_dict()
        degree = max(m[position] for m in terms)
        coefficients = [0] * (degree + 1)
        for m, c in terms.items():
            coefficients[degree - m[position]] += int(c)
        found.append(sympy.Poly(coefficients, keep))
    return tuple(found)
