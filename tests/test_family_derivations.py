"""The bundled derivations of the loss families beyond the seeds, each from a public document:
their formulas are the corpus's transcription of that document (same line, same LaTeX), their
verdicts are computed, and a mistake injected into a true line is refuted."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from contrastive_sym.model.verdicts import Verdict
from contrastive_sym.pipeline import verify_text

ROOT = Path(__file__).resolve().parents[1]
VBMI = ROOT / "derivations" / "d004_vbmi_infonce_bound.toml"
VBMI_CORPUS = ROOT / "tests" / "corpus" / "poole-vbmi-demo-infonce.toml"


def test_every_claim_is_the_documents_display_at_its_line():
    derivation = tomllib.loads(VBMI.read_text(encoding="utf-8"))
    corpus = tomllib.loads(VBMI_CORPUS.read_text(encoding="utf-8"))
    displays = {d["line"]: d["latex"] for d in corpus["display"] + corpus.get("define", [])}
    for claim in derivation["claim"]:
        written = displays[claim["line"]]
        if claim["id"] == "tuba-bound":     # the define's chain ends by naming the bound: \triangleq I_TUBA
            written = written.rsplit(r"\triangleq", 1)[0]
        assert claim["latex"] == written, claim["id"]
    assert {u["line"] for u in derivation["unchecked"]} <= set(displays)


def test_the_bounds_as_the_notebook_states_them_are_confirmed(bundled_results):
    result = bundled_results["004"]
    verdicts = {c.claim.id: c.outcome.verdict for c in result.claims}
    assert verdicts == {"mi-definition": Verdict.CONFIRMED, "nwj-bound": Verdict.CONFIRMED,
                        "tuba-bound": Verdict.CONFIRMED, "infonce-bound": Verdict.CONFIRMED,
                        "multi-sample-tuba-bound": Verdict.CONFIRMED}


@pytest.mark.parametrize("claim_id, written, injected", [
    ("infonce-bound", r"I(X; Y) \ge \mathbb{E}_{p^K", r"I(X; Y) \le \mathbb{E}_{p^K"),
    ("infonce-bound", r"e^{\color{blue} f(x_j, y_i)}}\right].", r"e^{\color{blue} f(x_j, y_i)}} + \log K\right]."),
    ("nwj-bound", r"I(X; Y) \ge 1 + \mathbb{E}_{p(x, y)} \left[\color{blue} f(x,y)",
     r"I(X; Y) \ge 2 + \mathbb{E}_{p(x, y)} \left[\color{blue} f(x,y)"),
    ("mi-definition", r"\log \frac{p(x,y)}{p(x)p(y)}\right].", r"\log \frac{p(x)p(y)}{p(x,y)}\right]."),
])
def test_an_injected_mistake_is_refuted(claim_id, written, injected):
    text = VBMI.read_text(encoding="utf-8")
    assert text.count(written) == 1
    result = verify_text(text.replace(written, injected)).documents[0]
    verdicts = {c.claim.id: c.outcome for c in result.claims}
    assert verdicts[claim_id].verdict is Verdict.REFUTED and verdicts[claim_id].witness is not None
    assert all(o.verdict is Verdict.CONFIRMED for i, o in verdicts.items() if i != claim_id)
