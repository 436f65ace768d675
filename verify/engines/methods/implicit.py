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

from verify.engines import rational
from verify.input.model import TIME, symbol
from verify.engines.methods import schema
from verify.engines.methods.formulas import Text
from verify.engines.methods.schema import Option
from verify.engines.methods.base import Method, MethodError, Recorder, identity_minus, positive_integer, positive_rational, scalar_root


class BackwardEuler(Method):
    """Backward Euler for ODEs, and coupled backward Euler for semi-explicit DAEs x' = f(t, x, z), 0 = g(t, x, z).

    Source of the coupled form and its residuals: shared/sources/001_fa1053c1a0806408.txt, [F5]:
    r_d = (X_n - X_{n-1})/h - f(t_n, X_n, Z_n),  r_a = g(t_n, X_n, Z_n).
    The step solves for (X_n, Z_n) with the residuals prescribed by the options
    ``residual_d`` / ``residual_a`` (tables variable -> expression in h and t,
    default 0: the exact solve), so a claim can model an accepted candidate
    whose residuals are as large as the theorem allows.  The residuals of the
    computed step are recorded as ``r_d_<x>`` and ``r_a_<z>``.
    """

    name = "backward-euler"
    schema = (schema.step(),
              Option("residual_d", schema.EXPRESSIONS, doc="prescribed residuals of the differential equations, in h and t"),
              Option("residual_a", schema.EXPRESSIONS, doc="prescribed residuals of the constraints, in h and t"),
              *schema.NEWTON)
    supports_dae = True
    real_roots = True

    def quantity_names(self, model, options=None):
        return tuple(f"r_d_{x}" for x in model.states) + tuple(f"r_a_{z}" for z in model.algebraic)

    def is_explicit(self, options) -> bool:
        return False

    def validate(self, model, options):
        super().validate(model, options)
        positive_rational(options, "h", self.name)
        if "newton_iterations" in options:
            positive_integer(options, "newton_iterations", self.name)
        if "newton_tolerance" in options:
            positive_rational(options, "newton_tolerance", self.name)
        for option, allowed in (("residual_d", model.states), ("residual_a", model.algebraic)):
            table = options.get(option, {})
            if not isinstance(table, dict) or set(table) - set(allowed):
                raise MethodError(f"method {self.name}: {option} must be a table over {', '.join(allowed) or 'no variables'}")

    def step_length(self, options):
        return options["h"]

    def exact_options(self, options, convert=None):
        converted = super().exact_options({k: v for k, v in options.items() if k not in self.expression_options}, convert)
        for option in self.expression_options:  # expressions in h and t, evaluated at every step
            converted[option] = {name: _step_function(e) for name, e in options.get(option, {}).items()}
        return converted

    def step(self, system, t, y, options, recorder):
        if not system.linear_in_state():
            if options.get("exact_roots"):
                return self._root_step(system, t, y, options, recorder)
            raise rational.NotRational(
                f"{system.model.name}: the implicit equation is nonlinear in the unknowns, so it has no exact rational solve "
                "(the mpmath path solves it by a finite-budget Newton iteration)")
        h = options["h"]
        t1 = t + h
        n, d = len(y), len(system.rhs)
        zero = [0 * v for v in y]
        J = system.jacobian(t1, zero, recorder)  # constant in the unknowns: the equations are linear
        f0 = system.rate(t1, zero, recorder)  # the parts of f and g free of the unknowns
        g0 = system.constraint_values(t1, zero) if n > d else []
        r_d = [options["residual_d"][x](h, t1) if x in options["residual_d"] else 0 for x in system.states[:d]]
        r_a = [options["residual_a"][z](h, t1) if z in options["residual_a"] else 0 for z in system.states[d:]]
        matrix = [[((1 if i == j else 0) - h * J[i][j]) if i < d else J[i][j] for j in range(n)] for i in range(n)]
        right = [y[i] + h * (f0[i] + r_d[i]) for i in range(d)] + [r_a[k] - g0[k] for k in range(n - d)]
        new = system.solve(matrix, right)
        show = Text.of(system)
        for i, (name, value) in enumerate(zip(system.states, new)):
            recorder.assign(name, value, formula=lambda i=i: _solve_formula(system, i, h, J, f0, g0, r_d, r_a, matrix, right, y, show))
        rate = system.rate(t1, new, Recorder(keep=False))
        for i, x in enumerate(system.states[:d]):
            recorder.assign(f"r_d_{x}", (new[i] - y[i]) / h - rate[i], "residual",
                            lambda i=i, x=x: f"({x} - {x}[n])/h - f_{x}(t + h, {_vector_name(system)}) = ({show(new[i])} - {show.factor(y[i])})/{show.divisor(h)} - {show.factor(rate[i])}")
        for k, value in enumerate(system.constraint_values(t1, new) if n > d else []):
            z = system.states[d + k]
            recorder.assign(f"r_a_{z}", value, "residual", lambda z=z: f"g_{z}(t + h, {_vector_name(system)}) = g_{z}({show(t1)}, {show.vector(new)})")
        return new


    def _root_step(self, system, t, y, options, recorder):
        """One step of y+ = y + h f(t + h, y+) for one state and f polynomial in it: the exact real root that tends to y as
        h -> 0 (verify.engines.methods.base.scalar_root); y' = -y^2 gives (sqrt(1 + 4 h y) - 1)/(2h)."""
        if options.get("residual_d"):
            raise rational.NotRational(f"{system.model.name}: the implicit equation is nonlinear; a prescribed residual has no exact root solve")
        h = options["h"]
        root = scalar_root(system, t + h, 0, 1, y[0], h, "s", recorder, "the backward-Euler step", start_time=t)
        x, show = system.states[0], Text.of(system)
        recorder.assign(x, root, formula=lambda: f"{x}[n] + h*f(t + h, {x}) => {x} = {show(y[0])} + {show.factor(h)}*f({show(t + h)}, {x}) = "
                                                 f"{show(y[0])} + {show.factor(h)}*({system.rhs[0].xreplace({symbol(TIME): rational.to_sympy(t + h)})}) => {x}")
        recorder.assign(f"r_d_{system.states[0]}", sympy.Integer(0), "residual")  # the root's residual, checked exactly in scalar_root
        return [root]


def _vector_name(system) -> str:
    """The state as the argument of f and g: its one name, or y for several."""
    return system.states[0] if len(system.states) == 1 else "y"


def _solve_formula(system, i, h, J, f0, g0, r_d, r_a, matrix, right, y, show) -> str:
    """Backward Euler's linear solve for variable i: the implicit equation, the linear system it is (f affine in the
    state: f(t + h, y) = J y + f(t + h, 0)) with the values substituted, then the component (Hairer & Wanner II, IV.3)."""
    x, d, n = system.states[i], len(system.rhs), len(system.states)
    residual = [v != 0 for v in r_d]
    if n == 1:  # (1 - h J) x = x[n] + h (f(t + h, 0) + r_d)
        plus = f" + {show.factor(r_d[0])}" if residual[0] else ""
        rate = f"(f(t + h, {x}) + r_d)" if residual[0] else f"f(t + h, {x})"
        known = f"(f(t + h, 0) + r_d)" if residual[0] else "f(t + h, 0)"
        return (f"{x}[n] + h*{rate} => {x} = ({x}[n] + h*{known})/(1 - h*J) = "
                f"({show(y[0])} + {show.factor(h)}*({show(f0[0])}{plus}))/(1 - {show.factor(h)}*{show.factor(J[0][0])})")
    system_text = f"{show.matrix(matrix)}*y = {show.vector(right)} => {x}"
    if d == n:  # an ODE: (I - h J) y = y[n] + h (f(t + h, 0) + r_d)
        own = f"{x}[n] + h*(f_{x}(t + h, y) + r_d_{x})" if residual[i] else f"{x}[n] + h*f_{x}(t + h, y)"
        known = "y[n] + h*(f(t + h, 0) + r_d)" if any(residual) else "y[n] + h*f(t + h, 0)"
        return f"{own} => (I - h*J)*y = {known} => {system_text}"
    equations = [f"({v} - {v}[n])/h - f_{v}(t + h, y) = r_d_{v}" for v in system.states[:d]]
    equations += [f"g_{z}(t + h, y) = r_a_{z}" for z in system.states[d:]]
    return f"solve {', '.join(equations)} => {system_text}"


def _rosenbrock_operator(options, gamma, show, n) -> str:
    """I - gamma*h*J as written: 1 for I on one state, gamma left out when 1, J the claim's or the exact f_y(t, y)."""
    shift = "h" if show.sympy(gamma) == 1 else "gamma*h"
    return f"{'1' if n == 1 else 'I'} - {shift}*{'J' if 'J' in options else 'f_y(t, y)'}"


def _rosenbrock_stage_formula(options, gamma, h, J, f, residual, shifted, right, show) -> str:
    """The stage (I - gamma h J) k = f(t, y) (+ a prescribed residual r), J the exact Jacobian at (t, y) or the claim's J,
    with the values substituted (source 003, [F1], [F6])."""
    operator = _rosenbrock_operator(options, gamma, show, len(f))
    plus = " + r" if any(v != 0 for v in residual) else ""
    equation = f"solve ({operator})*k = f(t, y){plus} => "
    if len(f) == 1:
        values = show.factor(f[0]) if not plus else f"({show(f[0])} + {show.factor(residual[0])})"
        rate = f"(f(t, y){plus})" if plus else "f(t, y)"
        return equation + f"k = {rate}/({operator}) = {values}/(1 - {show.factor(gamma * h)}*{show.factor(J[0][0])})"
    return equation + f"{show.matrix(shifted)}*k = {show.vector(right)} => k"


def _rosenbrock_residual_formula(options, gamma, states, i, shifted, k, f, show) -> str:
    """Row i of (I - gamma h J) k - f(t, y), the stage's solve residual, with the values substituted ([F7])."""
    operator, x = _rosenbrock_operator(options, gamma, show, len(k)), states[i]
    row = " + ".join(f"{show.factor(shifted[i][j])}*{show.factor(k[j])}" for j in range(len(k)))
    head = f"({operator})*k - f(t, y)" if len(k) == 1 else f"(({operator})*k)[{x}] - f_{x}(t, y)"
    return f"{head} = {row} - {show.factor(f[i])}"


def _step_function(expression):
    """An expression in h and t as an exact function (h, t) -> value (symbolic values pass through)."""
    variables = [symbol("h"), symbol("t")]
    compiled = rational.compile_rational(sympy.sympify(expression), variables)

    def value(h, t):
        if isinstance(h, sympy.Basic) or isinstance(t, sympy.Basic):
            return sympy.sympify(expression).xreplace(dict(zip(variables, [h, t])))
        return compiled([h, t])

    return value


class RosenbrockEuler(Method):
    """Rosenbrock-Euler; ``stage_residual`` r (a number, or a table state -> number) makes the computed
    stage solve (I - gamma h J) k = f(t, y) + r, so its solve residual is r (size rho = |r|; source 003, [F6], [F7])."""

    name = "rosenbrock-euler"
    schema = (schema.step(), Option("gamma", schema.POSITIVE, sympy.Integer(1), doc="the stage's shift"),
              Option("J", schema.ROWS, doc="an approximate Jacobian (default: the exact one at (t, y))"),
              Option("stage_residual", schema.NUMBER, sympy.Integer(0), per_state=True, doc="the prescribed solve residual"))

    def quantity_names(self, model, options=None):
        return tuple(f"solve_residual_{s}" for s in model.states)

    def is_explicit(self, options) -> bool:
        return False  # one linear solve per step

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
        h, gamma = options["h"], self.value(options, "gamma")
        J = options.get("J") or system.jacobian(t, y, recorder)
        f = system.rate(t, y, recorder)
        residual = self.value(options, "stage_residual")
        residual = [residual[s] for s in system.states] if isinstance(residual, dict) else [residual] * len(f)
        shifted = identity_minus(gamma * h, J)
        right = [f[i] + residual[i] for i in range(len(f))]
        k = system.solve(shifted, right)
        show = Text.of(system)
        recorder.assign("k", tuple(k), "stage", lambda: _rosenbrock_stage_formula(options, gamma, h, J, f, residual, shifted, right, show))
        for i, name in enumerate(system.states):  # the stage's solve residual (A~ k - f)_i, as [F7] reports it
            recorder.assign(f"solve_residual_{name}", sum(shifted[i][j] * k[j] for j in range(len(k))) - f[i], "stage",
                            lambda i=i: _rosenbrock_residual_formula(options, gamma, system.states, i, shifted, k, f, show))
        new = [y[i] + h * k[i] for i in range(len(y))]
        for i, (name, value) in enumerate(zip(system.states, new)):
            component = "k" if len(y) == 1 else f"k_{name}"
            recorder.assign(name, value, formula=lambda i=i, name=name, component=component:
                            f"{name} + h*{component} = {show(y[i])} + {show.factor(h)}*{show.factor(k[i])}")
        return new
