"""ODE and DAE models: ``[model.NAME]`` tables with states, rhs, parameters, blocks, functionals, a solution and constraints."""
from __future__ import annotations

from verify.input import expr as expressions
from verify.input.expr import ExprError
from verify.input.model.core import TIME, Model, check_distinct, check_name, symbol
from verify.input.model.tables import names_list, parse_in, subtable

MODEL_KEYS = {"states", "rhs", "parameters", "blocks", "functionals", "solution", "algebraic", "constraints", "description"}


def ode_model_from_table(name: str, table: dict, file: str) -> Model:
    """Build a Model from a ``[model.NAME]`` TOML table; raise ExprError naming the bad key."""
    where = f"model {name!r}"
    if not isinstance(table, dict):
        raise ExprError(f"{where} must be a table")
    unknown = set(table) - MODEL_KEYS
    if unknown:
        raise ExprError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    states = names_list(table, "states", where)
    if not states:
        raise ExprError(f"{where}: 'states' is missing or empty")
    algebraic = names_list(table, "algebraic", where)
    parameters_raw = subtable(table, "parameters", where)
    model = Model(name=name, file=file, states=states, rhs={}, algebraic=algebraic)
    for p, value in parameters_raw.items():
        check_name(p, "parameter", where)
        if p in states + algebraic:
            raise ExprError(f"{where}: parameter {p!r} clashes with a state")
        model.parameters[p] = parse_in(expressions.parse, value, {}, f"{where}: parameter {p}")
    check_distinct(model, where)
    rhs_raw = subtable(table, "rhs", where)
    missing = [s for s in states if s not in rhs_raw]
    extra = [s for s in rhs_raw if s not in states]
    if missing or extra:
        raise ExprError(f"{where}: rhs must give exactly the states (missing {missing}, extra {extra})")
    base_names = {s: symbol(s) for s in states + algebraic}
    base_names[TIME] = symbol(TIME)
    base_names.update({p: symbol(p) for p in model.parameters})
    for s in states:
        model.rhs[s] = parse_in(expressions.parse, rhs_raw[s], base_names, f"{where}: rhs.{s}")
    blocks = subtable(table, "blocks", where)
    for block, members in blocks.items():
        check_name(block, "block", where)
        if not isinstance(members, list) or any(not isinstance(m, str) or m not in states for m in members):
            raise ExprError(f"{where}: block {block!r} must list states of the model")
        model.blocks[block] = list(members)
    for fname, text in subtable(table, "functionals", where).items():
        check_name(fname, "functional", where)
        model.functionals[fname] = parse_in(model.parse, text, None, f"{where}: functional {fname}")
        check_distinct(model, where)
    for s, text in subtable(table, "solution", where).items():
        if s not in states + algebraic:
            raise ExprError(f"{where}: solution for unknown state {s!r}")
        model.solution[s] = parse_in(model.parse, text, None, f"{where}: solution.{s}")
    description = table.get("description", "")
    if not isinstance(description, str):
        raise ExprError(f"{where}: 'description' must be a string")
    constraints = table.get("constraints", [])
    if not isinstance(constraints, list):
        raise ExprError(f"{where}: 'constraints' must be a list of expressions")
    model.constraints = [parse_in(model.parse, c, None, f"{where}: constraint") for c in constraints]
    if len(model.constraints) != len(algebraic):
        raise ExprError(f"{where}: give one constraint per algebraic variable ({len(algebraic)} variables, {len(model.constraints)} constraints)")
    return model
