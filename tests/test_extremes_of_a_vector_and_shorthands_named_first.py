r"""Three ways notes on the softmax write what was refused before: the largest entry of a vector as
``\max(x)`` (numpy's max), a shorthand defined on the row before the statement that uses it
(``x_{max} = \max(x) \\ \mathrm{softmax}(x_i) = \frac{\exp(x_i - x_{max})}{\sum_j \exp(x_j - x_{max})}``),
and an ellipsis written against a term without its comma (``\max\{x_1 \dots, x_n\}``, ``x_1, \dots x_n``:
TeX sets them alike).  Each is read, and what is read is checked: a false statement is refuted."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, claim_verdict, with_claim

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'n'

[[index]]
name = 'j'
to = 'n'

[[family]]
name = 'x'
shape = ['n']

[[family]]
name = 'h'
shape = ['n', 'n']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\max(x) \geq x_i", "confirmed"),
    (r"\max(x) = \max_j x_j", "confirmed"),
    (r"\max(x) = x_1", "refuted"),
    (r"\min(x) \leq \max(x)", "confirmed"),
    (r"\min(x) \geq x_i", "refuted"),
    (r"\min(x_1, x_1) = x_1", "proved"),
])
def test_the_extreme_of_a_vector_of_numbers_is_its_extreme_entry(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_the_reading_is_said():
    claim = verify_text(with_claim(NOTATION, r"\max(x) \geq x_i")).documents[0].claims[0]
    assert "'\\max(x)' is the largest entry of the vector" in claim.claim.reading


def test_the_extreme_of_a_row_of_a_family_of_two_dimensions_stays_refused():
    with pytest.raises(DerivationError, match="a vector where a number is expected"):
        claim_verdict(NOTATION, r"\max(h_1) \geq 0")


@pytest.mark.parametrize("latex, verdict", [
    (r"x_{max} = \max(x)\\ \frac{\exp(x_{i}-x_{max})}{\sum_{j}\exp(x_{j}-x_{max})} = "
     r"\frac{\exp(x_i)}{\sum_j \exp(x_j)}", "proved"),
    (r"x_{max} = \max(x)\\ \frac{\exp(x_{i}-x_{max})}{\sum_{j}\exp(x_{j}-x_{max})} = "
     r"\frac{\exp(x_i)}{\sum_j \exp(x_j + x_{max})}", "refuted"),
    (r"m = \max(x) \\ \begin{aligned} \log\sum_j e^{x_j} &= m + \log\sum_j e^{x_j - m} \\ &\geq m \end{aligned}",
     "confirmed"),
])
def test_a_shorthand_defined_on_the_row_before_the_statement(latex, verdict):
    claim = verify_text(with_claim(NOTATION, latex)).documents[0].claims[0]
    assert claim.outcome.verdict.value in ((verdict, "proved") if verdict == "confirmed" else (verdict,))
    assert "defined before the statement, is read as a definition local to this statement" in claim.claim.reading


def test_a_first_row_that_names_a_declared_name_is_no_shorthand():
    """x_1 = \\max(x) is a statement about the declared x (false), not a definition."""
    claims = verify_text(with_claim(NOTATION, r"x_1 = \max(x) \\ x_1 \geq x_i")).documents[0].claims
    assert "refuted" in [c.outcome.verdict.value for c in claims]


@pytest.mark.parametrize("latex, verdict", [
    (r"\max\left\{x_{1}\dots,x_{n} \right\} = \max(x)", "confirmed"),
    (r"\max\{x_1, \dots x_n\} = \max(x)", "confirmed"),
    (r"\max\{x_1, \dots x_n\} = x_1", "refuted"),
    (r"\log(\exp(x_{1})+\dots+\exp(x_{n})) \geq \max\{x_{1}\dots,x_{n}\}", "confirmed"),
])
def test_an_ellipsis_written_against_a_term(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


@pytest.mark.parametrize("latex, verdict", [
    (r"m = \max(x) \\ s = \sum_j e^{x_j-m} \\ \log\sum_j e^{x_j} = m + \log s", "proved"),
    (r"m = \max(x) \\ s = \sum_j e^{x_j-m} \\ \log\sum_j e^{x_j} = m - \log s", "refuted"),
])
def test_several_shorthands_before_the_statement(latex, verdict):
    """Before, only the first row was taken for a shorthand, and 's' was not declared."""
    claim = verify_text(with_claim(NOTATION, latex)).documents[0].claims[0]
    assert claim.outcome.verdict.value == verdict
    assert "m, s, defined before the statement, are read as a definition local to this statement" in claim.claim.reading
