"""Report data: everything a renderer shows, computed once from the results.

:func:`report_data` builds the records of :mod:`.records`; renderers only loop over
them and format them, computing nothing.  The JSON report is this data serialised as
it is (``ReportData.to_json()``).

Beyond the run's results, every verdict-bearing item (claim, step, conclusion) has
``precision`` (a sentence on the working precision and tolerance) and ``figure`` (the
id of its figure in ``ReportData.figures``, or None: the ids come from the figures
the run carries, and the site's build adds the drawn figures); every document has
``summary`` (its counts per verdict) and ``title``.

Faithfulness to the source document: every claim, step and definition has
``source_match`` (a key of :data:`SOURCE_MATCHES`, or None when it was not compared)
and ``restated_from`` (the document's own text that the derivation declares it
restates, else None); every document has ``source_path``,
``source_summary`` (the counts per value, None when the document was not at hand or
could not be read) and ``source_error`` (why the document at ``source_path`` could not
be read as text, else None).
"""
from __future__ import annotations

import platform
from pathlib import Path

from ..version import __version__
from ..model.results import ClaimResult, ConclusionResult, DocumentResult, RunResult, StepResult, Summary
from ..model.sources import DIGEST_PREFIX, SourceMatch, SourceMatches
from ..model.verdicts import Outcome, Verdict
from .records import (
    ClaimData, ConclusionData, DefinitionData, DocumentData, EvidenceData, OutcomeData, ReportData, SettingsData,
    SourceSummaryData, StepData, SummaryData, ToolData, UncheckedData)

#: What each value of ``source_match`` says about a formula, for the reports' legends.
SOURCE_MATCHES = {
    "verbatim": "the formula occurs in the document character for character",
    "normalized": "it occurs in the document once spacing and equivalent spellings are set aside",
    "restated": "the derivation restates the document's formula (mended or expanded) or a line it says in "
                "words; the document's own text (or that line's digest), shown with it, is still there",
    "drift": "not found in the document: the document's line changed and the derivation did not follow",
}
# The same words in every report that shows faithfulness.
DRIFT_NOTE = ("This formula is no longer in the document: the document's line changed and the derivation "
              "did not follow. Update the derivation.")
#: What ``restated_from`` is, by ``source_match`` (None: the document was not at hand).
RESTATED_LABELS = {"restated": "The document has",
                   "drift": "The derivation restates (no longer in the document)",
                   None: "Restates the document's text (not compared)"}
# A claim the document makes only in words restates its line by the line's digest:
# the digest is shown, never as if it were the document's text.
DIGEST_LABELS = {"restated": "The document says this in words, on the line with digest",
                 "drift": "The derivation restates a line said in words, no longer in the document; its digest",
                 None: "Restates a line the document says in words (not compared); its digest"}
UNTAGGED = ("the formula was not compared, because the source document was not found or the claim is what "
            "its proof derives")
NOT_COMPARED = ("Source document not found; faithfulness not checked: no formula was compared with the "
                "document (give its directory with --documents DIR).")


def unreadable_note(doc: DocumentData) -> str | None:
    """The sentence for a source document that is there but cannot be read, or None."""
    if not doc.source_error:
        return None
    return (f"Source document {doc.source_path} cannot be read ({doc.source_error}); "
            "faithfulness not checked: no formula was compared with it.")


def restated_label(match: str | None, restated_from: str) -> str:
    """What an item's ``restated_from`` is: the document's own formula, or the digest
    of a line that says it in words."""
    labels = DIGEST_LABELS if str(restated_from).startswith(DIGEST_PREFIX) else RESTATED_LABELS
    return labels.get(match, labels[None])


def environment() -> dict:
    """The versions that shape the verdicts and the rendered reports."""
    from importlib.metadata import PackageNotFoundError, version

    import flint
    import mpmath
    import numpy
    import sympy
    found = {"python": platform.python_version(), "sympy": sympy.__version__, "mpmath": mpmath.__version__,
             "python-flint": flint.__version__, "numpy": numpy.__version__}
    for name in ("jinja2", "latex2mathml"):
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "not installed"
    return found


def _precision(outcome: Outcome) -> str:
    ev = outcome.evidence
    if not ev.digits:
        return ""
    text = f"{ev.digits} significant digits"
    if ev.tolerance:
        text += f"; {ev.tolerance}"
    return text


def _outcome(outcome: Outcome, figure: str | None) -> OutcomeData:
    ev = outcome.evidence
    return OutcomeData(
        verdict=outcome.verdict, precision=_precision(outcome), figure=figure, method=outcome.method,
        message=outcome.message, reason=outcome.headline, condition=outcome.condition or None,
        witness=outcome.witness,
        evidence=EvidenceData(points=ev.points, decided=ev.resolved, undefined=ev.undefined, digits=ev.digits,
                              tolerance=ev.tolerance, instances=tuple(ev.sizes)),
        notes=tuple(outcome.notes))


def _expected(value) -> str | None:
    return value.value if value is not None else None


def _value(match: SourceMatch | None) -> str | None:
    """``verbatim`` / ``normalized`` / ``restated`` / ``drift``; None when not compared."""
    return match.value if match is not None else None


def _step(result: StepResult, claim_id: str, sources: SourceMatches | None, figures: dict[str, str]) -> StepData:
    step = result.step
    return StepData(index=step.index, line=step.line, relation=step.relation.value, latex=step.latex,
                    source_match=_value(sources and sources.of_step(claim_id, step.index)),
                    restated_from=step.restated_from or None, note=step.note or None,
                    expected=_expected(step.expected), unexpected=result.unexpected,
                    written_at=str(step.origin) if step.origin else None,
                    outcome=_outcome(result.outcome, figures.get(f"{claim_id}/{step.index}")))


def _conclusion(result: ConclusionResult | None, written_at: str | None) -> ConclusionData | None:
    if result is None:
        return None
    return ConclusionData(line=result.line, establishes=result.establishes, expected=_expected(result.expected),
                          unexpected=result.unexpected, written_at=written_at, outcome=_outcome(result.outcome, None))


def _claim(result: ClaimResult, sources: SourceMatches | None, figures: dict[str, str]) -> ClaimData:
    claim = result.claim
    return ClaimData(
        id=claim.id, title=claim.title, kind=claim.kind.value, line=claim.line, statement=claim.latex,
        source_match=None if claim.derived else _value(sources and sources.of_claim(claim.id)),
        restated_from=claim.restated_from or None, reading=claim.reading or None, note=claim.note or None,
        derived_from_proof=claim.derived, expected=_expected(claim.expected),
        unexpected=not result.outcome.verdict.meets(claim.expected), methods=tuple(result.outcome.method_names),
        written_at=str(claim.origin) if claim.origin else None,
        outcome=_outcome(result.outcome, figures.get(claim.id)),
        steps=tuple(_step(s, claim.id, sources, figures) for s in result.steps),
        conclusion=_conclusion(result.conclusion, _last_step_origin(result)), seconds=round(result.seconds, 3))


def _last_step_origin(result: ClaimResult) -> str | None:
    last = result.steps[-1].step.origin if result.steps else result.claim.origin
    return str(last) if last else None


def _summary(summary: Summary, drift: int | None = None) -> SummaryData:
    return SummaryData(counts={Verdict(v): n for v, n in summary.counts.items()}, unexpected=summary.unexpected,
                       items=summary.items, drift=drift)


def claim_data(result: ClaimResult, sources: SourceMatches | None) -> ClaimData:
    """One checked claim as the reports show it (a streamed text report prints it as soon as it is known)."""
    return _claim(result, sources, {})


def document_data(result: DocumentResult) -> DocumentData:
    """One checked document as the reports show it (a streamed text report prints it as it comes)."""
    return _document(result)


def _document(result: DocumentResult) -> DocumentData:
    doc = result.document
    sources = result.sources
    summary = sources.summary() if sources else None
    # The figures the run carries (none in a check run), by the item they illustrate:
    # "claim-id" or "claim-id/step-index" → the figure's id.
    figures = {key: fig.id for key, fig in result.figures}
    return DocumentData(
        id=doc.id, title=doc.title, source=doc.source, derivation=Path(doc.path).name,
        source_path=sources.path if sources else None,
        source_summary=SourceSummaryData(**summary) if summary is not None else None,
        source_error=sources.error if sources else None,
        definitions=tuple(DefinitionData(name=d.name, line=d.line, latex=d.latex,
                                         source_match=_value(sources and sources.of_definition(n)),
                                         restated_from=d.restated_from or None)
                          for n, d in enumerate(doc.definitions)),
        unchecked=tuple(UncheckedData(line=line, reason=reason) for line, reason in doc.unchecked),
        claims=tuple(_claim(c, sources, figures) for c in result.claims),
        summary=_summary(result.summary), seconds=round(result.seconds, 3))


def report_data(run: RunResult) -> ReportData:
    """The report data of a run; its figures (the drawn ones) are added by the site's build."""
    return ReportData(
        tool=ToolData(name="contrastive-verify", version=__version__), environment=environment(),
        settings=SettingsData(digits=run.digits, seed=run.seed),
        documents=tuple(_document(d) for d in run.documents),
        summary=_summary(run.summary, drift=run.summary.drift), figures={}, seconds=round(run.seconds, 3))
