"""forall ... exactly_when with boundaries that are real algebraic numbers: decided exactly, never sampled.

RK4's real stability interval is [z0, 0], z0 = -2.785293563... the real root of z^3 + 4z^2 + 12z + 24
(Hairer & Wanner, Solving ODEs II, sec. IV.2, Fig. 2.1); the degree-5 Taylor polynomial's left end is
-3.2170..., a root of a quintic that sympy writes only as CRootOf.
"""
from __future__ import annotations

import mpmath
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import assert_refuted, claims_text
from verify.engines import realsets

RK4 = "abs(1 + z + z**2/2 + z**3/6 + z**4/24)"
TAYLOR5 = "abs(1 + z + z**2/2 + z**3/6 + z**4/24 + z**5/120)"


def interval_claim(lhs, condition, digits=None):
    body = f'check = "forall"\ndomains = {{ z = "real" }}\nlhs = "{lhs}"\nop = "<="\nrhs = 1\nexactly_when = "{condition}"\n'
    return body + (f"digits = {digits}\n" if digits is not None else "")


TRUE = {
    "rk4-3-digits": (interval_claim(RK4, "-2.785 <= z <= 0", 3),),
    "rk4-9-digits": (interval_claim(RK4, "-2.785293563 <= z <= 0", 9),),
    "taylor5-3-digits": (interval_claim(TAYLOR5, "-3.217 <= z <= 0", 3),),
    "heun": (interval_claim("abs(1 + z + z**2/2)", "-2 <= z <= 0"),),
}

WRONG = {
    "rk4-wrong-last-digit": (interval_claim(RK4, "-2.786 <= z <= 0", 3), ["claimed", "exactly when -2.786 <= z <= 0", "it fails although the claim says it holds"]),
    "rk4-digits-not-said": (interval_claim(RK4, "-2.785293563 <= z <= 0"), ["it holds although the claim says it fails"]),
    "rk4-open-end": (interval_claim(RK4, "-2.785 < z <= 0", 3), ["e.g. at z = 2*CRootOf(x**3 + 2*x**2 + 3*x + 3, 0) it holds although the claim says it fails"]),
    "taylor5-as-rk4": (interval_claim(TAYLOR5, "-2.785 <= z <= 0", 3), ["it holds although the claim says it fails"]),
    "heun-too-wide": (interval_claim("abs(1 + z + z**2/2)", "-3 <= z <= 0"), ["e.g. at z = -5/2 it fails although the claim says it holds"]),
}


def test_true_intervals_with_algebraic_boundaries_are_verified_exactly(check_claims):
    results = check_claims(claims_text("", TRUE))
    for name in TRUE:
        outcome = results[name].outcome
        assert outcome.status == "verified" and outcome.evidence == "symbolic", (name, outcome.message)
        assert "boundaries compared exactly" in outcome.message
    assert "-557/200 is the boundary 2*CRootOf(x**3 + 2*x**2 + 3*x + 3, 0) ≈ -2.785294 printed to 3 decimals" in results["rk4-3-digits"].outcome.message


def test_wrong_intervals_are_refuted_at_a_point_where_claim_and_truth_differ(check_claims):
    results = check_claims(claims_text("", {k: (v[0],) for k, v in WRONG.items()}))
    for name, (_, fragments) in WRONG.items():
        assert_refuted(results[name].outcome, fragments)
        assert "counterexample z = 1" not in results[name].outcome.message


def test_the_witness_lies_between_the_claimed_and_the_true_boundary(check_claims):
    message = check_claims(claims_text("", {"w": (WRONG["rk4-digits-not-said"][0],)}))["w"].outcome.message
    point = sympy.Rational(message.split("e.g. at z = ")[1].split(" ")[0])
    z0 = sympy.CRootOf(sympy.Poly([1, 4, 12, 24], sympy.Symbol("x")), 0)
    assert realsets.compare(z0, point) < 0 < realsets.compare(sympy.Rational(-2785293563, 10**9), point) or \
        realsets.compare(sympy.Rational(-2785293563, 10**9), point) < 0 < realsets.compare(z0, point) or point == z0


def test_the_real_root_is_the_one_the_books_give():
    z0 = sympy.CRootOf(sympy.Poly([1, 4, 12, 24], sympy.Symbol("x")), 0)
    low, high = realsets.enclosure(z0, 64)
    assert sympy.Rational(-27852935635, 10**10) < low <= high < sympy.Rational(-27852935633, 10**10)
    assert realsets.polynomial_set(sympy.Symbol("z") ** 2 - 2, "<=", sympy.Symbol("z")) == sympy.Interval(-sympy.sqrt(2), sympy.sqrt(2))


def test_flint_root_enclosures_hold_sympys_root_narrow_at_every_precision_and_pick_the_right_root():
    """A root's enclosure comes from python-flint's isolation (2026-12-06: the ends were once read after the working
    precision was restored, and stayed 53 bits wide at any asked precision, so two roots 1e-30 apart never separated).
    Each real root of a quintic with five real roots and of the degree-8 minimal polynomial of sqrt(2) + sqrt(3) +
    sqrt(5) is enclosed to the asked width by ends where the polynomial changes sign (exactly evaluated), inside
    the interval where sympy isolates that root alone."""
    x = sympy.Symbol("x")
    for polynomial in (x**5 - 5 * x**3 + 4 * x + 1, sympy.minimal_polynomial(sympy.sqrt(2) + sympy.sqrt(3) + sympy.sqrt(5), x)):
        poly = sympy.Poly(polynomial, x)
        roots = poly.real_roots()
        assert len(roots) >= 4
        for root in roots:
            isolating = root._get_interval()
            for bits in (64, 512):
                low, high = realsets.enclosure(root, bits)
                assert 0 < high - low <= sympy.Rational(1, 2**(bits - 4)), (root, bits, float(high - low))
                assert poly.eval(low) * poly.eval(high) < 0 and isolating.a <= low and high <= isolating.b, (root, bits)
    # two roots 10^-30 apart are ordered (both ways)
    near = sympy.CRootOf(10**30 * x**3 - 2 * 10**30 * x**2 + 3 * 10**30 * x - 3 * 10**30 + 1, 0)
    far = sympy.CRootOf(x**3 - 2 * x**2 + 3 * x - 3, 0)
    assert realsets.compare(near, far) == -realsets.compare(far, near) != 0


def test_flint_boxes_of_complex_roots_hold_each_root_and_pick_it_by_sympys_rectangle():
    """realsets.box_of_root (2026-12-07: the moduli of a stability claim's eigenvalues and the real parts of
    R's poles, which sympy refined itself): for every root of z^5 + z + 1 = (z^2 + z + 1)(z^3 - z^2 + 1) (two
    roots on the line re = -1/2, where an isolating rectangle may have its edge) and of an irreducible degree-7
    polynomial, the box is as narrow as asked and holds the root as mpmath finds it at 60 digits, the nearest of
    the polynomial's roots; sympy's own refinement of the same CRootOf lies in it up to its error."""
    import mpmath

    x = sympy.Symbol("x")
    for polynomial in (x**5 + x + 1, x**7 - 3 * x**4 + 2 * x + 5):
        with mpmath.workdps(60):
            everything = mpmath.polyroots([int(c) for c in sympy.Poly(polynomial, x).all_coeffs()], maxsteps=200, extraprec=300)
        roots = sympy.Poly(polynomial, x).all_roots()
        assert len(roots) == sympy.degree(polynomial, x)
        for root in roots:
            if not isinstance(root, sympy.CRootOf):
                continue
            for bits in (40, 300):
                box = realsets.box_of_root(root, bits)
                assert box is not None, root
                re_low, re_high, im_low, im_high = box
                assert re_high - re_low <= sympy.Rational(1, 2**(bits - 4)) and im_high - im_low <= sympy.Rational(1, 2**(bits - 4))
                assert (im_low == im_high == 0) == bool(root.is_real)
                with mpmath.workdps(60):
                    slack = mpmath.mpf(10) ** -50
                    ends = [mpmath.mpf(int(end.p)) / int(end.q) for end in box]
                    inside = [r for r in everything if ends[0] - slack <= r.real <= ends[1] + slack and ends[2] - slack <= r.imag <= ends[3] + slack]
                assert len(inside) == 1, (root, bits)
            if sympy.degree(polynomial, x) > 5:
                continue  # sympy's refinement of a degree-7 polynomial's complex roots: 1.8 s
            eps = sympy.Rational(1, 10**20)
            theirs = root.eval_rational(dx=eps, dy=eps, n=25)
            re_low, re_high, im_low, im_high = realsets.box_of_root(root, 80)
            assert re_low - 2 * eps <= sympy.re(theirs) <= re_high + 2 * eps and im_low - 2 * eps <= sympy.im(theirs) <= im_high + 2 * eps


def test_a_printed_end_at_the_domains_own_end_is_read_as_the_claim_writes_it(check_claims):
    """A review of 2026-12-06: z^3 - 10^18 z - 1 >= 0 on negative z holds exactly on [r1, r2], r1 = -10^9 + 5e-19...,
    r2 = -10^-18 + ... (both print to 3 decimals as -1000000000.000 and 0.000); the claim '<= 0.000' was snapped
    after the domain had made its end the open 0, so it read [r1, r2) and a true claim was refuted at r2.  The
    claim's own '< 0.000' is refuted there."""
    z = sympy.Symbol("z")
    cubic = z**3 - 10**18 * z - 1
    r1, r2, _ = sympy.Poly(cubic, z).real_roots()
    assert abs(sympy.N(r1, 40) + 10**9) < sympy.Rational(1, 10**18) and -sympy.Rational(1, 10**17) < sympy.N(r2, 40) < 0 and cubic.subs(z, -1) > 0
    body = ('check = "forall"\ndomains = { z = "negative" }\nlhs = "z**3 - 10**18*z - 1"\nop = ">="\nrhs = 0\n'
            'exactly_when = "-1000000000.000 <= z OP 0.000"\ndigits = 3\n')
    results = check_claims(claims_text("", {"closed": (body.replace("OP", "<="),), "open": (body.replace("OP", "<"),)}))
    assert results["closed"].outcome.status == "verified", results["closed"].outcome.message
    assert_refuted(results["open"].outcome, ["it holds although the claim says it fails"])


def test_a_boundary_of_a_degree_41_polynomial_is_written_in_the_message_without_sympys_evalf(check_claims):
    """A review of 2026-12-06: z^41 - 3z + 1 <= 0 'exactly when 0.33333333333333333334 <= z <= 1.01769996131973269496'
    (digits = 20) ran into the time limit in sympy's evalf of a CRootOf, called only to write the message; the
    boundaries are 0.3333333333333333333424724... and 1.0176999613197326949622... (mpmath's polyroots at 60 digits)."""
    with mpmath.workdps(60):
        roots = sorted(r.real for r in mpmath.polyroots([1] + [0] * 39 + [-3, 1], maxsteps=400, extraprec=400)
                       if abs(r.imag) < mpmath.mpf(10)**-40 and r.real > 0)
        assert [mpmath.nstr(r, 22) for r in roots] == ["0.3333333333333333333425", "1.017699961319732694962"]
    body = ('check = "forall"\ndomains = { z = "positive" }\nlhs = "z**41 - 3*z + 1"\nop = "<="\nrhs = 0\n'
            'exactly_when = "0.333333333333333333LOW <= z <= 1.01769996131973269496"\ndigits = 20\n')
    results = check_claims(claims_text("", {"true": (body.replace("LOW", "34"),), "wrong": (body.replace("LOW", "35"),)}))
    true = results["true"].outcome
    assert true.status == "verified" and "≈ 0.33333333333333333334247" in true.message, true.message
    assert_refuted(results["wrong"].outcome, ["it holds although the claim says it fails"])


def test_a_solver_answer_that_direct_evaluation_contradicts_is_an_error_not_a_verdict(monkeypatch, check_claims):
    from verify.checks.forall import proofs
    monkeypatch.setattr(proofs.realsets, "polynomial_set", lambda *args: sympy.Interval(-3, sympy.oo))  # a wrong solver
    outcome = check_claims(claims_text("", {"heun": TRUE["heun"]}))["heun"].outcome
    assert outcome.status == "error" and "direct evaluation" not in outcome.message and "the relation fails" in outcome.message


def test_a_single_point_set_and_an_ambiguous_printed_boundary(check_claims):
    rows = {
        "point": ('check = "forall"\ndomains = { z = "real" }\nlhs = "abs(z)"\nop = "<="\nrhs = 0\nexactly_when = "z == 0"',),
        "point-wrong": ('check = "forall"\ndomains = { z = "real" }\nlhs = "abs(z)"\nop = "<="\nrhs = 0\nexactly_when = "z == 1"',),
        "tie": ('check = "forall"\ndomains = { z = "real" }\nlhs = "abs(2*z + 4)"\nop = "<="\nrhs = 1\nexactly_when = "-3 <= z <= -2"\ndigits = 0',),
    }
    results = check_claims(claims_text("", rows))
    assert results["point"].outcome.status == "verified", results["point"].outcome.message
    assert_refuted(results["point-wrong"].outcome, ["e.g. at z = 0 it holds although the claim says it fails"])
    assert results["tie"].outcome.status == "error" and "cannot tell which it stands for" in results["tie"].outcome.message


def test_printed_ends_must_all_come_from_one_rule(check_claims):
    """Review of 2026-12-05 (8th session): x^2 <= 25/16 holds on [-5/4, 5/4]; to one decimal a page prints the ties
    as -1.2 and 1.2 (half-even, truncation) or -1.3 and 1.3 (half-up), never -1.3 and 1.2, which was verified (each
    end was read on its own).  One rule must print every end, as in a run's table; ``rounding`` names it.  A
    truncated end (RK4's -2.78529... as -2.7852) is read as in a run's table too."""
    from fractions import Fraction
    from verify.checks.rounding import round_decimal
    assert [round_decimal(sympy.Rational(-5, 4), 1, m) for m in ("half-even", "half-up", "truncate")] == \
        [sympy.Rational(-6, 5), sympy.Rational(-13, 10), sympy.Rational(-6, 5)]
    boundary = -2 * sympy.CRootOf(sympy.Symbol("x") ** 3 + 2 * sympy.Symbol("x") ** 2 + 3 * sympy.Symbol("x") + 3, 0) * -1
    assert Fraction(-27853, 10000) < Fraction(str(sympy.N(boundary, 30))) < Fraction(-27852, 10000)
    head = 'check = "forall"\ndomains = { x = "real" }\nlhs = "x**2"\nop = "<="\nrhs = "25/16"\ndigits = 1\n'
    rk4 = 'check = "forall"\ndomains = { z = "real" }\nlhs = "abs(1 + z + z**2/2 + z**3/6 + z**4/24)"\nop = "<="\nrhs = 1\ndigits = 4\n'
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "even": (head + 'exactly_when = "-1.2 <= x <= 1.2"',),
        "up": (head + 'exactly_when = "-1.3 <= x <= 1.3"',),
        "mixed": (head + 'exactly_when = "-1.3 <= x <= 1.2"',),
        "up-named-even": (head + 'exactly_when = "-1.3 <= x <= 1.3"\nrounding = "half-even"',),
        "mixed-any": (head + 'exactly_when = "-1.3 <= x <= 1.2"\nrounding = "any"',),
        "truncated": (rk4 + 'exactly_when = "-2.7852 <= z <= 0"',),
        "too-many-decimals": (head + 'exactly_when = "-1.24 <= x <= 1.24"',),
    })).items()}
    assert results["even"].status == "verified" and "one rule prints every boundary: round-half-even and truncation" in results["even"].message
    assert results["up"].status == "verified" and "one rule prints every boundary: round-half-up" in results["up"].message
    assert_refuted(results["mixed"], ["no single rule prints every value at 1 decimal (the boundary -5/4 only by round-half-up; "
                                      "the boundary 5/4 only by round-half-even and truncation)"])
    assert_refuted(results["up-named-even"], ["the boundary -5/4: claimed -1.3 at 1 decimal, computed -1.25 (a tie at decimal 2), "
                                              "which rounds to -1.2 (half-even)"])
    assert results["mixed-any"].status == "verified" and 'printed by some rule (rounding = "any")' in results["mixed-any"].message
    assert results["truncated"].status == "verified" and "one rule prints every boundary: truncation" in results["truncated"].message
    assert_refuted(results["too-many-decimals"], ["claimed -1.24 (more decimals than digits = 1, so compared exactly), computed -1.25"])


def test_two_boundaries_close_together_each_print_to_their_own_end(check_claims):
    """Review of 2026-12-05 (8th session): [2469/2000, sqrt(1.55)] = [1.2345, 1.24499...] prints as 1.23 and 1.24 under
    every rule; a window of a whole unit either side made 1.23 stand for both boundaries (an error).  A boundary
    prints to an end when it rounds to it (within half a unit) or truncates to it."""
    import mpmath
    with mpmath.workdps(30):
        assert mpmath.mpf("1.2445") < mpmath.sqrt(mpmath.mpf("1.55")) < mpmath.mpf("1.245")
    head = 'check = "forall"\ndomains = { x = "positive" }\nlhs = "(x - 2469/2000)*(x**2 - 155/100)"\nop = "<="\nrhs = "0"\ndigits = 2\n'
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "true": (head + 'exactly_when = "1.23 <= x <= 1.24"',), "wrong": (head + 'exactly_when = "1.24 <= x <= 1.24"',)})).items()}
    assert results["true"].status == "verified", results["true"].message
    assert_refuted(results["wrong"], ["it holds although the claim says it fails"])


def _as_sympy(region):
    """The region rebuilt through sympy's own (evaluating) constructors: the reference for rational ends."""
    parts = [sympy.Interval(p.start, p.end, p.left_open, p.right_open) for p in realsets.pieces(region)]
    return sympy.Union(*parts) if parts else sympy.S.EmptySet


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_set_algebra_agrees_with_sympys_on_rational_ends(data):
    """realsets' intersection, union, difference and equality (a sweep over the sorted ends, each cell decided at one
    point) against sympy's own set algebra, which is exact for rational ends."""
    def region():
        ends = sorted(set(data.draw(st.lists(st.fractions(min_value=-8, max_value=8, max_denominator=3), max_size=5))))
        ends = [sympy.Rational(e.numerator, e.denominator) for e in ends]
        parts = [sympy.Interval(a, b, data.draw(st.booleans()), data.draw(st.booleans()))
                 for a, b in zip([-sympy.oo] + ends, ends + [sympy.oo]) if data.draw(st.booleans())]
        parts += [sympy.FiniteSet(e) for e in ends if data.draw(st.booleans())]
        return sympy.Union(*parts) if parts else sympy.S.EmptySet

    a, b = region(), region()
    assert _as_sympy(realsets.intersect(a, b)) == a.intersect(b)
    assert _as_sympy(realsets.unite(a, b)) == a.union(b)
    assert _as_sympy(realsets.subtract(a, b)) == sympy.Complement(a, b)
    assert realsets.same_set(a, b) == (a == b)


def test_wilkinsons_perturbed_polynomial_is_decided_without_sympys_refinement(check_claims):
    """P(x) = (x - 1)...(x - 20) - x^19/2^23 (Wilkinson's perturbation): real roots near 1, ..., 8, 8.917 and 20.847
    (mpmath polyroots at 80 digits), complex pairs between.  sympy's Interval with two of its CRootOf ends took 93 s to
    order them (its own bisection), so these claims timed out (a review of 2026-12-06); the sets are now built from
    rigorous enclosures.  P(15) = -2.6e15 < 0 and P(8.5) = +5.6e11 > 0, computed here exactly."""
    from fractions import Fraction
    from math import prod

    P = "*".join(f"(x - {k})" for k in range(1, 21)) + " - x**19/2**23"
    value = lambda x: prod(x - k for k in range(1, 21)) - Fraction(x) ** 19 / 2**23  # noqa: E731
    assert value(Fraction(15)) < 0 < value(Fraction(17, 2))
    body = 'check = "forall"\ndomains = { x = "DOMAIN" }\nlhs = "LHS"\nop = "OPERATOR"\nrhs = "0"\n'.replace("LHS", P)
    results = check_claims(claims_text("", {
        "below-on-9-20": (body.replace("DOMAIN", "closed(9, 20)").replace("OPERATOR", "<"),),
        "below-on-8.5-9": (body.replace("DOMAIN", "closed(17/2, 9)").replace("OPERATOR", "<="),),
        "above-for-N-21": (body.replace("x", "N").replace("DOMAIN", "integer >= 21").replace("OPERATOR", ">"),)}))
    assert results["below-on-9-20"].outcome.status == "verified", results["below-on-9-20"].outcome.message
    assert_refuted(results["below-on-8.5-9"].outcome, ["computed: it holds only on"])
    assert results["above-for-N-21"].outcome.status == "verified", results["above-for-N-21"].outcome.message


def test_a_periodic_relation_is_solved_over_the_whole_domain_not_one_period(check_claims):
    """sympy's inequality solver answers sin(x) > 0 with (0, pi) whatever the domain, one period: 'sin(x) > 0 on
    (0, 7) exactly when x < pi' was verified, false at x = 6.5 where sin = 0.2151 (a review of 2026-12-06).  The answer
    is now repeated across the domain; a half-line end printed to digits is compared too (x**5 - x - 1 > 0 exactly
    when x > 1.1673: its root is 1.16730397826..., mpmath)."""
    assert mpmath.sin(6.5) > 0 and mpmath.sin(-6.5) < 0
    assert abs(mpmath.findroot(lambda x: x**5 - x - 1, 1.2) - mpmath.mpf("1.16730397826")) < 1e-10
    body = 'check = "forall"\ndomains = { x = "DOMAIN" }\nlhs = "sin(x)"\nop = ">"\nrhs = "0"\n'
    results = check_claims(claims_text("", {
        "one-period": (body.replace("DOMAIN", "interval(0, 7)") + 'exactly_when = "x < pi"',),
        "negative": (body.replace("DOMAIN", "interval(-7, -4)"),),
        "within": (body.replace("DOMAIN", "interval(0, 3)"),),
        "half-line": ('check = "forall"\ndomains = { x = "real" }\nlhs = "x**5 - x - 1"\nop = ">"\nrhs = "0"\n'
                      'exactly_when = "x > 1.1673"\ndigits = 4',)}))
    assert_refuted(results["one-period"].outcome, ["it holds on Union(Interval.open(0, pi), Interval.open(2*pi, 7))"])
    # (refuted by interval arithmetic since 2026-12-07, verify.engines.interval_sign: at a point of (-7, -2 pi])
    assert_refuted(results["negative"].outcome, ["counterexample x = "])
    point = sympy.Rational(results["negative"].outcome.message.split("counterexample x = ")[1].split(":")[0])
    assert -7 < point <= -2 * sympy.pi and sympy.sin(point).evalf(30) <= 0
    assert results["within"].outcome.status == "verified", results["within"].outcome.message
    assert results["half-line"].outcome.status == "verified", results["half-line"].outcome.message


def test_a_periodic_relation_true_over_a_whole_period_or_none_of_it_is_decided_on_any_domain(check_claims):
    """sin(x) >= -1 on the real line and sin(x) > 2 nowhere were errors once periodic relations were no longer
    taken from sympy's one-period answer on unbounded domains (a third review of 2026-12-06): a relation that holds
    on all of one period holds everywhere, one that holds nowhere in it nowhere."""
    body = 'check = "forall"\ndomains = { x = "DOMAIN" }\nlhs = "sin(x)"\nop = "OP"\nrhs = "RHS"\n'
    results = check_claims(claims_text("", {
        "everywhere": (body.replace("DOMAIN", "real").replace("OP", ">=").replace("RHS", "-1"),),
        "nowhere": (body.replace("DOMAIN", "positive").replace("OP", ">").replace("RHS", "2") + 'exactly_when = "x < 0"',),
        "long": (body.replace("DOMAIN", "interval(0, 10000)").replace("OP", ">").replace("RHS", "-2"),),
        "nowhere-wrong": (body.replace("DOMAIN", "positive").replace("OP", ">").replace("RHS", "2"),)}))
    for key in ("everywhere", "nowhere", "long"):  # (without exactly_when by interval arithmetic since 2026-12-07)
        outcome = results[key].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "symbolic" if key == "nowhere" else "certified"), (key, outcome.message)
    assert results["nowhere-wrong"].outcome.status == "refuted", results["nowhere-wrong"].outcome.message


def test_a_union_of_intervals_joined_by_or_is_compared_exactly(check_claims):
    """A review of 2026-12-06: exactly_when rejected 'or' ("boolean operators not allowed") while stable_when reads it, so
    a set of two intervals could not be stated.  (z^2 - 1)(z^2 - 4) <= 0 exactly on [-2, -1] and [1, 2]; (z^2 - 2)(z^2 - 5)
    <= 0 on [-sqrt(5), -sqrt(2)] and [sqrt(2), sqrt(5)], whose ends print to 3 decimals as 2.236 and 1.414 (both sets
    computed here by sympy's own inequality solver).  An end off by one in the last digit, or an open end where the set is
    closed, is refuted at a point where claim and truth differ."""
    z = sympy.Symbol("z", real=True)
    assert sympy.solve_univariate_inequality((z**2 - 1) * (z**2 - 4) <= 0, z, relational=False) == sympy.Union(
        sympy.Interval(-2, -1), sympy.Interval(1, 2))
    second = sympy.solve_univariate_inequality((z**2 - 2) * (z**2 - 5) <= 0, z, relational=False)
    assert second == sympy.Union(sympy.Interval(-sympy.sqrt(5), -sympy.sqrt(2)), sympy.Interval(sympy.sqrt(2), sympy.sqrt(5)))
    assert [round(float(v), 3) for v in (sympy.sqrt(2), sympy.sqrt(5))] == [1.414, 2.236]
    body = 'check = "forall"\ndomains = { z = "real" }\nlhs = "LHS"\nop = "<="\nrhs = 0\nexactly_when = "SET"\n'
    first, quartic = "(z**2 - 1)*(z**2 - 4)", "(z**2 - 2)*(z**2 - 5)"
    results = check_claims(claims_text("", {
        "two": (body.replace("LHS", first).replace("SET", "-2 <= z <= -1 or 1 <= z <= 2"),),
        "two-open": (body.replace("LHS", first).replace("SET", "-2 <= z <= -1 or 1 < z <= 2"),),
        "digits": (body.replace("LHS", quartic).replace("SET", "-2.236 <= z <= -1.414 or 1.414 <= z <= 2.236") + "digits = 3\n",),
        "digits-wrong": (body.replace("LHS", quartic).replace("SET", "-2.236 <= z <= -1.414 or 1.415 <= z <= 2.236") + "digits = 3\n",),
    }))
    for key in ("two", "digits"):
        assert (results[key].outcome.status, results[key].outcome.evidence) == ("verified", "symbolic"), results[key].outcome.message
    assert_refuted(results["two-open"].outcome, ["e.g. at z = 1 it holds although the claim says it fails"])
    assert_refuted(results["digits-wrong"].outcome, ["1.415 <= z <= 2.236", "it holds although the claim says it fails"])


def test_a_set_no_proof_decides_is_refuted_at_a_point_probed_beside_its_ends(check_claims):
    """A review of 2026-12-07: "exp(z) >= 1 + z + z^2/2 exactly when z >= -1/1000" was an error (sympy cannot write
    the solutions of exp(z) = 1 + z + z^2/2), though at z = -1/1000 the relation fails by 1.7e-10 (mpmath at 30 digits:
    exp(-0.001) = 0.999000499833375, 1 - 0.001 + 0.0000005 = 0.9990005).  Each end of the claimed set, and points
    10^-1 .. 10^-8 to either side of it, are now decided as instances and compared with the claimed membership: a
    claim off by 10^-7 on the other side (it holds at 0, equality) is refuted exactly, one on the wrong half-line at
    z = 1/10, one with an irrational end at a rational point below it.  The true set (z >= 0) is still an error: no
    probe can prove it."""
    relation = 'check = "forall"\ndomains = {{ z = "real" }}\nlhs = "{lhs}"\nop = "{op}"\nrhs = "{rhs}"\nexactly_when = "{when}"'
    exp = dict(lhs="exp(z)", op=">=", rhs="1 + z + z**2/2")
    results = check_claims(claims_text("", {
        "off-by-a-thousandth": (relation.format(**exp, when="-1/1000 <= z"),),
        "off-by-10^-7": (relation.format(**exp, when="1/10**7 <= z"),),
        "other-half-line": (relation.format(**exp, when="z <= 0"),),
        "irrational-end": (relation.format(lhs="sin(z)", op="<=", rhs="z", when="sqrt(2)/10**6 <= z"),),
        "true": (relation.format(**exp, when="0 <= z"),),
    }))
    outcomes = {name: result.outcome for name, result in results.items()}
    assert_refuted(outcomes["off-by-a-thousandth"], ["at z = -1/1000 it fails although the claim says it holds", "lhs - rhs lies in [-1.66625008"])
    assert outcomes["off-by-a-thousandth"].evidence == "certified"
    assert_refuted(outcomes["off-by-10^-7"], ["at z = 0 it holds although the claim says it fails"])
    assert_refuted(outcomes["other-half-line"], ["at z = 1/10 it holds although the claim says it fails"])
    assert_refuted(outcomes["irrational-end"], ["at z = 1414213/1000000000000 it holds although the claim says it fails"])
    assert outcomes["true"].status == "error" and "no point probed beside the claimed set's ends" in outcomes["true"].message
