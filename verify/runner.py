"""Load claims, check each, and note whether its ``source_text`` still occurs in its source document."""
from __future__ import annotations

from dataclasses import dataclass
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


def check(claims: list[Claim], source_dirs=()) -> list[Result]:
    library = SourceLibrary(default_source_dirs(source_dirs))
    results = []
    for claim in claims:
        outcome = checks.evaluate(claim)
        document = library.text(claim.document)
        stale = bool(document is not None and claim.source_text and _normalized(claim.source_text) not in document)
        results.append(Result(claim, outcome, stale, document is not None))
    return results


def exit_status(results: list[Result]) -> int:
    """0: every claim came out as expected; 1: some did not; 2: something could not be loaded."""
    if any(r.load_failed for r in results):
        return 2
    return 0 if all(r.passed for r in results) else 1
