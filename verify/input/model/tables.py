"""Reading a model's TOML table: lists of names, sub-tables and expressions, each error naming where it is."""
from __future__ import annotations

from verify.input.expr import ExprError
from verify.input.model.core import check_name


def names_list(table, key, where) -> list[str]:
    """``table[key]``: a list of distinct valid names (empty when absent)."""
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ExprError(f"{where}: '{key}' must be a list of names")
    for v in value:
        check_name(v, key.rstrip("s") if key != "states" else "state", where)
    if len(set(value)) != len(value):
        raise ExprError(f"{where}: '{key}' names {', '.join(sorted({v for v in value if value.count(v) > 1}))} twice")
    return list(value)


def subtable(table, key, where) -> dict:
    """``table[key]``: a table (empty when absent)."""
    value = table.get(key, {})
    if not isinstance(value, dict):
        raise ExprError(f"{where}: '{key}' must be a table")
    return value


def parse_in(parse_fn, text, names, where):
    """``parse_fn(text, names)``, its error prefixed with ``where``."""
    try:
        return parse_fn(text, names) if names is not None else parse_fn(text)
    except ExprError as exc:
        raise ExprError(f"{where}: {exc}") from None
