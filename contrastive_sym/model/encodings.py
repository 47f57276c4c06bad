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


# --- the families beyond the seeds ------------------------------------------------

def _cosine_of(u: sp.IndexedBase, v: sp.IndexedBase, r: Size, c: Size, d: Size) -> sp.Expr:
    """The cosine of row ``r`` of ``u`` and row ``c`` of ``v`` (raw rows, as everywhere here)."""
    m = _index("m")
    dot = sp.Sum(u[r, m] * v[c, m], (m, 1, d))
    return dot / (sp.sqrt(sp.Sum(u[r, m] ** 2, (m, 1, d))) * sp.sqrt(sp.Sum(v[c, m] ** 2, (m, 1, d))))


def clip(image: sp.IndexedBase, text: sp.IndexedBase, N: Size, d: Size, tau: sp.Expr) -> sp.Expr:
    r"""CLIP's symmetric loss (Radford et al. 2021): the mean of the image-to-text and the
    text-to-image InfoNCE over a batch of ``N`` pairs, logits ``cos(image_i, text_j)/τ``
    (CLIP learns the scale ``1/τ``; here it is given):

    ``L = (1/2N) Σ_i [ -log( e^{s_{ii}/τ} / Σ_j e^{s_{ij}/τ} ) - log( e^{s_{ii}/τ} / Σ_j e^{s_{ji}/τ} ) ]``
    """
    return (info_nce_rows(image, text, N, d, tau) + info_nce_rows(text, image, N, d, tau)) / 2


def _dcl_anchor(z: sp.IndexedBase, a: Size, N: Size, d: Size, tau: sp.Expr, weight: sp.Expr) -> sp.Expr:
    """One anchor of DCL: the positive's logit times ``weight``, against the negatives only."""
    k = _index()
    pos = positive_row(a, N)
    keep = (1 - sp.KroneckerDelta(k, a)) * (1 - sp.KroneckerDelta(k, pos))
    negatives = sp.Sum(keep * sp.exp(cosine_similarity(z, a, k, d) / tau), (k, 1, 2 * N))
    return -weight * cosine_similarity(z, a, pos, d) / tau + sp.log(negatives)


def moco(q: sp.IndexedBase, candidates: sp.IndexedBase, N: Size, K: Size, d: Size, tau: sp.Expr) -> sp.Expr:
    r"""MoCo's loss (He et al. 2020) of ``N`` queries, each against its ``K + 1`` candidate keys
    ``candidates[i, 1..K+1]``: the first its positive key, the others the queue of negative keys (the
    same for every query), logits ``cos/τ``, the mean over queries of the cross entropy with target 1:

    ``L = (1/N) Σ_i -log( e^{s(q_i, c_{i,1})/τ} / Σ_{m=1}^{K+1} e^{s(q_i, c_{i,m})/τ} )``
    """
    i, m, n = _index("i"), _index("m"), _index("n")

    def cosine(row):
        dot = sp.Sum(q[i, n] * candidates[i, row, n], (n, 1, d))
        return dot / (sp.sqrt(sp.Sum(q[i, n] ** 2, (n, 1, d))) * sp.sqrt(sp.Sum(candidates[i, row, n] ** 2, (n, 1, d))))

    logits = sp.Sum(sp.exp(cosine(m) / tau), (m, 1, K + 1))
    return sp.Sum(-sp.log(sp.exp(cosine(1) / tau) / logits), (i, 1, N)) / N


def dcl(z: sp.IndexedBase, N: Size, d: Size, tau: sp.Expr) -> sp.Expr:
    r"""The decoupled contrastive loss (Yeh et al. 2022, Eq. 6) on the ``2N`` rows of
    :func:`nt_xent`: NT-Xent with the positive removed from the denominator,

    ``L = (1/2N) Σ_a [ -s_{a,pos(a)}/τ + log Σ_{k ∉ {a, pos(a)}} e^{s_{a k}/τ} ]``
    """
    a = _index("a")
    return sp.Sum(_dcl_anchor(z, a, N, d, tau, sp.S.One), (a, 1, 2 * N)) / (2 * N)


def dclw(z: sp.IndexedBase, N: Size, d: Size, tau: sp.Expr, sigma: sp.Expr) -> sp.Expr:
    r"""DCLW (Yeh et al. 2022): :func:`dcl` with the positive's logit of sample ``i``
    weighted by the negative von Mises-Fisher weight

    ``w_i = 2 - N e^{s_{i,i+N}/σ} / Σ_{j=1}^{N} e^{s_{j,j+N}/σ}``

    held constant in the gradient (``sg[w_i]``), as lightly's ``DCLWLoss`` computes it
    from detached outputs.  Rows ``a`` and ``a + N`` share their sample's weight.
    """
    a, j = _index("a"), _index("j")
    sample = sp.Mod(a - 1, N) + 1
    pair = sp.exp(cosine_similarity(z, j, j + N, d) / sigma)
    weight = 2 - N * sp.exp(cosine_similarity(z, sample, sample + N, d) / sigma) / sp.Sum(pair, (j, 1, N))
    return sp.Sum(_dcl_anchor(z, a, N, d, tau, StopGrad(weight)), (a, 1, 2 * N)) / (2 * N)


def supcon(z: sp.IndexedBase, same: sp.IndexedBase, M: Size, d: Size, tau: sp.Expr) -> sp.Expr:
    r"""The supervised contrastive loss ``L^sup_out`` (Khosla et al. 2020, Eq. 2) over ``M``
    rows, averaged over the anchors; ``same[i, p]`` is 1 when rows ``i`` and ``p`` have
    one label, else 0, so that ``P(i) = {p ≠ i : same[i, p] = 1}`` and ``A(i) = {a ≠ i}``:

    ``L = (1/M) Σ_i (-1/|P(i)|) Σ_{p ∈ P(i)} log( e^{s_{ip}/τ} / Σ_{a ∈ A(i)} e^{s_{ia}/τ} )``

    Every anchor needs a positive (``|P(i)| ≥ 1``), as with two views of each sample.
    """
    i, p, k = _index("i"), _index("p"), _index("k")
    positive = same[i, p] * (1 - sp.KroneckerDelta(p, i))
    count = sp.Sum(positive, (p, 1, M))
    denominator = sum_except(sp.exp(cosine_similarity(z, i, k, d) / tau), k, 1, M, i)
    log_probability = sp.log(sp.exp(cosine_similarity(z, i, p, d) / tau) / denominator)
    return sp.Sum(-sp.Sum(positive * log_probability, (p, 1, M)) / count, (i, 1, M)) / M


def _unit_entry(z: sp.IndexedBase, r: Size, m: Size, d: Size) -> sp.Expr:
    """Entry ``m`` of row ``r`` of ``z`` divided by the row's norm."""
    n = _index("n")
    return z[r, m] / sp.sqrt(sp.Sum(z[r, n] ** 2, (n, 1, d)))


def alignment(x: sp.IndexedBase, y: sp.IndexedBase, N: Size, d: Size, alpha: sp.Expr) -> sp.Expr:
    r"""Wang & Isola's (2020) alignment of the positive pairs ``(x_i, y_i)``, on the rows
    normalised to the unit sphere (their encoders output unit vectors):

    ``L_align = (1/N) Σ_i ‖x̂_i - ŷ_i‖_2^α``
    """
    i, m = _index("i"), _index("m")
    squared = sp.Sum((_unit_entry(x, i, m, d) - _unit_entry(y, i, m, d)) ** 2, (m, 1, d))
    return sp.Sum(squared ** (alpha / 2), (i, 1, N)) / N


def uniformity(x: sp.IndexedBase, N: Size, d: Size, t: sp.Expr) -> sp.Expr:
    r"""Wang & Isola's (2020) uniformity of ``N ≥ 2`` rows normalised to the unit sphere: the log
    of the mean Gaussian potential over the pairs ``i ≠ j`` (each unordered pair twice,
    which leaves the mean of ``torch.pdist`` unchanged):

    ``L_uniform = log( (1/(N(N-1))) Σ_{i ≠ j} e^{-t ‖x̂_i - x̂_j‖_2^2} )``
    """
    i, j, m = _index("i"), _index("j"), _index("m")
    squared = sp.Sum((_unit_entry(x, i, m, d) - _unit_entry(x, j, m, d)) ** 2, (m, 1, d))
    pairs = sp.Sum(sum_except(sp.exp(-t * squared), j, 1, N, i), (i, 1, N))
    return sp.log(pairs / (N * (N - 1)))
