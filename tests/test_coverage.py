"""`verify coverage`: the numbers and formulas a page states (read by pylatexenc and Python's tokenizer), which claims
check each (quoted or by value), passages out of scope with a reason, the skeleton of the rest, and the bundled pages."""
from __future__ import annotations

import json
import tomllib
from fractions import Fraction

import pytest
from click.testing import CliRunner

from conftest import ROOT
from verify import cli, coverage, runner
from verify.input.page_numbers import numbers_in, read_page

SOURCES = ROOT.parent / "shared" / "sources"

PAGE = r"""Worked example

Take $y^{'} = - 2 y$ with $y (0) = 1$ and $h = \frac{1}{4}$: one Euler step gives $y_{1} = 1 / 2$, and
$y_{12} = 1/4096$ after twelve steps; the multiplier is $- 7 / 5$ and the tolerance $10^{-3}$.
Section 2 of [8] proves order 1 (see (21)).
1. 1.
{
  "estimate": 0.0062,
  "accepted": 1
}
allowed = 0.1 + 0.01 × 5.625 = 0.15625
5.625
"""


def stated(text):
    return [(s.text, s.value, s.signed) for s in read_page(text).stated if s.kind == "number"]


def test_numbers_are_read_exactly_and_indices_exponents_and_prose_are_not_numbers():
    numbers = stated(PAGE)
    values = [v for _, v, _ in numbers]
    assert ("\\frac{1}{4}", Fraction(1, 4), False) in numbers
    assert ("1 / 2", Fraction(1, 2), False) in numbers
    assert ("1/4096", Fraction(1, 4096), False) in numbers
    assert ("- 7 / 5", Fraction(-7, 5), True) in numbers
    assert ("10^{-3}", Fraction(1, 1000), False) in numbers
    assert ("0.0062", Fraction(31, 5000), False) in numbers  # a JSON card
    assert ("0.15625", Fraction(5, 32), False) in numbers  # a formula line with a Unicode times sign
    assert values.count(Fraction(45, 8)) == 2  # in the formula line and as program output
    assert Fraction(12) not in values and Fraction(4096, 1) not in values  # y_{12}: an index, not a number
    assert Fraction(21) not in values and Fraction(8) not in values  # an equation tag and a reference
    assert ("- 2", Fraction(-2), True) in numbers  # y' = -2 y: a minus after "=" is the number's sign
    page = read_page(PAGE)
    assert page.prose_numbers >= 4  # "Section 2", "[8]", "order 1", "(21)", "1. 1."
    formulas = [s.text for s in page.stated if s.kind == "formula"]
    assert "$h = \\frac{1}{4}$" in formulas and "allowed = 0.1 + 0.01 × 5.625 = 0.15625" in formulas
    assert all(PAGE[s.start:s.end] == s.text for s in page.stated)  # every span is the text as printed


def test_claim_strings_are_read_by_the_same_tokenizer():
    assert numbers_in("abs(solution(y) - y) < 1/20") == [Fraction(1, 20)]
    assert numbers_in("-7/5") == [Fraction(-7, 5)]
    assert numbers_in("1e-7") == [Fraction(1, 10**7)]
    assert numbers_in("x1 + y_2") == []


def test_hostile_pages_give_a_reading_not_an_exception():
    for text in ["$", "$$\\frac{", "{" * 500, "\\begin{x}", "'" * 50 + "= 1", "\x00\x01 = 2", "10^{99999}", "%" + "1 = 2\n" * 3,
                 "$10^{" + "9" * 5000 + "}$", "é = 3"]:
        page = read_page(text)
        assert isinstance(page.stated, list)
    assert stated("$10^{99999}$") == []  # a power past MAX_POWER is not evaluated, and not a stated number either
    assert stated("$x^{2} = 3$") == [("3", Fraction(3), False)]  # an exponent of a symbol is part of the formula


CLAIMS = """
[source]
title = "Worked example"
document = "page.txt"

[[out_of_scope]]
source_text = "the tolerance $10^{-3}$"
reason = "a solver setting of the page's own experiment"

[[out_of_scope]]
source_text = "a phrase the page does not have"
reason = "stale"

[[claim]]
id = "euler-step"
statement = "one Euler step from 1 with h = 1/4 gives 1/2"
source_text = "$y_{1} = 1 / 2$"
check = "relation"
lhs = "1 - 2 * (1/4)"
op = "=="
rhs = "1/2"

[[claim]]
id = "multiplier"
statement = "the multiplier is 7/5 (sign dropped on purpose)"
check = "relation"
lhs = "7/5"
op = "=="
rhs = "7/5"
"""


def project(tmp_path):
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "page.toml").write_text(CLAIMS, encoding="utf-8")
    (tmp_path / "claims" / "page.txt").write_text(PAGE, encoding="utf-8")
    return tmp_path


def test_items_are_covered_by_quotation_or_value_and_the_rest_is_out_of_scope_or_to_do(tmp_path):
    claims = runner.load([str(project(tmp_path) / "claims")])
    [doc], warnings = coverage.coverage(claims)
    assert not warnings
    by_text = {}
    for item in doc.items:
        by_text.setdefault(item.stated.text, item)
    assert by_text["1 / 2"].covered_by == [("euler-step", "quoted")]
    assert ("euler-step", "value") in by_text["\\frac{1}{4}"].covered_by  # 1/4 is in the claim's lhs
    assert by_text["- 7 / 5"].state == "to do"  # the page's -7/5 is not the claim's 7/5
    assert by_text["10^{-3}"].state == "out of scope" and "solver setting" in by_text["10^{-3}"].out_of_scope
    assert by_text["1/4096"].state == "to do"
    assert doc.unmatched == ["a phrase the page does not have"]
    formula = next(i for i in doc.items if i.stated.kind == "formula" and "y_{1}" in i.stated.text)
    assert formula.covered_by == [("euler-step", "quoted")]


def test_the_command_reports_text_json_html_and_fails_under_a_threshold(tmp_path, monkeypatch):
    monkeypatch.chdir(project(tmp_path))
    cli_runner = CliRunner()
    text = cli_runner.invoke(cli.main, ["coverage"])
    assert text.exit_code == 0, text.output
    assert "page.txt  Worked example" in text.output
    assert "- 7 / 5" in text.output and "1/4096" in text.output  # the numbers to do are listed
    assert "[[out_of_scope]] source_text 'a phrase the page does not have' is not in the document" in text.output
    data = json.loads(cli_runner.invoke(cli.main, ["coverage", "--format", "json"]).output)
    [doc] = data["documents"]
    summary = doc["summary"]["number"]
    assert summary["stated"] == summary["checked"] + summary["out_of_scope"] + summary["to_do"]
    assert summary["to_do"] >= 2 and summary["out_of_scope"] == 1
    assert {"kind": "number", "text": "1 / 2"}.items() <= next(i for i in doc["items"] if i["text"] == "1 / 2").items()
    html = cli_runner.invoke(cli.main, ["coverage", "--format", "html"]).output
    assert html.startswith("<!doctype html>") and "class='todo'" in html and "<script" not in html
    failed = cli_runner.invoke(cli.main, ["coverage", "--fail-under", "100"])
    assert failed.exit_code == 1 and "under 100% (--fail-under)" in failed.output
    assert cli_runner.invoke(cli.main, ["coverage", "--fail-under", "10"]).exit_code == 0


def test_the_scaffold_is_a_claim_file_with_one_commented_claim_per_number_to_do(tmp_path, monkeypatch):
    monkeypatch.chdir(project(tmp_path))
    result = CliRunner().invoke(cli.main, ["coverage", "--scaffold", "page.txt"])
    assert result.exit_code == 0, result.output
    skeleton = result.output
    assert tomllib.loads(skeleton)["source"] == {"title": "Worked example", "document": "page.txt"}
    quoted = [line.split(" = ", 1)[1] for line in skeleton.splitlines() if line.startswith("# source_text = \"") and "..." not in line]
    assert '"y_{12} = 1/4096"' in quoted and '"- 7 / 5"' in quoted
    assert skeleton.count("# [[claim]]") == len(quoted)
    for phrase in quoted:  # every anchor occurs in the page, so an uncommented claim is not stale
        assert " ".join(json.loads(phrase).split()) in " ".join(PAGE.split())
    missing = CliRunner().invoke(cli.main, ["coverage", "--scaffold", "nowhere.txt"])
    assert missing.exit_code == 2 and "neither cited by a claim" in missing.output


def test_a_malformed_out_of_scope_entry_is_a_one_line_error_and_the_claims_are_still_checked(tmp_path):
    (tmp_path / "c.toml").write_text(CLAIMS.replace('reason = "stale"', "reason = 5"), encoding="utf-8")
    (tmp_path / "page.txt").write_text(PAGE, encoding="utf-8")
    results = runner.check(runner.load([str(tmp_path / "c.toml")]), in_process=True)
    errors = [r for r in results if r.claim.load_error]
    assert len(errors) == 1 and "[[out_of_scope]] #2: 'reason' must say why" in errors[0].claim.load_error
    assert str(tmp_path / "c.toml") in errors[0].claim.load_error
    assert {r.claim.id: r.status for r in results if not r.claim.load_error} == {"euler-step": "verified", "multiplier": "verified"}


@pytest.mark.skipif(not SOURCES.is_dir(), reason="the source documents live in ../shared/sources")
def test_every_number_the_bundled_pages_state_is_checked_or_out_of_scope(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli.main, ["coverage", "--format", "json", "--sources", str(SOURCES)])
    assert result.exit_code == 0, result.output
    documents = {d["document"]: d for d in json.loads(result.output)["documents"]}
    assert set(documents) == {p.name for p in SOURCES.glob("0*.txt")}
    for name, doc in documents.items():
        assert doc["summary"]["number"]["to_do"] == 0, (name, [i["text"] for i in doc["items"] if i["state"] == "to do"])
        assert doc["summary"]["number"]["stated"] >= 8


@pytest.mark.parametrize("text, numbers", [
    (r"$\tfrac{3}{8}$ and $\dfrac{-1}{2}$ and $x = \frac{1}{-2}$", [("\\tfrac{3}{8}", "3/8"), ("\\dfrac{-1}{2}", "-1/2"), ("\\frac{1}{-2}", "-1/2")]),
    ("h = 0.25, growth 5%, k = 0.5", [("0.25", "1/4"), ("5", "5"), ("0.5", "1/2")]),  # % is a percent sign, not a comment
    ("Here y = 32 and z = 7.", [("32", "32"), ("7", "7")]),  # the sentence's period is not the number's
    ("| h | err |\n| 0.1 | 0.05 |", [("0.1", "1/10"), ("0.05", "1/20")]),  # a Markdown table row
    (r"$A = \begin{pmatrix}1 & -2\\ -3 & 4\end{pmatrix}$", [("1", "1"), ("-2", "-2"), ("-3", "-3"), ("4", "4")]),
    ("cost $5 here\n\nlater a = 1\n\nb = 2", [("1", "1"), ("2", "2")]),  # an unpaired $ does not turn the page into math
    (r"${1}{2}$ = x", [("1", "1"), ("2", "2")]),
    ("x = －3 and y = ‒2", [("－3", "-3"), ("‒2", "-2")]),
    (r"$10^{+3}$ = y", [("10^{+3}", "1000")]),
    ("$0^{-1}$ = x and 0**-2 = y", []),  # zero to a negative power is not a number (and no ZeroDivisionError)
])
def test_readings_an_adversarial_review_found_wrong(text, numbers):
    assert [(t, str(v)) for t, v, _ in stated(text)] == numbers


def test_numbers_too_large_to_read_are_counted_not_dropped():
    page = read_page("a = 1e999999, b = 10**401, c = 2\n")
    assert [s.value for s in page.stated if s.kind == "number"] == [2] and page.unread == 2


def test_method_names_are_not_stated_values(tmp_path):
    (tmp_path / "page.txt").write_text("We use N = 45 steps.\n", encoding="utf-8")
    (tmp_path / "c.toml").write_text('[source]\ndocument = "page.txt"\n[[claim]]\nid = "o"\nstatement = "s"\ncheck = "order"\n'
                                     'method = "fehlberg-45"\norder = 4\n', encoding="utf-8")
    [doc], _ = coverage.coverage(runner.load([str(tmp_path / "c.toml")]))
    assert [i.state for i in doc.items if i.stated.kind == "number"] == ["to do"]


def test_documents_that_cannot_be_read_fail_the_threshold_and_the_skeleton_says_why(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "c.toml").write_text(CLAIMS.replace("page.txt", "big.txt"), encoding="utf-8")
    (tmp_path / "claims" / "big.txt").write_text("x = 1\n" * (800 * 1024), encoding="utf-8")  # 4.8 MB: over the limit
    result = CliRunner().invoke(cli.main, ["coverage", "--fail-under", "1"])
    assert result.exit_code == 1 and "big.txt not read" in result.output and "counts as 0%" in result.output
    assert result.output.count("warning: source document big.txt") == 1  # once per document, not per claim
    scaffold = CliRunner().invoke(cli.main, ["coverage", "--scaffold", "claims/big.txt"])
    assert scaffold.exit_code == 2 and "cannot be read" in scaffold.output and "Traceback" not in scaffold.output


def test_a_skeleton_needs_no_claims_and_stays_valid_toml_with_control_characters(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "new.txt").write_text("ctrl\x01 = 3.5\x7f and $y = 1/8$\n", encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["coverage", "--scaffold", "new.txt"])
    assert result.exit_code == 0, result.output
    tomllib.loads(result.output)
    anchors = [json.loads(line.split(" = ", 1)[1]) for line in result.output.splitlines() if line.startswith("# source_text = \"") and "..." not in line]
    assert anchors and all(a in (tmp_path / "new.txt").read_text() for a in anchors)
