"""An observed order is refuted only once it has settled: coarse steps before the asymptotic range give an error."""
from __future__ import annotations

from conftest import assert_refuted

DORMAND_PRINCE = (
    'options = { A = [[0,0,0,0,0,0,0],["1/5",0,0,0,0,0,0],["3/40","9/40",0,0,0,0,0],["44/45","-56/15","32/9",0,0,0,0],'
    '["19372/6561","-25360/2187","64448/6561","-212/729",0,0,0],["9017/3168","-355/33","46732/5247","49/176","-5103/18656",0,0],'
    '["35/384",0,"500/1113","125/192","-2187/6784","11/84",0]], b = ["35/384",0,"500/1113","125/192","-2187/6784","11/84",0], '
    'c = [0,"1/5","3/10","4/5","8/9",1,1] }'
)  # Dormand & Prince (1980), the 5th-order weights


def claim(steps, order):
    return f"""
[model.logistic]
states = ["y"]
rhs = {{ y = "y*(1 - y)" }}
solution = {{ y = "1/(1 + exp(-t))" }}

[[claim]]
id = "dp"
statement = "Dormand-Prince is order {order}"
check = "order"
model = "logistic"
method = "rk"
{DORMAND_PRINCE}
initial = {{ y = "1/2" }}
t_end = 4
steps = {steps}
order = {order}
"""


def test_coarse_steps_are_not_a_refutation(check_claims):
    outcome = check_claims(claim([5, 10, 20], 5))["dp"].outcome
    assert outcome.status == "error", outcome.message
    assert "the observed orders have not settled" in outcome.message and "pairwise 3.188, 4.802" in outcome.message
    assert "add finer steps" in outcome.message


def test_the_same_order_at_finer_steps_is_verified(check_claims):
    outcome = check_claims(claim([10, 20, 40, 80], 5))["dp"].outcome
    assert outcome.status == "verified", outcome.message


def test_a_settled_order_one_too_high_is_refuted(check_claims):
    assert_refuted(check_claims(claim([10, 20, 40, 80], 6))["dp"].outcome, ["claimed order 6", "observed order 4.989"])


def test_two_step_counts_cannot_show_settling(check_claims):
    outcome = check_claims(claim([20, 40], 6))["dp"].outcome
    assert outcome.status == "error" and "not settled" in outcome.message


def test_a_kept_run_is_handed_out_only_for_the_same_run(check_claims):
    """One worker checks claim after claim and keeps the order check's runs (observed._final_state): claims that
    differ only in a parameter value, the initial value, a tableau weight or the end time must each get their own
    runs.  Forward Euler on y' = -k y, y(0) = y0 to t = T, N steps: y_N = y0 (1 - kT/N)^N, so the error at each N
    is |y0 (1 - kT/N)^N - y0 exp(-kT)|, computed here with mpmath; every claim's error list must be its own."""
    import mpmath

    cases = {"plain": (1, 1, 1, "1"), "k": (2, 1, 1, "1"), "y0": (1, 3, 1, "1"), "T": (1, 1, 2, "1"), "b": (1, 1, 1, "1/2")}
    text = '[model.decay]\nstates = ["y"]\nrhs = { y = "-k*y" }\nparameters = { k = 1 }\nsolution = { y = "y0*exp(-k*t)" }\n'
    for name, (k, y0, T, b) in cases.items():  # forward Euler written as a one-stage tableau with weight b
        keys = {"id": f'"{name}"', "statement": '"s"', "check": '"order"', "model": '"decay"', "method": '"rk"',
                "options": f'{{ A = [[0]], b = ["{b}"], c = [0] }}', "parameters": f"{{ k = {k} }}", "initial": f"{{ y = {y0} }}",
                "t_end": T, "steps": "[10, 20, 40, 80]", "order": 1, "tolerance": 0.2}
        text += "\n[[claim]]\n" + "".join(f"{key} = {value}\n" for key, value in keys.items())
    results = check_claims(text)
    mpmath.mp.dps = 30
    try:
        for name, (k, y0, T, b) in cases.items():
            weight = mpmath.mpf(1) / 2 if b == "1/2" else mpmath.mpf(int(b))
            errors = [abs(y0 * (1 - weight * k * mpmath.mpf(T) / n) ** n - y0 * mpmath.exp(-k * T)) for n in (10, 20, 40, 80)]
            shown = results[name].outcome.computed["errors"]
            assert shown == ", ".join(f"{float(e):.3e}" for e in errors), (name, shown)
    finally:
        mpmath.mp.dps = 15


def test_errors_at_the_rounding_level_or_growing_errors_show_no_order(check_claims):
    """Review of 2026-12-05.  Rosenbrock-Euler with gamma = 1/2 is exact on y' = -y^2 (y + h(-y^2)/(1 + h y) = y/(1 + h y),
    the flow): its errors of 1.3e-51 on the mpmath path were read as "observed order 0.000", verifying order 1/20.
    Atkinson & Han's y_{n+1} = 3 y_n - 2 y_{n-1} + (h/2)(f_n - 3 f_{n-1}) is consistent but not zero-stable: errors
    from 0.5 to 1.7e18 as h shrinks were "not yet in the asymptotic range: add finer steps"."""
    text = """
[model.ric]
states = ["y"]
rhs = { y = "-y**2" }
solution = { y = "y0/(1 + y0*t)" }
[model.decay]
states = ["y"]
rhs = { y = "-y" }
solution = { y = "y0*exp(-t)" }
[[claim]]
id = "exact"
statement = "s"
check = "order"
model = "ric"
method = "rosenbrock-euler"
options = { gamma = "1/2" }
initial = { y = 1 }
t_end = 1
steps = [4, 8, 16, 32]
order = "1/20"
[[claim]]
id = "divergent"
statement = "s"
check = "order"
model = "decay"
method = "lmm"
options = { alpha = [2, -3, 1], beta = ["-3/2", "1/2", 0], start = "exact" }
initial = { y = 1 }
t_end = 1
steps = [10, 20, 40, 80]
order = 2
"""
    results = check_claims(text)
    exact, divergent = results["exact"].outcome, results["divergent"].outcome
    assert exact.status == "error" and "within 10 digits of the rounding of the 50-digit values" in exact.message, exact.message
    assert divergent.status == "error" and "the errors grow as the step shrinks" in divergent.message, divergent.message


def test_a_singular_implicit_step_in_an_order_run_is_an_error_naming_n(check_claims):
    """A hostile review of 2026-12-05: the trapezoid written as lmm on y' = 4y over [0, 1] has h beta_k lam = (1/2)(1/2)4 = 1
    at N = 2: an internal error (ZeroDivisionError) before."""
    text = """
[model.grow]
states = ["y"]
rhs = { y = "4*y" }
solution = { y = "y0*exp(4*t)" }
[[claim]]
id = "singular"
statement = "s"
check = "order"
model = "grow"
method = "lmm"
options = { alpha = [-1, 1], beta = ["1/2", "1/2"], start = "exact" }
initial = { y = 1 }
t_end = 1
steps = [2, 4, 8]
order = 2
"""
    outcome = check_claims(text)["singular"].outcome
    assert outcome.status == "error" and "the run with N = 2 divides by zero in an exact step" in outcome.message, outcome.message
