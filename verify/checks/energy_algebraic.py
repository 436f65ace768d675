"""Energy ratios of a method with algebraic coefficients (Gauss-Legendre's sqrt(3), Radau IIA-5's sqrt(6),
SDIRK-2's 1 - 1/sqrt(2)), exactly; verify.checks.energy builds the claim's outcome from them.

The run is the one ``run`` claims make over the tableau's number field (verify.engines.methods.run with
``algebraic``; an affine step: the map read off the step, then one matrix-vector product per node in the field),
each ratio E(y_n)/E(y_0) an element of that field (a rational where the generators cancel, as in Gauss-Legendre's
R(z), a Pade approximant).  A compared ratio is decided node by node against the (rational) bound: equal or not in
the field, the sign of a nonzero difference by interval enclosures of the exact number (common.decide_sign).
max_ratio <= b holds when every node does, >= b when one does; == b when none exceeds b and one equals it
(min_ratio mirrored).  The mpmath twin's run (its own coefficients) is compared at every node.

Gauss-Legendre methods keep every quadratic invariant (Cooper 1987; Hairer, Lubich & Wanner, Geometric Numerical
Integration, Thm. IV.2.2), so on the harmonic oscillator E_n/E_0 = 1 exactly; Radau IIA and SDIRK damp it.
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath
import sympy

from verify.engines import crosscheck, rational
from verify.engines.methods import run
from verify.checks.common import CheckError, decide_sign, short_text
from verify.checks.comparisons import OPERATORS

MAX_STEPS = 500  # the field elements grow as exact rationals do, so the cost grows about quadratically: SDIRK-2 on the
# oscillator 0.34 s for 250 steps, 1.2 s for 500, 5.4 s for 1000, 29 s for 2000 (measured); beyond, the numerical route


@dataclass
class AlgebraicRatios:
    times: list  # exact times of the nodes (sympy)
    ratios: list  # E(y_n)/E(y_0) as sympy numbers (for the lines and the picture)
    approximations: list  # their mpmath values (which node a max, min is shown at: display only)
    holds: dict  # ratio name -> does the claimed comparison hold, decided node by node
    enclosed: bool  # did an interval enclosure decide a sign (evidence certified), or all exactly (exact)


class _RatioSigns:
    """sign(ratio_i - bound) at each node, decided once: zero by the field's own arithmetic, else by
    common.decide_sign on the exact number; ``enclosed`` says whether an enclosure decided one."""

    def __init__(self, field, elements, ratios):
        self.field, self.elements, self.ratios = field, elements, ratios
        self.known = {}
        self.enclosed = False

    def __call__(self, i: int, bound) -> int:
        key = (i, bound)
        if key not in self.known:
            if self.elements[i] == self.field.convert(sympy.QQ.convert(bound)):
                self.known[key] = 0
            else:
                decided = decide_sign(self.ratios[i] - bound)
                self.enclosed = self.enclosed or decided.how == "enclosure"
                self.known[key] = decided.sign
        return self.known[key]


def _holds(key: str, op: str, bound, signs: _RatioSigns, count: int) -> bool:
    """Does ``key op bound`` hold, decided node by node (no node's value is taken from an approximation)?"""
    nodes = range(count)
    if key == "final_ratio":
        return OPERATORS[op](signs(count - 1, bound), 0)
    every, some = (("<", "<="), (">", ">=")) if key == "max_ratio" else ((">", ">="), ("<", "<="))
    if op in every:  # the largest (smallest) below (above) the bound: every node is
        return all(OPERATORS[op](signs(i, bound), 0) for i in nodes)
    if op in some:  # ... above (below) it: one node is
        return any(OPERATORS[op](signs(i, bound), 0) for i in nodes)
    beyond = (lambda s: s > 0) if key == "max_ratio" else (lambda s: s < 0)
    equal = not any(beyond(signs(i, bound)) for i in nodes) and any(signs(i, bound) == 0 for i in nodes)
    return equal if op == "==" else not equal


def _in_field(functional, variables):
    """The functional, a rational function of the state with rational coefficients, on field elements: the exact
    route's own compiled form (rational.compile_rational, whose arithmetic the field's elements share)."""
    compiled = rational.compile_rational(functional, variables)

    def value(state):
        try:
            return compiled(state)
        except ZeroDivisionError:
            raise CheckError("the functional's denominator is 0 at a node") from None

    return value


def ratios_over_field(claim, spec, system, functional, field, mp_ratios) -> AlgebraicRatios:
    """The energy claim ``spec`` over ``field`` (not QQ); ``mp_ratios`` the mpmath twin's ratios at every node."""
    method, options, t0, y0, steps = spec.method, spec.options, spec.t0, spec.y0, spec.steps
    result = run(method, system, options, t0, y0, steps, keep=False, nodes=True, algebraic=True)
    field = result.field
    energy = _in_field(functional, claim.model.variable_symbols)
    start = energy([field.convert(sympy.QQ.convert(sympy.Rational(v))) for v in y0])
    if not start:
        raise CheckError("the functional is 0 at the initial state: no ratio")
    elements = [field.one] + [energy(y) / start for _, y in result.nodes]
    ratios = [result.exact(r) for r in elements]
    times = [sympy.sympify(t0)] + [result.exact(t) for t, _ in result.nodes]
    with mpmath.workdps(crosscheck.DIGITS):
        approximations = [crosscheck.to_mp(r) if r.is_Rational else crosscheck.mp_value(r) for r in ratios]
        for i, (exact, twin) in enumerate(zip(approximations, mp_ratios)):
            if not crosscheck.close(exact, twin):
                raise CheckError(f"exact and mpmath paths disagree at node {i}: {short_text(ratios[i])} vs {crosscheck.show(twin)}")
    signs = _RatioSigns(field, elements, ratios)
    holds = {key: _holds(key, op, bound, signs, len(ratios)) for key, (op, bound, _) in spec.expect.items()}
    return AlgebraicRatios(times, ratios, approximations, holds, signs.enclosed)
