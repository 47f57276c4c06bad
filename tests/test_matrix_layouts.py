r"""Matrices written out: by their entries (``\begin{pmatrix} a & b \\ c & d \end{pmatrix}``),
by their rows (``\begin{bmatrix} z_1^\top \\ z_2^\top \end{bmatrix}``), and by the pattern of
their first and last rows around ``\vdots`` (lecture notes' ``F`` of rows
``p(x_i)^{1/2} f(x_i)^\top``).  What the layout does not determine is refused, and a
determinant (``vmatrix``) is not a matrix.
"""
from __future__ import annotations

import re

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.matrix_layout import BEGIN, COLUMN, END, ROW, VDOTS, bracketed_arrays, mark_matrices
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    family=[{"name": "x", "shape": ["N", "d"]}, {"name": "w", "shape": ["N"]}, {"name": "u", "shape": ["d"]}],
    scalar=[{"name": "a"}, {"name": "b"}],
)


def check(statement: str, kind: str = "identity"):
    return check_statement(statement, kind, **NOTATION)


def test_the_layout_is_marked_at_the_same_length():
    written = r"\begin{bmatrix} a & b \\ \vdots \\ c \\ \end{bmatrix}"
    marked = mark_matrices(written)
    assert len(marked) == len(written)
    assert [c for c in marked if c in (BEGIN, ROW, COLUMN, VDOTS, END)] == [BEGIN, COLUMN, ROW, VDOTS, ROW, END]


@pytest.mark.parametrize("statement, verdicts", [
    (r"\begin{bmatrix} x_1^\top \\ \vdots \\ x_N^\top \end{bmatrix} = x", ("proved", "confirmed")),
    (r"\begin{bmatrix} w_1 x_1^\top \\ \vdots \\ w_N x_N^\top \end{bmatrix} u "
     r"= \begin{pmatrix} w_1 x_1^\top u \\ \vdots \\ w_N x_N^\top u \end{pmatrix}", ("proved", "confirmed")),
    (r"\begin{bmatrix} w_1 x_1^\top \\ \vdots \\ w_N x_N^\top \end{bmatrix} u "
     r"= \begin{pmatrix} x_1^\top u \\ \vdots \\ x_N^\top u \end{pmatrix}", ("refuted",)),     # the weights dropped
    (r"\begin{bmatrix} x_1^\top \\ x_2^\top \end{bmatrix} u = \begin{pmatrix} x_1^\top u \\ x_2^\top u \end{pmatrix}",
     ("proved", "confirmed")),
    (r"\begin{pmatrix} a & b \\ b & a \end{pmatrix}^\top = \begin{pmatrix} a & b \\ b & a \end{pmatrix}",
     ("proved", "confirmed")),
    (r"\begin{pmatrix} a & b \\ 0 & a \end{pmatrix}^\top = \begin{pmatrix} a & b \\ 0 & a \end{pmatrix}", ("refuted",)),
    (r"\operatorname{tr}\begin{pmatrix} a & b \\ 0 & a \end{pmatrix} = 2a", ("proved", "confirmed")),
    # a column written by its first rows, \vdots and its last (a post's gradient p - y)
    (r"\begin{bmatrix} x_1^\top \\ x_2^\top \\ \vdots \\ x_N^\top \end{bmatrix} = x", ("proved", "confirmed")),
    (r"\begin{bmatrix} x_1^\top u \\ x_2^\top u \\ \vdots \\ x_N^\top u \end{bmatrix} = x u", ("proved", "confirmed")),
    (r"\begin{bmatrix} x_1^\top u \\ x_2^\top u \\ \vdots \\ x_N^\top u \end{bmatrix} = 2 x u", ("refuted",)),
    # written downwards: w_N first (it was read as an empty column: its norm 0 confirmed)
    (r"\left\| \begin{pmatrix} w_N \\ \vdots \\ w_1 \end{pmatrix} \right\|^2 = \sum_{i=1}^{N} w_i^2", ("proved", "confirmed")),
    (r"\left\| \begin{pmatrix} w_N \\ \vdots \\ w_1 \end{pmatrix} \right\|^2 = 0", ("refuted",)),
    (r"\begin{pmatrix} w_N \\ w_{N-1} \\ \vdots \\ w_1 \end{pmatrix}_1 = w_N", ("proved", "confirmed")),
    (r"\begin{pmatrix} w_N \\ \vdots \\ w_1 \end{pmatrix}_1 = w_1", ("refuted",)),
    # from 2 up to N: upwards unless the first end is certainly above the last (as an ellipsis is read)
    (r"\left\|\begin{pmatrix} w_2 \\ \vdots \\ w_N\end{pmatrix}\right\|^2 = \sum_{i=2}^{N} w_i^2", ("proved", "confirmed")),
    # from N down to 2: N - 2 has no known sign (a size is only known positive), and it grows with the size:
    # downwards (it was read upwards, as an empty column, and a true norm was refuted)
    (r"\left\|\begin{pmatrix} w_N \\ \vdots \\ w_2\end{pmatrix}\right\|^2 = \sum_{i=2}^{N} w_i^2", ("proved", "confirmed")),
    (r"\left\|\begin{pmatrix} w_N \\ \vdots \\ w_2\end{pmatrix}\right\|^2 = \sum_{i=1}^{N} w_i^2", ("refuted",)),
    # an array in brackets or parentheses, as bmatrix and pmatrix are set by hand
    (r"\left[ \begin{array}{c} x_1^\top u \\ x_2^\top u \end{array} \right] = \begin{pmatrix} x_1^\top u \\ x_2^\top u "
     r"\end{pmatrix}", ("proved", "confirmed")),
    (r"\left( \begin{array}{cc} a & b \\ 0 & a \end{array} \right)^\top = \begin{pmatrix} a & 0 \\ b & a \end{pmatrix}",
     ("proved", "confirmed")),
    (r"[\begin{array}{c|c} a & b \\ 0 & a \end{array}]^\top = \begin{pmatrix} a & b \\ 0 & a \end{pmatrix}", ("refuted",)),
])
def test_a_matrix_written_out_is_read(statement, verdicts):
    outcome = check(statement)
    assert outcome.verdict.value in verdicts, outcome.message


@pytest.mark.parametrize("statement, said", [
    (r"\begin{vmatrix} a & b \\ b & a \end{vmatrix} = 0", r"'\begin{vmatrix}' (an array or matrix) is not read"),
    (r"\begin{pmatrix} a & b \\ b \end{pmatrix} = 0", "different numbers of entries"),
    (r"\begin{bmatrix} x_1^\top \\ \vdots \end{bmatrix} = x", r"\vdots in a matrix is read as the row before the last"),
    (r"\begin{bmatrix} x_1^\top \\ \vdots \\ x_{N-1}^\top \\ x_N^\top \end{bmatrix} = x",
     r"\vdots in a matrix is read as the row before the last"),
    # the rows before \vdots must continue the pattern: x_1, x_3, ⋮, x_N leaves x_2 … unwritten
    (r"\begin{bmatrix} x_1^\top \\ x_3^\top \\ \vdots \\ x_N^\top \end{bmatrix} = x",
     r"the row 'x_3^\top' before \vdots is not the next row of the pattern"),
    (r"\begin{pmatrix} w_N \\ \vdots \\ w_d \end{pmatrix} = 0", "which of the two is the larger is not known"),
    (r"\begin{bmatrix} x_1^\top \\ \vdots \\ x_N \end{bmatrix} = x", "which are not whole numbers"),
    (r"\begin{bmatrix} a & \ddots \end{bmatrix} = 0", "which needs rows written above a row of ellipses"),
    (r"\begin{bmatrix} a & b \ddots \end{bmatrix} = 0", r"'\ddots' inside an entry of a matrix is not read"),
    (r"\begin{pmatrix} x_1^\top & a \end{pmatrix} = 0", "an entry of a matrix of several columns is a number"),
    # a pattern in two directions that the layout does not determine (tests/test_matrix_patterns.py reads
    # those it does), and an empty entry: named, with the form that is read
    (r"\begin{bmatrix} a & \dots & b \end{bmatrix} = 0", "which needs rows written above a row of ellipses"),
    (r"\begin{bmatrix} a & b \\ ... & ... \end{bmatrix} = 0", r"\vdots in a matrix is read as the row before the last"),
    (r"\begin{bmatrix} a & b & \cdots & a \\ \vdots & \vdots & & \vdots \end{bmatrix} = 0",
     "an empty entry in row 2"),
    (r"\begin{bmatrix} a & b \\ \vdots & & \end{bmatrix} = 0",
     r"an empty entry in row 2 of '\begin{bmatrix}': a matrix is read with every entry written"),
])
def test_what_the_layout_does_not_determine_is_refused(statement, said):
    with pytest.raises(DerivationError, match=re.escape(said)):
        check(statement)


@pytest.mark.parametrize("written, read", [
    ("\\left[\n\\begin{array}{c} a \\\\ b \\end{array} \\right]", True),
    # no room for \end{matrix} on one line: left as written (and refused as an array)
    ("\\left[ \\begin{array}{c} a \\\\ b \\end{array}\n\\right]", False),
    (r"\left( \begin{array}{ll} a & b \end{array} \right)", True),
    (r"( \begin{array}{c} a \end{array} )", True),
    # a determinant, the brace of cases, brackets that do not match, an array inside one: left as written
    (r"\left| \begin{array}{cc} a & b \end{array} \right|", False),
    (r"\left\{ \begin{array}{ll} a & b \end{array} \right.", False),
    (r"\left[ \begin{array}{c} a \end{array} \right)", False),
    (r"[ \begin{array}{c} a \end{array} \right]", False),
    # parentheses after a name are a call's (the array inside is its argument): left as written
    (r"\text{softmax}\left( \begin{array}{c} a \end{array} \right)", False),
    (r"f(\begin{array}{c} a \end{array})", False),
    (r"= \left( \begin{array}{c} a \end{array} \right)", True),
    (r"\left[ \begin{array}{c} \begin{array}{c} a \end{array} \end{array} \right]", False),
])
def test_an_array_in_brackets_is_a_matrix_at_the_same_length_and_lines(written, read):
    marked = bracketed_arrays(written)
    assert len(marked) == len(written)
    assert [i for i, c in enumerate(marked) if c == "\n"] == [i for i, c in enumerate(written) if c == "\n"]
    assert ("matrix" in marked) is read and (marked == written) is not read
