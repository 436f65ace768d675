"""The sign check decides semidefiniteness exactly, agreeing with an independent criterion (principal minors)."""
from __future__ import annotations

import itertools

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.checks import sign

entries = st.fractions(min_value=-3, max_value=3, max_denominator=4)


def psd_by_principal_minors(M) -> bool:
    """A symmetric matrix is positive semidefinite iff every principal minor is >= 0 (Sylvester)."""
    n = M.shape[0]
    return all(M.extract(list(idx), list(idx)).det() >= 0 for k in range(1, n + 1) for idx in itertools.combinations(range(n), k))


@settings(max_examples=60, deadline=None)
@given(st.lists(entries, min_size=6, max_size=6), st.sampled_from([0, 1, 2]))
def test_ldl_decision_matches_principal_minors(values, rank_drop):
    a, b, c, d, e, f = (sympy.Rational(v.numerator, v.denominator) for v in values)
    M = sympy.Matrix([[a, b, c], [b, d, e], [c, e, f]])
    if rank_drop:  # semidefinite edge cases: Gram matrices of fewer vectors
        V = sympy.Matrix(3, 3 - rank_drop, list(values[: 3 * (3 - rank_drop)]))
        M = V * V.T
    pivots, L, failure = sign.ldl(M.tolist())
    assert (failure is None) == psd_by_principal_minors(M)
    x = sympy.symbols("x0:3", real=True)
    q = sympy.expand((sympy.Matrix([x]) * M * sympy.Matrix(x))[0])
    if failure is None:
        rewrite = sum(d * sum(L[i][k] * x[i] for i in range(3)) ** 2 for k, d in enumerate(pivots))
        assert sympy.expand(rewrite - q) == 0
    else:  # the failing direction is an exact counterexample
        point = sign._back_substitute(L, failure)
        assert q.subs(dict(zip(x, point))) < 0


def test_certificate_and_counterexample_in_claims(check_claims):
    text = """
    [model.m]
    states = ["x", "y"]
    rhs = { x = "y", y = "-x" }
    [[claim]]
    id = "complete-the-square"
    statement = "x^2 - 2xy + 2y^2 - 2y + 1 >= 0"
    check = "sign"
    model = "m"
    expr = "x**2 - 2*x*y + 2*y**2 - 2*y + 1"
    sign = "nonnegative"
    [[claim]]
    id = "quartic"
    statement = "x^4 + y^2 >= 0"
    check = "sign"
    model = "m"
    expr = "x**4 + y**2"
    sign = "nonnegative"
    [[claim]]
    id = "quartic-wrong"
    statement = "x^4 - y^2 >= 0"
    check = "sign"
    model = "m"
    expr = "x**4 - y**2"
    sign = "nonnegative"
    [[claim]]
    id = "undecided"
    statement = "x^4 - x^2 y + y^2 >= 0 (true, but not a quadratic form)"
    check = "sign"
    model = "m"
    expr = "x**4 - x**2*y + y**2"
    sign = "nonnegative"
    """
    results = check_claims(text)
    assert results["complete-the-square"].outcome.status == "verified"
    assert "(x - y)**2" in results["complete-the-square"].outcome.message
    assert results["quartic"].outcome.status == "verified"
    wrong = results["quartic-wrong"].outcome
    assert wrong.status == "refuted" and "computed -1 at x = 0, y = 1" in wrong.message
    undecided = results["undecided"].outcome
    assert undecided.status == "error" and "not proved" in undecided.message


def test_a_number_s_sign_is_decided_exactly_or_by_enclosures_never_read_as_a_polynomial_in_its_radicals(check_claims):
    """A sign claim on a number (no variables): sympy's Poly reads sqrt(2) and 2**(1/3) as generators, and the Gram
    matrix of that 'polynomial' verified nothing sound (an internal IndexError for 2**(1/3) - sqrt(3) + 1/2, an
    'LDL^T sum of squares' error for the true sqrt(2) - 2 < 0).  Decided now as a relation's lhs - rhs is: exact for
    a rational, certified enclosures otherwise, sympy for a hidden zero."""
    claims = {
        # 2**(1/3) - sqrt(3) + 1/2 = 0.02787...: positive
        "cbrt-sqrt-positive": ("2**(1/3) - sqrt(3) + 1/2", "positive"),
        "cbrt-sqrt-negative-wrong": ("2**(1/3) - sqrt(3) + 1/2", "negative"),
        "sqrt-negative": ("sqrt(2) - 2", "negative"),
        "sqrt-nonnegative-wrong": ("sqrt(2) - 2", "nonnegative"),
        "pi-wrong": ("pi - 4", "positive"),
        "e-positive": ("exp(1) - 2.718", "positive"),  # e - 2.718 = 0.000281...
        "e-flipped-sign": ("exp(1) - 2.719", "positive"),  # e - 2.719 = -0.000718...
        "rational-wrong": ("1/3 - 1/2", "nonnegative"),
        "hidden-zero-nonnegative": ("(1 + sqrt(2))**2 - 3 - 2*sqrt(2)", "nonnegative"),
        "hidden-zero-positive-wrong": ("(1 + sqrt(2))**2 - 3 - 2*sqrt(2)", "positive"),
    }
    text = "".join(f'[[claim]]\nid = "{k}"\nstatement = "s"\ncheck = "sign"\nexpr = "{e}"\nsign = "{s}"\n' for k, (e, s) in claims.items())
    results = {k: r.outcome for k, r in check_claims(text).items()}
    for key in ("cbrt-sqrt-positive", "sqrt-negative", "e-positive"):
        assert (results[key].status, results[key].evidence) == ("verified", "certified"), results[key].message
    assert "0.0278702423" in results["cbrt-sqrt-positive"].message
    assert (results["hidden-zero-nonnegative"].status, results["hidden-zero-nonnegative"].evidence) == ("verified", "exact")
    for key, computed in (("cbrt-sqrt-negative-wrong", "0.0278702423"), ("sqrt-nonnegative-wrong", "-0.5857864376"),
                          ("pi-wrong", "-0.8584073464"), ("e-flipped-sign", "-0.000718171540"), ("rational-wrong", "-1/6"),
                          ("hidden-zero-positive-wrong", "expr = 0")):
        outcome = results[key]
        assert outcome.status == "refuted", (key, outcome.message)
        assert f"claimed {claims[key][1]}" in outcome.message and computed in outcome.message, (key, outcome.message)
