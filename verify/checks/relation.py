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
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, exact_text, Outcome, relative_margin, short_text
from verify.checks.identity import is_zero
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
        if side.is_real is False:  # log(-1) = I*pi: no order to compare (sympy decides this much; None passes on)
            raise LoadError(f"{key}: {claim.table[key]} is not a real number ({short_text(side)})")
    return RelationSpec(lhs, op, rhs)


def _reread(claim, lhs, rhs) -> str:
    """The sides read again from the claim text by the mpmath path (independent of the parser): must agree."""
    values = {name: value for name, value in claim.parameters.items()}
    try:
        again = [crosscheck.mp_text(claim.table[key], values) for key in ("lhs", "rhs")]
    except CrossCheckUnavailable:
        return ""
    for key, exact_value, approx in zip(("lhs", "rhs"), (lhs, rhs), again):
        if not crosscheck.agree(exact_value, approx):
            raise CheckError(f"{key}: the parser reads {short_text(exact_value)}, mpmath reading the text again gets {crosscheck.show(approx)}")
    return "; mpmath reading the text again agrees"


QUICK_BITS = 256  # interval arithmetic first, up to this precision: a nonzero difference is decided there without simplify
# (sympy's simplify took 15 ms per sampled instance of a forall relation); the enclosures never exclude a true zero


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    lhs, op, rhs = claim.spec.lhs, claim.spec.op, claim.spec.rhs
    difference = lhs - rhs
    computed = {"lhs": exact_text(lhs), "rhs": exact_text(rhs)}
    try:
        quick = (None,) if lhs.is_Rational and rhs.is_Rational else crosscheck.certify_sign(difference, max_bits=QUICK_BITS)
    except CrossCheckUnavailable:  # a value interval arithmetic cannot take: sympy may still prove it zero
        quick = (None,)
    if lhs.is_Rational and rhs.is_Rational:
        sign, evidence, how = sympy.sign(difference), "exact", "exact rationals"
        how += _reread(claim, lhs, rhs)
    elif quick[0] not in (1, -1) and is_zero(difference):  # simplify only where the enclosures do not exclude 0:
        sign, evidence, how = 0, "symbolic", "sympy simplifies lhs - rhs to 0"  # a zero, or a difference below 2^-256
    else:
        try:
            sign, enclosure, bits = quick if quick[0] in (1, -1) else crosscheck.certify_sign(difference)
        except CrossCheckUnavailable as exc:  # (a complex value sympy did not see as one)
            raise CheckError(f"cannot enclose lhs - rhs = {short_text(difference)} in interval arithmetic: {exc}") from None
        if sign is None:
            raise CheckError(f"cannot decide the sign of {short_text(difference)}: its enclosure {enclosure} contains 0 at {bits} bits")
        evidence, how = "certified", f"lhs - rhs lies in {enclosure} (mpmath.iv, {bits} bits)"
    holds = OPERATORS[op](sign, 0)
    text = f"lhs = {short_text(lhs)}, rhs = {short_text(rhs)}"
    if not (lhs.is_Rational and rhs.is_Rational):
        text = f"lhs = {short_text(lhs)} ≈ {crosscheck.shown_value(lhs, 21)}, rhs = {short_text(rhs)}"
    derivation = [f"lhs = {short_text(lhs)}", f"rhs = {short_text(rhs)}", f"lhs - rhs = {short_text(difference)}", how]
    margins = {f"{claim.table['lhs']} {op} {claim.table['rhs']}": relative_margin(lhs, rhs, op)}
    if holds:
        return Outcome("verified", evidence, f"{text}: {claim.table['lhs']} {op} {claim.table['rhs']} holds ({how})", computed, derivation, margins)
    return Outcome("refuted", evidence, f"claimed {claim.table['lhs']} {op} {claim.table['rhs']}, but {text} ({how})", computed, derivation, margins)


KIND = ClaimKind("relation", KEYS, prepare, evaluate, spec_types=(RelationSpec,))
