r"""A function defined for labels, used as documents use it: at an event that fixes one of its
variables (``p(d=1, w \mid w_I)`` of ``p(d, w \mid w_I) = …``, the NCE posterior), by the one of
several definitions of one head whose labels the use fits (``p(w_O \mid w_I)`` beside
``p(d, w \mid w_I)``), at the word of a sum's index (``p(w_i \mid w_I)``), at a whole number;
and a family whose entries are an expression of their index (the one-hot labels y_i of a cross
entropy).  A use that fits none, or two with different values, is refused with a message that
says why."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

WORDS = dict(
    size=[{"name": "V", "minimum": 2, "checked": [2, 3]}, {"name": "N", "minimum": 1, "checked": [1, 2]}],
    index=[{"name": "w_I", "from": 1, "to": "V"}, {"name": "w_O", "from": 1, "to": "V"}],
    family=[{"name": "z", "shape": ["V", "V"]},
            {"name": "y", "shape": ["V"], "index": "i", "equals": r"\mathbb{1}[i = w_O]"}],
    define=[{"name": "p(w_O | w_I)", "line": 1,
             "latex": r"p(w_O \vert w_I) = \frac{\exp(z_{w_O, w_I})}{\sum_{i=1}^V \exp(z_{i, w_I})}"}],
)

#: the NCE section: d the binary decision, w the word, \tilde{w} a noise word, q the noise probability
NCE = dict(
    WORDS,
    index=WORDS["index"] + [{"name": "w", "from": 1, "to": "V"}, {"name": r"\tilde{w}", "from": 1, "to": "V"}],
    scalar=[{"name": "d", "domain": "binary"}],
    function=[{"name": "q", "arguments": 1, "domain": "positive"}],
    define=WORDS["define"] + [{"name": "p(d, w | w_I)", "line": 2, "latex": (
        r"p(d, w | w_I) = \begin{cases} \frac{1}{N+1} p(w \vert w_I) & \text{if } d=1 \\ "
        r"\frac{N}{N+1} q(\tilde{w}) & \text{if } d=0 \end{cases}")}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"\frac{p(d=1, w \vert w_I)}{p(d=1, w \vert w_I) + p(d=0, w \vert w_I)} "
     r"= \frac{p(w \vert w_I)}{p(w \vert w_I) + Nq(\tilde{w})}", "proved"),
    (r"p(d=1, w \vert w_I) + p(d=0, w \vert w_I) = \frac{p(w|w_I) + N q(\tilde{w})}{N+1}", "proved"),
    # the event d = 1 is not the whole joint: the factor 1/(N+1) is there
    (r"p(d=1, w \vert w_I) = p(w|w_I)", "refuted"),
    # the first definition, by the labels it is written with, beside the second
    (r"p(w_O \vert w_I) = \frac{\exp(z_{w_O, w_I})}{\sum_{i=1}^V \exp(z_{i, w_I})}", "proved"),
])
def test_an_event_fixes_the_variable_of_a_definition_by_cases(statement, expected):
    assert check_statement(statement, **NCE).verdict.value == expected


def test_an_event_outside_the_variables_values_is_refused_naming_them():
    with pytest.raises(DerivationError) as caught:
        check_statement(r"p(d=2, w \vert w_I) = 0", **NCE)
    assert "not (d=2, w \\vert w_I): d = 2 is not one of the values of d (0, 1)" in str(caught.value)


def test_a_use_that_fits_no_definition_lists_them_all():
    with pytest.raises(DerivationError) as caught:
        check_statement(r"p(w, w_I \vert d) = 0", **NCE)
    assert r"p is defined for (w_O \vert w_I) and (d, w|w_I), not (w, w_I \vert d)" in str(caught.value)


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{i=1}^V p(w_i | w_I) = 1", "proved"),
    # the cross entropy of the one-hot labels is the log-probability of the output word
    (r"-\sum_{i=1}^V y_i \log p(w_i | w_I) = -\log p(w_O \vert w_I)", "proved"),
    (r"-\sum_{i=1}^V y_i \log p(w_i | w_I) = -\log p(w_I \vert w_I)", "refuted"),
    (r"\sum_{i=1}^V y_i = 1", "proved"),
    (r"\sum_{i=1}^V y_i = 2", "refuted"),
])
def test_the_word_of_a_sums_index_and_one_hot_labels(statement, expected):
    assert check_statement(statement, **WORDS).verdict.value == expected


TWO = dict(
    size=[{"name": "n", "minimum": 2, "checked": [2, 3]}],
    index=[{"name": "a", "from": 1, "to": "n"}, {"name": "b", "from": 1, "to": "n"},
           {"name": "k", "from": 1, "to": "n"}],
    define=[{"name": "p(a|k)", "line": 1, "latex": r"p(a \mid k) = a k"},
            {"name": "p(b|k)", "line": 2, "latex": r"p(b \mid k) = 2 b k"}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"p(a \mid k) = a k", "proved"),
    (r"p(b \mid k) = 2 b k", "proved"),
    (r"p(b \mid k) = b k", "refuted"),
])
def test_each_definition_is_read_by_its_own_labels(statement, expected):
    assert check_statement(statement, **TWO).verdict.value == expected


def test_a_use_that_fits_two_definitions_with_different_values_is_refused():
    with pytest.raises(DerivationError) as caught:
        check_statement(r"p(1 \mid k) = k", **TWO)
    assert "fits more than one of its definitions, (a \\mid k) and (b \\mid k), with different values" \
        in str(caught.value)


def test_a_whole_number_in_an_index_label_is_the_body_there():
    one = dict(TWO, define=TWO["define"][:1])
    assert check_statement(r"p(1 \mid k) = k", **one).verdict.value == "proved"
    assert check_statement(r"p(2 \mid k) = k", **one).verdict.value == "refuted"


@pytest.mark.parametrize("entry, message", [
    ({"name": "y", "shape": ["V"], "index": "i", "equals": "i", "domain": "binary"},
     "'domain' belongs to a family of variables"),
    ({"name": "y", "shape": ["V", "V"], "index": "i", "equals": "i"}, "has one dimension"),
    ({"name": "y", "shape": ["V"], "index": "w_I", "equals": "1"}, "names its entry's index by one letter"),
    ({"name": "y", "shape": ["V"], "index": "V", "equals": "1"}, "names something declared above"),
    ({"name": "y", "shape": ["V"], "equals": "1"}, "names its entry's index by one letter"),
])
def test_a_family_of_expressions_is_checked_where_it_is_declared(entry, message):
    notation = dict(WORDS, family=[entry], define=[])
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\sum_{i=1}^V y_i = 1", **notation)
    assert message in str(caught.value)


def test_a_sum_drawn_beside_its_index_says_what_is_not_read():
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\sum_{i=1, w_i \sim Q}^N \log q(w_i) = 0",
                        **dict(NCE, distribution=[{"name": "Q", "of": [r"\tilde{w}"]}]))
    # w_i is no entry of draws declared beside the index Q draws (tests/test_named_draws.py)
    assert "the draws a sum names beside its index are read as the entries of a family of indices" \
        in str(caught.value)


DPR = dict(
    size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "n", "minimum": 1, "checked": [1, 2]}],
    index=[{"name": "i", "from": 1, "to": "N"}],
    family=[{"name": "q", "shape": ["N"], "role": "point"}, {"name": "p^+", "shape": ["N"], "role": "point"},
            {"name": "p^-", "shape": ["N", "n"], "role": "point"}],
    function=[{"name": r"\text{sim}", "arguments": 2}],
    define=[{"name": "L", "line": 1, "latex": r"\mathcal{L}(q_i, p_i^+, p_{i,1}^-, \dots, p_{i,n}^-) = -\log "
             r"\frac{\exp(\text{sim}(q_i, p_i^+))}{\exp(\text{sim}(q_i, p_i^+)) + \sum_{j=1}^n \exp(\text{sim}(q_i, p_{i,j}^-))}"}],
)


@pytest.mark.parametrize("statement, expected", [
    (r"\mathcal{L}(q_i, p_i^+, p_{i,1}^-, \dots, p_{i,n}^-) \geq 0", "confirmed"),
    # sim is any function: the loss is not bounded by log(n + 1)
    (r"\mathcal{L}(q_i, p_i^+, p_{i,1}^-, \dots, p_{i,n}^-) \leq \log(n+1)", "refuted"),
])
def test_a_head_with_dots_between_declared_names_is_read_as_labels(statement, expected):
    assert check_statement(statement, **DPR).verdict.value == expected


def test_dots_between_undeclared_names_that_are_not_one_list_stay_refused():
    bad = dict(DPR, define=[{"name": "L", "line": 1, "latex": r"\mathcal{L}(q_i, r_1, \dots, r_n) = 1"}])
    with pytest.raises(DerivationError, match="a list parameter is written x_1, ..., x_n"):
        check_statement(r"1 = 1", **bad)
