"""A number whose exponent has more digits than a reader can use (a limit's last value, e^{-1/τ} at
τ = 10^{-300}, 1.8e-434294481903…, three hundred digits) is written by the size of its exponent, so that
the message around it stays readable; every other number is written as before."""
from __future__ import annotations

import re

from flint import arb

from contrastive_sym.check.numeric.compiled import format_number
from contrastive_sym.check.numeric.precision import working_bits


def test_an_exponent_of_three_hundred_digits_is_written_by_its_size():
    with working_bits(200):
        shown = format_number((-arb(2) ** 1000).exp())       # e^{-2^1000}: an exponent of many digits
    assert re.fullmatch(r"2\.4962922530832012419e-\(7\.7733…×10\^\d+\)", shown), shown
    assert len(shown) < 60


def test_ordinary_numbers_are_unchanged():
    with working_bits(200):
        assert format_number(arb(2).log()) == "0.69314718055994530942"
        assert format_number(arb(10) ** 300) == "1.0000000000000000000e+300"
        assert format_number(arb(3)) == "3"
