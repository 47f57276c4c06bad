r"""``path`` moving a declared function of data points: the gradient of a loss with respect to a model's
parameters θ, written through its scores (∇_θ L = −(1/τ)[(1 − w⁺)∇_θ s(q, p⁺) − Σ_i w_i ∇_θ s(q, p_i)]).
Each score s(a, b) moves to s(a, b) + θ·g(a, b), g any function: an identity that holds for every g
holds for the gradients in every direction.  ∇_θ along the path is read only where it enters linearly:
an inequality between gradients, a norm or a power of one would compare one direction's values."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text

NOTATION = r"""id = "scores"
title = "gradient through scores"
source = "scores.md"
path = { parameter = '\theta', moves = 's', along = 'g' }

[[size]]
name = 'N'
minimum = 1
checked = [1, 2, 3]

[[scalar]]
name = '\tau'
domain = "positive"

[[scalar]]
name = '\theta'

[[scalar]]
name = 'q'
role = "point"

[[scalar]]
name = 'p^+'
role = "point"

[[family]]
name = 'p'
shape = ['N']
role = "point"

[[function]]
name = 's'
arguments = 2

[[function]]
name = 'g'
arguments = 2

[[define]]
name = '\mathcal{L}'
line = 1
latex = '''\mathcal{L} = -\log \frac{e^{s(q, p^+) / \tau}}{e^{s(q, p^+) / \tau} + \sum_{i=1}^N e^{s(q, p_i) / \tau}}'''

[[define]]
name = 'w_i'
line = 2
latex = '''w_i = \frac{e^{s(q, p_i) / \tau}}{e^{s(q, p^+) / \tau} + \sum_{j=1}^N e^{s(q, p_j) / \tau}}'''

[[define]]
name = 'w^+'
line = 3
latex = '''w^+ = \frac{e^{s(q, p^+) / \tau}}{e^{s(q, p^+) / \tau} + \sum_{j=1}^N e^{s(q, p_j) / \tau}}'''
"""

TRUE = (r"\nabla_\theta \mathcal{L} = -\frac{1}{\tau} \left[ (1 - w^+) \nabla_\theta s(q, p^+) "
        r"- \sum_{i=1}^N w_i \nabla_\theta s(q, p_i) \right]")


def checked(statement: str, kind: str = "identity", notation: str = NOTATION):
    text = notation + f"\n[[claim]]\nid = \"c\"\ntitle = \"c\"\nline = 9\nkind = \"{kind}\"\nlatex = '''{statement}'''\n"
    return verify_text(text).documents[0].claims[-1]


def claim(statement: str, kind: str = "identity", notation: str = NOTATION):
    return checked(statement, kind, notation).outcome


@pytest.mark.parametrize("statement, expected", [
    (TRUE, "confirmed"),
    # the positive's own weight dropped: the slip gradient posts make
    (TRUE.replace("(1 - w^+) ", ""), "refuted"),
    # a sign flipped inside the sum
    (TRUE.replace(r"- \sum", r"+ \sum"), "refuted"),
    # the same with \partial/\partial\theta along the path, a number
    (TRUE.replace(r"\nabla_\theta \mathcal{L}", r"\frac{\partial \mathcal{L}}{\partial \theta}"), "confirmed"),
    # linearity of the gradient
    (r"3 \nabla_\theta \mathcal{L} + \nabla_\theta s(q, p^+) = \nabla_\theta (3 \mathcal{L} + s(q, p^+))", "confirmed"),
    (r"\nabla_\theta (s(q, p^+)^2) = 2 s(q, p^+) \nabla_\theta s(q, p^+)", "proved"),
    (r"\nabla_\theta (s(q, p^+)^2) = s(q, p^+) \nabla_\theta s(q, p^+)", "refuted"),
])
def test_a_gradient_through_the_scores_is_checked_in_every_direction(statement, expected):
    outcome = claim(statement)
    assert outcome.verdict.value == expected, outcome.reason


def test_the_reading_says_the_gradient_is_read_along_the_path():
    result = checked(TRUE)
    readings = " ".join((result.claim.reading, result.claim.note, *result.outcome.notes))
    assert "read along the declared path" in readings


@pytest.mark.parametrize("statement, kind, words", [
    # gradients are vectors: an inequality between them compares nothing as written
    (r"\nabla_\theta \mathcal{L} \le \nabla_\theta \mathcal{L}", "inequality", "an inequality between gradients"),
    # a norm or a power of one direction's value is not the norm of the gradient
    (r"\left| \nabla_\theta \mathcal{L} \right| = \left| \nabla_\theta \mathcal{L} \right|", "identity", "enters linearly"),
    (r"(\nabla_\theta s(q, p^+))^2 = (\nabla_\theta s(q, p^+))^2", "identity", "enters linearly"),
])
def test_a_gradient_along_the_path_is_not_ordered_nor_taken_a_norm_of(statement, kind, words):
    with pytest.raises(DerivationError, match=words):
        claim(statement, kind)


def test_a_gradient_inside_a_definition_is_held_to_the_same_rule():
    notation = NOTATION + "\n[[define]]\nname = 'G'\nline = 4\nlatex = '''G = \\nabla_\\theta \\mathcal{L}'''\n"
    with pytest.raises(DerivationError, match="enters linearly"):
        claim(r"G^2 = G \cdot G", notation=notation)
    assert claim(r"2 G = G + G", notation=notation).verdict.value in ("proved", "confirmed")


@pytest.mark.parametrize("path, words", [
    # a direction of another number of arguments
    ("path = { parameter = '\\theta', moves = 's', along = 'h' }", "as many arguments"),
    # a function beside a family
    ("path = { parameter = '\\theta', moves = 's', along = 'p' }", "declared families of the same shape"),
])
def test_a_path_of_a_function_needs_a_direction_of_as_many_arguments(path, words):
    notation = NOTATION.replace("path = { parameter = '\\theta', moves = 's', along = 'g' }", path) \
        + "\n[[function]]\nname = 'h'\narguments = 1\n"
    with pytest.raises(DerivationError, match=words):
        claim(TRUE, notation=notation)


@pytest.mark.parametrize("statement", [
    # θ itself in the formula: along the path θ is the distance moved, 0 where the derivative is taken
    r"\nabla_\theta \theta^2 = 0",
    r"\nabla_\theta (\mathcal{L} + \frac{1}{2} \theta^2) = \nabla_\theta \mathcal{L} + \theta",
    # a derivative along the path inside another: the inner operand would move again (a score's curvature is not 0)
    r"\nabla_\theta \nabla_\theta s(q, p^+) = 0",
    r"\frac{\partial}{\partial \theta} \left( s(q, p^+) \frac{\partial s(q, p^+)}{\partial \theta} \right) "
    r"= 2\left(\frac{\partial s(q, p^+)}{\partial \theta}\right)^2",
    r"\nabla_\theta (\tau \nabla_\theta s(q, p^+)) = 0",
    # ∇ takes the rest of the product: a product of two gradients written side by side is one inside another
    r"\nabla_\theta s(q, p^+) \cdot \nabla_\theta s(q, p_1) = \nabla_\theta s(q, p_1) \cdot \nabla_\theta s(q, p^+)",
])
def test_a_second_derivative_along_the_path_or_its_parameter_written_is_refused(statement):
    with pytest.raises(DerivationError, match="the path gives first derivatives"):
        claim(statement)


def test_a_quotient_of_gradients_is_refused():
    # scaling every gradient by one number leaves a quotient unchanged: it is not linear in them
    with pytest.raises(DerivationError, match="a quotient"):
        claim(r"\frac{\nabla_\theta (s(q, p^+)^2)}{\nabla_\theta s(q, p^+)} = 2 s(q, p^+)")
