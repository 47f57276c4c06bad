r"""Expectations over a sample set, as InfoNCE is written (issue 13: ``\mathbb{E}_X`` in CPC
and the posts that follow it): X = {x_1, …, x_N} holds one positive drawn given a context
c and N − 1 negatives drawn from the marginal p(x).  A ``[[set]]`` with ``drawn_from``,
``positive`` and ``context`` says so; ``\mathbb{E}_X[…]`` averages over X given c, and
``\mathbb{E}[…]`` over c as well.

The verdicts are the mathematics of the InfoNCE bound: log N − L_N ≤ I(x; c) for every
positive critic f (confirmed on the finite tables the checker samples), its reverse
refuted with a witness, and misuses refused with what is wrong.
"""
from __future__ import annotations

import pytest
import sympy as sp

from contrastive_sym.errors import DerivationError
from contrastive_sym.model.distributions import SampleExpectation
from contrastive_sym.pipeline import check_statement

SAMPLE = dict(
    size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
    family=[{"name": "x", "shape": ["N"], "role": "point"}],
    scalar=[{"name": "c", "role": "point"}, {"name": "a"}],
    distribution=[{"name": "p", "of": ["x", "c"]}],
    function=[{"name": "f", "arguments": 2, "domain": "positive"}],
    set=[{"name": "X", "members": "x", "drawn_from": "p", "positive": "x", "context": "c"}],
    define=[
        {"name": "L_N", "line": 1, "latex":
            r"\mathcal{L}_N = - \mathbb{E} \Big[\log \frac{f(x, c)}{\sum_{x' \in X} f(x', c)} \Big]"},
        {"name": "I", "line": 2, "latex": r"I(x; c) = \sum_{x, c} p(x, c) \log\frac{p(x, c)}{p(x)p(c)}"},
    ],
)


def verdict(statement: str, kind: str = "identity", **changes) -> str:
    return check_statement(statement, kind, **dict(SAMPLE, **changes)).verdict.value


@pytest.mark.parametrize("statement, kind, expected", [
    # the InfoNCE bound holds for every positive critic, and its reverse does not
    (r"\log N - \mathcal{L}_N \leq I(x; c)", "inequality", "confirmed"),
    (r"\mathcal{L}_N \geq \log N - I(x; c)", "inequality", "confirmed"),
    (r"I(x; c) \leq \log N - \mathcal{L}_N", "inequality", "refuted"),
    # given c, the positive's share of the sum is at most one, and exactly one for N = 1
    (r"\mathbb{E}_X \Big[\log \frac{f(x, c)}{\sum_{x' \in X} f(x', c)} \Big] \leq 0", "inequality", "confirmed"),
    (r"\mathbb{E}_X \Big[\log \frac{f(x, c)}{\sum_{x' \in X} f(x', c)} \Big] = 0", "identity", "refuted"),
    # a constant critic: every member has the same score, L_N = log N exactly
    (r"- \mathbb{E}_X \Big[\log \frac{e^{a}}{\sum_{x' \in X} e^{a}} \Big] = \log N", "identity", "confirmed"),
    # the positive is drawn given c: the mean of p(x | c)/p(x) at the positive is not 1 ...
    (r"\mathbb{E}_X \Big[\frac{p(x \mid c)}{p(x)}\Big] = 1", "identity", "refuted"),
    # ... while at a negative it is (x_2 is drawn from p(x)): named only through a sum, here
    # the sum over all members less the positive
    (r"\mathbb{E}_X \Big[\sum_{x' \in X} \frac{p(x' \mid c)}{p(x')} - \frac{p(x \mid c)}{p(x)}\Big] = N - 1",
     "identity", "confirmed"),
])
def test_the_infonce_bound_and_its_slips(statement, kind, expected):
    assert verdict(statement, kind) == expected


def test_the_node_writes_its_draws():
    x, c, p, n = sp.IndexedBase("x"), sp.Symbol("c"), sp.Symbol("p"), sp.Symbol("N")
    shown = sp.latex(SampleExpectation(sp.log(x[1]), x, n, c, p))
    assert r"x_1 \sim p(\cdot \mid c)" in shown and r"x_2, \dots, x_{N} \sim p" in shown


@pytest.mark.parametrize("statement, words", [
    # a member named other than as the positive or through a sum: which one it is is not written
    (r"\mathbb{E}_X[\log f(x_2, c)] = 0", "names x[2], a member of X other than the positive"),
    # a bare expectation of what draws no point does not say what it averages over
    (r"\mathbb{E} \Big[\log \frac{e^{a}}{\sum_{x' \in X} e^{a}} \Big] = 0", "draws no point"),
    # beside the sample and its context, another point: how it is drawn is not written
    (r"\mathbb{E}[\log f(x, c) + \log f(x, c')] = 0", "how they are drawn is not written"),
])
def test_what_a_sample_does_not_say_is_refused(statement, words):
    notation = dict(SAMPLE, scalar=SAMPLE["scalar"] + [{"name": "c'", "role": "point"}])
    with pytest.raises(DerivationError, match=words.replace("[", r"\[").replace("]", r"\]")):
        check_statement(statement, **notation)


@pytest.mark.parametrize("changes, words", [
    ({"drawn_from": "q"}, "drawn_from names a declared [[distribution]]"),
    ({"positive": "c"}, "the positive is a point of its members' coordinate"),
    ({"context": "x_1"}, "the context is a point of another coordinate"),
    ({"context": "a"}, "is not a declared point"),
])
def test_a_sample_set_declared_wrong_is_an_error_naming_the_key(changes, words):
    notation = dict(SAMPLE, set=[dict(SAMPLE["set"][0], **changes)], define=[])
    with pytest.raises(DerivationError, match=words.replace("[", r"\[").replace("]", r"\]")):
        check_statement(r"\mathbb{E}_X[\log f(x, c)] = 0", **notation)


def test_a_sample_set_needs_all_three_keys():
    entry = {k: v for k, v in SAMPLE["set"][0].items() if k != "context"}
    with pytest.raises(DerivationError, match="a sample set needs members, drawn_from, positive, context"):
        check_statement(r"\mathbb{E}_X[\log f(x, c)] = 0", **dict(SAMPLE, set=[entry], define=[]))


# A thesis's X = {x^*, x_1, …, x_{N-1}}: the positive x^* written apart and a member, the
# negatives x_1 … x_{N-1}, and E_X averaging over the context z too (its chain ends at I(x, z))
STARRED = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
    scalar=[{"name": "x", "role": "point"}, {"name": "z", "role": "point"},
            {"name": "x^*", "role": "point", "value_of": "x"}],
    family=[{"name": "x", "shape": ["N - 1"], "role": "point"}],
    distribution=[{"name": "P", "of": ["x", "z"]}],
    function=[{"name": "h", "arguments": 2, "domain": "positive"}],
    quantity=[{"name": "I(x,z)", "meaning": "mutual information", "of": "P"}],
    set=[{"name": "X", "members": "x", "drawn_from": "P", "positive": "x^*", "context": "z",
          "positive_member": True, "draws_context": True}],
)


@pytest.mark.parametrize("statement, kind, expected", [
    # the sum over X takes the positive, then the negatives
    (r"\sum_{x \in X} h(x, z) = h(x^*, z) + \sum_{j=1}^{N-1} h(x_j, z)", "identity", "holds"),
    (r"\sum_{x \in X} h(x, z) = \sum_{j=1}^{N-1} h(x_j, z)", "identity", "refuted"),
    (r"|X| = N", "identity", "holds"),
    # E_X draws z as well: the mean log density ratio at the positive is the mutual information,
    # a number, which it would not be for a fixed z
    (r"E_X \left[\log \frac{P(x^*, z)}{P(x^*) P(z)}\right] = I(x, z)", "identity", "holds"),
    (r"E_X \left[\log \frac{P(x^*, z)}{P(x^*) P(z)}\right] = 0", "identity", "refuted"),
    # the InfoNCE bound with X written so
    (r"E_X \left[\log \frac{h(x^*, z)}{\sum_{x \in X} h(x, z)}\right] \leq I(x, z) - \log N", "inequality",
     "holds"),
    (r"E_X \left[\log \frac{h(x^*, z)}{\sum_{x \in X} h(x, z)}\right] \geq I(x, z) - \log N", "inequality",
     "refuted"),
])
def test_a_positive_written_apart_that_is_a_member_and_a_context_drawn_too(statement, kind, expected):
    verdict = check_statement(statement, kind, **STARRED).verdict.value
    assert verdict in (("proved", "confirmed") if expected == "holds" else (expected,))


def test_without_draws_context_the_context_stays_fixed():
    """The same mean with z fixed is KL(P(·|z) ‖ P), a function of z, not I(x, z)."""
    notation = dict(STARRED, set=[{k: v for k, v in STARRED["set"][0].items() if k != "draws_context"}])
    assert check_statement(r"E_X \left[\log \frac{P(x^*, z)}{P(x^*) P(z)}\right] = I(x, z)",
                           **notation).verdict.value == "refuted"


@pytest.mark.parametrize("changes, words", [
    # x_1 is a member already: positive_member is for a positive written apart
    ({"positive": "x_1", "positive_member": True, "draws_context": False},
     "positive_member says that a positive written apart"),
])
def test_positive_member_needs_a_positive_written_apart(changes, words):
    notation = dict(STARRED, set=[dict(STARRED["set"][0], **changes)])
    with pytest.raises(DerivationError, match=words):
        check_statement(r"|X| = N", **notation)


@pytest.mark.parametrize("key", ["positive_member", "draws_context"])
def test_the_sample_keys_go_with_a_sample_set(key):
    entry = {"name": "S", "from": 1, "to": "N", key: True}
    with pytest.raises(DerivationError, match=f"'{key}' goes with a sample set"):
        check_statement(r"|S| = N", **dict(STARRED, set=[entry]))


def test_a_positive_written_apart_has_no_place_among_the_entries():
    notation = dict(STARRED, set=[dict(STARRED["set"][0], position="d")])
    with pytest.raises(DerivationError, match="this positive is written apart from them"):
        check_statement(r"|X| = N", **notation)


# the positive written at a place of its own among the members, x_{t+k}: the negatives are the
# members at the other places (it was moved to place 1, so a sum over j \neq t+k took the positive)
PLACED = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
    family=[{"name": "x", "shape": ["N"], "role": "point"}],
    scalar=[{"name": "c", "role": "point"}],
    distribution=[{"name": "p", "of": ["x", "c"]}],
    set=[{"name": "X", "members": "x", "drawn_from": "p", "positive": "x_2", "context": "c"}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"\mathbb{E}_X\left[\sum_{j \neq 2} \frac{p(x_j \mid c)}{p(x_j)}\right] = N - 1", "confirmed"),
    (r"\mathbb{E}_X\left[\frac{p(x_2 \mid c)}{p(x_2)}\right] = 1", "refuted"),
    (r"\mathbb{E}_X\left[\sum_{j \neq 1} \frac{p(x_j \mid c)}{p(x_j)}\right] = N - 1", "refuted"),
])
def test_the_positive_stays_at_the_place_the_document_writes_it(statement, expected):
    assert check_statement(statement, **PLACED).verdict.value == expected


@pytest.mark.parametrize("places, statement, expected", [
    # the mean over one negative, its places the members' other than the positive's
    ({"name": "X_{neg}", "from": 1, "to": "N", "index": "j", "where": r"j \neq 2"},
     r"\mathbb{E}_X\left[\mathbb{E}_{x_j \in X_{neg}} \frac{p(x_j \mid c)}{p(x_j)}\right] = 1", "confirmed"),
    ({"name": "X_{neg}", "from": 1, "to": "N", "index": "j", "where": r"j \neq 2"},
     r"\mathbb{E}_X\left[\mathbb{E}_{x_j \in X_{neg}} \frac{p(x_j \mid c)}{p(x_j)}\right] = 2", "refuted"),
])
def test_the_mean_over_one_negative_of_a_set_of_their_places(places, statement, expected):
    notation = dict(PLACED, set=PLACED["set"] + [places], index=[{"name": "j", "from": 1, "to": "N"}])
    assert check_statement(statement, **notation).verdict.value == expected


def test_a_set_of_places_that_holds_the_positive_s_is_refused():
    notation = dict(PLACED, set=PLACED["set"] + [{"name": "X_{neg}", "from": 2, "to": "N"}],
                    index=[{"name": "j", "from": 1, "to": "N"}])
    with pytest.raises(DerivationError, match=r"holds the places of its negatives only \(the positive is at place 2\)"):
        check_statement(r"\mathbb{E}_X\left[\mathbb{E}_{x_j \in X_{neg}} \frac{p(x_j \mid c)}{p(x_j)}\right] = 1",
                        **notation)
