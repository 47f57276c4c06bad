"""The terminal summary: one line per claim and per step, then the totals.

A step's line says what a reader needs first: for a conditional step the condition,
for a refuted one the witness, otherwise the reason.
"""
from __future__ import annotations

from ..model.verdicts import Verdict, Witness, expectation_name
from .controls import visible
from .plain_names import plain_name
from .records import ClaimData, ConclusionData, DocumentData, OutcomeData, ReportData, StepData

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


def given_values(w: Witness) -> str:
    """A witness's sizes, indices and values, each named as its symbol prints: ``N=2, i=1, 𝐳_{1,1}=1``."""
    return ", ".join(f"{plain_name(k)}={v}" for k, v in {**w.sizes, **w.indices, **w.values}.items())


def witness_line(w: Witness) -> str:
    return f"{given_values(w)} → lhs {_number(w.lhs)}, rhs {_number(w.rhs)}"


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


#: the columns before a claim's text and under it: mark, line, verdict
_INDENT = 20


def _wrapped(text: str, width: int, indent: int = _INDENT) -> list[str]:
    """``text`` in full, wrapped at word boundaries under a hanging indent (never cut: a reason or a
    witness is what the reader came for)."""
    import textwrap
    room = max(width - indent, 30)
    return [" " * indent + part for part in textwrap.wrap(" ".join(text.split()), room,
                                                           break_long_words=False, break_on_hyphens=False)]


def _headed(line: str, width: int) -> list[str]:
    """An item's line (mark, line, verdict, id and title), its title wrapped under the title's column."""
    import textwrap
    return textwrap.wrap(line, max(width, _INDENT + 30), subsequent_indent=" " * _INDENT, break_long_words=False,
                         break_on_hyphens=False) or [line]


def _explained(outcome: OutcomeData, width: int, verbose: bool) -> list[str]:
    """What a reader needs under an item's line: the condition or the reason, then the witness on lines of its
    own; with ``verbose``, the method, the evidence and every part's message too."""
    if outcome.verdict is Verdict.CONDITIONAL and outcome.condition:
        lines = _wrapped(f"needs {outcome.condition}", width)
    elif outcome.verdict is Verdict.REFUTED and outcome.witness:
        lines = _wrapped(outcome.reason or outcome.message, width)
    else:
        lines = _wrapped(outcome.message, width)
    if outcome.witness and outcome.verdict in (Verdict.REFUTED, Verdict.CONDITIONAL):
        w = outcome.witness
        lines += _wrapped(f"{'witness' if outcome.verdict is Verdict.REFUTED else 'fails at'}: {given_values(w)}",
                          width)
        lines += _wrapped(f"→ left side {w.lhs}, right side {w.rhs} (re-checked at {w.digits} digits)", width)
    if verbose:
        lines += _wrapped(f"method: {outcome.method}" + (f"; {outcome.precision}" if outcome.precision else ""), width)
        e = outcome.evidence
        if e.points:
            lines += _wrapped(f"evidence: {e.points} points, {e.decided} decided, {e.undefined} undefined", width)
        if outcome.reason and outcome.reason != outcome.message:
            lines += _wrapped(f"in full: {outcome.message}", width)
    return lines


def _shown(item, verbosity: int) -> bool:
    """-q shows what needs attention only: an unexpected verdict or a drifted formula."""
    return verbosity >= 0 or item.unexpected or getattr(item, "source_match", None) == "drift"


def header(settings, version: str) -> str:
    """The first line: the tool, its precision and seed."""
    return f"contrastive-verify {version} · {settings.digits} digits · seed {settings.seed}\n"


def heading(doc: DocumentData, width: int = 100) -> str:
    """A document's first lines: its source and title, and whether its formulas were compared with it."""
    title = _wrapped(f"{doc.source} — {plain_name(doc.title)}", width, indent=2)
    source = [line for text in _source_line(doc) for line in _wrapped(text, width, indent=4)]
    return _lines(["", title[0].strip(), *title[1:]]
                  + [f"  {line.strip()}" if n == 0 else line for n, line in enumerate(source)])


def claim(item: ClaimData, verbosity: int = 0, width: int = 100) -> str:
    """A claim's lines, its steps' and its conclusion's (empty under ``-q`` when none needs attention)."""
    verbose = verbosity > 0
    shown = []
    if _shown(item, verbosity):
        reading = f" [{item.reading}]" if item.reading else ""
        shown += _headed(f"{_mark(item, item.source_match)} L{item.line:<4} {item.outcome.verdict.value:<11} "
                         f"{item.id}: {plain_name(item.title)}{reading}{_expectation(item)}{_drift(item.source_match)}",
                         width)
        shown += _explained(item.outcome, width, verbose)
    for step in item.steps:
        if _shown(step, verbosity):
            shown += _headed(f"{_mark(step, step.source_match)}   L{step.line:<4} "
                             f"{step.outcome.verdict.value:<11} {item.id} step {step.index} ({step.relation})"
                             f"{_expectation(step)}{_drift(step.source_match)}", width)
            shown += _explained(step.outcome, width, verbose)
    conclusion = item.conclusion
    if conclusion and _shown(conclusion, verbosity):
        shown += _headed(f"{_mark(conclusion)}   L{conclusion.line:<4} {conclusion.outcome.verdict.value:<11} "
                         f"{item.id}: the proof's conclusion{_expectation(conclusion)}", width)
        shown += _explained(conclusion.outcome, width, verbose)
    return _lines(shown)


def unchecked(doc: DocumentData, verbosity: int = 0, width: int = 100) -> str:
    """The lines the derivation marks unchecked, each with its reason (not under ``-q``)."""
    if verbosity < 0:
        return ""
    shown = []
    for item in doc.unchecked:
        shown.append(f"  L{item.line:<4} {'unchecked':<11}")
        shown += _wrapped(item.reason, width)
    return _lines(shown)


def _lines(lines: list[str]) -> str:
    # Every line as the terminal will show it: control characters from the files
    # (an escape sequence, a bell, a newline inside a title) written as visible escapes.
    return "".join(visible(line) + "\n" for line in lines)


def document(doc: DocumentData, verbosity: int = 0, width: int = 100) -> str:
    """One document's block (empty under ``-q`` when nothing in it needs attention)."""
    body = "".join(claim(c, verbosity, width) for c in doc.claims) + unchecked(doc, verbosity, width)
    if not body and verbosity < 0:
        return ""
    return heading(doc, width) + body


def totals(data: ReportData, width: int = 100) -> str:
    """The last lines: the count of each verdict that occurs, the unexpected ones, the time, drift (wrapped
    at word boundaries to ``width`` columns, as every line)."""
    import textwrap
    s = data.summary
    # the verdicts that occur (the JSON report counts every one)
    counts = ", ".join(f"{s.counts[v]} {v.value}" for v in Verdict if s.counts[v]) or "none"
    # the time kept on the line of "unexpected" (no-break spaces): a wrapped line never ends with "·"
    said = [f"{s.items} verdicts: {counts}; {s.unexpected} unexpected\u00a0·\u00a0{data.seconds:.1f}\u00a0s"]
    if s.drift:
        said.append(f"{s.drift} formulas drifted from their source document: update the derivation")
    lines = [""] + [part for text in said for part in textwrap.wrap(text, max(width, 40), break_long_words=False,
                                                                     break_on_hyphens=False)]
    return "\n".join(lines) + "\n"


def render(data: ReportData, verbosity: int = 0, width: int = 100) -> str:
    """The terminal summary.  ``verbosity`` -1 (``-q``): the items that miss their expectation and the
    totals; 0: every claim with its reason, and each proof step on one line with its own; 1 (``-v``): the
    method and evidence of every item, and every part of a combined message.  Lines are wrapped to ``width``
    columns at word boundaries, reasons and witnesses in full."""
    return (header(data.settings, data.tool.version)
            + "".join(document(doc, verbosity, width) for doc in data.documents) + totals(data, width))
