r"""``\_`` written for a subscript, as Markdown posts write it for kramdown (which turns ``\_`` into ``_``
before MathJax sees the page): ``a\_i``, ``\mathbf{y}\_{ji}``, ``\sum\_{j}``, ``\mathbb{E}\_X``.  Before, every
such display was "cannot read '\_' here" (a softmax-regression post read none of its nineteen).  Between two
words, ``\text{log\_softmax}``, ``L_{bin\_NCE}``, it is still the underscore of a name."""
from __future__ import annotations

import pytest

from contrastive_sym.latex.script_places import escaped_underscores
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'x'
shape = ['n']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"x\_1 = x_1", "proved"),
    (r"\sum\_{j=1}^{n} x\_{j} = \sum_{j=1}^{n} x_j", "proved"),
    (r"softmax(x)\_1 = \frac{e^{x\_1}}{\sum\_j e^{x\_j}}", "proved"),
    (r"x\_1 = x\_1 + 1", "refuted"),
])
def test_an_escaped_underscore_before_a_script_is_the_subscript(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


@pytest.mark.parametrize("text", [r"\text{log\_softmax}", r"L_{bin\_NCE}", r"ab\_cd", r"\log\_softmax"])
def test_between_two_words_it_is_left_as_written(text):
    assert escaped_underscores(text) == text
