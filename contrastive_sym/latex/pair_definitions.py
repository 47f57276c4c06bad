r"""A sum that excludes an index, ``\sum_{i \neq j}``, in a definition that depends on the declared index j
only through it: over the pairs (i, j), or over i with j fixed (the anchor convention of
``\sum_{k \neq i} e^{s_{ik}}``)?  A head that writes its arguments (``c(Z)``, ``N(t, c)``) without j means the
pairs, the one reading that leaves it a function of its arguments (VICReg's c(Z) = \frac{1}{d} \sum_{i \neq j}
C_{ij}^2 read with j fixed was refuted in a true identity), said in a warning.  A head without arguments keeps
the anchor, says the other reading, and records j (``Macro.anchors``): a statement that sums over j itself
is then ambiguous (translate/pair_sums.py)."""
from __future__ import annotations

from dataclasses import replace

import sympy as sp

from .scope import Scope


def _paired(body, inner: Scope, scope: Scope, read):
    """(the body read with each excluding sum over the pairs, the names of the indices it pairs) when that
    reading leaves no declared index loose; (None, frozenset()) otherwise."""
    if not isinstance(body, sp.Basic):
        return None, frozenset()
    loose = {str(symbol) for symbol, _, _ in scope.index_ranges if body.has(symbol)}
    if not loose:
        return None, frozenset()
    keys = frozenset(k for k, v in inner.names.items() if isinstance(v, sp.Symbol) and str(v) in loose
                     and inner.index_range(v) is not None)
    paired = read(replace(inner, pair_sums=keys))
    if not isinstance(paired, sp.Basic) or any(paired.has(symbol) for symbol, _, _ in scope.index_ranges):
        return None, frozenset()
    return paired, keys


def over_pairs(body, inner: Scope, scope: Scope, read, said: list | None = None):
    """``body`` read over the pairs (``read``: the body in a scope), said in ``said``, for a head that writes
    its arguments; ``body`` as it is when the pairs leave an index loose too."""
    paired, keys = _paired(body, inner, scope, read)
    if paired is None:
        return body
    if said is not None:
        shown = ", ".join(sorted(keys))
        said.append(f"its sum whose condition excludes {shown} (\\sum_{{… \\neq {shown}}}) runs over the pairs: the "
                    f"head writes its arguments, and {shown} is not among them")
    return paired


def excluded_anchors(body, scope: Scope, read, said: list) -> frozenset:
    """The declared indices a definition without arguments depends on only through a sum that excludes
    them (kept fixed, the other reading said in ``said``); empty when there is none."""
    paired, keys = _paired(body, scope, scope, read)
    if paired is None:
        return frozenset()
    shown = ", ".join(sorted(keys))
    said.append(f"it depends on {shown} only through a sum that excludes it (\\sum_{{… \\neq {shown}}}), read with "
                f"{shown} fixed; if that sum runs over the pairs, write its arguments in the head (c(Z) = …)")
    return keys
