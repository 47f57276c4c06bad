r"""Three constructs blind readers of real documents met, each read or refused in the user's terms:
``\tag2`` (a tag without braces, as TeX and KaTeX take it) is cosmetic like ``\tag{2}``; a conditional
expectation written with ``\mid`` is read as the one written with ``|`` is (it said "this
function takes one argument"); a bar written ``\parallel`` between a call's arguments is quoted as
written (the message named ``\|``)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import claim_verdict, the_only_claim, with_claim

NOTATION = """
id = "t"
title = "t"
source = "x.md"

[[scalar]]
name = 'a'

[[scalar]]
name = 'x'
role = "point"

[[scalar]]
name = 'c'
role = "point"

[[distribution]]
name = 'p'
of = ['x', 'c']

[[function]]
name = 'f'
arguments = 1

[[function]]
name = 'g'
arguments = 2
"""


@pytest.mark.parametrize("latex, verdict", [(r"a + a = 2a \tag2", "proved"), (r"a + a = 3a \tag 3", "refuted"),
                                            (r"a + a = 2a \tag{2}", "proved")])
def test_a_tag_without_braces_is_cosmetic(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


@pytest.mark.parametrize("bar", [r"\mid", "|"])
def test_a_conditional_expectation_is_read_alike_with_either_bar(bar):
    # given the point c, the conditional expectation (test_conditional_expectations.py); f ≡ 0 refutes it
    assert claim_verdict(NOTATION, rf"\mathbb{{E}}[f(x) {bar} c] = 0") == "refuted"
    assert claim_verdict(NOTATION, rf"\mathbb{{E}}[\mathbb{{E}}[f(x) {bar} c]] = \mathbb{{E}}[f(x)]") == "confirmed"


def test_the_bar_between_arguments_is_quoted_as_written():
    with pytest.raises(ParseError, match=r"'\\parallel' between the arguments of a call is read only"):
        the_only_claim(with_claim(NOTATION, r"g(x \parallel c) = 0"))
