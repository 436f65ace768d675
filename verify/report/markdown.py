"""Markdown: a table per source, for result pages and pull requests."""
from __future__ import annotations


MARKDOWN_ACTIVE = "\\`*_[]<>#!|~&"  # characters that start emphasis, links, code, HTML or a table cell


def _cell(text) -> str:
    """Plain text in a table cell or heading: every character Markdown would act on escaped (a claim's text is not
    markup: x**2*y is not emphasis, [a](javascript:x) is not a link, <img> is not HTML), on one line."""
    return "".join("\\" + ch if ch in MARKDOWN_ACTIVE else ch for ch in " ".join(str(text).split()))


def _code(text, in_table: bool = True) -> str:
    """A code span that holds ``text`` whatever its backticks: fenced by one more backtick than its longest run
    (CommonMark 6.1), padded where it starts or ends with one; in a table a pipe escaped (a cell ends at a bare one)."""
    text = " ".join(str(text).split())
    text = text.replace("|", "\\|") if in_table else text
    runs = [len(r) for r in "".join(ch if ch == "`" else " " for ch in text).split()]
    fence = "`" * (max(runs, default=0) + 1)
    padded = f" {text} " if text.startswith("`") or text.endswith("`") else text
    return f"{fence}{padded}{fence}"


def render(results) -> str:
    from verify.report.shared import by_source, summary_line

    out = []
    for source, group in by_source(results).items():
        title = group[0].claim.source_title
        out.append(f"## {_cell(title or source)}\n")
        out.append(f"Source: {_code(source, in_table=False)} · {summary_line(group)}\n")
        out.append("| | id | status | evidence | message |")
        out.append("|---|---|---|---|---|")
        for r in group:
            mark = "✅" if r.passed else "❌"
            picture = f" [picture]({r.figure_link or r.figure_path})" if r.figure_path else ""
            note = f" **[{_cell(r.source_note)}]**" if r.source_note else ""
            out.append(f"| {mark} | {_code(r.claim.id)} | {r.outcome.status} | {r.outcome.evidence or '-'} | {_cell(r.outcome.message)}{note}{picture} |")
        out.append("")
    out.append(f"**Total:** {summary_line(results)}")
    return "\n".join(out) + "\n"
