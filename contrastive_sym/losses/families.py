r"""The loss families beyond the seeds on numpy arrays: CLIP, DCL and DCLW, SupCon, and
Wang & Isola's alignment and uniformity, each evaluated (with its gradient) from its
encoding in :mod:`contrastive_sym.model.encodings`, as :mod:`.functions` does.

Every similarity is the cosine of the raw rows, so each loss sees a row only through its
direction: a row of zeros has none and is refused (:func:`.inputs.as_matrix`), and rows are rescaled by powers of two
before evaluation (exact; see :mod:`.functions`).

>>> import math
>>> x = np.array([[1.0, 0.0], [0.0, 1.0]])
>>> abs(clip(x, x, 1.0) - math.log(1 + math.exp(-1))) < 1e-15
True
>>> alignment(x, x)
0.0
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from ..errors import ArrayInputError
from .inputs import as_matrix, as_temperature, same_shape
from .programs import (ALPHA, D, N, QUEUE_LENGTH, SIGMA, T, TAU, evaluate, pair_loss, rows_loss, scale_rows,
                       two_view_loss, unscale_rows)


def _positive(function: str, name: str, value: object) -> float:
    """A positive finite parameter (σ, t, α) as a float."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real) \
            or not (math.isfinite(float(value)) and float(value) > 0):
        raise ArrayInputError(f"{function}: {name} must be a positive finite number, got {name}={value!r}")
    return float(value)


def clip(image, text, tau, grad: bool = False):
    r"""CLIP's symmetric contrastive loss of ``N`` matched pairs (``image_i``, ``text_i``),
    as :func:`encodings.clip`: the mean of the cross entropy of the logits
    ``cos(image_i, text_j)/τ`` over the rows (image to text) and over the columns (text to image).

    Returns a float, or with ``grad=True`` ``(value, (∂L/∂image, ∂L/∂text))``.
    """
    return pair_loss("clip", image, text, ("image", "text"), {TAU: as_temperature("clip", tau)}, grad)


def moco(query, key, queue, tau, grad: bool = False):
    r"""MoCo's loss of ``N`` queries and their positive keys (each ``(N, d)``) against a ``queue`` of ``K``
    negative keys (``(K, d)``), as :func:`encodings.moco`.  The queue is a constant buffer, as in MoCo (no
    gradient flows into it).

    Returns a float, or with ``grad=True`` ``(value, (∂L/∂query, ∂L/∂key))``.
    """
    name = "moco"
    q, k = as_matrix(name, "query", query), as_matrix(name, "key", key)
    same_shape(name, ("query", q), ("key", k))
    negatives = as_matrix(name, "queue", queue)
    if negatives.shape[1] != q.shape[1]:
        raise ArrayInputError(f"{name}: queue has rows of {negatives.shape[1]} entries but query of {q.shape[1]}")
    tau = as_temperature(name, tau)
    n, d = q.shape
    # each query's candidates: its key, then the queue
    candidates = np.concatenate([k[:, None, :], np.broadcast_to(negatives, (n,) + negatives.shape)], axis=1)
    (u, eu), (c, ec) = scale_rows(q), scale_rows(candidates)
    value, grads = evaluate(name, (u, c), {N: n, D: d, QUEUE_LENGTH: negatives.shape[0], TAU: tau}, grad)
    if not grad:
        return value
    # the queue is a constant buffer: of the candidates' gradient only the keys' part is kept
    return value, (unscale_rows(grads[0], eu), unscale_rows(grads[1], ec)[:, 0, :])


def dcl(z1, z2, tau, grad: bool = False):
    r"""The decoupled contrastive loss (Yeh et al. 2022) of two views, as :func:`encodings.dcl`:
    :func:`nt_xent`'s anchors and negatives, with the positive left out of the denominator.
    Needs ``N ≥ 2``.

    Returns a float, or with ``grad=True`` ``(value, (∂L/∂z1, ∂L/∂z2))``.
    """
    return two_view_loss("dcl", z1, z2, tau, grad)


def dclw(z1, z2, tau, sigma: float = 0.5, grad: bool = False):
    r"""DCLW (Yeh et al. 2022), as :func:`encodings.dclw`: :func:`dcl` with the positive logit of
    sample ``i`` weighted by ``w_i = 2 - N softmax_i(cos(z1_i, z2_i)/σ)``, the weight held constant
    in the gradient (as lightly's ``DCLWLoss`` does; the authors' code differentiates through it).
    """
    return two_view_loss("dclw", z1, z2, tau, grad, {SIGMA: _positive("dclw", "sigma", sigma)})


def supcon(z, labels, tau, grad: bool = False):
    r"""The supervised contrastive loss ``L^sup_out`` (Khosla et al. 2020) of ``M`` rows ``z`` with
    class ``labels`` (any hashable values, one per row), as :func:`encodings.supcon`: for each
    anchor, the mean over its positives (the other rows of its class) of the log-softmax over all
    other rows; the mean over anchors.  Every row needs another row of its class.

    Returns a float, or with ``grad=True`` ``(value, (∂L/∂z,))``.
    """
    name = "supcon"
    z = as_matrix(name, "z", z)
    labels = list(np.asarray(labels).reshape(-1)) if not isinstance(labels, (list, tuple)) else list(labels)
    if len(labels) != z.shape[0]:
        raise ArrayInputError(f"{name}: labels must give one label per row of z ({z.shape[0]}), got {len(labels)}")
    tau = as_temperature(name, tau)
    same = np.array([[1.0 if a == b else 0.0 for b in labels] for a in labels])
    alone = np.flatnonzero(same.sum(axis=1) < 2)
    if alone.size:
        raise ArrayInputError(f"{name}: row {alone[0]} (label {labels[alone[0]]!r}) has no other row of its class, "
                              "so it has no positive")
    m, d = z.shape
    return rows_loss(name, z, {N: m, D: d, TAU: tau}, grad, constants=(same,))


def alignment(x, y, alpha: float = 2.0, grad: bool = False):
    r"""Wang & Isola's alignment ``(1/N) Σ_i ‖x̂_i - ŷ_i‖^α`` of the pairs (``x_i``, ``y_i``), the
    rows normalised to the unit sphere first (:func:`encodings.alignment`).  At ``x̂_i = ŷ_i``
    the gradient needs ``α > 1`` to exist; it is refused there otherwise.

    Returns a float, or with ``grad=True`` ``(value, (∂L/∂x, ∂L/∂y))``.
    """
    alpha = _positive("alignment", "alpha", alpha)
    if grad and alpha <= 1:
        a, b = as_matrix("alignment", "x", x), as_matrix("alignment", "y", y)
        same_shape("alignment", ("x", a), ("y", b))
        unit = a / np.linalg.norm(a, axis=1, keepdims=True) - b / np.linalg.norm(b, axis=1, keepdims=True)
        if np.any(np.all(unit == 0, axis=1)):
            raise ArrayInputError("alignment: the gradient at a pair of equal directions needs alpha > 1, "
                                  f"got alpha={alpha!r}")
    return pair_loss("alignment", x, y, ("x", "y"), {ALPHA: alpha}, grad)


def uniformity(x, t: float = 2.0, grad: bool = False):
    r"""Wang & Isola's uniformity ``log mean_{i≠j} e^{-t ‖x̂_i - x̂_j‖²}`` of ``N ≥ 2`` rows
    normalised to the unit sphere (:func:`encodings.uniformity`).

    Returns a float, or with ``grad=True`` ``(value, (∂L/∂x,))``.
    """
    name = "uniformity"
    x = as_matrix(name, "x", x)
    if x.shape[0] < 2:
        raise ArrayInputError(f"{name}: needs N >= 2 rows (a pair), got x of shape {x.shape}")
    n, d = x.shape
    return rows_loss(name, x, {N: n, D: d, T: _positive(name, "t", t)}, grad)


def align_uniform(x, y, lam: float = 1.0, alpha: float = 2.0, t: float = 2.0) -> float:
    r"""Wang & Isola's combined objective ``L_align(x, y) + λ (L_uniform(x) + L_uniform(y)) / 2``."""
    lam = float(lam)
    if not math.isfinite(lam) or lam < 0:
        raise ArrayInputError(f"align_uniform: lam must be a finite number >= 0, got lam={lam!r}")
    return alignment(x, y, alpha) + lam * (uniformity(x, t) + uniformity(y, t)) / 2
