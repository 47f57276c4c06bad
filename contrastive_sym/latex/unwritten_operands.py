r"""What a derivative written alone differentiates: ``\frac{\partial}{\partial x_u} = …`` and
``\nabla_{z_i} = …``, where the prose around the display names the function ("the gradient of
the objective with respect to x_u is").  The formula does not say it, so it is never guessed:
a claim or step that says it with ``differentiates = '\mathcal{L}'`` has each derivative written
alone before a relation read as applied to that formula, as if it were written after the
derivative, and the claim's reading says so.  Without the key such a derivative is refused,
naming it (parse_hints.py).

The formula is put in as a macro's body is (expand.py): every position of an error is still one
of the text as written.

>>> operand_insertions(r"\frac{\partial}{\partial x_u} &= a \\ \nabla_{z} = b", r"\mathcal{L}")
[(29, ' {\\mathcal{L}} '), (48, ' {\\mathcal{L}} ')]
>>> operand_insertions(r"\frac{\partial}{\partial x} L = a", "L")
[]
"""
from __future__ import annotations

import re
from dataclasses import replace

from .cases_layout import BEGIN as CASES_BEGIN, END as CASES_END
from .matrix_layout import BEGIN as MATRIX_BEGIN, END as MATRIX_END

_INNER = r"(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*"
_BRACED = r"\{" + _INNER + r"\}"
#: ∂/∂v (\frac, \dfrac, \tfrac; the variable below with its ∂ or without it) or ∇ with its subscript,
#: then a relation (or the end of a row): an operator with nothing to apply to
_ALONE = re.compile(
    r"(?:\\[dt]?frac\s*\{\s*\\partial\s*\}\s*\{" + _INNER + r"\}"
    r"|\\nabla(?![a-zA-Z])(?:\s*_\s*(?:" + _BRACED + r"|\\[a-zA-Z]+|[A-Za-z0-9]))?)"
    r"(?=\s*&?\s*(?:=|<|>|\\(?:le|leq|ge|geq|ne|neq|approx|propto|simeq|coloneqq|triangleq)(?![a-zA-Z])"
    r"|\\\\|\\end(?![a-zA-Z])|$))")
#: an environment whose rows are entries, not rows of a chain: a derivative at the end of an entry
#: (a column of ∂/∂x, ∂/∂y) is not alone: an operand may follow the matrix
_ENTRIES = re.compile(r"\\(begin|end)\s*\{\s*([a-zA-Z]*matrix|array|cases|smallmatrix)\*?\s*\}")


def _alone(text: str) -> list:
    """The derivatives written alone in ``text`` (comments blanked), outside matrices and cases."""
    from .expand import blank_comments      # the expansion puts in what this module finds
    text = blank_comments(text)
    return [match for match in _ALONE.finditer(text) if not inside_entries(text, match.start())]


def inside_entries(text: str, position: int) -> bool:
    """Whether ``position`` of ``text`` is inside a matrix, an array or cases (an entry, not a row);
    ``text`` as written, or as the parser marks them (matrix_layout.py, cases_layout.py)."""
    depth = 0
    for environment in _ENTRIES.finditer(text, 0, position):
        depth += 1 if environment.group(1) == "begin" else -1
    before = text[:position]
    marked = sum(before.count(begin) - before.count(end) for begin, end in ((MATRIX_BEGIN, MATRIX_END),
                                                                          (CASES_BEGIN, CASES_END)))
    return depth > 0 or marked > 0


def operand_insertions(text: str, differentiated: str | None) -> list[tuple[int, str]]:
    """(position, text put in) after each derivative written alone in ``text``, when the claim
    says what it differentiates; none otherwise."""
    if not differentiated:
        return []
    return [(match.end(), " {" + differentiated + "} ") for match in _alone(text)]


def with_differentiated_reading(rows: list, text: str, differentiated: str | None) -> list:
    """The ``rows`` of ``text``, the first of them saying which derivatives written alone
    differentiate what the claim names (once per display)."""
    written = [" ".join(match.group().split()) for match in _alone(text)] if differentiated else []
    if not written or not rows:
        return rows
    shown = ", ".join(f"'{w}'" for w in dict.fromkeys(written))
    said = f"{shown} differentiates {differentiated}, as the claim's differentiates says"
    return [replace(rows[0], readings=(said,) + rows[0].readings)] + list(rows[1:])
