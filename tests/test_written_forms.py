r"""Forms Markdown notes and papers write that mean what a mathematician reads (issue 13):
``[x]_+`` (the positive part of hinge losses), ``log`` and ``exp`` written in letters,
``a^\top \cdot b``.  Each must read as the explicit form (proved equal to it), and a
near miss must not be proved.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(scalar=[{"name": "a", "domain": "positive"}, {"name": "b", "domain": "positive"},
                        {"name": "c"}],
                size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                family=[{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}])


def verdict(statement: str) -> str:
    return check_statement(statement, **NOTATION).verdict.value


@pytest.mark.parametrize("statement", [
    r"[c - a]_+ = \max(c - a, 0)",
    r"\left[ c - a \right]_+ = \max(0, c - a)",
    r"\big[ c \big]_{+} = \max(c, 0)",
    r"-log \frac{a}{b} = \log b - \log a",
    r"-log a + c = c - \log a",
    r"exp(c) a = a e^{c}",
    r"u^\top \cdot v = u \cdot v",
])
def test_the_written_form_reads_as_the_explicit_one(statement):
    assert verdict(statement) == "proved"


@pytest.mark.parametrize("statement", [
    r"[c - a]_+ = c - a",
    r"-log a + c = -\log(a + c)",
])
def test_a_near_miss_is_not_proved(statement):
    assert verdict(statement) == "refuted"


def test_a_subscript_plus_on_a_name_is_not_a_positive_part():
    with pytest.raises(ParseError):
        verdict(r"c_+ = \max(c, 0)")
