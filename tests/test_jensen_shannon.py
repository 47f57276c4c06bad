r"""The Jensen-Shannon divergence, D_{JS}(P \| Q) (also \mathrm{JSD}, \operatorname{JSD}): KL(P ‖ M)/2 +
KL(Q ‖ M)/2 with M = (P + Q)/2, of two densities (or declared distributions) of the same points,
checked exactly on finite tables as the Kullback-Leibler divergence is.  The GAN's virtual criterion
C(G) = -log 4 + 2 JSD(p_data ‖ p_G) is the identity documents derive with it."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    scalar=[{"name": "X", "role": "point"}, {"name": "Y", "role": "point"},
            {"name": "x", "role": "point", "value_of": "X"}],
    distribution=[{"name": "p", "of": ["X"]}, {"name": "q", "of": ["X"]}, {"name": "r", "of": ["Y"]},
                  {"name": "s", "of": ["X", "Y"]}],
)


def verdict(statement: str) -> str:
    return check_statement(statement, **NOTATION).verdict.value


@pytest.mark.parametrize("statement, expected", [
    (r"D_{JS}(p \| q) = \frac{1}{2} D_{KL}(p(x) \| \frac{p(x) + q(x)}{2}) "
     r"+ \frac{1}{2} D_{KL}(q(x) \| \frac{p(x) + q(x)}{2})", "confirmed"),
    (r"\operatorname{JSD}(p \| q) = \operatorname{JSD}(q \| p)", "confirmed"),
    (r"\mathrm{JSD}(p(x) \parallel q(x)) \ge 0", "confirmed"),
    (r"\mathrm{JSD}(p(x) \parallel q(x)) \le \log 2", "confirmed"),
    # the optimal discriminator's value (Goodfellow et al., 2014), and with the factor 2 dropped
    (r"\mathbb{E}_{x \sim p}[\log \frac{p(x)}{p(x) + q(x)}] + \mathbb{E}_{x \sim q}[\log \frac{q(x)}{p(x) + q(x)}] "
     r"= -\log 4 + 2 D_{JS}(p \| q)", "confirmed"),
    (r"\mathbb{E}_{x \sim p}[\log \frac{p(x)}{p(x) + q(x)}] + \mathbb{E}_{x \sim q}[\log \frac{q(x)}{p(x) + q(x)}] "
     r"= -\log 4 + D_{JS}(p \| q)", "refuted"),
    (r"D_{JS}(p \| q) = D_{KL}(p \| q)", "refuted"),
    (r"\operatorname{J S D}(p \| q) = 0", "refuted"),
])
def test_the_jensen_shannon_divergence_is_checked(statement, expected):
    assert verdict(statement) == expected


@pytest.mark.parametrize("statement, words", [
    (r"D_{JS}(p \| r) = 0", "the two distributions are of different points"),
    (r"D_{JS}(p(x) \| 2) = 0", "with Q a density"),
    (r"D_{JS}(p(x) \| r(Y)) = 0", "is not a density of x"),
    (r"D_{JS} = 0", "D_{JS}"),
])
def test_what_is_no_divergence_of_the_same_points_is_refused(statement, words):
    with pytest.raises(DerivationError) as info:
        verdict(statement)
    assert words in str(info.value)


@pytest.mark.parametrize("statement, expected", [
    # the mixture (P + Q)/2 of two declared distributions, as a measure, in KL's second place (a post's JSD)
    (r"\operatorname{JSD}(p \| q) = \frac{1}{2} \mathrm{KL}(p \| (p+q)/2) + \frac{1}{2} \mathrm{KL}(q \| (p+q)/2)",
     "confirmed"),
    (r"\mathrm{KL}(p \| \frac{p + q}{2}) = D_{KL}(p(x) \| \frac{p(x) + q(x)}{2})", "confirmed"),
    # a GAN post's slip: (p_g + p_g)/2 where (p_data + p_g)/2 is meant
    (r"-\log 4 + D_{KL}(p \| \frac{p + q}{2}) + D_{KL}(q \| \frac{q + q}{2}) = -\log 4 + 2 D_{JS}(p \| q)", "refuted"),
])
def test_a_mixture_of_declared_distributions_is_read_in_the_second_place_of_kl(statement, expected):
    assert verdict(statement) == expected
