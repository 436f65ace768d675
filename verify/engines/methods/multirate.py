"""Multirate Euler methods for a model split into a ``slow`` and a ``fast`` block.

Source: shared/sources/000_c323ff8d032f7948.txt ("Multirate and partitioned
time integration - Examples"), [F1] of each example:

frozen-slow-euler:      x+ = x + H f(t, x, z);  z_{j+1} = z_j + h g(t + j h, x, z_j),  h = H/m,
                        the slow state x frozen at its start value during the m microsteps.
midpoint-sampled-euler: as above, but microstep j reads the slow state linearly
                        extrapolated to its midpoint, x + (j + 1/2) h f, at time t + (j + 1/2) h.
"""
from __future__ import annotations

from verify.engines import rational
from verify.engines.methods import schema
from verify.engines.methods.schema import Option
from verify.engines.methods.base import Method, MethodError, positive_integer, positive_rational

HALF = rational.Rational(1, 2)


class FrozenSlowEuler(Method):
    name = "frozen-slow-euler"
    schema = (schema.step("H", "the macro step"), Option("m", schema.COUNT, required=True, doc="microsteps of the fast block"))
    quantities = ("h",)
    sample_at_midpoint = False

    def validate(self, model, options):
        super().validate(model, options)
        positive_rational(options, "H", self.name)
        positive_integer(options, "m", self.name)
        slow, fast = model.blocks.get("slow"), model.blocks.get("fast")
        if slow is None or fast is None:
            raise MethodError(f"method {self.name} needs blocks 'slow' and 'fast' in model {model.name!r}")
        if sorted(slow + fast) != sorted(model.states):
            raise MethodError(f"method {self.name}: blocks slow and fast must split the states of {model.name!r}")

    def step_length(self, options):
        return options["H"]

    def inner_steps_per_step(self, options):
        return int(options["m"]) if getattr(options.get("m"), "is_Integer", False) else 1

    def named_values(self, options):
        return {"h": options["H"] / options["m"]}

    def slow_step(self, system, t, y, H, recorder):
        """The slow block's Euler step: returns (the new state with the fast block unchanged, the slow rate f)."""
        f = system.rate(t, y, recorder, "slow")
        new = list(y)
        for i, rate in zip(system.blocks["slow"], f):
            new[i] = y[i] + H * rate
            recorder.assign(system.states[i], new[i], "slow step",
                            lambda i=i, rate=rate: f"{system.states[i]} + H*f_{system.states[i]}(t, y) = {_show(y[i])} + {_show(H)}*({_show(rate)})")
        return new, f

    def microstep(self, system, t, y, f, z, j, h, recorder):
        """Fast microstep j (0-based) from the state z, the slow part of y frozen (or sampled at the midpoint)."""
        if self.sample_at_midpoint:
            offset = (j + HALF) * h
            sample = list(z)
            for i, rate in zip(system.blocks["slow"], f):
                sample[i] = y[i] + offset * rate
            g = system.rate(t + offset, sample, recorder, "fast")
        else:
            g = system.rate(t + j * h, z, recorder, "fast")
        z = list(z)
        for i, rate in zip(system.blocks["fast"], g):
            z[i] = z[i] + h * rate
        return z

    def step(self, system, t, y, options, recorder):
        H, m = options["H"], int(options["m"])
        h = H / m
        new, f = self.slow_step(system, t, y, H, recorder)
        z = list(y)  # slow components stay at their start values while the fast block moves
        for j in range(m):
            before, z = z, self.microstep(system, t, y, f, z, j, h, recorder)
            for i in system.blocks["fast"]:
                recorder.assign(system.states[i], z[i], f"microstep {j + 1}",
                                lambda i=i, before=before, after=z: f"{system.states[i]} + h*f_{system.states[i]}(slow frozen) = {_show(before[i])} + "
                                                                    f"{_show(h)}*({_show((after[i] - before[i]) / h)})")
        for i in system.blocks["fast"]:
            new[i] = z[i]
        return new


class MidpointSampledEuler(FrozenSlowEuler):
    name = "midpoint-sampled-euler"
    sample_at_midpoint = True


def _show(value) -> str:
    from verify.engines.rational import formula_text

    return formula_text(value)
