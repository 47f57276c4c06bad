r"""A "for all" written before the statement it quantifies, as mathematicians write it: ``\forall x \in
\mathbb{R}, \; \sigma(-x) = 1 - \sigma(x)``, ``\forall i, j \in [n], \; s_{ij} = s_{ji}``, ``\forall t > 1,
\quad t^2 > t``, ``\forall i \neq j: s_{ij} \le 1``.  The clause is read as the same clause written after the
statement: names and ranges are checked against what the statement uses and the declared ranges, and a
condition (a bound on one value, two indices told apart) is the claim's given, said in its reading.
Before, every such display was refused ("\forall … with no statement before it"), or read its statement as
one more item of the clause."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.quantifier_clauses import leading_clause_colons, mark_forall_commas
from document_claims import TITLE, claim_result, claim_verdict, with_claim

NOTATION = TITLE + r"""
[[size]]
name = 'n'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
to = 'n'

[[index]]
name = 'j'
to = 'n'

[[family]]
name = 's'
shape = ['n', 'n']
domain = "unit_interval"

[[scalar]]
name = 'x'

[[scalar]]
name = 't'
domain = "positive"

[[operator]]
name = '\sigma'
meaning = "logistic"
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\forall x \in \mathbb{R}, \; \sigma(-x) = 1 - \sigma(x)", "proved"),
    (r"\forall x \in \mathbb{R}, \; \sigma(-x) = \sigma(x)", "refuted"),
    (r"\forall i, \quad s_{ii} \le 1", "confirmed"),
    (r"\forall i, j, \; s_{ij} \le 1", "confirmed"),
    (r"\forall i \in [n], \quad s_{ii} \le 1", "confirmed"),
    (r"\forall i: \; s_{ii} \le 1", "confirmed"),
    (r"\forall t > 1, \quad t^2 > t", "confirmed"),
    (r"\forall t > 1, \quad t^2 < t", "refuted"),
    (r"\forall i \neq j: \; s_{ij} \le 1", "confirmed"),
    (r"\forall i \neq j, \; s_{ij} = s_{ji}", "refuted"),
])
def test_a_clause_written_first_quantifies_the_statement_after_it(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_a_condition_written_first_is_the_given_and_the_reading_says_so():
    result = claim_result(with_claim(NOTATION, r"\forall t > 1, \quad t^2 > t"))
    assert [c.label for c in result.claim.given] == ["t > 1"]
    assert "written before the statement is read as its given" in result.claim.reading


@pytest.mark.parametrize("latex, message", [
    (r"\forall i \in [2], \quad s_{ii} \le 1", "a 'for all' over another set is not read"),
    (r"\forall x \in \mathbb{R}, \; s_{ii} \le 1", "x"),           # a name the statement does not use
    (r"\forall i, j", "no statement before or after it"),
])
def test_what_a_leading_clause_names_is_still_checked(latex, message):
    with pytest.raises(DerivationError) as raised:
        claim_verdict(NOTATION, latex)
    assert message in str(raised.value)


def test_the_clause_is_told_from_the_statement_in_the_same_length():
    for text in (r"\forall x \in \mathbb{R}, \; f(x) = 0", r"\forall i \neq j: s_{ij} \le 1", r"a \le b \quad \forall i, j"):
        marked = mark_forall_commas(leading_clause_colons(text))
        assert len(marked) == len(text)
    assert mark_forall_commas(r"\forall i, j \in [N], \; s_{ij} = s_{ji}") == "\\forall i\ue020 j \\in [N], \\; s_{ij} = s_{ji}"
    assert leading_clause_colons(r"\forall i \neq j: s_{ij} \le 1") == r"\forall i \neq j, s_{ij} \le 1"
    # after a statement the clause runs to the row's end, as before: each comma is the clause's
    assert mark_forall_commas(r"a_i \le b_i \quad \forall i, j") == "a_i \\le b_i \\quad \\forall i\ue020 j"


def test_a_definition_may_write_its_indices_first():
    document = NOTATION + r"""
[[define]]
name = 'h_i'
line = 5
latex = '''\forall i \in [n], \quad h_i = s_{ii}^2'''
"""
    assert claim_verdict(document, r"h_i \le 1") == "confirmed"
    assert claim_verdict(document, r"h_i \le s_{ii} - 1") == "refuted"
    wrong = document.replace(r"\forall i \in [n]", r"\forall i \in [2]")
    with pytest.raises(DerivationError, match="another set is not read|declared range"):
        claim_verdict(wrong, r"h_i \le 1")
