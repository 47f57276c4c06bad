r"""A sum over every pair of a range, ``\sum_{(i,j) \in \{1,\ldots,N\}^2}`` (SigLIP's loss over every
image-text pair) or ``\sum_{(i, j) \in [N] \times [N]}``: one sum per name of the tuple, each over the
range (Σ_i Σ_j).  It was refused ("a sum over tuples … is not read yet")."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from contrastive_sym.errors import DerivationError

sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_verdict  # noqa: E402

NOTATION = r'''
id = "pairs"
title = "pairs"
source = "notes.md"

[[size]]
name = 'N'
minimum = 1
checked = [1, 2, 3]

[[size]]
name = 'M'
minimum = 1
checked = [1, 2]

[[family]]
name = 'x'
shape = ['N']
'''


def verdict(latex: str) -> str:
    return claim_verdict(NOTATION, latex, 3)


@pytest.mark.parametrize("latex, expected", [
    (r"\sum_{(i,j) \in \{1,\ldots,N\}^2} x_i x_j = \left(\sum_{i=1}^{N} x_i\right)^2", ("confirmed", "proved")),
    (r"\sum_{(i,j) \in [N] \times [N]} x_i = N \sum_{i=1}^{N} x_i", ("confirmed", "proved")),
    (r"\sum_{(i,j) \in [N]^2} x_i = \sum_{i=1}^{N} x_i", ("refuted",)),
])
def test_a_sum_over_a_power_of_a_range_is_one_sum_per_name(latex, expected):
    assert verdict(latex) in expected


def test_a_product_of_two_ranges_that_differ_is_still_refused():
    with pytest.raises(DerivationError):
        verdict(r"\sum_{(i,j) \in [N] \times [M]} x_i = 0")
