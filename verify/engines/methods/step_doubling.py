"""Step doubling for explicit Euler: one attempt, and an adaptive controller built on it.

Source: shared/sources/002_369044d7bd6044f0.txt ("Which Simulation Steps Need
More Work?"):

    coarse   = y + h f(t, y)                       one full Euler step
    midpoint = y + (h/2) f(t, y)                   a half step
    fine     = midpoint + (h/2) f(t + h/2, midpoint)   the second half re-evaluates the rate
    error_estimate = |fine - coarse|               per component
    tolerance      = atol + rtol |fine|            per component (atol, rtol may be per state)
    accepted       = every component has error_estimate <= tolerance

error_ratio = max over components of error_estimate / tolerance (the max-norm
of the scaled errors; accepted exactly when it is <= 1).  An attempt never
moves the clock or the state: only an accepted one does.

The order-based controller is the usual one (Hairer, Norsett & Wanner,
Solving ODEs I, sec. II.4, eq. (4.13)):
h_new = h * min(max_factor, max(min_factor, safety * (1/error_ratio)^(1/(p+1)))),
with the factor rounded down to a multiple of 1/FACTOR_QUANTUM so that every
step size stays rational (the exact path never takes a real root).
"""
from __future__ import annotations

import dataclasses
import functools

import gmpy2
import sympy

from verify.engines import rational
from verify.engines.methods import schema
from verify.engines.methods.schema import Option
from verify.engines.methods.base import Method, MethodError, assign_components, component_names, component_values, positive_integer, positive_rational, to_field_deep

Rational = rational.Rational
HALF = Rational(1, 2)
FACTOR_QUANTUM = 1024  # step-size factors are multiples of 1/1024

SCALAR_QUANTITIES = ("coarse", "midpoint", "fine", "error_estimate", "tolerance")


def attempt_quantity_names(states) -> tuple[str, ...]:
    """Plain names (``coarse``) for a one-state model; ``coarse_x``, ``coarse_z``, ... for a system."""
    names = ["accepted", "error_ratio", "t_coarse", "t_midpoint", "t_fine"]
    return tuple(names + [n for q in SCALAR_QUANTITIES for n in component_names(q, states)])


def attempt(system, t, y, h, atol, rtol, recorder, where=""):
    """One step-doubling attempt; records every quantity; returns (accepted, fine, error_ratio)."""
    n = len(y)
    f0 = system.rate(t, y, recorder)
    coarse = [y[i] + h * f0[i] for i in range(n)]
    midpoint = [y[i] + h * HALF * f0[i] for i in range(n)]
    f1 = system.rate(t + h * HALF, midpoint, recorder)
    fine = [midpoint[i] + h * HALF * f1[i] for i in range(n)]
    estimate = [abs(fine[i] - coarse[i]) for i in range(n)]
    tolerance = [atol[i] + rtol[i] * abs(fine[i]) for i in range(n)]
    accepted = recorder.tolerance_test(estimate, tolerance)
    ratio = controller_ratio(estimate, tolerance)
    values = {"coarse": coarse, "midpoint": midpoint, "fine": fine, "error_estimate": estimate, "tolerance": tolerance}
    shown = rational.formula_text
    formulas = {  # the lesson's formulas with the values substituted, one function per component (explain only)
        "coarse": lambda i: f"{system.states[i]} + h*f(t, y) = {shown(y[i])} + {shown(h)}*({shown(f0[i])})",
        "midpoint": lambda i: f"{system.states[i]} + h/2*f(t, y) = {shown(y[i])} + {shown(h * HALF)}*({shown(f0[i])})",
        "fine": lambda i: f"midpoint + h/2*f(t + h/2, midpoint) = {shown(midpoint[i])} + {shown(h * HALF)}*({shown(f1[i])})",
        "error_estimate": lambda i: f"abs(fine - coarse) = abs({shown(fine[i])} - {shown(coarse[i])})",
        "tolerance": lambda i: f"atol + rtol*abs(fine) = {shown(atol[i])} + {shown(rtol[i])}*abs({shown(fine[i])})",
    }
    for name, vector in values.items():
        assign_components(recorder, name, vector, system.states, where, [functools.partial(formulas[name], i) for i in range(n)])
    recorder.assign("t_coarse", t + h, where)
    recorder.assign("t_midpoint", t + h * HALF, where)
    recorder.assign("t_fine", t + h, where)
    recorder.assign("accepted", Rational(int(accepted)), where)
    if all(tol > 0 for tol in tolerance):  # error_ratio is a quantity only where every tolerance is positive
        recorder.assign("error_ratio", ratio, where)
    return accepted, fine, ratio


def controller_ratio(estimate, tolerance):
    """The order controller's error ratio max_i estimate_i / tolerance_i, where a component with tolerance 0 counts 0
    when its estimate is 0 too (it passed: no error at all; y' = 1 under Euler) and makes the ratio None (no finite
    ratio: shrink by min_factor) when its estimate is positive.  (Before, any zero tolerance shrank the step after
    an accepted attempt too, so a run with exact steps and zero tolerances never reached t_end.)"""
    ratios = []
    for e, tol in zip(estimate, tolerance):
        if tol > 0:
            ratios.append(e / tol)
        elif e == 0:
            ratios.append(0 * e)
        else:
            return None
    return max(ratios)


class StepDoublingEuler(Method):
    """One step-doubling attempt of explicit Euler (SPEC: ``step-doubling-euler``)."""

    name = "step-doubling-euler"
    schema = (schema.step(), *(dataclasses.replace(o, required=True) for o in schema.TOLERANCES))
    affine = False
    variable_step = True

    def quantity_names(self, model, options=None):
        return attempt_quantity_names(model.states)

    def validate(self, model, options):
        super().validate(model, options)
        positive_rational(options, "h", self.name)
        _check_tolerances(self.name, options, model.states)

    def step(self, system, t, y, options, recorder):
        atol = component_values(options, "atol", system.states)
        rtol = component_values(options, "rtol", system.states)
        accepted, fine, _ = attempt(system, t, y, options["h"], atol, rtol, recorder)
        return (t + options["h"], fine) if accepted else (t, y)


def _check_tolerances(method, options, states):
    for name in ("atol", "rtol"):
        for value in component_values(options, name, states):
            if not (getattr(value, "is_Rational", False) and value >= 0):
                raise MethodError(f"method {method}: {name} must be >= 0, got {value}")


class AdaptiveEuler(Method):
    """Explicit Euler with step doubling and a step-size controller, run from t to t_end in one macro step.

    controller = "halving" (the page's: halve h from the same start until the
    attempt is accepted; keep h after an acceptance) or "order" (the formula in
    the module docstring).  Every attempt is recorded (``attempt_t``,
    ``attempt_h``, ``error_estimate``, ``tolerance``, ``accepted``, ..., and
    the controller's choice after it, ``h_new``: the next attempt's step before
    it is shortened to land on t_end; none after an attempt that ends the run), and
    the run's totals: ``attempts``, ``rejections``, ``accepted_steps``, and
    over the accepted attempts ``tolerance_sum`` and ``error_estimate_sum``
    (each attempt contributing its largest component).  The
    run fails, with ``failed = 1`` and a message, when one step is rejected
    more than ``max_rejections`` times in a row, when the step falls below
    ``h_min``, or after ``max_attempts`` attempts: never an endless loop.
    """

    name = "adaptive-euler"
    to_t_end = True
    CONTROLLER = (
        Option("controller", schema.WORD, "halving", words=("halving", "order"), doc="halving, or the order-based formula"),
        Option("max_rejections", schema.COUNT, sympy.Integer(20), doc="rejections in a row before the run fails"),
        Option("max_attempts", schema.COUNT, sympy.Integer(100_000), doc="attempts before the run fails"),
        Option("h_min", schema.NON_NEGATIVE, sympy.Integer(0), doc="the run fails when the step is not above it"),
        Option("safety", schema.POSITIVE, sympy.Rational(9, 10), doc="the order controller's safety factor"),
        Option("min_factor", schema.POSITIVE, sympy.Rational(1, 5), doc="the order controller's smallest step factor"),
        Option("max_factor", schema.POSITIVE, sympy.Integer(5), doc="the order controller's largest step factor"),
        Option("order", schema.COUNT, sympy.Integer(1), doc="p in the controller's exponent 1/(p + 1)"),
    )
    schema = (schema.step(), *(dataclasses.replace(o, required=True) for o in schema.TOLERANCES),
              Option("t_end", schema.NUMBER, required=True, doc="where the run ends"), *CONTROLLER)
    affine = False
    variable_step = True
    RUN_QUANTITIES = ("attempt_t", "attempt_h", "h_new", "failed", "attempts", "rejections", "accepted_steps", "tolerance_sum",
                      "error_estimate_sum")

    def quantity_names(self, model, options=None):
        return self.RUN_QUANTITIES + attempt_quantity_names(model.states)

    def validate(self, model, options):
        super().validate(model, options)
        positive_rational(options, "h", self.name)
        _check_tolerances(self.name, options, model.states)
        for name in ("max_rejections", "max_attempts", "order"):
            if name in options:
                positive_integer(options, name, self.name)
        for name in ("safety", "min_factor", "max_factor"):
            if name in options:
                positive_rational(options, name, self.name)
        low, high = (self.value(options, name) for name in ("min_factor", "max_factor"))
        # the order controller's min(max_factor, max(min_factor, ...)) is then max_factor whatever the estimate (a review
        # of 2026-12-06: with max_factor = 1/2 such a run went on to the time limit); the halving controller reads neither
        if self.value(options, "controller") == "order" and all(isinstance(v, sympy.Basic) and v.is_Rational for v in (low, high)) \
                and low > high:
            raise MethodError(f"{self.name}: min_factor = {low} is above max_factor = {high}: the order controller's factor "
                              "would be max_factor whenever an estimate is compared with a positive tolerance")

    def settings(self, options) -> dict:
        """The options with every controller setting the claim leaves out taken from ``value`` (the schema's default,
        or a subclass's: adaptive-rk's order), as exact numbers."""
        return {**options, **{o.name: to_field_deep(self.value(options, o.name)) for o in self.CONTROLLER}}

    def step(self, system, t, y, options, recorder):
        o = self.settings(options)
        atol = component_values(o, "atol", system.states)
        rtol = component_values(o, "rtol", system.states)
        t_end, h = o["t_end"], o["h"]
        attempts = rejections = in_a_row = accepted_steps = 0
        tolerance_sum = estimate_sum = Rational(0)  # over accepted attempts, max-norm per attempt
        failure = None
        if t_end < t:
            raise MethodError(f"method {self.name}: t_end = {rational.formula_text(t_end)} is before the start t = {rational.formula_text(t)}")
        while t < t_end:
            if attempts >= int(o["max_attempts"]):
                failure = f"stopped after {attempts} attempt{'' if attempts == 1 else 's'} at t = {rational.formula_text(t)} (max_attempts)"
                break
            if h <= o["h_min"]:
                failure = f"step size {rational.formula_text(h)} at t = {rational.formula_text(t)} is not above h_min = {rational.formula_text(o['h_min'])}"
                break
            h_try = min(h, t_end - t)  # land exactly on t_end
            attempts += 1
            where = f"attempt {attempts}"
            recorder.assign("attempt_t", t, where)
            recorder.assign("attempt_h", h_try, where)
            accepted, fine, ratio = self.attempt(system, t, y, h_try, atol, rtol, recorder, where, o)
            if accepted:
                t, y = t + h_try, fine
                accepted_steps += 1
                tolerance_sum += max(recorder.latest[n] for n in component_names("tolerance", system.states))
                estimate_sum += max(recorder.latest[n] for n in component_names("error_estimate", system.states))
                in_a_row = 0
                for state, value in zip(system.states, y):
                    recorder.assign(state, value, where)
            else:
                rejections += 1
                in_a_row += 1
                if in_a_row > int(o["max_rejections"]):
                    failure = f"attempt at t = {rational.formula_text(t)} rejected {in_a_row} times in a row (max_rejections = {o['max_rejections']})"
                    break
            h, root = self.next_step(o, h_try, accepted, ratio)
            recorder.assign("h_new", h, where, functools.partial(_step_size_formula, o, h_try, accepted, ratio, root))
        recorder.assign("failed", Rational(int(failure is not None)), "end")
        recorder.assign("attempts", Rational(attempts), "end")
        recorder.assign("rejections", Rational(rejections), "end")
        recorder.assign("accepted_steps", Rational(accepted_steps), "end")
        recorder.assign("tolerance_sum", tolerance_sum, "end")
        recorder.assign("error_estimate_sum", estimate_sum, "end")
        recorder.failure = failure
        return t, y

    def attempt(self, system, t, y, h, atol, rtol, recorder, where, o):
        """One attempt of step size h: (accepted, the candidate state, error ratio or None)."""
        return attempt(system, t, y, h, atol, rtol, recorder, where)

    @staticmethod
    def next_step(o, h, accepted, ratio):
        """(the next step size, the order controller's rounded factor before it is clamped to [min_factor, max_factor],
        or None)."""
        if o["controller"] == "halving":
            return (h if accepted else h * HALF), None
        if ratio is None:  # a positive estimate against a zero tolerance: no finite ratio, shrink as much as allowed
            return h * o["min_factor"], None
        if ratio == 0:
            return h * o["max_factor"], None
        root = quantized_root(o["safety"] ** (int(o["order"]) + 1) / ratio, int(o["order"]) + 1)
        return h * min(o["max_factor"], max(o["min_factor"], root)), root


def _step_size_formula(o, h, accepted, ratio, root) -> str:
    """The controller's choice of the next step size, with the values substituted (explain)."""
    shown = rational.formula_text
    if o["controller"] == "halving":
        return "h" if accepted else f"h/2 = ({shown(h)})/2"
    if ratio is None:
        return f"h*min_factor = {shown(h)}*{shown(o['min_factor'])}"
    if ratio == 0:
        return f"h*max_factor = {shown(h)}*{shown(o['max_factor'])}"
    k = int(o["order"]) + 1
    return (f"h*min(max_factor, max(min_factor, floor({FACTOR_QUANTUM}*(safety**(p + 1)/error_ratio)**(1/(p + 1)))/{FACTOR_QUANTUM})) = "
            f"{shown(h)}*min({shown(o['max_factor'])}, max({shown(o['min_factor'])}, floor({FACTOR_QUANTUM}*(({shown(o['safety'])})**{k}/"
            f"({shown(ratio)}))**(1/{k}))/{FACTOR_QUANTUM})) = {shown(h)}*min({shown(o['max_factor'])}, max({shown(o['min_factor'])}, {shown(root)}))")


def quantized_root(x, k: int) -> Rational:
    """floor(x^(1/k) * FACTOR_QUANTUM) / FACTOR_QUANTUM, exactly, for a real x >= 0: a rational, or a real algebraic
    number (a last step shortened to land on an irrational t_end makes the error ratio irrational: it was an internal
    error, review of 2026-12-05), whose floor comes from enclosures narrow enough to settle it."""
    scaled = x * FACTOR_QUANTUM**k
    if hasattr(scaled, "iv"):  # an enclosure (verify.engines.certified.Ball, the certified route): its floor where decided
        whole = scaled.floor()
    elif isinstance(scaled, sympy.Basic) and not scaled.is_Rational:
        from verify.engines import spectral  # here: spectral's enclosures import verify.engines.certified, which imports the methods

        whole = int(spectral.floor_real(scaled))
    else:
        whole = int(scaled.numerator) // int(scaled.denominator)
    root, _ = gmpy2.iroot(gmpy2.mpz(whole), k)
    return Rational(int(root), FACTOR_QUANTUM)


class AdaptiveRungeKutta(AdaptiveEuler):
    """The same controllers over an embedded Runge-Kutta pair (``pair``: heun-euler-21, bogacki-shampine-32,
    fehlberg-45, dormand-prince-54, cash-karp-45): each attempt is one step of the pair, its error estimate
    |y+ - yhat+| against atol + rtol |y+| (Hairer, Norsett & Wanner I, sec. II.4).  ``order`` (the controller's
    exponent 1/(order + 1)) defaults to the lower order of the pair.  An FSAL pair reuses the last stage of an
    accepted attempt as the first stage of the next one."""

    name = "adaptive-rk"
    LOWER_ORDER = {"heun-euler-21": 1, "bogacki-shampine-32": 2, "fehlberg-45": 4, "dormand-prince-54": 4, "cash-karp-45": 4}
    schema = (*AdaptiveEuler.schema[:4], Option("pair", schema.WORD, required=True, words=tuple(LOWER_ORDER), doc="the embedded pair"),
              *(dataclasses.replace(o, default=None, doc=o.doc + " (default: the pair's lower order)") if o.name == "order" else o
                for o in AdaptiveEuler.CONTROLLER))
    RUN_QUANTITIES = AdaptiveEuler.RUN_QUANTITIES

    def quantity_names(self, model, options=None):
        names = [n for q in ("embedded", "error_estimate", "tolerance", "candidate") for n in component_names(q, model.states)]
        if len(model.states) > 1:
            names.append("error_estimate")  # the max over the components
        return self.RUN_QUANTITIES + ("accepted", "error_ratio", "t_candidate") + tuple(names)

    def value(self, options, name):
        """``order`` defaults to the pair's lower order."""
        if name == "order" and "order" not in options:
            return sympy.Integer(self.LOWER_ORDER[options["pair"]])
        return super().value(options, name)

    def attempt(self, system, t, y, h, atol, rtol, recorder, where, o):
        candidate = _pair_attempt(o["pair"], system, t, y, h, recorder, where, atol=dict(zip(system.states, atol)),
                                  rtol=dict(zip(system.states, rtol)))
        assign_components(recorder, "candidate", candidate, system.states, where)
        recorder.assign("t_candidate", t + h, where)
        latest = recorder.latest
        accepted = bool(latest["accepted"])
        estimate, tolerance = ([latest[n] for n in component_names(q, system.states)] for q in ("error_estimate", "tolerance"))
        return accepted, candidate, controller_ratio(estimate, tolerance)


def _pair_attempt(name, system, t, y, h, recorder, where, **tolerances) -> list:
    """One step of the embedded pair ``name`` of size h as an attempt: every value it computes recorded under ``where``
    (the embedded solution, the error estimate and, given atol and rtol, the tolerance test), its new state only as
    the candidate the caller returns (_Candidate)."""
    from verify.engines.methods.runge_kutta import PAIRS, RungeKutta  # the pairs are Runge-Kutta data

    pair = RungeKutta(name, PAIRS[name])
    exact = hasattr(h, "numerator")  # else an interval (on the certified route only B&F's controller makes irrational steps;
    # adaptive-euler's and adaptive-rk's stay rational): used as it is
    exact_options = pair.exact_options({"h": rational.to_sympy(h) if exact else sympy.Integer(1)})
    if not exact:
        exact_options["h"] = h
    exact_options.update(tolerances)
    saved, recorder.where = recorder.where, f"{recorder.where} · {where}" if recorder.where else where
    try:
        return pair.step(system, t, y, exact_options, _Candidate(recorder, system.states))
    finally:
        recorder.where = saved


class _Candidate:
    """A recorder view for one attempt: every value is recorded, except that the pair's new state is a candidate
    (recorded by the controller as ``candidate``; the state changes only when the attempt is accepted)."""

    def __init__(self, recorder, states):
        self._recorder, self._states = recorder, set(states)

    def __getattr__(self, name):  # counts, latest, reuse, where, keep, size_limit, ...: the recorder's own
        return getattr(self._recorder, name)

    def assign(self, name, value, where="", formula=None):
        if name not in self._states:
            self._recorder.assign(name, value, where, formula)


class BurdenFairesRKF(Method):
    """The Runge-Kutta-Fehlberg method with Burden & Faires' step-size control (Numerical Analysis, 9th ed., sec. 5.5,
    Algorithm 5.3), from t to ``t_end`` in one macro step.  From h = ``h_max``: one step of the Fehlberg pair
    (fehlberg-45, whose fourth-order solution is kept), R = |w~ - w|/h (the max over the components); accepted when
    R <= ``tolerance``; then delta = 0.84 (tolerance/R)^(1/4), h = h/10 if delta <= 0.1, 4h if delta >= 4, else
    delta h, at most ``h_max``; the run ends when t >= t_end, shortens the last step to land on t_end, and fails when
    h < ``h_min``.  delta h is irrational unless tolerance/R is a fourth power: the exact path then stops
    (NotRational) and the run goes on the numerical route, whose twin (verify.engines.twins.step_doubling) takes the
    root.  Recorded: every attempt's ``attempt_t``, ``attempt_h``, ``R``, ``accepted``; every accepted step's
    ``step_t``, ``step_h``, ``step_R`` and the states (B&F's Table 5.11 columns t_i, h_i, R_i, w_i); the totals
    ``attempts``, ``rejections``, ``accepted_steps``, ``failed``."""

    name = "rkf-burden-faires"
    irrational_steps = True
    to_t_end = True
    schema = (Option("tolerance", schema.POSITIVE, required=True, doc="TOL: R = |w~ - w|/h must not exceed it"),
              Option("h_max", schema.POSITIVE, required=True, doc="the first and the largest step"),
              Option("h_min", schema.POSITIVE, required=True, doc="the run fails when a step falls below it"),
              Option("t_end", schema.NUMBER, required=True, doc="where the run ends"),
              Option("max_attempts", schema.COUNT, sympy.Integer(100_000), doc="attempts before the run fails"))
    affine = False
    variable_step = True
    QUANTITIES = ("attempt_t", "attempt_h", "R", "accepted", "step_t", "step_h", "step_R", "attempts", "rejections", "accepted_steps",
                  "failed")
    SAFETY, LOW, HIGH = Rational(84, 100), Rational(1, 10), Rational(4)  # delta = 0.84 (TOL/R)^(1/4), clamped to [0.1, 4]

    def quantity_names(self, model, options=None):
        return self.QUANTITIES

    def validate(self, model, options):
        super().validate(model, options)
        for name in ("tolerance", "h_max", "h_min"):
            positive_rational(options, name, self.name)
        if options["h_min"] > options["h_max"]:
            raise MethodError(f"method {self.name}: h_min = {options['h_min']} is above h_max = {options['h_max']}: every run would fail")
        clash = set(self.QUANTITIES) & set(model.variables)
        if clash:
            raise MethodError(f"method {self.name} records {', '.join(sorted(clash))}, which the model names a variable too")

    def step(self, system, t, y, options, recorder):
        tolerance, h_max, h_min, t_end = options["tolerance"], options["h_max"], options["h_min"], options["t_end"]
        if t_end < t:
            raise MethodError(f"method {self.name}: t_end = {rational.formula_text(t_end)} is before the start t = {rational.formula_text(t)}")
        h, attempts, rejections, accepted_steps, failure, landing = h_max, 0, 0, 0, None, False
        while t < t_end:
            if attempts >= int(self.value(options, "max_attempts")):
                failure = f"stopped after {attempts} attempt{'' if attempts == 1 else 's'} at t = {rational.formula_text(t)} (max_attempts)"
                break
            attempts += 1
            where = f"attempt {attempts}"
            recorder.assign("attempt_t", t, where)
            recorder.assign("attempt_h", h, where)
            candidate = _pair_attempt("fehlberg-45", system, t, y, h, recorder, where)
            embedded = [recorder.latest[n] for n in component_names("embedded", system.states)]
            R = max(abs(c - e) for c, e in zip(candidate, embedded)) / h
            recorder.assign("R", R, where)
            accepted = recorder.tolerance_test([R], [tolerance])  # the twin takes this outcome at a tie (twins.base.tolerance_test)
            recorder.assign("accepted", Rational(int(accepted)), where)
            if accepted:
                t, y = (t_end if landing else t + h), candidate
                accepted_steps += 1
                for name, value in (("step_t", t), ("step_h", h), ("step_R", R)):
                    recorder.assign(name, value, where)
                for state, value in zip(system.states, y):
                    recorder.assign(state, value, where)
            else:
                rejections += 1
            if t >= t_end:
                break
            h = self.next_step(h, R, tolerance, h_max)
            landing = t + h > t_end  # then the next accepted step ends at t_end itself (in intervals t + (t_end - t) only holds it)
            if landing:
                h = t_end - t
            elif h < h_min:
                failure = f"the step {rational.formula_text(h)} at t = {rational.formula_text(t)} fell below h_min = {rational.formula_text(h_min)}"
                break
        for name, value in (("failed", int(failure is not None)), ("attempts", attempts), ("rejections", rejections),
                            ("accepted_steps", accepted_steps)):
            recorder.assign(name, Rational(value), "end")
        recorder.failure = failure
        return t, y

    @classmethod
    def next_step(cls, h, R, tolerance, h_max):
        """Steps 7-9 of Algorithm 5.3, exactly: the new h, or NotRational when delta h is irrational."""
        if R == 0:
            return min(cls.HIGH * h, h_max)
        q = tolerance / R
        if q <= (cls.LOW / cls.SAFETY) ** 4:  # delta <= 0.1
            return min(cls.LOW * h, h_max)
        if q >= (cls.HIGH / cls.SAFETY) ** 4:  # delta >= 4
            return min(cls.HIGH * h, h_max)
        if cls.SAFETY**4 * q * h**4 >= h_max**4:  # delta h >= h_max
            return h_max
        if not hasattr(q, "numerator"):  # an interval (the certified route, verify.engines.certified.Ball): its fourth root
            return cls.SAFETY * q ** Rational(1, 4) * h
        top, exact_top = gmpy2.iroot(gmpy2.mpz(int(q.numerator)), 4)
        bottom, exact_bottom = gmpy2.iroot(gmpy2.mpz(int(q.denominator)), 4)
        if not (exact_top and exact_bottom):
            raise rational.NotRational(f"Burden & Faires' step 0.84 (TOL/R)^(1/4) h = 0.84 ({rational.formula_text(q)})^(1/4) "
                                       f"{rational.formula_text(h)} is irrational")
        return cls.SAFETY * Rational(int(top), int(bottom)) * h
