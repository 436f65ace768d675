"""Pictures for energy and convergence claims (``verify run --plots``), drawn with matplotlib.

A check that can draw leaves data in ``Outcome.figure`` (only when
the run's ``verify.checks.common.Context`` has ``figures``, set by ``--plots``):

* ``kind = "energy"``: ``curves`` [(label, times, ratios)], ``ylabel``: the
  functional over its initial value against time, one curve per scheme;
* ``kind = "order"``: ``h``, ``errors``, ``slope``, ``claimed`` (and ``series``: the constant and power of a
  proved one-step defect, drawn as |C| h^q): log error
  against log step with the fitted least-squares slope and the claimed slope, every step size labelled;
* ``kind = "energy"`` also ``bounds`` [(ratio, OP, value)]: the claimed bounds as lines, and the points of the
  first curve that break one marked;
* ``kind = "region"``: ``computed`` (and ``claimed``) R(z) as (numerator, denominator) coefficients: the stability
  region |R(z)| <= 1 of a one-step method shaded in the complex plane, its boundary, a claimed R's boundary dashed;
* ``kind = "locus"``: a multistep method's ``alpha``, ``beta`` (and a claimed real ``interval``): the boundary locus
  rho(e^{i theta}) / sigma(e^{i theta}) and the claimed interval on the real axis.

Each picture is an SVG or PNG file named after the claim id in one folder (``--plots-dir``; by default
``<report>-plots/`` beside a report written with ``-o``, else ``verify-plots/``), never loose in the working
directory; matplotlib is an optional extra (``pip install verify-timeint[plots]``).
"""
from __future__ import annotations

import re
from pathlib import Path


class FiguresUnavailable(RuntimeError):
    """matplotlib is not installed."""


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise FiguresUnavailable("pictures need matplotlib: pip install 'verify-timeint[plots]'") from exc
    return plt


def slug(claim_id: str) -> str:
    """A file name for the claim's picture: its id's safe characters (at most 80) and a short hash of the whole id, so
    that ids differing only in unsafe characters (a/b, a b, a-b) never share a file."""
    import hashlib

    readable = re.sub(r"[^A-Za-z0-9_-]+", "-", claim_id).strip("-")[:80] or "claim"
    return f"{readable}-{hashlib.sha256(claim_id.encode()).hexdigest()[:8]}"


FORMATS = ("svg", "png")


def write_figures(results, directory: Path, image_format: str = "svg", failures: list | None = None) -> list[Path]:
    """Draw every result's figure as ``directory/<slug of the claim id>.<format>``; set ``result.figure_path``; return
    the paths.  A picture that cannot be drawn is left out and named in ``failures``."""
    failures = [] if failures is None else failures
    wanted = [r for r in results if r.outcome.figure]
    if not wanted:
        return []
    plt = _pyplot()
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for result in wanted:
        figure = result.outcome.figure
        path = directory / f"{slug(result.claim.id)}.{image_format}"
        square = figure["kind"] in ("region", "locus")
        fig, ax = plt.subplots(figsize=(6, 5.2) if square else (7, 4.2))
        try:
            {"energy": _energy, "order": _order, "region": _region, "locus": _locus}[figure["kind"]](ax, figure)
            # the id is the claim file's text: shown as it is, never read as matplotlib's $...$ mathematics
            ax.set_title(_shortened(result.claim.id + ": " + result.outcome.status), fontsize=9, parse_math=False)
            fig.tight_layout()
            fig.savefig(path, format=image_format, dpi=120)
        except (ValueError, OSError, RuntimeError, OverflowError) as exc:  # one picture that cannot be drawn is not the run's end
            failures.append(f"{result.claim.id}: {type(exc).__name__}: {' '.join(str(exc).split())[:200]}")
            continue
        finally:
            plt.close(fig)
        result.figure_path = str(path)
        paths.append(path)
    return paths


def _shortened(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _broken(name: str, ratios: list, op: str, bound: float) -> list[int]:
    """The points of a run that break a claimed bound on its ratios: any point for max_ratio and min_ratio, the last
    one for final_ratio (for the picture only: the check decided the claim exactly)."""
    from verify.checks.comparisons import OPERATORS

    points = range(len(ratios)) if name in ("max_ratio", "min_ratio") else range(len(ratios) - 1, len(ratios)) if name == "final_ratio" else ()
    return [i for i in points if not OPERATORS[op](ratios[i], bound)]


def _energy(ax, figure):
    values = [v for _, _, ratios in figure["curves"] for v in ratios if v > 0]
    for label, times, ratios in figure["curves"]:
        ax.plot(times, ratios, label=label, linewidth=1)
    if values and max(values) / min(values) > 100:
        ax.set_yscale("log")
    _, times, ratios = figure["curves"][0]
    for name, op, bound in figure.get("bounds", ()):
        ax.axhline(bound, color="black", linestyle="--", linewidth=0.8, label=f"claimed {name} {op} {bound:g}")
        broken = _broken(name, ratios, op, bound)
        if broken:
            ax.plot([times[i] for i in broken], [ratios[i] for i in broken], "x", color="red", markersize=4,
                    label=f"{name} {op} {bound:g} fails here")
    ax.set_xlabel("t")
    ax.set_ylabel(figure["ylabel"])
    ax.legend(fontsize=7)
    ax.grid(True, alpha=0.3)


def _order(ax, figure):
    h, errors = figure["h"], figure["errors"]
    ax.loglog(h, errors, "o-", label=f"error (fitted slope {figure['slope']:.3f})")
    claimed = figure["claimed"]
    reference = [errors[-1] * (x / h[-1]) ** claimed for x in h]
    ax.loglog(h, reference, "--", label=f"slope {claimed:g} (claimed)")
    if figure.get("series"):  # a series proof beside the observed errors: |C(y0)| h^q
        constant, power = figure["series"]["constant"], figure["series"]["power"]
        ax.loglog(h, [constant * x**power for x in h], ":", label=f"series |C| h^{power}, |C| = {constant:.3g}")
    ax.set_xlabel(figure.get("xlabel", "step"))
    ax.set_ylabel("error at t_end")
    ax.set_xticks(h)  # every step size of the claim, labelled
    ax.set_xticklabels([f"{x:.3g}" for x in h], fontsize=7, rotation=45)
    ax.minorticks_off()
    ax.legend(fontsize=8)
    ax.grid(True, which="both", alpha=0.3)


def _modulus(coefficients, z):
    import numpy

    numerator, denominator = (numpy.array(c, dtype=complex) for c in coefficients)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        return numpy.abs(numpy.polyval(numerator, z) / numpy.polyval(denominator, z))


def _region(ax, figure):
    import numpy

    x, y = numpy.meshgrid(numpy.linspace(-6, 3, 451), numpy.linspace(-4.5, 4.5, 451))
    modulus = _modulus(figure["computed"], x + 1j * y)
    ax.contourf(x, y, modulus, levels=[0, 1], colors=["#9ecae1"])
    ax.contour(x, y, modulus, levels=[1], colors=["#08519c"], linewidths=1.2)
    handles = [_patch("#9ecae1", f"|R(z)| <= 1 ({figure['method']})")]
    if "claimed" in figure:
        ax.contour(x, y, _modulus(figure["claimed"], x + 1j * y), levels=[1], colors=["#a50f15"], linestyles="--", linewidths=1.2)
        handles.append(_line("#a50f15", "--", "|R(z)| = 1 for the claimed R(z)"))
    _axes(ax, handles)


def _locus(ax, figure):
    import numpy

    theta = numpy.linspace(0, 2 * numpy.pi, 2001)
    zeta = numpy.exp(1j * theta)
    rho, sigma = (numpy.polyval(list(reversed(c)), zeta) for c in (figure["alpha"], figure["beta"]))
    with numpy.errstate(divide="ignore", invalid="ignore"):
        locus = rho / sigma
    ax.plot(locus.real, locus.imag, color="#08519c", linewidth=1.2)
    handles = [_line("#08519c", "-", "boundary locus rho/sigma on |zeta| = 1")]
    finite = locus[numpy.isfinite(locus)]
    finite = finite[numpy.abs(finite) < 50]  # a pole of rho/sigma on the circle: the locus runs off, the window does not
    low, high = (min(finite.real.min(), -1), max(finite.real.max(), 0.5)) if finite.size else (-6, 3)
    tall = max(finite.imag.max(), 1) if finite.size else 4.5
    if "interval" in figure:
        a, b = figure["interval"]
        a, b = max(a, low - 1), min(b, high + 1)
        low, high = min(low, a), max(high, b)
        ax.plot([a, b], [0, 0], color="#a50f15", linewidth=4, alpha=0.7)
        handles.append(_line("#a50f15", "-", f"claimed real interval [{figure['interval'][0]:g}, {figure['interval'][1]:g}]"))
    pad = 0.15 * (high - low)
    ax.set_xlim(low - pad, high + pad)
    ax.set_ylim(-1.2 * tall, 1.2 * tall)
    _axes(ax, handles)


def _axes(ax, handles):
    ax.axhline(0, color="gray", linewidth=0.5)
    ax.axvline(0, color="gray", linewidth=0.5)
    ax.set_xlabel("Re z")
    ax.set_ylabel("Im z")
    ax.set_aspect("equal")
    ax.legend(handles=handles, fontsize=7, loc="upper left")
    ax.grid(True, alpha=0.3)


def _patch(colour, label):
    from matplotlib.patches import Patch

    return Patch(color=colour, label=label)


def _line(colour, style, label):
    from matplotlib.lines import Line2D

    return Line2D([0], [0], color=colour, linestyle=style, label=label)
