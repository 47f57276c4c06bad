r"""A quotient as the document writes it: SymPy cancels common factors at once (a²/a is a,
z^⊤z/‖z‖² is 1), and the points where a cancelled factor is 0, where the written quotient
is undefined, would be lost.  Such a quotient keeps them (:class:`~contrastive_sym.model.nodes.Cancelled`)."""
from __future__ import annotations

import sympy as sp

from ...model.nodes import Cancelled


def quotient(numerator, denominator):
    """numerator / denominator, with the factors of the denominator that may be 0 and that
    the division cancelled kept as the points where it is undefined."""
    value = numerator / denominator
    if not isinstance(value, sp.Expr) or not isinstance(denominator, sp.Expr):
        return value
    lost = [f for f in _may_vanish(denominator) if not _divides(value, f)]
    return Cancelled(value, *lost) if lost else value


def _may_vanish(denominator: sp.Expr) -> list:
    """The factors of a denominator that are 0 somewhere: a power's base (a² and √S vanish
    where a and S do), not a number nor what SymPy knows is nonzero (e^x, τ > 0, a size)."""
    found = []
    for factor in sp.Mul.make_args(denominator):
        if isinstance(factor, sp.Pow) and factor.exp.is_positive:
            factor = factor.base
        if factor.is_number or factor.is_nonzero or isinstance(factor, sp.Pow) and factor.exp.is_negative:
            continue
        found.append(factor)
    return found


def _divides(value: sp.Expr, factor: sp.Expr) -> bool:
    """Whether ``value`` still divides by ``factor`` (a power of it with a negative exponent)."""
    return any(p.base == factor and p.exp.is_negative for p in value.atoms(sp.Pow))
