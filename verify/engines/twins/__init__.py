"""The independent mpmath twins of the exact step maps, one module per family, named as in verify.engines.methods.

A twin has its own coefficient data, written out again, so a wrong coefficient on one path is caught by the
cross-check instead of being shared by both.  ``solve`` runs any method's twin on a ``Problem``.
"""
from __future__ import annotations

import functools
import math
import random
import time
import dataclasses
from dataclasses import dataclass, field
from typing import NamedTuple

import flint
import mpmath
import sympy

from verify.engines.crosscheck import AGREEMENT_DIGITS, BALLS, DIGITS, compile_mp, from_ball, to_ball, to_mp
from verify.engines.twins import implicit as implicit_twin
from verify.engines.twins import multirate as multirate_twin
from verify.engines.twins import multistep as multistep_twin
from verify.engines.twins import runge_kutta as rk_twin
from verify.engines.twins import step_doubling as doubling_twin
from verify.engines.twins import taylor as taylor_twin
from verify.engines.methods import METHODS
from verify.engines.twins.base import MpSystem, linear_coefficients, linear_in, newton_settings, record
from verify.engines.twins.cosimulation import CoSimulationMp, affine_with_memory
from verify.errors import CrossCheckUnavailable, SolverFailure
from verify.input.model import TIME, symbol

RK_TWINS = rk_twin.names()
IMPLICIT = {"backward-euler": implicit_twin.backward_euler, "rosenbrock-euler": implicit_twin.rosenbrock_euler}


POWER_METHODS = {*RK_TWINS, "rk", "frozen-slow-euler", "midpoint-sampled-euler", "rosenbrock-euler", *taylor_twin.names()}  # fixed-step,
# affine on a linear ODE, the same work every step (Rosenbrock-Euler: one linear solve with a constant Jacobian; not
# backward Euler, whose Newton iterations may differ from step to step)
BALL_GUARD_BITS = 20  # arb works this many bits above the working precision (the ball twin reads midpoints back)
POWER_GUARD_DIGITS = 20  # extra digits for the log2(N) squarings of the step matrix
STEPPED_AFTER_FAILED_POWER = 100_000  # a run of at most this many steps whose power fails is stepped instead (_powered)


@dataclass(frozen=True)
class Problem:
    """One run for a twin: ``method`` with ``options`` on x' = rhs (one expression per differential state, parameter
    values substituted; ``constraints`` = 0 close a DAE) in the variables ``states`` (symbols), from (t0, y0),
    ``steps`` macro steps.  ``blocks`` maps a block name to its variables' indices (counted per block);
    ``cosimulation`` is (model, parameter substitutions) for the co-simulation master algorithms; ``solution`` the
    model's solution (one expression in ``time`` per state, initial values substituted) for a multistep method
    started from it; ``continuation_steps`` how finely implicit roots are followed from the explicit value."""

    method: str
    options: dict
    rhs: list
    states: list
    t0: object
    y0: list
    steps: int
    blocks: dict = field(default_factory=dict)
    time: sympy.Symbol = symbol(TIME)
    constraints: tuple = ()
    cosimulation: tuple | None = None
    solution: list | None = None
    continuation_steps: int = 8  # implicit roots followed in this many steps of lam (verify.engines.twins.base.continued)
    tie_branches: tuple = ()  # the exact path's outcome of each tolerance test, taken only at a tie (base.tolerance_test)
    enclose_branches: bool = False  # every continuation's path enclosed in boxes that pass the Krawczyk test (base._enclosed_continuation):
    # where the twin alone decides the run (verify.checks.run_numerical), which root it followed must be certain

    @classmethod
    def of_system(cls, method: str, options: dict, system, t0, y0, steps: int, solution=None, tie_branches=(),
                  enclose_branches: bool = False) -> "Problem":
        """The problem the exact path's ``system`` (verify.engines.methods.ExactSystem) runs: its right-hand side and
        constraints with the parameter values, its blocks, and a co-simulation model's subsystems."""
        model = system.model
        cosimulation = (model, system.substitutions) if model.subsystems else None
        return cls(method, options, list(system.rhs), model.variable_symbols, t0, list(y0), steps, dict(system.blocks),
                   constraints=tuple(system.constraints), cosimulation=cosimulation, solution=solution, tie_branches=tuple(tie_branches),
                   enclose_branches=enclose_branches)


class TwinRun(NamedTuple):
    t: object  # the final time
    y: list  # the final state
    trace: dict  # name -> every value assigned to it (states, stages, quantities)
    counts: dict  # right-hand-side evaluations per block (and "rhs", "jacobian")
    nodes: list  # (t, y) after every macro step
    near_ties: tuple = ()  # power-exchange threshold tests within rounding, taken as ties: (macro step, subsystem, substep, stage)
    digits: int = DIGITS  # the digits it ran at: more than DIGITS where the run magnifies rounding (_powered, solve_finer)
    stepped: bool = True  # taken step by step at ``digits`` (not a power of its step map, which reads its map finer itself)


def solve(problem: Problem, final_only: bool = False, digits: int = DIGITS, double_precision: bool = False,
          nodes_only: bool = False) -> TwinRun:
    """Run ``problem`` in mpmath at ``digits`` digits (DIGITS by default).

    ``double_precision``: a co-simulation run in machine floats (mpmath.fp) instead, for diagnostics that compare two
    runs far above the rounding level (verify.checks.energy's inner-solver test); never for a verdict's value.

    ``final_only``: the caller needs the final state and the counts only.  A linear autonomous ODE (checked here,
    on the twin's own reading of the right-hand side) under a fixed-step one-step method is then advanced by the
    N-th power of its one-step matrix [[M, c], [0, 1]], read off the twin's step at 0 and the unit vectors and
    raised in arb balls (_mp_power): log2(N) matrix products in C instead of N steps; trace and nodes stay empty (the
    power reads its step at DIGITS + POWER_GUARD_DIGITS).

    ``nodes_only``: the caller needs the state after every macro step and nothing else (no trace, no counts).  When
    one step is affine in the state and the same at every time (affine_nodes_available), the nodes are then the
    iterates of the step's own map, read off the twin's step as for ``final_only`` and iterated in arb balls
    (_affine_nodes): a matrix-vector product in C per step instead of the step's Python arithmetic.
    """
    p = problem
    if nodes_only and not double_precision and affine_nodes_available(p):
        return _affine_nodes(p, digits)
    power = _powered(p) if final_only else None
    if isinstance(power, StepFiner):  # a power whose map magnifies its rounding, cheaper stepped at the digits it needs
        run = _stepped(p, power.digits, final_only=True)
        with mpmath.workdps(digits):
            return TwinRun(+run.t, [+v for v in run.y], {}, run.counts, [], run.near_ties, power.digits, False)
    if power is not None:
        return power
    return _stepped(p, digits, final_only, double_precision, nodes_only)


def solve_finer(problem: Problem, coarse: TwinRun | None, coarse_seconds: float, final_only: bool = False) -> tuple:
    """(``problem`` stepped again at as many digits as its run magnifies its own rounding, or None; why not, or None)
    where ``coarse`` (its run at DIGITS, step by step, which took ``coarse_seconds``) may be off by that rounding;
    ``coarse`` None where that run failed (SolverFailure: a Newton that drifted off an unstable equilibrium with the
    rounding and lost its branch, a review of 2026-12-07), then the run starts at 2 DIGITS, doubled while it fails, and
    keeps its nodes unless ``final_only``.

    Measured on the twin alone: the runs at D and D + 10 digits (D = DIGITS first, ``coarse``) move each value (final
    state, nodes, trace) by 10^m relative to max(1, |value|) (_largest_move).  Within the comparisons' tolerance
    (m <= -(AGREEMENT_DIGITS + 5)) the run at D is resolved: at DIGITS the disagreement stands (rounding does not
    explain it), finer the run at D + 10 is the twin.  Otherwise D grows to max(2 D, D + (m + D) + 15) (m + D: how many
    digits the run magnified, a lower bound once its values have run away), at most to MAX_FINER_DIGITS, and no further
    once it was that or the next two runs would pass FINER_TWIN_SECONDS in all (each run's time taken as growing as
    D^1.6 from the last one's; the comparisons counted too).  Euler with h = 1/10 on y' = -100 y + 100/3 from its
    equilibrium 1/3 over 1,000 steps (|R| = 9) stays 1/3 exactly, where the run at 50 digits ended at -9.3e902 (a
    review of 2026-12-07: true claims with a trace or a node table were errors, the same claim on its final value
    verified).  The twin's own arithmetic at more digits: a disagreement with the exact path that rounding does not
    explain stays one."""
    digits, low, spent, taken = DIGITS, coarse, 0.0, coarse_seconds
    if coarse is None:
        digits, low, spent, taken, why = _first_finer_run(problem, coarse_seconds, final_only)
        if low is None:
            return None, why
    else:
        final_only = not coarse.nodes  # (the runs compared alike: a run for its final state keeps no nodes)
    while True:
        if spent + 2 * taken * ((digits + 10) / max(digits, DIGITS)) ** 1.6 > FINER_TWIN_SECONDS:
            return None, (f"the twin's run at {digits} digits took {taken:.2g} s: a finer one does not fit the {FINER_TWIN_SECONDS} s "
                          "the cross-check gives a run that may magnify its rounding")
        started = time.process_time()
        try:
            high = _stepped(_at_digits(problem, digits + 10), digits + 10, final_only)
            move = _largest_move(low, high)
        except SolverFailure as exc:
            if coarse is not None:
                raise
            move, failed = None, exc  # (after a failed run at DIGITS: a probe that fails is not resolved either)
        taken = time.process_time() - started
        spent += taken
        if move is not None and move <= -(AGREEMENT_DIGITS + 5):
            if digits == DIGITS:
                return None, None  # the twin is resolved at DIGITS: rounding does not explain the disagreement
            return high._replace(digits=digits + 10), None
        magnified = math.inf if move is None or move == math.inf else min(move, 0) + digits
        finer = min(2 * digits if move is None else max(2 * digits, digits + math.ceil(min(magnified, MAX_FINER_DIGITS)) + 15),
                    MAX_FINER_DIGITS)
        if finer == digits or spent + 2 * taken * (finer / digits) ** 1.6 > FINER_TWIN_SECONDS:
            if move is None:
                return None, f"the twin's run at {digits + 10} digits failed ({failed})"
            grown = "by more than 10^0" if move >= 0 else f"by 10^{move:.0f}"
            return None, (f"the twin's own runs at {digits} and {digits + 10} digits differ {grown} relative to the values: the run "
                          f"magnifies its rounding past what the cross-check resolves (at most {MAX_FINER_DIGITS} digits, "
                          f"{FINER_TWIN_SECONDS} s)")
        digits = finer
        started = time.process_time()
        try:
            low = _stepped(_at_digits(problem, digits), digits, final_only)
        except SolverFailure as exc:
            if coarse is not None:
                raise
            return None, f"the twin's run at {digits} digits failed too ({exc})"
        spent += time.process_time() - started


def _first_finer_run(problem: Problem, failed_seconds: float, final_only: bool) -> tuple:
    """(digits, the run at them or None, seconds spent, the last run's seconds, why not) after the twin's run at DIGITS
    failed in ``failed_seconds``: at 2 DIGITS, doubled while it fails, within MAX_FINER_DIGITS and FINER_TWIN_SECONDS
    (solve_finer's projection of a run's time, growing as D^1.6)."""
    digits, spent, taken, why = DIGITS, 0.0, failed_seconds, None
    while True:
        finer = min(2 * digits, MAX_FINER_DIGITS)
        if finer == digits or spent + 2 * taken * (finer / digits) ** 1.6 > FINER_TWIN_SECONDS:
            return digits, None, spent, taken, why or (f"a run at more digits does not fit the {FINER_TWIN_SECONDS} s the cross-check "
                                                       "gives a run that may magnify its rounding")
        digits = finer
        started = time.process_time()
        try:
            run = _stepped(_at_digits(problem, digits), digits, final_only)
        except SolverFailure as exc:
            run, why = None, f"it failed at {digits} digits too ({exc})"
        taken = time.process_time() - started
        spent += taken
        if run is not None:
            return digits, run, spent, taken, None


def _at_digits(problem: Problem, digits: int) -> Problem:
    """``problem`` for a run at ``digits`` digits: Newton's default tolerance (schema.NEWTON's 10^-40, for DIGITS)
    scaled to 10^-(digits - 10), unless the claim set one.  At one tolerance the runs at D and D + 10 digits stop at the
    same iterates, so they agreed while both ran off an unstable equilibrium by Newton's 10^-40 a step (the trapezoid
    rule on y' = (7 y - 7/3) + 10 (7 y - 7/3)^2 with h = 1/7 from 1/3, |R| = 3, over 200 steps: 0.319 at 114 and 124
    digits, where every node is 1/3; a check of 2026-12-07), as verify.checks.kit.newton_to_precision says of two
    precisions."""
    if "newton_tolerance" in problem.options or not any(o.name == "newton_tolerance" for o in METHODS[problem.method].schema):
        return problem
    return dataclasses.replace(problem, options={**problem.options, "newton_tolerance": sympy.Rational(1, 10 ** (digits - 10))})


FINER_TWIN_SECONDS = 20  # solve_finer's budget for its runs, in CPU seconds of the process (a claim's default time limit is
# 120 s): wall-clock seconds made the verdict depend on the machine's load, BDF2 over 300 steps from an unstable
# equilibrium verified alone and an error beside another job (a review of 2026-12-07)
MAX_FINER_DIGITS = DIGITS + 4000  # the most digits solve_finer runs the twin at (its probe at 10 more)


def _largest_move(a: TwinRun, b: TwinRun) -> float:
    """log10 of the largest difference between two runs' values (final state, nodes, trace entries) relative to
    max(1, |value|), as crosscheck.close scales them; -inf where they agree exactly, inf where their shapes differ or a
    value is not finite."""
    pairs = list(zip(a.y, b.y))
    if len(a.nodes) != len(b.nodes) or set(a.trace) != set(b.trace):
        return math.inf
    for (_, ya), (_, yb) in zip(a.nodes, b.nodes):
        pairs += zip(ya, yb)
    for name, values in a.trace.items():
        if len(values) != len(b.trace[name]):
            return math.inf
        pairs += zip(values, b.trace[name])
    worst = mpmath.mpf(0)
    with mpmath.workdps(DIGITS + 10):
        for u, v in pairs:
            if isinstance(u, (tuple, list)):  # a stage vector (k2 of a system): its components in turn
                if len(u) != len(v):
                    return math.inf
                pairs += zip(u, v)  # (appended to the list being read: the loop reaches them)
                continue
            if not (isinstance(u, mpmath.mpf) and isinstance(v, mpmath.mpf)):
                continue  # (counts, flags: not rounded values)
            if not (mpmath.isfinite(u) and mpmath.isfinite(v)):
                return math.inf
            difference = abs(u - v)
            if difference > worst:  # (one division per pair that can raise the largest)
                worst = max(worst, difference / max(1, abs(v)))
        return float(mpmath.log10(worst)) if worst else -math.inf


def _stepped(p: Problem, digits: int, final_only: bool = False, double_precision: bool = False, nodes_only: bool = False) -> TwinRun:
    """solve's run of ``p`` step by step at ``digits`` digits (the nodes kept unless ``final_only``)."""
    names = [str(s) for s in p.states]
    trace: dict[str, list] = {}
    nodes = []
    with mpmath.workdps(digits):
        system = MpSystem(p.rhs, p.states, p.blocks, p.time, p.constraints, p.continuation_steps)
        system.tie_branches = p.tie_branches
        system.enclose_branches = p.enclose_branches
        t = to_mp(p.t0)
        y = [to_mp(v) for v in p.y0]
        ctx = BALLS if p.cosimulation is not None else mpmath.mp  # the co-simulation master's many substeps: arb, midpoints read back
        if double_precision:
            if p.cosimulation is None:
                raise ValueError("double precision runs are for co-simulation only")
            ctx, t, y = mpmath.fp, float(t), [float(v) for v in y]
        saved = flint.ctx.prec
        flint.ctx.prec = mpmath.mp.prec + BALL_GUARD_BITS
        try:
            advance = _advance(p.method, p.options, system, names, None if nodes_only and p.cosimulation is not None else trace, p.time,
                               t, y, p.cosimulation, p.solution, ctx)  # an energy check's co-simulation: no trace read back
            for _ in range(p.steps):
                try:
                    t, y = advance(t, y)
                except ZeroDivisionError as exc:  # a ball holding 0 as a divisor, or mpmath's division by zero
                    raise SolverFailure(f"division by zero in the step from t = {mpmath.nstr(t, 8)}: {exc}") from None
                if not final_only:  # (a run stepped where its power gave way: 10^6 nodes took gigabytes)
                    nodes.append((t, list(y)))
        finally:
            flint.ctx.prec = saved
        return TwinRun(t, y, trace, system.counts, nodes, tuple(system.near_ties))


def _powered(p: Problem) -> "TwinRun | StepFiner | None":
    """The TwinRun of ``p``'s final state (no trace, no nodes) by a power of its step map where one applies (see solve's
    ``final_only``), else None: then the steps are taken one by one.  Where the rounding of the map's entries moves
    the power's value past DIGITS + 5 digits (_raised), the map is read again as many digits finer as that move grew
    (up to MAX_POWER_GUARD_DIGITS, then the steps); the steps are taken too where a run of at most
    STEPPED_AFTER_FAILED_POWER steps has a power that does not resolve (an unstable run: AB2 with h = 1/10 on
    y' = -100 y + 100 from the equilibrium y = 1 stays at 1 exactly, step by step, where the power of the rounded map
    did not; a review of 2026-12-07)."""
    n = len(p.states)
    worth_it = p.steps > n + 1  # the n + 1 one-step images cost about as many steps; the power in arb_mat little
    if worth_it and p.cosimulation is None and affine_nodes_available(p):
        route = lambda guard: _mp_power(p.method, p.options, p.rhs, p.states, p.blocks, p.time, p.t0, p.y0, p.steps, guard)  # noqa: E731
        size = n + 1
    elif p.method in multistep_twin.NAMES and p.cosimulation is None and not p.constraints and linear_in(p.rhs, p.states):
        route = lambda guard: _multistep_power(p, guard)  # noqa: E731
        size = n * (len(multistep_twin.for_method(p.method, p.options, to_mp)[0]) - 1) + 1
    elif worth_it and p.cosimulation is None and not p.constraints and p.method in POWER_METHODS \
            and linear_in(p.rhs, [*p.states, p.time]):
        route = lambda guard: _mp_power_in_time(p.method, p.options, p.rhs, p.states, p.blocks, p.time, p.t0, p.y0, p.steps, guard)  # noqa: E731
        size = n + 2
    else:
        return None
    guard = POWER_GUARD_DIGITS
    while True:
        try:
            run = route(guard)  # (None: the route found the map not affine after all)
            return None if run is None else TwinRun(*run, digits=DIGITS if guard == POWER_GUARD_DIGITS else DIGITS + guard, stepped=False)
        except RoundingMagnified as exc:  # the map magnifies a move of its entries about 10^digits-fold: read it
            guard = max(2 * guard, math.ceil(exc.digits) + POWER_GUARD_DIGITS)  # that many digits finer, with a
            if guard > MAX_POWER_GUARD_DIGITS:  # margin (at least twice as fine: a handful of tries at most)
                return None
        except Unresolved as exc:  # balls ``digits`` short of the digits wanted: a map composed in balls (Euler's, h = 3/2
            if math.isfinite(exc.digits) and guard + exc.digits + POWER_GUARD_DIGITS <= MAX_POWER_GUARD_DIGITS:
                guard = max(2 * guard, guard + math.ceil(exc.digits) + POWER_GUARD_DIGITS)  # from the equilibrium of an
            elif p.steps <= STEPPED_AFTER_FAILED_POWER:  # 8-state system: 10^31 at 200 steps) composed as much finer
                return None  # (a review of 2026-12-07)
            else:
                raise
        except SolverFailure:  # not resolved, or not finite: a run short enough is stepped (AB2 over 1,500 steps from an
            if p.steps <= STEPPED_AFTER_FAILED_POWER:  # equilibrium: the power of its rounded map was not resolved at 4096
                return None  # bits); a longer one is the error it was (stepping it would run into the time limit)
            raise
        if _cheaper_stepped(p.steps, n, size):  # the digits the power now needs, stepped
            return StepFiner(DIGITS + guard)


@dataclass(frozen=True)
class StepFiner:
    """_powered's answer where a power had to be read finer and stepping at those ``digits`` costs less."""

    digits: int


STEP_COST = 3  # an operation of a step in mpmath's Python arithmetic against one of arb_mat's in C (measured below)


def _cheaper_stepped(steps: int, n: int, size: int) -> bool:
    """Does stepping a run of ``steps`` steps on n states (about n^2 operations a step: a linear right-hand side) cost
    less than the two powers of its size x size map (2 log2 N matrix products of size^3 each) at the same digits?
    AB5 with h = 1/2 over 2,000 steps from the equilibrium of a 10-state system at about 1,270 digits: the window's
    51 x 51 powers 7 s, the steps 1.2 s; 20 states over 3,000 steps: 81 s powered (a reviewer's file)."""
    return steps * n * n * STEP_COST < 2 * math.log2(max(steps, 2)) * size**3


MAX_POWER_GUARD_DIGITS = 4000  # a power whose map must be read finer than DIGITS + this is stepped (_powered): AB5 with
# h = 1/2 over 2,000 steps from the equilibrium of a 10-state system magnifies the rounding of its map by about 10^1200;
# read at DIGITS + 20 digits, and stepped at 50, the twin's value was 10^1145 where the exact run stays at the
# equilibrium (true claims were errors; a review of 2026-12-07); read at about 1,270 digits it agrees


def family(method: str) -> str | None:
    """The twin module that steps ``method``, named as the module of its exact step (verify.engines.methods.<family>);
    None for a method without a twin."""
    if method in RK_TWINS or method == "rk":
        return "runge_kutta"
    if method in multistep_twin.NAMES:
        return "multistep"
    if method in ("frozen-slow-euler", "midpoint-sampled-euler"):
        return "multirate"
    if method in IMPLICIT:
        return "implicit"
    if method in ("step-doubling-euler", "adaptive-euler", "adaptive-rk", "rkf-burden-faires"):
        return "step_doubling"
    if method == "cosimulation":
        return "cosimulation"
    if method in taylor_twin.names():
        return "taylor"
    return None


def _advance(method, options, system, names, trace, time, t, y, cosimulation, solution, ctx=mpmath.mp):
    """The twin's one-step function (t, y) -> (t, y) of ``method`` on ``system``, recording into ``trace``."""
    kind = family(method)
    if kind == "runge_kutta":
        advance = rk_twin.Stepper(system, options, rk_twin.tableau(method, options, to_mp), names, trace,
                                  rk_twin.pair(method, options, to_mp)).advance
    elif kind == "multistep":
        advance = _multistep_runner(method, options, system, names, trace, time, t, y, solution).advance
    elif kind == "multirate":
        midpoint = method == "midpoint-sampled-euler"
        advance = lambda t, y: multirate_twin.advance(system, t, y, options, names, trace, midpoint)  # noqa: E731
    elif kind == "implicit":
        advance = lambda t, y: IMPLICIT[method](system, t, y, options, names, trace)  # noqa: E731
    elif kind == "taylor":
        order = taylor_twin.METHODS[method].order
        advance = lambda t, y: taylor_twin.advance(system, t, y, options, names, trace, order)  # noqa: E731
    elif method == "step-doubling-euler":
        advance = lambda t, y: doubling_twin.advance(system, t, y, options, names, trace)  # noqa: E731
    elif method == "adaptive-rk":
        advance = lambda t, y: doubling_twin.adaptive(system, t, y, options, names, trace, doubling_twin.pair_attempt(options["pair"], {}),  # noqa: E731
                                                      method="adaptive-rk")
    elif method == "rkf-burden-faires":
        advance = lambda t, y: doubling_twin.burden_faires(system, t, y, options, names, trace)  # noqa: E731
    elif method == "adaptive-euler":
        advance = lambda t, y: doubling_twin.adaptive(system, t, y, options, names, trace)  # noqa: E731
    elif kind == "cosimulation" and cosimulation is not None:
        master = CoSimulationMp(cosimulation[0], cosimulation[1], options, time, ctx)
        system.counts, system.near_ties = master.counts, master.near_ties

        keep = (lambda name, value: record(trace, name, value)) if trace is not None else None  # None: nodes only

        def advance(t, y):
            t, values = master.advance(t, dict(zip(names, y)), keep)
            return t, [values[name] for name in names]
    else:
        raise CrossCheckUnavailable(f"no cross-check implementation of method {method}")
    return advance


def _multistep_runner(method, options, system, names, trace, time, t, y, solution) -> multistep_twin.Runner:
    at_time = [lambda s, f=compile_mp(e, [time]): f([s]) for e in solution] if solution is not None else None
    try:
        return multistep_twin.Runner(method, system, options, names, trace, to_mp, t, y, at_time, *newton_settings(options))
    except ValueError as exc:
        raise CrossCheckUnavailable(str(exc)) from None


def _multistep_power(p: Problem, guard: int = POWER_GUARD_DIGITS) -> tuple | None:
    """(t, y, {}, counts, []) of a linear multistep run on a linear autonomous ODE (see solve's ``final_only``), or None
    when the run is too short for the power to pay.  The method's starting steps run as in the loop; from then on
    a step maps the window (y_n, y_n-1, ..., y_n-k+1) to (y_n+1, y_n, ..., y_n-k+2), affine in it: y_n+1 is read off
    the twin's own formula from each unit window and from 0 (Runner.next_from_window; an implicit formula solved by
    its Newton), and the window's matrix [[Phi, c], [shift, 0], [0, 1]] raised to the remaining steps in arb_mat
    (_raised).  Counts: the starting steps' as the loop counts them, then one formula step's times the rest.  AB4
    and BDF2 over 10^5 steps of a 3-state linear ODE: about 17 CPU s each in the loop, where the exact path's power
    took 0.2 s."""
    names, n = [str(s) for s in p.states], len(p.states)
    with mpmath.workdps(DIGITS + guard):
        system = MpSystem(p.rhs, p.states, p.blocks, p.time)
        t, y = to_mp(p.t0), [to_mp(v) for v in p.y0]
        runner = _multistep_runner(p.method, p.options, system, names, {}, p.time, t, y, p.solution)
        k, size = runner.k, runner.k * len(p.states)
        rest = p.steps - runner.first
        if rest <= size + 1:  # the size + 1 images cost about as many steps
            return None
        window = [y]
        for _ in range(runner.first):  # the starting values (k - 1, or as many as start_steps or history give)
            t, y = runner.advance(t, y)
            window.insert(0, y)
        window = window[:k]
        started = dict(system.counts)
        images = []
        for j in [*range(size), size]:  # each unit window (the columns), then 0 (the offset)
            unit = [mpmath.mpf(int(i == j)) for i in range(size)]
            system.counts = {}
            images.append(runner.next_from_window(t, [unit[m * n:(m + 1) * n] for m in range(k)]))
        per_step = dict(system.counts)
        Phi, c = _map_from_images(images)  # the newest node's n rows
        entries = [row + [offset] for row, offset in zip(Phi, c)]
        entries += [[int(j == i - n) for j in range(size)] + [0] for i in range(n, size)]  # y_n-m moves one place down
        entries.append([0] * size + [1])
        result = _raised(entries, [v for node in window for v in node], [1], rest)[:n]
        end = t + rest * to_mp(p.options["h"])
    counts = {name: started.get(name, 0) + rest * per_step.get(name, 0) for name in {*started, *per_step}}
    with mpmath.workdps(DIGITS):
        return +end, [+v for v in result], {}, counts, []


def affine_nodes_available(p: Problem) -> bool:
    """Is one step of ``p`` an affine map of the state (and of what a co-simulation master carries to the next macro
    step), the same at every time (the twin's own reading)?  A fixed-step one-step method on a linear autonomous
    ODE, or a co-simulation exchanging outputs between linear autonomous subsystems (cosimulation.affine_with_memory)."""
    if p.constraints:
        return False
    if p.cosimulation is not None:
        return p.method == "cosimulation" and affine_with_memory(p.cosimulation[0], p.cosimulation[1], p.options, p.time)
    return p.method in POWER_METHODS and linear_in(p.rhs, p.states)  # the time or a leftover symbol: not linear


def _affine_nodes(p: Problem, digits: int) -> TwinRun:
    """The nodes of ``p``'s run as iterates y -> M y + c of its one-step map (_step_map, at digits +
    POWER_GUARD_DIGITS), in python-flint arb_mat from exact balls of its entries (_resolved_in_balls).  The nodes'
    times are t0 + k (t1 - t0)."""
    n = len(p.states)
    with mpmath.workdps(digits + POWER_GUARD_DIGITS):
        memory = _master_memory_map(p) if p.cosimulation is not None and p.steps else None
        if memory is not None:  # the master's first step, then the map of states and memory from the second on
            t0, t1, M, c, start = memory
        else:
            t0, t1, M, c, _ = _step_map(p.method, p.options, p.rhs, p.states, p.blocks, p.time, p.t0, p.cosimulation)
            start = [to_mp(v) for v in p.y0]
        size = len(start)

        def iterates():
            matrix = flint.arb_mat(size, size, [to_ball(v) for row in M for v in row])
            shift = flint.arb_mat(size, 1, [to_ball(v) for v in c])
            y = flint.arb_mat(size, 1, [to_ball(v) for v in start])
            states = [[y[i, 0] for i in range(n)]] if memory is not None else []  # the first step's node
            for _ in range(p.steps - len(states)):
                y = matrix * y + shift
                states.append([y[i, 0] for i in range(n)])
            return states

        try:
            values = _resolved_in_balls(iterates, digits + POWER_GUARD_DIGITS, "the iterates of the step map")
        except SolverFailure:  # balls that cannot stay narrow over a long rotation (their wrapping effect: 10^5 RK4
            values = _plain_iterates(M, c, start, n, p.steps, memory is not None)  # steps on the oscillator)
        step = t1 - t0
    with mpmath.workdps(digits):
        nodes = [(+(t0 + (k + 1) * step), [+v for v in state]) for k, state in enumerate(values)]
        t, y = nodes[-1] if nodes else (+t0, [+v for v in start])
        return TwinRun(t, y, {}, {}, nodes, ())


def _plain_iterates(M, c, start, n: int, steps: int, first_is_a_node: bool) -> list:
    """The iterates of y -> M y + c in mpmath at the working precision (no enclosure: a long rotation's balls widen
    by the wrapping effect, about a factor |cos| + |sin| a step, past any precision); the rounding of 10^5 steps
    stays near 10^5 ulp, far below what the energy check's run at 20 more digits resolves."""
    size = len(start)
    y = list(start)
    states = [y[:n]] if first_is_a_node else []
    rows = [[(j, v) for j, v in enumerate(row) if v] for row in M]
    for _ in range(steps - len(states)):
        y = [mpmath.fsum([c[i]] + [v * y[j] for j, v in rows[i]]) for i in range(size)]
        states.append(y[:n])
    return states


def _step_map(method, options, rhs, states, blocks, time, t0, cosimulation=None) -> tuple:
    """(t0, t1, M, c, counts) of one step y -> M y + c of an affine step (M a list of rows, at the working
    precision), read off the twin's step from each unit vector and from 0, each a fresh step (a co-simulation
    master keeps nothing); ``counts`` the evaluations of one step.  An explicit Runge-Kutta step on y' = A y + f
    is composed from its tableau instead (_explicit_rk_map: s matrix products where the n + 1 steps took n + 1
    right-hand sides of n terms each per stage)."""
    if cosimulation is None and (method in RK_TWINS or method == "rk"):
        composed = _explicit_rk_map(method, options, rhs, states, blocks, t0)
        if composed is not None:
            return composed
    return _step_images_map(method, options, rhs, states, blocks, time, t0, cosimulation)


def _master_memory_map(p: Problem) -> tuple | None:
    """For a co-simulation master that carries memory (CoSimulationMp.memory_slots: the previous exchange, the
    balance errors): (t0, t1, M, c, z1) with z1 the states and the memory after the master's first macro step from
    the start (its first-step rule applied), and z -> M z + c the macro step from the second on, read off the
    master's step from each unit vector of states and memory and from 0, the master given that memory each time
    (set_memory replaces all it carries).  None when the master carries nothing (then _step_map reads the map of the states alone)."""
    model, substitutions = p.cosimulation
    names = [str(s) for s in p.states]
    n = len(names)
    master = CoSimulationMp(model, substitutions, p.options, p.time)
    if not master.memory_slots():
        return None
    t0 = to_mp(p.t0)
    t1, values = master.advance(t0, dict(zip(names, [to_mp(v) for v in p.y0])), None)
    first = [values[s] for s in names] + master.memory()
    size = len(first)
    images = []
    for k in [*range(size), size]:  # each unit vector (the columns of M), then 0 (the offset c)
        unit = [mpmath.mpf(int(i == k)) for i in range(size)]
        master.set_memory(unit[n:])
        _, values = master.advance(t1, dict(zip(names, unit[:n])), None)
        images.append([values[s] for s in names] + master.memory())
    return (t0, t1, *_map_from_images(images), first)


def _step_images_map(method, options, rhs, states, blocks, time, t0, cosimulation=None) -> tuple:
    """_step_map read off n + 1 fresh steps of the twin."""
    n, names = len(states), [str(s) for s in states]
    system = MpSystem(rhs, states, blocks, time)  # compiled once for the n + 1 one-step images
    t0 = to_mp(t0)
    images = []
    for k in [*range(n), n]:  # each unit vector (the columns of M plus c), then 0 (the offset c)
        start = [mpmath.mpf(int(i == k)) for i in range(n)]
        system.counts = {}
        t1, y = _advance(method, options, system, names, {}, time, t0, start, cosimulation, None)(t0, start)
        images.append(y)
    return (t0, t1, *_map_from_images(images), system.counts)


def _map_from_images(images: list) -> tuple:
    """(M, c) of an affine map from its images of the unit vectors and of 0 (the last): c = F(0), column j of M
    F(e_j) - c; M has a row per value of an image (a multistep window's map gives the newest node's values only)."""
    offset = images[-1]
    return [[image[i] - offset[i] for image in images[:-1]] for i in range(len(offset))], offset


def _explicit_rk_map(method, options, rhs, states, blocks, t0) -> tuple | None:
    """(t0, t0 + h, M, c, counts) of one step of an explicit Runge-Kutta tableau (the twin's own coefficients) on
    y' = A y + f (A and f read off the right-hand side term by term, base.linear_coefficients): the stages are
    affine in y, k_i = K_i y + g_i with K_i = A (I + h sum_j a_ij K_j) and g_i = A h sum_j a_ij g_j + f (Butcher,
    Numerical Methods for ODEs, 2016, section 23), and y1 = (I + h sum_i b_i K_i) y + h sum_i b_i g_i.  Composed in
    python-flint arb_mat at the working precision plus 64 bits and read back as midpoints (the rounding is far below
    the digits the power is read to); the counts are those of a fresh step, s evaluations.  None for an implicit
    tableau or a right-hand side that is not such a sum."""
    A_rk, b, c = rk_twin.tableau(method, options, to_mp)
    explicit, _, _ = rk_twin.shape(A_rk, b, c)
    read = linear_coefficients(rhs, states) if explicit else None
    if read is None:
        return None
    rows, constants = read
    n, s = len(states), len(b)
    saved = flint.ctx.prec
    flint.ctx.prec = mpmath.mp.prec + 64
    try:
        h = _ball(options["h"])
        matrix = flint.arb_mat(n, n, [_exact_number(v) for row in rows for v in row])
        offset = flint.arb_mat(n, 1, [_exact_number(v) for v in constants])
        identity = flint.arb_mat(n, n, 1)
        K, g = [], []
        for i in range(s):
            left, shift = identity, flint.arb_mat(n, 1)
            for j in range(i):
                if A_rk[i][j]:
                    weight = h * to_ball(A_rk[i][j])
                    left, shift = left + weight * K[j], shift + weight * g[j]
            K.append(matrix * left)
            g.append(matrix * shift + offset)
        step, shift = identity, flint.arb_mat(n, 1)
        for i in range(s):
            if b[i]:
                weight = h * to_ball(b[i])
                step, shift = step + weight * K[i], shift + weight * g[i]
        M = [[step[i, j].mid() for j in range(n)] for i in range(n)]  # exact balls, as the steps' mpmath images are
        c_ = [shift[i, 0].mid() for i in range(n)]
    finally:
        flint.ctx.prec = saved
    t0 = to_mp(t0)
    counts = {"rhs": s, **{name: s for name in blocks}}
    return t0, t0 + to_mp(options["h"]), M, c_, counts


def _exact_number(number: sympy.Expr):
    """A sympy rational as python-flint's fmpq (arb_mat rounds it into a ball at flint.ctx.prec), anything else as
    _ball."""
    return flint.fmpq(int(number.p), int(number.q)) if number.is_Rational else _ball(number)


def _ball(number: sympy.Expr):
    """A sympy number as an arb ball at flint.ctx.prec: a rational from its numerator and denominator (the ball holds
    it), anything else from its mpmath value at the working precision."""
    if number.is_Rational:
        return flint.arb(flint.fmpq(int(number.p), int(number.q)))
    return to_ball(to_mp(number))


def _mp_power(method, options, rhs, states, blocks, time, t0, y0, steps, guard: int = POWER_GUARD_DIGITS):
    """(t, y, {}, counts, []) of ``steps`` steps as a power of the one-step matrix [[M, c], [0, 1]] (see solve's
    ``final_only``), raised in python-flint's arb_mat (binary powering in C) from exact balls of its entries
    (_resolved_in_balls).  The rounding of the one-step images themselves (read at DIGITS + ``guard`` digits) is
    not in the radius: _raised tests it."""
    n = len(states)
    with mpmath.workdps(DIGITS + guard):
        t0, t1, M, c, counts = _step_map(method, options, rhs, states, blocks, time, t0)
        entries = [row + [offset] for row, offset in zip(M, c)] + [[0] * n + [1]]
        result = _raised(entries, y0, [1], steps)
        end = t0 + steps * (t1 - t0)
    with mpmath.workdps(DIGITS):
        return +end, [+v for v in result], {}, {name: count * steps for name, count in counts.items()}, []


def _raised(entries, y0, extra, steps: int) -> list:
    """The first len(y0) values of B^steps (y0, extra), B the matrix ``entries`` (mpmath numbers), in python-flint's
    arb_mat (binary powering in C) from exact balls of its entries (_resolved_in_balls), as mpmath midpoints.

    The entries were read off the twin's steps at the working precision, so their last bits are rounding: unless a
    bound shows it cannot matter (_rounding_negligible), the same power of the map with each such entry (and each
    mpmath start value) moved by 8 to 24 units of its last bit (_nudges) must agree to DIGITS + 5 digits on the
    scale crosscheck.close compares on (max(1, |state|)), else RoundingMagnified, saying how much the moves grew (the
    caller reads the map that many digits finer, _powered).  A map that grows some vector magnifies that rounding
    (AB2 with h = 1/10 on y' = -100 y + 100 stays at its equilibrium 1 exactly, step by step; the power of its rounded
    map was 0.99999999999999999993 or not resolved at all).  Balls widened by the rounding would say so rigorously,
    but binary powering widens them far past what the rounding does (BDF6 over 10^6 steps: past 10^-43 for a run
    that agrees with its steps to 10^-45)."""
    size, n = len(entries), len(y0)

    def power(nudges=None):  # nudges: (which entries were read off steps, each row's scale) for the nudged power. The start's balls made at the precision power() runs at: a rational's fmpq rounded
        # into it, an mpmath number (a multistep window's) exactly (made at flint's default 53 bits, a window was known to
        # 10^-16 at most)
        start = [_exact_number(v) if getattr(v, "is_Rational", False) else to_ball(v) for v in y0]
        matrix = flint.arb_mat(size, size, [to_ball(v) for row in entries for v in row])
        if nudges is not None:
            read, scales = nudges
            matrix_nudges, start_nudges = _nudges(tuple(map(tuple, read)), tuple(not getattr(v, "is_Rational", False) for v in y0))
            unit = flint.arb(2) ** (4 - mpmath.mp.prec)
            matrix += flint.arb_mat(size, size, [unit * to_ball(scale) if i == j else 0 for i, scale in enumerate(scales)
                                                 for j in range(size)]) * matrix_nudges
            start = [ball + unit * to_ball(abs(v)) * w if w else ball for ball, v, w in zip(start, y0, start_nudges)]
        raised = matrix ** steps
        if nudges is None:  # the power's norm (row sums of its midpoints, in floats: inf past them)
            power_norm[:] = [max(math.fsum(abs(float(raised[i, j])) for j in range(size)) for i in range(size))]  # (float of a
            # ball: its midpoint's)
        result = raised * flint.arb_mat(size, 1, start + extra)
        return [[result[i, 0] for i in range(n)]]

    power_norm = [math.inf]
    value = _resolved_in_balls(power, DIGITS + POWER_GUARD_DIGITS, "the power of the step matrix")[0]  # to the digits the
    # comparisons need (the map's extra digits are for its rounding, not the result's)
    if _rounding_negligible(entries, value, steps, power_norm[0]):
        return value
    read = [[not isinstance(v, int) and v != 0 for v in row] for row in entries]  # the entries read off steps (not the
    # map's own 0s and 1s, nor an entry that came out exactly 0: the offset of a linear map), made only now
    scales = [max([1, *(abs(_midpoint(v)) for v, was_read in zip(row, marks) if was_read)]) for row, marks in zip(entries, read)]
    # (a map composed in balls: its entries' midpoints, exact, so that a nudge is an exact ball too; abs of the ball at
    # flint's 53 bits gave each nudge a radius that no precision of the power shrank, and the nudged power never
    # resolved: a review of 2026-12-07)
    moved = _resolved_in_balls(lambda: power((read, scales)), DIGITS + POWER_GUARD_DIGITS, "the power of the step matrix")[0]
    bound = mpmath.mpf(10) ** -(DIGITS + 5) * max([1, *(abs(v) for v in value)])  # on crosscheck.close's scale (values
    # below 1 are compared to an absolute 10^-30): a run ending at 10^-20, or at 0, is not held to more
    largest = max((abs(a - b) for a, b in zip(value, moved)), default=0)
    if largest > bound:  # how many times the moves of the entries (and start values) grew: 10^magnification
        moves = mpmath.mpf(2) ** (4 - mpmath.mp.prec) * max([1, *scales, *(abs(v) for v in y0)])
        raise RoundingMagnified(f"the power of the step matrix moves past {DIGITS + 5} digits when its entries move by their "
                                "rounding (a run whose step map grows some vector)", float(mpmath.log10(largest / moves)))
    return value


def _midpoint(value):
    """An arb ball's midpoint as an mpmath number (exact), anything else as it is."""
    return from_ball(value.mid()) if isinstance(value, flint.arb) else value


class DigitsShort(SolverFailure):
    """A twin power short of the digits its comparisons need, with a measure in ``digits`` of how far (each subclass
    says which): _powered reads the power's map finer by it."""

    def __init__(self, message: str, digits: float):
        super().__init__(message)
        self.digits = digits

    def __reduce__(self):
        return type(self), (str(self), self.digits)


class RoundingMagnified(DigitsShort):
    """A power of a step map whose value the rounding of the map's entries moves (_raised): a move of the entries grew
    about 10^``digits``-fold, so the twin reads the map that many digits finer (_powered), or steps."""


def _rounding_negligible(entries, value, steps: int, power_norm: float) -> bool:
    """Can the rounding of the map's entries (a few units of the working precision on their row's scale, at most
    the map's norm) not move B^N v past DIGITS + 5 digits of the state's scale?  To first order it moves it by at most
    N max_k |B^k|^2 |dB| |v| (B^N - B'^N = sum of B^k (B - B') B'^(N-1-k)); max_k |B^k| is taken as max(1, |B^N|) (infinity norms, in
    floats), which a map that grows and then decays again (transient growth) can pass: then the twin's value may be
    off, and the cross-check says so (an error, never a verdict).  A map whose power stays near 1 over the run needs no
    second power: Euler with h = 1/100 on a 3 x 3 system over 100 steps (0.09 ms the twin, 0.3 ms with it)."""
    scale = max([1.0, *(abs(float(v)) for v in value)])  # crosscheck.close's scale, as _raised's bound
    norm = max(math.fsum(abs(float(v)) for v in row) for row in entries)
    if not (math.isfinite(scale) and math.isfinite(power_norm) and math.isfinite(norm)):
        return False
    moved = (math.log10(steps) + 2 * math.log10(max(1.0, power_norm)) + 2 * math.log10(max(1.0, norm))
             + (8 - mpmath.mp.prec) * math.log10(2))  # |dB| <= 2^(8 - prec) max(1, norm): a row's scale is at most the norm
    return moved <= -(DIGITS + 5) + math.log10(scale)


@functools.lru_cache(maxsize=64)
def _nudges(read: tuple, start_read: tuple) -> tuple:
    """(matrix, list) of weights between 1/2 and 3/2, up or down, drawn once from a seeded generator, where an entry
    of the map (of the start) was read off the twin's steps, 0 elsewhere; an entry moves by 8 to 24 units of the
    working precision's last bit on its row's scale (_raised).  Pseudo-random, so that the moves are unlikely to keep
    a fixed point of the map by cancelling (a pattern of + and - in turn did for y -> a y + c at y = 1); exact binary
    fractions, the same balls at every precision."""
    draw = random.Random(len(read) * 7919 + len(start_read))

    def weight():
        return flint.arb(draw.choice((-1, 1)) * draw.randrange(512, 1536)) / 1024

    size = len(read)
    matrix = flint.arb_mat(size, size, [weight() if read[i][j] else 0 for i in range(size) for j in range(size)])
    return matrix, [weight() if was_read else 0 for was_read in start_read]


def _mp_power_in_time(method, options, rhs, states, blocks, time, t0, y0, steps, guard: int = POWER_GUARD_DIGITS):
    """_mp_power for a right-hand side affine in the state and t jointly (y' = t - y): a step from (t0 + s, y) is
    then affine in (y, s), y -> M y + c + s g, and s -> s + h; M, c and g are read off fresh steps of the twin from
    t0 (each unit vector and 0) and from t0 + 1 (0), checked against a step from t0 + 2, and the matrix of (y, s, 1)
    raised to the N-th power in arb_mat.  None when the check fails (then the steps run one by one).  The exact path
    carries t the same way in its own arithmetic (methods.base._affine_continuation)."""
    n, names = len(states), [str(s) for s in states]
    with mpmath.workdps(DIGITS + guard):
        system = MpSystem(rhs, states, blocks, time)
        start_time = to_mp(t0)

        def image(s, vector):
            system.counts = {}
            t1, y = _advance(method, options, system, names, {}, time, start_time + s, vector, None, None)(start_time + s, vector)
            return t1 - (start_time + s), y, dict(system.counts)

        zero = [mpmath.mpf(0)] * n
        h, _, counts = image(0, zero)
        M, c = _map_from_images([image(0, [mpmath.mpf(int(i == j)) for i in range(n)])[1] for j in range(n)] + [image(0, zero)[1]])
        g = [a - b for a, b in zip(image(1, zero)[1], c)]
        probe = [mpmath.mpf(j + 2) / 7 for j in range(n)]
        _, stepped, _ = image(2, probe)
        predicted = [mpmath.fsum([c[i], 2 * g[i]] + [M[i][j] * probe[j] for j in range(n)]) for i in range(n)]
        if any(abs(a - b) > mpmath.mpf(10) ** -DIGITS * (1 + abs(a)) for a, b in zip(stepped, predicted)):
            return None  # not affine in (y, s) after all
        entries = [M[i] + [g[i], c[i]] for i in range(n)] + [[0] * n + [1, h], [0] * (n + 1) + [1]]
        result = _raised(entries, y0, [0, 1], steps)
        end = start_time + steps * h
    with mpmath.workdps(DIGITS):
        return +end, [+v for v in result], {}, {name: count * steps for name, count in counts.items()}, []


def _resolved_in_balls(compute, digits: int, what: str) -> list:
    """The states (lists of arb balls) ``compute()`` gives at flint.ctx.prec, as mpmath midpoints: computed at the
    working precision plus 64 bits, doubled up to POWER_MAX_BITS until every state is known to ``digits`` digits
    of its scale (_resolved_balls); SolverFailure, naming ``what``, when it is not by then."""
    wanted = _resolution_bound(digits, mpmath.mp.prec)
    saved, prec = flint.ctx.prec, mpmath.mp.prec + 64
    most = max(POWER_MAX_BITS, 2 * prec)  # a map read at more digits (_powered) is raised at twice them at most
    try:
        while True:
            flint.ctx.prec = prec
            states = compute()
            if all(_resolved_balls(state, wanted) for state in states):
                return [[from_ball(v) for v in state] for state in states]
            if prec >= most:
                raise Unresolved(f"{what} is not resolved at {most} bits", _missing_digits(states, digits))
            prec *= 2
    finally:
        flint.ctx.prec = saved


@functools.lru_cache(maxsize=64)
def _resolution_bound(digits: int, prec: int):
    """10^-digits rounded to ``prec`` bits by mpmath, as an exact arb ball (_resolved_in_balls' bound)."""
    with mpmath.workprec(prec):
        return to_ball(mpmath.mpf(10) ** -digits)


POWER_MAX_BITS = 4096


class Unresolved(DigitsShort):
    """Balls that _resolved_in_balls could not bring to the digits wanted: ``digits`` short (inf when no state has a
    nonzero midpoint).  A power whose map was composed in balls (an explicit Runge-Kutta tableau's) keeps the entries'
    radii at any precision of the power: its caller composes the map that many digits finer (_powered)."""


def _missing_digits(states: list, digits: int) -> float:
    """How many digits short of ``digits`` (on each state's scale, as _resolved_balls measures) the worst ball is."""
    worst = -math.inf
    for values in states:
        scale = max((abs(from_ball(v.mid())) for v in values), default=0)
        for v in values:
            radius = from_ball(v.rad())
            if radius:
                worst = max(worst, math.inf if not scale else float(mpmath.log10(radius / scale)) + digits)
    return worst


def _resolved_balls(values: list, wanted) -> bool:
    """Is every ball of a state finite with a radius at most ``wanted`` times the state's largest midpoint (a
    component near 0 is known to the state's scale, as any floating run knows it)?  SolverFailure when one is not
    finite (an overflow)."""
    if not all(v.is_finite() for v in values):
        raise SolverFailure("the step map's iterates or power are not finite: an overflow")
    if not values:
        return True
    # in arb alone (nothing read back into mpmath per state): the midpoints are exact, and the bound's ball holds
    # wanted * scale, so a radius passes only when it is at most every number in it
    bound = wanted * max(abs(v.mid()) for v in values)
    return all(v.rad() <= bound for v in values)
