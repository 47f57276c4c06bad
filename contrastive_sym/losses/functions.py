r"""Contrastive losses and their gradients on numpy arrays, from the SymPy encodings.

Nothing here restates a loss in numpy.  Each function takes its encoding from
:mod:`contrastive_sym.model.encodings` with *symbolic* sizes (``N``, ``d``, ``τ``),
then

1. rewrites it exactly for float64 (:func:`contrastive_sym.losses.tensor_rewrite.stabilise`:
   the max shift of every sum of exponentials, ``log(e^g / S) = g - log S``);
2. for ``grad=True``, differentiates it with ``sympy.diff`` with respect to one
   entry ``z[p, q]`` with symbolic ``p, q`` — through the cosine similarity of
   the raw rows — and sifts the resulting Kronecker deltas
   (:func:`contrastive_sym.losses.tensor_rewrite.gradient`);
3. evaluates the value and the gradient on the arrays with
   :mod:`contrastive_sym.losses.tensor_eval`, where every index is a numpy axis and every
   ``Sum`` an einsum, so the expression is never expanded entry by entry.

Steps 1–2 depend only on the loss, not on the arrays, and run once per process
on first use (about half a second each).

**Row scaling.**  These losses see a row only through its cosines, so they are
unchanged when row ``a`` is multiplied by ``c_a > 0``, and then
``∂L/∂z_a = c_a ∂L/∂u_a`` at ``u_a = c_a z_a``.  Before evaluating, each row is
multiplied by the power of two ``c_a = 2^{-e_a}`` that brings its largest entry
into ``[1/2, 1)``: exact in floating point, and it keeps ``Σ_m z_{a m}^2`` away
from overflow and underflow for rows of any magnitude.

>>> import math
>>> z1 = np.array([[1.0, 0.0], [0.0, 1.0]])   # the views agree; the two samples are orthogonal
>>> abs(nt_xent(z1, z1, tau=1.0) - (math.log(math.e + 2) - 1)) < 1e-15
True
"""
from __future__ import annotations

import numpy as np

from .inputs import as_temperature, as_vector
from .programs import N, TAU, evaluate, pair_loss, two_view_loss


def nt_xent(z1, z2, tau, grad: bool = False):
    r"""SimCLR's NT-Xent loss of two views ``z1, z2`` (each ``(N, d)``), as :func:`encodings.nt_xent`.

    The ``2N`` rows of ``z = [z1; z2]`` are the anchors; the positive of row ``a``
    is its other view, the negatives are the other ``2N - 2`` rows:

    ``L = (1/2N) Σ_a -log( e^{s_{a,pos(a)}/τ} / Σ_{k≠a} e^{s_{a k}/τ} )``,
    ``s_{a k} = z_a·z_k / (‖z_a‖ ‖z_k‖)``.

    Returns a float, or with ``grad=True`` ``(value, (∂L/∂z1, ∂L/∂z2))``.

    >>> z1 = np.array([[1.0, 0.0], [0.0, 1.0]])
    >>> value, (g1, g2) = nt_xent(z1, z1, 1.0, grad=True)
    >>> round(value, 10), g1.shape
    (0.5514447139, (2, 2))
    """
    return two_view_loss("nt_xent", z1, z2, tau, grad)


def flat_nce(z1, z2, tau, grad: bool = False):
    r"""FlatNCE on the anchors and negatives of :func:`nt_xent`, as :func:`encodings.flat_nce_batch`.

    With ``g_k = s_{a k}/τ`` and ``g_1 = s_{a,pos(a)}/τ``, each anchor contributes
    ``Σ_{k∉{a,pos}} e^{g_k - g_1} / sg[Σ_{k∉{a,pos}} e^{g_k - g_1}]``, so the value is 1,
    and the gradient is that of ``(1/2N) Σ_a log Σ_{k∉{a,pos(a)}} e^{g_k - g_1}``.
    Needs ``N ≥ 2`` (an anchor without negatives makes ``0/0``).

    >>> z1 = np.array([[1.0, 0.0], [0.0, 1.0]])
    >>> value, (g1, g2) = flat_nce(z1, np.array([[1.0, 1.0], [-1.0, 1.0]]), 0.5, grad=True)
    >>> value, g1.shape
    (1.0, (2, 2))
    """
    return two_view_loss("flat_nce", z1, z2, tau, grad)


def info_nce(query, key, tau, grad: bool = False):
    r"""One-direction InfoNCE, as :func:`encodings.info_nce_rows`: row ``i`` of ``query``
    against every row of ``key``, the positive being ``key_i``:

    ``L = (1/N) Σ_i -log( e^{s_{i i}/τ} / Σ_j e^{s_{i j}/τ} )``,  ``s_{i j} = cos(query_i, key_j)``.

    Returns a float, or with ``grad=True`` ``(value, (∂L/∂query, ∂L/∂key))``.

    >>> import math
    >>> q = np.array([[1.0, 0.0], [0.0, 1.0]])
    >>> abs(info_nce(q, q, 1.0) - math.log(1 + math.exp(-1))) < 1e-15
    True
    """
    return pair_loss("info_nce", query, key, ("query", "key"), {TAU: as_temperature("info_nce", tau)}, grad)


def logsumexp(x, grad: bool = False):
    r"""``log Σ_k e^{x_k}`` of a non-empty 1-D array, as :func:`encodings.logsumexp`.

    Evaluated as ``M + log Σ_k e^{x_k - M}`` with ``M = max_k x_k``, so it is
    finite for any finite input.  The gradient is the softmax of ``x``.

    >>> import math
    >>> logsumexp(np.array([1000.0, 1000.0])) == 1000 + math.log(2)
    True
    >>> value, (g,) = logsumexp(np.array([0.0, 0.0]), grad=True)
    >>> g
    array([0.5, 0.5])
    """
    x = as_vector("logsumexp", "x", x)
    value, grads = evaluate("logsumexp", (x,), {N: x.size}, grad)
    return (value, grads) if grad else value
