r"""A display that says which parameters training chooses: ``\theta, c = \arg\max_{\theta, c} …`` (NCE
fits its parameters and the normaliser c), ``\hat{\mathbf{L}} = \arg\max_{\mathbf{L}} …``.  The
arg-optimum's value is what it runs over, a vector or several names here, which the checker does not
compute: the display is read (its objective in the notation) and recorded as a statement not
checked, with why; over one number it is still the statement reader's (``\hat a = \arg\min_a (a-1)^2``
is decided)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text

HEADER = """<!-- contrastive-verify
id = "objectives"
title = "objectives"

[[size]]
name = 'm'
minimum = 1
checked = [1, 2]

[[family]]
name = '\\theta'
shape = ['m']

[[scalar]]
name = 'c'

[[scalar]]
name = 'a'
-->
"""


def document(latex: str):
    return verify_text(HEADER + f'\n<!-- claim: id = "o" -->\n$$\n{latex}\n$$\n', suffix=".md").documents[0]


@pytest.mark.parametrize("latex, said", [
    (r"\theta, c = \underset{\theta, c}{\arg\max} \; -\sum_{k=1}^{m} \theta_k^2 - c^2",
     r"an objective, \theta, c = argmax_{\theta, c} …: it says which \theta, c training chooses"),
    (r"\theta^* = \arg\min_{\theta} \sum_{k=1}^{m} (\theta_k - a)^2", "an objective, \\theta^* = argmin_{\\theta} …"),
    (r"\hat{\theta} = \operatorname*{arg\,min}_\theta \sum_{k=1}^{m} \theta_k^2", "it says which \\theta training"),
    (r"\begin{equation} \theta_{\text{opt}} = \arg\max_{\theta} \, c \, \theta_1 \end{equation}", "an objective"),
])
def test_the_parameters_an_objective_chooses_are_read_and_not_checked(latex, said):
    found = document(latex)
    assert found.claims == ()
    (line, reason), = found.document.unchecked
    assert said in reason and "states no relation to check" in reason


def test_an_objective_that_does_not_read_is_the_error_it_is():
    with pytest.raises(DerivationError, match=r"'\\phi_k' is not declared"):
        document(r"\theta, c = \arg\max_{\theta, c} \sum_{k=1}^{m} \phi_k")


@pytest.mark.parametrize("latex", [
    # over one number: the statement reader decides it (the optimum of (a - 1)^2 is 1)
    r"\hat{a} = \arg\min_{a} (a - 1)^2",
    # a value after the optimum is a claim about it, not the parameters training chooses
    r"\theta^* = \arg\min_{\theta} \sum_{k=1}^{m} \theta_k^2 = 0",
    # the left side is neither what the optimum runs over nor a new name
    r"c = \arg\max_{\theta} \theta_1",
])
def test_what_is_not_only_the_choice_of_parameters_is_left_to_the_statement_reader(latex):
    try:
        found = document(latex)
    except DerivationError:
        return          # refused by the statement reader, as before
    assert not found.document.unchecked
