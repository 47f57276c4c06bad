r"""Iverson's bracket: ``[X_n = k]`` where a value is expected is 1 where the condition holds and 0
elsewhere, as ``\mathbb{1}[X_n = k]`` is (a post's empirical PMF p(k) = 1/N Σ_n [X_n = k], and the
likelihood Π_n Π_k q(k)^{[X_n = k]}).  No other value is written as a bracket around one relation, so
the reading is said and nothing else changes: a bracket around a value, a list or an interval reads as
before, and a condition the indicator refuses (two values tested for equality) is refused here too.
Before, the bracket was "a relation where a value is expected".

And a product (``\prod_k``), a max or a min over a declared index whose body indexes no family runs over
the index's declared range, as a sum does (it was "the range … cannot be read")."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement

COUNTS = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}, {"name": "K", "minimum": 1, "checked": [1, 2, 3]}],
              index=[{"name": "n", "from": 1, "to": "N"}, {"name": "k", "from": 1, "to": "K"}],
              family=[{"name": "X", "shape": ["N"], "role": "index", "values": [1, "K"]}],
              scalar=[{"name": "a"}, {"name": "b"}],
              function=[{"name": "q", "arguments": 1, "domain": "(0, 1)"}])


def check(statement: str, kind: str = "identity"):
    return check_statement(statement, kind, **COUNTS)


@pytest.mark.parametrize("statement, kind, verdict", [
    (r"[X_n = k] = \mathbb{1}[X_n = k]", "identity", "proved"),
    (r"\sum_{k=1}^{K} [X_n = k] = 1", "identity", "confirmed"),
    (r"\sum_{k=1}^{K} [X_n = k] = 2", "identity", "refuted"),
    (r"\sum_{n} [X_n = k] \le N", "inequality", "confirmed"),
    # the likelihood of a post: its factors over k collect into a power
    (r"\prod_{n}\prod_{k}q(k)^{[X_{n}=k]}=\prod_{k}q(k)^{\sum_{n}[X_{n}=k]}", "identity", "confirmed"),
    (r"\prod_{n}\prod_{k}q(k)^{[X_{n}=k]}=\prod_{k}q(k)^{\sum_{n}[X_{n} \neq k]}", "identity", "refuted"),
    (r"[a > b] + [a \le b] = 1", "identity", "confirmed"),
    (r"[a > b] + [b > a] = 1", "identity", "refuted"),         # not at a tie
])
def test_a_bracket_around_a_condition_is_its_indicator(statement, kind, verdict):
    outcome = check(statement, kind)
    assert outcome.verdict.value == verdict, outcome.message


def test_the_reading_says_so():
    from document_claims import TITLE, the_only_claim, with_claim
    notation = TITLE + """
[[size]]
name = 'N'
minimum = 1
checked = [1, 2]

[[index]]
name = 'n'
to = 'N'

[[index]]
name = 'm'
to = 'N'
"""
    claim = the_only_claim(with_claim(notation, r"\sum_{m=1}^{N} [n = m] = 1"))
    assert claim.outcome.verdict.value == "proved"
    assert "Iverson's bracket" in claim.claim.reading


@pytest.mark.parametrize("statement, verdict", [
    (r"[a + b] = a + b", "proved"),                    # a bracket around a value is the value
    (r"[a, b]_1 = a", "confirmed"),                         # a list
])
def test_other_brackets_read_as_before(statement, verdict):
    assert check(statement).verdict.value == verdict


def test_a_condition_the_indicator_refuses_is_refused_in_a_bracket_too():
    with pytest.raises(ParseError, match="tests two values for equality"):
        check(r"[a = b] = 0")


@pytest.mark.parametrize("statement, kind, verdict", [
    (r"\prod_{k} q(k) \le 1", "inequality", "confirmed"),
    (r"\prod_{k} 2 = 2^K", "identity", "confirmed"),
    (r"\prod_{k} 2 = 2^N", "identity", "refuted"),
])
def test_a_product_over_a_declared_index_runs_over_its_range(statement, kind, verdict):
    assert check(statement, kind).verdict.value == verdict
