r"""Where a written term is a real number, and keeping it when SymPy folds the term away.

SymPy simplifies as it builds: ``log(b) - log(b)`` is 0, ``0·log(b)`` is 0, ``√b·√b`` is
b, ``(log b)^0`` is 1.  The written forms are undefined where b ≤ 0 (b < 0 for the root);
the folded values are defined everywhere, and a statement about them would be proved for
every real b where the document's is not even defined.  :func:`kept` puts back what each
lost term needed, as :class:`~contrastive_sym.model.nodes.Folded` (an argument that must be
> 0 or ≥ 0) or :class:`~contrastive_sym.model.nodes.Cancelled` (one that must be ≠ 0).
"""
from __future__ import annotations

import functools

import sympy as sp

from .nodes import Cancelled, Folded, is_kink


def needs(node):
    """What a node needs to be a real number: (argument, relation to 0), or None."""
    if isinstance(node, sp.log):
        return node.args[0], ">"
    if isinstance(node, (sp.acos, sp.asin)):
        return 1 - node.args[0] ** 2, ">="      # \arccos, \arcsin: on [-1, 1] only
    if isinstance(node, sp.atanh):
        return 1 - node.args[0] ** 2, ">"       # arctanh: on (-1, 1)
    if isinstance(node, sp.tan):
        return sp.cos(node.args[0]), "!="       # tan: a pole where cos is 0
    if isinstance(node, sp.acosh):
        return node.args[0] - 1, ">="           # arccosh: on [1, ∞)
    if isinstance(node, sp.Pow) and node.exp.is_integer is not True:    # x^{1/2}, x^{a} with a sampled
        return node.base, ">" if node.exp.is_negative is not False else ">="
    if isinstance(node, sp.Pow) and node.exp.is_number and node.exp.is_negative:
        return node.base, "!="
    if is_kink(node):
        return node.args[0], "!="      # a derivative at a kink of |x| or max(0, x): none at 0
    if isinstance(node, Cancelled):
        return sp.Mul(*node.args[1:]), "!="     # a²/a: the cancelled denominator
    if isinstance(node, Folded):
        return node.args[1], ">" if node.args[2] else ">="     # e^{log a}, (√a)²: where they are written
    return None


def kept(value, *operands):
    """``value``, which SymPy built from ``operands``, with what each term of an operand
    that the value no longer has needed (its argument > 0, ≥ 0 or ≠ 0) kept as where the
    value is undefined.  A term inside a sum or product over an index the operand binds is
    not looked at: its argument names the index, which means nothing outside the sum
    (quotients._kept_in_sums guards those)."""
    if not isinstance(value, sp.Expr):
        return value
    lost = {}
    for operand in operands:
        if isinstance(operand, sp.Basic):
            for node, need in _needing(operand, frozenset()):
                if need not in lost and not value.has(node) and not _holds(*need):
                    lost[need] = node
    for argument, relation in lost:
        if relation == "!=":
            value = Cancelled(value, argument)
        else:
            value = Folded(value, argument, sp.Integer(1 if relation == ">" else 0))
    return value


def _holds(argument: sp.Expr, relation: str) -> bool:
    """Whether a need holds by the argument's form (a positive symbol, a sum of squares)."""
    return bool(argument.is_positive) or relation == ">=" and nonnegative(argument) \
        or relation == "!=" and bool(argument.is_nonzero)


@functools.lru_cache(maxsize=8192)
def _needing(expr: sp.Basic, bound: frozenset) -> tuple:
    """The terms of ``expr`` that need something, with what they need, outside bound indices
    (cached: a sum read term by term passes the same terms again and again)."""
    found = []
    need = needs(expr)
    if need is not None and not (need[0].free_symbols & bound):
        found.append((expr, need))
    if isinstance(expr, (sp.Sum, sp.Product)):
        found += _needing(expr.function, bound | {limit[0] for limit in expr.limits})
        for limit in expr.limits:
            for end in limit[1:]:
                found += _needing(end, bound)
        return tuple(found)
    for arg in expr.args:
        if isinstance(arg, sp.Basic) and not arg.is_Atom:
            found += _needing(arg, bound)
    return tuple(found)


def nonnegative(expr: sp.Expr) -> bool:
    """≥ 0 by its form: what SymPy knows, and sums, sums of terms and products of such
    (‖x‖² = Σ_m x_m² over a symbolic d, which SymPy does not call nonnegative)."""
    if expr.is_nonnegative:
        return True
    if isinstance(expr, sp.Sum):
        return nonnegative(expr.function)
    if isinstance(expr, (sp.Add, sp.Mul)):
        return all(nonnegative(arg) for arg in expr.args)
    # every value the checker reads is real: an even power is ≥ 0 unless SymPy knows its base is not real
    return isinstance(expr, sp.Pow) and expr.exp.is_Integer and expr.exp % 2 == 0 and expr.base.is_real is not False


__all__ = ["kept", "needs", "nonnegative"]
