"""The cost of a formula at the largest checked sizes, bounded before anything is sampled.

A family's number of entries and the terms that nested sums, products and maxima
expand to are limits of :mod:`contrastive_sym.load.limits`.
"""
from __future__ import annotations

import sympy as sp

from . import limits
from ..model.nodes import MaxOver
from .context import Context
from .schema import limit_message


def check_entries(name: str, shape, largest: dict, context: Context, key: tuple) -> None:
    """A family has at most MAX_FAMILY_ENTRIES entries at the largest checked sizes."""
    count = 1
    for extent in shape:
        value = sp.sympify(sp.sympify(extent).xreplace(largest))
        if not value.is_Integer:
            value = sp.sympify(value.xreplace({s: sp.Integer(limits.MAX_SIZE) for s in value.free_symbols}))
        count *= int(value) if value.is_Integer and value > 0 else 1
    if count > limits.MAX_FAMILY_ENTRIES:
        raise context.fail(limit_message(f"family {name}: its number of entries at the largest checked "
                                         "sizes,", count, "MAX_FAMILY_ENTRIES"), key)


def check_cost(expr, largest: dict, context: Context, key: tuple) -> None:
    """Nested sums, products and maxima expand to at most MAX_SUM_TERMS terms at the
    largest checked sizes (30 nested sums at n = 5 would be 5^30)."""
    cap = limits.MAX_SUM_TERMS
    biggest = int(max(largest.values(), default=limits.MAX_SIZE))

    def extent(lo, hi, env) -> int:
        span = sp.sympify(sp.sympify(hi - lo + 1).xreplace(env))
        if not span.is_Integer:
            span = sp.sympify(span.xreplace({s: sp.Integer(biggest) for s in span.free_symbols}))
        return int(span) if span.is_Integer and span > 0 else (1 if span.is_Integer else biggest)

    def terms(node, env) -> int:
        if isinstance(node, (sp.Sum, sp.Product)):
            count = 1
            for limit in node.limits:
                var, lo, hi = limit
                count = min(cap + 1, count * extent(lo, hi, env))
                top = sp.sympify(sp.sympify(hi).xreplace(env))
                env = {**env, var: top if top.is_Integer else sp.Integer(biggest)}
            return min(cap + 1, count * terms(node.function, env))
        if isinstance(node, MaxOver):
            body, var, lo, hi = node.args[:4]
            count = extent(lo, hi, env)
            return min(cap + 1, count * terms(body, {**env, var: sp.Integer(biggest)}))
        if not node.args or not isinstance(node, sp.Basic):
            return 1
        return min(cap + 1, sum(terms(arg, env) for arg in node.args if isinstance(arg, sp.Basic)))

    count = terms(expr, dict(largest))
    if count > cap:
        raise context.fail(limit_message("the sums of this formula expand, at the largest checked sizes, "
                                         "to a number of terms more than", cap, "MAX_SUM_TERMS").replace(
            f"more than {cap} exceeds the limit of {cap}", f"more than the limit of {cap}"), key)

