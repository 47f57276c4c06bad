r"""A data point declared with a value (``value_shape = []``, a random number X) is its value inside an
expectation too: ``\mathbb{E}[X]``, ``\mathbb{E}[X^2]``, ``\mathbb{E}[\log X]``, as Jensen's inequality
is written in a proof of Gibbs' inequality.  Its ``domain`` is its value's (a positive X, whose log is
taken); a point without a value has no domain, and one declared is an error rather than nothing."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(scalar=[{"name": "X", "role": "point", "value_shape": [], "drawn_from": "p", "domain": "positive"}],
                distribution=[{"name": "p", "of": ["X"]}])


@pytest.mark.parametrize("statement, kind, expected", [
    # Jensen's inequality for the concave log and the convex square, and each the wrong way round
    (r"-\mathbb{E}[\log X] \geq -\log \mathbb{E}[X]", "inequality", "confirmed"),
    (r"-\mathbb{E}[\log X] \leq -\log \mathbb{E}[X]", "inequality", "refuted"),
    (r"\mathbb{E}[X^2] \geq \mathbb{E}[X]^2", "inequality", "confirmed"),
    (r"\mathbb{E}[X^2] \le \mathbb{E}[X]^2", "inequality", "refuted"),
    # the expectation of the value itself, with and without the draw written
    (r"\mathbb{E}_{X \sim p}[X] = \mathbb{E}[X]", "identity", "confirmed"),
    (r"\mathbb{E}[2 X] = 2 \mathbb{E}[X]", "identity", "confirmed"),
    (r"\mathbb{E}[X] = 2 \mathbb{E}[X]", "identity", "refuted"),
    # the value times parentheses (it was "X is a data point: it has no value"), and a number before a hinge
    (r"\mathbb{E}[X(1 - X)] = \mathbb{E}[X] - \mathbb{E}[X^2]", "identity", "confirmed"),
    (r"\mathbb{E}[X(1 - X)] = \mathbb{E}[X]", "identity", "refuted"),
    (r"\mathbb{E}[2 [X - 1]_+] \ge 0", "inequality", "confirmed"),
])
def test_a_random_number_is_its_value_inside_an_expectation(statement, kind, expected):
    assert check_statement(statement, kind, **NOTATION).verdict.value == expected


def test_its_domain_is_its_values_so_a_log_of_it_is_defined():
    # with the domain real, log X is undefined where X ≤ 0: the domain declared is what makes it hold
    assert check_statement(r"\mathbb{E}[\log X] = \mathbb{E}[\log X]", **NOTATION).verdict.value == "confirmed"
    real = dict(NOTATION, scalar=[{**NOTATION["scalar"][0], "domain": "real"}])
    assert check_statement(r"\mathbb{E}[\log X] = \mathbb{E}[\log X]", **real).verdict.value == "conditional"


def test_a_domain_on_a_point_without_a_value_is_an_error():
    notation = dict(NOTATION, scalar=[{"name": "X", "role": "point", "drawn_from": "p", "domain": "positive"}])
    with pytest.raises(DerivationError, match="a data point has no value, so no domain"):
        check_statement(r"1 = 1", **notation)
