"""check = "order" with ``proof = "closed-form"``: the global error on a linear model, exactly, as a series in h.

For a method whose step map is affine in the state (and in t), N steps have a closed form with a symbolic N
(verify.engines.symbolic.n_steps: the power of the augmented matrix, sympy's Jordan form).  With the step
h = (t_end - t0)/N the global error e(h) = y_N - y(t_end) (numerical minus exact, against the model's
``solution``) is a closed form in h; it is expanded in h (sympy's ``series``) and ``order = p`` holds when
e(h) = C h^p + O(h^(p + 1)) with C not identically zero.  ``leading_term`` claims C (per component with a table);
``t_end`` and the ``initial`` values may be declared ``symbols``.  This is an exact statement about this model
and these initial values, e.g. frozen-slow Euler's terminal z error -T H/2 on the ramp of page 000 (the page
writes the error as exact minus numerical: T H/2).
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome
from verify.checks.order import reading
from verify.checks.kit import initial_values, method_and_options, parameter_substitutions, validated
from verify.engines import series, symbolic
from verify.engines.methods import SymbolicSystem
from verify.engines.methods.multistep import LinearMultistep
from verify.input.load import Claim, LoadError
from verify.input.model import TIME, initial_name, symbol


@dataclass(frozen=True)
class ClosedFormOrder:
    method: object
    options: dict
    step: str
    t0: sympy.Expr
    y0: list
    t_end: sympy.Expr
    order: int
    leading_term: dict | None
    components: list


def prepare(claim: Claim) -> ClosedFormOrder:
    table, model = claim.table, claim.model
    method, options = method_and_options(claim, "order")
    if isinstance(method, LinearMultistep) or method.variable_step or method.memory_names(model, options):
        raise LoadError(f"a closed-form global error needs a one-step method without memory and with fixed steps, not {method.name}")
    step = table.get("step", "H" if "H" in method.required_options else "h")  # the macro step of multirate methods
    if not isinstance(step, str) or step in model.names():
        raise LoadError("step must name the method's step option (h, or H for the multirate methods)")
    if set(model.variables) - set(model.solution):
        raise LoadError("a closed-form global error needs the model's solution for every variable")
    t0, y0 = initial_values(claim, read=lambda claim, value, key: claim.value(value, key))
    if "t_end" not in table:
        raise LoadError("a closed-form global error needs 't_end', the time the error is measured at")
    t_end = claim.value(table["t_end"], "t_end")
    for value in [*y0, t0, t_end]:
        if value.free_symbols - set(claim.symbols.values()) or not (value.is_real is not False):
            raise LoadError("initial values and t_end must be numbers or declared symbols")
    if (t_end - t0).is_nonpositive:
        raise LoadError("t_end must be after the initial time")
    order = reading.claimed_order(table)
    if table.get("local", False):
        raise LoadError('a closed-form proof is of the global error; for the one-step defect use proof = "series"')
    components = reading.components_of(table, model)
    leading = reading.leading_term(claim, components, set(claim.symbols.values()), "the declared symbols: a number for these initial values")
    sample = {s: sympy.Integer(2) for s in claim.symbols.values()}  # declared symbols (T, m) validated at a sample value
    trial = {k: v.xreplace(sample) if isinstance(v, sympy.Basic) else v for k, v in options.items()}
    trial[step] = sympy.Rational(1, 10)
    validated(method, model, trial)
    return ClosedFormOrder(method, options, step, t0, y0, t_end, order, leading, components)


def _where_vanishing(coefficients) -> list[str]:
    """Where every component of the leading coefficient C vanishes, as the factors of the first one's numerator
    that the others share ("k = 0", "cos(T) = 0"): at those values the global error's leading power is higher, so
    "exactly order p" holds only where C is not 0."""
    factors = None
    for coefficient in coefficients:
        numerator = sympy.fraction(sympy.together(coefficient))[0]
        found = {f for f, _ in sympy.factor_list(numerator)[1] if f.free_symbols}
        factors = found if factors is None else factors & found
    return [f"{f} = 0" for f in sorted(factors or (), key=sympy.default_sort_key)]


def _real_form(value):
    """exp(i a) terms of complex eigenvalues (a rotation) written with cos and sin when that removes i (an identity)."""
    if not value.has(sympy.I):
        return value
    real = sympy.simplify(value.rewrite(sympy.cos))
    return real if not real.has(sympy.I) else value


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec: ClosedFormOrder = claim.spec
    model = claim.model
    system = SymbolicSystem(model, parameter_substitutions(claim))
    N = sympy.Symbol("N", positive=True, integer=True)
    h = sympy.Symbol(spec.step, positive=True)
    options = dict(spec.options)
    options[spec.step] = (spec.t_end - spec.t0) / N
    try:
        _, y_N = symbolic.n_steps(spec.method, system, options, spec.t0, spec.y0, N, every_count=False)  # an order: N -> oo
    except symbolic.SymbolicUnavailable as exc:
        raise CheckError(f"no closed form for N steps: {exc}") from None
    values = {symbol(initial_name(s)): v for s, v in zip(model.variables, spec.y0)}
    values[symbol(TIME)] = spec.t_end
    # the solution is written from t = 0; a later initial time is not shifted here
    if spec.t0 != 0:
        raise CheckError("a closed-form global error is computed from t0 = 0 (the model's solution starts there)")
    terms = spec.order + 2
    lines = [f"{spec.method.name} on {model.name}: N steps of {spec.step} = {(spec.t_end - spec.t0)} / N in closed form (symbolic N-step map); "
             f"global error e = y_N - y({spec.t_end}) with N = {spec.t_end - spec.t0}/{spec.step}, expanded in {spec.step}"]
    errors = {}
    for name in spec.components:
        i = model.variables.index(name)
        exact = claim.substitute(system.substitute(model.solution[name])).xreplace(values)
        error = sympy.expand(y_N[i] - exact).xreplace({N: (spec.t_end - spec.t0) / h})
        lines.append(f"  e_{name} = {error}")
        try:
            errors[name] = [_real_form(c) for c in series.expand_in(error, h, terms)]
        except series.SeriesUnavailable as exc:
            raise CheckError(f"the global error of {name}: {exc}") from None
    first = {name: value for name, value in reading.leading_terms(errors, terms, spec.step, lines, first_only=True).items() if value}
    leading_power = min((q for q, _ in first.values()), default=None)
    leading = {name: c for name, (q, c) in first.items() if q == leading_power}
    if leading_power is None:
        found = f"the global error vanishes through {spec.step}^{terms - 1}"
        computed = {"order": f">= {terms}"}
    else:
        shown = reading.leading_text(leading)
        found = f"global error y_N - y({spec.t_end}) = C {spec.step}^{leading_power} + O({spec.step}^{leading_power + 1}) with C = {shown}"
        computed = {"order": str(leading_power), "leading_term": shown}
    failures, successes = [], []
    if leading_power == spec.order:
        free = sorted(str(s) for s in claim.symbols.values())
        scope = f" for every value of {', '.join(free)}" if free else ""
        vanishing = _where_vanishing(list(leading.values())) if free else []
        if vanishing:  # Euler's C = -T k^2 e^(-kT)/2 is 0 at k = 0: the order there is higher (review of 2026-12-05)
            scope += f" where C is not 0; C = 0 where {' or '.join(vanishing)}, and there the error is of higher order"
        successes.append(f"order {spec.order}: {found} (exact, from the closed form in N{scope})")
    else:
        failures.append(f"order: claimed {spec.order}, computed {'at least ' + str(terms) if leading_power is None else leading_power}: {found}")
    if spec.leading_term is not None and leading_power == spec.order:
        for name, claimed in spec.leading_term.items():
            actual = errors[name][leading_power]
            try:
                same = series.vanishes(sympy.expand(actual - claimed))
                opposite = not same and series.vanishes(sympy.expand(actual + claimed))
            except series.SeriesUnavailable as exc:
                raise CheckError(f"leading_term.{name}: {exc}") from None
            if same:
                successes.append(f"leading term of {name}: {sympy.factor(actual)}")
            else:
                failures.append(f"leading term of {name}: claimed {claimed}, computed {sympy.factor(actual)}"
                                + (" (the opposite sign: the error here is numerical minus exact)" if opposite else ""))
    return Outcome("refuted" if failures else "verified", "symbolic", "; ".join(failures or successes), computed, lines)
