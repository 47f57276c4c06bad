r"""A derivative written inline, ``\partial L / \partial x_1`` (as notes set it in a vector of partial
derivatives, one per row), is ``\frac{\partial L}{\partial x_1}``.  Before, it was refused with a message
that named this very form as one that reads ("… or \partial J / \partial U")."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_verdict

NOTATION = TITLE + r"""
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'x'
shape = ['n']

[[index]]
name = 'i'
to = 'n'

[[define]]
name = 'L'
line = 5
latex = 'L = \sum_i x_i^2'
"""


@pytest.mark.parametrize("latex, verdicts", [
    (r"\partial L / \partial x_1 = 2 x_1", {"proved", "confirmed"}),
    (r"\partial L / \partial x_1 = 3 x_1", {"refuted"}),
    (r"\partial^2 L / \partial x_1 \partial x_1 = 2", {"proved", "confirmed"}),
    (r"\partial L / \partial x_1 \cdot 2 = 4 x_1", {"proved", "confirmed"}),
    # the gradient written as a column of them, by the pattern of its first and last rows
    (r"\begin{pmatrix} \partial L / \partial x_1 \\ \vdots \\ \partial L / \partial x_n \end{pmatrix} = 2 x",
     {"proved", "confirmed"}),
    (r"\begin{pmatrix} \partial L / \partial x_1 \\ \vdots \\ \partial L / \partial x_n \end{pmatrix} = x",
     {"refuted"}),
])
def test_a_derivative_written_inline(latex, verdicts):
    assert claim_verdict(NOTATION, latex) in verdicts


def test_a_reading_that_does_not_read_is_refused_at_the_line_of_the_claim():
    # a / \partial x_1: (a/\partial) x_1 or a/(\partial x_1); the first does not read, and its error was
    # placed in the rewritten text, at line 1 of the file
    from contrastive_sym.errors import DerivationError
    from document_claims import with_claim, claim_result
    with pytest.raises(DerivationError) as caught:
        claim_result(with_claim(NOTATION, r"a / \partial x_1 = 1", line=10))
    message = str(caught.value)
    assert ":1:" not in message.split(": ")[0]
    assert "ambiguous: 'a/\\partial x_1' reads as" in message and "is not read (" in message
