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

Undecided (None, and the caller samples instead): P and Q with a common factor (a curve of critical points), a
critical point where g is 0 (a tight bound touching 0 inside the box: interval enclosures cannot show that a value
is exactly 0), degrees past MAX_DEGREE, or refinement past MAX_HALVINGS.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from verify.engines import realsets

MAX_DEGREE = 12  # total degree of g: the resultants' degree grows as its square (RK4's logistic step has degree 30)
MAX_HALVINGS = 80  # bisections of a critical point's isolating intervals before it is left undecided
MAX_STEPS_INTO = 200  # halvings of the step from an edge into an open domain before the witness is left undecided
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
        first = realsets.pieces(zeros)[0].start
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
    x, y = point
    found = point if xs.holds(x) and ys.holds(y) else None
    middle = ((xs.low + xs.high) / 2, (ys.low + ys.high) / 2)
    share = Fraction(1, 2)
    for _ in range(MAX_STEPS_INTO if found is None else 0):
        candidate = (x + (middle[0] - x) * share, y + (middle[1] - y) * share)
        if xs.holds(candidate[0]) and ys.holds(candidate[1]) and exact.at(*candidate) < 0:
            found = candidate
            break
        share /= 2
    if found is None:
        return None
    return _rounded(exact, found, xs, ys)


def _rounded(exact: _Polynomial, point: tuple, xs: Side, ys: Side) -> tuple:
    """``point`` rounded to the fewest decimals (at most MAX_DECIMALS) that keep it in the domain with g < 0."""
    for places in range(MAX_DECIMALS + 1):
        unit = Fraction(1, 10**places)
        candidate = tuple(round(v / unit) * unit for v in point)
        if candidate == point:
            break
        if xs.holds(candidate[0]) and ys.holds(candidate[1]) and exact.at(*candidate) < 0:
            return candidate
    return point


def _critical_points(poly, x, y, exact: _Polynomial, xs: Side, ys: Side, strict: bool):
    """Derivation lines when g > 0 (``strict``) or g >= 0 at every critical point strictly inside the box; a rational
    point inside with g < 0; or None (undecided)."""
    P, Q = poly.diff(x), poly.diff(y)
    if P.is_zero and Q.is_zero:
        return ["inside: g is constant"]
    if P.is_zero or Q.is_zero:  # g in one variable only: its critical lines reach the edges, decided there...
        return None if strict else ["inside: g depends on one variable; its least value is on an edge"]  # ...but a
        # strict bound's zero on such a line inside the box is not seen at the edges' ends when the line is left out
    common = sympy.gcd(P, Q)
    if common.total_degree() > 0:
        return None  # a curve of critical points
    res_x = sympy.Poly(sympy.resultant(P.as_expr(), Q.as_expr(), y), x)
    res_y = sympy.Poly(sympy.resultant(P.as_expr(), Q.as_expr(), x), y)
    if res_x.is_zero or res_y.is_zero:
        return None
    roots_x, roots_y = _isolated(res_x, xs), _isolated(res_y, ys)
    dP, dQ = _Polynomial(P), _Polynomial(Q)
    decided = 0
    for bx, in_x in roots_x:
        for by, in_y in roots_y:
            outcome = _at_pair(exact, dP, dQ, in_x, bx, in_y, by, strict, xs, ys)
            if outcome is None:
                return None
            if isinstance(outcome, tuple):
                return outcome
            decided += outcome
    return [f"inside: the critical points' {x} are among the {len(roots_x)} real roots in the box of Res_{y}(g_{x}, g_{y}) = "
            f"{_short(res_x)}, their {y} among the {len(roots_y)} of Res_{x}(g_{x}, g_{y}) = {_short(res_y)}; of the "
            f"{len(roots_x) * len(roots_y)} pairs, {decided} are critical points or too close to tell, and g {'>' if strict else '>='} 0 "
            "at each (interval arithmetic on rationals over the isolating intervals)"]


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


def _at_pair(exact, dP, dQ, in_x, bx, in_y, by, strict, xs, ys):
    """1 when the pair of isolating intervals holds a critical point or is too close to tell and g >= 0 (> 0) there,
    0 when it holds none, a rational point with g < 0, or None."""
    for _ in range(MAX_HALVINGS):
        p_low, p_high = dP.over(bx, by)
        q_low, q_high = dQ.over(bx, by)
        if p_low > 0 or p_high < 0 or q_low > 0 or q_high < 0:
            return 0
        g_low, g_high = exact.over(bx, by)
        if g_low > 0 or (g_low >= 0 and not strict):
            return 1
        middle = ((bx[0] + bx[1]) / 2, (by[0] + by[1]) / 2)
        if exact.at(*middle) < 0:  # inside the box (the isolating intervals lie inside it): a witness
            return _rounded(exact, middle, xs, ys)
        if bx[0] == bx[1] and by[0] == by[1]:  # an exact rational critical point with g = 0 (or < 0: caught above)
            return None if not strict else middle
        bx, by = _halved(in_x, bx), _halved(in_y, by)
    return None
