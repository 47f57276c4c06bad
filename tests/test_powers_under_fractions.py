r"""A power at the start of a fraction's denominator, ``\frac{1}{x^{n} y}``, is a power: only a
power of d (``\frac{d^2 f}{dx^2}``) is the order of a derivative.  The order was read from the
power before the letter under it was looked at, and ``\frac{1}{x^{n} y}`` was refused as "the order
of a derivative is a whole number from 1 to 4, not '{n}'"."""
from __future__ import annotations

import pytest

from document_claims import claim_verdict

NOTATION = """
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[scalar]]
name = 'x'
domain = "positive"

[[scalar]]
name = 'y'
domain = "positive"
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\frac{1}{x^{n} y} = \frac{x^{-n}}{y}", "proved"),
    (r"\frac{1}{x^{n} y} = \frac{x^{n}}{y}", "refuted"),
    (r"\frac{d^2}{d x^2} x^3 = 6 x", "proved"),
])
def test_a_power_under_a_fraction_is_a_power_unless_of_d(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict
