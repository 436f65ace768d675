"""The default limits of a run, in a module light enough for ``verify --help`` (no sympy, no claim kinds)."""
from __future__ import annotations

DEFAULT_TIMEOUT = 120.0  # seconds per claim; verify run --timeout overrides, 0 removes the limit
DEFAULT_MEMORY_MIB = 4096  # address space per worker process; verify run --memory-limit overrides, 0 removes it


class _Default:
    """The default of a limit: DEFAULT_TIMEOUT or DEFAULT_MEMORY_MIB as they are when ``check`` is called."""

    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT = _Default()
