r"""Names whose subscript holds a word beside an index (issue 13): ``\hat{\rho}_{\text{neg}, j}``
and ``s_{i, \text{pos}}`` are entries of the families ``\hat{\rho}_{\text{neg}}`` and
``s_{\text{pos}}``, as a reader takes them, when the notation declares those; and a size
in the subscript of a defined name (``L^{opt}_N``) is part of the name, not a parameter.
"""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}],
    index=[{"name": "i", "from": "1", "to": "N"}],
    scalar=[{"name": "a"}],
    family=[{"name": r"\hat{\rho}_{\text{neg}}", "shape": ["N"], "domain": "positive"},
            {"name": r"s_{\text{pos}}", "shape": ["N"]}, {"name": r"w_{\text{a}}", "shape": ["N", "N"]}],
)


def verdict(statement: str, kind: str = "identity", **changes) -> str:
    return check_statement(statement, kind, **dict(NOTATION, **changes)).verdict.value


@pytest.mark.parametrize("statement, kind, expected", [
    (r"\sum_{j=1}^{N} \hat{\rho}_{\text{neg}, j} = \sum_{k=1}^{N} \hat{\rho}_{\text{neg},k}", "identity", "proved"),
    (r"\hat{\rho}_{\text{neg}, 1} > 0", "inequality", "confirmed"),
    # the word first or last, \text or \mathrm: one family
    (r"s_{i, \text{pos}} = s_{\mathrm{pos}, i}", "identity", "proved"),
    (r"w_{\text{a}, 1, 2} = w_{\text{a}, 1, 2}", "identity", "proved"),
    # two entries are two values
    (r"s_{\text{pos},1} = s_{\text{pos}, 2}", "identity", "refuted"),
    (r"w_{\text{a}, 1, 2} = w_{\text{a}, 2, 1}", "identity", "refuted"),
])
def test_a_word_beside_an_index_names_the_family(statement, kind, expected):
    assert verdict(statement, kind) == expected


@pytest.mark.parametrize("statement, words", [
    # the family's own count of indices, named as declared
    (r"s_{\text{pos}, 1, 2} = 0", r"s_{\text{pos}} takes 1 indices, got 2"),
    # the word in the middle: not read as a name
    (r"w_{1, \text{a}, 2} = 0", "is not declared"),
])
def test_what_does_not_fit_is_refused(statement, words):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, **NOTATION)
    assert words in str(caught.value)


def test_an_undeclared_worded_family_is_suggested():
    notation = dict(NOTATION, family=[{"name": r"\hat{\rho}", "shape": ["N"]}])
    with pytest.raises(DerivationError) as caught:
        check_statement(r"\hat{\rho}_{\text{neg}, 1} = 0", **notation)
    assert r"or the family \hat{\rho}_{\text{neg}} whose entry it is" in str(caught.value)


@pytest.mark.parametrize("head", [r"L^{opt}_N", r"L_N^{opt}"])
def test_a_size_in_the_subscript_of_a_defined_name_is_part_of_the_name(head):
    # was read as a parameter: the use L^{opt}_N then found 'L^{opt}' taking no subscript
    define = [{"name": "L", "line": 1, "latex": head + " = a + N"}]
    assert verdict(r"L^{opt}_N = N + a", define=define) == "proved"
    assert verdict(r"L_N^{opt} = N + a + 1", define=define) == "refuted"
