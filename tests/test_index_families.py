r"""Families of indices (issue 13): class labels that index class weights, ``W_{y_i}`` in the softmax,
CosFace and ArcFace losses, declared ``[[family]]`` with ``role = "index"`` and ``values = [1, 'C']``.
An entry of another family at y_i is, at each point checked, the entry at the value y_i takes:
written as Σ_c 𝟙[y_i = c] W_c, every W_c is a variable, and y is sampled over whole numbers of
its range (every assignment when they are few).  True statements are confirmed, a slip refuted
with y_i in the witness; a declaration without its range is an error naming it."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

SOFTMAX = dict(
    size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "C", "minimum": 2, "checked": [2, 3]},
          {"name": "d", "minimum": 1, "checked": [1, 2]}],
    family=[{"name": "W", "shape": ["C", "d"]}, {"name": "b", "shape": ["C"]}, {"name": "x", "shape": ["N", "d"]},
            {"name": "y", "shape": ["N"], "role": "index", "values": [1, "C"]}],
    define=[{"name": "L", "line": 1, "latex": r"L = -\frac{1}{N}\sum_{i=1}^N \log \frac{e^{W_{y_i}^\top x_i + b_{y_i}}}"
                                              r"{\sum_{j=1}^C e^{W_j^\top x_i + b_j}}"},
            {"name": "p", "line": 2, "latex": r"p_{ij} = \frac{e^{W_j^\top x_i + b_j}}{\sum_{k=1}^C e^{W_k^\top x_i + b_k}}"}],
)


@pytest.mark.parametrize("statement, kind, expected", [
    (r"L \geq 0", "inequality", "confirmed"),
    (r"L = \frac{1}{N}\sum_{i=1}^N \log\left(1 + \sum_{j \neq y_i} e^{W_j^\top x_i + b_j - W_{y_i}^\top x_i - b_{y_i}}\right)",
     "identity", "confirmed"),
    # the sum over every class, the true one included: one term too many
    (r"L = \frac{1}{N}\sum_{i=1}^N \log\left(1 + \sum_{j=1}^C e^{W_j^\top x_i + b_j - W_{y_i}^\top x_i - b_{y_i}}\right)",
     "identity", "refuted"),
    (r"\frac{\partial L}{\partial b_1} = \frac{1}{N}\sum_{i=1}^N (p_{i1} - \mathbb{1}[y_i = 1])", "gradient", "confirmed"),
    (r"\frac{\partial L}{\partial b_1} = \frac{1}{N}\sum_{i=1}^N (p_{i1} - \mathbb{1}[y_i = 2])", "gradient", "refuted"),
    (r"1 \leq y_1 \leq C", "inequality", "confirmed"),
])
def test_a_label_indexes_the_weights_of_its_class(statement, kind, expected):
    outcome = check_statement(statement, kind, **SOFTMAX)
    assert outcome.verdict.value == expected, outcome.message
    if expected == "refuted":
        assert "y_1" in outcome.witness.values


@pytest.mark.parametrize("family, words", [
    ({"name": "y", "shape": ["N"], "role": "index"}, "a family of indices gives the first and last value"),
    ({"name": "y", "shape": ["N"], "values": [1, "C"]}, "'values' is for a family of indices"),
    ({"name": "y", "shape": ["N", "N"], "role": "index", "values": [1, "C"]}, "has one dimension"),
    ({"name": "y", "shape": ["N"], "role": "index", "values": [1, "C"], "domain": "positive"}, "no domain"),
])
def test_a_family_of_indices_declared_wrong_is_an_error(family, words):
    notation = dict(SOFTMAX, family=[f for f in SOFTMAX["family"] if f["name"] != "y"] + [family])
    with pytest.raises(DerivationError, match=words):
        check_statement(r"L \geq 0", "inequality", **notation)


def test_a_range_past_the_indexed_family_is_an_error_of_the_statement():
    # y takes values up to C + 1, W has C rows: W_{C+1} is named, and no entry of W
    notation = dict(SOFTMAX, family=[f for f in SOFTMAX["family"] if f["name"] != "y"]
                    + [{"name": "y", "shape": ["N"], "role": "index", "values": [1, "C + 1"]}])
    outcome = check_statement(r"L \geq 0", "inequality", **notation)
    assert outcome.verdict.value == "error" and "not an entry of W" in outcome.message, outcome.message


ARCFACE = dict(
    size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "C", "minimum": 2, "checked": [2, 3]},
          {"name": "d", "minimum": 1, "checked": [1, 2]}],
    family=[{"name": "W", "shape": ["C", "d"], "role": "unit"}, {"name": "x", "shape": ["N", "d"], "role": "unit"},
            {"name": "y", "shape": ["N"], "role": "index", "values": [1, "C"]}],
    scalar=[{"name": "s", "domain": "positive"}, {"name": "m", "domain": "positive"}],
    define=[{"name": "theta", "line": 1, "latex": r"\theta_{ij} = \arccos(W_j^\top x_i)"},
            {"name": "L", "line": 2, "latex": r"L = -\frac{1}{N}\sum_{i=1}^N \log \frac{e^{s \cos(\theta_{i,y_i} + m)}}"
                                              r"{e^{s \cos(\theta_{i,y_i} + m)} + \sum_{j \neq y_i} e^{s \cos \theta_{ij}}}"}],
)


@pytest.mark.parametrize("statement, expected", [
    # a definition at the index y_i (θ_{i,y_i}): the definition at y_i's value
    (r"L \geq 0", "confirmed"),
    # the additive angular margin does not always raise the loss: at θ = π it lowers it
    (r"L \geq -\frac{1}{N}\sum_{i=1}^N \log \frac{e^{s W_{y_i}^\top x_i}}{\sum_{j=1}^C e^{s W_j^\top x_i}}", "refuted"),
])
def test_arcface_s_angle_of_the_true_class(statement, expected):
    outcome = check_statement(statement, "inequality", **ARCFACE)
    assert outcome.verdict.value == expected, outcome.message
