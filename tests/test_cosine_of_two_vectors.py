r"""``\cos(u, v)`` of two vectors, as contrastive texts write a cosine similarity (a post's gradient of
InfoNCE, ``s = \cos(u, v) = \frac{u \cdot v}{\|u\| \|v\|}``; a course's margin losses, ``\cos(x_1, x_2)``).
Before: "\cos takes one number".  Now it is u·v/(‖u‖ ‖v‖), said in the reading, undefined where
either vector is 0: the cancellation of \cos(u, u) to 1 keeps that point."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, the_only_claim, with_claim

VECTORS = TITLE + r"""
[[size]]
name = 'd'
minimum = 1
checked = [1, 2, 3]

[[size]]
name = 'n'
minimum = 2
checked = [2, 3]

[[family]]
name = 'u'
shape = ['d']

[[family]]
name = 'v'
shape = ['d']

[[family]]
name = 'z'
shape = ['n', 'd']

[[family]]
name = 'w'
shape = ['n']

[[scalar]]
name = 'a'

[[scalar]]
name = 'b'
"""


def _claim(latex: str):
    return the_only_claim(with_claim(VECTORS, latex))


@pytest.mark.parametrize("latex, verdict", [
    # where both are nonzero: conditional on that, as the written quotient is
    (r"\cos(u, v) = \frac{u \cdot v}{\|u\| \|v\|}", "conditional"),
    (r"\cos(z_1, z_2) = \frac{z_1^\top z_2}{\|z_1\| \|z_2\|}", "conditional"),
    (r"\cos(u, v) \le 1", "conditional"),
    (r"\cos(2u, v) = \cos(u, v)", "conditional"),
    (r"\cos(u, v) = \frac{u \cdot v}{\|u\|}", "refuted"),
    (r"\cos(-u, v) = \cos(u, v)", "refuted"),
    # SymPy cancels u·u/(√(u·u))² to 1; the point u = 0, where it is undefined, is kept
    (r"\cos(u, u) = 1", "conditional"),
])
def test_the_cosine_of_two_vectors_is_their_cosine_similarity(latex, verdict):
    claim = _claim(latex)
    assert claim.outcome.verdict.value == verdict
    assert "of two vectors is their cosine similarity" in claim.claim.reading
    if verdict == "conditional":
        assert "> 0" in claim.outcome.message or "≠ 0" in claim.outcome.message


@pytest.mark.parametrize("latex, needle", [
    (r"\cos(u, w) = 1", "\\cos of two vectors (their cosine similarity) of different lengths, d and n"),
    (r"\cos(a, b) = 1", "\\cos takes one number"),
])
def test_what_is_not_two_vectors_of_one_length_is_refused(latex, needle):
    with pytest.raises(DerivationError) as caught:
        verify_text(with_claim(VECTORS, latex))
    assert needle in str(caught.value)


def test_a_declared_cos_keeps_its_own_meaning():
    # a [[function]] named \cos is any function of its two arguments: cos(u, u) = 1 is refuted there
    declared = VECTORS + "\n[[function]]\nname = '\\cos'\narguments = 2\n"
    claim = the_only_claim(with_claim(declared, r"\cos(u, u) = 1"))
    assert claim.outcome.verdict.value == "refuted"
    assert "cosine similarity" not in claim.claim.reading
