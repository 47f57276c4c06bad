r"""The expectation of a vector, ``\mathbb{E}_{x \sim p}[f(x)]`` of an encoder f with values in R^d (the
mean embedding of alignment and uniformity analyses, reading notes on InfoNCE): the vector of the
components' expectations.  It was refused ("an expectation of something that is not a number")."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest


sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_verdict  # noqa: E402

NOTATION = r'''
id = "mean"
title = "mean embeddings"
source = "notes.md"

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[scalar]]
name = 'x'
role = "point"

[[scalar]]
name = 'y'
role = "point"

[[distribution]]
name = 'p'
of = ['x', 'y']

[[function]]
name = 'f'
arguments = 1
shape = ['d']
'''


def verdict(latex: str) -> str:
    return claim_verdict(NOTATION, latex, 3)


@pytest.mark.parametrize("latex, expected", [
    # Jensen for the mean embedding
    (r"\|\mathbb{E}_{x \sim p}[f(x)]\|^2 \le \mathbb{E}_{x \sim p}[\|f(x)\|^2]", ("confirmed", "proved")),
    (r"\|\mathbb{E}_{x \sim p}[f(x)]\|^2 \ge \mathbb{E}_{x \sim p}[\|f(x)\|^2]", ("refuted",)),
    # the expectation is linear, component by component
    (r"\mathbb{E}_{x \sim p}[f(x)] \cdot \mathbb{E}_{y \sim p}[f(y)] = \mathbb{E}_{y \sim p}[\mathbb{E}_{x \sim p}[f(x)] \cdot f(y)]",
     ("confirmed", "proved")),
    # under a joint that is not a product, the mean of the dot product is not the dot product of the means
    (r"\mathbb{E}_{(x, y) \sim p}[f(x) \cdot f(y)] = \mathbb{E}_{x \sim p}[f(x)] \cdot \mathbb{E}_{y \sim p}[f(y)]",
     ("refuted",)),
])
def test_the_expectation_of_a_vector_is_the_vector_of_means(latex, expected):
    assert verdict(latex) in expected
