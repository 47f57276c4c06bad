"""The view records of the HTML report: every string, CSS class, anchor and count the
page shows, as plain frozen records that ``templates/report.html.j2`` only loops and
branches over.  :func:`.html.page` builds them from the report data."""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup


@dataclass(frozen=True)
class MathView:
    """A formula: sanitised MathML, or its TeX shown as text with the reason."""

    markup: Markup | None
    tex: str
    problem: str
    display: bool


@dataclass(frozen=True)
class Field:
    label: str
    text: str
    css: str = ""


@dataclass(frozen=True)
class Assignment:
    name: str
    value: str


@dataclass(frozen=True)
class WitnessRow:
    """One row of a witness table: the sizes, the indices, the values, a side, the note."""

    label: str
    assignments: list[Assignment]   # name = value pairs (sizes, indices, values)
    value: str = ""                 # a single value (a side, the digits)
    prose: str = ""                 # the note
    css: str = ""


@dataclass(frozen=True)
class WitnessView:
    caption: str
    rows: list[WitnessRow]


@dataclass(frozen=True)
class FigureView:
    anchor: str
    caption: str
    svg: Markup | None    # sanitised inline SVG
    missing: str          # why no image is shown


@dataclass(frozen=True)
class SourceView:
    """How an item's formula compares with its source document (``source_match``)."""

    tag: str             # the tag's text; "" when the formula was not compared
    css: str
    meaning: str         # the tag's tooltip
    drift: bool
    note: str            # said in full under the item: only for drift
    original: str        # the document's text the derivation restates (TeX, shown as code), or ""
    original_label: str


@dataclass(frozen=True)
class ItemView:
    """A verdict-bearing item: a claim's statement, a proof step, a proof conclusion."""

    anchor: str
    label: str
    line: str
    verdict: str
    css: str
    badge_css: str
    unexpected: bool
    expectation: str
    math: MathView | None
    math_label: str
    math_collapsed: bool
    fields: list[Field]
    witness: WitnessView | None
    figure: FigureView | None
    source: SourceView | None


@dataclass(frozen=True)
class ClaimView:
    anchor: str
    title_anchor: str
    claim_id: str
    title: str
    reading: str
    tags: list[str]
    statement: ItemView
    steps: list[ItemView]
    conclusion: ItemView | None


@dataclass(frozen=True)
class Mark:
    """A small coloured square in the table of contents: one per step."""

    href: str
    css: str
    title: str


@dataclass(frozen=True)
class TocEntry:
    href: str
    claim_id: str
    title: str
    verdict: str
    badge_css: str
    unexpected: bool
    drift: bool
    marks: list[Mark]


@dataclass(frozen=True)
class Cell:
    text: str
    css: str = ""


@dataclass(frozen=True)
class SummaryRow:
    label: str
    detail: str
    href: str | None
    cells: list[Cell]
    css: str = ""


@dataclass(frozen=True)
class SummaryTable:
    caption: str
    columns: list[Cell]
    rows: list[SummaryRow]


@dataclass(frozen=True)
class DefinitionView:
    name: str
    line: str
    math: MathView
    source: SourceView | None


@dataclass(frozen=True)
class FaithfulnessView:
    """One line per document: how its formulas compare with the source document."""

    path: str      # the document compared with; "" when it was not found
    text: str
    css: str


@dataclass(frozen=True)
class UncheckedView:
    anchor: str
    line: str
    reason: str


@dataclass(frozen=True)
class DocumentView:
    anchor: str
    title_anchor: str
    source: str
    title: str
    derivation: str
    faithfulness: FaithfulnessView
    summary: SummaryTable
    toc: list[TocEntry]
    definitions: list[DefinitionView]
    definitions_anchor: str
    definitions_title_anchor: str
    unchecked: list[UncheckedView]
    unchecked_anchor: str
    unchecked_title_anchor: str
    claims: list[ClaimView]


@dataclass(frozen=True)
class Legend:
    verdict: str
    badge_css: str
    meaning: str


@dataclass(frozen=True)
class SourceLegend:
    tag: str
    css: str
    meaning: str


@dataclass(frozen=True)
class PageView:
    title: str
    csp: str
    headline: str
    banner: str
    banner_css: str
    drift_banner: str
    tool: str
    environment: list[Field]
    settings: list[Field]
    legend: list[Legend]
    source_legend: list[SourceLegend]
    source_untagged: str
    summary: SummaryTable
    documents: list[DocumentView]
    math_note: str
