"""A method's options as data: each option's kind, default and whether it is required.

The schema is the single source of a method's defaults: the exact step reads a default through
``Method.value`` and the mpmath twin through ``verify.engines.twins.base.option``, both from the same ``Option``
(configuration, not arithmetic: the twins still have their own coefficient data).  ``Method.validate`` checks the
kinds generically; a method adds only the rules that tie options together.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

# kinds an option may have
POSITIVE = "positive number"  # a rational > 0 (h, H, tolerances of a Newton iteration, safety factors)
NON_NEGATIVE = "non-negative number"  # a rational >= 0 (atol, rtol, h_min)
COUNT = "positive integer"  # microsteps, iteration budgets
INTEGER = "integer"  # extrapolation degree
NUMBER = "number"  # any exact number
WORD = "word"  # one of ``words`` (not parsed as an expression)
ROWS = "rows"  # a matrix as a list of rows (A, J)
LIST = "list"  # a list of numbers (b, c, bhat, alpha, beta)
HISTORY = "table of lists"  # state -> list of values
EXPRESSIONS = "table of expressions"  # variable -> expression in h and t (residuals prescribed per step)
KINDS = (POSITIVE, NON_NEGATIVE, COUNT, INTEGER, NUMBER, WORD, ROWS, LIST, HISTORY, EXPRESSIONS)


@dataclass(frozen=True)
class Option:
    name: str
    kind: str
    default: object = None  # the value when the claim does not give one (None: none; the option is then absent)
    required: bool = False
    words: tuple[str, ...] = ()  # the allowed words of a WORD option (a method may widen them per model)
    per_state: bool = False  # may also be a table state -> value
    doc: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")
        if self.required and self.default is not None:
            raise ValueError(f"option {self.name}: a required option has no default")


def step(name: str = "h", doc: str = "the step") -> Option:
    return Option(name, POSITIVE, required=True, doc=doc)


NEWTON = (
    Option("newton_iterations", COUNT, sympy.Integer(20), doc="Newton's iteration budget on the mpmath path (running out is an error)"),
    Option("newton_tolerance", POSITIVE, sympy.Rational(1, 10**40), doc="Newton's residual tolerance on the mpmath path"),
)
TOLERANCES = (
    Option("atol", NON_NEGATIVE, per_state=True, doc="absolute tolerance"),
    Option("rtol", NON_NEGATIVE, per_state=True, doc="relative tolerance"),
)
