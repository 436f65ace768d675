"""A run claim whose exact value is huge: Euler on y' = -y, h = 1/N, N steps, y_N = (1 - 1/N)^N printed to 10 decimals.

At N = 10^5 the exact value has a 1.66-million-bit numerator over 10^500000: a decimal of 500,000 places.  Times
the whole claim (load and check in this process: the exact power, the 50-digit cross-check, the rounding audit and
the message and computed values that print it) at N = 10^4 and 10^5, and the anchor: the same value computed and
written out with gmpy2 alone (the power of an mpq and str() of its 500,000-digit scaled numerator), which guarantees
nothing.  Prints each time and the ratio to the anchor.

    python benchmarks/huge_values_speed.py [--repeat 3]

Run from the project root.
"""
from __future__ import annotations

import argparse
import platform
import sys
import tempfile
from pathlib import Path

import gmpy2

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from timing import best, euler_decay_claim, verified_claim  # noqa: E402  benchmarks/timing.py
import verify.runner  # noqa: E402,F401  imported before anything is timed: a process's start-up is not what these time



def by_gmpy2(n: int) -> str:
    """(1 - 1/n)^n to 10 decimals (rounded half-even), and its full decimal expansion written out, with gmpy2 alone."""
    value = (1 - gmpy2.mpq(1, n)) ** n
    places = len(str(value.denominator)) - 1  # the denominator is n^n = 10^places for n a power of ten
    full = str(value.numerator * gmpy2.mpz(10) ** places // value.denominator)
    scaled = value * 10**10
    rounded = gmpy2.mpz(gmpy2.floor(scaled + gmpy2.mpq(1, 2)))
    assert len(full) <= places + 1
    return f"0.{str(rounded).rjust(10, '0')}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, gmpy2 {gmpy2.version()}")
    with tempfile.TemporaryDirectory() as folder:
        for n in (10**4, 10**5):
            anchor, value = best(lambda: by_gmpy2(n), args.repeat)
            path = Path(folder) / f"euler_{n}.toml"
            path.write_text(euler_decay_claim(f"euler-{n}", f"Euler on y' = -y, h = 1/{n}, {n} steps", f"1/{n}", n, 10, f'expect = {{ y = "{value}" }}'), encoding="utf-8")
            seconds, _ = best(lambda: verified_claim(path), args.repeat)
            print(f"  N = {n:>6}: y_N = {value} (10 decimals); the whole claim {seconds:6.3f} s, gmpy2 alone {anchor:6.3f} s "
                  f"(anchor), ratio {seconds / anchor:6.1f}x")


if __name__ == "__main__":
    main()
