r"""Two distributions of one point, p and q, and a statement of their divergence: J = E_q[f(p/q)] with
f(u) = −(u+1) log((1+u)/2) + u log u is twice the Jensen–Shannon divergence, in [0, 2 log 2] (a
blog post's proof that the JSD objective bounds the mutual information).  Before, J ≤ log 2 (false:
nearly disjoint p and q give up to 2 log 2) was *confirmed* with p and q declared discrete (no sampled
pair of tables was far enough apart: the strides that cross the patterns of two families gave them the
same pattern every time), and *conditional* ("needs x discrete") without, from a witness of densities
whose weights, read as probabilities, fail just the same.  Now tables nearly a point mass at two
different places are sampled, and a failure of densities whose weights fail as probabilities is a
refutation shown with the table of probabilities."""
from __future__ import annotations

import pytest

from document_claims import TITLE, claim_result, with_claim


def notation(discrete: bool) -> str:
    flag = "discrete = true\n" if discrete else ""
    return TITLE + f"""
[[scalar]]
name = 'x'
role = "point"

[[distribution]]
name = 'p'
of = ['x']
{flag}
[[distribution]]
name = 'q'
of = ['x']
{flag}
[[define]]
name = 'f'
line = 1
latex = '''f(u) = -(u+1)\\log\\frac{{1+u}}{{2}}+u\\log u'''

[[define]]
name = 'J'
line = 2
latex = '''J=E_{{x\\sim q}}\\left[f\\left(\\frac{{p(x)}}{{q(x)}}\\right)\\right]'''
"""


@pytest.mark.parametrize("discrete", [True, False])
def test_a_bound_below_the_largest_divergence_is_refuted_with_probabilities(discrete):
    result = claim_result(with_claim(notation(discrete), r"J \le \log 2"))
    assert result.outcome.verdict.value == "refuted", result.outcome.message
    witness = result.outcome.witness
    assert "densities" not in (witness.note or "")
    assert float(witness.lhs[0] if isinstance(witness.lhs, (list, tuple)) else witness.lhs) > 0.6932


@pytest.mark.parametrize("discrete", [True, False])
def test_the_true_bounds_still_hold(discrete):
    for latex in (r"J \le 2 \log 2", r"J \ge 0"):
        outcome = claim_result(with_claim(notation(discrete), latex)).outcome
        assert outcome.verdict.value == "confirmed", (latex, outcome.message)


INDEX_DISTRIBUTIONS = TITLE + """
[[size]]
name = 'K'
minimum = 1
checked = [1, 2]

[[index]]
name = 'k'
from = 1
to = 'K'

[[distribution]]
name = 'p'
of = ['k']

[[distribution]]
name = 'q'
of = ['k']
"""


@pytest.mark.parametrize("latex, verdict", [
    # the divergence of two distributions of an index is the sum over its values (before: every
    # claim of the notation ended in "the check failed: NameError: name 'PointIntegral' …")
    (r"D_{\mathrm{KL}}(p \parallel q) = \sum_{k=1}^{K} p(k) \log \frac{p(k)}{q(k)}", "confirmed"),
    (r"D_{\mathrm{KL}}(p \parallel q) \geq 0", "confirmed"),
    (r"D_{\mathrm{KL}}(p \parallel q) \leq 0", "refuted"),
])
def test_the_divergence_of_two_distributions_of_an_index(latex, verdict):
    assert claim_result(with_claim(INDEX_DISTRIBUTIONS, latex)).outcome.verdict.value == verdict
