r"""How documents write a family's indices (issue 13).  Families counted from 0
(``[[family]] from = 0``), as MoCo writes its keys k_0 … k_K with k_0 the positive: the
entry written k_0 is the family's first entry; a sum written without bounds runs over the
indices as written; a witness and an index error name the entries as the document writes
them.  Families whose first index is a superscript (``index_written = "superscript and
subscript"``), as DCL writes the row z^{(k)}_i of the view k.  The verdicts are the
mathematics: MoCo's InfoNCE is ≥ 0 and not ≥ log(K + 1); splitting k_0 off the sum is
exact, and an off-by-one split is refuted; DCL's denominator has both views.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

KEYS = dict(
    size=[{"name": "K", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}],
    family=[{"name": "q", "shape": ["d"]},
            {"name": "k", "shape": ["K + 1", "d"], "role": "embedding", "from": [0, 1]}],
)
MOCO = r"-\log \frac{\exp(q{\cdot}k_0/\tau)}{\sum_{i=0}^{K}\exp(q{\cdot}k_i/\tau)}"
TERM = r"\exp(q{\cdot}k_{i}/\tau)"


@pytest.mark.parametrize("statement, kind, expected", [
    (MOCO + r" \geq 0", "inequality", "confirmed"),
    (MOCO + r" \geq \log(K + 1)", "inequality", "refuted"),
    # a sum without bounds runs over k_0 … k_K, as written
    (r"\sum_{i} " + TERM + r" = \exp(q{\cdot}k_0/\tau) + \sum_{i=1}^{K} " + TERM, "identity", "confirmed"),
    (r"\sum_{i=0}^{K} " + TERM + r" = \exp(q{\cdot}k_0/\tau) + \sum_{i=0}^{K-1} " + TERM, "identity", "refuted"),
])
def test_moco_keys_counted_from_zero(statement, kind, expected):
    assert check_statement(statement, kind, **KEYS).verdict.value == expected


def test_a_witness_names_the_entries_as_written():
    outcome = check_statement(MOCO + r" \geq \log(K + 1)", "inequality", **KEYS)
    assert "k_{0,1}" in outcome.witness.values and "k_{1,1}" in outcome.witness.values


def test_an_entry_past_the_last_is_an_error_naming_it_as_written():
    outcome = check_statement(r"q{\cdot}k_{K+1} = \tau", **KEYS)
    assert outcome.verdict.value == "error"
    assert "k_{2,1}" in outcome.message and "start at 0, 1" in outcome.message


ONE = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 3]}],
           family=[{"name": "g", "shape": ["n"], "from": 0}])


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{i=0}^{n-1} g_i = \sum_i g_i", "proved|confirmed"),
    (r"\sum_{i=1}^{n} g_{i-1} = \sum_i g_i", "proved|confirmed"),
    (r"\sum_{i=1}^{n-1} g_i = \sum_i g_i", "refuted"),
])
def test_one_dimension_counted_from_zero(statement, expected):
    assert check_statement(statement, **ONE).verdict.value in expected.split("|")


@pytest.mark.parametrize("family, message", [
    ({"name": "k", "shape": ["n", "n"], "from": 0}, "from = [0, 1]"),
    ({"name": "k", "shape": ["n"], "from": [0, 1]}, "one per dimension"),
    ({"name": "k", "shape": ["n"], "from": 2}, "0 or 1"),
])
def test_a_start_that_does_not_say_where_each_dimension_starts_is_refused(family, message):
    with pytest.raises(DerivationError, match=message.replace("[", r"\[").replace("]", r"\]")):
        check_statement("1 = 1", size=ONE["size"], family=[family])


def test_a_set_of_members_counted_from_zero_is_refused():
    with pytest.raises(DerivationError, match="counted from 0"):
        check_statement("1 = 1", **ONE, set=[{"name": "S", "members": "g"}])


DRAWN = dict(size=[{"name": "M", "minimum": 1, "checked": [1, 2]}],
             family=[{"name": "x", "shape": ["M"], "role": "point", "from": 0}],
             function=[{"name": "f", "arguments": 1}], distribution=[{"name": "p", "of": ["x"]}])
DRAWS = r"\mathbb{E}_{\{x_i\}_{i=0}^{M-1} \sim p}"


@pytest.mark.parametrize("statement, expected", [
    (DRAWS + r"\Big[\sum_{i=0}^{M-1} f(x_i)\Big] = M " + DRAWS + " f(x_0)", "confirmed"),
    (DRAWS + r"\Big[\sum_{i=0}^{M-1} f(x_i)\Big] = " + DRAWS + " f(x_0)", "refuted"),
])
def test_draws_of_entries_counted_from_zero(statement, expected):
    assert check_statement(statement, **DRAWN).verdict.value == expected


def test_draws_past_the_entries_are_refused_naming_the_entries_as_written():
    with pytest.raises(DerivationError, match=r"not all entries of x \(0 … M - 1\)"):
        check_statement(r"\mathbb{E}_{\{x_i\}_{i=1}^{M} \sim p} f(x_1) = 0", **DRAWN)


VIEWS = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
             scalar=[{"name": r"\tau", "domain": "positive", "role": "scale"}],
             family=[{"name": "z", "shape": ["2", "N", "d"], "index_written": "superscript and subscript"}],
             index=[{"name": "i", "from": 1, "to": "N"}])
# DCL's denominator: every other sample j of either view l, in the notation of the paper
DCL = r"\log \sum_{l \in \{1,2\}, j \in [\![1,N]\!], j \neq i} \exp(\langle z_i^{(1)}, z_j^{(l)} \rangle / \tau)"


@pytest.mark.parametrize("statement, expected", [
    (DCL + r" = \log \sum_{j \neq i} (\exp(\langle z_i^{(1)}, z_j^{(1)} \rangle / \tau)"
     r" + \exp(\langle z^{(1)}_i, z^{(2)}_j \rangle / \tau))", "conditional"),
    (DCL + r" = \log \sum_{j \neq i} \exp(\langle z^{(1)}_i, z^{(2)}_j \rangle / \tau)", "refuted"),
])
def test_views_written_as_superscripts_of_a_family(statement, expected):
    """The row z^{(k)}_i of the view k (DCL, CMC's v^1_i): the superscript is the first
    index.  The first identity needs N ≥ 2 (with one sample, both sums are empty)."""
    outcome = check_statement(statement, **VIEWS)
    assert outcome.verdict.value == expected
    if expected == "refuted":
        assert "z^{(1)}_{1,1}" in outcome.witness.values


@pytest.mark.parametrize("statement, message", [
    (r"z_{1,1} = 0", "has no superscript"),
    (r"z^{(1)} = 0", "no subscript"),
])
def test_a_view_family_written_without_its_superscript_or_subscript_is_refused(statement, message):
    with pytest.raises(DerivationError, match=message):
        check_statement(statement, **VIEWS)


SAMPLES = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2]}],
               scalar=[{"name": "v", "role": "point"}, {"name": r"\tau", "domain": "positive"}],
               family=[{"name": "v", "shape": ["n"], "role": "point"}],
               function=[{"name": "s", "arguments": 1}], set=[{"name": r"\mathcal{V}", "members": "v"}])


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{v \in \mathcal{V}} \exp(s(v)/\tau) = \sum_{j=1}^n \exp(s(v_j)/\tau)", "proved"),
    (r"\sum_{v_j \in \mathcal{V}} \exp(s(v_j)/\tau) = \sum_{j=1}^n \exp(s(v_j)/\tau)", "proved"),
    (r"\sum_{v \in \mathcal{V}} \exp(s(v)/\tau) = n \exp(s(v)/\tau)", "refuted"),
    (r"s(v) = s(v_1)", "refuted"),
])
def test_a_point_and_its_samples_written_with_subscripts(statement, expected):
    """A post writes v for a sample and v_1 … v_n for the members of its sample set V: a
    family of points declared under the name of a point is its samples, found by the
    subscript; v alone stays the point (independent of every v_i)."""
    assert check_statement(statement, **SAMPLES).verdict.value == expected


MARKED = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2]}],
              scalar=[{"name": "x^-", "role": "point"}], family=[{"name": "x^-", "shape": ["n"], "role": "point"}],
              function=[{"name": "g", "arguments": 1}])


@pytest.mark.parametrize("statement, expected", [
    (r"\sum_{i=1}^n g(x^-_i) = g(x_1^-) + \sum_{i=2}^n g(x^-_i)", "proved"),
    (r"g(x^-) = g(x^-_1)", "refuted"),
])
def test_a_marked_point_and_its_samples(statement, expected):
    """A thesis writes x^- for a negative and x^-_1 … x^-_N for N of them: x^-_i is a sample,
    in either order of its scripts; x^- alone stays the point."""
    assert check_statement(statement, **MARKED).verdict.value == expected


PRIMED = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2]}],
              family=[{"name": "z", "shape": ["n"]}, {"name": "z'", "shape": ["n"]}])


def test_a_prime_and_a_subscript_in_either_order_name_an_entry_of_the_primed_family():
    assert check_statement(r"z_1' = z'_1", **PRIMED).verdict.value == "proved"
    assert check_statement(r"z_1' = z_1", **PRIMED).verdict.value == "refuted"


def test_a_prime_after_an_entry_of_a_family_with_no_primed_name_is_refused_saying_so():
    with pytest.raises(DerivationError, match="a prime after 'z_1' is read only as part of a declared name"):
        check_statement(r"z_1' = z_1", size=PRIMED["size"], family=PRIMED["family"][:1])


def test_a_sign_in_braces_after_the_index_is_the_mark_of_the_family():
    # d_{j}^{-} is d^-_j, as d_j^- is: the braces around the sign change nothing (it was read as
    # the point d with a subscript, and refused)
    notation = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2]}],
                    scalar=[{"name": "d^{-}", "role": "point", "symbol": "dm"}, {"name": "d", "role": "point"}],
                    family=[{"name": "d^-", "shape": ["N"], "role": "point", "symbol": "dmb"}],
                    function=[{"name": "f", "arguments": 1}])
    assert check_statement(r"\sum_{j=1}^N f(d_{j}^{-}) = \sum_{j=1}^N f(d^-_j)", **notation).verdict.value == "proved"
    assert check_statement(r"\sum_{j=1}^N f(d_{j}^{-}) = N f(d^{-})", **notation).verdict.value == "refuted"
