r"""A definition whose head writes a declared index as a parenthesised superscript, used at a value
of that index: ``\mathcal{L}_i^{(k)} = … U_{i,k} …`` (the loss of view k of sample i), then
``\mathcal{L}_i^{(1)}`` or ``\mathcal{L}_i^{(l)}``.  Papers write the views of a batch so (DCL,
SimCLR): the superscript is the index, not a mark of the name, so the use is the definition with
k put to 1 (or to l), as ``U_{i,1}`` is ``U_{i,k}`` at k = 1.

Only a value that is plainly in k's range is read: a whole number between its declared bounds,
another declared index with the same bounds, or the index of a sum around the use.  Anything else (``^{(0)}`` of k from 1, ``^{(t)}``
of an index over another range, an expression) finds nothing, and the name stays undeclared."""
from __future__ import annotations

import re
from dataclasses import replace

import sympy as sp

_SUPERSCRIPT = re.compile(r"^(?P<base>.+)\^\{\((?P<value>[^(){}\s]+)\)\}$")


def at_superscript_value(scope, key: str):
    """The definition ``base^{(k)}`` of ``scope`` read at the value ``key`` writes in its superscript
    (``base^{(1)}``, ``base^{(l)}``), or None when ``key`` is not so or no definition fits."""
    from .scope import Macro       # scope.py calls this from its lookup
    found = _SUPERSCRIPT.match(key)
    if found is None:
        return None
    base, written = found.group("base"), found.group("value")
    for name, meaning in scope.names.items():
        if not (name.startswith(base + "^{(") and name.endswith(")}")) or not isinstance(meaning, Macro):
            continue
        letter = name[len(base) + 3:-2]
        index = scope.names.get(letter)
        bounds = scope.index_range(index) if isinstance(index, sp.Symbol) else None
        if bounds is None or letter == written:
            continue
        value = _value_in(scope, written, bounds)
        if value is not None:
            return replace(meaning, key=key, body=meaning.body.xreplace({index: value}))
    return None


def _value_in(scope, written: str, bounds) -> sp.Expr | None:
    lo, hi = bounds
    if written.isdigit():
        value = sp.Integer(written)
        # plainly inside: both bounds decided (lo ≤ 1 ≤ N of a positive N), never an open question
        return value if (sp.Le(lo, value) & sp.Le(value, hi)) is sp.true else None
    other = scope.names.get(written)
    if isinstance(other, sp.Symbol) and scope.index_range(other) == bounds:
        return other
    declared = {symbol for symbol, _, _ in scope.index_ranges}
    if isinstance(other, sp.Symbol) and other.is_integer and other not in declared and written not in scope.size_names:
        # the index of a sum around the use (\sum_{k=1}^K P_s(x)^{(k)}), as the definition's own letter is read
        # there: its values are the sum's, and an entry past a family's shape is refused where it is checked
        return other
    return None
