r"""The indicator that an index is a member of a declared set, ``\mathbb{1}[j \in \mathcal{P}_b]`` (the
target of SupCon's gradient over the positives) and ``\mathbb{1}[j \notin S]``: Σ_{m ∈ S} δ_{j,m}, the
set's range with its condition.  It was refused ("P is a set: |P| is its size").  Also the matrix
slice of a row, ``s_{b,:}``, and a bold font around an italic one, ``\boldsymbol{\mathit{x}}`` (a
textbook's macro), found by the same batch of documents added blind."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from contrastive_sym.errors import DerivationError

sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_verdict  # noqa: E402

NOTATION = r'''
id = "members"
title = "members"
source = "notes.md"

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
from = 1
to = 'N'

[[family]]
name = 'y'
shape = ['N']
role = "label"

[[family]]
name = 'x'
shape = ['N']

[[family]]
name = 'z'
shape = ['N', 'd']

[[scalar]]
name = '\boldsymbol{\mathit{w}}'

[[set]]
name = 'P(i)'
index = 'p'
from = 1
to = 'N'
where = 'p \neq i, y_p = y_i'
'''


def verdict(latex: str) -> str:
    return claim_verdict(NOTATION, latex, 3)


@pytest.mark.parametrize("latex, expected", [
    (r"\sum_{j=1}^{N} \mathbb{1}[j \in P(i)] x_j = \sum_{p \in P(i)} x_p", ("confirmed", "proved")),
    (r"\sum_{j=1}^{N} \mathbb{1}[j \notin P(i)] x_j = \sum_{j=1}^{N} x_j - \sum_{p \in P(i)} x_p", ("confirmed", "proved")),
    (r"\sum_{j=1}^{N} \mathbb{1}[j \notin P(i)] x_j = \sum_{p \in P(i)} x_p", ("refuted",)),
    (r"\sum_{j=1}^{N} \mathbb{1}[j \in [N]] = N", ("confirmed", "proved")),
    # the row of a matrix written as a slice
    (r"z_{i,:} \cdot z_{i,:} = \|z_i\|^2", ("confirmed", "proved")),
    # bold italic w is \boldsymbol{w}, one name with its declaration
    (r"\boldsymbol{\mathit{w}} + 1 = 1 + \boldsymbol{w}", ("confirmed", "proved")),
])
def test_a_membership_indicator_is_read(latex, expected):
    assert verdict(latex) in expected


def test_membership_of_something_that_is_not_an_index_is_refused():
    with pytest.raises(DerivationError) as caught:
        verdict(r"\mathbb{1}[x_1 \in P(i)] = 1")
    assert "is read for an index" in caught.value.message
