"""The independent mpmath twins of the exact step maps, one module per family, named as in verify.engines.methods.

A twin has its own coefficient data, written out again, so a wrong coefficient on one path is caught by the
cross-check instead of being shared by both.  ``mp_run`` runs any method's twin.
"""
from __future__ import annotations

import mpmath

from verify.engines.crosscheck import DIGITS, compile_mp, to_mp
from verify.engines.methods.step_doubling import AdaptiveRungeKutta
from verify.engines.twins import implicit as implicit_twin
from verify.engines.twins import multirate as multirate_twin
from verify.engines.twins import multistep as multistep_twin
from verify.engines.twins import runge_kutta as rk_twin
from verify.engines.twins import step_doubling as doubling_twin
from verify.engines.twins.base import MpSystem, newton_settings, record
from verify.engines.twins.cosimulation import CoSimulationMp
from verify.errors import CrossCheckUnavailable

RK_TWINS = rk_twin.names()
IMPLICIT = {"backward-euler": implicit_twin.backward_euler, "rosenbrock-euler": implicit_twin.rosenbrock_euler}


def mp_run(method: str, options: dict, rhs: list, states: list, blocks: dict, time, t0, y0, steps: int, constraints=(), cosimulation=None,
           solution=None):
    """Run a method in mpmath at DIGITS digits.

    Returns (t, y, trace, counts, nodes): the final time and state, every value
    assigned to each state name, right-hand-side evaluations per block, and the
    state after every macro step.  ``cosimulation`` is (model, parameter
    substitutions) for the co-simulation master algorithms; ``solution`` the model's solution (one expression in
    ``time`` per state, initial values substituted) for a multistep method started from it.
    """
    names = [str(s) for s in states]
    trace: dict[str, list] = {}
    nodes = []
    with mpmath.workdps(DIGITS):
        system = MpSystem(rhs, states, blocks, time, constraints)
        t = to_mp(t0)
        y = [to_mp(v) for v in y0]
        if method in RK_TWINS or method == "rk":
            tableau, bhat, memo = rk_twin.tableau(method, options, to_mp), rk_twin.pair(method, options, to_mp), {}
            advance = lambda t, y: rk_twin.advance(system, t, y, options, tableau, names, trace, bhat, memo)  # noqa: E731
        elif method in multistep_twin.NAMES:
            at_time = [lambda s, f=compile_mp(e, [time]): f([s]) for e in solution] if solution is not None else None
            try:
                runner = multistep_twin.Runner(method, system, options, names, trace, to_mp, t, y, at_time, *newton_settings(options))
            except ValueError as exc:
                raise CrossCheckUnavailable(str(exc)) from None
            advance = runner.advance
        elif method in ("frozen-slow-euler", "midpoint-sampled-euler"):
            midpoint = method == "midpoint-sampled-euler"
            advance = lambda t, y: multirate_twin.advance(system, t, y, options, names, trace, midpoint)  # noqa: E731
        elif method in IMPLICIT:
            advance = lambda t, y: IMPLICIT[method](system, t, y, options, names, trace)  # noqa: E731
        elif method == "step-doubling-euler":
            advance = lambda t, y: doubling_twin.advance(system, t, y, options, names, trace)  # noqa: E731
        elif method == "adaptive-rk":
            settings = {"order": AdaptiveRungeKutta.LOWER_ORDER[options["pair"]], **options}  # the method's default order
            advance = lambda t, y: doubling_twin.adaptive(system, t, y, settings, names, trace, doubling_twin.pair_attempt(options["pair"], {}))  # noqa: E731
        elif method == "adaptive-euler":
            advance = lambda t, y: doubling_twin.adaptive(system, t, y, options, names, trace)  # noqa: E731
        elif method == "cosimulation" and cosimulation is not None:
            master = CoSimulationMp(cosimulation[0], cosimulation[1], options, time)
            system.counts = master.counts

            def advance(t, y):
                t, values = master.advance(t, dict(zip(names, y)), lambda name, value: record(trace, name, value))
                return t, [values[name] for name in names]
        else:
            raise CrossCheckUnavailable(f"no cross-check implementation of method {method}")
        for _ in range(steps):
            t, y = advance(t, y)
            nodes.append((t, list(y)))
        return t, y, trace, system.counts, nodes
