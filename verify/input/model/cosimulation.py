"""Co-simulation models: subsystems with states, inputs and outputs, wired by connections.

Source: shared/sources/004_ff41cce780d1a3bc.txt ("On meeting Energy Balance
Errors in Cosimulations"): subsystems S_i with states x_i, inputs u_ij and
outputs, exchanging data only at macro times T_k.

A ``[model.NAME]`` table with ``subsystems`` is a co-simulation model::

    [model.oscillator]
    parameters = { m = 1, c = 1 }
    functionals = { energy = "m*v**2/2 + c*s**2/2" }
    [model.oscillator.subsystems.spring]
    states = ["s"]
    inputs = ["v"]                      # local names, seen only by this subsystem
    rhs = { s = "v" }
    outputs = { F = "-c*s" }            # in the subsystem's states, t and parameters
    power = "c*s*v"                     # optional: energy flowing into the subsystem per unit time
    power_input = "v"                   # optional: the input the power-exchange scheme recovers from the power
    energy = "c*s**2/2"                 # optional: becomes the model functional energy_spring
    [model.oscillator.connections]
    "spring.v" = "mass.v"               # input <- output
    "mass.F" = "spring.F"

Every input must be connected.  Outputs may not depend on inputs (no direct
feed-through, so no algebraic loops).  The loader also derives the monolithic
model (every input replaced by the output it is connected to, blocks = the
subsystems), so every other check (identity, sign, solution, order with a
classical method) applies to the coupled system as it is.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from verify.input import expr as expressions
from verify.input.expr import ExprError
from verify.input.model.core import TIME, Model, check_distinct, check_name, symbol
from verify.input.model.tables import names_list, parse_in, subtable

COSIMULATION_KEYS = {"subsystems", "connections", "parameters", "functionals", "solution", "description"}
SUBSYSTEM_KEYS = {"states", "inputs", "rhs", "outputs", "power", "power_input", "energy", "description"}


def input_symbol(subsystem: str, name: str) -> sympy.Symbol:
    """The symbol of a subsystem's input (``spring.v``): distinct from any state of the same name."""
    return sympy.Symbol(f"{subsystem}.{name}", real=True)


@dataclass
class Subsystem:
    name: str
    states: list[str]
    inputs: list[str]
    rhs: dict[str, sympy.Expr]  # in own states, input symbols, t, parameters
    outputs: dict[str, sympy.Expr]  # in own states, t, parameters
    power: sympy.Expr | None = None  # energy rate into the subsystem, in own states and inputs
    power_input: str | None = None
    energy: sympy.Expr | None = None
    input_symbols: list[sympy.Symbol] = field(default_factory=list)

    def is_integrator(self) -> bool:
        """Is the right-hand side free of the subsystem's own states (x' = f(t, u))?"""
        own = {symbol(s) for s in self.states}
        return not any(e.free_symbols & own for e in self.rhs.values())


def cosimulation_from_table(name: str, table: dict, file: str) -> Model:
    where = f"model {name!r}"
    unknown = set(table) - COSIMULATION_KEYS
    if unknown:
        raise ExprError(f"{where}: unknown key(s) {', '.join(sorted(unknown))} (a co-simulation model has {', '.join(sorted(COSIMULATION_KEYS))})")
    model = Model(name=name, file=file, states=[], rhs={})
    for p, value in subtable(table, "parameters", where).items():
        check_name(p, "parameter", where)
        model.parameters[p] = parse_in(expressions.parse, value, {}, f"{where}: parameter {p}")
    if not isinstance(table.get("description", ""), str):
        raise ExprError(f"{where}: 'description' must be a string")
    raw = subtable(table, "subsystems", where)
    if len(raw) < 2:
        raise ExprError(f"{where}: a co-simulation needs at least two subsystems")
    for sub_name, sub_table in raw.items():
        subsystem = _subsystem(sub_name, sub_table, model, f"{where}: subsystem {sub_name!r}")
        clash = set(subsystem.states) & set(model.states)
        if clash:
            raise ExprError(f"{where}: state(s) {', '.join(sorted(clash))} appear in two subsystems")
        model.subsystems[sub_name] = subsystem
        model.states += subsystem.states
        model.blocks[sub_name] = list(subsystem.states)
    check_distinct(model, where)
    for target, source in subtable(table, "connections", where).items():
        model.connections[_port(target, model, "inputs", where)] = _port(source, model, "outputs", where)
    missing = [f"{s.name}.{i}" for s in model.subsystems.values() for i in s.inputs if (s.name, i) not in model.connections]
    if missing:
        raise ExprError(f"{where}: input(s) {', '.join(missing)} are not connected")
    for subsystem in model.subsystems.values():
        wiring = {input_symbol(subsystem.name, i): _connected_output(model, subsystem.name, i) for i in subsystem.inputs}
        for state in subsystem.states:
            model.rhs[state] = subsystem.rhs[state].xreplace(wiring)
        if subsystem.energy is not None:
            model.functionals[f"energy_{subsystem.name}"] = subsystem.energy
    for fname, text in subtable(table, "functionals", where).items():
        check_name(fname, "functional", where)
        if fname in model.functionals:
            raise ExprError(f"{where}: functional {fname!r} is also the energy of subsystem {fname[len('energy_'):]}")
        model.functionals[fname] = parse_in(model.parse, text, None, f"{where}: functional {fname}")
        check_distinct(model, where)
    for s, text in subtable(table, "solution", where).items():
        if s not in model.states:
            raise ExprError(f"{where}: solution for unknown state {s!r}")
        model.solution[s] = parse_in(model.parse, text, None, f"{where}: solution.{s}")
    return model


def _connected_output(model: Model, subsystem: str, name: str) -> sympy.Expr:
    source, output = model.connections[(subsystem, name)]
    return model.subsystems[source].outputs[output]


def _port(text, model, kind, where):
    """'spring.v' as (subsystem, name), the name being one of the subsystem's inputs or outputs."""
    parts = text.split(".") if isinstance(text, str) else []
    if len(parts) != 2 or parts[0] not in model.subsystems:
        raise ExprError(f"{where}: connection end {text!r} must read 'subsystem.{kind[:-1]}'")
    subsystem = model.subsystems[parts[0]]
    names = subsystem.inputs if kind == "inputs" else list(subsystem.outputs)
    if parts[1] not in names:
        raise ExprError(f"{where}: {parts[0]} has no {kind[:-1]} {parts[1]!r} ({kind}: {', '.join(names) or 'none'})")
    return parts[0], parts[1]


def _subsystem(name, table, model, where) -> Subsystem:
    if not isinstance(table, dict):
        raise ExprError(f"{where} must be a table")
    unknown = set(table) - SUBSYSTEM_KEYS
    if unknown:
        raise ExprError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    check_name(name, "subsystem", where)
    states = names_list(table, "states", where)
    inputs = names_list(table, "inputs", where)
    if not states:
        raise ExprError(f"{where}: 'states' is missing or empty")
    if set(states) & set(inputs) or set(states) & set(model.parameters) or set(inputs) & set(model.parameters) or TIME in states + inputs:
        raise ExprError(f"{where}: states, inputs, parameters and t must have different names")
    own = {s: symbol(s) for s in states}
    own[TIME] = symbol(TIME)
    own.update({p: symbol(p) for p in model.parameters})
    with_inputs = dict(own)
    with_inputs.update({i: input_symbol(name, i) for i in inputs})
    rhs_raw = subtable(table, "rhs", where)
    if sorted(rhs_raw) != sorted(states):
        raise ExprError(f"{where}: rhs must give exactly the states {', '.join(states)}")
    subsystem = Subsystem(name, states, inputs, {}, {}, input_symbols=[input_symbol(name, i) for i in inputs])
    for s in states:
        subsystem.rhs[s] = parse_in(expressions.parse, rhs_raw[s], with_inputs, f"{where}: rhs.{s}")
    outputs = subtable(table, "outputs", where)
    if not outputs:
        raise ExprError(f"{where}: give at least one output")
    for output, text in outputs.items():
        check_name(output, "output", where)
        subsystem.outputs[output] = parse_in(expressions.parse, text, own, f"{where}: output {output} (outputs use the subsystem's states, t and parameters, not its inputs)")
    if not isinstance(table.get("description", ""), str):
        raise ExprError(f"{where}: 'description' must be a string")
    if "power" in table:
        subsystem.power = parse_in(expressions.parse, table["power"], with_inputs, f"{where}: power")
    if "energy" in table:
        subsystem.energy = parse_in(expressions.parse, table["energy"], own, f"{where}: energy")
    power_input = table.get("power_input")
    if power_input is not None:
        if not isinstance(power_input, str) or power_input not in inputs or subsystem.power is None:
            raise ExprError(f"{where}: power_input must name one of the inputs ({', '.join(inputs)}), and needs 'power'")
        u = input_symbol(name, power_input)
        slope = sympy.diff(subsystem.power, u)
        if sympy.diff(slope, u) != 0 or slope == 0:
            raise ExprError(f"{where}: power must be affine in {power_input} with a nonzero coefficient (the scheme solves it for {power_input})")
        subsystem.power_input = power_input
    return subsystem
