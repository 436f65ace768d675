"""What every exact method shares: the compiled system, the recorder, the run loop.

A method is an exact map from a state to the next.  It asks the system for
right-hand-side values (the system counts every evaluation, per block) and
tells the recorder every value it assigns, in order, so that ``trace``,
``counts`` and ``verify explain`` read what really happened.
"""
from __future__ import annotations

import copy
import math
import fractions
from collections import Counter
from dataclasses import dataclass, field

import sympy
from sympy.polys.polyerrors import CoercionFailed

from verify.engines import number_field, rational, rational_functions
from verify.engines.methods import schema
from verify.engines.methods.schema import Option
from verify.engines.rational import Rational
from verify.input.expr import MAX_EXACT_BITS
from verify.input.model import TIME, Model, symbol
from verify.errors import AffineSizeError, ExactSizeError, ExactSizeProjected, MethodError


# MAX_EXACT_BITS (verify.input.expr, 4,000,000) per value: a nonlinear model can double the size of its rationals every step


class _ThresholdTestsDecided(Exception):
    """Not an error: every threshold test a run was asked to decide (Recorder.threshold_tests) has been met, and the
    run stops there (run returns what it has)."""


@dataclass
class Recorder:
    """Every value a method assigns (when ``keep``) and every right-hand-side evaluation."""

    keep: bool = True
    assignments: list = field(default_factory=list)  # (where, name, value)
    counts: Counter = field(default_factory=Counter)
    where: str = ""
    latest: dict = field(default_factory=dict)  # name -> last assigned value, kept even when not keeping all
    failure: str | None = None  # a method that can fail (a step-size controller) says why here
    reuse: dict = field(default_factory=dict)  # values a method may reuse in its next step (an FSAL pair's last stage)
    formulas: dict = field(default_factory=dict)  # index in assignments -> the formula the value came from (explain)
    texts: bool = True  # whether the formulas are written (a long run on the certified path keeps its values, not their text)
    step: int = 0  # the macro step being taken (from 1), in a step loop
    threshold_gaps: list | None = None  # (test, |a| - threshold) of co-simulation threshold tests near a tie, when asked
    threshold_tests: set | None = None  # the threshold tests a caller wants decided: the run stops once it has met them all
    size_limit: int | None = None  # the exact values may not pass this size in bits (guard; MAX_EXACT_BITS if None)
    tolerance_tests: list = field(default_factory=list)  # the outcome of every tolerance test (error estimate <= tolerance), in order
    tolerance_gaps: list = field(default_factory=list)  # each test's relative gap (tolerance - estimate)/max(|tolerance|, |estimate|),
    # a float where the gap is an exact rational: a search's guide (verify.checks.run reads the least as a float margin), and a
    # list of the exact gaps of a long adaptive run held as many numbers as the run's values (review of 2026-12-07: 1.5 GB
    # over 16,000 steps of heun-euler-21, past the memory limit over 60,000)

    def tolerance_test(self, estimates, tolerances) -> bool:
        """An accept/reject test: accepted when every estimate <= its tolerance.  Its outcome goes to tolerance_tests
        (the twin takes it at a tie), its smallest relative gap to tolerance_gaps: how far the decision is from
        flipping, which a sampled forall follows to where it flips (a claim on `accepted` has no margin of its own)."""
        accepted = all(e <= tol for e, tol in zip(estimates, tolerances))
        self.tolerance_tests.append(accepted)
        gap = min((tol - e) / max(abs(tol), abs(e)) if not (tol == 0 and e == 0) else 0 * e  # (no bool() of an enclosure:
                  for e, tol in zip(estimates, tolerances))  # Ball decides == where it can)
        self.tolerance_gaps.append(float(gap) if isinstance(gap, rational.RATIONAL_TYPES) else gap)
        return accepted

    def assign(self, name: str, value, where: str = "", formula=None) -> None:
        """Record ``value`` for ``name``; ``formula`` (a function giving text, called only when every value is
        kept, for ``verify explain``) says where it came from, with the values substituted: ``f(t + h/2, y + h/2*k1)
        = f(1/4, 3/4)``."""
        self.latest[name] = value
        if self.keep:
            label = f"{self.where} · {where}" if where else self.where
            self.assignments.append((label, name, value))
            if formula is not None and self.texts:
                try:
                    self.formulas[len(self.assignments) - 1] = formula()
                except (TypeError, ValueError, ArithmeticError, AttributeError):  # text for explain only: a value it
                    pass  # cannot print (an element of an algebraic field) leaves the line without its formula

    def guard(self, values, where: str) -> None:
        """ExactSizeError when ``values`` (a stage's state) pass ``size_limit`` bits: checked before the right-hand
        side multiplies them up further (a nonlinear stage can grow them 16-fold)."""
        bits, limit = rational.size_bits(values), self.size_limit or MAX_EXACT_BITS
        if bits > limit:
            raise ExactSizeError(f"exact values reached {bits:,} bits in a stage of {where} (limit {limit:,})")

    def threshold_test(self, test, gap, near) -> None:
        """A co-simulation threshold test ``test`` (its identity) has been made, with gap |a| - threshold: kept in
        ``threshold_gaps`` when ``near`` (a caller that asks decides ties with them), and struck off ``threshold_tests``;
        when that empties, every test the caller wanted is decided and the run stops (_ThresholdTestsDecided, caught by run)."""
        if self.threshold_gaps is not None and near:
            self.threshold_gaps.append((test, gap))
        if self.threshold_tests:
            self.threshold_tests.discard(test)
            if not self.threshold_tests:
                raise _ThresholdTestsDecided(test)

    def trace(self, name: str) -> list:
        return [value for _, n, value in self.assignments if n == name]


def total_derivatives(rhs: list, states: list, time: sympy.Symbol, count: int) -> list[list[sympy.Expr]]:
    """[f^(1), ..., f^(count)] of y' = f(t, y), each a list over the components: the total derivatives along the
    solution, f^(j+1) = d f^(j)/dt + sum_k d f^(j)/dy_k f_k (Burden & Faires, sec. 5.3; for Taylor's method)."""
    variables = [time, *states]
    others = sorted(set().union(*(e.free_symbols for e in rhs)) - set(variables), key=str)  # symbolic parameters, h, lam
    try:  # in the field QQ(t, y, parameters): sparse polynomials with gcds kept reduced (sympy's cancel on expressions
        field, *generators = sympy.field(variables + others, sympy.QQ)  # took minutes at order 5 of a 2-state system)
        f = [field.from_expr(e) for e in rhs]
    except (CoercionFailed, sympy.PolynomialError, ValueError, TypeError):
        field = None
    derivatives, current = [], f if field is not None else list(rhs)
    sizes = [sum(_nodes(e) for e in rhs)]
    for _ in range(count):
        if field is not None:
            current = [e.diff(generators[0]) + sum(e.diff(g) * fk for g, fk in zip(generators[1:len(variables)], f)) for e in current]
            derivatives.append([e.as_expr() for e in current])
        else:  # exp, sin, sqrt: as diff leaves it (the certified and numerical routes evaluate it)
            current = [sympy.diff(e, time) + sum(sympy.diff(e, y) * fk for y, fk in zip(states, rhs)) for e in current]
            derivatives.append(current)
            sizes.append(sum(_nodes(e) for e in current))
            if len(derivatives) < count and sizes[-1] ** 2 / sizes[-2] > MAX_DERIVATIVE_NODES:  # the next one would pass the limit
                raise MethodError(f"the total derivatives of this right-hand side grow too large for Taylor's method of order "
                                  f"{count + 1} (f^({len(derivatives)}) has {sizes[-1]:,} nodes and grows about {sizes[-1] // max(sizes[-2], 1)}-fold "
                                  "per order): take a lower order")
    return derivatives


def derivative_functions(system, count: int, compile) -> list[list]:
    """The total derivatives f^(1) .. f^(count) of ``system``'s right-hand side, each compiled by ``compile(expression,
    [t, states])`` (the exact path's rationals, the certified path's intervals), formed and compiled once per system."""
    kept = system.__dict__.setdefault("_derivative_functions", {})
    if count not in kept:
        variables = [symbol(TIME)] + [symbol(s) for s in system.states]
        kept[count] = [[compile(e, variables) for e in row] for row in total_derivatives(system.rhs, variables[1:], variables[0], count)]
    return kept[count]


MAX_DERIVATIVE_NODES = 200_000  # a total derivative of a non-rational right-hand side larger than this is not formed (each
# order multiplies the tree about tenfold: f^(7) of a two-state system with sin and exp took 41 s)


def _nodes(expression) -> int:
    return sum(1 for _ in sympy.preorder_traversal(expression))


class ExactSystem:
    """The model's right-hand side with parameter values, compiled once for exact rationals.

    ``field`` is the number field the run computes in (as sympy's ``DomainMatrix`` takes a domain): QQ, or the
    algebraic field of a tableau's coefficients (``over``).  The compiled right-hand side is the same over both:
    its rational constants are exact rationals, which sympy's algebraic field elements add and multiply exactly.
    """

    field = sympy.QQ
    affine_over_field = False  # set by ``over``: linear and autonomous, so the affine power over the field applies
    affine_in_time = False  # affine in the state and t jointly, not autonomous (y' = -y + t): run's affine routes carry t

    def __init__(self, model: Model, parameter_values: dict[str, sympy.Expr]):
        self._set_up(model, {symbol(p): v for p, v in parameter_values.items()})
        variables = [symbol(s) for s in self.states]
        self.affine = rational.is_affine_autonomous(self.rhs + self.constraints, variables, symbol(TIME))
        self.affine_in_time = not self.affine and rational.is_affine_autonomous(self.rhs + self.constraints, [*variables, symbol(TIME)],
                                                                                 sympy.Dummy("not_time"))

    def _set_up(self, model: Model, substitutions: dict) -> None:
        """What every system holds: the variables (differential states, then algebraic), the right-hand side and
        constraints with the parameter values substituted, and the right-hand side compiled."""
        self.model = model
        self.states = list(model.variables)
        self.index = {s: i for i, s in enumerate(self.states)}
        self.substitutions = substitutions
        self.rhs = [self.substitute(model.rhs[s]) for s in model.states]
        self.constraints = [self.substitute(g) for g in model.constraints]
        for name, expression in [*zip(model.states, self.rhs), *(("a constraint", g) for g in self.constraints)]:
            if expression.has(sympy.zoo, sympy.nan):  # y/k at k = 0: no right-hand side to run
                written = model.rhs.get(name, expression)
                raise MethodError(f"the right-hand side of {name} ({written}) is undefined at the parameter values (a division by zero)"
                                  if name in model.rhs else f"{name} is undefined at the parameter values (a division by zero)")
        variables = [symbol(TIME)] + [symbol(s) for s in self.states]
        self.functions = [self.compile(e, variables) for e in self.rhs]
        self.blocks = {name: [self.index[s] for s in members] for name, members in model.blocks.items()}

    def substitute(self, expression: sympy.Expr) -> sympy.Expr:
        return expression.subs(self.substitutions) if self.substitutions else expression

    def start_value(self, expression: sympy.Expr, values: dict, what: str):
        """A starting value given by the model's ``expression`` (its solution) at ``values`` (the time and the initial
        data), as the run's number: an exact rational (simplified exactly, never a numeric guess), else NotRational
        naming ``what``.  (The certified route's system encloses it instead: verify.engines.certified.BallSystem.)"""
        value = self.substitute(expression).xreplace(values)
        value = value if value.is_Rational else sympy.simplify(value)
        if not value.is_Rational:
            raise rational.NotRational(f"the starting value {what} = {value} from the model's solution is not rational")
        return rational.to_field(value)

    def compile(self, expression: sympy.Expr, variables) -> callable:
        """An expression of the model (rhs, a subsystem's output or power), with the parameter values, compiled."""
        return rational.compile_rational(self.substitute(expression), variables)

    def rate(self, t: Rational, y: list, recorder: Recorder, block: str | None = None) -> list:
        """The right-hand side at (t, y): all components, or those of one block (in block order)."""
        env = [t, *y]
        recorder.guard(y, recorder.where or "a step")
        if block is None:
            recorder.counts["rhs"] += 1
            for name in self.blocks:
                recorder.counts[name] += 1
            return [f(env) for f in self.functions]
        recorder.counts[block] += 1
        return [self.functions[i](env) for i in self.blocks[block]]

    def derivative_rates(self, t, y, count: int, recorder: Recorder) -> list[list]:
        """[f^(1)(t, y), ..., f^(count)(t, y)]: the total derivatives of the right-hand side along the solution
        (verify.engines.methods.taylor), each compiled once per system."""
        if count == 0:
            return []
        functions = derivative_functions(self, count, self.compile)
        recorder.counts["derivatives"] += 1
        env = [t, *y]
        return [[f(env) for f in row] for row in functions]

    def jacobian_expressions(self) -> list[list[sympy.Expr]]:
        """Rows: the right-hand sides, then the constraints; columns: every variable (differentiated once per
        system: an implicit step asks linear_in_state at every step)."""
        if "_jacobian_expressions" not in self.__dict__:
            variables = [symbol(s) for s in self.states]
            self._jacobian_expressions = [[sympy.diff(e, s) for s in variables] for e in self.rhs + self.constraints]
        return self._jacobian_expressions

    def constraint_values(self, t, y) -> list:
        """g(t, x, z) for a DAE (exact)."""
        if not hasattr(self, "_constraints"):
            variables = [symbol(TIME)] + [symbol(s) for s in self.states]
            self._constraints = [rational.compile_rational(g, variables) for g in self.constraints]
        env = [t, *y]
        return [g(env) for g in self._constraints]

    def jacobian(self, t, y, recorder: Recorder) -> list[list]:
        """D_y f(t, y), exactly (its entries compiled once)."""
        if not hasattr(self, "_jacobian"):
            variables = [symbol(TIME)] + [symbol(s) for s in self.states]
            self._jacobian = [[rational.compile_rational(e, variables) for e in row] for row in self.jacobian_expressions()]
        recorder.counts["jacobian"] += 1
        env = [t, *y]
        return [[f(env) for f in row] for row in self._jacobian]

    def linear_in_state(self) -> bool:
        """Is the right-hand side affine in the state (coefficients may depend on t)?"""
        if "_linear_in_state" not in self.__dict__:
            states = set(symbol(s) for s in self.states)
            self._linear_in_state = all(not (entry.free_symbols & states) for row in self.jacobian_expressions() for entry in row)
        return self._linear_in_state

    def over(self, field) -> "ExactSystem":
        """The same system computing in ``field`` (QQ, or an algebraic field such as QQ(sqrt(3)))."""
        if number_field.is_rational_field(field):
            return self
        ordered = [e for e in self.rhs + self.constraints if e.has(sympy.Abs, sympy.Min, sympy.Max, sympy.sign)]
        if ordered:  # an algebraic field element has no order here: abs, min and max are not compiled over it
            raise rational.NotRational(f"{ordered[0]} needs the order of the field's numbers (abs, min, max): a run over {field} "
                                       "does not compute it")
        system = copy.copy(self)
        system.field = field
        system.affine_over_field = self.affine  # the affine power over the field (number_field.affine_power)
        system.affine = system.affine_in_time = False  # the fraction-free integer routes are for QQ
        return system

    def solve(self, matrix: list[list], vector: list) -> list:
        """The exact solution x of matrix x = vector (DomainMatrix over the system's field); ZeroDivisionError when singular."""
        if number_field.is_rational_field(self.field):
            return rational.solve(matrix, vector)
        return number_field.solve(self.field, matrix, vector)


class SpecialValuesSystem(ExactSystem):
    """A right-hand side that is not a rational function (sin, cos, exp, sqrt of the time or the state) evaluated exactly
    where sympy's own evaluation of it is a rational number: sin(k pi) = 0, cos(pi/3) = 1/2, exp(0) = 1.  Each evaluation
    substitutes the exact values (rational.to_sympy) and reads the result; NotRational at the first one that is not a
    rational (sin(1/10)), or past MAX_EVALUATIONS, so that the caller takes its other route.  Euler on y' = sin(pi t) with
    h = 1 is exactly rational at every node, where the certified route's enclosures could not decide a claimed value
    there (a review of 2026-12-07: 1/8 at two steps, an honest error)."""

    MAX_EVALUATIONS = 2000  # sympy's substitution costs about 0.1-1 ms an evaluation

    def __init__(self, model: Model, parameter_values: dict[str, sympy.Expr]):
        self.evaluations = 0
        super().__init__(model, parameter_values)

    def compile(self, expression: sympy.Expr, variables) -> callable:
        expression = self.substitute(expression)
        try:
            return rational.compile_rational(expression, variables)  # a rational function: compiled as ExactSystem compiles it
        except rational.NotRational:
            pass

        def value(env):
            self.evaluations += 1
            if self.evaluations > self.MAX_EVALUATIONS:
                raise rational.NotRational(f"{expression} was evaluated by substitution {self.MAX_EVALUATIONS} times (the limit)")
            result = expression.xreplace({v: rational.to_sympy(x) for v, x in zip(variables, env)})
            if not result.is_Rational:
                shown = ", ".join(f"{v} = {rational.to_sympy(x)}" for v, x in zip(variables, env) if expression.has(v))
                raise rational.NotRational(f"{expression} is {result} at {shown}, not a rational number")
            return rational.to_field(result)
        return value


class SymbolicSystem(ExactSystem):
    """The same right-hand side evaluated on sympy expressions (symbolic step sizes, states, parameters)."""

    def __init__(self, model: Model, substitutions: dict):
        self._set_up(model, substitutions)
        self.affine = False  # never take the numeric affine routes

    def substitute(self, expression):
        return expression.xreplace(self.substitutions)

    def compile(self, expression, variables):
        return self._substituter(self.substitute(expression), variables)

    @staticmethod
    def _substituter(expression, variables):
        return lambda env: sympy.expand(expression.xreplace(dict(zip(variables, [sympy.sympify(v) for v in env]))))

    def jacobian(self, t, y, recorder: Recorder) -> list[list]:
        recorder.counts["jacobian"] += 1
        variables = [symbol(TIME)] + [symbol(s) for s in self.states]
        values = dict(zip(variables, [sympy.sympify(v) for v in [t, *y]]))
        return [[e.xreplace(values) for e in row] for row in self.jacobian_expressions()]

    def solve(self, matrix, vector):
        return rational_functions.solve(matrix, vector)

    def constraint_values(self, t, y):
        variables = [symbol(TIME)] + [symbol(s) for s in self.states]
        values = dict(zip(variables, [sympy.sympify(v) for v in [t, *y]]))
        return [sympy.expand(g.xreplace(values)) for g in self.constraints]


class Method:
    """An exact one-step (or one-macro-step) map.  Subclasses set the class attributes."""

    name: str = ""
    schema: tuple[Option, ...] = ()  # the options: kind, default, required (verify.engines.methods.schema)
    quantities: tuple[str, ...] = ()  # named values besides the states, e.g. the microstep h
    affine = True  # the step is affine in y whenever the right-hand side is affine and autonomous
    variable_step = False  # step() returns (t, y) and moves the clock itself
    irrational_steps = False  # a variable-step method whose step sizes may be irrational: its twin runs it (numerical route)
    to_t_end = False  # one macro step runs from the start to the option t_end (an adaptive controller)
    supports_dae = False  # can step a semi-explicit DAE (a model with algebraic variables)
    real_roots = False  # a step may be an exact real root (irrational) of a polynomial equation (scalar_root)

    inner_steps_option: str | None = None  # an option counting steps taken inside a macro step (co-simulation substeps)

    # --- the options, read off the schema --------------------------------------------------------------------

    def option(self, name: str) -> Option:
        for option in self.schema:
            if option.name == name:
                return option
        raise KeyError(f"method {self.name} has no option {name}")

    def value(self, options: dict, name: str):
        """The claim's value of option ``name``, or its schema default (the one source of defaults)."""
        return options[name] if name in options else self.option(name).default

    @property
    def required_options(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.schema if o.required)

    @property
    def optional_options(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.schema if not o.required)

    @property
    def string_options(self) -> dict[str, tuple[str, ...]]:
        """option -> allowed words (not parsed as expressions)."""
        return {o.name: o.words for o in self.schema if o.kind == schema.WORD}

    @property
    def component_options(self) -> tuple[str, ...]:
        """Options that may be a table state -> value."""
        return tuple(o.name for o in self.schema if o.per_state or o.kind == schema.HISTORY)

    @property
    def expression_options(self) -> tuple[str, ...]:
        """Tables of expressions in h and t (read by the method itself)."""
        return tuple(o.name for o in self.schema if o.kind == schema.EXPRESSIONS)

    def doubled_inner_steps(self, options: dict):
        """(option, count, the options with twice the inner steps), to show the inner solver's own error;
        None for a method without inner steps."""
        option = self.inner_steps_option
        if option is None:
            return None
        count = int(options.get(option, 1))
        return option, count, {**options, option: sympy.Integer(2 * count)}

    def inner_steps_per_step(self, options: dict) -> int:
        """How many inner steps (microsteps, subsystem steps) one macro step takes; 1 for a plain one-step method."""
        option = self.inner_steps_option
        value = options.get(option, 1) if option else 1
        return int(value) if getattr(value, "is_Integer", isinstance(value, int)) else 1

    def string_option_words(self, model: Model) -> dict[str, tuple[str, ...]]:
        """The words each string option allows on ``model`` (by default the fixed ``string_options``)."""
        return self.string_options

    def affine_for(self, options: dict) -> bool:
        """Is the step affine in the state whenever the model is linear and autonomous (with these options)?"""
        return self.affine

    def affine_after(self, model: Model, options: dict) -> tuple[int, int] | None:
        """(steps, tail) when the step is affine in the state only after its first ``steps`` steps (a multistep
        method's starting steps), with the last ``tail`` values of the vector constant from then on (a count of
        values taken); None when that does not apply (``affine_for`` says whether the whole run is affine)."""
        return None

    def memory_names(self, model: Model, options: dict) -> list[str]:
        """Values a method carries from one macro step to the next besides the state (e.g. the previous
        exchange, for extrapolation); they ride along after the state in the vector the step map sees."""
        return []

    def memory_from_previous_node(self, model: Model, options: dict) -> bool:
        """True when the memory at a node is ``initial_memory`` at the previous node (t - h, y(t - h)), as for
        a previous exchange: then the one-step defect from an exact past is defined (verify.checks.order.series)."""
        return False

    def initial_memory(self, system, t, y: list, options: dict) -> list:
        """The memory before the first step (the method's first-step rule), from the exact options."""
        return []

    def quantity_names(self, model: Model, options: dict | None = None) -> tuple[str, ...]:
        """Names of the values besides the states that a run of this method assigns (for expect and trace)."""
        return self.quantities

    def accumulated_names(self, model: Model, options: dict) -> tuple[str, ...]:
        """Quantities each step adds an amount to that is affine in the state and memory (q <- q + a . y + b, from
        0, read from and assigned to the recorder's ``latest``): a run that reads only these at its end may still
        take the affine power, with them riding after the memory (``run``)."""
        return ()

    def trace_values(self, recorder: "Recorder", name: str, model: Model) -> list:
        """Every value the run assigned to ``name``, in order (a method may compose them, e.g. a stage component)."""
        return recorder.trace(name)

    def is_explicit(self, options: dict) -> bool:
        """Does a step only add, multiply and evaluate the right-hand side (no solve)?"""
        return True

    def option_names(self) -> list:
        """Every option the method takes, required or optional."""
        return [*self.required_options, *self.optional_options]

    def validate(self, model: Model, options: dict) -> None:
        if model.algebraic and not self.supports_dae:
            raise MethodError(f"method {self.name} cannot step the DAE {model.name!r} (algebraic variables {', '.join(model.algebraic)}); use backward-euler")
        missing = [o for o in self.required_options if o not in options]
        unknown = [o for o in options if o not in self.option_names()]
        if missing:
            raise MethodError(f"method {self.name} needs option(s) {', '.join(missing)}")
        if unknown:
            raise MethodError(f"method {self.name} has no option(s) {', '.join(unknown)}")
        for name, words in self.string_option_words(model).items():
            if name in options and options[name] not in words:
                raise MethodError(f"method {self.name}: option {name} must be one of {', '.join(words)}")
        for option in self.schema:  # the kinds of the numbers given (tables and lists are the method's to check)
            if option.name in options and not isinstance(options[option.name], (dict, list)):
                check = _KIND_CHECKS.get(option.kind)
                if check:
                    check(options, option.name, self.name)
        for name, value in options.items():
            if name in self.expression_options:
                continue  # the method checks its own tables
            if isinstance(value, dict) and (name not in self.component_options or set(value) != set(model.states)):
                raise MethodError(f"method {self.name}: option {name} cannot be a table" if name not in self.component_options
                                  else f"method {self.name}: option {name} must give every state: {', '.join(model.states)}")

    def step_length(self, options: dict) -> Rational:
        raise NotImplementedError

    def number_field(self, options: dict):
        """The field the exact step computes in: QQ, or the algebraic field its coefficients generate (a tableau with
        sqrt(3)); ``exact_options(options, field=...)`` then gives the coefficients as elements of it."""
        return sympy.QQ

    def exact_options(self, options: dict, convert=None, field=None) -> dict:
        """The options as the step map reads them: numbers (also in lists and tables) as exact field
        elements; ``convert`` replaces that conversion (the symbolic path keeps sympy expressions); ``field`` is
        the algebraic field of ``number_field`` where the method has irrational coefficients."""
        convert = convert or to_field_deep
        return {k: convert(v) for k, v in options.items()}

    def named_values(self, options: dict) -> dict:
        """Values of ``quantities`` known from the options alone."""
        return {}

    def step(self, system: ExactSystem, t: Rational, y: list, options: dict, recorder: Recorder) -> list:
        raise NotImplementedError


MAX_COUNT = 1_000_000  # bound on step and microstep counts, so no claim can ask for an endless loop
MAX_WORK = 10_000_000  # bound on steps x inner steps of one run (a claim is also bounded in time by the runner)


def check_work(method: "Method", options: dict, steps: int, where: str = "") -> None:
    """A run of ``steps`` macro steps may take at most MAX_WORK inner steps; otherwise a MethodError that says why."""
    if method.to_t_end and steps != 1:  # a second macro step would start at t_end and take no step (review of 2026-12-05)
        raise MethodError(f"{where}method {method.name} runs from the start to t_end in one macro step: write steps = 1, not {steps}")
    inner = method.inner_steps_per_step(options)
    if steps * inner > MAX_WORK:
        raise MethodError(f"{where}{steps} steps x {inner} inner steps = {steps * inner} is more than one claim may run "
                          f"(at most {MAX_WORK}); take fewer steps or microsteps")


def to_field_deep(value):
    """Numbers as exact field elements, inside lists and tables too; anything else unchanged."""
    if isinstance(value, dict):
        return {k: to_field_deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_field_deep(v) for v in value]
    return rational.to_field(value) if getattr(value, "is_Rational", False) else value


MAX_ROOT_BITS = 20_000  # an exact root (scalar_root) is sought from known values of at most this many bits each


def scalar_root(system, t, a, b, c, s, grows: str, recorder: "Recorder", what: str, start_time=None, state_path=None) -> sympy.Expr:
    """The root u of  u = c + s f(t, a + b u)  for a one-state system whose right-hand side is a polynomial in the
    state, on the branch that starts at the explicit value as the implicit part grows from 0 (SPEC: the real root
    that tends to y0 as h -> 0): ``grows`` = "s" scales s (backward Euler: a = 0, b = 1, c = y, s = h, from u = y;
    an implicit multistep formula likewise), "b" scales b (a diagonally implicit stage k = f(t_i, Y + h a_ii k): a = Y,
    b = h a_ii, c = 0, s = 1, from k = f(t_i, Y)).  Exact (a Rational, radicals or a CRootOf, number_field.continued_root)
    and its residual checked exactly; all of t, a, b, c, s must be rational (a value computed by an earlier exact root
    is not: NotRational says so, as it does when the branch is not decided).

    ``start_time``: the step's start; the path then runs over the step of length lam h, its time included (time
    start_time + lam (t - start_time)), and ``state_path(lam)`` gives the stage's known state along it (the
    explicit stages before it, of the shorter step): the branch followed is then the one that tends to the explicit
    value as h -> 0, as the SPEC says.  With the time held at t, a time-dependent f took another root past a branch
    crossing (implicit midpoint on y' = (1 - t) y^2 with h = 3/2: the path's 5/3, not the h -> 0 branch's 7; a review
    of 2026-12-06)."""
    if len(system.states) != 1 or system.model.algebraic:
        raise rational.NotRational(f"{system.model.name}: {what} is a nonlinear equation; it is solved exactly only for one state")
    if not all(isinstance(v, (Rational, int, fractions.Fraction)) for v in (t, a, b, c, s)):  # a node of the every-node route: Fraction
        raise rational.NotRational(f"{system.model.name}: {what} is a nonlinear equation whose known values are not all rational (an "
                                   "irrational tableau coefficient or step size, or an earlier step's exact root): it is solved exactly "
                                   "only from rational values")
    bits = rational.size_bits([a, b, c, s, t])
    if bits > MAX_ROOT_BITS:  # AM-4 on y' = -y^3 after three exact RK4 steps: 1.7 million bits, a root search past 15 minutes
        raise ExactSizeError(f"a known value of {what} has {bits:,} bits: an exact root is not sought from values beyond "
                             f"{MAX_ROOT_BITS:,} (a review of 2026-12-06)")
    x, time_symbol = symbol(system.states[0]), symbol(TIME)
    u, lam = sympy.Dummy("u"), sympy.Dummy("lam")
    a, b, c, s, t = (rational.to_sympy(v) for v in (a, b, c, s, t))
    rate = system.rhs[0].xreplace({time_symbol: t})
    if not rate.is_polynomial(x) or any(not coefficient.is_Rational for coefficient in sympy.Poly(rate, x).all_coeffs()):
        raise rational.NotRational(f"{system.model.name}: the right-hand side is not a polynomial in {x} with rational coefficients, "
                                   f"so {what} has no exact root solve")
    rhs, time, state = system.rhs[0], t, a
    if start_time is not None and time_symbol in rhs.free_symbols:
        if not rhs.is_polynomial(x, time_symbol) or any(not k.is_Rational for k in sympy.Poly(rhs, x, time_symbol).coeffs()):
            raise rational.NotRational(f"{system.model.name}: the right-hand side is not a polynomial in {x} and t with rational "
                                       f"coefficients, so the branch of {what} that tends to the explicit value as h -> 0 is not followed exactly")
        time = rational.to_sympy(start_time) + lam * (t - rational.to_sympy(start_time))
    if state_path is not None:
        state = state_path(lam)
    along = lambda argument: rhs.xreplace({time_symbol: time, x: argument})  # noqa: E731 - f on the path
    start = (c + s * along(state)).xreplace({lam: sympy.Integer(0)}) if grows == "b" else c
    equation = u - c - (lam * s if grows == "s" else s) * along(state + (lam * b if grows == "b" else b) * u)
    recorder.counts["rhs"] += 1  # as a linear implicit step or stage counts: one evaluation (every block) and one Jacobian
    for block in system.blocks:
        recorder.counts[block] += 1
    recorder.counts["jacobian"] += 1
    try:
        root = number_field.continued_root(sympy.expand(equation), u, lam, start)
    except number_field.BranchUndecided as exc:  # no method may pick a root here: not a case for the numerical route
        raise number_field.BranchUndecided(f"{system.model.name}: {what}: {exc}") from None
    except number_field.NotRootable as exc:
        raise rational.NotRational(f"{system.model.name}: {what}: {exc}") from None
    residual = root - c - s * rate.xreplace({x: a + b * root})
    if number_field.decide_equal(sympy.expand(residual), 0) is not True:  # a check of the root, not an assumption
        raise rational.NotRational(f"the root {root} of {what} could not be confirmed exactly")
    # a rational root goes on as a field element, so that the next step starts from rational values (backward Euler on
    # y' = -y^2 with h = 3/4 from 1: y1 = 2/3, and y2 was refused as "from an earlier step's exact root": review of 2026-12-05)
    return rational.to_field(root) if root.is_Rational else root


def identity_minus(scale, matrix) -> list:
    """I - scale * matrix, as rows (the matrix of a linearly implicit solve)."""
    n = len(matrix)
    return [[(1 if i == j else 0) - scale * matrix[i][j] for j in range(n)] for i in range(n)]


def component_names(quantity: str, states) -> list[str]:
    """A per-component quantity's names: ``quantity`` on a one-state model, ``quantity_x`` per state otherwise."""
    return [quantity] if len(states) == 1 else [f"{quantity}_{s}" for s in states]


def assign_components(recorder: "Recorder", quantity: str, vector, states, where: str = "", formulas=None) -> None:
    """Record a per-component quantity under the names of component_names; ``formulas`` (one function per component,
    giving its formula as text: Recorder.assign) for ``verify explain``."""
    for index, (name, value) in enumerate(zip(component_names(quantity, states), vector)):
        recorder.assign(name, value, where, formulas[index] if formulas else None)


def component_values(options: dict, name: str, states: list) -> list:
    """An option that is one number for every state, or a table state -> number, as a list in state order."""
    value = options[name]
    if isinstance(value, dict):
        return [value[s] for s in states]
    return [value] * len(states)


def positive_integer(options: dict, name: str, method: str) -> int:
    value = options[name]
    if not (getattr(value, "is_Integer", False) and 0 < value <= MAX_COUNT):
        raise MethodError(f"method {method}: option {name} must be an integer from 1 to {MAX_COUNT}, got {value}")
    return int(value)


def positive_rational(options: dict, name: str, method: str):
    value = options[name]
    if not (getattr(value, "is_Rational", False) and value > 0):
        raise MethodError(f"method {method}: option {name} must be a positive rational number, got {value}")
    return value


def non_negative_rational(options: dict, name: str, method: str):
    value = options[name]
    if not (getattr(value, "is_Rational", False) and value >= 0):
        raise MethodError(f"method {method}: {name} must be >= 0, got {value}")
    return value


def integer(options: dict, name: str, method: str) -> int:
    value = options[name]
    if not getattr(value, "is_Integer", False):
        raise MethodError(f"method {method}: option {name} must be an integer, got {value}")
    return int(value)


_KIND_CHECKS = {schema.POSITIVE: positive_rational, schema.NON_NEGATIVE: non_negative_rational, schema.COUNT: positive_integer,
                schema.INTEGER: integer}


def _accumulated_power(method, system, options, t0, y, steps, names) -> tuple[list, Recorder] | None:
    """(final state and memory, a recorder holding the counts and the accumulated quantities' final values) of
    ``steps`` affine steps with the quantities ``names`` riding after the memory, from 0: the step map reads them
    into its recorder's ``latest`` and writes back what the step left there.  The map is read off n + 1 steps and
    tried at the start and at one more point with no coordinate 0 or 1 (y -> M y + c exactly at both, else None: the
    step loop runs), so a quantity that is
    not affine after all is caught (a check, not a proof: the method declares the quantities affine)."""
    extended = list(y) + [Rational(0)] * len(names)
    width = len(y)
    one_step = Recorder(keep=False)
    recorders = iter([one_step])

    def step_map(values):
        recorder = next(recorders, None) or Recorder(keep=False)
        recorder.latest.update(zip(names, values[width:]))
        new = method.step(system, t0, list(values[:width]), options, recorder)
        return list(new) + [recorder.latest[name] for name in names]

    matrix, offset = rational.affine_map(step_map, len(extended))
    generic = [Rational((-1) ** k * (k + 2), k + 7) for k in range(len(extended))]  # no coordinate 0 or 1
    for point in (extended, generic):
        if rational.affine_image(matrix, offset, point) != step_map(point):
            return None
    integer_map = rational.IntegerAffineMap.of(matrix, offset)
    try:  # a co-simulation's deficits over 10^6 steps: 3.8 million bits, 117 s and 2.6 GB before this guard
        _affine_size_guard(integer_map, matrix, offset, extended, steps, width, None)
    except AffineSizeError as exc:  # its map carries the deficits too: not one the certified route's power reads
        raise ExactSizeError(str(exc)) from None
    final = rational.affine_power(integer_map, extended, steps)
    recorder = _counted(one_step, steps)
    recorder.latest.update(zip(names, final[width:]))
    return final[:width], recorder


def _counted(one_step: Recorder, steps: int) -> Recorder:
    """A recorder holding the evaluation counts of ``steps`` steps, each counting as ``one_step`` did."""
    return Recorder(keep=False, counts=Counter({k: v * steps for k, v in one_step.counts.items()}))


@dataclass
class RunResult:
    t: Rational
    y: list
    recorder: Recorder
    nodes: list  # (t, y) after every macro step, when asked for
    route: str  # "step loop", "affine power" or "affine iteration"
    field: object = sympy.QQ  # the number field the values lie in

    def exact(self, value):
        """A value of this run (a state, a recorded quantity, a stage vector) as a sympy number (tuples stay tuples)."""
        if isinstance(value, tuple):
            return tuple(self.exact(v) for v in value)
        return number_field.to_sympy(self.field, value)


def _affine_after_warm_up(method, system, options, t0, length, y, steps: int, nodes: bool, size: int, warm_up: int,
                          tail: int) -> RunResult | None:
    """run's affine routes beyond the autonomous model's: ``warm_up`` steps in the loop (a k-step method's k - 1
    starting steps; a review of 2026-12-05: Adams-Bashforth 4 over 10^4 steps of y' = -y took 15 s, BDF3 55 s, in the
    step loop), then the affine map of the rest of the vector, the last ``tail`` values held fixed, and t carried as
    one more value when the model is affine in the state and t jointly rather than autonomous (y' = -y + t: the step
    from (t + s, y) is affine in (y, s); RK4 with h = 1/7 over 10^4 steps took 114 s in the loop), powered or iterated
    as _affine_continuation checks it.  None: the step loop runs the whole run."""
    recorder = Recorder(keep=False)
    node_values, t = [], t0
    for n in range(warm_up):
        recorder.where, recorder.step = f"step {n + 1}", n + 1
        y = method.step(system, t, y, options, recorder)
        t = t + length
        if nodes:
            node_values.append((t, list(y[:size])))
    fixed = y[len(y) - tail:] if tail else []
    head = y[:len(y) - tail] if tail else y
    rest = _affine_continuation(method, system, options, t, length, head, fixed, steps - warm_up, nodes, size, not system.affine)
    if rest is None:
        return None
    final, counts, later_nodes, route = rest
    counts.counts.update(recorder.counts)
    after = f" after {warm_up} starting step{'s' if warm_up > 1 else ''} in the step loop" if warm_up else ""
    return RunResult(t + (steps - warm_up) * length, final, counts, node_values + later_nodes, route + after)


def _affine_continuation(method, system, options, t, length, head, fixed, steps, nodes, size, carry_time):
    """(final state, counts, nodes, route) of ``steps`` affine steps from (t, head + fixed), ``fixed`` held constant
    (a step that changes it is not this map: None) and t carried as a last value when ``carry_time``; the map read
    off (at s = 0 and s = 1) is checked against the first three steps from the start (s = 0, h, 2h: None when it
    differs).  A check, not a proof: a step not affine in t passes it only when its deviation vanishes at s = 0, 1,
    h and 2h (three distinct points even when h = 1), and every built-in method's step is affine in t when the
    right-hand side is (method options evaluated per step keep the loop: run)."""
    one_step = Recorder(keep=False)
    recorders = iter([one_step])
    shifted = _Shifted()

    def step_map(v):
        state, s = (v[:-1], v[-1]) if carry_time else (v, 0)
        out = method.step(system, t + s, [*state, *fixed], options, next(recorders, None) or Recorder(keep=False))
        if out[len(state):] != list(fixed):
            raise shifted
        return out[:len(state)] + ([s + length] if carry_time else [])

    start = [*head, Rational(0)] if carry_time else list(head)
    try:
        matrix, offset = rational.affine_map(step_map, len(start))
        point = start
        for _ in range(3):
            stepped = step_map(list(point))
            if stepped != rational.affine_image(matrix, offset, point):
                return None
            point = stepped
    except _Shifted:
        return None
    integer_map = rational.IntegerAffineMap.of(matrix, offset)
    _affine_size_guard(integer_map, matrix, offset, start, steps, size, t + steps * length)
    if not nodes:
        return rational.affine_power(integer_map, start, steps)[:size], _counted(one_step, steps), [], "affine power"
    table = _table_of_nodes(rational.affine_iterates(integer_map, start, steps, kept=size), steps)
    iterates = [(t + (n + 1) * length, values) for n, values in enumerate(table)]
    return iterates[-1][1], _counted(one_step, steps), iterates, "affine iteration"


def _affine_size_guard(integer_map: rational.IntegerAffineMap, matrix, offset, start, steps: int, size: int, t_end) -> None:
    """AffineSizeError (carrying the map, for the certified route's power in balls) when ``steps`` affine steps
    y -> M y + c from ``start`` could pass MAX_EXACT_BITS.  The bound counts numerators and denominators together as
    the loop measures them: the integer map B = d [[M, c], [0, 1]] multiplies numerators by at most its largest row sum
    and denominators by d, per step.  Found before the power, not after hours of steps (a third review: RK4 over 10^6
    steps of y' = -y + t built 14-million-bit values for a minute; a review of 2026-12-07: of y' = -y, 80 million bits
    in 20 s); being a bound it may raise where the loop's reduced values would just fit."""
    projected = rational.size_bits(start) + steps * integer_map.bits_per_step()
    if projected > MAX_EXACT_BITS:
        raise AffineSizeError(f"exact values could reach {projected:,} bits in {steps} steps (limit {MAX_EXACT_BITS:,})",
                              matrix, offset, list(start), steps, size, t_end)


def _table_of_nodes(iterates, steps: int) -> list:
    """The nodes ``iterates`` yields (lists of exact values), kept while the table holds at most MAX_NODE_TABLE_BITS
    in all (numerators and denominators), else ExactSizeError.  Each value stays under MAX_EXACT_BITS while the table
    can grow as N^2: Euler with h = 1/3 over 10^6 steps of y' = -y built nodes into the 4 GiB memory limit (15 s).  The
    values are measured as they come, not bounded beforehand: a table of 30,000 nodes at an equilibrium 1/3 is small
    (a bound from the map's size refused it, a review of 2026-12-07)."""
    table, total = [], 0
    for values in iterates:
        total += rational.total_bits(values)
        if total > MAX_NODE_TABLE_BITS:
            raise ExactSizeError(f"the exact values of the first {len(table) + 1:,} of {steps:,} nodes hold more than "
                                 f"{MAX_NODE_TABLE_BITS:.0e} bits in all (the table's limit)")
        table.append(values)
    return table


MAX_NODE_TABLE_BITS = 4 * 10**9  # about 500 MB of numerators and denominators held for the nodes' comparisons


# geometric growth, as the step loop's projection reads it: at least this factor per step over the last three steps,
# from at least this many bits, and a projected size at least this multiple of the limit.  A nonlinear right-hand side
# of degree d multiplies the size by about d per Euler step (d^s for s stages: RK4 on y^2 + 1, 16); a linear or
# polynomial growth (a sum over a forcing's denominators, y_n ~ n bits) has ratios n/(n - 1) that are below 1.8 from
# the fourth step on, so it never triggers
PROJECTED_GROWTH, PROJECTED_FROM_BITS, PROJECTED_MARGIN = 1.8, 256, 2


def _projected_past(sizes: list[int], steps: int, limit: int) -> None:
    """ExactSizeProjected when the sizes after each step so far (``sizes``, bits) grow at least PROJECTED_GROWTH-fold
    per step over the last three and, at the least of those three factors, would pass PROJECTED_MARGIN times ``limit``
    by step ``steps``.  Only a route choice: what a caller does instead is rigorous too, or it runs on without it."""
    done = len(sizes)
    if done < 4 or done >= steps or sizes[-1] < PROJECTED_FROM_BITS:
        return
    last = sizes[-4:]
    growth = min(b / a for a, b in zip(last, last[1:]) if a > 0) if all(last[:-1]) else 0
    if growth < PROJECTED_GROWTH:
        return
    log_projected = math.log2(sizes[-1]) + (steps - done) * math.log2(growth)
    if log_projected > math.log2(PROJECTED_MARGIN * limit):
        grown = ", ".join(f"{b:,}" for b in last)
        raise ExactSizeProjected(f"exact values grew at least {growth:.1f}-fold per step ({grown} bits after steps {done - 3}-{done}), so "
                                 f"{steps} steps would pass the limit ({limit:,} bits) by far")


class _Shifted(Exception):
    """A step changed a value _affine_continuation holds fixed: not the affine map it reads."""


def run(method: Method, system: ExactSystem, options: dict, t0, y0, steps: int, keep: bool, nodes: bool = False,
        quantities: bool | frozenset = False, algebraic: bool = False, threshold_gaps: list | None = None,
        threshold_tests: set | None = None, size_limit: int | None = None, project: bool = False) -> RunResult:
    """Run ``steps`` macro steps exactly.

    An affine map (a linear autonomous model under an affine method) with no
    assignment to record and no named quantity wanted (``quantities``: True, or
    the names read) is applied by repeated squaring, or, when every macro node
    is wanted, by a gcd-free integer iteration; otherwise the method's step map
    runs in a loop. A method's memory (``Method.memory_names``) rides along
    after the state and is dropped from the result. Quantities the method
    accumulates affinely (``Method.accumulated_names``: a co-simulation's
    balance deficits) ride after the memory when they are all the names read
    (_accumulated_power), and the power still serves.

    A method whose coefficients are irrational algebraic numbers (Gauss-Legendre: sqrt(3)) runs over their
    number field when the caller reads such values (``algebraic``: ``RunResult.exact`` converts them, and an
    implicit step in one unknown may then be an exact root); otherwise ``exact_options`` refuses it with NotRational.

    ``threshold_gaps``: a list that collects (test, |a| - threshold) of the co-simulation power exchange's threshold
    tests that come near a tie, each test named by its identity (cosimulation.ThresholdTest: macro step, subsystem,
    substep, stage); verify.checks.energy decides with them what a floating run cannot.  ``threshold_tests``: a set
    of such identities; each is struck off it as the run makes that test, and the run stops when the set is empty
    (before the end of that macro step: the result's state is the last whole step's, its route says where it
    stopped), so a test early in a step is decided although the step's later stages would grow past ``size_limit``;
    a test it does not reach stays in the set.  ``size_limit``:
    a size in bits the exact values may not pass (MAX_EXACT_BITS by default), checked per stage (Recorder.guard) and
    after every step.  ``project``: in the step loop, raise ExactSizeProjected as soon as the values' growth shows
    they would pass that size before the last step (_projected_past): a nonlinear model doubles their size every step or
    more, and the last steps under the limit cost most of the time; a caller that asks has a rigorous route of its own
    (verify.checks.run: the certified interval run) and takes it, or comes back with ``project`` off.
    """
    field = method.number_field(options)
    if number_field.is_rational_field(field) or not algebraic:
        exact_options = method.exact_options(options)
    else:
        system = system.over(field)
        exact_options = method.exact_options(options, field=field)
    if algebraic:  # the caller reads algebraic values: an implicit step in one unknown may be an exact root (scalar_root)
        exact_options = {**exact_options, "exact_roots": True}
    length = None if method.variable_step else rational.to_field(method.step_length(options))
    t0 = rational.to_field(t0)
    y = [rational.to_field(v) for v in y0]
    size = len(y)
    y = y + [Rational(v) for v in method.initial_memory(system, t0, list(y), exact_options)]
    # a method option evaluated at every step (backward Euler's residual_d, an expression in h and t) makes the step
    # depend on t on its own: no affine route reads it (a third review of 2026-12-05: a residual vanishing where the
    # map was read let a false order claim through, and the autonomous route froze t at t0)
    per_step = any(options.get(name) for name in method.expression_options)
    over_rationals = system.affine and (nodes or steps > 1) and not per_step  # an algebraic field: the power only (no gcd-free node route)
    over_field = system.affine_over_field and steps > 1 and not per_step
    if (isinstance(quantities, frozenset) and quantities and not keep and not nodes and system.affine and steps > 1
            and method.affine_for(options) and not method.variable_step and not per_step
            and quantities <= set(method.accumulated_names(system.model, exact_options))):
        accumulated = _accumulated_power(method, system, exact_options, t0, y, steps, method.accumulated_names(system.model, exact_options))
        if accumulated is not None:
            final, recorder = accumulated
            return RunResult(t0 + steps * length, final[:size], recorder, [], "affine power")
    if not keep and not quantities and method.affine_for(options) and not method.variable_step and (over_rationals or over_field):
        one_step = Recorder(keep=False)  # the map's first evaluation (rational.affine_map: at the zero state) counts
        recorders = iter([one_step])     # the evaluations one step makes; an affine step makes the same at any state
        step_map = lambda v: method.step(system, t0, v, exact_options, next(recorders, None) or Recorder(keep=False))  # noqa: E731
        if over_field and nodes:
            node_values = [(t0 + (n + 1) * length, values[:size])
                           for n, values in enumerate(number_field.affine_iterates(system.field, step_map, y, steps))]
            return RunResult(t0 + steps * length, node_values[-1][1], _counted(one_step, steps), node_values, "affine iteration", system.field)
        if over_field:
            final = number_field.affine_power(system.field, step_map, y, steps)
            return RunResult(t0 + steps * length, final[:size], _counted(one_step, steps), [], "affine power", system.field)
        if not nodes:
            matrix, offset = rational.affine_map(step_map, len(y))
            integer_map = rational.IntegerAffineMap.of(matrix, offset)
            _affine_size_guard(integer_map, matrix, offset, y, steps, size, t0 + steps * length)
            final = rational.affine_power(integer_map, y, steps)
            return RunResult(t0 + steps * length, final[:size], _counted(one_step, steps), [], "affine power")
        integer_map = rational.IntegerAffineMap.of(*rational.affine_map(step_map, len(y)))
        table = _table_of_nodes(rational.affine_iterates(integer_map, y, steps, kept=size), steps)
        node_values = [(t0 + (n + 1) * length, values) for n, values in enumerate(table)]
        return RunResult(t0 + steps * length, node_values[-1][1], _counted(one_step, steps), node_values, "affine iteration")
    plain = not keep and not quantities and not method.variable_step and not per_step
    warm_up = method.affine_after(system.model, exact_options) if plain else None
    if plain and system.affine_in_time and (nodes or steps > 1) and method.affine_for(options):
        warm_up = (0, 0)  # affine from the first step, with t carried
    if warm_up is not None and (system.affine or system.affine_in_time) and (steps > warm_up[0] + 1 or warm_up == (0, 0) and nodes):
        affine = _affine_after_warm_up(method, system, exact_options, t0, length, y, steps, nodes, size, *warm_up)
        if affine is not None:
            return affine
    limit = size_limit or MAX_EXACT_BITS
    recorder = Recorder(keep=keep, threshold_gaps=threshold_gaps, threshold_tests=threshold_tests, size_limit=limit)
    node_values, sizes = [], []
    t = t0
    for n in range(steps):
        recorder.where, recorder.step = f"step {n + 1}", n + 1
        try:
            if method.variable_step:
                t, y = method.step(system, t, y, exact_options, recorder)
            else:
                y = method.step(system, t, y, exact_options, recorder)
                t = t + length
        except _ThresholdTestsDecided:
            return RunResult(t, y[:size], recorder, node_values, f"step loop, stopped in step {n + 1} (the threshold tests asked for decided)",
                             system.field)
        bits = rational.size_bits(y)
        if bits > limit:
            raise ExactSizeError(f"exact values reached {bits:,} bits after step {n + 1} of {steps} (limit {limit:,})")
        if project:
            sizes.append(bits)
            _projected_past(sizes, steps, limit)
        if nodes:
            node_values.append((t, list(y[:size])))
    return RunResult(t, y[:size], recorder, node_values, "step loop", system.field)
