"""check = "order" with ``proof = "series"``: the local defect of a method on a model, as a series in the step.

One step of the method from a general point (t, y) with a symbolic step h (the option named by ``step``) is run
on sympy expressions and expanded in h; so is the exact flow y(t + h) (repeated Lie derivatives of the model's
vector field; for a DAE with a constraint linear in the algebraic variables, the reduced ODE:
verify.engines.series).  The defect Phi_h(y) - y(t + h) = C h^q + O(h^(q + 1)) is reported term by term, with
C an expression in the state, t and the free parameters (the claim's ``symbols``).

``local = true``: ``order = q`` is the power of the defect (as for an observed local order).  Otherwise
``order = p`` is the global order q - 1 of a one-step method whose defect is C h^(p + 1) with C not identically
zero (Hairer, Norsett & Wanner I, sec. II.3: a one-step method with a Lipschitz increment converges with the
order of its local error less one).  ``leading_term`` (an expression, or a table component -> expression)
claims C.  ``components`` restricts the defect to some variables.  With ``steps`` the observed order is measured
too (verify.checks.order.observed) and both must hold.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome
from verify.checks.order import observed, reading
from verify.checks.kit import method_and_options, validated
from verify.checks.stability.multistep import zero_stability
from verify.engines import series, symbolic
from verify.engines.methods import SymbolicSystem
from verify.engines.methods.implicit import BackwardEuler
from verify.engines.methods.multistep import LinearMultistep
from verify.engines.methods.runge_kutta import RungeKutta
from verify.errors import NotRational
from verify.input.load import Claim, LoadError
from verify.input.model import TIME, symbol

KEYS = {"proof", "leading_term"}


@dataclass(frozen=True)
class SeriesOrder:
    method: object
    options: dict  # the step option is the symbol h
    step: str
    order: int
    local: bool
    leading_term: dict | None  # component -> claimed C
    components: list
    observed: object | None  # the observed-order spec when ``steps`` is given


def prepare(claim: Claim) -> SeriesOrder:
    table, model = claim.table, claim.model
    if table.get("proof") != "series":
        raise LoadError('proof must be "series" (the local defect expanded in the step size) or "closed-form" (the global error '
                        'of an affine method on a linear model)')
    method, options = method_and_options(claim, "order")
    multistep = isinstance(method, LinearMultistep)
    if multistep and (set(options) - {"alpha", "beta", "h"} or model.algebraic):
        raise LoadError("a multistep method's series takes its past values from the exact flow: give no start, history or Newton "
                        "options, and an ODE (not a DAE)")
    if method.variable_step:
        raise LoadError(f"method {method.name} chooses its steps by comparisons: its step map has no series in h")
    if not multistep and method.memory_names(model, options) and not method.memory_from_previous_node(model, options):
        raise LoadError(f"method {method.name} carries memory from step to step ({', '.join(method.memory_names(model, options))}) "
                        "that is not a function of the previous node: its one-step defect depends on the whole past")
    step = table.get("step", "H" if "H" in method.required_options else "h")  # the macro step of multirate methods
    if not isinstance(step, str) or step in model.names():
        raise LoadError("step must name the method's step option (h, or H for the multirate methods), not a model name")
    trial = dict(options)
    trial[step] = sympy.Rational(1, 10)
    if multistep:
        trial["history"] = {s: [sympy.Integer(0)] * (method.data(trial).steps - 1) for s in model.states}  # the past is exact here
    validated(method, model, trial)
    options[step] = symbol(step)
    order = reading.claimed_order(table)
    local = table.get("local", False)
    if not isinstance(local, bool):
        raise LoadError("local must be true or false")
    components = reading.components_of(table, model)
    names = set(claim.symbols.values()) | {symbol(TIME)} | {symbol(s) for s in model.variables}
    leading = reading.leading_term(claim, components, names, "the state, t and the declared symbols")
    observed_spec = observed.prepare(claim) if "steps" in table else None
    if multistep and observed_spec is not None:
        raise LoadError("a multistep series claim compares with the exact past; give the observed order as a separate claim (with start)")
    if not multistep and method.memory_names(model, options) and not local and observed_spec is None:
        raise LoadError(f"method {method.name} carries memory: its defect from the exact past gives a global order only with "
                        "stability, which is not proved here; claim local = true, or give steps to observe the global order too")
    return SeriesOrder(method, options, step, order, local, leading, components, observed_spec)


def _consistent_algebraic(model, system, t) -> dict:
    """{z: Z(t, x)} solving the constraints for the algebraic variables (linear in them), or {}."""
    if not model.algebraic:
        return {}
    unknowns = [symbol(z) for z in model.algebraic]
    try:
        solution = sympy.solve(system.constraints, unknowns, dict=True)
    except (NotImplementedError, ValueError) as exc:
        raise CheckError(f"cannot solve the constraints for {', '.join(model.algebraic)}: {exc}") from None
    if len(solution) != 1 or set(solution[0]) != set(unknowns):
        raise CheckError(f"the constraints do not determine {', '.join(model.algebraic)} uniquely in closed form: no series of the flow")
    return solution[0]


def defect_series(claim: Claim, spec: SeriesOrder, terms: int, names: list | None = None) -> dict:
    """{component: [d_0, d_1, ...]}: Phi_h(y) - y(t + h) power by power, from a consistent point of a DAE."""
    model = claim.model
    system = SymbolicSystem(model, {symbol(p): v for p, v in claim.parameters.items()})
    t, h = symbol(TIME), symbol(spec.step)
    states = [symbol(s) for s in model.states]
    algebraic = _consistent_algebraic(model, system, t)
    point = list(states) + [algebraic[symbol(z)] for z in model.algebraic]
    rates = [sympy.expand(r.xreplace(algebraic)) for r in system.rhs]
    if isinstance(spec.method, LinearMultistep):
        return _multistep_defects(spec, system, model, t, h, rates, states, terms, names)
    flow = series.flow_coefficients(rates, states, t, terms)
    memory = []
    if spec.method.memory_names(model, spec.options):  # the previous exchange, from the exact past node
        past = [sum(((-h) ** q * flow[q][i] for q in range(terms)), sympy.Integer(0)) for i in range(len(states))]
        past_algebraic = [sympy.expand(algebraic[symbol(z)].xreplace({t: t - h, **dict(zip(states, past))})) for z in model.algebraic]
        memory = [sympy.expand(v) for v in spec.method.initial_memory(
            system, t - h, past + past_algebraic, symbolic.sympify_deep(spec.method.exact_options(spec.options, convert=symbolic.sympify_deep)))]
    known = None  # a Runge-Kutta step on a polynomial right-hand side: its series in truncated arithmetic
    if isinstance(spec.method, RungeKutta) and not memory and not model.algebraic and sympy.sympify(spec.options.get("h")) == h:
        tableau = spec.method.table(spec.options)
        known = series.runge_kutta_series(tableau.A, tableau.b, tableau.c, rates, states, t, h, terms)
    if known is None:
        try:
            image = symbolic.one_step(spec.method, system, spec.options, t, point + memory, augmented=bool(memory))
        except symbolic.SymbolicUnavailable as exc:
            if memory or not isinstance(spec.method, (RungeKutta, BackwardEuler)):
                raise CheckError(f"no symbolic step map: {exc}") from None
            image = _implicit_step_series(spec, system, model, t, h, point, terms)  # nonlinear stages: solved as series in h
    defects = {}
    for name in names or spec.components:
        i = model.variables.index(name)
        try:
            phi = known[i] if known is not None else series.coefficients_in(image[i], h, terms)
        except series.SeriesUnavailable as exc:
            raise CheckError(str(exc)) from None
        if i < len(states):
            exact = [flow[q][i] for q in range(terms)]
        else:  # z(t + h) = Z(t + h, x(t + h)): the Lie derivatives of Z along the reduced ODE
            exact = [c[0] for c in series.taylor_coefficients([algebraic[symbol(name)]], rates, states, t, terms)]
        defects[name] = [sympy.expand(sympy.cancel(a - b)) for a, b in zip(phi, exact)]
    return defects


def _truncated(expression, h, terms: int, what: str):
    """The expression's power series in h cut after h^(terms - 1), as a polynomial in h."""
    try:
        return sum((c * h**q for q, c in enumerate(series.coefficients_in(sympy.expand(expression), h, terms))), sympy.Integer(0))
    except series.SeriesUnavailable as exc:
        raise CheckError(f"{what} as a series: {exc}") from None


def _implicit_step_series(spec: SeriesOrder, system, model, t, h, point: list, terms: int) -> list:
    """One implicit step as a power series in h up to h^(terms - 1), when its equations are nonlinear.

    Runge-Kutta: K_i = f(t + c_i h, y + h sum_j a_ij K_j) by fixed-point iteration from K_i = f(t, y); each pass
    multiplies the previous error by h, so ``terms`` passes fix every coefficient below h^terms (the
    implicit-function series of the stages).  Coupled backward Euler: X = x + h (f(t + h, X, Z) + r_d),
    g(t + h, X, Z) = r_a, with Z solved from the constraint (linear in the algebraic variables) at every pass."""
    states = [symbol(s) for s in model.states]
    d = len(states)

    def truncated(expression):
        return _truncated(expression, h, terms, "the implicit step")

    def rates(time, values):
        return [r.xreplace({symbol(TIME): time, **dict(zip([symbol(v) for v in model.variables], values))}) for r in system.rhs]

    if isinstance(spec.method, RungeKutta):
        if model.algebraic:
            raise CheckError("a series of an implicit Runge-Kutta step on a DAE is not implemented (backward-euler is)")
        tableau = spec.method.table(spec.options)
        A, b, c = tableau.A, tableau.b, tableau.c
        stages = [rates(t, states)] * len(b)
        for _ in range(terms):
            stages = [[truncated(v) for v in rates(t + c[i] * h, [states[k] + h * sum(A[i][j] * stages[j][k] for j in range(len(b)))
                                                                 for k in range(d)])] for i in range(len(b))]
        return [truncated(states[k] + h * sum(b[i] * stages[i][k] for i in range(len(b)))) for k in range(d)]
    residual_d = spec.options.get("residual_d", {})
    residual_a = spec.options.get("residual_a", {})
    at = {symbol("h"): h, symbol(TIME): t + h}
    r_d = [residual_d[x].xreplace(at) if x in residual_d else 0 for x in model.states]
    r_a = [residual_a[z].xreplace(at) if z in residual_a else 0 for z in model.algebraic]
    unknowns = [symbol(z) for z in model.algebraic]
    algebraic_of = None
    if unknowns:
        equations = [g.xreplace({symbol(TIME): t + h}) - r for g, r in zip(system.constraints, r_a)]
        solved = sympy.solve(equations, unknowns, dict=True)
        if len(solved) != 1 or set(solved[0]) != set(unknowns):
            raise CheckError("the constraints do not determine the algebraic variables in closed form: no series of the step")
        algebraic_of = solved[0]
    X = list(states)
    for _ in range(terms + 1):
        Z = [truncated(algebraic_of[u].xreplace(dict(zip(states, X)))) for u in unknowns] if unknowns else []
        X = [truncated(x + h * (f + r)) for x, f, r in zip(states, rates(t + h, X + Z), r_d)]
    Z = [truncated(algebraic_of[u].xreplace(dict(zip(states, X)))) for u in unknowns] if unknowns else []
    return X + Z


def _zero_stable(spec) -> tuple:
    """(zero-stable?, how): the root condition on rho (Dahlquist's theorem); abm-K: rho of its corrector."""
    bounded, how = zero_stability(spec.method.corrector or spec.method.data(spec.options))
    return bounded, f"rho: {how}"


def _multistep_defects(spec, system, model, t, h, rates, states, terms, names) -> dict:
    """The local truncation error of a k-step method on the model: from the exact values y(t + j h), j < k, the
    new value y_(n+k) (explicit; implicit by fixed-point iteration in h; abm-K: AB predictor, f at the prediction,
    AM corrector) against y(t + k h) (Hairer, Norsett & Wanner I, sec. III.2: C_(p+1) h^(p+1) y^(p+1) + ...)."""
    d = len(states)
    flow = series.flow_coefficients(rates, states, t, terms + 1)

    def exact_at(j):
        return [sum((flow[q][i] * (j * h) ** q for q in range(terms + 1)), sympy.Integer(0)) for i in range(d)]

    def truncated(expression):
        return _truncated(expression, h, terms, "the multistep step")

    def rate(time, values):
        return [truncated(r.xreplace({symbol(TIME): time, **dict(zip(states, values))})) for r in system.rhs]

    def formula(alpha, beta, k, values, slopes, last_slope=None):
        """y_(n+k) from sum alpha_j y_(n+j) = h sum beta_j f_(n+j) (alpha_k = 1); last_slope: f_(n+k) if known."""
        known = [-sum(alpha[j] * values[j][i] for j in range(k)) + h * sum(beta[j] * slopes[j][i] for j in range(k)) for i in range(d)]
        if beta[k] == 0:
            return [truncated(v) for v in known]
        if last_slope is not None:
            return [truncated(known[i] + h * beta[k] * last_slope[i]) for i in range(d)]
        Y = list(values[k - 1])
        for _ in range(terms):
            Y = [truncated(known[i] + h * beta[k] * f) for i, f in enumerate(rate(t + k * h, Y))]
        return Y

    data = spec.method.data(spec.options)
    k = data.steps
    values = [exact_at(j) for j in range(k)]
    slopes = [rate(t + j * h, values[j]) for j in range(k)]
    new = formula(data.alpha, data.beta, k, values, slopes)
    if spec.method.corrector is not None:  # PECE: the corrector with f at the prediction
        corrector = spec.method.corrector
        m = corrector.steps
        new = formula(corrector.alpha, corrector.beta, m, values[k - m:], slopes[k - m:], rate(t + k * h, new))
    target = exact_at(k)
    defects = {}
    for name in names or spec.components:
        i = model.states.index(name)
        phi = series.coefficients_in(new[i], h, terms)
        exact = series.coefficients_in(sympy.expand(target[i]), h, terms)
        defects[name] = [sympy.expand(sympy.cancel(a - b)) for a, b in zip(phi, exact)]
    return defects


def _orders(claim: Claim, spec: SeriesOrder, found: dict, terms: int) -> tuple:
    """({component: (order, exact)}, the differential variables' global order or None): the local power, or the
    global order: a differential variable's defect power less one; for an index-1 DAE an algebraic variable's
    error is not accumulated, so it converges with the smaller of the differential variables' order and the power
    of its own defect (Hairer & Wanner II, sec. VI.1).  ``exact`` is False for a lower bound (no nonzero term)."""
    power = {name: (value[0], True) if value is not None else (terms, False) for name, value in found.items()}
    if spec.local:
        return {name: power[name] for name in spec.components}, None
    model = claim.model
    differential = {name: (q - 1, exact) for name, (q, exact) in power.items() if name in model.states}
    p_x = min(differential.values()) if model.algebraic else None
    return {name: differential[name] if name in model.states else min(p_x, power[name]) for name in spec.components}, p_x


def _not_smooth(claim: Claim) -> str | None:
    """A part of the model's right-hand side (or constraints) that may fail to be smooth for some real t, state or
    parameter: abs or sign of something that changes sign, a fractional power or log of something not positive
    everywhere, a division by something that may vanish, tan, min, max, Piecewise, floor, ceiling; None when every
    part is smooth for all real values (sqrt(1 + t**2), 1/(1 + y**2), exp, sin).  Decided by sympy's assumptions on
    real symbols: an undecided part counts as rough."""
    model = claim.model
    for text in [*model.rhs.values(), *model.constraints]:
        expression = claim.substitute(text)
        real = {s: sympy.Dummy(s.name, real=True) for s in expression.free_symbols}
        for part in sympy.preorder_traversal(expression.xreplace(real)):
            if _rough(part):
                return str(part.xreplace({v: k for k, v in real.items()}))
    return None


def _rough(part) -> bool:
    if isinstance(part, (sympy.Min, sympy.Max, sympy.Piecewise, sympy.floor, sympy.ceiling, sympy.tan)):
        return True
    if isinstance(part, (sympy.Abs, sympy.sign)):
        return not (part.args[0].is_positive or part.args[0].is_negative)
    if isinstance(part, sympy.log):
        return not part.args[0].is_positive
    if isinstance(part, sympy.Pow) and not part.exp.is_integer:
        return not part.base.is_positive
    if isinstance(part, sympy.Pow) and part.exp.is_negative:
        return not (part.base.is_positive or part.base.is_negative)
    return False


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec: SeriesOrder = claim.spec
    model = claim.model
    rough = _not_smooth(claim) if not spec.local and spec.observed is None else None
    if rough is not None:  # rk4 on y' = sqrt(t): defect -h^5/(3072 t^(7/2)), order 1.5 from t = 0 (review of 2026-12-05)
        raise CheckError(f"the defect series holds where the right-hand side is smooth, and {rough} is not smooth everywhere: a global "
                         "order from it needs the solution to stay away from where it is not (its leading coefficient may be unbounded "
                         "there); give 'initial', 't_end' and 'steps' to measure the order on an interval too, or claim the local order "
                         "(local = true)")
    claimed_power = spec.order if spec.local else spec.order + 1
    terms = claimed_power + 2
    dae_global = bool(model.algebraic) and not spec.local
    names = list(spec.components) + ([s for s in model.states if s not in spec.components] if dae_global else [])
    try:
        defects = defect_series(claim, spec, terms, names)
    except NotRational as exc:  # backward Euler's residual_a = sqrt(h): an internal error until a review of 2026-12-06
        raise CheckError(f"no series of the step: {exc} (a method option in a series proof must be a rational function of "
                         "h and t; 'steps' measures the order instead)") from None
    h = spec.step
    lines = []
    found = reading.leading_terms(defects, terms, h, lines)
    orders, p_x = _orders(claim, spec, found, terms)
    value, exact = min(orders.values())
    method = spec.method.name
    header = [f"{method} on {model.name}: one step from (t, {', '.join(model.variables)}) with symbolic {h}, expanded in {h}; "
              f"defect Phi_{h}(y) - y(t + {h}) over {', '.join(names)} (exact flow: repeated Lie derivatives of the vector field)"]
    derivation = header + lines
    known = {name: found[name] for name in spec.components if found[name] is not None}
    if not known:
        found_text = f"the defect vanishes through {h}^{terms - 1}"
        computed = {"defect_power": f">= {terms}"}
    else:
        lowest = min(q for q, _ in known.values())
        leading = {name: c for name, (q, c) in known.items() if q == lowest}
        shown = reading.leading_text(leading)
        found_text = f"defect = C {h}^{lowest} + O({h}^{lowest + 1}) with C = {shown}"
        computed = {"defect_power": str(lowest), "leading_term": shown}
        higher = {name: q for name, (q, _) in known.items() if q != lowest}
        if higher:
            found_text += "; " + ", ".join(f"{name} from {h}^{q}" for name, q in higher.items())
    if dae_global:
        found_text += (f" (index-1 DAE: the differential variables converge with order {p_x[0]}, an algebraic variable with the smaller of "
                       "that and the power of its own defect, which is not accumulated)")
    if exact:
        computed["order"] = str(value)
    what = "local order (power of the one-step defect)" if spec.local else "order"
    failures, successes = [], []
    if exact and value == spec.order:
        memory = bool(spec.method.memory_names(model, spec.options))
        multistep = isinstance(spec.method, LinearMultistep)
        stable, how = _zero_stable(spec) if multistep and not spec.local else (True, "")
        reason = ("" if spec.local or dae_global
                  else f" (a zero-stable multistep method with defect O({h}^{spec.order + 1}) from the exact past converges with order "
                       f"{spec.order}, Dahlquist; {how})" if multistep
                  else " (the defect from the exact past; with memory the global order also needs stability)" if memory
                  else f" (a one-step method with defect O({h}^{spec.order + 1}) converges with order {spec.order})")
        if stable:
            successes.append(f"{what} {spec.order}: {found_text}{reason}")
        else:
            failures.append(f"{what}: claimed {spec.order}, but the method is not zero-stable ({how}), so it does not converge although "
                            f"its {found_text}")
    else:
        computed_text = str(value) if exact else f"at least {value}"
        failures.append(f"{what}: claimed {spec.order}, computed {computed_text}: {found_text}")
    if spec.leading_term is not None and exact and value == spec.order and known:
        # C is the coefficient vector of the defect's leading power h^q (q the lowest over the components): a
        # component whose own defect starts later has the coefficient 0 there
        for name, claimed in spec.leading_term.items():
            actual = sympy.factor(defects[name][lowest])
            try:
                same = series.vanishes(sympy.expand(actual - claimed))
            except series.SeriesUnavailable as exc:
                raise CheckError(f"leading_term.{name}: {exc}") from None
            (successes if same else failures).append(
                f"leading term of {name}: {actual}" if same else f"leading term of {name}: claimed {claimed}, computed {actual}")
    outcome = Outcome("refuted" if failures else "verified", "symbolic", "; ".join(failures or successes), computed, derivation)
    if spec.observed is None:
        return outcome
    return _with_observed(claim, spec, outcome, context, defects)


def _with_observed(claim: Claim, spec: SeriesOrder, proved: Outcome, context: Context, defects: dict) -> Outcome:
    """Both the series and the observed order must hold; the observed one is reported beside the proof."""
    series_spec = claim.spec
    claim.spec = spec.observed
    try:
        seen = observed.evaluate(claim, context)
    finally:
        claim.spec = series_spec
    derivation = proved.derivation + ["observed order:"] + ["  " + line for line in seen.derivation]
    figure = seen.figure
    if figure is not None and spec.local and "leading_term" in proved.computed:  # draw |C(y0)| h^q beside the errors
        figure = dict(figure, series=_leading_at_start(claim, spec, defects, int(proved.computed["defect_power"])))
    computed = dict(proved.computed, **{f"observed {k}": v for k, v in seen.computed.items()})
    message = f"{proved.message}; observed: {seen.message}"
    # with memory the global order needs stability, which only the observed runs show: the evidence is theirs; so it
    # is where the right-hand side is not smooth everywhere (the series holds where it is: rk4 on y' = t^(59/20) from
    # t = 0 has an unbounded leading coefficient, review of 2026-12-05)
    rough = _not_smooth(claim) if not spec.local else None
    evidence = "numerical" if (spec.method.memory_names(claim.model, spec.options) and not spec.local) or rough else "symbolic"
    if rough:
        message += f" (the series alone does not prove the global order: {rough} is not smooth everywhere; the observed runs decide)"
    if proved.status == "verified" and seen.status == "verified":
        return Outcome("verified", evidence, message, computed, derivation, figure=figure)
    if proved.status == "refuted" and seen.status == "refuted":
        return Outcome("refuted", evidence, message, computed, derivation, figure=figure)
    raise CheckError(f"the series and the observed order disagree: series {proved.status} ({proved.message}); observed {seen.status} ({seen.message})")


def _leading_at_start(claim: Claim, spec: SeriesOrder, defects: dict, power: int) -> dict | None:
    """{"constant": max |C(t0, y0)|, "power": q} for the picture, or None when C has no value there."""
    start = spec.observed
    values = {symbol(TIME): start.t0, **{symbol(s): v for s, v in zip(claim.model.variables, start.y0)}}
    try:
        constant = max(abs(float(sympy.N(defects[name][power].xreplace(values)))) for name in spec.components)
    except (TypeError, ValueError):
        return None
    return {"constant": constant, "power": power}
