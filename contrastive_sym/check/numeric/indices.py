"""Variables and indices of an expression being compiled: the keys a point is read by,
bound indices renamed where they shadow outer ones, and integer-valued index expressions."""
from __future__ import annotations

import math
from typing import Callable

import sympy as sp
from flint import arb
from sympy.core.function import AppliedUndef

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
    if isinstance(expr, (sp.Max, sp.Min)):      # the span of a set over several ranges
        pick = max if isinstance(expr, sp.Max) else min
        return lambda env: pick(p(env) for p in parts)
    raise Unsupported(f"index expression {expr}")


def is_index_mask(e: sp.Basic) -> bool:
    """An integer-valued factor built from Kronecker deltas only, such as 1 − δ_{k,i}."""
    return e.has(sp.KroneckerDelta) and not any(
        isinstance(a, (sp.Indexed, sp.Function)) and not isinstance(a, sp.KroneckerDelta)
        for a in sp.preorder_traversal(e)) and all(s.is_integer for s in e.free_symbols)


def whole_number_function(expr: sp.Basic, fixed: dict) -> Callable[[Env], arb]:
    """δ_{ij} or the binomial coefficient of whole-number arguments, exactly, as a ball."""
    a, b = (int_of(x, fixed) for x in expr.args[:2])
    if isinstance(expr, sp.KroneckerDelta):
        return lambda env: arb(1) if a(env) == b(env) else arb(0)
    return lambda env: arb(binomial(a(env), b(env)))


def binomial(n: int, k: int) -> int:
    """SymPy's binomial at whole numbers: 0 for k < 0, n(n-1)…(n-k+1)/k! otherwise (also for
    n < 0, as SymPy extends it)."""
    if k < 0:
        return 0
    if n >= 0:
        return math.comb(n, k)
    return int(sp.binomial(n, k))
