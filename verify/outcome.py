"""The outcome of checking one claim (verify.checks): its status, evidence, message, computed values and derivation,
whose lines may carry their mathematics (Line).  Light (sympy is imported only to write a Line's mathematics as data),
so reports and the result cache can hold outcomes without the computer algebra."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# A Line's mathematics as JSON data (the result cache, and pickling between processes: sympy would rebuild an
# unevaluated R >= 0 or Contains(R, [0, oo)) evaluated).  A sympy object is a tree [class name, argument, ...] of
# these classes, numbers, symbols and singletons apart; reading it back (verify.report.derivation) calls nothing else.
UNEVALUATED = ("Add", "Mul", "Pow", "Equality", "Unequality", "StrictLessThan", "LessThan", "StrictGreaterThan", "GreaterThan",
               "Contains", "Union", "Intersection", "Complement", "FiniteSet", "Abs", "exp", "log", "sin", "cos", "tan", "re", "im",
               "sign", "floor", "ceiling", "Min", "Max", "conjugate")  # rebuilt with evaluate=False
AS_GIVEN = ("Interval", "Tuple")
SINGLETONS = ("Infinity", "NegativeInfinity", "ComplexInfinity", "NaN", "ImaginaryUnit", "Pi", "Exp1", "EmptySet", "Reals",
              "Integers", "Naturals", "Naturals0", "Complexes", "UniversalSet", "BooleanTrue", "BooleanFalse")


@dataclass
class Outcome:
    status: str  # verified | refuted | error
    evidence: str | None  # exact | symbolic | certified | numerical | None
    message: str
    computed: dict = field(default_factory=dict)  # name -> exact value as a string
    derivation: list = field(default_factory=list)  # lines for `verify explain`: strings, or Lines with their mathematics
    margins: dict = field(default_factory=dict)  # inequality -> how far it holds (negative: violated), as a float
    figure: dict | None = None  # data for a picture (see verify.report.figures), made only when the context asks


def decimals(places) -> str:
    """"1 decimal", "3 decimals": how a message names a number of decimal places."""
    return f"{places} decimal" if places == 1 else f"{places} decimals"


class Line(str):
    """One derivation line: the text ``verify explain`` prints (the Line is that string) and the mathematics it
    states, for the LaTeX and MathML printers (verify.report.derivation): a ``label`` (or None), then

    * ``assignments`` [(name, value)]: ``initial: t = 0, y = 1``;
    * ``formula``: for one assignment, the parts between the name and the value, as written (never evaluated):
      ``k2 = f(t + h, y + h*k1) = f(1/2, 1/2) = -1/2``; the value may be None (a formula stated, nothing computed);
    * ``expression``: one value, a matrix say;
    * or ``terms``: sympy objects (expressions, matrices, sets, relations) with short words between them, in order:
      ``decided: R - 1 >= 0 for R in Interval(1, oo)`` is the terms [R - 1 >= 0, "for", Contains(R, [1, oo))]; a
      Formula among them is shown as written (a claim's ``abs(y - solution(y))``).

    A check writes the mathematics it has beside the text; a plain string is read back by the reports instead
    (verify.report.derivation.read_line).  A line with none of them is prose.  ``stored``: the mathematics as JSON
    data (``data``), from the result cache or another process, read when a report asks."""

    def __new__(cls, text: str, label: str | None = None, *, assignments=(), formula=(), expression=None, terms=(), stored=None):
        line = super().__new__(cls, text)
        line.label, line.assignments, line.formula = label, list(assignments), list(formula)
        line.expression, line.terms, line.stored = expression, list(terms), stored
        return line

    @property
    def text(self) -> str:
        return str(self)

    @property
    def is_math(self) -> bool:
        return bool(self.assignments) or self.expression is not None or bool(self.terms)

    def data(self):
        """The line as JSON data: its text, or ``{"text": ..., "math": ...}`` with the mathematics as trees (the text
        alone when a part is not one the trees hold)."""
        if self.stored is not None:
            return {"text": str(self), "math": self.stored}
        if not self.is_math:
            return str(self)
        try:
            math = {"label": self.label, "assignments": [[name, sympy_tree(value)] for name, value in self.assignments],
                    "formula": [str(part) for part in self.formula], "expression": sympy_tree(self.expression),
                    "terms": [{"formula": str(term)} if isinstance(term, Formula) else term if isinstance(term, str) else sympy_tree(term)
                              for term in self.terms]}
        except (ValueError, TypeError, RecursionError):  # a part the trees do not hold
            return str(self)
        return {"text": str(self), "math": math}

    def __reduce__(self):
        return stored_line, (self.data(),)


class Formula(str):
    """A term of a Line shown as written, never evaluated (verify.report.derivation.formula_latex): a claim's
    ``abs(y - solution(y))`` or ``C_E*h**2 + kappa1*h*rho``."""


def line_data(line):
    """A derivation line (a string or a Line) as JSON data."""
    return line.data() if isinstance(line, Line) else str(line)


def stored_line(data):
    """A line from ``line_data``: a Line whose mathematics stays data until a report reads it (no sympy here)."""
    if isinstance(data, dict) and isinstance(data.get("text"), str) and isinstance(data.get("math"), dict):
        return Line(data["text"], stored=data["math"])
    return str(data)


def sympy_tree(value):
    """A sympy object as a JSON tree (None as None); ValueError for a class the trees do not hold."""
    if value is None:
        return None
    import sympy

    if isinstance(value, sympy.MatrixBase):
        return ["Matrix", [[sympy_tree(entry) for entry in row] for row in value.tolist()]]
    if isinstance(value, int) and not isinstance(value, bool):
        return ["Integer", format(value, "x")]
    if not isinstance(value, sympy.Basic):
        raise ValueError(type(value).__name__)
    name = type(value).__name__
    if value.is_Integer:
        return ["Integer", format(int(value), "x")]  # hex: exempt from Python's int->str digit limit
    if value.is_Rational:
        return ["Rational", format(int(value.p), "x"), format(int(value.q), "x")]
    if value.is_Float:
        return ["Float", str(value)]
    if name in SINGLETONS:
        return [name]
    if isinstance(value, sympy.Symbol):
        if not IDENTIFIER.fullmatch(value.name):
            raise ValueError(value.name)
        return ["Symbol", value.name]
    if isinstance(value, sympy.CRootOf):
        return ["CRootOf", sympy_tree(value.poly.as_expr()), sympy_tree(value.poly.gen), int(value.index)]
    if isinstance(value, sympy.core.function.AppliedUndef):
        if not IDENTIFIER.fullmatch(name):
            raise ValueError(name)
        return ["Function", name, *[sympy_tree(arg) for arg in value.args]]
    if name not in UNEVALUATED and name not in AS_GIVEN:
        raise ValueError(name)
    return [name, *[sympy_tree(arg) for arg in value.args]]
