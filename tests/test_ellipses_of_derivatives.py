r"""An ellipsis whose terms are derivatives by the entries of a family given entry by entry,
``\frac{\partial L}{\partial p_1} + \frac{\partial L}{\partial p_2} + \dots + \frac{\partial L}{\partial p_n}``
(a post's softmax cross-entropy gradient).  The pattern of the terms is read with the varying index as a
variable; a derivative reads its function in a scope of its own, where the variable was lost, so the
pattern kept the 2 of the first term and "the last term does not follow the pattern of the first" was
said of a regular ellipsis.  By the entries of a declared family it was read already."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 2
checked = [2, 3]

[[index]]
name = 'k'
to = 'n'

[[family]]
name = 'x'
shape = ['n']

[[family]]
name = 'p'
shape = ['n']
index = 'm'
equals = '\\frac{e^{x_m}}{\\sum_k e^{x_k}}'

[[define]]
name = 'L'
line = 1
latex = 'L = -\\sum_{k=1}^{n} \\log p_k'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\frac{\partial L}{\partial p_1} + \frac{\partial L}{\partial p_2} + \dots + \frac{\partial L}{\partial p_n} "
     r"= \sum_k \frac{\partial L}{\partial p_k}", "confirmed"),
    (r"\frac{\partial L}{\partial p_1} + \dots + \frac{\partial L}{\partial p_n} = -\sum_k \frac{1}{p_k}", "confirmed"),
    (r"\frac{\partial L}{\partial p_1} + \dots + \frac{\partial L}{\partial p_n} = 0", "refuted"),
    (r"\frac{\partial L}{\partial x_1} + \dots + \frac{\partial L}{\partial x_n} = 0", "confirmed"),
])
def test_an_ellipsis_of_derivatives_by_entries(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict
