"""Implicit and linearly implicit one-step methods, solved exactly as linear systems over QQ.

backward-euler:    y+ = y + h f(t + h, y+)   (Hairer & Wanner, Solving ODEs II, sec. IV.3).
    For a right-hand side affine in the state, f(t, y) = J(t) y + g(t), this is
    the linear system (I - h J(t + h)) y+ = y + h g(t + h), solved exactly.
    A right-hand side nonlinear in the state is refused (no exact solve).
rosenbrock-euler:  y+ = y + h k,  (I - gamma h J) k = f(t, y), with J = D_y f(t, y)
    or a given approximate Jacobian J (shared/sources/003_b1adc5789e2639ab.txt, [F1], [F6]).
    Always a linear solve, so exact also for nonlinear rational right-hand sides.
"""
from __future__ import annotations

import sympy

from .base import Method, MethodError, positive_rational


def _identity_minus(scale, matrix):
    n = len(matrix)
    return [[(1 if i == j else 0) - scale * matrix[i][j] for j in range(n)] for i in range(n)]


class BackwardEuler(Method):
    name = "backward-euler"
    required_options = ("h",)

    def validate(self, model, options):
        super().validate(model, options)
        positive_rational(options, "h", self.name)
        states = [sympy.Symbol(s, real=True) for s in model.states]
        for s, e in model.rhs.items():
            if any(sympy.diff(e, x).free_symbols & set(states) for x in states):
                raise MethodError(f"method {self.name}: rhs.{s} is nonlinear in the state; only linear implicit solves are exact")

    def step_length(self, options):
        return options["h"]

    def step(self, system, t, y, options, recorder):
        h = options["h"]
        zero = [0 * v for v in y]
        J = system.jacobian(t + h, zero, recorder)
        g = system.rate(t + h, zero, recorder)  # f(t + h, 0): the part of f free of the state
        right = [y[i] + h * g[i] for i in range(len(y))]
        new = system.solve(_identity_minus(h, J), right)
        for name, value in zip(system.states, new):
            recorder.assign(name, value)
        return new


class RosenbrockEuler(Method):
    name = "rosenbrock-euler"
    required_options = ("h",)
    optional_options = ("gamma", "J")

    def validate(self, model, options):
        super().validate(model, options)
        positive_rational(options, "h", self.name)
        if "gamma" in options:
            positive_rational(options, "gamma", self.name)
        J = options.get("J")
        n = len(model.states)
        if J is not None and not (isinstance(J, list) and len(J) == n and all(isinstance(r, list) and len(r) == n for r in J)):
            raise MethodError(f"method {self.name}: J must be a {n}x{n} list of rows")

    def step_length(self, options):
        return options["h"]

    def step(self, system, t, y, options, recorder):
        h, gamma = options["h"], options.get("gamma", 1)
        J = options.get("J") or system.jacobian(t, y, recorder)
        f = system.rate(t, y, recorder)
        k = system.solve(_identity_minus(gamma * h, J), f)
        recorder.assign("k", tuple(k), "stage")
        new = [y[i] + h * k[i] for i in range(len(y))]
        for name, value in zip(system.states, new):
            recorder.assign(name, value)
        return new
