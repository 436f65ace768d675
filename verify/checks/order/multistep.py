"""check = "order" about a linear multistep method (no model): order, error constant and zero-stability, exactly.

With rho(zeta) = sum alpha_j zeta^j, sigma(zeta) = sum beta_j zeta^j normalised to alpha_k = 1 (Lambert,
Numerical Methods for Ordinary Differential Systems, 1991, sec. 3.3 and its tables):
C_q = sum_j alpha_j j^q / q! - sum_j beta_j j^(q-1) / (q-1)!; the order is the p with C_0 = ... = C_p = 0 != C_{p+1},
``error_constant`` is C_{p+1} (BDF2 -2/9, AB3 3/8, the trapezoidal rule -1/12) and ``normalized_error_constant``
is C_{p+1}/sigma(1) (BDF2 -1/3; Hairer, Norsett & Wanner I, sec. III.2).  An order is a convergence order only
for a zero-stable method (Dahlquist's equivalence theorem, Hairer, Norsett & Wanner I, sec. III.4), so
``order = p`` is refuted for a method whose rho violates the root condition, whatever its consistency order.

``abm-K`` (the PECE pair of the K-step Adams-Bashforth predictor, order K, and the (K - 1)-step Adams-Moulton
corrector, order K) has the corrector's order and error constant, because the predictor's order is not below
the corrector's (Lambert 1991, sec. 4.2, case p* >= p); the message says so.

Cross-check: the C_q again at 50 digits from the twin's own coefficients (verify.engines.twins.multistep,
derived there from Lagrange interpolation, not read from the exact tables).
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath
import sympy

from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome
from verify.checks.stability.multistep import MultistepClaim, characteristic, order_and_constants, zero_stability
from verify.checks.order import reading
from verify.checks.kit import method_and_options
from verify.engines import crosscheck
from verify.engines.methods import METHODS
from verify.engines.methods.multistep import LinearMultistep
from verify.engines.twins import multistep as multistep_twin
from verify.input.load import Claim, LoadError

KEYS = {"order", "error_constant", "normalized_error_constant", "zero_stable"}
ZETA = sympy.Symbol("zeta")
MAX_CLAIMED_ORDER = 1000  # a claimed order above a k-step method's 2k is refuted; this bounds only what a file may write


@dataclass(frozen=True)
class MultistepOrder:
    method: str
    options: dict
    coefficients: MultistepClaim  # alpha, beta with alpha_k = 1 (of the corrector for abm-K)
    predictor: MultistepClaim | None  # abm-K: the Adams-Bashforth predictor
    order: int | None
    error_constant: sympy.Rational | None
    normalized_error_constant: sympy.Rational | None
    zero_stable: bool | None = None  # the root condition, as claimed (SPEC: zero_stable = true | false)


def is_claim(claim: Claim) -> bool:
    return claim.model is None and isinstance(METHODS.get(claim.table.get("method")), LinearMultistep)


def prepare(claim: Claim) -> MultistepOrder:
    table = claim.table
    method, options = method_and_options(claim)
    data = reading.coefficients_only(method, options, ("alpha", "beta"), "coefficients", method.data)
    own = MultistepClaim(tuple(sympy.Rational(a) for a in data.alpha), tuple(sympy.Rational(b) for b in data.beta))
    predictor = None
    if method.corrector is not None:
        corrector = method.corrector
        predictor, own = own, MultistepClaim(tuple(sympy.Rational(a) for a in corrector.alpha), tuple(sympy.Rational(b) for b in corrector.beta))
    order = table.get("order")
    if order is not None and not (isinstance(order, int) and not isinstance(order, bool) and 0 <= order <= MAX_CLAIMED_ORDER):  # 0: C_0 = 0,
        raise LoadError(f"order must be an integer from 0 to {MAX_CLAIMED_ORDER}")  # C_1 not 0 (consistent only to order 0)
    constants = {}
    for key in ("error_constant", "normalized_error_constant"):
        if key in table:
            constants[key] = claim.value(table[key], key)
            if not constants[key].is_Rational:
                raise LoadError(f"{key} must be a rational number")
    zero_stable = table.get("zero_stable")
    if zero_stable is not None and not isinstance(zero_stable, bool):
        raise LoadError(f"zero_stable must be true or false, got {zero_stable!r}")
    if order is None and not constants and zero_stable is None:
        raise LoadError("an order claim about a multistep method needs order, error_constant, normalized_error_constant or zero_stable")
    return MultistepOrder(method.name, options, own, predictor, order, constants.get("error_constant"), constants.get("normalized_error_constant"),
                          zero_stable)


def _twin_constants(spec: MultistepOrder, up_to: int) -> list:
    """C_0 .. C_up_to at 50 digits from the twin's coefficients (the corrector's for a PECE pair)."""
    to_mp = lambda v: mpmath.mpf(int(v.p)) / int(v.q)  # noqa: E731 - lmm options are exact rationals
    alpha, beta, corrector = multistep_twin.for_method(spec.method, spec.options, to_mp)
    if corrector is not None:
        alpha, beta = corrector

    def c(q):
        first = mpmath.fsum(a * mpmath.mpf(j) ** q for j, a in enumerate(alpha)) / mpmath.factorial(q)
        return first if q == 0 else first - mpmath.fsum(b * mpmath.mpf(j) ** (q - 1) for j, b in enumerate(beta)) / mpmath.factorial(q - 1)

    return [c(q) for q in range(up_to + 1)]


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec: MultistepOrder = claim.spec
    order, constants = order_and_constants(spec.coefficients)
    with mpmath.workdps(crosscheck.DIGITS):
        twin = _twin_constants(spec, order + 1)
        for q in range(order + 2):
            exact = crosscheck.to_mp(constants[q])
            if not (abs(twin[q]) <= mpmath.mpf(10) ** (-crosscheck.AGREEMENT_DIGITS) if constants[q] == 0 else crosscheck.close(exact, twin[q])):
                raise CheckError(f"the exact and mpmath paths disagree on C_{q}: exact {constants[q]}, mpmath {crosscheck.show(twin[q], 20)}")
    constant = constants[order + 1]
    consistent = order >= 1  # C_0 = C_1 = 0 (Hairer, Norsett & Wanner I, sec. III.2)
    sigma_one = sum(spec.coefficients.beta)
    normalized = constant / sigma_one if sigma_one != 0 else None
    rho = characteristic(spec.coefficients).subs(sympy.Symbol("z"), 0)
    derivation = [f"{spec.method}: alpha = {list(spec.coefficients.alpha)}, beta = {list(spec.coefficients.beta)} (oldest first, alpha_k = 1)"]
    if spec.predictor is not None:
        predictor_order, _ = order_and_constants(spec.predictor)
        if predictor_order < order:
            raise CheckError(f"the predictor's order {predictor_order} is below the corrector's {order}: the PECE order is not the corrector's")
        derivation.insert(0, f"{spec.method} (PECE): predictor of order {predictor_order} >= the corrector's {order}, so the pair has the "
                             "corrector's order and error constant (Lambert 1991, sec. 4.2); the corrector:")
    shown = ", ".join(str(c) for c in constants[:order + 2])
    derivation += [f"C_q = sum alpha_j j^q / q! - sum beta_j j^(q-1) / (q-1)!: C_0 .. C_{order + 1} = {shown} "
                   "(cross-checked at 50 digits from the twin's coefficients)",
                   f"sigma(1) = {sigma_one}; C_{order + 1}/sigma(1) = {normalized}"]
    computed = {"order": str(order) if consistent else "not consistent", "error_constant": str(constant) if consistent else "none",
                "normalized_error_constant": str(normalized) if consistent else "none"}
    successes, failures = [], []
    if spec.order is not None and not consistent:
        failures.append(f"order: claimed {spec.order}, but the method is not consistent (C_0 .. C_1 = {', '.join(str(c) for c in constants[:2])})")
    elif spec.order is not None and spec.order != order:
        zero_stable, how = zero_stability(spec.coefficients)  # a computed order reads as a convergence order unless said
        computed["zero_stable"] = str(zero_stable).lower()  # (a review of 2026-12-07: rho = (zeta - 1)^2, "computed 2")
        failures.append(f"order: claimed {spec.order}, computed {order} (C_0 .. C_{order + 1} = {shown})" + (
            "" if zero_stable else f"; and the method is not zero-stable ({how}): it does not converge at all, although it is "
                                   f"consistent of order {order}"))
    elif spec.order is not None:  # the consistency order is right; a convergence order also needs zero-stability (Dahlquist)
        zero_stable, how = zero_stability(spec.coefficients)
        derivation.append(f"rho(zeta) = {rho}: {how}; zero-stable: {'yes' if zero_stable else 'no'}")
        computed["zero_stable"] = str(zero_stable).lower()
        if zero_stable:
            successes.append(f"order {order} (C_0 .. C_{order} = 0, C_{order + 1} = {constant}; zero-stable)")
        else:
            failures.append(f"order: claimed {spec.order}, but the method is not zero-stable ({how}), so it does not converge "
                            f"although it is consistent of order {order}")
    if spec.zero_stable is not None:  # the root condition on its own (Dahlquist; rho's roots in the closed unit disc, those on it simple)
        root_condition, how = zero_stability(spec.coefficients)
        if "zero_stable" not in computed:
            derivation.append(f"rho(zeta) = {rho}: {how}; zero-stable: {'yes' if root_condition else 'no'}")
            computed["zero_stable"] = str(root_condition).lower()
        if root_condition == spec.zero_stable:
            successes.append(f"zero_stable = {str(root_condition).lower()} ({how})")
        else:
            failures.append(f"zero_stable: claimed {str(spec.zero_stable).lower()}, computed {str(root_condition).lower()} ({how})")
    for name, claimed, value, symbol_text in (("error constant", spec.error_constant, constant, f"C_{order + 1}"),
                                              ("normalized error constant", spec.normalized_error_constant, normalized,
                                               f"C_{order + 1}/sigma(1)")):
        if claimed is None:
            continue
        if not consistent:
            failures.append(f"{name}: claimed {claimed}, but the method is not consistent "
                            f"(C_0 .. C_1 = {', '.join(str(c) for c in constants[:2])}): it has none")
        elif value is None:
            raise CheckError("sigma(1) = 0: the normalized error constant C_{p+1}/sigma(1) is not defined")
        elif claimed == value:
            successes.append(f"{name} {symbol_text} = {value}")
        else:
            failures.append(f"{name}: claimed {claimed}, computed {symbol_text} = {value}")
    if failures:
        return Outcome("refuted", "exact", "; ".join(failures), computed, derivation)
    return Outcome("verified", "exact", "; ".join(successes), computed, derivation)
