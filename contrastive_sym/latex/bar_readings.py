r"""Bars that pair in more than one way, told apart by what the notation declares.

``\| x \| \| y \| \langle \tilde{x}, y \rangle - \langle x, y \rangle \| y \|`` pairs as ‖x‖·‖y‖·⟨…⟩ − ⟨…⟩·‖y‖, and
also as ‖x‖·‖y·‖⟨…⟩ − ⟨…⟩‖·y‖ (bars.py finds every pairing whose pairs each enclose a value).  With x and y
declared vectors, the second multiplies two vectors: it has no value, so it is no reading.  A reader
does this without noticing; the checker does it by reading the formula once per pairing:

* exactly one pairing reads, every other failing only because its parts have no value together
  (:class:`~contrastive_sym.errors.TypeMismatch`: a product of two vectors, a vector where a number is
  expected): that pairing is the reading, and the reading says so;
* anything else (two pairings that read, a pairing refused for another reason, which may be a reader's
  limit rather than a meaningless formula) is the refusal it was: the bars are ambiguous.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..errors import AmbiguousPairing, ParseError, TypeMismatch

#: a bar as written: sized or not, of a norm or an absolute value
_BAR = re.compile(r"(?:\\(?:big|Big|bigg|Bigg)[lrm]?\s*)?(?:\\\||\\Vert(?![a-zA-Z])|\|\||\\parallel(?![a-zA-Z])|\\vert(?![a-zA-Z])|\|)")


def one_pairing(ambiguity: AmbiguousPairing, read, text: str, readings: list | None = None):
    """``read(pairing)`` for the one pairing of ``ambiguity`` that reads (see above), and what to say of
    it; ``ambiguity`` itself when there is not exactly one.  ``readings``: the list a definition's
    translators say their readings in (Scope.readings); what a pairing that is not the reading said there
    is taken back."""
    readings = readings if readings is not None else []
    found, failed, start = [], [], len(readings)
    for pairing in ambiguity.pairings:
        said_before = len(readings)
        try:
            found.append((pairing, read(pairing)))
            continue
        except TypeMismatch as exc:
            failed.append(exc)
        except ParseError:
            del readings[start:]
            raise ambiguity from None
        del readings[said_before:]
    if len(found) != 1:
        del readings[start:]
        raise ambiguity
    pairing, result = found[0]
    said = (f"the bars of '{ambiguity.construct}' pair in {len(ambiguity.pairings)} ways; only "
            f"{written_pairing(text, pairing)} has a value (the other{'s' if len(failed) > 1 else ''}: "
            f"{failed[0].message.split(' (')[0]})")
    return result, said


def with_said(rows: list, said: str) -> list:
    """``rows`` (of a display) with ``said`` in the last row's reading."""
    return rows[:-1] + [replace(rows[-1], readings=rows[-1].readings + (said,))] if rows else rows


def written_pairing(text: str, pairing: tuple) -> str:
    r"""The bars of ``pairing`` written with \lVert, \rVert (or \lvert, \rvert), the text between them as
    written: ``\lVert x \rVert \lVert y \rVert …``."""
    pairs = pairing[1]
    start, end = min(a for a, _ in pairs), max(b for _, b in pairs)
    last = _BAR.match(text, end)
    end = last.end() if last else end + 1
    opening, closing = {a for a, _ in pairs}, {b for _, b in pairs}
    out, position = [], start
    for bar in _BAR.finditer(text, start, end):
        if bar.start() not in opening | closing:
            continue
        norm = any(s in bar.group() for s in ("\\|", "Vert", "||", "parallel"))
        out.append(text[position:bar.start()])
        out.append(("\\lVert " if norm else "\\lvert ") if bar.start() in opening else (" \\rVert" if norm else " \\rvert"))
        position = bar.end()
    out.append(text[position:end])
    return " ".join("".join(out).split())
