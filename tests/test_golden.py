"""Golden files for the HTML, LaTeX and JUnit reports of a small derivation.

Versions, timings and the drawn figures (which depend on the matplotlib version) are
masked in the data before rendering.  After an intended change of the output,
regenerate them with:

    python3 -m pytest tests/test_golden.py --update-golden
"""
from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

import contrastive_sym as cv
from contrastive_sym.report import ci
from contrastive_sym.report.data import report_data
from contrastive_sym.report.records import ReportData

GOLDEN = Path(__file__).parent / "golden"
SMALL = Path(__file__).parent / "data" / "small_derivation.py"


@pytest.fixture(scope="module")
def masked_data():
    run = cv.verify([str(SMALL)])
    data = report_data(run).to_json()
    return ReportData.from_json(mask(data))


def mask(data: dict) -> dict:
    data = copy.deepcopy(data)
    data["tool"]["version"] = "VERSION"
    data["environment"] = {k: "VERSION" for k in data["environment"]}
    data["seconds"] = 0.0
    for doc in data["documents"]:
        doc["seconds"] = 0.0
        doc["derivation"] = "small_derivation.py"
        for claim in doc["claims"]:
            claim["seconds"] = 0.0
    data["figures"] = {"F1": {"caption": "a masked figure", "svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
                              "pdf": None}}
    data["documents"][0]["claims"][0]["figure"] = "F1"
    return data


def _scrub(text: str) -> str:
    return re.sub(r"\d+\.\d+ ?s\b", "T s", text)


def check_golden(name: str, text: str, request) -> None:
    path = GOLDEN / name
    text = _scrub(text)
    if request.config.getoption("--update-golden") or not path.exists():
        if not request.config.getoption("--update-golden"):
            pytest.fail(f"{path} is missing: run python3 -m pytest tests/test_golden.py --update-golden")
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{name} differs from its golden file; if intended, rerun with --update-golden"


def test_junit_golden(masked_data, request):
    check_golden("small.junit.xml", ci.junit(masked_data), request)


def test_html_golden(masked_data, request):
    html = pytest.importorskip("contrastive_sym.report.site.html")
    check_golden("small.html", html.render(masked_data), request)


def test_latex_golden(masked_data, request):
    latex = pytest.importorskip("contrastive_sym.report.site.latex")
    check_golden("small.tex", latex.render(masked_data), request)
