r"""An index whose first or last value is written with another index (``from = 'k'``, ``from =
'k + 1'``): a post's "if i = k" case, pairs j > k.  The sampler chose each index's ends at the sizes
alone, and every claim writing such an index was an error ("TypeError: Cannot convert symbols to
int").  Ends are now taken at the indices chosen before, in the order the ranges need; an index a
range is written with is chosen even when the claim does not write it."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import claim_result, claim_verdict, with_claim

NOTATION = """
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'C'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'k'
from = 1
to = 'C'

[[index]]
name = 'i'
from = 'k'
to = 'k'

[[index]]
name = 'j'
from = 'k + 1'
to = 'C'

[[family]]
name = 'o'
shape = ['C']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"o_i = o_k", "confirmed"),
    (r"\frac{\partial o_i^2}{\partial o_k} = 2 o_k", "confirmed"),
    (r"j - k \ge 1", "confirmed"),
    (r"j - k \ge 2", "refuted"),
    (r"j \ge 2", "confirmed"),          # j alone: k is chosen too, and j > k ≥ 1
    (r"j \ge 3", "refuted"),
    (r"o_i = o_1", "refuted"),          # i = k = 2 at C = 2
])
def test_an_index_runs_over_its_range_at_the_indices_it_is_written_with(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_a_range_is_written_with_indices_declared_above_it_only():
    # so no two ranges are written with each other: the order of choice always exists
    later = NOTATION.replace("from = 'k'\nto = 'k'", "from = 'm'\nto = 'C'") + """
[[index]]
name = 'm'
from = 'i'
to = 'C'
"""
    with pytest.raises(ParseError, match="'m' is not declared"):
        claim_result(with_claim(later, "o_i = o_i"))
