"""When two rows of one display define one name alike: a family defined entry by entry written
twice (``h_i = f(x_i)``, ``h_j = f(x_j)``), or a definition written again as it was (``p(C=1) = …``
twice), which is one definition, not a name defined twice."""
from __future__ import annotations

import sympy as sp

from .scope import Macro


def renamed(a: Macro, b: Macro) -> bool:
    """``a`` is ``b`` with its index parameters named differently (``h_j`` after ``h_i``)."""
    if not a.index_params or len(a.index_params) != len(b.index_params):
        return False
    body = a.body.xreplace(dict(zip(a.index_params, b.index_params)))
    return same(Macro(a.key, body, b.index_params), Macro(b.key, b.body, b.index_params))


def alike(a: Macro, b: Macro, row, translator) -> bool:
    """``a`` is ``b`` written again (p(C=1) = … twice in one display), which the reading says."""
    found = same(a, b)
    if found:
        translator.readings.append(f"'{translator.source(row.head)}' is defined twice, alike: one definition")
    return found


def same(a: Macro, b: Macro) -> bool:
    """Equal macros, up to the dummy symbols each translation makes afresh."""
    return _canonical(a) == _canonical(b)


def _canonical(macro: Macro):
    dummies = sorted(macro.body.atoms(sp.Dummy), key=lambda d: d.dummy_index)
    body = macro.body.xreplace({d: sp.Symbol(f"_dummy{n}", **d.assumptions0) for n, d in enumerate(dummies)})
    return (macro.key, body, macro.index_params, macro.list_param, macro.vector_params, macro.labels)
