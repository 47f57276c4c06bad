r"""An integral whose integrand writes densities only in a ratio that is not one quotient, ``\int p(x) \log
\frac{p(x)}{p(x) + q(x)} \, dx`` (the GAN value function at the optimal discriminator, a post's proof): the
expectation under p of the log of that ratio, as ``\log \frac{p(x)}{q(x)}`` is.  Before, the test of "only
ratios" scaled every density and looked for the factor without cancelling it, and refused the integral as
depending on values of densities; ``\int p \log p`` still does, and is still refused."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[scalar]]
name = 'x'
role = "point"

[[distribution]]
name = 'p'
of = ['x']

[[distribution]]
name = 'q'
of = ['x']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\int p(x) \log \frac{p(x)}{p(x)+q(x)} \, dx \leq 0", "confirmed"),
    (r"\int p(x) \log \frac{p(x)}{p(x)+q(x)} \, dx \geq 0", "refuted"),
    (r"\int p(x) \log \frac{2 p(x)}{p(x)+q(x)} \, dx \geq 0", "confirmed"),     # KL(p ‖ (p+q)/2) ≥ 0
])
def test_an_integral_of_a_ratio_put_over_one_denominator(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_an_integral_of_the_value_of_a_density_is_still_refused():
    with pytest.raises(ParseError, match="the integrand depends on values of densities, not only on their ratios"):
        claim_verdict(NOTATION, r"\int p(x) \log p(x) \, dx \leq 0")
