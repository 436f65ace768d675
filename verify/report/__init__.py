"""Reports: each format renders a list of runner Results; none knows about methods or models."""
from __future__ import annotations

from verify.report import html, json_report, junit, markdown, text
from verify.report.shared import MAX_VALUE_DIGITS, by_source, compact_number, summary_line, unlimited_int_digits, value_text

FORMATS = {"text": text.render, "json": json_report.render, "junit": junit.render, "markdown": markdown.render, "html": html.render}


def render_report(report_format: str, results) -> str:
    """The report in ``report_format``; exact values of any size are written without ValueError."""
    with unlimited_int_digits():
        return FORMATS[report_format](results)


__all__ = ["FORMATS", "MAX_VALUE_DIGITS", "by_source", "compact_number", "render_report", "summary_line", "unlimited_int_digits", "value_text"]
