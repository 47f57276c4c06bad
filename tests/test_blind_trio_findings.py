r"""What three documents added blind showed (a survey of deep metric learning, lecture notes on
variational bounds of the mutual information, a library's notes on hard negatives), each fixed
and kept so:

* ``\begin{eqnarray*} a &=& b \end{eqnarray*}``, the old LaTeX alignment, is read as ``align*``;
* a power written before the arguments of a function of several arguments or of points,
  ``\mathcal{D}^2_{f}(x_1, x_2)``, is of its value, said in the reading; a function of one number
  keeps ``f^2(x)`` refused (f(x)² or f(f(x)));
* a mutual information with no distribution (the exact method's I(X; Y)) in a link that also writes
  points and scalars is undecided with the reason, never an internal error;
* a name a section declares anew is written by a formula only as itself: ``p^+`` is not ``p``."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_result  # noqa: E402

REALS = dict(scalar=[{"name": "a"}, {"name": "b"}])


@pytest.mark.parametrize("statement, verdict", [
    (r"\begin{eqnarray*} a &=& \log e^{a} \\ &=& a \end{eqnarray*}", "proved"),
    (r"\begin{eqnarray} a + b &=& b + a \end{eqnarray}", "proved"),
    (r"\begin{eqnarray*} a &=& a + 1 \end{eqnarray*}", "refuted"),
])
def test_eqnarray_is_an_alignment(statement, verdict):
    assert check_statement(statement, **REALS).verdict.value == verdict


POINTS = dict(scalar=[{"name": "x", "role": "point"}, {"name": "y", "role": "point"}],
              family=[{"name": "z", "shape": ["d"]}], size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
              function=[{"name": "f", "arguments": 1, "shape": ["d"]}, {"name": "g", "arguments": 1}],
              define=[{"name": "D", "line": 1, "latex": r"\mathcal{D}_{f}(x, y) = \|f(x) - f(y)\|"}])


def test_a_power_before_the_arguments_of_a_function_of_points_is_of_its_value():
    outcome = check_statement(r"\mathcal{D}^2_{f}(x, y) = \|f(x) - f(y)\|^2", **POINTS)
    assert outcome.verdict.value in ("proved", "confirmed"), outcome.message
    assert check_statement(r"\mathcal{D}^2_{f}(x, y) = \|f(x) - f(y)\|", **POINTS).verdict.value == "refuted"
    assert check_statement(r"\mathcal{D}_{f}^2(x, y) = \mathcal{D}_{f}(x, y)^2", **POINTS).verdict.value \
        in ("proved", "confirmed")


def test_the_power_is_said_in_the_reading():
    text = '''
id = "p"
title = "p"
source = "p.md"
[[size]]
name = 'd'
minimum = 1
checked = [1, 2]
[[scalar]]
name = 'x'
role = "point"
[[scalar]]
name = 'y'
role = "point"
[[function]]
name = 'f'
arguments = 1
shape = ['d']
[[define]]
name = 'D'
line = 1
latex = '\\mathcal{D}(x, y) = \\|f(x) - f(y)\\|'
[[claim]]
id = "c"
line = 2
title = "c"
latex = '\\mathcal{D}^2(x, y) \\geq 0'
'''
    claim = claim_result(text)
    assert "is of its value" in claim.claim.reading


def test_a_power_before_the_argument_of_a_function_of_one_number_stays_refused():
    with pytest.raises(DerivationError):
        check_statement(r"h^2(a) = h(a)^2", scalar=[{"name": "a"}], function=[{"name": "h", "arguments": 1}])


def test_a_mutual_information_without_a_distribution_beside_points_is_undecided_not_an_error():
    declared = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}],
                    scalar=[{"name": r"\tau", "domain": "positive"}, {"name": "q", "role": "point"},
                            {"name": "p^+", "role": "point"}],
                    function=[{"name": r"\text{sim}", "arguments": 2}],
                    quantity=[{"name": "I(q; p^+)", "meaning": "mutual information"}])
    outcome = check_statement(r"\text{sim}(q, p^+) / \tau \geq I(q; p^+) - \log N", "inequality", **declared)
    assert outcome.verdict.value == "undecided"
    assert "the exact method computes" in outcome.message and "q" in outcome.message


SIZES = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
             index=[{"name": "i", "from": 1, "to": "N"}, {"name": "k", "from": 1, "to": "N"}])


@pytest.mark.parametrize("statement, verdict", [
    # the bar of a set written by a condition is its colon
    (r"\sum_{k \in \{k \in [N] \mid k \neq i\}} 1 = N - 1", "proved"),
    (r"\sum_{k \in \{k \in [N] | k \neq i\}} 1 = N - 1", "proved"),
    (r"\sum_{k \in \{k \in [N] \mid k \neq i\}} 1 = N", "refuted"),
])
def test_the_bar_of_a_set_by_a_condition_is_its_colon(statement, verdict):
    assert check_statement(statement, **SIZES).verdict.value == verdict


def test_a_set_by_a_condition_as_a_value_says_where_it_is_read():
    with pytest.raises(DerivationError, match="a set written by a condition, is read as the range of a sum"):
        check_statement(r"|\{k \mid k \neq i\}| = N - 1", **SIZES)
