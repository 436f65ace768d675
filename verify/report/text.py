"""The text report: one line per claim (outcome, status, evidence, id, message), a summary per source."""
from __future__ import annotations


def _marker(result) -> str:
    return "ok  " if result.passed else "FAIL"


def render(results) -> str:
    from . import by_source, summary_line

    lines = []
    for source, group in by_source(results).items():
        title = group[0].claim.source_title
        lines.append(f"{title} ({source})" if title else source)
        for r in group:
            status = r.outcome.status
            if r.claim.expected == "refuted":
                status += " (expected refuted)" if status != "refuted" else " (as expected)"
            evidence = r.outcome.evidence or "-"
            stale = "  [stale: source_text not in source]" if r.stale else ""
            lines.append(f"  {_marker(r)} {status:<10} {evidence:<9} {r.claim.id}: {r.outcome.message}{stale}")
        lines.append(f"  {summary_line(group)}")
        lines.append("")
    lines.append(f"total: {summary_line(results)}")
    return "\n".join(lines) + "\n"
