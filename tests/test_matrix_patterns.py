r"""Matrices written by a pattern of their rows and of their columns, as posts on the softmax write its
Jacobian: written rows, a row of ellipses (``\vdots & \ddots & \vdots``, or ``... & ...``), the last row,
and in each written row an ellipsis (``\cdots``, ``\dots``, ``...``) before its last entry.  Before, every
such matrix was refused ("'\cdots' as an entry of row 1 … is not read").  The entry at (r, c) is read from
a written entry whose places naming its row and its column are found against its column and its row;
every written entry must fit it, or, on the diagonal of a square matrix, a second pattern of its own.
What no pattern determines is refused, naming what the reading needs."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + r"""
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[index]]
name = 'i'
to = 'n'

[[index]]
name = 'j'
to = 'n'

[[family]]
name = 's'
shape = ['n']

[[family]]
name = 'y'
shape = ['n']

[[family]]
name = 'a'
shape = ['n', 'd']
"""

#: the Jacobian of the softmax s, its diagonal apart
JACOBIAN = (r"\begin{bmatrix} s_1 - s_1^2 & -s_1 s_2 & \cdots & -s_1 s_n \\ -s_2 s_1 & s_2 - s_2^2 & \cdots & -s_2 s_n"
            r" \\ \vdots & \vdots & \ddots & \vdots \\ -s_n s_1 & -s_n s_2 & \cdots & s_n - s_n^2 \end{bmatrix}")

#: the same with dots and spaced row breaks, as a Markdown post writes it
JACOBIAN_DOTTED = r"""\begin{bmatrix}
s_1 - s_1^2 &  -s_1 s_2   &    ...   &  -s_1 s_n     \\[0.6em]
 -s_2 s_1   & s_2 - s_2^2 &    ...   &  -s_2 s_n     \\[0.6em]
   ...      &    ...      &    ...   &    ...        \\[0.6em]
 -s_n s_1   &  -s_n s_2   &    ...   & s_n - s_n^2   \end{bmatrix}"""


@pytest.mark.parametrize("latex, verdict", [
    (JACOBIAN + r" = \text{diag}(s) - s s^\top", "proved"),
    (JACOBIAN + r" = \text{diag}(s) + s s^\top", "refuted"),
    (JACOBIAN + r"_{ij} = s_i (\mathbb{1}_{i = j} - s_j)", "proved"),
    (r"\begin{pmatrix} s_1 y_1 & \cdots & s_1 y_n \\ \vdots & \ddots & \vdots \\ s_n y_1 & \cdots & s_n y_n"
     r" \end{pmatrix} = s y^\top", "proved"),
    (r"\begin{pmatrix} s_1 y_1 & \cdots & s_1 y_n \\ \vdots & \ddots & \vdots \\ s_n y_1 & \cdots & s_n y_n"
     r" \end{pmatrix} = y s^\top", "refuted"),
    # of n rows and d columns
    (r"\begin{bmatrix} a_{1,1} & \cdots & a_{1,d} \\ \vdots & \ddots & \vdots \\ a_{n,1} & \cdots & a_{n,d}"
     r" \end{bmatrix} = a", "proved"),
    # downwards: the first ends certainly above the last
    (r"\begin{bmatrix} s_n y_n & \cdots & s_n y_1 \\ \vdots & \ddots & \vdots \\ s_1 y_n & \cdots & s_1 y_1"
     r" \end{bmatrix}_{ij} = s_{n+1-i} y_{n+1-j}", "proved"),
])
def test_a_matrix_written_by_a_pattern_in_two_directions(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_a_jacobian_written_with_dots_and_spaced_rows():
    # the last '...' of a row before \\ was taken for a full stop ending the formula, and dropped
    assert claim_verdict(NOTATION, JACOBIAN_DOTTED + r" = \text{diag}(s) - s s^\top") == "proved"


@pytest.mark.parametrize("latex, says", [
    # one row: no pattern of the rows
    (r"\begin{bmatrix} s_1 & \cdots & s_n \end{bmatrix} = s", "which needs rows written above a row of ellipses"),
    # the same row again and again: the rows differ in no index
    (r"\begin{bmatrix} s_1 & s_2 & \cdots & s_n \\ \vdots & \vdots & \ddots & \vdots \\ s_1 & s_2 & \cdots & s_n"
     r" \end{bmatrix} = s", "the first and the last of its rows to differ in one index"),
    # the second column is not the pattern's next one (y_3 where y_2 would be)
    (r"\begin{bmatrix} s_1 y_1 & s_1 y_3 & \cdots & s_1 y_n \\ s_2 y_1 & s_2 y_2 & \cdots & s_2 y_n \\ \vdots & "
     r"\vdots & \ddots & \vdots \\ s_n y_1 & s_n y_2 & \cdots & s_n y_n \end{bmatrix} = s y^\top",
     "every written entry to be one pattern at its row and column"),
    # a diagonal whose last entry does not follow its first: no second pattern is guessed
    (r"\begin{bmatrix} s_1 - s_1^2 & -s_1 s_2 & \cdots & -s_1 s_n \\ -s_2 s_1 & s_2 - s_2^2 & \cdots & -s_2 s_n"
     r" \\ \vdots & \vdots & \ddots & \vdots \\ -s_n s_1 & -s_n s_2 & \cdots & s_n + s_n^2 \end{bmatrix} = s y^\top",
     "every written entry to be one pattern at its row and column"),
    # the identity written out: its entries differ, but no index is written, so its size is nowhere
    (r"\begin{bmatrix} 1 & 0 & \cdots & 0 \\ 0 & 1 & \cdots & 0 \\ \vdots & \vdots & \ddots & \vdots \\ 0 & 0 & \cdots & 1"
     r" \end{bmatrix} = s y^\top", "the first and the last of its rows to differ in one index"),
    # the ellipsis of a row elsewhere than before its last entry
    (r"\begin{bmatrix} s_1 & \cdots & s_2 & s_n \\ \vdots & \vdots & \ddots & \vdots \\ s_1 & \cdots & s_2 & s_n"
     r" \end{bmatrix} = s", "one ellipsis in each written row, before its last entry"),
])
def test_what_no_pattern_determines_is_refused(latex, says):
    with pytest.raises(DerivationError) as caught:
        claim_verdict(NOTATION, latex)
    assert says in str(caught.value)
