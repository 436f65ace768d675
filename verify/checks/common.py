"""What every claim kind shares: the outcome of a check, and how exact values are written."""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from ..exact import to_sympy

MAX_INLINE_DIGITS = 80  # longer exact values are written compactly in messages


@dataclass
class Outcome:
    status: str  # verified | refuted | error
    evidence: str | None  # exact | symbolic | certified | numerical | None
    message: str
    computed: dict = field(default_factory=dict)  # name -> exact value as a string
    derivation: list = field(default_factory=list)  # lines for `verify explain`
    margins: dict = field(default_factory=dict)  # inequality -> how far it holds (negative: violated), as a float
    figure: dict | None = None  # data for a picture (see verify.report.figures), made only when FIGURES is set


FIGURES = False  # set by `verify run --plots`: checks that can draw collect the data for a picture


class CheckError(ValueError):
    """The check could not reach a verdict; the message says why."""


def exact_text(value) -> str:
    """The exact value as a string: ``369/5000``, ``-7/5``, ``-(v - i)**2``; full precision, no floats."""
    value = to_sympy(value) if not isinstance(value, sympy.Basic) else value
    return str(value)


def short_text(value) -> str:
    """Like exact_text, but a huge rational is shown by its size and leading digits."""
    value = to_sympy(value) if not isinstance(value, sympy.Basic) else value
    if value.is_Rational:
        p, q = int(value.p), int(value.q)
        if p.bit_length() + q.bit_length() > MAX_INLINE_DIGITS * 3:
            approx = sympy.Float(value, 12)
            return f"{approx} (exact rational, numerator {p.bit_length()} bits, denominator {q.bit_length()} bits)"
    text = str(value)
    return text


def decimal_text(value: sympy.Rational) -> str:
    """An exact decimal expansion when the denominator divides a power of ten, else the fraction with an approximation."""
    q = int(value.q)
    twos = fives = 0
    while q % 2 == 0:
        q //= 2
        twos += 1
    while q % 5 == 0:
        q //= 5
        fives += 1
    if q != 1:
        return f"{value} (about {sympy.Float(value, 20)})"
    places = max(twos, fives)
    scaled = int(value * 10**places)
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


def round_decimal(value: sympy.Rational, places: int, mode: str) -> sympy.Rational:
    """``value`` rounded to ``places`` decimals, exactly: mode "half-even" or "half-up" (ties away from zero)."""
    scaled = value * 10**places
    magnitude = abs(scaled)
    whole = int(sympy.floor(magnitude))
    fraction = magnitude - whole
    half = sympy.Rational(1, 2)
    if fraction > half or (fraction == half and (mode == "half-up" or whole % 2 == 1)):
        whole += 1
    signed = whole if scaled >= 0 else -whole
    return sympy.Rational(signed, 10**places)


def is_tie(value: sympy.Rational, places: int) -> bool:
    """True when ``value`` lies exactly halfway between two ``places``-decimal numbers."""
    magnitude = abs(value * 10**places)
    return magnitude - sympy.floor(magnitude) == sympy.Rational(1, 2)


ROUNDING_MODES = ("half-even", "half-up")


def rounding_audit(name: str, exact: sympy.Rational, claimed: sympy.Rational, places: int) -> tuple[bool, str]:
    """Does rounding ``exact`` to ``places`` decimals give ``claimed``, and under which rounding modes?"""
    rounded = {mode: round_decimal(exact, places, mode) for mode in ROUNDING_MODES}
    reproducing = [mode for mode in ROUNDING_MODES if rounded[mode] == claimed]
    tie = is_tie(exact, places)
    exact_shown = decimal_text(exact)
    tie_text = f" is a tie at decimal {places + 1}" if tie else ""
    if len(reproducing) == len(ROUNDING_MODES):
        return True, f"{name} = {exact_shown}{tie_text} rounds to {decimal_text(claimed)} under both half-even and half-up"
    if reproducing:
        other = [m for m in ROUNDING_MODES if m not in reproducing][0]
        return True, (
            f"{name} = {exact_shown}{tie_text}: shown {decimal_text(claimed)} is reproduced by round-{reproducing[0]}, "
            f"not by round-{other} ({decimal_text(rounded[other])})"
        )
    shown = " / ".join(f"{decimal_text(rounded[m])} ({m})" for m in ROUNDING_MODES)
    if rounded["half-even"] == rounded["half-up"]:
        shown = decimal_text(rounded["half-even"])
    return False, f"{name}: claimed {decimal_text(claimed)} at {places} decimals, computed {exact_shown}{tie_text}, which rounds to {shown}"


def join_limited(parts: list[str], limit: int = 6) -> str:
    if len(parts) <= limit:
        return ", ".join(parts)
    return ", ".join(parts[:limit]) + f", ... ({len(parts) - limit} more)"
