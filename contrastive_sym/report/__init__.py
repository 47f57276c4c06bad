"""The reporting stage: results → report data (:mod:`.data`, computed once, the
records of :mod:`.records`) → a format.

:data:`FORMATS` is the one table of the output formats of ``contrastive-verify
check``; the CLI's ``--format`` choices are its keys.  The HTML page and the LaTeX/PDF
report of ``contrastive-verify report`` are in :mod:`.site`; untrusted text is made
safe for them in :mod:`.safe`.  This stage reads :mod:`contrastive_sym.model` records
only: it never imports the checker.
"""
from __future__ import annotations

from typing import Callable

from ..model.results import RunResult
from . import ci, jsonreport, text
from .data import report_data
from .records import ReportData

#: format → (renderer of the report data and the documents' directory, what it is)
FORMATS: dict[str, tuple[Callable[[ReportData, str | None], str], str]] = {
    "text": (lambda data, documents: text.render(data), "a summary for the terminal"),
    "json": (lambda data, documents: jsonreport.render(data), "every verdict, witness and source match"),
    "junit": (lambda data, documents: ci.junit(data), "JUnit XML, one test case per item"),
    "github": (ci.github, "GitHub workflow commands that annotate the document's lines"),
    "sarif": (ci.sarif, "SARIF 2.1.0 for code-scanning tools"),
    "gitlab": (ci.gitlab, "GitLab code quality, for the merge request widget"),
}


def render(run: RunResult, format: str = "text", *, documents_dir: str | None = None) -> str:
    """The run in one of :data:`FORMATS` (``documents_dir`` locates the documents'
    lines for the ``github`` and ``sarif`` annotations)."""
    try:
        renderer, _ = FORMATS[format]
    except KeyError:
        raise ValueError(f"unknown format {format!r}: one of {', '.join(FORMATS)}") from None
    return renderer(report_data(run), documents_dir)


__all__ = ["FORMATS", "ReportData", "render", "report_data"]
