r"""What a round of documents added blind showed, each fixed here:

* a set the data gives named with a superscript, ``\mathcal{P}^+`` (Proxy-Anchor's proxies with positives
  in the batch), was "a set defined by a condition: it is read under \sum only" *under* \sum: the set
  was looked up by its letter alone, so its membership was read as a plain range and refused;
* ``\underset{k}{max}``, the operator in plain letters under \underset, was refused ("read over one
  relation only …") while ``\underset{k}{\max}`` and ``max(a, b)`` were read."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_verdict

SUBSET = TITLE + """
[[size]]
name = 'C'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'a'
shape = ['C']

[[set]]
name = '\\mathcal{P}^+'
index = 'c'
to = 'C'
any_subset = true
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{c \in \mathcal{P}^+} 1 = | \mathcal{P}^+ |", "proved"),
    (r"\sum_{p \in \mathcal{P}^+} a_p = \sum_{c \in \mathcal{P}^+} a_c", "proved"),
    # the set is a subset: its members are not every class
    (r"\sum_{c \in \mathcal{P}^+} 1 = C", "refuted"),
])
def test_a_set_named_with_a_superscript_is_read_under_a_sum(latex, verdict):
    assert claim_verdict(SUBSET, latex) == verdict


MAXIMUM = TITLE + """
[[size]]
name = 'N'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'a'
shape = ['N']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\underset{k}{max} a_k \geq a_1", "confirmed"),
    (r"\underset{k}{min} a_k \leq a_N", "confirmed"),
    (r"\underset{k}{max} a_k \leq a_1", "refuted"),
])
def test_max_in_letters_under_underset_is_the_maximum(latex, verdict):
    assert claim_verdict(MAXIMUM, latex) == verdict
