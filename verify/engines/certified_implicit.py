"""Implicit Runge-Kutta steps on the certified path: the stage equations solved with certainty, in interval arithmetic.

One step of a tableau (A, b, c) from (t, y) solves the stage equations

    G(k, lam) = 0,   G_i = k_i - f(t + c_i lam h, y + lam h sum_j a_ij k_j),   i = 1..s,

at lam = 1, on the branch that starts at k_i = f(t, y) at lam = 0 (the SPEC's root: the one that tends to the
explicit value as h -> 0).  As in verify.engines.branch_tracking, [0, 1] is cut into intervals L, and over each a box
X of stage vectors is shown by the Krawczyk test (Moore, Kearfott & Cloud, *Introduction to Interval Analysis*, SIAM
2009, sec. 8.4)

    K(X, L) = m - C G(m, L) + (I - C G_k(X, L)) (X - m)  inside the interior of X,   C ~ G_k(m, lam)^-1,

to hold exactly one solution for every lam in L and every y in the enclosure of the state (y is an interval vector
after the first step), with G_k nonsingular there, so the branch moves continuously in X; each box holds the
enclosure the previous interval proved at its start.  G(m, L) is taken in its mean value form in lam (G(m, lam_c) +
G_lam(m, L)(L - lam_c)): evaluated directly it counts each occurrence of lam apart and is wider than the root moves.
The step is then y + h sum_i b_i k_i over the enclosure of k at lam = 1.  The boxes, the state's enclosures and
the tableau's coefficients (sqrt(6), SDIRK-3's CRootOf gamma, enclosed rigorously) are mpmath.iv intervals; the
stage equations, their Jacobian and their rate in lam are evaluated in python-flint's arb balls (each interval put
into a ball that holds it; the right-hand side and its derivatives compiled by crosscheck.compile_mp for
crosscheck.ENCLOSING_BALLS: Arb's rigorous operations, about 14 times faster than mpmath.iv's per evaluation), the
Krawczyk operator's matrix products are arb_mat (mpmath's interval products at 128 bits made a 9 x 9 stage system
several times slower), and each ball comes back as an interval that holds it; only the guesses (the predicted root,
C) are floating point, and a wrong guess can only make a test fail, never pass.

Where no box passes (the branch folds, meets another root, or the enclosures grow too wide), CertifiedUnavailable:
the claim goes on the numerical route as before.
"""
from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction

import flint
import mpmath
import sympy

from verify.engines import crosscheck
from verify.engines.crosscheck import from_ball, to_ball
from verify.engines.certified import MAX_MAGNITUDE_BITS, Ball, BallSystem, exact_mpf, interval
from verify.engines.methods.base import MethodError, Recorder, assign_components, component_names
from verify.engines.methods.multistep import STARTER_TABLEAUS, LinearMultistep, starting_steps
from verify.engines.methods.runge_kutta import RungeKutta
from verify.engines.rational import to_field, to_sympy
from verify.errors import CertifiedUnavailable, CrossCheckUnavailable, lam_text
from verify.input.model import TIME, initial_name, symbol

MAX_INTERVALS = 200  # lam intervals tried per step (accepted or halved): a bound on the work where the branch is not followed
SMALLEST_STEP = Fraction(1, 2**24)
PRECISIONS = (128, 256)  # bits tried in turn (each a whole run of Krawczyk tests: where 256 do not decide, the numerical route)
FAILED_TESTS = 48  # failed Krawczyk tests a run may make, and FAILED_TESTS_PER_STEP more per step taken, before the numerical
FAILED_TESTS_PER_STEP = 8  # route takes it (two until 2026-12-07: a stiff SDIRK-2 step fails five or six of its lam intervals, and
# MOOSE's eight steps on y1' = -1000 y1 + y2^2 ran out at step 5)
HOW = ("each step's stage equations solved by the Krawczyk test (the equations and their matrices in python-flint's arb balls) "
       "along the step shortened to lam h (the branch from the explicit value)")
TIGHTENING_PASSES = 8  # Krawczyk passes at most on the enclosure at the end of an interval of lam (_tightened)
NEWTON_ITERATIONS = 12  # of a prediction (from the previous enclosure, a short step away: a few suffice where it matters)


BACKWARD_EULER = ((1,),), (1,), (1,)  # y+ = y + h k, k = f(t + h, y + h k): the same root as y+ = y + h f(t + h, y+)


def _tableau(method, options: dict):
    """(A, b, c) of an implicit Runge-Kutta tableau this route can step (not explicit, no embedded pair), backward
    Euler's among them when no residual is prescribed; else None."""
    if method.name == "backward-euler":
        return None if options.get("residual_d") or options.get("residual_a") else BACKWARD_EULER
    table = getattr(method, "table", None)
    if table is None:
        return None
    try:
        tab = table(options)
    except Exception:  # noqa: BLE001 - a tableau the claim gives badly: the method's own validation says why elsewhere
        return None
    return None if tab.explicit or tab.bhat is not None else (tab.A, tab.b, tab.c)


EXACT_START = object()  # _multistep's starter for start = "exact": the model's solution, enclosed


def _multistep(method, options: dict):
    """(alpha, beta, starter) of an implicit multistep formula this route can step (Adams-Moulton, BDF, an implicit
    ``lmm``; not a PECE pair, which is explicit): its starting values given (``history``, starter None) or made by a
    Runge-Kutta tableau (``start``) that is explicit or that this route steps, or the model's solution (``start =
    "exact"``, starter EXACT_START: enclosed, BallSystem.start_value); else None."""
    if not isinstance(method, LinearMultistep) or method.corrector is not None:
        return None
    try:
        data = method.data(options)
    except MethodError:
        return None
    if data.explicit:
        return None
    if data.steps == 1 or "history" in options:
        return data.alpha, data.beta, None
    start = options.get("start")
    if start == "exact":
        return data.alpha, data.beta, EXACT_START
    if start not in STARTER_TABLEAUS:
        return None
    starter = RungeKutta(start, STARTER_TABLEAUS[start])
    if not starter.is_explicit({}) and _tableau(starter, {}) is None:
        return None
    return data.alpha, data.beta, starter


def available(method, options: dict) -> bool:
    """Can this route step ``method`` with these options?"""
    return _tableau(method, options) is not None or _multistep(method, options) is not None


def _lo(x):
    return mpmath.mp.make_mpf(_ends(x)[0])


def _hi(x):
    return mpmath.mp.make_mpf(_ends(x)[1])


def _ends(x):
    """The raw ends of a real interval; a complex one (a fractional power of an interval reaching below 0) cannot be
    an enclosure of a real stage value here."""
    ends = getattr(x, "_mpi_", None)
    if ends is None:
        raise CertifiedUnavailable(f"an enclosure is not a real interval ({type(x).__name__}: a power or root of an interval "
                                   "that reaches below 0)")
    return ends


def _mid(x):
    """A point inside the interval x (its rounded midpoint), as a point interval."""
    return mpmath.iv.mpf((_lo(x) + _hi(x)) / 2) if mpmath.isfinite(_lo(x)) and mpmath.isfinite(_hi(x)) else None


def _point_or_itself(x):
    """x's midpoint as a point interval where x is finite, else x (a guess's input: C, Newton's prediction)."""
    middle = _mid(x)
    return x if middle is None else middle


def _hull(a, b):
    return mpmath.iv.mpf([min(_lo(a), _lo(b)), max(_hi(a), _hi(b))])


def _inside(inner, outer) -> bool:
    """Is ``inner`` in the interior of ``outer``?"""
    return _lo(outer) < _lo(inner) and _hi(inner) < _hi(outer)


def _contains(outer, inner) -> bool:
    return _lo(outer) <= _lo(inner) and _hi(inner) <= _hi(outer)


class _StageSystem:
    """G, G_k and G_lam of one step's stage equations, in python-flint's arb balls: the arguments are intervals (or
    balls), each put into a ball that holds it, and every value returned is a ball that holds the value at every point
    of the arguments (crosscheck.ENCLOSING_BALLS; a value with no real enclosure, such as 1/y over a ball holding 0,
    is a ball that is not finite).  Arb does in C what mpmath.iv did in Python: about 14 times faster per evaluation
    of a right-hand side (benchmarks/implicit_rk_speed.py measures the route)."""

    def __init__(self, system: BallSystem, coefficients, h):
        self.n = len(system.states)
        variables = [symbol(TIME)] + [symbol(s) for s in system.states]
        self.f = system.functions  # compiled for mpmath.iv by BallSystem (the explicit value the branch starts from)
        try:
            enclose = lambda e: crosscheck.compile_mp(e, variables, crosscheck.ENCLOSING_BALLS)  # noqa: E731
            self.f_balls = [enclose(e) for e in system.rhs]
            self.f_y = [[enclose(sympy.diff(e, v)) for v in variables[1:]] for e in system.rhs]
            self.f_t = [enclose(sympy.diff(e, variables[0])) for e in system.rhs]
        except CrossCheckUnavailable as exc:
            raise CertifiedUnavailable(f"cannot enclose the right-hand side's derivatives: {exc}") from None
        A, self.b, c = coefficients  # b and h stay intervals (the step y + h sum_i b_i k_i: _advance); A, c and h are
        self.s = len(self.b)  # also taken as balls that hold them, for the stage equations
        self.h = h
        self.A = [[_ball(a) for a in row] for row in A]
        self.c, self.h_ball = [_ball(v) for v in c], _ball(h)

    def _stage_points(self, t, y, k, lam):
        """(T_i, Y_i, S_i) of every stage, in balls: t + c_i lam h, y + lam h S_i and S_i = sum_j a_ij k_j (a_ij = 0
        exactly adds nothing)."""
        n, points = self.n, []
        lam_h = lam * self.h_ball
        for i in range(self.s):
            S = []
            for q in range(n):
                total = flint.arb(0)
                for j in range(self.s):
                    if not self.A[i][j].is_zero():
                        total += self.A[i][j] * k[j * n + q]
                S.append(total)
            points.append((t + self.c[i] * lam_h, [y[q] + lam_h * S[q] for q in range(n)], S))
        return points

    def value(self, t, y, k, lam):
        t, y, k, lam = _balls([t])[0], _balls(y), _balls(k), _balls([lam])[0]
        return self._value(t, y, k, lam)

    def _value(self, t, y, k, lam):
        n, result = self.n, []
        for i, (T, Y, _) in enumerate(self._stage_points(t, y, k, lam)):
            env = [T, *Y]
            result += [k[i * n + q] - self.f_balls[q](env) for q in range(n)]
        return result

    def value_and_lam_slope(self, t, y, k, lam, centre):
        """(G(k, centre), G_lam(k, L)): G(k, L) lies in G(k, centre) + G_lam(k, L) (L - centre), the mean value form."""
        t, y, k, lam, centre = _balls([t])[0], _balls(y), _balls(k), _balls([lam])[0], _balls([centre])[0]
        at_centre = self._value(t, y, k, centre)
        n, slopes = self.n, []
        for i, (T, Y, S) in enumerate(self._stage_points(t, y, k, lam)):
            env = [T, *Y]
            for q in range(n):
                rate = self.f_t[q](env) * self.c[i] * self.h_ball
                for r in range(n):
                    rate = rate + self.f_y[q][r](env) * self.h_ball * S[r]
                slopes.append(-rate)
        return at_centre, slopes

    def jacobian(self, t, y, k, lam):
        """G_k: blocks delta_ij I - lam h a_ij f_y(T_i, Y_i)."""
        t, y, k, lam = _balls([t])[0], _balls(y), _balls(k), _balls([lam])[0]
        n, size = self.n, self.n * self.s
        zero, one = flint.arb(0), flint.arb(1)
        rows = [[zero] * size for _ in range(size)]
        for i, (T, Y, _) in enumerate(self._stage_points(t, y, k, lam)):
            env = [T, *Y]
            derivative = [[self.f_y[q][r](env) for r in range(n)] for q in range(n)]
            for j in range(self.s):
                scale = lam * self.h_ball * self.A[i][j]
                for q in range(n):
                    for r in range(n):
                        entry = -scale * derivative[q][r]
                        if i == j and q == r:
                            entry = entry + one
                        rows[i * n + q][j * n + r] = entry
        return rows


def _balls(values) -> list:
    """Each value as an arb ball holding it: an interval (_ball; one with an infinite end is a ball that is not finite)
    or a ball as it is."""
    return [v if isinstance(v, flint.arb) else _ball(v) if _finite([v]) else flint.arb.nan() for v in values]


def _finite_balls(values) -> bool:
    return all(v.is_finite() for v in values)


def _point_matrix(rows):
    """The midpoints of a ball matrix as an arb matrix of points (a guess: C, or Newton's prediction)."""
    return flint.arb_mat([[v.mid() for v in row] for row in rows])


def _finite(values) -> bool:
    return all(mpmath.isfinite(_lo(v)) and mpmath.isfinite(_hi(v)) for v in values)


def _ball(x):
    """An arb ball holding the interval x, which must be finite: each end a ball holding it (to_ball, rounded at
    flint's precision where it has more bits), then their midpoint and half-width, each a ball, widened outward."""
    low, high = to_ball(_lo(x)), to_ball(_hi(x))
    if _lo(x) == _hi(x):
        return low
    return flint.arb((low + high) / 2) + flint.arb(0, ((high - low) / 2).abs_upper())


def _interval(ball):
    """An interval holding the arb ball (its lower and upper bounds, exact arb points, read without rounding), or
    None where the ball is not finite."""
    if not ball.is_finite():
        return None
    return mpmath.iv.mpf([exact_mpf(ball.lower()), exact_mpf(ball.upper())])


def _predicted(stages: _StageSystem, t, y_mid, guess, lam_point):
    """Newton on the midpoints at the point lam (floating point: a guess the Krawczyk test then proves or rejects)."""
    k = [mpmath.iv.mpf(v) for v in guess]
    for _ in range(NEWTON_ITERATIONS):
        values, jacobian = stages.value(t, y_mid, k, lam_point), stages.jacobian(t, y_mid, k, lam_point)
        if not _finite_balls(values) or not _finite_balls([v for row in jacobian for v in row]):  # a pole on the way: no guess
            return None
        G = flint.arb_mat([[v.mid()] for v in values])
        try:
            step = _point_matrix(jacobian).solve(G)
        except ZeroDivisionError:  # python-flint: a matrix it cannot show nonsingular
            return None
        moves = [from_ball(step[i, 0]) for i in range(len(k))]
        values = [(_lo(v) + _hi(v)) / 2 - move for v, move in zip(k, moves)]
        k = [mpmath.iv.mpf(v) for v in values]
        if max(abs(move) for move in moves) <= mpmath.mpf(2) ** (-mpmath.iv.prec + 8) * (1 + max(abs(v) for v in values)):
            break
    return values


def _krawczyk(stages: _StageSystem, t, y, y_mid, box, lam, centre):
    """K(box, lam) as intervals (None where it is not finite); ``t``, ``y`` and ``y_mid`` (y's midpoints, for the guess
    C alone) are balls, made once per step (_step)."""
    m = [_mid(v) for v in box]
    if any(v is None for v in m):  # (a box with an infinite end has no midpoint)
        return None
    m, box_balls = _balls(m), _balls(box)
    at_middle = stages.jacobian(t, y_mid, m, centre)
    G, G_lam = stages.value_and_lam_slope(t, y, m, lam, centre)
    over_box = stages.jacobian(t, y, box_balls, lam)
    if not all(_finite_balls(values) for values in (G, G_lam, *at_middle, *over_box)):
        return None  # an unbounded enclosure (1/z over a box that reaches 0): a failed test, the interval is halved
    try:  # C: a point matrix (any real C serves the theorem; the inverse's midpoints are a good one)
        C = _point_matrix(at_middle).inv().mid()
    except ZeroDivisionError:  # python-flint: a matrix it cannot show nonsingular
        return None
    J = flint.arb_mat(over_box)
    column = lambda values: flint.arb_mat([[v] for v in values])  # noqa: E731
    size = len(box)
    identity = flint.arb_mat(size, size, [1 if p == q else 0 for p in range(size) for q in range(size)])
    # C G(m, L) in the mean value form, C G_lam formed before it is multiplied by L - centre: the stages' rates in lam
    # partly cancel (the root's own rate is C G_lam), and an interval product taken apart first would not.  The
    # matrix products are python-flint's arb_mat (ball arithmetic in C); every input ball holds its interval
    image = column(m) - C * column(G) - (C * column(G_lam)) * _ball(lam - centre) \
        + (identity - C * J) * column([b - c for b, c in zip(box_balls, m)])
    image = [_interval(image[p, 0]) for p in range(size)]
    return None if any(v is None for v in image) else image


def _box_around(enclosure, predicted, width):
    """Boxes holding each enclosure and predicted value: their hull widened by its own half-width, by the largest
    relative motion of a component times its own size (the stages are coupled: a component that hardly moves is
    widened by those that do, in proportion, not to a slow component's scale: a review of 2026-12-06), and by
    ``width`` (the lam interval's) times the value's size over 2^10: near a turning point, where a component's rate
    in lam is 0, its hull shrinks as width^2 and so does the image, and only a term linear in the width lets a short
    enough interval pass."""
    hulls = [_hull(e, mpmath.iv.mpf(p)) for e, p in zip(enclosure, predicted)]
    sizes = [abs(_lo(h) + _hi(h)) / 2 + 1 for h in hulls]
    moved = max((_hi(h) - _lo(h)) / 2 / size for h, size in zip(hulls, sizes))  # the largest relative motion
    box = []
    for hull, size in zip(hulls, sizes):
        low, high = _lo(hull), _hi(hull)
        half = (high - low) / 2 + size * moved / 4 + mpmath.mpf(width.numerator) / width.denominator * size / 2**10 \
            + size * mpmath.mpf(2) ** (-mpmath.iv.prec // 2)
        box.append(mpmath.iv.mpf([low - half, high + half]))
    return box


@dataclass
class _Effort:
    """What a run's continuations may still spend: ``failures_left`` failed Krawczyk tests (each costs a prediction and a
    test: a stiff model that fails at every interval was 10-20 s before the numerical route took it, a review of
    2026-12-06), and ``first_step``, the interval of lam a step's continuation tries first: the first one proved in
    the step before (from 1, halved at every failure, a stiff step spent six failed tests before its first interval
    and MOOSE's eight SDIRK-2 steps on y1' = -1000 y1 + y2^2 ran out of tests at step 5: numerical, not certified;
    2026-12-07)."""

    failures_left: int
    first_step: Fraction = Fraction(1)


def _step(stages: _StageSystem, t, y: list, effort: _Effort):
    """The stage vector's enclosure at lam = 1 for the state enclosure ``y``, within ``effort``."""
    start = [v for _ in range(stages.s) for v in (f([interval(t), *y]) for f in stages.f)]
    enclosure, lam, step, failed = start, Fraction(0), effort.first_step, False
    y_mid = [_point_or_itself(v) for v in y]
    t_ball, y, y_mid = _balls([interval(t)])[0], _balls(y), _balls(y_mid)  # once per step, not per evaluation
    for _ in range(MAX_INTERVALS):
        if lam == 1:
            return enclosure
        ahead = min(lam + step, Fraction(1))
        at = interval(ahead)
        over = mpmath.iv.mpf([interval(lam).a, at.b])
        centre = interval((lam + ahead) / 2)
        predicted = _predicted(stages, t_ball, y_mid, [(_lo(v) + _hi(v)) / 2 for v in enclosure], at)
        proved = None
        if predicted is not None and all(mpmath.isfinite(v) for v in predicted):
            box = _box_around(enclosure, predicted, ahead - lam)
            image = _krawczyk(stages, t_ball, y, y_mid, box, over, centre)
            if image is not None and all(_inside(i, b) for i, b in zip(image, box)) and all(_contains(b, e) for b, e in zip(box, enclosure)):
                proved = _tightened(stages, t_ball, y, y_mid, image, at)
        if proved is None:
            step /= 2
            failed = True
            effort.failures_left -= 1
            if step < SMALLEST_STEP or effort.failures_left <= 0:
                break
            continue
        if lam == 0:
            effort.first_step = step
        # (after a failure the interval grows by half, not twice: a stiff stage's admissible interval grows with lam about
        # as fast, and doubling failed every other test)
        lam, enclosure, step = ahead, proved, min(step * (Fraction(3, 2) if failed else 2), Fraction(1))
        failed = False
    raise CertifiedUnavailable(f"the stage equations' root, followed from the explicit value with the step shortened to lam h, is not "
                               f"followed with certainty past lam = {lam_text(lam)} of the step from t = {t} (it folds, meets another "
                               "root or has a singular Jacobian there, or its enclosures grow too wide)")


def _tightened(stages, t, y, y_mid, enclosure, at):
    """Krawczyk again at the point lam = ``at`` on the enclosure, intersected (each image holds the root), until it
    narrows no more (each pass about squares the relative width: four reach the working precision from a box a
    short interval wide, and TIGHTENING_PASSES from one as wide as the root's size: with four, an interval of lam
    proved on a wider box left an enclosure 10^-17 wide, and ten stiff steps grew it past what the claim needed)."""
    for _ in range(TIGHTENING_PASSES):
        image = _krawczyk(stages, t, y, y_mid, enclosure, at, at)
        if image is None:
            return enclosure
        narrowed = []
        for e, i in zip(enclosure, image):
            low, high = max(_lo(e), _lo(i)), min(_hi(e), _hi(i))
            if low > high:
                return enclosure
            narrowed.append(mpmath.iv.mpf([low, high]))
        if all(_hi(a) - _lo(a) >= (_hi(b) - _lo(b)) / 2 for a, b in zip(narrowed, enclosure)):
            return narrowed
        enclosure = narrowed
    return enclosure


def _enclosed(value):
    """A tableau coefficient (rational, radicals, a CRootOf) as an interval at the working precision."""
    value = sympy.sympify(value)
    if value.is_Rational:
        return interval(to_field(value))
    return crosscheck.compile_mp(value, [], mpmath.iv)([])


@contextmanager
def _enclosable(what: str, step_number: int):
    """An operation intervals lack here (a TypeError, ValueError, ZeroDivisionError or ArithmeticError inside) as
    CertifiedUnavailable that says ``what`` could not be enclosed at which step; CertifiedUnavailable itself (a
    ValueError) passes as it is.  The step loops of the Runge-Kutta and the multistep route share it."""
    try:
        yield
    except CertifiedUnavailable:
        raise
    except (TypeError, ValueError, ZeroDivisionError, ArithmeticError) as exc:
        raise CertifiedUnavailable(f"{what} cannot be enclosed at step {step_number + 1}: {type(exc).__name__}: {exc}") from None


@contextmanager
def _working_bits(bits: int):
    """mpmath.iv, mpmath.mp (the guesses) and python-flint (the Krawczyk products) at ``bits`` bits, restored after."""
    saved_iv, saved_mp, saved_flint = mpmath.iv.prec, mpmath.mp.prec, flint.ctx.prec
    try:
        mpmath.iv.prec = mpmath.mp.prec = flint.ctx.prec = bits
        yield
    finally:
        mpmath.iv.prec, mpmath.mp.prec, flint.ctx.prec = saved_iv, saved_mp, saved_flint


def _step_length(options: dict):
    """The step h as a field rational (the methods' validation says it is rational; CertifiedUnavailable otherwise)."""
    length = options["h"]
    if not getattr(length, "is_Rational", False):
        raise CertifiedUnavailable(f"the step h = {length} is not a rational number")
    return to_field(length)


def _stage_system(system, A, b, c, h) -> _StageSystem:
    """The stage equations of the tableau (A, b, c) with step ``h`` (an interval), its coefficients enclosed."""
    return _StageSystem(system, ([[_enclosed(a) for a in row] for row in A], [_enclosed(v) for v in b], [_enclosed(v) for v in c]), h)


def _advance(stages: _StageSystem, t, y: list, effort: _Effort) -> tuple:
    """(the stage enclosures k, y + h sum_i b_i k_i) of one step of the tableau from the state enclosure ``y``."""
    k, n = _step(stages, t, y, effort), len(y)
    return k, [y[q] + stages.h * sum((stages.b[i] * k[i * n + q] for i in range(stages.s)), mpmath.iv.mpf(0)) for q in range(n)]


def run(method, model, parameter_values, options, t0, y0, steps: int, bits: int):
    """(t, y, recorder, nodes) as verify.engines.certified.run gives them, for an implicit Runge-Kutta tableau."""
    multistep = _multistep(method, options)
    if multistep is not None:
        return _run_multistep(multistep, model, parameter_values, options, t0, y0, steps, bits)
    tableau = _tableau(method, options)
    if tableau is None:
        raise CertifiedUnavailable(f"method {method.name} has no certified implicit route")
    system = BallSystem(model, parameter_values)
    stage_names = method.name != "backward-euler"  # a tableau's stages are its quantities k1, k2, ...; backward Euler has none
    length = _step_length(options)  # the tableau is enclosed below, at the working precision
    with _working_bits(bits):
        stages = _stage_system(system, *tableau, interval(length))
        t = to_field(t0)
        y = [interval(to_field(v)) for v in y0]
        recorder = Recorder(keep=True, counts=Counter())
        nodes = []
        n = len(y)
        effort = _Effort(FAILED_TESTS)
        for step_number in range(steps):
            recorder.where = f"step {step_number + 1}"
            effort.failures_left += FAILED_TESTS_PER_STEP
            with _enclosable("the stage equations", step_number):
                k, y = _advance(stages, t, y, effort)
            for i in range(stages.s if stage_names else 0):
                for name, value in zip(component_names(f"k{i + 1}", system.states), k[i * n:(i + 1) * n]):
                    recorder.assign(name, Ball(value), f"stage {i + 1}")
            t = t + length
            _record_step(system, recorder, nodes, step_number, t, y)
    return t, [Ball(v) for v in y], recorder, nodes


def _run_multistep(formula, model, parameter_values, options, t0, y0, steps: int, bits: int):
    """(t, y, recorder, nodes) of an implicit multistep formula sum_j alpha_j y_{n+j} = h sum_j beta_j f_{n+j}
    (alpha_k = 1; verify.engines.methods.multistep; ``formula``: _multistep's (alpha, beta, starter)).  Each new value
    solves u = known + h beta_k f(t_{n+k}, u), known = -sum_{j<k} alpha_j y_{n+j} + h sum_{j<k} beta_j f_{n+j}, on the
    branch from u = known as the last step grows from 0 (the twin's and the exact path's rule: backward Euler's, which
    bdf-1 is).  Written u = known + lam h beta_k k, that is one implicit stage k = f(t_{n+k-1} + lam h, known + lam h
    beta_k k): the tableau ((beta_k)), (beta_k), (1) from the state ``known``, solved by _step as a Runge-Kutta step's
    stages are.  The starting values (k - 1, or as many as ``start_steps`` or ``history`` give: multistep.starting_steps)
    are given exactly (``history``) or made by the starter's step, in balls (an
    explicit tableau) or by _step (an implicit one)."""
    alpha, beta, starter = formula
    k = len(alpha) - 1
    system = BallSystem(model, parameter_values)
    length = _step_length(options)
    rates = any(b != 0 for b in beta[:-1])  # Adams-Moulton: the past rates enter the known part; BDF: the past values only
    with _working_bits(bits):
        h = interval(length)
        a, b = [_enclosed(v) for v in alpha], [_enclosed(v) for v in beta]
        stage = _stage_system(system, [[beta[-1]]], [beta[-1]], [1], h)
        starter_stages = (_stage_system(system, *_tableau(starter, {}), h)
                          if starter not in (None, EXACT_START) and not starter.is_explicit({}) else None)
        if starter is EXACT_START:
            problem = model.solution_start_problem(system.substitutions, to_sympy(to_field(t0)), [to_sympy(to_field(v)) for v in y0])
            if problem:  # (as the exact path's multistep.initial_memory says it)
                raise CertifiedUnavailable(f"start = \"exact\": {problem}")
        t = to_field(t0)
        y = [interval(to_field(v)) for v in y0]
        n = len(y)

        def rate(time, values):
            return [f([interval(time), *values]) for f in system.functions]

        window_y, window_f = [y], [rate(t, y)] if rates else []
        recorder = Recorder(keep=True, counts=Counter())
        nodes, effort = [], _Effort(FAILED_TESTS)
        for step_number in range(steps):
            recorder.where = f"step {step_number + 1}"
            effort.failures_left += FAILED_TESTS_PER_STEP
            with _enclosable("the implicit equation", step_number):
                if step_number < starting_steps(options, k):
                    new = _starting_value(system, starter, starter_stages, options, model.states, step_number, t, y, length, effort,
                                          (t0, y0))
                    assign_components(recorder, "start", [Ball(v) for v in new], model.states, f"starting value y_{step_number + 1}")
                else:
                    known = [-sum((a[j] * window_y[j][q] for j in range(k)), mpmath.iv.mpf(0))
                             + h * sum((b[j] * window_f[j][q] for j in range(k) if beta[j] != 0), mpmath.iv.mpf(0)) for q in range(n)]
                    _, new = _advance(stage, t, known, effort)
            t, y = t + length, new
            _record_step(system, recorder, nodes, step_number, t, y)
            window_y = (window_y + [y])[-k:]
            if rates:
                window_f = (window_f + [rate(t, y)])[-k:]
    return t, [Ball(v) for v in y], recorder, nodes


def _record_step(system, recorder, nodes: list, step_number: int, t, y) -> None:
    """After step ``step_number`` (from 0): CertifiedUnavailable where an enclosure blew up, else the states recorded
    as the exact step records them (trace) and the node (t, balls) kept."""
    if not all(mpmath.isfinite(_lo(v)) and mpmath.isfinite(_hi(v)) and abs(_lo(v)) + abs(_hi(v)) < mpmath.mpf(2) ** MAX_MAGNITUDE_BITS
               for v in y):
        raise CertifiedUnavailable(f"the enclosure blew up after step {step_number + 1}")
    balls = [Ball(v) for v in y]
    for name, value in zip(system.states, balls):
        recorder.assign(name, value)
    nodes.append((t, balls))


def _starting_value(system, starter, starter_stages, options, states, index: int, t, y, length, effort, start) -> list:
    """The multistep formula's starting value y_{index + 1}, from y at t: given exactly, the model's solution at
    t0 + (index + 1) h enclosed (``start`` = (t0, y0) exact), or one step of the starter."""
    if starter is None:
        return [interval(to_field(options["history"][x][index])) for x in states]
    if starter is EXACT_START:
        t0, y0 = start
        values = {symbol(initial_name(x)): to_sympy(to_field(v)) for x, v in zip(states, y0)}
        values[symbol(TIME)] = to_sympy(to_field(t0) + (index + 1) * length)  # (length: _step_length's field element)
        return [system.start_value(system.model.solution[x], values, f"{x}(t0 + {index + 1}h)").iv for x in states]
    if starter_stages is None:  # an explicit tableau: its exact step, on balls (verify.engines.certified)
        quiet = Recorder(keep=False, counts=Counter())
        new = starter.step(system, t, [Ball(v) for v in y], starter.exact_options({"h": to_sympy(length)}), quiet)
        return [v.iv if isinstance(v, Ball) else interval(v) for v in new]
    return _advance(starter_stages, t, y, effort)[1]
