r"""Clauses that say "for all" after a statement, written so that the grammar reads them as one \forall
clause (same length, so that every column of an error still points into the user's text): the words
``\text{for all } i``; the commas of ``\forall i, j``; a range ending a row, ``h_i = f(x_i), i = 1,
\dots, k``, read as ``\forall i \in [k]``."""
from __future__ import annotations

import re


#: "\text{for all } i", "\textrm{for every} i", "\mathrm{for each}": \forall in words
_FORALL_WORDS = re.compile(r"\\(?:text|textrm|mathrm)\s*\{\s*for\s+(?:all|every|each|any)\s*\}")


def forall_in_words(text: str) -> str:
    r"""``text`` with ``\text{for all}`` (every, each, any) written ``\forall`` (padded to the same
    length): the clause after it is read as \forall's is, and refused as it would be."""
    return _FORALL_WORDS.sub(lambda m: "\\forall".ljust(len(m.group())), text)


#: what a comma of a \forall clause is rewritten to (latex/grammar.lark: _FORALLSEP)
FORALL_COMMA = "\ue020"
#: \forall in one character, where a range clause written tightly (", i=1,\dots,N") has no room for the
#: command (latex/grammar.lark: FORALL)
FORALL_MARK = "\ue021"
_FORALL = re.compile(r"\\forall(?![a-zA-Z])")


#: what may stand before a \forall that opens its row: the row's start, an alignment mark, an environment
_ROW_OPENING = re.compile(r"(?:^|\\\\|\\begin\s*\{[a-z]+\*?\}(?:\{[^{}]*\})?)\s*&?\s*$")
#: a relation a statement states (a clause's own are \in, \neq and bounds of one name, which it may hold too)
_STATED = re.compile(r"(?<![\\<>!])=|\\(?:leq?|geq?|approx)(?![a-zA-Z])|(?<!\\)[<>]")


def _row_characters(text: str, start: int, stop: int | None = None):
    """(position, character, outside every bracket) of ``text`` from ``start`` to the end of its row
    (``\\\\``, ``\\end``), the closing of the group it stands in, or ``stop``."""
    depth = 0
    for position in range(start, len(text) if stop is None else stop):
        char = text[position]
        if char in "{([":
            depth += 1
        elif char in "})]":
            depth -= 1
            if depth < 0:
                return
        elif depth == 0 and (text.startswith("\\\\", position) or text.startswith("\\end", position)):
            return
        yield position, char, depth == 0


def _clause_end(text: str, start: int) -> int | None:
    r"""Where the clause of a ``\forall`` that opens its row at ``start`` ends: its last comma or first
    colon outside braces (``\forall x \in \mathbb{R}, \; \sigma(-x) = 1 - \sigma(x)``, ``\forall i \neq j:
    s_{ij} \le 1``) when what follows states a relation; None if nothing does (then the clause runs to
    the row's end, as after a statement)."""
    separators = []
    for position, char, top in _row_characters(text, start):
        if top and char in ",:" and not text.startswith(":=", position):
            separators.append(position)
            if char == ":":
                break
    end = next((i for i in range(start, len(text)) if text.startswith("\\\\", i) or text.startswith("\\end", i)),
               len(text))
    for position in reversed(separators):
        if _STATED.search(text[position + 1:end]) and not re.match(r"\s*\\forall(?![a-zA-Z])", text[position + 1:]):
            return position
    return None


def leading_clause_colons(text: str) -> str:
    r"""``text`` with the colon that ends a leading ``\forall`` clause (``\forall i \neq j: s_{ij} \le 1``)
    written as a comma (the same length): the statement after it starts a row, as after a comma."""
    out = list(text)
    for match in _FORALL.finditer(text):
        if _ROW_OPENING.search(text[:match.start()]):
            ends = _clause_end(text, match.end())
            if ends is not None and text[ends] == ":":
                out[ends] = ","
    return "".join(out)


def mark_forall_commas(text: str) -> str:
    """``text`` with the commas of each ``\\forall`` clause (from ``\\forall`` to the end of
    its row, outside braces) rewritten to :data:`FORALL_COMMA`: ``\\forall i, j`` names two
    indices; a comma there does not start a row.  A clause that opens its row ends at the comma
    (or colon, written as a comma) before the statement it quantifies: that one starts a row."""
    out = list(text)
    for match in _FORALL.finditer(text):
        ends = _clause_end(text, match.end()) if _ROW_OPENING.search(text[:match.start()]) else None
        if ends is not None:
            out[ends] = ","
        for position, char, top in _row_characters(text, match.end(), ends):
            if top and char == ",":
                out[position] = FORALL_COMMA
    return "".join(out)


#: ", i = 1, \dots, k" (or "\quad i = 1, \ldots, N", "\text{ for } i = 1, \dots, k"): the range of an
#: index, as written
RANGE_WRITTEN = re.compile(r"(?:(?:(?<!\\),|\\q?quad(?![a-zA-Z]))\s*(?:(?:\\[,;: ]|~)\s*)*(?:\\q?quad(?![a-zA-Z])\s*)?"
                           r"(?:\\text\s*\{\s*for\s*\}\s*)?|\\text\s*\{\s*for\s*\}\s*)"
                           r"([a-zA-Z])\s*=\s*1\s*,\s*(?:\\[lc]?dots(?![a-zA-Z])|\.\.\.)"
                           r"\s*,\s*([A-Za-z0-9]+(?:\s*[+\-]\s*[A-Za-z0-9]+)?|\{[^{}]*\})\s*")
#: … ending a row
RANGE_CLAUSE = re.compile(RANGE_WRITTEN.pattern + r"(?=(?:\\(?:nonumber|notag)(?![a-zA-Z])|\\label\s*\{[^{}]*\}|\s)*"
                                                  r"(?:\\\\|\\end\s*\{|&|$))")


def ranges_as_quantifiers(text: str) -> str:
    r"""``text`` with a range clause that ends a row, ``h_i = f(x_i), i = 1, \dots, k``, written
    ``\forall i\in[k]`` (padded to the same length): "for i = 1 … k", which the reader checks
    as any ``\forall`` (the index is one the row uses, over the range it is declared with).
    A clause that would not fit, or starts other than at 1, is left to be refused."""
    def rewrite(match):
        upper = match.group(2).strip()
        upper = upper[1:-1].strip() if upper.startswith("{") else upper
        quantifier = f"\\forall {match.group(1)}\\in[{upper}]"
        width = match.end() - match.start()
        if len(quantifier) > width:
            quantifier = f"{FORALL_MARK}{match.group(1)}\\in[{upper}]"     # written tightly: i=1,\dots,N
        return quantifier + " " * (width - len(quantifier)) if len(quantifier) <= width else match.group(0)
    return RANGE_CLAUSE.sub(rewrite, text)
