"""``verify run --baseline FILE``: the outcomes of a run recorded once, so that later runs fail only on what changed.

As ``sage -t --baseline-stats-path`` keeps a library's known failures, a baseline keeps every claim's status (by id;
ids are unique in a run) beside the status its file expects.  Against a baseline a claim fails the run when its
status differs from the recorded one, or when it is new (not recorded) and does not come out as its file expects; a
claim that did not come out as expected but as recorded is *known* and does not fail the run.  A claim that cannot
be loaded still makes the exit status 2, baseline or not (SPEC.md: a file that cannot be read is never a pass).
The file is JSON (``{"format": ..., "claims": {id: {"status", "expected", "file"}}}``), written with sorted keys
so that it diffs well under version control.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from verify.errors import InputError
from verify.input.files import read_bounded

FORMAT = "verify-baseline/1"
STATUSES = ("verified", "refuted", "error")


class BaselineError(InputError):
    """The baseline file exists but is not one this version wrote."""


def read(path) -> dict[str, dict] | None:
    """id -> recorded outcome, or None when ``path`` does not exist."""
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        return None
    try:  # refused unread unless a regular file of at most 4 MiB, as claim files are (a FIFO never blocks the run)
        data = json.loads(read_bounded(path).decode("utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        raise BaselineError(f"baseline {path} cannot be read: {type(exc).__name__ if isinstance(exc, RecursionError) else exc}") from None
    claims = data.get("claims") if isinstance(data, dict) and data.get("format") == FORMAT else None
    if not isinstance(claims, dict) or not all(isinstance(v, dict) and v.get("status") in STATUSES for v in claims.values()):
        raise BaselineError(f"baseline {path} is not a verify baseline ({FORMAT}); write a new one with --baseline-update")
    return claims


def write(path, results, keep: dict[str, dict] | None = None) -> None:
    """Record the outcomes of ``results`` in ``path``, over the records ``keep`` (a run of a selection updates only
    the claims it checked)."""
    records = dict(keep or {})
    records.update({r.claim.id: {"status": r.status, "expected": r.claim.expected, "file": r.claim.file} for r in results})
    Path(path).write_text(json.dumps({"format": FORMAT, "claims": records}, indent=1, sort_keys=True) + "\n", encoding="utf-8")


@dataclass
class Comparison:
    """A run against its baseline: ``known`` not as expected but as recorded; ``changed`` (result, recorded status);
    ``new_failures`` not recorded and not as expected; ``absent`` recorded ids this run did not check."""
    known: list = field(default_factory=list)
    changed: list = field(default_factory=list)
    new_failures: list = field(default_factory=list)
    absent: list = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.changed or self.new_failures)


def compare(results, recorded: dict[str, dict]) -> Comparison:
    comparison = Comparison()
    for r in results:
        old = recorded.get(r.claim.id)
        if old is None:
            if not r.passed:
                comparison.new_failures.append(r)
        elif old["status"] != r.status:
            comparison.changed.append((r, old["status"]))
        elif not r.passed and old.get("expected") == r.claim.expected:
            comparison.known.append(r)
        elif not r.passed:  # same status, but the file now expects otherwise: not what was recorded as known
            comparison.changed.append((r, f"{old['status']} (expected {old.get('expected')})"))
    checked = {r.claim.id for r in results}
    comparison.absent = sorted(i for i in recorded if i not in checked)
    return comparison


def summary_lines(comparison: Comparison, path) -> list[str]:
    lines = []
    if comparison.known:
        lines.append(f"baseline {path}: {len(comparison.known)} claims did not come out as expected, as recorded (known; not a failure)")
    for r, old in comparison.changed:
        lines.append(f"changed since the baseline: {r.claim.id}: {old} -> {r.status} (its file expects {r.claim.expected})")
    for r in comparison.new_failures:
        lines.append(f"new since the baseline and not as expected: {r.claim.id}: {r.status} (its file expects {r.claim.expected})")
    if comparison.absent:
        lines.append(f"baseline {path}: {len(comparison.absent)} recorded claims were not checked in this run")
    return lines
