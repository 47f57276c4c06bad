"""The bundled derivations (the four seed documents, and the families beyond them) against their expectations."""
from __future__ import annotations

import pytest

from contrastive_sym.model.verdicts import Verdict


def _items(results):
    for doc_id, result in results.items():
        for claim in result.claims:
            yield doc_id, claim.claim.id, "claim", claim.claim.expected, claim.outcome
            for step in claim.steps:
                yield doc_id, claim.claim.id, f"step {step.step.index}", step.step.expected, step.outcome
            if claim.conclusion:
                yield doc_id, claim.claim.id, "conclusion", claim.conclusion.expected, claim.conclusion.outcome


def test_every_verdict_meets_its_expectation(bundled_results):
    misses = [f"{d}/{c} {what}: {o.verdict.value} (expected {e.value if e else 'holds'}): {o.message}"
              for d, c, what, e, o in _items(bundled_results) if not o.verdict.meets(e)]
    assert not misses, "\n".join(misses)


def test_items_without_an_expectation_hold(bundled_results):
    # Stricter than the exit code: nothing unexpected is left undecided either.
    loose = [f"{d}/{c} {what}: {o.verdict.value}: {o.message}"
             for d, c, what, e, o in _items(bundled_results) if e is None and not o.verdict.holds]
    assert not loose, "\n".join(loose)


def test_no_step_ends_in_error(bundled_results):
    assert not [1 for *_, o in _items(bundled_results) if o.verdict is Verdict.ERROR]


def _claim(results, doc_id, claim_id):
    return next(c for c in results[doc_id].claims if c.claim.id == claim_id)


def test_prop_3_2_weight_dropping_step_is_refuted_with_a_witness(bundled_results):
    claim = _claim(bundled_results, "001", "prop-3.2")
    last = claim.steps[-1]
    assert last.step.line == 126 and last.outcome.verdict is Verdict.REFUTED
    w = last.outcome.witness
    assert w.sizes == {"K": 3} and w.lhs != w.rhs
    assert claim.conclusion.outcome.verdict is Verdict.REFUTED        # the proof ends elsewhere
    assert claim.outcome.verdict.holds                               # the proposition itself is true


@pytest.mark.parametrize("doc_id,claim_id,verdict", [
    ("000", "property-2", Verdict.CONDITIONAL),
    ("000", "limit-tau-0", Verdict.CONDITIONAL),
    ("000", "limit-tau-inf", Verdict.REFUTED),
    ("001", "descent-flatnce", Verdict.REFUTED),
    ("001", "corollary-3.4", Verdict.REFUTED),
    ("002", "gradient-formula", Verdict.REFUTED),
    ("003", "eq-7", Verdict.CONFIRMED),
    ("003", "eq-7-both-views", Verdict.REFUTED),
])
def test_known_findings(bundled_results, doc_id, claim_id, verdict):
    assert _claim(bundled_results, doc_id, claim_id).outcome.verdict is verdict


def test_every_claim_and_step_names_a_line_of_its_source(bundled_results):
    """The seed documents' derivations, against the seeds beside the repository; a derivation of a
    public document (its source a path in another repository) is compared in its own test."""
    from pathlib import Path
    seeds = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip(f"the seed documents are not at {seeds}")
    compared = 0
    for result in bundled_results.values():
        source = seeds / result.document.source
        if not source.exists():
            continue
        compared += 1
        lines = source.read_text(encoding="utf-8").count("\n") + 1
        for claim in result.claims:
            assert 1 <= claim.claim.line <= lines
            assert all(1 <= s.step.line <= lines for s in claim.steps)
    assert compared == 4
