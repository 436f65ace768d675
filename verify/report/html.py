"""A self-contained HTML page for people: a summary with links to every claim that did not come out as expected, then
a table per source (statement, status, evidence badge, claimed vs computed, computed values as MathML, the derivation
in a collapsible ``<details>``, the picture inline), and a filter by status and evidence.

No CDN and no external file but the pictures beside the report: mathematics is MathML from sympy's presentation
printer (browsers render it natively), read back from the values by verify.report.derivation (never evaluated); a few
lines of inline script drive the filter, and without script every row is shown.
"""
from __future__ import annotations

from html import escape

from verify.outcome import Formula
from verify.report.derivation import mathml, read_expression, read_line

MAX_DERIVATION_LINES = 200  # a longer derivation shows its first and last half of this in the page
STYLE = """body{font-family:system-ui,sans-serif;margin:1.5em;max-width:80em}
td,th{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}
table{border-collapse:collapse;margin-bottom:1.5em}
tr.unexpected{background:#fde8e8} .status-verified{color:#156a2c} .status-refuted{color:#9c1c1c} .status-error{color:#8a5a00}
.badge{display:inline-block;border-radius:3px;padding:0 5px;font-size:85%;color:#fff}
.evidence-exact{background:#2d6a4f} .evidence-symbolic{background:#40916c} .evidence-certified{background:#1d4e89}
.evidence-numerical{background:#a06000} .evidence-none{background:#888}
.recorded-false{background:#6a4c93} .stale{background:#c05000}
details summary{cursor:pointer;color:#335} code{font-size:90%} math{font-size:105%}
.summary li{margin:2px 0}"""
SCRIPT = """function applyFilter(){var s=document.getElementById('f-status').value,e=document.getElementById('f-evidence').value;
document.querySelectorAll('tr.claim').forEach(function(r){var ok=(!s||r.dataset.status===s||(s==='unexpected'&&r.classList.contains('unexpected')))&&(!e||r.dataset.evidence===e);
r.style.display=ok?'':'none';});}"""


def _anchor(claim_id: str) -> str:
    """A unique HTML id for the claim's row: its safe characters and a short hash of the whole id."""
    import hashlib

    readable = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "-" for c in claim_id)[:60]
    return f"claim-{readable}-{hashlib.sha256(claim_id.encode()).hexdigest()[:8]}"


def _math_or_text(text: str) -> str:
    """A value as MathML when it reads as an expression, else escaped text."""
    expression = read_expression(text)
    return f"<code>{escape(text)}</code>" if expression is None else mathml(expression)


def _computed(result) -> str:
    from verify.report.shared import value_text

    computed = result.outcome.computed if isinstance(result.outcome.computed, dict) else {}
    rows = [f"<li><code>{escape(str(name))}</code> = {_math_or_text(value_text(value))}</li>" for name, value in list(computed.items())[:20]]
    return f"<ul class='computed'>{''.join(rows)}</ul>" if rows else ""


WORDS = {"->": "↦", "<=": "≤", ">=": "≥", "==": "=", "!=": "≠", "..": "…"}  # a word between the terms of a line, as the page shows it


def _derivation_line(line: str) -> str:
    read = read_line(line)
    if not read.is_math:
        return escape(line.strip())
    label = f"{escape(read.label)}: " if read.label else ""
    if read.formula:
        name, value = read.assignments[0]
        return label + f"<code>{escape(name)}</code> = " + " = ".join([f"<code>{escape(part)}</code>" for part in read.formula]
                                                                     + ([] if value is None else [mathml(value)]))
    if read.terms:
        return label + " ".join(f"<code>{escape(item)}</code>" if isinstance(item, Formula) else escape(WORDS.get(item, item))
                                if isinstance(item, str) else mathml(item) for item in read.terms)
    if read.assignments:
        return label + ", ".join(f"<code>{escape(name)}</code> = {mathml(value)}" for name, value in read.assignments)
    return label + mathml(read.expression)


def _derivation(result) -> str:
    lines = list(result.outcome.derivation)
    if not lines:
        return ""
    from verify.report.shared import summarised

    lines = summarised(lines, MAX_DERIVATION_LINES // 2)
    items = "".join(f"<li>{_derivation_line(line)}</li>" for line in lines)
    return f"<details><summary>derivation ({len(result.outcome.derivation)} lines)</summary><ol>{items}</ol></details>"


def _picture(result) -> str:
    if not result.figure_path:
        return ""
    from pathlib import Path

    link = result.figure_link or Path(result.figure_path).name
    return f"<br><img src='{escape(link)}' alt='{escape(result.claim.id)}' width='560'>"


def _badges(result) -> str:
    evidence = result.outcome.evidence or "none"
    badges = [f"<span class='badge evidence-{escape(evidence)}'>{escape(result.outcome.evidence or 'no evidence')}</span>"]
    if result.claim.expected == "refuted":
        badges.append("<span class='badge recorded-false' title='the claim file records this statement as false'>recorded false</span>")
    if result.source_note:
        badges.append(f"<span class='badge stale' title='{escape(result.source_note)}'>"
                      f"{'stale' if result.stale else 'source missing'}</span>")
    return " ".join(badges)


def _row(result) -> str:
    r = result
    unexpected = "" if r.passed else " unexpected"
    seconds = "" if r.seconds is None else f"<br><small>{r.seconds:.2f} s</small>"
    note = f"<br><small>{escape(r.source_note)}</small>" if r.source_note else ""
    return (f"<tr class='claim{unexpected}' id='{_anchor(r.claim.id)}' data-status='{escape(r.outcome.status)}' "
            f"data-evidence='{escape(r.outcome.evidence or 'none')}'>"
            f"<td><code>{escape(r.claim.id)}</code>{seconds}</td><td>{escape(r.claim.statement)}</td>"
            f"<td class='status-{escape(r.outcome.status)}'><b>{escape(r.outcome.status)}</b><br><small>expected {escape(r.claim.expected)}</small></td>"
            f"<td>{_badges(r)}</td>"
            f"<td>{escape(r.outcome.message)}{note}{_computed(r)}{_derivation(r)}{_picture(r)}</td></tr>")


HEADER = "<tr><th>id</th><th>statement</th><th>status</th><th>evidence</th><th>claimed vs computed</th></tr>"


def table(results) -> str:
    """The rows of ``results`` as one table with the report's style (a notebook cell shows a Result so)."""
    return f"<style>{STYLE}</style><table>{HEADER}{''.join(_row(r) for r in results)}</table>"


def render(results, page: bool = True) -> str:
    """The report; ``page=False`` gives the body only (a notebook cell), without the document head and its script."""
    from verify.report.shared import by_source, summary_line

    unexpected = [r for r in results if not r.passed]
    evidences = sorted({r.outcome.evidence or "none" for r in results})
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>verify report</title>",
        f"<style>{STYLE}</style><script>{SCRIPT}</script></head><body>",
        f"<h1>verify report</h1><p class='total'><b>Total:</b> {escape(summary_line(results))}</p>",
    ] if page else [f"<style>{STYLE}</style><p class='total'><b>Total:</b> {escape(summary_line(results))}</p>"]
    if unexpected:
        links = "".join(f"<li><a href='#{_anchor(r.claim.id)}'><code>{escape(r.claim.id)}</code></a>: {escape(r.outcome.status)}, "
                        f"expected {escape(r.claim.expected)}</li>" for r in unexpected)
        parts.append(f"<div class='summary' id='unexpected'><h2>Not as expected ({len(unexpected)})</h2><ul>{links}</ul></div>")
    else:
        parts.append("<p class='summary' id='unexpected'>Every claim came out as its file expects.</p>")
    options = "".join(f"<option value='{escape(e)}'>{escape(e)}</option>" for e in evidences)
    if page:
        parts.append("<p>Show: <select id='f-status' onchange='applyFilter()'><option value=''>every status</option>"
                 "<option value='unexpected'>not as expected</option><option value='verified'>verified</option>"
                 "<option value='refuted'>refuted</option><option value='error'>error</option></select> "
                     f"<select id='f-evidence' onchange='applyFilter()'><option value=''>any evidence</option>{options}</select></p>")
    for source, group in by_source(results).items():
        title = group[0].claim.source_title or source
        parts.append(f"<h2>{escape(title)}</h2><p><code>{escape(source)}</code> · {escape(summary_line(group))}</p>")
        parts.append(f"<table>{HEADER}")
        parts.extend(_row(r) for r in group)
        parts.append("</table>")
    if page:
        parts.append("</body></html>")
    return "\n".join(parts) + "\n"
