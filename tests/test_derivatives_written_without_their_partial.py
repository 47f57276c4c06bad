r"""A derivative written with its variable but not its ∂ in the denominator, ``\frac{\partial}{\theta_j}``
(course notes that mean ∂/∂θ_j, a README's ``\dfrac{\partial}{o_k}(-log(p_k))``).  The fraction has no
other meaning (∂ alone is not a value that could be divided by θ_j), so a single variable below the bar
is read as the variable of the derivative, and the claim's reading says so.  Anything else below the bar
without ∂ (a product, a sum) stays refused with a message that names the derivative."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from document_claims import TITLE, claim_verdict, the_only_claim, with_claim

NOTATION = TITLE + """
[[size]]
name = 'n'
minimum = 1
checked = [1, 2]

[[family]]
name = '\\theta'
shape = ['n']
"""

MESSAGE = r"a derivative \\frac\{\\partial …\}\{…\} whose denominator does not start with \\partial"


@pytest.mark.parametrize("latex, verdict", [
    (r"\frac{\partial }{\theta_1} \theta_1^2 = 2 \theta_1", "proved"),
    (r"\frac{\partial \theta_1^2}{\theta_1} = 2 \theta_1", "proved"),
    (r"\dfrac{\partial}{\theta_1} e^{\theta_1} = e^{\theta_1}", "proved"),
    (r"\frac{\partial \theta_1^2}{\theta_1} = \theta_1", "refuted"),
    (r"\dfrac{\partial}{\theta_1}(\theta_1^3) = 2 \theta_1^2", "refuted"),
])
def test_a_variable_below_the_bar_without_its_partial_is_read_and_said(latex, verdict):
    claim = the_only_claim(with_claim(NOTATION, latex))
    assert claim.outcome.verdict.value in ((verdict, "confirmed") if verdict == "proved" else (verdict,))
    assert "is read as a derivative by \\theta_" in claim.claim.reading
    assert "written without its \\partial" in claim.claim.reading


@pytest.mark.parametrize("latex", [
    r"\frac{\partial }{\theta_1 \theta_2} \theta_1^2 = 0",
    r"\frac{\partial \theta_1^2}{\theta_1 + \theta_2} = 0",
])
def test_more_than_a_variable_below_the_bar_is_refused_naming_the_derivative(latex):
    with pytest.raises(ParseError, match=MESSAGE):
        claim_verdict(NOTATION, latex)


def test_the_derivative_written_with_its_partial_is_read():
    assert claim_verdict(NOTATION, r"\frac{\partial }{\partial \theta_1} \theta_1^2 = 2 \theta_1") in ("proved", "confirmed")


@pytest.mark.parametrize("latex", [r"\frac{\partial}{\partial \theta_1} = 2 \theta_1",
                                   r"\dfrac{\partial}{\partial \theta_1} &= 2 \theta_1"])
def test_a_derivative_of_nothing_is_refused_naming_it(latex):
    """∂/∂x written alone before '=' (a post's gradients, the function understood from the text)."""
    with pytest.raises(ParseError, match=r"with nothing after it: what it is the derivative of is not written"):
        claim_verdict(NOTATION, latex)


@pytest.mark.parametrize("latex, written", [(r"\nabla_{\theta_1} = 2 \theta_1", r"\nabla_{\theta_1}"),
                                            (r"\nabla = 0", r"\nabla"), (r"\nabla_{\theta_1} \le 1", r"\nabla_{\theta_1}")])
def test_a_gradient_of_nothing_is_refused_naming_it(latex, written):
    """∇_{z_i} written alone before '=' (a post's gradient of a loss its prose names): the grammar's own
    error said "unexpected '='; expected '(', '[', '\\|', '{'"."""
    with pytest.raises(ParseError) as caught:
        claim_verdict(NOTATION, latex)
    assert f"a gradient '{written}' with nothing after it: what it is the gradient of is not written" in str(caught.value)


@pytest.mark.parametrize("latex", [r"\frac{\theta_1^2}{\partial \theta_1} = 2 \theta_1", r"\partial \theta_1 = 0"])
def test_a_partial_where_a_value_is_read_is_named(latex):
    """Lecture notes' \\frac{J(v_c, U)}{\\partial U}, the numerator's \\partial left out: the message was
    "'\\partial' is not declared"."""
    with pytest.raises(ParseError, match=r"'\\partial' where a value is read: a derivative writes \\partial above "
                                         r"and below"):
        claim_verdict(NOTATION, latex)


def test_an_operand_that_does_not_read_is_not_called_nothing():
    """\\frac{\\partial}{\\partial s_i} \\left( CE(f(s_i) \\right): the operand's parentheses do not balance, which
    the message must say; it said the derivative had nothing after it."""
    with pytest.raises(ParseError) as caught:
        claim_verdict(NOTATION, r"\frac{\partial}{\partial \theta_1} \left( \exp(\theta_1 \right) = 1")
    assert "with nothing after it" not in str(caught.value)


def test_a_plus_right_after_a_derivative_is_refused():
    """∂/∂x + x was read as the derivative of +x, and proved = 1 (a probe): whether the sign starts what
    it differentiates or a term after it is not written."""
    with pytest.raises(ParseError, match="a sign right after the derivative"):
        claim_verdict(NOTATION, r"\frac{\partial}{\partial \theta_1} + \theta_1 = 1")


def test_a_minus_right_after_a_derivative_starts_what_it_takes():
    """∂/∂s −log p, as a seed document writes its InfoNCE gradient: the derivative of −log p."""
    assert claim_verdict(NOTATION, r"\frac{\partial}{\partial \theta_1} -\theta_1^2 = -2 \theta_1") in ("proved", "confirmed")
