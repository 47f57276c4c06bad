r"""``A \propto B`` where both sides can be 0 (``2 x_v^2 \propto x_v^2`` at x_v = 0): any factor fits
there.  It was read as 0 < A(y)·B(y′) = A(y′)·B(y), which fails 0 < 0 at the zero and refuted a true
statement (and every proportionality of sides that change sign, 2x ∝ x); found by a document added
blind.  It is read as 0 < A(y)/B(y) = A(y′)/B(y′) now: the ratio, which is what a factor is."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest


sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_verdict  # noqa: E402

NOTATION = r'''
id = "prop"
title = "p"
source = "notes.md"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'v'
from = 1
to = 'n'

[[family]]
name = 'x'
shape = ['n']
domain = "[-1, 1]"
'''


def verdict(latex: str) -> str:
    return claim_verdict(NOTATION, latex, 3, proportional_in=('v',))


@pytest.mark.parametrize("latex, expected", [
    (r"2 x_v^2 \propto x_v^2", ("proved", "confirmed")),
    (r"2 x_v \propto x_v", ("proved", "confirmed")),
    # a negative factor, no factor at all, and a factor that depends on v
    (r"-2 x_v^2 \propto x_v^2", ("refuted",)),
    (r"0 \propto x_v^2 + 1", ("refuted",)),
    (r"x_v^2 + x_v \propto x_v^2", ("refuted",)),
])
def test_a_proportionality_is_its_ratio(latex, expected):
    assert verdict(latex) in expected
