r"""A sum over two indices in one subscript takes one term, as a sum over one does: ``\sum_{i,j} a_{ij} -
b_{ij}``.  A declared i and j written after its body are read as the declared indices, while a reader may
take the sum over both terms; ``\sum_i a_{ij} - b_{ij}`` and ``\sum_i \sum_j a_{ij} - b_{ij}`` were refused
as ambiguous (each reading checked), but ``\sum_{i,j}`` was read silently with the sum over the first term
only, and a true statement of the other reading was refuted (found on a blog post's log-likelihood
\sum_{u,i} c_{ui} r_{ui} - (1 + c_{ui}) \log(1 + e^{r_{ui}}))."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, with_claim

NOTATION = TITLE + """
[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[index]]
name = 'i'
to = 'N'

[[index]]
name = 'j'
to = 'N'

[[family]]
name = 'a'
shape = ['N', 'N']

[[family]]
name = 'b'
shape = ['N', 'N']
"""


@pytest.mark.parametrize("latex", [
    r"\sum_{i,j} a_{ij} - b_{ij} = \sum_{i=1}^{N}\sum_{j=1}^{N} (a_{ij} - b_{ij})",
    r"\sum_{i}\sum_{j} a_{ij} - b_{ij} = \sum_{i=1}^{N}\sum_{j=1}^{N} (a_{ij} - b_{ij})",
    r"\sum_{i, j = 1}^{N} a_{ij} - b_{ij} = \sum_{i=1}^{N}\sum_{j=1}^{N} (a_{ij} - b_{ij})",
])
def test_each_reading_is_checked(latex):
    claims = verify_text(with_claim(NOTATION, latex)).documents[0].claims
    assert sorted(c.outcome.verdict.value for c in claims) == ["proved", "refuted"]
    assert all("reading" in c.claim.id for c in claims)


def test_a_sum_in_parentheses_says_where_it_ends():
    latex = r"\sum_{i,j} (a_{ij} - b_{ij}) = \sum_{i=1}^{N}\sum_{j=1}^{N} a_{ij} - \sum_{k=1}^{N}\sum_{l=1}^{N} b_{kl}"
    claims = verify_text(with_claim(NOTATION, latex)).documents[0].claims
    assert [c.outcome.verdict.value for c in claims] in (["proved"], ["confirmed"])


def test_an_index_the_sum_does_not_bind_is_free_after_it():
    """\\sum_{j \\neq i}: j is bound, i is not: a later i is the declared index, no ambiguity."""
    latex = r"\sum_{j \neq i} a_{ij} + a_{ii} = \sum_{j} a_{ij}"
    claims = verify_text(with_claim(NOTATION, latex)).documents[0].claims
    assert [c.outcome.verdict.value for c in claims] == ["proved"]


def test_in_a_definition_the_ambiguity_is_refused():
    notation = NOTATION + """
[[define]]
name = 'L'
line = 3
latex = 'L = \\sum_{i,j} a_{ij} - b_{ij}'
"""
    with pytest.raises(DerivationError, match="ambiguous: this 'i' comes after the sum over i"):
        verify_text(with_claim(notation, "L = L"))


POSITIVE = NOTATION.replace("shape = ['N', 'N']\n", "shape = ['N', 'N']\ndomain = \"positive\"\n")


@pytest.mark.parametrize("latex, verdict", [
    (r"\prod_{i,j} a_{ij} = \prod_i \prod_j a_{ij}", "proved"),
    (r"\log \prod_{i,j} a_{ij} = \sum_{i,j} \log a_{ij}", "confirmed"),
    (r"\prod_{i,j} a_{ij} = \prod_i a_{ii}", "refuted"),
])
def test_a_product_over_several_indices_is_one_product_per_index(latex, verdict):
    """\\prod_{u, i} (a likelihood over users and items): before, "this product's index is not understood"."""
    claims = verify_text(with_claim(POSITIVE, latex)).documents[0].claims
    assert [c.outcome.verdict.value for c in claims] == [verdict]


@pytest.mark.parametrize("latex", [
    r"\prod_{i,j} a_{ij} b_{ij} = \prod_{i,j} a_{ij} \prod_{i,j} b_{ij}",
    r"\prod_i a_{ii} b_{ii} = \prod_i a_{ii} \prod_j b_{jj}",
])
def test_a_product_written_before_another_product_is_ambiguous(latex):
    """SOUNDNESS: the second product was read inside the first's body (∏_i (a_ii ∏_j b_jj)), and the
    textbook identity was refuted with no word; a sum's body may run over another sum (one value either
    way), a product's may not: each reading is checked."""
    claims = verify_text(with_claim(POSITIVE, latex)).documents[0].claims
    assert sorted(c.outcome.verdict.value for c in claims) in (["confirmed", "refuted"], ["proved", "refuted"])
    assert all("-reading-" in c.claim.id for c in claims)
