"""Sums and products over an empty range (Π_{k=1}^{0}, Σ_{k=2}^{1}) made their identity before
anything is built around them.

SymPy 1.14 answers the assumptions of an unevaluated empty product inconsistently:
Π_{k=1}^{0} s_{k,k} of real s is positive, or zero, or negative, depending on which question
is asked first (its assumption system tries the facts in a random order, drawn afresh in each
process).  A node built around it reads those answers: ∏_{k≠i} s_{k,k} is written as the
product before i times the product after it, and with i = 1 put in, |a · Π_{k=1}^{0} s_{k,k} ·
s_{2,2}| became −|a · s_{2,2}| · Π_{k=1}^{0} s_{k,k} in about one process in thirty, which
refuted a true triangle inequality (tests/test_empty_ranges.py).  So an empty range never
stands unevaluated under another node: :func:`product` builds none, and :func:`put_in` puts
values in from the leaves up, each sum or product that its values make empty replaced by 0 or
1 before the node around it is built (``xreplace`` builds the node around it first).

Only a range that ends one before it starts is empty (Karr's convention, SymPy's too); one
that ends further before is SymPy's reversed range (Σ_{k=3}^{1} a_k = −a_2), left as it is.
"""
from __future__ import annotations

import sympy as sp


def empty(limit) -> bool:
    """Whether a limit ``(k, lo, hi)`` runs over no value at all (hi = lo − 1)."""
    if len(limit) != 3:
        return False
    gap = sp.sympify(limit[2] - limit[1])
    return gap.is_Integer and int(gap) == -1


def settled(node: sp.Basic) -> sp.Basic:
    """``node``, or its identity when it is a sum (0) or a product (1) over an empty range."""
    if isinstance(node, sp.Sum) and any(empty(limit) for limit in node.limits):
        return sp.S.Zero
    if isinstance(node, sp.Product) and any(empty(limit) for limit in node.limits):
        return sp.S.One
    return node


def product(term: sp.Expr, limit: tuple) -> sp.Expr:
    """``sp.Product(term, limit)``, but 1 over an empty range.

    >>> k, i = sp.Symbol('k', integer=True), sp.Symbol('i', integer=True)
    >>> product(k, (k, 1, 0)), product(k, (k, 1, i - 1))
    (1, Product(k, (k, 1, i - 1)))
    """
    return settled(sp.Product(term, limit))


def put_in(expr: sp.Basic, values: dict) -> sp.Basic:
    """``expr.xreplace(values)``, built from the leaves up with every sum and product over an
    empty range settled (:func:`settled`) before the node around it is built.  Bound indices
    that shadow a key of ``values`` must be renamed first (``model.binders``), as for
    ``xreplace``.

    >>> k, i = sp.Symbol('k', integer=True), sp.Symbol('i', integer=True)
    >>> s = sp.IndexedBase('s', real=True)
    >>> put_in(sp.Abs(s[2] * sp.Product(s[k], (k, 1, i - 1))), {i: 1})
    Abs(s[2])
    """
    if expr in values:
        return values[expr]
    if not expr.args:
        return expr
    args = [put_in(a, values) if isinstance(a, sp.Basic) else a for a in expr.args]
    node = expr if all(a is b for a, b in zip(args, expr.args)) else expr.func(*args)
    return settled(node)
