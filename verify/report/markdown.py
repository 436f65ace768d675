"""Markdown: a table per source, for result pages and pull requests."""
from __future__ import annotations


def _cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render(results) -> str:
    from verify.report.shared import by_source, summary_line

    out = []
    for source, group in by_source(results).items():
        title = group[0].claim.source_title
        out.append(f"## {_cell(title or source)}\n")
        out.append(f"Source: `{source}` · {summary_line(group)}\n")
        out.append("| | id | status | evidence | message |")
        out.append("|---|---|---|---|---|")
        for r in group:
            mark = "✅" if r.passed else "❌"
            picture = f" [picture]({r.figure_link or r.figure_path})" if r.figure_path else ""
            note = f" **[{_cell(r.source_note)}]**" if r.source_note else ""
            out.append(f"| {mark} | `{_cell(r.claim.id)}` | {r.outcome.status} | {r.outcome.evidence or '-'} | {_cell(r.outcome.message)}{note}{picture} |")
        out.append("")
    out.append(f"**Total:** {summary_line(results)}")
    return "\n".join(out) + "\n"
