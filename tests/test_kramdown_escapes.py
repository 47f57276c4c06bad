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


FAMILY = dict(size=[{"name": "C", "minimum": 2, "checked": [2, 3]}],
              index=[{"name": "i", "to": "C"}, {"name": "y", "to": "C"}],
              family=[{"name": "z", "shape": ["C"]}], scalar=[{"name": "m", "domain": "positive"}])


@pytest.mark.parametrize("statement, verdict", [
    # \sum_\{…} of a post whose processor turns \{ into {: the script's group, closed by a plain }
    (r"\sum_\{i=1, i \neq y}^C e^{z_i} = \sum_{i \neq y} e^{z_i}", "proved"),
    (r"\sum_\{i=1, i \neq y}^C e^{z_i} = \sum_{i=1}^C e^{z_i}", "refuted"),
    # \\{ … \\} in one row: the set braces \{ … \}
    (r"\max_\{i \neq y} \\{z_i \\} \geq z_1", "refuted"),
    (r"\max_\{i \neq y} \\{z_i \\} = \max_{i \neq y} z_i", "proved"),
])
def test_escaped_braces_are_the_braces_the_page_shows(statement, verdict):
    assert check_statement(statement, **FAMILY).verdict.value == verdict


def test_a_literal_brace_in_a_script_stays_one():
    # x_\{a\}: both braces escaped, TeX's glyphs in the script; nothing closes a group with a plain }
    from contrastive_sym.latex.markdown_escapes import escaped_braces
    assert escaped_braces(r"x_\{a\} + \\ \{b\}") == r"x_\{a\} + \\ \{b\}"
