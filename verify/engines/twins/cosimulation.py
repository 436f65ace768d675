"""The co-simulation master algorithms written again in mpmath (the independent path).

Written from the definitions in verify/methods/cosimulation.py's docstring
(source 004), without its code: inputs are closures of tau, each subsystem is
advanced by its own loop over the tableau, the balance bookkeeping is done on
running sums.  Used by verify.engines.twins.mp_run for method ``cosimulation``.
"""
from __future__ import annotations

from operator import mul

import mpmath
import sympy

from verify.engines.crosscheck import BALLS, compile_mp, from_ball, to_ball, to_mp
from verify.engines.twins import runge_kutta as rk_twin
from verify.engines.twins.base import linear_in, option

TIE_GUARD_BITS = 40  # a gap below threshold * 2^-(precision - this) is a tie (the rounding of some 10^4 operations is far below)


def affine_with_memory(model, substitutions, options, time) -> bool:
    """Is one macro step after the first an affine map of the states and of what the master carries from step to
    step (CoSimulationMp.memory: the previous exchange under linear extrapolation, the balance errors carried), the
    same at every macro time?  So when the exchange is of outputs (the power exchange divides by a state and
    switches at a threshold) and every subsystem's right-hand side and outputs are sums of number * (own state or
    input) and numbers, free of the time (read term by term here, as the twin reads its rhs).  The first macro step
    is the master's own (its first-step rule: the previous exchange is the initial one)."""
    if option("cosimulation", options, "exchange") == "power":
        return False
    return all(linear_in([e.xreplace(substitutions) for e in [*sub.rhs.values(), *sub.outputs.values()]],
                         [sympy.Symbol(s, real=True) for s in sub.states] + list(sub.input_symbols))
               for sub in model.subsystems.values())


def _ignored(name, value) -> None:
    """A record callback for a run whose trace nobody reads (an energy check's nodes)."""


class CoSimulationMp:
    """State and bookkeeping of one mpmath co-simulation run."""

    def __init__(self, model, substitutions, options, time, ctx=mpmath.mp):
        """``ctx``: mpmath.mp (at the working precision), crosscheck.BALLS (arb balls at flint.ctx.prec, read back
        as their midpoints: the same numbers, faster) or mpmath.fp (double precision, for the inner-solver
        diagnostic of verify.checks.energy only: never a verdict's value).  ``advance`` takes and gives mpmath
        numbers (floats for mpmath.fp) whatever the arithmetic inside."""
        self.model = model
        self.options = options
        self.ctx = ctx
        self.balls = ctx is BALLS
        number = {id(mpmath.mp): to_mp, id(BALLS): to_ball}.get(id(ctx), lambda v: float(to_mp(v)))
        self.H = number(options["H"])
        value = lambda name: option("cosimulation", options, name)  # noqa: E731
        self.degree = int(value("extrapolation"))
        self.hermite = self.degree == 1 and value("slope") == "derivative"
        self.gauss_seidel = value("scheme") == "gauss-seidel"
        self.power = value("exchange") == "power"
        self.m = int(value("microsteps"))
        A, b, c = rk_twin.tableau(value("solver"), {}, to_mp)  # the twin's own coefficients
        if ctx is not mpmath.mp:
            convert = to_ball if self.balls else float
            A, b, c = [[convert(a) for a in row] for row in A], [convert(v) for v in b], [convert(v) for v in c]
        # The solver's h a_il, h b_i and stage times are the same at every macro step: computed once per run.  ``if a``
        # passes a ball's zero too (bool(arb(0)) is True), so the ball run keeps those terms: 0 * k_l is an exact zero
        # for a finite k_l, and nan for a non-finite one.
        h = self.H / self.m
        # per stage: the earlier stages it reads, and their h a_il
        self.stage_rows = [([l for l, a in enumerate(row[:i]) if a], [h * a for a in row[:i] if a]) for i, row in enumerate(A)]
        self.weight_stages = [i for i, v in enumerate(b) if v]
        self.weights = [h * v for v in b if v]
        self.stage_times = [[j * h + v * h for v in c] for j in range(self.m)]  # tau of each (substep, stage) in the macro step
        self.threshold = number(value("threshold"))
        # |a| >= threshold with |a| within rounding of the threshold is taken as the tie exact arithmetic gives: with
        # rational data a recovered denominator often equals the threshold exactly (v = -1/10 after a macro step of
        # H = 1/10 against the threshold 1/10), and rounding alone would decide the branch (the 50-digit run of
        # cosim/power-exchange/stable-constant changed its result in the fourth digit with the precision before this)
        self.tie = self.threshold * number(sympy.Rational(1, 2 ** (max(ctx.prec - TIE_GUARD_BITS, 8) if ctx is not mpmath.fp else 40)))
        self.lowest_gap = -self.tie  # the least |a| - threshold that recovers the input
        choice = value("balance")
        self.inputs = [(name, i) for name, sub in model.subsystems.items() for i in sub.inputs]
        self.balanced = [key for key in self.inputs if choice == "all" or choice == f"{key[0]}.{key[1]}"]
        self.subs = {}
        for name, sub in model.subsystems.items():
            own = [sympy.Symbol(s, real=True) for s in sub.states]
            variables = [time, *own, *sub.input_symbols]
            rhs = [sub.rhs[s].xreplace(substitutions) for s in sub.states]

            def rate_of(e, own=own, rhs=rhs):  # the chain rule along the subsystem's dynamics, inputs held
                return sympy.diff(e, time) + sum(sympy.diff(e, x) * f for x, f in zip(own, rhs))

            entry = {
                "f": [compile_mp(f, variables, ctx) for f in rhs],
                "out": {o: compile_mp(e.xreplace(substitutions), [time, *own], ctx) for o, e in sub.outputs.items()},
                "P": compile_mp(sub.power.xreplace(substitutions), variables, ctx) if sub.power is not None else None,
                "out_dot": {o: compile_mp(rate_of(e.xreplace(substitutions)), variables, ctx) for o, e in sub.outputs.items()},
            }
            if sub.power is not None:
                power = sub.power.xreplace(substitutions)
                entry["P_dot"] = compile_mp(rate_of(power), variables, ctx)
                entry["P_u"] = [compile_mp(sympy.diff(power, u), variables, ctx) for u in sub.input_symbols]
            if sub.power_input is not None:
                u = sub.input_symbols[sub.inputs.index(sub.power_input)]
                power = sub.power.xreplace(substitutions)
                entry["a"] = compile_mp(sympy.diff(power, u), variables, ctx)
                entry["b"] = compile_mp(sympy.expand(power.subs(u, 0)), variables, ctx)
            # a stage's derivative: the states' rates, then the integrands of the outputs' and the power's integrals (the
            # outputs, compiled on (time, own states), read the same leading entries of the stage's env)
            entry["parts"] = [*entry["f"], *entry["out"].values(), *([entry["P"]] if entry["P"] is not None else [])]
            entry["integrals"] = len(entry["parts"]) - len(rhs)
            # where the power-exchange scheme writes the recovered input in a stage's env (time, states, inputs)
            entry["replaced_slot"] = 1 + len(own) + sub.inputs.index(sub.power_input) if sub.power_input is not None else None
            self.subs[name] = entry
        self.zero = ctx.mpf(0)  # where each integral starts
        self.previous = None  # the exchange at the previous macro time
        self.previous_agreed = None
        self.carried = {key: ctx.mpf(0) for key in self.balanced}
        # the balance deficits of the inputs the exchange gives (not those the power exchange recovers) and the works of
        # the subsystems with a power: running sums from 0, under their trace names
        self.deficit_labels = {key: f"deficit_{key[0]}_{key[1]}" for key in self.inputs
                               if not (self.power and key[1] == model.subsystems[key[0]].power_input)}
        self.work_labels = {name: f"work_{name}" for name, sub in model.subsystems.items() if sub.power is not None}
        self.sums = {"fallbacks": ctx.mpf(0), "interface_energy": ctx.mpf(0), "max_step_interface_energy": ctx.mpf(0),
                     **{label: ctx.mpf(0) for label in [*self.deficit_labels.values(), *self.work_labels.values()]}}
        self.counts = {}
        self.macro_step = 0  # macro steps taken
        # the threshold tests decided by the tie rule, not by the numbers: (macro step, subsystem, substep, stage), from 1
        self.near_ties = []

    def memory_slots(self) -> list:
        """What one macro step hands the next, as (kind, input key): the previous exchange of every input under linear
        extrapolation by differences (Hermite reads the producer's derivative instead, constant extrapolation
        nothing), then the carried balance error of every balanced input.  The power exchange's agreed power is
        not among them (affine_with_memory leaves that scheme out)."""
        previous = [("previous", key) for key in self.inputs] if self.degree == 1 and not self.hermite else []
        return previous + [("carried", key) for key in self.balanced]

    def memory(self) -> list:
        """The values of memory_slots after the last macro step."""
        return [self.previous[key] if kind == "previous" else self.carried[key] for kind, key in self.memory_slots()]

    def set_memory(self, values) -> None:
        """Start the next macro step from these values of memory_slots (the first-step rule then does not apply)."""
        for (kind, key), value in zip(self.memory_slots(), values):
            if kind == "previous":
                self.previous = {**(self.previous or {}), key: value}
            else:
                self.carried[key] = value

    def _x(self, name, values):
        return [values[s] for s in self.model.subsystems[name].states]

    def _outputs(self, name, t, x):
        return {o: f([t, *x]) for o, f in self.subs[name]["out"].items()}

    def advance(self, t, values: dict, record):
        """One macro step from the state ``values`` (name -> mpf); returns the new state.  ``record(name, value)``
        receives every value assigned (None: nothing is recorded, and balls are not read back for it)."""
        if record is None:
            record = _ignored
        elif self.balls:
            record = (lambda keep: lambda name, value: keep(name, from_ball(value)))(record)
        if not self.balls:
            return self._advance(t, values, record)
        t, values = self._advance(to_ball(t), {k: to_ball(v) for k, v in values.items()}, record)
        return from_ball(t), {k: from_ball(v) for k, v in values.items()}

    def _advance(self, t, values: dict, record):
        H, model = self.H, self.model
        states_now = {name: self._x(name, values) for name in model.subsystems}
        out_now = {name: self._outputs(name, t, states_now[name]) for name in model.subsystems}
        now = {key: out_now[model.connections[key][0]][model.connections[key][1]] for key in self.inputs}
        if self.previous is None or self.degree == 0:
            self.previous = dict(now)  # first-step rule: the previous exchange is the initial one
        rate = {}
        for key in self.inputs:
            if self.hermite:  # the producer's d/dt of the output, from its state and its own inputs now
                source, output = model.connections[key]
                env = [t, *states_now[source], *[now[(source, i)] for i in model.subsystems[source].inputs]]
                rate[key] = self.subs[source]["out_dot"][output](env)
                record(f"d/dt {key[0]}.{key[1]}", rate[key])
            else:
                rate[key] = (now[key] - self.previous[key]) / H
        agreed = None
        if self.power:
            views = [self.subs[name]["P"]([t, *states_now[name], *[now[(name, i)] for i in sub.inputs]])
                     for name, sub in model.subsystems.items()]
            agreed = (views[0] - views[1]) / 2
            if self.previous_agreed is None or self.degree == 0:
                self.previous_agreed = agreed
            if self.hermite:
                rates = []
                for name, sub in model.subsystems.items():
                    env = [t, *states_now[name], *[now[(name, i)] for i in sub.inputs]]
                    rates.append(self.subs[name]["P_dot"](env) + self.ctx.fsum(g(env) * rate[(name, i)] for g, i in zip(self.subs[name]["P_u"], sub.inputs)))
                agreed_rate = (rates[0] - rates[1]) / 2
            else:
                agreed_rate = (agreed - self.previous_agreed) / H
            record("agreed_power", agreed)
        t_next = t + H
        result, out_new, used_integral, true_integral, works = dict(values), {}, {}, {}, {}
        for position, (name, sub) in enumerate(model.subsystems.items()):
            signal = {}
            for i in sub.inputs:
                key = (name, i)
                source, output = model.connections[key]
                if self.gauss_seidel and source in out_new:
                    new_value = out_new[source][output]
                    if self.degree == 1:
                        fn = (lambda tau, a=now[key], z=new_value: a + (z - a) * tau / H)
                        integral = H * (now[key] + new_value) / 2
                    else:
                        fn = (lambda tau, z=new_value: z)
                        integral = H * new_value
                else:
                    slope = rate[key]
                    fn = (lambda tau, a=now[key], s=slope: a + s * tau)
                    integral = H * now[key] + slope * H * H / 2
                if key in self.carried:
                    extra = self.carried[key] / H
                    fn = (lambda tau, g=fn, e=extra: g(tau) + e)
                    integral += self.carried[key]
                signal[i] = fn
                used_integral[key] = integral
            target = None
            if self.power:
                sign = 1 if position == 0 else -1
                target = (lambda tau, s=sign, a=agreed, r=agreed_rate: s * (a + r * tau))
            x, q, w = self._subsystem(name, sub, t, states_now[name], signal, target)
            for s, v in zip(sub.states, x):
                result[s] = v
                record(s, v)
            out_new[name] = self._outputs(name, t_next, x)
            true_integral[name] = q
            if w is not None:
                works[name] = w
        for key, label in self.deficit_labels.items():
            source, output = model.connections[key]
            error = true_integral[source][output] - used_integral[key]
            self.sums[label] = self.sums[label] + error
            record(label, self.sums[label])
            if key in self.carried:
                self.carried[key] = true_integral[source][output] - (used_integral[key] - self.carried[key])
        for name, w in works.items():
            label = self.work_labels[name]
            self.sums[label] = self.sums[label] + w
            record(label, self.sums[label])
        if len(works) == len(model.subsystems):
            step_energy = self.ctx.fsum(works.values())
            self.sums["interface_energy"] += step_energy
            self.sums["max_step_interface_energy"] = max(self.sums["max_step_interface_energy"], abs(step_energy))
            record("interface_energy", self.sums["interface_energy"])
            record("max_step_interface_energy", self.sums["max_step_interface_energy"])
        record("fallbacks", self.sums["fallbacks"])
        self.previous = now
        self.previous_agreed = agreed
        self.macro_step += 1
        return t_next, result

    def _subsystem(self, name, sub, t, x, signal, target):
        """Advance one subsystem over the macro step from ``t``: ``microsteps`` steps of its explicit Runge-Kutta method
        on its states and, alongside, on the integrals of its outputs and (with a power) of its power.  Returns (states,
        output name -> integral, work or None).  What does not change within the macro step is read before the stages,
        and a stage's argument holds the states only (no stage reads the integrals)."""
        entry = self.subs[name]
        n = len(x)
        parts = entry["parts"]
        signals = [signal[i] for i in sub.inputs]
        replaced_slot = entry["replaced_slot"] if target is not None else None
        # the recovered input's own signal: the power is affine in that input (the model reader checks it), so a and b
        # do not read it, and a stage evaluates the signal only where the test falls back to it
        plain_signal = signals.pop(sub.inputs.index(sub.power_input)) if replaced_slot is not None else None
        a_of, b_of = entry.get("a"), entry.get("b")
        threshold, tie, lowest_gap, balls = self.threshold, self.tie, self.lowest_gap, self.balls
        near_ties, sums, macro_step = self.near_ties, self.sums, self.macro_step + 1
        z = [*x, *[self.zero] * entry["integrals"]]
        for substep, times in enumerate(self.stage_times, 1):
            k, states = [], z[:n]
            for stage, ((earlier, coefficients), tau) in enumerate(zip(self.stage_rows, times), 1):
                if not earlier:
                    xs = states
                elif len(earlier) == 1:  # z + h a_il k_l (as z + sum(...) would compute it: 0 + x is exact)
                    xs = [v + coefficients[0] * w for v, w in zip(states, k[earlier[0]])]
                else:
                    xs = [v + sum(map(mul, coefficients, column)) for v, column in zip(states, zip(*[k[l] for l in earlier]))]
                # the derivative at (t + tau, xs), written out here: a function call per stage costs
                env = [t + tau, *xs]
                for s in signals:
                    env.append(s(tau))
                if replaced_slot is not None:
                    env.insert(replaced_slot, None)  # the recovered input, read by nothing before it is known
                    a = a_of(env)
                    gap = abs(a) - threshold
                    gap = gap.mid() if balls else gap
                    if abs(gap) <= tie:  # which test, so that the exact path can decide this one
                        near_ties.append((macro_step, name, substep, stage))
                    if gap >= lowest_gap:
                        env[replaced_slot] = (target(tau) - b_of(env)) / a
                    else:
                        sums["fallbacks"] += 1
                        env[replaced_slot] = plain_signal(tau)
                k.append([f(env) for f in parts])
            z = [v + sum(map(mul, self.weights, column)) for v, column in zip(z, zip(*[k[i] for i in self.weight_stages]))]
        self.counts[name] = self.counts.get(name, 0) + self.m * len(self.stage_rows)  # one evaluation per stage and substep
        outputs = entry["out"]
        return z[:n], dict(zip(outputs, z[n: n + len(outputs)])), (z[-1] if entry["P"] is not None else None)
