"""The bundled documents' verdicts do not depend on the run or on the random seed.

A verdict that flips between runs, or between seeds, is a verdict nobody can trust:
the adversarial points are fixed, the random ones come from the seed, and every
undecided point is reported rather than dropped, so each seed must agree.
"""
from __future__ import annotations

import pytest

import contrastive_sym as cv
from contrastive_sym.check.config import CheckConfig


def verdicts(results) -> dict:
    table = {}
    for doc_id, result in results.items():
        for claim in result.claims:
            table[(doc_id, claim.claim.id)] = claim.outcome.verdict
            for step in claim.steps:
                table[(doc_id, claim.claim.id, step.step.index)] = step.outcome.verdict
            if claim.conclusion is not None:
                table[(doc_id, claim.claim.id, "conclusion")] = claim.conclusion.outcome.verdict
    return table


def run(seed: int) -> dict:
    run = cv.verify(config=CheckConfig(seed=seed))
    return verdicts({doc.document.id: doc for doc in run.documents})


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_verdicts_are_the_same_for_every_run_and_seed(bundled_results, seed):
    expected = verdicts(bundled_results)
    found = run(seed)
    changed = {k: (expected[k].value, found[k].value) for k in expected if found.get(k) is not expected[k]}
    assert not changed, f"seed {seed} changed verdicts: {changed}"
    assert len(found) == len(expected)
