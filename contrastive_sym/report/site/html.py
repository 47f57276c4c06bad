"""The offline HTML report: one self-contained page, no script, no network.

Two stages, as in coverage.py's HTML report: :func:`page` turns the report data
(the records of :mod:`..records`) into plain view records (:mod:`.html_views`) — every string, CSS
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

from ...model.verdicts import Verdict, Witness, expectation_name
from ..data import DRIFT_NOTE, NOT_COMPARED, SOURCE_MATCHES, UNTAGGED, restated_label, unreadable_note
from ..controls import visible
from ..plain_names import plain_name
from ..records import (
    ClaimData, ConclusionData, DocumentData, OutcomeData, ReportData, SettingsData, StepData, SummaryData)
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

# What the message of an item means, by verdict: the reader looks for the reason
# of a failure or an undecided item first.
MESSAGE_LABEL = {
    Verdict.PROVED: "Evidence", Verdict.CONFIRMED: "Evidence", Verdict.REFUTED: "Why it fails",
    Verdict.CONDITIONAL: "Finding", Verdict.UNDECIDED: "Reason", Verdict.ERROR: "Error",
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

    def __init__(self, data: ReportData):
        self.data = data
        self.figures = data.figures
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

    def item(self, raw: ClaimData | StepData | ConclusionData, anchor: str, label: str, tex: str | None,
             math_label: str = "", collapsed: bool = False, source: SourceView | None = None,
             note: str | None = None) -> ItemView:
        """The view of an item; ``source`` is its faithfulness tag, ``note`` the item's note."""
        verdict = raw.outcome.verdict.value
        unexpected = bool(raw.unexpected)
        css = (f"item verdict-{verdict}" + (" unexpected" if unexpected else "")
               + (" source-drift" if source and source.drift else ""))
        return ItemView(
            anchor=anchor, label=label, line=_line(raw.line), verdict=verdict, css=css,
            badge_css=_badge_css(verdict), unexpected=unexpected, expectation=_expectation(raw),
            math=self.math(tex), math_label=math_label, math_collapsed=collapsed,
            fields=_fields(raw.outcome, note), witness=_witness(raw.outcome.witness),
            figure=self.figure(raw.outcome.figure, anchor), source=source)

    def figure(self, figure_id, owner: str) -> FigureView | None:
        if not figure_id:
            return None
        entry = self.figures.get(figure_id)
        anchor = self.anchors.new(owner, "figure")
        if entry is None:
            missing = f"figure {_clip(str(figure_id), 80)!r} is missing from the report data"
            return FigureView(anchor, "", None, missing)
        caption = _clip(entry.caption or "", 1000)
        if entry.svg:
            try:
                # The one place SVG becomes markup: sanitise_svg() rebuilt it from the allowlist.
                svg = Markup(sanitise_svg(entry.svg, prefix=anchor, label=caption or "figure"))
                return FigureView(anchor, caption, svg, "")
            except UnsafeSVG as exc:
                return FigureView(anchor, caption, None, f"this figure is not shown: {exc}")
        missing = ("this figure exists only in the PDF report" if entry.pdf
                   else "no image of this figure was produced")
        return FigureView(anchor, caption, None, missing)

    def claim(self, raw: ClaimData, doc_anchor: str) -> ClaimView:
        anchor = self.anchors.new(doc_anchor, raw.id)
        title_anchor = self.anchors.new(anchor, "title")
        tags = [raw.kind or ""]
        if raw.derived_from_proof:
            tags.append("stated by its proof")
        # The reading names which interpretation this claim checks: shown with the title.
        statement = self.item(raw, self.anchors.new(anchor, "statement"), "Claim", raw.statement, "Statement",
                              source=_source(raw.source_match, raw.restated_from), note=raw.note)
        steps = [self.item(s, self.anchors.new(anchor, "step", s.index), _step_label(s), s.latex,
                           source=_source(s.source_match, s.restated_from), note=s.note)
                 for s in raw.steps]
        conclusion = None
        if raw.conclusion:
            c = raw.conclusion
            conclusion = self.item(c, self.anchors.new(anchor, "conclusion"), "Proof conclusion",
                                   c.establishes, "What the steps establish, as the checker reads them",
                                   collapsed=True)
        return ClaimView(anchor, title_anchor, _clip(raw.id, 200), _clip(plain_name(raw.title or ""), 400),
                         _clip(raw.reading or "", 1000), [t for t in tags if t], statement, steps, conclusion)

    def document(self, raw: DocumentData) -> DocumentView:
        anchor = self.anchors.new("doc", raw.id or raw.source)
        title_anchor = self.anchors.new(anchor, "title")
        claims = [self.claim(c, anchor) for c in raw.claims]
        toc = [TocEntry("#" + c.anchor, c.claim_id, c.title, c.statement.verdict, c.statement.badge_css,
                        _claim_unexpected(c), _claim_drift(c), _marks(c)) for c in claims]
        definitions = [DefinitionView(_clip(plain_name(d.name or "")), _line(d.line), self.math(d.latex),
                                      _source(d.source_match, d.restated_from))
                       for d in raw.definitions]
        unchecked = [UncheckedView(self.anchors.new(anchor, "unchecked", u.line), _line(u.line), _clip(u.reason or ""))
                     for u in raw.unchecked]
        summary = _summary_table("Verdicts in this document", [("this document", "", None, raw.summary)],
                                 first_column="")
        definitions_anchor = self.anchors.new(anchor, "definitions")
        unchecked_anchor = self.anchors.new(anchor, "unchecked")
        return DocumentView(anchor=anchor, title_anchor=title_anchor, source=_clip(raw.source or "", 300),
                            title=_clip(plain_name(raw.title or ""), 400),
                            derivation=_clip(raw.derivation or "", 300),
                            faithfulness=_faithfulness(raw), summary=summary, toc=toc, definitions=definitions,
                            definitions_anchor=definitions_anchor,
                            definitions_title_anchor=self.anchors.new(definitions_anchor, "title"),
                            unchecked=unchecked, unchecked_anchor=unchecked_anchor,
                            unchecked_title_anchor=self.anchors.new(unchecked_anchor, "title"),
                            claims=claims)

    def page(self) -> PageView:
        data = self.data
        documents = [self.document(d) for d in data.documents]
        rows = [(d.title or d.source, d.source if d.title else "", "#" + d.anchor, raw.summary)
                for d, raw in zip(documents, data.documents)]
        rows.append(("all documents", "", None, data.summary))
        tool = data.tool
        unexpected = int(data.summary.unexpected)
        drift = int(data.summary.drift or 0)
        return PageView(
            title=f"{tool.name} report",
            csp=CONTENT_SECURITY_POLICY,
            headline=_headline(data.summary, len(documents)),
            banner=(f"{unexpected} {'verdict does' if unexpected == 1 else 'verdicts do'} not meet "
                    "the expectation: look for the items marked UNEXPECTED." if unexpected
                    else "Every verdict meets its expectation."),
            banner_css="banner alarm" if unexpected else "banner calm",
            drift_banner=(f"{drift} {'formula has' if drift == 1 else 'formulas have'} drifted from the source "
                          "document: look for the items marked SOURCE DRIFT." if drift else ""),
            tool=f"{tool.name} {tool.version}".strip(),
            environment=[Field(tool.name, str(tool.version))]
            + [Field(str(k), str(v)) for k, v in data.environment.items()],
            settings=_settings(data.settings),
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


def _settings(settings: SettingsData) -> list[Field]:
    """The settings given (a hand-built report may leave one out)."""
    given = [("digits", settings.digits), ("seed", settings.seed)]
    return [Field(SETTING_LABEL[k], str(v)) for k, v in given if v is not None]


def _fields(outcome: OutcomeData, note: str | None) -> list[Field]:
    verdict = outcome.verdict
    fields = [Field("Method", outcome.method or "")]
    if outcome.precision:
        fields.append(Field("Precision", outcome.precision))
    if outcome.condition:
        label = "Holds only if" if verdict is Verdict.CONDITIONAL else "Condition"
        fields.append(Field(label, outcome.condition, "condition"))
    if outcome.message:
        fields.append(Field(MESSAGE_LABEL[verdict], outcome.message, f"message-{verdict.value}"))
    if note:
        fields.append(Field("Note", note))
    return [Field(f.label, _clip(str(f.text)), f.css) for f in fields if f.text]


def _source(match: str | None, restated_from: str | None) -> SourceView | None:
    """The faithfulness tag of an item, with the document's text when the derivation
    restates it.  An unknown ``source_match`` is shown as not compared."""
    match = match if match in SOURCE_MATCHES else None
    original = _clip(restated_from or "")
    if match is None and not original:
        return None
    return SourceView(tag=SOURCE_TAG.get(match, ""), css=_source_css(match) if match else "",
                      meaning=SOURCE_MATCHES.get(match, ""), drift=match == "drift",
                      note=DRIFT_NOTE if match == "drift" else "", original=original,
                      original_label=restated_label(match, original) if original else "")


def _source_css(match: str) -> str:
    return f"source-tag source-{match}"


def _faithfulness(raw: DocumentData) -> FaithfulnessView:
    summary = raw.source_summary
    unreadable = unreadable_note(raw)
    if unreadable:
        return FaithfulnessView(_clip(raw.source_path or "", 1000), _clip(unreadable), "faithfulness alarm")
    if not summary:
        return FaithfulnessView("", NOT_COMPARED, "faithfulness unknown")
    counts = ", ".join(f"{summary.count(m)} {m}" for m in SOURCE_MATCHES)
    text = f"{counts} of {summary.total} formulas."
    drift = summary.drift or 0
    if drift:
        text += (f" {drift} {'formula has' if drift == 1 else 'formulas have'} drifted: the document changed "
                 "and the derivation did not follow.")
    return FaithfulnessView(_clip(raw.source_path or "", 1000), text,
                            "faithfulness alarm" if drift else "faithfulness calm")


def _witness(raw: Witness | None) -> WitnessView | None:
    if not raw:
        return None
    rows = []
    for pairs_of, label in ((raw.sizes, "sizes"), (raw.indices, "indices"), (raw.values, "values")):
        # a name as its symbols print (\mathbf{z}_{1,2} as 𝐳_{1,2}): plain_names.py
        pairs = [Assignment(_clip(plain_name(str(k)), 200), _clip(str(v))) for k, v in (pairs_of or {}).items()]
        if pairs:
            rows.append(WitnessRow(label, pairs))
    rows += [WitnessRow("left side", [], _clip(str(raw.lhs)), css="side"),
             WitnessRow("right side", [], _clip(str(raw.rhs)), css="side")]
    if raw.digits:
        rows.append(WitnessRow("digits", [], f"{raw.digits} significant digits (both sides re-checked)"))
    if raw.note:
        rows.append(WitnessRow("note", [], prose=_clip(str(raw.note))))
    return WitnessView("Witness: where the two sides differ" if raw.lhs != raw.rhs else "Witness", rows)


def _step_label(raw: StepData) -> str:
    relation = raw.relation
    return f"Step {raw.index}" + (f" ({relation})" if relation else "")


def _summary_table(caption: str, rows: list[tuple[str, str, str | None, SummaryData]],
                   total_last: bool = False, first_column: str = "document") -> SummaryTable:
    columns = ([Cell(first_column)] + [Cell(v.value, _badge_css(v.value)) for v in Verdict]
               + [Cell("unexpected", "unexpected-col"), Cell("items")])
    built = []
    for n, (label, detail, href, summary) in enumerate(rows):
        cells = [Cell(str(summary.counts[v]), "zero" if not summary.counts[v] else f"count-{v.value}")
                 for v in Verdict]
        unexpected = summary.unexpected
        cells.append(Cell(str(unexpected), "alarm" if unexpected else "zero"))
        cells.append(Cell(str(summary.items), "items"))
        css = "total" if total_last and n == len(rows) - 1 else ""
        built.append(SummaryRow(_clip(label, 400), _clip(detail, 400), href, cells, css))
    return SummaryTable(caption, columns, built)


def _headline(summary: SummaryData, documents: int) -> str:
    counts = ", ".join(f"{summary.counts[v]} {v.value}" for v in Verdict if summary.counts[v])
    noun = "document" if documents == 1 else "documents"
    return f"{summary.items} verdicts in {documents} {noun}: {counts or 'none'}."


def _marks(claim: ClaimView) -> list[Mark]:
    items = [*claim.steps] + ([claim.conclusion] if claim.conclusion else [])
    return [Mark("#" + i.anchor, f"mark-{i.verdict}" + (" unexpected" if i.unexpected else "")
                 + (" source-drift" if i.source and i.source.drift else ""),
                 f"{i.label}: {i.verdict}" + (" (unexpected)" if i.unexpected else "")
                 + (" (source drift)" if i.source and i.source.drift else ""))
            for i in items]


def _claim_unexpected(claim: ClaimView) -> bool:
    items = [claim.statement, *claim.steps] + ([claim.conclusion] if claim.conclusion else [])
    return any(i.unexpected for i in items)


def _claim_drift(claim: ClaimView) -> bool:
    return any(i.source and i.source.drift for i in [claim.statement, *claim.steps])


def _expectation(raw: ClaimData | StepData | ConclusionData) -> str:
    expected = raw.expected
    wanted = expectation_name(expected)
    if raw.unexpected:
        return f"unexpected: expected {wanted}"
    return f"as expected: {wanted}" if expected else ""


def _badge_css(verdict: str) -> str:
    """The badge of a verdict, by its value."""
    return f"badge badge-{verdict}"


def _line(line) -> str:
    return f"line {line}" if line is not None else ""


def _clip(text: str, limit: int = MAX_TEXT) -> str:
    text = str(text)
    if len(text) <= limit:
        return text
    return f"{text[:limit]} … [{len(text) - limit:,} more characters; see the JSON report]"


# -- rendering ----------------------------------------------------------------

def page(data: ReportData) -> PageView:
    """The view of a whole report: everything the template shows."""
    return _Builder(data).page()


def _environment() -> Environment:
    return Environment(loader=FileSystemLoader(str(_TEMPLATES)), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def render(data: ReportData) -> str:
    """One self-contained HTML page for the report data."""
    # Control characters cannot be escaped as HTML (C0/C1 are parse errors even as
    # references): each is written as a visible escape, in text and attributes alike.
    return visible(_environment().get_template("report.html.j2").render(page=page(data)), keep="\n")
