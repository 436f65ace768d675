"""check = "forall": a statement for every value of some symbols in their domains.

Three forms, each with ``domains`` (name -> domain, see DOMAINS):

* a run (``method``, ``options``, ``initial``, ``steps`` as in ``run``, where the
  domain symbols may appear) with ``holds`` (expression -> value, like
  ``expect``) and ``holds_relations`` (like ``expect_relations``);
* a relation ``lhs``, ``op``, ``rhs`` in the domain symbols;
* a ``sign`` claim (``expr``, ``sign``) over all real states, its parameters in
  the domains.

Symbolic proof first (evidence ``symbolic``): the run in closed form
(verify.engines.symbolic), or the exact set where a one-parameter relation or sign
holds (sympy's inequality solver; principal minors of the Gram matrix), which
``exactly_when`` can state.  Otherwise the statement is tested on exact
instances drawn by hypothesis from the domains (evidence ``numerical``, the
number of instances in the message); a violation is refuted with the shrunk
counterexample, printed exactly, and a ``cases`` line that replays it.
"""
from __future__ import annotations

import copy
import itertools
import re
from dataclasses import dataclass, field

import sympy
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.reporting import with_reporter

from verify.engines import crosscheck
from verify.engines import symbolic
from verify.input.load import Claim, LoadError
from verify.engines.methods import SymbolicSystem
from verify.engines.methods.base import check_work
from verify.input.model import TIME, symbol
from verify.checks import edge_search
from verify.engines import realsets
from verify.checks import relation as relation_check
from verify.checks import kit
from verify.engines.methods import METHODS
from verify.checks import run as run_check
from verify.checks import sign as sign_check
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome, short_text
from verify.checks.comparisons import OPERATORS, split_condition
from verify.checks.kind import ClaimKind

KEYS = {
    "domains", "samples", "method", "options", "initial", "steps", "holds", "holds_relations",
    "lhs", "op", "rhs", "expr", "sign", "exactly_when", "let", "assume", "digits",
}
DEFAULT_SAMPLES = 100
EDGES = [sympy.Rational(1, 10**6), sympy.Integer(10**6)]  # tiny and huge rationals are always among the draws


@dataclass
class Domain:
    name: str
    text: str
    symbol: sympy.Symbol  # with the domain's assumptions
    interval: sympy.Set | None  # the real set, None for integers
    strategy: object  # hypothesis strategy of exact values (sympy Rationals)


def _rationals(low, high, open_low=True, open_high=False):
    def make(value):
        return sympy.Rational(value.numerator, value.denominator)

    denominator = max([60] + [int(sympy.Rational(v).q) for v in (low, high)])  # the bounds themselves must be drawable
    strategy = st.fractions(min_value=low, max_value=high, max_denominator=denominator).map(make)
    if open_low:
        strategy = strategy.filter(lambda v: v != low)
    if open_high:
        strategy = strategy.filter(lambda v: v != high)
    return strategy


def parse_domain(name: str, text: str, claim) -> Domain:
    """``real``, ``positive``, ``nonnegative``, ``negative``, ``integer >= K``, ``interval(a, b)`` (open), ``closed(a, b)``."""
    words = " ".join(str(text).split())
    if words in ("real", "positive", "nonnegative", "negative"):
        assumptions = {"real": {"real": True}, "positive": {"positive": True}, "nonnegative": {"nonnegative": True}, "negative": {"negative": True}}[words]
        interval = {"real": sympy.S.Reals, "positive": sympy.Interval.open(0, sympy.oo), "nonnegative": sympy.Interval(0, sympy.oo),
                    "negative": sympy.Interval.open(-sympy.oo, 0)}[words]
        strategy = {
            "real": st.one_of(st.just(sympy.Integer(1)), _rationals(-10, 10, False), st.sampled_from(EDGES + [-e for e in EDGES])),
            "positive": st.one_of(st.just(sympy.Integer(1)), _rationals(0, 10), st.sampled_from(EDGES)),
            "nonnegative": st.one_of(_rationals(0, 10, False), st.just(sympy.Integer(0))),
            "negative": _rationals(0, 10).map(lambda v: -v),
        }[words]
        return Domain(name, words, sympy.Symbol(name, **assumptions), interval, strategy)
    match = re.fullmatch(r"integer\s*>=\s*(-?\d+)", words)
    if match:
        low = int(match.group(1))
        assumptions = {"integer": True}
        if low >= 1:
            assumptions["positive"] = True
        elif low >= 0:
            assumptions["nonnegative"] = True
        return Domain(name, words, sympy.Symbol(name, **assumptions), None, st.integers(low, low + 12).map(sympy.Integer))
    match = re.fullmatch(r"(interval|closed)\((.+),(.+)\)", words)
    if match:
        a, b = (claim.value(part.strip(), f"domains.{name}") for part in match.group(2, 3))
        if not (a.is_Rational and b.is_Rational and a < b):
            raise LoadError(f"domains.{name}: {words} needs rational bounds a < b")
        closed = match.group(1) == "closed"
        interval = sympy.Interval(a, b, not closed, not closed)
        return Domain(name, words, sympy.Symbol(name, real=True), interval, _rationals(a, b, not closed, not closed))
    raise LoadError(f"domains.{name}: unknown domain {text!r} (real, positive, nonnegative, negative, integer >= K, interval(a, b), closed(a, b))")


@dataclass(frozen=True)
class ForallSpec:
    domains: dict
    samples: int
    form: str  # run | relation | sign
    run_spec: object = None
    parameters: dict = field(default_factory=dict)
    lhs: object = None
    op: str = ""
    rhs: object = None
    expr: object = None
    sign: str = ""
    exactly_when: list | None = None  # [(lhs, op, rhs), ...] in the domain symbols, all of which must hold
    digits: int | None = None  # exactly_when's boundaries are printed to this many decimals
    lets: dict = field(default_factory=dict)  # Symbol -> its expression in the domain symbols
    assume: list = field(default_factory=list)  # [(lhs, op, rhs), ...]: instances outside are skipped


def prepare(claim: Claim) -> ForallSpec:
    table = claim.table
    raw = table.get("domains")
    if not isinstance(raw, dict) or not raw:
        raise LoadError("check 'forall' needs 'domains' (name -> domain)")
    for name in raw:
        claim.parameters.pop(name, None)  # a domain symbol is free, whatever the model's default
    domains = {name: parse_domain(name, text, claim) for name, text in raw.items()}
    claim.symbols.update({name: symbol(name) for name in domains if domains[name].interval is None})  # integer domains may be exponents
    samples = table.get("samples", DEFAULT_SAMPLES)
    if not isinstance(samples, int) or not 1 <= samples <= 10_000:
        raise LoadError("samples must be an integer from 1 to 10000")
    claim.symbols.update({name: symbol(name) for name in domains})
    spec = {"domains": domains, "samples": samples, "form": "", "parameters": dict(claim.parameters), "lets": {}, "assume": []}
    lets = table.get("let", {})
    if not isinstance(lets, dict):
        raise LoadError("'let' must be a table name -> expression (in order; each may use the earlier ones)")
    for name, text in lets.items():
        if name in domains or not name.isidentifier():
            raise LoadError(f"let.{name}: not a new name")
        value = _to_domain(claim.value(text, f"let.{name}"), domains).xreplace(spec["lets"])
        spec["lets"][symbol(name)] = value
        claim.symbols[name] = symbol(name)
    domains_and_lets = _DomainsAndLets(domains, spec["lets"])
    if "method" in table:
        spec["form"] = "run"
        spec["run_spec"] = _prepare_run(claim, domains_and_lets)
    elif "lhs" in table:
        spec["form"] = "relation"
        lhs, spec["op"], rhs = _free_relation(claim)
        spec["lhs"], spec["rhs"] = _to_domain(lhs, domains_and_lets), _to_domain(rhs, domains_and_lets)
    elif "expr" in table:
        spec["form"] = "sign"
        prepared = sign_check.prepare(claim)
        spec["expr"], spec["sign"] = _to_domain(prepared.expr, domains_and_lets), prepared.sign
    else:
        raise LoadError("check 'forall' needs a run (method, ...), a relation (lhs, op, rhs) or a sign (expr, sign)")
    if "exactly_when" in table:
        spec["exactly_when"] = _condition(claim, table["exactly_when"], domains_and_lets)
    if "digits" in table:
        digits = table["digits"]
        if spec.get("exactly_when") is None or not isinstance(digits, int) or isinstance(digits, bool) or not 0 <= digits <= 100:
            raise LoadError("in a forall claim, digits (an integer from 0 to 100) says to how many decimals exactly_when's boundaries are printed")
        spec["digits"] = digits
    assume = table.get("assume", [])
    if not isinstance(assume, list):
        raise LoadError("'assume' must be a list of conditions such as \"1 - gamma*h*J > 0\"")
    for text in assume:
        spec["assume"].extend(_condition(claim, text, domains_and_lets))
    return ForallSpec(**spec)


class _DomainsAndLets(dict):
    """The domains, carrying the let-definitions that _to_domain substitutes first."""

    def __init__(self, domains, lets):
        super().__init__(domains)
        self.lets = lets


def _to_domain(expression, domains):
    expression = expression.xreplace(getattr(domains, "lets", {}))
    return expression.xreplace({symbol(name): d.symbol for name, d in domains.items()})


def _free_relation(claim):
    for key in ("lhs", "op", "rhs"):
        if key not in claim.table:
            raise LoadError(f"a relation needs {key!r}")
    op = claim.table["op"]
    if op not in OPERATORS:
        raise LoadError(f"op must be one of {' '.join(OPERATORS)}")
    domains = {n: None for n in claim.table["domains"]}
    lhs, rhs = claim.value(claim.table["lhs"], "lhs"), claim.value(claim.table["rhs"], "rhs")
    extra = (lhs - rhs).free_symbols - {symbol(n) for n in domains} - set(claim.symbols.values())
    if extra:
        raise LoadError(f"{', '.join(sorted(map(str, extra)))} need a domain or a value")
    return lhs, op, rhs


def _condition(claim, text, domains):
    """'h > 1/4' or '-2 <= z <= 0' as a list of (lhs, op, rhs)."""
    if not isinstance(text, str):
        raise LoadError("exactly_when must be a string such as \"h > 1/4\" or \"-2 <= z <= 0\"")
    value = lambda part: _to_domain(claim.value(part.strip(), "exactly_when"), domains)  # noqa: E731
    parts = split_condition(text)
    if parts is None:
        raise LoadError("exactly_when must read 'lhs OP rhs' or 'a <= x <= b', e.g. \"h > 1/4\"")
    return [(value(a), op, value(b)) for a, op, b in parts]


def _prepare_run(claim, domains):
    """A run claim whose numbers may be expressions in the domain symbols."""
    table, model = claim.table, claim.model
    if model is None:
        raise LoadError("a forall run needs a model")
    method = METHODS.get(table.get("method"))
    if method is None:
        raise LoadError(f"unknown method {table.get('method')!r}")
    options = {name: _symbolic_option(claim, method, name, value, domains) for name, value in kit.claim_table(table, "options").items()}
    t0, y0 = kit.initial_values(claim, read=lambda claim, value, key: _to_domain(claim.value(value, key), domains))
    steps = _to_domain(claim.value(table.get("steps", 1), "steps"), domains)
    names = kit.result_names(model, method, {k: v for k, v in options.items() if isinstance(v, sympy.Basic)})
    calls = {"solution": kit.solution_call(model)}
    holds = [kit.read_comparison(claim, k, v, names, calls, "holds") for k, v in kit.claim_table(table, "holds").items()]
    relations = []
    for key, value in kit.claim_table(table, "holds_relations").items():
        comparison = kit.read_relation(claim, key, value, names, calls)
        relations.append(comparison)
    if not holds and not relations:
        raise LoadError("a forall run needs 'holds' or 'holds_relations'")
    for c in holds + relations:
        c.quantity, c.claimed = _to_domain(c.quantity, domains), _to_domain(c.claimed, domains)
    spec = run_check.RunSpec(method, options, t0, y0, steps, holds, [], {}, {}, None, dict(claim.parameters), {}, relations)
    sample = _instance_spec(spec, {d.symbol: _first_value(d) for d in domains.values()}, model)
    kit.validated(method, model, sample.options)
    return spec


def _first_value(domain):
    if domain.interval is None:
        return sympy.Integer(int(re.search(r"-?\d+", domain.text).group()))
    return {"real": sympy.Integer(1), "positive": sympy.Integer(1), "nonnegative": sympy.Integer(1), "negative": sympy.Integer(-1)}.get(
        domain.text, (domain.interval.inf + domain.interval.sup) / 2)


def _symbolic_option(claim, method, name, value, domains):
    if name in method.string_options:
        return value
    if isinstance(value, dict):
        return {k: _symbolic_option(claim, method, f"{name}.{k}", v, domains) for k, v in value.items()}
    if isinstance(value, list):
        return [_symbolic_option(claim, method, name, v, domains) for v in value]
    return _to_domain(claim.value(value, f"options.{name}"), domains)


def _substitute_deep(value, values):
    if isinstance(value, dict):
        return {k: _substitute_deep(v, values) for k, v in value.items()}
    if isinstance(value, list):
        return [_substitute_deep(v, values) for v in value]
    return value.xreplace(values) if isinstance(value, sympy.Basic) else value


def _instance_spec(spec, values, model):
    """The run spec with every domain symbol replaced by an exact value."""
    def concrete(c):
        copy_ = copy.copy(c)
        copy_.quantity, copy_.claimed = c.quantity.xreplace(values), c.claimed.xreplace(values)
        return copy_

    steps = spec.steps.xreplace(values)
    return run_check.RunSpec(
        spec.method, _substitute_deep(spec.options, values), spec.t0.xreplace(values), [v.xreplace(values) for v in spec.y0],
        int(steps) if steps.is_Integer else steps, [concrete(c) for c in spec.expect], [], {}, {}, None,
        {**spec.parameter_values, **{str(k): v for k, v in values.items()}}, {}, [concrete(c) for c in spec.relations],
    )


# --- evaluation ------------------------------------------------------------------------------


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec = claim.spec
    over = ", ".join(f"{n} {d.text}" for n, d in spec.domains.items())
    proof = {"run": _prove_run, "relation": _prove_relation, "sign": _prove_sign}[spec.form]
    try:
        outcome = proof(claim, spec, over)
    except (symbolic.SymbolicUnavailable, NotImplementedError, ValueError, TypeError) as exc:
        outcome, reason = None, _one_line(exc)
    else:
        reason = "sympy could not prove it"
    if outcome is not None:
        return outcome
    if spec.exactly_when is not None:  # a refutation must be a point where claim and truth differ: never sampled
        raise CheckError(f"cannot prove the set where it holds ({reason}); 'exactly_when' needs a symbolic proof")
    for values in _simple_instances(spec):  # most wrong claims already fail at a simple instance
        if _assumed(spec, values):
            outcome = _instance_outcome(claim, spec, values)
            if outcome.status == "refuted":
                return _counterexample(values, outcome, spec.form)
    return _sample(claim, spec, over, reason)


def _simple_values(domain) -> list:
    """A few simple exact values of a domain, simplest first."""
    first = _first_value(domain)
    if domain.interval is None:
        return [first, first + 1, first + 2]
    if domain.text in ("real", "positive", "nonnegative", "negative"):
        sign = -1 if domain.text == "negative" else 1
        return [first] + [sign * sympy.Rational(v) for v in ("1/2", "2", "1/10")]
    a, b = domain.interval.inf, domain.interval.sup
    return [first] + [a + (b - a) / k for k in (4, 8, 32)]


SIMPLE_INSTANCES = 24  # simple instances tried before hypothesis samples


def _simple_instances(spec):
    """Combinations of simple values, the simplest (smallest index sum) first."""
    names = list(spec.domains)
    choices = [_simple_values(spec.domains[n]) for n in names]
    combos = sorted(itertools.product(*[range(len(c)) for c in choices]), key=lambda idx: (sum(idx), idx))
    for idx in combos[:SIMPLE_INSTANCES]:
        yield {n: choices[k][i] for k, (n, i) in enumerate(zip(names, idx))}


def _counterexample(values, outcome, form):
    at = ", ".join(f"{k} = {v}" for k, v in values.items())
    pairs = ", ".join(f'{k} = "{v}"' for k, v in values.items())
    replay = f"a run claim with cases = [{{{pairs}}}]" if form == "run" else f"a {form} claim with parameters = {{{pairs}}}"
    return Outcome("refuted", outcome.evidence, f"counterexample {at}: {outcome.message} (replay as {replay})",
                   outcome.computed, [f"counterexample {at}"] + outcome.derivation)


def _one_line(exc) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _prove_run(claim, spec, over):
    rs, model = spec.run_spec, claim.model
    substitutions = {symbol(p): v for p, v in rs.parameter_values.items()}
    substitutions.update({symbol(n): d.symbol for n, d in spec.domains.items()})
    system = SymbolicSystem(model, substitutions)
    t_end, y_end = symbolic.n_steps(rs.method, system, rs.options, rs.t0, rs.y0, rs.steps)
    values = {symbol(TIME): t_end}
    values.update({symbol(s): v for s, v in zip(model.variables, y_end)})
    values.update(kit.constant_values(model, rs))
    values.update({symbol(n): d.symbol for n, d in spec.domains.items()})
    derivation = [f"closed form after {rs.steps} macro steps: t = {t_end}"] + [f"  {s} = {sympy.factor(v)}" for s, v in zip(model.variables, y_end)]
    proved = []
    for comparison in rs.expect:
        difference = _reduced((comparison.quantity - comparison.claimed).subs(values), lambda d: d == 0)
        derivation.append(f"{comparison.text} - ({comparison.claimed_text}) = {difference}")
        if difference != 0:
            return None
        proved.append(f"{comparison.text} = {comparison.claimed_text}")
    for comparison in rs.relations:
        difference = _reduced((comparison.quantity - comparison.claimed).subs(values), lambda d: _decided(d, comparison.op) is True)
        truth = _decided(difference, comparison.op)
        derivation.append(f"{comparison.text} - ({comparison.claimed_text}) = {difference}: {comparison.op} 0 is {truth}")
        if truth is not True:
            return None
        proved.append(f"{comparison.text} {comparison.op} {comparison.claimed_text}")
    return Outcome("verified", "symbolic", f"for all {over}: " + "; ".join(proved) + " (closed form of the run, sympy)", {}, derivation)


SIMPLIFY_MAX_OPS = 200  # sympy.simplify is tried only on differences this small: on larger ones it costs seconds to minutes


def _reduced(difference, settled):
    """The difference in the form that settles the claim if any does.  A rational function: ``cancel`` (p/q in
    lowest terms over QQ, zero exactly when the difference is identically zero), then its ``factor``ed form (where
    the sign of each factor may be known).  With sqrt, exp, ...: as it is, or ``simplify``d when it is small.
    ``settled(d)`` says whether a form decides the claim."""
    if difference.is_rational_function():
        reduced = sympy.cancel(difference)
        if settled(reduced):
            return reduced
        factored = sympy.factor(reduced)
        return factored if settled(factored) else reduced
    if settled(difference) or sympy.count_ops(difference) > SIMPLIFY_MAX_OPS:
        return difference
    return sympy.simplify(difference)


def _decided(difference, op):
    """True or False when sympy's assumptions decide ``difference OP 0``, else None."""
    return {"<": difference.is_negative, "<=": difference.is_nonpositive, ">": difference.is_positive,
            ">=": difference.is_nonnegative, "==": difference.is_zero, "!=": difference.is_nonzero}[op]


def _solve_set(relation_expr, domain):
    variable = domain.symbol
    return sympy.solve_univariate_inequality(relation_expr, variable, relational=False).intersect(domain.interval)


def _relation_expr(lhs, op, rhs):
    return {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge, "==": sympy.Eq, "!=": sympy.Ne}[op](lhs, rhs, evaluate=False)


def _single_real_domain(spec, expressions):
    free = set().union(*(e.free_symbols for e in expressions))
    domains = [d for d in spec.domains.values() if d.symbol in free]
    if len(domains) != 1 or domains[0].interval is None:
        return None
    return domains[0]


def _prove_relation(claim, spec, over):
    lhs, op, rhs = _to_domain(spec.lhs, spec.domains), spec.op, _to_domain(spec.rhs, spec.domains)
    domain = _single_real_domain(spec, [lhs, rhs])
    if domain is None:
        difference = _reduced(lhs - rhs, lambda d: _decided(d, op) is True)  # several symbols: sympy's assumptions may still decide
        truth = _decided(difference, op)
        if truth and spec.exactly_when is None:
            return Outcome("verified", "symbolic", f"{claim.table['lhs']} {op} {claim.table['rhs']} for all {over} (sympy: lhs - rhs = {short_text(difference)})",
                           {}, [f"lhs - rhs = {difference}; sympy's assumptions decide {op} 0"])
        return None
    holds_on = _relation_set(lhs, op, rhs, domain)
    _check_against_evaluation(holds_on, lhs, op, rhs, domain)
    return _compare_sets(claim, spec, domain, holds_on, f"{claim.table['lhs']} {op} {claim.table['rhs']}", over)


def _relation_set(lhs, op, rhs, domain):
    """Where lhs OP rhs holds in the domain.  |P| <= c is solved as -c <= P <= c (and |P| >= c as P >= c or
    P <= -c): sympy's solver on the polynomial pieces, where its answer for |P| itself can be wrong
    (sympy 1.14 gives [z0, oo) for |1 + z + ... + z^5/120| <= 1)."""
    def solved(left, right):
        exact = realsets.polynomial_set(sympy.expand(left - right), op, domain.symbol)
        return exact.intersect(domain.interval) if exact is not None else _solve_set(_relation_expr(left, op, right), domain)

    if isinstance(lhs, sympy.Abs) and not rhs.has(sympy.Abs) and op in ("<", "<=", ">", ">="):
        inner = lhs.args[0]
        if op in ("<", "<="):
            return solved(inner, rhs).intersect(solved(-inner, rhs))
        return solved(inner, rhs).union(solved(-inner, rhs))
    return solved(lhs, rhs)


def _check_against_evaluation(holds_on, lhs, op, rhs, domain):
    """The solver's set, evaluated exactly at a rational point in every gap between its boundaries and beyond
    them: a disagreement means the solver is wrong here, and the claim cannot be decided this way."""
    for point in realsets.test_points(holds_on):
        if not point.is_Rational or not realsets.contains(domain.interval, point):
            continue
        value = (lhs - rhs).xreplace({domain.symbol: point})
        if not value.is_Rational:
            continue
        direct = OPERATORS[op](sympy.sign(value), 0)
        if direct != realsets.contains(holds_on, point):
            raise CheckError(f"sympy's inequality solver gives {holds_on}, but at {domain.name} = {point} the relation "
                             f"{'holds' if direct else 'fails'} (lhs - rhs = {value}): cannot decide the set exactly")


def _compare_sets(claim, spec, domain, holds_on, what, over):
    region = domain.interval  # the domain, cut down by the 'assume' conditions
    for condition in spec.assume:
        if (condition[0] - condition[2]).free_symbols - {domain.symbol}:
            return None  # an assumption on other symbols: leave it to sampling
        region = region.intersect(_solve_set(_relation_expr(*condition), domain))
    domain = Domain(domain.name, domain.text, domain.symbol, region, domain.strategy)
    holds_on = holds_on.intersect(region)
    derivation = [f"{what} holds for {domain.name} in {holds_on} (sympy's inequality solver), domain {domain.interval}"]
    computed = {"holds_on": str(holds_on)}
    if spec.exactly_when is not None:
        wanted = domain.interval
        for condition in spec.exactly_when:
            wanted = wanted.intersect(_solve_set(_relation_expr(*condition), domain))
        condition = f"{claim.table['exactly_when']}"
        notes = []
        if spec.digits is not None:
            wanted, notes = realsets.snap_to_digits(wanted, holds_on, spec.digits)
            derivation += notes
        point = realsets.difference_point(wanted, holds_on)
        digits_note = f" ({'; '.join(notes)})" if notes else ""
        if point is None:
            return Outcome("verified", "symbolic", f"{what} holds exactly when {condition}, for {over}: the set is {holds_on}{digits_note} "
                           "(boundaries compared exactly)", computed, derivation)
        inside = realsets.contains(holds_on, point)
        return Outcome("refuted", "symbolic", f"claimed {what} exactly when {condition} ({wanted}); computed: it holds on {holds_on}, "
                       f"e.g. at {domain.name} = {point} it {'holds' if inside else 'fails'} although the claim says it {'fails' if inside else 'holds'}",
                       computed, derivation)
    if holds_on == domain.interval:
        assumed = f" with {', '.join(claim.table.get('assume', []))}" if spec.assume else ""
        return Outcome("verified", "symbolic", f"{what} for all {over}{assumed} (it holds on {holds_on})", computed, derivation)
    point = _point_in(domain.interval - holds_on)
    return Outcome("refuted", "symbolic", f"claimed {what} for all {over}; computed: it holds only on {holds_on}"
                   + (f", fails at {domain.name} = {point}" if point is not None else ""), computed, derivation)


def _point_in(region: sympy.Set):
    """A simple rational point of a union of intervals (or a finite set), if there is one."""
    pieces = region.args if isinstance(region, sympy.Union) else [region]
    for piece in pieces:
        if isinstance(piece, sympy.FiniteSet) and piece.args:
            return piece.args[0]
        if isinstance(piece, sympy.Interval):
            a, b = piece.inf, piece.sup
            if a.is_finite and b.is_finite:
                middle = (a + b) / 2
                return middle if middle.is_Rational else sympy.nsimplify(sympy.Float(middle, 10), rational=True)
            if a.is_finite:
                return sympy.floor(a) + 1
            if b.is_finite:
                return sympy.ceiling(b) - 1
            return sympy.Integer(0)
    return None


def _prove_sign(claim, spec, over):
    """Where is the quadratic form semidefinite? Principal minors of its Gram matrix, solved in the one parameter."""
    factor, strict = sign_check.SIGNS[spec.sign]
    q = sympy.expand(factor * spec.expr)
    domain_symbols = {d.symbol for d in spec.domains.values()}
    variables = sorted(q.free_symbols - domain_symbols, key=str)
    domain = _single_real_domain(spec, [q])
    if domain is None or not variables:
        return None
    polynomial = sympy.Poly(q, *variables)
    if polynomial.total_degree() > 2:
        return None
    M, _ = sign_check.gram_matrix(polynomial, len(variables))
    M = sympy.Matrix(M)
    n = M.shape[0]
    if strict:
        minors = [M[:k, :k].det() for k in range(1, n + 1)]
        conditions = [sympy.Gt(sympy.expand(m), 0) for m in minors]
    else:
        minors = [M.extract(list(idx), list(idx)).det() for k in range(1, n + 1) for idx in itertools.combinations(range(n), k)]
        conditions = [sympy.Ge(sympy.expand(m), 0) for m in minors if sympy.expand(m).free_symbols]
        if any(not sympy.expand(m).free_symbols and m < 0 for m in minors):
            conditions = [sympy.false]
    holds_on = domain.interval
    for condition in conditions:
        holds_on = holds_on.intersect(sympy.S.EmptySet if condition is sympy.false else _solve_set(condition, domain))
    what = f"{claim.table['expr']} is {spec.sign} for all real {', '.join(map(str, variables))}"
    outcome = _compare_sets(claim, spec, domain, holds_on, what, over)
    if outcome is None:
        return None
    outcome.derivation.insert(0, f"Gram matrix {M.tolist()}; {'leading' if strict else 'all'} principal minors: {[sympy.factor(m) for m in minors]}")
    return outcome


# --- exact sampling with hypothesis ------------------------------------------------------------


class _Violation(Exception):
    """An instance where the statement fails (its values and outcome)."""


def _sample(claim, spec, over, reason):
    """Test the statement on exact instances: the edges and corners of the domains, draws by hypothesis
    (a violation is shrunk), then a descent on the margin from the tightest instances (verify.checks.edge_search)."""
    if spec.exactly_when is not None:
        raise CheckError(f"cannot prove the set where it holds ({reason}); 'exactly_when' needs a symbolic proof")
    tried = {"edge": 0, "drawn": 0, "descent": 0}
    failures, seen = [], []  # seen: (margin, relation, values) of every counted instance with a margin

    def check_instance(values, phase):
        """The instance's margin (None when it does not count); a failure is recorded and raised."""
        if not _assumed(spec, values):
            return None
        outcome = _instance_outcome(claim, spec, values)
        if outcome.status == "error":
            raise CheckError(outcome.message)
        tried[phase] += 1
        if outcome.status == "refuted":
            failures.append((dict(values), outcome))
            raise _Violation()
        if not outcome.margins:
            return None
        text, margin = min(outcome.margins.items(), key=lambda item: item[1])
        seen.append((margin, text, dict(values)))
        return margin

    centre = {name: _first_value(d) for name, d in spec.domains.items()}
    try:
        for values in edge_search.edge_instances(spec.domains, centre, max(spec.samples, 16), large_integers=spec.form != "run"):
            check_instance(values, "edge")
    except _Violation:
        return _counterexample(*failures[-1], spec.form)

    strategies = {name: d.strategy for name, d in spec.domains.items()}

    @settings(max_examples=spec.samples, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck), print_blob=False)
    @given(**strategies)
    def probe(**values):
        if not _assumed(spec, values):
            assume(False)
        try:
            check_instance(values, "drawn")
        except _Violation:
            raise AssertionError(failures[-1][1].message) from None

    with with_reporter(lambda text: None):
        try:
            probe()
        except AssertionError:
            return _counterexample(*failures[-1], spec.form)  # hypothesis replays the shrunk example last
    starts = [(values, margin) for margin, _, values in sorted(seen, key=lambda item: item[0])[:3]]
    try:
        edge_search.descend(spec.domains, starts, lambda values: check_instance(values, "descent"), max(spec.samples, 16))
    except _Violation:
        return _counterexample(*failures[-1], spec.form)
    total = sum(tried.values())
    if total == 0:
        raise CheckError("no instance satisfied the assumptions")
    margin_text = ""
    if seen:
        margin, text, values = min(seen, key=lambda item: item[0])
        margin_text = f"; worst relative margin {margin:.4g} for {text} at " + ", ".join(f"{k} = {v}" for k, v in values.items())
    counts = f"{tried['edge']} at the domains' edges and corners, {tried['drawn']} drawn by hypothesis, {tried['descent']} on a descent of the margin"
    return Outcome("verified", "numerical", f"held on {total} exact instances ({counts}) from {over}{margin_text} (not a proof: {reason})",
                   {"instances": str(total)}, [f"{total} instances ({counts}), every one verified exactly"])


def _assumed(spec, values) -> bool:
    """Does the instance satisfy every 'assume' condition (decided exactly, or by interval arithmetic)?"""
    symbols = {spec.domains[name].symbol: value for name, value in values.items()}
    for lhs, op, rhs in spec.assume:
        difference = (lhs - rhs).xreplace(symbols)
        sign = sympy.sign(difference) if difference.is_Rational else crosscheck.certify_sign(difference)[0]
        if sign is None or not OPERATORS[op](sign, 0):
            return False
    return True


def _instance_outcome(claim, spec, values):
    # an instance is a sub-evaluation: it draws no picture, so it runs in the default context
    symbols = {spec.domains[name].symbol: value for name, value in values.items()}
    instance = copy.copy(claim)
    if spec.form == "run":
        instance.spec = _instance_spec(spec.run_spec, symbols, claim.model)
        steps = instance.spec.steps
        if not (isinstance(steps, int) and 1 <= steps <= run_check.MAX_COUNT):
            return Outcome("verified", "exact", "outside the run's range")
        try:
            instance.spec.method.validate(claim.model, instance.spec.options)
        except run_check.MethodError:
            return Outcome("verified", "exact", "instance outside the method's options")
        try:
            check_work(instance.spec.method, instance.spec.options, steps)
        except run_check.MethodError as exc:
            return Outcome("error", None, f"at {', '.join(f'{k} = {v}' for k, v in values.items())}: {exc}")
        try:
            return run_check.evaluate(instance, DEFAULT_CONTEXT)
        except CheckError as exc:
            return Outcome("error", None, str(exc))
    if spec.form == "relation":
        instance.spec = relation_check.RelationSpec(_to_domain(spec.lhs, spec.domains).xreplace(symbols), spec.op,
                                                    _to_domain(spec.rhs, spec.domains).xreplace(symbols))
        return relation_check.evaluate(instance, DEFAULT_CONTEXT)
    instance.spec = sign_check.SignSpec(spec.expr.xreplace(symbols), spec.sign)
    return sign_check.evaluate(instance, DEFAULT_CONTEXT)


__all__ = ["KEYS", "prepare", "evaluate"]


KIND = ClaimKind("forall", KEYS, prepare, evaluate, spec_types=(ForallSpec,))
