"""A checked claim (Result: the claim, its outcome, whether its source still anchors it), the source documents it
is anchored to (SourceLibrary), and the exit status of a run.  Light (no sympy): a run that reuses every verdict from
the result cache builds its results and reports from here alone."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from verify.errors import FileRefused
from verify.input.claim import Claim
from verify.input.files import read_bounded
from verify.outcome import Outcome

DEFAULT_CLAIMS = "claims"
DEFAULT_MODELS = "models"
DEFAULT_SOURCES = ("sources", "../shared/sources")


def default_model_dirs(given) -> list[str]:
    if given:
        return list(given)
    return [DEFAULT_MODELS] if Path(DEFAULT_MODELS).is_dir() else []


@dataclass
class Result:
    claim: Claim
    outcome: Outcome
    stale: bool
    source_found: bool
    figure_path: str | None = None  # the picture written for this claim (verify run --plots)
    figure_link: str | None = None  # the same, relative to the report's folder (the HTML and markdown reports link it)
    source_problem: str | None = None  # why the source document could not be read (not a regular file, too large)
    seconds: float | None = None  # wall time of the check (in its worker); None for a claim that could not be loaded
    cached: bool = False  # the outcome was reused from the result cache (verify.cache), not checked in this run

    def _repr_html_(self) -> str:
        """In Jupyter: the claim's row of the HTML report (MathML values, the derivation folded)."""
        from verify.report import html

        return html.table([self])

    def _repr_latex_(self) -> str:
        """In Jupyter: the derivation as an align* environment MathJax renders."""
        from verify.report import latex

        return latex.mathjax(self.claim, list(self.outcome.derivation), self.outcome)

    @property
    def passed(self) -> bool:
        return self.outcome.status == self.claim.expected

    @property
    def status(self) -> str:
        return self.outcome.status

    @property
    def evidence(self) -> str | None:
        return self.outcome.evidence

    @property
    def message(self) -> str:
        return self.outcome.message

    @property
    def computed(self) -> dict:
        return self.outcome.computed

    @property
    def load_failed(self) -> bool:
        return self.claim.load_error is not None

    @property
    def source_missing(self) -> bool:
        """The claim names a source document that was found nowhere (beside its file, in the source directories)."""
        return bool(self.claim.document) and not self.source_found and not self.load_failed

    @property
    def source_note(self) -> str | None:
        """Why the claim's anchoring to its source fails, naming the phrase or the document; None when it holds."""
        if self.stale:
            return f"stale: source_text {_quoted(self.claim.source_text)} not found in {self.claim.document}"
        if self.source_missing:
            return f"source document {self.claim.document} not found"
        return None


def _quoted(text: str, limit: int = 60) -> str:
    text = " ".join(str(text).split())
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def default_source_dirs(given) -> list[str]:
    return list(given) if given else [d for d in DEFAULT_SOURCES if Path(d).is_dir()]


def normalized(text: str) -> str:
    return " ".join(text.split())


class SourceLibrary:
    """Source documents looked up by file name in the source directories, read once.

    A document that is not a regular file or is larger than MAX_FILE_BYTES is
    not read: it counts as not found, and ``problems`` says why (the CLI prints
    a warning).
    """

    def __init__(self, directories):
        self.directories = [Path(d) for d in directories]
        self.cache: dict[str, str | None] = {}  # a path looked at -> its text (None: not read)
        self.normalized: dict[str, str] = {}
        self.problems: dict[str, str] = {}  # document -> why it could not be read

    def text(self, document: str | None, beside: str | None = None) -> str | None:
        """The normalized text of ``document`` (whitespace runs as one space; see ``raw``)."""
        found = self.locate(document, beside)
        if found is None:
            return None
        if found not in self.normalized:
            self.normalized[found] = normalized(self.cache[found])
        return self.normalized[found]

    def raw(self, document: str | None, beside: str | None = None) -> str | None:
        """The text of ``document``, looked up in the directory of the claim file ``beside`` first, then in the
        source directories; None when it is found nowhere (or could not be read: ``problems``)."""
        found = self.locate(document, beside)
        return None if found is None else self.cache[found]

    def locate(self, document: str | None, beside: str | None = None) -> str | None:
        """The path where ``document`` was found and read (see ``raw``), or None."""
        if not isinstance(document, str) or not document or "/" in document or "\\" in document or "\0" in document:
            return None
        for directory in ([Path(beside).parent] if beside else []) + self.directories:
            path = str(directory / document)
            if path not in self.cache:
                if not os.path.exists(path):
                    continue
                try:
                    self.cache[path] = read_bounded(path).decode("utf-8", errors="replace")
                except (OSError, FileRefused, ValueError) as exc:
                    self.problems[document] = f"source document {path} not read: {exc}"
                    self.cache[path] = None
            return path if self.cache[path] is not None else None
        return None


class Results(list):
    """The results of a run (a list of Result), shown in Jupyter as the HTML report."""

    def _repr_html_(self) -> str:
        from verify.report import html

        return html.render(self, page=False)


def assemble(claims, timed, source_dirs=(), reused=()) -> list[Result]:
    """The results of ``claims`` with their (outcome, seconds) ``timed``, each anchored to its source document (is its
    ``source_text`` still there?); ``reused``: the indices whose outcomes came from the result cache."""
    library = SourceLibrary(default_source_dirs(source_dirs))
    results = []
    for index, (claim, (outcome, seconds)) in enumerate(zip(claims, timed)):
        document = library.text(claim.document, claim.file)
        source_text = claim.source_text if isinstance(claim.source_text, str) else None
        stale = bool(document is not None and source_text and normalized(source_text) not in document)
        results.append(Result(claim, outcome, stale, document is not None, source_problem=library.problems.get(claim.document),
                              seconds=None if claim.load_error else seconds, cached=index in reused))
    return Results(results)


def exit_status(results: list[Result], strict_sources: bool = False) -> int:
    """0: every claim came out as expected; 1: some did not (or, with ``strict_sources``, a claim's source_text is
    stale or its source document is missing); 2: something could not be loaded."""
    if any(r.load_failed for r in results):
        return 2
    if strict_sources and any(r.source_note for r in results):
        return 1
    return 0 if all(r.passed for r in results) else 1
