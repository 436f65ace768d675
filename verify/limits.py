"""The default limits of a run, in a module light enough for ``verify --help`` (no sympy, no claim kinds)."""
from __future__ import annotations

DEFAULT_TIMEOUT = 120.0  # seconds per claim; verify run --timeout overrides, 0 removes the limit
DEFAULT_MEMORY_MIB = 4096  # address space per worker process; verify run --memory-limit overrides, 0 removes it
MAX_TIMEOUT = 10.0**6  # seconds (11.6 days): a larger or non-finite limit is refused (inf overflowed the worker's poll)
MAX_MEMORY_MIB = 2**30  # MiB (2^50 bytes): a larger limit overflowed setrlimit, and every claim was 'past the memory limit'


def limit_problem(timeout, memory_limit) -> str | None:
    """Why a given --timeout (seconds) or --memory-limit (MiB) cannot be used, or None: nan, inf, negative or past
    MAX_TIMEOUT / MAX_MEMORY_MIB."""
    if timeout is not None and not isinstance(timeout, _Default) and not (0 <= timeout <= MAX_TIMEOUT):  # also nan
        return f"the time limit must be a number of seconds from 0 to {MAX_TIMEOUT:g} (0: no limit), got {timeout}"
    if memory_limit is not None and not isinstance(memory_limit, _Default) and not (0 <= memory_limit <= MAX_MEMORY_MIB):
        return f"the memory limit must be a number of MiB from 0 to {MAX_MEMORY_MIB} (0: no limit), got {memory_limit}"
    return None


class _Default:
    """The default of a limit: DEFAULT_TIMEOUT or DEFAULT_MEMORY_MIB as they are when ``check`` is called."""

    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT = _Default()
