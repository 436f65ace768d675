"""The rounding audit: which ways of printing an exact value to k decimals give the digits a page shows.

Pages print values rounded half-to-even (IEEE 754's default, Python's ``round``),
rounded half-up (ties away from zero, the schoolbook rule), or truncated (digits
cut off, as a hand-copied ``0.134430632`` of (9/11)^10 = 0.13443063275...).
All three are computed exactly on rationals.  A claim is audited as a whole:
one printing rule must reproduce every value it shows (the claim may name the
rule with ``rounding``, or allow each value its own with ``rounding = "any"``).

An enclosure [lo, hi] of a value that is not rational (a certified run) is
audited the same way: a rule reproduces the shown digits when it maps both ends
(and so, being monotone, everything between) to them; when the ends print
differently the enclosure is too wide, or straddles a tie, and the audit says
it cannot decide.

A claimed value with more decimals than ``digits`` (5/8 = 0.625 at two decimals)
is not the print of anything at that many decimals: it is compared exactly, and
the message says so.
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field

import gmpy2
import sympy

from verify.input.load import LoadError
from verify.checks.common import CheckError, decimal_text
from verify.outcome import decimals

ROUNDING_MODES = ("half-even", "half-up")  # the rounding rules proper
TRUNCATE = "truncate"
MODES = ROUNDING_MODES + (TRUNCATE,)
CHOICES = MODES + ("any",)  # values of a claim's ``rounding`` key
MAX_LISTED = 6  # values named one by one in a message


def read_digits(table) -> int | None:
    """A claim's ``digits`` key: how many decimals its printed values show, an integer from 0 to 100 (None: absent)."""
    digits = table.get("digits")
    if digits is not None and (not isinstance(digits, int) or isinstance(digits, bool) or not 0 <= digits <= 100):
        raise LoadError(f"digits must be an integer from 0 to 100, got {digits!r}")
    return digits


def read_significant(table, digits) -> int | None:
    """A run claim's ``significant`` key: how many significant figures each printed value shows (1 to 100; None:
    absent), instead of ``digits`` (a table's error column printed as 2.76e-6 ... 3.07e-5 to 3 figures shows 8 and 7
    decimals: no one ``digits`` reads it, an adversarial review of 2026-12-07)."""
    significant = table.get("significant")
    if significant is None:
        return None
    if not isinstance(significant, int) or isinstance(significant, bool) or not 1 <= significant <= 100:
        raise LoadError(f"significant must be an integer from 1 to 100, got {significant!r}")
    if digits is not None:
        raise LoadError("give digits (decimals shown) or significant (significant figures shown), not both")
    return significant


def rounding_rule(table, digits) -> str | None:
    """A claim's ``rounding`` key: only beside ``digits`` (or ``significant``), one of half-even, half-up, truncate, any."""
    rounding = table.get("rounding")
    if rounding is None:
        return None
    if digits is None:
        raise LoadError("'rounding' goes with 'digits' (the number of decimals shown) or 'significant'")
    if rounding not in CHOICES:
        raise LoadError(f"rounding must be one of {', '.join(CHOICES)}, got {rounding!r}")
    return rounding


def round_decimal(value: sympy.Rational, places: int, mode: str) -> sympy.Rational:
    """``value`` printed to ``places`` decimals, exactly: "half-even", "half-up" (ties away from zero) or
    "truncate" (towards zero)."""
    return _printed(_scaled(value, places), places, mode)


def _printed(scaled: tuple, places: int, mode: str) -> sympy.Rational:
    whole, twice_rest, q, negative = scaled
    if mode != TRUNCATE and (twice_rest > q or (twice_rest == q and (mode == "half-up" or whole % 2 == 1))):
        whole += 1
    return sympy.Rational(-int(whole) if negative else int(whole)) * sympy.Rational(10) ** -places


def _exponent(value: sympy.Rational) -> int:
    """floor(log10 |value|) of a nonzero rational, exactly (integer lengths, then one comparison each way)."""
    p, q = abs(int(value.p)), int(value.q)
    e = len(str(p)) - len(str(q))
    while sympy.Rational(p, q) < sympy.Rational(10) ** e:
        e -= 1
    while sympy.Rational(p, q) >= sympy.Rational(10) ** (e + 1):
        e += 1
    return e


def _scaled(value, places: int) -> tuple:
    """(whole, 2 * rest, q, negative) with |value| 10^places = whole + rest/q, 0 <= rest < q: in GMP integers, since a
    value of a long exact run has hundreds of thousands of digits (sympy's Rational product took seconds per
    value of a 5,000-node table: a review of 2026-12-05).  ``places`` may be negative (12,345 to 3 significant
    figures is printed to -2 decimals: 12,300)."""
    value = sympy.Rational(value)
    p, q = gmpy2.mpz(value.p), gmpy2.mpz(value.q)
    if places < 0:
        q = q * gmpy2.mpz(10) ** -places
        whole, rest = divmod(abs(p), q)
    else:
        whole, rest = divmod(abs(p) * gmpy2.mpz(10) ** places, q)
    return whole, 2 * rest, q, p < 0


def _rule(mode: str) -> str:
    return "truncation" if mode == TRUNCATE else f"round-{mode}"


def rules_text(modes) -> str:
    names = [_rule(m) for m in modes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass
class AuditedValue:
    """One shown value: its exact value (or enclosure), the digits shown, what each rule prints."""

    places: int  # the decimals it is printed to (the claim's digits, or from its significant figures)
    label: str
    claimed: sympy.Rational
    exact: sympy.Rational | None  # None for an enclosure
    low: sympy.Rational
    high: sympy.Rational
    shown: object  # how the exact value is written in messages: the text, or a function giving it (shown_text)
    printed: dict = field(default_factory=dict)  # mode -> printed value, or None when the enclosure cannot decide
    spans: dict = field(default_factory=dict)  # mode -> (print of the low end, of the high end) where printed is None
    tie: bool = False
    exactly: bool = False  # claimed with more decimals than the claim's digits: no printing gives it, compared exactly
    claimed_text: str | None = None  # the claimed value as the claim file writes it, when known
    positive_claimed_negative: bool = False  # claimed as a negative zero ("-0.0000") while the value is certainly positive

    @property
    def shown_text(self) -> str:
        """The exact value as messages write it, written out when first asked: a table of 5,000 values of 50,000
        bits lists a few of them, and writing every one took 2 s (a review of 2026-12-05)."""
        if callable(self.shown):
            self.shown = self.shown()
        return self.shown

    @property
    def written(self) -> str:
        """The claimed value as the page prints it (1.00500830, not 1.0050083): the claim's own text when it is a
        plain decimal, else its exact decimal expansion."""
        text = (self.claimed_text or "").strip().strip('"')
        return text if re.fullmatch(r"[-+]?\d+(\.\d+)?", text) else decimal_text(self.claimed)

    @property
    def modes(self) -> list[str]:
        return [] if self.positive_claimed_negative else [m for m in MODES if self.printed[m] == self.claimed]

    @property
    def undecided(self) -> list[str]:
        """The rules whose print of the enclosure is not decided and might be the claimed value."""
        return [m for m in MODES if self.printed[m] is None and not self.excluded(m)]

    def excluded(self, mode: str) -> bool:
        """Is the claimed value certainly not what ``mode`` prints, though the print is not decided?  Every rule is
        monotone, so whatever it prints for a value of the enclosure lies between its prints of the two ends: 0.14
        is no print of an enclosure of 1/8 at 2 decimals (0.12 or 0.13), an error before a review of 2026-12-06."""
        span = self.spans.get(mode)
        return span is not None and not span[0] <= self.claimed <= span[1]

    def misses(self, mode: str) -> bool:
        """Is it decided that ``mode`` does not print the claimed value?"""
        if self.positive_claimed_negative:
            return True
        return self.excluded(mode) if self.printed[mode] is None else self.printed[mode] != self.claimed


class RoundingAudit:
    """The values a claim shows to ``places`` decimals (``significant``: to ``places`` significant figures, each value
    to the decimals its own size leaves, read off the claimed value as the page prints it), audited together under
    ``rule`` (None: one common rule)."""

    def __init__(self, places: int, rule: str | None = None, significant: bool = False):
        self.places = places
        self.rule = rule
        self.significant = significant
        self.values: list[AuditedValue] = []

    @property
    def shown(self) -> str:
        """What the claim prints: "3 decimals" or "3 significant figures"."""
        return f"{self.places} significant figure{'' if self.places == 1 else 's'}" if self.significant else decimals(self.places)

    @property
    def key(self) -> str:
        return f"significant = {self.places}" if self.significant else f"digits = {self.places}"

    def places_for(self, label: str, claimed) -> int:
        """The decimals a claimed value is printed to: the claim's digits, or its significant figures less the place
        of its first digit (2.76e-6 to 3 figures: 8 decimals; 3.07e-5: 7; 12300: -2).  A claimed 0 has no
        significant figures: CheckError."""
        if not self.significant:
            return self.places
        claimed = sympy.Rational(claimed)
        if claimed == 0:
            raise CheckError(f"{label}: claimed 0, which shows no significant figures: with significant = {self.places} give the "
                             "value as printed, or state this one exactly in a claim without significant")
        return self.places - 1 - _exponent(claimed)

    def add(self, label: str, exact, claimed: sympy.Rational, claimed_text: str | None = None) -> None:
        """An exact rational ``exact``, or an enclosure given as a (low, high, shown_text) triple; ``claimed_text``
        the claimed value as written (messages show it so); CheckError for a claimed value that is not rational
        (sqrt(7) - 2 beside digits is no printed decimal: an internal error before a review of 2026-12-05)."""
        if isinstance(claimed, sympy.Basic) and not claimed.is_Rational:
            raise CheckError(f"{label}: claimed {claimed_text or claimed}, which is not a printed decimal: with {self.key} a "
                             f"claimed value is the decimal a page prints (leave out {self.key.split(' ')[0]} to compare an exact value)")
        claimed = sympy.Rational(claimed)
        places = self.places_for(label, claimed)
        if isinstance(exact, tuple):
            low, high, shown = exact
            entry = AuditedValue(places, label, claimed, None, sympy.Rational(low), sympy.Rational(high), shown, claimed_text=claimed_text)
        else:
            exact = sympy.Rational(exact)
            scaled = _scaled(exact, places)  # one division for the tie test and every rule (a node table's value may
            # have 200,000 bits)
            entry = AuditedValue(places, label, claimed, exact, exact, exact, lambda value=exact: decimal_text(value),
                                 tie=scaled[1] == scaled[2], claimed_text=claimed_text)
        written = written_decimals(claimed_text)  # 1.30 at digits = 1: the page shows two decimals (review of 2026-12-05)
        if (claimed * sympy.Rational(10)**places).q != 1 or (written is not None and written > max(places, 0)):  # 0.625 at digits = 2: a
            # page printing 2 decimals cannot show it
            entry.exactly, entry.tie = True, False
            if entry.exact is not None:
                printed = claimed if entry.exact == claimed else entry.exact
            elif entry.low == entry.high:  # a point enclosure is the exact value (Euler's 0.125 with sin(0) = 0)
                printed = claimed if entry.low == claimed else entry.low
            else:  # an enclosure can exclude an exact value, never prove it
                printed = None if entry.low <= claimed <= entry.high else entry.low
            entry.printed = {mode: printed for mode in MODES}
        elif entry.exact is not None:
            entry.printed = {mode: _printed(scaled, places, mode) for mode in MODES}
        else:
            for mode in MODES:
                low, high = (round_decimal(end, places, mode) for end in (entry.low, entry.high))
                entry.printed[mode] = low if low == high else None
                if low != high:
                    entry.spans[mode] = (low, high)
        if claimed == 0 and (claimed_text or "").strip().strip('"').startswith("-"):
            _negative_zero(entry)
        self.values.append(entry)

    def undecided(self) -> list[AuditedValue]:
        """Values whose enclosure prints differently at its two ends under a rule that matters.  With rounding = "any"
        a value one decided rule reproduces needs no other (an exact -1 claimed as -1.00000000: both roundings print
        it, truncation of an enclosure around -1 is not decided, and the claim was an error: a review of 2026-12-06)."""
        if self.rule == "any":
            return [v for v in self.values if v.undecided and not v.modes]
        wanted = self._wanted()
        return [v for v in self.values if any(m in wanted for m in v.undecided)]

    def _wanted(self) -> tuple:
        """The rules whose printing must be decided: the named one; with the default rule, a rounding rule that is
        decided and reproduces every value is enough (exactly 1/10 has an enclosure on a truncation boundary, which
        no precision settles, and truncation does not matter once rounding prints every value: a review of
        2026-12-05 found such a true table an error); else every rule."""
        if self.rule in MODES:
            return (self.rule,)
        if self.rule is None:
            for mode in ROUNDING_MODES:
                if self.values and all(mode in v.modes for v in self.values):
                    return (mode,)
            if any(all(v.misses(m) for m in MODES) for v in self.values):
                return ()  # a value no rule prints, decided under every rule: refuted whatever the undecided ones print
        return MODES

    def findings(self) -> tuple[list[str], list[str]]:
        """(successes, failures), one line per value or per claim."""
        successes, failures = [], []
        if self.rule in MODES:
            wrong = [v for v in self.values if self.rule not in v.modes]
            failures += [self._miss(v, (self.rule,)) for v in wrong[:MAX_LISTED]]
            if not wrong:
                successes += self._listed(self.values, f"is {_rule(self.rule)} to {self.shown}")
            return successes, failures
        hopeless = [v for v in self.values if not v.modes]
        failures += [self._miss(v, MODES) for v in hopeless[:MAX_LISTED]]
        if len(hopeless) > MAX_LISTED:
            failures.append(f"... and {len(hopeless) - MAX_LISTED} more values not reproduced at {self.shown}")
        if hopeless:
            return successes, failures
        if self.rule == "any":
            for v in self.values[:MAX_LISTED]:
                successes.append(self._reproduced(v, v.modes))
            if len(self.values) > MAX_LISTED:
                successes.append(f"... {len(self.values) - MAX_LISTED} more values each reproduced by some rule (rounding = \"any\")")
            return successes, failures
        common = [m for m in ROUNDING_MODES if all(m in v.modes for v in self.values)]
        if not common and all(TRUNCATE in v.modes for v in self.values):
            common = [TRUNCATE]
        if not common:
            # the values the rules printing most values miss are named first, with claimed and computed (a review of
            # 2026-12-06: a truncated row 9 among rounded rows was never named, the first six rows listed instead)
            most = max(sum(m in v.modes for v in self.values) for m in MODES)
            leading = [m for m in MODES if sum(m in v.modes for v in self.values) == most]
            odd = [v for v in self.values if not set(leading) <= set(v.modes)]
            partial = sorted((v for v in self.values if len(v.modes) < len(MODES)), key=lambda v: v not in odd)
            by_rule = "; ".join(f"{v.label} only by {rules_text(v.modes)}" for v in partial[:MAX_LISTED])
            failures.append(f"no single rule prints every value at {self.shown} ({by_rule}); name the rule with rounding = \"...\", "
                            "or allow each value its own with rounding = \"any\"")
            failures += [self._miss(v, tuple(m for m in leading if m not in v.modes)) for v in odd[:2]]
            return successes, failures
        if len(self.values) <= MAX_LISTED:
            successes += [self._reproduced(v, v.modes, common) for v in self.values]
        else:
            notable = [v for v in self.values if v.tie or v.exact is None or v.exact != v.claimed]
            if common == [TRUNCATE]:  # first the values no rounding rule prints (a review of 2026-12-05 found such a
                notable.sort(key=lambda v: any(m in v.modes for m in ROUNDING_MODES))  # digit left out of the message)
            shown = [self._reproduced(v, v.modes, common) for v in notable[:2]]  # the two listed, written out
            successes.append(f"{len(self.values)} values at {self.shown}, every one reproduced by {rules_text(common)}")
            successes += shown
        return successes, failures

    def _listed(self, values, what) -> list[str]:
        if len(values) <= MAX_LISTED:
            return [f"{v.label} {'=' if v.exact is not None else '∈'} {v.shown_text} {what}: {v.written}" for v in values]
        return [f"{len(values)} values, every one {what}"]

    def _reproduced(self, v: AuditedValue, modes, common=None) -> str:
        tie = f" is a tie at decimal {v.places + 1}" if v.tie else ""
        head = f"{v.label} {'=' if v.exact is not None else '∈'} {v.shown_text}{tie}"
        if v.exactly:
            return f"{head} exactly (claimed with more decimals than {self.key}, so compared exactly)"
        both = f"{head}{', and' if v.tie else ''} rounds to {v.written} under both half-even and half-up"  # 1.5 is a tie, and rounds to 2
        if v.exact is not None and v.exact == v.claimed:
            return both
        rounding = [m for m in modes if m in ROUNDING_MODES]
        if len(rounding) == len(ROUNDING_MODES):
            return both
        if rounding:
            other = [m for m in ROUNDING_MODES if m not in rounding][0]
            return f"{head}: shown {v.written} is reproduced by round-{rounding[0]}, not by round-{other} ({self._printed(v, other)})"
        return (f"{head}: shown {v.written} is reproduced by truncation, not by rounding "
                f"({self._printed(v, 'half-even')} half-even, {self._printed(v, 'half-up')} half-up)")

    def _printed(self, v: AuditedValue, mode: str) -> str:
        value = v.printed[mode]
        if value is None and mode in v.spans:  # an enclosure across a printing boundary: either print
            low, high = v.spans[mode]
            between = "or" if high - low == sympy.Rational(10) ** -v.places else "to"
            return f"{_at_places(low, v.places)} {between} {_at_places(high, v.places)}"
        return "undecided" if value is None else _at_places(value, v.places)

    def _miss(self, v: AuditedValue, modes) -> str:
        if v.positive_claimed_negative:
            computed = v.shown_text if v.exact is not None else f"∈ {v.shown_text}"
            return (f"{v.label}: claimed {v.written} at {self.shown}, computed {computed}, which is positive: no rule "
                    "prints it with a minus sign")
        if v.exactly:
            computed = v.shown_text if v.exact is not None else f"∈ {v.shown_text}"
            return (f"{v.label}: claimed {v.written} (more decimals than {self.key}, so compared exactly), "
                    f"computed {computed}")
        tie = f" (a tie at decimal {v.places + 1})" if v.tie and any(m in ROUNDING_MODES for m in modes) else ""  # truncation has none
        rounding = [(v.printed[m], v.spans.get(m)) for m in ROUNDING_MODES if m in modes]  # an undecided print by its span
        if len(rounding) == 2 and rounding[0] == rounding[1]:
            shown = f"rounds to {self._printed(v, 'half-even')}"
        else:
            shown = "rounds to " + " / ".join(f"{self._printed(v, m)} ({m})" for m in ROUNDING_MODES if m in modes)
            shown = shown if any(m in ROUNDING_MODES for m in modes) else ""
        if TRUNCATE in modes:
            shown = (shown + ", " if shown else "") + f"truncates to {self._printed(v, TRUNCATE)}"
        computed = v.shown_text if v.exact is not None else f"∈ {v.shown_text}"
        shows = written_decimals(v.written)
        short = (f" ({v.written} shows {decimals(shows)}: at {self.key} it is read as {_at_places(v.claimed, v.places)})"
                 if shows is not None and shows < v.places and v.claimed is not None else "")
        return f"{v.label}: claimed {v.written} at {self.shown}{short}, computed {computed}{tie}, which {shown}"


def _negative_zero(entry: AuditedValue) -> None:
    """A claimed "-0.0000" is the print of a value that rounds (or truncates) to zero from below, as printf prints
    -0.00001, or of 0 itself (a floating-point program's -0.0, or a tiny negative rounding error, prints so: a second
    review of 2026-12-06): a positive value is no such print (0.00001 shown as -0.0000 was verified: a review of
    2026-12-06), and an enclosure that reaches from below 0 or from 0 to above it does not decide the sign.  (A
    negative value printed without the sign, "0.0000", is accepted: tables differ in that.)"""
    if entry.low > 0:
        entry.positive_claimed_negative = True
    elif entry.high > 0:
        entry.printed = {mode: None for mode in MODES}
        entry.spans = {}


def written_decimals(text: str | None) -> int | None:
    """How many decimals a claimed value's text shows: 2 for "1.30", 6 for "1.30e-4", 0 for "13"; None for anything
    but a plain or scientific decimal (a fraction, an expression)."""
    text = (text or "").strip().strip('"')
    match = re.fullmatch(r"[-+]?\d*(?:\.(\d*))?(?:[eE]([-+]?\d+))?", text)
    if not match or not any(ch.isdigit() for ch in text):
        return None
    return max(len(match.group(1) or "") - int(match.group(2) or 0), 0)


def _at_places(value, places: int) -> str:
    """A decimal of at most ``places`` decimals written with exactly that many, as a table printing ``places``
    decimals shows it (3.01920 at 5 decimals, not 3.0192); any other value as decimal_text writes it."""
    if places < 0:
        return decimal_text(value)
    scaled = value * 10**places
    if scaled.q != 1:
        return decimal_text(value)
    sign, digits = ("-" if scaled < 0 else ""), str(abs(int(scaled))).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"
