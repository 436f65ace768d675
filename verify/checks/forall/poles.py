"""Where a forall claim's values are not defined inside its domains: the poles of claimed values, compared quantities,
initial values and the method's one-step map (a division by zero there), so that a proof on a closed form, an
identity away from them, is not taken for the claim where its value does not exist."""
from __future__ import annotations

import itertools

import mpmath
import sympy

from verify.engines import crosscheck, interval_sign, realsets, spectral
from verify.checks.common import CheckError
from verify.checks.forall.domains import first_value, point_in, relation_expr, simple_values, solve_set, to_domain
from verify.engines.symbolic import substitute_deep


class UndefinedInDomains(CheckError):
    """The claim's run or values do not exist at a point inside its domains: an error, never left for sampling."""


GRID = 16  # a bounded interval's interior is also probed at its 15 points k/16 of the way (_probe_values)
SEARCHED_POINTS = 64  # values of the other symbols tried when a pole's factor has several (_probe_values, combined)


def undefined_point(spec) -> str | None:
    """A point inside the domains where a claimed value or compared quantity of a run (or a relation's side) is not
    defined, as text (``lam = -1``); None when none is found.  Poles are the zeros of the factors of a denominator,
    and of the base of a power whose exponent has symbols where that exponent is negative (((N - r)/N)^(N - 2) at
    N = r = 1).  A factor in one domain symbol: its real roots in that domain; in several: each symbol solved for at
    a few values of the others (_probe_values: simple ones and far out), a root in its domain kept.  A point that an
    'assume' condition excludes does not count.  The closed form of the run is an identity away from such points,
    so a proof would say the claim holds where its value does not exist (review findings: ((1 + lam h)^N -
    (1 - h)^N)/(lam + 1) for every real lam, (x^2 - y^2)/(x - y) = x + y, a backward Euler step 1/(1 - lam h))."""
    domains = {d.symbol: d for d in spec.domains.values()}
    expressions = _compared(spec)
    if expressions is None:
        return None
    if spec.form == "run":
        expressions += [sympy.sympify(v) for v in spec.run_spec.y0]  # an initial value 1/(lam + 1)
    return _first_pole(expressions, domains, spec)


def _compared(spec) -> list | None:
    """A run's claimed values and compared quantities, a relation's two sides, or a sign claim's expression (x^2/R^2
    at R = 0 was refuted "at R = 0", where it is not defined: review of 2026-12-05; its factors in the states are
    left to the sign check), and 1/g for each denominator or log argument g the texts' readings cancelled
    (ForallSpec.guards)."""
    # what the texts' readings cancelled, as poles: x/x read as 1 gives 1/x, exp(log(x)) read as x gives 1/x (log 0)
    guards = [1 / argument for kind, argument in spec.guards if kind in ("denominator", "log")]
    if spec.form == "run":
        return [e for c in [*spec.run_spec.expect, *spec.run_spec.relations] for e in (c.claimed, c.quantity)] + guards
    if spec.form == "relation":
        return [to_domain(spec.lhs, spec.domains), to_domain(spec.rhs, spec.domains)] + guards
    return [to_domain(spec.expr, spec.domains)] + guards


def _first_pole(expressions, domains, spec) -> str | None:
    """The first point found where one of ``expressions`` has a pole inside the domains, as text; each factor
    (with its exponent) searched once however many expressions share it."""
    searched = set()
    for expression in expressions:
        for factor, exponent in pole_factors(expression):
            if (factor, exponent) in searched or factor.free_symbols - set(domains):  # a factor in a sign claim's states
                continue
            searched.add((factor, exponent))
            point = zero_in_domains(factor, exponent, domains, spec)
            if point is not None:
                return ", ".join(f"{domains[s].name} = {v}" for s, v in point.items())
    return None


def pole_factors(expression) -> list:
    """(factor, exponent): the factors of the denominator (exponent None: a pole wherever the factor vanishes) and of
    the numerator of the base of a power with a symbolic exponent (a pole where that exponent is negative)."""
    found = []

    def factors(polynomial):
        try:
            return [f for f, _ in sympy.factor_list(polynomial)[1]]
        except (sympy.PolynomialError, NotImplementedError, ValueError, TypeError):
            return []

    _, denominator = expression.as_numer_denom()  # not together(): it cancels x**2 + y**4 out of x**2/(x**2 + y**4) + y**4/(x**2 + y**4)
    for part in sympy.Mul.make_args(denominator):  # a power with a symbolic exponent (x^N in 1/x^N): its base's factors
        base = part.base if part.is_Pow and (part.exp.free_symbols or not part.exp.is_Integer) else part  # sqrt(z - 1) too
        base = base.args[0] if isinstance(base, sympy.Abs) else base  # abs(1/(z - 1)) is written 1/Abs(z - 1)
        found += [(f, None) for f in factors(base)]
    for power in expression.atoms(sympy.Pow):
        if power.exp.free_symbols:
            numerator, denominator = sympy.fraction(sympy.together(power.base))
            found += [(f, power.exp) for f in factors(numerator)]
            found += [(f, None) for f in factors(denominator)]  # ((2 + lam h)/(2 - lam h))^N: a pole whatever N
    for inner in _hiding_places(expression):  # abs(1/(z - 1)) at z = 1 (review of 2026-12-05: it was refuted "at" z = 1)
        found += [item for item in pole_factors(inner) if item not in found]
    return found


def _hiding_places(expression):
    """What a pole can hide in, which together() does not open: the arguments of functions (abs, exp, max, ...) and
    the base of a power with a fractional exponent (sqrt(1/(z - 1))); a negative fractional power 1/sqrt(z - 1) as
    the reciprocal of its base, whose zeros are poles; tan and sec as 1/cos, cot and csc as 1/sin of their argument."""
    for node in sympy.preorder_traversal(expression):
        if node.is_Pow and node.exp.is_number and not node.exp.is_Integer:
            yield 1 / node.base if node.exp.is_negative else node.base
        elif isinstance(node, sympy.log) and node.args[0].free_symbols:  # log(abs(x - 1/7)) at x = 1/7: log 0
            yield 1 / node.args[0]
        elif isinstance(node, (sympy.tan, sympy.sec)) and node.args[0].free_symbols:  # tan(x)**2 at pi/2 (a review of 2026-12-06)
            yield 1 / sympy.cos(node.args[0])
        elif isinstance(node, (sympy.cot, sympy.csc)) and node.args[0].free_symbols:
            yield 1 / sympy.sin(node.args[0])
        elif node.args and not isinstance(node, (sympy.Add, sympy.Mul, sympy.Pow)) and isinstance(node, sympy.Expr):
            yield from (a for a in node.args if isinstance(a, sympy.Expr) and a.free_symbols)


def not_real_point(spec) -> str | None:
    """A point inside the domains where a relation's side or a run's claimed value is not a real number: a fractional
    power (sqrt, x**(1/3): sympy's principal root, complex for a negative base) or a log of a negative number, as text
    (``x = -1 (sqrt(x) of a negative number)``); None
    when none is found.  Searched where the root's or log's argument has one symbol, with a real domain: the set
    where it is negative, solved exactly (review of 2026-12-05: sqrt(x) >= 0 over the reals was refuted at x = -1,
    where sqrt(x) has no real value, as a pole's point was before)."""
    domains = {d.symbol: d for d in spec.domains.values()}

    def arguments():
        for expression in _compared(spec) or []:
            for node in sympy.preorder_traversal(expression):
                if node.is_Pow and node.exp.is_Rational and not node.exp.is_Integer:  # x**(1/3) too: the principal root, not real
                    yield node.base, f"{node} of a negative number"
                elif isinstance(node, sympy.log):
                    yield node.args[0], f"{node} of a negative number"
        for kind, argument in spec.guards:  # a root or log the reading cancelled (sqrt(x)**2 read as x)
            if kind in ("root", "log"):
                yield argument, f"{'sqrt' if kind == 'root' else 'log'}({argument}), as written, of a negative number"

    for argument, what in arguments():
        if len(argument.free_symbols) != 1:
            continue
        symbol = next(iter(argument.free_symbols))
        domain = domains.get(symbol)
        if domain is None or domain.interval is None:
            continue
        if not argument.is_polynomial(symbol):  # sqrt(sin(x)) on [0, 4]: where interval arithmetic shows sin(x) < 0
            point = _negative_by_enclosures(argument, symbol, domain.interval)  # (verified by sympy's solver before a
            if point is not None and not any(_excluded(condition, {symbol: point}) for condition in spec.assume):  # review
                return f"{domain.name} = {point} ({what})"  # of 2026-12-07)
            continue
        try:
            negative = solve_set(argument < 0, domain)
            for lhs, op, rhs in spec.assume:  # an assumption in this symbol alone narrows where to look
                if (lhs - rhs).free_symbols <= {symbol} and op in ("<", "<=", ">", ">="):
                    negative = realsets.intersect(negative, solve_set(relation_expr(lhs, op, rhs), domain))
        except (NotImplementedError, ValueError, TypeError, sympy.PolynomialError):
            continue
        point = point_in(negative)
        if point is not None and not any(_excluded(condition, {symbol: point}) for condition in spec.assume):
            return f"{domain.name} = {point} ({what})"
    return None


def _negative_by_enclosures(argument, symbol, region) -> sympy.Rational | None:
    """A rational point of the interval ``region`` where ``argument`` < 0, shown by interval arithmetic
    (verify.engines.interval_sign: an enclosure of it below 0 over a subinterval holding the point); None where
    none is found (it may still be negative somewhere)."""
    side = interval_sign.side_of(region)
    if side is None:
        return None
    found = interval_sign.decide(argument, symbol, side, strict=False, boxes=NEGATIVE_SEARCH_BOXES)
    if isinstance(found, interval_sign.Fails):
        return found.at()
    return None


NEGATIVE_SEARCH_BOXES = 400  # subintervals looked at for a point where a root's or log's argument is negative


PROBED_INSTANCES = 64  # combinations of the domains' probe values at which a run's method options are validated


def method_refuses(spec, model) -> str | None:
    """A point of the domains where the run's method refuses its options (h <= 0 on an h 'real' domain), as text
    with the method's reason; None when it accepts them at every probed point (_probe_values of each domain,
    PROBED_INSTANCES combinations).  A proof on the closed form would otherwise cover points where no run exists
    (review finding: (1 - h)^N was proved for every real h; sampling had found h = -10^6 and said so)."""
    if spec.form != "run":
        return None
    rs = spec.run_spec
    domains = list(spec.domains.values())
    for values in itertools.islice(itertools.product(*(_option_probe_values(d) for d in domains)), PROBED_INSTANCES):
        point = {d.symbol: v for d, v in zip(domains, values)}
        options = substitute_deep(rs.options, point)
        try:
            rs.method.validate(model, options)
        except (ValueError, TypeError) as exc:  # MethodError is a ValueError
            return ", ".join(f"{d.name} = {v}" for d, v in zip(domains, values)) + f" ({exc})"
    return None


def _option_probe_values(domain) -> list:
    """_probe_values (a closed interval's ends first: h = 0 on closed(0, 1)) without the far-out counts (m = 10^6 + 1
    passes a run's work limit, not a rule of the method)."""
    values = _probe_values(domain)
    return [v for v in values if abs(v) < 10**6] if domain.interval is None else values


def step_pole(matrices, spec) -> str | None:
    """A point inside the domains where an entry of the method's one-step map (its matrix and offset, as
    symbolic.n_steps recorded them) is not defined: the step cannot be taken there (backward Euler's
    1/(1 - lam h) at lam h = 1), as text; None when none is found."""
    domains = {d.symbol: d for d in spec.domains.values()}
    return _first_pole([entry for matrix in matrices for entry in matrix], domains, spec)


def zero_in_domains(factor, exponent, domains, spec) -> dict | None:
    """A point of the domains (a dict over the factor's symbols) where ``factor`` is 0 (and ``exponent``, when given,
    negative somewhere there) that no 'assume' condition excludes; None when the search finds none."""
    symbols = sorted(factor.free_symbols, key=str)
    if not symbols or not set(symbols) <= set(domains) or factor.is_zero is False:  # h + 1 with h positive: never 0
        return None
    for point in _zeros(factor, symbols, domains):
        full = {**{d: first_value(domains[d]) for d in domains}, **point}
        if exponent is not None:  # a pole only where the exponent is negative: its other symbols tried far out too
            rest = sorted((exponent.free_symbols & set(domains)) - set(point), key=str)
            trials = itertools.islice(itertools.product(*(_probe_values(domains[s]) for s in rest)), 64)
            if not any(_negative(exponent.xreplace({**full, **dict(zip(rest, values))})) for values in trials):
                continue
        if any(_excluded(condition, full) for condition in spec.assume):
            continue
        return {s: point[s] for s in symbols}
    return None


def _zeros(factor, symbols, domains):
    """Points of the domains where the polynomial ``factor`` vanishes, one at a time as found
    (spectral.zeros_at_probes): for each symbol, its real roots at _probe_values of the others, SEARCHED_POINTS
    solves in all shared among the symbols (at least 8 per symbol)."""
    if len(symbols) == 1 and not factor.is_polynomial(symbols[0]):
        return _solved_zeros(factor, domains[symbols[0]])
    probes = {s: _probe_values(domains[s]) for s in symbols} if len(symbols) > 1 else {}
    return spectral.zeros_at_probes(factor, symbols, probes, lambda s, root: _inside(domains[s], root), max(8, SEARCHED_POINTS // len(symbols)))


def _solved_zeros(factor, domain) -> list:
    """Where a factor that is not a polynomial (cos(x) in 1/cos(x)**2) in the one symbol of a domain vanishes there
    (reviews of 2026-12-06: 1/cos(x)**2 >= 1 on (1, 2) was verified, undefined at pi/2; 1/(2^N - 2^40) and
    1/sin(pi N/100)^2 on the integers, at 40 and 100).  A real domain: by sympy's solveset over its interval;
    CheckError when sympy leaves part of the zeros unsolved (a ConditionSet: x + sin(x) = 1/2) or does not list them
    (an image set it does not cut to the interval): a pole could hide there, and no proof may pass over it.  An
    integer domain: the integers among the zeros solveset lists, else its first INTEGER_SCAN integers evaluated
    exactly (N 2^N - 100 2^100 at 100, which solveset does not list)."""
    if domain.interval is None:
        try:
            found = sympy.solveset(factor, domain.symbol, sympy.Interval(first_value(domain), sympy.oo))
        except (NotImplementedError, ValueError, TypeError):
            found = None
        if isinstance(found, sympy.FiniteSet):
            return [{domain.symbol: value} for value in found if value.is_Integer and _inside(domain, value)]
        start = int(first_value(domain))
        return [{domain.symbol: sympy.Integer(n)} for n in range(start, start + INTEGER_SCAN + 1)
                if factor.xreplace({domain.symbol: sympy.Integer(n)}).is_zero]
    if _nonzero_on(factor, domain):
        return []
    found = sympy.solveset(factor, domain.symbol, domain.interval)
    listed = realsets.representatives(found)
    if found.has(sympy.ConditionSet) or not (isinstance(found, sympy.FiniteSet) or found is sympy.S.EmptySet
                                            or isinstance(found, sympy.Union) and all(isinstance(a, sympy.FiniteSet) for a in found.args)):
        raise CheckError(f"cannot tell where {factor} (in a denominator) is 0 for {domain.name} {domain.text} (sympy's solveset gives "
                         f"{found}): the claim may not be defined there")
    return [{domain.symbol: value} for value in listed if _inside(domain, value)]


INTEGER_SCAN = 1000  # a factor sympy cannot solve on an integer domain is evaluated at its first this many integers
NONZERO_PIECES = 64  # a bounded interval is cut into this many pieces, each enclosed in interval arithmetic (_nonzero_on)


def _nonzero_on(factor, domain) -> bool:
    """Is ``factor`` (in the domain's one symbol) certainly nonzero on the whole bounded interval: its enclosure by
    interval arithmetic (mpmath.iv) over each of NONZERO_PIECES pieces excludes 0?  x + sin(x) + 3 on (0, 1), whose
    zeros solveset cannot list, is then no error.  False when it cannot tell (an unbounded interval, a function
    interval arithmetic does not evaluate, a piece whose enclosure holds 0)."""
    interval = domain.interval
    if not (isinstance(interval, sympy.Interval) and interval.inf.is_finite and interval.sup.is_finite):
        return False
    try:
        function = crosscheck.compile_mp(factor, [domain.symbol], mpmath.iv)
        low, width = interval.inf, (interval.sup - interval.inf) / NONZERO_PIECES
        saved, mpmath.iv.prec = mpmath.iv.prec, 80
        try:
            for k in range(NONZERO_PIECES):
                a, b = low + k * width, low + (k + 1) * width
                piece = mpmath.iv.mpf([(mpmath.iv.mpf(int(a.p)) / int(a.q)).a, (mpmath.iv.mpf(int(b.p)) / int(b.q)).b])
                value = function([piece])
                if value.a <= 0 <= value.b:
                    return False
        finally:
            mpmath.iv.prec = saved
    except (crosscheck.CrossCheckUnavailable, ArithmeticError, ValueError, TypeError):
        return False
    return True


def _probe_values(domain) -> list:
    """Values of a domain where a symbolic exponent is tried, or the other symbols of a pole's factor are set: its
    closed ends (1 - h lam = 0 only at the corner lam = 1, h = 1 of closed(-4, 1) x closed(1/2, 1): a review of
    2026-12-05 found backward Euler proved there), its simple values and, beyond them, far out (an exponent 3 - N
    turns negative at N = 4)."""
    values = list(simple_values(domain))
    if domain.interval is None:
        first = first_value(domain)
        return values + [first + k for k in (5, 10, 100, 10**6)]
    interval = domain.interval
    ends = [e for e, is_open in ((interval.inf, interval.left_open), (interval.sup, interval.right_open))
            if not is_open and e.is_finite and e not in values] if isinstance(interval, sympy.Interval) else []
    grid = []  # a bounded interval also at GRID interior points: 1 - h lam = 0 on lam in (0, 3), h in (1/7, 1/2) is
    if isinstance(interval, sympy.Interval) and interval.inf.is_finite and interval.sup.is_finite:  # met at h = 2/5 only
        width = interval.sup - interval.inf
        grid = [interval.inf + width * sympy.Rational(k, GRID) for k in range(1, GRID)]
        grid = [v for v in grid if v not in values and v not in ends]
    far = [v for v in (sympy.Integer(10**6), sympy.Integer(-10**6)) if _inside(domain, v)]
    zero = [sympy.Integer(0)] if _inside(domain, sympy.Integer(0)) and 0 not in values + ends + grid else []  # x**2 + y**2 at
    return ends + values + zero + grid + far  # the origin (a review of 2026-12-06: (x**2 + y**2)/(x**2 + y**2) == 1 was verified)


def _negative(value) -> bool:
    return bool(value.is_number and value.is_negative)


def _inside(domain, value) -> bool:
    """Is the number in the domain (decided rigorously by realsets.contains: Interval.contains goes through subs and
    costs a millisecond)?"""
    interval = domain.interval
    if interval is None:
        return bool(value.is_Integer and value >= first_value(domain))
    return interval is sympy.S.Reals or realsets.contains(interval, value)


def _excluded(condition, point) -> bool:
    """Does the 'assume' condition (lhs, op, rhs) fail at the point?"""
    lhs, op, rhs = condition
    try:
        value = (lhs - rhs).xreplace(point)
        holds = {"<": value < 0, "<=": value <= 0, ">": value > 0, ">=": value >= 0, "==": sympy.Eq(value, 0), "!=": sympy.Ne(value, 0)}[op]
    except (TypeError, KeyError):
        return False
    return holds is sympy.false
