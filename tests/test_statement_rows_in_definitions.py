r"""A defining display with a row that states rather than defines: a derivative of the function
the display defines (``\sigma(x) = \frac{e^x}{1 + e^x}, \quad \frac{\partial \sigma(x)}{\partial x} =
\sigma(x)(1 - \sigma(x))``, a library's documentation) or an order between a declared value and the
name the next row defines (``I(X, Z) \ge I_\Theta(X, Z) \\ I_\Theta(X, Z) = …``, notes on MINE).
The row is a claim of the document, checked with the display's definitions, about every value of
the definition's arguments; before, the whole display was refused."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import verify_text

NOTATION = r'''
id = "rows"
title = "rows"
source = "notes.md"

[[scalar]]
name = 'a'

[[scalar]]
name = 'b'
domain = "positive"
'''


def define(latex: str) -> str:
    return NOTATION + f"""
[[define]]
name = 'g'
line = 3
latex = '''{latex}'''
"""


def chain_verdicts(latex: str) -> dict:
    document = verify_text(define(latex)).documents[0]
    return {c.claim.id: (c.outcome.verdict.value, c.claim.title) for c in document.claims}


@pytest.mark.parametrize("latex, expected", [
    (r"g(x) = \frac{e^x}{1 + e^x}, \quad \frac{\partial g(x)}{\partial x} = g(x)(1 - g(x))", ("proved", "confirmed")),
    (r"g(x) = \frac{e^x}{1 + e^x}, \quad \frac{\partial g(x)}{\partial x} = g(x)(1 + g(x))", ("refuted",)),
    (r"g(x) = \frac{e^x}{1 + e^x} \\ g'(x) = g(x) g(-x)", ("proved", "confirmed")),
])
def test_a_derivative_row_beside_a_definition_is_checked(latex, expected):
    verdicts = chain_verdicts(latex)
    assert len(verdicts) == 1
    verdict, title = next(iter(verdicts.values()))
    assert verdict in expected
    assert title.startswith("the statement written beside the definition of g")


@pytest.mark.parametrize("latex, expected", [
    (r"a^2 + b \ge g \\ g = a^2", ("proved", "confirmed")),
    (r"a^2 \ge g \\ g = a^2 + b", ("refuted",)),
])
def test_an_order_row_beside_the_definition_it_uses_is_checked(latex, expected):
    verdicts = chain_verdicts(latex)
    assert [v for v, _ in verdicts.values()] and all(v in expected for v, _ in verdicts.values())


def test_a_display_of_statements_only_defines_nothing():
    with pytest.raises(DerivationError) as caught:
        verify_text(define(r"a^2 + b \ge a^2 \\ b \ge 0"))
    assert "none defines" in caught.value.message


def test_a_definition_by_an_order_stays_refused():
    """A name nothing declares, related by ≥, is no definition: the row is not a statement."""
    with pytest.raises(DerivationError) as caught:
        verify_text(define(r"g \ge a^2"))
    assert "relates its name by" in caught.value.message


def test_a_primed_name_the_display_does_not_define_unprimed_is_a_name_of_its_own():
    """f'(k) = (f(k) - γ)/τ, a library's modified score: a definition of f', not a derivative."""
    assert chain_verdicts(r"g'(x) = \frac{x - a}{b}") == {}


@pytest.mark.parametrize("latex, expected", [
    # a GAN post's optimal discriminator, then 1 minus it, joined by the word "and"
    (r"g(x) = \frac{b}{b + x^2} \text{ and } 1 - g(x) = \frac{x^2}{x^2 + b}", ("proved", "confirmed")),
    (r"g(x) = \frac{b}{b + x^2} \text{ and } 1 - g(x) = \frac{b}{x^2 + b}", ("refuted",)),
    (r"g(x) = \frac{b}{b + x^2}, \quad -g(x) + 1 = \frac{x^2}{x^2 + b}", ("proved", "confirmed")),
])
def test_a_sum_or_difference_of_a_defined_name_beside_its_definition_is_checked(latex, expected):
    verdicts = chain_verdicts(latex)
    assert len(verdicts) == 1
    verdict, title = next(iter(verdicts.values()))
    assert verdict in expected
    assert title.startswith("the statement written beside the definition of g")


def test_a_difference_that_writes_no_defined_name_is_neither_a_definition_nor_a_statement():
    with pytest.raises(DerivationError, match="the left side of a definition must be a name"):
        verify_text(define(r"g(x) = x^2 \text{ and } 1 - a = b"))


@pytest.mark.parametrize("latex, expected", [
    # a unit vector and its norm (a CLIP note's \hat{v} = v / \|v\|_2, \quad \|\hat{v}\|_2 = 1), in one number
    (r"g = \frac{a}{|a|}, \quad |g| = 1", ("conditional",)),
    (r"g = \frac{a}{|a|}, \quad |g| = 2", ("refuted",)),
    (r"g = \frac{b}{b + 1}, \quad \frac{g}{1 - g} = b", ("proved", "confirmed")),
])
def test_a_norm_or_fraction_of_a_defined_name_beside_its_definition_is_checked(latex, expected):
    verdicts = chain_verdicts(latex)
    assert len(verdicts) == 1 and next(iter(verdicts.values()))[0] in expected


@pytest.mark.parametrize("latex, expected", [
    (r"g(x) = x^2 \text{ and } g(x) + 1 = x^2 + 1", "proved"),
    (r"g(x) = x^2 \text{ and } g(x) - x^2 = 0", "proved"),
    (r"g(x) = x^2 \text{ and } g(x) - x^2 = 1", "refuted"),
])
def test_a_row_that_starts_with_the_defined_name_and_goes_on_is_a_statement(latex, expected):
    """g(x) + 1 = … beside g(x) = …: its head starts with g, but is no name (it was taken for g's own head)."""
    assert [v for v, _ in chain_verdicts(latex).values()] == [expected]
