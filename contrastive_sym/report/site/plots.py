"""Drawing the figures of :mod:`.figures` with matplotlib (imported only when used).

SVG for the HTML page (inlined), PDF for the LaTeX report.  The output is made
deterministic: no dates in the metadata, and SVG ids salted by the figure id.
"""
from __future__ import annotations

import io
import math
from pathlib import Path

from ...check.figures import FigureData

_COLOURS = ("#1f5fa8", "#d1495b", "#2a9d8f")
_STYLES = ("-", "--", ":")


def _figure(data: FigureData):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6.4, 3.0), dpi=100)
    for n, series in enumerate(data.series):
        ax.plot(series.x, series.y, _STYLES[n % 3], color=_COLOURS[n % 3], linewidth=1.6, label=series.label)
    if data.x_log:
        ax.set_xscale("log")
    values = sorted(abs(y) for s in data.series for y in s.y)
    if values and values[-1] > 100 and values[-1] > 1e3 * (values[len(values) // 2] + 1e-12):
        # A diverging side: a symmetric log scale keeps the finite one visible.
        ax.set_yscale("symlog", linthresh=max(values[len(values) // 2], 1e-6))
    if data.marker is not None and math.isfinite(data.marker):
        ax.axvline(data.marker, color="#555555", linestyle=":", linewidth=1, label="witness")
    ax.set_xlabel(data.x_label)
    ax.set_ylabel(data.y_label)
    ax.grid(True, alpha=0.3)
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    return plt, fig


def svg(data: FigureData) -> str:
    """The figure as an SVG element (no XML prologue), for inlining."""
    import matplotlib
    plt, fig = _figure(data)
    with matplotlib.rc_context({"svg.hashsalt": data.id, "svg.fonttype": "none"}):
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def pdf(data: FigureData, path: Path) -> None:
    plt, fig = _figure(data)
    fig.savefig(path, format="pdf", metadata={"CreationDate": None, "ModDate": None})
    plt.close(fig)
