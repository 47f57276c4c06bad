"""Adversarial sample points: ties, near-ties, one dominant term, all equal, domain
boundaries, extreme temperatures (1e-300 … 1e300), and random points on top.

Values are exact ``Fraction`` objects, so a point means the same thing at every
precision and a witness prints as the value that was checked.
"""
from __future__ import annotations

import itertools
import math
import zlib
from fractions import Fraction as F
from typing import Sequence

import numpy as np
import sympy as sp

from ...model.notation import Domain, Role
from .instantiate import Instance, Variable
from .index_values import IndexGroup
from .labels import LabelGroup
from .unit import UnitGroup

TINY = F(1, 10**20)

# Temperatures and other scales, from 1e-300 to 1e300.
SCALE_LADDER: tuple[F, ...] = tuple(
    F(10) ** e for e in (-300, -100, -30, -8, -3)) + (F(1, 10), F(1, 2), F(1), F(2), F(10)) + tuple(
    F(10) ** e for e in (3, 8, 30, 100, 300))

_SCALARS = {
    Domain.REAL: (F(0), F(1), F(-1), F(1, 2), F(-2), F(10), F(-10), TINY, -TINY, F(1000), F(-1000), F(3)),
    Domain.POSITIVE: (F(1), F(1, 2), F(2), F(10), TINY, 1 / TINY, F(10) ** -300, F(10) ** 300, F(3)),
    Domain.NONNEGATIVE: (F(0), F(1), F(1, 2), F(2), F(10), TINY, F(10) ** 300),
    Domain.UNIT_INTERVAL: (F(0), F(1), F(-1), F(1, 2), F(-1, 2), 1 - TINY),
    Domain.BINARY: (F(0), F(1)),
    Domain.SIGN: (F(-1), F(1)),
    Domain.PROBABILITY: (F(1, 2), F(1, 10), F(9, 10), TINY, 1 - TINY, F(1, 3)),
    Domain.ZERO_TO_ONE: (F(0), F(1), F(1, 2), F(1, 10), F(9, 10), TINY, 1 - TINY, F(1, 3)),
}
# up to this many values of 0 or 1 sampled together, every assignment (2^6 = 64)
_BINARY_EXHAUSTIVE = 6
_SCALARS[Domain.NEGATIVE] = tuple(-v for v in _SCALARS[Domain.POSITIVE])


def _real_patterns(m: int) -> list[list[F]]:
    r = range(m)
    pats = [
        [F(0)] * m,
        [F(1)] * m,
        [F(k) for k in r],
        [F(m - 1 - k) for k in r],
        [F(10)] + [F(0)] * (m - 1),
        [F(0)] * (m - 1) + [F(10)],
        [F(-1), F(2)] + [F(0)] * (m - 2) if m >= 2 else [F(-1)],
        [F(1), F(1)] + [F(0)] * (m - 2) if m >= 2 else [F(1)],
        ([F(2)] + [F(-1)] * (m - 2) + [F(2)]) if m >= 2 else [F(2)],
        [F(1), 1 - TINY] + [F(0)] * (m - 2) if m >= 2 else [1 - TINY],
        [F(1000) * (-1) ** k for k in r],
        [TINY * (k + 1) for k in r],
        [F(-(k + 1)) for k in r],
        [F((k % 3) - 1) for k in r],
    ] + _diagonal(m, F(10), F(0))
    return pats


def _unit_patterns(m: int) -> list[list[F]]:
    r = range(m)
    spaced = [F(2 * k - (m - 1), max(m - 1, 1)) for k in r] if m > 1 else [F(1, 2)]
    return [
        [F(0)] * m,
        [F(1)] * m,
        [F(-1)] * m,
        [F((-1) ** k) for k in r],
        spaced,
        spaced[::-1],
        [F(1)] + [F(0)] * (m - 1),
        [F(0)] * (m - 1) + [F(1)],
        [F(1), F(1)] + [F(-1, 2)] * (m - 2) if m >= 2 else [F(1)],
        [F(1, 2), F(1, 2) - TINY] + [F(0)] * (m - 2) if m >= 2 else [F(1, 2)],
        [TINY * (k + 1) for k in r],
    ]


def _probability_patterns(m: int) -> list[list[F]]:
    r = range(m)
    return [
        [F(1, 2)] * m,
        [F(k + 1, m + 1) for k in r],
        [TINY * (k + 1) for k in r],
        [1 - TINY * (k + 1) for k in r],
        [F(1, 2), F(1, 2) + TINY] + [F(1, 10)] * (m - 2) if m >= 2 else [F(1, 10)],
    ]


def _diagonal(m: int, on: F, off: F) -> list[list[F]]:
    """``on`` on the diagonal of a square table of m = r² values written row by row, ``off``
    elsewhere: the weights of a joint distribution of two points that are most dependent
    (each value of one with one value of the other), and a critic that sees it.  None when
    m is not a square of at least 2 × 2."""
    side = int(round(m ** 0.5))
    if side < 2 or side * side != m:
        return []
    return [[on if k // side == k % side else off for k in range(m)]]


def _positive_patterns(m: int) -> list[list[F]]:
    r = range(m)
    return [
        [F(1)] * m,
        [F(k + 1) for k in r],
        [TINY * (k + 1) for k in r],
        [F(10) ** 30 * (k + 1) for k in r],
        [F(1), 1 + TINY] + [F(2)] * (m - 2) if m >= 2 else [F(1)],
    ] + _diagonal(m, F(1), TINY) + _one_dominant(m)


def _one_dominant(m: int) -> list[list[F]]:
    """One value at 1 and the others TINY, at each of the first places and the last: the weights of
    a distribution that is nearly a point mass (p(x) near 1, which no table of comparable weights
    reaches); none for fewer than two values."""
    if m < 2:
        return []
    return [[F(1) if k == j else TINY for k in range(m)] for j in sorted({*range(min(m, 3)), m - 1})]


def _binary_patterns(m: int) -> list[list[F]]:
    """Every assignment of 0s and 1s up to ``_BINARY_EXHAUSTIVE`` values (so every subset
    a membership can give); beyond, none, all, each one alone, each one left out,
    alternating and halves."""
    if m <= _BINARY_EXHAUSTIVE:
        return [[F((bits >> k) & 1) for k in range(m)] for bits in range(2 ** m)]
    r = range(m)
    pats = [[F(0)] * m, [F(1)] * m, [F(k % 2) for k in r], [F(1 - k % 2) for k in r],
            [F(int(k < m // 2)) for k in r], [F(int(k >= m // 2)) for k in r]]
    pats += [[F(int(k == j)) for k in r] for j in r]
    pats += [[F(int(k != j)) for k in r] for j in r]
    return pats


def _direction_patterns(m: int) -> list[list[F]]:
    r = range(m)
    pats = [[F(1) if k == j else F(0) for k in r] for j in sorted({0, 1 % m, m - 1})]
    pats += [[F(1)] * m, [F((-1) ** k) for k in r], [F(k + 1) for k in r]]
    return pats


def _embedding_patterns(rows: int, dim: int) -> list[list[list[F]]]:
    def onehot(j):
        return [F(1) if c == j % dim else F(0) for c in range(dim)]

    pats = [
        [[F(1)] + [F(0)] * (dim - 1) for _ in range(rows)],                      # all rows equal
        [onehot(a) for a in range(rows)],                                         # orthogonal
        [[F((-1) ** a)] * dim for a in range(rows)],                              # antipodal
        [[F(a + 1)] + [F(1)] * (dim - 1) for a in range(rows)],                   # small integers
        [[F(1)] + [TINY * (a + 1)] * (dim - 1) for a in range(rows)],              # near-parallel
        [[F(10) ** (30 * (-1) ** a) * (c + 1) for c in range(dim)] for a in range(rows)],  # scaled
        [[F((a * 7 + c * 3) % 5 - 2) or F(1) for c in range(dim)] for a in range(rows)],
    ]
    return pats


def _patterns_for(domain: Domain, m: int) -> list[list[F]]:
    if domain is Domain.BINARY:
        return _binary_patterns(m)
    if domain is Domain.SIGN:
        return [[2 * v - 1 for v in p] for p in _binary_patterns(m)]
    if domain is Domain.UNIT_INTERVAL:
        return _unit_patterns(m)
    if domain is Domain.PROBABILITY:
        return _probability_patterns(m)
    if domain is Domain.ZERO_TO_ONE:       # the ends too: a weight of 0 or 1 drops a term
        return [[F(0)] * m, [F(1)] * m, [F(k % 2) for k in range(m)]] + _probability_patterns(m)
    if domain is Domain.NONNEGATIVE:    # 0 is in it, where a log or a quotient of the values is undefined
        return [[F(0)] * m, [F(0)] + [F(1)] * (m - 1)] + _positive_patterns(m)
    if domain is Domain.POSITIVE:
        return _positive_patterns(m)
    if domain is Domain.NEGATIVE:
        return [[-v for v in p] for p in _positive_patterns(m)]
    return _real_patterns(m)


def _round(x: float, digits: int = 4) -> F:
    return F(f"{x:.{digits}g}")


def _row_column(variable: Variable) -> tuple:
    """The row and column of an embedding's entry: z_{a,m}, or f(x)_m (the row is the
    argument list x, the column the component m)."""
    symbol = variable.symbol
    if isinstance(symbol, sp.Indexed):
        return symbol.indices[0], symbol.indices[1]
    return sp.Tuple(*symbol.args[:-1]), symbol.args[-1]


class _Group:
    """Variables sampled together: a scalar, or all elements of one family."""

    def __init__(self, variables: Sequence[Variable]):
        self.variables = list(variables)
        first = self.variables[0]
        self.role, self.domain = first.role, first.domain
        if first.role is Role.EMBEDDING:
            rows = sorted({_row_column(v)[0] for v in self.variables}, key=sp.default_sort_key)
            cols = sorted({_row_column(v)[1] for v in self.variables}, key=sp.default_sort_key)
            self.grid = [[next((v for v in self.variables if _row_column(v) == (r, c)), None)
                          for c in cols] for r in rows]
            self.patterns = [self._from_grid(p) for p in _embedding_patterns(len(rows), len(cols))]
        elif first.family is None and first.role is Role.SCALE:
            self.patterns = [[v] for v in SCALE_LADDER]
        elif first.family is None:
            self.patterns = [[v] for v in _SCALARS[first.domain]]
        elif first.role is Role.DIRECTION:
            self.patterns = _direction_patterns(len(self.variables))
        else:
            self.patterns = _patterns_for(first.domain, len(self.variables))

    def _from_grid(self, rows):
        values = []
        for r, row in enumerate(self.grid):
            for c, var in enumerate(row):
                if var is not None:
                    values.append(rows[r][c])
        return values

    def assign(self, pattern) -> dict:
        return dict(zip((v.key for v in self.variables), pattern))

    def random(self, rng: np.random.Generator) -> list[F]:
        m = len(self.variables)
        if self.role is Role.SCALE:
            return [_round(10 ** rng.uniform(-3, 3))]
        if self.role is Role.EMBEDDING:
            vals = [_round(x) for x in rng.normal(size=m)]
            return [v if v != 0 else F(1) for v in vals]
        if self.domain.values is not None:
            low, high = self.domain.values
            return [F(high if b else low) for b in rng.integers(0, 2, size=m)]
        if self.domain is Domain.UNIT_INTERVAL:
            return [_round(x) for x in rng.uniform(-1, 1, size=m)]
        if self.domain is Domain.ZERO_TO_ONE:
            return [_round(x) for x in rng.uniform(0, 1, size=m)]
        if self.domain is Domain.PROBABILITY:
            # rounding may reach 0 or 1, which the domain leaves out
            return [v if 0 < v < 1 else F(1, 2) for v in (_round(x) for x in rng.uniform(0, 1, size=m))]
        if self.domain in (Domain.POSITIVE, Domain.NONNEGATIVE):
            return [_round(x) for x in np.exp(rng.normal(size=m))]
        if self.domain is Domain.NEGATIVE:
            return [-_round(x) for x in np.exp(rng.normal(size=m))]
        return [_round(x) for x in rng.normal(scale=2.0, size=m)]


def groups_of(instance: Instance) -> list[_Group]:
    by_family: dict = {}
    groups = []
    for var in instance.variables:
        if var.family is None:
            groups.append(_Group([var]))
        else:
            by_family.setdefault(var.family, []).append(var)
    # class labels are sampled as partitions, not numbers (labels.py)
    groups += [LabelGroup(vs, instance.subs) if vs[0].role is Role.LABEL else
               IndexGroup(vs, instance.subs) if vs[0].role is Role.INDEX else
               UnitGroup(vs, instance.subs) if vs[0].role is Role.UNIT else _Group(vs)
               for vs in by_family.values()]
    return groups


def stable_seed(seed: int, text: str) -> int:
    """A seed that depends on the run's seed and on what is being checked, not on order."""
    return (seed * 1_000_003 + zlib.crc32(text.encode())) % (2**32)


#: How many points put every group at the same place of its list of patterns.
ALIGNED_POINTS = 6

#: The most points a statement of variables of finite domains only is checked at, every one.
EXHAUSTIVE_POINTS = 64


def exhaustive(instance: Instance) -> bool:
    """Whether every variable of ``instance`` takes the values of a finite domain ({0, 1},
    {-1, 1}) and all their assignments together are at most ``EXHAUSTIVE_POINTS``: then
    the points sampled are every assignment, and deciding each decides the statement."""
    if not instance.variables or any(v.role is not Role.VALUE or v.domain.values is None
                                     for v in instance.variables):
        return False
    return math.prod(len(v.domain.values) for v in instance.variables) <= EXHAUSTIVE_POINTS


def _aligned(group, place: int) -> list:
    if getattr(group, "role", None) is Role.SCALE and [F(1)] in group.patterns:
        return [F(1)]
    return group.patterns[place % len(group.patterns)]


def _singled_out(groups) -> list[dict]:
    """Each group at its first pattern (all zeros, for reals) while every other is at its second
    (all ones), and the reverse: one vector zero and the others not, where a quotient by one norm
    is undefined although the aligned points (all zero together) and a condition stated of another
    vector (‖a‖ > 0) leave it unseen."""
    if len(groups) < 2 or any(len(g.patterns) < 2 for g in groups):
        return []
    def place(other, alone, flip):
        return (0 if other is alone else 1) ^ flip
    return [{k: v for other in groups for k, v in other.assign(_aligned(other, place(other, alone, flip))).items()}
            for alone in groups for flip in (0, 1)]


#: The most families of positive values whose point masses are crossed pairwise (_crossed_masses).
_CROSSED_FAMILIES = 6


def _crossed_masses(groups) -> list[dict]:
    """Two families of positive values each nearly a point mass, at two different places (the
    first and the last), every other group at its first pattern: the weights of two tables that
    are nearly disjoint, p(x_1) ≈ 1 and q(x_2) ≈ 1, where a divergence between them is largest.
    The strides below never cross those two patterns when a stride is a multiple of the number
    of patterns, and the aligned points put every table at the same place (p = q)."""
    masses = [g for g in groups if isinstance(g, _Group) and g.domain is Domain.POSITIVE
              and g.role is not Role.SCALE and len(g.variables) >= 2][:_CROSSED_FAMILIES]
    base = {k: v for g in groups for k, v in g.assign(_aligned(g, 0)).items()}
    return [{**base, **first.assign(_one_dominant(len(first.variables))[0]),
             **second.assign(_one_dominant(len(second.variables))[-1])}
            for first in masses for second in masses if first is not second]


def sample_points(instance: Instance, adversarial: int, random: int, seed: int) -> list[dict]:
    """Adversarial points first (patterns crossed with the temperature ladder), then random
    ones; every assignment when the variables' domains are finite and small together."""
    if exhaustive(instance):
        keys = [v.key for v in instance.variables]
        values = [[F(x) for x in v.domain.values] for v in instance.variables]
        return [dict(zip(keys, chosen)) for chosen in itertools.product(*values)]
    groups = groups_of(instance)
    if not groups:
        return [{}]
    if any(not g.patterns for g in groups):
        return []       # no label assignment meets the stated nonempty sets at these sizes
    # first the points where every group takes the same place in its list (all zeros, all
    # ones, ramps): the strides below cross the lists, and so never put every family at 1
    # together, where L = Σ (y_i - s_i)^2 ≥ y_1 fails at every size
    # (a temperature stays at 1 there: its ladder is crossed with the rest below)
    points = [{k: v for g in groups for k, v in g.assign(_aligned(g, t)).items()}
              for t in range(min(ALIGNED_POINTS, max(len(g.patterns) for g in groups)))]
    points += _singled_out(groups) + _crossed_masses(groups)
    count = max(adversarial, max(len(g.patterns) for g in groups))
    strides = [1, 7, 5, 3, 11, 13, 17]
    for t in range(count):
        point = {}
        for gi, group in enumerate(groups):
            n = len(group.patterns)
            stride = strides[gi % len(strides)]
            point.update(group.assign(group.patterns[(t * stride + gi) % n]))
        points.append(point)
    rng = np.random.default_rng(seed)
    for _ in range(random):
        point = {}
        for group in groups:
            point.update(group.assign(group.random(rng)))
        points.append(point)
    unique = {}
    for p in points:
        unique.setdefault(frozenset(p.items()), p)
    return list(unique.values())


def format_value(value: F) -> str:
    """A short exact decimal for a witness: ``0.5``, ``1e-300``, ``0.99999999999999999999``."""
    if value.denominator == 1:
        n = value.numerator
        if abs(n) >= 10**6 and str(abs(n)).rstrip("0") == "1":
            return f"{'-' if n < 0 else ''}1e{len(str(abs(n))) - 1}"
        return str(n)
    den = value.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den == 1:
        places = max(twos, fives)
        num = abs(value.numerator) * 10**places // value.denominator
        if num == 1 and places > 6:
            return f"{'-' if value < 0 else ''}1e-{places}"
        text = str(num).rjust(places + 1, "0")
        return f"{'-' if value < 0 else ''}{text[:-places]}.{text[-places:]}"
    return f"{value.numerator}/{value.denominator}"
