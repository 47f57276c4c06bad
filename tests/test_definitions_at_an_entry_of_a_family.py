r"""A function defined at an entry of a declared family, ``f(s_{i}) = \frac{1}{1 + e^{-s_{i}}}`` with i a
declared index (a blog post's sigmoid of a class's score), used at another entry of that family:
``f(s_1)``, ``f(s_j)``, ``f(s_{k+1})`` are the body at that index.  They were refused ("f is defined for
(s_{i}), not (s_{1})"); an argument that is not an entry of the family stays refused."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict

HEADER = TITLE + """
[[size]]
name = 'C'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
from = FROM
to = 'LAST'

[[index]]
name = 'k'
from = FROM
to = 'LAST'

[[family]]
name = 's'
shape = ['C']
from = FROM
"""

SIGMOID = r"""
[[define]]
name = 'f'
line = 2
latex = 'f(s_{i}) = \frac{1}{1 + e^{-s_{i}}}'
"""

SOFTMAX = r"""
[[define]]
name = 'f'
line = 2
latex = 'f(s_{i}) = \frac{e^{s_{i}}}{\sum_{k} e^{s_{k}}}'
"""


@pytest.mark.parametrize("start", [1, 0])
@pytest.mark.parametrize("definition, latex, verdict", [
    (SIGMOID, r"f(s_{FIRST}) = \frac{1}{1 + e^{-s_{FIRST}}}", "proved"),
    (SIGMOID, r"f(s_k) > 0", "confirmed"),
    (SIGMOID, r"f(s_{FIRST}) + f(s_{SECOND}) < 2", "confirmed"),
    (SOFTMAX, r"\sum_{k} f(s_k) = 1", "proved|confirmed"),      # SymPy proves it for one start only
    (SOFTMAX, r"f(s_{FIRST}) \leq 1", "confirmed"),
    # false as written: the entries are not the same number
    (SIGMOID, r"f(s_{FIRST}) = f(s_{SECOND})", "refuted"),
    (SIGMOID, r"f(s_{FIRST}) = \frac{1}{1 + e^{-s_{SECOND}}}", "refuted"),
    (SOFTMAX, r"f(s_{SECOND}) = \frac{e^{s_{FIRST}}}{\sum_{k} e^{s_{k}}}", "refuted"),
])
def test_a_use_at_another_entry_is_the_body_at_that_index(start, definition, latex, verdict):
    header = HEADER.replace("FROM", str(start)).replace("LAST", "C" if start else "C - 1")
    latex = latex.replace("FIRST", str(start)).replace("SECOND", str(start + 1))
    assert claim_verdict(header + definition, latex) in verdict.split("|")


def test_an_argument_that_is_not_an_entry_of_the_family_is_refused():
    with pytest.raises(ParseError, match=r"f is defined for \(s_\{i\}\), not \(-s_1\)"):
        claim_verdict(HEADER.replace("FROM", "1").replace("LAST", "C") + SIGMOID, r"f(-s_1) = 1 - f(s_1)")
