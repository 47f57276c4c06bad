"""The entries of a family of indices (``role = "index"``: class labels that index class weights,
W_{y_i}), sampled as whole numbers of the family's ``values``: every assignment when there are
few, else the extremes, a cycle through the range (all distinct where the range allows), its
reverse, and two alternating values; then random ones."""
from __future__ import annotations

import itertools
from fractions import Fraction as F

import numpy as np
import sympy as sp

from ...model.notation import Domain, Role

#: every assignment of the values when there are at most this many
EXHAUSTIVE = 64


class IndexGroup:
    """The entries of one family of indices an instance reads, sampled together."""

    def __init__(self, variables, subs: dict):
        self.variables = sorted(variables, key=lambda v: sp.default_sort_key(v.symbol))
        self.role, self.domain = Role.INDEX, Domain.REAL
        decl = self.variables[0].label
        self.lo, self.hi = (int(sp.sympify(sp.sympify(v).xreplace(subs))) for v in decl.values)
        n, values = len(self.variables), list(range(self.lo, self.hi + 1))
        if not values:
            self.patterns = []          # no value to take at these sizes: nothing is checked
            return
        if len(values) ** n <= EXHAUSTIVE:
            shapes = list(itertools.product(values, repeat=n))
        else:
            width = len(values)
            shapes = [(self.lo,) * n, (self.hi,) * n, tuple(values[k % width] for k in range(n)),
                      tuple(values[-1 - k % width] for k in range(n)),
                      tuple(values[(k % 2) * (width - 1)] for k in range(n))]
        self.patterns = [list(p) for p in dict.fromkeys(shapes)]

    def assign(self, pattern) -> dict:
        return dict(zip((v.key for v in self.variables), (F(v) for v in pattern)))

    def random(self, rng: np.random.Generator) -> list:
        return [int(v) for v in rng.integers(self.lo, self.hi + 1, size=len(self.variables))]
