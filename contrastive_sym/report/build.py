"""``contrastive-verify report``: the HTML page, the LaTeX source, its PDF and the figures.

Everything is written into a staging directory first and moved into place only when
all of it rendered: a failed rendering leaves no half-written report behind.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ..errors import ContrastiveVerifyError, ReportError, UsageError
from ..results import RunResult
from . import figures, plots
from .data import report_data


def _attach_figures(data: dict, run: RunResult, directory: Path) -> None:
    """Draw every figure (SVG for HTML, PDF for LaTeX) and point the items at them."""
    for doc_data, (doc_id, items) in zip(data["documents"], figures.all_figures(run).items()):
        claims = {c["id"]: c for c in doc_data["claims"]}
        for key, fig in items:
            pdf = directory / "figures" / f"{fig.id}.pdf"
            plots.pdf(fig, pdf)
            data["figures"][fig.id] = {"caption": fig.caption, "svg": plots.svg(fig),
                                       "pdf": f"figures/{fig.id}.pdf"}
            claim_id, _, index = key.partition("/")
            claim = claims[claim_id]
            if index:
                next(s for s in claim["steps"] if s["index"] == int(index))["figure"] = fig.id
            else:
                claim["figure"] = fig.id


def _render(data: dict, staging: Path, pdf: bool) -> list[str]:
    from . import html, latex
    (staging / "index.html").write_text(html.render(data), encoding="utf-8")
    (staging / "report.tex").write_text(latex.render(data), encoding="utf-8")
    names = ["index.html", "report.tex"]
    if pdf:
        latex.compile_pdf(staging / "report.tex")
        names.append("report.pdf")
    return names


def write_report(run: RunResult, out_dir: Path, pdf: bool | None = None) -> list[Path]:
    """Write the report into ``out_dir``; returns the files written."""
    if out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"{out_dir}: exists and is not a directory")
    out_dir.mkdir(parents=True, exist_ok=True)
    pdf = shutil.which("pdflatex") is not None if pdf is None else pdf
    staging = Path(tempfile.mkdtemp(dir=out_dir, prefix=".staging-"))
    try:
        (staging / "figures").mkdir()
        data = report_data(run)
        _attach_figures(data, run, staging)
        try:
            names = _render(data, staging, pdf)
        except ContrastiveVerifyError:
            raise
        except Exception as exc:
            raise ReportError(f"rendering the report failed: {type(exc).__name__}: {exc}") from exc
        # Everything rendered: move it into place.
        written = []
        target_figures = out_dir / "figures"
        if target_figures.exists():
            shutil.rmtree(target_figures)
        os.replace(staging / "figures", target_figures)
        written.append(target_figures)
        for name in names:
            os.replace(staging / name, out_dir / name)
            written.append(out_dir / name)
        if not pdf and (out_dir / "report.pdf").exists():
            (out_dir / "report.pdf").unlink()   # an old PDF would not match the new report
        return written
    finally:
        shutil.rmtree(staging, ignore_errors=True)
