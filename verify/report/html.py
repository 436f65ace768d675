"""A self-contained HTML page: a table per source."""
from __future__ import annotations

from html import escape


def _picture(result) -> str:
    if not result.figure_path:
        return ""
    from pathlib import Path

    return f"<br><img src='{escape(Path(result.figure_path).name)}' alt='{escape(result.claim.id)}' width='560'>"


def _source_note(result) -> str:
    return f" <b class='stale'>[{escape(result.source_note)}]</b>" if result.source_note else ""


def render(results) -> str:
    from verify.report.shared import by_source, summary_line

    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>verify report</title>",
        "<style>body{font-family:sans-serif}td,th{border:1px solid #ccc;padding:4px;vertical-align:top}"
        "table{border-collapse:collapse}.fail{background:#fdd}.stale{color:#a60}</style></head><body>",
    ]
    for source, group in by_source(results).items():
        title = group[0].claim.source_title or source
        parts.append(f"<h2>{escape(title)}</h2><p><code>{escape(source)}</code> · {escape(summary_line(group))}</p>")
        parts.append("<table><tr><th>id</th><th>status</th><th>evidence</th><th>message</th></tr>")
        for r in group:
            row_class = "" if r.passed else " class='fail'"
            parts.append(
                f"<tr{row_class}><td><code>{escape(r.claim.id)}</code></td><td>{escape(r.outcome.status)}</td>"
                f"<td>{escape(r.outcome.evidence or '-')}</td><td>{escape(r.outcome.message)}{_source_note(r)}{_picture(r)}</td></tr>"
            )
        parts.append("</table>")
    parts.append(f"<p><b>Total:</b> {escape(summary_line(results))}</p></body></html>")
    return "\n".join(parts) + "\n"
