r"""A claim whose text reads in two ways is checked once per reading (issue 13: "where a reading is
ambiguous, report each reading, as the seeds' ambiguities are"): ``\exp\langle a,b\rangle/\tau`` is
exp(⟨a,b⟩/τ) or exp(⟨a,b⟩)/τ, ``u^\top v / \|u\| \|v\|`` is (u^⊤v/‖u‖)‖v‖ or u^⊤v/(‖u‖‖v‖).  Each
reading is a claim of its own with the document's expectation, so a statement true in one reading
only is found; in a definition the text is still refused."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement, verify_text

HEADER = """<!-- contrastive-verify
id = "readings"
title = "readings"

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[family]]
name = 'a'
shape = ['d']
role = "unit"

[[family]]
name = 'b'
shape = ['d']
role = "unit"

[[scalar]]
name = '\\tau'
domain = "positive"
-->
"""


def claim(claim_id: str, latex: str, kind: str = "inequality", expect: str = "holds") -> str:
    return f'\n<!-- claim: id = "{claim_id}", kind = "{kind}", expect = "{expect}" -->\n$$\n{latex}\n$$\n'


def run(*claims: str, only: str | None = None):
    return verify_text(HEADER + "".join(claims), suffix=".md", only=only).documents[0]


def test_each_reading_is_a_claim_with_the_documents_expectation():
    document = run(claim("positive", r"\exp\langle a,b\rangle/\tau > 0"),
                   # exp(⟨a,b⟩/τ) ≥ e^{-1/τ} on the sphere; exp(⟨a,b⟩)/τ is not, at large τ
                   claim("lower", r"\exp\langle a,b\rangle/\tau \geq e^{-1/\tau}"))
    verdicts = {c.claim.id: c.outcome.verdict.value for c in document.claims}
    assert verdicts == {"positive-reading-1": "confirmed", "positive-reading-2": "confirmed",
                        "lower-reading-1": "confirmed", "lower-reading-2": "refuted"}
    second = next(c for c in document.claims if c.claim.id == "lower-reading-2")
    assert second.unexpected_items
    assert "reading 2 of 2" in second.claim.reading and r"\exp(\langle a,b\rangle)/\tau" in second.claim.reading
    assert second.claim.note.startswith("ambiguous: \\exp without parentheses before a quotient")
    # the document's text is kept, the checked one restates it
    assert second.claim.restated_from == r"\exp\langle a,b\rangle/\tau \geq e^{-1/\tau}"
    assert second.claim.latex == r"\frac{\exp\left(\langle a,b\rangle\right)}{\tau} \geq e^{-1/\tau}"


def test_a_quotient_before_a_factor_is_read_both_ways():
    document = run(claim("cosine", r"a^\top b / \|a\| \|b\| \leq 1"))
    assert [c.claim.id for c in document.claims] == ["cosine-reading-1", "cosine-reading-2"]
    assert all(c.outcome.verdict.value == "confirmed" for c in document.claims)


def test_only_selects_every_reading_of_a_claim():
    document = run(claim("positive", r"\exp\langle a,b\rangle/\tau > 0"), claim("plain", r"\tau > 0"),
                   only="positive")
    assert [c.claim.id for c in document.claims] == ["positive-reading-1", "positive-reading-2"]


def test_a_definition_that_reads_two_ways_is_still_refused():
    with pytest.raises(ParseError, match=r"ambiguous: \\exp without parentheses"):
        verify_text(HEADER + "\n<!-- define: name = 'g' -->\n$$\ng = \\exp\\langle a,b\\rangle/\\tau\n$$\n"
                    + claim("c", r"g > 0"), suffix=".md")


def test_the_one_statement_api_names_each_readings_verdict():
    with pytest.raises(ParseError, match=r"ambiguous: .*checked once per reading: \\log\(a/b\) refuted; "
                                         r"\\log\(a\)/b refuted"):
        check_statement(r"\log a/b = 1", scalar=[{"name": "a"}, {"name": "b"}])


def test_two_places_of_one_question_are_read_alike_in_each_reading():
    r"""\exp\langle a,b\rangle/\tau written twice: the document writes it one way, so both places take
    the same reading (one claim per reading, never one per combination), and the reading says so."""
    document = run(claim("twice", r"\exp\langle a,b\rangle/\tau \leq \exp\langle a,a\rangle/\tau"))
    readings = {c.claim.id: c.claim.reading for c in document.claims}
    assert list(readings) == ["twice-reading-1", "twice-reading-2"]
    assert all("each of the 2 places alike read so" in r for r in readings.values())


def test_two_reading_questions_of_different_kinds_are_refused_at_the_documents_text():
    with pytest.raises(ParseError, match=r"reads in more than one way again") as caught:
        run(claim("twice", r"\exp\langle a,b\rangle/\tau \leq a^\top b / \|a\| \|b\| + 3", kind="inequality"))
    assert caught.value.column is not None and caught.value.message.startswith("ambiguous: \\exp")


SUMS = """<!-- contrastive-verify
id = "sum-ends"
title = "sum ends"

[[size]]
name = 'N'
minimum = 1
checked = [1, 2, 3]

[[family]]
name = 'a'
shape = ['N']

[[family]]
name = 'b'
shape = ['N']

[[index]]
name = 'i'
from = 1
to = 'N'

[[macro]]
name = '\\A'
arguments = 1
body = 'a_{#1}'
-->
"""


def sum_claims(*claims: str):
    return {c.claim.id: c for c in verify_text(SUMS + "".join(claims), suffix=".md").documents[0].claims}


def test_an_index_after_its_sums_body_is_read_both_ways():
    # \sum_i a_i - b_i: (Σ_i a_i) − b_i with i the declared index, or Σ_i (a_i − b_i)
    found = sum_claims(claim("ends", r"\sum_{i=1}^N a_i - b_i = \sum_{i=1}^N (a_i - b_i)", "identity"))
    assert {k: c.outcome.verdict.value for k, c in found.items()} == {"ends-reading-1": "refuted",
                                                                     "ends-reading-2": "proved"}
    first, second = found["ends-reading-1"].claim, found["ends-reading-2"].claim
    assert "takes one term" in first.reading and "takes the terms after it too (… - b_i)" in second.reading
    assert first.latex == r"\left(\sum_{i=1}^N a_i\right) - b_i = \sum_{i=1}^N (a_i - b_i)"
    assert second.latex == r"\sum_{i=1}^N \left(a_i - b_i\right) = \sum_{i=1}^N (a_i - b_i)"


def test_a_later_sum_whose_end_is_open_is_read_as_the_first():
    # two sums of one display, each open: one claim per reading, not four; the second sum's
    # run stops at the sign before the next sum
    found = sum_claims(claim("two", r"\sum_{i=1}^N a_i - b_i + \sum_{i=1}^N b_i - a_i = 0", "identity"))
    assert {k: c.outcome.verdict.value for k, c in found.items()} == {"two-reading-1": "refuted",
                                                                     "two-reading-2": "proved"}
    second = found["two-reading-2"].claim
    assert second.latex == r"\sum_{i=1}^N \left(a_i - b_i\right) + \sum_{i=1}^N \left(b_i - a_i\right) = 0"
    assert "each of the 2 places alike read so" in second.reading


def test_a_sum_written_with_the_documents_macros_is_read_both_ways_from_its_text():
    found = sum_claims(claim("macro", r"\sum_{i=1}^N \A{i} - b_i = \sum_{i=1}^N (a_i - b_i)", "identity"))
    assert found["macro-reading-2"].outcome.verdict.value == "proved"
    assert found["macro-reading-2"].claim.latex == r"\sum_{i=1}^N \left(\A{i} - b_i\right) = \sum_{i=1}^N (a_i - b_i)"


def test_a_sum_whose_later_terms_cannot_be_told_stays_refused():
    # the run after the body is a product with another sum: no second reading to offer
    with pytest.raises(ParseError, match=r"ambiguous: this 'i' comes after the sum over i"):
        sum_claims(claim("product", r"\sum_{i=1}^N a_i - b_i \sum_{j=1}^N b_j = 0", "identity"))


def test_a_function_name_before_a_product_sign_is_read_both_ways():
    r"""``\log 2 \cdot \tau``: the sign may end the logarithm's argument (log(2)·τ) or be inside it (log(2·τ),
    as \log 2\tau is): each reading is a claim, and the one that is true is found."""
    document = run(claim("scaled", r"\log 2 \cdot \tau = \tau \log 2", kind="identity"))
    verdicts = {c.claim.id: c.outcome.verdict.value for c in document.claims}
    assert verdicts == {"scaled-reading-1": "proved", "scaled-reading-2": "refuted"}
    first = document.claims[0]
    assert first.claim.note.startswith(r"ambiguous: \log without parentheses before a product sign")
    assert r"\log(2) \cdot \tau" in first.claim.reading


def test_a_product_by_juxtaposition_after_a_function_name_is_its_argument():
    # \log 2\tau is log(2τ), one reading: no ambiguity without a sign (a sign inside parentheses is one factor)
    document = run(claim("joined", r"\log 2\tau = \log 2 + \log \tau", kind="identity"),
                   claim("grouped", r"\log (2 \cdot \tau) = \log 2 + \log \tau", kind="identity"))
    assert {c.claim.id: c.outcome.verdict.value for c in document.claims} == {"joined": "proved",
                                                                              "grouped": "proved"}


def test_a_power_right_after_a_call_of_log_or_exp_is_read_both_ways():
    r"""``\exp(\tau)^2``: the square of the exponential, or the exponential of the square; in a claim each
    reading is checked (in a definition it is still refused, as test_latex_precedence says)."""
    document = run(claim("squared", r"\exp(\tau)^2 = \exp(2\tau)", kind="identity"))
    verdicts = {c.claim.id: (c.outcome.verdict.value, c.claim.reading) for c in document.claims}
    assert [v for v, _ in verdicts.values()] == ["proved", "refuted"]
    assert r"(\exp(\tau))^2" in verdicts["squared-reading-1"][1]
    assert r"\exp((\tau)^2)" in verdicts["squared-reading-2"][1]


@pytest.mark.parametrize("statement", [
    # log(τ)·a·b, log(τ·a·b) and log(τ·a)·b: two readings would not be every one
    r"\log \tau \cdot \tau \cdot \tau = 0",
    # (log A)^t B, log(A^t) B and log(A^t B) (the parentheses as the power's base): refused, not read two ways
    r"\log(\tau)^2 (\tau) = 0",
    r"\log(\tau)^2 \big(\tau\big) = 0",        # a sized parenthesis opens another factor too
])
def test_an_ambiguity_with_more_than_two_readings_is_refused(statement):
    with pytest.raises(ParseError) as refused:
        check_statement(statement, scalar=[{"name": "\\tau", "domain": "positive"}])
    assert "ambiguous" in str(refused.value) and "checked once per reading" not in str(refused.value)
