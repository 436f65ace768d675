"""The independent path: mpmath at high precision, and mpmath.iv for certified enclosures.

Nothing here calls the exact path's arithmetic (verify.exact, verify.methods):
expressions are compiled by their own walker into mpmath operations, and the
methods are written again, plainly, from their definitions.  If the two paths
agree, a bug would have to be made twice, in two different ways.
"""
from __future__ import annotations

import ast
from typing import Sequence

import mpmath
import sympy

from .methods.step_doubling import AdaptiveRungeKutta
from .twins import multistep as multistep_twin
from .twins import runge_kutta as rk_twin
from .twins.runge_kutta import SolverFailure  # a finite-budget solver stopped without meeting its tolerance

DIGITS = 50  # working precision of the cross-check (decimal digits)
AGREEMENT_DIGITS = 30  # exact and mpmath values must agree to this many significant digits


class CrossCheckUnavailable(ValueError):
    """The cross-check cannot evaluate this (e.g. an unknown function)."""


def _interval_min(*values):
    return mpmath.iv.mpf([min(v.a for v in values), min(v.b for v in values)])


def _interval_max(*values):
    return mpmath.iv.mpf([max(v.a for v in values), max(v.b for v in values)])


def compile_mp(expression: sympy.Expr, variables: Sequence[sympy.Symbol], ctx=mpmath.mp):
    """Compile ``expression`` into a function of mpmath numbers (``ctx`` is ``mpmath.mp`` or ``mpmath.iv``)."""
    index = {v: i for i, v in enumerate(variables)}
    interval = ctx is mpmath.iv
    functions = {
        sympy.exp: ctx.exp,
        sympy.log: ctx.log,
        sympy.sin: ctx.sin,
        sympy.cos: ctx.cos,
        sympy.tan: ctx.tan,
        sympy.Abs: abs,
        sympy.Min: _interval_min if interval else min,
        sympy.Max: _interval_max if interval else max,
    }

    def walk(e):
        if e.is_Integer:
            value = int(e)
            return lambda env: ctx.mpf(value)
        if e.is_Rational:
            p, q = int(e.p), int(e.q)
            return lambda env: ctx.mpf(p) / q
        if e is sympy.pi:
            return lambda env: +ctx.pi
        if e is sympy.E:  # exp(1) becomes sympy's E
            return lambda env: ctx.exp(1)
        if e.is_Symbol:
            if e not in index:
                raise CrossCheckUnavailable(f"{e} has no value in the cross-check")
            i = index[e]
            return lambda env: env[i]
        args = [walk(a) for a in e.args]
        if e.is_Add:
            return lambda env: ctx.fsum(f(env) for f in args) if not interval else _iv_sum(f(env) for f in args)
        if e.is_Mul:
            def product(env):
                result = ctx.mpf(1)
                for f in args:
                    result = result * f(env)
                return result
            return product
        if e.is_Pow:
            base, exponent = args
            if e.exp == sympy.Rational(1, 2):
                return lambda env: ctx.sqrt(base(env))
            if e.exp.is_Integer:
                n = int(e.exp)
                return lambda env: base(env) ** n
            return lambda env: base(env) ** exponent(env)
        for kind, function in functions.items():
            if isinstance(e, kind) or e.func == kind:
                return lambda env: function(*(f(env) for f in args))
        raise CrossCheckUnavailable(f"the cross-check cannot evaluate {e.func.__name__}")

    return walk(expression)


def _iv_sum(values):
    total = mpmath.iv.mpf(0)
    for v in values:
        total = total + v
    return total


def agree(exact_value: sympy.Expr, approximate) -> bool:
    """True when ``approximate`` matches ``exact_value`` to AGREEMENT_DIGITS significant digits."""
    with mpmath.workdps(DIGITS):
        return close(mpmath.mpf(int(exact_value.p)) / int(exact_value.q), approximate)


def close(a, b) -> bool:
    """Two mpmath values agree to AGREEMENT_DIGITS significant digits."""
    with mpmath.workdps(DIGITS):
        return abs(a - b) <= max(abs(a), abs(b), mpmath.mpf(1)) * mpmath.mpf(10) ** (-AGREEMENT_DIGITS)


def show(value, digits: int = 35) -> str:
    """An mpmath value with ``digits`` significant digits (35 by default: enough to see a disagreement at digit
    30), its exponent kept (1.284e+30, never a cut-off string of digits)."""
    with mpmath.workdps(DIGITS):
        return mpmath.nstr(value, digits)


# --- the methods, written again in mpmath --------------------------------------------------


class _MpSystem:
    def __init__(self, rhs: list, states: list, blocks: dict, time: sympy.Symbol, constraints=()):
        variables = [time] + list(states)
        self.functions = [compile_mp(e, variables) for e in rhs]
        self.constraint_functions = [compile_mp(g, variables) for g in constraints]
        self.jacobian_functions = [[compile_mp(sympy.diff(e, s), variables) for s in states] for e in list(rhs) + list(constraints)]
        self.blocks = blocks  # block name -> component indices
        self.counts: dict[str, int] = {}

    def jacobian(self, t, y):
        self._count("jacobian")
        return mpmath.matrix([[fn([t, *y]) for fn in row] for row in self.jacobian_functions])

    def g(self, t, y):
        return [fn([t, *y]) for fn in self.constraint_functions]

    def f(self, t, y, block=None):
        if block is None:
            self._count("rhs")
            for name in self.blocks:
                self._count(name)
            return [fn([t, *y]) for fn in self.functions]
        self._count(block)
        return [self.functions[i]([t, *y]) for i in self.blocks[block]]

    def _count(self, name):
        self.counts[name] = self.counts.get(name, 0) + 1

    count = _count  # a twin counts an evaluation its exact path makes (e.g. an implicit stage)

    def f_uncounted(self, t, y):
        return [fn([t, *y]) for fn in self.functions]

    def jacobian_uncounted(self, t, y):
        return mpmath.matrix([[fn([t, *y]) for fn in row] for row in self.jacobian_functions[:len(self.functions)]])


def to_mp(value):
    value = sympy.sympify(value)
    return mpmath.mpf(int(value.p)) / int(value.q)


def _runge_kutta(system, t, y, options, tableau, names, trace, bhat=None, memo=None):
    A, b, c = tableau
    tolerances = None
    if "atol" in options or "rtol" in options:
        tolerances = (_per_state(options, "atol", names, 0), _per_state(options, "rtol", names, 0))
    return rk_twin.step(system, t, y, to_mp(options["h"]), A, b, c, names, trace, *_newton_settings(options), bhat, tolerances, memo)


def _newton_settings(options) -> tuple:
    """(budget, tolerance) of a finite-budget Newton iteration: the claim's options or the defaults."""
    return int(options.get("newton_iterations", NEWTON_ITERATIONS)), to_mp(options.get("newton_tolerance", NEWTON_TOLERANCE))


def _multirate(system, t, y, options, names, trace, midpoint):
    H = to_mp(options["H"])
    m = int(options["m"])
    h = H / m
    slow, fast = system.blocks["slow"], system.blocks["fast"]
    f = system.f(t, y, "slow")
    x_new = {i: y[i] + H * f[k] for k, i in enumerate(slow)}
    for i in slow:
        trace.setdefault(names[i], []).append(x_new[i])
    z = list(y)
    for j in range(m):
        if midpoint:
            s = (j + mpmath.mpf(1) / 2) * h
            sample = list(z)
            for k, i in enumerate(slow):
                sample[i] = y[i] + s * f[k]
            g = system.f(t + s, sample, "fast")
        else:
            g = system.f(t + j * h, z, "fast")
        for k, i in enumerate(fast):
            z[i] = z[i] + h * g[k]
            trace.setdefault(names[i], []).append(z[i])
    result = list(z)
    for i in slow:
        result[i] = x_new[i]
    return t + H, result


def _record(trace, name, value):
    trace.setdefault(name, []).append(value)


def _doubling_attempt(system, t, y, h, atol, rtol, names, trace):
    """Step doubling for Euler, written again: coarse, midpoint, fine, estimate, tolerance, acceptance."""
    n = len(y)
    rate = system.f(t, y)
    coarse = [y[i] + h * rate[i] for i in range(n)]
    midpoint = [y[i] + (h / 2) * rate[i] for i in range(n)]
    rate_mid = system.f(t + h / 2, midpoint)
    fine = [midpoint[i] + (h / 2) * rate_mid[i] for i in range(n)]
    estimate = [abs(fine[i] - coarse[i]) for i in range(n)]
    tolerance = [atol[i] + rtol[i] * abs(fine[i]) for i in range(n)]
    for label, vector in (("coarse", coarse), ("midpoint", midpoint), ("fine", fine), ("error_estimate", estimate), ("tolerance", tolerance)):
        for i in range(n):
            _record(trace, label if n == 1 else f"{label}_{names[i]}", vector[i])
    accepted = all(estimate[i] <= tolerance[i] for i in range(n))
    ratio = max(estimate[i] / tolerance[i] for i in range(n)) if all(tol > 0 for tol in tolerance) else None
    for label, value in (("t_coarse", t + h), ("t_midpoint", t + h / 2), ("t_fine", t + h), ("accepted", mpmath.mpf(int(accepted)))):
        _record(trace, label, value)
    if ratio is not None:
        _record(trace, "error_ratio", ratio)
    return accepted, fine, ratio


def _per_state(options, name, names, default=None):
    value = options.get(name, default)
    if isinstance(value, dict):
        return [to_mp(value[s]) for s in names]
    return [to_mp(value)] * len(names)


def _step_doubling(system, t, y, options, names, trace):
    h = to_mp(options["h"])
    accepted, fine, _ = _doubling_attempt(system, t, y, h, _per_state(options, "atol", names), _per_state(options, "rtol", names), names, trace)
    return (t + h, fine) if accepted else (t, y)


def _adaptive(system, t, y, options, names, trace, attempt=None):
    """The adaptive controllers written again; ``attempt`` (default: Euler step doubling) makes one attempt."""
    attempt = attempt or _doubling_attempt
    get = lambda key, default: options.get(key, default)  # noqa: E731
    controller = get("controller", "halving")
    t_end, h = to_mp(options["t_end"]), to_mp(options["h"])
    h_min = to_mp(get("h_min", 0))
    safety, low, high = to_mp(get("safety", sympy.Rational(9, 10))), to_mp(get("min_factor", sympy.Rational(1, 5))), to_mp(get("max_factor", 5))
    order, max_rejections, max_attempts = int(get("order", 1)), int(get("max_rejections", 20)), int(get("max_attempts", 100000))
    atol, rtol = _per_state(options, "atol", names), _per_state(options, "rtol", names)
    attempts = rejections = streak = accepted_steps = 0
    tolerance_sum = estimate_sum = mpmath.mpf(0)
    failed = False
    # Binary time is not exact (0.2 * 10 != 2): the end counts as reached within a few ulps at DIGITS digits.
    slack = max(abs(t_end), mpmath.mpf(1)) * mpmath.mpf(10) ** (10 - DIGITS)
    while t_end - t > slack:
        if attempts >= max_attempts or h <= h_min:
            failed = True
            break
        step = t_end - t if h >= t_end - t - slack else h
        attempts += 1
        _record(trace, "attempt_t", t)
        _record(trace, "attempt_h", step)
        accepted, fine, ratio = attempt(system, t, y, step, atol, rtol, names, trace)
        if accepted:
            t, y = t + step, fine
            accepted_steps += 1
            streak = 0
            n = len(names)
            tolerance_sum += max(trace["tolerance" if n == 1 else f"tolerance_{s}"][-1] for s in names)
            estimate_sum += max(trace["error_estimate" if n == 1 else f"error_estimate_{s}"][-1] for s in names)
            for name, value in zip(names, y):
                _record(trace, name, value)
        else:
            rejections += 1
            streak += 1
            if streak > max_rejections:
                failed = True
                break
        if controller == "halving":
            h = step if accepted else step / 2
        elif ratio is None:
            h = step * low
        elif ratio == 0:
            h = step * high
        else:
            root = mpmath.floor(mpmath.root(safety ** (order + 1) / ratio, order + 1) * 1024) / 1024
            h = step * min(high, max(low, root))
    for label, value in (("failed", int(failed)), ("attempts", attempts), ("rejections", rejections), ("accepted_steps", accepted_steps),
                         ("tolerance_sum", tolerance_sum), ("error_estimate_sum", estimate_sum)):
        _record(trace, label, mpmath.mpf(value))
    return t, y


def _pair_attempt(pair, memo):
    """An attempt of adaptive-rk: one step of the embedded pair (the twin's own coefficients)."""
    A, b, c = rk_twin.tableau(pair, {}, to_mp)
    bhat = rk_twin.pair(pair, {}, to_mp)

    def attempt(system, t, y, h, atol, rtol, names, trace):
        local = {}
        _, candidate = rk_twin.step(system, t, y, h, A, b, c, names, local, *_newton_settings({}), bhat, (atol, rtol), memo)
        for name, values in local.items():
            if name not in names:
                _record(trace, name, values[-1])
        for name, value in zip(["candidate"] if len(names) == 1 else [f"candidate_{x}" for x in names], candidate):
            _record(trace, name, value)
        _record(trace, "t_candidate", t + h)
        tolerance = [local["tolerance" if len(names) == 1 else f"tolerance_{x}"][-1] for x in names]
        ratio = local["error_ratio"][-1] if all(v > 0 for v in tolerance) else None
        return bool(local["accepted"][-1]), candidate, ratio

    return attempt


NEWTON_ITERATIONS = 20  # default budget of the Newton iteration per step
NEWTON_TOLERANCE = sympy.Rational(1, 10**40)  # default: max-norm of the equation residual


def _backward_euler(system, t, y, options, names, trace):
    """Coupled backward Euler with a finite-budget Newton iteration (source 001, [F5]).

    Unknowns U = (X, Z) at t1 = t + h; equations X - X_prev - h (f(t1, U) + r_d) = 0 and
    g(t1, U) - r_a = 0; Newton from U = the previous state, at most ``newton_iterations``
    corrections, until the max-norm of the equations is at most ``newton_tolerance``.
    A linear problem converges in one correction.  Running out of budget raises
    SolverFailure, never returns an unconverged state silently.
    """
    h = to_mp(options["h"])
    n, d = len(y), len(system.functions)  # differential unknowns come first
    t1 = t + h
    budget, tolerance = _newton_settings(options)
    r_d, r_a = _residuals(options, names, t1, h, d)

    def equations(u):
        rate, g = system.f(t1, u), system.g(t1, u)
        return [u[i] - y[i] - h * (rate[i] + r_d[i]) for i in range(d)] + [g[k] - r_a[k] for k in range(n - d)]

    u = list(y)
    values = equations(u)
    iterations = 0
    while max(abs(v) for v in values) > tolerance:
        if iterations == budget:
            raise SolverFailure(f"Newton did not converge within {budget} iterations at t = {mpmath.nstr(t1, 12)} "
                                f"(equation residual {mpmath.nstr(max(abs(v) for v in values), 5)} > {mpmath.nstr(tolerance, 5)})")
        J = system.jacobian(t1, u)
        A = mpmath.matrix(n, n)
        for i in range(n):
            for j in range(n):
                A[i, j] = ((1 if i == j else 0) - h * J[i, j]) if i < d else J[i, j]
        correction = mpmath.lu_solve(A, mpmath.matrix([-v for v in values]))
        u = [u[i] + correction[i] for i in range(n)]
        values = equations(u)
        iterations += 1
    _record(trace, "newton_iterations", mpmath.mpf(iterations))
    for i in range(d):
        _record(trace, f"r_d_{names[i]}", (u[i] - y[i]) / h - system.functions[i]([t1, *u]))
    for k, value in enumerate(system.g(t1, u)):
        _record(trace, f"r_a_{names[d + k]}", value)
    for name, value in zip(names, u):
        _record(trace, name, value)
    return t1, u


def _rosenbrock_euler(system, t, y, options, names, trace):
    """(I - gamma h J) k = f(t, y), y+ = y + h k."""
    h, gamma = to_mp(options["h"]), to_mp(options.get("gamma", 1))
    J = mpmath.matrix([[to_mp(v) for v in row] for row in options["J"]]) if options.get("J") else system.jacobian(t, y)
    f = system.f(t, y)
    r = _per_state(options, "stage_residual", names, 0)
    shifted = mpmath.eye(len(y)) - gamma * h * J
    k = mpmath.lu_solve(shifted, mpmath.matrix([f[i] + r[i] for i in range(len(f))]))
    product = shifted * k
    for i, name in enumerate(names):
        _record(trace, f"solve_residual_{name}", product[i] - f[i])
    y = [y[i] + h * k[i] for i in range(len(y))]
    for name, value in zip(names, y):
        _record(trace, name, value)
    return t + h, y


RK_TWINS = rk_twin.names()
IMPLICIT = {"backward-euler": _backward_euler, "rosenbrock-euler": _rosenbrock_euler}


def _residuals(options, names, t1, h, d):
    """The prescribed residuals r_d (differential) and r_a (algebraic) at the step ending at t1."""
    def value(expression):
        expression = sympy.sympify(expression)
        return compile_mp(expression, [sympy.Symbol("h", real=True), sympy.Symbol("t", real=True)])([h, t1])

    r_d = [value(options.get("residual_d", {}).get(name, 0)) for name in names[:d]]
    r_a = [value(options.get("residual_a", {}).get(name, 0)) for name in names[d:]]
    return r_d, r_a


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
        system = _MpSystem(rhs, states, blocks, time, constraints)
        t = to_mp(t0)
        y = [to_mp(v) for v in y0]
        if method in RK_TWINS or method == "rk":
            tableau, bhat, memo = rk_twin.tableau(method, options, to_mp), rk_twin.pair(method, options, to_mp), {}
            advance = lambda t, y: _runge_kutta(system, t, y, options, tableau, names, trace, bhat, memo)  # noqa: E731
        elif method in multistep_twin.NAMES:
            at_time = [lambda s, f=compile_mp(e, [time]): f([s]) for e in solution] if solution is not None else None
            try:
                runner = multistep_twin.Runner(method, system, options, names, trace, to_mp, t, y, at_time, *_newton_settings(options))
            except ValueError as exc:
                raise CrossCheckUnavailable(str(exc)) from None
            advance = runner.advance
        elif method in ("frozen-slow-euler", "midpoint-sampled-euler"):
            midpoint = method == "midpoint-sampled-euler"
            advance = lambda t, y: _multirate(system, t, y, options, names, trace, midpoint)  # noqa: E731
        elif method in IMPLICIT:
            advance = lambda t, y: IMPLICIT[method](system, t, y, options, names, trace)  # noqa: E731
        elif method == "step-doubling-euler":
            advance = lambda t, y: _step_doubling(system, t, y, options, names, trace)  # noqa: E731
        elif method == "adaptive-rk":
            settings = {"order": AdaptiveRungeKutta.LOWER_ORDER[options["pair"]], **options}  # the method's default order
            advance = lambda t, y: _adaptive(system, t, y, settings, names, trace, _pair_attempt(options["pair"], {}))  # noqa: E731
        elif method == "adaptive-euler":
            advance = lambda t, y: _adaptive(system, t, y, options, names, trace)  # noqa: E731
        elif method == "cosimulation" and cosimulation is not None:
            from .crosscheck_cosim import CoSimulationMp

            master = CoSimulationMp(cosimulation[0], cosimulation[1], options, time)
            system.counts = master.counts

            def advance(t, y):
                t, values = master.advance(t, dict(zip(names, y)), lambda name, value: _record(trace, name, value))
                return t, [values[name] for name in names]
        else:
            raise CrossCheckUnavailable(f"no cross-check implementation of method {method}")
        for _ in range(steps):
            t, y = advance(t, y)
            nodes.append((t, list(y)))
        return t, y, trace, system.counts, nodes


# --- certified decisions with interval arithmetic ------------------------------------------


def certify_sign(expression: sympy.Expr, max_bits: int = 4096):
    """Decide the sign of a closed constant expression rigorously with mpmath.iv.

    Returns (sign, enclosure text, bits): sign is -1, 0 (only when the
    enclosure is the single point 0) or 1; None when even ``max_bits`` of
    working precision cannot exclude zero.
    """
    function = compile_mp(expression, [], mpmath.iv)
    bits = 64
    saved = mpmath.iv.prec
    try:
        while bits <= max_bits:
            mpmath.iv.prec = bits  # the interval context has no workprec manager
            value = function([])
            text = mpmath.iv.nstr(value, 17)
            if value > 0:
                return 1, text, bits
            if value < 0:
                return -1, text, bits
            if value.a == 0 and value.b == 0:
                return 0, text, bits
            bits *= 2
    finally:
        mpmath.iv.prec = saved
    return None, text, max_bits


def mp_value(expression: sympy.Expr, values: dict | None = None):
    """A DIGITS-digit mpmath value of ``expression`` at the given symbol values (sympy Rationals or mpmath numbers)."""
    values = values or {}
    variables = list(values)
    with mpmath.workdps(DIGITS):
        function = compile_mp(expression, variables)
        return function([to_mp(v) if isinstance(v, sympy.Basic) else v for v in values.values()])


def spectral_radius(matrix: sympy.Matrix):
    """The largest eigenvalue modulus of a rational matrix, by mpmath's eigenvalue solver at DIGITS digits."""
    with mpmath.workdps(DIGITS):
        values, _ = mpmath.eig(mpmath.matrix([[to_mp(v) for v in row] for row in matrix.tolist()]))
        return max(abs(v) for v in values)


# --- claim text read again, independently of verify.expr ---------------------------------------

_TEXT_FUNCTIONS = {"abs": abs, "sqrt": mpmath.sqrt, "exp": mpmath.exp, "log": mpmath.log, "sin": mpmath.sin, "cos": mpmath.cos,
                   "tan": mpmath.tan, "min": min, "max": max}
_TEXT_OPERATORS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b,
                   ast.Pow: lambda a, b: a ** b}


def mp_text(text, values: dict):
    """A claim's number as written (a TOML number, or an expression string that verify.expr has already
    accepted), evaluated again at DIGITS digits by walking its syntax tree with mpmath: decimals are read
    by mpmath from their digits, names take ``values`` (name -> sympy Rational).  Anything beyond
    arithmetic, the functions above and names raises CrossCheckUnavailable."""
    with mpmath.workdps(DIGITS):
        if not isinstance(text, str):
            return mpmath.mpf(str(text))
        source = text.replace("^", "**").strip()
        tree = ast.parse(source, mode="eval")

        def walk(node):
            if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
                return mpmath.mpf(ast.get_source_segment(source, node))
            if isinstance(node, ast.BinOp) and type(node.op) in _TEXT_OPERATORS:
                return _TEXT_OPERATORS[type(node.op)](walk(node.left), walk(node.right))
            if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
                value = walk(node.operand)
                return -value if isinstance(node.op, ast.USub) else value
            if isinstance(node, ast.Name) and node.id in values:
                return to_mp(values[node.id])
            if isinstance(node, ast.Name) and node.id == "pi":
                return +mpmath.pi
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _TEXT_FUNCTIONS and not node.keywords:
                return _TEXT_FUNCTIONS[node.func.id](*(walk(a) for a in node.args))
            raise CrossCheckUnavailable(f"the text cross-check does not read {ast.dump(node)[:40]}")

        return walk(tree.body)
