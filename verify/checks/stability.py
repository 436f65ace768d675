"""check = "stability": the exact amplification factor or matrix of a method.

Without a model: the method's stability function R(z) on Dahlquist's test
equation y' = lam y, z = h lam (Hairer & Wanner, Solving ODEs II, sec. IV.2):
one symbolic step of the method's own step map gives y1 = R(h lam) y0.  With a
linear homogeneous model (e.g. the test system x' = a x + b z, z' = c x + d z,
its coefficients listed under ``symbols``): the amplification matrix M with
y+ = M y, from one symbolic step.  ``equals`` is the claimed R(z) (in ``z``)
or M (a list of rows).  Proved by sympy: evidence ``symbolic``.

``stable_when`` (with a model and ``variable``, the step-size symbol): the
claimed exact set of step sizes for
which the iteration y_{n+1} = M y_n stays bounded, e.g. "H < 2*sqrt(m/c)", or
"never" / "always".  Declared symbols are taken positive.  For 2x2 M with trace
T and determinant D, bounded means |D| <= 1 and |T| <= 1 + D, except a double
eigenvalue +-1 with M != +-I (a Jordan block, growing linearly); for 1x1,
|M| <= 1 (Jury's conditions; e.g. Elaydi, An Introduction to Difference
Equations, sec. 4.3 and 5.1).  The proof splits (0, oo) at every positive
root of the expressions these conditions and the claim compare, and decides
both statements at each root and at one point between consecutive roots.
A larger matrix (a method with memory) is decided through verify.checks.spectral:
the eigenvalues can cross the unit circle only at roots of a resultant, and
each interval between those (and the claim's own boundaries) is decided by the
exact Schur-Cohn test at a rational sample (evidence ``symbolic``).

``spectral_radius = "OP value"`` (concrete parameters): the spectral radius of
the exact amplification matrix compared with a rational bound.  A method that
carries memory from step to step (the previous exchange of a linear
extrapolation, a balance correction's carried error) has it in the matrix:
the state is (y, memory).  The eigenvalues are the roots of the exact
characteristic polynomial, isolated by sympy (ComplexRootOf.eval_rational,
with a guaranteed error bound) and refined until each modulus is certainly
above or below the bound: evidence ``certified``.
"""
from __future__ import annotations

import copy
import itertools

from dataclasses import dataclass

import sympy

from verify.engines import crosscheck
from verify.engines import symbolic
from verify.input.load import Claim, LoadError
from verify.engines.methods import SymbolicSystem
from verify.engines.methods.base import MethodError
from verify.engines.methods.multistep import LinearMultistep
from verify.input.model import model_from_table, symbol
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome
from verify.checks import a_stability, multistep_stability
from verify.engines import spectral
from verify.checks.comparisons import OPERATORS, RELATION, split_condition
from verify.checks.kit import method_and_options, validated
from verify.checks.kind import ClaimKind

KEYS = {"method", "options", "equals", "stable_when", "variable", "spectral_radius"} | set(multistep_stability.KEYS) | set(a_stability.KEYS)
# y' = lam y; lam is a parameter only so that the rhs parses; amplification() substitutes the symbol lam.
DAHLQUIST = model_from_table("dahlquist", {"states": ["y"], "rhs": {"y": "lam*y"}, "parameters": {"lam": -1}}, "(built in)")


@dataclass(frozen=True)
class StabilitySpec:
    method: object
    options: dict
    form: object  # what is claimed: a MultistepClaim, AStability, SpectralRadius, StableWhen, R(z) or a matrix


def prepare(claim: Claim) -> StabilitySpec:
    table = claim.table
    for name in claim.symbols:
        claim.parameters.pop(name, None)  # listed symbols stay free
    method, options = method_and_options(claim)
    if isinstance(method, LinearMultistep):  # decided from its coefficients alone (no start values needed)
        try:
            return StabilitySpec(method, options, multistep_stability.prepare(claim, method, options))
        except MethodError as exc:
            raise LoadError(str(exc)) from None
    _validated_at_a_sample(claim, method, options)
    if "stable_when" in table:
        return _prepare_stable_when(claim, method, options)
    if "spectral_radius" in table:
        match = RELATION.match(table["spectral_radius"]) if isinstance(table["spectral_radius"], str) else None
        if claim.model is None or claim.symbols or not match:
            raise LoadError("spectral_radius needs a model, concrete parameters and 'OP value', e.g. \"> 1\"")
        bound = claim.value(match.group(2), "spectral_radius")
        if not (bound.is_Rational and bound > 0):
            raise LoadError("the spectral radius bound must be a positive rational")
        return StabilitySpec(method, options, SpectralRadius(match.group(1), bound, match.group(2).strip()))
    if claim.model is None and any(key in table for key in a_stability.KEYS):
        options.setdefault("h", symbol("h"))
        equals = claim.value(table["equals"], "equals", {"z": symbol("z")}) if "equals" in table else None
        return StabilitySpec(method, options, AStability(a_stability.prepare(table), equals))
    if "equals" not in table:
        raise LoadError("check 'stability' needs 'equals' or 'stable_when'")
    z = symbol("z")
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
    if text.strip() in ("never", "always"):
        conditions = text.strip()
    else:
        parts = split_condition(text)
        if parts is None:
            raise LoadError("stable_when must read 'lhs OP rhs' or 'a < H < b', or be \"never\" or \"always\"")
        conditions = [(claim.value(a.strip(), "stable_when").xreplace(positive), op, claim.value(b.strip(), "stable_when").xreplace(positive)) for a, op, b in parts]
    return StabilitySpec(method, options, StableWhen(text.strip(), conditions, positive[claim.symbols[variable]], positive))


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


def _decide(relation):
    """True/False for a relation sympy can decide (from the sign of lhs - rhs under the symbols' assumptions), else None."""
    if relation in (sympy.true, sympy.false, True, False):
        return bool(relation)
    difference = sympy.simplify(relation.lhs - relation.rhs)
    if not difference.free_symbols and difference.is_real is not False:  # a number: its sign from rigorous enclosures
        try:
            sign = spectral.compare_real(difference, sympy.Integer(0))
        except CheckError:
            return None
        return OPERATORS[relation.rel_op](sign, 0)
    sign = 0 if difference.is_zero else 1 if difference.is_positive else -1 if difference.is_negative else None
    if sign is None:
        return None
    return OPERATORS[relation.rel_op](sign, 0)


def _bounded(M, variable, value):
    """Is y -> M y power-bounded at variable = value (Jury's conditions, Jordan blocks excluded)?  None if undecided."""
    Mv = sympy.simplify(M.subs(variable, value))
    if Mv.shape == (1, 1):
        return _decide(sympy.Le(sympy.Abs(Mv[0, 0]), 1, evaluate=False))
    T, D = sympy.simplify(Mv.trace()), sympy.simplify(Mv.det())
    inside = [_decide(sympy.Le(sympy.Abs(D), 1, evaluate=False)), _decide(sympy.Le(sympy.Abs(T), 1 + D, evaluate=False))]
    if None in inside:
        return None
    if not all(inside):
        return False
    jordan = _decide(sympy.Eq(D, 1, evaluate=False)) and _decide(sympy.Eq(T**2, 4, evaluate=False))
    if jordan is None:
        return None
    return not jordan or Mv in (sympy.eye(2), -sympy.eye(2))


def _claimed(spec, value):
    if spec.conditions in ("never", "always"):
        return spec.conditions == "always"
    try:
        results = [_decide(sympy.Rel(a.subs(spec.variable, value), b.subs(spec.variable, value), op, evaluate=False)) for a, op, b in spec.conditions]
    except (ValueError, TypeError):  # e.g. min() of numbers sympy cannot order: the claimed condition is not decided here
        return None
    return None if None in results else all(results)


def _claim_text(spec) -> str:
    v = spec.variable
    if spec.conditions == "never":
        return f"unstable for every {v} > 0"
    if spec.conditions == "always":
        return f"stable for every {v} > 0"
    return f"stable exactly when {spec.text} ({v} > 0)"


def _critical_points(M, spec):
    """Positive roots (numerators and denominators) of everything the two statements compare, sorted."""
    v = spec.variable
    if M.shape == (1, 1):
        expressions = [M[0, 0] - 1, M[0, 0] + 1]
    else:
        T, D = sympy.simplify(M.trace()), sympy.simplify(M.det())
        expressions = [D - 1, D + 1, T - 1 - D, T + 1 + D, T - 2, T + 2]
    return spectral.merge_points(spectral.positive_roots(expressions + _claim_expressions(spec), v))


def _between(a, b):
    """A point strictly between consecutive split points a < b (b None: above a): the simplest rational when
    both are numbers, else the midpoint (or 2a) in the claim's positive symbols."""
    if not (a.free_symbols or (b is not None and b.free_symbols)):
        return spectral.rational_between(a, b)
    return 2 * a if b is None else (a + b) / 2


WITNESS_VALUES = [sympy.Integer(1), sympy.Integer(4), sympy.Rational(1, 4), sympy.Integer(2), sympy.Integer(9)]


def _evaluate_stable_when(claim, method, options, spec) -> Outcome:
    """Decided for every value of the free parameters; when that cannot be done (the critical step sizes cannot
    be ordered in general), a claim that is false at concrete parameter values is refuted there."""
    try:
        return _decide_stable_when(claim, method, options, spec)
    except CheckError as exc:
        witness = _refuted_at_parameter_values(claim, method, options, spec)
        if witness is None:
            raise
        witness.message += f" (for every parameter value it cannot be decided: {exc})"
        return witness


def _refuted_at_parameter_values(claim, method, options, spec):
    """A refutation at concrete values of the parameters other than the step, if a few simple ones give one."""
    others = [(real, positive) for real, positive in spec.positive.items() if positive != spec.variable]
    if not others:
        return None
    for values in itertools.islice(itertools.product(WITNESS_VALUES, repeat=len(others)), 40):
        fixed = {positive: value for (_, positive), value in zip(others, values)}
        real_fixed = {real: value for (real, _), value in zip(others, values)}
        concrete = StableWhen(spec.text, spec.conditions if isinstance(spec.conditions, str) else
                              [(a.xreplace(fixed), op, b.xreplace(fixed)) for a, op, b in spec.conditions],
                              spec.variable, {r: p for r, p in spec.positive.items() if p == spec.variable})
        opts = {k: (v.xreplace(real_fixed) if isinstance(v, sympy.Basic) else v) for k, v in options.items()}
        instance = copy.copy(claim)
        instance.parameters = {**claim.parameters, **{str(real): value for real, value in real_fixed.items()}}
        try:
            outcome = _decide_stable_when(instance, method, opts, concrete)
        except CheckError:
            continue
        if outcome.status == "refuted":
            at = ", ".join(f"{real} = {value}" for real, value in real_fixed.items())
            outcome.message = f"at {at}: {outcome.message}"
            outcome.computed["parameters"] = at
            return outcome
    return None


def _decide_stable_when(claim, method, options, spec) -> Outcome:
    parameters = {p: v for p, v in claim.parameters.items()}
    opts = {k: (v.xreplace(spec.positive) if isinstance(v, sympy.Basic) else v) for k, v in options.items()}
    parameters.update({str(s): p for s, p in spec.positive.items()})
    M = sympy.simplify(amplification(method, opts, claim.model, parameters))
    if M.shape not in ((1, 1), (2, 2)):
        return _stable_when_by_crossings(claim, method, M, spec)
    points = _critical_points(M, spec)
    tests = []
    if not points:
        tests = [sympy.Integer(1)]
    else:
        tests.append(_between(sympy.Integer(0), points[0]))
        for a, b in zip(points, points[1:]):
            tests += [a, _between(a, b)]
        tests += [points[-1], _between(points[-1], None)]
    v = spec.variable
    found_stable = []
    for value in tests:
        computed_value, claimed = _bounded(M, v, value), _claimed(spec, value)
        if computed_value is None or claimed is None:
            raise CheckError(f"cannot decide stability at {v} = {value}")
        if computed_value:
            found_stable.append(value)
        if computed_value != claimed:
            T, D = sympy.simplify(M.subs(v, value).trace()), sympy.simplify(M.subs(v, value).det())
            return Outcome("refuted", "symbolic",
                           f"claimed {_claim_text(spec)}; at {v} = {value}: claimed {'stable' if claimed else 'unstable'}, "
                           f"computed {'stable' if computed_value else 'unstable'} (trace {T}, determinant {D})",
                           {"amplification matrix": str(M.tolist())}, [f"amplification matrix: {M.tolist()}"])
    derivation = [f"amplification matrix of {method.name}: {M.tolist()}",
                  f"trace {sympy.simplify(M.trace())}, determinant {sympy.simplify(M.det())}" if M.shape == (2, 2) else "",
                  f"critical {v}: " + (", ".join(map(str, points)) or "none"),
                  "decided at " + ", ".join(f"{v} = {t}: {'stable' if t in found_stable else 'unstable'}" for t in tests)]
    how = (f"decided exactly at the critical {v} = {', '.join(map(str, points))} and between them" if points
           else f"no critical {v}: decided at {v} = 1")
    return Outcome("verified", "symbolic", f"{_claim_text(spec)} ({how}; amplification matrix {M.tolist()})",
                   {"amplification matrix": str(M.tolist())}, [line for line in derivation if line])


@dataclass
class SpectralRadius:
    op: str
    bound: sympy.Rational
    text: str


def _evaluate_spectral_radius(claim, method, options, spec) -> Outcome:
    M = amplification(method, options, claim.model, claim.parameters)
    if any(not entry.is_Rational for entry in M):
        raise CheckError("the amplification matrix is not rational; give every parameter a value")
    above, radius, digits, independent = spectral.radius_side(M, spec.bound, spec.text)
    shown = crosscheck.show(crosscheck.mp_value(radius), 13)
    holds = OPERATORS[spec.op](1 if above else -1, 0)
    names = claim.model.states + method.memory_names(claim.model, options)
    derivation = [f"amplification matrix of {method.name} on ({', '.join(names)}): {M.tolist()}",
                  f"characteristic polynomial: {spectral.characteristic_polynomial(M).as_expr()}",
                  f"eigenvalues isolated by sympy's ComplexRootOf to {digits} digits; spectral radius <= {shown}",
                  f"mpmath.eig on the same matrix (50 digits): spectral radius {crosscheck.show(independent, 19)}"]
    relation = "above" if above else "below"
    message = (f"spectral radius {relation} {spec.text} (certified: every eigenvalue isolated to {digits} digits, the largest modulus ≈ {shown}; "
               f"{len(names)}x{len(names)} amplification matrix on {', '.join(names)})")
    computed = {"spectral_radius": shown, "amplification matrix": str(M.tolist())}
    if holds:
        return Outcome("verified", "certified", message, computed, derivation)
    return Outcome("refuted", "certified", f"claimed spectral radius {spec.op} {spec.text}, computed: {message}", computed, derivation)


def _claim_expressions(spec) -> list:
    """lhs - rhs of each claimed condition: where they vanish the claimed condition can change its truth value."""
    return [] if spec.conditions in ("never", "always") else [a - b for a, _, b in spec.conditions]


def _stable_when_by_crossings(claim, method, M, spec) -> Outcome:
    """Larger matrices (memory included): split H > 0 where an eigenvalue can cross the unit circle, and decide
    each interval by the exact Schur-Cohn test at a rational sample (all eigenvalues inside: stable; else outside: not)."""
    v = spec.variable
    if M.free_symbols - {v}:
        raise CheckError(f"stable_when on a {M.shape[0]}x{M.shape[0]} matrix needs values for {', '.join(sorted(map(str, M.free_symbols - {v})))} "
                         "(only the step may stay a symbol)")
    crossing = spectral.crossings(M, v)
    points = spectral.merge_points(crossing, spectral.positive_roots(_claim_expressions(spec), v))
    samples = [spectral.rational_between(sympy.Integer(0), points[0]) if points else sympy.Integer(1)]
    samples += [spectral.rational_between(a, b) for a, b in zip(points, points[1:])]
    if points:
        samples.append(spectral.rational_between(points[-1], None))
    decided = []
    for value in samples:
        Mv = M.subs(v, value)
        above = not spectral.schur_stable(spectral.characteristic_polynomial(Mv))  # no eigenvalue on the circle here
        radius = crosscheck.spectral_radius(Mv)  # mpmath's eigenvalues: shown, and a cross-check of the exact decision
        if (radius > 1) != above:
            raise CheckError(f"at {v} = {value} the Schur-Cohn test says {'unstable' if above else 'stable'} but mpmath's spectral radius is "
                             f"{crosscheck.show(radius, 13)}")
        claimed = _claimed(spec, value)
        if claimed is None:
            raise CheckError(f"cannot decide the claimed condition at {v} = {value}")
        shown = crosscheck.show(radius, 11)
        decided.append(f"{v} = {value}: Schur-Cohn {'fails' if above else 'holds'}, spectral radius ≈ {shown} (mpmath) ({'unstable' if above else 'stable'})")
        if claimed == above:  # claimed stable where the radius is above 1, or unstable where it is below
            return Outcome("refuted", "symbolic",
                           f"claimed {_claim_text(spec)}; at {v} = {value}: claimed {'stable' if claimed else 'unstable'}, computed "
                           f"{'unstable' if above else 'stable'} (exact Schur-Cohn test; spectral radius ≈ {shown})",
                           {"crossings": ", ".join(map(str, crossing))}, decided)
    for point in points:  # each split point decided too: there the claim and the truth can differ alone
        bounded, how = spectral.power_bounded_at(M, v, point)
        claimed = _claimed(spec, point)
        if claimed is None:
            raise CheckError(f"cannot decide the claimed condition at {v} = {point}")
        decided.append(f"{v} = {point}: {how} ({'stable' if bounded else 'unstable'})")
        if claimed != bounded:
            return Outcome("refuted", "symbolic",
                           f"claimed {_claim_text(spec)}; at {v} = {point}: claimed {'stable' if claimed else 'unstable'}, computed "
                           f"{'stable' if bounded else 'unstable'} (characteristic polynomial factored exactly: {how})",
                           {"crossings": ", ".join(map(str, crossing))}, decided)
    where = (f"an eigenvalue can cross the unit circle only at {v} = {', '.join(map(str, crossing))}" if crossing
             else f"no eigenvalue crosses the unit circle for {v} > 0")
    derivation = [f"{M.shape[0]}x{M.shape[0]} amplification matrix of {method.name}: {M.tolist()}",
                  f"{where} (roots of the resultant of the characteristic polynomial and its reciprocal)"] + decided
    between = "on each interval " if points else ""
    split = f", and exactly at {v} = {', '.join(map(str, points))}" if points else ""
    return Outcome("verified", "symbolic",
                   f"{_claim_text(spec)} ({where}; decided {between}by the exact Schur-Cohn test at "
                   f"{v} = {', '.join(map(str, samples))}{split})",
                   {"crossings": ", ".join(map(str, crossing))}, derivation)


def _evaluate_a_stability(claim, method, options, spec) -> Outcome:
    h, lam, z = symbol("h"), symbol("lam"), symbol("z")
    try:
        M = amplification(method, options, DAHLQUIST, {"lam": lam})
    except symbolic.SymbolicUnavailable as exc:
        raise CheckError(str(exc)) from None
    R = sympy.cancel(sympy.simplify(M[0, 0].subs(lam, z / h)))
    a_stable, l_stable, lines = a_stability.decide(R, z)
    computed = {"R(z)": str(R), "a_stable": str(a_stable).lower(), "l_stable": str(l_stable).lower()}
    truth = {"a_stable": a_stable, "l_stable": l_stable}
    successes, failures = [], []
    if spec.equals is not None:
        same = sympy.simplify(R - spec.equals) == 0
        (successes if same else failures).append(f"R(z) = {R}" if same else f"R(z): claimed {spec.equals}, computed {R}")
    for key, claimed in spec.claimed.items():
        word = {"a_stable": "A-stable", "l_stable": "L-stable"}[key]
        text = f"{word}: {'yes' if truth[key] else 'no'}"
        (successes if claimed == truth[key] else failures).append(text if claimed == truth[key] else f"claimed {key} = {str(claimed).lower()}, computed {text}")
    how = f" ({'; '.join(lines[1:])})"
    if failures:
        return Outcome("refuted", "symbolic", "; ".join(failures) + how, computed, lines)
    return Outcome("verified", "symbolic", "; ".join(successes) + how, computed, lines)


def amplification(method, options, model, parameters) -> sympy.Matrix:
    """M with y+ = M y for one step of ``method`` on the linear homogeneous ``model``."""
    system = SymbolicSystem(model, {symbol(p): v for p, v in parameters.items()})
    state = [sympy.Dummy(f"y{i}") for i in range(len(model.states) + symbolic.memory_size(method, model, options))]
    image = symbolic.one_step(method, system, options, symbol("t"), state, augmented=True)
    parts = symbolic.affine_parts(image, state)
    if parts is None or any(parts[1]):
        raise CheckError("the step is not linear and homogeneous in the state: no amplification matrix")
    return parts[0]


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec: StabilitySpec = claim.spec
    method, options, equals = spec.method, spec.options, spec.form
    if isinstance(equals, multistep_stability.MultistepClaim):
        return multistep_stability.evaluate(claim, method, equals)
    if isinstance(equals, AStability):
        return _evaluate_a_stability(claim, method, options, equals)
    if isinstance(equals, SpectralRadius):
        try:
            return _evaluate_spectral_radius(claim, method, options, equals)
        except symbolic.SymbolicUnavailable as exc:
            raise CheckError(str(exc)) from None
    if isinstance(equals, StableWhen):
        try:
            return _evaluate_stable_when(claim, method, options, equals)
        except symbolic.SymbolicUnavailable as exc:
            raise CheckError(str(exc)) from None
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


KIND = ClaimKind("stability", KEYS, prepare, evaluate, spec_types=(StabilitySpec,))
