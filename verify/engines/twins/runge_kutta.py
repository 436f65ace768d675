"""The mpmath twin of verify.engines.methods.runge_kutta: Runge-Kutta steps at the working precision.

The coefficients below are written out again from the sources (Hairer & Wanner, Solving ODEs II, Tables
IV.5.1-5.7; Alexander 1977 for the SDIRK methods), not read from the exact path's tableaus.  Implicit stages are
solved by Newton's method on k_i = f(t + c_i h, y + h sum_j a_ij k_j) (all stages at once, or stage by stage
for a diagonally implicit tableau) with a finite budget; running out of budget raises SolverFailure.  Counts
follow the exact path: an explicit stage is one right-hand-side evaluation, an implicit stage one evaluation
and one Jacobian (the Newton iterations themselves are not counted).
"""
from __future__ import annotations

import functools
from fractions import Fraction

import mpmath

from verify.engines.crosscheck import to_mp
from verify.engines.twins.base import continued, float_newton, newton, newton_settings, on_path, per_state, tolerance_test
from verify.errors import SolverFailure


def _twin_tableaus() -> dict:
    """name -> (A, b, c) as mpmath numbers at the current precision (computed once per precision: SDIRK-3's gamma is
    a polynomial root, about 3 ms, and a run reads the tableau once per run it starts)."""
    return _tableaus_at(mpmath.mp.prec)


@functools.lru_cache(maxsize=8)
def _tableaus_at(prec: int) -> dict:
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


def _q(text: str):
    value = Fraction(text)
    return mpmath.mpf(value.numerator) / value.denominator


def _rows(text: str) -> list:
    """Lower-triangular rows written as 'a21; a31 a32; ...' (the first row is all zeros)."""
    rows = [[_q(v) for v in row.split()] for row in text.split(";")]
    s = len(rows) + 1
    return [[mpmath.mpf(0)] * s] + [row + [mpmath.mpf(0)] * (s - len(row)) for row in rows]


# Embedded pairs: (A, b, bhat, c), written out again from Fehlberg (1969), Dormand & Prince (1980), Bogacki & Shampine
# (1989) and Cash & Karp (1990).  b is the propagated solution, bhat the embedded one.
PAIRS = {
    "heun-euler-21": ("1", "1/2 1/2", "1 0", "0 1"),
    "bogacki-shampine-32": ("1/2; 0 3/4; 2/9 1/3 4/9", "2/9 1/3 4/9 0", "7/24 1/4 1/3 1/8", "0 1/2 3/4 1"),
    "fehlberg-45": ("1/4; 3/32 9/32; 1932/2197 -7200/2197 7296/2197; 439/216 -8 3680/513 -845/4104; -8/27 2 -3544/2565 1859/4104 -11/40",
                    "25/216 0 1408/2565 2197/4104 -1/5 0", "16/135 0 6656/12825 28561/56430 -9/50 2/55", "0 1/4 3/8 12/13 1 1/2"),
    "dormand-prince-54": ("1/5; 3/40 9/40; 44/45 -56/15 32/9; 19372/6561 -25360/2187 64448/6561 -212/729; "
                          "9017/3168 -355/33 46732/5247 49/176 -5103/18656; 35/384 0 500/1113 125/192 -2187/6784 11/84",
                          "35/384 0 500/1113 125/192 -2187/6784 11/84 0", "5179/57600 0 7571/16695 393/640 -92097/339200 187/2100 1/40",
                          "0 1/5 3/10 4/5 8/9 1 1"),
    "cash-karp-45": ("1/5; 3/40 9/40; 3/10 -9/10 6/5; -11/54 5/2 -70/27 35/27; 1631/55296 175/512 575/13824 44275/110592 253/4096",
                     "2825/27648 0 18575/48384 13525/55296 277/14336 1/4", "37/378 0 250/621 125/594 0 512/1771", "0 1/5 3/10 3/5 1 7/8"),
}


def pair(method: str, options: dict, to_mp):
    """The embedded weights of a pair (named, or ``bhat`` of an ``rk`` claim), or None."""
    if method in PAIRS:
        return [_q(v) for v in PAIRS[method][2].split()]
    if method == "rk" and options.get("bhat") is not None:
        return [to_mp(v) for v in options["bhat"]]
    return None


def tableau(method: str, options: dict, to_mp) -> tuple:
    """(A, b, c) of a named method from the twin's own data, or from the claim's options for ``rk``."""
    if method == "rk":
        A = [[to_mp(a) for a in row] for row in options["A"]]
        c = options.get("c")
        return A, [to_mp(v) for v in options["b"]], [to_mp(v) for v in c] if c is not None else [sum(row) for row in A]
    if method in PAIRS:
        rows, b, _, c = PAIRS[method]
        return _rows(rows), [_q(v) for v in b.split()], [_q(v) for v in c.split()]
    A, b, c = _twin_tableaus()[method]
    return [[mpmath.mpf(a) for a in row] for row in A], [mpmath.mpf(v) for v in b], [mpmath.mpf(v) for v in c]


def names() -> tuple:
    with mpmath.workdps(20):
        return tuple(_twin_tableaus()) + tuple(PAIRS)


def shape(A, b, c) -> tuple:
    """(explicit, diagonally implicit, first same as last) of a tableau, read off its coefficients."""
    s = len(b)
    explicit = all(A[i][j] == 0 for i in range(s) for j in range(i, s))
    diagonal = all(A[i][j] == 0 for i in range(s) for j in range(i + 1, s))
    fsal = explicit and s > 1 and c[0] == 0 and c[-1] == 1 and b[-1] == 0 and all(A[-1][j] == b[j] for j in range(s))
    return explicit, diagonal, fsal


def step(system, t, y, h, A, b, c, state_names, trace, budget: int, tolerance, bhat=None, tolerances=None, memo=None,
         form=None):
    """One step; records the states and the stages (``k2`` for one state, ``k2_x`` per component) in ``trace``;
    for a pair (``bhat``) the embedded solution and the error estimate (and, with ``tolerances`` = (atol, rtol)
    per component, the tolerance test).  ``memo`` keeps an FSAL pair's last stage for the next step; ``form`` is
    the tableau's ``shape`` when the caller read it once for many steps."""
    n, s = len(y), len(b)
    explicit, diagonal, fsal = form or shape(A, b, c)
    if explicit:
        stages = []
        for i in range(s):
            arg = [y[q] + h * sum(A[i][j] * stages[j][q] for j in range(i)) for q in range(n)]
            if i == 0 and fsal and memo is not None and memo.get("t") == t:
                stages.append(list(memo["k"]))  # the previous step's last stage, f(t, y): not evaluated again
                continue
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
            if any(A[j][j] != 0 for j in range(i)) and not system.linear_in_state:
                # an implicit stage after another implicit one (SDIRK-2's second): this stage and the rest are taken from
                # the whole step solved at once, followed as the step grows from 0 (SPEC: the root that tends to the
                # explicit value as h -> 0), as the certified route follows it.  Followed from the earlier stages' values
                # at the full step it took another root: SDIRK-2 on y' = y - y^3 from 2 with h = 10 gave y1 = -0.8393
                # where the branch in h ends at +0.7806 (a wrong verdict on the numerical route, 2026-12-06)
                for later in range(i + 1, s):  # counted as the stage-by-stage loop counts them
                    system.count("rhs")
                    if A[later][later] != 0:
                        system.count("jacobian")
                return _finish(system, t, y, h, b, stages + _joint_rest(system, t, y, h, A, c, stages, budget, tolerance),
                               state_names, trace, bhat, tolerances, fsal, memo)
            if 0 < i and all(A[j][j] == 0 for j in range(i)) and not system.linear_in_state:
                # the first implicit stage after explicit ones (the trapezoid tableau's second): followed with them on
                # the step shortened to lam h, as the exact path and the certified route follow it (SPEC: the root that
                # tends to the explicit value as h -> 0); from their values at the full h it took another root (the
                # trapezoid on z' = 25/z - 50z with h = 1/10: -0.634 where the branch ends at +0.563, a review of
                # 2026-12-06).  (A stage after another implicit one: the branch above.)  Only stage i is taken from the
                # joint solve: the explicit stages stay as evaluated (equal within Newton's tolerance)
                stages.append(_newton(system, t, y, h, [row[:i + 1] for row in A[:i + 1]], c[:i + 1], budget, tolerance)[i])
                continue
            stages.append(_newton(system, t, known, h, [[A[i][i]]], [c[i]], budget, tolerance)[0])
    else:
        for _ in range(s):
            system.count("rhs")
            system.count("jacobian")
        stages = _newton(system, t, y, h, A, c, budget, tolerance)
    return _finish(system, t, y, h, b, stages, state_names, trace, bhat, tolerances, fsal, memo)


def _finish(system, t, y, h, b, stages, state_names, trace, bhat, tolerances, fsal, memo):
    """The step's new value y + h sum_i b_i k_i from its stages, and what step records."""
    n, s = len(y), len(b)
    new = [y[q] + h * sum(b[i] * stages[i][q] for i in range(s)) for q in range(n)]
    if fsal and memo is not None:
        memo.update(t=t + h, k=list(stages[-1]))
    if bhat is not None:
        _estimate(system, y, new, stages, h, bhat, state_names, trace, tolerances)
    for i, k in enumerate(stages):
        if n == 1:
            trace.setdefault(f"k{i + 1}", []).append(k[0])
        else:
            for x, v in zip(state_names, k):
                trace.setdefault(f"k{i + 1}_{x}", []).append(v)
    for name, value in zip(state_names, new):
        trace.setdefault(name, []).append(value)
    return t + h, new


def _estimate(system, y, new, stages, h, bhat, state_names, trace, tolerances):
    n = len(y)
    embedded = [y[q] + h * sum(w * stages[i][q] for i, w in enumerate(bhat)) for q in range(n)]
    estimate = [abs(new[q] - embedded[q]) for q in range(n)]
    values = {"embedded": embedded, "error_estimate": estimate}
    if tolerances is not None:
        atol, rtol = tolerances
        values["tolerance"] = [atol[q] + rtol[q] * abs(new[q]) for q in range(n)]
    for name, vector in values.items():
        if n == 1:
            trace.setdefault(name, []).append(vector[0])
        else:
            for x, v in zip(state_names, vector):
                trace.setdefault(f"{name}_{x}", []).append(v)
    if n > 1:
        trace.setdefault("error_estimate", []).append(max(estimate))
    if tolerances is not None:
        tol = values["tolerance"]
        magnitudes = [max(abs(new[q]), abs(embedded[q])) for q in range(n)]
        trace.setdefault("accepted", []).append(mpmath.mpf(int(tolerance_test(system, estimate, tol, magnitudes))))
        if all(v > 0 for v in tol):
            trace.setdefault("error_ratio", []).append(max(estimate[q] / tol[q] for q in range(n)))


def _joint_rest(system, t, y, h, A, c, taken: list, budget, tolerance) -> list:
    """The stages after ``taken`` from the whole diagonally implicit step solved at once (_newton).  Its first stages must
    be the ones already taken (each followed on its own, or with the explicit stages before it): where a path crosses a
    singular point (two roots of stage 1 touching, SDIRK-2 on y' = (1 - t) y^2 past h = 1.707) the two continuations
    can part ways, and the root the SPEC names is not decided there: a SolverFailure, never one of them."""
    whole = _newton(system, t, y, h, A, c, budget, tolerance)
    agree = mpmath.mpf(10) ** (-(mpmath.mp.dps // 2))
    for i, (alone, joint) in enumerate(zip(taken, whole)):
        if any(abs(a - b) > agree * max(1, abs(a)) for a, b in zip(alone, joint)):
            raise SolverFailure(f"stage {i + 1} at t = {mpmath.nstr(t, 12)} ends at {mpmath.nstr(alone[0], 8)} followed on its own "
                                f"but at {mpmath.nstr(joint[0], 8)} followed with the whole step: a path crosses a singular point "
                                "(roots touching), so which root tends to the explicit value as h -> 0 is not decided")
    return whole[len(taken):]


def _newton(system, t, y, h, A, c, budget, tolerance):
    """Stages k_i = f(t + c_i h, y + h sum_j a_ij k_j), i = 1..s (s = len(A)), by Newton, followed from k_i = f(t, y)
    as the step grows from 0 to h, stage times and coupling together (_stage_equations; base.continued: the root that
    tends to the explicit value as h -> 0; the path in machine floats, the last point in mpmath), on the stages
    flattened."""
    n, s = len(y), len(A)
    start = [v for i in range(s) for v in system.f_uncounted(t, y)]  # every stage's value as h -> 0

    def newton_at(lam, flat):
        return newton(*_stage_equations(system, t, y, h, A, c, lam), flat, budget, on_path(tolerance, lam),
                      f"for the stages at t = {mpmath.nstr(t, 12)}")

    flat = continued(newton_at, start, system.continuation_steps, float_newton(system, _stage_equations, (t, y, h, A, c), budget))
    return [flat[i * n:(i + 1) * n] for i in range(s)]


def _stage_equations(system, t, y, h, A, c, lam):
    """(residual, Jacobian as rows) of the stage equations k_i - f(t + lam c_i h, y + lam h sum_j a_ij k_j) in the
    stages flattened, in whatever numbers ``system`` (MpSystem or its CompiledSystem) and the others are: the step of
    length lam h, its stage times included, so that the stages followed from lam = 0 are those that tend to f(t, y)
    as h -> 0 (SPEC); with the times held at t + c_i h another root was taken past a branch crossing on a
    time-dependent f (a review of 2026-12-06)."""
    n, s = len(y), len(A)
    times = [t + lam * c[i] * h for i in range(s)]

    def arguments(flat):
        return [[y[q] + lam * h * sum(A[i][j] * flat[j * n + q] for j in range(s)) for q in range(n)] for i in range(s)]

    def residual(flat):
        return [flat[i * n + q] - v for i, Y in enumerate(arguments(flat)) for q, v in enumerate(system.f_uncounted(times[i], Y))]

    def jacobian(flat):
        Ys = arguments(flat)
        jacobians = [system.jacobian_rows(times[i], Ys[i]) for i in range(s)]
        return [[(1 if (i, p) == (j, q) else 0) - lam * h * A[i][j] * jacobians[i][p][q] for j in range(s) for q in range(n)]
                for i in range(s) for p in range(n)]

    return residual, jacobian


class Stepper:
    """Steps of ``tableau`` with the claim's options (h, Newton settings, tolerances of an embedded pair), read once
    per working precision (a run may be repeated at another), the tableau's shape once."""

    def __init__(self, system, options, tableau, names, trace, bhat=None):
        self.system, self.options, self.tableau, self.names, self.trace, self.bhat = system, options, tableau, names, trace, bhat
        self.form, self.memo, self.read = shape(*tableau), {}, {}

    def _settings(self) -> tuple:
        found = self.read.get(mpmath.mp.prec)
        if found is None:
            options, names = self.options, self.names
            tolerances = None
            if "atol" in options or "rtol" in options:
                tolerances = (per_state(options, "atol", names, 0), per_state(options, "rtol", names, 0))
            found = self.read[mpmath.mp.prec] = (to_mp(options["h"]), *newton_settings(options), tolerances)
        return found

    def advance(self, t, y):
        h, budget, tolerance, tolerances = self._settings()
        A, b, c = self.tableau
        return step(self.system, t, y, h, A, b, c, self.names, self.trace, budget, tolerance, self.bhat, tolerances, self.memo,
                    self.form)
