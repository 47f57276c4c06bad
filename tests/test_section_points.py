r"""A point a ``[[section]]`` declares ``value_of`` a coordinate is drawn by a distribution the
document declared before over that coordinate (the reverse, a section's distribution drawing the
document's points, already held): its density is the marginal at it, and a sample set of the
section draws its members from it."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_result, with_claim  # noqa: E402

TOP = r'''
id = "section-points"
title = "section points"
source = "notes.md"

[[size]]
name = 'K'
minimum = 1
checked = [1, 2]

[[scalar]]
name = 'X'
role = "point"

[[scalar]]
name = 'Y'
role = "point"

[[scalar]]
name = 'x'
role = "point"
value_of = 'X'

[[distribution]]
name = 'p'
of = ['X', 'Y']

[[section]]
line = 10
title = "samples"

[[section.scalar]]
name = 'y'
role = "point"
value_of = 'Y'

[[section.family]]
name = 'v'
shape = ['K']
role = "point"
value_of = 'Y'

[[section.set]]
name = 'S'
members = 'v'
drawn_from = 'p'
positive = 'v_1'
context = 'x'
'''


def verdict(latex: str) -> str:
    return claim_result(with_claim(TOP, latex, 12)).outcome.verdict.value


@pytest.mark.parametrize("latex, expected", [
    # the marginal of the section's y, by the joint declared at the top
    (r"\mathbb{E}_{p}\left[\frac{p(X, y)}{p(X)}\right] = p(y)", ("proved", "confirmed")),
    (r"\mathbb{E}_{p}\left[\frac{p(X, y)}{p(X)}\right] = 2 p(y)", ("refuted",)),
])
def test_a_sections_point_is_drawn_by_a_distribution_declared_before(latex, expected):
    assert verdict(latex) in expected


def test_a_sections_sample_set_draws_from_a_distribution_declared_before():
    assert verdict(r"\sum_{i=1}^{K} 1 = K") == "proved"
