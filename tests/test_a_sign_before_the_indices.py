r"""A sign written before the indices in one subscript, ``z_{-, i}`` (a post's logits of the negatives
beside ``z_+``, the positive's): the entry i of the family ``z_-``, as ``{z_-}_i`` is read.  Before, the
comma was "unexpected ','; expected '(', '[', '\|', '{'", a message about the parser."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'N'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'N'

[[family]]
name = 's'
shape = ['N']

[[scalar]]
name = 'p'

[[define]]
name = 'z_{-, i}'
line = 2
latex = 'z_{-, i} = s_i / 2'

[[define]]
name = 'z_+'
line = 3
latex = 'z_+ = p / 2'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\log(e^{z_+} + \sum_{i=1}^{N} e^{z_{-, i}}) = \log(e^{p/2} + \sum_{i=1}^{N} e^{s_i/2})", "proved"),
    (r"z_{-,1} = {z_-}_1", "proved"),
    (r"z_{+} - z_{-,1} = (p - s_1)/2", "proved"),
    # the sign is part of the name, not of the value: z_{-, 1} is s_1/2, not −s_1/2
    (r"z_{-, 1} = -s_1 / 2", "refuted"),
])
def test_the_entry_of_the_family_named_with_its_sign(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_a_name_without_its_sign_is_another_name():
    with pytest.raises(ParseError, match=r"'z_\{-i\}' is not declared"):
        claim_verdict(NOTATION, r"z_{-i} = s_1")
