"""Implicit Runge-Kutta tableaus: exact stage solves for linear right-hand sides, stages traced, the twin's own data.

Hand computations use fractions.Fraction; stability functions and orders are compared with NodePy's catalogue.
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest
import sympy

from conftest import assert_refuted, claims_text
from verify.checks import stability
from verify.engines.methods import METHODS, TABLEAUS

MODELS = """
[model.forced]
states = ["y"]
rhs = { y = "-2*y + t" }
solution = { y = "(y0 - 1/4)*exp(-2*t) + t/2 - 1/4" }

[model.oscillator]
states = ["x", "v"]
rhs = { x = "v", v = "-x" }

[model.cubic]
states = ["y"]
rhs = { y = "-y**3" }
solution = { y = "y0/sqrt(1 + 2*y0**2*t)" }
"""
NODEPY = {"trapezoid": "LobattoIIIA2", "lobatto-iiia-4": "LobattoIIIA3", "gauss-legendre-4": "GL2", "gauss-legendre-6": "GL3",
          "radau-iia-3": "RadauIIA2", "radau-iia-5": "RadauIIA3", "implicit-midpoint": None}


def trapezoid_by_hand(steps, h=F(1, 10), y=F(1)):
    """y_{n+1} = y_n + h/2 (f(t_n, y_n) + f(t_{n+1}, y_{n+1})) for f = -2y + t, solved for y_{n+1} by hand."""
    values, t = [], F(0)
    for _ in range(steps):
        y = (y + h / 2 * (-2 * y + t + (t + h))) / (1 + h)
        t += h
        values.append(y)
    return values


def run(check_claims, bodies):
    return {k: r.outcome for k, r in check_claims(claims_text(MODELS, bodies)).items()}


def test_the_trapezoidal_rule_is_its_formula_by_hand(check_claims):
    values = trapezoid_by_hand(4)
    assert values[0] == F(181, 220)
    trace = ", ".join(f'"{v}"' for v in values)
    body = f'check = "run"\nmodel = "forced"\nmethod = "METHOD"\noptions = {{ h = 0.1 }}\ninitial = {{ y = 1 }}\nsteps = 4\ntrace = {{ y = [{trace}] }}'
    outcomes = run(check_claims, {"trapezoid": (body.replace("METHOD", "trapezoid"),), "crank-nicolson": (body.replace("METHOD", "crank-nicolson"),)})
    for outcome in outcomes.values():
        assert outcome.status == "verified" and outcome.evidence == "exact", outcome.message


def test_radau_iia_on_the_oscillator_is_its_stability_function_at_ih(check_claims):
    """Radau IIA (3rd order): R(z) = (1 + z/3)/(1 - 2z/3 + z^2/6); on x' = v, v' = -x from (1, 0) one step gives
    x + i v... with z = i h: at h = 1/2, R(i/2) = (520 + 284 i)/593, so x1 = 520/593 and v1 = -284/593."""
    z = sympy.I / 2
    R = sympy.nsimplify(sympy.expand_complex((1 + z / 3) / (1 - 2 * z / 3 + z**2 / 6)))
    assert (sympy.re(R), sympy.im(R)) == (sympy.Rational(520, 593), sympy.Rational(284, 593))
    body = 'check = "run"\nmodel = "oscillator"\nmethod = "radau-iia-3"\noptions = { h = "1/2" }\ninitial = { x = 1, v = 0 }\n'
    outcomes = run(check_claims, {"true": (body + 'expect = { x = "520/593", v = "-284/593" }\ncounts = { rhs = 2 }',),
                                  "flipped-sign": (body + 'expect = { v = "284/593" }',)})
    assert outcomes["true"].status == "verified" and outcomes["true"].evidence == "exact", outcomes["true"].message
    assert_refuted(outcomes["flipped-sign"], ["v: claimed 284/593, computed -284/593"])


def test_stages_are_traced_per_component_and_scalar(check_claims):
    """Trapezoid on y' = -2y + t, h = 1/10, y0 = 1: k1 = f(0, 1) = -2; k2 = f(1/10, y1) = -2 (181/220) + 1/10 = -17/11."""
    body = 'check = "run"\nmodel = "forced"\nmethod = "trapezoid"\noptions = { h = 0.1 }\ninitial = { y = 1 }\n'
    midpoint = 'check = "run"\nmodel = "oscillator"\nmethod = "implicit-midpoint"\noptions = { h = 1 }\ninitial = { x = 1, v = 0 }\n'
    # implicit midpoint on the oscillator, h = 1: k = f(y + k/2): k_x = v + k_v/2, k_v = -(1 + k_x/2) -> k_x = -2/5, k_v = -4/5
    outcomes = run(check_claims, {"scalar": (body + 'trace = { k1 = [-2], k2 = ["-17/11"] }',),
                                  "components": (midpoint + 'expect = { k1_x = "-2/5", k1_v = "-4/5", x = "3/5", v = "-4/5" }',),
                                  "wrong-stage": (body + 'trace = { k2 = ["-17/12"] }',)})
    for name in ("scalar", "components"):
        assert outcomes[name].status == "verified", outcomes[name].message
    assert_refuted(outcomes["wrong-stage"], ["trace k2", "-17/12", "-17/11"])


def test_a_given_square_tableau_runs_and_a_changed_coefficient_is_refuted(check_claims):
    """rk with A = [[1/2]] is the implicit midpoint rule: on y' = -2y + t, h = 1/10: k = -2(1 + k/20) + 1/20, so
    k = -39/22 and y1 = 181/220 (the trapezoid's value: the two agree on a right-hand side affine in y and t)."""
    body = 'check = "run"\nmodel = "forced"\nmethod = "rk"\noptions = { h = 0.1, A = [["A11"]], b = [1] }\ninitial = { y = 1 }\nexpect = { y = "181/220" }'
    assert F(1) + F(1, 10) * F(-39, 22) == F(181, 220) == trapezoid_by_hand(1)[0]
    outcomes = run(check_claims, {"midpoint": (body.replace("A11", "1/2"),), "changed-coefficient": (body.replace("A11", "1/3"),)})
    assert outcomes["midpoint"].status == "verified", outcomes["midpoint"].message
    assert_refuted(outcomes["changed-coefficient"], ["y: claimed 181/220, computed"])


@pytest.mark.parametrize("name", sorted(NODEPY))
def test_stability_functions_and_orders_agree_with_nodepy(name):
    rk = pytest.importorskip("nodepy.runge_kutta_method")
    h, lam, z = sympy.symbols("h lam z", real=True)
    M = stability.amplification(METHODS[name], {"h": h}, stability.DAHLQUIST, {"lam": lam})
    ours = sympy.simplify(M[0, 0].subs(lam, z / h))
    if NODEPY[name] is None:  # the implicit midpoint rule is 1-stage Gauss: R(z) = (1 + z/2)/(1 - z/2)
        assert sympy.simplify(ours - (1 + z / 2) / (1 - z / 2)) == 0
        return
    method = rk.loadRKM(NODEPY[name])
    p, q = method.stability_function()
    theirs = sum(sympy.nsimplify(c) * z**k for k, c in enumerate(reversed(list(p.coeffs)))) / \
        sum(sympy.nsimplify(c) * z**k for k, c in enumerate(reversed(list(q.coeffs))))
    assert sympy.simplify(ours - theirs) == 0
    assert method.order() == TABLEAUS[name].order


@pytest.mark.parametrize("name", ["gauss-legendre-4", "gauss-legendre-6", "radau-iia-3", "radau-iia-5", "lobatto-iiia-4", "sdirk-2", "sdirk-3",
                                  "trapezoid", "implicit-midpoint"])
def test_each_implicit_tableau_shows_its_order_on_a_nonlinear_problem(check_claims, name):
    """y' = -y^3 (Newton on the mpmath twin): the observed order is the tableau's; one less is refuted."""
    order = TABLEAUS[name].order
    steps = {2: "[16, 32, 64, 128]", 3: "[8, 16, 32, 64]"}.get(order, "[4, 8, 16, 32]")
    body = f'check = "order"\nmodel = "cubic"\nmethod = "{name}"\ninitial = {{ y = 1 }}\nt_end = 1\nsteps = {steps}\norder = ORDER'
    outcomes = run(check_claims, {"true": (body.replace("ORDER", str(order)),), "wrong-order": (body.replace("ORDER", str(order - 1)),)})
    assert outcomes["true"].status == "verified", outcomes["true"].message
    assert_refuted(outcomes["wrong-order"], [f"claimed order {order - 1}"])


def test_a_nonlinear_implicit_run_says_why_it_is_not_exact_and_an_algebraic_tableau_runs_exactly(check_claims):
    """(Gauss-Legendre over QQ(sqrt(3)) in detail: tests/test_algebraic_runs.py.)"""
    outcomes = run(check_claims, {
        "nonlinear": ('check = "run"\nmodel = "cubic"\nmethod = "radau-iia-3"\noptions = { h = 0.1 }\ninitial = { y = 1 }\nexpect = { y = 1 }',),
        "algebraic": ('check = "run"\nmodel = "forced"\nmethod = "gauss-legendre-4"\noptions = { h = 0.1 }\ninitial = { y = 1 }\nexpect = { y = 1 }',)})
    nonlinear = outcomes["nonlinear"]  # the certified implicit route: its stages solved in intervals (tests/test_certified_implicit.py)
    assert nonlinear.status == "refuted" and nonlinear.evidence == "certified" and "stage equations of radau-iia-3 are nonlinear" in nonlinear.message
    assert_refuted(outcomes["algebraic"], ["y: claimed 1, computed"])
    assert outcomes["algebraic"].evidence == "exact"


def test_a_wrong_coefficient_on_the_exact_path_is_caught_by_the_twin(check_claims, monkeypatch):
    """The twin reads its own tableau data: corrupt the exact trapezoid's b and the cross-check disagrees."""
    from verify.engines.methods import runge_kutta

    wrong = runge_kutta.ButcherTableau(A=((0, 0), (sympy.Rational(1, 2), sympy.Rational(1, 2))), b=(sympy.Rational(1, 3), sympy.Rational(2, 3)), c=(0, 1))
    monkeypatch.setattr(METHODS["trapezoid"], "tableau", wrong)
    outcome = run(check_claims, {"t": ('check = "run"\nmodel = "forced"\nmethod = "trapezoid"\noptions = { h = 0.1 }\ninitial = { y = 1 }\nexpect = { y = "181/220" }',)})["t"]
    assert outcome.status == "error" and "mpmath" in outcome.message, outcome.message


def test_stability_functions_of_implicit_tableaus_and_wrong_versions(check_claims):
    body = 'check = "stability"\nmethod = "{m}"\nequals = "{R}"'
    outcomes = run(check_claims, {
        "gauss": (body.format(m="gauss-legendre-4", R="(1 + z/2 + z**2/12)/(1 - z/2 + z**2/12)"),),
        "sdirk-2": (body.format(m="sdirk-2", R="(1 + (1 - 2*g)*z)/(1 - g*z)**2".replace("g", "(1 - 1/sqrt(2))")),),
        "gauss-wrong-sign": (body.format(m="gauss-legendre-4", R="(1 + z/2 + z**2/12)/(1 - z/2 - z**2/12)"),),
        "radau-is-not-gauss": (body.format(m="radau-iia-3", R="(1 + z/2 + z**2/12)/(1 - z/2 + z**2/12)"),)})
    for name in ("gauss", "sdirk-2"):
        assert outcomes[name].status == "verified" and outcomes[name].evidence == "symbolic", outcomes[name].message
    assert_refuted(outcomes["gauss-wrong-sign"], ["claimed", "computed"])
    assert_refuted(outcomes["radau-is-not-gauss"], ["claimed", "computed"])


@pytest.mark.parametrize("name, a_stable, l_stable", [("gauss-legendre-4", True, False), ("gauss-legendre-6", True, False), ("radau-iia-3", True, True),
                                                      ("radau-iia-5", True, True), ("trapezoid", True, False), ("implicit-midpoint", True, False),
                                                      ("lobatto-iiia-4", True, False), ("backward-euler", True, True), ("rk4", False, False),
                                                      ("heun", False, False)])
def test_a_and_l_stability_by_the_e_polynomial(check_claims, name, a_stable, l_stable):
    """Hairer & Wanner II, sec. IV.3-IV.5: Gauss and the trapezoid A- not L-stable, Radau IIA and backward Euler L-stable,
    explicit methods not A-stable.  The flipped claim must be refuted."""
    body = f'check = "stability"\nmethod = "{name}"\na_stable = A\nl_stable = L'
    flip = lambda b: str(not b).lower()  # noqa: E731
    outcomes = run(check_claims, {"true": (body.replace("A", str(a_stable).lower()).replace("L", str(l_stable).lower()),),
                                  "flipped": (body.replace("A", flip(a_stable)).replace("L", str(l_stable).lower()),)})
    assert outcomes["true"].status == "verified" and outcomes["true"].evidence == "symbolic", outcomes["true"].message
    assert_refuted(outcomes["flipped"], [f"claimed a_stable = {flip(a_stable)}"])


def test_a_pole_in_the_left_half_plane_is_not_a_stable(check_claims):
    """rk with A = [[-1]], b = [1]: k = lam (y - h k), R(z) = 1 + z/(1 + z) = (1 + 2z)/(1 + z), a pole at z = -1."""
    body = 'check = "stability"\nmethod = "rk"\noptions = { A = [[-1]], b = [1] }\na_stable = A'
    outcomes = run(check_claims, {"true": (body.replace("A =", "A =").replace("a_stable = A", "a_stable = false"),),
                                  "wrong": (body.replace("a_stable = A", "a_stable = true"),)})
    assert outcomes["true"].status == "verified" and "1 with Re <= 0" in outcomes["true"].message, outcomes["true"].message
    assert_refuted(outcomes["wrong"], ["claimed a_stable = true, computed A-stable: no"])


def test_a_stability_with_algebraic_coefficients(check_claims):
    """SDIRK-2 (QQ(sqrt 2)) and SDIRK-3 (QQ(gamma)) are L-stable (Alexander 1977); the 2-stage SDIRK family with
    b = (1/2, 1/2) and gamma = sqrt(2)/10 is not A-stable: |R(iy)| exceeds 1 (checked here with mpmath too)."""
    import mpmath

    gamma = mpmath.sqrt(2) / 10
    A = mpmath.matrix([[gamma, 0], [1 - 2 * gamma, gamma]])

    def R(z):
        return 1 + z * (mpmath.matrix([[0.5, 0.5]]) * mpmath.inverse(mpmath.eye(2) - z * A) * mpmath.matrix([[1], [1]]))[0]

    assert max(abs(R(1j * y)) for y in range(1, 40)) > 1
    results = check_claims("""
        [[claim]]
        id = "sdirk-2"
        statement = "s"
        check = "stability"
        method = "sdirk-2"
        a_stable = true
        l_stable = true

        [[claim]]
        id = "sdirk-3"
        statement = "s"
        check = "stability"
        method = "sdirk-3"
        l_stable = true

        [[claim]]
        id = "small-gamma"
        statement = "s"
        check = "stability"
        method = "rk"
        options = { A = [["sqrt(2)/10", 0], ["1 - sqrt(2)/5", "sqrt(2)/10"]], b = ["1/2", "1/2"] }
        a_stable = true
    """)
    for claim_id in ("sdirk-2", "sdirk-3"):
        assert results[claim_id].outcome.status == "verified", results[claim_id].outcome.message
    wrong = results["small-gamma"].outcome
    assert wrong.status == "refuted" and "claimed a_stable = true, computed A-stable: no" in wrong.message


def test_a_column_of_an_expression_is_a_list_in_expect_at_nodes(check_claims):
    """A fresh user's review of 2026-12-05: a page's column of solution(y) at every step written as a list in
    expect_at_nodes was refused; a second review (Burden & Faires' t and error columns) asked for it.  A list has one
    value per node after the start (e^-0.1 = 0.904837..., e^-0.2 = 0.818730...); a changed digit is refuted at its node,
    and a list with the row at t0 or of another length is an error that says so.  A trace is still of states and
    method quantities (its message names cases, which work too)."""
    text = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\nsolution = { y = "y0*exp(-t)" }\n'
    body = 'check = "run"\nmodel = "decay"\nmethod = "euler"\noptions = { h = 0.1 }\ninitial = { y = 1 }\n'
    results = check_claims(claims_text(text, {
        "trace": (body + 'steps = 2\ntrace = { "solution(y)" = ["0.9048", "0.8187"] }',),
        "nodes": (body + 'steps = 2\ndigits = 4\nexpect_at_nodes = { "solution(y)" = ["0.9048", "0.8187"], t = ["0.1", "0.2"], y = ["0.9", "0.81"] }',),
        "nodes-changed-digit": (body + 'steps = 2\ndigits = 4\nexpect_at_nodes = { "solution(y)" = ["0.9048", "0.8188"] }',),
        "nodes-exact-wrong": (body + 'steps = 2\nexpect_at_nodes = { y = ["9/10", "81/101"] }',),
        "nodes-with-start": (body + 'steps = 2\ndigits = 4\nexpect_at_nodes = { "solution(y)" = ["1.0000", "0.9048", "0.8187"] }',),
        "nodes-short": (body + 'steps = 3\ndigits = 4\nexpect_at_nodes = { "solution(y)" = ["0.9048", "0.8187"] }',),
        "cases": (body + 'steps = "n"\ndigits = 4\ncases = [{ n = 1, v = "0.9048" }, { n = 2, v = "0.8187" }]\nexpect = { "solution(y)" = "v" }',)}))
    assert results["trace"].outcome.status == "error" and 'steps = "n" with cases = [{ n = 1, v = "..." }' in results["trace"].outcome.message
    assert results["nodes"].outcome.status == "verified", results["nodes"].outcome.message
    assert_refuted(results["nodes-changed-digit"].outcome, ["solution(y) at node 2: claimed 0.8188 at 4 decimals", "which rounds to 0.8187"])
    assert_refuted(results["nodes-exact-wrong"].outcome, ["y at node 2 (t = 1/5): claimed 81/101, computed 81/100"])
    assert results["nodes-with-start"].outcome.status == "error" and "leave out the first value" in results["nodes-with-start"].outcome.message
    assert results["nodes-short"].outcome.status == "error" and "2 values for 3 macro nodes" in results["nodes-short"].outcome.message
    cases = {claim_id: r.outcome for claim_id, r in results.items() if claim_id.startswith("cases[")}
    assert len(cases) == 2 and all(o.status == "verified" for o in cases.values()), cases
