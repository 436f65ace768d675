"""Orders proved from coefficients (check = "order" without a model): Runge-Kutta order conditions over the
rooted trees, multistep error constants and zero-stability."""
from __future__ import annotations

from fractions import Fraction as F

import pytest
import sympy
from hypothesis import given, settings, strategies as st

from conftest import assert_refuted, claims_text
from verify.checks.order.conditions import _conditions, _principal_errors
from verify.engines import number_field, rooted_trees
from verify.engines.methods.runge_kutta import TABLEAUS



def test_trees_are_counted_as_in_oeis_a000081():
    assert [len(rooted_trees.trees(n)) for n in range(1, 11)] == [1, 1, 2, 4, 9, 20, 48, 115, 286, 719]
    assert all(len(set(rooted_trees.trees(n))) == len(rooted_trees.trees(n)) for n in range(1, 9))


def test_density_and_symmetry_agree_with_nodepy():
    rt = pytest.importorskip("nodepy.rooted_trees")
    for n in range(1, 8):
        theirs = sorted((t.density(), t.symmetry()) for t in rt.list_trees(n))
        assert sorted((rooted_trees.density(t), rooted_trees.symmetry(t)) for t in rooted_trees.trees(n)) == theirs


def _exact(tableau, weights=None):
    s = tableau.stages
    field, values = number_field.field_of([*(a for row in tableau.A for a in row), *(weights or tableau.b)])
    return field, [values[i * s:(i + 1) * s] for i in range(s)], values[s * s:]


@pytest.mark.parametrize("name", sorted(TABLEAUS))
def test_orders_and_principal_error_norms_of_named_tableaus_agree_with_nodepy(name):
    rk = pytest.importorskip("nodepy.runge_kutta_method")
    np = pytest.importorskip("numpy")
    tableau = TABLEAUS[name]
    field, A, b = _exact(tableau)
    conditions = _conditions(field, A, b, tableau.order + 1)
    assert conditions.order == tableau.order
    _, squared = _principal_errors(field, conditions)
    to_float = lambda v: float(sympy.N(v, 30))  # noqa: E731
    A_f = np.array([[to_float(a) for a in row] for row in tableau.A])
    b_f = np.array([to_float(v) for v in tableau.b])
    if tableau.bhat is None:
        theirs = rk.RungeKuttaMethod(A_f, b_f)
    else:
        theirs = rk.ExplicitRungeKuttaPair(A_f, b_f, np.array([to_float(v) for v in tableau.bhat]))
        field_hat, A_hat, bhat = _exact(tableau, tableau.bhat)
        assert _conditions(field_hat, A_hat, bhat, tableau.order + 1).order == theirs.embedded_method.order(tol=1e-10)
    assert theirs.order(tol=1e-10) == tableau.order
    assert float(sympy.sqrt(field.to_sympy(squared))) == pytest.approx(theirs.principal_error_norm(tol=1e-10), rel=1e-9)


def test_rk4_error_coefficients_by_hand():
    """The nine order-5 conditions of RK4 written out with Fractions: e(t) = (Phi(t) - 1/gamma(t))/sigma(t)."""
    b, c = [F(1, 6), F(1, 3), F(1, 3), F(1, 6)], [F(0), F(1, 2), F(1, 2), F(1)]
    A = [[0, 0, 0, 0], [F(1, 2), 0, 0, 0], [0, F(1, 2), 0, 0], [0, 0, 1, 0]]

    def times_A(v):
        return [sum(A[i][j] * v[j] for j in range(4)) for i in range(4)]

    def dot(*vectors):
        return sum(b[i] * __import__("math").prod(v[i] for v in vectors) for i in range(4))

    c2, c3 = [x**2 for x in c], [x**3 for x in c]
    Ac, Ac2, Ac3 = times_A(c), times_A(c2), times_A(c3)
    cAc = [c[i] * Ac[i] for i in range(4)]
    by_hand = [  # (Phi, gamma, sigma)
        (dot(c, c, c, c), 5, 24), (dot(c, c, Ac), 10, 2), (dot(c, Ac2), 15, 2), (dot(c, times_A(Ac)), 30, 1), (dot(Ac, Ac), 20, 2),
        (dot(Ac3), 20, 6), (dot(times_A(cAc)), 40, 1), (dot(times_A(Ac2)), 60, 2), (dot(times_A(times_A(Ac))), 120, 1)]
    errors = sorted((phi - F(1, gamma)) / sigma for phi, gamma, sigma in by_hand)
    field, A_k, b_k = _exact(TABLEAUS["rk4"])
    conditions = _conditions(field, A_k, b_k, 5)
    ours, squared = _principal_errors(field, conditions)
    assert sorted(F(int(e.p), int(e.q)) for e in ours) == errors
    assert F(int(field.to_sympy(squared).p), int(field.to_sympy(squared).q)) == sum(e * e for e in errors) == F(1745, 2880**2)


def test_named_claims_are_verified_with_their_leading_terms(check_claims):
    results = check_claims("""
        [[claim]]
        id = "rk4"
        statement = "RK4 has order 4; principal error norm sqrt(1745)/2880"
        check = "order"
        method = "rk4"
        order = 4
        principal_error_norm = "sqrt(1745)/2880"

        [[claim]]
        id = "gl6"
        statement = "3-stage Gauss-Legendre has order 6"
        check = "order"
        tableau = "gauss-legendre-6"
        order = 6

        [[claim]]
        id = "fehlberg"
        statement = "Fehlberg 4(5): the propagated solution has order 4, the embedded one 5"
        check = "order"
        method = "fehlberg-45"
        order = 4
        embedded_order = 5

        [[claim]]
        id = "sdirk3"
        statement = "Alexander's SDIRK has order 3"
        check = "order"
        method = "sdirk-3"
        order = 3
    """)
    for claim_id in ("rk4", "gl6", "fehlberg", "sdirk3"):
        outcome = results[claim_id].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "exact"), (claim_id, outcome.message)
    assert "at order 5 b·c^4 = 1/5 fails (tree [τ^4]): Phi = 5/24, residual 1/120" in results["rk4"].outcome.message
    assert results["rk4"].outcome.computed["principal_error_norm"].startswith("sqrt(1745)/2880")
    assert "QQ<sqrt(15)>" in results["gl6"].outcome.derivation[0]
    assert "embedded order 5" in results["fehlberg"].outcome.message


# Lambert (1991), sec. 3.3 / Hairer, Norsett & Wanner I, sec. III.2: (order, C_{p+1} with alpha_k = 1).
MULTISTEP_CONSTANTS = {
    "adams-bashforth-1": (1, "1/2"), "adams-bashforth-2": (2, "5/12"), "adams-bashforth-3": (3, "3/8"),
    "adams-bashforth-4": (4, "251/720"), "adams-bashforth-5": (5, "95/288"),
    "adams-moulton-1": (2, "-1/12"), "adams-moulton-2": (3, "-1/24"), "adams-moulton-3": (4, "-19/720"),
    "adams-moulton-4": (5, "-3/160"), "adams-moulton-5": (6, "-863/60480"),
    "bdf-1": (1, "-1/2"), "bdf-2": (2, "-2/9"), "bdf-3": (3, "-3/22"), "bdf-4": (4, "-12/125"), "bdf-5": (5, "-10/137"), "bdf-6": (6, "-20/343"),
    "abm-2": (2, "-1/12"), "abm-3": (3, "-1/24"), "abm-4": (4, "-19/720"), "abm-5": (5, "-3/160"),
}


def test_multistep_orders_and_error_constants(check_claims):
    body = "".join(f'\n[[claim]]\nid = "{name}"\nstatement = "s"\ncheck = "order"\nmethod = "{name}"\norder = {p}\nerror_constant = "{c}"\n'
                   for name, (p, c) in MULTISTEP_CONSTANTS.items())
    results = check_claims(body)
    for name in MULTISTEP_CONSTANTS:
        outcome = results[name].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "exact"), (name, outcome.message)
    # BDF-K: C_{p+1}/sigma(1) = -1/(K+1) (sigma(1) = beta_k for BDF)
    assert results["bdf-2"].outcome.computed["normalized_error_constant"] == "-1/3"
    assert "Lambert 1991, sec. 4.2" in " ".join(results["abm-3"].outcome.derivation)


BAD = {
    "pi-in-tableau": ('method = "rk"\noptions = { A = [[0, 0], ["pi", 0]], b = ["1/2", "1/2"] }\norder = 2', "pi is not a real algebraic number"),
    # a family's b at c2 = 1/4, where it divides by zero (an external review of 2026-12-07 read "zoo is not a real
    # algebraic number")
    "family-divides-by-zero": ('parameters = { c2 = "1/4" }\nmethod = "rk"\noptions = { A = [["1/4", 0], ["c2 - 1/4", "1/4"]], '
                               'b = ["2*(2*c2 - 1)/(4*c2 - 1)", "1/(4*c2 - 1)"], c = ["1/4", "c2"] }\norder = 2',
                               "zoo is not a number (a coefficient divides by zero at these values)"),
    "order-negative": ('method = "rk4"\norder = -1', "order must be an integer from 0"),
    "order-text": ('method = "rk4"\norder = "four"', "order must be an integer"),
    "tableau-of-multistep": ('tableau = "bdf-2"\norder = 2', "tableau names a Runge-Kutta tableau"),
    # an unknown name, or both keys (an adversarial review of 2026-12-07: the same message for both, naming neither)
    "tableau-misspelt": ('tableau = "dormand-prince-45"\norder = 5', "tableau: unknown method 'dormand-prince-45' (did you mean dormand-prince-54?"),
    "tableau-and-method": ('method = "rk4"\ntableau = "dormand-prince-54"\norder = 4', "give either tableau or method, not both"),
    "steps-without-model": ('method = "rk4"\norder = 4\nsteps = [10, 20]', "steps: not read for this method; only for an observed order"),
    "no-claimed-order": ('method = "rk4"', "needs 'order'"),
    "embedded-without-pair": ('method = "rk4"\norder = 4\nembedded_order = 3', "embedded_order needs an embedded pair"),
    "frozen-slow-without-model": ('method = "frozen-slow-euler"\norder = 1', "needs a model"),
    "multistep-key-on-a-tableau": ('method = "rk4"\norder = 4\nerror_constant = "999"', "error_constant: not read for this method"),
    "tableau-key-on-multistep": ('method = "bdf-2"\norder = 2\nprincipal_error_norm = "123"', "principal_error_norm: not read"),
    "options-on-a-named-tableau": ('method = "rk4"\noptions = { A = [[0]], b = [1] }\norder = 4', "a named method takes no options here"),
    "misspelt-option": ('method = "rk"\noptions = { A = [[0, 0], ["1/3", 0]], b = ["1/4", "3/4"], C = [0, "1/3"] }\norder = 2',
                        "options C do not define the coefficients"),
    "list-entry": ('method = "rk"\noptions = { A = [[0, 0], [[1], 0]], b = ["1/2", "1/2"] }\norder = 2', "must be numbers"),
    "unknown-method": ('method = "bdf-7"\norder = 7', "unknown method 'bdf-7'"),
    "sigma-one-zero": ('method = "lmm"\noptions = { alpha = [1, -2, 1], beta = [1, 0, -1] }\nnormalized_error_constant = "1"', "sigma(1) = 0"),
    "large-field": ('method = "rk"\noptions = { A = [[0, 0], ["(sqrt(2)+sqrt(3)+sqrt(5)+sqrt(7)+sqrt(11))/100", 0]], b = ["1/2", "1/2"] }\norder = 1',
                    "degree up to 32"),
}


def test_bad_order_claims_are_one_line_errors(check_claims):
    body = "".join(f'\n[[claim]]\nid = "{key}"\nstatement = "s"\ncheck = "order"\n{text}\n' for key, (text, _) in BAD.items())
    results = check_claims(body)
    for key, (_, fragment) in BAD.items():
        outcome = results[key].outcome
        assert outcome.status == "error" and fragment in outcome.message and "internal error" not in outcome.message, (key, outcome.message)
        assert "\n" not in outcome.message


fractions = st.fractions(min_value=-3, max_value=3, max_denominator=6)


@settings(max_examples=25, deadline=None)
@given(a21=fractions, a31=fractions, a32=fractions, b=st.lists(fractions, min_size=3, max_size=3))
def test_random_explicit_tableaus_agree_with_nodepy_exact_order(a21, a31, a32, b):
    rk = pytest.importorskip("nodepy.runge_kutta_method")
    A = [[0, 0, 0], [a21, 0, 0], [a31, a32, 0]]
    field, values = number_field.field_of([sympy.Rational(v.numerator, v.denominator) for row in A for v in map(F, row)]
                                          + [sympy.Rational(v.numerator, v.denominator) for v in b])
    A_k, b_k = [values[0:3], values[3:6], values[6:9]], values[9:]
    ours = _conditions(field, A_k, b_k, 4).order
    np = pytest.importorskip("numpy")
    exact = lambda v: sympy.Rational(F(v).numerator, F(v).denominator)  # noqa: E731
    theirs = rk.ExplicitRungeKuttaMethod(np.array([[exact(v) for v in row] for row in A], dtype=object),
                                         np.array([exact(v) for v in b], dtype=object)).order(mode="exact")
    assert ours == min(theirs, 4)


def test_root_condition_on_irreducible_factors_with_roots_on_the_circle(check_claims):
    """The 8-point closed Newton-Cotes method y_(n+7) - y_n = h sum beta_j f_(n+j): rho = zeta^7 - 1 has the
    simple roots e^(2 pi i k/7) (a degree-6 cyclotomic factor); beta = 7 (751, 3577, 1323, 2989, 2989, 1323, 3577, 751)/17280,
    the 8-point Newton-Cotes weights on [0, 7h]; order 8 and C_9 = -8183/518400 (C_q recomputed with Fractions)."""
    beta = '["5257/17280", "25039/17280", "343/640", "20923/17280", "20923/17280", "343/640", "25039/17280", "5257/17280"]'
    results = check_claims(f"""
        [[claim]]
        id = "newton-cotes-8"
        statement = "s"
        check = "order"
        method = "lmm"
        options = {{ alpha = [-1, 0, 0, 0, 0, 0, 0, 1], beta = {beta} }}
        order = 8
        error_constant = "-8183/518400"

        [[claim]]
        id = "inconsistent"
        statement = "s"
        check = "order"
        method = "lmm"
        options = {{ alpha = [-1, 1], beta = [0, 2] }}
        error_constant = "1"
    """)
    outcome = results["newton-cotes-8"].outcome
    assert (outcome.status, outcome.evidence) == ("verified", "exact"), outcome.message
    assert "no root outside the unit circle, one at least on it" in " ".join(outcome.derivation)
    inconsistent = results["inconsistent"].outcome
    assert inconsistent.status == "refuted" and "not consistent" in inconsistent.message


def test_a_norm_outside_the_field_is_refuted_by_an_enclosure(check_claims):
    results = check_claims("""
        [[claim]]
        id = "pi"
        statement = "s"
        check = "order"
        method = "rk4"
        order = 4
        principal_error_norm = "pi/200"
    """)
    outcome = results["pi"].outcome
    assert (outcome.status, outcome.evidence) == ("refuted", "certified"), outcome.message
    assert "claimed pi/200, computed sqrt(1745)/2880" in outcome.message and "mpmath.iv" in outcome.message


def test_a_tableau_given_as_keys_of_the_claim(check_claims):
    """Ralston's method as A, b on the claim itself (the SPEC's form): order 2, principal error norm 1/6."""
    results = check_claims("""
        [[claim]]
        id = "ralston"
        statement = "s"
        check = "order"
        A = [[0, 0], ["2/3", 0]]
        b = ["1/4", "3/4"]
        order = 2
        principal_error_norm = "1/6"

        [[claim]]
        id = "ralston-order-3"
        statement = "s"
        check = "order"
        A = [[0, 0], ["2/3", 0]]
        b = ["1/4", "3/4"]
        order = 3
    """)
    assert results["ralston"].outcome.status == "verified", results["ralston"].outcome.message
    assert results["ralston-order-3"].outcome.status == "refuted" and "claimed 3, computed 2" in results["ralston-order-3"].outcome.message


def test_a_principal_error_norm_printed_to_some_decimals(check_claims):
    """Review of 2026-12-05 (a new user with Dormand & Prince's table): the published 3.99e-4 for DOPRI5 could be
    claimed neither with digits nor as a decimal.  sqrt(16719)/324000 = 0.00039908016...: 0.000399 at 6 decimals holds,
    0.000398 is refuted; Heun's sqrt(5)/12 = 0.18633... rounds to 0.19; digits without a norm, or on an observed order,
    is an error."""
    import math

    assert f"{math.sqrt(16719) / 324000:.6f}" == "0.000399" and f"{math.sqrt(5) / 12:.2f}" == "0.19"
    results = check_claims("""
        [model.decay]
        states = ["y"]
        rhs = { y = "-y" }

        [[claim]]
        id = "dp"
        statement = "s"
        check = "order"
        method = "dormand-prince-54"
        order = 5
        principal_error_norm = "0.000399"
        digits = 6

        [[claim]]
        id = "dp-wrong"
        statement = "s"
        check = "order"
        method = "dormand-prince-54"
        order = 5
        principal_error_norm = "0.000398"
        digits = 6

        [[claim]]
        id = "heun"
        statement = "s"
        check = "order"
        method = "heun"
        order = 2
        principal_error_norm = "0.19"
        digits = 2

        [[claim]]
        id = "no-norm"
        statement = "s"
        check = "order"
        method = "rk4"
        order = 4
        digits = 3

        [[claim]]
        id = "observed"
        statement = "s"
        check = "order"
        model = "decay"
        method = "rk4"
        initial = { y = 1 }
        t_end = 1
        steps = [10, 20, 40]
        order = 4
        digits = 3
    """)
    outcome = {k: r.outcome for k, r in results.items()}
    for name in ("dp", "heun"):
        assert (outcome[name].status, outcome[name].evidence) == ("verified", "certified"), outcome[name].message
    assert outcome["dp-wrong"].status == "refuted"
    assert "principal error norm: claimed 0.000398 at 6 decimals" in outcome["dp-wrong"].message and "rounds to 0.000399" in outcome["dp-wrong"].message
    assert outcome["no-norm"].status == "error" and "goes with principal_error_norm" in outcome["no-norm"].message
    assert outcome["observed"].status == "error" and "an observed order has a tolerance" in outcome["observed"].message


def test_order_0_is_a_claim_like_any_other(check_claims):
    """A review of 2026-12-06: "Euler has order 0" (false: b·1 = 1 holds, b·c = 1/2 does not, so order 1) was refused
    as malformed input ("order must be an integer from 1 to 10"), although the check computes order 0 (a weight
    vector that does not sum to 1) and the README names order 0 of a multistep method."""
    from conftest import assert_refuted

    body = 'check = "order"\nmethod = "rk"\noptions = { A = [["0"]], b = ["1/2"], c = ["0"] }\n'
    results = check_claims("""
[[claim]]
id = "euler-order-0"
statement = "s"
check = "order"
method = "euler"
order = 0

[[claim]]
id = "half-weight-order-0"
statement = "s"
""" + body + """order = 0

[[claim]]
id = "half-weight-order-1"
statement = "s"
""" + body + """order = 1

[[claim]]
id = "ab2-order-0"
statement = "s"
check = "order"
method = "adams-bashforth-2"
order = 0
""")
    assert_refuted(results["euler-order-0"].outcome, ["claimed 0, computed 1", "b·c = 1/2 fails"])
    assert (results["half-weight-order-0"].outcome.status, results["half-weight-order-0"].outcome.evidence) == ("verified", "exact")
    assert_refuted(results["half-weight-order-1"].outcome, ["claimed 1, computed 0", "b·1 = 1 fails"])
    assert_refuted(results["ab2-order-0"].outcome, ["claimed 0, computed 2"])


def test_a_claimed_order_above_the_autonomous_one_is_refuted_whatever_c_is(check_claims):
    """RungeKutta.jl's RK42 has a43 = 1 where Butcher (2016, p. 102) has 2, and c4 = 1, not the row sum 0: 'order 4' was
    an error ('the tree conditions assume c = A 1').  b.A1 = 2/3 * 1/2 = 1/3 (by hand: A1 = (0, 1/4, 1/2, 0)) fails
    order 2 on autonomous problems, so on y' = f(t, y) too: its order there is 1, and 'order 1' is verified (it was an
    error while the order on y' = f(t, y) was not decided for a c that is not A 1)."""
    from conftest import assert_refuted, claims_text

    tableau = 'check = "order"\nmethod = "rk"\noptions = { A = [[0, 0, 0, 0], ["1/4", 0, 0, 0], [0, "1/2", 0, 0], [1, -2, 1, 0]], b = ["1/6", 0, "2/3", "1/6"], c = [0, "1/4", "1/2", 1] }\n'
    results = {k: r.outcome for k, r in check_claims(claims_text("", {"four": (tableau + "order = 4",), "one": (tableau + "order = 1",)})).items()}
    assert_refuted(results["four"], ["order: claimed 4, computed 1 on y' = f(t, y) (c_4 = 1 is not the row sum 0 of A): at order 2",
                                     "on autonomous problems, where c is unused, 1"])
    assert (results["one"].status, results["one"].evidence) == ("verified", "exact"), results["one"].message
    assert "order 1 on y' = f(t, y)" in results["one"].message


def _local_error_order(A, b, c, f, t, y, terms: int = 7) -> int:
    """The power of h of the first term where one step of the tableau on y' = f(t, y) from (0, 1/3) and the solution's
    Taylor series differ (the local error's order, p + 1), both expanded in h by sympy up to h^terms: an independent
    reading of the order on a non-autonomous problem (no trees)."""
    h = sympy.Symbol("h")
    t0, y0 = sympy.Integer(0), sympy.Rational(1, 3)

    def truncated(e):
        return sympy.series(sympy.expand(e), h, 0, terms + 1).removeO()

    k = []
    for i in range(len(b)):
        stage = y0 + h * sum((A[i][j] * k[j] for j in range(i)), sympy.Integer(0))
        k.append(truncated(f.subs({t: t0 + c[i] * h, y: stage}, simultaneous=True)))
    step = sympy.expand(y0 + h * sum(b[i] * k[i] for i in range(len(b))))
    derivative, exact = f, y0 + sum(sympy.Integer(0) for _ in ())
    for n in range(1, terms + 1):  # y^(n) = (d/dt + f d/dy)^(n-1) f along the solution
        exact += derivative.subs({t: t0, y: y0}) * h**n / sympy.factorial(n)
        derivative = sympy.expand(sympy.diff(derivative, t) + f * sympy.diff(derivative, y))
    difference = sympy.Poly(sympy.expand(step - exact), h)
    powers = [m[0] for m, v in difference.terms() if v != 0 and m[0] <= terms]
    return min(powers) if powers else terms + 1


def _order_claim(A, b, c) -> str:
    """The head of an order claim about the tableau (A, b, c), every coefficient a quoted fraction."""
    text = lambda row: "[" + ", ".join(f'"{v}"' for v in row) + "]"  # noqa: E731
    return f'check = "order"\nmethod = "rk"\noptions = {{ A = [{", ".join(text(r) for r in A)}], b = {text(b)}, c = {text(c)} }}\n'


TABLEAUS_WITH_OTHER_NODES = {  # (A, b, c), c not A 1, and the order on y' = f(t, y) the tree markings give
    "halves": ([[0, 0], [1, 0]], [F(1, 2), F(1, 2)], [F(1, 2), F(1, 2)], 2),  # b·c = b·A1 = 1/2, b·c^2 = 1/4
    "heun3-c3": ([[0, 0, 0], [F(1, 3), 0, 0], [0, F(2, 3), 0]], [F(1, 4), 0, F(3, 4)], [0, F(1, 3), F(1, 3)], 1),
    "rk4-c-moved": ([[0, 0, 0, 0], [F(1, 2), 0, 0, 0], [0, F(1, 2), 0, 0], [0, 0, 1, 0]], [F(1, 6), F(1, 3), F(1, 3), F(1, 6)],
                    [0, F(1, 3), F(2, 3), 1], 2),  # b·c = 1/2 still, b·c^2 = 19/54
    "ralston-c-swapped": ([[0, 0], [F(2, 3), 0]], [F(1, 4), F(3, 4)], [F(2, 3), 0], 1),
    # RK4 with its second stage split into four copies at times 1/2 + (-2, -1, 1, 2)/10 whose weights cancel the moments
    # 1..3 of the shifts: order 4 on y' = f(t, y) with c not A 1 (found by the review of 2026-12-07, its order read off
    # the local error on 3-component polynomial systems, which also separates the order-4 conditions a scalar problem
    # does not)
    "rk4-split": ([[0] * 7, [F(1, 2)] + [0] * 6, [F(1, 2)] + [0] * 6, [F(1, 2)] + [0] * 6, [F(1, 2)] + [0] * 6,
                   [0, F(-1, 12), F(1, 3), F(1, 3), F(-1, 12), 0, 0], [0, 0, 0, 0, 0, 1, 0]],
                  [F(1, 6), F(-1, 18), F(2, 9), F(2, 9), F(-1, 18), F(1, 3), F(1, 6)],
                  [0, F(3, 10), F(2, 5), F(3, 5), F(7, 10), F(1, 2), 1], 4),
}


@pytest.mark.parametrize("name", sorted(TABLEAUS_WITH_OTHER_NODES))
def test_the_order_of_a_tableau_whose_c_is_not_a1_is_the_local_error_s_on_a_generic_nonautonomous_problem(check_claims, name):
    """A tableau whose c is not A 1: its order on y' = f(t, y) is decided over the trees with each leaf a state leaf (A1)
    or a time leaf (c) (rooted_trees.coloured; an error before, a review of 2026-12-07).  Read independently: one step
    on y' = f(t, y) with f a polynomial with 10 unrelated coefficients, expanded in h by sympy against the solution's
    Taylor series, differs first at h^(p + 1); the claim of p is verified, p + 1 and p - 1 refuted."""
    A, b, c, order = TABLEAUS_WITH_OTHER_NODES[name]
    t, y = sympy.symbols("t y")
    f = (sympy.Rational(3, 7) + sympy.Rational(2, 5) * t - sympy.Rational(5, 3) * y + sympy.Rational(7, 11) * t * y + sympy.Rational(1, 13) * y**2
         - sympy.Rational(4, 9) * t**2 + sympy.Rational(6, 17) * t**2 * y - sympy.Rational(8, 19) * t * y**2 + sympy.Rational(9, 23) * y**3
         + sympy.Rational(1, 29) * t**3)
    assert _local_error_order(A, b, c, f, t, y, terms=order + 2) == order + 1
    tableau = _order_claim(A, b, c)
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "right": (tableau + f"order = {order}",), "above": (tableau + f"order = {order + 1}",), "below": (tableau + f"order = {order - 1}",)})).items()}
    assert (results["right"].status, results["right"].evidence) == ("verified", "exact"), results["right"].message
    assert f"order {order} on y' = f(t, y)" in results["right"].message
    assert_refuted(results["above"], [f"order: claimed {order + 1}, computed {order} on y' = f(t, y)"])
    assert_refuted(results["below"], [f"order: claimed {order - 1}, computed at least {order} on y' = f(t, y)"])


def test_a_marking_the_exact_conditions_leave_out_is_caught_by_the_twin(check_claims, monkeypatch):
    """The twin enumerates each tree's markings by the bit patterns of its leaves, not by rooted_trees.coloured: an exact
    enumeration that left a marking out (here every tree's all-time marking) would drop a condition, and the claim is an
    error naming the disagreement, not a verdict."""
    real = rooted_trees.coloured
    monkeypatch.setattr(rooted_trees, "coloured", lambda tree: real(tree)[1:] if len(real(tree)) > 1 else real(tree))
    A, b, c, order = TABLEAUS_WITH_OTHER_NODES["halves"]
    tableau = _order_claim(A, b, c)
    try:
        outcome = check_claims(claims_text("", {"halves": (tableau + f"order = {order}",)}))["halves"].outcome
    finally:  # the real coloured is recursive through the module's name: what it cached under the patch is wrong
        real.cache_clear()
    assert outcome.status == "error" and "the exact and mpmath paths disagree on which marked trees there are" in outcome.message, outcome.message


def test_a_claimed_order_past_the_marked_trees_taken_is_still_refuted_where_a_lower_condition_fails(check_claims):
    """The marked conditions are taken up to the trees of 8 nodes (order 7): a claimed order 9 of RK4 with c moved to
    (0, 1/3, 2/3, 1) is refuted at its order 2 (b·c^2 = 19/54 at order 3), not left undecided for being past them (a
    first version of this session's change made it an error, where the autonomous order 4 had refuted it before)."""
    A, b, c, order = TABLEAUS_WITH_OTHER_NODES["rk4-c-moved"]
    tableau = _order_claim(A, b, c)
    outcome = check_claims(claims_text("", {"nine": (tableau + "order = 9",)}))["nine"].outcome
    assert_refuted(outcome, ["order: claimed 9, computed 2 on y' = f(t, y)", "b·c^2 = 1/3 fails (Phi = 19/54)"])
