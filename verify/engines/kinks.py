"""An expression in one variable with abs, max and min, cut where they bend.

max and min are written through abs (max(a, b) = (a + b + |a - b|)/2, min(a, b) = (a + b - |a - b|)/2).  Between
consecutive real zeros of the arguments of the abs calls, each |g| is g throughout or -g throughout; on each closed
piece the expression equals one without abs (at an end, where g is 0, both forms agree; g is a polynomial, so
continuous), whose sign exact real root isolation or interval arithmetic then decides on that piece.  The
argument of an outer abs may hold another (||x| - 1|): its zeros are sought in every sign case of the abs inside it
(x - 1 and -x - 1), a superset of where it is 0, which only adds cuts.

This is the case split of the identity kind (verify.checks.identity: every choice of signs, each cancelled) made
into a partition of the line, so that one choice is taken per piece and an inequality can be decided there.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import sympy

from verify.engines import realsets
from verify.errors import CheckError

MAX_INNER = 4  # abs calls inside one argument (2^4 sign cases, each a polynomial whose zeros are cuts)
MAX_KINKS = 64  # cut points in all
NOT_CONTINUOUS = (sympy.sign, sympy.Heaviside, sympy.floor, sympy.ceiling, sympy.frac, sympy.Piecewise)


@dataclass(frozen=True)
class Branch:
    """A piece of the line, [low, high] (an end None is infinite; a finite one a rational or a real algebraic number),
    on which every abs takes one branch: ``expression`` equals the original there, with no abs, max or min."""

    low: sympy.Expr | None
    high: sympy.Expr | None
    expression: sympy.Expr

    def region(self) -> sympy.Set:
        """The piece as a closed sympy interval (open at an infinite end)."""
        low = -sympy.oo if self.low is None else self.low
        high = sympy.oo if self.high is None else self.high
        return realsets.interval(low, high)

    def text(self) -> str:
        """The piece as people write it: (-∞, -sqrt(2)], [-sqrt(2), sqrt(2)], [sqrt(2), ∞)."""
        return (f"{'(-∞' if self.low is None else f'[{self.low}'}, "
                f"{'∞)' if self.high is None else f'{self.high}]'}")


def through_abs(expression: sympy.Expr) -> sympy.Expr:
    """``expression`` with each max and min written through abs, folded left over their arguments."""
    return expression.replace(sympy.Max, lambda *a: _folded(a, 1)).replace(sympy.Min, lambda *a: _folded(a, -1))


def _folded(arguments, sign: int) -> sympy.Expr:
    """max (sign 1) or min (sign -1) of the arguments through abs: m(a, b) = (a + b + sign |a - b|)/2, folded left."""
    result = arguments[0]
    for other in arguments[1:]:
        result = (result + other + sign * sympy.Abs(result - other)) / 2
    return result


def kink_points(expression: sympy.Expr, x: sympy.Symbol) -> list | None:
    """The real points, increasing, where an argument of an abs (a max, a min) of ``expression`` may change sign: the
    real roots of each argument in every sign case of the abs calls inside it (rationals, or sympy's algebraic
    numbers).  None when an argument is not a polynomial in x with rational coefficients, an argument holds more than
    MAX_INNER abs calls, there are more than MAX_KINKS points, or the expression holds a function that jumps."""
    if expression.has(*NOT_CONTINUOUS):
        return None
    points: list = []
    for call in through_abs(expression).atoms(sympy.Abs):
        cases = sign_cases(call.args[0], MAX_INNER)
        if cases is None:
            return None
        cases = list(cases)
        for case in cases:
            if case.free_symbols - {x} or not case.is_polynomial(x):
                return None
            zeros = realsets.polynomial_set(sympy.expand(case), "==", x)
            if zeros is None:
                return None
            roots = [part.start for part in realsets.pieces(zeros) if part.start == part.end]  # (a case that is 0
            # everywhere, the set of all reals, has no point where it changes sign)
            points += roots if len(cases) == 1 else [r for r in roots if not _apart_from_zero(call.args[0], x, r)]
            if len(points) > MAX_KINKS:
                return None
    return realsets.sorted_points(list(dict.fromkeys(points)))


def pieces(expression: sympy.Expr, x: sympy.Symbol) -> list[Branch] | None:
    """The line cut at the kink points into closed pieces, each with the expression that equals ``expression`` there
    (every abs replaced by the sign its argument has at a rational point inside the piece times that argument,
    innermost first).  An end may be irrational (sqrt(2) for an abs of x^2 - 2).  None where kink_points is None."""
    points = kink_points(expression, x)
    if points is None:
        return None
    folded = through_abs(expression)
    ends = [None, *points, None]
    found = []
    for low, high in zip(ends, ends[1:]):
        inside = _inside(low, high)
        replaced = _replaced(folded, x, inside)
        if replaced is None:
            return None
        found.append(Branch(low, high, replaced))
    return found


CUT_BITS = 128  # the enclosure that shows a nested argument is not 0 at a root of one of its sign cases


def _apart_from_zero(argument: sympy.Expr, x: sympy.Symbol, point: sympy.Expr) -> bool:
    """Is ``argument`` (with abs inside it) shown not 0 at ``point``, a root of one of its sign cases that the argument
    itself does not take there (max(x, 1 - x, x^2/4) proposed -2 + 2 sqrt(2), an irrational cut where the max does not
    change branch, and its proof fell back to the whole interval: a review of 2026-12-07)?  Rigorously, by an
    enclosure; False where that does not show it (the point is kept: a cut too many only splits a piece)."""
    try:
        value = argument.subs(x, point)
        if value == 0:
            return False
        low, high = realsets.enclosure(value, CUT_BITS)
    except (ValueError, TypeError, ArithmeticError, CheckError):
        return False
    return low > 0 or high < 0


def sign_cases(expression: sympy.Expr, most: int):
    """``expression`` with its abs calls replaced by +-their arguments, one choice of signs after another (an
    iterator; nested calls replaced on later passes); None past ``most`` abs calls.  The case split of
    verify.checks.identity and the cuts of nested abs here."""
    calls = sorted(expression.atoms(sympy.Abs), key=sympy.default_sort_key)
    if len(calls) > most:
        return None
    return (_with_signs(expression, calls, signs) for signs in itertools.product((1, -1), repeat=len(calls)))


def _with_signs(expression: sympy.Expr, calls: list, signs) -> sympy.Expr:
    """``expression`` with each of ``calls`` replaced by its sign times its argument, until none is left."""
    case = expression
    for _ in range(len(calls) + 1):
        replaced = case.xreplace({call: s * call.args[0] for call, s in zip(calls, signs)})
        if replaced == case:
            break
        case = replaced
    return case


def _inside(low, high) -> sympy.Rational:
    """A simple rational strictly inside the piece (low, high) (an end None is infinite)."""
    if low is None and high is None:
        return sympy.Integer(0)
    if low is None:
        return sympy.floor(realsets.enclosure(high, 16)[0]) - 1
    if high is None:
        return sympy.ceiling(realsets.enclosure(low, 16)[1]) + 1
    if low.is_Rational and high.is_Rational:
        return realsets.simplest_between(low, high)
    return realsets.rational_between(low, high)


def _replaced(folded: sympy.Expr, x: sympy.Symbol, point: sympy.Rational) -> sympy.Expr | None:
    """``folded`` with each abs replaced by s g, s the sign of its argument g at ``point`` (innermost first, so that
    each g is a polynomial by then); None when a sign there is not a rational's."""
    expression = folded
    while expression.has(sympy.Abs):
        innermost = [call for call in expression.atoms(sympy.Abs) if not call.args[0].has(sympy.Abs)]
        mapping = {}
        for call in innermost:
            value = call.args[0].subs(x, point)
            if not value.is_Rational:
                return None
            mapping[call] = sympy.sign(value) * call.args[0]
        expression = expression.xreplace(mapping)
    return expression
