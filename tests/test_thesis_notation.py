r"""Notation three documents new to the corpus wrote (issue 13: a master's thesis, a blog post
reviewing Wang & Isola, course notes), read as a mathematician reads it:

* ``\boldsymbol{\theta}``, ``\mathbf{\eta}_{ij}``, ``\bm\mu``: a font on a Greek letter is part of the name;
  ``p_\mathsf{pos}`` and ``p_{\mathsf{pos}}`` are one name (TeX sets them alike);
* ``\newcommand{\mathmat}{\ensuremath{\mathbf}}``: ``\ensuremath{X}`` is X in a formula;
* ``\underset{(x,y) \sim p}{\mathbb{E}}``: the draws under the expectation are its subscript;
* ``x^\top W y`` (a bilinear form) and ``M(x_i - x_j)`` with M a defined matrix: products;
* ``(x)^+``, ``[x]^+``: the positive part, as ``[x]_+``;
* ``\mathcal{L}(f; \alpha) = …, \quad \alpha > 0``: the domain of a parameter, said when the
  declared domain implies it, refused when it does not.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

VECTORS = dict(size=[{"name": "n", "minimum": 2, "checked": [2]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
               family=[{"name": r"\mathbf{x}", "shape": ["n", "d"], "role": "embedding"},
                       {"name": "W", "shape": ["d", "d"]}, {"name": r"\mathbf{L}", "shape": ["d", "d"]}])


@pytest.mark.parametrize("statement, declared, expected", [
    (r"\boldsymbol{\theta} + 1 = 1 + \boldsymbol\theta", [{"name": r"\boldsymbol{\theta}"}], "proved"),
    (r"\bm\mu^2 \geq 0", [{"name": r"\bm{\mu}"}], "proved"),
    (r"p_\mathsf{pos} = p_{\mathsf{pos}}", [{"name": r"p_{\mathsf{pos}}"}], "proved"),
    (r"p_\boldsymbol{\theta} + 1 = p_{\boldsymbol\theta}", [{"name": r"p_\boldsymbol{\theta}"}], "refuted"),
])
def test_a_font_on_a_greek_letter_and_a_font_script_are_one_name(statement, declared, expected):
    kind = "inequality" if "geq" in statement else "identity"
    assert check_statement(statement, kind, scalar=declared).verdict.value == expected


def test_a_bold_greek_letter_is_not_the_plain_one():
    with pytest.raises(DerivationError, match=r"'\\boldsymbol\{\\theta\}' is not declared"):
        check_statement(r"\boldsymbol{\theta} = \theta", scalar=[{"name": r"\theta"}])


def test_ensuremath_in_a_macro_body_is_its_argument():
    notation = dict(VECTORS, macro=[{"name": r"\mathmat", "body": r"\ensuremath{\mathbf}"}])
    assert check_statement(r"\|\mathmat{L} \mathbf{x}_1\|^2 = \|\mathbf{L}\mathbf{x}_1\|^2",
                           **notation).verdict.value == "proved"


PAIRS = dict(scalar=[{"name": "x", "role": "point"}, {"name": "y", "role": "point"}],
             function=[{"name": "f", "arguments": 2}], distribution=[{"name": "p", "of": ["x", "y"]}])


@pytest.mark.parametrize("statement, expected", [
    (r"\underset{(x,y) \sim p}{\mathbb{E}} [f(x,y)^2] \geq (\mathbb{E}_{(x,y) \sim p}[f(x,y)])^2", "confirmed"),
    (r"\underset{(x,y) \sim p}{\mathbb{E}} [f(x,y)^2] \leq (\mathbb{E}_{(x,y) \sim p}[f(x,y)])^2", "refuted"),
])
def test_draws_set_under_the_expectation_are_its_subscript(statement, expected):
    assert check_statement(statement, "expectation", **PAIRS).verdict.value == expected


def test_underset_over_anything_else_is_refused_naming_it():
    with pytest.raises(DerivationError, match=r"read over a relation \(a note\) and over \\mathbb\{E\}"):
        check_statement(r"\underset{x}{f}(x, y) = 1", **PAIRS)


@pytest.mark.parametrize("statement, expected", [
    (r"\mathbf{x}_1^\top W \mathbf{x}_2 = \mathbf{x}_2^\top W^\top \mathbf{x}_1", "confirmed"),
    (r"\mathbf{x}_1^\top W W^\top \mathbf{x}_1 = \|W^\top \mathbf{x}_1\|^2", "confirmed"),
    (r"\mathbf{x}_1^\top W \mathbf{x}_2 = \mathbf{x}_2^\top W \mathbf{x}_1", "refuted"),
    (r"\mathbf{x}_1^\top W W \mathbf{x}_1 = \|W^\top \mathbf{x}_1\|^2", "refuted"),
])
def test_a_bilinear_form_is_the_row_times_the_matrix_times_the_vector(statement, expected):
    assert check_statement(statement, **VECTORS).verdict.value == expected


@pytest.mark.parametrize("statement, expected", [
    (r"(\mathbf{x}_1 - \mathbf{x}_2)^\top M (\mathbf{x}_1 - \mathbf{x}_2) = \|\mathbf{L}(\mathbf{x}_1 - \mathbf{x}_2)\|^2",
     "confirmed"),
    (r"(\mathbf{x}_1 - \mathbf{x}_2)^\top M (\mathbf{x}_1 - \mathbf{x}_2) = \|\mathbf{L}^\top(\mathbf{x}_1 - \mathbf{x}_2)\|^2",
     "refuted"),
])
def test_a_defined_matrix_before_a_vector_in_parentheses_multiplies_it(statement, expected):
    notation = dict(VECTORS, define=[{"name": "M", "line": 1, "latex": r"M = \mathbf{L}^\top \mathbf{L}"}])
    assert check_statement(statement, **notation).verdict.value == expected


@pytest.mark.parametrize("statement, expected", [
    (r"(a - b)^+ = \max(a - b, 0)", "proved"),
    (r"[a - b]^{+} = \max(0, a - b)", "proved"),
    (r"(a - b)^+ = a - b", "refuted"),
])
def test_a_group_with_a_plus_above_is_its_positive_part(statement, expected):
    assert check_statement(statement, scalar=[{"name": "a"}, {"name": "b"}]).verdict.value == expected


def _defined(latex: str, alpha_domain: str):
    return dict(scalar=[{"name": r"\alpha", "domain": alpha_domain}, {"name": "a", "domain": "positive"}],
                define=[{"name": "L", "line": 1, "latex": latex}])


def test_a_stated_domain_the_declaration_implies_is_read():
    notation = _defined(r"L(a) = a^{\alpha}, \quad \alpha > 0.", "positive")
    assert check_statement(r"L(a) = a^{\alpha}", **notation).verdict.value == "proved"


def test_a_stated_domain_the_declaration_does_not_imply_is_refused():
    with pytest.raises(DerivationError, match=r"'\\alpha > 0' states a condition on \\alpha that its declared "
                                              "domain does not imply"):
        check_statement(r"L(a) = a", **_defined(r"L(a) = a \alpha, \quad \alpha > 0.", "real"))


def test_a_function_word_as_a_subscript_is_part_of_a_name():
    """L_{\\log}, the log loss of LeCun's notes: a name, not a logarithm waiting for its argument."""
    notation = dict(scalar=[{"name": "a"}, {"name": "b"}],
                    define=[{"name": "L", "line": 1, "latex": r"L_{\log}(x,y)=\log(1+e^{x-y})"}])
    assert check_statement(r"L_{\log}(a, b) = \log(1 + e^{a - b})", **notation).verdict.value == "proved"
    with pytest.raises(DerivationError, match=r"the script \{\\log\} is a word"):
        check_statement(r"a_{\log} = 1", scalar=[{"name": "a"}])


@pytest.mark.parametrize("name", [r"\tau_{\min}", r"\lambda_{\max}", r"\tau_\min", r"\lambda_\max", r"\sigma_{\sup}"])
def test_min_and_max_as_a_subscript_are_part_of_a_name(name):
    """\\tau_{\\min}, \\lambda_{\\max}: the bounds of a range, names (not an optimum without its body)."""
    scalars = dict(scalar=[{"name": name, "domain": "positive"}])
    assert check_statement(name + r" \leq " + name + " + 1", **scalars).verdict.value == "proved"
    assert check_statement(name + r" \geq " + name + " + 1", **scalars).verdict.value == "refuted"


def test_a_max_over_an_index_is_still_an_operator():
    family = dict(size=[{"name": "N", "minimum": 1, "checked": [1, 2, 3]}], index=[{"name": "j", "from": 1, "to": "N"}],
                  family=[{"name": "s", "shape": ["N"]}])
    assert check_statement(r"\max_{j} s_j \geq s_1", "inequality", **family).verdict.value in ("proved", "confirmed")
