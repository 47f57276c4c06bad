"""Drawing the figures (:class:`~contrastive_sym.model.figures.FigureData`) with matplotlib (imported only when used).

SVG for the HTML page (inlined), PDF for the LaTeX report, under the file name
:func:`file_name` makes of the figure's (untrusted) id.  The output is made
deterministic: no dates in the metadata, and SVG ids salted by the figure id.
"""
from __future__ import annotations

import hashlib
import io
import math
import re
from pathlib import Path

from ...model.figures import FigureData

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


# A figure id that is already a plain file name is kept as it is (the bundled ones are).
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,119}")


def file_name(fig_id: str) -> str:
    """The one way a figure id (made of document and claim ids, so untrusted) becomes
    a file name: the id itself when it is a plain name (letters, digits, ``._-``, not
    starting with a dot, no ``..``), else a slug of it and a hash of the whole id.
    The result never holds a ``/``, never starts with a dot and is at most 120
    characters; ``.pdf`` is appended by the caller.

    >>> file_name("000-limit-tau-0")
    '000-limit-tau-0'
    >>> file_name("../../../x-c1")
    'x-c1-e33ec6095ce5'
    """
    fig_id = str(fig_id)
    if _PLAIN_NAME.fullmatch(fig_id) and ".." not in fig_id:
        return fig_id
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", fig_id).strip("-_")[:60] or "figure"
    digest = hashlib.sha256(fig_id.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return f"{slug}-{digest}"
