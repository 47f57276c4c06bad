"""Bound indices: the index of a ``Sum``, ``Product``, ``MaxOver`` or ``Vector`` renamed where
it would capture a symbol from outside.  Both the translator (a definition's body with a
use's values put in) and the evaluator (a body with sizes and free indices fixed) need it."""
from __future__ import annotations

import sympy as sp
from sympy.concrete.expr_with_limits import ExprWithLimits

from .empty_ranges import put_in
from .nodes import MaxOver, Vector


# --- bound indices ----------------------------------------------------------------

def fresh_bound_indices(expr: sp.Basic, outer=()) -> sp.Basic:
    """``expr`` with every bound index that shadows an outer one renamed to a fresh Dummy.

    A ``Sum``, ``MaxOver`` or ``Vector`` binds its index; ``outer`` holds the symbols
    bound outside ``expr`` (the sizes and free indices being substituted).  A binder
    equal to an outer symbol or to an enclosing binder would otherwise be captured:
    fixing ``m = 2`` (a Vector component) would also fix the ``m`` of an inner
    ``Σ_m``, and ``xreplace`` would write ``2`` into its limits.  Expressions without
    shadowing come back unchanged (the same object).
    """
    return _fresh(expr, frozenset(outer))


def _renamed(k: sp.Symbol, scope: set, mapping: dict) -> sp.Symbol:
    if k in scope:
        fresh = sp.Dummy(k.name, **k.assumptions0)
        mapping[k] = fresh
        k = fresh
    scope.add(k)
    return k


def _fresh(expr: sp.Basic, outer: frozenset) -> sp.Basic:
    if not expr.args:
        return expr
    if isinstance(expr, ExprWithLimits):
        scope, mapping, limits = set(outer), {}, []
        for k, *bounds in expr.limits:
            # A bound sees the indices of the limits before it, not its own.
            bounds = [_fresh(b.xreplace(mapping), frozenset(scope)) for b in bounds]
            limits.append((_renamed(k, scope, mapping), *bounds))
        body = _fresh(expr.function.xreplace(mapping), frozenset(scope))
        if body == expr.function and tuple(tuple(l) for l in expr.limits) == tuple(limits):
            return expr
        return expr.func(body, *limits)
    if isinstance(expr, (MaxOver, Vector)):
        body, k, *bounds = expr.args
        new_bounds = [_fresh(b, outer) for b in bounds]
        scope, mapping = set(outer), {}
        k_new = _renamed(k, scope, mapping)
        new_body = _fresh(body.xreplace(mapping), frozenset(scope))
        if k_new == k and new_body == body and new_bounds == list(bounds):
            return expr
        return expr.func(new_body, k_new, *new_bounds)
    args = [_fresh(a, outer) for a in expr.args]
    if all(a is b for a, b in zip(args, expr.args)):
        return expr
    return expr.func(*args)




def put(body: sp.Basic, mapping: dict) -> sp.Basic:
    """``body`` with ``mapping`` put in (a definition's parameters → a use's values), its
    bound indices renamed first where a value names them: ``\\ell_{i,j}`` defined with an
    inner ``Σ_k``, used as ``\\sum_k \\ell_{2k-1, 2k}``, keeps its inner k apart from the
    outer one."""
    outer = set()
    for value in mapping.values():
        if isinstance(value, sp.Basic):
            outer |= value.free_symbols
    return put_in(fresh_bound_indices(body, outer), mapping)
