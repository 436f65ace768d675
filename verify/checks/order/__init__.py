"""check = "order": orders proved from a method's coefficients, or observed on a model.

Without a model the claim is about the method alone and is decided exactly: a Runge-Kutta tableau by its
order conditions over the rooted trees (``conditions``), a linear multistep method by its error constants and
the root condition (``multistep``).  With a model, the order is observed from runs at several step sizes
(``observed``, evidence ``numerical``).
"""
from __future__ import annotations

from verify.checks.common import Outcome
from verify.checks.order import conditions, multistep, observed
from verify.input.load import Claim, LoadError

KEYS = observed.KEYS | conditions.KEYS | multistep.KEYS


def prepare(claim: Claim):
    if claim.model is not None:
        extra = sorted(set(claim.table) & ((conditions.KEYS | multistep.KEYS) - observed.KEYS))
        if extra:
            raise LoadError(f"{', '.join(extra)}: about the method alone, so leave out model")
        return observed.prepare(claim)
    for kind in (conditions, multistep):
        if kind.is_claim(claim):
            extra = sorted(set(claim.table) & observed.KEYS - kind.KEYS - {"method", "options"})
            if extra:
                raise LoadError(f"{', '.join(extra)}: only for an observed order (a claim with a model)")
            return kind.prepare(claim)
    raise LoadError("check 'order' needs a model (observed order), or a Runge-Kutta tableau or multistep method as method "
                    "(order proved from its coefficients)")


def evaluate(claim: Claim) -> Outcome:
    if isinstance(claim.spec, conditions.TableauOrder):
        return conditions.evaluate(claim)
    if isinstance(claim.spec, multistep.MultistepOrder):
        return multistep.evaluate(claim)
    return observed.evaluate(claim)
