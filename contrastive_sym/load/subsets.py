r"""A set the data gives: ``[[set]]`` with ``any_subset = true``.

Documents sum over sets their data fixes and their mathematics does not: the items a
user interacted with (``\sum_{i \in \mathcal{I}_u^+}``), the positives of a query.  Such a
set is *any* subset of ``from`` … ``to`` (one for each value of its parameters), and a
statement about it holds only if it holds for every subset::

    [[set]]
    name = '\mathcal{I}_u^+'   # a parameter u: \mathcal{I}_u^+, \mathcal{I}^+_u, P(u)
    index = 'i'
    to = 'n'
    any_subset = true

Its membership is a family of values 0 or 1 (domain ``binary``), ``𝟙[i ∈ 𝓘_u^+]``
indexed by the parameters then the member, which the sampler runs over every subset at
small sizes (``check/sampling/points.py``).  ``\sum_{i \in \mathcal{I}_u^+} f`` is
Σ_{i=from}^{to} 𝟙[i ∈ 𝓘_u^+]·f and ``|\mathcal{I}_u^+|`` is Σ 𝟙[i ∈ 𝓘_u^+]; the empty
subset is one of them, so ``1/|\mathcal{I}_u^+|`` is undefined there and the verdict says so.
"""
from __future__ import annotations

import re

import sympy as sp

from ..latex.scope import SET_KEY, IndexSet, Scope, form_key
from ..model.notation import Domain
from .context import Context, read_text, scope_key
from .labels import _parameters


def any_subset(entry: dict, name: str, lo: sp.Expr, hi: sp.Expr, scope: Scope, context: Context) -> Scope:
    """``scope`` with the set ``name`` bound as any subset of lo … hi (under its head, as
    a set with parameters is)."""
    for key in ("where", "members", "nonempty"):
        if key in entry:
            raise context.fail(f"set {name}: any_subset = true is a set the data gives, whatever it is; "
                               f"'{key}' says which it is, so the two do not go together", (key,))
    written = read_text(entry, "index", context).strip() if "index" in entry else ""
    letters = _letters(written)
    if letters is None:
        raise context.fail(f"set {name}: 'index' (one letter, its member as a sum writes it: index = 'i', "
                           "or a tuple of letters for a set of pairs: index = '(i, j)') is required with "
                           "any_subset", ("index",) if "index" in entry else None)
    if sp.sympify(lo) != 1:
        raise context.fail(f"set {name}: a subset the data gives is of 1 … to (from = 1)", ("from",))
    head, params, form, labels = _parameters(name, letters[0], scope, context)
    if labels is not None:
        raise context.fail(f"set {name}: a set of a class label is given by the labels (where = 'y_p = "
                           "y_i'), not by the data", ("any_subset",))
    if set(letters) & set(params):
        raise context.fail(f"set {name}: its parameters and its index '{written}' are different names", ("index",))
    extents = [_extent(param, hi, scope) for param in params]
    membership = context.builder.family(f"1[{written} ∈ {scope_key(name)}]", extents + [hi] * len(letters),
                                        Domain.BINARY, latex=rf"\mathbb{{1}}_{{{scope_key(name)}}}",
                                        origin=context.locator.origin(name))
    components = tuple(sp.Dummy(letter, integer=True) for letter in letters)
    symbols = tuple(sp.Dummy(p, integer=True, positive=True) for p in params)
    found = IndexSet(head, sp.Integer(1), sp.sympify(hi), None, components[0], membership[symbols + components],
                     symbols, form, components=components if len(components) > 1 else ())
    if not params:
        # also under the key of sets: after \in only the set is meant, whatever the letter names
        # later (Q the batch beside Q a [[distribution]], its inclusion probability)
        return scope.bind(scope_key(name), found).bind(SET_KEY + scope_key(name), found)
    scope = scope.bind(form_key(head, form), found)
    return scope if scope.lookup(head) is not None else scope.bind(head, found)


def _letters(written: str) -> list[str] | None:
    """The member's letters: ``i`` → [i]; ``(i, j)`` → [i, j] (two or three, distinct)."""
    if re.fullmatch(r"[a-zA-Z]", written):
        return [written]
    tuple_ = re.fullmatch(r"\(\s*([a-zA-Z](?:\s*,\s*[a-zA-Z]){1,2})\s*\)", written)
    letters = re.findall(r"[a-zA-Z]", tuple_.group(1)) if tuple_ else []
    return letters if letters and len(set(letters)) == len(letters) else None


def _extent(param: str, hi: sp.Expr, scope: Scope) -> sp.Expr:
    """How many values the parameter takes: the range of the declared index of its
    letter (from 1), else the set's own range, as ``nonempty`` takes it."""
    symbol = scope.lookup(param)
    for declared, first, last in scope.index_ranges:
        if declared == symbol and sp.sympify(first) == 1:
            return sp.sympify(last)
    return sp.sympify(hi)
