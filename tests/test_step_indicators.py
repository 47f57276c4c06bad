r"""An indicator that orders two values, ``\mathbb{1}[a > b]``: the step of a − b.

Hinge and triplet losses write their active set so (the gradient of max(0, d_ap − d_an + m)
is 1[d_ap − d_an + m > 0] times …), and hard-negative mining counts 1[s_k > s^+].  At the
tie the relation decides (0 for a strict one, 1 otherwise), and a tie the balls cannot
resolve is settled by exact arithmetic, never guessed.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

VALUES = dict(scalar=[{"name": "a"}, {"name": "b"}, {"name": "m", "domain": "positive"}],
              size=[{"name": "K", "minimum": 1, "checked": [1, 2, 3]}], family=[{"name": "s", "shape": ["K"]}])


def check(statement: str, kind: str = "identity"):
    return check_statement(statement, kind, **VALUES)


@pytest.mark.parametrize("statement, kind, verdict", [
    (r"\mathbb{1}[a > 0] + \mathbb{1}[a \le 0] = 1", "identity", "confirmed"),
    (r"\max(0, a) = a \mathbb{1}[a > 0]", "identity", "confirmed"),
    (r"\max(0, a) = \mathbb{1}[a > 0]", "identity", "refuted"),
    (r"\mathbb{1}_{a > b} + \mathbb{1}_{b > a} = 1", "identity", "refuted"),          # not at a tie
    (r"\sum_{k=1}^{K} \mathbb{1}[s_k > a] \le K", "inequality", "confirmed"),
    (r"\sum_{k=1}^{K} \mathbb{1}\{s_k \geq a\} \geq 1", "inequality", "refuted"),
    # the hinge's derivative is its active set where the derivative exists: not at the kink
    # a - b + m = 0, which the sampler reaches since it sets one value apart from the others
    (r"\frac{\mathrm{d}}{\mathrm{d}a} \max(0, a - b + m) = \mathbb{1}[a - b + m > 0]", "gradient", "conditional"),
])
def test_an_indicator_of_an_order_is_the_step_of_the_difference(statement, kind, verdict):
    outcome = check(statement, kind)
    assert outcome.verdict.value == verdict, outcome.message


def test_the_relation_decides_the_tie_and_the_witness_is_the_tie():
    outcome = check(r"\mathbb{1}[a > 0] = \mathbb{1}[a \geq 0]")
    assert outcome.verdict.value == "refuted"
    assert outcome.witness.values["a"] == "0"


def test_a_tie_the_balls_cannot_resolve_is_settled_exactly():
    # a/3 − b/3 at a = b is no exact ball: the point goes to SymPy's exact arithmetic
    outcome = check(r"\mathbb{1}[a/3 > b/3] = \mathbb{1}[a > b]")
    assert outcome.verdict.value == "confirmed", outcome.message
    assert "settled by SymPy's exact arithmetic" in outcome.message


def test_a_step_has_no_derivative_at_its_jump():
    outcome = check(r"\frac{\mathrm{d}}{\mathrm{d}a} \mathbb{1}[a > 0] = 0", "gradient")
    assert outcome.verdict.value == "conditional", outcome.message


def test_an_equality_of_values_is_still_refused():
    with pytest.raises(DerivationError, match="tests two values for equality"):
        check(r"\mathbb{1}[a = b] = 0")


@pytest.mark.parametrize("statement", [
    # true wherever the derivative exists; at 0 there is none, and SymPy's conventions
    # (Heaviside(0) = 1/2 for max, sign(0) = 0 for |x|) refuted them there
    r"\frac{\mathrm{d}}{\mathrm{d}a} |a| = 2 \mathbb{1}[a > 0] - 1",
    r"\frac{\mathrm{d}}{\mathrm{d}a} \max(0, a) = \mathbb{1}[a \geq 0]",
    r"\frac{\mathrm{d}}{\mathrm{d}a} \max(0, a) = \mathbb{1}[a > 0]",
])
def test_a_derivative_at_a_kink_is_never_decided_by_a_convention(statement):
    # a = 0 is sampled (zeros are): there the derivative does not exist, and the link is conditional
    outcome = check(statement, "gradient")
    assert outcome.verdict.value == "conditional", outcome.message
    assert outcome.condition == "a ≠ 0"
    assert outcome.witness.values["a"] == "0" and outcome.witness.lhs == "undefined"


def test_a_kink_times_zero_is_still_settled():
    # d|a|²/da = 2|a| d|a|/da: at a = 0 the unknown one-sided slope is multiplied by 0
    assert check(r"\frac{\mathrm{d}}{\mathrm{d}a} |a|^2 = 2a", "gradient").verdict.value == "proved"
    assert check(r"\frac{\mathrm{d}}{\mathrm{d}a} |a| = 1", "gradient").verdict.value == "refuted"
