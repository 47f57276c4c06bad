r"""A long expression broken over rows: a row that starts with ``+`` or ``-`` goes on with
the expression of the row above it.

Papers break a long side over aligned rows::

    \mathcal{L} &= -\log e^{s_{ii}} \\
                &\quad + \log \sum_{k} e^{s_{ik}}

The second row is no statement of its own: it has no relation, and it starts with a
sign.  :func:`join_continuations` removes the ``\\`` before such a row (spaces of the same
length, so that every column of an error still points into the user's text), and the
parser reads the two rows as one.  A row that starts with a sign but states a relation
of its own (``a = b \\ -c = d``) is left alone: joining it would make one chain of two
statements, and the reader refuses the two rows as it did before.
"""
from __future__ import annotations

import re

# \\ , then what may stand before the sign: white space, alignment, spacing commands
_BREAK = re.compile(r"\\\\(?=(?:\s|&|\\quad|\\qquad|\\[,;:! ])*[+-])")
# a relation at the top level of a row: what would make the row a statement of its own
_RELATION = re.compile(r"=|<|>|\\(?:leq?|geq?|neq?|approx|equiv|sim|simeq|propto|to|rightarrow|implies)"
                       r"(?![a-zA-Z])")


def join_continuations(text: str) -> str:
    """``text`` with each ``\\\\`` before a row that continues the expression above it
    replaced by spaces."""
    joined = text
    for match in reversed(list(_BREAK.finditer(text))):
        row = _row_after(text, match.end())
        if _states_a_relation(row):
            continue
        joined = joined[:match.start()] + "  " + joined[match.end():]
    return joined


def _row_after(text: str, start: int) -> str:
    """The text of the row that starts at ``start``: up to the next ``\\\\`` at the top
    level, or the end of an environment, or of the text."""
    depth, position = 0, start
    while position < len(text):
        char = text[position]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                break
        elif depth == 0 and text.startswith("\\\\", position):
            break
        elif depth == 0 and text.startswith("\\end", position):
            break
        position += 1
    return text[start:position]


def _states_a_relation(row: str) -> bool:
    """Whether a relation stands in ``row`` outside every brace (``\\sum_{k=1}`` has its
    = inside one)."""
    depth, flat = 0, []
    for char in row:
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        flat.append(char if depth == 0 and char not in "{}" else " ")
    return _RELATION.search("".join(flat)) is not None
