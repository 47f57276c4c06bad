r"""Vectors of norm 1 (``role = "unit"``): normalized embeddings, points of the hypersphere.

Every row is sampled whole, at the vector's declared length (not only the components a link
names: a component of a unit vector of length 3 ranges over [−1, 1], not over ±1), as an
exact rational point of the sphere, so that ‖u‖ = 1 holds exactly, not to a rounding:
the inverse stereographic projection of t ∈ ℚ^{d−1},

    u = (2 t_1, …, 2 t_{d−1}, |t|² − 1) / (|t|² + 1).

Patterns first, as for embeddings (rows all equal, orthogonal, antipodal, near-parallel,
one mixed), then random t.  A row's entries are never moved one at a time (witness
shrinking, tie breaking): that would leave the sphere."""
from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import sympy as sp

from ...model.notation import Domain, Role

TINY = F(1, 10**20)


def on_sphere(t: list[F]) -> list[F]:
    """The point of the unit sphere in dimension len(t) + 1 that t projects from."""
    square = sum(x * x for x in t)
    return [2 * x / (square + 1) for x in t] + [(square - 1) / (square + 1)]


def _axis(j: int, dim: int, sign: int = 1) -> list[F]:
    return [F(sign) if c == j % dim else F(0) for c in range(dim)]


def _patterns(rows: int, dim: int) -> list[list[list[F]]]:
    if dim == 1:
        return [[[F(1)]] * rows, [[F((-1) ** a)] for a in range(rows)], [[F(-1)]] * rows]
    return [
        [_axis(0, dim)] * rows,                                                  # all rows equal
        [_axis(a, dim) for a in range(rows)],                                    # orthogonal
        [_axis(0, dim, (-1) ** a) for a in range(rows)],                         # antipodal
        [on_sphere([TINY * (a + 1)] * (dim - 1)) for a in range(rows)],          # near-parallel
        [on_sphere([F((a * 7 + c * 3) % 5 - 2, 2) for c in range(dim - 1)]) for a in range(rows)],
    ]


def _row_column(variable) -> tuple:
    """The row and the component of an entry: z_{a,m}; u_m of one vector (row 0); z^{(k)}_{a,m} of a family
    of rows of several views (the row (k, a)); f(x)_m.  The vector is always along the last index."""
    symbol = variable.symbol
    if isinstance(symbol, sp.Indexed):
        if len(symbol.indices) == 1:
            return 0, symbol.indices[0]
        return (symbol.indices[0] if len(symbol.indices) == 2 else sp.Tuple(*symbol.indices[:-1])), symbol.indices[-1]
    return sp.Tuple(*symbol.args[:-1]), symbol.args[-1]


class UnitGroup:
    """The entries of one unit family (or of one function's unit values) a link names."""

    def __init__(self, variables, subs: dict):
        self.variables = sorted(variables, key=lambda v: sp.default_sort_key(v.symbol))
        self.role, self.domain = Role.UNIT, Domain.UNIT_INTERVAL
        decl = self.variables[0].vector
        self.dim = int(sp.sympify(decl.shape[-1]).xreplace(subs))
        self.rows = sorted({_row_column(v)[0] for v in self.variables}, key=sp.default_sort_key)
        self.patterns = [self._values(rows) for rows in _patterns(len(self.rows), self.dim)]

    def _values(self, rows: list[list[F]]) -> list[F]:
        """The values of the variables, in order, from one full row per row named."""
        where = {row: n for n, row in enumerate(self.rows)}
        values = []
        for var in self.variables:
            row, column = _row_column(var)
            values.append(rows[where[row]][int(column) - 1])     # stored from 1 (latex/families.py)
        return values

    def assign(self, pattern) -> dict:
        return dict(zip((v.key for v in self.variables), pattern))

    def random(self, rng: np.random.Generator) -> list[F]:
        rows = [on_sphere([F(f"{x:.3g}") for x in rng.normal(size=self.dim - 1)]) if self.dim > 1
                else [F(int(rng.choice((-1, 1))))] for _ in self.rows]
        return self._values(rows)
