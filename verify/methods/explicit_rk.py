"""Explicit Runge-Kutta methods: a Butcher tableau is data, one generic step does the arithmetic.

k_i = f(t + c_i h, y + h sum_{j<i} a_ij k_j),   y+ = y + h sum_i b_i k_i
(Hairer, Norsett & Wanner, Solving ODEs I, sec. II.1; tableaus as in Butcher,
Numerical Methods for ODEs, 2016, sec. 23-32).
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

from .base import Method, MethodError, positive_rational, to_field_deep

R = sympy.Rational


@dataclass(frozen=True)
class ButcherTableau:
    A: tuple  # rows of sympy Rationals, strictly lower triangular
    b: tuple
    c: tuple
    order: int | None = None

    @property
    def stages(self) -> int:
        return len(self.b)


TABLEAUS = {
    # explicit Euler
    "euler": ButcherTableau(A=((0,),), b=(1,), c=(0,), order=1),
    # Heun's method, the explicit trapezoid rule
    "heun": ButcherTableau(A=((0, 0), (1, 0)), b=(R(1, 2), R(1, 2)), c=(0, 1), order=2),
    # explicit midpoint rule
    "midpoint": ButcherTableau(A=((0, 0), (R(1, 2), 0)), b=(0, 1), c=(0, R(1, 2)), order=2),
    # the classical fourth-order method of Kutta (1901)
    "rk4": ButcherTableau(
        A=((0, 0, 0, 0), (R(1, 2), 0, 0, 0), (0, R(1, 2), 0, 0), (0, 0, 1, 0)),
        b=(R(1, 6), R(1, 3), R(1, 3), R(1, 6)),
        c=(0, R(1, 2), R(1, 2), 1),
        order=4,
    ),
}


def tableau_from_options(options: dict, method: str = "rk") -> ButcherTableau:
    """The explicit tableau given in a claim's options ``A``, ``b``, ``c`` (``c`` defaults to row sums of A)."""
    A, b = options.get("A"), options.get("b")
    if not isinstance(A, list) or not isinstance(b, list) or not all(isinstance(row, list) for row in A):
        raise MethodError(f"method {method}: options A (list of rows) and b (list) are required")
    s = len(b)
    if len(A) != s or any(len(row) != s for row in A):
        raise MethodError(f"method {method}: A must be {s}x{s} to match b")
    if any(A[i][j] != 0 for i in range(s) for j in range(i, s)):
        raise MethodError(f"method {method}: A must be strictly lower triangular (explicit methods only)")
    c = options.get("c", [sum(row, sympy.Integer(0)) for row in A])
    if not isinstance(c, list) or len(c) != s:
        raise MethodError(f"method {method}: c must have {s} entries")
    return ButcherTableau(A=tuple(tuple(row) for row in A), b=tuple(b), c=tuple(c))


class ExplicitRungeKutta(Method):
    """One step of an explicit Runge-Kutta method of step ``h``; ``tableau=None`` reads it from the options."""

    required_options = ("h",)

    def __init__(self, name: str, tableau: ButcherTableau | None = None):
        self.name = name
        self.tableau = tableau
        if tableau is None:
            self.required_options = ("h", "A", "b")
            self.optional_options = ("c",)

    def table(self, options: dict) -> ButcherTableau:
        return self.tableau or tableau_from_options(options, self.name)

    def validate(self, model, options):
        super().validate(model, options)
        positive_rational(options, "h", self.name)
        self.table(options)

    def step_length(self, options):
        return options["h"]

    def exact_options(self, options, convert=None):
        """The step and the tableau as exact field elements, converted once per run."""
        convert = convert or to_field_deep
        tab = self.table(options)
        field = lambda values: [convert(sympy.sympify(v)) for v in values]  # noqa: E731
        return {"h": convert(options["h"]), "A": [field(row) for row in tab.A], "b": field(tab.b), "c": field(tab.c)}

    def step(self, system, t, y, options, recorder):
        A, b, c, h = options["A"], options["b"], options["c"], options["h"]
        n = len(y)
        stages = []
        for i in range(len(b)):
            stage_state = list(y)
            for j in range(i):
                if A[i][j]:
                    stage_state = [stage_state[q] + h * A[i][j] * stages[j][q] for q in range(n)]
            k = system.rate(t + c[i] * h, stage_state, recorder)
            recorder.assign(f"k{i + 1}", tuple(k), f"stage {i + 1}")
            stages.append(k)
        new = list(y)
        for i in range(len(b)):
            if b[i]:
                new = [new[q] + h * b[i] * stages[i][q] for q in range(n)]
        for name, value in zip(system.states, new):
            recorder.assign(name, value)
        return new
