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
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome, decide_sign
from verify.checks.comparisons import OPERATORS
from verify.checks.kind import ClaimKind
from verify.checks.forall.domains import first_value, simple_instances
from verify.checks.forall.poles import UndefinedInDomains, method_refuses, not_real_point, undefined_point
from verify.checks.forall.proofs import ClosedForm, Undecided, Witness, claimed_set, holds_nowhere, prove_relation, prove_run, prove_sign
from verify.checks.forall.reading import ForallSpec, KEYS, prepare
from verify.checks.forall.sampling import ClosedFormInstances, assumed, counterexample, instance_outcome, one_line, sample


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec = claim.spec
    over = ", ".join(f"{n} {d.text}" for n, d in spec.domains.items())
    refused = method_refuses(spec, claim.model)
    if refused is not None:
        raise CheckError(f"the method cannot run at {refused}, inside the domains: narrow the domains to where it can")
    undefined = undefined_point(spec)
    if undefined is not None:
        raise CheckError(f"a claimed value is not defined at {undefined}, inside the domains (a pole there: a division by zero or a log of 0): "
                         "state the claim where it is defined (a narrower domain, or 'assume')")
    not_real = not_real_point(spec)
    if not_real is not None:
        raise CheckError(f"a claimed value is not a real number at {not_real}, inside the domains: state the claim where it is "
                         "defined (a narrower domain, or 'assume')")
    proof = {"run": prove_run, "relation": prove_relation, "sign": prove_sign}[spec.form]
    try:
        outcome = proof(claim, spec, over)
    except UndefinedInDomains:
        raise
    except (symbolic.SymbolicUnavailable, NotImplementedError, ValueError, TypeError) as exc:
        outcome, reason = None, one_line(exc)
        if isinstance(exc, TypeError) and "truth value of Relational" in reason:  # sympy's words for a sign it cannot tell
            reason = f"sympy could not decide a sign in the proof ({reason.split(': ', 1)[-1]})"
    else:
        reason = "sympy could not prove it"
    if isinstance(outcome, Undecided):
        raise CheckError(outcome.message)
    if isinstance(outcome, Witness):
        for name, domain in spec.domains.items():  # a symbol that cancels from lhs - rhs (sin(w) on both sides) has no
            outcome.values.setdefault(name, first_value(domain))  # value in the proof's point: any of its domain's
        found = instance_outcome(claim, spec, outcome.values)
        outside = [name for name, value in outcome.values.items()
                   if spec.domains[name].interval is not None and not bool(spec.domains[name].interval.contains(value))]
        if outside or not assumed(spec, outcome.values):
            at = ", ".join(f"{k} = {v}" for k, v in outcome.values.items())
            raise CheckError(f"the proof found the claim false at {at}, but that point is outside the domains or the 'assume' "
                             "conditions: no verdict")
        if found.status != "refuted":
            at = ", ".join(f"{k} = {v}" for k, v in outcome.values.items())
            raise CheckError(f"the proof found the claim false at {at}, but that instance is {found.status} ({found.message}): no verdict")
        refuted = counterexample(outcome.values, found, spec.form)
        refuted.derivation[1:1] = outcome.lines
        return refuted
    closed = None
    if isinstance(outcome, ClosedForm):  # not settled: its instances are evaluated on it
        closed, outcome = ClosedFormInstances.of(claim, spec, outcome), None
    if outcome is not None:
        return outcome
    if spec.exactly_when is not None:  # a refutation must be a point where claim and truth differ: never sampled, only
        refuted = exactly_when_counterexample(claim, spec)  # probed beside the claimed set's ends
        if refuted is not None:
            return refuted
        probed = len(spec.domains) == 1 and spec.digits is None and next(iter(spec.domains.values())).interval is not None
        raise CheckError(f"cannot prove the set where it holds ({reason}); 'exactly_when' needs a symbolic proof"
                         + (" (no point probed beside the claimed set's ends was decided against it)" if probed else ""))
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


PROBE_OFFSETS = tuple(sympy.Rational(1, 10**k) for k in range(1, 9))  # exactly_when is probed at each end of the claimed set,
# and this far to either side of it (a set off by 10^-3 from the truth: exp(z) >= 1 + z + z^2/2 claimed exactly when
# z >= -1/1000, false at z = -1/1000 + 1/10^4)


def exactly_when_counterexample(claim, spec) -> Outcome | None:
    """A claim 'lhs OP rhs exactly when S' in one symbol that no proof decided, refuted at a point where the claim
    and the instance disagree: each finite end of S (a rational bound of one rounded to 10^-12 where it is not rational),
    that end +- PROBE_OFFSETS, and 0, +-1, in the domain and the 'assume' conditions; the instance decided by its
    own check (exact, or certified by enclosures), its membership of S by S's conditions at the point, exactly (not
    through the solver that gave the ends: a wrong solver answer moves the probes, never a verdict).  None where every probe agrees or is
    undecided (a tie at an end).  A review of 2026-12-07: such a claim was an error however far off its set was.  Not
    with digits (printed ends: which side of a rounded end a point lies is not the claim's)."""
    if len(spec.domains) != 1 or spec.digits is not None:
        return None
    (name, domain), = spec.domains.items()
    if domain.interval is None:  # an integer domain: its probes would not be its values
        return None
    try:
        written = claimed_set(spec, domain.symbol)
        ends = sorted({e for e in written.boundary if e.is_finite and e.is_real}, key=lambda e: sympy.N(e, 30))
    except (NotImplementedError, TypeError, ValueError):
        return None
    points = []
    for end in ends:
        end = end if end.is_Rational else sympy.floor(end * 10**12) / 10**12
        points += [end, *(end + sign * offset for offset in PROBE_OFFSETS for sign in (1, -1))]
    points += [sympy.Integer(0), sympy.Integer(1), sympy.Integer(-1)]
    for point in points:
        values = {name: point}
        if not bool(domain.interval.contains(point)) or not assumed(spec, values):
            continue
        inside = _claimed_at(spec, domain.symbol, point)
        if inside is None:
            continue
        outcome = instance_outcome(claim, spec, values)
        if outcome.status not in ("verified", "refuted") or (outcome.status == "verified") == bool(inside):
            continue
        holds = outcome.status == "verified"
        return Outcome("refuted", outcome.evidence, f"claimed it holds exactly when {claim.table['exactly_when']}; at {name} = {point} it "
                       f"{'holds' if holds else 'fails'} although the claim says it {'fails' if holds else 'holds'}: {outcome.message}",
                       outcome.computed, [f"probed beside the ends of the claimed set {written}: at {name} = {point}"] + outcome.derivation)
    return None


def _claimed_at(spec, variable, point) -> bool | None:
    """Does ``exactly_when`` say the relation holds at ``variable`` = ``point``: the sign of each condition's lhs - rhs
    there decided exactly or by enclosures (common.decide_sign, as every comparison of a verdict is), not by sympy's
    own comparison of numbers; None where one is not decided."""
    alternatives = []
    for alternative in spec.exactly_when:
        truths = []
        for lhs, op, rhs in alternative:
            try:
                sign = decide_sign((lhs - rhs).subs(variable, point)).sign
            except CheckError:  # not real there, or no enclosure decides it
                return None
            truths.append(OPERATORS[op](sign, 0))
        alternatives.append(all(truths))
    return any(alternatives)


__all__ = ["KEYS", "prepare", "evaluate"]


KIND = ClaimKind("forall", KEYS, prepare, evaluate, spec_types=(ForallSpec,))
