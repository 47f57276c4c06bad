r"""A number as the document prints it, and the tolerance its digits imply: half a unit in
its last digit (``6.91`` is ±0.005), or for a whole number in its last nonzero digit
(``9900`` is ±50: a trailing zero may not be a digit).  ``\approx 6.91`` is read within it.

>>> tolerance_of("6.91"), tolerance_of("9900"), tolerance_of("x")
(1/200, 50, None)
"""
from __future__ import annotations

import re
from decimal import Decimal

import sympy as sp

_PRINTED = re.compile(r"-?\s*[0-9]+(?:\.([0-9]+))?")


def tolerance_of(written: str) -> sp.Rational | None:
    """The tolerance the printed number ``written`` implies; None when it is not one."""
    written = written.strip().replace("{", "").replace("}", "")
    match = _PRINTED.fullmatch(written)
    if match is None:
        return None
    if match.group(1) is not None:
        return sp.Rational(5, 10 ** (len(match.group(1)) + 1))
    digits = written.lstrip("-").strip()
    zeros = len(digits) - len(digits.rstrip("0")) if digits.strip("0") else 0
    return sp.Rational(5, 10) * 10 ** zeros


def decimal_text(value: sp.Rational) -> str:
    """An exact decimal of a rational whose denominator divides a power of ten (357/1000: 0.357)."""
    return format(Decimal(int(value.p)) / Decimal(int(value.q)), "f")
