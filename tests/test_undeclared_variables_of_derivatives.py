r"""A derivative or a gradient by a name nothing declares (``\nabla_\theta \mathcal{L}``, θ the model's
parameters; ``\frac{\partial \mathcal{L}}{\partial W}``, W a layer's weights) is refused saying how such a
variable is declared: a declared scalar, vector or family, or the parameters read through a ``path`` (the
function or family they act through moves along a direction).  Before, the message told the user to
declare θ "as a real variable", which reads the gradient as zero by a variable nothing depends on (found
in the corpus: a library's theory note, a post on word-embedding gradients, a triplet-loss write-up)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from document_claims import TITLE, claim_verdict

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[index]]
name = 'i'
to = 'n'

[[family]]
name = 'y'
shape = ['n']
"""


def refusal(latex: str) -> str:
    with pytest.raises(DerivationError) as raised:
        claim_verdict(NOTATION, latex)
    return str(raised.value)


@pytest.mark.parametrize("latex, name", [
    (r"\nabla_\theta y_i = 0", r"\theta"),
    (r"\nabla_{\phi} y_i = 0", r"\phi"),
])
def test_a_gradient_by_undeclared_parameters_points_to_a_path(latex, name):
    message = refusal(latex)
    assert f"'{name}' is not declared: a gradient by a model's parameters" in message
    assert f"parameter = '{name}'" in message


@pytest.mark.parametrize("latex", [r"\frac{\partial y_i}{\partial W} = 0",
                                   r"\frac{\partial \left(y_i\right)}{\partial {W}} = 0"])
def test_a_derivative_by_an_undeclared_variable_says_how_to_declare_it(latex):
    assert "'W' is not declared: what a derivative is taken by is a declared scalar, vector or family" \
        in refusal(latex)


def test_an_undeclared_name_that_is_differentiated_keeps_the_plain_message():
    message = refusal(r"\frac{\partial W}{\partial y_i} = 0")
    assert "'W' is not declared" in message and "what a derivative is taken by" not in message
