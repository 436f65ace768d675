"""Exact comparison of subsets of the real line whose boundaries are real algebraic numbers.

``forall ... exactly_when`` compares the set where a one-variable relation holds
(sympy's inequality solver: unions of intervals whose ends are rationals,
radicals, or ``CRootOf`` roots of polynomials over QQ, such as the real root
z0 = -2.785293563... of z^3 + 4z^2 + 12z + 24 that bounds RK4's real stability
interval) with the set the claim states.  Nothing is sampled:

* every boundary is enclosed rigorously (exact for rationals; the isolating
  interval of sympy's real root isolation, refined, for ``CRootOf``; mpmath.iv
  for radicals), and enclosures are refined until they separate, so the
  boundaries are sorted with certainty;
* between and beyond the sorted boundaries, a rational test point is decided
  exactly in both sets, and each boundary is decided from the intervals' open or
  closed ends: two unions of intervals with the same boundaries that agree at all
  those points are equal;
* a claim that states a boundary to printed digits (``digits = k``, "[-2.785, 0]")
  has each such boundary replaced by the exact one it rounds from, when one does.

A point where the two sets differ is returned as the counterexample: a rational
or the exact boundary itself.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from fractions import Fraction

import flint
import mpmath
import sympy

from verify.engines import crosscheck
from verify.engines.certified import arb_rational, interval_ends
from verify.errors import CheckError
from verify.outcome import Line, decimals

MAX_BITS = 2048  # precision of the enclosures tried before a comparison is declared undecidable


def _mp_rational(value: sympy.Rational):
    """A rational as a tight mpmath.iv interval containing it (p/q rounded outward)."""
    return mpmath.iv.mpf(int(value.p)) / int(value.q)


def enclosure(value: sympy.Expr, bits: int) -> tuple[sympy.Rational, sympy.Rational]:
    """Rational (low, high) around the real algebraic number ``value``, about ``bits`` bits wide."""
    if value.is_Rational:
        return value, value
    if isinstance(value, sympy.CRootOf):
        ball = _flint_root_enclosure(value, bits)
        if ball is not None:
            return ball
        eps = sympy.Rational(1, 2**bits)
        middle = value.eval_rational(dx=eps, dy=eps, n=max(15, bits // 3))  # within eps of the root (sympy's isolation)
        return middle - eps, middle + eps
    roots = sorted(value.atoms(sympy.CRootOf), key=str)
    if roots:  # an expression in isolated roots (2*CRootOf(...), 81*CRootOf(...)**2): interval arithmetic over their enclosures
        dummies = [sympy.Dummy(f"r{i}") for i in range(len(roots))]
        function = crosscheck.compile_mp(value.xreplace(dict(zip(roots, dummies))), dummies, mpmath.iv)
        boxes = [enclosure(root, bits + 16) for root in roots]
        saved = mpmath.iv.prec
        try:
            mpmath.iv.prec = bits + 16
            box = function([mpmath.iv.mpf([_mp_rational(low).a, _mp_rational(high).b]) for low, high in boxes])
            return interval_ends(box)
        finally:
            mpmath.iv.prec = saved
    function = crosscheck.compile_mp(value, [], mpmath.iv)
    saved = mpmath.iv.prec
    try:
        mpmath.iv.prec = bits
        box = function([])
        return interval_ends(box)
    finally:
        mpmath.iv.prec = saved


def _flint_root_enclosure(root: sympy.CRootOf, bits: int):
    """(low, high) around a real CRootOf of an integer polynomial: its box_of_root with the imaginary ends left out."""
    if not root.is_real:  # a complex root has no real enclosure (compare() on one raised a TypeError, as it should)
        return None
    box = box_of_root(root, bits)
    return None if box is None else box[:2]


def bits_for_digits(digits: int) -> int:
    """Bits of a box narrow enough for ``digits`` decimal digits (digits log2(10) < 3.33 digits) and 8 to spare."""
    return int(digits * 3.33) + 8


def box_of_root(root: sympy.CRootOf, bits: int):
    """(re_low, re_high, im_low, im_high), rational ends of a box around the CRootOf ``root`` (real or not) about
    ``bits`` bits wide, from python-flint's root isolation (arb_fmpz_poly_complex_roots: disjoint balls, each holding
    one root, real roots with an exact 0 imaginary part): the ball taken is the one that lies inside sympy's own
    isolating interval or rectangle of this root (which holds no other root), so the ball is this root's whatever
    order flint lists them in.  A non-real root's ball must lie strictly inside the rectangle, so that nothing rests
    on whether sympy counts a root on an edge (-1/2 + i sqrt(3)/2 on re = -1/2) as that rectangle's; a real root's
    interval is taken closed: its ends are rationals, which the root of an irreducible factor of degree 2 or more
    is not.  None when the polynomial is not over ZZ, a root is multiple, or no ball lies inside (the caller refines
    with sympy then).  A degree-64 polynomial's root to 2048 bits: a few milliseconds, against 0.15 s for sympy's
    refinement.  The width asked for is absolute, as sympy's route gives it: the precision is raised by the root's
    magnitude in bits."""
    poly = root.poly
    if not poly.domain.is_ZZ:
        return None
    isolating = root._get_interval()  # sympy's isolating interval or rectangle (no public accessor)
    real = root.is_real
    if real:
        ends = (sympy.Rational(isolating.a), sympy.Rational(isolating.b))
    else:
        ends = tuple(sympy.Rational(end) for end in (isolating.ax, isolating.bx, isolating.ay, isolating.by))
    magnitude = int(max(abs(end) for end in ends).ceiling()).bit_length()  # flint's precision is relative: a root near
    boxes = _root_boxes(tuple(int(c) for c in reversed(poly.all_coeffs())), bits + magnitude)  # 10^20 needs 67 more bits
    if real:
        low_end, high_end = ends
        return next((box for box in boxes or () if box[2] == box[3] == 0 and low_end <= box[0] and box[1] <= high_end), None)
    ax, bx, ay, by = ends
    return next((box for box in boxes or () if ax < box[0] and box[1] < bx and ay < box[2] and box[3] < by), None)


@functools.lru_cache(maxsize=64)
def _root_boxes(coefficients: tuple, bits: int):
    """The roots of the integer polynomial with these coefficients (constant first) as rational (re_low, re_high,
    im_low, im_high) ends of python-flint's balls at ``bits`` + 16 bits (a real root's imaginary ends exactly 0),
    or None when a root is multiple.  Kept: the roots of one polynomial are asked for one after another (a
    degree-64 norm's 40 roots, each compared several times)."""
    saved = flint.ctx.prec
    try:
        flint.ctx.prec = bits + 16
        found = flint.fmpz_poly(list(coefficients)).complex_roots()
        if any(multiplicity != 1 for _, multiplicity in found):
            return None
        # the ends read at this precision: lower() and upper() round outward to the working precision
        zero = sympy.Integer(0)
        return [tuple(arb_rational(end) for end in (ball.real.lower(), ball.real.upper()))
                + ((zero, zero) if ball.imag.is_zero() else tuple(arb_rational(end) for end in (ball.imag.lower(), ball.imag.upper())))
                for ball, _ in found]
    finally:
        flint.ctx.prec = saved


def representatives(found) -> list:
    """A few real points of a set sympy's solveset returned: a finite set's real members, an image set's member at
    n = 0 (sin(x) = 0 on the reals: 0), the same for each part of a union; [] for anything else (a ConditionSet: the
    callers that must not miss a zero check for one themselves)."""
    if isinstance(found, sympy.FiniteSet):
        return [v for v in found if v.is_real]
    if isinstance(found, sympy.ImageSet):
        value = found.lamda(*[sympy.Integer(0)] * len(found.lamda.variables))
        return [value] if value.is_real else []
    if isinstance(found, sympy.Union):
        return [v for part in found.args for v in representatives(part)]
    return []


def approximate(value: sympy.Expr, digits: int) -> str:
    """``value`` (a real algebraic number) to ``digits`` significant digits, for messages, read off an enclosure:
    sympy's evalf of a CRootOf of a high-degree polynomial (x^41 - 3x + 1) ran past any time limit (a review of
    2026-12-06)."""
    low, high = enclosure(value, bits_for_digits(digits) + 56)
    middle = (low + high) / 2
    with mpmath.workdps(digits + 10):
        return mpmath.nstr(mpmath.mpf(int(middle.p)) / int(middle.q), digits)


def compare(a: sympy.Expr, b: sympy.Expr) -> int:
    """The sign of a - b, decided rigorously; CheckError when even MAX_BITS cannot separate distinct-looking values."""
    if a == b:
        return 0
    if a.is_Rational and b.is_Rational:
        return 1 if a > b else -1
    if sympy.S.Infinity in (a, b) or sympy.S.NegativeInfinity in (a, b):  # an end of a half-line (snap_to_digits
        return 1 if a is sympy.S.Infinity or b is sympy.S.NegativeInfinity else -1  # compared one: a review of 2026-12-06)
    bits = 64
    while bits <= MAX_BITS:
        (a_low, a_high), (b_low, b_high) = enclosure(a, bits), enclosure(b, bits)
        if a_low > b_high:
            return 1
        if a_high < b_low:
            return -1
        bits *= 2
    try:
        if sympy.minimal_polynomial(a - b, sympy.Dummy("x")).is_Symbol:
            return 0
    except (NotImplementedError, ValueError, TypeError, sympy.polys.polyerrors.NotAlgebraic):  # exp(-10^5) (a review of
        pass  # 2026-12-06: an internal error)
    raise CheckError(f"cannot order the boundaries {a} and {b} (enclosures still overlap at {MAX_BITS} bits)")


@dataclass(frozen=True)
class Piece:
    """An interval or a single point (sympy turns Interval(p, p) into FiniteSet(p), which has no ends)."""

    start: sympy.Expr
    end: sympy.Expr
    left_open: bool = False
    right_open: bool = False


def pieces(region: sympy.Set) -> list:
    """The region as a list of Pieces: its intervals and single points."""
    if region is sympy.S.EmptySet:
        return []
    if isinstance(region, sympy.Union):
        return [p for arg in region.args for p in pieces(arg)]
    if isinstance(region, sympy.Interval):
        return [Piece(region.start, region.end, bool(region.left_open), bool(region.right_open))]
    if isinstance(region, sympy.FiniteSet):
        return [Piece(p, p) for p in region.args]
    raise CheckError(f"cannot compare the set {region} exactly (not a union of intervals)")


def boundaries(region: sympy.Set) -> list:
    ends = []
    for piece in pieces(region):
        ends += [e for e in (piece.start, piece.end) if e.is_finite]
    return ends


def contains(region: sympy.Set, point: sympy.Expr) -> bool:
    """Is ``point`` (a rational or one of the region's own boundaries) in the region?  Decided rigorously."""
    for piece in pieces(region):
        low = compare(point, piece.start) if piece.start.is_finite else 1
        high = compare(point, piece.end) if piece.end.is_finite else -1
        if (low > 0 or (low == 0 and not piece.left_open)) and (high < 0 or (high == 0 and not piece.right_open)):
            return True
    return False


def sorted_points(values: list) -> list:
    """Distinct values, increasing (rigorous comparisons)."""
    result: list = []
    for value in values:
        for i, known in enumerate(result):
            order = compare(value, known)
            if order == 0:
                break
            if order < 0:
                result.insert(i, value)
                break
        else:
            result.append(value)
    return result


def rational_between(a: sympy.Expr, b: sympy.Expr) -> sympy.Rational:
    """A simple rational strictly between a < b."""
    bits = 8
    while bits <= MAX_BITS:
        _, a_high = enclosure(a, bits)
        b_low, _ = enclosure(b, bits)
        if a_high < b_low:
            return simplest_between(sympy.Rational(a_high), sympy.Rational(b_low))
        bits *= 2
    raise CheckError(f"cannot find a rational between {a} and {b}")


def simplest_between(low: sympy.Rational, high: sympy.Rational) -> sympy.Rational:
    """The rational with the smallest denominator strictly between the rationals low < high (the descent by
    continued fractions), so that a witness reads -201/80, not a fraction of 85 digits (a review of 2026-12-05:
    nsimplify returned the midpoint of two enclosures as it was)."""
    def simplest(lo: Fraction, hi: Fraction) -> Fraction:  # 0 <= lo < hi
        whole = lo.numerator // lo.denominator
        if whole + 1 < hi:  # the integer above lo lies inside
            return Fraction(whole + 1)
        if lo == whole:  # (whole, hi) with hi <= whole + 1: whole + 1/y for y beyond 1/(hi - whole)
            return whole + 1 / Fraction((1 / (hi - whole)).__floor__() + 1)
        return whole + 1 / simplest(1 / (hi - whole), 1 / (lo - whole))

    lo, hi = Fraction(int(low.p), int(low.q)), Fraction(int(high.p), int(high.q))
    if lo < 0 < hi:
        return sympy.Integer(0)
    found = simplest(lo, hi) if lo >= 0 else -simplest(-hi, -lo)
    return sympy.Rational(found.numerator, found.denominator)


def interval(start: sympy.Expr, end: sympy.Expr, left_open: bool = False, right_open: bool = False) -> sympy.Set:
    """The interval between ends the caller knows to be ordered (start <= end), built without sympy's evaluation:
    sympy.Interval orders its ends by evalf, and on two roots of Wilkinson's perturbed polynomial (x - 1)...(x - 20) -
    x^19/2^23 its CRootOf refinement took 93 s (a review of 2026-12-06; these enclosures separate them in
    milliseconds).  A point when start == end (closed), empty when open there."""
    if start == end:
        return sympy.FiniteSet(start) if not (left_open or right_open) and start.is_finite else sympy.S.EmptySet
    left_open = bool(left_open) or start is sympy.S.NegativeInfinity
    right_open = bool(right_open) or end is sympy.S.Infinity
    return sympy.Basic.__new__(sympy.Interval, start, end, sympy.true if left_open else sympy.false, sympy.true if right_open else sympy.false)


def from_pieces(parts: list) -> sympy.Set:
    """A set from Pieces sorted and apart (as combine makes them), unevaluated for the same reason as interval()."""
    built = [interval(p.start, p.end, p.left_open, p.right_open) for p in parts]
    built = [b for b in built if b is not sympy.S.EmptySet]
    if not built:
        return sympy.S.EmptySet
    return built[0] if len(built) == 1 else sympy.Basic.__new__(sympy.Union, *built)  # Union(evaluate=False) still sorts by evalf


def combine(rule, *regions) -> sympy.Set:
    """The set of the points x for which rule(x in regions[0], x in regions[1], ...) holds, for unions of intervals
    and points with real algebraic ends, decided rigorously: the ends of all the regions, sorted (sorted_points),
    cut the line into the ends themselves and the open gaps between them, on each of which every region is all in or
    all out; each is decided at its end or at a rational inside it (contains), and the pieces where the rule holds are
    joined into maximal intervals.  sympy's own set algebra compares such ends by evalf (see interval())."""
    points = test_points(*regions)  # a point beyond, the first end, a point between, ..., a point beyond the last
    if len(points) == 1:  # no ends
        return sympy.S.Reals if rule(*(contains(region, points[0]) for region in regions)) else sympy.S.EmptySet
    parts, start = [], None  # start: (value, open) of the piece being built
    for index, point in enumerate(points):
        gap = index % 2 == 0  # the cells alternate: a gap (its rational), an end, a gap, ...
        low = sympy.S.NegativeInfinity if index == 0 else point if not gap else points[index - 1]  # the cell's lower end
        inside = rule(*(contains(region, point) for region in regions))
        if inside and start is None:
            start = (low, gap)
        elif not inside and start is not None:  # the piece ends at this cell's lower end: open at a point left out,
            parts.append(Piece(start[0], low, start[1], not gap))  # closed at a gap's end point kept
            start = None
    if start is not None:
        parts.append(Piece(start[0], sympy.S.Infinity, start[1], True))
    return from_pieces(parts)


def _or_sympy(operation, fallback):
    """``operation()``, or ``fallback()`` (sympy's own set algebra) when a set is not a union of intervals and points."""
    try:
        return operation()
    except CheckError as exc:
        if "not a union of intervals" not in str(exc):
            raise
        return fallback()


def intersect(a: sympy.Set, b: sympy.Set) -> sympy.Set:
    return _or_sympy(lambda: combine(lambda x, y: x and y, a, b), lambda: a.intersect(b))


def unite(a: sympy.Set, b: sympy.Set) -> sympy.Set:
    return _or_sympy(lambda: combine(lambda x, y: x or y, a, b), lambda: a.union(b))


def subtract(a: sympy.Set, b: sympy.Set) -> sympy.Set:
    return _or_sympy(lambda: combine(lambda x, y: x and not y, a, b), lambda: sympy.Complement(a, b))


def same_set(a: sympy.Set, b: sympy.Set) -> bool:
    return _or_sympy(lambda: difference_point(a, b) is None, lambda: a == b)


def test_points(*regions) -> list:
    """The boundaries of every region, a rational between each consecutive pair, and one beyond each end."""
    ends = sorted_points([e for region in regions for e in boundaries(region)])
    if not ends:
        return [sympy.Integer(0)]
    points = [sympy.floor(enclosure(ends[0], 16)[0]) - 1]
    for i, end in enumerate(ends):
        points.append(end)
        if i + 1 < len(ends):
            points.append(rational_between(end, ends[i + 1]))
    points.append(sympy.ceiling(enclosure(ends[-1], 16)[1]) + 1)
    return points


def difference_point(claimed: sympy.Set, truth: sympy.Set):
    """None when the sets are equal, else a point in exactly one of them."""
    points = test_points(claimed, truth)
    gaps, ends = points[::2], points[1::2]  # test_points alternates: beyond, end, between, end, ..., beyond
    for point in gaps + sorted(ends, key=lambda p: not p.is_Rational):  # a rational witness inside a gap reads best
        if contains(claimed, point) != contains(truth, point):
            return point
    return None


def snap_to_digits(claimed: sympy.Set, truth: sympy.Set, places: int) -> tuple[sympy.Set, list[Line], dict]:
    """Replace each rational boundary of ``claimed`` that is not a boundary of ``truth`` by the boundary of
    ``truth`` that prints to it at ``places`` decimals under some rule (_prints_to), when there is exactly one.  Returns the new set, a note per boundary replaced and the
    replacements (printed end -> exact boundary): whether one rule prints them all is the caller's audit."""
    true_ends = boundaries(truth)
    notes, replaced = [], {}
    for end in boundaries(claimed):
        if not end.is_Rational or any(compare(end, t) == 0 for t in true_ends):
            continue
        near = [t for t in true_ends if _prints_to(t, end, places)]
        if len(near) > 1:  # two boundaries print to it: which is meant is not decided
            raise CheckError(f"the printed boundary {end} is how more than one exact boundary prints at {decimals(places)} "
                             f"({', '.join(map(str, near))}): cannot tell which it stands for")
        if len(near) == 1:
            replaced[end] = near[0]
            shown = sympy.Float(approximate(near[0], places + 4), places + 4)  # for the message only
            notes.append(Line(f"{end} is the boundary {near[0]} ≈ {shown} printed to {decimals(places)}",
                              terms=[end, "is the boundary", near[0], "≈", shown, f"printed to {decimals(places)}"]))
    if not replaced:
        return claimed, notes, replaced
    rebuilt = sympy.S.EmptySet
    for p in pieces(claimed):
        start, end = replaced.get(p.start, p.start), replaced.get(p.end, p.end)
        if compare(start, end) > 0:  # two ends read as boundaries the other way round: the piece holds nothing
            continue
        rebuilt = unite(rebuilt, interval(start, end, p.left_open, p.right_open))
    return rebuilt, notes, replaced


def _prints_to(value: sympy.Expr, end: sympy.Rational, places: int) -> bool:
    """Could ``value`` print as ``end`` at ``places`` decimals: rounded (within half a unit of the last decimal, ties
    included), or truncated towards zero (end <= value < end + unit for a value >= 0, end - unit < value <= end
    below 0)?  Which rule prints every boundary is audited by the caller (verify.checks.rounding); a window of a
    whole unit either side made 1.23 stand for two boundaries, 1.2345 and 1.24499 (review of 2026-12-05).  The
    windows of verify.checks.rounding.round_decimal, for an algebraic value compared by enclosures (round_decimal
    takes rationals)."""
    half, unit = sympy.Rational(1, 2 * 10**places), sympy.Rational(1, 10**places)
    if compare(value, end - half) >= 0 and compare(value, end + half) <= 0:
        return True
    if compare(value, sympy.Integer(0)) >= 0:
        return compare(value, end) >= 0 and compare(value, end + unit) < 0
    return compare(value, end - unit) > 0 and compare(value, end) <= 0


def rational_function_set(expression: sympy.Expr, op: str, variable: sympy.Symbol):
    """Where ``expression OP 0`` holds on the real line, for a rational function p/q with rational coefficients (None
    for anything else), exactly: p q OP 0 (polynomial_set) less the real zeros of q, where it is not defined.  sympy's
    inequality solver gave wrong sets for polynomials whose real roots lie close together ((x^2 - 10^30 + 1)(x^2 -
    10^30 - 1) >= 0 'for every x') or are awkward (x^7 - 63 x^5 + 1134 x^3 - 5103 x 'fails on [4, oo)'), and took
    minutes on some degree-7 ones (a review of 2026-12-06)."""
    if not expression.is_rational_function(variable) or expression.free_symbols - {variable}:
        return None
    numerator, denominator = sympy.fraction(sympy.together(expression))
    holds = polynomial_set(sympy.expand(numerator * denominator), op, variable)
    if holds is None or variable not in denominator.free_symbols:
        return holds
    poles = polynomial_set(sympy.expand(denominator), "==", variable)
    return None if poles is None else subtract(holds, poles)


def polynomial_set(expression: sympy.Expr, op: str, variable: sympy.Symbol):
    """Where ``expression OP 0`` holds on the real line, for a polynomial with rational coefficients (None for
    anything else): its distinct real roots by sympy's exact real root isolation (``CRootOf``), and the sign
    on each gap between them at a rational point, exactly."""
    try:
        poly = sympy.Poly(expression, variable)
    except sympy.PolynomialError:
        return None
    if not poly.domain.is_QQ and not poly.domain.is_ZZ:
        return None
    holds = {"<": lambda s: s < 0, "<=": lambda s: s <= 0, ">": lambda s: s > 0, ">=": lambda s: s >= 0,
             "==": lambda s: s == 0, "!=": lambda s: s != 0}[op]
    if poly.is_zero:
        return sympy.S.Reals if holds(0) else sympy.S.EmptySet
    roots = sorted_points(list(dict.fromkeys(poly.real_roots())))
    edges = [-sympy.oo] + roots + [sympy.oo]
    parts = []
    for i in range(len(edges) - 1):
        a, b = edges[i], edges[i + 1]
        if a.is_finite and b.is_finite:
            point = rational_between(a, b)
        elif a.is_finite:
            point = sympy.ceiling(enclosure(a, 16)[1]) + 1
        elif b.is_finite:
            point = sympy.floor(enclosure(b, 16)[0]) - 1
        else:
            point = sympy.Integer(0)
        parts.append((Piece(a, b, True, True), holds(sympy.sign(poly.eval(point)))))
    if holds(0):
        parts += [(Piece(r, r), True) for r in roots]
    kept = sorted((piece for piece, inside in parts if inside), key=lambda piece: edges.index(piece.start) * 2 + (piece.end != piece.start))
    return _joined(kept)


def _joined(kept: list) -> sympy.Set:
    """Pieces in order (a gap (a, b), then the point b, ...) joined where they touch, as a set built by from_pieces."""
    parts: list = []
    for piece in kept:
        if parts and parts[-1].end == piece.start and not (parts[-1].right_open and piece.left_open):
            parts[-1] = Piece(parts[-1].start, piece.end, parts[-1].left_open, piece.right_open)
        else:
            parts.append(piece)
    return from_pieces(parts)
