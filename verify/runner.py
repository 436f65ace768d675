"""Load claims, check each, and note whether its ``source_text`` still occurs in its source document.

Claims are checked in forked worker processes by default, each claim under a
time limit (DEFAULT_TIMEOUT) and each worker under an address-space limit
(DEFAULT_MEMORY_MIB): a claim past a limit is an ``error`` and the run goes on.
A worker checks claim after claim (its caches stay warm) until it is killed
for a timeout or runs out of memory; then a fresh worker takes the next claim.
"""
from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import signal
import time
from collections import deque
from multiprocessing.connection import wait

try:
    import resource
except ImportError:  # not POSIX: no memory limit
    resource = None

from verify import checks
from verify.checks.common import Outcome
from verify.outcome import Line
from verify.input.load import Claim, load_claims
from verify.results import (  # noqa: F401 -- Result, SourceLibrary, exit_status ... are also read as runner's
    DEFAULT_CLAIMS, DEFAULT_MODELS, DEFAULT_SOURCES, Result, SourceLibrary, assemble, default_model_dirs, default_source_dirs, exit_status,
    normalized, read_bounded)
from verify.limits import DEFAULT, DEFAULT_MEMORY_MIB, DEFAULT_TIMEOUT, limit_problem  # noqa: F401 -- read here at call time (tests patch them here)
from verify.selection import compile_selection
from verify.report import unlimited_int_digits

MIB = 1024 * 1024


def load(paths, model_dirs=(), select=None, ids=None, timeout=None) -> list[Claim]:
    """The claims of ``paths``; ``select``: a -k expression or several (all must match, verify.selection), which
    keeps the claims whose id matches, and every file that could not be read (its id starts with "(");
    ``ids``: keep only the claims with one of these ids (and those files).  Claims not kept are not prepared.
    ``timeout``: the run's time limit per claim (seconds; DEFAULT, None or 0: the load's own), which bounds the
    preparation of each claim too."""
    matches = compile_selection([select] if isinstance(select, str) else select) if select else None
    keep = None if ids is None else set(ids)

    def wanted(claim_id: str) -> bool:
        return (keep is None or claim_id in keep) and (matches is None or matches(claim_id))

    return load_claims(paths or [DEFAULT_CLAIMS], default_model_dirs(model_dirs), checks.CHECKS,
                       wanted if matches is not None or keep is not None else None,
                       timeout if isinstance(timeout, (int, float)) and timeout > 0 else None)




def _limit(value, default):
    """A limit as a positive number, or None for no limit (None or 0)."""
    if value is DEFAULT:
        value = default
    return value or None


def _usable_limits(timeout, memory_limit) -> None:
    """ValueError for a time or memory limit no worker can keep (nan, inf, negative, too large: limits.limit_problem)."""
    problem = limit_problem(timeout, memory_limit)
    if problem:
        raise ValueError(problem)


def check(
    claims: list[Claim],
    source_dirs=(),
    jobs: int = 1,
    timeout: float | None = DEFAULT,
    memory_limit: int | None = DEFAULT,
    in_process: bool = False,
    context: checks.Context = checks.DEFAULT_CONTEXT,
    progress=None,
    cache=None,
) -> list[Result]:
    """Check every claim, each in a worker process with a time and a memory limit.

    ``jobs`` workers run at a time; each checks claims one after another (so
    the caches of sympy and of the methods stay warm) until a claim exceeds
    ``timeout`` seconds (the worker is killed and a new one started) or
    ``memory_limit`` MiB of address space.  ``timeout`` or ``memory_limit``
    None or 0 means no such limit.  ``in_process`` checks in this process
    instead: no worker, no limits (for debugging and profiling).  ``context`` is handed to every claim kind
    (verify.checks.common.Context: whether to collect pictures).  ``progress(claim, outcome, seconds)``, when
    given, is called as each claim finishes (in the order they finish; seconds None for a claim not loaded).
    ``cache`` (a verify.cache.ResultCache): reuse the verdicts of claims whose inputs did not change, store the
    new ones (not when pictures are drawn), and record who passed for ``--failed``.
    """
    _usable_limits(timeout, memory_limit)
    timeout = _limit(timeout, DEFAULT_TIMEOUT)
    memory_limit = _limit(memory_limit, DEFAULT_MEMORY_MIB)
    if context.figures:
        cache = None  # a reused outcome has no picture data
    reused = {}
    if cache is not None:
        for index, claim in enumerate(claims):
            hit = cache.get(claim)
            if hit is not None:
                reused[index] = hit
                if progress:
                    progress(claim, *hit)
    todo = [claim for index, claim in enumerate(claims) if index not in reused]
    if in_process or not _can_fork():
        checked = []
        for claim in todo:
            checked.append(_timed_evaluate(claim, context))
            if progress:
                progress(claim, *checked[-1])
    else:
        checked = _check_in_workers(todo, max(1, jobs), timeout, memory_limit, context, progress)
    fresh = iter(checked)
    timed = [reused[index] if index in reused else next(fresh) for index in range(len(claims))]
    if cache is not None:
        for index, (claim, (outcome, seconds)) in enumerate(zip(claims, timed)):
            if index not in reused:
                cache.put(claim, outcome, seconds)
    results = assemble(claims, timed, source_dirs, reused)
    if cache is not None:
        cache.record(results)
    return results


def _timed_evaluate(claim: Claim, context: checks.Context = checks.DEFAULT_CONTEXT) -> tuple[Outcome, float]:
    start = time.perf_counter()
    outcome = _evaluate(claim, context)
    return outcome, time.perf_counter() - start


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def _evaluate(claim: Claim, context: checks.Context = checks.DEFAULT_CONTEXT) -> Outcome:
    """checks.evaluate, with exhausted memory and too deep recursion as one-line errors too.

    Python's 4,300-digit guard on int -> str is lifted while a claim is checked:
    every untrusted text was read at load time (under the guard, and within the
    limits of verify.expr), so the numbers written now are our own exact
    values; their size is bounded by the checks' own limits and the time limit.
    """
    try:
        with unlimited_int_digits():
            return checks.evaluate(claim, context)
    except MemoryError:  # raised outside the check itself, e.g. while writing the message
        return Outcome("error", None, f"{claim.where}: {checks.memory_text()}")
    except RecursionError:
        return Outcome("error", None, f"{claim.where}: nested too deeply to check (recursion limit)")


_WORKER_CLAIMS: list[Claim] = []  # inherited by forked workers, so claims are never pickled
_WORKER_CONTEXT = checks.DEFAULT_CONTEXT  # the run's evaluation context, inherited the same way


def _worker(connection, memory_limit: int | None) -> None:
    """Check the claims whose indices arrive on ``connection``, one after another; None ends the worker.

    Nothing escapes as a traceback: an exception out of the loop ends the
    process quietly (the parent reports the claim as an error).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it stops the workers
    _collect_less_often()
    try:
        _limit_memory(memory_limit)
        while _serve_one(connection, memory_limit):
            pass
    except BaseException:
        os._exit(3)


def _serve_one(connection, memory_limit) -> bool:
    """Check one claim and send its outcome; False when the worker should end."""
    try:
        index = connection.recv()
    except (EOFError, OSError):
        return False
    if index is None:
        return False
    claim = _WORKER_CLAIMS[index]
    start = time.perf_counter()
    try:
        outcome = _evaluate(claim, _WORKER_CONTEXT)
    except BaseException as exc:  # e.g. SystemError from C code that could not allocate memory
        outcome = Outcome("error", None, f"{claim.where}: {_broken(exc, memory_limit)}")
    seconds = time.perf_counter() - start
    exhausted = _exhausted(outcome)
    try:
        payload = pickle.dumps((index, outcome, seconds), protocol=pickle.HIGHEST_PROTOCOL)
    except MemoryError:
        payload = pickle.dumps((index, Outcome("error", None, f"{claim.where}: {checks.memory_text()}"), seconds))
        exhausted = True
    except Exception as exc:  # an outcome that cannot travel back must still be reported
        payload = pickle.dumps((index, Outcome("error", None, f"{claim.where}: the result could not be passed back ({type(exc).__name__})"), seconds))
    connection.send_bytes(payload)
    return not exhausted  # after exhausted memory, the next claim starts in a fresh process


_MEMORY_HINT = "(--memory-limit MB changes it)"


def _broken(exc: BaseException, memory_limit) -> str:
    """What to say when the interpreter itself failed during a check (not an ordinary exception of the check)."""
    if memory_limit:
        return f"the check failed inside the interpreter ({type(exc).__name__}); most likely it exceeded the memory limit of {memory_limit} MiB {_MEMORY_HINT}"
    return f"the check failed inside the interpreter ({type(exc).__name__})"


class _Finished(list):
    """The outcomes of a run, one slot per claim; filling a slot reports the claim to ``progress``, if any."""

    def __init__(self, claims, seconds, progress):
        super().__init__([None] * len(claims))
        self.claims, self.seconds, self.progress = claims, seconds, progress

    def __setitem__(self, index, outcome):
        super().__setitem__(index, outcome)
        if self.progress:
            self.progress(self.claims[index], outcome, self.seconds[index])


class _Queues:
    """The claims still to check, one queue per worker slot: the claims split into ``jobs`` runs of neighbours in file
    order (a claim and its wrong version, the claims about one run, sit next to each other, and a worker's kept runs,
    matrix powers and sympy caches serve them); a slot whose run is done takes the last claim of the longest other
    run.  Handing the next claim to whichever worker was free split neighbours between workers: --jobs 2 lost what
    they share."""

    def __init__(self, indices: list, jobs: int):
        size, extra = divmod(len(indices), jobs)
        bounds = [0]
        for slot in range(jobs):
            bounds.append(bounds[-1] + size + (slot < extra))
        self.queues = [deque(indices[bounds[slot]:bounds[slot + 1]]) for slot in range(jobs)]

    def __bool__(self) -> bool:
        return any(self.queues)

    def take(self, slot: int):
        """The next claim for ``slot``, or None when none is left."""
        if self.queues[slot]:
            return self.queues[slot].popleft()
        longest = max(self.queues, key=len)
        return longest.pop() if longest else None


class _Running:
    """A worker process (one of the ``jobs`` slots) and the claim it is checking."""

    def __init__(self, context, memory_limit, slot: int = 0):
        self.slot = slot
        self.connection, child = context.Pipe(duplex=True)
        self.process = context.Process(target=_worker, args=(child, memory_limit), daemon=True)
        self.process.start()
        child.close()
        self.index: int | None = None
        self.started = 0.0

    def give(self, index: int) -> None:
        self.index = index
        self.started = time.monotonic()
        self.connection.send(index)

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.process.kill()
        else:
            try:
                self.connection.send(None)
            except OSError:
                self.process.kill()
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.connection.close()


def _check_in_workers(claims: list[Claim], jobs: int, timeout: float | None, memory_limit: int | None,
                      evaluation: checks.Context = checks.DEFAULT_CONTEXT, progress=None) -> list[tuple[Outcome, float | None]]:
    """(outcome, seconds) of each claim, checked in a worker process, at most ``jobs`` at a time; a claim past
    ``timeout`` seconds is killed and is an error."""
    global _WORKER_CLAIMS, _WORKER_CONTEXT
    _WORKER_CLAIMS, _WORKER_CONTEXT = claims, evaluation
    context = multiprocessing.get_context("fork")
    seconds: list[float | None] = [None] * len(claims)
    outcomes = _Finished(claims, seconds, progress)
    to_check = []
    for index, claim in enumerate(claims):
        if claim.load_error:  # nothing to run
            outcomes[index] = checks.evaluate(claim)
        else:
            to_check.append(index)
    pending = _Queues(to_check, jobs)
    idle: dict[int, _Running] = {}  # slot -> a worker waiting for its next claim
    busy: dict = {}  # connection -> _Running
    try:
        while pending or busy:
            for slot in [s for s in range(jobs) if s not in {w.slot for w in busy.values()}]:
                index = pending.take(slot)
                if index is None:
                    break
                worker = idle.pop(slot, None) or _Running(context, memory_limit, slot)
                try:
                    worker.give(index)
                except OSError:  # the worker ended meanwhile: a fresh one takes the claim
                    worker.stop(kill=True)
                    worker = _Running(context, memory_limit, slot)
                    worker.give(index)
                busy[worker.connection] = worker
            wait_for = None
            if timeout is not None:
                now = time.monotonic()
                wait_for = max(0.0, min(w.started + timeout - now for w in busy.values()))
            for connection in wait(list(busy), timeout=wait_for):
                worker = busy.pop(connection)
                try:
                    index, outcome, seconds[worker.index] = pickle.loads(connection.recv_bytes())
                except (EOFError, OSError):
                    worker.process.join()
                    seconds[worker.index] = time.monotonic() - worker.started
                    outcomes[worker.index] = _died(claims[worker.index], worker.process.exitcode, memory_limit)
                    worker.connection.close()
                    continue
                except Exception as exc:  # an answer that cannot be read back
                    claim = claims[worker.index]
                    outcomes[worker.index] = Outcome("error", None, f"{claim.where}: the result could not be read back ({type(exc).__name__})")
                    worker.stop(kill=True)
                    continue
                outcomes[index] = outcome
                if worker.process.is_alive() and not _exhausted(outcome):
                    idle[worker.slot] = worker
                else:
                    worker.stop()
            if timeout is not None:
                now = time.monotonic()
                for connection, worker in list(busy.items()):
                    if now - worker.started >= timeout:
                        del busy[connection]
                        worker.stop(kill=True)
                        claim = claims[worker.index]
                        seconds[worker.index] = now - worker.started
                        outcomes[worker.index] = Outcome("error", None, f"{claim.where}: timed out after {timeout:g} s (the per-claim limit; --timeout SECONDS changes it, 0 removes it)")
    finally:
        for worker in list(busy.values()):
            worker.stop(kill=True)
        for worker in idle.values():
            worker.stop()
        _WORKER_CLAIMS, _WORKER_CONTEXT = [], checks.DEFAULT_CONTEXT
    return list(zip(outcomes, seconds))


def explain_bounded(claim: Claim, timeout: float | None = DEFAULT, memory_limit: int | None = DEFAULT, in_process: bool = False):
    """(outcome, derivation lines) of one claim for ``verify explain``, in a worker with the same limits as ``check``."""
    def explain_here():
        outcome = _evaluate(claim)
        if claim.load_error:
            return outcome, [claim.load_error]
        try:
            with unlimited_int_digits():
                lines = [line if isinstance(line, Line) else str(line) for line in checks.explain(claim, outcome=outcome)]  # a Line keeps its mathematics
        except MemoryError:
            lines = [checks.memory_text()]
        except Exception as exc:  # the verdict stands; the derivation could not be written
            lines = [f"(no derivation: {type(exc).__name__})"]
        return outcome, lines

    _usable_limits(timeout, memory_limit)
    timeout = _limit(timeout, DEFAULT_TIMEOUT)
    memory_limit = _limit(memory_limit, DEFAULT_MEMORY_MIB)
    if in_process or not _can_fork() or claim.load_error:
        return explain_here()
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)

    def target():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _collect_less_often()
        _limit_memory(memory_limit)
        result = explain_here()
        try:
            sender.send_bytes(pickle.dumps(result))
        except Exception as exc:
            sender.send_bytes(pickle.dumps((Outcome("error", None, f"{claim.where}: the result could not be passed back ({type(exc).__name__})"), [])))

    process = context.Process(target=target, daemon=True)
    process.start()
    sender.close()
    try:
        if not receiver.poll(timeout):
            process.kill()
            process.join()
            return Outcome("error", None, f"{claim.where}: timed out after {timeout:g} s (the per-claim limit; --timeout SECONDS changes it, 0 removes it)"), []
        try:
            return pickle.loads(receiver.recv_bytes())
        except (EOFError, OSError):
            process.join()
            return _died(claim, process.exitcode, memory_limit), []
    finally:
        if process.is_alive():
            process.join(5)
            if process.is_alive():
                process.kill()
        receiver.close()


WORKER_GC_THRESHOLD = 10_000  # allocations between young-generation collections in a worker (Python's default: 700)


def _collect_less_often() -> None:
    """A worker's garbage collector: what the worker inherited is frozen (never traversed again; it was the parent's
    and outlives the worker), and the young generation is collected after WORKER_GC_THRESHOLD allocations, not 700.
    sympy builds and drops many small objects; with Python's defaults the collector took 1.34 of 16.4 CPU seconds of
    the bundled claims in one process, with these 0.48 s (CPU time in gc.callbacks, 2026-12-05). The memory
    limit still bounds what the uncollected garbage can grow to."""
    gc.freeze()
    gc.set_threshold(WORKER_GC_THRESHOLD, 10, 10)


def _limit_memory(memory_limit: int | None) -> None:
    """Limit this process's address space to ``memory_limit`` MiB (RLIMIT_AS), never above the hard limit."""
    if memory_limit and resource:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = memory_limit * MIB
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _exhausted(outcome: Outcome) -> bool:
    """Did the claim run out of memory?  Then its worker ends and the next claim starts in a fresh process."""
    message = outcome.message if isinstance(outcome.message, str) else ""
    return outcome.status == "error" and ("exceeded the memory limit" in message or "ran out of memory" in message)


def _died(claim: Claim, exitcode, memory_limit) -> Outcome:
    """The outcome of a claim whose worker died without an answer."""
    if exitcode is not None and exitcode < 0:
        try:
            how = f"was killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            how = f"was killed by signal {-exitcode}"
    else:
        how = f"exited with status {exitcode}"
    if memory_limit:
        reason = f"the worker process {how}; most likely it exceeded the memory limit of {memory_limit} MiB {_MEMORY_HINT}"
    else:
        reason = f"the worker process {how}"
    return Outcome("error", None, f"{claim.where}: {reason}")
