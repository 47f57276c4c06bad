r"""How much of real documents the reader reads as written: the corpus of ``tests/corpus/``.

Each ``tests/corpus/<slug>.toml`` holds the facts of one public document: where it is
(``[corpus]``: url, revision, kind), the notation a reader needs (the derivation
format's tables), and every display of the chosen sections exactly as the author wrote
it: ``[[display]]`` (the line in the source and the LaTeX), or ``[[define]]`` for a
display that defines a name (``\mathcal{L} = …``, ``f(x) := …``: its ``name``, ``line``
and ``latex``, as in a derivation).  This script reads each define and display under
the file's notation, as a derivation's formula is read, and counts both as displays
read as written; a refusal is listed with its message (a define that is refused
defines nothing for the displays after it).  A define is read by ``read_definition``
whole or not at all: a display of several rows defines every name of it, and a chain
written after a definition (``\mathcal{L} = A = B``) is read only when its links read
too (they become a claim of the document); a link that does not read refuses the define.

    python3 tests/corpus_read.py            # the table and every refusal
    python3 tests/corpus_read.py --json     # the same as JSON
"""
from __future__ import annotations

import argparse
import json
import sys
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.parser import Where
from contrastive_sym.latex.scope import Scope
from contrastive_sym.latex.translate import translate_rows
from contrastive_sym.load.builder import DocumentBuilder
from contrastive_sym.load.context import Context, RecordingScope, table_entries
from contrastive_sym.load.declarations import read_definition, read_notation
from contrastive_sym.load.keylines import Locator
from contrastive_sym.load.schema import validate_table

CORPUS = Path(__file__).parent / "corpus"


@dataclass
class Refusal:
    line: int          # the display's line in the source document
    message: str


@dataclass
class DocumentReading:
    slug: str
    title: str
    url: str
    revision: str
    kind: str
    displays: int = 0
    read: int = 0
    refused: list[Refusal] = field(default_factory=list)
    error: str = ""    # the notation itself could not be read

    @property
    def percent(self) -> float:
        return 100.0 * self.read / self.displays if self.displays else 0.0


def read_document(path: Path) -> DocumentReading:
    raw = path.read_text(encoding="utf-8")
    spec = tomllib.loads(raw)
    about = spec.pop("corpus", {})
    displays = spec.pop("display", [])
    reading = DocumentReading(path.stem, spec.get("title", ""), about.get("url", ""), about.get("revision", ""),
                              about.get("kind", ""), displays=len(displays))
    locator = Locator(str(path), raw)

    def fail(message: str, key_path: tuple) -> DerivationError:
        return DerivationError(message, str(path), locator.key_line(key_path))

    try:
        validate_table(spec, "", (), fail)
        builder = DocumentBuilder(spec["id"], spec["title"], spec["source"])
        context = Context(str(path), locator, builder, Scope())
        context.scope = RecordingScope(used=context.used)
        read_notation(spec, context)
    except DerivationError as exc:
        reading.error = str(exc)
        return reading
    defines = spec.get("define", [])
    reading.displays += len(defines)
    for entry in table_entries(spec, "define", context):
        _attempt(reading, entry.get("line", 0), lambda: read_definition(entry, context, document_level=True))
    for number, display in enumerate(displays):
        where = Where(str(path), locator.key_line(("display", number, "latex")) or 1)
        _attempt(reading, display.get("line", 0),
                 lambda: translate_rows(display.get("latex", ""), context.scope, where))
    return reading


def _attempt(reading: DocumentReading, line: int, read) -> None:
    """Count one display: read, or refused with its message."""
    try:
        read()
    except DerivationError as exc:
        reading.refused.append(Refusal(line, " ".join(str(exc).split())))
    except Exception as exc:    # a crash of the reader is a finding too, never a pass
        reading.refused.append(Refusal(line, f"internal error: {type(exc).__name__}: {exc}"))
    else:
        reading.read += 1


def read_corpus(directory: Path = CORPUS) -> list[DocumentReading]:
    return [read_document(p) for p in sorted(directory.glob("*.toml"))]


def table(readings: list[DocumentReading]) -> str:
    lines = ["| document | kind | displays | read as written |", "|---|---|---|---|"]
    for r in readings:
        status = f"notation not read: {r.error}" if r.error else f"{r.read} ({r.percent:.0f} %)"
        lines.append(f"| [{r.title or r.slug}]({r.url}) | {r.kind} | {r.displays} | {status} |")
    total = sum(r.displays for r in readings)
    read = sum(r.read for r in readings)
    lines.append(f"| **all** | | {total} | {read} ({100.0 * read / total if total else 0:.0f} %) |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    readings = read_corpus()
    if args.json:
        print(json.dumps([{**asdict(r), "percent": r.percent} for r in readings], indent=2, ensure_ascii=False))
        return 0
    print(table(readings))
    for r in readings:
        for refusal in r.refused:
            print(f"{r.slug}:{refusal.line}: {refusal.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
