r"""A row that ends with a sign or a product's mark, ``… \right) + \\ \frac{1}{d} …`` (a long side
broken after its operator, as ``gathered`` and ``multline`` displays are written): it cannot end
there, so the row after it goes on with its expression.  The ``\\`` becomes spaces (same length,
so that every column of an error still points into the user's text)."""
from __future__ import annotations

import re

#: a sign or a product's mark ending a row, before its \\ (white space, alignment, spacing between);
#: not a mark in a script (x^+, s_{-}, {-}), which is a name's
_ENDS_WITH_AN_OPERATOR = re.compile(r"(?:(?<![\\^_{])[+-]|\\cdot|\\times|\\pm)(?:\s|&|\\quad|\\qquad|\\[,;:! ])*$")


def join_after_operators(text: str) -> str:
    """``text`` with each ``\\`` after a row that ends with an operator replaced by spaces."""
    joined = text
    for match in reversed(list(re.finditer(r"\\\\", text))):
        if _ENDS_WITH_AN_OPERATOR.search(joined[:match.start()]):
            joined = joined[:match.start()] + "  " + joined[match.end():]
    return joined
