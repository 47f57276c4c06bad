r"""Vectors side by side in brackets, ``X = [x_1, x_2, \dots, x_B]`` (a post's d × B matrix of a batch's
features, whose Gram matrix X^\top X it then draws): the matrix whose columns they are.  It was
refused ("a list of 4 items, where one value is expected")."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from contrastive_sym.pipeline import verify_text

sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_verdict, with_claim  # noqa: E402

NOTATION = r'''
id = "columns"
title = "columns"
source = "post.md"

[[size]]
name = 'B'
minimum = 2
checked = [2, 3]

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[family]]
name = 'x'
shape = ['B', 'd']
role = "embedding"

[[define]]
name = 'X'
line = 1
latex = 'X = [x_1, x_2, \dots, x_B]'
'''


def verdict(latex: str) -> str:
    return claim_verdict(NOTATION, latex, 3)


@pytest.mark.parametrize("latex, expected", [
    (r"(X^\top X)_{1,2} = x_1 \cdot x_2", ("proved", "confirmed")),
    (r"(X^\top X)_{1,2} = x_1 \cdot x_1", ("refuted",)),
    (r"(X X^\top)_{1,1} = \sum_{k=1}^{B} x_{k,1}^2", ("proved", "confirmed")),
    # written term by term: column k is the k-th vector
    (r"[x_1, x_2]^\top [x_1, x_2] = [x_2, x_1]^\top [x_2, x_1]", ("refuted",)),
    (r"([x_2, x_1]^\top [x_2, x_1])_{1,1} = x_2 \cdot x_2", ("proved", "confirmed")),
])
def test_vectors_in_brackets_are_the_columns_of_a_matrix(latex, expected):
    assert verdict(latex) in expected


def test_numbers_in_brackets_are_a_vector_and_no_matrix():
    claims = verify_text(with_claim(NOTATION + "\n[[scalar]]\nname = 'a'\n", "[a, a] = a", 3)).documents[0].claims
    assert claims[0].outcome.verdict.value == "refuted" and "2 vs 1 components" in claims[0].outcome.message
