r"""A definition whose head takes a row or an entry of a family counted from 0 (``g(z_i) = z_i^2``,
``\text{SIM}(I_i, T_j) = …`` with ``from = 0``), used at an entry (``g(z_0)``).  The body stores the
row written at its parameter as any entry is stored (k_0 at 1), and the use gave the stored row as
the parameter's value, so the row was shifted twice: g(z_0) was z_1², and the true g(z_0) = z_0² was
refuted (found by a document added blind: a CLIP problem's cosine similarity of rows I_0 … I_{B−1})."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest


sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_verdict  # noqa: E402

NOTATION = r'''
id = "zero"
title = "rows counted from 0"
source = "notes.md"

[[size]]
name = 'B'
minimum = 2
checked = [2, 3]

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[index]]
name = 'i'
from = 0
to = 'B - 1'

[[family]]
name = 'I'
shape = ['B', 'd']
from = [0, 1]

[[family]]
name = 'T'
shape = ['B', 'd']
from = [0, 1]

[[family]]
name = 'z'
shape = ['B']
from = 0

[[define]]
name = 'S'
line = 1
latex = 'S(I_i) = I_i^\top I_i'

[[define]]
name = 'g'
line = 2
latex = 'g(z_i) = z_i^2'

[[define]]
name = 'c'
line = 3
latex = 'c(I_i, T_j) = I_i^\top T_j'
'''


def verdict(latex: str) -> str:
    return claim_verdict(NOTATION, latex, 5)


@pytest.mark.parametrize("latex, expected", [
    (r"g(z_0) = z_0^2", "proved"),
    (r"g(z_1) = z_1^2", "proved"),
    (r"g(z_0) = z_1^2", "refuted"),
    (r"S(I_0) = I_0^\top I_0", "proved"),
    (r"S(I_i) = I_i^\top I_i", "proved"),
    (r"S(I_0) = I_1^\top I_1", "refuted"),
    (r"c(I_0, T_1) = I_0^\top T_1", "proved"),
    (r"c(I_0, T_1) = I_1^\top T_0", "refuted"),
    # a row of another family of the same rows in the parameter's place
    (r"c(I_0, I_1) = I_0^\top I_1", "proved"),
])
def test_a_head_at_a_row_counted_from_zero_is_that_row(latex, expected):
    assert verdict(latex) == expected
