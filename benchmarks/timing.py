"""What the benchmark scripts share: the best of several timed runs (run them as `python benchmarks/NAME.py`)."""
from __future__ import annotations

import time


def best(function, repeat: int):
    """(the shortest wall time of ``repeat`` calls, in seconds, and the last call's value)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        value = function()
        times.append(time.perf_counter() - start)
    return min(times), value
