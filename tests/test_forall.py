"""Claims for every parameter value: symbolic proofs, the exact sampling fallback, stability functions (their wrong
versions are tests/claims/wrong/forall.toml)."""
from __future__ import annotations

import mpmath
import numpy as np
import pytest
import sympy

from conftest import assert_refuted, claims_text
from verify.checks import stability
from verify.checks.common import CheckError
from verify.engines.methods import METHODS, TABLEAUS

MODELS = """
[model.ramp]
states = ["x", "z"]
rhs = { x = "1", z = "x" }
blocks = { slow = ["x"], fast = ["z"] }
solution = { x = "x0 + t", z = "z0 + x0*t + t**2/2" }

[model.electromechanical_R]
states = ["q", "v", "i"]
rhs = { q = "v", v = "-q - v + i", i = "v - R*i" }
parameters = { R = 8 }
functionals = { energy = "(q**2 + v**2 + i**2)/2" }

[model.cooling]
states = ["y"]
rhs = { y = "-k*y" }
parameters = { k = 0.5 }

[model.stable_coupled]
states = ["x", "z"]
rhs = { x = "-x", z = "x - 8*z" }
blocks = { slow = ["x"], fast = ["z"] }
"""

RAMP_RUN = 'check = "forall"\nmodel = "ramp"\ndomains = { T = "positive", N = "integer >= 1", m = "integer >= 1" }\noptions = { H = "T/N", m = "m" }\ninitial = { x = 0, z = 0 }\nsteps = "N"\n'

TRUE = {
    "terminal-error": (RAMP_RUN + 'method = "frozen-slow-euler"\nholds = { "solution(z) - z" = "T*H/2" }', "symbolic"),
    "midpoint-exact": (RAMP_RUN + 'method = "midpoint-sampled-euler"\nholds = { z = "solution(z)" }', "symbolic"),
    "error-positive": (RAMP_RUN + 'method = "frozen-slow-euler"\nholds_relations = { "solution(z) - z" = "> 0" }', "symbolic"),
    "multiplier-set": ('check = "forall"\ndomains = { h = "positive" }\nlhs = "abs(1 - 8*h)"\nop = ">"\nrhs = 1\nexactly_when = "h > 1/4"', "symbolic"),
    "energy-R": ('check = "forall"\nmodel = "electromechanical_R"\ndomains = { R = "real" }\nexpr = "ddt(energy)"\nsign = "nonpositive"\nexactly_when = "R >= 1"', "symbolic"),
    "sampled": ('check = "forall"\nmodel = "cooling"\ndomains = { Y = "real", k = "real", h = "positive" }\nmethod = "step-doubling-euler"\noptions = { h = "h", atol = 0, rtol = 0 }\ninitial = { y = "Y" }\nholds = { "fine - coarse" = "(k*h)**2*y0/4" }\nsamples = 25', "numerical"),
    "rk4": ('check = "stability"\nmethod = "rk4"\nequals = "1 + z + z**2/2 + z**3/6 + z**4/24"', "symbolic"),
    "every-m-matrix": ('check = "stability"\nmodel = "stable_coupled"\nsymbols = ["H", "m"]\nmethod = "frozen-slow-euler"\noptions = { H = "H", m = "m" }\nequals = [["1 - H", 0], ["(1 - (1 - 8*H/m)**m)/8", "(1 - 8*H/m)**m"]]', "symbolic"),
}


@pytest.mark.parametrize("claim_id", sorted(TRUE))
def test_true_claims_for_every_value(check_claims, claim_id):
    body, evidence = TRUE[claim_id]
    outcome = check_claims(claims_text(MODELS, {claim_id: (body,)}))[claim_id].outcome
    assert outcome.status == "verified", outcome.message
    assert outcome.evidence == evidence
    if evidence == "numerical":
        assert "25 drawn by hypothesis" in outcome.message and "not a proof" in outcome.message


def test_a_matrix_in_a_symbolic_count_that_simplify_cannot_compare_is_refuted_at_a_first_count(check_claims):
    """A review of 2026-12-06: the fast multiplier claimed as (1 - 8H/(m + 1))^m (m + 1 for m) was an error, 'cannot
    decide' (the difference is no rational function of m); one exact step at m = 1 has 1 - 8H there, the claim
    1 - 4H: refuted, exactly.  The true closed form stays verified (TRUE['every-m-matrix'])."""
    H = sympy.Symbol("H")
    assert sympy.expand((1 - 8 * H / 2) ** 1) == 1 - 4 * H  # the claimed entry at m = 1; Euler's fast step gives 1 - 8H
    body = TRUE["every-m-matrix"][0].replace('"(1 - 8*H/m)**m"]]', '"(1 - 8*H/(m + 1))**m"]]')
    assert body != TRUE["every-m-matrix"][0]
    outcome = check_claims(claims_text(MODELS, {"off-by-one": (body,)}))["off-by-one"].outcome
    assert_refuted(outcome, ["which at m = 1 is [[1 - H, 0], [H, 1 - 4*H]], computed [[1 - H, 0], [H, 1 - 8*H]] there"])
    assert outcome.evidence == "exact"
    # a true one written with a nested radical (sqrt(2 + sqrt(3)) = (sqrt(6) + sqrt(2))/2) was undecided at every count
    # too: an error, never refuted (the first version of this change refuted it).  Since 2026-12-07 the normal form
    # places the nested radical in its field, QQ(sqrt(3), sqrt(2 + sqrt(3))), and the claim is verified
    assert sympy.sqrtdenest(sympy.sqrt(2 + sympy.sqrt(3))) - (sympy.sqrt(6) + sympy.sqrt(2)) / 2 == 0
    nested = TRUE["every-m-matrix"][0].replace('["1 - H", 0]', '["1 - H*(sqrt(2 + sqrt(3)) - (sqrt(6) + sqrt(2))/2 + 1)", 0]')
    assert nested != TRUE["every-m-matrix"][0]
    decided = check_claims(claims_text(MODELS, {"nested": (nested,)}))["nested"].outcome
    assert (decided.status, decided.evidence) == ("verified", "symbolic"), decided.message


def test_symbolic_exponents_only_for_declared_symbols(check_claims):
    body = 'check = "stability"\nmodel = "stable_coupled"\nsymbols = ["H"]\nmethod = "frozen-slow-euler"\noptions = { H = "H", m = 2 }\nequals = [["1 - H", 0], [0, "(1 - 8*H/2)**k"]]'
    outcome = check_claims(claims_text(MODELS, {"k-exponent": (body,)}))["k-exponent"].outcome
    assert outcome.status == "error" and "unknown name 'k'" in outcome.message


# --- the stability functions against an outside implementation (NodePy) -----------------------


def nodepy_polynomial(tableau):
    rk = pytest.importorskip("nodepy.runge_kutta_method")
    A = np.array([[sympy.Rational(a) for a in row] for row in tableau.A], dtype=object)
    b = np.array([sympy.Rational(v) for v in tableau.b], dtype=object)
    p, q = rk.ExplicitRungeKuttaMethod(A, b).stability_function()
    z = sympy.Symbol("z")
    numerator = sum(sympy.Rational(c) * z**k for k, c in enumerate(reversed(list(p.coeffs))))
    denominator = sum(sympy.Rational(c) * z**k for k, c in enumerate(reversed(list(q.coeffs))))
    return sympy.expand(numerator / denominator)


@pytest.mark.parametrize("name", sorted(name for name, tableau in TABLEAUS.items() if tableau.explicit))
def test_stability_polynomials_agree_with_nodepy(name):
    expected = nodepy_polynomial(TABLEAUS[name])
    h, lam, z = sympy.symbols("h lam z", real=True)
    M = stability.amplification(METHODS[name], {"h": h}, stability.DAHLQUIST, {"lam": lam})
    ours = sympy.expand(sympy.simplify(M[0, 0].subs(lam, z / h)))
    assert sympy.expand(ours - expected.subs(sympy.Symbol("z"), z)) == 0


def test_backward_euler_agrees_with_nodepy():
    rk = pytest.importorskip("nodepy.runge_kutta_method")
    p, q = rk.loadRKM("BE").stability_function()
    z = sympy.Symbol("z")
    theirs = sum(sympy.nsimplify(c) * z**k for k, c in enumerate(reversed(list(p.coeffs)))) / sum(
        sympy.nsimplify(c) * z**k for k, c in enumerate(reversed(list(q.coeffs))))
    h, lam = sympy.symbols("h lam", real=True)
    M = stability.amplification(METHODS["backward-euler"], {"h": h}, stability.DAHLQUIST, {"lam": lam})
    assert sympy.simplify(M[0, 0].subs(lam, z / h) - theirs) == 0


def test_nodepy_rk44_is_our_rk4():
    rk = pytest.importorskip("nodepy.runge_kutta_method")
    p, _ = rk.loadRKM("RK44").stability_function()
    assert [sympy.Rational(c) for c in p.coeffs] == [sympy.Rational(1, 24), sympy.Rational(1, 6), sympy.Rational(1, 2), 1, 1]


BOUND = """
[model.riccati]
states = ["y"]
rhs = { y = "-y**2" }
solution = { y = "y0/(1 + y0*t)" }
"""

BOUND_CLAIM = (
    'check = "forall"\nmodel = "riccati"\n'
    'domains = { Y = "interval(0, 2)", h = "interval(0, 1/2)", gamma = "interval(0, 2)", r = "closed(-1/10, 1/10)" }\n'
    'let = { F = "Y**2", L = "2*Y", M1 = "2*Y**3", kappa0 = "1/(1 + 2*gamma*h*Y)", kappa1 = kappa0_text, rho = "abs(r)", C_E = C_E_text }\n'
    'method = "rosenbrock-euler"\noptions = { h = "h", gamma = "gamma", stage_residual = "r" }\ninitial = { y = "Y" }\n'
    'holds_relations = { "abs(y - solution(y))" = "<= C_E*h**2 + kappa1*h*rho" }\nsamples = 40'
)


def bound(c_e: str) -> str:
    return BOUND_CLAIM.replace("kappa0_text", '"1/(1 + 2*gamma*h*Y)"').replace("C_E_text", f'"{c_e}"')


def test_bound_over_instances_reports_the_worst_margin(check_claims):
    outcome = check_claims(claims_text(BOUND, {"bound": (bound("gamma*kappa0*L*F + M1/2"),)}))["bound"].outcome
    assert outcome.status == "verified" and outcome.evidence == "numerical"
    assert "40 drawn by hypothesis" in outcome.message and "worst relative margin" in outcome.message


def test_bound_without_the_M1_term_is_refuted_exactly(check_claims):
    outcome = check_claims(claims_text(BOUND, {"no-M1": (bound("gamma*kappa0*L*F"),)}))["no-M1"].outcome
    assert_refuted(outcome, ["counterexample Y = 1", "claimed <= C_E*h**2 + kappa1*h*rho", "replay as a run claim"])


def test_assume_skips_instances_outside_the_hypotheses(check_claims):
    body = 'check = "forall"\ndomains = { x = "real" }\nassume = ["x > 1"]\nlhs = "x**2"\nop = ">"\nrhs = "x"'
    outcome = check_claims(claims_text("", {"assumed": (body,)}))["assumed"].outcome
    assert outcome.status == "verified" and outcome.evidence == "symbolic" and "with x > 1" in outcome.message
    without = check_claims(claims_text("", {"unassumed": (body.replace('assume = ["x > 1"]\n', ""),)}), name="b.toml")["unassumed"].outcome
    assert_refuted(without, ["x**2 > x"])


def test_stage_residual_is_the_solve_residual(check_claims):
    body = ('check = "run"\nmodel = "riccati"\nmethod = "rosenbrock-euler"\noptions = { h = "1/2", stage_residual = "1/10" }\n'
            'initial = { y = 1 }\nexpect = { y = "1 + (1/2)*(-1 + 1/10)/(1 + 1)" }')
    outcome = check_claims(claims_text(BOUND, {"residual": (body,)}))["residual"].outcome
    assert outcome.status == "verified", outcome.message


def test_simple_instances_come_simplest_first_without_listing_every_combination():
    """The combinations of simple values in the order (index sum, indices), generated lazily: ten symbols with four
    simple values each (4^10 combinations) give their first instances at once."""
    import itertools

    from verify.checks.forall.domains import _by_index_sum

    for sizes in ([4] * 4, [3, 1, 4], [2], [1, 1], [4, 3, 2, 5]):
        assert list(_by_index_sum(sizes)) == sorted(itertools.product(*[range(n) for n in sizes]), key=lambda i: (sum(i), i))
    first = list(itertools.islice(_by_index_sum([4] * 10), 12))
    assert first[0] == (0,) * 10 and first[1] == (0,) * 9 + (1,) and all(sum(i) <= 2 for i in first)


def test_an_instance_that_holds_has_the_verdict_evidence_and_margin_of_the_full_relation_check(tmp_path):
    """Sampled relation instances that hold are decided by relation.holds_with_margin (no texts); it must say what
    relation.evaluate says on every route: exact rationals, an enclosure (exp, cos), a rational difference of irrational
    sides (symbolic), sympy's zero; and nothing where the relation fails (evaluate then writes the message)."""
    from verify import runner
    from verify.checks import relation

    pairs = {"rational": ("1/3", "<=", "1/2"), "tie": ("1/2", ">=", "2/4"), "exp": ("exp(1)", ">", "2718/1000"),
             "sqrt": ("sqrt(2) + 1", ">", "sqrt(2)"), "field": ("(1 + sqrt(2))**2", "==", "3 + 2*sqrt(2)"),
             "cos": ("cos(1)", "<", "0.5403024"), "fails": ("1/3", ">", "1/2"), "fails-exp": ("exp(1)", "<", "2.718")}
    body = 'check = "relation"\nlhs = "{}"\nop = "{}"\nrhs = "{}"\n'
    (tmp_path / "r.toml").write_text(claims_text("", {key: (body.format(*pair),) for key, pair in pairs.items()}), encoding="utf-8")
    claims = {claim.id: claim for claim in runner.load([str(tmp_path / "r.toml")], model_dirs=[str(tmp_path / "none")])}
    for key in pairs:
        full, quick = relation.evaluate(claims[key]), relation.holds_with_margin(claims[key])
        if key.startswith("fails"):
            assert full.status == "refuted" and quick is None, (key, full.message)
            continue
        assert full.status == "verified", (key, full.message)
        assert (quick.status, quick.evidence, quick.margins) == (full.status, full.evidence, full.margins), (key, quick, full.evidence)


def test_sampled_instances_are_evaluated_on_the_closed_form_and_checked_against_the_run(monkeypatch):
    """When sympy cannot settle a forall run claim, its instances are evaluated on the closed form of the run
    (exact rational arithmetic, or arb enclosures for exp) instead of a run each; the first instance, and any
    refuted one, go the full way too, and a closed form that disagrees with the run is an error, never a verdict."""
    from verify import runner
    from verify.checks import forall
    from verify.checks.forall import sampling

    claim = [c for c in runner.load(["claims/rosenbrock_euler.toml"], select="rosenbrock/one-step-bound-on-instances")][0]
    full_runs = []
    original = sampling._full_outcome
    monkeypatch.setattr(sampling, "_full_outcome", lambda *args: full_runs.append(args[2]) or original(*args))
    outcome = forall.evaluate(claim)
    assert outcome.status == "verified" and outcome.evidence == "numerical", outcome.message
    instances = int(outcome.computed["instances"])
    assert instances > 50 and len(full_runs) <= 3, (instances, len(full_runs))  # the first instance checked both ways

    class Doubled(sampling._Compiled):  # a closed form gone wrong: the compared quantity doubled, its bound kept
        made = [0]

        def __init__(self, expression, symbols):
            super().__init__(expression, symbols)
            self.made[0] += 1
            self.factor = 2 if self.made[0] % 2 else 1  # ClosedFormInstances.of compiles a quantity, then its bound

        def __call__(self, env):
            return super().__call__(env) * self.factor

    monkeypatch.setattr(sampling, "_Compiled", Doubled)
    with pytest.raises(CheckError, match="the closed form of the run says .* but the run says"):
        forall.evaluate(claim)


def test_instance_signs_come_from_enclosures_arb_or_mpmath_iv():
    """The closed-form instances decide a sign with exp or sqrt from enclosures: arb balls, or mpmath.iv where min or
    max appear; an exact zero is 0, a difference of 1e-17 is decided at 64 bits or more."""
    from verify.engines import crosscheck

    x = sympy.Symbol("x")
    tiny = sympy.Rational(1, 10**6)
    assert crosscheck.sign_function(sympy.exp(x) - 1 - x - x**2 / 2, [x])([tiny])[0] == 1  # x^3/6 > 0: 1.7e-19
    assert crosscheck.sign_function(sympy.exp(x) - 1 - x - x**2 / 2, [x])([-tiny])[0] == -1
    assert crosscheck.sign_function(sympy.sqrt(2) * x - 1, [x])([sympy.Rational(7071067811865475, 10**16)])[0] == -1
    assert crosscheck.sign_function(sympy.sqrt(2) * x - 1, [x])([sympy.Rational(7071067811865476, 10**16)])[0] == 1
    assert crosscheck.sign_function(sympy.Max(x, 1 - x) - sympy.Rational(1, 2), [x])([sympy.Rational(1, 2)])[0] == 0
    assert crosscheck.sign_function(x**2 - 2 * x + 1, [x])([1])[0] == 0


def test_drawn_rationals_are_hypothesis_fractions_draw_for_draw_and_shrink_for_shrink():
    """domains._fractions builds hypothesis's fractions strategy once per denominator instead of at every draw (a third
    of the time per instance, and most of a shrink); a different strategy structure would change the draws (and the
    search: a bound false only in a strip along x*y = sqrt(2) escaped a composite strategy's draws).  Same draws,
    same shrunk failure."""
    from fractions import Fraction

    from hypothesis import HealthCheck, given, settings, strategies as st
    from verify.checks.forall import domains

    def drawn(strategies, fails):
        seen = []

        @settings(max_examples=60, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
        @given(st.tuples(*strategies))
        def probe(values):
            seen.append(values)
            assert not fails(*values)

        try:
            probe()
        except AssertionError:
            pass
        return seen

    bounds = [(Fraction(0), Fraction(2)), (Fraction(-1, 10), Fraction(1, 10)), (Fraction(-10), Fraction(10)), (Fraction(9), Fraction(11))]
    ours = drawn([domains._fractions(low, high, 60) for low, high in bounds], lambda *values: False)
    assert ours == drawn([st.fractions(low, high, max_denominator=60) for low, high in bounds], lambda *values: False)
    assert len(set(ours)) > 40
    shrunk = drawn([domains._fractions(Fraction(-10), Fraction(10), 60)], lambda c: c < Fraction(-17, 3))
    assert shrunk == drawn([st.fractions(-10, 10, max_denominator=60)], lambda c: c < Fraction(-17, 3)) and shrunk[-1] == (-6,)


def test_simplify_is_skipped_only_where_a_certified_point_shows_it_cannot_prove():
    """proofs._witness_against: the Rosenbrock one-step bound with abs fails at a point the symbols' assumptions allow
    (outside the claim's domains), so no form of it is nonpositive for all real values and simplify (0.25 s) is not
    tried; an identity simplify proves (sqrt(x**2) = abs(x) for real x) has no such point, nor has a bound true for
    every real value, and simplify still runs for them."""
    from verify.checks.forall import proofs

    x, h, Y = (sympy.Symbol(name, real=True) for name in ("x", "h", "Y"))
    n = sympy.Symbol("n", integer=True, positive=True)
    defect = sympy.Abs(Y / (1 + h * Y) - Y * (1 - h * Y)) - h**2 * Y**2 * sympy.Abs(Y)  # not <= 0 for every real Y, h
    assert proofs._witness_against(defect, "<=")
    assert not proofs._witness_against(sympy.sqrt(x**2) - sympy.Abs(x), "==")
    assert not proofs._witness_against(-sympy.Abs(x) - x**2 - 1 / (1 + x**2), "<")
    assert not proofs._witness_against(n - 1 + sympy.Abs(x), ">=")  # n >= 1
    assert proofs._witness_against(n - 2 + sympy.Abs(x), ">=")  # n = 1, x = 0: -1
    assert proofs._reduced(sympy.sqrt(x**2) - sympy.Abs(x), lambda d: d == 0, "==") == 0  # simplify still proves it


def test_explain_checks_a_sampled_claim_once_and_shows_that_check_s_derivation(check_claims, tmp_path, monkeypatch):
    """verify explain evaluated a claim, then evaluated it again for its derivation (twice the time of a sampled forall
    claim); now the derivation is that of the outcome it shows."""
    from verify import runner
    from verify.checks import forall

    text = claims_text("", {"sampled": ('check = "forall"\ndomains = { x = "interval(0, 1)", y = "interval(0, 1)", z = "interval(0, 1)" }\n'
                                        'lhs = "x*y*z"\nop = "<="\nrhs = "x + 1/10**9"',)})
    (tmp_path / "c.toml").write_text(text, encoding="utf-8")
    [claim] = runner.load([str(tmp_path / "c.toml")], model_dirs=[str(tmp_path / "none")])
    calls = []
    sample = forall.sample
    monkeypatch.setattr(forall, "sample", lambda *args, **kwargs: calls.append(1) or sample(*args, **kwargs))
    outcome, lines = runner.explain_bounded(claim, in_process=True)
    assert outcome.status == "verified" and outcome.evidence == "numerical" and len(calls) == 1, outcome.message
    assert lines == outcome.derivation and any("every one verified exactly" in line for line in lines)


def test_a_claimed_value_undefined_inside_the_domains_is_an_error_not_a_proof(check_claims):
    """Review finding: the closed form of the run is an identity away from lam = -1, so ((1 + lam h)^N - (1 - h)^N)/(lam + 1)
    was verified for every real lam although it divides by zero at lam = -1.  Now that claim is an error naming the
    point; on lam positive (no pole) it is verified, and a wrong version there is refuted."""
    from conftest import assert_refuted, claims_text

    pair = '[model.pair]\nstates = ["y1", "y2"]\nrhs = { y1 = "-y1 + y2", y2 = "lam*y2" }\nparameters = { lam = 1 }\n'
    run = 'check = "forall"\nmodel = "pair"\nmethod = "euler"\noptions = { h = "h" }\ninitial = { y1 = 0, y2 = 1 }\nsteps = "N"\n'
    closed = '((1 + lam*h)**N - (1 - h)**N)/(lam + 1)'
    results = check_claims(claims_text(pair, {
        "pole": (run + 'domains = { N = "integer >= 1", h = "positive", lam = "real" }\n' + f'holds = {{ y1 = "{closed}" }}',),
        "no-pole": (run + 'domains = { N = "integer >= 1", h = "positive", lam = "positive" }\n' + f'holds = {{ y1 = "{closed}" }}',),
        "wrong": (run + 'domains = { N = "integer >= 1", h = "positive", lam = "positive" }\n' + 'holds = { y1 = "((1 + lam*h)**N - (1 - h)**N)/(lam + 2)" }',),
    }))
    outcome = {name: result.outcome for name, result in results.items()}
    assert outcome["pole"].status == "error" and "not defined at lam = -1" in outcome["pole"].message, outcome["pole"].message
    assert outcome["no-pole"].status == "verified" and outcome["no-pole"].evidence == "symbolic", outcome["no-pole"].message
    assert_refuted(outcome["wrong"], ["counterexample"])


THIRD_REVIEW_MODELS = '''
[model.chain3]
states = ["y1", "y2", "y3"]
rhs = { y1 = "-y1 + y2", y2 = "-y2 + y3", y3 = "-y3" }

[model.decay]
states = ["y"]
rhs = { y = "-y" }

[model.pair]
states = ["y1", "y2"]
rhs = { y1 = "-y1 + y2", y2 = "lam*y2" }
parameters = { lam = 1 }

[model.rates]
states = ["y1", "y2"]
rhs = { y1 = "-a*y1 + y2", y2 = "-b*y2" }
parameters = { a = 1, b = 2 }

[model.lin]
states = ["y"]
rhs = { y = "lam*y" }
parameters = { lam = 1 }

[model.chainr]
states = ["y1", "y2", "y3"]
rhs = { y1 = "-r*y1 + y2", y2 = "-r*y2 + y3", y3 = "-r*y3" }
parameters = { r = 1 }
'''


def test_third_review_no_instance_passes_unchecked_and_poles_in_several_symbols_are_found(check_claims):
    """Third review's findings, each once a false claim verified or a value that does not exist proved.  A step count
    in two symbols (N + K steps of h = 1/(N + K)) no longer takes an unchecked generic closed form (one step of h = 1
    at N = 1, K = 0 leaves y1 = 0, the claim says 1/2).  An instance with 0 steps (N = 0 on 'integer >= 0') or where
    the method cannot run (h = -10^6 on 'real') was counted as passing; now the claim is an error naming it (y'=-y
    with h = 1/2 and 0 steps keeps y = 1 > 1/2).  Poles: in the claimed value, in two symbols (a = b in
    ((1 - h a)^N - (1 - h b)^N)/(b - a), the exact Euler value, undefined at a = b), of a backward Euler step
    (1 - lam h)^-N, under an 'assume' that does not exclude them, in the compared key, as a negative power
    ((N - r)/N)^(N - 2) at N = r = 1, and in a relation ((x^2 - y^2)/(x - y) = x + y): errors naming a point.  Where
    'assume' excludes the pole the claim is proved."""
    from conftest import assert_refuted, claims_text

    pair = 'check = "forall"\nmodel = "pair"\nmethod = "euler"\noptions = { h = "h" }\ninitial = { y1 = 0, y2 = 1 }\nsteps = "N"\n'
    pair_domains = 'domains = { N = "integer >= 1", h = "positive", lam = "real" }\n'
    closed = "((1 + lam*h)**N - (1 - h)**N)/(lam + 1)"
    results = check_claims(claims_text(THIRD_REVIEW_MODELS, {
        "n-plus-k": ('check = "forall"\nmodel = "chain3"\ndomains = { N = "integer >= 1", K = "integer >= 0" }\nmethod = "euler"\n'
                     'options = { h = "1/(N+K)" }\ninitial = { y1 = 0, y2 = 0, y3 = 1 }\nsteps = "N+K"\n'
                     'holds = { y1 = "(1 - 1/(N+K))**(N+K-1)/2" }',),
        "zero-steps": ('check = "forall"\nmodel = "decay"\ndomains = { N = "integer >= 0" }\nmethod = "euler"\noptions = { h = "1/2" }\n'
                       'initial = { y = 1 }\nsteps = "N"\nholds_relations = { y = "<= 1/2" }',),
        "negative-h": ('check = "forall"\nmodel = "decay"\ndomains = { h = "real" }\nmethod = "euler"\noptions = { h = "h" }\n'
                       'initial = { y = 1 }\nsteps = 1\nholds_relations = { y = "<= 1" }',),
        "rates-pole": ('check = "forall"\nmodel = "rates"\ndomains = { N = "integer >= 1", h = "positive", a = "real", b = "real" }\n'
                       'method = "euler"\noptions = { h = "h" }\ninitial = { y1 = 0, y2 = 1 }\nsteps = "N"\n'
                       'holds = { y1 = "((1 - h*a)**N - (1 - h*b)**N)/(b - a)" }',),
        "backward-euler-pole": ('check = "forall"\nmodel = "lin"\ndomains = { N = "integer >= 1", h = "positive", lam = "real" }\n'
                                'method = "backward-euler"\noptions = { h = "h" }\ninitial = { y = 1 }\nsteps = "N"\n'
                                'holds = { y = "1/(1 - lam*h)**N" }',),
        "assume-pole": (pair + pair_domains + 'assume = ["lam > -5"]\n' + f'holds = {{ y1 = "{closed}" }}',),
        "assume-excludes": (pair + pair_domains + 'assume = ["lam > 0"]\n' + f'holds = {{ y1 = "{closed}" }}',),
        "key-pole": (pair + pair_domains + f'holds = {{ "y1 - {closed}" = "0" }}',),
        "negative-power": ('check = "forall"\nmodel = "chainr"\ndomains = { N = "integer >= 1", r = "real" }\nmethod = "euler"\n'
                           'options = { h = "1/N" }\ninitial = { y1 = 0, y2 = 0, y3 = 1 }\nsteps = "N"\n'
                           'holds = { y1 = "(N-1)/(2*N)*((N-r)/N)**(N-2)" }',),
        "relation-pole": ('check = "forall"\ndomains = { x = "real", y = "real" }\nlhs = "(x**2 - y**2)/(x - y)"\nop = "=="\nrhs = "x + y"',),
    }))
    outcome = {name: result.outcome for name, result in results.items()}
    assert outcome["n-plus-k"].status != "verified", outcome["n-plus-k"].message
    assert "0 steps" in outcome["zero-steps"].message and outcome["zero-steps"].status == "error", outcome["zero-steps"].message
    assert outcome["negative-h"].status == "error" and "the method cannot run" in outcome["negative-h"].message, outcome["negative-h"].message
    for name, point in (("rates-pole", "a = "), ("backward-euler-pole", "lam = "), ("assume-pole", "lam = -1"), ("key-pole", "lam = -1"),
                        ("negative-power", "N = 1, r = 1"), ("relation-pole", "x = ")):
        assert outcome[name].status == "error" and "not defined at" in outcome[name].message and point in outcome[name].message, \
            (name, outcome[name].message)
    assert outcome["assume-excludes"].status == "verified", outcome["assume-excludes"].message
    assert_refuted(check_claims(claims_text(THIRD_REVIEW_MODELS, {
        "wrong": (pair + pair_domains + 'assume = ["lam > 0"]\nholds = { y1 = "((1 + lam*h)**N - (1 - h)**N)/(lam + 2)" }',),
    }))["wrong"].outcome, ["counterexample"])


def test_a_negative_power_that_turns_negative_only_further_out_is_a_pole():
    """poles.zero_in_domains: ((N - r)/N)^(3 - N) has a pole where N = r >= 4 (the exponent is negative from N = 4 on): the
    other symbols are tried far out too; with N - 2 it is found at N = r = 1, with N + 2 (never negative) nowhere."""
    from verify.checks.forall.poles import zero_in_domains
    from verify.checks.forall.domains import parse_domain

    class Reader:
        def value(self, text, key):
            return sympy.sympify(text)

    N, r = parse_domain("N", "integer >= 1", Reader()), parse_domain("r", "real", Reader())
    domains, spec = {N.symbol: N, r.symbol: r}, type("Spec", (), {"assume": []})()
    factor = N.symbol - r.symbol
    late = zero_in_domains(factor, 3 - N.symbol, domains, spec)
    assert late is not None and late[N.symbol] == late[r.symbol] and late[N.symbol] >= 4
    assert zero_in_domains(factor, N.symbol - 2, domains, spec) == {N.symbol: 1, r.symbol: 1}
    assert zero_in_domains(factor, N.symbol + 2, domains, spec) is None


def test_fourth_review_names_that_hide_the_run_and_poles_of_steps_bases_and_starts(check_claims):
    """Fourth review's findings, each a false or undefined claim verified: a domain or let named as the model's state or
    time replaced the run's value by the symbol (y = y was proved; y_1 = 1/2 at y0 = 1); a pole in the denominator
    of a power's base (Crank-Nicolson's ((2 + lam h)/(2 - lam h))^N, undefined at lam h = 2), in an initial value
    (1/(lam + 1)), and in the method's own step (backward Euler on lam y1 is singular at lam h = 1, whatever the claim
    reads).  Each is an error naming its point; with lam negative Crank-Nicolson's closed form is proved, and a
    wrong version of it refuted."""
    from conftest import assert_refuted, claims_text

    models = ('[model.lin]\nstates = ["y"]\nrhs = { y = "lam*y" }\nparameters = { lam = 1 }\n'
              '[model.besing]\nstates = ["y1", "y2"]\nrhs = { y1 = "lam*y1", y2 = "0" }\nparameters = { lam = 1 }\n'
              '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n')
    lin = 'check = "forall"\nmodel = "lin"\noptions = { h = "h" }\nsteps = "N"\n'
    real = 'domains = { N = "integer >= 1", h = "positive", lam = "real" }\n'
    negative = 'domains = { N = "integer >= 1", h = "positive", lam = "negative" }\n'
    decay = 'check = "forall"\nmodel = "decay"\nmethod = "euler"\noptions = { h = "1/2" }\nsteps = "N"\n'
    results = check_claims(claims_text(models, {
        "cn-pole": (lin + real + 'method = "crank-nicolson"\ninitial = { y = 1 }\nholds = { y = "((2 + lam*h)/(2 - lam*h))**N" }',),
        "cn-ok": (lin + negative + 'method = "crank-nicolson"\ninitial = { y = 1 }\nholds = { y = "((2 + lam*h)/(2 - lam*h))**N" }',),
        "cn-wrong": (lin + negative + 'method = "crank-nicolson"\ninitial = { y = 1 }\nholds = { y = "((2 + lam*h)/(2 - lam*h))**(N + 1)" }',),
        "start-pole": (lin + real + 'method = "euler"\ninitial = { y = "1/(lam + 1)" }\nholds = { "y*(lam + 1)" = "(1 + lam*h)**N" }',),
        "step-pole": ('check = "forall"\nmodel = "besing"\noptions = { h = "h" }\nsteps = "N"\n' + real
                      + 'method = "backward-euler"\ninitial = { y1 = 1, y2 = 1 }\nholds = { y2 = "1" }',),
        "state-name": (decay + 'domains = { N = "integer >= 1", y = "positive" }\ninitial = { y = "y" }\nholds = { y = "y" }',),
        "time-name": (decay + 'domains = { N = "integer >= 1", t = "positive" }\ninitial = { y = 1 }\nholds = { t = "t" }',),
        "let-name": (decay + 'domains = { N = "integer >= 1" }\nlet = { y = "1" }\ninitial = { y = 1 }\nholds = { y = "1" }',),
    }))
    outcome = {name: result.outcome for name, result in results.items()}
    for name, fragment in (("cn-pole", "not defined at h = "), ("start-pole", "not defined at lam = -1"), ("step-pole", "step is not defined at"),
                           ("state-name", "y is the model's variable"), ("time-name", "t is the model's time"), ("let-name", "let.y")):
        assert outcome[name].status == "error" and fragment in outcome[name].message, (name, outcome[name].message)
    assert outcome["cn-ok"].status == "verified" and outcome["cn-ok"].evidence == "symbolic", outcome["cn-ok"].message
    assert_refuted(outcome["cn-wrong"], ["counterexample"])


def test_a_proof_does_not_cover_points_where_the_method_cannot_run(check_claims):
    """Sixth review: Euler's (1 - h)^N was proved for every real h (and on closed(0, 1), h = 0 included) although the
    method refuses h <= 0; sampling had said so, the symbolic proof had not.  The method's options are now validated
    at probe points of the domains (closed ends included, counts not past the run's work limit) before any proof."""
    from conftest import claims_text

    decay = ('[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n')
    run = 'check = "forall"\nmodel = "decay"\nmethod = "euler"\noptions = { h = "h" }\ninitial = { y = 1 }\nsteps = "N"\nholds = { y = "(1 - h)**N" }\n'
    results = check_claims(claims_text(decay, {
        "real": (run + 'domains = { N = "integer >= 1", h = "real" }',),
        "closed": (run + 'domains = { N = "integer >= 1", h = "closed(0, 1)" }',),
        "positive": (run + 'domains = { N = "integer >= 1", h = "positive" }',),
    }))
    outcome = {name: result.outcome for name, result in results.items()}
    real = outcome["real"].message  # h = 0 or a negative h: both points of the reals where Euler refuses to run
    assert outcome["real"].status == "error" and "cannot run at" in real and ("h = -" in real or "h = 0," in real or "h = 0 " in real), real
    assert outcome["closed"].status == "error" and "h = 0" in outcome["closed"].message, outcome["closed"].message
    assert outcome["positive"].status == "verified" and outcome["positive"].evidence == "symbolic", outcome["positive"].message


DAMPED = """
[model.damped]
states = ["x", "v"]
rhs = { x = "v", v = "-x - c*v" }
parameters = { c = 1 }
functionals = { energy = "x**2 + v**2" }
"""


def test_a_sign_for_every_parameter_value_is_over_every_state_of_the_model(check_claims):
    """Review of 2026-12-05: ddt(energy) = 2xv + 2v(-x - cv) = -2cv^2 does not depend on x, so it is 0 at the nonzero
    state (x, v) = (1, 0) and is not negative there, for any c; the forall proof read the form in v alone and
    verified "negative for all c > 0" (symbolic), where the sign check refutes it.  A form that leaves out a state is
    strictly signed nowhere; non-strict, and with a constant, the missing state does not matter."""
    x, v, c = sympy.symbols("x v c")
    assert sympy.expand(2 * x * v + 2 * v * (-x - c * v)) == -2 * c * v**2
    body = 'check = "forall"\nmodel = "damped"\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(DAMPED, {
        "negative": (body + 'domains = { c = "positive" }\nexpr = "ddt(energy)"\nsign = "negative"',),
        "negative-exactly-when": (body + 'domains = { c = "real" }\nexpr = "ddt(energy)"\nsign = "negative"\nexactly_when = "c > 0"',),
        "one-state-positive": (body + 'domains = { c = "real" }\nexpr = "c*x**2"\nsign = "positive"\nexactly_when = "c > 0"',),
        "nonpositive": (body + 'domains = { c = "positive" }\nexpr = "ddt(energy)"\nsign = "nonpositive"',),
        "with-a-constant": (body + 'domains = { c = "positive" }\nexpr = "x**2 + c"\nsign = "positive"',),
        "both-states": (body + 'domains = { c = "real" }\nexpr = "x**2 + c*v**2"\nsign = "positive"\nexactly_when = "c > 0"',),
    })).items()}
    assert_refuted(outcomes["negative"], ["negative at every nonzero state (v, x)", "it holds only on EmptySet"])
    assert_refuted(outcomes["negative-exactly-when"], ["it holds on EmptySet"])
    assert_refuted(outcomes["one-state-positive"], ["c*x**2 is positive at every nonzero state (v, x)", "it holds on EmptySet"])
    for name in ("nonpositive", "with-a-constant", "both-states"):
        assert (outcomes[name].status, outcomes[name].evidence) == ("verified", "symbolic"), outcomes[name].message


def test_a_pole_inside_abs_or_a_root_is_an_error_not_a_counterexample(check_claims):
    """Review of 2026-12-05: abs(1/(z - 1)) > 0 on (0, 3) holds wherever it is defined; sympy writes it 1/Abs(z - 1),
    whose denominator the pole search did not open, and the claim was refuted "at z = 1", where it has no value
    (without abs the same claim was the error it should be).  Also a pole under a root and one inside a function."""
    body = 'check = "forall"\ndomains = { z = "interval(0, 3)" }\nop = ">"\nrhs = 0\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text("", {
        "abs": (body + 'lhs = "abs(1/(z - 1))"',),
        "trapezoid": (body + 'lhs = "abs((1 + z/2)/(1 - z/2)) + 1"',),
        "root": (body + 'lhs = "1/sqrt(abs(z - 1))"',),
        "inside-exp": (body + 'lhs = "exp(1/(z - 1)**2)"',),
        "defined": (body + 'lhs = "abs(1/(z + 1))"',),
    })).items()}
    for name, at in (("abs", "z = 1"), ("trapezoid", "z = 2"), ("root", "z = 1"), ("inside-exp", "z = 1")):
        assert outcomes[name].status == "error", outcomes[name].message
        assert f"not defined at {at}, inside the domains" in outcomes[name].message
    assert outcomes["defined"].status == "verified", outcomes["defined"].message


GROWTH = """
[model.growth]
states = ["y"]
rhs = { y = "y" }
solution = { y = "y0*exp(t)" }
"""


def test_a_global_error_with_e_in_it_is_compared_by_enclosures_in_runs_and_their_instances(check_claims):
    """Review of 2026-12-05: solution(y) - y = e - 64/27 after three Euler steps of 1/3 on y' = y was "cannot be
    evaluated exactly" (only rationals, or algebraic numbers over an algebraic field, were compared), and so was a
    forall claim combining holds (e - (1 + 1/N)^N) with holds_relations (> 0), which each verify alone."""
    from fractions import Fraction
    assert (1 + Fraction(1, 3)) ** 3 == Fraction(64, 27)
    run = 'check = "run"\nmodel = "growth"\nmethod = "euler"\noptions = { h = "1/3" }\ninitial = { y = 1 }\nsteps = 3\n'
    forall = ('check = "forall"\nmodel = "growth"\ndomains = { N = "integer >= 1" }\nmethod = "euler"\noptions = { h = "1/N" }\n'
              'initial = { y = 1 }\nsteps = "N"\n')
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(GROWTH, {
        "error": (run + 'expect = { y = "64/27", "solution(y) - y" = "exp(1) - 64/27" }',),
        "error-wrong": (run + 'expect = { "solution(y) - y" = "exp(1) - 64/28" }',),
        "both": (forall + 'holds = { y = "(1 + 1/N)**N", "solution(y) - y" = "exp(1) - (1 + 1/N)**N" }\n'
                          'holds_relations = { "solution(y) - y" = "> 0" }',),
        "both-wrong": (forall + 'holds = { "solution(y) - y" = "exp(1) - (1 + 1/N)**(N + 1)" }\nholds_relations = { "solution(y) - y" = "> 0" }',),
    })).items()}
    assert (outcomes["error"].status, outcomes["error"].evidence) == ("verified", "certified"), outcomes["error"].message
    assert_refuted(outcomes["error-wrong"], ["solution(y) - y: claimed exp(1) - 64/28 (= -16/7 + exp(1)), computed -64/27 + exp(1)"])
    assert (outcomes["both"].status, outcomes["both"].evidence) == ("verified", "numerical"), outcomes["both"].message
    assert_refuted(outcomes["both-wrong"], ["counterexample N = 1"])


def test_integer_domains_are_sampled_far_out_and_the_message_says_how_far(check_claims):
    """Review of 2026-12-05: (1 + 1/N)^N < 27/10 fails from N = 74 on and (1 + 1/N)^N < 2.718 from N = 4822 on, but a
    run's step count was drawn in [1, 13] only and a value's up to K + 1000: both were "held".  A step count is now
    also tried at K + 100 and K + 1000, a value at K + 1000 and K + 10^4, and a sampled verdict names the largest."""
    from fractions import Fraction
    assert (1 + Fraction(1, 73)) ** 73 < Fraction(27, 10) < (1 + Fraction(1, 74)) ** 74 < (1 + Fraction(1, 101)) ** 101
    assert (1 + Fraction(1, 4821)) ** 4821 < Fraction(2718, 1000) < (1 + Fraction(1, 4822)) ** 4822
    run = ('check = "forall"\nmodel = "growth"\ndomains = { N = "integer >= 1" }\nmethod = "euler"\noptions = { h = "1/N" }\n'
           'initial = { y = 1 }\nsteps = "N"\n')
    value = 'check = "forall"\ndomains = { N = "integer >= 1" }\nlhs = "(1 + 1/N)**N"\nop = "<"\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(GROWTH, {
        "run-wrong": (run + 'holds_relations = { y = "< 2.7" }',),
        "value-wrong": (value + 'rhs = "2.718"',),
        "run": (run + 'holds_relations = { y = "< 2.72" }',),
        "far": (value + 'rhs = "2.71826"',),  # fails from N = 62264 on (mpmath, 50 digits): beyond the exact instances
        "beyond": (value + 'rhs = "exp(1) - 1/10**20"',),  # fails from about N = e/2 * 10^20 on: beyond every instance
    })).items()}
    assert_refuted(outcomes["run-wrong"], ["counterexample N = 101"])
    assert_refuted(outcomes["value-wrong"], ["counterexample N = 10001"])
    assert (outcomes["run"].status, outcomes["run"].evidence) == ("verified", "numerical"), outcomes["run"].message
    assert "1001 on a sweep" in outcomes["run"].message  # exact instances up to 1002, then far out on the closed form
    assert "8 far out decided in ball arithmetic; N up to 1000000000000000002" in outcomes["run"].message
    # Review of 2026-12-05 (8th session): a value claim is also tried at K + 10^6, 10^9, 10^12 and 10^18 in arb balls,
    # where exact values are too large to write: (1 + 1/N)^N < 2.71826 was "held" on N <= 10001, and is false there
    N = 10**6 + 1
    with mpmath.workdps(50):
        assert (1 + mpmath.mpf(1) / N) ** N - mpmath.mpf("2.71826") > 2 * mpmath.mpf(10) ** -5
    assert_refuted(outcomes["far"], ["counterexample N = 1000001, far beyond the exact instances: claimed (1 + 1/N)**N < 2.71826, "
                                     "but lhs - rhs lies in [2.04"])
    assert outcomes["far"].evidence == "certified"
    beyond = outcomes["beyond"]
    assert (beyond.status, beyond.evidence) == ("verified", "numerical"), beyond.message
    assert "8 far out decided in ball arithmetic; N up to 1000000000000000002" in beyond.message
    assert ("at N = 10002, the largest N tried exactly: the margin may shrink further out, where instances were only tried in "
            "ball arithmetic") in beyond.message


def test_an_instance_too_large_for_exact_values_is_decided_in_balls(check_claims):
    """(1 + 1/N)^(N^3) at N = 1001 is a rational of about 10^10 bits: an instance of a relation that large ran into the
    claim's time limit (120 s, an error for a true claim).  It is now decided by an arb enclosure of lhs - rhs:
    (14/13)^2197 is below 10^100, (1002/1001)^(1001^3) = e^(10^6 - ...) far above."""
    from fractions import Fraction
    assert (Fraction(14, 13)) ** 2197 < 10**100
    with mpmath.workdps(30):
        assert (1001**3) * mpmath.log(mpmath.mpf(1002) / 1001) > 999_000
    value = 'check = "forall"\ndomains = { N = "integer >= 1" }\nlhs = "(1 + 1/N)**(N**3)"\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text("", {
        "true": (value + 'op = ">"\nrhs = "1"',),
        "wrong": (value + 'op = "<"\nrhs = "10**100"',),
    })).items()}
    assert (outcomes["true"].status, outcomes["true"].evidence) == ("verified", "numerical"), outcomes["true"].message
    assert "N up to 1000000000000000002" in outcomes["true"].message
    assert_refuted(outcomes["wrong"], ["claimed (1 + 1/N)**(N**3) < 10**100, but lhs - rhs lies in", "(an arb ball, python-flint"])
    assert outcomes["wrong"].evidence == "certified"


def test_the_replay_of_a_counterexample_in_an_exponent_is_a_claim_that_loads(check_claims):
    """A counterexample at m = 10002 of (1 - 1/m)^m < 0.36784 said "replay as a relation claim with parameters =
    {m = "10002"}", and that claim did not load (a parameter may not be an exponent).  An integer parameter may now
    be one, its power written exactly up to 4,000,000 bits; an instance decided in balls offers no replay."""
    from fractions import Fraction
    assert (1 - Fraction(1, 10002)) ** 10002 > Fraction(36784, 100000)
    claim = 'check = "{}"\nlhs = "(1 - 1/m)**m"\nop = "<"\nrhs = "0.36784"\n'
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "forall": (claim.format("forall") + 'domains = { m = "integer >= 2" }',),
        "replay": (claim.format("relation") + 'parameters = { m = "10002" }',),
        "too-large": (claim.format("relation") + 'parameters = { m = "1000000000" }',),
        "tower": ('check = "forall"\ndomains = { N = "integer >= 1" }\nlhs = "(1 + 1/N)**(N**3)"\nop = "<"\nrhs = "10**100"',),
    })).items()}
    assert_refuted(results["forall"], ['counterexample m = 10002: ', '(replay as a relation claim with parameters = {m = "10002"})'])
    assert_refuted(results["replay"], ["claimed (1 - 1/m)**m < 0.36784, but lhs = 0.367861050111 (exact rational"])
    assert results["replay"].evidence == "exact"
    assert results["too-large"].status == "error" and "is an exact rational of about" in results["too-large"].message
    assert_refuted(results["tower"], ["lies in"])
    assert "replay" not in results["tower"].message


def test_far_integers_of_both_parities_and_sizes_past_a_float_are_handled(check_claims):
    """Review of 2026-12-05 (8th session): every far value was K + an even offset, so (-1)**N (N + 1) >= 0 with
    N >= 1000 assumed was "held" up to 10^18 (false at every odd N); (1 + 1/N)**(N**N) > 1 was an internal error
    (its size overflowed a float); exp(N**N) >= N ran into the time limit.  Odd offsets are tried too, sizes are
    counted in integers, and an exp of a huge exact argument goes to the enclosures (an honest error when they
    cannot decide it)."""
    domain = 'check = "forall"\ndomains = { N = "integer >= 2" }\n'
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "parity": (domain + 'assume = ["N >= 1000"]\nlhs = "(-1)**N * (N + 1)"\nop = ">="\nrhs = "0"',),
        "parity-far": (domain + 'assume = ["N >= 1000"]\nlhs = "(-1)**N * (1 + 1/N)**(N**3)"\nop = ">="\nrhs = "0"',),
        "tower": (domain + 'lhs = "(1 + 1/N)**(N**N)"\nop = ">"\nrhs = "1"',),
        "exp-tower": (domain + 'lhs = "exp(N**N)"\nop = ">="\nrhs = "N"',),
    })).items()}
    assert_refuted(results["parity"], ["counterexample N = 1003: claimed (-1)**N * (N + 1) >= 0, but lhs = -1004"])
    assert_refuted(results["parity-far"], ["counterexample N = 1003", "(an arb ball, python-flint"])
    for key, fragment in (("tower", "is an exact rational of more than 2^"), ("exp-tower", "exp of an exact number of")):
        assert results[key].status == "error" and fragment in results[key].message, results[key].message
        assert "internal error" not in results[key].message


def test_strict_signs_of_quadratics_with_a_constant_and_names_a_run_would_not_see(check_claims):
    """Review of 2026-12-05 (8th session).  (1) A forall sign "positive" read positive definiteness of the Gram matrix
    of [x; 1] (Sylvester's leading minors > 0), which is sufficient, not necessary: R x^2 + 1 > 0 at R = 0 and
    (x + y)^2 + c > 0 for c > 0 were refuted, symbolic.  q > 0 everywhere exactly when q - e >= 0 for some e > 0.
    (2) x^2/R^2 at R = 0 was refuted there, where it is not defined.  (3) parameters = { b = "a" } with a a domain
    ran with a's default, and let k = 2c beside a model with k kept k's default: false claims were verified."""
    from fractions import Fraction
    for R in (Fraction(-1), Fraction(0), Fraction(1)):  # x^2 + R x + 1 > 0 exactly when R^2 < 4: its minimum 1 - R^2/4
        assert (1 - R * R / 4 > 0) == (-2 < R < 2)
    models = ('[model.one]\nstates = ["x"]\nrhs = { x = "-x" }\n[model.two]\nstates = ["x", "y"]\nrhs = { x = "-x", y = "-y" }\n'
              '[model.chain]\nstates = ["x", "y"]\nrhs = { x = "-a*x", y = "x - b*y" }\nparameters = { a = 1, b = 2 }\n'
              '[model.decay]\nstates = ["y"]\nrhs = { y = "-k*y" }\nparameters = { k = 1 }\n')
    sign = 'check = "forall"\nmodel = "{}"\ndomains = {{ {} = "{}" }}\nexpr = "{}"\nsign = "{}"\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(models, {
        "closed": (sign.format("one", "R", "closed(0, 1)", "R*x**2 + 1", "positive"),),
        "at-zero": (sign.format("one", "R", "real", "R*x**2 + 1", "positive") + 'exactly_when = "R >= 0"',),
        "at-zero-wrong": (sign.format("one", "R", "real", "R*x**2 + 1", "positive") + 'exactly_when = "R > 0"',),
        "square": (sign.format("two", "c", "real", "x**2 + 2*x*y + y**2 + c", "positive") + 'exactly_when = "c > 0"',),
        "square-wrong": (sign.format("two", "c", "real", "x**2 + 2*x*y + y**2 + c", "positive") + 'exactly_when = "c >= 0"',),
        "attained": (sign.format("one", "R", "positive", "R*(x + 1)**2", "positive"),),
        "disc": (sign.format("one", "R", "real", "x**2 + R*x + 1", "positive") + 'exactly_when = "-2 < R < 2"',),
        "disc-wrong": (sign.format("one", "R", "real", "x**2 + R*x + 1", "positive") + 'exactly_when = "-2 <= R <= 2"',),
        "pole": (sign.format("one", "R", "real", "x**2/R**2", "nonnegative"),),
        "parameter": ('check = "forall"\nmodel = "chain"\ndomains = { h = "positive", a = "real" }\nparameters = { b = "a" }\n'
                      'method = "euler"\noptions = { h = "h" }\ninitial = { x = 1, y = 0 }\nsteps = 1\nholds = { y = "h" }',),
        "let": ('check = "forall"\nmodel = "decay"\ndomains = { h = "positive", c = "real" }\nlet = { k = "2*c" }\nmethod = "euler"\n'
                'options = { h = "h" }\ninitial = { y = 1 }\nsteps = 1\nholds = { y = "1 - h" }',),
    })).items()}
    for key in ("closed", "at-zero", "square", "disc"):
        assert (results[key].status, results[key].evidence) == ("verified", "symbolic"), (key, results[key].message)
    assert_refuted(results["at-zero-wrong"], ["e.g. at R = 0 it holds although the claim says it fails"])
    assert_refuted(results["square-wrong"], ["e.g. at c = 0 it fails although the claim says it holds"])
    assert_refuted(results["attained"], ["it holds only on EmptySet"])
    assert_refuted(results["disc-wrong"], ["e.g. at R = -2 it fails although the claim says it holds"])
    assert results["pole"].status == "error" and "not defined at R = 0" in results["pole"].message
    assert results["parameter"].status == "error" and "parameters.b = 'a' names the domain symbol(s) a" in results["parameter"].message
    assert results["let"].status == "error" and "let.k: k is a parameter of the model 'decay'" in results["let"].message


def test_a_quadratic_homogeneous_at_one_parameter_value_and_scientific_notation_beside_a_domain_e(check_claims):
    """Review of 2026-12-05 (8th session, late commits): x^2 + R x is x^2 at R = 0, positive at every nonzero state as
    the sign check reads a homogeneous form, and was refuted there (the set was empty); parameters = { c = "1e-3" }
    beside a domain named e was refused as naming e."""
    from fractions import Fraction
    for R in (Fraction(1, 10), Fraction(-1)):  # the minimum of x^2 + R x is -R^2/4 < 0 away from R = 0
        assert -R * R / 4 < 0
    models = '[model.one]\nstates = ["x"]\nrhs = { x = "-x" }\nparameters = { c = 0 }\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(models, {
        "homogeneous-at-0": ('check = "forall"\nmodel = "one"\ndomains = { R = "real" }\nexpr = "x**2 + R*x"\nsign = "positive"\n'
                             'exactly_when = "0 <= R <= 0"',),
        "scientific": ('check = "forall"\nmodel = "one"\ndomains = { e = "positive" }\nparameters = { c = "1e-3" }\nexpr = "e*x**2 + c"\n'
                       'sign = "positive"',),
    })).items()}
    assert results["homogeneous-at-0"].status == "verified", results["homogeneous-at-0"].message
    assert (results["scientific"].status, results["scientific"].evidence) == ("verified", "symbolic"), results["scientific"].message


def test_a_log_of_zero_or_an_even_root_of_a_negative_number_is_an_error_not_a_counterexample(check_claims):
    """Review of 2026-12-05: log(abs(x - 1/7)) < 100 on (0, 1) holds wherever it is defined (at most log(6/7)) and
    was refuted "at x = 1/7", where it is log 0; sqrt(x) >= 0 over the reals was refuted at x = -1, where sqrt(x) is
    not real.  Both are now the error of a claim stated where it is not defined; on a domain (or with an assumption)
    where they are defined they are proved."""
    body = 'check = "forall"\nop = ">="\nrhs = "0"\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text("", {
        "log-zero": ('check = "forall"\ndomains = { x = "interval(0, 1)" }\nlhs = "log(abs(x - 1/7))"\nop = "<"\nrhs = "100"',),
        "sqrt-reals": (body + 'domains = { x = "real" }\nlhs = "sqrt(x)"',),
        "fourth-root": (body + 'domains = { x = "interval(-1, 1)" }\nlhs = "(1 - 4*x**2)**(1/4)"',),
        "sqrt-nonnegative": (body + 'domains = { x = "nonnegative" }\nlhs = "sqrt(x)"',),
        "sqrt-assumed": (body + 'domains = { x = "real" }\nassume = ["x >= 1"]\nlhs = "sqrt(x) - 1"',),
        "sqrt-half-assumed": (body + 'domains = { x = "real" }\nassume = ["x > -1/2"]\nlhs = "sqrt(x)"',),  # still not real on (-1/2, 0)
        "cube-root": ('check = "forall"\ndomains = { x = "negative" }\nlhs = "x**(1/3)"\nop = "<"\nrhs = "0"',),  # the principal root
    })).items()}
    assert outcomes["log-zero"].status == "error" and "not defined at x = 1/7" in outcomes["log-zero"].message, outcomes["log-zero"].message
    for name, at in (("sqrt-reals", "x = -1 (sqrt(x) of a negative number)"), ("fourth-root", "not a real number at x = "),
                     ("sqrt-half-assumed", "x = -1/4 (sqrt(x) of a negative number)"), ("cube-root", "x = -1 (x**(1/3) of a negative number)")):
        assert outcomes[name].status == "error" and at in outcomes[name].message, outcomes[name].message
    for name, evidence in (("sqrt-nonnegative", "symbolic"), ("sqrt-assumed", "certified")):  # (sympy's assumptions; interval
        assert (outcomes[name].status, outcomes[name].evidence) == ("verified", evidence), outcomes[name].message  # arithmetic)


def test_a_pole_at_a_corner_of_a_box_of_closed_domains_is_found(check_claims):
    """Review of 2026-12-05: backward Euler's step 1/(1 - h lam) on lam in [-4, 1], h in [1/2, 1] is undefined only at
    the corner (1, 1); the pole search set the other symbol to simple values only and the closed form was proved for
    the whole box (symbolic: false there).  The other symbols' closed ends are tried now.  Away from the corner the
    same claim is proved."""
    model = '[model.scalar]\nstates = ["y"]\nrhs = { y = "lam*y" }\nparameters = { lam = -1 }\n'
    body = ('check = "forall"\nmodel = "scalar"\nmethod = "backward-euler"\noptions = {{ h = "h" }}\ninitial = {{ y = "Y" }}\n'
            'domains = {{ lam = "closed(-4, {})", h = "closed(1/2, 1)", Y = "real" }}\nholds = {{ y = "Y/(1 - h*lam)" }}\n')
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(model, {
        "corner": (body.format(1),), "inside": (body.format("1/2"),)})).items()}
    assert outcomes["corner"].status == "error" and "not defined at h = 1, lam = 1, inside the domains" in outcomes["corner"].message
    assert (outcomes["inside"].status, outcomes["inside"].evidence) == ("verified", "symbolic"), outcomes["inside"].message


def test_a_pole_inside_an_open_box_is_found_on_a_grid_of_the_other_symbol(check_claims):
    """Review of 2026-12-05: backward Euler's 1 - h lam vanishes inside lam in (0, 3), h in (1/7, 1/2) (at h = 2/5,
    lam = 5/2, and along the whole hyperbola there) but at none of the other symbol's simple values, and the claim was
    proved (symbolic); a bounded interval is also probed at 15 interior points now."""
    model = '[model.scalar]\nstates = ["y"]\nrhs = { y = "lam*y" }\nparameters = { lam = -1 }\n'
    body = ('check = "forall"\nmodel = "scalar"\nmethod = "backward-euler"\noptions = { h = "h" }\ninitial = { y = "Y" }\n'
            'domains = { lam = "interval(0, 3)", h = "interval(1/7, 1/2)", N = "integer >= 1", Y = "real" }\nsteps = "N"\n')
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(model, {
        "claimed-pole": (body + 'holds = { y = "Y/(1 - h*lam)**N" }',),
        "step-pole": (body + 'holds = { "y*(1 - h*lam)**N" = "Y" }',)})).items()}
    for name in outcomes:
        assert outcomes[name].status == "error" and "not defined at h = 16/33, lam = 33/16, inside the domains" in outcomes[name].message, \
            outcomes[name].message


def test_a_run_claim_with_a_closed_form_is_swept_over_its_first_integers(check_claims):
    """Review of 2026-12-05 (8th session): draws of N stay in [K, K + 12] and the far values are K + 100, 101, 1000,
    1001, so a run's bound failing only for 16 <= N <= 23, or at N = 50, was "held".  With a closed form every N from
    K to K + 200 is tried (a few exact evaluations each).  Euler with h = 1 on x' = 1, z' = x from 0 gives z_N =
    N(N - 1)/2, 1225 at N = 50; with h = 1/20 on x' = -x, z' = x - z, z_N = N (19/20)^(N - 1)/20 > 37/100 at N = 16.
    (The sweep of a closed form now reaches K + 1000: a hostile review found a gap from 251 to 299 held.)"""
    from fractions import Fraction
    assert 50 * 49 // 2 == 1225 and 16 * Fraction(19, 20) ** 15 / 20 > Fraction(37, 100) > 15 * Fraction(19, 20) ** 14 / 20
    models = ('[model.ramp2]\nstates = ["x", "z"]\nrhs = { x = "1", z = "x" }\n'
              '[model.chain2]\nstates = ["x", "z"]\nrhs = { x = "-x", z = "x - z" }\n')
    run = 'check = "forall"\ndomains = { N = "integer >= 1" }\nmethod = "euler"\nsteps = "N"\n'
    results = {k: r.outcome for k, r in check_claims(claims_text(models, {
        "ramp": (run + 'model = "ramp2"\noptions = { h = 1 }\ninitial = { x = 0, z = 0 }\nholds_relations = { z = "!= 1225" }',),
        "hump": (run + 'model = "chain2"\noptions = { h = "1/20" }\ninitial = { x = 1, z = 0 }\nholds_relations = { z = "< 37/100" }',),
        "hump-true": (run + 'model = "chain2"\noptions = { h = "1/20" }\ninitial = { x = 1, z = 0 }\nholds_relations = { z = "< 38/100" }',),
        "gap": (run + 'model = "chain2"\noptions = { h = "1/2" }\ninitial = { x = 1, z = 0 }\nholds_relations = { "(N - 250)*(N - 300)*x" = ">= 0" }',),
    })).items()}
    assert_refuted(results["ramp"], ["counterexample N = 50: z: claimed != 1225, computed z = 1225"])
    assert_refuted(results["hump"], ["counterexample N = 16: z: claimed < 37/100"])
    assert_refuted(results["gap"], ["counterexample N = 251"])  # x_N = (1/2)^N: false exactly for 251 <= N <= 299
    assert results["hump-true"].status == "verified" and "1001 on a sweep of each integer from its least value up 1000" in results["hump-true"].message


def test_a_multistep_run_on_a_linear_model_is_swept_and_a_far_power_says_how_far_it_held(check_claims):
    """Reviews of 2026-12-05.  BDF2 (written as lmm, alpha = (1, -4, 3), beta = (0, 0, 2)) on y' = -y with h = 1/2 and
    y_1 = 1: its characteristic roots are a double 1/2, and y_N = (N + 1)/2^N (the recurrence, checked with Fraction),
    so (N - 20)(N - 90) y_N >= 0 fails exactly for 21 <= N <= 89: it was "held" on N in [1, 13] and 101, 102, 1001,
    1002.  A run on a linear model is now swept from K to K + 200 like one with a closed form.  And a claimed value
    with a power of a sqrt(2)-number (SDIRK-2's R(h)^N) was an error at N = 1001 telling a claim for every N to "narrow
    the domains": it is still an error (what it is not tried at decides nothing), saying how far the claim held."""
    from fractions import Fraction as F

    y = [F(1), F(1)]  # y_0, y_1; 3 y_{n+2} - 4 y_{n+1} + y_n = 2 h f_{n+2} = -y_{n+2}, so 4 y_{n+2} = 4 y_{n+1} - y_n
    for _ in range(100):
        y.append((4 * y[-1] - y[-2]) / 4)
    assert all(y[n] == F(n + 1, 2**n) for n in range(100)) and [n for n in range(1, 100) if (n - 20) * (n - 90) * y[n] < 0] == list(range(21, 90))
    model = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n[model.square]\nstates = ["y"]\nrhs = { y = "-y**2" }\n'
    lmm = ('check = "forall"\nmodel = "decay"\ndomains = { N = "integer >= 1" }\nmethod = "lmm"\n'
           'options = { h = "1/2", alpha = [1, -4, 3], beta = [0, 0, 2], history = { y = ["1"] } }\ninitial = { y = 1 }\nsteps = "N"\n')
    euler = ('check = "forall"\nmodel = "square"\ndomains = { N = "integer >= 1" }\nmethod = "euler"\noptions = { h = "1/2" }\n'
             'initial = { y = 1 }\nsteps = "N"\n')  # y' = -y^2 from 1: 0 < y_N <= 1, and (1 + sqrt(2))^N > 1
    results = check_claims(claims_text(model, {
        "midrange": (lmm + 'holds_relations = { "(N - 20)*(N - 90)*y" = ">= 0" }',),
        "far-power": (euler + 'holds_relations = { y = "<= (1 + sqrt(2))**N" }',)}))
    assert_refuted(results["midrange"].outcome, ["counterexample N = 21", "(N - 20)*(N - 90)*y = -759/1048576"])
    far = results["far-power"].outcome  # not "verified" either: a claim false only beyond N = 273 was (a second review)
    assert far.status == "error", far.message
    assert ("not decided: at N = 1001, (1 + sqrt(2))**N has the exponent 1001" in far.message and "every instance tried held (N up to 102)"
            in far.message and "narrow the domains" not in far.message)


def test_a_margin_against_exp_of_a_huge_argument_is_ranked_in_floats_not_written_exactly(check_claims):
    """Review of 2026-12-05: the trapezoid on y' = -y claimed y_N <= exp(-N h) for every h > 0, N >= 1 (false: at N = 2,
    y = ((2 - h)/(2 + h))^2 > e^(-2h) for h = 3 and for large h) ran out of memory: an instance's margin read exp(-N h) at N h of
    about 10^9 as an exact rational of 10^9 bits.  Margins of values that are not exact are now ranked in mpmath."""
    model = '[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n'
    body = ('check = "forall"\nmodel = "decay"\ndomains = { h = "positive", N = "integer >= 1" }\nmethod = "trapezoid"\n'
            'options = { h = "h" }\ninitial = { y = 1 }\nsteps = "N"\nholds_relations = { y = "<= exp(-N*h)" }\n')
    outcome = check_claims(claims_text(model, {"below-exp": (body,)}))["below-exp"].outcome
    # its counterexample: h = 10^6, N = 2: y = (999998/1000002)^2 = 249999000001/250001000001, about 1 > e^-2000000
    assert_refuted(outcome, ["counterexample h = 1000000, N = 2", "computed y = 249999000001/250001000001"])


def test_a_domain_bound_in_another_symbol_points_to_assume(check_claims):
    """A fresh user's review of 2026-12-05: domains = { h = "interval(0, 2/lam)" } said only that lam is unknown; it now
    says to give h a domain and state the bound with assume, which is then checked."""
    body = 'check = "forall"\nlhs = "abs(1 - h*lam)"\nop = "<="\nrhs = "1"\nsamples = 10\n'
    results = check_claims(claims_text("", {
        "bound": (body + 'domains = { lam = "positive", h = "interval(0, 2/lam)" }',),
        "assume": (body + 'domains = { lam = "positive", h = "positive" }\nassume = ["h < 2/lam"]',)}))
    assert results["bound"].outcome.status == "error"
    assert 'give h a domain such as "positive" and state the bound with assume = ["h < ..."]' in results["bound"].outcome.message
    assert results["assume"].outcome.status == "verified", results["assume"].outcome.message


def test_what_a_reading_or_a_let_cancels_is_decided_over_the_domains(check_claims):
    """A second review of 2026-12-06: let values are put in after parsing, where sympy cancels again (q = 1/x, q*x ==
    1 was verified for every real x), and refusing every cancelled text refused true claims whose domains exclude
    the point ((1 - h)**2/(1 - h) on interval(0, 1/2), x/x with assume x > 0, m w^2 = k with w = sqrt(k/m) for k, m
    in interval(1, 4)).  In a forall claim a cancelled singularity is now sought inside the domains."""
    def relation(domains, lhs, rhs, extra=""):
        return (f'check = "forall"\ndomains = {{ {domains} }}\n{extra}lhs = "{lhs}"\nop = "=="\nrhs = "{rhs}"',)
    results = check_claims(claims_text("", {
        "let-reciprocal": relation('x = "real"', "q*x", "1", 'let = { q = "1/x" }\n'),
        "let-root": relation('x = "real"', "r**2", "x", 'let = { r = "sqrt(x)" }\n'),
        "let-chain": relation('x = "closed(0, 2)"', "c", "1", 'let = { a = "x - 1", b = "1/a", c = "a*b" }\n'),
        "negative-root": relation('x = "real"', "sqrt(-x**2)**2", "-x**2"),
        "outside": relation('h = "interval(0, 1/2)"', "(1 - h)**2/(1 - h)", "1 - h"),
        "assumed": relation('x = "real"', "x/x", "1", 'assume = ["x > 0"]\n'),
        "signs": relation('k = "interval(1, 4)", m = "interval(1, 4)"', "m*w**2", "k", 'let = { w = "sqrt(k/m)" }\n'),
        # the final review: decided on the text (a is a polynomial), not after the let value is in (abs(x) - 1 is not)
        "let-abs": relation('x = "real"', "a/a", "1", 'let = { a = "abs(x) - 1" }\n'),
    }))
    outcome = {name: result.outcome for name, result in results.items()}
    for name, point in (("let-reciprocal", "x = 0"), ("let-chain", "x = 1")):
        assert outcome[name].status == "error" and f"not defined at {point}, inside the domains" in outcome[name].message, outcome[name].message
    for name in ("let-root", "negative-root"):
        assert outcome[name].status == "error" and "as written, of a negative number" in outcome[name].message, outcome[name].message
    for name in ("outside", "assumed", "signs"):
        assert outcome[name].status == "verified", outcome[name].message
    assert outcome["let-abs"].status == "error" and "'a/a' as written is undefined where a = 0" in outcome["let-abs"].message, outcome["let-abs"].message


def test_a_pole_at_the_origin_of_two_real_symbols_is_found(check_claims):
    """The last review of 2026-12-06: x**2/(x**2 + y**4) + y**4/(x**2 + y**4) == 1 over the reals was verified (the other
    symbol was never set to 0, and together() cancelled the sum's denominator)."""
    results = check_claims(claims_text("", {"origin": ('check = "forall"\ndomains = { x = "real", y = "real" }\n'
                                                       'lhs = "x**2/(x**2 + y**4) + y**4/(x**2 + y**4)"\nop = "=="\nrhs = "1"',)}))
    outcome = results["origin"].outcome
    assert outcome.status == "error" and "not defined at x = 0, y = 0" in outcome.message, outcome.message


def test_a_review_of_the_proofs_for_every_value_2026_12_06(check_claims):
    """A review of 2026-12-06 (claims whose truth it decided by hand and with mpmath at 80 digits):
    - sympy's inequality solver reads a part of the zeros it cannot write (a ConditionSet: 1000 x = e^x) as none, so
      x^2 >= x e^x/1000 (false at x = 10: 100 < 220.26) was verified symbolic on the whole line, a claim under the
      assumption x^2 < x e^x/1000 (met at x = 1/2000) was verified as vacuous, and an exactly_when with sin likewise;
    - the poles of 1/cos(x)^2, tan(x)^2 (at pi/2) and x^2/sin(x)^2 (at pi) inside the domain were not searched;
    - an exact tie (margin 0) at x = 0 counted as held although exp(x) - (1 + x + x^2/2 + x^3/6) >= x^3/10^8
      fails on (0, 2.4e-7);
    - a relation in one integer symbol was only sampled: (N - 20)(N - 90) >= 0 (false for 21..89) was verified;
    - Euler's |(1 + lam)^N| <= 1 + 2e-5 for lam down to -2 - 10^-9 fails from N = 20000, and its run (closed form
      known) was tried up to N = 1002 only;
    - sqrt(2 - x^2) on (0, 2) was an internal error (a TypeError at the irrational end sqrt(2));
    - x*y != 1/8 on the line x + y = 1 (false at x = (2 - sqrt(2))/4) was verified on draws that never meet it; so is
      x*y != sqrt(2)/4 on the unit square (false on a curve, at no rational point)."""
    with mpmath.workdps(40):
        assert 100 < mpmath.exp(10) / 100 and mpmath.mpf(1) / 2000 < mpmath.exp(mpmath.mpf(1) / 2000) / 1000
        x = mpmath.mpf(2) ** -24
        assert mpmath.exp(x) - (1 + x + x**2 / 2 + x**3 / 6) < x**3 / 10**8
        assert (1 + mpmath.mpf(10) ** -9) ** 19999 < 1 + 2 * mpmath.mpf(10) ** -5 < (1 + mpmath.mpf(10) ** -9) ** 20000
    relation = 'check = "forall"\ndomains = { x = "DOMAIN" }\nlhs = "LHS"\nop = "OP"\nrhs = "RHS"\n'

    def body(domain, lhs, op, rhs, extra=""):
        return (relation.replace("DOMAIN", domain).replace("LHS", lhs).replace("OP", op).replace("RHS", rhs) + extra,)

    euler = ('[model.decay]\nstates = ["y"]\nrhs = { y = "lam*y" }\nparameters = { lam = -1 }\n')
    run = ('check = "forall"\nmodel = "decay"\ndomains = { lam = "closed(-2 - 1/1000000000, 0)", N = "integer >= 1" }\n'
           'method = "euler"\noptions = { h = 1 }\ninitial = { y = 1 }\nsteps = "N"\nholds_relations = { "abs(y)" = "<= BOUND" }\n')
    integer = 'check = "forall"\ndomains = { N = "integer >= 1" }\nlhs = "LHS"\nop = ">="\nrhs = "0"\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text(euler, {
        "exp-window": body("real", "x**2", ">=", "x*exp(x)/1000"),
        "exp-assumed": body("real", "x", ">", "5", 'assume = ["x**2 < x*exp(x)/1000"]\n'),
        "sin-exactly-when": body("interval(0, 1)", "(x - 1/2)**2", ">=", "(x - 1/2)*(2 + sin(x))/10**4", 'exactly_when = "0 < x < 1"\n'),
        "sec-squared": body("interval(1, 2)", "1/cos(x)**2", ">=", "1"),
        "tan-squared": body("interval(1, 2)", "tan(x)**2", ">=", "0"),
        "sin-squared": body("interval(3, 4)", "x**2/sin(x)**2", ">=", "1"),
        "sec-squared-no-pole": body("interval(-1, 1)", "1/cos(x)**2", ">=", "1"),
        "unlisted-zero": body("interval(0, 1)", "1/(x + sin(x) - 1/2)", "!=", "0"),  # 0 near x = 0.2551: solveset cannot list it
        "enclosed-nonzero": body("interval(0, 1)", "1/(x + sin(x) + 3)", ">", "0"),  # its enclosure on (0, 1) excludes 0
        "tie-window": body("interval(-1, 1)", "exp(x) - (1 + x + x**2/2 + x**3/6)", ">=", "x**3/10**8"),
        "tie-window-2^-128": body("real", "exp(x) - (1 + x + x**2/2 + x**3/6)", ">=", "x**3/10**40"),  # fails on (0, 2.4e-39)
        "integer-pole": (integer.replace("LHS", "1/(2**N - 2**40) + 1"),),  # undefined at N = 40, no polynomial
        "integer-pole-unlisted": (integer.replace("LHS", "1/(N*2**N - 100*2**100) + 1"),),  # N = 100: solveset cannot list it
        "integer-pole-periodic": (integer.replace("LHS", "1/sin(pi*N/100)**2"),),  # N = 100: an image set
        "window-21-89": (integer.replace("LHS", "(N - 20)*(N - 90)"),),
        # a second review: sympy's solver gave wrong sets for these (close or awkward irrational roots) and took minutes
        "close-roots": (integer.replace("LHS", "(N**2 - 10**30 + 1)*(N**2 - 10**30 - 1)"),),  # -1 at N = 10^15
        "close-roots-real": body("positive", "(x**2 - 10**30 + 1)*(x**2 - 10**30 - 1)/(x**2 + 1)", ">=", "0"),
        # the same close roots in an 'assume': sympy's solver read the region as empty, and the claim was vacuously true
        "close-roots-assumed": body("positive", "x", ">", "10**15 + 1", 'assume = ["(x**2 - 10**30 + 1)*(x**2 - 10**30 - 1) < 0"]\n'),
        "awkward-roots": (integer.replace("LHS", "N**7 - 63*N**5 + 1134*N**3 - 5103*N").replace(">= 1", ">= 4"),),  # 4036 at 4, -2515 at 5
        "window-33-999": (integer.replace("LHS", "N**3 - 1000*N**2 + 10**6"),),  # sympy cannot solve it: it was sampled
        "no-integer-in-window": (integer.replace("LHS", "(N - 1)*(N - 2)"),),
        "euler-far": (run.replace("BOUND", "1 + 2/100000"),),
        "sqrt-irrational-end": body("interval(0, 2)", "sqrt(2 - x**2)", ">=", "0"),
        "unequal-on-a-curve": ('check = "forall"\ndomains = { x = "interval(0, 1)", y = "interval(0, 1)" }\n'
                               'lhs = "x*y"\nop = "!="\nrhs = "sqrt(2)/4"\n',),
    })).items()}
    assert_refuted(outcomes["exp-window"], ["counterexample x ="])
    assert_refuted(outcomes["exp-assumed"], ["claimed x > 5"])
    assert outcomes["sin-exactly-when"].status == "error" and "cannot write every real solution" in outcomes["sin-exactly-when"].message
    for name, point in (("sec-squared", "x = pi/2"), ("tan-squared", "x = pi/2"), ("sin-squared", "x = pi")):
        assert outcomes[name].status == "error" and f"not defined at {point}," in outcomes[name].message, outcomes[name].message
    # (proved by interval arithmetic since 2026-12-07, before sympy's solver: verify.engines.interval_sign)
    assert (outcomes["sec-squared-no-pole"].status, outcomes["sec-squared-no-pole"].evidence) == ("verified", "certified"), outcomes["sec-squared-no-pole"].message
    assert outcomes["unlisted-zero"].status == "error" and "cannot tell where 2*x + 2*sin(x) - 1 (in a denominator) is 0" in outcomes["unlisted-zero"].message
    assert outcomes["enclosed-nonzero"].status == "verified", outcomes["enclosed-nonzero"].message
    assert_refuted(outcomes["tie-window"], ["counterexample x = 1/16777216"])
    assert_refuted(outcomes["tie-window-2^-128"], ["counterexample x = 1/1461501637330902918203684832716283019655932542976"])  # 2^-160
    assert outcomes["integer-pole"].status == "error" and "not defined at N = 40," in outcomes["integer-pole"].message
    for name in ("integer-pole-unlisted", "integer-pole-periodic"):
        assert outcomes[name].status == "error" and "not defined at N = 100," in outcomes[name].message, outcomes[name].message
    assert_refuted(outcomes["window-21-89"], ["at N = 21, lhs = -69, rhs = 0"])
    assert_refuted(outcomes["close-roots"], ["at N = 1000000000000000, lhs = -1, rhs = 0"])
    assert_refuted(outcomes["close-roots-real"], ["it holds only on"])
    assert_refuted(outcomes["close-roots-assumed"], ["fails at x = 1000000000000000"])
    assert_refuted(outcomes["awkward-roots"], ["at N = 5, lhs = -2515, rhs = 0"])
    assert_refuted(outcomes["window-33-999"], ["at N = 33, lhs = -53063, rhs = 0"])
    assert all(outcomes[k].evidence == "symbolic" for k in ("close-roots", "close-roots-real", "awkward-roots", "window-33-999"))
    assert outcomes["window-21-89"].evidence == "symbolic"
    assert (outcomes["no-integer-in-window"].status, outcomes["no-integer-in-window"].evidence) == ("verified", "symbolic")
    assert "Interval.open(1, 2), which holds no integer" in outcomes["no-integer-in-window"].message
    assert_refuted(outcomes["euler-far"], ["N = 1000001, far beyond the exact instances", "on the closed form of the run"])
    assert outcomes["sqrt-irrational-end"].status == "error" and "not a real number at x = 3/2" in outcomes["sqrt-irrational-end"].message
    assert outcomes["unequal-on-a-curve"].status == "error" and "sampling cannot decide it" in outcomes["unequal-on-a-curve"].message


def test_a_tie_s_margin_is_written_0_not_minus_0():
    """A review of 2026-12-06 read "worst relative margin -0" for exp(x) >= e x at x = 1 (a tie under >=)."""
    from verify.checks.common import signed_margin

    assert [f"{signed_margin(0.0, op):.4g}" for op in ("<", "<=", ">", ">=", "==", "!=")] == ["0"] * 6
    assert signed_margin(-0.5, ">=") == 0.5 and signed_margin(0.25, "<") == 0.25


def test_a_closed_form_with_sqrt_and_exp_is_valued_in_arb_balls_to_fifty_digits_for_the_margins():
    """An instance on a closed form with sqrt, exp, ... is valued for its margin (signs come from enclosures) as the
    midpoint of an Arb ball at 170 bits, several times faster than mpmath in Python: it agrees with mpmath at 80
    digits to 45 digits.  A ball widened by cancellation is valued at 4 and 16 times the bits (exp(x) - exp(x -
    10^-70) is 0 at 50 digits, e^2 10^-70 = 7.389e-70 at 680 bits: a review of 2026-12-07 saw a true claim's worst
    margin shown as -1 from such a 0); an expression with no ball form (a CRootOf) is valued by mpmath at 50 digits."""
    from fractions import Fraction

    from verify.checks.forall import sampling

    x, y = sympy.symbols("x y")
    env = [Fraction(2), Fraction(1, 3)]
    compiled = sampling._Compiled(sympy.sqrt(x) * sympy.exp(-y) + x / (y + 1), [x, y])
    assert not compiled.exact and compiled.balls is not None
    with mpmath.workdps(80):
        expected = mpmath.sqrt(2) * mpmath.exp(-mpmath.mpf(1) / 3) + mpmath.mpf(2) / (mpmath.mpf(4) / 3)
        assert abs(compiled(env) - expected) <= expected * mpmath.mpf(10) ** -45
    cancelling = sampling._Compiled(sympy.exp(x) - sympy.exp(x - sympy.Rational(1, 10**70)), [x, y])
    with mpmath.workdps(120):
        exact = mpmath.exp(2) - mpmath.exp(2 - mpmath.mpf(10) ** -70)
        assert abs(cancelling(env) - exact) <= exact * mpmath.mpf(10) ** -30
    root = sampling._Compiled(sympy.CRootOf(x**3 - 2, 0) * x + sympy.sqrt(y), [x, y])
    assert root.balls is None
    with mpmath.workdps(60):
        assert abs(root(env) - (mpmath.cbrt(2) * 2 + mpmath.sqrt(mpmath.mpf(1) / 3))) <= mpmath.mpf(10) ** -45


def test_a_sampled_instance_tight_against_its_terms_is_not_a_verdict_when_the_bound_is_near_0(check_claims):
    """A review of 2026-12-07: (x^2 - 2)^2 + (y^2 - 3)^2 + (z - 1)^2 >= 10^-60 on [0, 2]^3, false near (sqrt 2, sqrt 3, 1),
    was verified on instances: its worst instance came within 10^-17 of the bound, 10^43 times the bound itself, so the
    margin relative to the bound called it far.  Against the terms of lhs - rhs (about 16 there) it is 10^-18: not a
    sampled verdict.  A bound of 1 stays verified on instances."""
    body = ('check = "forall"\ndomains = { x = "closed(0, 2)", y = "closed(0, 2)", z = "closed(0, 2)" }\n'
            'lhs = "(x**2 - 2)**2 + (y**2 - 3)**2 + (z - 1)**2"\nop = ">="\n')
    results = check_claims(claims_text("", {"tiny": (body + 'rhs = "1e-60"',), "far": (body + 'rhs = "-1"',)}))
    tiny = results["tiny"].outcome
    assert tiny.status == "error" and "not decided" in tiny.message, tiny.message
    assert results["far"].outcome.status == "verified", results["far"].outcome.message


def test_an_affine_relation_in_three_or_more_symbols_is_decided_at_the_corners_of_its_box(check_claims):
    """lhs - rhs affine in x, y, z on a box is least at a corner (each symbol at the end its coefficient's sign points
    to), reached only where those ends are closed and finite.  'x + y + z >= 10^-150' on the open unit cube was
    sampled and verified (numerical); it is false near the open corner (0, 0, 0), and refuted there at a rational
    point.  The rest were sampled before and are decided exactly now; their corners, worked by hand: 2x - 3y + z on
    [0, 2] x (-1, 1) x [0, 1] is at most 2*2 - 3*(-1) + 1 = 8, not reached (y's end is open)."""
    def relation(domains, lhs, op, rhs):
        return (f'check = "forall"\ndomains = {{ {domains} }}\nlhs = "{lhs}"\nop = "{op}"\nrhs = "{rhs}"\n',)

    open_cube = 'x = "interval(0, 1)", y = "interval(0, 1)", z = "interval(0, 1)"'
    closed_cube = 'x = "closed(0, 1)", y = "closed(0, 1)", z = "closed(0, 1)"'
    mixed = 'x = "closed(0, 2)", y = "interval(-1, 1)", z = "closed(0, 1)"'
    half_line = 'x = "closed(0, 2)", y = "positive", z = "closed(0, 1)"'
    results = {k: r.outcome for k, r in check_claims(claims_text("", {
        "open-corner": relation(open_cube, "x + y + z", ">=", "10**(-150)"),
        "open-corner-not-reached": relation(open_cube, "x + y + z", ">", "0"),
        "closed-corner-strict": relation(closed_cube, "x + y + z", ">", "0"),
        "closed-corner": relation(closed_cube, "x + y + z", ">=", "0"),
        "mixed": relation(mixed, "2*x - 3*y + z", "<=", "5"),
        "mixed-not-reached": relation(mixed, "2*x - 3*y + z", "<", "8"),
        "mixed-reached-wrong": relation(mixed, "2*x - 3*y + z", "<", "7"),
        "half-line": relation(half_line, "x - y + z", ">=", "-10"),
        "half-line-holds": relation(half_line, "x + y + z", ">=", "0"),
        # a review of the twelfth session: a symbol that cancels had no value at the witness (an internal error), and
        # 'integer >= K' was sampled (x + y + N >= 1 + 10^-40 verified numerical; false at x = y -> 0, N = 1)
        "cancelled": relation(closed_cube + ', w = "real"', "x + y + z + sin(w)", ">=", "sin(w) + 3/2"),
        "integer": relation('x = "positive", y = "positive", N = "integer >= 1"', "x + y + N", ">=", "1 + 10**(-40)"),
        "integer-holds": relation('x = "nonnegative", y = "negative", N = "integer >= 1"', "x - y + N", ">=", "1"),
        "integer-two": relation('x = "interval(0, 1)", N = "integer >= 2"', "x + N", ">=", "2 + 10**(-40)"),  # a second
        # review: two symbols, one an integer, were sampled (box_sign takes real ones) and verified; false near x = 0
    })).items()}
    for name in ("open-corner-not-reached", "closed-corner", "mixed-not-reached", "half-line-holds", "integer-holds"):
        assert (results[name].status, results[name].evidence) == ("verified", "symbolic"), results[name].message
        assert "at a corner" in results[name].message
    assert "is 0, not reached" in results["mixed-not-reached"].message
    assert_refuted(results["open-corner"], ["claimed x + y + z >= 10**(-150)", "x = 1/6" + "0" * 150])
    assert_refuted(results["closed-corner-strict"], ["x = 0, y = 0, z = 0", "lhs = 0, rhs = 0"])
    assert_refuted(results["mixed"], ["x = 2, y = -3/4, z = 1", "lhs = 29/4, rhs = 5"])
    assert_refuted(results["mixed-reached-wrong"], ["claimed 2*x - 3*y + z < 7"])
    assert_refuted(results["half-line"], ["claimed x - y + z >= -10"])
    assert_refuted(results["cancelled"], ["x = 0, y = 0, z = 0"])
    assert_refuted(results["integer"], ["claimed x + y + N >= 1 + 10**(-40)", "N = 1"])
    assert_refuted(results["integer-two"], ["claimed x + N >= 2 + 10**(-40)", "N = 2"])


def test_a_let_or_a_domain_named_like_the_constant_pi_or_a_function_is_refused(check_claims):
    """A review of 2026-12-07: let = { pi = "x + 1", b = "2*pi" } read b as 2(x + 1) (held on (0, 1) against 6), and
    the same entries in the other order read b as 2 pi (false): pi named both the constant and the claim's own value.
    A let or a domain may not take a reserved name (a state or parameter already may not)."""
    body = 'check = "forall"\ndomains = { x = "interval(0, 1)" }\nlhs = "b"\nop = "<="\nrhs = "6"\n'
    results = check_claims(claims_text("", {"let-pi": (body + 'let = { pi = "x + 1", b = "2*pi" }',),
                                            "domain-pi": ('check = "forall"\ndomains = { pi = "interval(0, 1)" }\nlhs = "pi"\nop = "<="\nrhs = "1"',),
                                            "let-exp": (body + 'let = { exp = "x + 1", b = "2*exp" }',),
                                            "let-plain": (body + 'let = { p = "x + 1", b = "2*p" }',)}))
    for key, name in (("let-pi", "let.pi"), ("domain-pi", "domains.pi"), ("let-exp", "let.exp")):
        outcome = results[key].outcome
        assert outcome.status == "error" and f"{name}: {name.split('.')[1]} is reserved" in outcome.message, (key, outcome.message)
    assert results["let-plain"].outcome.status == "verified", results["let-plain"].outcome.message


def test_a_run_relation_in_one_symbol_is_decided_on_its_domain_by_the_set_where_it_holds(check_claims):
    """A review of 2026-12-07: Euler on y' = -y keeps |y_1| = |1 - h| <= 1 for every h in [1/1000, 2], and sympy's
    assumptions do not decide Abs(h - 1) - 1 <= 0: it was sampled (numerical).  The relation's set on the domain
    decides it; where the set leaves part of the domain out, a rational point there is the counterexample."""
    run = 'check = "forall"\nmodel = "decay"\nmethod = "euler"\noptions = { h = "h" }\ninitial = { y = 1 }\n'
    results = check_claims('[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n' + claims_text("", {
        "true": (run + 'domains = { h = "closed(1/1000, 2)" }\nholds_relations = { "abs(y)" = "<= 1" }',),
        "two-steps": (run + 'domains = { h = "closed(1/2, 2)" }\nsteps = 2\nholds_relations = { "abs(y)" = "<= 1", y = ">= 0" }',),
        "too-wide": (run + 'domains = { h = "interval(0, 3)" }\nholds_relations = { "abs(y)" = "<= 1" }',),
        "strict-at-the-end": (run + 'domains = { h = "closed(1/1000, 2)" }\nholds_relations = { "abs(y)" = "< 1" }',),
    }))
    for name in ("true", "two-steps"):
        outcome = results[name].outcome
        assert (outcome.status, outcome.evidence) == ("verified", "symbolic"), (name, outcome.message)
        assert any("which contains the domain" in str(line) for line in outcome.derivation), name
    for name, at in (("too-wide", "h = 5/2"), ("strict-at-the-end", "h = 2")):
        outcome = results[name].outcome
        assert_refuted(outcome, [f"counterexample {at}", "abs(y): claimed < " if name == "strict-at-the-end" else "abs(y): claimed <= 1"])
        assert any("fails for h in" in str(line) for line in outcome.derivation), name


def test_a_rational_to_a_fractional_power_is_built_without_sympys_search_for_perfect_roots(check_claims):
    """x^x at x = 999999/10^6 made sympy multiply the base's primes to the powers (r * multiplicity) mod s and search
    the product, millions of bits, for perfect powers: a true sampled claim x^x >= 69/100 on (0, 1) (its least value
    is e^(-1/e) = 0.69220...) timed out (an adversarial review of 2026-12-07).  Such a power is now built by
    expr.root_of_rational: exact where numerator and denominator are perfect s-th powers, else left as a power, and
    its value is the one mpmath computes."""
    from verify.input.expr import root_of_rational

    x = sympy.Rational(999999, 10**6)
    power = root_of_rational(x, x)
    assert power.is_Pow and power.base == x and power.exp == x
    with mpmath.workdps(40):
        assert abs(mpmath.mpf(power.evalf(40)) - mpmath.power(mpmath.mpf(999999) / 10**6, mpmath.mpf(999999) / 10**6)) < mpmath.mpf(10)**-35
    assert root_of_rational(sympy.Rational(3**400, 7**400), sympy.Rational(3, 400)) == sympy.Rational(27, 343)  # (3/7)^3, exactly
    assert root_of_rational(sympy.Rational(1, 4), sympy.Rational(1, 2)) == sympy.Rational(1, 2)  # small: sympy's own power
    assert root_of_rational(sympy.Integer(12), sympy.Rational(1, 2)) == 2 * sympy.sqrt(3)
    body = 'check = "forall"\ndomains = { x = "interval(0, 1)" }\nlhs = "x**x"\nop = ">="\n'
    results = check_claims(claims_text("", {"true": (body + 'rhs = "69/100"',), "false": (body + 'rhs = "7/10"',)}))
    true, false = results["true"].outcome, results["false"].outcome
    assert (true.status, true.evidence) == ("verified", "numerical"), true.message
    assert "worst relative margin 0.003" in true.message  # e^(-1/e) / (69/100) - 1 = 0.00319
    assert_refuted(false, ["claimed x**x >= 7/10", "rhs = 7/10"])


def test_a_nonpositive_domain_is_read_as_the_sign_kind_reads_it(check_claims):
    """domains = { z = "nonpositive" } was refused (an adversarial review of 2026-12-07: check = "sign" has
    nonpositive, forall had only negative): (-oo, 0], 0 included, decided symbolically or sampled from both ends."""
    body = 'check = "forall"\ndomains = { z = "nonpositive", w = "real" }\n'
    results = check_claims(claims_text("", {
        "square": (body + 'lhs = "z**2"\nop = ">="\nrhs = "0"',),
        "strict-wrong": (body + 'lhs = "z"\nop = "<"\nrhs = "0"',),
        "exp-wrong": (body + 'lhs = "exp(z)*w**2"\nop = "<="\nrhs = "w**2/2"',),
    }))
    square = results["square"].outcome
    assert (square.status, square.evidence) == ("verified", "symbolic") and "Interval(-oo, 0)" in square.message, square.message
    assert_refuted(results["strict-wrong"].outcome, ["claimed z < 0 for all z nonpositive", "fails at z = 0"])
    assert_refuted(results["exp-wrong"].outcome, ["claimed exp(z)*w**2 <= w**2/2"])


def test_a_relation_whose_sides_are_one_trigonometric_function_is_decided_through_the_half_angle(check_claims):
    """tan(x/2) <= sin(x)/(1 + cos(x)) on [0, 1] is an identity: the interval prover spent the time limit on its
    exact zero at 0 and sympy's solver the rest (a review of 2026-12-07; the claim timed out).  Its difference is 0 as
    a rational function of the tangent half-angle: verified symbolic; the strict version refuted, a domain holding a
    pole an error, a wrong right-hand side refuted."""
    body = 'check = "forall"\nlhs = "tan(x/2)"\n'
    results = check_claims(claims_text("", {
        "identity": (body + 'domains = { x = "closed(0, 1)" }\nop = "<="\nrhs = "sin(x)/(1 + cos(x))"',),
        "strict": (body + 'domains = { x = "closed(0, 1)" }\nop = "<"\nrhs = "sin(x)/(1 + cos(x))"',),
        "over-pi": (body + 'domains = { x = "closed(0, 4)" }\nop = "<="\nrhs = "sin(x)/(1 + cos(x))"',),
        "wrong": (body + 'domains = { x = "closed(0, 1)" }\nop = "<="\nrhs = "sin(x)/(2 + cos(x))"',),
    }))
    identity = results["identity"].outcome
    assert (identity.status, identity.evidence) == ("verified", "symbolic"), identity.message
    assert "tangent half-angle substitution" in identity.message
    assert_refuted(results["strict"].outcome, ["claimed tan(x/2) < sin(x)/(1 + cos(x)), but lhs = 0, rhs = 0"])
    over_pi = results["over-pi"].outcome
    assert over_pi.status == "error" and "not defined at x = pi" in over_pi.message
    assert_refuted(results["wrong"].outcome, ["claimed tan(x/2) <= sin(x)/(2 + cos(x))"])


def test_a_relation_without_trigonometric_functions_is_not_searched_for_a_period(check_claims):
    """exp(x^x) >= 19/10 on (0, 1) (least value e^(e^(-1/e)) = 1.9988 near x = 1/e, recomputed with mpmath) was an
    error after 16 s: sympy.periodicity recursed past Python's limit on exp(x**x) (an adversarial review of
    2026-12-07).  Without sin, cos or tan of the symbol nothing is periodic: the solver goes on, and the claim is
    sampled (its limit x -> 0 is not one interval arithmetic settles); 2 is refuted at a point near 1/e."""
    with mpmath.workdps(30):
        least = mpmath.exp(mpmath.exp(-1 / mpmath.e))
        assert mpmath.mpf(19) / 10 < least < 2
    body = 'check = "forall"\ndomains = { x = "interval(0, 1)" }\nlhs = "exp(x**x)"\nop = ">="\nrhs = "RHS"\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text("", {
        "true": (body.replace("RHS", "19/10"),), "wrong": (body.replace("RHS", "2"),)})).items()}
    assert outcomes["true"].status == "verified" and outcomes["true"].evidence == "numerical", outcomes["true"].message
    assert_refuted(outcomes["wrong"], ["counterexample x = ", "claimed exp(x**x) >= 2"])


def test_a_margin_against_the_terms_is_read_numerically_at_far_instances(check_claims):
    """x^x >= 0.6 for x > 0 (least value e^(-1/e) = 0.6922 at 1/e) ran past the time limit: the relative margin of
    the worst instance was read by putting a drawn x of about 10^18 into x**x exactly, a number of 10^19 digits (an
    adversarial review of 2026-12-07).  The terms are now evaluated numerically (20 digits) for that test only; the
    claim is sampled, and 0.7, above the least value, is refuted near 1/e."""
    with mpmath.workdps(30):
        assert mpmath.mpf("0.6") < mpmath.exp(-1 / mpmath.e) < mpmath.mpf("0.7")
    body = 'check = "forall"\ndomains = { x = "positive" }\nlhs = "x**x"\nop = ">="\nrhs = "RHS"\n'
    outcomes = {k: r.outcome for k, r in check_claims(claims_text("", {
        "true": (body.replace("RHS", "0.6"),), "wrong": (body.replace("RHS", "0.7"),)})).items()}
    assert outcomes["true"].status == "verified" and outcomes["true"].evidence == "numerical", outcomes["true"].message
    assert_refuted(outcomes["wrong"], ["counterexample x = ", "claimed x**x >= 0.7"])
