"""Helpers: check a claim file written inline, and run the command line in-process."""
from __future__ import annotations

import gc
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from verify import cli, runner

ROOT = Path(__file__).resolve().parent.parent

# The claim files under tests/ are fixtures (hostile files, wrong versions) read by the tests themselves: not for
# verify's pytest plugin to collect as claims.
collect_ignore_glob = ["*.toml", "*/*.toml", "*/*/*.toml"]
pytest_plugins = ["pytester"]  # tests/test_pytest_plugin.py runs pytest on claim files

# The test process collects garbage as a claim-checking worker does (verify.runner._collect_less_often): with Python's
# defaults a full collection walks every sympy object the suite has built so far, thousands of times.
gc.set_threshold(runner.WORKER_GC_THRESHOLD, 10, 10)

ELECTROMECHANICAL = """
[model.electromechanical]
states = ["q", "v", "i"]
rhs = { q = "v", v = "-q - v + i", i = "v - 8*i" }
blocks = { slow = ["q", "v"], fast = ["i"] }
functionals = { energy = "(q**2 + v**2 + i**2)/2" }
"""


def claims_text(head: str, bodies: dict) -> str:
    """``head`` (models) followed by one [[claim]] per id -> (body, ...) of ``bodies``."""
    text = head
    for claim_id, (body, *_) in bodies.items():
        text += f'\n[[claim]]\nid = "{claim_id}"\nstatement = "a wrong version"\n{body}\n'
    return text


def assert_refuted(outcome, fragments) -> None:
    """A wrong version: refuted (not error), with evidence, in one line that holds every fragment."""
    assert outcome.status == "refuted", outcome.message
    assert outcome.evidence in ("exact", "symbolic", "certified", "numerical")
    assert "\n" not in outcome.message
    for fragment in fragments:
        assert fragment in outcome.message


@pytest.fixture
def check_claims(tmp_path):
    """Write TOML text to a claim file, check it, return {id: Result}."""

    def check(text: str, name: str = "claims.toml"):
        path = tmp_path / name
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        results = runner.check(runner.load([str(path)], model_dirs=[str(tmp_path / "no-models")]))
        return {r.claim.id: r for r in results}

    return check


@pytest.fixture
def run_cli(tmp_path, monkeypatch):
    """Run `verify ARGS` in tmp_path; returns the click Result (exit_code, output)."""

    def invoke(*args):
        monkeypatch.chdir(tmp_path)
        return CliRunner().invoke(cli.main, list(args), catch_exceptions=False)

    return invoke


@pytest.fixture(scope="session")
def bundled_results():
    """Every bundled claim checked once per test session, as `verify run --jobs 2` checks them from the project root
    (the same claim and model paths, the default source directories); the README and the source-claims tests share it."""
    import os

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        claims = runner.load([runner.DEFAULT_CLAIMS], runner.default_model_dirs(()))
        return runner.check(claims, runner.default_source_dirs(()), jobs=2)
    finally:
        os.chdir(here)


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(items):
    """Tests that use the bundled run go to one xdist worker (``--dist loadgroup``), so the run is made once."""
    for item in items:
        if "bundled_results" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("bundled"))
