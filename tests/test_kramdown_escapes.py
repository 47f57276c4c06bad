r"""Markdown that kramdown renders: ``\\#`` in a bare ``\begin{equation}`` block is the count ``\#``
the page shows (kramdown turns ``\\`` into ``\``); a row break followed by ``#`` is no TeX (``#`` is a
macro parameter, an error in math), so the escape has no other reading.  ``\\`` before anything
else stays a row break."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(scalar=[{"name": "a"}, {"name": "b"}],
                function=[{"name": "\\#", "arguments": 2, "domain": "positive"}])


@pytest.mark.parametrize("statement, verdict", [
    (r"\\#(a, b) = \#(a, b)", "proved"),
    (r"\log \\#(a, b) = \log \#(a, b)", "proved"),
    (r"\\#(a, b) + 1 = \#(a, b)", "refuted"),
])
def test_kramdowns_escaped_count_is_the_count(statement, verdict):
    assert check_statement(statement, **NOTATION).verdict.value == verdict


def test_a_row_break_before_anything_else_stays_a_row_break():
    # two equations, each checked as a claim of its own
    with pytest.raises(ParseError, match="2 equations"):
        check_statement(r"a = a \\ b = b", **NOTATION)
