"""The offline HTML report: one self-contained page, no script, no network.

Two stages, as in coverage.py's HTML report: :func:`page` turns the report data
(:mod:`.data`) into plain view records (:mod:`.html_views`) — every string, CSS
class, anchor and count the page shows — and ``templates/report.html.j2`` only
loops and branches over them.

Everything that comes from a document (titles, messages, witness values, TeX) is
hostile until proven otherwise: text reaches the page only through Jinja2's
autoescaping, formulas and figures only as MathML and SVG rebuilt from allowlists
(:func:`.mathml.sanitise`, :func:`.svgsafe.sanitise_svg`).  The page's
Content-Security-Policy forbids scripts, so even a bug here cannot run one.

Output depends on ``data`` alone: no clock, no environment probing, so the same
data gives the same bytes.
"""
from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from ...model.verdicts import Verdict, expectation_name
from ..data import DRIFT_NOTE, NOT_COMPARED, SOURCE_MATCHES, UNTAGGED, restated_label, unreadable_note
from ..controls import visible
from ..safe.mathml import to_mathml
from ..safe.svgsafe import UnsafeSVG, sanitise_svg
from .html_views import (
    Assignment, Cell, ClaimView, DefinitionView, DocumentView, FaithfulnessView, Field, FigureView, ItemView,
    Legend, Mark, MathView, PageView, SourceLegend, SourceView, SummaryRow, SummaryTable, TocEntry,
    UncheckedView, WitnessRow, WitnessView)

# No script-src: the default 'none' applies.  Figures are inline SVG, so images
# would only ever be data: URIs.
CONTENT_SECURITY_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                           "base-uri 'none'; form-action 'none'")

# A reviewer reads the page; the JSON report keeps every character.  Longer texts
# (a 100 kB hostile message, a runaway witness value) are cut with a visible note.
MAX_TEXT = 4000

VERDICTS = tuple(v.value for v in Verdict)
# What the message of an item means, by verdict: the reader looks for the reason
# of a failure or an undecided item first.
MESSAGE_LABEL = {
    "proved": "Evidence", "confirmed": "Evidence", "refuted": "Why it fails",
    "conditional": "Finding", "undecided": "Reason", "error": "Error",
}
SETTING_LABEL = {"digits": "working precision (significant digits)", "seed": "seed of the random points"}
# Faithfulness tags: quiet when the document has the formula as written, visible for a
# declared restatement, loud for drift (the document changed, the derivation did not).
SOURCE_TAG = {"verbatim": "verbatim", "normalized": "normalized", "restated": "restated", "drift": "source drift"}

_TEMPLATES = Path(__file__).parent / "templates"
# Ids the template itself uses; generated anchors must never take them.
PAGE_ANCHORS = ("top", "overview", "overview-title")


# -- building the views -------------------------------------------------------

class _Anchors:
    """Unique, readable ``id`` values: claim ids come from documents and may repeat
    or contain anything, so each is reduced to [a-z0-9-] and numbered on collision."""

    def __init__(self, reserved=()):
        self._used: set[str] = set(reserved)

    def new(self, *parts) -> str:
        base = "-".join(re.sub(r"[^a-z0-9]+", "-", str(p).lower()).strip("-") or "x" for p in parts)[:80]
        anchor, n = base, 2
        while anchor in self._used:
            anchor, n = f"{base}-{n}", n + 1
        self._used.add(anchor)
        return anchor


class _Builder:
    """Builds the views of one page; counts the formulas it converts."""

    def __init__(self, data: dict):
        self.data = data
        self.figures = data.get("figures") or {}
        self.anchors = _Anchors(reserved=PAGE_ANCHORS)
        self.fragments = 0
        self.rendered = 0

    # formulas and text

    def math(self, tex: str | None, display: bool = True) -> MathView | None:
        if not tex or not tex.strip():
            return None
        converted = to_mathml(tex, display=display)
        self.fragments += 1
        self.rendered += converted.rendered
        # The one place MathML becomes markup: sanitise() rebuilt it from the allowlist.
        markup = Markup(converted.mathml) if converted.rendered else None
        return MathView(markup, _clip(tex), converted.problem, display)

    # items

    def item(self, raw: dict, anchor: str, label: str, tex: str | None, math_label: str = "",
             collapsed: bool = False, shown_elsewhere: tuple[str, ...] = ()) -> ItemView:
        verdict = raw["verdict"]
        unexpected = bool(raw.get("unexpected"))
        source = _source(raw)
        css = (f"item verdict-{_css_word(verdict)}" + (" unexpected" if unexpected else "")
               + (" source-drift" if source and source.drift else ""))
        return ItemView(
            anchor=anchor, label=label, line=_line(raw.get("line")), verdict=verdict, css=css,
            badge_css=_badge_css(verdict), unexpected=unexpected, expectation=_expectation(raw),
            math=self.math(tex), math_label=math_label, math_collapsed=collapsed,
            fields=_fields({k: v for k, v in raw.items() if k not in shown_elsewhere}),
            witness=_witness(raw.get("witness")), figure=self.figure(raw.get("figure"), anchor), source=source)

    def figure(self, figure_id, owner: str) -> FigureView | None:
        if not figure_id:
            return None
        entry = self.figures.get(figure_id)
        anchor = self.anchors.new(owner, "figure")
        if entry is None:
            missing = f"figure {_clip(str(figure_id), 80)!r} is missing from the report data"
            return FigureView(anchor, "", None, missing)
        caption = _clip(entry.get("caption") or "", 1000)
        if entry.get("svg"):
            try:
                # The one place SVG becomes markup: sanitise_svg() rebuilt it from the allowlist.
                svg = Markup(sanitise_svg(entry["svg"], prefix=anchor, label=caption or "figure"))
                return FigureView(anchor, caption, svg, "")
            except UnsafeSVG as exc:
                return FigureView(anchor, caption, None, f"this figure is not shown: {exc}")
        missing = ("this figure exists only in the PDF report" if entry.get("pdf")
                   else "no image of this figure was produced")
        return FigureView(anchor, caption, None, missing)

    def claim(self, raw: dict, doc_anchor: str) -> ClaimView:
        anchor = self.anchors.new(doc_anchor, raw["id"])
        title_anchor = self.anchors.new(anchor, "title")
        tags = [raw.get("kind") or ""]
        if raw.get("derived_from_proof"):
            tags.append("stated by its proof")
        # The reading names which interpretation this claim checks: shown with the title.
        statement = self.item(raw, self.anchors.new(anchor, "statement"), "Claim", raw.get("statement"), "Statement",
                              shown_elsewhere=("reading",))
        steps = [self.item(s, self.anchors.new(anchor, "step", s["index"]), _step_label(s), s.get("latex"))
                 for s in raw.get("steps") or []]
        conclusion = None
        if raw.get("conclusion"):
            c = raw["conclusion"]
            conclusion = self.item(c, self.anchors.new(anchor, "conclusion"), "Proof conclusion",
                                   c.get("establishes"), "What the steps establish, as the checker reads them",
                                   collapsed=True)
        return ClaimView(anchor, title_anchor, _clip(raw["id"], 200), _clip(raw.get("title") or "", 400),
                         _clip(raw.get("reading") or "", 1000), [t for t in tags if t], statement, steps, conclusion)

    def document(self, raw: dict) -> DocumentView:
        anchor = self.anchors.new("doc", raw.get("id") or raw.get("source"))
        title_anchor = self.anchors.new(anchor, "title")
        claims = [self.claim(c, anchor) for c in raw.get("claims") or []]
        toc = [TocEntry("#" + c.anchor, c.claim_id, c.title, c.statement.verdict, c.statement.badge_css,
                        _claim_unexpected(c), _claim_drift(c), _marks(c)) for c in claims]
        definitions = [DefinitionView(_clip(d.get("name") or ""), _line(d.get("line")), self.math(d.get("latex")),
                                      _source(d))
                       for d in raw.get("definitions") or []]
        unchecked = [UncheckedView(self.anchors.new(anchor, "unchecked", u.get("line")), _line(u.get("line")),
                                   _clip(u.get("reason") or ""))
                     for u in raw.get("unchecked") or []]
        summary = _summary_table("Verdicts in this document", [("this document", "", None, raw["summary"])],
                                 first_column="")
        definitions_anchor = self.anchors.new(anchor, "definitions")
        unchecked_anchor = self.anchors.new(anchor, "unchecked")
        return DocumentView(anchor=anchor, title_anchor=title_anchor, source=_clip(raw.get("source") or "", 300),
                            title=_clip(raw.get("title") or "", 400),
                            derivation=_clip(raw.get("derivation") or "", 300),
                            faithfulness=_faithfulness(raw), summary=summary, toc=toc, definitions=definitions,
                            definitions_anchor=definitions_anchor,
                            definitions_title_anchor=self.anchors.new(definitions_anchor, "title"),
                            unchecked=unchecked, unchecked_anchor=unchecked_anchor,
                            unchecked_title_anchor=self.anchors.new(unchecked_anchor, "title"),
                            claims=claims)

    def page(self) -> PageView:
        data = self.data
        documents = [self.document(d) for d in data.get("documents") or []]
        rows = [(d.title or d.source, d.source if d.title else "", "#" + d.anchor, raw["summary"])
                for d, raw in zip(documents, data.get("documents") or [])]
        rows.append(("all documents", "", None, data["summary"]))
        tool = data.get("tool") or {}
        unexpected = int(data["summary"].get("unexpected", 0))
        drift = int(data["summary"].get("drift") or 0)
        return PageView(
            title=f"{tool.get('name', 'contrastive-verify')} report",
            csp=CONTENT_SECURITY_POLICY,
            headline=_headline(data["summary"], len(documents)),
            banner=(f"{unexpected} {'verdict does' if unexpected == 1 else 'verdicts do'} not meet "
                    "the expectation: look for the items marked UNEXPECTED." if unexpected
                    else "Every verdict meets its expectation."),
            banner_css="banner alarm" if unexpected else "banner calm",
            drift_banner=(f"{drift} {'formula has' if drift == 1 else 'formulas have'} drifted from the source "
                          "document: look for the items marked SOURCE DRIFT." if drift else ""),
            tool=f"{tool.get('name', 'contrastive-verify')} {tool.get('version', '')}".strip(),
            environment=[Field(tool.get("name", "contrastive-verify"), str(tool.get("version", "")))]
            + [Field(str(k), str(v)) for k, v in (data.get("environment") or {}).items()],
            settings=[Field(SETTING_LABEL.get(k, str(k)), str(v)) for k, v in (data.get("settings") or {}).items()],
            legend=[Legend(v.value, _badge_css(v.value), v.meaning) for v in Verdict],
            source_legend=[SourceLegend(SOURCE_TAG[m], _source_css(m), meaning)
                           for m, meaning in SOURCE_MATCHES.items()],
            source_untagged=UNTAGGED,
            summary=_summary_table("Verdicts over all documents", rows, total_last=True),
            documents=documents, math_note=self.math_note())

    def math_note(self) -> str:
        note = f"{self.rendered} of {self.fragments} formulas rendered as MathML"
        missing = self.fragments - self.rendered
        if missing:
            note += f"; {missing} shown as TeX and marked “not rendered”"
        return note + "."


def _fields(raw: dict) -> list[Field]:
    verdict = raw["verdict"]
    fields = [Field("Method", raw.get("method") or "")]
    if raw.get("precision"):
        fields.append(Field("Precision", raw["precision"]))
    if raw.get("condition"):
        label = "Holds only if" if verdict == "conditional" else "Condition"
        fields.append(Field(label, raw["condition"], "condition"))
    if raw.get("message"):
        fields.append(Field(MESSAGE_LABEL.get(verdict, "Message"), raw["message"], f"message-{_css_word(verdict)}"))
    if raw.get("reading"):
        fields.append(Field("Reading", raw["reading"], "reading"))
    if raw.get("note"):
        fields.append(Field("Note", raw["note"]))
    return [Field(f.label, _clip(str(f.text)), f.css) for f in fields if f.text]


def _source(raw: dict) -> SourceView | None:
    """The faithfulness tag of an item, with the document's text when the derivation
    restates it.  An unknown ``source_match`` is shown as not compared."""
    match = raw.get("source_match")
    match = match if match in SOURCE_MATCHES else None
    original = _clip(raw.get("restated_from") or "")
    if match is None and not original:
        return None
    return SourceView(tag=SOURCE_TAG.get(match, ""), css=_source_css(match) if match else "",
                      meaning=SOURCE_MATCHES.get(match, ""), drift=match == "drift",
                      note=DRIFT_NOTE if match == "drift" else "", original=original,
                      original_label=restated_label(match, original) if original else "")


def _source_css(match: str) -> str:
    return f"source-tag source-{match}"


def _faithfulness(raw: dict) -> FaithfulnessView:
    summary = raw.get("source_summary")
    unreadable = unreadable_note(raw)
    if unreadable:
        return FaithfulnessView(_clip(raw.get("source_path") or "", 1000), _clip(unreadable), "faithfulness alarm")
    if not summary:
        return FaithfulnessView("", NOT_COMPARED, "faithfulness unknown")
    counts = ", ".join(f"{summary.get(m, 0)} {m}" for m in SOURCE_MATCHES)
    text = f"{counts} of {summary.get('total', 0)} formulas."
    drift = summary.get("drift") or 0
    if drift:
        text += (f" {drift} {'formula has' if drift == 1 else 'formulas have'} drifted: the document changed "
                 "and the derivation did not follow.")
    return FaithfulnessView(_clip(raw.get("source_path") or "", 1000), text,
                            "faithfulness alarm" if drift else "faithfulness calm")


def _witness(raw: dict | None) -> WitnessView | None:
    if not raw:
        return None
    rows = []
    for key, label in (("sizes", "sizes"), ("indices", "indices"), ("values", "values")):
        pairs = [Assignment(_clip(str(k), 200), _clip(str(v))) for k, v in (raw.get(key) or {}).items()]
        if pairs:
            rows.append(WitnessRow(label, pairs))
    rows += [WitnessRow("left side", [], _clip(str(raw.get("lhs", ""))), css="side"),
             WitnessRow("right side", [], _clip(str(raw.get("rhs", ""))), css="side")]
    if raw.get("digits"):
        rows.append(WitnessRow("digits", [], f"{raw['digits']} significant digits (both sides re-checked)"))
    if raw.get("note"):
        rows.append(WitnessRow("note", [], prose=_clip(str(raw["note"]))))
    return WitnessView("Witness: where the two sides differ" if raw.get("lhs") != raw.get("rhs")
                       else "Witness", rows)


def _step_label(raw: dict) -> str:
    relation = raw.get("relation")
    return f"Step {raw['index']}" + (f" ({relation})" if relation else "")


def _summary_table(caption: str, rows: list[tuple[str, str, str | None, dict]],
                   total_last: bool = False, first_column: str = "document") -> SummaryTable:
    columns = [Cell(first_column)] + [Cell(v, _badge_css(v)) for v in VERDICTS] + [Cell("unexpected", "unexpected-col"),
                                                                          Cell("items")]
    built = []
    for n, (label, detail, href, counts) in enumerate(rows):
        cells = [Cell(str(counts.get(v, 0)), "zero" if not counts.get(v) else f"count-{v}") for v in VERDICTS]
        unexpected = counts.get("unexpected", 0)
        cells.append(Cell(str(unexpected), "alarm" if unexpected else "zero"))
        cells.append(Cell(str(counts.get("items", 0)), "items"))
        css = "total" if total_last and n == len(rows) - 1 else ""
        built.append(SummaryRow(_clip(label, 400), _clip(detail, 400), href, cells, css))
    return SummaryTable(caption, columns, built)


def _headline(summary: dict, documents: int) -> str:
    counts = ", ".join(f"{summary.get(v, 0)} {v}" for v in VERDICTS if summary.get(v))
    noun = "document" if documents == 1 else "documents"
    return f"{summary.get('items', 0)} verdicts in {documents} {noun}: {counts or 'none'}."


def _marks(claim: ClaimView) -> list[Mark]:
    items = [*claim.steps] + ([claim.conclusion] if claim.conclusion else [])
    return [Mark("#" + i.anchor, f"mark-{_css_word(i.verdict)}" + (" unexpected" if i.unexpected else "")
                 + (" source-drift" if i.source and i.source.drift else ""),
                 f"{i.label}: {i.verdict}" + (" (unexpected)" if i.unexpected else "")
                 + (" (source drift)" if i.source and i.source.drift else ""))
            for i in items]


def _claim_unexpected(claim: ClaimView) -> bool:
    items = [claim.statement, *claim.steps] + ([claim.conclusion] if claim.conclusion else [])
    return any(i.unexpected for i in items)


def _claim_drift(claim: ClaimView) -> bool:
    return any(i.source and i.source.drift for i in [claim.statement, *claim.steps])


def _expectation(raw: dict) -> str:
    expected = raw.get("expected")
    wanted = expectation_name(expected)
    if raw.get("unexpected"):
        return f"unexpected: expected {wanted}"
    return f"as expected: {wanted}" if expected else ""


def _badge_css(verdict: str) -> str:
    return f"badge badge-{_css_word(verdict)}"


def _css_word(word: str) -> str:
    return word if word in VERDICTS else "other"


def _line(line) -> str:
    return f"line {line}" if line is not None else ""


def _clip(text: str, limit: int = MAX_TEXT) -> str:
    text = str(text)
    if len(text) <= limit:
        return text
    return f"{text[:limit]} … [{len(text) - limit:,} more characters; see the JSON report]"


# -- rendering ----------------------------------------------------------------

def page(data: dict) -> PageView:
    """The view of a whole report: everything the template shows."""
    return _Builder(data).page()


def _environment() -> Environment:
    return Environment(loader=FileSystemLoader(str(_TEMPLATES)), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def render(data: dict) -> str:
    """One self-contained HTML page for the report data."""
    # Control characters cannot be escaped as HTML (C0/C1 are parse errors even as
    # references): each is written as a visible escape, in text and attributes alike.
    return visible(_environment().get_template("report.html.j2").render(page=page(data)), keep="\n")
