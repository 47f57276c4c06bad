r"""An alignment mark inside a brace group, ``{x^2 & y}``: TeX stops there ("Misplaced alignment tab
character"), and the lexer, which drops every ``&``, read it as the product x² y (found by probing).
Refused; an ``&`` between the columns of a row, a matrix or cases is still read as before."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

REALS = dict(scalar=[{"name": "x"}, {"name": "y"}])


@pytest.mark.parametrize("statement", [r"{x^2 & y} = x^2 y", r"\frac{x & 1}{y} = 1", r"\sqrt{x & y} = 1"])
def test_an_alignment_mark_inside_braces_is_refused(statement):
    with pytest.raises(ParseError, match="an alignment mark '&' inside braces is not read"):
        check_statement(statement, **REALS)


@pytest.mark.parametrize("statement", [
    r"x^2 y &= y x^2",
    r"\begin{aligned} x + y &= y + x \\ &= x + y \end{aligned}",
    r"\begin{bmatrix} x & y \end{bmatrix} \begin{bmatrix} 1 \\ 1 \end{bmatrix} = x + y",
])
def test_an_alignment_mark_between_columns_is_layout(statement):
    assert check_statement(statement, **REALS).verdict.value in ("proved", "confirmed")
