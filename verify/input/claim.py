"""A claim as loaded from its file (verify.input.load): its table, what the loader read from it, and its prepared
spec.  Light: sympy is imported by the methods that parse, so a claim replayed from the result cache costs nothing."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from verify.errors import LoadError

if TYPE_CHECKING:
    import sympy

    from verify.input.model import Model


@dataclass
class Claim:
    id: str
    file: str
    table: dict
    statement: str = ""
    check: str = ""
    expected: str = "verified"
    source_text: str | None = None
    document: str | None = None
    source_title: str | None = None
    model: "Model | None" = None
    parameters: dict = field(default_factory=dict)  # name -> exact value
    symbols: dict = field(default_factory=dict)  # declared free symbols
    load_error: str | None = None
    spec: object = None  # what the claim's check prepared
    line: int | None = None  # the line of its [[claim]] header in its file (None when it cannot be told)
    # while a check that decides where its values are defined reads the claim (forall, over its domains): the
    # singularities its texts lose in sympy's reading (x/x), as expressions undefined there; None: such a text is refused
    guards: list | None = field(default=None, repr=False, compare=False)

    @property
    def where(self) -> str:
        """``FILE:LINE: claim 'ID'``, the prefix of every message about this claim (editors jump to FILE:LINE)."""
        return f"{self.file}{f':{self.line}' if self.line else ''}: claim {self.id!r}"

    def names(self, model_names: bool = True) -> dict:
        """Every name the claim's expressions may use (``model_names`` False: its parameters and symbols only, not the
        model's states and time)."""
        from verify.input.model import symbol

        names = self.model.names() if self.model and model_names else {}
        names.update({p: symbol(p) for p in self.parameters})
        names.update(self.symbols)
        return names

    def parse(self, text, extra_names=None, extra_calls=None, guards=None, model_names: bool = True) -> sympy.Expr:
        """``text`` read in the claim's names (``model_names`` False: its parameters and symbols only, not the model's
        states and time, for a value that must be a number, such as a step count)."""
        from verify.input import expr as expressions
        from verify.input.model import symbol

        names = self.names(model_names)
        names.update(extra_names or {})
        calls = self.model.calls() if self.model else {}
        calls.update(extra_calls or {})
        # a parameter with an integer value may be an exponent too ((1 - 1/m)**m with m = 10002: the replay of a forall
        # counterexample); its value goes in through bounded_substitution, which refuses a power too large to write
        integers = {symbol(p) for p, v in self.parameters.items() if getattr(v, "is_Integer", False)}
        return expressions.parse(text, names, calls, frozenset(self.symbols.values()) | integers,
                                 guards=self.guards if guards is None else guards)

    def substitute(self, expression: sympy.Expr) -> sympy.Expr:
        """Put the parameter values (model defaults, overridden by the claim) into ``expression``."""
        from verify.input import expr as expressions
        from verify.input.model import symbol

        values = {symbol(p): v for p, v in self.parameters.items()}
        if not values:
            return expression
        if all(getattr(v, "is_number", False) for v in values.values()):  # numbers replace the symbols at once
            return expressions.bounded_substitution(expression, values)
        return expression.subs(values)

    def value(self, text, key: str, extra_names=None, extra_calls=None, model_names: bool = True) -> sympy.Expr:
        """Parse and substitute one value of the claim; errors name the key.  What the reading cancels (x/x read as 1,
        verify.input.expr.cancelled_singularities) is decided at the parameter values where they leave no symbol in
        it (omega**2 with omega = sqrt(k/m), k = 4, m = 1: k/m = 4 is not negative), goes to ``guards`` where a check
        decides it over its domains (forall), and is refused otherwise."""
        from verify.input import expr as expressions
        from verify.input.expr import ExprError

        lost = []
        try:
            result = self.substitute(self.parse(text, extra_names, extra_calls, guards=lost, model_names=model_names))
            for item in lost:
                argument = self.substitute(item.argument)
                if argument.is_number:  # no symbol left: decided at the parameter values
                    if expressions.harmless(item.kind, argument):
                        continue
                    raise ExprError(f"{text!r} as written is {item.what}, and there {item.argument} = {argument} at the parameter "
                                    "values (sympy's reading cancels that away)")
                if self.guards is None:
                    raise ExprError(item.message)
                self.guards.append(dataclasses.replace(item, argument=argument))
            return result
        except ExprError as exc:
            raise LoadError(f"{key}: {exc}") from None
