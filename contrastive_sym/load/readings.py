r"""A claim whose LaTeX reads in more than one way (``\exp\langle a,b\rangle/\tau``: exp(⟨a,b⟩/τ) or
exp(⟨a,b⟩)/τ; ``u^\top v / \|u\| \|v\|``) is checked once per reading, as the bundled derivations
encode an ambiguity: each reading is a claim of its own, ``<id>-reading-<k>``, whose text is the
document's with that reading written out (``restated_from`` keeps the document's), and whose reading
says which it is.  The document's expectation applies to each: a claim that holds in one reading
only is found.  A formula whose text the reader changed before it was read (a macro of the
document expanded), or an ambiguity inside a reading already, stays the refusal it was."""
from __future__ import annotations

from ..errors import AmbiguousReading

#: readings inside readings are refused: two ambiguities in one formula make four claims
MAX_DEPTH = 1


def read_each_reading(error: AmbiguousReading, entry: dict, latex: str, context, read_claim) -> None:
    """Read ``entry`` (a claim whose ``latex`` raised ``error``) once per reading of ``error``."""
    depth = entry.get("_reading_depth", 0)
    if error.text != latex or depth >= MAX_DEPTH or not error.readings:
        raise error
    count = len(error.readings)
    for number, (start, end, replacement, shown) in enumerate(error.readings, 1):
        said = f"reading {number} of {count} of the document's '{' '.join(latex[start:end].split())}': {shown}"
        context.locator.enter(context.path)
        try:
            read_claim({**entry, "id": f"{entry['id']}-reading-{number}", "latex": latex[:start] + replacement
                        + latex[end:], "restated_from": entry.get("restated_from") or latex, "_reading_depth": depth + 1,
                        "reading": "; ".join(filter(None, [entry.get("reading"), said])),
                        "note": "; ".join(filter(None, [entry.get("note"), error.message]))}, context)
        except AmbiguousReading as inner:
            # a second question inside a reading: said at the document's text, never at the rewritten one
            raise AmbiguousReading(f"{error.message}; and {shown} reads in more than one way again ("
                                   f"{inner.message}): write the one meant", error.path, error.line, error.column,
                                   construct=error.construct) from None
