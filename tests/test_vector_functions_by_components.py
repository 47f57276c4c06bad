r"""A vector function defined by its components as documents write it: ``\sigma(\mathbf{z})_j =
\frac{e^{z_j}}{\sum_{k=1}^K e^{z_k}} \text{ for } j = 1, \ldots, K``.

* the head ``\sigma(\mathbf{z})_j`` is the component j of σ's value, the name ``\sigma_j`` of
  ``\mathbf{z}`` ("the left side of a definition must be a name"), and a use ``\sigma(\cdot)_j``
  reads it at any vector;
* ``z_j`` in italic beside the declared bold vector ``\mathbf{z}`` (and no plain z) is its entry
  (the convention of bold vectors and italic components; a reading says so);
* ``\text{ for } j = 1, \ldots, K`` ends a row as ``, j = 1, \ldots, K`` does;
* ``\sigma`` alone, whose entries only are defined, is refused saying so."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict, the_only_claim, with_claim

NOTATION = r"""
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'K'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'j'
to = 'K'

[[family]]
name = '\mathbf{z}'
shape = ['K']

[[scalar]]
name = 'c'

[[scalar]]
name = 'T'
domain = "positive"

[[define]]
name = '\sigma'
line = 2
latex = '''\sigma(\mathbf{z})_j=\frac{e^{z_j}}{\sum_{k=1}^K e^{z_k}} \text { for } j=1, \ldots, K'''
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\sigma(\mathbf{z})_j = \frac{e^{z_j}}{\sum_{k=1}^{K} e^{z_k}}", "proved"),
    (r"\sigma(\frac{\mathbf{z}}{T})_j = \frac{e^{z_j/T}}{\sum_{k=1}^{K} e^{z_k/T}}", "proved"),
    (r"\sum_{j=1}^{K} \sigma(\mathbf{z})_j = 1", "proved"),
    (r"\sigma(\mathbf{z})_j = e^{z_j}", "refuted"),
    (r"\sigma(2 \mathbf{z})_j = \sigma(\mathbf{z})_j", "refuted"),
])
def test_a_function_defined_by_its_components(latex, verdict):
    assert claim_verdict(NOTATION, latex) in ((verdict, "confirmed") if verdict == "proved" else (verdict,))


def test_italic_components_of_a_bold_vector_are_said():
    claim = the_only_claim(with_claim(NOTATION, r"z_1 + z_1 = 2 z_1"))
    assert claim.outcome.verdict.value == "proved"
    assert r"is an entry of \mathbf{z} (italic components of a bold family)" in claim.claim.reading


def test_italic_components_stay_another_name_when_the_letter_is_declared():
    declared = NOTATION + "\n[[scalar]]\nname = 'z'\n"
    with pytest.raises(ParseError, match="'z_1' is not declared|takes no subscript"):
        the_only_claim(with_claim(declared, r"z_1 = z_1"))


def test_the_whole_vector_of_a_function_defined_by_components_is_refused_saying_so():
    with pytest.raises(ParseError, match=r"'\\sigma' alone is not defined: the document defines its entries"):
        the_only_claim(with_claim(NOTATION, r"\sigma(\mathbf{z}) = \sigma(\mathbf{z})"))


def test_a_name_written_with_a_declared_index_follows_the_sum_that_binds_it():
    # \sigma_j(\mathbf{z}) = … with j a declared index: under \sum_j, the sum's j (it was the declared
    # j in every term, and the true \sum_j \sigma_j(z) = 1 was refuted)
    written = NOTATION.replace(r"\sigma(\mathbf{z})_j=", r"\sigma_j(\mathbf{z})=")
    assert claim_verdict(written, r"\sum_{j=1}^{K} \sigma_j(\mathbf{z}) = 1") in ("proved", "confirmed")
    assert claim_verdict(written, r"\sum_{j=1}^{K} \sigma_j(\mathbf{z}) = K \sigma_j(\mathbf{z})") == "refuted"


MATRIX = TITLE + r"""
[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[family]]
name = '\mathbf{A}'
shape = ['N', 'N']

[[family]]
name = '\mathbf{u}'
shape = ['N']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{i=1}^{N} \sum_{j=1}^{N} A_{ij} u_i u_j = \mathbf{u}^\top \mathbf{A} \mathbf{u}", "proved"),
    (r"\sum_{i=1}^{N} \sum_{j=1}^{N} A_{ij} u_i u_j = \mathbf{u}^\top \mathbf{A}^\top \mathbf{A} \mathbf{u}", "refuted"),
    (r"A_{1,1} = \mathbf{A}_{1,1}", "proved"),
])
def test_italic_entries_of_a_bold_matrix_are_its_entries(latex, verdict):
    """A graph-embedding lecture's modularity Q_{ij} = \\frac{1}{2m} A_{ij} - … beside its bold \\mathbf{A}: the
    convention of bold matrices and italic entries, as of vectors (said in the reading)."""
    claim = the_only_claim(with_claim(MATRIX, latex))
    assert claim.outcome.verdict.value in ((verdict, "confirmed") if verdict == "proved" else (verdict,))
    assert r"'A' with an index is an entry of \mathbf{A} (italic components of a bold family)" in claim.claim.reading


def test_an_italic_row_of_a_bold_matrix_stays_another_name():
    """A_1 with one index of an N × N \\mathbf{A}: a row, or a component of another A; not read."""
    with pytest.raises(ParseError, match="'A_1' is not declared|'A' is not declared|another font"):
        the_only_claim(with_claim(MATRIX, r"A_1 \cdot \mathbf{u} = 0"))
