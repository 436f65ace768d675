"""Linear multistep methods: the coefficients are data, one generic step does the arithmetic.

sum_{j=0}^{k} alpha_j y_{n+j} = h sum_{j=0}^{k} beta_j f(t_{n+j}, y_{n+j}),   alpha_k = 1
(Hairer, Norsett & Wanner, Solving ODEs I, sec. III.1-III.2; the coefficient tables there, 1.1, 1.2, and
(1.22') for BDF).  beta_k = 0 is explicit (Adams-Bashforth); otherwise the new value is solved for exactly when
the right-hand side is affine in the state: (I - h beta_k J(t_{n+k})) y_{n+k} = known + h beta_k f(t_{n+k}, 0).

``steps`` counts steps of size h from the initial time, starting steps included: the first k - 1 steps come
from the starter (``start = "exact"``: the model's solution; ``start = "<Runge-Kutta method>"``: one step of it
with the same h; or ``history = { y = [y_1, ..., y_{k-1}] }`` given exactly), then the k-step formula; a book that
starts with more values than the formula needs is followed by ``start_steps = m`` or a history of m values.  The
previous values (and, when a beta_j != 0 for j < k, the previous f values) ride along as the method's memory,
with the number of values taken so far.

``abm-K`` is the predictor-corrector PECE pair: the K-step Adams-Bashforth predictor, f at the prediction, the
(K - 1)-step Adams-Moulton corrector with that f in place of the implicit one (Hairer, Norsett & Wanner I,
sec. III.1, "predictor-corrector methods").  ``milne-pece`` is Milne's method in the same mode: Milne's 4-step
predictor y[n+1] = y[n-3] + 4h/3 (2 f[n] - f[n-1] + 2 f[n-2]) and Simpson's rule y[n+1] = y[n-1] + h/3 (f[n-1] +
4 f[n] + f[n+1]) as the corrector (Lambert 1991, sec. 4.1; Bronson & Costa, Schaum's Outline of Differential
Equations, eqs. 19.7-19.8).  Quantities ``predictor_<x>`` (or ``predictor`` on one state).
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

from verify.engines import number_field, rational
from verify.engines.rational import to_sympy
from verify.input.model import TIME, initial_name, symbol
from verify.engines.methods import schema
from verify.engines.methods.schema import Option
from verify.engines.methods.base import Method, MethodError, Recorder, assign_components, scalar_root, component_names, identity_minus, positive_rational, to_field_deep
from verify.engines.methods.formulas import Text
from verify.engines.methods.runge_kutta import TABLEAUS, ButcherTableau, RungeKutta

R = sympy.Rational


MAX_START_STEPS = 20  # starting values a starter makes or a history gives (a book starting AM3 with three RK4 values)


def starting_steps(options, k: int) -> int:
    """How many steps the starting values take before the k-step formula: the values given (``history``), or
    ``start_steps``, by default k - 1 (the fewest the formula needs).  A book may take more: Boyce & DiPrima (sec. 8.4,
    Problem 1) starts the 3-step Adams-Moulton method of order 4 with three RK4 values, as its Adams-Bashforth
    predictor needs them."""
    history = options.get("history")
    if history:
        return len(next(iter(history.values())))
    return int(options["start_steps"]) if "start_steps" in options else k - 1  # (its default depends on k: not a schema default)


def _nodes(k: int) -> str:
    """The nodes of a k-step method's starting values: "the value at t0 + h", "the values at t0 + h, t0 + 2h", ..."""
    if k == 2:
        return "the value at t0 + h"
    return "the values at t0 + h, " + ("" if k == 3 else "..., ") + f"t0 + {k - 1}h"


@dataclass(frozen=True)
class MultistepCoefficients:
    alpha: tuple  # alpha_0 .. alpha_k, alpha_k = 1
    beta: tuple  # beta_0 .. beta_k
    order: int | None = None
    source: str = ""

    @property
    def steps(self) -> int:
        return len(self.alpha) - 1

    @property
    def explicit(self) -> bool:
        return self.beta[-1] == 0


def _adams_bashforth(weights, denominator, order):
    k = len(weights)
    beta = tuple(R(w, denominator) for w in reversed(weights)) + (0,)  # weights are given newest first
    return MultistepCoefficients((0,) * (k - 1) + (-1, 1), beta, order, f"Adams-Bashforth, {k} steps: Hairer, Norsett & Wanner I, Table III.1.1")


def _adams_moulton(weights, denominator, order):
    k = len(weights) - 1
    beta = tuple(R(w, denominator) for w in reversed(weights))
    return MultistepCoefficients((0,) * (k - 1) + (-1, 1), beta, order, f"Adams-Moulton, {k} steps: Hairer, Norsett & Wanner I, Table III.1.2")


def _bdf(alphas, denominator, beta_k, order):
    k = len(alphas) - 1
    return MultistepCoefficients(tuple(R(a, denominator) for a in alphas), (0,) * k + (R(beta_k, denominator),), order,
                                 f"BDF, {k} steps: Hairer, Norsett & Wanner I, sec. III.1, (1.22')")


MULTISTEP = {
    "adams-bashforth-1": _adams_bashforth([1], 1, 1),
    "adams-bashforth-2": _adams_bashforth([3, -1], 2, 2),
    "adams-bashforth-3": _adams_bashforth([23, -16, 5], 12, 3),
    "adams-bashforth-4": _adams_bashforth([55, -59, 37, -9], 24, 4),
    "adams-bashforth-5": _adams_bashforth([1901, -2774, 2616, -1274, 251], 720, 5),
    "adams-moulton-1": _adams_moulton([1, 1], 2, 2),
    "adams-moulton-2": _adams_moulton([5, 8, -1], 12, 3),
    "adams-moulton-3": _adams_moulton([9, 19, -5, 1], 24, 4),
    "adams-moulton-4": _adams_moulton([251, 646, -264, 106, -19], 720, 5),
    "adams-moulton-5": _adams_moulton([475, 1427, -798, 482, -173, 27], 1440, 6),
    # alpha_0 .. alpha_k (times the denominator), beta_k (times the denominator)
    "bdf-1": _bdf([-1, 1], 1, 1, 1),
    "bdf-2": _bdf([1, -4, 3], 3, 2, 2),
    "bdf-3": _bdf([-2, 9, -18, 11], 11, 6, 3),
    "bdf-4": _bdf([3, -16, 36, -48, 25], 25, 12, 4),
    "bdf-5": _bdf([-12, 75, -200, 300, -300, 137], 137, 60, 5),
    "bdf-6": _bdf([10, -72, 225, -400, 450, -360, 147], 147, 60, 6),
}
MILNE_PREDICTOR = MultistepCoefficients((-1, 0, 0, 0, 1), (0, R(8, 3), R(-4, 3), R(8, 3), 0), 4,
                                        "Milne's predictor: Lambert 1991, sec. 4.1; Schaum's Outline of Differential Equations, eq. 19.7")
SIMPSON_CORRECTOR = MultistepCoefficients((-1, 0, 1), (R(1, 3), R(4, 3), R(1, 3)), 4,
                                          "Simpson's rule (Milne-Simpson): Lambert 1991, sec. 4.1; Schaum's, eq. 19.8")
PREDICTOR_CORRECTOR = {**{f"abm-{k}": (MULTISTEP[f"adams-bashforth-{k}"], MULTISTEP[f"adams-moulton-{k - 1}"]) for k in range(2, 6)},
                       "milne-pece": (MILNE_PREDICTOR, SIMPSON_CORRECTOR)}
# the one-step methods that may make a k-step method's starting values: every Runge-Kutta tableau, and backward Euler
# (BDF2 is usually started by it) as the one-stage tableau it is (Hairer & Wanner II, sec. IV.3: Radau IIA of one stage)
STARTER_TABLEAUS = {**TABLEAUS, "backward-euler": ButcherTableau(A=((1,),), b=(1,), c=(1,), order=1,
                                                                 source="backward Euler, y+ = y + h f(t + h, y+): the 1-stage Radau IIA")}
STARTERS = tuple(STARTER_TABLEAUS)


def coefficients_from_options(options: dict, method: str = "lmm") -> MultistepCoefficients:
    alpha, beta = options.get("alpha"), options.get("beta")
    if not (isinstance(alpha, list) and isinstance(beta, list) and len(alpha) == len(beta) >= 2):
        raise MethodError(f"method {method}: alpha and beta must be lists of the same length k + 1 >= 2 (oldest first)")
    alpha, beta = ([rational.to_sympy(v) if hasattr(v, "denominator") else v for v in values] for values in (alpha, beta))  # exact options: mpq
    if not all(isinstance(v, sympy.Basic) and v.is_Rational for v in alpha + beta):
        raise MethodError(f"method {method}: alpha and beta must be rational numbers")
    if alpha[-1] == 0:
        raise MethodError(f"method {method}: alpha_k (the last alpha) must not be 0")
    scale = alpha[-1]
    return MultistepCoefficients(tuple(a / scale for a in alpha), tuple(b / scale for b in beta))


class LinearMultistep(Method):
    """A k-step method of step ``h``; ``coefficients=None`` reads alpha and beta from the options (``lmm``)."""

    affine = False  # the first k - 1 steps differ (the starter): no matrix power route
    real_roots = True  # an implicit formula on a polynomial right-hand side may be an exact root (scalar_root)

    def __init__(self, name: str, coefficients: MultistepCoefficients | None = None, corrector: MultistepCoefficients | None = None):
        self.name = name
        self.coefficients = coefficients
        self.corrector = corrector  # abm-K, milne-pece: the corrector of the PECE pair
        given = () if coefficients is not None else (
            Option("alpha", schema.LIST, required=True, doc="coefficients of y_n .. y_{n+k}, oldest first"),
            Option("beta", schema.LIST, required=True, doc="coefficients of f_n .. f_{n+k}, oldest first"))
        self.schema = (schema.step(), *given,
                       Option("start", schema.WORD, words=("exact",) + STARTERS, doc="how the starting values are made"),
                       Option("start_steps", schema.INTEGER, doc="how many starting values the starter makes (default k - 1)"),
                       Option("history", schema.HISTORY, doc="the starting values, given exactly"), *schema.NEWTON)

    def data(self, options) -> MultistepCoefficients:
        return self.coefficients or coefficients_from_options(options, self.name)

    def validate(self, model, options):
        super().validate(model, options)
        positive_rational(options, "h", self.name)
        k = self.data(options).steps
        if "history" in options and "start" in options:
            raise MethodError(f"method {self.name}: give start or history, not both")
        if k > 1 and "history" not in options and "start" not in options:
            raise MethodError(f"method {self.name}: a {k}-step method needs its starting values: start = \"exact\", start = \"rk4\" "
                              f"(any Runge-Kutta method), or history = {{ {model.states[0]} = [{_nodes(k)}] }}")
        if options.get("start") == "exact" and set(model.states) - set(model.solution):
            raise MethodError(f"method {self.name}: start = \"exact\" needs the model's solution for every state")
        history = options.get("history")
        for given in ("start_steps", "history"):
            if k == 1 and given in options:
                raise MethodError(f"method {self.name}: a one-step formula takes no starting values ({given})")
        if "start_steps" in options:
            if "start" not in options:
                raise MethodError(f"method {self.name}: start_steps is the number of starting values a starter makes: give it with start")
            if not k - 1 <= int(options["start_steps"]) <= MAX_START_STEPS:
                raise MethodError(f"method {self.name}: start_steps must be from {k - 1} (the values a {k}-step formula needs before it "
                                  f"starts) to {MAX_START_STEPS}, got {options['start_steps']}")
        values = (f"{k - 1} exact value{'s' if k > 2 else ''} ({_nodes(k)}), or more, up to {MAX_START_STEPS} (the formula "
                  "starts after the last)")
        if history is not None and not isinstance(history, dict):
            raise MethodError(f"method {self.name}: history must be a table of each state's {values}, e.g. history = "
                              f"{{ {model.states[0]} = [...] }}, got {history!r}")
        if history is not None and set(history) != set(model.states):
            raise MethodError(f"method {self.name}: history must give every state ({', '.join(model.states)}) and nothing else, "
                              f"got {', '.join(map(str, history)) or 'none'}")
        if history is not None and not all(isinstance(v, list) and k - 1 <= len(v) <= MAX_START_STEPS for v in history.values()):
            raise MethodError(f"method {self.name}: history must give each state {values}")
        if history is not None and len({len(v) for v in history.values()}) > 1:
            raise MethodError(f"method {self.name}: history must give every state the same number of values")
        if history is not None and not all(getattr(x, "is_Rational", False) for v in history.values() for x in v):
            try:  # real algebraic numbers (-7 + 3 sqrt(6)): the run is over their field
                number_field.field_of([x for v in history.values() for x in v])
            except number_field.NotAlgebraic as exc:
                raise MethodError(f"method {self.name}: history values must be rational, or real algebraic numbers of a field the "
                                  f"exact path builds (it starts from them): {exc}") from None

    def step_length(self, options):
        return options["h"]

    def quantity_names(self, model, options=None):
        """``start`` (``start_x`` per state): each starting value y_1 .. y_m (m = starting_steps) as it is taken (from the starter, the
        model's solution or the given history); for abm-K per step ``predictor`` (the Adams-Bashforth value) and
        ``corrector`` (the Adams-Moulton value, the new state)."""
        alpha = options.get("alpha") if options else None
        steps = self.coefficients.steps if self.coefficients else (len(alpha) - 1 if isinstance(alpha, list) else 0)
        starts = tuple(component_names("start", model.states)) if steps > 1 else ()
        if self.corrector is None:
            return starts
        return starts + tuple(component_names("predictor", model.states)) + tuple(component_names("corrector", model.states))

    def is_explicit(self, options) -> bool:
        """Adams-Bashforth and PECE: the new value is a sum of known terms; Adams-Moulton and BDF solve for it."""
        return self.corrector is not None or self.data(options).beta[-1] == 0

    def _uses_past_rates(self, data) -> bool:
        return any(b != 0 for b in data.beta[:-1]) or self.corrector is not None

    def affine_after(self, model, options):
        """After its starting steps (starting_steps) the step is the k-step formula, affine in the state and the memory of past
        values and rates on an affine model; the starting values from the solution and the count of values taken
        (the last values of the vector) stay fixed from then on."""
        first = starting_steps(options, len(options["alpha"]) - 1)
        starts = first * len(model.states) if options.get("start") == "exact" else 0
        return first, starts + 1

    def memory_names(self, model, options):
        """y at the k - 1 previous nodes, f there (when the formula or the corrector uses past f), the starting values
        from the model's solution (start = "exact"), and how many values have been taken."""
        k = self.data(options).steps
        names = [f"{x}[n-{j}]" for j in range(1, k) for x in model.states]
        if self._uses_past_rates(self.data(options)):
            names += [f"f_{x}[n-{j}]" for j in range(1, k) for x in model.states]
        if options.get("start") == "exact":
            names += [f"{x}(t0+{j}h)" for j in range(1, starting_steps(options, k) + 1) for x in model.states]
        return names + ["values taken"]

    def initial_memory(self, system, t, y, options):
        """Zeros for the history (filled as the steps go), the exact starting values, and the count 0."""
        zero = 0 * options["h"]
        k = len(options["alpha"]) - 1
        size = len(self.memory_names(system.model, options)) - 1
        starts = []
        if options.get("start") == "exact":
            problem = system.model.solution_start_problem(system.substitutions, rational.to_sympy(t), [rational.to_sympy(v) for v in y])
            if problem:  # the solution is for initial data at t = 0: its values at t0 + jh are not this run's
                raise MethodError(f"method {self.name}: start = \"exact\": {problem}")
            values = {symbol(initial_name(x)): rational.to_sympy(v) for x, v in zip(system.model.states, y)}
            for j in range(1, starting_steps(options, k) + 1):
                values[symbol(TIME)] = rational.to_sympy(t + j * options["h"])
                for x in system.model.states:  # exact, or enclosed on the certified route: as the system represents numbers
                    starts.append(system.start_value(system.model.solution[x], values, f"{x}(t0 + {j}h)"))
        return [zero] * (size - len(starts)) + starts + [zero]

    def number_field(self, options):
        """QQ, the field of a Runge-Kutta starter with irrational coefficients (start = "sdirk-2": QQ(sqrt(2))), or of
        irrational history values (y1 = -7 + 3 sqrt(6), AB2's root on y' = -100 y with h = 1/10: QQ(sqrt(6)))."""
        start = options.get("start")
        if start in STARTER_TABLEAUS:
            return RungeKutta(start, STARTER_TABLEAUS[start]).number_field({})
        values = [x for v in (options.get("history") or {}).values() for x in v]
        if values and not all(getattr(x, "is_Rational", False) for x in values):
            return number_field.field_of(values)[0]
        return sympy.QQ

    def exact_options(self, options, convert=None, field=None):
        convert = convert or to_field_deep
        data = self.data(options)
        converted = {k: convert(v) for k, v in options.items() if k not in ("alpha", "beta", "history", "start_steps")}
        if "start_steps" in options:
            converted["start_steps"] = int(options["start_steps"])
        converted["field"] = field  # the starter's algebraic field, or None (QQ)
        converted["alpha"], converted["beta"] = [convert(sympy.sympify(a)) for a in data.alpha], [convert(sympy.sympify(b)) for b in data.beta]
        if "history" in options:
            into = (lambda v: number_field.element(field, v)) if field is not None else convert  # noqa: E731  (values in the run's field,
            # placed by their arithmetic there: sympy's from_sympy on 2^499 sqrt(2) failed in its numerical search, "nan is not in any domain")
            converted["history"] = {x: [into(v) for v in values] for x, values in options["history"].items()}
        if self.corrector is not None:
            converted["corrector"] = [convert(sympy.sympify(b)) for b in self.corrector.beta]
            converted["corrector_alpha"] = [convert(sympy.sympify(a)) for a in self.corrector.alpha]
        converted["past_rates"] = self._uses_past_rates(data)
        return converted

    def step(self, system, t, vector, options, recorder):
        alpha, beta, h = options["alpha"], options["beta"], options["h"]
        k, d = len(alpha) - 1, len(system.model.states)
        y, memory = list(vector[:d]), list(vector[d:])
        blocks = [memory[j * d:(j + 1) * d] for j in range((len(memory) - 1) // d)]
        past_y, rest = blocks[:k - 1], blocks[k - 1:]
        rates = options["past_rates"]
        past_f, starts = (rest[:k - 1], rest[k - 1:]) if rates else ([], rest)
        taken, first = int(memory[-1]), starting_steps(options, k)
        f_now = system.rate(t, y, recorder) if rates else None
        if taken < first:
            if "history" in options:
                new = [options["history"][x][taken] for x in system.model.states]
            elif options.get("start") == "exact":
                new = list(starts[taken])
            else:
                starter = RungeKutta(options["start"], STARTER_TABLEAUS[options["start"]])
                quiet = Recorder(keep=False, counts=recorder.counts)  # the starter's evaluations count, its values are this step's
                new = starter.step(system, t, y, starter.exact_options({"h": rational.to_sympy(h)}, field=options.get("field")), quiet)
            assign_components(recorder, "start", new, system.model.states, f"starting value y_{taken + 1}")
            formulas = [None] * len(new)  # a starting value has no formula of the method's own
        else:
            window_y = list(reversed(past_y)) + [y]  # y_{n-k+1} .. y_n
            window_f = list(reversed(past_f)) + [f_now] if rates else []
            new, formulas = self._formula(system, t, h, alpha, beta, window_y, window_f, options, recorder)
        for name, value, formula in zip(system.states, new, formulas):
            recorder.assign(name, value, formula=formula)
        history_y = [v for past in ([y] + past_y)[:k - 1] for v in past]
        history_f = [v for past in ([f_now] + past_f)[:k - 1] for v in past] if rates else []
        return new + history_y + history_f + [v for block in starts for v in block] + [0 * h + min(taken + 1, first)]

    def _formula(self, system, t, h, alpha, beta, window_y, window_f, options, recorder):
        """The new value by the k-step formula, and per component a function giving its formula as text (explain):
        an explicit formula with its values; PECE's new value is the corrector's; an implicit formula as the equation
        in the new value with the known part's value, then the linear system or the exact root solved."""
        k, d = len(alpha) - 1, len(window_y[0])
        states, show = system.model.states, Text.of(system)
        ys = lambda q: [w[q] for w in window_y]  # noqa: E731  (one component's past values and rates, oldest first)
        fs = lambda q: [w[q] for w in window_f]  # noqa: E731
        # without past f values (BDF) every beta_j, j < k, is 0 and the f sum is empty
        known = [-sum(alpha[j] * window_y[j][q] for j in range(k)) + h * sum(beta[j] * window_f[j][q] for j in range(k) if beta[j])
                 for q in range(d)]
        t1 = t + h
        explicit = [lambda q=q: _multistep_formula(states[q], alpha, beta, (ys(q), fs(q), h, show)) for q in range(d)]
        if self.corrector is not None:  # PECE: predict with the explicit formula, evaluate, correct with the implicit one
            predicted = known
            assign_components(recorder, "predictor", predicted, states, "predictor", explicit)
            f_predicted = system.rate(t1, predicted, recorder)
            gamma, rho = options["corrector"], options["corrector_alpha"]
            m = len(gamma) - 1  # the corrector's steps
            recent_y, recent = window_y[k - m:], window_f[k - m:] + [f_predicted]
            corrected = [-sum(rho[j] * recent_y[j][q] for j in range(m) if rho[j]) + h * sum(gamma[j] * recent[j][q] for j in range(m + 1))
                         for q in range(d)]
            assign_components(recorder, "corrector", corrected, states, "corrector",
                              [lambda q=q: _corrector_formula(states, q, rho, gamma, [y[q] for y in recent_y], [f[q] for f in recent[:m]], t1,
                                                              predicted, f_predicted[q], h, show) for q in range(d)])
            return corrected, [lambda name=name: name for name in component_names("corrector", states)]
        if beta[-1] == 0:
            return known, explicit
        scale = h * beta[-1]  # the new value solves u = known + scale f(t1, u)
        given = lambda q: _combination(alpha, beta[:k], [show.factor(v) for v in ys(q)], [show.factor(v) for v in fs(q)], show.factor(h))  # noqa: E731
        if not system.linear_in_state() and options.get("exact_roots"):  # u = known + h beta_k f(t1, u), exactly
            root = scalar_root(system, t1, 0, 1, known[0] if len(known) == 1 else None, scale, "s", recorder,
                               f"the implicit equation of {self.name}", start_time=t1 - h)  # time scaled as backward Euler's (bdf-1 is it)
            return [root], [lambda: _implicit_root_formula(system, alpha, beta, given(0), known[0], scale, t1, show)]
        if not system.linear_in_state():
            raise rational.NotRational(f"{system.model.name}: the implicit equation of {self.name} is nonlinear in the new value, so it has no "
                                    "exact rational solve (the mpmath path solves it by a finite-budget Newton iteration)")
        zero = [0 * v for v in known]
        J = system.jacobian(t1, zero, recorder)
        g = system.rate(t1, zero, recorder)
        matrix, right = identity_minus(scale, J), [known[p] + scale * g[p] for p in range(d)]
        new = system.solve(matrix, right)
        return new, [lambda q=q: _implicit_linear_formula(system, q, alpha, beta, given(q), known, scale, t1, J, g, matrix, right, show)
                     for q in range(d)]


def predictor_corrector(name: str) -> LinearMultistep:
    predictor, corrector = PREDICTOR_CORRECTOR[name]
    return LinearMultistep(name, predictor, corrector)


__all__ = ["MULTISTEP", "PREDICTOR_CORRECTOR", "LinearMultistep", "MultistepCoefficients", "predictor_corrector"]


def _level(j, k) -> str:
    """The time level of coefficient j = 0 .. k of a k-step formula: n + 1 - (k - j), as ``n+1``, ``n``, ``n-2``."""
    offset = j - k + 1
    return "n" if offset == 0 else f"n+{offset}" if offset > 0 else f"n{offset}"


def _term(coefficient, symbol) -> str:
    """``coefficient*symbol`` with the coefficient's sign in front (1 left out): ``-3/8*f[n-3]``, ``y[n]``."""
    value = to_sympy(coefficient)
    sign, size = ("-", -value) if value.is_number and value.is_negative else ("", value)
    text = str(size)
    factor = "" if size == 1 else f"({text})*" if any(c in text for c in " +-") else f"{text}*"
    return f"{sign}{factor}{symbol}"


def _combination(alpha, beta, ys, fs, h) -> str:
    """-(alpha_0 ys_0 + ... + alpha_{k-1} ys_{k-1}) + h*(beta_0 fs_0 + beta_1 fs_1 + ...) (alpha_k = 1) as text: ``ys``,
    ``fs`` and ``h`` are names or values, as many rates as ``fs`` has, every zero coefficient left out."""
    k = len(alpha) - 1
    past = [_term(-alpha[j], ys[j]) for j in range(k) if to_sympy(alpha[j]) != 0]
    rates = [_term(beta[j], fs[j]) for j in range(len(fs)) if to_sympy(beta[j]) != 0]
    parts = past + ([f"{h}*({' + '.join(rates)})"] if rates else [])
    return " + ".join(parts).replace("+ -", "- ") if parts else "0"


def _multistep_formula(name, alpha, beta, values=None) -> str:
    """The new value of state ``name`` by the method's formula (alpha_k = 1): x[n+1] = -(alpha_{k-1} x[n] + ...) +
    h*(beta_k f[n+1] + beta_{k-1} f[n] + ...), with the method's own coefficients (Hairer, Norsett & Wanner I, sec. III.2, (2.1));
    ``values`` (past states, past rates, h, a formulas.Text) gives an explicit formula (beta_k = 0) again with the values
    substituted."""
    k = len(alpha) - 1
    formula = _combination(alpha, beta, [f"{name}[{_level(j, k)}]" for j in range(k)], [f"f[{_level(j, k)}]" for j in range(k + 1)], "h")
    if values is None:
        return formula
    ys, fs, h, show = values  # the past values y[n-k+1] .. y[n] and rates f[n-k+1] .. f[n]
    return f"{formula} = {_combination(alpha, beta[:k], [show.factor(v) for v in ys], [show.factor(v) for v in fs], show.factor(h))}"


def _corrector_formula(states, q, alpha, gamma, ys, rates, t1, predicted, f_predicted, h, show) -> str:
    """PECE's corrector for component q: the (m-step) implicit formula -(alpha_0 x[n-m+1] + ...) + h*(gamma_0 f[n-m+1] +
    ... + gamma_m f[n+1]) (Adams-Moulton: x[n] + h*(...)) with f[n+1] replaced by f(t[n+1], predictor), then the
    values, the last rate evaluated at the prediction (Hairer, Norsett & Wanner I, sec. III.1, predictor-corrector
    methods)."""
    m, x = len(gamma) - 1, states[q]
    f = "f" if len(states) == 1 else f"f_{x}"
    symbolic = [f"f[{_level(j, m)}]" for j in range(m)] + [f"{f}(t[n+1], predictor)"]
    past, values = [show.factor(v) for v in rates], [show.factor(v) for v in ys]
    return " = ".join([_combination(alpha, gamma, [f"{x}[{_level(j, m)}]" for j in range(m)], symbolic, "h"),
                       _combination(alpha, gamma, values, past + [f"{f}({show(t1)}, {show.vector(predicted)})"], show.factor(h)),
                       _combination(alpha, gamma, values, past + [show.factor(f_predicted)], show.factor(h))])


def _implicit_head(system, alpha, beta, name, given, known, scale, t1, show) -> str:
    """An implicit formula as the equation in the new value: the formula, => the known part with its values plus
    h beta_k f(t[n+1], new), then the known part's value."""
    one = len(system.states) == 1
    rate = show.scaled(scale, f"{'f' if one else f'f_{name}'}({show(t1)}, {name if one else 'y'})")
    head = f"{_multistep_formula(name, alpha, beta)} => {name} = {given} + {rate}"
    return head if given in (show(known), show.factor(known)) else f"{head} = {show(known)} + {rate}"


def _implicit_linear_formula(system, q, alpha, beta, given, known, scale, t1, J, g, matrix, right, show) -> str:
    """An implicit formula whose right-hand side is affine in the state, f(t, y) = J y + f(t, 0): the equation, then
    (I - h beta_k J) y[n+1] = known + h beta_k f(t[n+1], 0) with the values, solved exactly (as backward Euler's
    step, verify.engines.methods.implicit)."""
    x = system.states[q]
    head = _implicit_head(system, alpha, beta, x, given, known[q], scale, t1, show)
    s = show.factor(scale)
    if len(system.states) == 1:
        return (f"{head} => {x} = ({show(known[0])} + {s}*f({show(t1)}, 0))/(1 - {s}*J) = "
                f"({show(known[0])} + {s}*{show.factor(g[0])})/(1 - {s}*{show.factor(J[0][0])}) => {x}")
    return (f"{head} => (I - {s}*J)*y = {show.vector(known)} + {s}*f({show(t1)}, 0) = {show.vector(known)} + {s}*{show.vector(g)} => "
            f"{show.matrix(matrix)}*y = {show.vector(right)} => {x}")


def _implicit_root_formula(system, alpha, beta, given, known, scale, t1, show) -> str:
    """An implicit formula on one state with a polynomial right-hand side: the equation with the right-hand side written
    out, whose exact root is the new value (base.scalar_root)."""
    x = system.states[0]
    rate = system.rhs[0].xreplace({symbol(TIME): rational.to_sympy(t1)})
    return f"{_implicit_head(system, alpha, beta, x, given, known, scale, t1, show)} = {show(known)} + {show.factor(scale)}*({rate}) => {x}"
