r"""``s^+`` beside ``s^+_i`` (a post writes one anchor's loss with s^+, then the batch's with
s^+_i): a family of one dimension declared with the name of a declared scalar is found by its
script, and the name alone stays the scalar, as the samples x_1 … x_n beside a point x are
(issue 13).  Two quantities: nothing relates them unless the document says so."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

BOTH = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}], scalar=[{"name": "s^+"}, {"name": r"\tau", "domain": "positive"}],
            family=[{"name": "s^+", "shape": ["N"]}], index=[{"name": "i", "from": 1, "to": "N"}])


@pytest.mark.parametrize("statement, expected", [
    (r"s^+ + s_i^+ = s^{+}_i + s^{+}", "proved"),
    (r"\frac{1}{N}\sum_{i=1}^N s_i^+ \leq \max_i s_i^+", "proved"),
    (r"s^+ = s_i^+", "refuted"),
    (r"s^+ \leq \max_i s_i^+", "refuted"),
])
def test_the_scalar_and_the_family_are_two_quantities(statement, expected):
    kind = "identity" if "=" in statement and "\\leq" not in statement else "inequality"
    assert check_statement(statement, kind, **BOTH).verdict.value in (
        (expected, "confirmed") if expected == "proved" else (expected,))


def test_a_family_of_two_dimensions_beside_a_scalar_is_still_declared_twice():
    notation = dict(BOTH, family=[{"name": "s^+", "shape": ["N", "N"]}])
    with pytest.raises(DerivationError, match="declared twice"):
        check_statement(r"s^+ = s^+", **notation)


def test_a_point_family_beside_a_value_scalar_is_still_declared_twice():
    notation = dict(BOTH, family=[{"name": "s^+", "shape": ["N"], "role": "point"}])
    with pytest.raises(DerivationError, match="declared twice"):
        check_statement(r"s^+ = s^+", **notation)


# s^-_j of one anchor beside s^-_{i,j} of a batch: one name, two families, told apart by the
# number of indices a use writes

RANKS = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
             family=[{"name": "s^-", "shape": ["N"]}, {"name": "s^-", "shape": ["N", "N"]}],
             index=[{"name": "i", "from": 1, "to": "N"}, {"name": "j", "from": 1, "to": "N"}])


@pytest.mark.parametrize("statement, expected", [
    (r"s_{i,j}^- + s_j^- = s^-_j + s^{-}_{i,j}", "proved"),
    (r"s_{ij}^- = s_{i,j}^-", "proved"),
    (r"s_{i,j}^- = s_j^-", "refuted"),
])
def test_two_families_of_one_name_are_told_apart_by_their_indices(statement, expected):
    outcome = check_statement(statement, **RANKS)
    assert outcome.verdict.value == expected
    if expected == "refuted":
        assert {"s^-_1", "s^-_{1,1}"} <= set(outcome.witness.values)


def test_a_use_with_a_third_number_of_indices_is_an_error():
    with pytest.raises(DerivationError, match="takes 1 indices, got 3"):
        check_statement(r"s_{i,j,i}^- = 0", **RANKS)
