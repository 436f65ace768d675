"""Pictures for energy and convergence claims (``verify run --plots``), drawn with matplotlib.

A check that can draw leaves data in ``Outcome.figure`` (only when
the run's ``verify.checks.common.Context`` has ``figures``, set by ``--plots``):

* ``kind = "energy"``: ``curves`` [(label, times, ratios)], ``ylabel``: the
  functional over its initial value against time, one curve per scheme;
* ``kind = "order"``: ``h``, ``errors``, ``slope``, ``claimed`` (and ``series``: the constant and power of a
  proved one-step defect, drawn as |C| h^q): log error
  against log step with the fitted least-squares slope.

Each picture is an SVG file next to the report, named after the report and
the claim id; matplotlib is an optional extra (``pip install
verify-timeint[plots]``).
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
    return re.sub(r"[^A-Za-z0-9._-]+", "-", claim_id).strip("-")


def write_figures(results, directory: Path, stem: str) -> list[Path]:
    """Draw every result's figure as ``directory/stem.<claim id>.svg``; set ``result.figure_path``; return the paths."""
    wanted = [r for r in results if r.outcome.figure]
    if not wanted:
        return []
    plt = _pyplot()
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for result in wanted:
        figure = result.outcome.figure
        path = directory / f"{stem}.{slug(result.claim.id)}.svg"
        fig, ax = plt.subplots(figsize=(7, 4.2))
        if figure["kind"] == "energy":
            _energy(ax, figure)
        else:
            _order(ax, figure)
        ax.set_title(_shortened(result.claim.id + ": " + result.outcome.status), fontsize=9)
        fig.tight_layout()
        fig.savefig(path, format="svg")
        plt.close(fig)
        result.figure_path = str(path)
        paths.append(path)
    return paths


def _shortened(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _energy(ax, figure):
    values = [v for _, _, ratios in figure["curves"] for v in ratios if v > 0]
    for label, times, ratios in figure["curves"]:
        ax.plot(times, ratios, label=label, linewidth=1)
    if values and max(values) / min(values) > 100:
        ax.set_yscale("log")
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
    ax.legend(fontsize=8)
    ax.grid(True, which="both", alpha=0.3)
