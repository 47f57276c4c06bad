"""What a run found: results per step, claim and document, and the summary.

Report renderers read these records; they compute nothing themselves.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .claims import Claim, Document, Expectation, Step
from .figures import FigureData
from .sources import SourceMatches
from .verdicts import Outcome, Verdict


@dataclass(frozen=True)
class StepResult:
    step: Step
    outcome: Outcome

    @property
    def unexpected(self) -> bool:
        return not self.outcome.verdict.meets(self.step.expected)


@dataclass(frozen=True)
class ConclusionResult:
    """Whether a proof's last statement is the claim it proves."""

    line: int
    establishes: str
    outcome: Outcome
    expected: Expectation | None

    @property
    def unexpected(self) -> bool:
        return not self.outcome.verdict.meets(self.expected)


@dataclass(frozen=True)
class ClaimResult:
    claim: Claim
    outcome: Outcome
    steps: tuple[StepResult, ...] = ()
    conclusion: ConclusionResult | None = None
    seconds: float = 0.0

    @property
    def unexpected_items(self) -> int:
        count = 0 if self.outcome.verdict.meets(self.claim.expected) else 1
        count += sum(s.unexpected for s in self.steps)
        if self.conclusion is not None:
            count += self.conclusion.unexpected
        return count

    def outcomes(self):
        """Every verdict of this claim: its statement, its steps, its conclusion."""
        yield self.outcome
        yield from (s.outcome for s in self.steps)
        if self.conclusion is not None:
            yield self.conclusion.outcome


@dataclass(frozen=True)
class DocumentResult:
    document: Document
    claims: tuple[ClaimResult, ...]
    seconds: float = 0.0
    #: where each formula was found in the source document (None: not at hand)
    sources: SourceMatches | None = None
    #: (item key, figure): the key is "claim-id" or "claim-id/step-index"; computed on request
    figures: tuple[tuple[str, FigureData], ...] = ()

    @property
    def summary(self) -> "Summary":
        return Summary.of((self,))


@dataclass(frozen=True)
class Summary:
    """The one count of verdicts: per verdict, the unexpected ones, all items, and the
    formulas that drifted from their source document."""

    counts: dict
    unexpected: int
    items: int
    #: formulas whose text no longer matches the source document (it changed)
    drift: int = 0

    @classmethod
    def of(cls, documents) -> "Summary":
        counts = {v.value: 0 for v in Verdict}
        unexpected = items = 0
        for doc in documents:
            for claim in doc.claims:
                for outcome in claim.outcomes():
                    counts[outcome.verdict.value] += 1
                    items += 1
                unexpected += claim.unexpected_items
        drift = sum(doc.sources.drift for doc in documents if doc.sources is not None)
        return cls(counts, unexpected, items, drift)


@dataclass(frozen=True)
class RunResult:
    documents: tuple[DocumentResult, ...]
    digits: int
    seed: int
    seconds: float = 0.0
    summary: Summary = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "summary", Summary.of(self.documents))
