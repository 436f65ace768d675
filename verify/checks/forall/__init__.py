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

import itertools

import sympy

from verify.engines import symbolic
from verify.input.load import Claim
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome
from verify.checks.kind import ClaimKind
from verify.checks.forall.domains import simple_values, first_value, simple_instances, to_domain
from verify.checks.forall.proofs import ClosedForm, holds_nowhere, prove_relation, prove_run, prove_sign
from verify.checks.forall.reading import ForallSpec, KEYS, prepare
from verify.checks.forall.sampling import ClosedFormInstances, assumed, counterexample, instance_outcome, one_line, sample


SEARCHED_POINTS = 64  # values of the other symbols tried when a pole's factor has several (_probe_values, combined)


def _undefined_point(spec) -> str | None:
    """A point inside the domains where a claimed value or compared quantity of a run (or a relation's side) is not
    defined, as text (``lam = -1``); None when none is found.  Poles are the zeros of the factors of a denominator,
    and of the base of a power whose exponent has symbols where that exponent is negative (((N - r)/N)^(N - 2) at
    N = r = 1).  A factor in one domain symbol: its real roots in that domain; in several: each symbol solved for at
    a few values of the others (_probe_values: simple ones and far out), a root in its domain kept.  A point that an
    'assume' condition excludes does not count.  The closed form of the run is an identity away from such points,
    so a proof would say the claim holds where its value does not exist (review findings: ((1 + lam h)^N -
    (1 - h)^N)/(lam + 1) for every real lam, (x^2 - y^2)/(x - y) = x + y, a backward Euler step 1/(1 - lam h))."""
    domains = {d.symbol: d for d in spec.domains.values()}
    if spec.form == "run":
        expressions = [e for c in [*spec.run_spec.expect, *spec.run_spec.relations] for e in (c.claimed, c.quantity)]
    elif spec.form == "relation":
        expressions = [to_domain(spec.lhs, spec.domains), to_domain(spec.rhs, spec.domains)]
    else:
        return None
    for expression in expressions:
        for factor, exponent in _pole_factors(expression):
            point = _zero_in_domains(factor, exponent, domains, spec)
            if point is not None:
                return ", ".join(f"{domains[s].name} = {v}" for s, v in point.items())
    return None


def _pole_factors(expression) -> list:
    """(factor, exponent): the factors of the denominator (exponent None: a pole wherever the factor vanishes) and of
    the numerator of the base of a power with a symbolic exponent (a pole where that exponent is negative)."""
    found = []

    def factors(polynomial):
        try:
            return [f for f, _ in sympy.factor_list(polynomial)[1]]
        except (sympy.PolynomialError, NotImplementedError, ValueError, TypeError):
            return []

    _, denominator = sympy.fraction(sympy.together(expression))
    for part in sympy.Mul.make_args(denominator):  # a power with a symbolic exponent (x^N in 1/x^N): its base's factors
        found += [(f, None) for f in factors(part.base if part.is_Pow and part.exp.free_symbols else part)]
    for power in expression.atoms(sympy.Pow):
        if power.exp.free_symbols:
            numerator, _ = sympy.fraction(sympy.together(power.base))
            found += [(f, power.exp) for f in factors(numerator)]
    return found


def _zero_in_domains(factor, exponent, domains, spec) -> dict | None:
    symbols = sorted(factor.free_symbols, key=str)
    if not symbols or not set(symbols) <= set(domains):
        return None
    candidates = []
    for s in symbols:
        others = [o for o in symbols if o != s]
        for values in itertools.islice(itertools.product(*(_probe_values(domains[o]) for o in others)), SEARCHED_POINTS):
            point = dict(zip(others, values))
            try:
                roots = sympy.Poly(factor.xreplace(point), s).real_roots()
            except (sympy.PolynomialError, NotImplementedError, ValueError):
                continue
            candidates += [{**point, s: r} for r in roots if _inside(domains[s], r)]
        if len(symbols) == 1:
            break
    for point in candidates:
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


def _probe_values(domain) -> list:
    """Values of a domain where a symbolic exponent is tried: its simple values and, beyond them, far out (an
    exponent 3 - N turns negative at N = 4)."""
    values = list(simple_values(domain))
    if domain.interval is None:
        first = first_value(domain)
        return values + [first + k for k in (5, 10, 100, 10**6)]
    far = [v for v in (sympy.Integer(10**6), sympy.Integer(-10**6)) if domain.interval.contains(v) is sympy.true]
    return values + far


def _negative(value) -> bool:
    return bool(value.is_number and value.is_negative)


def _inside(domain, value) -> bool:
    if domain.interval is not None:
        return domain.interval.contains(value) is sympy.true
    return value.is_Integer and value >= first_value(domain)


def _excluded(condition, point) -> bool:
    """Does the 'assume' condition (lhs, op, rhs) fail at the point?"""
    lhs, op, rhs = condition
    try:
        value = (lhs - rhs).xreplace(point)
        holds = {"<": value < 0, "<=": value <= 0, ">": value > 0, ">=": value >= 0, "==": sympy.Eq(value, 0), "!=": sympy.Ne(value, 0)}[op]
    except (TypeError, KeyError):
        return False
    return holds is sympy.false


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec = claim.spec
    over = ", ".join(f"{n} {d.text}" for n, d in spec.domains.items())
    undefined = _undefined_point(spec)
    if undefined is not None:
        raise CheckError(f"a claimed value is not defined at {undefined}, inside the domains (a division by zero there): "
                         "state the claim where it is defined (a narrower domain, or 'assume')")
    proof = {"run": prove_run, "relation": prove_relation, "sign": prove_sign}[spec.form]
    try:
        outcome = proof(claim, spec, over)
    except (symbolic.SymbolicUnavailable, NotImplementedError, ValueError, TypeError) as exc:
        outcome, reason = None, one_line(exc)
    else:
        reason = "sympy could not prove it"
    closed = None
    if isinstance(outcome, ClosedForm):  # not settled: its instances are evaluated on it
        closed, outcome = ClosedFormInstances.of(claim, spec, outcome), None
    if outcome is not None:
        return outcome
    if spec.exactly_when is not None:  # a refutation must be a point where claim and truth differ: never sampled
        raise CheckError(f"cannot prove the set where it holds ({reason}); 'exactly_when' needs a symbolic proof")
    for lhs, op, rhs in spec.assume:  # an assumption no value meets: no instance to sample (hypothesis would give up)
        if holds_nowhere(lhs - rhs, op):
            raise CheckError(f"no instance satisfied the assumptions ({lhs} {op} {rhs} holds for no values of its symbols: "
                             "sympy's assumptions)")
    for values in simple_instances(spec):  # most wrong claims already fail at a simple instance
        if assumed(spec, values):
            outcome = instance_outcome(claim, spec, values, closed)
            if outcome.status == "refuted":
                return counterexample(values, outcome, spec.form)
            if outcome.status == "error":  # an instance the claim covers and nothing decides: no verdict
                raise CheckError(outcome.message)
    return sample(claim, spec, over, reason, closed)


__all__ = ["KEYS", "prepare", "evaluate"]


KIND = ClaimKind("forall", KEYS, prepare, evaluate, spec_types=(ForallSpec,))
