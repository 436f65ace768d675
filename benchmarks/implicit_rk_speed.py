"""Implicit Runge-Kutta runs on the exact path: Radau IIA (2 stages, fully implicit) and the trapezoidal rule
(diagonally implicit) on the oscillator x' = v, v' = -x with h = 1/10, from (1, 0).

Times, for each method, the step loop over QQ (the s n x s n stage system solved by sympy's DomainMatrix over
QQ at every step), the affine power (the step map applied to a basis once, then repeated squaring), the mpmath
twin (Newton on the stages, 50 digits), and the anchor: the same stage equations solved in sympy ``Expr``
arithmetic (Matrix.LUsolve on Rationals, then simplify), as a newcomer would write it.  Checks that every exact
route gives the same rationals and that mpmath agrees; prints the figures and the ratios against the anchor.

    python benchmarks/implicit_rk_speed.py [--steps 200] [--anchor-steps 20] [--repeat 3]
"""
from __future__ import annotations

import argparse
import platform

import mpmath
import sympy

from timing import best  # benchmarks/timing.py
from verify.engines import crosscheck
from verify.engines.methods import METHODS, ExactSystem, run
from verify.input.model import model_from_table, symbol
from verify.engines import twins

MODEL = model_from_table("oscillator", {"states": ["x", "v"], "rhs": {"x": "v", "v": "-x"}}, "benchmark")
Y0 = [sympy.Integer(1), sympy.Integer(0)]
H = sympy.Rational(1, 10)




def exact(name, steps, keep):
    result = run(METHODS[name], ExactSystem(MODEL, {}), {"h": H}, 0, Y0, steps, keep=keep)
    return [sympy.Rational(int(v.numerator), int(v.denominator)) for v in result.y], result.route


def twin(name, steps):
    x, v = symbol("x"), symbol("v")
    return twins.solve(twins.Problem(name, {"h": H}, [v, -x], [x, v], 0, Y0, steps, blocks={}, time=symbol("t")))[1]


def sympy_anchor(name, steps):
    """The stage system K_i - h sum_j a_ij J K_j = J y written with sympy Matrices and solved by LUsolve."""
    tableau = METHODS[name].tableau
    s = tableau.stages
    J = sympy.Matrix([[0, 1], [-1, 0]])
    A = sympy.Matrix(tableau.A)
    big = sympy.eye(2 * s) - H * sympy.kronecker_product(A, J)
    y = sympy.Matrix(Y0)
    for _ in range(steps):
        K = big.LUsolve(sympy.Matrix.vstack(*[J * y for _ in range(s)]))
        y = (y + H * sum((tableau.b[i] * K[2 * i:2 * i + 2, :] for i in range(s)), sympy.zeros(2, 1))).applyfunc(sympy.simplify)
    return list(y)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--anchor-steps", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"python {platform.python_version()}, sympy {sympy.__version__}, mpmath {mpmath.__version__}; best of {args.repeat}")
    for name in ("radau-iia-3", "trapezoid"):
        loop_time, (loop, _) = best(lambda: exact(name, args.steps, keep=True), args.repeat)
        power_time, (power, route) = best(lambda: exact(name, args.steps, keep=False), args.repeat)
        assert loop == power, "the step loop and the affine power disagree"
        mp_time, mp_y = best(lambda: twin(name, args.steps), args.repeat)
        with mpmath.workdps(crosscheck.DIGITS):
            assert all(abs(crosscheck.to_mp(a) - b) < mpmath.mpf(10) ** -40 for a, b in zip(loop, mp_y)), "mpmath disagrees"
        anchor_time, anchor = best(lambda: sympy_anchor(name, args.anchor_steps), 1)
        short, _ = exact(name, args.anchor_steps, keep=True)
        assert short == anchor, "the sympy anchor disagrees"
        short_time, _ = best(lambda: exact(name, args.anchor_steps, keep=True), args.repeat)
        print(f"{name}: {args.steps} steps: step loop {loop_time * 1e3:.1f} ms, {route} {power_time * 1e3:.1f} ms, mpmath twin {mp_time * 1e3:.1f} ms")
        print(f"  anchor, {args.anchor_steps} steps: sympy Expr + LUsolve {anchor_time * 1e3:.1f} ms vs step loop {short_time * 1e3:.1f} ms "
              f"(ratio {anchor_time / short_time:.0f}x)")


if __name__ == "__main__":
    main()
