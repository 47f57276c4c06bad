"""The closure compiler (sums as loops, derivatives in forward mode) against SymPy."""
from __future__ import annotations

from fractions import Fraction as F

import pytest
import sympy as sp

from contrastive_sym.model import encodings as enc
from contrastive_sym.check.numeric.indices import var_key
from contrastive_sym.check.numeric.program import UNDEFINED, Program
from contrastive_sym.check.numeric.precision import digits_to_bits
from contrastive_sym.model.nodes import Folded, Nabla, StopGrad

g = sp.IndexedBase("g", real=True)
dg = sp.IndexedBase("dg", real=True)
s = sp.IndexedBase("s", real=True)
tau = sp.Symbol("tau", positive=True)
K = sp.Symbol("K", integer=True, positive=True)
N = sp.Symbol("N", integer=True, positive=True)
i = sp.Symbol("i", integer=True, positive=True)


def run(expr, fixed, values):
    point = {var_key(k): v for k, v in values.items()}
    out = Program(expr, fixed)(point, digits_to_bits(40))
    return out


def reference(expr, fixed, values):
    concrete = expr.xreplace(fixed).doit()
    concrete = concrete.replace(lambda e: isinstance(e, StopGrad), lambda e: e.args[0])
    return sp.N(concrete.xreplace({k: sp.Rational(v.numerator, v.denominator) for k, v in values.items()}), 40)


LOGITS = {g[1]: F(1, 3), g[2]: F(-2), g[3]: F(5, 7), g[4]: F(0)}
DIRS = {dg[1]: F(1), dg[2]: F(-1, 2), dg[3]: F(2), dg[4]: F(3)}


@pytest.mark.parametrize("make", [enc.info_nce, enc.info_nce_k, enc.flat_nce_k, enc.flat_nce_plus_k])
def test_sums_as_loops_agree_with_expansion(make):
    expr = make(g, K)
    got = run(expr, {K: 4}, LOGITS)
    assert float(got.mid()) == pytest.approx(float(reference(expr, {K: 4}, LOGITS)), rel=1e-14)


@pytest.mark.parametrize("make", [enc.info_nce, enc.flat_nce, enc.flat_nce_k, enc.flat_nce_plus])
def test_forward_mode_gradient_agrees_with_sympy(make):
    expr = Nabla(make(g, K), g, dg)
    values = {**LOGITS, **DIRS}
    got = run(expr, {K: 4}, values)
    assert float(got.mid()) == pytest.approx(float(reference(expr, {K: 4}, values)), rel=1e-13)


def test_derivative_with_respect_to_an_indexed_element():
    loss = enc.wang_liu_anchor(s, i, N, tau)
    values = {s[2, 1]: F(1, 2), s[2, 2]: F(-1), s[2, 3]: F(3, 2), tau: F(1, 3)}
    expr = sp.Derivative(loss, s[i, i])
    got = run(expr, {N: 3, i: 2}, values)
    assert float(got.mid()) == pytest.approx(float(reference(expr, {N: 3, i: 2}, values)), rel=1e-13)


def test_logarithm_of_a_negative_is_undefined():
    x = sp.Symbol("x", real=True)
    assert run(sp.log(x), {}, {x: F(-1)}) == UNDEFINED


def test_reads_record_the_elements_used():
    program = Program(enc.flat_nce_k(g, K), {K: 3})
    assert program.reads == {(g.label, 1), (g.label, 2), (g.label, 3)}


# A unit vector with rational, non-dyadic entries: its ball always has a radius, so ⟨w, w⟩ = 1
# straddles the end of acos's interval at every precision; the exact rationals decide it.
W = sp.IndexedBase("w", real=True)
m = sp.Symbol("m", integer=True, positive=True)
UNIT = {W[1]: F(3, 5), W[2]: F(-4, 5)}
COSINE = sp.Sum(W[m] * W[m], (m, 1, 2))


@pytest.mark.parametrize("expr, expected", [
    (sp.acos(COSINE), 0),                         # the angle of a vector with itself
    (sp.acos(-COSINE), sp.pi),                    # with its opposite
    (sp.asin(COSINE), sp.pi / 2),
])
def test_an_argument_exactly_at_the_end_of_the_interval_is_decided_exactly(expr, expected):
    got = run(expr, {}, UNIT)
    assert got is not None and got is not UNDEFINED, "not resolved at any precision"
    assert abs(float(got.mid()) - float(expected)) < 1e-30 and float(got.rad()) < 1e-30, got


@pytest.mark.parametrize("expr", [sp.acos(COSINE + sp.Rational(1, 10**60)), sp.acosh(COSINE - sp.Rational(1, 10**60))])
def test_an_argument_exactly_outside_the_interval_is_undefined(expr):
    assert run(expr, {}, UNIT) is UNDEFINED


def test_a_folded_root_whose_argument_is_exactly_0_is_defined():
    t = sp.Symbol("t", real=True)
    folded = Folded(COSINE, 1 - COSINE ** 2, 0)       # cos(acos(⟨w, w⟩)) as SymPy folds it
    assert float(run(folded, {}, UNIT).mid()) == pytest.approx(1.0, rel=1e-30)
    assert run(Folded(COSINE, COSINE ** 2 - 1 - t ** 2 - sp.Rational(1, 10**60), 0), {}, {**UNIT, t: F(0)}) is UNDEFINED


def test_a_derivative_at_the_end_of_the_interval_stays_unresolved():
    theta = sp.Symbol("theta", real=True)
    # d/dθ acos(θ⟨w, w⟩) at θ = 1: acos has no slope at 1, so the ball is never passed as a value
    expr = sp.Derivative(sp.acos(theta * COSINE), theta)
    assert run(expr, {}, {**UNIT, theta: F(1)}) in (None, UNDEFINED)
