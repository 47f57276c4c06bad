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
    ("x_m", r"$x_{m}$"),
    # a script of several letters without braces is a name's word: TeX would set I^K_I nfoNCE
    ("I^K_InfoNCE", r"\texttt{I\textasciicircum{}K\_InfoNCE}"),
    ("L_i^(k)", r"\texttt{L\_i\textasciicircum{}(k)}"),
    (r"\mathcal{L}_{in,i}^{sup}", r"$\mathcal{L}_{in,i}^{sup}$"),
])
def test_a_defined_name_is_typeset_when_it_has_markup(name, shown):
    assert latex_view.definition_name(name) == shown


@pytest.mark.parametrize("title, shown", [
    # a name in LaTeX inside a title: typeset in the heading, as written in the PDF's bookmark
    (r"the chain written in the definition of \text{logits} at line 255",
     r"the chain written in the definition of \texorpdfstring{$\text{logits}$}{\textbackslash{}text\{logits\}} "
     r"at line 255"),
    ("no names here, 50% & _x", r"no names here, 50\% \& \_x"),
    # what the math allowlist refuses stays text
    (r"\input{/etc/passwd} then", r"\textbackslash{}input\{/etc/passwd\} then"),
])
def test_a_title_typesets_the_names_written_in_latex(title, shown):
    assert latex_view.prose_with_names(title, latex_view.TITLE_LIMIT) == shown


def test_titles_name_the_symbols_in_html_and_on_the_terminal(capsys):
    from contrastive_sym.cli import main
    derivation = str(ROOT / "derivations" / "families" / "d006_clip_symmetric_loss_note.toml")
    data = report_data(verify([derivation], only="\\text{logits}-chain"))
    page = html.render(data)
    assert "the chain written in the definition of logits at line 255" in page
    assert "definition of \\text{logits}" not in page
    assert main([derivation, "--only", "\\text{logits}-chain", "--color", "never"]) == 0
    assert "the chain written in the definition of logits at line 255" in capsys.readouterr().out
