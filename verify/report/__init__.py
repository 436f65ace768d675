"""Reports: each format renders a list of runner Results; none knows about methods or models."""
from __future__ import annotations

from collections import Counter, OrderedDict

from . import html, json_report, junit, markdown, text

FORMATS = {"text": text.render, "json": json_report.render, "junit": junit.render, "markdown": markdown.render, "html": html.render}


def by_source(results) -> "OrderedDict[str, list]":
    """Results grouped by source document (or file, when a file names no source), in run order."""
    groups: OrderedDict = OrderedDict()
    for r in results:
        key = r.claim.document or r.claim.file
        groups.setdefault(key, []).append(r)
    return groups


def summary_line(results) -> str:
    """'12 claims · all verified', or '12 claims · 10 verified, 1 refuted as expected, 1 not as expected'."""
    n = len(results)
    head = f"{n} claim{'s' if n != 1 else ''}"
    statuses = Counter(r.outcome.status for r in results)
    failed = sum(not r.passed for r in results)
    stale = sum(r.stale for r in results)
    if failed == 0 and set(statuses) == {"verified"}:
        line = f"{head} · all verified"
    else:
        parts = []
        verified = statuses.get("verified", 0)
        if verified:
            parts.append(f"{verified} verified")
        as_expected = sum(r.outcome.status == "refuted" and r.passed for r in results)
        if as_expected:
            parts.append(f"{as_expected} refuted as expected")
        wrong = sum(r.outcome.status == "refuted" and not r.passed for r in results)
        if wrong:
            parts.append(f"{wrong} refuted")
        if statuses.get("error"):
            parts.append(f"{statuses['error']} error{'s' if statuses['error'] != 1 else ''}")
        line = f"{head} · " + ", ".join(parts)
        if failed:
            line += f" · {failed} not as expected"
    if stale:
        line += f" · {stale} stale source_text"
    return line
