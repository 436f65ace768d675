"""The bundled run against the anchor `python -c "import sympy"`, in one run.

Times (wall clock, each command in a fresh process, best of --repeat): `python -c "import sympy"` (the anchor),
`verify --help`, `verify list`, `verify run --no-cache` with --jobs 1 and --jobs 2 over the bundled claims, and
`verify run` again with a warm result cache (a temporary --cache-dir: the unchanged library replayed, and with another -k so that
every claim is loaded and its verdict reused); prints each as a multiple of the anchor.  Then checks every bundled claim once more in this process, one after another, and lists
the ten slowest with their kind and evidence (per-claim seconds; the sum is the run's CPU work without start-up
and workers).

    python benchmarks/bundled_run_speed.py [--repeat 3] [--runs 1]

Run from the project root (the claims are read from ./claims and ./models).
"""
from __future__ import annotations

import argparse
import math
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wall(command: list[str], repeat: int) -> float:
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
        assert done.returncode in (0, 1), f"{command} exited {done.returncode}"
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many for the short commands (default 3)")
    parser.add_argument("--runs", type=int, default=1, help="best of this many for each whole bundled run (default 1)")
    args = parser.parse_args()
    python = sys.executable
    verify = [python, "-m", "verify"]
    print(f"Python {platform.python_version()} on {platform.machine()}, {__import__('os').cpu_count()} cores")
    anchor = wall([python, "-c", "import sympy"], args.repeat)
    rows = [("python -c 'import sympy' (anchor)", anchor)]
    rows.append(("verify --help", wall(verify + ["--help"], args.repeat)))
    rows.append(("verify list", wall(verify + ["list"], args.repeat)))
    rows.append(("verify run --no-cache (--jobs 1)", wall(verify + ["run", "--no-cache"], args.runs)))
    rows.append(("verify run --no-cache --jobs 2", wall(verify + ["run", "--no-cache", "--jobs", "2"], args.runs)))
    import tempfile

    with tempfile.TemporaryDirectory() as cache:
        wall(verify + ["run", "--jobs", "2", "--cache-dir", cache], 1)  # fills the cache
        rows.append(("verify run, warm cache (the unchanged library replayed)", wall(verify + ["run", "--cache-dir", cache], args.repeat)))
        # another -k is another library key: every claim is loaded and each verdict reused from its own entry
        best = math.inf
        for attempt in range(args.repeat):  # a new -k each time: a new library key, so no replay of the previous attempt
            best = min(best, wall(verify + ["run", "--cache-dir", cache, "-k", f"not zzz{attempt}"], 1))
        rows.append(("verify run, warm cache, claims loaded (another -k)", best))
    width = max(len(name) for name, _ in rows)
    for name, seconds in rows:
        print(f"  {name:<{width}}  {seconds:8.2f} s  {seconds / anchor:7.1f}x")
    one, two = rows[3][1], rows[4][1]
    print(f"  --jobs 2 / --jobs 1: {two / one:.2f}")

    sys.path.insert(0, str(ROOT))
    from verify import runner

    import os
    os.chdir(ROOT)
    claims = runner.load([runner.DEFAULT_CLAIMS], runner.default_model_dirs(()))
    times = []
    for claim in claims:
        start = time.perf_counter()
        result = runner.check([claim], in_process=True)[0]
        times.append((time.perf_counter() - start, claim.id, claim.check, result.outcome.status, result.outcome.evidence))
    total = sum(t for t, *_ in times)
    print(f"\n{len(claims)} claims checked one by one in this process: {total:.1f} s in all ({total / anchor:.0f}x the anchor); the ten slowest:")
    for seconds, claim_id, kind, status, evidence in sorted(times, reverse=True)[:10]:
        print(f"  {seconds:6.2f} s  {seconds / total:5.1%}  {kind:<10} {status:<8} {evidence or '-':<9} {claim_id}")


if __name__ == "__main__":
    main()
