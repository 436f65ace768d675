"""A stability claim read at load time: the method and its options (checked at a sample when they hold symbols),
what it states (``equals`` R(z), ``stable_when``, ``spectral_radius``, A-/L-stability, multistep keys) into a frozen
StabilitySpec; the amplification matrix of a one-step method on y' = lam y (or a linear model)."""
from __future__ import annotations

import re

from dataclasses import dataclass

import sympy

from verify.engines import symbolic
from verify.input.load import Claim, LoadError
from verify.engines.methods import SymbolicSystem
from verify.engines.methods import schema
from verify.engines.methods.base import MethodError
from verify.engines.methods.multistep import LinearMultistep
from verify.input.model import fingerprint_of, model_from_table, symbol
from verify.checks.common import CheckError
from verify.checks.stability import a_stability
from verify.checks.stability import multistep as multistep_stability
from verify.checks.comparisons import RELATION, split_condition
from verify.checks.kit import KeptRuns, method_and_options, validated


KEYS = {"method", "options", "equals", "stable_when", "variable", "spectral_radius", "digits", "rounding"} | set(multistep_stability.KEYS) \
    | set(a_stability.KEYS)
DIGITS_HINT = ('a bound printed to some decimals, "RK4 is stable for h <= 2.785": write check = "forall" with exactly_when and '
               'digits (README: Claims for every parameter value)')


# y' = lam y; lam is a parameter only so that the rhs parses; the callers of amplification() give it the value LAM, a
# Dummy of its own: a claim's own symbol named lam (an option h = "lam", symbols = ["lam"]) is another symbol, and R(z)
# is read at LAM = z / step (a review of 2026-12-06: with symbol("lam") both merged, and a false R(z) was verified)
DAHLQUIST = model_from_table("dahlquist", {"states": ["y"], "rhs": {"y": "lam*y"}, "parameters": {"lam": -1}}, "(built in)")
LAM = sympy.Dummy("lam", real=True)
# the argument of a stability function R(z): complex, not the real symbol every other name is (verify.input.model.symbol),
# so that a claimed R(z) is read as a function of complex z: with z real, sympy read abs(z)**2 as z**2 and log(exp(z)) as
# z, and Heun's R(z) claimed as 1 + z + abs(z)**2/2 (3/2 + i at z = i, where R(i) = 1/2 + i) was verified (a review of
# 2026-12-07)
Z = sympy.Symbol("z")


@dataclass(frozen=True)
class StabilitySpec:
    method: object
    options: dict
    form: object  # what is claimed: a MultistepClaim, AStability, SpectralRadius, StableWhen, R(z) or a matrix


def prepare(claim: Claim) -> StabilitySpec:
    table = claim.table
    for name in claim.symbols:
        claim.parameters.pop(name, None)  # listed symbols stay free
    try:
        method, options = method_and_options(claim)
    except LoadError as exc:
        undeclared = re.search(r"options\.(\w+): unknown name '(\w+)'", str(exc))
        if undeclared and "stable_when" in table:  # a fresh user's first stable_when (review of 2026-12-05)
            raise LoadError(f"{exc}; a step size left free is a symbol: list it under symbols (symbols = [\"{undeclared.group(2)}\", ...]) "
                            f"and name it in variable") from None
        raise
    if isinstance(method, LinearMultistep):  # decided from its coefficients alone (no start values needed)
        try:
            return StabilitySpec(method, options, multistep_stability.prepare(claim, method, options))
        except MethodError as exc:
            raise LoadError(str(exc)) from None
    only_multistep = [key for key in multistep_stability.KEYS if key in table and key != "equals" and key not in a_stability.KEYS]
    if only_multistep:  # before digits: the key is what is wrong (a new user's trial of 2026-12-07 wrote rk4's
        # real_stability_interval with digits = 3 and was told about digits)
        raise LoadError(f"{only_multistep[0]!r} is a key for linear multistep methods (adams-bashforth-k, bdf-k, lmm, ...); "
                        f"for the one-step method {method.name} state R(z) with 'equals', or use 'stable_when'")
    if "digits" in table or "rounding" in table:  # read beside a multistep method's a_alpha only
        raise LoadError(f"digits and rounding are read beside a_alpha of a linear multistep method; for {method.name}: {DIGITS_HINT}")
    _validated_at_a_sample(claim, method, options)
    if "stable_when" in table:
        return _prepare_stable_when(claim, method, options)
    if "spectral_radius" in table:
        match = RELATION.match(table["spectral_radius"]) if isinstance(table["spectral_radius"], str) else None
        if claim.model is None or claim.symbols or not match:
            raise LoadError("spectral_radius needs a model, concrete parameters and 'OP value', e.g. \"> 1\"")
        bound = claim.value(match.group(2), "spectral_radius")
        square = sympy.expand(bound**2) if bound.is_number else None
        if not (square is not None and square.is_Rational and bound.is_nonnegative):  # 1/2, 0, sqrt(101)/10: square rational
            raise LoadError("the spectral radius bound must be a nonnegative rational or the square root of one")
        return StabilitySpec(method, options, SpectralRadius(match.group(1), bound, match.group(2).strip()))
    if claim.model is None and any(key in table for key in a_stability.KEYS):
        options.setdefault("h", symbol("h"))
        equals = claim.value(table["equals"], "equals", {"z": Z}) if "equals" in table else None
        return StabilitySpec(method, options, AStability(a_stability.prepare(table), equals))
    if "equals" not in table:
        raise LoadError("check 'stability' needs 'equals' or 'stable_when'")
    z = Z
    if claim.model is None:
        options.setdefault("h", symbol("h"))
        equals = claim.value(table["equals"], "equals", {"z": z})
        if not isinstance(table["equals"], (str, int)) or equals.free_symbols - {z} - set(claim.symbols.values()):
            raise LoadError("equals must be an expression in z (and the claim's symbols)")
        return StabilitySpec(method, options, equals)
    equals = table["equals"]
    size = len(claim.model.states) + symbolic.memory_size(method, claim.model, options)
    if not (isinstance(equals, list) and all(isinstance(row, list) and len(row) == len(equals) == size for row in equals)):
        raise LoadError(f"equals must be a {size}x{size} list of rows (the states, then the method's memory: "
                        f"{', '.join(claim.model.states + method.memory_names(claim.model, options))})")
    return StabilitySpec(method, options, sympy.Matrix([[claim.value(v, "equals") for v in row] for row in equals]))


def _validated_at_a_sample(claim, method, options):
    """The method's own option check (names, shapes, kinds), with every free symbol replaced by 1: the
    options of a stability claim stay symbolic, and a step size or count of 1 passes every check a
    symbol would.  The step size of the test equation (h) may be left out; it defaults to the symbol h."""
    stand_in = {s: sympy.Integer(1) for s in claim.symbols.values()} | {symbol("h"): sympy.Integer(1)}

    def sample(value):
        if isinstance(value, dict):
            return {k: sample(v) for k, v in value.items()}
        if isinstance(value, list):
            return [sample(v) for v in value]
        return value.xreplace(stand_in) if isinstance(value, sympy.Basic) else value

    trial = {name: sample(value) for name, value in options.items()}
    if claim.model is None:
        trial.setdefault("h", sympy.Integer(1))
    try:
        validated(method, claim.model or DAHLQUIST, trial)
    except LoadError as exc:
        if trial == options:
            raise
        raise LoadError(f"{exc} (the options were checked with every symbol set to 1)") from None


def _prepare_stable_when(claim, method, options):
    table = claim.table
    if claim.model is None:
        raise LoadError("stable_when needs a model (its amplification matrix is decided)")
    variable = table.get("variable")
    if variable not in claim.symbols:
        raise LoadError("stable_when needs 'variable': the step-size symbol, declared in 'symbols'")
    positive = {s: sympy.Symbol(name, positive=True) for name, s in claim.symbols.items()}  # real symbol -> positive one
    text = table["stable_when"]
    if not isinstance(text, str):
        raise LoadError("stable_when must be a condition such as \"H < 2*sqrt(m/c)\", or \"never\" or \"always\"")
    alternatives = ()
    if text.strip() in ("never", "always"):
        conditions = text.strip()
    else:
        conditions, alternatives = [], []
        for k, alternative in enumerate(re.split(r"\s+or\s+", text.strip())):  # 'or' is a keyword: never a symbol's name
            parts = split_condition(alternative)
            if parts is None:
                raise LoadError("stable_when must read 'lhs OP rhs' or 'a < H < b' (several joined by 'or'), or be \"never\" or \"always\"")
            conditions += [(claim.value(a.strip(), "stable_when").xreplace(positive), op, claim.value(b.strip(), "stable_when").xreplace(positive))
                           for a, op, b in parts]
            alternatives += [k] * len(parts)
        for side in (side for lhs, _, rhs in conditions for side in (lhs, rhs)):
            numbers = [side] if side.is_number else [c for c in sympy.Add.make_args(side) if c.is_number]
            if any(number.is_real is False for number in numbers):  # (4 - sqrt(17))**(1/3), the principal root of a negative
                # number, is complex: the claim ran into the time limit (a review of 2026-12-06)
                raise LoadError(f"stable_when: {side} is not a real number (a fractional power of a negative number is sympy's "
                                "principal root, complex: write -(17**(1/2) - 4)**(1/3) for the real cube root)")
    return StabilitySpec(method, options, StableWhen(text.strip(), conditions, positive[claim.symbols[variable]], positive, tuple(alternatives)))


@dataclass
class AStability:
    claimed: dict  # a_stable / l_stable -> claimed truth
    equals: sympy.Expr | None  # an R(z) claimed together with them


@dataclass
class StableWhen:
    text: str
    conditions: object  # "never", "always" or [(lhs, op, rhs)] in positive symbols
    variable: sympy.Symbol  # the step, positive
    positive: dict  # the claim's real symbols -> positive ones
    alternatives: tuple = ()  # per condition, the 'or' alternative it belongs to (the conditions of one must all hold)


@dataclass
class SpectralRadius:
    op: str
    bound: sympy.Expr  # nonnegative, its square rational (1/2, 0, sqrt(101)/10)
    text: str


_AMPLIFICATIONS = KeptRuns(32)  # amplification matrices kept per worker


def amplification(method, options, model, parameters) -> sympy.Matrix:
    """M with y+ = M y for one step of ``method`` on the linear homogeneous ``model``.

    A worker keeps the last ones it formed, under everything they depend on (the method's name, its options and the
    parameter values written out with every symbol's assumptions by ``srepr``, the model), and hands out copies:
    claims about one method (A-stable, L-stable, its R(z), a stable_when and its wrong version) form the same matrix."""
    key = (method.name, fingerprint_of(options), model.fingerprint(), fingerprint_of(parameters))
    return sympy.Matrix(_AMPLIFICATIONS.get(key, lambda: sympy.ImmutableMatrix(_amplification(method, options, model, parameters))))


def _amplification(method, options, model, parameters) -> sympy.Matrix:
    system = SymbolicSystem(model, {symbol(p): v for p, v in parameters.items()})
    state = [sympy.Dummy(f"y{i}") for i in range(len(model.states) + symbolic.memory_size(method, model, options))]
    image = symbolic.one_step(method, system, options, symbol("t"), state, augmented=True, reduced=False)
    parts = symbolic.affine_parts(image, state)
    if parts is None or any(parts[1]):
        raise CheckError("the step is not linear and homogeneous in the state: no amplification matrix")
    return parts[0]


def count_options(method) -> list[str]:
    """The names of a method's whole-number count options (a multirate method's microsteps m)."""
    return [o.name for o in method.schema if o.kind == schema.COUNT]
