"""rkf-burden-faires: Burden & Faires' Algorithm 5.3 (Runge-Kutta-Fehlberg with their step-size control), against
the algorithm written out here from the book (Fehlberg's K1..K6 as B&F print them, R = |K1/360 - 128K3/4275 -
2197K4/75240 + K5/50 + 2K6/55|/h, delta = 0.84 (TOL/R)^(1/4))."""
from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction as F

import mpmath

from conftest import assert_refuted, claims_text

MODELS = """
[model.bf]
states = ["y"]
rhs = { y = "y - t**2 + 1" }

[model.named_R]
states = ["R"]
rhs = { R = "-R" }

[model.quartic_sin]
states = ["y", "z"]
rhs = { y = "t**4", z = "sin(t)/10**30" }

[model.decay_attempts]
states = ["y"]
rhs = { y = "-attempts*y" }
parameters = { attempts = 1 }
"""


def algorithm_5_3(tol, h_max, h_min, b, number=mpmath.mpf, root=None, f=lambda t, y: y - t * t + 1, w0=None):
    """(rows (t, w, h, R) of accepted steps, failed?) for y' = f(t, y) (default y - t^2 + 1), y(0) = w0 (default 1/2), in
    ``number`` arithmetic."""
    t, w, h, rows = number(0), number(1) / 2 if w0 is None else w0, h_max, []
    while True:
        K1 = h * f(t, w)
        K2 = h * f(t + h / 4, w + K1 / 4)
        K3 = h * f(t + 3 * h / 8, w + 3 * K1 / 32 + 9 * K2 / 32)
        K4 = h * f(t + 12 * h / 13, w + 1932 * K1 / 2197 - 7200 * K2 / 2197 + 7296 * K3 / 2197)
        K5 = h * f(t + h, w + 439 * K1 / 216 - 8 * K2 + 3680 * K3 / 513 - 845 * K4 / 4104)
        K6 = h * f(t + h / 2, w - 8 * K1 / 27 + 2 * K2 - 3544 * K3 / 2565 + 1859 * K4 / 4104 - 11 * K5 / 40)
        R = abs(K1 / 360 - 128 * K3 / 4275 - 2197 * K4 / 75240 + K5 / 50 + 2 * K6 / 55) / h
        if R <= tol:
            t, w = t + h, w + 25 * K1 / 216 + 1408 * K3 / 2565 + 2197 * K4 / 4104 - K5 / 5
            rows.append((t, w, h, R))
        if t >= b:
            return rows, False
        delta = (root or (lambda q: mpmath.mpf(84) / 100 * mpmath.root(q, 4)))(tol / R) if R else 4
        h = h / 10 if delta <= number(1) / 10 else 4 * h if delta >= 4 else delta * h
        h = min(h, h_max)
        if t + h > b:
            h = b - t
        elif h < h_min:
            return rows, True


def fixed(value, places=7) -> str:
    """``value`` rounded half-even to ``places`` decimals, as a table prints it."""
    return str(Decimal(mpmath.nstr(value, 30, min_fixed=-40, max_fixed=40)).quantize(Decimal(10) ** -places, ROUND_HALF_EVEN))


def decimals(values, places=7):
    return "[" + ", ".join(f'"{fixed(v, places)}"' for v in values) + "]"


def test_table_5_11_is_certified_and_a_changed_digit_refuted(check_claims):
    """B&F's Table 5.11 (TOL = 1e-5, h_max = 0.25, h_min = 0.01 on [0, 2]): t_i, w_i, h_i and R_i to 7 decimals; the
    steps 0.2365522... and 0.2427810... are irrational, so the exact path cannot run it.  Since 2026-12-06 it runs
    in intervals (each accept test and the fourth root of the step formula on enclosures, decided where they do not
    overlap), evidence certified; it was on the numerical route before."""
    with mpmath.workdps(40):
        rows, failed = algorithm_5_3(mpmath.mpf("1e-5"), mpmath.mpf("0.25"), mpmath.mpf("0.01"), mpmath.mpf(2))
        assert not failed and len(rows) == 9 and fixed(rows[1][2]) == "0.2365522" and fixed(rows[-1][1]) == "5.3054896"
        columns = [decimals([r[i] for r in rows]) for i in range(4)]
    body = ('check = "run"\nmodel = "bf"\nmethod = "rkf-burden-faires"\noptions = { tolerance = "1e-5", h_max = "0.25", h_min = "0.01", '
            't_end = 2 }\ninitial = { y = "0.5" }\nsteps = 1\ndigits = 7\n')
    wrong_w = columns[1].replace('"3.2604605"', '"3.2604606"')
    assert wrong_w != columns[1]
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS, {
        "table": (body + f"trace = {{ step_t = {columns[0]}, y = {columns[1]}, step_h = {columns[2]}, step_R = {columns[3]} }}",),
        "changed-w": (body + f"trace = {{ y = {wrong_w} }}",)})).items()}
    assert (results["table"].status, results["table"].evidence) == ("verified", "certified"), results["table"].message
    assert "0.84 (TOL/R)^(1/4)" in results["table"].message and "irrational" in results["table"].message
    assert_refuted(results["changed-w"], ["trace y value 5: claimed 3.2604606 at 7 decimals", "computed ∈ [3.2604605"])
    assert results["changed-w"].evidence == "certified"


def test_rational_steps_run_exactly_and_a_step_below_h_min_fails(check_claims):
    """With TOL = 1/100 every delta is at least 4, so h stays h_max = 1/4 and the run is exact: compared with the
    algorithm in fractions.Fraction.  With TOL = 1e-12 the step falls below h_min = 1/10 and the run fails."""
    rows, failed = algorithm_5_3(F(1, 100), F(1, 4), F(1, 10), F(2), number=F, root=lambda q: 4)
    assert not failed and all(r[2] == F(1, 4) for r in rows)
    w = rows[-1][1]
    body = ('check = "run"\nmodel = "bf"\nmethod = "rkf-burden-faires"\ninitial = { y = "1/2" }\nsteps = 1\n')
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS, {
        "exact": (body + f'options = {{ tolerance = "1/100", h_max = "1/4", h_min = "1/10", t_end = 2 }}\nexpect = {{ y = "{w}", accepted_steps = 8 }}',),
        "exact-wrong": (body + f'options = {{ tolerance = "1/100", h_max = "1/4", h_min = "1/10", t_end = 2 }}\nexpect = {{ y = "{w + F(1, 10**12)}" }}',),
        "fails": (body + 'options = { tolerance = "1e-12", h_max = "1/4", h_min = "1/10", t_end = 2 }\nexpect = { failed = 1 }',),
        "named-R": ('check = "run"\nmodel = "named_R"\nmethod = "rkf-burden-faires"\noptions = { tolerance = "1/100", h_max = "1/4", '
                    'h_min = "1/10", t_end = 1 }\ninitial = { R = 1 }\nexpect = { R = 1 }',)})).items()}
    assert (results["exact"].status, results["exact"].evidence) == ("verified", "exact"), results["exact"].message
    assert_refuted(results["exact-wrong"], [f"y: claimed {w + F(1, 10**12)}"])
    assert results["fails"].status == "verified" and "fell below h_min" in results["fails"].message, results["fails"].message
    assert results["named-R"].status == "error" and "records R, which the model names a variable too" in results["named-R"].message


def test_ties_on_the_numerical_route_are_errors_and_names_are_not_shadowed(check_claims):
    """A review of 2026-12-05: on y' = t^4 one Fehlberg step of h = 1/2 from 0 has R = 1/33280 exactly (the algorithm in
    fractions.Fraction, here), so with TOL = 1/33280 it is accepted; with z' = sin(t)/10^30 beside it the run is on the
    numerical route, whose plain <= rejected it, and a false table was verified: a tie is now an error.  A model
    parameter named attempts put its value where the claim read the run's attempts; steps = 2 ran a second, empty
    macro step; h_min above h_max: each is refused."""
    rows, _ = algorithm_5_3(F(1, 33280), F(1, 2), F(1, 1000), F(1, 2), number=F, root=lambda q: 1, f=lambda t, y: t**4, w0=F(0))
    assert rows[0][2] == F(1, 2) and rows[0][3] == F(1, 33280)  # accepted with R = TOL exactly
    body = 'check = "run"\nmodel = "quartic_sin"\nmethod = "rkf-burden-faires"\ninitial = { y = 0, z = 0 }\n'
    options = 'options = { tolerance = "1/33280", h_max = "1/2", h_min = "1/1000", t_end = 1 }\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS, {
        "tie": (body + options + "expect = { rejections = 0 }",),
        "tie-false": (body + options + "expect = { rejections = 1 }",),
        "two-steps": (body + options + "steps = 2\nexpect = { rejections = 0 }",),
        "h-min-above": (body + 'options = { tolerance = "1/33280", h_max = "1/2", h_min = 1, t_end = 1 }\nexpect = { rejections = 0 }',),
        "shadowed": ('check = "run"\nmodel = "decay_attempts"\nmethod = "rkf-burden-faires"\ninitial = { y = 1 }\n'
                     'options = { tolerance = "1/100", h_max = "1/4", h_min = "1/100", t_end = 1 }\nexpect = { attempts = 1 }',)})).items()}
    for name in ("tie", "tie-false"):
        assert results[name].status == "error" and "cannot call" in results[name].message, (name, results[name].message)
    assert results["two-steps"].status == "error" and "write steps = 1, not 2" in results["two-steps"].message
    assert results["h-min-above"].status == "error" and "every run would fail" in results["h-min-above"].message
    assert results["shadowed"].status == "error" and "names both a parameter of the model and a value of the run" in results["shadowed"].message
    forall = check_claims(claims_text(MODELS, {"forall-shadowed": (
        'check = "forall"\nmodel = "decay_attempts"\ndomains = { TOL = "closed(1/100, 1)" }\nmethod = "rkf-burden-faires"\n'
        'options = { tolerance = "TOL", h_max = "1/4", h_min = "1/100", t_end = 1 }\ninitial = { y = 1 }\nholds = { attempts = 1 }',)}))
    outcome = forall["forall-shadowed"].outcome
    assert outcome.status == "error" and "holds.attempts: attempts names both a parameter" in outcome.message


def test_a_count_in_a_forall_over_the_tolerance_is_decided(check_claims, monkeypatch):
    """Review of 2026-12-05: a forall over the tolerance whose runs went numerical said "write digits = 0" for a count,
    which a forall claim then refused (its digits are exactly_when's); it then named a relation that decides it.  The
    instances now run on the certified route, which holds the count exactly: both forms find the counterexample
    (TOL = 1e-12: the step falls below h_min at once)."""
    body = ('check = "forall"\nmodel = "bf"\ndomains = { TOL = "interval(0, 1)" }\nmethod = "rkf-burden-faires"\n'
            'options = { tolerance = "TOL", h_max = "1/4", h_min = "1/10", t_end = 1 }\ninitial = { y = "1/2" }\nsteps = 1\n')
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS, {
        "equality": (body + "holds = { failed = 0 }",),
        "relation": (body + 'holds_relations = { "abs(failed - 0)" = "< 1/2" }',)})).items()}
    # since 2026-12-06 an instance runs in intervals, where failed is held exactly: the equality is decided too
    assert_refuted(results["equality"], ["counterexample TOL = ", "fell below h_min"])
    assert_refuted(results["relation"], ["counterexample TOL = ", "fell below h_min"])
    from verify.engines import certified  # where the intervals cannot run the controller, its numerical route says how

    monkeypatch.setattr(certified, "CONTROLLED", ())
    numerical = check_claims(claims_text(MODELS, {"equality": (body + "holds = { failed = 0 }",)}), name="numerical.toml")["equality"].outcome
    assert numerical.status == "error" and 'write holds_relations = { "abs(failed - 0)" = "< 1/2" }' in numerical.message, numerical.message


def test_a_controller_run_is_certified_at_the_bits_it_needs_else_numerical(check_claims, monkeypatch):
    """Each accepted step multiplies the enclosures' widths by about 1/|w~ - w| (R's relative width feeds the next step):
    on y' = sin(t) - y from 1 to t = 3 with TOL = 1e-6 (Algorithm 5.3 here: 19 accepted steps) the tests are decided
    at 512 bits, certified; given only 128 bits they overlap, and the run goes on the numerical route as before this
    route existed (not to an error)."""
    from verify.engines import certified

    with mpmath.workdps(50):
        rows, failed = algorithm_5_3(mpmath.mpf("1e-6"), mpmath.mpf(1) / 2, mpmath.mpf(1) / 1000, mpmath.mpf(3),
                                     f=lambda t, y: mpmath.sin(t) - y, w0=mpmath.mpf(1))
        w = fixed(rows[-1][1], 10)
    assert not failed and len(rows) == 19 and w == "0.6402372210"
    head = '[model.forced]\nstates = ["y"]\nrhs = { y = "sin(t) - y" }\n'
    body = ('check = "run"\nmodel = "forced"\nmethod = "rkf-burden-faires"\noptions = { tolerance = "1e-6", h_max = "1/2", h_min = "1/1000", '
            't_end = 3 }\ninitial = { y = 1 }\nsteps = 1\ndigits = 10\n')
    claims = {"run": (body + f'expect = {{ y = "{w}", accepted_steps = {len(rows)} }}',),
              "run-wrong": (body + 'expect = { y = "0.6402372211" }',)}
    results = {k: r.outcome for k, r in check_claims(claims_text(head, claims)).items()}
    assert (results["run"].status, results["run"].evidence) == ("verified", "certified") and "at 512 bits" in results["run"].message, \
        results["run"].message
    assert_refuted(results["run-wrong"], ["y: claimed 0.6402372211 at 10 decimals, computed ∈ [0.64023722097"])
    monkeypatch.setattr(certified, "PRECISIONS", (128,))
    narrow = check_claims(claims_text(head, {"run": claims["run"]}), name="narrow.toml")["run"].outcome
    assert (narrow.status, narrow.evidence) == ("verified", "numerical"), narrow.message
