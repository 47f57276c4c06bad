r"""Class labels and sets defined by a condition (issue 13, issue 14 item 3): a
``[[family]]`` of role ``label`` (y_1 … y_n), compared in indicators (``\mathbb{1}[y_i = y_j]``,
``\mathbb{1}_{y_i \neq y_j}``, ``\mathbb{1}\{…\}``) and in sums' conditions
(``\sum_{j \neq i, y_j = y_i}``, ``\sum_{j : y_j = y_i}``), and ``[[set]]`` with ``index`` and
``where`` (SupCon's ``P(i)``, ``N(y_i)``, ``N_i``) with their cardinalities.

Each reading is checked against the sum written out by hand (proved or refuted), label
assignments are sampled as partitions (every one at n ≤ 5), ``nonempty`` restricts them,
an empty set under 1/|P(i)| is reported, and every misuse is refused with its words.
"""
from __future__ import annotations

import pytest
import sympy as sp

from contrastive_sym.check.sampling.labels import LabelGroup, partitions
from contrastive_sym.check.sampling.instantiate import Variable
from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.latex.translate.labels import same_label
from contrastive_sym.model.notation import Domain, FamilyDecl, NonEmptyRule, Role
from contrastive_sym.pipeline import check_statement, verify_text

SETS = [{"name": "P(i)", "index": "p", "to": "2N", "where": r"p \neq i, y_p = y_i"},
        {"name": "M(y_i)", "index": "j", "to": "2N", "where": r"y_j = y_i"},
        {"name": "Q_i", "index": "j", "to": "2N", "where": r"y_j = y_i"}]
NOTATION = dict(size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
                family=[{"name": "y", "shape": ["2N"], "role": "label"}, {"name": "s", "shape": ["2N"]}],
                index=[{"name": "i", "from": 1, "to": "2N"}],
                set=SETS)


def outcome(statement: str, kind: str = "identity", sets=None):
    return check_statement(statement, kind, **dict(NOTATION, set=sets if sets is not None else SETS))


def refusal(statement: str, sets=None) -> str:
    with pytest.raises(ParseError) as caught:
        outcome(statement, sets=sets)
    return str(caught.value)


# --- readings, each against the sum written out -----------------------------------------
@pytest.mark.parametrize("statement", [
    r"\sum_{p \in P(i)} s_p = \sum_{p=1}^{2N} \mathbb{1}[p \neq i] \mathbb{1}[y_p = y_i] s_p",
    r"\sum_{p \in P(i)} 1 = |P(i)|",
    r"\sum_{j \neq i, y_j = y_i} s_j = \sum_{p \in P(i)} s_p",
    r"\sum_{j : y_j = y_i, j \neq i} s_j = \sum_{p \in P(i)} s_p",
    r"\sum_{j : y_j = y_i} s_j = \sum_{j=1}^{2N} \mathbb{1}[y_j = y_i] s_j",
    r"\sum_{i \neq j, y_i = y_j, j=1,\dots,2N} s_j = \sum_{p \in P(i)} s_p",
    r"\sum_{j \in M(y_i), j \neq i} s_j = \sum_{p \in P(i)} s_p",
    r"|Q_i| - 1 = \sum_{j \in M(y_i), j \neq i} 1",
    r"\sum_{j : y_j = y_i} 1 = |Q_i|",
    r"\sum_{j \neq i, y_j = y_i} 1 = |P(i)|",
    r"\mathbb{1}_{y_i \neq y_1} + \mathbb{1}\{y_i = y_1\} = 1",
    r"\mathbb{1}\{y_i = y_1\} s_1 + \mathbb{1}\{y_i \neq y_1\} s_1 = s_1",
])
def test_labels_and_conditioned_sets_read_as_the_sum_written_out(statement):
    assert outcome(statement).verdict.value in ("proved", "confirmed")


def test_the_indicator_of_two_labels_is_the_reading_built_by_hand():
    from contrastive_sym.latex.scope import Family, Scope
    from contrastive_sym.latex.translate import translate_expr
    y = sp.IndexedBase("y", real=True)
    i = sp.Symbol("i", integer=True, positive=True)
    scope = Scope().bind("y", Family(y, (sp.Integer(4),))).bind("i", i)
    scope = type(scope)(**{**scope.__dict__, "labels": frozenset({y})})
    assert translate_expr(r"\mathbb{1}[y_i = y_2]", scope) == same_label(y[i], y[2])
    assert translate_expr(r"\mathbb{1}_{y_i \neq y_2}", scope) == 1 - same_label(y[i], y[2])
    # equal, distinct whole-number labels: 1 and 0
    assert same_label(y[1], y[2]).xreplace({y[1]: 3, y[2]: 3}) == 1
    assert same_label(y[1], y[2]).xreplace({y[1]: 3, y[2]: 0}) == 0


@pytest.mark.parametrize("statement", [
    r"\sum_{p \in P(i)} s_p = \sum_{j : y_j = y_i} s_j",                # i itself dropped
    r"\mathbb{1}\{y_i = y_1\} s_1 = s_1",
    r"2 |Q_i| - 1 = \sum_{j \in M(y_i), j \neq i} 1",
])
def test_false_statements_about_labels_are_refuted_with_a_label_assignment(statement):
    result = outcome(statement)
    assert result.verdict.value == "refuted"
    labels = {k: v for k, v in result.witness.values.items() if k.startswith("y_")}
    assert labels and set(labels.values()) <= {"0", "1", "2", "3", "4", "5"}


# --- sampling: partitions, nonempty --------------------------------------------------------
def test_partitions_are_counted_by_the_bell_numbers_and_named_canonically():
    assert [len(list(partitions(n))) for n in range(1, 6)] == [1, 2, 5, 15, 52]
    assert set(partitions(3)) == {(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 1, 2)}


def _group(count, rules=(), extent=4):
    y = sp.IndexedBase("y", real=True)
    decl = FamilyDecl(y, (sp.Integer(extent),), Domain.REAL, Role.LABEL, "y", None, tuple(rules))
    variables = [Variable(y[k], f"y_{k}", Domain.REAL, Role.LABEL, y, decl) for k in range(1, count + 1)]
    return y, LabelGroup(variables, {})


def test_every_assignment_up_to_renaming_is_sampled_at_small_sizes():
    _, group = _group(4)
    assert len(group.patterns) == 15
    assert [0, 0, 0, 0] in group.patterns and [0, 1, 2, 3] in group.patterns


def test_nonempty_keeps_only_the_assignments_where_every_anchor_has_a_positive():
    y, _ = _group(4)
    p, i = sp.Dummy("p", integer=True), sp.Dummy("i", integer=True, positive=True)
    count = sp.Sum((1 - sp.KroneckerDelta(p, i)) * same_label(y[p], y[i]), (p, 1, 4))
    _, group = _group(4, [NonEmptyRule("P(i)", i, sp.Integer(1), sp.Integer(4), count)])
    # the partitions of 4 samples without a class of one: {1234}, and the 3 pairings
    assert sorted(map(tuple, group.patterns)) == [(0, 0, 0, 0), (0, 0, 1, 1), (0, 1, 0, 1), (0, 1, 1, 0)]
    # a label the statement does not name still counts: y_1, y_2 seen, y_3, y_4 not
    _, seen = _group(2, [NonEmptyRule("P(i)", i, sp.Integer(1), sp.Integer(4), count)])
    assert sorted(map(tuple, seen.patterns)) == [(0, 0), (0, 1)]


def test_larger_families_still_cover_ties_and_all_distinct():
    _, group = _group(8, extent=8)
    assert [0] * 8 in group.patterns and list(range(8)) in group.patterns
    assert [0, 0] + list(range(1, 7)) in group.patterns


@pytest.mark.parametrize("statement, nonempty, expected", [
    (r"|P(i)| \geq 1", True, "confirmed"),
    (r"|P(i)| \geq 1", False, "refuted"),
    (r"|P(i)| \geq 2", True, "refuted"),
    (r"\frac{1}{|P(i)|} \sum_{p \in P(i)} 1 = 1", True, "proved"),
])
def test_nonempty_is_a_stated_condition_on_the_labels(statement, nonempty, expected):
    sets = [dict(SETS[0], nonempty=nonempty)]
    kind = "inequality" if "geq" in statement else "identity"
    assert outcome(statement, kind, sets=sets).verdict.value == expected


def test_an_empty_set_under_a_fraction_is_reported_never_dropped():
    result = outcome(r"\frac{1}{|P(i)|} \sum_{p \in P(i)} 1 = 1", sets=SETS[:1])
    assert result.verdict.value == "conditional"
    assert "undefined at" in result.message and "≠ 0" in result.condition
    assert len(set(v for k, v in result.witness.values.items() if k.startswith("y_"))) > 1


# --- refusals ------------------------------------------------------------------------------
@pytest.mark.parametrize("statement, message", [
    (r"y_i + 1 = 2", "'y_i' is a class label (role \"label\"): it has no value; it is only compared"),
    (r"\mathbb{1}[y_i < y_1] = 1", "'y_i < y_1': class labels are not ordered"),
    (r"\mathbb{1}[y_i = 1] = 1", "'y_i = 1' compares a class label with '1', which is not a label"),
    (r"\mathbb{1}[s_i = s_1] = 1", "tests two values for equality, which a sampled point almost never meets; an indicator compares indices"),
    (r"\sum_{k=1}^{2N} y_k = 0", "'y_k' is a class label (role \"label\"): it has no value"),
    (r"y \cdot s = 0", "is a class label (role \"label\"): it has no value"),
    (r"P_i = 1", "'P_i': the set P is written P(k)"),
    (r"|P[i]| = 1", "'P[i]': the set P is written P(k), in parentheses"),
    (r"|M(i)| = 1", "the set M is of a class label: write it M(y_k)"),
    (r"\sum_{p \in P} s_p = 1", "the set P is written with its parameter (P(k))"),
    (r"|P| = 1", "the set P is written with its parameter (P(k))"),
    (r"\sum_{y_j = y_i} s_j = 1", "this sum's conditions compare labels but do not say which index"),
    (r"\sum_{j : y_j = y_i : j \neq i} s_j = 1", "a sum's subscript is read with one colon"),
    (r"\sum_{p \in P(i), p \in Q_i} s_p = 1", "this sum's index is given two ranges"),
])
def test_misuses_are_refused_in_the_users_notation(statement, message):
    text = refusal(statement)
    assert message in text
    assert ":14:" in text       # the line of the claim's latex, and a column


def test_a_conditioned_set_is_not_read_where_its_condition_would_be_lost():
    # a product over it is refused; \max over it keeps its condition (test_extrema_over_sets)
    refusal(r"\prod_{p \in P(i)} s_p = 1")


@pytest.mark.parametrize("tables, message", [
    (dict(family=[{"name": "y", "shape": ["N", "N"], "role": "label"}]),
     "family y: role 'label' is for one class label per sample, shape = ['n']"),
    (dict(family=[{"name": "y", "shape": ["N"], "role": "label", "domain": "positive"}]),
     "family y: a class label has no value, so no domain"),
    (dict(scalar=[{"name": "c", "role": "label"}]), "'label'"),
    (dict(set=[{"name": "P(i)", "to": "2N", "where": r"p \neq i"}]), "set P(i): 'index'"),
    (dict(set=[{"name": "P(i)", "to": "2N", "index": "p"}]), "set P(i): 'index' goes with 'where'"),
    (dict(set=[{"name": "P(i)", "index": "p", "to": "2N", "where": r"p < i"}]),
     "'p < i' is not read as a set's condition"),
    (dict(set=[{"name": "s(i)", "index": "p", "to": "2N", "where": r"p \neq i"}]),
     "set s(i): 's' is declared already"),
    (dict(set=[{"name": "M(y_i)", "index": "j", "to": "2N", "where": r"y_j = y_i, j \neq i"}]),
     "uses i only as the label"),
    (dict(set=[{"name": "A(i)", "index": "a", "to": "2N", "where": r"a \neq i", "nonempty": True}]),
     "nonempty = true restricts the class labels sampled"),
])
def test_bad_declarations_are_refused(tables, message):
    notation = dict(NOTATION, set=[])
    for key, value in tables.items():
        notation[key] = value if key != "family" else value + [{"name": "s", "shape": ["2N"]}]
    with pytest.raises(DerivationError) as caught:
        check_statement("s_1 = s_1", **notation)
    assert message in str(caught.value)


# --- end to end: SupCon, and a normaliser inconsistent with its own definition ---------------
SUPCON = r"""id = "supcon-positives"
title = "SupCon's positives P(i) and the normaliser of N(y_i)"
source = "test"
size = [{name = "n", minimum = 1, checked = [1, 2]}, {name = "d", minimum = 2, checked = [2]}]
scalar = [{name = '\tau', domain = "positive", role = "scale"}]
family = [{name = 'z', shape = ['2n', 'd'], role = "embedding"}, {name = 'y', shape = ['2n'], role = "label"}]
index = [{name = "i", from = 1, to = "2n"}]
set = [{name = 'P(i)', index = 'p', to = '2n', where = 'p \neq i, y_p = y_i', nonempty = true},
       {name = 'A(i)', index = 'a', to = '2n', where = 'a \neq i'},
       {name = 'M_i', index = 'j', to = '2n', where = 'y_j = y_i'},
       {name = 'C(y_i)', index = 'j', to = '2n', where = 'y_j = y_i'}]

[[claim]]
id = "count"
line = 1
title = "a sum of ones over P(i) is |P(i)|"
kind = "identity"
latex = '\sum_{p \in P(i)} 1 = |P(i)|'

[[claim]]
id = "supcon"
line = 2
title = "SupCon's loss of anchor i, the log of its denominator taken out"
kind = "identity"
latex = '\frac{-1}{|P(i)|} \sum_{p \in P(i)} \log \frac{\exp(z_i \cdot z_p/\tau)}{\sum_{a \in A(i)} \exp(z_i \cdot z_a / \tau)} = -\frac{1}{|P(i)|} \sum_{p \in P(i)} \frac{z_i \cdot z_p}{\tau} + \log \sum_{a \in A(i)} \exp(z_i \cdot z_a / \tau)'

[[claim]]
id = "normaliser"
line = 3
title = "2|N_i| - 1 counts N(y_i) without i (N_i: the indices with label y_i)"
kind = "identity"
latex = '2 |M_i| - 1 = \sum_{j \in C(y_i), j \neq i} 1'
"""


def test_supcon_end_to_end():
    claims = verify_text(SUPCON).documents[0].claims
    verdicts = [c.outcome.verdict.value for c in claims]
    assert verdicts[0] == "proved"
    assert verdicts[1] in ("proved", "confirmed")
    refuted = claims[2].outcome
    assert verdicts[2] == "refuted" and refuted.message.startswith("the two sides differ")
    # the witness is a label assignment: at n = 1, the two samples share their class
    assert refuted.witness.values == {"y_1": "0", "y_2": "0"}


def test_supcon_without_nonempty_does_not_pass_the_empty_positives():
    text = SUPCON.replace(", nonempty = true", "")
    result = verify_text(text).documents[0].claims[1].outcome
    assert result.verdict.value not in ("proved", "confirmed")
    assert "undefined" in result.message


WENG = dict(size=[{"name": "B", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 2, "checked": [2]}],
            scalar=[{"name": r"\epsilon", "domain": "positive"},
                    {"name": r"\tau", "domain": "positive", "role": "scale"}],
            family=[{"name": "y", "shape": ["B"], "role": "label"},
                    {"name": r"\mathbf{x}", "shape": ["B"], "role": "point"}],
            function=[{"name": r"f_\theta", "arguments": 1, "shape": ["d"]}, {"name": "f", "arguments": 2}],
            index=[{"name": "i", "from": 1, "to": "B"}, {"name": "j", "from": 1, "to": "B"}])
CONTRASTIVE = (r"\mathbb{1}[y_i=y_j] \| f_\theta(\mathbf{x}_i) - f_\theta(\mathbf{x}_j) \|^2_2 + \mathbb{1}[y_i\neq y_j]"
               r"\max(0, \epsilon - \|f_\theta(\mathbf{x}_i) - f_\theta(\mathbf{x}_j)\|_2)^2")
SAME_CLASS = r"\sum_{i\neq j, y_i = y_j, j=1,\dots,B} \exp(- f(\mathbf{x}_i, \mathbf{x}_j) / \tau)"


@pytest.mark.parametrize("statement, expected", [
    (CONTRASTIVE + r" \geq 0", "confirmed"),
    # at i = j the labels are equal and the pull term is 0, not ε²
    (CONTRASTIVE + r" \geq \max(0, \epsilon - \|f_\theta(\mathbf{x}_i) - f_\theta(\mathbf{x}_j)\|_2)^2", "refuted"),
    (SAME_CLASS + r" \leq \sum_{j=1}^{B} \exp(- f(\mathbf{x}_i, \mathbf{x}_j) / \tau)", "confirmed"),
    (SAME_CLASS + r" \geq \exp(- f(\mathbf{x}_i, \mathbf{x}_1) / \tau)", "refuted"),
])
def test_the_contrastive_loss_of_chopra_et_al_as_weng_writes_it(statement, expected):
    """Labels of a family whose length is a size alone (B), with functions of data points."""
    assert check_statement(statement, "inequality", **WENG).verdict.value == expected


def test_the_reading_of_a_claim_over_labels_says_what_nonempty_restricts():
    """nonempty_reading is what load/claims.py can add to a claim's reading."""
    from contrastive_sym.latex.scope import IndexSet, Scope
    from contrastive_sym.load.labels import nonempty_reading
    y, z = sp.IndexedBase("y", real=True), sp.IndexedBase("z", real=True)
    p, i = sp.Dummy("p", integer=True), sp.Dummy("i", integer=True, positive=True)
    stated = IndexSet("P", sp.Integer(1), 2 * sp.Symbol("N"), None, p, same_label(y[p], y[i]), (i,), "call",
                      None, True)
    scope = Scope().bind("P", stated)
    scope = type(scope)(**{**scope.__dict__, "labels": frozenset({y, z})})
    assert nonempty_reading([same_label(y[1], y[2])], scope) == \
        "class labels sampled only where P(i) is nonempty for every i from 1 to 2 N (stated)"
    assert nonempty_reading([same_label(z[1], z[2])], scope) == ""


def test_the_stated_nonempty_condition_is_said_in_the_claims_reading():
    from contrastive_sym.pipeline import toml_key, toml_value, verify_text
    lines = ['id = "e"', 'title = "e"', 'source = "e.txt"']
    for table, entries in dict(NOTATION, set=[dict(SETS[0], nonempty=True)]).items():
        lines.append(f"{toml_key(table)} = {toml_value(list(entries))}")
    lines += ["", "[[claim]]", 'id = "s"', "line = 1", 'title = "s"', 'kind = "inequality"',
              'reading = "as written"', "latex = " + toml_value(r"|P(i)| \geq 1")]
    claim = verify_text("\n".join(lines) + "\n").documents[0].claims[0].claim
    assert claim.reading == "as written; class labels sampled only where P(i) is nonempty for every i from 1 to 2 N (stated)"


# one letter for a size and two sets, as the post writes SupCon: N (a size), N_i, N(y_i)
WENG_SUPCON = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2]}, {"name": "N", "minimum": 1, "checked": [1, 2]}],
            family=[{"name": "y", "shape": ["2n"], "role": "label"}],
            index=[{"name": "i", "from": 1, "to": "2n"}],
            set=[{"name": "N_i", "index": "j", "to": "2n", "where": "y_j = y_i"},
                 {"name": "N(y_i)", "index": "j", "to": "2n", "where": "y_j = y_i"}])


@pytest.mark.parametrize("statement, expected", [
    # N_i = {j ∈ I : y_j = y_i} counts i itself: the positives of i are |N_i| − 1, not 2|N_i| − 1
    (r"2|N_i| - 1 = \sum_{j \in N(y_i), j \neq i} 1", "refuted"),
    (r"|N_i| - 1 = \sum_{j \in N(y_i), j \neq i} 1", "proved"),
    # the size N keeps its meaning beside the sets written with its letter
    (r"N + |N_i| = N + \sum_{j=1}^{2n} \mathbb{1}[y_j = y_i]", "proved"),
])
def test_a_size_and_sets_may_share_a_letter(statement, expected):
    assert check_statement(statement, **WENG_SUPCON).verdict.value == expected


def test_a_set_written_with_the_letter_of_a_family_is_refused():
    notation = dict(WENG_SUPCON, family=WENG_SUPCON["family"] + [{"name": "M", "shape": ["2n"]}],
                    set=[{"name": "M_i", "index": "j", "to": "2n", "where": "y_j = y_i"}])
    with pytest.raises(DerivationError) as caught:
        check_statement(r"|M_i| = 1", **notation)
    assert "set M_i: 'M' is declared already" in str(caught.value)


FINITE = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}],
              family=[{"name": "y", "shape": ["N", "N"], "domain": "binary"}, {"name": "s", "shape": ["N", "N"]},
                      {"name": "t", "shape": ["N"], "domain": "{-1, 1}"}],
              index=[{"name": "i", "from": 1, "to": "N"}])


@pytest.mark.parametrize("statement, expected", [
    # a retrieval loss's positives and negatives, by the binary label of the pair (i, j)
    (r"\sum_{j \mid y_{ij}=1} s_{ij} + \sum_{j \mid y_{ij}=0} s_{ij} = \sum_{j=1}^{N} s_{ij}", "proved"),
    (r"\sum_{j : y_{ij}=1} s_{ij} = \sum_{j=1}^{N} y_{ij} s_{ij}", "proved"),
    (r"\sum_{j : y_{ij}=1} s_{ij} = \sum_{j=1}^{N} s_{ij}", "refuted"),
    (r"\sum_{j : t_j \neq 1} s_{ij} = \sum_{j=1}^{N} \mathbb{1}[t_j = -1] s_{ij}", "proved"),
])
def test_a_sum_over_the_entries_of_a_finite_family_that_take_a_value(statement, expected):
    assert check_statement(statement, **FINITE).verdict.value == expected


def test_a_value_outside_the_domain_never_holds_and_is_refused():
    with pytest.raises(ParseError, match=r"'y_\{ij\}=2' never holds: the entry takes only the values 0 and 1"):
        check_statement(r"\sum_{j : y_{ij}=2} 1 = 0", **FINITE)
