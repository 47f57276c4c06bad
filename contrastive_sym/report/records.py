"""The report data as frozen records: what every renderer reads (built by :func:`.data.report_data`).

``to_json()`` on each record is the JSON report's dict of it, key for key and in
the same order (an item's :class:`OutcomeData` is spread into the item's dict);
``from_json()`` reads such a dict back.  A key that is missing takes
the field's default, which is what the renderers show for it; values are taken as
they are (a hand-built or hostile report may hold any text anywhere, and the
renderers escape it).  The one exception is the verdict: a value that is not a
:class:`~contrastive_sym.model.verdicts.Verdict` is read as ``ERROR``, never as a pass.

>>> step = StepData(index=1, line=4, relation="=", latex="a = b",
...                 outcome=OutcomeData(Verdict.REFUTED, method="sampling", message="differs",
...                                     witness=Witness({"n": 2}, {"x": "1"}, "1", "2", 50)))
>>> claim = ClaimData(id="c1", title="a claim", kind="identity", line=3, statement="a = b",
...                   methods=("sampling",), outcome=OutcomeData(Verdict.PROVED), steps=(step,))
>>> data = ReportData(documents=(DocumentData(id="000", claims=(claim,)),))
>>> ReportData.from_json(data.to_json()) == data
True
>>> ReportData.from_json({"documents": [{"claims": [{"id": "c2", "verdict": "no such verdict"}]}]}
...                      ).documents[0].claims[0].outcome.verdict
<Verdict.ERROR: 'error'>
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from typing import Mapping

from ..model.verdicts import Verdict, Witness


@cache
def _names(cls) -> frozenset[str]:
    return frozenset(f.name for f in fields(cls))


def _given(cls, raw: Mapping, **read) -> dict:
    """The keyword arguments of ``cls`` that ``raw`` has, as they are, with ``read``
    (the fields converted by the caller) in their place."""
    names = _names(cls)
    return {**{k: v for k, v in raw.items() if k in names and k not in read}, **read}


def _verdict(value) -> Verdict:
    try:
        return Verdict(value)
    except ValueError:
        return Verdict.ERROR


def _witness(raw: Mapping | None) -> Witness | None:
    return Witness.from_json(raw) if raw else None


@dataclass(frozen=True)
class EvidenceData:
    """What a numeric method looked at."""

    points: int = 0
    decided: int = 0
    undefined: int = 0
    digits: int = 0
    tolerance: str = ""
    instances: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"points": self.points, "decided": self.decided, "undefined": self.undefined,
                "digits": self.digits, "tolerance": self.tolerance, "instances": list(self.instances)}

    @classmethod
    def from_json(cls, raw: Mapping) -> "EvidenceData":
        return cls(**_given(cls, raw, instances=tuple(raw.get("instances") or ())))


@dataclass(frozen=True)
class OutcomeData:
    """The outcome part of a claim, step or proof conclusion."""

    verdict: Verdict
    precision: str = ""              # the working precision and tolerance, in a sentence
    figure: str | None = None        # the id of the item's figure in ReportData.figures
    method: str = ""
    message: str = ""
    reason: str = ""                 # the deciding reason, the one that goes with the witness
    condition: str | None = None
    witness: Witness | None = None
    evidence: EvidenceData = EvidenceData()
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict:
        data = {"verdict": self.verdict.value, "precision": self.precision, "figure": self.figure,
                "method": self.method, "message": self.message, "reason": self.reason,
                "condition": self.condition, "witness": self.witness.to_json() if self.witness else None,
                "evidence": self.evidence.to_json()}
        if self.notes:
            data["notes"] = list(self.notes)
        return data

    @classmethod
    def from_json(cls, raw: Mapping) -> "OutcomeData":
        return cls(**_given(cls, raw, verdict=_verdict(raw.get("verdict")), witness=_witness(raw.get("witness")),
                            evidence=EvidenceData.from_json(raw.get("evidence") or {}),
                            notes=tuple(raw.get("notes") or ())))


@dataclass(frozen=True, kw_only=True)
class StepData:
    index: int | None = None
    line: int | None = None
    relation: str = ""
    latex: str = ""
    source_match: str | None = None   # a key of data.SOURCE_MATCHES; None: not compared
    restated_from: str | None = None
    note: str | None = None
    expected: str | None = None
    unexpected: bool = False
    written_at: str | None = None     # "file:line" of the derivation where the step is written
    outcome: OutcomeData

    def to_json(self) -> dict:
        return {"index": self.index, "line": self.line, "relation": self.relation, "latex": self.latex,
                "source_match": self.source_match, "restated_from": self.restated_from, "note": self.note,
                "expected": self.expected, "unexpected": self.unexpected, "written_at": self.written_at,
                **self.outcome.to_json()}

    @classmethod
    def from_json(cls, raw: Mapping) -> "StepData":
        return cls(**_given(cls, raw, outcome=OutcomeData.from_json(raw)))


@dataclass(frozen=True, kw_only=True)
class ConclusionData:
    """Whether a proof's last statement is its claim; never compared with the source."""

    line: int | None = None
    establishes: str = ""
    expected: str | None = None
    unexpected: bool = False
    written_at: str | None = None     # "file:line" of the derivation's last step
    outcome: OutcomeData

    def to_json(self) -> dict:
        return {"line": self.line, "establishes": self.establishes, "expected": self.expected,
                "unexpected": self.unexpected, "written_at": self.written_at, **self.outcome.to_json()}

    @classmethod
    def from_json(cls, raw: Mapping) -> "ConclusionData":
        return cls(**_given(cls, raw, outcome=OutcomeData.from_json(raw)))


@dataclass(frozen=True, kw_only=True)
class ClaimData:
    id: str = ""
    title: str = ""
    kind: str = ""
    line: int | None = None
    statement: str = ""
    source_match: str | None = None
    restated_from: str | None = None
    reading: str | None = None
    note: str | None = None
    derived_from_proof: bool = False
    expected: str | None = None
    unexpected: bool = False
    methods: tuple[str, ...] = ()
    written_at: str | None = None     # "file:line" of the derivation where the claim is written
    outcome: OutcomeData
    steps: tuple[StepData, ...] = ()
    conclusion: ConclusionData | None = None
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "kind": self.kind, "line": self.line,
                "written_at": self.written_at,
                "statement": self.statement, "source_match": self.source_match,
                "restated_from": self.restated_from, "reading": self.reading, "note": self.note,
                "derived_from_proof": self.derived_from_proof, "expected": self.expected,
                "unexpected": self.unexpected, "methods": list(self.methods), **self.outcome.to_json(),
                "steps": [s.to_json() for s in self.steps],
                "conclusion": self.conclusion.to_json() if self.conclusion else None, "seconds": self.seconds}

    @classmethod
    def from_json(cls, raw: Mapping) -> "ClaimData":
        conclusion = raw.get("conclusion")
        return cls(**_given(cls, raw, methods=tuple(raw.get("methods") or ()), outcome=OutcomeData.from_json(raw),
                            steps=tuple(StepData.from_json(s) for s in raw.get("steps") or ()),
                            conclusion=ConclusionData.from_json(conclusion) if conclusion else None))


@dataclass(frozen=True)
class DefinitionData:
    name: str = ""
    line: int | None = None
    latex: str = ""
    source_match: str | None = None
    restated_from: str | None = None

    def to_json(self) -> dict:
        return {"name": self.name, "line": self.line, "latex": self.latex, "source_match": self.source_match,
                "restated_from": self.restated_from}

    @classmethod
    def from_json(cls, raw: Mapping) -> "DefinitionData":
        return cls(**_given(cls, raw))


@dataclass(frozen=True)
class UncheckedData:
    """A line of the document the derivation leaves unchecked, and why."""

    line: int | None = None
    reason: str = ""

    def to_json(self) -> dict:
        return {"line": self.line, "reason": self.reason}

    @classmethod
    def from_json(cls, raw: Mapping) -> "UncheckedData":
        return cls(**_given(cls, raw))


@dataclass(frozen=True)
class SourceSummaryData:
    """A document's formulas counted by ``source_match``."""

    verbatim: int = 0
    normalized: int = 0
    restated: int = 0
    drift: int = 0
    total: int = 0
    faithful_percent: float | None = None   # verbatim and normalized, of the total

    def count(self, match: str) -> int:
        """The count of one ``source_match`` value (a key of ``data.SOURCE_MATCHES``)."""
        return {"verbatim": self.verbatim, "normalized": self.normalized, "restated": self.restated,
                "drift": self.drift}[match]

    def to_json(self) -> dict:
        return {"verbatim": self.verbatim, "normalized": self.normalized, "restated": self.restated,
                "drift": self.drift, "total": self.total, "faithful_percent": self.faithful_percent}

    @classmethod
    def from_json(cls, raw: Mapping) -> "SourceSummaryData":
        return cls(**_given(cls, raw))


@dataclass(frozen=True)
class SummaryData:
    """The counts of verdicts: per verdict, the unexpected ones, all items; the run's
    summary also has the formulas that drifted from their source (None elsewhere)."""

    counts: Mapping[Verdict, int] = field(default_factory=lambda: {v: 0 for v in Verdict})
    unexpected: int = 0
    items: int = 0
    drift: int | None = None

    def to_json(self) -> dict:
        data = {**{v.value: n for v, n in self.counts.items()}, "unexpected": self.unexpected, "items": self.items}
        if self.drift is not None:
            data["drift"] = self.drift
        return data

    @classmethod
    def from_json(cls, raw: Mapping) -> "SummaryData":
        return cls(**_given(cls, raw, counts={v: raw.get(v.value, 0) for v in Verdict}))


@dataclass(frozen=True, kw_only=True)
class DocumentData:
    id: str = ""
    title: str = ""
    source: str = ""                  # the source document's file name
    derivation: str = ""              # the derivation's file name
    source_path: str | None = None    # the source document compared with; None: not at hand
    source_summary: SourceSummaryData | None = None   # None: not compared
    source_error: str | None = None   # why the source document could not be read
    definitions: tuple[DefinitionData, ...] = ()
    unchecked: tuple[UncheckedData, ...] = ()
    claims: tuple[ClaimData, ...] = ()
    summary: SummaryData = field(default_factory=SummaryData)
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "source": self.source, "derivation": self.derivation,
                "source_path": self.source_path,
                "source_summary": self.source_summary.to_json() if self.source_summary else None,
                "source_error": self.source_error, "definitions": [d.to_json() for d in self.definitions],
                "unchecked": [u.to_json() for u in self.unchecked], "claims": [c.to_json() for c in self.claims],
                "summary": self.summary.to_json(), "seconds": self.seconds}

    @classmethod
    def from_json(cls, raw: Mapping) -> "DocumentData":
        summary = raw.get("source_summary")
        return cls(**_given(
            cls, raw, source_summary=SourceSummaryData.from_json(summary) if summary else None,
            definitions=tuple(DefinitionData.from_json(d) for d in raw.get("definitions") or ()),
            unchecked=tuple(UncheckedData.from_json(u) for u in raw.get("unchecked") or ()),
            claims=tuple(ClaimData.from_json(c) for c in raw.get("claims") or ()),
            summary=SummaryData.from_json(raw.get("summary") or {})))


@dataclass(frozen=True)
class DrawnFigure:
    """A figure as the report shows it: its caption, inline SVG (HTML) and PDF path (LaTeX)."""

    caption: str = ""
    svg: str | None = None
    pdf: str | None = None    # relative to the report's directory

    def to_json(self) -> dict:
        return {"caption": self.caption, "svg": self.svg, "pdf": self.pdf}

    @classmethod
    def from_json(cls, raw: Mapping) -> "DrawnFigure":
        return cls(**_given(cls, raw))


@dataclass(frozen=True)
class ToolData:
    name: str = "contrastive-verify"
    version: str = ""

    def to_json(self) -> dict:
        return {"name": self.name, "version": self.version}

    @classmethod
    def from_json(cls, raw: Mapping) -> "ToolData":
        return cls(**_given(cls, raw))


@dataclass(frozen=True)
class SettingsData:
    """The settings that shape the verdicts; None: not given."""

    digits: int | None = None
    seed: int | None = None

    def to_json(self) -> dict:
        return {"digits": self.digits, "seed": self.seed}

    @classmethod
    def from_json(cls, raw: Mapping) -> "SettingsData":
        return cls(**_given(cls, raw))


@dataclass(frozen=True, kw_only=True)
class ReportData:
    """Everything a report shows, computed once."""

    tool: ToolData = ToolData()
    environment: Mapping[str, str] = field(default_factory=dict)   # package → version
    settings: SettingsData = SettingsData()
    documents: tuple[DocumentData, ...] = ()
    summary: SummaryData = field(default_factory=SummaryData)
    figures: Mapping[str, DrawnFigure] = field(default_factory=dict)   # figure id → figure
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {"tool": self.tool.to_json(), "environment": dict(self.environment),
                "settings": self.settings.to_json(), "documents": [d.to_json() for d in self.documents],
                "summary": self.summary.to_json(), "figures": {k: f.to_json() for k, f in self.figures.items()},
                "seconds": self.seconds}

    @classmethod
    def from_json(cls, raw: Mapping) -> "ReportData":
        return cls(**_given(
            cls, raw, tool=ToolData.from_json(raw.get("tool") or {}), environment=dict(raw.get("environment") or {}),
            settings=SettingsData.from_json(raw.get("settings") or {}),
            documents=tuple(DocumentData.from_json(d) for d in raw.get("documents") or ()),
            summary=SummaryData.from_json(raw.get("summary") or {}),
            figures={k: DrawnFigure.from_json(f or {}) for k, f in (raw.get("figures") or {}).items()}))
