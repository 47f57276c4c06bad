"""LaTeX text → a lark parse tree, or a :class:`~contrastive_sym.errors.ParseError`.

The grammar (``grammar.lark``) is LALR(1) and its tables are built without a single
shift/reduce or reduce/reduce conflict (a test checks this in lark's strict mode), so a
formula it accepts has exactly one tree.  LALR parsing is iterative and linear in the
length of the input; the limits below keep the recursive translation that follows it
within bounds, whatever the input.
"""
from __future__ import annotations

import functools
import importlib.resources
import re
from dataclasses import dataclass

import lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import ParseError
from .unsupported import unsupported

#: A formula longer than this is refused before parsing (documents have ~300 characters).
MAX_LENGTH = 20_000
#: Deepest nesting of braces, parentheses and brackets accepted.
MAX_NESTING = 60


@dataclass(frozen=True)
class Where:
    """Where a formula starts: file, line and column (1-based) of its first character."""
    path: str | None = None
    line: int = 1
    column: int = 1

    def at(self, line: int, column: int) -> tuple[int, int]:
        """File line and column of a position (line, column) inside the formula."""
        if line == 1:
            return self.line, self.column + column - 1
        return self.line + line - 1, column

    def error(self, message: str, line: int = 1, column: int = 1, construct: str = "") -> ParseError:
        file_line, file_column = self.at(line, column)
        return ParseError(message, self.path, file_line, file_column, construct=construct)


@functools.lru_cache(maxsize=1)
def grammar_text() -> str:
    return importlib.resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def _parser() -> lark.Lark:
    return lark.Lark(grammar_text(), parser="lalr", lexer="contextual", propagate_positions=True,
                     maybe_placeholders=False)


# A full stop or comma that ends a display (or a row of it) is punctuation of the
# sentence around the formula, not mathematics.
_END_PUNCTUATION = re.compile(r"[.,](?=[ \t]*(\\\\|\\end\{[a-z*]+\}|\$|\s*$))")

_HUMAN = {
    "RBRACE": "'}'", "LBRACE": "'{'", "RPAR": "')'", "LPAR": "'('", "RSQB": "']'", "LSQB": "'['",
    "REL": "a relation", "LETTER": "a letter", "NUMBER": "a number", "CMD": "a command",
    "$END": "the end of the formula", "COMMA": "','", "SETCLOSE": "'\\}'", "NORM": "'\\|'",
    "RNORM": "'\\right\\|'", "RABS": "'\\right|'",
}


def parse(text: str, where: Where = Where()) -> lark.Tree:
    """The parse tree of ``text`` (one display: rows separated by ``\\\\``)."""
    if not isinstance(text, str):
        raise where.error(f"a formula must be text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise where.error(f"the formula is {len(text)} characters long; at most {MAX_LENGTH} are read",
                          construct=text[:40])
    if not text.strip():
        raise where.error("the formula is empty")
    _check_nesting(text, where)
    cleaned = _END_PUNCTUATION.sub(" ", text)
    try:
        return _parser().parse(cleaned)
    except UnexpectedInput as exc:
        raise _explain(exc, cleaned, where) from None
    except RecursionError:  # pragma: no cover - nesting is bounded above
        raise where.error("the formula is nested too deeply") from None


def _check_nesting(text: str, where: Where) -> None:
    depth, line, column = 0, 1, 0
    for char in text:
        column += 1
        if char == "\n":
            line, column = line + 1, 0
        elif char in "{([":
            depth += 1
            if depth > MAX_NESTING:
                raise where.error(f"braces and parentheses are nested more than {MAX_NESTING} deep",
                                  line, column, char)
        elif char in "})]":
            depth = max(depth - 1, 0)


def _explain(exc: UnexpectedInput, text: str, where: Where) -> ParseError:
    line, column = getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1
    position = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedToken):
        position = exc.token.start_pos if exc.token.type != "$END" else None
    known = _known_construct(text, position) if position is not None else None
    if known is not None:
        message, start = known
        return where.error(message, text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start),
                           _construct_at(text, start))
    if isinstance(exc, UnexpectedCharacters):
        construct = _construct_at(text, exc.pos_in_stream)
        return where.error(f"cannot read {construct!r} here", line, column, construct)
    if isinstance(exc, UnexpectedEOF):
        return where.error("the formula ends too early (an unclosed brace or parenthesis?)",
                           line, column)
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END":
            return where.error("the formula ends too early (an unclosed brace or parenthesis?)",
                               line, column)
        if "NORM" in exc.expected and "PLUS" not in exc.expected:
            # inside \| … \|, which holds one symbol with its scripts: the same bar at both
            # ends cannot say where the norm of an expression ends
            return where.error(f"unexpected {str(token)!r} inside \\| … \\|: with the same bar at both "
                               "ends a norm holds one symbol (\\|z_i\\|); write the norm of an expression "
                               "as \\left\\| … \\right\\| or \\lVert … \\rVert",
                               token.line or line, token.column or column, str(token))
        expected = sorted(_HUMAN.get(name, name.lower()) for name in exc.expected
                          if not name.startswith("_") and name in _HUMAN)
        hint = f"; expected {', '.join(expected[:4])}" if expected else ""
        return where.error(f"unexpected {str(token)!r}{hint}", token.line or line,
                           token.column or column, str(token))
    return where.error(str(exc).splitlines()[0], line, column)  # pragma: no cover


def _known_construct(text: str, position: int) -> tuple[str, int] | None:
    """A construct the grammar does not read (:mod:`.unsupported`) at the failing
    ``position``, or the last command of that kind before it (``\\overset{…}{=}``
    fails at its ``=``): its message and where it starts."""
    found = unsupported(text, position)
    if found is not None:
        return found, position
    for match in reversed(list(re.finditer(r"\\[a-zA-Z]+", text[:position]))):
        found = unsupported(text, match.start())
        if found is not None:
            return found, match.start()
    return None


def _construct_at(text: str, pos: int) -> str:
    """The command or character at ``pos``: what the grammar could not read."""
    match = re.compile(r"\\[a-zA-Z]+|\\.|.", re.S).match(text, max(pos, 0))
    return match.group(0) if match else ""
