r"""A value declared nonnegative may be 0, and the sampler takes it there: the log or the reciprocal of a
nonnegative function's value (or of a random number's, or of a family's entries) is undefined at 0, and a
statement that writes one holds only where it is positive, which the verdict says."""
from __future__ import annotations

import pytest

from contrastive_sym.pipeline import check_statement

POINT = dict(scalar=[{"name": "x", "role": "point"}], distribution=[{"name": "p", "of": ["x"]}])


@pytest.mark.parametrize("statement, notation", [
    (r"\log f(x) = \log f(x)", dict(POINT, function=[{"name": "f", "arguments": 1, "domain": "nonnegative"}])),
    (r"\mathbb{E}[\log X] = \mathbb{E}[\log X]",
     dict(scalar=[{"name": "X", "role": "point", "value_shape": [], "drawn_from": "p", "domain": "nonnegative"}],
          distribution=[{"name": "p", "of": ["X"]}])),
    (r"\sum_{k=1}^n \log a_k = \log \prod_{k=1}^n a_k",
     dict(family=[{"name": "a", "shape": ["n"], "domain": "nonnegative"}],
          size=[{"name": "n", "minimum": 1, "checked": [1, 2]}])),
])
def test_a_log_of_a_nonnegative_value_needs_it_positive(statement, notation):
    outcome = check_statement(statement, **notation)
    assert outcome.verdict.value == "conditional"
    assert "> 0" in outcome.condition


def test_a_positive_value_needs_no_condition():
    notation = dict(POINT, function=[{"name": "f", "arguments": 1, "domain": "positive"}])
    assert check_statement(r"\log f(x) = \log f(x)", **notation).verdict.value == "proved"
