r"""A claim whose LaTeX reads in more than one way (``\exp\langle a,b\rangle/\tau``: exp(⟨a,b⟩/τ) or
exp(⟨a,b⟩)/τ; ``u^\top v / \|u\| \|v\|``) is checked once per reading, as the bundled derivations
encode an ambiguity: each reading is a claim of its own, ``<id>-reading-<k>``, whose text is the
document's with that reading written out (``restated_from`` keeps the document's), and whose reading
says which it is.  The document's expectation applies to each: a claim that holds in one reading
only is found.  A formula whose text the reader changed before it was read (a macro of the
document expanded) is read from the text as written; an ambiguity of another kind inside a reading
stays the refusal it was, and one of the same kind again (a second sum whose end is open) is read
the same way as the first, so that a formula makes one claim per reading."""
from __future__ import annotations

from ..errors import AmbiguousReading, ParseError

#: readings inside readings are refused: two ambiguities in one formula make four claims
MAX_DEPTH = 1
#: places of one kind read alike in one formula (each a re-read of the claim)
MAX_ALIKE = 8


def read_each_reading(error: AmbiguousReading, entry: dict, latex: str, context, read_claim) -> None:
    """Read ``entry`` (a claim whose ``latex`` raised ``error``) once per reading of ``error``."""
    depth = entry.get("_reading_depth", 0)
    if error.text != latex or depth >= MAX_DEPTH or not error.readings:
        raise error

    def read(number: int, said: str, text: str, alike: int) -> None:
        context.locator.enter(context.path)
        read_claim({**entry, "id": f"{entry['id']}-reading-{number}", "latex": text,
                    "restated_from": entry.get("restated_from") or latex, "_reading_depth": depth + 1,
                    "reading": "; ".join(filter(None, [entry.get("reading"), said] + (
                        [f"each of the {alike + 1} places alike read so"] if alike else []))),
                    "note": "; ".join(filter(None, [entry.get("note"), error.message]))}, context)

    each_reading(error, latex, read)


def each_reading(error: AmbiguousReading, latex: str, read) -> None:
    """``read(number, said, text, alike)`` once per reading of ``error`` (raised by ``latex``),
    ``text`` the formula with that reading written out and ``alike`` the number of later places of
    the same kind read the same way (a second sum whose end is open: one claim per reading, never
    one per combination).  Another ambiguity inside a reading is the refusal of the whole."""
    count = len(error.readings)
    for number, (start, end, replacement, shown) in enumerate(error.readings, 1):
        said = f"reading {number} of {count} of the document's '{' '.join(latex[start:end].split())}': {shown}"
        text, alike = latex[:start] + replacement + latex[end:], 0
        while True:
            try:
                read(number, said, text, alike)
                break
            except AmbiguousReading as inner:
                if error.kind and inner.kind == error.kind and inner.text == text \
                        and len(inner.readings) == count and alike < MAX_ALIKE:
                    at, to, put, _ = inner.readings[number - 1]
                    text, alike = text[:at] + put + text[to:], alike + 1
                    continue
                # a second question inside a reading: said at the document's text, never at the rewritten one
                raise AmbiguousReading(f"{error.message}; and {shown} reads in more than one way again ("
                                       f"{inner.message}): write the one meant", error.path, error.line,
                                       error.column, construct=error.construct) from None
            except ParseError as inner:
                # a reading the grammar or the notation does not read: said at the document's text (the
                # rewritten one is nowhere in the file, and its line and column named line 1)
                raise ParseError(f"{error.message}; and {shown} is not read ({inner.message})", error.path,
                                 error.line, error.column, construct=error.construct) from None
