r"""Searching for a critic that makes an expectation large: a float64 gradient ascent
(a witness for ``max_g``, never a proof; the caller recomputes its value exactly)."""
from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Callable

import numpy as np
import sympy as sp

from ...errors import BudgetExceeded
from .critics import Critic, search_starts
from .enumeration import ENUMERATION_BUDGET, ENUMERATION_MAX_K, check_inputs
from .forms import NEGATIVE, POSITIVE, count_vectors, counts_plan, enumeration_form, numpy_function
from .joints import Context, Joint, support_of

# Logits stay in [−60, 60]: exp of a difference stays far from float64 overflow,
# and bodies that grow without bound (FlatNCE) cannot run away.
_SEARCH_LIMIT = 60.0
_ASCENT_STEPS = 40
# Forward differences: half the evaluations of central ones, and a direction good
# to ~1e-6 is all an ascent with line search needs.
_FINITE_DIFFERENCE = 1e-7
# Steps that gain less than this (relative) are below what the gradient resolves
# and end the ascent.
_CONVERGED = 1e-13
# The returned table is rounded to multiples of 2^-24: exact, short, and far
# below anything the search can resolve.
_ROUNDING = 2 ** 24


def _float_objective(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                     joint: Joint) -> Callable[[np.ndarray], float]:
    """``θ ↦ E[body]`` in float64 over all configurations at once (numpy)."""
    support_y = support_of(joint.p_y)
    pairs = [(x, y, float(p)) for x, row in enumerate(joint.table) for y, p in enumerate(row) if p]
    xs = np.array([x for x, _, _ in pairs])
    y1s = np.array([y for _, y, _ in pairs])
    pair_weights = np.array([w for _, _, w in pairs])
    plan = counts_plan(body, g, K_symbol, K)
    if plan is not None:
        outer = numpy_function((POSITIVE, *plan.slots), plan.outer)
        summands = [numpy_function((NEGATIVE, POSITIVE), s.summand) for s in plan.sums]
        vectors = list(count_vectors(K - 1, len(support_y)))
        counts = np.array([v for v, _ in vectors], dtype=float)                 # (C, m)
        log_p = np.log([float(joint.p_y[y]) for y in support_y])
        log_weights = (math.lgamma(K) - np.sum([[math.lgamma(c + 1) for c in v] for v, _ in vectors], axis=1)
                       + counts @ log_p)
        count_weights = np.exp(log_weights)
        support = np.array(support_y)

        def objective(theta: np.ndarray) -> float:
            positive = theta[xs, y1s]                                           # (P,)
            rows = theta[xs][:, support]                                        # (P, m)
            slots = []
            for f, s in zip(summands, plan.sums):
                terms = np.broadcast_to(f(rows, positive[:, None]), rows.shape)
                slot = terms @ counts.T                                         # (P, C)
                if s.includes_positive:
                    slot = slot + np.broadcast_to(f(positive, positive), positive.shape)[:, None]
                slots.append(slot)
            values = np.broadcast_to(outer(positive[:, None], *slots), (len(pairs), len(vectors)))
            return float(pair_weights @ (values @ count_weights))
        return objective

    n_x, n_y = joint.shape
    if n_x * n_y ** K > ENUMERATION_BUDGET or K > ENUMERATION_MAX_K:
        raise BudgetExceeded(f"the search would enumerate {n_x}·{n_y}^{K} configurations, over "
                             f"ENUMERATION_BUDGET = {ENUMERATION_BUDGET} (or K > {ENUMERATION_MAX_K})")
    form = enumeration_form(body, g, K_symbol, K)
    f = numpy_function(form.logits, form.expr)
    negatives = list(itertools.product(support_y, repeat=K - 1))
    negative_weights = np.array([math.prod(float(joint.p_y[y]) for y in ys) for ys in negatives])
    rows_x = np.repeat(xs, len(negatives))
    columns = np.array([[y1, *ys] for y1 in y1s for ys in negatives], dtype=int).reshape(-1, K)
    weights = np.repeat(pair_weights, len(negatives)) * np.tile(negative_weights, len(pairs))

    def objective(theta: np.ndarray) -> float:
        logits = theta[rows_x[:, None], columns]                                # (N, K)
        values = np.broadcast_to(f(*logits.T), weights.shape)
        return float(weights @ values)
    return objective


def _safe(objective: Callable[[np.ndarray], float], theta: np.ndarray) -> float:
    with np.errstate(all="ignore"):
        value = objective(theta)
    return value if math.isfinite(value) else -math.inf


def _ascend(objective: Callable[[np.ndarray], float], theta: np.ndarray) -> tuple[np.ndarray, float]:
    """Gradient ascent with forward differences and a step that doubles on success
    and halves on failure; every accepted step strictly increases the objective."""
    theta = np.clip(theta, -_SEARCH_LIMIT, _SEARCH_LIMIT)
    value, step = _safe(objective, theta), 1.0
    if value == -math.inf:
        return theta, value
    for _ in range(_ASCENT_STEPS):
        gradient = np.zeros_like(theta)
        for index in np.ndindex(theta.shape):
            bump = np.zeros_like(theta)
            bump[index] = _FINITE_DIFFERENCE
            gradient[index] = (_safe(objective, theta + bump) - value) / _FINITE_DIFFERENCE
        if not np.all(np.isfinite(gradient)) or np.linalg.norm(gradient) < 1e-12:
            break
        while step > 1e-9:
            candidate = np.clip(theta + step * gradient, -_SEARCH_LIMIT, _SEARCH_LIMIT)
            candidate_value = _safe(objective, candidate)
            if candidate_value > value:
                converged = candidate_value - value < _CONVERGED * max(1.0, abs(value))
                theta, value, step = candidate, candidate_value, step * 2
                break
            step /= 2
        else:
            break
        if converged:
            break
    return theta, value


def best_critic(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                joint: Joint, ctx: Context, seed: int) -> Critic:
    r"""A critic that makes ``E_{p_{XY^K}}[body]`` large: a witness for ``max_g``, not a proof.

    Starts from each of the first ten members of :func:`critic_family` and runs a bounded,
    deterministic gradient ascent in float64 from each; returns the best table,
    rounded to exact multiples of ``2^-24``.  Its exact value is the caller's to
    compute with :func:`expectation`.  Logits stay in ``[−60, 60]``, so for a body
    without a maximum (``I^2_FlatNCE`` is linear in ``g``) the search stops at that box.
    For ``I^K_InfoNCE`` it cannot beat the family: ``log p(y|x)/p(y) + c(x)`` is the
    exact maximiser for every ``K`` (the Bayes classifier of which ``y_k`` is the positive).

    >>> import mpmath
    >>> from contrastive_sym.model import encodings
    >>> from contrastive_sym.check.exact import expectation, joint_family
    >>> ctx = mpmath.MPContext(); ctx.dps = 30
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K', integer=True, positive=True)
    >>> copy = joint_family(0)[2]
    >>> best = best_critic(encodings.info_nce_k(g, K), g, K, 2, copy, ctx, seed=0)
    >>> value = expectation(encodings.info_nce_k(g, K), g, K, 2, copy, best, ctx)
    >>> bool(ctx.log(2) / 2 - value < 1e-6)  # the supremum here is (1/2) log 2
    True
    """
    check_inputs(K, joint, None)
    objective = _float_objective(body, g, K_symbol, K, joint)
    best_value, best_theta, best_start = -math.inf, None, None
    for start in search_starts(joint, seed, ctx):
        theta, value = _ascend(objective, start.as_array())
        if best_theta is None or value > best_value:
            best_value, best_theta, best_start = value, theta, start.name
    table = tuple(tuple(Fraction(round(v * _ROUNDING), _ROUNDING) for v in row) for row in best_theta)
    return Critic(f"best found by local search from '{best_start}' (seed {seed}, K = {K})", table)
