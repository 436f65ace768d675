"""Run claims whose implicit equations are nonlinear: the numerical route (Newton on the mpmath twin at 50 and 70
digits, evidence numerical).  The expected values are computed here by mpmath.findroot on the stage equations
written out by hand, not by the twin's code."""
from __future__ import annotations

from fractions import Fraction as F

import mpmath
import pytest
import sympy

from conftest import NONLINEAR_MODELS as MODELS
from conftest import assert_refuted, claims_text
from verify.engines.twins import base


@pytest.fixture(autouse=True)
def numerical_route_only(monkeypatch):
    """These tests are about the numerical route.  An implicit Runge-Kutta tableau or backward Euler goes first to the
    certified implicit route (verify.engines.certified_implicit, tests/test_certified_implicit.py), which decides most of
    these claims with enclosures; here it is turned off, as where it cannot follow the branch."""
    from verify.engines import certified_implicit

    monkeypatch.setattr(certified_implicit, "available", lambda method, options: False)


def outcomes(check_claims, bodies):
    return {k: r.outcome for k, r in check_claims(claims_text(MODELS, bodies)).items()}


def gauss4_cubic(h, y, steps):
    """Gauss-Legendre-4 on y' = -y^3: k_i = -(y + h sum_j a_ij k_j)^3 (Hairer & Wanner II, Table IV.5.1); h a Fraction."""
    with mpmath.workdps(60):
        h, y = mpmath.mpf(h.numerator) / h.denominator, mpmath.mpf(y)
        r3 = mpmath.sqrt(3)
        A = [[mpmath.mpf(1) / 4, mpmath.mpf(1) / 4 - r3 / 6], [mpmath.mpf(1) / 4 + r3 / 6, mpmath.mpf(1) / 4]]
        for _ in range(steps):
            f = lambda k1, k2, y=y: [k1 + (y + h * (A[0][0] * k1 + A[0][1] * k2)) ** 3, k2 + (y + h * (A[1][0] * k1 + A[1][1] * k2)) ** 3]  # noqa: E731
            k1, k2 = mpmath.findroot(f, (-y**3, -y**3))
            y = y + h * (k1 + k2) / 2
        return y


def backward_euler_pair(h, u, w, steps):
    with mpmath.workdps(60):
        h, u, w = mpmath.mpf(h.numerator) / h.denominator, mpmath.mpf(u), mpmath.mpf(w)
        for _ in range(steps):
            f = lambda U, W, u=u, w=w: [U - u - h * (-U * W), W - w - h * (U - W**3)]  # noqa: E731
            u, w = mpmath.findroot(f, (u, w))
        return u, w


def test_an_implicit_tableau_on_a_cubic_is_decided_numerically_to_its_digits(check_claims):
    value = gauss4_cubic(F(1, 10), 1, 3)
    shown = mpmath.nstr(value, 10)  # 10 decimals of 0.79056...
    assert shown.startswith("0.7905691")
    body = 'check = "run"\nmodel = "cubic"\nmethod = "gauss-legendre-4"\noptions = { h = "1/10" }\ninitial = { y = 1 }\nsteps = 3\ndigits = 10\n'
    changed = shown[:-1] + ("3" if shown[-1] != "3" else "4")  # no trailing zero: the message writes the decimal as it is
    results = outcomes(check_claims, {"true": (body + f'expect = {{ y = "{shown}" }}',), "changed-digit": (body + f'expect = {{ y = "{changed}" }}',)})
    assert results["true"].status == "verified" and results["true"].evidence == "numerical", results["true"].message
    assert "numerical, not a proof" in results["true"].message
    assert_refuted(results["changed-digit"], [f"y: claimed {changed} at 10 decimals", f"rounds to {shown}"])
    assert results["changed-digit"].evidence == "numerical"


def test_backward_euler_on_a_nonlinear_system_is_decided_numerically(check_claims):
    u, w = backward_euler_pair(F(1, 10), 1, 1, 2)
    body = 'check = "run"\nmodel = "pair"\nmethod = "backward-euler"\noptions = { h = "1/10" }\ninitial = { u = 1, w = 1 }\nsteps = 2\n'
    with mpmath.workdps(60):  # the bounds written at full precision
        above, close = mpmath.nstr(u + mpmath.mpf(10)**-25, 40), mpmath.nstr(u, 45)
    results = outcomes(check_claims, {
        "digits": (body + f'digits = 8\nexpect = {{ u = "{mpmath.nstr(u, 8)}", w = "{mpmath.nstr(w, 8)}" }}',),
        "relation": (body + f'expect_relations = {{ u = "< {above}" }}',),
        "wrong-relation": (body + f'expect_relations = {{ u = "> {above}" }}',),
        "too-close": (body + f'expect_relations = {{ u = "< {close}" }}',),
    })
    assert results["digits"].status == "verified" and results["digits"].evidence == "numerical", results["digits"].message
    assert results["relation"].status == "verified", results["relation"].message
    assert_refuted(results["wrong-relation"], ["u: claimed >"])
    assert results["too-close"].status == "error" and "could not decide" in results["too-close"].message


def test_newton_running_out_of_budget_is_an_error(check_claims):
    body = ('check = "run"\nmodel = "cubic"\nmethod = "radau-iia-5"\noptions = { h = 4, newton_iterations = 1 }\ninitial = { y = 3 }\n'
            'expect = { y = 1 }')
    result = outcomes(check_claims, {"budget": (body,)})["budget"]
    assert result.status == "error" and "Newton did not converge" in result.message


def test_findings_of_the_second_adversarial_review_stay_fixed(check_claims):
    """A loose newton_tolerance in the claim does not loosen the route (a false claim is refuted); an exact value that
    agrees to 30 digits is not called equal (error); a tiny value's band is not absolute 10^-40 (10^-41 is refuted);
    a digits == relation is audited; t is known exactly; the exact root is the one that tends to y0 as h -> 0."""
    extra = '[model.tiny]\nstates = ["y"]\nrhs = { y = "-y + y**3" }\n[model.sq4]\nstates = ["y"]\nrhs = { y = "y**2 - 4" }\n'
    body = 'check = "run"\nmodel = "cubic"\nmethod = "gauss-legendre-4"\ninitial = { y = 1 }\n'
    value = gauss4_cubic(F(1, 10), 1, 1)
    with mpmath.workdps(60):
        thirty_five = mpmath.nstr(value, 35)
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS + extra, {
        "loose-tolerance": (body + 'options = { h = "1/10", newton_tolerance = 1 }\nexpect = { y = "9/10" }',),
        "exact-equality": (body + f'options = {{ h = "1/10" }}\nexpect = {{ y = "{thirty_five}" }}',),
        "tiny": ('check = "run"\nmodel = "tiny"\nmethod = "gauss-legendre-4"\noptions = { h = "1/10" }\ninitial = { y = "10**-45" }\n'
                 'expect = { y = "10**-41" }',),
        "digits-relation": (body + f'options = {{ h = "1/10" }}\ndigits = 8\nexpect_relations = {{ y = "== {mpmath.nstr(value, 8)}" }}',),
        "exact-time": ('check = "run"\nmodel = "cubic"\nmethod = "gauss-legendre-4"\noptions = { h = "1/10" }\ninitial = { y = 1 }\nsteps = 4\n'
                       'digits = 3\nexpect = { t = "0.4" }',),
        "continuation": ('check = "run"\nmodel = "sq4"\nmethod = "backward-euler"\noptions = { h = "3/5" }\ninitial = { y = 1 }\n'
                         'expect = { y = "(5 - sqrt(109))/6" }',),
    })).items()}
    assert_refuted(results["loose-tolerance"], ["y: claimed 9/10, computed ≈ 0.91287070890554532911"])
    assert results["exact-equality"].status == "error" and "proves no equality" in results["exact-equality"].message
    assert_refuted(results["tiny"], ["y: claimed 10**-41, computed ≈ 9.04837430610626486915"])
    assert results["digits-relation"].status == "verified", results["digits-relation"].message
    assert results["exact-time"].status == "verified", results["exact-time"].message
    # the branch from y0 = 1 is (5 - sqrt(109))/6 = -0.907 (the discriminant 1 - 4h + 16h^2 never vanishes), not the
    # nearer root 2.573: the exact path counts roots, the twin follows the branch by Newton continuation, and they agree
    assert results["continuation"].status == "verified" and results["continuation"].evidence == "exact", results["continuation"].message


def test_a_continuation_that_would_jump_roots_keeps_its_branch(check_claims):
    """Backward Euler, h = 1, y0 = 2 on y' = 2y^4 - 3y^3 - y^2 - 2y - 3 (with an idle second state, so the numerical
    route runs it): the branch from 2 ends at -0.326488 (the exact path's root count on the scalar model), but Newton
    at 8 fixed continuation steps landed on 2.121383 and the run at 64 steps did not: both values were errors.  Since
    the continuation keeps the branch's orientation (a review of 2026-12-06), both runs follow the branch: the true
    value is verified and the other root refuted."""
    from verify.engines.number_field import continued_root

    u, lam = sympy.symbols("u lam")
    f = lambda x: 2 * x**4 - 3 * x**3 - x**2 - 2 * x - 3  # noqa: E731
    branch = continued_root(sympy.expand(u - 2 - lam * f(u)), u, lam, sympy.Integer(2))
    assert abs(float(branch) + 0.326488) < 1e-6
    extra = '[model.quartic2]\nstates = ["y", "z"]\nrhs = { y = "2*y**4 - 3*y**3 - y**2 - 2*y - 3", z = "0" }\n'
    body = 'check = "run"\nmodel = "quartic2"\nmethod = "backward-euler"\noptions = { h = 1 }\ninitial = { y = 2, z = 0 }\ndigits = 6\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS + extra, {
        "branch": (body + 'expect = { y = "-0.326488" }',), "other-root": (body + 'expect = { y = "2.121383" }',)})).items()}
    assert (results["branch"].status, results["branch"].evidence) == ("verified", "numerical"), results["branch"].message
    assert_refuted(results["other-root"], ["claimed 2.121383", "-0.326488"])


def test_the_continuation_follows_its_path_in_floats_and_mpmath_finishes_it(monkeypatch):
    """The twins follow an implicit root from the explicit value in machine floats and finish at the last lam in
    mpmath (base.continued): the result is the root the path in mpmath alone reaches, to the Newton tolerance; where
    the floats cannot follow (a value beyond them) the path is followed in mpmath from the start."""
    from verify.engines import twins
    from verify.input.model import symbol

    y, w, t = symbol("y"), symbol("w"), symbol("t")
    problems = {
        "backward-euler": ([-y**3 + w, -w * y], [sympy.Integer(2), sympy.Rational(1, 3)], {"h": sympy.Rational(1, 2)}),
        "radau-iia-5": ([-y**3 + w, -w * y], [sympy.Integer(2), sympy.Rational(1, 3)], {"h": sympy.Rational(1, 2)}),
        "bdf-2": ([-y**3 + w, -w * y], [sympy.Integer(2), sympy.Rational(1, 3)], {"h": sympy.Rational(1, 10), "start": "rk4"}),
        "sdirk-2": ([-y**3 + w, -w * y], [sympy.Integer(10)**400, sympy.Rational(1, 3)], {"h": sympy.Rational(1, 10)**801}),  # past floats
    }
    real = base.newton_floats
    calls = []

    def counted(*args):
        found = real(*args)
        calls.append(1)  # a point of the path found in floats
        return found

    def refused(*args):
        raise base._FloatPathLost("refused")

    for method, (rhs, y0, options) in problems.items():
        def run():
            problem = twins.Problem(method, options, rhs, [y, w], 0, y0, 3, blocks={}, time=t)
            return twins.solve(problem).y
        calls.clear()
        monkeypatch.setattr(base, "newton_floats", counted)
        fast = run()
        floats_used = bool(calls)
        monkeypatch.setattr(base, "newton_floats", refused)
        slow = run()
        assert floats_used == (method != "sdirk-2"), method
        with mpmath.workdps(50):
            assert all(abs(a - b) <= mpmath.mpf(10) ** -40 * max(1, abs(b)) for a, b in zip(fast, slow)), (method, fast, slow)


def test_newton_in_floats_on_one_unknown_takes_the_general_steps_bit_for_bit():
    """newton_floats on one unknown skips the lists of its general loop: on a cubic it must return the same bits as the
    general loop does on two uncoupled copies of that cubic (a 2x2 system whose elimination factor is 0), and fail
    where it fails (singular, not converged within the budget, not finite)."""

    def scalar(a, b, c, iterates):
        def residual(x):
            iterates.append(x[0])
            return [a * x[0] ** 3 + b * x[0] + c]
        return residual, lambda x: [[3 * a * x[0] ** 2 + b]]

    def doubled(a, b, c, iterates):
        def residual(x):
            iterates.append(x[0] if x[0] == x[1] else None)
            return [a * v ** 3 + b * v + c for v in x]
        return residual, lambda x: [[3 * a * x[0] ** 2 + b, 0.0], [0.0, 3 * a * x[1] ** 2 + b]]

    outcomes = []
    for a, b, c, start, budget in [(1.0, 1.0, -2.0, 3.0, 50), (-0.3, 2.5, 0.7, -1.25, 50), (2.0, 0.0, -1e-12, 1e-5, 50),
                                   (1.0, -3.0, 1.0, 0.999, 50), (1.0, 1.0, -2.0, 3.0, 2), (1.0, 0.0, 0.0, 0.0, 50),
                                   (1e300, 1.0, 1.0, 1e10, 50), (0.0, 1e-320, 1.0, 1.0, 50)]:
        results, paths = [], []
        for equations, x in ((scalar, [start]), (doubled, [start, start])):
            iterates = []
            try:
                results.append(base.newton_floats(*equations(a, b, c, iterates), x, budget))
            except base._FloatPathLost as lost:
                results.append(str(lost))
            paths.append(iterates)
        one, two = results
        assert (one == two[:1] and two[0] == two[1]) if isinstance(one, list) else one == two, (a, b, c, start, one, two)
        assert paths[0] == paths[1] and len(paths[0]) >= 1, (a, b, c, start, paths)  # every iterate, bit for bit
        outcomes.append(type(one).__name__)
    assert outcomes.count("list") == 4 and outcomes.count("str") == 4  # converged and failed cases both compared


def test_the_continuation_s_prediction_test_in_floats_answers_as_exact_arithmetic():
    """base._as_predicted decides in machine floats on the float path, handing a landing within rounding of its bound
    to mpmath: on random points of 1 to 3 unknowns, and on landings put just inside, on and just outside the bound (by
    1e-3 down to 1e-15 of it), its answer is the one exact rational arithmetic gives (floats are rationals: Fraction),
    and the float test itself either agrees or abstains; where both answers are close it abstains rather than guess."""
    import random


    def exact(start, landed, velocity, step):
        step = F(step)
        moves = [step * F(v) for v in velocity]
        miss = max(abs(F(p) - (F(o) + m)) for o, p, m in zip(start, landed, moves))
        bound = F(1, 2) * max(abs(m) for m in moves) + F(1, 10**9) * (1 + max(abs(F(o)) for o in start))
        return miss <= bound, miss, bound

    generator = random.Random(5)
    answered = abstained = 0
    for case in range(3000):
        n = generator.randint(1, 3)
        scale = 10.0 ** generator.randint(-12, 12)
        start = [generator.uniform(-1, 1) * scale for _ in range(n)]
        velocity = [generator.uniform(-1, 1) * scale * 10.0 ** generator.randint(-3, 3) for _ in range(n)]
        step = 2.0 ** -generator.randint(1, 20)
        moves = [step * v for v in velocity]
        bound = 0.5 * max(abs(m) for m in moves) + 1e-9 * (1 + max(abs(o) for o in start))
        off = generator.choice([0.0, 1e-15, -1e-15, 1e-9, -1e-9, 1e-3, -1e-3, generator.uniform(-2, 2)])
        landed = [o + m for o, m in zip(start, moves)]
        k = generator.randrange(n)
        landed[k] += generator.choice([1, -1]) * bound * (1 + off)  # the miss, at component k, near the bound
        truth, miss, exact_bound = exact(start, landed, velocity, step)
        in_floats = base._as_predicted_in_floats(start, landed, velocity, step)
        if in_floats is None:
            abstained += 1
        else:
            answered += 1
            assert in_floats == truth, (start, landed, velocity, step)
        if abs(miss - exact_bound) > exact_bound * F(1, 10**30):  # beyond mpmath's own rounding at 50 digits
            with mpmath.workdps(50):
                assert base._as_predicted(start, landed, velocity, step) == truth, (start, landed, velocity, step)
    assert answered > 1500 and abstained > 100, (answered, abstained)  # both branches taken
    assert base._as_predicted_in_floats([1.0], [float("inf")], [1.0], 0.5) is None  # not finite: mpmath decides
    assert base._as_predicted_in_floats([mpmath.mpf(1)], [1.0], [1.0], 0.5) is None  # not floats


def test_a_sum_compiled_to_machine_floats_adds_as_mpmath_fp_does():
    """crosscheck.compile_mp in mpmath.fp adds a sum's terms itself (no generator through fp.fsum): the same bits as
    fp.fsum of the terms evaluated one by one, signed zeros and a complex term (sqrt of a negative) included."""
    import random

    from verify.engines import crosscheck

    x, y, z = sympy.symbols("x y z", real=True)
    generator = random.Random(3)
    terms = [x, -y, 3 * x * y, sympy.Rational(1, 3) * z, x ** 2, sympy.sqrt(z), -x * z, sympy.Rational(-7, 10)]
    points = [[0.0, 0.0, 0.0], [-0.0, 0.0, -0.0], [1e300, -1e300, 2.0], [0.1, 0.2, -0.3], [3.5, -2.25, 1e-320]]
    compared = 0
    for _ in range(300):
        chosen = generator.sample(terms, generator.randint(2, 4))
        expression = sympy.Add(*chosen, evaluate=False)
        function = crosscheck.compile_mp(expression, [x, y, z], mpmath.fp)
        parts = [crosscheck.compile_mp(term, [x, y, z], mpmath.fp) for term in expression.args]
        for point in points + [[generator.uniform(-5, 5) for _ in range(3)]]:
            try:
                expected = mpmath.fp.fsum([part(point) for part in parts])
            except (ValueError, OverflowError):
                continue
            got = function(point)
            assert repr(got) == repr(expected), (expression, point, got, expected)  # -0.0 and 0.0 differ in repr
            compared += 1
    assert compared > 1000


def test_the_list_lu_solve_gives_mpmath_s_bits_and_its_singular_verdicts():
    """base.lu_solve_rows is mpmath.lu_solve on lists: on random rational systems of size 1 to 5 at 50 digits the
    same bits, and a matrix mpmath calls numerically singular (a repeated row) is ZeroDivisionError for both; so is a
    zero column, where mpmath's LU fails."""
    import random

    from verify.engines.twins.base import lu_solve_rows

    generator = random.Random(11)
    with mpmath.workdps(50):
        for _ in range(40):
            n = generator.randint(1, 5)
            rows = [[mpmath.mpf(generator.randint(-99, 99)) / generator.randint(1, 30) for _ in range(n)] for _ in range(n)]
            vector = [mpmath.mpf(generator.randint(-99, 99)) / 7 for _ in range(n)]
            try:
                expected = list(mpmath.lu_solve(mpmath.matrix(rows), mpmath.matrix(vector)))
            except ZeroDivisionError:
                with pytest.raises(ZeroDivisionError):
                    lu_solve_rows(rows, vector)
                continue
            assert lu_solve_rows(rows, vector) == expected
        singular = [[mpmath.mpf(1), mpmath.mpf(2)], [mpmath.mpf(1), mpmath.mpf(2)]]
        with pytest.raises(ZeroDivisionError):
            mpmath.lu_solve(mpmath.matrix(singular), mpmath.matrix([1, 1]))
        with pytest.raises(ZeroDivisionError):
            lu_solve_rows(singular, [mpmath.mpf(1), mpmath.mpf(1)])
        with pytest.raises(ZeroDivisionError):  # a zero column: mpmath's own LU fails with a TypeError there
            lu_solve_rows([[mpmath.mpf(0), mpmath.mpf(1)], [mpmath.mpf(0), mpmath.mpf(2)]], [mpmath.mpf(1), mpmath.mpf(1)])


def test_findings_of_the_third_review_stay_fixed(check_claims):
    """The float continuation once tested its points by an absolute residual of 1e-9: on y' = 10^10 y^2 - 4/10^10 (the
    README's y' = y^2 - 4 scaled by 10^-10) it never left the explicit value, so both runs landed on the other root,
    refuting the true branch (5 - sqrt(109))/6 * 10^-10 < 0 and verifying its wrong version.  A run into the complex
    numbers (sqrt of a negative state) and a DAE whose Newton matrix has a zero column were internal errors; they are
    errors that say why."""
    extra = ('[model.scaled]\nstates = ["y", "w"]\nrhs = { y = "10000000000*y**2 - 4/10000000000", w = "-w" }\n'
             '[model.sq]\nstates = ["y", "w"]\nrhs = { y = "sqrt(y)", w = "-w" }\n'
             '[model.zero_column]\nstates = ["x"]\nalgebraic = ["z"]\nrhs = { x = "x**2/2 + z" }\nconstraints = ["z"]\n')
    scaled = 'check = "run"\nmodel = "scaled"\nmethod = "backward-euler"\noptions = { h = "3/5" }\ninitial = { y = "1/10000000000", w = 0 }\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS + extra, {
        "branch": (scaled + 'expect_relations = { y = "< 0" }',),
        "other-root": (scaled + 'expect_relations = { y = "> 0" }',),
        "complex": ('check = "run"\nmodel = "sq"\nmethod = "radau-iia-5"\noptions = { h = "1/10" }\ninitial = { y = -1, w = 1 }\n'
                    'expect_relations = { y = "< 0" }',),
        "zero-column": ('check = "run"\nmodel = "zero_column"\nmethod = "backward-euler"\noptions = { h = 1 }\ninitial = { x = 1, z = 0 }\n'
                        'expect_relations = { x = "> 0" }',),
    })).items()}
    assert results["branch"].status == "verified" and "-9.0671775148509169" in results["branch"].message, results["branch"].message
    assert_refuted(results["other-root"], ["y: claimed > 0", "-9.0671775148509169"])
    assert results["complex"].status == "error" and "left the real numbers" in results["complex"].message, results["complex"].message
    assert results["zero-column"].status == "error" and "singular" in results["zero-column"].message, results["zero-column"].message
    for outcome in results.values():
        assert "internal error" not in outcome.message


def test_a_compared_value_undefined_at_the_end_of_the_run_is_an_error_not_an_internal_error(check_claims):
    """Sixth review: 1/y with y = 0 after one Euler step of h = 1 on y' = -y crashed with an internal ZeroDivisionError in
    a relation; now an error that names the value (in a relation's quantity or bound, and in an expect)."""
    from conftest import claims_text

    decay = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
    run = 'check = "run"\nmodel = "decay"\nmethod = "euler"\noptions = { h = 1 }\ninitial = { y = 1 }\nsteps = 1\n'
    results = check_claims(claims_text(decay, {
        "quantity": (run + 'expect_relations = { "1/y" = "> 0" }',),
        "bound": (run + 'expect_relations = { y = "< 1/y" }',),
        "expect": (run + 'expect = { "1/y" = "1" }',),
    }))
    for name, result in results.items():
        assert result.outcome.status == "error" and "internal error" not in result.outcome.message, (name, result.outcome.message)
    assert "not defined at the end of the run" in results["quantity"].outcome.message


def test_a_flag_both_runs_give_exactly_is_pointed_to_digits_not_called_close(check_claims):
    """Review of 2026-12-05: one Dormand-Prince step on y' = -sin(y) + e^(-t) with atol = 1/1000 (estimate about 1e-5)
    is accepted; expect = { accepted = 1 } was an error saying the value "agrees to 30 digits ... give digits" as for a
    real number near its claim.  It stays an error (this route decides equalities only as printed digits), saying so;
    with digits = 0 it is verified, and accepted = 0 is refuted."""
    model = '[model.pend]\nstates = ["y"]\nrhs = { y = "-sin(y) + exp(-t)" }\n'
    base = 'check = "run"\nmodel = "pend"\nmethod = "dormand-prince-54"\noptions = { h = 0.5, atol = "1/1000", rtol = 0 }\ninitial = { y = 1 }\n'
    results = check_claims(claims_text(model, {"flag": (base + 'expect = { accepted = 1 }',),
                                               "digits": (base + 'digits = 0\nexpect = { accepted = 1 }',),
                                               "wrong": (base + 'expect = { accepted = 0 }',)}))
    flag = results["flag"].outcome
    assert flag.status == "error" and "both runs give exactly 1" in flag.message and "write digits = 0" in flag.message
    assert "within 10^-30" not in flag.message
    assert (results["digits"].outcome.status, results["digits"].outcome.evidence) == ("verified", "numerical"), results["digits"].outcome.message
    assert results["wrong"].outcome.status == "refuted", results["wrong"].outcome.message


def test_a_column_at_the_nodes_is_decided_numerically(check_claims):
    """A list in expect_at_nodes on the numerical route (Gauss-Legendre-4 on y' = -y^3): each node against the
    reference written out by hand; one changed digit is refuted at its node."""
    column = [mpmath.nstr(gauss4_cubic(F(1, 10), 1, n), 8) for n in (1, 2, 3)]
    changed = column[2][:-1] + ("3" if column[2][-1] != "3" else "4")
    body = 'check = "run"\nmodel = "cubic"\nmethod = "gauss-legendre-4"\noptions = { h = "1/10" }\ninitial = { y = 1 }\nsteps = 3\ndigits = 8\n'
    written = lambda values: "[" + ", ".join(f'"{v}"' for v in values) + "]"  # noqa: E731
    results = outcomes(check_claims, {"true": (body + f"expect_at_nodes = {{ y = {written(column)} }}",),
                                      "wrong": (body + f"expect_at_nodes = {{ y = {written(column[:2] + [changed])} }}",)})
    assert (results["true"].status, results["true"].evidence) == ("verified", "numerical"), results["true"].message
    assert_refuted(results["wrong"], [f"y at node 3: claimed {changed} at 8 decimals"])


def test_rounding_any_needs_one_decided_rule_on_the_numerical_route(check_claims):
    """A review of 2026-12-06: backward Euler on y' = y^3 - 3y/2 - 3/2 (and an idle z), h = 1/2 from -1/2 lands exactly
    on -1 (u^3 - 7u/2 - 5/2 = 0 at u = -1).  Claimed as -1.00000000, both roundings print the numerical route's band
    so; truncation of a band around -1 is not decided.  The default rule verified it; rounding = "any" made it an
    error, although one decided rule is all "any" asks for.  -1.00000001 stays refuted under "any"."""
    assert F(-1) ** 3 - F(7, 2) * F(-1) - F(5, 2) == 0
    extra = '[model.m40]\nstates = ["y", "z"]\nrhs = { y = "y**3 - 3*y/2 - 3/2", z = "-z*y" }\n'
    body = 'check = "run"\nmodel = "m40"\nmethod = "backward-euler"\noptions = { h = "1/2" }\ninitial = { y = "-1/2", z = 1 }\ndigits = 8\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(MODELS + extra, {
        "any": (body + 'expect = { y = "-1.00000000" }\nrounding = "any"',),
        "default": (body + 'expect = { y = "-1.00000000" }',),
        "any-wrong": (body + 'expect = { y = "-1.00000001" }\nrounding = "any"',),
    })).items()}
    for name in ("any", "default"):
        assert (results[name].status, results[name].evidence) == ("verified", "numerical"), (name, results[name].message)
    assert_refuted(results["any-wrong"], ["claimed -1.00000001"])


def test_a_later_implicit_stage_is_the_whole_step_s_branch_from_h_equal_0(check_claims):
    """SDIRK-2 (gamma = 1 - 1/sqrt(2)) on y' = y - y^3 from y0 = 2 with h = 10.  The SPEC's root is the step's value
    followed as the step grows from 0, both stages together: computed here by Newton on the 2x2 stage system along
    h = 10 j/200 (mpmath, 30 digits), whose Jacobian's pivots 1 - h gamma f'(Y_i) stay at least 1 on the way (no singular
    point: the branch is unique), y1 = 0.7806239429461...  The twin followed stage 2 from stage 1's value at the full
    step and took another root (y1 = -0.8392533246): the true value was refuted and the other verified, on the numerical
    route (the certified route cannot follow this stiff path past lam = 0.105; the exact path has no rational root)."""
    with mpmath.workdps(30):
        gamma = 1 - 1 / mpmath.sqrt(2)
        f, fy, y0 = (lambda y: y - y**3), (lambda y: 1 - 3 * y**2), mpmath.mpf(2)
        k, smallest = [f(y0), f(y0)], mpmath.inf
        for j in range(1, 201):
            h = mpmath.mpf(10) * j / 200
            for _ in range(60):
                Y = [y0 + h * gamma * k[0], y0 + h * (1 - gamma) * k[0] + h * gamma * k[1]]
                J = mpmath.matrix([[1 - h * gamma * fy(Y[0]), 0], [-h * (1 - gamma) * fy(Y[1]), 1 - h * gamma * fy(Y[1])]])
                d = mpmath.lu_solve(J, mpmath.matrix([k[0] - f(Y[0]), k[1] - f(Y[1])]))
                k = [k[0] - d[0], k[1] - d[1]]
                if max(abs(d[0]), abs(d[1])) < mpmath.mpf(10) ** -27:
                    break
            smallest = min(smallest, abs(J[0, 0]), abs(J[1, 1]))
        y1 = y0 + 10 * ((1 - gamma) * k[0] + gamma * k[1])
        assert smallest >= 1 and abs(y1 - mpmath.mpf("0.78062394294610126241607")) < mpmath.mpf(10) ** -20
    model = '[model.bistable]\nstates = ["y"]\nrhs = { y = "y - y**3" }\n[model.forced]\nstates = ["y"]\nrhs = { y = "y - y**3 + sin(t)/10**30" }\n'
    body = 'check = "run"\nmodel = "MODEL"\nmethod = "sdirk-2"\noptions = { h = 10 }\ninitial = { y = 2 }\ndigits = 15\nexpect = { y = "VALUE" }'
    results = check_claims(claims_text(model, {
        "true": (body.replace("MODEL", "bistable").replace("VALUE", "0.780623942946101"),),
        "other-root": (body.replace("MODEL", "bistable").replace("VALUE", "-0.839253324588524"),),
        "forced": (body.replace("MODEL", "forced").replace("VALUE", "0.780623942946101"),),
    }))
    for key in ("true", "forced"):
        assert (results[key].outcome.status, results[key].outcome.evidence) == ("verified", "numerical"), results[key].outcome.message
    assert_refuted(results["other-root"].outcome, ["y: claimed -0.839253324588524 at 15 decimals, computed ∈ 0.78062394294610"])


STEEP = ('[model.steep]\nstates = ["y"]\nrhs = { y = "-y**3 + sin(t)/1000" }\n',
         'check = "run"\nmodel = "steep"\nmethod = "backward-euler"\noptions = { h = "1000000" }\ninitial = { y = 1 }\n'
         'digits = 20\nexpect = { y = "-0.07040063472873323890" }')


def test_a_continuation_too_steep_to_follow_is_an_error_in_moments(check_claims, monkeypatch):
    """A review of 2026-12-06: backward Euler with h = 10^6 on y' = -y^3 + sin(t)/1000 from 1.  The branch from the
    explicit value falls from 1 to about -0.07 within lam ~ 10^-3 of the step, and the twin's oriented continuation
    halved and re-grew its steps ~37,000 times in 12 s and ran to the 120 s limit.  Its steps turn corners where the
    Jacobian is nearly singular, each searched for another root (five Newton solves in mpmath): 18,166 searches took
    this test to 18.7 s; a continuation may search at most 100 times (base.MAX_PROBES), then the claim is an error.
    Gauss-Legendre-4 with h = 1000 on y' = -y^3 + sin(t), whose stages swing about 160 times along the step, takes
    6,000-12,000 Newton solves in floats (a first budget of 3,000 in all made it an error) and was decided (y = 0 at
    15 decimals refuted); since the twelfth session the numerical route also encloses the branch in Krawczyk boxes
    (twins.base._enclosed_continuation), and this one needs about 20,000 of them (7 s): past base.MAX_TUBES it is an
    error that says so.  Here the budget is cut to 3,000 boxes (the message names it), so the test does not spend the
    default's seven seconds reaching it."""
    monkeypatch.setattr(base, "MAX_TUBES", 3_000)
    model, body = STEEP
    gauss = ('check = "run"\nmodel = "forced"\nmethod = "gauss-legendre-4"\noptions = { h = "1000" }\ninitial = { y = 1 }\n'
             'digits = 15\nexpect = { y = "0" }')
    results = check_claims(claims_text(model + '[model.forced]\nstates = ["y"]\nrhs = { y = "-y**3 + sin(t)" }\n',
                                       {"steep": (body,), "gauss": (gauss,)}))
    outcome = results["steep"].outcome
    assert outcome.status == "error" and "searched for another root at more than 100 points where its Jacobian is nearly singular" in outcome.message
    assert "too steep to follow" in outcome.message
    outcome = results["gauss"].outcome
    assert outcome.status == "error" and f"not enclosed within {base.MAX_TUBES} boxes" in outcome.message, outcome.message


def test_a_continuation_past_its_newton_budget_is_an_error(check_claims, monkeypatch):
    """The other budget: a continuation may take MAX_FLOAT_SOLVES Newton solves in machine floats and then MAX_SOLVES
    in mpmath (40,000 and 3,000).  With the searches for another root unbounded and the budgets cut to 2,000 and 100,
    the steep path above runs out of Newton solves first, and the message says how many it took."""
    monkeypatch.setattr(base, "MAX_FLOAT_SOLVES", 2_000)
    monkeypatch.setattr(base, "MAX_SOLVES", 100)
    monkeypatch.setattr(base, "MAX_PROBES", 10**9)
    model, body = STEEP
    outcome = check_claims(claims_text(model, {"steep": (body,)}))["steep"].outcome
    assert outcome.status == "error" and "took more than 100 Newton solves" in outcome.message and "too steep to follow" in outcome.message


def test_a_branch_that_folds_is_an_error_not_the_root_past_the_gap(check_claims):
    """Burden & Faires, sec. 5.11, Table 5.22: the trapezoidal rule (adams-moulton-1) on y' = 5e^(5t)(y - t)^2 + 1,
    y(0) = -1, h = 0.2.  The fifth step's equation u = known + lam (h/2) f(t_4 + lam h, u), a quadratic in u, has no
    real root for lam in about (0.11, 0.9) (its discriminant, computed here, is negative at lam = 1/2): the branch from
    the explicit value folds, so the root the step is defined by does not exist.  The twin's continuation skipped the
    gap and the book's value was `verified` (numerical); it is an `error` now that says why.  The four steps before
    are decided (each the root next to the explicit value: findroot here)."""
    h, f = mpmath.mpf("0.2"), lambda t, y: 5 * mpmath.exp(5 * t) * (y - t) ** 2 + 1
    with mpmath.workdps(40):
        t, w, values = mpmath.mpf(0), mpmath.mpf(-1), []
        for _ in range(4):
            known = w + h / 2 * f(t, w)
            w = mpmath.findroot(lambda u, known=known, t1=t + h: u - known - h / 2 * f(t1, u), w)
            t += h
            values.append(mpmath.nstr(w, 7, strip_zeros=False))
        known, lam = w + h / 2 * f(t, w), mpmath.mpf(1) / 2
        a, c = lam * h / 2 * 5 * mpmath.exp(5 * (t + lam * h)), known + lam * h / 2 - (t + lam * h)  # a v^2 - v + c = 0, v = u - T
        assert 1 - 4 * a * c < 0
    assert values == ["-0.1414969", "0.2748614", "0.5539828", "0.7830720"]
    head = '[model.bf]\nstates = ["y"]\nrhs = { y = "5*exp(5*t)*(y - t)**2 + 1" }\n'
    body = 'check = "run"\nmodel = "bf"\nmethod = "adams-moulton-1"\noptions = { h = "0.2" }\ninitial = { y = -1 }\ndigits = 7\n'
    columns = "[" + ", ".join(f'"{v}"' for v in values)
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "four": (body + f"steps = 4\nexpect_at_nodes = {{ y = {columns}] }}",),
        "five": (body + f'steps = 5\nexpect_at_nodes = {{ y = {columns}, "0.9937726"] }}',)})).items()}
    assert results["four"].status == "verified", results["four"].message
    five = results["five"]
    assert five.status == "error" and "cannot be followed between lam = 0.0 and 0.125" in five.message and "folds" in five.message, five.message


def test_a_switch_narrower_than_a_continuation_step_is_not_stepped_over(check_claims):
    """A review of 2026-12-07: y' = 1 + v (alpha(t) + v) + F(t), v = y - t, alpha = 10/(1 + exp(-10^5 (t - tau))), one
    step of h = 1 from 0.  The stage equations' root from the explicit value passes the switch (about 4e-5 of lam wide)
    where their Jacobian falls through 0 for v = 0: with F = -e^t/10^4 the roots keep apart (at least 1.35e-2 for
    Radau IIA-3, 6.1e-3 for Gauss-Legendre-4, all four roots of the stage quartic tracked in steps refined until the
    branch cannot jump) and the branch ends at y = 0.219668 (Radau) and -10.156608 (Gauss); with F = +e^t/10^4 it folds
    (its roots leave the real line).  The float form of alpha overflows (exp(60350) at t = 0), so every branch test
    read nothing and the continuation took its steps of 1/8 and 1/64 over the switch: the true values were refuted and
    1.000115 and 1.000233 (another root family) verified, and the fold verified 0.999885.  The eleventh session read
    those points in mpmath and halved the steps to 2^-22 (the true values verified); since the twelfth the branch must
    also be enclosed in Krawczyk boxes, and arb's balls (a midpoint and a radius) cannot hold exp(60350 - 10^5 t) over
    an interval of t wider than about 10^-5 without holding 0 in 1 + exp(...), so the boxes stay that short and the
    landings between them need mpmath (the floats overflow): past base.MAX_MP_LANDINGS of them every one of these is
    an error that says so, the true values too (undecided, not refuted)."""
    switch = "10/(1 + exp(-100000*(t - {tau})))"
    models = ''.join(f'[model.{name}]\nstates = ["y"]\nrhs = {{ y = "1 + (y - t)*({switch.format(tau=tau)} + (y - t)) {sign} exp(t)/10**4" }}\n'
                     for name, tau, sign in (("radau_neg", "1207/2000", "-"), ("gauss_neg", "0.4759654437279695744406356445164656622417", "-"),
                                             ("radau_pos", "1207/2000", "+")))

    def run(model, method, value):
        return (f'check = "run"\nmodel = "{model}"\nmethod = "{method}"\noptions = {{ h = "1" }}\ninitial = {{ t = "0", y = "0" }}\n'
                f'steps = 1\ndigits = 6\nexpect = {{ y = "{value}" }}\n',)

    results = {k: r.outcome for k, r in check_claims(claims_text(models, {
        "radau-true": run("radau_neg", "radau-iia-3", "0.219668"),
        "radau-other": run("radau_neg", "radau-iia-3", "1.000115"),
        "gauss-true": run("gauss_neg", "gauss-legendre-4", "-10.156608"),
        "gauss-other": run("gauss_neg", "gauss-legendre-4", "1.000233"),
        "radau-fold": run("radau_pos", "radau-iia-3", "0.999885"),
    })).items()}
    for name in ("radau-true", "gauss-true", "radau-other", "gauss-other"):
        assert results[name].status == "error" and "is not enclosed" in results[name].message, results[name].message
    assert results["radau-fold"].status == "error", results["radau-fold"].message
    assert "cannot be followed" in results["radau-fold"].message


def test_roots_that_meet_inside_a_step_the_continuation_passed_are_errors_and_a_jump_is_not_taken(check_claims):
    """A review of the tenth session made implicit steps whose roots meet inside features far narrower than a step of
    the continuation, where the floating-point continuation's tests (the determinant's sign and fall, the tangent)
    saw nothing; each was verified (numerical) on one root (README, Not in this release, until the twelfth session):

    - BDF-2 from y = 0 with history 1/3, h = 1, on y' = 1 + v (a(t) + v), v = y - (2t/3 - 2/9), where a(t) has a
      Gaussian well of width 10^-3 at t = 1 + 181/300 in which the Jacobian of the second step touches 0 (its two
      roots meet at lam = 0.6033);
    - Radau IIA-3 with h = 1 on two copies y, z of y' = 1 + v (10/(1 + e^(-10^5 (t - tau))) + v), v = y - t, with
      tau = 1207/2000 and 151/250: the roots of each copy cross exactly at its switch, two crossings within one step
      of lam.

    Since the twelfth session the numerical route encloses the branch from the explicit value in boxes that pass the
    Krawczyk test (twins.base._enclosed_continuation): no box holds a point where two roots meet, so both are errors
    (the switch's boxes stop long before it: test_a_switch_narrower_than_a_continuation_step_is_not_stepped_over)."""
    well = ("1 + (y - (2*t/3 - 2/9))*(((-14279982000000/13104421720009) + exp(1/4000000)/(13104421720009/36000000000000)"
            "*exp(-1000000*((t - 1) - 181/300)**2))/(2/3) + (y - (2*t/3 - 2/9)))")
    switch = "1 + ({x} - t)*(10/(1 + exp(-100000*(t - {tau}))) + ({x} - t))"
    models = (f'[model.well]\nstates = ["y"]\nrhs = {{ y = "{well}" }}\n'
              f'[model.cross]\nstates = ["y", "z"]\nrhs = {{ y = "{switch.format(x="y", tau="1207/2000")}", '
              f'z = "{switch.format(x="z", tau="151/250")}" }}\n')
    results = {k: r.outcome for k, r in check_claims(claims_text(models, {
        "well": ('check = "run"\nmodel = "well"\nmethod = "bdf-2"\noptions = { h = "1", history = { y = ["1/3"] } }\n'
                 'initial = { t = "0", y = "0" }\nsteps = 2\ndigits = 12\nexpect = { y = "1.111111111111" }\n',),
        "cross": ('check = "run"\nmodel = "cross"\nmethod = "radau-iia-3"\noptions = { h = "1" }\ninitial = { t = "0", y = "0", z = "0" }\n'
                  'steps = 1\ndigits = 6\nexpect = { y = "1.000000", z = "1.000000" }\n',),
    })).items()}
    assert results["well"].status == "error" and "not enclosed past lam = 0.603" in results["well"].message, results["well"].message
    assert results["cross"].status == "error" and "is not enclosed" in results["cross"].message, results["cross"].message


def test_roots_found_around_the_boxes_must_be_theirs_too(check_claims):
    """A review of the twelfth session found three routes on which the twin alone decided a root that did not go through
    the enclosed path (_enclosed_continuation), each verifying a false value:

    - backward Euler's counted Newton finishes its step from lam = 7/8: on y' = 99/100 + v (10/(1 + (1000 (t - 1))^2)
      + v), v = y - t, one step of h = 1 from 0, the step's roots at lam = 1 are v = (-9 -+ sqrt(81.04))/2 (checked
      here), the branch ends on the minus one (y = -8.001111, as bdf-1 gives) and the counted Newton on the other
      (1.001110 was verified): it must now end in the box at lam = 1, else an error;
    - a DAE's step was Newton from the previous state: x' = 1, z^3 - 3z = x from (x, z) = (-1.971, 0.9) on the middle
      branch (0.9^3 - 2.7 = -1.971), one step of h = 1.971 to x = 0, whose middle root is z = 0; z = -sqrt(3) was
      verified.  Its branch is now enclosed too;
    - energy claims ran the twin without boxes: on y' = 1 + v (10/(1 + (10^5 (t - 3/5))^2) + v), whose roots v = 0 and
      1/L - a(L) cross twice within 4.4e-5 of lam = 0.6, the run claim was an error and the energy claim on the same
      step verified.  Now the energy's and the observed order's runs are enclosed as well."""
    assert F(9, 10) ** 3 - 3 * F(9, 10) == F(-1971, 1000)  # z0 = 0.9 is a root at x0 = -1.971
    with mpmath.workdps(30):
        minus = (-9 - mpmath.sqrt(mpmath.mpf("81.04"))) / 2
        assert mpmath.nstr(minus + 1, 7) == "-8.001111"  # y = 1 + v at t = 1
    models = ('[model.avoided]\nstates = ["y"]\nrhs = { y = "1 - 1/100 + (y - t)*(10/(1 + (1000*(t - 1))**2) + (y - t))" }\n'
              '[model.cubic_dae]\nstates = ["x"]\nalgebraic = ["z"]\nrhs = { x = "1" }\nconstraints = ["z**3 - 3*z - x"]\n'
              '[model.cubic_dae2]\nstates = ["x"]\nalgebraic = ["z", "w"]\nrhs = { x = "1" }\nconstraints = ["z**3 - 3*z - x", "w - z**2"]\n'
              '[model.lorentz]\nstates = ["y"]\nrhs = { y = "1 + (y - t)*(10/(1 + (100000*(t - 3/5))**2) + (y - t))" }\n'
              'functionals = { energy = "(y + 1)**2" }\n')
    avoided = 'check = "run"\nmodel = "avoided"\noptions = { h = 1 }\ninitial = { y = 0 }\ndigits = 6\ncounts = { rhs = 1 }\n'
    dae = 'check = "run"\nmodel = "cubic_dae"\nmethod = "backward-euler"\noptions = { h = "1.971" }\ninitial = { x = "-1.971", z = "0.9" }\ndigits = 10\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(models, {
        "be-other": (avoided + 'method = "backward-euler"\nexpect = { y = "1.001111" }\n',),
        "be-branch": (avoided + 'method = "backward-euler"\nexpect = { y = "-8.001111" }\n',),
        "bdf1-branch": (avoided.replace("counts = { rhs = 1 }\n", "") + 'method = "bdf-1"\nexpect = { y = "-8.001111" }\n',),
        "dae-other": (dae + 'expect = { z = "-1.7320508076" }\n',),
        "dae-branch": (dae + 'expect = { z = "0.0000000000" }\n',),
        # the same with w = z^2 beside it: near lam = 1 (every unknown -> 0) the boxes widened every unknown, and w's
        # image grew as z's radius squared: no box passed (a second review); only an unknown whose image is outside widens
        "dae2-branch": (dae.replace("cubic_dae", "cubic_dae2").replace('z = "0.9" }', 'z = "0.9", w = "0.81" }')
                        + 'expect = { z = "0.0000000000", w = "0.0000000000" }\n',),
        "energy": ('check = "energy"\nmodel = "lorentz"\nmethod = "backward-euler"\noptions = { h = 1 }\ninitial = { y = 0 }\nsteps = 1\n'
                   'expect = { final_ratio = ">= 3.99" }\n',),
    })).items()}
    for name in ("be-other", "be-branch"):  # the step as the method defines it (its counted Newton) is not the SPEC's root
        assert results[name].status == "error" and "counted iterations" in results[name].message, results[name].message
    assert results["bdf1-branch"].status == "verified", results["bdf1-branch"].message
    assert_refuted(results["dae-other"], ["z: claimed -1.7320508076", "0.0"])
    assert results["dae-branch"].status == "verified", results["dae-branch"].message
    assert results["dae2-branch"].status == "verified", results["dae2-branch"].message
    assert results["energy"].status == "error" and "is not enclosed" in results["energy"].message, results["energy"].message


def test_a_prescribed_residual_is_taken_at_the_shortened_step_along_the_continuation(check_claims):
    """A review of the twelfth session: backward Euler on y' = -y^3 + 3y from 0, h = 1, with residual_d = -3 + 7h^4/2.
    The step of length s solves s u^3 + (1 - 3s) u - s r(s) = 0; the root that tends to y0 = 0 as s -> 0 (SPEC) is
    followed here over s in (0, 1] through every real root (nearest continued, the others never closer than about 1)
    to -1.2670350984 at s = 1.  The continuation held r at the full step (r(1) = 1/2) and went around a cusp onto
    another root, 1.5256871209, which was verified; the prescribed residual is now taken at the shortened step."""
    def r(s):
        return -3 + mpmath.mpf(7) / 2 * s**4
    with mpmath.workdps(30):
        branch = mpmath.mpf(0)
        for j in range(1, 401):
            s = mpmath.mpf(j) / 400
            roots = [x.real for x in mpmath.polyroots([s, 0, 1 - 3 * s, -s * r(s)], maxsteps=200, extraprec=100) if abs(x.imag) < 1e-15]
            branch = min(roots, key=lambda x: abs(x - branch))
        assert mpmath.nstr(branch, 11) == "-1.2670350984"
    head = '[model.cusp]\nstates = ["y"]\nrhs = { y = "-y**3 + 3*y" }\n'
    body = ('check = "run"\nmodel = "cusp"\nmethod = "backward-euler"\noptions = { h = "1", residual_d = { y = "-3 + 7*h**4/2" } }\n'
            'initial = { y = "0" }\ndigits = 10\n')
    results = {k: r.outcome for k, r in check_claims(claims_text(head, {
        "branch": (body + 'expect = { y = "-1.2670350984" }\n',), "other": (body + 'expect = { y = "1.5256871209" }\n',)})).items()}
    assert results["branch"].status == "verified", results["branch"].message
    assert_refuted(results["other"], ["y: claimed 1.5256871209", "-1.26703509836"])


def test_a_traced_value_on_the_numerical_route_is_quoted_as_the_claim_writes_it(check_claims, monkeypatch):
    """An external review of 2026-12-07 (Butler, 405 Adams Predictor Corrector Example, bundled in
    claims/butler_adams_moulton_pc.toml): the corrector 0.708980 at 6 decimals was quoted as "rounds to 0.70898", its
    trailing zero dropped, where the certified route and expect entries quote the claim's own text.  The corrected
    w_2 is 0.7089796571... (recomputed in claims/recompute/multistep/butler_adams_moulton_pc.py).  Since the
    seventeenth session this start from the model's irrational solution is certified; the numerical route, which
    this test is about, is taken here with the certified route's systems refusing (as where its enclosures widen)."""
    from verify.engines import certified

    def refused(*args, **kwargs):
        raise certified.CertifiedUnavailable("refused for this test")
    monkeypatch.setattr(certified.BallSystem, "start_value", refused)
    model = '[model.tmy]\nstates = ["y"]\nrhs = { y = "t - y" }\nsolution = { y = "(y0 + 1)*exp(-t) + t - 1" }\n'
    body = 'check = "run"\nmodel = "tmy"\nmethod = "abm-2"\noptions = { h = "0.5", start = "exact" }\ninitial = { y = 1 }\nsteps = 2\ndigits = 6\n'
    results = check_claims(claims_text(model, {"right": (body + 'trace = { y = ["0.713061", "0.708980"] }',),
                                               "wrong": (body + 'trace = { y = ["0.713061", "0.708990"] }',)}))
    right, wrong = results["right"].outcome, results["wrong"].outcome
    assert (right.status, right.evidence) == ("verified", "numerical") and "rounds to 0.708980 under both" in right.message, right.message
    assert_refuted(wrong, ["trace y value 2: claimed 0.708990 at 6 decimals", "which rounds to 0.708980"])
