"""check = "relation": ``lhs op rhs`` for concrete values.

Rational sides are compared exactly (evidence ``exact``).  Sides with exp,
sin, sqrt, ... are decided by a rigorous mpmath.iv enclosure of lhs - rhs at
increasing precision (evidence ``certified``), or by sympy when the difference
simplifies to 0 (evidence ``symbolic``).
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

from verify.engines import crosscheck
from verify.input.load import Claim, LoadError
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, exact_text, Outcome, relative_margin, short_text, decide_sign
from verify.errors import CrossCheckUnavailable
from verify.checks.comparisons import OPERATORS
from verify.checks.kind import ClaimKind

KEYS = {"lhs", "op", "rhs"}


@dataclass(frozen=True)
class RelationSpec:
    lhs: object
    op: str
    rhs: object


def prepare(claim: Claim):
    for key in KEYS:
        if key not in claim.table:
            raise LoadError(f"check 'relation' needs {key!r}")
    op = claim.table["op"]
    if op not in OPERATORS:
        raise LoadError(f"op must be one of {' '.join(OPERATORS)}, got {op!r}")
    lhs, rhs = claim.value(claim.table["lhs"], "lhs"), claim.value(claim.table["rhs"], "rhs")
    free = (lhs - rhs).free_symbols
    if free:
        raise LoadError(f"relation compares numbers: give {', '.join(sorted(map(str, free)))} a value under parameters")
    for key, side in (("lhs", lhs), ("rhs", rhs)):
        if side.has(sympy.nan, sympy.zoo):  # sin(x)/x at x = 0 is nan
            raise LoadError(f"{key}: {claim.table[key]} is undefined at the claim's parameters (a division by zero)")
        if side.is_real is False:  # log(-1) = I*pi: no order to compare (sympy decides this much; None passes on)
            raise LoadError(f"{key}: {claim.table[key]} is not a real number ({short_text(side)})")
    return RelationSpec(lhs, op, rhs)


def _reread(claim, lhs, rhs) -> str:
    """The sides read again from the claim text by the mpmath path (independent of the parser): must agree."""
    values = {name: value for name, value in claim.parameters.items()}
    for digits in REREAD_DIGITS:  # (-1)**m at m = 10^150 + 1, or sin(pi*2**1000), need more than 50 digits (review of 2026-12-05)
        try:
            again = [crosscheck.mp_text(claim.table[key], values, digits) for key in ("lhs", "rhs")]
        except CrossCheckUnavailable:
            return ""
        except (ArithmeticError, ValueError) as exc:  # the exact reading is defined, the text read again divides by zero
            raise CheckError(f"mpmath reading the text again fails ({type(exc).__name__}) where the parser's reading is "
                             f"{short_text(lhs)} and {short_text(rhs)}") from None
        differing = [(key, exact_value, approx) for key, exact_value, approx in zip(("lhs", "rhs"), (lhs, rhs), again)
                     if not crosscheck.agree(exact_value, approx)]
        if not differing:
            return "; mpmath reading the text again agrees"
    key, exact_value, approx = differing[0]
    raise CheckError(f"{key}: the parser reads {short_text(exact_value)}, mpmath reading the text again gets {crosscheck.show(approx)} "
                     f"(at {REREAD_DIGITS[-1]} digits too)")


REREAD_DIGITS = (crosscheck.DIGITS, 4 * crosscheck.DIGITS, 16 * crosscheck.DIGITS)  # a disagreement is retried with more digits


def holds_with_margin(claim: Claim) -> Outcome | None:
    """evaluate's verdict where the relation holds, with its evidence and margin and a message of the claim's own text,
    but none of evaluate's texts of the values (None where it does not hold: evaluate then says why).  A sampled forall
    claim reads only the verdict and the margin of the instances that hold (verify.checks.forall.sampling); writing
    each instance's values out was half of its relation check.  The parser's text read again by mpmath (_reread) is
    left out too: an instance's text names its domains' symbols, which that reading has no value for, so it never
    compared anything there."""
    decided, holds, evidence, margins = _decided(claim)
    if not holds:
        return None
    return Outcome("verified", evidence, f"{claim.table['lhs']} {claim.spec.op} {claim.table['rhs']} holds ({evidence})", {}, [], margins)


def _decided(claim: Claim) -> tuple:
    """(decide_sign's decision of lhs - rhs, whether the relation holds, the evidence, the margins), what evaluate and
    holds_with_margin both report: rationals exactly; else enclosures, a zero sympy or the number field proves; a
    rational difference of sides that are not rational (sqrt(2) + 1 - sqrt(2)) is sympy's own evaluation, symbolic."""
    lhs, op, rhs = claim.spec.lhs, claim.spec.op, claim.spec.rhs
    decided = decide_sign(lhs - rhs)
    evidence = "symbolic" if decided.how == "rational" and not (lhs.is_Rational and rhs.is_Rational) else decided.evidence
    margins = {f"{claim.table['lhs']} {op} {claim.table['rhs']}": relative_margin(lhs, rhs, op)}
    return decided, OPERATORS[op](decided.sign, 0), evidence, margins


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    lhs, op, rhs = claim.spec.lhs, claim.spec.op, claim.spec.rhs
    difference = lhs - rhs
    computed = {"lhs": exact_text(lhs), "rhs": exact_text(rhs)}
    decided, holds, evidence, margins = _decided(claim)
    if decided.how == "rational" and lhs.is_Rational and rhs.is_Rational:
        how = "exact rationals" + _reread(claim, lhs, rhs)
    elif decided.how == "rational":  # sqrt(2) + 1 - sqrt(2): sympy's own evaluation
        how = f"sympy simplifies lhs - rhs to {difference}"
    elif decided.how == "enclosure":
        how = f"lhs - rhs lies in {decided.enclosure} (mpmath.iv, {decided.bits} bits)"
    else:
        how = "sympy simplifies lhs - rhs to 0" if decided.how == "sympy" else "lhs - rhs is 0 in the number field it generates"
    text = f"lhs = {short_text(lhs)}, rhs = {short_text(rhs)}"
    if not (lhs.is_Rational and rhs.is_Rational):
        text = f"lhs = {short_text(lhs)} ≈ {crosscheck.shown_value(lhs, 21)}, rhs = {short_text(rhs)}"
    derivation = [f"lhs = {short_text(lhs)}", f"rhs = {short_text(rhs)}", f"lhs - rhs = {short_text(difference)}", how]
    if holds:
        return Outcome("verified", evidence, f"{text}: {claim.table['lhs']} {op} {claim.table['rhs']} holds ({how})", computed, derivation, margins)
    return Outcome("refuted", evidence, f"claimed {claim.table['lhs']} {op} {claim.table['rhs']}, but {text} ({how})", computed, derivation, margins)


KIND = ClaimKind("relation", KEYS, prepare, evaluate, spec_types=(RelationSpec,))
