"""The closure compiler (sums as loops, derivatives in forward mode) against SymPy."""
from __future__ import annotations

from fractions import Fraction as F

import pytest
import sympy as sp

from contrastive_sym.model import encodings as enc
from contrastive_sym.check.numeric.indices import var_key
from contrastive_sym.check.numeric.program import UNDEFINED, Program
from contrastive_sym.check.numeric.precision import digits_to_bits
from contrastive_sym.model.nodes import Nabla, StopGrad

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
