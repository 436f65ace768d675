"""What every twin shares: the right-hand side compiled to mpmath, evaluation counts, and option reading.

Nothing here calls the exact path's arithmetic: expressions are compiled by the
cross-check's own walker (verify.engines.crosscheck.compile_mp).
"""
from __future__ import annotations

import functools
import math

import flint
import mpmath
import sympy

from verify.engines.crosscheck import ENCLOSING_BALLS, SERIES_BALLS, compile_mp, to_ball, to_mp
from verify.engines.methods import METHODS
from verify.engines.methods.schema import NEWTON
from verify.errors import BranchesMeet, BranchNotEnclosed, ContinuationTooLong, CrossCheckUnavailable, SolverFailure

FLOAT_STEP = 1e-8  # a continuation point found in machine floats: its last Newton correction at most this (relative)


class MpSystem:
    """A model's right-hand side, constraints and Jacobian compiled to mpmath, counting evaluations per block as the exact path does."""

    def __init__(self, rhs: list, states: list, blocks: dict, time: sympy.Symbol, constraints=(), continuation_steps: int = 8):
        variables = [time] + list(states)
        self.rhs, self.states, self.time = list(rhs), list(states), time  # as expressions (the Taylor twin reads them on series)
        self.continuation_steps = continuation_steps  # how finely implicit roots are followed (continued)
        self.functions = [compile_mp(e, variables) for e in rhs]
        self.constraint_functions = [compile_mp(g, variables) for g in constraints]
        self._jacobian_source = (list(rhs) + list(constraints), list(states), variables)
        self._derivatives = None
        self._jacobian_functions = None
        self._floats = None
        self._enclosing = None
        self._series_enclosing = None
        self.tubes_taken = 0  # boxes the run's enclosed continuations have taken (_enclosed_continuation, MAX_RUN_TUBES)
        self.enclose_branches = False  # continuations enclosed in Krawczyk boxes (_enclosed_continuation): where the twin alone decides
        self.blocks = blocks  # block name -> component indices
        self.counts: dict[str, int] = {}
        self.near_ties: list[tuple] = []  # co-simulation threshold tests within rounding: (macro step, subsystem, substep, stage)
        self.tie_branches: tuple = ()  # the exact path's outcome of each tolerance test, in order (tolerance_test)
        self.tolerance_tests = 0  # tolerance tests made so far

    @property
    def derivatives(self) -> list:
        """d(rhs, constraints)/d(states) as rows of sympy expressions, on first use (an explicit method never asks)."""
        if self._derivatives is None:
            expressions, states, _ = self._jacobian_source
            self._derivatives = [[sympy.diff(e, s) for s in states] for e in expressions]
        return self._derivatives

    @property
    def linear_in_state(self) -> bool:
        """Whether every right-hand side is affine in the states (its derivatives free of them; t may appear): an
        implicit equation in them then has one root, reached by Newton from any start, with no path to follow."""
        _, states, _ = self._jacobian_source
        return all(not (d.free_symbols & set(states)) for row in self.derivatives[:len(self.functions)] for d in row)

    @property
    def jacobian_functions(self):
        """``derivatives`` compiled to mpmath, on first use."""
        if self._jacobian_functions is None:
            variables = self._jacobian_source[2]
            self._jacobian_functions = [[compile_mp(d, variables) for d in row] for row in self.derivatives]
        return self._jacobian_functions

    def _compiled(self, ctx, jacobians: bool = True) -> "CompiledSystem | bool":
        """The right-hand side and constraints (and their Jacobians) compiled for ``ctx``; False where they do not."""
        expressions, _, variables = self._jacobian_source
        rhs_count = len(self.functions)
        derivatives = self.derivatives if jacobians else [[] for _ in expressions]
        try:
            return CompiledSystem(expressions[:rhs_count], derivatives[:rhs_count], variables, ctx, expressions[rhs_count:],
                                  derivatives[rhs_count:])
        except CrossCheckUnavailable:
            return False

    @property
    def floats(self) -> "CompiledSystem | None":
        """The right-hand side and its Jacobian in machine floats, for following a continuation path only (base.continued);
        None when they do not compile to floats."""
        if self._floats is None:
            self._floats = self._compiled(mpmath.fp)
        return self._floats or None

    @property
    def enclosing(self) -> "CompiledSystem | None":
        """The right-hand side and its Jacobian in rigorous arb balls (crosscheck.ENCLOSING_BALLS), for enclosing a
        continuation's path (_enclosed_continuation); None when they do not compile to balls."""
        if self._enclosing is None:
            self._enclosing = self._compiled(ENCLOSING_BALLS)
        return self._enclosing or None

    @property
    def series_enclosing(self) -> "CompiledSystem | None":
        """The right-hand side and constraints in crosscheck.SERIES_BALLS (a value and its derivative in the
        continuation's lam), for the mean-value form of the equations' range over an interval of lam (FloatNewton.tube);
        None when they do not compile."""
        if self._series_enclosing is None:
            self._series_enclosing = self._compiled(SERIES_BALLS, jacobians=False)
        return self._series_enclosing or None

    def jacobian(self, t, y):
        self.count("jacobian")
        return mpmath.matrix([[fn([t, *y]) for fn in row] for row in self.jacobian_functions])

    def g(self, t, y):
        return [fn([t, *y]) for fn in self.constraint_functions]

    def f(self, t, y, block=None):
        if block is None:
            self.count_rhs()
            return [fn([t, *y]) for fn in self.functions]
        self.count(block)
        return [self.functions[i]([t, *y]) for i in self.blocks[block]]

    def count_rhs(self):
        """One evaluation of the whole right-hand side (every block once), as the exact path counts it."""
        self.count("rhs")
        for name in self.blocks:
            self.count(name)

    def jacobian_all_rows(self, t, y) -> list:
        """d(rhs, constraints)/d(states) as a list of rows, not counted (a Newton iteration's own evaluations)."""
        return [[fn([t, *y]) for fn in row] for row in self.jacobian_functions]

    def count(self, name):
        """One more evaluation of ``name`` (also called by a twin for an evaluation its exact path makes, e.g. an implicit stage)."""
        self.counts[name] = self.counts.get(name, 0) + 1

    def f_uncounted(self, t, y):
        return [fn([t, *y]) for fn in self.functions]

    def jacobian_rows(self, t, y) -> list:
        """d(rhs)/d(states) as a list of rows, not counted."""
        return [[fn([t, *y]) for fn in row] for row in self.jacobian_functions[:len(self.functions)]]

    def constraint_rows(self, t, y) -> list:
        """d(constraints)/d(states) as a list of rows, not counted."""
        return [[fn([t, *y]) for fn in row] for row in self.jacobian_functions[len(self.functions):]]

    @property
    def constraints_linear_in_state(self) -> bool:
        """Whether every constraint is affine in the states (a DAE whose algebraic equations have one root)."""
        _, states, _ = self._jacobian_source
        return all(not (d.free_symbols & set(states)) for row in self.derivatives[len(self.functions):] for d in row)


class CompiledSystem:
    """A right-hand side, its constraints and their Jacobians compiled by compile_mp for one number kind ``ctx``:
    machine floats (mpmath.fp: the continuation of an implicit equation follows its path in them, base.continued, and
    mpmath finishes at 50 digits), rigorous arb balls (ENCLOSING_BALLS: the boxes that enclose the path,
    _enclosed_continuation) or first-order series of balls (SERIES_BALLS: the boxes' mean-value form)."""

    def __init__(self, rhs: list, derivatives: list, variables: list, ctx=mpmath.fp, constraints=(), constraint_derivatives=()):
        self.ctx = ctx  # the number kind (other expressions of a step, prescribed residuals, are compiled for it too)
        self.functions = [compile_mp(e, variables, ctx) for e in rhs]
        self.jacobian_functions = [[compile_mp(d, variables, ctx) for d in row] for row in derivatives]
        self.constraint_functions = [compile_mp(g, variables, ctx) for g in constraints]
        self.constraint_jacobian = [[compile_mp(d, variables, ctx) for d in row] for row in constraint_derivatives]

    def f_uncounted(self, t, y):
        return [fn([t, *y]) for fn in self.functions]

    def jacobian_rows(self, t, y) -> list:
        return [[fn([t, *y]) for fn in row] for row in self.jacobian_functions]

    def g(self, t, y):
        return [fn([t, *y]) for fn in self.constraint_functions]

    def constraint_rows(self, t, y) -> list:
        """d(constraints)/d(states) as rows (a DAE's algebraic equations: _dae_continuation_equations)."""
        return [[fn([t, *y]) for fn in row] for row in self.constraint_jacobian]


def solve(matrix, vector, where: str):
    """matrix^-1 vector by mpmath's LU solve; a singular matrix (a Newton step at a double root, a singular stage
    system) is a SolverFailure that says where, not an exception of mpmath's.  ``matrix`` a list of rows and
    ``vector`` a list: a list back (lu_solve_rows); an mpmath matrix and vector: an mpmath matrix back."""
    try:
        if isinstance(matrix, list):
            return lu_solve_rows(matrix, vector)
        return mpmath.lu_solve(matrix, vector)
    except ZeroDivisionError:
        raise SolverFailure(f"the linear system of {where} is singular") from None


def lu_solve_rows(rows: list, vector: list) -> list:
    """mpmath.lu_solve(rows, vector) as a list: the same arithmetic (10 extra bits, its pivot rule, its singularity
    tolerance, the same order of operations, so the same bits) on lists instead of mpmath matrices, whose indexing and
    copies were most of the time of a Newton step on a small system (a DAE's 2x2: 0.27 ms a solve).
    ZeroDivisionError when mpmath would call the matrix numerically singular."""
    ctx = mpmath.mp
    saved = ctx.prec
    try:
        ctx.prec += 10
        convert = ctx.convert
        A = [[convert(v) for v in row] for row in rows]
        b = [convert(v) for v in vector]
        n = len(A)
        absmin = ctx.absmin
        tol = absmin(max(ctx.fsum((A[i][j] for i in range(n)), absolute=1) for j in range(n)) * ctx.eps)  # mnorm(A, 1) * eps
        pivots = [None] * (n - 1)
        for j in range(n - 1):
            biggest = 0
            for k in range(j, n):
                total = ctx.fsum([absmin(A[k][col]) for col in range(j, n)])
                if absmin(total) <= tol:
                    raise ZeroDivisionError("matrix is numerically singular")
                current = 1 / total * absmin(A[k][j])
                if current > biggest:
                    biggest = current
                    pivots[j] = k
            if pivots[j] is None:  # a zero column below the diagonal (mpmath's own LU fails there with a TypeError)
                raise ZeroDivisionError("matrix is singular")
            A[j], A[pivots[j]] = A[pivots[j]], A[j]
            if absmin(A[j][j]) <= tol:
                raise ZeroDivisionError("matrix is numerically singular")
            for i in range(j + 1, n):
                A[i][j] /= A[j][j]
                for k in range(j + 1, n):
                    A[i][k] -= A[i][j] * A[j][k]
        if absmin(A[n - 1][n - 1]) <= tol:
            raise ZeroDivisionError("matrix is numerically singular")
        for k, p in enumerate(pivots):  # L_solve
            b[k], b[p] = b[p], b[k]
        for i in range(1, n):
            for j in range(i):
                b[i] -= A[i][j] * b[j]
        for i in range(n - 1, -1, -1):  # U_solve
            for j in range(i + 1, n):
                b[i] -= A[i][j] * b[j]
            b[i] /= A[i][i]
        return b
    finally:
        ctx.prec = saved


NEWTON_FLOOR_GUARD_BITS = 16  # a Newton correction below max(1, |x|) * 2^-(precision - this) is rounding: x is as
# accurate as the working precision makes it


def newton(residual, jacobian, x: list, budget: int, tolerance, where: str) -> list:
    """x with max |residual(x)| <= tolerance * max(1, max |x|) (absolute for unknowns up to 1, relative beyond: a value
    of 10^10 cannot have a residual of 10^-40 at 50 digits) after at most ``budget`` Newton corrections
    x -= jacobian(x)^-1 residual(x) (``jacobian`` gives the mpmath matrix of the residual's derivative); running out
    of budget is a SolverFailure that says ``where``, never an unconverged value.

    Also converged: a correction at the rounding level of x (NEWTON_FLOOR_GUARD_BITS), where the residual's own
    terms are far larger than x (the trapezoid rule with h = 10^12 on an oscillator of unit amplitude: residual
    terms of 10^12, so a rounding floor of about 10^-38 at 50 digits, above the default tolerance 10^-40).  That x is
    the root to the working precision; a disagreement with the exact path is still an error, never a verdict."""
    def scale(x):
        return max([mpmath.mpf(1)] + [abs(v) for v in x])

    def converged(values, x):
        return max(abs(v) for v in values) <= tolerance * scale(x)

    values = residual(x)
    for _ in range(budget):
        if converged(values, x):
            return x
        matrix = jacobian(x)  # a list of rows
        if len(values) == 1:  # one unknown: divide, without LU's bookkeeping
            a = matrix[0][0]
            if not a:
                raise SolverFailure(f"the linear system of a Newton step {where} is singular")
            delta = [values[0] / a]
        else:
            delta = solve(matrix, values, f"a Newton step {where}")
        x = [x[i] - delta[i] for i in range(len(x))]
        if max(abs(d) for d in delta) <= scale(x) * mpmath.ldexp(1, NEWTON_FLOOR_GUARD_BITS - mpmath.mp.prec):
            return x
        values = residual(x)
    if converged(values, x):
        return x
    raise SolverFailure(f"Newton did not converge within {budget} iterations {where} "
                        f"(residual {mpmath.nstr(max(abs(v) for v in values), 5)} > {mpmath.nstr(tolerance, 5)}): near a double root Newton converges slowly; the option newton_iterations raises the budget")


class _FloatPathLost(Exception):
    """The continuation in machine floats cannot go on (singular, not finite, not converged): mpmath follows it."""


def solve_floats(rows: list, vector: list) -> list:
    """rows^-1 vector in machine floats by Gaussian elimination with partial pivoting; _FloatPathLost when singular."""
    n = len(vector)
    try:
        a = [[float(v) for v in row] + [float(b)] for row, b in zip(rows, vector)]
    except TypeError:  # a complex entry (the square root of a negative float)
        raise _FloatPathLost("not a real float") from None
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if not a[pivot][col]:
            raise _FloatPathLost("singular")
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor:
                a[r] = [u - factor * v for u, v in zip(a[r], a[col])]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (a[r][n] - sum(a[r][k] * x[k] for k in range(r + 1, n))) / a[r][r]
    return x


def newton_floats(residual, jacobian, x: list, budget: int) -> list:
    """x after Newton corrections in machine floats, until a correction is at most FLOAT_STEP of each value it
    corrects (of a millionth of the largest value, for a value near 0): at least one correction, at most ``budget``.
    The test is on the correction, not the residual, so a problem on a small scale (values of 1e-10, whose residuals
    are below any absolute tolerance from the start) still moves along its path.  _FloatPathLost when that fails in
    any way (singular, overflow, a complex or infinite value, the budget spent)."""
    if len(x) == 1:
        return _newton_float(residual, jacobian, x[0], budget)
    for _ in range(budget):
        values = residual(x)
        if not all(type(v) is float and math.isfinite(v) for v in values + x):
            raise _FloatPathLost("not a finite float")
        delta = solve_floats(jacobian(x), values)
        x = [u - d for u, d in zip(x, delta)]
        if not all(math.isfinite(u) for u in x):
            raise _FloatPathLost("not finite")
        floor = 1e-6 * max(abs(u) for u in x)
        if all(abs(d) <= FLOAT_STEP * max(abs(u), floor) for d, u in zip(delta, x)):
            return x
    raise _FloatPathLost("not converged")


def _newton_float(residual, jacobian, u: float, budget: int) -> list:
    """newton_floats for one unknown, without its lists: the same operations in the same order (solve_floats on the 1x1
    system [[j | r]] is r / j), so the same bits; a third of its time on a scalar continuation."""
    isfinite = math.isfinite
    for _ in range(budget):
        (r,) = residual([u])
        if type(r) is not float or type(u) is not float or not isfinite(r) or not isfinite(u):
            raise _FloatPathLost("not a finite float")
        ((j,),) = jacobian([u])
        try:
            j = float(j)
        except TypeError:  # a complex entry (the square root of a negative float)
            raise _FloatPathLost("not a real float") from None
        if not j:
            raise _FloatPathLost("singular")
        d = r / j
        u = u - d
        if not isfinite(u):
            raise _FloatPathLost("not finite")
        if abs(d) <= FLOAT_STEP * max(abs(u), 1e-6 * abs(u)):
            return [u]
    raise _FloatPathLost("not converged")


class FloatNewton:
    """``fast(lam, x)`` for ``continued``: Newton in machine floats (newton_floats) on equations(floats, *constants,
    lam), where ``equations`` builds (residual, Jacobian rows) from a system and numbers of either kind (MpSystem's or
    its CompiledSystem's) and ``constants`` are its numbers (lists of them too) converted once.  For a system nonlinear
    in the state, the branch tests of ``continued`` (_oriented_step): ``orientation(lam, x)``, the sign of the
    Jacobian's determinant there, and ``tangent(lam, x)``, the branch's dx/dlam; each in floats, or in mpmath
    (``exact``: the MpSystem and its constants) at a point beyond floats.  ``orientation`` is None for a system
    affine in the state, whose equation has one root at every lam, on either side of a lam where it is singular."""

    def __init__(self, floats, equations, converted: list, budget: int, nonlinear: bool, exact=None, enclosing=None):
        self.floats, self.equations, self.converted, self.budget = floats, equations, converted, budget
        self.orientation = self._orientation if nonlinear else None
        self.exact = exact  # (MpSystem, its constants): the same tests in mpmath for a point beyond floats (10^400)
        self.enclosing = enclosing  # (the system in arb balls, its constants in balls, the system in series of balls):
        # the path's boxes (tube), or None where they are not wanted
        self.box_at_end = None  # the box that encloses the branch at lam = 1, once _enclosed_continuation got there

    def __call__(self, lam, x):
        return newton_floats(*self.equations(self.floats, *self.converted, lam), x, self.budget)

    def _system_at(self, x, floats: bool = True):
        """(system, constants, point, solve) in floats where x has a finite float form (and ``floats``), else in mpmath;
        None for a complex point (the tests are for real branches) or where mpmath is not at hand."""
        if floats:
            try:
                point = [float(v) for v in x]
            except (TypeError, OverflowError):
                point = None
            if point is not None and all(math.isfinite(v) for v in point):
                return self.floats, self.converted, point, solve_floats
        if self.exact is None or any(isinstance(v, (complex, mpmath.mpc)) for v in x):
            return None
        system, constants = self.exact
        return system, constants, [mpmath.mpf(v) for v in x], lu_solve_rows

    def _read(self, lam, x, read):
        """read(system, constants, point, solve, lam) in floats where they compute it, else in mpmath; None where
        neither does.  A point with a float form whose right-hand side floats cannot evaluate (an overflow) is read in
        mpmath: a review of 2026-12-07 found every branch test blind on a switch 10/(1 + exp(-10^5 (t - tau))), whose
        float form overflows at exp(60350) for t < tau (Radau IIA-3, Gauss-Legendre-4 and BDF-2 stepped over the switch
        by 1/8 and 1/64 of the step onto another root: no orientation, no tangent, no determinant), and a true
        value was refuted, a false one verified (numerical)."""
        at = self._system_at(x)
        if at is None:
            return None
        if at[0] is self.floats:
            try:
                return read(*at, float(lam))
            except _READ_FAILURES:
                at = self._system_at(x, floats=False)
                if at is None:
                    return None
        try:
            return read(*at, mpmath.mpf(lam))
        except _READ_FAILURES:
            return None

    def _orientation(self, lam, x) -> int:
        """+1, 0 or -1 (+1, no test, for a complex point)."""
        def read(system, constants, point, _, lam):
            _, jacobian = self.equations(system, *constants, lam)
            rows = jacobian(point)
            return determinant_sign(rows) if system is self.floats else _mp_determinant_sign(rows)
        sign = self._read(lam, x, read)
        return 1 if sign is None else sign

    def singular_direction(self, lam, x) -> list | None:
        """A unit vector (max-norm) along which the Jacobian at (lam, x) is nearly singular: J^-1 (1, ..., 1), in mpmath
        numbers; None where it cannot be read (exactly singular, complex, beyond floats and mpmath alike)."""
        def read(system, constants, point, solve, lam):
            _, jacobian = self.equations(system, *constants, lam)
            vector = solve(jacobian(point), [1.0 if system is self.floats else mpmath.mpf(1)] * len(point))
            size = max(abs(v) for v in vector)
            if not size or not mpmath.isfinite(size):
                return None
            return [mpmath.mpf(v) / size for v in vector]
        return self._read(lam, x, read)

    def _float_jacobian(self, lam, x) -> list | None:
        """The Jacobian's rows at (lam, x) in machine floats (evaluated in mpmath where the floats overflow: _read);
        None where they cannot be read in floats."""
        def read(system, constants, point, _, lam):
            _, jacobian = self.equations(system, *constants, lam)
            rows = [[float(v) for v in row] for row in jacobian(point)]
            return rows if all(math.isfinite(v) for row in rows for v in row) else None
        return self._read(lam, x, read)

    def near_singular(self, lam, x, below: float) -> bool:
        """Is the Jacobian at (lam, x) nearly singular: its smallest pivot (Gaussian elimination with partial pivoting,
        in floats) below ``below``?  False where it cannot be read in floats."""
        rows = self._float_jacobian(lam, x)
        if rows is None:
            return False
        smallest = _smallest_pivot(rows)  # the equations are x - ...: the identity at lam = 0, pivots of 1 (a stiff
        return smallest is not None and smallest < below  # system's large entries
        # give large pivots, not small)

    def pivots(self, lam, x) -> tuple[float, float] | None:
        """(determinant, smallest |pivot|) of the Jacobian at (lam, x) in machine floats, from one elimination with
        partial pivoting (1 and 1 at lam = 0), None where they cannot be read in floats (_monitor)."""
        rows = self._float_jacobian(lam, x)
        eliminated = _float_pivots(rows) if rows is not None else None
        if eliminated is None:
            return None
        pivots, swaps = eliminated
        value = math.prod(pivots) * (-1) ** swaps
        return (value, min(abs(p) for p in pivots)) if math.isfinite(value) and pivots else None

    def tube(self, low, previous, high, landed) -> tuple | None:
        """(X, R): a box X (arb balls) that passes the Krawczyk test (Moore, Kearfott & Cloud, *Introduction to Interval
        Analysis*, SIAM 2009, sec. 8.4) for every lam in L = [low, high],

            K(X, L) = m - C G(m, L) + (I - C G_x(X, L)) (X - m)  inside the interior of X,   C ~ G_x(m, lam_c)^-1,

        with G the continuation's equations in rigorous arb balls (``enclosing``), and R the enclosure of the root at
        lam = ``high`` that the same test gives there.  Then for every lam in L the equation has exactly one root in X,
        its Jacobian is nonsingular on X, and that root moves continuously with lam: X holds ``previous`` (the
        enclosure of the branch's root at ``low``, or that root as numbers) and ``landed`` (a root at ``high``, found by
        Newton), so the root at ``high`` in X is the branch's.  None where the test fails (X is widened to hold its
        image TUBE_WIDENINGS times first); only m and C are floating point, and a poor guess can only make the test
        fail, never pass."""
        system, constants, series = self.enclosing
        try:
            ends = [_in_balls(v) for v in previous]
            tip = [float(v) for v in landed]
            lam_c = (float(low) + float(high)) / 2
        except (TypeError, OverflowError, CrossCheckUnavailable):
            return None
        n = len(tip)
        lower = [min(float(e.lower()), t) for e, t in zip(ends, tip)]
        upper = [max(float(e.upper()), t) for e, t in zip(ends, tip)]
        centre = [(a + b) / 2 for a, b in zip(lower, upper)]
        if not all(math.isfinite(v) for v in lower + upper + centre):
            return None
        size = max(abs(v) for v in centre)
        radius = [(b - a) / 2 + TUBE_SLACK * max(abs(c), TUBE_SLACK * size, 1e-300) for a, b, c in zip(lower, upper, centre)]
        C = self._inverse_at(lam_c, centre)
        if C is None:
            return None
        saved = flint.ctx.prec
        flint.ctx.prec = TUBE_BITS
        try:
            m = flint.arb_mat([[flint.arb(c)] for c in centre])
            identity = flint.arb_mat(n, n, [1 if i == j else 0 for i in range(n) for j in range(n)])
            lam = flint.arb(low).union(flint.arb(high))
            _, jacobian = self.equations(system, *constants, lam)
            values = self._residual_over(system, series, constants, lam, lam_c, [flint.arb(c) for c in centre])
            if values is None:
                return None
            start = m - C * flint.arb_mat([[v] for v in values])
            for _ in range(TUBE_WIDENINGS + 1):
                box = [flint.arb(c, r) for c, r in zip(centre, radius)]
                image = self._krawczyk(start, C, identity, jacobian(box), radius)
                if image is None:
                    return None
                if all(x.contains_interior(v) for x, v in zip(box, image)):
                    if not all(x.contains(e) for x, e in zip(box, ends)):
                        return None
                    return box, self._at(high, box, tip, identity)
                radius = [r if x.contains_interior(v) else max(r, float(abs(v - c).upper())) * 1.5  # only where the image
                          for r, v, c, x in zip(radius, image, centre, box)]  # is not inside: an unknown that is about
                # the square of another near 0 (w = z^2 ~ 1e-19, z ~ 1e-9) had its image grow faster than its box when all
                # of them widened (a review's DAE branch ending at 0: no box passed)
            return None
        except (ZeroDivisionError, ValueError, OverflowError):  # a ball holding 0 divided by, an overflow: no box here
            return None
        finally:
            flint.ctx.prec = saved

    def _inverse_at(self, lam, centre) -> "flint.arb_mat | None":
        """C, the inverse of the Jacobian at (lam, centre) in machine floats (read in mpmath where they overflow), as
        exact balls: the Krawczyk test's preconditioner (a guess: a poor one only makes the test fail); None where it
        cannot be formed (singular, not finite)."""
        rows = self._float_jacobian(lam, centre)
        if rows is None:
            return None
        n = len(centre)
        try:
            columns = [solve_floats(rows, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
        except (_FloatPathLost, OverflowError, ZeroDivisionError, ValueError):
            return None
        return flint.arb_mat([[columns[j][i] for j in range(n)] for i in range(n)])

    def _residual_over(self, system, series, constants, lam, lam_c: float, point) -> list | None:
        """The equations' values at ``point`` for every lam in the ball ``lam``, in the mean-value form G(m, lam_c) +
        G_lam(m, L) (L - lam_c) (G_lam from the equations on arb_series in lam: SERIES_BALLS), intersected with the
        series' own value over L.  Evaluated directly, each occurrence of lam counts apart: where two terms of the
        equations cancel in lam (an avoided crossing: backward Euler on y' = (1 - t) y^2 - 10^-8, whose roots pass
        2.8e-4 apart) the range was thousands of times wider than the root moves, and so many boxes were needed
        (135,000) that no budget would pass it.  None where they do not overlap (they cannot both hold the value)."""
        residual_c, _ = self.equations(system, *constants, flint.arb(lam_c))
        at_centre = residual_c(point)
        over, _ = self.equations(series, *constants, flint.arb_series([lam, 1], prec=2))
        try:
            on_series = over(point)
        except (ValueError, ZeroDivisionError, AttributeError, TypeError):  # a series divided by one whose value's ball
            # holds 0 (Arb refuses), or a function a series has not (min, max, abs): the range evaluated directly
            direct, _ = self.equations(system, *constants, lam)
            return [flint.arb(v) for v in direct(point)]
        values = []
        for centre_value, value in zip(at_centre, on_series):
            if isinstance(value, flint.arb_series):
                coefficients = value.coeffs()
                direct = coefficients[0] if coefficients else flint.arb(0)
                slope = coefficients[1] if len(coefficients) > 1 else flint.arb(0)
            else:
                direct, slope = flint.arb(value), flint.arb(0)
            mean_value = centre_value + slope * (lam - lam_c)
            if not mean_value.overlaps(direct):
                return None
            values.append(mean_value.intersection(direct))
        return values

    @staticmethod
    def _krawczyk(start, C, identity, jacobian_rows, radius) -> list | None:
        """K = (m - C G(m, L)) + (I - C J) (X - m) as a list of balls, None where one is not finite."""
        J = flint.arb_mat([[flint.arb(v) for v in row] for row in jacobian_rows])
        K = start + (identity - C * J) * flint.arb_mat([[flint.arb(0, r)] for r in radius])
        image = [K[i, 0] for i in range(len(radius))]
        return image if all(v.is_finite() for v in image) else None

    def _at(self, lam, box, landed, identity) -> list:
        """The box's root at the one value ``lam``, enclosed far more tightly than the box: a small ball around Newton's
        ``landed`` (10^-12, 10^-9, 10^-6 of its size in turn) inside the box that passes the Krawczyk test at lam holds
        a root, so the box's only one there, and its image is the enclosure; the box itself where none passes.  The next
        box need only hold this (with the box's own image over its interval of lam, near a singular point the
        enclosures stayed about the size of the boxes and the boxes could not shrink)."""
        system, constants, _ = self.enclosing
        centre = [float(v) for v in landed]
        C = self._inverse_at(lam, centre)
        if C is None:
            return box
        residual, jacobian = self.equations(system, *constants, flint.arb(lam))
        point = [flint.arb(c) for c in centre]
        start = flint.arb_mat([[c] for c in point]) - C * flint.arb_mat([[flint.arb(v)] for v in residual(point)])
        size = max(abs(c) for c in centre)
        for share in ROOT_BALLS:
            radius = [share * max(abs(c), 1e-6 * size, 1e-300) for c in centre]
            ball = [flint.arb(c, r) for c, r in zip(centre, radius)]
            if not all(x.contains(b) for x, b in zip(box, ball)):
                return box
            image = self._krawczyk(start, C, identity, jacobian(ball), radius)
            if image is not None and all(b.contains_interior(v) for b, v in zip(ball, image)):
                return image
        return box

    def tangent(self, lam, x) -> list | None:
        """dx/dlam of the branch at (lam, x): -J^-1 dF/dlam, dF/dlam by a central difference of the residual (the stage
        equations hold lam inside f); in floats, or in mpmath beyond them (_read); None where it cannot be read."""
        def read(system, constants, point, solve, lam):
            delta = 1e-6 if system is self.floats else mpmath.mpf(10) ** -20
            _, jacobian = self.equations(system, *constants, lam)
            upper, _ = self.equations(system, *constants, lam + delta)
            lower, _ = self.equations(system, *constants, lam - delta)
            rate = [(a - b) / (2 * delta) for a, b in zip(upper(point), lower(point))]
            velocity = solve(jacobian(point), rate)
            return [-v for v in velocity] if all(mpmath.isfinite(v) for v in velocity) else None
        return self._read(lam, x, read)


_READ_FAILURES = (_FloatPathLost, OverflowError, ZeroDivisionError, ValueError, TypeError)


def float_newton(system: MpSystem, equations, constants: tuple, budget: int, nonlinear: bool | None = None):
    """A FloatNewton for ``continued``; None when the right-hand side or a constant has no float form (a function
    floats do not compute, a complex number).  Where the system asks for it (``enclose_branches``) and the equation
    is nonlinear, it also encloses the path (FloatNewton.tube), and where the equations have no float or ball form
    the step is an error (BranchNotEnclosed) at once, not a root taken on trust."""
    nonlinear = not system.linear_in_state if nonlinear is None else nonlinear
    enclose = nonlinear and system.enclose_branches
    floats = system.floats
    try:
        converted = [_in_floats(c) for c in constants] if floats is not None else None
    except TypeError:
        converted = None
    if converted is None:
        if enclose:
            raise BranchNotEnclosed("the implicit equations have no form in machine floats (a function floats do not compute, "
                                    "or a complex constant), where the boxes' guesses are made: their branch is not "
                                    "enclosed, so which root the step is defined by is not decided")
        return None
    enclosing = None
    if enclose:
        try:
            enclosing = (system.enclosing, [_in_balls(c) for c in constants], system.series_enclosing)
        except TypeError:  # a complex constant
            enclosing = (None,)
        if None in enclosing:
            raise BranchNotEnclosed("the implicit equations have no form in arb balls (a function the balls do not compute, "
                                    "or a complex constant): their branch is not enclosed, so which root the step is defined "
                                    "by is not decided")
    return FloatNewton(floats, equations, converted, budget, nonlinear, (system, list(constants)), enclosing)


def _in_balls(value):
    """A constant of a continuation (a number, or lists of them) as exact arb balls."""
    if isinstance(value, (list, tuple)):
        return [_in_balls(v) for v in value]
    if isinstance(value, float):
        return flint.arb(value)
    if isinstance(value, mpmath.mpc):
        raise TypeError("a complex constant")
    return to_ball(value)


def _mp_determinant_sign(rows: list) -> int | None:
    """The sign of a matrix's determinant in mpmath at the working precision (its LU); None for a complex one."""
    try:
        value = mpmath.det(mpmath.matrix(rows))
    except (ZeroDivisionError, ValueError, TypeError):
        return 0
    if isinstance(value, mpmath.mpc):
        return None
    return 0 if value == 0 else (1 if value > 0 else -1)


def _smallest_pivot(rows: list) -> float | None:
    """The smallest |pivot| of Gaussian elimination with partial pivoting on float rows; None where not finite."""
    eliminated = _float_pivots([list(row) for row in rows])
    return None if eliminated is None else min((abs(p) for p in eliminated[0]), default=math.inf)


def _float_pivots(a: list) -> tuple[list, int] | None:
    """(pivots, row swaps) of Gaussian elimination with partial pivoting on the float rows ``a`` (changed in place), the
    pivots up to and including a first 0; None at a pivot that is not finite.  determinant_sign, _smallest_pivot and
    FloatNewton.pivots read them."""
    n, pivots, swaps = len(a), [], 0
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        value = a[pivot][col]
        if not math.isfinite(value):
            return None
        pivots.append(value)
        if not value:
            break
        if pivot != col:
            a[col], a[pivot] = a[pivot], a[col]
            swaps += 1
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor:
                a[r] = [u - factor * v for u, v in zip(a[r], a[col])]
    return pivots, swaps


def determinant_sign(rows: list) -> int | None:
    """The sign of a matrix's determinant in machine floats (Gaussian elimination with partial pivoting): 0 when a
    pivot vanishes, None when a value is not a finite real float (no sign can be read)."""
    try:
        a = [[float(v) for v in row] for row in rows]
    except TypeError:
        return None
    if not all(math.isfinite(v) for row in a for v in row):
        return None
    eliminated = _float_pivots(a)
    if eliminated is None:
        return None
    pivots, swaps = eliminated
    if pivots and not pivots[-1]:
        return 0
    return (-1) ** (swaps + sum(1 for p in pivots if p < 0))


def _in_floats(value):
    """A number, or a list or tuple of them (a tableau's rows too), in machine floats; TypeError for a complex one."""
    return [_in_floats(v) for v in value] if isinstance(value, (list, tuple)) else float(value)


def continued(newton, start, steps: int, fast=None, stop: int | None = None, watch_to_end: bool = False, diagnose: bool = True):
    """The solution at lam = stop/steps (``stop`` defaults to ``steps``: lam = 1) of a family of implicit equations whose
    implicit part is scaled by lam (lam = 0: the explicit value ``start``), followed by Newton at lam = 1/N, 2/N, ...
    (N = ``steps``: the system's continuation_steps, set by the Problem), each from the previous solution: the root
    that tends to the explicit value as h -> 0 (the SPEC's rule, which the exact path decides by counting roots,
    verify.engines.number_field.continued_root).

    The branch keeps the orientation it has at lam = 0, where the Jacobian is the identity, until it crosses a point
    where its Jacobian is singular (of a scalar equation: only where roots meet).  A Newton step that lands with
    another sign of the determinant has most likely jumped to another root (a neighbouring root of a scalar equation
    always has the other sign) and is taken again in halves (_oriented_step); a sign change that persists down to
    the smallest step (_smallest_halvings) is the branch's own (another component through a pole) and is followed.  A review of
    2026-12-06: on y' = y^3 - 5y/2 + 1, backward Euler with h = 3/2 from y0 = -7/4, another root passes within 0.11
    of the branch near lam = 0.1, and steps of 1/8 and 1/64 both landed on it: a true run claim was refuted and a
    false one verified (numerical).  A landing must also lie where the branch's tangent predicts (two copies of that
    equation jumping together flip the sign twice).  Where the determinant falls fast, the steps shrink (_falls_within)
    until they reach the point where it would vanish, and roots that meet there with one sign on either side (a touch,
    two crossings within one step) are searched for (_no_root_near).  A jump none of these tests sees is left to the
    cross-check and the numerical route's two resolutions.

    ``newton(lam, x)`` is given ``lam`` only; the closures pass ``on_path(tolerance)`` at lam < 1, where the point
    need only lie close enough to the branch to start the next Newton (quadratic convergence recovers the digits at
    lam = 1, solved to the full tolerance).

    ``fast`` (a FloatNewton): the same Newton in machine floats, lam a float, and the branch tests.  When given, the
    path is followed in floats at the same lam, and ``newton`` at the last lam finishes from there (a 50-digit
    Newton at every lam cost about eight times the finish); whenever the floats fail (_FloatPathLost, an overflow, a
    singular or unconverged finish) the path is followed in mpmath from the start instead, as without ``fast``,
    with the same branch tests where ``fast`` has them.

    ``watch_to_end``: where ``stop`` < ``steps``, the path is also followed on from lam = stop/steps to 1 (not
    returned), with the same tests and the same fall-back from floats to mpmath, so that roots meeting there are an
    error (BranchesMeet): backward Euler finishes from lam = 7/8 with its counted Newton, which passed a touch at
    lam = 0.99 unseen (a review of the ninth session; with the watch ending silently where floats failed past 0.985,
    it was verified on one root).

    Where ``fast`` encloses (the system's ``enclose_branches``: the twin alone decides the run), the root returned is
    the one _enclosed_continuation proves on the branch, and the tests above run only to say why it could not
    (``diagnose``; not for a DAE, whose Jacobian at lam = 0 is not the identity they assume)."""
    stop = steps if stop is None else stop
    orientation = getattr(fast, "orientation", None)
    guide = fast if orientation is not None else None  # the orientation and the tangent of a nonlinear system
    floats = None
    if fast is not None and stop > 0:
        try:
            floats = [float(v) for v in start]
        except TypeError:  # a complex start (mpc): followed in mpmath below
            floats = None
    last = steps if watch_to_end else stop  # the path is followed to here (past ``stop``: watched, not returned)
    if guide is not None and getattr(fast, "enclosing", None) is not None and stop > 0:
        # where the twin alone decides: the branch enclosed, whose root is the one returned (a landing on another root
        # that the tests passed is not); where it is not, the tests' diagnosis if they have one (where roots meet, a
        # fold, a budget, a path into the complex numbers, which the numerical route reports), else why not
        try:
            return _enclosed_continuation(fast, newton, start, steps, stop, last, FIRST_TUBES)
        except BranchNotEnclosed as first:
            if diagnose:  # (not a DAE's: the tests assume the identity for a Jacobian at lam = 0)
                followed = _followed(newton, start, steps, fast, guide, floats, stop, last)  # raises its diagnosis
                if any(isinstance(v, mpmath.mpc) for v in followed):
                    return followed
            if not first.budget:
                raise
        return _enclosed_continuation(fast, newton, start, steps, stop, last, MAX_TUBES)  # a path the tests follow: all
        # the boxes it takes (where roots meet, the boxes shrink towards that point until a budget ends them: the tests
        # say where, at a tenth of the cost)
    return _followed(newton, start, steps, fast, guide, floats, stop, last)


def _followed(newton, start, steps: int, fast, guide, floats, stop: int, last: int):
    """``continued``'s path followed by Newton with the branch tests (without the boxes of _enclosed_continuation)."""
    orientation = getattr(fast, "orientation", None)
    if floats is not None:
        try:
            sign, path = 1, _Path()
            for j in range(1, last + 1):
                floats, sign = _oriented_step(fast, guide, floats, (j - 1) / steps, j / steps, _FloatPathLost, sign, path,
                                              MAX_FLOAT_SOLVES, newton)
                if j == stop:
                    at_stop, sign_at_stop = floats, sign
            finish = newton(mpmath.mpf(stop) / steps, [mpmath.mpf(v) for v in at_stop])
            if orientation is None or orientation(stop / steps, finish) == sign_at_stop:
                return finish
        except BranchesMeet:  # found by Newton in mpmath: as the mpmath path would find it
            raise
        except (_FloatPathLost, SolverFailure, OverflowError, ZeroDivisionError, ValueError):  # also ContinuationTooLong: floats
            pass  # may crawl where their precision runs out; mpmath follows it with a budget of its own
    x, sign, path = start, 1, _Path()
    at_stop = x
    for j in range(1, last + 1):
        try:
            x, sign = _oriented_step(newton, guide, x, mpmath.mpf(j - 1) / steps, mpmath.mpf(j) / steps, SolverFailure, sign, path,
                                      MAX_SOLVES)
        except (ContinuationTooLong, BranchesMeet):
            raise
        except SolverFailure as exc:  # singular or stuck at an intermediate lam (a linear stage's path passes a pole there:
            if j == steps:     # the trapezoid on y' = 4y + 1 with h = 1 at lam = 1/2): on to the next lam from here
                raise
            if guide is not None:  # a nonlinear equation whose branch Newton loses even in the smallest steps: it
                # folds there (its roots meet and leave the real line), or Newton's budget is too small, and a root found
                # further on is not on it (B&F's Table 5.22, the trapezoid with h = 0.2 at t = 1 has no real root for lam
                # in about (0.11, 0.9); a review of 2026-12-06 found that step verified numerical by the root past the gap)
                raise SolverFailure(f"the branch from the explicit value cannot be followed between lam = {mpmath.nstr(mpmath.mpf(j - 1) / steps, 6)} "
                                    f"and {mpmath.nstr(mpmath.mpf(j) / steps, 6)} ({exc}, at every step down to 2^-{_smallest_halvings(1 / steps)} of the "
                                    "continuation's): the branch folds there (its roots meet and leave the real line) or Newton's budget is "
                                    "too small, and a root found further on would not be the one the step is defined by (SPEC: the root "
                                    "that tends to the explicit value as h -> 0)") from None
        if j == stop:
            at_stop = x
    return at_stop


def _enclosed_continuation(fast: FloatNewton, newton, start, steps: int, stop: int, last: int, budget: int):
    """``continued``'s root at lam = stop/steps, where the twin alone decides the run (enclose_branches): the branch
    from the explicit value ``start`` (the root at lam = 0) followed in boxes that each pass the Krawczyk test over
    an interval of lam (FloatNewton.tube), each box holding the enclosure of the root that the one before proved at
    its end, so that the root in every box is the one the path started from (unique in its box, its Jacobian
    nonsingular there: no other root meets or crosses it).  A step of lam lands by Newton (in floats, or in mpmath
    where they fail) from the last enclosure's midpoint, and is halved where its box fails the test, down to
    SMALLEST_TUBE, doubled (after two in a row) where it passes; at most ``budget`` boxes are tried.  At lam = stop/steps Newton in mpmath finishes from the
    landing, and the root it finds must lie in the box there; with ``last`` > ``stop`` the path is enclosed on to
    lam = last/steps (backward Euler's counted Newton finishes its step from 7/8).  BranchNotEnclosed where no box
    passes (two roots meet or cross, the branch folds, a path too narrow for the boxes' precision) or past MAX_TUBES.

    A review of the tenth session made paths that the floating-point continuation's tests pass: roots of backward
    Euler and BDF-2/3 that touch in a well narrower than a step, two sign changes of the determinant within one step,
    two crossings within one step, and a landing on another root's family past a switch (the true value refuted,
    the other verified); each was verified (numerical) on one root, and each is an error now, or the branch's value."""
    stop_lam, last_lam = stop / steps, last / steps
    lam, width = 0.0, 1.0  # the whole step first: a smooth path passes in one or two boxes (six from 1/steps)
    point = list(start)
    if not _float_form(start):
        raise BranchNotEnclosed("the branch from the explicit value is not enclosed: its values are beyond machine floats "
                                "(10^308), where the boxes' guesses are not made, so which root the step is defined by is "
                                "not decided")
    run = fast.exact[0]  # the MpSystem: the boxes the whole run has taken (MAX_RUN_TUBES)
    enclosure = None  # the root at lam = 0 is the explicit value itself
    box_at_stop = None
    tubes = passed = landings_in_mpmath = 0
    while lam < last_lam:
        target = min(lam + width, stop_lam if lam < stop_lam else last_lam)
        landed, in_mpmath = _landing(fast, newton, target, point)
        if landed is not None and not _float_form(landed):
            raise BranchNotEnclosed(f"the branch from the explicit value is not enclosed past lam = {lam:.8g}: its values leave "
                                    "machine floats (10^308) there, where the boxes' guesses are not made, so which root the "
                                    "step is defined by is not decided")
        landings_in_mpmath += in_mpmath
        if landings_in_mpmath > MAX_MP_LANDINGS:
            raise BranchNotEnclosed(f"the branch from the explicit value is not enclosed: past {MAX_MP_LANDINGS} of its boxes (at "
                                    f"lam = {lam:.6g}) Newton in machine floats cannot land (an overflow) and mpmath's is too "
                                    "slow to go on, so which root the step is defined by is not decided")
        found = fast.tube(lam, point if enclosure is None else enclosure, target, landed) if landed is not None else None
        tubes += 1
        run.tubes_taken += 1
        if run.tubes_taken > MAX_RUN_TUBES:
            raise BranchNotEnclosed(f"the run's implicit steps took more than {MAX_RUN_TUBES} boxes in all to enclose their "
                                    f"branches (at lam = {lam:.6g} of a step): too steep a run to enclose, so which roots its "
                                    "steps are defined by is not decided")
        if tubes > budget:
            raise BranchNotEnclosed(f"the branch from the explicit value is not enclosed within {budget} boxes (at lam = "
                                    f"{lam:.6g}): its path is too steep or too narrow to enclose, so which root the step "
                                    "is defined by is not decided", budget=True)
        if found is None:
            passed = 0
            width /= 2
            if width < SMALLEST_TUBE:
                raise BranchNotEnclosed(f"the branch from the explicit value is not enclosed past lam = {lam:.8g} (no box passes the "
                                        f"Krawczyk test over a step of 2^-{-math.frexp(SMALLEST_TUBE)[1] + 1} of lam there): two roots "
                                        "meet or cross there, the branch folds, or its Jacobian turns singular on it (a root through "
                                        "a pole), so the root the step is defined by is not decided")
            continue
        box, enclosure = found
        lam, point = target, landed
        if lam == stop_lam:
            box_at_stop, point_at_stop = box, point
        if lam == last_lam:
            fast.box_at_end = box  # where a root found at lam = 1 by other means must lie (in_box_at_end)
        passed += 1
        if passed % 2 == 0:  # doubled after two boxes in a row pass (after each: every other box failed), up to the
            width = min(width * 2, 1.0)  # whole step (the continuation's 1/64 made a 1,000-step BDF2 run take 64 boxes a step)
    finish = newton(mpmath.mpf(stop) / steps, [mpmath.mpf(v) for v in point_at_stop])
    if all(x.contains(to_ball(v)) for x, v in zip(box_at_stop, finish)):
        return finish
    raise BranchNotEnclosed(f"Newton in mpmath at lam = {stop_lam:.6g} found a root outside the box that encloses the branch "
                            "there: the root the step is defined by is not decided")


def _float_form(values) -> bool:
    """Do ``values`` (real numbers) have finite machine-float forms (the boxes' centres and radii are floats)?"""
    try:
        return all(math.isfinite(float(v)) for v in values)
    except (TypeError, OverflowError):
        return False


def in_box_at_end(fast, root) -> None:
    """BranchNotEnclosed unless ``root`` (found at lam = 1 by other means than the enclosed path: backward Euler's
    counted Newton from lam = 7/8) lies in the box that encloses the branch at lam = 1; nothing where the path was not
    enclosed.  A review of the twelfth session: y' = 99/100 + (y - t)(10/(1 + (1000 (t - 1))^2) + (y - t)), one step of
    h = 1, whose roots stay 0.2 apart, had its branch enclosed to lam = 1 and the counted Newton from 7/8 land on the
    other root (1.001110 verified, the true -8.001111 refuted; bdf-1, the same formula, gave -8.001111)."""
    box = getattr(fast, "box_at_end", None)
    if box is not None and not all(x.contains(to_ball(v)) for x, v in zip(box, root)):
        raise BranchNotEnclosed("the root Newton's counted iterations reach at lam = 1 is not in the box that encloses the "
                                "branch from the explicit value there: it is another root, so the step as the method "
                                "defines it (its Newton budget from lam = 7/8) does not end on the SPEC's root")


def _landing(fast: FloatNewton, newton, lam: float, point) -> tuple:
    """(the root at ``lam`` by Newton from ``point``, whether mpmath found it): in floats, or in mpmath where they
    fail; None where neither lands."""
    try:
        return fast(lam, [float(v) for v in point]), 0
    except (_FloatPathLost, OverflowError, ZeroDivisionError, ValueError, TypeError):
        pass
    try:
        return newton(mpmath.mpf(lam), [mpmath.mpf(v) for v in point]), 1
    except (SolverFailure, OverflowError, ZeroDivisionError, ValueError, TypeError):
        return None, 1


class _Path:
    """What one continuation has spent and seen so far: its Newton solves (MAX_SOLVES), its searches for another root
    (MAX_PROBES), its last kept point's lam, Jacobian determinant and the determinant's rate (``last``: _monitor) and
    tangent (``ahead``): each step of lam starts where the last one ended."""

    __slots__ = ("solves", "probes", "last", "ahead")

    def __init__(self):
        self.solves, self.probes, self.last, self.ahead = 0, 0, None, None

    def tangent(self, guide, lam, x):
        """guide.tangent(lam, x), kept for the next step of lam, which starts where this one ends."""
        if self.ahead is not None and self.ahead[0] == lam and self.ahead[1] is x:
            return self.ahead[2]
        velocity = guide.tangent(lam, x)
        self.ahead = (lam, x, velocity)
        return velocity


TUBE_BITS = 64  # the working precision of the boxes that enclose a continuation's path (FloatNewton.tube)
TUBE_SLACK = 1e-7  # a box reaches this share of its size beyond the two points it joins (their Newton in floats: 1e-8)
ROOT_BALLS = (1e-12, 1e-9, 1e-6)  # the balls around a landing tried in turn as its enclosure (FloatNewton._at), shares of its size
TUBE_WIDENINGS = 2  # times a box is widened to hold its Krawczyk image before the step of lam is halved
MAX_TUBES = 20_000  # boxes one continuation's path may take
MAX_RUN_TUBES = 30_000  # boxes all the steps of one run may take (Gauss-Legendre-4 with h = 100 on y' = -y^3 + sin t
# takes about 2,000 a step: 10 steps took 21.5 s, 40 steps 111 s, a review of the twelfth session)
FIRST_TUBES = 2_000  # boxes tried before the continuation's tests are asked where the path goes wrong (then MAX_TUBES)
MAX_MP_LANDINGS = 500  # landings by Newton in mpmath (where floats overflow) one enclosed continuation may take (2 ms each)
SMALLEST_TUBE = 2.0 ** -30  # the shortest step of lam a box is tried over


MAX_HALVINGS = 16  # a continuation step whose result changes the branch's orientation is halved at most this often
SMALLEST_STEP = 2.0 ** -22  # ... and further, until the step of lam is at most this: a review of 2026-12-07 found Radau IIA-3
# on a switch 10/(1 + exp(-10^5 (t - tau))), whose branch moves by about 10 within 4e-5 of lam past roots 1.35e-2 away:
# in steps of 1/64 the smallest step (2^-22) followed it, in steps of 1/8 the smallest (2^-19) landed on another root's
# family, kept there (a landing off the tangent at the smallest step, no other root within the search's reach), and the
# two runs disagreed (or, with the float tests blind there, agreed on the wrong root); both now halve to 2^-22


def _smallest_halvings(width) -> int:
    """How often a continuation step of ``width`` is halved at most: MAX_HALVINGS, or more until it is SMALLEST_STEP,
    so that the runs at 50 and 70 digits (steps of 1/8 and 1/64) resolve a narrow feature of the path alike."""
    return max(MAX_HALVINGS, math.ceil(math.log2(float(width) / SMALLEST_STEP)))


# Newton solves one continuation may take in all, in machine floats and then in mpmath (a bound on the work of a path
# that keeps halving).  A steep but sound path takes thousands in floats (Gauss-Legendre-4 with h = 1000 on a sin(t)
# forcing: 6,000-12,000, 3.7 s in all); backward Euler with h = 10^6 on y' = -y^3 + sin(t)/1000 halved and re-grew its
# steps until the 120 s limit
MAX_FLOAT_SOLVES, MAX_SOLVES = 40_000, 3_000
MAX_PROBES = 100  # searches for another root near a singular point (_searched) one continuation may take


PREDICTED = 0.5  # a landing may differ from the tangent's prediction by at most this share of the predicted move


def _oriented_step(solve, guide, x, low, high, failure, sign: int, path: _Path, budget: int, probe=None):
    """(x, its orientation): ``x`` followed from lam = ``low`` to ``high`` by ``solve(high, x)``, kept where the landing
    has the branch's orientation so far (``sign``: +1 from lam = 0, ``guide.orientation``) and lies where the branch's
    tangent at the start predicts it (``guide.tangent``: within PREDICTED of the predicted move, which a jump to
    another root, by about the distance between the roots, is not; two decoupled copies of an equation jumping
    together flip the determinant's sign twice, and passed the orientation alone: a review of 2026-12-06), else
    in halves.  Where even the smallest step (_smallest_halvings) fails the tests, the branch itself is at a
    singular point (another component through a pole: z = z0/(1 + 4 lam h y); two branches crossing), not jumping,
    which small steps do not: the landing is kept and its orientation followed, unless another root lies near it
    (_no_root_near, by Newton in mpmath: ``probe``, the mpmath solve of a path followed in floats).  ``failure``, the exception
    ``solve`` raises when it cannot (singular where it starts, out of Newton steps), is a step to halve too; at the
    smallest step it is raised.  Without a guide (a system affine in the state: one root) simply ``solve(high, x)``."""
    if guide is None:
        return solve(high, x), sign
    lam, width, halvings = low, high - low, 0
    smallest = _smallest_halvings(width)
    velocity = path.tangent(guide, lam, x)
    level, probed = _monitor(guide, lam, x, velocity, path), None
    while lam < high:
        step = min(width, high - lam)
        if halvings < smallest and _falls_within(level, step):  # the determinant would fall too far: halve first (at
            # the smallest step the landing is kept only after _no_root_near, below)
            halvings += 1
            width /= 2
            continue
        path.solves += 1  # the solves the whole continuation has taken so far
        if path.solves > budget:
            raise ContinuationTooLong(f"the continuation from the explicit value took more than {budget} Newton solves "
                                      f"(at lam = {float(lam):.6g}): its path is too steep to follow")
        try:
            landed = solve(lam + step, x)
            landed_sign, failed = guide.orientation(lam + step, landed), None
        except failure as exc:
            landed, landed_sign, failed = None, None, exc
        kept = landed_sign == sign and _as_predicted(x, landed, velocity, step) and not _falls_within(level, step)
        if kept or (halvings >= smallest and failed is None):
            if not kept:  # a singular point of the branch at the smallest step: followed only where no other root is near
                _searched(path, probe or solve, guide, lam + step, landed)
            lam, x = lam + step, landed
            sign = landed_sign or sign  # a sign change kept at the smallest step: the branch crossed a singular point
            turned, velocity = velocity, path.tangent(guide, lam, x)
            level = _monitor(guide, lam, x, velocity, path)
            if kept and _kinked(turned, velocity) and _nearly_singular(guide, lam, x, level, NEAR_SINGULAR):  # a corner
                _searched(path, probe or solve, guide, lam, x)  # where the Jacobian is nearly singular: the path may have
                # switched to a root crossing it
            elif kept and _lower_than(level, probed) and level[2] < CLOSE:  # a landing next to a
                probed = abs(level[0])  # singular point the steps shrank to (_falls_within) but floats left unseen
                _searched(path, probe or solve, guide, lam, x)
            width = width * 2 if halvings else width
            halvings = max(halvings - 1, 0)
        elif halvings >= smallest:
            raise failed  # what Newton said at the smallest step (a budget of 1 iteration: not converged)
        else:
            halvings += 1
            width /= 2
    return x, sign


MONITOR_STEP = 1e-6  # the difference of lam (and of the state along the tangent) that gives the determinant's slope
DIP = 0.25  # a continuation step may let the Jacobian's determinant fall to no less than this share of its size


def _monitor(guide, lam, x, velocity, path: _Path) -> tuple[float, float, float] | None:
    """(D, dD/dlam, p): the Jacobian's determinant along the branch at (lam, x), its rate of change, and the smallest
    pivot p (as guide.near_singular reads it), in machine floats; None where they cannot be read in them.  The rate is
    the secant from the path's last kept point (``path.last``, which this updates), or where there is none a central
    difference along the tangent ``velocity`` (two more determinants: at every point they took a third of a 1,000-step
    BDF2 run's time)."""
    pivots = getattr(guide, "pivots", None)
    if pivots is None or velocity is None:
        return None

    def determinant(at, point):
        read = pivots(at, point)
        return None if read is None else read[0]
    try:
        lam, point = float(lam), [float(v) for v in x]
    except (TypeError, OverflowError):
        return None
    last = path.last
    if last is not None and last[0] == lam and last[1] == point:
        return last[2]
    read = pivots(lam, point)
    if read is None:
        return None
    value, smallest = read
    if last is not None and last[0] < lam:
        level = value, (value - last[2][0]) / (lam - last[0]), smallest
    else:
        try:
            rate = [float(v) for v in velocity]
        except (TypeError, OverflowError):
            return None
        sides = [determinant(lam + side * MONITOR_STEP, [p + side * MONITOR_STEP * r for p, r in zip(point, rate)]) for side in (1, -1)]
        if None in sides:
            return None
        level = value, (sides[0] - sides[1]) / (2 * MONITOR_STEP), smallest
    path.last = (lam, point, level)
    return level


def _nearly_singular(guide, lam, x, level, below: float) -> bool:
    """guide.near_singular(lam, x, below), read from _monitor's ``level`` at that point where there is one."""
    return level[2] < below if level is not None else guide.near_singular(lam, x, below)


def _falls_within(level, step) -> bool:
    """Would the Jacobian's determinant, falling at the rate ``level`` reads (_monitor's (D, dD/dlam, smallest pivot)),
    fall below DIP of its size (from above 1: below DIP itself) within ``step``?  Such a step is taken in halves, so the steps shrink as the determinant nears 0, down
    to the smallest, where _oriented_step keeps the landing only after _no_root_near.  Where two roots touch (y' = 1 +
    (y - 1 - t)(y + 3 - 5t), backward Euler: roots 1 + L and -3 + 5L + 1/L, L = lam h, meet at L = 1/2 and part) or
    cross twice within one step (-7/2 + 6L + 1/L meets 1 + L at L = 2/5 and 1/2), the determinant falls to 0 and rises
    again with one sign, and a long step passed the meeting unseen: a review of 2026-12-06 found 40 claims verified on
    one of the roots.  An avoided crossing shrinks the steps only until the determinant stops falling.

    The fall is modelled as a straight line where |D| <= 1 (its value at lam = 0, where the Jacobian is the identity)
    and as an exponential from above 1, which it must bring into (0, DIP): a stiff system's determinant, 10^4 and more,
    falls by factors without nearing 0 (Gauss-Legendre-4 with h = 1000 on y' = -y^3 + sin(t) ran out of its Newton
    budget when every such fall was a straight line)."""
    if level is None:
        return False
    value, rate, _ = level
    if value * rate >= 0:
        return False
    size, fall = abs(value), abs(rate) * float(step)
    if size <= 1:
        return size - fall < DIP * size
    return size * math.exp(-fall / size) < DIP  # above 1: a fall by factors, modelled as exponential, into (0, DIP)


CLOSE = 1e-6  # a landing whose Jacobian has a pivot below this is searched for another root (_lower_than)


def _lower_than(level, probed) -> bool:
    """Is the determinant at a landing (_monitor's (D, dD/dlam, smallest pivot)) below DIP of its value where another root was last
    sought (``probed``; None: not yet)?  Where two roots touch (backward Euler on y' = 1 + (y - 1 - t)(y + 3 - 5t)
    + sin(t)/10^30 with h = 3/4: they meet at lam = 2/3), the steps shrink as the determinant falls, but its value in
    floats stops near 10^-8 (the double root to the square root of the unit roundoff) and its slope turns to noise,
    so no step is refused at the meeting: the landings there are searched instead, once per fall by DIP."""
    return level is not None and (probed is None or abs(level[0]) < DIP * probed)


def _searched(path: _Path, solve, guide, lam, x) -> None:
    """_no_root_near(solve, guide, lam, x), counted against the continuation's MAX_PROBES (a search takes five Newton
    solves in mpmath, some thirty more where another root is found and followed).  Backward Euler with h = 10^6 on
    y' = -y^3 + sin(t)/1000 turns a nearly singular corner at most of its 40,000 steps: 18,166 searches took 36 of its
    45 s.  The most any claim of the reviews' 1,456 took in all its steps is 23."""
    path.probes += 1
    if path.probes > MAX_PROBES:
        raise ContinuationTooLong(f"the continuation from the explicit value searched for another root at more than {MAX_PROBES} "
                                  f"points where its Jacobian is nearly singular (at lam = {float(lam):.6g}): its path is too "
                                  "steep to follow")
    _no_root_near(solve, guide, lam, x)


NEAR_ROOT_STARTS = (mpmath.mpf(10) ** -3, mpmath.mpf(10) ** -6)  # Newton from the landing moved this far (times its
# scale) both ways along the Jacobian's singular direction looks for a root that touches or crosses the branch there


def _no_root_near(solve, guide, lam, landed) -> None:
    """BranchesMeet when another root lies near ``landed``, a point of the branch at ``lam`` where its Jacobian is
    (nearly) singular.  Where two roots touch or cross (y' = (1 - t) y^2: a stage's two roots meet at L = 1/(2 gamma)
    and part again) the branch beyond is not determined by the SPEC's rule, and the continuation took either; where
    the branch alone passes the singular point (one component through a pole, z = z0/(1 + 4 lam h y); a line of roots
    at one lam only, z = 0 for z0 = 0), Newton from either side comes back to it and the landing is followed.  The
    other root is sought from the landing moved along the Jacobian's singular direction (J^-1 applied to a vector of
    ones, normalised: the near-null direction dominates it) by NEAR_ROOT_STARTS of the landing's scale."""
    direction = guide.singular_direction(lam, landed)
    if direction is None:
        return
    lam = mpmath.mpf(lam)
    try:  # the landing itself to the working precision (a point of a path in floats holds 16 digits)
        landed = solve(lam, [mpmath.mpf(v) for v in landed])
    except SolverFailure:
        return
    scale = max([mpmath.mpf(1)] + [abs(v) for v in landed])
    apart = scale * mpmath.mpf(10) ** -10  # closer than this, one root found twice: Newton's points on the path stop at a
    # residual of about 10^-20 (on_path), which near a singular Jacobian leaves 10^-14 of the root; two roots that meet
    # part by about the smallest step of lam (SMALLEST_STEP) times their slopes' difference
    for size in NEAR_ROOT_STARTS:
        for sign in (1, -1):
            start = [v + sign * size * scale * d for v, d in zip(landed, direction)]
            try:
                other = solve(lam, start)
            except SolverFailure:
                continue
            distance = max(abs(a - b) for a, b in zip(other, landed))
            if apart < distance <= 10 * size * scale:
                met = _where_they_meet(solve, guide, lam, landed, other, scale)
                if met is not None:
                    raise BranchesMeet(f"at lam = {mpmath.nstr(lam, 8)} of the step another root, {mpmath.nstr(other[0], 8)}, lies "
                                       f"{mpmath.nstr(distance, 3)} from the branch's {mpmath.nstr(landed[0], 8)}, and the two meet near "
                                       f"lam = {mpmath.nstr(met, 8)} (a secant's estimate): two roots meet there, and which of them tends to the explicit "
                                       "value as h -> 0 is not decided")
                return  # two roots that pass close by without meeting: the branch is the one followed


MEETING_STEP = mpmath.mpf(2) ** -24  # the longest first step of lam the secant below takes from the landing
MEETING_SECANTS = 6
MEETING_PIVOT = 1e-7  # a double root found by Newton to 10^-10 has pivots of about that size; roots a gap g apart, about g


def _where_they_meet(solve, guide, lam, one, other, scale):
    """The lam near ``lam`` where the roots ``one`` and ``other`` (both at ``lam``) meet, or None where they only pass
    close by.  Their distance d(lam), each root followed by Newton, is V-shaped where two roots cross (0 at the meeting
    point, d = c |lam - lam*| on either side: a secant on d lands on lam* at once), a parabola where they touch
    (d = c (lam - lam*)^2: a secant on the square root of d lands there at once; on d itself each secant only halves
    the way, and a review of the ninth session found touches at L* = lam h >= 1 followed past, the pivot where the
    secants stopped still 2.4e-7), and a hyperbola where they pass by (its least value the gap between them: a secant
    on either stops short, at a distance not much below the last).  A review of 2026-12-06 found 62 claims made errors
    by roots 2.8e-4 to 3e-7 apart that never meet (backward Euler on y' = (1 - t) y^2 - 10^-8: roots 2 -+ 1.41e-4):
    they were decided before, and are again."""
    meeting = scale * mpmath.mpf(10) ** -9  # two Newton solves of one double root agree to about the square root of
    # their residual (10^-20 on the path)

    def apart(a, b):
        return max(abs(u - v) for u, v in zip(a, b))

    start = (mpmath.mpf(lam), apart(one, other), one, other)
    velocity = guide.tangent(lam, one)  # the step back moves both roots by about this much less than they lie apart, so
    speed = max((abs(mpmath.mpf(v)) for v in velocity), default=0) if velocity is not None else 0  # that Newton finds
    step = min(MEETING_STEP, start[1] / (10 * speed)) if speed else MEETING_STEP  # each again (touching roots at h = 16
    try:  # move by 16 per unit of lam, 5e-7 apart: a step of 2^-24 took both to one)
        back = start[0] - step
        a, b = solve(back, one), solve(back, other)
    except SolverFailure:  # a root that ends right there (a fold): they meet
        return start[0]
    before = (back, apart(a, b), a, b)

    def secants(power):
        """The meeting point a secant on d^(1/power) finds, or None."""
        earlier, latest = before, start
        try:
            for _ in range(MEETING_SECANTS):
                if latest[1] <= meeting:
                    break
                if latest[1] == earlier[1]:
                    return None
                (l0, d0, _, _), (l1, d1, a, b) = earlier, latest
                s0, s1 = d0 ** (mpmath.mpf(1) / power), d1 ** (mpmath.mpf(1) / power)
                estimate = l1 - s1 * (l1 - l0) / (s1 - s0)
                if not 0 <= estimate <= 1:
                    return None
                a, b = solve(estimate, a), solve(estimate, b)
                found = apart(a, b)
                if found > min(d0, d1) / 2 and found > meeting:  # no nearer: the least distance is a gap, not 0
                    return None
                earlier, latest = latest, (estimate, found, a, b)
        except SolverFailure:  # a root that ends right there (a fold): they meet
            return latest[0]
        # one root found twice: a double root (a singular Jacobian), or two roots a gap apart that Newton took for one
        # (each keeps a pivot about that gap: backward Euler on y' = (1 - t) y^2 - 10^-8)
        return latest[0] if latest[1] <= meeting and guide.near_singular(latest[0], latest[2], MEETING_PIVOT) else None

    for power in (1, 2):  # roots that cross, then roots that touch
        met = secants(power)
        if met is not None:
            return met
    return None


KINK = 0.5  # a tangent that changes by more than this share of its size from one kept point to the next has turned a corner
NEAR_SINGULAR = 1e-3  # ... and where the Jacobian's smallest pivot is below this (1 at lam = 0), two roots may meet


def _kinked(before, after) -> bool:
    """Has the branch's tangent turned a corner between two kept points (KINK)?  On a smooth path it changes by its
    curvature times the step; where two roots cross, a landing on the other one (the branch's orientation kept: SDIRK-2's
    stage 1 on y' = (1 - t) y^2 with h = 1.8 went from slope 2.1 to -6.3 within 4e-6 of lam) turns it at once."""
    if before is None or after is None:
        return False
    size = max(max(abs(v) for v in before), max(abs(v) for v in after))
    return size > 0 and max(abs(a - b) for a, b in zip(before, after)) > KINK * size


def _as_predicted(start, landed, velocity, step) -> bool:
    """Does ``landed`` lie within PREDICTED of the move the tangent ``velocity`` predicts from ``start`` over ``step``
    (or within rounding of ``start`` where the branch barely moves)?  True where no tangent is known (a complex
    point).  In mpmath, so that values beyond floats (10^400) are tested too."""
    if velocity is None:
        return True
    if type(step) is float:  # the float path: decided in floats unless rounding could change the answer
        decided = _as_predicted_in_floats(start, landed, velocity, step)
        if decided is not None:
            return decided
    try:
        origin, point = [mpmath.mpf(v) for v in start], [mpmath.mpf(v) for v in landed]
    except (TypeError, ValueError):
        return True
    step = mpmath.mpf(step)
    move = max(abs(step * v) for v in velocity)
    miss = max(abs(p - (o + step * v)) for o, p, v in zip(origin, point, velocity))
    return miss <= PREDICTED * move + mpmath.mpf(10) ** -9 * (1 + max(abs(v) for v in origin))


def _as_predicted_in_floats(start, landed, velocity, step: float) -> bool | None:
    """_as_predicted's answer computed in machine floats where every value is a finite float, None otherwise or where
    the miss lies within a rounding margin of the bound (then mpmath decides, as before).  Each of the miss's three
    operations rounds by at most 2^-53 of the magnitudes it combines, so the computed miss is within 4 * 2^-53 *
    (|p| + |o| + |h v|) of the true one and the bound within 2^-52 of its own size; the margin, 10^-12 of their sum,
    is far above both: outside it the float comparison answers as the exact one.  A third of a steep continuation's
    time was this test's conversions to mpmath."""
    values = (*start, *landed, *velocity)
    if not all(type(v) is float for v in values):
        return None
    moves = [step * v for v in velocity]
    move = max(abs(m) for m in moves)
    miss = max(abs(p - (o + m)) for o, p, m in zip(start, landed, moves))
    size = max(abs(o) for o in start)
    bound = PREDICTED * move + 1e-9 * (1 + size)
    scale = max(abs(p) + abs(o) + abs(m) for o, p, m in zip(start, landed, moves)) + bound
    if not (math.isfinite(miss) and math.isfinite(scale)) or abs(miss - bound) <= 1e-12 * scale:
        return None
    return miss < bound


def on_path(tolerance, lam):
    """The residual tolerance of a continuation's point at ``lam``: the full one at lam = 1, its square root before
    (about 25 digits at 50: far closer to the branch than a step of lam moves it)."""
    return tolerance if lam == 1 else mpmath.sqrt(tolerance)


def linear_in(expressions, variables) -> bool:
    """Is every expression a sum of terms number * variable or number, in ``variables`` alone (no time, no symbol
    left over)?  Read term by term here, by the twin, not by the exact path's test."""
    return linear_coefficients(expressions, variables) is not None


def linear_coefficients(expressions, variables) -> tuple | None:
    """(rows, constants): expression i = sum_j rows[i][j] * variables[j] + constants[i], the numbers as sympy numbers,
    read term by term (a term a number times a variable, or a number); None when an expression is not such a sum in
    ``variables`` alone (no time, no symbol left over).  Kept for the last few right-hand sides (a run asks whether
    its model is linear, then for the coefficients)."""
    return _linear_coefficients(tuple(expressions), tuple(variables))


@functools.lru_cache(maxsize=8)
def _linear_coefficients(expressions: tuple, variables: tuple) -> tuple | None:
    index = {v: j for j, v in enumerate(variables)}
    rows, constants = [], []
    zero = sympy.S.Zero
    for e in expressions:
        row, constant = [zero] * len(index), zero
        for term in sympy.Add.make_args(e):
            if term.is_Rational:  # at sight, the usual terms: a rational, a variable, a rational times a variable
                constant = term if constant is zero else constant + term
                continue
            number, variable = (sympy.S.One, term) if term in index else term.args if term.is_Mul and len(term.args) == 2 else (None, None)
            if variable in index and number.is_Rational:
                j = index[variable]
                row[j] = number if row[j] is zero else row[j] + number
                continue
            factors = sympy.Mul.make_args(term)  # a number (sqrt(2), pi) times a variable, or a number
            found = [f for f in factors if f in index]
            others = [f for f in factors if f not in index]
            if len(found) <= 1 and all(f.is_number for f in others):
                number = others[0] if len(others) == 1 else sympy.Mul(*others)
                rest = found[0] if found else 1
            else:
                number, rest = term.as_independent(*variables, as_Add=False)
            if not number.is_number or number.is_real is not True or number.is_finite is not True:  # zoo, nan, I*x
                return None
            if rest == 1:
                constant += number
            elif rest in index:
                row[index[rest]] += number
            else:
                return None
        rows.append(tuple(row))
        constants.append(constant)
    return tuple(rows), tuple(constants)  # kept: not to be changed by a caller


def record(trace, name, value):
    trace.setdefault(name, []).append(value)


def per_state(options, name, names, default=None):
    value = options.get(name, default)
    if isinstance(value, dict):
        return [to_mp(value[s]) for s in names]
    return [to_mp(value)] * len(names)


def option(method: str, options: dict, name: str):
    """The claim's option ``name``, or the method's schema default (verify.engines.methods.schema): the one source of
    defaults, read by the exact step too.  Options are configuration; the twins' coefficient data stays their own."""
    return METHODS[method].value(options, name)


def newton_settings(options) -> tuple:
    """(budget, tolerance) of a finite-budget Newton iteration (the residual's max-norm): the claim's options or the
    schema's defaults (verify.engines.methods.schema.NEWTON)."""
    defaults = {o.name: o.default for o in NEWTON}
    values = {name: options.get(name, default) for name, default in defaults.items()}
    return int(values["newton_iterations"]), to_mp(values["newton_tolerance"])


TIE_DIGITS = 5  # a tolerance test whose two sides agree to within 10^(TIE_DIGITS - digits) of the values is a tie here


def tie_width(size):
    """How close to each other (or to 0) two numbers computed from values of magnitude ``size`` are a tie here."""
    return abs(size) * mpmath.mpf(10) ** (TIE_DIGITS - mpmath.mp.dps)


def tolerance_test(system, estimate, tolerance, magnitudes) -> bool:
    """error_estimate <= tolerance in every component, decided in the twin's arithmetic, except a tie: a component
    whose estimate and tolerance differ by less than the rounding of the values they were computed from
    (``magnitudes``, per component) cannot be decided here (an estimate of exactly 1/9 against a tolerance of 1/9, or
    of exactly 0 against 0, comes out a few ulps either way).  When no component clearly fails and one is such a tie,
    the test takes the exact path's outcome of the same test (``system.tie_branches``, in order), and the tie is
    listed in ``system.near_ties`` as ("tolerance test", its number): the exact path decided that comparison of two
    exact numbers, and the twin confirms every value around it."""
    system.tolerance_tests = getattr(system, "tolerance_tests", 0) + 1
    branches = getattr(system, "tie_branches", ())
    undecided = False
    for e, tol, size in zip(estimate, tolerance, magnitudes):
        if abs(e - tol) <= tie_width(max(abs(tol), abs(size))):
            undecided = True
        elif e > tol:
            return False
    if not undecided:
        return True
    if system.tolerance_tests > len(branches):  # no exact outcome to take (the numerical route): a plain <= decided such a
        raise SolverFailure(  # tie either way (a review of 2026-12-05: R = TOL exactly was a rejection, and a false table verified)
            f"tolerance test {system.tolerance_tests}: the estimate and the tolerance agree to within the rounding of the values "
            "they come from, a tie the twin's arithmetic cannot call and no exact outcome is known")
    system.near_ties.append(("tolerance test", system.tolerance_tests))
    return bool(branches[system.tolerance_tests - 1])


def controller_ratio(estimate, tolerance, magnitudes):
    """The order controller's error ratio, written again: max estimate/tolerance over the components, a component
    with tolerance 0 counting 0 when its estimate is 0 within the rounding of the values it came from (as
    tolerance_test reads a tie) and making the ratio None (shrink by min_factor) when it is clearly positive."""
    ratios = []
    for e, tol, size in zip(estimate, tolerance, magnitudes):
        if tol > 0:
            ratios.append(e / tol)
        elif abs(e) <= tie_width(size):
            ratios.append(mpmath.mpf(0))
        else:
            return None
    return max(ratios)

