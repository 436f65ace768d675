"""check = "order" about a Runge-Kutta tableau (no model): the order conditions, decided exactly.

``method`` names a tableau (``rk4``, ``gauss-legendre-6``, ``dormand-prince-54``, ...) or is ``rk`` with
``options`` A, b, c (and ``bhat``); ``tableau = "<name>"`` says the same, and keys ``A``, ``b``, ``c``, ``bhat``
on the claim itself give a tableau directly.  For every rooted tree t with up to
p + 1 nodes the elementary weight Phi(t) is compared with 1/gamma(t) in the tableau's number field
(verify.engines.rooted_trees, verify.engines.number_field): ``order = p`` holds when every condition up to p
holds and one of order p + 1 fails.  ``embedded_order`` is the same for the embedded weights ``bhat``.
``principal_error_norm`` (optional) is compared exactly with the 2-norm of the error coefficients
e(t) = (Phi(t) - 1/gamma(t))/sigma(t), |t| = p + 1 (NodePy's ``principal_error_norm``).

Cross-check: the residuals Phi(t) - 1/gamma(t) again at 50 digits from the twin's own coefficients
(verify.engines.twins.runge_kutta), which must vanish exactly where the exact ones do and agree elsewhere.
"""
from __future__ import annotations

import dataclasses

from dataclasses import dataclass

import mpmath
import sympy

from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Outcome, short_text
from verify.checks.order import reading
from verify.checks.kit import method_and_options, unknown_method
from verify.checks.rounding import RoundingAudit, read_digits, rounding_rule
from verify.engines import crosscheck, number_field, realsets, rooted_trees
from verify.engines.certified import enclosure_text
from verify.engines.methods import METHODS
from verify.engines.methods.runge_kutta import ButcherTableau, RungeKutta
from verify.engines.twins import runge_kutta as rk_twin
from verify.input.load import Claim, LoadError

KEYS = {"tableau", "order", "embedded_order", "principal_error_norm", "A", "b", "c", "bhat", "digits", "rounding"}
MAX_ORDER = rooted_trees.MAX_NODES - 1


@dataclass(frozen=True)
class TableauOrder:
    method: str
    options: dict
    tableau: ButcherTableau
    order: int | None
    embedded_order: int | None
    principal_error_norm: sympy.Expr | None
    principal_error_norm_text: str = ""
    digits: int | None = None  # the norm as printed to this many decimals (Dormand & Prince's 3.99e-4 is 0.000399 at 6)
    rounding: str | None = None


COEFFICIENT_KEYS = ("A", "b", "c", "bhat")  # a tableau given directly, as method = "rk" with these options


def is_claim(claim: Claim) -> bool:
    table = claim.table
    return claim.model is None and ("tableau" in table or "A" in table or isinstance(METHODS.get(table.get("method")), RungeKutta))


def _claimed_order(table, key):
    value = table.get(key)
    if value is None:
        return None
    if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_ORDER):  # 0: b does not sum to 1
        raise LoadError(f"{key} must be an integer from 0 to {MAX_ORDER}")  # (a review of 2026-12-06: "Euler has order 0" was refused)
    return value


def prepare(claim: Claim) -> TableauOrder:
    table = claim.table
    if "tableau" in table:
        name = table["tableau"]
        if "method" in table:  # (a review of 2026-12-07: both keys, or an unknown name, got the same message, which named neither)
            raise LoadError("give either tableau or method, not both (tableau names a Runge-Kutta tableau in place of method)")
        if isinstance(name, str) and name not in METHODS:
            raise LoadError(f"tableau: {unknown_method(name)}")
        if not isinstance(name, str) or not isinstance(METHODS.get(name), RungeKutta) or name == "rk":
            raise LoadError(f"tableau names a Runge-Kutta tableau (rk4, gauss-legendre-4, dormand-prince-54, ...) in place of method, "
                            f"got {name!r}; for a tableau of your own give method = \"rk\" with options A, b, c")
        claim.table = dict(table, method=table["tableau"])
    elif "A" in table:
        if "method" in table or "options" in table:
            raise LoadError("give the tableau either as keys A, b, c (bhat) or as method = \"rk\" with options, not both")
        claim.table = dict({k: v for k, v in table.items() if k not in COEFFICIENT_KEYS}, method="rk",
                           options={k: table[k] for k in COEFFICIENT_KEYS if k in table})
    try:
        method, options = method_and_options(claim)
    finally:
        claim.table = table
    tableau = reading.coefficients_only(method, options, ("A", "b", "c", "bhat"), "tableau", method.table)
    order, embedded = _claimed_order(table, "order"), _claimed_order(table, "embedded_order")
    if order is None and embedded is None:
        raise LoadError("an order claim about a tableau needs 'order' (or 'embedded_order')")
    if embedded is not None and tableau.bhat is None:
        raise LoadError("embedded_order needs an embedded pair (a named pair or options.bhat)")
    norm = None
    if "principal_error_norm" in table:
        if order is None:
            raise LoadError("principal_error_norm needs the claimed 'order' (the norm is over the trees of order + 1)")
        norm = claim.value(table["principal_error_norm"], "principal_error_norm")
        if norm.free_symbols or not (norm.is_real and norm.is_nonnegative):
            raise LoadError("principal_error_norm must be a non-negative number")
    digits = read_digits(table)
    if digits is not None and norm is None:
        raise LoadError("digits (an integer from 0 to 100) goes with principal_error_norm in an order claim about a tableau: the "
                        "decimals the norm is printed to")
    return TableauOrder(method.name, options, tableau, order, embedded, norm, str(table.get("principal_error_norm", "")), digits,
                        rounding_rule(table, digits))


@dataclass(frozen=True)
class Conditions:
    """The trees up to ``checked`` nodes: the order found, the failing trees of order + 1 with their residuals."""
    order: int  # all conditions up to it hold; at most ``checked``
    checked: int
    residuals: dict  # tree -> Phi(t) - 1/gamma(t), in the field
    weights: str = "b"  # the row of weights the conditions are of: b, or bhat (an embedded pair's)


def _conditions(field, A, weights, up_to) -> Conditions:
    """The conditions level by level up to ``up_to`` nodes, stopping after the first level where one fails."""
    residuals, checked = {}, 0
    for level in rooted_trees.weights_by_level(A, weights, field, up_to):
        checked += 1
        residuals.update({tree: value - field.convert(sympy.Rational(1, rooted_trees.density(tree))) for tree, value in level.items()})
        if any(residuals[t] != field.zero for t in level):
            return Conditions(checked - 1, checked, residuals)
    return Conditions(up_to, up_to, residuals)


def _mp(value):
    """A tableau coefficient for the twin's conditions, from sympy's value at 60 digits; CheckError where that value is
    not real (a radicand that is 0 written so that it rounds below 0: sqrt(sqrt(2 + sqrt(3)) - (sqrt(6) + sqrt(2))/2) + 1/2
    was 0.5 + 1.3e-102 i, an internal error in a review of 2026-12-07)."""
    number = sympy.N(value, crosscheck.DIGITS + 10)
    if not number.is_real:
        raise CheckError(f"the cross-check cannot read the coefficient {value}: at {crosscheck.DIGITS + 10} digits it is {number}, "
                         "not a real number (a radicand that is 0, or below it); write the coefficient without it")
    return mpmath.mpmathify(str(number))


def _cross_check(spec, field, which: str, conditions: Conditions) -> None:
    """The twin's residuals at 50 digits must vanish where the exact ones do and agree elsewhere."""
    with mpmath.workdps(crosscheck.DIGITS):
        A, b, c = rk_twin.tableau(spec.method, spec.options, _mp)
        if which == "bhat":
            b = rk_twin.pair(spec.method, spec.options, _mp)
        twin = rooted_trees.mp_residuals(A, b, c, conditions.checked)
        tiny = mpmath.mpf(10) ** (-crosscheck.AGREEMENT_DIGITS)
        for tree, exact in conditions.residuals.items():
            if exact == field.zero:
                agrees = abs(twin[tree]) <= tiny
            else:
                agrees = crosscheck.close(_mp(field.to_sympy(exact)), twin[tree])
            if not agrees:
                raise CheckError(f"the exact and mpmath paths disagree on the condition {rooted_trees.condition(tree, which)} (tree "
                                 f"{rooted_trees.bracket(tree)}): exact residual {field.to_sympy(exact)}, mpmath {crosscheck.show(twin[tree], 20)}")


def _text(value) -> str:
    """A field element as people write it: radicals simplified when small, a huge rational by its size."""
    value = sympy.sympify(value)
    if not value.is_Rational and sympy.count_ops(value) < 200:
        value = sympy.radsimp(value)
    return short_text(value)


def _failing(field, conditions: Conditions) -> list:
    n = conditions.order + 1
    return [t for t in rooted_trees.trees(n) if conditions.residuals[t] != field.zero] if n <= conditions.checked else []


def _first_failure_text(field, conditions: Conditions) -> str:
    tree = _failing(field, conditions)[0]
    phi = field.to_sympy(conditions.residuals[tree]) + sympy.Rational(1, rooted_trees.density(tree))
    return (f"{rooted_trees.condition(tree, conditions.weights)} fails (tree {rooted_trees.bracket(tree)}): Phi = {_text(phi)}, "
            f"residual {_text(field.to_sympy(conditions.residuals[tree]))}")


def _principal_errors(field, conditions: Conditions) -> tuple:
    """(the e(t) of order p + 1 as sympy numbers, the squared 2-norm in the field)."""
    n = conditions.order + 1
    coefficients = [conditions.residuals[t] * field.convert(sympy.Rational(1, rooted_trees.symmetry(t))) for t in rooted_trees.trees(n)]
    return [field.to_sympy(e) for e in coefficients], sum((e * e for e in coefficients), field.zero)


def _decide(field, conditions: Conditions, claimed: int, label: str) -> tuple:
    """(holds, text) for one claimed order."""
    count = sum(len(rooted_trees.trees(n)) for n in range(1, claimed + 1))
    if conditions.order == claimed:
        return True, (f"{label} {claimed}: all {count} conditions up to order {claimed} hold exactly; at order {claimed + 1} "
                      + _first_failure_text(field, conditions))
    if conditions.order > claimed:
        if conditions.order == conditions.checked:
            return False, (f"{label}: claimed {claimed}, computed at least {conditions.order}: every condition up to order "
                           f"{conditions.order} holds exactly (trees up to {conditions.checked} nodes checked)")
        return False, f"{label}: claimed {claimed}, computed {conditions.order}: at order {conditions.order + 1} " + _first_failure_text(field, conditions)
    return False, f"{label}: claimed {claimed}, computed {conditions.order}: at order {conditions.order + 1} " + _first_failure_text(field, conditions)


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec: TableauOrder = claim.spec
    tab = spec.tableau
    s = tab.stages
    entries = [*(a for row in tab.A for a in row), *tab.b, *tab.c, *(tab.bhat or ())]
    try:
        field, values = number_field.field_of(entries)
    except number_field.NotAlgebraic as exc:
        raise CheckError(f"the tableau's coefficients cannot be placed in a number field here: {exc}") from None
    A = [values[i * s:(i + 1) * s] for i in range(s)]
    b, c = values[s * s:s * s + s], values[s * s + s:s * s + 2 * s]
    bhat = values[s * s + 2 * s:] or None
    for i in range(s):
        if c[i] != sum(A[i], field.zero):
            return _with_other_nodes(spec, field, A, b, bhat, c, i)
    where = "QQ" if field.is_QQ else str(field)
    derivation = [f"{spec.method}: {s} stages, coefficients in {where}; order conditions Phi(t) = 1/gamma(t) over the rooted trees "
                  "(Butcher 2016, sec. 30-31), cross-checked at 50 digits from the twin's own coefficients"]
    successes, failures, computed, certified = [], [], {}, False
    for claimed, label, which, conditions in _claimed_conditions(spec, field, A, b, bhat):
        for n in range(1, conditions.checked + 1):
            bad = [t for t in rooted_trees.trees(n) if conditions.residuals[t] != field.zero]
            count = len(rooted_trees.trees(n))
            derivation.append(f"  {label}, {count} tree{'s' if count > 1 else ''} of order {n}: "
                              + ("all hold" if not bad else f"{len(bad)} fail, e.g. " + ", ".join(
                                  f"{rooted_trees.condition(t, which)} (residual {_text(field.to_sympy(conditions.residuals[t]))})"
                                  for t in bad[:3])))
        holds, text = _decide(field, conditions, claimed, label)
        (successes if holds else failures).append(text)
        computed[label.replace(" ", "_")] = str(conditions.order) if conditions.order < conditions.checked else f">= {conditions.order}"
        if which == "b" and conditions.order < conditions.checked:
            errors, squared = _principal_errors(field, conditions)
            norm = sympy.sqrt(field.to_sympy(squared))
            shown = _text(norm) if field.is_QQ else f"sqrt({_text(field.to_sympy(squared))})"
            computed["principal_error_norm"] = f"{shown} ≈ {float(norm):.6g}"
            derivation.append(f"  principal error coefficients e(t) = (Phi(t) - 1/gamma(t))/sigma(t), |t| = {conditions.order + 1}: "
                              + ", ".join(_text(e) for e in errors) + f"; 2-norm {shown} ≈ {float(norm):.6g}")
            if spec.principal_error_norm is not None and conditions.order == claimed and spec.digits is not None:
                found, missed = _printed_norm(spec, norm, shown)
                (successes if not missed else failures).extend(found or missed)
                certified = certified or not norm.is_Rational
            elif spec.principal_error_norm is not None and conditions.order == claimed:
                claimed_norm = spec.principal_error_norm
                try:
                    claimed_square = field.from_sympy(sympy.expand(claimed_norm**2))
                except Exception:  # noqa: BLE001 - sympy raises several kinds when a number is outside the field
                    claimed_square = None
                if claimed_square is None:  # not in the field, so not equal, unless sympy missed it: an enclosure decides
                    try:
                        sign, enclosure, _ = crosscheck.certify_sign(sympy.expand(claimed_norm**2) - field.to_sympy(squared))
                    except (ValueError, TypeError, ZeroDivisionError):
                        sign = None
                    if sign in (1, -1):
                        failures.append(f"principal error norm: claimed {spec.principal_error_norm_text}, computed {shown} ≈ {float(norm):.6g} "
                                        f"(claimed^2 - computed^2 lies in {enclosure}, mpmath.iv)")
                        certified = True
                        continue
                    raise CheckError(f"the claimed principal_error_norm {claimed_norm} could not be placed in {where} to compare exactly")
                if claimed_square == squared:
                    successes.append(f"principal error norm {shown}")
                else:
                    written = spec.principal_error_norm_text
                    claimed_text = written if written == str(claimed_norm) else f"{written} (= {claimed_norm})"
                    failures.append(f"principal error norm: claimed {claimed_text}, computed {shown} ≈ {float(norm):.6g}")
    if failures:  # an enclosure, not exact arithmetic, decided the norm: the evidence says so
        return Outcome("refuted", "certified" if certified else "exact", "; ".join(failures), computed, derivation)
    return Outcome("verified", "certified" if certified else "exact", "; ".join(successes), computed, derivation)


def _claimed_conditions(spec, field, A, b, bhat):
    """(claimed, label, weights' name, Conditions) for the claimed order (weights b) and embedded order (bhat) that the
    claim states, each computed level by level to the first failing one (past claimed + 1 when the order is higher)
    and cross-checked against the twin (_cross_check)."""
    for claimed, weights, label, which in ((spec.order, b, "order", "b"), (spec.embedded_order, bhat, "embedded order", "bhat")):
        if claimed is None:
            continue
        conditions = dataclasses.replace(_conditions(field, A, weights, rooted_trees.MAX_NODES), weights=which)
        _cross_check(spec, field, which, conditions)
        yield claimed, label, which, conditions


def _with_other_nodes(spec, field, A, b, bhat, c, i) -> Outcome:
    """A tableau whose c is not A 1: its order on y' = f(t, y) is decided over the trees whose leaves are each a state
    leaf (weight (A 1)_i) or a time leaf (c_i) (rooted_trees.coloured: the method is then the partitioned method on
    (y, t), Hairer, Norsett & Wanner I, sec. II.15); the all-state markings are the tree conditions, its order on
    autonomous problems, where c is never used.  Heun's third-order tableau with c_3 = 1/3 for its row sum 2/3 is of
    order 1 on y' = t (b·c = 3/4 * 1/3 = 1/4, not 1/2), though of order 3 on autonomous problems: an error
    before (a review of 2026-12-07), as was every such claim the autonomous order did not already refute."""
    row = f"c_{i + 1} = {field.to_sympy(c[i])} is not the row sum {field.to_sympy(sum(A[i], field.zero))} of A"
    if spec.principal_error_norm is not None:
        raise CheckError(f"{row}: the principal error norm is over the trees that read c as A 1 (NodePy's), not decided for "
                         "this tableau here")
    derivation = [f"{spec.method}: {row}, so its order on y' = f(t, y) is over the trees whose leaves are each a state leaf "
                  "(A1) or a time leaf (c): one condition Phi = 1/gamma per marking (the partitioned method on (y, t), Hairer, "
                  "Norsett & Wanner I, sec. II.15), cross-checked at 50 digits from the twin's own coefficients"]
    successes, failures, computed = [], [], {}
    for claimed, weights, label, which in ((spec.order, b, "order", "b"), (spec.embedded_order, bhat, "embedded order", "bhat")):
        if claimed is None:
            continue
        levels = min(claimed + 1, MAX_MARKED_NODES)
        order, residuals = _marked_conditions(field, A, weights, c, levels)
        _cross_check_marked(spec, field, which, residuals, levels)
        if order >= levels < claimed + 1:  # every condition holds as far as they are taken: a claim above is not decided
            raise CheckError(f"{row}: every condition of its {label} on y' = f(t, y) holds up to order {order}, as far as they are "
                             f"taken here (the trees of {MAX_MARKED_NODES} nodes with every marking of their leaves); {claimed} is not decided")
        autonomous = _conditions(field, A, weights, levels).order
        failing = [m for m, r in residuals.items() if r != field.zero and rooted_trees.nodes(rooted_trees.shape(m)) == order + 1]
        first = failing[0] if failing else None
        at_next = (f"at order {order + 1} {rooted_trees.coloured_condition(first, which)} fails (Phi = "
                   f"{_text(field.to_sympy(residuals[first]) + sympy.Rational(1, rooted_trees.density(rooted_trees.shape(first))))})"
                   if first is not None else "")
        on_autonomous = (f"on autonomous problems, where c is unused, {'at least ' if autonomous > claimed else ''}{autonomous}")
        computed[label.replace(" ", "_")] = str(order) if first is not None else f">= {order}"
        count = sum(len(rooted_trees.coloured(t)) for n in range(1, claimed + 1) for t in rooted_trees.trees(n))
        if order == claimed:
            successes.append(f"{label} {claimed} on y' = f(t, y): {f'all {count} conditions' if count > 1 else 'the one condition'} up to order {claimed} hold{'s' if count == 1 else ''} exactly, "
                             f"the leaves of each tree marked state (A1) or time (c) ({row}); {at_next}; {on_autonomous}")
        elif order > claimed:
            failures.append(f"{label}: claimed {claimed}, computed at least {order} on y' = f(t, y): every condition up to order "
                            f"{order} holds exactly, the leaves of each tree marked state (A1) or time (c) ({row})")
        else:
            failures.append(f"{label}: claimed {claimed}, computed {order} on y' = f(t, y) ({row}): {at_next}; {on_autonomous}")
        derivation.append(f"  {label}: " + (f"{len(failing)} failing at order {order + 1}, e.g. "
                                             + ", ".join(rooted_trees.coloured_condition(m, which) for m in failing[:3])
                                             if failing else f"every condition up to order {order} holds"))
    if failures:
        return Outcome("refuted", "exact", "; ".join(failures), computed, derivation)
    return Outcome("verified", "exact", "; ".join(successes), computed, derivation)


MAX_MARKED_NODES = 8  # the trees of 8 nodes have 1,560 markings of their leaves (115 trees): orders up to 7 decided


def _marked_conditions(field, A, weights, c, up_to) -> tuple:
    """(the order on y' = f(t, y): every marked condition of the levels before holds, {marked tree: Phi - 1/gamma}) for
    the levels 1 .. ``up_to``, stopping after the first level where one fails."""
    residuals, order = {}, 0
    for level in rooted_trees.coloured_weights_by_level(A, weights, c, field, up_to):
        residuals.update({m: value - field.convert(sympy.Rational(1, rooted_trees.density(rooted_trees.shape(m))))
                          for m, value in level.items()})
        if any(residuals[m] != field.zero for m in level):
            return order, residuals
        order += 1
    return order, residuals


def _cross_check_marked(spec, field, which: str, residuals: dict, up_to: int) -> None:
    """The twin's marked residuals at 50 digits (its own coefficients, every bit pattern of each tree's leaves) must
    cover the same marked trees and vanish where the exact ones do and agree elsewhere, on the levels computed."""
    with mpmath.workdps(crosscheck.DIGITS):
        A, b, c = rk_twin.tableau(spec.method, spec.options, _mp)
        if which == "bhat":
            b = rk_twin.pair(spec.method, spec.options, _mp)
        levels = max(rooted_trees.nodes(rooted_trees.shape(m)) for m in residuals)
        twin = rooted_trees.mp_coloured_residuals(A, b, c, min(levels, up_to))
        tiny = mpmath.mpf(10) ** (-crosscheck.AGREEMENT_DIGITS)
        if set(twin) != set(residuals):
            raise CheckError(f"the exact and mpmath paths disagree on which marked trees there are ({len(residuals)} against {len(twin)})")
        for marked, exact in residuals.items():
            agrees = abs(twin[marked]) <= tiny if exact == field.zero else crosscheck.close(_mp(field.to_sympy(exact)), twin[marked])
            if not agrees:
                raise CheckError(f"the exact and mpmath paths disagree on the condition {rooted_trees.coloured_condition(marked, which)}: "
                                 f"exact residual {field.to_sympy(exact)}, mpmath {crosscheck.show(twin[marked], 20)}")


def _printed_norm(spec, norm, shown) -> tuple[list, list]:
    """(successes, failures) of the principal error norm claimed as printed to ``spec.digits`` decimals: the rounding
    audit (verify.checks.rounding) of its exact value, or of an enclosure narrowed until every rule decides."""
    bits = 64
    while bits <= realsets.MAX_BITS:
        audit = RoundingAudit(spec.digits, spec.rounding)
        if norm.is_Rational:
            audit.add("principal error norm", norm, spec.principal_error_norm, spec.principal_error_norm_text)
        else:
            low, high = realsets.enclosure(norm, bits)
            audit.add("principal error norm", (low, high, f"{enclosure_text(low, high, digits=spec.digits + 6, most=40)} (the exact value {shown})"),
                      spec.principal_error_norm, spec.principal_error_norm_text)
        if not audit.undecided():
            return audit.findings()
        bits *= 2
    raise CheckError(f"the principal error norm {shown} is not decided at {spec.digits} decimals within {realsets.MAX_BITS} bits (a tie)")
