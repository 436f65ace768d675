"""Runge-Kutta methods: a Butcher tableau is data, one generic step does the arithmetic.

k_i = f(t + c_i h, y + h sum_j a_ij k_j),   y+ = y + h sum_i b_i k_i
(Hairer, Norsett & Wanner, Solving ODEs I, sec. II.1; Hairer & Wanner, Solving ODEs II, sec. IV.5).

A strictly lower triangular A is explicit: each stage is one evaluation.  Otherwise the stages are implicit and
are solved exactly when the right-hand side is affine in the state, f(t, y) = J(t) y + g(t):

* diagonally implicit (A lower triangular): stage by stage,
  (I - h a_ii J(t_i)) k_i = f(t_i, y + h sum_{j<i} a_ij k_j);
* fully implicit: the s n x s n system  k_i - h sum_j a_ij J(t_i) k_j = f(t_i, y)  at once,

with t_i = t + c_i h, as linear systems over QQ (sympy's DomainMatrix).  Each implicit stage counts one
right-hand-side and one Jacobian evaluation.  A right-hand side nonlinear in the state has no exact solve; the
mpmath twin (verify.engines.twins.runge_kutta) solves it by Newton's method with a finite budget.  A tableau with
irrational coefficients (Gauss-Legendre: sqrt(3)) runs on the symbolic path (stability functions), on the
mpmath twin (orders), and exact runs compute over its algebraic field QQ(sqrt(3)) (verify.engines.number_field: the
stage systems by DomainMatrix over that field).

The twin has its own literal coefficients, so a wrong coefficient here is caught by the cross-check.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import sympy

from verify.engines import number_field, rational
from verify.engines.methods import schema
from verify.engines.methods.schema import Option
from verify.engines.methods.formulas import Text
from verify.input.model import TIME, symbol
from verify.engines.methods.base import (Method, MethodError, assign_components, component_names, component_values, identity_minus,
                                         positive_rational, scalar_root, to_field_deep)

R = sympy.Rational
S3, S15, S6 = sympy.sqrt(3), sympy.sqrt(15), sympy.sqrt(6)
SDIRK2_GAMMA = 1 - 1 / sympy.sqrt(2)
SDIRK3_GAMMA = sympy.CRootOf(6 * sympy.Symbol("x") ** 3 - 18 * sympy.Symbol("x") ** 2 + 9 * sympy.Symbol("x") - 1, 1)  # 0.43586652150845...


@dataclass(frozen=True)
class ButcherTableau:
    A: tuple  # rows of exact numbers (sympy Rationals or algebraic numbers)
    b: tuple
    c: tuple
    order: int | None = None
    source: str = ""
    bhat: tuple | None = None  # the embedded weights of a pair: error_estimate = |y+ - yhat+|

    @property
    def stages(self) -> int:
        return len(self.b)

    @functools.cached_property
    def fsal(self) -> bool:
        """First same as last: the last stage is f(t + h, y+), the next step's first stage (reused, not re-evaluated)."""
        s = self.stages
        return s > 1 and self.explicit and self.c[-1] == 1 and self.c[0] == 0 and all(self.A[-1][j] == self.b[j] for j in range(s)) and self.b[-1] == 0

    @functools.cached_property
    def explicit(self) -> bool:
        return all(self.A[i][j] == 0 for i in range(self.stages) for j in range(i, self.stages))

    @functools.cached_property
    def diagonally_implicit(self) -> bool:
        return all(self.A[i][j] == 0 for i in range(self.stages) for j in range(i + 1, self.stages))

    @functools.cached_property  # a frozen dataclass keeps it in its __dict__: read once per tableau, not per run
    def rational(self) -> bool:
        return all(sympy.sympify(v).is_Rational for v in [*self.b, *self.c, *(a for row in self.A for a in row)])

    @functools.cached_property
    def rational_coefficients(self) -> tuple:
        """(A, b, c, bhat) as exact rationals (bhat None without an embedded pair), converted once per tableau; a run
        takes copies (Method.exact_options)."""
        as_field = lambda values: tuple(to_field_deep(sympy.sympify(v)) for v in values)  # noqa: E731
        return (tuple(as_field(row) for row in self.A), as_field(self.b), as_field(self.c),
                as_field(self.bhat) if self.bhat is not None else None)


def _sdirk3():
    g = SDIRK3_GAMMA
    tau = (1 + g) / 2
    b1, b2 = -(6 * g**2 - 16 * g + 1) / 4, (6 * g**2 - 20 * g + 5) / 4
    return ButcherTableau(A=((g, 0, 0), (tau - g, g, 0), (b1, b2, g)), b=(b1, b2, g), c=(g, tau, 1), order=3,
                          source="R. Alexander, Diagonally implicit Runge-Kutta methods for stiff O.D.E.'s, SIAM J. Numer. Anal. 14 "
                                 "(1977): the 3-stage L-stable method of order 3, gamma the root 0.4358665 of x^3 - 3x^2 + 3x/2 - 1/6 "
                                 "in (1/6, 1/2)")


TABLEAUS = {
    "euler": ButcherTableau(A=((0,),), b=(1,), c=(0,), order=1, source="explicit Euler"),
    "heun": ButcherTableau(A=((0, 0), (1, 0)), b=(R(1, 2), R(1, 2)), c=(0, 1), order=2, source="Heun's method, the explicit trapezoid rule"),
    "midpoint": ButcherTableau(A=((0, 0), (R(1, 2), 0)), b=(0, 1), c=(0, R(1, 2)), order=2, source="the explicit midpoint rule"),
    "rk4": ButcherTableau(
        A=((0, 0, 0, 0), (R(1, 2), 0, 0, 0), (0, R(1, 2), 0, 0), (0, 0, 1, 0)),
        b=(R(1, 6), R(1, 3), R(1, 3), R(1, 6)), c=(0, R(1, 2), R(1, 2), 1), order=4,
        source="the classical fourth-order method of Kutta (1901); Butcher, Numerical Methods for ODEs (2016), sec. 32"),
    "trapezoid": ButcherTableau(A=((0, 0), (R(1, 2), R(1, 2))), b=(R(1, 2), R(1, 2)), c=(0, 1), order=2,
                                source="the trapezoidal rule (Crank-Nicolson), 2-stage Lobatto IIIA; Hairer & Wanner II, sec. IV.3"),
    "implicit-midpoint": ButcherTableau(A=((R(1, 2),),), b=(1,), c=(R(1, 2),), order=2,
                                        source="the implicit midpoint rule, 1-stage Gauss; Hairer & Wanner II, Table IV.5.1"),
    "gauss-legendre-4": ButcherTableau(
        A=((R(1, 4), R(1, 4) - S3 / 6), (R(1, 4) + S3 / 6, R(1, 4))), b=(R(1, 2), R(1, 2)), c=(R(1, 2) - S3 / 6, R(1, 2) + S3 / 6),
        order=4, source="Gauss-Legendre, 2 stages; Hairer & Wanner II, Table IV.5.1 (Hammer & Hollingsworth 1955)"),
    "gauss-legendre-6": ButcherTableau(
        A=((R(5, 36), R(2, 9) - S15 / 15, R(5, 36) - S15 / 30),
           (R(5, 36) + S15 / 24, R(2, 9), R(5, 36) - S15 / 24),
           (R(5, 36) + S15 / 30, R(2, 9) + S15 / 15, R(5, 36))),
        b=(R(5, 18), R(4, 9), R(5, 18)), c=(R(1, 2) - S15 / 10, R(1, 2), R(1, 2) + S15 / 10),
        order=6, source="Gauss-Legendre, 3 stages; Hairer & Wanner II, Table IV.5.2 (Kuntzmann, Butcher 1964)"),
    "radau-iia-3": ButcherTableau(A=((R(5, 12), R(-1, 12)), (R(3, 4), R(1, 4))), b=(R(3, 4), R(1, 4)), c=(R(1, 3), 1), order=3,
                                  source="Radau IIA, 2 stages; Hairer & Wanner II, Table IV.5.5 (Ehle 1969)"),
    "radau-iia-5": ButcherTableau(
        A=(((88 - 7 * S6) / 360, (296 - 169 * S6) / 1800, (-2 + 3 * S6) / 225),
           ((296 + 169 * S6) / 1800, (88 + 7 * S6) / 360, (-2 - 3 * S6) / 225),
           ((16 - S6) / 36, (16 + S6) / 36, R(1, 9))),
        b=((16 - S6) / 36, (16 + S6) / 36, R(1, 9)), c=((4 - S6) / 10, (4 + S6) / 10, 1),
        order=5, source="Radau IIA, 3 stages; Hairer & Wanner II, Table IV.5.6 (the RADAU5 code)"),
    "lobatto-iiia-4": ButcherTableau(A=((0, 0, 0), (R(5, 24), R(1, 3), R(-1, 24)), (R(1, 6), R(2, 3), R(1, 6))),
                                     b=(R(1, 6), R(2, 3), R(1, 6)), c=(0, R(1, 2), 1), order=4,
                                     source="Lobatto IIIA, 3 stages; Hairer & Wanner II, Table IV.5.7"),
    "sdirk-2": ButcherTableau(A=((SDIRK2_GAMMA, 0), (1 - SDIRK2_GAMMA, SDIRK2_GAMMA)), b=(1 - SDIRK2_GAMMA, SDIRK2_GAMMA),
                              c=(SDIRK2_GAMMA, 1), order=2,
                              source="the 2-stage L-stable SDIRK of order 2, gamma = 1 - 1/sqrt(2); R. Alexander, SIAM J. Numer. Anal. 14 (1977)"),
    "sdirk-3": _sdirk3(),
}
PAIRS = {
    "heun-euler-21": ButcherTableau(A=((0, 0), (1, 0)), b=(R(1, 2), R(1, 2)), c=(0, 1), order=2, bhat=(1, 0),
                                   source="Heun's method with explicit Euler embedded"),
    "bogacki-shampine-32": ButcherTableau(
        A=((0, 0, 0, 0), (R(1, 2), 0, 0, 0), (0, R(3, 4), 0, 0), (R(2, 9), R(1, 3), R(4, 9), 0)),
        b=(R(2, 9), R(1, 3), R(4, 9), 0), c=(0, R(1, 2), R(3, 4), 1), order=3, bhat=(R(7, 24), R(1, 4), R(1, 3), R(1, 8)),
        source="Bogacki & Shampine, A 3(2) pair of Runge-Kutta formulas, Appl. Math. Lett. 2 (1989); FSAL"),
    "fehlberg-45": ButcherTableau(
        A=((0, 0, 0, 0, 0, 0), (R(1, 4), 0, 0, 0, 0, 0), (R(3, 32), R(9, 32), 0, 0, 0, 0),
           (R(1932, 2197), R(-7200, 2197), R(7296, 2197), 0, 0, 0), (R(439, 216), -8, R(3680, 513), R(-845, 4104), 0, 0),
           (R(-8, 27), 2, R(-3544, 2565), R(1859, 4104), R(-11, 40), 0)),
        b=(R(25, 216), 0, R(1408, 2565), R(2197, 4104), R(-1, 5), 0), c=(0, R(1, 4), R(3, 8), R(12, 13), 1, R(1, 2)), order=4,
        bhat=(R(16, 135), 0, R(6656, 12825), R(28561, 56430), R(-9, 50), R(2, 55)),
        source="Fehlberg (1969), NASA TR R-315; Burden & Faires, Numerical Analysis, sec. 5.5 (RKF45: the 4th-order solution propagated)"),
    "dormand-prince-54": ButcherTableau(
        A=((0, 0, 0, 0, 0, 0, 0), (R(1, 5), 0, 0, 0, 0, 0, 0), (R(3, 40), R(9, 40), 0, 0, 0, 0, 0),
           (R(44, 45), R(-56, 15), R(32, 9), 0, 0, 0, 0), (R(19372, 6561), R(-25360, 2187), R(64448, 6561), R(-212, 729), 0, 0, 0),
           (R(9017, 3168), R(-355, 33), R(46732, 5247), R(49, 176), R(-5103, 18656), 0, 0),
           (R(35, 384), 0, R(500, 1113), R(125, 192), R(-2187, 6784), R(11, 84), 0)),
        b=(R(35, 384), 0, R(500, 1113), R(125, 192), R(-2187, 6784), R(11, 84), 0), c=(0, R(1, 5), R(3, 10), R(4, 5), R(8, 9), 1, 1), order=5,
        bhat=(R(5179, 57600), 0, R(7571, 16695), R(393, 640), R(-92097, 339200), R(187, 2100), R(1, 40)),
        source="Dormand & Prince, A family of embedded Runge-Kutta formulae, J. Comput. Appl. Math. 6 (1980); Hairer, Norsett & Wanner I, Table II.5.2; FSAL"),
    "cash-karp-45": ButcherTableau(
        A=((0, 0, 0, 0, 0, 0), (R(1, 5), 0, 0, 0, 0, 0), (R(3, 40), R(9, 40), 0, 0, 0, 0), (R(3, 10), R(-9, 10), R(6, 5), 0, 0, 0),
           (R(-11, 54), R(5, 2), R(-70, 27), R(35, 27), 0, 0),
           (R(1631, 55296), R(175, 512), R(575, 13824), R(44275, 110592), R(253, 4096), 0)),
        b=(R(2825, 27648), 0, R(18575, 48384), R(13525, 55296), R(277, 14336), R(1, 4)), c=(0, R(1, 5), R(3, 10), R(3, 5), 1, R(7, 8)), order=4,
        bhat=(R(37, 378), 0, R(250, 621), R(125, 594), 0, R(512, 1771)),
        source="Cash & Karp, ACM TOMS 16 (1990), the 4(5) pair (the 4th-order solution propagated)"),
}
TABLEAUS.update(PAIRS)
ALIASES = {"crank-nicolson": "trapezoid"}
EXPLICIT = tuple(name for name, tableau in TABLEAUS.items() if tableau.explicit)


def tableau_from_options(options: dict, method: str = "rk") -> ButcherTableau:
    """The tableau given in a claim's options ``A`` (any square matrix), ``b``, ``c`` (default: row sums of A)."""
    A, b = options.get("A"), options.get("b")
    if not isinstance(A, list) or not isinstance(b, list) or not all(isinstance(row, list) for row in A):
        raise MethodError(f"method {method}: options A (list of rows) and b (list) are required")
    s = len(b)
    if s == 0:
        raise MethodError(f"method {method}: the tableau is empty (b = []): a Runge-Kutta method has at least one stage" if not A
                          else f"method {method}: b = [] has no weights, but A has {len(A)} row(s): b needs one weight per stage")
    if len(A) != s or any(len(row) != s for row in A):
        raise MethodError(f"method {method}: A must be {s}x{s} to match b")
    if not all(isinstance(v, sympy.Basic) for v in [*b, *(a for row in A for a in row)]):
        raise MethodError(f"method {method}: the entries of A, b, bhat and c must be numbers")
    c = options.get("c", [sum(row, sympy.Integer(0)) for row in A])
    if not isinstance(c, list) or len(c) != s:
        raise MethodError(f"method {method}: c must have {s} entries")
    bhat = options.get("bhat")
    if bhat is not None and not (isinstance(bhat, list) and len(bhat) == s):
        raise MethodError(f"method {method}: bhat must have {s} entries (the embedded weights)")
    if not all(isinstance(v, sympy.Basic) for v in [*b, *c, *(bhat or []), *(a for row in A for a in row)]):
        raise MethodError(f"method {method}: the entries of A, b, bhat and c must be numbers")
    return ButcherTableau(A=tuple(tuple(row) for row in A), b=tuple(b), c=tuple(c), bhat=tuple(bhat) if bhat is not None else None)


class RungeKutta(Method):
    """One step of a Runge-Kutta method of step ``h``; ``tableau=None`` reads it from the options."""

    def __init__(self, name: str, tableau: ButcherTableau | None = None):
        self.name = name
        self.tableau = tableau
        if tableau is None:  # the tableau is given by the claim
            self.schema = (schema.step(), Option("A", schema.ROWS, required=True, doc="the stage coefficients, any square matrix"),
                           Option("b", schema.LIST, required=True, doc="the weights"),
                           Option("c", schema.LIST, doc="the nodes (default: the row sums of A)"),
                           Option("bhat", schema.LIST, doc="the embedded weights of a pair"), *schema.TOLERANCES, *schema.NEWTON)
        elif tableau.bhat is not None:  # an embedded pair: its tolerance test
            self.schema = (schema.step(), *schema.TOLERANCES)
        elif not tableau.explicit:  # nonlinear stage equations are Newton-solved on the mpmath path
            self.schema = (schema.step(), *schema.NEWTON)
        else:
            self.schema = (schema.step(),)

    def table(self, options: dict) -> ButcherTableau:
        return self.tableau or tableau_from_options(options, self.name)

    def validate(self, model, options):
        super().validate(model, options)
        positive_rational(options, "h", self.name)
        tab = self.table(options)
        if ("atol" in options or "rtol" in options) and tab.bhat is None:
            raise MethodError(f"method {self.name}: atol and rtol need an embedded pair (bhat)")
        for name in ("atol", "rtol"):
            for value in component_values(options, name, model.states) if name in options else []:
                if not (getattr(value, "is_Rational", False) and value >= 0):
                    raise MethodError(f"method {self.name}: {name} must be a non-negative number (or a table state -> number)")

    def affine_for(self, options) -> bool:
        return not self.table(options).fsal  # a reused last stage makes counts depend on the step: run the loop

    def is_explicit(self, options) -> bool:
        return self.table(options).explicit

    def quantity_names(self, model, options=None):
        """The stages: ``k2`` for a scalar model, ``k2_x`` per component; for a pair the embedded solution ``embedded``,
        ``error_estimate`` = |y+ - embedded| (per component, and the max), and with atol/rtol ``tolerance``,
        ``error_ratio`` and ``accepted`` as in step-doubling-euler."""
        if self.tableau is None and not (options and isinstance(options.get("b"), list)):
            return ()
        stages = len(self.tableau.b) if self.tableau else len(options["b"])
        names = [n for i in range(stages) for n in component_names(f"k{i + 1}", model.states)]
        if (self.tableau.bhat if self.tableau else options.get("bhat")) is not None:
            names += [n for q in ("embedded", "error_estimate", "tolerance") for n in component_names(q, model.states)]
            if len(model.states) > 1:
                names.append("error_estimate")  # the max over the components
            names += ["error_ratio", "accepted"]
        return tuple(names)

    def trace_values(self, recorder, name, model) -> list:
        """Stage values are recorded as vectors (for ``explain``); a trace reads a component."""
        direct = recorder.trace(name)
        if direct and not isinstance(direct[0], tuple):
            return direct
        stage, _, component = name.partition("_")
        vectors = recorder.trace(stage)
        if not vectors or not isinstance(vectors[0], tuple):
            return direct
        index = model.states.index(component) if component else 0
        return [v[index] for v in vectors]

    def step_length(self, options):
        return options["h"]

    real_roots = True  # an implicit stage on a polynomial right-hand side may be an exact root (_root_stages)

    def number_field(self, options):
        """QQ for a rational tableau; else the algebraic field its coefficients generate (QQ(sqrt(3)) for
        Gauss-Legendre-4), or NotRational when they generate none the exact path can compute in."""
        tab = self.table(options)
        if tab.rational:
            return sympy.QQ
        return _tableau_field(tab)[0]

    def exact_options(self, options, convert=None, field=None):
        """The step and the tableau as exact field elements, converted once per run: rationals, or (``field``) the
        tableau's coefficients as elements of its algebraic field."""
        tab = self.table(options)
        if convert is None and field is None and not tab.rational:
            irrational = next(v for v in [*tab.c, *tab.b, *(a for row in tab.A for a in row)] if not sympy.sympify(v).is_Rational)
            raise rational.NotRational(f"the tableau of {self.name} has the irrational coefficient {irrational}: this check "
                                    "runs on rationals (run claims compute over its algebraic field)")
        if field is not None:
            if tab.bhat is not None:  # |y+ - yhat+| and the tolerance test need the order of the field's numbers
                raise rational.NotRational(f"{self.name}: an embedded pair with irrational coefficients has no exact error estimate here")
            _, coefficients = _tableau_field(tab)
            s = tab.stages
            lookup = iter(coefficients)
            A = [[next(lookup) for _ in range(s)] for _ in range(s)]
            b, c = [next(lookup) for _ in range(s)], [next(lookup) for _ in range(s)]
            bhat = None  # refused above
            convert_number = to_field_deep
        elif convert is None:
            A, b, c, bhat = tab.rational_coefficients
            A, b, c, bhat = [list(row) for row in A], list(b), list(c), list(bhat) if bhat is not None else None
            convert_number = to_field_deep
        else:
            as_field = lambda values: [convert(sympy.sympify(v)) for v in values]  # noqa: E731
            A, b, c = [as_field(row) for row in tab.A], as_field(tab.b), as_field(tab.c)
            bhat = as_field(tab.bhat) if tab.bhat is not None else None
            convert_number = convert
        converted = {"h": convert_number(options["h"]), "A": A, "b": b, "c": c,
                     "explicit": tab.explicit, "diagonal": tab.diagonally_implicit, "fsal": tab.fsal}
        if bhat is not None:
            converted["bhat"] = bhat
        for name in ("atol", "rtol"):
            if name in options:
                converted[name] = convert_number(options[name])
        return converted

    def step(self, system, t, y, options, recorder):
        A, b, c, h = options["A"], options["b"], options["c"], options["h"]
        n, s = len(y), len(b)
        show = Text.of(system) if recorder.keep and recorder.texts else None  # the formulas' printer, read only when kept
        if options["explicit"]:
            stages = []
            reused = recorder.reuse.get("fsal") if options.get("fsal") else None
            for i in range(s):
                stage_state = list(y)
                for j in range(i):
                    if A[i][j]:
                        stage_state = [stage_state[q] + h * A[i][j] * stages[j][q] for q in range(n)]
                if i == 0 and reused is not None and reused[0] == t and reused[1] == list(y):
                    k = list(reused[2])  # first same as last: the previous step's last stage, f(t, y)
                    formula = lambda: "the previous step's last stage (first same as last)"  # noqa: E731
                else:
                    k = system.rate(t + c[i] * h, stage_state, recorder)
                    formula = lambda i=i, state=stage_state: _stage_formula(A[i], c[i], i, t + c[i] * h, state, show)  # noqa: E731
                _record_stage(recorder, i, k, system.states, formula)
                stages.append(k)
        else:
            stages = self._implicit_stages(system, t, y, A, c, h, options["diagonal"], recorder, options.get("exact_roots"))
        new = list(y)
        for i in range(s):
            if b[i]:
                new = [new[q] + h * b[i] * stages[i][q] for q in range(n)]
        if options.get("fsal"):
            recorder.reuse["fsal"] = (t + h, list(new), list(stages[-1]))
        if "bhat" in options:
            self._estimate(system, y, new, stages, options, recorder)
        for q, (name, value) in enumerate(zip(system.states, new)):
            recorder.assign(name, value, formula=lambda name=name, q=q: _update_formula(
                name, b, len(system.states), show, (y[q], h, [stage[q] for stage in stages])))
        return new

    def _estimate(self, system, y, new, stages, options, recorder):
        """The embedded solution, |y+ - yhat+| per component (and the max), and the tolerance test if asked."""
        h, bhat, n = options["h"], options["bhat"], len(y)
        embedded = [y[q] + h * sum(bhat[i] * stages[i][q] for i in range(len(bhat)) if bhat[i]) for q in range(n)]
        estimate = [abs(new[q] - embedded[q]) for q in range(n)]
        values = {"embedded": embedded, "error_estimate": estimate}
        if "atol" in options or "rtol" in options:
            atol, rtol = (component_values(options, name, system.states) if name in options else [0 * h] * n for name in ("atol", "rtol"))
            values["tolerance"] = [atol[q] + rtol[q] * abs(new[q]) for q in range(n)]
        for name, vector in values.items():
            assign_components(recorder, name, vector, system.states, "embedded pair")
        if n > 1:
            recorder.assign("error_estimate", max(estimate), "embedded pair")
        if "tolerance" in values:
            tolerance = values["tolerance"]
            accepted = recorder.tolerance_test(estimate, tolerance)
            recorder.assign("accepted", 0 * h + int(accepted), "embedded pair")
            if all(v > 0 for v in tolerance):
                recorder.assign("error_ratio", max(estimate[q] / tolerance[q] for q in range(n)), "embedded pair")

    def _implicit_stages(self, system, t, y, A, c, h, diagonal, recorder, exact_roots=False):
        if exact_roots and diagonal and len(y) == 1 and not system.model.algebraic and not system.linear_in_state():
            return self._root_stages(system, t, y, A, c, h, recorder)  # one state only (two: an IndexError, a review of
            # 2026-12-06: the trapezoidal rule on any nonlinear two-state model was an internal error)
        if system.model.algebraic or not system.linear_in_state():
            raise rational.NotRational(
                f"{system.model.name}: the stage equations of {self.name} are nonlinear in the state, so they have no exact "
                "rational solve (the mpmath path solves them by a finite-budget Newton iteration)")
        n, s = len(y), len(A)
        show = Text.of(system)
        if diagonal:
            stages = []
            for i in range(s):
                known = list(y)
                for j in range(i):
                    if A[i][j]:
                        known = [known[q] + h * A[i][j] * stages[j][q] for q in range(n)]
                rate = system.rate(t + c[i] * h, known, recorder)
                formula = lambda i=i, state=known: _stage_formula(A[i], c[i], i, t + c[i] * h, state, show)  # noqa: E731
                if A[i][i]:
                    J = system.jacobian(t + c[i] * h, known, recorder)
                    explicit_rate, shifted = rate, identity_minus(h * A[i][i], J)
                    rate = system.solve(shifted, rate)
                    formula = lambda i=i, state=known, f=explicit_rate, J=J, shifted=shifted: _diagonal_formula(  # noqa: E731
                        A[i], c[i], i, h, t + c[i] * h, state, f, J, shifted, show)
                _record_stage(recorder, i, rate, system.states, formula)
                stages.append(rate)
            return stages
        rates = [system.rate(t + c[i] * h, y, recorder) for i in range(s)]
        jacobians = [system.jacobian(t + c[i] * h, y, recorder) for i in range(s)]
        matrix = [[(1 if (i, p) == (j, q) else 0) - h * A[i][j] * jacobians[i][p][q] for j in range(s) for q in range(n)]
                  for i in range(s) for p in range(n)]
        right = [v for rate in rates for v in rate]
        solution = system.solve(matrix, right)
        stages = [solution[i * n:(i + 1) * n] for i in range(s)]
        for i, k in enumerate(stages):
            _record_stage(recorder, i, k, system.states,
                          lambda i=i: _coupled_formula(A, c, i, n, matrix, right, all(J == jacobians[0] for J in jacobians), show))
        return stages


    def _root_stages(self, system, t, y, A, c, h, recorder):
        """A diagonally implicit tableau on one state with a polynomial right-hand side: each implicit stage
        k_i = f(t_i, Y_i + h a_ii k_i) is the exact real root that tends to the explicit value f(t_i, Y_i) as h -> 0
        (base.scalar_root);
        from rational values only, so in practice the first implicit stage of a step (implicit midpoint, the
        trapezoidal rule, backward Euler as a tableau)."""
        stages, show = [], Text.of(system)
        paths = []  # each explicit stage as a polynomial in lam over the step of length lam h (None: an implicit stage)
        x, time_symbol, rhs = symbol(system.states[0]), symbol(TIME), system.rhs[0]
        for i in range(len(A)):
            known = [y[0] + h * sum((A[i][j] * stages[j][0] for j in range(i) if A[i][j]), 0 * h)]
            earlier = [j for j in range(i) if A[i][j]]

            def state_path(lam, i=i, earlier=earlier):  # y + lam h sum_j a_ij k_j(lam): the stages of the shorter step
                return rational.to_sympy(y[0]) + lam * rational.to_sympy(h) * sum((rational.to_sympy(A[i][j]) * paths[j](lam) for j in earlier), sympy.Integer(0))

            if A[i][i]:
                if any(paths[j] is None for j in earlier):  # an implicit stage's branch as a function of lam: not followed exactly
                    raise rational.NotRational(f"{system.model.name}: stage {i + 1} of {self.name} follows an implicit stage; its branch "
                                               "that tends to the explicit value as h -> 0 is followed exactly only after explicit stages")
                k = [scalar_root(system, t + c[i] * h, known[0], h * A[i][i], 0, 1, "b", recorder, f"stage {i + 1} of {self.name}",
                                 start_time=t, state_path=state_path)]
                paths.append(None)
                formula = lambda i=i, state=known: _root_formula(system, A[i], c[i], i, h, t + c[i] * h, state[0], show)  # noqa: E731
            else:
                k = system.rate(t + c[i] * h, known, recorder)
                formula = lambda i=i, state=known: _stage_formula(A[i], c[i], i, t + c[i] * h, state, show)  # noqa: E731
                paths.append(lambda lam, i=i, state_path=state_path: rhs.xreplace(
                    {time_symbol: rational.to_sympy(t) + lam * rational.to_sympy(c[i] * h), x: state_path(lam)}))
            _record_stage(recorder, i, k, system.states, formula)
            stages.append(k)
        return stages


@functools.lru_cache(maxsize=64)
def _tableau_field(tab: ButcherTableau) -> tuple:
    """(K, the coefficients A (by rows), b, c, bhat as elements of K): placing them in K is the slow part (0.3 s for
    SDIRK-3's cubic), done once per tableau.  NotRational when no field of verify.engines.number_field holds them."""
    values = [*(a for row in tab.A for a in row), *tab.b, *tab.c, *(tab.bhat or ())]
    try:
        return number_field.field_of(values)
    except number_field.NotAlgebraic as exc:
        raise rational.NotRational(f"the tableau's coefficients have no exact field here: {exc}") from None


def _coefficient_sum(row, names, show) -> str:
    """``1/2*k1 + 1/2*k2`` for the nonzero coefficients of ``row`` (the tableau's own numbers, exactly)."""
    return " + ".join(show.scaled(a, names[j]) for j, a in enumerate(row) if a).replace("+ -", "- ")


def _time(c_i, show) -> str:
    """The stage's time: t, t + h or t + c_i*h."""
    return "t" if not c_i else ("t + h" if show.sympy(c_i) == 1 else f"t + {show.factor(c_i)}*h")


def _argument(row, count, show) -> str:
    """The stage's state: y + h*(a_i1*k1 + ...) over the first ``count`` stages (y alone when all are 0)."""
    increment = _coefficient_sum(row[:count], [f"k{j + 1}" for j in range(count)], show)
    return "y" if not increment else f"y + h*({increment})" if " + " in increment or " - " in increment else f"y + h*{increment}"


def _stage_formula(row, c_i, i, t_value, state, show=Text()) -> str:
    """Stage i + 1 of an explicit tableau (or an explicit stage of an implicit one): f(t + c_i*h, y + h*(sum a_ij k_j))
    = f(its arguments' exact values)."""
    return f"f({_time(c_i, show)}, {_argument(row, i, show)}) = f({show(t_value)}, {show.vector(state)})"


def _diagonal_formula(row, c_i, i, h, t_value, state, rate, J, shifted, show) -> str:
    """A diagonally implicit stage k_i = f(t_i, Y_i + h a_ii k_i), f affine in the state (f(t, Y + v) = f(t, Y) + J v):
    (I - h a_ii J) k_i = f(t_i, Y_i), solved exactly, with the values substituted (Hairer & Wanner II, sec. IV.6)."""
    k, time, shift = f"k{i + 1}", _time(c_i, show), show.scaled(row[i], "h")
    head = f"f({time}, {_argument(row, i + 1, show)}) => "
    if len(state) == 1:
        return (head + f"{k} = f({time}, {_argument(row, i, show)})/(1 - {shift}*J) = f({show(t_value)}, {show(state[0])})/(1 - "
                f"{show.factor(h * row[i])}*{show.factor(J[0][0])}) = {show.factor(rate[0])}/{show.divisor(shifted[0][0])} => {k}")
    return (head + f"(I - {shift}*J)*{k} = f({time}, {_argument(row, i, show)}) => {show.matrix(shifted)}*{k} = {show.vector(rate)} "
            f"=> {k}")


def _coupled_formula(A, c, i, n, matrix, right, same_jacobian, show) -> str:
    """Stage i + 1 of a fully implicit tableau, f affine in the state: all stages at once from
    k_i - h sum_j a_ij J(t_i) k_j = f(t_i, y), an s n x s n linear system, with the values substituted."""
    s = len(A)
    stages = "(" + ", ".join(f"k{j + 1}" for j in range(s)) + ")"
    jacobian = "J" if same_jacobian else "J(t + c_i*h)"
    operator = f"A*{jacobian}" if n == 1 else f"kron(A, {jacobian})"
    rates = "(" + ", ".join(f"f({_time(c[j], show)}, y)" for j in range(s)) + ")"
    return (f"f({_time(c[i], show)}, {_argument(A[i], s, show)}) => (I - h*{operator})*{stages} = {rates} => "
            f"{show.matrix(matrix)}*{stages} = {show.vector(right)} => k{i + 1}")


def _root_formula(system, row, c_i, i, h, t_value, known, show) -> str:
    """A diagonally implicit stage on one state, f polynomial in it: k_i = f(t_i, Y_i + h a_ii k_i) with the values
    substituted, as an equation in k_i (its exact root: base.scalar_root)."""
    k = f"k{i + 1}"
    state, time = symbol(system.states[0]), symbol(TIME)
    unknown = show.sympy(known) + show.sympy(h * row[i]) * sympy.Symbol(k)
    rate = system.rhs[0].xreplace({time: show.sympy(t_value), state: unknown})
    return (f"f({_time(c_i, show)}, {_argument(row, i + 1, show)}) => {k} = f({show(t_value)}, {show(known)} + "
            f"{show.scaled(h * row[i], k)}) = {rate} => {k}")


def _update_formula(name, b, state_count, show=Text(), values=None) -> str:
    """The new value of state ``name``: name + h*(b1*k1 + ...), the stages by component when there are several states;
    with ``values`` (the state's old value, h, its stage components) the same with the values substituted."""
    stages = [f"k{j + 1}" if state_count == 1 else f"k{j + 1}_{name}" for j in range(len(b))]
    formula = f"{name} + h*({_coefficient_sum(b, stages, show)})"
    if values is None:
        return formula
    old, h, components = values
    return f"{formula} = {show.factor(old)} + {show.factor(h)}*({_coefficient_sum(b, [show.factor(k) for k in components], show)})"


def _record_stage(recorder, i, k, states, formula=None):
    """Stage i + 1 as a vector (what ``explain`` prints), and its components as the quantities ``k2`` (one state)
    or ``k2_x`` that expect may name."""
    vector, where, components = _stage_names(i, tuple(states))
    recorder.assign(vector, tuple(k), where, formula)
    if len(k) == 1:
        recorder.latest[vector] = k[0]
    else:
        recorder.latest.update(zip(components, k))


@functools.lru_cache(maxsize=256)
def _stage_names(i: int, states: tuple) -> tuple:
    """(``k2``, ``stage 2``, (``k2_x``, ...)) for stage i + 1 of a system with ``states``: written once, not at every stage."""
    return f"k{i + 1}", f"stage {i + 1}", tuple(f"k{i + 1}_{x}" for x in states)
