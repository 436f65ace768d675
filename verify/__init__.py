"""verify: check worked examples of numerical time integration exactly.

The Python API (SPEC.md; the command line is a thin layer over the same runner)::

    import verify

    claims = verify.load(["claims"], models=["models"], select="heun and not wrong")
    results = verify.check(claims, jobs=2, timeout=60)
    for r in results:
        print(r.claim.id, r.status, r.evidence, r.message, r.computed, r.seconds, r.passed)

``load`` reads claim files (a claim that cannot be loaded comes back with its ``load_error`` and checks as an
``error``); ``check`` checks each claim in worker processes under a time and a memory limit, as ``verify run``
does, and returns ``verify.results.Result`` objects.  Nothing heavy is imported until one of them is called.
"""
from __future__ import annotations

__all__ = ["check", "exit_status", "load"]


def load(paths=(), models=None, select=None, timeout=None):
    """The claims of ``paths`` (files or directories; default ./claims), with the models of the ``models``
    directories (default ./models when it exists); ``select``: a -k expression or a list of them; ``timeout``:
    seconds to prepare one claim, when shorter than the load's own limit (120 s; pass ``check``'s timeout)."""
    from verify import runner

    return runner.load(list(paths) if not isinstance(paths, str) else [paths],
                       [models] if isinstance(models, str) else list(models or ()), select, timeout=timeout)


def check(claims, jobs: int = 1, timeout=None, memory_limit=None, sources=(), in_process: bool = False, progress=None):
    """Check ``claims`` (from ``load``): ``jobs`` worker processes; ``timeout`` seconds and ``memory_limit`` MiB per
    claim (None: the defaults, 120 s and 4096 MiB; 0: no limit); ``sources``: directories of source documents
    (default ./sources and ../shared/sources where they exist); ``progress(claim, outcome, seconds)`` is called as
    each claim finishes.  Returns one ``Result`` per claim, in order."""
    from verify import runner

    return runner.check(claims, [sources] if isinstance(sources, str) else list(sources), jobs=jobs,
                        timeout=runner.DEFAULT if timeout is None else timeout,
                        memory_limit=runner.DEFAULT if memory_limit is None else memory_limit,
                        in_process=in_process, progress=progress)


def exit_status(results, strict_sources: bool = False) -> int:
    """The exit status `verify run` would give these results: 0, 1, or 2 (see the README)."""
    from verify.results import exit_status as status_of

    return status_of(results, strict_sources)
