r"""Single bars followed by the index of a norm, ``|x - y|_\infty``, ``\left|x\right|_1``,
``\lvert x \rvert_2``: that norm, as a mathematician reads it (a post writes the maximum norm so).
The closing bar followed by ``_`` was taken for a restriction (f|_{x=0}), and the message miscounted
the bars ("3 bars '|' in one group cannot be paired") or said the formula ended too early.  Any
other index after single bars is refused, naming it; a restriction ``f|_{x=0}`` is unchanged."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import claim_verdict, the_only_claim, with_claim

NOTATION = """
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'x'
shape = ['n']

[[family]]
name = 'y'
shape = ['n']

[[scalar]]
name = 't'
"""


@pytest.mark.parametrize("latex, verdicts", [
    (r"|x_1 - y_1| \leq |x - y|_{\infty}", ("confirmed", "proved")),
    (r"|x - y|_\infty = \|x - y\|_\infty", ("proved", "confirmed")),
    (r"\left|x-y\right|_{\infty} = \|x - y\|_\infty", ("proved", "confirmed")),
    (r"\lvert x \rvert_1 = \sum_{m=1}^n |x_m|", ("proved", "confirmed")),
    (r"\big| x \big|_2 = \|x\|", ("proved", "confirmed")),
    (r"|x|_\infty \geq |x|_2", ("refuted",)),
    (r"|t|_\infty = |t|", ("proved", "confirmed")),
])
def test_single_bars_with_a_norm_index_are_that_norm(latex, verdicts):
    assert claim_verdict(NOTATION, latex) in verdicts


def test_another_index_after_single_bars_is_refused_naming_it():
    with pytest.raises(ParseError, match=r"'\|…\|_F' is not read"):
        the_only_claim(with_claim(NOTATION, r"\lvert x \rvert_F = 1"))
    with pytest.raises(ParseError, match="a bar without a partner"):
        the_only_claim(with_claim(NOTATION, r"|x|_F = 1"))      # |_F: a restriction, so the first bar is alone


def test_a_restriction_is_still_a_restriction():
    assert claim_verdict(NOTATION, r"\frac{d}{dt} t^2 \Big|_{t=1} = 2") in ("proved", "confirmed")
