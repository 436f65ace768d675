"""A forall claim read at load time: its domains, its form (a run, a relation or a sign claim), its conditions
(``assume``, ``exactly_when``) and the run it states, into a frozen ForallSpec; an instance's run spec."""
from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass, field

import sympy

from verify.input import expr as expressions
from verify.input.load import Claim, LoadError
from verify.input.model import RESERVED, TIME, symbol
from verify.engines.methods.base import MAX_COUNT
from verify.checks import kit
from verify.errors import InstanceTooLarge
from verify.engines.methods import METHODS
from verify.engines.symbolic import substitute_deep
from verify.checks import run as run_check
from verify.checks import rounding
from verify.checks import sign as sign_check
from verify.checks.comparisons import OPERATORS, split_condition
from verify.checks.forall.domains import DEFAULT_SAMPLES, DomainsAndLets, first_value, parse_domain, substitute_lets, to_domain


KEYS = {
    "domains", "samples", "method", "options", "initial", "steps", "holds", "holds_relations",
    "lhs", "op", "rhs", "expr", "sign", "exactly_when", "let", "assume", "digits", "rounding",
}


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
    exactly_when: list | None = None  # [[(lhs, op, rhs), ...], ...] in the domain symbols: 'A or B', each alternative's
    # conditions all holding
    digits: int | None = None  # exactly_when's boundaries are printed to this many decimals
    rounding: str | None = None  # by this rule (verify.checks.rounding; None: one rule prints them all)
    lets: dict = field(default_factory=dict)  # Symbol -> its expression in the domain symbols
    assume: list = field(default_factory=list)  # [(lhs, op, rhs), ...]: instances outside are skipped
    guards: list = field(default_factory=list)  # (kind, argument) where a text as written is undefined and its reading is
    # not (x/x read as 1: ("denominator", x)): a zero (denominator, log) or negative value (root, log) inside the domains is sought


def prepare(claim: Claim) -> ForallSpec:
    """The claim read over its domains.  A text whose reading cancels a singularity (x/x, (1 - h)**2/(1 - h), a let
    q = 1/x used as q*x) is not refused, as elsewhere, but kept as a guard: the claim is an error where a guard has a
    pole or is not real inside the domains (and their assumptions), and read as usual where it has none there
    ((1 - h)**2/(1 - h) on interval(0, 1/2); x/x with assume x > 0)."""
    claim.guards = []
    try:
        spec = _prepare(claim)
        lost = list(claim.guards)
    finally:
        claim.guards = None
    within = DomainsAndLets(spec.domains, spec.lets)  # a guard whose own let values cancel again is refused
    symbols = {d.symbol for d in spec.domains.values()}
    guards = []
    signed = _signed_symbols(spec.domains)
    for item in lost:
        argument = to_domain(item.argument, within)
        if expressions.harmless(item.kind, argument.xreplace(signed)):  # k/m under a root with k, m in interval(1, 4): never negative
            continue
        if not (item.decidable and expressions.decidable(item.kind, argument)) or not argument.free_symbols <= symbols:
            raise LoadError(item.message)  # in the run's states (y**N*y**(-N) of a run), or not a polynomial the pole and
            # not-real searches solve (a let a = abs(x) - 1 in a/a, a root of x*y): not decided over the domains
        guards.append((item.kind, argument))
    return dataclasses.replace(spec, guards=guards)


def _signed_symbols(domains) -> dict:
    """Each domain symbol whose interval has one sign -> a Dummy that carries it (positive, nonnegative, negative,
    nonpositive), so that sympy's assumptions can settle a guard: k/m > 0 for k, m in interval(1, 4)."""
    signed = {}
    for domain in domains.values():
        interval = domain.interval
        if interval is None:  # integer >= K
            low = first_value(domain)
            signed[domain.symbol] = sympy.Dummy(domain.name, integer=True, positive=True) if low > 0 else \
                sympy.Dummy(domain.name, integer=True, nonnegative=True) if low == 0 else domain.symbol
            continue
        a, b = interval.inf, interval.sup
        if a > 0 or a == 0 and interval.left_open:
            signed[domain.symbol] = sympy.Dummy(domain.name, positive=True)
        elif a >= 0:
            signed[domain.symbol] = sympy.Dummy(domain.name, nonnegative=True)
        elif b < 0 or b == 0 and interval.right_open:
            signed[domain.symbol] = sympy.Dummy(domain.name, negative=True)
        elif b <= 0:
            signed[domain.symbol] = sympy.Dummy(domain.name, nonpositive=True)
    return signed


def _prepare(claim: Claim) -> ForallSpec:
    table = claim.table
    raw = table.get("domains")
    if not isinstance(raw, dict) or not raw:
        raise LoadError("check 'forall' needs 'domains' (name -> domain)")
    taken = set(claim.model.variables) | {TIME} if claim.model is not None else set()
    for name in [*raw, *(table.get("let") or {} if isinstance(table.get("let"), dict) else {})]:
        if name in RESERVED - {TIME}:  # a let pi = x + 1 put x + 1 where an earlier entry's pi meant the constant (a review of 2026-12-07)
            raise LoadError(f"{'domains' if name in raw else 'let'}.{name}: {name} is reserved (pi is the constant, and "
                            f"{', '.join(sorted(RESERVED - {TIME, 'pi'}))} are functions); give the symbol a name of its own")
        if name in taken:  # the closed form's values of the run would be replaced by the symbol (y = y was proved)
            raise LoadError(f"{'domains' if name in raw else 'let'}.{name}: {name} is the model's {'time' if name == TIME else 'variable'}; "
                            "give the symbol a name of its own (an initial value is set in 'initial')")
    for name in raw:
        claim.parameters.pop(name, None)  # a domain symbol is free, whatever the model's default
    overrides = table.get("parameters") if isinstance(table.get("parameters"), dict) else {}
    for name, text in overrides.items():  # read at load time, before the domains: a domain named there took its default
        named = _names_in(text) & set(raw) if isinstance(text, str) else set()
        if named:  # (b = "a" ran with a's default 1; review of 2026-12-05)
            raise LoadError(f"parameters.{name} = {text!r} names the domain symbol(s) {', '.join(sorted(named))}: a "
                            "parameter's value is a number; give the symbol a domain of its own (and relate the two with 'assume'), "
                            "or write the expression where it is used")
    model_parameters = set(claim.model.parameters) if claim.model is not None else set()
    for name in (table.get("let") or {} if isinstance(table.get("let"), dict) else {}):
        if name in model_parameters and name not in raw:  # let k = 2c beside a model with k: the run kept k's default
            raise LoadError(f"let.{name}: {name} is a parameter of the model {claim.model.name!r}, and a let does not change the model "
                            f"(its run would keep {name}'s value); give {name} a domain instead, or a name of its own")
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
        value = substitute_lets(to_domain(claim.value(text, f"let.{name}"), domains), spec["lets"], claim.guards)
        spec["lets"][symbol(name)] = value
        claim.symbols[name] = symbol(name)
    domains_and_lets = DomainsAndLets(domains, spec["lets"], claim.guards)
    if "method" in table:
        spec["form"] = "run"
        spec["run_spec"] = _prepare_run(claim, domains_and_lets)
    elif "lhs" in table:
        spec["form"] = "relation"
        lhs, spec["op"], rhs = _free_relation(claim)
        spec["lhs"], spec["rhs"] = to_domain(lhs, domains_and_lets), to_domain(rhs, domains_and_lets)
    elif "expr" in table:
        spec["form"] = "sign"
        prepared = sign_check.prepare(claim)
        spec["expr"], spec["sign"] = to_domain(prepared.expr, domains_and_lets), prepared.sign
    else:
        raise LoadError("check 'forall' needs a run (method, ...), a relation (lhs, op, rhs) or a sign (expr, sign)")
    if "exactly_when" in table:
        if len(domains) != 1:  # (a review of 2026-12-07: two symbols ended in "cannot prove the set", which did not say why)
            raise LoadError(f"exactly_when states the set of one parameter where the statement holds; this claim has {len(domains)} "
                            f"({', '.join(domains)}): give the others values under parameters, or state it for every value")
        spec["exactly_when"] = _condition(claim, table["exactly_when"], domains_and_lets)
    if "digits" in table:
        digits = table["digits"]
        if spec.get("exactly_when") is None or not isinstance(digits, int) or isinstance(digits, bool) or not 0 <= digits <= 100:
            raise LoadError("in a forall claim, digits (an integer from 0 to 100) says to how many decimals exactly_when's boundaries are printed")
        spec["digits"] = digits
        spec["rounding"] = rounding.rounding_rule(table, digits)
    elif "rounding" in table:
        raise LoadError("'rounding' goes with 'digits' (the number of decimals exactly_when's boundaries are printed to)")
    assume = table.get("assume", [])
    if not isinstance(assume, list):
        raise LoadError("'assume' must be a list of conditions such as \"1 - gamma*h*J > 0\"")
    for text in assume:
        alternatives = _condition(claim, text, domains_and_lets)
        if len(alternatives) > 1:
            raise LoadError(f"an 'assume' condition is one relation or a chain such as \"0 < h < 1\", not alternatives joined by "
                            f"'or': {text!r}")
        spec["assume"].extend(alternatives[0])
    return ForallSpec(**spec)


def _names_in(text: str) -> set:
    """The names a parameter's text uses (its words, as the expression reader splits them)."""
    return set(re.findall(r"(?<![\w.])[A-Za-z_][A-Za-z0-9_]*", text))  # not the e of 1e-3 or 2.5e3


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
    """'h > 1/4', '-2 <= z <= 0', or several joined by 'or' (a union: '-2 <= z <= -1 or 1 <= z <= 2', as stable_when
    reads them), as a list of alternatives, each a list of (lhs, op, rhs) that must all hold."""
    if not isinstance(text, str):
        raise LoadError("exactly_when must be a string such as \"h > 1/4\" or \"-2 <= z <= 0\"")
    value = lambda part: to_domain(claim.value(part.strip(), "exactly_when"), domains)  # noqa: E731
    alternatives = []
    for alternative in re.split(r"\s+or\s+", text.strip()):  # 'or' is a keyword: never a symbol's name
        parts = split_condition(alternative)
        if parts is None:
            raise LoadError("exactly_when must read 'lhs OP rhs' or 'a <= x <= b' (several joined by 'or'), e.g. \"h > 1/4\"")
        alternatives.append([(value(a), op, value(b)) for a, op, b in parts])
    return alternatives


def _prepare_run(claim, domains):
    """A run claim whose numbers may be expressions in the domain symbols."""
    table, model = claim.table, claim.model
    if model is None:
        raise LoadError("a forall run needs a model")
    method = METHODS.get(table.get("method"))
    if method is None:
        raise LoadError(kit.unknown_method(table.get("method")))
    options = {name: _symbolic_option(claim, method, name, value, domains) for name, value in kit.claim_table(table, "options").items()}
    t0, y0 = kit.initial_values(claim, read=lambda claim, value, key: to_domain(claim.value(value, key), domains))
    steps = to_domain(claim.value(table.get("steps", 1), "steps", model_names=False), domains)  # (the domains and parameters:
    # not the model's t and states, which a step count cannot use; a review of 2026-12-07)
    if not (steps.is_integer and steps.is_nonnegative):  # by the domains' assumptions: N + 1 for N >= 0, 2*N, N**2
        raise LoadError(f"steps = {steps} must be a whole number of steps >= 0 for every value of the domains "
                        "(give its symbols 'integer >= K' domains)")
    if steps.is_Integer and steps > MAX_COUNT:  # as a run claim refuses it (a review of 2026-12-06: 10^9 ran to the limits)
        raise LoadError(f"steps must be at most {MAX_COUNT}, got {steps}")
    names = kit.result_names(model, method, {k: v for k, v in options.items() if isinstance(v, sympy.Basic)})
    calls = {"solution": kit.solution_call(model, (kit.parameter_substitutions(claim), t0, y0))}
    kit.refuse_shadowed_names(claim, names, calls, options, ("holds", "holds_relations"), method)
    holds = [kit.read_comparison(claim, k, v, names, calls, "holds") for k, v in kit.claim_table(table, "holds").items()]
    relations = []
    for key, value in kit.claim_table(table, "holds_relations").items():
        comparison = kit.read_relation(claim, key, value, names, calls)
        relations.append(comparison)
    if not holds and not relations:
        raise LoadError("a forall run needs 'holds' or 'holds_relations'")
    for c in holds + relations:
        c.quantity, c.claimed = to_domain(c.quantity, domains), to_domain(c.claimed, domains)
    decisions = {symbol(name) for name in run_check.DECISION_QUANTITIES}
    decision_margin = any(decisions & c.quantity.free_symbols for c in holds + relations)  # accepted = 1 over a range: a
    # 0/1 value has no margin, and a thin window of rejection was never found (a review of 2026-12-06)
    spec = run_check.RunSpec(method, options, t0, y0, steps, holds, [], {}, {}, None, dict(claim.parameters), {}, relations,
                             decision_margin=decision_margin)
    kit.validated(method, model, substitute_deep(options, {d.symbol: first_value(d) for d in domains.values()}))
    return spec


def _symbolic_option(claim, method, name, value, domains):
    if name in method.string_options:
        return value
    if isinstance(value, dict):
        return {k: _symbolic_option(claim, method, f"{name}.{k}", v, domains) for k, v in value.items()}
    if isinstance(value, list):
        return [_symbolic_option(claim, method, name, v, domains) for v in value]
    return to_domain(claim.value(value, f"options.{name}"), domains)


def instance_substitution(expression, values):
    """``expression`` at one instance, ``values`` substituted by verify.input.expr.bounded_substitution:
    InstanceTooLarge (naming the instance) when a power with a symbolic exponent, or an exact argument of exp, sin, ..., would be too
    large to write exactly there."""
    try:
        return expressions.bounded_substitution(expression, values)
    except expressions.ExprError as exc:
        at = ", ".join(f"{k} = {v}" for k, v in values.items())
        raise InstanceTooLarge(f"at {at}, {exc}") from None


def instance_spec(spec, values, model):
    """The run spec with every domain symbol replaced by an exact value (InstanceTooLarge when a claimed value there would
    be a power too large to write exactly: instance_substitution)."""
    def concrete(c):
        copy_ = copy.copy(c)
        copy_.quantity, copy_.claimed = instance_substitution(c.quantity, values), instance_substitution(c.claimed, values)
        return copy_

    steps = spec.steps.xreplace(values)
    return run_check.RunSpec(
        spec.method, substitute_deep(spec.options, values), spec.t0.xreplace(values), [v.xreplace(values) for v in spec.y0],
        int(steps) if steps.is_Integer else steps, [concrete(c) for c in spec.expect], [], {}, {}, None,
        {**spec.parameter_values, **{str(k): v for k, v in values.items()}}, {}, [concrete(c) for c in spec.relations],
        decision_margin=spec.decision_margin,
    )
