"""Where each key and value of a TOML text is written.

``tomllib`` gives no line numbers: :class:`KeyLines` scans a text's table headers
once and finds the line of a key path, and :class:`Locator` follows a specification
as it is read, so that errors and origins name the file's line and column.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from ..latex.parser import Where
from ..model.notation import Origin
from .schema import is_int


_TABLE_HEADER = re.compile(r"[ \t]*\[(\[?)[ \t]*([A-Za-z0-9_.\-\"' \t]+?)[ \t]*\]\]?[ \t]*(?:#.*)?$")


@dataclass(frozen=True)
class _Section:
    name: str       # dotted: 'claim.step'
    array: bool     # [[…]]
    start: int      # offset of the header line (0 for the top level)
    own_end: int    # where the next header starts
    end: int        # where the next header that is not inside this one starts


class KeyLines:
    """The lines of the keys of a TOML text, found by scanning its headers once
    (``tomllib`` gives no line numbers).  A path such as ``('claim', 3, 'step', 0,
    'latex')`` is the key ``latex`` of the first ``[[claim.step]]`` of the fourth
    ``[[claim]]``; a key inside an inline table is looked for after its parent's key."""

    def __init__(self, text: str, base_line: int = 1):
        self.text, self.base = text, base_line
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        headers, in_string = [], None
        for number, start in enumerate(self.starts):
            end = self.starts[number + 1] - 1 if number + 1 < len(self.starts) else len(text)
            line = text[start:end]
            if in_string:
                if line.count(in_string) % 2 == 1:
                    in_string = None
                continue
            match = _TABLE_HEADER.match(line)
            if match and "=" not in line.split("#", 1)[0]:
                name = ".".join(part.strip().strip("\"'") for part in match.group(2).split("."))
                headers.append((name, bool(match.group(1)), start))
                continue
            for quote in ("'''", '"""'):
                if line.count(quote) % 2 == 1:
                    in_string = quote
                    break
        top = _Section("", False, 0, headers[0][2] if headers else len(text), len(text))
        self.sections, self.by_name = [top], {}
        self._split: dict[tuple, tuple[list, list]] = {}
        ends: dict[str, int] = {}
        for position in range(len(headers) - 1, -1, -1):   # the end of each: a later header not inside it
            name, array, start = headers[position]
            own_end = headers[position + 1][2] if position + 1 < len(headers) else len(text)
            end = len(text)
            for other, other_start in ends.items():
                if not other.startswith(name + ".") and other_start < end:
                    end = other_start
            ends[name] = start
            self.by_name.setdefault(name, []).insert(0, _Section(name, array, start, own_end, end))

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset) - 1 + self.base

    def _within(self, name: str, array: bool, outer: _Section) -> list[_Section]:
        """The sections ``name`` ([[…]] or […]) inside ``outer``, in order."""
        key = (name, array)
        if key not in self._split:
            found = [s for s in self.by_name.get(name, ()) if s.array == array]
            self._split[key] = (found, [s.start for s in found])
        found, starts = self._split[key]
        if outer is self.sections[0]:
            return found
        return found[bisect.bisect_left(starts, outer.start):bisect.bisect_left(starts, outer.end)]

    def section(self, path: tuple) -> tuple[_Section, int]:
        """The innermost header section of ``path`` and how many of its components it took."""
        current, name, used = self.sections[0], "", 0
        while used < len(path) and isinstance(path[used], str):
            dotted = f"{name}.{path[used]}" if name else path[used]
            if used + 1 < len(path) and is_int(path[used + 1]):
                candidates = self._within(dotted, True, current)
                if path[used + 1] >= len(candidates):
                    break
                current, used = candidates[path[used + 1]], used + 2
            else:
                candidates = self._within(dotted, False, current)
                if not candidates:
                    # a list of tables named as a whole: its first header
                    arrays = self._within(dotted, True, current)
                    if arrays and used + 1 == len(path):
                        return arrays[0], used + 1
                    break
                current, used = candidates[0], used + 1
            name = dotted
        return current, used

    def offset(self, path: tuple) -> int | None:
        """Where the innermost key of ``path`` that can be found is written."""
        section, used = self.section(path)
        position = section.start if section.name else None
        low, high = section.start, section.own_end
        for key in path[used:]:
            if not isinstance(key, str):
                continue
            quoted = re.escape(key)
            pattern = re.compile(rf"(?:^|(?<=[\s,{{\[]))[ \t]*(?:{quoted}|\"{quoted}\"|'{quoted}')[ \t]*=",
                                 re.MULTILINE)
            match = pattern.search(self.text, low, high)
            if match is None:
                break
            position = low = match.start() + len(match.group(0)) - len(match.group(0).lstrip())
        return position

    def line(self, path: tuple) -> int | None:
        position = self.offset(path)
        return None if position is None else self.line_of(position)

    def start(self, path: tuple) -> int | None:
        """Where the table at ``path`` begins, if it has a header of its own."""
        section, used = self.section(path)
        return section.start if section.name and used == len(path) else None


class Locator:
    """Finds where each string value of a specification is written in its file, in
    the order the values are read, so errors and origins name the file's line.
    :meth:`enter` starts the search at the table being read (its header), and
    :meth:`key_line` names the line of a key (``('claim', 3, 'given')``)."""

    def __init__(self, path: str, raw: str, base_line: int = 1):
        self.path, self.raw, self.base_line = path, raw, base_line
        self.cursor = 0
        self._keys: KeyLines | None = None

    @property
    def keys(self) -> KeyLines:
        if self._keys is None:
            self._keys = KeyLines(self.raw, self.base_line)
        return self._keys

    def enter(self, path: tuple) -> None:
        """Values are read from the table at ``path`` next: search from its header."""
        start = self.keys.start(path)
        if start is not None:
            self.cursor = start

    def at(self, path: tuple) -> None:
        """The value of the key at ``path`` is read next: search from the key."""
        offset = self.keys.offset(path)
        if offset is not None and len(path) and self.keys.line_of(offset) == self.keys.line(path):
            self.cursor = offset

    def key_line(self, path: tuple) -> int | None:
        return self.keys.line(path)

    def where(self, value: str) -> Where:
        rows = value.split("\n")
        # a value that starts with empty lines (a blank line after the opening quotes) is found
        # by its first written line, placed that many lines below: an error counts from line 1
        skipped = next((n for n, row in enumerate(rows) if row.strip()), 0)
        first = rows[skipped]
        # written as a basic string ("\\sum_k"), a value is found by its escaped form, each column mapped to the file's
        written, position = first, self._find(first)
        if position < 0 and _escaped(first) != first:
            written = _escaped(first)
            position = self._find(written)
        if position < 0:
            return Where(self.path, self.base_line, 1)
        self.cursor = position + len(written)
        line = self.keys.line_of(position)
        column = position - (self.raw.rfind("\n", 0, position) + 1) + 1
        columns = () if written == first else tuple(
            _file_columns(row, column if n == skipped else 1) if n >= skipped else () for n, row in enumerate(rows))
        return Where(self.path, line - skipped, 1 if skipped else column, columns)

    def _find(self, text: str) -> int:
        position = self.raw.find(text, self.cursor) if text else -1
        return self.raw.find(text) if position < 0 and text else position

    def origin(self, value: str) -> Origin:
        where = self.where(value) if isinstance(value, str) else Where(self.path, self.base_line)
        return Origin(self.path, where.line)


#: how a TOML basic string writes a character that it escapes
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\t": "\\t", "\b": "\\b", "\f": "\\f", "\r": "\\r"}


def _escaped(row: str) -> str:
    """One line of a value as a TOML basic string writes it (its backslashes and quotes escaped)."""
    return "".join(_ESCAPES.get(c, c) for c in row)


def _file_columns(row: str, first: int) -> tuple[int, ...]:
    """The file column of each character of ``row`` written escaped from column ``first``."""
    columns, at = [], first
    for c in row:
        columns.append(at)
        at += len(_ESCAPES.get(c, c))
    return tuple(columns)
