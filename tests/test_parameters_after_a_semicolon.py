r"""The parameters a function's arguments end with after ``;``, as machine-learning texts write them:
``p(w_{t+j} \mid w_t; \theta)`` of ``p(o \mid c) = …`` (the weights θ the softmax is of, named, not
put anywhere), and ``h(x_t)`` of ``h(u; \theta) = …`` (a use that leaves them out).  Before: "p is
defined for (o|c), not (w_{t+j}|w_t; \theta)".  Now the use is the definition, said in the
reading; a value after ';' (``p(o \mid c; 2)``), or a declared name the definition does not use,
is still refused, with a message that says what is read."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, the_only_claim, with_claim

WORDS = TITLE + r"""
[[size]]
name = 'V'
minimum = 2
checked = [2, 3]

[[index]]
name = 'o'
from = 1
to = 'V'

[[index]]
name = 'c'
from = 1
to = 'V'

[[scalar]]
name = '\tau'
domain = "positive"

[[scalar]]
name = 'b'

[[family]]
name = 'z'
shape = ['V', 'V']

[[define]]
name = 'p(o | c)'
line = 3
latex = 'p(o \mid c) = \frac{\exp(z_{o, c} / \tau)}{\sum_{i=1}^V \exp(z_{i, c} / \tau)}'
"""


def _claim(document: str, latex: str):
    return the_only_claim(with_claim(document, latex))


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{i=1}^V p(i \mid c; \theta) = 1", "proved"),
    (r"\sum_{i=1}^V p(i \mid c; \theta) = 2", "refuted"),
    (r"p(o \mid c; \boldsymbol{\theta}_g^t) = p(o \mid c)", "proved"),
    (r"\log p(o \mid c; \theta, \phi) = z_{o, c} / \tau - \log \sum_{i=1}^V \exp(z_{i, c} / \tau)", "proved"),
    (r"\log p(o \mid c; \theta) = z_{o, c} - \log \sum_{i=1}^V \exp(z_{i, c})", "refuted"),
    # τ is declared, and the definition is of it: a parameter as written
    (r"p(o \mid c; \tau) = p(o \mid c)", "proved"),
])
def test_parameters_after_a_semicolon_name_what_the_definition_is_of(latex, verdict):
    claim = _claim(WORDS, latex)
    assert claim.outcome.verdict.value == verdict
    assert "as defined: the parameters after ';' name what p depends on and change nothing" in claim.claim.reading


@pytest.mark.parametrize("latex, needle", [
    # a value after ';' is not a parameter's name: what it would be the value of is not said
    (r"p(o \mid c; 2) = p(o \mid c)", r"p is defined for (o \mid c), not (o \mid c; 2)"),
    (r"p(o \mid c; \theta + 1) = p(o \mid c)", r"not (o \mid c; \theta+1)"),
    # a declared value the definition does not use is not its parameter (it may be meant in place of τ)
    (r"p(o \mid c; b) = p(o \mid c)", "'b', written after ';' here, is a declared value its definition does not use"),
    # nor is a declared index: the labels as written, which fit no definition
    (r"p(o \mid c; o) = p(o \mid c)", r"p is defined for (o \mid c), not (o \mid c; o)"),
])
def test_what_is_not_a_parameter_is_refused(latex, needle):
    with pytest.raises(DerivationError) as caught:
        verify_text(with_claim(WORDS, latex))
    assert needle in str(caught.value)


WITH_PARAMETERS = WORDS.replace(r"name = 'p(o | c)'", r"name = 'p(o | c; θ)'").replace(
    r"p(o \mid c) = ", r"p(o \mid c; \theta) = ")


@pytest.mark.parametrize("latex, verdict", [
    (r"\sum_{i=1}^V p(i \mid c) = 1", "proved"),
    (r"\sum_{i=1}^V p(i \mid c) = 2", "refuted"),
])
def test_a_use_may_leave_out_the_parameters_its_definition_writes(latex, verdict):
    claim = _claim(WITH_PARAMETERS, latex)
    assert claim.outcome.verdict.value == verdict
    assert "p(i \\mid c) is p(i \\mid c; \\theta) as defined: a use may leave out the parameters after ';'" \
        in claim.claim.reading


def test_parameters_written_as_defined_need_no_reading():
    claim = _claim(WITH_PARAMETERS, r"\sum_{i=1}^V p(i \mid c; \theta) = 1")
    assert claim.outcome.verdict.value == "proved"
    assert "after ';'" not in claim.claim.reading


def test_a_declared_vector_of_weights_and_the_parameter_of_the_head_being_defined():
    weights = WORDS + "\n[[family]]\nname = '\\theta'\nshape = ['V']\n"
    claim = _claim(weights, r"\sum_{i=1}^V p(i \mid c; \theta) = 1")
    assert claim.outcome.verdict.value == "proved"
    objective = WORDS + r"""
[[define]]
name = 'J(\theta)'
line = 5
latex = 'J(\theta) = -\log p(o \mid c; \theta)'
"""
    claim = _claim(objective, r"J(\theta) = -\frac{z_{o, c}}{\tau} + \log \sum_{i=1}^V \exp(z_{i, c} / \tau)")
    assert claim.outcome.verdict.value == "proved"
    claim = _claim(objective, r"J(\theta) = -z_{o, c} + \log \sum_{i=1}^V \exp(z_{i, c})")
    assert claim.outcome.verdict.value == "refuted"
