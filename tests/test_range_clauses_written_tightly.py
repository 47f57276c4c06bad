r"""A range clause ending a row read whatever its spacing, as TeX reads it: ``, i=1,\dots,K`` (no room for
the \forall it is read as, in the same length, before) and ``,\ i = 1, \ldots, K`` (a control space after
the comma) were "an ellipsis outside a list or a sum" while ``, i = 1, \ldots, K`` read (a softmax
chapter's ∂ of a log-sum-exp for every i)."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'K'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'K'

[[family]]
name = 'z'
shape = ['K']
"""


@pytest.mark.parametrize("clause", [r", i=1,\dots,K", r", i=1,\ldots,K", r",\ i = 1, \ldots, K", r",\ i=1,\dots,K",
                                    r",~i = 1, \dots, K", r", i = 1, \ldots, K"])
def test_a_range_clause_is_read_however_it_is_spaced(clause):
    assert claim_verdict(NOTATION, r"z_i + 1 = 1 + z_i" + clause) == "proved"
    assert claim_verdict(NOTATION, r"z_i + 1 = z_1 + 1" + clause) == "refuted"
