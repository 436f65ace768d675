"""A model: states, right-hand side, parameters, blocks, functionals and a closed-form solution.

All names become real sympy Symbols from one cache, so the same name is the
same Symbol in every model and claim of a run.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import sympy

from . import expr as expressions
from .expr import ExprError

TIME = "t"


@lru_cache(maxsize=None)
def symbol(name: str) -> sympy.Symbol:
    """The real Symbol for ``name`` (states, parameters and time are real)."""
    return sympy.Symbol(name, real=True)


def initial_name(state: str) -> str:
    """The name of a state's initial value in solutions and run claims: ``x0`` for ``x``."""
    return f"{state}0"


@dataclass
class Model:
    name: str
    file: str
    states: list[str]
    rhs: dict[str, sympy.Expr]
    parameters: dict[str, sympy.Expr] = field(default_factory=dict)  # defaults
    blocks: dict[str, list[str]] = field(default_factory=dict)
    functionals: dict[str, sympy.Expr] = field(default_factory=dict)
    solution: dict[str, sympy.Expr] = field(default_factory=dict)
    algebraic: list[str] = field(default_factory=list)
    constraints: list[sympy.Expr] = field(default_factory=list)
    subsystems: dict = field(default_factory=dict)  # a co-simulation model: name -> cosimulation.Subsystem
    connections: dict = field(default_factory=dict)  # (subsystem, input) -> (subsystem, output)

    @property
    def state_symbols(self) -> list[sympy.Symbol]:
        return [symbol(s) for s in self.states]

    @property
    def variables(self) -> list[str]:
        """The differential states, then the algebraic variables (a run's state vector)."""
        return self.states + self.algebraic

    @property
    def variable_symbols(self) -> list[sympy.Symbol]:
        return [symbol(s) for s in self.variables]

    def names(self) -> dict[str, sympy.Expr]:
        """Names a claim about this model may use: states, t, parameters, initial values, functionals."""
        names = {s: symbol(s) for s in self.states + self.algebraic}
        names[TIME] = symbol(TIME)
        names.update({p: symbol(p) for p in self.parameters})
        names.update({initial_name(s): symbol(initial_name(s)) for s in self.variables})
        names.update(self.functionals)
        return names

    def time_derivative(self, expression: sympy.Expr) -> sympy.Expr:
        """``ddt(expr)``: the derivative of ``expr`` along the vector field, sum_s d(expr)/ds * rhs_s + d(expr)/dt."""
        derivative = sympy.diff(expression, symbol(TIME))
        for s in self.states:
            derivative += sympy.diff(expression, symbol(s)) * self.rhs[s]
        return derivative

    def calls(self) -> dict:
        """Special forms available in expressions about this model."""

        def ddt(args):
            if len(args) != 1:
                raise ExprError("ddt takes one argument")
            return self.time_derivative(args[0])

        return {"ddt": ddt}

    def parse(self, text, extra_names=None, extra_calls=None) -> sympy.Expr:
        names = self.names()
        names.update(extra_names or {})
        calls = self.calls()
        calls.update(extra_calls or {})
        return expressions.parse(text, names, calls)


RESERVED = {TIME, "pi"} | set(expressions.FUNCTIONS) | {"ddt", "solution"}  # names no state, parameter or functional may take


def check_name(name, what: str, where: str) -> str:
    """``name`` if it can name a state, parameter, functional or block: an ASCII identifier, no keyword, not reserved."""
    if not expressions.is_name(name):
        shown = repr(name) if isinstance(name, str) else f"{type(name).__name__} {name!r}"
        raise ExprError(f"{where}: {what} name {shown[:80]} must be an ASCII identifier that is not a Python keyword")
    if name in RESERVED:
        raise ExprError(f"{where}: {what} name {name!r} is reserved (t is the time, pi the constant, and {', '.join(sorted(RESERVED - {TIME, 'pi'}))} are functions)")
    return name


def _names_list(table, key, where) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ExprError(f"{where}: '{key}' must be a list of names")
    for v in value:
        check_name(v, key.rstrip("s") if key != "states" else "state", where)
    if len(set(value)) != len(value):
        raise ExprError(f"{where}: '{key}' names {', '.join(sorted({v for v in value if value.count(v) > 1}))} twice")
    return list(value)


def _table(table, key, where) -> dict:
    value = table.get(key, {})
    if not isinstance(value, dict):
        raise ExprError(f"{where}: '{key}' must be a table")
    return value


def check_distinct(model: "Model", where: str) -> None:
    """States, algebraic variables, their initial values (``x0``), parameters and functionals all have different names."""
    owners: dict[str, str] = {}
    entries = [(v, "state" if v in model.states else "algebraic variable") for v in model.variables]
    entries += [(initial_name(v), f"initial value of {v}") for v in model.variables]
    entries += [(p, "parameter") for p in model.parameters]
    entries += [(f, "functional") for f in model.functionals]
    for name, role in entries:
        if name in owners:
            raise ExprError(f"{where}: {name!r} is both the {owners[name]} and the {role}; give them different names")
        owners[name] = role


MODEL_KEYS = {"states", "rhs", "parameters", "blocks", "functionals", "solution", "algebraic", "constraints", "description"}
COSIMULATION_KEYS = {"subsystems", "connections", "parameters", "functionals", "solution", "description"}


def model_from_table(name: str, table: dict, file: str) -> Model:
    """Build a Model from a ``[model.NAME]`` TOML table; raise ExprError naming the bad key."""
    where = f"model {name!r}"
    if not isinstance(table, dict):
        raise ExprError(f"{where} must be a table")
    if "subsystems" in table:
        from .cosimulation import cosimulation_from_table

        return cosimulation_from_table(name, table, file)
    unknown = set(table) - MODEL_KEYS
    if unknown:
        raise ExprError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    states = _names_list(table, "states", where)
    if not states:
        raise ExprError(f"{where}: 'states' is missing or empty")
    algebraic = _names_list(table, "algebraic", where)
    parameters_raw = _table(table, "parameters", where)
    model = Model(name=name, file=file, states=states, rhs={}, algebraic=algebraic)
    for p, value in parameters_raw.items():
        check_name(p, "parameter", where)
        if p in states + algebraic:
            raise ExprError(f"{where}: parameter {p!r} clashes with a state")
        model.parameters[p] = _parse_in(expressions.parse, value, {}, f"{where}: parameter {p}")
    check_distinct(model, where)
    rhs_raw = _table(table, "rhs", where)
    missing = [s for s in states if s not in rhs_raw]
    extra = [s for s in rhs_raw if s not in states]
    if missing or extra:
        raise ExprError(f"{where}: rhs must give exactly the states (missing {missing}, extra {extra})")
    base_names = {s: symbol(s) for s in states + algebraic}
    base_names[TIME] = symbol(TIME)
    base_names.update({p: symbol(p) for p in model.parameters})
    for s in states:
        model.rhs[s] = _parse_in(expressions.parse, rhs_raw[s], base_names, f"{where}: rhs.{s}")
    blocks = _table(table, "blocks", where)
    for block, members in blocks.items():
        check_name(block, "block", where)
        if not isinstance(members, list) or any(not isinstance(m, str) or m not in states for m in members):
            raise ExprError(f"{where}: block {block!r} must list states of the model")
        model.blocks[block] = list(members)
    for fname, text in _table(table, "functionals", where).items():
        check_name(fname, "functional", where)
        model.functionals[fname] = _parse_in(model.parse, text, None, f"{where}: functional {fname}")
        check_distinct(model, where)
    for s, text in _table(table, "solution", where).items():
        if s not in states + algebraic:
            raise ExprError(f"{where}: solution for unknown state {s!r}")
        model.solution[s] = _parse_in(model.parse, text, None, f"{where}: solution.{s}")
    description = table.get("description", "")
    if not isinstance(description, str):
        raise ExprError(f"{where}: 'description' must be a string")
    constraints = table.get("constraints", [])
    if not isinstance(constraints, list):
        raise ExprError(f"{where}: 'constraints' must be a list of expressions")
    model.constraints = [_parse_in(model.parse, c, None, f"{where}: constraint") for c in constraints]
    if len(model.constraints) != len(algebraic):
        raise ExprError(f"{where}: give one constraint per algebraic variable ({len(algebraic)} variables, {len(model.constraints)} constraints)")
    return model


def _parse_in(parse_fn, text, names, where):
    try:
        return parse_fn(text, names) if names is not None else parse_fn(text)
    except ExprError as exc:
        raise ExprError(f"{where}: {exc}") from None
