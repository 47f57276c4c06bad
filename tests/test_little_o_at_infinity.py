"""o(·) as the variable tends to ±∞ (issue 13): ``little_o = { variable, at = '\\infty' }``.

``at`` reads ``\\infty``, ``+\\infty``, ``-\\infty`` (also in braces) as sp.oo / -sp.oo, so
``f = g + o(h)`` is checked as ``(f − g)/h → 0`` along the ladder towards ∞; a side the
declared domain excludes (τ > 0 towards −∞) and an undeclared point are errors naming the
file and line.  Big-O, ``O(h)``: the remainder ratio settles to a finite value along the ladder.
"""
from __future__ import annotations

import re

import pytest
import sympy as sp

from contrastive_sym.errors import DerivationError, ParseError
from contrastive_sym.load.bindings import _little_o_point
from contrastive_sym.model.nodes import LittleO
from contrastive_sym.model.shapes import split_little_o
from contrastive_sym.pipeline import check_statement

TAU = {"scalar": [{"name": r"\tau", "domain": "positive", "role": "scale"}]}
X = {"scalar": [{"name": "x"}]}


def at(variable, point):
    return {"little_o": {"variable": variable, "at": point}}


def test_the_points_at_infinity_read_as_oo():
    x = sp.Symbol("x", real=True)
    for text, point in ((r"\infty", sp.oo), (r"+\infty", sp.oo), (r" - \infty ", -sp.oo),
                        (r"{-\infty}", -sp.oo), (r"{+\infty}", sp.oo)):
        assert _little_o_point({"variable": "x", "at": text}, x, None, None) == point


def test_split_little_o_carries_the_infinite_point():
    tau = sp.Symbol("tau", positive=True)
    main, h, spec = split_little_o(1 / tau + LittleO(1 / tau, tau, sp.oo))
    assert (main, h, spec.var, spec.point, spec.direction) == (1 / tau, 1 / tau, tau, sp.oo, "")
    assert spec.ladder()[0][0] > 1 and spec.ladder()[0][-1] > spec.ladder()[0][0]


@pytest.mark.parametrize("point", [r"\infty", r"+\infty"])
def test_true_statement_towards_infinity_is_proved(point):
    outcome = check_statement(r"\log(1 + 1/\tau) = 1/\tau + o(1/\tau)", "limit",
                              claim=at(r"\tau", point), **TAU)
    assert outcome.verdict.value == "proved", outcome.message
    assert "τ → +∞" in outcome.message


def test_o_of_one_towards_infinity_is_proved():
    outcome = check_statement(r"\tau \log(1 + 1/\tau) = 1 + o(1)", "limit",
                              claim=at(r"\tau", r"\infty"), **TAU)
    assert (outcome.verdict.value, outcome.method) == ("proved", "sympy.limit + asymptotic ladder")


def test_false_statement_towards_infinity_is_refuted_with_the_ladder():
    outcome = check_statement(r"\log(1 + 1/\tau) = 2/\tau + o(1/\tau)", "limit",
                              claim=at(r"\tau", r"\infty"), **TAU)
    assert (outcome.verdict.value, outcome.method) == ("refuted", "asymptotic ladder")
    assert outcome.message.startswith("(lhs − main part)/h tends to -1.0000")
    assert outcome.witness.note == "limits read along τ → +∞"


def test_a_remainder_of_too_high_order_is_refuted():
    # τ log(1 + 1/τ) − 1 ~ −1/(2τ), which is not o(1/τ)
    outcome = check_statement(r"\tau \log(1 + 1/\tau) = 1 + o(1/\tau)", "limit",
                              claim=at(r"\tau", r"\infty"), **TAU)
    assert outcome.verdict.value == "refuted"
    assert outcome.message.startswith("(lhs − main part)/h tends to -0.5000")


def test_with_a_parameter_the_witness_names_it():
    params = {"scalar": TAU["scalar"] + [{"name": "a", "domain": "positive"}]}
    true = check_statement(r"\log(1 + a/\tau) = a/\tau + o(1/\tau)", "limit",
                           claim=at(r"\tau", r"\infty"), **params)
    assert true.verdict.value == "confirmed", true.message
    false = check_statement(r"\log(1 + a/\tau) = 1/\tau + o(1/\tau)", "limit",
                            claim=at(r"\tau", r"\infty"), **params)
    assert false.verdict.value == "refuted"
    assert set(false.witness.values) == {"a"} and false.witness.values["a"] != "1"


def test_minus_infinity_for_a_real_variable():
    true = check_statement(r"\log(1 + 1/x) = 1/x + o(1/x)", "limit", claim=at("x", r"-\infty"), **X)
    assert true.verdict.value == "proved" and "x → −∞" in true.message
    decays = check_statement(r"e^{x} = o(1)", "limit", claim=at("x", r"{-\infty}"), **X)
    assert decays.verdict.value == "proved"
    # the same statement towards +∞ is false: e^x grows
    grows = check_statement(r"e^{x} = o(1)", "limit", claim=at("x", r"\infty"), **X)
    assert grows.verdict.value == "refuted" and "+∞" in grows.message
    false = check_statement(r"\log(1 + 1/x) = 2/x + o(1/x)", "limit", claim=at("x", r"-\infty"), **X)
    assert false.verdict.value == "refuted" and false.witness.note == "limits read along x → −∞"


def test_minus_infinity_for_a_positive_variable_is_refused():
    with pytest.raises(DerivationError) as error:
        check_statement(r"\log(1 + 1/\tau) = 1/\tau + o(1/\tau)", "limit",
                        claim=at(r"\tau", r"-\infty"), **TAU)
    assert re.fullmatch(r".*derivation\.toml:12: little_o: \\tau cannot tend to -\\infty: "
                        r"its declared domain keeps it ≥ 0", str(error.value)), str(error.value)


def test_an_undeclared_point_is_an_error_with_file_and_line():
    with pytest.raises(ParseError) as error:
        check_statement(r"\log(1 + 1/\tau) = 1/\tau + o(1/\tau)", "limit", claim=at(r"\tau", "x"), **TAU)
    assert re.fullmatch(r".*derivation\.toml:12:\d+: 'x' is not declared \(declare it: .*", str(error.value)), \
        str(error.value)


@pytest.mark.parametrize("written", [r"\infty + 1", r"\to \infty", r"{\infty"])
def test_infinity_inside_a_larger_text_is_refused(written):
    # only the point itself is read as ∞: no arrow, no arithmetic on ∞, balanced braces
    with pytest.raises(DerivationError) as error:
        check_statement(r"\log(1 + 1/\tau) = 1/\tau + o(1/\tau)", "limit",
                        claim=at(r"\tau", written), **TAU)
    assert str(error.value).endswith(f"derivation.toml:12: little_o: at = {written} is not a point: "
                                     r"write \infty, +\infty or -\infty alone, or a finite point")


@pytest.mark.parametrize("statement, expected", [
    # the remainder ratio settles (bounded): O(h) holds, whatever its limit
    (r"\log(1 + 1/\tau) = 1/\tau + O(1/\tau^2)", "proved"),
    (r"\log(1 + 1/\tau) = 1/\tau + \mathcal{O}(1/\tau^2)", "proved"),
    (r"\log(1 + 1/\tau) = O(1/\tau)", "proved"),
    # the first-order term left out: (lhs − 0)/τ^{-2} grows like τ, not bounded
    (r"\log(1 + 1/\tau) = O(1/\tau^2)", "refuted"),
    (r"\log(1 + 1/\tau) = 2/\tau + O(1/\tau^2)", "refuted"),
])
def test_big_o_is_a_bounded_remainder_ratio(statement, expected):
    # it was refused ("big-O is not read"); now (lhs − main part)/h must settle to a finite value
    outcome = check_statement(statement, "limit", claim=at(r"\tau", r"\infty"), **TAU)
    assert outcome.verdict.value.replace("confirmed", "proved") == expected, outcome.message


@pytest.mark.parametrize("statement", [
    r"\log(1 + 1/\tau) = 1/\tau + O(1/\tau^2), \quad \tau \to \infty",
    r"\log(1 + 1/\tau) = 1/\tau + o(1/\tau) \quad (\tau \to +\infty)",
    r"\log(1 + 1/\tau) = 1/\tau + \mathcal{O}\left(\frac{1}{\tau^2}\right) \text{ as } \tau \to \infty.",
])
def test_the_limit_written_after_the_statement_is_its_limit(statement):
    # as papers write it: no little_o key, the display says where the variable goes
    outcome = check_statement(statement, "limit", **TAU)
    assert outcome.verdict.value in ("proved", "confirmed"), outcome.message
    wrong = statement.replace("= 1/\\tau +", "= 2/\\tau +")
    assert check_statement(wrong, "limit", **TAU).verdict.value == "refuted"


def test_a_limit_clause_that_disagrees_with_little_o_is_an_error():
    with pytest.raises(DerivationError) as error:
        check_statement(r"\log(1 + 1/\tau) = 1/\tau + O(1/\tau^2), \quad \tau \to \infty", "limit",
                        claim=at(r"\tau", "0"), **TAU)
    assert "which limit is meant is not written once" in str(error.value)


def test_an_arrow_after_a_statement_with_no_remainder_stays_refused():
    with pytest.raises(DerivationError):
        check_statement(r"\log(1 + 1/\tau) = 1/\tau, \quad \tau \to \infty", "limit", **TAU)
