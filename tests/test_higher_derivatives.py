r"""Derivatives of higher order as documents write them (issue 13: "second derivatives and
Hessians", ``\frac{\partial^2 F}{\partial x_j \partial x_l}``): read as ∂/∂x (∂F/∂y).  Each
case is checked with SymPy's prover off too, so a verdict does not rest on it; where a
derivative is left unevaluated the numeric check carries one level of dual numbers per
derivative (tested on the duals directly)."""
from __future__ import annotations

import pytest
from flint import arb

from contrastive_sym.check.config import CheckConfig
from contrastive_sym.check.numeric.dual import Dual, exp, extremum, log, reciprocal, sqrt, strip
from contrastive_sym.errors import DerivationError
from contrastive_sym.pipeline import check_statement

REALS = dict(scalar=[{"name": "x"}, {"name": "y"}, {"name": r"\tau", "domain": "positive", "role": "scale"}])
LOGITS = dict(
    size=[{"name": "n", "minimum": 1, "checked": [1, 2, 3]}],
    family=[{"name": "s", "shape": ["n"]}],
    index=[{"name": "j", "from": 1, "to": "n"}, {"name": "l", "from": 1, "to": "n"},
           {"name": "k", "from": 1, "to": "n"}],
    define=[{"name": "p_j", "line": 1, "latex": r"p_j = \frac{e^{s_j}}{\sum_{k=1}^n e^{s_k}}"},
            {"name": "F", "line": 2, "latex": r"F = \log \sum_{k=1}^n e^{s_k}"}],
)
SYMPY_OFF = CheckConfig(symbolic=False)


def assert_verdicts(statement: str, declarations: dict, expected: str) -> None:
    """"holds": proved or confirmed with SymPy, confirmed by the numeric check alone; any
    other verdict expected of both."""
    with_sympy = check_statement(statement, **declarations).verdict.value
    numeric = check_statement(statement, config=SYMPY_OFF, **declarations).verdict.value
    if expected == "holds":
        assert with_sympy in ("proved", "confirmed") and numeric == "confirmed", (with_sympy, numeric)
    else:
        assert (with_sympy, numeric) == (expected, expected)


@pytest.mark.parametrize("statement, expected", [
    (r"\frac{\partial^2}{\partial x^2} \log(1 + e^{x}) = \frac{e^{x}}{(1 + e^{x})^2}", "holds"),
    (r"\frac{\partial^2}{\partial x^2} \log(1 + e^{x}) = \frac{e^{x}}{1 + e^{x}}", "refuted"),
    (r"\frac{\partial^2 (x^2 y^3)}{\partial x \partial y} = 6 x y^2", "holds"),
    (r"\frac{\partial^2 (x^2 y^3)}{\partial x \, \partial y} = 6 x y^3", "refuted"),
    # the order of the two derivatives does not matter (Schwarz)
    (r"\frac{\partial^2 e^{x y}}{\partial x \partial y} = \frac{\partial^2 e^{x y}}{\partial y \partial x}", "holds"),
    (r"\frac{\partial^{3}}{\partial x^3} x^4 = 24 x", "holds"),
    (r"\frac{\partial^3}{\partial x^2 \partial y} (x^2 y) = 2", "holds"),
    (r"\frac{\partial^2}{\partial \tau^2} \frac{x}{\tau} = \frac{2 x}{\tau^3}", "holds"),
    (r"\frac{\partial^2}{\partial \tau^2} \frac{x}{\tau} = -\frac{2 x}{\tau^3}", "refuted"),
    (r"\frac{\partial^2 \sqrt{1 + x^2}}{\partial x^2} = (1 + x^2)^{-3/2}", "holds"),
])
def test_second_derivatives_of_numbers(statement, expected):
    assert_verdicts(statement, REALS, expected)


@pytest.mark.parametrize("statement, expected", [
    # the Hessian of log-sum-exp: the softmax covariance, entry by entry
    (r"\frac{\partial^2 F}{\partial s_j \partial s_l} = p_j \delta_{jl} - p_j p_l", "holds"),
    (r"\frac{\partial^2 F}{\partial s_j \partial s_l} = p_j \delta_{jl} - p_j", "refuted"),
    (r"\frac{\partial^2 F}{\partial s_j^2} = p_j (1 - p_j)", "holds"),
    (r"\frac{\partial^2 F}{\partial s_j^2} = p_j^2", "refuted"),
    # each row of the Hessian sums to zero (F moves by a constant along all-ones)
    (r"\sum_{l=1}^n \frac{\partial^2 F}{\partial s_j \partial s_l} = 0", "holds"),
])
def test_the_hessian_of_log_sum_exp(statement, expected):
    assert_verdicts(statement, LOGITS, expected)


@pytest.mark.parametrize("statement, message", [
    (r"\frac{\partial F}{\partial s_j \partial s_l} = 0", r"order 2: write its order above, \partial^2"),
    (r"\frac{\partial^2 F}{\partial s_j} = 0", "the orders differ"),
    (r"\frac{\partial^3 F}{\partial s_j \partial s_l} = 0", "the orders differ"),
    (r"\frac{\partial^9 F}{\partial s_j^9} = 0", "a whole number from 1 to 4"),
    (r"\frac{\partial^2 F}{\partial s \partial s} = 0", "a Hessian"),
])
def test_what_is_not_a_derivative_of_higher_order_is_said(statement, message):
    with pytest.raises(DerivationError) as caught:
        check_statement(statement, **LOGITS)
    assert message in str(caught.value)


def close(ball: arb, value: arb) -> bool:
    """The ball holds the value and is tight (53-bit balls: a radius near 1e-15)."""
    return (ball - value).contains(0) and (ball - value).rad() < 1e-12


def test_nested_duals_keep_their_derivatives_apart():
    # f(x, y) = x·y·exp(x): ∂²f/∂x∂y at (1, 2) = (1 + x)·e^x = 2e
    x = Dual(Dual(arb(1), arb(1), 1), arb(0), 2)     # x carries the outer tangent
    y = Dual(arb(2), arb(1), 2)                       # y the inner one
    f = x * y * exp(x)
    assert f.level == 2 and isinstance(f.t, Dual)
    assert close(f.t.t, 2 * arb(1).exp())
    # a shallower dual is a constant to a deeper one, whichever side it is on
    a, b = Dual(arb(3), arb(1), 1), Dual(arb(5), arb(1), 2)
    assert (a + b).level == 2 and (b + a).level == 2 and (a * b).t.v == 3
    # second derivatives of log, sqrt and 1/x at 4: −1/16, −1/32, 2/64
    for fn, expected in ((log, arb(-1) / 16), (sqrt, arb(-1) / 32), (reciprocal, arb(2) / 64)):
        v = Dual(Dual(arb(4), arb(1), 1), Dual(arb(1), arb(0), 1), 2)
        assert close(fn(v).t.t, expected), fn.__name__
    assert strip(Dual(Dual(arb(4), arb(1), 1), arb(1), 2)) == 4


def test_a_tie_of_a_maximum_under_a_second_derivative_is_not_resolved():
    a = Dual(Dual(arb(1), arb(1), 1), arb(1), 2)
    b = Dual(Dual(arb(1), arb(0), 1), arb(0), 2)
    with pytest.raises(ArithmeticError):
        extremum(a, b, "max")
    # under a first derivative the tangent is the union of the two one-sided ones
    tied = extremum(Dual(arb(1), arb(1)), Dual(arb(1), arb(0)), "max")
    assert tied.t.contains(0) and tied.t.contains(1)


def test_a_second_derivative_at_a_kink_is_not_a_pass():
    # 0 away from x = 1; at the kink the second derivative does not exist (SymPy's DiracDelta,
    # the derivative of the step), and the verdict is conditional on it, with the kink as witness
    outcome = check_statement(r"\frac{\partial^2}{\partial x^2} \max(x, 1) = 0", scalar=[{"name": "x"}])
    assert outcome.verdict.value == "conditional" and outcome.condition == "x - 1 ≠ 0"
    assert outcome.witness.values == {"x": "1"} and outcome.witness.lhs == "undefined"


@pytest.mark.parametrize("statement, expected", [
    (r"\frac{d}{dx} \log(1 + e^{x}) = \frac{e^{x}}{1 + e^{x}}", "holds"),
    (r"\frac{d}{d x} \left( x^3 \right) = 3 x^2", "holds"),
    (r"\frac{d x^3}{dx} = 3 x^2", "holds"),
    (r"\frac{d x^3}{dx} = 3 x^3", "refuted"),
    (r"\frac{\mathrm{d}}{\mathrm{d}\tau} \frac{x}{\tau} = -\frac{x}{\tau^2}", "holds"),
    (r"\frac{\mathrm{d}^2}{\mathrm{d}\tau^2} \frac{x}{\tau} = \frac{2x}{\tau^3}", "holds"),
    (r"\frac{d^2 e^{2x}}{dx^2} = 4 e^{2x}", "holds"),
    (r"\frac{d^2 e^{2x}}{dx^2} = 2 e^{2x}", "refuted"),
    # d/dx applies to the rest of the product, as ∂/∂x does
    (r"\frac{d}{dx} x \cdot x = 2 x", "holds"),
])
def test_derivatives_written_with_d(statement, expected):
    assert_verdicts(statement, REALS, expected)


def test_d_beside_a_declared_d_is_ambiguous_and_mathrm_d_is_not():
    dimension = dict(REALS, size=[{"name": "d", "minimum": 1, "checked": [1, 2]}])
    with pytest.raises(DerivationError, match=r"ambiguous: d is declared.*\\mathrm\{d\}"):
        check_statement(r"\frac{d}{dx} x^2 = 2 x", **dimension)
    assert check_statement(r"\frac{\mathrm{d}}{\mathrm{d}x} x^2 = 2 x + 0 d", **dimension).verdict.value \
        in ("proved", "confirmed")
    # a quotient that only looks like one is a quotient: d over d + 1, d over 2d
    assert check_statement(r"\frac{d}{d + 1} < 1", **dimension).verdict.value in ("proved", "confirmed")
    assert check_statement(r"\frac{d}{2 d} = \frac{1}{2}", **dimension).verdict.value in ("proved", "confirmed")


def test_d_over_dx_with_nothing_to_differentiate_is_said():
    with pytest.raises(DerivationError, match="d/dx needs what it differentiates"):
        check_statement(r"x = \frac{d}{dx}", **REALS)


@pytest.mark.parametrize("statement", [
    r"\frac{\partial s_j}{\partial j} = 0",          # by an index: s_j is no function of a real j
    r"\frac{d}{dn} \log n = \frac{1}{n}",             # by a size: it takes whole values
    r"\frac{\partial^2 s_j}{\partial j^2} = 0",
])
def test_a_derivative_by_an_index_or_a_size_is_refused_not_confirmed(statement):
    # these were confirmed (every derivative by a whole number read as 0)
    with pytest.raises(DerivationError, match="an index or a size \\(it takes whole values\\), is not read"):
        check_statement(statement, **LOGITS)
