r"""An expectation over a distribution of a random point X whose body writes x, the point declared
``value_of`` X (a lesson on information theory: D_KL(P ‖ Q) = E_P[log P(x)/Q(x)]).  Before, the expectation
drew X, which the body does not write, and read the body as a constant (said in the reading, "is a point
written differently?"): E_P[Q(x)/P(x)] = 1, true, was refuted.  Now it draws x, said in the reading; an
expectation whose body writes neither is still the constant it averages, said."""
from __future__ import annotations

import pytest

from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, claim_verdict, with_claim

NOTATION = TITLE + """
[[scalar]]
name = 'X'
role = "point"

[[scalar]]
name = 'x'
role = "point"
value_of = 'X'

[[distribution]]
name = 'p'
of = ['X']
measure = 'P'

[[distribution]]
name = 'q'
of = ['X']
measure = 'Q'

[[scalar]]
name = 'c'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\mathbb{E}_{P}\left[\frac{Q(x)}{P(x)}\right] = 1", "confirmed"),
    (r"\mathbb{E}_{p}\left[\frac{q(x)}{p(x)}\right] = 1", "confirmed"),
    (r"\mathbb{E}_{X \sim p}\left[\frac{q(x)}{p(x)}\right] = 1", "confirmed"),
    (r"\mathbb{E}_{P}\left[\frac{Q(x)}{P(x)}\right] = 2", "refuted"),
    (r"\mathbb{E}_{P}\left[\log \frac{P(x)}{Q(x)}\right] \geq 0", "confirmed"),
])
def test_the_value_of_the_drawn_point_is_drawn(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_the_reading_says_so():
    claim = verify_text(with_claim(NOTATION, r"\mathbb{E}_{P}\left[\frac{Q(x)}{P(x)}\right] = 1")).documents[0].claims[0]
    assert "an expectation over p draws x, the value of X that what it averages writes" in claim.claim.reading


def test_a_body_that_writes_neither_is_the_constant_it_averages():
    claim = verify_text(with_claim(NOTATION, r"\mathbb{E}_{P}[c] = c")).documents[0].claims[0]
    assert claim.outcome.verdict.value in ("proved", "confirmed")
    assert "which what it averages does not contain" in claim.claim.reading
