r"""``drawn_from`` on a declared point: the distribution an expectation that writes none draws it from,
as a document's prose says it (NCE: the data point x ~ p_d, the noise point y ~ p_n, both values of
one space that both distributions are over).  A formula that writes a distribution is read as
written; a name that is no distribution, or one that does not draw the point, is an error."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    scalar=[{"name": "x", "role": "point", "drawn_from": "p_d"},
            {"name": "y", "role": "point", "value_of": "x", "drawn_from": "p_n"},
            {"name": "u", "role": "point", "value_of": "x"}],
    distribution=[{"name": "p_d", "of": ["x"]}, {"name": "p_n", "of": ["x"]}],
    function=[{"name": "f", "arguments": 1}],
)


def verdict(statement: str, **notation) -> str:
    return check_statement(statement, **(notation or NOTATION)).verdict.value


@pytest.mark.parametrize("statement, expected", [
    # each point from its own distribution, as declared
    (r"\mathbb{E}_x[f(x)] = \mathbb{E}_{x \sim p_d}[f(x)]", "confirmed"),
    (r"\mathbb{E}_y[f(y)] = \mathbb{E}_{y \sim p_n}[f(y)]", "confirmed"),
    (r"\mathbb{E}_y[f(y)] = \mathbb{E}_{y \sim p_d}[f(y)]", "refuted"),
    # two points, each from its own, independently
    (r"\mathbb{E}_{x, y}[f(x) + f(y)] = \mathbb{E}_{x \sim p_d}[f(x)] + \mathbb{E}_{y \sim p_n}[f(y)]", "confirmed"),
    (r"\mathbb{E}_{x, y}[f(x) f(y)] = \mathbb{E}_{x \sim p_d}[f(x)] \mathbb{E}_{y \sim p_n}[f(y)]", "confirmed"),
    (r"\mathbb{E}_{x, y}[f(x) + f(y)] = 2 \mathbb{E}_{x \sim p_d}[f(x)]", "refuted"),
    # without a subscript: each point from its own, independently
    (r"\mathbb{E}[f(x) + f(y)] = \mathbb{E}_{x \sim p_d}[f(x)] + \mathbb{E}_{y \sim p_n}[f(y)]", "confirmed"),
    (r"\mathbb{E}[f(x) f(y)] = \mathbb{E}_{x \sim p_d}[f(x)] \mathbb{E}_{y \sim p_n}[f(y)]", "confirmed"),
    (r"\mathbb{E}[f(x) + f(y)] = 2 \mathbb{E}_{x \sim p_d}[f(x)]", "refuted"),
    # a distribution written in the formula is read as written
    (r"\mathbb{E}_{y \sim p_d}[f(y)] = \mathbb{E}_{x \sim p_d}[f(x)]", "confirmed"),
])
def test_a_point_is_drawn_from_the_distribution_it_is_declared_drawn_from(statement, expected):
    assert verdict(statement) == expected


def test_a_point_declared_with_none_is_still_ambiguous():
    with pytest.raises(DerivationError, match="several declared distributions draw it"):
        verdict(r"\mathbb{E}_u[f(u)] = 0")
    with pytest.raises(DerivationError, match="u are points of p_d that it does not draw as written"):
        verdict(r"\mathbb{E}[f(x) + f(u)] = 0")


@pytest.mark.parametrize("entry, words", [
    ({"name": "z", "drawn_from": "p_d"}, "drawn_from goes with role = \"point\""),
    ({"name": "z", "role": "point", "drawn_from": "q"}, "drawn_from names no declared [[distribution]] of points"),
    ({"name": "z", "role": "point", "drawn_from": "p_d"}, "which does not draw z"),
])
def test_a_drawn_from_that_names_no_distribution_of_the_point_is_an_error(entry, words):
    notation = dict(NOTATION, scalar=NOTATION["scalar"] + [entry])
    with pytest.raises(DerivationError) as info:
        verdict("1 = 1", **notation)
    assert words in str(info.value)


def test_two_points_drawn_from_one_distribution_of_one_coordinate_are_independent_draws():
    # the uniformity loss's \mathbb{E}_{x, y}: x and y each drawn from p_data, independently
    notation = dict(scalar=[{"name": "x", "role": "point", "drawn_from": "p"},
                            {"name": "y", "role": "point", "value_of": "x", "drawn_from": "p"}],
                    distribution=[{"name": "p", "of": ["x"]}, {"name": "q", "of": ["x"]}],
                    function=[{"name": "f", "arguments": 1}])
    assert verdict(r"\mathbb{E}_{x, y}[f(x) f(y)] = \mathbb{E}_{x \sim p}[f(x)]^2", **notation) == "confirmed"
    assert verdict(r"\mathbb{E}_{x, y}[f(x) f(y)] = \mathbb{E}_{x \sim p}[f(x)^2]", **notation) == "refuted"


def test_a_value_written_beside_the_point_drawn_is_said_to_be_held_fixed():
    # \mathbb{E}_{A, B}[\log p(a) - \log p(A)], a declared a value of A: a is another value of A's coordinate,
    # held fixed (as x' beside the x an integral runs over); the reading says so, since a witness fixes it
    from contrastive_sym.pipeline import verify_text
    text = ('id = "t"\ntitle = "t"\nsource = "x.md"\n'
            "scalar = [{name='A', role='point'}, {name='B', role='point'}, {name='a', role='point', value_of='A'}]\n"
            "distribution = [{name='p', of=['A', 'B']}]\n"
            "[[claim]]\nid = 'c'\nline = 1\ntitle = 'c'\nlatex = '\\mathbb{E}_{A,B}[\\log p(a) - \\log p(A)] = 0'\n")
    claim = verify_text(text).documents[0].claims[0]
    assert claim.outcome.verdict.value == "refuted"
    assert "a, declared a value of A, is written beside the A the expectation draws: it is another value, held " \
           "fixed" in claim.claim.reading


def test_two_values_of_one_coordinate_of_a_joint_are_not_drawn_as_one():
    # s over (x, z), y a value of x: E_{x, y}[1] was 2 (y summed with weight 1)
    notation = dict(scalar=[{"name": "x", "role": "point"}, {"name": "z", "role": "point"},
                            {"name": "y", "role": "point", "value_of": "x"}],
                    distribution=[{"name": "s", "of": ["x", "z"]}], function=[{"name": "f", "arguments": 1}])
    with pytest.raises(DerivationError, match="x and y are values of one coordinate of s"):
        verdict(r"\mathbb{E}_{x,y}[1] = 1", **notation)


def test_a_joint_beside_a_declared_draw_is_not_read_either_way():
    # x declared drawn from p_d, z with none, s over (x, z): \mathbb{E}_{x, z} was x ~ p_d, z ~ s apart
    notation = dict(scalar=[{"name": "x", "role": "point", "drawn_from": "p_d"}, {"name": "z", "role": "point"}],
                    distribution=[{"name": "s", "of": ["x", "z"]}, {"name": "p_d", "of": ["x"]}],
                    function=[{"name": "g", "arguments": 2}])
    with pytest.raises(DerivationError, match="s draws them together, and x is declared drawn from p_d"):
        verdict(r"\mathbb{E}_{x,z}[g(x,z)] = \mathbb{E}_{(x,z) \sim s}[g(x,z)]", **notation)
