r"""Points where a side is undefined inside the stated domain are found, not passed over.

* One vector zero and another not: the sampler put all families at their zero pattern together,
  and crossed patterns never reached b = 0 with a ≠ 0; with ‖a‖ > 0 stated, ‖a‖/‖b‖ · ‖b‖ = ‖a‖ was
  proved though undefined at b = 0 (found blind, on BYOL's normalised MSE).
* A quotient the written-out sums cancel: ‖w/‖w‖‖² = 1 of a point's value (not read by the
  compiled programs) was 1 once its sums were written out, and was confirmed at three points."""
from __future__ import annotations

from document_claims import claim_result, with_claim

VECTORS = r"""
id = "t"
title = "t"
source = "x.md"

[[size]]
name = 'd'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'a'
shape = ['d']

[[family]]
name = 'b'
shape = ['d']

[[scalar]]
name = 'w'
role = "point"
value_shape = ['d']
"""


def test_a_quotient_by_one_norm_is_undefined_where_only_that_vector_is_zero():
    text = with_claim(VECTORS, r"\frac{\|a\|_2}{\|b\|_2} \|b\|_2 = \|a\|_2").replace(
        'title = "c"', 'title = "c"\ngiven = [\'\\|a\\|_2 > 0\']')
    outcome = claim_result(text).outcome
    assert outcome.verdict.value == "conditional", outcome.message
    assert "b_m² > 0" in outcome.message


def test_a_quotient_of_a_points_value_cancelled_by_written_sums_keeps_its_zero():
    outcome = claim_result(with_claim(VECTORS, r"\left\|\frac{w}{\|w\|_2}\right\|_2^2 = 1")).outcome
    assert outcome.verdict.value == "conditional", outcome.message
    assert r"\operatorname{val}(w)_m² ≠ 0" in outcome.message
