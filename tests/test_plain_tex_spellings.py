r"""Spellings that posts and notes use for what the reader read otherwise, found by documents added
blind: an old font switch in a script (``B_{\rm con}``, the name B_{\mathrm{con}}, was 'con' is not
declared), a maximum with a range as a sum has (``\max_{l=1}^{B}``) and with its parenthesised
argument in braces (``\max{(0, d)}``), ``\mbox{if }`` before a case's condition, the extra space of a
row break (``\\[4pt]``), a mark ending a proof (``\qquad \blacksquare``) and PyTorch's
``\text{log\_softmax}``.  Each is read as the
spelling the reader knew, and what it means is checked."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest


sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_verdict, the_only_claim, with_claim  # noqa: E402

NOTATION = r'''
id = "spellings"
title = "spellings"
source = "post.md"

[[size]]
name = 'B'
minimum = 2
checked = [2, 3]

[[family]]
name = 'x'
shape = ['B']

[[index]]
name = 'k'
from = 1
to = 'B'

[[scalar]]
name = 'B_{\mathrm{con}}'

[[scalar]]
name = 'a'
'''


def verdict(latex: str) -> str:
    return claim_verdict(NOTATION, latex, 3)


@pytest.mark.parametrize("latex, expected", [
    (r"B_{\rm con} + a = a + B_{\mathrm{con}}", ("proved",)),
    (r"{\rm B}_{\rm con} \ge B_{\rm con}", ("proved", "confirmed")),
    (r"\max_{l=1}^{B} x_l \ge x_k", ("confirmed", "proved")),
    (r"\min_{l=1}^{B} x_l \le x_k", ("confirmed", "proved")),
    (r"\max_{l=1}^{B} x_l \ge x_k + 1", ("refuted",)),
    (r"\max_{l=1; l \neq k}^{B}{(x_l)} \ge x_k", ("refuted",)),
    (r"\max{(0, x_1)} \ge x_1", ("confirmed", "proved")),
    (r"\max{(0, x_1)} \le x_1", ("refuted",)),
    (r"a = a \\[4pt] &= a", ("proved",)),
    (r"a + a = 2a . \qquad \blacksquare", ("proved",)),
    # PyTorch's log_softmax, as reports write it
    (r"\text{log\_softmax}(x)_k = x_k - \log \sum_{l=1}^{B} e^{x_l}", ("proved", "confirmed")),
    (r"\text{log\_softmax}(x)_k = \log \text{softmax}(x)_k", ("proved", "confirmed")),
    (r"\text{log\_softmax}(x)_k = x_k", ("refuted",)),
])
def test_a_plain_tex_spelling_is_read_as_the_one_known(latex, expected):
    assert verdict(latex) in expected


def test_mbox_opens_the_condition_of_a_case():
    latex = r"\sum_{l=1}^{B} \begin{cases} x_l & \mbox{if } l = k \\ 0 & \mbox{otherwise} \end{cases} = x_k"
    assert verdict(latex) in ("proved", "confirmed")


def test_simeq_is_read_as_approx():
    """≃ (a Monte Carlo estimate's 'approximately equal') is read as ≈ is: not decided without the
    tolerance printed digits give, never refused as a relation the grammar does not know."""
    claim = the_only_claim(with_claim(NOTATION, r"a \simeq a + 0", 3))
    assert claim.outcome.verdict.value == "undecided"
    assert "approximation" in claim.outcome.message


PRIMES = r'''
id = "primes"
title = "primes"
source = "post.md"

[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[family]]
name = 'z^{\prime\prime}'
shape = ['N']

[[family]]
name = 'z^{\prime}'
shape = ['N']

[[index]]
name = 'u'
from = 1
to = 'N'

[[scalar]]
name = 'f^{S*}'
'''


@pytest.mark.parametrize("latex, expected", [
    # two primes after the index, as after the letter (TeX sets z_u'' as z''_u): an entry of z''
    (r"z_u^{\prime\prime} + z_u^{\prime} = z^{\prime\prime}_u + z^{\prime}_u", "proved"),
    (r"z_u^{\prime\prime} = z^{\prime}_u", "refuted"),
    # a star at the end of a script is part of the name, as f^* is (an optimum's f^{S*})
    (r"f^{S*} + 1 = 1 + f^{S *}", "proved"),
])
def test_primes_and_stars_in_scripts_are_parts_of_names(latex, expected):
    assert claim_verdict(PRIMES, latex, 3) == expected


def test_a_declared_scalar_at_one_name_in_parentheses_is_refused_naming_both_readings():
    """Z(θ) with Z a declared scalar: the product Z·θ or Z's value at θ (a textbook's partition
    function); read as the product, the p = p̃/Z(θ) of the textbook was refuted.  A script or a group
    after the parentheses, or a sum inside them, keeps the product (a (b)^2, α(1 − α))."""
    from contrastive_sym.errors import DerivationError
    with pytest.raises(DerivationError) as caught:
        verdict(r"a(B_{\rm con}) = a B_{\rm con}")
    assert "a is a declared scalar, so this is the product" in caught.value.message
    assert verdict(r"a(1 - a) = a - a^2") == "proved"
    assert verdict(r"a (B_{\rm con})^2 = a B_{\rm con}^2") == "proved"
