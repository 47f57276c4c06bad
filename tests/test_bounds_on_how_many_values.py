r"""Bounds that hold only for points of few values (H(X) ≤ log 2, I(X; Y) ≤ log 2, H(X) ≤ 1.1): the tables the
checker draws have two or three values of each point, where these hold, so they were confirmed (with four
points even log 2 passed), and conditions were drawn that do not make them true ("N ≥ 3" of H(X) ≤ log(N - 1),
"every probability positive" of H(X) < 1.1).  Each point in turn, and each pair at the smallest instance, is
tried again with many values (a uniform X of six values has H(X) = log 6): only a violation counts there.
What holds for every number of values still passes.

A strict bound over tables is conditional on what the drawn tables have, which is now said in full: a point
of one value (H(X) = 0) has every probability positive, and X ≡ 1 in [0, 1] has no ties, so both belong to
the condition.  A condition that names a value at a cell no statement names (val(X_⋆1) > 0) is said of the
point: X > 0 at every value X takes."""
from __future__ import annotations

import pytest

from contrastive_sym.pipeline import check_statement


def tables(points: str, **more) -> dict:
    return dict(scalar=[{"name": n, "role": "point"} for n in points],
                distribution=[{"name": "p", "of": list(points), "discrete": True}],
                quantity=[{"name": "I", "meaning": "mutual information", "of": "p"},
                          {"name": "H", "meaning": "entropy", "of": "p"}], **more)


def verdict(statement: str, kind: str, notation: dict) -> str:
    return check_statement(statement, kind, **notation).verdict.value


@pytest.mark.parametrize("points, statement, kind, expected", [
    ("WXYZ", r"H(X) \le \log 2", "inequality", "refuted"),
    ("WXYZ", r"I(X; Y) \le \log 2", "inequality", "refuted"),
    ("XYZ", r"H(X) \le 1.1", "inequality", "refuted"),
    ("XYZ", r"H(X) < 1.1", "inequality", "refuted"),
    # what holds for any number of values
    ("XYZ", r"I(X; Y) \le H(X)", "inequality", "confirmed"),
    ("XYZ", r"H(X, Y) \le H(X) + H(Y)", "inequality", "confirmed"),
    ("XY", r"I(X; Y) \ge 0", "inequality", "confirmed"),
])
def test_a_bound_on_how_many_values_is_tried_beside_many(points, statement, kind, expected):
    assert verdict(statement, kind, tables(points)) == expected


def test_a_bound_false_of_probabilities_is_refuted_not_said_to_need_discrete_points():
    # failing only where the tables are read as densities, it was "conditional: X, Y, Z discrete"
    notation = tables("XYZ")
    notation["distribution"] = [{"name": "p", "of": ["X", "Y", "Z"]}]
    assert verdict(r"H(X) \le 1.1", "inequality", notation) == "refuted"


@pytest.mark.parametrize("checked", [[3, 4], [2, 3]])
def test_a_bound_by_a_size_is_tried_beside_many_values_at_the_sizes_after_the_smallest(checked):
    # at N = 2 it fails for every table; "it needs N ≥ 3" was said, and it fails at N = 3 beside 3 values
    notation = tables("XYZ", size=[{"name": "N", "minimum": checked[0], "checked": checked}])
    assert verdict(r"H(X) \le \log(N - 1)", "inequality", notation) == "refuted"


def random_number(domain: str | None) -> dict:
    point = {"name": "X", "role": "point", "value_shape": [], "drawn_from": "p"}
    return dict(scalar=[{**point, "domain": domain} if domain else point], distribution=[{"name": "p", "of": ["X"]}])


@pytest.mark.parametrize("statement, domain", [
    (r"\mathbb{E}[X] < 1", "[0, 1]"),
    (r"\mathbb{E}[X^2] > \mathbb{E}[X]^2", None),
])
def test_a_strict_bound_that_fails_at_ties_needs_two_values_at_positive_probabilities_too(statement, domain):
    outcome = check_statement(statement, "inequality", **random_number(domain))
    assert outcome.verdict.value == "conditional"
    assert "two equal values of X" in outcome.condition
    assert "every probability of the distributions' tables is positive, each point taking two values at least" \
        in outcome.condition


def test_a_strict_bound_true_of_the_tables_says_the_tables_have_two_values_of_each_point():
    outcome = check_statement(r"H(X) > 0", "inequality", **tables("XY"))
    assert outcome.verdict.value == "conditional"
    assert outcome.condition.endswith("each point taking two values at least")


@pytest.mark.parametrize("statement, said", [
    (r"\mathbb{E}[\log X] \le \log \mathbb{E}[X]", "X > 0 at every value X takes"),
    (r"\mathbb{E}[X^{-1}] \ge \mathbb{E}[X]^{-1}", "X ≠ 0 at every value X takes"),
])
def test_a_condition_on_an_unnamed_value_is_said_of_the_point(statement, said):
    outcome = check_statement(statement, "inequality", **random_number("nonnegative"))
    assert outcome.verdict.value == "conditional"
    assert outcome.condition == said and "⋆" not in outcome.message
