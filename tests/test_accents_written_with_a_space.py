r"""A name declared with an accent and a space, ``\tilde P``, ``\hat y`` (TeX takes the next token as
the accent's argument), is the name ``\tilde{P}``, ``\hat{y}``: the use ``\tilde P(x)`` was reported
"'\tilde{P}' is not declared" though declared as written."""
from __future__ import annotations

import pytest

from contrastive_sym.latex.spelling import canonical_key
from document_claims import claim_verdict


@pytest.mark.parametrize("written, canonical", [
    (r"\tilde P", r"\tilde{P}"), (r"\hat y_i", r"\hat{y}_i"), (r"\hat  \rho", r"\hat{\rho}"),
    (r"\bar s^{-}", r"\bar{s}^-"),
])
def test_an_accent_and_its_letter_after_a_space_are_one_name(written, canonical):
    assert canonical_key(written) == canonical


NOTATION = r"""
id = "t"
title = "t"
source = "x.md"

[[function]]
name = '\tilde P'
arguments = 1
domain = "positive"

[[scalar]]
name = 'x'
role = "point"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[family]]
name = '\hat y'
shape = ['n']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\log \tilde{P}(x) = \log \tilde P(x)", "proved"),
    (r"\sum_{i=1}^{n} \hat{y}_i = \sum_{i=1}^{n} \hat y_i", "proved"),
    (r"\hat y_1 = 2 \hat{y}_1", "refuted"),
])
def test_uses_in_either_spelling_read_the_declared_name(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict
