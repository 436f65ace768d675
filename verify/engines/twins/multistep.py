"""The mpmath twin of verify.engines.methods.multistep.

Its coefficients are not copied from the exact path's tables: they are derived here from their definitions
(Hairer, Norsett & Wanner I, sec. III.1): Adams weights as integrals of the Lagrange basis polynomials over the
last interval, BDF coefficients from the derivative of the interpolation polynomial at the newest node.  An
implicit formula is solved by Newton's method with a finite budget (counted as the exact path counts: one
Jacobian and one right-hand side per step).
"""
from __future__ import annotations

import mpmath

from verify.engines.twins import runge_kutta as rk_twin
from verify.engines.twins.base import continued, float_newton, newton, on_path
from verify.errors import SolverFailure


def _lagrange(nodes, j):
    """l_j as a list of coefficients, highest degree first, built by multiplying (s - node)/(node_j - node)."""
    poly = [mpmath.mpf(1)]
    for m, node in enumerate(nodes):
        if m == j:
            continue
        d = mpmath.mpf(nodes[j] - node)
        poly = [a / d for a in poly + [0]]  # times s / d
        shifted = [0] + [a * node for a in poly[:-1]]  # (s - node) / d: subtract node * (previous poly) / d
        poly = [a - b for a, b in zip(poly, shifted)]
    return poly


def _integral(poly, a, b):
    n = len(poly) - 1
    antiderivative = [c / (n - i + 1) for i, c in enumerate(poly)] + [0]
    return mpmath.polyval(antiderivative, b) - mpmath.polyval(antiderivative, a)


def _derivative_at(poly, s):
    n = len(poly) - 1
    return mpmath.polyval([c * (n - i) for i, c in enumerate(poly[:-1])], s) if n else mpmath.mpf(0)


def _milne_simpson(k: int):
    """(alpha, beta) of Milne's predictor (k = 4: y[n+1] = y[n-3] + the integral over [n-3, n+1] of the polynomial
    through f[n-2], f[n-1], f[n]) or Simpson's corrector (k = 2: y[n+1] = y[n-1] + the integral over [n-1, n+1] of
    the polynomial through f[n-1], f[n], f[n+1]), oldest first (Lambert 1991, sec. 4.1: Milne's method)."""
    nodes = [1, 2, 3] if k == 4 else [0, 1, 2]
    weights = [_integral(_lagrange(nodes, j), 0, k) for j in range(len(nodes))]
    beta = [mpmath.mpf(0)] + weights + [mpmath.mpf(0)] if k == 4 else weights
    return [mpmath.mpf(-1)] + [mpmath.mpf(0)] * (k - 1) + [mpmath.mpf(1)], beta


def coefficients(family: str, k: int):
    """(alpha, beta), oldest first, alpha_k = 1."""
    if family == "adams-bashforth":
        nodes = list(range(k))
        beta = [_integral(_lagrange(nodes, j), k - 1, k) for j in range(k)] + [mpmath.mpf(0)]
        return [mpmath.mpf(0)] * (k - 1) + [mpmath.mpf(-1), mpmath.mpf(1)], beta
    if family == "adams-moulton":
        nodes = list(range(k + 1))
        beta = [_integral(_lagrange(nodes, j), k - 1, k) for j in range(k + 1)]
        return [mpmath.mpf(0)] * (k - 1) + [mpmath.mpf(-1), mpmath.mpf(1)], beta
    if family == "bdf":
        nodes = list(range(k + 1))
        derivatives = [_derivative_at(_lagrange(nodes, j), k) for j in range(k + 1)]
        return [d / derivatives[-1] for d in derivatives], [mpmath.mpf(0)] * k + [1 / derivatives[-1]]
    raise ValueError(family)


def for_method(method: str, options: dict, to_mp):
    """(alpha, beta, the corrector's (alpha, beta) or None) of a named method, or of ``lmm`` from its options."""
    if method == "lmm":
        alpha, beta = [to_mp(a) for a in options["alpha"]], [to_mp(b) for b in options["beta"]]
        return [a / alpha[-1] for a in alpha], [b / alpha[-1] for b in beta], None
    if method == "milne-pece":
        return (*_milne_simpson(4), _milne_simpson(2))
    family, _, k = method.rpartition("-")
    if family == "abm":
        alpha, beta = coefficients("adams-bashforth", int(k))
        return alpha, beta, coefficients("adams-moulton", int(k) - 1)
    alpha, beta = coefficients(family, int(k))
    return alpha, beta, None


POLISH_CORRECTIONS = 4  # Newton corrections after the continuation (to the rounding level from 16 good digits), or from the
# explicit value for a linear equation (one to the root, one to confirm it at the rounding level)

NAMES = tuple(f"{family}-{k}" for family, ks in (("adams-bashforth", range(1, 6)), ("adams-moulton", range(1, 6)), ("bdf", range(1, 7)),
                                                 ("abm", range(2, 6))) for k in ks) + ("lmm", "milne-pece")


class Runner:
    """Steps a multistep method, keeping the window of past values itself."""

    def __init__(self, method, system, options, names, trace, to_mp, t0, y0, solution, budget, tolerance):
        self.alpha, self.beta, self.corrector = for_method(method, options, to_mp)
        self.k = len(self.alpha) - 1
        self.system, self.options, self.names, self.trace, self.to_mp = system, options, names, trace, to_mp
        self.h = to_mp(options["h"])
        self.budget, self.tolerance = budget, tolerance
        self.rates = any(b != 0 for b in self.beta[:-1]) or self.corrector is not None
        self.past_y, self.past_f, self.taken = [], [], 0  # newest first
        history = options.get("history")  # the starting values before the formula: as many as given, or start_steps, or k - 1
        self.first = len(history[names[0]]) if history else int(options["start_steps"]) if "start_steps" in options else self.k - 1
        self.starts = None
        if options.get("start") == "exact":
            if solution is None:
                raise ValueError("start = exact needs the model's solution on the mpmath path")
            self.starts = [[s(t0 + j * self.h) for s in solution] for j in range(1, self.first + 1)]

    def advance(self, t, y):
        f_now = self.system.f(t, y) if self.rates else None
        if self.taken < self.first:
            if "history" in self.options:
                new = [self.to_mp(self.options["history"][x][self.taken]) for x in self.names]
            elif self.starts is not None:
                new = self.starts[self.taken]
            else:
                A, b, c = _starter_tableau(self.options["start"], self.to_mp)
                _, new = rk_twin.step(self.system, t, y, self.h, A, b, c, self.names, {}, self.budget, self.tolerance)
            self._record("start", new)
        else:
            new = self._formula(t, y, f_now)
        self.past_y = ([y] + self.past_y)[:self.k - 1]
        if self.rates:
            self.past_f = ([f_now] + self.past_f)[:self.k - 1]
        self.taken = min(self.taken + 1, self.first)
        for name, value in zip(self.names, new):
            self.trace.setdefault(name, []).append(value)
        return t + self.h, new

    def next_from_window(self, t, window: list) -> list:
        """The formula's value at t + h from a whole window (``window``: y_n at t first, then y_n-1, ... y_n-k+1, one
        list per node), as advance takes it once the starting steps are made, this runner's own past left as it was
        (what the step records goes to its trace, as any step's); the right-hand side at the older nodes uncounted
        (advance counted each at its own step).  The twin's power of a
        linear multistep run reads its affine map from these (verify.engines.twins._multistep_power)."""
        saved = self.past_y, self.past_f, self.taken
        self.past_y = [list(v) for v in window[1:]]
        self.past_f = [self.system.f_uncounted(t - (m + 1) * self.h, v) for m, v in enumerate(window[1:])] if self.rates else []
        self.taken = self.first
        try:
            return self.advance(t, list(window[0]))[1]
        finally:
            self.past_y, self.past_f, self.taken = saved

    def _formula(self, t, y, f_now):
        k, h, d = self.k, self.h, len(y)
        window_y = list(reversed(self.past_y)) + [y]
        window_f = list(reversed(self.past_f)) + [f_now] if self.rates else []
        known = [-sum(self.alpha[j] * window_y[j][q] for j in range(k)) + (h * sum(self.beta[j] * window_f[j][q] for j in range(k)) if window_f else 0)
                 for q in range(d)]
        t1 = t + h
        if self.corrector is not None:
            predicted = known
            self._record("predictor", predicted)
            f_predicted = self.system.f(t1, predicted)
            rho, gamma = self.corrector
            m = len(gamma) - 1
            recent_y, recent = window_y[k - m:], window_f[k - m:] + [f_predicted]
            corrected = [h * sum(gamma[j] * recent[j][q] for j in range(m + 1)) - sum(rho[j] * recent_y[j][q] for j in range(m))
                         for q in range(d)]
            self._record("corrector", corrected)
            return corrected
        if self.beta[-1] == 0:
            return known
        self.system.count_rhs()  # and every block with it, as the exact path counts a solve (a review of 2026-12-07: BDF2's
        self.system.count("jacobian")  # blocks were counted 4 times in 200 steps, its starting RK4 step's)
        return self._newton(t1, known, y)

    def _record(self, quantity, vector):
        """``quantity`` for one state, ``quantity_x`` per state otherwise (as the exact path names them)."""
        labels = [quantity] if len(vector) == 1 else [f"{quantity}_{x}" for x in self.names]
        for label, value in zip(labels, vector):
            self.trace.setdefault(label, []).append(value)

    def _newton(self, t1, known, guess):
        """Solve u - h beta_k f(t1, u) = known, followed from u = known as h beta_k grows from 0 (base.continued: the
        root that tends to the explicit value as h -> 0; the path in machine floats, the last point in mpmath)."""
        h, bk = self.h, self.beta[-1]
        where = f"at t = {mpmath.nstr(t1, 12)}"

        def newton_at(lam, u):
            equations = _implicit_equation(self.system, t1, known, h, bk, lam)
            return newton(*equations, u, self.budget, on_path(self.tolerance, lam), where)

        if self.system.linear_in_state:  # one root: Newton from the explicit value, no continuation (that followed the path in
            # floats at 8 points per step: 14 of 17 s of a swept multistep forall claim); a failure here is the twin's
            return newton(*_implicit_equation(self.system, t1, known, h, bk, 1), list(known), POLISH_CORRECTIONS, mpmath.mpf(0), where)
        fast = float_newton(self.system, _implicit_equation, (t1, known, h, bk), self.budget)
        u = continued(newton_at, list(known), self.system.continuation_steps, fast)
        # polished with corrections to the rounding level: the residual test is absolute for values below 1, so a
        # value of 4e-29 (BDF2 on y' = -y after 101 steps) kept about 16 digits of its own, and the exact 2^101 y = 102
        # "disagreed" with 102.00000000000028 (review of 2026-12-05)
        try:
            return newton(*_implicit_equation(self.system, t1, known, h, bk, 1), u, POLISH_CORRECTIONS, mpmath.mpf(0), where)
        except SolverFailure:
            return u


def _implicit_equation(system, t1, known, h, bk, lam):
    """(residual, Jacobian as rows) of u - lam h beta_k f(t1 - (1 - lam) h, u) - known, in whatever numbers ``system``
    (MpSystem or its CompiledSystem) and the others are: the last step shortened to lam h, its time included, as the
    exact path follows it (bdf-1 is backward Euler, whose root is the branch that tends to y as h -> 0)."""
    d = len(known)
    time = t1 - (1 - lam) * h

    def residual(u):
        return [u[q] - lam * h * bk * v - known[q] for q, v in enumerate(system.f_uncounted(time, u))]

    def jacobian(u):
        J = system.jacobian_rows(time, u)
        return [[(1 if p == q else 0) - lam * h * bk * J[p][q] for q in range(d)] for p in range(d)]

    return residual, jacobian


def _starter_tableau(name: str, to_mp) -> tuple:
    """(A, b, c) of a starter: a Runge-Kutta method's own twin coefficients, or backward Euler's one stage (y+ = y + h
    f(t + h, y+)), written here: the twin's method "backward-euler" is coupled backward Euler (twins.implicit), not a
    tableau of rk_twin's."""
    if name == "backward-euler":
        return [[mpmath.mpf(1)]], [mpmath.mpf(1)], [mpmath.mpf(1)]
    return rk_twin.tableau(name, {}, to_mp)
