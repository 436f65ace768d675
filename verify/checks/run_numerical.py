"""check = "run" on the numerical path: implicit equations nonlinear in the unknowns (backward Euler on a system, an
implicit Runge-Kutta tableau or an implicit multistep formula on y' = -y^3, a nonlinear DAE).

The exact path has no solve for them and the certified path has no interval Newton, so the mpmath twin runs the
method, solving each implicit equation by Newton's method with a finite budget (running out is an error), at two
working precisions, DIGITS and DIGITS + 20.  A compared value is the high-precision one with an uncertainty of
``TOLERANCE_DIGITS`` significant digits (or the two runs' difference, if larger); a claim is decided only when that
band decides it: a printed value when both ends of the band print the claimed digits (the rounding audit of
verify.checks.rounding), a relation when the band lies on one side of the bound, an exact value refuted when the
band excludes it and "agrees" when it lies inside.  Evidence ``numerical``: Newton's iterates are not enclosures,
so nothing here is a proof, and the message says so.
"""
from __future__ import annotations

import mpmath
import sympy

from verify.engines import certified, crosscheck
from verify.input.model import TIME, symbol
from verify.checks.kit import constant_values
from verify.checks.common import CheckError, Outcome, decide_equality, settle_audit_and_counts
from verify.checks.comparisons import OPERATORS
from verify.checks.rounding import RoundingAudit
from verify.errors import CrossCheckUnavailable

TOLERANCE_DIGITS = 30  # a value's uncertainty: 10^-30 relative (Newton runs to a residual of 10^-45 and 10^-65 here)
EXTRA_DIGITS = 20  # the second run's extra working precision
UNRESOLVED_DIGITS = 10  # two runs that do not agree to this many digits decide nothing: every comparison on them is an error
ABSOLUTE_FLOOR_DIGITS = 40  # ... unless they differ by less than 10^-40 (Newton's residual test is absolute: values near 0)


def _rational(value) -> sympy.Rational:
    """An mpmath number as the exact rational it is (mantissa times a power of two)."""
    sign, mantissa, exponent, _ = value._mpf_
    if abs(exponent) > certified.MAX_END_EXPONENT:  # AB2 on y' = e^y from 1000: e^(3 10^434) ran into the memory limit (a review)
        raise CheckError(f"the run blew up: a value of it is beyond 2^{certified.MAX_END_EXPONENT} in size (not compared)")
    return (-1) ** sign * sympy.Integer(mantissa) * sympy.Integer(2) ** exponent


class Band:
    """A high-precision value with its uncertainty: [value - width, value + width] as exact rationals."""

    def __init__(self, high, low_precision):
        if isinstance(high, mpmath.mpc) or isinstance(low_precision, mpmath.mpc):
            raise CheckError("the mpmath run left the real numbers (a complex value: the right-hand side was evaluated outside "
                             "its real domain, e.g. the square root of a negative number): no verdict")
        with mpmath.workdps(crosscheck.DIGITS + EXTRA_DIGITS):
            width = max(abs(high - low_precision), abs(high) * mpmath.mpf(10) ** -TOLERANCE_DIGITS,
                        mpmath.mpf(10) ** -(crosscheck.DIGITS + EXTRA_DIGITS - 5))
            self.value, self.other = high, low_precision
            self.low, self.high = _rational(high - 2 * width), _rational(high + 2 * width)
            # the two precisions do not agree to UNRESOLVED_DIGITS digits (and not merely below Newton's absolute residual):
            # the run did not converge to the method's values, so the band decides nothing (review of 2026-12-05: a
            # singular SDIRK-2 stage gave 7.4e141 and 3.4e101, and "y < 10^200" was verified on that band)
            difference = abs(high - low_precision)
            self.unresolved = (difference > max(abs(high), abs(low_precision)) * mpmath.mpf(10) ** -UNRESOLVED_DIGITS
                               and difference > mpmath.mpf(10) ** -ABSOLUTE_FLOOR_DIGITS)

    def disagreement(self) -> str:
        """Why a band this wide decides nothing (a step singular or nearly so at the claim's values: sdirk-2 with
        gamma h lam = 1, review of 2026-12-05, was reported as agreeing to 30 digits with whatever was claimed)."""
        with mpmath.workdps(crosscheck.DIGITS):
            return (f"the runs at {crosscheck.DIGITS + EXTRA_DIGITS} and {crosscheck.DIGITS} digits disagree ({mpmath.nstr(self.value, 12)} "
                    f"vs {mpmath.nstr(self.other, 12)}): a step singular or ill-conditioned at these values")

    def shown(self) -> str:
        with mpmath.workdps(crosscheck.DIGITS):
            return f"{mpmath.nstr(self.value, 25)} (± {mpmath.nstr(mpmath.mpf(self.high - self.low) / 2, 2)})"


def evaluate(claim, spec, reason: str, mp_run) -> Outcome:
    """``mp_run(digits)`` gives the twin's (t, y, trace, counts, nodes) at that working precision."""
    model = claim.model
    try:
        low = mp_run(crosscheck.DIGITS)
        high = mp_run(crosscheck.DIGITS + EXTRA_DIGITS)
    except CheckError as exc:
        raise CheckError(f"{reason}, and the numerical path failed: {exc}") from None
    y_low, trace_low, nodes_low = low.y, low.trace, low.nodes
    t_high, y_high, trace_high, counts, nodes_high = high.t, high.y, high.trace, high.counts, high.nodes
    branched = sorted(name for name in trace_high if len(trace_high[name]) != len(trace_low.get(name, []))
                      or (name == "accepted" and list(trace_high[name]) != list(trace_low[name])))  # same count, other branches
    if branched:  # an adaptive run's step-size test came out differently at the two precisions (a tie): no verdict
        raise CheckError(f"{reason}, and the numerical path's runs at {crosscheck.DIGITS} and {crosscheck.DIGITS + EXTRA_DIGITS} digits "
                         f"took different branches ({branched[0]} has {len(trace_low.get(branched[0], []))} and "
                         f"{len(trace_high[branched[0]])} values): a test too close to call")
    constants = constant_values(model, spec)
    audit = RoundingAudit(spec.digits, spec.rounding, spec.significant) if spec.digits is not None else None
    successes, failures, undecided, computed = [], [], [], {}
    unresolved = []  # undecided, each with its own reason (not "within 10^-30")

    def values_at(t, y, y_other, trace, trace_other):
        """Symbol -> (value, value at the lower precision) for the states, t and the last value of every quantity."""
        found = {symbol(TIME): (t, t)}
        found.update({symbol(s): pair for s, pair in zip(model.variables, zip(y, y_other))})
        for name, series in trace.items():
            if series and name not in model.variables and trace_other.get(name):
                found[symbol(name)] = (series[-1], trace_other[name][-1])
        return found

    def band(expression, found):
        """The value of ``expression`` at the end of the run: exact when it needs no computed value (t of a
        fixed-step run, an option), else a Band."""
        expression = expression.xreplace(constants)
        if exact_time is not None:
            expression = expression.xreplace({symbol(TIME): exact_time})
        if not expression.free_symbols:
            if not expression.is_Rational:
                raise CheckError(f"{expression} is known exactly but is not rational: the numerical path does not compare it")
            return expression
        variables = [s for s in expression.free_symbols]
        missing = [str(s) for s in variables if s not in found]
        if missing:
            raise CheckError(f"{reason}; the numerical path does not compute {', '.join(missing)}")
        try:
            with mpmath.workdps(crosscheck.DIGITS + EXTRA_DIGITS):
                function = crosscheck.compile_mp(expression, variables)
                return Band(function([found[s][0] for s in variables]), function([found[s][1] for s in variables]))
        except CrossCheckUnavailable as exc:
            raise CheckError(f"cannot evaluate {expression} on the numerical path: {exc}") from None

    def compare(label, value, claimed, claimed_text):
        """A claimed value against a Band (or an exact rational): printed digits by the audit; an exact value is
        refuted when the band excludes it, and left undecided when the band holds it (agreement to 30 digits is not
        equality)."""
        if claimed.free_symbols or not claimed.is_number:
            raise CheckError(f"claimed {label} = {claimed_text}: on the numerical path the claimed value must be a rational number")
        if isinstance(value, sympy.Basic):  # known exactly
            if audit and claimed.is_Rational:
                audit.add(label, value, claimed, claimed_text)
            else:
                equal, _ = decide_equality(value, claimed)
                if equal is None:
                    undecided.append(f"{label} = {claimed_text}")
                elif equal:
                    successes.append(f"{label} = {claimed_text} (exactly)")
                else:
                    failures.append(f"{label}: claimed {claimed_text}, computed {value}")
            return
        if value.unresolved:
            unresolved.append(f"{label} = {claimed_text} ({value.disagreement()})")
            return
        if audit and claimed.is_Rational:
            audit.add(label, (value.low, value.high, value.shown()), claimed, claimed_text)
            return
        with mpmath.workdps(crosscheck.DIGITS + EXTRA_DIGITS):
            target = crosscheck.mp_value(claimed) if not claimed.is_Rational else mpmath.mpf(int(claimed.p)) / int(claimed.q)
            low, high = (mpmath.mpf(int(v.p)) / int(v.q) for v in (value.low, value.high))
            if low <= target <= high and claimed.is_Integer and value.value == value.other == target:  # a flag or a count
                how = ("write digits = 0 for an integer such as a flag or a count" if claim.check != "forall" else  # a forall's digits
                       f'in a forall claim (whose digits are exactly_when\'s) write holds_relations = {{ "abs({label} - {claimed_text})" = "< 1/2" }}')
                unresolved.append(f"{label} = {claimed_text} (both runs give exactly {claimed_text}, but on this route an equality is "
                                  f"decided only as printed digits: {how})")
            elif low <= target <= high:
                undecided.append(f"{label} = {claimed_text} (it agrees to {TOLERANCE_DIGITS} digits, which proves no equality: give digits)")
            else:
                failures.append(f"{label}: claimed {claimed_text}, computed ≈ {value.shown()}")

    exact_time = None if spec.method.variable_step else spec.t0 + spec.steps * spec.method.step_length(spec.options)
    final = values_at(t_high, y_high, y_low, trace_high, trace_low)
    for comparison in spec.expect:
        value = band(comparison.quantity, final)
        computed[comparison.text] = value.shown() if isinstance(value, Band) else str(value)
        compare(comparison.text, value, comparison.claimed.xreplace(constants), comparison.claimed_text)
    for comparison in spec.at_nodes:
        for n, ((t, y), (_, y_other)) in enumerate(zip(nodes_high, nodes_low), 1):
            node = values_at(t, y, y_other, {}, {})
            node_time = None if spec.method.variable_step else spec.t0 + n * spec.method.step_length(spec.options)
            quantity = comparison.quantity.xreplace({symbol(TIME): node_time}) if node_time is not None else comparison.quantity
            claimed, claimed_text = comparison.at_node(n)
            compare(f"{comparison.text} at node {n}", band(quantity, node), claimed.xreplace(constants), claimed_text)
    for name, claimed_list in spec.trace.items():
        got, other = trace_high.get(name, []), trace_low.get(name, [])
        computed[f"trace {name}"] = "[" + ", ".join(crosscheck.show(g, 20) for g in got) + "]"
        if len(got) != len(claimed_list):
            failures.append(f"trace {name}: claimed {len(claimed_list)} values, computed {len(got)}")
            continue
        for index, (g, o, c, text) in enumerate(zip(got, other, claimed_list, spec.trace_texts[name]), 1):
            compare(f"trace {name} value {index}", Band(g, o), c.xreplace(constants), text)  # as written: 0.708980
    for relation in spec.relations:
        bound = relation.claimed.xreplace(constants)
        if bound.free_symbols or not bound.is_number:
            raise CheckError(f"{relation.text} {relation.op} {relation.claimed_text}: on the numerical path the bound must be a number")
        value = band(relation.quantity, final)  # the band of the quantity itself: its uncertainty is relative to its size
        if audit and relation.op == "==" and bound.is_Rational:  # a printed value, as on the exact path
            compare(relation.text, value, bound, relation.claimed_text)
            continue
        if not isinstance(value, Band):
            holds = OPERATORS[relation.op](sympy.sign(value - bound), 0) if bound.is_Rational else None
            if holds is None:
                raise CheckError(f"{relation.text} {relation.op} {relation.claimed_text}: on the numerical path the bound must be rational")
            (successes if holds else failures).append(f"{relation.text} = {value} {relation.op} {relation.claimed_text}" if holds else
                                                      f"{relation.text}: claimed {relation.op} {relation.claimed_text}, computed {value}")
            continue
        if value.unresolved:
            unresolved.append(f"{relation.text} {relation.op} {relation.claimed_text} ({value.disagreement()})")
            continue
        with mpmath.workdps(crosscheck.DIGITS + EXTRA_DIGITS):
            target = crosscheck.mp_value(bound) if not bound.is_Rational else mpmath.mpf(int(bound.p)) / int(bound.q)
            low, high = (mpmath.mpf(int(v.p)) / int(v.q) for v in (value.low, value.high))
            sign = 1 if low > target else -1 if high < target else None
        if sign is None:
            undecided.append(f"{relation.text} {relation.op} {relation.claimed_text}")
            continue
        holds = OPERATORS[relation.op](sign, 0)
        line = f"{relation.text} ≈ {value.shown()} {relation.op if holds else {'<': '>=', '<=': '>', '>': '<=', '>=': '<', '==': '!=', '!=': '=='}[relation.op]} {relation.claimed_text}"
        (successes if holds else failures).append(line if holds else f"{relation.text}: claimed {relation.op} {relation.claimed_text}, computed {line}")
    settle_audit_and_counts(audit, spec.counts, counts, successes, failures, undecided, computed)
    if failures and (unresolved or undecided):  # a value decided against the claim refutes it, whatever else is not decided
        failures.append(f"not decided: {', '.join(unresolved + undecided)}")
    elif unresolved:
        raise CheckError(f"{reason}; the numerical path could not decide {', '.join(unresolved + undecided)}")
    elif undecided:
        raise CheckError(f"{reason}; the numerical path could not decide {', '.join(undecided)}: the value lies within 10^-{TOLERANCE_DIGITS} "
                         "of the claimed value or of a rounding boundary")
    how = (f"numerical, not a proof: {reason}, so the mpmath path ran it (Newton's method on any implicit equation) at {crosscheck.DIGITS} "
           f"and {crosscheck.DIGITS + EXTRA_DIGITS} digits, each value taken to {TOLERANCE_DIGITS} significant digits")
    derivation = [f"route: numerical (the mpmath path, Newton's method on any implicit equation), because {reason}"]
    derivation += [f"step {n}: t = {crosscheck.show(t, 20)}, " + ", ".join(f"{s} = {crosscheck.show(v, 25)}" for s, v in zip(model.variables, y))
                   for n, (t, y) in enumerate(nodes_high, 1)][:50]
    status = "refuted" if failures else "verified"
    return Outcome(status, "numerical", "; ".join(failures or successes) + f" ({how})", computed, derivation)

