r"""A sum over the entries of a family whose indices a declared set of indices gives (issue 13):
``\sum_{x_j \in S} f(x_j)``, as notes write it where their S is the set of the indices j, runs j
over S and says so; where the entries are labels or take finitely many values, the words may
instead run over the j whose value x_j is in S, and the sum is refused as ambiguous."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement, toml_key, toml_value, verify_text

NOTATION = dict(
    size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    family=[{"name": "x", "shape": ["N"]}, {"name": "z", "shape": ["N", "d"], "role": "embedding"},
            {"name": "v", "shape": ["N"], "role": "point"}, {"name": "s", "shape": ["N"], "index_written": "superscript"},
            {"name": "y", "shape": ["N"], "role": "label"}, {"name": "b", "shape": ["N"], "domain": "binary"}],
    index=[{"name": "i", "from": 1, "to": "N"}],
    set=[{"name": "S", "from": 1, "to": "N"}, {"name": "A", "index": "a", "to": "N", "any_subset": True},
         {"name": "P(i)", "index": "p", "to": "N", "where": r"p \neq i, y_p = y_i"}],
    function=[{"name": "f", "arguments": 1}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{x_k \in S} x_k = \sum_{k=1}^N x_k", "proved"),
    (r"\sum_{x_k \in S} x_k = \sum_{k=2}^N x_k", "refuted"),
    (r"\sum_{x_k \in [N]} x_k^2 = \sum_{k \in [N]} x_k^2", "proved"),
    (r"\sum_{x_a \in A} x_a = \sum_{a \in A} x_a", "proved"),
    (r"\sum_{x_p \in P(i)} x_p = \sum_{p \in P(i)} x_p", "proved"),
    (r"\sum_{x_p \in P(i)} x_p = \sum_{p \neq i} x_p", "refuted"),
    (r"\sum_{v_k \in S} f(v_k) = \sum_{k=1}^N f(v_k)", "proved"),
    (r"\sum_{z_k \in S} \|z_k\|^2 = \sum_{k=1}^N z_k \cdot z_k", "proved"),
    (r"\sum_{s^k \in S} s^k = \sum_{k=1}^N s^k", "proved"),
])
def test_a_sum_over_entries_runs_their_index_over_the_set(statement, expected):
    assert check_statement(statement, **NOTATION).verdict.value == expected


def test_the_reading_is_said():
    statement = r"\sum_{x_k \in S} x_k = \sum_{k=1}^N x_k"
    lines = ['id = "d"', 'title = "d"', 'source = "d.txt"']
    lines += [f"{toml_key(t)} = {toml_value(v)}" for t, v in NOTATION.items()]
    lines += ["", "[[claim]]", 'id = "c"', "line = 1", 'title = "c"', 'kind = "identity"',
              f"latex = {toml_value(statement)}"]
    claim = verify_text("\n".join(lines) + "\n").documents[0].claims[0]
    assert r"\sum_{x_k \in S}: k runs over S, x_k being the entry k of x" in claim.claim.reading


@pytest.mark.parametrize("statement", [r"\sum_{b_k \in A} x_k = \sum_{a \in A} x_a",
                                       r"\sum_{b_k \in [N]} x_k = \sum_{k=1}^N x_k"])
def test_entries_of_finitely_many_values_are_ambiguous(statement):
    with pytest.raises(ParseError, match="ambiguous: .* may run k over .* or over the indices k whose value"):
        check_statement(statement, **NOTATION)


def test_entries_of_labels_are_not_read_as_a_range():
    # y_k \in S compares a label: refused (by the sums over labels), never read as k \in S
    with pytest.raises(ParseError):
        check_statement(r"\sum_{y_k \in S} x_k = \sum_{k=1}^N x_k", **NOTATION)


def test_a_superscript_entry_of_a_family_indexed_by_subscripts_is_not_an_entry():
    with pytest.raises(ParseError, match="is not a member of S as declared"):
        check_statement(r"\sum_{x^k \in S} x_k = \sum_{k=1}^N x_k", **NOTATION)


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{v_k \in S} f(v_k) = \sum_{k \in S} f(v_k)", "proved"),
    (r"\sum_{v_p \in P(i)} f(v_p) = \sum_{k=1}^N f(v_k)", "refuted"),
])
def test_the_samples_of_a_point_declared_beside_it_are_its_entries(statement, expected):
    # a point v and the family of its samples v_1 … v_N under one name (the CPC review's x and x_j):
    # "'v_k' is not a bound index" was said, the name's first meaning being the point
    notation = dict(NOTATION, scalar=[{"name": "v", "role": "point"}])
    assert check_statement(statement, **notation).verdict.value == expected
