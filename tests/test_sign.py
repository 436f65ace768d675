"""The sign check decides semidefiniteness exactly, agreeing with an independent criterion (principal minors)."""
from __future__ import annotations

import itertools

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import assert_refuted, claims_text
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


QUADRATICS_OVER_THE_REALS = {
    # id: (expr over the states x, y, sign, verdict); by hand: a x^2 + b xy + c y^2 is definite iff a > 0 and b^2 < 4ac
    "sqrt2-times-square": ("sqrt(2)*x**2 + y**2", "positive", "verified"),
    "x-squared-on-two-states": ("x**2", "positive", "refuted"),  # 0 at the nonzero state x = 0, y = 1
    "cross-sqrt2": ("x**2 + sqrt(2)*x*y + y**2", "positive", "verified"),  # 2 < 4
    "cross-pi": ("x**2 + pi*x*y + y**2", "nonnegative", "refuted"),  # pi^2 > 4
    "cross-golden": ("x**2 - x*y*(1 + sqrt(5))/2 + y**2", "nonnegative", "verified"),  # (3 + sqrt 5)/2 < 4
    "cross-just-above-2": ("x**2 - 2*exp(10**(-30))*x*y + y**2", "nonnegative", "refuted"),  # 4 e^(2e-30) > 4
    "square-of-a-radical": ("x**2 - 2*sqrt(2)*x + 2 + y**2", "nonnegative", "verified"),  # (x - sqrt 2)^2 + y^2
    "square-of-a-radical-wrong": ("x**2 - 2*sqrt(2)*x + 1 + y**2", "nonnegative", "refuted"),  # -1 at x = sqrt 2
    "below-pi": ("x**2 - pi", "nonnegative", "refuted"),  # -pi at x = 0 (the grid's value is irrational)
    "negative-definite": ("-sqrt(3)*x**2 - y**2 + x*y", "negative", "verified"),  # 1 < 4 sqrt 3
}


def test_quadratic_forms_with_irrational_coefficients_over_the_model_s_whole_state(check_claims):
    """The Gram matrix and its LDL^T over real numbers (sqrt(2), pi, exp(10^-30)), each pivot's sign exact, by
    sympy's zero test or by interval enclosures; "positive at every nonzero state" over every state of the model.
    Before: sqrt(2)*x**2 'positive' was refuted at the origin, x**2 'positive' on states (x, y) was verified, and
    (x - sqrt 2)^2 >= 0 was 'not a quadratic form'."""
    head = '[model.two]\nstates = ["x", "y"]\nrhs = { x = "y", y = "-x" }\n'
    results = check_claims(claims_text(head, {k: (f'check = "sign"\nmodel = "two"\nexpr = "{e}"\nsign = "{s}"\n',)
                                              for k, (e, s, _) in QUADRATICS_OVER_THE_REALS.items()}))
    for key, (expression, sign_name, verdict) in QUADRATICS_OVER_THE_REALS.items():
        outcome = results[key].outcome
        assert outcome.status == verdict, (key, outcome.message)
        if verdict == "refuted":
            assert f"claimed {expression} {sign_name} for all real x, y; computed" in outcome.message, outcome.message
    assert "computed 0 at x = 0, y = 1" in results["x-squared-on-two-states"].outcome.message
    assert "computed -pi at x = 0, y = 0" in results["below-pi"].outcome.message
    assert results["cross-sqrt2"].outcome.evidence == "symbolic"  # its pivots 1 and 1/2 are rational
    assert results["negative-definite"].outcome.evidence == "certified" and "certified by interval enclosures" in results["negative-definite"].outcome.message


def test_values_that_are_not_real_are_a_one_line_error_and_a_shown_value_comes_from_an_enclosure(check_claims):
    """log(x**2) = 2 log(x) and (x**3)**(1/3) = x (principal root) are not real at x < 0: an error saying so, not an
    internal error from interval arithmetic; sin(10**100) is shown from an enclosure (its 50-digit value, 10**100
    rounded first, was wrong in every digit)."""
    text = claims_text("", {
        "log": ('check = "identity"\nexpr = "log(x**2)"\nequals = "2*log(x)"\nsymbols = ["x"]\n',),
        "cube-root": ('check = "identity"\nexpr = "(x**3)**(1/3)"\nequals = "x"\nsymbols = ["x"]\n',),
        "principal-root": ('check = "identity"\nexpr = "(-8)**(1/3)"\nequals = "-2"\n',),
        "sqrt-negative-sign": ('check = "sign"\nexpr = "sqrt(2 - sqrt(5))"\nsign = "nonnegative"\n',),
        "sine": ('check = "relation"\nlhs = "sin(10**100)"\nop = "<"\nrhs = "0"\n',),
        "sine-wrong": ('check = "relation"\nlhs = "sin(10**100)"\nop = ">"\nrhs = "0"\n',),
    })
    results = {k: r.outcome for k, r in check_claims(text).items()}
    for key in ("log", "cube-root", "principal-root", "sqrt-negative-sign"):
        assert results[key].status == "error" and "internal" not in results[key].message and "real" in results[key].message, (key, results[key].message)
    assert results["sine"].status == "verified" and "≈ -0.3723761236612766882" in results["sine"].message, results["sine"].message
    assert_refuted(results["sine-wrong"], ["claimed sin(10**100) > 0", "-0.3723761236612766882"])


def test_nested_square_roots_are_denested_in_identities_and_solutions(check_claims):
    """sqrt(5 + 2 sqrt 6) = sqrt 2 + sqrt 3 (sympy's simplify leaves it nested): an identity times x and a solution
    with that rate are verified (were errors); the same with sqrt(5 + 2 sqrt 7) is refuted at a sample point."""
    head = ('[model.hidden]\nstates = ["y"]\nrhs = { y = "(sqrt(2) + sqrt(3))*y" }\n'
            'solution = { y = "y0*exp(sqrt(5 + 2*sqrt(6))*t)" }\n'
            '[model.other]\nstates = ["y"]\nrhs = { y = "(sqrt(2) + sqrt(3))*y" }\nsolution = { y = "y0*exp(sqrt(5 + 2*sqrt(7))*t)" }\n')
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "identity": ('check = "identity"\nexpr = "x*(sqrt(2) + sqrt(3))"\nequals = "x*sqrt(5 + 2*sqrt(6))"\nsymbols = ["x"]\n',),
        "identity-changed-digit": ('check = "identity"\nexpr = "x*(sqrt(2) + sqrt(3))"\nequals = "x*sqrt(5 + 2*sqrt(7))"\nsymbols = ["x"]\n',),
        "solution": ('check = "solution"\nmodel = "hidden"\n',),
        "solution-changed-digit": ('check = "solution"\nmodel = "other"\n',),
    })).items()}
    assert results["identity"].status == results["solution"].status == "verified", (results["identity"].message, results["solution"].message)
    assert_refuted(results["identity-changed-digit"], ["claimed x*(sqrt(2) + sqrt(3)) = x*sqrt(5 + 2*sqrt(7))"])
    assert results["solution-changed-digit"].status == "refuted", results["solution-changed-digit"].message


def test_a_strictly_positive_form_with_a_constant_needs_only_the_constant_s_pivot_positive(check_claims):
    """x**2 + 1 on states x, y has a zero pivot for y (the model's whole state is the form's), and was 'not proved';
    positive everywhere iff M is semidefinite and its last (constant) pivot is positive (no null vector of M has a
    nonzero last coordinate).  (x - y)**2 + x - y + 1/4 = (x - y + 1/2)**2 is 0 at x = -1/2, y = 0."""
    head = '[model.rot]\nstates = ["x", "y"]\nrhs = { x = "-y", y = "x" }\n'
    cases = {"plus-one": ("x**2 + 1", "positive"), "shifted": ("(x - y)**2 + 1", "positive"), "radical": ("(x - sqrt(2)*y)**2 + sqrt(2)", "positive"),
             "negative": ("-x**2 - 1", "negative"), "square": ("(x - y)**2 + x - y + 1/4", "positive"), "touches": ("x**2 - 2*x + 1", "positive")}
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {k: (f'check = "sign"\nmodel = "rot"\nexpr = "{e}"\nsign = "{s}"\n',)
                                                                        for k, (e, s) in cases.items()})).items()}
    for key in ("plus-one", "shifted", "radical", "negative"):
        assert results[key].status == "verified", (key, results[key].message)
    assert_refuted(results["square"], ["claimed (x - y)**2 + x - y + 1/4 positive for all real x, y; computed 0 at x = -1/2, y = 0"])
    assert_refuted(results["touches"], ["computed 0 at x = 1, y = 0"])


def test_a_semidefinite_form_with_radicals_is_verified_whatever_form_its_factors_take(check_claims):
    """(sqrt(2) x + sqrt(3) y)^2 + (x - y + z)^2 >= 0: its LDL^T factors multiply back to the Gram matrix only in
    value (radicals in other forms), and the check by form made this true claim an 'internal' error; 'positive'
    is false (rank 2 in three states: 0 along the common null direction)."""
    head = '[model.m3]\nstates = ["x", "y", "z"]\nrhs = { x = "y", y = "-x", z = "0" }\n'
    expression = "(sqrt(2)*x + sqrt(3)*y)**2 + (x - y + z)**2"
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "nonnegative": (f'check = "sign"\nmodel = "m3"\nexpr = "{expression}"\nsign = "nonnegative"\n',),
        "positive": (f'check = "sign"\nmodel = "m3"\nexpr = "{expression}"\nsign = "positive"\n',)})).items()}
    assert results["nonnegative"].status == "verified", results["nonnegative"].message
    assert_refuted(results["positive"], [f"claimed {expression} positive for all real x, y, z; computed 0 at"])


DAE = """
[model.daez]
states = ["x"]
algebraic = ["z"]
rhs = { x = "-x" }
constraints = ["z - x**2"]
"""


def test_a_dae_s_algebraic_variable_follows_its_constraint_in_identities_signs_and_ddt(check_claims):
    """z = x^2 on the constraint, and x' = -x, so z' = 2 x x' = -2 x^2 (by hand).  ddt(z) was 0, so z' >= 0 was
    verified and the true z' = -2 x^2 refuted; z = x^2 itself was refuted at a point off the constraint (x = 3/7,
    z = 1/3), which no solution reaches (a review of 2026-12-06)."""
    bodies = {
        "z-rate": ('check = "identity"\nmodel = "daez"\nexpr = "ddt(z)"\nequals = "-2*x**2"',),
        "z-rate-zero": ('check = "identity"\nmodel = "daez"\nexpr = "ddt(z)"\nequals = "0"',),
        "z-falls": ('check = "sign"\nmodel = "daez"\nexpr = "ddt(z)"\nsign = "nonpositive"',),
        "z-rises": ('check = "sign"\nmodel = "daez"\nexpr = "ddt(z)"\nsign = "nonnegative"',),
        "z-is-x-squared": ('check = "identity"\nmodel = "daez"\nexpr = "z"\nequals = "x**2"',),
        "z-nonnegative": ('check = "sign"\nmodel = "daez"\nexpr = "z"\nsign = "nonnegative"',),
        "z-is-x": ('check = "identity"\nmodel = "daez"\nexpr = "z"\nequals = "x"',),
    }
    results = {key: r.outcome for key, r in check_claims(claims_text(DAE, bodies)).items()}
    for key in ("z-rate", "z-falls", "z-is-x-squared", "z-nonnegative"):
        assert results[key].status == "verified", (key, results[key].message)
    assert_refuted(results["z-rate-zero"], ["claimed ddt(z) = 0; computed -2*x**2"])
    assert_refuted(results["z-rises"], ["claimed ddt(z) nonnegative", "computed -2 at x = 1"])
    assert_refuted(results["z-is-x"], ["claimed z = x; computed x**2"])
    assert "on the constraints: z = x**2" in results["z-is-x-squared"].derivation


def test_a_log_of_a_negative_number_is_no_counterexample(check_claims):
    """log(x)^2 >= 0 was refuted at x = -1 through (i pi)^2 = -pi^2 (a review of 2026-12-06): over the reals log(-1)
    does not exist, so that point proves nothing.  log(x) - x + 1 <= 0 (true for x > 0) is not refuted either; a
    false one is refuted at a point of its domain."""
    bodies = {"square": ('check = "sign"\nsymbols = ["x"]\nexpr = "log(x)**2"\nsign = "nonnegative"',),
              "below-tangent": ('check = "sign"\nsymbols = ["x"]\nexpr = "log(x) - x + 1"\nsign = "nonpositive"',),
              "false": ('check = "sign"\nsymbols = ["x"]\nexpr = "log(x) - 1"\nsign = "nonpositive"',)}
    results = {key: r.outcome for key, r in check_claims(claims_text("", bodies)).items()}
    assert results["square"].status != "refuted" and results["below-tangent"].status != "refuted", results
    assert_refuted(results["false"], ["claimed log(x) - 1 nonpositive"])
    assert "x = -" not in results["false"].message


def test_an_identity_of_powers_with_symbolic_exponents_needs_a_positive_base(check_claims):
    """x^(y - 1) x = x^y was 'verified for all x, y' (sympy reads the left side as x^y), but at x = 0, y = 0 the left
    side is 0^-1 * 0, undefined, and the right side 0^0 = 1 (a review of 2026-12-06).  Over positive x, as a forall
    claim, it holds; a false exponent law is refuted there."""
    bodies = {"real": ('check = "identity"\nsymbols = ["x", "y"]\nexpr = "x**(y - 1)*x"\nequals = "x**y"',),
              "abs": ('check = "identity"\nsymbols = ["x", "y"]\nexpr = "abs(x)**y*abs(x)**(1 - y)"\nequals = "abs(x)"',),
              "positive": ('check = "forall"\ndomains = { x = "positive", y = "real" }\nlhs = "x**(y - 1)*x"\nop = "=="\nrhs = "x**y"',),
              "positive-false": ('check = "forall"\ndomains = { x = "positive", y = "real" }\nlhs = "x**(y - 1)*x"\nop = "=="\nrhs = "x**(y + 1)"',)}
    results = {key: r.outcome for key, r in check_claims(claims_text("", bodies)).items()}
    for key in ("real", "abs"):
        assert results[key].status == "error" and "not known to be positive" in results[key].message, (key, results[key].message)
    assert results["positive"].status == "verified", results["positive"].message
    assert results["positive-false"].status == "refuted", results["positive-false"].message


def test_polynomials_beyond_quadratic_by_factoring_and_in_one_variable_by_root_isolation(check_claims):
    """(x^2 - y^2)^2 >= 0 and a quartic with a negative dip were errors ('not a quadratic form'; the grid missed
    x^4 - x^2 + 1/5 = -1/20 at x^2 = 1/2: a review of 2026-12-06).  A factored form sympy's assumptions see as a
    square is verified; one variable is decided by exact real root isolation: -19/405 at x = -2/3 is recomputed here."""
    from fractions import Fraction

    bodies = {"square": ('check = "sign"\nsymbols = ["x", "y"]\nexpr = "(x**2 - y**2)**2"\nsign = "nonnegative"',),
              "square-positive": ('check = "sign"\nsymbols = ["x", "y"]\nexpr = "(x**2 - y**2)**2"\nsign = "positive"',),
              "dip": ('check = "sign"\nsymbols = ["x"]\nexpr = "x**4 - x**2 + 1/5"\nsign = "nonnegative"',),
              "no-dip": ('check = "sign"\nsymbols = ["x"]\nexpr = "x**4 - x**2 + 1/4"\nsign = "nonnegative"',),
              "no-dip-strict": ('check = "sign"\nsymbols = ["x"]\nexpr = "x**4 - x**2 + 1/4"\nsign = "positive"',)}
    results = {key: r.outcome for key, r in check_claims(claims_text("", bodies)).items()}
    assert results["square"].status == "verified" and results["no-dip"].status == "verified", results
    assert_refuted(results["square-positive"], ["computed 0 at x = 0, y = 0"])
    x = Fraction(-2, 3)
    assert x**4 - x**2 + Fraction(1, 5) == Fraction(-19, 405)
    assert_refuted(results["dip"], ["computed -19/405 at x = -2/3"])
    assert_refuted(results["no-dip-strict"], ["claimed x**4 - x**2 + 1/4 positive", "computed 0 at x = "])  # (x^2 - 1/2)^2: 0 at +-1/sqrt(2)


def test_constraints_not_solved_uniquely_leave_the_algebraic_variable_free_and_refutations_undecided(check_claims):
    """tan(z) = x has the solutions atan(x) + k pi; sympy's solve gives atan(x) alone, and substituting it verified
    'cos(z) > 0', false at the consistent point x = 0, z = pi; with z = sqrt(x) substituted, z**2 >= 0 was refuted at
    x = -1, where the closed form is not real (a second review of 2026-12-06).  Only
    constraints linear in the algebraic variables are solved; otherwise they stay free: a claim true for every z is
    verified, and a refutation found off the constraints is an error, not a verdict."""
    models = ('\n[model.tangent]\nstates = ["x"]\nalgebraic = ["z"]\nrhs = { x = "-x" }\nconstraints = ["tan(z) - x"]\n'
              '\n[model.root]\nstates = ["x"]\nalgebraic = ["z"]\nrhs = { x = "-x" }\nconstraints = ["z - sqrt(x)"]\n')
    bodies = {"cos-positive": ('check = "sign"\nmodel = "tangent"\nexpr = "cos(z)"\nsign = "positive"',),
              "square": ('check = "sign"\nmodel = "root"\nexpr = "z**2"\nsign = "nonnegative"',),
              "tan-is-x": ('check = "identity"\nmodel = "tangent"\nexpr = "tan(z)"\nequals = "x"',)}
    results = {key: r.outcome for key, r in check_claims(claims_text(models, bodies)).items()}
    assert results["cos-positive"].status == "error" and "left free" in results["cos-positive"].message, results["cos-positive"].message
    assert results["square"].status == "verified", results["square"].message
    assert results["tan-is-x"].status == "error", results["tan-is-x"].message  # true on the constraint; off it, no verdict


def test_a_tan_does_not_keep_a_grid_point_from_being_a_counterexample(check_claims):
    """tan(x)^2 - 1 >= 0 fails at x = 0 (value -1); the real-point test of grid counterexamples had no rule for tan and
    refused every point (a second review of 2026-12-06)."""
    outcome = check_claims(claims_text("", {"tan": ('check = "sign"\nsymbols = ["x"]\nexpr = "tan(x)**2 - 1"\nsign = "nonnegative"',)}))["tan"].outcome
    assert_refuted(outcome, ["computed -1 at x = 0"])


def test_third_review_dae_and_identity_cases(check_claims):
    """A constraint linear in z with a sine in it (z = sin(x)) is solved: z = sin(x) is verified, z = x refuted (z was
    left free and the identity an error).  ((-1)**x)**2 + 0 = 1 (the abs product is 0 for every real x) was refuted at
    x = 1/2 through sympy's reading (-1)**(2x) = -1, where (-1)**x has no real value: no point where a symbolic
    power's base is not positive refutes an identity (a third review of 2026-12-06)."""
    models = '\n[model.dsin]\nstates = ["x"]\nalgebraic = ["z"]\nrhs = { x = "-x" }\nconstraints = ["z - sin(x)"]\n'
    bodies = {"z-is-sin": ('check = "identity"\nmodel = "dsin"\nexpr = "z"\nequals = "sin(x)"',),
              "z-is-x": ('check = "identity"\nmodel = "dsin"\nexpr = "z"\nequals = "x"',),
              "complex": ('check = "identity"\nsymbols = ["x"]\nexpr = "((-1)**x)**2 + (abs(x) - x)*(abs(x - 1) + x - 1)"\nequals = "1"',)}
    results = {key: r.outcome for key, r in check_claims(claims_text(models, bodies)).items()}
    assert results["z-is-sin"].status == "verified", results["z-is-sin"].message
    assert results["z-is-x"].status == "refuted", results["z-is-x"].message
    assert results["complex"].status == "error", results["complex"].message


def test_a_linear_constraint_whose_coefficient_can_vanish_does_not_fix_the_algebraic_variable(check_claims):
    """x (z - 1) = 0 gives z = 1 only where x is not 0; on the solution x = 0 every z satisfies it, so 'z = 1' is
    false, and it was verified by solving the constraint as if x never vanished (a final review of 2026-12-06).  The
    constraint is solved only where its coefficient's determinant cannot vanish (a number, or a fixed sign: x^2 + 1)."""
    models = ('\n[model.p]\nstates = ["x"]\nalgebraic = ["z"]\nrhs = { x = "-x" }\nconstraints = ["x*(z - 1)"]\n'
              '\n[model.s]\nstates = ["x"]\nalgebraic = ["z"]\nrhs = { x = "-x" }\nconstraints = ["(x**2 + 1)*z - 1"]\n')
    bodies = {"vanishing": ('check = "identity"\nmodel = "p"\nexpr = "z"\nequals = "1"',),
              "never-zero": ('check = "identity"\nmodel = "s"\nexpr = "z"\nequals = "1/(x**2 + 1)"',)}
    results = {key: r.outcome for key, r in check_claims(claims_text(models, bodies)).items()}
    assert results["vanishing"].status == "error" and "left free" in results["vanishing"].message, results["vanishing"].message
    assert results["never-zero"].status == "verified", results["never-zero"].message


def test_one_state_with_exp_or_cos_is_decided_on_the_whole_line_by_interval_arithmetic(check_claims):
    """exp(x) - 1 - x >= 0 and cos(x) - 1 + x^2/2 >= 0 were 'not proved' as sign claims while forall claims proved
    them (an adversarial review of 2026-12-07).  One state, not a polynomial: interval_sign on (-oo, oo), evidence
    certified; a wrong version is refuted at the rational point an enclosure finds, with claimed vs computed."""
    model = '[model.line]\nstates = ["x"]\nrhs = { x = "-x" }\n'
    body = 'check = "sign"\nmodel = "line"\n'
    results = check_claims(claims_text(model, {
        "exp-tangent": (body + 'expr = "exp(x) - 1 - x"\nsign = "nonnegative"',),
        "exp-tangent-strict": (body + 'expr = "exp(x) - 1 - x"\nsign = "positive"',),  # 0 at x = 0
        "cos": (body + 'expr = "cos(x) - 1 + x**2/2"\nsign = "nonnegative"',),
        "cos-third": (body + 'expr = "cos(x) - 1 + x**2/3"\nsign = "nonnegative"',),  # -0.0058 at x = 1/2
        "negated": (body + 'expr = "1 + x - exp(x)"\nsign = "nonpositive"',),
        "flipped": (body + 'expr = "1 + x - exp(x)"\nsign = "nonnegative"',),
    }))
    for key in ("exp-tangent", "cos", "negated"):
        outcome = results[key].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "certified"), (key, outcome.message)
        assert "proved by interval arithmetic on" in outcome.message and "subintervals of (-∞, ∞)" in outcome.message
    assert_refuted(results["exp-tangent-strict"].outcome, ["claimed exp(x) - 1 - x positive for all real x; computed 0 at x = 0"])
    third = results["cos-third"].outcome
    assert_refuted(third, ["claimed cos(x) - 1 + x**2/3 nonnegative for all real x; computed"])
    x = sympy.Rational(third.computed["counterexample"].split(" = ")[1])
    assert sympy.cos(x) - 1 + x**2 / 3 < 0  # the point shown is a counterexample (sympy's own evaluation)
    assert results["flipped"].outcome.status == "refuted" and results["flipped"].outcome.evidence == "certified"


def test_one_state_with_abs_max_or_min_is_decided_on_each_piece_between_their_kinks(check_claims):
    """|x| - x >= 0 and sqrt(x^2) - x >= 0 were 'not proved' (sympy's assumptions do not split on the sign of x: an
    adversarial review of 2026-12-07).  The line is cut where an argument of abs, max or min changes sign (rational
    or algebraic points) and each piece decided without them: exactly for polynomials, by interval arithmetic
    otherwise.  Wrong versions are refuted at a point of the piece where they fail, claimed vs computed."""
    model = '[model.line]\nstates = ["x"]\nrhs = { x = "-x" }\n'
    body = 'check = "sign"\nmodel = "line"\n'
    results = check_claims(claims_text(model, {
        "abs-minus-x": (body + 'expr = "abs(x) - x"\nsign = "nonnegative"',),
        "sqrt-square": (body + 'expr = "sqrt(x**2) - x"\nsign = "nonnegative"',),
        "max": (body + 'expr = "x - max(x, 0)"\nsign = "nonpositive"',),
        "triangle": (body + 'expr = "abs(x - 1) + abs(x + 1) - 2"\nsign = "nonnegative"',),
        "algebraic-kinks": (body + 'expr = "abs(x**2 - 2) - x + 2"\nsign = "positive"',),  # least 2 - sqrt(2) at x = sqrt(2)
        "nested": (body + 'expr = "abs(abs(x) - 1) - abs(x) + 1"\nsign = "nonnegative"',),  # 0 for |x| <= 1
        "exp": (body + 'expr = "exp(abs(x)) - 1 - abs(x)"\nsign = "nonnegative"',),
        # wrong versions
        "abs-minus-x-strict": (body + 'expr = "abs(x) - x"\nsign = "positive"',),  # 0 for x >= 0
        "triangle-strict": (body + 'expr = "abs(x - 1) + abs(x + 1) - 2"\nsign = "positive"',),  # 0 on [-1, 1]
        "algebraic-kinks-1": (body + 'expr = "abs(x**2 - 2) - x + 1"\nsign = "positive"',),  # -1/9 at x = 4/3
        "nested-strict": (body + 'expr = "abs(abs(x) - 1) - abs(x) + 1"\nsign = "positive"',),
        "min": (body + 'expr = "min(x, 1 - x) + 1/4"\nsign = "nonnegative"',),  # -3/4 at x = -1
        "exp-2": (body + 'expr = "exp(abs(x)) - 1 - 2*abs(x)"\nsign = "nonnegative"',),  # e^(2/3) - 7/3 < 0
    }))
    for key in ("abs-minus-x", "sqrt-square", "max", "triangle", "algebraic-kinks", "nested"):
        outcome = results[key].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "symbolic"), (key, outcome.message)
        assert "without abs, max or min, each decided exactly by real root isolation" in outcome.message, (key, outcome.message)
    assert "cut at x = -sqrt(2), sqrt(2)" in results["algebraic-kinks"].outcome.message
    exp = results["exp"].outcome
    assert (exp.status, exp.evidence) == ("verified", "certified") and "cut at x = 0" in exp.message, exp.message
    assert_refuted(results["abs-minus-x-strict"].outcome, ["claimed abs(x) - x positive for all real x; computed 0 at x = "])
    assert_refuted(results["triangle-strict"].outcome, ["claimed abs(x - 1) + abs(x + 1) - 2 positive for all real x; computed 0 at x = "])
    assert_refuted(results["algebraic-kinks-1"].outcome, ["claimed abs(x**2 - 2) - x + 1 positive for all real x; computed -1/9 at x = 4/3"])
    assert_refuted(results["nested-strict"].outcome, ["positive for all real x; computed 0 at x = "])
    assert_refuted(results["min"].outcome, ["claimed min(x, 1 - x) + 1/4 nonnegative for all real x; computed"])
    assert_refuted(results["exp-2"].outcome, ["claimed exp(abs(x)) - 1 - 2*abs(x) nonnegative for all real x; computed"])
    assert results["exp-2"].outcome.evidence == "certified"
    for key in ("min", "exp-2", "abs-minus-x-strict", "nested-strict"):  # each point shown is a counterexample (sympy's own evaluation)
        outcome = results[key].outcome
        x = sympy.Rational(outcome.computed["counterexample"].split(" = ")[1])
        value = sympy.sympify(outcome.computed["expr"]).subs(sympy.Symbol("x"), x)
        assert value <= 0 if "strict" in key else value < 0, (key, x, value)


def test_an_expression_undefined_somewhere_on_the_line_has_no_sign_there(check_claims):
    """An adversarial review of 2026-12-07: |x| + 1/(1 - x) >= 0 (false: -8.9 at x = 11/10) and e^x + 10 + 1/(x - 1/3)
    > 0 (false: -88.6 at x = 1/3 - 1/100) were verified `certified`: interval arithmetic enclosed the derivative of
    1/(1 - x) as [1/4, oo] across the pole and called the function increasing.  x^2/|x| > 0 was refuted 'at x = 0',
    and log|x| - |x| + 1 <= 0 verified, though neither is defined at 0.  Now the places where a one-variable
    expression is undefined (a denominator's zero, a log's argument <= 0) are sought first: an error naming the
    point, unless a point where it is defined refutes the claim (max(x, 0)/x - 1 < 0 is 0 at x = 1).  An expression
    defined everywhere is proved as before."""
    model = '[model.line]\nstates = ["x"]\nrhs = { x = "-x" }\n'
    body = 'check = "sign"\nmodel = "line"\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(model, {
        "abs-pole": (body + 'expr = "abs(x) + 1/(1 - x)"\nsign = "nonnegative"',),
        "exp-pole": (body + 'expr = "exp(x) + 10 + 1/(x - 1/3)"\nsign = "positive"',),
        "cancelled-pole": (body + 'expr = "x**2/abs(x)"\nsign = "positive"',),
        "log": (body + 'expr = "log(abs(x)) - abs(x) + 1"\nsign = "nonpositive"',),
        "defined-counterexample": (body + 'expr = "max(x, 0)/x - 1"\nsign = "negative"',),
        "defined-everywhere": (body + 'expr = "exp(abs(x)) - 1 - abs(x) + log(1 + x**2)"\nsign = "nonnegative"',),
    })).items()}
    for key, point, why in (("abs-pole", "1", "a zero of its denominator 1 - x"), ("exp-pole", "1/3", "a zero of its denominator x - 1/3"),
                            ("cancelled-pole", "0", "a zero of its denominator Abs(x)"), ("log", "0", "log of Abs(x) <= 0")):
        outcome = results[key]
        assert outcome.status == "error" and f"is undefined at x = {point} ({why})" in outcome.message, (key, outcome.message)
    assert_refuted(results["defined-counterexample"], ["claimed max(x, 0)/x - 1 negative for all real x; computed 0 at x = 1"])
    defined = results["defined-everywhere"]
    assert (defined.status, defined.evidence) == ("verified", "certified"), defined.message
