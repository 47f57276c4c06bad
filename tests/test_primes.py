r"""Lagrange's primes (issue 13): ``\sigma'(a)``, ``\ell'(s)`` of the document's own
``\ell(t) = \log(1 + e^{-t})``, ``\sigma''``, ``\tanh'``; f'(2a) is f' at 2a (not the chain
rule's 2 f'(2a)); at a kink the derivative is undefined, never a convention; a prime on a
declared function of unknown values is refused.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import check_statement, verify_text

NOTATION = dict(scalar=[{"name": "a"}, {"name": "s"}], operator=[{"name": r"\sigma", "meaning": "logistic"}],
                function=[{"name": "f", "arguments": 1}])

DOCUMENT = r"""id = "primes"
title = "primes"
source = "primes.md"
scalar = [{name = 's'}]
operator = [{name = '\sigma', meaning = "logistic"}]

[[define]]
name = '\ell'
line = 1
latex = '\ell(t) = \log(1 + e^{-t})'

[[claim]]
id = "first"
line = 2
title = "the derivative of the logistic loss"
kind = "identity"
latex = "\\ell'(s) = -\\sigma(-s)"

[[claim]]
id = "sign"
line = 3
title = "a dropped sign"
kind = "identity"
latex = "\\ell'(s) = \\sigma(-s)"

[[claim]]
id = "convex"
line = 4
title = "convexity"
kind = "inequality"
latex = "\\ell''(s) > 0"
"""


@pytest.mark.parametrize("statement, expected", [
    (r"\sigma'(a) = \sigma(a)(1-\sigma(a))", "proved"),
    (r"\sigma''(a) = \sigma(a)(1-\sigma(a))(1 - 2\sigma(a))", "proved"),
    (r"\sigma'(2a) = \sigma(2a)(1-\sigma(2a))", "proved"),
    (r"\sigma'(2a) = 2\sigma(2a)(1-\sigma(2a))", "refuted"),      # the chain rule's factor is not f'
    (r"\tanh'(a) = 1 - \tanh(a)^2", "proved"),
    (r"\tanh'(a) = 1 + \tanh(a)^2", "refuted"),
    (r"\text{ReLU}'(a) = \mathbb{1}[a > 0]", "conditional"),         # no derivative at 0
])
def test_a_prime_is_the_derivative_at_the_value_written(statement, expected):
    assert check_statement(statement, **NOTATION).verdict.value == expected


def test_a_prime_on_the_documents_own_function_of_one_number():
    run = verify_text(DOCUMENT)
    verdicts = {c.claim.id: c.outcome.verdict.value for c in run.documents[0].claims}
    assert verdicts == {"first": "proved", "sign": "refuted", "convex": "proved"}


@pytest.mark.parametrize("statement, message", [
    (r"f'(a) = 1", "a prime on 'f', a declared [[function]] whose values are unknown, is not read"),
    (r"\sigma(a)' = 1", "a prime after '\\sigma(a)' is read only as part of a declared name"),
])
def test_a_prime_without_a_known_formula_is_refused(statement, message):
    with pytest.raises(ParseError) as caught:
        check_statement(statement, **NOTATION)
    assert message in str(caught.value)


MATRIX = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}], family=[{"name": "q", "shape": ["N", "N"]}],
              index=[{"name": "i", "from": 1, "to": "N"}, {"name": "j", "from": 1, "to": "N"}])


@pytest.mark.parametrize("statement, expected", [
    # q_{ij'}: TeX's entry (i, j') of a matrix, the second index primed (it was read as i·j', a row)
    (r"\sum_{j'=1}^N q_{ij'} = \sum_{k=1}^N q_{i,k}", "proved"),
    (r"\sum_{j'=1}^N q_{ij'} = \sum_{k=1}^N q_{k,i}", "refuted"),
    (r"\sum_{i'=1}^N q_{i'j} = \sum_{k=1}^N q_{k,j}", "proved"),
    # a digit beside a primed index: the entry (1, j'), not the row 1·j'
    (r"\sum_{j'=1}^N q_{1j'} = \sum_{k=1}^N q_{1,k}", "proved"),
    (r"\sum_{j'=1}^N q_{1j'} = \sum_{k=1}^N q_{k,1}", "refuted"),
])
def test_a_primed_index_side_by_side_with_another(statement, expected):
    assert check_statement(statement, **MATRIX).verdict.value == expected
