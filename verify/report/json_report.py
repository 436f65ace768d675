"""The JSON report of SPEC.md: ``claims`` (one object per claim) and ``summary`` (counts by status); each claim's
``time_s`` (wall seconds of its check; null when it could not be loaded) and the summary's sum of them."""
from __future__ import annotations

import json
from collections import Counter


def claim_record(r) -> dict:
    return {
        "id": r.claim.id,
        "file": r.claim.file,
        "line": r.claim.line,
        "status": r.outcome.status,
        "expected": r.claim.expected,
        "passed": r.passed,
        "evidence": r.outcome.evidence,
        "message": r.outcome.message,
        "computed": _computed(r.outcome.computed),
        "stale": r.stale,
        "source_missing": r.source_missing,
        "source_note": r.source_note,
        "statement": r.claim.statement,
        "check": r.claim.check or None,
        "document": r.claim.document,
        "figure": r.figure_path,
        "time_s": _seconds(r.seconds),
        "cached": r.cached,
    }


SCHEMA = "report.schema.json"  # the JSON Schema of this report, shipped beside this module


def package_version() -> str:
    from importlib import metadata

    try:
        return metadata.version("verify-timeint")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def _seconds(value):
    return None if value is None else round(value, 6)


def _computed(computed) -> dict:
    """name -> value as a string, whatever the check left there (strings are kept as they are)."""
    from verify.report.shared import value_text

    if not isinstance(computed, dict):
        return {}
    return {str(name): value_text(value) for name, value in computed.items()}


def render(results) -> str:
    # Exact values can exceed Python's 4,300-digit int->str guard: call through render_report (unlimited_int_digits).
    statuses = Counter(r.outcome.status for r in results)
    summary = {status: statuses.get(status, 0) for status in ("verified", "refuted", "error")}
    summary["total"] = len(results)
    summary["passed"] = sum(r.passed for r in results)
    summary["failed"] = len(results) - summary["passed"]
    summary["stale"] = sum(r.stale for r in results)
    summary["source_missing"] = sum(r.source_missing for r in results)
    summary["time_s"] = _seconds(sum(r.seconds or 0.0 for r in results))
    summary["version"] = package_version()
    return json.dumps({"claims": [claim_record(r) for r in results], "summary": summary}, indent=2) + "\n"
