r"""The document's own macros, expanded as TeX expands them: ``\newcommand{\L}{\mathcal{L}}``,
``\newcommand{\norm}[1]{\left\| #1 \right\|}`` (``[[macro]]`` in a derivation).

Papers and notes define their notation this way (a KaTeX or MathJax configuration, a
preamble), and their displays use it: ``\E_u \log \norm{f(x)}``.  Before a formula is
parsed, every use of a declared macro is replaced by its body, its arguments (brace groups,
or one token) put for ``#1`` … ``#9``, and the result expanded again, within bounds:
a macro that expands forever, or into a formula longer than the parser reads, is an error
naming it.  Positions stay the user's: an error inside an expansion points at the use of
the macro in the formula as written.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace

from ..errors import ParseError
from .parser import MAX_LENGTH, Where
from .unwritten_operands import operand_insertions

#: Most macro uses expanded in one formula (nested ones included).
MAX_EXPANSIONS = 2_000
#: Deepest nesting of a macro in the body of another (each level is a Python frame).
MAX_NESTING = 50

_NAME = re.compile(r"\\[a-zA-Z]+")


@dataclass(frozen=True)
class MacroDef:
    """``\\name`` with ``arguments`` arguments and its ``body`` (``#1`` … ``#9``)."""

    name: str
    arguments: int
    body: str


#: ``\ensuremath{X}`` is X in a formula (it only enters math mode): a preamble's
#: ``\newcommand{\mathmat}{\ensuremath{\mathbf}}`` makes ``\mathmat{D}`` the bold D.  A
#: document's own ``\ensuremath`` macro, if it declares one, is used instead.
ENSUREMATH = MacroDef(r"\ensuremath", 1, "#1")


@dataclass(frozen=True)
class ExpandedWhere(Where):
    """Where an expanded formula starts, mapping its positions back to the written one:
    ``spans`` are (start, end) in the expanded text of each top-level use, with
    ``origins`` their (start, end) in the written text."""

    expanded: str = ""
    written: str = ""
    spans: tuple = ()
    origins: tuple = ()

    def error(self, message: str, line: int = 1, column: int = 1, construct: str = "") -> ParseError:
        offset = _offset(self.expanded, line, column)
        position = self._written_offset(offset)
        if not self.written.startswith(construct, position):
            # the construct as written: the macro's use, not its expansion
            use = next((end - start for start, end in self.origins if start == position), 0)
            construct = self.written[position:position + (use or len(construct) or 1)][:60]
        written_line = self.written.count("\n", 0, position) + 1
        written_column = position - (self.written.rfind("\n", 0, position) + 1) + 1
        return Where(self.path, self.line, self.column, self.columns).error(message, written_line, written_column, construct)

    def _written_offset(self, offset: int) -> int:
        index = bisect.bisect_right([start for start, _ in self.spans], offset) - 1
        if index < 0:
            return offset
        start, end = self.spans[index]
        origin_start, origin_end = self.origins[index]
        if offset < end:
            return origin_start                     # inside an expansion: the use itself
        return origin_end + (offset - end)


def _offset(text: str, line: int, column: int) -> int:
    """The offset of a 1-based (line, column) in ``text``."""
    start = 0
    for _ in range(line - 1):
        found = text.find("\n", start)
        if found < 0:
            break
        start = found + 1
    return start + column - 1


#: A comment, as TeX (and MathJax, KaTeX) read one: from an unescaped % to the end of its
#: line (``%\\ \nonumber`` left in an align): blanked, at the same length.
_COMMENT = re.compile(r"(?<!\\)((?:\\\\)*)%[^\n]*")


def expand_macros(text: str, scope, where: Where) -> tuple[str, Where]:
    """``text`` with every use of the macros of ``scope`` expanded, and the formula a claim's
    ``differentiates`` names put after each derivative written alone (unwritten_operands.py), and the
    ``where`` that reports positions in the written text; unchanged when there is neither."""
    written = text
    if isinstance(text, str) and "%" in text:
        text = blank_comments(text)
        if text != written:     # an error quotes what the user wrote, the comment included
            where = ExpandedWhere(where.path, where.line, where.column, where.columns, text, written, (), ())
    macros = getattr(scope, "macros", ())
    # a derivative written alone, applied to what the claim says it differentiates
    insertions = operand_insertions(text, getattr(scope, "differentiated", None)) if isinstance(text, str) else []
    if not isinstance(text, str) or not macros and ENSUREMATH.name not in text and not insertions:
        return text, where
    table = {ENSUREMATH.name: ENSUREMATH, **{m.name: m for m in macros}}
    used = {match.group() for match in _NAME.finditer(text)} & set(table)
    if not used and not insertions:
        return text, where
    for name in used - {ENSUREMATH.name}:
        scope.lookup(name)      # a scope that records what a formula uses sees the macro used
    budget = [MAX_EXPANSIONS]
    pieces, spans, origins = [], [], []
    position = length = 0
    uses = sorted([(match.start(), match) for match in _NAME.finditer(text) if match.group() in table]
                  + insertions, key=lambda use: use[0])
    for start, use in uses:
        if start < position:
            continue
        if isinstance(use, str):      # put in, in place of nothing written
            body, end = _expand(use, table, budget, where, text, start, 1), start
        else:
            macro = table[use.group()]
            arguments, end = _arguments(text, use.end(), macro, where, text, start)
            body = _apart(text[position:start], _expand(_substitute(macro, arguments), table, budget, where, text,
                                                        start, 1), text[end:end + 1])
        pieces.append(text[position:start])
        length += start - position
        spans.append((length, length + len(body)))
        origins.append((start, end))
        pieces.append(body)
        length += len(body)
        position = end
        if length > MAX_LENGTH:
            raise _error(where, text, start, f"the macros of this formula expand to more than "
                                             f"{MAX_LENGTH} characters", text[start:end])
    pieces.append(text[position:])
    expanded = "".join(pieces)
    return expanded, ExpandedWhere(where.path, where.line, where.column, where.columns, expanded, written,
                                   tuple(spans), tuple(origins))


def written_positions(rows: list, where) -> list:
    """``rows`` (translate.Row) with the positions of their sides in the formula as written, when the
    formula read was expanded (a macro's use, a claim's ``differentiates``): what a link's text is cut
    from (load/statements.py)."""
    if not isinstance(where, ExpandedWhere) or not where.spans:
        return rows
    return [replace(row, sides=tuple(replace(side, start=where._written_offset(side.start),
                                              end=where._written_offset(side.end)) for side in row.sides))
            for row in rows]


def blank_comments(text: str) -> str:
    """``text`` with each comment blanked (same length)."""
    return _COMMENT.sub(lambda m: m.group(1) + " " * (len(m.group()) - len(m.group(1))), text)


def _expand(text: str, table: dict, budget: list, where: Where, written: str, at: int, depth: int) -> str:
    """Every macro use inside an expansion, expanded in turn (within the budget)."""
    out, position = [], 0
    if depth > MAX_NESTING and _NAME.search(text) and any(m.group() in table for m in _NAME.finditer(text)):
        raise _error(where, written, at, f"the macros of this formula nest more than {MAX_NESTING} deep "
                                         "(a macro that uses itself?)", written[at:at + 20])
    for match in _NAME.finditer(text):
        macro = table.get(match.group())
        if macro is None or match.start() < position:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            raise _error(where, written, at, f"the macro {written[at:].split()[0] if written[at:] else ''} "
                                             f"expands without end (more than {MAX_EXPANSIONS} uses)",
                         match.group())
        arguments, end = _arguments(text, match.end(), macro, where, written, at)
        out.append(text[position:match.start()])
        body = _expand(_substitute(macro, arguments), table, budget, where, written, at, depth + 1)
        out.append(_apart(text[position:match.start()], body, text[end:end + 1]))
        position = end
        if sum(len(p) for p in out) > MAX_LENGTH:
            raise _error(where, written, at, f"the macros of this formula expand to more than {MAX_LENGTH} "
                                             "characters", match.group())
    out.append(text[position:])
    return "".join(out)


#: a control word ending a text (\nu), or starting one
_WORD_AT_END = re.compile(r"(?<!\\)\\[a-zA-Z]+$")
_WORD_AT_START = re.compile(r"\\[a-zA-Z]+")


def _apart(before: str, body: str, after: str) -> str:
    r"""``body`` with a space where it would otherwise join a control word: TeX reads a
    document's tokens before it expands a macro, so ``\nu\pnoise{y}`` with ``\pnoise{y}`` →
    ``p_n(y)`` is ν·p_n(y), not the command ``\nup_n``; in math mode the space is no content."""
    if body[:1].isalpha() and _WORD_AT_END.search(before):
        body = " " + body
    if after.isalpha() and _WORD_AT_END.search(body):
        body = body + " "
    return body


def _arguments(text: str, position: int, macro: MacroDef, where: Where, written: str,
               at: int) -> tuple[list[str], int]:
    """The ``macro.arguments`` arguments after ``position``: brace groups (without their
    braces) or single tokens, as TeX reads undelimited arguments.  An error names the use
    of the macro at ``at`` in the ``written`` formula."""
    arguments = []
    for _ in range(macro.arguments):
        while position < len(text) and text[position] in " \t\n":
            position += 1
        if position >= len(text) or text[position] in "}":
            raise _error(where, written, at, f"{macro.name} takes {macro.arguments} argument"
                                                      f"{'s' * (macro.arguments != 1)}; the formula ends "
                                                      "before them", macro.name)
        if text[position] == "{":
            end = _group_end(text, position)
            if end is None:
                raise _error(where, written, at, f"an argument of {macro.name} is not closed", macro.name)
            arguments.append(text[position + 1:end])
            position = end + 1
        else:
            token = _NAME.match(text, position)
            end = token.end() if token else position + 1
            arguments.append(text[position:end])
            position = end
    return arguments, position


def _group_end(text: str, start: int) -> int | None:
    depth, position = 0, start
    while position < len(text):
        char = text[position]
        if char == "\\":
            position += 2
            continue
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0:
            return position
        position += 1
    return None


_ENDS_IN_CONTROL_WORD = re.compile(r"\\[a-zA-Z]+$")


def _substitute(macro: MacroDef, arguments: list[str]) -> str:
    r"""The body with its parameters replaced.  TeX reads the body's tokens before it puts
    the arguments in, so ``\lVert#1`` applied to ``g(x)`` is ``\lVert`` then ``g(x)``: a space
    keeps a control word apart from a letter that follows it, on either side."""
    body = macro.body

    def argument(match):
        number = int(match.group(1))
        if number > len(arguments):
            return match.group()
        text = arguments[number - 1]
        if text[:1].isalpha() and _ENDS_IN_CONTROL_WORD.search(body[:match.start()]):
            text = " " + text
        if body[match.end():match.end() + 1].isalpha() and _ENDS_IN_CONTROL_WORD.search(text):
            text = text + " "
        return text
    return re.sub(r"#([1-9])", argument, body)


def _error(where: Where, text: str, position: int, message: str, construct: str) -> ParseError:
    if not text.startswith(construct, position):
        # found inside the expansion of the macro written at ``position``: shown at that use
        found = _NAME.match(text, position)
        construct = found.group() if found else text[position:position + 1]
        message = f"{message} (in the expansion of {construct})"
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return where.error(message, line, column, construct)
