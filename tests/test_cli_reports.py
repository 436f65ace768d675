"""The command line and its report formats, as SPEC.md fixes them."""
from __future__ import annotations

import io
import json
import shutil
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from conftest import ROOT
from verify import cli

SPEC_FIELDS = {"id", "file", "status", "expected", "passed", "evidence", "message", "computed", "stale"}


@pytest.fixture
def project(tmp_path):
    shutil.copytree(ROOT / "claims", tmp_path / "claims")
    shutil.copytree(ROOT / "models", tmp_path / "models")
    return tmp_path


def test_run_defaults_to_claims_and_models_directories(run_cli, project):
    result = run_cli("run", "-k", "electromechanical/")
    assert result.exit_code == 0, result.output
    assert "Multirate and partitioned time integration - Examples (000_c323ff8d032f7948.txt)" in result.output
    assert "ok   verified exact     electromechanical/macro-step: q = 1/10; v = 9/10; i = 369/5000" in result.output
    assert result.stdout.rstrip().splitlines()[-1].startswith("total: ")
    assert "warning: source document 000_c323ff8d032f7948.txt not found" in result.stderr  # the copy has no sources


def test_json_report_has_the_spec_fields(run_cli, project):
    result = run_cli("run", "--format", "json", "-k", "electromechanical")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert set(report) == {"claims", "summary"}
    assert report["claims"] and all(c["id"].startswith("electromechanical") for c in report["claims"])
    for claim in report["claims"]:
        assert SPEC_FIELDS <= set(claim)
        assert claim["status"] in ("verified", "refuted", "error")
        assert claim["evidence"] in ("exact", "symbolic", "certified", "numerical")
        assert claim["passed"] == (claim["status"] == claim["expected"])
        assert claim["file"] == "claims/multirate_examples.toml"
    assert report["summary"]["passed"] == len(report["claims"]) and report["summary"]["error"] == 0


def test_output_file_and_other_formats(run_cli, project):
    assert run_cli("run", "--format", "junit", "-o", "report.xml", "-k", "electromechanical").exit_code == 0
    suites = ET.parse(project / "report.xml").getroot()
    cases = suites.findall(".//testcase")
    assert cases and not suites.findall(".//failure") and not suites.findall(".//error")
    markdown = run_cli("run", "--format", "markdown", "-k", "ramp/exact").stdout
    assert "| ✅ | `ramp/exact-solution` | verified | symbolic |" in markdown
    html = run_cli("run", "--format", "html", "-k", "ramp/exact").stdout
    assert "<code>ramp/exact-solution</code>" in html and html.startswith("<!doctype html>")


def test_list_prints_ids_and_statements(run_cli, project):
    result = run_cli("list")
    assert result.exit_code == 0
    assert "electromechanical/macro-step  (run) Frozen-slow Euler with H = 1/10, m = 4" in result.output
    assert "ramp/frozen-slow-terminal-error[T=5/2,N=10,m=5]" in result.output


def test_explain_prints_every_exact_intermediate_value_in_order(run_cli, project):
    result = run_cli("explain", "electromechanical/macro-step")
    assert result.exit_code == 0
    lines = [line.strip() for line in result.output.splitlines()]
    order = [
        "step 1 · slow step: q = q + H*f_q(t, y) = 0 + 1/10*(1) = 1/10",
        "step 1 · slow step: v = v + H*f_v(t, y) = 1 + 1/10*(-1) = 9/10",
        "step 1 · microstep 1: i = i + h*f_i(slow frozen) = 0 + 1/40*(1) = 1/40",
        "step 1 · microstep 2: i = i + h*f_i(slow frozen) = 1/40 + 1/40*(4/5) = 9/200",
        "step 1 · microstep 3: i = i + h*f_i(slow frozen) = 9/200 + 1/40*(16/25) = 61/1000",
        "step 1 · microstep 4: i = i + h*f_i(slow frozen) = 61/1000 + 1/40*(64/125) = 369/5000",
    ]
    positions = [lines.index(line) for line in order]
    assert positions == sorted(positions)
    assert lines[-1].startswith("=> verified (exact)")
    latex = run_cli("explain", "electromechanical/macro-step", "--latex").output
    assert r"\text{step 1 \textperiodcentered{} microstep 4:}\quad i &= i + h" in latex and r"= \frac{369}{5000} \\" in latex
    sign = run_cli("explain", "electromechanical/energy-dissipates").output
    assert "LDL^T pivots" in sign and "sum of squares" in sign


def test_explain_unknown_id_is_exit_2(run_cli, project):
    result = run_cli("explain", "no/such/claim")
    assert result.exit_code == 2


def test_explain_says_why_a_file_that_may_hold_the_claim_could_not_be_read(run_cli, tmp_path):
    """It said only "no claim with id 'm1'" for a file with an unterminated string (a review of 2026-12-06)."""
    (tmp_path / "broken.toml").write_text('[[claim]]\nid = "m1"\ncheck = "relation"\nlhs = "1\n', encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["explain", "m1", str(tmp_path / "broken.toml")])
    assert result.exit_code == 2
    assert "no claim with id 'm1'" in result.stderr and "broken.toml: cannot read TOML" in result.stderr, result.stderr


SLOW = """
[model.sq]
states = ["y"]
rhs = { y = "-y**2 + 1/3" }

[[claim]]
id = "slow"
statement = "a run whose exact values double in size every step"
check = "run"
model = "sq"
method = "rk4"
options = { h = "1/3" }
initial = { y = "2/7" }
steps = 40
expect = { y = 0 }

[[claim]]
id = "quick"
statement = "a quick claim after the slow one"
check = "relation"
lhs = "0.1 + 0.2"
op = "=="
rhs = "0.3"
"""


def test_timeout_stops_one_claim_and_the_rest_go_on(run_cli, tmp_path, monkeypatch):
    from verify.engines.methods import base

    monkeypatch.setattr(base, "MAX_EXACT_BITS", 10**12)  # let the run grow until the timeout stops it
    monkeypatch.setattr(base, "PROJECTED_GROWTH", float("inf"))  # and do not see it coming
    (tmp_path / "slow.toml").write_text(SLOW)
    result = run_cli("run", "slow.toml", "--timeout", "1", "--format", "json")
    assert result.exit_code == 1
    by_id = {c["id"]: c for c in json.loads(result.stdout)["claims"]}
    assert by_id["slow"]["status"] == "error" and "timed out after 1 s" in by_id["slow"]["message"]
    assert by_id["quick"]["status"] == "verified"


def test_jobs_give_the_same_report_as_one_process(run_cli, project):
    one = json.loads(run_cli("run", "--format", "json", "-k", "ramp/", "--no-cache").stdout)
    two = json.loads(run_cli("run", "--format", "json", "-k", "ramp/", "--jobs", "2", "--no-cache").stdout)
    for report in (one, two):  # the times differ from run to run; everything else is the same
        assert report["summary"].pop("time_s") > 0
        assert all(claim.pop("time_s") > 0 for claim in report["claims"])
    assert one == two


def test_workers_take_runs_of_neighbouring_claims_and_then_steal_from_the_longest():
    """--jobs N splits the claims into N runs of neighbours in file order (a claim and its wrong version share a worker's
    kept runs); a worker whose run is done takes the last claim of the longest other run; every claim once."""
    from verify.runner import _Queues

    queues = _Queues(list(range(10)), 3)
    assert [list(q) for q in queues.queues] == [[0, 1, 2, 3], [4, 5, 6], [7, 8, 9]]
    taken = [queues.take(1) for _ in range(3)] + [queues.take(1), queues.take(1)]
    assert taken == [4, 5, 6, 3, 2]  # slot 1's own run, then the last of the longest (slot 0's; then 3 against 3: the first)
    rest = []
    while queues:
        rest.append(queues.take(0))
    assert sorted(taken + rest) == list(range(10)) and queues.take(2) is None
    one = _Queues([5, 6, 7], 1)
    assert [one.take(0) for _ in range(4)] == [5, 6, 7, None]  # --jobs 1: file order


def test_a_selection_that_matches_no_claim_exits_5(run_cli, project):
    result = run_cli("run", "-k", "no-such-claim-id")
    assert result.exit_code == 5
    assert "no claim id matches 'no-such-claim-id'" in result.output


def test_every_report_carries_each_claims_time_and_durations_lists_the_slowest(run_cli, tmp_path):
    import xml.etree.ElementTree as ET

    (tmp_path / "slow.toml").write_text(QUICK_PAIR, encoding="utf-8")
    report = json.loads(run_cli("run", "slow.toml", "--format", "json").stdout)
    times = {c["id"]: c["time_s"] for c in report["claims"]}
    assert all(isinstance(t, float) and t > 0 for t in times.values())
    assert abs(report["summary"]["time_s"] - sum(times.values())) < 1e-3
    junit = ET.fromstring(run_cli("run", "slow.toml", "--format", "junit").stdout)
    assert all(float(case.get("time")) > 0 for case in junit.iter("testcase")) and float(junit.find("testsuite").get("time")) > 0
    text = run_cli("run", "slow.toml", "--durations", "1").stdout.splitlines()
    assert text[-2].startswith("slowest 1 of 2 claims (") and text[-1].split()[2:] in (["run", "heun"], ["relation", "sum"])
    every = run_cli("run", "slow.toml", "--durations", "0").stdout.splitlines()
    assert every[-3].startswith("slowest 2 of 2 claims") and {line.split()[-1] for line in every[-2:]} == {"heun", "sum"}


QUICK_PAIR = """
[model.decay]
states = ["y"]
rhs = { y = "-y" }

[[claim]]
id = "heun"
statement = "two Heun steps"
check = "run"
model = "decay"
method = "heun"
options = { h = "1/2" }
initial = { y = 1 }
steps = 2
expect = { y = "25/64" }

[[claim]]
id = "sum"
statement = "a sum"
check = "relation"
lhs = "1/2 + 1/4"
op = "=="
rhs = "3/4"
"""


def test_progress_lines_on_stderr_with_v_none_with_q(run_cli, tmp_path):
    (tmp_path / "c.toml").write_text(QUICK_PAIR, encoding="utf-8")
    verbose = run_cli("run", "c.toml", "-v", "--jobs", "2")
    lines = [line for line in verbose.stderr.splitlines() if line.startswith("[")]
    assert len(lines) == 2 and {line.split()[-1] for line in lines} == {"heun", "sum"}
    assert all(line.split()[1] == "ok" and line.split()[2] == "verified" for line in lines)
    assert {line.split()[0] for line in lines} == {"[1/2]", "[2/2]"}
    assert verbose.stdout.rstrip().splitlines()[-1].startswith("total: ")  # the report itself is unchanged, on stdout
    quiet = run_cli("run", "c.toml", "-q")
    assert quiet.stderr == "" and quiet.exit_code == 0


class FakeTerminal:
    def __init__(self):
        self.written = []

    def isatty(self):
        return True

    def write(self, text):  # click may hand over bytes or text
        self.written.append(text.decode() if isinstance(text, bytes) else text)

    def flush(self):
        pass


def test_a_terminal_gets_a_live_counter_and_colour_unless_no_color(monkeypatch):
    from verify import cli
    from verify.checks.common import Outcome

    class Claim:
        id, expected = "x", "verified"

    terminal = FakeTerminal()
    monkeypatch.setattr(cli.sys, "stderr", terminal)
    monkeypatch.delenv("NO_COLOR", raising=False)
    progress = cli.Progress(2, 1)
    progress(Claim(), Outcome("verified", "exact", "m"), 0.1)
    progress(Claim(), Outcome("refuted", "exact", "m"), 0.1)
    progress.close()
    text = "".join(terminal.written)
    assert "\rchecked 1/2" in text and "\rchecked 2/2, 1 not as expected" in text and text.endswith("\r\033[K")
    report = "  ok   verified exact     a: m\n  FAIL refuted  exact     b: m\ntotal: 2 claims"
    assert cli._colour(terminal) and "\033[32mok\033[0m" in cli._coloured(report) and "\033[31m\033[1mFAIL" in cli._coloured(report)
    assert cli._coloured(report).splitlines()[2] == "total: 2 claims"
    monkeypatch.setenv("NO_COLOR", "1")
    assert not cli._colour(terminal)
    assert not cli._colour(io.StringIO())  # not a terminal


def test_the_runner_reports_each_claim_as_it_finishes(tmp_path):
    from verify import runner

    path = tmp_path / "c.toml"
    path.write_text(QUICK_PAIR, encoding="utf-8")
    seen = []
    results = runner.check(runner.load([str(path)]), jobs=2, progress=lambda claim, outcome, seconds: seen.append((claim.id, outcome.status, seconds)))
    assert sorted(s[0] for s in seen) == ["heun", "sum"] and all(s[1] == "verified" and s[2] > 0 for s in seen)
    assert [r.seconds for r in results] == [dict((s[0], s[2]) for s in seen)[r.claim.id] for r in results]


def test_the_json_report_follows_its_shipped_schema_and_junit_reads_with_junitparser(run_cli, tmp_path, bundled_results):
    """The schema holds for the JSON report of every bundled claim (the session's one run, conftest.bundled_results:
    every claim kind and evidence, refuted as expected among them) and for `verify run --format json` on a file with
    a claim refuted against expectation; the JUnit report of that file reads with junitparser."""
    from importlib import resources

    import jsonschema
    import junitparser

    from verify.report import json_report, render_report

    schema = json.loads(resources.files("verify.report").joinpath(json_report.SCHEMA).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    (tmp_path / "wrong.toml").write_text(QUICK_PAIR.replace('rhs = "3/4"', 'rhs = "3/5"'), encoding="utf-8")
    bundled = json.loads(render_report("json", bundled_results))
    wrong = json.loads(run_cli("run", "wrong.toml", "--format", "json").stdout)
    for report in (bundled, wrong):
        jsonschema.validate(report, schema)
        assert report["summary"]["version"] not in ("", "unknown")
    assert {c["status"] for c in wrong["claims"]} == {"verified", "refuted"} and {c["evidence"] for c in bundled["claims"]} >= {"exact", "symbolic", "certified", "numerical"}
    broken = dict(bundled, claims=[dict(bundled["claims"][0], status="maybe")])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)
    text = run_cli("run", "wrong.toml", "--format", "junit").stdout
    assert text.startswith('<?xml version="1.0"?>\n')
    xml = junitparser.JUnitXml.fromstring(text)
    cases = {case.name: case for suite in xml for case in suite}
    assert set(cases) == {"heun", "sum"} and cases["heun"].is_passed and not cases["sum"].is_passed
    failure = cases["sum"].result[0]
    assert failure.type == "refuted, expected verified" and "3/5" in failure.message
    suite = next(iter(xml))
    assert suite.timestamp and suite.time > 0


def test_a_claim_file_whose_name_is_not_utf8_is_a_file_error_and_every_report_is_written(run_cli, tmp_path):
    """A file name with bytes that are not UTF-8 (\\xff\\xfe) crashed the text report writer (a traceback, an empty
    report, exit 1) and put raw bytes into junit that no XML reader accepts (a review of 2026-12-06): such a file is
    now a (file) error that names it with \\xNN escapes, exit 2, and the other files are checked and reported."""
    import os

    import junitparser

    folder = tmp_path / "claims"
    folder.mkdir()
    claim = b'[[claim]]\nid = "NAME"\nstatement = "s"\ncheck = "relation"\nlhs = "1"\nop = "<"\nrhs = "2"\n'
    with open(os.path.join(os.fsencode(folder), b"\xff\xfebad.toml"), "wb") as handle:
        handle.write(claim.replace(b"NAME", b"unreadable-name"))
    (folder / "good.toml").write_bytes(claim.replace(b"NAME", b"good"))
    for report_format in ("text", "json", "junit", "markdown", "html"):
        output = tmp_path / f"report.{report_format}"
        result = run_cli("run", "--no-cache", str(folder), "--format", report_format, "-o", str(output))
        assert result.exit_code == 2, (report_format, result.output)
        text = output.read_text(encoding="utf-8")
        if report_format == "json":  # its strings escape the backslash
            text = " ".join(f"{c['id']} {c['file']} {c['message']}" for c in json.loads(text)["claims"])
        assert "good" in text and "\\xff\\xfebad.toml" in text and "not valid UTF-8" in text, (report_format, text[:500])
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert {c["id"]: c["status"] for c in data["claims"]} == {"good": "verified", "(file)": "error"}
    cases = [case.name for suite in junitparser.JUnitXml.fromfile(str(tmp_path / "report.junit")) for case in suite]
    assert "good" in cases


def test_a_report_is_never_written_over_a_claim_file_or_as_a_claim_file_the_run_reads(run_cli, tmp_path):
    """verify run c.toml -o c.toml replaced the claims with the report (exit 0), and -o report.toml inside a checked
    directory made the next run fail on it (a review of 2026-12-06): both are usage errors, and nothing is written."""
    folder = tmp_path / "claims"
    folder.mkdir()
    (folder / "c.toml").write_text(QUICK_PAIR, encoding="utf-8")
    over = run_cli("run", "--no-cache", "claims/c.toml", "-o", "claims/c.toml")
    assert over.exit_code == 2 and "would overwrite" in over.output
    assert (folder / "c.toml").read_text(encoding="utf-8") == QUICK_PAIR
    inside = run_cli("run", "--no-cache", "claims", "-o", "claims/report.toml")
    assert inside.exit_code == 2 and "the next run would read the report as a claim file" in inside.output
    assert not (folder / "report.toml").exists()
    beside = run_cli("run", "--no-cache", "claims", "-o", "claims/report.json", "--format", "json")
    assert beside.exit_code == 0 and json.loads((folder / "report.json").read_text(encoding="utf-8"))["summary"]


def test_paths_without_claims_exit_5_a_missing_model_directory_warns_and_a_toml_error_has_its_line(run_cli, tmp_path):
    """An empty directory printed "total: 0 claims" and exited 0, so a wrong path passed CI; --models /nonexistent was
    silent; a TOML syntax error's `line` was null though tomllib names it (a review of 2026-12-06)."""
    (tmp_path / "empty").mkdir()
    empty = run_cli("run", "--no-cache", "empty")
    assert empty.exit_code == 5 and "no claim found in empty" in empty.output
    (tmp_path / "c.toml").write_text(QUICK_PAIR, encoding="utf-8")
    warned = run_cli("run", "--no-cache", "c.toml", "--models", "no-such-dir")
    assert warned.exit_code == 0 and "warning: no-such-dir is not a directory" in warned.output
    (tmp_path / "bad.toml").write_text('[[claim]]\nid = "a"\nstatement = x\n', encoding="utf-8")
    bad = run_cli("run", "--no-cache", "bad.toml", "--format", "json", "-o", "bad.json")
    assert bad.exit_code == 2
    [entry] = json.loads((tmp_path / "bad.json").read_text(encoding="utf-8"))["claims"]
    assert entry["line"] == 3 and "cannot read TOML" in entry["message"]


def test_a_hard_link_to_a_claim_file_is_not_overwritten_and_the_cli_module_runs_as_a_script(tmp_path):
    """-o through a hard link to the claim file overwrote the claims (resolve() does not see it), and
    `python -m verify.cli run ... -o FILE` was a NameError: the refusal was defined below the module's main() call
    (a second review of 2026-12-06)."""
    import os
    import subprocess
    import sys

    (tmp_path / "c.toml").write_text(QUICK_PAIR, encoding="utf-8")
    os.link(tmp_path / "c.toml", tmp_path / "linked.toml")
    done = subprocess.run([sys.executable, "-m", "verify.cli", "run", "--no-cache", "c.toml", "-o", "linked.toml"],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 2 and "would overwrite" in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert (tmp_path / "c.toml").read_text(encoding="utf-8") == QUICK_PAIR
