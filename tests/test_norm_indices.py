r"""Norms written with an index (issue 13: a blog's triplet loss writes ``\|v_a - v_p\|_p``):
``\|x\|_1`` is Σ|x_m|, ``\|x\|_p`` with p positive is (Σ|x_m|^p)^{1/p}, ``\|x\|_2`` the Euclidean
norm, ``\|x\|_\infty`` the largest |x_m|, ``\|M\|_F`` Frobenius; any other index is refused."""
from __future__ import annotations

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(size=[{"name": "d", "minimum": 1, "checked": [1, 2, 3]}],
                scalar=[{"name": "p", "domain": "positive"}, {"name": "q"}, {"name": "a"}],
                family=[{"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}])


def verdict(statement: str, kind: str = "identity", **claim) -> str:
    return check_statement(statement, kind, claim=claim or None, **NOTATION).verdict.value


@pytest.mark.parametrize("statement, kind, expected", [
    (r"\|u\|_1 = \sum_{m=1}^d |u_m|", "identity", "proved"),
    (r"\|u\|_{3}^3 = \sum_{m=1}^d |u_m|^3", "identity", "proved"),
    (r"\|a\|_1 = |a|", "identity", "proved"),
    (r"\|u\|_2 \leq \|u\|_1 \leq \sqrt{d} \|u\|_2", "inequality", "confirmed"),
    (r"\|u\|_1 \leq \|u\|_2", "inequality", "refuted"),
    # Minkowski's inequality fails below p = 1: the witness has p < 1
    (r"\|u + v\|_p \leq \|u\|_p + \|v\|_p", "inequality", "refuted"),
])
def test_a_norm_with_an_index_is_the_norm_it_names(statement, kind, expected):
    assert verdict(statement, kind) == expected


def test_minkowski_holds_where_the_claim_says_p_is_at_least_one():
    assert verdict(r"\|u + v\|_p \leq \|u\|_p + \|v\|_p", "inequality", given=[r"p \geq 1"]) == "confirmed"
    witness = check_statement(r"\|u + v\|_p \leq \|u\|_p + \|v\|_p", "inequality", **NOTATION).witness
    assert float(witness.values["p"]) < 1


@pytest.mark.parametrize("index", [r"q", r"-1", r"0", r"\text{op}"])
def test_an_index_that_names_no_norm_is_refused(index):
    # q may be 0 or negative (no norm there); an operator norm of a vector names nothing
    with pytest.raises(DerivationError) as caught:
        verdict(rf"\|u\|_{{{index}}} = 0")
    assert "is not read: the Euclidean norm" in str(caught.value)


@pytest.mark.parametrize("statement", [r"\|u\|_{L2} = \|u\|", r"\|u\|_{\ell_2}^2 = u^\top u",
                                       r"\|u\|_{L_1} = \|u\|_1", r"\|u\|_{\ell_1} = \sum_{m=1}^d |u_m|"])
def test_a_norm_named_by_its_space_is_that_norm(statement):
    # an ELTE lecture writes \|…\|_{L2}
    assert verdict(statement) == "proved"


def test_an_undeclared_function_is_named_as_one():
    with pytest.raises(DerivationError) as caught:
        verdict(r"h(u_1) = 0")
    assert "'h' is not declared (declare it: a function as a [[function]], a density as a [[distribution]], " \
           "or define it)" in str(caught.value)


@pytest.mark.parametrize("statement, kind, expected", [
    (r"\|u\|_\infty \leq \|u\|_2 \leq \sqrt{d} \|u\|_\infty", "inequality", "confirmed"),
    (r"\|u\|_2 \leq \|u\|_\infty", "inequality", "refuted"),
    (r"\|u + v\|_{\infty} \leq \|u\|_\infty + \|v\|_\infty", "inequality", "confirmed"),
    (r"\|u\|_{\ell_\infty} = \|u\|_\infty", "identity", "proved"),
    (r"\|a\|_\infty = |a|", "identity", "proved"),
])
def test_the_maximum_norm_is_the_largest_absolute_component(statement, kind, expected):
    assert verdict(statement, kind) == expected
