r"""A sum's upper limit written with the number it stands for, ``\sum_{i=1}^{C'=2}`` (a post's binary
cross-entropy as the case C' = 2 of the categorical one).  Before, the limit was "a relation where a value
is expected (an event such as p(C = i | x) is not read …)": a message about probabilities for a sum.
Now the limit is its value when the name is declared nowhere (said in the reading); a declared size
so fixed is refused naming it (the display holds at that size only: a claim's given says so); any
other relation is refused as a relation."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, claim_verdict, with_claim

NOTATION = TITLE + """
[[size]]
name = 'C'
minimum = 2
checked = [2, 3]

[[index]]
name = 'i'
to = 'C'

[[family]]
name = 't'
shape = ['C']
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{i=1}^{C'=2} t_i = t_1 + t_2", "confirmed"),
    (r"\sum_{m=1}^{K=3} m = 6", "proved"),
    (r"\sum_{i=1}^{C} t_i = \sum_{i=1}^{C'=C} t_i", "proved"),
    # false as written: two terms, not one
    (r"\sum_{i=1}^{C'=2} t_i = t_1", "refuted"),
])
def test_a_limit_named_nowhere_is_its_value(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_the_reading_says_so():
    claim = verify_text(with_claim(NOTATION, r"\sum_{i=1}^{C'=2} t_i = t_1 + t_2")).documents[0].claims[0].claim
    assert claim.reading == "the upper limit 'C'=2' of the sum is read as 2 (C' is declared nowhere)"


@pytest.mark.parametrize("latex, message", [
    (r"\sum_{i=1}^{C=2} t_i = t_1 + t_2", r"the upper limit 'C=2' states a value of C, which the notation declares: "
                                          r"the display holds at C=2 only; write the sum to C, and state C=2 in the claim's given"),
    (r"\sum_{i=1}^{C'<2} t_i = t_1", r"the upper limit 'C'<2' of this sum is a relation, not a value"),
    (r"\sum_{i=1}^{2=C'} t_i = t_1", r"the upper limit '2=C'' of this sum is a relation, not a value"),
])
def test_other_limits_with_a_relation_are_refused_by_what_they_are(latex, message):
    with pytest.raises(ParseError) as error:
        claim_verdict(NOTATION, latex)
    assert str(error.value).endswith(message)


def test_a_sum_to_infinity_is_refused_as_a_series():
    # an entropy written -\sum_{n=1}^{\infty} p \log p (course notes): "'\infty' is not declared" before
    with pytest.raises(ParseError, match=r"a sum to \\infty \(a series\) is not read"):
        claim_verdict(NOTATION, r"\sum_{i=1}^{\infty} t_i = 1")
