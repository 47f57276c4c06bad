r"""An error found in text the reader rewrote before parsing, shown as the user wrote it.

A definition reads ``f(x) := x^2`` as ``f(x)  = x^2`` (columns kept), so a parse error at that
``=`` would quote a construct the document does not write; it is placed at the start of what
the user wrote there instead (``\coloneqq``), and quoted so."""
from __future__ import annotations

from ..errors import ParseError
from .parser import Where


def as_written(error: ParseError, text: str, original: str, where: Where) -> ParseError:
    """``error`` (found in ``text``, a rewrite of ``original`` of the same length) with its
    position and construct those of ``original`` where the two differ; itself elsewhere."""
    if type(error) is not ParseError or error.line is None or error.column is None or len(text) != len(original):
        return error
    line = error.line - where.line + 1
    column = error.column - (where.column - 1 if line == 1 else 0)
    starts = [0] + [n + 1 for n, char in enumerate(text) if char == "\n"]
    if not 1 <= line <= len(starts):
        return error
    offset = starts[line - 1] + column - 1
    if not 0 <= offset < len(text):
        return error
    if text[offset] == original[offset]:
        # the error starts where the two agree, but its construct may span a rewritten part
        # (x_1 \equiv … read as x_1 = …): the construct as written, same place
        construct = error.construct or ""
        if not construct or not text.startswith(construct, offset) \
                or original[offset:offset + len(construct)] == construct:
            return error
        written = original[offset:offset + len(construct)]
        return ParseError(error.message.replace(f"'{construct}'", f"'{written}'", 1), error.path, error.line,
                          error.column, construct=written)
    start, end = offset, offset + 1
    while start > 0 and text[start - 1] != original[start - 1]:
        start -= 1
    while end < len(text) and text[end] != original[end]:
        end += 1
    written = original[start:end].strip()
    start += len(original[start:end]) - len(original[start:end].lstrip())
    line_start = original.rfind("\n", 0, start) + 1
    message = error.message.replace(f"'{error.construct}'", f"'{written}'", 1) if error.construct else error.message
    return where.error(message, original.count("\n", 0, start) + 1, start - line_start + 1, written)
