"""What the benchmark scripts share: the best of several timed runs (run them as `python benchmarks/NAME.py`)."""
from __future__ import annotations

import time
from pathlib import Path


def best(function, repeat: int):
    """(the shortest wall time of ``repeat`` calls, in seconds, and the last call's value)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        value = function()
        times.append(time.perf_counter() - start)
    return min(times), value


def verified_claim(path, evidence: str | None = None):
    """Check the one claim of the claim file ``path`` in this process (no models directory); it must come out
    verified (with ``evidence``, when given).  What the claim-file benchmarks time."""
    from verify import runner

    result = runner.check(runner.load([str(path)], [str(Path(path).parent / "no-models")]), in_process=True)[0]
    assert result.outcome.status == "verified", result.outcome.message
    assert evidence is None or result.outcome.evidence == evidence, result.outcome.evidence
    return result


def euler_decay_claim(claim_id: str, statement: str, h: str, steps: int, digits: int, expectation: str) -> str:
    """A claim file: Euler on y' = -y from y = 1 with step ``h`` for ``steps`` steps, values printed to ``digits``
    decimals, and ``expectation`` (an `expect = ...` or `expect_at_nodes = ...` line)."""
    return (f'[model.decay]\nstates = ["y"]\nrhs = {{ y = "-y" }}\n\n[[claim]]\nid = "{claim_id}"\nstatement = "{statement}"\n'
            f'check = "run"\nmodel = "decay"\nmethod = "euler"\noptions = {{ h = "{h}" }}\ninitial = {{ y = 1 }}\nsteps = {steps}\n'
            f"digits = {digits}\n{expectation}\n")
