"""check = "run" on the certified path: a right-hand side that is not rational (sin, exp, sqrt of a state).

The method runs in interval arithmetic (verify.engines.certified) at increasing precision until every compared value
is decided: a value shown to ``digits`` decimals when its enclosure prints the same at both ends (the rounding
audit of verify.checks.rounding), a relation when the enclosure lies on one side of the bound, an exact value
refuted when the enclosure excludes it.  Equality of a transcendental value with a rational cannot be proved
by an enclosure: such a claim needs ``digits``.  A claimed closed form that is not rational (1/16 + 7 exp(3/2)/16)
is enclosed too: refuted when the enclosures are apart, otherwise undecided (an error that asks for digits).  The independent mpmath path must lie in every enclosure.
Evidence ``certified``.
"""
from __future__ import annotations

import flint
import mpmath
import sympy

from verify.engines import certified
from verify.engines import crosscheck
from verify.engines import rational
from verify.input.model import TIME, fingerprint_of, symbol
from verify.checks.kit import KeptRuns, constant_values, refuse_unstated_failure
from verify.checks.common import CheckError, Outcome, decimal_text, settle_audit_and_counts, shortened_formula
from verify.checks.comparisons import OPERATORS
from verify.checks.rounding import RoundingAudit
from verify.errors import CertifiedUnavailable, CrossCheckDisagrees, CrossCheckUnavailable, IntervalsOverlap


def _enclose(expression, variables, env):
    try:
        function = crosscheck.compile_mp(expression, variables, mpmath.iv)
    except CrossCheckUnavailable as exc:
        raise CheckError(f"cannot enclose {expression}: {exc}") from None
    try:
        ball = certified.Ball(function(env))
        ball.bounds()
    except (CertifiedUnavailable, ZeroDivisionError):  # 0/0 or 1/0 where it is read (an internal error until a review of 2026-12-06)
        raise CheckError(f"cannot enclose {expression}: its enclosure is not finite (a division by zero or a pole where it is "
                         "read)") from None
    return ball


def _known_exactly(quantity, t):
    """The exact value of a compared quantity that reads no state and no stage (the step, t at the end, the
    parameters, substituted already but for t), a Rational; None otherwise."""
    if quantity.free_symbols - {symbol(TIME)}:
        return None
    if not hasattr(t, "numerator"):  # t an enclosure (a step-size controller's irrational steps): t itself is not known
        return quantity if quantity.is_Rational else None
    value = quantity.xreplace({symbol(TIME): sympy.Rational(int(t.numerator), int(t.denominator))})
    return value if value.is_Rational else None


def _compare_known(label, known, claimed, claimed_text, audit, successes, failures):
    """A compared value known exactly (_known_exactly) against its claim: through the rounding audit with digits."""
    if audit:
        audit.add(label, known, claimed, claimed_text)
    elif known == claimed:
        successes.append(f"{label} = {claimed_text} (known exactly: the run does not enclose it)")
    else:
        failures.append(f"{label}: claimed {claimed_text}, computed {decimal_text(known)} (known exactly)")


def _shown(ball, digits: int | None = None) -> str:
    """The enclosure with 15 significant digits, or as many more as it takes to tell its ends apart: up to 60, or up to
    10 past a claim's ``digits``, so that the enclosure a claim to 100 decimals is decided on can be read (an adversarial
    review of 2026-12-07: it was shown to 60 digits)."""
    return certified.enclosure_text(*ball.bounds(), most=60 if digits is None else max(60, digits + 10))


_RUNS = KeptRuns(16)  # the interval runs per worker, kept under everything they depend on: claims about one run (a
# table's columns, a claim and its wrong version) make the same run, at the same precisions; MOOSE's eight SDIRK-2 steps
# on a stiff problem took 0.4 s for each of its four claims
MAX_KEPT_VALUES = 10_000  # a run that recorded more values than this (nodes and assignments) is not kept: made again


def _interval_run(interval_run, spec, model, bits):
    """interval_run(...) at ``bits``, kept under everything the run depends on for the next claim about the same run:
    its result, or its failure, raised again without running it again.  A claim reads a kept result and does not
    change it (run_certified.evaluate encloses its own expressions in it); a result of more than MAX_KEPT_VALUES
    recorded values is handed to this claim alone."""
    key = (interval_run.__module__, interval_run.__name__, spec.method.name, fingerprint_of(spec.options), model.fingerprint(),
           fingerprint_of(spec.parameter_values), repr(spec.t0), repr(list(spec.y0)), spec.steps, bits)

    def attempt():
        """("ran", the result) or ("failed", its failure)."""
        try:
            return "ran", interval_run(spec.method, model, spec.parameter_values, spec.options, spec.t0, spec.y0, spec.steps, bits)
        except (IntervalsOverlap, certified.CertifiedUnavailable, ValueError, ArithmeticError, TypeError) as exc:
            return "failed", (type(exc), exc.args)  # not the exception itself: its traceback holds the run's frames

    def small(made) -> bool:
        how, result = made
        if how == "failed":
            return True
        _, _, recorder, nodes = result
        return len(recorder.assignments) + len(nodes) <= MAX_KEPT_VALUES

    how, made = _RUNS.get(key, attempt, keep=small)
    if how == "failed":
        kind, args = made
        try:
            again = kind(*args)
        except Exception:  # an exception type that is not rebuilt from its args: the same message
            again = certified.CertifiedUnavailable(str(args[0]) if args else kind.__name__)
        raise again
    return made


def evaluate(claim, spec, reason: str, mp_run, interval_run=None, precisions=None, solved: str = "") -> Outcome:
    """``mp_run()`` gives the independent mpmath path's (t, y, trace, counts, nodes); ``interval_run`` the interval run
    (verify.engines.certified.run by default, certified_implicit.run for an implicit tableau) at each of ``precisions``
    (bits, certified.PRECISIONS by default) until every comparison is decided; ``solved`` says how an implicit route
    solved its stages (in the message and the route line of explain)."""
    interval_run = interval_run or certified.run
    precisions = precisions or certified.PRECISIONS
    model = claim.model
    parameters = constant_values(model, spec)
    for bits in precisions:
        try:
            t, y, recorder, nodes = _interval_run(interval_run, spec, model, bits)
        except IntervalsOverlap as exc:  # a step-size controller's test the enclosures do not decide yet: more bits, else say so
            if bits != precisions[-1]:
                continue
            raise CheckError(f"{reason}, and the certified path cannot run it at {bits} bits: {exc}") from None
        except (certified.CertifiedUnavailable, ValueError, ArithmeticError, TypeError) as exc:  # ComplexResult: sqrt of a negative
            # state; TypeError: an operation intervals do not have here (a comparison of two values, max of several)
            why = str(exc) if isinstance(exc, certified.CertifiedUnavailable) else f"{type(exc).__name__}: {exc}"
            raise CheckError(f"{reason}, and the certified path cannot run it: {why}") from None
        # the method's quantities at the end (a stage k2, Chapra's Heun step: "cannot enclose k2" before a review of
        # 2026-12-05), each an enclosure the run recorded; a stage of several states is read by its components (k2_x)
        recorded = {q: recorder.latest[q] for q in spec.method.quantity_names(model, spec.options) if q in recorder.latest}
        quantities = [q for q, value in recorded.items() if isinstance(value, certified.Ball)]
        # a quantity the run holds exactly (a controller's count of attempts, failed = 1 or 0): substituted, compared exactly
        held = {symbol(q): rational.to_sympy(value) for q, value in recorded.items()
                if not isinstance(value, certified.Ball) and hasattr(value, "denominator")}
        constants = {**parameters, **held}  # this precision's run's (a run at another precision holds its own)
        state_variables = [symbol(TIME)] + [symbol(s) for s in model.variables]
        variables = state_variables + [symbol(q) for q in quantities]
        audit = RoundingAudit(spec.digits, spec.rounding, spec.significant) if spec.digits is not None else None
        successes, failures, undecided, computed = [], [], [], {}
        balls = {}  # label -> the enclosure compared under it (why an undecided one is undecided)
        saved = mpmath.iv.prec
        mpmath.iv.prec = bits
        try:
            # t enclosed at this precision too (a review of 2026-12-06: built before the precision was set, the final t
            # was a 53-bit interval at every precision, and expect = { t = ... } at 20 digits never decided)
            env = [certified.interval(t)] + [v.iv for v in y] + [recorder.latest[q].iv for q in quantities]
            for comparison in spec.expect:
                claimed = comparison.claimed.xreplace(constants)
                known = _known_exactly(comparison.quantity.xreplace(constants), t)
                if known is not None and claimed.is_Rational:  # h, t, a parameter: no enclosure needed (a review of
                    computed[comparison.text] = decimal_text(known)  # 2026-12-06: expect = { h = "1/10" } was an error)
                    _compare_known(comparison.text, known, claimed, comparison.claimed_text, audit, successes, failures)
                    continue
                ball = balls[comparison.text] = _enclose(comparison.quantity.xreplace(constants), variables, env)
                computed[comparison.text] = _shown(ball, spec.digits)
                if claimed.is_Rational:
                    _compare(comparison.text, ball, claimed, comparison.claimed_text, audit, successes, failures, undecided)
                elif audit:  # a print of some decimals is a decimal
                    raise CheckError(f"claimed {comparison.text} = {comparison.claimed_text}: with digits the claimed value is the printed "
                                     "decimal, not an expression")
                else:  # a closed form (1/16 + 7*exp(3/2)/16): refuted when the two enclosures are apart, never proved equal
                    _check_magnitude(claimed, comparison.claimed_text)
                    _compare_closed_form(comparison.text, ball, _enclose(claimed, [], []), comparison.claimed_text, failures, undecided)
            for comparison in spec.at_nodes:
                unknown = comparison.quantity.xreplace(constants).free_symbols - set(state_variables)
                if unknown:  # a stage: its value at each node is not kept ("k2_v has no value in the cross-check" before)
                    raise CheckError(f"{comparison.text}: {', '.join(sorted(map(str, unknown)))} has no value at a node: expect_at_nodes "
                                     "reads t and the states at each node")
                shown = []
                for n, (t_n, y_n) in enumerate(nodes, 1):
                    claimed, claimed_text = comparison.at_node(n)
                    claimed = claimed.xreplace(constants)
                    if not claimed.is_Rational:
                        raise CheckError(f"claimed {comparison.text} = {claimed_text} at node {n}: on the certified path the claimed value "
                                         "must be a rational number")
                    known = _known_exactly(comparison.quantity.xreplace(constants), t_n)
                    if known is not None:  # t at the node: exact, as in expect
                        shown.append(decimal_text(known))
                        _compare_known(f"{comparison.text} at node {n}", known, claimed, claimed_text, audit, successes, failures)
                        continue
                    ball = balls[f"{comparison.text} at node {n}"] = _enclose(comparison.quantity.xreplace(constants), state_variables,
                                                                              [certified.interval(t_n)] + [v.iv for v in y_n])
                    shown.append(_shown(ball, spec.digits))
                    _compare(f"{comparison.text} at node {n}", ball, claimed, claimed_text, audit, successes, failures, undecided)
                computed[f"{comparison.text} at nodes"] = "[" + ", ".join(shown) + "]"
            for name, claimed_list in spec.trace.items():
                got = spec.method.trace_values(recorder, name, model)
                if any(isinstance(g, tuple) for g in got):
                    raise CheckError(f"{reason}; a trace of stage values ({name}) is not on the certified path yet: trace states")
                exact = [not isinstance(g, certified.Ball) and hasattr(g, "denominator") for g in got]  # a controller's
                # exact values (its first step h_max, the count of attempts, accepted = 1 or 0) are compared exactly
                if name not in model.variables and (not got or not all(isinstance(g, certified.Ball) or e for g, e in zip(got, exact))):
                    # a quantity this run does not record (backward Euler's residual r_d_x on the certified implicit route):
                    # not "computed 0 values" (a review of 2026-12-06 found a true claim refuted so)
                    raise CheckError(f"{reason}; {name} is not recorded on the certified path")
                computed[f"trace {name}"] = "[" + ", ".join(decimal_text(rational.to_sympy(g)) if e else _shown(g, spec.digits) for g, e in zip(got, exact)) + "]"
                if len(got) != len(claimed_list):
                    failures.append(f"trace {name}: claimed {len(claimed_list)} values, computed {len(got)}")
                    continue
                for index, (g, c) in enumerate(zip(got, claimed_list), 1):
                    if not c.xreplace(constants).is_Rational:  # 1 + sin(1)/2: compared with an enclosure's rational ends, an
                        raise CheckError(f"claimed trace {name} value {index} = {spec.trace_texts[name][index - 1]}: on the certified "
                                         "path the claimed value must be a rational number")  # internal error (review of 2026-12-05)
                    if not isinstance(g, certified.Ball):
                        _compare_known(f"trace {name} value {index}", rational.to_sympy(g), c.xreplace(constants), spec.trace_texts[name][index - 1],
                                       audit, successes, failures)
                        continue
                    balls[f"trace {name} value {index}"] = g
                    _compare(f"trace {name} value {index}", g, c.xreplace(constants), spec.trace_texts[name][index - 1], audit, successes,
                             failures, undecided)
            for relation in spec.relations:
                bound = relation.claimed.xreplace(constants)
                known = _known_exactly(relation.quantity.xreplace(constants) - bound, t)
                if known is not None and not (audit and relation.op == "=="):  # t == 3/10: decided exactly, as in expect
                    holds = OPERATORS[relation.op](known, 0)
                    line = f"{relation.text} - ({relation.claimed_text}) = {decimal_text(known)} (known exactly)"
                    (successes if holds else failures).append(line if holds else f"{relation.text}: claimed {relation.op} "
                                                                                 f"{relation.claimed_text}, computed {line}")
                    continue
                if audit and relation.op == "==" and bound.is_Rational:  # a printed value, as on the exact path
                    ball = balls[relation.text] = _enclose(relation.quantity.xreplace(constants), variables, env)
                    audit.add(relation.text, (*ball.bounds(), _shown(ball, spec.digits)), bound, relation.claimed_text)
                    computed[relation.text] = _shown(ball, spec.digits)
                    continue
                ball = _enclose(relation.quantity.xreplace(constants) - bound, variables, env)
                low, high = ball.bounds()
                if not (low > 0 or high < 0):  # undecided: its width is judged against the quantity's own enclosure (the
                    balls[relation.text] = _enclose(relation.quantity.xreplace(constants), variables, env)  # difference holds 0)
                sign = 1 if low > 0 else -1 if high < 0 else None
                if sign is None:
                    undecided.append(relation.text)
                    continue
                holds = OPERATORS[relation.op](sign, 0)
                line = f"{relation.text} - ({relation.claimed_text}) ∈ {_shown(ball, spec.digits)}"
                (successes if holds else failures).append(line if holds else f"{relation.text}: claimed {relation.op} {relation.claimed_text}, computed {line}")
        finally:
            mpmath.iv.prec = saved
        settle_audit_and_counts(audit, spec.counts, recorder.counts, successes, failures, undecided, computed)
        if not undecided:
            break
    else:
        wide = [label for label, ball in balls.items() if any(u == label or u.startswith(f"{label} ") for u in undecided)
                and _wider_than_its_value(ball, bits)]
        if wide:  # LeVeque's stiff Euler run over 2,000 steps: the width grows 3.1x a step (review of 2026-12-05: "a tie")
            raise CheckError(f"{reason}; the certified path could not decide {', '.join(undecided)} at {precisions[-1]} bits: "
                             f"the enclosure of {wide[0]}, {_shown(balls[wide[0]], spec.digits)}, is wider than the value itself (interval arithmetic "
                             "overestimates more at every step, as over a long stiff or rotating run), not a tie")
        straddling = [label for label in balls if any(u == label or u.startswith(f"{label} ") for u in undecided)]
        shown = f"; the enclosure of {straddling[0]} is {_shown(balls[straddling[0]], spec.digits)}" if straddling else ""  # a tie, or one
        # grown wide over a run near a blow-up (a review of the tenth session: the reason alone said "a tie")
        raise CheckError(f"{reason}; the certified path could not decide {', '.join(undecided)} at {precisions[-1]} bits "
                         f"(an enclosure still straddles the claimed value or a rounding boundary: a tie, or an equality that needs digits{shown})")
    _cross_check(mp_run(), model, y, recorder, spec, quantities)
    how = (f"certified: interval arithmetic (mpmath.iv) at {bits} bits{', ' + solved if solved else ''}, because {reason}; mpmath "
           f"{crosscheck.DIGITS}-digit cross-check lies in every enclosure")
    derivation = [f"route: certified interval run at {bits} bits{', ' + solved if solved else ''} ({reason})"]
    shown = range(len(recorder.assignments))
    if len(shown) > 2 * SHOWN_ASSIGNMENTS:  # a long run: its first and last values (each an enclosure written out)
        shown = [*range(SHOWN_ASSIGNMENTS), *range(len(shown) - SHOWN_ASSIGNMENTS, len(shown))]
    for i in shown:
        where, name, value = recorder.assignments[i]
        if i == len(recorder.assignments) - SHOWN_ASSIGNMENTS and len(recorder.assignments) > 2 * SHOWN_ASSIGNMENTS:
            derivation.append(f"... ({len(recorder.assignments) - 2 * SHOWN_ASSIGNMENTS} values not shown) ...")
        derivation.append(f"{where}: {name} = " + (f"{shortened_formula(recorder.formulas[i])} = " if i in recorder.formulas else "") +
                          (", ".join(map(repr, value)) if isinstance(value, tuple) else f"{value}"))  # a stage's components
    if recorder.failure:  # a step-size controller that stopped (h below h_min, max_attempts), as the exact path says it
        note = f"run failed: {recorder.failure}"
        derivation.append(note)
        (successes if not failures else failures).insert(0, note)
    if failures:
        return Outcome("refuted", "certified", "; ".join(failures) + f" ({how})", computed, derivation)
    refuse_unstated_failure(spec, recorder.failure)
    return Outcome("verified", "certified", "; ".join(successes) + f" ({how})", computed, derivation)


SHOWN_ASSIGNMENTS = 200  # a derivation shows the first and the last this many values of a longer run


def _wider_than_its_value(ball, bits: int) -> bool:
    """Whether the enclosure has grown wider than its value: its width exceeds the magnitude of its midpoint and
    2^(-bits/2) (a value that is 0 exactly, enclosed to within 2^-600, is a tie, not a blown-up enclosure)."""
    low, high = ball.bounds()
    return high - low > max(abs(low + high) / 2, sympy.Rational(1, 2 ** (bits // 2)))


def _compare(label, ball, claimed, claimed_text, audit, successes, failures, undecided):
    low, high = ball.bounds()
    if audit:
        audit.add(label, (low, high, _shown(ball, audit.places)), claimed, claimed_text)
        return
    if claimed < low or claimed > high:
        failures.append(f"{label}: claimed {claimed_text}, computed ∈ {_shown(ball)} (excludes {decimal_text(claimed)})")
    elif low == high:  # a point enclosure is the exact value: Euler's first step on y' = -y + sin(t) from t = 0
        successes.append(f"{label} = {claimed_text} (its enclosure is the single point {decimal_text(claimed)})")
    else:
        undecided.append(f"{label} = {claimed_text} (an enclosure can refute an exact value, never prove it: give digits)")


MAX_CLOSED_FORM_BITS = 4096  # a claimed closed form beyond 2^this in size is not enclosed (exp(exp(30)) exhausted memory)


def _check_magnitude(claimed, claimed_text) -> None:
    """CheckError unless the claimed closed form is a finite number below 2^MAX_CLOSED_FORM_BITS in size: a first
    enclosure in python-flint's arb balls at 64 bits (their exponents are integers of any size, so exp(exp(30)) is one
    ball at once), before mpmath's intervals enclose it at the run's precision (a final review of 2026-12-05: a
    claimed exp(exp(30)) ran 45 s into the memory limit)."""
    try:
        with flint.ctx.workprec(64):
            rough = crosscheck.compile_mp(claimed, [], crosscheck.BALLS)([])
            small = rough.is_finite() and abs(rough) < flint.arb(2) ** MAX_CLOSED_FORM_BITS
    except (CrossCheckUnavailable, ArithmeticError, ValueError, TypeError) as exc:
        raise CheckError(f"claimed {claimed_text}: its closed form cannot be enclosed ({exc})") from None
    if not small:
        raise CheckError(f"claimed {claimed_text}: its closed form is not a finite number below 2^{MAX_CLOSED_FORM_BITS} in size "
                         "(enclosed in arb at 64 bits), which the certified route does not enclose")


def _compare_closed_form(label, ball, claimed_ball, claimed_text, failures, undecided):
    """A claimed value that is not rational (exp(3/2), sqrt(2)), enclosed at the same precision: refuted when the two
    enclosures are disjoint; else undecided, since two enclosures that overlap prove no equality."""
    low, high = ball.bounds()
    claimed_low, claimed_high = claimed_ball.bounds()
    if claimed_high < low or claimed_low > high:
        failures.append(f"{label}: claimed {claimed_text} ∈ {_shown(claimed_ball)}, computed ∈ {_shown(ball)} (the enclosures are apart)")
    else:
        undecided.append(f"{label} = {claimed_text} (its enclosure meets the computed one: enclosures can refute a closed form, "
                         "never prove it: give digits)")


def _cross_check(mp, model, y, recorder, spec, quantities=()):
    mp_y, mp_trace = mp.y, mp.trace
    for name, ball, approx in zip(model.variables, y, mp_y):
        _inside(name, ball, approx)
    compared = set().union(*(c.quantity.free_symbols | c.claimed.free_symbols for c in [*spec.expect, *spec.relations]))  # a
    # quantity on the bound's side ("0" = "< k2") too (a second review of 2026-12-05)
    for name in quantities:  # a method quantity a claim compares: the twin's last value of it must lie in its enclosure
        if symbol(name) in compared:
            if not mp_trace.get(name):
                raise CheckError(f"the cross-check does not compute {name} (its {crosscheck.DIGITS}-digit run recorded no value of it)")
            _inside(name, recorder.latest[name], mp_trace[name][-1])
    for name in spec.trace:
        for index, (ball, approx) in enumerate(zip(spec.method.trace_values(recorder, name, model), mp_trace.get(name, [])), 1):
            if isinstance(ball, tuple):
                for b, a in zip(ball, approx):
                    _inside(f"trace {name} value {index}", b, a)
            else:
                _inside(f"trace {name} value {index}", ball, approx)


def _inside(label, ball, approx):
    with mpmath.workdps(crosscheck.DIGITS + 20):
        return _inside_at_precision(label, ball, approx)


def _inside_at_precision(label, ball, approx):
    if isinstance(ball, certified.Ball):  # its ends as mpmath numbers (rounded within the slack), not as rationals: a state
        low, high = mpmath.mpf(ball.iv.a), mpmath.mpf(ball.iv.b)  # that decays to 2^-8,000,000 beside the one compared has
        # ends no rational is written for (an internal error in a review of 2026-12-07)
    else:
        exact = rational.to_sympy(ball)
        low = high = mpmath.mpf(int(exact.p)) / int(exact.q)
    slack = mpmath.mpf(10) ** (-(crosscheck.DIGITS - 8)) * max(1, abs(approx))
    if not (low - slack <= approx <= high + slack):
        raise CrossCheckDisagrees(f"the certified enclosure of {label} [{mpmath.nstr(low, 15)}, {mpmath.nstr(high, 15)}] does not contain the mpmath value "
                         f"{crosscheck.show(approx)}")
