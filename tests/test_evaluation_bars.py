r"""The bar that evaluates what it follows: ``f(x)\big|_{x=0}``, ``\left. … \right|_{x=0}``,
``\frac{d}{dx} x^3 \Big|_{x=1}`` (the derivative first, then the value), ``|_{j=i}`` for an
index.  Read as written where only one reading exists; refused, naming why, where a reader
could extend the bar over more than the grammar does, where it changes nothing, or where it
binds the index of a sum around it.  It was refused in every form ("only restrictions of
the form |_{i \neq j} are understood")."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.evaluation_groups import group_evaluation_bars
from contrastive_sym.pipeline import check_statement, verify_text

sys.path.insert(0, str(Path(__file__).parent))
from claim_generator import claim_text  # noqa: E402

REALS = {"scalar": [{"name": "x"}, {"name": "b"}]}


@pytest.mark.parametrize("statement, verdict", [
    (r"(x^2 + b)\Big|_{x=0} = b", "proved"),
    (r"\left. x^2 + b \right|_{x=0} = b", "proved"),          # the whole group, not b alone
    (r"\left. x^2 + b \right|_{x=0} = x^2 + b", "refuted"),
    (r"x^2 \big|_{x=2} = 4", "proved"),
    (r"(x + b)^2 \big|_{x = 1, b = 2} = 9", "proved"),
    (r"x + \left. x^2 \right|_{x=1} = x + 1", "proved"),       # an explicit group beside its name
    (r"\left. x^2 \right|_{x=1} + \left. x^3 \right|_{x=2} = 9", "proved"),
    # a derivative by the bar's name is taken first, then evaluated (SymPy's Subs)
    (r"\frac{d}{dx} x^2 \Big|_{x=1} = 2", "proved"),
    (r"\frac{d}{dx} x^2 \Big|_{x=1} = 0", "refuted"),          # d/dx of the number 1 is not the reading
    (r"\frac{\partial x^2}{\partial x}\Big|_{x=1} = 2", "proved"),
    (r"\frac{d}{dx} (x^3 + b)\Big|_{x=b} = 3 b^2", "proved"),
    (r"\left.\frac{d}{dx} x^3\right|_{x=b} = 3 b^2", "proved"),
    (r"\frac{\partial}{\partial x}\Big|_{x=0} e^{2x} = 2", "proved"),
    (r"\left. \frac{\partial}{\partial x} (x^2 b) \right\vert_{x=1} = 2b", "proved"),
])
def test_a_bar_evaluates_what_it_follows(statement, verdict):
    assert check_statement(statement, **REALS).verdict.value == verdict


@pytest.mark.parametrize("statement, says", [
    # x is outside the bar too: one reader applies it to (x^3 + b), another to the product
    (r"\frac{x}{b} (x^3 + b)\Big|_{x=1} = \frac{1+b}{b}", "ambiguous: the bar |_{x=1}"),
    (r"x + \frac{d}{dx} x^2 \Big|_{x=1} = 2 + x", "x is also elsewhere in this side"),
    (r"(b^2)\big|_{x=1} = b^2", "which what it follows does not contain: it changes nothing"),
    (r"\frac{d}{dx} x^2 \Big|_{b=x} = 2x", "ambiguous: the bar's value moves with x"),
])
def test_a_bar_with_more_than_one_reading_or_none_is_refused(statement, says):
    with pytest.raises(DerivationError) as refused:
        check_statement(statement, **REALS)
    assert says in refused.value.message


def outcome(latex: str):
    return verify_text(claim_text(latex)).documents[0].claims[0].outcome


def test_a_bar_on_an_index():
    assert outcome(r"\sum_{j \neq i} a_j = \sum_{j=1}^{N} a_j - \left. a_j \right|_{j=i}").verdict.value == "proved"
    assert outcome(r"\sum_{j \neq i} a_j = \sum_{j=1}^{N} a_j - \left. a_j \right|_{j=1}").verdict.value == "refuted"
    with pytest.raises(DerivationError) as refused:          # Σ_j a_1 or (Σ_j a_j)|_{j=1}?
        outcome(r"\sum_{j=1}^{N} a_j \big|_{j=1} = a_1")
    assert "the index of a sum around it" in refused.value.message


@pytest.mark.parametrize("text, expected", [
    (r"\left. x^2 + b \right|_{x=0}", "{      x^2 + b }     |_{x=0}"),
    (r"\left. a \right\vert_{x=0}", "{      a }         |_{x=0}"),
    (r"\left\{ a \right.", r"\left\{ a \right."),                  # the end of cases: as it is
    (r"\left. a \right|", r"\left. a \right|"),                    # no subscript: no evaluation
    (r"\left( \left. x \right|_{x=1} \right)", r"\left( {      x }     |_{x=1} \right)"),
])
def test_an_invisible_left_before_a_bar_is_a_group_of_the_same_length(text, expected):
    grouped = group_evaluation_bars(text)
    assert grouped == expected and len(grouped) == len(text)
