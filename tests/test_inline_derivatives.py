r"""A claim that reads in two ways, one of which does not read (``a / \partial x_1``: (a/∂) x_1 or a/(∂x_1)),
is refused at the claim's line, naming the reading; the error was placed in the rewritten text."""
from __future__ import annotations

import pytest

from document_claims import TITLE

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
