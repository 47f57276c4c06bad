r"""A wide space between two formulas of one row: ``(a+b)^2 = … \quad (a-b)^2 = …`` was one chain whose
middle side was the product of the two formulas' sides (``b^2 (a-b)^2``), and two true identities were
refuted.  Such a space with a relation on each side separates two formulas, as a comma does; so does
``\quad \text{and} \quad``.  A scalar's domain stated after a formula is a condition, never a
statement of its own (``\tau > 0`` of a real τ was refuted); a space with a relation on one side only
stays a space (a product set wide)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.wide_spaces import wide_spaces_as_rows
from contrastive_sym.pipeline import verify_text

NOTATION = r'''
id = "wide"
title = "wide"
source = "notes.md"

[[scalar]]
name = 'a'

[[scalar]]
name = 'b'

[[scalar]]
name = '\tau'
domain = "positive"

[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[family]]
name = 'x'
shape = ['N']
'''


def verdicts(latex: str) -> list:
    text = NOTATION + f"""
[[claim]]
id = "c"
line = 3
title = "c"
latex = '{latex}'
"""
    return [c.outcome.verdict.value for c in verify_text(text).documents[0].claims]


@pytest.mark.parametrize("latex, expected", [
    (r"(a+b)^2 = a^2 + 2ab + b^2 \quad (a-b)^2 = a^2 - 2ab + b^2", ["proved", "proved"]),
    (r"(a+b)^2 = a^2 + 2ab + b^2 \qquad (a-b)^2 = a^2 - 2ab + b^2", ["proved", "proved"]),
    (r"(a+b)^2 = a^2 + 2ab + b^2 \hspace{1cm} (a-b)^2 = a^2 - 2ab + b^2", ["proved", "proved"]),
    (r"(a+b)^2 = a^2 + 2ab + b^2 \quad \text{and} \quad (a-b)^2 = a^2 - 2ab + b^2", ["proved", "proved"]),
    (r"(a+b)^2 = a^2 + 2ab + b^2 \quad (a-b)^2 = a^2 + 2ab + b^2", ["proved", "refuted"]),
    # the word "and" alone between two formulas (a GAN post's optimal discriminator and 1 minus it)
    (r"(a+b)^2 = a^2 + 2ab + b^2 \text{ and } (a-b)^2 = a^2 - 2ab + b^2", ["proved", "proved"]),
    (r"(a+b)^2 = a^2 + 2ab + b^2 \text{and} (a-b)^2 = a^2 + 2ab + b^2", ["proved", "refuted"]),
    (r"(a+b)^2 = a^2 + 2ab + b^2 \text{, and } (a-b)^2 = a^2 - 2ab + b^2", ["proved", "proved"]),
    # the declared domain stated after the formula: read, nothing more to check
    (r"\frac{a}{\tau} \tau = a, \quad \tau > 0", ["proved"]),
    (r"\frac{a}{\tau} \tau = a \quad \tau > 0", ["proved"]),
    # a wide space inside a product stays a space
    (r"\frac{1}{N} \quad \sum_{k=1}^{N} x_k = \frac{1}{N} \sum_{k=1}^{N} x_k", ["proved"]),
])
def test_a_wide_space_between_two_formulas_separates_them(latex, expected):
    assert sorted(verdicts(latex)) == sorted(expected)


def test_a_condition_the_declared_domain_does_not_imply_is_refused():
    with pytest.raises(DerivationError) as caught:
        verdicts(r"(a+b)^2 = a^2 + 2ab + b^2, \quad b > 0")
    assert "states a condition on b that its declared domain does not imply" in caught.value.message


@pytest.mark.parametrize("text", [
    r"a = b \qquad \forall i",
    r"a = b \quad \text{for } i = 1",
    r"\begin{cases} 1 & x = 0 \\ 0 \quad x = 1 \end{cases} = y",
    r"f(a \quad b = c) = d",
    r"\frac{1}{N}\quad \sum_i x_i = 1",
])
def test_what_other_readers_take_is_left_as_written(text):
    assert wide_spaces_as_rows(text) == text


def test_the_rewrite_keeps_every_column():
    text = r"a = b \quad \text{and} \quad c = d"
    rewritten = wide_spaces_as_rows(text)
    assert len(rewritten) == len(text) and rewritten.index("c = d") == text.index("c = d")
    assert rewritten.startswith("a = b ,")     # the comma where \\quad starts
