"""``contrastive-verify report``: all files or none, figures for limits and refutations."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import contrastive_sym as cv
from contrastive_sym.report.site import build

SMALL = Path(__file__).parent / "data" / "small_derivation.py"


@pytest.fixture(scope="module")
def run():
    return cv.verify([str(SMALL)], figures=True)


def test_figures_for_limits_and_refuted_steps(run):
    items = dict(run.documents[0].figures)
    assert set(items) == {"forms/2", "limit"}
    limit = items["limit"]
    assert limit.x_log and len(limit.series) == 2 and len(limit.series[0].x) > 10
    step = items["forms/2"]
    assert step.marker is not None     # the witness is marked on the segment


def test_a_failed_rendering_leaves_nothing_behind(run, tmp_path, monkeypatch):
    out = tmp_path / "reports"
    out.mkdir()
    (out / "index.html").write_text("old report")

    def broken(data):
        raise RuntimeError("template exploded")
    html = pytest.importorskip("contrastive_sym.report.site.html")
    monkeypatch.setattr(html, "render", broken)
    with pytest.raises(build.ReportError, match="template exploded"):
        build.write_report(run, out, pdf=False)
    assert (out / "index.html").read_text() == "old report"
    assert sorted(p.name for p in out.iterdir()) == ["index.html"]


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not on PATH")
def test_report_writes_html_tex_pdf_and_figures(run, tmp_path):
    pytest.importorskip("contrastive_sym.report.site.html")
    pytest.importorskip("contrastive_sym.report.site.latex")
    written = build.write_report(run, tmp_path / "out")
    names = {p.name for p in written}
    assert names == {"figures", "index.html", "report.tex", "report.pdf"}
    assert (tmp_path / "out" / "report.pdf").read_bytes().startswith(b"%PDF")
    assert len(list((tmp_path / "out" / "figures").glob("*.pdf"))) == 2
    page = (tmp_path / "out" / "index.html").read_text()
    assert "<svg" in page
