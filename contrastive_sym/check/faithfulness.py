"""Faithfulness to the source: each claim, step and definition against the document's text.

A derivation names its document (``Document.source``).  When that document is at
hand (``--documents DIR``, or next to the derivation file), every formula's LaTeX is
compared with the document's lines (:func:`contrastive_sym.latex.normalize.compare`).
Drift means the document changed and the derivation did not follow; the CLI fails
on it.  Without the document, nothing is compared and ``source_match`` is null.

A ``--documents`` that does not exist or is not a directory is a usage error
(:func:`check_documents_dir`, before any checking).  A document that is there but
cannot be read as text (binary, not UTF-8, not a regular file, a link loop, larger
than :data:`~contrastive_sym.safe_io.MAX_DOCUMENT_BYTES`) is reported for its
document (:class:`~contrastive_sym.model.sources.SourceMatches` with its ``error``),
never silently "not at hand".
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from ..model.claims import Document
from ..errors import DerivationError, UsageError
from ..safe_io import MAX_DOCUMENT_BYTES, read_text_file
from ..latex.normalize import compare
from ..model.sources import SourceMatch, SourceMatches


def check_documents_dir(documents_dir: str | None) -> None:
    """``--documents DIR`` must name a directory: anything else is a :class:`UsageError`."""
    if documents_dir is None:
        return
    where = f"--documents {documents_dir}"
    try:
        info = os.stat(documents_dir)
    except FileNotFoundError:
        raise UsageError(f"{where}: no such directory") from None
    except OSError as exc:
        raise UsageError(f"{where}: cannot be read: {exc.strerror or exc}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise UsageError(f"{where}: not a directory")
    if not os.access(documents_dir, os.R_OK | os.X_OK):
        raise UsageError(f"{where}: cannot be read: permission denied")


def find_document(document: Document, documents_dir: str | None) -> Path | None:
    """The source document's file, or None when it is not at hand.

    Only the file name of ``Document.source`` is used: a derivation cannot name a file
    outside ``--documents`` or its own directory (``../../etc/passwd``).  A name that
    exists in any form (a pipe, a link loop) is returned, so that reading it reports
    what is wrong.
    """
    name = Path(document.source).name
    if not name or name in (".", ".."):
        return None
    candidates = []
    if documents_dir:
        candidates.append(Path(documents_dir) / name)
    if document.path:
        candidates.append(Path(document.path).parent / name)
    for candidate in candidates:
        if os.path.lexists(candidate):
            return candidate
    return None


def read_lines(path: Path) -> list[str]:
    """The document's lines, as :func:`contrastive_sym.latex.normalize.read_document` splits
    them (at ``\n`` only, a ``\r`` before it dropped), read with
    :func:`~contrastive_sym.safe_io.read_text_file`: raises :class:`DerivationError`."""
    text = read_text_file(path, MAX_DOCUMENT_BYTES, encoding="utf-8-sig", universal_newlines=False)
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def _span(line: int, latex: str, *, ends_at_line: bool) -> tuple[int, int]:
    """Lines a formula covers: a step is attributed to the line its right side starts
    on, so its text may begin lines earlier; a claim starts at its line."""
    extra = latex.strip("\n").count("\n")
    return (line - extra, line) if ends_at_line else (line, line + extra)


def source_matches(document: Document, documents_dir: str | None) -> SourceMatches | None:
    """Every definition, claim and step of ``document`` against its source's lines
    (None when the source is not at hand)."""
    path = find_document(document, documents_dir)
    if path is None:
        return None
    try:
        lines = read_lines(path)
    except DerivationError as exc:
        return SourceMatches(str(path), error=exc.message)
    found: dict = {}
    for number, definition in enumerate(document.definitions):
        first, last = _span(definition.line, definition.latex, ends_at_line=False)
        found[("definition", number)] = compare(definition.latex, lines, first, last,
                                                restated_from=definition.restated_from or None)
    for claim in document.claims:
        first, last = _span(claim.line, claim.latex, ends_at_line=False)
        found[("claim", claim.id)] = compare(claim.latex, lines, first, last,
                                             restated_from=claim.restated_from or None)
        for step in claim.proof.steps if claim.proof else ():
            if step.pieces:     # displays joined: each where it is written (a restatement is the first's)
                found[("step", claim.id, step.index)] = _least(
                    compare(text, lines, *_span(line, text, ends_at_line=False),
                            restated_from=(step.restated_from or None) if number == 0 else None)
                    for number, (line, text) in enumerate(step.pieces))
                continue
            first, last = _span(step.line, step.latex.strip(), ends_at_line=True)
            found[("step", claim.id, step.index)] = compare(
                step.latex.strip(), lines, max(first, 1), last, restated_from=step.restated_from or None)
    return SourceMatches(str(path), matches=found)


def _least(matches) -> SourceMatch:
    """The weakest of the matches of a link's pieces: drift if one drifted, normalized if one is."""
    order = (SourceMatch.DRIFT, SourceMatch.RESTATED, SourceMatch.NORMALIZED, SourceMatch.VERBATIM)
    return min(matches, key=order.index)
