r"""A quotient by a sum written inline, ``e^{s_i} / \sum_k e^{s_k}`` (a softmax in a sentence or a
code comment): the denominator is the sum with its body, since a sum without its body has no value
and "(e^{s_i} / \sum_k) e^{s_k}" is no reading.  Before, it was refused as ambiguous like a/b c.  A
body of several factors (``a / \sum_k b_k c``) stays refused: whether c divides or multiplies is
not written."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(scalar=[{"name": "a"}, {"name": "c"}, {"name": r"\tau", "domain": "positive"}],
                size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
                family=[{"name": "s", "shape": ["N"]}, {"name": "b", "shape": ["N"], "domain": "positive"}])


def verdict(statement: str) -> str:
    return check_statement(statement, **NOTATION).verdict.value


@pytest.mark.parametrize("statement, expected", [
    (r"e^{a} / \sum_{k=1}^{N} e^{s_k} = \frac{e^{a}}{\sum_{k=1}^{N} e^{s_k}}", "proved"),
    (r"\exp(a / \tau) / \sum_{k=1}^N \exp(s_k / \tau) = \frac{\exp(a/\tau)}{\sum_{k=1}^N \exp(s_k/\tau)}", "proved"),
    (r"a / \sum_{k=1}^N b_k + c = \frac{a}{\sum_{k=1}^N b_k} + c", "proved"),
    (r"a / \prod_{k=1}^N b_k = \frac{a}{\prod_{k=1}^N b_k}", "proved"),
    (r"e^{a} / \sum_{k=1}^{N} e^{s_k} = \frac{e^{a}}{\sum_{k=1}^{N} e^{s_k}} \cdot N", "refuted"),
    (r"a / \sum_{k=1}^N b_k + c = \frac{a + c}{\sum_{k=1}^N b_k}", "refuted"),
])
def test_the_sum_after_a_slash_is_the_denominator(statement, expected):
    assert verdict(statement) in ((expected, "confirmed") if expected == "proved" else (expected,))


@pytest.mark.parametrize("statement", [
    r"a / \sum_{k=1}^N b_k c = 1",
    r"a / \sum_{k=1}^N b_k \cdot c = 1",
    r"a / \sum_{k=1}^N b_k / c = 1",        # alone, \sum_k b_k / c sums the quotients
    r"a / \sum_{k=1}^N b_k (c + 1) = 1",     # b_k times (c + 1) in the sum, or the quotient times it
])
def test_a_body_of_several_factors_is_refused_as_ambiguous(statement):
    with pytest.raises(ParseError, match=r"ambiguous: in 'a / \\sum_\{k=1\}\^N b_k .*' the sum after '/' reaches over"):
        verdict(statement)
