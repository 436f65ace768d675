"""The whitelist parser: exact numbers, allowed syntax, and refusals of everything else."""
from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from verify.input.expr import ExprError, parse

x, y = sympy.symbols("x y", real=True)
NAMES = {"x": x, "y": y}


def test_decimals_are_exact_rationals():
    assert parse("0.1", NAMES) == sympy.Rational(1, 10)
    assert parse("1e-3", NAMES) == sympy.Rational(1, 1000)
    assert parse("2.50*x", NAMES) == sympy.Rational(5, 2) * x


def test_caret_is_power_with_power_precedence():
    assert parse("x^2 + 1", NAMES) == x**2 + 1
    assert parse("-x**2", NAMES) == -(x**2)


def test_functions_and_constants():
    assert parse("exp(-8*x) + abs(y) + min(x, y, 1)", NAMES) == sympy.exp(-8 * x) + sympy.Abs(y) + sympy.Min(x, y, 1)
    assert parse("sin(pi)", NAMES) == 0


@given(st.fractions(max_denominator=10**12))
def test_rationals_round_trip_exactly(value: Fraction):
    assert parse(f"{value.numerator}/{value.denominator}", NAMES) == sympy.Rational(value.numerator, value.denominator)


@given(st.decimals(allow_nan=False, allow_infinity=False, places=8, min_value=-10**6, max_value=10**6))
def test_decimal_literals_round_trip_exactly(value):
    text = format(value, "f")
    assert parse(text, NAMES) == sympy.Rational(str(Fraction(value).numerator), str(Fraction(value).denominator))


@pytest.mark.parametrize(
    "text, reason",
    [
        ("__import__('os').getcwd()", "attribute access"),
        ("().__class__.__base__.__subclasses__()", "attribute access"),
        ("x[0]", "subscripts"),
        ("(lambda: 1)()", "lambda"),
        ("[i for i in x]", "comprehensions"),
        ("x if y else 1", "conditional"),
        ("x < y", "comparisons"),
        ("'text'", "literal of type str"),
        ("1j", "literal of type complex"),
        ("open('f')", "literal of type str"),
        ("eval(x)", "unknown function 'eval'"),
        ("z + 1", "unknown name 'z'"),
        ("f(x=1)", "keyword arguments"),
        ("x % 2", "operator Mod"),
        ("x // 2", "operator FloorDiv"),
        ("10**10**10**10", "exponent"),
        ("10**10**7", "exponent"),
        ("2**1000*3**999", None),  # allowed: within the power-size limit
        ("(x**64)**64", "total degree"),
        ("x**y", "non-numeric exponent"),
        ("1/0", "division by zero"),
        ("-" * 100000 + "1", "longer than"),
        ("+".join(["x"] * 900), "syntax nodes"),
        ("(" * 70 + "x" + ")" * 70, None),  # parentheses alone add no nesting
        ("-" * 200 + "1", "nested deeper"),
        (" - ".join(["x"] * 100), None),  # a chain of + and - is one level (Python nests it 99 deep)
        ("*".join(["2"] * 100) + "/x/x", None),
        ("x + " * 70 + "-" * 70 + "1", "nested deeper"),  # ... but not what its operands nest
        ("9" * 250, "number literal longer"),
        ("1e999999999", "too large to read exactly"),
        ("x*1.5e-999999", "too small to read exactly"),
    ],
)
def test_refusals_name_the_offending_text(text, reason):
    if reason is None:
        parse(text, NAMES)
        return
    with pytest.raises(ExprError) as info:
        parse(text, NAMES)
    message = str(info.value)
    assert reason in message
    assert "\n" not in message


def test_a_chain_written_out_is_read_in_its_order_as_one_level():
    """A review of 2026-12-07: a sum of 62 terms with no parentheses was "nested deeper than 60" (Python reads
    a + b + c as (a + b) + c), and a long sum with an unknown name said only that."""
    assert parse(" - ".join(str(k) for k in range(1, 121)), NAMES) == 1 - sum(range(2, 121))
    assert parse("x/2*3/4 - 1 + 1/2*x", NAMES) == sympy.Rational(7, 8) * x - 1
    assert parse("2**3**2", NAMES) == 2**9  # a power is not a chain: right to left, as before
    with pytest.raises(ExprError, match="unknown name 'w'"):
        parse(" + ".join(["123456789012345"] * 91) + " + w", NAMES)


def test_special_forms_receive_parsed_arguments():
    calls = {"double": lambda args: 2 * args[0]}
    assert parse("double(x + 1)", NAMES, calls) == 2 * x + 2


def test_toml_numbers_must_be_exact():
    from decimal import Decimal

    assert parse(Decimal("0.1"), NAMES) == sympy.Rational(1, 10)
    assert parse(7, NAMES) == 7
    with pytest.raises(ExprError):
        parse(0.1, NAMES)  # a binary float never reaches the exact path
    with pytest.raises(ExprError):
        parse(True, NAMES)


def test_a_long_expression_is_quoted_short_so_that_the_reason_is_kept():
    """A 1,800-character nest of sqrt( filled the message and the reason ('too many nested parentheses') was cut."""
    text = "sqrt(" * 300 + "2" + ")" * 300
    with pytest.raises(ExprError) as caught:
        parse(text, {}, {}, frozenset())
    message = str(caught.value)
    assert "(1801 characters)" in message and "nested" in message and len(message) < 400, message


def test_a_text_is_parsed_once_per_meaning_and_special_forms_and_errors_every_time():
    """Parses are kept per (text, names, symbolic exponents); a text that applies a special form (ddt, solution) is
    parsed again, since the form's meaning is not in the key, and an input error is raised each time."""
    first = parse("x**2 + 3*y/7", NAMES)
    assert parse("x**2 + 3*y/7", NAMES) is first
    other = {"x": sympy.Symbol("x", positive=True), "y": y}
    assert parse("x**2 + 3*y/7", other) != first  # another meaning of x: another parse
    assert parse("double(x)", NAMES, {"double": lambda args: 2 * args[0]}) == 2 * x
    assert parse("double(x)", NAMES, {"double": lambda args: 3 * args[0]}) == 3 * x
    for _ in range(2):
        with pytest.raises(ExprError, match="unknown name"):
            parse("x + nowhere", NAMES)


@pytest.mark.parametrize("text, lost", [
    ("x/x", "undefined where x = 0"),
    ("(x - 1)/(x - 1)", "undefined where x - 1 = 0"),
    ("x**2/x", "undefined where x = 0"),
    ("x/(x*y)", "undefined where x = 0"),
    ("x**-1*x", "undefined where x = 0"),
    ("exp(log(x))", "undefined where x <= 0 (a log)"),
    ("sqrt(x)**2", "not real where x < 0 (a root)"),
    ("sqrt(x)*sqrt(x)", "not real where x < 0 (a root)"),
    # a second review of 2026-12-06: a root's sign, a negative number under a root, a tan, a root of a product
    ("sqrt(-x**2)**2", "not real where -x**2 < 0 (a root)"),
    ("sqrt(-abs(x))**2", "not real where -Abs(x) < 0 (a root)"),
    ("sqrt(x - 1)**2 + sqrt(1 - x)", "not real where x - 1 < 0 (a root)"),
    ("sqrt(x*y)**2 + sqrt(x)", "not real where x*y < 0 (a root)"),
    ("tan(x) - tan(x)", "undefined where cos(x) = 0 (a tan)"),
    ("0*tan(x)", "undefined where cos(x) = 0 (a tan)"),
])
def test_a_singularity_that_sympy_cancels_while_reading_is_refused(text, lost):
    """sympy evaluates while it builds: x/x is 1 and exp(log(x)) is x before any check sees them, so a claim that
    x/x == 1 for every x was verified (a review of 2026-12-06).  The text as written is undefined there: refused."""
    with pytest.raises(ExprError, match="cancels") as caught:
        parse(text, NAMES)
    assert lost in str(caught.value)


def test_a_singularity_through_a_name_s_meaning_is_refused_too():
    kappa = parse("1/(1 - x)", NAMES)
    with pytest.raises(ExprError, match="undefined where 1 - x = 0|undefined where x - 1 = 0"):
        parse("kappa*(1 - x)", {**NAMES, "kappa": kappa})


@pytest.mark.parametrize("text", ["(x**2 + x)/x", "sqrt(4*x)", "exp(x)/exp(x)", "sqrt(x**2)", "1/(2*(x + 1))",
                                  "abs(1/(1 - x))", "y*sin(sqrt(x/y)*x)/sqrt(x/y)", "1/x + x/x", "x**2/(x**2 + 1)*(x**2 + 1)",
                                  "2*sqrt(2/x)", "sqrt(x*y)", "(x/y)**(1/3)*y"])
def test_singularities_that_survive_the_reading_or_cannot_occur_are_read(text):
    """What stays undefined where it was written (a pole left in the result, 1/abs(1 - x) as 1/Abs(x - 1)), and what
    cannot vanish (exp(x); x**2 + 1 for real x), are read as before."""
    parse(text, NAMES)


def test_a_power_with_a_symbolic_exponent_that_cancels_is_refused_and_a_check_may_take_the_guards_instead():
    """x**N*x**(-N) is read as 1 (a second review of 2026-12-06 had it verified for every x, N); with ``guards`` (what
    forall passes, deciding over its domains) nothing is refused and each lost singularity is handed over."""
    N = sympy.Symbol("N", real=True)
    names = {**NAMES, "N": N}
    with pytest.raises(ExprError, match="undefined where x = 0"):
        parse("x**N*x**(-N)", names, symbolic_exponents=frozenset({N}))
    assert parse("(1 - x)**(-N)", names, symbolic_exponents=frozenset({N})) == (1 - x) ** (-N)
    guards = []
    assert parse("x/x + sqrt(y)**2", NAMES, guards=guards) == 1 + y
    assert [(g.kind, g.argument) for g in guards] == [("denominator", x), ("root", y)]
    assert all(g.decidable and "as written is" in g.message for g in guards)


def test_a_rational_number_s_power_may_have_a_large_exponent_within_its_size_limit():
    """An energy ratio over 5,000 steps, (1 - (1/2)**6/72 + (1/2)**8/576)**5000, was refused ('exponent 5000 (limit |n|
    <= 1000)') while ((...)**1000)**5 was taken (a review of 2026-12-07): a rational base's power is bounded by its size
    in bits (MAX_POWER_BITS), so its exponent may be larger; a symbol's or an irrational number's stays at 1000."""
    ratio = sympy.Rational(1) - sympy.Rational(1, 2) ** 6 / 72 + sympy.Rational(1, 2) ** 8 / 576
    assert parse("(1 - (1/2)**6/72 + (1/2)**8/576)**5000", {}) == ratio**5000
    x = sympy.Symbol("x")
    for text in ("x**5000", "(1 + sqrt(2))**5000"):
        with pytest.raises(ExprError, match="exponent 5000 \\(limit \\|n\\| <= 1000; a rational number's power may have up to 100,000 bits\\)"):
            parse(text, {"x": x})
    with pytest.raises(ExprError, match="power of about 200000 bits"):
        parse("3**100000", {})


def test_a_positive_constant_to_a_real_constant_power_is_read_and_decided(check_claims):
    """pi**exp(1) was refused as a 'non-numeric exponent' though it is a number (an adversarial review of
    2026-12-07): a positive constant base to a real constant exponent of size at most 1000 is read; a negative base,
    a symbol's power or a larger exponent stays refused.  e^pi - pi^e = 0.68153491441822353... (mpmath)."""
    assert parse("pi**exp(1)", {}) == sympy.Pow(sympy.pi, sympy.E)
    assert parse("2**sqrt(2)", {}) == sympy.Pow(2, sympy.sqrt(2))
    for text in ("(-2)**pi", "10**(10000*pi)", "x**pi"):
        with pytest.raises(ExprError, match="non-numeric exponent"):
            parse(text, {"x": sympy.Symbol("x")})
    from conftest import assert_refuted, claims_text

    body = 'check = "relation"\nlhs = "exp(pi)"\nrhs = "pi**exp(1)"\n'
    results = check_claims(claims_text("", {"true": (body + 'op = ">"',), "flipped": (body + 'op = "<"',)}))
    assert (results["true"].outcome.status, results["true"].outcome.evidence) == ("verified", "certified")
    assert "lies in [0.6815349144182235" in results["true"].outcome.message
    assert_refuted(results["flipped"].outcome, ["claimed exp(pi) < pi**exp(1)", "[0.6815349144182235"])


def test_a_rational_exponent_with_a_large_denominator_is_refused_naming_that_limit():
    """(999999/10^6)**(999999/10^6) was refused with 'limit |n| <= 1000000', a limit it does not pass: the denominator
    of the exponent is what is limited, to 64 (an adversarial review of 2026-12-07)."""
    with pytest.raises(ExprError, match="a rational exponent's denominator may be at most 64"):
        parse("(999999/1000000)**(999999/1000000)", {})
    with pytest.raises(ExprError, match=r"limit \|n\| <= 1000"):
        parse("x**1001", {"x": sympy.Symbol("x")})
    assert parse("2**(1/64)", {}) == sympy.Integer(2) ** sympy.Rational(1, 64)


def test_a_tiny_positive_base_to_a_constant_power_is_enclosed_at_more_bits_not_called_complex(check_claims):
    """(sqrt(2) - 1.41421356237309504880168872420969807856967187537694)**pi, a base of 4.8e-50: its 64-bit interval
    reaches below 0, the power of it is complex there, and the claim was an error (an adversarial review of
    2026-12-07).  An interval that is not real is now tried at more bits before it is an error; a truly negative
    base stays an error."""
    from conftest import assert_refuted, claims_text

    base = '"(sqrt(2) - 1.4142135623730950488016887242096980785696718753769)**pi"'
    results = check_claims(claims_text("", {
        "positive": (f'check = "relation"\nlhs = {base}\nop = ">"\nrhs = "0"',),
        "too-large": (f'check = "relation"\nlhs = {base}\nop = ">"\nrhs = "10**(-100)"',),  # about 1.155e-155
        "negative": ('check = "relation"\nlhs = "sqrt(sqrt(2) - 2)"\nop = ">"\nrhs = "0"',),
    }))
    positive = results["positive"].outcome
    assert (positive.status, positive.evidence) == ("verified", "certified"), positive.message
    assert "1.15512295489837971495e-155" in positive.message
    assert_refuted(results["too-large"].outcome, ["claimed (sqrt(2) - 1.4142135623730950488016887242096980785696718753769)**pi > 10**(-100)"])
    assert results["negative"].outcome.status == "error" and "is not a real number" in results["negative"].outcome.message


def test_a_literal_is_limited_by_its_digits_not_by_its_point_or_exponent():
    """An adversarial review of 2026-12-07: a decimal of 200 digits (0 and 199 decimals) was refused as 'longer than
    200 digits', its point counted as one.  200 digits are read exactly, with a point or an exponent beside them;
    201 digits are refused."""
    two_hundred = "0." + "1" * 199
    assert parse(two_hundred, {}) == sympy.Rational(int("1" * 199), 10**199)
    assert parse("1" * 100 + "." + "2" * 100 + "e-5", {}) == sympy.Rational(int("1" * 100 + "2" * 100), 10**105)
    with pytest.raises(ExprError, match="longer than 200 digits"):
        parse("0." + "1" * 200, {})
    with pytest.raises(ExprError, match="longer than 200 digits"):
        parse("1" * 201, {})
