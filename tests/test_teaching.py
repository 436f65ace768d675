"""Teaching output: `verify explain --latex` (an align* per claim, `--standalone` a document that compiles, names and
text escaped), the HTML report for people (MathML, a summary linking what did not come out as expected, badges,
collapsible derivations, a filter), and long derivations summarised unless --all."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from pylatexenc.latexwalker import LatexWalker

from test_cli_reports import QUICK_PAIR

HOSTILE_TEXT = QUICK_PAIR.replace('statement = "', 'statement = "}{\\\\input{/etc/passwd}$ & % # _ ^ ~ \\\\ ', 1)
NAMES = """
[model.spring]
states = ["deficit_spring_v", "x"]
rhs = { deficit_spring_v = "-x", x = "deficit_spring_v" }

[[claim]]
id = "spring/one-step"
statement = "One Euler step of the spring"
check = "run"
model = "spring"
method = "euler"
options = { h = "1/4" }
initial = { deficit_spring_v = 1, x = 0 }
expect = { deficit_spring_v = 1, x = "1/4" }
"""


def assert_parses(latex: str) -> None:
    """pylatexenc reads it strictly (balanced braces and environments), and nothing unescaped from the claim file runs."""
    nodes, _, _ = LatexWalker(latex, tolerant_parsing=False).get_latex_nodes()
    assert nodes
    assert latex.count(r"\begin{align*}") == latex.count(r"\end{align*}")
    assert not re.search(r"(?<!textbackslash\{\})\\input", latex)


def test_explain_latex_is_an_align_environment_typeset_by_sympy(run_cli, tmp_path):
    (tmp_path / "c.toml").write_text(NAMES, encoding="utf-8")
    latex = run_cli("explain", "spring/one-step", "c.toml", "--latex").output
    assert_parses(latex)
    assert r"\begin{align*}" in latex and r"\mathrm{deficit\_spring\_v}" in latex
    # the formula, the values substituted (x = 0, h = 1/4, k1_x = deficit_spring_v = 1), then the value 0 + 1/4*1 typeset
    assert re.search(r"x &= x \+ h \\, \( \{k_\{1\}\}_\{x\} \) = 0 \+ \\tfrac\{1\}\{4\} \\, \( 1 \) = \\frac\{1\}\{4\}", latex)
    assert r"\textbf{verified}" in latex and "documentclass" not in latex


def test_every_character_verify_writes_into_a_derivation_has_a_latex_form():
    """explain --latex wrote "(? 5.8e-37)" for the ± of a numerical value (a review of 2026-12-07): every non-ASCII
    character in the code of the claim kinds and engines (outside comments) must have a LaTeX form."""
    from conftest import ROOT
    from verify.report import latex

    found = {}
    for path in (ROOT / "verify").glob("[ce]*/**/*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for char in line.split("#", 1)[0]:
                if ord(char) > 127:
                    found.setdefault(char, f"{path.relative_to(ROOT)}:{number}")
    assert "±" in found and "≈" in found
    missing = {char: where for char, where in found.items() if "?" in latex.text(char)}
    assert not missing, missing


def test_explain_escapes_whatever_the_claim_file_holds(run_cli, tmp_path):
    (tmp_path / "c.toml").write_text(HOSTILE_TEXT, encoding="utf-8")
    claim_id = re.search(r'id = "([^"]+)"', QUICK_PAIR).group(1)
    latex = run_cli("explain", claim_id, "c.toml", "--latex", "--standalone").output
    assert_parses(latex)
    assert r"\textbackslash{}input" in latex and r"\}\{" in latex and r"\$ \& \% \# \_" in latex


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no TeX engine (Debian: apt-get install texlive-latex-base)")
def test_the_standalone_document_compiles(run_cli, tmp_path):
    (tmp_path / "c.toml").write_text(NAMES + HOSTILE_TEXT.replace("[model.decay]", "[model.decay2]").replace('model = "decay"', 'model = "decay2"'),
                                     encoding="utf-8")
    for claim_id in ("spring/one-step", re.search(r'id = "([^"]+)"', QUICK_PAIR).group(1)):
        (tmp_path / "doc.tex").write_text(run_cli("explain", claim_id, "c.toml", "--latex", "--standalone").output, encoding="utf-8")
        done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"], cwd=tmp_path, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stdout[-2000:]
        assert (tmp_path / "doc.pdf").stat().st_size > 1000


def test_a_long_derivation_is_summarised_unless_all(run_cli, tmp_path):
    (tmp_path / "c.toml").write_text(NAMES.replace('expect = { deficit_spring_v = 1, x = "1/4" }', 'steps = 60\ntrace = { x = [] }')
                                     .replace("trace = { x = [] }", 'expect_relations = { x = "> -100" }'), encoding="utf-8")
    short = run_cli("explain", "spring/one-step", "c.toml").output.splitlines()
    every = run_cli("explain", "spring/one-step", "c.toml", "--all").output.splitlines()
    assert len(every) > len(short) and any("lines omitted (verify explain --all shows every line)" in line for line in short)
    assert short[-1] == every[-1] and short[1] == every[1]  # the verdict and the first line are kept


def test_the_html_report_has_mathml_a_summary_badges_and_details(run_cli, tmp_path):
    text = QUICK_PAIR + '\n[[claim]]\nid = "false-on-purpose"\nstatement = "s"\nexpected = "refuted"\ncheck = "relation"\nlhs = "1/2"\nop = "=="\nrhs = "1/3"\n' \
        + '\n[[claim]]\nid = "wrong"\nstatement = "s"\ncheck = "relation"\nlhs = "1/2"\nop = "=="\nrhs = "1/3"\n'
    (tmp_path / "c.toml").write_text(text, encoding="utf-8")
    html = run_cli("run", "c.toml", "--format", "html", "--no-cache").output
    summary = html[html.index("id='unexpected'"):html.index("<select")]
    assert "#claim-wrong" in summary and "false-on-purpose" not in summary  # only what did not come out as expected
    assert "<math>" in html and "<mfrac>" in html  # computed values as MathML
    assert "recorded false" in html and "<details><summary>derivation" in html
    assert "id='f-status'" in html and "id='f-evidence'" in html
    assert not re.search(r"(src|href)=['\"]https?:", html)  # self-contained


@pytest.mark.skipif(not (shutil.which("chromium") or shutil.which("chromium-browser")),
                    reason="no headless Chromium (Debian: apt-get install chromium)")
def test_the_html_report_renders_in_a_real_browser(run_cli, tmp_path):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    (tmp_path / "c.toml").write_text(QUICK_PAIR + '\n[[claim]]\nid = "wrong"\nstatement = "s"\ncheck = "relation"\nlhs = "1/2"\nop = "=="\nrhs = "1/3"\n',
                                     encoding="utf-8")
    (tmp_path / "r.html").write_text(run_cli("run", "c.toml", "--format", "html", "--no-cache").output, encoding="utf-8")
    dom = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", f"file://{tmp_path / 'r.html'}"],
                         capture_output=True, text=True, timeout=120).stdout
    assert "<math>" in dom and "#claim-wrong" in dom
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={tmp_path / 'r.png'}", "--window-size=1200,900",
                    f"file://{tmp_path / 'r.html'}"], capture_output=True, timeout=120)
    assert (tmp_path / "r.png").stat().st_size > 10_000


def test_the_example_notebook_runs_and_shows_the_report():
    """examples/multirate_example_1.ipynb, executed by nbclient: Results and Result render as HTML and LaTeX."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    from conftest import ROOT

    path = ROOT / "examples" / "multirate_example_1.ipynb"
    notebook = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    latex = [o["data"]["text/latex"] for o in outputs if "text/latex" in o.get("data", {})]
    assert any("<math>" in h and "electromechanical/macro-step" in h for h in html)
    assert any(r"\frac{369}{5000}" in t for t in latex)
    assert any("True" in o.get("data", {}).get("text/plain", "") for o in outputs)  # the hand computation agrees


def test_stability_claims_carry_a_region_or_a_boundary_locus_when_pictures_are_asked_for():
    from conftest import ROOT
    from verify import checks, runner

    claims = {c.id: c for c in runner.load([str(ROOT / "claims")], [str(ROOT / "models")], "stability/rk4 or techqa/ab3-interval-is-not")}
    context = checks.Context(figures=True)
    rk4 = checks.evaluate(claims["stability/rk4"], context).figure
    assert rk4["kind"] == "region" and [c.real for c in rk4["computed"][0]] == pytest.approx([1 / 24, 1 / 6, 1 / 2, 1, 1])
    assert "claimed" not in rk4  # the claim is true: one boundary
    wrong = checks.evaluate(claims["stability/rk4-wrong"], context).figure
    assert wrong["claimed"] != wrong["computed"]  # a false R(z): its boundary drawn beside the true one
    ab3 = checks.evaluate(claims["techqa/ab3-interval-is-not-minus-one"], context).figure
    assert ab3["kind"] == "locus" and ab3["interval"] == [-1.0, 0.0] and len(ab3["alpha"]) == 4
    assert checks.evaluate(claims["stability/rk4"]).figure is None  # no data unless asked


def test_plots_go_into_one_folder_as_png_or_svg(run_cli, tmp_path):
    pytest.importorskip("matplotlib")
    from conftest import ROOT

    claims = str(ROOT / "claims" / "stability_functions.toml")
    result = run_cli("run", claims, "-k", "stability/rk4 or stability/euler", "--plots", "png", "--no-cache", "-q")
    assert result.exit_code == 0, result.output
    pictures = sorted((tmp_path / "verify-plots").iterdir())
    assert sorted(p.name.rsplit("-", 1)[0] for p in pictures) == ["stability-euler", "stability-rk4", "stability-rk4-wrong"]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pictures)
    (tmp_path / "out").mkdir()
    result = run_cli("run", claims, "-k", "stability/euler", "--plots", "--plots-dir", "figs", "--format", "html", "-o", "out/r.html", "--no-cache")
    [svg] = (tmp_path / "figs").iterdir()
    assert svg.name.startswith("stability-euler-") and svg.read_text().lstrip().startswith("<?xml")
    assert f"src='../figs/{svg.name}'" in (tmp_path / "out" / "r.html").read_text()  # linked from where the report is


def test_hostile_ids_get_their_own_picture_and_anchor_and_long_text_compiles(run_cli, tmp_path):
    """Found by a review: ids a/b, a b, a-b shared one picture file; a $...$ id broke matplotlib's title; x/y and
    x-2f-y shared an HTML anchor; 13,000 ~ in a statement passed TeX's line buffer."""
    pytest.importorskip("matplotlib")
    body = 'statement = "s"\ncheck = "stability"\nmethod = "adams-bashforth-2"\nreal_stability_interval = [-1, 0]\n'
    ids = ["a/b", "a b", "a-b", "mt$\\badcmd{x}$end", "x" * 300, "x/y", "x-2f-y"]
    (tmp_path / "c.toml").write_text("".join(f"[[claim]]\nid = '{i}'\n{body}\n" for i in ids), encoding="utf-8")  # literal strings
    result = run_cli("run", "c.toml", "--plots", "png", "--plots-dir", "P", "--format", "html", "-o", "r.html", "--no-cache", "-q")
    assert result.exit_code == 0, result.output
    assert len(list((tmp_path / "P").iterdir())) == len(ids)  # one picture each
    html = (tmp_path / "r.html").read_text()
    anchors = re.findall(r"<tr class='claim[^']*' id='([^']+)'", html)
    assert len(anchors) == len(set(anchors)) == len(ids)
    if shutil.which("pdflatex"):
        (tmp_path / "t.toml").write_text('[[claim]]\nid = "t"\nstatement = "' + "~" * 13000 + '"\ncheck = "relation"\nlhs = "1"\nop = "=="\nrhs = "1"\n',
                                         encoding="utf-8")
        (tmp_path / "t.tex").write_text(run_cli("explain", "t", "t.toml", "--latex", "--standalone").output, encoding="utf-8")
        done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "t.tex"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout[-1500:]


def test_stability_explains_r_from_the_tableau_and_the_two_derivations_must_agree(monkeypatch):
    """R(z) = det(I - zA + z e b^T)/det(I - zA) beside the symbolic step; a disagreement between them is an error."""
    import sympy

    from conftest import ROOT
    from verify import checks, runner
    from verify.checks import stability

    claims = {c.id: c for c in runner.load([str(ROOT / "claims")], [str(ROOT / "models")], "scicomp/radau-iia-stability-function")}
    claim = claims["scicomp/radau-iia-stability-function"]
    lines = checks.explain(claim)
    assert "det(I - z A) = z**2/6 - 2*z/3 + 1" in lines and "det(I - z A + z e b^T) = z/3 + 1" in lines
    original = stability.amplification
    monkeypatch.setattr(stability, "amplification", lambda *args: original(*args) * (1 + sympy.Symbol("lam") ** 5))  # a broken step
    outcome = checks.evaluate(claim)
    assert outcome.status == "error" and "det(I - zA + z e b^T)/det(I - zA) gives" in outcome.message


def test_multistep_steps_show_their_formula_then_the_value(run_cli):
    """Burden & Faires' AB4 example: the fourth step is y[n] + h*(-3/8*f[n-3] + 37/24*f[n-2] - 59/24*f[n-1] + 55/24*f[n])
    (the coefficients -9/24, 37/24, -59/24, 55/24 of AB4, Hairer, Norsett & Wanner I, Table III.1.1), then its value."""
    from conftest import ROOT

    output = run_cli("explain", "bf/ab4-rk4-start", str(ROOT / "claims" / "method_families.toml")).output
    step = next(line for line in output.splitlines() if line.strip().startswith("step 4: y ="))
    assert step.strip().startswith("step 4: y = y[n] + h*(-3/8*f[n-3] + 37/24*f[n-2] - 59/24*f[n-1] + 55/24*f[n]) = ")
    assert step.endswith(" = 6381867747157/3000000000000")  # the values in between: test_an_explicit_multistep_step_shows_its_values
    assert "step 1 · starting value y_1: start = 62197/75000" in output  # a starting value has no formula of its own


def test_the_step_doubling_lesson_reads_as_its_formulas(run_cli):
    """The lesson's attempt (page 002: y = 10, k = 0.5, h = 1): each quantity by its formula with the values in it."""
    from conftest import ROOT

    output = run_cli("explain", "cooling/attempt-h1", str(ROOT / "claims"), "--models", str(ROOT / "models")).output
    for line in ("coarse = y + h*f(t, y) = 10 + 1*(-5) = 5", "midpoint = y + h/2*f(t, y) = 10 + 1/2*(-5) = 15/2",
                 "fine = midpoint + h/2*f(t + h/2, midpoint) = 15/2 + 1/2*(-15/4) = 45/8",
                 "error_estimate = abs(fine - coarse) = abs(45/8 - 5) = 5/8", "tolerance = atol + rtol*abs(fine) = 1/10 + 1/100*abs(45/8) = 5/32"):
        assert line in output, line
    latex = run_cli("explain", "cooling/attempt-h1", str(ROOT / "claims"), "--models", str(ROOT / "models"), "--latex").output
    assert "?" not in latex and r"h / 2" in latex


def test_the_sign_derivation_names_its_form_and_vector_apart_from_the_states(run_cli, tmp_path):
    """A Gram matrix written as q = v^T M v read wrongly for a model whose states are q and v: fresh names instead."""
    (tmp_path / "c.toml").write_text('[model.m]\nstates = ["q", "v", "w"]\nrhs = { q = "v", v = "-q", w = "-w" }\n'
                                     '[[claim]]\nid = "s"\nstatement = "s"\ncheck = "sign"\nmodel = "m"\nexpr = "q**2 + v**2 + w**2"\nsign = "nonnegative"\n',
                                     encoding="utf-8")
    output = run_cli("explain", "s", "c.toml").output
    assert "Gram matrix M (q1 = w1^T M w1, w1 = (q, v, w))" in output and "expands it back to q1" in output


def test_derivation_lines_read_vectors_matrices_and_formulas_with_powers_and_implications():
    """A stage of two states, a Gram matrix, an inverse and an implication typeset, never evaluated."""
    import sympy

    from verify.report.derivation import read_line, read_value
    from verify.report.latex import row

    assert read_value("(1, -1/2)") == sympy.Tuple(1, sympy.Rational(-1, 2)) and read_value("(-1/2)") == sympy.Rational(-1, 2)
    assert read_value("[[8, 0], [-1, 1]]") == sympy.Matrix([[8, 0], [-1, 1]]) and read_value("[[1, 2], [3]]") is None
    line = read_line("step 1 · exchange: spring.v = mass.v(T, v) = mass.v(0, 0) = 0")
    assert line.assignments == [("spring.v", 0)] and line.formula == ["mass.v(T, v)", "mass.v(0, 0)"]
    latex = row("step 1: y = y[n] + h*f(t + h, y) => y = (1 - 1/2*(-2))**(-1)*(1) = 1/2")
    assert r"\Rightarrow" in latex and r"^{- 1}" in latex and "?" not in latex
    assert r"L &= \begin{pmatrix}1 & 0\\- \frac{1}{8} & 1\end{pmatrix}" in row("LDL^T factors: L = [[1, 0], [-1/8, 1]]")


def bundled_file(claim_id: str) -> str:
    """The bundled claim file that holds ``claim_id`` (explain reads that file, not all of claims/: 0.04 s against 0.3 s)."""
    from conftest import ROOT

    [path] = [p for p in sorted((ROOT / "claims").glob("*.toml")) if f'id = "{claim_id}"' in p.read_text(encoding="utf-8")]
    return str(path)


_EXPLAINED = {}  # claim id -> (outcome, lines) of a bundled claim, as runner.explain_bounded gave them in its worker


def bundled_explain(run_cli, claim_id, *options):
    """`verify explain CLAIM_ID` (and ``options``, e.g. --latex) on the bundled claim.  The bundled files do not change
    within a session, so a claim is explained once per test process (in its worker, as the command does) and the
    command renders every later call, as text or LaTeX, from those same lines: F2 took 1.3 s a call."""
    from unittest import mock

    from conftest import ROOT
    from verify import runner

    explain_bounded = runner.explain_bounded

    def once(claim, **limits):
        if claim.id not in _EXPLAINED:
            _EXPLAINED[claim.id] = explain_bounded(claim, **limits)
        return _EXPLAINED[claim.id]

    with mock.patch.object(runner, "explain_bounded", once):
        return run_cli("explain", claim_id, bundled_file(claim_id), "--models", str(ROOT / "models"), *options).output


def explained(run_cli, tmp_path, text, claim_id):
    """(the explain output, the LaTeX) of a claim written inline."""
    (tmp_path / "c.toml").write_text(text, encoding="utf-8")
    output = run_cli("explain", claim_id, "c.toml").output
    latex = run_cli("explain", claim_id, "c.toml", "--latex").output
    assert_parses(latex)
    assert "?" not in latex.split(r"\begin{align*}")[1].split(r"\end{align*}")[0]
    return output, latex


LINEAR_DECAY = """
[model.forced]
states = ["y"]
rhs = { y = "-y/2 + t" }
[model.quadratic]
states = ["y"]
rhs = { y = "-y**2" }
"""


def one_step(claim_id, model, method, h, y0, expect):
    return (f'\n[[claim]]\nid = "{claim_id}"\nstatement = "s"\ncheck = "run"\nmodel = "{model}"\nmethod = "{method}"\n'
            f'options = {{ h = "{h}" }}\ninitial = {{ y = {y0} }}\nexpect = {{ y = "{expect}" }}\n')


def test_backward_euler_shows_its_equation_solved_with_the_values(run_cli, tmp_path):
    """y' = -y/2 + t, y0 = 1, h = 1/10: f(t + h, y) = J y + f(t + h, 0) with J = -1/2 and f(1/10, 0) = 1/10, so
    y1 = (1 + 1/10*1/10)/(1 + 1/20) = 101/105 (Fraction below); a claim of 20/21 (the step without the forcing) is refuted."""
    from fractions import Fraction as F

    y1 = (1 + F(1, 10) * F(1, 10)) / (1 - F(1, 10) * F(-1, 2))
    assert y1 == F(101, 105)
    text = LINEAR_DECAY + one_step("be", "forced", "backward-euler", "1/10", 1, y1) + one_step("be-wrong", "forced", "backward-euler", "1/10", 1, "20/21")
    output, latex = explained(run_cli, tmp_path, text, "be")
    assert f"step 1: y = y[n] + h*f(t + h, y) => y = (y[n] + h*f(t + h, 0))/(1 - h*J) = (1 + 1/10*(1/10))/(1 - 1/10*(-1/2)) = {y1}" in output
    rate = -y1 / 2 + F(1, 10)  # f(1/10, y1) = -8/21, and (y1 - 1)/(1/10) is the same: the residual is 0
    assert f"step 1 · residual: r_d_y = (y - y[n])/h - f_y(t + h, y) = (101/105 - 1)/(1/10) - ({rate}) = {(y1 - 1) * 10 - rate}" in output
    assert r"\Rightarrow y = ( y [ n ] + h \, f ( t + h , 0 ) ) / ( 1 - h \, J )" in latex and r"= \frac{101}{105} \\" in latex
    assert "refuted (exact): y: claimed 20/21, computed 101/105" in run_cli("explain", "be-wrong", "c.toml").output
    # the coupled DAE step (bundled): x' = -x + z, 0 = z - x/2 - t, h = 1/10 from (1, 1/2): rows (1 + h, -h | 1) and
    # (-1/2, 1 | 1/10), so x = (1 + 1/100)/(11/10 - 1/20) = 101/105 and z = 1/10 + x/2 = 61/105
    x = (1 + F(1, 10) * F(1, 10)) / (F(11, 10) - F(1, 20))
    dae = bundled_explain(run_cli, "dae/exact-solve-has-zero-residuals")
    assert f"[[11/10, -1/10], [-1/2, 1]]*y = (1, 1/10) => x = {x}" in dae and f"=> z = {F(1, 10) + x / 2}" in dae


def test_a_nonlinear_backward_euler_step_is_its_equation_then_the_root(run_cli, tmp_path):
    """y' = -y^2, h = 1/2: y = 1 + 1/2*(-y^2), i.e. y^2 + 2y - 2 = 0, whose root near y0 = 1 is -1 + sqrt(3)."""
    text = LINEAR_DECAY + one_step("be", "quadratic", "backward-euler", "1/2", 1, "-1 + sqrt(3)") \
        + one_step("be-wrong", "quadratic", "backward-euler", "1/2", 1, "-1 + sqrt(2)")
    output, _ = explained(run_cli, tmp_path, text, "be")
    assert "step 1: y = y[n] + h*f(t + h, y) => y = 1 + 1/2*f(1/2, y) = 1 + 1/2*(-y**2) => y = -1 + sqrt(3)" in output
    assert "refuted" in run_cli("explain", "be-wrong", "c.toml").output.splitlines()[-1]


def test_implicit_runge_kutta_stages_show_the_linear_system_they_solve(run_cli, tmp_path):
    """Radau IIA on y' = -y, h = 1 (bundled): (I - h A J) k = (f(t + h/3, y), f(t + h, y)) with J = -1 is
    [[1 + 5/12, -1/12], [3/4, 1 + 1/4]] k = (-1, -1); Cramer's rule by hand gives k1 = -8/11, k2 = -4/11.  The trapezoidal
    rule on y' = -2y, h = 1/10 (bundled): k2 = f(1/10, 1 - 1/10) / (1 - 1/20*(-2)) = (-9/5)/(11/10) = -18/11."""
    from fractions import Fraction as F

    a, b, c, d = F(17, 12), F(-1, 12), F(3, 4), F(5, 4)
    det = a * d - b * c
    k1, k2 = (-1 * d - b * -1) / det, (a * -1 - c * -1) / det
    radau = bundled_explain(run_cli, "derived/radau-iia-one-step")
    assert (f"k1 = f(t + 1/3*h, y + h*(5/12*k1 + (-1/12)*k2)) => (I - h*A*J)*(k1, k2) = (f(t + 1/3*h, y), f(t + h, y)) => "
            f"[[17/12, -1/12], [3/4, 5/4]]*(k1, k2) = (-1, -1) => k1 = ({k1})") in radau and f"=> k2 = ({k2})" in radau
    trapezoid = bundled_explain(run_cli, "notes/trapezoid-decay")
    k = F(-9, 5) / (1 - F(1, 20) * -2)
    assert f"k2 = f(t + h, y + h*(1/2*k1 + 1/2*k2)) => k2 = f(t + h, y + h*1/2*k1)/(1 - 1/2*h*J) = f(1/10, 9/10)/(1 - 1/20*(-2)) = (-9/5)/(11/10) => k2 = ({k})" in trapezoid
    # an implicit stage on y' = -y^2: k1 = f(1/4, 1 + 1/4 k1) = -(1 + k1/4)^2, i.e. k1^2 + 24 k1 + 16 = 0, root -12 + 8 sqrt(2)
    text = LINEAR_DECAY + one_step("im", "quadratic", "implicit-midpoint", "1/2", 1, "-5 + 4*sqrt(2)") \
        + one_step("im-wrong", "quadratic", "implicit-midpoint", "1/2", 1, "-5 + 4*sqrt(3)")
    output, _ = explained(run_cli, tmp_path, text, "im")
    assert "k1 = f(t + 1/2*h, y + h*1/2*k1) => k1 = f(1/4, 1 + 1/4*k1) = -(k1/4 + 1)**2 => k1 = (-12 + 8*sqrt(2))" in output
    assert "refuted" in run_cli("explain", "im-wrong", "c.toml").output.splitlines()[-1]


def test_rosenbrock_euler_shows_the_stage_solve_and_the_update(run_cli, tmp_path):
    """Bundled: y' = -y^2, y = 1, h = 1/2, J = f_y = -2: k = -1/(1 + 1) = -1/2, y + h k = 3/4.  A 2x2 with gamma = 1/2 and a
    prescribed residual r = (1/10, 0): (I - J/4) k = f + r with J = [[-1, 10], [0, -2]], f = (9, -2), back substitution by
    hand (Fraction below); u = 1 is refuted."""
    from fractions import Fraction as F

    step = bundled_explain(run_cli, "rosenbrock/step-map")
    k = F(-1) / (1 - F(1, 2) * -2)
    assert f"k = solve (1 - h*f_y(t, y))*k = f(t, y) => k = f(t, y)/(1 - h*f_y(t, y)) = (-1)/(1 - 1/2*(-2)) = ({k})" in step
    assert f"y = y + h*k = 1 + 1/2*({k}) = {1 + k / 2}" in step
    text = ('[model.nn]\nstates = ["u", "w"]\nrhs = { u = "-u + 10*w", w = "-2*w" }\n'
            '[[claim]]\nid = "r"\nstatement = "s"\ncheck = "run"\nmodel = "nn"\nmethod = "rosenbrock-euler"\n'
            'options = { h = "1/2", gamma = "1/2", stage_residual = { u = "1/10", w = 0 } }\ninitial = { u = 1, w = 1 }\nexpect = { u = 1 }\n')
    output, _ = explained(run_cli, tmp_path, text, "r")
    k_w = F(-2) / (1 + F(1, 2))
    k_u = (9 + F(1, 10) + F(5, 2) * k_w) / F(5, 4)
    assert f"[[5/4, -5/2], [0, 3/2]]*k = (91/10, -2) => k = ({k_u}, {k_w})" in output
    assert f"u = u + h*k_u = 1 + 1/2*{k_u} = {1 + k_u / 2}" in output
    assert f"refuted (exact): u: claimed 1, computed {1 + k_u / 2}" in output


def test_cosimulation_explains_the_exchange_the_extrapolated_inputs_and_every_substep(run_cli, tmp_path):
    """The oscillator (spring s' = v_in, mass v' = F_in, F = -s), H = 1/10, from s = 1, v = 1/2, linear extrapolation from
    the previous exchange and 2 rk4 substeps.  By hand: step 1 is constant (the first-step rule): s1 = 1 + H/2 = 21/20,
    v1 = 1/2 - H = 2/5; step 2 extrapolates v_in(tau) = 2/5 + (2/5 - 1/2)/H tau = 2/5 - tau, and the spring's first substep
    (h = 1/20) has rk4 stages v_in(0), v_in(h/2) twice, v_in(h).  A claimed final s of 1 is refuted."""
    from fractions import Fraction as F

    H, h = F(1, 10), F(1, 20)
    s1, v1 = 1 + H * F(1, 2), F(1, 2) - H
    slope = (v1 - F(1, 2)) / H
    stages = [v1 + slope * tau for tau in (0, h / 2, h / 2, h)]
    s_half = s1 + h * (stages[0] / 6 + stages[1] / 3 + stages[2] / 3 + stages[3] / 6)
    text = ('[[claim]]\nid = "c"\nstatement = "s"\ncheck = "run"\nmodel = "oscillator"\nmethod = "cosimulation"\n'
            'options = { H = "1/10", extrapolation = 1, microsteps = 2 }\ninitial = { s = 1, v = "1/2" }\nsteps = 2\nexpect = { s = 1 }\n')
    (tmp_path / "c.toml").write_text(text, encoding="utf-8")
    from conftest import ROOT

    output = run_cli("explain", "c", "c.toml", "--models", str(ROOT / "models")).output
    assert f"step 2 · exchange: spring.v = mass.v(T, v) = mass.v(1/10, {v1}) = {v1}" in output
    assert "step 2 · extrapolation: spring.v(T + tau) = spring.v + (spring.v - spring.v[n-1])/H*tau = 2/5 + (2/5 - 1/2)/(1/10)*tau = 2/5 - tau" in output
    shown = " + ".join(f"{w}*{v}" for w, v in zip(("1/6", "1/3", "1/3", "1/6"), stages))
    assert f"step 2 · spring substep 1: s(T + h) = s + h*(1/6*k1 + 1/3*k2 + 1/3*k3 + 1/6*k4) = {s1} + 1/20*({shown}) = {s_half}" in output
    assert f"step 2 · spring macro step: s = s(T + h) + h*(1/6*k1 + 1/3*k2 + 1/3*k3 + 1/6*k4) = {s_half} + 1/20*(" in output
    assert output.splitlines()[-1].startswith("=> refuted (exact): s: claimed 1, computed")
    latex = run_cli("explain", "c", "c.toml", "--models", str(ROOT / "models"), "--latex").output
    assert_parses(latex)
    assert r"\mathrm{spring} . v ( T + \tau ) &= \mathrm{spring} . v + (" in latex and r"= \frac{2}{5} - \tau \\" in latex
    # the bundled Jacobi run: the mass integrates the constant F = spring.F(0, 1) = -1 over H: v = 0 + H*(-1)
    bundled = bundled_explain(run_cli, "cosim/jacobi-constant/three-macro-steps")
    assert "step 1 · extrapolation: mass.F(T + tau) = mass.F = -1" in bundled
    assert f"step 1 · mass macro step: v = v + H*(1/6*k1 + 1/3*k2 + 1/3*k3 + 1/6*k4) = 0 + 1/10*(1/6*(-1) + 1/3*(-1) + 1/3*(-1) + 1/6*(-1)) = {-H}" in bundled


def test_the_step_size_controllers_explain_their_choice(run_cli, tmp_path):
    """Bundled cooling/order-controller (y' = -y/2, y = 10, h = 1, atol 1/100, rtol 1/1000, safety 9/10, order 1): attempt 1
    has error_ratio 40, so the factor is floor(1024 sqrt((9/10)^2/40))/1024 = 145/1024 (integer square root below),
    clamped to 1/5; attempt 2 has error_ratio 1000/761 and factor 803/1024 (not clamped), h_new = 803/5120.  The halving
    controller halves after a rejection.  A claim that the order controller takes 2 attempts is refuted."""
    import math
    from fractions import Fraction as F

    def factor(ratio):
        return F(math.isqrt(math.floor(F(81, 100) / ratio * 1024**2)), 1024)

    assert factor(F(40)) == F(145, 1024) and factor(F(1000, 761)) == F(803, 1024)
    output = bundled_explain(run_cli, "cooling/order-controller")
    formula = "h*min(max_factor, max(min_factor, floor(1024*(safety**(p + 1)/error_ratio)**(1/(p + 1)))/1024))"
    assert (f"step 1 · attempt 1: h_new = {formula} = 1*min(5, max(1/5, floor(1024*((9/10)**2/(40))**(1/2))/1024)) = "
            f"1*min(5, max(1/5, {factor(F(40))})) = {max(F(1, 5), factor(F(40)))}") in output
    assert f"= 1/5*min(5, max(1/5, {factor(F(1000, 761))})) = {F(1, 5) * factor(F(1000, 761))}" in output
    assert "step 1 · attempt 3: attempt_h = 803/5120" in output  # the choice is the next attempt's step
    halving = bundled_explain(run_cli, "cooling/halving-controller")
    assert "step 1 · attempt 1: h_new = h/2 = (1)/2 = 1/2" in halving and "step 1 · attempt 2: h_new = h = 1/2" in halving
    latex = bundled_explain(run_cli, "cooling/order-controller", "--latex")
    assert_parses(latex)
    assert r"\mathrm{h\_new} &= h \, \mathrm{min} ( \mathrm{max\_factor}" in latex and r"^{\tfrac{1}{2}}" in latex
    from conftest import ROOT

    text = (ROOT / "claims" / "step_doubling.toml").read_text(encoding="utf-8")
    start = text.index('[[claim]]\nid = "cooling/order-controller"')
    claim = text[start:text.index("[[claim]]", start + 10)].replace("expect = { failed = 0, t = 2 }", "expect = { attempts = 2 }")
    (tmp_path / "c.toml").write_text(claim, encoding="utf-8")
    wrong = run_cli("explain", "cooling/order-controller", "c.toml", "--models", str(ROOT / "models")).output
    assert wrong.splitlines()[-1].startswith("=> refuted") and "attempts: claimed 2, computed 14" in wrong


def test_the_sign_derivation_writes_out_the_ldlt_factors(run_cli, tmp_path):
    """q = 2x^2 - 2xy + y^2 + 2x + 1 = w^T M w, w = (x, y, 1), M = [[2, -1, 1], [-1, 1, 0], [1, 0, 1]].  Elimination by hand
    (Fraction below): pivot 2, column (1, -1/2, 1/2); the rest [[1/2, 1/2], [1/2, 1/2]] gives pivot 1/2, L_32 = 1 and a last
    pivot 0.  x^2 - 4xy + y^2 stops at pivot 2, 1 - 4 = -3 < 0, and is refuted."""
    from fractions import Fraction as F

    M = [[F(2), F(-1), F(1)], [F(-1), F(1), F(0)], [F(1), F(0), F(1)]]
    l21, l31 = M[1][0] / M[0][0], M[2][0] / M[0][0]
    s22, s32, s33 = M[1][1] - l21 * M[0][1], M[2][1] - l31 * M[0][1], M[2][2] - l31 * M[0][2]
    l32 = s32 / s22
    pivots = [M[0][0], s22, s33 - l32 * (M[1][2] - l21 * M[0][2])]
    text = ('[model.m]\nstates = ["x", "y"]\nrhs = { x = "y", y = "-x" }\n'
            '[[claim]]\nid = "ok"\nstatement = "s"\ncheck = "sign"\nmodel = "m"\nexpr = "2*x**2 - 2*x*y + y**2 + 2*x + 1"\nsign = "nonnegative"\n'
            '[[claim]]\nid = "bad"\nstatement = "s"\ncheck = "sign"\nmodel = "m"\nexpr = "x**2 - 4*x*y + y**2"\nsign = "nonnegative"\n')
    output, latex = explained(run_cli, tmp_path, text, "ok")
    assert f"LDL^T factors (M = L D L^T): L = [[1, 0, 0], [{l21}, 1, 0], [{l31}, {l32}, 1]]" in output
    assert f"LDL^T factors (M = L D L^T): D = [[{pivots[0]}, 0, 0], [0, {pivots[1]}, 0], [0, 0, {pivots[2]}]]" in output
    assert "coordinates of the squares (L^T w): (x - y/2 + 1/2, y + 1, 1)" in output
    assert r"\text{factors } M = L \, D \, L ^{T} :\quad D = \begin{pmatrix}2 & 0 & 0\\0 & \frac{1}{2} & 0" in latex
    assert r"\text{Gram matrix } M \text{ of } q = w ^{T} \, M \, w ,\  w = ( x , y , 1 ) :\quad M = \begin{pmatrix}" in latex
    gram, _, D = environments(latex, "pmatrix")
    assert cells(gram) == [["2", "-1", "1"], ["-1", "1", "0"], ["1", "0", "1"]]  # M, as above
    assert [row[k] for k, row in enumerate(cells(D))] == ["2", r"\frac{1}{2}", "0"] and [str(p) for p in pivots] == ["2", "1/2", "0"]
    bad = run_cli("explain", "bad", "c.toml").output
    assert f"LDL^T pivots: 1, then at pivot 2: {1 - 2 * 2} < 0" in bad and bad.splitlines()[-1].startswith("=> refuted (symbolic)")


def test_forall_shows_the_n_step_map_and_the_inequalities_it_decided(run_cli):
    """ramp (x' = 1, z' = x) under frozen-slow Euler with H = T/N: one step maps (x, z, 1) by A = [[1, 0, H], [H, 1, 0],
    [0, 0, 1]], and A^N = [[1, 0, T], [T, 1, T^2 (N - 1)/(2N)], [0, 0, 1]] (checked below at T = 3, N = 4 by multiplying
    Fractions).  |1 + z| <= 1 is decided as z + 1 <= 1 (z <= 0) and -z - 1 <= 1 (z >= -2); E' <= 0 with resistance R by the
    minors R >= 0 and R - 1 >= 0.  The wrong versions (T H/3, |1 + z| < 1 for every z < 0, R >= 2) are refuted."""
    from fractions import Fraction as F

    T, N = F(3), 4
    A = [[F(1), F(0), T / N], [T / N, F(1), F(0)], [F(0), F(0), F(1)]]
    power = [[F(int(i == j)) for j in range(3)] for i in range(3)]
    for _ in range(N):
        power = [[sum(power[i][k] * A[k][j] for k in range(3)) for j in range(3)] for i in range(3)]
    assert power == [[1, 0, T], [T, 1, T**2 * (N - 1) / (2 * N)], [0, 0, 1]]
    ramp = bundled_explain(run_cli, "ramp/terminal-error-every-T-N-m")
    assert "one step w -> A w (w = (x, z, 1)): A = [[1, 0, T/N], [T/N, 1, 0], [0, 0, 1]]" in ramp
    assert "closed form of the N-step map w -> A**N w: [[1, 0, T], [T, 1, T**2*(N - 1)/(2*N)], [0, 0, 1]]" in ramp
    latex = bundled_explain(run_cli, "ramp/terminal-error-every-T-N-m", "--latex")
    assert r"\frac{T^{2} \left(N - 1\right)}{2 N}" in latex
    euler = bundled_explain(run_cli, "stability/euler-interval")
    assert "decided: z + 1 <= 1 for z in Interval(-oo, 0)" in euler and "decided: -z - 1 <= 1 for z in Interval(-2, oo)" in euler
    assert "both hold (abs(z + 1) <= 1) for z in Interval(-2, 0)" in euler
    resistance = bundled_explain(run_cli, "electromechanical/dissipative-exactly-when-R-at-least-1")
    assert "decided: R >= 0 for R in Interval(0, oo)" in resistance and "decided: R - 1 >= 0 for R in Interval(1, oo)" in resistance
    for wrong in ("ramp/terminal-error-TH3", "stability/explicit-euler-does-not", "electromechanical/dissipative-exactly-when-R-at-least-2"):
        assert bundled_explain(run_cli, wrong).splitlines()[-1].startswith("=> refuted"), wrong


def test_energy_shows_the_amplification_matrix_of_one_step(run_cli, tmp_path):
    """Jacobi co-simulation of the oscillator with constant extrapolation, H = 1/10 (m = c = 1): each side integrates a constant
    input exactly, s+ = s + H v, v+ = v - H s, so M = [[1, 1/10], [-1/10, 1]]; its eigenvalues 1 +- i/10 have modulus^2 =
    det M = 1 + 1/100 (Fraction below): the energy grows by 101/100 per step.  A claimed growth below 2 is refuted."""
    from fractions import Fraction as F

    H = F(1, 10)
    M = [[1, H], [-H, 1]]
    assert M[0][0] * M[1][1] - M[0][1] * M[1][0] == F(101, 100)
    output = bundled_explain(run_cli, "cosim/jacobi-constant/energy-grows")
    assert f"amplification matrix of one macro step (y -> M y, y = (s, v)): [[1, {H}], [{-H}, 1]]" in output
    assert "eigenvalues of M: (1 - I/10, 1 + I/10)" in output and "their moduli: (sqrt(101)/10, sqrt(101)/10)" in output
    latex = bundled_explain(run_cli, "cosim/jacobi-constant/energy-grows", "--latex")
    assert r"\text{amplification matrix of one macro step (y -\textgreater{} M y, y = (s, v)):}\quad & \begin{pmatrix}1 & \frac{1}{10}" in latex
    with_memory = bundled_explain(run_cli, "cosim/balance-correction/energy-still-grows")
    assert "(y -> M y, y = (s, v, carried error mass.F)): [[1, 1/10, 0], [-1/10, 1, 1], [0, -1/200, 0]]" in with_memory
    from conftest import ROOT

    text = (ROOT / "claims" / "cosimulation_energy.toml").read_text(encoding="utf-8")
    start = text.index('[[claim]]\nid = "cosim/jacobi-constant/energy-grows"')
    claim = text[start:text.index("[[claim]]", start + 10)].replace('expect = { final_ratio = "> 10**5", min_ratio = ">= 1" }',
                                                                     'expect = { max_ratio = "< 2" }')
    (tmp_path / "c.toml").write_text(claim, encoding="utf-8")
    wrong = run_cli("explain", "cosim/jacobi-constant/energy-grows", "c.toml", "--models", str(ROOT / "models")).output
    assert wrong.splitlines()[-1].startswith("=> refuted (exact): max_ratio: claimed < 2")


def test_a_certified_run_explains_its_ball_values(run_cli):
    """The certified path steps balls (no number field): its stages keep their values, printed as enclosures, and the
    claim its verdict (found when the formula printer asked every system for its field).  y' = t sqrt(y) from 1:
    k1 = f(0, 1) = 0."""
    output = bundled_explain(run_cli, "rosetta/runge-kutta-y-at-t-1")
    assert "step 1 · stage 1: k1 = f(t, y) = f(0, [1.0, 1.0]) = [0.0, 0.0]" in output and "(no derivation" not in output
    assert output.splitlines()[-1].startswith("=> verified (certified)")


def test_an_explicit_multistep_step_shows_its_values(run_cli):
    """Burden & Faires' AB4 table (bundled), step 4: w_3 = 1030576260651/625000000000 at t = 3/5, h = 1/5, and the rates
    f = y - t^2 + 1 at the four nodes (3/2 at t = 0, ..., w_3 - 9/25 + 1 = 1430576260651/625000000000 at t = 3/5);
    w_3 + h*(-3/8 f0 + 37/24 f1 - 59/24 f2 + 55/24 f3) = 6381867747157/3000000000000 by Fraction."""
    from fractions import Fraction as F

    fs = [F(3, 2), F(134197, 75000), F(770278579, 375000000), F(1430576260651, 625000000000)]
    w4 = F(1030576260651, 625000000000) + F(1, 5) * (F(-3, 8) * fs[0] + F(37, 24) * fs[1] - F(59, 24) * fs[2] + F(55, 24) * fs[3])
    assert w4 == F(6381867747157, 3000000000000)
    text = bundled_explain(run_cli, "bf/ab4-rk4-start")
    assert ("step 4: y = y[n] + h*(-3/8*f[n-3] + 37/24*f[n-2] - 59/24*f[n-1] + 55/24*f[n]) = 1030576260651/625000000000 + "
            f"1/5*(-3/8*3/2 + 37/24*134197/75000 - 59/24*770278579/375000000 + 55/24*1430576260651/625000000000) = {w4}") in text


def _factor(value) -> str:
    """A Fraction as a factor in a formula line: negative values in parentheses (formulas.Text.factor)."""
    return f"({value})" if value < 0 else str(value)


def test_a_predictor_corrector_step_shows_the_predictor_then_the_corrector(run_cli, tmp_path):
    """Burden & Faires' Adams fourth-order predictor-corrector (sec. 5.6, Example 2; bundled bf/adams-pc4), y' = y - t^2 + 1,
    y(0) = 1/2, h = 1/5, RK4 starting values, recomputed below with Fraction: step 4 predicts with AB4,
    w*_4 = w_3 + h/24 (55 f_3 - 59 f_2 + 37 f_1 - 9 f_0) (2.1272892 in the book), evaluates f(t_4, w*_4), and corrects
    with the three-step Adams-Moulton formula w_4 = w_3 + h/24 (9 f(t_4, w*_4) + 19 f_3 - 5 f_2 + f_1) (2.1272056).  Each
    line is an equation whose sides agree: the AB4 formula with its values equals the predictor, the corrected value
    appears only with the corrector's formula, and the y line is the corrector (the bug: the AB4 values = the corrected
    value).  A claimed predictor trace with the corrected value is refuted."""
    from fractions import Fraction as F

    h, f = F(1, 5), lambda t, y: y - t * t + 1
    w, t = [F(1, 2)], [F(0)]
    for n in range(3):  # RK4 starting values
        k1 = f(t[n], w[n])
        k2 = f(t[n] + h / 2, w[n] + h / 2 * k1)
        k3 = f(t[n] + h / 2, w[n] + h / 2 * k2)
        k4 = f(t[n] + h, w[n] + h * k3)
        w.append(w[n] + h * (k1 / 6 + k2 / 3 + k3 / 3 + k4 / 6))
        t.append(t[n] + h)
    fs = [f(t[j], w[j]) for j in range(4)]
    predictor = w[3] + h * (F(-3, 8) * fs[0] + F(37, 24) * fs[1] - F(59, 24) * fs[2] + F(55, 24) * fs[3])
    rate = f(t[3] + h, predictor)
    corrected = w[3] + h * (F(1, 24) * fs[1] - F(5, 24) * fs[2] + F(19, 24) * fs[3] + F(3, 8) * rate)
    assert round(float(predictor), 7) == 2.1272892 and round(float(corrected), 7) == 2.1272056
    output = bundled_explain(run_cli, "bf/adams-pc4")
    assert (f"step 4 · predictor: predictor = y[n] + h*(-3/8*f[n-3] + 37/24*f[n-2] - 59/24*f[n-1] + 55/24*f[n]) = {w[3]} + 1/5*("
            f"-3/8*{fs[0]} + 37/24*{fs[1]} - 59/24*{fs[2]} + 55/24*{fs[3]}) = {predictor}") in output
    past = f"1/24*{fs[1]} - 5/24*{fs[2]} + 19/24*{fs[3]}"
    assert (f"step 4 · corrector: corrector = y[n] + h*(1/24*f[n-2] - 5/24*f[n-1] + 19/24*f[n] + 3/8*f(t[n+1], predictor)) = "
            f"{w[3]} + 1/5*({past} + 3/8*f({t[3] + h}, {predictor})) = {w[3]} + 1/5*({past} + 3/8*{rate}) = {corrected}") in output
    assert f"step 4: y = corrector = {corrected}" in output
    assert not any(line.strip().startswith("step") and ": y = y[n]" in line for line in output.splitlines())  # no AB4 on a y line
    latex = bundled_explain(run_cli, "bf/adams-pc4", "--latex")
    assert_parses(latex)
    assert r"\mathrm{corrector} &= y [ n ] + h \, ( \tfrac{1}{24} \, f [ n - 2 ]" in latex
    from conftest import ROOT

    text = (ROOT / "claims" / "method_families.toml").read_text(encoding="utf-8")
    start = text.index('[[claim]]\nid = "bf/adams-pc4"')
    claim = text[start:text.index("[[claim]]", start + 10)].replace('predictor = ["2.1272892"', 'predictor = ["2.1272056"')
    (tmp_path / "c.toml").write_text(text[:text.index("[[claim]]")] + claim, encoding="utf-8")
    wrong = run_cli("explain", "bf/adams-pc4", "c.toml").output
    assert wrong.splitlines()[-1].startswith("=> refuted") and "trace predictor value 1" in wrong.splitlines()[-1]


IMPLICIT_MULTISTEP = LINEAR_DECAY + """
[model.pair]
states = ["u", "w"]
rhs = { u = "-u + 10*w", w = "-2*w + t" }
""" + "".join(f'\n[[claim]]\nid = "{claim_id}"\nstatement = "s"\ncheck = "run"\nmodel = "{model}"\nmethod = "{method}"\n'
              f'options = {{ h = "{h}", {start} }}\ninitial = {initial}\nsteps = 2\nexpect = {expect}\n'
              for claim_id, model, method, h, start, initial, expect in (
                  ("bdf2", "forced", "bdf-2", "1/10", 'history = { y = ["9/10"] }', "{ y = 1 }", '{ y = "132/155" }'),
                  ("bdf2-wrong", "forced", "bdf-2", "1/10", 'history = { y = ["9/10"] }', "{ y = 1 }", '{ y = "133/155" }'),
                  ("pair", "pair", "bdf-2", "1/10", 'history = { u = ["7/4"], w = ["4/5"] }', "{ u = 1, w = 1 }", '{ w = "56/85" }'),
                  ("pair-wrong", "pair", "bdf-2", "1/10", 'history = { u = ["7/4"], w = ["4/5"] }', "{ u = 1, w = 1 }", '{ w = "57/85" }'))) \
    + one_step("am1", "quadratic", "adams-moulton-1", "1/2", 1, "-2 + sqrt(7)") + one_step("am1-wrong", "quadratic", "adams-moulton-1", "1/2", 1, "-2 + sqrt(6)")


def test_an_implicit_multistep_step_shows_its_equation_the_known_part_and_the_solve(run_cli, tmp_path):
    """Implicit Euler as BDF1 on y' = -50 y, h = 1/20 (bundled notes/bdf1-stiff-decay, Example 5.9.1): y = 1 + 1/20 f(1/20, y),
    f(1/20, 0) = 0 and J = -50, so y = 1/(1 + 50/20) = 2/7.  BDF2 on y' = -y/2 + t from y_0 = 1, y_1 = 9/10, h = 1/10:
    y_2 = 4/3 y_1 - 1/3 y_0 + 2/3 h f(1/5, y_2), known part 13/15, f(1/5, 0) = 1/5, so y_2 = (13/15 + 1/75)/(1 + 1/30).
    BDF2 on u' = -u + 10 w, w' = -2 w + t from (1, 1), (7/4, 4/5): the system [[16/15, -2/3], [0, 17/15]] y = known + 1/15 (0, 1/5),
    solved by back substitution.  The trapezoidal rule (adams-moulton-1) on y' = -y^2, h = 1/2: y = 1 + 1/4 (-1) + 1/4 (-y^2),
    i.e. y^2 + 4y - 3 = 0, root -2 + sqrt(7).  Claims with a changed digit are refuted."""
    from fractions import Fraction as F

    y1 = F(1) / (1 - F(1, 20) * -50)
    assert y1 == F(2, 7)
    stiff = bundled_explain(run_cli, "notes/bdf1-stiff-decay")
    assert (f"step 1: y = y[n] + h*(f[n+1]) => y = 1 + 1/20*f(1/20, y) => y = (1 + 1/20*f(1/20, 0))/(1 - 1/20*J) = "
            f"(1 + 1/20*0)/(1 - 1/20*(-50)) => y = {y1}") in stiff
    assert f"step 2: y = y[n] + h*(f[n+1]) => y = {y1} + 1/20*f(1/10, y) =>" in stiff and f"=> y = {y1 * y1}" in stiff
    (tmp_path / "c.toml").write_text(IMPLICIT_MULTISTEP, encoding="utf-8")
    output, latex = explained(run_cli, tmp_path, IMPLICIT_MULTISTEP, "bdf2")
    scale, known = F(2, 3) * F(1, 10), F(4, 3) * F(9, 10) - F(1, 3)
    y2 = (known + scale * F(1, 5)) / (1 - scale * F(-1, 2))
    assert y2 == F(132, 155)
    assert (f"step 2: y = -1/3*y[n-1] + 4/3*y[n] + h*(2/3*f[n+1]) => y = -1/3*1 + 4/3*9/10 + {scale}*f(1/5, y) = {known} + {scale}*f(1/5, y) "
            f"=> y = ({known} + {scale}*f(1/5, 0))/(1 - {scale}*J) = ({known} + {scale}*1/5)/(1 - {scale}*(-1/2)) => y = {y2}") in output
    assert r"\Rightarrow y = ( \tfrac{13}{15} + \tfrac{1}{15} \, f ( \tfrac{1}{5} , 0 ) ) / ( 1 - \tfrac{1}{15} \, J )" in latex
    assert "refuted (exact): y: claimed 133/155, computed 132/155" in run_cli("explain", "bdf2-wrong", "c.toml").output
    pair, _ = explained(run_cli, tmp_path, IMPLICIT_MULTISTEP, "pair")
    known_u, known_w = F(4, 3) * F(7, 4) - F(1, 3), F(4, 3) * F(4, 5) - F(1, 3)
    right = (known_u + scale * 0, known_w + scale * F(1, 5))
    w2 = right[1] / (1 + 2 * scale)
    u2 = (right[0] + 10 * scale * w2) / (1 + scale)
    assert w2 == F(56, 85)
    system = (f"(I - {scale}*J)*y = ({known_u}, {known_w}) + {scale}*f(1/5, 0) = ({known_u}, {known_w}) + {scale}*(0, 1/5) => "
              f"[[{1 + scale}, {-10 * scale}], [0, {1 + 2 * scale}]]*y = ({right[0]}, {right[1]})")
    assert f"u = -1/3*1 + 4/3*7/4 + {scale}*f_u(1/5, y) = {known_u} + {scale}*f_u(1/5, y) => {system} => u = {u2}" in pair
    assert f"w = -1/3*1 + 4/3*4/5 + {scale}*f_w(1/5, y) = {known_w} + {scale}*f_w(1/5, y) => {system} => w = {w2}" in pair
    assert "refuted (exact): w: claimed 57/85, computed 56/85" in run_cli("explain", "pair-wrong", "c.toml").output
    root, _ = explained(run_cli, tmp_path, IMPLICIT_MULTISTEP, "am1")
    known = 1 + F(1, 2) * (F(1, 2) * -1)
    assert known == F(3, 4)
    assert (f"step 1: y = y[n] + h*(1/2*f[n] + 1/2*f[n+1]) => y = 1 + 1/2*(1/2*(-1)) + 1/4*f(1/2, y) = {known} + 1/4*f(1/2, y) = "
            f"{known} + 1/4*(-y**2) => y = -2 + sqrt(7)") in root
    assert root.splitlines()[-1].startswith("=> verified (exact)")
    assert run_cli("explain", "am1-wrong", "c.toml").output.splitlines()[-1].startswith("=> refuted (exact): y: claimed -2 + sqrt(6), computed -2 + sqrt(7)")


def test_the_power_exchange_shows_each_recovered_input_or_the_fallback_and_its_test(run_cli, tmp_path):
    """The oscillator under the power exchange (source 004, sec. 4.1; bundled cosim/power-exchange/energy-balanced-at-every-exchange),
    H = 1/10 from s = 1, v = 1/2: the sides agree on P^ = (s v - (-s) v)/2 = 1/2 into the spring and -1/2 into the mass, and each
    rk4 stage recovers its input from power = a u + b: the spring's v = P^/s (a = s, b = 0), the mass's F = -P^/v (a = v), at the
    stage's state (Fraction below).  With threshold = 1/10 from s = 1, v = 0 the mass's a = v is 0, -1/20, -1/20 at its first
    three stages, below the threshold, so F falls back to the extrapolated exchange F = -1; at the fourth v = -1/10 and
    F = 0/(-1/10) = 0.  A claim of 3 fallbacks is refuted (there are 4 over two steps)."""
    from fractions import Fraction as F

    H = F(1, 10)

    def stages(x, rate):  # rk4's stage states and the inputs recovered at them
        states, inputs = [], []
        for c in (0, H / 2, H / 2, H):
            state = x + c * inputs[-1] if inputs else x
            states.append(state)
            inputs.append(rate(state))
        return states, inputs

    agreed = (1 * F(1, 2) - (-1) * F(1, 2)) / 2
    s, v = stages(F(1), lambda s: agreed / s)
    vs, fs = stages(F(1, 2), lambda v: -agreed / v)
    output = bundled_explain(run_cli, "cosim/power-exchange/energy-balanced-at-every-exchange")
    for i, (tau, state, u) in enumerate(zip(("T", "T + 1/20", "T + 1/20", "T + 1/10"), s, v), 1):
        assert (f"step 1 · spring stage {i}: spring.v({tau}) = (P_spring(T + tau) - b)/a = (P_spring(T + tau) - 0)/s = "
                f"({agreed} - 0)/{state if state.denominator == 1 else f'({state})'} = {u}") in output
    for i, (tau, state, u) in enumerate(zip(("T", "T + 1/20", "T + 1/20", "T + 1/10"), vs, fs), 1):
        assert f"step 1 · mass stage {i}: mass.F({tau}) = (P_mass(T + tau) - b)/a = (P_mass(T + tau) - 0)/v = ({-agreed} - 0)/({state}) = {u}" in output
    assert f"s = s + H*(1/6*k1 + 1/3*k2 + 1/3*k3 + 1/6*k4) = 1 + 1/10*(1/6*{v[0]} + 1/3*{v[1]} + 1/3*{v[2]} + 1/6*{v[3]})" in output
    from conftest import ROOT

    text = ('[[claim]]\nid = "p"\nstatement = "s"\ncheck = "run"\nmodel = "oscillator"\nmethod = "cosimulation"\n'
            'options = { H = "1/10", exchange = "power", threshold = "1/10", extrapolation = 1 }\ninitial = { s = 1, v = 0 }\nsteps = 2\n'
            'expect = { fallbacks = 4 }\n')
    (tmp_path / "c.toml").write_text(text + text.replace('id = "p"', 'id = "p-wrong"').replace("fallbacks = 4", "fallbacks = 3"), encoding="utf-8")
    fallback = run_cli("explain", "p", "c.toml", "--models", str(ROOT / "models")).output
    v = [F(0), F(0) + H / 2 * -1, F(0) + H / 2 * -1, F(0) + H * -1]  # the mass's stage states while F = -1
    plain = "mass.F(T + tau) = mass.F + (mass.F - mass.F[n-1])/H*tau = -1 + (-1 - (-1))/(1/10)*tau = -1"
    for i, tau in enumerate(("T", "T + 1/20", "T + 1/20"), 1):
        assert f"step 1 · mass stage {i} (fallback, abs(a) = abs(v) = {abs(v[i - 1])} < threshold = 1/10): mass.F({tau}) = {plain}" in fallback
    assert f"step 1 · mass stage 4: mass.F(T + 1/10) = (P_mass(T + tau) - b)/a = (P_mass(T + tau) - 0)/v = (0 - 0)/({v[3]}) = 0" in fallback
    assert fallback.splitlines()[-1].startswith("=> verified (exact): fallbacks = 4")
    latex = run_cli("explain", "p", "c.toml", "--models", str(ROOT / "models"), "--latex").output
    assert_parses(latex)
    assert r"\text{step 1 \textperiodcentered{} mass stage 1 (fallback, abs(a) = abs(v) = 0 \textless{} threshold = 1/10):}\quad" in latex
    wrong = run_cli("explain", "p-wrong", "c.toml", "--models", str(ROOT / "models")).output
    assert wrong.splitlines()[-1].startswith("=> refuted (exact): fallbacks: claimed 3, computed 4")


def environments(latex: str, name: str) -> list[str]:
    """The bodies of every ``name`` environment in ``latex``, as pylatexenc reads them (strictly)."""
    from pylatexenc.latexwalker import LatexEnvironmentNode, LatexGroupNode, LatexMathNode

    found = []

    def walk(nodes):
        for node in nodes or []:
            if isinstance(node, LatexEnvironmentNode) and node.environmentname == name:
                found.append("".join(child.latex_verbatim() for child in node.nodelist))
            if isinstance(node, (LatexEnvironmentNode, LatexGroupNode, LatexMathNode)):
                walk(node.nodelist)

    walk(LatexWalker(latex, tolerant_parsing=False).get_latex_nodes()[0])
    return found


def cells(body: str) -> list[list[str]]:
    """A pmatrix body as rows of cells (their LaTeX, stripped)."""
    return [[cell.strip() for cell in row.split("&")] for row in body.split(r"\\")]


def plain(value):
    """``value`` with every symbol a plain one of the same name (a claim's R is real), to compare with a hand computation."""
    import sympy

    return value.xreplace({s: sympy.Symbol(s.name) for s in value.free_symbols if isinstance(s, sympy.Symbol)})


def derivation_of(claim_id: str):
    """The derivation lines of a bundled claim, in process (the Lines with their mathematics)."""
    from conftest import ROOT
    from verify import checks, runner

    [claim] = [c for c in runner.load([bundled_file(claim_id)], [str(ROOT / "models")]) if c.id == claim_id]
    return checks.explain(claim)


def test_a_sign_claim_over_a_parameter_typesets_its_gram_matrix_minors_and_decided_sets(run_cli):
    """-E' = (v - i)^2 + (R - 1) i^2 = R i^2 - 2 i v + v^2 = (i, v) M (i, v)^T with M = [[R, -1], [-1, 1]] (by hand); its
    principal minors are R, 1 and R*1 - (-1)(-1) = R - 1; R >= 0 holds on [0, oo) and R - 1 >= 0 on [1, oo), so the form
    is semidefinite exactly for R in [1, oo).  The lines carry these objects; LaTeX sets them as a pmatrix and R \\in [1, oo)."""
    import sympy

    R = sympy.Symbol("R")
    M = sympy.Matrix([[R, -1], [-1, 1]])
    minors = [M[0, 0], M[1, 1], M[0, 0] * M[1, 1] - M[0, 1] * M[1, 0]]
    decided = {R: sympy.Interval(0, sympy.oo), R - 1: sympy.Interval(1, sympy.oo)}
    lines = derivation_of("electromechanical/dissipative-exactly-when-R-at-least-1")
    gram = next(line for line in lines if line.startswith("Gram matrix"))
    assert gram == "Gram matrix [[R, -1], [-1, 1]]; all principal minors: [R, 1, R - 1]"  # the text as before
    assert sympy.Matrix(plain(gram.terms[1])) == M
    assert [plain(t) for t in gram.terms[4:] if not isinstance(t, str)] == [sympy.expand(m) for m in minors]
    for line in (line for line in lines if line.startswith("decided:")):
        relation, member = (plain(t) for t in line.terms[::2])
        assert relation.rhs == 0 and isinstance(relation, sympy.GreaterThan) and member.args[1] == decided[relation.lhs]
    latex = bundled_explain(run_cli, "electromechanical/dissipative-exactly-when-R-at-least-1", "--latex")
    assert_parses(latex)
    [matrix] = environments(latex, "pmatrix")
    assert cells(matrix) == [["R", "-1"], ["-1", "1"]]
    assert r"\text{ all principal minors: } R ,\  1 ,\  R - 1" in latex
    assert r"\text{decided:}\quad & R \geq 0 \text{ for } R \in \left[0, \infty\right)" in latex
    assert r"\text{decided:}\quad & R - 1 \geq 0 \text{ for } R \in \left[1, \infty\right)" in latex
    assert r"\text{ holds for } R \in \left[1, \infty\right)" in latex and "Interval" not in latex.split(r"\end{align*}")[0]


def test_a_relation_over_the_real_line_typesets_each_inequality_it_decided_with_its_set(run_cli):
    """|1 + z| <= 1 is decided as z + 1 <= 1, which holds for z <= 0, and -z - 1 <= 1, which holds for z >= -2 (by hand):
    both hold on [-2, 0], and the exact boundary of RK4's interval, the real root of z^3 + 4 z^2 + 12 z + 24 (R(z) = 1
    divided by z), is about -2.785294 (mpmath below), written with \\approx."""
    import mpmath
    import sympy

    lines = derivation_of("stability/euler-interval")
    sets = {str(line.terms[0]): line.terms[2].args[1] for line in lines if line.startswith("decided:")}
    assert sets == {"z + 1 <= 1": sympy.Interval(-sympy.oo, 0), "-z - 1 <= 1": sympy.Interval(-2, sympy.oo)}
    latex = bundled_explain(run_cli, "stability/euler-interval", "--latex")
    assert_parses(latex)
    assert r"& z + 1 \leq 1 \text{ for } z \in \left(-\infty, 0\right] \\" in latex
    assert r"& - z - 1 \leq 1 \text{ for } z \in \left[-2, \infty\right) \\" in latex
    assert r"\text{both hold: } \left|{z + 1}\right| \leq 1 \text{ for } z \in \left[-2, 0\right] \\" in latex
    root = mpmath.findroot(lambda x: x**3 + 4 * x**2 + 12 * x + 24, -2.8)
    latex = bundled_explain(run_cli, "stability/rk4-exactly-when-2.785", "--latex")
    assert_parses(latex)
    shown = re.search(r"- \\frac\{557\}\{200\} \\text\{ is the boundary \} .* \\approx (-[0-9.]+) \\text\{ printed to 3 decimals\}", latex)
    assert shown and abs(float(shown.group(1)) - float(root)) < 1e-6 and round(float(shown.group(1)), 3) == -2.785


def test_the_n_step_map_is_typeset_as_a_matrix_power(run_cli):
    """ramp under frozen-slow Euler (H = T/N): A = [[1, 0, T/N], [T/N, 1, 0], [0, 0, 1]] and A^N as multiplied out with
    Fractions at T = 3, N = 4 (test_forall_shows_the_n_step_map_and_the_inequalities_it_decided); the Line's matrix at
    those values is that product, and LaTeX writes w -> A^N w and the matrix as a pmatrix."""
    from fractions import Fraction as F

    import sympy

    T, N = F(3), 4
    A = [[F(1), F(0), T / N], [T / N, F(1), F(0)], [F(0), F(0), F(1)]]
    power = [[F(int(i == j)) for j in range(3)] for i in range(3)]
    for _ in range(N):
        power = [[sum(power[i][k] * A[k][j] for k in range(3)) for j in range(3)] for i in range(3)]
    [line] = [line for line in derivation_of("ramp/terminal-error-every-T-N-m") if line.startswith("closed form of the N-step map")]
    at = sympy.Matrix(plain(line.terms[-1])).subs({sympy.Symbol("T"): 3, sympy.Symbol("N"): 4})
    assert at.tolist() == [[sympy.Rational(v.numerator, v.denominator) for v in row] for row in power]
    latex = bundled_explain(run_cli, "ramp/terminal-error-every-T-N-m", "--latex")
    assert_parses(latex)
    assert r"\text{closed form of the N-step map } w \mapsto A ^{N} \, w :\quad A ^{N} = \begin{pmatrix}" in latex
    one_step, n_steps = environments(latex, "pmatrix")
    assert cells(one_step) == [["1", "0", r"\frac{T}{N}"], [r"\frac{T}{N}", "1", "0"], ["0", "0", "1"]]
    assert cells(n_steps)[1] == ["T", "1", r"\frac{T^{2} \left(N - 1\right)}{2 N}"]


def test_a_sampled_forall_shows_the_closed_form_it_evaluates_and_its_worst_instance(run_cli):
    """Rosenbrock-Euler on y' = -y^2 from Y with stage matrix 1 - gamma h Jt instead of 1 + 2 gamma h Y: the steps differ by
    h Y^2 |1/(1 + 2 gamma h Y) - 1/(1 - gamma h Jt)|, and the bound is gamma h^2 kappa0 kappa1 delta Y^2 with kappa0 =
    1/(1 + 2 gamma h Y), kappa1 = 1/(1 - gamma h Jt), delta = |Jt + 2Y| (by hand).  At the worst instance Y = 1, h = 1/4,
    gamma = 1, Jt = -3/2 both are 1/66 (Fraction below): the bound is attained, margin 0."""
    from fractions import Fraction as F

    import sympy

    Y, h, gamma, Jt = F(1), F(1, 4), F(1), F(-3, 2)
    kappa0, kappa1, delta = 1 / (1 + 2 * gamma * h * Y), 1 / (1 - gamma * h * Jt), abs(Jt + 2 * Y)
    defect, bound = h * Y**2 * abs(kappa0 - kappa1), gamma * h**2 * kappa0 * kappa1 * delta * Y**2
    assert defect == bound == F(1, 66)
    output = bundled_explain(run_cli, "rosenbrock/jacobian-defect-F2")
    assert "each instance is evaluated exactly on the closed form of the run:" in output
    assert (f"worst instance Y = {Y}, h = {h}, gamma = {gamma}, Jt = {Jt}: abs(y - Phi_J) = {defect} <= {bound} = "
            "gamma*h**2*kappa0*kappa1*delta*Y**2, relative margin 0") in output
    lines = derivation_of("rosenbrock/jacobian-defect-F2")
    [quantity] = [line.assignments[0][1] for line in lines if line.startswith("  abs(y - Phi_J) = ")]
    [bounded] = [line.assignments[0][1] for line in lines if line.startswith("  gamma*h**2*kappa0*kappa1*delta*Y**2 = ")]
    s = {name: sympy.Symbol(name) for name in ("Y", "h", "gamma", "Jt")}
    by_hand = s["h"] * s["Y"]**2 * (1 / (1 + 2 * s["gamma"] * s["h"] * s["Y"]) - 1 / (1 - s["gamma"] * s["h"] * s["Jt"]))
    assert sympy.cancel(plain(quantity).args[0] ** 2 - by_hand**2) == 0  # rational functions (Abs a generator): cancel
    kappa = 1 / ((1 + 2 * s["gamma"] * s["h"] * s["Y"]) * (1 - s["gamma"] * s["h"] * s["Jt"]))  # decides zero exactly
    assert sympy.cancel(plain(bounded) - s["gamma"] * s["h"]**2 * kappa * sympy.Abs(s["Jt"] + 2 * s["Y"]) * s["Y"]**2) == 0
    latex = bundled_explain(run_cli, "rosenbrock/jacobian-defect-F2", "--latex")
    assert_parses(latex)
    assert (r"\text{worst instance } Y = 1 ,\  h = \frac{1}{4} ,\  \gamma = 1 ,\  \mathrm{Jt} = - \frac{3}{2} :\quad \mathrm{abs} ( y - "
            r"{\Phi}_{J} ) = \frac{1}{66} \leq \frac{1}{66} = \gamma \, h ^{2} \, \kappa_{0} \, \kappa_{1} \, \delta \, Y ^{2} ;\quad "
            r"\text{ relative margin } = 0") in latex


def test_structured_lines_survive_pickling_and_the_result_cache_and_bad_data_is_text():
    """Sympy rebuilds a pickled R >= 0 as True; a Line passes its mathematics as JSON trees (pickle between processes, the
    result cache) and reads them back unevaluated; a tree with a name that is not an identifier, or a class not on the
    list, is shown as the text."""
    import json
    import pickle

    import sympy

    from verify.outcome import Formula, Line, line_data, stored_line
    from verify.report.html import _derivation_line
    from verify.report.latex import row

    R, x = sympy.Symbol("R"), sympy.Symbol("x")
    line = Line("decided: R >= 0 for R in Interval(1, oo)", "decided",
                terms=[sympy.Ge(R, 0, evaluate=False), "for", sympy.Contains(R, sympy.Interval(1, sympy.oo), evaluate=False), "≈",
                       sympy.Float("2.785294", 7), sympy.CRootOf(x**3 + 2 * x**2 + 3 * x + 3, 0), sympy.ImmutableMatrix([[R, -1], [-1, 1]]),
                       Formula("C_E*h**2"), sympy.Tuple(sympy.Rational(1, 3), 7)])
    typeset = row(line)
    assert r"R \geq 0 \text{ for } R \in \left[1, \infty\right) \approx 2.785294" in typeset
    for copy in (pickle.loads(pickle.dumps(line)), stored_line(json.loads(json.dumps(line_data(line))))):
        assert copy == line and row(copy) == typeset and _derivation_line(copy) == _derivation_line(line)
    hostile = line_data(Line("x = 1", terms=[sympy.Symbol("x")]))
    hostile["math"]["terms"] = [["Symbol", "}\\input{x}"]]
    assert row(stored_line(hostile)) == r"x &= 1"  # read back from the text instead
    hostile["math"]["terms"] = [["eval", ["Integer", "1"]]]
    assert row(stored_line(hostile)) == r"x &= 1"


def test_the_html_report_shows_decided_sets_as_mathml_run_or_replayed_from_the_cache(run_cli, tmp_path):
    """The same page whether the claim was checked or its verdict reused: the set of a decided inequality as MathML."""
    (tmp_path / "c.toml").write_text('[[claim]]\nid = "euler"\nstatement = "s"\ncheck = "forall"\ndomains = { z = "real" }\n'
                                     'lhs = "abs(1 + z)"\nop = "<="\nrhs = 1\nexactly_when = "-2 <= z <= 0"\n', encoding="utf-8")
    first = run_cli("run", "c.toml", "--format", "html").stdout
    replayed = run_cli("run", "c.toml", "--format", "html")
    assert "reused 1 of 1 verdicts" in replayed.stderr
    again = replayed.stdout
    derivation = first[first.index("<details>"):first.index("</details>")]
    assert derivation == again[again.index("<details>"):again.index("</details>")]
    assert ("decided: <math><mrow><mrow><mi>z</mi><mo>+</mo><mn>1</mn></mrow><mo>&#x2264;</mo><mn>1</mn></mrow></math> for "
            "<math><mrow><mi>z</mi><mo>&#x2208;</mo>") in derivation


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no TeX engine (Debian: apt-get install texlive-latex-base)")
def test_the_derivations_of_every_bundled_forall_sign_and_stability_claim_compile_as_one_document(tmp_path, bundled_results):
    """The kinds whose reasoning lines are typeset from their objects (sets, Gram matrices, closed forms, approximate
    values): one standalone document of all their derivations, as `verify explain --latex` writes each, compiles.  The
    derivations are those of the session's one bundled run (conftest.bundled_results): they crossed the worker
    processes as the whitelisted JSON tree of each Line, as `verify run --jobs 2` receives them."""
    from verify.report import latex
    from verify.report.shared import summarised, unlimited_int_digits

    fragments = []
    with unlimited_int_digits():
        for result in bundled_results:
            if result.claim.check in ("forall", "sign", "stability"):
                outcome = result.outcome
                fragments.append(latex.fragment(result.claim, summarised(outcome.derivation, 40), outcome))
    assert len(fragments) > 70
    document = latex.standalone(fragments)
    assert_parses(document)
    (tmp_path / "all.tex").write_text(document, encoding="utf-8")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "all.tex"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:]


def test_stability_lines_typeset_the_tableau_the_formula_for_r_and_the_amplification_matrix(run_cli):
    """RK4's tableau (Butcher: A with 1/2, 1/2, 1 below the diagonal, b = (1/6, 1/3, 1/3, 1/6), c = (0, 1/2, 1/2, 1)) as
    a pmatrix and two tuples, R(z) = det(I - zA + z e b^T)/det(I - zA) as written; Jacobi co-simulation with constant
    extrapolation steps (s, v) by M = [[1, H], [-H c/m, 1]] (each side integrates a constant input exactly), so trace 2
    and determinant 1 + H^2 c/m (by hand)."""
    import sympy

    half = sympy.Rational(1, 2)
    A = sympy.Matrix([[0, 0, 0, 0], [half, 0, 0, 0], [0, half, 0, 0], [0, 0, 1, 0]])
    b, c = [sympy.Rational(1, 6), sympy.Rational(1, 3), sympy.Rational(1, 3), sympy.Rational(1, 6)], [0, half, half, 1]
    [tableau] = [line for line in derivation_of("stability/rk4") if line.startswith("tableau of rk4")]
    assert tableau.assignments == [("A", A), ("b", sympy.Tuple(*b)), ("c", sympy.Tuple(*c))]
    latex = bundled_explain(run_cli, "stability/rk4", "--latex")
    assert_parses(latex)
    [matrix] = environments(latex, "pmatrix")
    assert cells(matrix) == [["0"] * 4, [r"\frac{1}{2}"] + ["0"] * 3, ["0", r"\frac{1}{2}", "0", "0"], ["0", "0", "1", "0"]]
    assert (r"R ( z ) &= 1 + z \, b ^{T} \, ( I - z \, A ) ^{- 1} \, e = \mathrm{det} ( I - z \, A + z \, e \, b ^{T} ) / "
            r"\mathrm{det} ( I - z \, A ) \\") in latex
    H, cc, m = sympy.symbols("H c m")
    M = sympy.Matrix([[1, H], [-H * cc / m, 1]])
    [trace] = [line for line in derivation_of("cosim/jacobi-constant/never-stable") if line.startswith("trace")]
    assert plain(trace.terms[1]) == M.trace() and sympy.simplify(plain(trace.terms[4]) - M.det()) == 0
    latex = bundled_explain(run_cli, "cosim/jacobi-constant/never-stable", "--latex")
    assert_parses(latex)
    assert r"& \text{trace } 2 ,\  \text{ determinant } \frac{H^{2} c + m}{m} \\" in latex


def test_a_certified_run_shows_each_stage_formula_with_its_enclosures(run_cli):
    """Schaum's RK4 table on y' = y^2 + 1 leaves the exact route at step 5 and runs in intervals: each stage line
    still shows its formula with the enclosures substituted (k2 = f(t + h/2, y + h/2 k1) = f(1/20, 0 + 1/20*1) =
    1 + (1/20)^2 = 1.0025, by Fraction), so the interval values are not a bare dump."""
    from fractions import Fraction

    from conftest import ROOT

    h, k1 = Fraction(1, 10), Fraction(1)
    k2 = 1 + (h / 2 * k1) ** 2
    assert k2 == Fraction("1.0025")
    output = run_cli("explain", "schaum/table-19-5-rk4-all-ten-steps", str(ROOT / "claims"), "--all").output
    assert "route: certified interval run at 128 bits" in output
    # the enclosures written outward (1/20 is not a binary fraction: its ball is not a point; review of 2026-12-05)
    assert ("step 1 · stage 2: k2 = f(t + 1/2*h, y + h*1/2*k1) = f(1/20, [0.049999999999999999999, 0.050000000000000000001]) = "
            "[1.0024999999999999999, 1.0025000000000000001]") in output
    assert ("step 1: y = y + h*(1/6*k1 + 1/3*k2 + 1/3*k3 + 1/6*k4) = [0.0, 0.0] + 1/10*(1/6*[1.0, 1.0] + "
            "1/3*[1.0024999999999999999, 1.0025000000000000001]") in output
