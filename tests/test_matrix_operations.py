r"""Outer products, traces and Frobenius norms, as metric learning and spectral
contrastive learning write them: ``(x_i - x_j)(x_i - x_j)^\top``, ``\operatorname{tr}(Z^\top Z)``,
``\|A - F F^\top\|_F^2``.  Each is read from the matrices the reader already forms; a shape
that does not fit (the trace of a matrix that is not square for every size) is refused,
and the norm of a matrix written without saying which is refused rather than guessed.
"""
from __future__ import annotations

import re

import pytest

from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

NOTATION = dict(
    size=[{"name": "N", "minimum": 2, "checked": [2, 3]}, {"name": "d", "minimum": 1, "checked": [1, 2]}],
    family=[{"name": "Z", "shape": ["N", "d"]}, {"name": "x", "shape": ["N", "d"]},
            {"name": "A", "shape": ["d", "d"]}, {"name": "u", "shape": ["d"]}, {"name": "v", "shape": ["d"]}],
)


def check(statement: str, kind: str = "identity"):
    return check_statement(statement, kind, **NOTATION)


@pytest.mark.parametrize("statement, kind", [
    (r"\operatorname{tr}(Z^\top Z) = \|Z\|_F^2", "identity"),
    (r"\text{tr}(x^\top x) = \sum_{i=1}^N \|x_i\|^2", "identity"),
    (r"\mathrm{Tr}(A) = \sum_{k=1}^d A_{kk}", "identity"),
    (r"\operatorname{tr}(u v^\top) = u^\top v", "identity"),
    (r"\|u v^\top\|_F = \|u\| \|v\|", "identity"),
    (r"(x_1 - x_2)(x_1 - x_2)^\top v = ((x_1 - x_2)^\top v) (x_1 - x_2)", "identity"),
    (r"x_1 x_2^\top v = (x_2^\top v) x_1", "identity"),
    (r"v^\top x_1 x_2^\top v = (x_1^\top v)(x_2^\top v)", "identity"),
    (r"\|A\|_F \geq 0", "inequality"),
])
def test_what_holds_of_outer_products_traces_and_frobenius_norms_holds(statement, kind):
    outcome = check(statement, kind)
    assert outcome.verdict.value in ("proved", "confirmed"), outcome.message


@pytest.mark.parametrize("statement", [
    r"\operatorname{tr}(u v^\top) = u^\top u",
    r"x_1 x_2^\top v = (x_1^\top v) x_2",                      # the factors of the outer product swapped
    r"\|Z\|_F^2 = \sum_{i=1}^N \|x_i\|^2",
    r"\operatorname{tr}(Z^\top Z) = \|Z\|_F",                  # the square dropped
])
def test_a_slip_in_them_is_refuted(statement):
    outcome = check(statement)
    assert outcome.verdict.value == "refuted", outcome.message


@pytest.mark.parametrize("statement, said", [
    (r"\operatorname{tr}(Z) = 0", "not square for every size"),
    (r"\|A\| = 0", r"\|M\|_F (Frobenius) is read"),
    (r"\operatorname{tr}(u) = 0", "not a matrix"),
    (r"\|u\|_F = 0", "not a matrix"),
])
def test_what_does_not_fit_is_refused(statement, said):
    with pytest.raises(DerivationError, match=re.escape(said)):
        check(statement)


ENTRY_NOTATION = dict(NOTATION, index=[{"name": "i", "to": "N"}, {"name": "j", "to": "N"}])


@pytest.mark.parametrize("statement, expected", [
    # an entry of a matrix the formula computes, written (A)_{ij}, (A)_{i,j} or [A]_{i,j}
    (r"(Z Z^\top)_{ij} = Z_i^\top Z_j", "proved"),
    (r"[Z Z^\top]_{i,j} = Z_j^\top Z_i", "proved"),
    (r"(Z Z^\top)_{ij} = Z_{i,1} Z_{j,1}", "refuted"),
    (r"(A^\top A)_{1,1} = \sum_{k=1}^d A_{k,1}^2", "proved"),
    (r"(A^\top A)_{1,1} = \sum_{k=1}^d A_{1,k}^2", "refuted"),
])
def test_an_entry_of_a_computed_matrix(statement, expected):
    assert check_statement(statement, **ENTRY_NOTATION).verdict.value == expected


@pytest.mark.parametrize("statement, said", [
    (r"(Z Z^\top)_{i} = 1", "an entry of the matrix '(Z Z^\\top)' takes two indices, (A)_{i,j}"),
    (r"(A^\top A)_{12} = 1", "(a run of digits, 12, is one index: write {1,2})"),
])
def test_an_entry_of_a_computed_matrix_takes_two_indices(statement, said):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, **ENTRY_NOTATION)
    assert said in str(caught.value)
