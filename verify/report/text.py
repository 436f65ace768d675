"""The text report: one line per claim (outcome, status, evidence, id, message), a summary per source."""
from __future__ import annotations


def _marker(result) -> str:
    return "ok  " if result.passed else "FAIL"


def render(results) -> str:
    from verify.report.shared import by_source, summary_line

    lines = []
    for source, group in by_source(results).items():
        title = group[0].claim.source_title
        lines.append(f"{title} ({source})" if title else source)
        for r in group:
            evidence = r.outcome.evidence or "-"
            recorded = " (recorded as false)" if r.claim.expected == "refuted" else ""
            stale = f"  [{r.source_note}]" if r.stale else ""  # a missing document is one warning for the run, not a mark per line
            lines.append(f"  {_marker(r)} {r.outcome.status:<8} {evidence:<9} {r.claim.id}{recorded}: {r.outcome.message}{stale}")
            if r.figure_path:
                lines.append(f"       picture: {r.figure_path}")
        lines.append(f"  {summary_line(group)}")
        lines.append("")
    lines.append(f"total: {summary_line(results)}")
    return "\n".join(lines) + "\n"
