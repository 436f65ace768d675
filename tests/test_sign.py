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
