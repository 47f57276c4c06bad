"""Verdicts and the evidence behind them."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .claims import Expectation


class Verdict(enum.Enum):
    """The outcome of checking one step or claim.

    Only PROVED and CONFIRMED mean the statement holds.  UNDECIDED and ERROR are
    verdicts in their own right and never count as passes.
    """

    PROVED = "proved"
    CONFIRMED = "confirmed"
    REFUTED = "refuted"
    CONDITIONAL = "conditional"
    UNDECIDED = "undecided"
    ERROR = "error"

    @property
    def holds(self) -> bool:
        return self in (Verdict.PROVED, Verdict.CONFIRMED)

    @property
    def severity(self) -> int:
        """Order for combining verdicts: the worst one wins."""
        return _SEVERITY[self]

    @property
    def meaning(self) -> str:
        """What the verdict says, in one sentence: the legends of the HTML and LaTeX reports quote it."""
        return _MEANING[self]

    def meets(self, expected: Expectation | None) -> bool:
        """Whether this verdict is acceptable.  Without an expectation a verdict must not
        be a refutation or an error."""
        if expected is None:
            return self not in (Verdict.REFUTED, Verdict.ERROR)
        if expected is Expectation.HOLDS:
            return self.holds
        return self.value == expected.value


_SEVERITY = {
    Verdict.PROVED: 0, Verdict.CONFIRMED: 1, Verdict.UNDECIDED: 2,
    Verdict.CONDITIONAL: 3, Verdict.REFUTED: 4, Verdict.ERROR: 5,
}

_MEANING = {
    Verdict.PROVED: "a symbolic proof, cross-checked numerically (for a statement without variables: "
                    "exact arithmetic)",
    Verdict.CONFIRMED: "numeric evidence only: it holds at every decided sample point",
    Verdict.REFUTED: "a witness where the two sides differ, re-checked at higher precision, or a proof "
                     "whose last statement does not give the claim",
    Verdict.CONDITIONAL: "holds only under a condition the document does not state",
    Verdict.UNDECIDED: "the methods could not settle it; never counted as a pass",
    Verdict.ERROR: "the check itself failed; never counted as a pass",
}

# How reports name an expected verdict: the value of an Expectation, or None for an
# item without one.
_EXPECTATION_NAMES = {Expectation.HOLDS.value: "holds (proved or confirmed)", None: "not refuted, no error"}


def expectation_name(expected: str | None) -> str | None:
    """The expected verdict as reports name it: ``"holds"`` is spelled out, None (no
    expectation) is what :meth:`Verdict.meets` then asks for, any other value is itself.

    >>> expectation_name("holds"), expectation_name(None), expectation_name("refuted")
    ('holds (proved or confirmed)', 'not refuted, no error', 'refuted')
    """
    return _EXPECTATION_NAMES.get(expected, expected)


def worst(verdicts) -> Verdict:
    """The most severe verdict of several (PROVED for none)."""
    return max(verdicts, key=lambda v: v.severity, default=Verdict.PROVED)


@dataclass(frozen=True)
class Witness:
    """Concrete values where the two sides of a step differ.

    Values are decimal strings, re-checked at ``digits`` significant digits.
    """

    sizes: dict[str, int]
    values: dict[str, str]
    lhs: str
    rhs: str
    digits: int
    indices: dict[str, int] = field(default_factory=dict)
    note: str = ""

    def to_json(self) -> dict:
        data = {"sizes": dict(self.sizes), "values": dict(self.values),
                "lhs": self.lhs, "rhs": self.rhs, "digits": self.digits}
        if self.indices:
            data["indices"] = dict(self.indices)
        if self.note:
            data["note"] = self.note
        return data

    @classmethod
    def from_json(cls, raw) -> "Witness":
        """The witness of :meth:`to_json`'s dict; a missing key takes an empty value."""
        return cls(sizes=dict(raw.get("sizes") or {}), values=dict(raw.get("values") or {}),
                   lhs=raw.get("lhs", ""), rhs=raw.get("rhs", ""), digits=raw.get("digits", 0),
                   indices=dict(raw.get("indices") or {}), note=raw.get("note", ""))


@dataclass(frozen=True)
class Evidence:
    """What a numeric method looked at: how many points, at what precision."""

    points: int = 0
    resolved: int = 0
    undefined: int = 0
    digits: int = 0
    tolerance: str = ""
    sizes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """The verdict on one link, step or claim, with the method that reached it."""

    verdict: Verdict
    method: str
    message: str
    witness: Witness | None = None
    condition: str = ""
    evidence: Evidence = Evidence()
    notes: tuple[str, ...] = ()
    reason: str = ""    # why this verdict, in one clause, when the message covers several parts
    #: the methods of a verdict combined from several links, in order (``method`` names them joined)
    methods: tuple[str, ...] = ()

    @property
    def method_names(self) -> tuple[str, ...]:
        """The methods that reached this verdict: one, or each of a combined verdict's."""
        return self.methods or (self.method,)

    @property
    def headline(self) -> str:
        """The reason that goes with the witness: the deciding part's, not the first one's."""
        return self.reason or self.message
