"""The data behind a report's figure: numbers only, computed by the checker
(:mod:`contrastive_sym.check.figures`) and drawn by the report (:mod:`contrastive_sym.report.site.plots`)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Series:
    label: str
    x: tuple[float, ...]
    y: tuple[float, ...]


@dataclass(frozen=True)
class FigureData:
    id: str
    caption: str
    x_label: str
    y_label: str
    x_log: bool
    series: tuple[Series, ...]
    marker: float | None = None   # the witness's x, drawn as a vertical line
