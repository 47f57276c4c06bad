r"""Indices read as a mathematician reads them, found by the corpus of papers (issue 13):
``P_{ij}`` is the entry (i, j), never row i·j; an entry past a family's declared shape
(``x_{K+1}`` of K entries) is an error of the statement, never a value of its own; and two
free indices are tried apart, not only at i = j.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "K", "minimum": 1, "checked": [1, 2]}],
                family=[{"name": "P", "shape": ["N", "N"]}, {"name": "x", "shape": ["K"]},
                        {"name": "z", "shape": ["N"]}, {"name": "w", "shape": ["2N"]}],
                index=[{"name": "i", "to": "N"}, {"name": "j", "to": "N"}])


def verdict(statement: str):
    return check_statement(statement, **NOTATION)


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{k=1}^{N} P_{ik} = \sum_{k=1}^{N} P_{ki}", "refuted"),   # a row sum is not a column sum
    (r"P_{ij} = P_{ji}", "refuted"),                                   # a matrix is not symmetric
    (r"P_{ij} = P_{i,j}", "proved"),
    (r"P_{i j} + w_{2i} = P_{i,j} + w_{2 i}", "proved"),        # a number before a letter is a product
])
def test_letters_side_by_side_in_a_subscript_are_the_entry_they_name(statement, expected):
    assert verdict(statement).verdict.value == expected


@pytest.mark.parametrize("statement, message", [
    (r"z_{ij} = z_{ji}", "ambiguous subscript '{ij}': 2 indices side by side, and 'z' takes 1 index"),
    (r"P_{ijk} = 0", "ambiguous subscript '{ijk}': 3 indices side by side, and 'P' takes 2 indexes"),
])
def test_letters_side_by_side_that_fit_no_reading_are_refused(statement, message):
    with pytest.raises(ParseError) as caught:
        verdict(statement)
    assert message in str(caught.value)


@pytest.mark.parametrize("statement", [
    r"x_{K+1} = x_{K+1} + 0",
    r"\sum_{i=1}^{K+1} x_i = \sum_{i=1}^{K} x_i + x_{K+1}",
])
def test_an_entry_past_the_declared_shape_is_an_error_naming_it(statement):
    outcome = verdict(statement)
    assert outcome.verdict.value == "error"
    assert "the statement names x_2, which is not an entry of x (of shape 1 at K=1)" in outcome.message


# --- the Kronecker delta, sums over several indices, an index written as a function ------

KD = dict(NOTATION, index=[{"name": "i", "to": "N"}, {"name": "k", "to": "N"}])


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{j=1}^{N} \delta_{ij} z_j = z_i", "proved"),
    (r"\delta_{ik} = \delta_{ki}", "proved"),
    (r"\delta_{ik} = 1", "refuted"),
    # an index and a whole number side by side, in either order (\delta_{k1}: the positive at place 1)
    (r"\sum_{k=1}^{N} \delta_{k1} z_k = z_1", "confirmed"),
    (r"\delta_{1k} = \delta_{k1}", "proved"),
    (r"\delta_{k1} = \delta_{k2}", "refuted"),
    (r"\sum_{i,j} P_{i,j} = \sum_{i=1}^{N} \sum_{j=1}^{N} P_{i,j}", "proved"),
    (r"\sum_{i,j} P_{ij} = \sum_{i} P_{ii}", "refuted"),
])
def test_delta_and_sums_over_several_indices_read_as_written_out(statement, expected):
    assert check_statement(statement, **KD).verdict.value == expected


def test_an_undeclared_delta_needs_its_two_indices():
    with pytest.raises(ParseError) as caught:
        check_statement(r"\delta_{i} = 1", **KD)
    assert "\\delta_{ij} (the Kronecker delta) takes two indices" in str(caught.value)
    with pytest.raises(ParseError, match="takes two indices"):      # a run of digits is one numeral
        check_statement(r"\delta_{12} = 0", **KD)


def test_an_index_declared_as_a_function_of_another_follows_it_into_sums():
    notation = dict(size=[{"name": "B", "minimum": 1, "checked": [1, 2]}],
                    family=[{"name": "s", "shape": ["2B", "2B"]}],
                    index=[{"name": "i", "to": "2B"}, {"name": "p(i)", "positive_of": "i", "samples": "B"}])
    # p(i) is the other view of row i: i + B for the first B rows, i − B for the others
    assert check_statement(r"\sum_{i=1}^{2B} s_{i, p(i)} = \sum_{i=1}^{B} (s_{i, i+B} + s_{i+B, i})",
                           **notation).verdict.value in ("proved", "confirmed")
    assert check_statement(r"\sum_{i=1}^{2B} s_{i, p(i)} = \sum_{i=1}^{B} 2 s_{i, i+B}",
                           **notation).verdict.value == "refuted"


def test_adjacent_pairing_follows_supcons_numbering():
    # pairing = "adjacent": rows 2k − 1 and 2k are the two views of sample k (SupCon)
    notation = dict(size=[{"name": "B", "minimum": 1, "checked": [1, 2]}],
                    family=[{"name": "s", "shape": ["2B", "2B"]}],
                    index=[{"name": "i", "to": "2B"},
                           {"name": "j(i)", "positive_of": "i", "samples": "B", "pairing": "adjacent"}])
    assert check_statement(r"\sum_{i=1}^{2B} s_{i, j(i)} = \sum_{k=1}^{B} (s_{2k-1, 2k} + s_{2k, 2k-1})",
                           **notation).verdict.value in ("proved", "confirmed")
    assert check_statement(r"\sum_{i=1}^{2B} s_{i, j(i)} = \sum_{i=1}^{B} (s_{i, i+B} + s_{i+B, i})",
                           **notation).verdict.value == "refuted"


# --- a size that is an expression of others (N = 2B) -------------------------------------

TIED = dict(size=[{"name": "B", "minimum": 1, "checked": [1, 2]}, {"name": "N", "equals": "2B"}],
            family=[{"name": "s", "shape": ["N", "N"]}],
            index=[{"name": "i", "to": "N"}, {"name": "p(i)", "positive_of": "i", "samples": "B"}])


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{i=1}^{N} s_{i, p(i)} = \sum_{i=1}^{B} (s_{i, i+B} + s_{i+B, i})", ("proved", "confirmed")),
    (r"N = 2B", ("proved",)),
    (r"N = B + 1", ("refuted",)),
])
def test_a_size_declared_equal_to_an_expression_reads_as_it(statement, expected):
    assert check_statement(statement, **TIED).verdict.value in expected


@pytest.mark.parametrize("size, message", [
    ({"name": "N", "equals": "2B", "minimum": 1}, "size N: 'equals' makes it an expression of other sizes"),
    ({"name": "N"}, "size N: 'minimum' and 'checked' are required (or 'equals'"),
    ({"name": "N", "equals": "2"}, "size N: equals = '2' is not an expression of the sizes declared above it"),
])
def test_a_tied_size_is_declared_one_way(size, message):
    with pytest.raises(DerivationError) as caught:
        check_statement("1 = 1", size=[{"name": "B", "minimum": 1, "checked": [1]}, size])
    assert message in str(caught.value)


# --- indicators as papers write them ------------------------------------------------------

IND = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
           family=[{"name": "x", "shape": ["N"]}, {"name": "y", "shape": ["N"]}], index=[{"name": "i", "to": "N"}])


@pytest.mark.parametrize("statement", [
    r"\sum_{k=1}^{N} \mathbb{1}_{k \neq i} x_k = \sum_{k=1}^{N} x_k - x_i",
    r"\sum_{k=1}^{N} \mathbb{1}[k \neq i] x_k = \sum_{k=1}^{N} x_k - x_i",
    r"\sum_{k=1}^{N} \mathbb{1}(k = i) x_k = x_i",
    r"\sum_{k=1}^{N} \mathbb{1}_{[k = i]} x_k = x_i",
])
def test_an_indicator_of_indices_reads_in_every_written_form(statement):
    assert check_statement(statement, **IND).verdict.value == "proved"


def test_an_indicator_of_values_is_refused_not_guessed():
    with pytest.raises(ParseError) as caught:
        check_statement(r"\mathbb{1}[y_i = y_1] = 1", **IND)
    assert "tests two values for equality" in str(caught.value)


@pytest.mark.parametrize("statement, expected", [
    # an index declared from 0 takes the value 0: SymPy once took it for positive and proved these
    (r"\mathbb{1}[j = 0] = 0", "refuted"),
    (r"\mathbb{1}[j = 0] = \mathbb{1}[j < 1]", "proved"),
    (r"\sqrt{j^2} = j", "proved"),
    (r"j \geq 1", "refuted"),
])
def test_an_index_counted_from_zero_is_not_taken_for_positive(statement, expected):
    notation = dict(size=[{"name": "K", "minimum": 1, "checked": [1, 2]}],
                    index=[{"name": "j", "from": 0, "to": "K"}])
    kind = "inequality" if "geq" in statement else "identity"
    assert check_statement(statement, kind, **notation).verdict.value.replace("confirmed", "proved") == expected


def test_an_entry_of_a_value_computed_from_a_family_counted_from_zero_is_refused():
    # (u v)_k with u's rows numbered from 0: the product numbers its components from 1, so the entry
    # written 0 would be read as another (it once named u_{-1}); refused, naming the family
    notation = dict(size=[{"name": "K", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1]}],
                    family=[{"name": "u", "shape": ["K + 1", "d"], "from": [0, 1]}, {"name": "v", "shape": ["d"]}])
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\sum_{k=0}^{K} \operatorname{softmax}(u v)_k = 1", **notation)
    assert "an entry of a value computed from u, whose entries are numbered from 0, is not read" in str(caught.value)


def test_all_entries_but_one_in_a_subscript_is_named_as_such():
    # x_{\ne j} (a leave-one-out baseline's samples) was "ambiguous subscript: 2 indices side by side"
    with pytest.raises(ParseError, match=r"'x_\{\\ne i\}', the entries but one at once \(a slice\), is not read"):
        verdict(r"\sum_{k=1}^{K} x_k = x_{\ne i}")
