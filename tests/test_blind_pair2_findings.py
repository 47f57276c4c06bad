r"""What two more documents added blind showed (a thesis chapter on NCA metric learning in LaTeX,
notes on Barlow Twins and VICReg), each fixed and kept so:

* ``\space`` is spacing, as ``\quad`` is (a row ``W_{ij} = …, \space W_{ii} = 0`` defines both);
* a sum over the j of one class, ``\sum_{j : c_j = c_i}``, with c a family of indices (classes
  1 … T), reads as the indicator ``\mathbb{1}[c_j = c_i]`` does;
* a name written in another font, ``\mathcal{E}_{nca}``, is not the plain E the reading says is
  the expectation.
(The index an undeclared argument writes and a family given by equals written alone:
test_index_in_an_undeclared_argument.py; the entropies: test_divergences_and_entropy.py.)"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from contrastive_sym.pipeline import check_statement

sys.path.insert(0, str(Path(__file__).parent))
from document_claims import claim_result  # noqa: E402

CLASSES = dict(size=[{"name": "n", "minimum": 2, "checked": [2, 3]}, {"name": "T", "minimum": 1, "checked": [1, 2]}],
               index=[{"name": "i", "from": 1, "to": "n"}, {"name": "t", "from": 1, "to": "T"}],
               family=[{"name": "c", "shape": ["n"], "role": "index", "values": [1, "T"]},
                       {"name": "w", "shape": ["n"]}])


@pytest.mark.parametrize("statement, verdict", [
    (r"\sum_{j : c_j = c_i} w_j = \sum_{j=1}^{n} \mathbb{1}[c_j = c_i] w_j", "proved"),
    (r"\sum_{j : c_j = t} w_j = \sum_{j=1}^{n} \mathbb{1}[c_j = t] w_j", "proved"),
    (r"\sum_{j : c_j \neq c_i} w_j + \sum_{j : c_j = c_i} w_j = \sum_{j=1}^{n} w_j", ("proved", "confirmed")),
    (r"\sum_{j : c_j = c_i} w_j = \sum_{j=1}^{n} w_j", "refuted"),
])
def test_a_sum_over_the_members_of_a_class(statement, verdict):
    assert check_statement(statement, **CLASSES).verdict.value in ((verdict,) if isinstance(verdict, str) else verdict)


def test_space_is_spacing():
    notation = dict(size=[{"name": "n", "minimum": 2, "checked": [2, 3]}], index=[{"name": "i", "from": 1, "to": "n"},
                    {"name": "j", "from": 1, "to": "n"}], family=[{"name": "x", "shape": ["n"]}],
                    define=[{"name": "W", "line": 1, "latex": r"W_{ij} = \exp(-(x_i - x_j)^2), \space W_{ii} = 0"}])
    assert check_statement(r"W_{1,1} = 0", **notation).verdict.value == "proved"
    assert check_statement(r"W_{1,2} = \exp(-(x_1 - x_2)^2)", **notation).verdict.value in ("proved", "confirmed")
    assert check_statement(r"\space a = a", scalar=[{"name": "a"}]).verdict.value == "proved"


def test_a_name_in_another_font_is_not_the_plain_e():
    text = r'''
id = "e"
title = "e"
source = "e.tex"
[[scalar]]
name = 'u'
[[define]]
line = 1
latex = '\mathcal{E}_{megm} = u^2'
[[claim]]
id = "c"
line = 2
title = "c"
latex = '\frac{\partial \mathcal{E}_{megm}}{\partial u} = 2u'
'''
    claim = claim_result(text)
    assert claim.outcome.verdict.value == "proved"
    assert "expectation" not in (claim.claim.reading or "")


COVARIANCE = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
                  family=[{"name": "z", "shape": ["N", "d"]}],
                  define=[{"name": "C", "line": 1, "latex": r"\hat{C}(Z) = \sum_{b=1}^{N} z_b z_b^\top"}])


@pytest.mark.parametrize("statement, verdicts", [
    # a matrix defined with an argument the notation declares nowhere (what it is of): its entries
    (r"[\hat{C}(Z)]_{1,1} = \sum_{b=1}^{N} z_{b,1}^2", ("proved", "confirmed")),
    (r"\mathrm{tr}(\hat{C}(Z)) = \sum_{b=1}^{N} \|z_b\|^2", ("proved", "confirmed")),
    (r"[\hat{C}(Z)]_{1,1} = 0", ("refuted",)),
])
def test_a_matrix_defined_of_an_undeclared_argument(statement, verdicts):
    assert check_statement(statement, **COVARIANCE).verdict.value in verdicts


def test_a_matrix_is_not_a_number():
    from contrastive_sym.errors import DerivationError
    with pytest.raises(DerivationError, match="a d × d matrix and a number"):
        check_statement(r"\hat{C}(Z) = 1", **COVARIANCE)


def test_a_slice_up_to_an_index_is_named_as_such():
    from contrastive_sym.errors import DerivationError
    notation = dict(size=[{"name": "T", "minimum": 1, "checked": [1, 2]}], index=[{"name": "t", "from": 1, "to": "T"}],
                    family=[{"name": "z", "shape": ["T"]}], function=[{"name": "g", "arguments": 1}])
    with pytest.raises(DerivationError, match=r"'z_\{\\leq t\}', the entries up to an index at once \(a slice\)"):
        check_statement(r"g(z_{\leq t}) = g(z_{\leq t})", **notation)


SUPPOSED = dict(scalar=[{"name": r"\theta", "equals": "0.5"}, {"name": "m", "equals": r"\arccos(0.59)"},
                        {"name": "a"}])


@pytest.mark.parametrize("statement, verdict", [
    # a value a document supposes (θ = 0.5 radians), declared as a scalar equal to a number
    (r"\cos(\theta) \approx 0.878", "proved"),
    (r"\cos(\theta) \approx 0.87", "refuted"),
    (r"\cos(m) = 0.59", "proved"),
])
def test_a_scalar_may_equal_a_number(statement, verdict):
    assert check_statement(statement, **SUPPOSED).verdict.value == verdict


def test_a_scalar_equal_to_a_point_is_refused():
    from contrastive_sym.errors import DerivationError
    with pytest.raises(DerivationError, match="is not a real number or an expression of the scalars"):
        check_statement("b = b", scalar=[{"name": "x", "role": "point"}, {"name": "b", "equals": "x + 1"}])


def test_an_index_compared_with_a_class_stays_a_condition_on_the_index():
    # \sum_{j \neq c_i}: the index j skips the class of i (a softmax's other classes), as before
    assert check_statement(r"\sum_{j \neq c_i} w_j + w_{c_i} = \sum_{j=1}^{n} w_j", **CLASSES).verdict.value \
        in ("proved", "confirmed")
