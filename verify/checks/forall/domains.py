"""The domains of a forall claim's symbols (real, positive, nonnegative, negative, intervals, integer >= K),
the exact rationals drawn from them, and the simple instances tried before any sampling."""
from __future__ import annotations

import functools
import itertools
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import sympy

from verify.input import expr
from verify.input.load import LoadError
from verify.input.model import symbol
from verify.engines import realsets, spectral


DEFAULT_SAMPLES = 100


EDGES = [sympy.Rational(1, 10**6), sympy.Integer(10**6)]  # tiny and huge rationals are always among the draws


@dataclass
class Domain:
    name: str
    text: str
    symbol: sympy.Symbol  # with the domain's assumptions
    interval: sympy.Set | None  # the real set, None for integers
    make_strategy: Callable[[], object]  # builds the hypothesis strategy of exact values (sympy Rationals)

    @functools.cached_property
    def strategy(self):
        """The hypothesis strategy, built when a claim is sampled: hypothesis (about 0.1 s to import) is not imported
        by loading, listing or proving claims."""
        return self.make_strategy()


def _rationals(low, high, open_low=True, open_high=False):
    from hypothesis import strategies as st

    def make(value):
        return sympy.Rational(value.numerator, value.denominator)

    denominator = max([60] + [int(sympy.Rational(v).q) for v in (low, high)])  # the bounds themselves must be drawable
    strategy = _fractions(Fraction(int(sympy.Rational(low).p), int(sympy.Rational(low).q)),
                          Fraction(int(sympy.Rational(high).p), int(sympy.Rational(high).q)), denominator).map(make)
    if open_low:
        strategy = strategy.filter(lambda v: v != low)
    if open_high:
        strategy = strategy.filter(lambda v: v != high)
    return strategy


def _fractions(min_value: Fraction, max_value: Fraction, max_denominator: int):
    """hypothesis's ``fractions(min_value, max_value, max_denominator=...)`` (hypothesis/strategies/_internal/core.py,
    6.155), built of the same strategies in the same way, so it draws the same values from the same choices, with
    one difference: the numerator's strategy for a denominator is built once, not at every draw.  Hypothesis
    builds and validates a new ``builds(Fraction, integers(...), just(denom))`` per draw, two thirds of the time
    of drawing an instance of a forall claim (about 5 ms for five domains)."""
    from hypothesis import strategies as st

    low = min_value.numerator * max_value.denominator
    high = max_value.numerator * min_value.denominator
    scale = min_value.denominator * max_value.denominator
    div = math.gcd(scale, math.gcd(low, high))  # as hypothesis: integer bounds and scale without their common factor
    built = {}

    def dm_func(denom):
        """Take denom, construct numerator strategy, and build fraction (hypothesis's code, its result kept)."""
        found = built.get(denom)
        if found is None:
            found = built[denom] = st.builds(Fraction, st.integers(min_value=denom * low // div, max_value=denom * high // div),
                                             st.just(denom * (scale // div)))
        return found

    return st.integers(1, max_denominator).flatmap(dm_func).map(lambda f: f.limit_denominator(max_denominator))


def _integers(low: int, high: int):
    from hypothesis import strategies as st

    return st.integers(low, high).map(sympy.Integer)


SIGNED = ("real", "positive", "nonnegative", "negative", "nonpositive")  # the domains named by a sign


def parse_domain(name: str, text: str, claim) -> Domain:
    """``real``, ``positive``, ``nonnegative``, ``negative``, ``nonpositive``, ``integer >= K``, ``interval(a, b)`` (open),
    ``closed(a, b)``.  (``nonpositive`` since a review of 2026-12-07: the sign kind had it, forall refused it.)"""
    words = " ".join(str(text).split())
    if words in SIGNED:
        assumptions = {"real": {"real": True}, "positive": {"positive": True}, "nonnegative": {"nonnegative": True}, "negative": {"negative": True},
                       "nonpositive": {"nonpositive": True}}[words]
        interval = {"real": sympy.S.Reals, "positive": sympy.Interval.open(0, sympy.oo), "nonnegative": sympy.Interval(0, sympy.oo),
                    "negative": sympy.Interval.open(-sympy.oo, 0), "nonpositive": sympy.Interval(-sympy.oo, 0)}[words]

        def strategy():
            from hypothesis import strategies as st

            return {
                "real": lambda: st.one_of(st.just(sympy.Integer(1)), _rationals(-10, 10, False), st.sampled_from(EDGES + [-e for e in EDGES])),
                "positive": lambda: st.one_of(st.just(sympy.Integer(1)), _rationals(0, 10), st.sampled_from(EDGES)),
                "nonnegative": lambda: st.one_of(_rationals(0, 10, False), st.just(sympy.Integer(0))),
                "negative": lambda: _rationals(0, 10).map(lambda v: -v),
                "nonpositive": lambda: st.one_of(_rationals(0, 10, False).map(lambda v: -v), st.just(sympy.Integer(0))),
            }[words]()
        return Domain(name, words, sympy.Symbol(name, **assumptions), interval, strategy)
    match = re.fullmatch(r"integer\s*>=\s*(-?\d+)", words)
    if match:
        low = int(match.group(1))
        assumptions = {"integer": True}
        if low >= 1:
            assumptions["positive"] = True
        elif low >= 0:
            assumptions["nonnegative"] = True
        return Domain(name, words, sympy.Symbol(name, **assumptions), None, lambda: _integers(low, low + 12))
    match = re.fullmatch(r"(interval|closed)\((.+),(.+)\)", words)
    if match:
        try:
            a, b = (claim.value(part.strip(), f"domains.{name}") for part in match.group(2, 3))
        except LoadError as exc:  # interval(0, 2/lam): a bound in another symbol (a fresh user's review of 2026-12-05)
            raise LoadError(f"{exc} (a bound in another domain symbol: give {name} a domain such as \"positive\" and state the "
                            f"bound with assume = [\"{name} < ...\"])") from None
        if not (a.is_Rational and b.is_Rational and a < b):
            hint = (f" (a bound in another domain symbol: give {name} a domain such as \"positive\" and state the bound with "
                    f"assume = [\"{name} < ...\"])") if (a.free_symbols or b.free_symbols) else ""
            raise LoadError(f"domains.{name}: {words} needs rational bounds a < b{hint}")
        closed = match.group(1) == "closed"
        interval = sympy.Interval(a, b, not closed, not closed)
        return Domain(name, words, sympy.Symbol(name, real=True), interval, lambda: _rationals(a, b, not closed, not closed))
    raise LoadError(f"domains.{name}: unknown domain {text!r} (real, positive, nonnegative, negative, nonpositive, integer >= K, interval(a, b), "
                    "closed(a, b))")


class DomainsAndLets(dict):
    """The domains, carrying the let-definitions that to_domain substitutes first (and the claim's guards, where a
    substitution's lost singularities go)."""

    def __init__(self, domains, lets, guards=None):
        super().__init__(domains)
        self.lets = lets
        self.guards = guards


def to_domain(expression, domains):
    expression = substitute_lets(expression, getattr(domains, "lets", {}), getattr(domains, "guards", None))
    return expression.xreplace({symbol(name): d.symbol for name, d in domains.items()})


def substitute_lets(expression, lets: dict, guards: list | None):
    """``expression`` with the let values put in for their names; a singularity of a let value that the substitution
    cancels (q = 1/x in q*x) goes to ``guards`` (the claim's, decided over the domains), or is refused (ExprError)
    where the domains cannot decide it: as the parser does for a text (verify.input.expr.cancelled_singularities)."""
    used = [lets[s] for s in expression.free_symbols if s in lets]
    result = expression.xreplace(lets)
    if used:
        written = [*((kind, g.xreplace(lets)) for kind, g in expr.singularities(expression)),  # 1/a with a = x - 1: x - 1
                   *(item for value in used for item in expr.singularities(value))]
        expr.refuse_lost(str(expression), result, expr.cancelled_singularities(result, written), guards)
    return result


def first_value(domain):
    if domain.interval is None:
        return sympy.Integer(int(re.search(r"-?\d+", domain.text).group()))
    return {"real": sympy.Integer(1), "positive": sympy.Integer(1), "nonnegative": sympy.Integer(1), "negative": sympy.Integer(-1),
            "nonpositive": sympy.Integer(-1)}.get(
        domain.text, (domain.interval.inf + domain.interval.sup) / 2)


def simple_values(domain) -> list:
    """A few simple exact values of a domain, simplest first."""
    first = first_value(domain)
    if domain.interval is None:
        return [first, first + 1, first + 2]
    if domain.text in SIGNED:
        sign = -1 if domain.text in ("negative", "nonpositive") else 1
        return [first] + [sign * sympy.Rational(v) for v in ("1/2", "2", "1/10")]
    a, b = domain.interval.inf, domain.interval.sup
    return [first] + [a + (b - a) / k for k in (4, 8, 32)]


SIMPLE_INSTANCES = 24  # simple instances tried before hypothesis samples


def simple_instances(spec):
    """Combinations of simple values, the simplest (smallest index sum) first."""
    names = list(spec.domains)
    choices = [simple_values(spec.domains[n]) for n in names]
    for idx in itertools.islice(_by_index_sum([len(c) for c in choices]), SIMPLE_INSTANCES):
        yield {n: choices[k][i] for k, (n, i) in enumerate(zip(names, idx))}


def _by_index_sum(sizes: list):
    """Every index tuple (i_1 < sizes[0], ...) in the order of (sum, tuple), generated lazily: the first few of
    4^10 combinations without listing and sorting a million of them."""
    def with_sum(position, total):
        if position == len(sizes):
            if total == 0:
                yield ()
            return
        for i in range(min(total, sizes[position] - 1) + 1):
            for rest in with_sum(position + 1, total - i):
                yield (i, *rest)

    for total in range(sum(size - 1 for size in sizes) + 1):
        yield from with_sum(0, total)


def point_in(region: sympy.Set):
    """A simple rational point of a union of intervals (or a finite set), if there is one."""
    pieces = region.args if isinstance(region, sympy.Union) else [region]
    for piece in pieces:
        if isinstance(piece, sympy.FiniteSet) and piece.args:
            return piece.args[0]
        if isinstance(piece, sympy.Interval):
            a, b = piece.inf, piece.sup
            if a.is_finite and b.is_finite:
                middle = (a + b) / 2
                if middle.is_Rational:
                    return middle
                return spectral.rational_between(a, b)  # (2 + sqrt(2))/2 was a TypeError from sympy.Float (a review of 2026-12-06)
            if a.is_finite:
                return sympy.floor(a) + 1
            if b.is_finite:
                return sympy.ceiling(b) - 1
            return sympy.Integer(0)
    return None


def relation_expr(lhs, op, rhs):
    """lhs op rhs as an unevaluated sympy relation."""
    return {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge, "==": sympy.Eq, "!=": sympy.Ne}[op](lhs, rhs, evaluate=False)


def solve_set(relation, domain):
    """Where in ``domain`` (a real one) the relation in its symbol holds, by sympy's inequality solver (a periodic
    relation on a bounded domain: its answer over one period repeated across the domain, _periodic_set)."""
    period = _period(relation, domain.symbol)
    if period is not None:
        return _periodic_set(relation, domain, period)
    return realsets.intersect(_solve_on_reals(relation, domain.symbol, period), domain.interval)


MAX_PERIODS = 1000  # periods of a periodic relation tiled across a bounded domain


def _period(relation, symbol):
    """The period of lhs - rhs in ``symbol`` when it is periodic (sympy.periodicity), else None.  Only a relation with a
    trigonometric function of the symbol in it is asked: a real function built from exp, log and powers alone is not
    periodic, and sympy.periodicity of exp(x**x) recursed past Python's limit after 16 s (a review of 2026-12-07)."""
    if not isinstance(relation, sympy.core.relational.Relational) or relation.lhs.is_rational_function(symbol) and relation.rhs.is_rational_function(symbol):
        return None
    if not any(symbol in call.free_symbols for call in (relation.lhs - relation.rhs).atoms(sympy.functions.elementary.trigonometric.TrigonometricFunction)):
        return None
    try:
        period = sympy.periodicity(relation.lhs - relation.rhs, symbol)
    except (NotImplementedError, ValueError, TypeError):
        return None
    return period if period is not None and period != 0 else None


def _one_period(relation, symbol, period):
    """Where the periodic relation holds in [0, period): sympy's answer, cut to that period."""
    return realsets.intersect(sympy.solve_univariate_inequality(relation, symbol, relational=False), sympy.Interval.Ropen(0, period))


def _everywhere_or_nowhere(one, period) -> bool | None:
    """True when a periodic relation holds on all of [0, period) (``one``: where it holds there), so everywhere;
    False when on none of it, so nowhere; None otherwise."""
    if realsets.same_set(one, sympy.Interval.Ropen(0, period)):
        return True
    return False if realsets.same_set(one, sympy.S.EmptySet) else None


def _periodic_set(relation, domain, period):
    """sympy's inequality solver answers a periodic relation over one period [0, P) only: sin(x) > 0 on [0, 7] came
    back as (0, pi), and 'sin(x) > 0 exactly when x < pi' was verified on [0, 7], false at 6.5 (a review of
    2026-12-06).  Its answer within [0, P) is repeated at every multiple of P that meets the domain (at most
    MAX_PERIODS), then cut to the domain; an unbounded domain is not decided this way (NotImplementedError: the
    callers sample).  The set is checked against direct evaluation by the callers, as every solver answer is."""
    one = _one_period(relation, domain.symbol, period)
    whole = _everywhere_or_nowhere(one, period)  # all of a period or none of it: all of every domain or none (sin(x) >= -1
    if whole is not None:  # on the real line: a review of 2026-12-06)
        return domain.interval if whole else sympy.S.EmptySet
    low, high = domain.interval.inf, domain.interval.sup
    if not (low.is_finite and high.is_finite):
        raise NotImplementedError(f"{relation} is periodic in {domain.name} (period {period}): sympy solves it over one period only")
    first, last = (int(sympy.floor(realsets.enclosure(end / period, 32)[0])) for end in (low, high))
    last += 1
    if last - first > MAX_PERIODS:
        raise NotImplementedError(f"{relation} is periodic in {domain.name} with period {period}: its domain spans more than "
                                  f"{MAX_PERIODS} periods")
    tiled = sympy.S.EmptySet
    for k in range(first, last + 1):
        shifted = realsets.from_pieces([realsets.Piece(p.start + k * period, p.end + k * period, p.left_open, p.right_open)
                                        for p in realsets.pieces(one)])
        tiled = realsets.unite(tiled, shifted)
    return realsets.intersect(tiled, domain.interval)


def solve_on_reals(relation, symbol):
    """Where on the real line the relation in ``symbol`` holds.  Between rational functions with rational
    coefficients by exact real root isolation (realsets.rational_function_set: sympy's inequality solver gave wrong
    sets for roots close together, (x^2 - 10^30 + 1)(x^2 - 10^30 - 1) >= 0 'for every x', a review of 2026-12-06);
    otherwise by sympy's inequality solver.

    NotImplementedError (the callers' sign that sympy cannot solve it: they sample) when lhs - rhs is not a rational
    function of ``symbol`` and sympy cannot write every real zero of its numerator or denominator: the solver (sympy
    1.14) reads the part of the zeros it leaves unsolved (a ConditionSet: the roots of 1000 x = e^x) as none at all
    and returns a wrong set, so x^2 >= x e^x/1000, false at x = 10, was 'verified' on the whole line (a review of
    2026-12-06)."""
    return _solve_on_reals(relation, symbol, _period(relation, symbol))


def _solve_on_reals(relation, symbol, period):
    """solve_on_reals with the relation's period known (None: not periodic; solve_set has found it already)."""
    if isinstance(relation, sympy.core.relational.Relational):
        difference = relation.lhs - relation.rhs
        exact = realsets.rational_function_set(difference, relation.rel_op, symbol)
        if exact is not None:
            return exact
        if period is not None:  # sympy answers over one period (solve_set tiles it on a bounded domain)
            whole = _everywhere_or_nowhere(_one_period(relation, symbol, period), period)
            if whole is None:
                raise NotImplementedError(f"{relation} is periodic in {symbol}: sympy's solver answers over one period only")
            return sympy.S.Reals if whole else sympy.S.EmptySet
        unsolved = _unsolved_zeros(difference, symbol)
        if unsolved is not None:
            raise NotImplementedError(f"sympy cannot write every real solution of {unsolved} = 0")
    return sympy.solve_univariate_inequality(relation, symbol, relational=False)


def _unsolved_zeros(difference, symbol):
    """The numerator or denominator of ``difference`` whose real zeros sympy's solveset leaves unsolved (a
    ConditionSet in its answer); None when it writes them all, or for a rational function (solved without it)."""
    if difference.is_rational_function(symbol):
        return None
    for part in sympy.fraction(sympy.together(difference)):
        if symbol in part.free_symbols and sympy.solveset(part, symbol, sympy.S.Reals).has(sympy.ConditionSet):
            return part
    return None
