r"""Exact symbolic rewrites that make an index-notation loss evaluable in float64.

Two jobs, both done on the symbolic-size expression (a few hundred nodes), never
on an expanded batch:

:func:`stabilise` — the max shift of log-sum-exp, written into the tree.
    For any finite ``M`` and weights ``w_k ≥ 0``,

    ``Σ_k w_k e^{x_k} = e^{M} Σ_k w_k e^{x_k - M}``,

    so every ``Sum`` whose summand is ``w_k · exp(x_k)`` becomes the right-hand
    side with ``M = sg[max_k (x_k + log w_k)]``, the largest exponent among the
    terms that are present.  Every shifted term is then at most 1 and the largest
    is exactly 1.  ``M`` is wrapped in ``StopGrad``: the identity holds for every
    ``M``, so treating it as a constant changes no derivative.  Around the shift,
    SymPy's ``expand_log(force=True)`` applies ``log(a b) = log a + log b`` and
    ``log e^x = x`` (true here: the arguments are exponentials and sums of them,
    all positive), and a constant factor is moved out of ``sg[·]``
    (``sg[c · s] = c · sg[s]`` when ``c`` has no gradient), so that
    ``e^M s' / sg[e^M s']`` cancels to ``s' / sg[s']``.

:func:`gradient` — ``∂F/∂z[p, q]`` by ``sympy.diff`` with symbolic ``p, q``.
    SymPy writes ``∂z[a, m]/∂z[p, q] = δ_{a p} δ_{m q}``.  Left as they are, those
    deltas make the evaluator carry every index at once (``(a, k, m, p, q)``).
    :func:`contract_deltas` removes them with the sifting identity

    ``Σ_{k=lo}^{hi} δ_{k x} f(k) = f(x)``  when ``lo ≤ x ≤ hi`` for every value of ``x``,

    after distributing products over sums and taking factors that do not depend
    on ``k`` out of ``Σ_k``.  Indicator masks such as ``1 - δ_{k a}`` are never
    distributed, so each masked term keeps its mask as a factor (the evaluator
    relies on that to zero overflowed excluded terms).

>>> import sympy as sp
>>> x, k = sp.IndexedBase('x'), sp.Symbol('k', integer=True)
>>> n, p = sp.Symbol('n', integer=True, positive=True), sp.Symbol('p', integer=True)
>>> gradient(sp.Sum(x[k] ** 2, (k, 1, n)), x[p], {p: (1, n)})
2*x[p]
"""
from __future__ import annotations

import itertools
from typing import Mapping

import sympy as sp

from ..model.nodes import MaxOver, StopGrad, strip_stop_grad
from .tensor_eval import is_indicator

Ranges = Mapping[sp.Symbol, tuple[sp.Expr, sp.Expr]]


# --- stabilise: the max shift -----------------------------------------------------

def stabilise(expr: sp.Expr) -> sp.Expr:
    """Rewrite ``expr`` so that no exponential overflows; the value and gradient are unchanged."""
    expr = sp.expand_log(expr, force=True)
    # One memo for the whole tree: a sum that occurs twice (s / sg[s]) must get the
    # same shift both times, or e^M / e^M would not cancel.
    expr = _shift_exponential_sums(expr, {})
    expr = sp.expand_log(expr, force=True)
    return _pull_constants_out_of_stop_grad(expr)


def _shift_exponential_sums(expr: sp.Basic, memo: dict) -> sp.Basic:
    if not expr.args or isinstance(expr, MaxOver):
        return expr
    if expr not in memo:
        rebuilt = expr.func(*(_shift_exponential_sums(arg, memo) for arg in expr.args))
        memo[expr] = _shift(rebuilt) if isinstance(rebuilt, sp.Sum) and len(rebuilt.limits) == 1 else rebuilt
    return memo[expr]


def _shift(expr: sp.Sum) -> sp.Expr:
    (k, lo, hi), = expr.limits
    factors = sp.Mul.make_args(expr.function)
    exponentials = [f for f in factors if isinstance(f, sp.exp)]
    weights = [f for f in factors if not isinstance(f, sp.exp)]
    if not exponentials or not all(_is_nonnegative_weight(w) for w in weights):
        return expr
    exponent = sp.Add(*(f.args[0] for f in exponentials))
    log_term = exponent + sp.Add(*(sp.log(w) for w in weights))
    # A fresh bound variable: later substitutions of k (delta sifting) must not reach it.
    k_max = sp.Dummy(k.name, integer=True)
    shift = StopGrad(MaxOver(log_term.xreplace({k: k_max}), k_max, lo, hi))
    return sp.exp(shift) * sp.Sum(sp.Mul(*weights) * sp.exp(exponent - shift), (k, lo, hi))


def _is_nonnegative_weight(w: sp.Expr) -> bool:
    """Positive constants, ``δ``, ``1 - δ`` and products of them: weights whose log is defined or ``-∞``."""
    if w.is_positive or isinstance(w, sp.KroneckerDelta) or isinstance(1 - w, sp.KroneckerDelta):
        return True
    if isinstance(w, sp.Mul):
        return all(_is_nonnegative_weight(f) for f in w.args)
    return False


def _is_gradient_free(expr: sp.Expr) -> bool:
    """True when every ``Indexed`` in ``expr`` sits inside a ``StopGrad``."""
    hidden = expr.replace(lambda e: isinstance(e, StopGrad), lambda e: sp.S.One)
    return not hidden.has(sp.Indexed)


def _pull_constants_out_of_stop_grad(expr: sp.Expr) -> sp.Expr:
    def split(node: StopGrad) -> sp.Expr:
        factors = sp.Mul.make_args(node.args[0])
        constant = [f for f in factors if _is_gradient_free(f)]
        if not constant:
            return node
        varying = [f for f in factors if not _is_gradient_free(f)]
        return sp.Mul(*constant) * StopGrad(sp.Mul(*varying))

    return expr.replace(lambda e: isinstance(e, StopGrad), split)


# --- gradient: diff, then sift the deltas -----------------------------------------

def gradient(expr: sp.Expr, element: sp.Indexed, ranges: Ranges) -> sp.Expr:
    """``∂expr/∂element`` with ``StopGrad`` nodes constant, then stripped and delta-sifted.

    ``element`` is ``z[p, q]`` with index symbols ``p, q``; ``ranges`` gives each
    of them ``(lo, hi)``.  The result is in value semantics (no ``StopGrad`` left).
    """
    # sg[·] has derivative 0: a placeholder symbol says so and spares SymPy the
    # chain rule through the (large) stopped subtree.
    stopped = {node: sp.Dummy("sg") for node in expr.atoms(StopGrad)}
    derivative = sp.diff(expr.xreplace(stopped), element)
    derivative = derivative.xreplace({v: k for k, v in stopped.items()})
    return contract_deltas(strip_stop_grad(derivative), ranges)


def contract_deltas(expr: sp.Expr, ranges: Ranges) -> sp.Expr:
    """Remove ``δ_{k x}`` factors from ``Σ_k`` by sifting (see the module docstring).

    >>> a, p = sp.symbols('a p', integer=True)
    >>> n = sp.Symbol('n', integer=True, positive=True)
    >>> x = sp.IndexedBase('x')
    >>> contract_deltas(sp.Sum(sp.KroneckerDelta(a, p) * x[a] + x[a], (a, 1, n)), {p: (1, n)})
    x[p] + Sum(x[a], (a, 1, n))
    """
    return _contract(expr, dict(ranges), frozenset(ranges))


def _contract(expr: sp.Basic, ranges: dict, free: frozenset) -> sp.Basic:
    if not expr.args or not (expr.free_symbols & free):
        return expr  # no differentiation index, so no delta to sift
    if isinstance(expr, sp.Sum):
        inner = expr.function
        for k, lo, hi in expr.limits[:-1]:
            inner = sp.Sum(inner, (k, lo, hi))
        (k, lo, hi) = expr.limits[-1]
        scope = {**ranges, k: (lo, hi)}
        body = _contract(inner, scope, free)
        return sp.Add(*(_sum_of_product(term, k, lo, hi, scope) for term in _distribute(body)))
    return expr.func(*(_contract(arg, ranges, free) for arg in expr.args))


def _distribute(expr: sp.Expr) -> list[list[sp.Expr]]:
    """``expr`` as a sum of products, each a list of factors; indicator masks stay whole."""
    if isinstance(expr, sp.Add) and not is_indicator(expr):
        return [term for arg in expr.args for term in _distribute(arg)]
    if isinstance(expr, sp.Mul):
        expanded = [_distribute(f) for f in expr.args]
        return [list(itertools.chain.from_iterable(choice)) for choice in itertools.product(*expanded)]
    return [[expr]]


def _sum_of_product(factors: list[sp.Expr], k: sp.Symbol, lo: sp.Expr, hi: sp.Expr, ranges: dict) -> sp.Expr:
    """``Σ_{k=lo}^{hi} Π factors``: sifted if a ``δ_{k x}`` allows it, else with the k-free factors outside."""
    for i, f in enumerate(factors):
        if isinstance(f, sp.KroneckerDelta) and k in f.args[:2]:
            u, v = f.args[:2]
            x = v if u == k else u
            if k not in x.free_symbols and _always_within(x, lo, hi, ranges):
                return sp.Mul(*(g.xreplace({k: x}) for g in factors[:i] + factors[i + 1:]))
    varying = [f for f in factors if k in f.free_symbols]
    constant = [f for f in factors if k not in f.free_symbols]
    if not varying:  # Σ_k 1 stays a Sum: it is hi - lo + 1 only when that is not negative
        return sp.Mul(*constant) * sp.Sum(sp.S.One, (k, lo, hi))
    return sp.Mul(*constant) * sp.Sum(sp.Mul(*varying), (k, lo, hi))


def _index_range(x: sp.Expr, ranges: dict) -> tuple[sp.Expr, sp.Expr] | None:
    """Symbolic bounds ``(lo, hi)`` of an integer index expression, or None if unknown."""
    if x in ranges:
        return ranges[x]
    if x.is_Integer:
        return (x, x)
    if isinstance(x, sp.Add):
        bounds = [_index_range(arg, ranges) for arg in x.args]
        if None in bounds:
            return None
        return sp.Add(*(b[0] for b in bounds)), sp.Add(*(b[1] for b in bounds))
    if isinstance(x, sp.Mod) and x.args[1].is_positive and x.args[1].is_integer:
        return sp.S.Zero, x.args[1] - 1
    return None


def _always_within(x: sp.Expr, lo: sp.Expr, hi: sp.Expr, ranges: dict) -> bool:
    bounds = _index_range(x, ranges)
    return bounds is not None and bool((bounds[0] - lo).is_nonnegative) and bool((hi - bounds[1]).is_nonnegative)
