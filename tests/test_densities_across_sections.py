r"""A definition that draws from a density of a distribution (``L = \mathbb{E}_{q(T,S|C=1)} \log p(T)``,
q defined by p), and a later [[section]] that declares p anew: reading the definition again under the
section's notation found no distribution of the old table and crashed ("internal error:
StopIteration", a document on contrastive distillation added blind).  It is now read or refused with
a message; never a crash."""
from __future__ import annotations

from contrastive_sym.pipeline import verify_text

DOCUMENT = r'''
id = "t"
title = "t"
source = "t.md"

[[scalar]]
name = 'T'
role = "point"

[[scalar]]
name = 'S'
role = "point"

[[distribution]]
name = 'p'
of = ['T', 'S']

[[scalar]]
name = 'C'
domain = "binary"

[[define]]
name = 'q(T,S|C=1)'
line = 4
latex = 'q(T,S|C=1) = p(S,T)'

[[define]]
name = 'L'
line = 5
latex = 'L = \mathbb{E}_{q(T,S|C=1)} \log p(T)'

[[section]]
line = 10

[[section.scalar]]
name = 'X'
role = "point"

[[section.scalar]]
name = 'Y'
role = "point"

[[section.distribution]]
name = 'p'
of = ['X', 'Y']

[[claim]]
id = "c1"
line = 12
title = "x"
latex = 'p(X, Y) \leq 1 + p(X, Y)'
'''


def test_a_section_that_declares_a_distribution_anew_does_not_crash_an_earlier_definition():
    (claim,) = verify_text(DOCUMENT).documents[0].claims
    assert claim.outcome.verdict.value in ("confirmed", "proved")


def test_the_definition_used_after_the_section_keeps_its_own_distribution():
    """L, which writes no name the section declares anew, is read with the p of its own line."""
    text = DOCUMENT + r'''
[[claim]]
id = "c2"
line = 13
title = "uses L"
latex = 'L \leq L + 1'
'''
    verdicts = {c.claim.id: c.outcome.verdict.value for c in verify_text(text).documents[0].claims}
    assert verdicts == {"c1": "confirmed", "c2": "confirmed"}
