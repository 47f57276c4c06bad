r"""A ``[[quantity]]`` declared by its letter alone (``I``, ``H``) of a declared distribution: the mutual
information or the entropy of whichever of its points a use writes, I(X; Z), I(X; Y, Z), I(X; Y \mid Z),
H(X \mid Z), as documents on mutual information write them (the chain rule, the data-processing
inequality's proof), without a declaration for each.  Checked, as every expectation, on finite tables."""
from __future__ import annotations

from pathlib import Path

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement, verify_text

NOTATION = dict(
    scalar=[{"name": n, "role": "point"} for n in "XYZ"] + [{"name": "W", "role": "point"}],
    distribution=[{"name": "p", "of": ["X", "Y", "Z"]}],
    quantity=[{"name": "I", "meaning": "mutual information", "of": "p"},
              {"name": "H", "meaning": "entropy", "of": "p"}],
)


def verdict(statement: str, kind: str = "identity") -> str:
    return check_statement(statement, kind, **NOTATION).verdict.value


@pytest.mark.parametrize("statement, kind, expected", [
    # the chain rule, both ways, and its slip (a term dropped)
    (r"I(X; Y, Z) = I(X; Z) + I(X; Y \mid Z)", "identity", "confirmed"),
    (r"I(X; Y, Z) = I(X; Y) + I(X; Z | Y)", "identity", "confirmed"),
    (r"I(X; Y, Z) = I(X; Z)", "identity", "refuted"),
    # entropies of any of its points, conditional ones
    (r"I(X; Z) = H(X) - H(X \mid Z)", "identity", "confirmed"),
    (r"I(X; Z) = H(X) - H(Z \mid X)", "identity", "refuted"),
    (r"H(X, Z) = H(Z) + H(X \mid Z)", "identity", "confirmed"),
    (r"H(X \mid Z) \le H(X)", "inequality", "confirmed"),
    (r"I(X; Z) = I(Z; X)", "identity", "confirmed"),
    # conditioning may increase mutual information: false for a joint in general
    (r"I(X; Y \mid Z) \le I(X; Y)", "inequality", "refuted"),
])
def test_the_measure_is_of_the_points_written(statement, kind, expected):
    assert verdict(statement, kind) == expected


@pytest.mark.parametrize("statement, words", [
    # a point the distribution does not draw
    (r"I(X; W) = I(W; X)", "'W' is not one of them"),
    # one point twice
    (r"I(X; X) = H(X)", "writes a point twice"),
    # a mutual information of one group
    (r"I(X) = H(X)", "two groups of points"),
    # two bars
    (r"H(X \mid Y \mid Z) = H(X)", "one bar"),
    # the letter alone is no number
    (r"2 I = I + I", "write them"),
    (r"H + 1 = 1 + H", "write them"),
    # a semicolon between an entropy's points: H(X; Y) is another quantity in some documents
    (r"H(X; Z) = H(X, Z)", "a semicolon between an entropy's points"),
])
def test_what_the_distribution_does_not_give_is_refused(statement, words):
    with pytest.raises(DerivationError, match=words):
        verdict(statement)


def test_a_letter_alone_needs_the_distribution_it_is_of():
    notation = dict(NOTATION, quantity=[{"name": "I", "meaning": "mutual information"}])
    with pytest.raises(DerivationError, match="needs 'of'"):
        check_statement(r"I(X; Z) = I(Z; X)", **notation)


def markov_verdict(statement: str, kind: str = "identity", markov: bool = True) -> str:
    chain = [{"name": "p", "of": ["X", "Y", "Z"], **({"markov": True} if markov else {})}]
    return check_statement(statement, kind, **dict(NOTATION, distribution=chain)).verdict.value


@pytest.mark.parametrize("statement, kind, under_the_chain, in_general", [
    # the data-processing inequality and its proof's steps, true of a Markov chain X -> Y -> Z only
    (r"I(X; Z) \le I(X; Y)", "inequality", "confirmed", "refuted"),
    (r"I(X; Z \mid Y) = 0", "identity", "confirmed", "refuted"),
    (r"I(X; Z) + I(X; Y \mid Z) = I(X; Y)", "identity", "confirmed", "refuted"),
    # the chain reversed is a Markov chain too
    (r"I(Z; X) \le I(Z; Y)", "inequality", "confirmed", "refuted"),
    # the inequality the wrong way round is false of the chain as well
    (r"I(X; Y) \le I(X; Z)", "inequality", "refuted", "refuted"),
    # what holds of every joint still holds
    (r"I(X; Y, Z) = I(X; Z) + I(X; Y \mid Z)", "identity", "confirmed", "confirmed"),
])
def test_a_markov_chain_is_a_joint_whose_ends_are_independent_given_the_middle(statement, kind, under_the_chain,
                                                                                 in_general):
    assert markov_verdict(statement, kind) == under_the_chain
    assert markov_verdict(statement, kind, markov=False) == in_general


@pytest.mark.parametrize("distribution, words", [
    ({"name": "p", "of": ["X", "Y"], "markov": True}, "three points or more"),
])
def test_a_markov_chain_has_three_points_at_least(distribution, words):
    with pytest.raises(DerivationError, match=words):
        check_statement(r"I(X; Y) = I(Y; X)", **dict(NOTATION, distribution=[distribution]))


def test_a_letter_declared_of_a_distribution_a_section_declares_anew_is_not_read_of_the_old_table():
    # I of p, then a section's p a Markov chain: I(X; Z) there would still be of the old table, and the
    # data-processing inequality refuted of the wrong distribution; the section must declare I again
    text = (Path(__file__).parent / "data" / "information_of_a_distribution_a_section_declares_anew.toml").read_text()
    with pytest.raises(DerivationError, match="declare the quantity again in that section"):
        verify_text(text)
    again = text.replace("markov = true\n", "markov = true\n\n[[section.quantity]]\nname = 'I'\n"
                                            "meaning = \"mutual information\"\nof = 'p'\n")
    verdicts = {c.claim.id: c.outcome.verdict.value for c in verify_text(again).documents[0].claims}
    assert verdicts == {"before": "refuted", "dpi": "confirmed"}


def test_spacing_commands_between_the_points_are_spacing():
    assert verdict(r"H(X \,|\, Z) = H(X \mid Z)") == "confirmed"
    assert verdict(r"I(X;\, Z) = I(X; Z)") in ("proved", "confirmed")


@pytest.mark.parametrize("quantities", [
    # the letter twice, or beside a quantity at arguments, or beside a scalar of the same name
    [{"name": "I", "meaning": "mutual information", "of": "p"}, {"name": "I", "meaning": "entropy", "of": "p"}],
    [{"name": "I(X; Y)", "meaning": "mutual information", "of": "p"}, {"name": "I", "meaning": "mutual information",
                                                                      "of": "p"}],
])
def test_a_letter_declared_twice_is_an_error(quantities):
    with pytest.raises(DerivationError, match="declared again beside it"):
        check_statement(r"I(X; Y) = I(Y; X)", **dict(NOTATION, quantity=quantities))


@pytest.mark.parametrize("statement, expected", [
    # false where Y is a function of X, which no table of positive probabilities reaches: conditional, said so
    (r"H(Y \mid X) > 0", "conditional"),
    (r"I(X; Y) < H(Y)", "conditional"),
    # the bounds that hold at every table, ties included
    (r"H(Y \mid X) \ge 0", "confirmed"),
    (r"I(X; Y) \le H(Y)", "confirmed"),
])
def test_a_strict_bound_over_tables_is_conditional_on_positive_probabilities(statement, expected):
    discrete = dict(NOTATION, distribution=[{"name": "p", "of": ["X", "Y", "Z"], "discrete": True}])
    outcome = check_statement(statement, "inequality", **discrete)
    assert outcome.verdict.value == expected
    if expected == "conditional":
        assert "positive" in outcome.condition


@pytest.mark.parametrize("statement", [
    # 0 at independent points, whose table weights tie: the tie of weights is no tie of values, and the
    # independent table a genuine counterexample (it was conditional on "no ties")
    r"I(X; Y) > 0",
    r"I(X; Y \mid Z) > 0",
    r"I(X; Y, Z) > I(X; Y)",
])
def test_a_strict_bound_false_at_independent_points_is_refuted(statement):
    assert verdict(statement, "inequality") == "refuted"


def test_a_strict_bound_true_of_probabilities_only_needs_them_positive_too():
    # a point mass has entropy 0: discrete is not enough for H(X) > 0
    outcome = check_statement(r"H(X) > 0", "inequality", **NOTATION)
    assert outcome.verdict.value == "conditional"
    assert "discrete" in outcome.condition and "positive" in outcome.condition
    outcome = check_statement(r"H(X) \ge 0", "inequality", **NOTATION)
    assert "positive" not in (outcome.condition or "")

