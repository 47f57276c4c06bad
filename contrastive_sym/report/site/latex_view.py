r"""The view of the LaTeX report (:func:`view`): the report data (the records of
:mod:`..records`) as a tree of dicts, with every string already made LaTeX.

Text is escaped by :func:`.escape`; the documents' own formulas are typeset only
when :func:`.sanitise_math` accepts them, else shown as escaped raw text with the
reason the allowlist refused them.
"""
from __future__ import annotations

import re
from typing import Mapping

from ...model.verdicts import Verdict, Witness, expectation_name
from ..data import DRIFT_NOTE, NOT_COMPARED, SOURCE_MATCHES, UNTAGGED, restated_label, unreadable_note
from ..records import (
    ClaimData, ConclusionData, DocumentData, DrawnFigure, OutcomeData, ReportData, StepData, SummaryData)
from ..safe.mathallow import MAX_ROW_LENGTH
from ..safe.texmath import sanitise_math
from ..safe.texsafe import TeX, escape

# Badge colours (RGB hex), one per verdict.
VERDICT_COLOURS = {
    Verdict.PROVED: "1A7F37", Verdict.CONFIRMED: "2E86AB", Verdict.REFUTED: "C0392B",
    Verdict.CONDITIONAL: "D4850F", Verdict.UNDECIDED: "6C757D", Verdict.ERROR: "6F2DA8",
}

# Faithfulness tags: quiet when the document has the formula, outlined for a declared
# restatement, a filled red box for drift (the document changed, the derivation did not).
SOURCE_TAG_MACROS = {"verbatim": r"\cvsourcequiet", "normalized": r"\cvsourcequiet",
                     "restated": r"\cvsourcerestated", "drift": r"\cvsourcedrift"}
SOURCE_TAG_NAMES = {"verbatim": "verbatim", "normalized": "normalized", "restated": "RESTATED",
                    "drift": "SOURCE DRIFT"}

# Lengths at which long strings are cut (a 100 kB message must not become 40 pages).
TITLE_LIMIT = 300
TEXT_LIMIT = 4000
VALUE_LIMIT = 600
RAW_MATH_LIMIT = 3000

_FIGURE_PATH = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]{0,200}\.pdf")


# --- pieces of the view ------------------------------------------------------------

def badge(verdict: Verdict) -> TeX:
    """A coloured box with the verdict's name in capitals."""
    return TeX(rf"\cvbadge{{{verdict.value}}}{{{escape(verdict.value.upper(), limit=40)}}}")


def math_block(latex) -> TeX | None:
    r"""A formula as the document writes it: typeset if the sanitiser accepts it, else
    the raw text in monospace with the reason it was not typeset.

    A one-row chain also carries its one-row-per-relation form; TeX measures the
    first and falls back to the second when it is wider than the line.
    """
    if not latex:
        return None
    safe = sanitise_math(latex)
    if not safe.ok:
        return TeX(rf"\cvraw{{{escape(latex, limit=RAW_MATH_LIMIT, breakable=True)}}}{{{escape(safe.reason)}}}")
    # \relax: a formula starting with [ must not be read as aligned's [t]/[b] argument.
    if safe.aligned:
        body = rf"\begin{{aligned}}\relax {safe.tex}\end{{aligned}}"
    elif safe.rows > 1:
        body = rf"\begin{{gathered}}\relax {safe.tex}\end{{gathered}}"
    else:
        body = safe.tex
    rows = rf"\begin{{aligned}}\relax {safe.rows_form}\end{{aligned}}" if safe.rows_form else ""
    if rows and len(safe.tex) > MAX_ROW_LENGTH:   # too long to even measure as one row
        body, rows = rows, ""
    return TeX(rf"\cvdisplay{{{body}}}{{{rows}}}")


#: a name written in LaTeX inside a title: a control word with its braced arguments and scripts (\text{logits},
#: \mathcal{L}_{\text{CLIP}}, \hat{\rho}_i)
_NAME_IN_PROSE = re.compile(r"\\[A-Za-z]+(?:\s*\{(?:[^{}]|\{[^{}]*\})*\})*"
                            r"(?:\s*[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|[A-Za-z0-9]))*")


def prose_with_names(text: str, limit: int) -> TeX:
    """A title: text, with each name written in LaTeX in it typeset when it is safe one-row math (the bookmark
    keeps it as written); a title longer than ``limit`` is cut as text."""
    if len(text) > limit:
        return escape(text, limit=limit)
    parts, at = [], 0
    for found in _NAME_IN_PROSE.finditer(text):
        safe = sanitise_math(found.group())
        if not safe.ok or safe.rows != 1 or safe.aligned:
            continue
        parts += [_text_between(text[at:found.start()]), rf"\texorpdfstring{{${safe.tex}$}}{{{escape(found.group())}}}"]
        at = found.end()
    return TeX("".join(parts) + _text_between(text[at:]))


def _text_between(piece: str) -> str:
    """The text between two names of a title, escaped, with the spaces at its ends kept."""
    if not piece.strip():
        return " " if piece else ""
    return (" " if piece[0].isspace() else "") + escape(piece) + (" " if piece[-1].isspace() else "")


def definition_name(name: str) -> TeX:
    """A defined name: typeset when it is written with markup (``\\mathcal{L}_{i \\to t}``), else as written
    (``LSE``: a word of several letters is not their product, which math would set it as; ``I^K_InfoNCE`` and
    ``L_i^(k)``, whose scripts TeX would cut after their first character)."""
    # a script without braces is TeX's only when it is one letter or a command (I^K_InfoNCE, L_i^(k) name words)
    if any(mark in name for mark in "\\_^{") and not re.search(r"[_^]\s*(?![{\\])(?:[A-Za-z0-9]{2}|[^A-Za-z0-9])",
                                                                 name):
        return math_inline(name)
    return TeX(rf"\texttt{{{escape(name, limit=VALUE_LIMIT, breakable=True)}}}")


def math_inline(latex) -> TeX:
    """A short symbol such as a witness variable ``s_{1,1}``: math if it is safe one-row math."""
    safe = sanitise_math(str(latex))
    if safe.ok and safe.rows == 1 and not safe.aligned:
        return TeX(f"${safe.tex}$")
    return TeX(rf"\texttt{{{escape(latex, limit=VALUE_LIMIT, breakable=True)}}}")


def _text(value, limit: int = TEXT_LIMIT) -> TeX:
    return escape(value, limit=limit, breakable=True)


def _source_key(match) -> str | None:
    """A known ``source_match`` value; anything else is shown as not compared."""
    return match if match in SOURCE_MATCHES else None


def source_tag(match) -> TeX | None:
    """The small tag of a formula's ``source_match``; None when it was not compared."""
    key = _source_key(match)
    if key is None:
        return None
    return TeX(rf"{SOURCE_TAG_MACROS[key]}{{{escape(SOURCE_TAG_NAMES[key])}}}")


def source_note(match: str | None, original: str | None) -> TeX | None:
    """For drift, the sentence saying so; for a restatement (``original``, the item's
    ``restated_from``), the document's own text, escaped (it is the document's TeX,
    shown as the characters it is)."""
    key = _source_key(match)
    parts = []
    if key == "drift":
        parts.append(rf"\cvdriftnote{{{escape(DRIFT_NOTE)}}}")
    if original:
        label = escape(restated_label(key, original))
        parts.append(rf"{label}: \texttt{{{escape(original, limit=VALUE_LIMIT, breakable=True)}}}")
    return TeX(" ".join(parts)) if parts else None


def faithfulness(doc: DocumentData) -> TeX:
    """The document's line on its formulas against the source: counts, drift in red."""
    summary = doc.source_summary
    unreadable = unreadable_note(doc)
    if unreadable:
        return TeX(rf"\textcolor{{cvsrcdrift}}{{{escape(unreadable, limit=VALUE_LIMIT)}}}")
    if not summary:
        return TeX(rf"\textit{{{escape(NOT_COMPARED)}}}")
    path = escape(doc.source_path or "", limit=VALUE_LIMIT, breakable=True)
    drift = summary.drift or 0
    counts = []
    for match in SOURCE_MATCHES:
        count = escape(f"{summary.count(match)} {match}")
        counts.append(TeX(rf"\textcolor{{cvsrcdrift}}{{\textbf{{{count}}}}}") if match == "drift" and drift else count)
    total = escape(f"of {summary.total} formulas")
    text = rf"compared with \texttt{{{path}}}: {', '.join(counts)} {total}."
    if drift:
        text += rf" \cvdriftnote{{{escape('The document changed and the derivation did not follow.')}}}"
    return TeX(text)


def _expectation(item: ClaimData | StepData | ConclusionData) -> TeX | None:
    """How the verdict compares with the one the derivation recorded, if either is notable."""
    expected = item.expected
    wanted = escape(expectation_name(expected)) if expected else None
    if item.unexpected:
        wanted = wanted or escape(expectation_name(None))
        return TeX(rf"\cvunexpected{{UNEXPECTED}} the derivation expects: {wanted}")
    if wanted:
        return TeX(rf"as expected by the derivation ({wanted})")
    return None


def _evidence(outcome: OutcomeData) -> TeX | None:
    evidence = outcome.evidence
    points = evidence.points or 0
    if not isinstance(points, int) or points <= 0:
        return None
    text = f"{points} sample points: {evidence.decided} decided, {evidence.undefined} undefined"
    instances = evidence.instances
    if instances:
        text += "; sizes " + ", ".join(str(i) for i in instances)
    return _text(text)


_REASON_LABELS = {Verdict.UNDECIDED: "Reason", Verdict.ERROR: "Error", Verdict.REFUTED: "Why refuted",
                  Verdict.CONDITIONAL: "Why conditional"}


def _fields(outcome: OutcomeData, *, claim_precision: str | None = None, method: bool = True) -> list[tuple[TeX, TeX]]:
    """The label/value rows under an item's heading; empty values are left out.

    A step's precision is shown only where it differs from its claim's.
    """
    rows: list[tuple[str, TeX | None]] = []
    verdict = outcome.verdict
    if method and outcome.method:
        rows.append(("Method", _text(outcome.method, VALUE_LIMIT)))
    precision = outcome.precision
    if precision and precision != claim_precision:
        rows.append(("Precision", _text(precision, VALUE_LIMIT)))
    if verdict is Verdict.CONDITIONAL and outcome.condition:
        rows.append(("Condition", _text(outcome.condition, VALUE_LIMIT)))
    if outcome.message:
        rows.append((_REASON_LABELS.get(verdict, "Result"), _text(outcome.message)))
    for note in outcome.notes:
        rows.append(("Remark", _text(note)))
    return [(TeX(label), value) for label, value in rows if value]


def witness_rows(witness: Witness | None) -> list[tuple[TeX, TeX]] | None:
    """The rows of a witness table: sizes, indices and values, then both sides."""
    if not witness:
        return None
    rows: list[tuple[TeX, TeX]] = []
    for kind, pairs in (("size", witness.sizes), ("index", witness.indices), ("value", witness.values)):
        for name, value in (pairs or {}).items():
            rows.append((TeX(f"{kind} {math_inline(name)}"), _text(value, VALUE_LIMIT)))
    rows.append((TeX("left side"), _text(witness.lhs, VALUE_LIMIT)))
    rows.append((TeX("right side"), _text(witness.rhs, VALUE_LIMIT)))
    if witness.digits:
        rows.append((TeX("re-checked at"), _text(f"{witness.digits} significant digits")))
    if witness.note:
        rows.append((TeX("note"), _text(witness.note)))
    return rows


def figure(figure_id, figures: Mapping[str, DrawnFigure]) -> dict | None:
    """An item's figure when it has a PDF with a plain relative path inside the report
    directory; anything else (absolute, ``..``, odd characters) is not included."""
    entry = figures.get(figure_id) if figure_id is not None else None
    if not entry:
        return None
    path = entry.pdf
    if not path or not _FIGURE_PATH.fullmatch(path) or ".." in path.split("/"):
        return None
    return {"path": TeX(path), "caption": _text(entry.caption or "", VALUE_LIMIT)}


def _or(value, missing: str):
    """A value as the report shows it, ``missing`` when it is not given."""
    return missing if value is None else value


def _step(step: StepData, claim: ClaimData, figures: Mapping[str, DrawnFigure]) -> dict:
    heading = f"Step {_or(step.index, '')} · line {_or(step.line, '?')} · relation {step.relation}"
    outcome = step.outcome
    return {
        "heading": escape(heading, limit=TITLE_LIMIT),
        "badge": badge(outcome.verdict),
        "expectation": _expectation(step),
        "source": source_tag(step.source_match),
        "source_note": source_note(step.source_match, step.restated_from),
        "math": math_block(step.latex),
        "note": _text(step.note) if step.note else None,
        "fields": _fields(outcome, claim_precision=claim.outcome.precision, method=outcome.method != claim.outcome.method),
        "witness": witness_rows(outcome.witness),
        "figure": figure(outcome.figure, figures),
    }


def _conclusion(conclusion: ConclusionData, claim: ClaimData, figures: Mapping[str, DrawnFigure]) -> dict:
    outcome = conclusion.outcome
    return {
        "heading": escape(f"Proof conclusion · line {_or(conclusion.line, '?')}"),
        "badge": badge(outcome.verdict),
        "expectation": _expectation(conclusion),
        # The conclusion is the checker's reading of the steps, not a formula of the document.
        "source": None,
        "source_note": None,
        "note": None,
        "math": math_block(conclusion.establishes),
        "fields": _fields(outcome, claim_precision=claim.outcome.precision, method=False),
        "witness": witness_rows(outcome.witness),
        "figure": figure(outcome.figure, figures),
    }


def _claim(claim: ClaimData, figures: Mapping[str, DrawnFigure]) -> dict:
    outcome = claim.outcome
    about = f"{claim.kind} · source line {_or(claim.line, '?')}"
    if claim.derived_from_proof:
        about += " · the claim is what its proof derives"
    identity = TeX(rf"\texttt{{{escape(claim.id, limit=VALUE_LIMIT, breakable=True)}}} · {escape(about)}")
    expectation = _expectation(claim)
    verdict = TeX(badge(outcome.verdict) + (" " + expectation if expectation else ""))
    fields = [(TeX("Claim"), identity), (TeX("Verdict"), verdict)] + _fields(outcome)
    evidence = _evidence(outcome)
    if evidence:
        fields.insert(3, (TeX("Evidence"), evidence))
    source = [part for part in (source_tag(claim.source_match), source_note(claim.source_match, claim.restated_from))
              if part]
    if source:
        fields.insert(2, (TeX("Source"), TeX(" ".join(source))))
    for label, text in (("Reading", claim.reading), ("Note", claim.note)):
        if text:
            fields.append((TeX(label), _text(text)))
    return {
        "title": prose_with_names(claim.title or claim.id, TITLE_LIMIT),
        "verdict": TeX(outcome.verdict.value),
        "badge": badge(outcome.verdict),
        "fields": fields,
        "statement": math_block(claim.statement),
        "witness": witness_rows(outcome.witness),
        "figure": figure(outcome.figure, figures),
        # The proof as the template walks it: the steps, then the conclusion.
        "proof": [_step(s, claim, figures) for s in claim.steps]
                 + ([_conclusion(claim.conclusion, claim, figures)] if claim.conclusion else []),
    }


def _number(value) -> int | TeX:
    """A count or line number; anything that is not an int is shown as escaped text."""
    return value if isinstance(value, int) and not isinstance(value, bool) else escape(value, limit=40)


def summary_rows(summary: SummaryData) -> dict:
    """A summary table: one column per verdict, then unexpected and the total."""
    return {
        "badges": [badge(v) for v in VERDICT_COLOURS],
        "counts": [_number(summary.counts[v]) for v in VERDICT_COLOURS],
        "unexpected": _number(summary.unexpected),
        "total": _number(summary.items),
    }


def _document(doc: DocumentData, figures: Mapping[str, DrawnFigure]) -> dict:
    return {
        "title": prose_with_names(doc.title or doc.id, TITLE_LIMIT),
        "source": _text(doc.source, VALUE_LIMIT),
        "derivation": _text(doc.derivation, VALUE_LIMIT),
        "faithfulness": faithfulness(doc),
        "summary": summary_rows(doc.summary),
        "definitions": [{"line": _number(_or(d.line, "?")), "name": definition_name(d.name or ""),
                         "source": source_tag(d.source_match), "source_note": source_note(d.source_match, d.restated_from),
                         "math": math_block(d.latex)} for d in doc.definitions],
        "unchecked": [{"line": _number(_or(u.line, "?")), "reason": _text(u.reason)} for u in doc.unchecked],
        "claims": [_claim(c, figures) for c in doc.claims],
    }


def _drift_line(drift) -> TeX | None:
    """The run's drift, said once under the summary table when there is any."""
    if not drift:
        return None
    noun = "formula has" if drift == 1 else "formulas have"
    return TeX(rf"{source_tag('drift')}\enspace "
               + escape(f"{drift} {noun} drifted from the source document: look for the items marked SOURCE DRIFT."))


def view(data: ReportData) -> dict:
    """Everything the template prints, each string already LaTeX."""
    tool = data.tool
    name_version = f"{tool.name} {tool.version}".strip()
    figures = data.figures
    documents = data.documents
    settings = data.settings
    return {
        "tool": escape(name_version, limit=TITLE_LIMIT),
        "pdf_title": escape(f"Verification report ({name_version})", limit=TITLE_LIMIT),
        "subtitle": escape(f"{len(documents)} document{'s' if len(documents) != 1 else ''} checked by {name_version}",
                           limit=TITLE_LIMIT),
        "run": [(escape(k, limit=VALUE_LIMIT), _text(v, VALUE_LIMIT)) for k, v in
                [("tool", name_version)] + list(data.environment.items())
                + [("digits", _or(settings.digits, "")), ("seed", _or(settings.seed, ""))]],
        "palette": [(TeX(v.value), TeX(colour)) for v, colour in VERDICT_COLOURS.items()],
        "legend": [(badge(v), escape(v.meaning)) for v in Verdict],
        "source_legend": [(source_tag(m), escape(meaning)) for m, meaning in SOURCE_MATCHES.items()],
        "source_untagged": escape(UNTAGGED),
        "summary": summary_rows(data.summary),
        "source_drift": _drift_line(data.summary.drift),
        "documents": [_document(d, figures) for d in documents],
    }
