r"""Points with densities (issue 14's soundness gap): a finite table of probabilities satisfies
p(x) ≤ 1, an entropy ≥ 0, p(x, c) ≤ p(x), which are false for densities (a density may exceed
1; a differential entropy may be negative).  Each table is also read as densities on narrow and
wide cells, so that such a statement is conditional on discrete points, never confirmed; ratios
of densities (the mutual information), expectations and integrals read alike both ways; a
distribution declared ``discrete`` and a sum written over the values of the points (\sum_x)
keep probabilities."""
from __future__ import annotations

import pytest

from contrastive_sym.pipeline import check_statement


def notation(discrete: bool = False) -> dict:
    return dict(scalar=[{"name": "x", "role": "point"}, {"name": "c", "role": "point"}],
                function=[{"name": "g", "arguments": 1}],
                distribution=[{"name": "p", "of": ["x", "c"], "discrete": discrete}])


TRUE_FOR_PROBABILITIES_ONLY = [
    r"p(x) \leq 1",
    r"p(x \mid c) \leq 1",
    r"p(x, c) \leq p(x)",
    r"-\mathbb{E}_{x \sim p}[\log p(x)] \geq 0",
    # H(X) ≤ H(X, C): false for differential entropies
    r"-\mathbb{E}_{x \sim p}[\log p(x)] \leq -\mathbb{E}_{(x,c) \sim p}[\log p(x, c)]",
]


@pytest.mark.parametrize("statement", TRUE_FOR_PROBABILITIES_ONLY)
def test_what_holds_only_for_probabilities_is_conditional_on_discrete_points(statement):
    outcome = check_statement(statement, **notation())
    assert outcome.verdict.value == "conditional", outcome.message
    assert "x, c discrete" in outcome.condition
    assert "where the points have densities (densities on cells of width" in outcome.message
    assert "densities on cells of width" in outcome.witness.note


@pytest.mark.parametrize("statement", TRUE_FOR_PROBABILITIES_ONLY)
def test_a_distribution_declared_discrete_keeps_probabilities(statement):
    assert check_statement(statement, **notation(discrete=True)).verdict.value == "confirmed"


@pytest.mark.parametrize("statement", [
    # the mutual information and the conditional-over-marginal ratio: ratios of densities
    r"\mathbb{E}_{(x, c) \sim p}\left[\log \frac{p(x, c)}{p(x) p(c)}\right] \geq 0",
    r"\mathbb{E}_{(x, c) \sim p}\left[\log \frac{p(x \mid c)}{p(x)}\right] = "
    r"\mathbb{E}_{(x, c) \sim p}\left[\log \frac{p(x, c)}{p(x) p(c)}\right]",
    # an expectation under a conditional density is an integral over x: the same both ways
    r"\mathbb{E}_{c \sim p}\left[\mathbb{E}_{p(x \mid c)}[g(x)]\right] = \mathbb{E}_{x \sim p}[g(x)]",
    # a sum written over the values of x presumes x discrete, as its writer does
    r"\sum_{x} p(x) = 1",
])
def test_ratios_expectations_and_written_sums_read_alike(statement):
    outcome = check_statement(statement, **notation())
    assert outcome.verdict.value in ("proved", "confirmed"), outcome.message


def test_the_densities_are_said_in_the_confirmation():
    outcome = check_statement(r"\mathbb{E}_{(x, c) \sim p}\left[\log \frac{p(x, c)}{p(x) p(c)}\right] \geq 0",
                              **notation())
    assert "its points' tables read as probabilities and as densities" in outcome.message
    assert "(1 size/index choices" in outcome.message


@pytest.mark.parametrize("statement", [
    r"p(x) \geq 1",
    r"\mathbb{E}_{(x, c) \sim p}\left[\log \frac{p(x, c)}{p(x) p(c)}\right] \leq 0",
])
def test_what_fails_for_probabilities_is_refuted_with_a_table_of_probabilities(statement):
    outcome = check_statement(statement, **notation())
    assert outcome.verdict.value == "refuted", outcome.message
    assert "densities" not in (outcome.witness.note or "")


def test_the_condition_names_the_points_of_the_distributions_the_statement_uses():
    notation_two = dict(notation(), scalar=notation()["scalar"] + [{"name": "y", "role": "point"}],
                        distribution=notation()["distribution"] + [{"name": "q", "of": ["y"]}])
    outcome = check_statement(r"p(x) \leq 1", **notation_two)
    assert outcome.verdict.value == "conditional"
    assert outcome.condition.startswith("x, c discrete (p:")


def test_a_point_a_discrete_distribution_draws_is_discrete_under_every_distribution():
    """Found by a document added blind: p declared discrete, q over the same point not, and
    p(x) ≤ 1 came out conditional on x being discrete, naming q."""
    notation = dict(scalar=[{"name": "x", "role": "point"}],
                    distribution=[{"name": "p", "of": ["x"], "discrete": True}, {"name": "q", "of": ["x"]}])
    assert check_statement(r"p(x) \leq 1", **notation).verdict.value == "confirmed"
    assert check_statement(r"q(x) \leq 1", **notation).verdict.value == "confirmed"
    assert check_statement(r"q(x) \leq \frac{1}{2}", **notation).verdict.value == "refuted"
