"""Load claims, check each, and note whether its ``source_text`` still occurs in its source document."""
from __future__ import annotations

import multiprocessing
import time
from dataclasses import dataclass
from multiprocessing.connection import wait
from pathlib import Path

from . import checks
from .checks.common import Outcome
from .load import Claim, load_claims

DEFAULT_CLAIMS = "claims"
DEFAULT_MODELS = "models"
DEFAULT_SOURCES = ("sources", "../shared/sources")


@dataclass
class Result:
    claim: Claim
    outcome: Outcome
    stale: bool
    source_found: bool
    figure_path: str | None = None  # the picture written for this claim (verify run --plots)

    @property
    def passed(self) -> bool:
        return self.outcome.status == self.claim.expected

    @property
    def load_failed(self) -> bool:
        return self.claim.load_error is not None


def default_model_dirs(given) -> list[str]:
    if given:
        return list(given)
    return [DEFAULT_MODELS] if Path(DEFAULT_MODELS).is_dir() else []


def default_source_dirs(given) -> list[str]:
    return list(given) if given else [d for d in DEFAULT_SOURCES if Path(d).is_dir()]


def load(paths, model_dirs=(), select: str | None = None) -> list[Claim]:
    claims = load_claims(paths or [DEFAULT_CLAIMS], default_model_dirs(model_dirs), checks.CHECKS)
    if select:
        claims = [c for c in claims if select in c.id or c.load_error and c.id.startswith("(")]
    return claims


def _normalized(text: str) -> str:
    return " ".join(text.split())


class SourceLibrary:
    """Source documents looked up by file name in the source directories, read once."""

    def __init__(self, directories):
        self.directories = [Path(d) for d in directories]
        self.cache: dict[str, str | None] = {}

    def text(self, document: str | None) -> str | None:
        if not document or "/" in document or "\\" in document:
            return None
        if document not in self.cache:
            self.cache[document] = None
            for directory in self.directories:
                path = directory / document
                if path.is_file():
                    self.cache[document] = _normalized(path.read_text(encoding="utf-8", errors="replace"))
                    break
        return self.cache[document]


def check(claims: list[Claim], source_dirs=(), jobs: int = 1, timeout: float | None = None) -> list[Result]:
    """Check every claim: in this process, or (``jobs`` > 1 or a ``timeout``) one worker process per claim."""
    library = SourceLibrary(default_source_dirs(source_dirs))
    if jobs > 1 or timeout is not None:
        outcomes = _check_in_workers(claims, max(1, jobs), timeout)
    else:
        outcomes = [checks.evaluate(claim) for claim in claims]
    results = []
    for claim, outcome in zip(claims, outcomes):
        document = library.text(claim.document)
        stale = bool(document is not None and claim.source_text and _normalized(claim.source_text) not in document)
        results.append(Result(claim, outcome, stale, document is not None))
    return results


_WORKER_CLAIMS: list[Claim] = []  # inherited by forked workers, so claims are never pickled


def _worker(index: int, connection) -> None:
    connection.send(checks.evaluate(_WORKER_CLAIMS[index]))
    connection.close()


def _check_in_workers(claims: list[Claim], jobs: int, timeout: float | None) -> list[Outcome]:
    """Each claim in a forked process, at most ``jobs`` at a time; one past ``timeout`` seconds is killed and is an error."""
    global _WORKER_CLAIMS
    _WORKER_CLAIMS = claims
    context = multiprocessing.get_context("fork")
    outcomes: list[Outcome | None] = [None] * len(claims)
    pending = list(range(len(claims)))
    running: dict = {}  # receiving connection -> (index, process, start time)
    try:
        while pending or running:
            while pending and len(running) < jobs:
                index = pending.pop(0)
                if claims[index].load_error:  # nothing to run
                    outcomes[index] = checks.evaluate(claims[index])
                    continue
                receiver, sender = context.Pipe(duplex=False)
                process = context.Process(target=_worker, args=(index, sender), daemon=True)
                process.start()
                sender.close()
                running[receiver] = (index, process, time.monotonic())
            if not running:
                continue
            now = time.monotonic()
            wait_for = None if timeout is None else max(0.0, min(start + timeout - now for _, _, start in running.values()))
            for receiver in wait(list(running), timeout=wait_for):
                index, process, _ = running.pop(receiver)
                try:
                    outcomes[index] = receiver.recv()
                except EOFError:
                    outcomes[index] = Outcome("error", None, f"{claims[index].file}: claim {claims[index].id!r}: worker process died (exit code {process.exitcode})")
                process.join()
            if timeout is not None:
                now = time.monotonic()
                for receiver, (index, process, start) in list(running.items()):
                    if now - start >= timeout:
                        process.kill()
                        process.join()
                        del running[receiver]
                        claim = claims[index]
                        outcomes[index] = Outcome("error", None, f"{claim.file}: claim {claim.id!r}: timed out after {timeout:g} s")
    finally:
        for _, process, _ in running.values():
            process.kill()
        _WORKER_CLAIMS = []
    return outcomes


def exit_status(results: list[Result]) -> int:
    """0: every claim came out as expected; 1: some did not; 2: something could not be loaded."""
    if any(r.load_failed for r in results):
        return 2
    return 0 if all(r.passed for r in results) else 1
