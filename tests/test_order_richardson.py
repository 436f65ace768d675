"""Observed orders without a closed-form solution: differences of successive levels (Richardson)."""
from __future__ import annotations

MODEL = """
[model.lotka_volterra]
states = ["u", "v"]
rhs = { u = "u*(1 - v)", v = "v*(u - 2)" }
"""


def body(claim_id, method, order, steps="[10, 20, 40, 80, 160]"):
    return (f'\n[[claim]]\nid = "{claim_id}"\nstatement = "s"\ncheck = "order"\nmodel = "lotka_volterra"\nmethod = "{method}"\n'
            f'initial = {{ u = 1, v = "1/2" }}\nt_end = 2\nsteps = {steps}\norder = {order}\n')


def test_orders_on_lotka_volterra_from_successive_differences(check_claims):
    results = check_claims(MODEL + body("rk4", "rk4", 4) + body("heun", "heun", 2) + body("heun-3", "heun", 3)
                           + body("uneven", "heun", 2, "[10, 20, 30, 40]") + body("three", "heun", 2, "[10, 20, 40]"))
    for claim_id in ("rk4", "heun"):
        outcome = results[claim_id].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "numerical"), outcome.message
        assert "differences" in outcome.message and "estimated error" in outcome.message
        assert float(outcome.computed["finest_level_estimated_error"]) > 0
    wrong = results["heun-3"].outcome
    assert wrong.status == "refuted" and "claimed order 3" in wrong.message and "computed observed order 1.99" in wrong.message
    for claim_id in ("uneven", "three"):
        outcome = results[claim_id].outcome
        assert outcome.status == "error" and "constant ratio" in outcome.message, outcome.message
