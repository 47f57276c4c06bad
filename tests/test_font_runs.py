r"""``\mathbf{Lx}_i`` (metric-learn's NCA, and linear-algebra notes generally): a run of letters
inside one font that is not a declared name is the product of the names of that font it splits
into, its scripts on the last letter: L x_i.  A run that does not split into declared names of
its font, or splits two ways, is refused as before (issue 13)."""
from __future__ import annotations

import re

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.latex.scope import Scope
from contrastive_sym.latex.translate import translate_expr
from contrastive_sym.pipeline import check_statement

MAP = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2]}, {"name": "D", "minimum": 1, "checked": [1, 2]}],
           family=[{"name": r"\mathbf{x}", "shape": ["n", "D"], "role": "embedding"},
                   {"name": r"\mathbf{L}", "shape": ["D", "D"]}],
           index=[{"name": "i", "from": 1, "to": "n"}, {"name": "j", "from": 1, "to": "n"}])


@pytest.mark.parametrize("statement, expected", [
    (r"\|\mathbf{Lx}_i\|^2 = \|\mathbf{L}\mathbf{x}_i\|^2", "proved"),
    (r"\|\mathbf{Lx}_i - \mathbf{Lx}_j\|^2 = \|\mathbf{L}(\mathbf{x}_i - \mathbf{x}_j)\|^2", ("proved", "confirmed")),
    (r"\|\mathbf{Lx}_i\|^2 = \|\mathbf{x}_i\|^2", "refuted"),
])
def test_a_run_of_bold_letters_is_the_product_of_the_bold_names(statement, expected):
    verdict = check_statement(statement, **MAP).verdict.value
    assert verdict in (expected if isinstance(expected, tuple) else (expected,))


def test_a_run_with_a_letter_its_font_does_not_declare_is_refused():
    with pytest.raises(DerivationError, match=r"'\\mathbf\{Ly\}_i' is not declared"):
        check_statement(r"\|\mathbf{Ly}_i\|^2 \geq 0", "inequality", **MAP)


def test_a_run_that_is_also_a_declared_name_keeps_its_name():
    notation = dict(MAP, scalar=[{"name": r"\mathbf{Lx}", "domain": "positive"}])
    assert check_statement(r"\mathbf{Lx} > 0", "inequality", **notation).verdict.value == "proved"


def test_two_ways_to_split_are_refused():
    notation = dict(MAP, family=MAP["family"] + [{"name": r"\mathbf{xL}", "shape": ["n"]}])
    with pytest.raises(DerivationError):
        check_statement(r"\|\mathbf{xLx}_i\|^2 \geq 0", "inequality", **notation)


def test_a_font_around_more_than_a_name_is_quoted_whole():
    """``\\mathcal{L_{\\mathcal{BT}}}`` (a Barlow Twins review): the message quoted '\\mathcal{L_{\\mathcal{BT}'."""
    with pytest.raises(DerivationError, match=r"'\\mathcal\{L_\{\\mathcal\{BT\}\}\}': a font around more than a name"):
        translate_expr(r"\mathcal{L_{\mathcal{BT}}} + 1", Scope())


@pytest.mark.parametrize("written, quoted", [
    (r"CE(\bf{y,\hat{y}}) + 1", r"\bf{y,\hat{y}}"),           # a solution sheet's bold pair (old TeX's \bf)
    (r"\bf{\hat{y} - y} + 1", r"\bf{\hat{y} - y}"),
])
def test_a_font_around_a_list_or_an_expression_is_named_whole(written, quoted):
    """Before, the grammar's "unexpected ','; expected '}'" named no construct."""
    with pytest.raises(DerivationError, match=re.escape(f"a font around more than a name, '{quoted}', is not read")):
        translate_expr(written, Scope())
