r"""The view of the LaTeX report (:func:`view`): the report data of :mod:`.data` as
the same tree, with every string already made LaTeX.

Text is escaped by :func:`.escape`; the documents' own formulas are typeset only
when :func:`.sanitise_math` accepts them, else shown as escaped raw text with the
reason the allowlist refused them.
"""
from __future__ import annotations

import re

from ...model.verdicts import Verdict, expectation_name
from ..data import DRIFT_NOTE, NOT_COMPARED, SOURCE_MATCHES, UNTAGGED, restated_label, unreadable_note
from ..safe.mathallow import MAX_ROW_LENGTH
from ..safe.texmath import sanitise_math
from ..safe.texsafe import TeX, escape

# Badge colours (RGB hex), one per verdict; an unknown verdict is drawn as an error.
VERDICT_COLOURS = {
    "proved": "1A7F37", "confirmed": "2E86AB", "refuted": "C0392B",
    "conditional": "D4850F", "undecided": "6C757D", "error": "6F2DA8",
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

def _verdict_key(verdict) -> str:
    return verdict if verdict in VERDICT_COLOURS else "error"


def badge(verdict) -> TeX:
    """A coloured box with the verdict's name in capitals."""
    return TeX(rf"\cvbadge{{{_verdict_key(verdict)}}}{{{escape(str(verdict).upper(), limit=40)}}}")


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


def source_note(item: dict) -> TeX | None:
    """For drift, the sentence saying so; for a restatement, the document's own text,
    escaped (it is the document's TeX, shown as the characters it is)."""
    key = _source_key(item.get("source_match"))
    parts = []
    if key == "drift":
        parts.append(rf"\cvdriftnote{{{escape(DRIFT_NOTE)}}}")
    original = item.get("restated_from")
    if original:
        label = escape(restated_label(key, original))
        parts.append(rf"{label}: \texttt{{{escape(original, limit=VALUE_LIMIT, breakable=True)}}}")
    return TeX(" ".join(parts)) if parts else None


def faithfulness(doc: dict) -> TeX:
    """The document's line on its formulas against the source: counts, drift in red."""
    summary = doc.get("source_summary")
    unreadable = unreadable_note(doc)
    if unreadable:
        return TeX(rf"\textcolor{{cvsrcdrift}}{{{escape(unreadable, limit=VALUE_LIMIT)}}}")
    if not summary:
        return TeX(rf"\textit{{{escape(NOT_COMPARED)}}}")
    path = escape(doc.get("source_path") or "", limit=VALUE_LIMIT, breakable=True)
    drift = summary.get("drift") or 0
    counts = []
    for match in SOURCE_MATCHES:
        count = escape(f"{summary.get(match, 0)} {match}")
        counts.append(TeX(rf"\textcolor{{cvsrcdrift}}{{\textbf{{{count}}}}}") if match == "drift" and drift else count)
    total = escape(f"of {summary.get('total', 0)} formulas")
    text = rf"compared with \texttt{{{path}}}: {', '.join(counts)} {total}."
    if drift:
        text += rf" \cvdriftnote{{{escape('The document changed and the derivation did not follow.')}}}"
    return TeX(text)


def _expectation(item: dict) -> TeX | None:
    """How the verdict compares with the one the derivation recorded, if either is notable."""
    expected = item.get("expected")
    wanted = escape(expectation_name(expected)) if expected else None
    if item.get("unexpected"):
        wanted = wanted or escape(expectation_name(None))
        return TeX(rf"\cvunexpected{{UNEXPECTED}} the derivation expects: {wanted}")
    if wanted:
        return TeX(rf"as expected by the derivation ({wanted})")
    return None


def _evidence(item: dict) -> TeX | None:
    evidence = item.get("evidence") or {}
    points = evidence.get("points") or 0
    if not isinstance(points, int) or points <= 0:
        return None
    text = f"{points} sample points: {evidence.get('decided', 0)} decided, {evidence.get('undefined', 0)} undefined"
    instances = evidence.get("instances") or []
    if instances:
        text += "; sizes " + ", ".join(str(i) for i in instances)
    return _text(text)


def _reason_label(verdict) -> str:
    return {"undecided": "Reason", "error": "Error", "refuted": "Why refuted",
            "conditional": "Why conditional"}.get(verdict, "Result")


def _fields(item: dict, *, claim_precision: str | None = None, method: bool = True) -> list[tuple[TeX, TeX]]:
    """The label/value rows under an item's heading; empty values are left out.

    A step's precision is shown only where it differs from its claim's.
    """
    rows: list[tuple[str, TeX | None]] = []
    verdict = item.get("verdict")
    if method and item.get("method"):
        rows.append(("Method", _text(item["method"], VALUE_LIMIT)))
    precision = item.get("precision")
    if precision and precision != claim_precision:
        rows.append(("Precision", _text(precision, VALUE_LIMIT)))
    if verdict == "conditional" and item.get("condition"):
        rows.append(("Condition", _text(item["condition"], VALUE_LIMIT)))
    if item.get("message"):
        rows.append((_reason_label(verdict), _text(item["message"])))
    for note in item.get("notes") or []:
        rows.append(("Remark", _text(note)))
    return [(TeX(label), value) for label, value in rows if value]


def witness_rows(witness: dict | None) -> list[tuple[TeX, TeX]] | None:
    """The rows of a witness table: sizes, indices and values, then both sides."""
    if not witness:
        return None
    rows: list[tuple[TeX, TeX]] = []
    for kind, key in (("size", "sizes"), ("index", "indices"), ("value", "values")):
        for name, value in (witness.get(key) or {}).items():
            rows.append((TeX(f"{kind} {math_inline(name)}"), _text(value, VALUE_LIMIT)))
    rows.append((TeX("left side"), _text(witness.get("lhs", ""), VALUE_LIMIT)))
    rows.append((TeX("right side"), _text(witness.get("rhs", ""), VALUE_LIMIT)))
    if witness.get("digits"):
        rows.append((TeX("re-checked at"), _text(f"{witness['digits']} significant digits")))
    if witness.get("note"):
        rows.append((TeX("note"), _text(witness["note"])))
    return rows


def figure(figure_id, figures: dict) -> dict | None:
    """An item's figure when it has a PDF with a plain relative path inside the report
    directory; anything else (absolute, ``..``, odd characters) is not included."""
    entry = figures.get(figure_id) if figure_id is not None else None
    if not entry:
        return None
    path = entry.get("pdf")
    if not path or not _FIGURE_PATH.fullmatch(path) or ".." in path.split("/"):
        return None
    return {"path": TeX(path), "caption": _text(entry.get("caption") or "", VALUE_LIMIT)}


def _step(step: dict, claim: dict, figures: dict) -> dict:
    heading = f"Step {step.get('index', '')} · line {step.get('line', '?')} · relation {step.get('relation', '')}"
    return {
        "heading": escape(heading, limit=TITLE_LIMIT),
        "badge": badge(step.get("verdict")),
        "expectation": _expectation(step),
        "source": source_tag(step.get("source_match")),
        "source_note": source_note(step),
        "math": math_block(step.get("latex")),
        "note": _text(step["note"]) if step.get("note") else None,
        "fields": _fields(step, claim_precision=claim.get("precision"), method=step.get("method") != claim.get("method")),
        "witness": witness_rows(step.get("witness")),
        "figure": figure(step.get("figure"), figures),
    }


def _conclusion(conclusion: dict, claim: dict, figures: dict) -> dict:
    return {
        "heading": escape(f"Proof conclusion · line {conclusion.get('line', '?')}"),
        "badge": badge(conclusion.get("verdict")),
        "expectation": _expectation(conclusion),
        # The conclusion is the checker's reading of the steps, not a formula of the document.
        "source": None,
        "source_note": None,
        "note": None,
        "math": math_block(conclusion.get("establishes")),
        "fields": _fields(conclusion, claim_precision=claim.get("precision"), method=False),
        "witness": witness_rows(conclusion.get("witness")),
        "figure": figure(conclusion.get("figure"), figures),
    }


def _claim(claim: dict, figures: dict) -> dict:
    about = f"{claim.get('kind', '')} · source line {claim.get('line', '?')}"
    if claim.get("derived_from_proof"):
        about += " · the claim is what its proof derives"
    identity = TeX(rf"\texttt{{{escape(claim.get('id', ''), limit=VALUE_LIMIT, breakable=True)}}} · {escape(about)}")
    expectation = _expectation(claim)
    verdict = TeX(badge(claim.get("verdict")) + (" " + expectation if expectation else ""))
    fields = [(TeX("Claim"), identity), (TeX("Verdict"), verdict)] + _fields(claim)
    evidence = _evidence(claim)
    if evidence:
        fields.insert(3, (TeX("Evidence"), evidence))
    source = [part for part in (source_tag(claim.get("source_match")), source_note(claim)) if part]
    if source:
        fields.insert(2, (TeX("Source"), TeX(" ".join(source))))
    for label, key in (("Reading", "reading"), ("Note", "note")):
        if claim.get(key):
            fields.append((TeX(label), _text(claim[key])))
    return {
        "title": escape(claim.get("title") or claim.get("id", ""), limit=TITLE_LIMIT),
        "verdict": TeX(_verdict_key(claim.get("verdict"))),
        "badge": badge(claim.get("verdict")),
        "fields": fields,
        "statement": math_block(claim.get("statement")),
        "witness": witness_rows(claim.get("witness")),
        "figure": figure(claim.get("figure"), figures),
        # The proof as the template walks it: the steps, then the conclusion.
        "proof": [_step(s, claim, figures) for s in claim.get("steps", [])]
                 + ([_conclusion(claim["conclusion"], claim, figures)] if claim.get("conclusion") else []),
    }


def _number(value) -> int | TeX:
    """A count or line number; anything that is not an int is shown as escaped text."""
    return value if isinstance(value, int) and not isinstance(value, bool) else escape(value, limit=40)


def summary_rows(summary: dict) -> dict:
    """A summary table: one column per verdict, then unexpected and the total."""
    return {
        "badges": [badge(v) for v in VERDICT_COLOURS],
        "counts": [_number(summary.get(v, 0)) for v in VERDICT_COLOURS],
        "unexpected": _number(summary.get("unexpected", 0)),
        "total": _number(summary.get("items", 0)),
    }


def _document(doc: dict, figures: dict) -> dict:
    return {
        "title": escape(doc.get("title") or doc.get("id", ""), limit=TITLE_LIMIT),
        "source": _text(doc.get("source", ""), VALUE_LIMIT),
        "derivation": _text(doc.get("derivation", ""), VALUE_LIMIT),
        "faithfulness": faithfulness(doc),
        "summary": summary_rows(doc.get("summary", {})),
        "definitions": [{"line": _number(d.get("line", "?")), "name": _text(d.get("name", ""), VALUE_LIMIT),
                         "source": source_tag(d.get("source_match")), "source_note": source_note(d),
                         "math": math_block(d.get("latex"))} for d in doc.get("definitions", [])],
        "unchecked": [{"line": _number(u.get("line", "?")), "reason": _text(u.get("reason", ""))}
                      for u in doc.get("unchecked", [])],
        "claims": [_claim(c, figures) for c in doc.get("claims", [])],
    }


def _drift_line(drift) -> TeX | None:
    """The run's drift, said once under the summary table when there is any."""
    if not drift:
        return None
    noun = "formula has" if drift == 1 else "formulas have"
    return TeX(rf"{source_tag('drift')}\enspace "
               + escape(f"{drift} {noun} drifted from the source document: look for the items marked SOURCE DRIFT."))


def view(data: dict) -> dict:
    """Everything the template prints, each string already LaTeX."""
    tool = data.get("tool", {})
    name_version = f"{tool.get('name', 'contrastive-verify')} {tool.get('version', '')}".strip()
    figures = data.get("figures") or {}
    documents = data.get("documents", [])
    settings = data.get("settings", {})
    return {
        "tool": escape(name_version, limit=TITLE_LIMIT),
        "pdf_title": escape(f"Verification report ({name_version})", limit=TITLE_LIMIT),
        "subtitle": escape(f"{len(documents)} document{'s' if len(documents) != 1 else ''} checked by {name_version}",
                           limit=TITLE_LIMIT),
        "run": [(escape(k, limit=VALUE_LIMIT), _text(v, VALUE_LIMIT)) for k, v in
                [("tool", name_version)] + list(data.get("environment", {}).items())
                + [("digits", settings.get("digits", "")), ("seed", settings.get("seed", ""))]],
        "palette": [(TeX(v), TeX(colour)) for v, colour in VERDICT_COLOURS.items()],
        "legend": [(badge(v.value), escape(v.meaning)) for v in Verdict],
        "source_legend": [(source_tag(m), escape(meaning)) for m, meaning in SOURCE_MATCHES.items()],
        "source_untagged": escape(UNTAGGED),
        "summary": summary_rows(data.get("summary", {})),
        "source_drift": _drift_line(data.get("summary", {}).get("drift")),
        "documents": [_document(d, figures) for d in documents],
    }
