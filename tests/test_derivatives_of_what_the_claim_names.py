r"""A derivative written alone before a relation, ``\frac{\partial}{\partial x_u} = …`` or
``\nabla_{z_i} = …``, differentiates what the text around the display names ("the gradient of
the objective with respect to x_u is").  The formula does not say it, so it is never guessed: the
claim says it with ``differentiates = '…'`` (latex/unwritten_operands.py), the claim's reading
says it was used, and without the key the derivative is refused naming the key."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import ParseError
from contrastive_sym.pipeline import verify_text
from document_claims import TITLE

NOTATION = TITLE + r"""
[[size]]
name = 'd'
minimum = 1
checked = [1, 2]

[[scalar]]
name = 'x'

[[scalar]]
name = 'y'

[[family]]
name = 'z'
shape = ['d']

[[family]]
name = 'w'
shape = ['d']

[[define]]
name = 'L'
line = 3
latex = '\mathcal{L} = x^2 y + \log(1 + e^{x}) + z \cdot w'
"""


def claims(*rows: tuple[str, str]) -> str:
    """Claims c1, c2, … of (differentiates, latex); differentiates '' for none."""
    return NOTATION + "".join(
        f"\n[[claim]]\nid = 'c{n}'\nline = {10 + n}\ntitle = 'c{n}'\n"
        + (f"differentiates = '{of}'\n" if of else "") + f"latex = '''{latex}'''\n"
        for n, (of, latex) in enumerate(rows, 1))


def results(*rows: tuple[str, str]):
    return verify_text(claims(*rows)).documents[0].claims


@pytest.mark.parametrize("latex, verdict", [
    (r"\frac{\partial}{\partial x} = 2 x y + \frac{e^x}{1 + e^x}", "proved"),
    (r"\frac{\partial}{\partial x} = 2 x y + \frac{1}{1 + e^x}", "refuted"),
    (r"\dfrac{\partial}{\partial y} &= x^2", "proved"),
    (r"\nabla_{z} = w", "proved"),
    (r"\nabla_{z} = z", "refuted"),
    (r"\frac{\partial}{\partial y} &= x^2 \\ &= \frac{\partial}{\partial y}", "proved"),
])
def test_a_derivative_written_alone_differentiates_what_the_claim_names(latex, verdict):
    (claim,) = results((r"\mathcal{L}", latex))
    assert claim.outcome.verdict.value in ((verdict, "confirmed") if verdict == "proved" else (verdict,))
    assert "differentiates \\mathcal{L}, as the claim's differentiates says" in claim.claim.reading


def test_two_derivatives_of_one_display_are_both_named_in_the_reading():
    (claim,) = results((r"\mathcal{L}", r"\frac{\partial}{\partial y} &= x^2 \\ &= \frac{\partial}{\partial x}"))
    assert claim.outcome.verdict.value == "refuted"
    assert r"'\frac{\partial}{\partial y}', '\frac{\partial}{\partial x}' differentiates" in claim.claim.reading


def test_without_the_key_the_derivative_is_refused_naming_the_key():
    with pytest.raises(ParseError) as caught:
        results(("", r"\frac{\partial}{\partial x} = 2 x y"))
    assert "with nothing after it" in str(caught.value)
    assert "differentiates = '\\mathcal{L}'" in str(caught.value)


def test_a_gradient_alone_without_the_key_is_refused_naming_the_key():
    with pytest.raises(ParseError) as caught:
        results(("", r"\nabla_{z} = w"))
    assert "differentiates = '\\mathcal{L}'" in str(caught.value)


def test_a_derivative_with_its_operand_written_is_not_changed_by_the_key(capsys):
    """The operand written wins: ∂y/∂x is 0 whatever the claim names, and the key that changes
    nothing is a warning."""
    (claim,) = results((r"\mathcal{L}", r"\frac{\partial}{\partial x} y = 0"))
    assert claim.outcome.verdict.value in ("proved", "confirmed")
    assert "as the claim's differentiates says" not in claim.claim.reading
    assert "differentiates '\\mathcal{L}': claim c1 reads the same without it" in capsys.readouterr().err


def test_an_error_after_the_derivative_names_the_column_as_written():
    """The formula put in shifts nothing: an undeclared name after it is at its own column."""
    latex = r"\frac{\partial}{\partial x} = q"
    with pytest.raises(ParseError) as caught:
        results((r"\mathcal{L}", latex))
    assert "'q' is not declared" in str(caught.value)
    assert caught.value.column == len("latex = " + "'" * 3) + latex.index("q") + 1


def test_a_formula_that_does_not_read_is_an_error_naming_the_key():
    from contrastive_sym.errors import ContrastiveVerifyError
    with pytest.raises(ContrastiveVerifyError) as caught:
        results((r"\mathcal{Q}", r"\frac{\partial}{\partial x} = 2 x y"))
    assert "\\mathcal{Q}" in str(caught.value)


def test_the_markdown_claim_annotation_takes_the_key():
    document = "\n".join([
        "<!-- contrastive-verify", 'title = "t"', "[[scalar]]", "name = 'x'", "-->", "",
        '<!-- define: name = "L" -->', "$$", "L = x^3", "$$", "",
        "<!-- claim: id = \"g\", differentiates = 'L' -->", "$$",
        r"\frac{\partial}{\partial x} = 3 x^2", "$$", ""])
    (claim,) = verify_text(document, suffix=".md").documents[0].claims
    assert claim.outcome.verdict.value in ("proved", "confirmed")
    assert "differentiates L" in claim.claim.reading
