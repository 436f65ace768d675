"""check = "stability" for a linear multistep method: its characteristic polynomial, zero-stability, the real
stability interval, the order and the error constant, all decided exactly from the coefficients.

With rho(zeta) = sum alpha_j zeta^j and sigma(zeta) = sum beta_j zeta^j (alpha_k = 1):

* ``equals``: the characteristic polynomial rho(zeta) - z sigma(zeta), in ``zeta`` and ``z``; a claim written
  with another normalisation (3 zeta^2 - 4 zeta + 1 - 2 z zeta^2 for BDF2) is verified up to that factor, which
  the message names.
* ``zero_stable = true | false``: the root condition on rho (every root in the closed unit disk, those on the
  circle simple), each irreducible factor over QQ placed exactly (verify.checks.spectral.roots_bounded).
* ``real_stability_interval = [a, b]`` (numbers, or "-oo" / "oo"): the connected part, containing z = 0, of the
  real z where rho - z sigma satisfies the root condition (Hairer & Wanner II, sec. V.1, the stability domain;
  its intersection with the real axis is what pages call the interval of absolute stability).  A root can reach
  the unit circle only where z is a root of the resultant of p(zeta) and zeta^k p(1/zeta) (or where the leading
  coefficient 1 - z beta_k vanishes); between these points one exact Schur-Cohn test decides, and each point
  itself is decided by the root condition.  The message states whether the ends belong to the set.  With
  ``digits`` the finite ends are printed to that many decimals (AM4's -90/49 as -1.837, ABM3's irrational end as a
  decimal): each exact end is enclosed rigorously until the rounding audit decides its print
  (verify.checks.rounding).
* ``order = p`` and ``error_constant = C``: C_q = (sum_j alpha_j j^q - q sum_j beta_j j^(q-1))/q!; the order is
  the largest p with C_0 = ... = C_p = 0 and the error constant is C_{p+1} (Lambert, Numerical Methods for
  Ordinary Differential Systems, 1991, sec. 3.3: BDF2 -2/9, the trapezoidal rule -1/12, AB2 5/12).

* ``a_stable = true | false``: the stability domain holds the closed left half-plane.  With rho and sigma coprime
  (Hairer & Wanner II, sec. V.1): a root of rho - z sigma leaves the closed unit disk only across the root locus
  z(theta) = rho(e^(i theta))/sigma(e^(i theta)), so the method is A-stable exactly when the locus stays out of
  Re z < 0, i.e. E(theta) = Re(rho(e^(i theta)) conj(sigma(e^(i theta)))) = sum_{j,l} alpha_j beta_l cos((j - l) theta)
  >= 0 for every theta (a polynomial in x = cos theta by Chebyshev's T_n, its sign decided between its exact real
  roots in [-1, 1]), no root escapes to infinity in Re z < 0 (beta_k != 0 and alpha_k/beta_k >= 0), and z = -1 is
  stable (rho + sigma Schur stable): the number of roots outside the disk is then 0 on the whole connected open
  half-plane, and on the imaginary axis a root on the circle is simple (a double one would put locus points of the
  outside into Re z < 0).  Backward Euler, BDF2 and the trapezoidal rule come out A-stable; no method of order above
  2 does (Dahlquist's second barrier).

* ``l_stable = true | false``: A-stable, and the roots of rho - z sigma tend to 0 as z -> -oo, i.e. to the roots of
  sigma, which must all be 0 (sigma = beta_k zeta^k: BDF1, BDF2; not the trapezoidal rule, whose sigma has the root -1).
* ``a_alpha``: the angle of A(alpha)-stability in degrees (verify.checks.stability.a_alpha).

A predictor-corrector pair ``abm-K`` in PECE mode is not a linear multistep method: its order, error constant and
zero-stability are its corrector's (rho of the Adams-Moulton corrector), and its characteristic polynomial, whose
roots decide the real stability interval, is the PECE stability polynomial
pi(zeta, z) = rho(zeta) - z sigma(zeta) + z beta_k (rho*(zeta) - z sigma*(zeta)), the corrector written on the
predictor's K steps and (rho*, sigma*) the predictor's (Lambert 1991, sec. 4.1, P(EC)^mu E with mu = 1).  For
AB2 with the trapezoidal rule, zeta^2 - (1 + z + 3z^2/4) zeta + z^2/4: stable on (-2, 0], where AB2 alone is on
(-1, 0).
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from decimal import Decimal

import flint
import sympy

from verify.input.load import LoadError
from verify.engines import realsets, spectral
from verify.engines.certified import enclosure_text
from verify.checks.common import CheckError, Formula, Line, Outcome, listed
from verify.checks.rounding import RoundingAudit, read_digits, rounding_rule
from verify.checks.stability import a_alpha
from verify.outcome import decimals

KEYS = ("equals", "zero_stable", "real_stability_interval", "order", "error_constant", "a_stable", "l_stable", "a_alpha")
ONE_STEP_KEYS = ("stable_when", "variable", "spectral_radius")  # stability keys read for one-step methods only
ZETA, Z = sympy.Symbol("zeta"), sympy.Symbol("z")


@dataclass
class MultistepClaim:
    alpha: tuple
    beta: tuple
    predictor: tuple | None = None  # abm-K: the predictor's (alpha*, beta*); alpha, beta are the corrector's
    equals: sympy.Expr | None = None
    zero_stable: bool | None = None
    interval: tuple | None = None  # (a, b), sympy numbers or +-oo
    interval_text: str = ""
    interval_closed: tuple | None = None  # (low end included, high end included) when written with brackets; None: the ends only
    interval_ends_text: tuple = ()  # each end as written (a printed end's decimals are read off it)
    interval_digits: int | None = None  # the ends printed to this many decimals (None: exact)
    interval_rounding: str | None = None
    order: int | None = None
    a_stable: bool | None = None
    error_constant: sympy.Expr | None = None
    l_stable: bool | None = None
    a_alpha: a_alpha.SectorClaim | None = None


def prepare(claim, method, options) -> MultistepClaim:
    table = claim.table
    if claim.model is not None:
        raise LoadError("a multistep stability claim is about the method alone: leave out model")
    data = method.data(options)
    corrector = getattr(method, "corrector", None)  # PECE: the corrector's coefficients, the predictor's beside them

    def exact(coefficients) -> tuple:
        return tuple(sympy.Rational(a) for a in coefficients.alpha), tuple(sympy.Rational(b) for b in coefficients.beta)

    spec = MultistepClaim(*exact(corrector or data), predictor=exact(data) if corrector else None)
    unread = [key for key in ONE_STEP_KEYS if key in table]
    if unread:  # a_stable = true beside zero_stable = true was verified on zero-stability alone (review of 2026-12-05)
        raise LoadError(f"{', '.join(unread)}: not decided for a linear multistep method here (its keys are {', '.join(KEYS)})")
    given = [key for key in KEYS if key in table]
    if not given:
        raise LoadError(f"a multistep stability claim needs one of {', '.join(KEYS)}")
    if "equals" in table:
        spec.equals = claim.value(table["equals"], "equals", {"zeta": ZETA, "z": Z})
        if spec.equals.free_symbols - {ZETA, Z}:
            raise LoadError("equals must be a polynomial in zeta and z (rho(zeta) - z sigma(zeta))")
    if "zero_stable" in table:
        if not isinstance(table["zero_stable"], bool):
            raise LoadError("zero_stable must be true or false")
        spec.zero_stable = table["zero_stable"]
    if "real_stability_interval" in table:
        raw = table["real_stability_interval"]
        written = _bracketed(raw) if isinstance(raw, str) else None
        if not (isinstance(raw, list) and len(raw) == 2) and not written:
            raise LoadError('real_stability_interval must be [a, b] (its ends), e.g. [-1, 0] or ["-oo", 0], or an interval written '
                            'with its brackets, e.g. "(-2, 0]"')
        texts = [written[1], written[2]] if written else raw
        ends = [_INFINITE_ENDS.get(v.strip().lower()) if isinstance(v, str) and v.strip().lower() in _INFINITE_ENDS
                else (sympy.S.NegativeInfinity if v < 0 else sympy.S.Infinity) if isinstance(v, Decimal) and v.is_infinite()  # TOML's -inf
                else claim.value(v, "real_stability_interval") for v in texts]
        if not all(e.is_infinite or (e.is_real and not e.free_symbols) for e in ends):
            raise LoadError("real_stability_interval: the ends must be real numbers or -oo / oo")
        if ends[0] == sympy.S.Infinity or ends[1] == sympy.S.NegativeInfinity or (
                ends[0].is_finite and ends[1].is_finite and spectral.compare_real(ends[0], ends[1]) > 0):
            raise LoadError(f"real_stability_interval: the low end comes first, e.g. [-1, 0], not [{texts[0]}, {texts[1]}]")
        spec.interval = tuple(ends)  # a list of ends says nothing of brackets: an infinite end is shown open, (-oo, 0]
        spec.interval_text = f"{'(' if ends[0].is_infinite else '['}{texts[0]}, {texts[1]}{')' if ends[1].is_infinite else ']'}"
        spec.interval_ends_text = tuple(str(t).strip() for t in texts)
        spec.interval_digits = read_digits(table)
        spec.interval_rounding = rounding_rule(table, spec.interval_digits)
        if written:
            spec.interval_closed = (written[0] == "[", written[3] == "]")
            if any(closed and end.is_infinite for closed, end in zip(spec.interval_closed, ends)):
                raise LoadError("real_stability_interval: an infinite end takes a round bracket, e.g. \"(-oo, 0]\"")
            spec.interval_text = raw.strip()
    if "a_stable" in table:
        if not isinstance(table["a_stable"], bool):
            raise LoadError("a_stable must be true or false")
        spec.a_stable = table["a_stable"]
    for key in ("a_stable", "l_stable"):
        if key in table and spec.predictor is not None:
            raise LoadError(f"{key} is decided for a linear multistep method, not for a predictor-corrector pair (its stability "
                            "polynomial is quadratic in z): state its real_stability_interval")
    if "l_stable" in table:
        if not isinstance(table["l_stable"], bool):
            raise LoadError("l_stable must be true or false")
        spec.l_stable = table["l_stable"]
    if "a_alpha" in table:
        if spec.predictor is not None:
            raise LoadError("a_alpha is decided for a linear multistep method, not for a predictor-corrector pair (its stability "
                            "polynomial is quadratic in z)")
        spec.a_alpha = a_alpha.read_claim(claim, table)
    elif ("digits" in table or "rounding" in table) and "real_stability_interval" not in table:
        raise LoadError("digits and rounding go with a_alpha (the sector angle printed to some decimals) or real_stability_interval "
                        "(its ends printed to some decimals) in a multistep stability claim")
    if "order" in table:
        if not (isinstance(table["order"], int) and not isinstance(table["order"], bool) and table["order"] >= 0):
            raise LoadError("order must be a non-negative integer")
        spec.order = table["order"]
    if "error_constant" in table:
        spec.error_constant = claim.value(table["error_constant"], "error_constant")
        if not spec.error_constant.is_Rational:
            raise LoadError("error_constant must be a rational number")
    return spec


_INFINITE_ENDS = {word: end for words, end in ((("-oo", "-inf", "-infinity"), sympy.S.NegativeInfinity),
                                                 (("oo", "+oo", "inf", "+inf", "infinity", "+infinity"), sympy.S.Infinity))
                  for word in words}  # an end of real_stability_interval as sympy ("-oo") or as a float prints it ("-inf")


def _bracketed(text: str):
    """("(", "-sqrt(2)", "0", "]") for "(-sqrt(2), 0]": the brackets and the two ends split at the one comma outside
    parentheses; None for anything else."""
    text = text.strip()
    if len(text) < 5 or text[0] not in "[(" or text[-1] not in "])":
        return None
    depth, commas = 0, []
    for i, ch in enumerate(text[1:-1], 1):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0 or ch in "[]":
            return None
        if ch == "," and depth == 0:
            commas.append(i)
    if depth != 0 or len(commas) != 1:
        return None
    low, high = text[1:commas[0]].strip(), text[commas[0] + 1:-1].strip()
    return (text[0], low, high, text[-1]) if low and high else None


class _EmptyDomain(Exception):
    """Not an error: rho and sigma share a factor with a root outside the unit circle, or a repeated one on it, so
    rho - z sigma fails the root condition at every z (raised by coprime_parts with the reason)."""


def coprime_parts(alpha, beta) -> tuple[tuple, tuple, str | None]:
    """(alpha, beta) with the factor rho and sigma share removed, and a sentence saying so (None when coprime).  A
    shared factor is a root of rho - z sigma for every z: strictly inside the unit circle it changes no stability
    question and the reduced method decides (backward Euler padded with alpha_0 = beta_0 = 0 shares zeta); with a
    root outside the circle, or a repeated one on it, no z is stable (_EmptyDomain, with the reason); with simple
    roots on the circle, and for sigma = 0, CheckError."""
    rho = sympy.Poly(list(reversed(alpha)), ZETA)
    sigma = sympy.Poly(list(reversed(beta)), ZETA)
    if sigma.is_zero:
        raise CheckError("sigma = 0 (every beta is 0): rho - z sigma = rho does not depend on z, and its stability domain is "
                         "not decided here")
    common = sympy.gcd(rho, sigma)
    if common.degree() == 0:
        return tuple(alpha), tuple(beta), None
    if not spectral.schur_stable(common):
        bounded, how = spectral.roots_bounded(common.as_expr().subs(ZETA, spectral.Z), sympy.Integer(0), "every z", recurrence=True,
                                              variable_name="zeta")
        if not bounded:  # a review of 2026-12-05 found the shared root 2 an error: no z is stable
            raise _EmptyDomain(f"rho and sigma share {common.as_expr()}, a factor of rho - z sigma for every z that fails the root "
                              f"condition ({how}): no z is stable")
        raise CheckError(f"rho and sigma share the factor {common.as_expr()}, a root of rho - z sigma for every z, on the unit "
                         "circle: the stability domain is not decided here")
    rho, sigma = rho.quo(common), sigma.quo(common)
    reduced_alpha = tuple(reversed(rho.all_coeffs()))  # oldest first
    reduced_beta = tuple(reversed(sigma.all_coeffs())) + (0,) * (rho.degree() - sigma.degree())
    return reduced_alpha, reduced_beta, (f"rho and sigma share {common.as_expr()}, whose roots lie inside the unit circle for "
                                         f"every z; the rest, rho = {rho.as_expr()} and sigma = {sigma.as_expr()}, decides")


def zero_stability(coefficients) -> tuple:
    """(zero-stable?, how) for coefficients with ``alpha`` (and ``beta``): the root condition on rho (Dahlquist),
    each irreducible factor of rho placed exactly (a PECE pair: its corrector's rho)."""
    rho = sympy.expand(sum(a * ZETA**j for j, a in enumerate(coefficients.alpha)))
    return spectral.roots_bounded(rho.subs(ZETA, spectral.Z), sympy.Integer(0), "z = 0", recurrence=True, variable_name="zeta")


def characteristic(spec) -> sympy.Expr:
    """rho(zeta) - z sigma(zeta); for a PECE pair (``spec.predictor``) its stability polynomial
    rho - z sigma + z beta_k (rho* - z sigma*), the corrector written on the predictor's steps (module docstring)."""
    rho = sum(a * ZETA**j for j, a in enumerate(spec.alpha))
    sigma = sum(b * ZETA**j for j, b in enumerate(spec.beta))
    predictor = getattr(spec, "predictor", None)
    if predictor is None:
        return sympy.expand(rho - Z * sigma)
    alpha_p, beta_p = predictor
    shift = ZETA ** (len(alpha_p) - len(spec.alpha))  # the corrector's k steps written on the predictor's K
    rho_p = sum(a * ZETA**j for j, a in enumerate(alpha_p))
    sigma_p = sum(b * ZETA**j for j, b in enumerate(beta_p))
    return sympy.expand(shift * (rho - Z * sigma) + Z * spec.beta[-1] * (rho_p - Z * sigma_p))


def order_and_constants(spec) -> tuple[int, list]:
    """(the order p, C_0 .. C_{p+1}) of the method with coefficients spec.alpha, spec.beta: the largest p with
    C_0 .. C_p = 0 (-1 when C_0 != 0).  A k-step method (rho and sigma not both 0) has order at most 2k (Dahlquist;
    Hairer, Norsett & Wanner I, Thm. III.3.4: the conditions C_0 .. C_{2k+1} = 0 on its 2k + 2 coefficients have only
    the zero solution), so some C_q with q <= 2k + 1 is not 0.  Computed up to there, not to a fixed C_12: the
    6-step method of order 12 was an error, and its false 'order 11' with it (a review of 2026-12-06)."""
    steps = max(len(spec.alpha), len(spec.beta)) - 1
    constants = error_constants(spec, 2 * steps + 1)
    order = next((q - 1 for q, c in enumerate(constants) if c != 0), None)
    if order is None:
        raise CheckError("rho and sigma are both 0: not a multistep method")
    return order, constants[:order + 2]


def error_constants(spec, up_to: int) -> list:
    return [(sum(a * sympy.Integer(j) ** q for j, a in enumerate(spec.alpha))
             - q * sum(b * sympy.Integer(j) ** (q - 1) for j, b in enumerate(spec.beta) if q > 0 or j > 0)) / math.factorial(q)
            for q in range(up_to + 1)]


def evaluate(claim, method, spec) -> Outcome:
    successes, failures, computed, derivation = [], [], {}, []
    p = characteristic(spec)
    computed["characteristic polynomial"] = str(p)
    name, formula = "rho(zeta) - z sigma(zeta)", "rho(zeta) - z*sigma(zeta)"
    shown = [("alpha", "alpha", spec.alpha), ("beta", "beta", spec.beta)]  # (as text, as a formula, the values)
    if spec.predictor is not None:
        name, formula = "PECE: " + name + " + z beta_k (rho*(zeta) - z sigma*(zeta))", formula + " + z*beta_k*(rho^*(zeta) - z*sigma^*(zeta))"
        shown += [("alpha*", "alpha^*", spec.predictor[0]), ("beta*", "beta^*", spec.predictor[1])]
    terms = [Formula(formula), "=", p, ";"]
    for position, (_, label, values) in enumerate(shown):
        terms += ([","] if position else []) + [Formula(label), "=", sympy.Tuple(*values)]
    listed_values = ", ".join(f"{text} = {list(values)}" for text, _, values in shown)
    derivation.append(Line(f"{name} = {p}  ({listed_values}, oldest first)", terms=terms + ["(oldest first)"]))
    if spec.equals is not None:
        ratio = sympy.cancel(sympy.expand(spec.equals) / p)
        if ratio.is_Rational and ratio != 0:
            what = "rho(zeta) - z sigma(zeta)" if spec.predictor is None else "PECE stability polynomial"
            successes.append(f"{what} = {p}" + (f" (the claim is {ratio} times it)" if ratio != 1 else ""))
        else:
            failures.append(f"characteristic polynomial: claimed {spec.equals}, computed {p} (not a constant multiple)")
    if spec.zero_stable is not None:
        bounded, how = zero_stability(spec)
        derivation.append(f"rho(zeta): {how}")
        line = f"zero-stable: {'yes' if bounded else 'no'} ({how})"
        (successes if bounded == spec.zero_stable else failures).append(
            line if bounded == spec.zero_stable else f"claimed zero_stable = {str(spec.zero_stable).lower()}, computed {line}")
    if spec.order is not None or spec.error_constant is not None:
        order, constants = order_and_constants(spec)
        # Lambert (1991, sec. 3.3): the order is the largest p with C_0 .. C_p = 0 and C_{p+1} the error constant, so
        # C_0 = 0, C_1 != 0 is order 0 with error constant C_1 (a method of order < 1 is not consistent); with C_0 != 0
        # (rho(1) != 0) there is no such p: no order and no error constant (C_0 = 1/2 was verified as one: review of
        # 2026-12-05)
        constant = constants[order + 1] if order >= 0 else None
        computed.update({"order": str(order) if order >= 0 else "none (C_0 != 0)", "error_constant": str(constant) if order >= 0 else "none"})
        derivation.append(Line(f"C_0 .. C_{order + 1} = {constants[:order + 2]}",
                               terms=[Formula("C_0"), "..", Formula(f"C_{order + 1}"), "=", sympy.Tuple(*constants[:order + 2])]))
        no_order = f"C_0 = rho(1) = {constants[0]} is not 0, so no p has C_0 .. C_p = 0"
        inconsistent = "; order < 1: the method is not consistent" if order == 0 else ""
        if spec.order is not None and order < 0:
            failures.append(f"order: claimed {spec.order}, but {no_order}: it has no order")
        elif spec.order is not None and spec.order == order:  # the consistency order (a convergence order when zero-stable)
            converges = zero_stability(spec)[0]
            successes.append(f"order {order} (of consistency: C_0 .. C_{order} = 0{inconsistent}" +
                             (")" if converges else "; rho fails the root condition, so the method does not converge at this or any order)"))
        elif spec.order is not None:
            failures.append(f"order: claimed {spec.order}, computed {order} (C_q = {constants[:order + 2]})")
        if spec.error_constant is not None and order < 0:
            failures.append(f"error constant: claimed {spec.error_constant}, but {no_order}: it has none")
        elif spec.error_constant is not None:
            (successes if spec.error_constant == constant else failures).append(
                f"error constant C_{order + 1} = {constant}{inconsistent}" if spec.error_constant == constant
                else f"error constant: claimed {spec.error_constant}, computed C_{order + 1} = {constant}")
    decided_a = a_stability(spec.alpha, spec.beta) if spec.a_stable is not None or spec.l_stable is not None else None
    if spec.a_stable is not None:
        stable, why, lines = decided_a
        derivation += lines
        computed["a_stable"] = str(stable).lower()
        line = f"{'A-stable' if stable else 'not A-stable'} ({why})"
        (successes if stable == spec.a_stable else failures).append(
            line if stable == spec.a_stable else f"claimed a_stable = {str(spec.a_stable).lower()}, computed {line}")
    if spec.l_stable is not None:
        stable, why, _ = decided_a
        decays = all(b == 0 for b in spec.beta[:-1])  # sigma = beta_k zeta^k: its roots, where those of rho - z sigma tend, are 0
        l_stable = stable and decays
        computed["l_stable"] = str(l_stable).lower()
        sigma = sympy.Poly(list(reversed(spec.beta)), ZETA).as_expr()
        because = (f"A-stable, and as z -> -oo the roots of rho - z sigma tend to those of sigma = {sigma}, which are 0" if l_stable
                   else f"not A-stable ({why})" if not stable else
                   f"as z -> -oo the roots of rho - z sigma tend to those of sigma = {sigma}, not all 0")
        line = f"{'L-stable' if l_stable else 'not L-stable'} ({because})"
        (successes if l_stable == spec.l_stable else failures).append(
            line if l_stable == spec.l_stable else f"claimed l_stable = {str(spec.l_stable).lower()}, computed {line}")
    certified = ends_enclosed = False
    if spec.a_alpha is not None:
        try:
            alpha, beta, shared = coprime_parts(spec.alpha, spec.beta)
            reduced = (alpha, beta)
        except _EmptyDomain as empty:
            reduced, shared = None, str(empty)
        found, line, lines, certified, angle = a_alpha.decide(spec.a_alpha, reduced, shared)
        derivation += lines
        computed["a_alpha"] = f"{angle} degrees"
        (successes if found else failures).append(line)
    if spec.interval is not None:
        pieces, lines = real_stability_set(p)
        derivation += lines
        component = _component_of_zero(pieces)
        shown = _show_set(pieces)
        computed["real stability set"] = shown
        if component is None:
            failures.append(f"real stability interval: claimed {spec.interval_text}, but z = 0 is not stable (the real stability set is {shown})")
        else:
            (low, low_in), (high, high_in) = component
            text = _interval_text(low, low_in, high, high_in)
            printed = None
            if spec.interval_digits is not None:
                printed, ends_enclosed = _printed_ends(spec, (low, high))
                matches = printed[0]
            else:
                matches = _same(low, spec.interval[0]) and _same(high, spec.interval[1])
            convention, brackets_only = "", matches and spec.interval_closed is not None
            if matches and spec.interval_closed is not None:
                if None in (low_in, high_in):
                    raise CheckError(f"real stability interval: the ends of {spec.interval_text} are right, but {text}")
                matches = (low_in, high_in) == spec.interval_closed
                if not matches and spec.interval_closed == (False, False):
                    matches, convention = _strict_convention(p, pieces, (low, high), text)
                    if not matches:
                        failures.append(convention)
                        convention = None
            open_end = any(end.is_finite and included is not True for end, included in ((low, low_in), (high, high_in)))
            ends_only = " (a list states the ends only: write \"(a, b]\" to claim the brackets too)" \
                if spec.interval_closed is None and matches and open_end else ""
            if convention is None:
                pass  # the strict convention's failure is the message
            elif printed is not None:
                found, missed = printed[1]
                found = found + ([f"its open brackets {convention}"] if convention and matches else [])
                wrong = "; ".join(missed) if missed else f"the ends print as claimed, but the brackets do not: claimed {spec.interval_text}"
                (successes if matches else failures).append(
                    f"real stability interval {text}: {'; '.join(found)}{ends_only} (the real stability set is {shown})" if matches
                    else f"real stability interval {spec.interval_text} at {decimals(spec.interval_digits)}: {wrong} "
                         f"(computed {text}; the real stability set is {shown})")
            elif convention:
                successes.append(f"real stability interval {spec.interval_text}: {convention} (the real stability set is {shown})")
            else:
                (successes if matches else failures).append(
                    f"real stability interval {text}{ends_only} (the real stability set is {shown})" if matches
                    else f"real stability interval: claimed {spec.interval_text}, computed {text}"
                         f"{_other_convention(low, high) if brackets_only else ''} (the real stability set is {shown})")
    outcome = "refuted" if failures else "verified"
    enclosed = [what for what, flag in (("the angle", certified), ("the interval's ends", ends_enclosed)) if flag]
    certified = bool(enclosed)
    evidence = "certified" if certified else "symbolic" if any(
        v is not None for v in (spec.interval, spec.zero_stable, spec.a_stable, spec.l_stable, spec.a_alpha)) else "exact"
    how = f" (from the coefficients; {' and '.join(enclosed)} enclosed rigorously)" if certified else " (exact, from the coefficients)"
    return Outcome(outcome, evidence, "; ".join(failures or successes) + how, computed, derivation)


def a_stability(alpha, beta) -> tuple[bool, str, list]:
    """(A-stable?, why, derivation lines) of the linear multistep method (alpha, beta), oldest first (module
    docstring; Hairer & Wanner II, sec. V.1); a shared factor of rho and sigma as coprime_parts says.  Kept per
    process (_KEPT): the suite asked it 48 times for 19 methods (2026-12-05)."""
    stable, why, lines = _kept_a_stability(tuple(alpha), tuple(beta))
    return stable, why, list(lines)


_KEPT = 64  # decisions kept per process, per function: exact functions of the coefficients, handed out as copies


@functools.lru_cache(maxsize=_KEPT)
def _kept_a_stability(alpha: tuple, beta: tuple) -> tuple[bool, str, list]:
    try:
        alpha, beta, shared = coprime_parts(alpha, beta)
    except _EmptyDomain as empty:
        return False, str(empty), [str(empty)]
    stable, why, lines = _coprime_a_stability(alpha, beta)
    if shared is None:
        return stable, why, lines
    return stable, f"{shared}: {why}", [shared] + lines


def _coprime_a_stability(alpha, beta) -> tuple[bool, str, list]:
    """a_stability for coprime rho and sigma."""
    rho = sympy.Poly(list(reversed(alpha)), ZETA)
    sigma = sympy.Poly(list(reversed(beta)), ZETA)
    k = len(alpha) - 1
    alpha_k, beta_k = alpha[-1], beta[-1]
    if beta_k == 0:
        return False, ("explicit (beta_k = 0): as z -> -oo a root of rho - z sigma grows without bound, since z sigma has degree "
                       f"{sigma.degree()} < {k}"), []
    if alpha_k / beta_k < 0:
        return False, f"the leading coefficient alpha_k - z beta_k vanishes at z = {alpha_k / beta_k} < 0: a root escapes to infinity there", []
    E = a_alpha.real_part_on_circle(alpha, beta)
    lines = [Line(f"E(theta) = Re(rho(e^(i theta)) conj(sigma(e^(i theta)))) = {E} with x = cos(theta)",
                  terms=["E(theta) = Re(rho(e^(i theta)) conj(sigma(e^(i theta)))) =", E, "with", Formula("x = cos(theta)")])]
    if E != 0:
        points, pieces = a_alpha.sign_pieces(E)
        ends = [(x, E.subs(a_alpha.X, x)) for x in (sympy.Integer(-1), sympy.Integer(1))]
        samples = [x for x, _ in ends] + [sample for _, _, sample, _ in pieces]
        for x, value in ends + [(sample, value) for _, _, sample, value in pieces]:
            if value < 0:
                lines.append(f"E < 0 at cos(theta) = {x} (E = {value}): the root locus z(theta) enters Re z < 0")
                return False, (f"the root locus rho/sigma on the unit circle enters Re z < 0: E(theta) = {value} < 0 at cos(theta) = {x}, "
                               "so next to that z, in the left half-plane, a root lies outside the unit circle"), lines
        lines.append(f"E >= 0 on [-1, 1] (its real roots there: {', '.join(map(str, points)) or 'none'}; "
                     f"checked at {', '.join(map(str, samples))})")
    else:
        lines.append("E = 0: the root locus lies on the imaginary axis")
    at_minus_one = rho + sigma  # rho - z sigma at z = -1
    lines.append(f"z = -1: rho + sigma = {at_minus_one.as_expr()}")
    if not spectral.schur_stable(at_minus_one):
        return False, (f"at z = -1 a root of rho + sigma = {at_minus_one.as_expr()} lies outside the unit circle (the root locus "
                       "stays out of Re z < 0, so every z there has a root outside)"), lines
    shown = ("" if E == 0 else f" (E(theta) = {E} >= 0, x = cos(theta))" if len(str(E)) <= MAX_SHOWN_E
             else f" (E(theta) >= 0, a polynomial of degree {sympy.degree(E, a_alpha.X)} in x = cos(theta) written out in the derivation)")
    return True, ("the root locus rho/sigma on |zeta| = 1 stays in Re z >= 0" + shown
                  + f" and at z = -1 every root of rho + sigma = {at_minus_one.as_expr()} is inside the unit circle"), lines


MAX_SHOWN_E = 300  # a longer E(theta) is named in the verdict's one line, not written out (a 200-step method's: 7 KB; a review
# of 2026-12-07)
FIRST_END_BITS, MAX_END_BITS = 64, 4096  # enclosures of an irrational interval end, doubled until its print is decided


def _printed_ends(spec, ends) -> tuple[tuple[bool, tuple], bool]:
    """((holds, (found, missed)), enclosed?) for claimed interval ends printed to spec.interval_digits decimals
    against the exact ``ends`` (rational, algebraic or infinite): an infinite end must be claimed as one, a finite
    one is enclosed (realsets.enclosure, at doubling precision) until the rounding audit decides its print."""
    labels = ("low end", "high end")
    found, missed = [], []
    audited = []
    for label, exact, claimed, written in zip(labels, ends, spec.interval, spec.interval_ends_text):
        if exact.is_infinite or claimed.is_infinite:
            line = f"{label} {exact}" if exact == claimed else f"{label}: claimed {written}, computed {exact}"
            (found if exact == claimed else missed).append(line)
        else:
            audited.append((label, exact, claimed, written))
    bits, enclosed = FIRST_END_BITS, False
    while audited:
        audit = RoundingAudit(spec.interval_digits, spec.interval_rounding)
        for label, exact, claimed, written in audited:
            if exact.is_Rational:
                audit.add(label, exact, claimed, written)
                continue
            low, high = realsets.enclosure(exact, bits)
            enclosed = True
            audit.add(label, (low, high, f"{exact} {enclosure_text(low, high)}"), claimed, written)
        if not audit.undecided():
            more_found, more_missed = audit.findings()
            found, missed = found + more_found, missed + more_missed
            break
        if bits >= MAX_END_BITS:
            raise CheckError(f"the real stability interval's ends are not decided at {spec.interval_digits} decimals by enclosures "
                             f"of {MAX_END_BITS} bits (an end on a printing boundary?)")
        bits *= 2
    return (not missed, (found, missed)), enclosed


def _same(a, b) -> bool:
    if a.is_infinite or b.is_infinite:
        return a == b
    return spectral.compare_real(a, b) == 0


def real_stability_set(p) -> tuple[list, list]:
    """[(low, high, stable, low_point_stable)], the real line cut at every z where a root can reach the unit circle,
    each open piece and each cut point decided exactly; and derivation lines.  Kept per process (the suite asked it
    48 times for 14 polynomials, 2026-12-05)."""
    pieces, lines = _kept_real_stability_set(p)
    return list(pieces), list(lines)


@functools.lru_cache(maxsize=_KEPT)
def _kept_real_stability_set(p) -> tuple[list, list]:
    k = sympy.degree(p, ZETA)
    reciprocal = sympy.expand(ZETA**k * p.subs(ZETA, 1 / ZETA))
    resultant = sympy.expand(sympy.resultant(p, reciprocal, ZETA))
    if resultant == 0:
        raise CheckError("the resultant of p and its reciprocal vanishes for every z (a factor of rho - z sigma is self-reciprocal): "
                         "the real stability set is not decided")
    leading = sympy.Poly(p, ZETA).LC()
    cuts = []
    for polynomial in (resultant, leading):
        if sympy.Poly(polynomial, Z).degree() > 0:
            cuts += sympy.Poly(polynomial, Z).real_roots()
    cuts = spectral.merge_points(cuts)
    lines = [Line(f"z where a root can reach the unit circle: {', '.join(map(str, cuts)) or 'none'}",
                  terms=[Formula("z"), "where a root can reach the unit circle:", *(listed(cuts) or ["none"])])]

    def stable_between(value) -> bool:
        polynomial = sympy.Poly(p.subs(Z, value), ZETA)
        if polynomial.degree() < k:
            return False
        return spectral.schur_stable(polynomial)

    def stable_at(point) -> bool | None:
        """The root condition at a cut point; None when its roots cannot be placed (e.g. over QQ(CRootOf))."""
        if sympy.Poly(p, ZETA).LC().subs(Z, point) == 0:
            lines.append(f"z = {point}: the leading coefficient vanishes (a root at infinity): unstable")
            return False
        try:
            bounded, how = spectral.roots_bounded(sympy.expand(p.subs(Z, point)).subs(ZETA, spectral.Z), point, f"z = {point}",
                                                  recurrence=True, variable_name="zeta")
        except CheckError as exc:
            outside = _root_outside(p, point)
            if outside is not None:
                lines.append(f"z = {point}: a root of modulus in {outside} lies outside the unit circle (Arb's root enclosures): unstable")
                return False
            lines.append(f"z = {point}: not decided ({exc})")
            return None
        lines.append(f"z = {point}: {how}")
        return bounded

    ends = [sympy.S.NegativeInfinity] + cuts + [sympy.S.Infinity]
    pieces = []
    for i in range(len(ends) - 1):
        a, b = ends[i], ends[i + 1]
        sample = (spectral.rational_between(a, b) if a.is_finite and b.is_finite else
                  (spectral.floor_real(b) - 1 if a.is_infinite and b.is_finite else spectral.rational_between(a, None) if a.is_finite else sympy.Integer(0)))
        stable = stable_between(sample)
        lines.append(Line(f"({a}, {b}) at z = {sample}: {'stable' if stable else 'unstable'} (exact Schur-Cohn test)",
                          terms=[sympy.Interval.open(a, b), "at", sympy.Eq(Z, sample, evaluate=False), ":",
                                 f"{'stable' if stable else 'unstable'} (exact Schur-Cohn test)"]))
        pieces.append((a, b, stable))
    points = {i: stable_at(c) for i, c in enumerate(cuts)}
    return [(pieces[i], points.get(i)) for i in range(len(pieces))], lines


def _root_outside(p, point) -> str | None:
    """The enclosure of the modulus of a root of p(zeta, point) strictly outside the unit circle, as text, when Arb's
    certified root isolation finds one (point a real algebraic number, enclosed rigorously); None when it does not (no
    such root, or the isolation fails: a repeated root).  Proves instability where the exact placement over
    QQ(point) is not available (AM4's cut points, roots of a cubic: a review of 2026-12-05 found them undecided
    though a root has modulus about 5)."""
    polynomial = sympy.Poly(p, ZETA)
    for bits in (128, 512):
        saved = flint.ctx.prec
        flint.ctx.prec = bits
        try:
            low, high = realsets.enclosure(sympy.sympify(point), bits)
            z = flint.arb(flint.fmpq(int(low.p), int(low.q))).union(flint.arb(flint.fmpq(int(high.p), int(high.q))))
            coefficients = []
            for c in reversed(polynomial.all_coeffs()):  # constant term first; each linear in z with rational coefficients
                part = sympy.Poly(c, Z)
                value = flint.arb(0)
                for k, a in enumerate(reversed(part.all_coeffs())):
                    value += flint.arb(flint.fmpq(int(sympy.Rational(a).p), int(sympy.Rational(a).q))) * z**k
                coefficients.append(flint.acb(value))
            roots = flint.acb_poly(coefficients).roots()
        except (ValueError, ArithmeticError, TypeError):
            roots = []
        finally:
            flint.ctx.prec = saved
        for root in roots:
            modulus = abs(root)
            if modulus.lower() > 1:
                return f"[{modulus.lower().str(5, radius=False)}, {modulus.upper().str(5, radius=False)}]"
    return None


def _items(pieces) -> list:
    """The real line in order: open pieces and the cut points between them, as (low, high, stable, is_point)."""
    items = []
    for (a, b, stable), right_point in pieces:
        items.append((a, b, stable, False))
        if b.is_finite:
            items.append((b, b, right_point, True))
    return items


def _other_convention(low, high) -> str:
    """The open interval's note, where only the brackets of a claim are wrong (at most the open interval: a cut point
    inside with a root on the circle would split it, _strict_convention)."""
    return (f" under the root condition; with every root strictly inside the unit circle (Lambert's absolute stability) "
            f"the finite ends are left out, which gives at most ({low}, {high}): neither convention gives the brackets claimed")


def _strict_convention(p, pieces, ends, text) -> tuple[bool, str]:
    """Does the claimed open interval (low, high) follow the other convention, absolute stability with every root
    strictly inside the unit circle (Lambert 1991, sec. 3.8, whose interval for AM3 is the open (-3, 0); the root
    condition, this check's convention, closes it to [-3, 0])?  A finite end of the root-condition interval that
    belongs to it has a root on the circle (else a neighbourhood would be stable too): it is left out under the strict
    convention, as z = 0 is (zeta = 1 there); so the strict interval is the open one when no cut point inside has a
    root on the circle as well.  A new user's trial of 2026-12-07 found Lambert's (-3, 0) refuted.  (holds, message)."""
    low, high = ends
    if low == high:  # "(0, 0)": an empty interval (leapfrog's strict set on the real line) is not what the key states
        raise CheckError(f"real stability interval: the open interval ({low}, {high}) is empty; under the root condition the "
                         f"part containing 0 is {text}: claim that, or that no z < 0 is stable with a forall")
    inside = [item[0] for item in _items(pieces) if item[3] and (low.is_infinite or spectral.compare_real(item[0], low) > 0)
              and (high.is_infinite or spectral.compare_real(item[0], high) < 0)]
    for point in inside:
        if not point.is_Rational:
            raise CheckError(f"real stability interval: whether a root lies on the unit circle at the cut point z = {point} "
                             f"is not decided, and the open interval (every root strictly inside) depends on it; computed {text} "
                             "under the root condition")
        if not spectral.schur_stable(sympy.Poly(p.subs(Z, point), ZETA)):
            return False, (f"real stability interval: claimed the open interval ({low}, {high}), computed {text} under the root "
                           f"condition; with every root strictly inside the unit circle (the open convention) z = {point} is left "
                           "out too (a root on the circle there), so neither convention gives it")
    return True, (f"with every root strictly inside the unit circle (absolute stability as Lambert 1991, sec. 3.8 defines "
                  f"it), its finite ends left out, each with a root on the circle; under the root condition (roots on the "
                  f"circle simple), this check's convention, it is {text}")


def _component_of_zero(pieces):
    """((low, low included), (high, high included)) of the connected stable part containing z = 0, or None;
    CheckError when a cut point it depends on is not decided."""
    items = _items(pieces)

    def contains_zero(item):
        low, high, _, point = item
        if point:
            return spectral.compare_real(low, 0) == 0
        return (low.is_infinite or spectral.compare_real(low, 0) < 0) and (high.is_infinite or spectral.compare_real(high, 0) > 0)

    index = next(i for i, item in enumerate(items) if contains_zero(item))

    def undecided(item):
        return CheckError(f"the root condition at the cut point z = {item[0]} is not decided, and the interval around 0 depends on it")

    if items[index][2] is None:
        raise undecided(items[index])
    if not items[index][2]:
        return None

    def last(i, step):
        """(index of the last stable item from i on in direction step, its end included?); an undecided cut point
        before an unstable piece is the end, whether it belongs undecided (None) (ABM4's end, a root of a quartic:
        the ends are known; review of 2026-12-05 found the claim an error)."""
        while 0 <= i + step < len(items):
            item = items[i + step]
            if item[2] is None:
                beyond = i + 2 * step
                if 0 <= beyond < len(items) and items[beyond][2] is False:
                    return i + step, None
                raise undecided(item)
            if not item[2]:
                break
            i += step
        return i, items[i][3]

    (start, low_in), (end, high_in) = last(index, -1), last(index, 1)
    return (items[start][0], low_in), (items[end][1], high_in)


def _interval_text(low, low_in, high, high_in) -> str:
    """``(-2, 0]``; an end whose root condition is not decided (None) is shown both ways, with a note."""
    text = f"{'(' if low_in is False else '['}{low}, {high}{')' if high_in is False else ']'}"
    open_ = f"{'(' if low_in is not True else '['}{low}, {high}{')' if high_in is not True else ']'}"
    if None not in (low_in, high_in):
        return text
    points = " and ".join(f"z = {end}" for end, included in ((low, low_in), (high, high_in)) if included is None)
    return f"{text} or {open_} (the root condition at {points} is not decided)"


def _show_set(pieces) -> str:
    parts, current = [], None
    for a, b, stable, point in _items(pieces):
        if stable and current is None:
            current = [a, point, b, point]
        elif stable:
            current[2], current[3] = b, point
        elif current is not None:
            parts.append(current)
            current = None
    if current is not None:
        parts.append(current)
    undecided = [str(a) for a, _, stable, point in _items(pieces) if point and stable is None]
    note = (f" (the root condition at z = {', '.join(undecided)} is not decided: the set is shown without "
            f"{'those points' if len(undecided) > 1 else 'that point'})" if undecided else "")
    if not parts:
        return "empty" + note
    return note and (_joined(parts) + note) or _joined(parts)


def _joined(parts) -> str:
    return " ∪ ".join(f"{low}" if low == high else f"{'[' if li and low.is_finite else '('}{low}, {high}{']' if hi and high.is_finite else ')'}"
                      for low, li, high, hi in parts)
