"""Master algorithms for co-simulation: Jacobi and Gauss-Seidel exchanges, extrapolation,
balance correction, and the power-exchange scheme.

Source: shared/sources/004_ff41cce780d1a3bc.txt ("On meeting Energy Balance
Errors in Cosimulations", Moshagen 2017), the standard scheme (its table 1),
balance correction (table 2) and the power exchange of its section 4.1.

One macro step [T, T + H] (tau = t - T):

* exchange: every input u of a subsystem receives the connected output at T,
  u_now.  ``extrapolation = 0`` holds it constant; ``extrapolation = 1``
  extrapolates it linearly, u_now + u' tau, with the slope u' from the last two
  exchanges, (u_now - u_prev)/H (``slope = "history"``, the default), or
  exchanged with the value (``slope = "derivative"``: linear Hermite
  extrapolation, as in the page's spring-mass example): the producer's
  d/dt output = d(output)/dx f(t, x, u_now) + d(output)/dt.
  First-step rule for "history": at the first macro step u_prev = u_now (the
  first step is constant extrapolation), so no value from before the initial
  time is needed.
* ``scheme = "jacobi"``: every subsystem steps from its inputs at T.
  ``scheme = "gauss-seidel"``: subsystems step in the order they are declared;
  an input whose producer has already stepped reads the producer's new output
  u_new: constant u_new (degree 0) or the interpolant u_now + (u_new - u_now) tau / H
  (degree 1).
* each subsystem integrates x' = f(t, x, u(t)) over the macro step with
  ``microsteps`` steps of an explicit Runge-Kutta tableau (``solver``, default
  rk4; rk4 is exact for an integrator, x' = f(t, u), with polynomial inputs of
  degree <= 3).  Alongside it integrates, by the same steps, its outputs (so
  the exchanged flow's true integral is known) and its interface power.
* ``balance = "sub.input"`` (or ``"all"``): balance correction.  The error of the
  exchanged flow on the step, dE_k = int (u - u_used) dt, is re-fed over the
  next step as the constant dE_k / H added to the input.  The deficit of
  int u_used over [0, T_N] is then the last step's dE only.
* ``exchange = "power"`` (section 4.1; exactly two subsystems, each with
  ``power`` and ``power_input``): at T both sides compute the power flowing
  into them from their state and the up-to-date inputs, P_1 and P_2; they agree
  on P^ = (P_1 - P_2)/2 into S_1 and -P^ into S_2, extrapolated like an input
  (with ``slope = "derivative"`` the sides also agree on P^' = (P_1' - P_2')/2,
  each P_i' = dP_i/dx f + dP_i/du u' from its state and the exchanged
  derivatives, the page's exchange of P-dot).
  Each side recovers its ``power_input`` from power_i(x_i, u) = Ext(P^_i)
  (power affine in that input: u = (Ext P^_i - b_i(x)) / a_i(x)).  Denominators
  near zero: where |a_i(x)| < ``threshold`` (default 1/10^6) the input is the
  standard extrapolated value instead (the d'Hopital limit of P / a as both
  vanish), and the evaluation is counted in ``fallbacks``.

Named values after a run: ``work_<sub>`` (energy that entered the subsystem
through its interface, int power dt), ``interface_energy`` (their sum: the
energy created at the interfaces), ``max_step_interface_energy`` (its largest
magnitude on one macro step), ``deficit_<sub>_<input>`` (int (u - u_used) dt
over the run), ``fallbacks``.
"""
from __future__ import annotations

from typing import NamedTuple

from verify.input.model.cosimulation import input_symbol
from verify.input.model import TIME, symbol
import sympy

from verify.engines.methods.base import Method, MethodError, positive_integer, positive_rational, to_field_deep
from verify.engines.methods import schema
from verify.engines.methods.formulas import Text
from verify.engines.methods.runge_kutta import TABLEAUS, EXPLICIT
from verify.engines.methods.schema import Option


class ThresholdTest(NamedTuple):
    """The identity of one power-exchange threshold test |a| >= threshold: each stage of each substep of each
    subsystem's integration makes one (counted from 1; subsystems by name).  The mpmath twin names its tests by the same
    plain tuple (verify.engines.twins.cosimulation), so the two paths can compare a test's outcome."""

    step: int  # the macro step
    subsystem: str
    substep: int  # the solver step within the macro step (``microsteps`` of them)
    stage: int  # the stage of the solver's tableau

    def place(self, microsteps: int = 1) -> str:
        """``macro step 3 (spring, stage 2)``, or with several substeps ``macro step 3 (spring, substep 1, stage 2)``."""
        substep = f", substep {self.substep}" if microsteps > 1 else ""
        return f"macro step {self.step} ({self.subsystem}{substep}, stage {self.stage})"


TAU = sympy.Symbol("tau")  # t - T, the time since the macro step began: the variable of an extrapolated input
NEAR_TIE = 2**64  # a threshold test with | |a| - threshold | below threshold/NEAR_TIE is reported to a caller that asks
# (Recorder.threshold_gaps): far wider than any floating run's rounding window (2^-126 of the threshold at 50 digits)


def connection_names(model) -> list[tuple[str, str]]:
    """The model's inputs (subsystem, input) in declaration order."""
    return [(s.name, i) for s in model.subsystems.values() for i in s.inputs]


class CoSimulation(Method):
    name = "cosimulation"
    schema = (
        schema.step("H", "the macro step (communication interval)"),
        Option("scheme", schema.WORD, "jacobi", words=("jacobi", "gauss-seidel"), doc="the order of the subsystem steps"),
        Option("extrapolation", schema.INTEGER, sympy.Integer(0), doc="degree of the input extrapolation: 0 constant, 1 linear"),
        Option("slope", schema.WORD, "history", words=("history", "derivative"), doc="the slope of linear extrapolation"),
        Option("solver", schema.WORD, "rk4", words=EXPLICIT, doc="the subsystems' explicit Runge-Kutta method"),
        Option("microsteps", schema.COUNT, sympy.Integer(1), doc="solver steps per macro step"),
        Option("balance", schema.WORD, "none", words=("none", "all"), doc="balance correction of an input (or all)"),
        Option("exchange", schema.WORD, "outputs", words=("outputs", "power"), doc="what is exchanged"),
        Option("threshold", schema.POSITIVE, sympy.Rational(1, 10**6), doc="the power exchange's fallback threshold"),
    )
    inner_steps_option = "microsteps"  # the order and energy checks show the subsystem solver's own error by doubling it

    def validate(self, model, options):
        if not model.subsystems:
            raise MethodError(f"method {self.name} needs a co-simulation model (subsystems and connections); {model.name!r} has none")
        balance = options.get("balance")
        super().validate(model, options)
        positive_rational(options, "H", self.name)
        if "microsteps" in options:
            positive_integer(options, "microsteps", self.name)
        if self.value(options, "extrapolation") not in (0, 1):
            raise MethodError(f"method {self.name}: extrapolation must be 0 (constant) or 1 (linear)")
        if "slope" in options and self.value(options, "extrapolation") != 1:
            raise MethodError(f"method {self.name}: slope applies to linear extrapolation (extrapolation = 1)")
        if "threshold" in options:
            positive_rational(options, "threshold", self.name)
        if options.get("exchange") == "power":
            subsystems = list(model.subsystems.values())
            if len(subsystems) != 2 or any(s.power_input is None for s in subsystems):
                raise MethodError(f"method {self.name}: exchange = \"power\" needs exactly two subsystems, each with power and power_input")
            if self.value(options, "scheme") != "jacobi" or balance not in (None, "none"):
                raise MethodError(f"method {self.name}: exchange = \"power\" is a Jacobi exchange without balance correction")

    def string_option_words(self, model):
        """``balance`` names one of the model's inputs, or all or none of them."""
        return {**self.string_options, "balance": ("none", "all", *(f"{s}.{i}" for s, i in connection_names(model)))}

    def step_length(self, options):
        return options["H"]

    def exact_options(self, options, convert=None):
        """The options as field elements, with the solver's tableau and the threshold converted once per run."""
        convert = convert or to_field_deep
        result = {k: convert(v) for k, v in options.items()}
        tableau = TABLEAUS[self.value(options, "solver")]
        field = lambda values: [convert(sympy.sympify(v)) for v in values]  # noqa: E731
        result["tableau"] = ([field(row) for row in tableau.A], field(tableau.b), field(tableau.c))
        result["threshold"] = convert(sympy.sympify(self.value(options, "threshold")))
        return result

    def inner_solver_exact(self, model, options) -> bool:
        """Is the subsystems' integration exact?  Under the standard exchange every input is a polynomial of degree
        <= 1 in tau (extrapolated or interpolated outputs, plus a constant balance correction); an integrator whose
        right-hand side is affine in t and its inputs then has a solution of degree <= 2, which rk4 (exact for
        polynomial solutions of degree <= 4) reproduces exactly."""
        if self.value(options, "solver") != "rk4" or self.value(options, "exchange") != "outputs":
            return False
        for sub in model.subsystems.values():
            variables = [symbol(TIME), *sub.input_symbols]
            if not sub.is_integrator() or not all(e.is_polynomial(*variables) and sympy.Poly(e, *variables).total_degree() <= 1
                                                  for e in sub.rhs.values()):
                return False
        return True

    def affine_for(self, options) -> bool:
        return self.value(options, "exchange") != "power"

    def quantity_names(self, model, options=None):
        names = [f"work_{s.name}" for s in model.subsystems.values() if s.power is not None]
        if model.subsystems and all(s.power is not None for s in model.subsystems.values()):
            names += ["interface_energy", "max_step_interface_energy"]
        names += [f"deficit_{s}_{i}" for s, i in connection_names(model)] + ["fallbacks"]
        return tuple(names)

    def accumulated_names(self, model, options) -> tuple:
        """The balance deficits: each step adds the exchanged signal's integral less the integral the receiver used
        (_account), affine in the state and memory when the step is (no power exchange)."""
        if not self.affine_for(options):
            return ()
        return tuple(f"deficit_{s}_{i}" for s, i in connection_names(model))

    # --- memory carried from one macro step to the next -----------------------------------

    def memory_names(self, model, options) -> list[str]:
        names = []
        if self.value(options, "extrapolation") == 1 and self.value(options, "slope") == "history":
            names += [f"previous {s}.{i}" for s, i in connection_names(model)]
            if options.get("exchange") == "power":
                names.append("previous agreed power")
        names += [f"carried error {s}.{i}" for s, i in self._balanced(model, options)]
        return names

    def memory_from_previous_node(self, model, options) -> bool:
        """The previous exchange (and agreed power) are functions of the previous node; a carried balance error is not."""
        return not self._balanced(model, options)

    def initial_memory(self, system, t, y, options) -> list:
        """The first-step rule: the previous exchange is the initial one; nothing to re-feed yet."""
        memory = []
        if self.value(options, "extrapolation") == 1 and self.value(options, "slope") == "history":
            exchanged = self._exchanged(system, t, y)
            memory += [exchanged[key] for key in connection_names(system.model)]
            if options.get("exchange") == "power":
                memory.append(self._agreed_power(system, t, y, exchanged))
        memory += [0 * options["H"] for _ in self._balanced(system.model, options)]
        return memory

    def _balanced(self, model, options) -> list[tuple[str, str]]:
        choice = self.value(options, "balance")
        if choice == "none":
            return []
        return [key for key in connection_names(model) if choice == "all" or choice == f"{key[0]}.{key[1]}"]

    # --- compiled pieces of the subsystems --------------------------------------------------

    def _compiled(self, system):
        cache = getattr(system, "_cosimulation", None)
        if cache is None:
            cache = {}
            for sub in system.model.subsystems.values():
                states = [symbol(s) for s in sub.states]
                with_inputs = [symbol(TIME), *states, *sub.input_symbols]
                pieces = {
                    "rhs": [system.compile(sub.rhs[s], with_inputs) for s in sub.states],
                    "outputs": {name: system.compile(e, [symbol(TIME), *states]) for name, e in sub.outputs.items()},
                    "power": system.compile(sub.power, with_inputs) if sub.power is not None else None,
                    # d/dt along the subsystem's own dynamics, at given inputs (the exchanged derivatives)
                    "output_rates": {name: system.compile(_along(e, sub), with_inputs) for name, e in sub.outputs.items()},
                }
                if sub.power is not None:
                    pieces["power_rate"] = system.compile(_along(sub.power, sub), with_inputs)  # without the inputs' own rates
                    pieces["power_by_input"] = [system.compile(sub.power.diff(u), with_inputs) for u in sub.input_symbols]
                if sub.power_input is not None:
                    u = input_symbol(sub.name, sub.power_input)
                    slope = sub.power.diff(u)
                    offset = (sub.power - slope * u).expand()
                    pieces["slope"] = system.compile(slope, with_inputs)
                    pieces["offset"] = system.compile(offset, with_inputs)
                    pieces["recovery"] = (system.substitute(slope), system.substitute(offset))  # a and b as written (explain)
                cache[sub.name] = pieces
            system._cosimulation = cache
        return cache

    def _outputs(self, system, sub, t, x) -> dict:
        return {name: f([t, *x]) for name, f in self._compiled(system)[sub.name]["outputs"].items()}

    def _exchanged(self, system, t, y) -> dict:
        """(subsystem, input) -> the connected output's value at (t, y)."""
        model = system.model
        outputs = {name: self._outputs(system, sub, t, self._part(system, sub, y)) for name, sub in model.subsystems.items()}
        return {key: outputs[source][output] for key, (source, output) in model.connections.items()}

    @staticmethod
    def _part(system, sub, y) -> list:
        return [y[system.index[s]] for s in sub.states]

    def _exchanged_rates(self, system, t, y, exchanged) -> dict:
        """(subsystem, input) -> d/dt of the connected output at T, computed by its producer from its state and inputs."""
        model = system.model
        rates = {}
        for key, (source, output) in model.connections.items():
            sub = model.subsystems[source]
            u = [exchanged[(source, i)] for i in sub.inputs]
            rates[key] = self._compiled(system)[source]["output_rates"][output]([t, *self._part(system, sub, y), *u])
        return rates

    def _agreed_power_rate(self, system, t, y, exchanged, rates):
        """P^' = (P_1' - P_2')/2, each side's P_i' = dP_i/dx f + dP_i/dt + sum_j dP_i/du_j u_j'."""
        views = []
        for sub in system.model.subsystems.values():
            pieces = self._compiled(system)[sub.name]
            env = [t, *self._part(system, sub, y), *[exchanged[(sub.name, i)] for i in sub.inputs]]
            views.append(pieces["power_rate"](env) + sum((f(env) * rates[(sub.name, i)] for f, i in zip(pieces["power_by_input"], sub.inputs)), 0 * t))
        return (views[0] - views[1]) / 2

    def _power_views(self, system, t, y, exchanged) -> list:
        """P_1, P_2: the power each side computes flowing into it, from its state and the exchanged inputs."""
        views = []
        for sub in system.model.subsystems.values():
            u = [exchanged[(sub.name, i)] for i in sub.inputs]
            views.append(self._compiled(system)[sub.name]["power"]([t, *self._part(system, sub, y), *u]))
        return views

    def _agreed_power(self, system, t, y, exchanged):
        """P^ = (P_1 - P_2)/2: the power into the first subsystem both sides agree on."""
        views = self._power_views(system, t, y, exchanged)
        return (views[0] - views[1]) / 2

    # --- the macro step ---------------------------------------------------------------------

    def _slopes(self, system, t, y, exchanged, memory, options, recorder):
        """The linear extrapolation's slopes (from the previous exchange in ``memory`` or the exchanged derivatives),
        the agreed power and its slope (power exchange), and where the carried balance errors start in ``memory``."""
        H, keys = options["H"], connection_names(system.model)
        degree = int(self.value(options, "extrapolation"))
        history = degree == 1 and self.value(options, "slope") == "history"
        if history:
            slopes = {key: (exchanged[key] - previous) / H for key, previous in zip(keys, memory)}
        elif degree == 1:
            slopes = self._exchanged_rates(system, t, y, exchanged)
            for (s, i), value in slopes.items():
                recorder.assign(f"d/dt {s}.{i}", value, "exchange")
        else:
            slopes = {key: 0 * H for key in keys}
        position = len(keys) if history else 0
        agreed = agreed_slope = None
        if options.get("exchange") == "power":
            views = self._power_views(system, t, y, exchanged)
            agreed = (views[0] - views[1]) / 2
            if history:
                agreed_slope = (agreed - memory[position]) / H
                position += 1
            elif degree == 1:
                agreed_slope = self._agreed_power_rate(system, t, y, exchanged, slopes)
            else:
                agreed_slope = 0 * H
            names = [f"P_{name}" for name in system.model.subsystems]
            show = Text.of(system)
            recorder.assign("agreed_power", agreed, "exchange",
                            lambda: f"({names[0]} - {names[1]})/2 = ({show(views[0])} - {show.factor(views[1])})/2")
        return slopes, agreed, agreed_slope, position

    def step(self, system, t, y, options, recorder):
        model = system.model
        H = options["H"]
        degree = int(self.value(options, "extrapolation"))
        history = degree == 1 and self.value(options, "slope") == "history"  # the slope comes from the previous exchange
        power_mode = options.get("exchange") == "power"
        n = len(system.states)
        memory = list(y[n:])
        keys = connection_names(model)
        exchanged = self._exchanged(system, t, y)
        slopes, agreed, agreed_slope, position = self._slopes(system, t, y, exchanged, memory, options, recorder)
        balanced = self._balanced(model, options)
        carried = dict(zip(balanced, memory[position:]))
        show = Text.of(system)
        keep = getattr(recorder, "keep", False)  # the extrapolated inputs and the substeps are recorded for explain only
        for (s, i), value in exchanged.items():
            recorder.assign(f"{s}.{i}", value, "exchange", lambda key=(s, i): self._exchange_formula(system, t, y, key, show))
        new = list(y[:n])
        stepped: dict[str, dict] = {}  # subsystem -> its outputs at T + H (Gauss-Seidel only)
        integrals: dict[str, dict] = {}  # subsystem -> int output dt over the step
        works: dict[str, object] = {}
        signals: dict = {}  # (sub, input) -> (a0, a1): the polynomial a0 + a1 tau actually used
        plain: dict = {}  # (sub, input) -> the formula of its polynomial (explain)
        for sub in model.subsystems.values():
            for i in sub.inputs:
                key = (sub.name, i)
                source = model.connections[key][0]
                now = exchanged[key]
                if options.get("scheme") == "gauss-seidel" and source in stepped:
                    after = stepped[source][model.connections[key][1]]
                    a0, a1 = (now, (after - now) / H) if degree == 1 else (after, 0 * H)
                else:
                    a0, a1 = now, slopes[key]
                if key in carried:
                    a0 = a0 + carried[key] / H
                signals[key] = (a0, a1)
                plain[key] = lambda key=key, after=stepped.get(source): self._extrapolation_formula(  # noqa: E731
                    system, key, degree, history, exchanged, memory, slopes, after, carried, H, show)
                if keep and not (power_mode and i == sub.power_input):  # a power input's plain value shows where it is used
                    recorder.assign(f"{sub.name}.{i}(T + tau)", show.sympy(a0) + show.sympy(a1) * TAU, "extrapolation", plain[key])
            target = None
            if power_mode:
                first = sub.name == next(iter(model.subsystems))
                sign = 1 if first else -1
                target = (sign * agreed, sign * agreed_slope)
                if keep:
                    recorder.assign(f"P_{sub.name}(T + tau)", show.sympy(target[0]) + show.sympy(target[1]) * TAU, "extrapolation",
                                    lambda sign=sign: self._power_target_formula(sign, degree, history, agreed, agreed_slope, memory, position, H, show))
            x, outputs_integral, work, formulas = self._integrate(system, sub, t, self._part(system, sub, y), signals, target, options, recorder,
                                                                  plain.get((sub.name, sub.power_input)))
            for s, value, formula in zip(sub.states, x, formulas):
                new[system.index[s]] = value
                recorder.assign(s, value, f"{sub.name} macro step", formula)
            if options.get("scheme") == "gauss-seidel":  # later subsystems read these new outputs
                stepped[sub.name] = self._outputs(system, sub, t + H, x)
            integrals[sub.name] = outputs_integral
            if work is not None:
                works[sub.name] = work
        new_memory = []
        if history:
            new_memory += [exchanged[key] for key in keys]
            if power_mode:
                new_memory.append(agreed)
        new_memory += self._account(model, H, signals, integrals, works, carried, power_mode, recorder)
        return new + new_memory

    @staticmethod
    def _account(model, H, signals, integrals, works, carried, power_mode, recorder) -> list:
        """The step's bookkeeping: balance deficits (returning the errors to re-feed), interface work and energy."""
        refeed = []
        for key in connection_names(model):
            source, output = model.connections[key]
            a0, a1 = signals[key]
            error = integrals[source][output] - (a0 * H + a1 * H * H / 2)
            if power_mode and key[1] == model.subsystems[key[0]].power_input:
                continue  # the recovered input is no polynomial; its flow is balanced through the power
            name = f"deficit_{key[0]}_{key[1]}"
            recorder.assign(name, recorder.latest.get(name, 0) + error, "balance")
            if key in carried:
                refeed.append(error + carried[key])  # the extrapolation error alone, int (u - Ext u): the next correction
        for name, work in works.items():
            recorder.assign(f"work_{name}", recorder.latest.get(f"work_{name}", 0) + work, "interface work")
        if len(works) == len(model.subsystems):
            created = sum(works.values())
            recorder.assign("interface_energy", recorder.latest.get("interface_energy", 0) + created, "interface")
            if not getattr(created, "free_symbols", None):  # a symbolic run has no maximum to keep
                recorder.assign("max_step_interface_energy", max(recorder.latest.get("max_step_interface_energy", 0), abs(created)), "interface")
        recorder.latest.setdefault("fallbacks", 0)
        return refeed

    def _integrate(self, system, sub, t, x, signals, target, options, recorder, plain=None):
        """Microsteps of the solver tableau on (x, int outputs, int power); returns the three at T + H.  Under the power
        exchange each stage records (explain) the input recovered from the power, or the plain input it falls back to
        (``plain``: the formula of its extrapolation) with the threshold test that chose it."""
        pieces = self._compiled(system)[sub.name]
        A, b, c = options["tableau"]
        H = options["H"]
        m = int(self.value(options, "microsteps"))
        h = H / m
        threshold = options["threshold"]
        output_names = list(pieces["outputs"])
        k = len(x)
        replaced = sub.inputs.index(sub.power_input) if target is not None else None

        where = f"{sub.name}'s substeps in {recorder.where or 'a step'}"

        inputs = [signals[(sub.name, i)] for i in sub.inputs]  # (a0, a1): the input a0 + a1 tau over the step

        def rate(tau, state, stage, substep, index):
            xs = state[:k]
            recorder.guard(state, where)  # its own compiled rhs, not ExactSystem.rate, so the size is checked here
            u = [a0 + a1 * tau for a0, a1 in inputs]
            if replaced is not None:
                env = [t + tau, *xs, *u]
                slope = pieces["slope"](env)
                gap = abs(slope) - threshold
                if recorder.threshold_gaps is not None or recorder.threshold_tests:  # may stop the run (every test asked for met)
                    recorder.threshold_test(ThresholdTest(recorder.step, sub.name, substep, index), gap, abs(gap) <= threshold / NEAR_TIE)
                if gap >= 0:
                    power, offset = target[0] + target[1] * tau, pieces["offset"](env)
                    u[replaced] = (power - offset) / slope
                    if keep:
                        recorder.assign(_at(sub, tau, show), u[replaced], stage,
                                        lambda: _recovered_formula(sub, pieces["recovery"], power, offset, slope, show))
                else:
                    recorder.latest["fallbacks"] = recorder.latest.get("fallbacks", 0) + 1
                    if keep:  # the test that chose the plain input, in the label; the input's value at tau as the formula
                        a0, a1 = signals[(sub.name, sub.power_input)]
                        recorder.assign(_at(sub, tau, show), u[replaced], f"{stage} (fallback, abs(a) = abs({pieces['recovery'][0]}) = "
                                        f"{show(abs(slope))} < threshold = {show(threshold)})",
                                        lambda a0=a0, a1=a1: f"{sub.name}.{sub.power_input}(T + tau) = {plain()}" + (
                                            f" = {show(a0)} + {show.factor(a1)}*{show.factor(tau)}" if a1 and tau else ""))
            env = [t + tau, *xs, *u]
            recorder.counts[sub.name] += 1
            rates = [f(env) for f in pieces["rhs"]]
            rates += [pieces["outputs"][name]([t + tau, *xs]) for name in output_names]
            if pieces["power"] is not None:
                rates.append(pieces["power"](env))
            return rates

        state = list(x) + [0 * H] * (len(output_names) + (pieces["power"] is not None))
        keep, show = getattr(recorder, "keep", False), Text.of(system)
        formulas = [None] * k
        rows = [[(l, h * A[i][l]) for l in range(i) if A[i][l]] for i in range(len(b))]  # the nonzero h a_il (exact)
        weights = [(i, h * b[i]) for i in range(len(b)) if b[i]]
        for j in range(m):
            tau = j * h
            stages = []
            for i, row in enumerate(rows):
                if not row:
                    argument = list(state)
                elif len(row) == 1:
                    (l, ha), = row
                    argument = [v + ha * w for v, w in zip(state, stages[l])]
                else:
                    argument = [state[q] + sum(ha * stages[l][q] for l, ha in row) for q in range(len(state))]
                stage = (f"{sub.name} stage {i + 1}" if m == 1 else f"{sub.name} substep {j + 1} · stage {i + 1}") if keep else ""
                stages.append(rate(tau + c[i] * h, argument, stage, j + 1, i + 1))
            before, state = state, [state[q] + sum(w * stages[i][q] for i, w in weights) for q in range(len(state))]
            if keep:
                formulas = [lambda q=q, j=j, before=before, stages=stages: _substep_formula(sub, q, j, m, b, before, stages, h, show)
                            for q in range(k)]
            if keep and j < m - 1:  # the substeps before the last (which is the macro step's value, recorded by step)
                for q, name in enumerate(sub.states):
                    recorder.assign(_substep_name(name, j + 1), state[q], f"{sub.name} substep {j + 1}", formulas[q])
        outputs_integral = dict(zip(output_names, state[k : k + len(output_names)]))
        work = state[-1] if pieces["power"] is not None else None
        return state[:k], outputs_integral, work, formulas

    # --- the formulas of explain ------------------------------------------------------------

    def _exchange_formula(self, system, t, y, key, show) -> str:
        """The exchanged value: the connected output at (T, the producer's state)."""
        source, output = system.model.connections[key]
        sub = system.model.subsystems[source]
        states = sub.states[0] if len(sub.states) == 1 else "(" + ", ".join(sub.states) + ")"
        return f"{source}.{output}(T, {states}) = {source}.{output}({show(t)}, {show.vector(self._part(system, sub, y))})"

    @staticmethod
    def _extrapolation_formula(system, key, degree, history, exchanged, memory, slopes, after, carried, H, show) -> str:
        """The input a subsystem integrates with over the macro step, u(T + tau) = a0 + a1 tau, as the scheme built it."""
        name = f"{key[0]}.{key[1]}"
        now = show(exchanged[key])
        values = None  # a constant input is its value: nothing to substitute
        if after is not None:  # Gauss-Seidel: the producer has stepped, its new output u_new = output(T + H)
            source, output = system.model.connections[key]
            new = f"{source}.{output}(T + H)"
            if degree == 1:
                symbolic = f"{name} + ({new} - {name})/H*tau"
                values = f"{now} + ({show(after[output])} - {show.factor(exchanged[key])})/{show.divisor(H)}*tau"
            else:
                symbolic, constant = new, show(after[output])
        elif history:
            previous = memory[connection_names(system.model).index(key)]
            symbolic = f"{name} + ({name} - {name}[n-1])/H*tau"
            values = f"{now} + ({now} - {show.factor(previous)})/{show.divisor(H)}*tau"
        elif degree == 1:
            symbolic, values = f"{name} + ddt({name})*tau", f"{now} + {show.factor(slopes[key])}*tau"
        else:
            symbolic, constant = name, now
        if key in carried:  # balance correction: the previous step's flow error re-fed as a constant
            symbolic += " + dE/H"
            values = f"{values if values is not None else constant} + {show.factor(carried[key])}/{show.divisor(H)}"
        return symbolic if values is None else f"{symbolic} = {values}"

    @staticmethod
    def _power_target_formula(sign, degree, history, agreed, agreed_slope, memory, position, H, show) -> str:
        """The power a side's recovered input must deliver over the step: +-(P^ + P^' tau), P^' as the slope option says."""
        minus = "" if sign == 1 else "-"
        if history:
            previous = memory[position - 1]
            symbolic = "agreed_power + (agreed_power - agreed_power[n-1])/H*tau"
            values = f"{show(agreed)} + ({show(agreed)} - {show.factor(previous)})/{show.divisor(H)}*tau"
        elif degree == 1:
            symbolic, values = "agreed_power + ddt(agreed_power)*tau", f"{show(agreed)} + {show.factor(agreed_slope)}*tau"
        else:
            symbolic, values = "agreed_power", show(agreed)
        return f"{minus}({symbolic}) = {minus}({values})" if minus else f"{symbolic} = {values}"


def _at(sub, tau, show) -> str:
    """The name of the power exchange's recovered input at a stage time: ``spring.v(T)``, ``spring.v(T + 1/20)``."""
    return f"{sub.name}.{sub.power_input}(T)" if not tau else f"{sub.name}.{sub.power_input}(T + {show(tau)})"


def _recovered_formula(sub, recovery, power, offset, slope, show) -> str:
    """The input recovered from the power it must deliver, power = a u + b (affine in u): u = (P(T + tau) - b)/a, with a
    and b as the model writes them, then their values at the stage (source 004, sec. 4.1)."""
    a, b = (str(e) for e in recovery)
    b = f"({b})" if any(ch in b for ch in " +-") else b
    a = f"({a})" if any(ch in a for ch in " +-*/") else a
    target = f"P_{sub.name}(T + tau)"
    return f"({target} - b)/a = ({target} - {b})/{a} = ({show(power)} - {show.factor(offset)})/{show.divisor(slope)}"


def _substep_name(state: str, j: int) -> str:
    """A subsystem state after substep j of a macro step: s(T + h), s(T + 2*h), ..."""
    return f"{state}(T + h)" if j == 1 else f"{state}(T + {j}*h)"


def _substep_formula(sub, q, j, m, b, before, stages, h, show) -> str:
    """Substep j + 1 of the subsystem's solver for its state q: x + h*(b1*k1 + ...) with the stage values substituted."""
    name = sub.states[q]
    start = name if j == 0 else _substep_name(name, j)
    step = "H" if m == 1 else "h"
    terms = [(coefficient, i) for i, coefficient in enumerate(b) if coefficient]
    symbolic = " + ".join(show.scaled(coefficient, f"k{i + 1}" if len(sub.states) == 1 else f"k{i + 1}_{name}") for coefficient, i in terms)
    values = " + ".join(show.scaled(coefficient, show.factor(stages[i][q])) for coefficient, i in terms)
    return f"{start} + {step}*({symbolic}) = {show(before[q])} + {show.factor(h)}*({values})".replace("+ -", "- ")


def _along(expression, sub):
    """d/dt of ``expression`` along the subsystem's own dynamics, its inputs held: d/dx e . f + d/dt e."""
    return sympy.expand(sum((expression.diff(symbol(x)) * sub.rhs[x] for x in sub.states), expression.diff(symbol(TIME))))
