r"""Sums over a set of records (issue 13: ``\sum_{\mathbf{x} \in \mathcal{X}}`` over the triplets
of a triplet loss, ``\sum_{(a, b) \in \mathcal{D}}`` over a data set of pairs): a ``[[set]]``
whose ``members`` is a record of families of one length, ``'(x, x^+)'``; the r-th record
holds the r-th entry of each.  A sum writes the record with names of its own, or one of
the record's names (then every name of the record is that record's)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.pipeline import check_statement

RECORDS = dict(
    size=[{"name": "M", "minimum": 1, "checked": [1, 2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    family=[{"name": "x", "shape": ["M"], "role": "point"}, {"name": "x^+", "shape": ["M"], "role": "point"}],
    function=[{"name": "f", "arguments": 1, "shape": ["d"]}, {"name": "g", "arguments": 2}],
    scalar=[{"name": r"\epsilon"}],
    set=[{"name": r"\mathcal{D}", "members": "(x, x^+)"}],
)


@pytest.mark.parametrize("statement, kind, expected", [
    (r"\frac{1}{|\mathcal{D}|} \sum_{(a, b) \in \mathcal{D}} g(a, b) = \frac{1}{M} \sum_{r=1}^M g(x_r, x^+_r)",
     "identity", "proved"),
    # one name of the record written: the others are that record's
    (r"\sum_{x \in \mathcal{D}} g(x, x^+) = \sum_{(a, b) \in \mathcal{D}} g(a, b)", "identity", "proved"),
    # the order of the record counts: g is not symmetric
    (r"\sum_{x \in \mathcal{D}} g(x, x^+) = \sum_{(a, b) \in \mathcal{D}} g(b, a)", "identity", "refuted"),
    (r"\sum_{x \in \mathcal{D}} \max(0, \|f(x) - f(x^+)\|^2 - \epsilon) \geq 0", "inequality", "confirmed"),
])
def test_sums_over_records(statement, kind, expected):
    assert check_statement(statement, kind, **RECORDS).verdict.value == expected


@pytest.mark.parametrize("statement, words", [
    (r"\sum_{(a, b, c) \in \mathcal{D}} g(a, b) = 0", r"records \(x, x\^\+\): write 2 distinct names"),
    (r"\sum_{z \in \mathcal{D}} g(z, z) = 0", "write the record"),
])
def test_a_sum_that_does_not_write_the_record_is_refused(statement, words):
    with pytest.raises(ParseError, match=words):
        check_statement(statement, **RECORDS)


@pytest.mark.parametrize("members, words", [
    ("(x, y)", "members names a declared family of one dimension"),
    ("(x, x)", "are distinct and of one length"),
])
def test_a_record_declared_wrong_is_an_error(members, words):
    notation = dict(RECORDS, set=[{"name": r"\mathcal{D}", "members": members}])
    with pytest.raises(DerivationError, match=words):
        check_statement(r"\sum_{(a, b) \in \mathcal{D}} g(a, b) = 0", **notation)


def test_a_definition_whose_arguments_a_sum_binds_again_is_said(capsys):
    notation = dict(RECORDS, define=[{"name": "L", "line": 1,
                                      "latex": r"L(x, x^+) = \sum_{x \in \mathcal{D}} g(x, x^+)"}])
    assert check_statement(r"L(x, x^+) = \sum_{(a, b) \in \mathcal{D}} g(a, b)", **notation).verdict.value == "proved"
    assert "the definition of L: it does not depend on its arguments x, x^+" in capsys.readouterr().err


TWO_SETS = dict(
    size=[{"name": "m", "minimum": 1, "checked": [1, 2]}, {"name": "l", "minimum": 1, "checked": [1, 3]}],
    family=[{"name": "g", "shape": ["m"], "role": "point"}, {"name": "c", "shape": ["l"], "role": "point"}],
    function=[{"name": "f", "arguments": 1}],
    set=[{"name": r"\mathcal{G}", "members": "g"}, {"name": r"\mathcal{C}", "members": "c"}],
)


@pytest.mark.parametrize("statement, expected", [
    # each sum over members has an index of its own: the pairs of a positive and a corruption
    (r"\sum_{t^+ \in \mathcal{G}} \sum_{t^- \in \mathcal{C}} (f(t^-) - f(t^+)) = "
     r"\sum_{r=1}^{m} \sum_{s=1}^{l} (f(c_s) - f(g_r))", {"proved", "confirmed"}),
    (r"\sum_{t^+ \in \mathcal{G}} \sum_{t^- \in \mathcal{C}} (f(t^-) - f(t^+)) = "
     r"m \sum_{s=1}^{l} f(c_s) - l \sum_{r=1}^{m} f(g_r)", {"proved", "confirmed"}),
    (r"\sum_{t^+ \in \mathcal{G}} \sum_{t^- \in \mathcal{C}} (f(t^-) - f(t^+)) = "
     r"l \sum_{s=1}^{l} f(c_s) - m \sum_{r=1}^{m} f(g_r)", {"refuted"}),
])
def test_nested_sums_over_members_each_run_over_their_own_set(statement, expected):
    # the inner sum once took the outer one's index k: Σ_k Σ_k f(c_k) - f(g_k), with both sets
    # run over one index and c named past its last member
    assert check_statement(statement, **TWO_SETS).verdict.value in expected


def test_a_set_summed_over_by_its_members_is_used(capsys):
    check_statement(r"\sum_{t \in \mathcal{G}} f(t) = \sum_{r=1}^{m} f(g_r)", **TWO_SETS)
    err = capsys.readouterr().err
    assert r"the set '\\mathcal{G}' is declared but" not in err
    # the set no formula names is still said
    assert r"the set '\\mathcal{C}' is declared but" in err


def test_a_member_written_with_its_index_in_braces_is_a_member():
    # \sum_{x_{j} \in X} (a post on CPC): "x_{j} is not a member of X as declared"
    notation = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2]}],
                    family=[{"name": "x", "shape": ["n"], "role": "point"}], function=[{"name": "f", "arguments": 1}],
                    set=[{"name": "X", "members": "x"}])
    assert check_statement(r"\sum_{x_{j} \in X} f(x_{j}) = \sum_{j=1}^{n} f(x_j)", **notation).verdict.value == "proved"
