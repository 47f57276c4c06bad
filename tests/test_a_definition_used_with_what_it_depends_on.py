r"""A name defined without arguments, used with the declared values its definition depends on written as
arguments: ``\mathcal{L}_{\text{InfoNCE}}(\tau)`` beside ``\mathcal{L}_{\text{InfoNCE}} = …`` (a design note's
loss "as a function of τ").  Before: "takes no arguments".  Now it is the defined value, said; another
argument (L(2τ): the value at another τ, which the definition does not give) is still refused, and the
message says what is read."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE, with_claim

NOTATION = TITLE + """
[[scalar]]
name = '\\tau'
domain = "positive"

[[scalar]]
name = 's'

[[define]]
name = '\\mathcal{L}'
line = 3
latex = '\\mathcal{L} = -\\log \\frac{e^{s/\\tau}}{1 + e^{s/\\tau}}'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"\mathcal{L}(\tau) = \log(1 + e^{-s/\tau})", "proved"),
    (r"\mathcal{L}(\tau) = \log(1 + e^{s/\tau})", "refuted"),
    (r"\mathcal{L}(s, \tau) \geq 0", "confirmed"),
])
def test_the_use_is_the_defined_value(latex, verdict):
    claim = verify_text(with_claim(NOTATION, latex)).documents[0].claims[0]
    assert claim.outcome.verdict.value == verdict
    assert "is read as \\mathcal{L}, whose definition depends on" in claim.claim.reading


@pytest.mark.parametrize("latex", [r"\mathcal{L}(2\tau) = 1", r"\mathcal{L}(\tau + s) = 1"])
def test_another_argument_is_refused(latex):
    with pytest.raises(DerivationError, match=r"takes no arguments \(a use may name the declared values"):
        verify_text(with_claim(NOTATION, latex))


def test_a_value_the_definition_does_not_depend_on_is_refused():
    notation = NOTATION + "\n[[scalar]]\nname = 'b'\n"
    with pytest.raises(DerivationError, match="takes no arguments"):
        verify_text(with_claim(notation, r"\mathcal{L}(b) = b"))


SIGMOID = TITLE + """
[[scalar]]
name = 'z'

[[define]]
name = 'p'
line = 3
latex = 'p = \\frac{1}{1 + e^{-z}}'
"""


@pytest.mark.parametrize("latex, verdict", [
    # the sigmoid's derivative as a focal-loss post writes it: p(1 - p) is p times (1 - p)
    (r"\frac{\partial p}{\partial z} = p(1 - p)", "proved"),
    (r"\frac{\partial p}{\partial z} = p(1 + p)", "refuted"),
    (r"p(1 - p)^2 = p \cdot (1 - p)^2", "proved"),      # the power is the group's, as TeX sets a (b)^2
    (r"p(z) = p", "proved"),                             # z: what p depends on, the value as a function of z
])
def test_a_defined_number_before_a_group_that_writes_none_of_its_variables_multiplies_it(latex, verdict):
    claim = verify_text(with_claim(SIGMOID, latex)).documents[0].claims[0]
    assert claim.outcome.verdict.value == verdict, claim.outcome.message


def test_the_product_is_said():
    claim = verify_text(with_claim(SIGMOID, r"\frac{\partial p}{\partial z} = p(1 - p)")).documents[0].claims[0]
    assert "p(1 - p) is the product of p, a number defined without arguments" in claim.claim.reading


def test_a_group_that_writes_a_variable_of_the_definition_is_no_product():
    """p(2z): the value at another z, which the definition does not give, never p·2z."""
    with pytest.raises(DerivationError, match="p takes no arguments"):
        verify_text(with_claim(SIGMOID, r"p(2z) = p"))


@pytest.mark.parametrize("latex", [
    r"\frac{\partial}{\partial p} (\frac{\partial p}{\partial z}) = 1 - 2 p",
    r"\frac{\partial^2 p}{\partial z^2} = \frac{\partial}{\partial p} \left(\frac{\partial p}{\partial z}\right) "
    r"\frac{\partial p}{\partial z}",
])
def test_the_derivative_by_a_defined_name_of_a_derivative_by_what_it_depends_on_is_refused(latex):
    """SOUNDNESS: ∂/∂p (∂p/∂z) with p = σ(z) (a focal-loss post's second derivative by the chain rule) was
    read with ∂p/∂z a function of z alone, p held: 0, and the true chain p'' = (1 - 2p) p' · … was refuted.
    Whether ∂p/∂z is p(1 - p) (derivative 1 - 2p) or a function of z (derivative 0) is not written."""
    with pytest.raises(DerivationError, match="the derivative by 'p' of a derivative by z, which p depends on"):
        verify_text(with_claim(SIGMOID, latex))


def test_written_in_terms_of_the_defined_name_it_is_read():
    claim = verify_text(with_claim(SIGMOID, r"\frac{\partial}{\partial p} (p(1 - p)) = 1 - 2 p")).documents[0].claims[0]
    assert claim.outcome.verdict.value == "proved"


FOCAL = SIGMOID + """
[[scalar]]
name = '\\gamma'
domain = "positive"
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"p^\gamma = e^{\gamma \log p}", "proved"),
    (r"p^\gamma = p", "refuted"),
])
def test_a_defined_number_to_the_power_of_a_declared_scalar(latex, verdict):
    """p_t^\\gamma of the focal loss: before, "its superscript is read as a power, and a function … has none"."""
    claim = verify_text(with_claim(FOCAL, latex)).documents[0].claims[0]
    assert claim.outcome.verdict.value == verdict


MIXED = TITLE + """
[[scalar]]
name = 't'

[[define]]
name = 'F'
line = 3
latex = 'F(a, t) = a^2 + t'
"""


@pytest.mark.parametrize("latex, verdict", [
    (r"F(2, t) = 4 + t", "proved"),
    (r"F(2, 5) = 9", "proved"),
    (r"F(t, t) = t^2 + t", "proved"),
    (r"F(2, t) = 2 + t", "refuted"),
])
def test_a_head_with_a_new_name_beside_a_declared_one_takes_both_as_arguments(latex, verdict):
    # F(a, t) with t declared: each argument of the head is a parameter of F, as a head's arguments are (a
    # helper's probe of the Gumbel post found it refused: "'a' is not declared")
    (claim,) = verify_text(with_claim(MIXED, latex)).documents[0].claims
    assert claim.outcome.verdict.value == verdict, claim.outcome.message
