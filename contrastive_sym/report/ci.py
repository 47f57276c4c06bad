"""Formats for CI systems, rendered from the report data.

* JUnit XML: one testcase per claim, step and proof conclusion; refuted and error are
  failures, undecided is skipped with its reason.
* GitHub workflow commands: ``::error`` for verdicts that miss their expectation,
  ``::warning`` for conditional and undecided ones, ``::notice`` for refutations the
  maintainers expect.  The file and line are the source document's.
* SARIF 2.1.0, for code-scanning dashboards: the same findings as results.
"""
from __future__ import annotations

import json
from pathlib import PurePosixPath
from xml.sax.saxutils import escape, quoteattr

from .controls import visible


def _xml(text: str) -> str:
    """Element text: XML 1.0 cannot hold control characters even as references."""
    return escape(visible(text, keep="\n"))


def _attr(text: str) -> str:
    return quoteattr(visible(text, keep="\n"))


def _items(doc: dict):
    """(kind, claim, item) for every verdict of a document, in order."""
    for claim in doc["claims"]:
        yield "claim", claim, claim
        for step in claim["steps"]:
            yield "step", claim, step
        if claim["conclusion"]:
            yield "conclusion", claim, claim["conclusion"]


def _name(kind: str, claim: dict, item: dict) -> str:
    if kind == "claim":
        reading = f" [{claim['reading']}]" if claim["reading"] else ""
        return f"L{item['line']} {claim['id']}: {claim['title']}{reading}"
    if kind == "step":
        return f"L{item['line']} {claim['id']} step {item['index']} ({item['relation']})"
    return f"L{item['line']} {claim['id']} proof conclusion"


def _details(item: dict) -> str:
    lines = [f"verdict: {item['verdict']}" + (f" (expected {item['expected']})" if item["expected"] else ""),
             f"method: {item['method']}", item["message"]]
    if item.get("condition"):
        lines.append(f"condition: {item['condition']}")
    w = item.get("witness")
    if w:
        given = {**w["sizes"], **w.get("indices", {}), **w["values"]}
        lines.append("witness: " + ", ".join(f"{k}={v}" for k, v in given.items()))
        lines.append(f"  lhs = {w['lhs']}")
        lines.append(f"  rhs = {w['rhs']}  ({w['digits']} digits)")
    return "\n".join(lines)


def junit(data: dict) -> str:
    suites = []
    totals = {"tests": 0, "failures": 0, "skipped": 0}
    for doc in data["documents"]:
        cases, counts = [], {"tests": 0, "failures": 0, "skipped": 0}
        for kind, claim, item in _items(doc):
            counts["tests"] += 1
            attrs = (f"classname={_attr(doc['id'] + '.' + claim['id'])} name={_attr(_name(kind, claim, item))} "
                     f"file={_attr(doc['source'])} line=\"{item['line']}\"")
            body = ""
            if item["verdict"] in ("refuted", "error"):
                counts["failures"] += 1
                body = (f"<failure type={_attr(item['verdict'])} message={_attr(item['message'][:300])}>"
                        f"{_xml(_details(item))}</failure>")
            elif item["verdict"] == "undecided":
                counts["skipped"] += 1
                body = f"<skipped message={_attr(item['message'][:300])}/>"
            body += f"<system-out>{_xml(_details(item))}</system-out>"
            cases.append(f"    <testcase {attrs}>{body}</testcase>")
        for key in totals:
            totals[key] += counts[key]
        suites.append(f"  <testsuite name={_attr(doc['source'])} tests=\"{counts['tests']}\" "
                      f"failures=\"{counts['failures']}\" errors=\"0\" skipped=\"{counts['skipped']}\">\n"
                      + "\n".join(cases) + "\n  </testsuite>")
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            f"<testsuites name=\"contrastive-verify\" tests=\"{totals['tests']}\" failures=\"{totals['failures']}\" "
            f"errors=\"0\" skipped=\"{totals['skipped']}\">\n" + "\n".join(suites) + "\n</testsuites>\n")


def _path(doc: dict, documents: str | None) -> str:
    return str(PurePosixPath(documents) / doc["source"]) if documents else doc["source"]


def _level(item: dict) -> str | None:
    """error / warning / notice, or None for a verdict that needs no annotation."""
    if item["unexpected"]:
        return "error"
    if item["verdict"] in ("conditional", "undecided"):
        return "warning"
    if item["verdict"] == "refuted":
        return "notice"
    return None


def _gh_data(text: str) -> str:
    """A workflow command's own escapes for %, CR and LF; visible escapes for other controls."""
    return visible(text, keep="\r\n").replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def github(data: dict, documents: str | None = None) -> str:
    lines = []
    for doc in data["documents"]:
        if doc.get("source_error"):
            lines.append(f"::warning file={_gh_property(_path(doc, documents))},"
                         f"title={_gh_property('source document cannot be read')}::"
                         f"{_gh_data(doc['source_error'] + '; no formula was compared with it')}")
        for kind, claim, item in _items(doc):
            level = _level(item)
            if level is None:
                continue
            title = f"{item['verdict']}: {claim['id']}" + (f" step {item['index']}" if kind == "step" else "")
            if item["unexpected"]:
                title += f" (expected {item['expected'] or 'not refuted'})"
            lines.append(f"::{level} file={_gh_property(_path(doc, documents))},line={item['line']},"
                         f"title={_gh_property(title)}::{_gh_data(_details(item))}")
    s = data["summary"]
    lines.append(f"contrastive-verify: {s['items']} verdicts, {s['refuted']} refuted, {s['conditional']} conditional, "
                 f"{s['undecided']} undecided, {s['error']} error; {s['unexpected']} unexpected")
    return "\n".join(lines) + "\n"


_RULES = {
    "refuted": "A step or claim is false: the witness gives values where its two sides differ.",
    "conditional": "A step or claim holds only under a condition the document does not state.",
    "undecided": "The checker could not decide this step or claim.",
    "error": "The check of this step or claim failed.",
}


def sarif(data: dict, documents: str | None = None) -> str:
    results = []
    for doc in data["documents"]:
        for kind, claim, item in _items(doc):
            if item["verdict"] not in _RULES:
                continue
            level = "error" if item["unexpected"] else ("note" if item["verdict"] == "refuted" else "warning")
            results.append({
                "ruleId": item["verdict"],
                "level": level,
                "message": {"text": f"{_name(kind, claim, item)}: {_details(item)}"},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": _path(doc, documents)},
                    "region": {"startLine": item["line"]}}}],
            })
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "contrastive-verify", "version": data["tool"]["version"],
                "rules": [{"id": k, "shortDescription": {"text": v}} for k, v in _RULES.items()]}},
            "results": results,
        }],
    }
    # json.dumps escapes C0 controls but leaves DEL and C1 raw: \uXXXX reads back the same.
    return visible(json.dumps(log, indent=2, ensure_ascii=False), keep="\n", json=True) + "\n"
