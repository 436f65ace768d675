"""Where sampled bounds are tight: the edges of the domains, and a descent on the margin.

Random draws from a box rarely land where a bound is tight: at an end of a
domain (a step size tending to 0, a parameter at its closed bound, a rate
tending to 0 from below) and at combinations of ends.  Before a sampled
``forall`` says "held", it therefore also tries

* the ends of every domain, one at a time from the centre of the box, and its
  corners (all of them when there are at most ``corner_budget``, otherwise a
  fixed pseudo-random choice): a closed end itself, an open end approached to
  within 10^-6 of the interval's width, a half-line at 10^-6 and 10^6;
* a pattern search that starts from the instances with the smallest margin and
  moves one coordinate at a time part of the way towards an end of its domain,
  keeping a move when the margin shrinks and shortening the moves when none
  does (Hooke & Jeeves, "Direct search solution of numerical and statistical
  problems", J. ACM 8, 1961).  A move that leaves the region of ``assume`` does
  not count, so the shortening moves also close in on the boundary of the
  assumptions.

Every instance is exact (rationals with denominators at most 10^6 plus the ends
themselves); a violation found here is a counterexample like any other.
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import sympy

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
    width = b - a if a.is_finite and b.is_finite else sympy.Integer(1)
    low = -FAR if not a.is_finite else a + width * EDGE if interval.left_open else a
    high = FAR if not b.is_finite else b - width * EDGE if interval.right_open else b
    return [low, high]


def edge_instances(domains: dict, centre: dict, corner_budget: int) -> list[dict]:
    """The centre of the box, each end of each domain with the others at the centre, then corners."""
    names = list(domains)
    extremes = {name: ends(domains[name]) for name in names}
    instances = [dict(centre)]
    for name in names:
        for end in extremes[name]:
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
    """value + fraction (target - value), as a rational with denominator at most 10^6 (or the target itself)."""
    moved = value + fraction * (target - value)
    if moved.is_Integer:
        return moved
    near = Fraction(int(moved.p), int(moved.q)).limit_denominator(10**6)
    snapped = sympy.Rational(near.numerator, near.denominator)
    return snapped if snapped != value else moved


def descend(domains: dict, starts: list, margin_of, budget: int) -> int:
    """Pattern search on the margin from each start (values, margin); ``margin_of(values)`` evaluates an
    instance and returns its margin, or None when the instance does not count (outside ``assume`` or the
    method's options).  Each sweep moves every coordinate the fraction ``step`` of the way towards each
    end of its domain and keeps a move that shrinks the margin; a sweep without a kept move quarters
    the step, down to 2^-20.  Stops after ``budget`` evaluations; returns the number made."""
    used = 0
    extremes = {name: ends(domain) for name, domain in domains.items()}
    for values, margin in starts:
        step = sympy.Rational(1, 2)
        while step >= SMALLEST_STEP:
            kept = False
            for name in domains:
                for end in extremes[name]:
                    if used >= budget:
                        return used
                    candidate = {**values, name: _toward(values[name], end, step)}
                    if candidate[name] == values[name]:
                        continue
                    used += 1
                    found = margin_of(candidate)
                    if found is not None and found < margin:
                        values, margin, kept = candidate, found, True
            if not kept:
                step /= 4
    return used


__all__ = ["ends", "edge_instances", "descend"]
