r"""Underscores a Markdown post escapes (``\sum\_{n}``, ``\mathbb{E}\_X``, ``J\_i``): the Markdown
processor turns ``\_`` into ``_`` before MathJax sees the formula, so the page shows a subscript, and
it is read as one.  Inside a word or a name (``\text{log\_softmax}``, ``\mathcal{L}_{bin\_NCE}``) the
underscore is the name's, as before.  Before, ``\_`` was "cannot read '\_' here"."""
from __future__ import annotations

import pytest

from contrastive_sym.latex.markdown_escapes import escaped_underscores_as_scripts
from contrastive_sym.pipeline import check_statement


@pytest.mark.parametrize("written, read", [
    (r"\sum\_{n}[X\_{n}=k]", r"\sum _{n}[X _{n}=k]"),
    (r"\mathbb{E}\_X \log", r"\mathbb{E} _X \log"),
    (r"\sum\_{x\_j \in X}", r"\sum _{x _j \in X}"),        # nested: escaped for Markdown too
    (r"\text{log\_softmax}(z)\_i", r"\text{log\_softmax}(z) _i"),
    (r"\mathcal{L}_{bin\_NCE}", r"\mathcal{L}_{bin\_NCE}"),   # inside a script: a name's underscore
    (r"\operatorname{a\_b}\_c", r"\operatorname{a\_b} _c"),
    (r"a \\ \_b", r"a \\  _b"),
    (r"a_1 + b^2", r"a_1 + b^2"),
])
def test_an_escaped_underscore_is_a_script_outside_words_and_scripts(written, read):
    assert escaped_underscores_as_scripts(written) == read
    assert len(escaped_underscores_as_scripts(written)) == len(written)     # columns stay the user's


VALUES = dict(size=[{"name": "K", "minimum": 1, "checked": [1, 2, 3]}], family=[{"name": "s", "shape": ["K"]}],
              scalar=[{"name": r"\text{logit\_scale}", "domain": "positive"}, {"name": "a"}])


@pytest.mark.parametrize("statement, verdict", [
    (r"\sum\_{k=1}^{K} s\_k = \sum_{k=1}^{K} s_k", "proved"),
    (r"\sum\_{k=1}^{K} s\_k = \sum_{k=1}^{K} s_k + 1", "refuted"),
    (r"\text{logit\_scale} \cdot a = a \cdot \text{logit\_scale}", "proved"),
])
def test_a_post_with_escaped_underscores_is_checked_as_its_page_shows(statement, verdict):
    assert check_statement(statement, "identity", **VALUES).verdict.value == verdict
