"""-k expressions as pytest's: and, or, not, parentheses over words that ids contain; several -k must all match."""
from __future__ import annotations

import pytest

from verify.selection import SelectionError, compile_selection

IDS = ["tutorial/heun-step", "tutorial/heun-step-wrong", "ramp/exact-solution", "ramp/closed-form", "dae/closed-form", "cooling/euler"]


def selected(*expressions):
    matches = compile_selection(expressions)
    return [i for i in IDS if matches(i)]


@pytest.mark.parametrize("expression, expected", [
    ("heun", ["tutorial/heun-step", "tutorial/heun-step-wrong"]),
    ("heun and not wrong", ["tutorial/heun-step"]),
    ("ramp/ or euler", ["ramp/exact-solution", "ramp/closed-form", "cooling/euler"]),
    ("not ramp/ and closed-form", ["dae/closed-form"]),  # not binds tighter than and
    ("ramp/ or dae and closed", ["ramp/exact-solution", "ramp/closed-form", "dae/closed-form"]),  # and tighter than or
    ("(ramp/ or dae) and closed", ["ramp/closed-form", "dae/closed-form"]),
    ("not not euler", ["cooling/euler"]),
    ("Heun", []),  # ids are names: matched case by case
])
def test_expressions_select_as_pytest_does(expression, expected):
    assert selected(expression) == expected


def test_several_expressions_must_all_match():
    assert selected("tutorial/", "not wrong") == ["tutorial/heun-step"]
    assert selected("(" * 30 + "tutorial/" + ")" * 30, "not not not not wrong") == ["tutorial/heun-step-wrong"]
    assert selected("ramp/", "dae/") == []


@pytest.mark.parametrize("expression", ["", "   "])
def test_an_empty_expression_is_refused(expression):
    with pytest.raises(SelectionError):
        compile_selection([expression])


@pytest.mark.parametrize("expression", ["heun and", "(heun", "heun)", "and heun", "heun step", "not", "heun ok", "x(1)", "and",
                                        "(" * 400 + "heun" + ")" * 400, "not " * 1000 + "heun"])  # a RecursionError (review)
def test_a_text_that_is_not_an_expression_is_the_plain_substring_spec_names(expression):
    """SPEC.md: -k TEXT selects "the claims whose id contains TEXT"; an id may hold spaces, parentheses and the words
    and, or, not, and such a -k was a usage error (a review of 2026-12-06)."""
    ids = [f"a/{expression}/b", "tutorial/heun-step", "band/not-this"]
    matches = compile_selection([expression])
    assert [i for i in ids if matches(i)] == [f"a/{expression}/b"] + (["band/not-this"] if expression in ("and", "not") else [])


def test_the_command_line_takes_expressions_for_run_and_list(run_cli, tmp_path):
    from test_cli_reports import QUICK_PAIR

    (tmp_path / "c.toml").write_text(QUICK_PAIR, encoding="utf-8")
    listed = run_cli("list", "c.toml", "-k", "heun or sum", "-k", "not sum")
    assert listed.exit_code == 0 and [line.split()[0] for line in listed.output.splitlines()] == ["heun"]
    ran = run_cli("run", "c.toml", "-k", "sum and not heun")
    assert ran.exit_code == 0 and "1 claim" in ran.output and " sum: " in ran.output
    plain = run_cli("run", "c.toml", "-k", "heun and (")  # no expression: the ids that contain the text, here none
    assert plain.exit_code == 5 and "no claim id matches 'heun and ('" in plain.output
    none = run_cli("list", "c.toml", "-k", "nothing")
    assert none.exit_code == 5 and "no claim id matches 'nothing'" in none.output


def test_claims_not_selected_are_not_prepared(run_cli, tmp_path, monkeypatch):
    """`verify run -k` and `verify explain ID` parse only the claims they check (explain over the bundled library read
    all 285 before); a duplicate of a selected id is still one, and a file that cannot be read is still reported."""
    from test_cli_reports import QUICK_PAIR

    from verify.input import load

    prepared = []
    real = load._prepare
    monkeypatch.setattr(load, "_prepare", lambda claim, *rest: (prepared.append(claim.id), real(claim, *rest))[1])
    (tmp_path / "c.toml").write_text(QUICK_PAIR, encoding="utf-8")
    (tmp_path / "d.toml").write_text(QUICK_PAIR.split("[[claim]]")[0] + "[[claim]]" + QUICK_PAIR.split("[[claim]]")[1], encoding="utf-8")
    (tmp_path / "e.toml").write_text("not = toml = at all", encoding="utf-8")
    ran = run_cli("run", "c.toml", "e.toml", "-k", "sum")
    assert prepared == ["sum"] and "cannot read TOML" in ran.output, ran.output
    prepared.clear()
    explained = run_cli("explain", "heun", "c.toml")
    assert prepared == ["heun"] and explained.exit_code == 0, explained.output
    prepared.clear()
    duplicate = run_cli("run", "c.toml", "d.toml", "-k", "heun")
    assert prepared == ["heun"] and "duplicate id" in duplicate.output, duplicate.output
