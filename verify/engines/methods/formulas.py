"""The text of a method's formulas with the values substituted, for ``verify explain`` (Recorder.assign's ``formula``).

Only text: every number here is a value the step already computed, printed exactly (never a formula evaluated
again).  verify.report.derivation reads the text back for LaTeX and MathML without evaluating it either.
"""
from __future__ import annotations

import sympy

from verify.engines import number_field
from verify.engines.rational import formula_text, is_exact_rational


class Text:
    """Exact values of a run over ``field`` (QQ, or an algebraic field such as QQ(sqrt(3))) as formula text."""

    def __init__(self, field=sympy.QQ):
        self.field = field

    @classmethod
    def of(cls, system) -> "Text":
        """For the values of ``system``'s run (a system without a field: the certified path's, whose values are balls,
        each printed as its enclosure)."""
        return cls(getattr(system, "field", sympy.QQ))

    def sympy(self, value) -> sympy.Expr:
        return number_field.to_sympy(self.field, value)

    def __call__(self, value) -> str:
        """``-1/2``, ``1/2 - sqrt(3)/6``; a huge rational compactly in brackets (rational.formula_text: never the
        quadratic decimal expansion of its integers)."""
        if hasattr(value, "iv"):  # a ball of the certified path (verify.engines.certified.Ball): its enclosure [low, high]
            return repr(value)
        if is_exact_rational(value):
            return formula_text(value)
        exact = self.sympy(value)
        return formula_text(exact) if exact.is_Rational else str(exact)

    def factor(self, value) -> str:
        """A value as a factor or term of a formula: ``1/2``, ``(-1/2)``, ``(1 + sqrt(3))``; an enclosure as it is."""
        text = self(value)
        return f"({text})" if any(ch in text for ch in " +-") and not text.startswith("[") else text

    def divisor(self, value) -> str:
        """A value after ``/``: ``2``, ``(1/10)``, ``(-3)``."""
        text = self(value)
        return f"({text})" if any(ch in text for ch in " +-*/") else text

    def vector(self, values) -> str:
        """``(1, -1/2)``; one value alone as itself."""
        texts = [self(v) for v in values]
        return texts[0] if len(texts) == 1 else "(" + ", ".join(texts) + ")"

    def matrix(self, rows) -> str:
        """``[[21/20, -1/10], [0, 1]]`` (as verify.report.derivation.read_value reads a matrix)."""
        return "[" + ", ".join("[" + ", ".join(self(v) for v in row) + "]" for row in rows) + "]"

    def scaled(self, coefficient, name: str) -> str:
        """``name``, ``2*name`` or ``(-1/2)*name``: a coefficient times a name, a coefficient 1 left out."""
        one = coefficient == 1 if is_exact_rational(coefficient) else self.sympy(coefficient) == 1
        return name if one else f"{self.factor(coefficient)}*{name}"
