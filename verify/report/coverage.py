"""Reports of `verify coverage` (verify.coverage.DocumentCoverage objects) as text, JSON and a self-contained HTML page."""
from __future__ import annotations

import json
from html import escape

KINDS = (("number", "numbers"), ("formula", "formulas"))


def _figures(doc, kind: str) -> str:
    total = doc.count(kind)
    checked, skipped = doc.count(kind, "checked"), doc.count(kind, "out of scope")
    text = f"{checked}/{total} {dict(KINDS)[kind]} checked ({doc.percent(kind):.0f}%)"
    if skipped:
        text += f", {skipped} out of scope"
    return text


def render_text(documents, verbose: bool = False) -> str:
    lines = []
    for doc in documents:
        lines.append(f"{doc.document}" + (f"  {doc.title}" if doc.title else ""))
        if doc.problem:
            lines.append(f"  {doc.problem}; {len(doc.claims)} claims cite it (counts as 0%)")
            continue
        unread = f"; {doc.unread} numbers too large to read exactly" if doc.unread else ""
        lines.append(f"  {_figures(doc, 'number')}; {_figures(doc, 'formula')}; "
                     f"{len(doc.claims)} claims cite it; {doc.prose_numbers} numbers in prose not counted{unread}")
        todo = [i for i in doc.items if i.state == "to do" and (verbose or i.stated.kind == "number")]
        if todo:
            lines.append(f"  not checked ({len(todo)}{'' if verbose else ' numbers; -v lists the formulas too'}):")
            lines += [f"    line {i.stated.line:>4}  {i.stated.kind:<7}  {_short(i.stated.text)}" for i in todo]
        if verbose:
            for item in doc.items:
                if item.state != "to do":
                    how = ", ".join(f"{claim} ({way})" for claim, way in item.covered_by[:3]) or f"out of scope: {item.out_of_scope}"
                    more = f" and {len(item.covered_by) - 3} more" if len(item.covered_by) > 3 else ""
                    lines.append(f"    line {item.stated.line:>4}  {item.stated.kind:<7}  {_short(item.stated.text)}  <- {how}{more}")
        for phrase in doc.unmatched:
            lines.append(f"  warning: [[out_of_scope]] source_text {_short(phrase)!r} is not in the document")
    numbers = sum(d.count("number") for d in documents)
    accounted = sum(d.count("number", "checked") + d.count("number", "out of scope") for d in documents)
    lines.append(f"{len(documents)} documents: {accounted}/{numbers} stated numbers checked or out of scope")
    return "\n".join(lines) + "\n"


def _short(text: str, width: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 3] + "..."


def as_data(documents) -> dict:
    return {
        "documents": [
            {
                "document": doc.document, "path": doc.path, "title": doc.title, "claims": doc.claims, "problem": doc.problem,
                "prose_numbers": doc.prose_numbers, "unread_numbers": doc.unread, "unmatched_out_of_scope": doc.unmatched,
                "summary": {kind: {"stated": doc.count(kind), "checked": doc.count(kind, "checked"),
                                   "out_of_scope": doc.count(kind, "out of scope"), "to_do": doc.count(kind, "to do"),
                                   "percent_checked": round(doc.percent(kind), 1),
                                   "percent_accounted": round(doc.percent(kind, ("checked", "out of scope")), 1)}
                            for kind, _ in KINDS},
                "items": [
                    {"kind": i.stated.kind, "text": i.stated.text, "line": i.stated.line, "start": i.stated.start,
                     "end": i.stated.end, "value": None if i.stated.value is None else str(i.stated.value),
                     "state": i.state, "covered_by": [{"claim": c, "how": how} for c, how in i.covered_by],
                     "out_of_scope": i.out_of_scope}
                    for i in doc.items
                ],
            }
            for doc in documents
        ]
    }


def render_json(documents, verbose: bool = False) -> str:
    return json.dumps(as_data(documents), indent=2) + "\n"


def render_html(documents, verbose: bool = False) -> str:
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>verify coverage</title>",
        "<style>body{font-family:sans-serif}td,th{border:1px solid #ccc;padding:4px;vertical-align:top}"
        "table{border-collapse:collapse}.todo{background:#fdd}.scope{background:#eee}</style></head><body>",
        "<h1>Coverage of the source documents</h1><table><tr><th>document</th><th>numbers checked</th>"
        "<th>out of scope</th><th>to do</th><th>formulas checked</th></tr>",
    ]
    for index, doc in enumerate(documents):
        parts.append(f"<tr><td><a href='#doc{index}'>{escape(doc.document)}</a></td>"
                     f"<td>{doc.count('number', 'checked')}/{doc.count('number')} ({doc.percent('number'):.0f}%)</td>"
                     f"<td>{doc.count('number', 'out of scope')}</td><td>{doc.count('number', 'to do')}</td>"
                     f"<td>{doc.count('formula', 'checked')}/{doc.count('formula')}</td></tr>")
    parts.append("</table>")
    for index, doc in enumerate(documents):
        parts.append(f"<h2 id='doc{index}'>{escape(doc.title or doc.document)}</h2><p><code>{escape(doc.document)}</code> · "
                     f"{escape(doc.problem or _figures(doc, 'number') + '; ' + _figures(doc, 'formula'))}</p>")
        parts.append("<table><tr><th>line</th><th>kind</th><th>as printed</th><th>value</th><th>checked by</th></tr>")
        for item in doc.items:
            css = {"to do": " class='todo'", "out of scope": " class='scope'"}.get(item.state, "")
            how = "<br>".join(f"<code>{escape(c)}</code> ({way})" for c, way in item.covered_by) or (
                f"out of scope: {escape(item.out_of_scope)}" if item.out_of_scope else "<b>not checked</b>")
            value = "" if item.stated.value is None else escape(str(item.stated.value))
            parts.append(f"<tr{css}><td>{item.stated.line}</td><td>{item.stated.kind}</td><td><code>{escape(item.stated.text)}</code></td>"
                         f"<td>{value}</td><td>{how}</td></tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


FORMATS = {"text": render_text, "json": render_json, "html": render_html}
