r"""The ball evaluator computes 1 - 1/(1 + X) as X/(1 + X) (check/numeric/cancellations.py): the same
number, undefined where the original is, but at X = e^{-u} with u = s/τ for a tiny τ the difference
cancels to 0 at any precision while the quotient is e^{-u}/(1 + e^{-u}).  So the binary cross entropy
and the sigmoid losses over a temperature are decided at the extreme temperatures the sampler tries."""
from __future__ import annotations

from fractions import Fraction

import sympy as sp
from flint import arb

from contrastive_sym.check.numeric.cancellations import logistic_complement
from contrastive_sym.check.numeric.program import UNDEFINED, Program
from contrastive_sym.pipeline import check_statement

LOGISTIC = [{"name": r"\sigma", "meaning": "logistic"}]
SCALARS = [{"name": "x"}, {"name": r"\tau", "domain": "positive", "role": "scale"}]


def test_the_complement_of_the_logistic_is_found_and_nothing_else():
    u, y = sp.symbols("u y")
    assert logistic_complement(1 - 1 / (1 + sp.exp(-u))) == sp.exp(-u)
    assert logistic_complement(1 - 1 / (1 + y)) == y
    assert logistic_complement(2 - 1 / (1 + y)) is None
    assert logistic_complement(1 - 2 / (1 + y)) is None
    assert logistic_complement(1 + y) is None


def test_the_form_is_the_same_number_and_undefined_where_the_original_is():
    y = sp.Symbol("y")
    program = Program(sp.log(1 - 1 / (1 + y)), {})
    assert program({y: -1}, 128) is UNDEFINED or program({y: -1}, 128) is None
    value = program({y: Fraction(1, 3)}, 128)
    assert abs(value - (arb(1) / 4).log()) < arb(10) ** -12
    tiny = Program(sp.log(1 - 1 / (1 + sp.exp(-y))), {})({y: 10 ** 6}, 128)
    assert tiny is not None and abs(tiny + 10 ** 6) < 1


def test_the_cross_entropy_of_a_tiny_temperature_is_decided_everywhere():
    outcome = check_statement(r"\log(1 - \sigma(x/\tau)) = -\log(1 + e^{x/\tau})", operator=LOGISTIC, scalar=SCALARS)
    assert outcome.verdict.value == "proved" and "could not be decided" not in outcome.message
    wrong = check_statement(r"\log(1 - \sigma(x/\tau)) = -\log(1 + e^{-x/\tau})", operator=LOGISTIC, scalar=SCALARS)
    assert wrong.verdict.value == "refuted"
