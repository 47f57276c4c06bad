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


# a vector x beside the rows x_i of its space (a post's anchor beside its negatives): the name
# alone is the vector, x_i a row, whichever is declared first

VECTOR_ROWS = [{"name": "x", "shape": ["d"]}, {"name": "x", "shape": ["N", "d"], "role": "embedding"}]


@pytest.mark.parametrize("families", [VECTOR_ROWS, VECTOR_ROWS[::-1]])
@pytest.mark.parametrize("statement, expected", [
    (r"x \cdot x_i = x_i^\top x", "proved"),
    (r"\|x - x_i\|^2 = \|x\|^2 - 2 x^\top x_i + \|x_i\|^2", "proved"),
    (r"x^\top x_i = x_i^\top x_i", "refuted"),
])
def test_a_vector_beside_rows_of_its_space_is_the_name_alone(families, statement, expected):
    notation = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
                    family=families, index=[{"name": "i", "from": 1, "to": "N"}])
    outcome = check_statement(statement, **notation)
    assert outcome.verdict.value == expected, outcome.message
    if expected == "refuted":     # the vector's components are written apart from the rows' entries
        assert "(x)_1" in outcome.witness.values and "x_{1,1}" in outcome.witness.values


def test_rows_of_role_value_beside_a_vector_of_their_length_are_a_table():
    # one anchor's s^-_j (N − 1 negatives) beside a batch's s^-_{i,j}: s^-_j is the anchor's,
    # not a row of the batch's table (an embedding's rows would be)
    notation = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
                    family=[{"name": "s^-", "shape": ["N - 1"]}, {"name": "s^-", "shape": ["N", "N - 1"]}],
                    index=[{"name": "j", "from": 1, "to": "N - 1"}])
    outcome = check_statement(r"s_j^- + s^-_{1,j} = s^-_{1,j} + s_j^-", **notation)
    assert outcome.verdict.value == "proved", outcome.message
