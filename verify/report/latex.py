"""``verify explain --latex``: a claim's derivation as an ``align*`` environment (``--standalone``: a whole document).

Every value and expression is typeset by sympy's LaTeX printer from the expression the line states (read back by
verify.report.derivation, never evaluated), names by ``derivation.latex_name`` (``\\mathrm{deficit\\_spring\\_v}``);
prose lines, labels and the words between a line's terms are ``\\text`` with every special character escaped, so the
fragment compiles whatever the claim file's strings hold.
"""
from __future__ import annotations

from verify.outcome import Formula
from verify.report.derivation import formula_latex, latex, name_latex, read_line

SPECIALS = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#", "^": r"\textasciicircum{}",
            "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}", "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}"}
UNICODE = {"·": r"\textperiodcentered{}", "≈": r"$\approx$", "∈": r"$\in$", "≤": r"$\leq$", "≥": r"$\geq$", "−": "-", "–": "--", "…": r"\dots{}",
           "×": r"$\times$", "√": r"$\surd$", "τ": r"$\tau$", "Φ": r"$\Phi$", "±": r"$\pm$", "∞": r"$\infty$",
           "∪": r"$\cup$"}  # each non-ASCII character verify's messages use (tests/test_teaching.py)
PREAMBLE = r"""\documentclass{article}
\usepackage[T1]{fontenc}
\usepackage{amsmath}
\usepackage{amssymb}
\usepackage[margin=2cm]{geometry}
\allowdisplaybreaks
\begin{document}
"""


LINE_UNITS = 200  # escaped characters per source line: TeX reads at most 200,000 characters in one line


def text(value: str) -> str:
    """Plain text safe inside a LaTeX paragraph: specials escaped, other non-ASCII characters named or dropped, and the
    output broken with ``%`` line ends so that no source line outgrows TeX's buffer."""
    out = []
    for index, char in enumerate(str(value)):
        if index and index % LINE_UNITS == 0:  # TeX skips spaces at the start of a line: a space there is written as "\ "
            out.append("%\n")
            if char == " ":
                out.append("\\ ")
                continue
        if char in SPECIALS:
            out.append(SPECIALS[char])
        elif char in UNICODE:
            out.append(UNICODE[char])
        elif char.isascii() and (char.isprintable() or char == " "):
            out.append(char)
        else:
            out.append(" " if char.isspace() else "?")
    return "".join(out)


def row(line: str, escape=None) -> str:
    """One line of a derivation as a row of align* (label, then the mathematics), or a paragraph in a row (prose);
    ``escape`` writes text (default: for a LaTeX document)."""
    escape = escape or text
    read = read_line(line)
    if not read.is_math:  # prose: a paragraph in the row, so that a long line wraps
        return r"& \parbox[t]{0.85\linewidth}{\raggedright " + escape(line.strip()) + "}"
    label = r"\text{" + escape(read.label) + r":}\quad " if read.label else ""
    if read.formula:  # name = formula = values substituted = value (or the formula alone)
        name, value = read.assignments[0]
        return label + f"{name_latex(name)} &= " + " = ".join([formula_latex(part) for part in read.formula]
                                                               + ([] if value is None else [latex(value)]))
    if read.terms:
        return label + "& " + " ".join(term(item, escape, index == 0, index == len(read.terms) - 1) for index, item in enumerate(read.terms))
    if read.assignments:
        math = r",\quad ".join(f"{name_latex(name)} &= {latex(value)}" if index == 0 else f"{name_latex(name)} = {latex(value)}"
                               for index, (name, value) in enumerate(read.assignments))
        return label + math
    return label + "& " + latex(read.expression)


SYMBOLS = {"=": "=", "≈": r"\approx", "->": r"\mapsto", "<": "<", "<=": r"\leq", ">": ">", ">=": r"\geq", "==": "=", "!=": r"\neq",
           "..": r"\ldots", ",": r",\ ", ";": r";\quad", ":": r":\quad", "(": "(", ")": ")"}  # words set as mathematics


def term(item, escape=None, first=False, last=False) -> str:
    """One term of a line: a sympy object typeset by sympy, a word as text with a space on each side that has a
    neighbour (``=``, ``≈``, ``->``, relations and punctuation as mathematics)."""
    if isinstance(item, Formula):
        return formula_latex(item)
    if not isinstance(item, str):
        return latex(item)
    return SYMBOLS.get(item) or r"\text{" + ("" if first else " ") + (escape or text)(item) + ("" if last else " ") + "}"


def fragment(claim, lines, outcome) -> str:
    """The claim's statement (a paragraph), its derivation as one align* environment (a row per line), and the
    verdict (a paragraph)."""
    parts = [r"\noindent\textbf{" + text(claim.id) + "}: " + text(claim.statement)]
    if lines:
        parts.append("\\begin{align*}\n" + " \\\\\n".join(row(line) for line in lines) + "\n\\end{align*}")
    parts.append(r"\noindent$\Rightarrow$ \textbf{" + text(outcome.status) + "} (" + text(outcome.evidence or "-") + "): "
                 + text(outcome.message) + "\n")
    return "\n".join(parts) + "\n"


def standalone(fragments: list[str]) -> str:
    return PREAMBLE + "\n".join(fragments) + "\\end{document}\n"


def mathjax(claim, lines, outcome) -> str:
    """The derivation as one align* that MathJax (Jupyter) renders: prose rows as \\text with characters MathJax
    would read as commands replaced by look-alikes."""
    def plain(value: str) -> str:
        return "".join({"\\": "∖", "{": "(", "}": ")", "$": "＄", "%": "％", "&": "＆", "#": "＃", "^": "ˆ", "_": "_", "~": "∼"}.get(c, c)
                       for c in str(value) if c.isprintable())

    rows = [r"&\text{" + plain(f"{claim.id}: {claim.statement}") + "}"]
    for line in lines:
        read = read_line(line)
        if not read.is_math:
            rows.append(r"&\text{" + plain(line.strip()) + "}")
        else:
            rows.append(row(line, plain))
    rows.append(r"&\text{" + plain(f"=> {outcome.status} ({outcome.evidence or '-'}): {outcome.message}") + "}")
    return "\\begin{align*}\n" + " \\\\\n".join(rows) + "\n\\end{align*}"
