"""What the order claims read and report alike: the claimed order, components and leading term, the coefficients
that define a method, and the leading terms of a series in the step."""
from __future__ import annotations

import sympy

from verify.checks.common import CheckError
from verify.engines import series
from verify.errors import MethodError
from verify.input.load import Claim, LoadError


def coefficients_only(method, options: dict, defining: tuple, what: str, read):
    """``read(options)``: a method's coefficients (a tableau, or alpha and beta), when the options are only those that
    define them (``defining``, for the method given by its options; none for a named one), else a load error."""
    allowed = set(defining) if getattr(method, what) is None else set()
    if set(options) - allowed:
        raise LoadError(f"options {', '.join(sorted(set(options) - allowed))} do not define the coefficients of {method.name} "
                        + (f"(only {', '.join(defining)} do)" if allowed else "(a named method takes no options here)"))
    try:
        return read(options)
    except MethodError as exc:
        raise LoadError(str(exc)) from None


def claimed_order(table) -> int:
    order = table.get("order")
    if not (isinstance(order, int) and not isinstance(order, bool) and 1 <= order <= series.MAX_TERMS - 2):
        raise LoadError(f"order must be an integer from 1 to {series.MAX_TERMS - 2}")
    return order


def components_of(table, model) -> list:
    components = table.get("components", list(model.variables))
    if not isinstance(components, list) or not components or set(components) - set(model.variables):
        raise LoadError("components must list variables of the model")
    return components


def leading_term(claim: Claim, components: list, allowed: set, meaning: str) -> dict | None:
    """{component: claimed C} from ``leading_term`` (an expression for one component, else a table), each an
    expression in the ``allowed`` symbols only (``meaning`` says which they are), or None."""
    table = claim.table
    if "leading_term" not in table:
        return None
    raw = table["leading_term"]
    if isinstance(raw, dict):
        if set(raw) - set(components):
            raise LoadError("leading_term gives components that are not in components")
        leading = {c: claim.value(v, f"leading_term.{c}") for c, v in raw.items()}
    elif len(components) == 1:
        leading = {components[0]: claim.value(raw, "leading_term")}
    else:
        raise LoadError("leading_term must be a table component -> expression when there are several components")
    for name, value in leading.items():
        if value.free_symbols - allowed:
            raise LoadError(f"leading_term.{name}: {', '.join(sorted(map(str, value.free_symbols - allowed)))} has no value here "
                            f"(C is an expression in {meaning})")
    return leading


def leading_terms(series_by_component: dict, terms: int, h: str, lines: list, first_only: bool = False) -> dict:
    """{component: (q, C)}: the first power whose coefficient does not vanish (None below ``terms``), with the series
    term by term appended to ``lines``, up to the power where every component has its leading term (with
    ``first_only``, where the first one has)."""
    found = dict.fromkeys(series_by_component)
    for q in range(terms):
        nonzero = {}
        for name, coefficients in series_by_component.items():
            if found[name] is not None:
                continue
            try:
                if not series.vanishes(coefficients[q]):
                    nonzero[name] = sympy.factor(coefficients[q])
                    found[name] = (q, nonzero[name])
            except series.SeriesUnavailable as exc:
                raise CheckError(f"at {h}^{q}: {exc}") from None
        lines.append(f"  {h}^{q}: " + ("0" if not nonzero else "; ".join(f"{name}: {value}" for name, value in nonzero.items())))
        if all(v is not None for v in found.values()) or (first_only and nonzero):
            break
    return found


def leading_text(leading: dict) -> str:
    """C as the messages show it: "C (in x)" for one component, "x: C_x; z: C_z" for several."""
    if len(leading) == 1:
        return f"{next(iter(leading.values()))} (in {next(iter(leading))})"
    return "; ".join(f"{name}: {value}" for name, value in leading.items())
