"""Co-simulation of the spring-mass oscillator (m = c = 1, H = 1/10, from s = 1, v = 0).

Times 20 periods (1257 macro steps) of the Jacobi master algorithm with
constant and with linear extrapolation (the latter carries the previous
exchange as memory) on every route verify has: the affine power (final state
only), the affine iteration (every node exact, as the energy check uses it),
the step loop (every value recorded), and the mpmath cross-check at 50
digits, step by step and (constant extrapolation: a step without memory) as
the iterates of its own step map in arb_mat, as an energy check runs it; then the power-exchange scheme, which is nonlinear, on the step loop
for a few steps and on mpmath for 1257.  Checks that the exact routes agree
and that mpmath agrees with them; prints the figures and the ratios.

    python benchmarks/cosim_speed.py [--steps 1257] [--repeat 3]
"""
from __future__ import annotations

import argparse
import platform
import time
import tomllib
from pathlib import Path

import mpmath
import sympy

from verify.engines import crosscheck
from verify.engines.methods import METHODS, ExactSystem, run
from verify.input.model import model_from_table, symbol
from verify.engines import twins

ROOT = Path(__file__).resolve().parent.parent
MODEL = model_from_table("oscillator", tomllib.loads((ROOT / "models" / "cosimulation.toml").read_text())["model"]["oscillator"], "benchmark")
Y0 = [sympy.Integer(1), sympy.Integer(0)]
METHOD = METHODS["cosimulation"]


def exact(options, steps, keep=False, nodes=False):
    result = run(METHOD, ExactSystem(MODEL, MODEL.parameters), options, 0, Y0, steps, keep=keep, nodes=nodes)
    return [sympy.Rational(int(v.numerator), int(v.denominator)) for v in result.y], result.route


def mp(options, steps, nodes_only=False):
    system = ExactSystem(MODEL, MODEL.parameters)
    problem = twins.Problem("cosimulation", options, system.rhs, MODEL.state_symbols, 0, Y0, steps, blocks=system.blocks, time=symbol("t"),
                            constraints=(), cosimulation=(MODEL, system.substitutions))
    if nodes_only and not twins.affine_nodes_available(problem):
        return None
    return twins.solve(problem, nodes_only=nodes_only)[1]


def timed(function, *args, repeat=1, **kwargs):
    best, value = None, None
    for _ in range(repeat):
        start = time.perf_counter()
        value = function(*args, **kwargs)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, value


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=1257)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"python {platform.python_version()}, sympy {sympy.__version__}, mpmath {mpmath.__version__}; {args.steps} macro steps, best of {args.repeat}")
    for label, options in (("Jacobi, constant", {"H": sympy.Rational(1, 10)}),
                           ("Jacobi, linear", {"H": sympy.Rational(1, 10), "extrapolation": sympy.Integer(1)})):
        t_power, (y_power, route_power) = timed(exact, options, args.steps, repeat=args.repeat)
        t_nodes, (y_nodes, route_nodes) = timed(exact, options, args.steps, nodes=True, repeat=args.repeat)
        t_loop, (y_loop, route_loop) = timed(exact, options, args.steps, keep=True, repeat=1)
        t_mp, y_mp = timed(mp, options, args.steps, repeat=args.repeat)
        t_iter, y_iter = timed(mp, options, args.steps, nodes_only=True, repeat=args.repeat)
        assert (route_power, route_nodes, route_loop) == ("affine power", "affine iteration", "step loop")
        assert y_power == y_nodes == y_loop, "the exact routes disagree"
        assert all(crosscheck.agree(a, b) for a, b in zip(y_power, y_mp)), "mpmath disagrees"
        bits = max(int(v.q).bit_length() for v in y_power)
        print(f"\n{label}: final denominator {bits} bits, E/E0 = {float((y_power[0]**2 + y_power[1]**2)):.6g}")
        print(f"  affine power      {t_power:9.4f} s")
        print(f"  affine iteration  {t_nodes:9.4f} s   ({t_nodes / t_power:.0f}x the affine power)")
        print(f"  step loop         {t_loop:9.4f} s   ({t_loop / t_power:.0f}x)")
        print(f"  mpmath, 50 digits {t_mp:9.4f} s   ({t_mp / t_power:.0f}x)")
        if y_iter is None:
            print("  mpmath, the step map iterated in arb_mat: not available (the step keeps the previous exchange)")
        else:
            assert all(crosscheck.agree(a, b) for a, b in zip(y_power, y_iter)), "the iterated twin disagrees"
            print(f"  mpmath, the step map iterated in arb_mat (an energy check's nodes) {t_iter:9.4f} s   ({t_iter / t_power:.0f}x; "
                  f"{t_mp / t_iter:.0f}x faster than its step loop)")
    power = {"H": sympy.Rational(1, 10), "exchange": "power"}
    sizes = []
    for few in (1, 2, 3, 4):
        t_exact, (y_exact, _) = timed(exact, power, few, keep=True, repeat=1)
        assert all(crosscheck.agree(a, b) for a, b in zip(y_exact, mp(power, few))), "mpmath disagrees"
        sizes.append(max(int(v.q).bit_length() for v in y_exact))
    t_mp_long, _ = timed(mp, power, args.steps, repeat=1)
    print(f"\npower exchange (nonlinear): exact denominators after 1, 2, 3, 4 steps: {', '.join(map(str, sizes))} bits "
          f"(4 steps: {t_exact:.3f} s), so no exact route over long horizons; {args.steps} steps on mpmath: {t_mp_long:.2f} s")

if __name__ == "__main__":
    main()
