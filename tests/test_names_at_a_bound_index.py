r"""Names whose arguments or scripts write an index, read where a sum binds that index anew.

A probability defined at an event whose value is an index, ``p(y = i \mid x) = e^{s_i} / \sum_j
e^{s_j}`` (the softmax classifier, CPC's ``p(d = i \mid X, c_t)``), is a definition for each i.  Before,
the event was matched as text only: under ``\sum_i`` the body kept the declared i while the sum ran
over its own, so ``\sum_i p(y = i \mid x) = 1``, true, was refuted with a witness; a use at another
index (``p(y = k \mid x)``, ``p(y = 1 \mid x)``) was "'p' is not declared"; and ``n \, p(y = i \mid x)``
was read as a run of letters, 'np', with p unknown.

A name the notation declares whole with its script or arguments (``[[scalar]] a_i``, ``[[index]]
p(i)``, ``[[family]] x^{(i)}``, ``[[function]] f_i``) is one object, at the declared i.  Under a sum
over i it was read as that one object at every i, and ``\sum_i a_i = n a_i`` was proved; it is
refused there, naming the letter bound anew."""
from __future__ import annotations

import re

import pytest

from contrastive_sym.errors import DerivationError
from document_claims import TITLE, claim_result, claim_verdict, with_claim

NOTATION = TITLE + r"""
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

[[index]]
name = 'k'
to = 'n'

[[family]]
name = 's'
shape = ['n']

[[scalar]]
name = 'x'
role = "point"

[[define]]
name = 'p(y = i \mid x)'
line = 5
latex = 'p(y = i \mid x) = \frac{e^{s_i}}{\sum_j e^{s_j}}'
"""


@pytest.mark.parametrize("latex, verdict", [
    # the sum's i is the event's i: the probabilities add up to 1
    (r"\sum_i p(y = i \mid x) = 1", "proved"),
    (r"\sum_i p(y = i \mid x) = 2", "refuted"),
    (r"\sum_k p(y = k \mid x) = 1", "proved"),
    # the declared i, not bound by the sum over k
    (r"\sum_k p(y = i \mid x) = n \cdot p(y = i \mid x)", "proved"),
    (r"\sum_k p(y = i \mid x) = n \, p(y = i \mid x)", "proved"),
    (r"n p(y = i \mid x) = 1", "refuted"),
    # another index, a whole number inside i's range
    (r"-\log p(y = k \mid x) = \log \sum_j e^{s_j} - s_k", "proved"),
    (r"-\log p(y = k \mid x) = \log \sum_j e^{s_j} + s_k", "refuted"),
    (r"-\log p(y = 1 \mid x) = \log \sum_j e^{s_j} - s_1", "proved"),
    (r"p(y = 1 \mid x) = \frac{e^{s_1}}{1 + \sum_j e^{s_j}}", "refuted"),
])
def test_an_event_at_an_index(latex, verdict):
    assert claim_verdict(NOTATION, latex) == verdict


def test_the_reading_says_which_index_the_event_is_read_at():
    result = claim_result(with_claim(NOTATION, r"-\log p(y = k \mid x) = \log \sum_j e^{s_j} - s_k"))
    assert result.claim.reading == "p(y=k \\mid x) is the definition of p(y=i \\mid x) at i = k"


@pytest.mark.parametrize("latex, says", [
    # 4 is not inside 1 … n for every n the notation allows
    (r"p(y = 4 \mid x) = 1", r"p is defined at the events (y=i \mid x), not at (y=4 \mid x)"),
    (r"p(z = 1 \mid x) = 1", r"not at (z=1 \mid x)"),
])
def test_an_event_the_definition_does_not_cover_is_refused_naming_the_events(latex, says):
    with pytest.raises(DerivationError) as caught:
        claim_verdict(NOTATION, latex)
    assert says in str(caught.value)


WHOLE = TITLE + r"""
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[index]]
name = 'i'
to = 'n'

[[index]]
name = 'p(i)'
to = 'n'

[[family]]
name = 's'
shape = ['n']
"""


def test_a_name_declared_whole_is_one_value_at_the_declared_index():
    assert claim_verdict(WHOLE, r"s_{p(i)} + s_i = s_i + s_{p(i)}") == "proved"


def test_a_name_declared_whole_under_a_sum_that_binds_its_argument_is_refused():
    # it was read as the one value at the declared i, and \sum_i s_{p(i)} = n s_{p(i)} was proved
    with pytest.raises(DerivationError, match=r"'p\(i\)' is declared as one value, at the declared i; here i is "
                                              r"bound anew"):
        claim_verdict(WHOLE, r"\sum_i s_{p(i)} = n s_{p(i)}")


SCRIPTED = TITLE + r"""
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

[[scalar]]
name = 'a_i'

[[scalar]]
name = 'b^{(i)}'

[[scalar]]
name = '\tau_{info}'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"a_i + b^{(i)} = b^{(i)} + a_i", "proved"),
    (r"\sum_j a_i = n a_i", "proved"),       # j does not touch a_i
    # a word in the script (its i is no index): the one value under a sum over i
    (r"\sum_i \tau_{info} = n \tau_{info}", "proved"),
])
def test_a_scalar_declared_with_its_script_is_one_value(latex, verdict):
    assert claim_verdict(SCRIPTED, latex) == verdict


@pytest.mark.parametrize("latex, name", [(r"\sum_i a_i = n a_i", "a_i"), (r"\sum_i b^{(i)} = n b^{(i)}", "b^{(i)}")])
def test_a_scalar_declared_with_its_script_under_a_sum_over_its_letter_is_refused(latex, name):
    # read as the one value at every i, \sum_i a_i = n a_i was proved
    with pytest.raises(DerivationError, match=rf"'{re.escape(name)}' is declared as one value; here i is bound anew"):
        claim_verdict(SCRIPTED, latex)


OBJECTS = TITLE + r"""
[[size]]
name = 'n'
minimum = 1
checked = [1, 2, 3]

[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[index]]
name = 'i'
to = 'n'

[[index]]
name = 'k'
to = 'd'

[[family]]
name = 'x^{(i)}'
shape = ['d']

[[function]]
name = 'f_i'
arguments = 1

[[scalar]]
name = 'u'
"""


@pytest.mark.parametrize("latex, says", [
    (r"\sum_i x^{(i)}_k = n \cdot x^{(i)}_k", "'x^{(i)}' is declared as one family; here i is bound anew"),
    (r"\sum_i f_i(u) = n f_i(u)", "'f_i' is declared as one function; here i is bound anew"),
])
def test_a_family_or_function_declared_with_its_script_under_a_sum_over_its_letter_is_refused(latex, says):
    # both were proved: the one object read at every i
    with pytest.raises(DerivationError) as caught:
        claim_verdict(OBJECTS, latex)
    assert says in str(caught.value)


def test_a_family_declared_with_its_script_reads_outside_such_a_sum():
    assert claim_verdict(OBJECTS, r"\sum_k x^{(i)}_k = \sum_k x^{(i)}_k + 0") == "proved"


def test_a_definition_at_each_index_of_a_scalar_declared_with_its_script_is_refused():
    # h_i = a_i read a_i as the one value at every i, and \sum_i h_i = n h_i was proved
    document = SCRIPTED + r"""
[[define]]
name = 'h_i'
line = 5
latex = 'h_i = a_i'
"""
    with pytest.raises(DerivationError, match=r"'a_i' is declared as one value; here i is bound anew \(by a sum or "
                                              r"an optimum around it, or as the index of the name being defined\)"):
        claim_verdict(document, r"\sum_i h_i = n h_i")


def test_a_label_of_a_definition_that_is_a_declared_name_is_that_name():
    # L(x_a, x_p) with x_a, x_p declared vectors and no index a or p: the head binds a and p on trial only
    document = TITLE + r"""
[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[family]]
name = 'x_a'
shape = ['d']

[[family]]
name = 'x_p'
shape = ['d']

[[define]]
name = 'L'
line = 5
latex = 'L(x_a, x_p) = \|x_a - x_p\|^2'
"""
    assert claim_verdict(document, r"L(x_a, x_p) = \|x_p - x_a\|^2") == "proved"
