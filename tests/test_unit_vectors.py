r"""Vectors of norm 1, ``role = "unit"`` (issue 13): contrastive learning works on the
hypersphere, and a document's ``e^{-t\|u-v\|^2} = e^{2t u^\top v - 2t}`` (Wang & Isola's
Gaussian potential, as a review writes it) holds there, not for every vector.  Without a way
to say so, a true display was refuted; now the rows are sampled as exact rational points of
the sphere, whole at their declared length."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from contrastive_sym.check.sampling.unit import on_sphere
from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

ROWS = dict(size=[{"name": "n", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2, 3]}],
            family=[{"name": "z", "shape": ["n", "d"], "role": "unit"}, {"name": "u", "shape": ["d"], "role": "unit"}],
            scalar=[{"name": "t", "domain": "positive", "role": "scale"}])
ENCODER = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2, 3]}],
               scalar=[{"name": "x", "role": "point"}, {"name": "y", "role": "point"}],
               function=[{"name": "f", "arguments": 1, "shape": ["d"], "role": "unit"}])


def test_the_points_sampled_are_exactly_on_the_sphere():
    for t in ([F(1, 3)], [F(2), F(-5, 7)], [F(1, 10**20)] * 3):
        assert sum(x * x for x in on_sphere(t)) == 1


@pytest.mark.parametrize("statement, kind, expected", [
    (r"\|z_1\|^2 = 1", "identity", "confirmed"),
    (r"\|u\|^2 = 1", "identity", "confirmed"),
    (r"e^{-t\|z_1-z_2\|^2} = e^{2t z_1 \cdot z_2 - 2t}", "identity", "confirmed"),
    (r"z_1 \cdot z_2 \leq 1", "inequality", "confirmed"),
    (r"\|z_1 - z_2\|^2 = 2 + 2 z_1 \cdot z_2", "identity", "refuted"),
    (r"z_1 \cdot z_2 < 1", "inequality", "refuted"),       # equal rows
])
def test_rows_of_norm_one(statement, kind, expected):
    assert check_statement(statement, kind, **ROWS).verdict.value == expected


def test_a_component_ranges_over_the_interval_not_over_plus_or_minus_one():
    """Sampled whole: with only z_{1,1} named, a row of length 3 still gives it values in (−1, 1)."""
    outcome = check_statement(r"z_{1,1}^2 = 1", **ROWS)
    assert outcome.verdict.value == "refuted"
    assert 0 < abs(F(outcome.witness.values["z_{1,1}"])) < 1


@pytest.mark.parametrize("statement, kind, expected", [
    (r"\|f(x) - f(y)\|_2^2 = 2 - 2 f(x)^\top f(y)", "identity", "confirmed"),
    (r"f(x)^\top f(y) \geq -1", "inequality", "confirmed"),
    (r"f(x)^\top f(y) \geq 0", "inequality", "refuted"),
])
def test_an_encoder_onto_the_sphere(statement, kind, expected):
    assert check_statement(statement, kind, **ENCODER).verdict.value == expected


@pytest.mark.parametrize("notation, message", [
    (dict(scalar=[{"name": "a", "role": "unit"}]), "scalar a: role 'unit' is for vectors of norm 1"),
    (dict(scalar=[{"name": "a"}], function=[{"name": "g", "arguments": 1, "role": "unit"}]),
     "function g: role 'unit' is for vector values"),
])
def test_unit_on_what_is_not_a_vector_is_refused_naming_the_line(notation, message):
    with pytest.raises(DerivationError, match=message):
        check_statement("a = a", **notation)


VIEWS = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2, 3]}],
             index=[{"name": "i", "to": "N"}, {"name": "j", "to": "N"}],
             family=[{"name": "z", "shape": ["2", "N", "d"], "index_written": "superscript and subscript",
                      "role": "unit"}])


@pytest.mark.parametrize("statement, kind, expected", [
    (r"\|z_i^{(1)}\| = 1", "identity", "confirmed"),
    (r"z_i^{(1)} \cdot z_j^{(2)} \leq 1", "inequality", "confirmed"),
    (r"z_i^{(1)} \cdot z_j^{(2)} \geq -1", "inequality", "confirmed"),
    (r"z_i^{(1)} \cdot z_j^{(2)} \leq 0.99", "inequality", "refuted"),
    (r"\|z_i^{(1)} - z_j^{(2)}\|^2 = 2 - 2 z_i^{(1)} \cdot z_j^{(2)}", "identity", "confirmed"),
])
def test_the_rows_of_two_views_on_the_sphere(statement, kind, expected):
    """DCL and SimCLR write the two views' normalized embeddings z^{(1)}_i, z^{(2)}_i: a family of three
    dimensions whose vectors, along its last one, have norm 1 (before, role 'unit' was refused there)."""
    assert check_statement(statement, kind, **VIEWS).verdict.value == expected

