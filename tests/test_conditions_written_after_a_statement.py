r"""A condition on indices written after a statement, as a CLIP note writes the gradient of its loss:
``\frac{\partial L}{\partial s_j} = \frac{p_j}{\tau} \quad (j \neq i)`` (also ``\text{for } j \ne i``,
``, \forall j \neq i``).  Before: "a relation 'j \neq i' where a value is expected (an event such as p(C = i
| x) is not read …)", or "after \forall only names …"; the clause is now the claim's given, left out of
the statement, and the reading says so.  Without it the statement is false at j = i, and refuted."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, claim_verdict, with_claim

NOTATION = TITLE + """
[[size]]
name = 'N'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
to = 'N'

[[index]]
name = 'j'
to = 'N'

[[family]]
name = 's'
shape = ['N']

[[scalar]]
name = '\\tau'
domain = "positive"

[[define]]
name = 'L'
line = 1
latex = 'L = -\\log \\frac{e^{s_i/\\tau}}{\\sum_{k=1}^{N} e^{s_k/\\tau}}'

[[define]]
name = 'p_j'
line = 2
latex = 'p_j = \\frac{e^{s_j/\\tau}}{\\sum_{k=1}^{N} e^{s_k/\\tau}}'
"""

GRADIENT = r"\frac{\partial L}{\partial s_j} = \frac{p_j}{\tau}"


@pytest.mark.parametrize("clause", [r" \quad (j \neq i)", r", \forall j \neq i", r" \quad \text{for } j \ne i",
                                    r"~~(j \neq i).", r" \quad \left( i \neq j \right)"])
def test_the_condition_is_the_claims_given(clause):
    claim = verify_text(with_claim(NOTATION, GRADIENT + clause)).documents[0].claims[0]
    assert claim.outcome.verdict.value == "confirmed", claim.outcome.message
    assert "written after the statement is read as its given" in claim.claim.reading


@pytest.mark.parametrize("latex, verdict", [
    (GRADIENT, "conditional"),                                      # false at j = i only: it needs j ≠ i
    (r"\frac{\partial L}{\partial s_j} = \frac{p_j - 1}{\tau} \quad (j \neq i)", "refuted"),
])
def test_without_it_or_with_a_wrong_statement_it_is_refuted(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_a_display_of_two_statements_gives_the_condition_to_the_last_one():
    latex = (r"\frac{\partial L}{\partial s_i} = -\frac{1 - p_i}{\tau}, \quad "
             r"\frac{\partial L}{\partial s_j} = \frac{p_j}{\tau} \quad (j \neq i)")
    claims = verify_text(with_claim(NOTATION, latex)).documents[0].claims
    assert [c.outcome.verdict.value for c in claims] == ["confirmed", "confirmed"]
    assert [len(c.claim.given) for c in claims] == [0, 1]


def test_a_given_that_names_a_variable_the_claim_does_not_use_is_an_error_of_the_claim():
    document = NOTATION + r"""
[[claim]]
id = "g"
line = 5
title = "g"
given = ['j \neq i']
latex = '''\frac{\partial L}{\partial s_i} = -\frac{1 - p_i}{\tau}'''
"""
    with pytest.raises(DerivationError, match=r"given 'j \\neq i': names j, which claim g does not use"):
        verify_text(document)


BOUNDS = TITLE + """
[[scalar]]
name = 't'

[[scalar]]
name = 'a'
"""


@pytest.mark.parametrize("latex, verdict", [
    # a bound on one value after \forall or a word is the given: true only where it holds
    (r"\frac{1}{t - 1} > 0, \quad \forall t > 1", "confirmed"),
    (r"\frac{1}{t - 1} > 0 \quad \text{for } t > 1", "confirmed"),
    (r"\frac{1}{t - 1} > 0, \quad \forall t > 0", "refuted"),
    (r"t^2 \geq t, \quad \forall t \geq 1", "confirmed"),
    (r"t^2 \geq a \quad \text{if } a \leq 0", "confirmed"),
])
def test_a_bound_after_forall_or_a_word_is_the_given(latex, verdict):
    claim = verify_text(with_claim(BOUNDS, latex)).documents[0].claims[0]
    assert claim.outcome.verdict.value == verdict, claim.outcome.message
    assert "written after the statement is read as its given" in claim.claim.reading


def test_a_bound_after_a_comma_alone_is_a_second_statement():
    claims = verify_text(with_claim(BOUNDS, r"t^2 \geq 0, \quad a^2 > 1")).documents[0].claims
    assert [c.outcome.verdict.value for c in claims] == ["proved", "refuted"]
    assert all(not c.claim.given for c in claims)


@pytest.mark.parametrize("latex", [
    r"t > 1.001, \quad \forall t > 1",
    r"(t-2)^2 > 0, \quad \forall t > 1",
    r"t < 10^6, \quad \forall t > 1",
    r"\log t < 10 \quad \text{for } t > 1",
])
def test_a_bound_is_sampled_at_and_around_it(latex):
    """SOUNDNESS: the points sampled were filtered by the condition, and the few left never came near its
    bound nor far above it: each of these false statements was confirmed."""
    assert claim_verdict(BOUNDS, latex) == "refuted"


@pytest.mark.parametrize("clause, verdict", [
    (r", \quad j = i", "confirmed"),        # a README's case of the softmax derivative: ∂L/∂s_i = (p_i − 1)/τ
    (r" \quad j = i", "confirmed"),
])
def test_two_indices_said_equal_after_a_statement_are_its_given(clause, verdict):
    """Before, ``\\quad i = j`` was a second statement (two free indices said equal: refuted), and the
    gradient was checked at every j, refuted at j ≠ i."""
    latex = r"\frac{\partial L}{\partial s_j} = \frac{p_j - 1}{\tau}" + clause
    assert claim_verdict(NOTATION, latex) == verdict
    assert claim_verdict(NOTATION, r"\frac{\partial L}{\partial s_j} = \frac{p_j}{\tau}" + clause) == "refuted"


def test_two_values_said_equal_after_a_statement_stay_a_statement_of_their_own():
    # \tau = \tau after a comma names no index: a second statement, as before (here true: two claims, no given)
    claims = verify_text(with_claim(NOTATION, r"p_i = p_i, \quad \tau = \tau")).documents[0].claims
    assert len(claims) == 2 and all(c.claim.given == () for c in claims)
