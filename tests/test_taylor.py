"""Taylor's method of order K (taylor-K): Burden & Faires' tables recomputed here with fractions.Fraction, the twin's
power series checked against sympy's series, the certified route against a step written out by hand, R(z) and the
order from a series proof."""
from __future__ import annotations

import math
from fractions import Fraction as F

import mpmath
import pytest
import sympy

from conftest import assert_refuted, claims_text
from verify.engines.twins.taylor import Series, evaluate

MODELS = """
[model.bf]
states = ["y"]
rhs = { y = "y - t**2 + 1" }

[model.pendulum]
states = ["th", "om"]
rhs = { th = "om", om = "-sin(th)" }

[model.logistic]
states = ["y"]
rhs = { y = "y*(1 - y)" }

[model.kink]
states = ["y"]
rhs = { y = "-abs(y)" }
"""


def outcomes(check_claims, bodies):
    return {k: r.outcome for k, r in check_claims(claims_text(MODELS, bodies)).items()}


def bf_taylor(order, steps=10):
    """Burden & Faires sec. 5.3 by hand: f = y - t^2 + 1, f' = y - t^2 + 1 - 2t, f'' = f''' = y - t^2 - 2t - 1."""
    h, t, w, out = F(1, 5), F(0), F(1, 2), []
    for _ in range(steps):
        derivatives = [w - t * t + 1, w - t * t + 1 - 2 * t, w - t * t - 2 * t - 1, w - t * t - 2 * t - 1]
        w += sum(h ** (j + 1) / math.factorial(j + 1) * derivatives[j] for j in range(order))
        t += h
        out.append(w)
    return out


@pytest.mark.parametrize("order", [1, 2, 3, 4])
def test_burden_and_faires_example_is_exact_and_a_changed_digit_refuted(check_claims, order):
    """taylor-1 is Euler; taylor-2 and taylor-4 are Burden & Faires' Tables 5.3 and 5.4 (recomputed above)."""
    values = bf_taylor(order)
    trace = ", ".join(f'"{sympy.Rational(v.numerator, v.denominator)}"' for v in values)
    body = f'check = "run"\nmodel = "bf"\nmethod = "taylor-{order}"\noptions = {{ h = "1/5" }}\ninitial = {{ y = "1/2" }}\nsteps = 10\n'
    wrong = values[-1] + F(1, 10**9)
    results = outcomes(check_claims, {"true": (body + f"trace = {{ y = [{trace}] }}",),
                                      "wrong": (body + f'expect = {{ y = "{wrong.numerator}/{wrong.denominator}" }}',)})
    assert (results["true"].status, results["true"].evidence) == ("verified", "exact"), results["true"].message
    assert_refuted(results["wrong"], [f"y: claimed {wrong.numerator}/{wrong.denominator}"])
    exact, decimals = f"computed {values[-1].numerator}/{values[-1].denominator}", f"computed {float(values[-1]):.12f}"[:18]
    assert exact in results["wrong"].message or decimals in results["wrong"].message, results["wrong"].message  # long ones compactly


def test_the_twin_s_series_agree_with_numerical_derivatives():
    """Moore's recurrences on truncated series against mpmath.taylor of the same function at t = 1/3 (numerical
    differentiation at raised precision: another algorithm; sympy's symbolic series of the four functions, the
    reference until 2026-12-06, took 1.2 s of the suite, this one 4 ms)."""
    t = sympy.Symbol("t")
    n = 7
    functions = ((sympy.exp(sympy.sin(t)) / (1 + t**2), lambda u: mpmath.exp(mpmath.sin(u)) / (1 + u**2)),
                 (sympy.log(2 + t) * sympy.cos(t), lambda u: mpmath.log(2 + u) * mpmath.cos(u)),
                 (sympy.sqrt(1 + t) ** 3 / (3 - t), lambda u: mpmath.sqrt(1 + u) ** 3 / (3 - u)),
                 (sympy.tan(t) - t**5, lambda u: mpmath.tan(u) - u**5))
    with mpmath.workdps(40):
        x = Series([mpmath.mpf(1) / 3, mpmath.mpf(1)] + [mpmath.mpf(0)] * (n - 2))
        for expression, function in functions:
            got = evaluate(expression, {t: x}, n).c
            want = mpmath.taylor(function, mpmath.mpf(1) / 3, n - 1)
            for k in range(n):
                assert abs(got[k] - want[k]) < mpmath.mpf(10) ** -30, (expression, k)


def test_the_pendulum_is_certified_against_a_step_written_out_by_hand(check_claims):
    """taylor-3 on th' = om, om' = -sin(th): f' = (-sin th, -cos(th) om), f'' = (-cos(th) om, sin(th) om^2 + cos(th) sin(th))."""
    with mpmath.workdps(40):
        th, om, h = mpmath.mpf(1), mpmath.mpf(0), mpmath.mpf(1) / 10
        for _ in range(3):
            f = (om, -mpmath.sin(th))
            f1 = (-mpmath.sin(th), -mpmath.cos(th) * om)
            f2 = (-mpmath.cos(th) * om, mpmath.sin(th) * om**2 + mpmath.cos(th) * mpmath.sin(th))
            th, om = (v + h * a + h**2 / 2 * b + h**3 / 6 * c for v, a, b, c in zip((th, om), f, f1, f2))
        shown = mpmath.nstr(th, 8)
    body = 'check = "run"\nmodel = "pendulum"\nmethod = "taylor-3"\noptions = { h = "1/10" }\ninitial = { th = 1, om = 0 }\nsteps = 3\ndigits = 8\n'
    changed = shown[:-1] + ("1" if shown[-1] != "1" else "2")
    results = outcomes(check_claims, {"true": (body + f'expect = {{ th = "{shown}" }}',), "wrong": (body + f'expect = {{ th = "{changed}" }}',)})
    assert (results["true"].status, results["true"].evidence) == ("verified", "certified"), results["true"].message
    assert_refuted(results["wrong"], [f"th: claimed {changed} at 8 decimals"])


def test_stability_function_and_order(check_claims):
    """R(z) of taylor-K is the K-th partial sum of e^z; the series proof gives order 4 for taylor-4 on the logistic
    equation, and an observed order 3 for taylor-3; wrong versions are refuted."""
    z = sympy.Symbol("z")
    bodies = {}
    for order in (1, 3, 5):
        partial = " + ".join(f"z**{k}/{math.factorial(k)}" for k in range(order + 1))
        bodies[f"R{order}"] = (f'check = "stability"\nmethod = "taylor-{order}"\nequals = "{partial}"',)
        bodies[f"R{order}-wrong"] = (f'check = "stability"\nmethod = "taylor-{order}"\nequals = "{partial} + z**{order + 1}/{math.factorial(order + 1)}"',)
    bodies["series"] = ('check = "order"\nmodel = "logistic"\nmethod = "taylor-4"\nproof = "series"\norder = 4',)
    bodies["series-wrong"] = ('check = "order"\nmodel = "logistic"\nmethod = "taylor-4"\nproof = "series"\norder = 5',)
    bodies["observed"] = ('check = "order"\nmodel = "logistic"\nmethod = "taylor-3"\ninitial = { y = "1/2" }\nt_end = 1\n'
                          'steps = [10, 20, 40, 80]\norder = 3\nreference_steps = 640',)
    results = outcomes(check_claims, bodies)
    for order in (1, 3, 5):
        assert results[f"R{order}"].status == "verified", results[f"R{order}"].message
        assert_refuted(results[f"R{order}-wrong"], [f"R(z) of taylor-{order}: claimed"])
    assert results["series"].status == "verified" and results["series"].evidence == "symbolic", results["series"].message
    assert_refuted(results["series-wrong"], ["claimed", "5"])
    assert results["observed"].status == "verified", results["observed"].message
    assert z  # the symbol the claims write


def test_r_of_z_is_read_at_the_step_the_claim_gives(check_claims):
    """Review of 2026-12-06: with a numeric step (h = 1/2) the symbolic step gives R(h lam) = R(lam/2), and R(z) was read
    at lam = z/h with h a symbol: taylor-2's true R(z) = 1 + z + z^2/2 was refuted (computed (h^2 + h z/2 + z^2/8)/h^2),
    and Heun's an error.  R(z) is read at lam = z/step: the same with h = 1/2, 3/10 or the symbol h."""
    bodies = {}
    for name, step in (("half", "1/2"), ("tenths", "0.3"), ("symbolic", "h")):
        options = {"1/2": 'options = { h = "1/2" }\n', "0.3": "options = { h = 0.3 }\n", "h": 'symbols = ["h"]\noptions = { h = "h" }\n'}[step]
        bodies[f"taylor-{name}"] = (f'check = "stability"\nmethod = "taylor-2"\n{options}equals = "1 + z + z**2/2"',)
        bodies[f"taylor-{name}-wrong"] = (f'check = "stability"\nmethod = "taylor-2"\n{options}equals = "1 + z + z**2/4"',)
        bodies[f"heun-{name}"] = (f'check = "stability"\nmethod = "heun"\n{options}equals = "1 + z + z**2/2"',)
        bodies[f"taylor-{name}-a"] = (f'check = "stability"\nmethod = "taylor-2"\n{options}a_stable = false\nl_stable = false',)
    results = outcomes(check_claims, bodies)
    for name in ("half", "tenths", "symbolic"):
        for claim in (f"taylor-{name}", f"heun-{name}", f"taylor-{name}-a"):
            assert (results[claim].status, results[claim].evidence) == ("verified", "symbolic"), (claim, results[claim].message)
        assert_refuted(results[f"taylor-{name}-wrong"], ["claimed z**2/4 + z + 1, computed z**2/2 + z + 1"])


def test_a_claim_s_own_symbol_named_lam_is_not_the_test_equation_s(check_claims):
    """Review of 2026-12-06: R(z) comes from one step on y' = lam y, and that lam was symbol("lam"), the symbol a claim
    gets from symbols = ["lam"]: with the step h = "lam" taylor-2's true R(z) was refuted and the false
    1 + z^2/lam^2 + z^4/(2 lam^4) verified; rosenbrock-euler with gamma = "lam" read 1 + z/(1 - 2 z^2).  The test
    equation's lam is a Dummy of its own."""
    step = 'check = "stability"\nsymbols = ["lam"]\n'
    results = outcomes(check_claims, {
        "taylor": (step + 'method = "taylor-2"\noptions = { h = "lam" }\nequals = "1 + z + z**2/2"',),
        "taylor-false": (step + 'method = "taylor-2"\noptions = { h = "lam" }\nequals = "1 + z**2/lam**2 + z**4/(2*lam**4)"',),
        "backward-euler": (step + 'method = "backward-euler"\noptions = { h = "lam" }\nequals = "1/(1 - z)"\n',),
        "rosenbrock": (step + 'method = "rosenbrock-euler"\noptions = { h = "1/2", gamma = "lam" }\nequals = "1 + z/(1 - lam*z)"',),
        "rosenbrock-false": (step + 'method = "rosenbrock-euler"\noptions = { h = "1/2", gamma = "lam" }\nequals = "1 + z/(1 - 2*z**2)"',)})
    for key in ("taylor", "backward-euler", "rosenbrock"):
        assert (results[key].status, results[key].evidence) == ("verified", "symbolic"), (key, results[key].message)
    assert_refuted(results["taylor-false"], ["computed z**2/2 + z + 1"])
    assert_refuted(results["rosenbrock-false"], ["computed (lam*z - z - 1)/(lam*z - 1)"])


def test_a_right_hand_side_without_derivatives_is_refused(check_claims):
    results = outcomes(check_claims, {"kink": ('check = "run"\nmodel = "kink"\nmethod = "taylor-2"\noptions = { h = "1/10" }\ninitial = { y = 1 }\n'
                                               'steps = 1\nexpect = { y = "0.905" }',)})
    assert results["kink"].status == "error" and "has no derivative everywhere" in results["kink"].message


def test_total_derivatives_in_the_rational_function_field_are_those_of_diff():
    """The total derivatives are formed in QQ(t, y, parameters) (a review of 2026-12-05: taylor-8 on
    x' = y/(1 + t), y' = -x + t^2/(1 + y^2) ran past the time limit with sympy's cancel on expressions); they equal
    the derivatives diff forms directly, here to order 3, and sin and sqrt(2) go the way diff leaves them."""
    from verify.engines.methods.base import total_derivatives

    t, x, y, lam = sympy.symbols("t x y lam")
    rhs = [y / (1 + t), -x + t**2 / (1 + y**2) + lam]
    plain, current = [], list(rhs)
    for _ in range(3):
        current = [sympy.diff(e, t) + sympy.diff(e, x) * rhs[0] + sympy.diff(e, y) * rhs[1] for e in current]
        plain.append(current)
    points = [{t: sympy.Rational(1, 3), x: 2, y: sympy.Rational(-5, 7), lam: 3}, {t: 2, x: sympy.Rational(1, 9), y: 4, lam: -1}]
    for ours, theirs in zip(total_derivatives(rhs, [x, y], t, 3), plain):  # equal at rational points, exactly
        assert all(a.xreplace(p) == b.xreplace(p) for a, b in zip(ours, theirs) for p in points)
    assert total_derivatives([sympy.sin(y)], [y], t, 1) == [[sympy.sin(y) * sympy.cos(y)]]
    assert sympy.expand(total_derivatives([sympy.sqrt(2) * y], [y], t, 2)[1][0] - 2 * sympy.sqrt(2) * y) == 0


def test_euler_as_taylor_1_takes_abs_and_a_growing_derivative_is_refused_not_timed_out(check_claims):
    """Review of 2026-12-05: taylor-1 on y' = -|y| was an error (its twin evaluated series, which abs has not); a
    Taylor method of order 8 on x' = sin(x y) + e^(-t) y, y' = -y + x^2 ran past the time limit forming f^(7)
    (4 million operations): the derivatives' growth is now measured and a lower order asked for."""
    extra = ('\n[model.growing]\nstates = ["x", "y"]\nrhs = { x = "sin(x*y) + exp(-t)*y", y = "-y + x**2" }\n')
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS + extra, {
        "abs": ('check = "run"\nmodel = "kink"\nmethod = "taylor-1"\noptions = { h = "1/10" }\ninitial = { y = "9/10" }\nsteps = 2\n'
                'expect = { y = "729/1000" }',),
        "abs-wrong": ('check = "run"\nmodel = "kink"\nmethod = "taylor-1"\noptions = { h = "1/10" }\ninitial = { y = "9/10" }\nsteps = 2\n'
                      'expect = { y = "73/100" }',),
        "growing": ('check = "run"\nmodel = "growing"\nmethod = "taylor-8"\noptions = { h = "1/10" }\ninitial = { x = 1, y = 1 }\nsteps = 1\n'
                    'expect_relations = { x = "> 0" }',)})).items()}
    assert (results["abs"].status, results["abs"].evidence) == ("verified", "exact"), results["abs"].message  # 9/10 * (9/10)^2
    assert_refuted(results["abs-wrong"], ["y: claimed 73/100, computed 729/1000"])
    assert results["growing"].status == "error" and "grow too large for Taylor's method of order 8" in results["growing"].message
