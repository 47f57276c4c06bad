"""Faithfulness to the source: each claim, step and definition against the document's text.

A derivation names its document (``Document.source``).  When that document is at
hand (``--documents DIR``, or next to the derivation file), every formula's LaTeX is
compared with the document's lines (:func:`contrastive_sym.source_match.compare`).
Drift means the document changed and the derivation did not follow; the CLI fails
on it.  Without the document, nothing is compared and ``source_match`` is null.
"""
from __future__ import annotations

from pathlib import Path

from ..claims import Document
from ..source_match import SourceMatch, compare, read_document


def find_document(document: Document, documents_dir: str | None) -> Path | None:
    """The source document's file, or None when it is not at hand."""
    candidates = []
    if documents_dir:
        candidates.append(Path(documents_dir) / Path(document.source).name)
    if document.path:
        candidates.append(Path(document.path).parent / document.source)
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    return None


def _span(line: int, latex: str, *, ends_at_line: bool) -> tuple[int, int]:
    """Lines a formula covers: a step is attributed to the line its right side starts
    on, so its text may begin lines earlier; a claim starts at its line."""
    extra = latex.strip("\n").count("\n")
    return (line - extra, line) if ends_at_line else (line, line + extra)


def source_matches(document: Document, documents_dir: str | None) -> dict | None:
    """``{("claim", id): match, ("step", id, index): match, ("definition", n): match}``."""
    path = find_document(document, documents_dir)
    if path is None:
        return None
    lines = read_document(path)
    found: dict = {"path": str(path)}
    for number, definition in enumerate(document.definitions):
        first, last = _span(definition.line, definition.latex, ends_at_line=False)
        found[("definition", number)] = compare(definition.latex, lines, first, last,
                                                restated_from=definition.restated_from or None)
    for claim in document.claims:
        first, last = _span(claim.line, claim.latex, ends_at_line=False)
        found[("claim", claim.id)] = compare(claim.latex, lines, first, last,
                                             restated_from=claim.restated_from or None)
        for step in claim.proof.steps if claim.proof else ():
            first, last = _span(step.line, step.latex.strip(), ends_at_line=True)
            found[("step", claim.id, step.index)] = compare(
                step.latex.strip(), lines, max(first, 1), last, restated_from=step.restated_from or None)
    return found


def drift_count(matches: dict | None) -> int:
    if not matches:
        return 0
    return sum(1 for key, value in matches.items() if key != "path" and value is SourceMatch.DRIFT)
