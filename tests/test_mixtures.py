r"""Mixtures of distributions and class priors (issue 13): debiased contrastive learning
(Chuang et al. 2020 and the papers after it) writes the data distribution as the mixture
p = τ^+ p^+_x + τ^- p^-_x of the positives' and the negatives' distributions, with τ^- =
1 − τ^+.  ``[[distribution]] mixture = {…}``, a scalar in ``(0, 1)`` and a scalar that
``equals`` an expression state it; without them the two distributions are independent
and the papers' rearrangements are refuted, falsely.  The verdicts are the mathematics:
the rearrangement p^+ = (p − τ^- p^-)/τ^+ holds and the one with the weights swapped does
not; an expectation over p is the weighted sum of the components' expectations; p ≥ τ^+ p^+.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

PRIORS = [{"name": r"\tau^+", "domain": "(0, 1)"}, {"name": r"\tau^-", "equals": r"1 - \tau^+"}]
POINTS = [{"name": "x", "role": "point"}, {"name": "x'", "role": "point", "value_of": "x"}]
COMPONENTS = [{"name": "p^+", "of": ["x"]}, {"name": "p^-", "of": ["x"]}]
MIXTURE = {"name": "p", "of": ["x"], "mixture": {"p^+": r"\tau^+", "p^-": r"\tau^-"}}
NOTATION = dict(scalar=PRIORS + POINTS, function=[{"name": "f", "arguments": 1}],
                distribution=COMPONENTS + [MIXTURE])
E = r"\mathbb{E}_{x \sim %s} f(x)"


@pytest.mark.parametrize("statement, kind, expected", [
    (r"p^+(x') = \frac{p(x') - \tau^- p^-(x')}{\tau^+}", "identity", "confirmed"),
    (r"p^+(x') = \frac{p(x') - \tau^+ p^-(x')}{\tau^-}", "identity", "refuted"),
    (E % "p" + r" = \tau^+ " + E % "p^+" + r" + \tau^- " + E % "p^-", "identity", "confirmed"),
    (E % "p" + r" = \tau^+ " + E % "p^+" + r" + \tau^+ " + E % "p^-", "identity", "refuted"),
    (r"p(x) \geq \tau^+ p^+(x)", "inequality", "confirmed"),
    (r"p(x) \geq p^+(x)", "inequality", "refuted"),
])
def test_a_mixture_is_the_weighted_sum_of_its_components(statement, kind, expected):
    assert check_statement(statement, kind, **NOTATION).verdict.value == expected


@pytest.mark.parametrize("statement, kind, expected", [
    (r"\tau^+ + \tau^- = 1", "identity", "proved"),
    (r"\tau^- > 0", "inequality", "confirmed|proved"),
    (r"\tau^+ < \tau^-", "inequality", "refuted"),
])
def test_a_class_prior_and_a_scalar_that_equals_an_expression(statement, kind, expected):
    outcome = check_statement(statement, kind, scalar=PRIORS)
    assert outcome.verdict.value in expected.split("|")
    if expected == "refuted":       # τ^- is 1 − τ^+, no variable of its own
        assert set(outcome.witness.values) == {"τ^+"}     # written as its letter


@pytest.mark.parametrize("mixture, scalars, message", [
    # the weights must sum to 1
    ({"p^+": r"\tau^+", "p^-": r"\tau^+"}, PRIORS, "sum to 1"),
    # 1 − τ^+ is negative where τ^+ > 1: a class prior is declared in (0, 1)
    ({"p^+": r"\tau^+", "p^-": r"1 - \tau^+"}, [{"name": r"\tau^+", "domain": "positive"}], "not positive"),
    ({"p^+": "1"}, PRIORS, "two or more components"),
    ({"q": r"\tau^+", "p^-": r"\tau^-"}, PRIORS, "not a \\[\\[distribution\\]\\]"),
])
def test_a_mixture_that_is_not_a_distribution_is_refused(mixture, scalars, message):
    notation = dict(scalar=scalars + POINTS, distribution=COMPONENTS + [{**MIXTURE, "mixture": mixture}])
    with pytest.raises(DerivationError, match=message):
        check_statement("1 = 1", **notation)


@pytest.mark.parametrize("scalar, message", [
    ({"name": "t", "equals": "1", "domain": "positive"}, "'domain' belongs to them"),
    ({"name": "t", "equals": "x"}, "not a real number or an expression of the scalars"),
])
def test_a_scalar_that_equals_an_expression_is_only_that(scalar, message):
    with pytest.raises(DerivationError, match=message):
        check_statement("1 = 1", scalar=POINTS + [scalar])
