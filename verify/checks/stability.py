"""check = "stability": the exact amplification factor or matrix of a method.

Without a model: the method's stability function R(z) on Dahlquist's test
equation y' = lam y, z = h lam (Hairer & Wanner, Solving ODEs II, sec. IV.2):
one symbolic step of the method's own step map gives y1 = R(h lam) y0.  With a
linear homogeneous model (e.g. the test system x' = a x + b z, z' = c x + d z,
its coefficients listed under ``symbols``): the amplification matrix M with
y+ = M y, from one symbolic step.  ``equals`` is the claimed R(z) (in ``z``)
or M (a list of rows).  Proved by sympy: evidence ``symbolic``.
"""
from __future__ import annotations

import sympy

from .. import symbolic
from ..load import Claim, LoadError
from ..methods import SymbolicSystem
from ..model import model_from_table, symbol
from .common import CheckError, Outcome
from .run import method_and_options

KEYS = {"method", "options", "equals"}
# y' = lam y; lam is a parameter only so that the rhs parses; amplification() substitutes the symbol lam.
DAHLQUIST = model_from_table("dahlquist", {"states": ["y"], "rhs": {"y": "lam*y"}, "parameters": {"lam": -1}}, "(built in)")


def prepare(claim: Claim):
    table = claim.table
    for name in claim.symbols:
        claim.parameters.pop(name, None)  # listed symbols stay free
    method, options = method_and_options(claim)
    if "equals" not in table:
        raise LoadError("check 'stability' needs 'equals'")
    z = symbol("z")
    if claim.model is None:
        options.setdefault("h", symbol("h"))
        equals = claim.value(table["equals"], "equals", {"z": z})
        if not isinstance(table["equals"], (str, int)) or equals.free_symbols - {z} - set(claim.symbols.values()):
            raise LoadError("equals must be an expression in z (and the claim's symbols)")
        return method, options, equals
    equals = table["equals"]
    if not (isinstance(equals, list) and all(isinstance(row, list) and len(row) == len(equals) == len(claim.model.states) for row in equals)):
        raise LoadError(f"equals must be a {len(claim.model.states)}x{len(claim.model.states)} list of rows")
    return method, options, sympy.Matrix([[claim.value(v, "equals") for v in row] for row in equals])


def amplification(method, options, model, parameters) -> sympy.Matrix:
    """M with y+ = M y for one step of ``method`` on the linear homogeneous ``model``."""
    system = SymbolicSystem(model, {symbol(p): v for p, v in parameters.items()})
    state = [sympy.Dummy(f"y{i}") for i in range(len(model.states))]
    image = symbolic.one_step(method, system, options, symbol("t"), state)
    parts = symbolic.affine_parts(image, state)
    if parts is None or any(parts[1]):
        raise CheckError("the step is not linear and homogeneous in the state: no amplification matrix")
    return parts[0]


def evaluate(claim: Claim) -> Outcome:
    method, options, equals = claim.spec
    try:
        if claim.model is None:
            h, lam, z = symbol("h"), symbol("lam"), symbol("z")
            M = amplification(method, options, DAHLQUIST, {"lam": lam})
            computed_value = sympy.cancel(sympy.simplify(M[0, 0].subs(lam, z / h)))
            difference = sympy.simplify(computed_value - equals)
            what, shown = "R(z)", str(computed_value)
        else:
            M = sympy.simplify(amplification(method, options, claim.model, claim.parameters))
            computed_value = M
            difference = sympy.simplify(M - equals)
            what, shown = "amplification matrix", str(M.tolist())
    except symbolic.SymbolicUnavailable as exc:
        raise CheckError(str(exc)) from None
    derivation = [f"{what} of {method.name}: {shown}"]
    if (difference == 0) if not isinstance(difference, sympy.MatrixBase) else difference.is_zero_matrix:
        return Outcome("verified", "symbolic", f"{what} of {method.name} = {shown} (one symbolic step, sympy)", {what: shown}, derivation)
    claimed = str(equals if not isinstance(equals, sympy.MatrixBase) else equals.tolist())
    return Outcome("refuted", "symbolic", f"{what} of {method.name}: claimed {claimed}, computed {shown}", {what: shown}, derivation)
