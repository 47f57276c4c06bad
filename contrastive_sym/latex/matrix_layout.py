r"""Matrices written out, found in the text before it is parsed.

``\begin{bmatrix} a & b \\ c & d \end{bmatrix}`` (also ``pmatrix``, ``Bmatrix`` and
``matrix``) is a matrix given by its entries; lecture notes write a matrix by its rows,
``\begin{bmatrix} f(x_1)^\top \\ \vdots \\ f(x_N)^\top \end{bmatrix}``.  The rows (``\\``),
the columns (``&``) and a vertical ellipsis (``\vdots``) of such a layout are marked here
with private-use characters that the grammar reads (MATBEGIN, _MATROW, _MATCOL, MATVDOTS,
MATEND), at the same length: every position in the marked text is still one in the user's
text (as :mod:`.cases_layout` does for cases).  ``vmatrix`` (a determinant) is not a matrix
and is refused before this, as is a layout inside another.
"""
from __future__ import annotations

import re

BEGIN, ROW, COLUMN, VDOTS, END = "\ue040", "\ue041", "\ue042", "\ue043", "\ue044"
MARKERS = frozenset((BEGIN, ROW, COLUMN, VDOTS, END))

_OPEN = re.compile(r"\\begin\s*\{(matrix|pmatrix|bmatrix|Bmatrix)\}")
_TOKEN = re.compile(r"\\\\|\\[a-zA-Z]+|\\.|.", re.S)
_TRAILING_ROW = re.compile(r"\\\\\s*$")


class MatrixLayoutError(Exception):
    """A layout that is refused: ``message``, where (``position``) and what."""

    def __init__(self, message: str, position: int, construct: str):
        super().__init__(message)
        self.message, self.position, self.construct = message, position, construct


def mark_matrices(text: str) -> str:
    """``text`` with each matrix layout marked for the grammar (same length)."""
    out = list(text)
    for match in reversed(list(_OPEN.finditer(text))):
        end = re.compile(r"\\end\s*\{" + match.group(1) + r"\}").search(text, match.end())
        inner_open = _OPEN.search(text, match.end())
        if end is None or inner_open is not None and inner_open.start() < end.start():
            raise MatrixLayoutError(f"'\\begin{{{match.group(1)}}}' is not closed, or holds another matrix: "
                                    "a matrix inside a matrix is not read", match.start(), match.group())
        _blank(out, match.start(), match.end(), BEGIN)
        _blank(out, end.start(), end.end(), END)
        body = text[match.end():end.start()]
        trailing = _TRAILING_ROW.search(body)      # a final \\ before \end closes no row
        limit = match.end() + (trailing.start() if trailing else len(body))
        if trailing:
            _blank(out, limit, limit + 2, " ")
        depth = 0
        for token in _TOKEN.finditer(text, match.end(), limit):
            value, at = token.group(), token.start()
            if value == "{":
                depth += 1
            elif value == "}":
                depth -= 1
            elif depth == 0 and value == "\\\\":
                _blank(out, at, at + 2, ROW)
            elif depth == 0 and value == "&":
                out[at] = COLUMN
            elif value in ("\\vdots", "\\ddots"):
                if value == "\\ddots":
                    raise MatrixLayoutError("'\\ddots' in a matrix is not read: write it by its rows "
                                            "(f(x_1)^\\top \\\\ \\vdots \\\\ f(x_N)^\\top)", at, value)
                _blank(out, at, token.end(), VDOTS)
    return "".join(out)


def _blank(out: list, start: int, end: int, mark: str) -> None:
    out[start] = mark
    for position in range(start + 1, end):
        out[position] = "\n" if out[position] == "\n" else " "
