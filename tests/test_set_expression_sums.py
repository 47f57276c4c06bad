r"""Sums over sets written as expressions of sets (issue 13): ``\sum_{k \in [2N] \setminus \{i\}}``
as SimCLR posts write the negatives, unions, intersections and set-builders; each member is
summed once and nothing else is.  Also ``\cap [N]``, which the grammar reads as a call, is
the operation and its operand in a row of sets too.
"""
from __future__ import annotations

import pytest

from contrastive_sym.pipeline import check_statement

BATCH = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
             family=[{"name": "s", "shape": ["2N", "2N"]}, {"name": "y", "shape": ["2N"], "role": "label"}],
             index=[{"name": "i", "to": "2N"}, {"name": "j", "to": "2N", "distinct_from": ["i"]}])


def verdict(statement: str, kind: str = "identity") -> str:
    return check_statement(statement, kind, **BATCH).verdict.value


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{k \in [2N] \setminus \{i\}} e^{s_{i,k}} = \sum_{k \neq i} e^{s_{i,k}}", "proved"),
    (r"\sum_{k \in \{1, \dots, 2N\} \setminus \{i\}} e^{s_{i,k}} = \sum_{k \neq i} e^{s_{i,k}}", "proved"),
    (r"\sum_{k \in [2N] \setminus \{i\}} e^{s_{i,k}} = \sum_{k=1}^{2N} e^{s_{i,k}}", "refuted"),
    (r"\sum_{k \in [2N] \setminus \{i, j\}} e^{s_{i,k}} = \sum_{k=1}^{2N} e^{s_{i,k}} - e^{s_{i,i}} - e^{s_{i,j}}",
     "confirmed"),
    (r"\sum_{k \in [2N] \setminus \{i, j\}} 1 = 2N - 1", "refuted"),
    (r"\sum_{k \in ([2N] \setminus \{i\}) \cup \{i\}} 1 = 2N", "proved"),
    (r"\sum_{k \in [2N] \cap [N]} 1 = N", "confirmed"),
    (r"\sum_{k \in [2N] \cap [N]} 1 = 2N", "refuted"),
    (r"\sum_{k \in [2N] \setminus [2N]} 1 = 0", "proved"),
    (r"\sum_{p \in \{k \in [2N] : k \neq i\}} 1 = 2N - 1", "proved"),
])
def test_a_sum_over_a_combined_set_runs_over_its_members(statement, expected):
    assert verdict(statement) == expected


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{p \in \{k \in [2N] : y_k = y_i\}} 1 \ge 1", "confirmed"),     # i is in its own class
    (r"\sum_{p \in \{k \in [2N] : y_k = y_i\}} 1 \ge 2", "refuted"),       # not always another
])
def test_a_set_builder_under_a_sum_keeps_its_condition(statement, expected):
    assert verdict(statement, "inequality") == expected


@pytest.mark.parametrize("row, expected", [
    (r"[2N] \cap [N] = [N]", "confirmed"),
    (r"[2N] \setminus [N] = [N]", "refuted"),
])
def test_an_operation_before_a_bracket_is_read_in_a_row_of_sets(row, expected):
    assert verdict(row) in ((expected, "proved") if expected == "confirmed" else (expected,))
