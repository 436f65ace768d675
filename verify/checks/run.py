"""check = "run": run a method exactly and compare values, traces and evaluation counts.

Every compared value is recomputed on the independent mpmath path
(verify.engines.crosscheck); if the two paths disagree the claim is an ``error``.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field


import mpmath
import sympy

from verify.engines import certified, crosscheck, number_field
from verify.engines import rational
from verify.input.expr import quoted
from verify.input.load import Claim, LoadError
from verify.engines.methods import ExactSystem, Method, MethodError, run
from verify.engines.methods.base import MAX_COUNT, ExactSizeError, Recorder, SpecialValuesSystem
from verify.engines.methods.multistep import LinearMultistep
from verify.errors import AffineSizeError, CrossCheckDisagrees, ExactSizeProjected
from verify.input.model import TIME, fingerprint_of, initial_name, symbol
from verify.checks.common import (CheckError, Context, DEFAULT_CONTEXT, decide_equality, exact_text, join_limited, Outcome, relative_margin,
                                  short_text, shortened_formula)
from verify.checks.rounding import MODES as ROUNDING_MODES_AND_TRUNCATION
from verify.checks.rounding import RoundingAudit, read_digits, read_significant, round_decimal, rounding_rule
from verify.checks.comparisons import OPERATORS
from verify.checks.kit import (
    Comparison, KeptRuns, refuse_shadowed_names,
    check_exact_start, claim_table, constant_values, flag_value, initial_values, method_and_options, newton_to_precision,
    parameter_substitutions, read_comparison, read_rational,
    read_relation, refuse_unstated_failure, result_names, solution_call, validated)
from verify.engines import twins
from verify.errors import CrossCheckUnavailable
from verify.errors import SolverFailure
from verify.outcome import decimals
from verify.checks.kind import ClaimKind

KEYS = {"method", "options", "initial", "steps", "expect", "trace", "counts", "digits", "significant", "rounding", "expect_at_nodes",
        "expect_relations"}
DECISION_MARGIN = "the closest accept/reject test (its relative gap)"  # a forall instance's margin (RunSpec.decision_margin)
DECISION_QUANTITIES = ("accepted", "rejections", "attempts", "accepted_steps", "failed")  # counts of accept/reject decisions


@dataclass(frozen=True)
class RunSpec:
    method: Method
    options: dict
    t0: sympy.Rational
    y0: list
    steps: int
    expect: list
    at_nodes: list
    trace: dict
    counts: dict
    digits: int | None
    parameter_values: dict
    trace_texts: dict  # name -> the claimed values as written
    relations: list  # Comparisons with an operator
    rounding: str | None = None  # with digits: the printing rule every value must follow (None: one common rule)
    decision_margin: bool = False  # a forall instance comparing an accept/reject count: the closest test's gap is a margin
    significant: bool = False  # digits counts significant figures (the key significant), not decimals


def prepare(claim: Claim) -> RunSpec:
    table, model = claim.table, claim.model
    method, options = method_and_options(claim, "run")
    t0, y0 = initial_values(claim)
    check_exact_start(claim, options, t0, y0)
    steps = read_rational(claim, table.get("steps", 1), "steps")
    if not (steps.is_Integer and 1 <= steps <= MAX_COUNT):
        raise LoadError(f"steps must be an integer from 1 to {MAX_COUNT}, got {steps}")
    validated(method, model, options, steps=int(steps))
    names = result_names(model, method, options)
    algebraic = _algebraic_method(method, options)
    calls = {"solution": solution_call(model, (parameter_substitutions(claim), t0, y0))}
    refuse_shadowed_names(claim, names, calls, options, ("expect", "expect_at_nodes", "expect_relations", "trace"), method)
    expect = [read_comparison(claim, key, value, names, calls, "expect") for key, value in claim_table(table, "expect").items()]
    at_nodes = [_at_nodes_entry(claim, key, value, names, calls, int(steps)) for key, value in claim_table(table, "expect_at_nodes").items()]
    relations = [read_relation(claim, key, value, names, calls) for key, value in claim_table(table, "expect_relations").items()]
    trace = {}
    for name, values in claim_table(table, "trace").items():
        if name not in model.variables and name not in method.quantity_names(model, options):
            raise LoadError(f"trace key {quoted(name)}: only states and the method's quantities ({', '.join(method.quantity_names(model, options)) or 'none'}) can be traced"
                            " (a column of an expression such as solution(y) at every step: steps = \"n\" with cases = [{ n = 1, v = \"...\" }, "
                            "...] and expect = { \"solution(y)\" = \"v\" })")
        if not isinstance(values, list):
            raise LoadError(f"trace.{name} must be a list of values")
        trace[name] = [read_exact(claim, flag_value(v), f"trace.{name}", names, algebraic) for v in values]
    counts = {}
    for name, value in claim_table(table, "counts").items():
        if name not in ("rhs", "jacobian") and name not in model.blocks:  # jacobian: as the README documents it (a review)
            raise LoadError(f"counts.{name}: count 'rhs', 'jacobian' or a block of the model ({', '.join(model.blocks) or 'none'})")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise LoadError(f"counts.{name} must be a non-negative integer")
        counts[name] = value
    digits = read_digits(table)
    significant = read_significant(table, digits)
    digits = significant if significant is not None else digits
    rounding = rounding_rule(table, digits)
    if not (expect or at_nodes or relations or trace or counts):
        raise LoadError("a run claim needs at least one of expect, expect_at_nodes, expect_relations, trace, counts")
    trace_texts = {name: [str(flag_value(v)) for v in claim_table(table, "trace")[name]] for name in trace}
    return RunSpec(method, options, t0, y0, int(steps), expect, at_nodes, trace, counts, digits, dict(claim.parameters), trace_texts, relations,
                   rounding, significant=significant is not None)


def _algebraic_method(method, options) -> bool:
    """Does the method compute over an algebraic field (a tableau with sqrt(3)), so that claimed values may be
    algebraic numbers too?"""
    if method.real_roots:
        return True
    try:
        return not number_field.is_rational_field(method.number_field(options))
    except (rational.NotRational, MethodError):
        return False


def _at_nodes_entry(claim, key, value, names, calls, steps: int):
    """One ``expect_at_nodes`` entry: a value that holds at every macro node, or a list with one value per node (a
    column of a table: t, the exact solution, the error |y(t_i) - w_i|), node 1 first."""
    if not isinstance(value, list):
        return read_comparison(claim, key, value, names, calls, "expect_at_nodes")
    if len(value) != steps:
        first = (" (the start t0 is not a node: leave out the first value, the table's row at t0)" if len(value) == steps + 1 else "")
        raise LoadError(f"expect_at_nodes.{key}: {len(value)} values for {steps} macro nodes: a list has one value per node after the "
                        f"start{first}")
    cells = [read_comparison(claim, key, v, names, calls, "expect_at_nodes") for v in value]
    return Comparison(key, cells[0].quantity, cells[0].claimed, cells[0].claimed_text,
                      column=tuple((c.claimed, c.claimed_text) for c in cells))


def read_exact(claim, value, key, names=None, algebraic: bool = False) -> sympy.Expr:
    """A claimed value: a rational (``read_rational``), or for a run over an algebraic field also a closed real
    number such as -229/142 - 25*sqrt(2)/284."""
    if not algebraic:
        return read_rational(claim, value, key, names)
    number = claim.value(value, key, names)
    if not number.free_symbols and not (number.is_number and number.is_real is not False):
        raise LoadError(f"{key}: {number} is not a real number")
    return number


# --- evaluation ------------------------------------------------------------------------------


def _known_values(spec: RunSpec, model, t, y, quantities=None, exact=rational.to_sympy, constants=None) -> dict:
    """Symbol -> exact value for everything an expect expression may mention, at time t and state y (``exact``
    turns the run's recorded quantities into sympy numbers: RunResult.exact; ``constants``: constant_values, when
    the caller has them already, as a node table has for all its nodes)."""
    values = {symbol(k): exact(v) for k, v in (quantities or {}).items() if k in spec.method.quantity_names(model, spec.options)}
    values[symbol(TIME)] = t
    values.update({symbol(s): v for s, v in zip(model.variables, y)})
    values.update(constant_values(model, spec) if constants is None else constants)
    return values


def substituted(expression, values: dict):
    """``expression`` with every symbol of ``values`` replaced, as ``subs(values)`` gives it (a value may name another
    key: T/N with N known), by ``xreplace`` to a fixed point: 10-100x faster than subs on expressions with sqrt and
    exp (subs re-evaluates at every step of its pattern matching)."""
    keys = values.keys()
    for _ in range(8):
        expression = expression.xreplace(values)
        if not any(s in keys for s in expression.free_symbols):
            return expression
    return expression.subs(values)


def _exact_value(expression, values, what) -> sympy.Expr:
    """The exact value of ``expression``: a rational, or any closed real number (1/2 - sqrt(3)/6 in a run over an
    algebraic field, e - 64/27 for solution(y) - y), compared by ``_equal`` (exactly in a number field, else by an
    interval enclosure, whose evidence is certified)."""
    result = substituted(expression, values)
    if result.is_Rational or (result.is_number and not result.free_symbols and result.is_real is not False and not result.has(sympy.nan)):
        return result  # (0/0 at a node is nan, whose is_real sympy leaves open: it was handed on, an internal error)
    if result.free_symbols:  # a quantity the run did not compute (error_ratio where a tolerance is 0: no finite ratio)
        names = ", ".join(sorted(map(str, result.free_symbols)))
        if " at node " in what:
            raise CheckError(f"{what}: {names} has no value at a node: expect_at_nodes reads t and the states at each node; a method "
                             "quantity is compared after the last step, under expect")
        why = ": error_ratio exists only where every tolerance is positive" if "error_ratio" in names else ""
        raise CheckError(f"{what}: {names} has no value in this run{why}")
    raise CheckError(f"{what} = {result} cannot be evaluated exactly")


def _equal(a, b, how: set) -> bool:
    """a == b for exact values: rationals directly, algebraic numbers in the field they generate
    (verify.engines.number_field); anything else only when an interval enclosure of a - b excludes 0, which adds
    "certified" to ``how``."""
    equal, enclosure = decide_equality(a, b)
    if equal is None:
        raise CheckError(f"cannot decide whether {short_text(a)} = {short_text(b)}: neither exactly (no common number field) nor by "
                         f"an enclosure of the difference ({enclosure})")
    if enclosure is not None:
        how.add("certified")
    return equal


def _audited(value, places: int):
    """What the rounding audit reads: the exact rational itself, or for an irrational value an enclosure
    (low, high, text) refined until every printing rule gives the same ``places`` decimals at both ends (an
    irrational number is never a tie, but one within 2^-4096 of a rounding boundary is not decided: an error)."""
    if value.is_Rational:
        return value
    try:
        function = crosscheck.compile_mp(value, [], mpmath.iv)
    except CrossCheckUnavailable as exc:
        raise CheckError(f"cannot enclose {short_text(value)}: {exc}") from None
    saved = mpmath.iv.prec
    try:
        for bits in (64, 128, 256, 512, 1024, 2048, 4096):
            mpmath.iv.prec = bits
            low, high = certified.interval_ends(function([]))
            if all(round_decimal(low, places, mode) == round_decimal(high, places, mode) for mode in ROUNDING_MODES_AND_TRUNCATION):
                break
            if bits == 128:  # on a printing boundary itself? y + y^3/2 at backward Euler's root of y^3 + 2y - 2 is exactly 1,
                # and 1.0000 at digits = 4 was an error (a review of 2026-12-06): the nearest half unit, tested exactly
                boundary = sympy.Rational(round((low + high) * 10**places), 2 * 10**places)
                equal, enclosure = decide_equality(value, boundary)
                if equal and enclosure is None:
                    return boundary
        else:
            raise CheckError(f"{short_text(value)} lies within 2^-4096 of a rounding boundary at {decimals(places)}: its printed digits are "
                             "not decided")
    finally:
        mpmath.iv.prec = saved
    return low, high, f"{certified.enclosure_text(low, high, digits=30, most=30)} (the exact value {short_text(value)})"


def _audit(audit, label, got, claimed, how, claimed_text=None) -> None:
    """Add a printed value to the rounding audit (an irrational one by its enclosure, which adds "certified" to ``how``)."""
    value = _audited(got, audit.places_for(label, claimed))
    if isinstance(value, tuple):
        how.add("certified")
    audit.add(label, value, claimed, claimed_text)


def _mp_value(expression, values, what):
    try:
        return crosscheck.mp_value(expression, values)
    except CrossCheckUnavailable as exc:
        raise CheckError(f"cross-check of {what}: {exc}") from None
    except (ZeroDivisionError, ValueError, OverflowError) as exc:  # a pole the exact value did not show (an internal error until 2026-12-06)
        raise CheckError(f"cross-check of {what}: {type(exc).__name__} in its mpmath value") from None


@dataclass
class Findings:
    """What the comparisons of one run claim found: one line per success or failure, the paths' disagreements, the
    computed values, the margins of relations, and how each was decided ("certified" when by an enclosure)."""

    successes: list = field(default_factory=list)
    failures: list = field(default_factory=list)
    disagreements: list = field(default_factory=list)
    computed: dict = field(default_factory=dict)
    margins: dict = field(default_factory=dict)
    how: set = field(default_factory=set)

    @property
    def evidence(self) -> str:
        return "certified" if "certified" in self.how else "exact"


@dataclass
class Paths:
    """The exact run and its twin, and the symbol -> value maps an expectation is evaluated in on each."""

    result: object  # verify.engines.methods.RunResult
    final: list  # the exact final state as sympy numbers
    twin: object  # verify.engines.twins.TwinRun
    values: dict  # exact values at the end of the run
    mp_values: dict  # the twin's values at the end of its run
    problem: object  # the twin's Problem
    twin_seconds: float = 0.0  # how long the twin's run took


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    """The pipeline: the exact run (or, where it cannot run, the certified or numerical route), the twin, one check
    per family of expectations, one verdict."""
    spec, model = claim.spec, claim.model
    exact = _exact_run(claim, spec, model)
    if isinstance(exact, Outcome):
        return exact
    system, result = exact
    paths = _paths(spec, model, system, result)
    findings, audit = _findings(spec, model, paths)
    if findings.disagreements and paths.twin.stepped and paths.twin.digits == crosscheck.DIGITS:  # a twin taken step by step, whose run
        # may magnify its rounding (not one run finer already: _twin_run's, resolved at its digits)
        finer, why = _mp_run_finer(paths.problem, paths.twin, paths.twin_seconds)  # (a power reads its map finer itself)
        if finer is not None:
            paths = _paths(spec, model, system, result, finer)
            findings, audit = _findings(spec, model, paths)
        elif why:
            findings.disagreements.append(why)
    if spec.decision_margin and result.recorder.tolerance_gaps:
        # an exact tie counts as the tightest positive margin, not 0 (holding with equality): a window of rejection can
        # sit right next to it, which a margin of 0 hid from the descent (a review of 2026-12-06)
        closest = min(abs(g) for g in result.recorder.tolerance_gaps)
        findings.margins[DECISION_MARGIN] = max(float(closest), sys.float_info.min)
    return _verdict(spec, model, paths, audit, findings)


def _exact_run(claim, spec, model):
    """(system, result) of the exact run; where it cannot run, the Outcome of the certified or numerical route."""
    try:
        system = ExactSystem(model, spec.parameter_values)
    except rational.NotRational as exc:  # sin, exp, ... of a state: exact where every value is a special one, else the
        special = _exact_at_special_values(spec, model)  # certified interval route
        return special if special is not None else _fallback_route(claim, spec, f"the right-hand side is not rational ({exc})")
    exact = lambda project: run(spec.method, system, spec.options, spec.t0, spec.y0, spec.steps, bool(spec.trace),  # noqa: E731
                                nodes=bool(spec.at_nodes), quantities=_run_quantities_read(spec, model), algebraic=True, project=project)
    undecided = None  # the certified route's error after a projection: not tried again if the exact run hits the limit
    try:
        try:  # projected only where the certified route for explicit steps can take the run (not a co-simulation, not a DAE)
            result = exact(project=_certified_fallback(spec, model) and not model.subsystems and not model.algebraic)
        except ExactSizeProjected as exc:  # the values double (or more) every step: the certified route now, not at the limit
            try:
                return _fallback_route(claim, spec, f"the exact rationals grow too large: {exc}")
            except CheckError as error:  # where it does not decide, the exact run goes on as far as the limit lets it
                undecided = error
                result = exact(project=False)
    except rational.NotRational as exc:
        return _fallback_route(claim, spec, f"the exact path cannot run this ({exc})")
    except ZeroDivisionError:
        raise CheckError("division by zero in an exact step") from None
    except number_field.BranchUndecided as exc:
        raise CheckError(f"{exc}; the SPEC's root (the one that tends to y0 as h -> 0) does not exist or is not decided here, "
                         "so the claim is not decided") from None
    except ExactSizeError as exc:  # a nonlinear model's rationals explode: enclosures instead, where they decide
        if undecided is not None:  # ... as they did not after the projection (the same run: not made twice)
            raise undecided
        return _fallback_route(claim, spec, f"the exact rationals grow too large: {exc}", exc if isinstance(exc, AffineSizeError) else None)
    return system, result


def _findings(spec, model, paths) -> tuple:
    """(Findings, the rounding audit or None) of every family of expectations on ``paths``."""
    findings = Findings()
    audit = RoundingAudit(spec.digits, spec.rounding, spec.significant) if spec.digits is not None else None
    _check_expect(spec, paths, audit, findings)
    _check_at_nodes(spec, model, paths, audit, findings)
    _check_trace(spec, model, paths, audit, findings)
    _check_counts(spec, paths, findings)
    _check_relations(spec, paths, audit, findings)
    return findings, audit


SPECIAL_VALUES_STEPS = 200  # a run longer than this goes to the certified route at once (methods.base.SpecialValuesSystem)
SPECIAL_VALUES_BITS = 100_000  # ... and one whose values pass this size, or show they will (the step loop's projection): Butler's
# AB2 table on y' = 0.2 y - 0.01 y^2 + sin(2 pi t) at integer t, 20 steps, ran 29 s to the 4,000,000-bit guard first


def _exact_at_special_values(spec, model):
    """(system, result) of the exact run of a right-hand side that is not rational (sin(pi t)) where each of its
    evaluations is a rational number (methods.base.SpecialValuesSystem), or None: a run of more than SPECIAL_VALUES_STEPS
    steps, a co-simulation or DAE, an irrational value at some evaluation, values too large, or a method whose exact step
    needs its number field (the certified route is taken then, as before this one)."""
    if spec.steps > SPECIAL_VALUES_STEPS or model.subsystems or model.algebraic:
        return None
    try:
        system = SpecialValuesSystem(model, spec.parameter_values)
        return system, run(spec.method, system, spec.options, spec.t0, spec.y0, spec.steps, bool(spec.trace), nodes=bool(spec.at_nodes),
                           quantities=_run_quantities_read(spec, model), size_limit=SPECIAL_VALUES_BITS, project=True)
    except (rational.NotRational, ExactSizeError, ZeroDivisionError, number_field.BranchUndecided, MethodError):
        return None  # (MethodError: a step this route cannot take, such as an implicit one it cannot solve exactly)


def _paths(spec, model, system, result, twin=None) -> Paths:
    """The twin's run of the same problem (``twin``, if it has been run), and the values at the end of both runs."""
    final = [result.exact(v) for v in result.y]
    problem = twins.Problem.of_system(spec.method.name, spec.options, system, spec.t0, spec.y0, spec.steps,
                                      solution=solution_expressions(model, system.substitutions, spec.y0),
                                      tie_branches=_tolerance_tests(result))
    seconds = 0.0  # the CPU seconds of the twin's run (solve_finer's budget is in them)
    if twin is None:
        twin, seconds = _twin_run(problem, final_only=result.route.startswith("affine power"))
    values = _known_values(spec, model, result.exact(result.t), final, result.recorder.latest, result.exact)
    mp_values = dict(values)
    mp_values[symbol(TIME)] = twin.t
    mp_values.update({symbol(s): v for s, v in zip(model.variables, twin.y)})
    static = spec.method.named_values(spec.options)  # known from the options, not computed by the run
    for name in spec.method.quantity_names(model, spec.options):
        if symbol(name) in mp_values and name not in model.variables and name not in static:
            if not twin.trace.get(name):
                raise CheckError(f"the cross-check does not compute {name} (its {crosscheck.DIGITS}-digit run recorded no value of it: it "
                                 "may not resolve the times or values the exact run tells apart)")
            mp_values[symbol(name)] = twin.trace[name][-1]
    return Paths(result, final, twin, values, mp_values, problem, seconds)


def _tolerance_tests(result) -> list:
    """The outcomes of the exact run's tolerance tests in order, for the twin to take at a tie it cannot decide; none
    when the run took an affine route (its recorder saw the step map's evaluations at unit states, not the run)."""
    return result.recorder.tolerance_tests if result.route.startswith("step loop") else []


def _compared(comparison, values, mp_values, label, findings, claimed=None):
    """(got, claimed) of one expectation, exactly (``claimed``: the claimed expression at this node, if not the
    comparison's own); the twin's value must agree with the exact one."""
    got = _exact_value(comparison.quantity, values, label)
    claimed = _exact_value(comparison.claimed if claimed is None else claimed, values, f"claimed {label}")
    approx = _mp_value(comparison.quantity, mp_values, label)
    if not crosscheck.agree(got, approx):
        findings.disagreements.append(f"{label}: exact {short_text(got)} vs mpmath {crosscheck.show(approx)}")
    return got, claimed


def _check_expect(spec, paths, audit, findings):
    for comparison in spec.expect:
        label = comparison.text
        got, claimed = _compared(comparison, paths.values, paths.mp_values, label, findings)
        findings.computed[label] = exact_text(got)
        if audit:
            _audit(audit, label, got, claimed, findings.how, comparison.claimed_text)
        elif _equal(got, claimed, findings.how):
            findings.successes.append(f"{label} = {short_text(got)}")
        else:
            findings.failures.append(f"{label}: claimed {_as_written(comparison.claimed_text, claimed)}, computed {short_text(got)}")


def _check_at_nodes(spec, model, paths, audit, findings):
    result = paths.result
    constants = constant_values(model, spec)
    for comparison in spec.at_nodes:
        bad = None
        reader = _rational_reader(comparison, constants, model, result)
        for n, ((t, y), (mt, my)) in enumerate(zip(result.nodes, paths.twin.nodes), 1):
            label = f"{comparison.text} at node {n}"
            claimed_at, claimed_text = comparison.at_node(n)
            read = reader(n, t, y, mt, my) if reader is not None else None
            if read is not None:
                got, claimed, approx = read
                if not crosscheck.agree(got, approx):
                    findings.disagreements.append(f"{label}: exact {short_text(got)} vs mpmath {crosscheck.show(approx)}")
            else:
                node_values = _known_values(spec, model, result.exact(t), [result.exact(v) for v in y], constants=constants)
                node_mp = dict(node_values)
                node_mp[symbol(TIME)] = mt
                node_mp.update({symbol(s): v for s, v in zip(model.variables, my)})
                got, claimed = _compared(comparison, node_values, node_mp, label, findings, claimed_at)
            if audit:
                _audit(audit, label, got, claimed, findings.how, claimed_text)
            elif bad is None and not _equal(got, claimed, findings.how):
                bad = f"{label} (t = {result.exact(t)}): claimed {_as_written(claimed_text, claimed)}, computed {short_text(got)}"
        if bad:
            findings.failures.append(bad)
        elif not audit:
            findings.successes.append(f"{comparison.text} = {comparison.claimed_text} at all {spec.steps} macro nodes" if comparison.column is None
                                      else f"{comparison.text} at all {spec.steps} macro nodes as claimed")


def _rational_reader(comparison, constants, model, result):
    """For a node table over QQ whose quantity is a rational function of t and the states (the claim's constants put
    in) and whose claimed values are rationals: ``read(n, t, y, mt, my)`` -> (got, claimed, the twin's value) at node
    n, the quantity compiled once for the run's rationals (rational.compile_rational) and once for the twin's numbers
    (crosscheck.compile_mp) instead of substituted into sympy expressions at every node (a 10-state table of 2,000
    nodes spent most of its 3.7 s there); None for every other table, and read returns None at a node where the
    compiled quantity does not evaluate (a pole), which the general reading then reports."""
    if not number_field.is_rational_field(result.field):
        return None
    # a state named like one of the constants (h beside the step h) is refused when the claim is read (kit.refuse_shadowed_names)
    variables = [symbol(TIME), *(symbol(s) for s in model.variables)]
    quantity = substituted(comparison.quantity, constants)
    if not quantity.free_symbols <= set(variables):
        return None
    column = [substituted(claimed_at, constants) for claimed_at, _ in comparison.column] if comparison.column is not None else None
    single = substituted(comparison.claimed, constants) if column is None else None
    if not all(c.is_Rational for c in (column if column is not None else [single])):
        return None
    try:
        exact = rational.compile_rational(quantity, variables)
        with mpmath.workdps(crosscheck.DIGITS):  # its constants read at the twin's precision, as crosscheck.mp_value reads them
            twin = crosscheck.compile_mp(quantity, variables)
    except (rational.NotRational, CrossCheckUnavailable):
        return None

    def read(n, t, y, mt, my):
        if column is not None and n > len(column):  # more nodes than the column has values: the general reading says so
            return None
        try:
            got = exact([t, *y])
            with mpmath.workdps(crosscheck.DIGITS):
                approx = twin([mt, *my])
        except (ZeroDivisionError, ValueError, TypeError, ArithmeticError):
            return None
        return rational.to_sympy(got), column[n - 1] if column is not None else single, approx

    return read


def _check_trace(spec, model, paths, audit, findings):
    for name, claimed_list in spec.trace.items():
        got = [paths.result.exact(v) for v in spec.method.trace_values(paths.result.recorder, name, model)]
        approx = paths.twin.trace.get(name, [])
        first = next((k for k, (g, a) in enumerate(zip(got, approx)) if not crosscheck.agree(g, a)), None)
        if len(approx) != len(got) or first is not None:
            where = (f" (first at entry {first + 1}: exact {short_text(got[first])} vs mpmath {crosscheck.show(approx[first])})"
                     if first is not None else f" ({len(got)} entries exact, {len(approx)} mpmath)")
            findings.disagreements.append(f"trace {name}{where}: exact {join_limited([short_text(g) for g in got])} vs mpmath "
                                          f"{join_limited([crosscheck.show(a) for a in approx])}")
        claimed_values = [_exact_value(v, paths.values, f"trace.{name}") for v in claimed_list]
        findings.computed[f"trace {name}"] = "[" + ", ".join(exact_text(g) for g in got) + "]"
        if audit and len(got) == len(claimed_values):
            for index, (g, c) in enumerate(zip(got, claimed_values), 1):
                _audit(audit, f"trace {name} value {index}", g, c, findings.how, spec.trace_texts[name][index - 1])
        elif len(got) == len(claimed_values) and all(_equal(g, c, findings.how) for g, c in zip(got, claimed_values)):
            findings.successes.append(f"trace {name} = [{join_limited([short_text(g) for g in got])}]")
        else:
            findings.failures.append(_trace_difference(name, claimed_values, got, spec.trace_texts[name], findings.how))


def _check_counts(spec, paths, findings):
    for name, claimed_count in spec.counts.items():
        got = paths.result.recorder.counts.get(name, 0)
        twin_count = paths.twin.counts.get(name, 0)
        if got != twin_count:
            findings.disagreements.append(f"count {name}: exact path {got} vs mpmath path {twin_count}")
        findings.computed[f"counts {name}"] = str(got)
        if got == claimed_count:
            findings.successes.append(f"{got} {name} evaluation{'s' if got != 1 else ''}")
        else:
            findings.failures.append(f"counts {name}: claimed {claimed_count}, computed {got}")


def _check_relations(spec, paths, audit, findings):
    values = paths.values
    for relation in spec.relations:
        quantity, bound = substituted(relation.quantity, values), substituted(relation.claimed, values)
        if audit and relation.op == "==" and bound.is_Rational and quantity.is_number and not quantity.free_symbols:
            _audit(audit, relation.text, quantity, bound, findings.how, relation.claimed_text)  # a printed value (an irrational one by its enclosure)
            findings.computed[relation.text] = exact_text(quantity)
            continue
        quantity, bound, holds, note = _decide_relation(relation, values, paths.mp_values, findings.disagreements)
        findings.margins[relation.text] = _margin(relation, values)
        findings.computed[relation.text] = quantity
        if "certified" in note:
            findings.how.add("certified")
        equals = lambda text: text if text.startswith("≈") else f"= {text}"  # noqa: E731
        bound_shown = "" if relation.claimed_text.strip() == bound else f", {relation.claimed_text} {equals(bound)}"
        shown = f"{relation.text} {equals(quantity)}{bound_shown}{note}"
        if holds:
            findings.successes.append(f"{relation.text} {relation.op} {relation.claimed_text}: {shown}")
        else:
            findings.failures.append(f"{relation.text}: claimed {relation.op} {relation.claimed_text}, computed {shown}")


def _verdict(spec, model, paths, audit, findings) -> Outcome:
    """One verdict: an error when the paths disagree; refuted when any expectation failed; else verified."""
    if audit:
        audited_successes, audited_failures = audit.findings()
        findings.successes += audited_successes
        findings.failures += audited_failures
    if findings.disagreements:  # the first few and, last, why the twin could not be taken finer where it says
        shown = findings.disagreements if len(findings.disagreements) <= SHOWN_DISAGREEMENTS + 1 else (
            findings.disagreements[:SHOWN_DISAGREEMENTS] + [f"... ({len(findings.disagreements) - SHOWN_DISAGREEMENTS - 1} more)",
                                                            findings.disagreements[-1]])
        raise CheckError("exact and mpmath paths disagree: " + "; ".join(shown))
    result = paths.result
    derivation = _derivation(spec, result, paths.final, result.exact(result.t), model)
    if result.recorder.failure:
        note = f"run failed: {result.recorder.failure}"
        derivation.append(note)
        (findings.successes if not findings.failures else findings.failures).insert(0, note)
    if findings.failures:
        return Outcome("refuted", findings.evidence, "; ".join(findings.failures), findings.computed, derivation, findings.margins)
    refuse_unstated_failure(spec, result.recorder.failure)
    check_note = f"mpmath {paths.twin.digits}-digit cross-check agrees" + (
        f" (the run magnifies rounding: at {crosscheck.DIGITS} digits the cross-check did not resolve it)" if paths.twin.digits > crosscheck.DIGITS else "")
    ties = [str(number) for kind, number in (tie[:2] for tie in paths.twin.near_ties) if kind == "tolerance test"]
    if ties:
        which = ", ".join(ties) if len(ties) <= 5 else f"{', '.join(ties[:3])}, ..., {ties[-1]} ({len(ties)} tests)"
        check_note += (f"; at tolerance test{'s' if len(ties) > 1 else ''} {which} its estimate and tolerance agree to within its "
                       "rounding, a tie it cannot decide, so it took the exact comparison's outcome there")
    return Outcome("verified", findings.evidence, "; ".join(findings.successes) + f" ({check_note})", findings.computed, derivation,
                   findings.margins)


SHOWN_DISAGREEMENTS = 5  # a node table's disagreements past these are counted, not listed (5,000 nodes: 10,000 characters)


def _certified_fallback(spec, model) -> bool:
    """Whether _fallback_route takes the certified interval route for explicit steps (not the implicit or numerical
    one) for this claim: ``rk`` with an implicit tableau of the claim's own is implicit (a review of 2026-12-06: it
    was refused as "no certified route", and neither route after it was tried)."""
    from verify.engines.certified import ball_steps

    return ball_steps(spec.method, spec.options) or not _numerical_steps(spec) or bool(model.subsystems)


def _numerical_steps(spec) -> bool:
    return not spec.method.variable_step or spec.method.irrational_steps  # an adaptive run whose steps are irrational


def _fallback_route(claim, spec, reason, affine: AffineSizeError | None = None) -> Outcome:
    """Where the exact path cannot run: the certified interval route for explicit methods, the numerical route
    (Newton on the mpmath path, evidence numerical) for implicit ones and for an adaptive method whose step sizes are
    irrational (rkf-burden-faires: the certified route cannot branch on an interval).  ``affine``: the exact one-step
    map of an affine run too large for exact values; a claim on the final values alone is first decided on its N-th
    power in balls (_affine_ball_run), then, where that does not decide, as before."""
    from verify.checks import run_certified, run_numerical  # imported here: only runs whose exact path cannot go on need them
    from verify.engines import certified_implicit

    model = claim.model

    def mp_run(digits=crosscheck.DIGITS, options=spec.options, continuation=8, enclose=False, final_only=False):
        substitutions = {symbol(p): v for p, v in spec.parameter_values.items()}
        rhs = [model.rhs[s].subs(substitutions) for s in model.states]
        constraints = [g.subs(substitutions) for g in model.constraints]
        blocks = {name: [model.variables.index(s) for s in members] for name, members in model.blocks.items()}
        return _mp_run(twins.Problem(spec.method.name, options, rhs, model.variable_symbols, spec.t0, spec.y0, spec.steps, blocks,
                                     constraints=tuple(constraints), solution=solution_expressions(model, substitutions, spec.y0),
                                     continuation_steps=continuation, enclose_branches=enclose),
                       digits=digits, final_only=final_only)

    def newton_run(digits, enclose=False):
        """The numerical route computes the method's exact step, not a loosely converged iterate: Newton to a residual of
        10^-(digits - 5) at each precision (the claim's tolerance is not used), with a budget of 100 unless the claim
        sets one, so that the two runs differ by what the lower one did not resolve.  ``enclose``: every continuation's
        path enclosed in Krawczyk boxes (twins.base._enclosed_continuation), where the twin alone decides the run."""
        return mp_run(digits, newton_to_precision(spec.options, digits), 8 if digits <= crosscheck.DIGITS else 64,  # two
                      enclose)  # resolutions must reach the same roots

    def numerical_run(digits):
        return newton_run(digits, enclose=True)

    if affine is not None and not (spec.at_nodes or spec.trace or spec.counts or model.subsystems):
        # where these balls do not decide, the steps' enclosures (wider) would not either: their error stands (the
        # steps one by one ran 4 minutes into the memory limit on a claim these balls left undecided; the session's review)
        return run_certified.evaluate(claim, spec, reason, lambda: mp_run(final_only=True), _affine_ball_run(affine),
                                      solved=f"the step's exact affine map raised to the power {affine.steps} in python-flint "
                                             "arb_mat balls")

    def certified_else_numerical(certified_route):
        """The certified route's outcome; where it does not decide (a fold, enclosures too wide, a test they do not
        settle), the numerical route, as before that route existed.  A twin outside an enclosure is an error: the
        numerical route would only repeat the twin's value."""
        try:
            return certified_route()
        except CrossCheckDisagrees:
            raise
        except CheckError as exc:  # the message says why the certified route stopped (a research helper had to call the
            why = str(exc)  # engine to learn it: 2026-12-06)
            why = why[len(reason):].lstrip(",; ").removeprefix("and ") if why.startswith(reason) else why
            return run_numerical.evaluate(claim, spec, f"{reason}; {why}", numerical_run)

    if not _certified_fallback(spec, model):
        if not spec.counts and certified_implicit.available(spec.method, spec.options):  # (never a co-simulation here)
            # an implicit tableau's stages solved with certainty (its twin: Newton to the working precision)
            return certified_else_numerical(lambda: run_certified.evaluate(
                claim, spec, reason, lambda: newton_run(crosscheck.DIGITS), certified_implicit.run, certified_implicit.PRECISIONS,
                certified_implicit.HOW))
        return run_numerical.evaluate(claim, spec, reason, numerical_run)
    if (spec.method.variable_step and _numerical_steps(spec)) or isinstance(spec.method, LinearMultistep):
        # a controller whose steps are irrational, or an explicit multistep formula (Adams-Bashforth, a PECE pair): the
        # numerical route took them before they ran in intervals (each accepted step of a controller multiplies the widths
        # by about 1/|w~ - w|; a long multistep run widens them too)
        return certified_else_numerical(lambda: run_certified.evaluate(claim, spec, reason, mp_run))
    return run_certified.evaluate(claim, spec, reason, mp_run)


def _affine_ball_run(affine: AffineSizeError):
    """An interval run for run_certified.evaluate: the final state of the affine run ``affine`` describes (its exact
    one-step map, start and steps) as the N-th power of the map in arb balls (certified.affine_power_enclosures), at
    the bits asked for.  Euler over 3 * 10^5 steps of y' = t - y took 27 s one interval step at a time (an external
    review of 2026-12-07; 10^6 RK4 steps ran out of time)."""
    def affine_power_run(method, model, parameter_values, options, t0, y0, steps, bits):
        saved = mpmath.iv.prec
        mpmath.iv.prec = bits
        try:
            ends = certified.affine_power_enclosures(affine.matrix, affine.offset, affine.start, affine.steps, bits)
            y = [certified.Ball(mpmath.iv.mpf([low, high])) for low, high in ends[:affine.size]]
        finally:
            mpmath.iv.prec = saved
        return affine.t_end, y, Recorder(keep=False), []
    return affine_power_run


def _run_quantities_read(spec, model) -> frozenset:
    """The names of the values besides the state that the run computes and an expectation reads (the step loop runs
    unless the method accumulates each of them affinely: verify.engines.methods.run)."""
    static = set(spec.method.named_values(spec.options))
    wanted = {symbol(q) for q in spec.method.quantity_names(model, spec.options) if q not in static and q not in model.variables}
    read = set().union(*((c.quantity.free_symbols | c.claimed.free_symbols) & wanted for c in spec.expect + spec.relations))
    return frozenset(str(s) for s in read)


def _margin(relation, values) -> float:
    return relative_margin(substituted(relation.quantity, values), substituted(relation.claimed, values), relation.op)


def _decide_relation(relation, values, mp_values, disagreements):
    """(quantity, bound, holds, how): decided exactly for rationals, else by an interval enclosure of the difference."""
    quantity = substituted(relation.quantity, values)
    bound = substituted(relation.claimed, values)
    if quantity.free_symbols or bound.free_symbols:
        raise CheckError(f"{relation.text} {relation.op} {relation.claimed_text}: {short_text(quantity - bound)} has unknown names")
    for side, value in ((relation.text, quantity), (relation.claimed_text, bound)):
        if value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):  # 1/y at y = 0 (review finding: an internal error)
            raise CheckError(f"{side} is not defined at the end of the run (a division by zero: {short_text(value)})")
    approx = _mp_value(relation.quantity, mp_values, relation.text)
    reference = crosscheck.mp_value(quantity)
    if not crosscheck.close(reference, approx):
        disagreements.append(f"{relation.text}: exact {short_text(quantity)} ≈ {crosscheck.show(reference)} vs mpmath {crosscheck.show(approx)}")
    unresolved = ""  # 1 - y = 7.5e-77816 > 0 after 10^5 backward Euler steps: the twin agrees on y, not on the sign
    if relation.op != "==" and bound.is_number and crosscheck.close(reference, crosscheck.mp_value(bound)):
        unresolved = f" (the exact values decide it: its margin is below the {crosscheck.DIGITS}-digit cross-check's resolution)"
    if quantity.is_Rational and bound.is_Rational:
        return short_text(quantity), short_text(bound), OPERATORS[relation.op](sympy.sign(quantity - bound), 0), unresolved
    equal = number_field.decide_equal(quantity, bound) if relation.op in ("==", "!=") else None
    if equal is not None:  # algebraic numbers: decided exactly in the field they generate
        return short_text(quantity), short_text(bound), equal == (relation.op == "=="), " (decided exactly in the number field of both sides)"
    sign, enclosure, bits = crosscheck.certify_sign(quantity - bound)
    if sign is None:
        raise CheckError(f"cannot decide {relation.text} {relation.op} {relation.claimed_text}: enclosure {enclosure} at {bits} bits")
    approximate = lambda value: str(value) if value.is_Rational and len(str(value)) < 30 else "≈ " + crosscheck.show(crosscheck.mp_value(value), 17)  # noqa: E731
    how = f" (certified: the difference lies in {enclosure}, mpmath.iv at {bits} bits)"
    return approximate(quantity), approximate(bound), OPERATORS[relation.op](sign, 0), how


def _as_written(text: str, value) -> str:
    """The claimed value as the claim file wrote it, with its exact value when that reads differently."""
    shown = short_text(value)
    return text if text.replace(" ", "") == shown.replace(" ", "") else f"{text} (= {shown})"


def solution_expressions(model, substitutions: dict, y0):
    """The model's solution for every state as expressions in t (the parameter ``substitutions``, symbol -> value, and
    the initial values substituted), or None."""
    if set(model.variables) - set(model.solution):
        return None
    initial = {symbol(initial_name(s)): sympy.sympify(v) for s, v in zip(model.variables, y0)}
    return [model.solution[s].subs(substitutions).xreplace(initial) for s in model.variables]


def _mp_run_finer(problem, coarse, seconds: float) -> tuple:
    """twins.solve_finer: (the twin again at the digits its run's own rounding needs, or None; why not, or None)."""
    try:
        return twins.solve_finer(problem, coarse, seconds)
    except (SolverFailure, CrossCheckUnavailable) as exc:  # (it ran at DIGITS: the disagreement it would explain stands)
        return None, f"the twin's run at more digits failed ({exc})"


def _twin_run(problem, final_only: bool) -> tuple:
    """(the twin's run of ``problem``, the CPU seconds it took); where it fails (SolverFailure), the run again at more
    digits, resolved there (twins.solve_finer: the trapezoid rule with h = 1/7 on y' = (7y - 7/3) + (7y - 7/3)^3 stays at
    the equilibrium 1/3 exactly, where the 50-digit run drifted off it with the rounding, 3-fold a step, and its Newton
    lost the branch: 2026-12-07); CheckError when that fails too (a run through a pitchfork of its roots, as from the
    equilibrium of y' = 100 (y - 1/3) + (y - 1/3)^3 with h = 1/10, fails at every precision)."""
    started = time.process_time()
    try:
        return _kept_twin(problem, final_only=final_only)
    except SolverFailure as exc:
        failed = exc
    except CrossCheckUnavailable as exc:
        raise CheckError(f"the mpmath path cannot run this: {exc}") from None
    finer, why = twins.solve_finer(problem, None, time.process_time() - started, final_only)
    if finer is None:
        raise CheckError(f"the mpmath path failed: {failed}; {why}")
    return finer, time.process_time() - started


def _mp_run(problem, **keywords):
    try:
        return _kept_twin(problem, **keywords)[0]
    except SolverFailure as exc:
        raise CheckError(f"the mpmath path failed: {exc}") from None
    except CrossCheckUnavailable as exc:  # a function the twin's compiler does not evaluate (sign, Heaviside of abs')
        raise CheckError(f"the mpmath path cannot run this: {exc}") from None


_TWINS = KeptRuns(16)  # the twin's runs per worker: claims about one run (a table's columns, a claim and its wrong
# version) make the same twin run; its Newton iterations were most of each claim after the first on MOOSE's SDIRK-2 table
MAX_KEPT_TWIN_VALUES = 10_000  # a twin run that recorded more values than this (trace and nodes) is not kept


def _kept_twin(problem, **keywords) -> tuple:
    """(twins.solve(problem, **keywords), the CPU seconds it took), kept under the whole problem and keywords written
    out (fingerprint_of) for the next claim about the same run, with the seconds of the run that made it (solve_finer's
    budget does not depend on which claim came first).  A claim reads a twin's run and does not change it.  A failure
    is not kept (raised to this claim); a run of more than MAX_KEPT_TWIN_VALUES recorded values is made again."""
    def solved():
        started = time.process_time()
        twin = twins.solve(problem, **keywords)
        return twin, time.process_time() - started

    def small(made) -> bool:
        twin, _ = made
        return sum(map(len, twin.trace.values())) + len(twin.nodes) <= MAX_KEPT_TWIN_VALUES

    return _TWINS.get(fingerprint_of({"problem": problem, "keywords": keywords}), solved, keep=small)


def _trace_difference(name, claimed, got, texts, how) -> str:
    if len(claimed) != len(got):
        return f"trace {name}: claimed {len(claimed)} values [{join_limited([short_text(c) for c in claimed])}], computed {len(got)} [{join_limited([short_text(g) for g in got])}]"
    for index, (c, g) in enumerate(zip(claimed, got), 1):
        if not _equal(g, c, how):
            return f"trace {name}: value {index} claimed {_as_written(texts[index - 1], c)}, computed {short_text(g)}"
    return f"trace {name} differs"


def _derivation(spec, result, final, t_final, model, end: str = "final") -> list[str]:
    lines = [f"method {spec.method.name}, options " + ", ".join(f"{k} = {_show_option(v)}" for k, v in spec.options.items())]
    lines += [f"named value {k} = {v}" for k, v in spec.method.named_values(spec.options).items()]
    lines.append("initial: t = " + str(spec.t0) + ", " + ", ".join(f"{s} = {v}" for s, v in zip(model.variables, spec.y0)))
    if result.recorder.keep:
        formulas = result.recorder.formulas
        for index, (where, name, value) in enumerate(result.recorder.assignments):
            value = result.exact(value)
            shown = "(" + ", ".join(short_text(v) for v in value) + ")" if isinstance(value, tuple) else short_text(value)
            formula = f"{shortened_formula(formulas[index])} = " if index in formulas else ""
            lines.append(f"{where}: {name} = {formula}{shown}")
    else:
        lines.append(f"{spec.steps} macro steps by {result.route} (values per step not recorded)")
    lines.append(f"{end}: t = {short_text(t_final)}, " + ", ".join(f"{s} = {short_text(v)}" for s, v in zip(model.variables, final)))
    lines.append("evaluations: " + ", ".join(f"{k} {v}" for k, v in sorted(result.recorder.counts.items())))
    return lines


def _show_option(value):
    if isinstance(value, list):
        return "[" + ", ".join(_show_option(v) for v in value) + "]"
    return str(value)


EXPLAINED_STEPS = 100  # a run of more macro steps is explained by its first FIRST_STEPS steps and the route of the whole run
FIRST_STEPS = 2


def _first_steps(spec, model) -> int:
    """How many steps of a long run explain writes out: FIRST_STEPS, and a multistep method's starting steps and one
    step of its formula (AB4 over 10^5 steps showed its starting steps only: a review of 2026-12-07)."""
    try:
        warm_up = spec.method.affine_after(model, spec.method.exact_options(spec.options))
    except (MethodError, rational.NotRational, KeyError, ValueError):  # options it reads only while running: the default
        warm_up = None
    return max(FIRST_STEPS, warm_up[0] + 1) if warm_up else FIRST_STEPS


def explain(claim: Claim, context: Context = DEFAULT_CONTEXT, outcome: Outcome | None = None) -> list[str]:
    """Rerun with every assignment recorded; where the exact path cannot run (a right-hand side that is not
    rational, rationals that grow too large), the derivation of the route that ran, which says why (``outcome``'s,
    when the claim was evaluated already, an error too: checked again, it took twice its time under one limit).  A
    run of more than EXPLAINED_STEPS macro steps shows its first steps (_first_steps) assignment by assignment, then
    the whole run as the check ran it (its route): Euler over 10^6 steps, decided in under a second on the power of
    its step map, ran past the time limit recorded step by step (2026-12-07)."""
    spec = claim.spec

    def whole() -> list[str]:  # the outcome's derivation; a claim in error has none, and its message ends the explanation
        decided = outcome if outcome is not None else KIND.outcome(claim, context)
        return decided.derivation or (["(no derivation: the check ended in the error below)"] if decided.status == "error" else [])

    shown = min(spec.steps, _first_steps(spec, claim.model)) if spec.steps > EXPLAINED_STEPS else spec.steps
    try:
        system = ExactSystem(claim.model, spec.parameter_values)
        result = run(spec.method, system, spec.options, spec.t0, spec.y0, shown, keep=True, algebraic=True)
    except (rational.NotRational, ExactSizeError):
        return whole()
    final = [result.exact(v) for v in result.y]
    end = "final" if shown == spec.steps else f"after step {shown}"
    lines = _derivation(spec, result, final, result.exact(result.t), claim.model, end=end)
    if shown == spec.steps:
        return lines
    return ([f"the first {shown} of {spec.steps} macro steps, assignment by assignment (a run of more than {EXPLAINED_STEPS} "
             "steps is not written out step by step; a multistep method's starting steps and one step of its formula are):"]
            + lines + ["the whole run, as the check ran it:"] + whole())


KIND = ClaimKind("run", KEYS, prepare, evaluate, spec_types=(RunSpec,), explain_lines=explain)
