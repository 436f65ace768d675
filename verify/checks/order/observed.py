"""check = "order": the observed convergence order of a method on a model.

The method runs from ``initial`` to ``t_end`` with N steps for each N in
``steps`` (the option named by ``step``, default ``h``, is (t_end - t0)/N).
Each run is exact where the model is linear in the state (rationals grow
slowly there), otherwise on the independent mpmath path at 50 digits.  The
error at t_end, in the max-norm over ``components``, is measured against the
model's closed-form ``solution`` (evaluated with mpmath at 50 digits) or
against a reference run with ``reference_steps``; with neither, from the differences
D_k = |y_k - y_(k+1)| of successive levels with a constant ratio r (Richardson: D_k ~ C h_k^p (1 - r^-p), so
their pairwise orders are p, and the finest level's own error is about D_last / (r^p - 1); Hairer, Norsett &
Wanner I, sec. II.4).  The observed order of each
pair of levels is log(e_i / e_j) / log(h_i / h_j); the least-squares slope of
log e against log h is reported too.  The claim holds when the order of the
finest pair is within ``tolerance`` of ``order``.  An observed order is an
estimate from finitely many runs, so the evidence is ``numerical``.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import mpmath
import sympy

from verify.engines import crosscheck
from verify.engines import rational
from verify.input.load import Claim, LoadError
from verify.engines.methods import ExactSystem, SymbolicSystem, run
from verify.input.model import TIME, fingerprint_of, initial_name, symbol
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome, decimal_text, short_text
from verify.checks.kit import (KeptRuns, initial_values, method_and_options, parameter_substitutions, read_rational, solution_start_problem,
                               validated)
from verify.checks.run import solution_expressions
from verify.engines import twins
from verify.errors import SolverFailure

KEYS = {"method", "options", "step", "initial", "t_end", "steps", "order", "tolerance", "reference_steps", "components", "local"}
DEFAULT_TOLERANCE = "1/10"


@dataclass(frozen=True)
class OrderSpec:
    method: object
    options: dict
    step: str
    t0: sympy.Rational
    y0: list
    t_end: sympy.Rational
    steps: list
    order: sympy.Rational
    tolerance: sympy.Rational
    reference_steps: int | None
    components: list
    local: bool = False  # one step of each size: the order of the one-step defect
    richardson: bool = False  # no solution, no reference run: differences of successive levels


def prepare(claim: Claim) -> OrderSpec:
    table, model = claim.table, claim.model
    method, options = method_and_options(claim, "order")
    step = table.get("step", "H" if "H" in method.required_options else "h")  # the macro step of multirate methods
    t0, y0 = initial_values(claim)
    if "t_end" not in table:  # no silent default interval (review of 2026-12-05: [t0, 1] was taken unannounced)
        raise LoadError("an observed order needs 't_end', the time the errors are measured at")
    t_end = read_rational(claim, table["t_end"], "t_end")
    if t_end <= t0:
        raise LoadError(f"t_end = {t_end} must be after the initial time {t0} (runs go forward in time)")
    steps = table.get("steps")
    if not (isinstance(steps, list) and len(steps) >= 2 and all(isinstance(n, int) and 1 <= n <= 100_000 for n in steps) and steps == sorted(set(steps))):
        raise LoadError("steps must be an increasing list of at least two step counts (1 to 100000)")
    if "order" not in table:
        raise LoadError("check 'order' needs the claimed 'order'")
    reference_steps = table.get("reference_steps")
    richardson = reference_steps is None and not all(s in model.solution for s in model.variables)
    if richardson and (table.get("local", False) or len(steps) < 4 or len({Fraction(b, a) for a, b in zip(steps, steps[1:])}) != 1):
        raise LoadError("without the model's solution or 'reference_steps' the order is estimated from the differences of successive "
                        "levels (Richardson): give at least four step counts with a constant ratio, e.g. [10, 20, 40, 80] (a local order "
                        "needs the solution)")
    if reference_steps is not None and not (isinstance(reference_steps, int) and reference_steps > steps[-1] and reference_steps <= 1_000_000):
        raise LoadError("reference_steps must be an integer above the finest level")
    components = table.get("components", list(model.variables))
    if not isinstance(components, list) or not components or set(components) - set(model.variables):
        raise LoadError("components must list states of the model")
    trial = dict(options)
    trial[step] = (t_end - t0) / steps[0]
    finest = max(steps[-1], reference_steps or 0)
    validated(method, model, trial, steps=finest)
    doubled = method.doubled_inner_steps(trial)  # the inner solver's own error is shown with twice its steps
    if doubled is not None:
        validated(method, model, doubled[2], f"with {doubled[0]} doubled: ", steps=finest)
    local = table.get("local", False)
    if not isinstance(local, bool) or (local and reference_steps is not None):
        raise LoadError("local must be true or false, and a local order needs the model's solution")
    order = read_rational(claim, table["order"], "order")
    if not 0 < order <= MAX_OBSERVED_ORDER:
        raise LoadError(f"order must be a number in (0, {MAX_OBSERVED_ORDER}], got {short_text(order)}")
    tolerance = read_rational(claim, table.get("tolerance", DEFAULT_TOLERANCE), "tolerance")
    if not 0 < tolerance < 1:  # 0 decides nothing; order 50 +- 100 was "verified" for Euler (review of 2026-12-05)
        raise LoadError(f"tolerance must be a number in (0, 1), got {short_text(tolerance)}")
    return OrderSpec(method, options, step, t0, y0, t_end, steps, order, tolerance, reference_steps, components, local, richardson)


MAX_OBSERVED_ORDER = 20



_RUNS = KeptRuns(64)  # runs kept per worker


def _final_state(spec, claim, system, n, exact_route, extra_options=None):
    """(state as mpmath numbers, route) after n steps of (t_end - t0)/n, or after one such step when local.

    A worker checks claim after claim (verify.runner), and an order claim and its wrong version (another order or
    tolerance) make the same runs: a run is kept under everything it depends on (method, options, model with its
    solution, parameter values, start, end, N, route, working precision) and handed out again as a copy."""
    key = (spec.method.name, fingerprint_of(spec.options), fingerprint_of(extra_options or {}),
           spec.step, repr(spec.t0), repr(spec.t_end), repr(list(spec.y0)), n, spec.local, exact_route, type(system).__name__,
           claim.model.fingerprint(), fingerprint_of(claim.parameters), mpmath.mp.prec)
    state, route = _RUNS.get(key, lambda: _run_once(spec, claim, system, n, exact_route, extra_options))
    return list(state), route


def _run_once(spec, claim, system, n, exact_route, extra_options):
    options = dict(spec.options)
    options.update(extra_options or {})
    options[spec.step] = (spec.t_end - spec.t0) / n
    count = 1 if spec.local else n
    if exact_route:
        try:
            result = run(spec.method, system, options, spec.t0, spec.y0, count, keep=False)
            with mpmath.workdps(crosscheck.DIGITS):
                return [crosscheck.to_mp(rational.to_sympy(v)) for v in result.y], "exact"
        except rational.NotRational:
            pass
        except ZeroDivisionError:  # the trapezoid as lmm on y' = 4y at N = 2: h beta_k lam = 1 (an internal error before)
            raise CheckError(f"the run with N = {n} divides by zero in an exact step (an implicit equation singular there)") from None
    try:
        mp = twins.solve(twins.Problem.of_system(spec.method.name, options, system, spec.t0, spec.y0, count,
                                                 solution=solution_expressions(claim.model, system.substitutions, spec.y0),
                                                 enclose_branches=True))  # the run decides the order: its roots enclosed
    except SolverFailure as exc:
        raise CheckError(f"the run with N = {n} failed: {exc}") from None
    return mp[1], f"mpmath {crosscheck.DIGITS} digits"


INNER_RATIO = sympy.Rational(1, 100)  # the subsystem solver's own error must stay below this fraction of the measured error


def _inner_solver_error(spec, claim, system, exact_route, index, rows):
    """For a method that integrates inside its steps (co-simulation subsystems: option ``microsteps``), the
    change of the finest and coarsest results when the inner steps double: an estimate of the inner solver's own
    error, which must be far below the error being measured.  None for other methods."""
    doubled = spec.method.doubled_inner_steps(spec.options)
    if doubled is None:
        return None
    option, inner, finer_options = doubled
    worst = mpmath.mpf(0)
    for n, _, error, _ in (rows[0], rows[-1]):
        base, _ = _final_state(spec, claim, system, n, exact_route)
        finer, _ = _final_state(spec, claim, system, n, exact_route, finer_options)
        change = max(abs(base[i] - finer[i]) for i in index)
        worst = max(worst, change / error)
    text = (f"inner solver: doubling {option} ({inner} -> {2 * inner}) changes the result by at most {float(worst):.1e} of the error"
            + (" (exact: the inner solver is exact here)" if worst == 0 else ""))
    if worst > crosscheck.to_mp(INNER_RATIO):
        raise CheckError(f"{text}: the inner solver's own error is not far below the error measured; raise {option}")
    return text, f"{float(worst):.1e}"


ROUNDING_GUARD_DIGITS = 10  # an error within this many digits of the working precision's rounding shows no order


def _settled(pairwise, tolerance) -> bool:
    """Has the observed order settled: at least two pairwise orders, the last two within ``tolerance`` of each other?
    Only a settled order away from the claim refutes it (Dormand-Prince at N = 5..40 is still climbing to 5)."""
    return len(pairwise) >= 2 and abs(pairwise[-1] - pairwise[-2]) <= crosscheck.to_mp(tolerance)


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec, model = claim.spec, claim.model
    try:
        system = ExactSystem(model, claim.parameters)
        exact_route = system.linear_in_state()
    except rational.NotRational:  # sin, exp, sqrt of a state: only the mpmath path runs it
        system = SymbolicSystem(model, parameter_substitutions(claim))
        exact_route = False
    index = [model.variables.index(c) for c in spec.components]
    def solution_at(t):
        problem = solution_start_problem(claim, spec.t0, spec.y0)
        if problem:
            raise CheckError(problem)
        values = {symbol(initial_name(s)): v for s, v in zip(model.variables, spec.y0)}
        values[symbol(TIME)] = t
        return [crosscheck.mp_value(claim.substitute(model.solution[s]).subs(values)) for s in model.variables]

    if spec.reference_steps:
        reference, _ = _final_state(spec, claim, system, spec.reference_steps, exact_route)
        against = f"a reference run with {spec.reference_steps} steps"
    elif spec.richardson:
        reference = None
        against = "the next finer level (no closed-form solution: differences of successive levels, Richardson)"
    else:
        reference = None if spec.local else solution_at(spec.t_end)
        against = "the closed-form solution (mpmath, 50 digits)" + (" after one step of each size" if spec.local else "")
    rows, routes, states = [], set(), []
    scales = {}  # N -> the size of what its error is measured against (the solution; for Richardson the runs themselves)
    with mpmath.workdps(crosscheck.DIGITS):
        for n in spec.steps:
            state, route = _final_state(spec, claim, system, n, exact_route)
            routes.add(route)
            states.append(state)
            if spec.richardson:
                continue
            if spec.local:
                reference = solution_at(spec.t0 + (spec.t_end - spec.t0) / n)
            errors = [abs(state[i] - reference[i]) for i in index]
            h = (spec.t_end - spec.t0) / n
            rows.append((n, h, max(errors), errors))
            scales[n] = max([mpmath.mpf(1)] + [abs(reference[i]) for i in index])  # of the values compared
        for k, n in enumerate(spec.steps[:-1] if spec.richardson else []):  # D_k = |y_k - y_(k+1)| ~ C h_k^p (1 - r^-p)
            differences = [abs(states[k][i] - states[k + 1][i]) for i in index]
            rows.append((n, (spec.t_end - spec.t0) / n, max(differences), differences))
        if any(r[2] == 0 for r in rows):
            raise CheckError("an error is exactly zero: the method is exact on this problem, no order can be observed")
        floor = mpmath.mpf(10) ** -(crosscheck.DIGITS - ROUNDING_GUARD_DIGITS)
        runs_scale = max([mpmath.mpf(1)] + [abs(state[i]) for state in states for i in index])  # Richardson's: the runs'
        for n, _, error, _ in rows:  # Rosenbrock-Euler with gamma = 1/2 is exact on y' = -y^2: errors of 1.3e-51 were read as
            if error <= floor * scales.get(n, runs_scale):  # "observed order 0.000" (review of 2026-12-05): at the rounding
                # level of the 50-digit values
                raise CheckError(f"the {'difference' if spec.richardson else 'error'} at N = {n} is {mpmath.nstr(error, 3)}, within "
                                 f"{ROUNDING_GUARD_DIGITS} digits of the rounding of the {crosscheck.DIGITS}-digit values: the method may be "
                                 "exact on this problem, and no order can be observed")
        pairwise = [mpmath.log(rows[i][2] / rows[i + 1][2]) / mpmath.log(crosscheck.to_mp(rows[i][1] / rows[i + 1][1])) for i in range(len(rows) - 1)]
        logs_h = [mpmath.log(crosscheck.to_mp(r[1])) for r in rows]
        logs_e = [mpmath.log(r[2]) for r in rows]
        mean_h, mean_e = sum(logs_h) / len(rows), sum(logs_e) / len(rows)
        slope = sum((a - mean_h) * (b - mean_e) for a, b in zip(logs_h, logs_e)) / sum((a - mean_h) ** 2 for a in logs_h)
        finest = pairwise[-1]
        holds = abs(finest - crosscheck.to_mp(spec.order)) <= crosscheck.to_mp(spec.tolerance)
    richardson = None
    if spec.richardson:  # the finest level's own error: D_last / (r^p - 1), p the last pairwise order
        ratio = crosscheck.to_mp(sympy.Rational(spec.steps[-1], spec.steps[-2]))
        with mpmath.workdps(crosscheck.DIGITS):
            estimate = rows[-1][2] / (ratio ** finest - 1)
        richardson = f"the finest level (N = {spec.steps[-1]}) has an estimated error {float(estimate):.2e} (Richardson: D / (r^p - 1), p = {float(finest):.3f})"
    inner = _inner_solver_error(spec, claim, system, exact_route, index, rows)
    table = [f"{'N':>7} {'h':>12} {'error':>12} {'order':>7}   " + "  ".join(f"{c:>10}" for c in spec.components)]
    for i, (n, h, error, errors) in enumerate(rows):
        order_text = f"{float(pairwise[i - 1]):7.3f}" if i else " " * 7
        table.append(f"{n:>7} {str(h):>12} {float(error):12.4e} {order_text}   " + "  ".join(f"{float(e):10.3e}" for e in errors))
    derivation = [f"{spec.method.name} on {model.name} to t = {spec.t_end}, errors against {against}; runs: {', '.join(sorted(routes))}"] + table
    derivation.append(f"least-squares slope of log(error) on log(h): {float(slope):.4f}")
    if richardson:
        derivation.append(richardson)
    if inner:
        derivation.append(inner[0])
    computed = {"observed_order": f"{float(finest):.4f}", "least_squares_order": f"{float(slope):.4f}",
                "errors": ", ".join(f"{float(r[2]):.3e}" for r in rows)}
    summary = (f"observed order {float(finest):.3f} at the finest pair (least squares {float(slope):.3f}; pairwise "
               + ", ".join(f"{float(p):.3f}" for p in pairwise) + f"), {'differences' if spec.richardson else 'errors'} {float(rows[0][2]):.2e} .. "
               f"{float(rows[-1][2]):.2e} at N = {rows[0][0]} .. {rows[-1][0]}")
    if richardson:
        summary += f" (each to the next level); {richardson}"
        computed["finest_level_estimated_error"] = f"{float(estimate):.3e}"
    if inner:
        summary += f"; {inner[0]}"
        computed["inner_solver_error"] = inner[1]
    claimed = f"order {_written(spec.order)} ± {_written(spec.tolerance)}"  # 2.2 as written, not 11/5 (a review of 2026-12-07)
    figure = None
    if context.figures:
        figure = {"kind": "order", "h": [float(r[1]) for r in rows], "errors": [float(r[2]) for r in rows], "slope": float(slope),
                  "claimed": float(spec.order), "xlabel": spec.step}
    if holds:
        return Outcome("verified", "numerical", f"{claimed}: {summary}", computed, derivation, figure=figure)
    if not _settled(pairwise, spec.tolerance):
        if all(rows[i + 1][2] > rows[i][2] for i in range(len(rows) - 1)):  # Atkinson's non-zero-stable method: 0.5 .. 1.7e18
            raise CheckError(f"{claimed} is not decided: the {'differences' if spec.richardson else 'errors'} grow as the step shrinks "
                             f"({summary}): the runs do not converge at these step counts (a method that is not zero-stable, or "
                             "starting values that do not shrink with h, such as a fixed history)")
        raise CheckError(f"{claimed} is not decided: the observed orders have not settled ({summary}); the last pairs still move by more "
                         f"than the tolerance, so the coarse steps are not yet in the asymptotic range: add finer steps")
    return Outcome("refuted", "numerical", f"claimed {claimed}, computed {summary}", computed, derivation, figure=figure)


def _written(value) -> str:
    """A claimed order or tolerance as a decimal where it is one (2.2, 0.1), else as it is (1/3)."""
    if isinstance(value, sympy.Rational) and not value.is_Integer:
        text = decimal_text(value)
        return text if "(" not in text else str(value)
    return str(value)
