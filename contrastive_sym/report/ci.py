"""Formats for CI systems, rendered from the report data.

* JUnit XML: one testcase per claim, step and proof conclusion; a verdict that misses its
  expectation is a failure (the failures are what makes the exit code 1), a refutation the
  maintainers expect is skipped as an expected failure (pytest's xfail), undecided is skipped with
  its reason.
* GitHub workflow commands: ``::error`` for verdicts that miss their expectation,
  ``::warning`` for conditional and undecided ones, ``::notice`` for refutations the
  maintainers expect.  The file and line are the source document's.
* SARIF 2.1.0, for code-scanning dashboards: the same findings as results.
* GitLab code quality (the subset of the Code Climate issue format GitLab's merge-request widget reads):
  the same findings, ``major`` for a verdict that misses its expectation, ``minor`` for conditional and
  undecided ones, ``info`` for expected refutations; a fingerprint per document, item and verdict.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path, PurePosixPath
from xml.sax.saxutils import escape, quoteattr

from ..model.verdicts import Verdict
from .controls import visible
from .text import given_values
from .records import ClaimData, ConclusionData, DocumentData, ReportData, StepData

Item = ClaimData | StepData | ConclusionData


def _xml(text: str) -> str:
    """Element text: XML 1.0 cannot hold control characters even as references."""
    return escape(visible(text, keep="\n"))


def _attr(text: str) -> str:
    return quoteattr(visible(text, keep="\n"))


def _items(doc: DocumentData):
    """(kind, claim, item) for every verdict of a document, in order."""
    for claim in doc.claims:
        yield "claim", claim, claim
        for step in claim.steps:
            yield "step", claim, step
        if claim.conclusion:
            yield "conclusion", claim, claim.conclusion


def _name(kind: str, claim: ClaimData, item: Item) -> str:
    if kind == "claim":
        reading = f" [{claim.reading}]" if claim.reading else ""
        return f"L{item.line} {claim.id}: {claim.title}{reading}"
    if kind == "step":
        return f"L{item.line} {claim.id} step {item.index} ({item.relation})"
    return f"L{item.line} {claim.id} proof conclusion"


def _details(item: Item) -> str:
    outcome = item.outcome
    lines = [f"verdict: {outcome.verdict.value}" + (f" (expected {item.expected})" if item.expected else ""),
             f"method: {outcome.method}", outcome.message]
    if outcome.condition:
        lines.append(f"condition: {outcome.condition}")
    w = outcome.witness
    if w:
        lines.append("witness: " + given_values(w))
        lines.append(f"  lhs = {w.lhs}")
        lines.append(f"  rhs = {w.rhs}  ({w.digits} digits)")
    return "\n".join(lines)


def junit(data: ReportData) -> str:
    suites = []
    totals = {"tests": 0, "failures": 0, "skipped": 0}
    for doc in data.documents:
        cases, counts = [], {"tests": 0, "failures": 0, "skipped": 0}
        for kind, claim, item in _items(doc):
            counts["tests"] += 1
            verdict, message = item.outcome.verdict, item.outcome.message
            # the attributes of the JUnit schema pytest's XML follows (tests/data/junit-10.xsd): the line is in
            # the name (L5 …), the file on the suite
            attrs = f"classname={_attr(doc.id + '.' + claim.id)} name={_attr(_name(kind, claim, item))}"
            body = ""
            if item.unexpected:
                # what fails the run (exit 1) and only that: a test-report page is red exactly when the job is
                counts["failures"] += 1
                body = (f"<failure type={_attr(verdict.value)} message={_attr(message[:300])}>"
                        f"{_xml(_details(item))}</failure>")
            elif verdict is Verdict.REFUTED:
                # a refutation the maintainers expect: an expected failure, as pytest's junit writes an xfail
                counts["skipped"] += 1
                body = f"<skipped type=\"xfail\" message={_attr(('expected refutation: ' + message)[:300])}/>"
            elif verdict is Verdict.UNDECIDED:
                counts["skipped"] += 1
                body = f"<skipped message={_attr(message[:300])}/>"
            body += f"<system-out>{_xml(_details(item))}</system-out>"
            cases.append(f"    <testcase {attrs}>{body}</testcase>")
        for key in totals:
            totals[key] += counts[key]
        suites.append(f"  <testsuite name={_attr(doc.source)} file={_attr(doc.source)} tests=\"{counts['tests']}\" "
                      f"failures=\"{counts['failures']}\" errors=\"0\" skipped=\"{counts['skipped']}\">\n"
                      + "\n".join(cases) + "\n  </testsuite>")
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            f"<testsuites name=\"contrastive-verify\" tests=\"{totals['tests']}\" failures=\"{totals['failures']}\" "
            f"errors=\"0\">\n" + "\n".join(suites) + "\n</testsuites>\n")


def _in_repository(path: str) -> str:
    """``path`` relative to the working directory, which a CI job runs in at the repository's root."""
    found = Path(path)
    if found.is_absolute():
        with contextlib.suppress(ValueError):
            found = found.relative_to(Path.cwd())
    return found.as_posix()


def _path(doc: DocumentData, documents: str | None) -> str:
    """The source document: the one compared with (a Markdown derivation is its own,
    ``derivations/infonce.md``, not ``infonce.md``), else under ``--documents``, else its name."""
    if doc.source_path:
        return _in_repository(doc.source_path)
    return str(PurePosixPath(documents) / doc.source) if documents else doc.source


def _location(doc: DocumentData, item: Item, documents: str | None) -> tuple[str, int | None]:
    """Where an annotation points: the item's line in the source document when the document is at hand
    (compared with, or under ``--documents``); else the line of the derivation that writes the item, so
    that the annotation lands on a file of the repository (a source named only by its name, basics.md,
    would be placed nowhere)."""
    if doc.source_path or documents or not item.written_at:
        return _path(doc, documents), item.line
    path, _, line = item.written_at.rpartition(":")
    return _in_repository(path), int(line)


def _level(item: Item) -> str | None:
    """error / warning / notice, or None for a verdict that needs no annotation."""
    if item.unexpected:
        return "error"
    if item.outcome.verdict in (Verdict.CONDITIONAL, Verdict.UNDECIDED):
        return "warning"
    if item.outcome.verdict is Verdict.REFUTED:
        return "notice"
    return None


def _gh_data(text: str) -> str:
    """A workflow command's own escapes for %, CR and LF; visible escapes for other controls."""
    return visible(text, keep="\r\n").replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def github(data: ReportData, documents: str | None = None) -> str:
    lines = []
    for doc in data.documents:
        if doc.source_error:
            lines.append(f"::warning file={_gh_property(_path(doc, documents))},"
                         f"title={_gh_property('source document cannot be read')}::"
                         f"{_gh_data(doc.source_error + '; no formula was compared with it')}")
        for kind, claim, item in _items(doc):
            level = _level(item)
            if level is None:
                continue
            title = f"{item.outcome.verdict.value}: {claim.id}" + (f" step {item.index}" if kind == "step" else "")
            if item.unexpected:
                title += f" (expected {item.expected or 'not refuted'})"
            path, line = _location(doc, item, documents)
            lines.append(f"::{level} file={_gh_property(path)},line={line},"
                         f"title={_gh_property(title)}::{_gh_data(_details(item))}")
    s, n = data.summary, data.summary.counts
    lines.append(f"contrastive-verify: {s.items} verdicts, {n[Verdict.REFUTED]} refuted, "
                 f"{n[Verdict.CONDITIONAL]} conditional, {n[Verdict.UNDECIDED]} undecided, {n[Verdict.ERROR]} error; "
                 f"{s.unexpected} unexpected")
    return "\n".join(lines) + "\n"


_RULES = {
    Verdict.REFUTED: "A step or claim is false: the witness gives values where its two sides differ.",
    Verdict.CONDITIONAL: "A step or claim holds only under a condition the document does not state.",
    Verdict.UNDECIDED: "The checker could not decide this step or claim.",
    Verdict.ERROR: "The check of this step or claim failed.",
}


def sarif(data: ReportData, documents: str | None = None) -> str:
    results = []
    for doc in data.documents:
        for kind, claim, item in _items(doc):
            verdict = item.outcome.verdict
            if verdict not in _RULES:
                continue
            level = "error" if item.unexpected else ("note" if verdict is Verdict.REFUTED else "warning")
            path, line = _location(doc, item, documents)
            results.append({
                "ruleId": verdict.value,
                "level": level,
                "message": {"text": f"{_name(kind, claim, item)}: {_details(item)}"},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": path},
                    "region": {"startLine": line}}}],
            })
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "contrastive-verify", "version": data.tool.version,
                "rules": [{"id": k.value, "shortDescription": {"text": v}} for k, v in _RULES.items()]}},
            "results": results,
        }],
    }
    # json.dumps escapes C0 controls but leaves DEL and C1 raw: \uXXXX reads back the same.
    return visible(json.dumps(log, indent=2, ensure_ascii=False), keep="\n", json=True) + "\n"


_SEVERITY = {"error": "major", "warning": "minor", "notice": "info"}


def gitlab(data: ReportData, documents: str | None = None) -> str:
    issues = []
    for doc in data.documents:
        for kind, claim, item in _items(doc):
            level = _level(item)
            if level is None:
                continue
            path, line = _location(doc, item, documents)
            where = claim.id + (f" step {item.index}" if kind == "step" else " conclusion" if kind == "conclusion" else "")
            title = f"{item.outcome.verdict.value}: {where}" + (
                f" (expected {item.expected or 'not refuted'})" if item.unexpected else "")
            # stable across runs and lines moved: the document, the item and what was found
            identity = "\0".join((doc.id, where, item.outcome.verdict.value, str(item.unexpected)))
            issues.append({"description": f"{title}: {item.outcome.reason or item.outcome.message}",
                           "check_name": f"contrastive-verify/{item.outcome.verdict.value}",
                           "fingerprint": hashlib.sha256(identity.encode("utf-8")).hexdigest()[:32],
                           "severity": _SEVERITY[level],
                           "location": {"path": path, "lines": {"begin": line or 1}}})
    # as SARIF: json.dumps escapes C0 controls but leaves DEL and C1 raw
    return visible(json.dumps(issues, indent=2, ensure_ascii=False), keep="\n", json=True) + "\n"
