"""The mpmath twin of verify.methods.runge_kutta: Runge-Kutta steps at the working precision.

The coefficients below are written out again from the sources (Hairer & Wanner, Solving ODEs II, Tables
IV.5.1-5.7; Alexander 1977 for the SDIRK methods), not read from the exact path's tableaus.  Implicit stages are
solved by Newton's method on k_i = f(t + c_i h, y + h sum_j a_ij k_j) (all stages at once, or stage by stage
for a diagonally implicit tableau) with a finite budget; running out of budget raises SolverFailure.  Counts
follow the exact path: an explicit stage is one right-hand-side evaluation, an implicit stage one evaluation
and one Jacobian (the Newton iterations themselves are not counted).
"""
from __future__ import annotations

import mpmath


class SolverFailure(ValueError):
    """Newton's method did not converge within its budget."""


def _twin_tableaus() -> dict:
    """name -> (A, b, c) as mpmath numbers at the current precision."""
    f = mpmath.mpf
    r3, r15, r6, r2 = mpmath.sqrt(3), mpmath.sqrt(15), mpmath.sqrt(6), mpmath.sqrt(2)
    half, quarter = f(1) / 2, f(1) / 4
    g2 = 1 - r2 / 2
    g3 = [r for r in mpmath.polyroots([1, -3, f(3) / 2, -f(1) / 6], maxsteps=200, extraprec=200) if f(1) / 6 < mpmath.re(r) < half][0]
    g3 = mpmath.re(g3)
    tau = (1 + g3) / 2
    b31, b32 = -(6 * g3**2 - 16 * g3 + 1) / 4, (6 * g3**2 - 20 * g3 + 5) / 4
    return {
        "euler": ([[0]], [1], [0]),
        "heun": ([[0, 0], [1, 0]], [half, half], [0, 1]),
        "midpoint": ([[0, 0], [half, 0]], [0, 1], [0, half]),
        "rk4": ([[0, 0, 0, 0], [half, 0, 0, 0], [0, half, 0, 0], [0, 0, 1, 0]], [f(1) / 6, f(1) / 3, f(1) / 3, f(1) / 6], [0, half, half, 1]),
        "trapezoid": ([[0, 0], [half, half]], [half, half], [0, 1]),
        "implicit-midpoint": ([[half]], [1], [half]),
        "gauss-legendre-4": ([[quarter, quarter - r3 / 6], [quarter + r3 / 6, quarter]], [half, half], [half - r3 / 6, half + r3 / 6]),
        "gauss-legendre-6": ([[f(5) / 36, f(2) / 9 - r15 / 15, f(5) / 36 - r15 / 30],
                              [f(5) / 36 + r15 / 24, f(2) / 9, f(5) / 36 - r15 / 24],
                              [f(5) / 36 + r15 / 30, f(2) / 9 + r15 / 15, f(5) / 36]],
                             [f(5) / 18, f(4) / 9, f(5) / 18], [half - r15 / 10, half, half + r15 / 10]),
        "radau-iia-3": ([[f(5) / 12, -f(1) / 12], [f(3) / 4, quarter]], [f(3) / 4, quarter], [f(1) / 3, 1]),
        "radau-iia-5": ([[(88 - 7 * r6) / 360, (296 - 169 * r6) / 1800, (-2 + 3 * r6) / 225],
                         [(296 + 169 * r6) / 1800, (88 + 7 * r6) / 360, (-2 - 3 * r6) / 225],
                         [(16 - r6) / 36, (16 + r6) / 36, f(1) / 9]],
                        [(16 - r6) / 36, (16 + r6) / 36, f(1) / 9], [(4 - r6) / 10, (4 + r6) / 10, 1]),
        "lobatto-iiia-4": ([[0, 0, 0], [f(5) / 24, f(1) / 3, -f(1) / 24], [f(1) / 6, f(2) / 3, f(1) / 6]], [f(1) / 6, f(2) / 3, f(1) / 6], [0, half, 1]),
        "sdirk-2": ([[g2, 0], [1 - g2, g2]], [1 - g2, g2], [g2, 1]),
        "sdirk-3": ([[g3, 0, 0], [tau - g3, g3, 0], [b31, b32, g3]], [b31, b32, g3], [g3, tau, 1]),
        "crank-nicolson": ([[0, 0], [half, half]], [half, half], [0, 1]),
    }


def tableau(method: str, options: dict, to_mp) -> tuple:
    """(A, b, c) of a named method from the twin's own data, or from the claim's options for ``rk``."""
    if method == "rk":
        A = [[to_mp(a) for a in row] for row in options["A"]]
        c = options.get("c")
        return A, [to_mp(v) for v in options["b"]], [to_mp(v) for v in c] if c is not None else [sum(row) for row in A]
    A, b, c = _twin_tableaus()[method]
    return [[mpmath.mpf(a) for a in row] for row in A], [mpmath.mpf(v) for v in b], [mpmath.mpf(v) for v in c]


def names() -> tuple:
    with mpmath.workdps(20):
        return tuple(_twin_tableaus())


def step(system, t, y, h, A, b, c, state_names, trace, budget: int, tolerance):
    """One step; records the states and the stages (``k2`` for one state, ``k2_x`` per component) in ``trace``."""
    n, s = len(y), len(b)
    explicit = all(A[i][j] == 0 for i in range(s) for j in range(i, s))
    diagonal = all(A[i][j] == 0 for i in range(s) for j in range(i + 1, s))
    if explicit:
        stages = []
        for i in range(s):
            arg = [y[q] + h * sum(A[i][j] * stages[j][q] for j in range(i)) for q in range(n)]
            stages.append(system.f(t + c[i] * h, arg))
    elif diagonal:
        stages = []
        for i in range(s):
            known = [y[q] + h * sum(A[i][j] * stages[j][q] for j in range(i)) for q in range(n)]
            if A[i][i] == 0:
                stages.append(system.f(t + c[i] * h, known))
                continue
            system.count("rhs")
            system.count("jacobian")
            stages.append(_newton(system, t, known, h, [[A[i][i]]], [c[i]], budget, tolerance)[0])
    else:
        for _ in range(s):
            system.count("rhs")
            system.count("jacobian")
        stages = _newton(system, t, y, h, A, c, budget, tolerance)
    new = [y[q] + h * sum(b[i] * stages[i][q] for i in range(s)) for q in range(n)]
    for i, k in enumerate(stages):
        if n == 1:
            trace.setdefault(f"k{i + 1}", []).append(k[0])
        else:
            for x, v in zip(state_names, k):
                trace.setdefault(f"k{i + 1}_{x}", []).append(v)
    for name, value in zip(state_names, new):
        trace.setdefault(name, []).append(value)
    return t + h, new


def _newton(system, t, y, h, A, c, budget, tolerance):
    """Stages k_i = f(t + c_i h, y + h sum_j a_ij k_j), i = 1..s (s = len(A)), by Newton from k_i = f(t, y)."""
    n, s = len(y), len(A)
    start = system.f_uncounted(t, y)
    k = [list(start) for _ in range(s)]

    def arguments(k):
        return [[y[q] + h * sum(A[i][j] * k[j][q] for j in range(s)) for q in range(n)] for i in range(s)]

    def equations(k):
        return [k[i][q] - v for i, Y in enumerate(arguments(k)) for q, v in enumerate(system.f_uncounted(t + c[i] * h, Y))]

    values = equations(k)
    for _ in range(budget):
        if max(abs(v) for v in values) <= tolerance:
            return k
        Ys = arguments(k)
        jacobians = [system.jacobian_uncounted(t + c[i] * h, Ys[i]) for i in range(s)]
        M = mpmath.matrix(s * n, s * n)
        for i in range(s):
            for p in range(n):
                for j in range(s):
                    for q in range(n):
                        M[i * n + p, j * n + q] = (1 if (i, p) == (j, q) else 0) - h * A[i][j] * jacobians[i][p, q]
        delta = mpmath.lu_solve(M, mpmath.matrix(values))
        k = [[k[i][q] - delta[i * n + q] for q in range(n)] for i in range(s)]
        values = equations(k)
    if max(abs(v) for v in values) <= tolerance:
        return k
    raise SolverFailure(f"Newton did not converge within {budget} iterations for the stages at t = {mpmath.nstr(t, 12)} "
                        f"(residual {mpmath.nstr(max(abs(v) for v in values), 5)} > {mpmath.nstr(tolerance, 5)})")
