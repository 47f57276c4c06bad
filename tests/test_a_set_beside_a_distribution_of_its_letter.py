r"""A set the data gives and a distribution under one letter (a post's Q: the minibatch, and the
probability of an item being in it): after ``\in`` and inside ``|…|`` only the set is meant.  The
distribution, declared after, replaced the set, and ``\sum_{y \in Q}`` was refused with "'Q' is not a
declared [[set]]".  And a primed point in a message is quoted whole (``x^\prime``, not ``x^``)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import claim_verdict, the_only_claim, with_claim

NOTATION = """
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'M'
minimum = 1
checked = [1, 2]

[[index]]
name = 'y'
from = 1
to = 'M'

[[set]]
name = 'Q'
index = 'k'
to = 'M'
any_subset = true

[[distribution]]
name = 'Q'
of = ['y']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{y \in Q} 1 = |Q|", "proved"),
    (r"\sum_{y \in Q} 1 = |Q| + 1", "refuted"),
    (r"\sum_{y=1}^{M} Q(y) = 1", "proved"),
])
def test_the_set_after_in_and_the_distribution_elsewhere(latex, verdict):
    assert claim_verdict(NOTATION, latex) in ((verdict, "confirmed") if verdict == "proved" else (verdict,))


def test_a_primed_point_is_quoted_whole():
    points = NOTATION + """
[[scalar]]
name = 'x^\\prime'
role = "point"

[[function]]
name = 'f'
arguments = 1
"""
    with pytest.raises(ParseError, match=r"a sum over the data points x\^\\prime \\in X"):
        the_only_claim(with_claim(points, r"\sum_{x^\prime \in X} f(x^\prime) = 1"))
