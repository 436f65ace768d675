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
