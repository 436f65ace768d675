"""Convergence orders, coupled backward Euler for DAEs, and prescribed residuals (their wrong versions are
tests/claims/wrong/order_dae.toml)."""
from __future__ import annotations

from fractions import Fraction as F

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import claims_text
from verify.engines.methods import METHODS, ExactSystem, run
from verify.input.model import model_from_table

MODELS = """
[model.linear_dae]
states = ["x"]
algebraic = ["z"]
rhs = { x = "-x + z" }
constraints = ["z - x/2 - t"]
solution = { x = "(x0 + 4)*exp(-t/2) + 2*t - 4", z = "(x0 + 4)/2*exp(-t/2) + 2*t - 2" }

[model.riccati]
states = ["y"]
rhs = { y = "-y**2" }
solution = { y = "y0/(1 + y0*t)" }
"""


def test_order_table_and_reference_run(check_claims):
    body = 'check = "order"\nmodel = "riccati"\nmethod = "heun"\ninitial = { y = 1 }\nt_end = 1\nsteps = [10, 20, 40]\nreference_steps = 2560\norder = 2'
    outcome = check_claims(claims_text(MODELS, {"heun": (body,)}))["heun"].outcome
    assert outcome.status == "verified" and outcome.evidence == "numerical"
    assert outcome.derivation[1].split() == ["N", "h", "error", "order", "y"]
    assert len(outcome.derivation) == 2 + 3 + 1


def test_explicit_methods_refuse_a_dae(check_claims):
    body = 'check = "run"\nmodel = "linear_dae"\nmethod = "euler"\noptions = { h = 1 }\ninitial = { x = 1, z = 0 }\nexpect = { x = 0 }'
    outcome = check_claims(claims_text(MODELS, {"euler-dae": (body,)}))["euler-dae"].outcome
    assert outcome.status == "error" and "cannot step the DAE" in outcome.message


def test_constraints_must_match_algebraic_variables(check_claims):
    text = '[model.bad]\nstates = ["x"]\nalgebraic = ["z", "w"]\nrhs = { x = "z" }\nconstraints = ["z - x"]\n'
    body = 'check = "run"\nmodel = "bad"\nmethod = "backward-euler"\noptions = { h = 1 }\ninitial = { x = 1, z = 0, w = 0 }\nexpect = { x = 0 }'
    outcome = check_claims(claims_text(text, {"bad": (body,)}))["bad"].outcome
    assert outcome.status == "error" and "one constraint per algebraic variable" in outcome.message


DAE = model_from_table("dae", {"states": ["x"], "algebraic": ["z"], "rhs": {"x": "-x + z"}, "constraints": ["z - x/2 - t"]}, "test")
values = st.fractions(min_value=-5, max_value=5, max_denominator=12)


@settings(max_examples=40, deadline=None)
@given(x=values, t=values, h=st.fractions(min_value=F(1, 12), max_value=2, max_denominator=12), r_d=values, r_a=values)
def test_coupled_backward_euler_solves_its_equations(x, t, h, r_d, r_a):
    """By hand: X = x + h(-X + Z) + h r_d and Z = X/2 + t1 + r_a, t1 = t + h."""
    t1 = t + h
    X = (x + h * (t1 + r_a) + h * r_d) / (1 + h / 2)
    Z = X / 2 + t1 + r_a
    options = {"h": sympy.Rational(h.numerator, h.denominator),
               "residual_d": {"x": sympy.Rational(r_d.numerator, r_d.denominator)},
               "residual_a": {"z": sympy.Rational(r_a.numerator, r_a.denominator)}}
    result = run(METHODS["backward-euler"], ExactSystem(DAE, {}), options, sympy.Rational(t.numerator, t.denominator),
                 [sympy.Rational(x.numerator, x.denominator), 0], 1, keep=True)
    got = [F(int(v.numerator), int(v.denominator)) for v in result.y]
    assert got == [X, Z]
    assert result.recorder.latest["r_d_x"] == r_d and result.recorder.latest["r_a_z"] == r_a


NONLINEAR = MODELS + """
[model.nonlinear_dae]
states = ["x"]
algebraic = ["z"]
rhs = { x = "-z" }
constraints = ["z - x**2"]
solution = { x = "x0/(1 + x0*t)", z = "(x0/(1 + x0*t))**2" }
"""
NONLINEAR_ORDER = 'check = "order"\nmodel = "nonlinear_dae"\nmethod = "backward-euler"\ninitial = { x = 1, z = 1 }\nt_end = 1\nsteps = [20, 40, 80]\norder = 1\n'


def test_newton_solved_nonlinear_dae_is_first_order(check_claims):
    outcome = check_claims(claims_text(NONLINEAR, {"nl": (NONLINEAR_ORDER,)}))["nl"].outcome
    assert outcome.status == "verified" and "mpmath 50 digits" in outcome.derivation[0]


def test_newton_budget_exhausted_is_an_explicit_failure(check_claims):
    body = NONLINEAR_ORDER + 'options = { newton_iterations = 1, newton_tolerance = "1/10**45" }'
    outcome = check_claims(claims_text(NONLINEAR, {"budget": (body,)}))["budget"].outcome
    assert outcome.status == "error"
    assert "Newton did not converge within 1 iterations at t = 0.05" in outcome.message
    assert "the option newton_iterations raises the budget" in outcome.message  # what to do (a review of the tenth session)


def test_nonlinear_dae_has_no_exact_run(check_claims):
    body = 'check = "run"\nmodel = "nonlinear_dae"\nmethod = "backward-euler"\noptions = { h = "1/10" }\ninitial = { x = 1, z = 1 }\nexpect = { x = 1 }'
    outcome = check_claims(claims_text(NONLINEAR, {"exact": (body,)}))["exact"].outcome
    assert outcome.status == "refuted" and outcome.evidence == "numerical" and "solved exactly only for one state" in outcome.message
