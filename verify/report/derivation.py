"""A derivation line as mathematics, for the LaTeX and MathML printers.

``verify explain`` and a claim's derivation are lines of text (``step 1 · microstep 2: i = 9/200``,
``expanded: -8*i**2 + 2*i*v - v**2``, ``initial: t = 0, q = 0``).  A check that has the mathematics of a line writes
it beside the text (verify.outcome.Line: ``decided: R - 1 >= 0 for R in Interval(1, oo)`` carries the relation and the
set); a plain string is split into a label and either assignments ``name = value`` or one expression, every value read
by the project's own whitelist parser (verify.input.expr: no eval, every identifier a plain symbol) into a sympy
expression; a line that does not read so stays prose.  The printers then typeset with sympy's LaTeX and MathML
printers, names made safe by ``latex_name``.  The result cache keeps a Line's mathematics as JSON trees of sympy class
names from a fixed list (verify.outcome.Line.data), read back here without eval.
"""
from __future__ import annotations

import re

from verify.outcome import AS_GIVEN, IDENTIFIER, SINGLETONS, UNEVALUATED, Formula, Line

# a value's name in a derivation: an identifier, a subsystem's input (spring.v), either with arguments (s(T + h))
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*(?:\([^()=]*\))?")
MAX_MATH_CHARS = 2000  # a longer value (a huge rational) is shown as text
MAX_LINE_CHARS = 20_000  # a Line whose text is longer is shown as text too: TeX reads at most 200,000 characters in one line
GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "kappa", "lam", "lambda", "mu", "nu", "xi",
         "rho", "sigma", "tau", "phi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda", "Sigma", "Phi", "Psi", "Omega"}


def read_line(text) -> Line:
    """A derivation line with its mathematics: a Line a check wrote with it (or one stored in the result cache) as
    it is, a plain string read back."""
    if isinstance(text, Line):
        if text.stored is not None:
            read = _stored_mathematics(text)
            if read is not None:
                return read
        elif text.is_math and len(text) <= MAX_LINE_CHARS:
            return text
    text = str(text)
    stripped = text.strip()
    label, rest = None, stripped
    head, sep, tail = stripped.partition(": ")
    if sep and "=" not in _outside_parentheses(head):  # a label may say what it is in parentheses: (M = L D L^T)
        label, rest = head, tail
    if not rest:
        return Line(text, label)
    single = _assignment(rest)
    if single:
        return Line(text, label, assignments=[single])
    parts = [_assignment(part) for part in rest.split(", ")]
    if len(parts) > 1 and all(parts):
        return Line(text, label, assignments=parts)
    chain = rest.split(" = ")
    if len(chain) > 2 and NAME.fullmatch(chain[0].strip()) and not any(ch in rest for ch in ";:"):  # name = formula = ... = value
        value = read_value(chain[-1])
        if value is not None:
            return Line(text, label, assignments=[(chain[0].strip(), value)], formula=[part.strip() for part in chain[1:-1]])
    expression = read_value(rest)
    if expression is not None:
        return Line(text, label, expression=expression)
    # "named value h = 1/40": words before the name, each starting with a letter or digit ("after 2 steps y = 1/2"; but
    # "lhs - rhs = 0" is no label "lhs -")
    words = re.fullmatch(r"((?:[A-Za-z0-9][\w'(),.-]*\s+)+)([A-Za-z_][A-Za-z0-9_]*) = (.+)", rest)
    if words and label is None:
        single = _assignment(f"{words.group(2)} = {words.group(3)}")
        if single:
            return Line(text, words.group(1).strip(), assignments=[single])
    return Line(text)


def _outside_parentheses(text: str) -> str:
    """``text`` without its parenthesised parts, nested ones too."""
    while True:
        reduced = re.sub(r"\([^()]*\)", "", text)
        if reduced == text:
            return text
        text = reduced


def _assignment(text: str):
    name, sep, value = text.partition(" = ")
    if not sep or not NAME.fullmatch(name.strip()):
        return None
    expression = read_value(value)
    return (name.strip(), expression) if expression is not None else None


def read_value(text: str):
    """A computed value: an expression, a vector ``(1/2, -1)`` (a stage of several states; ``(1/2)`` is the number) or
    a matrix ``[[1, 0], [-1/8, 1]]`` (a Gram matrix, its factors), each entry read by ``read_expression``."""
    text = text.strip()
    if text.startswith("[[") and text.endswith("]]"):
        texts = _entries(text[1:-1], "[]") if len(text) <= MAX_MATH_CHARS else None
        rows = [_entries(row) for row in texts or []]
        if rows and all(rows) and len({len(row) for row in rows}) == 1:
            import sympy

            return sympy.ImmutableMatrix(rows)
        return None
    if text.startswith("(") and text.endswith(")") and _closes_at_end(text):
        entries = _entries(text[1:-1])
        if entries and len(entries) > 1:
            import sympy

            return sympy.Tuple(*entries)
        return entries[0] if entries else None
    return read_expression(text)


def _closes_at_end(text: str) -> bool:
    """Does the parenthesis opening ``text`` close at its last character (``(1, 2)``, not ``(1 + 2)*(3)``)?"""
    depth = 0
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return index == len(text) - 1
    return False


def _entries(text: str, brackets: str = "()"):
    """The comma-separated entries of ``text`` at bracket depth 0 (entries in brackets kept whole when ``brackets`` is
    "[]": the rows of a matrix, their brackets removed), each read as an expression; None when one does not read."""
    entries, depth, start = [], 0, 0
    for index, char in enumerate(text + ","):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            entries.append(text[start:index].strip())
            start = index + 1
    if brackets == "[]":
        return [entry[1:-1] for entry in entries] if all(e.startswith("[") and e.endswith("]") for e in entries) else None
    read = [read_expression(entry) for entry in entries]
    return read if all(e is not None for e in read) else None


def read_expression(text: str):
    """``text`` as a sympy expression by the whitelist parser, every identifier a symbol; None when it does not read."""
    text = text.strip()
    if not text or len(text) > MAX_MATH_CHARS or not text.isascii():
        return None
    import sympy

    from verify.input import expr
    from verify.input.expr import ExprError

    names = {name: sympy.Symbol(name) for name in IDENTIFIER.findall(text) if name not in expr.FUNCTIONS and name not in expr.CONSTANTS}
    try:
        return expr.parse(text, names)
    except (ExprError, ValueError, TypeError, ArithmeticError, RecursionError):
        return None


def formula_latex(text: str) -> str:
    """A formula as written (``q + H*f_q(t, y)``, ``0 + 1/10*(1)``, ``(1 - h*J)**(-1)``, ``... => y``) in LaTeX without
    evaluating it: Python's tokenizer reads it, a/b of two integers becomes a fraction, ``**`` (or ``^``) a superscript,
    ``=>`` an implication, names go through ``latex_name`` (``f_q`` is f with subscript q), ``*`` is a thin space;
    anything else it cannot read is text."""
    import io
    import tokenize

    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                  if t.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT)]
    except (tokenize.TokenError, SyntaxError):
        return r"\text{" + "".join(c for c in text if c.isalnum() or c in " +-*/(),.") + "}"
    return " ".join(_tokens_latex([(t.type, t.string) for t in tokens]))


RELATIONS = {"=": "=", "<": "<", ">": ">", "<=": r"\leq", ">=": r"\geq", "!=": r"\neq"}


def _tokens_latex(tokens: list) -> list:
    import tokenize

    out, index = [], 0
    while index < len(tokens):
        kind, string = tokens[index]
        following = [s for _, s in tokens[index + 1:index + 3]]
        if kind == tokenize.NUMBER and len(following) == 2 and following[0] == "/" and tokens[index + 2][0] == tokenize.NUMBER:
            out.append(rf"\tfrac{{{string}}}{{{following[1]}}}")
            index += 3
            continue
        if string in ("**", "^") and index + 1 < len(tokens):
            exponent, index = _exponent(tokens, index + 1)
            out.append("^{" + " ".join(exponent) + "}")
            continue
        if string == "=" and following[:1] == [">"]:
            out.append(r"\Rightarrow")
            index += 2
            continue
        if kind == tokenize.NAME:
            base, _, sub = string.partition("_")  # f_q, k1_x, P_spring: a letter (or k1) with a subscript; agreed_power a name
            subscripted = (re.fullmatch(r"[A-Za-z]\d*", base) or base in GREEK) and IDENTIFIER.fullmatch(sub)
            out.append(f"{{{latex_name(base)}}}_{{{latex_name(sub)}}}" if subscripted else latex_name(string))
        elif kind == tokenize.NUMBER:
            out.append(string)
        elif string == "*":
            out.append(r"\,")
        elif string in RELATIONS:
            out.append(RELATIONS[string])
        elif string in "+-(),[]/.":
            out.append(string)
        else:
            out.append(r"\text{?}")
        index += 1
    return out


def _exponent(tokens: list, index: int) -> tuple[list, int]:
    """The exponent starting at ``index`` as LaTeX (a parenthesised group without its parentheses, a signed number or
    name, or one token) and the index after it."""
    if tokens[index][1] == "(":
        depth = 0
        for end in range(index, len(tokens)):
            depth += {"(": 1, ")": -1}.get(tokens[end][1], 0)
            if depth == 0:
                return _tokens_latex(tokens[index + 1:end]), end + 1
        return _tokens_latex(tokens[index:]), len(tokens)
    if tokens[index][1] in "+-" and index + 1 < len(tokens):
        return _tokens_latex(tokens[index:index + 2]), index + 2
    return _tokens_latex(tokens[index:index + 1]), index + 1


def name_latex(name: str) -> str:
    """The name of a derivation line: an identifier by ``latex_name``, ``spring.v`` or ``s(T + h)`` as a formula."""
    return latex_name(name) if IDENTIFIER.fullmatch(name) else formula_latex(name)


def latex_name(name: str) -> str:
    """A name as LaTeX: ``x``, ``x_{0}``, ``\\lambda``, or ``\\mathrm{deficit\\_spring\\_v}`` (no name can break the
    document: only letters, digits and escaped underscores reach it)."""
    match = re.fullmatch(r"([A-Za-z]+)(\d+)", name)
    if match and (len(match.group(1)) == 1 or match.group(1) in GREEK):
        return f"{latex_name(match.group(1))}_{{{match.group(2)}}}"
    if len(name) == 1:
        return name
    if name in GREEK:
        return "\\lambda" if name == "lam" else "\\" + name
    return "\\mathrm{" + name.replace("_", "\\_") + "}"


def symbol_names(expression) -> dict:
    return {s: latex_name(s.name) for s in getattr(expression, "free_symbols", ())}


MAX_MATRIX_COLUMNS = 10  # amsmath's pmatrix holds at most this many columns; a wider matrix is sympy's array


def latex(expression) -> str:
    """``expression`` by sympy's LaTeX printer, names by ``latex_name`` and matrices in parentheses (``pmatrix``)."""
    import sympy

    matrices = [expression] if isinstance(expression, sympy.MatrixBase) else \
        [m for m in sympy.preorder_traversal(expression) if isinstance(m, sympy.MatrixBase)] if isinstance(expression, sympy.Basic) else []
    narrow = all(m.cols <= MAX_MATRIX_COLUMNS for m in matrices)
    settings = {"mat_str": "pmatrix", "mat_delim": ""} if narrow else {}
    return sympy.latex(expression, symbol_names=symbol_names(expression), **settings)


def mathml(expression) -> str:
    """Presentation MathML of ``expression`` (sympy's printer), for an HTML page without scripts."""
    import sympy
    from sympy.printing.mathml import mathml as to_mathml

    renamed = expression.xreplace({s: sympy.Symbol(_mathml_name(s.name)) for s in getattr(expression, "free_symbols", ())
                                   if isinstance(s, sympy.Symbol)})
    return f"<math>{to_mathml(renamed, printer='presentation')}</math>"


def _mathml_name(name: str) -> str:
    match = re.fullmatch(r"([A-Za-z]+)(\d+)", name)  # x0 -> x_0, which sympy's printer subscripts
    return f"{match.group(1)}_{match.group(2)}" if match and len(match.group(1)) == 1 else name


def _stored_mathematics(line: Line) -> Line | None:
    """The Line that ``Line.data`` stored, or None when the data does not read (the text is read instead)."""
    math = line.stored
    try:
        label = math["label"]
        if label is not None and not isinstance(label, str) or not all(isinstance(p, str) for p in math["formula"]):
            return None
        return Line(str(line), label, assignments=[(str(name), _from_tree(value)) for name, value in math["assignments"]],
                    formula=math["formula"], expression=_from_tree(math["expression"]),
                    terms=[_stored_term(term) for term in math["terms"]])
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError, ArithmeticError):
        return None


def _stored_term(term):
    if isinstance(term, dict):
        return Formula(str(term["formula"]))
    return term if isinstance(term, str) else _from_tree(term)


MAX_STORED_ROOT_DEGREE = 64  # a stored CRootOf of a higher degree is not read back (the line's text is shown instead)


def _degree_bound(expression, generator) -> int:
    """An upper bound on the degree in ``generator`` of a polynomial expression, read off its tree without expanding
    it; ValueError for anything but sums, products and whole powers of the generator and numbers."""
    import sympy

    if expression == generator:
        return 1
    if expression.is_Number:
        return 0
    if expression.is_Add:
        return max(_degree_bound(a, generator) for a in expression.args)
    if expression.is_Mul:
        return sum(_degree_bound(a, generator) for a in expression.args)
    if expression.is_Pow and expression.exp.is_Integer and expression.exp >= 0:
        return _degree_bound(expression.base, generator) * int(expression.exp)
    raise ValueError("not a root of a polynomial")


def _from_tree(tree):
    import sympy

    if tree is None:
        return None
    head, arguments = tree[0], tree[1:]
    if head == "Matrix":
        return sympy.ImmutableMatrix([[_from_tree(entry) for entry in row] for row in arguments[0]])
    if head == "Integer":
        return sympy.Integer(int(arguments[0], 16))
    if head == "Rational":
        return sympy.Rational(int(arguments[0], 16), int(arguments[1], 16))
    if head == "Float":
        from verify.engines.crosscheck import approximate

        return approximate(str(arguments[0]))
    if head in SINGLETONS:
        return {"BooleanTrue": sympy.true, "BooleanFalse": sympy.false}.get(head) or getattr(sympy.S, head)
    if head in ("Symbol", "Function") and not IDENTIFIER.fullmatch(str(arguments[0])):
        raise ValueError("not a name")  # names reach LaTeX through latex_name, which expects identifiers
    if head == "Symbol":
        return sympy.Symbol(str(arguments[0]))
    if head == "CRootOf":  # verify's own roots have small degree (a bound's minimal polynomial is refused past degree 32);
        # a planted x^1000 + 1 in a cache entry kept the HTML report isolating its roots for minutes (a review of 2026-12-07)
        polynomial, generator = _from_tree(arguments[0]), _from_tree(arguments[1])
        degree = _degree_bound(polynomial, generator)  # from the tree, before anything is expanded ((x + 1)^30000 took 15 s)
        if degree > MAX_STORED_ROOT_DEGREE:
            raise ValueError(f"a root of a polynomial of degree {degree}")
        return sympy.CRootOf(polynomial, generator, int(arguments[2]))
    if head == "Function":
        return sympy.Function(str(arguments[0]))(*[_from_tree(a) for a in arguments[1:]])
    parts = [_from_tree(a) for a in arguments]
    if head in UNEVALUATED:
        return getattr(sympy, head)(*parts, evaluate=False)
    if head in AS_GIVEN:
        return getattr(sympy, head)(*parts)
    raise ValueError(f"not a stored class: {head}")
