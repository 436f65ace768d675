"""The Python API of SPEC.md: verify.load and verify.check, Result objects with status, evidence, message,
computed values and time."""
from __future__ import annotations

import verify
from test_cli_reports import QUICK_PAIR


def test_load_and_check_from_python(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text(QUICK_PAIR + '\n[[claim]]\nid = "wrong"\nstatement = "a wrong sum"\ncheck = "relation"\nlhs = "1/2 + 1/4"\nop = "=="\nrhs = "3/5"\n',
                    encoding="utf-8")
    claims = verify.load([str(path)])
    assert [c.id for c in claims] == ["heun", "sum", "wrong"]
    results = {r.claim.id: r for r in verify.check(claims, jobs=2, timeout=60)}
    heun = results["heun"]
    assert (heun.status, heun.evidence, heun.passed) == ("verified", "exact", True) and heun.computed["y"] == "25/64"
    assert heun.seconds > 0 and "y = 25/64" in heun.message
    wrong = results["wrong"]
    assert wrong.status == "refuted" and "3/5" in wrong.message and "3/4" in wrong.message and not wrong.passed
    assert verify.exit_status(list(results.values())) == 1
    assert [c.id for c in verify.load(str(path), select="not wrong")] == ["heun", "sum"]


def test_check_in_process_and_with_a_progress_callback(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text(QUICK_PAIR, encoding="utf-8")
    finished = []
    results = verify.check(verify.load([str(path)]), in_process=True, progress=lambda claim, outcome, seconds: finished.append(claim.id))
    assert finished == ["heun", "sum"] and all(r.passed for r in results) and verify.exit_status(results) == 0
