"""The bundled claims: every claim of the multirate examples page comes out as recorded."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import ROOT
from verify import runner
from verify.engines import twins

SOURCES = ROOT.parent / "shared" / "sources"


@pytest.fixture(scope="module")
def results(bundled_results):
    return bundled_results  # every bundled claim, checked once per session (conftest)


def test_every_bundled_claim_comes_out_as_recorded(results):
    failures = [f"{r.claim.id}: {r.outcome.status}: {r.outcome.message}" for r in results if not r.passed]
    assert not failures, failures
    assert runner.exit_status(results) == 0


def test_multirate_page_is_covered_claim_by_claim(results):
    page = [r for r in results if r.claim.document == "000_c323ff8d032f7948.txt"]
    ids = {r.claim.id.split("[")[0] for r in page}
    assert {
        "electromechanical/macro-step", "electromechanical/microstep-trace", "electromechanical/evaluation-counts",
        "electromechanical/energy-derivative", "electromechanical/energy-dissipates",
        "stable-coupled/macro-step", "stable-coupled/evaluation-counts", "stable-coupled/microstep-multiplier",
        "stable-coupled/multiplier-expands", "stable-coupled/exact-multiplier-below-one", "stable-coupled/closed-form-solution",
        "ramp/frozen-slow-terminal-error", "ramp/midpoint-exact-at-nodes",
    } <= ids
    evidence = Counter(r.outcome.evidence for r in page)
    assert evidence["exact"] and evidence["symbolic"] and evidence["certified"]
    assert all(r.claim.statement and r.claim.source_text for r in page)


def test_step_doubling_page_is_covered_claim_by_claim(results):
    page = [r for r in results if r.claim.document == "002_369044d7bd6044f0.txt"]
    ids = {r.claim.id.split("[")[0] for r in page}
    assert {
        "cooling/attempt-h1", "cooling/attempt-h1-rejected", "cooling/json-card", "cooling/half-steps-not-copies",
        "cooling/compare-same-time", "cooling/halving-controller", "cooling/rejection-bound-fails",
        "cooling/trajectory-vs-exact", "cooling/estimate-identity", "cooling/solve-ivp-rk45",
    } <= ids
    evidence = Counter(r.outcome.evidence for r in page)
    assert evidence["exact"] and evidence["symbolic"] and evidence["certified"] and evidence["numerical"] >= 1
    assert all(r.claim.statement and r.claim.source_text for r in page)


@pytest.mark.skipif(not SOURCES.is_dir(), reason="source documents not beside the checkout")
def test_every_source_text_occurs_in_its_document(results):
    stale = [r.claim.id for r in results if r.claim.document and (r.stale or not r.source_found)]
    assert not stale


def test_macro_step_values_are_exact_strings_in_json(results):
    from verify.report import json_report

    report = json.loads(json_report.render(results))
    macro = next(c for c in report["claims"] if c["id"] == "electromechanical/macro-step")
    assert macro["computed"]["i"] == "369/5000" and macro["evidence"] == "exact" and macro["passed"] is True
    assert report["summary"]["error"] == 0 and report["summary"]["total"] == len(results)


def test_stale_source_text_is_flagged(check_claims, tmp_path):
    (tmp_path / "doc.txt").write_text("The macro method returns 369 / 5000.")
    text = '[source]\ndocument = "doc.txt"\n[[claim]]\nid = "a"\nstatement = "s"\nsource_text = "returns 369 / 5000"\ncheck = "relation"\nlhs = 1\nop = "<"\nrhs = 2\n'
    text += '[[claim]]\nid = "b"\nstatement = "s"\nsource_text = "returns 368 / 5000"\ncheck = "relation"\nlhs = 1\nop = "<"\nrhs = 2\n'
    path = tmp_path / "c.toml"
    path.write_text(text)
    results = {r.claim.id: r for r in runner.check(runner.load([str(path)]), [str(tmp_path)])}
    assert results["a"].source_found and not results["a"].stale
    assert results["b"].stale


def test_a_disagreeing_cross_check_is_an_error_naming_both_values(check_claims, monkeypatch):
    """If the mpmath path computed something else, the claim is an `error`, never `verified`: the twin's steps are
    made off by 10^-20 at every precision (at 50 digits alone, its run at 60 digits would differ from them by more
    than rounding, and twins.solve_finer would take that run)."""
    from verify.engines import crosscheck

    real = twins._stepped

    def off_by_a_little(*args, **kwargs):
        honest = real(*args, **kwargs)
        with crosscheck.mpmath.workdps(crosscheck.DIGITS):
            return honest._replace(y=[v + crosscheck.mpmath.mpf(10) ** -20 for v in honest.y])

    monkeypatch.setattr(twins, "_stepped", off_by_a_little)
    from conftest import ELECTROMECHANICAL

    results = check_claims(ELECTROMECHANICAL + """
[[claim]]
id = "macro"
statement = "s"
check = "run"
model = "electromechanical"
method = "frozen-slow-euler"
options = { H = "1/10", m = 4 }
initial = { q = 0, v = 1, i = 0 }
expect = { i = "369/5000" }
""")
    outcome = results["macro"].outcome
    assert outcome.status == "error"
    assert "exact and mpmath paths disagree" in outcome.message
    assert "exact 369/5000 vs mpmath 0.07380000000000000001" in outcome.message


def test_cosimulation_page_is_covered(results):
    page = {r.claim.id: r for r in results if r.claim.document == "004_ff41cce780d1a3bc.txt"}
    for claim_id in [
        "cosim/jacobi-constant/energy-factor",                  # E multiplied by 1 + (c/m) H^2, symbolic
        "cosim/gauss-seidel-constant/stable-exactly-when",      # H < 2 sqrt(m/c)
        "cosim/order/unidirectional-constant", "cosim/order/unidirectional-linear",
        "cosim/order/mutual-constant", "cosim/order/mutual-linear",
        "cosim/balance-correction/energy-still-grows",
        "cosim/power-exchange/energy-balanced-at-every-exchange",
        "cosim/power-exchange/stable-constant",                 # the page's stability claim, refuted
    ]:
        assert claim_id in page and page[claim_id].passed, claim_id
    assert page["cosim/jacobi-constant/energy-factor"].outcome.evidence == "symbolic"
    assert page["cosim/power-exchange/stable-constant"].outcome.status == "refuted"
    assert not any(r.stale for r in page.values())
