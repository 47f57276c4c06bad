r"""A definition of a declared function's name for another number of arguments goes beside it: a
count of pairs ``\#(w, c)`` declared, ``\#(w) = \sum_c \#(w, c)`` defined (the word2vec posts' counts).
A use with the declared number of arguments is the declared function, one with the definition's
number the definition; before, the definition replaced the function and every ``\#(w, c)`` was
refused ("\# takes 1 indices")."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict

COUNTS = TITLE + r"""
[[size]]
name = 'V'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'w'
to = 'V'

[[index]]
name = 'c'
to = 'V'

[[function]]
name = '\#'
symbol = 'count'
arguments = 2
domain = "positive"

[[define]]
name = '\#(w)'
line = 3
latex = '\#(w) = \sum_{c=1}^{V} \#(w, c)'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{w=1}^{V} \#(w) = \sum_{w=1}^{V} \sum_{c=1}^{V} \#(w, c)", "proved"),
    (r"\#(w) \geq \#(w, c)", "confirmed"),
    (r"\frac{\#(w, c)}{\#(w)} \leq 1", "confirmed"),
    # false as written: the count of one pair is not the count of the word
    (r"\#(w) = \#(w, c)", "refuted"),
    (r"\#(w) = \#(w, w)", "refuted"),
])
def test_each_use_takes_the_meaning_of_its_number_of_arguments(latex, verdict):
    assert claim_verdict(COUNTS, latex) == verdict


def test_a_use_with_a_number_neither_takes_is_refused_naming_the_declared_counts():
    with pytest.raises(ParseError, match=r"\\# takes 1 indices"):
        claim_verdict(COUNTS, r"\#(w, c, w) = 1")


def test_a_definition_with_the_declared_number_of_arguments_still_replaces_the_function():
    same = COUNTS.replace(r"latex = '\#(w) = \sum_{c=1}^{V} \#(w, c)'", "latex = '\\#(w, c) = 1'").replace(
        r"name = '\#(w)'", r"name = '\#(w, c)'")
    assert claim_verdict(same, r"\#(w, c) = 1") == "proved"
