r"""``[[set]]``: the finite sets a document sums over and counts: an index set
``I = {1, …, 2N}`` (``\sum_{k \in I, k \neq i}``), or a set of members of a declared family
``S = {s_1, …, s_n}`` (``\sum_{s_i \in S}``, ``\frac{1}{|S|}``).  ``[n]`` and
``[\![1, n]\!]`` need no declaration.  With ``index`` and ``where``, a set defined by a
condition, with parameters (``P(i)``, ``N_i``, ``N(y_i)``): :mod:`.labels`."""
from __future__ import annotations

import sympy as sp

from ..latex.scope import SET_KEY, Family, IndexSet, Scope
from .context import Context, read_formula, read_text, table_entries
from .labels import condition_set, read_labels
from .subsets import any_subset


def read_sets(spec: dict, scope: Scope, context: Context) -> Scope:
    """``scope`` with every ``[[set]]`` bound to its :class:`IndexSet`."""
    scope = read_labels(spec, scope, context)
    for entry in table_entries(spec, "set", context):
        name = read_text(entry, "name", context)
        if entry.get("any_subset") is True:
            lo = read_formula(entry.get("from", 1), scope, context, ("from",))
            if "to" not in entry:
                raise context.fail(f"set {name}: 'to' (its last possible member) is required", ("to",))
            scope = any_subset(entry, name, lo, read_formula(entry["to"], scope, context, ("to",)), scope,
                               context)
            continue
        for key in ("index", "nonempty"):
            if key in entry and "where" not in entry:
                raise context.fail(f"set {name}: '{key}' goes with 'where' (a set defined by a condition)",
                                   (key,))
        members = None
        if "members" in entry:
            family = scope.lookup(read_text(entry, "members", context))
            if not isinstance(family, Family) or len(family.shape) != 1:
                raise context.fail(f"set {name}: members names a declared family of one dimension "
                                   "(its entries are the members)", ("members",))
            members = family.base
        if "to" in entry:
            hi = read_formula(entry["to"], scope, context, ("to",))
        elif members is not None:
            hi = family.shape[0]
        else:
            raise context.fail(f"set {name}: 'to' (its last member) is required without 'members'", ("to",))
        lo = read_formula(entry.get("from", 1), scope, context, ("from",))
        if sp.simplify(hi - lo + 1).is_nonpositive:
            raise context.fail(f"set {name}: from {lo} to {hi} is empty", ("to",))
        if "where" in entry:
            scope = condition_set(entry, name, lo, hi, scope, context)
            continue
        found = IndexSet(name, sp.sympify(lo), sp.sympify(hi), members)
        # also under a key of its own: a definition may give the letter another meaning
        # (I(x;c) beside the index set I), and after \in only the set is meant
        scope = scope.bind(name, found).bind(SET_KEY + name, found)
    return scope

