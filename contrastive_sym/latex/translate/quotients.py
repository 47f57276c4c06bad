r"""A quotient, an exponential and a power as the document writes them: SymPy cancels common factors at once (a²/a is a,
z^⊤z/‖z‖² is 1), and the points where a cancelled factor is 0, where the written quotient
is undefined, would be lost.  Such a quotient keeps them (:class:`~contrastive_sym.model.nodes.Cancelled`)."""
from __future__ import annotations

import sympy as sp

from ...model.definedness import kept, nonnegative as _nonnegative
from ...model.nodes import Cancelled, Folded


def quotient(numerator, denominator):
    """numerator / denominator, with the factors of the denominator that may be 0 and that
    the division cancelled kept as the points where it is undefined."""
    value = numerator / denominator
    if not isinstance(value, sp.Expr) or not isinstance(denominator, sp.Expr):
        return value
    lost = [f for f in _may_vanish(denominator) if not _divides(value, f)]
    return kept(Cancelled(value, *lost) if lost else value, numerator, denominator)


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


def exp_kept(exponent):
    """e^{exponent}, keeping each logarithm SymPy folds away (e^{\\log a} is a) as where the
    written form is undefined (a ≤ 0)."""
    if isinstance(exponent, sp.Expr):
        exponent = _kept_in_sums(exponent, sp.log, lambda log: log.args[0], sp.Integer(1))
    return kept(sp.exp(exponent), exponent)


def power_kept(base, exponent):
    """base^{exponent}, keeping each root SymPy folds away ((\\sqrt{a})^2 is a, (\\log a)^0 is 1)
    as where the written form is undefined (a < 0, a ≤ 0)."""
    if isinstance(base, sp.Expr):
        base = _kept_in_sums(base, sp.Pow, lambda root: root.base if _even_root(root) else None, sp.Integer(0))
    return kept(sp.Pow(base, exponent), base, exponent)


def _even_root(power: sp.Pow) -> bool:
    return power.exp.is_Rational and not power.exp.is_Integer and power.exp.q % 2 == 0


def _kept_in_sums(expr: sp.Expr, kind, argument_of, strict):
    """A logarithm (an even root) inside a sum or product, its argument kept as where it is
    undefined: SymPy folds it only once the sum is written out, when nothing can see it
    any more (e^{Σ_{1≤k<i} log s_{k,i}} at i = 2 is s_{1,2}, defined at s_{1,2} = −1 where
    the written form is not, and a true inequality was refuted there)."""
    def guard(node):
        inside = argument_of(node)
        if inside is None or _nonnegative(inside) and (not strict or inside.is_positive) \
                or isinstance(inside, Folded):
            return node
        return node.func(Folded(inside, inside, strict), *node.args[1:])

    def keep(total):
        return total.replace(lambda n: isinstance(n, kind), guard)
    return expr.replace(lambda n: isinstance(n, (sp.Sum, sp.Product)) and n.has(kind), keep)
