"""Taylor's method of order K (``taylor-K``): one step of the Taylor polynomial of the solution through (t_i, y_i),

    y_{i+1} = y_i + h T^(K)(t_i, y_i),   T^(K) = f + h/2 f' + ... + h^(K-1)/K! f^(K-1),

with f^(j) the j-th total derivative of f(t, y(t)) along the solution: f^(0) = f and
f^(j+1) = d f^(j)/dt + sum_k (d f^(j)/d y_k) f_k (Burden & Faires, Numerical Analysis, sec. 5.3, eq. (5.16);
Hairer, Norsett & Wanner I, sec. I.8).  The total derivatives are formed once per system by sympy's ``diff``
(verify.engines.methods.base.total_derivatives) and compiled as the right-hand side is (exact rationals, balls on the certified path, expressions on the symbolic one);
the mpmath twin (verify.engines.twins.taylor) computes the same Taylor coefficients by automatic differentiation
of truncated power series instead, sharing no derivative with this path.
"""
from __future__ import annotations

import math

import sympy

from verify.engines.methods import schema
from verify.engines.methods.base import Method, MethodError, positive_rational
from verify.engines.methods.formulas import Text

ORDERS = range(1, 9)  # taylor-1 (Euler) .. taylor-8


class Taylor(Method):
    """Taylor's method of order K on an ODE (no DAE, no blocks of its own)."""

    schema = (schema.step(),)

    def __init__(self, order: int):
        self.order = order
        self.name = f"taylor-{order}"

    def validate(self, model, options):
        super().validate(model, options)
        positive_rational(options, "h", self.name)
        if self.order > 1:
            kinks = [e for e in model.rhs.values() if e.has(sympy.Abs, sympy.Min, sympy.Max, sympy.sign, sympy.floor, sympy.ceiling,
                                                           sympy.Piecewise)]
            if kinks:
                raise MethodError(f"method {self.name} differentiates the right-hand side, and {kinks[0]} has no derivative "
                                  "everywhere (abs, min, max, sign, floor, ceiling)")

    def step_length(self, options):
        return options["h"]

    def step(self, system, t, y, options, recorder):
        h = options["h"]
        rates = [system.rate(t, y, recorder)] + system.derivative_rates(t, y, self.order - 1, recorder)
        new = list(y)
        for j, rate in enumerate(rates):  # h^(j+1)/(j+1)! f^(j)
            factor = h ** (j + 1) / math.factorial(j + 1)
            new = [v + factor * r for v, r in zip(new, rate)]
        show = Text.of(system)
        for q, (name, value) in enumerate(zip(system.states, new)):
            recorder.assign(name, value, formula=lambda q=q, name=name: _update_formula(name, self.order, show, y[q], h, [r[q] for r in rates]))
        return new


def _update_formula(name, order, show, old, h, derivatives) -> str:
    """``y + h*(f + h/2*f' + h**2/6*f'')`` and the same with the values substituted (explain's line; text only)."""
    prime = "'"
    terms = ["f"] + [f"h**{j}/{math.factorial(j + 1)}*f{prime * j}" if j > 1 else f"h/2*f{prime}" for j in range(1, order)]
    values = [show.factor(derivatives[0])] + [f"{show.factor(h ** j / math.factorial(j + 1))}*{show.factor(d)}" for j, d in enumerate(derivatives[1:], 1)]
    return f"{name} + h*({' + '.join(terms)}) = {show.factor(old)} + {show.factor(h)}*({' + '.join(values)})"


METHODS = {f"taylor-{k}": Taylor(k) for k in ORDERS}
