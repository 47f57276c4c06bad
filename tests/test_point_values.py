r"""Data points that are vectors or numbers (``value_shape``), and the sized conditional bar.

CPC conditions a density on its context, ``p(x_{t+k} \mid c_t)``, and multiplies the same
context by a matrix, ``z_{t+k}^\top W_k c_t``; metric learning draws samples
``\mathbf{x}_i`` and measures ``\|\mathbf{x}_i - \mathbf{x}_j\|``.  A point declared with
``value_shape`` must stay a point where a point is read (an argument of a declared
function or of a density) and be its value where a value is read, with one value per
point: what holds for every assignment of values is not refuted, what does not is, with a
witness that names the values, and the declaration is refused where it means nothing.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

SIZES = [{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}]
POINTS = dict(
    size=SIZES,
    family=[{"name": "x", "shape": ["N"], "role": "point", "value_shape": ["d"]},
            {"name": "W", "shape": ["d", "d"]}],
    scalar=[{"name": "c", "role": "point", "value_shape": ["d"]},
            {"name": "y", "role": "point", "value_shape": []}],
    function=[{"name": "f", "arguments": 1}],
    distribution=[{"name": "p", "of": ["x", "c"]}],
)


def check(statement: str, kind: str = "identity", **declared):
    return check_statement(statement, kind, **(POINTS | declared))


@pytest.mark.parametrize("statement, kind", [
    (r"\|x_1 - x_2\|^2 = \|x_1\|^2 - 2 x_1^\top x_2 + \|x_2\|^2", "identity"),
    (r"x_1^\top W c = c^\top W^\top x_1", "identity"),
    (r"\langle x_1, c \rangle = c^\top x_1", "identity"),
    (r"y + f(y) = f(y) + y", "identity"),                      # f at the point y, plus its value
    (r"\|x_1 - c\| \geq 0", "inequality"),
    (r"p(x_1 \mid c) = \frac{p(x_1, c)}{p(c)}", "identity"),    # c as a point of p
    (r"\mathbb{E}_{(x, c) \sim p}[x^\top c] = \mathbb{E}_{(x, c) \sim p}[c^\top x]", "identity"),
])
def test_what_holds_for_every_value_is_not_refuted(statement, kind):
    outcome = check(statement, kind)
    assert outcome.verdict.value in ("proved", "confirmed"), outcome.message


@pytest.mark.parametrize("statement", [
    r"x_1^\top c = x_2^\top c",                 # two points have two values
    r"x_1^\top W c = x_1^\top W^\top c",        # W is no symmetric matrix
    r"\mathbb{E}_{(x, c) \sim p}[x^\top c] = \mathbb{E}_{(x, c) \sim p}[x^\top x]",
    r"y > 0",                                   # a number of no declared sign
])
def test_what_does_not_hold_is_refuted_with_the_values_named(statement):
    outcome = check(statement)
    assert outcome.verdict.value == "refuted", outcome.message
    assert any(name.startswith(r"\operatorname{val}(") for name in outcome.witness.values), outcome.witness.values


def test_a_point_without_a_value_is_still_no_number():
    declared = dict(scalar=[{"name": "c", "role": "point"}, {"name": "y", "role": "point", "value_shape": []}])
    with pytest.raises(DerivationError, match="is a data point"):
        check(r"c + 1 = 1 + c", **declared)


@pytest.mark.parametrize("entry, message", [
    ({"name": "c", "value_shape": ["d"]}, "goes with role = \"point\""),
    ({"name": "c", "role": "point", "value_shape": ["d", "d"]}, "a matrix is not read"),
])
def test_a_value_shape_that_means_nothing_is_refused(entry, message):
    with pytest.raises(DerivationError, match=message):
        check(r"1 = 1", scalar=[entry, {"name": "y", "role": "point", "value_shape": []}])


# --- the conditional bar written with \middle or \bigm -----------------------------------

DENSITY = dict(scalar=[{"name": "x", "role": "point"}, {"name": "c", "role": "point"}],
               distribution=[{"name": "p", "of": ["x", "c"]}])


@pytest.mark.parametrize("statement, verdict", [
    (r"p\left( x \middle| c \right) = \frac{p(x, c)}{p(c)}", ("proved", "confirmed")),
    (r"p\left( x \,\middle\vert\, c \right) = p(x \mid c)", ("proved", "confirmed")),
    (r"p(x \bigm| c) = p(x \mid c)", ("proved", "confirmed")),
    (r"p\left( x \middle| c \right) = p(x)", ("refuted",)),
])
def test_a_sized_middle_bar_in_parentheses_is_the_conditional_bar(statement, verdict):
    outcome = check_statement(statement, **DENSITY)
    assert outcome.verdict.value in verdict, outcome.message


def test_a_middle_bar_in_a_set_is_still_refused_by_name():
    with pytest.raises(DerivationError, match=r"'\\middle' \(a set written by a condition"):
        check_statement(r"\left\{ x \middle| c \right\} = 1", **DENSITY)
