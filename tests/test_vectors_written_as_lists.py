r"""Vectors written as lists of numbers, and runs written downwards (found by probing the reader's new
readings).  An entry past the end of ``[a, b]`` read as 0: ``[a, b]_3 = 0`` was *proved*; now a written
entry it does not have is an error, and one at an index that may pass the end is undefined there.  A run
written downwards, ``[x_3, \dots, x_1]`` or ``x_3 + \dots + x_1``, was read upwards from 3 to 1, empty:
``\|[x_3, \dots, x_1]\|^2 = 0`` was *proved*; it is now counted down, each term once, in the order written."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'K'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'K'

[[scalar]]
name = 'a'

[[scalar]]
name = 'b'

[[family]]
name = 'x'
shape = [3]

[[family]]
name = 'y'
shape = ['K']
"""


@pytest.mark.parametrize("latex", [r"[a, b]_3 = 0", r"[a, b]_0 = 0", r"(1.0, 0.0)_3 = 0", r"[x_1, x_2, x_3]_4 = 0"])
def test_an_entry_a_written_vector_does_not_have_is_an_error(latex):
    with pytest.raises(DerivationError, match="which it does not have"):
        claim_verdict(NOTATION, latex)


@pytest.mark.parametrize("latex, verdict", [
    (r"([a, b])_i = 0", "refuted"),
    (r"([a, b])_i = ([a, b])_i", "conditional"),        # undefined at i = 3 (K = 3)
    (r"[a, b]_2 = b", "confirmed"),
    (r"[a, b] \cdot [a, b] = a^2 + b^2", "confirmed"),
])
def test_an_entry_at_an_index_that_may_pass_the_end_is_undefined_there(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


@pytest.mark.parametrize("latex, verdict", [
    (r"\|[x_3, \dots, x_1]\|^2 = \|x\|^2", "proved"),
    (r"\|[x_3, \dots, x_1]\|^2 = 0", "refuted"),
    (r"[x_3, \dots, x_1] = [x_3, x_2, x_1]", "confirmed"),
    (r"[x_3, \dots, x_1] = [x_1, x_2, x_3]", "refuted"),
    (r"x_3 + \dots + x_1 = x_1 + x_2 + x_3", "proved"),
    (r"y_K + \dots + y_1 = \sum_k y_k", "confirmed"),
    (r"y_1 + \dots + y_K = \sum_k y_k", "proved"),
    # from K down to 2: K - 2 has no known sign (a size is only known positive), and it grows with K: counted
    # down (it was read upwards, empty or negative, and a true sum refuted)
    (r"y_K + \dots + y_2 = \sum_{k=2}^{K} y_k", "confirmed"),
    (r"y_K + \dots + y_2 = \sum_{k=1}^{K} y_k", "refuted"),
])
def test_a_run_written_downwards_is_counted_down(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict
