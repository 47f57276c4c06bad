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


def test_a_column_of_derivatives_followed_by_an_operand_is_refused_not_multiplied():
    """(∂/∂x, ∂/∂y)^T (x^2 + y): put inside each entry, the key's formula would leave the operand
    after the matrix a factor, (2x(x²+y), x²+y): a true gradient refuted, a false one confirmed."""
    for right in (r"\begin{pmatrix} 2x \\ 1 \end{pmatrix}", r"\begin{pmatrix} 2x \\ 1 \end{pmatrix} (x^2 + y)"):
        with pytest.raises(ParseError, match="alone in an entry of a matrix is not read"):
            results(("x^2 + y", r"\begin{pmatrix} \frac{\partial}{\partial x} \\ \frac{\partial}{\partial y} "
                                r"\end{pmatrix} (x^2 + y) = " + right))


def test_one_gradient_per_row_is_one_claim_per_equation():
    claims = results(("x^2 y", r"\frac{\partial}{\partial x} &= 2 x y \\ \frac{\partial}{\partial y} &= x^2"))
    assert [c.outcome.verdict.value for c in claims] in (["proved", "proved"], ["confirmed", "confirmed"],
                                                         ["proved", "confirmed"], ["confirmed", "proved"])
    assert all("differentiates x^2 y" in c.claim.reading for c in claims)


def test_a_comment_after_the_derivative_does_not_hide_the_reading_nor_one_in_a_comment_make_one():
    (after,) = results(("x^2", "\\frac{\\partial}{\\partial x} % the gradient\n= 2x"))
    assert after.outcome.verdict.value in ("proved", "confirmed")
    assert "differentiates x^2" in after.claim.reading


def test_a_derivative_inside_a_comment_is_not_one(capsys):
    (inside,) = results(("x^2", "y = y % \\frac{\\partial}{\\partial x} = 3"))
    assert "as the claim's differentiates says" not in inside.claim.reading
    assert "reads the same without it, so it changes nothing" in capsys.readouterr().err


def test_the_links_of_a_step_are_cut_from_the_text_as_written():
    """The operand put in shifts nothing in the report: each link is the document's own text."""
    document = claims((r"", "x = x")) + r"""
[[claim.step]]
line = 20
differentiates = 'x^3'
latex = '\frac{\partial}{\partial x} = 3 x^2 = 3 x x \le 4 x^2 + 1'
"""
    (claim,) = verify_text(document).documents[0].claims
    links = [link.step.latex for link in claim.steps]
    assert links == [r"\frac{\partial}{\partial x} = 3 x^2", "3 x^2 = 3 x x", r"3 x x \le 4 x^2 + 1"]


@pytest.mark.parametrize("formula", [" ", "x^2 % + y", "x^2 & y", r"x^2 \\ y"])
def test_a_key_that_is_not_one_expression_is_an_error_naming_it(formula):
    from contrastive_sym.errors import DerivationError
    with pytest.raises(DerivationError, match="differentiates is one expression"):
        results((formula, r"\frac{\partial}{\partial x} = 2x"))


def test_the_links_of_a_step_with_a_macro_are_cut_from_the_text_as_written():
    """The same for a [[macro]]: its body is longer than its use, and links were cut off by as much."""
    document = claims((r"", "x = x")).replace("[[define]]", "[[macro]]\nname = '\\sq'\nbody = 'x^{2}'\n\n[[define]]", 1) \
        + r"""
[[claim.step]]
line = 20
latex = '\sq + \sq = 2 \sq = 2 x x \le 3 x^2'
"""
    (claim,) = verify_text(document).documents[0].claims
    assert [link.step.latex for link in claim.steps] == [r"\sq + \sq = 2 \sq", r"2 \sq = 2 x x", r"2 x x \le 3 x^2"]


@pytest.mark.parametrize("latex", [r"\frac{\partial}{\partial x} + \frac{\partial}{\partial y} = 2 x y + x^2",
                                   r"\frac{\partial}{\partial x} - \frac{\partial}{\partial y} = 0"])
def test_a_sign_after_a_derivative_alone_is_refused_when_the_claim_names_what_it_takes(latex):
    """With the key, ∂/∂x + ∂/∂y read ∂/∂x of (+∂L/∂y): a false statement proved (a probe)."""
    with pytest.raises(ParseError, match="a sign right after the derivative"):
        results((r"\mathcal{L}", latex))
