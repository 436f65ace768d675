"""A solution claim is refuted only at a point where its residual is certainly nonzero; otherwise it is an error."""
from __future__ import annotations

import sympy

from conftest import assert_refuted, claims_text
from test_step_doubling import COOLING
from verify.checks import identity

MODELS = COOLING + """
[model.cooling-wrong-rate]
states = ["y"]
rhs = { y = "-k*y" }
parameters = { k = 0.5 }
solution = { y = "y0*exp(-2*k*t)" }
"""


def test_a_wrong_solution_is_refuted_at_a_certified_point(check_claims):
    outcome = check_claims(claims_text(MODELS, {"wrong": ('check = "solution"\nmodel = "cooling-wrong-rate"',)}))["wrong"].outcome
    assert_refuted(outcome, ["claimed y(t) = y0*exp(-1.0*t)".replace("-1.0*t", "-t"), "certified by interval arithmetic"])


def test_a_residual_sympy_cannot_simplify_is_an_error_not_a_refutation(check_claims, monkeypatch):
    monkeypatch.setattr("verify.checks.solution.is_zero", lambda expression: False)  # sympy "fails" to simplify
    outcome = check_claims(claims_text(MODELS, {"true": ('check = "solution"\nmodel = "cooling"',)}))["true"].outcome
    assert outcome.status == "error", outcome.message
    assert "not certainly nonzero at any sample point" in outcome.message
    assert identity.is_zero(sympy.Integer(0))
