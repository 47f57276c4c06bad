r"""A vector-valued function the document defines of a declared vector, perhaps with numbers after ';':
``q(\mathbf{z}) = \frac{e^{\mathbf{z}}}{\sum_j e^{z_j}}``, ``\mathrm{softmax}(\mathbf{z};\tau) =
\mathrm{softmax}(\mathbf{z}/\tau) = \left[\frac{e^{z_1/\tau}}{\sum_j e^{z_j/\tau}}, \dots,
\frac{e^{z_K/\tau}}{\sum_j e^{z_j/\tau}}\right]`` (a softmax chapter's temperature).  Before, each was
refused: the body "a vector where a number is expected", the chain's sides likewise, and the list in
brackets "a list of 3 items where one value is expected".  Now the function is a vector at the vector a use
writes, the parameters after ';' take the values written (a declared τ keeps its domain in the body),
the standard softmax stays the softmax where a use writes one argument (said), numbers in brackets are
the vector of them (said), and the chain written in the definition is checked with vector sides."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, with_claim

NOTATION = TITLE + """
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

[[scalar]]
name = 'c'

[[scalar]]
name = '\\tau'
domain = "positive"

[[define]]
name = 'q'
line = 3
latex = 'q(\\mathbf{z}) = \\frac{e^{\\mathbf{z}}}{\\sum_j e^{z_j}}'

[[define]]
name = '\\mathrm{softmax}(\\mathbf{z};\\tau)'
line = 4
latex = '''\\mathrm{softmax}(\\mathbf{z};\\tau) = \\mathrm{softmax}(\\mathbf{z}/\\tau) = \\left[\\frac{e^{z_1/\\tau}}{\\sum_{j=1}^Ke^{z_j/\\tau}},\\dots,\\frac{e^{z_K/\\tau}}{\\sum_{j=1}^Ke^{z_j/\\tau}}\\right]'''
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"q(\mathbf{z})_i = \mathrm{softmax}(\mathbf{z})_i", "proved"),
    (r"q(\mathbf{z} + c) = q(\mathbf{z})", "proved"),
    (r"q(2\mathbf{z}) = q(\mathbf{z})", "refuted"),
    (r"q(\mathbf{z})_1 \leq 1", "confirmed"),
    (r"\mathrm{softmax}(\mathbf{z};\tau)_i = \frac{e^{z_i/\tau}}{\sum_j e^{z_j/\tau}}", "proved"),
    (r"\mathrm{softmax}(\mathbf{z} - c;\tau) = \mathrm{softmax}(\mathbf{z};\tau)", "proved"),
    (r"\mathrm{softmax}(\mathbf{z};2\tau) = \mathrm{softmax}(\mathbf{z}/\tau)", "refuted"),
    (r"\mathrm{softmax}(\mathbf{z};1) = q(\mathbf{z})", "proved"),
    (r"[z_1, \dots, z_K] = \mathbf{z}", "proved"),
    (r"[z_1, \dots, z_K] = 2\mathbf{z}", "refuted"),
])
def test_uses_of_the_functions(latex, verdict):
    claims = verify_text(with_claim(NOTATION, latex)).documents[0].claims
    assert {c.claim.id: c.outcome.verdict.value for c in claims}["c"] == verdict


def test_the_chain_of_the_definition_is_checked_with_vector_sides(capsys):
    claims = verify_text(with_claim(NOTATION, "c = c")).documents[0].claims
    chain = next(c for c in claims if c.claim.id.endswith("-chain"))
    assert chain.outcome.verdict.value == "proved", chain.outcome.message
    said = capsys.readouterr().err          # a definition's readings are said as it is read
    assert "is the standard softmax" in said and "in brackets are the vector of these numbers" in said


def test_a_false_chain_is_refuted():
    notation = NOTATION.replace(r"= \mathrm{softmax}(\mathbf{z}/\tau) =", r"= \mathrm{softmax}(\mathbf{z}\tau) =")
    assert notation != NOTATION
    claims = verify_text(with_claim(notation, "c = c")).documents[0].claims
    assert next(c for c in claims if c.claim.id.endswith("-chain")).outcome.verdict.value == "refuted"


def test_a_use_without_the_parameter_of_a_name_that_is_no_standard_function_is_refused():
    notation = NOTATION.replace(r"name = '\mathrm{softmax}(\mathbf{z};\tau)'", "name = 'r'").replace(
        r"latex = '''\mathrm{softmax}(\mathbf{z};\tau) =", r"latex = '''r(\mathbf{z};\tau) =")
    assert "r(\\mathbf{z};\\tau) =" in notation
    claims = verify_text(with_claim(notation, r"r(\mathbf{z};\tau) = \mathrm{softmax}(\mathbf{z}/\tau)")).documents[0].claims
    assert {c.claim.id: c.outcome.verdict.value for c in claims}["c"] == "proved"
    with pytest.raises(DerivationError, match=r"r takes 1 vector, separated by commas, then ';' and 1 number"):
        verify_text(with_claim(notation, r"r(\mathbf{z}) = q(\mathbf{z})"))


@pytest.mark.parametrize("latex, verdict", [
    (r"(z_1, \dots, z_K) = \mathbf{z}", "proved"),
    (r"(c, c) = (c, 2c)", "refuted"),
])
def test_numbers_in_parentheses_are_a_vector_too(latex, verdict):
    """\\mathbf{z}_1 = (1.0, 0.0), as a post writes its four embeddings."""
    claims = verify_text(with_claim(NOTATION, latex)).documents[0].claims
    assert {c.claim.id: c.outcome.verdict.value for c in claims}["c"] == verdict
