"""An equality of a value with a printed decimal (``-\\log 0.7 = 0.357``) is false as written when
the decimal is the value rounded; a refutation says so, and what the document may mean (≈, which
is read to the printed digits), so that a rounding is told apart from a slip at a glance."""
from __future__ import annotations

import sympy as sp
from flint import arb

from ...latex.printed import decimal_text
from ...model.claims import Relation
from ..numeric.compiled import format_number

#: more decimal places than any document prints
_MOST_PLACES = 40


def rounding_note(relation: Relation, lhs: sp.Basic, rhs: sp.Basic, comparison) -> str:
    """``"; the left side, 0.3566…, rounds to the printed 0.357 …"`` when one side of an equality is a
    decimal with a fractional part and the other side, at the witness, is certainly within half a unit
    of its last decimal place; "" otherwise."""
    if relation is not Relation.EQ or len(comparison.lhs) != 1 or len(comparison.rhs) != 1:
        return ""
    for printed, value, which in ((rhs, comparison.lhs[0], "left"), (lhs, comparison.rhs[0], "right")):
        places = _decimal_places(printed)
        if places is None:
            continue
        gap = abs(value - arb(int(printed.p)) / arb(int(printed.q)))
        if gap < arb(5) / arb(10) ** (places + 1):     # certain for the whole ball, not only its midpoint
            return (f"; the {which} side, {format_number(value, 20)}, rounds to the printed {decimal_text(printed)} "
                    f"({places} decimal place{'s' if places > 1 else ''}): if the document means ≈, write "
                    "\\approx, which is read to the printed digits")
    return ""


def _decimal_places(value: sp.Basic) -> int | None:
    """The decimal places of a rational with a fractional part that a decimal writes exactly (0.357: 3)."""
    if not isinstance(value, sp.Rational) or value.is_Integer:
        return None
    return next((k for k in range(1, _MOST_PLACES) if (value * 10 ** k).q == 1), None)
