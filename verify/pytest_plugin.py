"""The pytest plugin (entry point ``pytest11``): ``pytest claims/`` collects every claim file as a file node and every
claim as an item, the way pytest's doctest plugin collects doctests (src/_pytest/doctest.py).

- A ``*.toml`` file with a ``[[claim]]`` table is a claim file; its items are named by the claim ids, so ``-k``,
  ``--lf``, ``--sw``, ``-x``, ``--durations`` and ``--junitxml`` work as for tests.
- An item passes when its claim comes out as the file expects (a claim recorded as false passes when refuted).
  A failing item explains itself: claimed vs computed in the message, and the derivation with ``-vv``.
- Every item is marked with its kind (``-m "not forall"``, ``-m run``) and checked in a worker process under
  verify's time and memory limits (``--verify-timeout``, ``--verify-memory-limit``); a claim file that cannot be
  read is one failing item.
- ``--verify-models DIR`` and ``--verify-sources DIR`` (repeatable) are `verify run`'s ``--models`` and
  ``--sources``; by default ``models/``, ``sources/`` and ``../shared/sources`` of the rootdir (`verify run` takes
  them from where it runs).

pytest-xdist distributes the items over workers (``-n 2``) or hosts (``--tx ssh=user@host//python=python3``).
"""
from __future__ import annotations

import pytest

CLAIM_TABLE = b"[[claim]]"
KINDS = ("energy", "forall", "identity", "order", "relation", "run", "sign", "solution", "solve_ivp", "stability")  # verify.checks.CHECKS


def pytest_addoption(parser):
    group = parser.getgroup("verify", "checking claim files (verify)")
    group.addoption("--verify-models", action="append", default=[], metavar="DIR", help="model directory for claim files (repeatable)")
    group.addoption("--verify-sources", action="append", default=[], metavar="DIR", help="source document directory (repeatable)")
    group.addoption("--verify-timeout", type=float, default=None, metavar="SECONDS", help="per-claim time limit (default verify's 120 s)")
    group.addoption("--verify-memory-limit", type=int, default=None, metavar="MB", help="per-claim memory limit (default verify's 4096 MiB)")


def pytest_configure(config):
    for kind in KINDS:  # listed here, not imported: a session that collects no claim file pays nothing
        config.addinivalue_line("markers", f"{kind}: a verify claim of check = \"{kind}\"")
    from verify.limits import limit_problem  # a light module (no sympy)

    problem = limit_problem(config.getoption("verify_timeout"), config.getoption("verify_memory_limit"))
    if problem:
        raise pytest.UsageError(f"--verify-timeout / --verify-memory-limit: {problem}")


SEEN = pytest.StashKey[dict]()  # real path of each claim file collected in this session -> the path it was collected under
IDS = pytest.StashKey[dict]()  # claim id -> the file it was first collected from (a duplicate id is an error, as for verify run)


def pytest_collect_file(file_path, parent):
    if file_path.suffix != ".toml" or not _has_claims(file_path):
        return None
    try:
        real = file_path.resolve()
    except (OSError, RuntimeError):  # a symlink loop: collected once, under its own name, and reported by the loader
        real = file_path
    # A directory symlink loop (loop/up -> ..) reaches the same file under ever longer names: collected once.  Only a
    # name reached through a linked directory is skipped: the same name again is collected (pytest visits a
    # directory's files again for a second file argument in it: `pytest claims/a.toml claims/b.toml` collected nothing
    # from b.toml), and so is a file symlink in a plain directory (`pytest claims/link.toml`; reviews of 2026-12-06).
    seen = parent.config.stash.setdefault(SEEN, {})
    first = seen.setdefault(real, file_path)
    if first != file_path and _through_a_linked_directory(file_path):
        return None
    return ClaimFile.from_parent(parent, path=file_path)


def _through_a_linked_directory(path) -> bool:
    try:
        return path.parent.resolve() != path.parent.absolute()
    except (OSError, RuntimeError):
        return True


def _has_claims(path) -> bool:
    """A claim file: ``[[claim]]`` in its first 4 MiB, or a UTF-16/32 byte-order mark, or a ``*.toml`` that cannot be
    read (no permission): each is collected so that verify's loader reports it as one failing item, as `verify run`
    reports it, instead of skipping it.  pytest offers regular files only (a dangling symlink or a FIFO is not
    visited; a FIFO is not opened here either: it would block)."""
    try:
        if not path.is_file():
            return False
        with open(path, "rb") as handle:
            head = handle.read(4 * 1024 * 1024)
    except OSError:
        return True
    return CLAIM_TABLE in head or head.startswith((b"\xff\xfe", b"\xfe\xff"))


class ClaimFile(pytest.File):
    """One claim file: its claims, loaded with verify's loader."""

    def collect(self):
        from verify import runner

        option = self.config.getoption
        claims = runner.load([str(self.path)], option("verify_models") or _beside_rootdir(self.config, "models"))
        first_file = self.config.stash.setdefault(IDS, {})
        for claim in claims:
            first = first_file.setdefault(claim.id, claim.file)
            if first != claim.file and claim.load_error is None:  # each file is loaded alone: the loader cannot see it
                claim.load_error, claim.spec = f"{claim.where}: duplicate id (first in {first})", None
            item = ClaimItem.from_parent(self, name=claim.id, claim=claim)
            if claim.check:
                item.add_marker(claim.check)
            yield item


def _beside_rootdir(config, what: str) -> list[str]:
    """`verify run`'s default model or source directories (relative to where it runs) relative to pytest's rootdir
    instead, so that `cd claims && pytest step_doubling.toml` finds the project's models/ (it looked in claims/models:
    a review of 2026-12-06)."""
    from verify.results import DEFAULT_MODELS, DEFAULT_SOURCES

    names = (DEFAULT_MODELS,) if what == "models" else DEFAULT_SOURCES
    return [str(config.rootpath / name) for name in names if (config.rootpath / name).is_dir()]


class ClaimFailure(Exception):
    """A claim that did not come out as its file expects."""

    def __init__(self, result):
        super().__init__(result.outcome.message)
        self.result = result


class ClaimItem(pytest.Item):
    """One claim, checked as `verify run` checks it."""

    def __init__(self, *, claim, **keywords):
        super().__init__(**keywords)
        self.claim = claim

    def runtest(self):
        from verify import runner

        option = self.config.getoption
        timeout, memory = option("verify_timeout"), option("verify_memory_limit")
        result = runner.check([self.claim], option("verify_sources") or _beside_rootdir(self.config, "sources"),
                              timeout=runner.DEFAULT if timeout is None else timeout,
                              memory_limit=runner.DEFAULT if memory is None else memory)[0]
        self.user_properties.append(("evidence", result.outcome.evidence or "-"))
        if not result.passed:
            raise ClaimFailure(result)

    def repr_failure(self, excinfo, style=None):
        if not isinstance(excinfo.value, ClaimFailure):
            return super().repr_failure(excinfo, style)
        result = excinfo.value.result
        expected = "refuted (recorded as false)" if self.claim.expected == "refuted" else self.claim.expected
        lines = [f"{self.claim.where} ({self.claim.check or 'not loaded'}): expected {expected}, "
                 f"got {result.outcome.status} ({result.outcome.evidence or '-'})",
                 f"  {result.outcome.message}"]
        if self.config.getoption("verbose") >= 2 and result.outcome.derivation:
            lines += ["derivation:"] + [f"  {line}" for line in result.outcome.derivation]
        return "\n".join(lines)

    def reportinfo(self):
        return self.path, (self.claim.line - 1 if self.claim.line else None), f"claim {self.claim.id}"
