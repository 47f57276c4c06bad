r"""``\left. x^2 + b \right|_{x=0}``: the invisible ``\left.`` says where the evaluation bar
begins.  The grammar reads ``\left.`` as nothing, which would leave the bar on ``b`` alone;
here such a pair becomes a group followed by the bar, ``{ x^2 + b }|_{x=0}``, with the same
length, so every position in the tree and in an error is still one in the user's text.

Only a ``\left.`` whose partner is a bar (``\right|``, ``\right\vert``, ``\right\rvert``)
followed by a subscript is rewritten; ``\left. … \right\}`` and the ``\right.`` of cases
are left as they are.
"""
from __future__ import annotations

import re

_DELIMITER = re.compile(r"\\(left|right)(?![a-zA-Z])\s*(\\[a-zA-Z]+|\\.|.)", re.DOTALL)
_BARS = ("|", r"\vert", r"\rvert")


def group_evaluation_bars(text: str) -> str:
    """``text`` with each ``\\left. … \\right|_`` made a group and a bar (same length)."""
    stack: list[re.Match] = []
    rewrites: list[tuple[int, int, str]] = []
    for match in _DELIMITER.finditer(text):
        if match.group(1) == "left":
            stack.append(match)
            continue
        if not stack:
            continue            # unbalanced: the grammar says so where it is written
        opening = stack.pop()
        if opening.group(2) != "." or match.group(2) not in _BARS:
            continue
        after = text[match.end():].lstrip()
        if not after.startswith("_") or not text[opening.end():match.start()].strip():
            continue            # no bar, or nothing it evaluates: the grammar says so as written
        rewrites.append((opening.start(), opening.end(), "{" + " " * (opening.end() - opening.start() - 1)))
        rewrites.append((match.start(), match.end(), "}" + " " * (match.end() - match.start() - 2) + "|"))
    for start, end, replacement in sorted(rewrites, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text
