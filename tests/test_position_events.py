r"""The place of the positive among a sample set, as InfoNCE's derivation writes it:
``p(d = i \mid X, c)`` with ``position = 'd'`` declared on the sample set X is the
probability that member i is the positive, given the members and the context, every place
equally likely beforehand.  The statements checked are the steps documents write (Bayes'
rule with the products of the negatives' marginals, then the ratio form); the slips are the
ones a derivation can make (the marginals dropped, the posterior summing to N)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text

NOTATION = """id = "cpc"
title = "the posterior of the positive's place"
source = "cpc.md"

[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
from = 1
to = 'N'

[[family]]
name = 'x'
shape = ['N']
role = "point"

[[scalar]]
name = 'c'
role = "point"

[[distribution]]
name = 'p'
of = ['x', 'c']

[[set]]
name = 'X'
members = 'x'
drawn_from = 'p'
positive = 'x_1'
context = 'c'
position = 'd'
"""


def claim(latex: str, number: int = 1) -> str:
    return f"\n[[claim]]\nid = \"c{number}\"\nline = {number}\ntitle = \"c\"\nlatex = '{latex}'\n"


def verdict(latex: str) -> str:
    run = verify_text(NOTATION + claim(latex))
    return run.documents[0].claims[0].outcome.verdict.value


@pytest.mark.parametrize("latex", [
    # Bayes' rule as CPC-derivations write it, then divided by the product of every marginal
    r"p(d=i|X,c) = \frac{p(x_i|c)\prod_{l\neq i}p(x_l)}{\sum_{j=1}^N p(x_j|c)\prod_{l\neq j}p(x_l)}",
    r"p(d=i|X,c) = \frac{\frac{p(x_i|c)}{p(x_i)}}{\sum_{j=1}^N\frac{p(x_j|c)}{p(x_j)}}",
    r"p(d = i \mid c, X) = \frac{p(x_i, c)/p(x_i)}{\sum_{j=1}^N p(x_j, c)/p(x_j)}",   # given in any order
    r"\sum_{i=1}^N p(d=i|X,c) = 1",
])
def test_true_steps_about_the_place_of_the_positive_hold(latex):
    assert verdict(latex) in ("proved", "confirmed")


@pytest.mark.parametrize("latex", [
    r"p(d=i|X,c) = \frac{p(x_i|c)}{\sum_{j=1}^N p(x_j|c)}",          # the marginals dropped
    r"\sum_{i=1}^N p(d=i|X,c) = N",      # a side that is a size alone: was an error
    r"p(d=i|X,c) = \frac{1}{N}",                                       # the prior, not the posterior
])
def test_slips_about_the_place_of_the_positive_are_refuted(latex):
    assert verdict(latex) == "refuted"


@pytest.mark.parametrize("latex, message", [
    (r"p(d=i|X) = 1", "p(d = …) is read given the sample and its context: p(d = i \\mid X, c)"),
    (r"p(d=i|c) = 1", "p(d = …) is read given the sample and its context: p(d = i \\mid X, c)"),
    (r"p(d=c|X,c) = 1", "'c' is not an index: d is the place of the positive among the members of X"),
])
def test_an_event_given_the_wrong_things_is_refused_naming_what_it_needs(latex, message):
    with pytest.raises(DerivationError) as info:
        verify_text(NOTATION + claim(latex))
    assert message in info.value.message


def test_an_event_of_an_undeclared_position_is_a_relation_where_a_value_is_expected():
    with pytest.raises(DerivationError) as info:
        verify_text(NOTATION.replace("position = 'd'\n", "") + claim(r"p(d=i|X,c) = 1"))
    assert "a relation 'd=i' where a value is expected" in info.value.message


def test_position_is_one_letter_and_goes_with_a_sample_set():
    with pytest.raises(DerivationError, match="position is one letter"):
        verify_text(NOTATION.replace("position = 'd'", "position = 'd = i'") + claim("c = c"))
    bare = NOTATION.replace("drawn_from = 'p'\npositive = 'x_1'\ncontext = 'c'\n", "")
    with pytest.raises(DerivationError, match="'position' goes with a sample set"):
        verify_text(bare + claim("c = c"))
