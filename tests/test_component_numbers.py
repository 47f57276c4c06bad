r"""A component of a vector value numbered in parentheses above it, as DINO writes its softmax (Caron et
al. 2021, eq. 1): ``P_s(x)^{(i)} = \frac{\exp(g_{\theta_s}(x)^{(i)}/\tau_s)}{\sum_{k=1}^K \exp(g_{\theta_s}(x)^{(k)}
/\tau_s)}``.  Before, ``g(x)^{(k)}`` was "a power of a vector" and the head "the left side of a definition
must be a name".  A vector has no power, and an index in parentheses above a computed vector is how
papers number its components: ``g(x)^{(k)}`` is ``g(x)_k``, said in the reading; the head defines the
component i of ``P_s(x)``, a use at another index, a number or a sum's index reads it there."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_result, claim_verdict, with_claim

NOTATION = TITLE + r"""
[[size]]
name = 'K'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'K'

[[index]]
name = 'k'
to = 'K'

[[scalar]]
name = 'x'
role = "point"

[[scalar]]
name = '\tau_s'
domain = "positive"

[[function]]
name = 'g_{\theta_s}'
symbol = 'g_s'
arguments = 1
shape = ['K']

[[define]]
name = 'P_s'
line = 5
latex = 'P_s(x)^{(i)} = \frac{\exp(g_{\theta_s}(x)^{(i)}/\tau_s)}{\sum_{k=1}^K \exp(g_{\theta_s}(x)^{(k)}/\tau_s)}'
"""


@pytest.mark.parametrize("latex, verdicts", [
    (r"\sum_{k=1}^K g_{\theta_s}(x)^{(k)} = \sum_{k=1}^K g_{\theta_s}(x)_k", {"proved"}),
    (r"\sum_{k=1}^K g_{\theta_s}(x)^{(k)} = g_{\theta_s}(x)_1", {"refuted"}),
    # the softmax's components add up to 1, under a sum over the head's own index or another
    (r"\sum_{i=1}^K P_s(x)^{(i)} = 1", {"proved", "confirmed"}),
    (r"\sum_{k=1}^K P_s(x)^{(k)} = 1", {"proved", "confirmed"}),
    (r"\sum_{i=1}^K P_s(x)^{(i)} = 2", {"refuted"}),
    (r"P_s(x)^{(1)} = \frac{\exp(g_{\theta_s}(x)^{(1)}/\tau_s)}{\sum_{k=1}^K \exp(g_{\theta_s}(x)^{(k)}/\tau_s)}",
     {"proved", "confirmed"}),
    (r"P_s(x)^{(1)} = \frac{\exp(g_{\theta_s}(x)^{(1)})}{\sum_{k=1}^K \exp(g_{\theta_s}(x)^{(k)})}", {"refuted"}),
])
def test_a_component_numbered_above_a_vector_value(latex, verdicts):
    assert claim_verdict(NOTATION, latex) in verdicts


def test_the_reading_says_the_superscript_is_a_component():
    result = claim_result(with_claim(NOTATION, r"\sum_{k=1}^K g_{\theta_s}(x)^{(k)} = \sum_{k=1}^K g_{\theta_s}(x)_k"))
    assert "g_{\\theta_s}(x)^{(k)}: the component k of the vector (a vector has no power)" in result.claim.reading


@pytest.mark.parametrize("latex", [
    # true wherever g's values have a second component; at K = 1 the witness named g(x)_2, which is none
    r"\sum_{k=1}^K g_{\theta_s}(x)_k^2 \ge g_{\theta_s}(x)_2^2",
    # not written in terms of K: it was proved for every size
    r"g_{\theta_s}(x)^{(2)} = g_{\theta_s}(x)_2",
])
def test_a_component_past_the_declared_shape_is_an_error_as_for_a_family(latex):
    result = claim_result(with_claim(NOTATION, latex))
    assert result.outcome.verdict.value == "error"
    assert "the statement names the component 2 of g_{\\theta_s}(…), whose values have 1 component at K=1" \
        in result.outcome.message
