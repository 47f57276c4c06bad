r"""Maxima and minima over the members of a set defined by a condition or given by the data
(issue 13: ``\max_{(i,k) \in \mathcal{N}} \epsilon - D_{ik}`` in a lifted-structure loss,
``\max_{p \in P(i)}`` in hard-positive mining): the extreme value over the members, undefined
(never −∞) where the set has none, and said so.  With them, two soundness fixes found while
checking them: a strict inequality that fails with the sides exactly equal is conditional
on "no ties" only when breaking the ties makes it hold *strictly*, and only when every
point not known to hold is explained by the ties."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement, toml_key, toml_value, verify_text

LABELS = dict(
    size=[{"name": "n", "minimum": 2, "checked": [2, 3, 4]}],
    family=[{"name": "y", "shape": ["n"], "role": "label"}, {"name": "s", "shape": ["n", "n"]}],
    index=[{"name": "i", "from": 1, "to": "n"}, {"name": "k", "from": 1, "to": "n"},
           {"name": "p", "from": 1, "to": "n"}],
    set=[{"name": "P(i)", "index": "p", "to": "n", "where": r"p \neq i, y_p = y_i"}],
)
PAIRS = dict(
    size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}],
    family=[{"name": "D", "shape": ["n", "n"]}],
    scalar=[{"name": r"\epsilon"}],
    index=[{"name": "i", "from": 1, "to": "n"}],
    set=[{"name": r"\mathcal{N}", "index": "(a, b)", "to": "n", "any_subset": True}],
)


def outcome(statement: str, kind: str, notation: dict, **changes):
    return check_statement(statement, kind, **dict(notation, **changes))


@pytest.mark.parametrize("statement, kind, expected", [
    # the class of i, i included: the maximum is at least s_{i,i}, and equals it only at a tie or
    # when i is alone in its class, so > is refuted (not "conditional on no ties")
    (r"\max_{j : y_j = y_i} s_{i,j} \geq s_{i,i}", "inequality", "confirmed"),
    (r"\max_{j : y_j = y_i} s_{i,j} > s_{i,i}", "inequality", "refuted"),
    (r"\min_{j : y_j = y_i} s_{i,j} \leq s_{i,i}", "inequality", "confirmed"),
    # over the positives of i, which may be none: a maximum over nothing is undefined, and the
    # statement needs a member (conditional, with the empty class as witness)
    (r"\max_{p \in P(i)} s_{i,p} \leq \max_{k \neq i} s_{i,k}", "inequality", "conditional"),
    (r"\max_{p \in P(i)} s_{i,p} \geq s_{i,k}", "inequality", "refuted"),
])
def test_extrema_over_a_set_defined_by_a_condition(statement, kind, expected):
    assert outcome(statement, kind, LABELS).verdict.value == expected


def test_a_maximum_over_no_member_is_named_as_the_cause():
    result = outcome(r"\max_{p \in P(i)} s_{i,p} \leq \max_{k \neq i} s_{i,k}", "inequality", LABELS)
    assert "it needs the set a maximum (or minimum) runs over to have a member" in result.message
    values = result.witness.values
    assert values["y_1"] != values["y_2"]          # i = 1 alone in its class at n = 2


def test_once_the_set_is_stated_nonempty_the_bound_is_confirmed():
    stated = dict(LABELS, set=[dict(LABELS["set"][0], nonempty=True)])
    assert outcome(r"\max_{p \in P(i)} s_{i,p} \leq \max_{k \neq i} s_{i,k}", "inequality",
                   stated).verdict.value == "confirmed"


@pytest.mark.parametrize("statement, kind, expected", [
    # under \sum_i the pair's first index is the sum's; the second runs over the members
    (r"\sum_i \max_{(i,l) \in \mathcal{N}} (\epsilon - D_{il}) = "
     r"\sum_i (\epsilon - \min_{(i,l) \in \mathcal{N}} D_{il})", "identity", "conditional"),
    # the maximum takes the term after it that uses l, which nothing else binds
    (r"\sum_i \max(0, \max_{(i,l) \in \mathcal{N}} \epsilon - D_{il}) \geq 0", "inequality", "conditional"),
])
def test_extrema_over_a_set_the_data_gives(statement, kind, expected):
    result = outcome(statement, kind, PAIRS)
    assert result.verdict.value == expected
    # the empty subset is where both fail: no member, no maximum
    assert result.witness.values[r"\mathbb{1}_{\mathcal{N}}_{1,1}"] == "0"


def test_how_far_a_maximum_reaches_is_read_and_said():
    lines = ['id = "x"', 'title = "x"', 'source = "x.txt"']
    lines += [f"{toml_key(table)} = {toml_value(list(entries))}" for table, entries in PAIRS.items()]
    lines += ["", "[[claim]]", 'id = "c"', "line = 1", 'title = "t"', 'kind = "inequality"',
              "latex = " + toml_value(r"\sum_i \max(0, \max_{(i,l) \in \mathcal{N}} \epsilon - D_{il}) \geq 0")]
    claim = verify_text("\n".join(lines) + "\n").documents[0].claims[0].claim
    assert claim.reading.startswith("the maximum or minimum over l in '\\max_{(i,l) \\in \\mathcal{N}} "
                                    "\\epsilon - D_{il}' is read as max_l of 2 terms")


def test_a_declared_index_after_a_maximum_over_it_is_ambiguous():
    declared = dict(PAIRS, index=PAIRS["index"] + [{"name": "l", "from": 1, "to": "n"}])
    with pytest.raises(ParseError, match="ambiguous: the maximum or minimum over l takes one term"):
        outcome(r"\sum_i \max(0, \max_{(i,l) \in \mathcal{N}} \epsilon - D_{il}) \geq 0", "inequality", declared)


def test_a_maximum_over_pairs_with_two_indices_that_run_is_refused():
    with pytest.raises(ParseError, match="with 2 indices that run is not read"):
        outcome(r"\max_{(a,b) \in \mathcal{N}} D_{ab} \geq 0", "inequality", PAIRS)


@pytest.mark.parametrize("statement, expected", [
    # a later maximum (or sum) over the same letter binds it itself: the first stops before it
    (r"\sum_k a_k - \max_k b_k = \left(\sum_j a_j\right) - \max_j b_j", ("proved", "confirmed")),
    (r"\sum_k a_k - \max_k b_k = \sum_j \left(a_j - \max_l b_l\right)", ("refuted",)),
    (r"\max_k a_k + \sum_k b_k = \left(\max_j a_j\right) + \sum_j b_j", ("proved", "confirmed")),
])
def test_a_later_operator_over_the_same_letter_ends_the_first(statement, expected):
    # was Σ_k (a_k − max_k b_k): the sum reached over a maximum that binds k itself
    notation = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}],
                    family=[{"name": "a", "shape": ["n"]}, {"name": "b", "shape": ["n"]}])
    assert check_statement(statement, **notation).verdict.value in expected


@pytest.mark.parametrize("statement, kind, expected", [
    # the least of values written, as \max(…) reads the greatest (CLIP's symmetric loss is ≥ it)
    (r"\frac{1}{2}(a + b) \geq \min(a, b)", "inequality", "confirmed"),
    (r"\min\{a, b\} \leq a", "inequality", "confirmed"),
    (r"\min(a, b) = -\max(-a, -b)", "identity", "proved"),
    (r"\min(a, b) \geq a", "inequality", "refuted"),
    (r"\min\{x_1, \ldots, x_n\} \leq x_1", "inequality", "confirmed"),
    (r"\min\{x_1, \ldots, x_n\} \geq x_n", "inequality", "refuted"),
    # with its parentheses, as \max(…) is: a power or a factor after them is of the least value (was
    # "a power of a vector", and "\min of a vector or a list is not read" for \min(a, b) \cdot c)
    (r"\min(a, b)^2 = \min(a, b) \cdot \min(a, b)", "identity", "proved"),
    (r"\min(a, b)^2 = \min(a^2, b^2)", "identity", "refuted"),
    (r"\min(0, a)^2 \leq a^2", "inequality", "confirmed"),
    (r"\min(a, b) \, b = b \min(a, b)", "identity", "proved"),
    (r"2 \min(a, b) \geq a + b", "inequality", "refuted"),
    # one value that is not a vector: the optimum over what it depends on, not computed (as before)
    (r"\min(a + b)^2 \geq 0", "inequality", "undecided"),
])
def test_the_minimum_of_values_written(statement, kind, expected):
    notation = dict(scalar=[{"name": "a"}, {"name": "b"}], size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}],
                    family=[{"name": "x", "shape": ["n"]}])
    assert check_statement(statement, kind, **notation).verdict.value == expected


@pytest.mark.parametrize("statement, kind, expected", [
    # \max_{a,b} (or \max_{ab}): max_a max_b, each over the range its family gives, as \sum_{a,b} reads
    (r"\max_{a,b} D_{ab} \geq \max_a D_{aa}", "inequality", "confirmed"),
    (r"\max_{a,b} D_{ab} \leq \max_a D_{aa}", "inequality", "refuted"),
    (r"\min_{ab} D_{ab} \leq D_{ii}", "inequality", "confirmed"),
    (r"\max_{a,b} D_{ab} = \max_a \max_b D_{ab}", "identity", "proved"),
    (r"\min_{a,b} D_{ab} = -\max_{a,b} (-D_{ab})", "identity", "proved"),
])
def test_an_extremum_over_several_indices_is_nested(statement, kind, expected):
    outcome = check_statement(statement, kind, **PAIRS)
    assert outcome.verdict.value in ((expected, "proved") if expected == "confirmed" else (expected, "confirmed")
                                     if expected == "proved" else (expected,))


@pytest.mark.parametrize("statement, kind, expected", [
    # \max_{a \neq b} with neither declared: over every pair of distinct indices (said in the reading);
    # at n = 1 there is none, and the maximum over nothing is undefined: conditional on n ≥ 2
    (r"\max_{a \neq b} D_{ab} \leq \max_{a,b} D_{ab}", "inequality", "conditional"),
    (r"\max_{a \neq b} D_{ab} \geq \max_{a,b} D_{ab}", "inequality", "refuted"),       # the diagonal is left out
    (r"\min_{a \neq b} D_{ab} \geq \min_{a,b} D_{ab}", "inequality", "conditional"),
    (r"\max_{k \neq i} D_{ik} \leq \max_{a \neq b} D_{ab}", "inequality", "conditional"),
])
def test_an_extremum_over_the_pairs_of_distinct_indices(statement, kind, expected):
    outcome = check_statement(statement, kind, **PAIRS)
    assert outcome.verdict.value == expected, outcome.message
    if expected == "conditional":
        assert "needs n ≥ 2" in outcome.message, outcome.message


def test_an_extremum_over_indices_ordered_among_themselves_is_refused_naming_it():
    # nested, max_u max_{v > u} would be undefined at u = n, where no v is left
    with pytest.raises(ParseError, match=r"\\max over indices ordered among themselves \('1 \\le a < b \\le n'\)"):
        check_statement(r"\max_{1 \le a < b \le n} D_{ab} \leq 0", "inequality", **PAIRS)
