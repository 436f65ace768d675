"""What every report format shares: exact values written compactly, claims grouped by source, the summary line."""
from __future__ import annotations

import hashlib
import sys
from collections import Counter, OrderedDict
from contextlib import contextmanager

MAX_VALUE_DIGITS = 4000  # an exact integer or rational with more digits is written compactly by compact_number


@contextmanager
def unlimited_int_digits():
    """Lift Python's 4,300-digit int->str guard in this block: the numbers written here are ours, not untrusted input."""
    get = getattr(sys, "get_int_max_str_digits", None)
    if get is None:
        yield
        return
    previous = get()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(previous)


def compact_number(p: int, q: int = 1) -> str:
    """p/q in full when it is short; otherwise its size, leading digits and a digest that identifies it exactly.

    Works under Python's int->str digit limit: only power-of-two bases are
    converted in full (``hex`` is exempt from the limit).
    """
    bits = abs(p).bit_length() + q.bit_length()
    if bits <= MAX_VALUE_DIGITS * 3:  # at most about 3,600 digits: str() is safe and fast
        return str(p) if q == 1 else f"{p}/{q}"
    import mpmath

    digest = hashlib.sha256(f"{p:x}/{q:x}".encode()).hexdigest()[:16]
    with mpmath.workprec(80):
        approx = mpmath.nstr(mpmath.mpf(p) / mpmath.mpf(q), 15)
    kind = "integer" if q == 1 else "rational"
    sizes = f"{abs(p).bit_length()}-bit numerator" + (f", {q.bit_length()}-bit denominator" if q != 1 else "")
    return f"{approx} (exact {kind}, {sizes}, sha256 of hex p/q {digest})"


def value_text(value) -> str:
    """A value of ``computed`` as a string: strings as they are; ints, fractions and sympy numbers exactly or compactly."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return compact_number(value)
    p, q = getattr(value, "p", None), getattr(value, "q", None)  # sympy Rational
    if p is None:
        p, q = getattr(value, "numerator", None), getattr(value, "denominator", None)  # Fraction, gmpy2 mpq
    if isinstance(p, int) or (p is not None and hasattr(p, "bit_length")):
        try:
            return compact_number(int(p), int(q))
        except (TypeError, ValueError):
            pass
    try:
        return str(value)
    except ValueError:
        return f"<{type(value).__name__} too large to write>"


def by_source(results) -> "OrderedDict[str, list]":
    """Results grouped by source document (or file, when a file names no source), in run order."""
    groups: OrderedDict = OrderedDict()
    for r in results:
        key = r.claim.document or r.claim.file
        groups.setdefault(key, []).append(r)
    return groups


def summary_line(results) -> str:
    """'12 claims · all verified', or '12 claims · 10 verified, 1 refuted as expected, 1 not as expected'."""
    n = len(results)
    head = f"{n} claim{'s' if n != 1 else ''}"
    statuses = Counter(r.outcome.status for r in results)
    failed = sum(not r.passed for r in results)
    stale = sum(r.stale for r in results)
    if n == 0:
        line = head
    elif failed == 0 and set(statuses) == {"verified"}:
        line = f"{head} · all verified"
    else:
        parts = []
        verified = statuses.get("verified", 0)
        if verified:
            parts.append(f"{verified} verified")
        as_expected = sum(r.outcome.status == "refuted" and r.passed for r in results)
        if as_expected:
            parts.append(f"{as_expected} refuted as expected")
        wrong = sum(r.outcome.status == "refuted" and not r.passed for r in results)
        if wrong:
            parts.append(f"{wrong} refuted")
        if statuses.get("error"):
            parts.append(f"{statuses['error']} error{'s' if statuses['error'] != 1 else ''}")
        line = f"{head} · " + ", ".join(parts)
        if failed:
            line += f" · {failed} not as expected"
    if stale:
        line += f" · {stale} stale source_text"
    return line


def summarised(lines: list, head: int) -> list:
    """The first and last ``head`` lines of a long derivation, with a line saying how many were left out."""
    if len(lines) <= 2 * head + 1:
        return list(lines)
    return list(lines[:head]) + [f"... {len(lines) - 2 * head} lines omitted (verify explain --all shows every line) ..."] + list(lines[-head:])
