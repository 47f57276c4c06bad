r"""A number added to a vector of numbers, and the exponential and the logarithm of one, entry by entry:
``\mathrm{softmax}(\mathbf{z} + c) = \mathrm{softmax}(\mathbf{z})``, ``\mathrm{softmax}(\mathbf{z}) =
\frac{e^{\mathbf{z}}}{\sum_j e^{z_j}} = \exp(\mathbf{z} - \log \sum_j e^{z_j})`` (a softmax chapter's shift
invariance and log-sum-exp form).  Before, each was refused ("a vector where a number is expected").  A
vector has no other sum with a number, exponential or logarithm, and the reading is said.  A row of a
family of two dimensions (an embedding z_i) stays refused: ``\exp(z_i / \tau)`` there is a dot product left
out far more often than the exponential of each coordinate."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from document_claims import TITLE, claim_result, claim_verdict, with_claim

LOGITS = TITLE + """
[[size]]
name = 'K'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'K'

[[family]]
name = '\\mathbf{z}'
shape = ['K']

[[family]]
name = 'G'
shape = ['K', 'K']

[[scalar]]
name = 'c'

[[scalar]]
name = '\\tau'
domain = "positive"
role = "scale"
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\mathrm{softmax}(\mathbf{z}+c) = \mathrm{softmax}(\mathbf{z})", "proved"),
    (r"\mathrm{softmax}(\mathbf{z}+c)_i = \mathrm{softmax}(\mathbf{z})_i", "proved"),
    (r"(\mathbf{z} - c)_i = z_i - c", "proved"),
    (r"(c + \mathbf{z})_i = z_i - c", "refuted"),
    (r"(\mathbf{z} - c)_i = z_i + c", "refuted"),
    (r"\mathrm{softmax}(\mathbf{z}) = \frac{e^{\mathbf{z}}}{\sum_j e^{z_j}}", "proved"),
    (r"\mathrm{softmax}(\mathbf{z}) = \frac{e^{\mathbf{z}}}{\sum_j e^{2 z_j}}", "refuted"),
    (r"\mathrm{softmax}(\mathbf{z}) = \exp\left(\mathbf{z} - \log\left(\sum_{i=1}^K e^{z_i}\right)\right)", "proved"),
    (r"\mathrm{softmax}(\mathbf{z}) = \exp(\mathbf{z} + \log \sum_j e^{z_j})", "refuted"),
    (r"\mathrm{softmax}(\mathbf{z}) = \exp\log\left(\frac{e^{\mathbf{z}}}{\sum_j e^{z_j}}\right)", "proved"),
    (r"\log(\mathrm{softmax}(\mathbf{z}))_i = z_i - \log \sum_j e^{z_j}", "proved"),
    (r"\log(\mathrm{softmax}(\mathbf{z}))_i = z_i + \log \sum_j e^{z_j}", "refuted"),
    (r"\mathrm{softmax}(\mathbf{z}/\tau) = \mathrm{softmax}(\mathbf{z}/\tau - c)", "proved"),
    # numbers are read as before
    (r"e^{2} = e e", "proved"),
    (r"\log(1) = 0", "proved"),
])
def test_a_vector_of_numbers_entry_by_entry(latex, verdict):
    assert claim_verdict(LOGITS, latex) == verdict


@pytest.mark.parametrize("latex, said", [
    (r"\mathrm{softmax}(\mathbf{z}+c) = \mathrm{softmax}(\mathbf{z})", "adds the number to each entry"),
    (r"\mathrm{softmax}(\mathbf{z}) = \frac{e^{\mathbf{z}}}{\sum_j e^{z_j}}", "the exponential of each entry"),
    (r"\log(\mathrm{softmax}(\mathbf{z}))_i = z_i - \log \sum_j e^{z_j}", "the logarithm of each entry"),
])
def test_the_reading_is_said(latex, said):
    assert said in claim_result(with_claim(LOGITS, latex)).claim.reading


@pytest.mark.parametrize("latex, message", [
    (r"e^{G} = 1", "a matrix"),
    (r"\exp(G) = 1", "the exponential of a matrix"),
    (r"e^{1, 2} = 1", "a list of 2 items"),
])
def test_a_matrix_or_a_list_stays_refused(latex, message):
    with pytest.raises(DerivationError, match=message):
        claim_verdict(LOGITS, latex)


EMBEDDINGS = TITLE + """
[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[index]]
name = 'i'
to = 'N'

[[family]]
name = 'z'
shape = ['N', 'd']

[[scalar]]
name = '\\tau'
domain = "positive"
role = "scale"
"""


@pytest.mark.parametrize("latex, message", [
    (r"\exp(z_i / \tau) = 1", r"rows of a family or a function.s vector values \(embeddings\)"),
    (r"e^{z_1 - z_2} = 1", r"rows of a family or a function.s vector values \(embeddings\)"),
    (r"\log z_1 = 1", r"rows of a family or a function.s vector values \(embeddings\)"),
    (r"(z_1 + \tau)_1 = 1", r"a row of a family \(an embedding\) added to a number"),
])
def test_rows_of_embeddings_stay_refused(latex, message):
    with pytest.raises(DerivationError, match=message):
        claim_verdict(EMBEDDINGS, latex)


def test_a_dot_product_of_rows_is_still_a_number():
    assert claim_verdict(EMBEDDINGS, r"\exp(z_1 \cdot z_2 / \tau) = e^{z_2 \cdot z_1 / \tau}") == "proved"


ENCODER = TITLE + """
[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[scalar]]
name = 'x'
role = "point"

[[scalar]]
name = 'y'
role = "point"

[[scalar]]
name = '\\tau'
domain = "positive"

[[function]]
name = 'f'
arguments = 1
shape = ['d']
"""


@pytest.mark.parametrize("latex, message", [
    (r"\exp(f(x) / \tau) = 1", r"a function's vector values \(embeddings\)"),
    (r"(f(x) + \tau)_1 = 1", r"a row of a family \(an embedding\) added to a number"),
])
def test_an_encoders_vector_values_stay_refused_as_rows_do(latex, message):
    """\\exp(f(x)/\\tau) of an encoder's output: a dot product left out, as of a row z_i."""
    with pytest.raises(DerivationError, match=message):
        claim_verdict(ENCODER, latex)


def test_a_dot_product_of_an_encoders_values_is_a_number():
    assert claim_verdict(ENCODER, r"\exp(f(x) \cdot f(y) / \tau) = e^{f(y) \cdot f(x) / \tau}") == "proved"
