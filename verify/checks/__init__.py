"""One module per claim kind, each ending with ``KIND = ClaimKind(...)`` (verify.checks.kind): its name, keys,
``prepare`` (at load time, into a frozen spec), ``evaluate`` and optionally ``explain``."""
from __future__ import annotations

from verify.checks import energy, forall, identity, order, relation, run, sign, solution, solve_ivp, stability
from verify.checks.common import DEFAULT_CONTEXT, CheckError, Context, Outcome
from verify.checks.kind import ClaimKind, memory_text

CHECKS: dict[str, ClaimKind] = {kind.name: kind for kind in (
    run.KIND, identity.KIND, sign.KIND, relation.KIND, solution.KIND, solve_ivp.KIND, forall.KIND, stability.KIND, order.KIND, energy.KIND)}


def evaluate(claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    """The outcome of one claim; never raises."""
    if claim.load_error:
        return Outcome("error", None, claim.load_error)
    return CHECKS[claim.check].outcome(claim, context)


def explain(claim, context: Context = DEFAULT_CONTEXT, outcome: Outcome | None = None) -> list[str]:
    """How the claim's values were computed (ClaimKind.explain).  ``outcome``: the claim's outcome, already evaluated in
    ``context``, which the kind shows instead of checking the claim a second time where it can."""
    if claim.load_error:
        return [claim.load_error]
    return CHECKS[claim.check].explain(claim, context, outcome)


__all__ = ["CHECKS", "CheckError", "ClaimKind", "Context", "DEFAULT_CONTEXT", "Outcome", "evaluate", "explain", "memory_text"]
