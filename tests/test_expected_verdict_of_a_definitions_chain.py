r"""``expect`` on a definition: the verdict expected of the claim its chain makes
(``\mathcal{L} = A = B`` claims A = B), so that a bundled derivation can record a document's
slip written inside a definition; on a definition with no chain there is nothing to expect."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.model.verdicts import Verdict
from contrastive_sym.pipeline import verify_text

from document_claims import TITLE

NOTATION = TITLE + """
[[scalar]]
name = 'a'

[[scalar]]
name = 'b'
"""


def _define(latex: str, expect: str | None, **keys) -> str:
    lines = ["[[define]]", 'name = "F"', "line = 3", f"latex = '{latex}'"]
    lines += [f'expect = "{expect}"'] if expect else []
    lines += [f"{key} = {value}" for key, value in keys.items()]
    return NOTATION + "\n" + "\n".join(lines) + "\n"


def _chain(result):
    (claim,) = result.documents[0].claims
    return claim


def test_the_chains_claim_carries_the_expectation_and_meets_it():
    result = verify_text(_define(r"F = e^{a} e^{b} = e^{a} + e^{b}", "refuted"))
    claim = _chain(result)
    assert claim.outcome.verdict is Verdict.REFUTED
    assert claim.claim.expected is not None and claim.outcome.verdict.meets(claim.claim.expected)
    assert result.summary.unexpected == 0


def test_an_expectation_the_chain_does_not_meet_fails_the_run():
    result = verify_text(_define(r"F = e^{a} e^{b} = e^{a + b}", "refuted"))
    claim = _chain(result)
    assert claim.outcome.verdict is Verdict.PROVED and not claim.outcome.verdict.meets(claim.claim.expected)
    assert result.summary.unexpected == 1


def test_without_an_expectation_a_refuted_chain_fails_the_run():
    assert verify_text(_define(r"F = e^{a} e^{b} = e^{a} + e^{b}", None)).summary.unexpected == 1


@pytest.mark.parametrize("text", [
    _define(r"F = e^{a} e^{b}", "holds"),
    _define(r"F = e^{a} e^{b}", "holds", read="false"),
])
def test_an_expectation_on_a_definition_without_a_chain_is_an_error(text):
    with pytest.raises(DerivationError, match="writes no chain after it"):
        verify_text(text)


def test_markdown_takes_the_expectation_of_a_definitions_chain():
    text = """<!-- contrastive-verify
id = "m"
title = "m"

[[scalar]]
name = 'a'
-->

<!-- define: name = "G", expect = "refuted" -->
$$
G = (1 + a)^2 = 1 + a^2
$$
"""
    result = verify_text(text, suffix=".md")
    claim = _chain(result)
    assert claim.outcome.verdict is Verdict.REFUTED and result.summary.unexpected == 0
