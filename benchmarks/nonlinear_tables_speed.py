"""Nonlinear RK4 tables: exact steps until the size guard, then the certified interval route, against plain
mpmath at the same precision, in one run.

For RK4 on y' = y^2 + 1 from 0 with h = 1/10 (Schaum's Table 19-5) and on Kaw & Barker's radiating ball
theta' = -2.2067e-12 (theta^4 - 81e8) from 1200 with h = 30: the size in bits of the exact state after each exact
step (until the run would pass verify's 4,000,000-bit guard), the time of those exact steps, then the time of a
whole `run` claim checked as `verify run` checks it (exact steps, the switch, the certified run at 128 bits, the
50-digit mpmath cross-check and the rounding audit), against the same RK4 written out in plain mpmath at 50 digits
(the anchor: the cheapest way to get the numbers at all, without any guarantee).

    python benchmarks/nonlinear_tables_speed.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import math
import platform
import tempfile
import time
from pathlib import Path

import mpmath
import sympy

from verify import runner
from verify.engines import rational
from verify.engines.methods import METHODS, ExactSystem
from verify.engines.methods import base
from verify.input.model import model_from_table

CASES = {
    "Schaum 19-5: y' = y^2 + 1, h = 1/10, 10 steps": ("y", "y**2 + 1", "0", "1/10", 10, 7),
    "Kaw & Barker: theta' = -2.2067e-12 (theta^4 - 81e8), h = 30, 16 steps": ("theta", "-2.2067e-12*(theta**4 - 81e8)", "1200", "30", 16, 2),
}


def exact_steps(state, rhs, y0, h, steps):
    """(bits after each exact step, seconds) up to the last step that stays under the guard (the run's own guard
    stops in a stage of the next one)."""
    system = ExactSystem(model_from_table("m", {"states": [state], "rhs": {state: rhs}}, "benchmark"), {})
    options = METHODS["rk4"].exact_options({"h": sympy.Rational(h)})
    y, t, sizes = [rational.to_field(sympy.Rational(y0))], rational.to_field(0), []
    start = time.perf_counter()
    recorder = base.Recorder(keep=False)
    for _ in range(steps):
        y = METHODS["rk4"].step(system, t, y, options, recorder)
        t = t + options["h"]
        sizes.append(rational.size_bits(y))
        if len(sizes) > 1 and sizes[-1] ** 2 > base.MAX_EXACT_BITS * sizes[-2]:  # the next step grows as much: past the guard
            break
    return sizes, time.perf_counter() - start


def mpmath_rk4(rhs_function, y0, h, steps):
    with mpmath.workdps(50):
        y, h = mpmath.mpf(sympy.Rational(y0).p) / sympy.Rational(y0).q, mpmath.mpf(sympy.Rational(h).p) / sympy.Rational(h).q
        values = []
        for _ in range(steps):
            k1 = rhs_function(y)
            k2 = rhs_function(y + h / 2 * k1)
            k3 = rhs_function(y + h / 2 * k2)
            k4 = rhs_function(y + h * k3)
            y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
            values.append(y)
        return values


def claim_file(directory, state, rhs, y0, h, steps, digits, values):
    shown = ", ".join(f'"{mpmath.nstr(v, digits + int(math.log10(abs(v))) + 1 if abs(v) >= 1 else digits, strip_zeros=False)}"' for v in values)
    path = Path(directory) / "table.toml"
    path.write_text(f'[model.m]\nstates = ["{state}"]\nrhs = {{ {state} = "{rhs}" }}\n\n[[claim]]\nid = "table"\nstatement = "s"\ncheck = "run"\n'
                    f'model = "m"\nmethod = "rk4"\noptions = {{ h = "{h}" }}\ninitial = {{ {state} = "{y0}" }}\nsteps = {steps}\n'
                    f'trace = {{ {state} = [{shown}] }}\ndigits = {digits}\n', encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, sympy {sympy.__version__}, mpmath {mpmath.__version__}; best of {args.repeat}\n")
    functions = {"y**2 + 1": lambda y: y * y + 1,
                 "-2.2067e-12*(theta**4 - 81e8)": lambda y: -mpmath.mpf("2.2067e-12") * (y**4 - mpmath.mpf("81e8"))}
    for title, (state, rhs, y0, h, steps, digits) in CASES.items():
        sizes, exact_seconds = exact_steps(state, rhs, y0, h, steps)
        anchor = min(_timed(lambda: mpmath_rk4(functions[rhs], y0, h, steps)) for _ in range(args.repeat))
        values = mpmath_rk4(functions[rhs], y0, h, steps)
        with tempfile.TemporaryDirectory() as directory:
            claims = runner.load([str(claim_file(directory, state, rhs, y0, h, steps, digits, values))])
            best, outcome = math.inf, None
            for _ in range(args.repeat):
                start = time.perf_counter()
                outcome = runner.check(claims, in_process=True)[0].outcome
                best = min(best, time.perf_counter() - start)
        print(title)
        print(f"  exact steps: {len(sizes)} ({exact_seconds:.3f} s), state size in bits: {', '.join(f'{b:,}' for b in sizes)}; "
              f"a stage of the next passes {base.MAX_EXACT_BITS:,}")
        print(f"  run claim (the table to {digits} decimals): {outcome.status} ({outcome.evidence}) in {best:.3f} s")
        print(f"  plain mpmath RK4 at 50 digits (anchor): {anchor:.5f} s; the claim takes {best / anchor:,.0f}x the anchor\n")
        assert outcome.status == "verified" and outcome.evidence == "certified", outcome.message


def _timed(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
