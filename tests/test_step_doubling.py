"""Step doubling, the adaptive controller, expect_relations and solve_ivp: the page's claims (their wrong versions are
tests/claims/wrong/step_doubling.toml)."""
from __future__ import annotations

import sys
from fractions import Fraction as F

import sympy
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import assert_refuted, claims_text
from verify.engines import crosscheck
from verify.engines.methods import METHODS, ExactSystem, run
from verify.input.model import model_from_table, symbol
from verify.engines import twins

COOLING = """
[model.cooling]
states = ["y"]
rhs = { y = "-k*y" }
parameters = { k = 0.5 }
solution = { y = "y0*exp(-k*t)" }
"""

CARD = 'check = "run"\nmodel = "cooling"\nmethod = "step-doubling-euler"\noptions = { h = 0.1, atol = 0.1, rtol = 0.01 }\ninitial = { y = 10 }\ndigits = 4\n'
HALVING = 'check = "run"\nmodel = "cooling"\nmethod = "adaptive-euler"\ninitial = { y = 10 }\n'


def claim_file(claims):
    return claims_text(COOLING, claims)


def test_card_audit_names_ties_and_modes(check_claims):
    outcome = check_claims(claim_file({"card": (CARD + "expect = { fine = 9.5062, error_estimate = 0.0062, tolerance = 0.1951, accepted = 1 }", [])}))["card"].outcome
    assert outcome.status == "verified"
    assert "fine = 9.50625 is a tie at decimal 5: shown 9.5062 is reproduced by round-half-even, not by round-half-up (9.5063)" in outcome.message
    assert "error_estimate = 0.00625 is a tie at decimal 5: shown 0.0062 is reproduced by round-half-even, not by round-half-up (0.0063)" in outcome.message


def test_impossible_tolerance_fails_explicitly_without_hanging(check_claims):
    for controller in ("halving", "order"):
        # max_attempts bounds the mpmath twin: at 50 digits the estimate of a step below about 1e-25 rounds to 0, which
        # the zero tolerance accepts, so the twin creeps on in tiny steps where the exact path keeps rejecting
        body = HALVING + f'options = {{ h = 1, atol = 0, rtol = 0, t_end = 1, controller = "{controller}", max_rejections = 50, max_attempts = 200 }}\nexpect = {{ failed = 1 }}'
        outcome = check_claims(claim_file({"never": (body, [])}), name=f"{controller}.toml")["never"].outcome
        assert outcome.status == "verified", outcome.message
        assert "run failed: attempt at t = 0 rejected 51 times in a row" in outcome.message


def test_missing_scipy_is_an_error_that_says_so(check_claims, monkeypatch):
    monkeypatch.setitem(sys.modules, "scipy.integrate", None)  # import fails as if scipy were absent
    body = 'check = "solve_ivp"\nmodel = "cooling"\ninitial = { y = 10 }\nt_end = 1\nt_eval = [1]'
    outcome = check_claims(claim_file({"ivp": (body, [])}))["ivp"].outcome
    assert outcome.status == "error" and "scipy is not installed" in outcome.message


COOLING_MODEL = model_from_table("cooling", {"states": ["y"], "rhs": {"y": "-k*y"}, "parameters": {"k": "1/2"}}, "test")
rationals = st.fractions(min_value=-50, max_value=50, max_denominator=20)
positive = st.fractions(min_value=F(1, 20), max_value=5, max_denominator=20)
tolerances = st.fractions(min_value=0, max_value=1, max_denominator=100)


def _sym(value):
    return sympy.Rational(value.numerator, value.denominator)


@settings(max_examples=60, deadline=None)
@given(y=rationals, k=rationals, h=positive, atol=tolerances, rtol=tolerances)
def test_estimate_identity_and_attempt_semantics(y, k, h, atol, rtol):
    """fine - coarse = (k h)^2 y / 4, and an attempt moves clock and state only when accepted."""
    method = METHODS["step-doubling-euler"]
    options = {"h": _sym(h), "atol": _sym(atol), "rtol": _sym(rtol)}
    result = run(method, ExactSystem(COOLING_MODEL, {"k": _sym(k)}), options, 0, [_sym(y)], 1, keep=True)
    q = {name: F(int(v.numerator), int(v.denominator)) for name, v in result.recorder.latest.items()}
    assert q["fine"] - q["coarse"] == (k * h) ** 2 * y / 4
    assert q["tolerance"] == atol + rtol * abs(q["fine"])
    accepted = abs(q["fine"] - q["coarse"]) <= q["tolerance"]
    assert q["accepted"] == int(accepted)
    assert (result.t, result.y[0]) == ((h, q["fine"]) if accepted else (0, y))


@settings(max_examples=25, deadline=None)
@example(y=F(12), h=F(1, 6), atol=F(1, 50), controller="order")  # a tie of the factor's floor: 2.25 = 2304/1024 exactly
@given(y=st.fractions(min_value=1, max_value=20, max_denominator=5), h=positive,
       atol=st.fractions(min_value=F(1, 100), max_value=1, max_denominator=100), controller=st.sampled_from(["halving", "order"]))
def test_controller_agrees_with_the_mpmath_path(y, h, atol, controller):
    options = {"h": _sym(h), "atol": _sym(atol), "rtol": sympy.Rational(1, 100), "t_end": sympy.Integer(2), "controller": controller, "max_rejections": sympy.Integer(30)}
    system = ExactSystem(COOLING_MODEL, dict(COOLING_MODEL.parameters))
    result = run(METHODS["adaptive-euler"], system, options, 0, [_sym(y)], 1, keep=True)
    _, mp_y, mp_trace, *_ = twins.solve(twins.Problem("adaptive-euler", options, system.rhs, COOLING_MODEL.state_symbols, 0, [_sym(y)], 1, blocks=system.blocks, time=symbol("t")))
    exact_h = result.recorder.trace("attempt_h")
    assert len(exact_h) == len(mp_trace["attempt_h"])
    assert all(crosscheck.agree(sympy.Rational(int(a.numerator), int(a.denominator)), b) for a, b in zip(exact_h, mp_trace["attempt_h"]))
    exact_new = result.recorder.trace("h_new")  # the controller's choices, traceable by a claim
    assert len(exact_new) == len(mp_trace["h_new"]) == len(exact_h)
    assert all(crosscheck.agree(sympy.Rational(int(a.numerator), int(a.denominator)), b) for a, b in zip(exact_new, mp_trace["h_new"]))
    assert crosscheck.agree(sympy.Rational(int(result.y[0].numerator), int(result.y[0].denominator)), mp_y[0])
    assert result.recorder.latest["failed"] == 0 and result.t == 2


def test_a_new_attempt_written_from_the_readme(check_claims):
    """y = 4, k = 1, h = 1/2 by hand: coarse 2, midpoint 3, fine 2.25, estimate 0.25 > 0.01 + 0 = allowed: rejected."""
    body = (
        'check = "run"\nmodel = "cooling"\nparameters = { k = 1 }\nmethod = "step-doubling-euler"\n'
        'options = { h = 0.5, atol = 0.01, rtol = 0 }\ninitial = { y = 4 }\n'
        "expect = { coarse = 2, midpoint = 3, fine = 2.25, error_estimate = 0.25, tolerance = 0.01, accepted = 0, y = 4, t = 0 }"
    )
    outcome = check_claims(claim_file({"new": (body, [])}))["new"].outcome
    assert outcome.status == "verified", outcome.message
    assert outcome.evidence == "exact"


def _controller_run(attempt, h, t_end, atol, rtol, safety=F(9, 10), min_factor=F(1, 5), max_factor=F(5), order=1):
    """Hairer, Norsett & Wanner I, sec. II.4, (4.13) by hand with Fraction, the factor floored to 1/1024 as the README says:
    every step the controller chooses, h_new = h min(max_factor, max(min_factor, floor(1024 (safety^(p+1)/ratio)^(1/(p+1)))/1024)),
    from each attempt's error_ratio = estimate / (atol + rtol |new|) (order 1: an integer square root)."""
    import math

    assert order == 1
    t, y, chosen = F(0), F(10), []
    while t < t_end:
        step = min(h, t_end - t)  # the last step lands on t_end
        new, estimate = attempt(y, step)
        ratio = estimate / (atol + rtol * abs(new))
        factor = F(math.isqrt(math.floor(safety ** 2 / ratio * 1024 ** 2)), 1024)
        if ratio <= 1:
            t, y = t + step, new
        h = step * min(max_factor, max(min_factor, factor))
        chosen.append(h)
    return chosen


def _euler_doubling(y, h, k=F(1, 2)):
    """The lesson's attempt on y' = -k y: fine after two half steps, estimate |fine - coarse|."""
    coarse, midpoint = y - h * k * y, y - h / 2 * k * y
    fine = midpoint - h / 2 * k * midpoint
    return fine, abs(fine - coarse)


def _heun_euler(y, h, k=F(1, 2)):
    """Heun's step with explicit Euler embedded on y' = -k y: estimate |y+ - (y + h k1)| = h/2 |k2 - k1|."""
    k1 = -k * y
    k2 = -k * (y + h * k1)
    return y + h / 2 * (k1 + k2), abs(h / 2 * (k2 - k1))


def test_the_controller_s_choices_are_traceable_and_a_changed_digit_is_refuted(check_claims):
    """h_new, the controller's choice after every attempt, as a claim traces it: the bundled cooling/order-controller run
    (y' = -y/2, y = 10, h = 1, atol 1/100, rtol 1/1000, t_end 2) chooses 1/5 (factor 145/1024 clamped), 803/5120, ...
    (recomputed above with Fraction), the halving controller 1/2 after its rejection and keeps it, and adaptive-rk over
    Heun-Euler likewise.  A trace or an expect with one digit changed is refuted with claimed and computed."""
    euler = _controller_run(_euler_doubling, F(1), F(2), F(1, 100), F(1, 1000))
    assert euler[:2] == [F(1, 5), F(803, 5120)] and len(euler) == 14
    heun = _controller_run(_heun_euler, F(1), F(2), F(1, 100), F(1, 1000))
    trace = lambda values: "[" + ", ".join(f'"{v}"' for v in values) + "]"  # noqa: E731
    order = HALVING + 'options = { h = 1, atol = 0.01, rtol = 0.001, t_end = 2, controller = "order" }\n'
    rk = order.replace('"adaptive-euler"', '"adaptive-rk"').replace('controller = "order"', 'controller = "order", pair = "heun-euler-21"')
    halving = HALVING + 'options = { h = 1, atol = 0.1, rtol = 0.01, t_end = 1, controller = "halving" }\n'
    wrong = list(euler)
    wrong[1] = F(803, 5121)
    claims = {
        "order": (order + f"trace = {{ h_new = {trace(euler)} }}\nexpect = {{ h_new = \"{euler[-1]}\" }}", []),
        "order-trace-changed-digit": (order + f"trace = {{ h_new = {trace(wrong)} }}", []),
        "order-last-changed-digit": (order + f"expect = {{ h_new = \"{euler[-1] + F(1, euler[-1].denominator)}\" }}", []),
        "rk": (rk + f"trace = {{ h_new = {trace(heun)} }}", []),
        "halving": (halving + 'trace = { h_new = ["1/2", "1/2", "1/2"] }', []),
    }
    results = check_claims(claim_file(claims))
    for claim_id in ("order", "rk", "halving"):
        assert results[claim_id].outcome.status == "verified", results[claim_id].outcome.message
    assert_refuted(results["order-trace-changed-digit"].outcome, ["trace h_new: value 2 claimed 803/5121, computed 803/5120"])
    last = euler[-1]
    assert_refuted(results["order-last-changed-digit"].outcome, [f"h_new: claimed {last + F(1, last.denominator)}", f"computed {last}"])


DECAY = """
[model.decay]
states = ["y"]
rhs = { y = "-2*y" }
"""


def _outcomes(check_claims, text):
    return {name: result.outcome for name, result in check_claims(text).items()}


def test_a_tolerance_test_that_is_an_exact_tie_is_decided_exactly_and_the_twin_says_it_followed(check_claims):
    """Review of 2026-12-05: an estimate exactly equal to the tolerance (1/9 = 1/9) comes out a few ulps either way at
    50 digits, and the cross-check rejected the step the exact path accepts (an error for a true claim).  By hand:
    coarse = 1 - 2/3 = 1/3, midpoint = 1 - 1/3 = 2/3, fine = 2/3 + (1/6)(-4/3) = 4/9, estimate = 1/9 = atol."""
    y0, h = F(1), F(1, 3)
    coarse, midpoint = y0 + h * (-2 * y0), y0 + h / 2 * (-2 * y0)
    fine = midpoint + h / 2 * (-2 * midpoint)
    assert (coarse, midpoint, fine, abs(fine - coarse)) == (F(1, 3), F(2, 3), F(4, 9), F(1, 9))
    base = 'check = "run"\nmodel = "decay"\nmethod = "step-doubling-euler"\ninitial = { y = 1 }\n'
    tie = base + 'options = { h = "1/3", atol = "1/9", rtol = 0 }\n'
    below = base + 'options = { h = "1/3", atol = "1/9 - 1e-30", rtol = 0 }\n'
    adaptive = ('check = "run"\nmodel = "decay"\nmethod = "adaptive-euler"\ninitial = { y = 1 }\n'
                'options = { h = "1/3", atol = "1/9", rtol = 0, t_end = "1/3", controller = "order" }\n')
    # the order controller at ratio 1: h * floor(1024 * 0.9 / 1^(1/2)) / 1024 = (1/3)(921/1024)
    assert h * F(921, 1024) == F(307, 1024)
    outcomes = _outcomes(check_claims, claims_text(DECAY, {
        "tie": (tie + 'expect = { fine = "4/9", error_estimate = "1/9", accepted = 1 }', []),
        "tie-wrong": (tie + "expect = { accepted = 0 }", []),
        "below": (below + "expect = { accepted = 0 }", []),
        "below-wrong": (below + "expect = { accepted = 1 }", []),
        "adaptive": (adaptive + 'expect = { attempts = 1, rejections = 0, y = "4/9", h_new = "307/1024" }', []),
        "adaptive-wrong": (adaptive + 'expect = { attempts = 1, rejections = 0, y = "4/9", h_new = "921/1024" }', []),
    }))
    for name in ("tie", "adaptive"):
        assert outcomes[name].status == "verified", outcomes[name].message
        assert "at tolerance test 1 its estimate and tolerance agree to within its rounding" in outcomes[name].message
    assert outcomes["below"].status == "verified" and "tolerance test" not in outcomes["below"].message
    assert_refuted(outcomes["tie-wrong"], ["accepted: claimed 0, computed 1"])
    assert_refuted(outcomes["below-wrong"], ["accepted: claimed 1, computed 0"])
    assert_refuted(outcomes["adaptive-wrong"], ["h_new: claimed 921/1024, computed 307/1024"])


def test_a_final_time_before_the_start_is_an_error_and_a_long_failure_time_is_shown_compactly(check_claims):
    """Review of 2026-12-05: t_end = -1 from t = 0 was verified with 0 attempts; a failure message printed its time in
    full (thousands of digits); and zero tolerances with estimates of exactly 0 (y' = 1: Euler and every pair are
    exact) shrank h by min_factor after every accepted attempt (1/2 + 1/10 + ... = 5/8 < 1), so the run never reached
    t_end and ground through max_attempts (out of memory at the default 100000).  A component with tolerance 0 and
    estimate 0 now counts 0 in the controller's ratio: the step grows by max_factor, h = 1/2, 5/2 -> 1/2 lands on 1."""
    model = '[model.one]\nstates = ["y"]\nrhs = { y = "1" }\n'
    base = 'check = "run"\nmodel = "one"\nmethod = "adaptive-rk"\ninitial = { y = 0 }\n'
    start = 'check = "run"\nmodel = "one"\nmethod = "adaptive-euler"\ninitial = { y = 0, t = "1/7**300" }\n'
    outcomes = _outcomes(check_claims, claims_text(model, {
        "before": (base + 'options = { h = "1/2", atol = "1/10", rtol = 0, t_end = -1, pair = "heun-euler-21" }\nexpect = { attempts = 0 }', []),
        "exact-steps": (base + 'options = { h = "1/2", atol = 0, rtol = 0, t_end = 1, pair = "heun-euler-21", controller = "order" }\n'
                        'expect = { failed = 0, attempts = 2, y = 1 }\ntrace = { h_new = ["5/2", "5/2"] }', []),
        "exact-steps-wrong": (base + 'options = { h = "1/2", atol = 0, rtol = 0, t_end = 1, pair = "heun-euler-21", controller = "order" }\n'
                              'expect = { failed = 1 }', []),
        "h-min": (start + 'options = { h = "1/4", h_min = "1/2", atol = 1, rtol = 0, t_end = 1 }\nexpect = { failed = 1, attempts = 0 }', []),
    }))
    assert outcomes["before"].status == "error" and "t_end = -1 is before the start t = 0" in outcomes["before"].message
    assert outcomes["exact-steps"].status == "verified", outcomes["exact-steps"].message
    assert_refuted(outcomes["exact-steps-wrong"], ["failed: claimed 1, computed 0"])
    h_min = outcomes["h-min"]
    assert h_min.status == "verified", h_min.message
    assert "step size 1/4 at t = [2.95520760501e-254" in h_min.message and "(exact rational, numerator 1 bits" in h_min.message and len(h_min.message) < 1000


def test_a_tolerance_test_the_twin_can_decide_is_not_called_a_tie_next_to_a_large_state(check_claims):
    """Review of 2026-12-05: y' = t from y = 10^30, h = 1/2: coarse = midpoint = y (f(0, y) = 0), fine = y + (1/4)(1/4),
    so the estimate is 1/16 exactly; against atol = 1/16 + 10^-12 the 50-digit twin resolves the gap (its rounding
    there is about 10^-20), and it must decide the test itself instead of calling it a tie."""
    y0, h = F(10**30), F(1, 2)
    fine, coarse = y0 + h / 2 * (h / 2), y0
    assert fine - coarse == F(1, 16)
    model = '[model.ramp]\nstates = ["y"]\nrhs = { y = "t" }\n'
    body = 'check = "run"\nmodel = "ramp"\nmethod = "step-doubling-euler"\ninitial = { y = "10**30" }\n'
    outcomes = _outcomes(check_claims, claims_text(model, {
        "above": (body + 'options = { h = "1/2", atol = "1/16 + 10**(-12)", rtol = 0 }\nexpect = { accepted = 1, error_estimate = "1/16" }', []),
        "below-wrong": (body + 'options = { h = "1/2", atol = "1/16 - 10**(-12)", rtol = 0 }\nexpect = { accepted = 1 }', []),
    }))
    assert outcomes["above"].status == "verified" and "tolerance test" not in outcomes["above"].message, outcomes["above"].message
    assert_refuted(outcomes["below-wrong"], ["accepted: claimed 1, computed 0"])


def test_a_quantity_the_run_did_not_compute_is_named_as_such(check_claims):
    """Review of 2026-12-05: error_ratio = 0 claimed with zero tolerances (estimate 0 against tolerance 0, no finite
    ratio) read 'error_ratio = error_ratio cannot be evaluated exactly'."""
    model = '[model.one]\nstates = ["y"]\nrhs = { y = "1" }\n'
    body = 'check = "run"\nmodel = "one"\nmethod = "step-doubling-euler"\noptions = { h = "1/2", atol = 0, rtol = 0 }\ninitial = { y = 0 }\n'
    outcomes = _outcomes(check_claims, claims_text(model, {"ratio": (body + "expect = { error_ratio = 0 }", []),
                                                           "at-nodes": (body + "expect_at_nodes = { error_estimate = 0 }", [])}))
    assert outcomes["ratio"].status == "error"
    assert outcomes["ratio"].message.endswith("error_ratio: error_ratio has no value in this run: error_ratio exists only where every "
                                              "tolerance is positive")
    assert outcomes["at-nodes"].status == "error"  # review: r_a_z at node 1 = r_a_z cannot be evaluated exactly
    assert "error_estimate at node 1: error_estimate has no value at a node: expect_at_nodes reads t and the states" in outcomes["at-nodes"].message


def test_an_irrational_final_time_shortens_the_last_step_and_the_order_controller_follows(check_claims):
    """Review of 2026-12-05: t_end = sqrt(2) under the order controller was an internal error (the last step sqrt(2) - 1
    made the error ratio irrational and its quantized root read .numerator).  y' = -y from 1, h = 1, atol = 100:
    attempt 1 (h = 1): coarse 0, fine (1/2)^2 = 1/4, estimate 1/4, ratio 1/400, factor min(5, 9/10 * 20) = 5;
    attempt 2 lands on sqrt(2): h = sqrt(2) - 1, estimate (1/4) h^2/4, ratio far below 1, factor 5 again."""
    model = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
    base = ('check = "run"\nmodel = "decay"\nmethod = "adaptive-euler"\ninitial = { y = 1 }\n'
            'options = { h = 1, atol = 100, rtol = 0, t_end = "sqrt(2)", controller = "order" }\n')
    outcomes = _outcomes(check_claims, claims_text(model, {
        "irrational": (base + 'expect = { attempts = 2, failed = 0, t = "sqrt(2)" }\ntrace = { accepted = [1, 1] }', []),
        "irrational-wrong": (base + 'expect = { attempts = 3 }', [])}))
    assert outcomes["irrational"].status == "verified", outcomes["irrational"].message
    assert_refuted(outcomes["irrational-wrong"], ["attempts: claimed 3, computed 2"])


def test_an_irrational_final_time_on_the_certified_route_is_enclosed_not_an_internal_error(check_claims):
    """An adversarial review of 2026-12-07: adaptive-rk (Bogacki-Shampine), rkf-burden-faires and adaptive-euler on
    y' = -y exp(-t) to t_end = sqrt(2) were 'internal error AttributeError' (the last step sqrt(2) - t reached the
    balls as a sympy sum), and Burden & Faires' Example 1 to sqrt(2) (a rational right-hand side, whose controller
    takes a fourth root) fell to `numerical` through an enclosure 'compared with a Pow'.  A closed-form number is
    now enclosed at the working precision: t = 1.414214 (6 digits) is verified `certified`, t = 1.414215 refuted,
    t = sqrt(2) itself an error that says enclosures cannot prove an equality (give digits); the Burden & Faires run
    is certified, its last step 0.1848804 and w = 3.7718122 as the review recomputed them (its own RKF in mpmath)."""
    model = ('[model.expdecay]\nstates = ["y"]\nrhs = { y = "-y*exp(-t)" }\n'
             '[model.bf]\nstates = ["y"]\nrhs = { y = "y - t**2 + 1" }\n')
    methods = {"rk": 'method = "adaptive-rk"\noptions = { pair = "bogacki-shampine-32", h = "1/2", atol = "1/1000", rtol = "1/1000", '
                     't_end = "sqrt(2)", controller = "order" }\n',
               "rkf": 'method = "rkf-burden-faires"\noptions = { tolerance = "1/100000", h_max = "1/4", h_min = "1/100", t_end = "sqrt(2)" }\n',
               "euler": 'method = "adaptive-euler"\noptions = { h = "1/2", atol = "1/100", rtol = 0, t_end = "sqrt(2)", controller = "order" }\n'}
    base = 'check = "run"\nmodel = "expdecay"\ninitial = { y = 1 }\n'
    claims = {}
    for key, method in methods.items():
        claims[key] = (base + method + 'expect = { failed = 0, t = "1.414214" }\ndigits = 6',)
        claims[key + "-wrong"] = (base + method + 'expect = { t = "1.414215" }\ndigits = 6',)
        claims[key + "-closed-form"] = (base + method + 'expect = { t = "sqrt(2)" }',)
    bf = ('check = "run"\nmodel = "bf"\ninitial = { y = "1/2" }\n' + methods["rkf"] + 'digits = 7\n')
    claims["bf"] = (bf + 'expect = { failed = 0, accepted_steps = 6, step_h = "0.1848804", y = "3.7718122" }',)
    claims["bf-wrong"] = (bf + 'expect = { y = "3.7718123" }',)
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(model, claims)).items()}
    for key in (*methods, "bf"):
        assert (outcomes[key].status, outcomes[key].evidence) == ("verified", "certified"), (key, outcomes[key].message)
    for key in methods:
        assert_refuted(outcomes[key + "-wrong"], ["t: claimed 1.414215 at 6 decimals"])
        closed = outcomes[key + "-closed-form"]
        assert closed.status == "error" and "enclosures can refute a closed form, never prove it: give digits" in closed.message, closed.message
        assert "internal error" not in closed.message
    assert_refuted(outcomes["bf-wrong"], ["y: claimed 3.7718123 at 7 decimals"])


def test_a_sampled_accept_claim_follows_the_closest_tolerance_test_to_a_thin_window_of_rejection(check_claims):
    """With atol = (Y - 33/10)^2 and h = 1/100 the estimate Y (kh)^2/4 = Y/160000 passes the tolerance only for Y in
    about (3.2957, 3.3043): 'accepted = 1 for every Y in (0, 10)' is false, and was verified on 105 sampled instances
    (a 0/1 value gives the descent nothing to follow; a review of 2026-12-06).  The instance's margin now includes the
    closest accept/reject test's relative gap; with a tolerance that never meets the estimate the claim still holds."""
    body = ('check = "forall"\nmodel = "cooling"\ndomains = { Y = "interval(0, 10)" }\nmethod = "step-doubling-euler"\n'
            'initial = { y = "Y" }\nholds = { accepted = 1 }\n')
    results = check_claims(claims_text(COOLING, {
        "window": (body + 'options = { h = "1/100", atol = "(Y - 33/10)**2", rtol = 0 }',),
        "no-window": (body + 'options = { h = "1/100", atol = "(Y - 33/10)**2 + 1/1000", rtol = 0 }',),
    }))
    window = results["window"].outcome
    assert_refuted(window, ["counterexample Y = ", "accepted: claimed 1, computed 0"])
    Y = F(window.message.split("counterexample Y = ")[1].split(":")[0])
    assert Y / 160000 > (Y - F(33, 10)) ** 2  # a true counterexample: the estimate passes the tolerance there
    assert results["no-window"].outcome.status == "verified", results["no-window"].outcome.message
    # every test an exact tie (estimate Y/160000 = tolerance): true, but a window of rejection next to a tie (atol =
    # Y/160000 + (Y - 5)(Y - 5 - 10^-6), false on (5, 5 + 10^-6)) looks the same to the instances: not decided, both
    ties = check_claims(claims_text(COOLING, {
        "tie": (body + 'options = { h = "1/100", atol = "Y/160000", rtol = 0 }',),
        "beside-a-tie": (body + 'options = { h = "1/100", atol = "Y/160000 + (Y - 5)*(Y - 5 - 1/10**6)", rtol = 0 }',)}))
    for name in ("tie", "beside-a-tie"):
        outcome = ties[name].outcome
        assert outcome.status in ("error", "refuted") and (outcome.status == "refuted" or "not decided" in outcome.message), outcome.message


def test_a_smallest_factor_above_the_largest_is_refused_when_the_claim_is_read(check_claims):
    """A review of 2026-12-06: min_factor = 2 with max_factor = 1/2 made every factor 1/2, steps summing to less than
    1/2, and the run went on to the time limit; also a min_factor above the default max_factor (5)."""
    head = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y/2" }\n'
    body = ('check = "run"\nmodel = "decay"\nmethod = "adaptive-rk"\ninitial = { y = 1 }\nexpect = { failed = 0 }\n'
            'options = { h = "1/4", atol = "1/1000", rtol = "1/1000", t_end = 1, pair = "fehlberg-45", controller = "order", FACTORS }')
    results = check_claims(claims_text(head, {"crossed": (body.replace("FACTORS", 'min_factor = 2, max_factor = "1/2"'),),
                                              "above-default": (body.replace("FACTORS", "min_factor = 6"),),
                                              "fine": (body.replace("FACTORS", 'min_factor = "1/2", max_factor = 2'),)}))
    for key, low, high in (("crossed", "2", "1/2"), ("above-default", "6", "5")):
        outcome = results[key].outcome
        assert outcome.status == "error" and f"min_factor = {low} is above max_factor = {high}" in outcome.message, outcome.message
    assert results["fine"].outcome.status == "verified", results["fine"].outcome.message


def test_a_long_adaptive_run_keeps_its_tolerance_gaps_as_floats_not_as_exact_numbers():
    """A review of 2026-12-07: heun-euler-21 with atol = 10^-6 on y' = -y/2 to t = 30 died at the 4 GiB memory limit
    (GMP's "Cannot allocate memory" on stderr): every tolerance test kept its exact relative gap, a rational as large
    as the run's values (1.5 GB over 16,000 steps to t = 8).  Only the least gap is read, as a float margin; the gaps
    are kept as floats, and the run's values and verdicts are unchanged."""
    model = model_from_table("cooling", {"states": ["y"], "rhs": {"y": "-y/2"}}, "test")
    options = {"h": sympy.Rational(1, 8), "atol": sympy.Rational(1, 10**6), "rtol": sympy.Integer(0), "t_end": sympy.Integer(1),
               "pair": "heun-euler-21", "controller": "halving"}
    result = run(METHODS["adaptive-rk"], ExactSystem(model, {}), options, 0, [sympy.Integer(10)], 1, keep=False)
    gaps = result.recorder.tolerance_gaps
    assert len(gaps) == len(result.recorder.tolerance_tests) > 1000 and all(isinstance(g, float) for g in gaps)
    assert all((g >= 0) == accepted for g, accepted in zip(gaps, result.recorder.tolerance_tests))


def test_a_claim_on_a_run_that_stopped_early_must_say_so(check_claims):
    """An adversarial review of 2026-12-07: adaptive Euler with atol = 10^-30 on y' = -y never leaves t = 0 (every
    attempt is rejected, y(1) = e^-1 = 0.368 is never computed), yet "ends with y >= 0.9" was verified on y = 1,
    where it stopped.  A claim about such a run's values is an error unless it states `failed`: with failed = 1 it is
    verified (the values where it stopped), with failed = 0 refuted."""
    model = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
    body = ('check = "run"\nmodel = "decay"\nmethod = "adaptive-euler"\n'
            'options = { h = 1, atol = "1e-30", rtol = 0, t_end = 1, controller = "order" }\ninitial = { y = 1 }\n')
    results = check_claims(claims_text(model, {
        "unstated": (body + 'expect_relations = { y = ">= 0.9" }',),
        "stated": (body + 'expect = { failed = 1 }\nexpect_relations = { y = ">= 0.9" }',),
        "denied": (body + 'expect = { failed = 0 }\nexpect_relations = { y = ">= 0.9" }',),
        "relation-on-failed": (body + 'expect_relations = { y = ">= 0.9", failed = "> 0" }',),
        "vacuous": (body + 'expect_relations = { y = ">= 0.9", failed = ">= 0" }',),  # (a second review: true either way)
    }))
    unstated = results["unstated"].outcome
    assert unstated.status == "error" and "the run failed (attempt at t = 0 rejected" in unstated.message, unstated.message
    assert "states failed = 1" in unstated.message
    assert results["vacuous"].outcome.status == "error" and "the run failed" in results["vacuous"].outcome.message
    for key in ("stated", "relation-on-failed"):
        assert results[key].outcome.status == "verified", (key, results[key].outcome.message)
    assert_refuted(results["denied"].outcome, ["failed: claimed 0, computed 1"])
