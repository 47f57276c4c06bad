"""A rational function of the sampled values, evaluated exactly.

Sampled points are rationals, but most are not dyadic, so their balls always have a
radius: a domain condition that is exactly 0 there (``1 − ⟨w, x⟩²`` at w = x, the
cosine of a vector with itself) straddles 0 at every precision and the point went to
SymPy's exact arithmetic, a second or more per point.  When the condition is a rational
function of the sampled values, python-flint's ``fmpq`` decides it in microseconds.

>>> x = sp.Symbol('x', real=True)
>>> f = rational_function(1 - x**2, {}, lambda key: fmpq(1))
>>> f({})
0
"""
from __future__ import annotations

from typing import Callable

import sympy as sp
from flint import arb, fmpq

from . import dual
from .failures import Undefined, Unsupported
from .indices import int_of

Env = dict


class NotRational(ArithmeticError):
    """A value the exact path cannot read (a ball, a tangent): the point stays open."""


def rational_function(e: sp.Basic, fixed: dict, read: Callable[[object], fmpq]) -> Callable[[Env], fmpq] | None:
    """``e`` as a closure over exact rationals, or None when ``e`` is not a rational
    function of its values (a logarithm, an unknown node): only then is there no exact path.
    ``read`` gives a sampled value by its key (a symbol or ``(label, i, …)``)."""
    try:
        return _compile(e, fixed, read)
    except (_Outside, Unsupported):
        return None


class _Outside(Exception):
    pass


def _compile(e: sp.Basic, fixed: dict, read) -> Callable[[Env], fmpq]:
    if e.is_Rational:
        value = fmpq(int(e.p), int(e.q))
        return lambda env: value
    if isinstance(e, sp.Symbol):
        if e in fixed:
            value = fmpq(int(fixed[e]))
            return lambda env: value
        if e.is_integer:
            return lambda env: fmpq(env[e]) if e in env else read(e)
        return lambda env: read(e)
    if isinstance(e, sp.Indexed):
        label = e.base.label
        idx = [int_of(i, fixed) for i in e.indices]
        return lambda env: read((label,) + tuple(f(env) for f in idx))
    if isinstance(e, sp.KroneckerDelta) and all(a.is_integer for a in e.args):
        a, b = (int_of(x, fixed) for x in e.args[:2])      # δ_{k,i} of whole-number indices
        return lambda env: fmpq(1 if a(env) == b(env) else 0)
    if isinstance(e, (sp.Add, sp.Mul)):
        parts = [_compile(a, fixed, read) for a in e.args]
        adding = isinstance(e, sp.Add)

        def combine(env):
            out = parts[0](env)
            for p in parts[1:]:
                out = out + p(env) if adding else out * p(env)
            return out
        return combine
    if isinstance(e, sp.Pow) and e.exp.is_Integer:
        base, n = _compile(e.base, fixed, read), int(e.exp)

        def power(env):
            b = base(env)
            if n < 0 and b == 0:
                raise NotRational("a reciprocal of exactly 0")
            return b ** n
        return power
    if isinstance(e, sp.Sum):
        return _sum(e, fixed, read)
    raise _Outside


def _sum(e: sp.Sum, fixed: dict, read) -> Callable[[Env], fmpq]:
    f = _compile(e.function, fixed, read)
    # SymPy lists the limits innermost first: the loop runs them outermost first
    limits = [(k, int_of(lo, fixed), int_of(hi, fixed)) for k, lo, hi in reversed(e.limits)]

    def total(env, depth=0):
        k, lo, hi = limits[depth]
        out = fmpq(0)
        inner = {**env}
        for v in range(lo(inner), hi(inner) + 1):
            inner[k] = v
            out += f(inner) if depth == len(limits) - 1 else total(inner, depth + 1)
        return out
    return total


def in_domain(x, strict: bool, exact, env) -> bool:
    """:func:`.dual.in_domain` of a folded logarithm's or root's argument, decided exactly
    where its ball straddles 0 at every precision (1 − ⟨w, x⟩² at w = x)."""
    try:
        return dual.in_domain(x, strict)
    except Undefined:
        raise
    except ArithmeticError:
        if exact is None:
            raise
        # the ball of a nonzero rational never holds 0 (its radius is relative), that of 0 is exact
        return dual.in_domain(arb(exact(env)), strict)


def on_interval(function, x, exact, env):
    """acos, asin, atanh, acosh of a ball that may straddle an end of the interval at every
    precision (the cosine of a vector with itself is exactly 1): then the exact argument decides."""
    try:
        return function(x)
    except Undefined:
        raise
    except ArithmeticError:
        return dual.at_exact_argument(function, x, exact(env))
