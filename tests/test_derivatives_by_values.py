r"""Derivatives by the value of a declared function at data points, as gradients by embeddings
are written (``\frac{\partial \mathcal{L}}{\partial f(x_i^a)}``, the triplet loss's): the value is
a variable of its own, a number or a vector of components; one point one value, two points two.
A function applied to values, or one whose values are points, is refused."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    index=[{"name": "i", "from": 1, "to": "N"}],
    scalar=[{"name": "a"}, {"name": "x", "role": "point"}, {"name": r"\alpha", "domain": "positive"}],
    family=[{"name": "x^a", "shape": ["N"], "role": "point"}, {"name": "x^p", "shape": ["N"], "role": "point"},
            {"name": "x^n", "shape": ["N"], "role": "point"}],
    function=[{"name": "f", "arguments": 1, "shape": ["d"]}, {"name": "g", "arguments": 1},
              {"name": "h", "arguments": 1}, {"name": "t", "arguments": 1, "role": "point"}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"\frac{\partial}{\partial f(x^a_i)} \|f(x^a_i) - f(x^p_i)\|^2 = 2 (f(x^a_i) - f(x^p_i))", "confirmed"),
    (r"\frac{\partial}{\partial f(x^a_i)} \|f(x^a_i) - f(x^p_i)\|^2 = 2 (f(x^a_i) + f(x^p_i))", "refuted"),
    (r"\nabla_{f(x^a_i)} f(x^a_i)^\top f(x^p_i) = f(x^p_i)", "confirmed"),
    (r"\frac{\partial}{\partial f(x^a_i)} f(x^a_i)^\top f(x^p_i) = f(x^a_i)", "refuted"),
    # the term j = i of a sum over the points is the one that moves
    (r"\frac{\partial}{\partial f(x^a_i)} \sum_{j=1}^N f(x^a_j)^\top f(x^p_j) = f(x^p_i)", "confirmed"),
    (r"\frac{\partial}{\partial f(x^a_i)} \sum_{j=1}^N f(x^a_j)^\top f(x^p_j) = N f(x^p_i)", "refuted"),
    # a function of numbers at a point: a number
    (r"\frac{\partial}{\partial g(x)} \log(1 + e^{g(x)}) = \frac{1}{1 + e^{-g(x)}}", "proved"),
    (r"\frac{\partial}{\partial g(x)} g(x)^2 = 0", "refuted"),
])
def test_a_derivative_by_a_functions_value_at_a_point(statement, expected):
    assert check_statement(statement, **NOTATION).verdict.value == expected


def test_the_triplet_gradient_without_its_hinge_is_refuted_where_the_hinge_is_inactive():
    loss = (r"\max\left(0, \|f(x_i^a) - f(x_i^p)\|^2 - \|f(x_i^a) - f(x_i^n)\|^2 + \alpha\right)")
    outcome = check_statement(rf"\frac{{\partial}}{{\partial f(x_i^p)}} {loss} = -2 \left( f(x_i^a) - f(x_i^p) \right)",
                              **NOTATION)
    assert outcome.verdict.value == "refuted"
    values = {k: float(v) for k, v in outcome.witness.values.items() if k != "α"}
    alpha = float(outcome.witness.values["α"])
    d = int(outcome.witness.sizes["d"])
    diff = lambda a, b: sum((values[f"f(x^{a}_1)_{m}"] - values[f"f(x^{b}_1)_{m}"]) ** 2 for m in range(1, d + 1))  # noqa: E731
    # the witness is a triplet the hinge leaves out: its gradient is 0, not the document's
    assert diff("a", "p") - diff("a", "n") + alpha <= 0
    assert float(outcome.witness.lhs) == 0


@pytest.mark.parametrize("statement, message", [
    (r"\frac{\partial}{\partial h(a)} h(a)^2 = 2 h(a)", "a derivative with respect to an expression"),
    (r"\frac{\partial}{\partial t(x)} g(t(x)) = 0", "a derivative with respect to an expression"),
])
def test_a_value_that_is_no_variable_of_its_own_is_refused(statement, message):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, **NOTATION)
    assert message in str(caught.value)
