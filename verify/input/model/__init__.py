"""Models, read from ``[model.NAME]`` tables: ODE and DAE models (``ode``) and co-simulation models (``cosimulation``).

``core`` holds what every model shares (the Model, the one Symbol cache, name
rules); ``tables`` the public helpers for reading a TOML table.
"""
from __future__ import annotations

from verify.input.expr import ExprError
from verify.input.model.core import RESERVED, TIME, Model, check_distinct, check_name, fingerprint_of, initial_name, symbol
from verify.input.model.cosimulation import COSIMULATION_KEYS, cosimulation_from_table
from verify.input.model.ode import MODEL_KEYS, ode_model_from_table


def model_from_table(name: str, table: dict, file: str) -> Model:
    """Build a Model from a ``[model.NAME]`` TOML table (a co-simulation model when it has ``subsystems``); raise ExprError naming the bad key."""
    if not isinstance(table, dict):
        raise ExprError(f"model {name!r} must be a table")
    if "subsystems" in table:
        return cosimulation_from_table(name, table, file)
    return ode_model_from_table(name, table, file)


__all__ = ["COSIMULATION_KEYS", "MODEL_KEYS", "RESERVED", "TIME", "Model", "check_distinct", "check_name", "fingerprint_of", "initial_name", "model_from_table", "symbol"]
