"""check = "order": orders proved from a method's coefficients, or observed on a model.

Without a model the claim is about the method alone and is decided exactly: a Runge-Kutta tableau by its
order conditions over the rooted trees (``conditions``), a linear multistep method by its error constants and
the root condition (``multistep``).  With a model, the order is observed from runs at several step sizes
(``observed``, evidence ``numerical``), or, with ``proof = "series"``, proved from the series of the one-step
defect in the step size (``series``), or with ``proof = "closed-form"`` from the global error of an affine method on
a linear model in closed form (``closed_form``); both evidence ``symbolic``.
"""
from __future__ import annotations

from verify.checks.common import Context, DEFAULT_CONTEXT, Outcome
from verify.checks.kind import ClaimKind
from verify.checks.order import closed_form, conditions, multistep, observed, series
from verify.checks.kit import method_and_options
from verify.input.load import Claim, LoadError

KEYS = observed.KEYS | conditions.KEYS | multistep.KEYS | series.KEYS


def prepare(claim: Claim):
    if claim.model is not None:
        extra = sorted(set(claim.table) & ((conditions.KEYS | multistep.KEYS) - observed.KEYS))
        if extra == ["digits"] or extra == ["digits", "rounding"]:  # an observed order is a number with a tolerance, not printed digits
            raise LoadError("digits is read beside principal_error_norm of a tableau (no model); an observed order has a tolerance")
        if extra:
            raise LoadError(f"{', '.join(extra)}: about the method alone, so leave out model")
        if claim.table.get("proof") == "closed-form":
            return closed_form.prepare(claim)
        if "proof" in claim.table:
            return series.prepare(claim)
        if "leading_term" in claim.table:
            raise LoadError('leading_term needs proof = "series"')
        return observed.prepare(claim)
    for kind in (conditions, multistep):
        if kind.is_claim(claim):
            extra = sorted(set(claim.table) & KEYS - kind.KEYS - {"method", "options"})
            if extra:
                about = "an observed order (a claim with a model)" if set(extra) <= observed.KEYS | series.KEYS else \
                    "the other family (tableau keys for Runge-Kutta, error constants for multistep methods)"
                raise LoadError(f"{', '.join(extra)}: not read for this method; only for {about}")
            return kind.prepare(claim)
    if "tableau" not in claim.table:
        method_and_options(claim)  # an unknown method is named as such
    raise LoadError("check 'order' needs a model (observed order), or a Runge-Kutta tableau or multistep method as method "
                    "(order proved from its coefficients)")


FORMS = {conditions.TableauOrder: conditions, multistep.MultistepOrder: multistep, series.SeriesOrder: series,
         closed_form.ClosedFormOrder: closed_form, observed.OrderSpec: observed}  # spec type -> the module deciding it


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    return FORMS[type(claim.spec)].evaluate(claim, context)


KIND = ClaimKind("order", KEYS, prepare, evaluate, spec_types=tuple(FORMS))
