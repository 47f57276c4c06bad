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


#: ``\left[ \begin{array}{ccc} … \end{array} \right]``, or in parentheses: a matrix set as an array
_BRACKETED_ARRAY = re.compile(r"(\\left\s*)?([\[(])\s*\\begin\s*\{array\}\s*\{[lcr|\s]+\}")
_ARRAY_CLOSE = re.compile(r"\\end\s*\{array\}\s*(\\right\s*)?([\])])?")
_ARRAY_OPEN = re.compile(r"\\begin\s*\{array\}")
#: what may stand before a value in parentheses that is not an argument list (an operator, an opening)
_VALUE_BEFORE = re.compile(r"(?:^|[=+\-*/(\[{,&<>^_]|\\(?:cdot|times|approx|le|leq|ge|geq|neq|equiv|coloneqq|triangleq"
                           r"|quad|qquad|top|intercal|left|,|;|!| ))\s*$")


def bracketed_arrays(text: str) -> str:
    r"""``text`` with each array in brackets or parentheses (``\left[ \begin{array}{c} a \\ b
    \end{array} \right]``, as bmatrix and pmatrix are set by hand) written as a ``matrix`` (same
    length: the begin and end are written at the end of what they replace, the rest blanked).  An
    array in bars (a determinant), in a brace (cases), or whose brackets do not match, is left."""
    out = list(text)
    for opening in reversed(list(_BRACKETED_ARRAY.finditer(text))):
        closing = _ARRAY_CLOSE.search(text, opening.end())
        nested = _ARRAY_OPEN.search(text, opening.end())
        if closing is None or nested is not None and nested.start() < closing.start():
            continue
        sized, bracket = opening.group(1) is not None, opening.group(2)
        if bracket == "(" and not _VALUE_BEFORE.search(text[:opening.start()]):
            continue        # \text{softmax}\left( \begin{array} …: the parentheses of a call, not the matrix's
        if (closing.group(2) != {"[": "]", "(": ")"}[bracket]
                or (closing.group(1) is not None) != sized):
            continue
        begin, end = "\\begin{matrix}", "\\end{matrix}"
        if not (_fits(text, opening.start(), opening.end(), begin)
                and _fits(text, closing.start(), closing.end(), end)):
            continue
        _write_at_end(out, closing.start(), closing.end(), end)
        _write_at_end(out, opening.start(), opening.end(), begin)
    return "".join(out)


def _fits(text: str, start: int, end: int, written: str) -> bool:
    return end - start >= len(written) and "\n" not in text[end - len(written):end]


def _write_at_end(out: list, start: int, end: int, written: str) -> None:
    for position in range(start, end - len(written)):
        out[position] = "\n" if out[position] == "\n" else " "
    out[end - len(written):end] = written


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
        depth, cell, row = 0, match.end(), 1
        for token in _TOKEN.finditer(text, match.end(), limit):
            value, at = token.group(), token.start()
            if value == "{":
                depth += 1
            elif value == "}":
                depth -= 1
            elif depth == 0 and value == "\\\\":
                _entry(text, out, cell, at, row, match.group(1))
                _blank(out, at, at + 2, ROW)
                cell, row = at + 2, row + 1
            elif depth == 0 and value == "&":
                _entry(text, out, cell, at, row, match.group(1))
                out[at] = COLUMN
                cell = at + 1
            elif value == "\\vdots":
                _blank(out, at, token.end(), VDOTS)
        _entry(text, out, cell, limit, row, match.group(1))
    return "".join(out)


#: an entry that is a horizontal or diagonal ellipsis: the entries between two written ones, not written
_ELLIPSIS_ENTRY = re.compile(r"\\(?:dots|ldots|cdots|dotsc|dotsb|ddots)|\.\.\.|…|⋯")


def _entry(text: str, out: list, start: int, end: int, row: int, kind: str) -> None:
    """Refuse an empty entry, naming it; mark an entry that is an ellipsis alone (``\\cdots``, ``\\dots``,
    ``...``, ``\\ddots``: the entries between two written ones) as a \\vdots is marked: the matrix is then
    read by the pattern its written rows and columns start (translate/matrix_patterns.py), or refused there."""
    written = text[start:end].strip()
    if not written:
        # the separator that ends the empty entry, or where the entry would be
        at = end if text.startswith(("&", "\\\\"), end) else start
        raise MatrixLayoutError(f"an empty entry in row {row} of '\\begin{{{kind}}}': a matrix is read with every "
                                "entry written (a row of \\vdots is written \\vdots in each of its columns); restate "
                                "the line with restated_from", at, text[at:at + 2] if text.startswith("\\\\", at)
                                else text[at:at + 1])
    if _ELLIPSIS_ENTRY.fullmatch(written):
        at = start + text[start:end].index(written)
        _blank(out, at, at + len(written), VDOTS)
    elif "\\ddots" in written:
        raise MatrixLayoutError("'\\ddots' inside an entry of a matrix is not read: it stands alone, between the "
                                "rows and the columns that start a pattern and those that end it",
                                text.index("\\ddots", start), "\\ddots")


def _blank(out: list, start: int, end: int, mark: str) -> None:
    out[start] = mark
    for position in range(start + 1, end):
        out[position] = "\n" if out[position] == "\n" else " "
