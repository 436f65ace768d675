"""Source documents: looked up beside the claim file first, then in --sources; a missing document is reported once,
a stale source_text is marked in every report naming the phrase, and --strict-sources fails the run on either."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

PAGE = """
[source]
title = "A page"
document = "page.txt"

[[claim]]
id = "anchored"
statement = "s"
source_text = "one half plus one quarter"
check = "relation"
lhs = "1/2 + 1/4"
op = "=="
rhs = "3/4"

[[claim]]
id = "stale"
statement = "s"
source_text = "a phrase the page does not have"
check = "relation"
lhs = "1"
op = "=="
rhs = "1"
"""
GONE = '[source]\ndocument = "gone.txt"\n[[claim]]\nid = "orphan"\nstatement = "s"\nsource_text = "x"\ncheck = "relation"\nlhs = "1"\nop = "=="\nrhs = "1"\n'


def library(tmp_path, with_gone=True):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "page.toml").write_text(PAGE, encoding="utf-8")
    (tmp_path / "lib" / "page.txt").write_text("Here one half plus   one quarter\nis three quarters.", encoding="utf-8")
    if with_gone:
        (tmp_path / "lib" / "gone.toml").write_text(GONE, encoding="utf-8")


def test_a_document_beside_its_claim_file_is_found_and_a_stale_phrase_is_named(run_cli, tmp_path):
    library(tmp_path)
    result = run_cli("run", "lib")
    assert result.exit_code == 0
    assert "[stale: source_text 'a phrase the page does not have' not found in page.txt]" in result.output
    assert "anchored: " in result.output and "[stale" not in result.output.split("anchored: ")[1].splitlines()[0]
    assert result.output.count("source document gone.txt not found beside its claim file") == 1
    assert "claim 'orphan' cites it, so its source_text is not checked" in result.output


def test_every_report_format_marks_stale_and_missing_sources(run_cli, tmp_path):
    library(tmp_path)
    report = json.loads(run_cli("run", "lib", "--format", "json").stdout)
    by_id = {c["id"]: c for c in report["claims"]}
    assert by_id["stale"]["stale"] and "a phrase the page does not have" in by_id["stale"]["source_note"]
    assert by_id["orphan"]["source_missing"] and by_id["orphan"]["source_note"] == "source document gone.txt not found"
    assert by_id["anchored"]["source_note"] is None and not by_id["anchored"]["source_missing"]
    assert report["summary"]["stale"] == 1 and report["summary"]["source_missing"] == 1
    junit = ET.fromstring(run_cli("run", "lib", "--format", "junit").stdout)
    outs = {case.get("name"): case.find("system-out").text for case in junit.iter("testcase")}
    assert "[stale: source_text" in outs["stale"] and "[source document gone.txt not found]" in outs["orphan"]
    for form in ("markdown", "html"):
        text = run_cli("run", "lib", "--format", form).stdout
        assert "a phrase the page does not have" in text and "source document gone.txt not found" in text


def test_strict_sources_fails_the_run_on_a_stale_phrase_or_a_missing_document(run_cli, tmp_path):
    library(tmp_path)
    assert run_cli("run", "lib").exit_code == 0
    strict = run_cli("run", "lib", "--strict-sources")
    assert strict.exit_code == 1 and "error: source document gone.txt not found" in strict.output
    assert run_cli("run", "lib", "-k", "anchored", "--strict-sources").exit_code == 0
    assert run_cli("run", "lib", "-k", "stale", "--strict-sources").exit_code == 1
    assert run_cli("run", "lib", "-k", "orphan", "--strict-sources").exit_code == 1


def test_a_sources_directory_serves_when_the_document_is_not_beside_the_file(run_cli, tmp_path):
    library(tmp_path, with_gone=False)
    (tmp_path / "docs").mkdir()
    (tmp_path / "lib" / "page.txt").rename(tmp_path / "docs" / "page.txt")
    alone = run_cli("run", "lib")
    assert "source document page.txt not found" in alone.output and "[stale" not in alone.output
    found = run_cli("run", "lib", "--sources", "docs")
    assert "not found beside" not in found.output and "[stale: source_text 'a phrase the page does not have'" in found.output
