"""Every kind of check can fail: wrong versions of the source's claims come out `refuted` (not `error`),
with a message that shows what was claimed and what was computed."""
from __future__ import annotations

import pytest

from conftest import assert_wrong_version_refuted, ELECTROMECHANICAL, claims_text

RUN_HEAD = ELECTROMECHANICAL + """
[model.ramp]
states = ["x", "z"]
rhs = { x = "1", z = "x" }
blocks = { slow = ["x"], fast = ["z"] }
solution = { x = "x0 + t", z = "z0 + x0*t + t**2/2" }

[model.stable_coupled]
states = ["x", "z"]
rhs = { x = "-x", z = "x - 8*z" }
blocks = { slow = ["x"], fast = ["z"] }
solution = { x = "x0*exp(-t)", z = "exp(-8*t)*z0 + x0/6*(exp(-t) - exp(-8*t))" }

[model.cooling]
states = ["y"]
rhs = { y = "-y/2" }
"""

MACRO = """
check = "run"
model = "electromechanical"
method = "frozen-slow-euler"
options = { H = "1/10", m = 4 }
initial = { q = 0, v = 1, i = 0 }
"""

WRONG = {
    # run: a changed digit, a flipped sign, a wrong trace, a wrong count, a wrong rounding, a wrong order of error
    "changed-digit": (MACRO + 'expect = { q = "1/10", v = "9/10", i = "369/5001" }', ["claimed 369/5001", "computed 369/5000"]),
    "flipped-sign": (MACRO + 'expect = { v = "-9/10" }', ["claimed -9/10", "computed 9/10"]),
    "wrong-trace-value": (MACRO + 'trace = { i = ["1/40", "9/201", "61/1000", "369/5000"] }', ["value 2 claimed 9/201", "computed 9/200"]),
    "wrong-trace-length": (MACRO + 'trace = { i = ["1/40", "9/200", "61/1000"] }', ["claimed 3 values", "computed 4"]),
    "wrong-count": (MACRO + "counts = { slow = 1, fast = 3 }", ["counts fast: claimed 3, computed 4"]),
    "wrong-rounding": (
        'check = "run"\nmodel = "cooling"\nmethod = "euler"\noptions = { h = "79/800" }\ninitial = { y = 10 }\ndigits = 4\nexpect = { y = 9.5061 }',
        ["claimed 9.5061", "computed 9.50625", "9.5062 (half-even) / 9.5063 (half-up)"],
    ),
    "terminal-error-TH/3": (
        'check = "run"\nmodel = "ramp"\nmethod = "frozen-slow-euler"\noptions = { H = "1/4", m = 3 }\ninitial = { x = 0, z = 0 }\nsteps = 4\n'
        'expect = { "solution(z) - z" = "1/4/3" }',
        ["claimed 1/4/3 (= 1/12), computed 1/8"],
    ),
    "frozen-slow-exact-at-nodes": (
        'check = "run"\nmodel = "ramp"\nmethod = "frozen-slow-euler"\noptions = { H = "1/4", m = 3 }\ninitial = { x = 0, z = 0 }\nsteps = 4\n'
        'expect_at_nodes = { z = "solution(z)" }',
        ["at node 1", "claimed solution(z) (= 1/32), computed 0"],
    ),
    # identity: a flipped sign and a changed digit
    "energy-identity-flipped-sign": (
        'check = "identity"\nmodel = "electromechanical"\nexpr = "ddt(energy)"\nequals = "(v - i)**2 + 7*i**2"',
        ["claimed ddt(energy) = (v - i)**2 + 7*i**2", "computed -8*i**2 + 2*i*v - v**2"],
    ),
    "energy-identity-changed-digit": (
        'check = "identity"\nmodel = "electromechanical"\nexpr = "ddt(energy)"\nequals = "-(v - i)**2 - 6*i**2"',
        ["claimed", "differ by -i**2"],
    ),
    # sign: the opposite sign, and a strict sign that fails on a nonzero state
    "energy-grows": ('check = "sign"\nmodel = "electromechanical"\nexpr = "ddt(energy)"\nsign = "nonnegative"', ["claimed ddt(energy) nonnegative", "computed -"]),
    "energy-strictly-decreasing": ('check = "sign"\nmodel = "electromechanical"\nexpr = "ddt(energy)"\nsign = "negative"', ["claimed ddt(energy) negative", "computed 0 at"]),
    "indefinite-quadratic-with-linear-term": ('check = "sign"\nmodel = "electromechanical"\nexpr = "q**2 - 2*q + 1/2"\nsign = "nonnegative"', ["claimed", "computed -1/2 at q = 1"]),
    # relation: a changed digit, a flipped comparison, a certified refutation through exp
    "multiplier-changed-digit": ('check = "relation"\nparameters = { h = "3/10" }\nlhs = "1 - 8*h"\nop = "=="\nrhs = "-7/4"', ["claimed 1 - 8*h == -7/4", "lhs = -7/5"]),
    "multiplier-contracts": ('check = "relation"\nparameters = { h = "3/10" }\nlhs = "abs(1 - 8*h)"\nop = "<"\nrhs = 1', ["claimed abs(1 - 8*h) < 1", "lhs = 7/5"]),
    "exact-multiplier-grows": ('check = "relation"\nparameters = { h = "3/10" }\nlhs = "exp(-8*h)"\nop = ">"\nrhs = 1', ["claimed exp(-8*h) > 1", "mpmath.iv"]),
    # solution: a changed digit in the closed form (x0/6 instead of x0/7)
    "closed-form-changed-digit": ('check = "solution"\nmodel = "stable_coupled"', ["claimed z(t) =", "not 0"]),
}


def claim_file(claims: dict) -> str:
    return claims_text(RUN_HEAD, claims)


@pytest.mark.parametrize("claim_id", sorted(WRONG))
def test_wrong_version_is_refuted_with_claimed_and_computed(check_claims, claim_id):
    assert_wrong_version_refuted(check_claims, RUN_HEAD, WRONG, claim_id)


def test_wrong_versions_exit_1_and_expected_refuted_exit_0(run_cli, tmp_path):
    (tmp_path / "wrong.toml").write_text(claim_file(WRONG))
    result = run_cli("run", "wrong.toml")
    assert result.exit_code == 1
    assert result.output.count("FAIL refuted") == len(WRONG)
    recorded = claim_file(WRONG).replace('statement = "a wrong version"', 'statement = "a wrong version"\nexpected = "refuted"')
    (tmp_path / "recorded.toml").write_text(recorded)
    result = run_cli("run", "recorded.toml")
    assert result.exit_code == 0, result.output
    assert f"{len(WRONG)} claims · {len(WRONG)} refuted as expected" in result.output


def test_rounding_audit_reports_ties_and_modes(check_claims):
    body = 'check = "run"\nmodel = "cooling"\nmethod = "euler"\noptions = { h = "79/800" }\ninitial = { y = 10 }\ndigits = 4\n'
    results = check_claims(claim_file({"half-even": (body + "expect = { y = 9.5062 }", []), "half-up": (body + 'expect = { y = "9.5063" }', [])}))
    even, up = results["half-even"].outcome, results["half-up"].outcome
    assert even.status == up.status == "verified"
    assert "9.50625 is a tie at decimal 5" in even.message
    assert "reproduced by round-half-even, not by round-half-up (9.5063)" in even.message
    assert "reproduced by round-half-up, not by round-half-even (9.5062)" in up.message
