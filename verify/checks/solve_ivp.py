"""check = "solve_ivp": a SciPy ``solve_ivp`` run agrees with the model's closed-form solution within its tolerances.

The solver works in binary floating point, so the evidence is ``numerical``:
it shows that this solver, with these settings, reproduces the stated values;
it proves nothing exact.  The reference solution is evaluated with mpmath at
50 digits.  At every requested time the error must satisfy
|y_solver - y_exact| <= factor * (atol + rtol * |y_exact|) per component.
SciPy is an optional extra (``pip install 'verify-timeint[scipy]'``); without
it the claim is an ``error`` that says so.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

from verify.engines import crosscheck
from verify.input.load import Claim, LoadError
from verify.input.model import TIME, initial_name, symbol
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome
from verify.checks.kit import initial_values, read_rational, solution_start_problem
from verify.checks.kind import ClaimKind

KEYS = {"method", "options", "initial", "t_end", "t_eval", "factor"}
SOLVER_OPTIONS = {"rtol", "atol", "max_step", "first_step"}
MIN_RTOL = 100 * 2.220446049250313e-16  # scipy raises a smaller rtol to this (100 eps), with a warning
METHODS = ("RK45", "RK23", "DOP853", "Radau", "BDF", "LSODA")


@dataclass(frozen=True)
class SolveIvpSpec:
    method: str  # a scipy.integrate.solve_ivp method name
    options: dict  # rtol, atol, ... as exact numbers
    y0: list
    t0: object
    t_end: object
    t_eval: list
    factor: object  # the allowed error is factor * (atol + rtol |y|)


def prepare(claim: Claim) -> SolveIvpSpec:
    table, model = claim.table, claim.model
    if model is None or not model.solution:
        raise LoadError("check 'solve_ivp' needs a model with a 'solution'")
    missing = [state for state in model.states if state not in model.solution]
    if missing:
        raise LoadError(f"check 'solve_ivp' compares every state with the model's solution, which gives no formula for {', '.join(missing)}")
    method = table.get("method", "RK45")
    if method not in METHODS:
        raise LoadError(f"method must be one of {', '.join(METHODS)}")
    options = table.get("options", {})
    if not isinstance(options, dict) or set(options) - SOLVER_OPTIONS:
        raise LoadError(f"options may hold {', '.join(sorted(SOLVER_OPTIONS))}")
    options = {k: read_rational(claim, v, f"options.{k}") for k, v in options.items()}
    for name, value in options.items():  # scipy refuses or silently changes these (review of 2026-12-05: a negative rtol
        if name in ("rtol", "atol") and value < 0:  # made the allowed error negative, and the claim was verified)
            raise LoadError(f"options.{name} must be >= 0, got {value}")
        if name in ("max_step", "first_step") and value <= 0:
            raise LoadError(f"options.{name} must be positive, got {value}")
    if 0 < options.get("rtol", 1) < MIN_RTOL:
        raise LoadError(f"options.rtol = {options['rtol']} is below 100 times the machine epsilon, which scipy uses instead: "
                        f"give at least {MIN_RTOL:.3g}")
    if model.algebraic:
        raise LoadError("check 'solve_ivp' integrates ODEs; this model has algebraic variables (a DAE)")
    t0, y0 = initial_values(claim)
    if "t_end" not in table or not isinstance(table.get("t_eval"), list) or not table["t_eval"]:
        raise LoadError("check 'solve_ivp' needs t_end and a non-empty list t_eval")
    t_end = read_rational(claim, table["t_end"], "t_end")
    if t_end <= t0:  # scipy integrates backward too, but the claims here run forward (review of 2026-12-05: t_end = t0 was an internal error)
        raise LoadError(f"t_end = {t_end} must be after the initial time {t0} (runs go forward in time)")
    t_eval = [read_rational(claim, v, "t_eval") for v in table["t_eval"]]
    if any(t < t0 or t > t_end for t in t_eval) or any(a >= b for a, b in zip(t_eval, t_eval[1:])):
        raise LoadError("t_eval must be strictly increasing times in [t0, t_end]")
    if "first_step" in options and options["first_step"] > t_end - t0:
        raise LoadError(f"options.first_step = {options['first_step']} is longer than the interval [t0, t_end]")
    factor = read_rational(claim, table.get("factor", 1), "factor")
    if factor < 0:
        raise LoadError(f"factor must be >= 0 (the allowed error is factor * (atol + rtol |y|)), got {factor}")
    return SolveIvpSpec(method, options, y0, t0, t_end, t_eval, factor)



def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    try:
        from scipy.integrate import solve_ivp
    except ImportError:
        raise CheckError("scipy is not installed, so this numerical claim cannot be checked: pip install 'verify-timeint[scipy]'") from None
    spec, model = claim.spec, claim.model
    problem = solution_start_problem(claim, spec.t0, spec.y0)
    if problem:
        raise CheckError(problem)
    states = model.state_symbols
    rhs = [claim.substitute(model.rhs[s]) for s in model.states]
    function = sympy.lambdify([symbol(TIME), states], rhs, modules="math")
    options = {k: float(v) for k, v in spec.options.items()}
    if options.get("rtol", 1e-3) == 0 and options.get("atol", 1e-6) == 0:  # scipy divides by the zero scale: nan steps
        raise CheckError("rtol and atol are both 0: solve_ivp cannot control its error (give one of them a positive value)")
    try:
        result = solve_ivp(lambda t, y: function(t, y), (float(spec.t0), float(spec.t_end)), [float(v) for v in spec.y0],
                           method=spec.method, t_eval=[float(t) for t in spec.t_eval], **options)
    except (ValueError, ZeroDivisionError) as exc:  # math.sqrt of a negative state the solver stepped to, ...
        raise CheckError(f"solve_ivp stopped: {' '.join(str(exc).split())} (the right-hand side cannot be evaluated at a state the "
                         "solver reached, or scipy refused an option)") from None
    if not result.success:
        return Outcome("refuted", "numerical", f"solve_ivp failed: {result.message}", {"nfev": str(result.nfev)})
    rtol, atol = options.get("rtol", 1e-3), options.get("atol", 1e-6)
    initial = {symbol(initial_name(s)): v for s, v in zip(model.states, spec.y0)}
    worst, worst_at, derivation = 0.0, None, [f"solve_ivp(method={spec.method}, rtol={rtol:g}, atol={atol:g}): success, nfev = {result.nfev}"]
    for column, t in enumerate(spec.t_eval):
        for row, s in enumerate(model.states):
            exact = crosscheck.mp_value(claim.substitute(model.solution[s]).subs(initial).subs(symbol(TIME), t))
            error = abs(result.y[row][column] - float(exact))
            allowed = float(spec.factor) * (atol + rtol * abs(float(exact)))
            ratio = error / allowed if allowed else float("inf") if error else 0.0
            derivation.append(f"t = {t}: {s} = {result.y[row][column]!r}, exact {crosscheck.show(exact, 21)}, |error| = {error:.3e}, allowed {allowed:.3e}")
            if ratio >= worst:
                worst, worst_at = ratio, (t, s, error, allowed)
    t, s, error, allowed = worst_at
    times = ", ".join(str(t) for t in spec.t_eval)
    computed = {"nfev": str(result.nfev), "worst_ratio": f"{worst:.3g}"}
    digits = 3 if abs(worst - 1) > 0.01 else 6  # a ratio of 1.0007 is not shown as 1 (review of 2026-12-05)
    scaled = "" if spec.factor == 1 else f" times factor {spec.factor}"
    summary = (f"largest |error| / allowed = {worst:.{digits}g} (at t = {t}, {s}: {error:.{digits}e} vs {allowed:.{digits}e}) over t = {times}; "
               f"nfev = {result.nfev}")
    if worst <= 1:
        return Outcome("verified", "numerical", f"{spec.method} agrees with the solution within its tolerances{scaled}: {summary}", computed, derivation)
    return Outcome("refuted", "numerical", f"claimed agreement within the tolerances{scaled}, computed {summary}", computed, derivation)


KIND = ClaimKind("solve_ivp", KEYS, prepare, evaluate, spec_types=(SolveIvpSpec,))
