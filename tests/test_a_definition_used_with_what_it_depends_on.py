r"""A name defined without arguments, used with the declared values its definition depends on written as
arguments: ``\mathcal{L}_{\text{InfoNCE}}(\tau)`` beside ``\mathcal{L}_{\text{InfoNCE}} = …`` (a design note's
loss "as a function of τ").  Before: "takes no arguments".  Now it is the defined value, said; another
argument (L(2τ): the value at another τ, which the definition does not give) is still refused, and the
message says what is read."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, with_claim

NOTATION = TITLE + """
[[scalar]]
name = '\\tau'
domain = "positive"

[[scalar]]
name = 's'

[[define]]
name = '\\mathcal{L}'
line = 3
latex = '\\mathcal{L} = -\\log \\frac{e^{s/\\tau}}{1 + e^{s/\\tau}}'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\mathcal{L}(\tau) = \log(1 + e^{-s/\tau})", "proved"),
    (r"\mathcal{L}(\tau) = \log(1 + e^{s/\tau})", "refuted"),
    (r"\mathcal{L}(s, \tau) \geq 0", "confirmed"),
])
def test_the_use_is_the_defined_value(latex, verdict):
    claim = verify_text(with_claim(NOTATION, latex)).documents[0].claims[0]
    assert claim.outcome.verdict.value == verdict
    assert "is read as \\mathcal{L}, whose definition depends on" in claim.claim.reading


@pytest.mark.parametrize("latex", [r"\mathcal{L}(2\tau) = 1", r"\mathcal{L}(\tau + s) = 1"])
def test_another_argument_is_refused(latex):
    with pytest.raises(DerivationError, match=r"takes no arguments \(a use may name the declared values"):
        verify_text(with_claim(NOTATION, latex))


def test_a_value_the_definition_does_not_depend_on_is_refused():
    notation = NOTATION + "\n[[scalar]]\nname = 'b'\n"
    with pytest.raises(DerivationError, match="takes no arguments"):
        verify_text(with_claim(notation, r"\mathcal{L}(b) = b"))
