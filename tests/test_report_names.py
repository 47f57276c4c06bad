r"""Names from the documents, written in LaTeX, as the reports show them: a witness's variables as their
symbols print in the HTML table (``\mathbf{z}_{1,1}`` as 𝐳_{1,1}; the PDF typesets them),
and a defined name with markup typeset in the PDF (``\mathcal{L}_{\text{CLIP}}``), a plain word as written."""
from __future__ import annotations

from pathlib import Path

import pytest

from contrastive_sym.pipeline import verify
from contrastive_sym.report.data import report_data
from contrastive_sym.report.site import html, latex, latex_view

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def ntxent():
    run = verify([str(ROOT / "derivations" / "d002_ntxent_explainer.toml")], only="gradient-formula")
    return report_data(run)


def test_the_html_witness_names_the_symbols(ntxent):
    page = html.render(ntxent)
    assert "𝐳_{1,1}" in page
    assert "\\mathbf{z}_{1,1}</" not in page and "\\mathbf{z}_{1,1} =" not in page


@pytest.mark.parametrize("name, shown", [
    (r"\mathcal{L}_{\text{CLIP}}", r"$\mathcal{L}_{\text{CLIP}}$"),
    ("LSE", r"\texttt{LSE}"),
])
def test_a_defined_name_is_typeset_when_it_has_markup(name, shown):
    assert latex_view.definition_name(name) == shown
