r"""A body ``E[…]`` at a fixed ``K`` as a function of the logits: the enumeration form
(``g_1..g_K``) and the count plan (``g_1`` and sums over the negatives), compiled and cached."""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

import sympy as sp
from sympy.printing.pycode import MpmathPrinter

from ...errors import NonFiniteExpectation, UnsupportedBody
from ...model.nodes import strip_stop_grad
from .joints import Context

# Building a body's symbolic form and compiling it costs ~10 ms of SymPy; checks ask
# for the same (body, K) many times (every critic, every joint), so both are cached.
_CACHE_SIZE = 512


@functools.lru_cache(maxsize=_CACHE_SIZE)
def ctx_function(args: tuple[sp.Symbol, ...], expr: sp.Expr, ctx: Context) -> Callable:
    # MpmathPrinter writes rationals as mpf(1)/mpf(3) and functions as mpmath.log;
    # binding the name ``mpmath`` to the local context makes both evaluate there.
    # (The default printer with a {name: ctx.name} namespace writes 1/3 as a
    # float, which silently caps the result at 53 bits.)
    return sp.lambdify(args, expr, modules=[{"mpmath": ctx}], printer=MpmathPrinter,
                       docstring_limit=0)


def evaluate(f: Callable, *args):
    try:
        return f(*args)
    except ZeroDivisionError:
        # mpmath raises where floats would give inf; report it like any other non-finite value.
        raise NonFiniteExpectation(f"the body divides by zero at logits {args}") from None


@functools.lru_cache(maxsize=_CACHE_SIZE)
def numpy_function(args: Sequence[sp.Symbol], expr: sp.Expr) -> Callable:
    return sp.lambdify(args, expr, modules="numpy", docstring_limit=0)


def _check_free_symbols(expr: sp.Expr, allowed: Sequence[sp.Symbol], what: str,
                        g: sp.IndexedBase | None = None) -> None:
    # Logits the caller did not replace are reported separately, by name.
    extra = {s for s in expr.free_symbols - set(allowed)
             if g is None or not (s == g.label or isinstance(s, sp.Indexed) and s.base == g)}
    if extra:
        names = ", ".join(sorted(map(str, extra)))
        raise UnsupportedBody(
            f"{what} still has free symbols {{{names}}} besides the logits; pass the size "
            f"symbol the body uses as K_symbol and give every other parameter a value")


@dataclass(frozen=True)
class Enumeration:
    """A body with K fixed, as a function of the K logits ``g_1..g_K``."""
    logits: tuple[sp.Symbol, ...]
    expr: sp.Expr


@functools.lru_cache(maxsize=_CACHE_SIZE)
def enumeration_form(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int) -> Enumeration:
    # Stop-gradients go first, as in the count path, so ``s / sg[s]`` is 1 on both paths.
    expr = strip_stop_grad(sp.sympify(body)).subs(K_symbol, K).doit()
    logits = tuple(sp.Dummy(f"g{k}") for k in range(1, K + 1))
    expr = expr.xreplace({g[k]: s for k, s in zip(range(1, K + 1), logits)})
    _check_free_symbols(expr, logits, f"the body with K = {K}", g)
    stray = sorted({str(e) for e in expr.atoms(sp.Indexed) if e.base == g})
    if stray:
        raise UnsupportedBody(f"with K = {K} the body uses {', '.join(stray)}, outside g[1..{K}]")
    if expr.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        raise NonFiniteExpectation(f"with K = {K} the body is {expr}, not finite")
    return Enumeration(logits, expr)


# --- the count path ---------------------------------------------------------------

NEGATIVE = sp.Dummy("g_k")   # stands for g[k] inside a summand
POSITIVE = sp.Dummy("g_1")   # stands for g[1]


@dataclass(frozen=True)
class NegativeSum:
    r"""One ``Σ_{k=lo}^{K} f(g_k, g_1)`` of a body, with ``lo ∈ {1, 2}``.

    ``summand`` is ``f`` written in the dummies ``(g_k, g_1)`` of this module; the
    negatives enter only through how many of them take each value of ``Y``.
    """

    summand: sp.Expr
    includes_positive: bool


@dataclass(frozen=True)
class CountsPlan:
    r"""A body rewritten as ``F(g_1, S_1, …, S_m)`` where each ``S_i`` is a :class:`NegativeSum`.

    Given ``x``, ``y_1`` and the counts ``c_y`` of the negatives ``y_2..y_K``,
    ``S_i = Σ_y c_y f_i(g(x, y), g(x, y_1)) + [lo_i = 1] f_i(g(x, y_1), g(x, y_1))``.
    """

    outer: sp.Expr
    slots: tuple[sp.Symbol, ...]
    sums: tuple[NegativeSum, ...]
    K: int


@functools.lru_cache(maxsize=_CACHE_SIZE)
def plan_counts(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int) -> CountsPlan:
    """Build the plan or raise :class:`UnsupportedBody` saying why it does not apply."""
    expr = strip_stop_grad(sp.sympify(body).subs(K_symbol, K))
    top = sp.Integer(K)
    slots: dict[sp.Sum, sp.Symbol] = {}
    sums: list[NegativeSum] = []

    def negative_sum(node: sp.Sum) -> NegativeSum:
        if len(node.limits) != 1:
            raise UnsupportedBody(f"{node} sums over several indices")
        k, lo, hi = node.limits[0]
        if lo not in (1, 2) or hi != top:
            raise UnsupportedBody(f"{node} does not run over k = 1..K or k = 2..K")
        for e in node.function.atoms(sp.Indexed):
            if e.base == g and e.indices not in ((k,), (1,)):
                raise UnsupportedBody(f"the summand of {node} uses {e}, not only g[k] and g[1]")
        summand = node.function.xreplace({g[k]: NEGATIVE, g[1]: POSITIVE})
        if summand.has(g) or k in summand.free_symbols:
            raise UnsupportedBody(f"the summand of {node} depends on k other than through g[k]")
        _check_free_symbols(summand, (NEGATIVE, POSITIVE), f"the summand of {node}")
        return NegativeSum(summand, includes_positive=(lo == 1))

    def rewrite(node: sp.Basic) -> sp.Basic:
        if isinstance(node, sp.Sum) and node.has(g):
            if node not in slots:
                sums.append(negative_sum(node))
                slots[node] = sp.Dummy(f"S{len(sums)}")
            return slots[node]
        if isinstance(node, sp.Indexed) and node.base == g:
            if node.indices != (1,):
                raise UnsupportedBody(f"the body uses {node} outside a sum over the negatives")
            return POSITIVE
        if not node.args:
            return node
        return node.func(*(rewrite(a) for a in node.args))

    if expr.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        # e.g. I^K_FlatNCE at K = 1: the empty sum is 0 and SymPy writes −log 0 as zoo.
        raise NonFiniteExpectation(f"with K = {K} the body is {expr}, not finite")
    outer = rewrite(expr).doit()
    slot_symbols = tuple(slots.values())
    _check_free_symbols(outer, (POSITIVE, *slot_symbols), "the body")
    return CountsPlan(outer, slot_symbols, tuple(sums), K)


def counts_plan(body: sp.Expr, g: sp.IndexedBase, K_symbol: sp.Symbol, K: int) -> CountsPlan | None:
    r"""The :class:`CountsPlan` of ``body`` at size ``K``, or ``None`` if the count path does not apply.

    It applies when the negatives enter only through sums ``Σ_{k=lo}^{K}`` with
    ``lo ∈ {1, 2}`` whose summand depends on ``g`` only via ``g[k]`` and ``g[1]``,
    and ``g`` appears elsewhere only as ``g[1]``.

    >>> from contrastive_sym.model import encodings
    >>> g, K = sp.IndexedBase('g'), sp.Symbol('K', integer=True, positive=True)
    >>> len(counts_plan(encodings.info_nce_k(g, K), g, K, 8).sums)
    1
    >>> counts_plan(g[2] - g[1], g, K, 8) is None
    True

    A body that SymPy already finds undefined at this ``K`` raises
    :class:`NonFiniteExpectation` rather than returning ``None``.
    """
    try:
        return plan_counts(body, g, K_symbol, K)
    except UnsupportedBody:
        return None


def count_vectors(n: int, m: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every ``(c_1..c_m)`` with ``Σ c = n``, with its exact multinomial ``n!/Π c_i!``."""
    if m == 1:
        yield (n,), 1
        return
    binomial = 1  # C(n, c), updated exactly as c grows
    for c in range(n + 1):
        for rest, coefficient in count_vectors(n - c, m - 1):
            yield (c, *rest), binomial * coefficient
        binomial = binomial * (n - c) // (c + 1)


def number_of_count_vectors(n: int, m: int) -> int:
    return math.comb(n + m - 1, m - 1)
