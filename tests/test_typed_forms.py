r"""Forms a document types that TeX sets as another: full-width operators from a Chinese input method
(``＋``, ``＝``: a survey's ``\exp(\alpha - D_{j,k}) ＋ \sum …``, refused before as "cannot read '＋'") and a
sign written first in a derivative's numerator (``\frac{- \partial \sum_i y_i \log p_i}{\partial p_j}``,
refused before as "'\partial' is not declared").  Both are read as TeX sets them, and checked."""
from __future__ import annotations

import pytest

from contrastive_sym.latex.typed_forms import typed_forms
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 2
checked = [2, 3]

[[index]]
name = 'j'
to = 'n'

[[family]]
name = 'p'
shape = ['n']
domain = "positive"

[[family]]
name = 'y'
shape = ['n']

[[scalar]]
name = 'a'
"""


@pytest.mark.parametrize("text", [r"a ＋ b ＝ （c － d）", r"\frac{- \partial F}{\partial x}", r"\dfrac{-\partial F}{\partial x}"])
def test_the_rewrite_keeps_every_column(text):
    rewritten = typed_forms(text)
    assert len(rewritten) == len(text) and rewritten.count("\n") == text.count("\n")


@pytest.mark.parametrize("latex, verdict", [
    (r"a ＋ 1 ＝ 1 ＋ a", "proved"),
    (r"（a － 1） ＝ 1 － a", "refuted"),
    (r"\frac{- \partial \sum_i y_i \log p_i}{\partial p_j} = -\frac{y_j}{p_j}", "confirmed"),
    (r"\frac{- \partial \sum_i y_i \log p_i}{\partial p_j} = \frac{y_j}{p_j}", "refuted"),
    (r"\frac{-\partial a^2}{\partial a} = -2a", "proved"),
])
def test_they_are_read_as_tex_sets_them(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_a_sign_elsewhere_in_a_fraction_is_left_as_written():
    assert typed_forms(r"\frac{-a}{b}") == r"\frac{-a}{b}"
    assert typed_forms(r"\frac{\partial (-F)}{\partial x}") == r"\frac{\partial (-F)}{\partial x}"
