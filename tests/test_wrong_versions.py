"""Every kind of check can fail: wrong versions of the source's claims come out `refuted` (not `error`),
with a message that shows what was claimed and what was computed."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ELECTROMECHANICAL, ROOT, assert_refuted, claims_text
from verify import runner
from verify.checks import CHECKS

WRONG_DIR = ROOT / "tests" / "claims" / "wrong"

# Fragments each wrong version's message must show (claimed and computed), by file stem and claim id.  The claim
# bodies are the fixture files in tests/claims/wrong/ (one or more per claim kind; bundled models by name).
FRAGMENTS = {
    "run": {
        "changed-digit": ["claimed 369/5001", "computed 369/5000"],
        "flipped-sign": ["claimed -9/10", "computed 9/10"],
        "wrong-trace-value": ["value 2 claimed 9/201", "computed 9/200"],
        "wrong-trace-length": ["claimed 3 values", "computed 4"],
        "wrong-count": ["counts fast: claimed 3, computed 4"],
        "wrong-rounding": ["claimed 9.5061", "computed 9.50625", "9.5062 (half-even) / 9.5063 (half-up)"],
        "terminal-error-TH/3": ["claimed 1/4/3 (= 1/12), computed 1/8"],
        "frozen-slow-exact-at-nodes": ["at node 1", "claimed solution(z) (= 1/32), computed 0"],
    },
    "identity_sign_relation_solution": {
        "energy-identity-flipped-sign": ["claimed ddt(energy) = (v - i)**2 + 7*i**2", "computed -8*i**2 + 2*i*v - v**2"],
        "energy-identity-changed-digit": ["claimed", "differ by -i**2"],
        "energy-grows": ["claimed ddt(energy) nonnegative", "computed -"],
        "energy-strictly-decreasing": ["claimed ddt(energy) negative", "computed 0 at"],
        "indefinite-quadratic-with-linear-term": ["claimed", "computed -1/2 at i = 0, q = 1, v = 0"],
        "multiplier-changed-digit": ["claimed 1 - 8*h == -7/4", "lhs = -7/5"],
        "multiplier-contracts": ["claimed abs(1 - 8*h) < 1", "lhs = 7/5"],
        "exact-multiplier-grows": ["claimed exp(-8*h) > 1", "mpmath.iv"],
        "closed-form-changed-digit": ["claimed z(t) =", "not 0"],
    },
    "solve_ivp_forall_stability_energy": {
        "solve-ivp-against-a-wrong-closed-form": ["claimed agreement within the tolerances", "computed largest |error| / allowed = 1.53e+06"],
        "terminal-error-TH3-for-every-T-N-m": ["counterexample T = 1, N = 1, m = 1", "claimed T*H/3 (= 1/3), computed 1/2",
                                               'cases = [{T = "1", N = "1", m = "1"}]'],
        "rk4-stability-function-changed-digit": ["claimed z**4/12", "computed z**4/24"],
        "ab2-interval-too-long": ["claimed [-2, 0], computed [-1, 0]"],
        "abm3-interval-end-changed-digit": ["low end: claimed -1.74 at 2 decimals, computed ∈ 2*CRootOf(75*x**3 - 25*x**2 - 36*x + 36, 0)",
                                            "which rounds to -1.73"],
        "bdf5-a-alpha-changed-digit": ["claimed 51.85 at 2 decimals, computed ∈ [51.839755836, 51.8397558361]", "rounds to 51.84"],
        "trapezoid-l-stable": ["claimed l_stable = true, computed not L-stable"],
        "jacobi-energy-bounded": ["final_ratio: claimed < 2, computed 270375.19"],
    },
}
FRAGMENTS["order_proofs"] = {
    "rk4-order-one-too-high": ["order: claimed 5, computed 4", "b·c^4 = 1/5 fails", "residual 1/120"],
    "rk4-changed-coefficient": ["claimed 4, computed 0", "b·1 = 1 fails", "Phi = 41/42"],
    "rk4-changed-third-row": ["claimed 4, computed 2", "b·Ac = 1/6 fails (tree [[τ]])", "Phi = 5/36"],
    "gauss-legendre-4-order-5": ["claimed 5, computed 4"],
    "radau-iia-5-order-4": ["claimed 4, computed 5", "b·c^5 = 1/6 fails"],
    "dormand-prince-embedded-5": ["embedded order: claimed 5, computed 4"],
    "rk4-principal-error-norm-changed-digit": ["claimed sqrt(1746)/2880", "computed sqrt(1745)/2880"],
    "bdf2-error-constant-numerator-off-by-one": ["claimed -1/9", "computed C_3 = -2/9"],
    "bdf2-normalized-constant-flipped-sign": ["claimed 1/3", "computed C_3/sigma(1) = -1/3"],
    "ab3-order-one-too-high": ["order: claimed 4, computed 3"],
    "am2-order-one-too-high": ["order: claimed 4, computed 3"],
    "abm4-order-one-too-high": ["order: claimed 5, computed 4"],
    "not-zero-stable": ["not zero-stable", "(zeta + 5): its root outside the unit circle", "consistent of order 3"],
}
FRAGMENTS["order_series"] = {
    "rk4-series-order-one-too-high": ["order: claimed 5, computed 4", "defect = C h^5"],
    "heun-order-one-too-low": ["order: claimed 1, computed 2", "y**4/2"],
    "rosenbrock-leading-term-changed-digit": ["claimed 2*y**3, computed y**3"],
    "approximate-jacobian-keeps-second-order": ["claimed 2, computed 1", "-y**2*(2*y - 1)/2"],
    "euler-global-error-flipped-sign": ["claimed exp(-1)/2, computed -exp(-1)/2", "opposite sign"],
    "trapezoid-global-first-order": ["claimed 1, computed 2", "-exp(-1)/12"],
}
FRAGMENTS["step_doubling"] = {
    "fine-changed-digit": ["fine: claimed 5.626 (= 2813/500), computed 45/8"],
    "allowed-changed-digit": ["claimed 0.15626", "computed 5/32"],
    "accepted-flipped": ["accepted: claimed 1, computed 0"],
    "estimate-sign-flipped": ["claimed -0.625", "computed 5/8"],
    "clock-moved-on-rejection": ["t: claimed 1, computed 0"],
    "card-wrong-rounding": ["claimed 9.5061", "computed 9.50625", "9.5062 (half-even) / 9.5063 (half-up)"],
    "controller-never-retries-from-start": ["trace attempt_t: claimed 2 values [0, 1], computed 3 [0, 0, 1/2]"],
    "order-controller-step-changed-digit": ["trace h_new: value 2 claimed 82719/524288, computed 82709/524288"],
    "claims-failure-but-succeeds": ["failed: claimed 1, computed 0"],
    "claims-success-but-fails": ["run failed: attempt at t = 0 rejected 4 times in a row", "failed: claimed 0, computed 1"],
    "global-error-below-atol": ["abs(solution(y) - y): claimed < 0.1, computed abs(solution(y) - y) ≈ 0.2427052536", "certified"],
    "identity-wrong-factor": ["claimed", "differ by -h**2*k**2*y/4"],
    "solve-ivp-ten-times-tighter": ["claimed agreement within the tolerances", "largest |error| / allowed = 7.9"],
}
# The frozen-slow T H/3 error and RK4's z^4/12 (also tests/test_forall.py's once) are in solve_ivp_forall_stability_energy.
FRAGMENTS["forall"] = {
    "frozen-slow-exact": ["counterexample", "claimed solution(z) (= 1/2), computed 0"],
    "multiplier-always": ["holds only on Interval.open(1/4, oo)", "fails at h = 1/8"],
    "multiplier-set-wrong": ["claimed", "computed: it holds on Interval.open(1/4, oo)"],
    "energy-R-2": ["claimed", "holds on Interval(1, oo)", "R = 3/2"],
    "energy-R-all": ["holds only on Interval(1, oo)", "fails at R = 0"],
    "sampled-wrong": ["counterexample", "claimed (k*h)**2*y0/2"],
    "heun-is-not-third-order": ["claimed z**3/6 + z**2/2 + z + 1, computed z**2/2 + z + 1"],
    "interval-bound-one-digit-short": ["counterexample k = ", "claimed 1/(1 + k) - exp(-k) <= 0.20363218879", "(mpmath.iv, 64 bits)"],
    "interval-tie-strict": ["counterexample k = 0", "claimed exp(-k) < 1/(1 + k)", "lhs = 1, rhs = 1"],
}
FRAGMENTS["cosimulation"] = {
    "run-changed-digit": ["s: claimed 98/100", "computed 97/100"],
    "run-flipped-sign": ["v: claimed 299/1000", "computed -299/1000"],
    "run-interface-balanced": ["interface_energy: claimed 0", "computed 30301/2000000"],
    "run-deficit-flipped-sign": ["deficit_mass_F: claimed 1/500", "computed -1/500"],
    "energy-no-growth": ["final_ratio: claimed < 1", "computed 2.70"],
    "energy-power-conserves": ["max_ratio: claimed < 1.0001"],
    "stable-when-always": ["claimed stable for every H > 0", "computed unstable"],
    "stable-when-wrong-bound": ["claimed stable exactly when H < 3*sqrt(m/c)", "computed unstable"],
    "stable-when-4x4-wrong-bound": ["claimed stable exactly when H < 1", "at H = 3/4: claimed stable, computed unstable"],
    "stable-when-4x4-always": ["claimed stable for every H > 0", "computed unstable"],
    "spectral-radius-below": ["claimed spectral radius < 1", "above 1"],
    "matrix-flipped-sign": ["claimed [[1, H], [H*c/m, 1]]", "computed [[1, H], [-H*c/m, 1]]"],
    "modified-energy-wrong-sign": ["claimed", "computed"],
    "order-wrong": ["claimed order 1", "observed order 2.01"],
}
FRAGMENTS["order_dae"] = {
    "be-dae-second-order": ["claimed order 2 ± 0.1, computed observed order 0.99"],
    "sqrt-h-residuals-keep-order": ["computed observed order 0.50"],
    "defect-h3": ["claimed order 3", "computed observed order 1.9"],
    "dae-solution-off-the-constraint": ["violates the constraint 0 = -t - x/2 + z: computed 2, not 0"],
    "residual-not-reported": ["r_a_z: claimed 0, computed 1/10"],
}


def checked(path: Path) -> dict:
    results = runner.check(runner.load([str(path)], model_dirs=[str(ROOT / "models")]))
    return {r.claim.id: r for r in results}


@pytest.mark.parametrize("stem", sorted(FRAGMENTS))
def test_every_wrong_version_is_refuted_with_claimed_and_computed(stem):
    results = checked(WRONG_DIR / f"{stem}.toml")
    assert set(results) == set(FRAGMENTS[stem])
    for claim_id, result in results.items():
        assert result.claim.expected == "refuted", claim_id
        assert_refuted(result.outcome, FRAGMENTS[stem][claim_id])


def test_every_claim_kind_has_wrong_versions_and_a_readme_section():
    kinds = {claim.check for stem in FRAGMENTS  # each file's claims read (each is checked by the test above)
             for claim in runner.load([str(WRONG_DIR / f"{stem}.toml")], model_dirs=[str(ROOT / "models")])}
    assert kinds == set(CHECKS), sorted(set(CHECKS) - kinds)
    assert {path.stem for path in WRONG_DIR.glob("*.toml")} == set(FRAGMENTS)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for kind in CHECKS:
        assert f'`check = "{kind}"`' in readme, kind


def test_wrong_versions_exit_1_and_expected_refuted_exit_0(run_cli, tmp_path):
    text = (WRONG_DIR / "run.toml").read_text(encoding="utf-8")
    count = text.count("[[claim]]")
    (tmp_path / "models").mkdir()
    for model_file in (ROOT / "models").glob("*.toml"):
        (tmp_path / "models" / model_file.name).write_text(model_file.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "recorded.toml").write_text(text, encoding="utf-8")
    result = run_cli("run", "recorded.toml")
    assert result.exit_code == 0, result.output
    assert f"{count} claims · {count} refuted as expected" in result.output
    (tmp_path / "wrong.toml").write_text(text.replace('expected = "refuted"\n', ""), encoding="utf-8")
    result = run_cli("run", "wrong.toml")
    assert result.exit_code == 1
    assert result.output.count("FAIL refuted") == count


def claim_file(claims: dict) -> str:
    return claims_text(ELECTROMECHANICAL + COOLING, claims)


COOLING = """
[model.cooling]
states = ["y"]
rhs = { y = "-y/2" }
"""


def test_rounding_audit_reports_ties_and_modes(check_claims):
    body = 'check = "run"\nmodel = "cooling"\nmethod = "euler"\noptions = { h = "79/800" }\ninitial = { y = 10 }\ndigits = 4\n'
    results = check_claims(claim_file({"half-even": (body + "expect = { y = 9.5062 }", []), "half-up": (body + 'expect = { y = "9.5063" }', [])}))
    even, up = results["half-even"].outcome, results["half-up"].outcome
    assert even.status == up.status == "verified"
    assert "9.50625 is a tie at decimal 5" in even.message
    assert "reproduced by round-half-even, not by round-half-up (9.5063)" in even.message
    assert "reproduced by round-half-up, not by round-half-even (9.5062)" in up.message
