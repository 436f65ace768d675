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

import sympy

from verify.engines import symbolic
from verify.input.load import Claim
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome
from verify.checks.kind import ClaimKind
from verify.checks.forall.domains import first_value, simple_instances
from verify.checks.forall.proofs import ClosedForm, holds_nowhere, prove_relation, prove_run, prove_sign
from verify.checks.forall.reading import ForallSpec, KEYS, prepare
from verify.checks.forall.sampling import ClosedFormInstances, assumed, counterexample, instance_outcome, one_line, sample


def _undefined_point(spec) -> str | None:
    """Where a claimed value of a run's ``holds`` or ``holds_relations`` divides by zero inside the domains, as text
    (``lam = -1``), read off the factors of its denominator that are polynomials in one domain symbol; None when
    none vanishes there (factors in several symbols are not searched).  The closed form of the
    run is an identity away from such a point, so a proof would say the claim holds where its value does not exist
    (a review finding: ((1 + lam h)^N - (1 - h)^N)/(lam + 1) was verified for every real lam)."""
    if spec.form != "run" or spec.assume:
        return None
    domains = {d.symbol: d for d in spec.domains.values()}
    for comparison in [*spec.run_spec.expect, *spec.run_spec.relations]:
        _, denominator = sympy.fraction(sympy.together(comparison.claimed))
        try:
            factors = [f for f, _ in sympy.factor_list(denominator)[1]]
        except (sympy.PolynomialError, NotImplementedError, ValueError):
            continue
        for factor in factors:
            symbols = factor.free_symbols
            if len(symbols) != 1 or not symbols <= set(domains):
                continue
            (s,) = symbols
            domain = domains[s]
            try:
                roots = sympy.Poly(factor, s).real_roots()
            except (sympy.PolynomialError, NotImplementedError, ValueError):
                continue
            for root in roots:
                inside = (domain.interval.contains(root) is sympy.true) if domain.interval is not None else (
                    root.is_Integer and root >= first_value(domain))
                if inside:
                    return f"{domain.name} = {root}"
    return None


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
    return sample(claim, spec, over, reason, closed)


__all__ = ["KEYS", "prepare", "evaluate"]


KIND = ClaimKind("forall", KEYS, prepare, evaluate, spec_types=(ForallSpec,))
