"""One module per claim kind.  Each knows how to prepare a claim (at load time), evaluate it, and explain it.

A module has ``KEYS`` (the claim keys it reads), ``prepare(claim)``,
``evaluate(claim) -> Outcome`` and optionally ``explain(claim) -> lines``.
"""
from __future__ import annotations

import sys

from verify.checks import energy, forall, identity, order, relation, run, sign, solution, solve_ivp, stability
from verify.engines.methods.base import MethodError
from verify.checks.common import DEFAULT_CONTEXT, CheckError, Context, Outcome

CHECKS = {"run": run, "identity": identity, "sign": sign, "relation": relation, "solution": solution, "solve_ivp": solve_ivp, "forall": forall, "stability": stability, "order": order, "energy": energy}


def evaluate(claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    """The outcome of one claim; never raises."""
    if claim.load_error:
        return Outcome("error", None, claim.load_error)
    try:
        return CHECKS[claim.check].evaluate(claim, context)
    except CheckError as exc:
        return Outcome("error", None, f"{claim.file}: claim {claim.id!r}: {_one_line(exc)}")
    except MethodError as exc:  # options that do not fit the method, found only while checking
        return Outcome("error", None, f"{claim.file}: claim {claim.id!r}: {_one_line(exc)}")
    except MemoryError:
        return Outcome("error", None, f"{claim.file}: claim {claim.id!r}: {memory_text()}")
    except RecursionError:
        return Outcome("error", None, f"{claim.file}: claim {claim.id!r}: an expression nested too deeply to check (Python's recursion limit)")
    except SystemError as exc:  # C code that could not allocate memory can fail this way
        limited = memory_text().startswith("exceeded")
        cause = f"most likely it {memory_text()}" if limited else "no verdict"
        return Outcome("error", None, f"{claim.file}: claim {claim.id!r}: the check failed inside the interpreter (SystemError: {_one_line(exc)}); {cause}")
    except OverflowError as exc:
        return Outcome("error", None, f"{claim.file}: claim {claim.id!r}: a value too large to represent arose while checking ({_one_line(exc)}); no verdict")
    except Exception as exc:  # a failing claim must not stop the run
        if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
            return Outcome("error", None, f"{claim.file}: claim {claim.id!r}: an exact value with more than {_digit_limit()} decimal digits arose and cannot be written out; no verdict")
        return Outcome("error", None, f"{claim.file}: claim {claim.id!r}: internal error {type(exc).__name__}: {_one_line(exc)}")


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


def _one_line(exc, limit: int = 10_000) -> str:
    try:
        text = " ".join(str(exc).split())
    except ValueError:  # the text itself holds a number too long to write
        text = type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def explain(claim, context: Context = DEFAULT_CONTEXT) -> list[str]:
    if claim.load_error:
        return [claim.load_error]
    module = CHECKS[claim.check]
    if hasattr(module, "explain"):
        return module.explain(claim, context)
    return evaluate(claim, context).derivation


__all__ = ["CHECKS", "CheckError", "Context", "DEFAULT_CONTEXT", "Outcome", "evaluate", "explain", "memory_text"]
