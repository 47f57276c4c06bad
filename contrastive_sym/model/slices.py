r"""The samples of a point taken at once, as variational bounds of mutual information write
them: ``x_{1:K}``, the entries x_1 … x_K of a family of points (Poole et al., 2019).

A slice is a point of its own (the tuple of its entries): the argument of a declared function
(``a(y; x_{1:K})``, a baseline of the K samples) or, as the density ``p(x_{1:K})`` in an
expectation's subscript, the entries drawn independently from p's marginal on their coordinate.
While its ends are symbols (K) it is one node; once they are numbers it is the tuple of the
entries (:class:`Entries`), so that a draw of x_2 reaches the x_2 inside ``a(y, (x_1, x_2))``.  A
slice is a tuple at every size, of one entry too: ``f(x_{1:K}, y)`` of a critic on the samples is
never ``f(x_1, y)`` of the critic on one (Poole et al. write both), and every empty slice (x_{2:K}
at K = 1) is the one empty tuple.  Nothing here decides a verdict.
"""
from __future__ import annotations

import sympy as sp

from .nodes import _powered


class Entries(sp.Function):
    """The entries of a slice at numbers, in order: one point, the tuple of them (a data point
    as a graph's (A, X) is).  A number for SymPy (commutative), never a value of its own."""

    is_commutative = True

    @_powered
    def _latex(self, printer):
        return r"\left(%s\right)" % ", ".join(printer._print(a) for a in self.args)

    def _eval_derivative(self, s):
        # a point has no derivative; a tuple free of s is constant (SymPy reaches here when it
        # differentiates a function's arguments)
        return sp.S.Zero if not self.has(s) else None


class EntrySlice(sp.Function):
    r"""``x_{lo:hi}``: args ``(base, lo, hi)``, base the IndexedBase of a family of points of one
    dimension (entries stored from 1).  At numbers it is :class:`Entries`: the tuple of its entries
    (of one, or none when hi < lo)."""

    nargs = 3
    is_commutative = True

    @classmethod
    def eval(cls, base, lo, hi):
        if lo.is_Integer and hi.is_Integer:
            return Entries(*(base[k] for k in range(int(lo), int(hi) + 1)))
        return None

    @_powered
    def _latex(self, printer):
        base, lo, hi = self.args
        return r"%s_{%s:%s}" % (printer._print(base), printer._print(lo), printer._print(hi))

    def _eval_derivative(self, s):
        return sp.S.Zero if not self.has(s) else None


class SliceDensity(sp.Function):
    r"""``p(x_{1:K})``: args ``(tag, slice)``, the density of the samples at once, read only as the
    subscript of an expectation (each entry drawn independently from p's marginal on their
    coordinate); anywhere else it is refused where the formula is read."""

    nargs = 2
    is_commutative = True

    @_powered
    def _latex(self, printer):
        tag, entries = self.args
        return r"%s\left(%s\right)" % (printer._print(tag), printer._print(entries))


def as_slice(value) -> tuple | None:
    """(base, lo, hi) of a slice, at symbols (:class:`EntrySlice`) or at numbers (:class:`Entries` of
    consecutive entries of one family); None for anything else (an empty tuple too)."""
    if isinstance(value, EntrySlice):
        return value.args
    if isinstance(value, Entries) and value.args and all(isinstance(e, sp.Indexed) for e in value.args):
        base, first = value.args[0].base, value.args[0].indices[0]
        if all(e.base == base and e.indices == (first + n,) for n, e in enumerate(value.args)):
            return base, first, first + len(value.args) - 1
    return None
