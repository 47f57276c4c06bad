r"""A statement followed by the definition of a name it uses: ``\nabla_q \mathcal{L} = \frac{1}{\tau}
(\sum_i p_i k_i - k_0), \quad p_i = \frac{e^{q \cdot k_i / \tau}}{\sum_j e^{q \cdot k_j / \tau}}``.

Papers define a shorthand beside the formula that uses it, after a comma (and ``\quad``,
``\text{where}``, ``\text{with}``).  Read only when the statement does not read without it: the
rows after the first top-level comma from which every row defines a name nothing declares, and none
writes a chain of its own, are the definitions (read as a definition display is,
latex/definitions.py), local to this statement; the reading says so.  Anything else is left to the
statement's own error."""
from __future__ import annotations

import re
from dataclasses import replace

from ..errors import DerivationError
from .beside import bind_definition
from .definitions import define_all
from .parser import Where
from .scope import Scope

_OPENERS, _CLOSERS = "{([", "})]"
_SPACING = re.compile(r"(?:\s|\\[,;: ]|\\q?quad(?![a-zA-Z])|~)*")
#: how many places a statement's definitions may start at are tried (each is a definition display read)
MAX_TRIES = 4
#: "where" or "with" in text (or in letters with a control space after), which may start the
#: definitions without a comma
_WORD = re.compile(r"\\(?:text|textrm|mathrm)\s*\{\s*(?:where|with)\b[^{}]*\}"
                   r"|(?<![A-Za-z\\])(?:where|with)(?:\\ |~)")     # in letters, a control space after: where\ x


def _splits(text: str) -> list[tuple[int, int]]:
    """(where the statement ends, where the definitions start) at each top-level comma and each
    top-level \\text{where}: not inside braces, parentheses or brackets (\\left( … \\right) count)."""
    depth, found = 0, []
    words = {m.start() for m in _WORD.finditer(text)}
    for position, char in enumerate(text):
        escaped = position > 0 and text[position - 1] == "\\"
        if char in _OPENERS and not escaped:
            depth += 1
        elif char in _CLOSERS and not escaped:
            depth -= 1
        elif depth == 0 and char == "," and not escaped:
            found.append((position, position + 1))
        elif depth == 0 and position in words:
            # ", \quad \text{where } …": the statement ends at the comma
            comma = found[-1][0] if found and _SPACING.fullmatch(text[found[-1][1]:position]) else position
            found.append((comma, position))
    return found


def _blanked(text: str, start: int, end: int) -> str:
    """``text`` with [start, end) written as spaces, its line breaks kept: every column and line
    of the rest still points into the document."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def where_clauses(text: str, scope: Scope, where: Where) -> tuple[str, Scope, str] | None:
    """(the statement's text with the definitions blanked, the scope with them bound, the reading)
    when ``text`` ends with definitions of names nothing declares; None otherwise."""
    splits = _splits(text)
    # a split is tried only where a relation follows (a head 'name = …'), and at most MAX_TRIES of
    # them: a statement of a thousand commas that does not read is refused at once
    candidates = [(end, start) for end, start in splits if "=" in text[start:] or "\\triangleq" in text[start:]]
    for end, start in candidates[:MAX_TRIES]:
        found = _local_definitions(_blanked(text, 0, start), scope, where, "after")
        if found is not None:
            return (_blanked(text, end, len(text)), *found)
    return _definitions_before(text, scope, where)


def _definitions_before(text: str, scope: Scope, where: Where) -> tuple[str, Scope, str] | None:
    r"""(the statement, the scope, the reading) when ``text`` starts with rows that define names nothing
    declares, ended by a row break, and the statement follows: ``x_{max} = \max(x) \\ \mathrm{softmax}(x_i)
    = …`` (a note that names the shorthand first); None otherwise."""
    for start in _row_breaks(text)[::-1][:MAX_TRIES]:    # the most rows that define first: m = …, s = …, then
        found = _local_definitions(_blanked(text, start, len(text)), scope, where, "before")
        if found is not None:
            return (_blanked(text, 0, start + 2), *found)
    return None


def _local_definitions(rows: str, scope: Scope, where: Where, side: str) -> tuple[Scope, str] | None:
    """(the scope with the definitions of ``rows`` bound, the reading) when every row defines a name nothing
    declares and none writes a chain of its own; None otherwise.  ``side``: where they stand, "before" or
    "after" the statement."""
    said = []
    try:
        display = define_all(rows, replace(scope, readings=said), where)
    except DerivationError:
        return None
    if display.chains or any(scope.lookup(macro.key) is not None for macro in display.macros):
        return None
    inner = scope
    for macro in display.macros:
        inner = bind_definition(inner, macro)
    heads = ", ".join(display.heads)
    # what reading the definitions needed is said with them (a letter of a name, a sum's extent)
    return inner, "; ".join([f"{heads}, defined {side} the statement, {'is' if len(display.heads) == 1 else 'are'} "
                             "read as a definition local to this statement"] + said)


def _row_breaks(text: str) -> list[int]:
    """Where each row break ``\\\\`` written at the top level starts: outside braces, parentheses and
    environments (the rows of an aligned block after it are the statement's own)."""
    depth, environments, found = 0, 0, []
    position = 0
    while position < len(text):
        if text.startswith("\\begin", position):
            environments += 1
        elif text.startswith("\\end", position):
            environments -= 1
        elif text.startswith("\\\\", position):
            if depth == 0 and environments == 0:
                found.append(position)
            position += 2
            continue
        elif text[position] == "\\":
            position += 2           # an escaped character, \{: not a group
            continue
        elif text[position] in _OPENERS:
            depth += 1
        elif text[position] in _CLOSERS:
            depth -= 1
        position += 1
    return found
