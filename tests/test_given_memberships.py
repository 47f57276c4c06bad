r"""A claim's ``given`` that an index is a member of a set defined by a condition, ``p \in P(i)`` (a statement
about a positive p of the anchor i): read as {p} ⊆ P(i), the indicators of the two sets compared entry by
entry.  It was read, then failed at every point ("Invalid comparison of non-real Matrix"): an error verdict
for a true statement.  What only the condition uses is sampled too: the class labels P(i) compares, and p
itself beside a link that writes no p."""
from __future__ import annotations

import pytest

from contrastive_sym.model.verdicts import Verdict
from contrastive_sym.pipeline import verify_text

HEAD = """id = "g"
title = "g"
source = "g.txt"

[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[family]]
name = 'y'
shape = ['2N']
role = "label"

[[family]]
name = 's'
shape = ['2N', '2N']

[[index]]
name = 'i'
from = 1
to = '2N'

[[index]]
name = 'p'
from = 1
to = '2N'

[[set]]
name = 'P(i)'
index = 'q'
to = '2N'
where = 'q \\neq i, y_q = y_i'
"""


def outcome(latex: str, given: str = r"p \in P(i)"):
    text = HEAD + f"\n[[claim]]\nid = 'c'\nline = 1\ntitle = 'c'\ngiven = ['{given}']\nlatex = '{latex}'\n"
    return verify_text(text).documents[0].claims[0].outcome


def test_a_true_statement_about_a_member_holds():
    found = outcome(r"s_{ip} \leq s_{ip} + 1")
    assert found.verdict is Verdict.CONFIRMED, found.message
    assert "excluded by the stated conditions" in found.message


def test_a_false_statement_is_refuted_at_a_member():
    r"""The witness's p is a positive of i: same label, another view."""
    found = outcome(r"s_{ip} \leq s_{ii}")
    assert found.verdict is Verdict.REFUTED
    witness = found.witness
    i, p = witness.indices["i"], witness.indices["p"]
    assert i != p and witness.values[f"y_{i}"] == witness.values[f"y_{p}"]


def test_the_statement_needs_the_condition():
    r"""Without it, p = i is a counterexample of s_{ip} = s_{ii}; with p ∈ P(i), p ≠ i is still free."""
    assert outcome(r"s_{ip} = s_{ip}", r"p \notin P(i)").verdict in (Verdict.PROVED, Verdict.CONFIRMED)
    assert outcome(r"s_{ip} = s_{ii}").verdict is Verdict.REFUTED


def test_an_index_only_the_condition_writes_is_assigned():
    r"""|P(i)| ≥ 1 where some p is in P(i): the first link writes no p, the condition does."""
    found = outcome(r"|P(i)| \geq 1 \leq |P(i)| + s_{ip}^2")
    assert found.verdict is Verdict.CONFIRMED, found.message


def _with(extra: str):
    return verify_text(HEAD + extra).documents[0].claims[0].outcome


SECOND_SET = """
[[set]]
name = 'Q(i)'
index = 'q'
to = 'N'
where = 'q \\neq i'
"""


def test_a_subset_given_between_two_sets_is_read_entry_by_entry():
    r"""|P(i)| ≤ |Q(i)| holds where P(i) ⊆ Q(i) (then every positive of i is among 1 … N) and fails elsewhere."""
    claim = "\n[[claim]]\nid = 'c'\nline = 1\ntitle = 'c'\n{given}latex = '|P(i)| \\leq |Q(i)|'\n"
    held = _with(SECOND_SET + claim.format(given="given = ['P(i) \\subseteq Q(i)']\n"))
    assert held.verdict in (Verdict.PROVED, Verdict.CONFIRMED), held.message
    assert _with(SECOND_SET + claim.format(given="")).verdict is Verdict.REFUTED


def test_a_condition_between_vectors_that_are_not_sets_is_refused():
    extra = """
[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[family]]
name = 'z'
shape = ['2N', 'd']

[[claim]]
id = 'c'
line = 1
title = 'c'
given = ['z_i \\leq z_p']
latex = 's_{ip} = s_{ip}'
"""
    with pytest.raises(Exception) as caught:
        verify_text(HEAD + extra)
    assert "a condition between vectors is read for sets only" in str(caught.value)
