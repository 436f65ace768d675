"""Co-simulation (source 004): models, the master algorithms by hand, claim kinds, bad input, pictures (the wrong versions
of every co-simulation claim kind are tests/claims/wrong/cosimulation.toml)."""
from __future__ import annotations

from fractions import Fraction as F

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import assert_refuted, claims_text
from verify.engines import crosscheck
from verify.input.expr import ExprError
from verify.engines.methods import METHODS, ExactSystem, run
from verify.engines.methods.base import MethodError
from verify.input.model import model_from_table, symbol
from verify.engines import twins

R = sympy.Rational

OSCILLATOR = """
[model.oscillator]
parameters = { m = 1, c = 1 }
functionals = { energy = "m*v**2/2 + c*s**2/2" }
[model.oscillator.subsystems.spring]
states = ["s"]
inputs = ["v"]
rhs = { s = "v" }
outputs = { F = "-c*s" }
power = "c*s*v"
power_input = "v"
[model.oscillator.subsystems.mass]
states = ["v"]
inputs = ["F"]
rhs = { v = "F/m" }
outputs = { v = "v" }
power = "F*v"
power_input = "F"
[model.oscillator.connections]
"spring.v" = "mass.v"
"mass.F" = "spring.F"

[model.mutual]
parameters = { a12 = 1, a21 = -2 }
solution = { x1 = "x10*cos(sqrt(2)*t) + x20*sin(sqrt(2)*t)/sqrt(2)", x2 = "x20*cos(sqrt(2)*t) - sqrt(2)*x10*sin(sqrt(2)*t)" }
[model.mutual.subsystems.S1]
states = ["x1"]
inputs = ["u"]
rhs = { x1 = "a12*u" }
outputs = { y = "x1" }
[model.mutual.subsystems.S2]
states = ["x2"]
inputs = ["u"]
rhs = { x2 = "a21*u" }
outputs = { y = "x2" }
[model.mutual.connections]
"S1.u" = "S2.y"
"S2.u" = "S1.y"

[model.unidirectional]
parameters = { a11 = -1, a12 = 0, a21 = 1, a22 = -2 }
solution = { x1 = "x10*exp(-t)", x2 = "(x20 - x10)*exp(-2*t) + x10*exp(-t)" }
[model.unidirectional.subsystems.S1]
states = ["x1"]
inputs = ["u"]
rhs = { x1 = "a11*x1 + a12*u" }
outputs = { y = "x1" }
[model.unidirectional.subsystems.S2]
states = ["x2"]
inputs = ["u"]
rhs = { x2 = "a21*u + a22*x2" }
outputs = { y = "x2" }
[model.unidirectional.connections]
"S1.u" = "S2.y"
"S2.u" = "S1.y"
"""


def oscillator():
    import tomllib

    return model_from_table("oscillator", tomllib.loads(OSCILLATOR)["model"]["oscillator"], "test")


def cosim(options: dict, y0, steps: int, keep=True):
    model = oscillator()
    method = METHODS["cosimulation"]
    options = {k: (sympy.sympify(v) if not isinstance(v, str) else v) for k, v in options.items()}
    method.validate(model, options)
    return run(method, ExactSystem(model, model.parameters), options, 0, [R(v) for v in y0], steps, keep=keep)


# --- the model ---------------------------------------------------------------------------------


def test_the_monolithic_model_replaces_inputs_by_connected_outputs():
    model = oscillator()
    s, v, c, m = sympy.symbols("s v c m", real=True)
    assert model.states == ["s", "v"]
    assert model.rhs == {"s": v, "v": -c * s / m}
    assert model.blocks == {"spring": ["s"], "mass": ["v"]}


# --- the master algorithms, computed by hand ---------------------------------------------------


def test_jacobi_constant_is_explicit_euler_on_the_oscillator():
    # s+ = s + H v, v+ = v - H c s / m, both from the values at T.
    result = cosim({"H": R(1, 10)}, [1, R(1, 2)], 1)
    assert [R(x) for x in result.y] == [1 + R(1, 20), R(1, 2) - R(1, 10)]


def test_gauss_seidel_constant_uses_the_new_force():
    # spring first: s+ = s + H v; then the mass with F = -c s+: v+ = v - H c s+ / m.
    result = cosim({"H": R(1, 10), "scheme": "gauss-seidel"}, [1, R(1, 2)], 1)
    s1 = 1 + R(1, 20)
    assert [R(x) for x in result.y] == [s1, R(1, 2) - s1 / 10]


def test_linear_extrapolation_first_step_is_constant_then_uses_the_slope():
    # step 1 (first-step rule): (1, -1/10).  Step 2: spring input v(tau) = -1/10 - tau (slope (-1/10 - 0)/H),
    # s2 = 1 - H/10 - H^2/2 = 197/200; mass input F = -1 both times, so v2 = -1/10 - 1/10.
    result = cosim({"H": R(1, 10), "extrapolation": 1}, [1, 0], 2)
    assert [R(x) for x in result.y] == [R(197, 200), R(-1, 5)]


def test_hermite_extrapolation_uses_the_exchanged_derivatives():
    # spring input v(tau) = v + (F/m) tau, mass input F(tau) = -c s - c v tau (d/dt of -c s along the spring):
    # s+ = s + H v - c H^2 s/(2m) = 209/200, v+ = v - H c s/m - c H^2 v/(2m) = 159/400 (no memory, no first-step rule).
    result = cosim({"H": R(1, 10), "extrapolation": 1, "slope": "derivative"}, [1, R(1, 2)], 1)
    assert [R(x) for x in result.y] == [R(209, 200), R(159, 400)]
    assert result.recorder.trace("d/dt spring.v") == [-1]


def test_balance_correction_refeeds_the_extrapolation_error():
    # e_k = int (F - F(T_{k-1})) = -c v_{k-1} H^2 / 2 (the spring's s moves by v_{k-1} tau).
    # With correction the deficit after two steps is e_2 alone; without it e_1 + e_2.
    corrected = cosim({"H": R(1, 10), "balance": "mass.F"}, [1, R(1, 2)], 2)
    plain = cosim({"H": R(1, 10)}, [1, R(1, 2)], 2)
    e1 = -R(1, 2) / 200
    e2 = -(R(1, 2) - R(1, 10)) / 200
    assert R(corrected.recorder.latest["deficit_mass_F"]) == e2
    assert R(plain.recorder.latest["deficit_mass_F"]) == e1 + e2


@pytest.mark.parametrize("options", [{"H": R(1, 10), "balance": "mass.F"}, {"H": R(1, 10)},
                                     {"H": R(1, 8), "extrapolation": 1, "balance": "mass.F", "m": 2},
                                     {"H": R(1, 10), "scheme": "gauss-seidel", "extrapolation": 1}])
def test_a_run_that_reads_balance_deficits_takes_the_power_and_gives_the_step_loop_s_deficits(options):
    """The deficits accumulate affinely (Method.accumulated_names), so a run that reads only them rides them after
    the memory and takes the affine power: the same state and deficits as the step loop, exactly."""
    model, method = oscillator(), METHODS["cosimulation"]
    options = {k: (sympy.sympify(v) if not isinstance(v, str) else v) for k, v in options.items()}
    system = ExactSystem(model, model.parameters)
    read = frozenset({"deficit_mass_F", "deficit_spring_v"})
    powered = run(method, system, options, 0, [R(1), R(1, 2)], 60, keep=False, quantities=read)
    loop = run(method, system, options, 0, [R(1), R(1, 2)], 60, keep=True)
    assert powered.route == "affine power" and loop.route == "step loop"
    assert [R(v) for v in powered.y] == [R(v) for v in loop.y]
    for name in read:
        assert R(powered.recorder.latest[name]) == R(loop.recorder.latest[name]) != 0
    assert dict(powered.recorder.counts) == dict(loop.recorder.counts)


def test_a_quantity_that_does_not_accumulate_affinely_keeps_the_step_loop(monkeypatch):
    """A step whose 'accumulated' quantity grows by a square is caught by the extra step at the start: no power."""
    from verify.engines.methods import base

    model, method = oscillator(), METHODS["cosimulation"]
    real_step = type(method).step

    def squared(self, system, t, y, options, recorder):
        new = real_step(self, system, t, y, options, recorder)
        recorder.latest["deficit_mass_F"] = recorder.latest["deficit_mass_F"] + y[0] * y[0]
        return new

    monkeypatch.setattr(type(method), "step", squared)
    system = ExactSystem(model, model.parameters)
    options = {"H": R(1, 10)}
    exact = method.exact_options(options)
    assert base._accumulated_power(method, system, exact, R(0), [R(1), R(1, 2)], 5, ("deficit_mass_F", "deficit_spring_v")) is None
    result = run(method, system, options, 0, [R(1), R(1, 2)], 5, keep=False, quantities=frozenset({"deficit_mass_F"}))
    assert result.route == "step loop"


def test_interface_energy_is_the_energy_gain_under_jacobi():
    result = cosim({"H": R(1, 10)}, [1, 0], 3)
    s, v = (R(x) for x in result.y)
    assert R(result.recorder.latest["interface_energy"]) == (s**2 + v**2 - 1) / 2


def test_power_exchange_balances_the_interface_energy_exactly():
    result = cosim({"H": R(1, 10), "exchange": "power"}, [1, R(1, 2)], 3)
    assert result.recorder.latest["interface_energy"] == 0
    assert result.recorder.latest["fallbacks"] == 0


def test_power_exchange_falls_back_to_the_standard_input_near_a_zero_denominator():
    # From v = 0 the mass's power F v cannot be solved for F: the first evaluations fall back.
    near_zero = cosim({"H": R(1, 10), "exchange": "power"}, [1, 0], 1)
    assert near_zero.recorder.latest["fallbacks"] > 0
    # A threshold above every denominator falls back everywhere: the standard Jacobi exchange, exactly.
    everywhere = cosim({"H": R(1, 10), "exchange": "power", "threshold": 1000}, [1, R(1, 2)], 3)
    standard = cosim({"H": R(1, 10)}, [1, R(1, 2)], 3)
    assert everywhere.y == standard.y


def test_rk4_is_exact_for_an_integrator_with_polynomial_inputs():
    one = cosim({"H": R(1, 10), "extrapolation": 1}, [1, R(1, 2)], 4, keep=False)
    many = cosim({"H": R(1, 10), "extrapolation": 1, "microsteps": 7}, [1, R(1, 2)], 4, keep=False)
    assert one.y == many.y


@pytest.mark.parametrize("options, message", [
    ({"H": 1, "extrapolation": 2}, "extrapolation must be 0"),
    ({"H": 1, "balance": "mass.G"}, "option balance must be one of"),
    ({"H": 1, "exchange": "power", "scheme": "gauss-seidel"}, "Jacobi exchange"),
    ({"H": 1, "solver": "rk5"}, "option solver must be one of"),
    ({"H": 1, "slope": "derivative"}, "slope applies to linear extrapolation"),
    ({"H": 0}, "positive rational number"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(MethodError, match=re.escape(message)):
        METHODS["cosimulation"].validate(oscillator(), {k: (sympy.sympify(v) if not isinstance(v, str) else v) for k, v in options.items()})


# --- bad co-simulation models --------------------------------------------------------------------


@pytest.mark.parametrize("edit, message", [
    (lambda t: t["connections"].pop("mass.F"), "input(s) mass.F are not connected"),
    (lambda t: t["connections"].update({"mass.F": "spring.G"}), "spring has no output 'G'"),
    (lambda t: t["subsystems"]["spring"]["outputs"].update({"F": "-c*v"}), "not its inputs"),
    (lambda t: t["subsystems"]["spring"].update({"power": "c*s*v**2"}), "power must be affine in v"),
    (lambda t: t["subsystems"]["mass"].update({"states": ["s"], "rhs": {"s": "F"}, "outputs": {"v": "s"}, "power": "F*s"}), "appear in two subsystems"),
    (lambda t: t["subsystems"]["mass"]["rhs"].update({"v": "__import__('os')"}), "mass"),
])
def test_bad_models_give_one_line_errors(edit, message):
    import tomllib

    table = tomllib.loads(OSCILLATOR)["model"]["oscillator"]
    edit(table)
    with pytest.raises(ExprError, match=re.escape(message)):
        model_from_table("oscillator", table, "test")


def test_a_bad_cosimulation_model_does_not_stop_the_run(check_claims):
    text = OSCILLATOR.replace('"mass.F" = "spring.F"', '"mass.F" = "spring.Q"') + """
[[claim]]
id = "uses-bad-model"
statement = "x"
check = "identity"
model = "oscillator"
expr = "1"
equals = "1"

[[claim]]
id = "other"
statement = "x"
check = "relation"
lhs = "1"
op = "<"
rhs = "2"
"""
    results = check_claims(text)
    assert results["uses-bad-model"].outcome.status == "error"
    assert "spring has no output 'Q'" in results["uses-bad-model"].outcome.message
    assert "\n" not in results["uses-bad-model"].outcome.message
    assert results["other"].outcome.status == "verified"


# --- claim kinds (their wrong versions, refuted with claimed vs computed: tests/claims/wrong/cosimulation.toml) ---

ENERGY = 'check = "energy"\nmodel = "oscillator"\nmethod = "cosimulation"\ninitial = { s = 1, v = 0 }\n'
STABILITY = 'check = "stability"\nmodel = "oscillator"\nmethod = "cosimulation"\n'
ORDER = 'check = "order"\nmethod = "cosimulation"\nstep = "H"\ninitial = { x1 = 1, x2 = 0 }\nt_end = 1\nsteps = [10, 20, 40, 80]\n'


def test_energy_evidence_says_how_it_was_computed(check_claims):
    results = check_claims(claims_text(OSCILLATOR, {
        "affine": (ENERGY + 'options = { H = "1/10" }\nsteps = 50\nexpect = { final_ratio = "> 1" }',),
        "nonlinear": (ENERGY + 'options = { H = "1/10", exchange = "power", extrapolation = 1, threshold = "1/10" }\nsteps = 1257\nexpect = { final_ratio = "> 1" }',),
    }))
    assert (results["affine"].outcome.status, results["affine"].outcome.evidence) == ("verified", "exact")
    assert (results["nonlinear"].outcome.status, results["nonlinear"].outcome.evidence) == ("verified", "numerical")


def test_an_affine_run_too_large_for_exact_values_is_certified_in_balls_and_the_enclosures_hold_the_exact_ratios(check_claims, monkeypatch):
    """With the exact route's size budget lowered to nothing, a 60-step affine run (Jacobi, H = 1/10) goes to the ball
    route: every ratio's enclosure must contain the exact ratio (computed here on the exact route), the verdict is
    certified, and a bound moved past the exact final ratio (changed in its last shown digit) is refuted."""
    from verify.checks import energy
    from verify.engines import rational

    model = oscillator()
    system = ExactSystem(model, model.parameters)
    options = {"H": R(1, 10)}
    functional = model.functionals["energy"].xreplace({symbol(k): sympy.sympify(v) for k, v in model.parameters.items()})
    method = METHODS["cosimulation"]
    _, exact, _ = energy._ratios_exact(type("C", (), {"model": model})(), method, options, system, R(0), [R(1), R(0)], 60, functional)
    monkeypatch.setattr(energy, "EXACT_BITS_BUDGET", 0)
    run_twin = energy._ratios_mp(type("C", (), {"model": model})(), method, options, system, R(0), [R(1), R(0)], 60, functional)
    expect = {"final_ratio": (">", R(1), "1")}
    balls = energy._ratios_certified(type("C", (), {"model": model})(), method, options, system, R(0), [R(1), R(0)], 60,
                                     functional, expect, run_twin[1], energy._affine_step(method, options, system, R(0), [R(1), R(0)]))
    assert balls is not None and balls.holds == {"final_ratio": True} and balls.bits == 128
    final = exact[-1]
    with crosscheck.mpmath.workdps(50):
        assert all(abs(crosscheck.to_mp(e) - m) < crosscheck.mpmath.mpf(10) ** -30 for e, m in zip(exact, balls.midpoints))
    shown = balls.shown["final_ratio"]
    assert abs(float(shown) - float(final)) < 1e-7 * float(final), (shown, float(final))
    below = sympy.Rational(shown) * (1 - sympy.Rational(1, 10**7))  # just under the exact final ratio
    results = check_claims(claims_text(OSCILLATOR, {
        "holds": (ENERGY + f'options = {{ H = "1/10" }}\nsteps = 60\nexpect = {{ final_ratio = "> {below}" }}',),
        "wrong": (ENERGY + f'options = {{ H = "1/10" }}\nsteps = 60\nexpect = {{ final_ratio = "< {below}" }}',),
    }))
    holds, wrong = results["holds"].outcome, results["wrong"].outcome
    assert (holds.status, holds.evidence) == ("verified", "certified"), holds.message
    assert "ran in python-flint arb balls at 128 bits" in holds.message
    assert (wrong.status, wrong.evidence) == ("refuted", "certified") and f"claimed < {below}, computed {shown}" in wrong.message, wrong.message


def test_a_ratio_close_to_its_bound_is_shown_with_the_digits_that_tell_them_apart(check_claims):
    """Ten Jacobi steps of H = 1/10 multiply E by exactly 1.01^10 = 1.1046221254112045 (the factor 1 + (c/m) H^2 per
    step, Fraction below).  Against "< 1.10462212" the claim is false, and 8 digits (1.1046221) would read as if it
    held: the message shows digits until the decimal is above the bound too."""
    assert Fraction(101, 100) ** 10 > Fraction("1.10462212")
    results = check_claims(claims_text(OSCILLATOR, {
        "close": (ENERGY + 'options = { H = "1/10" }\nsteps = 10\nexpect = { final_ratio = "< 1.10462212" }',),
        "far": (ENERGY + 'options = { H = "1/10" }\nsteps = 10\nexpect = { final_ratio = "< 2" }',),
    }))
    close, far = results["close"].outcome, results["far"].outcome
    assert close.status == "refuted" and "claimed < 1.10462212, computed 1.1046221254" in close.message, close.message  # two digits past the bound
    assert far.status == "verified" and "final_ratio = 1.1046221 " in far.message + " ", far.message


def test_order_refuses_an_inner_solver_that_is_not_accurate_enough(check_claims):
    results = check_claims(claims_text(OSCILLATOR, {
        "euler-inside": (ORDER + 'model = "unidirectional"\noptions = { H = "1/10", extrapolation = 1, solver = "euler" }\norder = 2',),
    }))
    outcome = results["euler-inside"].outcome
    assert outcome.status == "error"
    assert "not far below the error measured; raise microsteps" in outcome.message


def test_a_spectral_radius_exactly_on_the_bound_is_decided_exactly(check_claims):
    """Gauss-Seidel on the oscillator, H = 1/10: the amplification matrix [[1, H], [-H, 1 - H^2]] has determinant 1
    and trace 2 - H^2 (|trace| < 2), so its eigenvalues are a complex pair with |z|^2 = det = 1: the radius is 1
    exactly.  It was an error ("no certified decision") while moduli were only isolated; the characteristic
    polynomial's complex quadratic factor a z^2 + b z + c gives |z|^2 = c/a exactly."""
    H = F(1, 10)
    a, b, c = 1, -(2 - H**2), 1  # z^2 - trace z + det
    assert b * b - 4 * a * c < 0 and F(c, a) == 1
    body = STABILITY + 'options = { H = "1/10", scheme = "gauss-seidel" }\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(OSCILLATOR, {
        "equal": (body + 'spectral_radius = "== 1"',), "at-most": (body + 'spectral_radius = "<= 1"',),
        "below-wrong": (body + 'spectral_radius = "< 1"',), "above-wrong": (body + 'spectral_radius = "> 1"',),
    })).items()}
    for name in ("equal", "at-most"):  # every modulus exact: evidence exact, not certified (a review of 2026-12-07)
        assert (results[name].status, results[name].evidence) == ("verified", "exact"), results[name].message
        assert "spectral radius equal to 1" in results[name].message and "the largest modulus = 1" in results[name].message
    assert_refuted(results["below-wrong"], ["claimed spectral radius < 1, computed: spectral radius equal to 1",
                                            "every eigenvalue's modulus exact"])
    assert_refuted(results["above-wrong"], ["claimed spectral radius > 1, computed: spectral radius equal to 1"])


def test_a_spectral_radius_within_rounding_of_the_bound_is_not_guessed(check_claims):
    """A modulus that is not exact (a root of the irreducible cubic z^3 - c, c = 1/8 + 1e-120: Euler with h = 1 on
    this cycle gives M = [[0, 1, 0], [0, 0, 1], [c, 0, 0]]) 1e-121 above the bound 1/2 stays an error."""
    body = 'check = "stability"\nmodel = "cubic"\nmethod = "euler"\noptions = { h = 1 }\n'
    model = '[model.cubic]\nstates = ["x", "y", "z"]\nrhs = { x = "y - x", y = "z - y", z = "(1/8 + 10**(-120))*x - z" }\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(model, {"near": (body + 'spectral_radius = "< 1/2"',)})).items()}
    assert results["near"].status == "error" and "within 1e-100 of 1/2: no certified decision" in results["near"].message, results["near"].message


def test_symbolic_runs_do_not_lose_the_memory(check_claims):
    # One balance-corrected step equals the plain step (nothing carried yet), for all H: proved.
    # Two steps carry memory: no closed form, so the claim is sampled instead of proved wrongly.
    body = ('check = "forall"\nmodel = "oscillator"\nmethod = "cosimulation"\ndomains = { H = "positive" }\n'
            'options = { H = "H", balance = "mass.F" }\ninitial = { s = 1, v = 0 }\nsamples = 5\n')
    results = check_claims(claims_text(OSCILLATOR, {
        "one-step": (body + 'steps = 1\nholds = { v = "-H" }',),
        "two-steps": (body + 'steps = 2\nholds = { v = "-2*H" }',),
    }))
    assert (results["one-step"].outcome.status, results["one-step"].outcome.evidence) == ("verified", "symbolic")
    assert results["two-steps"].outcome.evidence == "numerical"


# --- pictures --------------------------------------------------------------------------------------


def test_plots_are_written_next_to_the_report(tmp_path, run_cli):
    pytest.importorskip("matplotlib")
    (tmp_path / "c.toml").write_text(claims_text(OSCILLATOR, {
        "grows": (ENERGY + 'options = { H = "1/10" }\nsteps = 100\nexpect = { final_ratio = "> 1" }\ncompare = { "Gauss-Seidel" = { scheme = "gauss-seidel" } }',),
        "order": (ORDER + 'model = "mutual"\noptions = { H = "1/10" }\norder = 1',),
    }), encoding="utf-8")
    result = run_cli("run", "c.toml", "--plots", "--format", "json", "-o", "out/report.json")
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    figures = {c["id"]: c["figure"] for c in report["claims"]}
    for claim_id in ("grows", "order"):
        svg = (tmp_path / figures[claim_id]).read_text() if not figures[claim_id].startswith("/") else open(figures[claim_id]).read()
        assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert Path(figures["grows"]).parent == Path("out") / "report-plots" and Path(figures["grows"]).name.startswith("grows-")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.toml", "out"]  # nothing loose in the working directory


def test_energy_refuses_a_subsystem_solver_that_decides_the_outcome(check_claims):
    # Recovering the input down to |c s| = 1/100 with one rk4 step per macro step: the seeming blow-up is the
    # inner solver's, and doubling the substeps changes it completely, so the claim gets no verdict.
    results = check_claims(claims_text(OSCILLATOR, {
        "one-substep": (ENERGY + 'options = { H = "1/10", exchange = "power", threshold = "1/100" }\nsteps = 1257\nexpect = { final_ratio = "> 10" }',),
    }))
    outcome = results["one-substep"].outcome
    assert outcome.status == "error"
    assert "the subsystem solver's own error is not far below the effect measured; raise microsteps" in outcome.message


# --- the two paths agree on every combination of options ------------------------------------------

small = st.fractions(min_value=-2, max_value=2, max_denominator=9)


@settings(max_examples=40, deadline=None)
@given(s0=small, v0=small, H=st.fractions(min_value=Fraction(1, 20), max_value=Fraction(1, 2), max_denominator=20),
       scheme=st.sampled_from(["jacobi", "gauss-seidel"]), extrapolation=st.sampled_from([0, 1]), slope=st.sampled_from(["history", "derivative"]),
       balance=st.sampled_from(["none", "mass.F", "all"]), microsteps=st.integers(1, 3), steps=st.integers(1, 4))
def test_mpmath_path_agrees_with_exact_path(s0, v0, H, scheme, extrapolation, slope, balance, microsteps, steps):
    options = {"H": R(H.numerator, H.denominator), "scheme": scheme, "extrapolation": sympy.Integer(extrapolation), "balance": balance,
               "microsteps": sympy.Integer(microsteps)}
    if extrapolation == 1:
        options["slope"] = slope
    model = oscillator()
    METHODS["cosimulation"].validate(model, options)
    system = ExactSystem(model, model.parameters)
    y0 = [R(s0.numerator, s0.denominator), R(v0.numerator, v0.denominator)]
    result = run(METHODS["cosimulation"], system, options, 0, y0, steps, keep=True)
    _, mp_y, mp_trace, mp_counts, *_ = twins.solve(twins.Problem("cosimulation", options, system.rhs, model.state_symbols, 0, y0, steps, blocks=system.blocks, time=symbol("t"), constraints=(), cosimulation=(model, system.substitutions)))
    assert all(crosscheck.agree(R(a), b) for a, b in zip(result.y, mp_y))
    for name in ("interface_energy", "deficit_mass_F", "deficit_spring_v"):
        assert crosscheck.agree(R(result.recorder.latest[name]), mp_trace[name][-1])
    assert dict(result.recorder.counts) == mp_counts


@settings(max_examples=200, deadline=None)
@given(st.lists(st.fractions(min_value=-3, max_value=3, max_denominator=7), min_size=1, max_size=6), st.fractions(min_value=1, max_value=3, max_denominator=5))
def test_schur_cohn_agrees_with_arb_roots(lower, leading):
    # Exact Schur-Cohn decision against the roots of the polynomial isolated by python-flint (fmpq_poly.complex_roots:
    # Arb balls, rigorous, each root once with its multiplicity; another algorithm than Schur-Cohn's).  Instances
    # with a root whose modulus ball meets 1 (on the circle, or not separated from it at 53 bits) are skipped.
    # (Until 2026-12-06 the reference was mpmath.eig of the companion matrix at 50 digits: 2.7 s of the suite for
    # the same 200 instances; these balls take about 0.1 ms each.)
    import flint

    from verify.engines import spectral

    z = sympy.Symbol("z")
    coefficients = [R(leading.numerator, leading.denominator)] + [R(c.numerator, c.denominator) for c in lower]
    polynomial = sympy.Poly(coefficients, z)
    reference = flint.fmpq_poly([flint.fmpq(int(c.p), int(c.q)) for c in reversed(coefficients)])
    moduli = [abs(root) for root, _ in reference.complex_roots()]
    if any(m.overlaps(flint.arb(1)) for m in moduli):
        return
    assert spectral.schur_stable(polynomial) == all(m < 1 for m in moduli)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fractions(min_value=-3, max_value=3, max_denominator=7), min_size=1, max_size=3), st.booleans())
def test_eigenvalue_moduli_from_arb_agree_with_mpmath_eig(lower, squared):
    """crosscheck.eigenvalue_moduli (python-flint's acb_mat.eig, which the stability checks show and compare) against
    mpmath.eig on companion matrices, repeated roots included (the polynomial squared: a defective companion matrix,
    whose eigenvalues both solvers get to about half the digits), to 20 digits."""
    import mpmath

    z = sympy.Symbol("z")
    polynomial = sympy.Poly([1] + [R(c.numerator, c.denominator) for c in lower], z)
    if squared:
        polynomial = polynomial**2
    coefficients = polynomial.all_coeffs()
    n = len(coefficients) - 1
    companion = sympy.zeros(n, n)
    for i in range(n):
        companion[0, i] = -coefficients[i + 1]
        if i + 1 < n:
            companion[i + 1, i] = 1
    moduli, solver = crosscheck.eigenvalue_moduli(companion)
    ours = sorted(moduli)
    assert solver in (crosscheck.ARB_EIG, crosscheck.MPMATH_EIG)
    with mpmath.workdps(50):
        values, _ = mpmath.eig(mpmath.matrix([[crosscheck.to_mp(v) for v in row] for row in companion.tolist()]))
        theirs = sorted(abs(v) for v in values)
        assert len(ours) == len(theirs) == n
        assert all(abs(a - b) <= mpmath.mpf(10) ** -20 * max(1, abs(b)) for a, b in zip(ours, theirs)), (ours, theirs)


def test_eigenvalue_moduli_fall_back_to_mpmath_where_arb_does_not_isolate_them(monkeypatch):
    import flint
    import mpmath

    assert crosscheck.eigenvalue_moduli(sympy.Matrix([[0, 1], [-2, 0]]))[1] == crosscheck.ARB_EIG  # Arb resolves these

    def refuse(self, *args, **kwargs):
        raise ValueError("failed to isolate eigenvalues")

    monkeypatch.setattr(flint.acb_mat, "eig", refuse, raising=False)
    moduli, solver = crosscheck.eigenvalue_moduli(sympy.Matrix([[0, 1], [-2, 0]]))  # eigenvalues +-i sqrt(2)
    assert solver == crosscheck.MPMATH_EIG  # the lines name the solver that gave the values
    with mpmath.workdps(50):
        assert all(abs(m - mpmath.sqrt(2)) < mpmath.mpf(10) ** -40 for m in moduli) and len(moduli) == 2


def test_the_inner_solver_diagnostic_runs_in_floats_only_where_floats_resolve_it(check_claims):
    """The doubled-substep run of the energy check's inner-solver test is in machine floats for the standard
    exchange between nonlinear subsystems (its nodes agree with the 50-digit run to about 1e-13), at 50 digits for
    the power exchange, whose threshold switch can go the other way in floats, and at 50 digits for linear
    subsystems (constant or linear extrapolation), whose macro step is an affine map of the state and the master's
    memory that the twin iterates in arb_mat (cheaper than a float run of the step)."""
    import mpmath

    model = oscillator()
    system = ExactSystem(model, model.parameters)
    options = {"H": R(1, 10), "scheme": "jacobi", "microsteps": sympy.Integer(2)}
    problem = twins.Problem.of_system("cosimulation", options, system, R(0), [R(1), R(0)], 200)
    floats, digits = twins.solve(problem, double_precision=True).nodes, twins.solve(problem).nodes
    assert all(isinstance(v, float) for v in floats[-1][1])
    with mpmath.workdps(50):
        assert max(abs(mpmath.mpf(a) - b) for (_, ya), (_, yb) in zip(floats, digits) for a, b in zip(ya, yb)) < 1e-12
    damped = OSCILLATOR.split("[model.mutual]")[0].replace("[model.oscillator", "[model.damped").replace(
        'rhs = { v = "F/m" }', 'rhs = { v = "F/m - v/2" }')  # a damper: rk4 substeps are no longer exact on the mass
    cubic = OSCILLATOR.split("[model.mutual]")[0].replace("[model.oscillator", "[model.cubic").replace(
        'rhs = { v = "F/m" }', 'rhs = { v = "F/m - v^3/2" }')  # a nonlinear damper: no affine macro step
    energy = 'check = "energy"\nmodel = "damped"\nmethod = "cosimulation"\ninitial = { s = 1, v = 0 }\nsteps = 60\n'
    results = check_claims(claims_text(damped + cubic, {
        "standard": (energy.replace('"damped"', '"cubic"') + 'options = { H = "1/10", microsteps = 2, extrapolation = 1 }\nexpect = { final_ratio = "< 1" }',),
        "linear": (energy + 'options = { H = "1/10", microsteps = 2, extrapolation = 1 }\nexpect = { final_ratio = "< 1" }',),
        "power": (energy + 'options = { H = "1/10", microsteps = 4, exchange = "power" }\nexpect = { final_ratio = "< 1" }',),
        "constant": (energy + 'options = { H = "1/10", microsteps = 2 }\nexpect = { final_ratio = "< 1" }',),
    }))
    assert all(r.outcome.status == "verified" for r in results.values()), {k: r.outcome.message for k, r in results.items()}
    assert "(the doubled run in machine floats)" in results["standard"].outcome.message
    assert "(the doubled run in 50 digits)" in results["power"].outcome.message
    assert "(the doubled run in 50 digits)" in results["constant"].outcome.message
    assert "(the doubled run in 50 digits)" in results["linear"].outcome.message


@pytest.mark.parametrize("case", ["jacobi", "gauss-seidel", "rk4", "heun", "jacobi-linear", "jacobi-balanced", "gauss-seidel-linear-balanced",
                                  "jacobi-hermite"])
def test_the_twin_iterates_an_affine_step_map_and_gives_its_step_loop_nodes(case):
    """Where a step is an affine map of the state (a co-simulation exchanging outputs between linear subsystems; a
    one-step method on y' = A y), the twin's nodes for an energy check are the iterates of the map read off its own
    step, in arb_mat: they equal its step-by-step nodes to 45 digits at every node, and the exact path's last state
    to 45 digits.  A master that carries memory (the previous exchange under linear extrapolation, balance errors)
    takes its first macro step itself and iterates the map of states and memory from there.  The power exchange
    (a division by a state, a threshold) does not take the route."""
    import mpmath

    if case.startswith(("jacobi", "gauss-seidel")):
        model = oscillator()
        options = {"H": R(1, 10), "scheme": "gauss-seidel" if case.startswith("gauss-seidel") else "jacobi", "microsteps": sympy.Integer(2)}
        if "linear" in case or "hermite" in case:
            options["extrapolation"] = sympy.Integer(1)
        if "hermite" in case:
            options["slope"] = "derivative"
        if "balanced" in case:
            options["balance"] = "all"
        METHODS["cosimulation"].validate(model, options)
        method = "cosimulation"
    else:
        model = model_from_table("rotation", {"states": ["x", "y"], "rhs": {"x": "-y/2 + 1/3", "y": "x"}}, "test")
        options = {"h": R(1, 7)}
        method = case
    system = ExactSystem(model, model.parameters)
    problem = twins.Problem.of_system(method, options, system, R(0), [R(1), R(0)], 300)
    assert twins.affine_nodes_available(problem)
    iterated, stepped = twins.solve(problem, nodes_only=True), twins.solve(problem)
    assert iterated.trace == {} and stepped.trace != {}  # the iterates: no step was traced
    exact = run(METHODS[method], system, options, R(0), [R(1), R(0)], 300, keep=False)
    with mpmath.workdps(60):
        assert len(iterated.nodes) == len(stepped.nodes) == 300
        for (ta, ya), (tb, yb) in zip(iterated.nodes, stepped.nodes):
            assert abs(ta - tb) <= mpmath.mpf(10) ** -45 and all(abs(a - b) <= mpmath.mpf(10) ** -45 * max(1, abs(b)) for a, b in zip(ya, yb))
        for e, m in zip(exact.y, iterated.y):
            value = mpmath.mpf(int(e.numerator)) / int(e.denominator)
            assert abs(value - m) <= mpmath.mpf(10) ** -45 * max(1, abs(value))
    if method == "cosimulation":
        power = {**options, "exchange": "power", "threshold": R(1, 10)}
        assert not twins.affine_nodes_available(twins.Problem.of_system(method, power, system, R(0), [R(1), R(0)], 300))


def test_the_ball_twin_follows_the_exact_power_exchange_through_its_threshold_ties():
    """H = 1/10 and the threshold 1/10, four rk4 substeps: within the first two macro steps one recovered denominator
    equals the threshold exactly (one of the 66 values |a| the exact path compares; exact arithmetic decides the tie
    as |a| >= threshold).  The twin, in arb balls with
    near-ties taken as ties, gives the exact path's state to 40 digits and the same count of fallbacks."""
    import mpmath

    model = oscillator()
    system = ExactSystem(model, model.parameters)
    options = {"H": R(1, 10), "exchange": "power", "threshold": R(1, 10), "microsteps": sympy.Integer(4)}
    exact = run(METHODS["cosimulation"], system, options, R(0), [R(1), R(0)], 2, keep=True)
    twin = twins.solve(twins.Problem.of_system("cosimulation", options, system, R(0), [R(1), R(0)], 2))
    with mpmath.workdps(50):
        for e, m in zip(exact.y, twin.y):
            assert abs(crosscheck.to_mp(R(int(e.numerator), int(e.denominator))) - m) < mpmath.mpf(10) ** -40
    assert exact.recorder.latest["fallbacks"] == int(twin.trace["fallbacks"][-1]) == 16


TIE = ENERGY.replace("initial = { s = 1, v = 0 }\n", "") + 'options = { H = "1/10", exchange = "power", threshold = "1/10" }\nsteps = 1\n'


def test_a_threshold_test_within_rounding_is_decided_in_exact_arithmetic_or_is_an_error(check_claims):
    """From s = 3/20, v = -1 the first recovered denominator |a| equals the threshold 1/10 exactly (a tie the mpmath
    twin takes as |a| >= threshold); 10^-80 above it the input is recovered too, and E/E0 is the same to 8 digits;
    10^-80 below it exact arithmetic falls back to the plain input, which no floating run can see (the reviewer's
    case: the tie rule alone verified the false bound there).  The exact path's own E/E0 after the step is the
    value shown (checked here with Fraction)."""
    results = check_claims(claims_text(OSCILLATOR, {
        "tie": (TIE + 'initial = { s = "3/20", v = "-1" }\nexpect = { final_ratio = "< 1.009" }',),
        "tie-wrong": (TIE + 'initial = { s = "3/20", v = "-1" }\nexpect = { final_ratio = "< 1.008" }',),
        "above": (TIE + 'initial = { s = "3/20 + 1/10**80", v = "-1" }\nexpect = { final_ratio = "< 1.009" }',),
        "below": (TIE + 'initial = { s = "3/20 - 1/10**80", v = "-1" }\nexpect = { final_ratio = "< 1.009" }',),
    }))
    model = oscillator()
    system = ExactSystem(model, model.parameters)
    options = {"H": R(1, 10), "exchange": "power", "threshold": R(1, 10)}
    s, v = (Fraction(int(x.numerator), int(x.denominator)) for x in run(METHODS["cosimulation"], system, options, R(0), [R(3, 20), R(-1)], 1, keep=False).y)
    ratio = (s * s + v * v) / (Fraction(3, 20) ** 2 + 1)  # E = m v^2/2 + c s^2/2 with m = c = 1
    tie, wrong, above, below = (results[k].outcome for k in ("tie", "tie-wrong", "above", "below"))
    assert tie.status == "verified" and "decided in exact rationals (an exact tie, over the first step)" in tie.message, tie.message
    assert abs(float(tie.computed["final_ratio"]) - float(ratio)) < 1e-7 and 1.008 < ratio < 1.009, (tie.computed, float(ratio))
    assert wrong.status == "refuted" and "claimed < 1.008, computed 1.0084216" in wrong.message, wrong.message
    assert above.status == "verified" and "(|a| >= threshold, over the first step)" in above.message, above.message
    assert below.status == "error" and "lies below the threshold by 1.0e-80" in below.message, below.message


def test_a_gap_the_twin_resolves_is_not_taken_for_an_undecidable_tie(check_claims):
    """s = 1/10, v = -(1/10 - 10^-30): at macro step 1 the spring's denominator ties the threshold exactly and the
    mass's lies 10^-30 below it, far outside the twin's rounding window (threshold * 2^-149 at 50 digits): the twin's
    numbers decide that test, so the claim gets a verdict (review finding: it was an error).  E/E0 after 300 steps
    is 5.27398078641 by the reviewer's own Fraction step 1 continued in mpmath."""
    body = TIE.replace("steps = 1\n", "steps = 300\n") + 'initial = { s = "1/10", v = "-(1/10 - 1/10**30)" }\n'
    results = check_claims(claims_text(OSCILLATOR, {
        "true": (body + 'expect = { final_ratio = "> 5.27" }',),
        "false": (body + 'expect = { final_ratio = "< 5.27" }',),
    }))
    true, false = results["true"].outcome, results["false"].outcome
    assert true.status == "verified" and "final_ratio = 5.2739808" in true.message, true.message
    assert false.status == "refuted" and "claimed < 5.27, computed 5.2739808" in false.message, false.message


def test_a_threshold_tie_the_exact_run_cannot_reach_is_an_error():
    """A tie the twin meets at macro step 40 of the power exchange (four rk4 substeps): the exact values pass the
    shadow run's size limit long before (checked per stage), so the tie cannot be decided: an error that says so.
    The tie the twin really meets there, the mass's last stage of macro step 1, is decided."""
    from verify.checks import energy
    from verify.checks.common import CheckError

    model = oscillator()
    system = ExactSystem(model, model.parameters)
    options = {"H": R(1, 10), "exchange": "power", "threshold": R(1, 10), "microsteps": sympy.Integer(4)}
    twin = twins.solve(twins.Problem.of_system("cosimulation", options, system, R(0), [R(1), R(0)], 2))
    assert twin.near_ties == ((1, "mass", 4, 4),)
    with pytest.raises(CheckError, match=re.escape("the threshold test at macro step 40 (spring, substep 1, stage 1) lies within rounding "
                                                   "of the threshold") + ".*cannot reach that test"):
        energy._confirm_ties(None, METHODS["cosimulation"], options, system, R(0), [R(1), R(0)], [(1, "mass", 4, 4), (40, "spring", 1, 1)])
    assert ("the threshold test at macro step 1 (mass, substep 4, stage 4), within rounding of the threshold, decided in exact rationals "
            "(an exact tie, over the first step)") in energy._confirm_ties(None, METHODS["cosimulation"], options, system, R(0), [R(1), R(0)],
                                                                           twin.near_ties)
    with pytest.raises(CheckError, match=re.escape("meets a threshold tie at macro step 1 (spring, substep 2, stage 1) where the exact run "
                                                   "has none: the paths disagree")):
        energy._confirm_ties(None, METHODS["cosimulation"], options, system, R(0), [R(1), R(0)], [(1, "spring", 2, 1)])


def test_a_tie_early_in_a_macro_step_is_decided_although_the_step_outgrows_exact_arithmetic(check_claims):
    """Review finding F4.  From s = 11/100, v = -1 with five rk4 substeps of H = 1/10, the spring's second stage
    reaches s = 11/100 + (1/100)(-1) = 1/10: its denominator |a| = c s ties the threshold 1/10 exactly, at the second
    of the macro step's 40 threshold tests.  The mass's stages then grow the exact numbers past the shadow run's
    100,000 bits within that step, so an exact run to the end of the step cannot decide the tie (it was an error);
    the exact run stops once it has made the test the twin flagged.  The tie decides the run (recovered v = -11/10
    against the plain -1): 10^-80 below it the claim stays an error.  E/E0 is recomputed here: the spring in
    Fraction (every threshold test exact: the tie, then s below the threshold), the mass in mpmath at 60 digits
    (|v| stays near 1, 0.9 above the threshold)."""
    import mpmath
    from verify.checks.energy import TIE_SHADOW_BITS
    from verify.errors import ExactSizeError

    model = oscillator()
    system = ExactSystem(model, model.parameters)
    options = {"H": R(1, 10), "exchange": "power", "threshold": R(1, 10), "microsteps": sympy.Integer(5)}
    with pytest.raises(ExactSizeError, match="in a stage of mass's substeps in step 1"):  # the macro step itself is out of reach
        run(METHODS["cosimulation"], system, options, R(0), [R(11, 100), R(-1)], 1, keep=False, size_limit=TIE_SHADOW_BITS)

    s0, v0, H, threshold, m = Fraction(11, 100), Fraction(-1), Fraction(1, 10), Fraction(1, 10), 5
    h = H / m
    agreed = s0 * v0  # P^ = (c s v - F v)/2 at the exchanged v = v0, F = -c s0 (c = m = 1); constant extrapolation
    spring_gaps = []

    def spring(s):  # s' = the recovered v = P^/(c s), or the plain v0 below the threshold
        spring_gaps.append(abs(s) - threshold)
        return agreed / s if abs(s) >= threshold else v0

    def rk4(f, x, h, steps):  # classical RK4 on x' = f(x), in the arithmetic of x and h
        for _ in range(steps):
            k1 = f(x)
            k2 = f(x + h / 2 * k1)
            k3 = f(x + h / 2 * k2)
            k4 = f(x + h * k3)
            x += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return x

    s = rk4(spring, s0, h, m)
    assert spring_gaps[:3] == [Fraction(1, 100), 0, Fraction(-1, 1000)] and all(g <= Fraction(-1, 1000) for g in spring_gaps[2:])
    with mpmath.workdps(60):
        mp = lambda q: mpmath.mpf(q.numerator) / q.denominator  # noqa: E731
        mass_margins = []

        def mass(v):  # v' = the recovered F/m = -P^/v, or the plain F = -c s0
            mass_margins.append(abs(v) - mp(threshold))
            return -mp(agreed) / v if abs(v) >= mp(threshold) else -mp(s0)

        v = rk4(mass, mp(v0), mp(h), m)
        assert min(mass_margins) > mpmath.mpf("0.8")
        ratio = (mp(s) ** 2 + v ** 2) / mp(s0 ** 2 + v0 ** 2)
        assert 1.00986 < ratio < 1.00987

    body = (ENERGY.replace("initial = { s = 1, v = 0 }\n", "") + 'options = { H = "1/10", exchange = "power", threshold = "1/10", '
            'microsteps = 5 }\nsteps = 1\n')
    results = check_claims(claims_text(OSCILLATOR, {
        "true": (body + 'initial = { s = "11/100", v = "-1" }\nexpect = { final_ratio = "< 1.00987" }',),
        "false": (body + 'initial = { s = "11/100", v = "-1" }\nexpect = { final_ratio = "< 1.00986" }',),
        "below": (body + 'initial = { s = "11/100 - 1/10**80", v = "-1" }\nexpect = { final_ratio = "< 1.00987" }',),
    }))
    true, false, below = (results[k].outcome for k in ("true", "false", "below"))
    decided = ("the threshold test at macro step 1 (spring, substep 1, stage 2), within rounding of the threshold, decided in exact "
               "rationals (an exact tie, over the first step)")
    assert true.status == "verified" and decided in true.message, true.message
    assert abs(mpmath.mpf(true.computed["final_ratio"]) - ratio) < 1e-7, (true.computed, ratio)
    assert false.status == "refuted" and f"claimed < 1.00986, computed {mpmath.nstr(ratio, 8)}" in false.message, false.message
    assert below.status == "error" and "in the threshold test at macro step 1 (spring, substep 1, stage 2) a power-exchange denominator " \
        "|a| lies below the threshold by 1.0e-80" in below.message, below.message


def test_a_numerical_energy_run_shows_only_the_digits_two_precisions_agree_on(check_claims):
    """The power exchange amplifies rounding through its threshold switches: the 1257-step run of the page's
    oscillator agrees at 50 and 70 digits to about six digits, and only those are shown."""
    results = check_claims(claims_text(OSCILLATOR, {
        "sensitive": (ENERGY + 'options = { H = "1/10", exchange = "power", threshold = "1/10", microsteps = 4 }\nsteps = 1257\n'
                      'expect = { max_ratio = "< 2" }',),
    }))
    outcome = results["sensitive"].outcome
    assert outcome.status == "refuted", outcome.message
    shown = outcome.computed["max_ratio"]
    assert 3 <= len(shown.replace(".", "")) <= 7 and abs(float(shown) - 3.5123586) < 1e-4, shown  # not 8 digits


def test_a_kept_energy_run_is_handed_out_only_for_the_same_run(check_claims):
    """One worker checks claim after claim and keeps the energy check's mpmath runs (energy._ratios_mp): a claim about
    the same run with another bound gets the kept run, and claims that differ only in a parameter value, the initial
    value, the number of steps, an option or the functional each get their own.  Every claim's message (E/E0 at its
    largest, least and last, the digits the two precisions agree on) must be the one it gets checked alone."""
    power = ENERGY.replace("initial = { s = 1, v = 0 }\n", "") + "steps = {steps}\nexpect = {{ final_ratio = \"> 0\" }}\n"
    plain = 'options = { H = "1/10", exchange = "power", threshold = "1/10", microsteps = 4 }\ninitial = { s = 1, v = 0 }\n'
    cases = {
        "plain": power.format(steps=40) + plain,
        "same-run": power.format(steps=40).replace('"> 0"', '"> 1/1000"') + plain,
        "initial": power.format(steps=40) + plain.replace("s = 1,", 's = "7/10",'),
        "steps": power.format(steps=41) + plain,
        "option": power.format(steps=40) + plain.replace("microsteps = 4", "microsteps = 4, extrapolation = 1"),
        "functional": power.format(steps=40) + plain + 'functional = "potential"\n',
        "parameter": power.format(steps=40) + plain + 'functional = "potential"\nparameters = { m = 4 }\n',  # c s^2/2 as before
    }
    model = OSCILLATOR.replace('functionals = { energy = "m*v**2/2 + c*s**2/2" }',
                               'functionals = { energy = "m*v**2/2 + c*s**2/2", potential = "c*s**2/2" }')
    together = check_claims(claims_text(model, {name: (body,) for name, body in cases.items()}))
    messages = {name: result.outcome.message for name, result in together.items()}
    assert all(result.outcome.evidence == "numerical" for result in together.values()), messages
    numbers = {name: message.split(": ", 1)[1] for name, message in messages.items()}  # after "final_ratio > bound: "
    assert numbers["same-run"] == numbers["plain"] and len(set(numbers.values())) == len(cases) - 1, numbers
    for name, body in cases.items():
        alone = check_claims(claims_text(model, {name: (body,)}), name=f"{name}.toml")[name].outcome
        assert alone.message == messages[name], (name, alone.message, messages[name])


def test_a_numerical_ratio_within_1e_16_of_its_bound_is_compared_at_the_run_s_precision(check_claims):
    """Jacobi co-simulation of the oscillator with c = 7/5, m = 1, H = 1/10, constant extrapolation: each side
    integrates a constant input exactly, so one macro step is s+ = s + H v, v+ = v - H c s, and c s^2 + v^2 grows by
    exactly 1 + c H^2 = 1 + 7/500 per step (by hand: the cross terms cancel).  The functional sqrt(m v^2 + c s^2)
    (not rational: the numerical route) therefore ends at (1 + 7/500)^(1257/2) = 6235.26212863209884242...
    (mpmath at 60 digits below).  A bound 4.2e-16 below it must be verified and one 5.8e-16 above refuted: the
    bound was read at mpmath's default 53 bits, where 6235.262128632098842 became 6235.2621286320991, above the
    ratio, and the true claim was refuted (review finding)."""
    import mpmath

    with mpmath.workdps(60):
        true = (1 + mpmath.mpf(7) / 500) ** (mpmath.mpf(1257) / 2)
        assert mpmath.mpf("6235.262128632098842") < true < mpmath.mpf("6235.262128632098843")
    model = OSCILLATOR.replace("parameters = { m = 1, c = 1 }", 'parameters = { m = 1, c = "7/5" }').replace(
        'functionals = { energy = "m*v**2/2 + c*s**2/2" }', 'functionals = { energy = "m*v**2/2 + c*s**2/2", root = "sqrt(m*v**2 + c*s**2)" }')
    body = ENERGY + 'functional = "root"\noptions = { H = "1/10" }\nsteps = 1257\n'
    results = check_claims(claims_text(model, {
        "below": (body + 'expect = { final_ratio = "> 6235.262128632098842" }',),
        "above": (body + 'expect = { final_ratio = "> 6235.262128632098843" }',),
    }))
    below, above = results["below"].outcome, results["above"].outcome
    assert (below.status, below.evidence) == ("verified", "numerical"), below.message
    assert_refuted(above, ["final_ratio: claimed > 6235.262128632098843"])


def test_an_irrational_parameter_is_an_error_that_says_so_not_an_internal_error(check_claims):
    """c = sqrt(2) in the oscillator: the exact path reads the model's right-hand side in rationals, and the energy
    check then stopped with an internal NotRational (review finding); now an error with the reason."""
    model = OSCILLATOR.replace("parameters = { m = 1, c = 1 }", 'parameters = { m = 1, c = "sqrt(2)" }')
    outcome = check_claims(claims_text(model, {"irrational": (ENERGY + 'options = { H = "1/10" }\nsteps = 100\nexpect = { final_ratio = "> 1" }',)}))["irrational"].outcome
    assert outcome.status == "error" and "internal error" not in outcome.message, outcome.message
    assert "needs a right-hand side rational in the state, with rational parameter values (sqrt(2)" in outcome.message


def test_a_spectral_radius_of_zero_or_a_square_root_bound_is_decided_exactly(check_claims):
    """Review of 2026-12-05: "== 0" (Euler with h = 1 on y' = -y: M = 0) and "== sqrt(101)/10" (Euler with h = 1/10 on
    the rotation: eigenvalues 1 +- i/10, |z|^2 = 101/100) were refused, the bound had to be a positive rational."""
    assert (1 + F(1, 10) ** 2) == F(101, 100)
    model = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n[model.rot]\nstates = ["x", "v"]\nrhs = { x = "v", v = "-x" }\n'
    decay = 'check = "stability"\nmodel = "decay"\nmethod = "euler"\n'
    rot = 'check = "stability"\nmodel = "rot"\nmethod = "euler"\noptions = { h = "1/10" }\n'
    model += '[model.pair]\nstates = ["x", "y"]\nrhs = { x = "-x + y", y = "2*x - y" }\n'
    sqrt2 = 'check = "stability"\nmodel = "pair"\nmethod = "euler"\noptions = { h = 1 }\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(model, {
        "zero": (decay + 'options = { h = 1 }\nspectral_radius = "== 0"',),
        "zero-wrong": (decay + 'options = { h = "1/2" }\nspectral_radius = "== 0"',),
        "root": (rot + 'spectral_radius = "== sqrt(101)/10"',),
        "root-wrong": (rot + 'spectral_radius = "< sqrt(101)/10"',),
        "negative": (rot + 'spectral_radius = "< -1"',),
        # eigenvalues +-sqrt(2) (M = [[0, 1], [2, 0]]: z^2 - 2, real roots, no linear term): |z|^2 = 2 exactly (an error
        # "within 1e-100 of sqrt(2)" before a review of 2026-12-07)
        "real-pair": (sqrt2 + 'spectral_radius = "== sqrt(2)"',), "real-pair-wrong": (sqrt2 + 'spectral_radius = "< sqrt(2)"',),
    })).items()}
    assert (results["real-pair"].status, results["real-pair"].evidence) == ("verified", "exact"), results["real-pair"].message
    assert_refuted(results["real-pair-wrong"], ["claimed spectral radius < sqrt(2), computed: spectral radius equal to sqrt(2)"])
    for name in ("zero", "root"):
        assert results[name].status == "verified" and "spectral radius equal to" in results[name].message, results[name].message
    assert_refuted(results["zero-wrong"], ["claimed spectral radius == 0, computed: spectral radius above 0", "the largest modulus = 1/2"])
    assert_refuted(results["root-wrong"], ["computed: spectral radius equal to sqrt(101)/10"])
    assert results["negative"].status == "error" and "nonnegative rational or the square root of one" in results["negative"].message


def test_an_exact_energy_ratio_is_reported_exactly_in_computed(check_claims):
    """Explicit Euler on the oscillator multiplies s^2 + v^2 by 1 + h^2 each step, so after 20 steps of h = 1/3 the
    ratio is (10/9)^20 exactly.  `computed` held "8.2252633" beside evidence exact (SPEC: the exact value as a string,
    where there is one; a review of 2026-12-06); a wrong bound is refuted with claimed and computed."""
    model = '[model.osc]\nstates = ["s", "v"]\nrhs = { s = "v", v = "-s" }\nfunctionals = { energy = "(s**2 + v**2)/2" }\n'
    head = 'check = "energy"\nmodel = "osc"\nmethod = "euler"\noptions = { h = "1/3" }\ninitial = { s = 1, v = 0 }\nsteps = 20\n'
    results = check_claims(claims_text(model, {"grows": (head + 'expect = { final_ratio = "> 8.2" }',),
                                               "wrong": (head + 'expect = { final_ratio = "> 8.3" }',)}))
    grows = results["grows"].outcome
    assert (grows.status, grows.evidence) == ("verified", "exact"), grows.message
    exact = Fraction(10, 9) ** 20
    assert grows.computed["final_ratio"] == grows.computed["max_ratio"] == f"{exact.numerator}/{exact.denominator}"
    assert grows.computed["min_ratio"] == "1"
    assert_refuted(results["wrong"].outcome, ["final_ratio: claimed > 8.3, computed 8.2252633"])


def test_a_refuted_ratio_is_shown_with_more_digits_than_its_bound(check_claims):
    """(10/9)^20 = 8.2252633399...: 'final_ratio < 8.22526333' is false, and the message read 'computed 8.2252633',
    which tells nothing against a bound of nine digits (a second review of 2026-12-06): it shows two digits more."""
    model = '[model.osc]\nstates = ["s", "v"]\nrhs = { s = "v", v = "-s" }\nfunctionals = { energy = "(s**2 + v**2)/2" }\n'
    body = ('check = "energy"\nmodel = "osc"\nmethod = "euler"\noptions = { h = "1/3" }\ninitial = { s = 1, v = 0 }\nsteps = 20\n'
            'expect = { final_ratio = "< 8.22526333" }')
    outcome = check_claims(claims_text(model, {"tight": (body,)}))["tight"].outcome
    assert_refuted(outcome, ["final_ratio: claimed < 8.22526333, computed 8.22526334 "])
