"""stable_when: split points decided exactly, and a claim false at concrete parameter values refuted there."""
from __future__ import annotations

import sympy

from conftest import ROOT, assert_refuted, claims_text
from verify import runner
from verify.engines import spectral

BALANCED = 'check = "stability"\nmodel = "oscillator"\nmethod = "cosimulation"\nsymbols = ["H"]\noptions = { H = "H", extrapolation = 1, balance = "all" }\nvariable = "H"\n'
GAUSS_SEIDEL = 'check = "stability"\nmodel = "oscillator"\nmethod = "cosimulation"\nsymbols = ["m", "c", "H"]\noptions = { H = "H", scheme = "gauss-seidel" }\nvariable = "H"\n'


def check(tmp_path, bodies):
    text = "".join(f'[[claim]]\nid = "{name}"\nstatement = "s"\n{body}\n' for name, body in bodies.items())
    (tmp_path / "c.toml").write_text(text)
    return {r.claim.id: r.outcome for r in runner.check(runner.load([str(tmp_path / "c.toml")], model_dirs=[str(ROOT / "models")]))}


def test_the_split_point_itself_is_decided(tmp_path):
    outcomes = check(tmp_path, {"closed": BALANCED + 'stable_when = "H <= 9 - sqrt(69)"', "open": BALANCED + 'stable_when = "H < 9 - sqrt(69)"'})
    assert outcomes["closed"].status == "verified", outcomes["closed"].message
    assert "and exactly at H = 9 - sqrt(69)" in outcomes["closed"].message
    assert_refuted(outcomes["open"], ["at H = 9 - sqrt(69): claimed unstable, computed stable", "(z**2 + 1): no root outside the unit circle, one at least on it"])


def test_power_bounded_at_an_algebraic_point():
    H = sympy.Symbol("H", positive=True)
    rotation_like = sympy.Matrix([[1 - H**2 / 2, H], [-H, 1 - H**2 / 2]])  # |eigenvalue|^2 = (1 - H^2/2)^2 + H^2 = 1 + H^4/4
    assert spectral.power_bounded_at(rotation_like, H, sympy.sqrt(2))[0] is False
    assert spectral.power_bounded_at(sympy.Matrix([[0, 1], [-1, 0]]) * H / sympy.sqrt(2), H, sympy.sqrt(2))[0] is True  # +-i, simple
    jordan = sympy.Matrix([[H, 1], [0, H]])
    try:
        spectral.power_bounded_at(jordan, H, sympy.Integer(1))
    except Exception as exc:  # a repeated eigenvalue on the circle is not decided: never a guess
        assert "semisimplicity is not decided" in str(exc)
    else:
        raise AssertionError("a Jordan block on the circle must not be decided as bounded")


def test_a_wrong_bound_in_the_parameters_is_refuted_at_concrete_values(tmp_path):
    outcomes = check(tmp_path, {"wrong": GAUSS_SEIDEL + 'stable_when = "H < 2*sqrt(c/m)"', "true": GAUSS_SEIDEL + 'stable_when = "H < 2*sqrt(m/c)"'})
    assert outcomes["true"].status == "verified", outcomes["true"].message
    assert_refuted(outcomes["wrong"], ["at m = 1, c = 4: claimed stable exactly when H < 2*sqrt(c/m)", "claimed stable, computed unstable"])


def test_a_symbol_of_a_tableau_row_is_positive_as_the_claim_declares(tmp_path):
    """The theta method on y' = -k y as a tableau A = [[0, 0], [1 - th, th]]: R = (1 - (1 - th) hk)/(1 + th hk), stable
    exactly when (1 - 2 th) hk <= 2.  th stood only in A's rows, which kept it real, not positive as the claim's symbols
    are, so no root of h k th + 1 in h > 0 could be ruled out and even the false '< 2' was an error (a review of
    2026-12-06).  Now '< 2' is refuted at th = 1/4, h = 4 (R = -1: |R| = 1 is stable), and the true statement, whose split
    point 2/((1 - 2 th) k) is positive only for th < 1/2, is not refuted."""
    models = '[model.decay]\nstates = ["y"]\nrhs = { y = "-k*y" }\nparameters = { k = 1 }\n'
    theta = ('check = "stability"\nmodel = "decay"\nmethod = "rk"\nsymbols = ["k", "h", "th"]\n'
             'options = { h = "h", A = [[0, 0], ["1 - th", "th"]], b = ["1 - th", "th"] }\nvariable = "h"\n')
    text = models + "".join(f'[[claim]]\nid = "{name}"\nstatement = "s"\n{body}\n' for name, body in
                            {"true": theta + 'stable_when = "(1 - 2*th)*h*k <= 2"', "wrong": theta + 'stable_when = "(1 - 2*th)*h*k < 2"'}.items())
    (tmp_path / "c.toml").write_text(text)
    outcomes = {r.claim.id: r.outcome for r in runner.check(runner.load([str(tmp_path / "c.toml")], model_dirs=[]))}
    assert_refuted(outcomes["wrong"], ["th = 1/4", "at h = 4: claimed unstable, computed stable"])
    assert outcomes["true"].status != "refuted", outcomes["true"].message


DAMPED_GAUSS_SEIDEL = 'check = "stability"\nmodel = "damped_oscillator"\nmethod = "cosimulation"\nsymbols = ["H"]\noptions = { H = "H", scheme = "gauss-seidel" }\nvariable = "H"\n'


def test_split_points_without_real_roots_or_radicals_are_isolated_exactly(tmp_path):
    """Gauss-Seidel on the damped oscillator (m = c = 1, d = 1/10): a condition's factor H^4 - 40 H^3 + 1200 H^2 - 24000 H
    + 480000 has no real root (it was an error, "cannot list the roots"), and the bound H ~ 2.00336 is a root of a quintic.
    By hand (Jury, with trace T and determinant D of the amplification matrix): at H = 2, T = -9033/5000, D = 12281/15000,
    and |T| <= 1 + D, so H = 2 is stable and "H < 2" is false there."""
    outcomes = check(tmp_path, {"below-2": DAMPED_GAUSS_SEIDEL + 'stable_when = "H < 2"'})
    assert_refuted(outcomes["below-2"], ["at H = 2: claimed unstable, computed stable (trace -9033/5000, determinant 12281/15000)"])


# An explicit 2-stage tableau with a sqrt(2) weight: k1 = f(y), k2 = f(y + h k1), y+ = y + h ((1 - sqrt(2)/4) k1 + (sqrt(2)/4) k2).
# On y' = -y, by hand: k1 = -y, k2 = -(1 - h) y, so R(h) = 1 - h + (sqrt(2)/4) h^2.
SQRT2_TABLEAU = 'A = [[0, 0], [1, 0]], b = ["1 - sqrt(2)/4", "sqrt(2)/4"]'
SQRT2_MODELS = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n\n[model.rotation]\nstates = ["x", "v"]\nrhs = { x = "v", v = "-x" }\n\n'


def check_sqrt2(tmp_path, model, conditions, tableau=SQRT2_TABLEAU):
    body = 'check = "stability"\nmodel = "{}"\nmethod = "rk"\nsymbols = ["h"]\noptions = {{ h = "h", ' + tableau + ' }}\nvariable = "h"\nstable_when = "{}"\n'
    text = SQRT2_MODELS + "".join(f'[[claim]]\nid = "{name}"\nstatement = "s"\n{body.format(model, condition)}\n' for name, condition in conditions.items())
    (tmp_path / "c.toml").write_text(text)
    return {r.claim.id: r.outcome for r in runner.check(runner.load([str(tmp_path / "c.toml")]))}


def critical_line(outcome):
    return next(line for line in outcome.derivation if line.startswith("critical h:"))


def test_split_points_of_a_sqrt2_method_are_the_genuine_ones(tmp_path):
    """Review finding F6.  With R = 1 - h + (sqrt(2)/4) h^2 the compared expressions are R - 1 = h ((sqrt(2)/4) h - 1),
    zero at h = 2 sqrt(2) only; R + 1 = 2 - h + (sqrt(2)/4) h^2, whose discriminant 1 - 2 sqrt(2) < 0 leaves no real
    root; and the claim's h - 2 sqrt(2).  So h = 2 sqrt(2) is the one critical step.  The norm of R + 1 over QQ
    also holds the conjugate 2 - h - (sqrt(2)/4) h^2, whose root h = sqrt(2) (sqrt(1 + 2 sqrt(2)) - 1) ~ 1.3527 was
    listed as critical; it must not be, and the verdicts stay what they were."""
    h, s = sympy.Symbol("h", positive=True), sympy.sqrt(2)
    R = 1 - h + s / 4 * h**2
    assert sympy.solve(R - 1, h) == [2 * s]
    assert sympy.discriminant(R + 1, h) == 1 - 2 * s and (1 - 2 * s).is_negative
    conjugate_root = s * (sympy.sqrt(1 + 2 * s) - 1)
    assert sympy.simplify((2 - h - s / 4 * h**2).subs(h, conjugate_root)) == 0

    outcomes = check_sqrt2(tmp_path, "decay", {"true": "h <= 2*sqrt(2)", "open": "h < 2*sqrt(2)", "too-far": "h <= 3"})
    true = outcomes["true"]
    assert true.status == "verified", true.message
    assert "decided exactly at the critical h = 2*sqrt(2) and between them" in true.message
    assert critical_line(true) == "critical h: 2*sqrt(2)"
    assert "CRootOf" not in true.message and "CRootOf" not in "".join(true.derivation)
    assert_refuted(outcomes["open"], ["claimed stable exactly when h < 2*sqrt(2) (h > 0); at h = 2*sqrt(2): claimed unstable, computed stable"])
    assert_refuted(outcomes["too-far"], ["claimed stable exactly when h <= 3 (h > 0); at h = 17/6: claimed stable, computed unstable"])


def test_a_2x2_sqrt2_amplification_keeps_its_one_critical_step(tmp_path):
    """The same tableau on x' = v, v' = -x: trace T = 2 - (sqrt(2)/2) h^2, determinant D = (1 - (sqrt(2)/4) h^2)^2 + h^2
    = 1 + (1 - sqrt(2)/2) h^2 + h^4/8 > 1 for h > 0 (never stable).  Among D - 1, D + 1, T - 1 - D, T + 1 + D,
    T - 2, T + 2 only T + 2 = 4 - (sqrt(2)/2) h^2 has a positive root, h = 2 * 2^(1/4) (h^2 = 4 sqrt(2))."""
    outcome = check_sqrt2(tmp_path, "rotation", {"never": "never"})["never"]
    assert outcome.status == "verified", outcome.message
    assert critical_line(outcome) == "critical h: 2*2**(1/4)"


def test_a_crootof_written_in_the_variable_itself_is_left_alone_by_the_substitution():
    """CRootOf(6 h^3 - 18 h^2 + 9 h - 1, 1) keeps its polynomial in h; putting a point for h into h - gamma must not
    enter it (xreplace did: sympy failed with GeneratorsNeeded, or not, depending on which CRootOf its cache handed
    back: a failure that came and went with the order of the tests)."""
    h = sympy.Symbol("h", positive=True)
    gamma = sympy.CRootOf(6 * h**3 - 18 * h**2 + 9 * h - 1, 1)
    point = sympy.CRootOf(h**3 - 2, 0)  # 2^(1/3), written in h too
    value = spectral.at(h - gamma, h, point)
    assert value.atoms(sympy.CRootOf) == {gamma, point}
    assert spectral.polynomial_sign(h - gamma, h, point) == 1  # 2^(1/3) = 1.26 > gamma = 0.4359
    assert spectral.positive_roots([(h - gamma) * (h**3 - 2)], h)[0] == spectral.positive_roots([h - gamma], h)[0]


def test_positive_roots_leave_out_the_conjugates_roots_and_repeat_none():
    h, s = sympy.Symbol("h", positive=True), sympy.sqrt(2)
    gamma = sympy.CRootOf(6 * h**3 - 18 * h**2 + 9 * h - 1, 1)  # SDIRK-3's gamma; its norm 6h^3 - 18h^2 + 9h - 1 has 3 positive roots
    assert spectral.positive_roots([2 - h + s / 4 * h**2], h) == []
    assert spectral.positive_roots([h - s, h**2 - 2, 2 * h - 2 * s, (h - s) ** 2], h) == [s]
    points = spectral.positive_roots([h - gamma], h)
    assert len(points) == 1 and spectral.compare_real(points[0], gamma) == 0
    # h^3 - sqrt(2) h - 1 has one real root, near 1.45; its conjugate h^3 + sqrt(2) h - 1 one near 0.55 (both from the norm)
    cubic = h**3 - s * h - 1
    real = [r for r in sympy.Poly(cubic.subs(s, sympy.N(s, 50)), h).nroots(n=40) if abs(sympy.im(r)) < 1e-30]
    points = spectral.positive_roots([cubic], h)
    assert len(real) == 1 and len(points) == 1 and abs(sympy.N(points[0], 40) - real[0]) < 1e-35


def test_signs_at_split_points_are_exact():
    """h^2 - sqrt(2) h - 1 has the positive root (sqrt(2) + sqrt(6))/2 = sqrt(2 + sqrt(3)); its conjugate
    h^2 + sqrt(2) h - 1 has (sqrt(6) - sqrt(2))/2 = sqrt(2 - sqrt(3)); both are roots of the norm h^4 - 4h^2 + 1,
    given here as CRootOf (no radicals to simplify).  At the conjugate's root the original is
    (2 - sqrt(3)) - sqrt(2) sqrt(2 - sqrt(3)) - 1 = -0.732... < 0."""
    h, s = sympy.Symbol("h", positive=True), sympy.sqrt(2)
    x = sympy.Symbol("x")
    P = h**2 - s * h - 1
    own, conjugates = sympy.CRootOf(x**4 - 4 * x**2 + 1, 3), sympy.CRootOf(x**4 - 4 * x**2 + 1, 2)
    assert abs(sympy.N(own, 30) - sympy.N((s + sympy.sqrt(6)) / 2, 30)) < 1e-25
    assert abs(sympy.N(conjugates, 30) - sympy.N((sympy.sqrt(6) - s) / 2, 30)) < 1e-25
    assert spectral.vanishes_at(P, h, own) is True and spectral.sign_at(P, h, own) == 0
    assert spectral.vanishes_at(P, h, conjugates) is False and spectral.sign_at(P, h, conjugates) == -1
    assert spectral.sign_at((P + 1) / P, h, own + 1) == 1  # P(own + 1) > 0, (P + 1)(own + 1) > 0
    gamma = [sympy.CRootOf(6 * x**3 - 18 * x**2 + 9 * x - 1, k) for k in range(3)]  # SDIRK-3's gamma is the middle one
    assert [spectral.vanishes_at(h - gamma[1], h, g) for g in gamma] == [False, True, False]
    assert spectral.vanishes_at(h**2 - 2, h, sympy.Rational(3, 2)) is False
    try:
        spectral.sign_at(1 / (h - gamma[1]), h, gamma[1])
    except Exception as exc:
        assert "pole" in str(exc)
    else:
        raise AssertionError("a pole has no sign")


GROWTH = '[model.growth]\nstates = ["y"]\nrhs = { y = "y" }\n\n'


def _sdirk3_stability_function(z):
    """R(z) = 1 + z b^T (I - z A)^-1 1 of Alexander's SDIRK-3 (Hairer & Wanner II, Table IV.6.5), in mpmath: gamma the
    root of 6x^3 - 18x^2 + 9x - 1 near 0.4359, A = [[g, 0, 0], [(1 - g)/2, g, 0], [b1, b2, g]], b the last row."""
    import mpmath

    g = mpmath.findroot(lambda x: 6 * x**3 - 18 * x**2 + 9 * x - 1, 0.4359)
    b1, b2 = -(6 * g**2 - 16 * g + 1) / 4, (6 * g**2 - 20 * g + 5) / 4
    A = mpmath.matrix([[g, 0, 0], [(1 - g) / 2, g, 0], [b1, b2, g]])
    b = mpmath.matrix([[b1, b2, g]])
    return 1 + z * (b * mpmath.lu_solve(mpmath.eye(3) - z * A, mpmath.matrix([1, 1, 1])))[0]


def test_sdirk3_on_growth_is_decided_at_a_split_point_where_R_is_exactly_1(tmp_path):
    """SDIRK-3 on y' = y: R(h) falls from above 1 and meets R = 1 at h* ~ 1.4554, a root of a sextic over QQ (the norm
    of R - 1's quadratic factor over QQ(gamma)); there |R| = 1 exactly, which no enclosure can show, so this took
    over 120 s (sympy's minimal_polynomial of nested CRootOf) and timed out.  Now the gcd over QQ(gamma) with the
    point's minimal polynomial decides it: stable, so "h >= 100" is refuted there.  h* and R on either side are
    checked here from the tableau in mpmath, independently of the exact path."""
    import mpmath

    mpmath.mp.dps = 40
    try:
        star = mpmath.findroot(lambda h: _sdirk3_stability_function(h) - 1, 1.45)
        assert _sdirk3_stability_function(star - mpmath.mpf("1e-6")) > 1 > _sdirk3_stability_function(star + mpmath.mpf("1e-6"))
        x = sympy.Symbol("x")
        point = sympy.CRootOf(2 * x**6 - 9 * x**5 + 414 * x**4 - 4914 * x**3 + 8316 * x**2 - 3240 * x + 432, 0)
        assert abs(mpmath.mpf(str(sympy.N(point, 40))) - star) < mpmath.mpf("1e-30")
    finally:
        mpmath.mp.dps = 15
    body = 'check = "stability"\nmodel = "growth"\nmethod = "sdirk-3"\nsymbols = ["h"]\noptions = { h = "h" }\nvariable = "h"\nstable_when = "h >= 100"\n'
    (tmp_path / "c.toml").write_text(GROWTH + f'[[claim]]\nid = "growth"\nstatement = "s"\n{body}')
    [result] = runner.check(runner.load([str(tmp_path / "c.toml")]), timeout=60)
    assert_refuted(result.outcome, [f"at h = {point}: claimed unstable, computed stable (trace 1, determinant 1)"])


def test_a_pole_on_the_positive_axis_is_an_error_not_a_verdict(tmp_path):
    """SDIRK-2 on y' = y has R(h) = (1 + (1 - 2g) h)/(1 - g h)^2, g = 1 - sqrt(2)/2: a pole at h = 1/g = 2 + sqrt(2),
    where no step is defined; R = 1 again at h = 1/g^2 = 6 + 4 sqrt(2) and R < 1 beyond."""
    body = 'check = "stability"\nmodel = "growth"\nmethod = "sdirk-2"\nsymbols = ["h"]\noptions = { h = "h" }\nvariable = "h"\nstable_when = "h >= 6 + 4*sqrt(2)"\n'
    (tmp_path / "c.toml").write_text(GROWTH + f'[[claim]]\nid = "growth"\nstatement = "s"\n{body}')
    [result] = runner.check(runner.load([str(tmp_path / "c.toml")]))
    assert result.outcome.status == "error" and "pole at h = sqrt(2) + 2" in result.outcome.message


def test_a_stable_set_of_two_intervals_is_claimed_with_or(tmp_path):
    """The weight b2 = (sqrt(2) - 1)/4 instead: R = 1 - h + b2 h^2 on y' = -y (k2 = -(1 - h) y, by hand).  R <= 1 iff
    h <= 1/b2 = 4 + 4 sqrt(2); R >= -1 iff b2 h^2 - h + 2 >= 0, whose roots are (1 -+ (sqrt(2) - 1))/(2 b2) = 2 sqrt(2)
    and 4 + 2 sqrt(2) (discriminant 1 - 8 b2 = (sqrt(2) - 1)^2).  So the stable steps are (0, 2 sqrt(2)] together with
    [4 + 2 sqrt(2), 4 + 4 sqrt(2)] (R = -1 and R = 1 at the ends: |R| = 1, bounded): a union, claimed with 'or'
    (found missing by an adversarial review).  The end 4 + 2 sqrt(2) left open is refuted there, an outer end too far
    is refuted beyond 4 + 4 sqrt(2), and a malformed 'or' is an error."""
    h, s = sympy.Symbol("h", positive=True), sympy.sqrt(2)
    b2 = (s - 1) / 4
    R = 1 - h + b2 * h**2
    for root in (2 * s, 4 + 2 * s):  # the two roots of the quadratic R + 1, and the positive one of R - 1 = h (b2 h - 1)
        assert sympy.expand(R.subs(h, root)) == -1
    assert sympy.expand(R.subs(h, 4 + 4 * s)) == 1 and sympy.expand(b2 * (4 + 4 * s)) == 1
    assert (R.subs(h, sympy.Rational(29, 3)) - 1).evalf() > 0
    outcomes = check_sqrt2(tmp_path, "decay", {
        "union": "h <= 2*sqrt(2) or 4 + 2*sqrt(2) <= h <= 4 + 4*sqrt(2)",
        "open": "h <= 2*sqrt(2) or 4 + 2*sqrt(2) < h <= 4 + 4*sqrt(2)",
        "first-only": "h <= 2*sqrt(2)",
        "too-wide": "h <= 2*sqrt(2) or 4 + 2*sqrt(2) <= h <= 10",
        "malformed": "h <= 2 or or h > 3",
    }, tableau='A = [[0, 0], [1, 0]], b = ["1 - (sqrt(2) - 1)/4", "(sqrt(2) - 1)/4"]')
    assert outcomes["union"].status == "verified", outcomes["union"].message
    assert "critical h = 2*sqrt(2), 2*sqrt(2) + 4, 4 + 4*sqrt(2)" in outcomes["union"].message
    assert_refuted(outcomes["open"], ["at h = 2*sqrt(2) + 4: claimed unstable, computed stable"])
    assert_refuted(outcomes["first-only"], ["at h = 2*sqrt(2) + 4: claimed unstable, computed stable"])
    assert_refuted(outcomes["too-wide"], ["at h = 29/3: claimed stable, computed unstable"])
    assert outcomes["malformed"].status == "error" and "stable_when" in outcomes["malformed"].message


def test_the_characteristic_polynomial_over_the_entries_field_is_berkowitz_s():
    """spectral._characteristic_polynomial (DomainMatrix over QQ(sqrt(69)), QQ, or Berkowitz for CRootOf entries) equals
    sympy's Berkowitz expansion entry for entry, and a changed entry changes it."""
    from verify.engines import spectral

    r = sympy.sqrt(69)
    gamma = sympy.CRootOf(6 * sympy.Symbol("x")**3 - 18 * sympy.Symbol("x")**2 + 9 * sympy.Symbol("x") - 1, 1)
    matrices = [sympy.Matrix([[9 - r, 1, 0], [sympy.Rational(1, 3), -1, r], [2, 0, 9 - r]]), sympy.Matrix([[1, 2], [3, 4]]),
                sympy.Matrix([[gamma, 1], [0, 1 - gamma]])]
    for M in matrices:
        expected = sympy.expand(M.charpoly(spectral.Z, simplify=sympy.expand).as_expr())
        assert spectral._characteristic_polynomial(M) == expected
        changed = M.copy()
        changed[0, 0] += 1
        assert spectral._characteristic_polynomial(changed) != expected


def test_a_kept_matrix_power_is_handed_out_as_a_fresh_matrix_per_input():
    """symbolic.matrix_power keeps its last powers (a claim and its wrong version raise the same matrix): a matrix
    differing in one entry gets its own power, and changing a returned matrix changes nothing kept."""
    from verify.engines.symbolic import matrix_power

    N = sympy.Symbol("N", integer=True, positive=True)
    A = sympy.Matrix([[sympy.Rational(1, 2), 1], [0, sympy.Rational(1, 2)]])
    B = sympy.Matrix([[sympy.Rational(1, 3), 1], [0, sympy.Rational(1, 2)]])
    first = matrix_power(A, N)
    assert sympy.simplify(first - sympy.Matrix([[2**-N, 2 * N * 2**-N], [0, 2**-N]])) == sympy.zeros(2, 2)  # by hand: A = I/2 + E12
    assert sympy.simplify(matrix_power(B, N) - B**N) == sympy.zeros(2, 2) and matrix_power(B, N) != first
    first[0, 0] = 7
    assert matrix_power(A, N)[0, 0] != 7
    assert matrix_power(A, 3) == A**3


def test_a_tableau_over_two_radicals_is_decided_through_the_norm_over_the_rationals(tmp_path):
    """b2 = a = sqrt(2)/4 + sqrt(3)/10 (about 0.5268): on y' = -y, k1 = -y, k2 = -(1 - h) y, so R = 1 - h + a h^2 (by
    hand).  R <= 1 exactly when h <= 1/a; R + 1 = a h^2 - h + 2 > 0 for every h (discriminant 1 - 8a < 0).  So the
    method is stable exactly when h <= 1/a (about 1.8983), and a bound of 19/10 is false just above 1/a.  The split
    point is a root of the norm of a h^2 - h over QQ, both radicals eliminated at once
    (spectral._norm_of_independent_generators)."""
    tableau = 'A = [[0, 0], [1, 0]], b = ["1 - sqrt(2)/4 - sqrt(3)/10", "sqrt(2)/4 + sqrt(3)/10"]'
    outcomes = check_sqrt2(tmp_path, "decay", {"true": "h <= 1/(sqrt(2)/4 + sqrt(3)/10)", "wrong": "h <= 19/10"}, tableau)
    assert outcomes["true"].status == "verified", outcomes["true"].message
    assert_refuted(outcomes["wrong"], ["claimed stable exactly when h <= 19/10", "claimed stable, computed unstable"])
    h = sympy.Symbol("h", positive=True)
    a = sympy.sqrt(2) / 4 + sympy.sqrt(3) / 10
    norm = spectral._norm_over_rationals(a * h**2 - h + 2, h)
    assert norm.domain.is_QQ and norm.degree() == 8
    for root in sympy.Poly(a * h**2 - h + 2, h).nroots(n=40):  # every root of the part is a root of its norm
        assert abs(norm.eval(root)) < sympy.Float(10) ** -20 * max(abs(c) for c in norm.all_coeffs())


CHAIN_MULTIRATE = '''
[model.chain3]
states = ["x", "z1", "z2", "z3"]
rhs = { x = "-x", z1 = "-z1", z2 = "z1 - z2", z3 = "z2 - z3" }
blocks = { slow = ["x"], fast = ["z1", "z2", "z3"] }

[model.fastdecay]
states = ["x", "z"]
rhs = { x = "-x", z = "-z" }
blocks = { slow = ["x"], fast = ["z"] }
'''


def test_an_amplification_matrix_in_a_symbolic_count_is_also_checked_at_its_first_values(check_claims):
    """Review finding: a claimed amplification matrix equal to the computed one as expressions in the microstep count m
    was verified although an entry, ((m - 1)/m)^(m - 2) (m - 1)/(2 m), is undefined at m = 1 (one microstep of h = 1
    leaves z3 at 0).  The claim is also compared with one exact step at m = 1, 2, 3: refuted at m = 1.  A form that
    holds at every m (((m - 1)/m)^m for a fast decay) is verified."""
    from conftest import assert_refuted, claims_text

    chain = ('check = "stability"\nmodel = "chain3"\nsymbols = ["m"]\nmethod = "frozen-slow-euler"\noptions = { H = 1, m = "m" }\n'
             'equals = [[0,0,0,0],[0,"((m - 1)/m)**m",0,0],[0,"((m - 1)/m)**(m - 1)","((m - 1)/m)**m",0],'
             '[0,"((m - 1)/m)**(m - 2)*(m - 1)/(2*m)","((m - 1)/m)**(m - 1)","((m - 1)/m)**m"]]')
    decay = ('check = "stability"\nmodel = "fastdecay"\nsymbols = ["m"]\nmethod = "frozen-slow-euler"\noptions = { H = 1, m = "m" }\n'
             'equals = [[0,0],[0,"((m - 1)/m)**m"]]')
    results = check_claims(claims_text(CHAIN_MULTIRATE, {"chain": (chain,), "decay": (decay,)}))
    assert_refuted(results["chain"].outcome, ["at m = 1", "computed"])
    assert results["decay"].outcome.status == "verified", results["decay"].outcome.message


def test_the_witness_search_never_sets_a_microstep_count_to_a_fraction(check_claims, monkeypatch):
    """When stable_when cannot be decided for every parameter value it tries simple values of the others (1, 4, 1/4,
    2, 9); a microstep count m = 1/4 is no method (review finding: frozen-slow Euler's (1 - 32 H)^(1/4) was
    computed), so such a combination is skipped and every tried count is a positive integer."""
    from conftest import claims_text
    from verify.checks.common import CheckError
    from verify.checks.stability import stable_when

    tried = []
    original = stable_when._decide_stable_when

    def undecided_in_general(claim, method, options, spec):
        if isinstance(options.get("m"), sympy.Basic) and options["m"].free_symbols:
            raise CheckError("not decided for every m (this test)")
        tried.append(options["m"])
        return original(claim, method, options, spec)

    monkeypatch.setattr(stable_when, "_decide_stable_when", undecided_in_general)
    claim = ('check = "stability"\nmodel = "fastdecay"\nsymbols = ["m", "H"]\nmethod = "frozen-slow-euler"\noptions = { H = "H", m = "m" }\n'
             'variable = "H"\nstable_when = "H <= 2"')
    outcome = check_claims(claims_text(CHAIN_MULTIRATE, {"witness": (claim,)}))["witness"].outcome
    assert tried and all(m.is_Integer and m > 0 for m in tried), tried
    assert outcome.status in ("refuted", "error"), outcome.message


def test_a_bound_in_nested_radicals_is_read_as_the_root_of_its_minimal_polynomial(check_claims):
    """RK4's interval end in Cardano's form, 4/3 + (172/27 + 4 sqrt(29)/3)^(1/3) - (4 sqrt(29)/3 - 172/27)^(1/3), the
    real root of h^3 - 4h^2 + 12h - 24 = 2.78529356...: the norm over QQ through its nested generators ran past the
    time limit; written as a CRootOf of its minimal polynomial (chosen by an enclosure, exactly) it is decided."""
    head = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
    bound = "4/3 + (172/27 + 4*sqrt(29)/3)**(1/3) - (4*sqrt(29)/3 - 172/27)**(1/3)"
    body = 'check = "stability"\nmodel = "decay"\nmethod = "rk4"\noptions = {{ h = "h" }}\nvariable = "h"\nsymbols = ["h"]\nstable_when = "{}"\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "true": (body.format(f"h <= {bound}"),), "strict": (body.format(f"h < {bound}"),),
        "shifted": (body.format(f"h <= {bound} - 10**(-30)"),)})).items()}
    assert results["true"].status == "verified", results["true"].message
    assert_refuted(results["strict"], ["claimed unstable, computed stable"])
    assert results["shifted"].status == "refuted", results["shifted"].message


def test_the_same_bound_in_another_cardano_form_is_read_as_the_root_before_it_is_put_over_one_denominator(check_claims):
    """A review of 2026-12-06 wrote the bound as 2 c/3 + 4/3 - 10/(3 c), c = (43/2 + 9 sqrt(29)/2)^(1/3): together()
    spread it into coefficients that are not the root, and the norm over their radicals never ended (a timeout at
    120 s in a worker).  The compared expression's nested radicals are now rewritten first."""
    head = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
    bound = "2*(43/2 + 9*sqrt(29)/2)**(1/3)/3 + 4/3 - 10/(3*(43/2 + 9*sqrt(29)/2)**(1/3))"
    body = 'check = "stability"\nmodel = "decay"\nmethod = "rk4"\noptions = {{ h = "h" }}\nvariable = "h"\nsymbols = ["h"]\nstable_when = "{}"\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "true": (body.format(f"h <= {bound}"),), "strict": (body.format(f"h < {bound}"),)})).items()}
    assert results["true"].status == "verified", results["true"].message
    assert_refuted(results["strict"], ["claimed unstable, computed stable"])


def test_a_complex_bound_and_a_bound_in_too_large_a_field_are_errors_not_timeouts(check_claims):
    """A second review of 2026-12-06: (4 - sqrt(17))**(1/3) is sympy's principal root of a negative number, complex,
    and RK4's Cardano bound with one radicand changed by 10^-30 lies in a field of degree up to 72: both ran into the
    time limit in the norm over the rationals."""
    head = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
    body = 'check = "stability"\nmodel = "decay"\nmethod = "{}"\noptions = {{ h = "h" }}\nvariable = "h"\nsymbols = ["h"]\nstable_when = "{}"\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "complex": (body.format("rk4", "h <= 1 + (4 + sqrt(17))**(1/3) + (4 - sqrt(17))**(1/3)"),),
        "degree": (body.format("rk4", "h <= 2*(43/2 + 1/10**30 + 9*sqrt(29)/2)**(1/3)/3 + 4/3 - 10/(3*(43/2 + 9*sqrt(29)/2)**(1/3))"),),
    })).items()}
    assert results["complex"].status == "error" and "is not a real number" in results["complex"].message, results["complex"].message
    assert results["degree"].status == "error" and "a field of degree up to" in results["degree"].message, results["degree"].message
    # square roots of rationals need no bound (their norm is taken generator by generator over QQ): decided, refuted at 21/10
    six = check_claims(claims_text('[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n', {"six": (body.format(
        "euler", "h <= sqrt(2) + sqrt(3) + sqrt(5) + sqrt(7) - sqrt(11) - sqrt(13) + 1"),)}))["six"].outcome
    assert six.status == "refuted", six.message


def test_a_double_eigenvalue_on_the_circle_whose_jordan_block_depends_on_a_parameter_is_not_decided(check_claims):
    """Review of 2026-12-05: Euler on a' = -a + (k - 3) b, b' = -b gives M = [[1 - h, (k - 3) h], [0, 1 - h]]; at h = 2
    it is a Jordan block at -1 (powers grow) for k != 3 but -I (bounded) at k = 3, so 'stable exactly when h < 2'
    for every k > 0 is false; it was verified (symbolic), the block read as a Jordan block for every k.  With an
    off-diagonal entry nonzero for every k (k h) the claim is decided as before."""
    h, k = sympy.symbols("h k")
    M = sympy.Matrix([[1 - h, (k - 3) * h], [0, 1 - h]])
    assert M.subs({h: 2, k: 3}) == -sympy.eye(2) and (M.subs({h: 2, k: 4}) ** 5)[0, 1] == 10
    models = ('[model.depends]\nstates = ["a", "b"]\nrhs = { a = "-a + (k - 3)*b", b = "-b" }\nparameters = { k = 1 }\n'
              '[model.never_zero]\nstates = ["a", "b"]\nrhs = { a = "-a + k*b", b = "-b" }\nparameters = { k = 1 }\n')
    body = 'check = "stability"\nmodel = "{}"\nmethod = "euler"\nsymbols = ["h", "k"]\noptions = {{ h = "h" }}\nvariable = "h"\nstable_when = "{}"\n'
    outcomes = {key: r.outcome for key, r in check_claims(claims_text(models, {
        "depends": (body.format("depends", "h < 2"),), "never-zero": (body.format("never_zero", "h < 2"),),
        "never-zero-closed": (body.format("never_zero", "h <= 2"),)})).items()}
    assert outcomes["depends"].status == "error" and "cannot decide stability at h = 2" in outcomes["depends"].message
    assert (outcomes["never-zero"].status, outcomes["never-zero"].evidence) == ("verified", "symbolic"), outcomes["never-zero"].message
    assert_refuted(outcomes["never-zero-closed"], ["at h = 2: claimed stable, computed unstable"])


def test_stable_when_on_a_three_by_three_implicit_matrix_clears_its_denominators(check_claims):
    """Review of 2026-12-05 (8th session): stable_when on any 3x3 model under backward Euler or the trapezoid rule was
    an internal error (the characteristic polynomial's coefficients are rational in h).  On a = -a, b = -2b, c = -3c
    their eigenvalues 1/(1 + jh) and (2 - jh)/(2 + jh), j = 1, 2, 3, are inside the unit circle for every h > 0;
    explicit Euler's 1 - jh for h < 2/3."""
    h = sympy.Symbol("h", positive=True)
    for j in (1, 2, 3):
        assert sympy.Abs(1 / (1 + j * h)).subs(h, sympy.Rational(7, 3)) < 1 and abs((2 - j * 5) / sympy.Integer(2 + j * 5)) < 1
    model = '[model.d3]\nstates = ["a", "b", "c"]\nrhs = { a = "-a", b = "-2*b", c = "-3*c" }\n'
    body = 'check = "stability"\nmodel = "d3"\nsymbols = ["h"]\noptions = { h = "h" }\nvariable = "h"\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(model, {
        "backward": (body + 'method = "backward-euler"\nstable_when = "always"',),
        "trapezoid": (body + 'method = "trapezoid"\nstable_when = "always"',),
        "trapezoid-wrong": (body + 'method = "trapezoid"\nstable_when = "h < 2"',),
        "euler": (body + 'method = "euler"\nstable_when = "h <= 2/3"',)})).items()}
    for key in ("backward", "trapezoid", "euler"):
        assert (results[key].status, results[key].evidence) == ("verified", "symbolic"), (key, results[key].message)
    assert results["trapezoid-wrong"].status == "refuted", results["trapezoid-wrong"].message


def test_a_pole_of_an_implicit_step_at_a_split_point_is_passed_over_or_an_error(check_claims):
    """Review of 2026-12-05 (8th session, late commits): backward Euler on a = 3a, b = a - b, c = b - 3c has the
    eigenvalues -1/(3h - 1), 1/(h + 1), 1/(3h + 1) and a pole at h = 1/3; stable exactly when h >= 2/3 (at 2/3 a
    simple -1).  The pole, a split point, was an internal error; a claimed set holding the pole is an error."""
    h = sympy.Rational(2, 3)
    assert [abs(-1 / (3 * h - 1)), abs(1 / (h + 1)), abs(1 / (3 * h + 1))] == [1, sympy.Rational(3, 5), sympy.Rational(1, 3)]
    model = '[model.mix]\nstates = ["a", "b", "c"]\nrhs = { a = "3*a", b = "-b + a", c = "-3*c + b" }\n'
    body = 'check = "stability"\nmodel = "mix"\nmethod = "backward-euler"\nsymbols = ["h"]\noptions = { h = "h" }\nvariable = "h"\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(model, {
        "true": (body + 'stable_when = "h >= 2/3"',), "wrong": (body + 'stable_when = "h > 2/3"',),
        "holds-the-pole": (body + 'stable_when = "h >= 1/3"',)})).items()}
    assert (results["true"].status, results["true"].evidence) == ("verified", "symbolic"), results["true"].message
    assert_refuted(results["wrong"], ["at h = 2/3: claimed unstable, computed stable"])
    assert results["holds-the-pole"].status in ("error", "refuted"), results["holds-the-pole"].message
    assert "internal error" not in results["holds-the-pole"].message


def test_a_symbolic_stiffness_is_decided_side_by_side_and_a_pole_at_it_is_named(check_claims):
    """Review of 2026-12-05: the trapezoid on y' = -k y, R = (2 - hk)/(2 + hk), is stable for every h > 0 and k > 0
    (1 - R = 2hk/(2 + hk) >= 0, R + 1 = 4/(2 + hk) >= 0), and the implicit midpoint rule on u' = w, w' = -k u too
    (its matrix is a rotation: det 1, |trace| < 2); both were "cannot decide stability at h = 1" (sympy does not
    decide |R| <= 1 with a symbol inside Abs).  Backward Euler on y' = k y has R = 1/(1 - hk), a pole at h = 1/k:
    now named, not "cannot decide"."""
    models = ('[model.decay]\nstates = ["y"]\nrhs = { y = "-k*y" }\nparameters = { k = 1 }\n'
              '[model.growth_k]\nstates = ["y"]\nrhs = { y = "k*y" }\nparameters = { k = 1 }\n'
              '[model.osc]\nstates = ["u", "w"]\nrhs = { u = "w", w = "-k*u" }\nparameters = { k = 1 }\n')
    body = 'check = "stability"\nmodel = "{}"\nmethod = "{}"\nsymbols = ["k", "h"]\noptions = {{ h = "h" }}\nvariable = "h"\nstable_when = "{}"\n'
    outcomes = {key: r.outcome for key, r in check_claims(claims_text(models, {
        "trapezoid": (body.format("decay", "trapezoid", "always"),),
        "trapezoid-wrong": (body.format("decay", "trapezoid", "h <= 2/k"),),
        "midpoint": (body.format("osc", "implicit-midpoint", "always"),),
        "midpoint-wrong": (body.format("osc", "implicit-midpoint", "never"),),
        "pole": (body.format("growth_k", "backward-euler", "h >= 2/k"),),
        "past-the-pole": (body.format("growth_k", "backward-euler", "h >= 3/k"),),
        "rk4-growth": (body.format("growth_k", "rk4", "never"),),  # R - 1 = hk + ... + (hk)^4/24: no sign change (Descartes)
        "rk4-growth-wrong": (body.format("growth_k", "rk4", "always"),),
        "gl6-decay": (body.format("decay", "gauss-legendre-6", "always"),)})).items()}
    for key in ("trapezoid", "midpoint"):
        assert (outcomes[key].status, outcomes[key].evidence) == ("verified", "symbolic"), outcomes[key].message
    assert_refuted(outcomes["trapezoid-wrong"], ["claimed unstable, computed stable"])
    assert_refuted(outcomes["midpoint-wrong"], ["claimed unstable, computed stable"])
    assert outcomes["pole"].status == "error" and "the amplification matrix has a pole at h = 1/k" in outcomes["pole"].message
    # a second review: the pole hid this refutation (R = 1/(1 - hk) has |R| <= 1 exactly when hk >= 2)
    assert_refuted(outcomes["past-the-pole"], ["at h = 2/k: claimed unstable, computed stable"])
    # a third review: "cannot list the roots of h**3*k**3 + 12*h**2*k**2 + 60*h*k + 120 in h > 0" (there are none)
    for key in ("rk4-growth", "gl6-decay"):
        assert (outcomes[key].status, outcomes[key].evidence) == ("verified", "symbolic"), outcomes[key].message
    assert_refuted(outcomes["rk4-growth-wrong"], ["claimed stable, computed unstable"])


def test_a_kept_amplification_matrix_is_not_handed_to_an_edited_model(check_claims):
    """Review of 2026-12-06: a worker keeps its last amplification matrices, and the key held repr(model), which prints a
    parameter named E and exp(1) alike: a claim file rewritten from E*y to exp(1)*y in one process (a notebook, this
    test session) got the old matrix [[1 - 2h]] back and was verified.  Keyed by the model's srepr it is not."""
    head = '[model.m]\nstates = ["y"]\nparameters = {{ E = -2 }}\nrhs = {{ y = "{}" }}\n'
    body = 'check = "stability"\nmodel = "m"\nmethod = "euler"\nsymbols = ["h"]\noptions = { h = "h" }\nequals = [["1 - 2*h"]]'
    first = check_claims(claims_text(head.format("E*y"), {"matrix": (body,)}))["matrix"].outcome
    assert (first.status, first.evidence) == ("verified", "symbolic"), first.message
    second = check_claims(claims_text(head.format("exp(1)*y"), {"matrix": (body,)}))["matrix"].outcome
    assert second.status != "verified" and "E*h + 1" in second.message, second.message  # 1 + e h, not 1 - 2 h


def test_an_isolated_spectral_radius_is_shown_as_an_approximation(check_claims):
    """Frozen-slow Euler on the electromechanical model with H = 1/4, m = 1: the largest modulus is that of the real
    eigenvalue -1.0344323505950390803... (mpmath: a root of 8z^3 - 6z^2 - 8z + 7), isolated to 10 digits; the message
    printed a rational approximation of it with '=' (a second review of 2026-12-06)."""
    import mpmath

    root = mpmath.findroot(lambda z: 8 * z**3 - 6 * z**2 - 8 * z + 7, -1.03)
    assert abs(root + mpmath.mpf("1.03443235059503908035")) < 1e-15  # at mpmath's 15 digits
    from conftest import ELECTROMECHANICAL

    body = 'check = "stability"\nmodel = "electromechanical"\nmethod = "frozen-slow-euler"\noptions = { H = "1/4", m = 1 }\n'
    results = check_claims(claims_text(ELECTROMECHANICAL, {"above": (body + 'spectral_radius = "> 1"',),
                                                           "below": (body + 'spectral_radius = "< 1"',)}))
    above = results["above"].outcome
    assert above.status == "verified" and "the largest modulus ≈ 1.0344323" in above.message, above.message
    assert_refuted(results["below"].outcome, ["claimed spectral radius < 1", "≈ 1.0344323"])


def test_a_split_point_that_is_a_root_of_a_cubic_has_its_eigenvalue_minus_one_divided_out(check_claims):
    """Frozen-slow Euler with m = 1 on the electromechanical model: det(-I - M) = -4 (2H^3 - 4H^2 + 9H - 2), which
    increases in H (derivative 6H^2 - 8H + 9 > 0), so its one root r = 0.2457688012... bounds the stable H (a review
    recomputed it by a scan and at r +- 1e-20).  At r the characteristic polynomial is exactly (z + 1) times a
    quadratic, which factoring over QQ did not see: 'cannot place the roots of the degree-3 factor' was an error."""
    from conftest import ELECTROMECHANICAL

    body = ('check = "stability"\nmodel = "electromechanical"\nmethod = "frozen-slow-euler"\nsymbols = ["H"]\n'
            'options = { H = "H", m = 1 }\nvariable = "H"\n')
    results = check_claims(claims_text(ELECTROMECHANICAL, {"closed": (body + 'stable_when = "2*H**3 - 4*H**2 + 9*H - 2 <= 0"',),
                                                           "open": (body + 'stable_when = "2*H**3 - 4*H**2 + 9*H - 2 < 0"',)}))
    assert results["closed"].outcome.status == "verified", results["closed"].outcome.message
    assert_refuted(results["open"].outcome, ["at H = CRootOf(2*x**3 - 4*x**2 + 9*x - 2, 0): claimed unstable, computed stable"])


def test_a_test_polynomial_in_one_monomial_of_the_step_and_the_stiffness_is_decided(check_claims):
    """A review of 2026-12-06: RK4 on u' = w, w' = -k u is stable exactly when h <= 2 sqrt(2/k), but the claim was
    "cannot list the roots of h**8*k**4 - 8*h**6*k**3 + 1152 in h > 0": a polynomial in u = h^2 k alone, u^4 - 8u^3 +
    1152, with no positive root (verified here: its least value on u > 0 is 720 at u = 6).  By hand: R(iy) with
    y = h sqrt(k) has |R|^2 = 1 - y^6/72 + y^8/576 (computed here), <= 1 exactly when y^2 <= 8, and at y^2 = 8 the
    matrix is normal with |R| = 1: bounded powers, stable.  A bound off by a factor is refuted."""
    u, y = sympy.symbols("u y", positive=True)
    q = u**4 - 8 * u**3 + 1152
    assert sympy.solve(sympy.diff(q, u), u) == [6] and q.subs(u, 6) == 720 and q.subs(u, 0) > 0
    z = sympy.I * y
    R = 1 + z + z**2 / 2 + z**3 / 6 + z**4 / 24
    assert sympy.expand(R * sympy.conjugate(R)) == sympy.expand(1 - y**6 / 72 + y**8 / 576)
    assert sympy.solve(sympy.Eq(-y**6 / 72 + y**8 / 576, 0), y) == [2 * sympy.sqrt(2)]
    assert spectral._in_one_monomial(sympy.Symbol("h", positive=True)**8 * sympy.Symbol("k", positive=True)**4
                                     - 8 * sympy.Symbol("h", positive=True)**6 * sympy.Symbol("k", positive=True)**3 + 1152,
                                     sympy.Symbol("h", positive=True)) == []
    models = '[model.osc]\nstates = ["u", "w"]\nrhs = { u = "w", w = "-k*u" }\nparameters = { k = 1 }\n'
    body = 'check = "stability"\nmodel = "osc"\nmethod = "rk4"\nsymbols = ["k", "h"]\noptions = {{ h = "h" }}\nvariable = "h"\nstable_when = "{}"\n'
    outcomes = {key: r.outcome for key, r in check_claims(claims_text(models, {
        "true": (body.format("h <= 2*sqrt(2/k)"),), "strict": (body.format("h < 2*sqrt(2/k)"),),
        "factor": (body.format("h <= 2*sqrt(3/k)"),)})).items()}
    assert (outcomes["true"].status, outcomes["true"].evidence) == ("verified", "symbolic"), outcomes["true"].message
    assert_refuted(outcomes["strict"], ["claimed unstable, computed stable"])
    assert_refuted(outcomes["factor"], ["claimed stable, computed unstable"])
