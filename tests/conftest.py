"""Helpers: check a claim file written inline, and run the command line in-process."""
from __future__ import annotations

import gc
import os
import signal
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

# This project's machines set PYTHONDONTWRITEBYTECODE=1, so every process of a test session (the two xdist workers,
# the command lines and pytest runs the tests start) compiled verify's modules and, through pytest's assertion
# rewriting, the test modules from source again on every run: collecting the suite took 3.6 s in one process, 1.0 s
# with the bytecode kept.  The suite writes bytecode into the (git-ignored) __pycache__ folders of its own checkout,
# for itself and the processes it starts; where that cannot be written, Python compiles as before.  Measured with
# the suite warm (2026-12-06): 74-77 s -> 69 s.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from verify import cli, runner  # noqa: E402  (after the setting, so that verify's modules are written too)
from verify.checks.kit import KeptRuns  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# The claim files under tests/ are fixtures (hostile files, wrong versions) read by the tests themselves: not for
# verify's pytest plugin to collect as claims.
collect_ignore_glob = ["*.toml", "*/*.toml", "*/*/*.toml"]
pytest_plugins = ["pytester"]  # tests/test_pytest_plugin.py runs pytest on claim files

# The test process collects garbage as a claim-checking worker does (verify.runner._collect_less_often): with Python's
# defaults a full collection walks every sympy object the suite has built so far, thousands of times.
gc.set_threshold(runner.WORKER_GC_THRESHOLD, 10, 10)


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    """What is alive after a test (the caches sympy and verify keep, the modules) is frozen, as a worker freezes what it
    inherited: the oldest generation's collections no longer walk it again after every test.  Measured on
    test_forall, test_stability_split_points and test_order_series in one process (2026-12-06): the collector's
    time 2.4 -> 0.6 s, user CPU 31.0 -> 28.7 s, peak memory unchanged within 3%."""
    gc.freeze()

@pytest.fixture(autouse=True)
def _no_runs_kept_from_other_tests():
    """Each test starts with no runs kept by the checks (verify.checks.kit.KeptRuns): claims in one test share them as
    a worker's claims do, and a test that replaces an engine's function (twins.solve, certified_implicit.run) sees it
    called whichever tests ran before it on its worker."""
    KeptRuns.forget_all()


NONLINEAR_MODELS = """
[model.cubic]
states = ["y"]
rhs = { y = "-y**3" }

[model.pair]
states = ["u", "w"]
rhs = { u = "-u*w", w = "u - w**3" }
"""  # implicit steps on these have no exact solve: the certified implicit route and the numerical route take them

ELECTROMECHANICAL = """
[model.electromechanical]
states = ["q", "v", "i"]
rhs = { q = "v", v = "-q - v + i", i = "v - 8*i" }
blocks = { slow = ["q", "v"], fast = ["i"] }
functionals = { energy = "(q**2 + v**2 + i**2)/2" }
"""


def rk4_step(f, t, y, h):
    """One classical RK4 step of y' = f(t, y), written out for the tests' own recomputations (in whatever numbers the
    arguments are: mpmath at the caller's precision, fractions)."""
    k1 = f(t, y)
    k2 = f(t + h / 2, y + h / 2 * k1)
    k3 = f(t + h / 2, y + h / 2 * k2)
    k4 = f(t + h, y + h * k3)
    return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def claims_text(head: str, bodies: dict) -> str:
    """``head`` (models) followed by one [[claim]] per id -> (body, ...) of ``bodies``."""
    text = head
    for claim_id, (body, *_) in bodies.items():
        text += f'\n[[claim]]\nid = "{claim_id}"\nstatement = "a wrong version"\n{body}\n'
    return text


def fail_past(monkeypatch, owner, name: str, limit: int, why: str) -> list:
    """Wrap the method ``owner.name`` so that its ``limit``-th call fails with ``why`` (a long run's steps taken one by one
    where a power should serve); returns the list that counts the calls."""
    calls, method = [], getattr(owner, name)

    def counted(self, *args, **kwargs):
        calls.append(1)
        assert len(calls) < limit, why
        return method(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def assert_refuted(outcome, fragments) -> None:
    """A wrong version: refuted (not error), with evidence, in one line that holds every fragment."""
    assert outcome.status == "refuted", outcome.message
    assert outcome.evidence in ("exact", "symbolic", "certified", "numerical")
    assert "\n" not in outcome.message
    for fragment in fragments:
        assert fragment in outcome.message


HANG_SECONDS = 600  # a check_claims call running longer is stuck: it fails with the stack where it was


class Hung(BaseException):
    """A check_claims call past HANG_SECONDS (a BaseException, so that no check's error handling turns it into an
    outcome)."""


def _hung(signum, frame):
    raise Hung(f"a check_claims call ran past {HANG_SECONDS} s")


@pytest.fixture
def check_claims(tmp_path):
    """Write TOML text to a claim file, check it, return {id: Result}.

    The claims are checked in this process, as a worker checks them (caches kept from claim to claim), not in a
    forked worker per call: forking the test process, whose heap holds everything the suite has built, cost about
    a sixth of the suite's time (72.9 -> 62.8 s).  What the forked workers add (the time and memory limits, one
    line for a crash) is tested on its own (tests/test_hostile_input.py, tests/test_cli_reports.py).  So that a
    claim that hangs fails its test instead of stalling the suite, a call past HANG_SECONDS raises Hung (an
    interval timer; verify's own load-time timer puts it back when it is done).  No faulthandler watchdog here:
    Python keeps one, and a module's own (test_hostile_input's never_hang) must stay armed."""

    def check(text: str, name: str = "claims.toml"):
        path = tmp_path / name
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        previous = signal.signal(signal.SIGALRM, _hung)
        started = time.monotonic()
        outer_delay, outer_interval = signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
        try:
            results = runner.check(runner.load([str(path)], model_dirs=[str(tmp_path / "no-models")]), in_process=True)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            if outer_delay:  # a test's own timer goes on, less the time spent here
                signal.setitimer(signal.ITIMER_REAL, max(outer_delay - (time.monotonic() - started), 1e-3), outer_interval)
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
