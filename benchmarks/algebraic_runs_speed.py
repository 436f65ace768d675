"""Exact Gauss-Legendre-4 runs over QQ(sqrt(3)) against the same run in sympy ``Expr`` arithmetic (the anchor).

Two problems, h = 1/10:
* y' = -2y + t from y(0) = 1 (time-dependent: the step loop; the 2 x 2 stage system solved by DomainMatrix over
  sympy's AlgebraicField QQ<sqrt(3)> at every step);
* the oscillator x' = v, v' = -x from (1, 0) (linear and autonomous: the affine power over the field for the final
  value, and the step loop when every value is recorded).

The anchor writes the same stage equations with sympy Matrices of radicals and solves them with LUsolve, then
radsimp + expand per value (what a newcomer writes to keep sqrt(3) exact).  Checks that every route gives the
same numbers (and that the mpmath twin agrees), prints the figures and the ratios against the anchor.

    python benchmarks/algebraic_runs_speed.py [--steps 50] [--anchor-steps 10] [--repeat 3]
"""
from __future__ import annotations

import argparse
import platform

import mpmath
import sympy

from timing import best  # benchmarks/timing.py
from verify.engines import crosscheck, twins
from verify.engines.methods import METHODS, ExactSystem, run
from verify.input.model import model_from_table, symbol

H = sympy.Rational(1, 10)
S3 = sympy.sqrt(3)
PROBLEMS = {
    "forced": (model_from_table("forced", {"states": ["y"], "rhs": {"y": "-2*y + t"}}, "benchmark"), [sympy.Integer(1)],
               sympy.Matrix([[-2]]), lambda t: sympy.Matrix([t])),
    "oscillator": (model_from_table("oscillator", {"states": ["x", "v"], "rhs": {"x": "v", "v": "-x"}}, "benchmark"),
                   [sympy.Integer(1), sympy.Integer(0)], sympy.Matrix([[0, 1], [-1, 0]]), lambda t: sympy.zeros(2, 1)),
}




def exact(problem, steps, keep):
    model, y0, _, _ = PROBLEMS[problem]
    result = run(METHODS["gauss-legendre-4"], ExactSystem(model, {}), {"h": H}, 0, y0, steps, keep=keep, algebraic=True)
    return [result.exact(v) for v in result.y], result.route


def sympy_anchor(problem, steps):
    """k_i = J (y + h sum_j a_ij k_j) + g(t + c_i h): (I - h A (x) J) K = (J y + g(t + c_i h))_i, by LUsolve over Expr."""
    _, y0, J, g = PROBLEMS[problem]
    A = sympy.Matrix([[sympy.Rational(1, 4), sympy.Rational(1, 4) - S3 / 6], [sympy.Rational(1, 4) + S3 / 6, sympy.Rational(1, 4)]])
    c = [sympy.Rational(1, 2) - S3 / 6, sympy.Rational(1, 2) + S3 / 6]
    n = J.rows
    big = sympy.eye(2 * n) - H * sympy.kronecker_product(A, J)
    y, t = sympy.Matrix(y0), sympy.Integer(0)
    for _ in range(steps):
        K = big.LUsolve(sympy.Matrix.vstack(*[J * y + g(t + c[i] * H) for i in range(2)]))
        y = (y + H * (K[0:n, :] + K[n:2 * n, :]) / 2).applyfunc(lambda e: sympy.expand(sympy.radsimp(e)))
        t += H
    return list(y)


def twin(problem, steps):
    model, y0, _, _ = PROBLEMS[problem]
    rhs = [model.rhs[s] for s in model.states]
    return twins.solve(twins.Problem("gauss-legendre-4", {"h": H}, rhs, model.variable_symbols, 0, y0, steps, blocks={}, time=symbol("t")))[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--anchor-steps", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"python {platform.python_version()}, sympy {sympy.__version__}, mpmath {mpmath.__version__}; best of {args.repeat}")
    for problem in PROBLEMS:
        loop_time, (loop, _) = best(lambda: exact(problem, args.steps, keep=True), args.repeat)
        final_time, (final, route) = best(lambda: exact(problem, args.steps, keep=False), args.repeat)
        assert all(sympy.simplify(a - b) == 0 for a, b in zip(loop, final)), "the step loop and the final-value route disagree"
        mp_y = twin(problem, args.steps)
        with mpmath.workdps(crosscheck.DIGITS):
            assert all(crosscheck.agree(a, b) for a, b in zip(loop, mp_y)), "mpmath disagrees"
        anchor_time, anchor = best(lambda: sympy_anchor(problem, args.anchor_steps), 1)
        short_time, (short, _) = best(lambda: exact(problem, args.anchor_steps, keep=True), args.repeat)
        assert all(sympy.simplify(a - b) == 0 for a, b in zip(short, anchor)), "the sympy anchor disagrees"
        print(f"{problem}: {args.steps} steps: step loop {loop_time * 1e3:.1f} ms, {route} {final_time * 1e3:.1f} ms")
        print(f"  anchor, {args.anchor_steps} steps: sympy Expr + LUsolve + radsimp {anchor_time * 1e3:.1f} ms vs the step loop over "
              f"QQ<sqrt(3)> {short_time * 1e3:.1f} ms (ratio {anchor_time / short_time:.0f}x)")


if __name__ == "__main__":
    main()
