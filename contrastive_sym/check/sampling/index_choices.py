"""The free indices a statement is checked at, and their values: each index at its first and last
admissible value (and the one after the first), honouring ``distinct_from``, every pattern of equal
and unequal indices up to four of them, and an assignment where each tie the statement tests holds.
An index whose range is written with another (``from = 'k'``) is chosen after it, at its value."""
from __future__ import annotations

import itertools
from collections.abc import Iterator

import sympy as sp

from ...model.notation import IndexDecl, Notation
from ..numeric.failures import Unsupported


def symbols_in(expr: sp.Basic):
    return {a for a in sp.preorder_traversal(expr) if isinstance(a, (sp.Symbol, sp.Indexed))}


def used_indices(exprs, notation: Notation) -> list[IndexDecl]:
    found = {}
    for expr in exprs:
        for sym in symbols_in(expr):
            decl = notation.lookup(sym)
            if isinstance(decl, IndexDecl):
                found[decl.symbol] = decl
                # distinct_from may name an expression of indices (the other view of i)
                for other in decl.distinct_from:
                    for sym in sp.sympify(other).free_symbols:
                        if isinstance(notation.lookup(sym), IndexDecl):
                            found.setdefault(sym, notation.lookup(sym))
    pending = list(found.values())
    while pending:      # an index that runs from another (from = 'k'): that one is chosen too
        for sym in _range_indices(pending.pop(), notation):
            if sym not in found:
                found[sym] = notation.lookup(sym)
                pending.append(found[sym])
    return _chosen_in_order(sorted(found.values(), key=lambda d: d.symbol.name), notation)


def _range_indices(decl: IndexDecl, notation: Notation) -> list[sp.Symbol]:
    """The indices the first or last value of ``decl`` is written with."""
    return sorted((s for s in (decl.lo.free_symbols | decl.hi.free_symbols)
                   if isinstance(notation.lookup(s), IndexDecl)), key=lambda s: s.name)


def _chosen_in_order(indices: list[IndexDecl], notation: Notation) -> list[IndexDecl]:
    """``indices`` with each after those its range is written with (by name otherwise)."""
    ordered, placed = [], set()
    while len(ordered) < len(indices):
        ready = [d for d in indices if d.symbol not in placed
                 and all(s in placed for s in _range_indices(d, notation))]
        if not ready:       # ranges written with each other: no order chooses them
            raise Unsupported("indices whose ranges are written with each other")
        ordered.append(ready[0])
        placed.add(ready[0].symbol)
    return ordered


def index_ties(exprs, indices: list[IndexDecl]) -> tuple[tuple[sp.Expr, sp.Expr], ...]:
    """The ties between free indices a statement tests: the (a, b) of each δ_{a,b} whose
    sides are expressions of the free indices and sizes only (j = p(i), k = i), not of an
    index a sum binds (the sum runs over every value anyway)."""
    free = {d.symbol for d in indices}
    found = []
    for expr in exprs:
        for delta in sp.preorder_traversal(expr):
            if isinstance(delta, sp.KroneckerDelta):
                a, b = delta.args[:2]
                symbols = {s for s in (a - b).free_symbols if s.is_integer}
                if symbols & free and all(s in free or not _is_bound_in(s, expr) for s in symbols):
                    found.append((a, b))
    return tuple(dict.fromkeys(found))


def _is_bound_in(symbol, expr) -> bool:
    return any(isinstance(e, (sp.Sum, sp.Product)) and symbol in {v for v, *_ in e.limits}
               for e in sp.preorder_traversal(expr))


#: At most this many assignments of the free indices are scanned for one that makes a tie hold.
_TIE_SCAN = 10_000


def index_assignments(indices: list[IndexDecl], sizes: dict, ties=()) -> list[dict]:
    """Each free index at its first and last admissible value, honouring distinctness;
    and for each tie the statement tests (``ties``, from :func:`index_ties`) that some
    admissible assignment makes hold, one assignment where it holds (j = p(i): the
    positive of an anchor is a value of its own, which the ends may all miss)."""
    kept = _end_assignments(indices, sizes)
    if 3 <= len(indices) <= _PATTERNED:
        # every pattern of equal and different free indices (j = k ≠ i, …) that the
        # ranges allow: a formula wrong only when two of three indices meet is refuted
        seen = {_pattern(choice, indices) for choice in kept}
        for chosen in itertools.islice(_every_assignment(indices, sizes), _TIE_SCAN):
            pattern = _pattern(chosen, indices)
            if pattern not in seen and _admissible(chosen, indices, sizes):
                seen.add(pattern)
                kept.append(chosen)
    for a, b in ties:
        if any(_tie_holds(a, b, choice, sizes) for choice in kept):
            continue
        for chosen in itertools.islice(_every_assignment(indices, sizes), _TIE_SCAN):
            if _admissible(chosen, indices, sizes) and _tie_holds(a, b, chosen, sizes):
                kept.append(chosen)
                break
    return kept


#: Free indices up to this many are given every pattern of equalities (Bell(4) = 15).
_PATTERNED = 4


def _pattern(chosen: dict, indices: list[IndexDecl]) -> tuple[int, ...]:
    """Which free indices are equal: the first position of each value (1, 2, 2 → 0, 1, 1)."""
    values = [chosen[d.symbol] for d in indices]
    return tuple(values.index(v) for v in values)


def _tie_holds(a, b, chosen: dict, sizes: dict) -> bool:
    values = {**sizes, **chosen}
    difference = (sp.sympify(a) - sp.sympify(b)).xreplace(values)
    return difference.is_Integer and difference == 0


def _admissible(chosen: dict, indices: list[IndexDecl], sizes: dict) -> bool:
    values = {**sizes, **chosen}
    return all(chosen[d.symbol] != sp.sympify(o).xreplace(values) for d in indices for o in d.distinct_from)


def _ends(decl: IndexDecl, values: dict) -> tuple[int, int]:
    """The first and last value of ``decl`` at the sizes and the indices chosen before it (an
    index may run from another, ``from = 'k'``: the notation's order is the order of choice)."""
    return int(decl.lo.xreplace(values)), int(decl.hi.xreplace(values))


def _assignments(indices: list[IndexDecl], sizes: dict, values_of) -> Iterator[dict]:
    """Each assignment of ``indices`` in declaration order, each index taking ``values_of(lo,
    hi)`` of its range at the values chosen before it (an empty range there gives none)."""
    def extend(position: int, chosen: dict):
        if position == len(indices):
            yield dict(chosen)
            return
        decl = indices[position]
        lo, hi = _ends(decl, {**sizes, **chosen})
        for value in values_of(lo, hi):
            chosen[decl.symbol] = value
            yield from extend(position + 1, chosen)
            del chosen[decl.symbol]
    return extend(0, {})


def _every_assignment(indices: list[IndexDecl], sizes: dict) -> Iterator[dict]:
    return _assignments(indices, sizes, lambda lo, hi: range(lo, hi + 1))


def _end_assignments(indices: list[IndexDecl], sizes: dict) -> list[dict]:
    if not indices:
        return [{}]
    ends = _assignments(indices, sizes, lambda lo, hi: sorted({lo, hi, min(lo + 1, hi)}) if lo <= hi else [])
    result = [chosen for chosen in ends if _admissible(chosen, indices, sizes)]
    # Keep the ends: first, last, and one in between; with several indices the ends may
    # all be ties (i = j), so the first choice where the indices differ is kept too
    if len(result) > 3:
        kept = [result[0], result[len(result) // 2], result[-1]]
        if all(len(set(choice.values())) == 1 for choice in kept):
            kept += [next((c for c in result if len(set(c.values())) > 1), result[1])]
        result = kept
    return result
