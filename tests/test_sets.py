r"""Sums over sets and conditions (issue 13): ``\sum_{j \in [B]}``, ``\sum_{k \in I, k \neq i}``,
``\sum_{s_i \in S}``, ``\sum_{k=1, k \neq i}^{2N}``, with ``[[set]]`` declarations.

Each form must read as the plain sum a mathematician means (checked against the sum
written with explicit bounds), a wrong range must be refuted, and every condition the
reader does not understand, or understands two ways, is refused with its column.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
                family=[{"name": "s", "shape": ["N"]}, {"name": "t", "shape": ["N"]}],
                index=[{"name": "i", "from": 1, "to": "N"}],
                set=[{"name": "I", "to": "N"}, {"name": "S", "members": "s"},
                     {"name": r"\mathcal{I}_u^+", "from": 2, "to": "N"}])
ALL = r"\sum_{k=1}^{N} s_k"


def verdict(statement: str) -> str:
    return check_statement(statement, **NOTATION).verdict.value


@pytest.mark.parametrize("written, meant", [
    (r"\sum_{k \in [N]} s_k", ALL),
    (r"\sum_{k \in [\![1, N]\!]} s_k", ALL),
    (r"\sum_{k \in I} s_k", ALL),
    (r"\sum_{s_k \in S} s_k", ALL),
    (r"\sum_{k \in I, k \neq i} s_k", ALL + " - s_i"),
    (r"\sum_{k=1, k\neq i}^{N} s_k", ALL + " - s_i"),
    (r"\sum_{k \in [N], k \neq i} s_k", ALL + " - s_i"),
    (r"\sum_{k \in \mathcal{I}_u^+} s_k", ALL + " - s_1"),
    (r"\sum_{k \in \mathcal{I}^+_u} s_k", ALL + " - s_1"),
    (r"\sum_{i \neq k, k=1,\dots,N} s_k", ALL + " - s_i"),
    (r"\sum_{k=1, \ldots, N, k \neq i} s_k", ALL + " - s_i"),
    (r"\sum_{k=1,\dots,N} s_k", ALL),
])
def test_each_way_of_writing_the_range_reads_as_the_plain_sum(written, meant):
    assert verdict(f"{written} = {meant}") == "proved"


def test_a_condition_that_is_dropped_is_refuted():
    assert verdict(r"\sum_{k \in I, k \neq i} s_k = " + ALL) == "refuted"


@pytest.mark.parametrize("statement, message", [
    (r"\sum_{k \in I, j \neq i} s_k = 0", "the conditions of this sum name two indices: 'j \\neq i' gives its "
                                             "index no range and the body does not use it"),
    (r"\sum_{k \in I}^{N} s_k = 0", "this sum's index is given two ranges"),
    (r"\sum_{k \in I, k \in [N]} s_k = 0", "this sum's index is given two ranges"),
    (r"\sum_{k \neq i, k \neq 1} s_k = 0", "this sum skips two values"),
    (r"\sum_{t_k \in S} s_k = 0", "'t_k' is not a member of S as declared (its members are written s_i)"),
    (r"\sum_{k \in J} s_k = 0", "this sum's index is not understood"),
    (r"I + 1 = 0", "I is a set: |I| is its size"),
    (r"\sum_{k=1,\dots} s_k = 0", "an ellipsis under a sum is read only as k = 1, \\dots, N"),
    (r"\sum_{k \neq i, \dots, N} s_k = 0", "an ellipsis under a sum is read only as k = 1, \\dots, N"),
    (r"\sum_{\dots, N} s_k = 0", "this sum's index is not understood"),
])
def test_conditions_not_read_are_refused_with_what_is_wrong(statement, message):
    with pytest.raises(ParseError) as caught:
        check_statement(statement, **NOTATION)
    assert message in str(caught.value)


@pytest.mark.parametrize("entry, message", [
    ({"name": "J"}, "set J: 'to' (its last member) is required without 'members'"),
    ({"name": "J", "members": "i"}, "set J: members names a declared family of one dimension"),
    ({"name": "J", "from": 3, "to": 2}, "set J: from 3 to 2 is empty"),
])
def test_bad_set_declarations_name_the_key(entry, message):
    notation = dict(NOTATION, set=[entry])
    with pytest.raises(DerivationError) as caught:
        check_statement(ALL + " = " + ALL, **notation)
    assert message in str(caught.value)


@pytest.mark.parametrize("statement, expected", [
    (r"\frac{1}{|S|} \sum_{s_i \in S} s_i = \frac{1}{N} \sum_{i=1}^{N} s_i", "proved"),
    (r"2 \vert \mathcal{I}_u^+ \vert - 1 = 2N - 3", "proved"),
    (r"|I| = N - 1", "refuted"),
])
def test_the_size_of_a_declared_set_is_its_number_of_members(statement, expected):
    assert verdict(statement) == expected


# --- a size as the set of its indices, and definitions of indices written N(t, c) ---------
BATCH = dict(size=[{"name": "B", "minimum": 2, "checked": [2, 3]}, {"name": "T", "minimum": 2, "checked": [2, 3]}],
             family=[{"name": "h", "shape": ["B", "T"]}],
             index=[{"name": "b", "from": 1, "to": "B"}, {"name": "t", "from": 1, "to": "T"}],
             define=[{"name": r"\mathcal{N}", "line": 1, "latex": r"\mathcal{N}(b, t) = h_{b,t} + 1"},
                     {"name": r"\mathcal{M}", "line": 2, "latex": r"\mathcal{M}_t = \sum_{b \in B} \mathcal{N}(b, t)"}])


@pytest.mark.parametrize("statement, expected", [
    # b \in B with B the batch size: b runs over 1 … B
    (r"\sum_{b \in B} h_{b,t} = \sum_{b=1}^{B} h_{b,t}", "proved"),
    (r"\sum_{b \in B} h_{b,t} = \sum_{b=2}^{B} h_{b,t}", "refuted"),
    # N(b, t) with b, t declared indices puts the values written in: N(b, t + 1), and a
    # sum's index reaches into a definition that uses it
    (r"\mathcal{N}(b, 1) = h_{b,1} + 1", "proved"),
    (r"\sum_{t=1}^{T} \mathcal{M}_t = \sum_{t=1}^{T} \sum_{b=1}^{B} (h_{b,t} + 1)", "proved"),
    (r"\sum_{t=1}^{T} \mathcal{M}_t = T \, \mathcal{M}_t", "refuted"),
])
def test_sizes_as_sets_and_definitions_of_indices(statement, expected):
    assert check_statement(statement, **BATCH).verdict.value == expected


def test_a_set_keeps_its_meaning_after_in_when_a_definition_takes_its_letter():
    # Weng writes I for the index set and I(x;c) for the mutual information: after \in
    # only the set is meant
    notation = dict(NOTATION, scalar=[{"name": "a"}],
                    define=[{"name": "I(a)", "line": 1, "latex": r"I(a) = a + 1"}])
    assert check_statement(r"\sum_{k \in I, k \neq i} s_k = " + ALL + " - s_i", **notation).verdict.value == "proved"
    assert check_statement(r"I(a) = a + 1", **notation).verdict.value == "proved"


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{k \in \llbracket1,N\rrbracket} s_k = " + ALL, "proved"),
    (r"\sum_{k \in \llbracket 2, N \rrbracket} s_k = " + ALL, "refuted"),
])
def test_an_interval_in_double_brackets_reads_as_its_whole_numbers(statement, expected):
    assert verdict(statement) == expected


def test_an_interval_outside_a_sum_is_refused_naming_it():
    with pytest.raises(ParseError) as caught:
        verdict(r"\llbracket 1, N \rrbracket = 1")
    assert "\\llbracket a, b \\rrbracket (the whole numbers from a to b) is read after \\in under a sum only" \
        in str(caught.value)


def test_a_definition_of_indices_that_moves_with_another_index_is_refused():
    # N(t) = h_{b', t}: a function of t whose value moves with b' (a sum over b' meant, or
    # an argument left out): refused, naming b'
    notation = dict(BATCH, index=BATCH["index"] + [{"name": "b'", "from": 1, "to": "B"}],
                    define=[{"name": r"\mathcal{N}", "line": 1, "latex": r"\mathcal{N}(t) = h_{b',t}"}])
    with pytest.raises(ParseError) as caught:
        check_statement(r"\mathcal{N}(1) = 0", **notation)
    assert "the definition of \\mathcal{N}(t) depends on b', which is not among its arguments" in str(caught.value)


def test_in_a_definition_of_indices_a_sum_over_b_neq_b_prime_runs_over_the_pairs():
    # N(t) = \sum_{b \neq b'} …: b' is not an argument, so the sum is over the pairs b ≠ b'
    notation = dict(BATCH, index=BATCH["index"] + [{"name": "b'", "from": 1, "to": "B"}],
                    define=[{"name": r"\mathcal{N}", "line": 1,
                             "latex": r"\mathcal{N}(t) = \sum_{b \neq b'} h_{b,t} h_{b',t}"}])
    pairs = r"\mathcal{N}(1) = \sum_{a=1}^{B} \sum_{c=1}^{B} h_{a,1} h_{c,1} - \sum_{a=1}^{B} h_{a,1}^2"
    assert check_statement(pairs, **notation).verdict.value in ("proved", "confirmed")


@pytest.mark.parametrize("statement, message", [
    (r"\sum_{(i, k) \in \mathcal{P}} s_k = 0", "a sum over tuples (i, k) \\in \\mathcal{P} is not read yet"),
    (r"\sum_{\mathbf{x} \in \mathcal{X}} s_1 = 0", "a sum over the data points \\mathbf{x} \\in \\mathcal{X} is not read yet"),
    (r"\sum_{k \in \mathcal{D}} s_k = 0", "this sum's index is not understood: '\\mathcal{D}' is not a declared [[set]]"),
])
def test_a_sum_over_what_is_not_read_says_what_it_is(statement, message):
    notation = dict(NOTATION, scalar=[{"name": r"\mathbf{x}", "role": "point"}])
    with pytest.raises(ParseError) as caught:
        check_statement(statement, **notation)
    assert message in str(caught.value)


# --- several indices in one subscript, each with its range (the decoupled contrastive loss) -------------
SEVERAL = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}], family=[{"name": "s", "shape": ["2", "N"]}],
               index=[{"name": "i", "from": 1, "to": "N"}])
DOUBLE = r"\sum_{l=1}^{2} \sum_{j=1}^{N} s_{l,j}"


@pytest.mark.parametrize("statement, expected", [
    # DCL: \sum_{l \in \{1,2\}, j \in [\![1,N]\!], j \neq i}, one sum per index, in the order written
    (r"\sum_{l \in \{1,2\}, j \in [\![1,N]\!], j \neq i} s_{l,j} = " + DOUBLE + " - s_{1,i} - s_{2,i}", "confirmed"),
    (r"\sum_{l \in \{1,2\}, j \in [\![1,N]\!], j \neq i} s_{l,j} = " + DOUBLE + " - s_{1,i}", "refuted"),
    # a condition between two of them goes with the one bound last; a range by an ellipsis
    (r"\sum_{l \in \{1, \ldots, 2\}, j \in [N], j \neq l} s_{l,j} = " + DOUBLE + " - s_{1,1} - s_{2,2}", "confirmed"),
    (r"\sum_{j \in [N], l = 1, \dots, 2} s_{l,j} = " + DOUBLE, "confirmed"),
    (r"\sum_{l \in \{2, 1\}, j \in [N]} s_{l,j} = " + DOUBLE, "proved"),
    # j with only its condition, after l's range: over the rows the body indexes, i left out (DCL)
    (r"\sum_{l \in \{1,2\}, j \neq i} s_{l,j} = " + DOUBLE + " - s_{1,i} - s_{2,i}", "confirmed"),
])
def test_a_sum_over_several_indices_each_with_its_range(statement, expected):
    # proved where SymPy reduces the difference (plain ranges), confirmed where an indicator remains
    assert check_statement(statement, **SEVERAL).verdict.value == expected


@pytest.mark.parametrize("statement, message", [
    (r"\sum_{j \in [N], l = 1} s_{l,j} = 0", "the index l of this sum over several indices starts at 1 and its end"),
    (r"\sum_{l \in \{1, 3\}, j \in [N]} s_{l,j} = 0", "a sum over a set written out is read for consecutive whole"),
])
def test_what_a_sum_over_several_indices_does_not_read(statement, message):
    with pytest.raises(ParseError) as caught:
        check_statement(statement, **SEVERAL)
    assert message in str(caught.value)
