"""check = "solution": the model's closed-form ``solution`` satisfies the ODE and the initial data.

For every state s: d/dt sol_s(t) - rhs_s(t, sol(t)) simplifies to 0, and
sol_s(0) = s0 (the symbol ``s0``, or the value under ``initial``).  Proved by
sympy, so the evidence is ``symbolic``; a failing component is refuted with
its residual.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

from verify.input.load import Claim, LoadError
from verify.input.model import TIME, initial_name, symbol
from verify.engines import crosscheck
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome, parameter_scope
from verify.checks.identity import is_zero, sample_points
from verify.errors import CrossCheckUnavailable
from verify.checks.kind import ClaimKind

KEYS = {"initial"}


@dataclass(frozen=True)
class SolutionSpec:
    initial: dict  # x0 -> value, from the optional initial table


def prepare(claim: Claim):
    model = claim.model
    if model is None or not model.solution:
        raise LoadError("check 'solution' needs a model with a 'solution' table")
    missing = [s for s in model.variables if s not in model.solution]
    if missing:
        raise LoadError(f"the model's solution does not give {', '.join(missing)}")
    initial = claim.table.get("initial", {})
    if not isinstance(initial, dict) or set(initial) - set(model.states):
        raise LoadError("'initial' must map states to values")
    return SolutionSpec({symbol(initial_name(s)): claim.value(v, f"initial.{s}") for s, v in initial.items()})


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    model = claim.model
    used = set().union(*(e.free_symbols for e in [*model.solution.values(), *model.rhs.values(), *model.constraints]))
    return parameter_scope(claim, _decide(claim), used)


def _decide(claim: Claim) -> Outcome:
    model, initial = claim.model, claim.spec.initial
    t = symbol(TIME)
    solution = {symbol(s): claim.substitute(model.solution[s]).subs(initial) for s in model.variables}
    derivation, failures, enclosed = [], [], []

    def witnessed(residual) -> str:
        _only_on_part_of_the_line(residual)
        text = _witness(residual)
        if "certified by interval arithmetic" in text:
            enclosed.append(text)
        return text

    for s in model.variables:  # undefined at the start (1/t): the residual is sympy's zoo, which said nothing of why
        start = solution[symbol(s)].subs(t, 0)  # (a review of 2026-12-06)
        if start.has(sympy.zoo, sympy.nan) or start.is_finite is False:
            raise CheckError(f"the stated solution {s}(t) = {solution[symbol(s)]} is not defined at the start t = 0 ({s}(0) = {start}), "
                             "so it cannot take the initial value there")
    for k, g in enumerate(model.constraints):  # a DAE: the solution must satisfy every constraint
        residual = claim.substitute(g).subs(solution, simultaneous=True)
        derivation.append(f"constraint {k + 1}: {g} on the solution = {sympy.simplify(residual)}")
        if not is_zero(residual):
            failures.append(f"claimed solution violates the constraint 0 = {g}: computed {sympy.simplify(residual)}, {witnessed(residual)}")
    for s in model.states:
        x = symbol(s)
        rhs_on_solution = claim.substitute(model.rhs[s]).subs(solution, simultaneous=True)
        residual = sympy.diff(solution[x], t) - rhs_on_solution
        derivation.append(f"{s}(t) = {solution[x]}; d{s}/dt - rhs_{s} = {sympy.simplify(residual)}")
        if not is_zero(residual):
            failures.append(f"claimed {s}(t) = {solution[x]} solves {s}' = {model.rhs[s]}, computed d{s}/dt - rhs_{s} = {sympy.simplify(residual)}, {witnessed(residual)}")
        start = solution[x].subs(t, 0)
        wanted = symbol(initial_name(s)).subs(initial)
        derivation.append(f"{s}(0) = {sympy.simplify(start)}, initial value {wanted}")
        if not is_zero(start - wanted):  # the witness is of the difference, named as such (not read as y(0))
            failures.append(f"claimed initial value {s}(0) = {wanted}, computed {s}(0) = {sympy.simplify(start)}; "
                            f"{s}(0) - {wanted} = {sympy.simplify(start - wanted)}, {witnessed(start - wanted)}")
    computed = {s: str(solution[symbol(s)]) for s in model.variables}
    if failures:  # certified where an interval enclosure showed a residual nonzero, symbolic where exact values did
        return Outcome("refuted", "certified" if enclosed else "symbolic", "; ".join(failures), computed, derivation)
    constraints = f", the {len(model.constraints)} constraint(s)" if model.constraints else ""
    return Outcome("verified", "symbolic", f"the stated solution satisfies {', '.join(s + chr(39) for s in model.states)}{constraints} and the initial data (sympy)", computed, derivation)


KINKS = {sympy.Abs: "abs", sympy.sign: "sign", sympy.Piecewise: "Piecewise", sympy.Max: "max", sympy.Min: "min"}  # where a
# closed form can stop solving the equation
NEAR_START = (sympy.Integer(0), sympy.Rational(1, 1000))  # the start and just after it: an initial value problem runs forward


def _only_on_part_of_the_line(residual: sympy.Expr) -> None:
    """CheckError when a residual in t (and perhaps initial values and parameters) with abs (or sign, max, min,
    Piecewise) in it is exactly 0 at t = 0 and t = 1/1000 (for every value of the others) but not everywhere: (t/2 + 1)^2 solves y' = sqrt(y) = |t/2 + 1| for t >= -2, the interval of the
    start, and was refuted at t = -3; y0 + t^2/2 solves y' = |t| for t >= 0 and was refuted at t = -5/4 (reviews of
    2026-12-05), while 1/(1 - t) for y' = y^2, valid for t < 1 only, is verified (its residual is 0 as a function).
    The solution kind decides the equation on the whole line; on which part a claim means it is not decided here,
    and the message names a point where the residual is not 0."""
    t = symbol(TIME)
    kinks = sorted({name for kind, name in KINKS.items() if residual.has(kind)})
    if t not in residual.free_symbols or not kinks:  # with y0 or a parameter beside t too: |t| y for y' = |t| y
        return
    for point in NEAR_START:
        value = residual.xreplace({t: point})
        if not (value.is_Rational and value == 0) and not is_zero(value):
            return
    try:
        elsewhere = f" ({_witness(residual)})"
    except CheckError:
        elsewhere = ""
    raise CheckError(f"the residual {sympy.simplify(residual)} is 0 at t = 0 and t = 1/1000 but not on the whole line{elsewhere}: the "
                     f"formula solves the equation only on part of it (a kink of {' and '.join(kinks)} lies between), and which part "
                     "the claim means is not decided here")


def _witness(residual: sympy.Expr) -> str:
    """Where a residual that sympy did not simplify to 0 is certainly nonzero: an exact point, the value exact
    or enclosed by interval arithmetic.  A failed simplification alone refutes nothing: CheckError."""
    simplified = sympy.simplify(residual)
    if simplified.is_Rational and simplified != 0:
        return "not 0"
    symbols = sorted(residual.free_symbols, key=str)
    for point in sample_points(symbols):
        value = residual.xreplace(point)
        at = ", ".join(f"{k} = {v}" for k, v in point.items()) or "every value"
        if value.is_Rational:
            if value != 0:
                return f"which is {value} at {at} (exact)"
            continue
        try:
            sign, enclosure, _ = crosscheck.certify_sign(value)
        except (CrossCheckUnavailable, ZeroDivisionError, ValueError, TypeError):
            continue
        if sign:
            return f"which lies in {enclosure} at {at} (certified by interval arithmetic), not 0"
    raise CheckError(f"sympy cannot simplify the residual {sympy.simplify(residual)} to 0, and it is not certainly nonzero at any sample point")


KIND = ClaimKind("solution", KEYS, prepare, evaluate, spec_types=(SolutionSpec,))
