"""Class labels as patterns, not numbers: the label assignments sampled for a family of
role ``label``.

Only which labels are equal matters, so an assignment is a partition of the samples
into classes (class ids 0, 1, … in order of first appearance).  At n ≤ 5 labels every
partition is tried (Bell(n): 52 at n = 5), so ties of every shape are covered; beyond,
all equal, all distinct, one pair tied, two classes alternating, two halves, the two
views of a batch sharing a class, three classes, then random partitions.  Label values
are whole numbers, which the reading of y_a = y_b needs (latex/translate/labels.py).

A set declared ``nonempty`` is a stated condition on the labels (load/labels.py): only
assignments of the whole family where it holds for every value of its parameter are
kept, so a label the statement does not name still counts (positives are among all
2N samples, named or not).
"""
from __future__ import annotations

import functools
from fractions import Fraction as F

import numpy as np
import sympy as sp

from ...model.notation import Domain, Role
from .instantiate import concretize

EXHAUSTIVE = 5          # up to this many labels, every partition
_RANDOM_TRIES = 60


def partitions(n: int):
    """Every partition of n samples into classes, as restricted growth strings."""
    def grow(prefix, top):
        if len(prefix) == n:
            yield tuple(prefix)
            return
        for value in range(top + 2):
            yield from grow(prefix + [value], max(top, value))
    if n == 0:
        yield ()
        return
    yield from grow([0], 0)


def canonical(values) -> tuple:
    """Class ids renamed in order of first appearance: (2, 0, 2) → (0, 1, 0)."""
    names: dict = {}
    return tuple(names.setdefault(v, len(names)) for v in values)


def _shapes(n: int) -> list[tuple]:
    """The partitions tried when there are too many to try all."""
    half = max(n // 2, 1)
    shapes = [(0,) * n, tuple(range(n)), (0, 0) + tuple(range(1, n - 1)),
              (0,) + tuple(range(1, n - 1)) + (0,), tuple(k % 2 for k in range(n)),
              tuple(0 if k < half else 1 for k in range(n)), tuple(k % half for k in range(n)),
              tuple(k % 3 for k in range(n))]
    return [canonical(s) for s in shapes]


class LabelGroup:
    """The labels of one family an instance reads, sampled together as one partition."""

    def __init__(self, variables, subs: dict):
        self.variables = sorted(variables, key=lambda v: sp.default_sort_key(v.symbol))
        self.role, self.domain = Role.LABEL, Domain.REAL
        decl = self.variables[0].label
        seen = tuple(int(v.symbol.indices[0]) for v in self.variables)
        fixed = tuple(sorted(((k, int(v)) for k, v in subs.items()), key=lambda kv: kv[0].name))
        self.entries, self.visible, self.rules, self.patterns = _prepared(decl, seen, fixed)

    def assign(self, pattern) -> dict:
        return dict(zip((v.key for v in self.variables), pattern))

    def random(self, rng: np.random.Generator) -> list[F]:
        for _ in range(_RANDOM_TRIES):
            full = _draw(len(self.entries), rng)
            if _admits(self.rules, full):
                return _projected(full, self.visible)
        return self.patterns[int(rng.integers(0, len(self.patterns)))] if self.patterns else []


@functools.lru_cache(maxsize=256)
def _prepared(decl, seen: tuple, fixed: tuple):
    """(the labels assigned, the positions of those the instance reads, the rules, the
    patterns): the whole family when a set is stated nonempty (a positive the statement
    does not name still counts), else only the labels read."""
    subs = dict(fixed)
    entries = list(seen)
    if decl.rules:
        extent = sp.sympify(sp.sympify(decl.shape[0]).xreplace(subs))   # B alone becomes a plain int
        entries = sorted(set(range(1, int(extent) + 1)) | set(seen))
    visible = [entries.index(k) for k in seen]
    rules = _rules(decl, entries, subs)
    n = len(entries)
    if n <= EXHAUSTIVE:
        candidates = list(partitions(n))
    else:
        rng = np.random.default_rng(n)
        candidates = _shapes(n) + [_draw(n, rng) for _ in range(_RANDOM_TRIES)]
    kept = {}
    for full in candidates:
        if _admits(rules, full):
            shown = _projected(full, visible)
            kept.setdefault(tuple(shown), shown)
    return entries, visible, rules, list(kept.values())


def _draw(n: int, rng) -> tuple:
    classes = int(rng.integers(1, n + 1))
    return canonical(int(c) for c in rng.integers(0, classes, size=n))


def _admits(rules, full: tuple) -> bool:
    """Whether an assignment of the whole family meets every stated ``nonempty``."""
    return all(count(*full) >= 1 for count in rules)


def _projected(full: tuple, visible: list) -> list[F]:
    return [F(v) for v in canonical(full[position] for position in visible)]


def _rules(decl, entries: list[int], subs: dict) -> list:
    """Each stated nonempty set at each value of its parameter, as a function of the
    labels of ``entries`` (in that order) giving its number of members."""
    symbols = [sp.Dummy(f"y{k}") for k in entries]
    plain = {decl.base[k]: s for k, s in zip(entries, symbols)}
    found = []
    for rule in decl.rules:
        lo, hi = (int(sp.sympify(e).xreplace(subs)) for e in (rule.lo, rule.hi))
        values = range(lo, hi + 1) if rule.parameter is not None else [None]
        for value in values:
            count = rule.count if value is None else rule.count.xreplace({rule.parameter: value})
            count = concretize(count, subs).xreplace(plain)
            found.append(sp.lambdify(symbols, count, modules="math"))
    return found
