r"""Forms a document types that TeX sets as another: full-width operators from a Chinese input method
(``＋``, ``＝``: a survey's ``\exp(\alpha - D_{j,k}) ＋ \sum …``, refused before as "cannot read '＋'") and a
sign written first in a derivative's numerator (``\frac{- \partial \sum_i y_i \log p_i}{\partial p_j}``,
refused before as "'\partial' is not declared").  Both are read as TeX sets them, and checked."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.typed_forms import typed_forms
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, claim_verdict, with_claim

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


STAR = TITLE + """
[[scalar]]
name = 'x'

[[define]]
name = 'w^*'
line = 3
latex = 'w^* = \\frac{1}{1 + e^{-x}}'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"w^\star = \frac{1}{1 + e^{-x}}", "proved"),
    (r"w^{\star} + 1 = w^* + 1", "proved"),
    (r"1 - w^\star = \frac{1}{1 + e^{-x}}", "refuted"),
])
def test_the_star_of_an_optimum_written_as_a_command_is_the_name_with_its_star(latex, verdict):
    """w^\\star, \\mathbf{w}_i^\\star (a post's optimum): before, "'\\star' is not declared"."""
    claims = verify_text(with_claim(STAR, latex)).documents[0].claims
    assert {c.claim.id: c.outcome.verdict.value for c in claims}["c"] == verdict


def test_a_star_between_two_values_is_not_a_product():
    with pytest.raises(DerivationError, match="between two values \\(a convolution, or a product\\) is not read"):
        verify_text(with_claim(STAR, r"x \star x = x^2"))
