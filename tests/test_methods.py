"""Each exact method agrees with its own definition, written out here by hand with fractions.Fraction."""
from __future__ import annotations

from fractions import Fraction as F

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.engines import crosscheck
from verify.engines.methods import METHODS, ExactSystem, run
from verify.input.model import model_from_table, symbol
from verify.engines import twins

small = st.fractions(min_value=-5, max_value=5, max_denominator=12)
step = st.fractions(min_value=F(1, 12), max_value=2, max_denominator=12)


def scalar_model(a, b, c):
    """y' = a y + b t + c: non-autonomous, so the stage times c_i h matter."""
    return model_from_table("scalar", {"states": ["y"], "rhs": {"y": f"({a})*y + ({b})*t + ({c})"}}, "test")


def exact_run(model, method, options, t0, y0, steps=1, keep=True):
    sym = {k: (sympy.Rational(v.numerator, v.denominator) if isinstance(v, F) else sympy.sympify(v)) for k, v in options.items()}
    METHODS[method].validate(model, sym)
    result = run(METHODS[method], ExactSystem(model, {}), sym, sympy.Rational(str(t0)), [sympy.Rational(str(v)) for v in y0], steps, keep)
    return [F(int(v.numerator), int(v.denominator)) for v in result.y], result


def by_hand(method, f, t, y, h):
    if method == "euler":
        return y + h * f(t, y)
    if method == "heun":
        k1 = f(t, y)
        k2 = f(t + h, y + h * k1)
        return y + h / 2 * (k1 + k2)
    if method == "midpoint":
        return y + h * f(t + h / 2, y + h / 2 * f(t, y))
    if method == "rk4":
        k1 = f(t, y)
        k2 = f(t + h / 2, y + h / 2 * k1)
        k3 = f(t + h / 2, y + h / 2 * k2)
        k4 = f(t + h, y + h * k3)
        return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    raise AssertionError(method)


@settings(max_examples=40, deadline=None)
@given(a=small, b=small, c=small, t0=small, y0=small, h=step, method=st.sampled_from(["euler", "heun", "midpoint", "rk4"]))
def test_runge_kutta_methods_match_their_formulas(a, b, c, t0, y0, h, method):
    f = lambda t, y: a * y + b * t + c  # noqa: E731
    got, result = exact_run(scalar_model(a, b, c), method, {"h": h}, t0, [y0])
    assert got == [by_hand(method, f, t0, y0, h)]
    stages = {"euler": 1, "heun": 2, "midpoint": 2, "rk4": 4}[method]
    assert result.recorder.counts["rhs"] == stages


@settings(max_examples=25, deadline=None)
@given(a=small, b=small, c=small, t0=small, y0=small, h=step)
def test_rk_with_a_given_tableau_equals_the_named_method(a, b, c, t0, y0, h):
    model = scalar_model(a, b, c)
    half = sympy.Rational(1, 2)
    tableau = {"A": [[0, 0, 0, 0], [half, 0, 0, 0], [0, half, 0, 0], [0, 0, 1, 0]], "b": [sympy.Rational(1, 6), sympy.Rational(1, 3), sympy.Rational(1, 3), sympy.Rational(1, 6)], "c": [0, half, half, 1]}
    got, _ = exact_run(model, "rk", {"h": h, **tableau}, t0, [y0])
    expected, _ = exact_run(model, "rk4", {"h": h}, t0, [y0])
    assert got == expected


def two_block_model():
    """Nonlinear and non-autonomous: x' = x z + t (slow), z' = x - z^2 + 2 t (fast)."""
    return model_from_table(
        "two", {"states": ["x", "z"], "rhs": {"x": "x*z + t", "z": "x - z**2 + 2*t"}, "blocks": {"slow": ["x"], "fast": ["z"]}}, "test"
    )


@settings(max_examples=30, deadline=None)
@given(t0=small, x0=small, z0=small, H=step, m=st.integers(1, 5), midpoint=st.booleans())
def test_multirate_methods_match_their_definitions(t0, x0, z0, H, m, midpoint):
    f = lambda t, x, z: x * z + t  # noqa: E731
    g = lambda t, x, z: x - z**2 + 2 * t  # noqa: E731
    h = H / m
    rate = f(t0, x0, z0)
    z = z0
    for j in range(m):
        if midpoint:
            s = (j + F(1, 2)) * h
            z = z + h * g(t0 + s, x0 + s * rate, z)
        else:
            z = z + h * g(t0 + j * h, x0, z)
    method = "midpoint-sampled-euler" if midpoint else "frozen-slow-euler"
    got, result = exact_run(two_block_model(), method, {"H": H, "m": m}, t0, [x0, z0])
    assert got == [x0 + H * rate, z]
    assert result.recorder.counts == {"slow": 1, "fast": m}


matrices = st.lists(st.lists(small, min_size=2, max_size=2), min_size=2, max_size=2)


@settings(max_examples=25, deadline=None)
@given(A=matrices, shift=st.lists(small, min_size=2, max_size=2), y0=st.lists(small, min_size=2, max_size=2),
       steps=st.integers(2, 40), method=st.sampled_from(["euler", "heun", "rk4", "frozen-slow-euler", "midpoint-sampled-euler"]))
def test_affine_power_equals_the_step_loop(A, shift, y0, steps, method):
    rhs = {
        "x": f"({A[0][0]})*x + ({A[0][1]})*z + ({shift[0]})",
        "z": f"({A[1][0]})*x + ({A[1][1]})*z + ({shift[1]})",
    }
    model = model_from_table("lin", {"states": ["x", "z"], "rhs": rhs, "blocks": {"slow": ["x"], "fast": ["z"]}}, "test")
    options = {"h": F(1, 7)} if "-" not in method else {"H": F(1, 7), "m": 3}
    fast, fast_result = exact_run(model, method, options, 0, y0, steps, keep=False)
    slow, slow_result = exact_run(model, method, options, 0, y0, steps, keep=True)
    assert fast_result.route == "affine power" and slow_result.route == "step loop"
    assert fast == slow
    assert fast_result.recorder.counts == slow_result.recorder.counts
    assert fast_result.t == slow_result.t
    sym = {k: (sympy.Rational(v.numerator, v.denominator) if isinstance(v, F) else sympy.sympify(v)) for k, v in options.items()}
    y0_sym = [sympy.Rational(str(v)) for v in y0]
    iterated = run(METHODS[method], ExactSystem(model, {}), sym, 0, y0_sym, steps, keep=False, nodes=True)
    looped = run(METHODS[method], ExactSystem(model, {}), sym, 0, y0_sym, steps, keep=True, nodes=True)
    assert iterated.route == "affine iteration"
    assert iterated.nodes == looped.nodes and iterated.y == looped.y


@settings(max_examples=20, deadline=None)
@given(A=matrices, y0=st.lists(small, min_size=2, max_size=2), steps=st.integers(1, 3),  # nonlinear: exact sizes grow fast
       method=st.sampled_from(["euler", "midpoint", "rk4", "frozen-slow-euler", "midpoint-sampled-euler"]))
def test_mpmath_path_agrees_with_exact_path(A, y0, steps, method):
    rhs = {"x": f"({A[0][0]})*x + ({A[0][1]})*z + t", "z": f"({A[1][0]})*x*z + ({A[1][1]})*z"}
    model = model_from_table("nl", {"states": ["x", "z"], "rhs": rhs, "blocks": {"slow": ["x"], "fast": ["z"]}}, "test")
    options = {"h": F(1, 9)} if "-" not in method else {"H": F(1, 9), "m": 2}
    got, result = exact_run(model, method, options, 0, y0, steps)
    sym_options = {k: sympy.Rational(v.numerator, v.denominator) if isinstance(v, F) else sympy.Integer(v) for k, v in options.items()}
    system = ExactSystem(model, {})
    _, mp_y, _, mp_counts, *_ = twins.solve(twins.Problem(method, sym_options, system.rhs, model.state_symbols, 0, [sympy.Rational(str(v)) for v in y0], steps, blocks=system.blocks, time=symbol("t")))
    for exact_value, approx in zip(got, mp_y):
        assert crosscheck.agree(sympy.Rational(exact_value.numerator, exact_value.denominator), approx)
    assert dict(result.recorder.counts) == mp_counts
