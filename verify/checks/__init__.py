"""One module per claim kind.  Each knows how to prepare a claim (at load time), evaluate it, and explain it.

A module has ``KEYS`` (the claim keys it reads), ``prepare(claim)``,
``evaluate(claim) -> Outcome`` and optionally ``explain(claim) -> lines``.
"""
from __future__ import annotations

from . import energy, forall, identity, order, relation, run, sign, solution, solve_ivp, stability
from .common import CheckError, Outcome

CHECKS = {"run": run, "identity": identity, "sign": sign, "relation": relation, "solution": solution, "solve_ivp": solve_ivp, "forall": forall, "stability": stability, "order": order, "energy": energy}


def evaluate(claim) -> Outcome:
    """The outcome of one claim; never raises."""
    if claim.load_error:
        return Outcome("error", None, claim.load_error)
    try:
        return CHECKS[claim.check].evaluate(claim)
    except CheckError as exc:
        return Outcome("error", None, f"{claim.file}: claim {claim.id!r}: {exc}")
    except Exception as exc:  # a failing claim must not stop the run
        return Outcome("error", None, f"{claim.file}: claim {claim.id!r}: internal error {type(exc).__name__}: {exc}")


def explain(claim) -> list[str]:
    if claim.load_error:
        return [claim.load_error]
    module = CHECKS[claim.check]
    if hasattr(module, "explain"):
        return module.explain(claim)
    return evaluate(claim).derivation


__all__ = ["CHECKS", "CheckError", "Outcome", "evaluate", "explain"]
