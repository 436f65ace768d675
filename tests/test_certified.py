"""Runs whose right-hand side is not rational (the pendulum) are decided on the certified interval path."""
from __future__ import annotations

import mpmath
import pytest

from conftest import assert_refuted, claims_text, fail_past, rk4_step

MODELS = """
[model.pendulum]
states = ["theta", "omega"]
rhs = { theta = "omega", omega = "-sin(theta)" }

[model.exp-decay]
states = ["y"]
rhs = { y = "-exp(y) + 1" }
"""
PENDULUM = 'check = "run"\nmodel = "pendulum"\nmethod = "rk4"\noptions = { h = 0.1 }\ninitial = { theta = 1, omega = 0 }\nsteps = 3\n'


def pendulum_by_hand(steps=3):
    """RK4 on theta'' = -sin(theta) written out, at 60 digits (an independent, non-rigorous reference)."""
    with mpmath.workdps(60):
        f = lambda y: [y[1], -mpmath.sin(y[0])]  # noqa: E731
        h, y, values = mpmath.mpf(1) / 10, [mpmath.mpf(1), mpmath.mpf(0)], []
        for _ in range(steps):
            k1 = f(y)
            k2 = f([y[i] + h / 2 * k1[i] for i in range(2)])
            k3 = f([y[i] + h / 2 * k2[i] for i in range(2)])
            k4 = f([y[i] + h * k3[i] for i in range(2)])
            y = [y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) for i in range(2)]
            values.append(y)
        return values


def table(places=8):
    with mpmath.workdps(60):
        return [mpmath.nstr(mpmath.mpf(round(v[0] * 10**places)) / 10**places, places + 2) for v in pendulum_by_hand()]


def test_a_pendulum_table_is_verified_certified(check_claims):
    values = table()
    body = PENDULUM + "digits = 8\ntrace = { theta = [" + ", ".join(f'"{v}"' for v in values) + "] }"
    outcome = check_claims(claims_text(MODELS, {"pendulum": (body,)}))["pendulum"].outcome
    assert outcome.status == "verified" and outcome.evidence == "certified", outcome.message
    assert "interval arithmetic (mpmath.iv)" in outcome.message and "cross-check lies in every enclosure" in outcome.message


WRONG = {
    "changed-digit": (PENDULUM + 'digits = 8\nexpect = { theta = "0.96235700" }', ["theta: claimed 0.96235700 at 8 decimals, computed ∈ [", "which rounds to"]),
    "flipped-sign": (PENDULUM + 'expect_relations = { omega = "> 0" }', ["omega: claimed > 0, computed omega - (0) ∈ [-"]),
    "exact-value-excluded": (PENDULUM + 'expect = { omega = "-3/10" }', ["omega: claimed -3/10, computed ∈ [", "(excludes -0.3)"]),
}


def test_wrong_versions_are_refuted_certified(check_claims):
    results = check_claims(claims_text(MODELS, {k: (v[0],) for k, v in WRONG.items()}))
    for name, (_, fragments) in WRONG.items():
        assert_refuted(results[name].outcome, fragments)
        assert results[name].outcome.evidence == "certified"


def test_a_rounded_value_claimed_as_exact_is_refuted_and_a_branching_method_branches_where_intervals_decide(check_claims):
    """A step-doubling attempt (y' = 1 - e^y from 1, h = 1/10) branches on its accept test: since 2026-12-06 the
    enclosures decide it where they do not overlap (an `error` before: "no certified route").  The fine value
    m + h/2 (1 - e^m), m = 1 + h/2 (1 - e), written out here; |fine - coarse| = 0.0112 <= 0.1 + 0.01 |fine|."""
    values = table()
    with mpmath.workdps(40):
        h = mpmath.mpf(1) / 10
        m = 1 + h / 2 * (1 - mpmath.e)
        fine = mpmath.nstr(m + h / 2 * (1 - mpmath.exp(m)), 12)
    attempt = 'check = "run"\nmodel = "exp-decay"\nmethod = "step-doubling-euler"\noptions = { h = 0.1, atol = 0.1, rtol = 0.01 }\ninitial = { y = 1 }\n'
    rows = {
        "rounded-claimed-exact": (PENDULUM + f'expect = {{ theta = "{values[-1]}" }}',),
        "branching-method": (attempt + f'expect = {{ accepted = 1, fine = "{fine}" }}\ndigits = 12',),
        "branching-method-rejected": (attempt + 'expect = { accepted = 0 }',),
    }
    results = check_claims(claims_text(MODELS, rows))
    assert_refuted(results["rounded-claimed-exact"].outcome, ["(excludes"])  # theta is transcendental: no 8-decimal number equals it
    branching = results["branching-method"].outcome
    assert (branching.status, branching.evidence) == ("verified", "certified") and fine == "0.839361207884", branching.message
    assert_refuted(results["branching-method-rejected"].outcome, ["accepted: claimed 0, computed 1"])


def test_exp_of_the_state_runs_certified(check_claims):
    # y' = 1 - exp(y), y(0) = 1, Euler h = 1/10: y1 = 1 + (1 - e)/10 = 0.82817181...
    body = 'check = "run"\nmodel = "exp-decay"\nmethod = "euler"\noptions = { h = 0.1 }\ninitial = { y = 1 }\ndigits = 8\nexpect = { y = "0.82817182" }'
    outcome = check_claims(claims_text(MODELS, {"exp": (body,)}))["exp"].outcome
    assert outcome.status == "verified" and outcome.evidence == "certified", outcome.message
    assert abs((1 + (1 - mpmath.e) / 10) - mpmath.mpf("0.82817182")) < mpmath.mpf("5e-9")


def test_equalities_to_digits_and_a_negative_square_root(check_claims):
    models = MODELS + '\n[model.sine]\nstates = ["y"]\nrhs = { y = "sin(y)" }\n\n[model.root]\nstates = ["y"]\nrhs = { y = "sqrt(y)" }\n'
    rows = {
        "equality": ('check = "run"\nmodel = "sine"\nmethod = "euler"\noptions = { h = 0.1 }\ninitial = { y = 1 }\ndigits = 4\nexpect_relations = { y = "== 1.0841" }',),
        "negative-root": ('check = "run"\nmodel = "root"\nmethod = "euler"\noptions = { h = 1 }\ninitial = { y = -1 }\nexpect = { y = 0 }',),
    }
    results = check_claims(claims_text(models, rows))
    assert results["equality"].outcome.status == "verified", results["equality"].outcome.message  # 1 + sin(1)/10 = 1.08414...
    outcome = results["negative-root"].outcome
    assert outcome.status == "error" and "ComplexResult" in outcome.message and "internal error" not in outcome.message


def test_a_value_at_every_node_is_decided_on_the_certified_path(check_claims):
    """The pendulum's energy omega^2/2 - cos(theta) = -cos(1) = -0.540302... drifts by about 1e-8 in three RK4 steps."""
    energies = [y[1] ** 2 / 2 - mpmath.cos(y[0]) for y in pendulum_by_hand()]
    assert all(mpmath.nstr(e, 6) == "-0.540302" for e in energies)  # the reference agrees before the check is asked
    at_nodes = 'digits = 6\nexpect_at_nodes = { "omega**2/2 - cos(theta)" = "VALUE" }'
    results = check_claims(claims_text(MODELS, {"true": (PENDULUM + at_nodes.replace("VALUE", "-0.540302"),),
                                                "wrong": (PENDULUM + at_nodes.replace("VALUE", "-0.540303"),)}))
    true = results["true"].outcome
    assert true.status == "verified" and true.evidence == "certified", true.message
    assert "at node 3" in true.message
    assert_refuted(results["wrong"].outcome, ["omega**2/2 - cos(theta) at node 1: claimed -0.540303 at 6 decimals", "which rounds to -0.540302"])


def test_enclosure_ends_keep_their_precision(check_claims):
    """Found by an adversarial review: the ends of an enclosure were rounded to 53 bits, so a value 1.125 + 1.7e-88
    read as 1.125 and its half-even print at 2 decimals came out 1.12 (verified) instead of 1.13; and
    y = 1 + e 10^-20 read as 1.  Both are decided correctly from the 128-2048-bit enclosure now."""
    models = ('[model.nearly-tie]\nstates = ["y"]\nrhs = { y = "sin(y)**2 + cos(y)**2 + exp(-200)" }\n'
              '[model.grow]\nstates = ["y"]\nrhs = { y = "exp(y)" }\n')
    nearly = 'check = "run"\nmodel = "nearly-tie"\nmethod = "euler"\noptions = { h = "1/8" }\ninitial = { y = 1 }\ndigits = 2\nrounding = "half-even"\n'
    grow = 'check = "run"\nmodel = "grow"\nmethod = "euler"\noptions = { h = "1/10**20" }\ninitial = { y = 1 }\ndigits = 25\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(models, {
        "wrong-print": (nearly + 'expect = { y = "1.12" }',), "right-print": (nearly + 'expect = { y = "1.13" }',),
        "25-digits": (grow + 'expect = { y = "1.0000000000000000000271828" }',)})).items()}
    assert_refuted(outcomes["wrong-print"], ["claimed 1.12 at 2 decimals", "which rounds to 1.13 (half-even)"])
    assert outcomes["right-print"].status == "verified" and outcomes["25-digits"].status == "verified", outcomes["25-digits"].message
    assert "1.000000000000000000027182818" in outcomes["25-digits"].message  # the enclosure is shown to the digits it needs


# --- Rational right-hand sides whose exact values explode: the certified route after the exact steps -----------

RICCATI = '[model.riccati]\nstates = ["y"]\nrhs = { y = "y**2 + 1" }\n'
RICCATI_RUN = 'check = "run"\nmodel = "riccati"\nmethod = "rk4"\noptions = { h = "1/10" }\ninitial = { y = 0 }\nsteps = 10\ndigits = 7\n'


def riccati_by_hand(steps=10):
    """RK4 on y' = y^2 + 1 from 0, h = 1/10, written out at 60 digits (Schaum's Table 19-5)."""
    with mpmath.workdps(60):
        f = lambda y: y * y + 1  # noqa: E731
        h, y, values = mpmath.mpf(1) / 10, mpmath.mpf(0), []
        for _ in range(steps):
            k1 = f(y)
            k2 = f(y + h / 2 * k1)
            k3 = f(y + h / 2 * k2)
            k4 = f(y + h * k3)
            y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
            values.append(mpmath.nstr(mpmath.mpf(round(y * 10**7)) / 10**7, 9, strip_zeros=False)[:9])
        return values


def test_a_ten_step_rk4_table_of_a_nonlinear_equation_is_certified_after_the_exact_steps(check_claims):
    values = riccati_by_hand()
    assert values[-1] == "1.5574064" and values[2] == "0.3093360"  # Schaum's printed first and last rows
    wrong = list(values)
    wrong[8] = "1.2601589"  # a changed last digit
    bodies = {
        "table": (RICCATI_RUN + "trace = { y = [" + ", ".join(f'"{v}"' for v in values) + "] }",),
        "wrong-digit": (RICCATI_RUN + "trace = { y = [" + ", ".join(f'"{v}"' for v in wrong) + "] }",),
        "flipped-sign": (RICCATI_RUN + f'expect = {{ y = "-{values[-1]}" }}',),
    }
    results = check_claims(claims_text(RICCATI, bodies))
    table = results["table"].outcome
    assert table.status == "verified" and table.evidence == "certified", table.message
    # RK4 on a quadratic multiplies the size about 16-fold per step: after four steps the run sees that ten pass the limit
    assert "the exact rationals grow too large: exact values grew at least 16.0-fold per step" in table.message, table.message
    assert "bits after steps 1-4), so 10 steps would pass the limit (4,000,000 bits) by far" in table.message, table.message
    assert_refuted(results["wrong-digit"].outcome, ["trace y value 9: claimed 1.2601589 at 7 decimals, computed ∈ [1.26015878", "which rounds to 1.2601588"])
    assert_refuted(results["flipped-sign"].outcome, ["y: claimed -1.5574064 at 7 decimals, computed ∈ [1.557406"])
    assert all(results[k].outcome.evidence == "certified" for k in ("wrong-digit", "flipped-sign"))


def test_explain_names_the_route_and_why(tmp_path):
    from verify import runner

    path = tmp_path / "riccati.toml"
    path.write_text(claims_text(RICCATI, {"table": (RICCATI_RUN + 'expect = { y = "1.5574064" }',)}), encoding="utf-8")
    outcome, lines = runner.explain_bounded(runner.load([str(path)])[0], in_process=True)
    assert outcome.status == "verified"
    assert lines[0].startswith("route: certified interval run at 128 bits (the exact rationals grow too large: exact values grew at least 16.0-fold")
    assert any(line.startswith("step 10 · stage 4: k4 = ") for line in lines)


TMY = '[model.tmy]\nstates = ["y"]\nrhs = { y = "t - y" }\n'
LONG_EULER = 'check = "run"\nmodel = "tmy"\nmethod = "euler"\noptions = { h = "1/500000" }\nsteps = 1000000\n'


def _explained(tmp_path, monkeypatch, model: str, body: str) -> tuple:
    """(outcome, derivation lines, how many exact runs were made) of verify explain on the one claim ``body`` about
    ``model``, in this process."""
    from verify import runner
    from verify.checks import run as run_kind

    path = tmp_path / "explained.toml"
    path.write_text(claims_text(model, {"claim": (body,)}), encoding="utf-8")
    [claim] = runner.load([str(path)])
    runs, exact_run = [], run_kind._exact_run
    monkeypatch.setattr(run_kind, "_exact_run", lambda *args, **kwargs: runs.append(1) or exact_run(*args, **kwargs))
    outcome, lines = runner.explain_bounded(claim, in_process=True)
    return outcome, lines, len(runs)


def test_explain_of_a_long_run_shows_its_first_steps_and_the_route_that_decided_it(tmp_path, monkeypatch):
    """verify explain re-ran a run claim with every assignment recorded: Euler over 10^6 steps of y' = t - y, decided in
    under a second on the power of its step map, ran past the 120 s limit.  Now a run of more than EXPLAINED_STEPS
    steps shows its first two steps (y_1 = 1 + h (0 - 1) = 499999/500000) and then the route of the whole run, from
    the outcome explain already has (the claim is checked once); the method's exact step runs a handful of times."""
    from verify.engines.methods import METHODS

    fail_past(monkeypatch, type(METHODS["euler"]), "step", 1_000, "explain ran the long run step by step")
    outcome, lines, runs = _explained(tmp_path, monkeypatch, TMY, LONG_EULER + 'initial = { y = 1 }\nexpect_relations = { y = "> 1.2706" }')
    assert (outcome.status, outcome.evidence) == ("verified", "certified"), outcome.message
    assert lines[0].startswith("the first 2 of 1000000 macro steps, assignment by assignment"), lines
    assert "step 1: y = y + h*(k1) = 1 + 1/500000*((-1)) = 499999/500000" in lines, lines
    assert "after step 2: t = 1/250000, y = 124999500001/125000000000" in lines, lines
    assert lines[lines.index("the whole run, as the check ran it:") + 1].startswith(
        "route: certified interval run at 128 bits, the step's exact affine map raised to the power 1000000"), lines
    assert not any(line.startswith("step 3") for line in lines) and runs == 1, (lines, runs)  # checked once


def test_explain_of_a_long_multistep_run_shows_a_step_of_its_formula(tmp_path, monkeypatch):
    """The session's whole-diff review: explain of AB4 over 10^5 steps showed its two first steps, both starting
    steps; it now shows the three starting steps and one step of the formula."""
    outcome, lines, _ = _explained(tmp_path, monkeypatch, '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n', (
        'check = "run"\nmodel = "decay"\nmethod = "adams-bashforth-4"\noptions = { h = "1/100", start = "rk4" }\ninitial = { y = 1 }\n'
        'steps = 1000\nexpect_relations = { y = "> 0" }'))
    assert outcome.status == "verified" and lines[0].startswith("the first 4 of 1000 macro steps"), lines
    assert any(line.startswith("step 4: y = y[n] + h*(") for line in lines) and not any(line.startswith("step 5") for line in lines), lines


def test_explain_of_a_long_run_in_error_shows_its_first_steps_and_checks_it_once(tmp_path, monkeypatch):
    """The session's review: explain of a claim whose outcome was an error checked it again (twice its time under one
    time limit: a claim that ran in 4.7 s timed out under --timeout 3 in explain), and a long run in error printed only
    "(no derivation: CheckError)".  From y0 = -1, y = t - 1 exactly, which an enclosure never proves (an error);
    explain shows the first two steps and ends on that error, the claim checked once."""
    outcome, lines, runs = _explained(tmp_path, monkeypatch, TMY, LONG_EULER + 'initial = { y = -1 }\nexpect = { y = "1" }')
    assert outcome.status == "error" and "never" in outcome.message and runs == 1, (outcome.message, runs)
    assert "step 2: y = y + h*(k1) = (-499999/500000) + 1/500000*(1) = -249999/250000" in lines, lines
    assert lines[-2:] == ["the whole run, as the check ran it:", "(no derivation: the check ended in the error below)"], lines


def test_the_size_guard_holds_inside_a_step(check_claims, monkeypatch):
    """A stage whose state already passed the limit stops before the right-hand side multiplies it up further."""
    from verify.engines.methods import base

    monkeypatch.setattr(base, "MAX_EXACT_BITS", 2_000)
    body = 'check = "run"\nmodel = "steep"\nmethod = "rk4"\noptions = { h = "1/7" }\ninitial = { y = "3/11" }\nsteps = 1\nexpect = { y = 0 }\n'
    outcome = check_claims(claims_text('[model.steep]\nstates = ["y"]\nrhs = { y = "-y**40" }\n', {"steep": (body,)}))["steep"].outcome
    assert "bits in a stage of step 1" in outcome.message, outcome.message
    assert outcome.status == "refuted" and outcome.evidence == "certified"  # y_1 > 0, so the claimed 0 is excluded


def test_geometric_growth_is_projected_and_linear_or_quadratic_growth_is_not():
    """The step loop's projection (verify.engines.methods.base._projected_past) fires on sizes that double or more per
    step, from the fourth step on, and never on a size growing as n or n^2 however many steps are asked for."""
    import pytest
    from verify.engines.methods.base import _projected_past
    from verify.errors import ExactSizeProjected

    limit = 4_000_000
    for n in range(1, 500):  # n and n^2 bits per step (a forcing's denominators): never projected
        _projected_past([300 * k for k in range(1, n + 1)], 10**9, limit)
        _projected_past([300 * k * k for k in range(1, n + 1)], 10**9, limit)
    doubling = [300 * 2**k for k in range(4)]
    with pytest.raises(ExactSizeProjected, match=r"grew at least 2.0-fold per step \(300, 600, 1,200, 2,400 bits after steps 1-4\)"):
        _projected_past(doubling, 20, limit)  # 2,400 * 2^16 bits by step 20
    _projected_past(doubling, 5, limit)  # one more step stays far below the limit: the run goes on
    _projected_past(doubling[:3], 10**6, limit)  # three sizes are not a trend
    _projected_past([300, 600, 1_200, 2_000], 10**6, limit)  # 1.67-fold in the last step


def test_where_the_certified_route_does_not_decide_a_projected_run_goes_on_exactly(check_claims, monkeypatch):
    """The projection only picks a route: a claim the certified route cannot decide (an irrational value in a trace)
    is decided by the exact run, which goes on past the point of projection (here every geometric growth projects)."""
    from verify.engines.methods import base

    monkeypatch.setattr(base, "PROJECTED_MARGIN", 1e-9)
    body = ('check = "run"\nmodel = "riccati"\nmethod = "euler"\noptions = { h = "1/10" }\ninitial = { y = 0 }\nsteps = 9\n'
            'trace = { y = ["1/10", "201/1000", "1 + sin(1)/2"' + ', "1"' * 6 + '] }\n')
    outcome = check_claims(claims_text(RICCATI, {"irrational": (body,)}))["irrational"].outcome
    # the exact run's value (a rational against an irrational claim is told apart by an enclosure of their difference)
    assert outcome.status == "refuted" and "claimed 1 + sin(1)/2 (= sin(1)/2 + 1), computed 3050401/10000000" in outcome.message
    assert "grew at least" not in outcome.message and "interval arithmetic" not in outcome.message, outcome.message


def test_an_enclosure_next_to_a_tie_shows_the_digits_that_decide_it_and_the_claimed_text_as_written(check_claims):
    """Review of 2026-12-05: one RK4 step of h = 1 on y' = 3 sin(pi t)/16 + 1e-40 e^t from 0 gives
    y = 1/8 + 1e-40 (1 + 4 sqrt(e) + e)/6 = 0.125 + 1.7189e-40, which rounds half-even to 0.13 (not a tie); the
    message showed the enclosure as [0.125, 0.125] (its ends agree beyond the printing precision), which reads as a
    tie rounded the wrong way; and printed 8-decimal values lost their trailing zeros (1.00500830 as 1.0050083)."""
    import mpmath
    with mpmath.workdps(60):
        offset = mpmath.mpf(10) ** -40 * (1 + 4 * mpmath.sqrt(mpmath.e) + mpmath.e) / 6
    assert mpmath.nstr(offset, 5) == "1.7189e-40"
    model = '[model.tieplus]\nstates = ["y"]\nrhs = { y = "3*sin(pi*t)/16 + 10**(-40)*exp(t)" }\n'
    body = 'check = "run"\nmodel = "tieplus"\nmethod = "rk4"\noptions = { h = 1 }\ninitial = { y = 0 }\ndigits = 2\nrounding = "half-even"\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(model, {
        "half-even": (body + 'expect = { y = "0.13" }',), "wrong": (body + 'expect = { y = "0.12" }',),
        "written": (body.replace("digits = 2", "digits = 4") + 'expect = { y = "0.1250" }',),
    })).items()}
    assert outcomes["half-even"].status == "verified", outcomes["half-even"].message
    assert "[0.125, 0.125]" not in outcomes["half-even"].message and "[0.12500000000000000000000000000000000000017188" in outcomes["half-even"].message
    assert_refuted(outcomes["wrong"], ["y: claimed 0.12 at 2 decimals", "which rounds to 0.13"])
    assert outcomes["written"].status == "verified" and "to 4 decimals: 0.1250 " in outcomes["written"].message, outcomes["written"].message


def test_a_point_enclosure_proves_an_exact_value(check_claims, monkeypatch):
    """Review of 2026-12-05 (8th session): Euler's first step on y' = -y + sin(t) from t = 0, y = 1/4 with h = 1/2 is
    exactly 1/4 + (1/2)(-1/4 + sin 0) = 1/8, enclosed by the single point [0.125, 0.125]; "an enclosure can refute an
    exact value, never prove it" made the true claim an error.  A point enclosure is the value itself.  (Such a run,
    rational at every evaluation, is run exactly since 2026-12-07: the certified route is taken here by allowing that
    route no step, as for a run too long for it.)"""
    from fractions import Fraction

    from verify.checks import run as run_check
    assert Fraction(1, 4) + Fraction(1, 2) * (-Fraction(1, 4) + 0) == Fraction(1, 8)
    monkeypatch.setattr(run_check, "SPECIAL_VALUES_STEPS", 0)
    model = '[model.forced]\nstates = ["y"]\nrhs = { y = "-y + sin(t)" }\n'
    run = 'check = "run"\nmodel = "forced"\nmethod = "euler"\noptions = { h = 0.5 }\ninitial = { y = 0.25 }\nsteps = 1\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(model, {"exact": (run + 'expect = { y = 0.125 }',),
                                                                         "wrong": (run + 'expect = { y = 0.126 }',)})).items()}
    assert (results["exact"].status, results["exact"].evidence) == ("verified", "certified"), results["exact"].message
    assert "its enclosure is the single point 0.125" in results["exact"].message
    assert_refuted(results["wrong"], ["y: claimed 0.126, computed", "excludes 0.126"])


def test_stage_values_are_enclosed_and_cross_checked_on_the_certified_path(check_claims):
    """Chapra & Canale, Example 25.5: Heun's method on y' = 4 e^(0.8 t) - 0.5 y from y(0) = 2, h = 1: k1 = f(0, 2) = 3,
    k2 = f(1, 2 + 3) = 4 e^0.8 - 2.5 = 6.4021637139..., y1 = 2 + (3 + k2)/2 = 6.7010818569... (recomputed with mpmath at
    40 digits).  'cannot enclose k2' before a review of 2026-12-05; a stage of a two-state model by its component."""
    text = ('[model.chapra]\nstates = ["y"]\nrhs = { y = "4*exp(0.8*t) - 0.5*y" }\n'
            '[model.pendulum]\nstates = ["x", "v"]\nrhs = { x = "v", v = "-sin(x)" }\n')
    heun = 'check = "run"\nmodel = "chapra"\nmethod = "heun"\noptions = { h = 1 }\ninitial = { y = 2 }\ndigits = 6\n'
    pendulum = 'check = "run"\nmodel = "pendulum"\nmethod = "heun"\noptions = { h = 1 }\ninitial = { x = 1, v = 0 }\ndigits = 6\n'
    results = check_claims(claims_text(text, {
        "k2": (heun + 'expect = { k1 = "3.000000", k2 = "6.402164", y = "6.701082" }',),
        "k2-wrong": (heun + 'expect = { k2 = "6.402165" }',),
        "component": (pendulum + 'expect = { k2_v = "-0.841471" }',),  # k2_v = -sin(x + h v) = -sin(1)
        "relation": (heun + 'expect_relations = { "k2 - k1" = "> 3.4" }',)}))
    for key in ("k2", "component", "relation"):
        outcome = results[key].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "certified"), outcome.message
    assert_refuted(results["k2-wrong"].outcome, ["k2: claimed 6.402165", "6.402164"])


def test_an_enclosure_that_outgrew_its_value_is_named_as_such_not_as_a_tie(check_claims, monkeypatch):
    """LeVeque's stiff example u' = -2100 (u - cos t) - sin t under Euler with h = 1/1000 (|1 - 2.1| > 1: unstable),
    whose error reaches -1.45e76 after 2,000 steps: in interval arithmetic u enters the step twice and the width grows
    3.1x a step, past any precision tried.  Review of 2026-12-05: the error said "a tie, or an equality that needs
    digits".  Shown here with the precisions cut to 64 and 128 bits and 200 steps (3.1^200 is about 2^326)."""
    from verify.engines import certified

    monkeypatch.setattr(certified, "PRECISIONS", (64, 128))
    text = '[model.leveque]\nstates = ["u"]\nrhs = { u = "-2100*(u - cos(t)) - sin(t)" }\nsolution = { u = "cos(t)" }\n'
    body = 'check = "run"\nmodel = "leveque"\nmethod = "euler"\noptions = { h = 0.001 }\ninitial = { u = 1 }\nsteps = 200\n'
    outcome = check_claims(claims_text(text, {"wide": (body + 'expect_relations = { "u - solution(u)" = "< 1" }',)}))["wide"].outcome
    assert outcome.status == "error" and "is wider than the value itself" in outcome.message and "not a tie" in outcome.message


def test_a_tie_stays_a_tie_a_stage_on_the_bound_side_is_cross_checked_and_a_pair_estimate_is_enclosed(check_claims, monkeypatch):
    """A second review of 2026-12-05.  Euler on y' = sin(t) with h = 1 over 2 steps gives y = sin(1) exactly: 'y <= sin(1)'
    is a tie (its difference encloses 0), not an enclosure "wider than the value itself".  A stage on the bound's side
    ("0" = "< k2") is cross-checked like one on the quantity's side (shown by corrupting the certified k2: the
    twin must object).  Heun with Euler's weights as bhat on y' = -exp(y) + t: |y - yhat| was an internal error."""
    from verify.engines import certified

    text = ('[model.s]\nstates = ["y"]\nrhs = { y = "sin(t)" }\n'
            '[model.e]\nstates = ["y"]\nrhs = { y = "-exp(y) + t" }\n')
    base = 'check = "run"\nmodel = "e"\nmethod = "heun"\noptions = { h = "1/2" }\ninitial = { y = 0 }\n'
    results = check_claims(claims_text(text, {
        "tie": ('check = "run"\nmodel = "s"\nmethod = "euler"\noptions = { h = 1 }\ninitial = { y = 0 }\nsteps = 2\n'
                'expect_relations = { y = "<= sin(1)" }',),
        "pair": ('check = "run"\nmodel = "e"\nmethod = "rk"\noptions = { h = "1/2", A = [[0, 0], [1, 0]], b = ["1/2", "1/2"], '
                 'bhat = [1, 0] }\ninitial = { y = 0 }\nsteps = 2\ndigits = 6\nexpect = { error_estimate = "0.147972" }',),
        "bound-side": (base + 'expect_relations = { "0" = "> k2" }',)}))
    tie = results["tie"].outcome
    assert tie.status == "error" and "a tie, or an equality that needs digits" in tie.message and "wider than" not in tie.message
    assert results["pair"].outcome.status == "verified", results["pair"].outcome.message  # h|k2 - k1|/2 at step 2 = 0.1479722529... (mpmath, 30 digits)
    assert results["bound-side"].outcome.status == "verified", results["bound-side"].outcome.message  # k2 = 1/2 - e^(-1/2) < 0

    original = certified.run

    def corrupted(*args, **kwargs):  # the certified k2 one too large: a bug the cross-check must catch
        t, y, recorder, nodes = original(*args, **kwargs)
        recorder.latest["k2"] = recorder.latest["k2"] + 1
        return t, y, recorder, nodes

    monkeypatch.setattr(certified, "run", corrupted)
    outcome = check_claims(claims_text(text, {"bound-side": (base + 'expect_relations = { "0" = "< k2" }',)}))["bound-side"].outcome
    assert outcome.status == "error" and "does not contain the mpmath value" in outcome.message, outcome.message


def test_an_irrational_traced_value_is_an_error_on_the_certified_route(check_claims):
    """A hostile review of 2026-12-05: trace = { y = ["1 + sin(1)/2"] } on y' = sin(y) was an internal error (a sympy
    expression compared with an enclosure's rational ends); expect refuses it cleanly, and so does trace now."""
    text = '[model.sy]\nstates = ["y"]\nrhs = { y = "sin(y)" }\n'
    outcome = check_claims(claims_text(text, {"trace": ('check = "run"\nmodel = "sy"\nmethod = "euler"\noptions = { h = "1/2" }\n'
                                                        'initial = { y = 1 }\ntrace = { y = ["1 + sin(1)/2"] }',)}))["trace"].outcome
    assert outcome.status == "error" and "the claimed value must be a rational number" in outcome.message, outcome.message


def test_a_column_at_the_nodes_is_decided_on_the_certified_path(check_claims):
    """A list in expect_at_nodes on the certified route: the pendulum's theta at each of three RK4 steps, each value to
    6 decimals from the reference written out by hand; one changed digit is refuted at its node."""
    thetas = [mpmath.nstr(y[0], 6) for y in pendulum_by_hand()]  # 6 significant digits: 6 decimals of 0.9...
    assert len(thetas) == 3 and all(t.startswith("0.9") for t in thetas)
    column = ", ".join(f'"{t}"' for t in thetas)
    changed = thetas[1][:-1] + ("1" if thetas[1][-1] != "1" else "2")
    results = check_claims(claims_text(MODELS, {
        "true": (PENDULUM + f"digits = 6\nexpect_at_nodes = {{ theta = [{column}] }}",),
        "wrong": (PENDULUM + f'digits = 6\nexpect_at_nodes = {{ theta = ["{thetas[0]}", "{changed}", "{thetas[2]}"] }}',)}))
    assert (results["true"].outcome.status, results["true"].outcome.evidence) == ("verified", "certified"), results["true"].outcome.message
    assert_refuted(results["wrong"].outcome, [f"theta at node 2: claimed {changed} at 6 decimals"])


def test_a_closed_form_claimed_on_the_certified_route_is_refuted_when_apart_and_never_proved(check_claims):
    """Review of 2026-12-05: Burden & Faires, Exercise 5.3.1a (Taylor's method of order 2 on y' = t e^(3t) - 2y, y(0) = 0,
    h = 1/2) has w2 = 1/16 + 7 e^(3/2)/16 in closed form (by hand: w1 = h^2/2 f'(0, 0) = 1/8, f(1/2, 1/8) = e^(3/2)/2 -
    1/4, f'(1/2, 1/8) = 3 e^(3/2)/2 + 1/2), and the certified route refused any claimed value that is not rational.
    A wrong closed form is now refuted by enclosures that are apart; the true one stays an error (two enclosures that
    meet prove no equality), and with digits a closed form is refused (a print is a decimal)."""
    text = '[model.bf531a]\nstates = ["y"]\nrhs = { y = "t*exp(3*t) - 2*y" }\n'
    run = 'check = "run"\nmodel = "bf531a"\nmethod = "taylor-2"\noptions = { h = "1/2" }\ninitial = { y = 0 }\nsteps = 2\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(text, {
        "true": (run + 'expect = { y = "1/16 + 7*exp(3/2)/16" }',), "wrong": (run + 'expect = { y = "1/16 + 7*exp(3/2)/15" }',),
        "digits": (run + 'digits = 4\nexpect = { y = "1/16 + 7*exp(3/2)/16" }',),
        "printed": (run + 'digits = 4\nexpect = { y = "2.0232" }',)})).items()}
    w2 = mpmath.mpf(1) / 16 + 7 * mpmath.exp(mpmath.mpf(3) / 2) / 16
    assert mpmath.nstr(w2, 5) == "2.0232"
    assert_refuted(results["wrong"], ["y: claimed 1/16 + 7*exp(3/2)/15 ∈ [2.15395", "computed ∈ [2.02323", "(the enclosures are apart)"])
    assert results["true"].status == "error" and "enclosures can refute a closed form, never prove it: give digits" in results["true"].message
    assert results["digits"].status == "error" and "with digits the claimed value is the printed decimal" in results["digits"].message
    assert results["printed"].status == "verified", results["printed"].message
    # a closed form far beyond any run's value is refused before it is enclosed (a final review: exp(exp(30)) ran into
    # the memory limit)
    huge = check_claims(claims_text(text, {"huge": (run + 'expect = { y = "exp(exp(30))" }',)}))["huge"].outcome
    assert huge.status == "error" and "is not a finite number below 2^4096 in size" in huge.message, huge.message


def test_the_final_time_is_enclosed_at_the_working_precision(check_claims):
    """A review of 2026-12-06: the final t was enclosed at 53 bits whatever the precision (built before it was set),
    so an expect or relation that reads t (t itself, y + t) could not be decided past 16 digits: true claims were
    errors at 2048 bits.  RK4 on y' = y^2 + 1, h = 1/10, seven steps from 0 (the certified route: the exact values
    outgrow the size limit): y_7 + 7/10 = 1.54228856939497260699395..., recomputed here at 60 digits."""
    with mpmath.workdps(60):
        y, h = mpmath.mpf(0), mpmath.mpf(1) / 10
        f = lambda v: v * v + 1  # noqa: E731
        for _ in range(7):
            k1 = f(y); k2 = f(y + h / 2 * k1); k3 = f(y + h / 2 * k2); k4 = f(y + h * k3)  # noqa: E702
            y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        assert mpmath.nstr(y + mpmath.mpf(7) / 10, 24).startswith("1.542288569394972606993")
        margin = y - mpmath.mpf(7) / 10 - mpmath.mpf("0.1422885693949726069939")
        assert 5e-23 < margin < 6e-23
    body = ('check = "run"\nmodel = "tan"\nmethod = "rk4"\noptions = { h = "1/10" }\ninitial = { y = 0 }\nsteps = 7\n')
    results = {k: r.outcome for k, r in check_claims(claims_text('[model.tan]\nstates = ["y"]\nrhs = { y = "y**2 + 1" }\n', {
        "t": (body + 'digits = 20\nexpect = { t = "0.70000000000000000000" }',),
        "y-plus-t": (body + 'digits = 20\nexpect = { "y + t" = "1.54228856939497260699" }',),
        "y-plus-t-wrong": (body + 'digits = 20\nexpect = { "y + t" = "1.54228856939497260698" }',),
        "relation": (body + 'expect_relations = { "y - t - 0.1422885693949726069939" = "> 0" }',),
        "relation-wrong": (body + 'expect_relations = { "y - t - 0.1422885693949726069940" = "> 0" }',),
    })).items()}
    for key in ("t", "y-plus-t", "relation"):
        assert (results[key].status, results[key].evidence) == ("verified", "certified"), results[key].message
    assert_refuted(results["y-plus-t-wrong"], ["claimed 1.54228856939497260698 at 20 decimals", "rounds to 1.54228856939497260699"])
    assert_refuted(results["relation-wrong"], ["claimed > 0"])


def test_a_claimed_print_outside_every_print_of_an_enclosure_across_a_tie_is_refuted(check_claims):
    """A review of 2026-12-06: Euler with h = 1/8 on y' = sin(t)^2 + cos(t)^2 from t = 1 gives y = 1/8 exactly, known
    only as an enclosure across the tie 0.125; at 2 decimals every rule prints 0.12 or 0.13 there, so a claimed
    0.14 (and 0.26 for y_2 = 1/4) is no print of it: refuted, where it was an error.  0.12 (true under half-even and
    truncation) stays undecided, never refuted."""
    head = '[model.one]\nstates = ["y"]\nrhs = { y = "sin(t)**2 + cos(t)**2" }\n'
    body = 'check = "run"\nmodel = "one"\nmethod = "euler"\noptions = { h = "1/8" }\ninitial = { y = 0, t = 1 }\ndigits = 2\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "wrong": (body + 'expect = { y = "0.14" }',),
        "wrong-node": (body + 'steps = 2\nexpect_at_nodes = { y = ["0.12", "0.26"] }',),
        "tie": (body + 'expect = { y = "0.12" }',),
    })).items()}
    assert_refuted(results["wrong"], ["y: claimed 0.14 at 2 decimals", "which rounds to 0.12 or 0.13, truncates to 0.12"])
    assert_refuted(results["wrong-node"], ["y at node 2: claimed 0.26 at 2 decimals", "rounds to 0.25"])
    assert results["tie"].status != "refuted", results["tie"].message


def test_a_value_the_run_does_not_enclose_is_compared_exactly_on_the_certified_route(check_claims):
    """A review of 2026-12-06: expect = { h = "1/10" } on the certified route was an error (1/10 enclosed in binary
    intervals, which can refute an exact value but never prove it); the step, the final t and the parameters are
    known exactly and compared so, alone or with digits, at the nodes and in relations, and a wrong one is refuted."""
    body = 'check = "run"\nmodel = "tan"\nmethod = "rk4"\noptions = { h = 0.1 }\ninitial = { y = 0 }\nsteps = 10\n'
    results = {k: r.outcome for k, r in check_claims(claims_text('[model.tan]\nstates = ["y"]\nrhs = { y = "y**2 + 1" }\n', {
        "exact": (body + 'expect = { t = 1, h = "1/10", "t + h" = "11/10" }',),
        "digits": (body + 'digits = 3\nexpect = { h = "0.100", y = "1.557" }',),
        "wrong": (body + 'expect = { h = "1/9" }',),
        "nodes": (body + 'expect_at_nodes = { t = ["1/10", "2/10", "3/10", "4/10", "5/10", "6/10", "7/10", "8/10", "9/10", "1"] }',),
        "relation": (body + 'expect_relations = { t = "== 1", "t - h" = "< 9/10 + 1/10**40" }',),
        "relation-wrong": (body + 'expect_relations = { "t - h" = "< 9/10" }',),
    })).items()}
    for key in ("nodes", "relation"):
        assert (results[key].status, results[key].evidence) == ("verified", "certified"), results[key].message
    assert_refuted(results["relation-wrong"], ["t - h: claimed < 9/10", "= 0 (known exactly)"])
    for key in ("exact", "digits"):
        assert (results[key].status, results[key].evidence) == ("verified", "certified"), results[key].message
    assert "h = 1/10 (known exactly" in results["exact"].message
    assert_refuted(results["wrong"], ["h: claimed 1/9, computed 0.1 (known exactly)"])


def multistep_by_hand(corrector: bool, steps: int = 10):
    """Adams-Bashforth 2 (corrector False) or the PECE pair ABM-4 (AB4 predictor, 3-step Adams-Moulton corrector;
    Hairer, Norsett & Wanner I, Tables III.1.1-1.2) on y' = sin(t) - y from y(0) = 1, h = 1/10, the starting values by
    classical RK4: written out here in mpmath at 60 digits, not by verify's code."""
    with mpmath.workdps(60):
        f = lambda t, y: mpmath.sin(t) - y  # noqa: E731
        h = mpmath.mpf(1) / 10
        ts, ys = [mpmath.mpf(0)], [mpmath.mpf(1)]
        for n in range(3 if corrector else 1):
            ts.append(ts[n] + h)
            ys.append(rk4_step(f, ts[n], ys[n], h))
        for n in range(len(ys) - 1, steps):
            F = [f(ts[n - j], ys[n - j]) for j in range(4 if corrector else 2)]
            if corrector:
                p = ys[n] + h / 24 * (55 * F[0] - 59 * F[1] + 37 * F[2] - 9 * F[3])
                ys.append(ys[n] + h / 24 * (9 * f(ts[n] + h, p) + 19 * F[0] - 5 * F[1] + F[2]))
            else:
                ys.append(ys[n] + h * (3 * F[0] - F[1]) / 2)
            ts.append(ts[n] + h)
        return ys[steps]


def test_explicit_multistep_formulas_run_in_balls(check_claims):
    """Adams-Bashforth and the PECE pairs are sums of past values and rates: on a right-hand side with sin(t) they run
    on the certified route (before 2026-12-06 only the numerical route took them), started by RK4's step in balls.  The
    true values (12 decimals) are verified with enclosures, a changed digit and a flipped sign refuted; a formula
    started by an implicit tableau (SDIRK-2) is not stepped in balls and stays on the numerical route."""
    head = '[model.forced]\nstates = ["y"]\nrhs = { y = "sin(t) - y" }\n'
    ab2, abm4 = mpmath.nstr(multistep_by_hand(False), 12), mpmath.nstr(multistep_by_hand(True), 12)
    assert (ab2, abm4) == ("0.706250062242", "0.702403317426")
    body = 'check = "run"\nmodel = "forced"\nmethod = "METHOD"\noptions = { h = "1/10", start = "START" }\ninitial = { y = 1 }\nsteps = 10\ndigits = 12\n'
    ab = body.replace("METHOD", "adams-bashforth-2").replace("START", "rk4")
    pece = body.replace("METHOD", "abm-4").replace("START", "rk4")
    results = check_claims(claims_text(head, {
        "ab2": (ab + f'expect = {{ y = "{ab2}" }}',), "abm4": (pece + f'expect = {{ y = "{abm4}" }}',),
        "ab2-changed-digit": (ab + 'expect = { y = "0.706250062243" }',), "abm4-flipped-sign": (pece + f'expect = {{ y = "-{abm4}" }}',),
        "ab2-sdirk-start": (body.replace("METHOD", "adams-bashforth-2").replace("START", "sdirk-2").replace("digits = 12", "digits = 1")
                            + 'expect = { y = "0.7" }',)}))
    for key in ("ab2", "abm4"):
        outcome = results[key].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "certified"), outcome.message
        assert "interval arithmetic (mpmath.iv) at 128 bits" in outcome.message and "cross-check lies in every enclosure" in outcome.message
    assert_refuted(results["ab2-changed-digit"].outcome, ["y: claimed 0.706250062243 at 12 decimals, computed ∈ [0.7062500622420", "which rounds to 0.706250062242"])
    assert_refuted(results["abm4-flipped-sign"].outcome, ["y: claimed -0.702403317426 at 12 decimals, computed ∈ [0.7024033174264"])
    assert results["ab2-changed-digit"].outcome.evidence == results["abm4-flipped-sign"].outcome.evidence == "certified"
    sdirk = results["ab2-sdirk-start"].outcome
    assert (sdirk.status, sdirk.evidence) == ("verified", "numerical"), sdirk.message


def adaptive_euler_by_hand(controller: str):
    """Step doubling with explicit Euler from t to t_end = 1 (the SPEC's adaptive-euler; the order controller's factor
    floor(1024 (0.9^2/ratio)^(1/2))/1024 clamped to [1/5, 5]) on y' = sin(t) - y from 1, h = 1/4, atol = rtol = 1/1000,
    written out here in mpmath at 50 digits: (y at t_end, attempts)."""
    with mpmath.workdps(50):
        f = lambda t, y: mpmath.sin(t) - y  # noqa: E731
        t, y, h, attempts = mpmath.mpf(0), mpmath.mpf(1), mpmath.mpf(1) / 4, 0
        tolerance = mpmath.mpf(1) / 1000
        while t < 1:
            step = min(h, 1 - t)
            attempts += 1
            f0 = f(t, y)
            coarse, middle = y + step * f0, y + step / 2 * f0
            fine = middle + step / 2 * f(t + step / 2, middle)
            estimate, bound = abs(fine - coarse), tolerance + tolerance * abs(fine)
            accepted = estimate <= bound
            if accepted:
                t, y = t + step, fine
            if controller == "halving":
                h = step if accepted else step / 2
            else:
                factor = mpmath.floor(1024 * mpmath.sqrt(mpmath.mpf("0.81") * bound / estimate)) / 1024
                h = step * min(5, max(mpmath.mpf(1) / 5, factor))
        return y, attempts


def test_step_size_controllers_run_on_intervals_where_their_tests_are_decided(check_claims):
    """adaptive-euler (both controllers) on y' = sin(t) - y: `error` before 2026-12-06 ("no certified route"), now
    certified: every accept test and the quantized factor's floor decided on enclosures.  True values (12 decimals and
    the number of attempts) verified, a changed digit and a wrong count refuted (B&F's controller: in
    tests/test_burden_faires_rkf.py)."""
    halving, order = adaptive_euler_by_hand("halving"), adaptive_euler_by_hand("order")
    shown = {k: (mpmath.nstr(v, 12, strip_zeros=False), n) for k, (v, n) in {"halving": halving, "order": order}.items()}
    assert shown == {"halving": ("0.697380923112", 35), "order": ("0.691565517730", 16)}
    head = '[model.forced]\nstates = ["y"]\nrhs = { y = "sin(t) - y" }\n'
    body = ('check = "run"\nmodel = "forced"\nmethod = "adaptive-euler"\noptions = { h = "1/4", atol = "1/1000", rtol = "1/1000", '
            't_end = 1, controller = "CONTROLLER" }\ninitial = { y = 1 }\nsteps = 1\ndigits = 12\n')
    rows = {k: (body.replace("CONTROLLER", k) + f'expect = {{ y = "{v}", attempts = {n} }}',) for k, (v, n) in shown.items()}
    rows["halving-changed-digit"] = (body.replace("CONTROLLER", "halving") + 'expect = { y = "0.697380923113" }',)
    rows["order-wrong-count"] = (body.replace("CONTROLLER", "order") + 'expect = { attempts = 15 }',)
    results = {k: r.outcome for k, r in check_claims(claims_text(head, rows)).items()}
    for key in ("halving", "order"):
        assert (results[key].status, results[key].evidence) == ("verified", "certified"), results[key].message
    assert_refuted(results["halving-changed-digit"], ["y: claimed 0.697380923113 at 12 decimals, computed ∈ [0.6973809231121"])
    assert_refuted(results["order-wrong-count"], ["attempts: claimed 15", "computed 16"])
    assert results["halving-changed-digit"].evidence == results["order-wrong-count"].evidence == "certified"


def test_enclosures_compare_only_where_they_do_not_overlap():
    """Ball's comparisons (a controller's tests): decided for apart intervals, equality only for one and the same
    point, IntervalsOverlap otherwise; floor where both ends agree; exact numbers on either side."""
    from fractions import Fraction

    from verify.engines.certified import Ball
    from verify.errors import IntervalsOverlap

    low, high, across = Ball(mpmath.iv.mpf([1, 2])), Ball(mpmath.iv.mpf([3, 4])), Ball(mpmath.iv.mpf([1.5, 3]))
    assert (low < high, low <= high, low > high, high >= low, low == high, low != high) == (True, True, False, True, False, True)
    assert max(low, high) is high and Fraction(1, 2) < low and not (Fraction(5, 2) <= low) and 3 > low
    assert Ball(mpmath.iv.mpf(2)) == 2 and Ball(mpmath.iv.mpf(2)) != Fraction(5, 2)
    for compare in (lambda: low < across, lambda: across >= high, lambda: Ball(mpmath.iv.mpf([2, 2.5])) == 2):
        with pytest.raises(IntervalsOverlap):
            compare()
    for rounded in (0.5, mpmath.mpf(0.5)):  # a rounded number is never compared with an enclosure (a final review: == was False)
        for compare in (lambda: Ball(mpmath.iv.mpf(0.5)) == rounded, lambda: rounded < Ball(mpmath.iv.mpf(1))):
            with pytest.raises(TypeError):
                compare()
    assert (low == "low", low in ["x", None, low]) == (False, True)  # not a number: Python's own answer
    assert Ball(mpmath.iv.mpf([2.5, 2.75])).floor() == 2 and Ball(mpmath.iv.mpf([-0.5, -0.25])).floor() == -1
    with pytest.raises(IntervalsOverlap):
        Ball(mpmath.iv.mpf([2.5, 3.25])).floor()


def test_a_long_multistep_run_takes_the_bits_it_needs_and_a_blow_up_stops_at_once(check_claims):
    """A review of 2026-12-06.  Adams-Bashforth 5 on Lotka-Volterra (x' = x - xz, z' = xz - z from (2, 1), h = 1/100,
    400 steps, RK4 starting values; written out here): the exact values grow 16-fold a step, the intervals at 128 bits
    widen past their precision by step 366, which was an `error`; widths, not values, grew, so 256 bits are tried and
    decide it (verified, a changed digit refuted).  A run whose values blow up (AB2 on y' = e^y from y = 1000) stops at
    once with an error; writing its enclosures exactly for explain's text (2^(e^1000)) ran into the memory limit."""
    with mpmath.workdps(50):
        f = lambda t, v: [v[0] - v[0] * v[1], v[0] * v[1] - v[1]]  # noqa: E731
        h, values = mpmath.mpf(1) / 100, [[mpmath.mpf(2), mpmath.mpf(1)]]
        for _ in range(4):
            y = values[-1]
            k1 = f(0, y)
            k2 = f(0, [a + h / 2 * b for a, b in zip(y, k1)])
            k3 = f(0, [a + h / 2 * b for a, b in zip(y, k2)])
            k4 = f(0, [a + h * b for a, b in zip(y, k3)])
            values.append([a + h / 6 * (p + 2 * q + 2 * r + s) for a, p, q, r, s in zip(y, k1, k2, k3, k4)])
        weights = [1901, -2774, 2616, -1274, 251]  # f_n, f_(n-1), ... (Hairer, Norsett & Wanner I, Table III.1.1)
        for n in range(4, 400):
            rates = [f(0, values[n - j]) for j in range(5)]
            values.append([values[n][q] + h / 720 * sum(w * r[q] for w, r in zip(weights, rates)) for q in range(2)])
        x, z = (mpmath.nstr(v, 8, strip_zeros=False) for v in values[400])
    assert (x, z) == ("0.57555912", "0.51469014")
    head = '[model.lv]\nstates = ["x", "z"]\nrhs = { x = "x - x*z", z = "x*z - z" }\n[model.blow]\nstates = ["y"]\nrhs = { y = "exp(y)" }\n'
    body = ('check = "run"\nmodel = "lv"\nmethod = "adams-bashforth-5"\noptions = { h = "1/100", start = "rk4" }\n'
            'initial = { x = 2, z = 1 }\nsteps = 400\ndigits = 8\n')
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "ab5": (body + f'expect = {{ x = "{x}", z = "{z}" }}',), "ab5-wrong": (body + 'expect = { x = "0.57555913" }',),
        "blow": ('check = "run"\nmodel = "blow"\nmethod = "adams-bashforth-2"\noptions = { h = "1", history = { y = ["1000"] } }\n'
                 'initial = { y = 1 }\nsteps = 3\nexpect = { y = "0" }',)})).items()}
    assert (results["ab5"].status, results["ab5"].evidence) == ("verified", "certified") and "at 256 bits" in results["ab5"].message, \
        results["ab5"].message
    assert_refuted(results["ab5-wrong"], ["x: claimed 0.57555913 at 8 decimals, computed ∈ [0.575559119"])
    assert results["blow"].status == "error" and "blew up" in results["blow"].message, results["blow"].message


def test_a_long_certified_run_keeps_its_values_not_the_text_of_every_formula(check_claims):
    """Explain's formula text for every step of a long run (sympy sign queries, every enclosure printed) was most of the
    time of a long certified multistep run (ABM-5 over 2,000 steps: 41 s, a review of 2026-12-06): a run of more than
    50 steps keeps its values, and its derivation shows the first and the last 200 of them."""
    head = '[model.forced]\nstates = ["y"]\nrhs = { y = "sin(t) - y" }\n'
    body = ('check = "run"\nmodel = "forced"\nmethod = "adams-bashforth-2"\noptions = { h = "1/100", start = "rk4" }\n'
            'initial = { y = 1 }\nexpect = { y = "0" }\n')
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "short": (body + "steps = 10",), "long": (body + "steps = 1000",)})).items()}
    short, long = results["short"], results["long"]
    assert short.evidence == long.evidence == "certified"
    assert any(" = y + h*" in line or "h*(" in line for line in short.derivation), short.derivation[:8]
    assert any("values not shown" in line for line in long.derivation) and len(long.derivation) < 450
    assert not any("h*(" in line for line in long.derivation[1:]), long.derivation[1:4]


def test_an_undecided_tie_shows_the_enclosure_that_straddles_the_rounding_boundary(check_claims):
    """Euler with h = 1/2 on y' = (sin(t)^2 + cos(t)^2) 21/20 from 0 reaches exactly 21/20 = 1.05 in two steps: its
    enclosure straddles the boundary between 1.0 and 1.1 at every precision, an error.  The message shows the
    enclosure, so that a user tells a tie (as here, 1.05 within 10^-59) from an enclosure grown wide over a run near a
    blow-up (a review of the tenth session: the message said only "a tie, or an equality that needs digits")."""
    head = '[model.one]\nstates = ["y"]\nrhs = { y = "(sin(t)**2 + cos(t)**2)*21/20" }\n'
    body = 'check = "run"\nmodel = "one"\nmethod = "euler"\noptions = { h = "1/2" }\ninitial = { y = 0 }\nsteps = 2\ndigits = 1\n'
    outcome = check_claims(claims_text(head, {"tie": (body + 'expect = { y = "1.0" }',)}))["tie"].outcome
    assert outcome.status == "error", outcome.message
    assert "the enclosure of y is [1.0499999999999999999999999999" in outcome.message
    assert "1.0500000000000000000000000000" in outcome.message and "a tie" in outcome.message


def test_an_affine_run_too_large_for_exact_values_is_certified_by_the_power_of_its_step_map(check_claims):
    """An external review of 2026-12-07: Euler over 10^6 steps of y' = t - y (h = 1/500000) took 98 s and RK4 ran out of
    time: past the exact size guard (the power's values would reach about 40 million bits) each step ran in intervals,
    and the twin stepped too.  The step is affine in (y, t): the certified route now raises the exact one-step map to
    the N-th power in arb balls, and the twin its own map read off its steps.  Euler's error is known in closed form
    (Euler is exact on the particular solution t - 1): y_N - y(2) = 2 ((1 - h)^N - e^-2), computed here at 60 digits."""
    import mpmath

    with mpmath.workdps(60):
        h, N = mpmath.mpf(1) / 500000, 10**6
        error = abs(2 * ((1 - h) ** N - mpmath.exp(-2)))
        exact = 2 * mpmath.exp(-2) + 1  # y(2); RK4's error at this h is far below 10^-15
    assert mpmath.mpf("5.4e-7") < error < mpmath.mpf("5.42e-7") and mpmath.nstr(exact, 16) == "1.270670566473225"
    model = '[model.tmy]\nstates = ["y"]\nrhs = { y = "t - y" }\nsolution = { y = "(y0 + 1)*exp(-t) + t - 1" }\n'
    run = 'check = "run"\nmodel = "tmy"\noptions = { h = "1/500000" }\ninitial = { y = 1 }\nsteps = 1000000\n'
    results = check_claims(claims_text(model, {
        "euler": (run + 'method = "euler"\nexpect_relations = { "abs(solution(y) - y)" = "< 5.42e-7" }',),
        "euler-wrong": (run + 'method = "euler"\nexpect_relations = { "abs(solution(y) - y)" = "< 5.4e-7" }',),
        "rk4": (run + 'method = "rk4"\ndigits = 15\nexpect = { y = "1.270670566473225" }',),
        "rk4-wrong": (run + 'method = "rk4"\ndigits = 15\nexpect = { y = "1.270670566473252" }',)}))
    for key in ("euler", "rk4"):
        outcome = results[key].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "certified"), (key, outcome.message)
        assert "the step's exact affine map raised to the power 1000000 in python-flint arb_mat balls" in outcome.message
    assert_refuted(results["euler-wrong"].outcome, ["abs(solution(y) - y)", "5.4e-7"])
    assert_refuted(results["rk4-wrong"].outcome, ["claimed 1.270670566473252", "1.270670566473225"])
    # the review of the session's change: y' = 1000 y + t over 10^6 Euler steps of 1/7 reaches 2^7,000,000, and the
    # power's enclosure reached the report's reading of its ends: "internal error CertifiedUnavailable"
    grown = check_claims(claims_text('[model.grow]\nstates = ["y"]\nrhs = { y = "1000*y + t" }\n', {"grow": (
        'check = "run"\nmodel = "grow"\nmethod = "euler"\noptions = { h = "1/7" }\ninitial = { y = 1 }\nsteps = 1000000\n'
        'digits = 6\nexpect = { "log(y)/log(10)" = "2157931.430540" }',)}), name="grow.toml")["grow"].outcome
    assert grown.status == "error" and "the enclosure blew up" in grown.message and "internal error" not in grown.message, grown.message
    # the same review: a state decaying to 256^-N beside the compared one (z_N = N(N - 1)/2 with h = 1) had the
    # cross-check read its ends as rationals (an internal error); and a claim the balls cannot decide (y = t - 1 exactly
    # from y0 = -1: an enclosure never proves y = 1) went on to the steps one by one, 4 minutes into the memory limit
    tiny = ('[model.tiny]\nstates = ["x", "z"]\nrhs = { x = "-255*x/256", z = "t" }\n' + model)
    body = 'check = "run"\nmodel = "tiny"\nmethod = "euler"\noptions = { h = 1 }\ninitial = { x = 1, z = 0 }\nsteps = 1000000\ndigits = 3\n'
    tail = check_claims(claims_text(tiny, {"tiny": (body + 'expect = { z = "499999500000.000" }',),
                                           "tiny-wrong": (body + 'expect = { z = "499999500001.000" }',),
                                           "exact-one": (run.replace("initial = { y = 1 }", "initial = { y = -1 }") + 'method = "euler"\nexpect = { y = "1" }',)}),
                        name="tiny.toml")
    assert (tail["tiny"].outcome.status, tail["tiny"].outcome.evidence) == ("verified", "certified"), tail["tiny"].outcome.message
    assert_refuted(tail["tiny-wrong"].outcome, ["claimed 499999500001.000", "499999500000.000"])
    assert tail["exact-one"].outcome.status == "error" and "give digits" in tail["exact-one"].outcome.message, tail["exact-one"].outcome.message


def test_the_twin_s_rounding_test_holds_small_states_to_the_cross_check_s_scale(check_claims, monkeypatch):
    """The session's whole-diff review: the twin's power was held to 55 digits of the final state's own size, so a run
    ending near 0 failed its rounding test and was stepped 10^6 times (a time-out, or 3 GB of nodes kept): RK4 on the
    oscillator from x = 10^-20 (the run from x = 1 times 10^-20: 10^20 x(2) near cos 2 = -0.41614683654714), RK4 on
    y' = -y with h = 1/10 (y below 10^-40000), Euler on y' = t - y from -1 (y = t - 1 exactly: 0 at t = 1).  The
    cross-check compares values below 1 to an absolute 10^-30 (crosscheck.close): the rounding test now does as well."""
    from verify.engines.twins import runge_kutta as rk_twin

    fail_past(monkeypatch, rk_twin.Stepper, "advance", 1_000, "the twin stepped the long run one step at a time")
    models = ('[model.osc]\nstates = ["x", "v"]\nrhs = { x = "v", v = "-x" }\n[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
              '[model.tmy]\nstates = ["y"]\nrhs = { y = "t - y" }\n')
    tiny = ('check = "run"\nmodel = "osc"\nmethod = "rk4"\noptions = { h = "1/500000" }\ninitial = { x = "1/100000000000000000000", v = 0 }\n'
            'steps = 1000000\n')
    results = check_claims(claims_text(models, {
        "tiny": (tiny + 'expect_relations = { "100000000000000000000*x" = "< -0.4161468365" }',),
        "tiny-wrong": (tiny + 'expect_relations = { "100000000000000000000*x" = "> -0.4161468365" }',),
        "decay": ('check = "run"\nmodel = "decay"\nmethod = "rk4"\noptions = { h = "1/10" }\ninitial = { y = 1 }\nsteps = 1000000\n'
                  'expect_relations = { y = "< 1/1000" }',),
        "zero": ('check = "run"\nmodel = "tmy"\nmethod = "euler"\noptions = { h = "1/1000000" }\ninitial = { y = -1 }\nsteps = 1000000\n'
                 'expect_relations = { y = "< 1/1000" }',)}))
    for key in ("tiny", "decay", "zero"):
        assert results[key].outcome.status == "verified", (key, results[key].outcome.message)
    assert_refuted(results["tiny-wrong"].outcome, ["100000000000000000000*x", "-0.4161468365"])


def test_the_size_error_of_an_affine_run_pickles_with_the_map_it_carries():
    """AffineSizeError carries the run's exact one-step map; pickled as an exception pickles (its args alone), it could
    not be rebuilt (a worker hands errors back pickled)."""
    import pickle
    from fractions import Fraction

    from verify.errors import AffineSizeError

    error = AffineSizeError("exact values could reach 38,000,002 bits", [[Fraction(1, 2)]], [Fraction(1)], [Fraction(3)], 10**6, 1, Fraction(2))
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is AffineSizeError and str(again) == str(error)
    assert (again.matrix, again.offset, again.start, again.steps, again.size, again.t_end) == ([[Fraction(1, 2)]], [Fraction(1)], [Fraction(3)], 10**6, 1, Fraction(2))


def test_a_linear_autonomous_run_past_the_size_guard_takes_the_same_power(check_claims):
    """The session's review: RK4 over 10^6 steps of y' = -y (h = 1/500000) had no size guard on the exact power and
    built 80-million-bit values in 20 s.  Past the guard it is certified on the power of its exact step map too.  The
    value is R(-h)^N with RK4's R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24, computed here at 60 digits."""
    import mpmath

    with mpmath.workdps(60):
        z = -mpmath.mpf(1) / 500000
        value = (1 + z + z**2 / 2 + z**3 / 6 + z**4 / 24) ** 10**6
    assert mpmath.nstr(value, 20) == "0.13533528323661269189"
    body = ('check = "run"\nmodel = "decay"\nmethod = "rk4"\noptions = { h = "1/500000" }\ninitial = { y = 1 }\nsteps = 1000000\n'
            'digits = 20\n')
    results = check_claims(claims_text('[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n', {
        "right": (body + 'expect = { y = "0.13533528323661269189" }',), "wrong": (body + 'expect = { y = "0.13533528323661269198" }',)}))
    right = results["right"].outcome
    assert (right.status, right.evidence) == ("verified", "certified") and "raised to the power 1000000" in right.message, right.message
    assert_refuted(results["wrong"].outcome, ["claimed 0.13533528323661269198", "0.13533528323661269189"])


def test_a_right_hand_side_that_is_rational_at_every_evaluation_is_run_exactly(check_claims):
    """Euler on y' = sin(pi t) from 1/8 with h = 1: y2 = 1/8 + sin(0) + sin(pi) = 1/8 exactly, where the certified
    route's enclosures could not decide the tie 0.125 (a review of 2026-12-07, an honest error); on y' = cos(pi t) y
    with h = 1/2, by hand y = 1, 3/2, 3/2, 3/4, 3/4 (cos at 0, pi/2, pi, 3 pi/2).  A right-hand side that leaves the
    special values (sin(1/10)) takes the certified route as before."""
    models = ('[model.sinpi]\nstates = ["y"]\nrhs = { y = "sin(pi*t)" }\n[model.cospi]\nstates = ["y"]\nrhs = { y = "cos(pi*t)*y" }\n'
              '[model.sine]\nstates = ["y"]\nrhs = { y = "sin(t)" }\n[model.forced]\nstates = ["y"]\nrhs = { y = "-y + sin(pi*t)" }\n')
    sinpi = 'check = "run"\nmodel = "sinpi"\nmethod = "euler"\noptions = { h = 1 }\ninitial = { y = "1/8" }\nsteps = 2\n'
    cospi = 'check = "run"\nmodel = "cospi"\nmethod = "euler"\noptions = { h = "1/2" }\ninitial = { y = 1 }\nsteps = 4\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(models, {
        "tie": (sinpi + 'digits = 2\nrounding = "half-even"\nexpect = { y = "0.12" }',),
        "tie-wrong": (sinpi + 'digits = 2\nrounding = "half-up"\nexpect = { y = "0.12" }',),
        "nodes": (cospi + 'expect_at_nodes = { y = ["3/2", "3/2", "3/4", "3/4"] }',),
        "nodes-wrong": (cospi + 'expect_at_nodes = { y = ["3/2", "3/2", "3/4", "3/5"] }',),
        "sine": ('check = "run"\nmodel = "sine"\nmethod = "euler"\noptions = { h = "1/10" }\ninitial = { y = 0 }\nsteps = 2\n'
                 'expect_relations = { y = "< 1/50" }',),
        # implicit steps on y' = -y + sin(pi t), h = 1: y+ = y/2 (backward Euler), y/3 (the trapezoid rule), by hand
        "backward": ('check = "run"\nmodel = "forced"\nmethod = "backward-euler"\noptions = { h = 1 }\ninitial = { y = 1 }\nsteps = 3\n'
                     'expect = { y = "1/8" }',),
        "trapezoid": ('check = "run"\nmodel = "forced"\nmethod = "trapezoid"\noptions = { h = 1 }\ninitial = { y = 1 }\nsteps = 3\n'
                      'expect = { y = "1/27" }',),
    })).items()}
    for key in ("tie", "nodes", "backward", "trapezoid"):
        assert (results[key].status, results[key].evidence) == ("verified", "exact"), results[key].message
    assert_refuted(results["tie-wrong"], ["y: claimed 0.12 at 2 decimals, computed 0.125 (a tie at decimal 3), which rounds to 0.13 (half-up)"])
    assert_refuted(results["nodes-wrong"], ["y at node 4 (t = 2): claimed 3/5, computed 3/4"])
    assert (results["sine"].status, results["sine"].evidence) == ("verified", "certified"), results["sine"].message


def test_a_run_at_special_values_whose_rationals_explode_gives_way_to_the_certified_route_early(check_claims, monkeypatch):
    """Butler's AB2 table on y' = y/5 - y^2/100 + sin(2 pi t) at integer t: sin(2 pi t) = 0 at every node, but the
    quadratic term doubles the exact values' size each step, and the special-values route ran its 20 steps to the
    4,000,000-bit guard (29 s) before the certified route took the claim.  It now stops at 100,000 bits or as soon as
    the growth shows it would pass them (the step loop's projection): a handful of evaluations, then certified."""
    from verify.checks import run as run_check

    made = []

    class Recorded(run_check.SpecialValuesSystem):
        def __init__(self, *args):
            made.append(self)
            super().__init__(*args)

    monkeypatch.setattr(run_check, "SpecialValuesSystem", Recorded)
    model = '[model.pop]\nstates = ["y"]\nrhs = { y = "y/5 - y**2/100 + sin(2*pi*t)" }\n'
    claim = ('check = "run"\nmodel = "pop"\nmethod = "adams-bashforth-2"\noptions = { h = 1, history = { y = ["6.11"] } }\n'
             'initial = { t = 2000, y = 6 }\nsteps = 20\nexpect_relations = { y = "> 19" }')
    outcome = check_claims(claims_text(model, {"pop": (claim,)}))["pop"].outcome
    assert (outcome.status, outcome.evidence) == ("verified", "certified"), outcome.message
    assert len(made) == 1 and made[0].evaluations < 12, made[0].evaluations  # 20 steps: 20 evaluations to the guard before


BF_1A = """
[model.bf_1a]
states = ["y"]
rhs = { y = "t*exp(3*t) - 2*y" }
solution = { y = "t*exp(3*t)/5 - exp(3*t)/25 + (y0 + 1/25)*exp(-2*t)" }
"""  # Burden & Faires (10th ed.), Exercise 5.6.1(a)


def test_a_multistep_table_started_from_the_models_irrational_solution_is_certified(check_claims):
    """Burden & Faires' answers to Exercise 5.6.1(a) (h = 0.2, exact starting values y(0.2) = 0.0268128...): AB2
    0.0268128, 0.1200522, 0.4153551, 1.1462844, 2.8241683 and AM2 0.0268128, 0.1533627, 0.5030068, 1.3463142, 3.2512866
    (mpmath at 50 digits, claims/burden_faires_multistep_answers.toml's notes).  Their starting value e^(3/5)/25 ... is
    irrational, so start = "exact" took the numerical route (evidence numerical) until 2026-12-07; the certified routes
    now enclose it (certified.BallSystem.start_value; certified_implicit's EXACT_START for Adams-Moulton) and the tables
    are certified; a changed last digit is refuted, certified; a start at t0 = 1/2 off the solution stays an error."""
    run = ('check = "run"\nmodel = "bf_1a"\nmethod = "{method}"\noptions = {{ h = "0.2", start = "exact" }}\ninitial = {{ y = 0 }}\n'
           'steps = 5\ndigits = 7\nexpect_at_nodes = {{ y = [{values}] }}')
    ab2 = '"0.0268128", "0.1200522", "0.4153551", "1.1462844", "2.8241683"'
    am2 = '"0.0268128", "0.1533627", "0.5030068", "1.3463142", "3.2512866"'
    results = check_claims(claims_text(BF_1A, {
        "ab2": (run.format(method="adams-bashforth-2", values=ab2),),
        "am2": (run.format(method="adams-moulton-2", values=am2),),
        "ab2-changed-digit": (run.format(method="adams-bashforth-2", values=ab2.replace("1.1462844", "1.1462845")),),
        "am2-changed-digit": (run.format(method="adams-moulton-2", values=am2.replace("0.5030068", "0.5030069")),),
        "am2-late-start": (run.format(method="adams-moulton-2", values=am2).replace("initial = { y = 0 }", 'initial = { t = "1/2", y = 0 }'),),
    }))
    outcomes = {name: result.outcome for name, result in results.items()}
    for name in ("ab2", "am2"):
        assert (outcomes[name].status, outcomes[name].evidence) == ("verified", "certified"), outcomes[name].message
    assert outcomes["ab2-changed-digit"].evidence == outcomes["am2-changed-digit"].evidence == "certified"
    assert_refuted(outcomes["ab2-changed-digit"], ["y at node 4: claimed 1.1462845 at 7 decimals"])
    assert_refuted(outcomes["am2-changed-digit"], ["y at node 3: claimed 0.5030069 at 7 decimals"])
    assert outcomes["am2-late-start"].status == "error", outcomes["am2-late-start"].message


def test_a_value_claimed_to_100_decimals_is_shown_with_the_enclosure_it_was_decided_on(check_claims):
    """An adversarial review of 2026-12-07: Heun's y1 on y' = e^(-t) y (h = 1/10) claimed to 100 decimals was verified
    with its enclosure printed to 60 digits, 10^40 times wider than the digit it decides.  The enclosure is shown to
    10 digits past the claim's.  Heun here is y1 = 1 + (1 + 11 e^(-1/10)/10)/20, recomputed with mpmath at 130
    digits; the last decimal changed is refuted."""
    import mpmath

    with mpmath.workdps(130):
        value = 1 + (1 + 11 * mpmath.exp(-mpmath.mpf(1) / 10) / 10) / 20
        printed = mpmath.nstr(value, 101, strip_zeros=False)
    wrong = printed[:-1] + str((int(printed[-1]) + 1) % 10)
    model = '[model.expo]\nstates = ["y"]\nrhs = { y = "exp(-t)*y" }\n'
    body = 'check = "run"\nmodel = "expo"\nmethod = "heun"\noptions = { h = "0.1" }\ninitial = { y = 1 }\nsteps = 1\ndigits = 100\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(model, {
        "right": (body + f'expect = {{ y = "{printed}" }}',), "wrong": (body + f'expect = {{ y = "{wrong}" }}',)})).items()}
    right = results["right"]
    assert (right.status, right.evidence) == ("verified", "certified"), right.message
    low = right.message.split("y ∈ [")[1].split(",")[0]
    assert len(low.split(".")[1]) >= 100 and low.startswith(printed[:100]), low
    assert_refuted(results["wrong"], [f"y: claimed {wrong} at 100 decimals"])
