"""--baseline FILE (as sage -t --baseline-stats-path): the first run records every claim's outcome; later runs fail
only on a claim whose outcome changed or a new claim not as expected; load errors stay exit 2."""
from __future__ import annotations

import json

from click.testing import CliRunner

from verify import cli

CLAIMS = """
[[claim]]
id = "true"
statement = "s"
check = "relation"
lhs = "1/2 + 1/4"
op = "=="
rhs = "3/4"

[[claim]]
id = "known-false"
statement = "recorded before anyone noticed it is false"
check = "relation"
lhs = "1/2"
op = "=="
rhs = "1/3"
"""
NEW = '\n[[claim]]\nid = "new-false"\nstatement = "s"\ncheck = "relation"\nlhs = "2"\nop = "<"\nrhs = "1"\n'


def run(path, *options):
    return CliRunner().invoke(cli.main, ["run", str(path / "c.toml"), "--no-cache", "--in-process", "-q", *options])


def test_the_first_run_records_and_later_runs_fail_only_on_changes(tmp_path):
    (tmp_path / "c.toml").write_text(CLAIMS, encoding="utf-8")
    baseline = tmp_path / "baseline.json"
    assert run(tmp_path).exit_code == 1  # without a baseline the false claim fails the run
    first = run(tmp_path, "--baseline", str(baseline))
    assert first.exit_code == 0 and "recorded the outcomes of 2 claims" in first.output
    recorded = json.loads(baseline.read_text())["claims"]
    assert recorded["known-false"]["status"] == "refuted" and recorded["true"]["status"] == "verified"
    again = run(tmp_path, "--baseline", str(baseline))
    assert again.exit_code == 0 and "1 claims did not come out as expected, as recorded (known" in again.output
    (tmp_path / "c.toml").write_text(CLAIMS.replace('rhs = "3/4"', 'rhs = "3/5"'), encoding="utf-8")  # a changed digit
    changed = run(tmp_path, "--baseline", str(baseline))
    assert changed.exit_code == 1 and "changed since the baseline: true: verified -> refuted" in changed.output
    (tmp_path / "c.toml").write_text(CLAIMS + NEW, encoding="utf-8")
    new = run(tmp_path, "--baseline", str(baseline))
    assert new.exit_code == 1 and "new since the baseline and not as expected: new-false: refuted" in new.output
    assert run(tmp_path, "--baseline", str(baseline), "--baseline-update").exit_code == 0
    assert run(tmp_path, "--baseline", str(baseline)).exit_code == 0  # the new false claim is now known


def test_a_fixed_claim_is_a_change_too_and_load_errors_are_never_baselined(tmp_path):
    (tmp_path / "c.toml").write_text(CLAIMS, encoding="utf-8")
    baseline = tmp_path / "b.json"
    run(tmp_path, "--baseline", str(baseline))
    (tmp_path / "c.toml").write_text(CLAIMS.replace('rhs = "1/3"', 'rhs = "1/2"'), encoding="utf-8")
    fixed = run(tmp_path, "--baseline", str(baseline))
    assert fixed.exit_code == 1 and "known-false: refuted -> verified" in fixed.output  # update the baseline to accept it
    (tmp_path / "c.toml").write_text(CLAIMS + '\n[[claim]]\nid = "broken"\nstatement = "s"\ncheck = "relation"\nlhs = "__import__"\n', encoding="utf-8")
    broken = run(tmp_path, "--baseline", str(baseline))
    assert broken.exit_code == 2 and "not compared: a claim or file could not be loaded" in broken.output, broken.output


def test_a_baseline_that_is_not_one_is_a_usage_error_before_the_run(tmp_path):
    (tmp_path / "c.toml").write_text(CLAIMS, encoding="utf-8")
    for text in ["not json", "[]", '{"format": "verify-baseline/1", "claims": {"x": {"status": "maybe"}}}']:
        (tmp_path / "b.json").write_text(text, encoding="utf-8")
        result = run(tmp_path, "--baseline", str(tmp_path / "b.json"))
        assert result.exit_code == 2 and "--baseline" in result.output
    assert run(tmp_path, "--baseline-update").exit_code == 2


def test_hostile_baseline_files_are_refused_unread(tmp_path):
    import os

    (tmp_path / "c.toml").write_text(CLAIMS, encoding="utf-8")
    (tmp_path / "deep.json").write_text("[" * 100000, encoding="utf-8")
    os.mkfifo(tmp_path / "fifo.json")
    os.symlink("/dev/zero", tmp_path / "zero.json")
    for name in ("deep.json", "fifo.json", "zero.json"):
        result = run(tmp_path, "--baseline", str(tmp_path / name))
        assert result.exit_code == 2 and "cannot be read" in result.output and "Traceback" not in result.output, name


def test_a_changed_expectation_and_stale_sources_are_not_hidden_by_the_baseline(tmp_path):
    (tmp_path / "c.toml").write_text(CLAIMS.replace('rhs = "1/3"', 'rhs = "1/3"\nexpected = "refuted"'), encoding="utf-8")
    baseline = tmp_path / "b.json"
    assert run(tmp_path, "--baseline", str(baseline)).exit_code == 0
    (tmp_path / "c.toml").write_text(CLAIMS, encoding="utf-8")  # the file now says the false claim is true
    changed = run(tmp_path, "--baseline", str(baseline))
    assert changed.exit_code == 1 and "known-false: refuted (expected refuted) -> refuted" in changed.output
    stale = '[source]\ndocument = "page.txt"\n' + CLAIMS.replace('id = "true"', 'id = "true"\nsource_text = "not on the page"')
    (tmp_path / "c.toml").write_text(stale, encoding="utf-8")
    (tmp_path / "page.txt").write_text("a page\n", encoding="utf-8")
    assert run(tmp_path, "--baseline", str(baseline), "--baseline-update").exit_code == 0
    assert run(tmp_path, "--baseline", str(baseline), "--strict-sources").exit_code == 1  # stale, though no outcome changed


def test_updating_the_baseline_from_a_selection_keeps_the_other_records(tmp_path):
    (tmp_path / "c.toml").write_text(CLAIMS, encoding="utf-8")
    baseline = tmp_path / "b.json"
    run(tmp_path, "--baseline", str(baseline))
    assert run(tmp_path, "--baseline", str(baseline), "--baseline-update", "-k", "true").exit_code == 0
    assert set(json.loads(baseline.read_text())["claims"]) == {"true", "known-false"}
    assert run(tmp_path, "--baseline", str(baseline)).exit_code == 0
    same = run(tmp_path, "--baseline", str(baseline), "--format", "json", "-o", str(baseline))
    assert same.exit_code == 2 and "must be different files" in same.output
