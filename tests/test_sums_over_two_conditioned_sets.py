r"""A sum over two indices each in a set defined by a condition, ``\sum_{i \in \Omega_{neg}, j \in
\Omega_{pos}}`` (a multi-label loss's pairs of a non-target and a target class).  Before, the subscript
was refused ("this sum's index is given two ranges"); now it is the nested sum Σ_{i ∈ Ω_neg} Σ_{j ∈ Ω_pos},
each index with its set's condition, as a sum of one index over each set reads it."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 's'
shape = ['n']

[[family]]
name = 'y'
shape = ['n']
role = "index"
values = [0, 1]

[[set]]
name = '\\Omega_{pos}'
index = 'j'
to = 'n'
where = 'y_j = 1'

[[set]]
name = '\\Omega_{neg}'
index = 'i'
to = 'n'
where = 'y_i = 0'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{i\in\Omega_{neg},j\in\Omega_{pos}} e^{s_i-s_j} = \sum_{i\in\Omega_{neg}} e^{s_i}\sum_{j\in\Omega_{pos}} e^{-s_j}",
     "confirmed"),
    # each index keeps its set's condition: the pairs are |Ω_neg| · |Ω_pos|, not n²
    (r"\sum_{i\in\Omega_{neg},j\in\Omega_{pos}} 1 = |\Omega_{neg}| \cdot |\Omega_{pos}|", "confirmed"),
    (r"\sum_{i\in\Omega_{neg},j\in\Omega_{pos}} 1 = n^2", "refuted"),
    # the order of the two indices does not matter; the sign of the exponent does
    (r"\sum_{j\in\Omega_{pos},i\in\Omega_{neg}} e^{s_i-s_j} = \sum_{i\in\Omega_{neg}} e^{s_i}\sum_{j\in\Omega_{pos}} e^{-s_j}",
     "confirmed"),
    (r"\sum_{i\in\Omega_{neg},j\in\Omega_{pos}} e^{s_i-s_j} = \sum_{i\in\Omega_{neg}} e^{s_i}\sum_{j\in\Omega_{pos}} e^{s_j}",
     "refuted"),
    # a plain range beside a conditioned one: Σ_{k=1}^{n} Σ_{j ∈ Ω_pos}
    (r"\sum_{k\in[n],j\in\Omega_{pos}} s_k = |\Omega_{pos}| \sum_{k=1}^{n} s_k", "confirmed"),
    (r"\sum_{k\in[n],j\in\Omega_{pos}} s_k = n \sum_{k=1}^{n} s_k", "refuted"),
])
def test_each_index_runs_over_its_own_set(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_one_index_in_two_sets_is_still_refused():
    with pytest.raises(ParseError, match="given two ranges"):
        claim_verdict(NOTATION, r"\sum_{i\in\Omega_{neg},i\in\Omega_{pos}} s_i = 0")
