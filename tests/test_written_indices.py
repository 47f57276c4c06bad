r"""Sets the data gives, indices written as superscripts, words with a sign as scripts, and
labelled functions under a sum (issue 13: what real documents write).

* ``[[set]] any_subset = true``: ``\sum_{i \in \mathcal{I}_u^+}`` over any subset of the items
  (one per user), its membership a family of 0s and 1s (domain ``binary``) that sampling
  runs over every subset of at small sizes;
* ``[[family]] index_written = "superscript"``: ``s^i_k`` is entry i of the family ``s_k``,
  ``x^{(i)}`` entry i of ``x``;
* ``\mathcal{L}_{info+}``: a word with a sign at its end is part of the name;
* a function defined for its arguments as written (``p(s^i_k | s^i_l)``) used under
  ``\sum_{i=1}^N``: the i of its label is the sum's i.
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from contrastive_sym.check.sampling.points import _binary_patterns, _patterns_for
from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.model.notation import Domain
from contrastive_sym.pipeline import check_statement

SIZES = [{"name": "n", "minimum": 2, "checked": [2, 3]}]
SUBSETS = dict(size=SIZES,
               family=[{"name": "a", "shape": ["n"]}, {"name": "w", "shape": ["n"], "domain": "positive"},
                       {"name": "y", "shape": ["n", "n"]}],
               index=[{"name": "u", "from": 1, "to": "n"}],
               set=[{"name": r"\mathcal{I}_u^+", "index": "i", "to": "n", "any_subset": True},
                    {"name": "S", "index": "k", "to": "n", "any_subset": True}])


def subsets(statement: str, kind: str = "identity", **changes):
    return check_statement(statement, kind, **{**SUBSETS, **changes})


# --- any_subset: every subset, with its witness -----------------------------------------
@pytest.mark.parametrize("statement, kind", [
    (r"\sum_{i \in \mathcal{I}_u^+} 1 = |\mathcal{I}_u^+|", "identity"),
    (r"\sum_{i \in \mathcal{I}^+_u} y_{ui} = \sum_{i=1}^n \mathbb{1}[i \neq 0] \sum_{j \in \mathcal{I}_u^+} "
     r"\mathbb{1}[j = i] y_{uj}", "identity"),
    (r"\sum_{k \in S} w_k \leq \sum_{k=1}^n w_k", "inequality"),
    (r"|S| \leq n", "inequality"),
])
def test_true_statements_over_any_subset_hold(statement, kind):
    assert subsets(statement, kind).verdict.value in ("proved", "confirmed")


def test_a_set_the_data_gives_may_be_empty_and_the_witness_says_which_subset():
    outcome = subsets(r"|\mathcal{I}_u^+| \geq 1", "inequality")
    assert outcome.verdict.value == "refuted"
    members = {k: v for k, v in outcome.witness.values.items() if k.startswith(r"\mathbb{1}")}
    assert members and set(members.values()) == {"0"}        # the empty subset


def test_a_statement_true_only_for_some_subsets_is_refuted():
    # true for the whole set and for the empty one, false when the negative a_k is left out
    outcome = subsets(r"\sum_{k \in S} a_k \leq \sum_{k=1}^n a_k", "inequality")
    assert outcome.verdict.value == "refuted"
    outcome = subsets(r"\sum_{i \in \mathcal{I}_u^+} y_{ui} = \sum_{i \in \mathcal{I}_u^+} y_{ii}")
    assert outcome.verdict.value == "refuted" and outcome.witness.indices


def test_one_over_the_size_of_a_subset_is_undefined_at_the_empty_one():
    outcome = subsets(r"\frac{1}{|S|}\sum_{k \in S} w_k > 0", "inequality")
    assert outcome.verdict.value == "conditional"
    assert "undefined" in outcome.message


@pytest.mark.parametrize("entry, words", [
    ({"name": "T", "index": "k", "to": "n", "any_subset": True, "where": r"k \neq 1"}, "do not go together"),
    ({"name": "T", "index": "k", "to": "n", "any_subset": True, "nonempty": True}, "do not go together"),
    ({"name": "T", "to": "n", "any_subset": True}, "'index'"),
    ({"name": "T", "index": "k", "from": 0, "to": "n", "any_subset": True}, "from = 1"),
    ({"name": "T", "index": "k", "any_subset": True}, "'to'"),
])
def test_a_misdeclared_subset_is_refused_with_its_words(entry, words):
    with pytest.raises(DerivationError) as caught:
        subsets(r"|S| \leq n", "inequality", set=SUBSETS["set"] + [entry])
    assert words in str(caught.value)


def test_binary_values_are_every_subset_at_small_sizes_and_stay_0_or_1():
    assert len(_binary_patterns(3)) == 8 and len({tuple(p) for p in _binary_patterns(3)}) == 8
    big = _patterns_for(Domain.BINARY, 9)
    assert all(set(p) <= {F(0), F(1)} for p in big)
    assert [F(0)] * 9 in big and [F(1)] * 9 in big
    assert Domain.BINARY.contains(1) and not Domain.BINARY.contains(F(1, 2))


def test_a_binary_family_is_a_domain_users_declare_too():
    masks = dict(size=SIZES, family=[{"name": "m", "shape": ["n"], "domain": "binary"}])
    assert check_statement(r"\sum_{k=1}^n m_k^2 = \sum_{k=1}^n m_k", **masks).verdict.value in ("proved", "confirmed")
    assert check_statement(r"\sum_{k=1}^n m_k \geq 1", "inequality", **masks).verdict.value == "refuted"


# --- indices written as superscripts --------------------------------------------------------
SENTENCES = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
                 family=[{"name": "s_k", "shape": ["N"], "role": "point", "index_written": "superscript"},
                         {"name": "s_l", "shape": ["N"], "role": "point", "index_written": "superscript"},
                         {"name": "x", "shape": ["N"], "index_written": "superscript"}],
                 function=[{"name": "f", "arguments": 1, "shape": ["d"]}, {"name": "g", "arguments": 1, "shape": ["d"]}],
                 index=[{"name": "i", "from": 1, "to": "N"}, {"name": "j", "from": 1, "to": "N"}])


@pytest.mark.parametrize("statement, verdicts", [
    (r"f(s^{(1)}_k)^\top g(s^{(2)}_k) = f(s_k^1)^\top g(s_k^2)", ("proved", "confirmed")),
    (r"f(s^1_k)^\top g(s^2_k) = f(s^1_l)^\top g(s^2_k)", ("refuted",)),
    (r"\sum_{i=1}^N x^{(i)} = \sum_{j=1}^N x^j", ("proved", "confirmed")),
    (r"(x^{(1)})^2 \geq 0", ("proved", "confirmed")),
    (r"x^{(1)} = x^{(2)}", ("refuted",)),
])
def test_an_index_written_as_a_superscript_names_an_entry(statement, verdicts):
    kind = "inequality" if r"\geq" in statement else "identity"
    outcome = check_statement(statement, kind, **SENTENCES)
    assert outcome.verdict.value in verdicts


def test_a_witness_writes_the_superscript_index_as_the_document_does():
    outcome = check_statement(r"x^{(1)} = x^{(2)}", **SENTENCES)
    assert {"x^{1}", "x^{2}"} <= set(outcome.witness.values)


def test_a_superscript_index_is_for_one_dimension():
    family = [{"name": "t", "shape": ["N", "N"], "index_written": "superscript"}]
    with pytest.raises(DerivationError, match="one dimension"):
        check_statement(r"t^{1} = t^{1}", **{**SENTENCES, "family": family})


# --- a labelled function under a sum over the index its label writes --------------------
LABELLED = dict(SENTENCES, define=[{
    "name": "p(s^i_k | s^i_l)", "line": 1,
    "latex": r"p(s^i_k | s^i_l) = \frac{e^{f(s^i_l)^{\top}g(s^i_k)}}{\sum_{j=1}^N e^{f(s^i_l)^{\top}g(s^j_k)}}"}])


def test_the_index_of_a_labelled_function_is_the_one_bound_where_it_is_used():
    inside = r"\sum_{i=1}^N \log p(s^i_k | s^i_l) = \sum_{i=1}^N \log \frac{e^{f(s^i_l)^\top g(s^i_k)}}" \
             r"{\sum_{j=1}^N e^{f(s^i_l)^\top g(s^j_k)}}"
    assert check_statement(inside, **LABELLED).verdict.value in ("proved", "confirmed")
    # before, the i of the definition (the declared index) was used inside the sum: the sum
    # of N copies of one term, which this statement says and the document does not
    copies = r"\sum_{i=1}^N \log p(s^i_k | s^i_l) = N \log p(s^i_k | s^i_l)"
    assert check_statement(copies, **LABELLED).verdict.value == "refuted"


# --- a word with a sign as a script ---------------------------------------------------------
def test_a_word_with_a_sign_at_its_end_is_part_of_a_name():
    names = dict(scalar=[{"name": r"\mathcal{L}_{info+}"}, {"name": r"\mathcal{L}_{info}"}])
    assert check_statement(r"\mathcal{L}_{info+} - \mathcal{L}_{info} = \mathcal{L}_{info+} - \mathcal{L}_{info}",
                           **names).verdict.value == "proved"
    with pytest.raises(ParseError, match="is a word"):
        check_statement(r"x^{ab+} = 1", scalar=[{"name": "x"}])


# --- \sum_{a \neq b}: which index it binds ----------------------------------------------------
MATRIX = dict(size=[{"name": "n", "minimum": 2, "checked": [2, 3]}], family=[{"name": "C", "shape": ["n", "n"]}],
              index=[{"name": "i", "from": 1, "to": "n"}, {"name": "j", "from": 1, "to": "n"}])
OFF_DIAGONAL = r"\sum_{i=1}^n \sum_{j=1}^n C_{ij} - \sum_{i=1}^n C_{ii}"


@pytest.mark.parametrize("statement", [
    r"\sum_i\sum_{i\neq j} C_{ij} = " + OFF_DIAGONAL,            # Barlow Twins as a blog writes it
    r"\sum_{j=1}^n\sum_{i \neq j} C_{ij} = " + OFF_DIAGONAL,
    r"\sum_{k=1}^n\sum_{k\neq j} C_{kj} = \sum_{k=1}^n \sum_{j=1}^n C_{kj} - \sum_{k=1}^n C_{kk}",
])
def test_under_a_sum_over_i_the_sum_over_i_neq_j_runs_over_j(statement):
    assert check_statement(statement, **MATRIX).verdict.value in ("proved", "confirmed")


def test_with_both_indices_free_the_sum_over_i_neq_j_still_runs_over_i():
    assert check_statement(r"\sum_{i \neq j} C_{ij} = \sum_{i=1}^n C_{ij} - C_{jj}", **MATRIX).verdict.value == "proved"


@pytest.mark.parametrize("statement", [
    # the statement sums over j elsewhere and no other side depends on j: over i with j fixed,
    # or over the pairs? (read as the first, this true pair identity was refuted)
    r"\sum_{i \neq j} C_{ij} = " + OFF_DIAGONAL,
    r"\sum_{i \neq j} C_{ij} = \sum_{j=1}^n \sum_{i=1}^n C_{ij} - \sum_{i=1}^n C_{ii}",
])
def test_with_both_indices_declared_and_j_summed_elsewhere_the_sum_is_ambiguous(statement):
    with pytest.raises(DerivationError) as info:
        check_statement(statement, **MATRIX)
    assert "ambiguous: \\sum_{i \\neq j} of two declared indices runs over i with j fixed, or over the pairs" \
        in info.value.message


@pytest.mark.parametrize("statement, expected", [
    # each reading written out
    (r"\sum_{i, j : i \neq j} C_{ij} = " + OFF_DIAGONAL, "confirmed"),
    (r"\sum_{i=1, i \neq j}^{n} C_{ij} = \sum_{i=1}^n C_{ij} - C_{jj}", "proved"),
])
def test_each_reading_of_a_sum_over_i_neq_j_can_be_written(statement, expected):
    assert check_statement(statement, **MATRIX).verdict.value in (expected, "proved")


@pytest.mark.parametrize("statement, expected", [
    # nothing else sums over j: j is the anchor, as in \sum_{k \neq i} p_{ik} = 1
    (r"\sum_{i \neq j} C_{ij} \geq \min_{i} C_{ij}", "refuted"),
    (r"\sum_{i \neq j} C_{ii} = \sum_{i=1}^n C_{ii} - C_{jj}", "proved"),
])
def test_a_sum_over_i_neq_j_with_j_summed_nowhere_else_runs_over_i(statement, expected):
    assert check_statement(statement, **MATRIX).verdict.value == expected


def test_in_a_definition_of_its_arguments_only_a_sum_over_b_neq_b_prime_runs_over_the_pairs():
    notation = dict(MATRIX, index=MATRIX["index"] + [{"name": "t", "from": 1, "to": "n"}],
                    define=[{"name": "R(t)", "line": 1, "latex": r"R(t) = \sum_{i \neq j} C_{ij} t"}])
    pairs = r"R(1) = " + OFF_DIAGONAL
    assert check_statement(pairs, **notation).verdict.value in ("proved", "confirmed")
    assert check_statement(r"R(1) = \sum_{i=1}^n C_{ij} - C_{jj}", **notation).verdict.value == "refuted"


def test_a_definition_that_still_depends_on_an_index_it_does_not_take_is_refused():
    notation = dict(MATRIX, index=MATRIX["index"] + [{"name": "t", "from": 1, "to": "n"}],
                    define=[{"name": "R(t)", "line": 1, "latex": r"R(t) = \sum_{i=1}^n C_{ij} t"}])
    with pytest.raises(DerivationError, match="not among its arguments"):
        check_statement(r"R(1) = 0", **notation)


# --- one letter, two functions told apart by their number of arguments ------------------------
OVERLOADED = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2]}],
                  scalar=[{"name": "x", "role": "point"}, {"name": "c", "role": "point"}],
                  function=[{"name": "f", "arguments": 1, "shape": ["d"]}, {"name": "f", "arguments": 2}])


def test_the_number_of_arguments_says_which_function_a_letter_names():
    assert check_statement(r"f(x, c) + f(x)^\top f(c) = f(c)^\top f(x) + f(x, c)", **OVERLOADED).verdict.value \
        in ("proved", "confirmed")
    outcome = check_statement(r"f(x, c) = f(x)^\top f(c)", **OVERLOADED)
    assert outcome.verdict.value == "refuted"
    assert any(name.startswith("f(x, c)") for name in outcome.witness.values)   # shown as written


def test_a_count_no_declaration_has_is_refused_naming_both():
    with pytest.raises(ParseError, match="declared with 1 or 2 arguments; here it has 3"):
        check_statement(r"f(x, c, x) = 0", **OVERLOADED)
    twice = dict(OVERLOADED, function=OVERLOADED["function"] + [{"name": "f", "arguments": 2}])
    with pytest.raises(DerivationError, match="declared twice with 2 arguments"):
        check_statement(r"f(x, c) = 0", **twice)


# --- a defined name that writes its indices (L^{(ij)}) under a sum over them ---------------------
WRITTEN = dict(size=[{"name": "n", "minimum": 2, "checked": [2, 3]}],
               family=[{"name": "s", "shape": ["n"]}, {"name": "C", "shape": ["n", "n"]}],
               index=[{"name": "i", "from": 1, "to": "n"}, {"name": "j", "from": 1, "to": "n"}],
               define=[{"name": "L^{(i)}", "line": 1, "latex": r"L^{(i)} = s_i^2"},
                       {"name": "R^{(ij)}", "line": 2, "latex": r"R^{(ij)} = C_{ij} s_i"},
                       {"name": r"Q_\text{ij}", "line": 3, "latex": r"Q_\text{ij} = s_i"}])


@pytest.mark.parametrize("statement", [
    r"\sum_{i=1}^n L^{(i)} = \sum_{i=1}^n s_i^2",        # was refuted: n copies of L at the declared i
    r"\sum_{i=1}^n \sum_{j=1}^n R^{(ij)} = \sum_{i=1}^n \sum_{j=1}^n C_{ij} s_i",
    r"\sum_{j=1}^n R^{(ij)} = \sum_{k=1}^n C_{ik} s_i",
    r"L^{(i)} = s_i^2",
    r"\sum_{i=1}^n Q_\text{ij} = n s_i",                 # letters of a word are not indices
])
def test_the_indices_a_defined_name_writes_are_those_bound_where_it_is_used(statement):
    assert check_statement(statement, **WRITTEN).verdict.value == "proved"


# --- sets of pairs the data gives: \sum_{(i, j) \in \mathcal{P}} -------------------------------
PAIRS = dict(size=[{"name": "B", "minimum": 2, "checked": [2, 3]}], family=[{"name": "D", "shape": ["B", "B"]}],
             scalar=[{"name": r"\epsilon"}],
             index=[{"name": "i", "from": 1, "to": "B"}, {"name": "j", "from": 1, "to": "B"}],
             set=[{"name": r"\mathcal{P}", "index": "(a, b)", "to": "B", "any_subset": True},
                  {"name": r"\mathcal{N}", "index": "(a, b)", "to": "B", "any_subset": True}])
STRUCT = dict(PAIRS, define=[{
    "name": "L^(ij)", "line": 1,
    "latex": r"\mathcal{L}^{(ij)} = D_{ij} + \log \Big( \sum_{(i,k)\in\mathcal{N}} \exp(\epsilon - D_{ik}) "
             r"+ \sum_{(j,l)\in\mathcal{N}} \exp(\epsilon - D_{jl}) \Big)"}])


@pytest.mark.parametrize("statement, kind, verdicts", [
    (r"\sum_{(i,j) \in \mathcal{P}} 1 = |\mathcal{P}|", "identity", ("proved", "confirmed")),
    (r"|\mathcal{P}| \leq B^2", "inequality", ("proved", "confirmed")),
    # an enclosing sum's index stays: the inner sum runs over k only
    (r"\sum_{i=1}^B \sum_{(i,k) \in \mathcal{N}} D_{ik} = \sum_{(a,k) \in \mathcal{N}} D_{ak}", "identity",
     ("proved", "confirmed")),
    (r"\sum_{(i,j) \in \mathcal{P}} D_{ij} = \sum_{(i,j) \in \mathcal{N}} D_{ij}", "identity", ("refuted",)),
    (r"\sum_{(i,j) \in \mathcal{P}} D_{ij} \leq \sum_{i=1}^B\sum_{j=1}^B D_{ij}", "inequality", ("refuted",)),
])
def test_a_set_of_pairs_the_data_gives_is_summed_over_every_subset(statement, kind, verdicts):
    assert check_statement(statement, kind, **PAIRS).verdict.value in verdicts


def test_the_indices_a_defined_name_writes_stay_fixed_in_its_sums_over_pairs():
    # L^{(ij)}: the i of \sum_{(i,k) \in N} is the pair's i, so only k runs
    written_out = (r"\sum_{(i,j) \in \mathcal{P}} \mathcal{L}^{(ij)} = \sum_{(a,b) \in \mathcal{P}} \Big(D_{ab} + "
                   r"\log \big( \sum_{(a,k)\in\mathcal{N}} \exp(\epsilon - D_{ak}) + \sum_{(b,l)\in\mathcal{N}} "
                   r"\exp(\epsilon - D_{bl}) \big)\Big)")
    outcome = check_statement(written_out, **STRUCT)
    # the log of an empty sum is undefined: the subsets where a pair has no negative say so
    assert outcome.verdict.value == "conditional" and "undefined" in outcome.message


def test_a_tuple_written_otherwise_than_the_set_declares_is_refused():
    with pytest.raises(ParseError, match="tuples of 2 indices"):
        check_statement(r"\sum_{(i,i) \in \mathcal{P}} D_{ii} = 0", **PAIRS)
    with pytest.raises(ParseError, match="is bound here"):
        check_statement(r"\sum_{i=1}^B \sum_{j=1}^B \sum_{(i,j) \in \mathcal{P}} D_{ij} = 0", **PAIRS)


# --- \max and \min over an index, and entries written s_{i1}, s_{12} ---------------------------
EXTREMES = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
                family=[{"name": "s", "shape": ["N", "N"]}, {"name": "x", "shape": ["N"]}],
                scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}],
                index=[{"name": "i", "from": 1, "to": "N"}], set=[{"name": "I", "to": "N"}])


@pytest.mark.parametrize("statement, kind, verdicts", [
    (r"\max_k x_k \geq x_1", "inequality", ("proved", "confirmed")),
    (r"\min_{k} x_k \leq \max_{k \in [N]} x_k", "inequality", ("proved", "confirmed")),
    (r"\max_{k \in I} x_k = \max_k x_k", "identity", ("proved", "confirmed")),
    (r"-\min_k x_k = \max_k (-x_k)", "identity", ("proved", "confirmed")),
    # the two bounds of the log-sum-exp by the maximum, at every temperature
    (r"\tau \log \sum_{k=1}^N e^{x_k/\tau} \geq \max_k x_k", "inequality", ("proved", "confirmed")),
    (r"\tau \log \sum_{k=1}^N e^{x_k/\tau} \leq \max_k x_k + \tau \log N", "inequality", ("proved", "confirmed")),
    (r"\max_k x_k = x_1", "identity", ("refuted",)),
    # the largest other entry need not exceed the diagonal one
    (r"\max_{k \neq i} s_{ik} \geq s_{ii}", "inequality", ("refuted",)),
])
def test_a_maximum_over_an_index_is_read_and_checked(statement, kind, verdicts):
    assert check_statement(statement, kind, **EXTREMES).verdict.value in verdicts


def test_a_maximum_over_nothing_is_undefined_not_minus_infinity():
    # at N = 1 there is no k ≠ i: the statement is undefined there, and the verdict says so
    outcome = check_statement(r"\max_{k \neq i} s_{ik} \leq \max_k s_{ik}", "inequality", **EXTREMES)
    assert outcome.verdict.value == "conditional" and "undefined" in outcome.message


@pytest.mark.parametrize("statement, words", [
    (r"\max_{k^2 > 1} x_k = 0", "is not read"),
    (r"\max_{(k, l) \in T} x_k = 0", "with 2 indices that run is not read"),
])
def test_a_maximum_the_reader_does_not_know_is_refused_with_its_words(statement, words):
    notation = dict(EXTREMES, set=[{"name": "S", "index": "k", "to": "N", "any_subset": True},
                                   {"name": "T", "index": "(a, b)", "to": "N", "any_subset": True}])
    with pytest.raises(ParseError, match=words):
        check_statement(statement, **notation)


@pytest.mark.parametrize("statement, verdict", [
    (r"s_{i1} = s_{i,1}", "proved"),           # was read as the row s_i: a false refutation
    (r"s_{1i} = s_{1,i}", "proved"),
    (r"s_{i1} = s_{1,i}", "refuted"),
])
def test_an_entry_written_with_digits_side_by_side_is_the_entry(statement, verdict):
    notation = dict(EXTREMES, size=[{"name": "N", "minimum": 2, "checked": [2, 3]}])
    assert check_statement(statement, **notation).verdict.value == verdict


# --- a long expression broken over rows -------------------------------------------------------
REALS = dict(scalar=[{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}])


@pytest.mark.parametrize("statement, verdict", [
    (r"\begin{aligned} (a+b)^2 + c &= a^2 + 2ab \\ &\quad + b^2 + c \end{aligned}", "proved"),
    (r"(a+b)^2 + c = a^2 + 2ab \\ + b^2 + c", "proved"),
    (r"\begin{split} (a+b)^2 &= a^2 \\ &+ 2ab + b^2 \end{split}", "proved"),
    (r"\begin{aligned} (a+b)^2 &= a^2 \\ &- 2ab + b^2 \end{aligned}", "refuted"),   # the sign is read
])
def test_a_row_that_starts_with_a_sign_goes_on_with_the_expression_above(statement, verdict):
    assert check_statement(statement, **REALS).verdict.value == verdict


def test_a_row_with_a_sign_that_states_a_relation_of_its_own_is_not_joined():
    # a second equation of its own (load/chains.py), not -c joined to b
    with pytest.raises(ParseError, match="the statement writes 2 equations"):
        check_statement(r"a = b \\ -c = d", **REALS)


def test_joining_keeps_every_column_of_the_users_text():
    from contrastive_sym.latex.continuations import join_continuations
    text = r"a &= b \\ &\quad - c \\ d = e"
    joined = join_continuations(text)
    assert len(joined) == len(text) and r"\\ d" in joined and r"\\ &\quad" not in joined


# --- a chain of equalities that ends with a printed value ------------------------------------------
@pytest.mark.parametrize("statement, verdict", [
    (r"\log 2 = \log 4 - \log 2 \approx 0.693", "proved"),
    (r"\begin{aligned} e^{9.2} &= e^{4.6} e^{4.6} \\ &\approx 9897 \end{aligned}", "proved"),
    (r"\log 2 = \log 4 - \log 2 \approx 0.694", "refuted"),     # off by more than 0.0005
    (r"\log 2 = \log 4 \approx 0.693", "refuted"),              # a false equality before it
])
def test_a_chain_of_equalities_may_end_with_a_printed_value(statement, verdict):
    outcome = check_statement(statement)
    assert outcome.verdict.value == verdict


@pytest.mark.parametrize("statement, verdict", [
    (r"\log 2 \le 1 \approx 1.0", "undecided"),
    (r"\log 2 \approx 0.693 = \log 2", "refuted"),      # the equality after it, as written, is false
])
def test_an_approximation_elsewhere_in_a_chain_is_a_link_not_decided(statement, verdict):
    outcome = check_statement(statement, "inequality")
    assert outcome.verdict.value == verdict and "≈: undecided, not checked" in outcome.message


# --- how far a sum reaches: \sum_{j=1}^N e^{a_j} + e^{b_j} -------------------------------------------
TERMS = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
             family=[{"name": "a", "shape": ["N"]}, {"name": "b", "shape": ["N"]}], scalar=[{"name": "c"}])


@pytest.mark.parametrize("statement", [
    r"\sum_{j=1}^N e^{a_j} + e^{b_j} = \sum_{j=1}^N (e^{a_j} + e^{b_j})",
    r"\sum_{j=1}^N a_j + b_j + c = \sum_{j=1}^N (a_j + b_j) + c",        # c does not use j: outside
    r"c - \sum_{j=1}^N a_j - b_j = c - \sum_{j=1}^N (a_j - b_j)",
    r"\frac{1}{\sum_{j=1}^N e^{a_j} + e^{b_j}} = \frac{1}{\sum_{j=1}^N (e^{a_j} + e^{b_j})}",
])
def test_a_later_term_that_uses_the_index_of_a_sum_bound_nowhere_else_is_part_of_it(statement):
    assert check_statement(statement, **TERMS).verdict.value == "proved"


def test_the_extent_taken_is_the_claims_reading():
    from contrastive_sym.pipeline import verify_text
    text = "\n".join(['id = "x"', 'title = "x"', 'source = "x.txt"',
                      'size = [{name = "N", minimum = 1, checked = [1, 2]}]',
                      'family = [{name = "a", shape = ["N"]}, {name = "b", shape = ["N"]}]', "",
                      "[[claim]]", 'id = "c"', "line = 1", 'title = "t"',
                      r"latex = '\sum_{j=1}^N e^{a_j} + e^{b_j} = \sum_{j=1}^N (e^{a_j} + e^{b_j})'", ""])
    claim = verify_text(text).documents[0].claims[0].claim
    assert claim.reading.startswith("the sum over j in '\\sum_{j=1}^N e^{a_j} + e^{b_j}' is read as Σ_j of 2 terms")


def test_a_declared_index_after_a_sum_is_that_index_and_a_gap_is_refused():
    declared = dict(TERMS, index=[{"name": "j", "from": 1, "to": "N"}])
    # j declared too: the later b_j reads as the declared j's, or as the sum's: ambiguous, refused
    with pytest.raises(ParseError, match="ambiguous: this 'j' comes after the sum over j"):
        check_statement(r"\sum_{j=1}^N a_j + b_j = \sum_{k=1}^N a_k + b_j", **declared)
    # where the sum ends is written: read
    assert check_statement(r"(\sum_{j=1}^N a_j) + b_j = \sum_{k=1}^N a_k + b_j", **declared).verdict.value == "proved"
    with pytest.raises(ParseError, match="where the sum over j ends is not clear"):
        check_statement(r"\sum_{j=1}^N a_j + c + b_j = 0", **TERMS)


# --- a note over a relation -------------------------------------------------------------------------
def test_a_note_over_a_relation_is_the_relation():
    outcome = check_statement(r"(a+b)^2 \overset{(i)}{=} a^2 + 2ab + b^2 \stackrel{\text{AM-GM}}{\geq} 4ab",
                              "inequality", **REALS)
    assert outcome.verdict.value == "proved"
    assert check_statement(r"a \underset{\text{wrong}}{=} a + 1", **REALS).verdict.value == "refuted"


# --- \prod, and the norm of a number ----------------------------------------------------------------
PRODUCTS = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
                family=[{"name": "x", "shape": ["N"], "domain": "positive"}, {"name": "y", "shape": ["N"]}],
                scalar=[{"name": "a"}, {"name": "b"}], index=[{"name": "i", "from": 1, "to": "N"}])


@pytest.mark.parametrize("statement, kind, verdicts", [
    (r"\prod_{k=1}^N x_k = e^{\sum_{k=1}^N \log x_k}", "identity", ("proved", "confirmed")),
    (r"\prod_{k \neq i} x_k = \frac{\prod_{k} x_k}{x_i}", "identity", ("proved", "confirmed")),
    (r"\prod_{k=1}^N y_k^2 \geq 0", "inequality", ("proved", "confirmed")),
    (r"\prod_{k=1}^N y_k \geq 0", "inequality", ("refuted",)),
    # at N = 1 the product over k ≠ i is empty, and an empty product is 1
    (r"\prod_{k \neq i} y_k = 1", "identity", ("refuted",)),
    (r"\|a - b\| = |a - b|", "identity", ("proved",)),
])
def test_products_and_norms_of_numbers_are_read(statement, kind, verdicts):
    assert check_statement(statement, kind, **PRODUCTS).verdict.value in verdicts


def test_an_empty_product_is_one():
    at_one = dict(PRODUCTS, size=[{"name": "N", "minimum": 1, "checked": [1]}])
    assert check_statement(r"\prod_{k \neq i} y_k = 1", **at_one).verdict.value in ("proved", "confirmed")


# --- \propto over named variables ---------------------------------------------------------------------
SOFTMAX = dict(size=[{"name": "K", "minimum": 1, "checked": [1, 2, 3]}], family=[{"name": "g", "shape": ["K"]}],
               scalar=[{"name": "x"}, {"name": "y"}, {"name": "c", "domain": "positive"}, {"name": "a"}],
               index=[{"name": "k", "from": 1, "to": "K"}])


@pytest.mark.parametrize("statement, names, verdicts", [
    (r"\frac{e^{g_k}}{\sum_{j=1}^K e^{g_j}} \propto e^{g_k}", ["k"], ("proved", "confirmed")),
    (r"c e^{x + y} \propto e^{y}", ["y"], ("proved", "confirmed")),
    # the normaliser depends on g: not proportional in g
    (r"\frac{e^{g_k}}{\sum_{j=1}^K e^{g_j}} \propto e^{g_k}", ["g"], ("refuted",)),
    (r"e^{x y} \propto e^{x} e^{y}", ["y"], ("refuted",)),
    (r"-c e^{y} \propto e^{y}", ["y"], ("refuted",)),             # a negative factor
])
def test_proportional_is_a_positive_factor_independent_of_the_named_variables(statement, names, verdicts):
    outcome = check_statement(statement, claim={"proportional_in": names}, **SOFTMAX)
    assert outcome.verdict.value in verdicts


def test_proportional_in_a_point_names_its_samples_where_the_statement_writes_them():
    # x, a point, beside its samples x_1 … x_N: CPC's f(x_{t+k}, c) \propto p(x_{t+k} | c) / p(x_{t+k})
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}],
                    scalar=[{"name": "x", "role": "point"}, {"name": "c", "role": "point"}],
                    family=[{"name": "x", "shape": ["N"], "role": "point"}],
                    function=[{"name": "f", "arguments": 2, "domain": "positive"}],
                    distribution=[{"name": "p", "of": ["x", "c"]}])
    true = check_statement(r"3 p(x_1 \mid c) \propto \frac{p(x_1 \mid c)}{1}", claim={"proportional_in": ["x"]},
                           **notation)
    false = check_statement(r"f(x_1, c) \propto \frac{p(x_1 \mid c)}{p(x_1)}", claim={"proportional_in": ["x"]},
                            **notation)
    assert true.verdict.value in ("proved", "confirmed") and false.verdict.value == "refuted"


@pytest.mark.parametrize("statement, claim, words", [
    (r"e^{y} \propto e^{y}", {}, "name the variables in the claim, proportional_in"),
    (r"e^{y} \propto e^{y}", {"proportional_in": ["a"]}, "proportional_in names a, which the statement does not use"),
    (r"e^{y} = e^{y}", {"proportional_in": ["y"]}, "proportional_in goes with a statement A \\propto B"),
])
def test_proportional_without_its_variables_or_with_the_wrong_ones_is_refused(statement, claim, words):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, claim=claim, **SOFTMAX)
    assert words in str(caught.value)


# --- \forall after a statement ---------------------------------------------------------------------------
FORALL = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}], family=[{"name": "x", "shape": ["N"]}],
              scalar=[{"name": "a"}], index=[{"name": "i", "from": 1, "to": "N"}], set=[{"name": "I", "to": "N"}])


@pytest.mark.parametrize("statement, verdict", [
    (r"x_i^2 \geq 0 \quad \forall i", "confirmed"),
    (r"x_i^2 \geq 0, \quad \forall i \in [N]", "confirmed"),
    (r"x_i^2 \geq 0 \quad \forall i \in I", "confirmed"),
    (r"x_i^2 + a^2 \geq 0 \quad \forall i, a \in \mathbb{R}", "confirmed"),
    (r"x_i \geq 0 \quad \forall i", "refuted"),
    # a range clause ending the row, as papers write "for i = 1, …, N"
    (r"x_i^2 \geq 0, i = 1, \dots, N", "confirmed"),
    (r"x_i^2 \geq 0 \quad i = 1, \ldots, N", "confirmed"),
    (r"x_i \geq 0, \quad i=1,\cdots,N", "refuted"),
    # a thin space before it (\, ends with a comma that is not a separator: it was read as one,
    # and the clause's rewriting made \\ of its backslash)
    (r"x_i^2 \geq 0 \,\quad i = 1, \ldots, N", "confirmed"),
])
def test_for_all_after_a_statement_names_its_variables(statement, verdict):
    assert check_statement(statement, "inequality", **FORALL).verdict.value in (verdict, "proved")


@pytest.mark.parametrize("statement, words", [
    (r"x_1^2 \geq 0 \quad \forall i", "the statement does not use i"),
    (r"x_i^2 \geq 0 \quad \forall i \in [2]", "a 'for all' over another set is not read"),
    (r"x_i^2 \geq 0 \quad \forall i \neq 1", "goes in the claim's given"),
    (r"\forall i", "\\forall … with no statement before or after it"),
    (r"x_i^2 \geq 0, i = 1, \dots, N-1", "the range 'i = 1, \\dots, N-1' is read as 'for all'"),
])
def test_for_all_that_says_what_the_check_does_not_do_is_refused(statement, words):
    with pytest.raises(ParseError) as caught:
        check_statement(statement, "inequality", **FORALL)
    assert words in str(caught.value)


def test_for_all_after_a_definition_names_the_indices_it_is_defined_over():
    """``h_i = x_i^2, \\quad \\forall i \\in [N]`` (or ``, i = 1, \\dots, N``) defines h_i for every
    i, as it would without the clause; a clause over another index or range is refused."""
    for written in (r"h_i = x_i^2 \quad \forall i \in [N]", r"h_i = x_i^2, i = 1, \dots, N"):
        notation = dict(FORALL, define=[{"name": "h", "line": 1, "latex": written}])
        assert check_statement(r"h_i \geq 0", "inequality", **notation).verdict.value == "confirmed"
    wrong = dict(FORALL, define=[{"name": "h", "line": 1, "latex": r"h_i = x_i^2 \quad \forall a \in \mathbb{R}"}])
    with pytest.raises(DerivationError, match="the statement does not use a"):
        check_statement(r"h_i \geq 0", "inequality", **wrong)


# --- a sum over the members of a set of points, each written with a name of its own ---------------------
SAMPLES = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
               family=[{"name": r"\mathbf{x}", "symbol": "x", "shape": ["N"], "role": "point"}],
               scalar=[{"name": r"\mathbf{c}", "symbol": "c", "role": "point"}],
               function=[{"name": "f", "arguments": 2, "domain": "positive"}],
               set=[{"name": "X", "members": r"\mathbf{x}"}])


@pytest.mark.parametrize("statement, verdicts", [
    (r"\sum_{\mathbf{x}' \in X} f(\mathbf{x}', \mathbf{c}) = \sum_{i=1}^N f(\mathbf{x}_i, \mathbf{c})", ("proved",)),
    (r"\sum_{\mathbf{x}_i \in X} f(\mathbf{x}_i, \mathbf{c}) = \sum_{\mathbf{x}' \in X} f(\mathbf{x}', \mathbf{c})",
     ("proved",)),
    (r"\sum_{\mathbf{x}' \in X} f(\mathbf{x}', \mathbf{c}) = N f(\mathbf{x}_1, \mathbf{c})", ("refuted",)),
])
def test_a_name_before_in_a_set_of_points_is_each_member_in_turn(statement, verdicts):
    assert check_statement(statement, **SAMPLES).verdict.value in verdicts


@pytest.mark.parametrize("statement, words", [
    (r"\min \log a = 0", "\\min …, an optimum"),
    (r"\sup_{a} a = 0", "\\sup_{a} …, an optimum"),
    (r"\text{sup}_{(a;b)} a = 0", "\\sup_{(a;b)} …, an optimum"),
])
def test_optimisation_written_as_words_or_without_its_set_is_read_and_not_checked(statement, words):
    # an optimum over parameters has no value the checker computes (tests/test_optima.py)
    outcome = check_statement(statement, scalar=[{"name": "a", "domain": "positive"}, {"name": "b"}])
    assert outcome.verdict.value == "undecided" and words in outcome.message


# --- a definition whose chain ends with a printed value -----------------------------------------------------
def _defined_chain(latex: str):
    from contrastive_sym.pipeline import verify_text
    text = "\n".join(['id = "x"', 'title = "x"', 'source = "x.txt"', "", "[[define]]", 'name = "L"', "line = 1",
                      f"latex = '{latex}'", ""])
    claims = verify_text(text).documents[0].claims
    assert [c.claim.id for c in claims] == ["L-chain"]
    return claims[0]


@pytest.mark.parametrize("latex, verdict", [
    (r"L = -\log\frac{e^{1}}{e^{1} + e^{0}} \approx 0.313", "proved"),
    (r"L = \log 4 - \log 2 = \log 2 \approx 0.693", "proved"),
    (r"L = \log 2 \approx 0.5", "refuted"),
])
def test_a_definition_may_end_its_chain_with_a_printed_value(latex, verdict):
    result = _defined_chain(latex)
    assert result.outcome.verdict.value == verdict
    assert result.claim.reading.startswith("the last link ≈ read as")


def test_an_approximation_in_the_middle_of_a_definitions_chain_is_a_link_not_decided():
    # the equality after it is checked as written: 0.693 is not log 2
    result = _defined_chain(r"L = \log 2 \approx 0.693 = \log 2")
    assert result.outcome.verdict.value == "refuted"
    assert "(1) ≈: undecided, not checked" in result.outcome.message
    assert _defined_chain(r"L = 2 \log 2 \approx 1.386 \leq \log 5").outcome.verdict.value == "undecided"


# --- \mathbb{E} without a subscript --------------------------------------------------------------------------
JOINT = dict(scalar=[{"name": "x", "role": "point"}, {"name": "c", "role": "point"}, {"name": "y", "role": "point"},
                     {"name": "a"}],
             function=[{"name": "f", "arguments": 2, "domain": "positive"}, {"name": "g", "arguments": 1}],
             distribution=[{"name": "p", "of": ["x", "c"]}])


@pytest.mark.parametrize("statement, kind, verdicts", [
    (r"\mathbb{E}[\log f(x, c)] = \mathbb{E}_{(x, c) \sim p}[\log f(x, c)]", "identity", ("proved", "confirmed")),
    (r"\mathbb{E} g(x) = \mathbb{E}_{x \sim p} g(x)", "identity", ("proved", "confirmed")),
    (r"a \mathbb{E} g(x) = \mathbb{E}[a g(x)]", "identity", ("proved", "confirmed")),
    (r"\mathbb{E}\left[\log f(x, c)\right] \leq \log \mathbb{E}[f(x, c)]", "inequality", ("proved", "confirmed")),
    (r"\mathbb{E}[\log f(x, c)] = \log \mathbb{E}[f(x, c)]", "identity", ("refuted",)),     # Jensen is strict
])
def test_an_expectation_without_a_subscript_is_over_the_one_distribution_of_its_points(statement, kind, verdicts):
    assert check_statement(statement, kind, **JOINT).verdict.value in verdicts


@pytest.mark.parametrize("statement, words", [
    (r"\mathbb{E}[g(y)] = 0", "no declared distribution draws y"),
    # a scalar may be meant random: E[a^2] is not read as a^2 (the mean of a number, E[1], is 1)
    (r"\mathbb{E}[a^2] = a^2", "of something that draws no point"),
])
def test_an_expectation_that_does_not_say_what_it_averages_over_is_refused(statement, words):
    with pytest.raises(ParseError) as caught:
        check_statement(statement, **JOINT)
    assert words in str(caught.value)


def test_other_samples_of_the_same_declaration_make_a_bare_expectation_unclear():
    samples = dict(JOINT, family=[{"name": "z", "shape": ["N"], "role": "point"}],
                   size=[{"name": "N", "minimum": 1, "checked": [1, 2]}],
                   distribution=[{"name": "p", "of": ["z", "c"]}])
    with pytest.raises(ParseError, match="the entries of z are points of p that it does not draw as written"):
        check_statement(r"\mathbb{E}[\log \frac{f(z, c)}{\sum_{k=1}^N f(z_k, c)}] = 0", **samples)


def test_a_definitions_reading_of_a_sums_extent_is_said_and_an_error_under_strict(capsys):
    from contrastive_sym.pipeline import verify_text
    text = "\n".join(['id = "x"', 'title = "x"', 'source = "x.txt"',
                      'size = [{name = "N", minimum = 1, checked = [1, 2]}]',
                      'family = [{name = "a", shape = ["N"]}, {name = "b", shape = ["N"]}]', "",
                      "[[define]]", 'name = "L"', "line = 1", r"latex = 'L = \sum_{j=1}^N e^{a_j} + e^{b_j}'", "",
                      "[[claim]]", 'id = "c"', "line = 2", 'title = "t"',
                      r"latex = 'L = \sum_{j=1}^N (e^{a_j} + e^{b_j})'", ""])
    assert verify_text(text).documents[0].claims[0].outcome.verdict.value == "proved"
    assert "the definition of L: the sum over j in '\\sum_{j=1}^N e^{a_j} + e^{b_j}' is read as Σ_j of 2 terms" \
        in capsys.readouterr().err
    with pytest.raises(DerivationError, match="is read as Σ_j of 2 terms"):
        verify_text(text, strict=True)


def test_a_claim_local_definitions_reading_is_said_too(capsys):
    # a definition inside a claim (its define key) reads as one at document level does
    from contrastive_sym.pipeline import verify_text
    text = "\n".join(['id = "x"', 'title = "x"', 'source = "x.txt"',
                      'size = [{name = "N", minimum = 1, checked = [1, 2]}]',
                      'family = [{name = "a", shape = ["N"]}, {name = "b", shape = ["N"]}]', "",
                      "[[claim]]", 'id = "c"', "line = 1", 'title = "t"',
                      r"latex = 'S = \sum_{j=1}^N (e^{a_j} + e^{b_j})'",
                      r"define = [{ line = 2, latex = 'S = \sum_{j=1}^N e^{a_j} + e^{b_j}' }]", ""])
    assert verify_text(text).documents[0].claims[0].outcome.verdict.value == "proved"
    assert "the definition of S: the sum over j" in capsys.readouterr().err
    with pytest.raises(DerivationError, match="is read as Σ_j of 2 terms"):
        verify_text(text, strict=True)


def test_two_claims_proportional_in_the_same_variable_share_its_copy():
    from contrastive_sym.pipeline import verify_text
    text = "\n".join(['id = "x"', 'title = "x"', 'source = "x.txt"',
                      'scalar = [{name = "y"}, {name = "c", domain = "positive"}]', "",
                      "[[claim]]", 'id = "c1"', "line = 1", 'title = "t"', r"latex = 'c e^{y} \propto e^{y}'",
                      "proportional_in = ['y']", "",
                      "[[claim]]", 'id = "c2"', "line = 2", 'title = "t"', r"latex = '-c e^{y} \propto e^{y}'",
                      "proportional_in = ['y']", ""])
    verdicts = [c.outcome.verdict.value for c in verify_text(text).documents[0].claims]
    assert verdicts == ["proved", "refuted"]


def test_a_declaration_of_one_arity_that_nothing_uses_is_said(capsys):
    check_statement(r"f(x, c) = f(x, c)", **OVERLOADED)
    assert "the function 'f' of 1 argument is declared but no claim" in capsys.readouterr().err
    check_statement(r"f(x, c) + f(x)^\top f(c) = f(c)^\top f(x) + f(x, c)", **OVERLOADED)
    assert "is declared but no claim" not in capsys.readouterr().err


def test_a_derivative_of_a_matrix_is_refused_not_a_crash():
    # found by the reading fuzz (∇_s ∇_s τ): the gradient of a gradient by a matrix is a Jacobian
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}], family=[{"name": "s", "shape": ["N", "N"]}],
                    scalar=[{"name": r"\tau"}])
    with pytest.raises(ParseError, match="a derivative of a vector or a matrix"):
        check_statement(r"\nabla_s \nabla_s \tau = 0", **notation)


@pytest.mark.parametrize("text, words", [
    # found by a longer run of the reading fuzz: each was a crash, now a placed error
    (r"\E_{\mathbf{x} \sim p}^{(i)}", "its superscript is read as a power, and a function, a family, an operator or a set has none"),
    (r"s^T f(\mathbf{x}_1)^\top/\mathbf x", "is a data point"),
    # a family written as the index of another (x of \mathbf{x}_{x}): was a SymPy error
    (r"f(\mathbf{x}_{x})", "a vector where a number is expected"),
])
def test_what_the_fuzz_found_is_refused_in_place(text, words):
    from contrastive_sym.latex.translate import translate_rows
    with pytest.raises(ParseError, match=words):
        translate_rows(text, _reading_scope())


def test_a_matrix_over_a_number_in_a_run_of_letters_is_the_matrix_divided():
    # \tau s / s[1,2] with s a matrix: was a crash (a family divided by a number)
    from contrastive_sym.latex.translate import translate_rows
    rows = translate_rows(r"\tau s /s[1, 2]", _reading_scope())
    assert len(rows) == 1 and type(rows[0].sides[0].expr).__name__ == "Vector"     # a matrix side


def _reading_scope():
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent))
    from test_reading_fuzz import READING_SCOPE
    return READING_SCOPE
