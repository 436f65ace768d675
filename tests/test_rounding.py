"""The rounding audit over whole claims: digits on every compared value, one printing rule per claim, truncation.

The tables are Burden & Faires' (Numerical Analysis, 9th ed., Tables 5.1 and 5.8:
y' = y - t^2 + 1, y(0) = 0.5, h = 0.2), recomputed here with fractions.Fraction.
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import assert_refuted, claims_text
from verify.checks.rounding import RoundingAudit, round_decimal

MODELS = """
[model.burden-faires]
states = ["y"]
rhs = { y = "y - t**2 + 1" }
solution = { y = "(t + 1)**2 - exp(t)/2" }

[model.cooling]
states = ["y"]
rhs = { y = "-k*y" }
parameters = { k = 0.5 }

[model.ramp]
states = ["y"]
rhs = { y = "1" }

[model.decay]
states = ["y"]
rhs = { y = "-2*y" }
"""

EULER_TABLE = ["0.8000000", "1.1520000", "1.5504000", "1.9884800", "2.4581760", "2.9498112", "3.4517734", "3.9501281", "4.4281538", "4.8657845"]
RK4_TABLE = ["0.8292933", "1.2140762", "1.6489220", "2.1272027", "2.6408227", "3.1798942", "3.7323401", "4.2834095", "4.8150857", "5.3053630"]


def table_claim(method, values, extra=""):
    listed = ", ".join(f'"{v}"' for v in values)
    return f'check = "run"\nmodel = "burden-faires"\nmethod = "{method}"\noptions = {{ h = 0.2 }}\ninitial = {{ y = 0.5 }}\nsteps = {len(values)}\ndigits = 7\ntrace = {{ y = [{listed}] }}\n{extra}'


def fraction_euler_and_rk4():
    """The same two tables by hand, in Fractions."""
    f = lambda t, y: y - t * t + 1  # noqa: E731
    h, euler, rk4 = F(1, 5), [], []
    t, y = F(0), F(1, 2)
    for _ in range(10):
        y, t = y + h * f(t, y), t + h
        euler.append(y)
    t, y = F(0), F(1, 2)
    for _ in range(10):
        k1 = f(t, y)
        k2 = f(t + h / 2, y + h / 2 * k1)
        k3 = f(t + h / 2, y + h / 2 * k2)
        k4 = f(t + h, y + h * k3)
        y, t = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), t + h
        rk4.append(y)
    return euler, rk4


def test_the_hand_computation_prints_the_books_tables():
    euler, rk4 = fraction_euler_and_rk4()
    for exact, printed in zip(euler + rk4, EULER_TABLE + RK4_TABLE):
        assert round(exact, 7) == F(printed)  # Python's round on a Fraction is exact half-even


def test_textbook_tables_rounded_to_seven_decimals_are_verified(check_claims):
    results = check_claims(claims_text(MODELS, {"euler": (table_claim("euler", EULER_TABLE),), "rk4": (table_claim("rk4", RK4_TABLE),)}))
    for name in ("euler", "rk4"):
        outcome = results[name].outcome
        assert outcome.status == "verified", outcome.message
        assert "10 values at 7 decimals, every one reproduced by round-half-even and round-half-up" in outcome.message


WRONG = {
    "changed-digit": (table_claim("rk4", RK4_TABLE[:3] + ["2.1272028"] + RK4_TABLE[4:]),
                      ["trace y value 4: claimed 2.1272028 at 7 decimals", "which rounds to 2.1272027"]),
    "truncated-table-under-half-up": (table_claim("rk4", ["0.8292933", "1.2140762", "1.6489220", "2.1272026"], 'rounding = "half-up"'),
                                      ["trace y value 4: claimed 2.1272026 at 7 decimals", "rounds to 2.1272027"]),
    "flipped-sign": (table_claim("euler", ["-0.8000000"]), ["claimed -0.8000000 at 7 decimals, computed 0.8"]),
    "mixed-rules": ('check = "run"\nmodel = "cooling"\nmethod = "step-doubling-euler"\noptions = { h = 0.1, atol = 0.1, rtol = 0.01 }\n'
                    'initial = { y = 10 }\ndigits = 4\nexpect = { fine = "9.5063", error_estimate = 0.0062 }',
                    ["no single rule prints every value at 4 decimals", "fine only by round-half-up", "error_estimate only by round-half-even and truncation"]),
    "rounded-but-claimed-truncated": ('check = "run"\nmodel = "decay"\nmethod = "euler"\noptions = { h = "1/11" }\ninitial = { y = 1 }\nsteps = 10\n'
                                      'digits = 9\nrounding = "truncate"\nexpect = { y = "0.134430633" }',
                                      ["claimed 0.134430633 at 9 decimals", "truncates to 0.134430632"]),
    "truncated-but-claimed-rounded": ('check = "run"\nmodel = "decay"\nmethod = "euler"\noptions = { h = "1/11" }\ninitial = { y = 1 }\nsteps = 10\n'
                                      'digits = 9\nrounding = "half-even"\nexpect = { y = "0.134430632" }',
                                      ["claimed 0.134430632 at 9 decimals", "rounds to 0.134430633"]),
    "node-digit": ('check = "run"\nmodel = "ramp"\nmethod = "euler"\noptions = { h = 0.2 }\ninitial = { y = "1/3" }\nsteps = 3\ndigits = 3\n'
                   'expect_at_nodes = { y = "t + 0.334" }', ["y at node 1: claimed 0.534 at 3 decimals, computed 8/15", "which rounds to 0.533"]),
    "flag-false-but-accepted": ('check = "run"\nmodel = "cooling"\nmethod = "step-doubling-euler"\noptions = { h = 0.1, atol = 0.1, rtol = 0.01 }\n'
                                'initial = { y = 10 }\nexpect = { accepted = false }', ["accepted: claimed false (= 0), computed 1"]),
}


@pytest.mark.parametrize("claim_id", sorted(WRONG))
def test_wrong_versions_are_refuted_with_claimed_and_computed(check_claims, claim_id):
    body, fragments = WRONG[claim_id]
    assert_refuted(check_claims(claims_text(MODELS, {claim_id: (body,)}))[claim_id].outcome, fragments)


def test_truncation_is_named_not_refuted(check_claims):
    # (9/11)^10 = 0.13443063275...: a page printing 0.134430632 truncated it
    body = 'check = "run"\nmodel = "decay"\nmethod = "euler"\noptions = { h = "1/11" }\ninitial = { y = 1 }\nsteps = 10\ndigits = 9\nexpect = { y = "0.134430632" }'
    outcome = check_claims(claims_text(MODELS, {"truncated": (body,)}))["truncated"].outcome
    assert outcome.status == "verified", outcome.message
    assert "is reproduced by truncation, not by rounding (0.134430633 half-even, 0.134430633 half-up)" in outcome.message


def test_rounding_any_lets_each_value_have_its_own_rule(check_claims):
    body, _ = WRONG["mixed-rules"]
    outcome = check_claims(claims_text(MODELS, {"any": (body + '\nrounding = "any"',)}))["any"].outcome
    assert outcome.status == "verified", outcome.message
    assert "reproduced by round-half-up" in outcome.message and "reproduced by round-half-even" in outcome.message


def test_digits_apply_at_every_node_and_to_equalities(check_claims):
    rows = {
        "nodes": ('check = "run"\nmodel = "ramp"\nmethod = "euler"\noptions = { h = 0.2 }\ninitial = { y = "1/3" }\nsteps = 3\ndigits = 3\n'
                  'expect_at_nodes = { y = "t + 0.333" }',),
        "equality": ('check = "run"\nmodel = "burden-faires"\nmethod = "rk4"\noptions = { h = 0.2 }\ninitial = { y = 0.5 }\ndigits = 7\n'
                     'expect_relations = { y = "== 0.8292933" }',),
    }
    results = check_claims(claims_text(MODELS, rows))
    for name in rows:
        assert results[name].outcome.status == "verified", results[name].outcome.message
    assert "y = 62197/75000 (about 0.8292933333" in results["equality"].outcome.message  # the exact value, as a decimal
    assert "y at node 3 = 14/15" in results["nodes"].outcome.message


def test_booleans_read_as_flags(check_claims):
    body = 'check = "run"\nmodel = "cooling"\nmethod = "step-doubling-euler"\noptions = { h = 1, atol = 0.1, rtol = 0.01 }\ninitial = { y = 10 }\nexpect = { accepted = false }'
    outcome = check_claims(claims_text(MODELS, {"flag": (body,)}))["flag"].outcome
    assert outcome.status == "verified", outcome.message


def test_rounding_needs_digits_and_a_known_rule(check_claims):
    base = table_claim("euler", EULER_TABLE[:1]).replace("digits = 7\n", "")
    results = check_claims(claims_text(MODELS, {"no-digits": (base + 'rounding = "half-up"',), "unknown": (table_claim("euler", EULER_TABLE[:1]) + 'rounding = "ceiling"',)}))
    assert results["no-digits"].outcome.status == "error" and "'rounding' goes with 'digits'" in results["no-digits"].outcome.message
    assert results["unknown"].outcome.status == "error" and "rounding must be one of" in results["unknown"].outcome.message


@settings(max_examples=200, deadline=None)
@given(st.fractions(min_value=-1000, max_value=1000, max_denominator=10**6), st.integers(0, 6))
def test_each_rule_agrees_with_its_definition(value, places):
    exact = sympy.Rational(value.numerator, value.denominator)
    assert F(str(round_decimal(exact, places, "half-even"))) == round(value, places)
    truncated = F(int(value * 10**places), 10**places)  # int() truncates towards zero
    assert F(str(round_decimal(exact, places, "truncate"))) == truncated
    up = round_decimal(exact, places, "half-up")
    assert abs(F(str(up)) - value) <= F(1, 2 * 10**places)


def test_an_enclosure_that_straddles_a_printing_boundary_is_undecided():
    audit = RoundingAudit(2)
    audit.add("y", (sympy.Rational(1249, 10**4), sympy.Rational(1251, 10**4), "[0.1249, 0.1251]"), sympy.Rational(12, 100))
    assert audit.undecided()
    audit = RoundingAudit(2)
    audit.add("y", (sympy.Rational(1231, 10**4), sympy.Rational(1233, 10**4), "[0.1231, 0.1233]"), sympy.Rational(12, 100))
    assert not audit.undecided()
    assert audit.findings()[1] == []


def test_a_value_claimed_with_more_decimals_than_digits_is_compared_exactly(check_claims):
    """Euler on y' = -y/2, h = 3/4, y0 = 1: y1 = 1 - 3/8 = 5/8 = 0.625.  At digits = 2 no printing shows 0.625,
    so the claim can only mean the exact value: verified when it is, refuted (not a rounding miss) when not."""
    body = 'check = "run"\nmodel = "cooling"\nmethod = "euler"\noptions = { h = "3/4" }\ninitial = { y = 1 }\ndigits = 2\nexpect = { y = "VALUE" }'
    results = check_claims(claims_text(MODELS, {"exact": (body.replace("VALUE", "5/8"),), "changed-digit": (body.replace("VALUE", "0.626"),),
                                                "printed": (body.replace("VALUE", "0.62"),)}))
    exact = results["exact"].outcome
    assert exact.status == "verified" and "y = 0.625 exactly (claimed with more decimals than digits = 2" in exact.message, exact.message
    assert_refuted(results["changed-digit"].outcome, ["y: claimed 0.626 (more decimals than digits = 2, so compared exactly), computed 0.625"])
    assert results["printed"].outcome.status == "verified", results["printed"].outcome.message  # 0.625 rounds half-even to 0.62


def test_the_default_rule_needs_only_a_rounding_rule_that_prints_every_value():
    """Review of 2026-12-05 (a Waterloo page's Euler table on y' = -21 y + e^-t): y_1 = 1/10 exactly, but its enclosure
    straddles 0.1, a truncation boundary no precision settles, and the default rule asked every rule to be decided,
    so the true table was an error.  Rounding prints 0.1000000000 at both ends: that decides it.  A value no rule
    prints, decided under every rule, refutes the claim whatever the undecided ones print."""
    from fractions import Fraction as F

    from verify.checks.rounding import RoundingAudit
    eps = sympy.Rational(1, 10**40)
    straddling = (sympy.Rational(1, 10) - eps, sympy.Rational(1, 10) + eps, "[0.1 - 1e-40, 0.1 + 1e-40]")
    audit = RoundingAudit(10)
    audit.add("y1", straddling, sympy.Rational(1, 10), "0.1000000000")
    assert not audit.undecided() and audit.findings()[1] == []
    wrong = RoundingAudit(10)
    wrong.add("y1", straddling, sympy.Rational(1, 10), "0.1000000000")
    wrong.add("y3", sympy.Rational(F(1033409593238, 10**13)), sympy.Rational(1033409594, 10**10), "0.1033409594")
    assert not wrong.undecided()
    assert "y3: claimed 0.1033409594 at 10 decimals" in wrong.findings()[1][0]
    alone = RoundingAudit(10, "truncate")
    alone.add("y1", straddling, sympy.Rational(1, 10), "0.1000000000")
    assert [v.label for v in alone.undecided()] == ["y1"]  # truncation named: it must be decided, and it cannot be


def test_a_value_written_with_more_decimals_than_digits_is_compared_as_written(check_claims):
    """Review of 2026-12-05 (8th session): Euler on y' = y from 0.8966 with h = 1/2 gives 1.3449 exactly; with digits = 1
    the claimed "1.30" was "verified" as 1.3449 "rounds to 1.30", but a page showing 1.30 prints two decimals, where
    1.3449 is 1.34.  A value whose text shows more decimals than digits (trailing zeros included) is compared exactly,
    as 5/8 = 0.625 at two decimals is; "1.3" at one decimal is still audited."""
    from fractions import Fraction
    assert Fraction("0.8966") * Fraction(3, 2) == Fraction("1.3449")
    from verify.checks.rounding import written_decimals
    assert [written_decimals(t) for t in ("1.30", "13", "1.30e-4", "1.3E+1", "1/3", "", "-0.5")] == [2, 0, 6, 0, None, None, 1]
    run = 'check = "run"\nmodel = "growth"\nmethod = "euler"\noptions = { h = 0.5 }\ninitial = { y = 0.8966 }\nsteps = 1\ndigits = 1\n'
    models = '[model.growth]\nstates = ["y"]\nrhs = { y = "y" }\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(models, {"one": (run + 'expect = { y = "1.3" }',),
                                                                          "two": (run + 'expect = { y = "1.30" }',)})).items()}
    assert results["one"].status == "verified", results["one"].message
    assert_refuted(results["two"], ["y: claimed 1.30 (more decimals than digits = 1, so compared exactly), computed 1.3449"])


def test_a_table_reproduced_only_by_truncation_names_the_value_that_needs_it(check_claims):
    """Review of 2026-12-05: Burden & Faires' Euler table (y' = y - t^2 + 1, h = 0.2) with w_9 = 4.4281537 (rounding gives
    4.4281538; exactly 4.4281537536) is reproduced by truncation, the one rule that prints all ten values, and the
    message named two other values: it now names w_9 first."""
    from conftest import claims_text

    models = ('[model.bf]\nstates = ["y"]\nrhs = { y = "y - t**2 + 1" }\n\n')
    trace = '["0.8000000", "1.1520000", "1.5504000", "1.9884800", "2.4581760", "2.9498112", "3.4517734", "3.9501281", "4.4281537", "4.8657845"]'
    body = "\n".join(['check = "run"', 'model = "bf"', 'method = "euler"', 'options = { h = "0.2" }', 'initial = { y = "0.5" }', "steps = 10",
                      "digits = 7", f"trace = {{ y = {trace} }}"])
    outcome = check_claims(claims_text(models, {"euler": (body,)}))["euler"].outcome
    assert outcome.status == "verified", outcome.message
    assert "every one reproduced by truncation; trace y value 9 = 4.4281537536: shown 4.4281537 is reproduced by truncation, not by rounding" \
        in outcome.message


def test_a_value_written_with_fewer_decimals_than_digits_says_how_it_is_read(check_claims):
    """Review of 2026-12-05: "0.38" at digits = 3 is 0.380, and the refutation said so nowhere.  Euler on y' = -y/2,
    h = 3/4, y0 = 1 gives 5/8 = 0.625 (0.625 at 3 decimals)."""
    body = 'check = "run"\nmodel = "cooling"\nmethod = "euler"\noptions = { h = "3/4" }\ninitial = { y = 1 }\ndigits = 3\nexpect = { y = "VALUE" }'
    results = check_claims(claims_text(MODELS, {"short": (body.replace("VALUE", "0.63"),), "full": (body.replace("VALUE", "0.625"),)}))
    assert_refuted(results["short"].outcome, ["y: claimed 0.63 at 3 decimals (0.63 shows 2 decimals: at digits = 3 it is read as 0.630), "
                                              "computed 0.625"])
    assert results["full"].outcome.status == "verified", results["full"].outcome.message


def test_a_claimed_expression_beside_digits_is_an_error_not_an_internal_error(check_claims):
    """A review of 2026-12-05: the trapezoidal rule on y' = -y^2 from 1 with h = 1/2 (the step solves y + y^2/4 =
    3/4, y = sqrt(7) - 2 exactly) with digits = 3 and expect "sqrt(7) - 2" was an internal error (TypeError) on the
    exact-root route; the printed value is verified and the expression is refused with a reason."""
    model = '[model.msq]\nstates = ["y"]\nrhs = { y = "-y**2" }\n'
    body = 'check = "run"\nmodel = "msq"\nmethod = "trapezoid"\noptions = { h = "1/2" }\ninitial = { y = 1 }\ndigits = 3\nexpect = { y = "VALUE" }'
    results = check_claims(claims_text(model, {"expression": (body.replace("VALUE", "sqrt(7) - 2"),),
                                               "printed": (body.replace("VALUE", "0.646"),)}))
    assert results["expression"].outcome.status == "error"
    assert "claimed sqrt(7) - 2, which is not a printed decimal: with digits = 3" in results["expression"].outcome.message
    assert results["printed"].outcome.status == "verified", results["printed"].outcome.message  # sqrt(7) - 2 = 0.6457...


def test_a_value_of_a_hundred_thousand_decimal_places_is_audited_and_printed(check_claims):
    """A review of 2026-12-05 ran Euler on y' = -y with h = 1/N for N steps (y_N = (1 - 1/N)^N exactly, a decimal of
    5N places at N = 10^k): at N = 10^5 each claim took 13 s, printing the value through CPython's quadratic int -> str
    (benchmarks/huge_values_speed.py).  Here N = 20000: the denominator 20000^20000 = 2^100000 5^80000 makes a decimal
    of 100,000 places; the truth, rounded half-up to 10 decimals, from fractions.Fraction (no tie at decimal 11)."""
    from fractions import Fraction

    n = 20000
    exact = (1 - Fraction(1, n)) ** n
    truth = f"0.{(exact * 10**10 + Fraction(1, 2)).__floor__():010d}"
    model = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
    body = f'check = "run"\nmodel = "decay"\nmethod = "euler"\noptions = {{ h = "1/{n}" }}\ninitial = {{ y = 1 }}\nsteps = {n}\ndigits = 10\nexpect = {{ y = "VALUE" }}'
    wrong = truth[:-1] + ("1" if truth[-1] != "1" else "2")
    results = check_claims(claims_text(model, {"true": (body.replace("VALUE", truth),), "wrong": (body.replace("VALUE", wrong),)}))
    assert results["true"].outcome.status == "verified" and "(exactly, a decimal of" in results["true"].outcome.message, results["true"].outcome.message
    assert_refuted(results["wrong"].outcome, [f"y: claimed {wrong} at 10 decimals", f"which rounds to {truth}"])


def test_a_row_the_leading_rules_miss_is_named_with_claimed_and_computed(check_claims):
    """A review of 2026-12-06: Burden & Faires' RK4 table with w9 truncated (4.8150856; exact 4.81508569457...) and
    the other rows rounded was refuted, but the message listed the first six rows each rule prints, never row 9."""
    _, rk4 = fraction_euler_and_rk4()
    assert F(int(rk4[8] * 10**7), 10**7) == F("4.8150856") != round(rk4[8], 7)
    table = RK4_TABLE[:8] + ["4.8150856"] + RK4_TABLE[9:]
    outcome = check_claims(claims_text(MODELS, {"row-9": (table_claim("rk4", table),)}))["row-9"].outcome
    assert_refuted(outcome, ["no single rule prints every value at 7 decimals (trace y value 9 only by truncation;",
                             "trace y value 9: claimed 4.8150856 at 7 decimals, computed 4.81508569", "which rounds to 4.8150857"])


def test_a_minus_sign_on_a_printed_zero_says_the_value_is_negative(check_claims):
    """printf prints -0.00001 at 4 decimals as -0.0000: a claimed "-0.0000" is the print of a negative value or of 0 (a
    float's -0.0), and of no positive value (0.00001 shown as -0.0000 was verified 'under both half-even and half-up':
    a review of 2026-12-06).  A negative value shown without the sign, 0.0000, is accepted."""
    body = """
check = "run"
model = "still"
method = "euler"
options = { h = 1 }
initial = { y = "START" }
expect = { y = "SHOWN" }
digits = 4
"""
    cases = {"positive": ("0.00001", "-0.0000"), "zero": ("0", "-0.0000"), "positive-half-up": ("1/30000", "-0.0000"),
             "negative": ("-0.00001", "-0.0000"), "negative-unsigned": ("-0.00001", "0.0000")}  # 0 as -0.0000: a float's -0.0
    still = '\n[model.still]\nstates = ["y"]\nrhs = { y = "0" }\n'
    results = check_claims(claims_text(MODELS + still, {name: (body.replace("START", start).replace("SHOWN", shown),)
                                                for name, (start, shown) in cases.items()}))
    for name in ("positive", "positive-half-up"):
        assert_refuted(results[name].outcome, ["claimed -0.0000 at 4 decimals, computed", "which is positive"])
    for name in ("negative", "zero"):  # 0 printed -0.0000 is a floating-point program's -0.0 (a second review of 2026-12-06)
        assert results[name].outcome.status == "verified", results[name].outcome.message
    assert results["negative-unsigned"].outcome.status == "verified", results["negative-unsigned"].outcome.message


def test_an_algebraic_value_that_is_exactly_a_printed_decimal_is_audited_as_that_rational(check_claims):
    """Backward Euler on y' = -y^2 from 1 with h = 1/2: y1 + y1^2/2 = 1, so y1 = sqrt(3) - 1 and y1 + y1^2/2 is exactly
    1; on y' = -y^3, y1 is the real root of y^3 + 2y - 2 and y1 + y1^3/2 = 1.  Printed 1.0000 at digits = 4 this was an
    error ('within 2^-4096 of a rounding boundary': enclosures never separate a value from a boundary it equals; a
    review of 2026-12-06); equality with the boundary is now decided in the number field."""
    models = ('\n[model.square]\nstates = ["y"]\nrhs = { y = "-y**2" }\n'
              '\n[model.cube]\nstates = ["y"]\nrhs = { y = "-y**3" }\n')
    body = 'check = "run"\nmodel = "MODEL"\nmethod = "backward-euler"\noptions = { h = "1/2" }\ninitial = { y = 1 }\ndigits = 4\nexpect = { "y + y**P/2" = "SHOWN" }'
    cases = {f"{model}-{shown}": (body.replace("MODEL", model).replace("P", power).replace("SHOWN", shown),)
             for model, power in (("square", "2"), ("cube", "3")) for shown in ("1.0000", "1.0001", "0.9999")}
    results = check_claims(claims_text(models, cases))
    for model in ("square", "cube"):
        right = results[f"{model}-1.0000"].outcome
        assert (right.status, right.evidence) == ("verified", "exact"), right.message
        for wrong in ("1.0001", "0.9999"):
            assert_refuted(results[f"{model}-{wrong}"].outcome, [f"claimed {wrong} at 4 decimals, computed 1"])


SIGNIFICANT_MODEL = """
[model.k]
states = ["y"]
rhs = { y = "t + y" }
solution = { y = "(y0 + 1)*exp(t) - t - 1" }
"""
RK4_K = 'check = "run"\nmodel = "k"\nmethod = "rk4"\noptions = { h = "0.2" }\ninitial = { y = 0 }\nsteps = 5\n'


def rk4_errors() -> list:
    """RK4 with h = 1/5 on y' = t + y, y(0) = 0 (exact y_n by Fraction), minus the solution e^t - t - 1 (mpmath, 40
    digits): 2.758e-6, 6.738e-6, 1.2344e-5, 2.0103e-5, 3.0692e-5."""
    import mpmath
    y, t, h, errors = F(0), F(0), F(1, 5), []
    for _ in range(5):
        k1 = t + y
        k2 = t + h / 2 + y + h / 2 * k1
        k3 = t + h / 2 + y + h / 2 * k2
        k4 = t + h + y + h * k3
        y, t = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), t + h
        with mpmath.workdps(40):
            errors.append(mpmath.exp(mpmath.mpf(t.numerator) / t.denominator) - mpmath.mpf(t.numerator) / t.denominator - 1
                          - mpmath.mpf(y.numerator) / y.denominator)
    return errors


def test_significant_figures_read_each_value_at_its_own_decimals(check_claims):
    """An adversarial review of 2026-12-07: an error column printed to 3 significant figures (2.76e-6 ... 3.07e-5:
    8 decimals for the first, 7 for the last) could not be stated with one `digits`.  `significant = 3` reads each
    value to the decimals its own first digit leaves (certified here: the errors hold exp); a changed last digit is
    refuted with the figures named; 20201 to 3 figures is 20200 (negative decimals); digits and significant together,
    and a claimed 0, are errors."""
    import mpmath
    errors = rk4_errors()
    printed = ["2.76e-6", "6.74e-6", "1.23e-5", "2.01e-5", "3.07e-5"]
    for error, text in zip(errors, printed):
        assert mpmath.nstr(error, 3, min_fixed=-10, max_fixed=-10) == mpmath.nstr(mpmath.mpf(text), 3, min_fixed=-10, max_fixed=-10)
        assert abs(error - mpmath.mpf(text)) < mpmath.mpf("0.005") * mpmath.mpf(text)
    column = ", ".join(f'"{v}"' for v in printed)
    euler = 'check = "run"\nmodel = "k"\nmethod = "euler"\noptions = { h = "100" }\ninitial = { y = 1 }\nsteps = 2\nsignificant = 3\n'
    assert 1 + 100 * (0 + 1) + 100 * (100 + 101) == 20201
    results = check_claims(claims_text(SIGNIFICANT_MODEL, {
        "column": (RK4_K + f'significant = 3\nexpect_at_nodes = {{ "solution(y) - y" = [{column}] }}',),
        "wrong-digit": (RK4_K + 'significant = 3\nexpect_at_nodes = { "solution(y) - y" = ["2.76e-6", "6.74e-6", "1.23e-5", "2.01e-5", "3.08e-5"] }',),
        "digits-8": (RK4_K + f'digits = 8\nrounding = "any"\nexpect_at_nodes = {{ "solution(y) - y" = [{column}] }}',),
        "hundreds": (euler + 'expect = { y = "20200" }',),
        "hundreds-wrong": (euler + 'expect = { y = "20300" }',),
        "both": (RK4_K + 'significant = 3\ndigits = 8\nexpect = { y = "0.00000276" }',),
        "zero": (euler.replace("initial = { y = 1 }", "initial = { y = -1 }").replace("steps = 2", "steps = 1") + 'expect = { y = "0" }',),
    }))
    column = results["column"].outcome
    assert (column.status, column.evidence) == ("verified", "certified"), column.message
    assert_refuted(results["wrong-digit"].outcome, ["claimed 0.0000308 at 3 significant figures", "which rounds to 0.0000307"])
    assert results["digits-8"].outcome.status == "refuted"  # (1.23e-5 read at 8 decimals: 0.00001230, as before)
    assert results["hundreds"].outcome.status == "verified", results["hundreds"].outcome.message
    assert_refuted(results["hundreds-wrong"].outcome, ["claimed 20300 at 3 significant figures", "computed 20201", "rounds to 20200"])
    assert results["both"].outcome.status == "error" and "not both" in results["both"].outcome.message
    assert results["zero"].outcome.status == "error" and "shows no significant figures" in results["zero"].outcome.message


@pytest.mark.parametrize("value, figures, printed", [
    ("9.996", 3, "10.0"), ("-0.0012345", 3, "-0.00123"), ("0.00012345", 4, "0.0001234"), ("0.00012355", 4, "0.0001236"),
    ("123456", 2, "120000")])
def test_significant_figures_at_a_power_of_ten_and_at_ties(value, figures, printed):
    """The decimals come from the claimed value as printed: 9.996 to 3 figures is 10.0 (one decimal, read off 10.0);
    0.00012345 to 4 figures is a tie, 0.0001234 half-even and 0.0001235 half-up; 0.00012355 is 0.0001236 under both
    (half-even: 5 is odd); 123456 to 2 figures is 120000."""
    audit = RoundingAudit(figures, "half-even", significant=True)
    audit.add("v", sympy.Rational(value), sympy.Rational(printed), printed)
    successes, failures = audit.findings()
    assert not failures and successes, (failures, successes)
    up = RoundingAudit(figures, "half-up", significant=True)
    up.add("v", sympy.Rational(value), sympy.Rational(printed), printed)
    assert bool(up.findings()[1]) == (value == "0.00012345")
