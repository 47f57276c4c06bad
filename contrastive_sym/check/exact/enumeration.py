r"""``E_{p_{XY^K}}[body]`` for one joint and one critic, to the context's precision
(by enumeration of ``y_1..y_K`` or by counting the negatives) or as an exact SymPy expression."""
from __future__ import annotations

import itertools

import sympy as sp

from ...errors import BudgetExceeded, InformationInputError, NonFiniteExpectation
from .critics import Critic
from .forms import (NEGATIVE, POSITIVE, count_vectors, counts_plan, ctx_function, enumeration_form,
                    evaluate, number_of_count_vectors, plan_counts)
from .joints import GUARD_BITS, Context, Joint, Real, support_of, to_ctx

# Full enumeration visits |X|·|Y|^K configurations; beyond this it is too slow.
ENUMERATION_BUDGET = 200_000
# It also expands the body into K terms; SymPy is slow far below the budget's K for
# |Y| = 1, so the expansion has its own limit.
ENUMERATION_MAX_K = 64
# The count path evaluates the body once per (x, y_1, count vector); 2·10^6 of those
# take about half a minute at 60 digits, which is as long as a check should wait.
COUNTS_BUDGET = 2_000_000
# The exact forms are sums of |X|·|Y|^K terms; SymPy builds a few thousand quickly.
EXACT_TERMS_BUDGET = 5_000


def check_inputs(K: int, joint: Joint, critic: Critic | None) -> None:
    if isinstance(K, bool) or not isinstance(K, int) or K < 1:
        raise InformationInputError(f"K = {K!r} must be an int ≥ 1")
    if critic is not None and critic.shape != joint.shape:
        raise InformationInputError(
            f"critic {critic.name!r} has shape {critic.shape} but joint {joint.name!r} "
            f"has shape {joint.shape}")


def _finite(total: Real, body: sp.Expr, K: int, joint: Joint, critic: Critic, ctx: Context) -> Real:
    if not ctx.isfinite(total):
        raise NonFiniteExpectation(
            f"E[{body}] at K = {K} on joint {joint.name!r} with critic {critic.name!r} is {total}")
    return +total


def expectation_by_enumeration(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                               joint: Joint, critic: Critic, ctx: Context) -> Real:
    r"""``E_{p_{XY^K}}[body]`` by visiting every ``(x, y_1, …, y_K)``:

    ``Σ_{x, y_1..y_K} p(x, y_1) Π_{k≥2} p(y_k) · body(g(x, y_1), …, g(x, y_K))``.

    Any body works, but the cost is ``|X|·|Y|^K``; beyond ``ENUMERATION_BUDGET`` it
    raises :class:`BudgetExceeded`.

    >>> import mpmath
    >>> from contrastive_sym.check.exact.joints import joint_family
    >>> ctx = mpmath.MPContext(); ctx.dps = 30
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K')
    >>> same = Critic("g(x,y) = y", ((0, 1), (0, 1)))
    >>> expectation_by_enumeration(g[2] - g[1], g, K, 2, joint_family(0)[0], same, ctx)
    mpf('0.0')
    """
    check_inputs(K, joint, critic)
    n_x, n_y = joint.shape
    if K > ENUMERATION_MAX_K:
        raise BudgetExceeded(f"full enumeration expands the body into K = {K} logits, "
                             f"over ENUMERATION_MAX_K = {ENUMERATION_MAX_K}")
    visits = n_x * n_y ** K
    if visits > ENUMERATION_BUDGET:
        raise BudgetExceeded(
            f"full enumeration needs |X|·|Y|^K = {n_x}·{n_y}^{K} = {visits} configurations, "
            f"over ENUMERATION_BUDGET = {ENUMERATION_BUDGET}")
    form = enumeration_form(body, g, K_symbol, K)
    support_y = support_of(joint.p_y)
    with ctx.workprec(ctx.prec + GUARD_BITS):
        f = ctx_function(form.logits, form.expr, ctx)
        table = critic.values(ctx)
        p_y = [to_ctx(ctx, p) for p in joint.p_y]
        negatives = []  # (y_2..y_K, Π p(y_k)): the same for every x
        for ys in itertools.product(support_y, repeat=K - 1):
            weight = ctx.mpf(1)
            for y in ys:
                weight *= p_y[y]
            negatives.append((ys, weight))
        total = ctx.mpf(0)
        for x, row in enumerate(joint.table):
            logits = table[x]
            for y1, p in enumerate(row):
                if not p:
                    continue
                inner = ctx.mpf(0)
                for ys, weight in negatives:
                    inner += weight * evaluate(f, logits[y1], *(logits[y] for y in ys))
                total += to_ctx(ctx, p) * inner
    return _finite(total, body, K, joint, critic, ctx)


def expectation_by_counts(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                          joint: Joint, critic: Critic, ctx: Context) -> Real:
    r"""``E_{p_{XY^K}}[body]`` by counting the negatives instead of ordering them.

    For a body covered by :func:`counts_plan`, only the counts ``c_y`` of the
    ``K − 1`` negatives matter, and they are multinomial:

    ``E = Σ_{x, y_1} p(x, y_1) Σ_{c} (K−1)!/Π_y c_y! · Π_y p(y)^{c_y} · F(g_1, S_1(c), …)``.

    The multinomial coefficients are exact integers; the powers are computed with
    ``GUARD_BITS`` extra bits.  Raises :class:`UnsupportedBody` if the plan does not
    apply and :class:`BudgetExceeded` beyond ``COUNTS_BUDGET`` evaluations.

    >>> import mpmath
    >>> from contrastive_sym.check.exact.joints import joint_family
    >>> from contrastive_sym.model import encodings
    >>> ctx = mpmath.MPContext(); ctx.dps = 30
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K', integer=True, positive=True)
    >>> independent, zero = joint_family(0)[0], Critic("zero", ((0, 0), (0, 0)))
    >>> ctx.nstr(expectation_by_counts(encodings.flat_nce_k(g, K), g, K, 1000, independent, zero, ctx), 10)
    '0.001000500334'
    """
    check_inputs(K, joint, critic)
    plan = plan_counts(body, g, K_symbol, K)
    support_y = support_of(joint.p_y)
    pairs = sum(1 for row in joint.table for p in row if p)
    evaluations = pairs * number_of_count_vectors(K - 1, len(support_y))
    if evaluations > COUNTS_BUDGET:
        raise BudgetExceeded(
            f"the count path needs {evaluations} evaluations for K = {K} on {joint.shape[1]} "
            f"symbols of Y, over COUNTS_BUDGET = {COUNTS_BUDGET}")
    with ctx.workprec(ctx.prec + GUARD_BITS):
        outer = ctx_function((POSITIVE, *plan.slots), plan.outer, ctx)
        summands = [ctx_function((NEGATIVE, POSITIVE), s.summand, ctx) for s in plan.sums]
        table = critic.values(ctx)
        p_y = [to_ctx(ctx, joint.p_y[y]) for y in support_y]
        powers = []  # powers[j][c] = p(y_j)^c
        for p in p_y:
            column = [ctx.mpf(1)]
            for _ in range(K - 1):
                column.append(column[-1] * p)
            powers.append(column)
        counts = []
        for vector, coefficient in count_vectors(K - 1, len(support_y)):
            weight = ctx.mpf(coefficient)
            for j, c in enumerate(vector):
                weight *= powers[j][c]
            counts.append((vector, weight))
        total = ctx.mpf(0)
        for x, row in enumerate(joint.table):
            logits = table[x]
            for y1, p in enumerate(row):
                if not p:
                    continue
                positive = logits[y1]
                terms = [[evaluate(f, logits[y], positive) for y in support_y] for f in summands]
                bases = [evaluate(f, positive, positive) if s.includes_positive else 0
                         for f, s in zip(summands, plan.sums)]
                inner = ctx.mpf(0)
                for vector, weight in counts:
                    slots = [base + ctx.fdot(vector, term) for base, term in zip(bases, terms)]
                    inner += weight * evaluate(outer, positive, *slots)
                total += to_ctx(ctx, p) * inner
    return _finite(total, body, K, joint, critic, ctx)


def expectation(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                joint: Joint, critic: Critic, ctx: Context) -> Real:
    r"""``E_{p_{XY^K}}[body]`` for the critic ``critic``: ``(x, y_1) ~ p_XY``,
    ``y_2..y_K ~ p_Y`` independently, ``g_k = g(x, y_k)``.

    Uses :func:`expectation_by_counts` when :func:`counts_plan` applies (then
    ``K`` in the thousands is cheap for ``|Y| = 2``), else
    :func:`expectation_by_enumeration`.  Both are exact up to the context's precision.

    >>> import mpmath
    >>> from contrastive_sym.check.exact.joints import joint_family
    >>> from contrastive_sym.model import encodings
    >>> ctx = mpmath.MPContext(); ctx.dps = 30
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K', integer=True, positive=True)
    >>> independent, zero = joint_family(0)[0], Critic("zero", ((0, 0), (0, 0)))
    >>> expectation(encodings.flat_nce_k(g, K), g, K, 2, independent, zero, ctx) == ctx.log(2)
    True
    """
    check_inputs(K, joint, critic)
    if counts_plan(body, g, K_symbol, K) is not None:
        return expectation_by_counts(body, g, K_symbol, K, joint, critic, ctx)
    return expectation_by_enumeration(body, g, K_symbol, K, joint, critic, ctx)


def exact_expectation(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int,
                      joint: Joint, critic: Critic) -> sp.Expr:
    r"""``E_{p_{XY^K}}[body]`` as an exact SymPy expression, term by term over every
    ``(x, y_1, …, y_K)`` (see :func:`expectation_by_enumeration`), with the critic's
    entries as exact rationals (:meth:`Critic.exact_table`).

    It only builds the expression (SymPy's automatic evaluation, no simplification);
    deciding whether it equals something is the caller's job, in a sandbox.  Raises
    :class:`BudgetExceeded` beyond ``EXACT_TERMS_BUDGET`` terms and
    :class:`NonFiniteExpectation` when a term is not finite.

    >>> from contrastive_sym.model import encodings
    >>> from contrastive_sym.check.exact.joints import joint_family
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K', integer=True, positive=True)
    >>> independent, zero = joint_family(0)[0], Critic("zero", ((0, 0), (0, 0)))
    >>> exact_expectation(encodings.flat_nce_k(g, K), g, K, 2, independent, zero)
    log(2)
    """
    check_inputs(K, joint, critic)
    support_y = support_of(joint.p_y)
    pairs = sum(1 for row in joint.table for p in row if p)
    if K > ENUMERATION_MAX_K or pairs * len(support_y) ** (K - 1) > EXACT_TERMS_BUDGET:
        raise BudgetExceeded(f"the exact form needs {pairs}·{len(support_y)}^{K - 1} terms, over "
                             f"EXACT_TERMS_BUDGET = {EXACT_TERMS_BUDGET}")
    form = enumeration_form(body, g, K_symbol, K)
    table = critic.exact_table()
    p_y = [sp.Rational(p.numerator, p.denominator) for p in joint.p_y]
    terms = []
    for x, row in enumerate(joint.table):
        for y1, p in enumerate(row):
            if not p:
                continue
            for ys in itertools.product(support_y, repeat=K - 1):
                weight = sp.Rational(p.numerator, p.denominator) * sp.Mul(*(p_y[y] for y in ys))
                value = form.expr.xreplace(dict(zip(form.logits, [table[x][y1], *(table[x][y] for y in ys)])))
                if value.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
                    raise NonFiniteExpectation(
                        f"E[{body}] at K = {K} on joint {joint.name!r} with critic {critic.name!r}: "
                        f"a term is {value}")
                terms.append(weight * value)
    return sp.Add(*terms)
