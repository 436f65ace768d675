"""`verify coverage`: which numbers and formulas of each source page the claims check, and which they do not.

Each page a claim cites is read by ``verify.input.page_numbers`` (stated numbers and formula fragments, exactly).
A stated item is covered by a claim citing that page when

- *quoted*: it lies inside an occurrence of the claim's ``source_text`` (a formula: overlaps one), or
- *by value* (numbers only): the claim states the same exact number in its own keys (``expect``, ``trace``,
  ``initial``, ``parameters``, options, relations: every key but ``id``, ``statement``, ``source_text``, ``note``,
  ``digits`` and ``rounding``) or in its model (right-hand side, parameters, solution; as written and at the
  claim's parameter values); a number printed without a
  sign may be a coefficient after a minus, so its negative counts too.

A passage listed as ``[[out_of_scope]]`` in a claim file (``source_text``, ``reason``) accounts for the items inside
it that no claim covers.  What is left is the auditor's to-do list; ``scaffold`` writes it as a claim-file skeleton.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from verify.input.load import Claim, LoadTimeout, bounded_time, read_out_of_scope
from verify.input.page_numbers import Stated, numbers_in, read_page
from verify.results import SourceLibrary, default_source_dirs

NOT_VALUES = {"id", "statement", "source_text", "note", "digits", "rounding", "expected", "check", "model",
              "method", "tableau", "start", "proof", "predictor"}  # names such as "fehlberg-45" or "bdf-2" are not numbers


@dataclass
class Item:
    """One stated number or formula, the claims that cover it (id, "quoted" or "value"), or why it is out of scope."""
    stated: Stated
    covered_by: list[tuple[str, str]] = field(default_factory=list)
    out_of_scope: str | None = None

    @property
    def state(self) -> str:
        return "checked" if self.covered_by else "out of scope" if self.out_of_scope else "to do"


@dataclass
class DocumentCoverage:
    document: str
    path: str
    title: str | None
    items: list[Item]
    prose_numbers: int  # numbers in prose sentences: not listed, not counted
    claims: list[str]  # ids of the claims that cite the document
    unmatched: list[str] = field(default_factory=list)  # out-of-scope phrases found nowhere in the document
    unread: int = 0  # numbers too long or too large to read exactly: neither listed nor counted
    problem: str | None = None  # why the document could not be read (then it has no items and counts as 0%)
    text: str = ""  # the document as read (the skeleton quotes it)

    def count(self, kind: str, state: str | None = None) -> int:
        return sum(1 for i in self.items if i.stated.kind == kind and (state is None or i.state == state))

    def percent(self, kind: str, states=("checked",)) -> float:
        if self.problem:
            return 0.0
        total = self.count(kind)
        return 100.0 if not total else 100.0 * sum(self.count(kind, s) for s in states) / total


COVERAGE_TIMEOUT = 60.0  # seconds to read one document's numbers and match them; past it the document is reported


def coverage(claims: list[Claim], source_dirs=()) -> tuple[list[DocumentCoverage], list[str]]:
    """The coverage of every document the (loaded) claims cite, and one warning for each document found nowhere."""
    library = SourceLibrary(default_source_dirs(source_dirs))
    citing: dict[str, list[Claim]] = {}
    names: dict[str, str] = {}
    titles: dict[str, str | None] = {}
    out_of_scope: dict[str, list] = {}
    missing: dict[str, list[str]] = {}
    files_seen = set()
    for claim in claims:
        if claim.load_error or not claim.document:
            continue
        path = library.locate(claim.document, claim.file)
        if path is None:
            missing.setdefault(claim.document, []).append(claim.id)
            continue
        citing.setdefault(path, []).append(claim)
        names[path] = claim.document
        titles.setdefault(path, claim.source_title)
        if claim.file not in files_seen:
            files_seen.add(claim.file)
            out_of_scope.setdefault(path, []).extend(read_out_of_scope(claim.file))
    reports = [document_coverage(names[p], p, library.cache[p], titles[p], citing[p], out_of_scope.get(p, []))
               for p in sorted(citing, key=lambda p: (names[p], p))]
    warnings = []
    for document, ids in missing.items():
        why = library.problems.get(document, "not found")
        cited = f"cited by {ids[0]}" if len(ids) == 1 else f"cited by {len(ids)} claims ({ids[0]}, ...)"
        warnings.append(f"source document {document} {why}; {cited}")
        reports.append(DocumentCoverage(document, "", None, [], 0, ids, problem=why))
    return reports, warnings


def document_coverage(document: str, path: str, text: str, title, claims: list[Claim], out_of_scope) -> DocumentCoverage:
    """The coverage of one document by ``claims``, read within COVERAGE_TIMEOUT (else a document with a problem)."""
    try:
        with bounded_time(COVERAGE_TIMEOUT):
            return _document_coverage(document, path, text, title, claims, out_of_scope)
    except LoadTimeout:
        problem = f"not read: reading its numbers took longer than {COVERAGE_TIMEOUT:g} s"
    except (RecursionError, MemoryError) as exc:
        problem = f"not read: {type(exc).__name__}"
    return DocumentCoverage(document, path, title, [], 0, [c.id for c in claims], problem=problem)


def _document_coverage(document, path, text, title, claims, out_of_scope) -> DocumentCoverage:
    page = read_page(text)
    items = [Item(s) for s in page.stated]
    index = _SpanIndex(items)
    for claim in claims:
        quoted = set()
        if isinstance(claim.source_text, str):
            for span in occurrences(text, claim.source_text):
                quoted.update(id(item) for item in index.within(span))
        values = claim_values(claim)
        for item in items:
            s = item.stated
            if id(item) in quoted:
                item.covered_by.append((claim.id, "quoted"))
            elif s.kind == "number" and (s.value in values or not s.signed and -s.value in values):
                item.covered_by.append((claim.id, "value"))
    unmatched = []
    for entry in out_of_scope:
        spans = occurrences(text, entry.source_text)
        if not spans:
            unmatched.append(entry.source_text)
        for span in spans:
            for item in index.within(span):
                if item.out_of_scope is None:
                    item.out_of_scope = entry.reason
    return DocumentCoverage(document, path, title, items, page.prose_numbers, [c.id for c in claims], unmatched, page.unread, text=text)


class _SpanIndex:
    """The items inside a span of the page (numbers within it, formulas overlapping it), found by bisection."""

    def __init__(self, items: list[Item]):
        self.numbers = sorted((i for i in items if i.stated.kind == "number"), key=lambda i: i.stated.start)
        self.number_starts = [i.stated.start for i in self.numbers]
        self.formulas = sorted((i for i in items if i.stated.kind == "formula"), key=lambda i: i.stated.start)
        self.formula_starts = [i.stated.start for i in self.formulas]
        self.longest = max((i.stated.end - i.stated.start for i in self.formulas), default=0)

    def within(self, span: tuple[int, int]):
        low, high = span
        for position in range(bisect.bisect_left(self.number_starts, low), bisect.bisect_left(self.number_starts, high)):
            if self.numbers[position].stated.end <= high:
                yield self.numbers[position]
        for position in range(bisect.bisect_left(self.formula_starts, low - self.longest), bisect.bisect_left(self.formula_starts, high)):
            if self.formulas[position].stated.end > low:
                yield self.formulas[position]


def occurrences(text: str, phrase: str) -> list[tuple[int, int]]:
    """Where ``phrase`` occurs in ``text``, runs of whitespace matching runs of whitespace (as the stale check reads it)."""
    words = phrase.split()
    if not words:
        return []
    pattern = re.compile(r"\s+".join(re.escape(w) for w in words))
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


def claim_values(claim: Claim) -> set[Fraction]:
    """Every exact number the claim states in its keys (NOT_VALUES aside) and its model uses."""
    values: set[Fraction] = set()

    def walk(value, key=None):
        if key in NOT_VALUES:
            return
        if isinstance(value, bool):
            return
        if isinstance(value, int):
            values.add(Fraction(value))
        elif isinstance(value, Decimal):
            if value.is_finite():
                values.add(Fraction(value))
        elif isinstance(value, str):
            values.update(numbers_in(value))
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(claim.table)
    model = claim.model
    if model is not None:
        import sympy

        expressions = [*model.rhs.values(), *model.parameters.values(), *model.solution.values(), *model.constraints,
                       *model.functionals.values()]
        for expression in expressions:  # as written, and at the claim's parameter values (-k y with k = 1/2: -1/2)
            if isinstance(expression, sympy.Basic):
                for form in (expression, claim.substitute(expression)):
                    for atom in form.atoms(sympy.Rational):
                        values.add(Fraction(int(atom.p), int(atom.q)))
    return values


def scaffold(document: str, text: str, items: list[Item], title: str | None = None) -> str:
    """A claim-file skeleton: one commented [[claim]] per number no claim covers (and not out of scope)."""
    todo = [i for i in items if i.state == "to do" and i.stated.kind == "number"]
    lines = [
        f"# Claims for {document}: a skeleton written by `verify coverage --scaffold` with the {len(todo)} numbers",
        "# the page states that no claim checks yet. Uncomment a claim, give it a check and its keys (README:",
        "# Claim files), or list the passage under [[out_of_scope]] with a reason.",
        "",
        "[source]",
        f"title = {_toml_string(title or _first_line(text))}",
        f"document = {_toml_string(document)}",
        "",
    ]
    page_lines = text.split("\n")
    index = _SpanIndex(items)
    for number, item in enumerate(todo, 1):
        s = item.stated
        around = [f.stated for f in index.within((s.start, s.end)) if f.stated.kind == "formula" and f.stated.start <= s.start
                  and s.end <= f.stated.end and len(f.stated.text) <= 80 and f.stated.text.isprintable()]
        quote = around[0].text.strip("$").strip() if around else s.text  # the formula is a more distinctive anchor
        lines += [
            f"# line {s.line}: {_printable(_sentence(page_lines[s.line - 1], s, text))}",
            "# [[claim]]",
            f"# id = {_toml_string(f'{Path(document).stem}-line-{s.line}-{number}')}",
            "# statement = \"...\"",
            "# check = \"run\"",
            f"# source_text = {_toml_string(quote)}",
            f"# expect = {{ name = {_toml_string(str(s.value))} }}",
            "",
        ]
    lines += [
        "# A passage whose numbers are not checked on purpose:",
        "# [[out_of_scope]]",
        "# source_text = \"...\"",
        "# reason = \"...\"",
        "",
    ]
    return "\n".join(lines)


def _sentence(line: str, stated: Stated, text: str, width: int = 160) -> str:
    """The sentence of ``line`` around the stated item, cut to about ``width`` characters."""
    line_start = text.rfind("\n", 0, stated.start) + 1
    at = stated.start - line_start
    begin = max(line.rfind(". ", 0, at) + 2 if line.rfind(". ", 0, at) >= 0 else 0, at - width // 2)
    stop = line.find(". ", stated.end - line_start)
    stop = len(line) if stop < 0 else stop + 1
    stop = min(stop, max(at + width // 2, stated.end - line_start))
    return ("..." if begin > 0 else "") + line[begin:stop].strip() + ("..." if stop < len(line) else "")


def _printable(text: str) -> str:
    return "".join(c if c.isprintable() else " " for c in text)


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.split("\n") if line.strip()), "")[:120]


def _toml_string(text: str) -> str:
    return '"' + "".join(c if c not in '"\\' and c.isprintable() else (f"\\{c}" if c in '"\\' else " ") for c in text) + '"'
