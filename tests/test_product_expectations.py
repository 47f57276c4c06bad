r"""An expectation under a product of densities (issue 13): ``\mathbb{E}_{p(x)p(z)}[T(x, z)]``, as the
Donsker-Varadhan and MINE bounds write the product of the marginals, is independent draws, one per
factor; a factor given a point another draws (``\mathbb{E}_{p(x) p(z \mid x)}``) is drawn inside it."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(scalar=[{"name": "x", "role": "point"}, {"name": "z", "role": "point"}],
                distribution=[{"name": "p", "of": ["x", "z"]}], function=[{"name": "T", "arguments": 2}])


@pytest.mark.parametrize("statement, verdicts", [
    # the product of the marginals is the marginals drawn one inside the other
    (r"\mathbb{E}_{p(x)p(z)}[T(x,z)] = \mathbb{E}_{p(x)}[\mathbb{E}_{p(z)}[T(x,z)]]", ("proved", "confirmed")),
    # and not the joint
    (r"\mathbb{E}_{p(x)p(z)}[T(x,z)] = \mathbb{E}_{p(x,z)}[T(x,z)]", ("refuted",)),
    # the Donsker-Varadhan bound on the mutual information, and its reverse
    (r"\mathbb{E}_{p(x,z)}[T(x,z)] - \log \mathbb{E}_{p(x)p(z)}[e^{T(x,z)}] \leq "
     r"\mathbb{E}_{p(x,z)}\left[\log \frac{p(x,z)}{p(x)p(z)}\right]", ("confirmed",)),
    (r"\mathbb{E}_{p(x,z)}[T(x,z)] - \log \mathbb{E}_{p(x)p(z)}[e^{T(x,z)}] \geq "
     r"\mathbb{E}_{p(x,z)}\left[\log \frac{p(x,z)}{p(x)p(z)}\right]", ("refuted",)),
    # a conditional factor is drawn inside the factor that draws what it is given
    (r"\mathbb{E}_{p(z \mid x) p(x)}[T(x,z)] = \mathbb{E}_{p(x,z)}[T(x,z)]", ("proved", "confirmed")),
])
def test_a_product_of_densities_draws_each_factor(statement, verdicts):
    assert check_statement(statement, **NOTATION).verdict.value in verdicts


@pytest.mark.parametrize("statement, words", [
    (r"\mathbb{E}_{p(x)p(x)}[T(x,z)] = 0", "reads each density once"),
    (r"\mathbb{E}_{p(x)p(x, z)}[T(x,z)] = 0", "draws a point in two of its densities"),
    (r"\mathbb{E}_{p(x \mid z)p(z \mid x)}[T(x,z)] = 0", "given each other's points"),
])
def test_a_product_that_does_not_say_what_it_draws_is_refused(statement, words):
    with pytest.raises(ParseError, match=words):
        check_statement(statement, **NOTATION)


def test_densities_written_apart_in_the_subscript_are_their_product():
    # \mathbb{E}_{p(x), p(c)}: the marginals' product, as \mathbb{E}_{p(x)p(c)} (a MINE note writes it so)
    notation = dict(scalar=[{"name": "x", "role": "point"}, {"name": "c", "role": "point"}],
                    distribution=[{"name": "p", "of": ["x", "c"], "discrete": True}],
                    function=[{"name": "T", "arguments": 2}])
    same = r"\mathbb{E}_{p(x), p(c)} [T(x, c)] = \mathbb{E}_{p(x)p(c)} [T(x, c)]"
    joint = r"\mathbb{E}_{p(x), p(c)} [T(x, c)] = \mathbb{E}_{p(x, c)} [T(x, c)]"
    assert check_statement(same, **notation).verdict.value in ("proved", "confirmed")
    assert check_statement(joint, **notation).verdict.value == "refuted"


def test_densities_apart_that_draw_one_point_twice_are_refused_naming_the_whole_subscript():
    notation = dict(scalar=[{"name": "x", "role": "point"}],
                    distribution=[{"name": "p", "of": ["x"], "discrete": True}, {"name": "q", "of": ["x"], "discrete": True}],
                    function=[{"name": "T", "arguments": 1}])
    with pytest.raises(ParseError, match=r"\\mathbb\{E\}_\{p\(x\), q\(x\)\} draws a point in two of its densities"):
        check_statement(r"\mathbb{E}_{p(x), q(x)} [T(x)] = 0", **notation)
