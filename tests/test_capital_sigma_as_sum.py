r"""``\Sigma_j …`` written for ``\sum_j …`` (blog posts set the sum with the Greek capital): read as
the sum when the document declares no ``\Sigma``, and recorded as a reading; a declared ``\Sigma``
keeps its meaning."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import claim_verdict, the_only_claim, with_claim

NOTATION = """
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'x'
shape = ['n']

[[index]]
name = 'j'
from = 1
to = 'n'
"""

SIGMA_DECLARED = NOTATION + r"""
[[family]]
name = '\Sigma'
shape = ['n']
"""


@pytest.mark.parametrize("latex", [
    r"\Sigma_{j=1}^{n} x_j = \sum_{j=1}^{n} x_j",
    r"\Sigma^{n}_{j=1} x_j^2 = \sum_{j=1}^{n} x_j x_j",
    r"\frac{e^{x_1}}{\Sigma_{k=1}^{n} e^{x_k}} = \frac{e^{x_1}}{\sum_{k=1}^{n} e^{x_k}}",
    r"\Pi_{j=1}^{n} e^{x_j} = e^{\sum_{j=1}^{n} x_j}",
])
def test_a_scripted_capital_before_a_term_is_the_sum_or_product(latex):
    assert claim_verdict(NOTATION, latex) in ("proved", "confirmed")


def test_a_false_statement_with_the_capital_is_refuted():
    assert claim_verdict(NOTATION, r"\Sigma_{j=1}^{n} x_j = n x_1") == "refuted"


def test_the_reading_is_recorded():
    claim = the_only_claim(with_claim(NOTATION, r"\Sigma_{j=1}^{n} x_j = \sum_{j=1}^{n} x_j"))
    assert r"is read as the sign \sum" in claim.claim.reading


def test_a_declared_capital_keeps_its_meaning():
    # Σ_j is an entry of the declared family: Σ_1 x_1 is a product, not a sum over 1
    assert claim_verdict(SIGMA_DECLARED, r"\Sigma_1 x_1 = x_1 \Sigma_1") == "proved"
    assert claim_verdict(SIGMA_DECLARED, r"\Sigma_{1} x_1 = \sum_{j=1}^{n} x_j") == "refuted"


def test_an_unscripted_capital_is_a_letter():
    with pytest.raises(ParseError, match=r"'\\Sigma' is not declared"):
        the_only_claim(with_claim(NOTATION, r"\Sigma x_1 = x_1"))
