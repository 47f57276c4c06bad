r"""A subscript of two indices with a bar between them, ``p_{k|i}`` or ``p_{j \mid i}`` (the probability of
candidate k given anchor i, as a book's InfoNCE gradient and t-SNE write it): the entry (k, i) of p, which
a definition ``p_{k|i} = …`` gives.  Before: "unexpected 'i'".  Under a sum the bar still separates the
index from its condition (``\sum_{j \mid y_j = 1}``), and ``\sum_{k|i}`` is not read as two indices."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
to = 'N'

[[index]]
name = 'k'
to = 'N'

[[family]]
name = 's'
shape = ['N', 'N']

[[define]]
name = 'p_{k|i}'
line = 1
latex = 'p_{k|i} = \\frac{e^{s_{ik}}}{\\sum_{l=1}^{N} e^{s_{il}}}'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{k=1}^{N} p_{k|i} = 1", "proved"),
    (r"p_{k \mid i} = p_{k|i}", "proved"),
    (r"p_{1|2} = \frac{e^{s_{2,1}}}{\sum_{l=1}^{N} e^{s_{2,l}}}", "proved"),
    (r"p_{1|2} = p_{2|1}", "refuted"),
])
def test_the_bar_separates_two_indices(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_under_a_sum_the_bar_is_still_a_condition():
    with pytest.raises(ParseError, match="this sum's conditions are not understood"):
        claim_verdict(NOTATION, r"\sum_{k|i} p_{k|i} = 1")
