"""The common base of the claim kinds (SPEC.md: ``check = NAME``).

A claim kind is one small module that ends with ``KIND = ClaimKind(...)``: its name, the claim keys it reads, its
``prepare(claim) -> spec`` (called at load time: the claim's keys read and checked once, into a frozen dataclass of
the kind's own), its ``evaluate(claim, context) -> Outcome`` and, where the kind has more to say than the outcome's
derivation, its ``explain(claim, context) -> lines``.  ``ClaimKind.outcome`` is the one place that turns whatever a
check raises into an ``error`` outcome naming the file and the claim: a claim never stops the run.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Callable

from verify.checks.common import DEFAULT_CONTEXT, CheckError, Context, Outcome
from verify.engines.methods.base import MethodError
from verify.input.load import shortened


@dataclass(frozen=True)
class ClaimKind:
    name: str
    keys: frozenset
    prepare: Callable  # (claim) -> spec: a frozen dataclass, one of spec_types
    evaluate: Callable  # (claim, context) -> Outcome
    spec_types: tuple = ()
    explain_lines: Callable | None = None  # (claim, context, outcome or None) -> lines; default: the outcome's derivation
    key_hints: tuple = ()  # (key, what to write instead): said when a claim of this kind uses a key it does not read

    def __post_init__(self):
        object.__setattr__(self, "keys", frozenset(self.keys))

    def outcome(self, claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
        """The outcome of one claim of this kind; never raises."""
        if claim.load_error:
            return Outcome("error", None, claim.load_error)
        where = claim.where
        try:
            return _bounded_message(self.evaluate(claim, context))
        except (CheckError, MethodError) as exc:  # MethodError: options that do not fit the method, found only while checking
            return Outcome("error", None, f"{where}: {one_line(exc)}")
        except MemoryError:
            return Outcome("error", None, f"{where}: {memory_text()}")
        except RecursionError:
            return Outcome("error", None, f"{where}: an expression nested too deeply to check (Python's recursion limit)")
        except SystemError as exc:  # C code that could not allocate memory can fail this way
            limited = memory_text().startswith("exceeded")
            cause = f"most likely it {memory_text()}" if limited else "no verdict"
            return Outcome("error", None, f"{where}: the check failed inside the interpreter (SystemError: {one_line(exc)}); {cause}")
        except OverflowError as exc:
            return Outcome("error", None, f"{where}: a value too large to represent arose while checking ({one_line(exc)}); no verdict")
        except Exception as exc:  # a failing claim must not stop the run
            if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
                return Outcome("error", None, f"{where}: an exact value with more than {_digit_limit()} decimal digits arose and cannot be written out; no verdict")
            return Outcome("error", None, f"{where}: internal error {type(exc).__name__}: {one_line(exc)}")

    def explain(self, claim, context: Context = DEFAULT_CONTEXT, outcome: Outcome | None = None) -> list[str]:
        """How the claim's values were computed, one line each (``verify explain``).  ``outcome``: the claim's outcome
        when it was evaluated already: its derivation is shown instead of checking the claim a second time (a sampled
        forall claim took twice its time), but for an error, which is checked again; a kind with explain_lines decides
        itself what of the outcome it shows (run: a long run's route, an error as it came)."""
        if claim.load_error:
            return [claim.load_error]
        if self.explain_lines is not None:
            return self.explain_lines(claim, context, outcome)
        if outcome is not None and outcome.status != "error":
            return outcome.derivation
        return self.outcome(claim, context).derivation


def memory_text() -> str:
    """Why a check ran out of memory: the worker's limit (RLIMIT_AS, set by the runner) when there is one."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            return f"exceeded the memory limit of {soft // (1024 * 1024)} MiB (--memory-limit MB changes it)"
    except (ImportError, OSError, ValueError):
        pass
    return "ran out of memory"


def _digit_limit() -> int:
    return getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300


def one_line(exc, limit: int = 10_000) -> str:
    try:
        text = " ".join(str(exc).split())
    except ValueError:  # the text itself holds a number too long to write
        text = type(exc).__name__
    return shortened(text, limit)  # its start (where, what) and its end (the reason follows what it quotes)


MAX_MESSAGE = 20_000  # characters of a report line; a refuted identity of (x + y + z + 1)^60 printed 1.7 MB in one line
KEPT_MESSAGE = 4_000  # ... of which this many are kept when it is longer (a review of 2026-12-06)


def _bounded_message(outcome: Outcome) -> Outcome:
    """The outcome with a message of at most MAX_MESSAGE characters: a longer one keeps its first KEPT_MESSAGE and
    says how long it was (the derivation, which `verify explain` prints, keeps everything)."""
    message = outcome.message
    if isinstance(message, str) and len(message) > MAX_MESSAGE:
        outcome.message = f"{message[:KEPT_MESSAGE]} ... [{len(message):,} characters in all; the rest left out of this line]"
    return outcome
