"""Comparisons as claims write them, parsed in one place: "OP value" and "lhs OP rhs" (or a chain "a <= x < b").

The texts are split here; each side is then parsed by the claim's own safe expression reader (verify.input.expr),
never evaluated.  ``OPERATORS`` maps each operator to its Python comparison, applied to exact numbers or to a
certified sign.
"""
from __future__ import annotations

import operator
import re

OPERATORS = {"<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne, ">=": operator.ge, ">": operator.gt}
RELATION = re.compile(r"^\s*(<=|>=|==|!=|<|>)\s*(.+)$", re.S)  # "OP value", e.g. "> 10**5"
CONDITION = re.compile(r"^(.+?)\s*(<=|>=|==|!=|<|>)\s*(.+)$")  # "lhs OP rhs", e.g. "h > 1/4"
CHAINED = re.compile(r"^(.+?)\s*(<=|<)\s*(.+?)\s*(<=|<)\s*(.+)$")  # "a <= h < b"


def split_relation(text) -> tuple | None:
    """("OP", "value") from "OP value", or None."""
    match = RELATION.match(text) if isinstance(text, str) else None
    return (match.group(1), match.group(2)) if match else None


def split_condition(text) -> list | None:
    """[(lhs, OP, rhs), ...] as texts from "lhs OP rhs" or the chain "a <= x < b" (two conditions), or None."""
    if not isinstance(text, str):
        return None
    chained = CHAINED.match(text)
    if chained:
        a, op1, middle, op2, b = chained.groups()
        return [(a, op1, middle), (middle, op2, b)]
    match = CONDITION.match(text)
    return [(match.group(1), match.group(2), match.group(3))] if match else None
