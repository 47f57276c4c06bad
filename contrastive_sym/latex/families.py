"""The meaning of the name of a declared family (``[[family]]``), and of one written with
only some of its indices (``z^{(k)}`` of ``z^{(k)}_i``)."""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp


@dataclass(frozen=True)
class Family:
    base: sp.IndexedBase
    shape: tuple[sp.Expr, ...]
    # its index is written as a superscript: s^i_k (the family s_k), x^{(i)} (the family x)
    superscript: bool = False
    # its first index is written as a superscript, the others as the subscript: z^{(k)}_i,
    # the row i of the view k (DCL), v^1_i (CMC)
    leading_superscript: bool = False
    # where each dimension's index starts as written (MoCo's k_0 … k_K), () for 1: stored from 1
    first: tuple[int, ...] = ()
    # the families of this name with another number of dimensions (s^-_j of one anchor beside
    # s^-_{i,j} of a batch): a use's number of indices says which
    others: tuple = field(default=(), compare=False, repr=False)
    # a vector y bound beside rows y_i of its space (an anchor beside its negatives): the rows,
    # which a use with one index writes (load/declarations.py decides it)
    rows: object = field(default=None, compare=False, repr=False)
    # a family of indices (role index): the first and last value of its entries, which index
    # other families (W_{y_i}: translate/index_families.py)
    values: tuple | None = None
    # a family of indices named as a declared index is (w̃_1 … w̃_N beside w̃): the draws of that
    # index, each a value a statement holds for (load/index_families.py, translate/draws.py)
    draws_of: str | None = None

    def start(self, position: int) -> int:
        return self.first[position] if self.first else 1

    def stored_index(self, position: int, index):   # of dimension ``position`` written ``index``
        return sp.sympify(index) + 1 - self.start(position) if self.first else index

    def stored(self, indices) -> tuple:   # of the entry written at ``indices``
        return tuple(self.stored_index(p, i) for p, i in enumerate(indices))


@dataclass(frozen=True)
class Leading:
    """``z^{(k)}`` of a family whose first index is written as a superscript: the family
    with that index read, waiting for the subscript that writes the others."""

    family: Family
    indices: tuple          # the indices written in the superscript, as written
