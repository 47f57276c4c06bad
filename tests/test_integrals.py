r"""Integrals of a density, as theory papers write an expectation (issue 13: "'\int' is not read"):
``\int_x p(x) g(x) \, dx`` is E_{x∼p}[g(x)], decided on the finite tables of unknown weights the
expectations use.  True statements are confirmed, false ones refuted; an integral the tables cannot
stand for exactly is refused, naming why: no density factor, bounds, several differentials, or an
integrand that depends on a density's value rather than on ratios of densities (a density's value
is no probability)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

POINTS = dict(scalar=[{"name": "x", "role": "point"}], function=[{"name": "g", "arguments": 1}],
              distribution=[{"name": "p", "of": ["x"]}, {"name": "q", "of": ["x"]}])


@pytest.mark.parametrize("statement, kind, expected", [
    (r"\int_x p(x) g(x) \, dx = \mathbb{E}_{x \sim p}[g(x)]", "identity", "confirmed"),
    (r"\int p(x) \, dx = 1", "identity", "confirmed"),
    (r"\int_{\mathcal{X}} p(x) g(x) \mathrm{d}x = \int p(x) g(x) dx", "identity", "confirmed"),
    # Jensen, written with integrals, and its reverse
    (r"\int_x { p(x) e^{g(x)} dx } \geq e^{\int p(x) g(x) dx}", "inequality", "confirmed"),
    (r"\int_x { p(x) e^{g(x)} dx } \leq e^{\int p(x) g(x) dx}", "inequality", "refuted"),
    # the KL divergence is nonnegative; the differential may sit inside the log's operand
    (r"\int p(x) \log \frac{p(x)}{q(x)} \, dx \geq 0", "inequality", "confirmed"),
    (r"\int p(x) \log \frac{q(x)}{p(x)} \, dx \geq 0", "inequality", "refuted"),
])
def test_an_integral_of_a_density_is_its_expectation(statement, kind, expected):
    assert check_statement(statement, kind, **POINTS).verdict.value == expected


@pytest.mark.parametrize("statement, words", [
    (r"\int g(x) \, dx = 1", "names no declared density of x alone"),
    (r"\int_0^1 p(x) \, dx = 1", "an integral with bounds is not read"),
    (r"\int p(x) g(x) = 1", r"the differential \(dx\) that ends the integral is not found"),
    (r"\int_y p(x) g(x) \, dx = 1", "the integral is written over 'y' and its differential is dx"),
    # a density's value exceeds 1 where it is narrow: ∫ p log p ≤ 0 holds for the tables, not for densities
    (r"\int p(x) \log p(x) \, dx \leq 0", "depends on values of densities, not only on their ratios"),
])
def test_an_integral_the_tables_cannot_stand_for_is_refused(statement, words):
    notation = dict(POINTS, scalar=POINTS["scalar"] + [{"name": "y", "role": "point"}])
    with pytest.raises(ParseError, match=words):
        check_statement(statement, **notation)


@pytest.mark.parametrize("statement, expected", [
    # the integrand runs to its differential (a GAN's value function): term by term
    (r"\int_x p(x) g(x) + q(x) g(x)^2 \, dx = \mathbb{E}_{x \sim p}[g(x)] + \mathbb{E}_{x \sim q}[g(x)^2]",
     "confirmed"),
    (r"\int_x p(x) g(x) - q(x) g(x) \, dx = \mathbb{E}_{x \sim p}[g(x)] - \mathbb{E}_{x \sim q}[g(x)]", "confirmed"),
    (r"\int_x p(x) g(x) + q(x) g(x)^2 \, dx = \mathbb{E}_{x \sim q}[g(x)] + \mathbb{E}_{x \sim p}[g(x)^2]",
     "refuted"),
])
def test_an_integrand_of_several_terms_runs_to_its_differential(statement, expected):
    assert check_statement(statement, "identity", **POINTS).verdict.value == expected


@pytest.mark.parametrize("statement, expected", [
    # a term that is zero as written ((\log 2 - \log 2) p(x): a GAN post's step) integrates to 0 over any
    # space, density or not; the rest is read as before
    (r"\int_x (\log 2 - \log 2) p(x) + p(x) g(x) \, dx = \mathbb{E}_{x \sim p}[g(x)]", "confirmed"),
    (r"\int_x (\log 2 - \log 2) p(x) + p(x) g(x) \, dx = \mathbb{E}_{x \sim p}[g(x)] + 1", "refuted"),
    (r"\int_x 0 \, dx = 0", "proved"),
])
def test_a_term_that_is_zero_as_written_integrates_to_zero(statement, expected):
    assert check_statement(statement, "identity", **POINTS).verdict.value == expected


def test_a_term_that_is_not_zero_still_needs_its_density():
    with pytest.raises(ParseError, match="names no declared density of x alone"):
        check_statement(r"\int_x (\log 3 - \log 2) + p(x) g(x) \, dx = 1", **POINTS)


def test_terms_after_the_differential_are_not_integrated():
    # \int p g dx + 1: the 1 is outside (the differential closes the integral)
    assert check_statement(r"\int p(x) g(x) \, dx + 1 = \mathbb{E}_{x \sim p}[g(x)] + 1", "identity",
                           **POINTS).verdict.value == "confirmed"


# a point written bold and plain, x declared the value of \boldsymbol{x} (a GAN post's
# \int_{\boldsymbol{x}} p(\boldsymbol{x}) … \mathrm{d}x): one point, two spellings
TWO_SPELLINGS = dict(scalar=[{"name": r"\boldsymbol{x}", "symbol": "bx", "role": "point"},
                             {"name": "x", "role": "point", "value_of": r"\boldsymbol{x}"},
                             {"name": "y", "role": "point"}],
                     function=[{"name": "g", "arguments": 1}],
                     distribution=[{"name": "p", "of": [r"\boldsymbol{x}"]}, {"name": "q", "of": [r"\boldsymbol{x}"]}])


@pytest.mark.parametrize("statement, expected", [
    (r"\int_{\boldsymbol{x}} p(\boldsymbol{x}) g(\boldsymbol{x}) \mathrm{d}x = "
     r"\mathbb{E}_{\boldsymbol{x} \sim p}[g(\boldsymbol{x})]", "confirmed"),
    (r"\int_{\boldsymbol{x}} p(\boldsymbol{x}) \log \frac{p(\boldsymbol{x})}{q(\boldsymbol{x})} \mathrm{d}x \geq 0",
     "confirmed"),
    (r"\int_{\boldsymbol{x}} p(\boldsymbol{x}) \log \frac{q(\boldsymbol{x})}{p(\boldsymbol{x})} \mathrm{d}x \geq 0",
     "refuted"),
])
def test_an_integral_over_a_point_whose_differential_is_its_declared_value(statement, expected):
    kind = "inequality" if r"\geq" in statement else "identity"
    assert check_statement(statement, kind, **TWO_SPELLINGS).verdict.value == expected


TWO_VALUES = dict(TWO_SPELLINGS, scalar=TWO_SPELLINGS["scalar"] + [
    {"name": "x'", "role": "point", "value_of": r"\boldsymbol{x}"}],
    function=[{"name": "g", "arguments": 1}, {"name": "h", "arguments": 2}])


@pytest.mark.parametrize("statement, expected", [
    # SOUNDNESS: with x' beside x, x was no longer the point integrated over, and nothing was integrated:
    # the first two were confirmed, the third (true) refuted
    (r"\int_{\boldsymbol{x}} p(\boldsymbol{x}) g(x) g(x') \mathrm{d}x = g(x) g(x')", "refuted"),
    (r"\int_{\boldsymbol{x}} p(\boldsymbol{x}) h(x, x') \mathrm{d}x = h(x, x')", "refuted"),
    (r"\int_{\boldsymbol{x}} p(\boldsymbol{x}) h(x, x') \mathrm{d}x = "
     r"\int_{\boldsymbol{x}} p(\boldsymbol{x}) h(\boldsymbol{x}, x') \mathrm{d}x", "confirmed"),
])
def test_the_differentials_value_is_the_point_integrated_over_beside_another_value(statement, expected):
    assert check_statement(statement, "identity", **TWO_VALUES).verdict.value == expected


def test_an_integral_over_another_point_is_still_refused():
    with pytest.raises(ParseError, match="the integral is written over 'y' and its differential is dx"):
        check_statement(r"\int_y p(\boldsymbol{x}) g(\boldsymbol{x}) \, dx = 1", **TWO_SPELLINGS)
