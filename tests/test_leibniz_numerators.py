r"""The numerator of a Leibniz fraction is what it differentiates, whole: ``\frac{\partial \log p_i}
{\partial o_k}``, ``\frac{\partial \sum_j \exp(o_j)}{\partial o_k}``, ``\frac{\partial x^2 y}{\partial x}``
(only one factor after ∂ was read, and a log or a sum without parentheses was a raw parse error).
And a sum over a declared index written without bounds, whose body indexes no family, runs over
the index's declared range (``-y_k + \sum_i y_i p_k`` with one-hot y)."""
from __future__ import annotations

import pytest

from document_claims import claim_verdict

NOTATION = """
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'C'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'k'
from = 1
to = 'C'

[[index]]
name = 'i'
from = 1
to = 'C'

[[family]]
name = 'o'
shape = ['C']

[[scalar]]
name = 'x'
domain = "positive"

[[scalar]]
name = 'y'
"""


@pytest.mark.parametrize("latex, verdicts", [
    (r"\frac{\partial \log x}{\partial x} = \frac{1}{x}", ("proved", "confirmed")),
    (r"\frac{\partial \log x}{\partial x} = x", ("refuted",)),
    (r"\frac{\partial \sum_j \exp(o_j)}{\partial o_k} = \exp(o_k)", ("proved", "confirmed")),
    (r"\frac{\partial \sum_j \exp(o_j)}{\partial o_k} = \sum_j \exp(o_j)", ("refuted",)),
    (r"\frac{\partial x^2 y}{\partial x} = 2 x y", ("proved", "confirmed")),
    (r"\frac{\partial^2 x^3 y}{\partial x^2} = 6 x y", ("proved", "confirmed")),
])
def test_the_whole_numerator_is_differentiated(latex, verdicts):
    assert claim_verdict(NOTATION, latex) in verdicts


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_i 1 = C", "proved"),
    (r"\sum_i i = C", "refuted"),
])
def test_a_sum_over_a_declared_index_without_bounds_runs_over_its_range(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict
