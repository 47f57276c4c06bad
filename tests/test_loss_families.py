"""The loss families of :mod:`contrastive_sym.losses.families` (CLIP, DCL, DCLW, SupCon, MoCo,
alignment and uniformity) against the libraries people train with and against plain numpy.

Two independent references:

* ``tests/reference_libraries/values.json``, values and gradients computed by
  pytorch-metric-learning (NT-Xent, SupCon), lightly (DCL, DCLW), open_clip's formula,
  solo-learn's MoCo formula and Wang & Isola's reference code in torch, float64, made by ``make_values.py`` beside it with
  pinned versions (so that CI needs no torch);
* loops over the papers' formulas below, with their own log-sum-exp, sharing no code with
  the module, and central finite differences of them for the gradients, at temperatures
  and shapes the fixture does not have (ties, antipodal rows, N = 2, τ from 1e-3 to 100).
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from contrastive_sym import losses
from contrastive_sym.errors import ArrayInputError

from test_losses import assert_grad_close, cosines, finite_difference, gradient_scale, ref_logsumexp, unit_rows

FIXTURE = json.loads((Path(__file__).parent / "reference_libraries" / "values.json").read_text())


# --- the independent numpy references ---------------------------------------------

def ref_clip(image, text, tau):
    s = cosines(image, text) / tau
    n = len(s)
    rows = [-s[i, i] + ref_logsumexp(s[i]) for i in range(n)]
    columns = [-s[i, i] + ref_logsumexp(s[:, i]) for i in range(n)]
    return (sum(rows) + sum(columns)) / (2 * n)


def _dcl_terms(z1, z2, tau, weights):
    z = np.concatenate([z1, z2])
    rows, n = len(z), len(z1)
    s = cosines(z, z) / tau
    total = 0.0
    for a in range(rows):
        positive = (a + n) % rows
        negatives = [k for k in range(rows) if k not in (a, positive)]
        total += -weights[a % n] * s[a, positive] + ref_logsumexp(s[a, negatives])
    return total / rows


def ref_dcl(z1, z2, tau):
    return _dcl_terms(z1, z2, tau, np.ones(len(z1)))


def ref_dclw_weights(z1, z2, sigma):
    c = np.sum(unit_rows(z1) * unit_rows(z2), axis=1) / sigma
    softmax = np.exp(c - c.max()) / np.exp(c - c.max()).sum()
    return 2 - len(z1) * softmax


def ref_supcon(z, labels, tau):
    s = cosines(z, z) / tau
    m = len(z)
    total = 0.0
    for i in range(m):
        others = [k for k in range(m) if k != i]
        positives = [p for p in others if labels[p] == labels[i]]
        log_denominator = ref_logsumexp(s[i, others])
        total += -sum(s[i, p] - log_denominator for p in positives) / len(positives)
    return total / m


def ref_alignment(x, y, alpha=2.0):
    return float(np.mean(np.linalg.norm(unit_rows(x) - unit_rows(y), axis=1) ** alpha))


def ref_moco(query, key, queue, tau):
    s_pos = np.sum(unit_rows(query) * unit_rows(key), axis=1) / tau
    s_neg = cosines(query, queue) / tau
    return float(np.mean([-s_pos[i] + ref_logsumexp(np.concatenate([[s_pos[i]], s_neg[i]])) for i in range(len(query))]))


def ref_uniformity(x, t=2.0):
    u = unit_rows(x)
    n = len(u)
    exponents = [-t * np.sum((u[i] - u[j]) ** 2) for i in range(n) for j in range(n) if i != j]
    return ref_logsumexp(np.array(exponents)) - math.log(n * (n - 1))


# --- against the libraries -----------------------------------------------------------

def test_the_fixture_was_made_with_the_pinned_versions():
    assert FIXTURE["versions"] == {"torch": "2.13.0+cpu", "numpy": "2.4.6", "pytorch-metric-learning": "2.9.0",
                                   "lightly": "1.6.0"}
    assert len(FIXTURE["cases"]) == 6


def _ours(name, case):
    a, b, tau = np.array(case["a"]), np.array(case["b"]), case["tau"]
    if name == "nt_xent":
        return losses.nt_xent(a, b, tau, grad=True)
    if name == "supcon":
        return losses.supcon(np.concatenate([a, b]), case["supcon_labels"], tau, grad=True)
    if name == "dclw":
        return losses.dclw(a, b, tau, sigma=0.5, grad=True)
    if name in ("dcl", "clip"):
        return getattr(losses, name)(a, b, tau, grad=True)
    if name == "alignment":
        return losses.alignment(a, b, grad=True)
    if name == "moco":
        return losses.moco(a, b, np.array(case["queue"]), tau, grad=True)
    return losses.uniformity(a, grad=True)


@pytest.mark.parametrize("name", ["nt_xent", "supcon", "dcl", "dclw", "clip", "alignment", "uniformity", "moco"])
@pytest.mark.parametrize("case", range(6))
def test_values_and_gradients_agree_with_the_reference_libraries(name, case):
    case = FIXTURE["cases"][case]
    value, grads = _ours(name, case)
    reference_value, reference_grads = case[name]
    assert abs(value - reference_value) <= 1e-12 * max(1.0, abs(reference_value))
    assert len(grads) == len(reference_grads)
    for ours, theirs in zip(grads, reference_grads):
        theirs = np.array(theirs)
        np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-12 * max(1.0, np.max(np.abs(theirs))))


# --- against plain numpy, beyond the fixture ------------------------------------------

TAUS = (1e-3, 0.07, 1.0, 100.0)


def _views(seed, n, d):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, d)), rng.standard_normal((n, d))


def _close(actual, expected, tau):
    assert math.isfinite(actual)
    assert abs(actual - expected) <= 1e-10 * max(abs(expected), 1.0 / tau, 1.0), (actual, expected)


@pytest.mark.parametrize("tau", TAUS)
@pytest.mark.parametrize("n, d", [(2, 1), (2, 3), (3, 2), (5, 4)])
def test_values_match_the_formulas(n, d, tau):
    for seed in range(3):
        a, b = _views(seed, n, d)
        _close(losses.clip(a, b, tau), ref_clip(a, b, tau), tau)
        _close(losses.dcl(a, b, tau), ref_dcl(a, b, tau), tau)
        weights = ref_dclw_weights(a, b, 0.3)
        _close(losses.dclw(a, b, tau, sigma=0.3), _dcl_terms(a, b, tau, weights), tau * 0.3)
        labels = [i % 2 for i in range(2 * n)]
        z = np.concatenate([a, b])
        _close(losses.supcon(z, labels, tau), ref_supcon(z, labels, tau), tau)
    queue = np.random.default_rng(n).standard_normal((n + 2, d))
    _close(losses.moco(a, b, queue, tau), ref_moco(a, b, queue, tau), tau)
    _close(losses.alignment(a, b, alpha=3.0), ref_alignment(a, b, 3.0), 1.0)
    _close(losses.uniformity(a, t=tau), ref_uniformity(a, tau), 1.0 / tau)


@pytest.mark.parametrize("tau", (0.2, 1.0))
def test_gradients_match_finite_differences(tau):
    a, b = _views(7, 3, 4)
    queue = np.random.default_rng(8).standard_normal((5, 4))
    z = np.concatenate([a, b])
    labels = ["cat", "dog", "cat", "dog", "cat", "dog"]
    for ours, reference, arrays in [
        (lambda x, y: losses.clip(x, y, tau, grad=True), lambda x, y: ref_clip(x, y, tau), (a, b)),
        (lambda x, y: losses.dcl(x, y, tau, grad=True), lambda x, y: ref_dcl(x, y, tau), (a, b)),
        (lambda x: losses.supcon(x, labels, tau, grad=True), lambda x: ref_supcon(x, labels, tau), (z,)),
        (lambda x, y: losses.alignment(x, y, 2.5, grad=True), lambda x, y: ref_alignment(x, y, 2.5), (a, b)),
        (lambda x: losses.uniformity(x, tau, grad=True), lambda x: ref_uniformity(x, tau), (a,)),
        (lambda x, y: losses.moco(x, y, queue, tau, grad=True), lambda x, y: ref_moco(x, y, queue, tau), (a, b)),
    ]:
        _, grads = ours(*arrays)
        for g, expected in zip(grads, finite_difference(reference, arrays)):
            assert_grad_close(g, expected, rel=1e-6, scale=gradient_scale(tau, *arrays))


def test_dclw_holds_its_weight_constant_in_the_gradient():
    """The gradient of DCLW is DCL's with the positive logits scaled by the weights at this point,
    not the derivative through the weights (which differs)."""
    a, b = _views(3, 4, 3)
    tau, sigma = 0.5, 0.5
    weights = ref_dclw_weights(a, b, sigma)
    _, grads = losses.dclw(a, b, tau, sigma=sigma, grad=True)
    frozen = finite_difference(lambda x, y: _dcl_terms(x, y, tau, weights), (a, b))
    through = finite_difference(lambda x, y: _dcl_terms(x, y, tau, ref_dclw_weights(x, y, sigma)), (a, b))
    for g, expected, other in zip(grads, frozen, through):
        assert_grad_close(g, expected, rel=1e-6)
        assert np.max(np.abs(g - other)) > 1e-3


def test_extreme_inputs_stay_finite():
    tie = np.ones((3, 2))
    assert losses.dcl(tie, tie, 1e-3) == pytest.approx(-1 / 1e-3 + 1 / 1e-3 + math.log(4), abs=1e-9)
    antipodal = np.array([[1.0, 0.0], [0.0, 1.0]])
    value, (g1, g2) = losses.clip(antipodal * 1e200, -antipodal * 1e-200, 1e-3, grad=True)
    assert math.isfinite(value) and np.all(np.isfinite(g1)) and np.all(np.isfinite(g2))
    assert losses.uniformity(tie) == pytest.approx(0.0, abs=1e-15)     # every pair at distance 0
    value, (g,) = losses.uniformity(np.array([[1.0, 0.0], [-1.0, 0.0]]), t=2.0, grad=True)
    assert value == pytest.approx(-8.0, rel=1e-15)                      # antipodes: ‖·‖² = 4


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(z=hnp.arrays(np.float64, (4, 2), elements=st.floats(-1e3, 1e3, allow_nan=False)),
       labels=st.lists(st.sampled_from("ab"), min_size=4, max_size=4), tau=st.sampled_from([0.05, 1.0, 20.0]))
def test_property_supcon_matches_the_formula(z, labels, tau):
    assume(np.all(np.any(np.abs(z) > 1e-3, axis=1)))
    assume(all(labels.count(label) >= 2 for label in labels))
    _close(losses.supcon(z, labels, tau), ref_supcon(z, labels, tau), tau)


# --- what the functions refuse ----------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: losses.supcon(np.eye(3), [0, 0, 1], 0.5), "row 2 (label 1) has no other row of its class"),
    (lambda: losses.supcon(np.eye(3), [0, 0], 0.5), "one label per row of z (3), got 2"),
    (lambda: losses.dcl(np.eye(1), np.eye(1), 0.5), "needs N >= 2"),
    (lambda: losses.dclw(np.eye(2), np.eye(2), 0.5, sigma=0), "sigma must be a positive finite number"),
    (lambda: losses.clip(np.eye(2), np.zeros((2, 2)), 0.5), "text row 0 is all zeros"),
    (lambda: losses.clip(np.eye(2), np.eye(3), 0.5), "shape"),
    (lambda: losses.uniformity(np.eye(1)), "needs N >= 2 rows"),
    (lambda: losses.alignment(np.eye(2), np.eye(2), alpha=1.0, grad=True), "needs alpha > 1"),
    (lambda: losses.align_uniform(np.eye(2), np.eye(2), lam=-1), "lam must be"),
    (lambda: losses.moco(np.eye(2), np.eye(2), np.ones((3, 3)), 0.5), "queue has rows of 3 entries but query of 2"),
])
def test_bad_arrays_are_refused_by_name(call, message):
    with pytest.raises(ArrayInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_align_uniform_is_the_weighted_sum_of_its_parts():
    a, b = _views(11, 4, 3)
    expected = ref_alignment(a, b) + 0.5 * (ref_uniformity(a) + ref_uniformity(b)) / 2
    assert losses.align_uniform(a, b, lam=0.5) == pytest.approx(expected, rel=1e-12)
