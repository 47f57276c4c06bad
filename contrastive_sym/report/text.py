"""The terminal summary: one line per claim and per step, then the totals."""
from __future__ import annotations

_WIDTH = 110


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _flag(item: dict) -> str:
    if not item["unexpected"]:
        return " "
    return "!"


def _expectation(item: dict) -> str:
    if item["unexpected"]:
        wanted = item["expected"] or "not refuted, no error"
        return f"  [expected {wanted}]"
    return ""


def _witness(item: dict) -> str | None:
    w = item.get("witness")
    if not w:
        return None
    parts = [f"{k}={v}" for k, v in {**w["sizes"], **w.get("indices", {})}.items()]
    parts += [f"{k}={v}" for k, v in w["values"].items()]
    return _short(f"witness: {', '.join(parts)} → lhs {w['lhs']}, rhs {w['rhs']}", _WIDTH)


def render(data: dict) -> str:
    lines = [f"contrastive-verify {data['tool']['version']} · {data['settings']['digits']} digits · "
             f"seed {data['settings']['seed']}"]
    for doc in data["documents"]:
        lines += ["", f"{doc['source']} — {doc['title']}"]
        for claim in doc["claims"]:
            reading = f" [{claim['reading']}]" if claim["reading"] else ""
            lines.append(f"{_flag(claim)} L{claim['line']:<4} {claim['verdict']:<11} {claim['id']}: "
                         f"{_short(claim['title'] + reading, 70)}{_expectation(claim)}")
            lines.append(f"         {'':11} {_short(claim['message'], _WIDTH - 21)}")
            if claim["witness"]:
                lines.append(f"         {'':11} {_witness(claim)}")
            for step in claim["steps"]:
                lines.append(f"{_flag(step)}   L{step['line']:<4} {step['verdict']:<11} step {step['index']} "
                             f"{step['relation']}  {_short(step['message'], _WIDTH - 34)}{_expectation(step)}")
            conclusion = claim["conclusion"]
            if conclusion:
                lines.append(f"{_flag(conclusion)}   L{conclusion['line']:<4} {conclusion['verdict']:<11} proof ⇒   "
                             f"{_short(conclusion['message'], _WIDTH - 34)}{_expectation(conclusion)}")
        for item in doc["unchecked"]:
            lines.append(f"  L{item['line']:<4} {'unchecked':<11} {_short(item['reason'], _WIDTH - 20)}")
    s = data["summary"]
    lines += ["", f"{s['items']} verdicts: {s['proved']} proved, {s['confirmed']} confirmed, {s['refuted']} refuted, "
                  f"{s['conditional']} conditional, {s['undecided']} undecided, {s['error']} error; "
                  f"{s['unexpected']} unexpected · {data['seconds']:.1f} s"]
    return "\n".join(lines) + "\n"
