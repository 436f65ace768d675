"""Where sampled bounds are tight: the edges of the domains, and a descent on the margin.

Random draws from a box rarely land where a bound is tight: at an end of a
domain (a step size tending to 0, a parameter at its closed bound, a rate
tending to 0 from below) and at combinations of ends.  Before a sampled
``forall`` says "held", it therefore also tries

* the ends of every domain, one at a time from the centre of the box, and its
  corners (all of them when there are at most ``corner_budget``, otherwise a
  fixed pseudo-random choice): a closed end itself, an open end approached to
  within 10^-6 of the interval's width, a half-line at 10^-6 and 10^6, and
  where 0 is inside an interval, 0 and halfway from 0 to each end;
* a pattern search that starts from the instances with the smallest margin and
  moves one coordinate at a time part of the way towards an end of its domain,
  keeping a move when the margin shrinks and shortening the moves when none
  does (Hooke & Jeeves, "Direct search solution of numerical and statistical
  problems", J. ACM 8, 1961); when it is stuck, a second search also moves two
  coordinates at once and then all of them in a few fixed oblique directions.  A move that leaves the region of ``assume`` does
  not count, so the shortening moves also close in on the boundary of the
  assumptions.

Every instance is exact (rationals with denominators at most 10^12 plus the ends
themselves); a violation found here is a counterexample like any other.
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import sympy

from verify.engines import realsets

EDGE = sympy.Rational(1, 10**6)  # how close an open end is approached, relative to the interval's width
FAR = sympy.Integer(10**6)  # where a half-line is tried
SMALLEST_STEP = sympy.Rational(1, 2**20)  # the descent's shortest move, as a fraction of the way to an end


def ends(domain) -> list:
    """The two extreme values of a domain worth trying (see the module docstring)."""
    if domain.interval is None:  # integer >= K: K and the largest value the sampler draws
        low = int(domain.text.split(">=")[1])
        return [sympy.Integer(low), sympy.Integer(low + 12)]
    interval = domain.interval
    a, b = interval.inf, interval.sup
    width = _width(interval, sympy.Integer(1))
    low = -FAR if not a.is_finite else a + width * EDGE if interval.left_open else a
    high = FAR if not b.is_finite else b - width * EDGE if interval.right_open else b
    return [low, high]


def at_open_end(domain, value) -> bool:
    """Is ``value`` where ``ends`` tries an open end or a half-line, or further out: within 10^-6 of the width of an
    open end, at or beyond -10^6 or 10^6 on an unbounded side?  A bound whose margin tends to 0 there is tight in a
    limit the domain leaves out (the step size tending to 0), not at a point of it."""
    if domain.interval is None:
        return False
    interval, value = domain.interval, sympy.Rational(value)
    a, b = interval.inf, interval.sup
    width = _width(interval, sympy.Integer(1))
    low = not a.is_finite and value <= -FAR or a.is_finite and interval.left_open and value - a <= width * EDGE
    high = not b.is_finite and value >= FAR or b.is_finite and interval.right_open and b - value <= width * EDGE
    return bool(low or high)


DEEP = {"edge": sympy.Rational(1, 10**12), "far": sympy.Integer(10**12)}  # the far ends, tried one at a time
# integer domains further out, one at a time: a value (1 + 1/N)^N < 2.718 fails from N = 4822 on, a run's
# (1 + 1/N)^N < 2.7 from N = 74 (review of 2026-12-05: both were "held" on N <= 1001 and N <= 13); a step count of
# a run less far (every step is computed)
INTEGER_OFFSETS = {"values": (1000, 1001, 10**4, 10**4 + 1), "steps": (100, 101, 1000, 1001)}  # both parities: (-1)**N


def deep_ends(domain, integers: str = "values") -> list:
    """Ends further out, tried one domain at a time: an open end within 10^-12 of the width, a half-line at 10^12,
    an integer domain >= K at K + each of INTEGER_OFFSETS[integers] ("steps": the domain of a run's step counts);
    and where 0 is inside the interval, 0 and the points halfway from 0 to each end (max(x, 0) == x on
    interval(-1/10^12, 5) fails only on (-10^-12, 0), which an end approached to within 10^-6 of the width, 5*10^-6,
    never reaches: a review of 2026-12-06 had it verified)."""
    if domain.interval is None:
        low = int(domain.text.split(">=")[1])
        return [sympy.Integer(low + offset) for offset in INTEGER_OFFSETS[integers]]
    interval = domain.interval
    a, b = interval.inf, interval.sup
    width = _width(interval, sympy.Integer(1))
    found = []
    if not a.is_finite:
        found.append(-DEEP["far"])
    elif interval.left_open:
        found.append(a + width * DEEP["edge"])
    if not b.is_finite:
        found.append(DEEP["far"])
    elif interval.right_open:
        found.append(b - width * DEEP["edge"])
    if a < 0 < b:  # where abs, max, min and a sign change: 0 and halfway to each end, whatever the width
        found.extend([sympy.Integer(0), a / 2 if a.is_finite else -sympy.Integer(1), b / 2 if b.is_finite else sympy.Integer(1)])
    return found


def edge_instances(domains: dict, centre: dict, corner_budget: int, integers: str = "values") -> list[dict]:
    """The centre of the box, each end (and far end) of each domain with the others at the centre, then corners."""
    names = list(domains)
    extremes = {name: ends(domains[name]) for name in names}
    instances = [dict(centre)]
    for name in names:
        for end in extremes[name] + deep_ends(domains[name], integers):
            instances.append({**centre, name: end})
    total = 2 ** len(names)
    if total <= corner_budget:
        choices = itertools.product((0, 1), repeat=len(names))
    else:
        pick = random.Random(20261203)  # fixed: the same claim tries the same corners on every run
        choices = [tuple(pick.randrange(2) for _ in names) for _ in range(corner_budget)]
    for choice in choices:
        instances.append({name: extremes[name][side] for name, side in zip(names, choice)})
    unique = []
    for instance in instances:
        if instance not in unique:
            unique.append(instance)
    return unique


def _toward(value, target, fraction):
    """value + fraction (target - value), snapped to a rational with denominator at most 10^12 (see _snap)."""
    moved = value + fraction * (target - value)
    snapped = _snap(moved)
    return snapped if snapped != value else moved


def descend(domains: dict, starts: list, margin_of, budget: int, admissible=None, most_paired: int | None = None,
            move_integers: bool = False, planes: tuple = (), onto=None) -> int:
    """Pattern search on the margin from each start (values, margin); ``margin_of(values)`` evaluates an
    instance and returns its margin, or None when the instance does not count (outside ``assume`` or the
    method's options).  Each sweep moves every coordinate the fraction ``step`` of the way towards each end of
    its domain (on a half-line or the whole line also by ``step`` times its own size, at least 1, up and down),
    keeping a move that shrinks the
    margin; after a sweep that kept moves, the pattern move repeats their sum once (Hooke & Jeeves), so the
    search can follow a curved boundary; a sweep without a kept move quarters the step, down to 2^-20.  From where
    that ends, the search runs again, with half a budget more, and a sweep without a kept move also tries two
    coordinates at once (with at most ``most_paired`` movable domains: MOST_PAIRED real ones by default), then all of
    them in RANDOM_DIRECTIONS oblique directions drawn from a fixed seed, before it quarters the step.  Each start may
    use ``budget`` evaluations in the first search and half as many more in the second; returns the number made in
    all.  ``move_integers``: integer domains move by a share of their size too.  ``planes`` (coefficient dicts of
    linear assumptions in real domains, name -> rational, the constant under 1): each oblique direction projected onto
    each plane the instance lies next to (NEAR_PLANE) is tried as a move too, scaled by the largest value, so that a
    search can move along such a boundary with unequal weights (x y z <= 1.3332 on x + 2y + 3z <= 6, false near
    (2, 1, 2/3), stopped at a relative margin of 0.0034).

    ``admissible(values)`` (the ``assume`` conditions, cheap) screens a move before it is evaluated: a move
    outside them costs no evaluation (up to REJECTED_PER_EVALUATION times ``budget`` such moves), so a search
    pressed against an assumption's boundary (a disc) spends its budget on instances that count.  ``onto(values)``
    (optional): points on a curved boundary of the assumptions near a move outside them; the first of them inside the
    domains and the assumptions is evaluated in its place (one evaluation), and kept as the move was."""
    used = rejected = 0
    most_rejected = REJECTED_PER_EVALUATION * budget
    extremes = {name: ends(domain) for name, domain in domains.items()}

    bounds = {name: _rational_bounds(domain.interval) for name, domain in domains.items() if domain.interval is not None}

    def inside(name, value):
        domain = domains[name]
        if domain.interval is None:
            return value.is_Integer and value >= int(domain.text.split(">=")[1])
        if bounds[name] is not None and value.is_Rational:  # compared as fractions: realsets.contains through sympy took a
            return within(name, Fraction(int(value.p), int(value.q)))  # third of a longer descent's time
        return realsets.contains(domain.interval, value)

    def within(name, x: Fraction) -> bool:
        """Is the rational ``x`` in the real domain ``name``?"""
        if bounds[name] is None:
            return bool(realsets.contains(domains[name].interval, sympy.Rational(x.numerator, x.denominator)))
        low, low_open, high, high_open = bounds[name]
        return ((low is None or (x > low if low_open else x >= low))
                and (high is None or (x < high if high_open else x <= high)))

    def integer_moves(values, name, step):
        """An integer value moved up and down by ``step`` times its size (at least 16), at least by 1."""
        by = max(1, int(step * max(abs(values[name]), 16)))
        return [m for m in (values[name] + by, values[name] - by) if inside(name, m)]

    def moves_of(values, name, step):
        scale = max(abs(values[name]), sympy.Integer(1)) * step
        moves = [_toward(values[name], end, step) for end in extremes[name]]  # (on an integer domain only where it
        if domains[name].interval is None and move_integers:  # lands on an integer, unless integers are moved)
            moves += integer_moves(values, name, step)
        interval = domains[name].interval
        if interval is not None and not (interval.inf.is_finite and interval.sup.is_finite):  # a half-line or the line:
            moves += [_snap(values[name] + scale), _snap(values[name] - scale)]  # its far ends are too far to aim at
        return [m for m in moves if m != values[name] and inside(name, m)]

    def paired_moves(values, name, step):
        """``values[name]`` moved up and down by ``step`` times its domain's width (its size, at least 1, on a half-line)."""
        if domains[name].interval is None:
            return integer_moves(values, name, step)
        width = _width(domains[name].interval, max(abs(values[name]), sympy.Integer(1)))
        moves = [_snap(values[name] + sign * step * width) for sign in (1, -1)]
        return [m for m in moves if m != values[name] and inside(name, m)]

    limit = [budget]  # the evaluations made when the current start's ``budget`` is used

    landed = {}  # the point the last evaluation took in the candidate's place (onto), by the candidate's id

    def evaluate(candidate):
        """The candidate's margin; None when it does not count or leaves the assumptions; SPENT when the start's share
        is used; ENDED when the moves outside the assumptions have used theirs.  A candidate outside the assumptions
        whose ``onto`` point is inside is evaluated there (where(candidate) is then that point)."""
        nonlocal used, rejected
        landed.clear()
        if used >= limit[0]:
            return SPENT
        if admissible is not None and not admissible(candidate):
            rejected += 1
            if rejected > most_rejected:
                return ENDED
            for point in (onto(candidate) if onto is not None else ()):
                if point != candidate and all(inside(name, point[name]) for name in point if name in domains):
                    landed[id(candidate)] = point
                    used += 1
                    return margin_of(point)
            return None
        used += 1
        return margin_of(candidate)

    def where(candidate):
        """The point the last evaluation of ``candidate`` took: itself, or its point on a curved boundary."""
        return landed.get(id(candidate), candidate)

    real = [name for name in domains if domains[name].interval is not None]
    movable = [name for name in domains if move_integers or domains[name].interval is not None]
    pairs = list(itertools.combinations(movable, 2)) if len(movable) <= (MOST_PAIRED if most_paired is None else most_paired) else []
    directions = random.Random(20261206)  # fixed: the same claim tries the same directions on every run

    def oblique_moves(values, step):
        """RANDOM_DIRECTIONS moves of every real coordinate at once, each by up to ``step`` times its domain's width
        (its size, at least 1, on a half-line) in a pseudo-random proportion, both ways.  Computed in fractions (in
        sympy's rationals these moves were half of a longer descent's time), the moves kept made sympy rationals."""
        moves = []
        point = [_fraction(values[name]) for name in real]
        normals = []  # of the planes in real domains alone that the instance lies next to: moves along their boundaries
        for plane in planes:
            if any(name != 1 and name not in real for name in plane):
                continue
            normal = [Fraction(plane.get(name, 0)) for name in real]
            terms = [c * x for c, x in zip(normal, point)] + [plane.get(1, Fraction(0))]
            if any(normal) and abs(sum(terms)) <= NEAR_PLANE * sum(abs(t) for t in terms):
                normals.append((normal, sum(c * c for c in normal)))
        step = _fraction(step)
        widths = [_fraction(_width(domains[name].interval, max(abs(values[name]), sympy.Integer(1)))) for name in real]
        unit = step * max([abs(x) for x in point] + [Fraction(1)]) / 8

        def keep(offsets):
            moved = [_snap_fraction(x + offset) for x, offset in zip(point, offsets)]
            if moved != point and all(within(name, x) for name, x in zip(real, moved)):
                moves.append({**values, **{name: sympy.Rational(x.numerator, x.denominator) for name, x in zip(real, moved)}})

        for _ in range(RANDOM_DIRECTIONS):
            weights = [directions.randint(-8, 8) for _ in real]
            for sign in (1, -1):
                keep([sign * step * width * Fraction(weight, 8) for width, weight in zip(widths, weights)])
            for normal, size in normals:  # the same direction within each such plane
                along = [w - sum(c * u for c, u in zip(normal, weights)) / size * c for w, c in zip(weights, normal)]
                for sign in (1, -1):
                    keep([sign * unit * weight for weight in along])
        return moves

    def first_lower(candidates, margin):
        """(margin, candidate) of the first candidate whose margin is below ``margin``, (SPENT or ENDED, None) where the
        budget ends first, (None, None) where none is lower."""
        for candidate in candidates:
            found = evaluate(candidate)
            if found is SPENT or found is ENDED:
                return found, None
            if found is not None and found < margin:
                return found, where(candidate)
        return None, None

    def search(values, margin, paired):
        """(go on, values, margin): the pattern search from one start until its share is used or its step is below
        SMALLEST_STEP (go on False when the whole descent must end); ``paired``: stuck sweeps try pairs of coordinates."""
        step = sympy.Rational(1, 2)
        while step >= SMALLEST_STEP:
            before = dict(values)
            kept = False
            for name in domains:
                for moved in moves_of(values, name, step):
                    candidate = {**values, name: moved}
                    found = evaluate(candidate)
                    if found is SPENT or found is ENDED:
                        return found is SPENT, values, margin
                    if found is not None and found < margin:
                        values, margin, kept = where(candidate), found, True
            if not kept and paired:  # no coordinate move helps: two coordinates at once, by the same share of their scales
                # (along a boundary of the assumptions such as x + y <= c), then all of them at once in a few oblique
                # directions (x y z <= 0.03703 on x + y + z <= 1 rises only towards (1/3, 1/3, 1/3) along the plane)
                for first, second in pairs:  # each pair's first lower move, from where the pairs before it led
                    moves = itertools.product(paired_moves(values, first, step), paired_moves(values, second, step))
                    found, candidate = first_lower(({**values, first: one, second: other} for one, other in moves), margin)
                    if found is SPENT or found is ENDED:
                        return found is SPENT, values, margin
                    if found is not None:
                        values, margin, kept = candidate, found, True
                if not kept and len(real) > 1:
                    found, candidate = first_lower(oblique_moves(values, step), margin)
                    if found is SPENT or found is ENDED:
                        return found is SPENT, values, margin
                    if found is not None:
                        values, margin, kept = candidate, found, True
            if kept:  # the pattern move: once more in the direction of the whole sweep
                pattern = {name: _snap(2 * values[name] - before[name]) if name in movable else values[name] for name in domains}
                if pattern != values and all(inside(name, v) for name, v in pattern.items()):
                    found = evaluate(pattern)
                    if found is SPENT or found is ENDED:
                        return found is SPENT, values, margin
                    if found is not None and found < margin:
                        values, margin = where(pattern), found
            else:
                step /= 4
        return True, values, margin

    for values, margin in starts:
        limit[0] = used + budget
        go_on, values, margin = search(values, margin, False)
        if go_on and len(movable) > 1:  # bottomed out one coordinate at a time (or used its budget): again from there, with pairs of
            limit[0] = max(limit[0], used + budget // 2)  # coordinates and a budget of its own (on half-lines the first
            go_on, values, margin = search(values, margin, True)  # search alone used the whole budget: x y z <= 0.037
            # on x + y + z <= 1 stayed at (3/8, 3/8, 1/4), a review of 2026-12-06; half a budget more: a relation
            # rational in its symbols also gets a longer descent on its compiled margin, sampling._cheap_margin)
        if not go_on:
            break
    return used


MOST_PAIRED = 4  # with at most this many real domains a stuck descent also moves two coordinates at once: x*y <= 0.499
# on x + y <= sqrt(2) rises only along the line, where one coordinate's move leaves the assumption or lowers x*y (a
# review of 2026-12-06 found it verified, the descent stuck at (0.7475, 0.6667))


def diverse_starts(seen: list, domains: dict, count: int = 3) -> list:
    """Up to ``count`` (values, margin) starts for ``descend`` from ``seen`` (margin, text, values): the smallest margin
    first, then each next the smallest among the instances unlike those chosen (some real value differs by more than
    a tenth of its domain's width, or by a factor of 2 on a half-line) and at no open end (at_open_end), so that a
    search is not spent three times on one limit.  |R_RK4(h lam)| <= 1 with
    h lam >= -2.786 is tightest as h lam -> 0 (an open end), and every start sat there while the claim fails for h lam
    in [-2.786, -2.78529) (a review of 2026-12-06).

    An exact tie (margin 0) is a plateau for the descent, which keeps only strict decreases: after the tightest start,
    no other start is a tie, and a tie as the tightest start adds one start.  Euler on y' = r y (1 - y) keeps y <= 1
    for r h <= 1.01 is false only for r h > 1 and 1/(r h) < y < 1, and every start sat on the tie y = 1 at r h < 1
    (a review of the tenth session: eleven such false bounds, the logistic map under five methods, RK4's region
    holding a disc, verified)."""
    def unlike(a, b):
        for name, domain in domains.items():
            if domain.interval is None or name not in a or name not in b:
                continue
            width = _width(domain.interval, None)
            x, y = a[name], b[name]
            if width is not None and width > 0:
                if abs(x - y) > width / 10:
                    return True
            elif abs(x - y) > max(abs(x), abs(y)) / 2:  # a half-line or the line: a factor of 2 apart
                return True
        return False

    chosen = []
    for margin, _, values in sorted(seen, key=lambda item: item[0]):
        if chosen and any(at_open_end(domains[name], value) for name, value in values.items() if name in domains):
            continue  # after the tightest start, none in a limit the domains leave out
        if chosen and margin == 0:
            continue  # a second tie: a plateau, no start
        if all(unlike(values, other) for other, _ in chosen):
            chosen.append((values, margin))
            if len(chosen) == 1 and margin == 0:
                count += 1
            if len(chosen) == count:
                break
    return chosen


NEAR_PLANE = sympy.Rational(1, 1000)  # an instance this close (relative) to a linear assumption's plane moves along it
RANDOM_DIRECTIONS = 8  # oblique directions a stuck sweep of the second search tries, each both ways


SPENT = object()  # descend's evaluation when a start's share of the budget is spent
ENDED = object()  # ... when the moves screened out by the assumptions have used their budget: the descent ends
REJECTED_PER_EVALUATION = 20  # moves outside the assumptions screened (exact sign tests) per evaluation of the budget


def _rational_bounds(interval):
    """(low, low open, high, high open) of an interval whose finite ends are rational, as fractions (None for an
    infinite end); None where an end is irrational or the set is not one interval (then realsets.contains decides)."""
    if not isinstance(interval, sympy.Interval):
        return None
    ends_ = []
    for end, is_open in ((interval.inf, interval.left_open), (interval.sup, interval.right_open)):
        if end.is_infinite:
            ends_ += [None, True]
        elif end.is_Rational:
            ends_ += [Fraction(int(end.p), int(end.q)), bool(is_open)]
        else:
            return None
    return tuple(ends_)


def _width(interval, unbounded):
    """The interval's width, or ``unbounded`` on a half-line or the whole line."""
    return interval.sup - interval.inf if interval.inf.is_finite and interval.sup.is_finite else unbounded


SNAP_DENOMINATOR = 10**12


def near_rational(value) -> sympy.Rational:
    """A rational with denominator at most 10^12 near ``value``, a rational or a real algebraic number (read to 30
    digits): the instances' numbers (_snap)."""
    if not value.is_Rational:
        value = sympy.Rational(str(sympy.N(value, 30)))
    return _snap(value)


def _snap(value):
    """A rational with denominator at most 10^12 near ``value`` (keeps the instances' numbers small)."""
    if value.is_Integer or value.q <= SNAP_DENOMINATOR:  # already small: limit_denominator would return it unchanged
        return value
    near = Fraction(int(value.p), int(value.q)).limit_denominator(SNAP_DENOMINATOR)
    return sympy.Rational(near.numerator, near.denominator)


def _snap_fraction(value: Fraction) -> Fraction:
    """_snap of a fraction."""
    return value if value.denominator <= SNAP_DENOMINATOR else value.limit_denominator(SNAP_DENOMINATOR)


def _fraction(value) -> Fraction:
    """A sympy rational as a fraction."""
    return Fraction(int(value.p), int(value.q))


__all__ = ["ends", "edge_instances", "descend", "diverse_starts", "near_rational"]
