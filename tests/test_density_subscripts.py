r"""An expectation whose subscript is the density of the draw, as reviews of mutual-information
bounds write it: ``\mathbb{E}_{p(X, Y)}[f(X, Y)]`` is ``\mathbb{E}_{(X, Y) \sim p}``, and
``\mathbb{E}_{p(Y)}[\log \mathbb{E}_{p(X)}[e^{f(X, Y)}]]`` draws X from the marginal with Y
fixed (the Donsker-Varadhan bound).  The letter of the density names the coordinate drawn, so
``\mathbb{E}_{p(x)}[e^{f(X, Y)}]`` draws X (the partition function of the unnormalised
bounds).  Under a conditional density, ``\mathbb{E}_{p(X \mid Y)}[…]`` is the sum over X of
p(X | Y)·[…], Y free; and an expectation of something that does not contain its coordinate is
said."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, verify_text

JOINT = dict(
    scalar=[{"name": "X", "role": "point"}, {"name": "Y", "role": "point"},
            {"name": "x", "role": "point", "value_of": "X"}],
    distribution=[{"name": "p", "of": ["X", "Y"]}],
    function=[{"name": "f", "arguments": 2}],
    quantity=[{"name": "I(X; Y)", "meaning": "mutual information", "of": "p"}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"\mathbb{E}_{p(X, Y)}[f(X, Y)] = \mathbb{E}_{(X, Y) \sim p}[f(X, Y)]", "confirmed"),
    (r"\mathbb{E}_{p\left(X\right)}\left[f(X, X)\right] = \mathbb{E}_{X \sim p}[f(X, X)]", "confirmed"),
    # Jensen, and the wrong way round
    (r"\mathbb{E}_{p(Y)}[\log \mathbb{E}_{p(X)}[e^{f(X, Y)}]] \le \log \mathbb{E}_{p(Y)}[\mathbb{E}_{p(X)}[e^{f(X, Y)}]]",
     "confirmed"),
    (r"\mathbb{E}_{p(Y)}[\log \mathbb{E}_{p(X)}[e^{f(X, Y)}]] \ge \log \mathbb{E}_{p(Y)}[\mathbb{E}_{p(X)}[e^{f(X, Y)}]]",
     "refuted"),
    # the Donsker-Varadhan bound: X drawn from its marginal, independently of Y
    (r"I(X; Y) \geq \mathbb{E}_{p(X, Y)}[f(X, Y)] - \mathbb{E}_{p(Y)}[\log \mathbb{E}_{p(X)}[e^{f(X, Y)}]]", "confirmed"),
    (r"I(X; Y) \le \mathbb{E}_{p(X, Y)}[f(X, Y)] - \mathbb{E}_{p(Y)}[\log \mathbb{E}_{p(X)}[e^{f(X, Y)}]]", "refuted"),
])
def test_an_expectation_under_the_density_of_its_draw(statement, expected):
    assert check_statement(statement, **JOINT).verdict.value == expected


@pytest.mark.parametrize("statement, expected", [
    # the tower property, and a conditional mean taken for the marginal one
    (r"\mathbb{E}_{p(Y)}[\mathbb{E}_{p(X|Y)}[f(X, Y)]] = \mathbb{E}_{p(X, Y)}[f(X, Y)]", "confirmed"),
    (r"\mathbb{E}_{p(X \mid Y)}[f(X, Y)] = \mathbb{E}_{p(X)}[f(X, Y)]", "refuted"),
    (r"\mathbb{E}_{X \sim p(X \mid Y)}[f(X, Y)] = \mathbb{E}_{p(X|Y)}[f(X, Y)]", "confirmed"),
    # Bayes under the conditional: E_{p(x|y)}[p(y) / p(x, y)] = Σ_x 1 / p(x), never 1 in general
    (r"\mathbb{E}_{p(X|Y)}[\frac{p(Y)}{p(X, Y)}] = 1", "refuted"),
    (r"\mathbb{E}_{p(X|Y)}[\log \frac{p(X|Y)}{p(X)}] \ge 0", "confirmed"),
])
def test_an_expectation_under_a_conditional_density(statement, expected):
    assert check_statement(statement, **JOINT).verdict.value == expected


def test_a_draw_from_a_density_of_other_points_is_refused():
    with pytest.raises(DerivationError) as info:
        check_statement(r"\mathbb{E}_{Y \sim p(X \mid Y)}[f(X, Y)] \le 1", **JOINT)
    assert "draws other points than the density is of" in info.value.message


def _claim(latex: str, scalars: str = "") -> str:
    return ('id = "t"\ntitle = "t"\nsource = "t.md"\n'
            'scalar = [{name = \'X\', role = "point"}, {name = \'Y\', role = "point"}, '
            '{name = \'x\', role = "point", value_of = \'X\'}' + scalars + ']\n'
            'distribution = [{name = \'p\', of = [\'X\', \'Y\']}]\n'
            'function = [{name = \'f\', arguments = 2}]\n'
            '[[claim]]\nid = "c"\nline = 1\ntitle = "c"\n'
            f"latex = '{latex}'\n")


@pytest.mark.parametrize("latex, expected", [
    (r"\mathbb{E}_{p(x)}[e^{f(X, Y)}] = \mathbb{E}_{X \sim p}[e^{f(X, Y)}]", "confirmed"),
    (r"\mathbb{E}_{p(x)}[e^{f(X, Y)}] = e^{f(X, Y)}", "refuted"),
])
def test_the_letter_of_a_density_names_its_coordinate(latex, expected):
    # p(x) is the density of X (x a value of X): where what it averages writes X and not x, X
    # is drawn, as Poole et al. write the partition function E_{p(x)}[e^{f(X, Y)}]; said
    result = verify_text(_claim(latex)).documents[0].claims[0]
    assert result.outcome.verdict.value == expected
    assert r"\mathbb{E}_{p(x)} draws X: p(x) is the density of the coordinate x is a value of" in result.claim.reading


def test_an_expectation_of_what_does_not_contain_its_coordinate_is_said():
    # nothing of X's coordinate in what it averages: the mean of what does not vary is itself
    result = verify_text(_claim(r"\mathbb{E}_{p(x)}[e^{f(Y, Y)}] = e^{f(Y, Y)}")).documents[0].claims[0]
    assert result.outcome.verdict.value in ("proved", "confirmed")
    assert "an expectation draws x from p, which what it averages does not contain" in result.claim.reading


def test_two_other_points_of_the_coordinate_are_refused():
    document = _claim(r"\mathbb{E}_{p(x)}[f(X, x^\prime)] = 0", ", {name = 'x^\\prime', role = \"point\", value_of = 'X'}")
    with pytest.raises(DerivationError) as info:
        verify_text(document)
    assert "which one is drawn is not written" in info.value.message


@pytest.mark.parametrize("statement, expected", [
    # x \sim p(\cdot \mid Y): the placeholder is the point drawn, p(x | Y)
    (r"\mathbb{E}_{X \sim p(\cdot \mid Y)}[f(X, Y)] = \mathbb{E}_{p(X \mid Y)}[f(X, Y)]", "confirmed"),
    (r"\mathbb{E}_{X \sim p(\cdot \mid Y)}[f(X, Y)] = \mathbb{E}_{p(X)}[f(X, Y)]", "refuted"),
    (r"\mathbb{E}_{(X, Y) \sim p(\cdot, \cdot)}[f(X, Y)] = \mathbb{E}_{p(X, Y)}[f(X, Y)]", "confirmed"),
    (r"\mathbb{E}_{Y \sim p(\bullet)}[\mathbb{E}_{X \sim p(\cdot \mid Y)}[f(X, Y)]] = \mathbb{E}_{p(X, Y)}[f(X, Y)]",
     "confirmed"),
])
def test_a_placeholder_in_a_draw_is_the_point_drawn(statement, expected):
    assert check_statement(statement, **JOINT).verdict.value == expected


@pytest.mark.parametrize("statement", [
    r"\mathbb{E}_{X \sim p(\cdot, \cdot)}[f(X, Y)] = 0",       # one point drawn, two placeholders
    r"\log p(\cdot) = 0",                                       # no draw names the point
])
def test_a_placeholder_no_draw_fills_is_refused_naming_it(statement):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, **JOINT)
    assert r"'\cdot' stands for an argument (a placeholder), which is read only in a draw" in str(caught.value)
