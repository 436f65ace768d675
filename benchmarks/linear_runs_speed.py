"""Exact linear runs of realistic size: verify against plain sympy and python-flint, in one run.

Explicit Euler (h = 1/100) for N steps on y' = A y, A a dense n x n matrix of small rationals (seeded), the final
state exact.  Routes timed for n = 3, 10, 30 and N = 10^2, 10^3, 10^4:

- verify: the public exact route (the model's ``ExactSystem`` built, then ``verify.engines.methods.run``: the
  affine map read off the step and raised to the N-th power, fraction-free, in python-flint's ``fmpz_mat``),
- verify cross-check: the independent mpmath twin (``twins.solve``) at 50 digits, which every ``run`` claim
  also pays, given the exact route's system (its right-hand side with the parameter values) as ``checks.run``
  gives it,
- sympy: what a user writes today, ``(eye(n) + h*A)**N * y0`` with sympy Matrices,
- flint fmpq_mat: ``(I + h A)**N * y0`` in python-flint's rational matrices (the anchor),
- flint fmpz_mat: fraction-free, B = d (I + h A) integer, y_N = B^N (D y0) / (d^N D) in integer matrices.

Every exact route must give the same state (checked: each hands it as (numerator, denominator) pairs in lowest
terms, so no route pays for another's conversion; Python's Fraction would take a gcd of every value again, 0.38 of
0.47 s at n = 30, N = 10^4); the mpmath value must agree with it to 40 digits.  A route is
skipped at the next N once a cell took longer than --budget seconds (the skipped cells would take 10-1000 times as
long).  Prints the times, each route's ratio to flint fmpq_mat, the public path's (exact + cross-check) ratio, and
the growth exponent in N fitted between the smallest and largest N measured (t ~ N^k).

    python benchmarks/linear_runs_speed.py [--repeat 3] [--budget 5]
"""
from __future__ import annotations

import argparse
import math
import platform
import random
import time
from fractions import Fraction

import flint
import mpmath
import sympy
import sympy.external.gmpy as sympy_ground

from verify.engines import rational, twins
from verify.engines.twins import base as twin_base
from verify.engines.methods import METHODS, ExactSystem, run
from verify.input.model import model_from_table

DIMENSIONS = (3, 10, 30)
STEPS = (10**2, 10**3, 10**4)
H = Fraction(1, 100)
ROUTES = ("verify", "verify cross-check", "sympy Matrix**N", "flint fmpq_mat", "flint fmpz_mat")


def matrix(n: int) -> list[list[Fraction]]:
    rng = random.Random(n)
    return [[Fraction(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(n)] for _ in range(n)]


def model(A):
    n = len(A)
    names = [f"y{i}x" for i in range(n)]  # not y{i}: y1's initial value y10 would be the state y10
    rhs = {names[i]: " + ".join(f"({A[i][j].numerator}/{A[i][j].denominator})*{names[j]}" for j in range(n)) for i in range(n)}
    return model_from_table("dense", {"states": names, "rhs": rhs}, "benchmark")


def start(n: int) -> list[Fraction]:
    return [Fraction(1 + (i % 3), 1 + (i % 2)) for i in range(n)]


MODELS: dict = {}  # parsed once per matrix: the routes time the run, not the reading of 900 rhs terms


def parsed(A):
    key = id(A)
    if key not in MODELS:
        MODELS[key] = model(A)
    return MODELS[key]


def verify_route(A, steps):
    m = parsed(A)
    rational._linear_terms.cache_clear()  # the right-hand sides read afresh, as for a new claim
    result = run(METHODS["euler"], ExactSystem(m, {}), {"h": sympy.Rational(H.numerator, H.denominator)}, 0,
                 [sympy.Rational(v.numerator, v.denominator) for v in start(len(A))], steps, keep=False)
    assert result.route == "affine power", result.route
    return [(int(v.numerator), int(v.denominator)) for v in result.y]  # gmpy2 rationals, in lowest terms


SYSTEMS: dict = {}  # the exact route's system, as a run claim hands it to its cross-check (the exact route pays for it)


def cross_check_route(A, steps):
    if id(A) not in SYSTEMS:
        SYSTEMS[id(A)] = ExactSystem(parsed(A), {})
    y0 = [sympy.Rational(v.numerator, v.denominator) for v in start(len(A))]
    problem = twins.Problem.of_system("euler", {"h": sympy.Rational(H.numerator, H.denominator)}, SYSTEMS[id(A)], 0, y0, steps)
    twin_base._linear_coefficients.cache_clear()  # the twin reads the coefficients afresh, as for a new claim
    return twins.solve(problem, final_only=True)[1]  # as checks.run asks it when its exact path took the affine power


def sympy_route(A, steps):
    n = len(A)
    step = sympy.eye(n) + sympy.Rational(H.numerator, H.denominator) * sympy.Matrix(n, n, lambda i, j: sympy.Rational(A[i][j].numerator, A[i][j].denominator))
    y0 = sympy.Matrix([sympy.Rational(v.numerator, v.denominator) for v in start(n)])
    return [(int(v.p), int(v.q)) for v in step**steps * y0]


def fmpq_route(A, steps):
    n = len(A)
    step = flint.fmpq_mat(n, n, [flint.fmpq(int(i == j)) + flint.fmpq(H.numerator, H.denominator) * flint.fmpq(A[i][j].numerator, A[i][j].denominator)
                                 for i in range(n) for j in range(n)])
    y0 = flint.fmpq_mat(n, 1, [flint.fmpq(v.numerator, v.denominator) for v in start(n)])
    y = step**steps * y0
    return [(int(y[i, 0].p), int(y[i, 0].q)) for i in range(n)]


def fmpz_route(A, steps):
    n = len(A)
    entries = [Fraction(int(i == j)) + H * A[i][j] for i in range(n) for j in range(n)]
    d = math.lcm(*(e.denominator for e in entries))
    B = flint.fmpz_mat(n, n, [int(e * d) for e in entries])
    y0 = start(n)
    D = math.lcm(*(v.denominator for v in y0))
    u = flint.fmpz_mat(n, 1, [int(v * D) for v in y0])
    w = B**steps * u
    scale = flint.fmpz(d) ** steps * D
    return [(int(v.p), int(v.q)) for v in (flint.fmpq(w[i, 0], scale) for i in range(n))]  # reduced by flint's gcd


FUNCTIONS = {"verify": verify_route, "verify cross-check": cross_check_route, "sympy Matrix**N": sympy_route,
             "flint fmpq_mat": fmpq_route, "flint fmpz_mat": fmpz_route}


LOOP_SECONDS = 0.05  # a call shorter than this is timed in a loop of as many calls as fill it (as timeit's autorange)


def timed(function, args, repeat):
    """(seconds per call, value): the best of ``repeat`` timings, each of one call, or for a call under LOOP_SECONDS
    of a loop of calls that takes about that long (a 0.1 ms cell timed once is mostly timer and cache noise)."""
    t0 = time.perf_counter()
    value = function(*args)
    first = time.perf_counter() - t0
    calls = max(1, int(LOOP_SECONDS / first)) if first < LOOP_SECONDS else 1
    best = first if calls == 1 else math.inf  # a long first call is one of the ``repeat``
    for _ in range(repeat - 1 if calls == 1 else repeat):
        t0 = time.perf_counter()
        for _ in range(calls):
            value = function(*args)
        best = min(best, (time.perf_counter() - t0) / calls)
    return best, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs per cell (default 3)")
    parser.add_argument("--budget", type=float, default=2.0, help="skip a route's larger N once a cell took longer (s)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, sympy {sympy.__version__} ({sympy_ground.GROUND_TYPES} ground types), "
          f"python-flint {flint.__version__}, mpmath {mpmath.__version__}; best of {args.repeat} (a cell under "
          f"{LOOP_SECONDS} s timed per call in a loop that fills {LOOP_SECONDS} s)")
    print(f"explicit Euler, h = {H}, dense rational A, final state exact\n")
    header = f"{'n':>3} {'N':>6} " + " ".join(f"{r:>20}" for r in ROUTES) + f" {'public/fmpq':>12}"
    print(header)
    times = {}
    for n in DIMENSIONS:
        A = matrix(n)
        skipped = set()
        for steps in STEPS:
            exact = None
            row = []
            for route in ROUTES:
                if route in skipped:
                    row.append(f"{'skipped':>20}")
                    continue
                seconds, value = timed(FUNCTIONS[route], (A, steps), args.repeat if route != "sympy Matrix**N" else 1)
                times[n, steps, route] = seconds
                if route == "verify cross-check":
                    approx = value
                elif exact is None:
                    exact = value
                else:
                    assert value == exact, f"{route} disagrees at n = {n}, N = {steps}"
                if seconds > args.budget:
                    skipped.add(route)
                row.append(f"{seconds:>19.4f}s")
            with mpmath.workdps(60):
                for a, (p, q) in zip(approx, exact):
                    assert abs(a - mpmath.mpf(p) / q) <= mpmath.mpf(10) ** -40 * max(1, abs(a)), (n, steps)
            anchor = times[n, steps, "flint fmpq_mat"]
            public = times[n, steps, "verify"] + times[n, steps, "verify cross-check"]
            bits = max(p.bit_length() + q.bit_length() for p, q in exact)
            print(f"{n:>3} {steps:>6} " + " ".join(row) + f" {public / anchor:>11.1f}x   ({bits:,} bits)")
    print("\nratio to flint fmpq_mat (the anchor), per route:")
    for n in DIMENSIONS:
        for steps in STEPS:
            anchor = times[n, steps, "flint fmpq_mat"]
            ratios = ", ".join(f"{r} {times[n, steps, r] / anchor:.2f}x" for r in ROUTES if (n, steps, r) in times and r != "flint fmpq_mat")
            print(f"  n = {n:>2}, N = {steps:>5}: {ratios}")
    print("\ngrowth exponent k in t ~ N^k (fitted between the smallest and largest N measured):")
    for n in DIMENSIONS:
        fits = []
        for route in ROUTES:
            measured = [s for s in STEPS if (n, s, route) in times]
            if len(measured) >= 2:
                lo, hi = measured[0], measured[-1]
                k = math.log(times[n, hi, route] / times[n, lo, route]) / math.log(hi / lo)
                fits.append(f"{route} {k:.2f}")
        print(f"  n = {n:>2}: " + ", ".join(fits))


if __name__ == "__main__":
    main()
