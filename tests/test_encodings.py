"""Each SymPy encoding against an independent plain-numpy computation written here."""
from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from contrastive_sym.model import encodings as enc
from contrastive_sym.model.nodes import Nabla, StopGrad, strip_stop_grad

g = sp.IndexedBase("g", real=True)
dg = sp.IndexedBase("dg", real=True)
z = sp.IndexedBase("z", real=True)
s = sp.IndexedBase("s", real=True)
tau = sp.Symbol("tau", positive=True)


def evaluate(expr, values: dict) -> float:
    """The encoding at concrete sizes, expanded by SymPy and evaluated at 30 digits."""
    expr = strip_stop_grad(sp.sympify(expr).doit())
    return float(sp.N(expr.xreplace({k: sp.Float(v, 30) for k, v in values.items()}), 30))


def np_lse(x):
    m = np.max(x)
    return m + np.log(np.sum(np.exp(x - m)))


@pytest.mark.parametrize("K", [2, 3, 5])
@pytest.mark.parametrize("seed", [0, 1])
def test_infonce_forms_match_numpy(K, seed):
    logits = np.random.default_rng(seed).normal(size=K) * 3
    values = {g[k + 1]: logits[k] for k in range(K)}
    softmax_pos = np.exp(logits[0] - np_lse(logits))
    assert evaluate(enc.info_nce(g, K), values) == pytest.approx(-np.log(softmax_pos), rel=1e-12)
    assert evaluate(enc.info_nce_k(g, K), values) == pytest.approx(np.log(K * softmax_pos), rel=1e-12)
    assert evaluate(enc.logsumexp(g, K), values) == pytest.approx(np_lse(logits), rel=1e-12)


@pytest.mark.parametrize("K", [2, 4])
def test_flatnce_values_match_numpy(K):
    logits = np.random.default_rng(K).normal(size=K)
    values = {g[k + 1]: logits[k] for k in range(K)}
    negatives = np.sum(np.exp(logits[1:] - logits[0]))
    everything = np.sum(np.exp(logits - logits[0]))
    assert evaluate(enc.flat_nce(g, K), values) == pytest.approx(1.0, abs=1e-14)
    assert evaluate(enc.flat_nce_k(g, K), values) == pytest.approx(-np.log(negatives / K), rel=1e-12)
    assert evaluate(enc.flat_nce_plus(g, K), values) == pytest.approx(1.0, abs=1e-14)
    assert evaluate(enc.flat_nce_plus_k(g, K), values) == pytest.approx(-np.log(everything / K), rel=1e-12)


def test_stop_gradient_has_zero_derivative_but_keeps_its_value():
    K = 3
    logits = np.array([0.3, -1.0, 2.0])
    direction = np.array([1.0, 0.5, -2.0])
    values = {**{g[k + 1]: logits[k] for k in range(K)}, **{dg[k + 1]: direction[k] for k in range(K)}}
    grad = evaluate(Nabla(enc.flat_nce(g, K), g, dg), values)
    # ∇ of s/sg[s] is ∇s/s = ∇ log Σ_{k≠1} exp(g_k − g_1), by hand:
    w = np.exp(logits[1:]) / np.sum(np.exp(logits[1:]))
    expected = np.dot(w, direction[1:]) - direction[0]
    assert grad == pytest.approx(expected, rel=1e-12)
    assert sp.diff(StopGrad(sp.Symbol("x") ** 2), sp.Symbol("x")) == 0


@pytest.mark.parametrize("N,d", [(2, 2), (3, 3)])
def test_nt_xent_matches_numpy(N, d):
    rows = np.random.default_rng(N * 10 + d).normal(size=(2 * N, d))
    values = {z[a + 1, m + 1]: rows[a, m] for a in range(2 * N) for m in range(d)}
    values[tau] = 0.5
    unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    sims = unit @ unit.T / 0.5
    total = 0.0
    for a in range(2 * N):
        positive = (a + N) % (2 * N)
        others = [k for k in range(2 * N) if k != a]
        total += -(sims[a, positive] - np_lse(sims[a, others]))
    assert evaluate(enc.nt_xent(z, N, d, tau), values) == pytest.approx(total / (2 * N), rel=1e-12)


def test_wang_liu_per_anchor_loss_matches_numpy():
    N, i = 4, 2
    matrix = np.random.default_rng(3).normal(size=(N, N))
    values = {s[r + 1, c + 1]: matrix[r, c] for r in range(N) for c in range(N)}
    values[tau] = 0.2
    row = matrix[i - 1] / 0.2
    expected = -(row[i - 1] - np_lse(row))
    assert evaluate(enc.wang_liu_anchor(s, i, N, tau), values) == pytest.approx(expected, rel=1e-12)


def test_positive_row_pairs_the_two_views():
    N = 3
    assert [int(enc.positive_row(a, N)) for a in range(1, 2 * N + 1)] == [4, 5, 6, 1, 2, 3]


def test_sizes_can_stay_symbolic():
    K = sp.Symbol("K", integer=True, positive=True)
    expr = enc.info_nce_k(g, K)
    assert expr.has(sp.Sum) and K in expr.free_symbols
    assert not enc.info_nce_k(g, 3).doit().has(sp.Sum)
