"""A synthetic library of many small claim files, checked by `verify run` with --jobs 1 and --jobs 2, in one run.

Writes --files claim files (default 2,000) to a temporary directory, each with one model and two claims of the
kinds a page of worked examples has (an exact `run` of Heun's method on y' = -a y with its own a and step, and a
`relation` between numbers), every claim true by construction (computed here with fractions.Fraction), then
times `verify run --no-cache DIR` in a fresh process with one worker and with two, then a re-run with a warm
result cache, and prints claims per second, the ratio of the two, and the anchor `python -c "import sympy"`.

    python benchmarks/library_speed.py [--files 2000]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path


def heun(a: Fraction, h: Fraction, y: Fraction, steps: int) -> Fraction:
    for _ in range(steps):
        k1 = -a * y
        k2 = -a * (y + h * k1)
        y = y + h / 2 * (k1 + k2)
    return y


def write_library(directory: Path, files: int) -> int:
    for k in range(files):
        a, h, steps = Fraction(1 + k % 7, 1 + k % 3), Fraction(1, 10 + k % 11), 3 + k % 5
        y = heun(a, h, Fraction(1), steps)
        text = (f'[model.decay]\nstates = ["y"]\nrhs = {{ y = "-({a})*y" }}\n\n'
                f'[[claim]]\nid = "lib/{k}/heun"\nstatement = "Heun on y\' = -a y"\ncheck = "run"\nmodel = "decay"\nmethod = "heun"\n'
                f'options = {{ h = "{h}" }}\ninitial = {{ y = 1 }}\nsteps = {steps}\nexpect = {{ y = "{y}" }}\n\n'
                f'[[claim]]\nid = "lib/{k}/sum"\nstatement = "a sum"\ncheck = "relation"\nlhs = "{k}/10 + 1/5"\nop = "=="\nrhs = "{Fraction(k, 10) + Fraction(1, 5)}"\n')
        (directory / f"page_{k:05d}.toml").write_text(text, encoding="utf-8")
    return 2 * files


def wall(command, cwd) -> tuple[float, dict]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    assert done.returncode == 0, done.stderr[-2000:]
    return seconds, json.loads(done.stdout)["summary"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=2000)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import sympy"], check=True)
    anchor = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as directory:
        claims = write_library(Path(directory), args.files)
        print(f"{args.files} claim files, {claims} claims (every one true); anchor python -c 'import sympy': {anchor:.2f} s")
        times = {}
        for jobs in (1, 2):
            seconds, summary = wall([sys.executable, "-m", "verify", "run", directory, "--format", "json", "--no-cache", "--jobs", str(jobs)], directory)
            assert summary["verified"] == claims, summary
            times[jobs] = seconds
            print(f"  verify run --no-cache --jobs {jobs}: {seconds:7.2f} s, {claims / seconds:7.1f} claims/s, {seconds / anchor:6.1f}x the anchor")
        print(f"  --jobs 2 / --jobs 1: {times[2] / times[1]:.2f}")
        wall([sys.executable, "-m", "verify", "run", directory, "--format", "json", "--jobs", "2"], directory)  # fills .verify_cache
        seconds, summary = wall([sys.executable, "-m", "verify", "run", directory, "--format", "json"], directory)
        assert summary["verified"] == claims, summary
        print(f"  verify run, warm cache: {seconds:7.2f} s, {claims / seconds:7.1f} claims/s, {seconds / anchor:6.1f}x the anchor")


if __name__ == "__main__":
    main()
