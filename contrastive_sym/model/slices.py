r"""The samples of a point taken at once, as variational bounds of mutual information write
them: ``x_{1:K}``, the entries x_1 … x_K of a family of points (Poole et al., 2019).

A slice is a point of its own (the tuple of its entries): the argument of a declared function
(``a(y; x_{1:K})``, a baseline of the K samples) or, as the density ``p(x_{1:K})`` in an
expectation's subscript, the entries drawn independently from p's marginal on their coordinate.
While its ends are symbols (K) it is one node; once they are numbers it is the entries
themselves (:class:`Entries`), so that a draw of x_2 reaches the x_2 inside ``a(y, x_1, x_2)``.
Nothing here decides a verdict.
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
    dimension (entries stored from 1).  At numbers it is :class:`Entries` (one entry alone when
    lo = hi); a slice with no entry (hi < lo) stays a slice, which an instance refuses."""

    nargs = 3
    is_commutative = True

    @classmethod
    def eval(cls, base, lo, hi):
        if lo.is_Integer and hi.is_Integer and hi >= lo:
            entries = [base[k] for k in range(int(lo), int(hi) + 1)]
            return entries[0] if len(entries) == 1 else Entries(*entries)
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
