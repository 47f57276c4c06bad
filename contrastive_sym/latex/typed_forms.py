r"""Forms a document types that TeX sets as another, rewritten to it at the same length (every column
still points into the document):

* full-width operators typed with a Chinese or Japanese input method, ``＋``, ``－``, ``＝``, ``（``,
  ``）``, ``＜``, ``＞``: TeX in math mode sets them as characters of their own, and every reader reads
  them as +, −, =, (, ), <, >;
* a sign written first in the numerator of a derivative, ``\frac{- \partial F}{\partial x}``: the
  derivative of F, negated (``-\frac{\partial F}{\partial x}``).  The grammar reads a derivative's
  numerator from its ∂; the sign is moved before the fraction, nothing else changes."""
from __future__ import annotations

import re

#: the full-width operators read as their ASCII forms (an error quotes them as written)
FULL_WIDTH = {"＋": "+", "－": "-", "＝": "=", "（": "(", "）": ")", "＜": "<", "＞": ">"}
_FULL_WIDTH = str.maketrans(FULL_WIDTH)
#: \frac{- \partial …}{…}, \dfrac{-\partial …}: the sign, then the ∂ that starts the derivative
_SIGNED_DERIVATIVE = re.compile(r"(\\[dt]?frac\s*\{)(\s*)-(?=\s*\\partial(?![a-zA-Z]))")


def typed_forms(text: str) -> str:
    """``text`` with the forms above written as TeX sets them, at the same length."""
    text = text.translate(_FULL_WIDTH)
    return _SIGNED_DERIVATIVE.sub(lambda m: "-" + m.group(1) + m.group(2), text)
