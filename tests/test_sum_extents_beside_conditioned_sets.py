r"""A sum followed by a sum over a set read by its labels (``any_subset`` or ``where``) that uses
the same letter: the later sum binds that letter itself, so the first sum ends where TeX ends it.

Found blind on a post about the multi-label cross-entropy: Σ_{i∈𝒜} e^{S_i} − Σ_{i∈𝒫} e^{S_i} was read
as Σ_{i∈𝒜} (e^{S_i} − Σ_{i∈𝒫} e^{S_i}), because the extent of the first sum asked the second which
letter it binds and got no answer (its set is read only under \sum, by its labels); a true
identity was refuted.
"""
from __future__ import annotations

import pytest

from document_claims import claim_verdict, the_only_claim, with_claim

HEADER = """
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'S'
shape = ['n']
"""

ANY_SUBSET = HEADER + r"""
[[set]]
name = '\mathcal{P}'
index = 'j'
to = 'n'
any_subset = true
"""

WHERE = HEADER + r"""
[[family]]
name = 'y'
shape = ['n']
role = "index"
values = [0, 1]

[[set]]
name = '\mathcal{P}'
index = 'j'
to = 'n'
where = 'y_j = 1'
"""


@pytest.mark.parametrize("document", [ANY_SUBSET, WHERE], ids=["any_subset", "where"])
def test_a_later_sum_over_a_labelled_set_binds_its_own_letter(document):
    latex = r"\sum_{i=1}^n S_i - \sum_{i\in \mathcal{P}} S_i = \sum_{i=1}^n S_i - \sum_{j\in \mathcal{P}} S_j"
    assert claim_verdict(document, latex) in ("proved", "confirmed")


def test_the_first_sum_is_not_read_over_the_later_one():
    # read over it, the left side would be Σ_i (S_i − Σ_{i∈P} S_i): this is false
    latex = r"\sum_{i=1}^n S_i - \sum_{i\in \mathcal{P}} S_i = \sum_{i=1}^n (S_i - \sum_{j\in \mathcal{P}} S_j)"
    assert claim_verdict(ANY_SUBSET, latex) == "refuted"


def test_a_later_sum_over_another_letter_still_extends_the_first_over_a_free_use():
    latex = r"\sum_{i=1}^n S_i + \sum_{j\in \mathcal{P}} S_i = \sum_{i=1}^n (S_i + \sum_{j\in \mathcal{P}} S_i)"
    claim = the_only_claim(with_claim(ANY_SUBSET, latex))
    assert claim.outcome.verdict.value == "proved"
    assert "is read as Σ_i of 2 terms" in claim.claim.reading
