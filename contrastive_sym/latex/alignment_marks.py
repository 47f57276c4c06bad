r"""An alignment mark ``&`` where TeX allows one: between the columns of an ``align`` row (where it
sets nothing between the two sides), of a matrix or of cases.  Inside a brace group TeX stops
("Misplaced alignment tab character"): ``{x^2 & y}`` is no formula, so it is refused rather than
read as the product x² y the mark would otherwise leave.

>>> misplaced(r"a &= \frac{b}{c} \\ &= d")
>>> misplaced(r"\frac{\partial}{\partial x} {x^2 & y} = 2x")
33
>>> misplaced(r"{\begin{aligned} a &= b \end{aligned}}")
"""
from __future__ import annotations

import re

_TOKEN = re.compile(r"\\[{}&]|\\begin\s*\{[^{}]*\}|\\end\s*\{[^{}]*\}|\\[a-zA-Z]+|[{}&]")


def misplaced(text: str) -> int | None:
    """The position of the first ``&`` directly inside a brace group of ``text``; None if none is."""
    stack = []
    for token in _TOKEN.finditer(text):
        written = token.group()
        if written == "{":
            stack.append("{")
        elif written == "}":
            if stack and stack[-1] == "{":
                stack.pop()
        elif written.startswith("\\begin"):
            stack.append("environment")
        elif written.startswith("\\end"):
            while stack and stack.pop() != "environment":
                pass
        elif written == "&" and stack and stack[-1] == "{":
            return token.start()
    return None
