"""The terminal summary: one line per claim and per step, then the totals.

A step's line says what a reader needs first: for a conditional step the condition,
for a refuted one the witness, otherwise the reason.
"""
from __future__ import annotations

from ..model.verdicts import expectation_name
from .controls import visible

_REASON = 96


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


def witness_line(w: dict) -> str:
    given = {**w["sizes"], **w.get("indices", {}), **w["values"]}
    values = ", ".join(f"{k}={v}" for k, v in given.items())
    return f"{values} → lhs {_number(w['lhs'])}, rhs {_number(w['rhs'])}"


def _reason(item: dict) -> str:
    if item["verdict"] == "conditional" and item.get("condition"):
        first = f"needs {item['condition']}"
        if item.get("witness"):
            first += f"; fails at {witness_line(item['witness'])}"
        return first
    if item["verdict"] == "refuted" and item.get("witness"):
        return f"{item.get('reason') or item['message']}: {witness_line(item['witness'])}"
    return item["message"]


def _expectation(item: dict) -> str:
    if not item["unexpected"]:
        return ""
    wanted = item["expected"] or expectation_name(None)
    return f"  [expected {wanted}]"


def _mark(item: dict) -> str:
    return "!" if item["unexpected"] or item.get("source_match") == "drift" else " "


def _drift(item: dict) -> str:
    """A formula that no longer matches the document: say so on its line."""
    return "  [source drift: the document's line changed]" if item.get("source_match") == "drift" else ""


def _source_line(doc: dict) -> list[str]:
    summary = doc.get("source_summary")
    if doc.get("source_error"):
        return [f"  source {doc['source_path']} cannot be read: {doc['source_error']}; formulas not compared"]
    if not summary:
        return ["  source document not at hand: formulas not compared (--documents DIR)"]
    return [f"  source {doc['source_path']}: {summary['verbatim']} verbatim, {summary['normalized']} normalized, "
            f"{summary['restated']} restated, {summary['drift']} drift of {summary['total']} formulas"]


def render(data: dict) -> str:
    lines = [f"contrastive-verify {data['tool']['version']} · {data['settings']['digits']} digits · "
             f"seed {data['settings']['seed']}"]
    for doc in data["documents"]:
        lines += ["", f"{doc['source']} — {doc['title']}"] + _source_line(doc)
        for claim in doc["claims"]:
            reading = f" [{claim['reading']}]" if claim["reading"] else ""
            lines.append(f"{_mark(claim)} L{claim['line']:<4} {claim['verdict']:<11} {claim['id']}: "
                         f"{_short(claim['title'] + reading, 80)}{_expectation(claim)}{_drift(claim)}")
            lines.append(f"  {'':5} {'':11} {_short(_reason(claim), _REASON + 24)}")
            for step in claim["steps"]:
                lines.append(f"{_mark(step)}   L{step['line']:<4} {step['verdict']:<11} step {step['index']:<2} "
                             f"{step['relation']:<2} {_short(_reason(step), _REASON)}{_expectation(step)}{_drift(step)}")
            conclusion = claim["conclusion"]
            if conclusion:
                lines.append(f"{_mark(conclusion)}   L{conclusion['line']:<4} {conclusion['verdict']:<11} proof ⇒    "
                             f"{_short(_reason(conclusion), _REASON)}{_expectation(conclusion)}")
        for item in doc["unchecked"]:
            lines.append(f"  L{item['line']:<4} {'unchecked':<11} {_short(item['reason'], _REASON + 10)}")
    s = data["summary"]
    lines += ["", f"{s['items']} verdicts: {s['proved']} proved, {s['confirmed']} confirmed, {s['refuted']} refuted, "
                  f"{s['conditional']} conditional, {s['undecided']} undecided, {s['error']} error; "
                  f"{s['unexpected']} unexpected · {data['seconds']:.1f} s"]
    if s.get("drift"):
        lines.append(f"{s['drift']} formulas drifted from their source document: update the derivation")
    # Every line as the terminal will show it: control characters from the files
    # (an escape sequence, a bell, a newline inside a title) written as visible escapes.
    return "\n".join(visible(line) for line in lines) + "\n"
