r"""A density defined up to its normalising factor, as hard-negative sampling defines its negatives
(issue 13: "a definition by \propto is not read yet"): ``q_\beta(x^-) \propto e^{\beta f(x)^\top
f(x^-)} p(x^-)`` is p reweighted and divided by its mean weight, E_{x^-∼q}[g] = E_p[w g] / E_p[w].
True statements about it hold for every table of p, false ones are refuted; a ``\propto`` definition
in any other form is refused, naming what it needs."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.pipeline import check_statement

TILT = r"e^{\beta f(x)^\top f(x^-)}"
NOTATION = dict(
    size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": r"\beta", "domain": "nonnegative"}, {"name": "x", "role": "point"},
            {"name": "x^-", "role": "point"}],
    function=[{"name": "f", "arguments": 1, "shape": ["d"]}],
    distribution=[{"name": "p", "of": ["x^-"]}],
    define=[{"name": r"q_\beta", "line": 1, "latex": r"q_\beta(x^-) \propto " + TILT + r" \cdot p(x^-)"}],
)
SCORE = r"e^{f(x)^\top f(x^-)}"


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{x^-} q_\beta(x^-) = 1", "confirmed"),
    (r"\mathbb{E}_{x^- \sim q_\beta}[" + SCORE + r"] = \mathbb{E}_{x^- \sim p}[\frac{q_\beta(x^-)}{p(x^-)} " + SCORE + "]",
     "confirmed"),
    (r"\mathbb{E}_{x^- \sim q_\beta}[" + SCORE + r"] = \frac{\mathbb{E}_{x^- \sim p}[e^{(\beta + 1) f(x)^\top f(x^-)}]}"
     r"{\mathbb{E}_{x^- \sim p}[" + TILT + "]}", "confirmed"),
    # the factor \propto leaves out is not 1
    (r"\mathbb{E}_{x^- \sim q_\beta}[" + SCORE + r"] = \mathbb{E}_{x^- \sim p}[e^{(\beta + 1) f(x)^\top f(x^-)}]",
     "refuted"),
    # the tilt moves the mean (at β = 0 it would not)
    (r"\mathbb{E}_{x^- \sim q_\beta}[" + SCORE + r"] = \mathbb{E}_{x^- \sim p}[" + SCORE + "]", "refuted"),
    # the subscript may name the distribution alone
    (r"\mathbb{E}_{q_\beta}[" + SCORE + r"] = \mathbb{E}_{x^- \sim q_\beta}[" + SCORE + "]", "proved confirmed"),
])
def test_statements_about_a_tilted_distribution(statement, expected):
    assert check_statement(statement, **NOTATION).verdict.value in expected.split()


@pytest.mark.parametrize("definition, words", [
    # no declared distribution at the head's points: the normalising sum has no space to run over
    (r"q(x^-) \propto " + TILT, r"a weight times a declared distribution at the same points"),
    (r"q(x^- \mid x) \propto " + TILT + r" p(x^-)", r"its arguments are the declared points"),
    (r"p(x^-) \propto " + TILT + r" p(x^-)", r"'p' is already declared"),
    (r"q(x^-) \propto " + TILT + r" p(x^-) = r", r"read as one row"),
    # a weight that may be negative makes no distribution
    (r"q(x^-) \propto f(x)^\top f(x^-) \, p(x^-)", r"is not ≥ 0 by what the notation declares"),
])
def test_a_definition_by_propto_in_another_form_is_refused(definition, words):
    notation = dict(NOTATION, define=[{"name": "q", "line": 1, "latex": definition}])
    with pytest.raises((ParseError, DerivationError), match=words):
        check_statement(r"1 = 1", **notation)
