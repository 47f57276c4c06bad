"""The terminal summary: one line per claim and per step, then the totals.

A step's line says what a reader needs first: for a conditional step the condition,
for a refuted one the witness, otherwise the reason.
"""
from __future__ import annotations

from ..model.verdicts import Verdict, Witness, expectation_name
from .controls import visible
from .records import ClaimData, ConclusionData, DocumentData, OutcomeData, ReportData, StepData

_REASON = 96


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _number(text: str) -> str:
    """A witness value shortened for one line: 0.69314718055994530942 → 0.6931471806."""
    if len(text) <= 12 or any(c in text for c in "()+·"):
        return _short(text, 40)
    try:
        return f"{float(text):.10g}"
    except ValueError:
        return _short(text, 24)


def witness_line(w: Witness) -> str:
    given = {**w.sizes, **w.indices, **w.values}
    values = ", ".join(f"{k}={v}" for k, v in given.items())
    return f"{values} → lhs {_number(w.lhs)}, rhs {_number(w.rhs)}"


def _reason(outcome: OutcomeData) -> str:
    if outcome.verdict is Verdict.CONDITIONAL and outcome.condition:
        first = f"needs {outcome.condition}"
        if outcome.witness:
            first += f"; fails at {witness_line(outcome.witness)}"
        return first
    if outcome.verdict is Verdict.REFUTED and outcome.witness:
        return f"{outcome.reason or outcome.message}: {witness_line(outcome.witness)}"
    return outcome.message


def _expectation(item: ClaimData | StepData | ConclusionData) -> str:
    if not item.unexpected:
        return ""
    wanted = item.expected or expectation_name(None)
    return f"  [expected {wanted}]"


def _mark(item: ClaimData | StepData | ConclusionData, match: str | None = None) -> str:
    return "!" if item.unexpected or match == "drift" else " "


def _drift(match: str | None) -> str:
    """A formula that no longer matches the document: say so on its line."""
    return "  [source drift: the document's line changed]" if match == "drift" else ""


def _source_line(doc: DocumentData) -> list[str]:
    summary = doc.source_summary
    if doc.source_error:
        return [f"  source {doc.source_path} cannot be read: {doc.source_error}; formulas not compared"]
    if not summary:
        return ["  source document not at hand: formulas not compared (--documents DIR)"]
    return [f"  source {doc.source_path}: {summary.verbatim} verbatim, {summary.normalized} normalized, "
            f"{summary.restated} restated, {summary.drift} drift of {summary.total} formulas"]


def render(data: ReportData) -> str:
    lines = [f"contrastive-verify {data.tool.version} · {data.settings.digits} digits · "
             f"seed {data.settings.seed}"]
    for doc in data.documents:
        lines += ["", f"{doc.source} — {doc.title}"] + _source_line(doc)
        for claim in doc.claims:
            reading = f" [{claim.reading}]" if claim.reading else ""
            lines.append(f"{_mark(claim, claim.source_match)} L{claim.line:<4} {claim.outcome.verdict.value:<11} "
                         f"{claim.id}: {_short(claim.title + reading, 80)}{_expectation(claim)}"
                         f"{_drift(claim.source_match)}")
            lines.append(f"  {'':5} {'':11} {_short(_reason(claim.outcome), _REASON + 24)}")
            for step in claim.steps:
                lines.append(f"{_mark(step, step.source_match)}   L{step.line:<4} {step.outcome.verdict.value:<11} "
                             f"step {step.index:<2} {step.relation:<2} {_short(_reason(step.outcome), _REASON)}"
                             f"{_expectation(step)}{_drift(step.source_match)}")
            conclusion = claim.conclusion
            if conclusion:
                lines.append(f"{_mark(conclusion)}   L{conclusion.line:<4} {conclusion.outcome.verdict.value:<11} "
                             f"proof ⇒    {_short(_reason(conclusion.outcome), _REASON)}{_expectation(conclusion)}")
        for item in doc.unchecked:
            lines.append(f"  L{item.line:<4} {'unchecked':<11} {_short(item.reason, _REASON + 10)}")
    s = data.summary
    counts = ", ".join(f"{s.counts[v]} {v.value}" for v in Verdict)
    lines += ["", f"{s.items} verdicts: {counts}; {s.unexpected} unexpected · {data.seconds:.1f} s"]
    if s.drift:
        lines.append(f"{s.drift} formulas drifted from their source document: update the derivation")
    # Every line as the terminal will show it: control characters from the files
    # (an escape sequence, a bell, a newline inside a title) written as visible escapes.
    return "\n".join(visible(line) for line in lines) + "\n"
