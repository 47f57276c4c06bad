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


def test_a_font_around_a_scripted_name_sets_the_name_in_the_font():
    """``\\mathcal{L_{\\mathcal{BT}}}`` (a Barlow Twins review) is printed \\mathcal{L}_{\\mathcal{BT}}."""
    notation = dict(MAP, scalar=[{"name": r"\mathcal{L}_{\mathcal{BT}}", "domain": "positive"}])
    assert check_statement(r"\mathcal{L_{\mathcal{BT}}} > 0", "inequality", **notation).verdict.value == "proved"
    with pytest.raises(DerivationError, match=r"'\\mathcal\{L\}_\{\\mathcal\{BT\}\}' is not declared"):
        translate_expr(r"\mathcal{L_{\mathcal{BT}}} + 1", Scope())


BOLD = dict(size=[{"name": "n", "minimum": 1, "checked": [1, 2]}], index=[{"name": "i", "from": 1, "to": "n"}],
            family=[{"name": r"\mathbf{y}", "shape": ["n"]}, {"name": r"\hat{\mathbf{y}}", "shape": ["n"]},
                    {"name": r"\mathbf{W}", "shape": ["n", "n"]}, {"name": r"\mathbf{x}", "shape": ["n"]}],
            scalar=[{"name": r"\boldsymbol{\alpha}"}])


@pytest.mark.parametrize("statement, expected", [
    # a solution sheet's bold difference, in old TeX's \bf and in \mathbf
    (r"\bf{\hat{y} - y} = \hat{\mathbf{y}} - \mathbf{y}", "proved"),
    (r"\mathbf{\hat{y} - y} = \mathbf{y} - \hat{\mathbf{y}}", "refuted"),
    (r"\sum_i \mathbf{y_i - \hat{y}_i} = \sum_i \mathbf{y}_i - \sum_i \hat{\mathbf{y}}_i", "proved"),
    (r"\boldsymbol{\alpha + \alpha} = 2 \boldsymbol{\alpha}", "proved"),      # a Greek letter in the font
    (r"\mathbf{Wx + y} = \mathbf{W} \mathbf{x} + \mathbf{y}", "proved"),   # a run, read as \mathbf{Wx} alone
    (r"\mathbf{Wx + y} = \mathbf{x} + \mathbf{y}", "refuted"),
    (r"\mathbf{\sum_i y_i} = \sum_i \mathbf{y}_i", "proved"),        # a sum's index keeps its letter (a probe)
])
def test_a_font_around_an_expression_is_the_font_on_each_name(statement, expected):
    """TeX sets every letter of the group in the font: \\mathbf{a - b} prints \\mathbf{a} - \\mathbf{b}."""
    assert check_statement(statement, **BOLD).verdict.value == expected


@pytest.mark.parametrize("written, quoted", [
    (r"\mathbf{y x_i} = 0", r"\mathbf{y x_i}"),       # the run yx with x's index, or y times x_i
    (r"\mathbf{W x(y)} = 0", r"\mathbf{W x(y)}"),
])
def test_a_letter_beside_a_scripted_or_called_name_in_a_font_is_refused(written, quoted):
    with pytest.raises(DerivationError, match=re.escape(f"'{quoted}': a font around letters side by side, one of them")):
        check_statement(written, **BOLD)


def test_a_name_in_the_font_that_is_not_declared_is_named():
    with pytest.raises(DerivationError, match=re.escape(r"'\mathbf{z}' is not declared")):
        check_statement(r"\mathbf{y + z} = 0", **BOLD)
