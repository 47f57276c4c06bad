r"""A declared function whose last arguments the document stops writing ("from here on we drop θ"):
``understood = ['\theta']`` on the ``[[function]]`` reads ``Z`` as Z(θ) and ``\tilde{p}(x)`` as
\tilde{p}(x; θ), so that ∇_θ log Z is the derivative of log Z(θ) and not 0; the reading says so.
Without the key such a use stays refused (a count of arguments is never guessed)."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ContrastiveVerifyError, ParseError
from document_claims import TITLE, claim_verdict, the_only_claim, with_claim

def understood_functions(theta: str) -> str:
    """Z of one argument and \\tilde{p} of two, each with ``theta`` understood as its last."""
    return r"""
[[function]]
name = 'Z'
arguments = 1
domain = "positive"
understood = ['""" + theta + r"""']

[[function]]
name = '\tilde{p}'
arguments = 2
domain = "positive"
understood = ['""" + theta + """']
"""


NOTATION = TITLE + r"""
[[scalar]]
name = '\theta'

[[scalar]]
name = 'x'
role = "point"
""" + understood_functions(r"\theta")


@pytest.mark.parametrize("latex, verdict", [
    (r"\log Z = \log Z(\theta)", "proved"),
    (r"\tilde{p}(x) = \tilde{p}(x; \theta)", "proved"),
    (r"\frac{\tilde{p}(x)}{Z} = \frac{\tilde{p}(x, \theta)}{Z(\theta)}", "proved"),
    (r"\tilde{p}(x) = Z", "refuted"),
])
def test_a_use_without_its_understood_arguments_is_read_with_them(latex, verdict):
    claim = the_only_claim(with_claim(NOTATION, latex))
    assert claim.outcome.verdict.value in ((verdict, "confirmed") if verdict == "proved" else (verdict,))
    assert "after its arguments: the arguments the declaration of" in claim.claim.reading


def test_a_derivative_by_the_understood_argument_is_not_zero():
    """Z read as a number of its own would make ∂ log Z / ∂θ = 0 true; read as Z(θ) it is the
    derivative through a declared function, which the notation does not give: refused, never 0."""
    with pytest.raises(ParseError, match="a derivative through Z"):
        the_only_claim(with_claim(NOTATION, r"\frac{\partial}{\partial \theta} \log Z = 0"))


def test_without_the_key_the_use_stays_refused():
    plain = NOTATION.replace("understood = ['\\theta']\n", "")
    with pytest.raises(ParseError, match="names a function or family; it needs arguments"):
        the_only_claim(with_claim(plain, r"\log Z = 1"))
    with pytest.raises(ParseError, match="is declared with 2 arguments; here it has 1"):
        the_only_claim(with_claim(plain, r"\tilde{p}(x) = 1"))


def test_a_use_that_leaves_out_more_than_is_understood_is_refused():
    with pytest.raises(ParseError, match="is declared with 2 arguments; here it has 0|names a function"):
        the_only_claim(with_claim(NOTATION, r"\tilde{p} = 1"))


@pytest.mark.parametrize("understood, message", [
    ("['\\theta', 'x']", "understood names 2 arguments, and it takes 1"),
    ("['\\vartheta']", "understood '\\vartheta' is not a declared name"),
])
def test_an_understood_list_that_cannot_be_is_an_error_naming_the_key(understood, message):
    bad = NOTATION.replace("name = 'Z'\narguments = 1\ndomain = \"positive\"\nunderstood = ['\\theta']",
                           f"name = 'Z'\narguments = 1\ndomain = \"positive\"\nunderstood = {understood}")
    with pytest.raises(ContrastiveVerifyError) as caught:
        the_only_claim(with_claim(bad, r"\log Z = 1"))
    assert message in str(caught.value)


EXPECTATION = TITLE + r"""
[[size]]
name = 'm'
minimum = 1
checked = [1, 2]

[[family]]
name = '\boldsymbol{\theta}'
shape = ['m']

[[scalar]]
name = '\mathbf{x}'
role = "point"

[[distribution]]
name = 'p'
of = ['\mathbf{x}']
""" + understood_functions(r"\boldsymbol{\theta}")


@pytest.mark.parametrize("latex", [
    r"\mathbb{E}_{\mathbf{x} \sim p}[\log \tilde{p}(\mathbf{x}) - \log Z] = \mathbb{E}_{\mathbf{x} \sim p}[\log \tilde{p}(\mathbf{x})] - \log Z",
    r"\mathbb{E}_{\mathbf{x} \sim p}[\log Z] = \log Z",
])
def test_inside_an_expectation_the_understood_argument_wins_over_the_drawn_point(latex):
    """Z written alone inside E_{x ~ p}[…] was read at the drawn point, Z(x), before its understood θ:
    true statements refuted.  The declaration says what Z alone is: Z(θ), a constant of the draw."""
    assert claim_verdict(EXPECTATION, latex) in ("proved", "confirmed")


def test_a_use_that_two_declarations_read_is_refused_as_ambiguous():
    overloaded = TITLE + r"""
[[scalar]]
name = '\theta'

[[scalar]]
name = 'x'
role = "point"

[[function]]
name = 'f'
arguments = 1

[[function]]
name = 'f'
arguments = 2
understood = ['\theta']
"""
    with pytest.raises(ParseError, match=r"ambiguous: 'f\(x\)' reads as f of 1 argument or as f of 2 with \\theta "
                                         "understood"):
        claim_verdict(overloaded, r"f(x) = f(x; \theta)")


@pytest.mark.parametrize("latex, verdict", [
    (r"2 Z = Z + Z", "proved"),
    (r"x_0 Z + 1 = 1 + x_0 Z", "proved"),
    (r"2 Z = Z", "refuted"),
])
def test_a_name_alone_with_its_arguments_understood_is_a_factor_too(latex, verdict):
    """2Z was refused ("a list or an unapplied function inside a product") where Z alone read (a probe)."""
    notation = NOTATION + "\n[[scalar]]\nname = 'x_0'\n"
    assert claim_verdict(notation, latex) in ((verdict, "confirmed") if verdict == "proved" else (verdict,))
