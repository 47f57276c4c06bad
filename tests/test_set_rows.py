r"""Rows that compare sets (issue 13): ``A(i) \equiv I \backslash \{i\}``, ``i \in I \equiv
\{1 \ldots 2N\}``, ``P(i) \subseteq A(i)``, ``i \notin P(i)``, as SupCon and its readers write them.

A true identity of sets must be confirmed at every size and index the checker tries, a
false one refuted with a witness whose components show the member in one set and not in
the other (0 and 1, exact), and what would be read two ways (\subset, \cup beside \cap)
refused with what to write instead.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
                index=[{"name": "i", "from": 1, "to": "2N"}],
                family=[{"name": "y", "shape": ["2N"], "role": "label"}, {"name": "x", "shape": ["2N"]}],
                set=[{"name": "I", "to": "2N"},
                     {"name": "S", "members": "x"},
                     {"name": "A(i)", "index": "a", "to": "2N", "where": r"a \neq i"},
                     {"name": "P(i)", "index": "p", "to": "2N", "where": r"p \neq i, y_p = y_i"}])


def outcome(statement: str):
    return check_statement(statement, **NOTATION)


@pytest.mark.parametrize("statement", [
    r"i \in I \equiv\{1 \ldots 2 N\}",
    r"A(i) \equiv I \backslash\{i\}",
    r"A(i) = I \setminus \{i\}",
    r"A(i) \equiv \{a \in I : a \neq i\}",
    r"P(i) \equiv \{p \in A(i) : y_p = y_i\}",
    r"P(i) \equiv \{p \in A(i) \mid y_p = y_i\}",
    r"P(i) \subseteq A(i) \subseteq I",
    r"I \supseteq A(i)",
    r"i \notin P(i)",
    r"A(i) \cup \{i\} = [2N]",
    r"A(i) \cap \{i\} = \emptyset",
    r"I = \{1, \ldots, 2N\}",
    r"I = \{1, 2, \ldots, 2N\}",
    r"(A(i) \cup \{i\}) \setminus \{i\} = A(i)",
    r"I \setminus A(i) \setminus \{i\} = \emptyset",
])
def test_true_identities_of_sets_are_confirmed(statement):
    assert outcome(statement).verdict.value == "confirmed"


@pytest.mark.parametrize("statement", [
    r"A(i) \equiv \{1, \ldots, 2N - 1\}",      # the anchor is any member, not the last one
    r"i \in A(i)",
    r"P(i) \supseteq A(i)",                     # only when every label is y_i
    r"A(i) \equiv I",
    r"I = [N]",
    r"P(i) \equiv \{p \in I : y_p = y_i\}",     # the anchor itself is kept
])
def test_false_identities_of_sets_are_refuted_with_the_differing_member(statement):
    found = outcome(statement)
    assert found.verdict.value == "refuted"
    # the indicator vectors at the witness: whole numbers, written as such, which differ
    lhs, rhs = (side.strip("()").split(", ") for side in (found.witness.lhs, found.witness.rhs))
    assert set(lhs) | set(rhs) <= {"0", "1"} and lhs != rhs


def test_the_reading_says_how_the_sets_are_compared():
    from contrastive_sym.pipeline import verify_text
    text = "\n".join(['id = "d"', 'title = "d"', 'source = "d.md"', '[[size]]', 'name = "N"', 'minimum = 1', 'checked = [1, 2]',
                      '[[index]]', 'name = "i"', 'from = "1"', 'to = "2N"', '[[set]]', 'name = "I"', 'to = "2N"',
                      '[[claim]]', 'id = "c"', 'title = "c"', 'line = 1',
                      r"latex = 'i \in I \equiv\{1 \ldots 2 N\}'"]) + "\n"
    claim = verify_text(text).documents[0].claims[0]
    assert claim.claim.reading == (r"sets compared member by member over k = 1, …, 2 N (i \in S as \{i\} "
                                   r"\subseteq S; \equiv as equal sets)")


@pytest.mark.parametrize("statement, message", [
    (r"A(i) \subset I", r"'\subset' means ⊆ to some authors and ⊊ to others: write \subseteq"),
    (r"A(i) \subsetneq I", r"a strict inclusion '\subsetneq' is not read"),
    (r"I \ni i", r"'\ni' is not read: write the member first"),
    (r"A(i) \cup \{i\} \cap I = I", r"mixed without parentheses are read differently"),
    (r"S = S", "is a set of data points or of tuples: only sets of whole numbers are compared"),
    (r"A(i) \equiv I \backslash i", "'i' is compared with a set but is not one"),
    (r"A(i) < I", r"the relation '<' between sets is not read"),
    (r"I \equiv A(i) \ni i", r"'\ni' is not read"),
    (r"i \notin P(i) = A(i)", r"'\notin' is read as a row of its own"),
    (r"A(i) \equiv \{i \ldots\}", "an ellipsis outside a list or a sum"),
    (r"A(i) = \{a : a \neq i\}", r"a set-builder is read as \{p \in S : condition, …\}"),
    (r"A(i) = \{a \in I : a < i\}", "is not read as a set's condition"),
    (r"I = \{x_1, x_2\}", "the members of a set compared as a set are whole numbers"),
    (r"A = I", "the set A is written with its parameter"),
])
def test_what_is_not_read_as_sets_is_refused_with_what_to_write(statement, message):
    with pytest.raises(ParseError) as caught:
        outcome(statement)
    assert message in str(caught.value)


def test_a_membership_in_something_that_is_not_a_set_of_ours_is_read_as_before():
    # x \in \mathbb{R}: not a set of whole numbers; the row is read (and refused) as it was
    with pytest.raises(ParseError) as caught:
        outcome(r"i \in \mathbb{R}")
    assert "between sets" not in str(caught.value)
