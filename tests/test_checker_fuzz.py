"""Random claims through the whole pipeline (claim_generator.py): the reader may refuse a
claim, naming why, but a claim it reads ends in a verdict with its reason, never in an
internal error.  A fixed set of seeds keeps the run short and repeatable; a longer run
with other seeds is how test_checker_fuzz_findings.py was found."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text

sys.path.insert(0, str(Path(__file__).parent))
from claim_generator import Gen, claim_text  # noqa: E402
from gradient_claims import GradientGen  # noqa: E402

SEEDS = range(25)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_claim_is_refused_or_gets_a_verdict_never_an_internal_error(seed):
    latex = Gen(random.Random(seed)).claim()
    try:
        run = verify_text(claim_text(latex))
    except DerivationError as refusal:        # refused where it is written, with a message
        assert refusal.message and "internal" not in refusal.message, latex
        return
    outcomes = [result.outcome for result in run.documents[0].claims]
    assert outcomes, latex
    for outcome in outcomes:
        assert "the check failed" not in outcome.message, (latex, outcome.message)
        assert outcome.verdict.value != "error" or outcome.method == "index range", (latex, outcome.message)


def assert_never_refuted_where_defined(text: str, latex: str, error_methods: tuple = ()) -> None:
    """A claim true by construction: refused with a message, or a verdict that is never an
    internal error (nor an error, but for ``error_methods``) and never a refutation by two
    numbers: a refutation can only be a side undefined at the witness."""
    try:
        run = verify_text(text)
    except DerivationError as refusal:
        assert refusal.message and "internal" not in refusal.message, latex
        return
    for outcome in (result.outcome for result in run.documents[0].claims):
        assert "the check failed" not in outcome.message, (latex, outcome.message)
        assert outcome.verdict.value != "error" or outcome.method in error_methods, (latex, outcome.message)
        if outcome.verdict.value == "refuted":
            assert outcome.witness is not None and "undefined" in (outcome.witness.lhs, outcome.witness.rhs), \
                (latex, outcome.message)


TRUE_SEEDS = range(15)


@pytest.mark.parametrize("seed", TRUE_SEEDS)
def test_a_claim_true_by_construction_is_never_refuted_where_its_sides_are_defined(seed):
    # (E)² ≥ 0, |E + F| ≤ |E| + |F|, log(e^E) = E … around random terms: a refutation can only
    # be a side undefined at the witness (log of a negative inside E), never two numbers
    latex = Gen(random.Random(seed)).true_claim()
    assert_never_refuted_where_defined(claim_text(latex), latex, error_methods=("index range",))


GRADIENT_SEEDS = range(12)


@pytest.mark.parametrize("seed", GRADIENT_SEEDS)
def test_a_gradient_by_a_row_true_by_construction_is_never_refuted_where_defined(seed):
    # ∇_{z_i}(E F) = F ∇E + E ∇F, ∇ e^E = e^E ∇E … around random terms of the rows (z_i^⊤ z_k,
    # ‖z_i − z_k‖², sums over k ≠ i), each component against the symbolic derivative
    text, latex = GradientGen(random.Random(seed)).claim()
    assert_never_refuted_where_defined(text, latex)
