r"""A sum written without its index, ``s(\mathbf x)_i = \frac{e^{x_i}}{\sum e^{x_j}}`` (a blog's softmax): the
sum over the one declared index its body writes that nothing around binds, over its declared range, said
in the reading.  Before: "a sum needs its index".  A body that writes several, or none, or one the formula
writes outside the sum too, is still refused, naming them."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, claim_verdict, with_claim

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'n'

[[index]]
name = 'j'
to = 'n'

[[family]]
name = 'x'
shape = ['n']

[[define]]
name = 's_i'
line = 1
latex = 's_i = \\frac{e^{x_i}}{\\sum e^{x_j}}'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{i=1}^{n} s_i = 1", "proved"),
    (r"s_i = \frac{e^{x_i}}{\sum_{j=1}^{n} e^{x_j}}", "proved"),
    (r"\sum e^{x_i} = \sum_{k=1}^{n} e^{x_k}", "proved"),
    (r"\sum e^{x_i} = n e^{x_1}", "refuted"),
    # an index the other side's sum without its index writes is that sum's own (a post's softmax is shift-
    # invariant): each sum runs over the j of its body
    (r"\frac{e^{x_i + 1}}{\sum e^{x_j + 1}} = \frac{e^{x_i}}{\sum e^{x_j}}", "proved"),
    (r"\frac{e^{x_i + 1}}{\sum e^{x_j + 1}} = \frac{e^{x_i + 1}}{\sum e^{x_j}}", "refuted"),
])
def test_the_one_index_its_body_writes(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_the_reading_says_which_index():
    claim = verify_text(with_claim(NOTATION, r"\sum e^{x_i} = \sum_{k=1}^{n} e^{x_k}")).documents[0].claims[0].claim
    assert "\\sum without its index runs over i, the one index its body writes" in claim.reading


@pytest.mark.parametrize("latex, said", [
    (r"\sum x_i x_j = 0", r"its body writes i, j"),
    (r"\sum e^{x_j} \geq e^{x_j}", r"its body writes j, which the formula writes outside the sum too"),
    (r"\sum 1 = n", r"a sum needs its index \(\\sum_k …\)$"),
    # beside another sum without its index, a j outside both still refuses it
    (r"\frac{e^{x_i}}{\sum e^{x_j}} = \frac{e^{x_i}}{\sum e^{x_j}} + x_j", r"writes outside the sum too"),
])
def test_which_index_is_not_written_is_refused(latex, said):
    with pytest.raises(ParseError, match=said):
        claim_verdict(NOTATION, latex)
