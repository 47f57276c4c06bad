r"""A limit as a declared size grows (issue 13, found on a post reviewing Wang & Isola's
Theorem 1): the size was read at its checked value M = 1 while the ladder moved nothing,
so ``\lim_{M \to \infty} (\log(M + 1) - \log M) = 0`` was refuted ("log 2 ≠ 0"), falsely.
Now the size is a positive real the ladder moves where it enters the sides as a number,
and where it counts terms, entries or draws the link is undecided, saying so."""
from __future__ import annotations

import pytest

from contrastive_sym.pipeline import check_statement

SIZE = dict(size=[{"name": "M", "minimum": 1, "checked": [1, 2, 3]}])
AT_INFINITY = {"little_o": {"variable": "M", "at": r"\infty"}}


@pytest.mark.parametrize("statement, expected", [
    (r"\lim_{M \to \infty} (\log(M + 1) - \log M) = 0", "confirmed"),
    (r"\lim_{M \to \infty} \frac{M}{M + 1} = 1", "confirmed"),
    (r"\lim_{M \to \infty} (\log(M + 1) - \log M) = \log 2", "refuted"),
    (r"\lim_{M \to \infty} \frac{M}{M + 1} = 0", "refuted"),
])
def test_a_limit_over_a_size_that_enters_as_a_number_follows_the_size(statement, expected):
    assert check_statement(statement, "limit", **SIZE).verdict.value == expected


@pytest.mark.parametrize("statement, expected", [
    (r"\log(M+1) = \log M + o(1)", ("proved", "confirmed")),
    (r"\log(M+1) = \log M + 1 + o(1)", ("refuted",)),
])
def test_little_o_as_a_size_grows_follows_the_size(statement, expected):
    assert check_statement(statement, "limit", claim=AT_INFINITY, **SIZE).verdict.value in expected


@pytest.mark.parametrize("statement, claim", [
    (r"\lim_{M \to \infty} \frac{1}{M}\sum_{i=1}^M \frac{1}{i} = 1", {}),
    (r"\sum_{i=1}^M \frac{1}{i} = \log M + o(\log M)", AT_INFINITY),
])
def test_a_size_that_counts_terms_is_undecided_never_checked_at_one_size(statement, claim):
    outcome = check_statement(statement, "limit", claim=claim, **SIZE)
    assert outcome.verdict.value == "undecided"
    assert "sets how many terms a sum or product has" in outcome.message
