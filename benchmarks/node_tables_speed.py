"""A run claim that compares every node of a long table: Euler on y' = -y, h = 1/1000, N steps, each y_n printed to 6
decimals (`expect_at_nodes` with one value per node and `digits = 6`), as a program's output table would be.

The exact iterates grow about 10 bits a step: node 10^4 is 999^10000 / 1000^10000, a fraction of about 200,000 bits.
Times the whole claim (load and check in this process: the gcd-free integer iteration, the 50-digit cross-check at
every node, the rounding audit of every node) at N = 2,000, 5,000 and 10^4, and the anchor: the same table computed
and rounded with Python integers alone (numerators 999^n and denominators 1000^n, one division per node), which
guarantees nothing.  Prints each time and the ratio to the anchor.

    python benchmarks/node_tables_speed.py [--repeat 3]

Run from the project root.
"""
from __future__ import annotations

import argparse
import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from timing import best, euler_decay_claim, verified_claim  # noqa: E402  benchmarks/timing.py
import verify.runner  # noqa: E402,F401  imported before anything is timed: a process's start-up is not what these time



def by_integers(n: int) -> list[str]:
    """y_1 .. y_n = 0.999^k to 6 decimals (round half to even) with Python integers alone."""
    values, numerator, denominator = [], 1, 1
    for _ in range(n):
        numerator *= 999
        denominator *= 1000
        q, r = divmod(numerator * 10**6, denominator)
        if 2 * r > denominator or (2 * r == denominator and q % 2):
            q += 1
        values.append(f"{q // 10**6}.{q % 10**6:06d}")
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as folder:
        for n in (2000, 5000, 10**4):
            anchor, values = best(lambda: by_integers(n), args.repeat)
            path = Path(folder) / f"euler_table_{n}.toml"
            column = ", ".join(f'"{v}"' for v in values)
            path.write_text(euler_decay_claim(f"euler-table-{n}", "Euler with h = 1/1000 on y' = -y from 1, every node printed to 6 decimals",
                                              "1/1000", n, 6, f"expect_at_nodes = {{ y = [{column}] }}"), encoding="utf-8")
            seconds, _ = best(lambda: verified_claim(path, "exact"), args.repeat)
            print(f"  N = {n:>5} nodes: the whole claim {seconds:6.2f} s, integers alone {anchor:6.3f} s (anchor), ratio {seconds / anchor:6.1f}x")


if __name__ == "__main__":
    main()
