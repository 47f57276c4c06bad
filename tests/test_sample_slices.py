r"""The samples of a point at once, as variational bounds of mutual information write them
(Poole et al., 2019; issue 13): the slice ``x_{1:K}`` as the argument of a function
(``a(y; x_{1:K})``), its density ``p(x_{1:K})`` as an expectation's subscript (each entry drawn
independently from the marginal, then ``y`` given ``x_1``), the K-fold product ``p^K(x, y)``, a
definition at the slice beside the declared function of the same name, and a chain of two
heads (``a(y; x_{1:K}) = m(y; x_{1:K}) = …``).  The verdicts are the mathematics: the
multi-sample bound and InfoNCE hold, their converse and their near misses do not."""
from __future__ import annotations

import pytest
import sympy as sp

from contrastive_sym.errors import DerivationError
from contrastive_sym.model.slices import Entries, EntrySlice
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    size=[{"name": "K", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": "X", "role": "point"}, {"name": "Y", "role": "point"},
            {"name": "x", "role": "point", "value_of": "X"}, {"name": "y", "role": "point", "value_of": "Y"}],
    family=[{"name": "x", "shape": ["K"], "role": "point"}, {"name": "y", "shape": ["K"], "role": "point"},
            {"name": "w", "shape": ["K"]}],
    distribution=[{"name": "p", "of": ["X", "Y"]}],
    quantity=[{"name": "I(X; Y)", "meaning": "mutual information", "of": "p"},
              {"name": "I(X_1; Y)", "meaning": "mutual information", "of": "p"}],
    function=[{"name": "f", "arguments": 2}, {"name": "a", "arguments": 2, "domain": "positive"}],
)
JOINT = r"\mathbb{E}_{p(x_{1:K}) p(y \mid x_1)}"
MARGINALS = r"\mathbb{E}_{p(x_{1:K}) p(y)}"
MEAN = r"\frac{1}{K} \sum_{i=1}^{K} e^{f(x_i, y)}"
CRITIC = {"name": "f(x_{1:K}, y)", "line": 2, "latex": r"f(x_{1:K}, y) = 1 + \log \frac{e^{f(x_1, y)}}{a(y; x_{1:K})}"}


def verdict(statement: str, kind: str = "identity", **extra) -> str:
    return check_statement(statement, kind, **NOTATION, **extra).verdict.value


@pytest.mark.parametrize("statement, kind, expected", [
    # the multi-sample bound of Poole et al. (their eq. 9-10), for any positive baseline a of y and the samples
    (r"I(X_1; Y) \geq 1 + " + JOINT + r"\left[\log \frac{e^{f(x_1, y)}}{a(y; x_{1:K})}\right] - " + MARGINALS
     + r"\left[\frac{e^{f(x_1, y)}}{a(y; x_{1:K})}\right]", "inequality", "confirmed"),
    (r"I(X_1; Y) \leq 1 + " + JOINT + r"\left[\log \frac{e^{f(x_1, y)}}{a(y; x_{1:K})}\right] - " + MARGINALS
     + r"\left[\frac{e^{f(x_1, y)}}{a(y; x_{1:K})}\right]", "inequality", "refuted"),
    # the samples are exchangeable under the product of marginals, not under the joint with x_1
    (MARGINALS + r"\left[\frac{e^{f(x_1, y)}}{" + MEAN + r"}\right] = 1", "identity", "confirmed"),
    (JOINT + r"\left[\frac{e^{f(x_1, y)}}{" + MEAN + r"}\right] = 1", "identity", "refuted"),
    # InfoNCE, with the positive in the mean of the denominator; without it, not a lower bound
    (r"I(X_1; Y) \geq " + JOINT + r"\left[\log \frac{e^{f(x_1, y)}}{" + MEAN + r"}\right]", "inequality",
     "confirmed"),
    (r"I(X_1; Y) \geq " + JOINT + r"\left[\log \frac{e^{f(x_1, y)}}{\frac{1}{K} \sum_{i=2}^{K} e^{f(x_i, y)}}"
     r"\right]", "inequality", "refuted"),
    # the K-fold product of the joint: K pairs, each drawn from p
    (r"I(X; Y) \geq \mathbb{E}_{p^K(x, y)}\left[\frac{1}{K} \sum_{i=1}^K \log \frac{e^{f(x_i, y_i)}}"
     r"{\frac{1}{K} \sum_{j=1}^K e^{f(x_j, y_i)}}\right]", "inequality", "confirmed"),
    (r"I(X; Y) \geq \mathbb{E}_{p^K(x, y)}\left[\frac{1}{K} \sum_{i=1}^K \log \frac{e^{f(x_i, y_i)}}"
     r"{\frac{1}{K} \sum_{j \neq i} e^{f(x_j, y_i)}}\right]", "inequality", "refuted"),
    # \prod_{j=2}^K p(x_j) beside p(x_1, y): the same draws as p(x_{1:K}) p(y | x_1)
    (r"\mathbb{E}_{p(x_1, y) \prod_{j=2}^K p(x_j)}\left[\log \frac{e^{f(x_1, y)}}{" + MEAN + r"}\right] = " + JOINT
     + r"\left[\log \frac{e^{f(x_1, y)}}{" + MEAN + r"}\right]", "identity", "confirmed"),
    (r"\mathbb{E}_{\prod_{j=1}^K p(x_j)}[a(y; x_{1:K})] = \mathbb{E}_{p(x_{1:K})}[a(y; x_{1:K})]", "identity",
     "confirmed"),
    (r"\mathbb{E}_{\prod_{j=1}^K p(x_j)}[a(y; x_{1:K})] = \mathbb{E}_{p(x_{2:K})}[a(y; x_{1:K})]", "identity",
     "refuted"),
    # Poole et al.'s own form: the pair (x_1, y) from p, the other samples from the marginal, as a density
    # of the slice or its power
    (r"\mathbb{E}_{p(x_1, y) p(x_{2:K})}\left[\log \frac{e^{f(x_1, y)}}{" + MEAN + r"}\right] = " + JOINT
     + r"\left[\log \frac{e^{f(x_1, y)}}{" + MEAN + r"}\right]", "identity", "confirmed"),
    (r"\mathbb{E}_{p(x_1, y) p^{K-1}(x_{2:K})}[f(x_2, y)] = \mathbb{E}_{p(x_1, y) p^{K-1}(x_{2:K})}[f(x_1, y)]",
     "identity", "error"),       # x_2 is no entry at K = 1; at K = 2 it is independent of y: refuted there
    # r^{K-1}(x_{2:K}): the other entries, each from the marginal; of a constant, the constant
    (r"I(X_1; Y) = \mathbb{E}_{p^{K-1}(x_{2:K})}[I(X_1; Y)]", "identity", "confirmed"),
])
def test_multi_sample_bounds(statement, kind, expected):
    assert verdict(statement, kind) == expected


def test_a_function_of_the_samples_is_a_function_of_the_tuple():
    # a(y, (x_1, …, x_K)) is a value of its own at every K, of the tuple (x_1) too, which the witness names
    outcome = check_statement(MARGINALS + r"[a(y; x_{1:K})] = \mathbb{E}_{p(x_1) p(y)}[a(y; x_1)]", "identity",
                              **NOTATION)
    assert outcome.verdict.value == "refuted"
    assert any(", (X_⋆" in name for name in outcome.witness.values), sorted(outcome.witness.values)
    # the samples are exchangeable under the product of marginals, at an empty slice too (x_{2:K} at K = 1)
    assert verdict(MARGINALS + r"[a(y; x_{2:K})] = " + MARGINALS + r"[a(y; x_{1:K-1})]") == "confirmed"


def test_a_definition_at_the_slice_leaves_the_declared_function_elsewhere():
    # the bound of Poole et al. written with the critic defined on the samples (their eq. 9)
    bound = (r"I(X_1; Y) \geq " + JOINT + r"[f(x_{1:K}, y)] - e^{-1} " + MARGINALS + r"[e^{f(x_{1:K}, y)}]")
    assert verdict(bound, "inequality", define=[CRITIC]) == "confirmed"
    assert verdict(bound.replace(r"\geq", r"\leq"), "inequality", define=[CRITIC]) == "refuted"
    # f(x, y) is the declared critic, not the definition at (x_{1:K}, y), and the reading says so
    outcome = check_statement(r"\mathbb{E}_{p(x, y)}[f] = \mathbb{E}_{p(x, y)}[f(x, y)]", "identity",
                              **NOTATION, define=[CRITIC])
    assert outcome.verdict.value in ("proved", "confirmed")


def test_a_definition_at_a_slice_is_never_mixed_with_the_declared_function():
    chained = {"name": "a(y; x_{1:K}), m(y; x_{1:K})", "line": 2, "latex": r"a(y; x_{1:K}) = m(y; x_{1:K}) = " + MEAN}
    # another slice of x may be the defined one (j = 1): which of the two is meant is not written
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\sum_{j=1}^{1} a(y; x_{j:K}) = a(y; x_{1:K})", **NOTATION, define=[chained])
    assert "this is another slice of x: which is meant is not written" in str(caught.value)
    # a definition by its own value there is no definition
    with pytest.raises(DerivationError) as caught:
        check_statement("f(x_{1:K}, y) = f(x_{1:K}, y)", **NOTATION, define=[
            {"name": "f(x_{1:K}, y)", "line": 2, "latex": "f(x_{1:K}, y) = f(x_{1:K}, y) + 1"}])
    assert "uses f at the same arguments" in str(caught.value)


def test_a_chain_of_two_heads_defines_both():
    # a(y; x_{1:K}) = m(y; x_{1:K}) = the mean: m, declared nowhere, by the mean; a by m
    chained = {"name": "a(y; x_{1:K}), m(y; x_{1:K})", "line": 2,
               "latex": r"a(y; x_{1:K}) = m(y; x_{1:K}) = " + MEAN}
    assert verdict(MARGINALS + r"\left[\frac{e^{f(x_1, y)}}{a(y; x_{1:K})}\right] = 1", define=[chained]) \
        == "confirmed"
    assert verdict(JOINT + r"\left[\frac{e^{f(x_1, y)}}{m(y; x_{1:K})}\right] = 1", define=[chained]) == "refuted"


@pytest.mark.parametrize("statement, words", [
    (r"\mathbb{E}_{p(x_{0:K})}[a(y; x_{1:K})] = 1", "not entries of x, whose entries are 1 … K"),
    (r"\mathbb{E}_{p(x_{1:K+1})}[a(y; x_{1:K})] = 1", "not entries of x"),
    (r"\mathbb{E}_{p(x_{1:K} \mid y)}[a(y; x_{1:K})] = 1", "a density of a slice given other points is not read"),
    (r"a(y; x_{1:K}) + p(x_{1:K}) = 1", "read only as the subscript of an expectation"),
    (r"a(y; x_{1:K}) + x_{1:K} = 1", "x_{1:K} is a data point"),
    (r"\sum_{i=1}^{K} w_i = w_{1:K}", "read only of a [[family]] of data points"),
    (r"a(y; x_{1:K/2}) = 1", "the ends of a slice are whole numbers"),
    (r"\mathbb{E}_{p(x_1, y) p^{K}(x_{2:K})}[f(x_1, y)] = 0", "the number of entries drawn, K - 1 here"),
    (r"\mathbb{E}_{p(x_{1:K}) p(y)}[a(y; x_1, \dots, x_K)] = 1", "the samples at once are the slice x_{1:K}"),
    (r"\mathbb{E}_{p^K(x, y)}[1] = 1", "takes as the arguments of declared functions (it takes none)"),
    (r"I(X; Y) \geq \mathbb{E}_{p^2(x, y)}[f(x_1, y_1)]", "the power is the number of pairs drawn"),
    (r"I(X; Y) = \mathbb{E}_{p^{K}(x_{2:K})}[I(X; Y)]", "the power of a density is the number of entries drawn"),
    (r"\mathbb{E}_{p(x_{1:K}) p(x_1)}[f(x_1, y)] = 0", "draws a point in two of its densities"),
    (r"\mathbb{E}_{p(x_1, y) \prod_{j=1}^K p(x_j)}[f(x_1, y)] = 0", "draws a point in two of its densities"),
])
def test_what_is_not_read_is_said(statement, words):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, "identity", **NOTATION)
    assert words in str(caught.value)


def test_the_slice_is_its_entries_at_numbers():
    x, K = sp.IndexedBase("x"), sp.Symbol("K", integer=True, positive=True)
    assert EntrySlice(x, 1, K).xreplace({K: 2}) == Entries(x[1], x[2])
    # a tuple at every size: of one entry (never the entry itself), and one empty tuple for every empty slice
    assert EntrySlice(x, 1, K).xreplace({K: 1}) == Entries(x[1]) != x[1]
    assert EntrySlice(x, 2, K).xreplace({K: 1}) == EntrySlice(x, 1, K - 1).xreplace({K: 1}) == Entries()
    assert sp.latex(EntrySlice(x, 1, K)) == "x_{1:K}"
