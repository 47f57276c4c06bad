r"""``\mathbb{E}[X \mid y]``, ``\mathrm{Var}(X)`` and ``\mathrm{Var}(X \mid y)`` (issue 13: a BYOL review derives
its collapse argument with them, the law of total variance its last step): the conditional expectation
given declared points, over the one declared distribution that draws them with the body's points; the
variance E[(X − E[X])²], and given y, E[(X − E[X | y])² | y].  A name's label and a component's index in
one subscript, ``z'_{\xi,i}``, is the component i of the vector point ``z'_\xi``."""
from __future__ import annotations

import re

import pytest

from contrastive_sym.check.config import CheckConfig
from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, toml_key, toml_value, verify_text

TWO = dict(scalar=[{"name": "x", "role": "point"}, {"name": "y", "role": "point"}, {"name": "a"}],
           distribution=[{"name": "p", "of": ["x", "y"]}],
           function=[{"name": "f", "arguments": 1}, {"name": "g", "arguments": 1}])

THREE = dict(scalar=[{"name": "x", "role": "point"}, {"name": "y", "role": "point"}, {"name": "z", "role": "point"}],
             distribution=[{"name": "p", "of": ["x", "y", "z"]}], function=[{"name": "f", "arguments": 2}])


@pytest.mark.parametrize("statement, kind, expected", [
    # the tower rule, and the rule with the given point on the wrong side
    (r"\mathbb{E}[\mathbb{E}[f(x) \mid y]] = \mathbb{E}[f(x)]", "identity", "confirmed"),
    (r"\mathbb{E}[\mathbb{E}[f(x) | y]] = \mathbb{E}[f(x)^2]", "identity", "refuted"),
    # the law of total variance, and with its sign flipped (a slip a review makes)
    (r"\mathrm{Var}(f(x)) = \mathbb{E}[\mathrm{Var}(f(x) \mid y)] + \mathrm{Var}(\mathbb{E}[f(x) | y])",
     "identity", "confirmed"),
    (r"\mathrm{Var}(f(x)) = \mathbb{E}[\mathrm{Var}(f(x) \mid y)] - \mathrm{Var}(\mathbb{E}[f(x) | y])",
     "identity", "refuted"),
    # what is given comes out; what is not, does not
    (r"\mathbb{E}[f(x) g(y) \mid y] = g(y) \mathbb{E}[f(x) \mid y]", "identity", "confirmed"),
    (r"\mathbb{E}[f(x) g(y) \mid y] = g(y) \mathbb{E}[f(x)]", "identity", "refuted"),
    # Jensen given y, and a variance is not negative
    (r"\mathbb{E}\big[f(x) \mid y\big]^2 \leq \mathbb{E}\left[f(x)^2 \middle| y\right]", "inequality", "confirmed"),
    (r"\mathrm{Var}(f(x) \mid y) \geq 0", "inequality", "confirmed"),
    (r"\mathbb{V}(f(x)) = \mathbb{E}[f(x)^2] - \mathbb{E}[f(x)]^2", "identity", "confirmed"),
    # the x drawn inside is another x than the one drawn outside
    (r"\mathbb{E}[\mathbb{E}[f(x) \mid y] f(x)] = \mathbb{E}[\mathbb{E}[f(x) \mid y]^2]", "identity", "confirmed"),
])
def test_conditional_expectations_and_variances(statement, kind, expected):
    assert check_statement(statement, kind, **TWO).verdict.value == expected


@pytest.mark.parametrize("statement, expected", [
    (r"\mathbb{E}[\mathbb{E}[f(x, z) \mid y]] = \mathbb{E}[f(x, z)]", "confirmed"),     # z marginalised
    (r"\mathbb{E}[\mathbb{E}[f(x, x) \mid y, z] \mid y] = \mathbb{E}[f(x, x) \mid y]", "confirmed"),
    (r"\mathbb{E}[\mathbb{E}[f(x, z) \mid y] \mid z] = \mathbb{E}[f(x, z) \mid z]", "refuted"),
    (r"\mathbb{E}[f(y, z) \mid y, z] = f(y, z)", "proved"),
])
def test_conditional_expectations_over_three_coordinates(statement, expected):
    assert check_statement(statement, **THREE).verdict.value == expected


def _reading(statement: str, kind: str = "identity", **notation) -> str:
    """What the one claim of ``statement`` says of how it was read."""
    lines = ['id = "e"', 'title = "e"', 'source = "e.txt"']
    lines += [f"{toml_key(t)} = {toml_value(v)}" for t, v in notation.items()]
    lines += ["", "[[claim]]", 'id = "c"', "line = 1", 'title = "c"', f"kind = {toml_value(kind)}",
              f"latex = {toml_value(statement)}"]
    return verify_text("\n".join(lines) + "\n").documents[0].claims[0].claim.reading


def test_the_reading_says_what_is_drawn_given_what():
    reading = _reading(r"\mathbb{E}[\mathbb{E}[f(x) \mid y]] = \mathbb{E}[f(x)]", **TWO)
    assert "the conditional expectation, x drawn from p given y" in reading


@pytest.mark.parametrize("statement, message", [
    (r"\mathbb{E}[f(x) \mid a] = 0", "'a' after the bar of an expectation is not a declared data point"),
    (r"\mathbb{E}[f(x) \mid y \mid x] = 0", "one value, then the bar, then the points it is given"),
    (r"\mathbb{E}[f(x) \mid x = 1] = 0", "a relation 'x = 1' where a value is expected"),
    (r"\mathbb{E}_{x}[f(x) \mid y] = 0", "a bar inside the brackets of an expectation with a subscript"),
])
def test_what_is_not_a_point_after_the_bar_is_refused(statement, message):
    with pytest.raises(DerivationError, match=re.escape(message)):
        check_statement(statement, **TWO)


BYOL = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2]}], index=[{"name": "i", "from": 1, "to": "d"}],
            scalar=[{"name": r"z_\theta", "role": "point", "value_shape": ["d"]},
                    {"name": r"z'_\xi", "role": "point", "value_shape": ["d"]}],
            distribution=[{"name": "p", "of": [r"z_\theta", r"z'_\xi"]}])


@pytest.mark.parametrize("statement, expected", [
    # a vector's conditional expectation is its components'; the label, then the index, in one subscript
    (r"\| \mathbb{E}[z'_\xi\mid z_\theta] - z'_\xi\|^2 = \sum_i \big(\mathbb{E}[z'_{\xi,i}\mid z_\theta] - z'_{\xi,i}\big)^2",
     "confirmed"),
    (r"\sum_i \mathrm{Var}(z'_{\xi,i}) = \sum_i \mathbb{E}[\mathrm{Var}(z'_{\xi,i} \mid z_\theta)]", "refuted"),
    (r"\mathbb{E}\big[\sum_i \mathrm{Var}(z'_{\xi,i}\mid z_\theta)\big] = \sum_i \mathrm{Var}(z'_{\xi,i}) "
     r"- \sum_i \mathrm{Var}\big(\mathbb{E}[z'_{\xi,i}\mid z_\theta]\big)", "confirmed"),
])
def test_the_components_of_a_vector_point(statement, expected):
    # the law of total variance settles 16 points by exact arithmetic, 8-10 s cold alone: under a loaded CI
    # it ran past the CLI's 10 s and came back undecided; the test asserts the verdict, not the speed
    outcome = check_statement(statement, config=CheckConfig(item_seconds=60.0), **BYOL)
    assert outcome.verdict.value == expected


def test_a_label_and_an_index_in_one_subscript_is_said():
    assert check_statement(r"\sum_i \mathrm{Var}(z'_{\xi,i}) \geq 0", "inequality", **BYOL).verdict.value == "confirmed"
    assert r"is the component i of z'_\xi" in _reading(r"\sum_i \mathrm{Var}(z'_{\xi,i}) \geq 0", "inequality", **BYOL)


@pytest.mark.parametrize("statement, expected", [
    # the sizes of the alphabets are no declared size: an identity true beside two values of x only is
    # tried beside three (a probe had it proved, "certified by ball arithmetic", and confirmed)
    (r"\mathbb{E}\left[\frac{1}{p(x \mid y)} \middle| y\right] = 2", "refuted"),
    (r"\mathbb{E}_{x \sim p}\left[\frac{p(y)}{p(x, y)}\right] = 2", "refuted"),
    (r"\mathbb{E}\left[\frac{p(x) p(y)}{p(x, y)} \middle| y\right] = 1", "confirmed"),    # never "proved"
])
def test_an_identity_over_tables_is_tried_beside_three_values_and_never_proved_by_two(statement, expected):
    assert check_statement(statement, **TWO).verdict.value == expected


@pytest.mark.parametrize("bar", [r"E[f(x) | y]", r"\mathbf{E}[f(x) | y]", r"\mathbb{E}\Big[f(x) \Big| y\Big]",
                                 r"\mathbb{E}\big[f(x) \,|\, y\big]"])
def test_the_bar_of_an_expectation_in_its_spellings(bar):
    assert check_statement(bar + r" = \mathbb{E}[f(x) \mid y]", **TWO).verdict.value == "confirmed"


def test_a_variance_in_brackets_is_the_variance():
    assert check_statement(r"\mathrm{Var}[f(x) | y] = \mathrm{Var}(f(x) \mid y)", **TWO).verdict.value == "confirmed"


def test_a_conditional_expectation_of_what_draws_no_point_is_refused_as_the_plain_one_is():
    """E[a | y] = a was proved while E[a] is refused (a scalar a document may mean random)."""
    with pytest.raises(DerivationError, match="of something that draws no point, not even a given one"):
        check_statement(r"\mathbb{E}[a \mid y] = a", **TWO)
