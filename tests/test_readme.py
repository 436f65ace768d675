"""The README shows real output: every report line it quotes is produced by the current code."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from conftest import ROOT
from verify import cli

README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    import os

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        runner = CliRunner()
        bundled = runner.invoke(cli.main, ["run", "--jobs", "2"]).output
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
