"""Dual numbers ``value + tangent·ε`` over arb balls, and the elementary functions on
balls and duals; a value that is certainly not real raises :class:`Undefined`."""
from __future__ import annotations

from flint import arb

from .failures import Undefined


class Dual:
    """``value + tangent·ε`` with ``ε² = 0``: one directional derivative, carried along."""

    __slots__ = ("v", "t")

    def __init__(self, v: arb, t: arb):
        self.v, self.t = v, t

    def __add__(self, o):
        return Dual(self.v + o.v, self.t + o.t) if isinstance(o, Dual) else Dual(self.v + o, self.t)

    __radd__ = __add__

    def __neg__(self):
        return Dual(-self.v, -self.t)

    def __sub__(self, o):
        return self + (-o)

    def __rsub__(self, o):
        return (-self) + o

    def __mul__(self, o):
        if isinstance(o, Dual):
            return Dual(self.v * o.v, self.t * o.v + self.v * o.t)
        return Dual(self.v * o, self.t * o)

    __rmul__ = __mul__

    def __pow__(self, n):
        if isinstance(n, Dual):
            return exp(n * log(self))
        return Dual(self.v ** n, n * self.v ** (n - 1) * self.t)


def not_real(env):
    raise Undefined("not a real number")


def _value(x):
    return x.v if isinstance(x, Dual) else x


def exp(x):
    if isinstance(x, Dual):
        e = x.v.exp()
        return Dual(e, e * x.t)
    return x.exp()


def log(x):
    v = _value(x)
    if v < 0 or v.is_zero():
        raise Undefined("log of a non-positive number")
    return Dual(v.log(), x.t / v) if isinstance(x, Dual) else v.log()


def sqrt(x):
    v = _value(x)
    if v < 0:
        raise Undefined("square root of a negative number")
    r = v.sqrt()
    return Dual(r, x.t / (2 * r)) if isinstance(x, Dual) else r


def reciprocal(x):
    v = _value(x)
    if v.is_zero():
        raise Undefined("division by zero")
    return Dual(1 / v, -x.t / (v * v)) if isinstance(x, Dual) else 1 / v


def absolute(x):
    if isinstance(x, Dual):
        sign = x.v.sgn()
        return Dual(abs(x.v), sign * x.t)
    return abs(x)


def extremum(a, b, pick: str):
    """max/min; where the values tie the derivative is unknown, so the tangent is the
    union of the two tangents (a ball holding both one-sided derivatives)."""
    if not isinstance(a, Dual) and not isinstance(b, Dual):
        return getattr(a, pick)(b)
    a = a if isinstance(a, Dual) else Dual(a, arb(0))
    b = b if isinstance(b, Dual) else Dual(b, arb(0))
    first = a.v > b.v if pick == "max" else a.v < b.v
    second = b.v > a.v if pick == "max" else b.v < a.v
    if first:
        return a
    if second:
        return b
    return Dual(getattr(a.v, pick)(b.v), a.t.union(b.t))


def strip(x):
    return x.v if isinstance(x, Dual) else x

