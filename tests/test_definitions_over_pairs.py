r"""A definition whose head writes its arguments, ``c(Z) = \frac{1}{D} \sum_{i \neq j} [C(Z)]_{i,j}^2`` (VICReg's
covariance term, Z declared nowhere), with i and j declared indices: the sum runs over the pairs (i, j), the one
reading that leaves c a function of its arguments only, and a warning says so.  Before, it ran over i with j
fixed, c depended on j, and the true identity c(Z) = (Σ_{i,j} C_{ij}^2 - Σ_i C_{ii}^2)/D was refuted.  Inside
that definition, ``C(Z)`` written as its own head reads C's definition (Z is c's parameter there, declared
nowhere as in C's head); before, "'C(Z)' is a vector where a number is expected".  A head without arguments keeps
the anchor reading (``Z = \sum_{k \neq i} e^{s_{ik}}`` is the normaliser of the anchor i)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from document_claims import TITLE, claim_result, claim_verdict, with_claim

NOTATION = TITLE + r"""
[[size]]
name = 'B'
minimum = 2
checked = [2, 3]

[[size]]
name = 'D'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'D'

[[index]]
name = 'j'
to = 'D'

[[family]]
name = 'z'
shape = ['B', 'D']

[[define]]
name = '\bar{z}'
line = 3
latex = '''\bar{z} = \frac{1}{B} \sum_{b=1}^{B} z_b'''

[[define]]
name = 'C(Z)'
line = 4
latex = '''C(Z) = \frac{1}{B - 1} \sum_{b=1}^{B} (z_b - \bar{z})(z_b - \bar{z})^\top'''

[[define]]
name = 'c(Z)'
line = 5
latex = '''c(Z) = \frac{1}{D} \sum_{i \neq j} [C(Z)]_{i,j}^2'''
"""


def test_the_sum_of_a_head_with_arguments_runs_over_the_pairs():
    assert claim_verdict(NOTATION, r"c(Z) = \frac{1}{D} \left( \sum_{i=1}^{D} \sum_{j=1}^{D} [C(Z)]_{i,j}^2 - "
                                   r"\sum_{i=1}^{D} [C(Z)]_{i,i}^2 \right)") in ("proved", "confirmed")
    assert claim_verdict(NOTATION, r"c(Z) = \frac{1}{D} \sum_{i=1}^{D} \sum_{j=1}^{D} [C(Z)]_{i,j}^2") == "refuted"
    assert claim_verdict(NOTATION, r"c(Z) \geq 0") in ("proved", "confirmed")


def test_the_pairs_reading_is_said(capsys):
    claim_result(with_claim(NOTATION, r"c(Z) \geq 0"))
    assert "its sum whose condition excludes j" in capsys.readouterr().err


def test_a_head_without_arguments_keeps_its_anchor():
    document = TITLE + r"""
[[size]]
name = 'n'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
to = 'n'

[[index]]
name = 'k'
to = 'n'

[[family]]
name = 's'
shape = ['n', 'n']

[[define]]
name = 'Z'
line = 3
latex = '''Z = \sum_{k \neq i} e^{s_{ik}}'''
"""
    assert claim_verdict(document, r"Z = \sum_{k=1}^{n} e^{s_{ik}} - e^{s_{ii}}") == "proved"


def test_a_head_without_arguments_says_the_other_reading(capsys):
    """c = \\frac{1}{D} \\sum_{i \\neq j} … keeps j fixed (the anchor convention), and a warning says the
    pairs reading and how to write it: nothing about the choice is silent."""
    plain = NOTATION.replace("name = 'c(Z)'", "name = 'c'").replace(r"c(Z) = \frac{1}{D}", r"c = \frac{1}{D}")
    assert claim_verdict(plain, r"c \geq 0") in ("proved", "confirmed")
    assert "it depends on j only through a sum that excludes it" in capsys.readouterr().err


def test_a_statement_that_sums_over_the_index_a_definition_keeps_fixed_is_ambiguous():
    """c = \\frac{1}{D} \\sum_{i \\neq j} … (j fixed, the anchor convention) in a statement that sums over j
    itself: which j is which is not written, and the true pairs identity was refuted; now refused, naming
    both ways to write c.  A statement that does not sum over j is read as before."""
    plain = NOTATION.replace("name = 'c(Z)'", "name = 'c'").replace(r"c(Z) = \frac{1}{D}", r"c = \frac{1}{D}")
    for statement in (r"c = \frac{1}{D} \left( \sum_{i=1}^{D} \sum_{j=1}^{D} [C(Z)]_{i,j}^2 - "
                      r"\sum_{i=1}^{D} [C(Z)]_{i,i}^2 \right)", r"\sum_{j=1}^{D} c = D c"):
        with pytest.raises(DerivationError, match="ambiguous: c depends on j only through a sum that excludes it"):
            claim_verdict(plain, statement)
    assert claim_verdict(plain, r"c = c") == "proved"
