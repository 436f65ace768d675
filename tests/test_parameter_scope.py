"""identity and sign claims about a model with parameters say at which parameter values they were decided."""
from __future__ import annotations

from conftest import assert_refuted, claims_text

MODEL = """
[model.oscillator]
states = ["s", "v"]
rhs = { s = "v", v = "-c*s/m" }
parameters = { m = 1, c = 1 }
functionals = { energy = "(c*s**2 + v**2)/2" }
"""

CLAIMS = {
    # E = (c s^2 + v^2)/2 is conserved only when m = 1: E' = c s v (1 - 1/m)
    "at-defaults": ('check = "identity"\nmodel = "oscillator"\nexpr = "ddt(energy)"\nequals = "0"',),
    "for-every-m": ('check = "identity"\nmodel = "oscillator"\nsymbols = ["m", "c"]\nexpr = "ddt(energy)"\nequals = "0"',),
    "sign-at-defaults": ('check = "sign"\nmodel = "oscillator"\nexpr = "-(ddt(energy))**2"\nsign = "nonpositive"',),
}


def test_a_proof_at_the_default_values_names_them(check_claims):
    results = check_claims(claims_text(MODEL, CLAIMS))
    outcome = results["at-defaults"].outcome
    assert outcome.status == "verified", outcome.message
    assert "[at m = 1, c = 1, the parameter values used; list m, c under 'symbols'" in outcome.message
    assert outcome.computed["parameters"] == "m = 1, c = 1"
    assert "at m = 1" in results["sign-at-defaults"].outcome.message


def test_with_symbols_the_same_claim_is_refuted_for_every_m(check_claims):
    outcome = check_claims(claims_text(MODEL, CLAIMS))["for-every-m"].outcome
    assert_refuted(outcome, ["claimed ddt(energy) = 0", "they differ by"])
    assert "parameter values used" not in outcome.message


def test_a_claim_override_is_named_too(check_claims):
    body = 'check = "identity"\nmodel = "oscillator"\nparameters = { m = 2 }\nexpr = "ddt(energy)"\nequals = "c*s*v/2"'
    outcome = check_claims(claims_text(MODEL, {"m2": (body,)}))["m2"].outcome
    assert outcome.status == "verified" and "at m = 2, c = 1" in outcome.message


def test_a_solution_claim_names_the_parameter_values_it_was_decided_at(check_claims):
    """x = x0 cos(w t) + v0 sin(w t)/w solves x'' = -(c/m) x only with w = sqrt(c/m); written with sqrt(m/c) it holds
    at m = c alone, and was 'verified' at the model's m = c = 1 without saying so (a review of 2026-12-06)."""
    wrong = MODEL.replace('functionals = { energy = "(c*s**2 + v**2)/2" }',
                          'solution = { s = "s0*cos(sqrt(m/c)*t) + v0*sin(sqrt(m/c)*t)/sqrt(m/c)", '
                          'v = "v0*cos(sqrt(m/c)*t) - s0*sqrt(m/c)*sin(sqrt(m/c)*t)" }')
    results = check_claims(claims_text(wrong, {"defaults": ('check = "solution"\nmodel = "oscillator"',),
                                               "every": ('check = "solution"\nmodel = "oscillator"\nsymbols = ["m", "c"]',)}))
    defaults = results["defaults"].outcome
    assert defaults.status == "verified" and "[at m = 1, c = 1, the parameter values used" in defaults.message, defaults.message
    assert results["every"].outcome.status == "refuted", results["every"].outcome.message


def test_an_identity_whose_symbol_sympy_cancels_on_reading_is_still_for_every_value(check_claims):
    """exp(u) exp(-u) is read 1 and 0^(x^2 + 1) is read 0: the identity holds for every x, which the message says,
    with evidence symbolic (an adversarial review of 2026-12-07: 'exact', without 'for all x').  A declared symbol
    not written in the claim is not named; a wrong version is refuted."""
    body = 'check = "identity"\nsymbols = ["x", "y"]\n'
    results = check_claims(claims_text("", {
        "exp-cancel": (body + 'expr = "exp((x + 1)**50)*exp(-(x + 1)**50)"\nequals = "1"',),
        "zero-power": (body + 'expr = "0**(x**2 + 1)"\nequals = "0"',),
        "exp-cancel-wrong": (body + 'expr = "exp((x + 1)**50)*exp(-(x + 1)**50)"\nequals = "2"',),
    }))
    for key in ("exp-cancel", "zero-power"):
        outcome = results[key].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "symbolic"), outcome.message
        assert " for all x (sympy" in outcome.message and "y" not in outcome.message.split("(sympy")[0].split("for all")[1]
    assert_refuted(results["exp-cancel-wrong"].outcome, ["claimed exp((x + 1)**50)*exp(-(x + 1)**50) = 2"])
