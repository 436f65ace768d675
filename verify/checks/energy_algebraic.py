"""Energy ratios of a method with algebraic coefficients (Gauss-Legendre's sqrt(3), Radau IIA-5's sqrt(6),
SDIRK-2's 1 - 1/sqrt(2)), exactly.

The run is the one ``run`` claims make over the tableau's number field (verify.engines.methods.run with
``algebraic``), each ratio E(y_n)/E(y_0) an exact real algebraic number (a rational where the field's generators
cancel, as they do in Gauss-Legendre's R(z), the Pade approximant).  A compared ratio is decided node by node
against the bound: equal or not exactly in the number field both generate (verify.engines.number_field.
decide_equal), and the sign of a nonzero difference by interval enclosures of the exact number (crosscheck.
certify_sign).  max_ratio <= b holds when every node does, >= b when one does; == b when none exceeds b and one
equals it (min_ratio mirrored).  The mpmath twin's run (its own coefficients) is compared at every node.

Gauss-Legendre methods keep every quadratic invariant (Cooper 1987; Hairer, Lubich & Wanner, Geometric Numerical
Integration, Thm. IV.2.2), so on the harmonic oscillator E_n/E_0 = 1 exactly; Radau IIA and SDIRK damp it.
"""
from __future__ import annotations

import mpmath
import sympy

from verify.engines import crosscheck, number_field
from verify.engines.methods import run
from verify.checks.common import CheckError, Outcome, short_text
from verify.checks.comparisons import OPERATORS

MAX_STEPS = 2000  # the run's values and each node's ratio are sympy numbers over the field: about a millisecond a node


class _Signs:
    """The sign of ratio - bound at each node, decided once; ``enclosed`` says whether an enclosure decided one."""

    def __init__(self, ratios):
        self.ratios = ratios
        self.known = {}
        self.enclosed = False

    def __call__(self, i: int, bound) -> int:
        key = (i, bound)
        if key not in self.known:
            self.known[key] = self._decide(self.ratios[i] - bound)
        return self.known[key]

    def _decide(self, difference) -> int:
        if difference.is_Rational:
            return int(sympy.sign(difference))
        if number_field.decide_equal(difference, sympy.Integer(0)):
            return 0
        sign, enclosure, bits = crosscheck.certify_sign(difference)
        if sign is None:
            raise CheckError(f"cannot decide the sign of {short_text(difference)}: its enclosure {enclosure} contains 0 at {bits} bits")
        self.enclosed = True
        return sign


def _holds(key: str, op: str, bound, signs: _Signs, count: int) -> bool:
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


def _in_field(field, functional, variables):
    """The functional, a rational function of the state with rational coefficients, as a function of field elements
    (its numerator and denominator polynomials summed term by term in the field's arithmetic)."""
    numerator, denominator = sympy.fraction(sympy.cancel(functional))
    try:
        parts = [[(field.convert(sympy.QQ.convert(c)), monomial) for monomial, c in sympy.Poly(part, *variables).terms()]
                 for part in (numerator, denominator)]
    except (sympy.PolynomialError, sympy.CoercionFailed, sympy.GeneratorsNeeded) as exc:
        raise CheckError(f"the functional is not a rational function of the state with rational coefficients ({exc})") from None

    def value(state):
        top, bottom = (sum((c * _monomial(state, m) for c, m in terms), field.zero) for terms in parts)
        if not bottom:
            raise CheckError("the functional's denominator is 0 at a node")
        return top / bottom

    return value


def _monomial(state, exponents):
    product = None
    for v, e in zip(state, exponents):
        for _ in range(e):
            product = v if product is None else product * v
    return product if product is not None else 1


def _shown(value) -> str:
    if value.is_Rational and int(value.p).bit_length() + int(value.q).bit_length() <= 64:
        return str(value)
    return "≈ " + crosscheck.shown_value(value, 10)


def evaluate(claim, spec, system, functional, field, twin_ratios) -> Outcome:
    """The energy claim ``spec`` over ``field`` (not QQ); ``twin_ratios`` (times, ratios) of the mpmath twin's run."""
    method, options, t0, y0, steps = spec.method, spec.options, spec.t0, spec.y0, spec.steps
    if steps > MAX_STEPS:
        raise CheckError(f"{method.name} computes over {field}: an energy claim over that field runs at most {MAX_STEPS} steps exactly "
                         f"(claimed {steps})")
    result = run(method, system, options, t0, y0, steps, keep=False, nodes=True, algebraic=True)
    energy = _in_field(result.field, functional, claim.model.variable_symbols)
    start = energy([result.field.convert(sympy.QQ.convert(sympy.Rational(v))) for v in y0])
    if not start:
        raise CheckError("the functional is 0 at the initial state: no ratio")
    ratios = [sympy.Integer(1)] + [result.exact(energy(y) / start) for _, y in result.nodes]
    times = [sympy.sympify(t0)] + [result.exact(t) for t, _ in result.nodes]
    _, mp_ratios = twin_ratios
    with mpmath.workdps(crosscheck.DIGITS):
        for i, (exact, approximate) in enumerate(zip(ratios, mp_ratios)):
            if not crosscheck.agree(exact, approximate):
                raise CheckError(f"exact and mpmath paths disagree at node {i}: {short_text(exact)} vs {crosscheck.show(approximate)}")
        approximations = [crosscheck.to_mp(r) if r.is_Rational else crosscheck.mp_value(r) for r in ratios]
    positions = {"max_ratio": max(range(len(ratios)), key=lambda i: approximations[i]),  # the node shown (display only)
                 "min_ratio": min(range(len(ratios)), key=lambda i: approximations[i]), "final_ratio": len(ratios) - 1}
    signs = _Signs(ratios)
    shown = {key: _shown(ratios[i]) for key, i in positions.items()}
    successes, failures = [], []
    for key, (op, bound, text) in spec.expect.items():
        holds = _holds(key, op, bound, signs, len(ratios))
        at = f" (t = {times[positions[key]]})" if key != "final_ratio" else ""
        (successes if holds else failures).append(f"{key} {op} {text}: {key} = {shown[key]}{at}" if holds else
                                                  f"{key}: claimed {op} {text}, computed {shown[key]}{at}")
    name = spec.functional
    summary = (f"{name}/{name}(0) over {steps} steps to t = {times[-1]}: max {shown['max_ratio']}, min {shown['min_ratio']}, "
               f"final {shown['final_ratio']}")
    evidence = "certified" if signs.enclosed else "exact"
    how = (f"exact over {field} (the tableau's number field); every compared node decided exactly"
           + (" or by interval enclosures of its exact value" if signs.enclosed else "")
           + f"; mpmath {crosscheck.DIGITS}-digit cross-check agrees at every node")
    stride = max(1, steps // 10)
    derivation = [f"method {method.name}, options " + ", ".join(f"{k} = {v}" for k, v in options.items()), summary, how]
    derivation += [f"t = {times[i]}: {name}/{name}(0) = {short_text(ratios[i])}" for i in range(0, len(ratios), stride)]
    computed = dict(shown)
    if failures:
        return Outcome("refuted", evidence, "; ".join(failures) + f" ({summary})", computed, derivation)
    return Outcome("verified", evidence, "; ".join(successes) + f" ({summary}; {how})", computed, derivation)
