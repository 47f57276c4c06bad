r"""A definition whose argument is a declared scalar, used at another value: the body was read with the
scalar's declared domain, which SymPy uses to simplify (\sqrt{\tau^2} is τ for τ > 0), and then put the
use's value in.  ``k(-1) = -1`` was *proved* with ``k(\tau) = \sqrt{\tau^2}`` and τ declared positive, and
so was ``g(\mathbf{z}; -1) = -\mathbf{z}`` with ``g(\mathbf{z}; \tau) = \sqrt{\tau^2} \mathbf{z}``.  Now a
parameter after ';' is read as any real number whatever its name (its uses put any value in), and a use of a
declared scalar's definition at a value not known to be in its domain reads the definition again with that
scalar any real number."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'K'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = '\\mathbf{z}'
shape = ['K']

[[scalar]]
name = 'c'

[[scalar]]
name = '\\tau'
domain = "positive"

[[define]]
name = 'g'
line = 3
latex = 'g(\\mathbf{z}; \\tau) = \\sqrt{\\tau^2}\\,\\mathbf{z}'

[[define]]
name = 'k'
line = 4
latex = 'k(\\tau) = \\sqrt{\\tau^2}'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"g(\mathbf{z}; -1) = \mathbf{z}", "proved"),
    (r"g(\mathbf{z}; -1) = -\mathbf{z}", "refuted"),
    (r"g(\mathbf{z}; \tau) = \tau \mathbf{z}", "proved"),
    (r"k(2) = 2", "proved"),
    (r"k(\tau/2) = \tau/2", "proved"),
    (r"k(-1) = 1", "proved"),
    (r"k(-1) = -1", "refuted"),
    (r"k(c) = |c|", "proved"),
    (r"k(c) = c", "refuted"),
])
def test_uses_at_values_in_or_out_of_the_domain(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict
