r"""A quantity declared of a distribution, ``I(X; Y)`` of p, beside a section that declares p anew (the
distribution of three points from a section on conditional mutual information on).  Before, the quantity
kept the old table while the section's formulas read the new one, silently: a true bound I(X; Y) ≥
E[…] was refuted with a witness of two tables.  Now, where the section is in force, the quantity is
refused, naming the section; a section that declares the quantity again gives it the new table."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[scalar]]
name = 'X'
role = "point"

[[scalar]]
name = 'Y'
role = "point"

[[distribution]]
name = 'p'
of = ['X', 'Y']

[[quantity]]
name = 'I(X; Y)'
meaning = "mutual information"
of = 'p'

[[section]]
line = 20
title = "three points"

[[section.scalar]]
name = 'Z'
role = "point"

[[section.distribution]]
name = 'p'
of = ['X', 'Y', 'Z']
"""

AGAIN = NOTATION + """
[[section]]
line = 40
title = "two points again"

[[section.distribution]]
name = 'p'
of = ['X', 'Y']

[[section.quantity]]
name = 'I(X; Y)'
meaning = "mutual information"
of = 'p'
"""

BOUND = r"I(X; Y) \geq \mathbb{E}_{(X, Y) \sim p}\left[\log \frac{p(X, Y)}{p(X) p(Y)}\right]"


def test_before_the_section_the_quantity_is_of_its_distribution():
    assert claim_verdict(NOTATION, BOUND, line=10) == "confirmed"


def test_in_the_section_the_quantity_of_the_old_distribution_is_refused():
    with pytest.raises(ParseError, match=r"'I\(X; Y\)' is declared of the distribution p of the notation before "
                                         r"the section of line 20, which declares p anew"):
        claim_verdict(NOTATION, r"I(X; Y) \geq 0", line=30)


def test_a_section_that_declares_the_quantity_again_gives_it_the_new_distribution():
    assert claim_verdict(AGAIN, BOUND, line=50) == "confirmed"


BESIDE = NOTATION.split("[[section]]")[0] + """
[[section]]
line = 20
title = "x and z"

[[section.scalar]]
name = 'Z'
role = "point"

[[section.distribution]]
name = 'p'
of = ['X', 'Z']

[[section.quantity]]
name = 'I(X; Z)'
meaning = "mutual information"
of = 'p'
"""


def test_a_quantity_the_section_declares_beside_it_is_read_by_its_labels():
    # the thesis's I(x, z) of the section's P beside the document's I(x, c) of the first P: a use writes
    # which one it means
    assert claim_verdict(BESIDE, r"I(X; Z) \geq 0", line=30) == "confirmed"
    assert claim_verdict(BESIDE, r"I(X; Z) = \mathbb{E}_{(X, Z) \sim p}\left[\log \frac{p(X, Z)}{p(X) p(Z)}\right]",
                         line=30) == "confirmed"
