"""A polynomial relation in two symbols on a box is decided exactly (verify.engines.box_sign): its edges by exact real
root isolation, its inside at the critical points found by resultants.  Before, such claims were sampled, and the
false bound on Heun's step for the logistic equation was 'verified' on 500 instances (a review of 2026-12-06)."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from conftest import assert_refuted, claims_text
from test_edge_search import RK4_ABS_SQUARED
from verify.engines import box_sign

HEUN_LOGISTIC = "-a**3*y**4/2 + a**3*y**3 - a**3*y**2/2 + a**2*y**3 - 3*a**2*y**2/2 + a**2*y/2 - a*y**2 + a*y + y"


def heun_logistic(a: Fraction, y: Fraction) -> Fraction:
    """One step of Heun's method (the explicit trapezoid) on y' = y (1 - y) with step a, written from the method."""
    k1 = y * (1 - y)
    k2 = (y + a * k1) * (1 - (y + a * k1))
    return y + a / 2 * (k1 + k2)


def relation(domains: str, lhs: str, op: str, rhs: str) -> tuple:
    return (f'check = "forall"\ndomains = {{ {domains} }}\nlhs = "{lhs}"\nop = "{op}"\nrhs = "{rhs}"',)


def values_in(message: str, names) -> dict:
    """The counterexample's values, read back from the message ("counterexample a = 5447/1000, y = 111/1000: ...")."""
    head = message.split("counterexample ", 1)[1].split(":", 1)[0]
    pairs = dict(part.split(" = ") for part in head.split(", "))
    return {name: Fraction(pairs[name]) for name in names}


def test_the_claims_polynomial_is_heun_s_step():
    assert sympy.expand(sympy.sympify(HEUN_LOGISTIC) - heun_logistic(*sympy.symbols("a y"))) == 0


@pytest.fixture
def heun_results(check_claims):
    return check_claims(claims_text("", {
        "false": relation('a = "interval(0, 5.45)", y = "closed(0, 1)"', HEUN_LOGISTIC, "<=", "1"),
        "true": relation('a = "interval(0, 5.3)", y = "closed(0, 1)"', HEUN_LOGISTIC, "<=", "1"),
        "false-closed": relation('a = "closed(0, 5.45)", y = "closed(0, 1)"', HEUN_LOGISTIC, "<=", "1")}))


def test_a_false_bound_is_refuted_at_an_exact_point_inside_the_open_domain(heun_results):
    for name in ("false", "false-closed"):
        outcome = heun_results[name].outcome
        assert_refuted(outcome, ["counterexample a = ", "but lhs = ", "rhs = 1 (exact rationals)"])
        assert outcome.evidence == "exact"
        at = values_in(outcome.message, "ay")
        assert 0 < at["a"] and 0 <= at["y"] <= 1
        assert at["a"] < Fraction(545, 100) if name == "false" else at["a"] <= Fraction(545, 100)  # not on a left-out edge
        assert heun_logistic(at["a"], at["y"]) > 1  # recomputed here from the method, not read from verify
        assert len(str(at["a"])) <= 12  # rounded to a few decimals, not a 2^-k step
        assert any("on the edge a = 109/20: g < 0" in str(line) for line in outcome.derivation)


def test_a_true_bound_is_proved_with_its_edges_and_critical_points(heun_results):
    outcome = heun_results["true"].outcome
    assert (outcome.status, outcome.evidence) == ("verified", "symbolic"), outcome.message
    assert "on every edge" in outcome.message and "every critical point inside" in outcome.message
    lines = [str(line) for line in outcome.derivation]
    assert any("on the edge y = 1: g = 0 >= 0" in line for line in lines)  # y = 1 is a fixed point: the bound is tight
    assert any("Res_y(g_a, g_y)" in line for line in lines)


@pytest.mark.parametrize("domains, op, status, at", [
    ('x = "closed(0, 1)", y = "closed(0, 1)"', ">", "refuted", "counterexample x = 1/2, y = 1/3"),  # g = 0 inside
    ('x = "closed(0, 1)", y = "closed(0, 1)"', ">=", "verified", None),
    ('x = "interval(1/2, 1)", y = "closed(0, 1)"', ">", "verified", None),  # the zero is on a left-out edge
    ('x = "closed(1/2, 1)", y = "closed(0, 1)"', ">", "refuted", "counterexample x = 1/2, y = 1/3"),  # ... or on a kept one
])
def test_a_strict_bound_that_touches_0_fails_exactly_where_the_domain_holds_the_touching_point(check_claims, domains, op, status, at):
    outcome = check_claims(claims_text("", {"c": relation(domains, "(x - 1/2)**2 + (y - 1/3)**2", op, "0")}))["c"].outcome
    assert outcome.status == status, outcome.message
    if at:
        assert_refuted(outcome, [at, f"claimed (x - 1/2)**2 + (y - 1/3)**2 {op} 0"])
    else:
        assert outcome.evidence == "symbolic" and "every critical point inside" in outcome.message, outcome.message


def test_a_product_below_1_on_the_open_square_but_not_on_the_closed_one(check_claims):
    results = check_claims(claims_text("", {"open": relation('x = "interval(0, 1)", y = "interval(0, 1)"', "x*y", "<", "1"),
                                            "closed": relation('x = "closed(0, 1)", y = "closed(0, 1)"', "x*y", "<", "1")}))
    assert (results["open"].outcome.status, results["open"].outcome.evidence) == ("verified", "symbolic")
    assert_refuted(results["closed"].outcome, ["counterexample x = 1, y = 1", "claimed x*y < 1"])


def test_what_the_proof_does_not_decide_is_still_sampled(check_claims):
    """A curve of critical points ((x - y)^2 (1 - (x - y)): its gradient vanishes on x = y) and a degree past MAX_DEGREE."""
    results = check_claims(claims_text("", {
        "curve": relation('x = "closed(0, 1)", y = "closed(0, 1)"', "(x - y)**2 - (x - y)**3", ">=", "0"),
        "degree": relation('x = "closed(0, 1)", y = "closed(0, 1)"', "x**13*y", "<=", "1")}))
    for name in ("curve", "degree"):
        outcome = results[name].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "numerical"), outcome.message


def poly_at(g, x, y, point) -> Fraction:
    return Fraction(str(g.xreplace({x: sympy.Rational(str(point[0])), y: sympy.Rational(str(point[1]))})))


def random_polynomial(rng, x, y, degrees):
    """A polynomial in x and y of a degree drawn from ``degrees`` (low, high), every coefficient an integer in [-5, 5]."""
    degree = rng.randint(*degrees)
    return sum(rng.randint(-5, 5) * x**i * y**j for i in range(degree + 1) for j in range(degree + 1 - i))


def test_decisions_agree_with_exact_evaluation_on_random_polynomials():
    """Random polynomials of degree 2 to 5 shifted to be nearly tight on random boxes: a 'holds' is checked at a grid
    of exact points (none may fail), a 'fails' at its witness (inside the domain, where g < 0 or, strict, g <= 0)."""
    x, y = sympy.symbols("x y")
    rng = random.Random(20261207)
    decided = {True: 0, False: 0}
    for _ in range(60):
        p = random_polynomial(rng, x, y, (2, 5))
        xs = box_sign.Side(Fraction(rng.randint(-3, 0)), Fraction(rng.randint(1, 3)), rng.random() < 0.3, rng.random() < 0.3)
        ys = box_sign.Side(Fraction(rng.randint(-3, 0), 2), Fraction(rng.randint(1, 3), 2), rng.random() < 0.3, rng.random() < 0.3)
        grid = [(xs.low + (xs.high - xs.low) * i / 12, ys.low + (ys.high - ys.low) * j / 12) for i in range(13) for j in range(13)]
        lowest = min(poly_at(p, x, y, point) for point in grid)
        g = sympy.expand(p - sympy.Rational(str(lowest)) + sympy.Rational(rng.choice([-1, 1]), rng.choice([10, 1000])))
        strict = rng.random() < 0.3
        decision = box_sign.decide(g, x, y, xs, ys, strict)
        if decision is None:
            continue
        decided[decision.holds] += 1
        if decision.holds:
            inside = [point for point in grid if xs.holds(point[0]) and ys.holds(point[1])]
            assert all(poly_at(g, x, y, point) > 0 if strict else poly_at(g, x, y, point) >= 0 for point in inside), (g, xs, ys)
        elif all(sympy.sympify(v).is_Rational for v in decision.point):
            point = decision.point
            assert xs.holds(Fraction(str(point[0]))) and ys.holds(Fraction(str(point[1]))), (g, point)
            value = poly_at(g, x, y, point)
            assert value < 0 or (strict and value == 0), (g, point, value)
        else:  # a strict bound's zero at an irrational point of a kept edge: g vanishes there
            assert strict and abs(g.xreplace(dict(zip((x, y), map(sympy.sympify, decision.point)))).evalf(60)) < 1e-50
    assert decided[True] >= 10 and decided[False] >= 10, decided  # both ways exercised




def rk4_abs_squared(x: Fraction, y: Fraction) -> Fraction:
    """|R(z)|^2 for RK4's R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24 at z = x + iy, by complex arithmetic on rationals."""
    re, im, term_re, term_im = Fraction(1), Fraction(0), Fraction(1), Fraction(0)
    for k in range(1, 5):
        term_re, term_im = (term_re * x - term_im * y) / k, (term_re * y + term_im * x) / k
        re, im = re + term_re, im + term_im
    return re * re + im * im


def test_a_bound_on_the_region_assume_conditions_cut_from_the_box_is_decided(check_claims):
    """With 'assume' conditions polynomial in the two symbols, the least value on the closed region is also looked for
    on each condition's curve where g_x h_y = g_y h_x (Lagrange) and where two curves meet.  3x + 4y <= 5 on the unit
    disc is tight at (3/5, 4/5); RK4's |R(z)| <= 1 on the left half-disc of radius 2.6 holds, of radius 2.63 fails on an
    arc near z = -1.43 + 2.21i (the largest half-disc inside the region has radius 2.6164); both were sampled before."""
    X, Y = sympy.symbols("x y")
    assert sympy.expand(sympy.sympify(RK4_ABS_SQUARED, locals={"x": X, "y": Y}) - rk4_abs_squared(X, Y)) == 0
    disc = 'x = "closed(-2, 2)", y = "closed(-2, 2)"'
    half = 'x = "closed(-3, 0)", y = "closed(-3, 3)"'
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "tight": (relation(disc, "3*x + 4*y", "<=", "5")[0] + '\nassume = ["x**2 + y**2 <= 1"]',),
        "below": (relation(disc, "3*x + 4*y", "<=", "4.9999")[0] + '\nassume = ["x**2 + y**2 <= 1"]',),
        "rk4-2.6": (relation(half, RK4_ABS_SQUARED, "<=", "1")[0] + '\nassume = ["x**2 + y**2 <= 2.6**2"]',),
        "rk4-2.63": (relation(half, RK4_ABS_SQUARED, "<=", "1")[0] + '\nassume = ["x**2 + y**2 <= 2.63**2"]',),
    })).items()}
    for name in ("tight", "rk4-2.6"):
        assert (results[name].status, results[name].evidence) == ("verified", "symbolic"), results[name].message
        assert "the closed region the conditions cut from the box" in results[name].message
    below = values_in(results["below"].message, "xy")
    assert_refuted(results["below"], ["claimed 3*x + 4*y <= 4.9999"])
    assert below["x"] ** 2 + below["y"] ** 2 <= 1 and 3 * below["x"] + 4 * below["y"] > Fraction(49999, 10000)
    far = values_in(results["rk4-2.63"].message, "xy")
    assert_refuted(results["rk4-2.63"], ["counterexample x = "])
    assert far["x"] <= 0 and far["x"] ** 2 + far["y"] ** 2 <= Fraction(263, 100) ** 2 and rk4_abs_squared(far["x"], far["y"]) > 1


def test_a_tight_bound_touching_at_an_irrational_point_of_a_condition_s_curve_is_an_error(check_claims):
    """x y <= 1/2 on the unit disc touches at (1/sqrt(2), 1/sqrt(2)): interval enclosures cannot show g = 0 there, so the
    proof gives no verdict (it meets the touching point (-1/sqrt 2, -1/sqrt 2) first), and does not hand the claim to
    sampling, which would see less: an error naming the point."""
    outcome = check_claims(claims_text("", {"c": (relation('x = "closed(-1, 1)", y = "closed(-1, 1)"', "x*y", "<=", "1/2")[0]
                                                  + '\nassume = ["x**2 + y**2 <= 1"]',)}))["c"].outcome
    assert outcome.status == "error" and "0.707106781187, -0.707106781187)" in outcome.message, outcome.message


def test_a_constant_bound_on_a_region_inside_the_box_is_not_proved_by_an_empty_search():
    """Fuzzing found g = -753/1000 'holding' on a disc inside the box: no edge meets the region, and a constant g has no
    critical-point or Lagrange equations to solve, so nothing was checked.  A constant that fails is not proved."""
    x, y = sympy.symbols("x y")
    side = box_sign.Side(Fraction(-2), Fraction(2), False, False)
    disc = [box_sign.Condition(sympy.expand((x + sympy.Rational(1, 2))**2 + (y + sympy.Rational(1, 2))**2 - 1), True)]
    assert box_sign.decide_in_region(sympy.Rational(-753, 1000), x, y, side, side, disc, False) is None
    assert box_sign.decide_in_region(sympy.Rational(753, 1000), x, y, side, side, disc, False).holds


def test_region_decisions_agree_with_exact_evaluation_on_random_polynomials_and_discs():
    """As test_decisions_agree_with_exact_evaluation_on_random_polynomials, on a box cut by a disc and a half-plane."""
    x, y = sympy.symbols("x y")
    rng = random.Random(7)
    decided = {True: 0, False: 0}
    for _ in range(40):
        p = random_polynomial(rng, x, y, (1, 4))
        xs, ys = box_sign.Side(Fraction(-2), Fraction(2), False, False), box_sign.Side(Fraction(-2), Fraction(2), False, False)
        cx, cy = Fraction(rng.randint(-5, 5), 10), Fraction(rng.randint(-5, 5), 10)
        conditions = [box_sign.Condition(sympy.expand((x - sympy.Rational(str(cx)))**2 + (y - sympy.Rational(str(cy)))**2 - 1), False),
                      box_sign.Condition(sympy.expand(rng.randint(1, 3) * x - rng.randint(-3, 3) * y - 1), rng.random() < 0.5)]

        def inside(point):
            values = {x: sympy.Rational(str(point[0])), y: sympy.Rational(str(point[1]))}
            return all((c.h.xreplace(values) < 0) if c.strict else (c.h.xreplace(values) <= 0) for c in conditions)
        grid = [(Fraction(i, 10), Fraction(j, 10)) for i in range(-20, 21, 2) for j in range(-20, 21, 2)]
        kept = [point for point in grid if inside(point)]
        if not kept:
            continue
        lowest = min(poly_at(p, x, y, point) for point in kept)
        g = sympy.expand(p - sympy.Rational(str(lowest)) + rng.choice([sympy.Integer(2), sympy.Integer(1), sympy.Rational(-1, 10), sympy.Rational(-1, 1000)]))
        strict = rng.random() < 0.3
        decision = box_sign.decide_in_region(g, x, y, xs, ys, conditions, strict)
        if decision is None:
            continue
        decided[decision.holds] += 1
        if decision.holds:
            assert all(poly_at(g, x, y, point) > 0 if strict else poly_at(g, x, y, point) >= 0 for point in kept), (g, conditions)
        else:
            assert inside(decision.point), (g, decision.point)
            value = poly_at(g, x, y, decision.point)
            assert value < 0 or (strict and value == 0), (g, decision.point, value)
    assert decided[True] >= 5 and decided[False] >= 5, decided


def trapezoid_abs_squared(x: Fraction, y: Fraction) -> Fraction:
    """|R(z)|^2 of the trapezoidal rule, R(z) = (1 + z/2)/(1 - z/2), at z = x + iy."""
    return ((1 + x / 2) ** 2 + (y / 2) ** 2) / ((1 - x / 2) ** 2 + (y / 2) ** 2)


def test_a_rational_bound_whose_denominator_keeps_its_sign_is_decided_by_its_numerator(check_claims):
    """The trapezoidal rule's |R(x + iy)|^2 <= 1 on a box in the left half-plane (A-stability as a forall claim): the
    denominator (2 - x)^2 + y^2 is shown > 0 on the box the same way, so g = 1 - |R|^2 has the sign of its numerator
    -8x.  Past x = 0 it fails, at a point recomputed here."""
    trapezoid = "((2 + x)**2 + y**2)/((2 - x)**2 + y**2)"
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "left": relation('x = "closed(-5, 0)", y = "closed(-5, 5)"', trapezoid, "<=", "1"),
        "past": relation('x = "closed(-5, 1/10)", y = "closed(-5, 5)"', trapezoid, "<=", "1"),
        "strict": relation('x = "closed(-5, 0)", y = "closed(-5, 5)"', trapezoid, "<", "1")})).items()}
    assert (results["left"].status, results["left"].evidence) == ("verified", "symbolic"), results["left"].message
    assert any("so g has the sign of N = -8*x" in str(line) for line in results["left"].derivation)
    at = values_in(results["past"].message, "xy")
    assert_refuted(results["past"], ["claimed ((2 + x)**2 + y**2)/((2 - x)**2 + y**2) <= 1"])
    assert at["x"] <= Fraction(1, 10) and trapezoid_abs_squared(at["x"], at["y"]) > 1
    at = values_in(results["strict"].message, "xy")  # |R| = 1 on the imaginary axis, which the closed box holds
    assert_refuted(results["strict"], ["counterexample x = 0"])
    assert at["x"] == 0 and trapezoid_abs_squared(at["x"], at["y"]) == 1


def test_cases_a_review_of_the_exact_decision_found(check_claims):
    """A review of 2026-12-07: a strict bound's zero along a kept edge was 'refuted' at that stretch's left-out end
    (outside the domain; on a pole the run then failed); a violation deeper than 200 halvings from a left-out edge, or
    smaller than 80 halvings of a critical point's box, went on to sampling and was verified; a symbol that cancels
    from lhs - rhs kept the one-symbol decision from running.  Each counterexample is recomputed here."""
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "stretch": relation('x = "interval(0, 1)", y = "closed(0, 1)"', "x*y", ">", "0"),
        "pole": relation('x = "interval(0, 1)", y = "closed(0, 1)"', "y*(x**2 + x)/x", ">", "0"),
        "deep": relation('x = "interval(0, 1)", y = "closed(0, 1)"', "x + (y - 1/2)**2", ">=", "1e-150"),
        "irrational": relation('x = "closed(0, 2)", y = "closed(0, 2)"', "(x**2 - 2)**2 + (y**2 - 3)**2", ">=", "1e-60"),
        "cancels": relation('x = "closed(1, 2)", y = "closed(0, 1)"', "(x**2 - 2 + y)**2 - y**2 - 2*y*(x**2 - 2)", ">=", "1e-40"),
        "tight": relation('x = "closed(0, 2)", y = "closed(0, 2)"', "(x**2 - 2)**2 + (y**2 - 3)**2", ">=", "0") })).items()}
    for name in ("stretch", "pole"):
        at = values_in(results[name].message, "xy")
        assert_refuted(results[name], ["counterexample"])
        assert 0 < at["x"] <= 1 and at["y"] == 0  # inside the domain, where the product is 0
    at = values_in(results["deep"].message, "xy")
    assert_refuted(results["deep"], ["counterexample"])
    assert 0 < at["x"] < 1 and at["x"] + (at["y"] - Fraction(1, 2)) ** 2 < Fraction(1, 10**150)
    at = values_in(results["irrational"].message, "xy")
    assert_refuted(results["irrational"], ["counterexample"])
    assert (at["x"] ** 2 - 2) ** 2 + (at["y"] ** 2 - 3) ** 2 < Fraction(1, 10**60)
    assert_refuted(results["cancels"], ["claimed (x**2 - 2 + y)**2 - y**2 - 2*y*(x**2 - 2) >= 1e-40"])
    tight = results["tight"]  # reached exactly at (sqrt 2, sqrt 3): no verdict, and no sampling either
    assert tight.status == "error" and "not decided: near the point (1.41421356237, 1.73205080757)" in tight.message, tight.message


def test_a_violation_next_to_a_left_out_edge_of_a_region_is_found_by_a_step_bounded_by_the_slope(check_claims):
    """x + y^2 >= 10^-150 on the half-disc x in (0, 1), x^2 + y^2 <= 1 fails for x < 10^-150 at y = 0; halving steps
    from the edge stopped at 2^-200, and sampling verified it.  The step is now bounded by g's slope, as on a box."""
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "deep": (relation('x = "interval(0, 1)", y = "closed(-1, 1)"', "x + y**2", ">=", "1e-150")[0] + '\nassume = ["x**2 + y**2 <= 1"]',),
        "true": (relation('x = "interval(0, 1)", y = "closed(-1, 1)"', "x + y**2", ">=", "0")[0] + '\nassume = ["x**2 + y**2 <= 1"]',)})).items()}
    at = values_in(results["deep"].message, "xy")
    assert_refuted(results["deep"], ["claimed x + y**2 >= 1e-150"])
    assert 0 < at["x"] < 1 and at["x"] ** 2 + at["y"] ** 2 <= 1 and at["x"] + at["y"] ** 2 < Fraction(1, 10**150)
    assert (results["true"].status, results["true"].evidence) == ("verified", "symbolic"), results["true"].message
