r"""A definition written as a map, the way a mathematician introduces a function:

    \mathcal{S} : \mathbb{R}^n_* \times \mathbb{R}^n_* \to \mathbb{R} \\
    (x, y) \mapsto \mathcal{S}(x, y) = \frac{\langle x, y \rangle}{\| x \| \| y \|}

The first row is the map's signature (what it takes and gives), the second says what it does to
``(x, y)``, and what it does is the definition ``\mathcal{S}(x, y) = …`` written after the arrow.
A signature alone states nothing to check (load/signatures.py); here it comes with a definition,
which is read as written: the signature row and the ``(x, y) \mapsto`` before the definition are
blanked with spaces (the text keeps its length, so every column still points into the document).

Only that shape is read: two rows, the first ``name : … \to …`` with one colon, the second
``arguments \mapsto name(arguments) = …`` whose name and arguments (spaces aside) are the signature's
name and the arguments before the arrow.  Anything else is left as written, for the reader to refuse
with its own message: ``(x, y) \mapsto`` followed by a bare expression (the definition would be one
the document does not write), a name after the arrow other than the signature's.
"""
from __future__ import annotations

import re

#: a top-level row break
_BREAK = re.compile(r"\\\\")
_ARROW = re.compile(r"\\(?:to|rightarrow|longrightarrow)(?![a-zA-Z])")
_MAPSTO = re.compile(r"\\(?:mapsto|longmapsto)(?![a-zA-Z])")
#: an environment's opening or closing, an alignment mark: layout around the two rows
_LAYOUT = re.compile(r"\\(?:begin|end)\s*\{[a-zA-Z*]+\}|&")
#: the definition after the arrow: a name applied to arguments, then '='
_CALL = re.compile(r"\s*(?P<head>.+?)\s*(?P<arguments>\((?:[^()]|\([^()]*\))*\))\s*=")


def _depth(text: str, position: int) -> int:
    """How deep in braces, parentheses and brackets ``position`` is."""
    return sum(1 for c in text[:position] if c in "{([") - sum(1 for c in text[:position] if c in "})]")


def _squeezed(text: str) -> str:
    return "".join(_LAYOUT.sub(" ", text).split())


def _blank(text: str, start: int, end: int) -> str:
    """``text`` with ``start:end`` written as spaces (line ends kept)."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def map_definition_blanked(text: str) -> str:
    r"""``text`` with a map's signature row and the ``arguments \mapsto`` of its definition row blanked,
    when ``text`` is a definition written as a map; ``text`` unchanged otherwise.

    >>> map_definition_blanked(r"f : \mathbb{R} \to \mathbb{R} \\ x \mapsto f(x) = x^2").strip()
    'f(x) = x^2'
    """
    breaks = [m for m in _BREAK.finditer(text) if _depth(text, m.start()) == 0]
    if len(breaks) != 1 and not (len(breaks) == 2 and not _squeezed(text[breaks[1].end():]).rstrip(".,")):
        return text
    first, second = text[:breaks[0].start()], text[breaks[0].end():breaks[1].start() if len(breaks) > 1 else None]
    colons = [m.start() for m in re.finditer(r"(?<![:\\]):(?![=:])", first) if _depth(first, m.start()) == 0]
    arrows = [m for m in _ARROW.finditer(first) if _depth(first, m.start()) == 0]
    maps = [m for m in _MAPSTO.finditer(second) if _depth(second, m.start()) == 0]
    if len(colons) != 1 or len(arrows) != 1 or arrows[0].start() < colons[0] or len(maps) != 1:
        return text
    opening = max((m.end() for m in re.finditer(r"\\begin\s*\{[a-zA-Z*]+\}", first[:colons[0]])), default=0)
    name = _squeezed(first[opening:colons[0]])
    call = _CALL.match(second, maps[0].end())
    arguments = _squeezed(second[:maps[0].start()])
    if not name or call is None or _squeezed(call.group("head")) != name \
            or _squeezed(call.group("arguments")) not in (arguments, f"({arguments})"):
        return text
    offset = breaks[0].end()
    blanked = _blank(text, opening, breaks[0].end())
    start = offset + len(second) - len(second.lstrip())
    # keep an alignment mark's column free: only what the row writes before the definition goes
    return _blank(blanked, start, offset + call.start("head"))


__all__ = ["map_definition_blanked"]
