r"""How a document writes "is defined as": ``:=``, ``\coloneqq``, ``\triangleq``, ``\doteq``,
``\stackrel{\text{def}}{=}``, ``\equiv`` first in its row, and an assignment ``\gets`` whose name is
not on its right."""
from __future__ import annotations

import re


#: The relations a document defines with, read as ``=`` in a definition (and only there):
#: ``:=`` (also ``:&=``, aligned on its ``=``), ``\coloneqq``, ``\triangleq``, ``\doteq`` (≐, a textbook's "defined
#: as"), ``\stackrel{\text{def}}{=}``, ``\overset{\text{def}}{=}``.
_DEFINED_AS = re.compile(r":[ \t]*&?[ \t]*=|\\coloneqq(?![a-zA-Z])|\\triangleq(?![a-zA-Z])|\\doteq(?![a-zA-Z])|"
                         r"\\(?:stackrel|overset)[ \t]*\{[ \t]*\\(?:text|mathrm)[ \t]*\{[ \t]*def[ \t]*\}[ \t]*\}[ \t]*\{[ \t]*=[ \t]*\}")


def definition_text(text: str) -> str:
    r"""``text`` with its first definitional relation written as ``=``, padded with
    spaces so that every column of an error still points into the document's own text.

    >>> definition_text(r"f(x) := x^2"), definition_text(r"L \triangleq -\log p")
    ('f(x)  = x^2', 'L          = -\\log p')
    """
    match = _DEFINED_AS.search(text) or _assignment(text) or _identically(text)
    if match is None:
        return text
    width = match.end() - match.start()
    return text[:match.start()] + " " * (width - 1) + "=" + text[match.end():]


_ASSIGNED = re.compile(r"\\(?:gets|leftarrow)(?![a-zA-Z])")


def _assignment(text: str):
    r"""``L \gets -\log h(v)``: an assignment whose name is not written on its right, the first of
    its row, defines the name as ``:=`` does (posts that write every definition so); one
    whose right side writes the name (θ ← θ − η∇L, an update rule) defines nothing.  None
    when there is no such assignment."""
    match = _ASSIGNED.search(text)
    if match is None:
        return None
    breaks = [text.rfind("\\\\", 0, match.start()), text.rfind("&", 0, match.start())]
    row_start = max([0] + [at + (2 if mark == 0 else 1) for mark, at in enumerate(breaks) if at >= 0])
    head = "".join(text[row_start:match.start()].split())
    row_end = text.find("\\\\", match.end())
    body = "".join(text[match.end():row_end if row_end >= 0 else len(text)].split())
    return match if head and head not in body else None


_EQUIV = re.compile(r"\\equiv(?![a-zA-Z])")
#: a relation before ``\equiv`` in its row: then ``\equiv`` is a link of a chain, not the definition
_EARLIER_RELATION = re.compile(r"=|<|>|\\(?:le|leq|ge|geq|ne|neq|approx|simeq|sim|propto|in|subset|subseteq)(?![a-zA-Z])")


def _identically(text: str):
    r"""``P_{ip} \equiv \frac{…}{…}`` (SupCon's appendix): in a definition, ``\equiv`` as the first
    relation of its row is "is defined as"; anywhere else it is a link of the chain."""
    match = _EQUIV.search(text)
    if match is None:
        return None
    row_start = text.rfind("\\\\", 0, match.start()) + 1
    head = text[row_start:match.start()].replace("\\", "").replace("&", "").strip()
    # a row "&\equiv B" goes on with the chain above it: no head of its own
    return None if not head or _EARLIER_RELATION.search(text, row_start, match.start()) else match


def definition_text_all(text: str) -> tuple[str, frozenset[int]]:
    """``text`` with every definitional relation (``:=``, ``\\triangleq``…) written as
    ``=`` (columns kept), and the positions of those ``=``: only a row's first relation
    may be one."""
    positions = set()
    while True:
        rewritten = definition_text(text)
        if rewritten == text:
            return text, frozenset(positions)
        changed = next(i for i, (old, new) in enumerate(zip(text, rewritten)) if old != new)
        positions.add(rewritten.index("=", changed))
        text = rewritten


__all__ = ["definition_text", "definition_text_all"]
