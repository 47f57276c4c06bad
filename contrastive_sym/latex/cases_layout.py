r"""Definitions by cases, found in the text before it is parsed.

``\begin{cases} 1 & j = p(i), \\ 0 & j \neq p(i). \end{cases}`` (also ``dcases``, and
``\left\{ \begin{array}{ll} … \end{array} \right.`` and ``\left\{ \begin{aligned} … \end{aligned}
\right.``, cases layouts written with an array or aligned rows)
is a value: the value of the row whose condition holds.  TeX separates a row's value from
its condition by ``&``; documents also write a comma, ``\quad`` or ``\text{if }`` there
(``x, \quad x' \text{…}``).  Which of these separates is decided here, where the row and
its brace depth are plain, and marked with private-use characters that the grammar reads
(CASESBEGIN, _CASESIF, _CASESROW, CASESEND), at the same length: every position in the
marked text is still one in the user's text (as :mod:`.bars` does for bars).

A layout whose rows cannot be split so is refused here (:class:`CasesError`), naming the
row; whether its conditions can be decided is the translator's question
(:mod:`.translate.cases`).

>>> mark_cases(r"\begin{cases} 1 & j = i \\ 0 & j \neq i \end{cases}") == (
...     "\ue012" + " " * 12 + " 1 \ue011 j = i \ue010  0 \ue011 j \\neq i \ue013" + " " * 10)
True
"""
from __future__ import annotations

import re

BEGIN, SEPARATOR, ROW, END = "\ue012", "\ue011", "\ue010", "\ue013"
MARKERS = frozenset((BEGIN, SEPARATOR, ROW, END))

_OPEN = re.compile(r"\\begin\s*\{(d?cases)\}|\\left\s*\\\{\s*\\begin\s*\{(array)\}\s*\{\s*[lcr]\s*[lcr]?\s*\}"
                   r"|\\left\s*\\\{\s*\\begin\s*\{(aligned)\}|\\left\s*\\\{\s*\\begin\s*\{(matrix)\}")
_ARRAY_END = re.compile(r"\\end\s*\{array\}\s*\\right\s*\.")
#: ``\left\{ \begin{aligned} 0 \qquad y_i \neq y_j \\ … \end{aligned} \right.``: the brace says cases
_ALIGNED_END = re.compile(r"\\end\s*\{aligned\}\s*\\right\s*\.")
#: ``\left\{\begin{matrix} & -\log f & & if & t = 1 \\ … \end{matrix}\right.``: cases set as a matrix, with
#: empty cells and a cell 'if' between the value and its condition
_MATRIX_END = re.compile(r"\\end\s*\{matrix\}\s*\\right\s*\.")
_IF_CELL = re.compile(r"\s*(?:if|\\(?:text|textrm|mathrm|mbox)\s*\{\s*if\s*\})?\s*")
_TOKEN = re.compile(r"\\\\|\\[a-zA-Z]+|\\.|.", re.S)
_SPACE = re.compile(r"(?:\s|\\[,;:! ]|\\(?:quad|qquad)(?![a-zA-Z])|~)*")
#: A word that opens a condition (\text{if } j = i): read as nothing, what follows is the condition.
_LEAD = re.compile(r"\\(?:text|textrm|mathrm|mbox)\s*\{\s*(?:if|for|when|si|où|pour)\s*\}")
_QUAD = re.compile(r"\\(?:quad|qquad)(?![a-zA-Z])")


#: ``\begin{array}{l} … \end{array}`` with one column, no brace before it: rows of a long chain
_ONE_COLUMN = re.compile(r"\\begin\s*\{array\}\s*\{\s*[lcr]\s*\}")
_ARRAY_CLOSE = re.compile(r"\\end\s*\{array\}")


def blank_row_arrays(text: str) -> str:
    r"""``text`` with each array of one column and no ``&`` (``\begin{array}{l} a = b \\ = c
    \end{array}``, a chain broken into rows as ``aligned`` would) written as its rows: the begin and
    the end become spaces (same length).  Any other array is left to be read or refused."""
    for opening in reversed(list(_ONE_COLUMN.finditer(text))):
        closing = _ARRAY_CLOSE.search(text, opening.end())
        inner = text[opening.end():closing.start()] if closing is not None else ""
        if closing is None or "&" in inner or "\\begin" in inner \
                or re.search(r"\\(?:left\s*\\\{|\{)\s*$", text[:opening.start()]):
            continue        # a cell, a nested environment, or the brace of cases: not rows of a chain
        text = (text[:opening.start()] + " " * (opening.end() - opening.start()) + inner
                + " " * (closing.end() - closing.start()) + text[closing.end():])
    return text


def cases_row_defines(text: str, position: int) -> str | None:
    r"""Why a relation at ``position`` of the marked ``text`` is not read, when it opens a cases
    row's condition (``\begin{cases} \mathcal{L}(x, x^+) &= … \\ \mathcal{L}(x, x^-) &= … \end{cases}``,
    cases grouping definitions of their own); None otherwise."""
    before = text[:position].rstrip()
    if not before.endswith(SEPARATOR) or not re.match(r"\s*(=|<|>|\\(?:leq?|geq?)(?![a-zA-Z]))", text[position:]):
        return None
    return ("a row of cases whose condition starts with a relation: cases that group definitions of their own "
            r"(\mathcal{L}(x, x^+) &= … \\ \mathcal{L}(x, x^-) &= …) are not read; a case is a value and its "
            "condition (1 & j = i); write each definition as a row of its own, without cases")


class CasesError(Exception):
    """A cases layout that is refused: ``message``, where (``position``) and what."""

    def __init__(self, message: str, position: int, construct: str):
        super().__init__(message)
        self.message, self.position, self.construct = message, position, construct


def array_is_layout(text: str, position: int) -> bool:
    r"""Whether the ``\begin{array}`` at ``position`` opens a cases layout (``\left\{``
    before it, a column spec of one or two columns, ``\right.`` after its end)."""
    for match in _OPEN.finditer(text):
        if match.group(2) and match.start() <= position < match.end():
            return _ARRAY_END.search(text, match.end()) is not None
    return False


def mark_cases(text: str) -> str:
    """``text`` with each cases layout marked for the grammar (same length)."""
    for position, char in enumerate(text):
        if char in MARKERS:
            raise CasesError(f"the character U+{ord(char):04X} is not read", position, char)
    out = list(text)
    position = 0
    while True:
        opening = _OPEN.search(text, position)
        if opening is None:
            return "".join(out)
        name = opening.group(1) or opening.group(2) or opening.group(4) or "aligned"
        shown = r"\begin{" + name + "}"
        closing = {"array": _ARRAY_END, "aligned": _ALIGNED_END, "matrix": _MATRIX_END}.get(name)
        ending = (closing or re.compile(r"\\end\s*\{" + name + r"\}")).search(text, opening.end())
        if ending is None:
            if closing is not None:      # not a cases layout: an array is refused by the parser
                position = opening.end()
                continue
            raise CasesError(f"'{shown}' without its '\\end{{{name}}}'", opening.start(),
                             _construct(text, opening.start()))
        if name in ("cases", "array", "aligned") and _whole_display(text, opening.start(), ending.end()) \
                and _statements(text, opening.end(), ending.start()):
            # \begin{cases} p(u \mid C=1) = p_m(u) \\ p(u \mid C=0) = p_n(u) \end{cases}, the whole display: a
            # brace around statements (a system), each row one, as rows of an aligned display are; also
            # written \left\{\begin{array}{l} … \end{array}\right. (DCL's Proposition 1: three gradients)
            _blank(out, text, opening.start(), opening.end(), " ")
            _blank(out, text, ending.start(), ending.end(), " ")
            position = ending.end()
            continue
        inner = re.search(r"\\begin\s*\{", text[opening.end():ending.start()])
        if inner is not None:
            at = opening.end() + inner.start()
            raise CasesError(f"an environment inside '{shown}' (at '{_construct(text, at)}') is not read",
                             at, _construct(text, at))
        if name == "cases" and _rows_of_definitions(text, opening.end(), ending.start()):
            # \begin{cases} \mathcal{L}(x, x^+) &= … \\ \mathcal{L}(x, x^-) &= … \end{cases}: a brace that
            # groups rows of their own (each 'name &= …', never 'value & condition'): the rows
            _blank(out, text, opening.start(), opening.end(), " ")
            _blank(out, text, ending.start(), ending.end(), " ")
            position = ending.end()
            continue
        _blank(out, text, opening.start(), opening.end(), BEGIN)
        _blank(out, text, ending.start(), ending.end(), END)
        _mark_rows(out, text, opening.end(), ending.start(), shown)
        position = ending.end()


def _mark_rows(out: list, text: str, start: int, end: int, shown: str) -> None:
    rows, row_start = [], start
    for token in _outside_groups(text, start, end):
        if token.group() == "\\\\":
            rows.append((row_start, token.start(), token.end()))
            row_start = token.end()
    rows.append((row_start, end, None))
    if not text[rows[-1][0]:end].strip() and len(rows) > 1:
        rows.pop()                       # a \\ after the last row: nothing follows it
        _blank(out, text, rows[-1][1], rows[-1][2], " ")
        rows[-1] = (rows[-1][0], rows[-1][1], None)
    for number, (row_start, row_end, separator_end) in enumerate(rows, 1):
        if separator_end is not None:
            _blank(out, text, row_end, separator_end, ROW)
        _mark_row(out, text, row_start, row_end, number, shown)


def _mark_row(out: list, text: str, start: int, end: int, number: int, shown: str) -> None:
    """Mark where the value of row ``number`` ends and its condition starts."""
    if not text[start:end].strip():      # placed at the \\ (or \end) that ends the empty row
        raise CasesError(f"row {number} of '{shown}' is empty", end, _construct(text, end))
    if shown == r"\begin{matrix}":
        _matrix_cells(out, text, start, end)
        text = "".join(out)         # the row as it is read on: its blanked cells are gone
    if (group := _whole_group(text, start, end)) is not None:
        # {\cos(m\theta), \quad 0 \le \theta \le \frac{\pi}{m}}: braces around the whole row only group it
        for brace in group:
            out[brace] = " "
        text = "".join(out)
    found = _separator(text, start, end)
    if found is None:
        first = start + len(text[start:end]) - len(text[start:end].lstrip())
        raise CasesError(f"row {number} of '{shown}' has no condition: write the value, '&' and the "
                         "condition (1 & j = i), or \\text{otherwise}", first, text[start:end].strip()[:40])
    at, after = found
    if text[at] == "&":
        # "1, & j = i": the comma before & is the sentence's punctuation
        before = text[start:at].rstrip()
        if before.endswith(","):
            out[start + len(before) - 1] = " "
    _blank(out, text, at, after, SEPARATOR)
    if text[at] == "&":
        # "v &, c": a comma after the & too (READMEs write it so)
        comma = _SPACE.match(text, after).end()
        if text.startswith(",", comma) and comma < end:
            out[comma] = " "
            after = comma + 1
    lead = _LEAD.match(text, _SPACE.match(text, after).end())
    if lead is not None and text[lead.end():end].strip():
        _blank(out, text, lead.start(), lead.end(), " ")
    if not text[after:end].strip() or lead is not None and not text[lead.end():end].strip():
        raise CasesError(f"row {number} of '{shown}' has no condition after its value", at,
                         _construct(text, at))


def _whole_group(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Where the opening and closing brace are when one pair of braces holds the whole row; None otherwise."""
    first = start + len(text[start:end]) - len(text[start:end].lstrip())
    last = start + len(text[start:end].rstrip()) - 1
    if first >= last or text[first] != "{" or text[last] != "}" or text[first - 1:first] == "\\":
        return None
    depth = 0
    for position in range(first, last + 1):
        if text[position] in "{}" and text[position - 1] != "\\":
            depth += 1 if text[position] == "{" else -1
            if depth == 0 and position != last:
                return None          # {a}, {b}: two groups, not one around the row
    return (first, last) if depth == 0 else None


def _matrix_cells(out: list, text: str, start: int, end: int) -> None:
    r"""A row of cases set as a matrix (``& -\log f & & if & t = 1``) written as a row of cases: its empty
    cells and a cell 'if' blanked with the '&' before them, so that one '&' separates the two cells left.
    A row of any other number of cells with something in them is left to be refused as it is."""
    bounds = [start] + [t.start() for t in _outside_groups(text, start, end) if t.group() == "&"] + [end]
    cells = [(a + (a != start), b) for a, b in zip(bounds, bounds[1:])]
    kept = [(a, b) for a, b in cells if not _IF_CELL.fullmatch(text, a, b)]
    if len(kept) != 2:
        return
    for a, b in cells:
        if (a, b) not in kept:
            _blank(out, text, a - (a != start), b, " ")
    if kept[0][0] != start:         # the '&' before the value, when an empty cell opens the row
        out[kept[0][0] - 1] = " "


def _separator(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Where the value of a row ends: its '&', else the first of a comma, a ``\\quad`` and
    a ``\\text{if }`` (all outside braces and brackets); None if none."""
    found: dict[str, tuple[int, int]] = {}
    for token in _outside_groups(text, start, end):
        value = token.group()
        if value == "&" and "&" in found:
            raise CasesError("a row of a definition by cases has two '&': the value and its condition "
                             "are one '&' apart", token.start(), "&")
        kind = "&" if value == "&" else "," if value == "," else "quad" if _QUAD.fullmatch(value) \
            else "if" if value.startswith("\\") and _LEAD.match(text, token.start()) else None
        if kind == "if":         # \text{if } is the separator itself
            found.setdefault(kind, _LEAD.match(text, token.start()).span())
        elif kind is not None:
            found.setdefault(kind, token.span())
    if "&" in found:
        return found["&"]
    return min(found.values(), default=None)


#: a relation opening what follows a row's '&': a definition or a link, never a condition
_RELATION_FIRST = re.compile(r"\s*(?:=|:=|\\(?:coloneqq|triangleq|doteq|equiv)(?![a-zA-Z]))")


def _rows_of_definitions(text: str, start: int, end: int) -> bool:
    """Whether every row of the cases body ``text[start:end]`` is ``head &= …`` (a relation right
    after its one '&' outside groups): rows grouped by a brace, not cases."""
    rows, row, count = [], [start, None], 0
    for token in _outside_groups(text, start, end):
        if token.group() == "\\\\":
            rows.append(row)
            row = [token.end(), None]
        elif token.group() == "&":
            count += 1
            row[1] = token.end() if row[1] is None else -1
    rows.append(row)
    rows = [(a, b) for a, b in rows if b is not None or text[a:end if b is None else b].strip()]
    return count > 0 and len(rows) > 1 and all(b is not None and b >= 0 and _RELATION_FIRST.match(text, b)
                                               for _, b in rows)


#: what may stand around a display's only cases: spacing, \displaystyle, a display environment's begin or
#: end, punctuation, a label or a tag
_AROUND = re.compile(r"(?:\s|\\[,;:! ]|\\(?:displaystyle|quad|qquad|nonumber|notag)(?![a-zA-Z])|[.,;]"
                     r"|\\(?:begin|end)\s*\{(?:equation|align|gather|aligned|gathered)\*?\}"
                     r"|\\(?:label|tag\*?)\s*\{[^{}]*\})*")
#: a relation a statement row writes outside groups (=, <, ≤, …), as rows of a system do
_STATES = re.compile(r"=|<|>|\\(?:leq?|geq?|neq?|approx|propto)(?![a-zA-Z])")
#: a layout environment that is the whole body of a cases (\begin{cases} \begin{aligned} … \end{aligned} \end{cases})
_ONE_LAYOUT = re.compile(r"\s*\\begin\s*\{(aligned|gathered|split)\}(.*)\\end\s*\{\1\}\s*", re.S)


def _whole_display(text: str, start: int, end: int) -> bool:
    """Whether the cases at ``text[start:end]`` is all the display writes (spacing, a display environment,
    punctuation, a label or a tag around it)."""
    return _AROUND.fullmatch(text, 0, start) is not None and _AROUND.fullmatch(text, end) is not None


def _statements(text: str, start: int, end: int) -> bool:
    """Whether the cases body ``text[start:end]`` is statements, not values and conditions: one layout
    environment (its rows), or rows that each state a relation outside groups with no '&' and nothing
    that separates a value from a condition (a comma, a quad, an "if" in text)."""
    layout = _ONE_LAYOUT.fullmatch(text, start, end)
    if layout is not None:
        return not re.search(r"\\begin\s*\{", layout.group(2))
    rows, row = [], []
    for token in _outside_groups(text, start, end):
        if token.group() == "\\\\":
            rows.append(row)
            row = []
        else:
            row.append(token)
    rows.append(row)
    rows = [r for r in rows if any(t.group().strip() for t in r)]
    # (one row too: a display of several chains is read once per chain, the others blanked)
    return len(rows) >= 1 and all(_states_alone(r, text) for r in rows)


#: spacing that may separate a value from its condition (1 \; x > 0, 1 ~ x > 0)
_GAP = re.compile(r"\\[,;: ]|~|\\hspace|\\(?:enspace|thinspace|medspace|thickspace|space|negthinspace|negmedspace"
                  r"|negthickspace|quad|qquad)(?![a-zA-Z])")


def _states_alone(row: list, text: str) -> bool:
    """Whether the tokens ``row`` (outside groups) state a relation with nothing that may separate a value
    from its condition: no '&', comma, \\quad or "if" in text, and no spacing before its first relation."""
    first = next((n for n, t in enumerate(row) if _STATES.fullmatch(t.group())), None)
    return first is not None and not any(_GAP.match(t.group()) for t in row[:first]) and not any(
        t.group() in ("&", ",") or _QUAD.fullmatch(t.group()) or _LEAD.match(text, t.start()) for t in row)


def _outside_groups(text: str, start: int, end: int):
    """The tokens of ``text[start:end]`` outside braces, parentheses and brackets."""
    depth = 0
    for token in _TOKEN.finditer(text, start, end):
        value = token.group()
        if value in ("{", "(", "[", r"\{"):
            depth += 1
        elif value in ("}", ")", "]", r"\}"):
            depth -= 1
        elif depth == 0:
            yield token


def _blank(out: list, text: str, start: int, end: int, marker: str) -> None:
    """``text[start:end]`` as ``marker`` and spaces (line ends kept)."""
    for position in range(start, end):
        out[position] = "\n" if text[position] == "\n" else " "
    if marker != " ":
        out[start] = marker


def _construct(text: str, position: int) -> str:
    """What starts at ``position``: an environment's opening, a command or a character."""
    match = re.compile(r"\\begin\s*\{[^{}\\]*\}").match(text, position) or _TOKEN.match(text, position)
    return match.group() if match else ""
