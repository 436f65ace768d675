"""The model every claim is about: states, right-hand side, parameters, blocks, functionals and a closed-form solution.

All names become real sympy Symbols from one cache, so the same name is the
same Symbol in every model and claim of a run.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import lru_cache

import sympy

from verify.input import expr as expressions
from verify.input.expr import ExprError

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

    def fingerprint(self) -> str:
        """Everything the model holds (its subsystems too) written out by sympy's ``srepr``: every expression with each
        symbol's assumptions and a parameter named E apart from exp(1), which ``repr`` prints alike (sympy's plain
        printer).  The key of what a worker keeps and of the result cache (a review of 2026-12-06: with ``repr`` in the
        key, a model edited from E*y to exp(1)*y got the old one's amplification matrix back in the same process)."""
        return sympy.srepr(_written_out(self))

    def names(self) -> dict[str, sympy.Expr]:
        """Names a claim about this model may use: states, t, parameters, initial values, functionals."""
        names = {s: symbol(s) for s in self.states + self.algebraic}
        names[TIME] = symbol(TIME)
        names.update({p: symbol(p) for p in self.parameters})
        names.update({initial_name(s): symbol(initial_name(s)) for s in self.variables})
        names.update(self.functionals)
        return names

    def solution_start_problem(self, substitutions: dict, t0, y0) -> str | None:
        """Why the model's solution, written for initial data at t = 0 (``x0`` = x(0)), cannot serve a run that starts
        at ``t0`` from ``y0``: None when the solution with x0 = y0 passes through (t0, y0) (then it is the solution of
        that initial value problem: always at t0 = 0 for a formula written as the README says); else a sentence
        naming the first state it misses (or, at t0 != 0, the states it gives no formula for).
        With t0 = 1 the solution y0 + t of y' = 1 gave y = 1 at the start of a run from y = 0, and a false error
        claim was verified."""
        t0 = sympy.sympify(t0)
        missing = [s for s in self.variables if s not in self.solution]
        if missing and t0 != 0:  # x's formula may read z0 = z(0), which no formula for z lets us check at t0
            return (f"the model's solution gives no formula for {', '.join(missing)}, so it cannot be checked to pass through this run's "
                    f"start at t = {t0}: start at t = 0, or give a solution for every state")
        values = {symbol(initial_name(s)): sympy.sympify(v) for s, v in zip(self.variables, y0)}
        values[symbol(TIME)] = t0
        for s, v in zip(self.variables, y0):  # also at t0 = 0: a formula written for another start is found here
            if s not in self.solution:
                continue
            at_start = self.solution[s].subs(substitutions).xreplace(values)
            difference = at_start - sympy.sympify(v)
            if sympy.expand(difference) != 0 and sympy.simplify(difference) != 0:
                if t0 == 0:
                    return (f"the model's solution does not pass through the initial values: at t = 0 it gives {s} = {at_start}, not {v} "
                            f"(a solution is written for initial data at t = 0, {initial_name(s)} = {s}(0))")
                return (f"the model's solution is written for initial data at t = 0 ({initial_name(s)} = {s}(0)); this run starts at "
                        f"t = {t0}, where it gives {s} = {at_start}, not {v}: start at t = 0, or give a solution through the start")
        return None

    def time_derivative(self, expression: sympy.Expr) -> sympy.Expr:
        """``ddt(expr)``: the derivative of ``expr`` along the vector field, sum_s d(expr)/ds * rhs_s + d(expr)/dt,
        plus sum_z d(expr)/dz * z' for the algebraic variables z of a DAE, z' from the constraints differentiated
        along the solution (index one: G(t, x, z) = 0 gives G_z z' = -(G_x f + G_t); Hairer & Wanner II, sec. VI.1).
        ddt(z) was 0 before a review of 2026-12-06, and z' >= 0 'verified' for z = x^2 with x' = -x."""
        derivative = sympy.diff(expression, symbol(TIME))
        for s in self.states:
            derivative += sympy.diff(expression, symbol(s)) * self.rhs[s]
        present = [z for z in self.algebraic if symbol(z) in expression.free_symbols]
        if present:
            rates = self._algebraic_rates()
            for z in present:
                derivative += sympy.diff(expression, symbol(z)) * rates[z]
        return derivative

    def _algebraic_rates(self) -> dict:
        """z' for each algebraic variable, from G_z z' = -(G_x f + G_t) (exact; an ExprError when G_z is singular)."""
        t = symbol(TIME)
        zs = [symbol(z) for z in self.algebraic]
        G = sympy.Matrix(self.constraints)
        G_z = G.jacobian(zs)
        if G_z.shape[0] != G_z.shape[1] or sympy.expand(G_z.det()) == 0:
            raise ExprError(f"ddt of an algebraic variable ({', '.join(self.algebraic)}): the constraints do not determine its "
                            "derivative (their Jacobian in the algebraic variables is singular: a DAE of index above one)")
        flow = G.diff(t) + G.jacobian([symbol(s) for s in self.states]) * sympy.Matrix([self.rhs[s] for s in self.states])
        rates = G_z.LUsolve(-flow)
        return {z: sympy.cancel(rate) for z, rate in zip(self.algebraic, rates)}

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


def check_distinct(model: "Model", where: str) -> None:
    """States, algebraic variables, their initial values (``x0``), parameters and functionals all have different names."""
    owners: dict[str, str] = {}
    entries = [(v, "state") for v in model.states] + [(v, "algebraic variable") for v in model.algebraic]  # y in both lists
    # was "both the state and the state" (a review of 2026-12-06)
    entries += [(initial_name(v), f"initial value of {v}") for v in model.variables]
    entries += [(p, "parameter") for p in model.parameters]
    entries += [(f, "functional") for f in model.functionals]
    for name, role in entries:
        if name in owners:
            both = f"listed twice as a {role}" if owners[name] == role else f"both the {owners[name]} and the {role}"
            raise ExprError(f"{where}: {name!r} is {both}; give them different names")
        owners[name] = role


def fingerprint_of(values: dict) -> str:
    """A table of values (a claim's parameter values, a method's options) written out as Model.fingerprint writes a
    model: sorted by name, every expression by sympy's ``srepr``; with the model's, the key of what a worker keeps and
    of the result cache."""
    return sympy.srepr(_written_out(tuple(sorted(values.items(), key=str))))


def _written_out(value):
    """A model, its subsystems and their fields as nested tuples of names, numbers and sympy objects (for srepr)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *((f.name, _written_out(getattr(value, f.name))) for f in dataclasses.fields(value)))
    if isinstance(value, dict):
        return ("dict", *((_written_out(k), _written_out(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_written_out(v) for v in value)
    return value
