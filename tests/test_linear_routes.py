"""The fast routes of linear runs: the exact affine power (DomainMatrix over QQ, flint ground types when
python-flint is installed), the cross-check's own power of its one-step matrix, and exact conversions of gmpy2
numbers into sympy whatever the ground types."""
from __future__ import annotations

import random
from fractions import Fraction

import flint
import gmpy2
import mpmath
import pytest
import sympy
from hypothesis import given, settings, strategies as st

from conftest import assert_refuted, claims_text
from verify.engines import crosscheck, rational, twins
from verify.engines.methods import METHODS, ExactSystem, run
from verify.input.model import model_from_table, symbol


def dense_model(n, seed):
    rng = random.Random(seed)
    A = [[Fraction(rng.randint(-9, 9), rng.randint(1, 5)) for _ in range(n)] for _ in range(n)]
    c = [Fraction(rng.randint(-3, 3), 2) for _ in range(n)]
    names = [f"u{chr(97 + i)}" for i in range(n)]
    rhs = {names[i]: " + ".join(f"({A[i][j]})*{names[j]}" for j in range(n)) + f" + ({c[i]})" for i in range(n)}
    return A, c, model_from_table("dense", {"states": names, "rhs": rhs}, "test")


def test_gmpy2_numbers_enter_sympy_exactly_whatever_the_ground_types():
    import sympy.external.gmpy as ground

    assert ground.GROUND_TYPES == "flint"  # python-flint is a dependency: sympy's fast matrices
    x = sympy.Symbol("x")
    assert sympy.sympify(gmpy2.mpq(21, 20)) == sympy.Rational(21, 20) and sympy.sympify(gmpy2.mpq(21, 20)).is_Rational
    assert sympy.sympify(gmpy2.mpz(5)).is_Integer
    assert (x + 1).subs(x, gmpy2.mpq(1, 3)) == sympy.Rational(4, 3)
    assert sympy.Rational(gmpy2.mpq(-7, 9)) == sympy.Rational(-7, 9)


@pytest.mark.parametrize("steps", [57, 350])  # B^N by squaring, and (from 300 steps on a 5 x 5 B) by x^N mod B's characteristic polynomial
def test_the_affine_power_is_the_step_loop_written_out_with_fractions(steps):
    A, c, model = dense_model(4, 1)
    h, y0 = Fraction(1, 10), [Fraction(1), Fraction(-1, 2), Fraction(0), Fraction(3)]
    result = run(METHODS["euler"], ExactSystem(model, {}), {"h": sympy.Rational(1, 10)}, 0, [sympy.Rational(v.numerator, v.denominator) for v in y0], steps, keep=False)
    assert result.route == "affine power"
    y = list(y0)
    for _ in range(steps):  # y+ = y + h (A y + c), by hand
        y = [y[i] + h * (sum(A[i][j] * y[j] for j in range(4)) + c[i]) for i in range(4)]
    assert [Fraction(int(v.numerator), int(v.denominator)) for v in result.y] == y


@pytest.mark.parametrize("method, options", [
    ("euler", {"h": sympy.Rational(1, 10)}),
    ("rk4", {"h": sympy.Rational(1, 8)}),
    ("gauss-legendre-4", {"h": sympy.Rational(1, 8)}),
    ("frozen-slow-euler", {"H": sympy.Rational(1, 10), "m": sympy.Integer(3)}),
    ("rosenbrock-euler", {"h": sympy.Rational(1, 10)}),  # 20,000 steps of a 3-state system: 6.9 s stepped, 0.8 s powered
    ("rosenbrock-euler", {"h": sympy.Rational(1, 8), "gamma": sympy.Rational(1, 2), "stage_residual": sympy.Rational(1, 1000)}),
])
def test_the_cross_check_power_agrees_with_its_own_step_loop(method, options):
    _, _, model = dense_model(3, 2)
    blocks = {"slow": [0, 1], "fast": [2]} if method == "frozen-slow-euler" else {}
    y0 = [sympy.Integer(1), sympy.Rational(1, 3), sympy.Integer(-2)]
    problem = twins.Problem(method, options, [model.rhs[s] for s in model.states], model.state_symbols, 0, y0, 200, blocks=blocks)
    t_loop, y_loop, trace, counts_loop, nodes, *_ = twins.solve(problem)
    t_power, y_power, no_trace, counts_power, no_nodes, *_ = twins.solve(problem, final_only=True)
    assert no_trace == {} and no_nodes == [] and len(nodes) == 200  # the power ran, not the loop
    assert counts_power == counts_loop and abs(t_power - t_loop) < mpmath.mpf(10) ** -45
    with mpmath.workdps(60):
        for a, b in zip(y_loop, y_power):
            assert abs(a - b) <= mpmath.mpf(10) ** -40 * max(1, abs(a))


EXPLICIT_TABLEAUS = ["euler", "heun", "midpoint", "rk4", "bogacki-shampine-32", "dormand-prince-54", "fehlberg-45", "cash-karp-45"]


@pytest.mark.parametrize("method", [*EXPLICIT_TABLEAUS, "rk"])
def test_an_explicit_step_map_composed_from_the_tableau_is_the_map_its_steps_show(method):
    """The twin's one-step map of an explicit tableau on y' = A y + f, composed in arb matrices from the tableau
    (twins._explicit_rk_map), against the same map read off n + 1 of the twin's own steps (twins._step_images_map):
    M, c and the counts agree; irrational coefficients (sqrt(2)) and blocks included."""
    x, y, z, t = sympy.symbols("x y z t")
    rhs = [-sympy.sqrt(2) * x + y / 3, x - y + sympy.Rational(1, 2) * z + 1, sympy.Rational(-7, 4) * z - 2]
    options = {"h": sympy.Rational(1, 7)}
    if method == "rk":  # Ralston's second-order tableau, written by a user
        options.update(A=[[0, 0], [sympy.Rational(2, 3), 0]], b=[sympy.Rational(1, 4), sympy.Rational(3, 4)])
    blocks = {"slow": [0, 1], "fast": [2]}
    with mpmath.workdps(80):
        composed = twins._explicit_rk_map(method, options, rhs, [x, y, z], blocks, sympy.Rational(1, 3))
        read = twins._step_images_map(method, options, rhs, [x, y, z], blocks, t, sympy.Rational(1, 3))
        assert composed is not None
        (t0, t1, M, c, counts), (t0_, t1_, M_, c_, counts_) = composed, read
        assert counts == counts_ and t0 == t0_ and abs(t1 - t1_) < mpmath.mpf(10) ** -75
        for a, b in zip([v for row in M for v in row] + c, [v for row in M_ for v in row] + c_):
            assert abs(crosscheck.from_ball(a) - b) < mpmath.mpf(10) ** -70


def test_an_implicit_tableau_or_a_nonlinear_model_keeps_the_steps_it_reads():
    x, y = sympy.symbols("x y")
    h = {"h": sympy.Rational(1, 10)}
    assert twins._explicit_rk_map("gauss-legendre-4", h, [-x, x - y], [x, y], {}, 0) is None
    assert twins._explicit_rk_map("rk4", h, [-x * y, x - y], [x, y], {}, 0) is None
    assert twins._explicit_rk_map("rk4", h, [-x + sympy.Symbol("t"), x - y], [x, y], {}, 0) is None
    for odd in (sympy.zoo, sympy.nan, sympy.I, sympy.oo):  # a coefficient that is no finite real number
        assert twins.base.linear_coefficients([odd * x, y], [x, y]) is None


def test_a_nonlinear_model_is_not_powered_and_one_affine_in_x_and_t_is():
    """The twin's power of its one-step map: for a linear model, and (since an external review of 2026-12-07) for one
    affine in the state and t jointly, whose map carries the time offset as one more value (_mp_power_in_time); its
    value is Euler's recurrence x_{n+1} = (1 + h) x_n + h t_n, computed here in fractions."""
    t, x = symbol("t"), symbol("x")
    for rhs in ([-x * x], [sympy.sin(x)], [x * t]):
        stepped = twins.solve(twins.Problem("euler", {"h": sympy.Rational(1, 100)}, rhs, [x], 0, [sympy.Rational(1, 2)], 300, blocks={}, time=t), final_only=True)
        assert len(stepped.trace["x"]) == 300 and stepped.nodes == []  # the step loop (a linear model this long would be
        # powered), which keeps no nodes when the caller reads the final state alone
    powered = twins.solve(twins.Problem("euler", {"h": sympy.Rational(1, 100)}, [-x], [x], 0, [sympy.Rational(1, 2)], 300, blocks={}, time=t), final_only=True)
    assert powered.trace == {} and powered.nodes == []
    powered = twins.solve(twins.Problem("euler", {"h": sympy.Rational(1, 100)}, [x + t], [x], 0, [sympy.Rational(1, 2)], 300, blocks={}, time=t), final_only=True)
    value, h = Fraction(1, 2), Fraction(1, 100)
    for n in range(300):
        value = (1 + h) * value + h * n * h
    with mpmath.workdps(60):
        assert powered.trace == {} and abs(powered.y[0] - mpmath.mpf(value.numerator) / value.denominator) < mpmath.mpf(10) ** -45 * abs(powered.y[0])


MODEL = '[model.spring]\nstates = ["p", "q"]\nrhs = { p = "q", q = "-p - q/10" }\n'
RUN = 'check = "run"\nmodel = "spring"\nmethod = "rk4"\noptions = { h = "1/10" }\ninitial = { p = 1, q = 0 }\nsteps = 400\n'


def test_a_long_linear_run_is_verified_and_a_wrong_value_refuted(check_claims):
    system = ExactSystem(model_from_table("spring", {"states": ["p", "q"], "rhs": {"p": "q", "q": "-p - q/10"}}, "test"), {})
    exact = run(METHODS["rk4"], system, {"h": sympy.Rational(1, 10)}, 0, [sympy.Integer(1), sympy.Integer(0)], 400, keep=False)
    p = rational.to_sympy(exact.y[0])  # a 12,458-bit denominator: claimed to 30 decimals
    shown = sympy.Rational(round(p * 10**30), 10**30)
    wrong = shown - sympy.Rational(2, 10**30)  # not shown + 10^-30: for this negative p that is the truncated value
    text = lambda v: f"{sympy.Float(v, 40):.30f}"  # noqa: E731
    results = check_claims(claims_text(MODEL, {"right": (RUN + f'expect = {{ p = "{text(shown)}" }}\ndigits = 30',),
                                               "wrong": (RUN + f'expect = {{ p = "{text(wrong)}" }}\ndigits = 30',)}))
    assert results["right"].outcome.status == "verified" and results["right"].outcome.evidence == "exact"
    assert_refuted(results["wrong"].outcome, [f"p: claimed {text(wrong)} at 30 decimals, computed", "which rounds to"])


def test_the_powered_cross_check_still_catches_a_wrong_exact_power(check_claims, monkeypatch):
    real = rational.affine_power

    def off_by_a_little(integer_map, y0, steps):
        return [v + gmpy2.mpq(1, 10**20) for v in real(integer_map, y0, steps)]

    monkeypatch.setattr(rational, "affine_power", off_by_a_little)
    outcome = check_claims(claims_text(MODEL, {"p": (RUN + 'expect_relations = { p = "> -10" }',)}))["p"].outcome
    assert outcome.status == "error" and "exact and mpmath paths disagree" in outcome.message, outcome.message


def test_the_affine_test_compares_the_time_by_equality_not_identity():
    """A right-hand side with the time is not autonomous, whichever Symbol object stands for t (review finding:
    an identity test let an equal t from before sympy's cache was cleared through)."""
    import sympy
    from sympy.core.cache import clear_cache

    from verify.engines import rational

    x, t1 = sympy.Symbol("x", real=True), sympy.Symbol("t", real=True)
    clear_cache()
    t2 = sympy.Symbol("t", real=True)
    assert t1 == t2
    assert not rational.is_affine_autonomous([x + 2 * t1], [x], t2)
    assert rational.is_affine_autonomous([x + 2], [x], t2)


def test_a_model_affine_in_the_state_and_t_is_powered_with_t_carried_and_equals_the_fraction_loop(check_claims):
    """A review of 2026-12-05: RK4 with h = 1/7 over 10^4 steps of y' = -y + t took 114 s in the step loop; the step
    from (t0 + s, y) is affine in (y, s), so run powers (y, s) -> (step, s + h).  Checked against RK4 written out with
    fractions.Fraction (final value and every node), Heun with a forcing 2t - 1 on a 2-state system, and a method
    whose step is not affine in t (the map read off is checked against a step from the start) keeps the loop."""
    def rk4(f, t, y, h, n):
        values = []
        for _ in range(n):
            k1 = f(t, y)
            k2 = f(t + h / 2, [a + h / 2 * b for a, b in zip(y, k1)])
            k3 = f(t + h / 2, [a + h / 2 * b for a, b in zip(y, k2)])
            k4 = f(t + h, [a + h * b for a, b in zip(y, k3)])
            y = [a + h / 6 * (p + 2 * q + 2 * r + s) for a, p, q, r, s in zip(y, k1, k2, k3, k4)]
            t += h
            values.append(y)
        return values

    h, n = Fraction(1, 7), 300
    by_hand = rk4(lambda t, y: [-y[0] + t], Fraction(0), [Fraction(1)], h, n)
    model = model_from_table("ramp", {"states": ["y"], "rhs": {"y": "-y + t"}}, "test")
    result = run(METHODS["rk4"], ExactSystem(model, {}), {"h": sympy.Rational(1, 7)}, 0, [sympy.Integer(1)], n, keep=False)
    assert result.route == "affine power" and Fraction(int(result.y[0].numerator), int(result.y[0].denominator)) == by_hand[-1][0]
    nodes = run(METHODS["rk4"], ExactSystem(model, {}), {"h": sympy.Rational(1, 7)}, 0, [sympy.Integer(1)], n, keep=False, nodes=True)
    assert nodes.route == "affine iteration"
    assert [Fraction(int(v[0].numerator), int(v[0].denominator)) for _, v in nodes.nodes] == [v[0] for v in by_hand]
    assert [t for t, _ in nodes.nodes][-1] == n * Fraction(1, 7)
    forced = model_from_table("forced", {"states": ["x", "v"], "rhs": {"x": "v", "v": "-x - v/5 + 2*t - 1"}}, "test")
    heun = run(METHODS["heun"], ExactSystem(forced, {}), {"h": sympy.Rational(1, 20)}, 1, [sympy.Integer(0), sympy.Integer(1)], 50, keep=False)
    x, v, t, hh = Fraction(0), Fraction(1), Fraction(1), Fraction(1, 20)
    for _ in range(50):
        f1 = (v, -x - v / 5 + 2 * t - 1)
        x1, v1 = x + hh * f1[0], v + hh * f1[1]
        f2 = (v1, -x1 - v1 / 5 + 2 * (t + hh) - 1)
        x, v, t = x + hh / 2 * (f1[0] + f2[0]), v + hh / 2 * (f1[1] + f2[1]), t + hh
    assert heun.route == "affine power" and [Fraction(int(u.numerator), int(u.denominator)) for u in heun.y] == [x, v]
    import copy

    bent = copy.copy(METHODS["euler"])  # a step with a t^2 term: not affine in t, so the map read off fails its check
    plain = bent.step
    bent.step = lambda system, t, y, options, recorder: [value + t * t / 1000 for value in plain(system, t, y, options, recorder)]
    for h in (sympy.Rational(1, 7), sympy.Integer(1)):  # h = 1: the steps at s = h fall on the map's reading points, 2h not
        looped = run(bent, ExactSystem(model, {}), {"h": h}, 0, [sympy.Integer(1)], 20, keep=False)
        assert looped.route == "step loop"
    # past the exact size limit the route is a size error found before the power (an upper bound on the values' size)
    from verify.errors import ExactSizeError

    with pytest.raises(ExactSizeError, match="could reach"):
        run(METHODS["rk4"], ExactSystem(model, {}), {"h": sympy.Rational(1, 7)}, 0, [sympy.Integer(1)], 10**6, keep=False)
    # as a claim, with a changed last digit refuted
    value = by_hand[-1][0]
    scaled = value.numerator * 10**12 // value.denominator  # truncated to 12 decimals (positive): rule "truncate"
    shown = f"{scaled // 10**12}.{scaled % 10**12:012d}"
    body = 'check = "run"\nmodel = "ramp"\nmethod = "rk4"\noptions = { h = "1/7" }\ninitial = { y = 1 }\nsteps = 300\ndigits = 12\nrounding = "truncate"\n'
    text = '[model.ramp]\nstates = ["y"]\nrhs = { y = "-y + t" }\n'
    wrong = shown[:-1] + ("1" if shown[-1] != "1" else "2")
    results = check_claims(claims_text(text, {"true": (body + f'expect = {{ y = "{shown}" }}',), "wrong": (body + f'expect = {{ y = "{wrong}" }}',)}))
    assert (results["true"].outcome.status, results["true"].outcome.evidence) == ("verified", "exact"), results["true"].outcome.message
    assert_refuted(results["wrong"].outcome, [f"y: claimed {wrong} at 12 decimals"])


@pytest.mark.parametrize("method, options, rhs", [
    ("adams-bashforth-4", {"h": sympy.Rational(1, 10), "start": "rk4"}, {"y": "-y"}),
    ("bdf-3", {"h": sympy.Rational(1, 10), "start": "heun"}, {"y": "-y"}),
    ("adams-moulton-3", {"h": sympy.Rational(1, 8), "start": "rk4"}, {"y": "-y + t"}),
    ("abm-3", {"h": sympy.Rational(1, 10), "start": "midpoint"}, {"y": "-2*y + 3*t - 1"}),
    ("bdf-2", {"h": sympy.Rational(1, 5), "history": {"x": [sympy.Rational(9, 10)], "v": [sympy.Rational(-1, 10)]}}, {"x": "v", "v": "-x - v/4"}),
])
def test_a_multistep_run_after_its_starting_steps_is_powered_and_equals_the_step_loop(method, options, rhs):
    """A review of 2026-12-05: Adams-Bashforth 4 over 10^4 steps of y' = -y took 15 s and BDF3 55 s in the step loop.
    After its k - 1 starting steps a k-step method's step is affine (on an affine model, t carried when it is not
    autonomous): the power and the integer iteration give the step loop's values, nodes and evaluation counts."""
    states = list(rhs)
    model = model_from_table("m", {"states": states, "rhs": rhs}, "test")
    y0 = [sympy.Integer(1)] * len(states)
    steps = 60 if method != "bdf-3" else 400  # BDF3's window of 3 values and t: its power by Cayley-Hamilton
    loop = run(METHODS[method], ExactSystem(model, {}), options, 0, y0, steps, keep=True, nodes=True)
    powered = run(METHODS[method], ExactSystem(model, {}), options, 0, y0, steps, keep=False)
    iterated = run(METHODS[method], ExactSystem(model, {}), options, 0, y0, steps, keep=False, nodes=True)
    assert loop.route == "step loop" and powered.route.startswith("affine power after") and iterated.route.startswith("affine iteration after")
    assert powered.y == loop.y == iterated.y and iterated.nodes == loop.nodes
    assert powered.recorder.counts == loop.recorder.counts == iterated.recorder.counts


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 7), st.integers(0, 300), st.integers(0, 2**32), st.sampled_from([3, 2**20, 2**70]))
def test_the_power_by_the_characteristic_polynomial_is_the_power_by_squaring_and_the_plain_iteration(n, steps, seed, size):
    """Long runs raise their integer step map by Cayley-Hamilton: x^N mod the characteristic polynomial, then the
    Krylov vectors B^i u; on any integer matrix (singular, nilpotent or not, entries up to 70 bits) and any N (below n
    too) it is B^N u as squaring and as N matrix-vector products give it."""
    rng = random.Random(seed)
    entries = [rng.choice([0, rng.randint(-size, size)]) for _ in range(n * n)]
    B, u = flint.fmpz_mat(n, n, entries), flint.fmpz_mat(n, 1, [rng.randint(-size, size) for _ in range(n)])
    iterated = u
    for _ in range(steps):
        iterated = B * iterated
    assert rational._by_characteristic_polynomial(B, steps, u) == rational._by_squaring(B, steps, u) == iterated


def test_adams_bashforth_2_powered_is_the_formula_written_out_with_fractions():
    """AB2 on y' = -y, h = 1/10, the starting value y_1 = 9/10 given: y_{n+2} = y_{n+1} + h (3 f_{n+1} - f_n)/2."""
    h, ys = Fraction(1, 10), [Fraction(1), Fraction(9, 10)]
    for _ in range(99):
        ys.append(ys[-1] + h * (3 * -ys[-1] - -ys[-2]) / 2)
    model = model_from_table("decay", {"states": ["y"], "rhs": {"y": "-y"}}, "test")
    result = run(METHODS["adams-bashforth-2"], ExactSystem(model, {}), {"h": sympy.Rational(1, 10), "history": {"y": [sympy.Rational(9, 10)]}},
                 0, [sympy.Integer(1)], 100, keep=False)
    assert result.route == "affine power after 1 starting step in the step loop"
    assert Fraction(int(result.y[0].numerator), int(result.y[0].denominator)) == ys[100]


def test_a_method_option_evaluated_at_every_step_keeps_the_step_loop(check_claims):
    """A third review of 2026-12-05: backward Euler's residual_d is an expression in h and t evaluated at every step,
    so the step depends on t by itself.  The affine routes read the map at t0 (autonomous: t frozen) or at s = 0, 1, h
    (t carried: a residual vanishing there, (t - h)(t - h - 1)(t - 2h), went unseen), and false order claims were
    verified.  Truths by hand with fractions.Fraction: y_{n+1} (1 + h) = y_n + h (t_{n+1} + r(t_{n+1})) on
    y' = -y + t, h = 1, y0 = 1, r = t^2: y = 3/2, 15/4, 63/8, ... 2047/64 after six steps."""
    from fractions import Fraction

    y, t = Fraction(1), Fraction(0)
    for _ in range(6):
        t += 1
        y = (y + (t + t * t)) / 2
    text = '[model.ramp_s]\nstates = ["y"]\nrhs = { y = "-y + t" }\nsolution = { y = "(y0 + 1)*exp(-t) + t - 1" }\n'
    run_body = f'check = "run"\nmodel = "ramp_s"\nmethod = "backward-euler"\noptions = {{ h = 1, residual_d = {{ y = "t**2" }} }}\ninitial = {{ y = 1 }}\nsteps = 6\n'
    order = ('check = "order"\nmodel = "ramp_s"\nmethod = "backward-euler"\noptions = { residual_d = { y = "(t - h)*(t - h - 1)*(t - 2*h)" } }\n'
             'initial = { y = 1 }\nt_end = 1\nsteps = [20, 40, 80, 160]\norder = 1')
    results = check_claims(claims_text(text, {"run": (run_body + f'expect = {{ y = "{y}" }}',),
                                              "run-wrong": (run_body + f'expect = {{ y = "{y + 1}" }}',), "order": (order,)}))
    assert (results["run"].outcome.status, results["run"].outcome.evidence) == ("verified", "exact"), results["run"].outcome.message
    assert_refuted(results["run-wrong"].outcome, [f"y: claimed {y + 1}, computed {y}"])
    assert_refuted(results["order"].outcome, ["claimed order 1 ± 0.1, computed observed order"])


def test_node_tables_read_by_compiled_quantities_say_what_the_general_reading_says(check_claims):
    """A node table over QQ whose quantity is rational in t and the states and whose claimed values are rationals is
    read by the quantity compiled once (run._rational_reader) instead of sympy substitution at every node; any other
    table (a claimed closed form in t, a pole at a node) keeps the general reading.  Euler with h = 1/2 on y' = -y
    gives y_n = 2^-n; on the ring a' = -a + (b - c)/2 (and cyclically) from a = b = c = 1 the states stay equal and
    a + b + c = 3 (9/10)^n with h = 1/10."""
    head = ('[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
            '[model.ring]\nstates = ["a", "b", "c"]\nrhs = { a = "-a + (b - c)/2", b = "-b + (c - a)/2", c = "-c + (a - b)/2" }\n')
    decay = 'check = "run"\nmodel = "decay"\nmethod = "euler"\noptions = { h = "1/2" }\ninitial = { y = 1 }\nsteps = 4\n'
    ring = 'check = "run"\nmodel = "ring"\nmethod = "euler"\noptions = { h = "1/10" }\ninitial = { a = 1, b = 1, c = 1 }\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "column": (decay + 'expect_at_nodes = { y = ["1/2", "1/4", "1/8", "1/16"], "y**2" = ["1/4", "1/16", "1/64", "1/256"] }',),
        "column-wrong": (decay + 'expect_at_nodes = { y = ["1/2", "1/4", "1/9", "1/16"] }',),
        "digits-wrong": (decay + 'digits = 3\nexpect_at_nodes = { y = ["0.500", "0.250", "0.126", "0.062"] }',),
        "closed-form": (decay + 'expect_at_nodes = { y = "exp(-t*log(4))" }',),
        "pole": (decay + 'expect_at_nodes = { "1/(y - 1/4)" = 2 }',),
        "ring": (ring + 'steps = 30\nexpect_at_nodes = { "a - b" = 0, "b - c" = 0 }',),
        "ring-sum": (ring + 'steps = 3\nexpect_at_nodes = { "a + b + c" = ["27/10", "243/100", "2187/1000"] }',),
        "ring-sum-wrong": (ring + 'steps = 3\nexpect_at_nodes = { "a + b + c" = ["27/10", "243/100", "2188/1000"] }',)})).items()}
    for key in ("column", "closed-form", "ring", "ring-sum"):
        assert (outcomes[key].status, outcomes[key].evidence) == ("verified", "exact"), (key, outcomes[key].message)
    assert_refuted(outcomes["column-wrong"], ["y at node 3 (t = 3/2): claimed 1/9, computed 1/8"])
    assert_refuted(outcomes["digits-wrong"], ["y at node 3: claimed 0.126 at 3 decimals, computed 0.125"])
    assert_refuted(outcomes["ring-sum-wrong"], ["a + b + c at node 3 (t = 3/10): claimed 2188/1000 (= 547/250), computed 2187/1000"])
    assert outcomes["pole"].status == "error" and "1/(y - 1/4) at node 2 = zoo cannot be evaluated exactly" in outcomes["pole"].message


def test_a_state_named_like_an_option_is_not_read_as_the_option_at_the_nodes(check_claims):
    """Review of 2026-12-06: a model with a state h run with Euler's option h = 1/4 (the state: 1, 15/16, 13/16): the
    compiled reading of the node table put the option's value in for the state on both paths, and the false claim
    h = 1/4 at every node was verified (the general reading's paths disagreed: an error that did not say why).  An
    expectation that names such a state is refused when the claim is read, and says why."""
    head = '[model.hstate]\nstates = ["h", "v"]\nrhs = { h = "v", v = "-h" }\n'
    body = 'check = "run"\nmodel = "hstate"\nmethod = "euler"\noptions = { h = "1/4" }\ninitial = { h = 1, v = 0 }\nsteps = 3\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "false": (body + 'expect_at_nodes = { h = "1/4" }',), "true": (body + 'expect_at_nodes = { h = ["1", "15/16", "13/16"] }',)})).items()}
    for key in ("false", "true"):
        assert outcomes[key].status == "error", (key, outcomes[key].message)
        assert "h names both a state of the model and an option, value or quantity of the method: rename the state" in outcomes[key].message


def test_a_state_named_like_a_quantity_of_the_method_is_refused_where_a_claim_reads_it(check_claims):
    """An external review of 2026-12-07: a one-state model whose state is named error_estimate, under Heun-Euler
    with h = 1/2 from 1: the state is 5/8 and the method's error estimate |5/8 - 1/2| = 1/8 (computed here), and the
    true claim error_estimate = 1/8 was refuted against the state's 5/8.  A state k2 beside RK4's stage vector k2,
    traced, was "internal error TypeError"; a state k1_y (the first stage's y component) was read as the state.  Each
    is refused when the claim is read; a state whose name only begins like a quantity's (error) is not."""
    state = Fraction(1) + Fraction(1, 2) * (Fraction(-1) + Fraction(-1) * (1 + Fraction(1, 2) * -1)) / 2  # Heun's step
    assert state == Fraction(5, 8) and abs(state - (1 + Fraction(1, 2) * -1)) == Fraction(1, 8)
    head = ('[model.e]\nstates = ["error_estimate"]\nrhs = { error_estimate = "-error_estimate" }\n'
            '[model.m]\nstates = ["y", "k2"]\nrhs = { y = "-y", k2 = "y" }\n'
            '[model.ky]\nstates = ["y", "k1_y"]\nrhs = { y = "-y", k1_y = "y" }\n'
            '[model.err]\nstates = ["error", "y"]\nrhs = { error = "-error", y = "y" }\n'
            '[model.ee]\nstates = ["error", "estimate"]\nrhs = { error = "-error", estimate = "estimate" }\n')
    run = 'check = "run"\noptions = { h = "1/2" }\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "estimate": (run + 'model = "e"\nmethod = "heun-euler-21"\ninitial = { error_estimate = 1 }\nexpect = { error_estimate = "1/8" }',),
        "stage-vector": (run + 'model = "m"\nmethod = "rk4"\ninitial = { y = 1, k2 = 0 }\ntrace = { k2 = ["151/384"] }',),
        "stage-component": (run + 'model = "ky"\nmethod = "rk4"\ninitial = { y = 1, k1_y = 0 }\nexpect = { k1_y = "-1" }',),
        "prefix-only": (run + 'model = "err"\nmethod = "heun-euler-21"\ninitial = { error = 1, y = 1 }\nexpect = { error = "5/8" }',),
        "stem-of-the-max": (run + 'model = "ee"\nmethod = "heun-euler-21"\ninitial = { error = 1, estimate = 1 }\nexpect = { error = "5/8" }',),
        "prefix-only-wrong": (run + 'model = "err"\nmethod = "heun-euler-21"\ninitial = { error = 1, y = 1 }\nexpect = { error = "5/9" }',)})).items()}
    for key, name in (("estimate", "error_estimate"), ("stage-vector", "k2"), ("stage-component", "k1_y")):
        assert outcomes[key].status == "error", (key, outcomes[key].message)
        assert f"{name} names both a state of the model and an option, value or quantity of the method: rename the state" in outcomes[key].message
    for key in ("prefix-only", "stem-of-the-max"):  # error_estimate (the max) ends in _estimate, a state: no vector "error"
        assert (outcomes[key].status, outcomes[key].evidence) == ("verified", "exact"), outcomes[key].message
    assert_refuted(outcomes["prefix-only-wrong"], ["claimed 5/9", "computed 5/8"])


def test_a_quantity_that_is_0_over_0_at_a_node_is_a_plain_error(check_claims):
    """Review of 2026-12-06: x/(t - 1/2) where x = 1/2 - t (x' = -1 from 1/2, Euler h = 1/4) is 0/0 at t = 1/2; sympy
    reads it as nan, which was handed on and made the twin divide by zero: "internal error ZeroDivisionError"."""
    head = '[model.lin]\nstates = ["x", "y"]\nrhs = { x = "-1", y = "2*x" }\n'
    body = 'check = "run"\nmodel = "lin"\nmethod = "euler"\noptions = { h = "1/4" }\ninitial = { x = "1/2", y = 0 }\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "nodes": (body + 'steps = 3\nexpect_at_nodes = { "x/(t - 1/2)" = ["-1", "-1", "-1"] }',),
        "final": (body + 'steps = 2\nexpect = { "x/(t - 1/2)" = "-1" }',),
        "relation": (body + 'steps = 2\nexpect_relations = { "x/(t - 1/2)" = "< 0" }',)})).items()}
    for key, outcome in outcomes.items():
        assert outcome.status == "error" and "internal error" not in outcome.message and "nan" in outcome.message, (key, outcome.message)


def test_last_review_a_state_named_like_a_method_value_and_a_pole_on_the_certified_route(check_claims):
    """Review of 2026-12-06: (1) frozen-slow Euler names the microstep h = H/m, and on a model with a state h that value
    was read for the state: the false forall claim h = H/m was verified (true: h_N = H^2 N(N - 1)/2 on x' = 1, h' = x
    from 0); such an expectation is refused when the claim is read.  (2) On the certified route (y' = sin(y) beside
    x' = -1) a quantity with a pole where it is read, x/(t - 1/2) at t = 1/2 or 1/x at x = 0, was an internal error
    (an enclosure end not finite); it is a one-line error."""
    head = ('[model.ramph]\nstates = ["x", "h"]\nrhs = { x = "1", h = "x" }\nblocks = { slow = ["x"], fast = ["h"] }\n'
            '[model.sinlin]\nstates = ["x", "y"]\nrhs = { x = "-1", y = "sin(y)" }\n')
    forall = ('check = "forall"\nmodel = "ramph"\ndomains = { T = "positive", N = "integer >= 1", m = "integer >= 1" }\n'
              'method = "frozen-slow-euler"\noptions = { H = "T/N", m = "m" }\ninitial = { x = 0, h = 0 }\nsteps = "N"\n')
    certified = 'check = "run"\nmodel = "sinlin"\nmethod = "euler"\noptions = { h = "1/4" }\ninitial = { x = "1/2", y = 1 }\nsteps = 2\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "false-h": (forall + 'holds = { h = "H/m" }',),
        "pole-final": (certified + 'expect = { "x/(t - 1/2)" = "-1" }',),
        "pole-relation": (certified + 'expect_relations = { "1/x" = "> 0" }',)})).items()}
    assert outcomes["false-h"].status == "error" and "h names both a state of the model and an option, value or quantity of the method" \
        in outcomes["false-h"].message, outcomes["false-h"].message
    for key in ("pole-final", "pole-relation"):
        assert outcomes[key].status == "error" and "its enclosure is not finite" in outcomes[key].message, (key, outcomes[key].message)


def test_prime_factors_by_trial_division_and_none_where_a_large_prime_may_hide():
    assert rational.prime_factors(1) == {} and rational.prime_factors(1000) == {2: 3, 5: 3}
    assert rational.prime_factors(2**16 * 65537) == {2: 16, 65537: 1}  # the cofactor below the bound squared: a prime
    assert rational.prime_factors(65519 * 65521) == {65519: 1, 65521: 1}
    assert rational.prime_factors(2**61 - 1) is None and rational.prime_factors(65537 * 65539) is None



@given(st.integers(-10**60, 10**60), st.dictionaries(st.sampled_from([2, 3, 5, 7, 65521]), st.integers(0, 40), max_size=4),
       st.sampled_from([1, 2**30, 3**11 * 5, 7**20, 65521**3]))
def test_reduction_by_known_primes_is_the_fraction_in_lowest_terms(numerator, exponents, common):
    denominator = 1
    for p, e in exponents.items():
        denominator *= p**e
    numerator *= common
    value = rational.reduced_by_primes(numerator, denominator, exponents)
    expected = Fraction(numerator, denominator)
    assert (value.numerator, value.denominator) == (expected.numerator, expected.denominator)


@pytest.mark.parametrize("h, start", [("1/1000", Fraction(1)), ("3/14", Fraction(5, 12)), ("1/65537", Fraction(2, 65539)),
                                      ("1/4294967311", Fraction(1, 3))])
def test_every_node_of_the_gcd_free_iteration_is_the_fraction_loop_in_lowest_terms(h, start):
    """The node route reduces each iterate u_n / (D0 d^n) by the primes of d and D0 (no gcd of the two big numbers);
    where d has a prime factor beyond trial division (4294967311 = 2^32 + 15 is prime) it takes the gcd.  Either
    way each value is the exact fraction, in lowest terms (compared numerator and denominator, as sympy compares)."""
    model = model_from_table("pair", {"states": ["p", "q"], "rhs": {"p": "-3*p + q/7", "q": "p/5 - q + 2"}}, "test")
    step = Fraction(h)
    result = run(METHODS["heun"], ExactSystem(model, {}), {"h": sympy.Rational(h)}, 0, [sympy.Rational(start.numerator, start.denominator), sympy.Integer(1)],
                 40, keep=False, nodes=True)
    assert result.route == "affine iteration"
    p, q = start, Fraction(1)

    def f(p, q):
        return -3 * p + q / 7, p / 5 - q + 2
    for n in range(40):
        k1 = f(p, q)
        k2 = f(p + step * k1[0], q + step * k1[1])
        p, q = p + step * (k1[0] + k2[0]) / 2, q + step * (k1[1] + k2[1]) / 2
        got = result.nodes[n][1]
        assert [(int(v.numerator), int(v.denominator)) for v in got] == [(p.numerator, p.denominator), (q.numerator, q.denominator)]


def test_an_affine_run_at_every_node_stops_when_its_table_of_exact_values_grows_too_large(monkeypatch):
    """Each node's values stay under the size guard while the table of all nodes can grow as N^2: Euler with h = 1/3
    over 10^6 steps of y' = -y built nodes into the 4 GiB memory limit for 15 s; now the table's bits are counted as
    the nodes come and the run stops past MAX_NODE_TABLE_BITS.  Counted, not bounded beforehand: 30,000 nodes at the
    equilibrium 1/3 of y' = -y + 1/3 are a small table (a bound from the map refused it: a review of 2026-12-07)."""
    from verify.engines.methods import base
    from verify.errors import ExactSizeError

    model = model_from_table("decay", {"states": ["y"], "rhs": {"y": "-y"}}, "test")
    h = sympy.Rational(1, 3)
    result = run(METHODS["euler"], ExactSystem(model, {}), {"h": h}, 0, [sympy.Integer(1)], 300, keep=False, nodes=True)
    assert [Fraction(int(v.numerator), int(v.denominator)) for _, (v,) in result.nodes] == [Fraction(2, 3) ** k for k in range(1, 301)]
    monkeypatch.setattr(base, "MAX_NODE_TABLE_BITS", 100_000)
    # 3,000 nodes of 1/3 hold 12,000 bits; the bound from the map B = [[6, 1], [0, 9]] (7 bits a step) was 31.5 million
    relax = model_from_table("relax", {"states": ["y"], "rhs": {"y": "-y + 1/3"}}, "test")
    still = run(METHODS["euler"], ExactSystem(relax, {}), {"h": h}, 0, [sympy.Rational(1, 3)], 3_000, keep=False, nodes=True)
    assert len(still.nodes) == 3_000 and all(v == gmpy2.mpq(1, 3) for _, (v,) in still.nodes)
    # node k of the decay holds (2/3)^k: about 2.58 k bits, 116,000 in all over 300 nodes
    with pytest.raises(ExactSizeError, match="of 300 nodes hold more than 1e\\+05 bits in all"):
        run(METHODS["euler"], ExactSystem(model, {}), {"h": h}, 0, [sympy.Integer(1)], 300, keep=False, nodes=True)
    with pytest.raises(ExactSizeError, match="nodes hold more than"):  # the same with t carried (y' = -y + t: _affine_continuation)
        run(METHODS["euler"], ExactSystem(model_from_table("ramp", {"states": ["y"], "rhs": {"y": "-y + t"}}, "test"), {}), {"h": h}, 0,
            [sympy.Integer(1)], 300, keep=False, nodes=True)


def test_a_co_simulation_reading_its_deficits_has_its_affine_power_size_guarded(check_claims, monkeypatch):
    """The power that carries a co-simulation's balance deficits after the state (base._accumulated_power) had no size
    guard: 10^6 macro steps of the oscillator built 3.8 million bits in 117 s and 2.6 GB.  With the guard's limit
    lowered, the bundled 1,000-step claim is refused by it (a plain size error: its map carries the deficits, not a
    map the certified route's power reads)."""
    from pathlib import Path

    from verify.engines.methods import base

    models = (Path(__file__).resolve().parent.parent / "models" / "cosimulation.toml").read_text(encoding="utf-8")
    claim = """
        check = "run"
        model = "oscillator"
        method = "cosimulation"
        options = { H = "1/10", balance = "mass.F" }
        initial = { s = 1, v = 0 }
        steps = 1000
        expect_relations = { "abs(deficit_mass_F)" = "< 1/10" }
        """
    assert check_claims(claims_text(models, {"balanced": (claim,)}))["balanced"].outcome.status == "verified"
    monkeypatch.setattr(base, "MAX_EXACT_BITS", 4_000)  # (its values reach 7,647 bits)
    outcome = check_claims(claims_text(models, {"balanced": (claim,)}))["balanced"].outcome
    assert outcome.status == "error" and "exact values could reach" in outcome.message and "in 1000 steps (limit 4,000)" in outcome.message, outcome.message


STIFF_THIRD = """
[model.stiff_third]
states = ["y"]
rhs = { y = "-100*y + 100/3" }
"""


def test_a_node_table_or_trace_of_a_run_that_magnifies_rounding_is_cross_checked_at_the_digits_it_needs(check_claims):
    """Euler and RK4 with h = 1/10 on y' = -100 y + 100/3 from the equilibrium 1/3 (|R| = 9 and 291 per step) stay at 1/3
    exactly; the twin stepped at 50 digits ran away from it (-9.3e902 after 1,000 Euler steps), so a true node table or
    trace was an error while the same claim on the final value verified (a review of 2026-12-07).  The twin now runs
    again at as many digits as two of its own runs show the rounding grew (twins.solve_finer), and says so; the wrong
    versions are refuted, not errors, so the finer twin agrees with the exact values there too."""
    run = """
        check = "run"
        model = "stiff_third"
        method = "{method}"
        options = {{ h = "1/10" }}
        initial = {{ y = "{y0}" }}
        steps = {steps}
        {expect}
        """
    third = ", ".join(['"1/3"'] * 30)
    wrong = ", ".join(['"1/3"'] * 29 + ['"0.3333333333"'])
    results = check_claims(claims_text(STIFF_THIRD, {
        "euler-nodes": (run.format(method="euler", y0="1/3", steps=200, expect='expect_at_nodes = { y = "1/3" }'),),
        "euler-nodes-off": (run.format(method="euler", y0="1/3 + 1/10**40", steps=200, expect='expect_at_nodes = { y = "1/3" }'),),
        "rk4-trace": (run.format(method="rk4", y0="1/3", steps=30, expect=f"trace = {{ y = [{third}] }}"),),
        "rk4-trace-wrong": (run.format(method="rk4", y0="1/3", steps=30, expect=f"trace = {{ y = [{wrong}] }}"),),
    }))
    for name in ("euler-nodes", "rk4-trace"):
        outcome = results[name].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "exact"), outcome.message
        assert "-digit cross-check agrees (the run magnifies rounding: at 50 digits the cross-check did not resolve it)" in outcome.message
    assert_refuted(results["euler-nodes-off"].outcome, ["y at node 1 (t = 1/10): claimed 1/3, computed 0.333333333333 (exact rational"])
    assert_refuted(results["rk4-trace-wrong"].outcome, ["trace y: value 30 claimed 0.3333333333 (= 3333333333/10000000000), computed 1/3"])


UNSTABLE_THIRD = """
[model.cubic]
states = ["y"]
rhs = { y = "(7*y - 7/3) + (7*y - 7/3)**3" }

[model.quadratic]
states = ["y"]
rhs = { y = "(7*y - 7/3) + 10*(7*y - 7/3)**2" }
"""  # 1/3 an unstable equilibrium of both; 7 mp(1/3) - mp(7/3) is not 0 at 50 digits, so the twin starts off it


def test_an_implicit_run_off_an_unstable_equilibrium_is_cross_checked_at_the_digits_it_needs(check_claims, monkeypatch):
    """The trapezoid rule with h = 1/7 (|R| = 3) stays at the equilibrium 1/3 exactly.  The 50-digit twin starts 10^-51
    off it (7 mp(1/3) - mp(7/3)) and runs away: on the cubic its Newton lost the branch (the twin failed, so solve_finer
    was never reached), on the quadratic it settled at the other equilibrium 0.319 while runs at 114 and 124 digits
    agreed on that, both stopping at Newton's default tolerance 10^-40 (a check of 2026-12-07).  A failed twin now runs again at 100 digits and more, and a finer twin's Newton tolerance follows its
    digits; the wrong version is refuted; a finer run that fails too says so."""
    from verify.engines import twins as twin_module

    run = ('check = "run"\nmodel = "{model}"\nmethod = "{method}"\noptions = {{ h = "{h}" }}\ninitial = {{ y = "1/3" }}\n'
           'steps = {steps}\n{expect}')
    results = check_claims(claims_text(UNSTABLE_THIRD, {
        "cubic-nodes": (run.format(model="cubic", method="trapezoid", h="1/7", steps=100, expect='expect_at_nodes = { y = "1/3" }'),),
        "quadratic-final-wrong": (run.format(model="quadratic", method="trapezoid", h="1/7", steps=100,
                                             expect='expect = { y = "0.3333333333" }'),),  # refuted: the twin agrees with 1/3
    }))
    outcome = results["cubic-nodes"].outcome
    assert (outcome.status, outcome.evidence) == ("verified", "exact"), outcome.message
    assert "-digit cross-check agrees (the run magnifies rounding: at 50 digits the cross-check did not resolve it)" in outcome.message
    assert_refuted(results["quadratic-final-wrong"].outcome, ["y: claimed 0.3333333333 (= 3333333333/10000000000), computed 1/3"])
    monkeypatch.setattr(twin_module, "MAX_FINER_DIGITS", twin_module.DIGITS + 5)  # 3^100 needs about 50 digits more
    capped = {"capped": (run.format(model="cubic", method="trapezoid", h="1/7", steps=100, expect='expect = { y = "1/3" }'),)}
    outcome = check_claims(claims_text(UNSTABLE_THIRD, capped))["capped"].outcome
    assert outcome.status == "error" and outcome.message.count("the mpmath path failed") == 1, outcome.message
    assert "it failed at 55 digits too (" in outcome.message, outcome.message


def test_a_twin_that_cannot_be_taken_finer_says_why_in_the_disagreement(check_claims, monkeypatch):
    """Where the twin's runs at more digits cannot resolve a run's magnified rounding (past their most digits, or past
    their time), the claim stays an error, and the message says so after the first few disagreements instead of
    listing every node (5,000 Euler nodes from 1/3: 10,000 characters that never said why; a review of 2026-12-07)."""
    from verify.engines import twins as twin_module

    run = ('check = "run"\nmodel = "stiff_third"\nmethod = "euler"\noptions = { h = "1/10" }\ninitial = { y = "1/3" }\nsteps = 200\n'
           'expect_at_nodes = { y = "1/3" }')
    monkeypatch.setattr(twin_module, "MAX_FINER_DIGITS", twin_module.DIGITS + 100)  # 9^200 needs about 191 more digits
    outcome = check_claims(claims_text(STIFF_THIRD, {"capped": (run,)}))["capped"].outcome
    assert outcome.status == "error" and "... (" in outcome.message and len(outcome.message) < 1500, outcome.message
    assert "differ by more than 10^0 relative to the values: the run magnifies its rounding past what the cross-check resolves (at most 150 digits" in outcome.message
    monkeypatch.setattr(twin_module, "FINER_TWIN_SECONDS", 0)
    outcome = check_claims(claims_text(STIFF_THIRD, {"no-time": (run,)}))["no-time"].outcome
    assert outcome.status == "error" and "a finer one does not fit the 0 s the cross-check gives" in outcome.message, outcome.message
