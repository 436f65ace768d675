"""The README shows real output: every report line it quotes is produced by the current code."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from conftest import ROOT
from verify import cli

README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def outputs(bundled_results):
    import os

    from verify.report import render_report

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        runner = CliRunner()
        bundled = render_report("text", bundled_results)  # what `verify run --jobs 2` prints, from the session's one run
        tutorial = runner.invoke(cli.main, ["run", "examples/tutorial.toml"])
        explain = runner.invoke(cli.main, ["explain", "tutorial/heun-step", "examples/tutorial.toml"]).output
    finally:
        os.chdir(here)
    assert tutorial.exit_code == 0, tutorial.output
    return bundled + tutorial.output + explain


def test_every_quoted_report_line_is_real(outputs):
    quoted = [line for line in README.splitlines() if re.match(r"^  (ok  |FAIL) ", line) or line.startswith("total: ")]
    assert len(quoted) >= 6
    for line in quoted:
        assert line in outputs, line


def test_quoted_explain_lines_are_real(outputs):
    block = README.split("verify explain tutorial/heun-step examples/tutorial.toml\n```\n\n```\n", 1)[1].split("```", 1)[0]
    for line in block.strip().splitlines():
        assert line in outputs, line


def test_every_method_has_a_row_in_the_methods_table():
    from verify.engines.methods import METHODS

    table = README.split("### Methods", 1)[1].split("### Expressions", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    named = {name for row in rows for name in re.findall(r"`([a-z0-9-]+)`", row.split(" | ")[0])}
    for row in rows:  # a range of a family: `bdf-1` ... `bdf-6`
        for family, first, last in re.findall(r"`([a-z-]+)-(\d)` \.\.\. `\1-(\d)`", row.split(" | ")[0]):
            named |= {f"{family}-{k}" for k in range(int(first), int(last) + 1)}
    assert set(METHODS) <= named, sorted(set(METHODS) - named)


def test_every_named_tableau_has_its_own_twin_data():
    import mpmath

    from verify.engines.methods import TABLEAUS
    from verify.engines.twins import runge_kutta as twin

    with mpmath.workdps(40):
        for name, tableau in TABLEAUS.items():
            A, b, c = twin.tableau(name, {}, None)
            exact = [*tableau.b, *tableau.c, *(a for row in tableau.A for a in row)]
            approx = [*b, *c, *(a for row in A for a in row)]
            assert all(abs(mpmath.mpf(sympy_value(e)) - a) < mpmath.mpf(10) ** -35 for e, a in zip(exact, approx)), name


def sympy_value(expression):
    import sympy

    return sympy.N(sympy.sympify(expression), 45)


def test_every_option_of_every_method_is_named_in_its_row():
    """The schema (verify.engines.methods.schema) is the one list of a method's options: each is in the README row."""
    from verify.engines.methods import METHODS

    table = README.split("### Methods", 1)[1].split("### Expressions", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    missing = []
    for name, method in METHODS.items():
        row = next((r for r in rows if f"`{name}`" in r.split(" | ")[0]
                    or any(name.startswith(f"{family}-") for family in re.findall(r"`([a-z-]+)-\d` \.\.\.", r.split(" | ")[0]))), None)
        assert row is not None, name
        missing += [f"{name}: {o.name}" for o in method.schema if f"`{o.name}`" not in row]
    assert not missing, missing


def test_the_quoted_latex_is_real():
    """Every ``verify explain ID [PATH] --latex`` block and the LaTeX quoted under it: the run's output, character for
    character (the heun step of the tutorial, the sign claim with a parameter)."""
    import os

    blocks = re.findall(r"```\nverify explain (\S+)((?: \S+)*) --latex\n```\n\n```latex\n(.*?)```", README, re.S)
    assert len(blocks) >= 2
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        for claim_id, paths, block in blocks:
            latex = CliRunner().invoke(cli.main, ["explain", claim_id, *paths.split(), "--latex"]).output
            assert block.strip() and block.strip() == latex.strip(), claim_id
    finally:
        os.chdir(here)
