"""Exact runs of the electromechanical model under frozen-slow Euler (H = 1/10, m = 4).

Times verify's exact path at 10^3 and 10^4 macro steps (both routes: the step
loop over gmpy2 rationals, and the affine map applied by repeated squaring),
a straightforward sympy Rational loop at 10^3 macro steps, and the mpmath
cross-check; checks that every exact route gives the same state; prints the
figures and the ratios.

    python benchmarks/exact_speed.py [--naive-steps 1000] [--repeat 3] [--slow]

--slow adds the node-by-node routes at 10^4 steps (about three minutes: the
step loop pays a gcd on ever larger rationals at every step).
"""
from __future__ import annotations

import argparse
import platform
import time

import sympy

from verify.engines import crosscheck
from verify.engines.methods import METHODS, ExactSystem, run
from verify.input.model import model_from_table, symbol
from verify.engines import twins

MODEL = model_from_table(
    "electromechanical",
    {"states": ["q", "v", "i"], "rhs": {"q": "v", "v": "-q - v + i", "i": "v - 8*i"}, "blocks": {"slow": ["q", "v"], "fast": ["i"]}},
    "benchmark",
)
OPTIONS = {"H": sympy.Rational(1, 10), "m": sympy.Integer(4)}
Y0 = [sympy.Integer(0), sympy.Integer(1), sympy.Integer(0)]


def verify_run(steps: int, loop: bool, nodes: bool = False):
    system = ExactSystem(MODEL, {})
    result = run(METHODS["frozen-slow-euler"], system, OPTIONS, 0, Y0, steps, keep=loop, nodes=nodes)
    return [sympy.Rational(int(v.numerator), int(v.denominator)) for v in result.y], result.route


def naive_sympy_loop(steps: int):
    """What one would write first: the recurrence of the page with sympy Rationals, no tricks."""
    H, m = sympy.Rational(1, 10), 4
    h = H / m
    q, v, i = Y0
    for _ in range(steps):
        q_new, v_new = q + H * v, v + H * (-q - v + i)
        for _ in range(m):
            i = i + h * (v - 8 * i)
        q, v = q_new, v_new
    return [q, v, i]


def mpmath_run(steps: int, final_only: bool = False):
    """The twin step by step, or (``final_only``, as a run claim asks it after the affine power) by its own power."""
    system = ExactSystem(MODEL, {})
    return twins.solve(twins.Problem("frozen-slow-euler", OPTIONS, system.rhs, MODEL.state_symbols, 0, Y0, steps, blocks=system.blocks, time=symbol("t")), final_only=final_only)[1]


def timed(function, *args, repeat=1):
    best, value = None, None
    for _ in range(repeat):
        start = time.perf_counter()
        value = function(*args)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, value


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--naive-steps", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3, help="best of N for the fast routes")
    parser.add_argument("--slow", action="store_true", help="also time the node-by-node routes at 10^4 steps")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, sympy {sympy.__version__}, ground types {sympy.external.gmpy.GROUND_TYPES}")
    print("frozen-slow Euler, electromechanical model, H = 1/10, m = 4, from (0, 1, 0)\n")
    rows, states = [], {}
    for steps in (1000, 10000):
        seconds, (state, route) = timed(verify_run, steps, False, repeat=args.repeat)
        rows.append((f"verify exact ({route})", steps, seconds))
        states[("power", steps)] = state
        if steps == 1000 or args.slow:
            seconds, (state, route) = timed(verify_run, steps, False, True, repeat=1 if steps > 1000 else args.repeat)
            rows.append((f"verify exact ({route}, every node reduced)", steps, seconds))
            states[("iteration", steps)] = state
            seconds, (state, route) = timed(verify_run, steps, True, repeat=1 if steps > 1000 else args.repeat)
            rows.append((f"verify exact ({route}, gmpy2 mpq)", steps, seconds))
            assert states[("power", steps)] == state == states[("iteration", steps)], "the exact routes disagree"
        seconds, approx = timed(mpmath_run, steps)
        rows.append((f"mpmath cross-check ({crosscheck.DIGITS} digits, step loop)", steps, seconds))
        assert all(crosscheck.agree(e, a) for e, a in zip(states[("power", steps)], approx)), "mpmath disagrees"
        seconds, approx = timed(mpmath_run, steps, True, repeat=args.repeat)
        rows.append((f"mpmath cross-check ({crosscheck.DIGITS} digits, its own power)", steps, seconds))
        assert all(crosscheck.agree(e, a) for e, a in zip(states[("power", steps)], approx)), "mpmath's power disagrees"
    seconds, naive = timed(naive_sympy_loop, args.naive_steps)
    naive_seconds = seconds
    rows.append(("straightforward sympy Rational loop", args.naive_steps, seconds))
    if args.naive_steps in (1000, 10000):
        assert naive == states[("power", args.naive_steps)], "the sympy loop disagrees with verify"
        print(f"same exact state from every exact route (i has a {int(naive[2].q).bit_length()}-bit denominator at {args.naive_steps} steps)\n")
    width = max(len(r[0]) for r in rows)
    print(f"{'route':<{width}}  {'steps':>6}  {'seconds':>9}")
    for name, steps, seconds in rows:
        print(f"{name:<{width}}  {steps:>6}  {seconds:>9.4f}")
    fast = next(s for n, k, s in rows if k == 1000 and "power" in n)
    loop = next(s for n, k, s in rows if k == 1000 and "loop" in n)
    if args.naive_steps == 1000:
        print(f"\nratio at 10^3 steps: sympy loop / verify affine power = {naive_seconds / fast:,.0f}x; sympy loop / verify step loop = {naive_seconds / loop:,.1f}x")


if __name__ == "__main__":
    main()
