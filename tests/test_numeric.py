"""Ball-arithmetic comparisons: tiny values are not chopped, cancellation is not trusted."""
from __future__ import annotations

from fractions import Fraction as F

import flint
import pytest
import sympy as sp

from contrastive_sym.check.numeric.compiled import Sides, Status, compare, compiled
from contrastive_sym.check.numeric.precision import working_bits
from contrastive_sym.model.claims import Relation

x, y, t = sp.symbols("x y t", real=True)
tau = sp.Symbol("tau", positive=True)


def decide(lhs, rhs, relation, point, digits=50):
    syms = sorted((lhs - rhs).free_symbols | set(point), key=str)
    sides = Sides(compiled([lhs], [s for s in syms if s in sp.sympify(lhs).free_symbols]),
                  compiled([rhs], [s for s in syms if s in sp.sympify(rhs).free_symbols]))
    return compare(sides, relation, point, digits, 1600)


def test_tiny_differences_are_not_chopped_to_zero():
    # e^-100 - e^-101 ≈ 2.3e-44 is far below any absolute tolerance, yet not 0.
    assert decide(sp.exp(-100 * x), sp.exp(-101 * x), Relation.EQ, {x: F(1)}).status is Status.VIOLATED
    assert decide(sp.exp(-101 * x), sp.exp(-100 * x), Relation.LT, {x: F(1)}).status is Status.HOLDS


def test_cancellation_at_extreme_temperature_raises_the_precision():
    lhs = -x / tau + sp.log(sp.exp(x / tau) + sp.exp(y / tau))
    rhs = sp.log(1 + sp.exp((y - x) / tau))
    result = decide(lhs, rhs, Relation.EQ, {x: F(1), y: F(1, 2), tau: F(10) ** -300})
    assert result.status is Status.TIE
    assert result.digits > 300          # 50 digits cannot see the O(1) part of two 1e300 terms


def test_false_identity_at_extreme_temperature_is_found():
    lhs = -x / tau + sp.log(sp.exp(x / tau) + sp.exp(y / tau))
    rhs = sp.Integer(1) + lhs
    assert decide(lhs, rhs, Relation.EQ, {x: F(1), y: F(1, 2), tau: F(10) ** -300}).status is Status.VIOLATED


def test_strict_inequality_at_a_tie_is_not_decided_numerically():
    # log(1 + e^{-1e300}) > 0 is true, but no finite precision separates it from 0.
    result = decide(sp.Integer(0), sp.log(1 + sp.exp(-t)), Relation.LT, {t: F(10) ** 300})
    assert result.status is Status.TIE


def test_undefined_values_are_reported_as_such():
    assert decide(sp.log(x), x, Relation.LE, {x: F(-1)}).status is Status.UNDEFINED


def test_working_bits_restores_the_precision():
    before = flint.ctx.prec
    with pytest.raises(RuntimeError):
        with working_bits(999):
            assert flint.ctx.prec == 999
            raise RuntimeError
    assert flint.ctx.prec == before


def test_a_whole_power_of_a_ball_around_zero_encloses_the_power():
    from flint import arb
    from contrastive_sym.check.numeric.dual import power
    around_zero = arb(0, 1e-19)
    assert not (around_zero ** 2).is_finite()         # python-flint 0.9, the reason for power()
    for n, bound in ((2, 1e-37), (3, 1e-56), (4, 1e-75)):
        value = power(around_zero, n)
        assert value.is_finite() and value.contains(0) and abs(value).upper() < bound
    assert not power(around_zero, -2).is_finite()      # 1/x² near 0: not resolved, never a number
    assert power(arb(-3), 3) == -27 and power(arb(0), 2) == 0


def test_a_real_power_of_zero_is_zero_and_of_a_sum_of_squares_near_zero_encloses_it():
    from flint import arb
    from contrastive_sym.check.numeric.dual import real_power
    assert real_power(arb(0), arb(1.5)) == 0 and real_power(arb(4), arb(0.5)) == 2
    near_zero = arb(0, 1e-30)         # the rounding of u_i − u_i, squared and summed
    enclosed = real_power(near_zero, arb(1.5), nonnegative=True)
    assert enclosed.is_finite() and enclosed.contains(0) and abs(enclosed).upper() < 1e-44
    assert not real_power(near_zero, arb(1.5)).is_finite()     # may be negative: not resolved


def test_a_side_with_a_symbol_named_like_the_compiled_arguments_keeps_its_values_apart():
    # Compiled hands lambdify plain symbols named by a prefix (a Dummy argument costs a second
    # substitution of every node); a name of the side's own with that prefix must not alias one.
    a, b = sp.Symbol("a", real=True), sp.Symbol("_cv0", real=True)
    c = sp.Symbol("_cv1")
    side = compiled([a - 2 * b + 3 * c], [c, b, a])
    with working_bits(200):
        (value,) = side.evaluate({a: F(5), b: F(1), c: F(10)}, 200)
    assert value.contains(33) and value.rad() == 0


def test_a_whole_power_of_a_tie_of_two_inexact_values_is_a_finite_ball():
    # (x - y)^2 at x = y = 1/3: a ball around 0 that is not exactly 0, where python-flint's
    # arb ** 2 is nan; the compiled side used it, so every such point went to the mpmath
    # definedness check (a conditional variance took 12 s instead of 4) before it resolved
    side = compiled([(x - y) ** 2 + (x - y) ** 3], [x, y])
    (value,) = side([F(1, 3), F(1, 3)], 400)
    assert value.is_finite() and value.contains(0) and abs(value).upper() < 1e-100
    assert side([F(1, 3), F(1, 2)], 400) is not None
