r"""0 written beside a vector or a matrix is its zero: ``x - x = 0`` (a blog's check that the gradient of
the cosine similarity of x with itself vanishes).  Before, the sides had different shapes: the vector
equation was refuted ("2 vs 1 components"), the matrix one refused.  Any other number beside a vector is
compared as written (a gradient written as a number is a slip, refuted), and so is a side that reduces to
0 without being written 0."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[family]]
name = 'x'
shape = ['n']

[[family]]
name = 'Z'
shape = ['n', 'n']

[[scalar]]
name = 'a'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"x - x = 0", "proved"),
    (r"0 = x - x", "proved"),
    (r"Z - Z = 0", "proved"),
    (r"\frac{\partial}{\partial x} \left( x^\top x - \|x\|_2^2 \right) = 0", "confirmed"),
    (r"x = 0", "refuted"),                    # the zero vector: x is not
    (r"x - x = 1", "refuted"),                # a number beside a vector: compared as written
    (r"x - x = a - a", "refuted"),            # 0, but not written 0
])
def test_zero_beside_a_vector_is_the_zero_vector(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict
