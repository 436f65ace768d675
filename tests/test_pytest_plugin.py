"""verify's pytest plugin: claim files collected as files, claims as items named by their ids, failures that
explain themselves, -k, -m by kind, JUnit, -vv derivations, and pytest-xdist over two workers."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from test_cli_reports import QUICK_PAIR

WRONG = '\n[[claim]]\nid = "wrong-sum"\nstatement = "a wrong sum"\ncheck = "relation"\nlhs = "1/2 + 1/4"\nop = "=="\nrhs = "3/5"\n'
RECORDED_FALSE = '\n[[claim]]\nid = "recorded-false"\nstatement = "false on purpose"\ncheck = "relation"\nlhs = "1"\nop = ">"\nrhs = "2"\nexpected = "refuted"\n'


def test_claims_are_collected_as_items_named_by_their_ids(pytester):
    pytester.makefile(".toml", page=QUICK_PAIR + RECORDED_FALSE)
    pytester.makefile(".toml", pyproject_like='[tool.x]\nname = "not a claim file"\n')
    result = pytester.runpytest("--co", "-q", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["page.toml::heun", "page.toml::sum", "page.toml::recorded-false", "*3 tests collected*"])
    assert "pyproject_like" not in result.stdout.str()


def test_a_false_claim_fails_with_claimed_and_computed_and_a_recorded_false_one_passes(pytester):
    pytester.makefile(".toml", page=QUICK_PAIR + WRONG + RECORDED_FALSE)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["*claim 'wrong-sum' (relation): expected verified, got refuted (exact)*",
                                 "*claimed 1/2 + 1/4 == 3/5, but lhs = 3/4, rhs = 3/5*"])


def test_k_m_junit_and_the_derivation_with_vv(pytester):
    pytester.makefile(".toml", page=QUICK_PAIR + WRONG)
    pytester.runpytest("-p", "no:cacheprovider", "-k", "heun or wrong").assert_outcomes(passed=1, failed=1)
    pytester.runpytest("-p", "no:cacheprovider", "-m", "run").assert_outcomes(passed=1)
    pytester.runpytest("-p", "no:cacheprovider", "-m", "not run").assert_outcomes(passed=1, failed=1)
    pytester.runpytest("-p", "no:cacheprovider", "--junitxml", "report.xml")
    cases = {case.get("name"): case for case in ET.parse(pytester.path / "report.xml").getroot().iter("testcase")}
    assert set(cases) == {"heun", "sum", "wrong-sum"} and cases["wrong-sum"].find("failure") is not None
    verbose = pytester.runpytest("-p", "no:cacheprovider", "-vv", "-k", "wrong")
    verbose.stdout.fnmatch_lines(["derivation:", "*lhs*3/4*"])


def test_an_unreadable_claim_file_is_a_failing_item(pytester):
    pytester.makefile(".toml", broken='[[claim]]\nid = "x"\ncheck = "nosuchkind"\n')
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*expected verified, got error*"])


def test_a_directory_symlink_loop_collects_each_claim_file_once(pytester):
    """Review of 2026-12-05 (8th session): with claims/up -> .. pytest followed the loop about 40 levels deep and
    collected the same claims about 40 times (`verify run` does not follow it)."""
    claims = pytester.mkdir("claims")
    (claims / "page.toml").write_text(QUICK_PAIR, encoding="utf-8")
    (claims / "loop").mkdir()
    (claims / "loop" / "up").symlink_to("../", target_is_directory=True)
    result = pytester.runpytest("--co", "-q", "-p", "no:cacheprovider", "claims")
    result.stdout.re_match_lines([r"^2 tests collected"])  # not 42


def test_xdist_distributes_the_claims_over_two_workers(pytester, monkeypatch):
    pytester.makefile(".toml", page=QUICK_PAIR + WRONG + RECORDED_FALSE)
    # Only the two plugins this test is about: with every installed plugin autoloaded (hypothesis, matplotlib's,
    # nbclient's ...) the three interpreters (the run and its two workers) took about 3 s, without them about 1.5 s.
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "xdist.plugin", "-p", "verify.pytest_plugin", "-n", "2")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["*2 workers*"])


def test_a_utf16_claim_file_is_collected_and_fails_as_verify_run_reports_it():
    """pytest skipped a UTF-16 claim file ([[claim]] is not in its bytes), which `verify run` reports as an error."""
    from verify.pytest_plugin import _has_claims

    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "u16.toml"
        path.write_bytes('[[claim]]\nid = "x"\n'.encode("utf-16"))
        assert _has_claims(path)
        (Path(directory) / "other.toml").write_text('[model.m]\nstates = ["y"]\n', encoding="utf-8")
        assert not _has_claims(Path(directory) / "other.toml")


def test_two_files_of_one_directory_a_run_from_a_subdirectory_and_a_duplicate_id_across_files(pytester, monkeypatch):
    """A review of 2026-12-06: `pytest claims/a.toml claims/b.toml` collected nothing from b.toml (pytest visits the
    directory's files again for the second argument, and the symlink-loop guard skipped them); from inside claims/ the
    default models/ was looked up there, not beside the rootdir; a claim id in two files passed under pytest, where
    `verify run` reports the second as a duplicate (exit 2)."""
    claims = pytester.mkdir("claims")
    models = pytester.mkdir("models")
    pytester.makefile(".ini", pytest="[pytest]\n")  # the rootdir
    (models / "m.toml").write_text('[model.growth]\nstates = ["y"]\nrhs = { y = "y" }\n', encoding="utf-8")
    run = '\n[[claim]]\nid = "ID"\nstatement = "s"\ncheck = "run"\nmodel = "growth"\nmethod = "euler"\noptions = { h = "1/2" }\ninitial = { y = 1 }\nsteps = 2\nexpect = { y = "9/4" }\n'
    (claims / "a.toml").write_text(run.replace("ID", "a-growth"), encoding="utf-8")
    (claims / "b.toml").write_text(QUICK_PAIR, encoding="utf-8")
    both = pytester.runpytest("-p", "no:cacheprovider", "claims/a.toml", "claims/b.toml")
    both.assert_outcomes(passed=3)
    (claims / "link.toml").symlink_to("b.toml")  # a file symlink named on the command line is collected
    pytester.runpytest("-p", "no:cacheprovider", "claims/link.toml").assert_outcomes(passed=2)
    (claims / "link.toml").unlink()
    monkeypatch.chdir(claims)
    pytester.runpytest("-p", "no:cacheprovider", "a.toml").assert_outcomes(passed=1)
    monkeypatch.chdir(pytester.path)
    (claims / "c.toml").write_text(run.replace("ID", "a-growth"), encoding="utf-8")
    twice = pytester.runpytest("-p", "no:cacheprovider", "claims")
    twice.assert_outcomes(passed=3, failed=1)
    twice.stdout.fnmatch_lines(["*duplicate id (first in*a.toml)*"])
