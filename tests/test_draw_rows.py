r"""A defining display may say where its names are drawn from beside what it defines:
``t_A \sim T, t_B \sim T \\ x_A := t_A(x), x_B := t_B(x)``, or ``\tilde{x}_i = t(x),\quad
\tilde{x}_j = t'(x),\quad t, t' \sim \mathcal{T}`` (SimCLR's augmentations).  The draw rows define
nothing and are said in the definition's reading; the definitions beside them are read as usual.
A display of draws alone defines nothing and is refused, and a ``\sim`` between expressions is
no draw row.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    scalar=[{"name": "x", "role": "point"}],
    function=[{"name": "t", "arguments": 1, "role": "point"}, {"name": "t'", "arguments": 1, "role": "point"},
              {"name": "t_A", "arguments": 1, "role": "point"}, {"name": "t_B", "arguments": 1, "role": "point"},
              {"name": "f", "arguments": 1}, {"name": "g", "arguments": 1}],
)


def check(statement: str, latex: str):
    return check_statement(statement, "identity", **NOTATION,
                           define=[{"name": "views", "line": 3, "latex": latex}])


@pytest.mark.parametrize("latex", [
    r"\begin{align*} & t_A \sim T, t_B \sim T \qquad &\text{Sample augmentations}\\ "
    r"& \tilde{x}_i := t_A(x), \tilde{x}_j := t_B(x) &\text{Apply to image} \end{align*}",
    r"\tilde{x}_i = t_A(x),\quad\tilde{x}_j = t_B(x),\quad t_A, t_B \sim \mathcal{T}",
])
def test_the_definitions_beside_draw_rows_are_read(latex):
    assert check(r"f(\tilde{x}_i) - f(\tilde{x}_j) = f(t_A(x)) - f(t_B(x))", latex).verdict.value == "proved"
    assert check(r"f(\tilde{x}_i) = f(t_B(x))", latex).verdict.value == "refuted"


def test_a_display_of_draws_alone_defines_nothing():
    with pytest.raises(DerivationError, match="defines nothing"):
        check(r"f(x) = f(x)", r"t_A, t_B \sim \mathcal{T}")


def test_a_sim_between_expressions_is_no_draw_row():
    # f(x) \sim g(x) (asymptotically equal, or alike): not where a name is drawn from
    with pytest.raises(DerivationError, match="this row relates its name by|neither a definition"):
        check(r"f(\tilde{x}_i) = f(t_A(x))", r"\tilde{x}_i = t_A(x), \quad f(x) \sim g(x)")


def test_vectors_named_by_a_word_of_their_own_are_two_names():
    # z_A := f(x_A), z_B := f(x_B) with f vector-valued: A and B are parts of two names, as
    # they are for numbers, not the index of one family defined twice
    notation = NOTATION | {"size": [{"name": "d", "minimum": 1, "checked": [1, 2]}],
                           "function": NOTATION["function"] + [{"name": "h", "arguments": 1, "shape": ["d"]}]}
    latex = r"x_A := t_A(x), x_B := t_B(x) \\ z_A := h(x_A), z_B := h(x_B)"
    outcome = check_statement(r"z_A \cdot z_B = h(t_A(x)) \cdot h(t_B(x))", "identity", **notation,
                              define=[{"name": "views", "line": 3, "latex": latex}])
    assert outcome.verdict.value == "proved", outcome.message
