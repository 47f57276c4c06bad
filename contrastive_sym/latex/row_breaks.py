r"""Rows that go on with the expression of the row before them, as long sides are broken in
``gathered``, ``multline`` and one-column ``array`` displays:

* a row that ends with a sign or a product's mark, ``… \right) + \\ \frac{1}{d} …``: it cannot
  end there;
* a row that starts with a sign after a row that states no relation, ``1 + \mathbb{E}[…] \\ -
  \mathbb{E}[…] \triangleq I_\alpha``: the row before cannot stand alone, and the sign cannot
  start a term of its own.

The ``\\`` becomes spaces (same length, so that every column of an error still points into the
user's text).  Rows of a matrix or of cases (``\begin{pmatrix} 1 \\ -1 \end{pmatrix}``, an array in
brackets) are entries, never one expression: they are left as they are."""
from __future__ import annotations

import re

#: a sign or a product's mark ending a row, before its \\ (white space, alignment, spacing between);
#: not a mark in a script (x^+, s_{-}, {-}), which is a name's
_ENDS_WITH_AN_OPERATOR = re.compile(r"(?:(?<![\\^_{])[+-]|\\cdot|\\times|\\pm)(?:\s|&|\\quad|\\qquad|\\[,;:! ])*$")
#: a sign starting a row, after white space, alignment and spacing
_STARTS_WITH_A_SIGN = re.compile(r"(?:\s|&|\\q?quad(?![a-zA-Z])|\\[,;:! ])*[+-](?![+-])")
#: a relation, as a row that states one writes it
_RELATION = re.compile(r"(?<![\\<>!:])=|<|>|\\(?:leq?|geq?|neq?|leqslant|geqslant|approx|simeq|sim|propto|equiv|"
                       r"triangleq|coloneqq|eqqcolon|to|rightarrow|longrightarrow|implies|in|ll|gg|mapsto)(?![a-zA-Z])")
_ENVIRONMENT = re.compile(r"\\(begin|end)\s*\{([a-zA-Z*]+)\}(\s*\{[^{}]*\})?")
#: environments whose rows are entries (of a matrix, of cases), never parts of one expression
_ENTRIES = ("matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix", "Vmatrix", "smallmatrix", "cases", "dcases",
            "rcases", "subarray")


def join_after_operators(text: str) -> str:
    """``text`` with each ``\\`` between the parts of one expression replaced by spaces: after a
    row that ends with an operator, or before a row that starts with a sign after a row that
    states no relation."""
    joined = text
    breaks = list(re.finditer(r"\\\\", text))
    for number in range(len(breaks) - 1, -1, -1):
        match = breaks[number]
        if _within_entries(text, match.start()):
            continue
        before = joined[breaks[number - 1].end() if number else 0:match.start()]
        if _ENDS_WITH_AN_OPERATOR.search(joined[:match.start()]) or (
                _STARTS_WITH_A_SIGN.match(joined, match.end()) and not _states_a_relation(before)):
            joined = joined[:match.start()] + "  " + joined[match.end():]
    return joined


def _states_a_relation(row: str) -> bool:
    """Whether ``row`` writes a relation outside braces (``\\sum_{j=1}`` writes none)."""
    depth = 0
    for position, char in enumerate(row):
        if char in "{}" and row[position - 1:position] != "\\":
            depth += 1 if char == "{" else -1
        elif depth == 0 and _RELATION.match(row, position):
            return True
    return False


def _within_entries(text: str, position: int) -> bool:
    """Whether the ``\\`` at ``position`` separates the rows of a matrix or of cases: its innermost
    environment is one of them, or an array of several columns or written in brackets."""
    stack = []
    for found in _ENVIRONMENT.finditer(text, 0, position):
        if found.group(1) == "begin":
            stack.append(found)
        elif stack:
            stack.pop()
    if not stack:
        return False
    inner = stack[-1]
    name = inner.group(2).rstrip("*")
    if name in _ENTRIES:
        return True
    if name == "array":
        columns = re.sub(r"[^lcr]", "", inner.group(3) or "")
        opened = re.search(r"(\\left\s*(\\\{|\\lbrace|[(\[|.])|[(\[])\s*$", text[:inner.start()])
        return len(columns) != 1 or opened is not None
    return False
