r"""An argument in parentheses set in braces after a maximum or a minimum: ``\max{(0, d + m)}``,
``\max_{l \neq k}^{B}{(s_{kl})}``, as Markdown posts write them for KaTeX.  The braces group what the
parentheses already group and carry nothing; they are blanked (the same length, so every column
still points into the document), and the maximum reads its parentheses as when written bare."""
from __future__ import annotations

import re

#: \max or \min, perhaps with scripts (a braced group or one token each), then '{' and '('.
_HEAD = re.compile(r"\\(?:max|min)(?![a-zA-Z])"
                   r"(?:\s*[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\[a-zA-Z]+|[^\s{}\\]))*\s*(\{)\s*\(")


def unbraced_arguments(text: str) -> str:
    """``text`` with the braces around a parenthesised argument of \\max or \\min blanked."""
    result = list(text)
    for match in _HEAD.finditer(text):
        brace = match.start(1)
        close = closing(text, brace)
        if close is None:
            continue
        last = len(text[:close].rstrip()) - 1        # the group's last character
        opening = text.index("(", brace)
        if text[last] != ")" or closing(text, opening, "(", ")") != last:
            continue        # {(a) + b}, {(a)(b)}: the parentheses are not the whole group
        result[brace] = result[close] = " "
    return "".join(result)


def closing(text: str, start: int, opening: str = "{", closer: str = "}") -> int | None:
    """The position of the bracket that closes the one at ``start``, or None."""
    depth = 0
    for position in range(start, len(text)):
        char = text[position]
        if text[position - 1:position] == "\\":
            continue
        depth += char == opening
        depth -= char == closer
        if depth == 0:
            return position
    return None


#: each closing delimiter and the opening one it closes
_CLOSING = {")": "(", "]": "[", "}": "{"}


def innermost_open(text: str, position: int) -> tuple[str, int] | None:
    """The innermost delimiter open at ``position`` and where it is (``\\{ \\}`` a pair of their own)."""
    stack: list[tuple[str, int]] = []
    index = 0
    while index < min(position, len(text)):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            if text[index + 1] in "{}":
                index += 2        # \{ … \}: set braces, not grouping
                continue
            index += 1
            while index < len(text) and text[index].isalpha():
                index += 1
            continue
        if char in "([{":
            stack.append((char, index))
        elif char in _CLOSING:
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == _CLOSING[char]:
                    del stack[depth:]
                    break
        index += 1
    return stack[-1] if stack else None
