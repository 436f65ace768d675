"""verify.engines.kinks: on each piece it returns, the expression without abs, max or min equals the original, at
random rational points inside and at the cut points themselves (both neighbouring pieces), for random nested
expressions; sympy's own evaluation of the original is the reference."""
from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.engines import kinks, realsets

x = sympy.Symbol("x")
coefficients = st.integers(min_value=-3, max_value=3)
polynomials = st.lists(coefficients, min_size=1, max_size=4).map(lambda cs: sum(c * x**k for k, c in enumerate(cs)))


def _wrapped(inner):
    return st.one_of(
        st.tuples(inner, polynomials).map(lambda ab: sympy.Abs(ab[0] - ab[1])),
        st.tuples(inner, polynomials).map(lambda ab: sympy.Max(ab[0], ab[1])),
        st.tuples(inner, polynomials).map(lambda ab: sympy.Min(ab[0], ab[1])),
        st.tuples(inner, inner).map(lambda ab: ab[0] + 2 * ab[1]),
    )


expressions = st.recursive(polynomials, _wrapped, max_leaves=4)
points = st.fractions(min_value=-5, max_value=5, max_denominator=12).map(lambda f: sympy.Rational(f.numerator, f.denominator))


def _holding(parts, point):
    return [part for part in parts if realsets.contains(part.region(), point)]


@settings(max_examples=60, deadline=None)
@given(expressions, st.lists(points, min_size=1, max_size=4))
def test_each_piece_equals_the_expression_inside_it_and_at_its_ends(expression, chosen):
    parts = kinks.pieces(expression, x)
    if parts is None:  # an argument that is not a polynomial over QQ, or too many cuts: nothing claimed
        return
    assert not any(part.expression.has(sympy.Abs, sympy.Max, sympy.Min) for part in parts)
    ends = [part.high for part in parts[:-1]]
    assert ends == realsets.sorted_points(ends) and parts[0].low is None and parts[-1].high is None
    for point in chosen + [e for e in ends if e.is_Rational]:
        holding = _holding(parts, point)
        assert holding, (expression, point)
        for part in holding:
            assert sympy.simplify(part.expression.subs(x, point) - expression.subs(x, point)) == 0, (expression, part, point)


def test_nested_abs_and_algebraic_cuts():
    """||x| - 1| is cut at -1, 0, 1; |x^2 - 2| at -sqrt(2) and sqrt(2) (ends that are not rationals); an argument that
    is not a polynomial (|sin x|) or a function that jumps (sign) gives no pieces."""
    nested = kinks.pieces(sympy.Abs(sympy.Abs(x) - 1), x)
    assert [p.high for p in nested[:-1]] == [-1, 0, 1]
    assert [sympy.expand(p.expression) for p in nested] == [-x - 1, x + 1, 1 - x, x - 1]
    algebraic = kinks.pieces(sympy.Abs(x**2 - 2), x)
    assert [p.high for p in algebraic[:-1]] == [-sympy.sqrt(2), sympy.sqrt(2)]
    assert [p.text() for p in algebraic] == ["(-∞, -sqrt(2)]", "[-sqrt(2), sqrt(2)]", "[sqrt(2), ∞)"]
    assert kinks.pieces(sympy.Abs(sympy.sin(x)), x) is None
    assert kinks.pieces(sympy.Abs(x) + sympy.sign(x), x) is None
