r"""A derivative of an expression that writes a name carrying the variable in its script, which the
notation declares without that dependence (ε_θ a declared function of points, L_θ a declared
scalar): every derivative of it would be 0.  With θ a family and the declared ``gradient``, ∇ε_θ =
2∇ε_θ was confirmed without a word (found blind on a post on the logQ correction); with θ a
scalar it was proved beside a note.  Both are refused now, naming the name; a derivative that is
0 for any other reason is said in the reading."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import the_only_claim, with_claim

POINTS = """
[[scalar]]
name = 'x'
role = "point"

[[scalar]]
name = 'y'
role = "point"

[[function]]
name = '\\varepsilon_\\theta'
arguments = 2

[[scalar]]
name = 'L_{\\theta}'

[[scalar]]
name = '\\tau'
"""

FAMILY = """
id = "t"
title = "t"
source = "x.md"
gradient = { by = '\\theta', directions = 'd\\theta' }

[[size]]
name = 'p'
minimum = 1
checked = [1, 2]

[[family]]
name = '\\theta'
shape = ['p']

[[family]]
name = 'd\\theta'
symbol = 'dtheta'
shape = ['p']
role = "direction"
""" + POINTS

SCALAR = """
id = "t"
title = "t"
source = "x.md"

[[scalar]]
name = '\\theta'
""" + POINTS


@pytest.mark.parametrize("document, latex", [
    (FAMILY, r"\nabla_\theta \varepsilon_\theta(x,y) = 2 \nabla_\theta \varepsilon_\theta(x,y)"),
    (FAMILY, r"\nabla e^{-\varepsilon_\theta(x,y)} = e^{-\varepsilon_\theta(x,y)} \nabla \varepsilon_\theta(x,y)"),
    (SCALAR, r"\frac{\partial \varepsilon_\theta(x,y)}{\partial \theta} = 0"),
    (SCALAR, r"\frac{\partial L_{\theta}}{\partial \theta} = 1"),
])
def test_a_name_written_with_the_variable_but_declared_without_it_is_refused(document, latex):
    with pytest.raises(ParseError, match=r"is written with \\theta in its script, and the notation declares no"):
        the_only_claim(with_claim(document, latex))


def test_another_zero_derivative_is_said_in_the_reading():
    claim = the_only_claim(with_claim(SCALAR, r"\frac{\partial \tau^2}{\partial \theta} = 0"))
    assert claim.outcome.verdict.value == "proved"
    assert "is 0 (is a dependence on \\theta missing from the notation?)" in claim.claim.reading
