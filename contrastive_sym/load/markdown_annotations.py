"""The annotations of a Markdown document: HTML comments that carry TOML fields.

:class:`Reader` tells an annotation from a prose comment, reads its fields, checks
their keys and values against the schema of the TOML container, and remembers where
each string was written so that errors name the Markdown file's line and column.
"""
from __future__ import annotations

import bisect
import re
import tomllib
from dataclasses import dataclass

from ..errors import DerivationError
from .keylines import KeyLines
from .markdown_scan import Comment, Lines
from .schema import READING_TABLES, SCHEMA, validate_table
from ..latex.suggest import did_you_mean

_HEADER = re.compile(r"\s*contrastive-verify(?=\s|$)")
_DIRECTIVE = re.compile(r"\s*(claim|derivation|step|define|unchecked|section)[ \t]*(?::|(?=\s*$))")
_TOML_WHERE = re.compile(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)\s*$")

# The fields each annotation may carry: the TOML container's, less what the Markdown
# gives (``line`` and the LaTeX come from the display, ``source`` is the file itself,
# steps and definitions are annotations of their own).
_CLAIM_KEYS = SCHEMA["claim"].keys() - {"line", "latex", "derived", "step", "restated_from", "define"}
_KEYS = {
    "contrastive-verify": SCHEMA[""].keys() - {"source", "define", "unchecked", "claim", "section"},
    "claim": _CLAIM_KEYS,
    "derivation": _CLAIM_KEYS,
    "step": SCHEMA["step"].keys() - {"line", "latex", "restated_from", "define", "little_o", "pair_set"},
    "define": SCHEMA["define"].keys() - {"line", "restated_from"},
    "unchecked": SCHEMA["unchecked"].keys() - {"line"},
    # notation from the annotation's line on (load/sections.py); no display follows it
    "section": SCHEMA["section"].keys() - {"line"},
}
#: The table of the schema each annotation's fields are checked against.
_SCHEMA_OF = {"contrastive-verify": "", "claim": "claim", "derivation": "claim", "step": "step",
              "define": "define", "unchecked": "unchecked", "section": "section"}
# The fields of the tables inside them; ``let``, ``sizes`` and ``read_as`` map names freely.
_TABLE_KEYS = {key: set(SCHEMA[key]) for key in ("size", "scalar", "family", "index", "gradient", "path",
                                            "operator", "quantity", "pair_set")} | READING_TABLES


def named(directive: str) -> str:
    """How messages name an annotation: 'the claim annotation', 'the contrastive-verify header'."""
    return "the contrastive-verify header" if directive == "contrastive-verify" else f"the {directive} annotation"


@dataclass(frozen=True)
class Annotation:
    directive: str      # 'contrastive-verify', 'claim', 'derivation', 'step', 'define', 'unchecked'
    fields: dict
    comment: Comment


class Reader:
    """Reads one Markdown document into a specification, remembering where each of its
    strings was written so that the locator of :mod:`.markdown` can name the file's line."""

    def __init__(self, path: str, raw: str):
        self.path, self.raw, self.lines = path, raw, Lines.of(raw)
        self.placed: dict[int, list[int]] = {}
        self.comment_keys: dict[int, KeyLines] = {}
        self.tables: dict[int, Comment] = {}   # id of a specification table → its annotation

    def fail(self, message: str, offset: int) -> DerivationError:
        return DerivationError(message, self.path, self.lines.line(offset))

    # where strings are written
    def place(self, value: str, offset: int) -> None:
        # Keyed by identity, not by text: the same formula may be written twice, and
        # build() reads a claim's statement after its steps, so a search by text in
        # reading order could name the wrong one.  Equal one-character strings are one
        # object in CPython, hence a list of places, chosen by reading order.
        bisect.insort(self.placed.setdefault(id(value), []), offset)

    def place_values(self, value, comment: Comment, cursor: int = 0) -> int:
        """Place the strings of parsed TOML in the comment's text, in the order TOML
        wrote them; a string not found verbatim (an escape) is placed at the comment."""
        if isinstance(value, dict):
            for item in value.values():
                cursor = self.place_values(item, comment, cursor)
        elif isinstance(value, list):
            for item in value:
                cursor = self.place_values(item, comment, cursor)
        elif isinstance(value, str) and value:
            found = _find_value(comment.body, value, cursor)
            self.place(value, comment.body_start + max(found, 0))
            if found >= 0:
                cursor = found + 1
        return cursor

    # annotations
    def annotation(self, comment: Comment) -> Annotation | None:
        header = _HEADER.match(comment.body)
        match = header or _DIRECTIVE.match(comment.body)
        if match is None:
            return None
        directive = "contrastive-verify" if header else match.group(1)
        if not comment.terminated:
            raise self.fail(f"{named(directive)} is never closed with '-->'", comment.opened)
        fields = self.fields(comment, match.end(), directive)
        self.check_keys(fields, directive, comment)
        self.check_values(fields, directive, comment)
        self.place_values(fields, comment)
        return Annotation(directive, fields, comment)

    def fields(self, comment: Comment, skip: int, directive: str) -> dict:
        """The TOML after the directive: on one line, ``key = value`` pairs separated by
        commas (an inline table without its braces); over several lines, a TOML document."""
        text = comment.body[skip:]
        start = comment.body_start + skip
        stripped = text.strip()
        if not stripped:
            return {}
        if "\n" not in stripped:
            shift = start + text.index(stripped)
            try:
                return tomllib.loads("_ = {" + stripped + "}")["_"]
            except tomllib.TOMLDecodeError as exc:
                line, column = _toml_position(str(exc))
                offset = shift + min(max(column - 6, 0), len(stripped)) if line else shift + len(stripped)
                raise self._toml_error(exc, directive, offset) from None
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            line, column = _toml_position(str(exc))
            if line:
                offset = start + sum(len(t) + 1 for t in text.split("\n")[:line - 1]) + column - 1
            else:
                offset = start + len(text.rstrip())
            hint = ("; over several lines, the fields are one key = value per line, without commas"
                    if "after a statement" in str(exc) else "")   # the symptom of a comma
            raise self._toml_error(exc, directive, offset, hint) from None

    def _toml_error(self, exc: Exception, directive: str, offset: int, hint: str = "") -> DerivationError:
        reason = _TOML_WHERE.sub("", str(exc))
        reason = reason[:1].lower() + reason[1:]
        return self.fail(f"{named(directive)} is not valid TOML: {reason} "
                         f"(column {self.lines.column(offset)}){hint}", offset)

    def check_keys(self, fields: dict, directive: str, comment: Comment) -> None:
        known = _KEYS[directive]
        for key, value in fields.items():
            if key not in known:
                hint = (" (the line and the LaTeX are the display's below the annotation)"
                        if key in ("line", "latex") else "")
                raise self.fail(f"unknown key {key!r} in {named(directive)}{did_you_mean(key, known)}{hint}; "
                                f"known keys: {', '.join(sorted(known))}", self.key_offset(comment, key))
            tables = value if isinstance(value, list) else [value]
            for table in tables if key in _TABLE_KEYS else ():
                if not isinstance(table, dict):
                    raise self.fail(f"{key!r} in {named(directive)} must be a table "
                                    f"({{{', '.join(sorted(_TABLE_KEYS[key]))}}})",
                                    self.key_offset(comment, key))
                for inner in table:
                    if inner not in _TABLE_KEYS[key]:
                        raise self.fail(f"unknown key {inner!r} in {key!r} of {named(directive)}"
                                        f"{did_you_mean(inner, _TABLE_KEYS[key])}; "
                                        f"known keys: {', '.join(sorted(_TABLE_KEYS[key]))}",
                                        self.key_offset(comment, inner))

    def check_values(self, fields: dict, directive: str, comment: Comment) -> None:
        """Types and ranges of the fields, by the TOML container's schema, before anything
        reads them (a string ``given`` would be read letter by letter).  The keys a display
        provides (``line``, ``latex``) are not required here; build() checks the rest."""
        def fail(message: str, path: tuple) -> DerivationError:
            return DerivationError(message, self.path, self.key_line(comment, path))
        validate_table(fields, _SCHEMA_OF[directive], (), fail, required=False,
                       label=named(directive))

    def key_line(self, comment: Comment, path: tuple) -> int:
        """The line of the key at ``path`` inside an annotation (the annotation's line if
        it cannot be found)."""
        keys = self.comment_keys.get(comment.opened)
        if keys is None:
            keys = self.comment_keys[comment.opened] = KeyLines(comment.body,
                                                                  self.lines.line(comment.body_start))
        line = keys.line(path) if path else None
        return line if line is not None else self.lines.line(comment.opened)

    def key_offset(self, comment: Comment, key: str) -> int:
        match = re.search(rf"(?:^|[\s,{{\[])({re.escape(key)}|['\"]{re.escape(key)}['\"])\s*=",
                          comment.body, re.MULTILINE)
        return comment.body_start + match.start(1) if match else comment.opened

    def text_field(self, annotation: Annotation, key: str, default: str | None = None) -> str:
        value = annotation.fields.get(key, default)
        if not isinstance(value, str) or not value.strip():
            where = self.key_offset(annotation.comment, key) if key in annotation.fields \
                else annotation.comment.opened
            raise self.fail(f"{named(annotation.directive)} needs a text field {key!r} "
                            f"({key} = '…')", where)
        return value


def _find_value(body: str, value: str, cursor: int) -> int:
    """Where a TOML string's first line is written in ``body``: after a quote (or at a
    line start, for multi-line strings) from ``cursor`` on, else anywhere."""
    first = value.split("\n", 1)[0] or value.strip().split("\n", 1)[0]
    if not first:
        return -1
    candidates = []
    for origin in (cursor, 0):
        position = body.find(first, origin)
        while position >= 0:
            if body[position - 1:position] in ("'", '"', "\n"):
                return position
            candidates.append(position)
            position = body.find(first, position + 1)
    return candidates[0] if candidates else -1


def _toml_position(message: str) -> tuple[int | None, int]:
    match = _TOML_WHERE.search(message)
    if match and match.group(1):
        return int(match.group(1)), int(match.group(2))
    return None, 0
