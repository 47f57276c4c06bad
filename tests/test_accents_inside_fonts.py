r"""A font around an accented letter, ``\boldsymbol{\hat y}`` (CS224n notes' predicted distribution), is the
accented name in that font: one name with ``\hat{\boldsymbol{y}}`` (TeX sets the two nearly alike, and no
document means two things by them).  Before, it was refused ("a font around more than a name").  The
italic entries of such a vector, ``\hat{y}_i``, are its entries, as ``z_j`` beside ``\mathbf{z}`` are; and
a vector declared ``\boldsymbol{z}`` has its italic entries too (``\bm{z}``, the same name, was counted as a
second vector, and the entries were refused as undeclared)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.spelling import canonical_key
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'n'

[[family]]
name = '\\hat{\\boldsymbol{y}}'
shape = ['n']

[[family]]
name = '\\boldsymbol{y}'
shape = ['n']
"""


@pytest.mark.parametrize("written", [r"\boldsymbol{\hat{y}}", r"\boldsymbol{\hat y}", r"\bm{\hat{y}}",
                                     r"\hat{\boldsymbol{y}}"])
def test_the_spellings_are_one_name(written):
    assert canonical_key(written) == r"\hat{\boldsymbol{y}}"


@pytest.mark.parametrize("latex, verdict", [
    (r"\boldsymbol{\hat{y}} = \hat{\boldsymbol{y}}", "proved"),
    (r"(\boldsymbol{\hat y} - \boldsymbol{y})_i = \hat{y}_i - y_i", "proved"),
    (r"(\boldsymbol{\hat y} - \boldsymbol{y})_i = \hat{y}_i + y_i", "refuted"),
    (r"\boldsymbol{\hat y} = \boldsymbol{y}", "refuted"),
    (r"\boldsymbol{\hat y} \cdot \boldsymbol{y} = \sum_i \hat{y}_i y_i", "proved"),
])
def test_a_font_around_an_accent_and_its_italic_entries(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_an_accent_on_a_name_nothing_declares_is_still_refused():
    with pytest.raises(DerivationError, match="not declared"):
        claim_verdict(NOTATION, r"\boldsymbol{\tilde y} = \boldsymbol{y}")
