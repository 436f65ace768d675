"""Exact runs over an algebraic number field: Gauss-Legendre (sqrt(3), sqrt(15)), Radau IIA-5 (sqrt(6)), SDIRK-2
(sqrt(2)) and SDIRK-3 (a cubic root) on right-hand sides affine in the state.

Each expected value is worked out here independently of the exact path: the stage equations written out and solved
with sympy's Expr arithmetic (radicals simplified by radsimp), or a stability function's Pade form applied with
fractions.Fraction; the exact path computes in sympy's AlgebraicField with DomainMatrix.
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest
import sympy
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import assert_refuted, claims_text
from verify.engines import number_field
from verify.engines.methods import METHODS, ExactSystem, run as run_method
from verify.input.model import model_from_table

MODELS = """
[model.forced]
states = ["y"]
rhs = { y = "-2*y + t" }

[model.decay]
states = ["y"]
rhs = { y = "-y" }

[model.oscillator]
states = ["x", "v"]
rhs = { x = "v", v = "-x" }
"""
S3 = sympy.sqrt(3)


def gauss4_step_by_hand(h, t, y):
    """One Gauss-Legendre-4 step on f = -2y + t: k_i = -2 (y + h sum_j a_ij k_j) + t + c_i h, a 2x2 linear system
    solved by Cramer's rule in sympy Expr arithmetic (Hairer & Wanner II, Table IV.5.1)."""
    a11, a12, a21, a22 = sympy.Rational(1, 4), sympy.Rational(1, 4) - S3 / 6, sympy.Rational(1, 4) + S3 / 6, sympy.Rational(1, 4)
    c1, c2 = sympy.Rational(1, 2) - S3 / 6, sympy.Rational(1, 2) + S3 / 6
    # (1 + 2 h a11) k1 + 2 h a12 k2 = -2y + t + c1 h;  2 h a21 k1 + (1 + 2 h a22) k2 = -2y + t + c2 h
    m11, m12, m21, m22 = 1 + 2 * h * a11, 2 * h * a12, 2 * h * a21, 1 + 2 * h * a22
    r1, r2 = -2 * y + t + c1 * h, -2 * y + t + c2 * h
    det = m11 * m22 - m12 * m21
    k1 = sympy.radsimp(sympy.expand((r1 * m22 - m12 * r2) / det))
    k2 = sympy.radsimp(sympy.expand((m11 * r2 - m21 * r1) / det))
    return k1, k2, sympy.radsimp(sympy.expand(y + h * (k1 + k2) / 2))


def outcomes(check_claims, bodies):
    return {k: r.outcome for k, r in check_claims(claims_text(MODELS, bodies)).items()}


def gauss4_body(extra: str, steps: int = 1) -> str:
    return f'check = "run"\nmodel = "forced"\nmethod = "gauss-legendre-4"\noptions = {{ h = "1/10" }}\ninitial = {{ y = 1 }}\nsteps = {steps}\n{extra}'


def test_gauss_legendre_4_stages_are_exact_algebraic_numbers_and_a_flipped_sqrt3_is_refuted(check_claims):
    k1, k2, y1 = gauss4_step_by_hand(sympy.Rational(1, 10), 0, 1)
    assert sympy.simplify(k1 - (-sympy.Rational(1169, 662) - 25 * S3 / 331)) == 0  # what the by-hand solve gives
    flipped = k1.subs(S3, -S3)
    results = outcomes(check_claims, {
        "true": (gauss4_body(f'trace = {{ k1 = ["{k1}"], k2 = ["{k2}"] }}\nexpect = {{ y = "{y1}" }}'),),
        "flipped-sqrt3": (gauss4_body(f'trace = {{ k1 = ["{flipped}"] }}'),),
        "changed-digit": (gauss4_body('expect = { y = "0.8185" }'),),
    })
    assert results["true"].status == "verified" and results["true"].evidence == "exact", results["true"].message
    assert "sqrt(3)" in results["true"].computed["trace k1"]
    assert_refuted(results["flipped-sqrt3"], ["trace k1: value 1 claimed", "computed -1169/662 - 25*sqrt(3)/331"])
    assert_refuted(results["changed-digit"], ["y: claimed 0.8185 (= 1637/2000), computed"])


def test_two_steps_match_the_hand_solve_and_the_state_written_another_way_is_equal(check_claims):
    h = sympy.Rational(1, 10)
    _, _, y1 = gauss4_step_by_hand(h, 0, 1)
    _, _, y2 = gauss4_step_by_hand(h, h, y1)
    rewritten = sympy.Mul(2, y2 / 2, evaluate=False)  # the same number, written differently
    results = outcomes(check_claims, {"two-steps": (gauss4_body(f'expect = {{ y = "{rewritten}" }}', steps=2),)})
    assert results["two-steps"].status == "verified" and results["two-steps"].evidence == "exact", results["two-steps"].message


def test_printed_digits_of_an_algebraic_value_are_decided_by_an_enclosure(check_claims):
    """k1 = -1169/662 - 25 sqrt(3)/331 = -1.89668057458979435751...: six decimals print -1.896681."""
    k1, _, _ = gauss4_step_by_hand(sympy.Rational(1, 10), 0, 1)
    assert str(sympy.N(k1, 12)) == "-1.89668057459"
    results = outcomes(check_claims, {"digits": (gauss4_body('digits = 6\nexpect = { k1 = "-1.896681" }'),),
                                      "changed-digit": (gauss4_body('digits = 6\nexpect = { k1 = "-1.896691" }'),),
                                      "truncated": (gauss4_body('digits = 6\nrounding = "half-even"\nexpect = { k1 = "-1.896680" }'),)})
    assert results["digits"].status == "verified" and results["digits"].evidence == "certified", results["digits"].message
    assert "the exact value -1169/662 - 25*sqrt(3)/331" in results["digits"].message
    assert_refuted(results["changed-digit"], ["k1: claimed -1.896691 at 6 decimals", "rounds to -1.896681"])
    assert_refuted(results["truncated"], ["k1: claimed -1.89668"])


def test_relations_on_algebraic_values_are_certified(check_claims):
    results = outcomes(check_claims, {"true": (gauss4_body('expect_relations = { k1 = "< -1.8966", k2 = "> -1.64" }'),),
                                      "wrong": (gauss4_body('expect_relations = { k1 = "> -1.8966" }'),)})
    assert results["true"].status == "verified" and results["true"].evidence == "certified", results["true"].message
    assert_refuted(results["wrong"], ["k1: claimed > -1.8966"])


def test_gauss_legendre_6_on_the_oscillator_is_its_pade_stability_function(check_claims):
    """R(z) = (1 + z/2 + z^2/10 + z^3/120)/(1 - z/2 + z^2/10 - z^3/120) (the (3,3) Pade approximant of exp): one step
    of x' = v, v' = -x is R(hJ) applied to (1, 0), rational although the tableau lies in QQ(sqrt(15))."""
    h = sympy.Rational(1, 2)
    J = sympy.Matrix([[0, 1], [-1, 0]])
    Z = h * J
    eye = sympy.eye(2)
    P = eye + Z / 2 + Z**2 / 10 + Z**3 / 120
    Q = eye - Z / 2 + Z**2 / 10 - Z**3 / 120
    x1, v1 = Q.inv() * P * sympy.Matrix([1, 0])
    body = 'check = "run"\nmodel = "oscillator"\nmethod = "gauss-legendre-6"\noptions = { h = "1/2" }\ninitial = { x = 1, v = 0 }\n'
    results = outcomes(check_claims, {"true": (body + f'expect = {{ x = "{x1}", v = "{v1}" }}\ncounts = {{ rhs = 3 }}',),
                                      "flipped-sign": (body + f'expect = {{ v = "{-v1}" }}',)})
    assert x1.is_Rational and v1.is_Rational
    assert results["true"].status == "verified" and results["true"].evidence == "exact", results["true"].message
    assert_refuted(results["flipped-sign"], [f"v: claimed {-v1}, computed {v1}"])


def test_a_hundred_steps_take_the_affine_power_over_the_field_and_equal_the_pade_power():
    """Gauss-Legendre-4 on y' = -y, h = 1/10: y_100 = R(-1/10)^100 with R(z) = (1 + z/2 + z^2/12)/(1 - z/2 + z^2/12)."""
    z = F(-1, 10)
    expected = ((1 + z / 2 + z * z / 12) / (1 - z / 2 + z * z / 12)) ** 100
    model = model_from_table("decay", {"states": ["y"], "rhs": {"y": "-y"}}, None)
    system = ExactSystem(model, {})
    result = run_method(METHODS["gauss-legendre-4"], system, {"h": sympy.Rational(1, 10)}, 0, [sympy.Integer(1)], 100, keep=False,
                        algebraic=True)
    assert result.route == "affine power"
    assert result.exact(result.y[0]) == sympy.Rational(expected.numerator, expected.denominator)
    assert result.recorder.counts["rhs"] == 200
    loop = run_method(METHODS["gauss-legendre-4"], system, {"h": sympy.Rational(1, 10)}, 0, [sympy.Integer(1)], 100, keep=True,
                      algebraic=True)
    assert loop.route == "step loop" and loop.exact(loop.y[0]) == result.exact(result.y[0])


@pytest.mark.parametrize("name, generator", [("sdirk-2", sympy.sqrt(2)), ("radau-iia-5", sympy.sqrt(6)), ("gauss-legendre-6", sympy.sqrt(15))])
def test_each_irrational_tableau_runs_over_its_field_and_agrees_with_its_twin(check_claims, name, generator):
    """One step on y' = -2y + t: the stages lie in QQ(generator); the run is verified against its own value and a
    value with the generator's sign flipped is refuted (the cross-check against the twin's literal coefficients
    would make the claim an error if the two paths disagreed)."""
    body = f'check = "run"\nmodel = "forced"\nmethod = "{name}"\noptions = {{ h = "1/10" }}\ninitial = {{ y = 1 }}\n'
    system = ExactSystem(model_from_table("forced", {"states": ["y"], "rhs": {"y": "-2*y + t"}}, None), {})
    result = run_method(METHODS[name], system, {"h": sympy.Rational(1, 10)}, 0, [sympy.Integer(1)], 1, keep=True, algebraic=True)
    k1 = result.exact(result.recorder.latest["k1"])
    assert k1.has(generator) and number_field.is_rational_field(result.field) is False
    flipped = k1.subs(generator, -generator)
    results = outcomes(check_claims, {"true": (body + f'expect = {{ k1 = "{k1}" }}',), "flipped": (body + f'expect = {{ k1 = "{flipped}" }}',)})
    assert results["true"].status == "verified", results["true"].message
    assert_refuted(results["flipped"], ["k1: claimed"])


def test_sdirk_3_runs_over_the_cubic_field_of_its_gamma(check_claims):
    """SDIRK-3 (Alexander 1977) on y' = -y, one step h = 1: each stage solves (1 + gamma) k_i = -(y + sum_{j<i} a_ij k_j);
    gamma is the root 0.4358665 of 6x^3 - 18x^2 + 9x - 1, so the values lie in QQ(gamma) (a CRootOf)."""
    x = sympy.Symbol("x")
    g = sympy.CRootOf(6 * x**3 - 18 * x**2 + 9 * x - 1, 1)
    tau = (1 + g) / 2
    b1, b2 = -(6 * g**2 - 16 * g + 1) / 4, (6 * g**2 - 20 * g + 5) / 4
    k1 = -1 / (1 + g)
    k2 = -(1 + (tau - g) * k1) / (1 + g)
    k3 = -(1 + b1 * k1 + b2 * k2) / (1 + g)
    y1 = 1 + b1 * k1 + b2 * k2 + g * k3
    with_digits = sympy.N(y1, 30)
    body = 'check = "run"\nmodel = "decay"\nmethod = "sdirk-3"\noptions = { h = 1 }\ninitial = { y = 1 }\n'
    results = outcomes(check_claims, {"digits": (body + f'digits = 8\nexpect = {{ y = "{sympy.Float(with_digits, 30).round(8)}" }}',),
                                      "changed-digit": (body + f'digits = 8\nexpect = {{ y = "{sympy.Float(with_digits, 30).round(8) + sympy.Rational(1, 10**8)}" }}',)})
    assert results["digits"].status == "verified", results["digits"].message
    assert_refuted(results["changed-digit"], ["y: claimed", "at 8 decimals"])


def test_explain_prints_the_algebraic_stages(run_cli, tmp_path):
    text = claims_text(MODELS, {"gl4": (gauss4_body('expect = { y = "0" }'),)})
    (tmp_path / "c.toml").write_text(text, encoding="utf-8")
    result = run_cli("explain", "gl4", "c.toml")
    assert "k1 = (-1169/662 - 25*sqrt(3)/331)" in result.output
    assert "k2 = (-1169/662 + 25*sqrt(3)/331)" in result.output


def test_other_checks_still_refuse_an_irrational_tableau_on_the_rational_path():
    model = model_from_table("decay", {"states": ["y"], "rhs": {"y": "-y"}}, None)
    from verify.errors import NotRational

    with pytest.raises(NotRational, match="irrational coefficient"):
        run_method(METHODS["gauss-legendre-4"], ExactSystem(model, {}), {"h": sympy.Rational(1, 10)}, 0, [sympy.Integer(1)], 1, keep=False)


CROUZEIX_GAMMA = "1/2 + cos(pi/18)/sqrt(3)"  # a root of 24 g^3 - 36 g^2 + 12 g - 1 (casus irreducibilis: no real radicals)
CROUZEIX = (f'A = [["{CROUZEIX_GAMMA}", 0, 0], ["1/2 - ({CROUZEIX_GAMMA})", "{CROUZEIX_GAMMA}", 0], '
            f'["2*({CROUZEIX_GAMMA})", "1 - 4*({CROUZEIX_GAMMA})", "{CROUZEIX_GAMMA}"]], '
            f'b = ["1/(24*(1/2 - ({CROUZEIX_GAMMA}))**2)", "1 - 1/(12*(1/2 - ({CROUZEIX_GAMMA}))**2)", "1/(24*(1/2 - ({CROUZEIX_GAMMA}))**2)"]')
NESTED = 'A = [["sqrt(2 + sqrt(3))"]], b = [1]'  # the theta method with theta = sqrt(2 + sqrt(3)) = (sqrt(6) + sqrt(2))/2


def test_nested_radicals_and_cosines_of_rational_multiples_of_pi_are_exact_coefficients(check_claims):
    """A review of 2026-12-07: sqrt(2 + sqrt(3)) ("not a valid algebraic number in QQ<sqrt(3)>") and Crouzeix's order-4
    A-stable DIRK, gamma = 1/2 + cos(pi/18)/sqrt(3) ("not a real algebraic number"), could not be checked at all.  Both
    generate their fields now (number_field._is_generator), exactly as sympy's AlgebraicField places them; values by
    hand or mpmath at 40 digits: theta = 1.93 > 1/2 is A-stable with R(-oo) = 1 - 1/theta != 0, one step of h = 1/10 on
    y' = -y is 1 - 1/10 / (1 + theta/10) = 0.91619071128964897853...; Crouzeix's conditions to order 4 hold and
    b.c^4 - 1/5 = 0.01444, one step is 0.90483626721512409436...  pi itself and cos(1) are still refused."""
    run = 'check = "run"\nmodel = "decay"\nmethod = "rk"\noptions = {{ h = "1/10", {tableau} }}\ninitial = {{ y = 1 }}\ndigits = 30\nexpect = {{ y = "{y}" }}'
    order = 'check = "order"\nmethod = "rk"\noptions = {{ {tableau} }}\norder = {order}'
    results = check_claims(claims_text('[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n', {
        "crouzeix-order-4": (order.format(tableau=CROUZEIX, order=4),),
        "crouzeix-order-5": (order.format(tableau=CROUZEIX, order=5),),
        "crouzeix-a-stable": (f'check = "stability"\nmethod = "rk"\noptions = {{ {CROUZEIX} }}\na_stable = true\nl_stable = false',),
        "crouzeix-step": (run.format(tableau=CROUZEIX, y="0.904836267215124094362933242051"),),
        "crouzeix-step-changed-digit": (run.format(tableau=CROUZEIX, y="0.904836267215124094362933242052"),),
        "nested-step": (run.format(tableau=NESTED, y="0.916190711289648978532442076748"),),
        "nested-l-stable": (f'check = "stability"\nmethod = "rk"\noptions = {{ {NESTED} }}\nl_stable = true',),
        "nested-a-stable": (f'check = "stability"\nmethod = "rk"\noptions = {{ {NESTED} }}\na_stable = true',),
        "pi": (order.format(tableau='A = [[0, 0], ["pi/6", 0]], b = ["1 - 3/pi", "3/pi"]', order=2),),
        "cos-1": (order.format(tableau='A = [[0, 0], ["cos(1)", 0]], b = ["1 - 1/(2*cos(1))", "1/(2*cos(1))"]', order=2),),
    }))
    outcomes = {name: result.outcome for name, result in results.items()}
    for name in ("crouzeix-order-4", "crouzeix-a-stable", "crouzeix-step", "nested-step", "nested-a-stable"):
        assert outcomes[name].status == "verified", (name, outcomes[name].message)
    assert outcomes["crouzeix-order-4"].evidence == "exact" and outcomes["crouzeix-step"].evidence == "certified"
    assert_refuted(outcomes["crouzeix-order-5"], ["order: claimed 5, computed 4: at order 5 b·c^4 = 1/5 fails"])
    assert_refuted(outcomes["crouzeix-step-changed-digit"], ["y: claimed 0.904836267215124094362933242052 at 30 decimals"])
    assert_refuted(outcomes["nested-l-stable"], ["claimed l_stable = true, computed L-stable: no"])
    for name, number in (("pi", "pi/6"), ("cos-1", "cos(1)")):
        assert outcomes[name].status == "error" and f"{number} is not a real algebraic number written as this release reads them" in outcomes[name].message


def test_cosines_of_one_cyclotomic_field_share_it_and_huge_denominators_or_hidden_zero_radicands_are_errors(check_claims):
    """The second review of 2026-12-07: cos(2pi/7) + cos(4pi/7) + cos(6pi/7) = -1/2 (so the coefficient is 1/2) was
    refused, "degree up to 27" (a bound of 3 per cosine, multiplied), though all three lie in the cubic real subfield
    of QQ(exp(2 pi i/7)); cos(pi/N) with N a 51-digit semiprime hung in sympy's totient; a radicand that is exactly 0
    (sqrt(2 + sqrt(3)) - (sqrt(6) + sqrt(2))/2, rounding to -1e-102) was an internal error in the order check's twin.
    By hand: the implicit midpoint (theta = 1/2) has order 2 and R(z) = (2 + z)/(2 - z); with theta = cos(pi/7) =
    sin(5 pi/14) one step of h = 1 on y' = -y is 1 - 1/(1 + theta)."""
    cos_sum = "cos(2*pi/7) + cos(4*pi/7) + cos(6*pi/7) + 1"
    results = check_claims(claims_text('[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n', {
        "sum-order-2": (f'check = "order"\nmethod = "rk"\noptions = {{ A = [["{cos_sum}"]], b = [1] }}\norder = 2',),
        "sum-order-3": (f'check = "order"\nmethod = "rk"\noptions = {{ A = [["{cos_sum}"]], b = [1] }}\norder = 3',),
        "sum-R": (f'check = "stability"\nmethod = "rk"\noptions = {{ A = [["{cos_sum}"]], b = [1] }}\nequals = "(2 + z)/(2 - z)"',),
        "sine-form": ('check = "run"\nmodel = "decay"\nmethod = "rk"\noptions = { h = 1, A = [["cos(pi/7)"]], b = [1] }\n'
                      'initial = { y = 1 }\nexpect = { y = "1 - 1/(1 + sin(5*pi/14))" }',),
        "semiprime": ('check = "order"\nmethod = "rk"\noptions = { A = [["cos(pi/300000000000000000000001060000000000000000000000871)"]], '
                      'b = [1] }\norder = 1',),
        "zero-radicand": ('check = "order"\nmethod = "rk"\noptions = { A = [["sqrt(sqrt(2 + sqrt(3)) - (sqrt(6) + sqrt(2))/2) + 1/2"]], '
                          'b = [1] }\norder = 2',),
    }))
    outcomes = {name: result.outcome for name, result in results.items()}
    for name in ("sum-order-2", "sum-R", "sine-form"):
        assert outcomes[name].status == "verified", (name, outcomes[name].message)
    assert_refuted(outcomes["sum-order-3"], ["order: claimed 3, computed 2"])
    assert outcomes["semiprime"].status == "error" and "with q above 10000 generates a field of degree" in outcomes["semiprime"].message
    zero = outcomes["zero-radicand"]
    assert zero.status == "error" and "internal error" not in zero.message and "not a real number" in zero.message, zero.message


ROOT_MODELS = """
[model.quadratic]
states = ["y"]
rhs = { y = "-y**2" }

[model.growth]
states = ["y"]
rhs = { y = "y**2" }

[model.cubic]
states = ["y"]
rhs = { y = "-y**3 + t" }
"""


def root_outcomes(check_claims, bodies):
    return {k: r.outcome for k, r in check_claims(claims_text(ROOT_MODELS, bodies)).items()}


def test_backward_euler_on_a_quadratic_is_the_root_that_continues_y0(check_claims):
    """y+ = y0 - h y+^2: y+ = (sqrt(1 + 4 h y0) - 1)/(2h); h = 1/10, y0 = 1: -5 + sqrt(35) = 0.9160797830996160..."""
    h, y0 = sympy.Rational(1, 10), 1
    root = (sympy.sqrt(1 + 4 * h * y0) - 1) / (2 * h)
    other = (-sympy.sqrt(1 + 4 * h * y0) - 1) / (2 * h)
    assert sympy.expand(root + h * root**2 - y0) == 0 and sympy.expand(other + h * other**2 - y0) == 0
    body = 'check = "run"\nmodel = "quadratic"\nmethod = "backward-euler"\noptions = { h = "1/10" }\ninitial = { y = 1 }\n'
    results = root_outcomes(check_claims, {
        "closed-form": (body + 'expect = { y = "(sqrt(1 + 4/10) - 1)/(2/10)", r_d_y = 0 }',),
        "digits": (body + f'digits = 10\nexpect = {{ y = "{sympy.N(root, 30).round(10)}" }}',),
        "other-root": (body + f'expect = {{ y = "{other}" }}',),
        "changed-digit": (body + 'digits = 6\nexpect = { y = "0.916081" }',),
    })
    assert results["closed-form"].status == "verified" and results["closed-form"].evidence == "exact", results["closed-form"].message
    assert "y = -5 + sqrt(35)" in results["closed-form"].message
    assert results["digits"].status == "verified" and results["digits"].evidence == "certified", results["digits"].message
    assert_refuted(results["other-root"], ["y: claimed", "computed -5 + sqrt(35)"])
    assert_refuted(results["changed-digit"], ["y: claimed 0.916081 at 6 decimals", "rounds to 0.91608"])


def test_backward_euler_on_a_cubic_is_a_crootof_decided_to_its_digits(check_claims):
    """y+ = 1 + (1/2)(-y+^3 + 1/2): 2Y^3 + 4Y - 5 = 0, one real root, bracketed here by bisection on Fractions."""
    low, high = F(0), F(1)
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if 2 * middle**3 + 4 * middle - 5 < 0 else (low, middle)
    shown = round(float(low), 8)
    assert abs(low - F(shown)) < F(1, 10**8)
    body = 'check = "run"\nmodel = "cubic"\nmethod = "backward-euler"\noptions = { h = "1/2" }\ninitial = { y = 1 }\ndigits = 8\n'
    results = root_outcomes(check_claims, {"true": (body + f'expect = {{ y = "{shown:.8f}" }}',),
                                           "wrong": (body + f'expect = {{ y = "{shown + 1e-8:.8f}" }}',)})
    assert results["true"].status == "verified", results["true"].message
    assert "CRootOf(2*x**3 + 4*x - 5, 0)" in results["true"].message
    assert_refuted(results["wrong"], ["y: claimed", "at 8 decimals"])


def test_no_real_root_is_an_error_and_a_second_step_goes_on_the_numerical_route(check_claims):
    """y' = y^2, h = 1/2 from 1: Y - 1 - Y^2/2 = 0 has no real root (the step size is past the blow-up)."""
    results = root_outcomes(check_claims, {
        "no-root": ('check = "run"\nmodel = "growth"\nmethod = "backward-euler"\noptions = { h = "1/2" }\ninitial = { y = 1 }\nexpect = { y = 1 }',),
        "two-steps": ('check = "run"\nmodel = "quadratic"\nmethod = "backward-euler"\noptions = { h = "1/10" }\ninitial = { y = 1 }\nsteps = 2\nexpect = { y = 1 }',),
    })
    assert results["no-root"].status == "error" and "meet or escape on the way from the explicit value 1" in results["no-root"].message
    two = results["two-steps"]  # the second step goes to the certified implicit route (its stages in intervals), which says why
    assert two.status == "refuted" and two.evidence == "certified" and "solved exactly only from rational values" in two.message


IMPLICIT_TABLEAUS = ["trapezoid", "implicit-midpoint", "gauss-legendre-4", "gauss-legendre-6", "radau-iia-3", "radau-iia-5", "lobatto-iiia-4",
                     "sdirk-2", "sdirk-3"]


@settings(max_examples=30, deadline=None)
@given(a=st.fractions(min_value=-5, max_value=5, max_denominator=12), b=st.fractions(min_value=-5, max_value=5, max_denominator=12),
       y0=st.fractions(min_value=-5, max_value=5, max_denominator=12), h=st.fractions(min_value=F(1, 12), max_value=1, max_denominator=12),
       steps=st.integers(1, 3), method=st.sampled_from(IMPLICIT_TABLEAUS))
def test_exact_runs_over_the_tableaus_field_agree_with_the_twin(a, b, y0, h, steps, method):
    """Random affine data y' = a y + b t + 1: the exact run (over QQ or the tableau's field) and the twin (its own
    literal coefficients, Newton at 50 digits) agree to 30 digits."""
    from verify.engines import crosscheck, twins
    from verify.input.model import symbol

    q = lambda v: sympy.Rational(v.numerator, v.denominator)  # noqa: E731
    model = model_from_table("affine", {"states": ["y"], "rhs": {"y": f"({a})*y + ({b})*t + 1"}}, None)
    try:
        result = run_method(METHODS[method], ExactSystem(model, {}), {"h": q(h)}, 0, [q(y0)], steps, keep=True, algebraic=True)
    except ZeroDivisionError:  # h a = an eigenvalue of A^-1: the stage system is singular
        assume(False)
    exact = result.exact(result.y[0])
    y, t = symbol("y"), symbol("t")
    approx = twins.solve(twins.Problem(method, {"h": q(h)}, [q(a) * y + q(b) * t + 1], [y], 0, [q(y0)], steps, blocks={}, time=t))[1][0]
    assert crosscheck.agree(exact, approx), (method, exact, approx)


def test_findings_of_the_adversarial_review_stay_fixed(check_claims):
    """A value 10^-317 above a tie is decided (not 'undecided'); one 10^-2017 away is an error; a digits == relation
    on an algebraic value is audited; an equality whose difference is exactly 0 is verified; a multistep method
    started by an irrational tableau runs over its field; abs in the right-hand side is a clean error."""
    tiny = lambda exponent: f"(sqrt(2) - 1414213562373095/1000000000000000)*10**(-{exponent})"  # noqa: E731 -- 4.9e-16 * 10^-exponent
    near = lambda exponent: f'"k1 + 1169/662 + 25*sqrt(3)/331 + 1/8 + {tiny(exponent)}"'  # noqa: E731 -- 1/8 plus a hair
    abs_model = '[model.kink]\nstates = ["y"]\nrhs = { y = "-abs(y) + t" }\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS + abs_model, {
        "hair-above-a-tie": (gauss4_body(f'digits = 2\nrounding = "half-even"\nexpect = {{ {near(300)} = "0.13" }}'),),
        "hair-below": (gauss4_body(f'digits = 2\nrounding = "half-even"\nexpect = {{ {near(300)} = "0.12" }}'),),
        "beyond-4096-bits": (gauss4_body(f'digits = 2\nexpect = {{ "k1 + 1169/662 + 25*sqrt(3)/331 + 1/8 + {tiny(1000)}*10**(-1000)" = "0.13" }}'),),
        "digits-relation": (gauss4_body('digits = 3\nexpect_relations = { k1 = "== -1.897" }'),),
        "zero-difference": (gauss4_body('expect = { "sqrt(-k1)" = "sqrt(1169/662 + 25*sqrt(3)/331)" }'),),
        "irrational-starter": ('check = "run"\nmodel = "forced"\nmethod = "abm-2"\noptions = { h = "1/10", start = "sdirk-2" }\ninitial = { y = 1 }\n'
                               'steps = 2\nexpect = { corrector = "278087/403280 - 83*sqrt(2)/40328" }',),
        "abs": ('check = "run"\nmodel = "kink"\nmethod = "gauss-legendre-4"\noptions = { h = "1/10" }\ninitial = { y = 1 }\nexpect = { y = 1 }',),
    })).items()}
    for name in ("hair-above-a-tie", "digits-relation", "zero-difference", "irrational-starter"):
        assert results[name].status == "verified", (name, results[name].message)
    assert results["digits-relation"].evidence == "certified"  # decided by an enclosure, and so labelled (it was "exact" once)
    assert_refuted(results["hair-below"], ["claimed 0.12 at 2 decimals", "rounds to 0.13"])
    assert results["beyond-4096-bits"].status == "error" and "not decided" in results["beyond-4096-bits"].message
    assert results["abs"].status == "error" and "internal error" not in results["abs"].message


def test_one_implicit_step_of_other_methods_on_a_quadratic_is_an_exact_root(check_claims):
    """y' = -y^2, h = 1/10, y0 = 1, each step's quadratic solved here by the quadratic formula (the root near y0):
    implicit midpoint k = -(1 + k/20)^2; trapezoid Y = 1 - (1 + Y^2)/20; BDF2 from y1 = 9/10:
    y2 - (4/3) y1 + (1/3) y0 = (2/3) h (-y2^2)."""
    h = sympy.Rational(1, 10)
    k = (-sympy.Rational(11, 10) + sympy.sqrt(sympy.Rational(6, 5))) / (2 * sympy.Rational(1, 400))  # (h/2)^2 k^2 + (1 + h) k + 1 = 0
    midpoint = 1 + h * k
    trapezoid = (-1 + sympy.sqrt(1 + 4 * (h / 2) * (1 - h / 2))) / h  # (h/2) Y^2 + Y - (1 - h/2) = 0
    bdf2 = (-15 + sympy.sqrt(277)) / 2  # y2^2 + 15 y2 - 13 = 0
    for value, equation in ((midpoint, lambda y: sympy.expand(((y - 1) / h) + (1 + (y - 1) / 2) ** 2)),
                            (trapezoid, lambda y: sympy.expand(y - 1 + h / 2 * (1 + y**2))),
                            (bdf2, lambda y: sympy.expand(y - sympy.Rational(6, 5) + sympy.Rational(1, 3) + sympy.Rational(2, 30) * y**2))):
        assert sympy.simplify(equation(value)) == 0 and abs(float(value) - 0.9) < 0.1  # the root near y0, not the one near -15
    body = 'check = "run"\nmodel = "quadratic"\noptions = { h = "1/10" }\ninitial = { y = 1 }\n'
    results = root_outcomes(check_claims, {
        "midpoint": (body.replace('options', 'method = "implicit-midpoint"\noptions') + f'expect = {{ y = "{midpoint}" }}',),
        "trapezoid": (body.replace('options', 'method = "trapezoid"\noptions') + f'expect = {{ y = "{trapezoid}" }}',),
        "bdf2": ('check = "run"\nmodel = "quadratic"\nmethod = "bdf-2"\noptions = { h = "1/10", history = { y = ["9/10"] } }\ninitial = { y = 1 }\n'
                 f'steps = 2\nexpect = {{ y = "{bdf2}" }}',),
        "trapezoid-other-root": (body.replace('options', 'method = "trapezoid"\noptions') + f'expect = {{ y = "{(-1 - sympy.sqrt(sympy.Rational(119, 100))) / h}" }}',),
    })
    for name in ("midpoint", "trapezoid", "bdf2"):
        assert results[name].status == "verified" and results[name].evidence == "exact", (name, results[name].message)
    assert_refuted(results["trapezoid-other-root"], ["y: claimed", "computed -10 + sqrt(119)"])


def test_a_branch_past_an_escaping_or_colliding_root_is_followed_with_certainty():
    """Where counting the real roots cannot decide (the leading coefficient or the discriminant vanishes on the path),
    number_field.continued_root follows the branch by interval path tracking (verify.engines.branch_tracking).  Each
    case is built with its answer: F = (u - r(lam)) Q(u, lam), Q(u, 0) = 1, and Q has no zero on the branch, so the
    branch from r(0) is r(lam) and ends at r(1), whatever Q's own roots do (they escape or collide); F_u = Q there, so
    the branch is simple.  A branch that meets another root (r crossing a root of Q) is not decided."""
    import random

    from verify.engines.number_field import BranchUndecided, continued_root

    u, lam = sympy.symbols("u lam")
    rng = random.Random(11)
    rational = lambda: sympy.Rational(rng.randint(-6, 6), rng.randint(1, 3))  # noqa: E731
    tracked = 0
    for _ in range(80):
        start = rational()
        r = start + rational() * lam + rational() * lam**2
        Q = (1 + lam * sum(rational() * u**i for i in range(rng.randint(1, 3)))
             + lam**2 * sum(rational() * u**i for i in range(rng.randint(0, 3))))
        on_branch = sympy.Poly(sympy.expand(Q.subs(u, r)), lam)
        if on_branch.count_roots(0, 1) or on_branch.eval(1) == 0:  # Q vanishes on the branch: no answer built in
            continue
        F = sympy.expand((u - r) * Q)
        critical = sympy.Poly(sympy.expand(sympy.Poly(F, u).LC() * sympy.discriminant(F, u)), lam)
        tracked += critical.is_zero or any(0 < x <= 1 for x in critical.real_roots())
        assert sympy.simplify(continued_root(F, u, lam, start) - r.subs(lam, 1)) == 0, (F, start)
    assert tracked >= 8  # the cases counting alone refused (11 of 80 with this seed)
    # the branch u = 1 + lam meets the root 4 - 1/lam of 1 + lam u - 4 lam where lam^2 - 3 lam + 1 = 0 (lam ~ 0.38)
    with pytest.raises(BranchUndecided):
        continued_root(sympy.expand((u - 1 - lam) * (1 + lam * u - 4 * lam)), u, lam, sympy.Integer(1))


def test_continued_root_counts_the_branch_and_refuses_folds():
    """number_field.continued_root on its own: the branch of u = 1 + lam h (u^2 - 4) (h = 3/5) from u = 1 is
    (5 - sqrt(109))/6, not the nearer (5 + sqrt(109))/6; a stage equation k = f(Y + lam b k) ('b' form) whose start
    is a repeated crossing is decided; y' = y^3 with h = 1/4 folds (its branch dies at h = 4/27): BranchUndecided."""
    from verify.engines.number_field import BranchUndecided, continued_root

    u, lam = sympy.symbols("u lam")
    h = sympy.Rational(3, 5)
    root = continued_root(sympy.expand(u - 1 - lam * h * (u**2 - 4)), u, lam, sympy.Integer(1))
    assert sympy.simplify(root - (5 - sympy.sqrt(109)) / 6) == 0
    # implicit midpoint on y' = y^4 - 2y^2 + 3 from y = 0, h = 1: k = f(k/2); at lam the equation in k has the
    # start 3 = f(0) and equation(3, lam) = 3 - f(3 lam/2), whose roots in lam repeat (f' = 0 at 0 and +-1)
    f = lambda x: x**4 - 2 * x**2 + 3  # noqa: E731
    stage = continued_root(sympy.expand(u - f(lam * u / 2)), u, lam, sympy.Integer(3))
    assert sympy.simplify(stage - f(stage / 2)) == 0
    with pytest.raises(BranchUndecided):
        continued_root(sympy.expand(u - 1 - lam * sympy.Rational(1, 4) * u**3), u, lam, sympy.Integer(1))


def test_the_review_findings_on_roots_stay_fixed(check_claims):
    """A fold is an error (not a numerical verdict on another root); a trapezoid trace may be an algebraic number;
    the nearer root of y' = y^2 - 4 is refuted; an embedded pair over QQ(sqrt(2)) is a clean error."""
    extra = ('[model.cube]\nstates = ["y"]\nrhs = { y = "y**3" }\n[model.sq4]\nstates = ["y"]\nrhs = { y = "y**2 - 4" }\n'
             '[model.quadratic]\nstates = ["y"]\nrhs = { y = "-y**2" }\n')
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS + extra, {
        "fold": ('check = "run"\nmodel = "cube"\nmethod = "backward-euler"\noptions = { h = "1/4" }\ninitial = { y = 1 }\nexpect = { y = "-2.382976" }\n'
                 'digits = 6',),
        "trace": ('check = "run"\nmodel = "quadratic"\nmethod = "trapezoid"\noptions = { h = "1/10" }\ninitial = { y = 1 }\n'
                  'trace = { y = ["-10 + sqrt(119)"] }',),
        "nearer-root": ('check = "run"\nmodel = "sq4"\nmethod = "backward-euler"\noptions = { h = "3/5" }\ninitial = { y = 1 }\n'
                        'expect = { y = "(5 + sqrt(109))/6" }',),
        "pair": ('check = "run"\nmodel = "forced"\nmethod = "rk"\noptions = { h = "1/10", A = [[0, 0], [1, 0]], b = ["1 - sqrt(2)/2", "sqrt(2)/2"], '
                 'bhat = [1, 0] }\ninitial = { y = 1 }\nexpect = { y = 1 }',),
    })).items()}
    assert results["fold"].status == "error" and "meet or escape" in results["fold"].message
    assert results["trace"].status == "verified", results["trace"].message
    assert_refuted(results["nearer-root"], ["y: claimed (5 + sqrt(109))/6", "computed 5/6 - sqrt(109)/6"])
    assert results["pair"].status == "error" and "internal error" not in results["pair"].message


def test_the_twin_passes_a_pole_on_its_continuation_path():
    """The trapezoid on y' = 4y + 1 with h = 1 from 0: the stage equation (1 - lam*h*4/2) k2 = ... is singular at
    lam = 1/2 on the twin's path from the explicit value, but not at lam = 1, where k2 = (1 + 1/2*4*1)/(1 - 2) = -3 by
    hand and y1 = 0 + 1/2*(1 + (-3)) = -1, the exact path's value."""
    from verify.engines import twins
    from verify.input.model import symbol

    y, t = symbol("y"), symbol("t")
    model = model_from_table("affine", {"states": ["y"], "rhs": {"y": "4*y + 1"}}, None)
    exact = run_method(METHODS["trapezoid"], ExactSystem(model, {}), {"h": sympy.Integer(1)}, 0, [sympy.Integer(0)], 1, keep=True)
    assert exact.y == [-1]
    twin = twins.solve(twins.Problem("trapezoid", {"h": sympy.Integer(1)}, [4 * y + 1], [y], 0, [sympy.Integer(0)], 1, blocks={}, time=t))
    assert abs(twin.y[0] + 1) < 1e-40


def test_radicals_of_one_base_generate_one_field_of_the_lcm_of_their_indices(check_claims):
    """c2 = 3**(1/5), b2 = 1/(2 c2) (sympy writes 3**(4/5)/6): QQ(3**(1/5)) of degree 5, not 5 * 5 = 25 (refused as
    more than 16 before).  One step on y' = -y with h = 1/10, by hand: y1 = 1 - h + h^2 b2 c2 = 1 - 1/10 + 1/200."""
    assert number_field.field_of([sympy.root(3, 5), sympy.root(3, 5) ** 4, sympy.sqrt(3)])[0].ext.minpoly.degree() == 10
    body = ('check = "run"\nmodel = "decay"\nmethod = "rk"\ninitial = {{ y = 1 }}\nsteps = 1\n'
            'options = {{ h = "1/10", A = [[0, 0], ["3**(1/5)", 0]], b = ["1 - 1/(2*3**(1/5))", "1/(2*3**(1/5))"] }}\nexpect = {{ y = "{}" }}\n')
    head = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
    results = check_claims(claims_text(head, {"true": (body.format("181/200"),), "changed-digit": (body.format("182/200"),)}))
    assert (results["true"].outcome.status, results["true"].outcome.evidence) == ("verified", "exact"), results["true"].outcome.message
    assert_refuted(results["changed-digit"].outcome, ["182/200", "181/200"])
