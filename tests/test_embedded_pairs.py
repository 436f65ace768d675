"""Embedded Runge-Kutta pairs: error estimates of one step, FSAL counts, and adaptive-rk over the pairs.

The Fehlberg values are Burden & Faires' (Numerical Analysis, sec. 5.5, Example 1 / Table 5.11: y' = y - t^2 + 1,
y(0) = 0.5, first step h = 0.25: w1 = 0.9204886, R1 = 6.2e-6), recomputed here with fractions.Fraction.
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest
import sympy

from conftest import assert_refuted, claims_text
from verify.engines.methods import TABLEAUS
from verify.engines.methods.runge_kutta import PAIRS

MODELS = """
[model.bf]
states = ["y"]
rhs = { y = "y - t**2 + 1" }

[model.oscillator]
states = ["x", "v"]
rhs = { x = "v", v = "-x" }

[model.decay]
states = ["y"]
rhs = { y = "-2*y" }
"""
NODEPY = {"fehlberg-45": "Fehlberg45", "dormand-prince-54": "DP5", "bogacki-shampine-32": "BS3", "cash-karp-45": "CK5"}


def fehlberg_by_hand(t, y, h):
    """RKF45 as Burden & Faires' Algorithm 5.3 writes it: (w4, w5, R = |w5 - w4|/h)."""
    f = lambda t, y: y - t**2 + 1  # noqa: E731
    k1 = h * f(t, y)
    k2 = h * f(t + h / 4, y + k1 / 4)
    k3 = h * f(t + 3 * h / 8, y + 3 * k1 / 32 + 9 * k2 / 32)
    k4 = h * f(t + 12 * h / 13, y + F(1932, 2197) * k1 - F(7200, 2197) * k2 + F(7296, 2197) * k3)
    k5 = h * f(t + h, y + F(439, 216) * k1 - 8 * k2 + F(3680, 513) * k3 - F(845, 4104) * k4)
    k6 = h * f(t + h / 2, y - F(8, 27) * k1 + 2 * k2 - F(3544, 2565) * k3 + F(1859, 4104) * k4 - F(11, 40) * k5)
    w4 = y + F(25, 216) * k1 + F(1408, 2565) * k3 + F(2197, 4104) * k4 - k5 / 5
    w5 = y + F(16, 135) * k1 + F(6656, 12825) * k3 + F(28561, 56430) * k4 - F(9, 50) * k5 + F(2, 55) * k6
    return w4, w5, abs(w5 - w4) / h


def run(check_claims, bodies):
    return {k: r.outcome for k, r in check_claims(claims_text(MODELS, bodies)).items()}


def test_the_first_fehlberg_step_of_burden_and_faires(check_claims):
    w4, w5, R = fehlberg_by_hand(F(0), F(1, 2), F(1, 4))
    assert (w4, w5, R) == (F(4705361, 5111808), F(75285649, 81788928), F(127, 20447232))
    assert round(float(w4), 7) == 0.9204886 and f"{float(R):.1e}" == "6.2e-06"  # the book's printed digits
    body = 'check = "run"\nmodel = "bf"\nmethod = "fehlberg-45"\noptions = { h = 0.25 }\ninitial = { y = 0.5 }\n'
    outcomes = run(check_claims, {
        "exact": (body + f'expect = {{ y = "{w4}", embedded = "{w5}", "error_estimate/h" = "{R}" }}',),
        "printed": (body + 'digits = 7\nexpect = { y = "0.9204886", "error_estimate/h" = "0.0000062" }',),
        "propagates-the-5th-order-wrongly": (body + f'expect = {{ y = "{w5}" }}',),
        "changed-digit": (body + 'digits = 7\nexpect = { y = "0.9204887" }',)})
    assert outcomes["exact"].status == "verified" and outcomes["exact"].evidence == "exact", outcomes["exact"].message
    assert outcomes["printed"].status == "verified", outcomes["printed"].message
    assert_refuted(outcomes["propagates-the-5th-order-wrongly"], [f"y: claimed {w5}, computed {w4}"])
    assert_refuted(outcomes["changed-digit"], ["claimed 0.9204887 at 7 decimals"])


def test_fsal_pairs_count_the_reused_stage_once(check_claims):
    """Dormand-Prince has 7 stages, the last f(t + h, y+) is the next step's first: 3 steps take 7 + 6 + 6 = 19."""
    body = 'check = "run"\nmodel = "bf"\nmethod = "METHOD"\noptions = { h = 0.25 }\ninitial = { y = 0.5 }\nsteps = 3\ncounts = { rhs = N }'
    outcomes = run(check_claims, {"dp": (body.replace("METHOD", "dormand-prince-54").replace("N", "19"),),
                                  "bs": (body.replace("METHOD", "bogacki-shampine-32").replace("N", "10"),),
                                  "fehlberg-is-not-fsal": (body.replace("METHOD", "fehlberg-45").replace("N", "18"),),
                                  "dp-without-reuse": (body.replace("METHOD", "dormand-prince-54").replace("N", "21"),)})
    for name in ("dp", "bs", "fehlberg-is-not-fsal"):
        assert outcomes[name].status == "verified", (name, outcomes[name].message)
    assert_refuted(outcomes["dp-without-reuse"], ["counts rhs: claimed 21, computed 19"])


def test_a_pair_with_tolerances_reports_the_test_per_component(check_claims):
    body = ('check = "run"\nmodel = "oscillator"\nmethod = "rk"\noptions = { h = 0.5, A = [[0, 0], [1, 0]], b = ["1/2", "1/2"], bhat = [1, 0], '
            'atol = "1/10", rtol = 0 }\ninitial = { x = 1, v = 0 }\n')
    # Heun: x+ = 1 - h^2/2 = 7/8, v+ = -h = -1/2; Euler: x = 1, v = -1/2; estimates 1/8 and 0; tolerance 1/10 -> rejected
    outcomes = run(check_claims, {"true": (body + 'expect = { error_estimate_x = "1/8", error_estimate_v = 0, error_estimate = "1/8", accepted = 0, error_ratio = "5/4" }',),
                                  "wrongly-accepted": (body + "expect = { accepted = 1 }",)})
    assert outcomes["true"].status == "verified", outcomes["true"].message
    assert_refuted(outcomes["wrongly-accepted"], ["accepted: claimed 1, computed 0"])


def test_adaptive_rk_attempts_by_hand_with_the_halving_controller(check_claims):
    """Fehlberg pair, atol 10^-5 on |w5 - w4| (not divided by h), halving controller, from t = 0 to 1/2 with h = 1/4."""
    t, y, h, attempts = F(0), F(1, 2), F(1, 4), []
    while t < F(1, 2):
        step = min(h, F(1, 2) - t)
        w4, w5, _ = fehlberg_by_hand(t, y, step)
        accepted = abs(w5 - w4) <= F(1, 10**5)
        attempts.append((step, int(accepted)))
        if accepted:
            t, y = t + step, w4
        else:
            h = step / 2
    body = ('check = "run"\nmodel = "bf"\nmethod = "adaptive-rk"\noptions = { h = 0.25, atol = "1/100000", rtol = 0, t_end = 0.5, pair = "fehlberg-45" }\n'
            'initial = { y = 0.5 }\n')
    trace = lambda values: "[" + ", ".join(f'"{v}"' for v in values) + "]"  # noqa: E731
    outcomes = run(check_claims, {"true": (body + f"trace = {{ attempt_h = {trace([a for a, _ in attempts])}, accepted = {trace([b for _, b in attempts])} }}\n"
                                                  f'expect = {{ y = "{y}", t = "1/2" }}',),
                                  "one-attempt-less": (body + f"expect = {{ attempts = {len(attempts) - 1} }}",)})
    assert outcomes["true"].status == "verified", outcomes["true"].message
    assert_refuted(outcomes["one-attempt-less"], [f"attempts: claimed {len(attempts) - 1}, computed {len(attempts)}"])


@pytest.mark.parametrize("name", sorted(NODEPY))
def test_pairs_agree_with_nodepy(name):
    rk = pytest.importorskip("nodepy.runge_kutta_method")
    theirs = rk.loadRKM(NODEPY[name])
    ours = PAIRS[name]
    as_rational = lambda values: tuple(sympy.nsimplify(v) for v in values)  # noqa: E731
    assert [as_rational(row) for row in theirs.A] == [as_rational(row) for row in ours.A]
    assert {as_rational(theirs.b), as_rational(theirs.bhat)} == {as_rational(ours.b), as_rational(ours.bhat)}
    assert name in TABLEAUS


def test_an_estimate_of_exactly_zero_passes_a_zero_tolerance(check_claims):
    """Review of 2026-12-05: Bogacki-Shampine on y' = -2y, y = 1, h = 1/2 gives the same value from both weight rows,
    so the estimate is exactly 0 and a zero tolerance accepts the step; at 50 digits the estimate is a rounding
    residue above 0, and the cross-check rejected it (an error for a true claim).  By hand, with the pair's own rows."""
    f = lambda y: -2 * y  # noqa: E731
    h, y = F(1, 2), F(1)
    k1 = f(y)
    k2 = f(y + h * F(1, 2) * k1)
    k3 = f(y + h * F(3, 4) * k2)
    new = y + h * (F(2, 9) * k1 + F(1, 3) * k2 + F(4, 9) * k3)
    k4 = f(new)
    embedded = y + h * (F(7, 24) * k1 + F(1, 4) * k2 + F(1, 3) * k3 + F(1, 8) * k4)
    assert (k1, k2, k3, k4, new, embedded) == (-2, -1, F(-5, 4), F(-2, 3), F(1, 3), F(1, 3))
    body = 'check = "run"\nmodel = "decay"\nmethod = "bogacki-shampine-32"\noptions = { h = "1/2", atol = 0, rtol = 0 }\ninitial = { y = 1 }\n'
    adaptive = ('check = "run"\nmodel = "decay"\nmethod = "adaptive-rk"\ninitial = { y = 1 }\n'
                'options = { h = "1/2", atol = 0, rtol = 0, t_end = 1, pair = "bogacki-shampine-32" }\n')
    outcomes = run(check_claims, {
        "accepted": (body + 'expect = { y = "1/3", embedded = "1/3", error_estimate = 0, accepted = 1 }',),
        "rejected-wrong": (body + "expect = { accepted = 0 }",),
        "adaptive": (adaptive + 'expect = { failed = 0, attempts = 2, y = "1/9" }',),
        "adaptive-wrong": (adaptive + "expect = { failed = 0, attempts = 3 }",)})
    for name in ("accepted", "adaptive"):
        assert outcomes[name].status == "verified", outcomes[name].message
        assert "its estimate and tolerance agree to within its rounding" in outcomes[name].message
    assert_refuted(outcomes["rejected-wrong"], ["accepted: claimed 0, computed 1"])
    assert_refuted(outcomes["adaptive-wrong"], ["attempts: claimed 3, computed 2"])


def test_an_embedded_order_failure_names_the_embedded_weights(check_claims):
    """Review of 2026-12-05: with 1e-30 added to Bogacki-Shampine's first embedded weight, sum(bhat) = 1 + 1e-30,
    so the embedded order is 0; the message said b·1 = 1 fails, though b sums to 1 (2/9 + 1/3 + 4/9)."""
    assert F(2, 9) + F(1, 3) + F(4, 9) == 1 and F(7, 24) + F(1, 4) + F(1, 3) + F(1, 8) == 1
    body = ('check = "order"\nmethod = "rk"\noptions = { A = [[0, 0, 0, 0], ["1/2", 0, 0, 0], [0, "3/4", 0, 0], ["2/9", "1/3", "4/9", 0]], '
            'b = ["2/9", "1/3", "4/9", 0], bhat = ["7/24 + 10**(-30)", "1/4", "1/3", "1/8"] }\norder = 3\n')
    outcomes = run(check_claims, {"perturbed": (body + "embedded_order = 2",)})
    assert_refuted(outcomes["perturbed"], ["embedded order: claimed 2, computed 0: at order 1 bhat·1 = 1 fails"])
