r"""A quotient whose denominator SymPy cancels (issue 13, found by probing): ``\frac{a^2}{a}``
is read as a only where a ≠ 0, as the document writes it.  Before, SymPy's automatic
cancellation made ``\frac{a^2}{a} = a`` and ``\frac{z^\top z}{\|z\|^2} = 1`` "proved", passing
silently over the points where the left side is 0/0.
"""
from __future__ import annotations

import pytest
import sympy as sp

from contrastive_sym.model.nodes import Cancelled
from contrastive_sym.latex.translate.quotients import quotient
from contrastive_sym.pipeline import check_statement

NOTATION = dict(scalar=[{"name": "a"}, {"name": "b"}, {"name": r"\tau", "domain": "positive"}],
                size=[{"name": "d", "minimum": 1, "checked": [1, 2]}], family=[{"name": "z", "shape": ["2", "d"]}])


@pytest.mark.parametrize("statement, condition", [
    (r"\frac{a^2}{a} = a", "a ≠ 0"),
    (r"\frac{a b}{b} = a", "b ≠ 0"),
    (r"a / a = 1", "a ≠ 0"),
    (r"\frac{a^2 b}{a b} = a", "a·b ≠ 0"),
    (r"\frac{|a|}{|a|} = 1", "|a| ≠ 0"),        # as a reader writes it, not SymPy's Abs(a)
])
def test_a_cancelled_denominator_is_a_condition(statement, condition):
    outcome = check_statement(statement, **NOTATION)
    assert (outcome.verdict.value, outcome.condition) == ("conditional", condition)


def test_the_cosine_of_a_row_with_itself_needs_the_row_nonzero():
    outcome = check_statement(r"\frac{z_1^\top z_1}{\|z_1\|_2^2} = 1", **NOTATION)
    assert (outcome.verdict.value, outcome.condition) == ("conditional", "Σ_{m=1}^{d} z_{1,m}² ≠ 0")


@pytest.mark.parametrize("statement, expected", [
    (r"\frac{e^{a}}{e^{a}} = 1", "proved"),              # never 0: nothing is kept
    (r"\frac{\tau a}{\tau} = a", "proved"),               # τ > 0 declared
    (r"\frac{a^2}{a} = 2a", "refuted"),                    # a false step stays refuted
])
def test_a_denominator_that_cannot_vanish_is_cancelled_as_before(statement, expected):
    assert check_statement(statement, **NOTATION).verdict.value == expected


def test_only_factors_the_division_lost_are_kept():
    a, b = sp.symbols("a b", real=True)
    assert quotient(a ** 2, a) == Cancelled(a, a)
    assert quotient(a, a * b) == Cancelled(1 / b, a)    # 1/b is still there: b = 0 is seen
    assert quotient(a * b, b * sp.exp(a)) == Cancelled(a * sp.exp(-a), b)
    assert quotient(sp.Integer(2), sp.Integer(4)) == sp.Rational(1, 2)
