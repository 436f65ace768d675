"""check = "energy": how a functional (an energy) evolves over a long run of a method.

The method runs ``steps`` macro steps from ``initial``; after every macro step
the ratio E(y_n) / E(y_0) of the ``functional`` (default ``energy``) is taken.
``expect`` compares ``max_ratio``, ``min_ratio`` and ``final_ratio`` with
"OP value" (e.g. ``max_ratio = "> 10"``).

Where the step map is affine (a linear model under an affine method) every
node is computed exactly (gcd-free affine iteration) and the ratios are exact
rationals: evidence ``exact``, cross-checked by the mpmath path.  Where it is
affine but the exact numbers would grow too large, the affine map runs in arb
balls (verify.engines.certified.affine_orbit): evidence ``certified``.
Otherwise (e.g. the power-exchange scheme, whose recovered inputs make the
subsystems nonlinear) the run is the mpmath path's at 50 digits: evidence
``numerical``.

``compare`` (table label -> options that replace the claim's) adds curves to
the claim's picture only; they are not checked.  ``label`` names the claim's
own curve (default: the claim id).
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath
import sympy

from verify.engines import certified, crosscheck, number_field
from verify.engines import rational
from verify.input.load import Claim, LoadError
from verify.engines.methods import ExactSystem, Recorder, run
from verify.engines.methods.cosimulation import ThresholdTest
from verify.input.model import fingerprint_of, symbol
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Formula, Line, Outcome, short_text
from verify.checks.comparisons import OPERATORS, RELATION
from verify.checks.kit import KeptRuns, check_exact_start, initial_values, method_and_options, newton_to_precision, option_value, read_rational, validated
from verify.engines import twins
from verify.errors import CertifiedUnavailable, CrossCheckUnavailable, ExactSizeError, NotRational, SolverFailure
from verify.checks import energy_algebraic
from verify.checks.run import solution_expressions
from verify.checks.kind import ClaimKind

KEYS = {"method", "options", "initial", "steps", "functional", "expect", "compare", "label"}
RATIOS = ("max_ratio", "min_ratio", "final_ratio")


@dataclass(frozen=True)
class EnergySpec:
    method: object
    options: dict
    t0: object
    y0: list
    steps: int
    functional: str
    expect: dict  # ratio name -> (OP, bound, bound as written)
    compare: dict  # label -> the options of an extra curve (drawn, not checked)


def prepare(claim: Claim) -> EnergySpec:
    table, model = claim.table, claim.model
    method, options = method_and_options(claim, "energy")
    t0, y0 = initial_values(claim)
    check_exact_start(claim, options, t0, y0)
    steps = table.get("steps")
    if not (isinstance(steps, int) and 1 <= steps <= 100_000):
        raise LoadError("steps must be an integer from 1 to 100000")
    validated(method, model, options, steps=steps)
    name = table.get("functional", "energy")
    if name not in model.functionals:
        raise LoadError(f"model {model.name!r} has no functional {name!r} ({', '.join(model.functionals) or 'none'})")
    expect = {}
    raw = table.get("expect", {})
    if not isinstance(raw, dict) or not raw or set(raw) - set(RATIOS):
        raise LoadError(f"expect must compare some of {', '.join(RATIOS)}, e.g. max_ratio = \"> 10\"")
    for key, text in raw.items():
        match = RELATION.match(text) if isinstance(text, str) else None
        if not match:
            raise LoadError(f"expect.{key} must read 'OP value', e.g. \"> 10\"")
        expect[key] = (match.group(1), read_rational(claim, match.group(2), f"expect.{key}"), match.group(2).strip())
    compare = {}
    for label, extra in table.get("compare", {}).items():
        if not isinstance(extra, dict):
            raise LoadError(f"compare.{label} must be a table of options")
        variant = dict(options)
        variant.update({k: option_value(claim, method, k, v) for k, v in extra.items()})
        validated(method, model, variant, f"compare.{label}: ", steps=steps)
        compare[label] = variant
    return EnergySpec(method, options, t0, y0, steps, name, expect, compare)


EXACT_BITS_BUDGET = 60_000  # above this projected size of the last node's numbers the exact route is too slow


def _projected_bits(method, system, options, t0, y0, steps, warm_up: int = 0) -> int:
    """The size the exact values would reach after ``steps`` steps, from the growth over two steps after the
    ``warm_up`` starting steps of a k-step method (a review of 2026-12-06: measured over the starter's steps, Heun's
    30 bits a step, the projection missed AM4's 80 bits a step after them, and an exact run of 1990 steps took 58 s
    where the numerical route takes 1.5 s)."""
    def bits(values):
        return max(int(v.numerator).bit_length() + int(v.denominator).bit_length() for v in values)

    taken = min(warm_up + 2, steps)
    nodes = run(method, system, options, t0, y0, taken, keep=False, nodes=True).nodes
    if taken < 2:
        return bits(nodes[-1][1])
    (_, one), (_, two) = nodes[-2:]
    return bits(two) + max(bits(two) - bits(one), 1) * (steps - taken)


INNER_SHARE = sympy.Rational(1, 10)  # the inner solver may move E/E0 by at most this share of its largest departure from 1
FLOAT_DEPARTURE = 10**-6  # above this departure the doubled run in machine floats resolves a tenth of it (rounding ~1e-12)


def _inner_solver_change(claim, method, options, system, t0, y0, steps, functional, ratios):
    """For a method that integrates inside its macro steps (co-simulation subsystems): how much E/E0 moves when the
    inner steps double, against how far E/E0 departs from 1.  None when the inner solver is exact (then nothing to show).

    The doubled run is in machine floats when E/E0 departs from 1 by more than FLOAT_DEPARTURE and the change it shows
    is below half the allowed share: its rounding (about 1e-12 over these runs) cannot then decide the test.  Otherwise
    (a small departure, or a change near the allowed share) it is run again at the mpmath precision, and always for the
    power-exchange scheme, whose threshold test switches inputs: in floats a switch can go the other way (measured: the
    change 0.069 in floats against 0.116 at 50 digits on cosim/power-exchange/stable-constant)."""
    inner_steps = method.doubled_inner_steps(options)
    if inner_steps is None or method.inner_solver_exact(claim.model, options):
        return None
    option, inner, finer = inner_steps
    with mpmath.workdps(crosscheck.DIGITS):
        departure = max(abs(r - 1) for r in ratios)
        share = crosscheck.to_mp(INNER_SHARE)
        precision = "machine floats"
        change = None
        cheap = twins.affine_nodes_available(twins.Problem.of_system(method.name, finer, system, t0, y0, steps))  # its
        # iterates in arb_mat at 50 digits cost less than a float run of the step
        if departure > FLOAT_DEPARTURE and method.name == "cosimulation" and options.get("exchange") != "power" and not cheap:
            try:
                _, doubled, _ = _ratios_mp(claim, method, finer, system, t0, y0, steps, functional, double_precision=True)
                change = max(abs(a - mpmath.mpf(b)) for a, b in zip(ratios, doubled))
            except (OverflowError, ZeroDivisionError, ValueError, CheckError):  # beyond machine floats: at 50 digits
                change = None
            if change is not None and not (change <= departure * share / 2):  # also a nan from floats
                change = None
        if change is None:
            _, doubled, ties = _ratios_mp(claim, method, finer, system, t0, y0, steps, functional)
            change = max(abs(a - b) for a, b in zip(ratios, doubled))
            precision = f"{crosscheck.DIGITS} digits"
        text = (f"inner solver: doubling {option} ({inner} -> {2 * inner}) moves {claim.table.get('functional', 'energy')}/E0 by at most "
                f"{mpmath.nstr(change, 3)}, {mpmath.nstr(change / departure, 2) if departure else 'all'} of its largest departure from 1 "
                f"(the doubled run in {precision})")
        if not departure or change > departure * share:
            raise CheckError(f"{text}: the subsystem solver's own error is not far below the effect measured; raise {option}")
        if precision != "machine floats":  # the doubled run's threshold ties are decided exactly too (floats: never the power exchange)
            _confirm_ties(claim, method, finer, system, t0, y0, ties, f"the run with doubled {option} (the inner-solver diagnostic)")
    return text


def _rational(functional, model) -> bool:
    """Can the functional be evaluated in exact rational arithmetic (no sqrt, exp, ...)?"""
    try:
        rational.compile_rational(functional, [symbol(s) for s in model.variables])
    except rational.NotRational:
        return False
    return True


def _ratios_exact(claim, method, options, system, t0, y0, steps, functional):
    result = run(method, system, options, t0, y0, steps, keep=False, nodes=True)
    function = rational.compile_rational(functional, [symbol(s) for s in claim.model.variables])
    start = _defined(lambda: function([rational.to_field(v) for v in y0]), functional, "the initial state")
    if start == 0:
        raise CheckError("the functional is 0 at the initial state: no ratio")
    times = [rational.to_sympy(rational.to_field(t0))] + [rational.to_sympy(t) for t, _ in result.nodes]
    ratios = _defined(lambda: [function(y) / start for _, y in [(None, [rational.to_field(v) for v in y0])] + result.nodes],
                      functional, "a node of the run")
    return times, _Exact(ratios), result.route


def _defined(compute, functional, where: str):
    """compute(), or a CheckError saying that the functional is not defined ``where`` (x/v at v = 0: a review of
    2026-12-06 found it an internal error), on the exact route and the mpmath route alike."""
    try:
        return compute()
    except ZeroDivisionError:
        raise CheckError(f"the functional {functional} is not defined at {where} (a division by zero)") from None


class _Exact(list):
    """Exact ratios kept as field elements (gmpy2 mpq: compared and converted to mpmath fast), each read as a sympy
    Rational (as the rest of evaluate reads ratios); ``field`` the list of field elements itself."""

    @property
    def field(self) -> list:
        return list(super().__iter__())

    def __getitem__(self, i):
        return rational.to_sympy(super().__getitem__(i))

    def __iter__(self):
        return (self[i] for i in range(len(self)))


_RUNS = KeptRuns(16)  # mpmath runs kept per worker


def _ratios_mp(claim, method, options, system, t0, y0, steps, functional, double_precision=False, digits=crosscheck.DIGITS):
    """(times, E/E0 at every node, the threshold tests the run took as ties) of the mpmath twin's run.

    A worker checks claim after claim (verify.runner), and claims about one run make the same runs (the main run, the
    doubled inner steps, the finer precision): cosim/power-exchange/linear-drifts-slowly and conserves-energy differ
    in their bounds only.  A run is kept under everything it depends on (method, options, model, parameter values,
    start, steps, functional, machine floats or digits) and handed out again as a copy."""
    key = (method.name, fingerprint_of(options), claim.model.fingerprint(), fingerprint_of(system.substitutions),
           repr(t0), repr(list(y0)), steps, repr(functional), double_precision, digits)
    times, ratios, ties = _RUNS.get(key, lambda: _run_ratios_mp(claim, method, options, system, t0, y0, steps, functional,
                                                                double_precision, digits))
    return list(times), list(ratios), ties


def _run_ratios_mp(claim, method, options, system, t0, y0, steps, functional, double_precision, digits):
    if any(o.name == "newton_tolerance" for o in method.schema):  # as run claims' numerical route
        options = newton_to_precision(options, digits)
    try:
        problem = twins.Problem.of_system(method.name, options, system, t0, y0, steps, solution=solution_expressions(claim.model, system.substitutions, y0),
                                          enclose_branches=True)  # where its ratios decide the claim, its implicit roots must be the SPEC's
        mp_run = twins.solve(problem, double_precision=double_precision, digits=digits, nodes_only=True)
        nodes = mp_run.nodes
    except SolverFailure as exc:
        raise CheckError(f"the mpmath run failed: {exc}") from None
    except CrossCheckUnavailable as exc:  # the twin cannot run this (was an internal error until 2026-12-06)
        raise CheckError(f"no mpmath run to cross-check with: {exc}") from None
    with mpmath.workdps(digits):
        ctx = mpmath.fp if double_precision else mpmath.mp
        function = crosscheck.compile_mp(functional, claim.model.variable_symbols, ctx)
        start = _defined(lambda: function([crosscheck.to_mp(v) if not double_precision else float(crosscheck.to_mp(v)) for v in y0]),
                         functional, "the initial state")
        if start == 0:
            raise CheckError("the functional is 0 at the initial state: no ratio")
        times = [crosscheck.to_mp(t0)] + [t for t, _ in nodes]
        ratios = [ctx.mpf(1)] + _defined(lambda: [function(y) / start for _, y in nodes], functional, "a node of the run")
    return times, ratios, mp_run.near_ties


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec: EnergySpec = claim.spec
    method, options, t0, y0, steps, name, expect, compare = (spec.method, spec.options, spec.t0, spec.y0, spec.steps, spec.functional,
                                                            spec.expect, spec.compare)
    try:
        system = ExactSystem(claim.model, claim.parameters)
    except NotRational as exc:  # sqrt(2) as a parameter value: neither the exact route nor the twin's system reading
        raise CheckError(f"the energy check needs a right-hand side rational in the state, with rational parameter values ({exc})") from None
    functional = claim.substitute(claim.model.functionals[name])
    try:
        number_field_of_method = method.number_field(options)
    except NotRational as exc:
        raise CheckError(f"the energy check cannot run {method.name} exactly: {exc}") from None
    # a k-step method is affine only after its k - 1 starting steps (Method.affine_after): run() takes them in its step
    # loop and the affine route after them, exact at every node; what needs one affine map of the whole run (the
    # amplification matrix shown, the ball route past the exact budget) is not available to it
    warm_up = None if method.affine_for(options) or method.variable_step else method.affine_after(claim.model, method.exact_options(options))
    affine_later = warm_up is not None
    affine = (method.affine_for(options) or affine_later) and system.affine and not method.variable_step
    over_rationals = number_field.is_rational_field(number_field_of_method)
    rational_functional = _rational(functional, claim.model)
    exact_route = affine and over_rationals and rational_functional  # else the algebraic or numerical route
    field_route = affine and not over_rationals and rational_functional  # a number field's, for at most MAX_STEPS
    over_field = field_route and steps <= energy_algebraic.MAX_STEPS
    projected = _projected_bits(method, system, options, t0, y0, steps, warm_up[0] if affine_later else 0) if exact_route else 0
    mp_times, mp_ratios, mp_ties = _ratios_mp(claim, method, options, system, t0, y0, steps, functional)
    algebraic = None
    if over_field:  # Gauss-Legendre's sqrt(3): the run over the tableau's number field
        try:
            algebraic = energy_algebraic.ratios_over_field(claim, spec, system, functional, number_field_of_method, mp_ratios)
        except NotRational as exc:
            raise CheckError(f"the energy check cannot run {method.name} over {number_field_of_method}: {exc}") from None
    inner = _inner_solver_change(claim, method, options, system, t0, y0, steps, functional, mp_ratios)  # first: it says what to change
    step_map = _affine_step(method, options, system, t0, y0) if exact_route and not affine_later else None
    certified_run = None
    if exact_route and projected > EXACT_BITS_BUDGET and step_map is not None:
        certified_run = _ratios_certified(claim, method, options, system, t0, y0, steps, functional, expect, mp_ratios, step_map)
    exact_ratios, size_error = None, None
    if algebraic is None and exact_route and projected <= EXACT_BITS_BUDGET:
        try:
            exact_ratios = _ratios_exact(claim, method, options, system, t0, y0, steps, functional)
        except ExactSizeError as exc:  # the projection from two steps fell short: the numerical route below says so
            size_error = str(exc)
    if algebraic is not None:
        times, ratios = algebraic.times, algebraic.ratios
        evidence = "certified" if algebraic.enclosed else "exact"
        how = (f"exact over {number_field_of_method} (the tableau's number field); every compared node decided exactly"
               + (" or by interval enclosures of its exact value" if algebraic.enclosed else "")
               + f"; mpmath {crosscheck.DIGITS}-digit cross-check agrees at every node")
    elif exact_ratios is not None:
        times, ratios, route = exact_ratios
        elements = ratios.field
        with mpmath.workdps(crosscheck.DIGITS):
            worst = max(range(len(elements)), key=lambda i: abs(mpmath.mpf(int(elements[i].numerator)) / int(elements[i].denominator) - mp_ratios[i])
                        / abs(mp_ratios[i]))
            if not crosscheck.agree(ratios[worst], mp_ratios[worst]):
                raise CheckError(f"exact and mpmath paths disagree at node {worst}: {short_text(ratios[worst])} vs {crosscheck.show(mp_ratios[worst])}")
        evidence, how = "exact", f"exact rationals at every node ({route}); mpmath {crosscheck.DIGITS}-digit cross-check agrees"
    elif certified_run is not None:
        evidence = "certified"
        times, ratios, bits = certified_run.times, certified_run.midpoints, certified_run.bits
        how = (f"certified: exact values would reach about {projected:,} bits per number, so the affine step y -> M y + c read off the "
               f"exact step ran in python-flint arb balls at {bits} bits, every ratio enclosed; the mpmath {crosscheck.DIGITS}-digit "
               "run lies inside every enclosure")
    else:
        evidence = "numerical"
        why = (size_error if size_error else f"exact values would reach about {projected:,} bits per number" if exact_route
               else f"{method.name} computes over {number_field_of_method}, exactly for at most {energy_algebraic.MAX_STEPS} steps"
               if field_route
               else "the model is not linear and autonomous, so the step map is not affine" if not system.affine
               else "the method's step is not one affine map of the state" if not affine
               else f"{name} is not a rational function of the state")
        times, ratios, places, ties = _resolved(claim, method, options, system, t0, y0, steps, functional, mp_ratios, expect, mp_ties)
        how = (f"mpmath at {crosscheck.DIGITS} digits ({why}: no exact route over this horizon); a run at {crosscheck.DIGITS + CHECK_DIGITS} "
               f"digits agrees to {places} significant digits at every node{ties}")
    if algebraic is not None:  # the nodes shown; the comparisons are decided node by node (energy_algebraic)
        positions = _positions(algebraic.approximations)
        shown = {key: _show(ratios[i], SHOWN_DIGITS) for key, i in positions.items()}
    elif evidence == "certified":
        positions, shown = certified_run.positions, certified_run.shown
    else:
        positions = _positions(ratios.field if evidence == "exact" else ratios)  # exact: compared as mpq, not sympy
        shown = {key: _show(ratios[i], places if evidence == "numerical" else SHOWN_DIGITS) for key, i in positions.items()}
    computed = dict(shown)
    if evidence == "exact":  # the exact ratio itself, as SPEC's `computed` asks (8 digits of (10/9)^20 stood there with
        # evidence exact: a review of 2026-12-06); a rational too large to write is marked as its leading digits and size
        computed = {key: short_text(ratios[i]) for key, i in positions.items()}
    failures, successes = [], []
    for key, (op, bound, text) in expect.items():
        value = ratios[positions[key]]
        if evidence == "numerical":  # the finer run's ratio against the bound read at its precision (at mpmath's default
            with mpmath.workdps(crosscheck.DIGITS + CHECK_DIGITS):  # 53 bits a bound 4e-16 below the ratio read as above)
                holds = OPERATORS[op](value, crosscheck.to_mp(bound))
        elif algebraic is not None:
            holds = algebraic.holds[key]
        else:
            holds = certified_run.holds[key] if evidence == "certified" else OPERATORS[op](value, bound)
        at = f" (t = {_show(times[positions[key]])})" if key != "final_ratio" else ""
        if evidence == "exact" or algebraic is not None:
            shown[key] = _telling(lambda digits: _show(value, digits), op, bound, holds, equal=value == bound, written=text)
        elif evidence == "certified":
            shown[key] = _telling(lambda digits: _enclosure_digits(*certified_run.enclosures[key], digits), op, bound, holds,
                                  equal=op in ("==", "!=") and holds == (op == "=="), written=text)  # a decided < or > is never a tie
        (successes if holds else failures).append(f"{key} {op} {text}: {key} = {shown[key]}{at}" if holds else
                                                  f"{key}: claimed {op} {text}, computed {shown[key]}{at}")
    summary = (f"{name}/{name}(0) over {steps} macro step{'s' if steps != 1 else ''} to t = {_show(times[-1])}: max {shown['max_ratio']}, "
               f"min {shown['min_ratio']}, final {shown['final_ratio']}")
    if inner:
        summary += f"; {inner}"
    derivation = [f"method {method.name}, options " + ", ".join(f"{k} = {v}" for k, v in options.items()), summary, how]
    if evidence in ("exact", "certified") and step_map is not None:
        derivation += _amplification(claim.model, method, options, step_map)
    stride = max(1, steps // 10)
    value_at = (lambda i: _enclosure_digits(*certified_run.ends[i])) if certified_run is not None else (lambda i: _show(ratios[i]))  # noqa: E731
    derivation += [f"t = {_show(times[i])}: {name}/{name}(0) = {value_at(i)}" for i in range(0, len(ratios), stride)]
    figure = None
    if context.figures:
        curves = [(str(claim.table.get("label", claim.id)), [float(t) for t in times], [float(r) for r in ratios])]
        for label, variant in compare.items():
            t_values, r_values, _ = _ratios_mp(claim, method, variant, system, t0, y0, steps, functional)  # a picture only
            curves.append((label, [float(t) for t in t_values], [float(r) for r in r_values]))
        bounds = [(key, op, float(bound)) for key, (op, bound, _) in expect.items()]  # drawn, and where they fail marked
        figure = {"kind": "energy", "title": claim.statement, "curves": curves, "ylabel": f"{name} / {name}(0)", "bounds": bounds}
    if failures:
        return Outcome("refuted", evidence, "; ".join(failures) + f" ({summary})", computed, derivation, figure=figure)
    return Outcome("verified", evidence, "; ".join(successes) + f" ({summary}; {how})", computed, derivation, figure=figure)


CERTIFIED_BITS = (128, 256, 512, 1024)  # precisions of the ball route, tried in turn until every comparison is decided
SHOWN_DIGITS = 8  # a ratio is shown to this many significant digits (fewer where two precisions do not agree on them)
MOST_DIGITS = 40  # ... and to at most this many where 8 would read on the wrong side of its bound (_telling)


@dataclass
class CertifiedRatios:
    times: list  # exact times of the nodes
    midpoints: list  # the enclosures' midpoints (for the lines and the plot)
    positions: dict  # ratio name -> the node shown (the largest upper end for max_ratio, the least lower end for min_ratio)
    shown: dict  # ratio name -> the digits its enclosure decides
    holds: dict  # ratio name -> does the claimed comparison hold (decided by the enclosure)
    bits: int
    ends: list  # (low, high) of every node's enclosure (mpmath numbers, exact)
    enclosures: dict  # ratio name -> (low, high) of its enclosure (exact rationals)


def _affine_step(method, options, system, t0, y0) -> tuple:
    """(state, M, c): the initial state with the method's memory after it, and the affine step y -> M y + c over both
    read off the exact step (rational.affine_map); for the ball route and the amplification matrix alike."""
    exact = method.exact_options(options)
    t, y = rational.to_field(t0), [rational.to_field(v) for v in y0]
    state = y + [rational.Rational(v) for v in method.initial_memory(system, t, list(y), exact)]  # as run() takes it
    M, c = rational.affine_map(lambda v: method.step(system, t, v, exact, Recorder(keep=False)), len(state))
    return state, M, c


def _ratios_certified(claim, method, options, system, t0, y0, steps, functional, expect, mp_ratios, step_map) -> CertifiedRatios | None:
    """An affine run whose exact values grow too large (hundreds of thousands of bits over a long horizon), in balls:
    the step map y -> M y + c over the state and the method's memory read off the exact step (rational.affine_map),
    iterated by verify.engines.certified.affine_orbit, the functional evaluated on the enclosures in interval
    arithmetic (its constants exact), divided by its exact initial value.  The largest (smallest) ratio lies between
    the largest (smallest) lower and upper ends; each claimed comparison is decided when the enclosure lies on one
    side of the bound, at CERTIFIED_BITS in turn.  None when a comparison stays undecided (the numerical route then
    runs) or a ball blows up; a CheckError when the mpmath twin leaves an enclosure (the paths disagree)."""
    state, M, c = step_map
    t, y = rational.to_field(t0), state[: len(y0)]
    symbols = [symbol(s) for s in claim.model.variables]
    start = rational.to_sympy(rational.compile_rational(functional, symbols)(y))
    if start == 0:
        raise CheckError("the functional is 0 at the initial state: no ratio")
    try:
        ratio = certified.compile_arb(functional / start, symbols)
    except ValueError:
        return None
    length = rational.to_sympy(rational.to_field(method.step_length(options)))
    times = [rational.to_sympy(t) + n * length for n in range(steps + 1)]
    for bits in CERTIFIED_BITS:
        try:
            ends = [(mpmath.mpf(1), mpmath.mpf(1))] + certified.affine_orbit(M, c, state, steps, bits, lambda node: ratio(node[: len(y)]))
        except CertifiedUnavailable:
            return None
        largest = max(range(len(ends)), key=lambda i: ends[i][1])
        least = min(range(len(ends)), key=lambda i: ends[i][0])
        enclosures = {key: tuple(certified.to_rational(end) for end in pair) for key, pair in
                      {"max_ratio": (max(low for low, _ in ends), ends[largest][1]),
                       "min_ratio": (ends[least][0], min(high for _, high in ends)), "final_ratio": ends[-1]}.items()}
        holds = {key: _decided(op, bound, *enclosures[key]) for key, (op, bound, _) in expect.items()}
        if None in holds.values():
            continue
        with mpmath.workprec(bits + 64):
            for i, ((low, high), approximate) in enumerate(zip(ends, mp_ratios)):
                slack = abs(high) * mpmath.mpf(10) ** -crosscheck.AGREEMENT_DIGITS
                if not low - slack <= approximate <= high + slack:
                    raise CheckError(f"the mpmath run leaves the certified enclosure at node {i}: {crosscheck.show(approximate)} not in "
                                     f"{certified.enclosure_text(certified.to_rational(low), certified.to_rational(high))}")
            midpoints = [(low + high) / 2 for low, high in ends]
        return CertifiedRatios(times, midpoints, {"max_ratio": largest, "min_ratio": least, "final_ratio": len(ends) - 1},
                               {key: _enclosure_digits(*enclosure) for key, enclosure in enclosures.items()}, holds, bits, ends, enclosures)
    return None


def _decided(op, bound, low, high) -> bool | None:
    """Does ``x op bound`` hold for every x in [low, high] (True), for none (False), or is it undecided (None)?"""
    if op in ("<", "<="):
        return True if OPERATORS[op](high, bound) else False if not OPERATORS[op](low, bound) else None
    if op in (">", ">="):
        return True if OPERATORS[op](low, bound) else False if not OPERATORS[op](high, bound) else None
    outside = bound < low or bound > high
    if op == "==":
        return False if outside else (True if low == high == bound else None)
    return True if outside else (False if low == high == bound else None)


def _telling(shown_to, op, bound, holds, equal: bool = True, written: str = "") -> str:
    """A compared value shown to SHOWN_DIGITS, or to more digits (up to MOST_DIGITS) while the shown decimal would
    compare with the bound otherwise than the value does: 1.0000000120 against "< 1.00000001" is refuted, and
    "computed 1.0000000" would read as if it held; and, for a value not ``equal`` to the bound, while the decimal
    reads as the bound itself ("claimed > 0.99999926532974747124, computed 0.99999926532974747124" for a value
    ...7471238: a review of 2026-12-06).  At least two digits more than the bound as ``written`` shows: "claimed <
    1.05263155058, computed 1.0526316" told nothing (a second review of 2026-12-06)."""
    significant = len(written.lstrip("+-").replace(".", "").lstrip("0")) if written.replace(".", "").lstrip("+-").isdigit() else 0
    digits = max(SHOWN_DIGITS, min(significant + 2, MOST_DIGITS))
    text = shown_to(digits)
    while digits < MOST_DIGITS and (_reads(text, op, bound) not in (holds, None) or not equal and _reads(text, "==", bound)):
        digits += 4
        text = shown_to(digits)
    return text


def _reads(text, op, bound) -> bool | None:
    """How the decimal ``text`` compares with the bound (None when it is not a plain decimal)."""
    try:
        return OPERATORS[op](sympy.Rational(text), bound)
    except (TypeError, ValueError, SyntaxError):
        return None


def _enclosure_digits(low, high, most: int = SHOWN_DIGITS) -> str:
    """The digits both ends of an enclosure share (at most ``most`` significant), or the enclosure."""
    with mpmath.workdps(most + 10):
        a, b = (+v if isinstance(v, mpmath.mpf) else crosscheck.to_mp(v) for v in (low, high))
        for digits in range(most, 0, -1):
            if mpmath.nstr(a, digits) == mpmath.nstr(b, digits):
                return mpmath.nstr(a, digits)
    return certified.enclosure_text(*(certified.to_rational(v) if isinstance(v, mpmath.mpf) else v for v in (low, high)), 3)


CHECK_DIGITS = 20  # a numerical run is repeated this many digits finer


def _positions(ratios) -> dict:
    """The node of each compared ratio: max_ratio, min_ratio, final_ratio."""
    return {"max_ratio": max(range(len(ratios)), key=lambda i: ratios[i]), "min_ratio": min(range(len(ratios)), key=lambda i: ratios[i]),
            "final_ratio": len(ratios) - 1}


def _resolved(claim, method, options, system, t0, y0, steps, functional, ratios, expect, ties=()):
    """A numerical run repeated CHECK_DIGITS digits finer: (times, its ratios, the significant digits on which the two
    agree at every node, at most SHOWN_DIGITS).  A run whose threshold switches or instabilities amplify rounding
    (the power exchange of cosim/power-exchange/stable-constant agrees to six digits) is shown to the digits it
    resolves; a comparison the two runs decide differently, or no agreeing digit, is an error, not a verdict.
    ``ties``: the threshold tests the first run took as ties; with the finer run's, they are confirmed in exact
    arithmetic (_confirm_ties), and the fourth value returned says so (or is empty)."""
    digits = crosscheck.DIGITS + CHECK_DIGITS
    times, finer, finer_ties = _ratios_mp(claim, method, options, system, t0, y0, steps, functional, digits=digits)
    with mpmath.workdps(digits):
        worst = max((abs(a - b) / abs(b) for a, b in zip(ratios, finer) if b), default=mpmath.mpf(0))
        places = SHOWN_DIGITS if worst == 0 else min(SHOWN_DIGITS, int(mpmath.floor(-mpmath.log10(worst))))
        nodes = [(ratios, _positions(ratios)), (finer, _positions(finer))]
        for key, (op, bound, text) in expect.items():
            coarse, fine = (OPERATORS[op](r[at[key]], crosscheck.to_mp(bound)) for r, at in nodes)
            if coarse != fine:
                raise CheckError(f"{key} {op} {text} holds at {digits} digits but not at {crosscheck.DIGITS} or the other way: "
                                 "the run is not resolved by the working precision")
        _within_resolution(finer, worst, expect)
    if places < 1:
        raise CheckError(f"the runs at {crosscheck.DIGITS} and {digits} digits do not agree on one digit (relative difference "
                         f"{mpmath.nstr(worst, 3)}): the run is not resolved by the working precision")
    return times, finer, places, _confirm_ties(claim, method, options, system, t0, y0, set(ties) | set(finer_ties))


RESOLUTION_FLOOR_DIGITS = crosscheck.DIGITS - 5  # a numerical ratio is never taken as nearer its exact value than this


def _within_resolution(ratios, worst, expect) -> None:
    """CheckError when a comparison of the numerical run lies within its resolution of the bound: each ratio (the
    first is 1 exactly) is known to within max(10 * worst, 10^-RESOLUTION_FLOOR_DIGITS) relative, ``worst`` the
    largest relative difference between the runs at two precisions, and a max, min or final ratio whose range of
    possible values meets the bound does not decide ``==``, ``<=`` or any other comparison.  Rounding alone must
    not decide: the implicit midpoint rule keeps x^2 + y^2 exactly on a nonlinear rotation, and its 50- and
    70-digit ratios, both 1 - 10^-50 or so, refuted min_ratio == 1."""
    resolution = max(10 * worst, mpmath.mpf(10) ** -RESOLUTION_FLOOR_DIGITS)
    ranges = [(r, r) if i == 0 else (r - resolution * abs(r), r + resolution * abs(r)) for i, r in enumerate(ratios)]
    possible = {"max_ratio": (max(low for low, _ in ranges), max(high for _, high in ranges)),
                "min_ratio": (min(low for low, _ in ranges), min(high for _, high in ranges)), "final_ratio": ranges[-1]}
    for key, (op, bound, text) in expect.items():
        low, high = possible[key]
        if _decided(op, crosscheck.to_mp(bound), low, high) is None:
            raise CheckError(f"{key} {op} {text}: the numerical route knows {key} only to within {mpmath.nstr(resolution, 2)} (relative), "
                             f"and {text} lies within that of it: not decided (an exact invariant needs the exact route)")


TWIN_DECIDES_BITS = 100  # |a| below the threshold by more than threshold * 2^-this: the twin's numbers see it (its tie window
# is threshold * 2^-126 at 50 digits), so a tie it took there is a disagreement of the paths, not an undecidable test
TIE_SHADOW_BITS = 100_000  # the exact run that confirms threshold ties stops when its numbers pass this size (checked per stage)
TESTS_NAMED = 4  # a message names at most this many threshold tests (and counts the others)


def _confirm_ties(claim, method, options, system, t0, y0, ties, run_name: str = "") -> str:
    """Decide in exact arithmetic the threshold tests a floating run took as ties.

    The mpmath co-simulation twin takes a power-exchange denominator |a| within rounding of the threshold as equal to
    it, and so recovers the input (verify.engines.twins.cosimulation), noting the test by its identity (macro step,
    subsystem, substep, stage: cosimulation.ThresholdTest): with rational data exact ties are common, and rounding
    alone would pick the branch.  A floating run cannot tell a tie from a gap of 10^-80, so the exact path runs again
    until it has made every one of those tests (Recorder.threshold_tests: it stops right after the last, whose macro
    step's later stages may grow past what exact arithmetic carries) and reports the gap |a| - threshold of every test
    near the threshold, by the same identity (Recorder.threshold_gaps).  An exact tie, or |a| above the threshold,
    goes the way the twin took it; |a| below it goes the other way, and the run is then an error: by less than
    floating runs resolve, no floating run decides the test; by more, the paths disagree, as they do where the exact
    run makes the test far from the threshold.  A test the exact run cannot reach (its numbers pass TIE_SHADOW_BITS
    before it) is an error too.  ``ties``: the tests, as (step, subsystem, substep, stage) tuples.  Returns the text
    for the message ("" without ties)."""
    if not ties:
        return ""
    order = list(system.model.subsystems)
    ties = sorted({ThresholdTest(*test) for test in ties}, key=lambda test: (test.step, order.index(test.subsystem), test.substep, test.stage))
    microsteps = int(method.value(options, "microsteps"))
    where = f" of {run_name}" if run_name else ""
    gaps: list = []
    pending = set(ties)  # the run strikes off each test it makes, and stops when none is left
    try:
        run(method, system, options, t0, y0, ties[-1].step, keep=False, threshold_gaps=gaps, threshold_tests=pending,
            size_limit=TIE_SHADOW_BITS)
    except (ExactSizeError, NotRational, ArithmeticError) as exc:
        unreached = next(test for test in ties if test in pending)
        raise CheckError(f"the threshold test at {unreached.place(microsteps)}{where} lies within rounding of the threshold, and only exact "
                         f"arithmetic decides it, which cannot reach that test ({exc})") from None
    threshold = sympy.sympify(method.value(options, "threshold"))
    exact = {test: rational.to_sympy(gap) for test, gap in gaps}
    for test in ties:
        gap = exact.get(test)
        if gap is None:
            raise CheckError(f"the mpmath run meets a threshold tie at {test.place(microsteps)}{where} where the exact run has none: "
                             "the paths disagree")
        if gap < 0 and -gap <= threshold / 2**TWIN_DECIDES_BITS:
            raise CheckError(f"in the threshold test at {test.place(microsteps)}{where} a power-exchange denominator |a| lies below the "
                             f"threshold by {short_text(-gap)}: no floating run decides that test, and the run depends on it")
        if gap < 0:
            raise CheckError(f"the mpmath run takes the threshold test at {test.place(microsteps)}{where} as a tie, where exact arithmetic "
                             f"puts |a| below the threshold by {short_text(-gap)}: the paths disagree")
    named = ", ".join(test.place(microsteps) for test in ties[:TESTS_NAMED])
    if len(ties) > TESTS_NAMED:
        named += f" and {len(ties) - TESTS_NAMED} more"
    how = "an exact tie" if all(exact[test] == 0 for test in ties) else "|a| >= threshold"
    last = ties[-1].step
    return (f"; the threshold test{'s' if len(ties) > 1 else ''} at {named}, within rounding of the threshold, decided in exact "
            f"rationals ({how}, over the first {'step' if last == 1 else f'{last} steps'})")


def _show(value, places: int = SHOWN_DIGITS) -> str:
    """A ratio or time to ``places`` significant digits; an exact value converted at that precision and more (at
    mpmath's default 53 bits, _telling's 20- to 40-digit display of an exact ratio showed digits past the 16th that
    were not the value's)."""
    if isinstance(value, sympy.Basic) and value.is_Rational and int(value.p).bit_length() + int(value.q).bit_length() <= 64:
        return str(value)
    if not isinstance(value, sympy.Basic):  # a numerical route's value: the digits asked for, no more
        with mpmath.workdps(max(places + 10, mpmath.mp.dps)):
            return mpmath.nstr(value, places)
    while True:  # an exact value: never shown as a whole number it is not (0.99999999722... is not "1.0")
        with mpmath.workdps(places + 10):
            approximate = crosscheck.to_mp(value)
            text = mpmath.nstr(approximate, places)
            if places >= MOST_DIGITS or mpmath.mpf(text) != mpmath.nint(mpmath.mpf(text)) or approximate == mpmath.nint(approximate):
                return text
        places += 4


def _amplification(model, method, options, step_map) -> list[str]:
    """The amplification matrix of one macro step, y -> M y + c read off the exact step map (rational.affine_map), over
    the state and the method's memory; its eigenvalues, the factors one step multiplies a mode by: exactly for a 2x2
    matrix (|lambda|^2 = det M for a complex pair), their moduli to 8 digits (crosscheck.eigenvalue_moduli: python-flint's acb_mat.eig) otherwise."""
    _, M, c = step_map
    names = list(model.variables) + method.memory_names(model, options)
    matrix = sympy.Matrix([[rational.to_sympy(v) for v in row] for row in M])
    label = f"amplification matrix of one macro step (y -> M y{' + c' if any(c) else ''}, y = ({', '.join(names)}))"
    lines = [f"{label}: {matrix.tolist()}"]
    if any(c):
        lines.append(f"{label}: c = ({', '.join(str(rational.to_sympy(v)) for v in c)})")
    if matrix.shape[0] <= 2:
        eigenvalues = sympy.roots(matrix.charpoly().as_expr(), multiple=True)
        lines.append("eigenvalues of M: (" + ", ".join(str(e) for e in eigenvalues) + ")")
        lines.append("their moduli: (" + ", ".join(str(sympy.sqrt(sympy.expand(e * sympy.conjugate(e)))) for e in eigenvalues) + ")")
    else:
        values, solver = crosscheck.eigenvalue_moduli(matrix, 30)
        moduli = [mpmath.nstr(m, 8) for m in values]
        lines.append(Line(f"moduli of the eigenvalues of M ({solver}): " + ", ".join(f"≈ {m}" for m in moduli),
                          terms=["moduli of the eigenvalues of", Formula("M"), f"({solver}):",
                                 *[term for k, m in enumerate(moduli) for term in ([","] if k else []) + ["≈", crosscheck.approximate(m)]]]))
    return lines


KIND = ClaimKind("energy", KEYS, prepare, evaluate, spec_types=(EnergySpec,))
