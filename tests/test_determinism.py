"""The bundled documents' verdicts do not depend on the run or on the random seed.

A verdict that flips between runs, or between seeds, is a verdict nobody can trust:
the adversarial points are fixed, the random ones come from the seed, and every
undecided point is reported rather than dropped, so each seed must agree.
"""
from __future__ import annotations

import pytest

from contrastive_sym.check.config import CheckConfig
from contrastive_sym.check.documents import LinkCache, check_document
from contrastive_sym.load.files import load_all


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
    config = CheckConfig(seed=seed)
    cache = LinkCache()
    return verdicts({doc.id: check_document(doc, config, cache=cache) for doc in load_all([])})


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_verdicts_are_the_same_for_every_run_and_seed(bundled_results, seed):
    expected = verdicts(bundled_results)
    found = run(seed)
    changed = {k: (expected[k].value, found[k].value) for k in expected if found.get(k) is not expected[k]}
    assert not changed, f"seed {seed} changed verdicts: {changed}"
    assert len(found) == len(expected)
