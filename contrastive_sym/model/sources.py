"""Faithfulness records: where each formula of a derivation was found in its source document.

:func:`contrastive_sym.check.faithfulness.source_matches` builds a :class:`SourceMatches`
per document; the reports read it.  ``None`` in its place means the document was not
at hand, so nothing was compared.

>>> found = SourceMatches("doc.txt", matches={("claim", "c1"): SourceMatch.VERBATIM,
...                                            ("step", "c1", 1): SourceMatch.DRIFT})
>>> found.of_step("c1", 1), found.drift
(<SourceMatch.DRIFT: 'drift'>, 1)
>>> found.summary()["faithful_percent"]
50.0
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Mapping


class SourceMatch(str, enum.Enum):
    """Where a step's LaTeX was found in its source document, best first.

    Only DRIFT means "not found"; it never counts as a pass.
    """

    VERBATIM = "verbatim"      # the step's LaTeX occurs character for character in the document lines
    NORMALIZED = "normalized"  # it occurs after normalising both sides (see normalize_latex)
    RESTATED = "restated"      # the derivation declares the step a restatement, and its declared source fragment still matches
    DRIFT = "drift"            # the text is not found: the document changed, or the derivation is wrong

    @property
    def found(self) -> bool:
        return self is not SourceMatch.DRIFT


#: A claim the document makes only in words restates its line, which the project does not
#: copy: ``restated_from`` then holds the line's digest, so an edit of the line is drift.
DIGEST_PREFIX = "sha256:"


@dataclass(frozen=True)
class SourceMatches:
    """One document's matches.  Keys: ``("definition", n)``, ``("claim", id)``,
    ``("step", claim_id, index)``.  ``error`` says why the document at ``path`` could not
    be read as text; then nothing was compared and ``matches`` is empty."""

    path: str
    error: str | None = None
    matches: Mapping[tuple, SourceMatch] = field(default_factory=dict)

    def of_definition(self, number: int) -> SourceMatch | None:
        return self.matches.get(("definition", number))

    def of_claim(self, claim_id: str) -> SourceMatch | None:
        return self.matches.get(("claim", claim_id))

    def of_step(self, claim_id: str, index: int) -> SourceMatch | None:
        return self.matches.get(("step", claim_id, index))

    @property
    def drift(self) -> int:
        """How many formulas are no longer in the document."""
        return sum(1 for value in self.matches.values() if value is SourceMatch.DRIFT)

    def summary(self) -> dict | None:
        """Counts per match, the total and the share found verbatim or normalised
        (None when the document could not be read)."""
        if self.error is not None:
            return None
        counts = {match.value: 0 for match in SourceMatch}
        for value in self.matches.values():
            counts[value.value] += 1
        total = sum(counts.values())
        counts["total"] = total
        counts["faithful_percent"] = round(100 * (counts["verbatim"] + counts["normalized"]) / total, 1) \
            if total else None
        return counts
