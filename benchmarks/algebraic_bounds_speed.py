"""Real algebraic numbers: verify's enclosures (python-flint's root isolation) against sympy's own refinement.

Split points and interval ends of `stability` and `forall ... exactly_when` claims are real roots of integer
polynomials (sympy ``CRootOf``); deciding a claim encloses them again and again at 64 to 2048 bits.  Two parts:

1. Enclosing every real root of a polynomial once at 128 and at 512 bits: ``realsets.enclosure`` (python-flint's
   ``fmpz_poly.complex_roots``, the ball inside sympy's isolating interval; a cold cache per polynomial and
   precision) against the anchor, sympy's ``CRootOf.eval_rational`` to the same width (the previous route).  The
   polynomials: RK4's z^3 + 4 z^2 + 12 z + 24, a quintic with five real roots, and the degree-64 minimal
   polynomial of sqrt(2) + sqrt(3) + sqrt(5) + sqrt(7) + sqrt(11) + sqrt(13) (the norm a `stable_when` bound over
   those radicals needs).  Every enclosure is checked: the polynomial changes sign between its ends.
2. Whole claims, one process each in this process, one after another: Euler's `stable_when` with that
   six-radical bound (refuted at 21/10) and RK4's real stability interval `exactly_when` to 9 decimals.

    python benchmarks/algebraic_bounds_speed.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import platform
import tempfile
from pathlib import Path

import sympy

from timing import best
from verify import runner
from verify.engines import realsets

X = sympy.Symbol("x")
POLYNOMIALS = {
    "RK4 interval end, degree 3": X**3 + 4 * X**2 + 12 * X + 24,
    "quintic, 5 real roots": X**5 - 5 * X**3 + 4 * X + 1,
    "six radicals, degree 64": None,  # built in main (the minimal polynomial takes a moment)
}

CLAIMS = '''[model.decay]
states = ["y"]
rhs = { y = "-y" }

[[claim]]
id = "six-radicals"
statement = "Euler is stable on y' = -y exactly when h <= sqrt(2) + sqrt(3) + sqrt(5) + sqrt(7) - sqrt(11) - sqrt(13) + 1 (false)"
check = "stability"
model = "decay"
method = "euler"
options = { h = "h" }
variable = "h"
symbols = ["h"]
stable_when = "h <= sqrt(2) + sqrt(3) + sqrt(5) + sqrt(7) - sqrt(11) - sqrt(13) + 1"

[[claim]]
id = "rk4-interval"
statement = "RK4's real stability interval is [-2.785293563, 0]"
check = "forall"
domains = { z = "real" }
lhs = "abs(1 + z + z**2/2 + z**3/6 + z**4/24)"
op = "<="
rhs = 1
exactly_when = "-2.785293563 <= z <= 0"
digits = 9
'''

EXPECTED = {"six-radicals": "refuted", "rk4-interval": "verified"}  # the bound is 2.1059..., above Euler's 2: refuted at 21/10


def sympy_enclosure(root, bits):
    """The previous route: sympy's refinement of the root (c * CRootOf, as sympy writes some roots, scaled)."""
    scale, root = root.as_coeff_Mul()
    eps = sympy.Rational(1, 2**bits)
    middle = root.eval_rational(dx=eps, dy=eps, n=max(15, bits // 3))
    return tuple(sorted((scale * (middle - eps), scale * (middle + eps))))


def check_sign_change(polynomial, low, high):
    assert polynomial.eval(low) * polynomial.eval(high) < 0, (low, high)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, sympy {sympy.__version__}, python-flint {__import__('flint').__version__}")
    POLYNOMIALS["six radicals, degree 64"] = sympy.minimal_polynomial(sum(sympy.sqrt(p) for p in (2, 3, 5, 7, 11, 13)), X)
    print(f"{'polynomial':28} {'bits':>5} {'roots':>5} {'verify (flint)':>15} {'sympy (anchor)':>15} {'ratio':>7}")
    for name, expression in POLYNOMIALS.items():
        polynomial = sympy.Poly(expression, X)
        roots = polynomial.real_roots()
        slow_anchor = False
        for bits in (128, 512):
            def ours():
                realsets._root_boxes.cache_clear()  # cold: each polynomial's roots isolated afresh
                return [realsets.enclosure(r, bits) for r in roots]

            mine, ends = best(ours, args.repeat)
            for low, high in ends:
                check_sign_change(polynomial, low, high)
            if slow_anchor:
                print(f"{name:28} {bits:5} {len(roots):5} {mine:14.4f}s {'skipped':>15} (took over 5 s at fewer bits)", flush=True)
                continue
            theirs, _ = best(lambda: [sympy_enclosure(r, bits) for r in roots], 1 if len(roots) > 10 else args.repeat)
            slow_anchor = theirs > 5
            print(f"{name:28} {bits:5} {len(roots):5} {mine:14.4f}s {theirs:14.4f}s {mine / theirs:6.3f}x", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "claims.toml"
        path.write_text(CLAIMS, encoding="utf-8")
        for claim in runner.load([str(path)], [str(Path(folder) / "no-models")]):
            realsets._root_boxes.cache_clear()
            seconds, results = best(lambda: runner.check([claim], in_process=True), 1)
            outcome = results[0].outcome
            assert outcome.status == EXPECTED[claim.id], outcome.message
            print(f"claim {claim.id}: {outcome.status} ({outcome.evidence}) in {seconds:.2f} s: {outcome.message[:100]}", flush=True)


if __name__ == "__main__":
    main()
