r"""A definition written with an argument the notation declares nowhere that writes a declared
index, ``\mathrm{Var}_b(z^j) = \frac{1}{N}\sum_b z_{b,j}^2`` (a note's variance of the column
z^j): the body is used as written, and the index its argument writes is the one in force where it
is used, the j of an enclosing ``\sum_j`` (found by a document added blind: the body kept the
declared j, so Σ_j Var_b(z^j) = d·Var_b(z^j), false, was proved)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_result, with_claim  # noqa: E402

NOTATION = r'''
id = "columns"
title = "columns"
source = "notes.md"

[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[size]]
name = 'd'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'b'
from = 1
to = 'N'

[[index]]
name = 'j'
from = 1
to = 'd'

[[family]]
name = 'z'
shape = ['N', 'd']

[[define]]
name = '\mathrm{Var}_b'
line = 1
latex = '\mathrm{Var}_b(z^j) = \frac{1}{N}\sum_b z_{b,j}^2'
'''


def verdict(latex: str) -> str:
    return claim_result(with_claim(NOTATION, latex, 3)).outcome.verdict.value


@pytest.mark.parametrize("latex, expected", [
    (r"\sum_{j=1}^{d} \mathrm{Var}_b(z^j) = \frac{1}{N}\sum_{j=1}^{d}\sum_{b=1}^{N} z_{b,j}^2", ("confirmed", "proved")),
    (r"\sum_{j=1}^{d} \mathrm{Var}_b(z^j) = d\, \mathrm{Var}_b(z^j)", ("refuted",)),
    # at the free j, the definition as given
    (r"\mathrm{Var}_b(z^j) = \frac{1}{N}\sum_{b=1}^{N} z_{b,j}^2", ("confirmed", "proved")),
])
def test_the_index_an_undeclared_argument_writes_is_the_one_in_force(latex, expected):
    assert verdict(latex) in expected


BATCH = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
             index=[{"name": "b", "from": 1, "to": "N"}],
             family=[{"name": "z", "shape": ["N", "d"]},
                     {"name": r"\bar{z}", "shape": ["d"], "index": "r", "equals": r"\frac{1}{N} \sum_{b=1}^{N} z_{b,r}"}])


@pytest.mark.parametrize("statement, expected", [
    # the batch mean written alone is the vector of its entries (a [[family]] given by equals)
    (r"\sum_{b=1}^{N} (z_b - \bar{z}) \cdot \bar{z} = 0", ("proved", "confirmed")),
    (r"\|\bar{z}\|^2 = \sum_{r=1}^{d} \bar{z}_r^2", ("proved", "confirmed")),
    (r"\sum_{b=1}^{N} (z_b - \bar{z}) \cdot z_b = 0", ("refuted",)),
])
def test_a_family_given_by_equals_written_alone_is_the_vector_of_its_entries(statement, expected):
    from contrastive_sym.pipeline import check_statement
    assert check_statement(statement, **BATCH).verdict.value in expected
