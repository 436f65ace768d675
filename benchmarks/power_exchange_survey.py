"""How the power-exchange scheme (source 004, section 4.1) holds the oscillator's energy: a survey.

Runs the spring-mass oscillator (m = c = 1, H = 1/10, from s = 1, v = 0) under
the power-exchange scheme on the mpmath path (50 digits) for every
combination of extrapolation of the agreed power (0, 1), fallback threshold
for the recovered input's denominator, and rk4 substeps per subsystem, and
prints max and final E/E0 and the number of fallback evaluations.  Reading
down a column of substeps shows whether the subsystem solver has converged;
the README's statements about the scheme come from this table.

    python benchmarks/power_exchange_survey.py [--periods 50] [--thresholds 1/10,1/100] [--substeps 1,2,4,8,16]
                                               [--extrapolation 0,1] [--slope history|derivative]
"""
from __future__ import annotations

import argparse
import math
import time
import tomllib
from pathlib import Path

import sympy

from verify.engines import crosscheck
from verify.engines.methods import ExactSystem
from verify.input.model import model_from_table, symbol
from verify.engines import twins

ROOT = Path(__file__).resolve().parent.parent
MODEL = model_from_table("oscillator", tomllib.loads((ROOT / "models" / "cosimulation.toml").read_text())["model"]["oscillator"], "survey")


def energy_ratios(options, steps):
    system = ExactSystem(MODEL, MODEL.parameters)
    y0 = [sympy.Integer(1), sympy.Integer(0)]
    _, _, trace, _, nodes = twins.solve(twins.Problem("cosimulation", options, system.rhs, MODEL.state_symbols, 0, y0, steps, blocks=system.blocks, time=symbol("t"), constraints=(), cosimulation=(MODEL, system.substitutions)))
    ratios = [y[0] ** 2 + y[1] ** 2 for _, y in nodes]  # E/E0 with E0 = 1/2
    return max(ratios), ratios[-1], int(trace["fallbacks"][-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--periods", type=int, default=50)
    parser.add_argument("--thresholds", default="1/10,1/100")
    parser.add_argument("--substeps", default="1,2,4,8,16")
    parser.add_argument("--extrapolation", default="0,1")
    parser.add_argument("--slope", default="history", choices=["history", "derivative"], help="slope of linear extrapolation")
    args = parser.parse_args()
    H = sympy.Rational(1, 10)
    steps = math.ceil(2 * math.pi * args.periods / H)
    print(f"power exchange on the oscillator, H = {H}, {args.periods} periods ({steps} macro steps), mpmath {crosscheck.DIGITS} digits, "
          f"linear extrapolation's slope: {args.slope}")
    print(f"{'extrapolation':>13} {'threshold':>9} {'substeps':>8} {'max E/E0':>12} {'final E/E0':>12} {'fallbacks':>9} {'seconds':>8}")
    for degree in (int(d) for d in args.extrapolation.split(",")):
        for threshold in (sympy.Rational(t) for t in args.thresholds.split(",")):
            for substeps in (int(m) for m in args.substeps.split(",")):
                options = {"H": H, "exchange": "power", "extrapolation": sympy.Integer(degree), "threshold": threshold,
                           "microsteps": sympy.Integer(substeps)}
                if degree == 1:
                    options["slope"] = args.slope
                start = time.perf_counter()
                largest, final, fallbacks = energy_ratios(options, steps)
                print(f"{degree:>13} {str(threshold):>9} {substeps:>8} {float(largest):12.6g} {float(final):12.6g} {fallbacks:>9} "
                      f"{time.perf_counter() - start:8.1f}", flush=True)
    for degree in (int(d) for d in args.extrapolation.split(",")):
        options = {"H": H, "extrapolation": sympy.Integer(degree)}
        if degree == 1:
            options["slope"] = args.slope
        largest, final, _ = energy_ratios(options, steps)
        print(f"standard exchange, extrapolation {degree}: max E/E0 {float(largest):.6g}, final {float(final):.6g}")


if __name__ == "__main__":
    main()
