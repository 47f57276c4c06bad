"""Variables and indices of an expression being compiled: the keys a point is read by,
bound indices renamed where they shadow outer ones, and integer-valued index expressions."""
from __future__ import annotations

from typing import Callable

import sympy as sp
from sympy.core.function import AppliedUndef
from sympy.concrete.expr_with_limits import ExprWithLimits

from ...model.nodes import MaxOver, Vector
from .failures import Unsupported


def var_key(symbol: sp.Basic):
    """A cheap hashable key for a variable: the Symbol, or (label, indices) for an element."""
    if isinstance(symbol, sp.Indexed):
        return (symbol.base.label,) + tuple(int(i) for i in symbol.indices)
    return symbol


def inputs_of(expr: sp.Basic) -> set:
    """What a value of ``expr`` depends on: its free symbols and the applications f(x) of
    declared functions (the values of a function are its inputs; its points are not)."""
    return expr.free_symbols | expr.atoms(AppliedUndef)


def key_symbol(key) -> sp.Basic:
    if isinstance(key, tuple):
        return sp.IndexedBase(key[0], real=True)[key[1:]]
    return key


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


# --- integer index expressions -----------------------------------------------------

Env = dict  # symbol → int for sizes, indices and summation variables


def int_of(expr: sp.Basic, fixed: dict) -> Callable[[Env], int]:
    """An integer-valued index expression (k, i + N, Mod(a + N - 1, 2N) + 1, …)."""
    if expr.is_Integer:
        value = int(expr)
        return lambda env: value
    if isinstance(expr, sp.Symbol):
        if expr in fixed:
            value = fixed[expr]
            return lambda env: value
        return lambda env: env[expr]
    parts = [int_of(a, fixed) for a in expr.args]
    if isinstance(expr, sp.Add):
        return lambda env: sum(p(env) for p in parts)
    if isinstance(expr, sp.Mul):
        def product(env):
            out = 1
            for p in parts:
                out *= p(env)
            return out
        return product
    if isinstance(expr, sp.Mod):
        a, b = parts
        return lambda env: a(env) % b(env)
    raise Unsupported(f"index expression {expr}")


def is_index_mask(e: sp.Basic) -> bool:
    """An integer-valued factor built from Kronecker deltas only, such as 1 − δ_{k,i}."""
    return e.has(sp.KroneckerDelta) and not any(
        isinstance(a, (sp.Indexed, sp.Function)) and not isinstance(a, sp.KroneckerDelta)
        for a in sp.preorder_traversal(e)) and all(s.is_integer for s in e.free_symbols)
