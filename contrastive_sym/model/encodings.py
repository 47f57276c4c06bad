r"""The losses of contrastive learning as SymPy expressions.

Sizes (``n``, ``N``, ``K``, ``d``) may be SymPy symbols or integers: with symbols the
result holds ``Sum`` nodes over symbolic ranges, with integers ``.doit()`` expands
them.  Conventions, stated once:

* logits ``g[1..K]``: ``g[1]`` is the positive pair, ``g[2..K]`` the negatives;
* a batch of ``N`` samples has ``2N`` rows ``z[1..2N, 1..d]``; rows ``a`` and
  ``a + N`` are the two views of sample ``a``, so the positive of row ``a`` is
  :func:`positive_row` ``(a, N)``;
* the similarity of rows is the cosine of the raw (un-normalised) rows.

>>> K = sp.Symbol('K', integer=True, positive=True)
>>> g = sp.IndexedBase('g')
>>> (info_nce_k(g, 2) - (sp.log(2) - info_nce(g, 2))).doit().simplify()
0
"""
from __future__ import annotations

from typing import Sequence

import sympy as sp

from .nodes import StopGrad

Size = sp.Expr | int


def _index(name: str = "k") -> sp.Dummy:
    return sp.Dummy(name, integer=True)


def logsumexp(x: sp.IndexedBase | Sequence[sp.Expr], n: Size | None = None) -> sp.Expr:
    r"""``LSE(x_1, …, x_n) = log Σ_k exp(x_k)``.

    ``x`` is either an ``IndexedBase`` (then ``n`` is required) or a sequence of
    expressions.
    """
    if isinstance(x, sp.IndexedBase):
        if n is None:
            raise TypeError("logsumexp(x, n): an IndexedBase needs its size n")
        k = _index()
        return sp.log(sp.Sum(sp.exp(x[k]), (k, 1, n)))
    return sp.log(sp.Add(*(sp.exp(t) for t in x)))


def sum_except(body, k: sp.Symbol, lo: Size, hi: Size, excluded: sp.Expr) -> sp.Sum:
    r"""``Σ_{lo ≤ k ≤ hi, k ≠ excluded} body``, written with the indicator ``1 - δ_{k,excluded}``."""
    return sp.Sum((1 - sp.KroneckerDelta(k, excluded)) * body, (k, lo, hi))


# --- InfoNCE and FlatNCE over logits g[1..K] -------------------------------------

def info_nce(g: sp.IndexedBase, K: Size) -> sp.Expr:
    r"""``I_InfoNCE = -log( exp(g_1) / Σ_{k=1}^K exp(g_k) )``: the cross-entropy form."""
    k = _index()
    return -sp.log(sp.exp(g[1]) / sp.Sum(sp.exp(g[k]), (k, 1, K)))


def info_nce_k(g: sp.IndexedBase, K: Size) -> sp.Expr:
    r"""``I^K_InfoNCE = log( exp(g_1) / ((1/K) Σ_{k=1}^K exp(g_k)) )``: the bound form."""
    k = _index()
    return sp.log(sp.exp(g[1]) / (sp.Sum(sp.exp(g[k]), (k, 1, K)) / K))


def _negatives_sum(g: sp.IndexedBase, K: Size) -> sp.Sum:
    k = _index()
    return sp.Sum(sp.exp(g[k] - g[1]), (k, 2, K))


def _all_sum(g: sp.IndexedBase, K: Size) -> sp.Sum:
    k = _index()
    return sp.Sum(sp.exp(g[k] - g[1]), (k, 1, K))


def flat_nce(g: sp.IndexedBase, K: Size) -> sp.Expr:
    r"""``I_FlatNCE = Σ_{k≠1} exp(g_k - g_1) / sg[Σ_{k≠1} exp(g_k - g_1)]`` (value 1)."""
    s = _negatives_sum(g, K)
    return s / StopGrad(s)


def flat_nce_k(g: sp.IndexedBase, K: Size) -> sp.Expr:
    r"""``I^K_FlatNCE = -log( (1/K) Σ_{k≠1} exp(g_k - g_1) )``."""
    return -sp.log(_negatives_sum(g, K) / K)


def flat_nce_plus(g: sp.IndexedBase, K: Size) -> sp.Expr:
    r"""``I^⊕_FlatNCE = Σ_{k=1}^K exp(g_k - g_1) / sg[Σ_{k=1}^K exp(g_k - g_1)]`` (value 1)."""
    s = _all_sum(g, K)
    return s / StopGrad(s)


def flat_nce_plus_k(g: sp.IndexedBase, K: Size) -> sp.Expr:
    r"""``I^{⊕,K}_FlatNCE = -log( (1/K) Σ_{k=1}^K exp(g_k - g_1) )``."""
    return -sp.log(_all_sum(g, K) / K)


# --- similarities and batch losses ----------------------------------------------

def positive_row(a: Size, N: Size) -> sp.Expr:
    """The row holding the other view of row ``a`` in a batch of ``2N`` rows."""
    return sp.Mod(a + N - 1, 2 * N) + 1


def cosine_similarity(z: sp.IndexedBase, a: Size, b: Size, d: Size) -> sp.Expr:
    r"""``sim(z_a, z_b) = z_a · z_b / (‖z_a‖ ‖z_b‖)`` for rows of ``z[·, 1..d]``."""
    m = _index("m")
    dot = sp.Sum(z[a, m] * z[b, m], (m, 1, d))
    norm_a = sp.sqrt(sp.Sum(z[a, m] ** 2, (m, 1, d)))
    norm_b = sp.sqrt(sp.Sum(z[b, m] ** 2, (m, 1, d)))
    return dot / (norm_a * norm_b)


def nt_xent_anchor(z: sp.IndexedBase, a: Size, N: Size, d: Size, tau: sp.Expr) -> sp.Expr:
    r"""SimCLR's loss of one anchor row ``a``: its positive is the other view, its
    negatives are the other ``2N - 2`` rows, and ``a`` itself is excluded.

    ``ℓ_a = -log( exp(sim(z_a, z_p)/τ) / Σ_{k=1}^{2N} 1[k≠a] exp(sim(z_a, z_k)/τ) )``
    """
    k = _index()
    pos = positive_row(a, N)
    numerator = sp.exp(cosine_similarity(z, a, pos, d) / tau)
    denominator = sum_except(sp.exp(cosine_similarity(z, a, k, d) / tau), k, 1, 2 * N, a)
    return -sp.log(numerator / denominator)


def nt_xent(z: sp.IndexedBase, N: Size, d: Size, tau: sp.Expr) -> sp.Expr:
    r"""NT-Xent as SimCLR defines it: the mean of :func:`nt_xent_anchor` over the ``2N`` rows."""
    a = _index("a")
    return sp.Sum(nt_xent_anchor(z, a, N, d, tau), (a, 1, 2 * N)) / (2 * N)


def info_nce_rows(q: sp.IndexedBase, key: sp.IndexedBase, N: Size, d: Size, tau: sp.Expr) -> sp.Expr:
    r"""One-direction InfoNCE: logits ``sim(q_i, key_j)/τ``, positive ``j = i``, mean over rows.

    ``sim`` of two different families is the cosine of row ``i`` of ``q`` and row
    ``j`` of ``key``.
    """
    i, j, m = _index("i"), _index("j"), _index("m")

    def sim(r, c):
        dot = sp.Sum(q[r, m] * key[c, m], (m, 1, d))
        return dot / (sp.sqrt(sp.Sum(q[r, m] ** 2, (m, 1, d))) * sp.sqrt(sp.Sum(key[c, m] ** 2, (m, 1, d))))

    row = -sp.log(sp.exp(sim(i, i) / tau) / sp.Sum(sp.exp(sim(i, j) / tau), (j, 1, N)))
    return sp.Sum(row, (i, 1, N)) / N


def flat_nce_anchor(z: sp.IndexedBase, a: Size, N: Size, d: Size, tau: sp.Expr) -> sp.Expr:
    r"""The review's ``I_FlatNCE`` for one NT-Xent anchor: logits ``g_1 = sim(z_a, z_p)/τ``
    and ``g_k = sim(z_a, z_k)/τ`` for the ``2N - 2`` negatives.  Its value is 1."""
    k = _index()
    pos = positive_row(a, N)
    g1 = cosine_similarity(z, a, pos, d) / tau
    gk = cosine_similarity(z, a, k, d) / tau
    keep = (1 - sp.KroneckerDelta(k, a)) * (1 - sp.KroneckerDelta(k, pos))
    s = sp.Sum(keep * sp.exp(gk - g1), (k, 1, 2 * N))
    return s / StopGrad(s)


def flat_nce_batch(z: sp.IndexedBase, N: Size, d: Size, tau: sp.Expr) -> sp.Expr:
    """The mean of :func:`flat_nce_anchor` over the ``2N`` rows."""
    a = _index("a")
    return sp.Sum(flat_nce_anchor(z, a, N, d, tau), (a, 1, 2 * N)) / (2 * N)


def wang_liu_anchor(s: sp.IndexedBase, i: Size, N: Size, tau: sp.Expr) -> sp.Expr:
    r"""The per-anchor loss of Wang & Liu (CVPR 2021) over a similarity matrix ``s``:

    ``L(x_i) = -log( exp(s_ii/τ) / (Σ_{k≠i} exp(s_ik/τ) + exp(s_ii/τ)) )``
    """
    k = _index()
    negatives = sum_except(sp.exp(s[i, k] / tau), k, 1, N, i)
    return -sp.log(sp.exp(s[i, i] / tau) / (negatives + sp.exp(s[i, i] / tau)))
