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
header: id, title, notation) or with ``claim``, ``derivation``, ``step``, ``define``,
``unchecked`` or ``section`` (notation from its line on, no display) and a colon,
followed by TOML fields.  Every other comment is prose.
Display math that no annotation covers is listed as unchecked.  Code (fenced blocks,
inline code spans) is skipped.  The result is the specification of
:mod:`contrastive_sym.load.toml`, built by its :func:`build`; nothing in the file
is executed or evaluated.

:mod:`.markdown_scan` finds the comments and displays, :mod:`.markdown_annotations`
reads the annotations; this module puts them together into the specification.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import DerivationError
from ..latex.parser import Where
from ..model.claims import Document
from ..safe_io import MAX_DERIVATION_BYTES, read_text_file
from .keylines import Locator
from .markdown_annotations import Annotation, Reader, named
from .markdown_scan import Display, Scan, scan_markdown
from .toml import build

#: The reason listed for a display no annotation covers.
NOT_MARKED = "display math not marked for checking"


# --- the specification -------------------------------------------------------------------

class _Specification:
    """Annotations and displays, in the order of the text → the dict :func:`build` reads."""

    def __init__(self, reader: Reader, path: Path, scan: Scan):
        self.reader = reader
        self.header: Annotation | None = None
        self.defaults = {"id": path.stem, "title": scan.heading or path.stem}
        self.source = path.name
        self.define: list[dict] = []
        self.unchecked: list[dict] = []
        self.sections: list[dict] = []
        self.claims: list[dict] = []
        self.current: dict | None = None       # the claim that steps attach to
        self.pending: Annotation | None = None  # an annotation waiting for its display
        self.gap_from = 0                         # where the text since the pending annotation starts

    def read(self, blocks: tuple) -> dict:
        for block in blocks:
            if self.pending is not None and self.reader.raw[self.gap_from:block.opened].strip():
                self.not_followed()
            if isinstance(block, Display):
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
            f"{named(self.pending.directive)} is not followed by display math "
            "($$ … $$, \\[ … \\], \\begin{align} … \\end{align} or a ```math block); only blank "
            "lines may come between them", self.pending.comment.opened)

    def annotate(self, annotation: Annotation) -> None:
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
        elif directive == "section":
            # the notation of the text below it: no display belongs to it
            self.sections.append({**annotation.fields, "line": reader.lines.line(annotation.comment.opened)})
            reader.tables[id(self.sections[-1])] = annotation.comment
            return
        elif directive == "define" and "latex" in annotation.fields:
            latex = reader.text_field(annotation, "latex")
            offset = reader.placed[id(latex)][0]
            self.define.append({**annotation.fields, "line": reader.lines.line(offset)})
            reader.tables[id(self.define[-1])] = annotation.comment
            return
        self.pending = annotation
        self.gap_from = annotation.comment.closed

    def display(self, display: Display) -> None:
        reader, annotation = self.reader, self.pending
        self.pending = None
        line = reader.lines.line(display.start)
        if annotation is None:
            reader.place(NOT_MARKED, display.start)
            self.unchecked.append({"line": line, "reason": NOT_MARKED})
            return
        if not display.latex:
            raise reader.fail(f"the display math below {named(annotation.directive)} is empty",
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
        if self.sections:
            spec["section"] = self.sections
        self.reader.tables[id(spec)] = self.header.comment
        return spec


# --- locating ----------------------------------------------------------------------------

def _table_at(spec: dict, path: tuple):
    """The innermost table of ``spec`` along ``path`` (None if it is not a table)."""
    table = spec
    for key in path:
        try:
            inner = table[key]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(inner, (dict, list)):
            table = inner
        else:
            break
    return table if isinstance(table, dict) else None


class _PlacedLocator(Locator):
    """A :class:`Locator` that knows where each string of the specification was read,
    so an error or origin names the Markdown file's line and column exactly."""

    def __init__(self, reader: Reader, spec: dict):
        super().__init__(reader.path, reader.raw)
        self.reader, self.spec = reader, spec

    def enter(self, path: tuple) -> None:
        """Values are placed by identity, not searched for: nothing to do."""

    def at(self, path: tuple) -> None:
        """Values are placed by identity, not searched for: nothing to do."""

    def key_line(self, path: tuple) -> int | None:
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


def load_markdown(path: Path, strict: bool = False) -> Document:
    """The document of an annotated Markdown file (its own ``source``)."""
    path = Path(path)
    # As source_match reads it: no BOM.  NUL bytes and bad UTF-8 are refused while reading.
    raw = read_text_file(path, MAX_DERIVATION_BYTES, encoding="utf-8-sig")
    reader = Reader(str(path), raw)
    scan = scan_markdown(raw)
    spec = _Specification(reader, path, scan).read(scan.blocks)
    return build(spec, _PlacedLocator(reader, spec), strict=strict)


__all__ = ["load_markdown", "NOT_MARKED"]
