"""stable_when: split points decided exactly, and a claim false at concrete parameter values refuted there."""
from __future__ import annotations

import sympy

from conftest import ROOT, assert_refuted
from verify import runner
from verify.engines import spectral

BALANCED = 'check = "stability"\nmodel = "oscillator"\nmethod = "cosimulation"\nsymbols = ["H"]\noptions = { H = "H", extrapolation = 1, balance = "all" }\nvariable = "H"\n'
GAUSS_SEIDEL = 'check = "stability"\nmodel = "oscillator"\nmethod = "cosimulation"\nsymbols = ["m", "c", "H"]\noptions = { H = "H", scheme = "gauss-seidel" }\nvariable = "H"\n'


def check(tmp_path, bodies):
    text = "".join(f'[[claim]]\nid = "{name}"\nstatement = "s"\n{body}\n' for name, body in bodies.items())
    (tmp_path / "c.toml").write_text(text)
    return {r.claim.id: r.outcome for r in runner.check(runner.load([str(tmp_path / "c.toml")], model_dirs=[str(ROOT / "models")]))}


def test_the_split_point_itself_is_decided(tmp_path):
    outcomes = check(tmp_path, {"closed": BALANCED + 'stable_when = "H <= 9 - sqrt(69)"', "open": BALANCED + 'stable_when = "H < 9 - sqrt(69)"'})
    assert outcomes["closed"].status == "verified", outcomes["closed"].message
    assert "and exactly at H = 9 - sqrt(69)" in outcomes["closed"].message
    assert_refuted(outcomes["open"], ["at H = 9 - sqrt(69): claimed unstable, computed stable", "(z**2 + 1): roots on the unit circle"])


def test_power_bounded_at_an_algebraic_point():
    H = sympy.Symbol("H", positive=True)
    rotation_like = sympy.Matrix([[1 - H**2 / 2, H], [-H, 1 - H**2 / 2]])  # |eigenvalue|^2 = (1 - H^2/2)^2 + H^2 = 1 + H^4/4
    assert spectral.power_bounded_at(rotation_like, H, sympy.sqrt(2))[0] is False
    assert spectral.power_bounded_at(sympy.Matrix([[0, 1], [-1, 0]]) * H / sympy.sqrt(2), H, sympy.sqrt(2))[0] is True  # +-i, simple
    jordan = sympy.Matrix([[H, 1], [0, H]])
    try:
        spectral.power_bounded_at(jordan, H, sympy.Integer(1))
    except Exception as exc:  # a repeated eigenvalue on the circle is not decided: never a guess
        assert "semisimplicity is not decided" in str(exc)
    else:
        raise AssertionError("a Jordan block on the circle must not be decided as bounded")


def test_a_wrong_bound_in_the_parameters_is_refuted_at_concrete_values(tmp_path):
    outcomes = check(tmp_path, {"wrong": GAUSS_SEIDEL + 'stable_when = "H < 2*sqrt(c/m)"', "true": GAUSS_SEIDEL + 'stable_when = "H < 2*sqrt(m/c)"'})
    assert outcomes["true"].status == "verified", outcomes["true"].message
    assert_refuted(outcomes["wrong"], ["at m = 1, c = 4: claimed stable exactly when H < 2*sqrt(c/m)", "claimed stable, computed unstable"])


DAMPED_GAUSS_SEIDEL = 'check = "stability"\nmodel = "damped_oscillator"\nmethod = "cosimulation"\nsymbols = ["H"]\noptions = { H = "H", scheme = "gauss-seidel" }\nvariable = "H"\n'


def test_split_points_without_real_roots_or_radicals_are_isolated_exactly(tmp_path):
    """Gauss-Seidel on the damped oscillator (m = c = 1, d = 1/10): a condition's factor H^4 - 40 H^3 + 1200 H^2 - 24000 H
    + 480000 has no real root (it was an error, "cannot list the roots"), and the bound H ~ 2.00336 is a root of a quintic.
    By hand (Jury, with trace T and determinant D of the amplification matrix): at H = 2, T = -9033/5000, D = 12281/15000,
    and |T| <= 1 + D, so H = 2 is stable and "H < 2" is false there."""
    outcomes = check(tmp_path, {"below-2": DAMPED_GAUSS_SEIDEL + 'stable_when = "H < 2"'})
    assert_refuted(outcomes["below-2"], ["at H = 2: claimed unstable, computed stable (trace -9033/5000, determinant 12281/15000)"])
