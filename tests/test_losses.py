"""Tests of :mod:`contrastive_sym.losses.functions` against an independent plain-numpy reference.

The reference below is written from the papers' formulas with loops and its own
stable log-sum-exp; it shares no code with the module under test.  Gradients are
checked twice: against a hand-derived numpy gradient (softmax minus one-hot,
pushed through the Jacobian of the cosine) and against central finite
differences of the reference value.

Tolerances.  Values agree to ``1e-10`` relative to the size of the terms that
are summed (``1/τ`` for a loss built from logits ``s/τ``): both sides subtract
``s_pos/τ`` from a log-sum-exp of size ``~1/τ``, so a tiny loss at small ``τ``
is a cancellation whose absolute error is set by ``1/τ``, not by the loss.
"""
from __future__ import annotations

import doctest
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import sympy as sp
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from contrastive_sym.losses import inputs as _numpy_inputs
from contrastive_sym.model import encodings
from contrastive_sym.losses import functions as losses
from contrastive_sym.losses import tensor_eval
from contrastive_sym.losses import tensor_rewrite
from contrastive_sym.errors import ArrayInputError

TAUS = (1e-3, 0.07, 0.5, 1.0, 100.0)
SHAPES = [(n, d) for n in (1, 2, 3, 8) for d in (1, 2, 5)]
SEEDS = (0, 1, 2)


# --- the independent reference --------------------------------------------------

def ref_logsumexp(v: np.ndarray) -> float:
    v = np.asarray(v, dtype=float)
    m = np.max(v)
    return float(m + np.log(np.sum(np.exp(v - m))))


def ref_softmax(v: np.ndarray) -> np.ndarray:
    e = np.exp(v - np.max(v))
    return e / e.sum()


def unit_rows(z: np.ndarray) -> np.ndarray:
    """Rows divided by their norms, computed after scaling by the largest entry (no overflow)."""
    scaled = z / np.max(np.abs(z), axis=1, keepdims=True)
    return scaled / np.linalg.norm(scaled, axis=1, keepdims=True)


def row_norms(z: np.ndarray) -> np.ndarray:
    scale = np.max(np.abs(z), axis=1)
    return scale * np.linalg.norm(z / scale[:, None], axis=1)


def cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return unit_rows(a) @ unit_rows(b).T


def ref_nt_xent(z1, z2, tau) -> float:
    z = np.concatenate([z1, z2])
    rows, n = len(z), len(z1)
    s = cosines(z, z) / tau
    total = 0.0
    for a in range(rows):
        positive = (a + n) % rows
        others = [k for k in range(rows) if k != a]
        total += -s[a, positive] + ref_logsumexp(s[a, others])
    return total / rows


def ref_info_nce(query, key, tau) -> float:
    s = cosines(query, key) / tau
    return float(np.mean([-s[i, i] + ref_logsumexp(s[i]) for i in range(len(s))]))


def ref_flat_nce_surrogate(z1, z2, tau) -> float:
    """``(1/2N) Σ_a log Σ_{k∉{a,pos}} exp((s_ak - s_a,pos)/τ)``: FlatNCE's gradient is this one's."""
    z = np.concatenate([z1, z2])
    rows, n = len(z), len(z1)
    s = cosines(z, z) / tau
    total = 0.0
    for a in range(rows):
        positive = (a + n) % rows
        negatives = [k for k in range(rows) if k not in (a, positive)]
        total += ref_logsumexp(s[a, negatives] - s[a, positive])
    return total / rows


def cosine_backprop(z: np.ndarray, g_unit: np.ndarray) -> np.ndarray:
    """∂L/∂z from ∂L/∂u, ``u = z/‖z‖`` row by row: ``(I - u uᵀ) g / ‖z‖``."""
    u = unit_rows(z)
    radial = np.sum(u * g_unit, axis=1, keepdims=True)
    return (g_unit - radial * u) / row_norms(z)[:, None]


def ref_two_view_grad(z1, z2, tau, negatives_only: bool):
    """The analytic gradient of NT-Xent (or of FlatNCE's surrogate): softmax minus one-hot."""
    z = np.concatenate([z1, z2])
    rows, n = len(z), len(z1)
    s = cosines(z, z) / tau
    w = np.zeros((rows, rows))  # w[a, k] = ∂L/∂cos(z_a, z_k)
    for a in range(rows):
        positive = (a + n) % rows
        excluded = (a, positive) if negatives_only else (a,)
        kept = [k for k in range(rows) if k not in excluded]
        w[a, kept] += ref_softmax(s[a, kept])
        w[a, positive] -= 1.0
    w /= rows * tau
    u = unit_rows(z)
    g = cosine_backprop(z, (w + w.T) @ u)
    return g[:n], g[n:]


def ref_info_nce_grad(query, key, tau):
    s = cosines(query, key) / tau
    n = len(s)
    w = np.array([ref_softmax(s[i]) for i in range(n)]) - np.eye(n)
    w /= n * tau
    return (cosine_backprop(query, w @ unit_rows(key)),
            cosine_backprop(key, w.T @ unit_rows(query)))


def finite_difference(f, arrays, h=1e-6):
    """Central differences of ``f(*arrays)`` for every entry of every array."""
    grads = []
    for index, array in enumerate(arrays):
        g = np.zeros_like(array)
        for position in np.ndindex(array.shape):
            step = h * max(1.0, abs(array[position]))
            up = [a.copy() for a in arrays]
            down = [a.copy() for a in arrays]
            up[index][position] += step
            down[index][position] -= step
            g[position] = (f(*up) - f(*down)) / (2 * step)
        grads.append(g)
    return grads


def assert_value_close(actual, expected, tau=1.0, rel=1e-10):
    assert isinstance(actual, float)
    assert math.isfinite(actual)
    scale = max(abs(expected), 1.0 / tau, 1.0)
    assert abs(actual - expected) <= rel * scale, (actual, expected)


def gradient_scale(tau, *arrays):
    """The size of one term of a gradient: ``1/(τ ‖z_a‖)`` for the shortest row."""
    return 1.0 / (tau * min(np.min(row_norms(a)) for a in arrays))


def assert_grad_close(actual, expected, rel=1e-9, scale=0.0):
    """Entries agree to ``rel`` times the largest entry, or times ``scale`` (the size of
    the terms that cancel) when that is larger: with ``d = 1`` the exact gradient is 0."""
    assert actual.shape == expected.shape and actual.dtype == np.float64
    assert np.all(np.isfinite(actual))
    scale = max(np.max(np.abs(expected)), scale, 1e-300)
    np.testing.assert_allclose(actual, expected, rtol=0, atol=rel * scale)


def case_seeds(n, d, tau, count=1):
    """Seeds that differ from case to case, so a grid of cases also covers many seeds."""
    first = 100 * SHAPES.index((n, d)) + 10 * TAUS.index(tau)
    return range(first, first + count)


def views(seed, n, d):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, d)), rng.standard_normal((n, d))


# --- docstrings -------------------------------------------------------------------

@pytest.mark.parametrize("module", [losses, tensor_eval, tensor_rewrite, _numpy_inputs])
def test_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


# --- values ----------------------------------------------------------------------

@pytest.mark.parametrize("n, d", SHAPES)
@pytest.mark.parametrize("tau", TAUS)
def test_nt_xent_value_matches_reference(n, d, tau):
    for seed in SEEDS:
        z1, z2 = views(seed, n, d)
        assert_value_close(losses.nt_xent(z1, z2, tau), ref_nt_xent(z1, z2, tau), tau)


@pytest.mark.parametrize("n, d", SHAPES)
@pytest.mark.parametrize("tau", TAUS)
def test_info_nce_value_matches_reference(n, d, tau):
    for seed in SEEDS:
        q, k = views(seed, n, d)
        assert_value_close(losses.info_nce(q, k, tau), ref_info_nce(q, k, tau), tau)


@pytest.mark.parametrize("n, d", [s for s in SHAPES if s[0] >= 2])
@pytest.mark.parametrize("tau", TAUS)
def test_flat_nce_value_is_one_and_gradient_is_the_surrogates(n, d, tau):
    for seed in case_seeds(n, d, tau):
        z1, z2 = views(seed, n, d)
        value, (g1, g2) = losses.flat_nce(z1, z2, tau, grad=True)
        assert abs(value - 1.0) <= 1e-12
        assert losses.flat_nce(z1, z2, tau) == value
        r1, r2 = ref_two_view_grad(z1, z2, tau, negatives_only=True)
        assert_grad_close(g1, r1, scale=gradient_scale(tau, z1, z2))
        assert_grad_close(g2, r2, scale=gradient_scale(tau, z1, z2))


@pytest.mark.parametrize("tau", TAUS)
def test_special_batches(tau):
    rng = np.random.default_rng(7)
    base = rng.standard_normal((3, 4))
    same_row = np.tile(rng.standard_normal(4), (3, 1))
    cases = {
        "identical views": (base, base.copy()),
        "antipodal views": (base, -base),
        "all rows identical": (same_row, same_row.copy()),
        "scaled by 1e-8": (base * 1e-8, rng.standard_normal((3, 4)) * 1e-8),
        "scaled by 1e8": (base * 1e8, rng.standard_normal((3, 4)) * 1e8),
        "rows of mixed scale": (base * 10.0 ** rng.uniform(-8, 8, (3, 1)), base[::-1] * 1e8),
    }
    for name, (z1, z2) in cases.items():
        assert_value_close(losses.nt_xent(z1, z2, tau), ref_nt_xent(z1, z2, tau), tau)
        assert_value_close(losses.info_nce(z1, z2, tau), ref_info_nce(z1, z2, tau), tau)
        _, (g1, g2) = losses.nt_xent(z1, z2, tau, grad=True)
        r1, r2 = ref_two_view_grad(z1, z2, tau, negatives_only=False)
        assert_grad_close(g1, r1, scale=gradient_scale(tau, z1, z2))
        assert_grad_close(g2, r2, scale=gradient_scale(tau, z1, z2))


def test_closed_forms():
    # Every row the same: all cosines 1, each anchor's loss is log(2N - 1).
    z = np.ones((4, 3))
    assert abs(losses.nt_xent(z, z, 0.3) - math.log(7)) < 1e-13
    # Orthonormal samples, identical views: -1/τ + log(e^{1/τ} + 2N - 2).
    e = np.eye(2)
    assert abs(losses.nt_xent(e, e, 1.0) - (math.log(math.e + 2) - 1)) < 1e-15
    # Antipodal views of one sample: the only other row is the positive, loss 0.
    assert losses.nt_xent(np.array([[1.0, 2.0]]), np.array([[-1.0, -2.0]]), 0.1) == 0.0


def test_cosine_is_scale_invariant():
    z1, z2 = views(3, 4, 5)
    for scale in (1e-8, 1e8):
        assert_value_close(losses.nt_xent(z1 * scale, z2 * scale, 0.5), losses.nt_xent(z1, z2, 0.5))
        _, (g, _) = losses.nt_xent(z1 * scale, z2 * scale, 0.5, grad=True)
        _, (g0, _) = losses.nt_xent(z1, z2, 0.5, grad=True)
        assert_grad_close(g * scale, g0)  # a 0-homogeneous loss has a (-1)-homogeneous gradient


def test_logsumexp_values():
    rng = np.random.default_rng(0)
    for size in (1, 2, 7, 50):
        x = rng.standard_normal(size) * 30
        assert_value_close(losses.logsumexp(x), ref_logsumexp(x))
    assert losses.logsumexp(np.array([1000.0, 1000.0])) == 1000 + math.log(2)
    assert losses.logsumexp([-1000.0, -1000.0]) == -1000 + math.log(2)
    assert losses.logsumexp(np.array([1e300, 1e300])) == 1e300
    assert losses.logsumexp([1e300, -1e300, 5e299]) == 1e300
    assert losses.logsumexp([1.7e308, -1.7e308]) == 1.7e308
    assert losses.logsumexp([3.0]) == 3.0


def test_numbers_are_the_encodings_own():
    """The encoding itself, expanded by SymPy for N = d = 2 and evaluated to 20 digits."""
    q, k = sp.IndexedBase("q"), sp.IndexedBase("k")
    loss = encodings.info_nce_rows(q, k, 2, 2, sp.Rational(1, 2)).doit()
    query, key = [[1, 2], [3, -1]], [[-2, 1], [1, 1]]
    point = {q[i + 1, j + 1]: query[i][j] for i in range(2) for j in range(2)}
    point.update({k[i + 1, j + 1]: key[i][j] for i in range(2) for j in range(2)})
    value, (g_query, _) = losses.info_nce(np.array(query, float), np.array(key, float), 0.5, grad=True)
    assert abs(value - float(loss.xreplace(point).evalf(20))) < 1e-14
    # One entry: SymPy's diff of the expanded sum is the slow part of this test.
    expected = float(sp.diff(loss, q[2, 1]).xreplace(point).evalf(20))
    assert abs(g_query[1, 0] - expected) < 1e-14


# --- gradients -------------------------------------------------------------------

@pytest.mark.parametrize("n, d", SHAPES)
@pytest.mark.parametrize("tau", TAUS)
def test_gradients_match_analytic_reference(n, d, tau):
    for seed in case_seeds(n, d, tau):
        z1, z2 = views(seed, n, d)
        value, (g1, g2) = losses.nt_xent(z1, z2, tau, grad=True)
        assert value == losses.nt_xent(z1, z2, tau)
        scale = gradient_scale(tau, z1, z2)
        r1, r2 = ref_two_view_grad(z1, z2, tau, negatives_only=False)
        assert_grad_close(g1, r1, scale=scale)
        assert_grad_close(g2, r2, scale=scale)
        value, (gq, gk) = losses.info_nce(z1, z2, tau, grad=True)
        rq, rk = ref_info_nce_grad(z1, z2, tau)
        assert_grad_close(gq, rq, scale=scale)
        assert_grad_close(gk, rk, scale=scale)


@pytest.mark.parametrize("n, d, tau", [(1, 2, 0.5), (2, 3, 0.5), (3, 2, 0.2), (2, 1, 1.0), (3, 3, 5.0)])
def test_gradients_match_finite_differences_of_reference(n, d, tau):
    z1, z2 = views(11, n, d)
    _, grads = losses.nt_xent(z1, z2, tau, grad=True)
    for g, fd in zip(grads, finite_difference(lambda a, b: ref_nt_xent(a, b, tau), [z1, z2])):
        np.testing.assert_allclose(g, fd, rtol=1e-6, atol=1e-7)
    _, grads = losses.info_nce(z1, z2, tau, grad=True)
    for g, fd in zip(grads, finite_difference(lambda a, b: ref_info_nce(a, b, tau), [z1, z2])):
        np.testing.assert_allclose(g, fd, rtol=1e-6, atol=1e-7)
    if n >= 2:
        _, grads = losses.flat_nce(z1, z2, tau, grad=True)
        for g, fd in zip(grads, finite_difference(lambda a, b: ref_flat_nce_surrogate(a, b, tau), [z1, z2])):
            np.testing.assert_allclose(g, fd, rtol=1e-6, atol=1e-7)


def test_logsumexp_gradient_is_softmax():
    rng = np.random.default_rng(1)
    for x in (rng.standard_normal(6) * 10, np.array([1000.0, 1000.0, -1000.0]), np.array([2.5])):
        value, (g,) = losses.logsumexp(x, grad=True)
        assert value == losses.logsumexp(x)
        assert_grad_close(g, ref_softmax(x))
    x = rng.standard_normal(4)
    (fd,) = finite_difference(lambda v: ref_logsumexp(v), [x])
    np.testing.assert_allclose(losses.logsumexp(x, grad=True)[1][0], fd, rtol=1e-7, atol=1e-8)


def test_gradient_shapes_and_types():
    z1, z2 = views(0, 3, 4)
    for fn in (losses.nt_xent, losses.info_nce, losses.flat_nce):
        value, grads = fn(z1.tolist(), z2, 0.5, grad=True)
        assert type(value) is float
        assert isinstance(grads, tuple) and len(grads) == 2
        assert all(isinstance(g, np.ndarray) and g.shape == (3, 4) for g in grads)
        assert type(fn(z1, z2, 0.5)) is float
    value, grads = losses.logsumexp([1, 2, 3], grad=True)
    assert type(value) is float and len(grads) == 1 and grads[0].shape == (3,)


def test_delta_sifting_respects_ranges():
    # Σ_{k=1}^{n} δ_{kp} x_k is x_p only for p ≤ n; with p up to n + 1 the sum must stay.
    x, k = sp.IndexedBase("x"), sp.Symbol("k", integer=True)
    n, p = sp.Symbol("n", integer=True, positive=True), sp.Symbol("p", integer=True)
    total = sp.Sum(sp.KroneckerDelta(k, p) * x[k], (k, 1, n))
    assert tensor_rewrite.contract_deltas(total, {p: (1, n)}) == x[p]
    kept = tensor_rewrite.contract_deltas(total, {p: (1, n + 1)})
    assert kept.has(sp.Sum)
    values = tensor_eval.evaluate(kept, {x: np.array([5.0, 7.0])}, {n: 2}, [(p, 1, 3)])
    np.testing.assert_array_equal(values, [5.0, 7.0, 0.0])


# --- stability -------------------------------------------------------------------

@pytest.mark.parametrize("tau", [1e-4, 1e-3, 1e3, 1e4])
def test_extreme_temperatures_stay_finite(tau):
    rng = np.random.default_rng(5)
    z1 = rng.standard_normal((4, 3))
    for z2 in (rng.standard_normal((4, 3)), z1.copy(), -z1):
        for fn in (losses.nt_xent, losses.info_nce, losses.flat_nce):
            value, grads = fn(z1, z2, tau, grad=True)
            assert math.isfinite(value), (fn.__name__, tau)
            assert all(np.all(np.isfinite(g)) for g in grads), (fn.__name__, tau)
        assert_value_close(losses.nt_xent(z1, z2, tau), ref_nt_xent(z1, z2, tau), tau)


# --- bad input -------------------------------------------------------------------

GOOD = np.array([[1.0, 2.0], [3.0, 4.0]])


@pytest.mark.parametrize("call, message", [
    (lambda: losses.nt_xent(np.ones((3, 4)), np.ones((2, 4)), 0.5),
     r"nt_xent: z1 has shape \(3, 4\) but z2 has shape \(2, 4\)"),
    (lambda: losses.info_nce(np.ones((2, 3)), np.ones((2, 4)), 0.5),
     r"info_nce: query has shape \(2, 3\) but key has shape \(2, 4\)"),
    (lambda: losses.nt_xent(GOOD, GOOD, 0.0), r"tau must be a positive finite number, got tau=0\.0"),
    (lambda: losses.nt_xent(GOOD, GOOD, -1), r"got tau=-1"),
    (lambda: losses.nt_xent(GOOD, GOOD, float("nan")), r"got tau=nan"),
    (lambda: losses.flat_nce(GOOD, GOOD, float("inf")), r"flat_nce: tau .* got tau=inf"),
    (lambda: losses.nt_xent(GOOD, GOOD, "0.5"), r"got tau='0\.5'"),
    (lambda: losses.nt_xent(GOOD, GOOD, True), r"got tau=True"),
    (lambda: losses.nt_xent(GOOD, GOOD, 1j), r"got tau=1j"),
    (lambda: losses.nt_xent(np.ones(4), np.ones(4), 0.5), r"z1 must be a 2-D array .* got shape \(4,\)"),
    (lambda: losses.nt_xent(np.ones((1, 2, 2)), np.ones((1, 2, 2)), 0.5), r"got shape \(1, 2, 2\)"),
    (lambda: losses.nt_xent(np.ones((0, 2)), np.ones((0, 2)), 0.5), r"at least one row .* \(0, 2\)"),
    (lambda: losses.nt_xent(GOOD, [[1.0, np.nan], [1.0, 1.0]], 0.5), r"z2\[0, 1\] = nan is not finite"),
    (lambda: losses.info_nce([[np.inf, 1.0]], [[1.0, 1.0]], 0.5), r"query\[0, 0\] = inf is not finite"),
    (lambda: losses.nt_xent(GOOD + 1j, GOOD, 0.5), r"z1 must hold real numbers, got dtype complex128"),
    (lambda: losses.nt_xent([["a", "b"]], [["a", "b"]], 0.5), r"z1 must hold real numbers"),
    (lambda: losses.nt_xent([[1.0, 2.0], [1.0]], GOOD, 0.5), r"z1 is not an array of numbers"),
    (lambda: losses.nt_xent(GOOD, [[1.0, 2.0], [0.0, 0.0]], 0.5), r"z2 row 1 is all zeros"),
    (lambda: losses.info_nce(GOOD, [[0.0, 0.0], [1.0, 0.0]], 0.5), r"key row 0 is all zeros"),
    (lambda: losses.flat_nce([[1.0, 2.0]], [[2.0, 1.0]], 0.5), r"flat_nce: needs N >= 2 .* \(1, 2\)"),
    (lambda: losses.logsumexp([]), r"logsumexp: x must be a non-empty 1-D array, got shape \(0,\)"),
    (lambda: losses.logsumexp(np.ones((2, 2))), r"got shape \(2, 2\)"),
    (lambda: losses.logsumexp(3.0), r"got shape \(\)"),
    (lambda: losses.logsumexp([1.0, -np.inf]), r"x\[1\] = -inf is not finite"),
])
def test_bad_input_raises_array_input_error(call, message):
    with pytest.raises(ArrayInputError, match=message) as caught:
        call()
    assert isinstance(caught.value, ValueError)


# --- properties ------------------------------------------------------------------

# Magnitudes stay within [1e-6, 1e3] (or 0): below that a row's gradient, of size
# 1/(τ‖z_a‖), can exceed the float range, which is the true value, not an error.
entries = st.one_of(
    st.just(0.0),
    st.floats(min_value=1e-6, max_value=1e3),
    st.floats(min_value=-1e3, max_value=-1e-6),
)


@st.composite
def two_views(draw):
    n = draw(st.integers(1, 3))
    d = draw(st.integers(1, 3))
    z1 = draw(hnp.arrays(np.float64, (n, d), elements=entries))
    z2 = draw(hnp.arrays(np.float64, (n, d), elements=entries))
    return z1, z2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(views=two_views(), tau=st.sampled_from([0.05, 0.5, 1.0, 20.0]))
@example(views=(np.array([[1.0, 0.0]]), np.array([[-1.0, 0.0]])), tau=0.05)      # antipodal views
@example(views=(np.ones((3, 2)), np.ones((3, 2))), tau=1.0)                       # every row the same
@example(views=(np.array([[1e-6], [-1e3]]), np.array([[1e3], [1e-6]])), tau=0.5)  # d = 1: cosines ±1
def test_property_nt_xent_and_info_nce_match_reference(views, tau):
    z1, z2 = views
    assume(np.all(np.any(z1 != 0, axis=1)) and np.all(np.any(z2 != 0, axis=1)))
    value, (g1, g2) = losses.nt_xent(z1, z2, tau, grad=True)
    assert_value_close(value, ref_nt_xent(z1, z2, tau), tau)
    r1, r2 = ref_two_view_grad(z1, z2, tau, negatives_only=False)
    assert_grad_close(g1, r1, rel=1e-8, scale=gradient_scale(tau, z1, z2))
    assert_grad_close(g2, r2, rel=1e-8, scale=gradient_scale(tau, z1, z2))
    assert_value_close(losses.info_nce(z1, z2, tau), ref_info_nce(z1, z2, tau), tau)


# --- import cost -----------------------------------------------------------------

def test_import_is_lazy_and_matplotlib_free():
    code = (
        "import sys, contrastive_sym.losses.functions as L, contrastive_sym.losses.programs as P\n"
        "assert P.stabilised.cache_info().currsize == 0\n"
        "assert 'matplotlib' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[1])
