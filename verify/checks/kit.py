"""The kit the claim kinds share for reading a run: the method and its options, the initial values (one rule),
the steps' comparisons (``expect``-like entries and ``OP value`` relations), ``solution(x)`` and the names a claim
may use, and the symbol -> value map of a run's fixed values, and the runs a worker keeps.  Used by run, energy,
forall, order and stability."""
from __future__ import annotations

import difflib
import weakref
from collections import OrderedDict
from dataclasses import dataclass

import sympy

from verify.checks.comparisons import OPERATORS, RELATION
from verify.engines.methods import METHODS, Method, MethodError
from verify.engines.methods.base import check_work
from verify.input.expr import ExprError, quoted
from verify.input.load import Claim, LoadError
from verify.input.model import TIME, initial_name, symbol
from verify.errors import CheckError


class KeptRuns:
    """The last ``size`` results a worker computed, each under a key of everything it depends on, the least recently
    used dropped first.  A worker checks claim after claim (verify.runner), and a claim and its wrong version, or
    claims about one run, make the same runs.  The caller hands out copies of what it keeps, or results no claim
    changes."""

    _every: "weakref.WeakSet[KeptRuns]" = weakref.WeakSet()

    def __init__(self, size: int):
        self.size = size
        self._kept: OrderedDict = OrderedDict()
        KeptRuns._every.add(self)

    @classmethod
    def forget_all(cls) -> None:
        """Drop what every KeptRuns keeps (the test suite, before each test: a test that replaces an engine's function
        sees it called, not a run an earlier test kept)."""
        for kept in list(cls._every):
            kept._kept.clear()

    def get(self, key, make, keep=None):
        """make()'s result for ``key``, made once while it is kept; ``keep(value)`` False: handed out, not kept (a run
        too large to hold for the next claim)."""
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        value = make()
        if keep is None or keep(value):
            self._kept[key] = value
            if len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return value


@dataclass
class Comparison:
    """One ``expect`` entry: an expression of the run's results and the value claimed for it."""

    text: str
    quantity: sympy.Expr  # in final states, t, initial values, method quantities
    claimed: sympy.Expr  # may use the same names
    claimed_text: str  # as written in the claim file
    op: str = "=="  # expect_relations: quantity OP claimed
    column: tuple | None = None  # expect_at_nodes with a list: (claimed, claimed_text) at node 1, 2, ... (a table's column)

    def at_node(self, n: int) -> tuple:
        """(claimed, claimed_text) at macro node n (from 1): the column's n-th entry, else the one value for every node."""
        return self.column[n - 1] if self.column is not None else (self.claimed, self.claimed_text)


def refuse_unstated_failure(spec, failure: str | None) -> None:
    """CheckError before a run claim is verified on a run that stopped early (``failure``, the recorder's reason)
    unless the claim states ``failed`` (in expect, expect_at_nodes, expect_relations or trace).  A run of a step-size
    controller that stops early (h below h_min, too many rejections) ends where it stopped: a claim about its state
    that does not say so is not verified on that state (an adversarial review of 2026-12-07: "adaptive Euler to
    t = 1 ends with y >= 0.9" was verified on y = 1 at t = 0, where the run stopped)."""
    if failure and not ("failed" in spec.trace or any(_pins_failure(c) for c in [*spec.expect, *spec.at_nodes, *spec.relations])):
        raise CheckError(f"the run failed ({failure}), so its values are where it stopped, not at t_end; a claim about such a run "
                         "states failed = 1 in expect (or failed = 0 to claim that it does not fail)")


def _pins_failure(comparison) -> bool:
    """Does a comparison state whether the run failed: ``failed`` in an expression compared with ==, or a relation
    of ``failed`` alone that holds for exactly one of 0 and 1 (``failed >= 0`` holds either way: a second review of
    2026-12-07 found it let a claim on a stopped run be verified)."""
    if not any(s.name == "failed" for s in comparison.quantity.free_symbols):
        return False
    if comparison.op == "==":
        return True
    if not (comparison.quantity.is_Symbol and comparison.claimed.is_Rational):
        return False
    holds = [OPERATORS[comparison.op](sympy.Integer(v), comparison.claimed) for v in (0, 1)]
    return bool(holds[0]) != bool(holds[1])


def unknown_method(name) -> str:
    """The message for a ``method`` that is not one: the known names closest to it (difflib, ignoring case), else all
    of them (a review of 2026-12-07: every case of a claim with method = "bdf-K" printed every name)."""
    close = difflib.get_close_matches(name.lower(), list(METHODS), n=4, cutoff=0.6) if isinstance(name, str) else []
    if close:
        return f"unknown method {name!r} (did you mean {', '.join(close)}? {len(METHODS)} methods in all, listed in the README)"
    return f"unknown method {name!r} (known: {', '.join(sorted(METHODS))})"


def method_and_options(claim: Claim, needs_model: str | None = None):
    """The claim's method and its parsed options; ``needs_model`` names the check when a model is required."""
    if needs_model and claim.model is None:
        raise LoadError(f"check {needs_model!r} needs a model")
    method = METHODS.get(claim.table.get("method"))
    if method is None:
        raise LoadError(unknown_method(claim.table.get("method")))
    known = method.option_names()
    parsed = {}
    for name, value in claim_table(claim.table, "options").items():
        try:
            parsed[name] = option_value(claim, method, name, value)
        except LoadError:  # a value that is not one of this method's: rk4's start = "backward-euler" was "unknown name
            if name not in known:  # 'backward'" (a review of 2026-12-07); the method's own check names it otherwise
                raise LoadError(f"method {method.name} has no option(s) {name}") from None
            raise
    return method, parsed


def validated(method: Method, model, options: dict, where: str = "", steps: int | None = None) -> None:
    """The method's own check of its options (and, given the number of macro steps, of the work they ask
    for: verify.engines.methods.base.check_work), as a load error of the claim."""
    try:
        method.validate(model, options)
        if steps is not None:
            check_work(method, options, steps)
    except MethodError as exc:
        raise LoadError(f"{where}{exc}") from None


def newton_to_precision(options: dict, digits: int) -> dict:
    """The options of a numerical-route run at ``digits`` digits: the method's exact step, Newton to a residual of
    10^-(digits - 5) (the claim's tolerance is not used) with a budget of 100 unless the claim sets one, so that the
    runs at two precisions differ by what the lower one did not resolve.  At one tolerance both stop at the same
    iterate: the trapezoid rule on a nonlinear rotation ended 2.9e-43 above its exact invariant at 50 and at 70
    digits alike, and a bound 1e-43 above it was verified."""
    options = {**options, "newton_tolerance": sympy.Rational(1, 10 ** (digits - 5))}
    options.setdefault("newton_iterations", sympy.Integer(100))
    return options


def initial_values(claim: Claim, read=None) -> tuple:
    """(t0, y0) from the claim's ``initial`` table, the one rule of every kind that runs a method: a value for each of
    the model's variables (its states, then the algebraic variables of a DAE) and optionally ``t`` (default 0);
    nothing else.  ``read(claim, value, key)`` reads each value (default: an exact rational; forall reads expressions
    in its domain symbols)."""
    variables = list(claim.model.variables)
    read = read or read_rational
    initial = claim_table(claim.table, "initial")
    unknown = set(initial) - set(variables) - {TIME}
    missing = [s for s in variables if s not in initial]
    if unknown or missing:
        algebraic = [s for s in missing if s in claim.model.algebraic]
        problems = ([f"missing the state{'s' if len(missing) - len(algebraic) > 1 else ''} "
                     + ", ".join(s for s in missing if s not in algebraic)] if len(missing) > len(algebraic) else [])
        problems += [f"missing the algebraic variable{'s' if len(algebraic) > 1 else ''} " + ", ".join(algebraic)] if algebraic else []
        problems += [f"unknown name{'s' if len(unknown) > 1 else ''} " + ", ".join(sorted(unknown))] if unknown else []
        raise LoadError(f"initial must give every state and algebraic variable, and may give t: {'; '.join(problems)}")
    return read(claim, initial.get(TIME, 0), "initial.t"), [read(claim, initial[s], f"initial.{s}") for s in variables]


def constant_values(model, spec) -> dict:
    """Symbol -> exact value of what a run claim's expressions may name that stays fixed along the run: the initial
    values (``x0``), the parameters, the numeric options and the method's named values (H, h, ...).  ``spec`` is a
    run's spec (``y0``, ``parameter_values``, ``options``, ``method``)."""
    values = {symbol(initial_name(s)): v for s, v in zip(model.variables, spec.y0)}
    values.update({symbol(p): v for p, v in spec.parameter_values.items()})
    values.update({symbol(k): v for k, v in spec.options.items() if isinstance(v, sympy.Basic)})
    values.update({symbol(k): v for k, v in spec.method.named_values(spec.options).items()})
    return values


def flag_value(value):
    """A TOML boolean compared with a flag quantity (accepted, failed) reads as 1 or 0."""
    return int(value) if isinstance(value, bool) else value


def claim_table(table, key) -> dict:
    """``table[key]`` of a claim: a table (empty when absent), else a load error."""
    value = table.get(key, {})
    if not isinstance(value, dict):
        raise LoadError(f"{key!r} must be a table")
    return value


def option_value(claim, method, name, value):
    if name in getattr(method, "expression_options", ()):  # tables of expressions in h and t
        if not isinstance(value, dict):
            raise LoadError(f"options.{name} must be a table variable -> expression in h and t")
        parsed = {key: claim.value(v, f"options.{name}.{key}", {"h": symbol("h")}) for key, v in value.items()}
        for key, expression in parsed.items():
            if expression.free_symbols - {symbol("h"), symbol(TIME)}:
                raise LoadError(f"options.{name}.{key}: only h and t may appear, got {expression}")
        return parsed
    if name in method.string_options:
        if not isinstance(value, str):
            raise LoadError(f"options.{name} must be one of {', '.join(method.string_options[name])}")
        return value
    if isinstance(value, dict):
        return {key: option_value(claim, method, f"{name}.{key}", v) for key, v in value.items()}
    if isinstance(value, list):
        return [option_value(claim, method, name, v) for v in value]
    number = claim.value(value, f"options.{name}")
    if number.free_symbols - set(claim.symbols.values()):  # only declared symbols may stay free (stability, forall)
        raise LoadError(f"options.{name}: {number} is not a number")
    return number


def read_rational(claim, value, key, names=None) -> sympy.Expr:
    """A claim value that must be an exact rational number (with ``names``, free result names may remain; without, it
    is read in the claim's parameters alone: steps = "abc" listed the model's t and y as known names)."""
    number = claim.value(value, key, names, model_names=names is not None)
    if (names is None or not number.free_symbols) and not number.is_Rational:
        raise LoadError(f"{key}: {number} is not a rational number")
    return number


def result_names(model, method, options) -> dict:
    """Names an ``expect`` entry may use beyond the claim's: numeric method options and the method's quantities."""
    plain_options = [name for name, value in options.items() if isinstance(value, sympy.Basic)]
    return {name: symbol(name) for name in plain_options + list(method.quantity_names(model, options))}


def refuse_shadowed_names(claim, names, calls, options, parts, method=None) -> None:
    """A model parameter named as a value of the run (a method quantity such as ``attempts``, or an option with another
    value, such as a heat coefficient h beside the step h) would put the parameter's value where the claim reads
    the run's: a LoadError when an entry of the tables ``parts`` names it (a review of 2026-12-05 verified attempts = 1 so).
    So would a state named as a numeric option (a tank's height h beside the step h: the state's value at a node
    read as the step, and the paths then disagreed, an error that did not say why; a review of 2026-12-06), or as a
    value the ``method`` names (a multirate method's microstep h = H/m: a forall claim about a state h verified a
    false value so)."""
    variables = set(claim.model.variables) if claim.model is not None else set()
    shadowed = {n for n in names if n in claim.parameters and not (n in options and options[n] == claim.parameters[n])}
    shadowed |= {n for n in variables if isinstance(options.get(n), sympy.Basic)}
    if method is not None and variables:
        try:
            shadowed |= variables & set(method.named_values(options))
            shadowed |= variables & recorded_names(method, claim.model, options)
        except (KeyError, TypeError, ZeroDivisionError):  # options the method's own check refuses
            pass
    if not shadowed:
        return
    table = claim.table
    texts = [(f"{part}.{key}", text) for part in parts for key, value in claim_table(table, part).items()
             for text in [key] + [str(v) for v in (value if isinstance(value, list) else [value])]]
    for where, text in texts:
        try:
            used = {str(s) for s in claim.parse(text, names, calls).free_symbols}
        except ExprError:
            continue  # read (and refused) as the entry itself is
        if used & shadowed:
            name = sorted(used & shadowed)[0]
            if name in variables:
                raise LoadError(f"{where}: {name} names both a state of the model and an option, value or quantity of the method: rename the state")
            raise LoadError(f"{where}: {name} names both a parameter of the model and a value of the run (a method "
                            "quantity or option): rename the parameter")


def recorded_names(method, model, options) -> set:
    """The names a run of ``method`` records besides the states: its quantities (``error_estimate``, a stage ``k2``
    on a one-state model, ``k2_y`` per component) and the vectors the per-component ones are read from (``k2``).  A
    state of the same name was read in the quantity's place: an external review of 2026-12-07 had ``error_estimate =
    1/8`` refuted against the state's 5/8, and a state ``k2`` traced beside the stage vector k2 was an internal error."""
    quantities = set(method.quantity_names(model, options))
    if len(model.states) < 2:
        return quantities
    first = model.states[0]  # a vector's name is a stem with a component for every state (states error and estimate:
    stems = {name[: -len(first) - 1] for name in quantities if name.endswith("_" + first)}  # error_estimate is no error_ + state)
    return quantities | {stem for stem in stems if all(f"{stem}_{state}" in quantities for state in model.states)}


def parameter_substitutions(claim: Claim) -> dict:
    """The claim's parameter values as symbol -> value (as ExactSystem substitutes them)."""
    return {symbol(p): v for p, v in claim.parameters.items()}


def solution_start_problem(claim: Claim, t0, y0) -> str | None:
    """Why the claim's model's solution (written for initial data at t = 0) cannot serve a run from (t0, y0), with
    the claim's parameter values (Model.solution_start_problem); None when it can."""
    return claim.model.solution_start_problem(parameter_substitutions(claim), t0, y0)


def check_exact_start(claim: Claim, options: dict, t0, y0) -> None:
    """LoadError when a multistep method takes its starting values from the model's solution (start = "exact") but
    that solution, written for initial data at t = 0, does not pass through the claim's start (the twin reads the
    same solution, so neither path would notice)."""
    if options.get("start") == "exact" and claim.model is not None:
        problem = solution_start_problem(claim, t0, y0)
        if problem:
            raise LoadError(f'start = "exact": {problem}')


def solution_call(model, start: tuple | None = None):
    """``solution(x)`` in a claim's expressions: the model's closed-form solution for state x.  ``start``
    (substitutions, t0, y0): the run's start, through which that solution must pass (Model.solution_start_problem:
    the solution is written for initial data at t = 0)."""
    def solution(args):
        if len(args) != 1 or not args[0].is_Symbol or str(args[0]) not in model.variables:
            raise ExprError("solution takes one state name")
        state = str(args[0])
        if state not in model.solution:
            raise ExprError(f"model {model.name!r} gives no solution for {state}")
        problem = model.solution_start_problem(*start) if start is not None else None
        if problem:
            raise ExprError(problem)
        return model.solution[state]

    return solution


def read_relation(claim, key, value, names, calls) -> Comparison:
    """An ``expect_relations`` entry: ``key`` and a value reading 'OP value'."""
    match = RELATION.match(value) if isinstance(value, str) else None
    if not match:
        raise LoadError(f"expect_relations.{key} must read 'OP value' with OP one of < <= == != >= >, e.g. \"< 1/20\"")
    comparison = read_comparison(claim, key, match.group(2), names, calls, "expect_relations")
    comparison.op = match.group(1)
    return comparison


def read_comparison(claim, key, value, names, calls, table_name) -> Comparison:
    """An ``expect``-like entry: the quantity ``key`` and its claimed ``value``, both parsed."""
    quantity = claim.value(key, f"{table_name} key {quoted(key)}", names, calls)  # a key of 2,000 characters is cut, not the reason
    claimed = claim.value(flag_value(value), f"{table_name}.{key}", names, calls)
    return Comparison(key, quantity, claimed, str(value).lower() if isinstance(value, bool) else str(value))
