"""check = "stability": the exact amplification factor or matrix of a method.

Without a model: the method's stability function R(z) on Dahlquist's test
equation y' = lam y, z = h lam (Hairer & Wanner, Solving ODEs II, sec. IV.2):
one symbolic step of the method's own step map gives y1 = R(h lam) y0.  With a
linear homogeneous model (e.g. the test system x' = a x + b z, z' = c x + d z,
its coefficients listed under ``symbols``): the amplification matrix M with
y+ = M y, from one symbolic step.  ``equals`` is the claimed R(z) (in ``z``)
or M (a list of rows).  Proved by sympy: evidence ``symbolic``.

``stable_when`` (with a model and ``variable``, the step-size symbol): the
claimed exact set of step sizes for
which the iteration y_{n+1} = M y_n stays bounded, e.g. "H < 2*sqrt(m/c)", or
"never" / "always".  Declared symbols are taken positive.  For 2x2 M with trace
T and determinant D, bounded means |D| <= 1 and |T| <= 1 + D, except a double
eigenvalue +-1 with M != +-I (a Jordan block, growing linearly); for 1x1,
|M| <= 1 (Jury's conditions; e.g. Elaydi, An Introduction to Difference
Equations, sec. 4.3 and 5.1).  The proof splits (0, oo) at every positive
root of the expressions these conditions and the claim compare, and decides
both statements at each root and at one point between consecutive roots.
A larger matrix (a method with memory) is decided through verify.checks.spectral:
the eigenvalues can cross the unit circle only at roots of a resultant, and
each interval between those (and the claim's own boundaries) is decided by the
exact Schur-Cohn test at a rational sample (evidence ``symbolic``).

``spectral_radius = "OP value"`` (concrete parameters): the spectral radius of
the exact amplification matrix compared with a rational bound.  A method that
carries memory from step to step (the previous exchange of a linear
extrapolation, a balance correction's carried error) has it in the matrix:
the state is (y, memory).  The eigenvalues are the roots of the exact
characteristic polynomial, isolated by sympy (its isolating rectangles) and
refined in python-flint's root balls (realsets.box_of_root; sympy's own
ComplexRootOf.eval_rational where flint's ball does not fit the rectangle)
until each modulus is certainly above or below the bound: evidence
``certified``.

reading.py reads a claim into its StabilitySpec; stable_when.py decides stable_when and spectral_radius;
a_stability.py A- and L-stability; multistep.py the multistep stability keys (root condition, intervals, orders).
"""
from __future__ import annotations

import sympy

from verify.engines import crosscheck, rational_functions, symbolic
from verify.input.load import Claim
from verify.input.model import symbol
from verify.checks.common import CheckError, Context, DEFAULT_CONTEXT, Line, Outcome
from verify.checks.stability import a_stability
from verify.checks.stability import multistep as multistep_stability
from verify.checks.kind import ClaimKind
from verify.errors import CrossCheckUnavailable
from verify.engines.methods.base import MethodError
from verify.checks.stability.reading import AStability, DAHLQUIST, KEYS, LAM, Z, SpectralRadius, StabilitySpec, StableWhen, amplification, count_options, prepare
from verify.checks.stability.stable_when import evaluate_spectral_radius, evaluate_stable_when


def _evaluate_a_stability(claim, method, options, spec) -> Outcome:
    lam, z = LAM, Z
    try:
        M = amplification(method, options, DAHLQUIST, {"lam": lam})
    except symbolic.SymbolicUnavailable as exc:
        raise CheckError(str(exc)) from None
    R = rational_functions.normal(M[0, 0].subs(lam, z / _step(method, options)))
    a_stable, l_stable, lines = a_stability.decide(R, z)
    computed = {"R(z)": str(R), "a_stable": str(a_stable).lower(), "l_stable": str(l_stable).lower()}
    truth = {"a_stable": a_stable, "l_stable": l_stable}
    successes, failures, certified = [], [], False
    if spec.equals is not None:
        same = rational_functions.decide_zero(R - spec.equals)
        apart = _apart_at_a_point(spec.equals - R, z) if same is None else None
        if same is None and apart is None:
            raise CheckError(f"cannot decide whether the claimed R(z) = {spec.equals} equals the computed {R} "
                             "(their difference is not placed in a number field, simplify does not reduce it to 0, and no enclosure "
                             f"at z = {', '.join(map(str, PROBE_POINTS))} excludes 0)")
        if apart is not None:
            failures.append(f"R(z): claimed {spec.equals}, computed {R}: {apart}")
            certified = True
        else:
            (successes if same else failures).append(f"R(z) = {R}" if same else f"R(z): claimed {spec.equals}, computed {R}")
    for key, claimed in spec.claimed.items():
        word = {"a_stable": "A-stable", "l_stable": "L-stable"}[key]
        text = f"{word}: {'yes' if truth[key] else 'no'}"
        (successes if claimed == truth[key] else failures).append(text if claimed == truth[key] else f"claimed {key} = {str(claimed).lower()}, computed {text}")
    how = f" ({'; '.join(lines[1:])})"
    tableau = _tableau_derivation(method, options, R)
    if tableau and str(tableau[-1]) == str(lines[0]):  # R(z) as the tableau's determinants gave it: not shown twice
        lines = lines[1:]
    lines = tableau + lines
    if failures:
        return Outcome("refuted", "certified" if certified else "symbolic", "; ".join(failures) + how, computed, lines)
    return Outcome("verified", "symbolic", "; ".join(successes) + how, computed, lines)


PROBE_POINTS = (1, -1, sympy.Rational(1, 2), sympy.Rational(-1, 2), 2, -2, sympy.Rational(1, 3), -3,
                sympy.I, -sympy.I, 1 + sympy.I, -1 + sympy.I, 2 * sympy.I, 4 * sympy.I)  # where a claimed R(z) that no exact
# means tells from the computed one is compared by enclosures (an exp(z) claimed for RK4: R(1) = 65/24; a review of
# 2026-12-07), at complex points too: R is a function of complex z (1 + z + abs(z)**2/2 for Heun is 3/2 + i at z = i)


def _apart_at_a_point(difference, z) -> str | None:
    """Where a claimed R(z) minus the computed one, not decided as an expression, has a rigorous enclosure without 0
    (of its real or its imaginary part) at one of PROBE_POINTS (both sides defined there): the text saying so (point,
    enclosure, bits); None where no point shows it."""
    for point in map(sympy.sympify, PROBE_POINTS):
        value = difference.subs(z, point)
        if value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) or value.free_symbols:
            continue
        parts = [("", value)] if point.is_real else list(zip(("the real part of ", "the imaginary part of "), value.as_real_imag()))
        for part, number in parts:
            try:
                sign, enclosure, bits = crosscheck.certify_sign(number)
            except (CrossCheckUnavailable, ZeroDivisionError, ValueError, TypeError):  # not real there, or no enclosure
                continue
            if sign in (1, -1):
                return f"at z = {point} {part}claimed - computed lies in {enclosure} ({bits}-bit interval arithmetic)"
    return None


def _step(method, options):
    """The step the symbolic step on y' = lam y took, so that R(z) is its amplification at lam = z / step: the
    method's step option as the claim gives it, the symbol h or a number (a review of 2026-12-06: with h = 1/2,
    taylor-2's R(z) was read at lam = z/h with h a symbol, and its true R(z) = 1 + z + z^2/2 was refuted)."""
    try:
        step = sympy.sympify(method.step_length(options))
    except (NotImplementedError, KeyError, TypeError) as exc:
        raise CheckError(f"{method.name} has no step option to read R(z) = R(h lam) at ({type(exc).__name__})") from None
    if step == 0:
        raise CheckError(f"the step of {method.name} is 0: R(z) is the amplification at z = h*lam with h nonzero")
    return step


def evaluate(claim: Claim, context: Context = DEFAULT_CONTEXT) -> Outcome:
    spec: StabilitySpec = claim.spec
    method, options, equals = spec.method, spec.options, spec.form
    if isinstance(equals, multistep_stability.MultistepClaim):
        outcome = multistep_stability.evaluate(claim, method, equals)
        if context.figures:
            outcome.figure = _locus_figure(equals)
        return outcome
    if isinstance(equals, AStability):
        outcome = _evaluate_a_stability(claim, method, options, equals)
        if context.figures:
            outcome.figure = _region_figure(method, options)
        return outcome
    if isinstance(equals, SpectralRadius):
        try:
            return evaluate_spectral_radius(claim, method, options, equals)
        except symbolic.SymbolicUnavailable as exc:
            raise CheckError(str(exc)) from None
    if isinstance(equals, StableWhen):
        try:
            return evaluate_stable_when(claim, method, options, equals)
        except symbolic.SymbolicUnavailable as exc:
            raise CheckError(str(exc)) from None
    try:
        if claim.model is None:
            lam, z = LAM, Z
            M = amplification(method, options, DAHLQUIST, {"lam": lam})
            computed_value = rational_functions.normal(M[0, 0].subs(lam, z / _step(method, options)))
            same = rational_functions.decide_zero(computed_value - equals)
            what, shown = "R(z)", str(computed_value)
        else:
            M = rational_functions.normal(amplification(method, options, claim.model, claim.parameters))
            computed_value = M
            same = rational_functions.decide_zero(M - equals)
            what, shown = "amplification matrix", str(M.tolist())
            if same is not False:  # equal as expressions, or undecided (a review of 2026-12-06: a claim off by m + 1 for m
                at = _first_counts_differing(method, options, claim, equals)  # was an error): one exact step per count
                if at is not None:
                    return Outcome("refuted", "exact", f"amplification matrix of {method.name}: claimed {equals.tolist()}, which at {at[0]} is "
                                   f"{at[1]}, computed {at[2]} there (one exact step with that count)", {"amplification matrix": shown},
                                   [f"{what} of {method.name}: {shown}", f"at {at[0]}: claimed {at[1]}, computed {at[2]}"])
    except symbolic.SymbolicUnavailable as exc:
        raise CheckError(str(exc)) from None
    derivation = [f"{what} of {method.name}: {shown}"]
    if claim.model is None:
        derivation = _tableau_derivation(method, options, computed_value) + derivation
    figure = _region_figure(method, options, computed_value, None if claim.model is not None else equals) \
        if context.figures and claim.model is None else None
    apart = _apart_at_a_point(equals - computed_value, Z) if same is None and claim.model is None else None
    if apart is not None:
        return Outcome("refuted", "certified", f"{what} of {method.name}: claimed {equals}, computed {shown}: {apart}", {what: shown},
                       derivation + [apart], figure=figure)
    if same is None:
        raise CheckError(f"cannot decide whether the claimed {what} equals the computed {shown} (their difference is not "
                         "placed in a number field and simplify does not reduce it to 0"
                         + (f", and no enclosure at z = {', '.join(map(str, PROBE_POINTS))} excludes 0)" if claim.model is None else ")"))
    if same:
        return Outcome("verified", "symbolic", f"{what} of {method.name} = {shown} (one symbolic step, sympy)", {what: shown}, derivation,
                       figure=figure)
    claimed = str(equals if not isinstance(equals, sympy.MatrixBase) else equals.tolist())
    return Outcome("refuted", "symbolic", f"{what} of {method.name}: claimed {claimed}, computed {shown}", {what: shown}, derivation,
                   figure=figure)


FIRST_COUNTS = (1, 2, 3)  # a symbolic count option (microsteps m) is also tried at these values


def _first_counts_differing(method, options, claim, equals):
    """(where, claimed there, computed there) at the first of FIRST_COUNTS where a claimed amplification matrix, equal
    to the computed one as expressions in a symbolic count option (a multirate method's m), is not that of one exact
    step with the count set: a closed form in m can fail at m = 1 (((m - 1)/m)^(m - 2) is undefined there; review
    finding); None when it holds at all of them."""
    counts = [name for name in count_options(method) if isinstance(options.get(name), sympy.Symbol)]
    for name in counts:
        for value in FIRST_COUNTS:
            fixed = {**options, name: sympy.Integer(value)}
            computed = rational_functions.normal(amplification(method, fixed, claim.model, claim.parameters))
            claimed = equals.xreplace({options[name]: sympy.Integer(value)})
            if any(e.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo) for e in claimed) or \
                    rational_functions.decide_zero(computed - claimed) is False:  # None decides nothing (a review of
                return f"{name} = {value}", claimed.tolist(), computed.tolist()  # 2026-12-06: a true claim was refuted)
    return None


def _tableau_derivation(method, options, R) -> list[str]:
    """For a Runge-Kutta tableau, R(z) again from its coefficients (Hairer & Wanner II, Prop. IV.3.2):
    R(z) = det(I - z A + z e b^T) / det(I - z A), shown step by step; it must equal the R(z) of the symbolic step (one
    derivation checks the other: a disagreement is an error, never a verdict)."""
    table = getattr(method, "table", None)
    if table is None:
        return []
    try:
        tab = table(options)
    except (MethodError, TypeError, ValueError):
        return []
    z = Z
    s = tab.stages
    A = sympy.Matrix(s, s, lambda i, j: tab.A[i][j])
    e_bT = sympy.Matrix(s, s, lambda i, j: tab.b[j])
    identity = sympy.eye(s)
    numerator, denominator = (_polynomial_det(identity - z * A + z * e_bT), _polynomial_det(identity - z * A))
    ratio = sympy.cancel(numerator / denominator)
    agree = rational_functions.decide_zero(ratio - R)
    if agree is None:  # not decided either way: the second derivation is not shown rather than claimed to agree
        return []
    if not agree:
        raise CheckError(f"R(z) of {method.name}: the symbolic step gives {R} but det(I - zA + z e b^T)/det(I - zA) gives {ratio}")
    return [Line(f"tableau of {method.name}: A = {[list(row) for row in tab.A]}, b = {list(tab.b)}, c = {list(tab.c)}", f"tableau of {method.name}",
                 assignments=[("A", sympy.ImmutableMatrix(A)), ("b", sympy.Tuple(*tab.b)), ("c", sympy.Tuple(*tab.c))]),
            Line("R(z) = 1 + z b^T (I - z A)^(-1) e = det(I - z A + z e b^T) / det(I - z A)", assignments=[("R(z)", None)],
                 formula=["1 + z*b^T*(I - z*A)^(-1)*e", "det(I - z*A + z*e*b^T)/det(I - z*A)"]),
            Line(f"det(I - z A + z e b^T) = {numerator}", assignments=[("det(I - z A + z e b^T)", numerator)]),
            Line(f"det(I - z A) = {denominator}", assignments=[("det(I - z A)", denominator)]), Line(f"R(z) = {ratio}", assignments=[("R(z)", ratio)])]


def _polynomial_det(matrix) -> sympy.Expr:
    """The determinant of a matrix of polynomials in z, expanded: by sympy's DomainMatrix over the ring its entries
    generate (fraction-free elimination in QQ[z], or over the tableau's number field).  Berkowitz on sympy
    expressions and then expand grew exponentially: a 14-stage tableau with A = 0 (rank-one I + z e b^T) ran past
    60 s (review of 2026-12-05)."""
    from sympy.polys.matrices import DomainMatrix

    dense = DomainMatrix.from_Matrix(matrix)
    if dense.domain.is_EX:  # coefficients with CRootOf (SDIRK-3's gamma): Berkowitz on expressions, faster at a few stages
        return sympy.expand(matrix.det(method="berkowitz"))
    return sympy.expand(dense.domain.to_sympy(dense.det()))


def _coefficients(polynomial, z) -> list[complex]:
    """Highest power first, as floats (a picture only: floats never decide a verdict)."""
    return [complex(sympy.N(c, 20)) for c in sympy.Poly(polynomial, z).all_coeffs()]


def _region_figure(method, options, R=None, claimed=None) -> dict | None:
    """The data of a picture of the stability region |R(z)| <= 1 of a one-step method (beside it the claimed R(z)
    when it differs): numerator and denominator coefficients, highest power first."""
    z = Z
    try:
        if R is None:
            lam = LAM
            R = rational_functions.normal(amplification(method, options, DAHLQUIST, {"lam": lam})[0, 0].subs(lam, z / _step(method, options)))
        figure = {"kind": "region", "method": method.name,
                  "computed": tuple(_coefficients(part, z) for part in sympy.fraction(sympy.cancel(R)))}
        if claimed is not None and not rational_functions.is_zero(claimed - R):
            figure["claimed"] = tuple(_coefficients(part, z) for part in sympy.fraction(sympy.cancel(claimed)))
        return figure
    except (sympy.PolynomialError, sympy.GeneratorsNeeded, TypeError, ValueError, symbolic.SymbolicUnavailable):
        return None  # R(z) with free parameters: no picture


def _locus_figure(spec) -> dict:
    """The data of the boundary locus z = rho(e^{i theta}) / sigma(e^{i theta}) of a multistep method."""
    figure = {"kind": "locus", "alpha": [float(a) for a in spec.alpha], "beta": [float(b) for b in spec.beta]}
    interval = getattr(spec, "interval", None)
    if interval is not None:
        figure["interval"] = [float(v) if v.is_finite else (-1e9 if v < 0 else 1e9) for v in interval]
    return figure


KIND = ClaimKind("stability", KEYS, prepare, evaluate, spec_types=(StabilitySpec,))
