r"""Markdown documents checked directly: the annotations live in HTML comments.

``contrastive-verify check notes.md`` reads the notes themselves.  HTML comments,
which Markdown renderers do not show, declare the notation and say what each display
means; the formulas are the document's own displays, so every line and column an
error or a report names is the Markdown file's.  The format is described for users
in ``docs/markdown-annotations.md``::

    <!-- contrastive-verify
    title = "LogSumExp notes"
    [[size]]
    name = 'n'
    minimum = 1
    checked = [1, 2, 3]
    -->

    <!-- claim: id = "bounds", kind = "inequality" -->
    $$ \max\{x_1,...,x_n\} \leq LSE(x_1,...,x_n) $$

    <!-- step -->
    $$ \exp(x_m) \leq \sum_{i=1}^n \exp(x_i) $$

An annotation is a comment whose text starts with ``contrastive-verify`` (the one
header: id, title, notation) or with ``claim``, ``derivation``, ``step``, ``define``
or ``unchecked`` and a colon, followed by TOML fields.  Every other comment is prose.
Display math that no annotation covers is listed as unchecked.  Code (fenced blocks,
inline code spans) is skipped.  The result is the specification of
:mod:`contrastive_sym.load.toml`, built by its :func:`build`; nothing in the file
is executed or evaluated.
"""
from __future__ import annotations

import bisect
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..safe_io import MAX_DERIVATION_BYTES, read_text_file
from ..model.claims import Document
from ..errors import DerivationError
from .toml import READING_TABLES, SCHEMA, KeyLines, Locator, _table_at, build, validate_table
from ..latex.parser import Where

#: The reason listed for a display no annotation covers.
NOT_MARKED = "display math not marked for checking"

# Environments that are display math on their own (outside $$ … $$).
_DISPLAY_ENVIRONMENTS = "equation|align|alignat|gather|multline|flalign|eqnarray"
_TOKEN = re.compile(r"\n|`+|<!--|\$\$|\\\[|\\begin\{(?:" + _DISPLAY_ENVIRONMENTS + r")\*?\}")
_FENCE = re.compile(r"[ ]{0,3}(`{3,}|~{3,})([^\n]*)")
_HEADING = re.compile(r"[ ]{0,3}#{1,6}[ \t]+([^\n]*?)[ \t#]*(?:\n|$)")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_HEADER = re.compile(r"\s*contrastive-verify(?=\s|$)")
_DIRECTIVE = re.compile(r"\s*(claim|derivation|step|define|unchecked)[ \t]*(?::|(?=\s*$))")
_TOML_WHERE = re.compile(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)\s*$")

# The fields each annotation may carry: the TOML container's, less what the Markdown
# gives (``line`` and the LaTeX come from the display, ``source`` is the file itself,
# steps and definitions are annotations of their own).
_CLAIM_KEYS = SCHEMA["claim"].keys() - {"line", "latex", "derived", "step", "restated_from", "define"}
_KEYS = {
    "contrastive-verify": SCHEMA[""].keys() - {"source", "define", "unchecked", "claim"},
    "claim": _CLAIM_KEYS,
    "derivation": _CLAIM_KEYS,
    "step": SCHEMA["step"].keys() - {"line", "latex", "restated_from", "define", "little_o", "pair_set"},
    "define": SCHEMA["define"].keys() - {"line", "restated_from"},
    "unchecked": SCHEMA["unchecked"].keys() - {"line"},
}
#: The table of the schema each annotation's fields are checked against.
_SCHEMA_OF = {"contrastive-verify": "", "claim": "claim", "derivation": "claim", "step": "step",
              "define": "define", "unchecked": "unchecked"}
# The fields of the tables inside them; ``let``, ``sizes`` and ``read_as`` map names freely.
_TABLE_KEYS = {key: set(SCHEMA[key]) for key in ("size", "scalar", "family", "index", "gradient", "path",
                                            "operator", "quantity", "pair_set")} | READING_TABLES


def _named(directive: str) -> str:
    """How messages name an annotation: 'the claim annotation', 'the contrastive-verify header'."""
    return "the contrastive-verify header" if directive == "contrastive-verify" else f"the {directive} annotation"


# --- the text ---------------------------------------------------------------------

@dataclass(frozen=True)
class _Lines:
    """Offsets of the raw text → 1-based lines and columns."""

    starts: tuple[int, ...]

    @classmethod
    def of(cls, raw: str) -> _Lines:
        return cls((0, *(m.end() for m in re.finditer("\n", raw))))

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def column(self, offset: int) -> int:
        return offset - self.starts[self.line(offset) - 1] + 1


# --- scanning: comments and display math outside code --------------------------------

@dataclass(frozen=True)
class _Comment:
    opened: int        # offset of '<!--'
    closed: int        # offset just past '-->' (the end of the text when unterminated)
    body_start: int    # offset of the text after '<!--'
    body: str
    terminated: bool


@dataclass(frozen=True)
class _Display:
    opened: int        # offset of the opening delimiter
    closed: int        # offset just past the closing delimiter
    start: int         # offset of the formula's first character
    latex: str         # the formula as written, without delimiters and blank space around


@dataclass(frozen=True)
class _Scan:
    blocks: tuple       # _Comment | _Display, in the order of the text
    heading: str | None  # the first heading, a default title


def _scan(raw: str) -> _Scan:
    """Comments and displays of ``raw``, skipping fenced code and inline code spans.

    Linear in the length of ``raw``: each paragraph's backtick runs are indexed once
    (:class:`_CodeSpans`), and a delimiter found never closed is not searched for again
    (:class:`_Closers`)."""
    blocks, heading, pos = [], None, 0
    spans, closers = _CodeSpans(raw), _Closers(raw)
    while pos < len(raw):
        if pos == 0 or raw[pos - 1] == "\n":
            fence = _FENCE.match(raw, pos)
            if fence and not (fence.group(1)[0] == "`" and "`" in fence.group(2)):
                pos = _fenced(raw, fence, blocks)
                continue
            title = _HEADING.match(raw, pos) if heading is None else None
            heading = title.group(1) if title else heading
        token = _TOKEN.search(raw, pos)
        if token is None:
            break
        text, at = token.group(0), token.start()
        escaped = at > 0 and raw[at - 1] == "\\"
        if text == "\n" or escaped:
            pos = token.end()
        elif text[0] == "`":
            pos = spans.end(token)
        elif text == "<!--":
            close = raw.find("-->", token.end())
            end = len(raw) if close < 0 else close
            blocks.append(_Comment(at, len(raw) if close < 0 else close + 3, token.end(),
                                   raw[token.end():end], close >= 0))
            pos = blocks[-1].closed
        else:
            display = _delimited(raw, token, closers)
            if display is None:   # never closed: not display math, literal text
                pos = token.end()
            else:
                blocks.append(display)
                pos = display.closed
    return _Scan(tuple(blocks), heading)


def _fenced(raw: str, fence: re.Match, blocks: list) -> int:
    """Skip a fenced code block (a ```math block is display math); return where it ends."""
    marker = fence.group(1)
    closing = re.compile(rf"^[ ]{{0,3}}{re.escape(marker[0])}{{{len(marker)},}}[ \t]*$", re.MULTILINE)
    body_start = min(fence.end() + 1, len(raw))
    close = closing.search(raw, body_start)
    body_end = close.start() if close else len(raw)
    end = close.end() if close else len(raw)
    info = fence.group(2).split()
    if info and info[0] == "math":
        blocks.append(_formula(fence.start(), end, raw, body_start, body_end))
    return end


_BACKTICKS = re.compile("`+")


class _CodeSpans:
    """Where inline code spans end.  A span opened by a run of n backticks closes at the
    next run of exactly n backticks in the same paragraph.  The runs of a paragraph are
    found once and indexed by length, so a paragraph of many unclosed backticks is read
    in linear time (searching the rest of the paragraph for each would be quadratic)."""

    def __init__(self, raw: str):
        self.raw = raw
        self.limit = -1                        # where the current paragraph ends
        self.runs: dict[int, list[int]] = {}   # run length → starts, in order

    def end(self, token: re.Match) -> int:
        """Past the code span opened by ``token``; only its backticks when it never closes."""
        if token.end() > self.limit:
            blank = _BLANK_LINE.search(self.raw, token.end())
            self.limit = blank.start() if blank else len(self.raw)
            self.runs = {}
            for run in _BACKTICKS.finditer(self.raw, token.start(), self.limit):
                self.runs.setdefault(run.end() - run.start(), []).append(run.start())
        starts = self.runs.get(len(token.group(0)), [])
        index = bisect.bisect_left(starts, token.end())
        if index < len(starts):
            return starts[index] + len(token.group(0))
        return token.end()


class _Closers:
    """The next closing delimiter, remembering where none is left: once ``\\]`` is
    not found after some offset, it is not found after any later one either."""

    def __init__(self, raw: str):
        self.raw = raw
        self.none_after: dict[str, int] = {}

    def find(self, text: str, start: int, unescaped: bool = False) -> int:
        if start >= self.none_after.get(text, len(self.raw) + 1):
            return -1
        close = self.raw.find(text, start)
        while unescaped and close > 0 and self.raw[close - 1] == "\\":
            close = self.raw.find(text, close + 1)
        if close < 0:
            self.none_after[text] = min(start, self.none_after.get(text, start))
        return close


def _delimited(raw: str, token: re.Match, closers: _Closers) -> _Display | None:
    text = token.group(0)
    if text == "$$":
        close = closers.find("$$", token.end(), unescaped=True)
        return None if close < 0 else _formula(token.start(), close + 2, raw, token.end(), close)
    if text == r"\[":
        close = closers.find(r"\]", token.end())
        return None if close < 0 else _formula(token.start(), close + 2, raw, token.end(), close)
    end_tag = text.replace(r"\begin", r"\end", 1)  # the environment, delimiters included
    close = closers.find(end_tag, token.end())
    if close < 0:
        return None
    return _formula(token.start(), close + len(end_tag), raw, token.start(), close + len(end_tag))


def _formula(opened: int, closed: int, raw: str, inner_start: int, inner_end: int) -> _Display:
    inner = raw[inner_start:inner_end]
    latex = inner.strip()
    start = inner_start + (len(inner) - len(inner.lstrip())) if latex else inner_start
    return _Display(opened, closed, start, latex)


# --- annotations -----------------------------------------------------------------------

@dataclass(frozen=True)
class _Annotation:
    directive: str      # 'contrastive-verify', 'claim', 'derivation', 'step', 'define', 'unchecked'
    fields: dict
    comment: _Comment


class _Reader:
    """Reads one Markdown document into a specification, remembering where each of its
    strings was written so that :class:`_PlacedLocator` can name the file's line."""

    def __init__(self, path: str, raw: str):
        self.path, self.raw, self.lines = path, raw, _Lines.of(raw)
        self.placed: dict[int, list[int]] = {}
        self.comment_keys: dict[int, KeyLines] = {}
        self.tables: dict[int, _Comment] = {}   # id of a specification table → its annotation

    def fail(self, message: str, offset: int) -> DerivationError:
        return DerivationError(message, self.path, self.lines.line(offset))

    # where strings are written
    def place(self, value: str, offset: int) -> None:
        # Keyed by identity, not by text: the same formula may be written twice, and
        # build() reads a claim's statement after its steps, so a search by text in
        # reading order could name the wrong one.  Equal one-character strings are one
        # object in CPython, hence a list of places, chosen by reading order.
        bisect.insort(self.placed.setdefault(id(value), []), offset)

    def place_values(self, value, comment: _Comment, cursor: int = 0) -> int:
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
    def annotation(self, comment: _Comment) -> _Annotation | None:
        header = _HEADER.match(comment.body)
        match = header or _DIRECTIVE.match(comment.body)
        if match is None:
            return None
        directive = "contrastive-verify" if header else match.group(1)
        if not comment.terminated:
            raise self.fail(f"{_named(directive)} is never closed with '-->'", comment.opened)
        fields = self.fields(comment, match.end(), directive)
        self.check_keys(fields, directive, comment)
        self.check_values(fields, directive, comment)
        self.place_values(fields, comment)
        return _Annotation(directive, fields, comment)

    def fields(self, comment: _Comment, skip: int, directive: str) -> dict:
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
        return self.fail(f"{_named(directive)} is not valid TOML: {reason} "
                         f"(column {self.lines.column(offset)}){hint}", offset)

    def check_keys(self, fields: dict, directive: str, comment: _Comment) -> None:
        known = _KEYS[directive]
        for key, value in fields.items():
            if key not in known:
                hint = (" (the line and the LaTeX are the display's below the annotation)"
                        if key in ("line", "latex") else "")
                raise self.fail(f"unknown key {key!r} in {_named(directive)}{hint}; "
                                f"known keys: {', '.join(sorted(known))}", self.key_offset(comment, key))
            tables = value if isinstance(value, list) else [value]
            for table in tables if key in _TABLE_KEYS else ():
                if not isinstance(table, dict):
                    raise self.fail(f"{key!r} in {_named(directive)} must be a table "
                                    f"({{{', '.join(sorted(_TABLE_KEYS[key]))}}})",
                                    self.key_offset(comment, key))
                for inner in table:
                    if inner not in _TABLE_KEYS[key]:
                        raise self.fail(f"unknown key {inner!r} in {key!r} of {_named(directive)}; "
                                        f"known keys: {', '.join(sorted(_TABLE_KEYS[key]))}",
                                        self.key_offset(comment, inner))

    def check_values(self, fields: dict, directive: str, comment: _Comment) -> None:
        """Types and ranges of the fields, by the TOML container's schema, before anything
        reads them (a string ``given`` would be read letter by letter).  The keys a display
        provides (``line``, ``latex``) are not required here; build() checks the rest."""
        def fail(message: str, path: tuple) -> DerivationError:
            return DerivationError(message, self.path, self.key_line(comment, path))
        validate_table(fields, _SCHEMA_OF[directive], (), fail, required=False,
                       label=_named(directive))

    def key_line(self, comment: _Comment, path: tuple) -> int:
        """The line of the key at ``path`` inside an annotation (the annotation's line if
        it cannot be found)."""
        keys = self.comment_keys.get(comment.opened)
        if keys is None:
            keys = self.comment_keys[comment.opened] = KeyLines(comment.body,
                                                                  self.lines.line(comment.body_start))
        line = keys.line(path) if path else None
        return line if line is not None else self.lines.line(comment.opened)

    def key_offset(self, comment: _Comment, key: str) -> int:
        match = re.search(rf"(?:^|[\s,{{\[])({re.escape(key)}|['\"]{re.escape(key)}['\"])\s*=",
                          comment.body, re.MULTILINE)
        return comment.body_start + match.start(1) if match else comment.opened

    def text_field(self, annotation: _Annotation, key: str, default: str | None = None) -> str:
        value = annotation.fields.get(key, default)
        if not isinstance(value, str) or not value.strip():
            where = self.key_offset(annotation.comment, key) if key in annotation.fields \
                else annotation.comment.opened
            raise self.fail(f"{_named(annotation.directive)} needs a text field {key!r} "
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


# --- the specification -------------------------------------------------------------------

class _Specification:
    """Annotations and displays, in the order of the text → the dict :func:`build` reads."""

    def __init__(self, reader: _Reader, path: Path, scan: _Scan):
        self.reader = reader
        self.header: _Annotation | None = None
        self.defaults = {"id": path.stem, "title": scan.heading or path.stem}
        self.source = path.name
        self.define: list[dict] = []
        self.unchecked: list[dict] = []
        self.claims: list[dict] = []
        self.current: dict | None = None       # the claim that steps attach to
        self.pending: _Annotation | None = None  # an annotation waiting for its display
        self.gap_from = 0                         # where the text since the pending annotation starts

    def read(self, blocks: tuple) -> dict:
        for block in blocks:
            if self.pending is not None and self.reader.raw[self.gap_from:block.opened].strip():
                self.not_followed()
            if isinstance(block, _Display):
                self.display(block)
                continue
            annotation = self.reader.annotation(block)
            if annotation is None:
                self.gap_from = block.closed   # a prose comment: invisible, may come between
            else:
                self.annotate(annotation)
        if self.pending is not None:
            self.not_followed()
        return self.specification()

    def not_followed(self) -> None:
        raise self.reader.fail(
            f"{_named(self.pending.directive)} is not followed by display math "
            "($$ … $$, \\[ … \\], \\begin{align} … \\end{align} or a ```math block); only blank "
            "lines may come between them", self.pending.comment.opened)

    def annotate(self, annotation: _Annotation) -> None:
        reader, directive = self.reader, annotation.directive
        if self.pending is not None and not (self.pending.directive == "derivation" and directive == "step"):
            self.not_followed()
        self.pending = None
        if directive == "contrastive-verify":
            if self.header is not None:
                raise reader.fail("a second contrastive-verify header; the first is at line "
                                  f"{reader.lines.line(self.header.comment.opened)}", annotation.comment.opened)
            self.header = annotation
            return
        if directive in ("claim", "derivation"):
            claim_id = reader.text_field(annotation, "id")
            title = reader.text_field(annotation, "title", claim_id)
            # the id first: build() names the line of an entry's first value in its errors
            entry = {"id": claim_id, **annotation.fields, "title": title, "step": []}
            reader.tables[id(entry)] = annotation.comment
            if directive == "derivation":
                entry["derived"] = True
            self.claims.append(entry)
            self.current = entry
        elif directive == "step" and self.current is None:
            raise reader.fail("a step annotation needs a claim or derivation annotation above it",
                              annotation.comment.opened)
        elif directive == "unchecked":
            reader.text_field(annotation, "reason")
        elif directive == "define" and "latex" in annotation.fields:
            latex = reader.text_field(annotation, "latex")
            offset = reader.placed[id(latex)][0]
            self.define.append({**annotation.fields, "line": reader.lines.line(offset)})
            reader.tables[id(self.define[-1])] = annotation.comment
            return
        self.pending = annotation
        self.gap_from = annotation.comment.closed

    def display(self, display: _Display) -> None:
        reader, annotation = self.reader, self.pending
        self.pending = None
        line = reader.lines.line(display.start)
        if annotation is None:
            reader.place(NOT_MARKED, display.start)
            self.unchecked.append({"line": line, "reason": NOT_MARKED})
            return
        if not display.latex:
            raise reader.fail(f"the display math below {_named(annotation.directive)} is empty",
                              display.opened)
        reader.place(display.latex, display.start)
        directive, fields = annotation.directive, annotation.fields
        if directive == "claim":
            self.current.update(line=line, latex=display.latex)
        elif directive == "derivation":
            self.current["line"] = line
            self.current["step"].append({"line": line, "latex": display.latex})
            reader.tables[id(self.current["step"][-1])] = annotation.comment
        elif directive == "step":
            self.current.setdefault("line", line)   # the first step of a derivation
            self.current["step"].append({**fields, "line": line, "latex": display.latex})
            reader.tables[id(self.current["step"][-1])] = annotation.comment
        elif directive == "define":
            self.define.append({**fields, "line": line, "latex": display.latex})
            reader.tables[id(self.define[-1])] = annotation.comment
        else:
            self.unchecked.append({"line": line, "reason": fields["reason"]})

    def specification(self) -> dict:
        if self.header is None:
            raise DerivationError("no <!-- contrastive-verify … --> header: a Markdown document "
                                  "declares its notation in one (see docs/markdown-annotations.md)",
                                  self.reader.path, 1)
        fields = dict(self.header.fields)
        for key, default in self.defaults.items():
            fields[key] = self.reader.text_field(self.header, key, default)
        spec = {**fields, "source": self.source, "define": self.define,
                "unchecked": self.unchecked, "claim": self.claims}
        self.reader.tables[id(spec)] = self.header.comment
        return spec


# --- locating ----------------------------------------------------------------------------

class _PlacedLocator(Locator):
    """A :class:`Locator` that knows where each string of the specification was read,
    so an error or origin names the Markdown file's line and column exactly."""

    def __init__(self, reader: _Reader, spec: dict):
        super().__init__(reader.path, reader.raw)
        self.reader, self.spec = reader, spec

    def enter(self, path: tuple) -> None:
        """Values are placed by identity, not searched for: nothing to do."""

    def at(self, path: tuple) -> None:
        """Values are placed by identity, not searched for: nothing to do."""

    def key_line(self, path: tuple, table: dict | None = None) -> int | None:
        """The line of a key of the specification: in the annotation that gave its table
        (the display's line for what the display gives)."""
        node, comment, rest = self.spec, self.reader.tables.get(id(self.spec)), path
        for number, key in enumerate(path):
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                break
            if id(node) in self.reader.tables:
                comment, rest = self.reader.tables[id(node)], path[number + 1:]
        if comment is None:
            return None
        if rest and rest[-1] in ("line", "latex") and isinstance(_table_at(self.spec, path), dict):
            value = _table_at(self.spec, path).get(rest[-1])
            offsets = self.reader.placed.get(id(value))
            if offsets:
                return self.reader.lines.line(offsets[0])
        return self.reader.key_line(comment, tuple(rest))

    def where(self, value: str) -> Where:
        offsets = self.reader.placed.get(id(value)) if isinstance(value, str) else None
        if not offsets:
            return super().where(value)
        offset = next((o for o in offsets if o >= self.cursor), offsets[0])
        self.cursor = offset + len(value.split("\n", 1)[0])
        lines = self.reader.lines
        return Where(self.path, lines.line(offset), lines.column(offset))


def load_markdown(path: Path) -> Document:
    """The document of an annotated Markdown file (its own ``source``)."""
    path = Path(path)
    # As source_match reads it: no BOM.  NUL bytes and bad UTF-8 are refused while reading.
    raw = read_text_file(path, MAX_DERIVATION_BYTES, encoding="utf-8-sig")
    reader = _Reader(str(path), raw)
    scan = _scan(raw)
    spec = _Specification(reader, path, scan).read(scan.blocks)
    return build(spec, _PlacedLocator(reader, spec))


__all__ = ["load_markdown", "NOT_MARKED"]
