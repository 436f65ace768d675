"""Stability of linear multistep methods from their coefficients: characteristic polynomial, zero-stability,
real stability interval, order and error constant; against NodePy and the textbook tables."""
from __future__ import annotations

import math

import mpmath
import pytest
import sympy

from conftest import assert_refuted, claims_text
from verify.engines.methods import MULTISTEP

# Intervals of absolute stability on the real axis: Lambert, Numerical Methods for Ordinary Differential Systems
# (1991), sec. 3.8 (Adams-Bashforth k = 1..4: -2, -1, -6/11, -3/10; Adams-Moulton k = 1..4: -oo, -6, -3, -90/49).
INTERVALS = {"adams-bashforth-1": "-2", "adams-bashforth-2": "-1", "adams-bashforth-3": '"-6/11"', "adams-bashforth-4": '"-3/10"',
             "adams-moulton-1": '"-oo"', "adams-moulton-2": "-6", "adams-moulton-3": "-3", "adams-moulton-4": '"-90/49"', "bdf-2": '"-oo"'}
# Error constants C_{p+1} (alpha_k = 1): BDF2 -2/9, trapezoid (AM1) -1/12, AB2 5/12, AB3 3/8, AM2 -1/24, BDF3 -3/22.
ERROR_CONSTANTS = {"bdf-2": "-2/9", "adams-moulton-1": "-1/12", "adams-bashforth-2": "5/12", "adams-bashforth-3": "3/8",
                   "adams-moulton-2": "-1/24", "bdf-3": "-3/22"}


def stability(check_claims, bodies):
    return {k: r.outcome for k, r in check_claims(claims_text("", {k: ('check = "stability"\n' + v,) for k, v in bodies.items()})).items()}


def nodepy_method(name):
    lm = pytest.importorskip("nodepy.linear_multistep_method")
    family, _, k = name.rpartition("-")
    return {"adams-bashforth": lm.Adams_Bashforth, "adams-moulton": lm.Adams_Moulton, "bdf": lm.backward_difference_formula}[family](int(k))


@pytest.mark.parametrize("name", sorted(MULTISTEP))
def test_coefficients_order_and_zero_stability_agree_with_nodepy(name):
    theirs = nodepy_method(name)
    ours = MULTISTEP[name]
    for mine, other in ((ours.alpha, theirs.alpha), (ours.beta, theirs.beta)):
        assert len(mine) == len(other) and all(abs(sympy.Rational(a) - sympy.nsimplify(b)) < sympy.Rational(1, 10**12) for a, b in zip(mine, other))
    assert theirs.order() == ours.order
    assert theirs.is_zero_stable()


@pytest.mark.parametrize("name", sorted(INTERVALS))
def test_textbook_stability_intervals_are_verified_and_a_wrong_end_refuted(check_claims, name):
    low = INTERVALS[name]
    wrong = "-5" if low == '"-oo"' else f'"2*({low.strip(chr(34))})"'
    outcomes = stability(check_claims, {"true": f'method = "{name}"\nreal_stability_interval = [{low}, 0]',
                                        "wrong": f'method = "{name}"\nreal_stability_interval = [{wrong}, 0]'})
    assert outcomes["true"].status == "verified" and outcomes["true"].evidence == "symbolic", outcomes["true"].message
    assert_refuted(outcomes["wrong"], ["real stability interval: claimed", "computed"])


@pytest.mark.parametrize("name", sorted(ERROR_CONSTANTS))
def test_error_constants_and_orders(check_claims, name):
    constant, order = ERROR_CONSTANTS[name], MULTISTEP[name].order
    outcomes = stability(check_claims, {"true": f'method = "{name}"\norder = {order}\nerror_constant = "{constant}"',
                                        "flipped-sign": f'method = "{name}"\nerror_constant = "{sympy.Rational(constant) * -1}"',
                                        "wrong-order": f'method = "{name}"\norder = {order + 1}'})
    assert outcomes["true"].status == "verified" and outcomes["true"].evidence == "exact", outcomes["true"].message
    assert_refuted(outcomes["flipped-sign"], [f"error constant: claimed {sympy.Rational(constant) * -1}, computed C_{order + 1} = {constant}"])
    assert_refuted(outcomes["wrong-order"], [f"order: claimed {order + 1}, computed {order}"])


def test_characteristic_polynomial_up_to_normalisation_and_a_wrong_one(check_claims):
    outcomes = stability(check_claims, {
        "bdf2": 'method = "bdf-2"\nequals = "3*zeta**2 - 4*zeta + 1 - 2*z*zeta**2"',
        "ab2": 'method = "adams-bashforth-2"\nequals = "zeta**2 - zeta - z*(3*zeta/2 - 1/2)"',
        "ab2-wrong": 'method = "adams-bashforth-2"\nequals = "zeta**2 - zeta - z*(3*zeta/2 + 1/2)"'})
    assert outcomes["bdf2"].status == "verified" and "the claim is 3 times it" in outcomes["bdf2"].message
    assert outcomes["ab2"].status == "verified"
    assert_refuted(outcomes["ab2-wrong"], ["characteristic polynomial: claimed", "not a constant multiple"])


def test_dahlquists_unstable_third_order_method_is_not_zero_stable(check_claims):
    """y_{n+2} + 4 y_{n+1} - 5 y_n = h (4 f_{n+1} + 2 f_n): order 3 (the highest for 2 steps) but rho = (zeta - 1)(zeta + 5)
    (Hairer, Norsett & Wanner I, sec. III.3, the example before Dahlquist's first barrier)."""
    body = 'method = "lmm"\noptions = { alpha = [-5, 4, 1], beta = [2, 4, 0] }\n'
    outcomes = stability(check_claims, {"true": body + "zero_stable = false\norder = 3", "wrong": body + "zero_stable = true",
                                        "bdf6": 'method = "bdf-6"\nzero_stable = true', "interval": body + "real_stability_interval = [-1, 0]"})
    assert outcomes["true"].status == "verified" and outcomes["bdf6"].status == "verified"
    assert_refuted(outcomes["wrong"], ["claimed zero_stable = true, computed zero-stable: no", "(zeta + 5): its root outside the unit circle"])
    assert_refuted(outcomes["interval"], ["z = 0 is not stable"])


def test_the_stability_set_beyond_the_interval_is_reported(check_claims):
    """BDF2 is stable on (-oo, 0] and again on [4, oo) (its unstable region meets the real axis in (0, 4))."""
    outcome = stability(check_claims, {"bdf2": 'method = "bdf-2"\nreal_stability_interval = ["-oo", 0]'})["bdf2"]
    assert outcome.status == "verified" and "(-oo, 0] ∪ [4, oo)" in outcome.message, outcome.message
    # an infinite end as a float prints it (a review of 2026-12-05 wrote "-inf" and was refused); a wrong end still fails
    written = stability(check_claims, {"inf": 'method = "bdf-2"\nreal_stability_interval = ["-inf", 0]',
                                       "bracket": 'method = "bdf-2"\nreal_stability_interval = "(-Infinity, 0]"',
                                       "wrong": 'method = "adams-bashforth-2"\nreal_stability_interval = ["-inf", 0]'})
    assert written["inf"].status == written["bracket"].status == "verified", (written["inf"].message, written["bracket"].message)
    assert_refuted(written["wrong"], ["claimed (-inf, 0], computed [-1, 0]"])  # an infinite end is shown open (a review of 2026-12-07)
    assert_refuted(stability(check_claims, {"ab3": 'method = "adams-bashforth-3"\nreal_stability_interval = ["-oo", 0]'})["ab3"],
                   ["real stability interval: claimed (-oo, 0], computed [-6/11, 0]"])


def test_an_irreducible_rational_factor_not_inside_has_a_root_outside():
    """spectral._place_roots on factors irreducible over QQ of degree 3 to 6 that are not self-reciprocal: 'outside'
    exactly when mpmath's roots (an independent computation) put one beyond the unit circle, else 'inside'; BDF7's
    sextic (NodePy: not zero-stable) is outside."""
    import random

    import mpmath

    from verify.engines import spectral

    z = spectral.Z
    bdf7 = sympy.Poly(1089 * z**6 - 1851 * z**5 + 2559 * z**4 - 2341 * z**3 + 1334 * z**2 - 430 * z + 60, z)
    assert spectral._place_roots(bdf7) == "outside"
    generator = random.Random(7)
    seen = set()
    while len(seen) < 24:
        degree = generator.randint(3, 6)
        lead = generator.randint(1, 40) if len(seen) % 2 else generator.randint(60, 200)  # every other one mostly inside
        coefficients = [lead] + [generator.randint(-30, 30) for _ in range(degree)]
        f = sympy.Poly(coefficients, z)
        if coefficients == coefficients[::-1] or not f.is_irreducible:
            continue
        with mpmath.workdps(30):
            outside = max(abs(r) for r in mpmath.polyroots(coefficients, maxsteps=200, extraprec=200)) > 1
        place = spectral._place_roots(f)
        assert place == ("outside" if outside else "inside"), (coefficients, place)
        seen.add((place, tuple(coefficients)))
    assert sum(place == "inside" for place, _ in seen) >= 5 and sum(place == "outside" for place, _ in seen) >= 5


def test_a_pece_pair_has_its_corrector_s_order_and_its_own_stability_polynomial(check_claims):
    """abm-2 (AB2 predicts, the trapezoidal rule corrects, PECE) on y' = lam y, q = h lam: y* = y_n + q/2 (3 y_n - y_{n-1}),
    y_{n+1} = y_n + q/2 (y* + y_n) = (1 + q + 3q^2/4) y_n - q^2/4 y_{n-1} (by hand), so zeta^2 - (1 + q + 3q^2/4) zeta + q^2/4;
    at q = -3/2 both roots have modulus sqrt(9/16) = 3/4, at q = -2 it is (zeta - 1)^2: stable on (-2, 0], where AB2
    alone is stable on (-1, 0) (the predictor's polynomial was used before, and AB2's error constant 5/12).  abm-3 has
    AM2's order 3 and error constant -1/24 (Lambert 1991, sec. 4.2)."""
    outcomes = stability(check_claims, {
        "polynomial": 'method = "abm-2"\nequals = "zeta**2 - (1 + z + 3*z**2/4)*zeta + z**2/4"',
        "interval": 'method = "abm-2"\nreal_stability_interval = [-2, 0]',
        "predictor-interval": 'method = "abm-2"\nreal_stability_interval = [-1, 0]',
        "predictor-polynomial": 'method = "abm-2"\nequals = "zeta**2 - zeta - z*(3*zeta - 1)/2"',
        "corrector": 'method = "abm-3"\norder = 3\nerror_constant = "-1/24"\nzero_stable = true',
        "predictor-constant": 'method = "abm-3"\nerror_constant = "3/8"',
    })
    for name in ("polynomial", "interval", "corrector"):
        assert outcomes[name].status == "verified", (name, outcomes[name].message)
    assert "PECE stability polynomial" in outcomes["polynomial"].message and "(-2, 0]" in outcomes["interval"].message
    assert_refuted(outcomes["predictor-interval"], ["real stability interval: claimed [-1, 0]", "computed (-2, 0]"])
    assert_refuted(outcomes["predictor-polynomial"], ["characteristic polynomial: claimed", "not a constant multiple"])
    assert_refuted(outcomes["predictor-constant"], ["error constant: claimed 3/8", "computed C_4 = -1/24"])


def test_milne_s_pece_pair_has_simpson_s_order_and_its_own_stability_set(check_claims):
    """milne-pece on y' = lam y, q = h lam (by hand): y* = y_{n-3} + 4q/3 (2 y_n - y_{n-1} + 2 y_{n-2}),
    y_{n+1} = y_{n-1} + q/3 (y_{n-1} + 4 y_n + y*), so zeta^4 - zeta^2 - q/3 (4 zeta^3 + zeta^2) - q/3
    - 4q^2/9 (2 zeta^3 - zeta^2 + 2 zeta).  Its roots (numpy, as a check of the set): largest modulus 1.0036 at
    q = -0.85, 0.9723 at -0.8, 0.7758 at -0.5, 1 at -0.3, 1.0045 at -0.29, 1.0243 at -0.1: stable on about
    (-0.8443, -0.3] and at 0, not on [-1, 0].  Order 4 and error constant -1/90, Simpson's rule's (Lambert 1991, sec. 4.2:
    the predictor's order 4 is not below it)."""
    polynomial = "zeta**4 - zeta**2 - z*(4*zeta**3 + zeta**2)/3 - z/3 - 4*z**2*(2*zeta**3 - zeta**2 + 2*zeta)/9"
    outcomes = stability(check_claims, {
        "polynomial": f'method = "milne-pece"\nequals = "{polynomial}"',
        "flipped": f'method = "milne-pece"\nequals = "{polynomial.replace("- 4*z**2", "+ 4*z**2")}"',
        "interval": 'method = "milne-pece"\nreal_stability_interval = [-1, 0]',
        "order": 'method = "milne-pece"\norder = 4\nerror_constant = "-1/90"\nzero_stable = true',
        "predictor-constant": 'method = "milne-pece"\nerror_constant = "14/45"'})
    for name in ("polynomial", "order"):
        assert outcomes[name].status == "verified", (name, outcomes[name].message)
    assert_refuted(outcomes["flipped"], ["characteristic polynomial: claimed", "not a constant multiple"])
    assert_refuted(outcomes["interval"], ["real stability interval: claimed [-1, 0]", "-3/10]"])
    assert_refuted(outcomes["predictor-constant"], ["error constant: claimed 14/45", "computed C_5 = -1/90"])


def test_an_open_interval_follows_the_strict_convention_of_absolute_stability(check_claims):
    """Lambert (1991, sec. 3.8) defines absolute stability with every root strictly inside the unit circle and prints
    AM3's interval as (-3, 0); under the root condition (this check's convention) it is [-3, 0].  A new user's trial of
    2026-12-07 found Lambert's (-3, 0) refuted.  By hand: at z = -3, rho - z sigma for AM3 (3 steps: zeta^3 - zeta^2
    - z (9 zeta^3 + 19 zeta^2 - 5 zeta + 1)/24) is (zeta + 1)(17 zeta^2 - 6 zeta + 1)/8, a root at -1 on the circle
    and two of modulus 1/sqrt(17); at z = 0, zeta = 1.  Brackets that follow neither convention, and a wrong end, are
    still refuted."""
    outcomes = stability(check_claims, {
        "open": 'method = "adams-moulton-3"\nreal_stability_interval = "(-3, 0)"',
        "closed": 'method = "adams-moulton-3"\nreal_stability_interval = "[-3, 0]"',
        "half": 'method = "adams-moulton-3"\nreal_stability_interval = "(-3, 0]"',
        "end": 'method = "adams-moulton-3"\nreal_stability_interval = "(-3.5, 0)"',
        "pece": 'method = "abm-2"\nreal_stability_interval = "(-2, 0)"'})
    for name in ("open", "closed", "pece"):
        assert outcomes[name].status == "verified", (name, outcomes[name].message)
    assert "strictly inside the unit circle" in outcomes["open"].message and "it is [-3, 0]" in outcomes["open"].message
    assert_refuted(outcomes["half"], ["claimed (-3, 0], computed [-3, 0]", "neither convention gives the brackets claimed"])
    assert_refuted(outcomes["end"], ["claimed (-3.5, 0), computed [-3, 0]"])
    more = stability(check_claims, {  # a review of the change: with digits the convention went unsaid; "(0, 0)" was verified
        "digits": 'method = "adams-moulton-3"\nreal_stability_interval = "(-3.00, 0.00)"\ndigits = 3',
        "empty": 'method = "lmm"\noptions = { alpha = [-1, 0, 1], beta = [0, 2, 0] }\nreal_stability_interval = "(0, 0)"'})
    assert more["digits"].status == "verified" and "strictly inside the unit circle" in more["digits"].message, more["digits"].message
    assert more["empty"].status == "error" and "the open interval (0, 0) is empty" in more["empty"].message, more["empty"].message


def test_zero_stable_is_a_key_of_order_claims_as_the_spec_names_it(check_claims):
    """SPEC: in check = "order", zero_stable = true | false states the root condition (it was an unknown key).
    rho of Dahlquist's order-3 two-step method y_{n+2} + 4 y_{n+1} - 5 y_n = h (4 f_{n+1} + 2 f_n) is
    (zeta - 1)(zeta + 5): not zero-stable; BDF6's roots other than 1 lie inside the unit circle."""
    bodies = {"bdf6": 'method = "bdf-6"\norder = 6\nzero_stable = true', "bdf6-flipped": 'method = "bdf-6"\nzero_stable = false',
              "dahlquist": 'method = "lmm"\noptions = { alpha = [-5, 4, 1], beta = [2, 4, 0] }\nzero_stable = false',
              "dahlquist-flipped": 'method = "lmm"\noptions = { alpha = [-5, 4, 1], beta = [2, 4, 0] }\nzero_stable = true'}
    results = {k: r.outcome for k, r in check_claims(claims_text("", {k: ('check = "order"\n' + v,) for k, v in bodies.items()})).items()}
    assert results["bdf6"].status == results["dahlquist"].status == "verified", (results["bdf6"].message, results["dahlquist"].message)
    assert_refuted(results["bdf6-flipped"], ["zero_stable: claimed false, computed true"])
    assert_refuted(results["dahlquist-flipped"], ["zero_stable: claimed true, computed false", "(zeta + 5): its root outside the unit circle"])


def test_an_order_claim_says_it_is_of_consistency_and_when_the_method_does_not_converge(check_claims):
    """Review of 2026-12-05: the stability kind's order is the order of consistency (C_0 .. C_p = 0); for alpha =
    (-5, 4, 1), beta = (2, 4, 0), oldest first, it is 3, but rho = zeta^2 + 4 zeta - 5 = (zeta - 1)(zeta + 5) has the
    root -5, so the method does not converge: the message says both, where the order kind refutes a convergence order."""
    from math import factorial
    alpha, beta = (-5, 4, 1), (2, 4, 0)
    constants = [sum(a * j**q for j, a in enumerate(alpha)) - q * sum(b * j ** (q - 1) for j, b in enumerate(beta) if q or j)
                 for q in range(5)]
    assert [c / factorial(q) for q, c in enumerate(constants)][:4] == [0, 0, 0, 0] and constants[4] != 0
    body = 'method = "lmm"\noptions = { alpha = [-5, 4, 1], beta = [2, 4, 0] }\n'
    outcomes = stability(check_claims, {"three": body + "order = 3", "four": body + "order = 4", "ab2": 'method = "adams-bashforth-2"\norder = 2'})
    assert outcomes["three"].status == "verified"
    assert "order 3 (of consistency: C_0 .. C_3 = 0; rho fails the root condition, so the method does not converge" in outcomes["three"].message
    assert outcomes["ab2"].status == "verified" and outcomes["ab2"].message.startswith("order 2 (of consistency: C_0 .. C_2 = 0)")
    assert_refuted(outcomes["four"], ["order: claimed 4, computed 3"])


def test_bdf6_written_by_its_coefficients_and_a_degenerate_tableau_are_decided(check_claims):
    """Review of 2026-12-05 (8th session): BDF6 given by alpha and beta took 40 s on its real stability interval (the
    Schur-Cohn reduction at a split point of degree 5 grew as expanded CRootOf expressions; now reduced modulo the
    root's minimal polynomial), and the stability function of a 14-stage tableau with A = 0 ran past 60 s (the
    determinants of I - zA + z e b^T by Berkowitz on expressions; now over QQ[z]).  BDF6's coefficients are
    1/6, -6/5, 15/4, -20/3, 15/2, -6, 147/60 (its rho(zeta) = sum_j 1/j zeta^(6-j) (zeta - 1)^j, scaled)."""
    zeta = sympy.Symbol("zeta")
    rho = sympy.expand(sum(sympy.Rational(1, j) * zeta ** (6 - j) * (zeta - 1) ** j for j in range(1, 7)))
    assert sympy.Poly(rho, zeta).all_coeffs()[::-1] == [sympy.Rational(c) for c in ("1/6", "-6/5", "15/4", "-20/3", "15/2", "-6", "147/60")]
    bdf6 = 'check = "stability"\nmethod = "lmm"\noptions = { alpha = ["1/6", "-6/5", "15/4", "-20/3", "15/2", "-6", "147/60"], beta = [0, 0, 0, 0, 0, 0, 1] }\n'
    stages = 14
    zero = "[" + ", ".join("[" + ", ".join(["0"] * stages) + "]" for _ in range(stages)) + "]"
    tableau = f'check = "stability"\nmethod = "rk"\noptions = {{ A = {zero}, b = [{", ".join([chr(34) + "1/14" + chr(34)] * stages)}] }}\n'
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "bdf6": (bdf6 + 'real_stability_interval = ["-oo", 0]',), "bdf6-wrong": (bdf6 + 'real_stability_interval = [-100, 0]',),
        "euler-14": (tableau + 'equals = "1 + z"',), "euler-14-wrong": (tableau + 'equals = "1 + z + z**2/2"',)})).items()}
    assert (results["bdf6"].status, results["bdf6"].evidence) == ("verified", "symbolic"), results["bdf6"].message
    assert_refuted(results["bdf6-wrong"], ["real stability interval: claimed [-100, 0], computed (-oo, 0]"])
    assert results["euler-14"].status == "verified", results["euler-14"].message
    assert_refuted(results["euler-14-wrong"], ["R(z) of rk: claimed z**2/2 + z + 1, computed z + 1"])


def test_one_step_stability_keys_are_refused_for_a_multistep_method_not_passed_over(check_claims):
    """Review of 2026-12-05: a_stable = true for BDF3 (A(alpha)-stable with alpha about 86 degrees, its real stability
    set (-oo, 0] and [20/3, oo)) beside zero_stable = true came out verified on zero-stability alone; stable_when and
    spectral_radius beside order = 2 too (l_stable is decided now: test_l_stability_of_multistep_methods)."""
    outcomes = stability(check_claims, {
        "bdf3-a-stable": 'method = "bdf-3"\na_stable = true\nzero_stable = true',
        "ab2-stable-when": 'method = "adams-bashforth-2"\nstable_when = "h < 100"\norder = 2',
        "ab2-radius": 'method = "adams-bashforth-2"\nspectral_radius = "> 5"\norder = 2',
    })
    assert_refuted(outcomes["bdf3-a-stable"], ["claimed a_stable = true, computed not A-stable"])  # now decided (below)
    for claim_id, key in (("ab2-stable-when", "stable_when"), ("ab2-radius", "spectral_radius")):
        assert outcomes[claim_id].status == "error", outcomes[claim_id].message
        assert f"{key}: not decided for a linear multistep method" in outcomes[claim_id].message


def test_an_inconsistent_method_has_the_order_and_error_constant_lambert_defines(check_claims):
    """Review of 2026-12-05: alpha = [-1, 2], beta = [1, 0] (C_0 = rho(1) = 1/2 once alpha_k = 1) was "verified" with
    error constant C_0 = 1/2 and "order 0" refuted as "computed -1".  Lambert (1991, sec. 3.3): the order is the
    largest p with C_0 .. C_p = 0, the error constant C_{p+1}; with C_0 != 0 there is none, and alpha = [-1, 1],
    beta = [0, 2] (C_0 = 0, C_1 = -1) has order 0 and error constant -1, a method that is not consistent (order < 1)."""
    outcomes = stability(check_claims, {
        "c0": 'method = "lmm"\noptions = { alpha = [-1, 2], beta = [1, 0] }\nerror_constant = "1/2"',
        "c0-order-0": 'method = "lmm"\noptions = { alpha = [-1, 2], beta = [1, 0] }\norder = 0',
        "c1": 'method = "lmm"\noptions = { alpha = [-1, 1], beta = [0, 2] }\norder = 0\nerror_constant = "-1"',
        "c1-wrong": 'method = "lmm"\noptions = { alpha = [-1, 1], beta = [0, 2] }\nerror_constant = "1"',
        "consistent": 'method = "lmm"\noptions = { alpha = [-2, 2], beta = [1, 1] }\norder = 2\nerror_constant = "-1/12"',
    })
    assert_refuted(outcomes["c0"], ["error constant: claimed 1/2, but C_0 = rho(1) = 1/2 is not 0", "it has none"])
    assert_refuted(outcomes["c0-order-0"], ["order: claimed 0, but C_0 = rho(1) = 1/2 is not 0", "it has no order"])
    assert outcomes["c1"].status == "verified", outcomes["c1"].message
    assert "order < 1: the method is not consistent" in outcomes["c1"].message
    assert_refuted(outcomes["c1-wrong"], ["error constant: claimed 1, computed C_1 = -1"])
    assert outcomes["consistent"].status == "verified", outcomes["consistent"].message  # the trapezoid written 2x: C_3 = -1/12 once alpha_k = 1


def _left_half_plane_root_outside(alpha, beta):
    """A z with Re z < 0 where rho - z sigma has a root outside the unit circle, searched on a polar grid in floats
    (numpy's roots: arithmetic and reasoning of their own, no boundary locus); None when the grid finds none."""
    import numpy

    rho, sigma = numpy.array([float(a) for a in alpha]), numpy.array([float(b) for b in beta])  # oldest first
    r, phi = numpy.meshgrid(numpy.logspace(-2, 3, 30), numpy.linspace(numpy.pi / 2 + 1e-3, 3 * numpy.pi / 2 - 1e-3, 361))
    z = (r * numpy.exp(1j * phi)).ravel()
    p = rho[None, :] - z[:, None] * sigma[None, :]  # the coefficients of rho - z sigma at every z, constant term first
    k = len(alpha) - 1
    companion = numpy.zeros((len(z), k, k), dtype=complex)  # of the monic p / p_k: its eigenvalues are p's roots
    companion[:, 0, :] = -p[:, k - 1::-1] / p[:, k:k + 1]
    companion[:, numpy.arange(1, k), numpy.arange(k - 1)] = 1
    moduli = numpy.abs(numpy.linalg.eigvals(companion)).max(axis=1)
    outside = numpy.nonzero(moduli > 1 + 1e-9)[0]
    return z[outside[0]] if len(outside) else None


A_STABLE = {"bdf-1": True, "bdf-2": True, "adams-moulton-1": True, "bdf-3": False, "bdf-4": False, "bdf-5": False, "bdf-6": False,
            "adams-moulton-2": False, "adams-moulton-3": False, "adams-bashforth-1": False, "adams-bashforth-2": False}
THETA_METHODS = {"0.5": True, "0.75": True, "1": True, "0.25": False, "0": False}  # rho = zeta - 1, sigma = theta zeta + 1 - theta


def test_a_stability_of_multistep_methods_agrees_with_dahlquist_and_a_grid_of_roots(check_claims):
    """A-stable: backward Euler, BDF2, the trapezoidal rule and the theta-methods with theta >= 1/2; not: BDF3-6 (their
    A(alpha) angles 86, 73, 52, 18 degrees), the Adams methods of order above 2 and every explicit one (Dahlquist's
    second barrier; Hairer & Wanner II, sec. V.1-V.2).  Each verdict is checked against a grid search of the left
    half-plane in floats, and the opposite claim is refuted."""
    bodies = {}
    for name, stable in A_STABLE.items():
        bodies[name] = f'method = "{name}"\na_stable = {str(stable).lower()}'
        bodies[name + "-opposite"] = f'method = "{name}"\na_stable = {str(not stable).lower()}'
    for theta, stable in THETA_METHODS.items():
        options = f'options = {{ alpha = [-1, 1], beta = ["1 - {theta}", "{theta}"] }}'
        bodies[f"theta-{theta}"] = f'method = "lmm"\n{options}\na_stable = {str(stable).lower()}'
        bodies[f"theta-{theta}-opposite"] = f'method = "lmm"\n{options}\na_stable = {str(not stable).lower()}'
    outcomes = stability(check_claims, bodies)
    coefficients = {name: (MULTISTEP[name].alpha, MULTISTEP[name].beta) for name in A_STABLE}
    coefficients.update({f"theta-{t}": ((-1, 1), (1 - sympy.Rational(t), sympy.Rational(t))) for t in THETA_METHODS})
    for name, stable in list(A_STABLE.items()) + [(f"theta-{t}", s) for t, s in THETA_METHODS.items()]:
        assert (outcomes[name].status, outcomes[name].evidence) == ("verified", "symbolic"), (name, outcomes[name].message)
        assert_refuted(outcomes[name + "-opposite"], [f"claimed a_stable = {str(not stable).lower()}, computed"])
        witness = _left_half_plane_root_outside(*coefficients[name])
        assert (witness is None) == stable, (name, witness)


def test_a_stability_with_a_shared_factor_a_zero_sigma_or_a_pair(check_claims):
    """A factor rho and sigma share is a root for every z: inside the circle the reduced method decides (backward Euler
    padded with alpha_0 = beta_0 = 0 shares zeta: a second review of 2026-12-05 found it refused); outside it no z is
    stable (not A-stable); on it, and for sigma = 0 (it said "share the factor zeta - 1"), an error; a PECE pair is
    refused."""
    outcomes = stability(check_claims, {
        "pece": 'method = "abm-2"\na_stable = false',
        "on-circle": 'method = "lmm"\noptions = { alpha = [-1, 0, 1], beta = [1, 2, 1] }\na_stable = false',
        "outside": 'method = "lmm"\noptions = { alpha = [2, -3, 1], beta = [0, -2, 1] }\na_stable = false',
        "padded": 'method = "lmm"\noptions = { alpha = [0, -1, 1], beta = [0, 0, 1] }\na_stable = true',
        "padded-wrong": 'method = "lmm"\noptions = { alpha = [0, -1, 1], beta = [0, 0, 1] }\na_stable = false',
        "sigma-zero": 'method = "lmm"\noptions = { alpha = [-1, 1], beta = [0, 0] }\na_stable = true'})
    assert outcomes["pece"].status == "error" and "not for a predictor-corrector pair" in outcomes["pece"].message
    assert outcomes["on-circle"].status == "error" and "rho and sigma share the factor zeta + 1" in outcomes["on-circle"].message
    assert outcomes["outside"].status == "verified" and "rho and sigma share zeta - 2" in outcomes["outside"].message  # no z is stable
    assert outcomes["padded"].status == "verified" and "the rest, rho = zeta - 1 and sigma = zeta, decides" in outcomes["padded"].message
    assert_refuted(outcomes["padded-wrong"], ["claimed a_stable = false, computed A-stable"])
    assert outcomes["sigma-zero"].status == "error" and "sigma = 0" in outcomes["sigma-zero"].message


def test_a_sixty_step_method_is_decided_in_moments(check_claims):
    """A hostile review of 2026-12-05: rho = zeta^60 - 1, sigma = zeta^60 (A-stable: E = 1 - cos(60 theta) >= 0, and
    rho + sigma = 2 zeta^60 - 1 has every root of modulus 2^(-1/60)) ran for minutes: the Schur-Cohn reduction's
    integers doubled in size at every step.  The content is now divided out at each step."""
    alpha = "[" + ", ".join(["-1"] + ["0"] * 59 + ["1"]) + "]"
    beta = "[" + ", ".join(["0"] * 60 + ["1"]) + "]"
    outcomes = stability(check_claims, {"sixty": f'method = "lmm"\noptions = {{ alpha = {alpha}, beta = {beta} }}\na_stable = true',
                                        "sixty-wrong": f'method = "lmm"\noptions = {{ alpha = {alpha}, beta = {beta} }}\na_stable = false'})
    assert outcomes["sixty"].status == "verified", outcomes["sixty"].message
    assert_refuted(outcomes["sixty-wrong"], ["claimed a_stable = false, computed A-stable"])
    # its E(theta) is a polynomial of degree 60 in cos(theta): named in the one-line verdict, written out in the
    # derivation (a review of 2026-12-07: 7 KB of message for a 200-step method)
    assert len(outcomes["sixty"].message) < 400 and "a polynomial of degree 60 in x = cos(theta) written out in the derivation" in outcomes["sixty"].message
    assert any("E(theta) = Re(rho" in str(line) and len(str(line)) > 400 for line in outcomes["sixty"].derivation)


def test_a_wrong_order_of_a_method_that_is_not_zero_stable_says_it_does_not_converge(check_claims):
    """rho = (zeta - 1)^2, sigma = zeta - 1 (y_{n+2} - 2 y_{n+1} + y_n = h (f_{n+1} - f_n)): C_0 .. C_2 = 0, C_3 = 1/2
    (by hand), consistent of order 2 but not zero-stable.  "order = 1" was refuted with "computed 2" alone, which reads as
    a convergence order (a review of 2026-12-07); the refutation now says the method does not converge at all."""
    claim = 'check = "order"\nmethod = "lmm"\noptions = {{ alpha = [1, -2, 1], beta = [-1, 1, 0] }}\norder = {order}'
    results = check_claims(claims_text("", {"one": (claim.format(order=1),), "two": (claim.format(order=2),)}))
    assert_refuted(results["one"].outcome, ["order: claimed 1, computed 2 (C_0 .. C_3 = 0, 0, 0, 1/2); and the method is not zero-stable",
                                           "it does not converge at all"])
    assert_refuted(results["two"].outcome, ["claimed 2, but the method is not zero-stable", "so it does not converge"])


# Hairer & Wanner II, Table V.2.3: the largest alpha (degrees) of A(alpha)-stability of BDF1 .. BDF6.
BDF_ALPHA = {"bdf-1": "90", "bdf-2": "90", "bdf-3": "86.03", "bdf-4": "73.35", "bdf-5": "51.84", "bdf-6": "17.84"}


def _largest_stable_angle(alpha, beta):
    """The largest angle (degrees) whose ray z = -r e^(i phi) is stable for every sampled r in [1e-3, 1e4], by
    bisection on phi (numpy's roots of rho - z sigma: arithmetic and reasoning of their own, no locus, no Chebyshev
    polynomial); 0 when the negative real axis itself is not."""
    import numpy

    rho, sigma = numpy.array([float(a) for a in alpha]), numpy.array([float(b) for b in beta])  # oldest first
    radii = numpy.logspace(-3, 4, 400)
    k = len(alpha) - 1

    def stable(phi):
        z = -radii * numpy.exp(1j * numpy.radians(phi))
        p = rho[None, :] - z[:, None] * sigma[None, :]  # coefficients at every z, constant term first
        companion = numpy.zeros((len(z), k, k), dtype=complex)  # of the monic p / p_k: its eigenvalues are p's roots
        companion[:, 0, :] = -p[:, k - 1::-1] / p[:, k:k + 1]
        companion[:, numpy.arange(1, k), numpy.arange(k - 1)] = 1
        return bool((numpy.abs(numpy.linalg.eigvals(companion)).max(axis=1) < 1 + 1e-12).all())

    if not stable(0.0):
        return 0.0
    low, high = 0.0, 89.999
    if stable(high):
        return 90.0
    for _ in range(20):  # 90 / 2^20 degrees
        middle = (low + high) / 2
        low, high = (middle, high) if stable(middle) else (low, middle)
    return low


def test_a_alpha_of_bdf_methods_agrees_with_hairer_wanner_and_a_grid_of_roots(check_claims):
    """BDF1 .. BDF6 as Hairer & Wanner's Table V.2.3 prints them (to two decimals; 90 exactly for BDF1, BDF2), each
    angle also found by bisection on rays in floats; a changed last digit, a wrong relation and the printed value
    claimed exactly (without digits) are refuted, with claimed and computed in the message."""
    bodies = {}
    for name, angle in BDF_ALPHA.items():
        digits = "" if angle == "90" else "\ndigits = 2"
        bodies[name] = f'method = "{name}"\na_alpha = {angle}{digits}'
    bodies["bdf-3-changed-digit"] = 'method = "bdf-3"\na_alpha = 86.04\ndigits = 2'
    bodies["bdf-3-without-digits"] = 'method = "bdf-3"\na_alpha = 86.03'
    bodies["bdf-3-is-not-90"] = 'method = "bdf-3"\na_alpha = 90'
    bodies["bdf-4-at-least-73"] = 'method = "bdf-4"\na_alpha = ">= 73"'
    bodies["bdf-4-above-74"] = 'method = "bdf-4"\na_alpha = "> 74"'
    bodies["bdf-6-one-decimal"] = 'method = "bdf-6"\na_alpha = 17.8\ndigits = 1'
    outcomes = stability(check_claims, bodies)
    for name, angle in BDF_ALPHA.items():
        outcome = outcomes[name]
        assert outcome.status == "verified", (name, outcome.message)
        assert outcome.evidence == ("symbolic" if angle == "90" else "certified"), (name, outcome.evidence)
        numerical = _largest_stable_angle(MULTISTEP[name].alpha, MULTISTEP[name].beta)
        assert abs(numerical - float(angle)) < 0.006, (name, numerical)
    assert "= 90 degrees" in outcomes["bdf-1"].message and "∈ [86.0323668602, 86.0323668603]" in outcomes["bdf-3"].message
    assert_refuted(outcomes["bdf-3-changed-digit"], ["claimed 86.04 at 2 decimals, computed ∈ [86.0323668602, 86.0323668603]", "rounds to 86.03"])
    assert_refuted(outcomes["bdf-3-without-digits"], ["a_alpha: claimed 86.03 (exactly: say how it is printed with digits), computed"])
    assert_refuted(outcomes["bdf-3-is-not-90"], ["a_alpha: claimed 90, computed largest alpha ∈ [86.0323668602"])
    assert outcomes["bdf-4-at-least-73"].status == "verified", outcomes["bdf-4-at-least-73"].message
    assert_refuted(outcomes["bdf-4-above-74"], ["a_alpha: claimed > 74, computed largest alpha ∈ [73.3516704745, 73.3516704746]"])
    assert outcomes["bdf-6-one-decimal"].status == "verified", outcomes["bdf-6-one-decimal"].message


def test_a_alpha_is_zero_for_bounded_domains_and_crossings_of_the_negative_axis(check_claims):
    """alpha = 0 exactly (evidence symbolic) for an explicit method (bounded domain), Adams-Moulton 2 (its locus crosses
    the negative real axis at z = -6) and the theta-method with theta = 1/4 (a disk); a sector of a theta-method with
    theta > 1/2 is the whole half-plane.  A shared factor inside the circle is set aside."""
    outcomes = stability(check_claims, {
        "ab2": 'method = "adams-bashforth-2"\na_alpha = 0',
        "am2": 'method = "adams-moulton-2"\na_alpha = 0',
        "am2-wrong": 'method = "adams-moulton-2"\na_alpha = ">= 10"',
        "theta-quarter": 'method = "lmm"\noptions = { alpha = [-1, 1], beta = ["3/4", "1/4"] }\na_alpha = 0',
        "theta-three-quarters": 'method = "lmm"\noptions = { alpha = [-1, 1], beta = ["1/4", "3/4"] }\na_alpha = 90',
        "padded-bdf3": 'method = "lmm"\noptions = { alpha = [0, "-2/11", "9/11", "-18/11", 1], beta = [0, 0, 0, 0, "6/11"] }\n'
                       'a_alpha = 86.03\ndigits = 2'})
    for name in ("ab2", "am2", "theta-quarter", "theta-three-quarters"):
        assert (outcomes[name].status, outcomes[name].evidence) == ("verified", "symbolic"), (name, outcomes[name].message)
    assert "explicit (beta_k = 0)" in outcomes["ab2"].message
    assert "crosses the negative real axis at z = -6" in outcomes["am2"].message
    assert_refuted(outcomes["am2-wrong"], ["a_alpha: claimed >= 10, computed largest alpha = 0 degrees"])
    assert outcomes["padded-bdf3"].status == "verified" and "the rest, rho = " in outcomes["padded-bdf3"].message
    for alpha, beta in (((-1, 1), (sympy.Rational(3, 4), sympy.Rational(1, 4))), (MULTISTEP["adams-moulton-2"].alpha, MULTISTEP["adams-moulton-2"].beta)):
        assert _largest_stable_angle(alpha, beta) == 0.0


def test_l_stability_of_multistep_methods(check_claims):
    """L-stable (A-stable, and the roots of rho - z sigma tend to 0 as z -> -oo, i.e. sigma = beta_k zeta^k):
    backward Euler and BDF2; the trapezoidal rule is A- but not L-stable (sigma's root -1), BDF3 not A-stable."""
    outcomes = stability(check_claims, {
        "bdf-1": 'method = "bdf-1"\nl_stable = true', "bdf-2": 'method = "bdf-2"\nl_stable = true',
        "trapezoid": 'method = "adams-moulton-1"\nl_stable = false', "bdf-3": 'method = "bdf-3"\nl_stable = false',
        "bdf-2-wrong": 'method = "bdf-2"\nl_stable = false', "trapezoid-wrong": 'method = "adams-moulton-1"\nl_stable = true',
        "bdf-3-wrong": 'method = "bdf-3"\nl_stable = true'})
    for name in ("bdf-1", "bdf-2", "trapezoid", "bdf-3"):
        assert (outcomes[name].status, outcomes[name].evidence) == ("verified", "symbolic"), (name, outcomes[name].message)
    assert_refuted(outcomes["bdf-2-wrong"], ["claimed l_stable = false, computed L-stable", "sigma = 2*zeta**2/3, which are 0"])
    assert_refuted(outcomes["trapezoid-wrong"], ["claimed l_stable = true, computed not L-stable", "sigma = zeta/2 + 1/2, not all 0"])
    assert_refuted(outcomes["bdf-3-wrong"], ["claimed l_stable = true, computed not L-stable (not A-stable"])


def test_a_alpha_and_its_digits_are_read_strictly(check_claims):
    outcomes = stability(check_claims, {
        "relation-with-digits": 'method = "bdf-3"\na_alpha = ">= 86"\ndigits = 2',
        "digits-alone": 'method = "bdf-3"\na_stable = false\ndigits = 2',
        "one-step": 'method = "rk4"\na_alpha = 0',
        "one-step-digits": 'method = "rk4"\na_stable = false\ndigits = 2',
        "pair": 'method = "abm-2"\na_alpha = 0',
        "beyond-90": 'method = "bdf-3"\na_alpha = 95',
        "boolean": 'method = "bdf-3"\na_alpha = true',
        "not-equal": 'method = "bdf-3"\na_alpha = "!= 86"'})
    expected = {"relation-with-digits": "digits goes with a printed a_alpha", "digits-alone": "digits and rounding go with a_alpha",
                "one-step": "'a_alpha' is a key for linear multistep methods", "one-step-digits": 'write check = "forall" with exactly_when',
                "pair": "not for a predictor-corrector pair", "beyond-90": "a_alpha must be a number of degrees from 0 to 90",
                "boolean": "a_alpha must be the angle in degrees", "not-equal": "a_alpha takes <, <=, ==, >=, >"}
    for name, text in expected.items():
        assert outcomes[name].status == "error" and text in outcomes[name].message, (name, outcomes[name].message)


def test_an_interval_written_with_brackets_states_its_ends_and_an_undecided_end_still_decides_the_ends(check_claims):
    """Review of 2026-12-05 (Burden & Faires typed from scratch): abm-2's set is (-2, 0] (at z = -2 its polynomial is
    (zeta - 1)^2, a double root on the circle), and the list [-2, 0], which states the ends, is verified with a note;
    "[-2, 0]" written with brackets is refuted.  ABM4's wrong [-1.25, 0] was an error, because the root condition at
    its end (a root of 270x^4 - 423x^3 + 24x^2 + 704x - 768, about -1.2848 by numpy) is not decided: the piece beyond
    is unstable, so that root is the end either way, and the claim is refuted."""
    outcomes = stability(check_claims, {
        "list": 'method = "abm-2"\nreal_stability_interval = [-2, 0]',
        "half-open": 'method = "abm-2"\nreal_stability_interval = "(-2, 0]"',
        "closed": 'method = "abm-2"\nreal_stability_interval = "[-2, 0]"',
        "ab2-closed": 'method = "adams-bashforth-2"\nreal_stability_interval = "[-1, 0]"',
        "infinite-closed": 'method = "bdf-2"\nreal_stability_interval = "[-oo, 0]"',
        "abm4-wrong": 'method = "abm-4"\nreal_stability_interval = ["-1.25", 0]',
        "abm4-end": 'method = "abm-4"\nreal_stability_interval = ["-1.2848", 0]',
        "abm4-brackets": 'method = "abm-4"\nreal_stability_interval = "(-1.25, 0]"',
        "reversed": 'method = "abm-2"\nreal_stability_interval = "(0, -2]"'})
    assert outcomes["reversed"].status == "error" and "the low end comes first" in outcomes["reversed"].message
    assert outcomes["list"].status == "verified" and "a list states the ends only" in outcomes["list"].message
    assert outcomes["half-open"].status == "verified" and "ends only" not in outcomes["half-open"].message
    assert_refuted(outcomes["closed"], ["real stability interval: claimed [-2, 0], computed (-2, 0]"])
    assert outcomes["ab2-closed"].status == "verified", outcomes["ab2-closed"].message
    assert outcomes["infinite-closed"].status == "error" and "round bracket" in outcomes["infinite-closed"].message
    assert_refuted(outcomes["abm4-wrong"], ["claimed [-1.25, 0], computed [CRootOf(270*x**4 - 423*x**3 + 24*x**2 + 704*x - 768, 0), 0] or (",
                                            "is not decided"])
    assert_refuted(outcomes["abm4-end"], ["claimed [-1.2848, 0]"])  # an approximation is not the end
    assert_refuted(outcomes["abm4-brackets"], ["claimed (-1.25, 0]"])


def test_second_review_of_a_alpha_near_shared_roots_exact_special_angles_and_empty_domains(check_claims):
    """Review of 2026-12-05 (a_alpha): BDF2 with rho and sigma times two close quadratics (roots 1.4e-7 apart, q and q'
    near 1) was an internal error (an enclosure of F not finite at 64 bits) or an error (the 4,000 samples of the twin
    missed a locus excursion 2e-3 wide); the angle is 75.8332451909616 by a golden-section search on mpmath next to
    the near-shared root (here, by hand).  rho = zeta^2 + 1, sigma = zeta^2 - zeta/2 + 1/2 (its locus reaches 0 at
    zeta = i along -(1 + i)) has alpha exactly 45: tan^2 = 1 is now exact, so ">= 45" holds and "> 45" is refuted.
    rho and sigma sharing zeta - 2 leave no z stable: alpha = 0, not A- or L-stable (was an error)."""
    near = 'method = "lmm"\noptions = { alpha = ["9999997/30000000", "-32499991/22500000", "159999973/90000000", "-5/3", "1"], ' \
           'beta = ["0", "0", "3333333/5000000", "-2/9", "2/3"] }\n'
    special = 'method = "lmm"\noptions = { alpha = [1, 0, 1], beta = ["1/2", "-1/2", 1] }\n'
    shared = 'method = "lmm"\noptions = { alpha = [2, -3, 1], beta = [-1, "-1/2", "1/2"] }\n'  # (zeta - 2)(zeta - 1), (zeta - 2)(zeta + 1)/2
    outcomes = stability(check_claims, {
        "near": near + 'a_alpha = "75.8332"\ndigits = 4', "near-wrong": near + "a_alpha = 90",
        "exact-45": special + "a_alpha = 45", "at-least-45": special + 'a_alpha = ">= 45"', "above-45": special + 'a_alpha = "> 45"',
        "printed-45": special + 'a_alpha = "44.99"\ndigits = 2',
        "shared-outside": shared + "a_alpha = 0\na_stable = false\nl_stable = false",
        "shared-outside-wrong": shared + 'a_alpha = ">= 1"'})
    assert (outcomes["near"].status, outcomes["near"].evidence) == ("verified", "certified"), outcomes["near"].message
    assert_refuted(outcomes["near-wrong"], ["a_alpha: claimed 90, computed largest alpha ∈ [75.8332451909, 75.833245191]"])
    for name in ("exact-45", "at-least-45"):
        assert (outcomes[name].status, outcomes[name].evidence) == ("verified", "symbolic"), outcomes[name].message
    assert_refuted(outcomes["above-45"], ["a_alpha: claimed > 45, computed largest alpha = 45 degrees", "tan^2 alpha = 1 exactly"])
    assert_refuted(outcomes["printed-45"], ["claimed 44.99 at 2 decimals, computed 45, which rounds to 45.00"])
    assert outcomes["shared-outside"].status == "verified", outcomes["shared-outside"].message
    assert "no z is stable" in outcomes["shared-outside"].message
    assert_refuted(outcomes["shared-outside-wrong"], ["a_alpha: claimed >= 1, computed largest alpha = 0 degrees"])


def test_third_review_of_a_alpha_loci_through_zero_or_infinity_and_intervals_with_roots(check_claims):
    """Review of 2026-12-05 (the whole change): the twin sampled exactly at a candidate where the locus runs to infinity
    (sigma = (2 zeta^2 - zeta + 2)/6 has its roots (1 +- i sqrt(15))/4 on the circle; the infimum is the asymptote's
    direction, tan^2 = 5/27, 23.2837317211 degrees) or through 0 (rho = zeta^3 - 1 at theta = 2 pi/3), read rounding
    noise there and called a true claim an error.  An interval end written with parentheses, "(-sqrt(2), 0]", was
    refused as malformed."""
    assert abs(mpmath.degrees(mpmath.atan(mpmath.sqrt(mpmath.mpf(5) / 27))) - mpmath.mpf("23.2837317211")) < 1e-9
    outcomes = stability(check_claims, {
        "pole": 'method = "lmm"\noptions = { alpha = ["1/2", "-3/2", "1"], beta = ["1/3", "-1/6", "1/3"] }\na_alpha = "23.284"\ndigits = 3',
        "pole-wrong": 'method = "lmm"\noptions = { alpha = ["1/2", "-3/2", "1"], beta = ["1/3", "-1/6", "1/3"] }\na_alpha = "23.285"\ndigits = 3',
        "through-zero": 'method = "lmm"\noptions = { alpha = ["-1", "0", "0", "1"], beta = ["-24/7", "-12/7", "15/7", "6"] }\na_alpha = "35.209"\ndigits = 3',
        "root-end": 'method = "adams-bashforth-2"\nreal_stability_interval = "(-sqrt(2), 0]"'})
    for name in ("pole", "through-zero"):
        assert (outcomes[name].status, outcomes[name].evidence) == ("verified", "certified"), (name, outcomes[name].message)
    assert_refuted(outcomes["pole-wrong"], ["claimed 23.285 at 3 decimals, computed ∈ [23.2837317211"])
    assert_refuted(outcomes["root-end"], ["real stability interval: claimed (-sqrt(2), 0], computed [-1, 0]"])


def test_fresh_user_review_cut_points_with_a_root_outside_witnesses_and_free_step_sizes(check_claims):
    """Review of 2026-12-05 (a new user with Lambert, Iserles and LeVeque): AM4's real stability set [-90/49, 0] came
    with "the root condition at z = 2*CRootOf(441x^3 - 969x^2 + 949x - 360, 0) is not decided", a point (about 1.56)
    where a root has modulus about 5.03 (numpy): Arb's certified root enclosures now prove it unstable.  RK3's interval
    claimed as -2.512 (truly -2.51274...) was refuted at a witness of 85 digits over 85; it is the simplest rational
    between now.  stable_when with the step size not under symbols said only "unknown name 'h'"."""
    outcomes = stability(check_claims, {"am4": 'method = "adams-moulton-4"\nreal_stability_interval = ["-90/49", 0]'})
    assert outcomes["am4"].status == "verified" and "not decided" not in outcomes["am4"].message, outcomes["am4"].message
    assert any("Arb's root enclosures): unstable" in str(line) for line in outcomes["am4"].derivation)
    forall = check_claims(claims_text("", {"rk3": (
        'check = "forall"\ndomains = { z = "real" }\nlhs = "abs(1 + z + z**2/2 + z**3/6)"\nop = "<="\nrhs = 1\n'
        'exactly_when = "-2.512 <= z <= 0"\ndigits = 3\nrounding = "half-even"',)}))["rk3"].outcome
    assert_refuted(forall, ["claimed -2.512 at 3 decimals", "e.g. at z = -103/41 it holds although the claim says it fails"])
    model = '[model.dk]\nstates = ["y"]\nrhs = { y = "-k*y" }\nparameters = { k = 1 }\n'
    free = check_claims(claims_text(model, {"euler": ('check = "stability"\nmodel = "dk"\nmethod = "euler"\nvariable = "h"\nsymbols = ["k"]\n'
                                                      'options = { h = "h" }\nstable_when = "h <= 2/k"',)}))["euler"].outcome
    assert free.status == "error" and 'list it under symbols (symbols = ["h", ...])' in free.message


def test_the_simplest_rational_between_two_rationals_has_the_smallest_denominator():
    from fractions import Fraction
    import random
    from verify.engines.realsets import simplest_between

    rng = random.Random(5)
    for _ in range(500):
        a = Fraction(rng.randint(-500, 500), rng.randint(1, 60))
        b = a + Fraction(rng.randint(1, 200), rng.randint(1, 300))
        x = simplest_between(sympy.Rational(a.numerator, a.denominator), sympy.Rational(b.numerator, b.denominator))
        x = Fraction(int(x.p), int(x.q))
        assert a < x < b
        assert all(not (Fraction(math.floor(a * q) + 1, q) < b) for q in range(1, x.denominator)), (a, b, x)


def _abm3_left_end_by_scan():
    """ABM3 in PECE mode (AB3 predictor, two-step AM3 corrector) on y' = lam y, z = h lam: the companion matrix of
    (y_n, y_n+1, y_n+2) -> (y_n+1, y_n+2, y_n+3), written out here, and the last z < 0 where its spectral radius
    passes 1, by a numpy scan (independent of verify's resultant and Schur-Cohn tests)."""
    import numpy as np

    def radius(z):
        predicted = np.array([5 * z / 12, -16 * z / 12, 1 + 23 * z / 12])
        corrected = 5 * z / 12 * predicted + np.array([0, -z / 12, 1 + 8 * z / 12])
        return max(abs(np.linalg.eigvals(np.array([[0, 1, 0], [0, 0, 1], corrected]))))

    unstable = [z for z in np.linspace(-1.8, -1.7, 20001) if radius(z) > 1 + 1e-12]
    return max(unstable)


def test_interval_ends_printed_to_some_decimals_are_audited_on_enclosures(check_claims):
    """Review of 2026-12-05: an interval end printed as a decimal (AM4's -90/49 as -1.837, Lambert 1991 sec. 3.8) was
    compared exactly and refuted.  With digits the ends go through the rounding audit: a rational end exactly, an
    irrational one (ABM3's, a root of a cubic, -1.72878...) on enclosures, evidence certified."""
    end = _abm3_left_end_by_scan()
    assert -1.7290 < end < -1.7285  # so -1.73 at two decimals, and -1.729 at three
    am4 = 'method = "adams-moulton-4"\nreal_stability_interval = ["VALUE", 0]\ndigits = 3'
    abm3 = 'method = "abm-3"\nreal_stability_interval = ["VALUE", 0]\ndigits = DIGITS'
    outcomes = stability(check_claims, {
        "am4": am4.replace("VALUE", "-1.837"), "am4-digit": am4.replace("VALUE", "-1.838"), "am4-short": am4.replace("VALUE", "-1.84"),
        "abm3": abm3.replace("VALUE", "-1.73").replace("DIGITS", "2"), "abm3-three": abm3.replace("VALUE", "-1.729").replace("DIGITS", "3"),
        "abm3-digit": abm3.replace("VALUE", "-1.74").replace("DIGITS", "2"),
        "brackets": 'method = "adams-moulton-4"\nreal_stability_interval = "(-1.84, 0]"\ndigits = 2',
        "infinite": 'method = "bdf-2"\nreal_stability_interval = ["-oo", 0]\ndigits = 3',
        "infinite-wrong": 'method = "adams-bashforth-2"\nreal_stability_interval = ["-oo", 0]\ndigits = 3'})
    assert (outcomes["am4"].status, outcomes["am4"].evidence) == ("verified", "symbolic"), outcomes["am4"].message
    assert "low end = -90/49" in outcomes["am4"].message and "rounds to -1.837" in outcomes["am4"].message
    for name in ("abm3", "abm3-three"):
        assert (outcomes[name].status, outcomes[name].evidence) == ("verified", "certified"), outcomes[name].message
    assert "the interval's ends enclosed rigorously" in outcomes["abm3"].message
    assert outcomes["infinite"].status == "verified", outcomes["infinite"].message
    assert_refuted(outcomes["am4-digit"], ["low end: claimed -1.838 at 3 decimals, computed -90/49", "which rounds to -1.837"])
    assert_refuted(outcomes["am4-short"], ["(-1.84 shows 2 decimals: at digits = 3 it is read as -1.840)"])
    assert_refuted(outcomes["abm3-digit"], ["low end: claimed -1.74 at 2 decimals, computed ∈", "which rounds to -1.73"])
    assert_refuted(outcomes["brackets"], ["the ends print as claimed, but the brackets do not: claimed (-1.84, 0]", "computed [-90/49, 0]"])
    assert_refuted(outcomes["infinite-wrong"], ["low end: claimed -oo, computed -1"])
    # a second review: an irrational claimed end beside digits was an internal error, and TOML's bare -inf was refused
    more = stability(check_claims, {"irrational": abm3.replace('"VALUE"', '"-sqrt(3)"').replace("DIGITS", "2"),
                                    "bare-inf": 'method = "bdf-2"\nreal_stability_interval = [-inf, 0]'})
    assert more["irrational"].status == "error" and "claimed -sqrt(3), which is not a printed decimal: with digits = 2" in more["irrational"].message
    assert more["bare-inf"].status == "verified", more["bare-inf"].message


def test_the_six_step_method_of_maximal_order_12_has_its_order_and_a_wrong_order_is_refuted(check_claims):
    """A k-step method has order at most 2k (Dahlquist), so its order is read from C_0 .. C_{2k+1}, not from a fixed
    C_0 .. C_12: the 6-step method of order 12 (rho = (zeta^2 - 1)(7 zeta^4 + 132 zeta^3 + 382 zeta^2 + 132 zeta + 7)/7,
    the maximal-order method of Dahlquist's bound) was an error, and 'order 11' with it (a review of 2026-12-06).
    C_0 .. C_12 = 0 and C_13 = -5/294294, recomputed here with fractions."""
    from fractions import Fraction

    alpha = [Fraction(-1), Fraction(-132, 7), Fraction(-375, 7), Fraction(0), Fraction(375, 7), Fraction(132, 7), Fraction(1)]
    beta = [Fraction(c, 49) for c in (10, 360, 2250, 4000, 2250, 360, 10)]

    def constant(q):
        first = sum(a * j**q for j, a in enumerate(alpha))
        return (first - (q * sum(b * j ** (q - 1) for j, b in enumerate(beta)) if q else 0)) / math.factorial(q)

    assert [constant(q) for q in range(13)] == [0] * 13 and constant(13) == Fraction(-5, 294294)
    options = ('options = { alpha = [' + ", ".join(f'"{a}"' for a in alpha) + '], beta = ['
               + ", ".join(f'"{b}"' for b in beta) + '] }')
    head = f'check = "stability"\nmethod = "lmm"\n{options}\n'
    results = check_claims(claims_text("", {
        "order-12": (head + 'order = 12\nerror_constant = "-5/294294"',),
        "order-11": (head + "order = 11",),
        "order-13": (head + "order = 13",),
        "constant-sign": (head + 'order = 12\nerror_constant = "5/294294"',),
        "as-order-claim": ('check = "order"\nmethod = "lmm"\n' + options + '\norder = 12\nexpected = "refuted"',)}))
    assert results["order-12"].outcome.status == "verified", results["order-12"].outcome.message
    assert_refuted(results["order-11"].outcome, ["order: claimed 11, computed 12"])
    assert_refuted(results["order-13"].outcome, ["order: claimed 13, computed 12"])
    assert_refuted(results["constant-sign"].outcome, ["claimed 5/294294", "-5/294294"])
    assert_refuted(results["as-order-claim"].outcome, ["not zero-stable"])  # of consistency 12, but it does not converge


def test_an_angle_near_a_claimed_bound_is_shown_with_the_digits_that_decide_it(check_claims):
    """BDF4's angle is 73.3516704745785 degrees (Hairer & Wanner II, Table V.2.3; 73.35167047458 is 1.5e-12 above it):
    '< 73.35167047458' holds and '>' fails, and the enclosure shown must lie on one side of the bound, not read
    [73.3516704745, 73.3516704746] around it (a review of 2026-12-06)."""
    head = 'check = "stability"\nmethod = "bdf-4"\n'
    results = check_claims(claims_text("", {"below": (head + 'a_alpha = "< 73.35167047458"',),
                                            "above": (head + 'a_alpha = "> 73.35167047458"',)}))
    below, above = results["below"].outcome, results["above"].outcome
    assert below.status == "verified", below.message
    assert_refuted(above, ["claimed > 73.35167047458, computed largest alpha ∈ ["])
    for outcome in (below, above):
        low, high = (sympy.Rational(end) for end in outcome.message.split("∈ [")[1].split("]")[0].split(", "))
        assert low <= high < sympy.Rational("73.35167047458"), outcome.message


def test_a_one_step_claim_with_a_multistep_key_or_a_free_symbol_is_told_what_is_wrong(check_claims):
    """A new user's trial of 2026-12-07: rk4 with real_stability_interval and digits = 3 was told that digits go with
    a_alpha (the key is what is wrong), and the theta method's a_stable with symbols = ["theta"] was told that
    "theta - 1 is not a real algebraic number"."""
    outcomes = stability(check_claims, {
        "key": 'method = "rk4"\nreal_stability_interval = ["-2.785", 0]\ndigits = 3',
        "theta": 'method = "rk"\nsymbols = ["theta"]\noptions = { A = [[0, 0], ["1 - theta", "theta"]], b = ["1 - theta", "theta"] }\na_stable = true'})
    assert outcomes["key"].status == "error" and "'real_stability_interval' is a key for linear multistep methods" in outcomes["key"].message
    assert outcomes["theta"].status == "error" and "free symbol theta" in outcomes["theta"].message, outcomes["theta"].message
