r"""Distributions over data points, as documents write them: densities ``p(x)``,
``p(x, c)``, ``p(x \mid c)``, expectations ``\mathbb{E}_{x \sim p}[…]`` and sums over every
value of a point ``\sum_{x, c}``.

A distribution is declared over one or more coordinates (``[[distribution]]`` with
``of = ['x', 'c']``), each a declaration of points (a scalar or a family of role
``point``).  These nodes stay symbolic until an instance is checked; then every
coordinate takes a finite alphabet (the points the statement names, plus two points it
does not name) and the distribution a table of unknown positive weights over it
(:func:`contrastive_sym.check.sampling.distributions.expand`).  Distributions of indices
(``\mathbb{E}_{i \sim p_u^+}``, ``\sum_{j \sim p}^N``) have nodes of their own,
:class:`IndexExpectation` and :class:`SampledSum` (:mod:`contrastive_sym.check.sampling.draws`).
Nothing here decides a verdict.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp

from .nodes import _powered
from .notation import BarePoint, Origin


@dataclass(frozen=True)
class DistributionDecl:
    """A distribution ``tag`` (its name in formulas: ``latex``) over ``coordinates``:
    the symbols of the point declarations (a Symbol for a scalar point, an IndexedBase
    for a family of points).  ``weight`` is the unknown positive weight of one cell of
    its table; the probability of a cell is its weight over the sum of all weights."""

    tag: sp.Symbol
    coordinates: tuple[sp.Basic, ...]
    weight: sp.FunctionClass
    latex: str
    origin: Origin | None = None
    # point declarations that are other names for values of a coordinate (x^+ and the
    # negatives x^-_i beside x'): pairs (declaration, coordinate)
    aliases: tuple = field(default=(), kw_only=True)
    # p = τ^+ p^+ + τ^- p^-: pairs (component tag, weight) of declared distributions over the
    # same coordinates, the weights positive and summing to 1; () for a table of its own
    mixture: tuple = field(default=(), kw_only=True)
    # declared discrete (a table of probabilities: words, classes); otherwise its points may
    # have densities, which the checker also tries (check/sampling/distributions.py)
    discrete: bool = field(default=False, kw_only=True)
    # a Markov chain over its coordinates in their order (X -> Y -> Z): a cell's weight is the product
    # of ``weight`` (a function of two points) over consecutive coordinates, so that each is independent
    # of those before the one before it, given that one (every positive such table is so)
    markov: bool = field(default=False, kw_only=True)

    def cell_weight(self, *cell) -> sp.Expr:
        """The unknown positive weight of the cell whose coordinates take the values ``cell``."""
        if self.markov:
            return sp.Mul(*(self.weight(a, b) for a, b in zip(cell, cell[1:])))
        return self.weight(*cell)

    def coordinate_of(self, point: sp.Basic) -> int | None:
        """Which coordinate a point (x, x_3, the label x of a family) is a value of."""
        return coordinate_index(self.coordinates, point, self.aliases)


def coordinate_index(coordinates, point: sp.Basic, aliases=()) -> int | None:
    """The position in ``coordinates`` (point declarations) of the one ``point`` is a
    value of: ``x_3`` and the bare label ``x`` of a family x, or a scalar point itself;
    ``aliases`` pairs a declaration declared as values of a coordinate with it."""
    base = point.base if isinstance(point, (sp.Indexed, BarePoint)) else point
    base = dict(aliases).get(base, base)
    for position, coordinate in enumerate(coordinates):
        if base == coordinate:
            return position
    return None


def _unlisted(args) -> tuple | None:
    """``args`` with each Tuple argument's items taken out of the lists that SymPy's
    ``apart`` (which ``Sum.doit`` tries on every body) wraps them in (``Tuple([x_j])`` for
    ``Tuple(x_j)``: unhashable, and not the node); None when nothing is wrapped."""
    if not any(isinstance(a, sp.Tuple) and any(isinstance(e, list) for e in a.args) for a in args):
        return None
    return tuple(sp.Tuple(*[e for item in a.args for e in (item if isinstance(item, list) else [item])])
                 if isinstance(a, sp.Tuple) else a for a in args)


class _TupleArgs(sp.Function):
    """A node with Tuple arguments, rebuilt whole after ``apart``; a number, so
    commutative (SymPy cannot tell from a Tuple, and ``apart`` then takes its
    non-commutative route, into the conditions of a Piecewise)."""

    is_commutative = True

    @classmethod
    def eval(cls, *args):
        unlisted = _unlisted(args)
        return cls(*unlisted) if unlisted is not None else None

    def _eval_derivative(self, s):
        # SymPy's derivative of a function differentiates each argument, and a Tuple has no
        # derivative (SymPy's summation reached it on a sum of densities: an internal error).
        # Free of s it is 0; otherwise it stays a Derivative, which no evaluator reads.
        return sp.S.Zero if not self.has(s) else None


class Density(_TupleArgs):
    r"""``p(a_1, …, a_k \mid b_1, …)``: args ``(tag, Tuple(a…), Tuple(b…))``."""

    nargs = 3

    @_powered
    def _latex(self, printer):
        tag, args, given = self.args
        inner = ", ".join(printer._print(a) for a in args)
        if given.args:
            inner += r" \mid " + ", ".join(printer._print(b) for b in given)
        return r"%s\left(%s\right)" % (printer._print(tag), inner)


class Expectation(_TupleArgs):
    r"""``\mathbb{E}_{(a_1, …) \sim p}[body]``: args ``(body, Tuple(a…), tag)``; the points
    ``a…`` are bound in ``body`` and drawn jointly from ``p`` (its marginal on their
    coordinates)."""

    nargs = 3

    @_powered
    def _latex(self, printer):
        body, bound, tag = self.args
        drawn = ", ".join(printer._print(a) for a in bound)
        if len(bound.args) > 1:
            drawn = r"\left(%s\right)" % drawn
        return r"\mathbb{E}_{%s \sim %s}\left[%s\right]" % (drawn, printer._print(tag), printer._print(body))


def unbound_symbols(expr: sp.Basic) -> set:
    """The symbols of ``expr`` outside the expectations and sums over points that bind them."""
    if isinstance(expr, (Expectation, AlphabetSum)):
        return unbound_symbols(expr.args[0]) - set(expr.args[1].args)
    if isinstance(expr, sp.Symbol):
        return {expr}
    return set().union(*(unbound_symbols(a) for a in expr.args)) if expr.args else set()


class AlphabetSum(_TupleArgs):
    r"""``\sum_{x, c} body``: the sum over every value of the points ``x, c`` (bound in
    ``body``); args ``(body, Tuple(x, c…))``."""

    nargs = 2

    @_powered
    def _latex(self, printer):
        body, bound = self.args
        return r"\sum_{%s} %s" % (", ".join(printer._print(a) for a in bound), printer._print(body))


class PointIntegral(AlphabetSum):
    r"""``\int body \, dx``: an expectation under a density (``\mathbb{E}_{p(x \mid c)}``, the
    positive of a sample) or a divergence written over every value of the points.  Over a
    table of probabilities it is the sum over the values, as ``AlphabetSum``; where the table is
    read as densities each value is a cell, and its term counts with the cell's volume."""

    @_powered
    def _latex(self, printer):
        body, bound = self.args
        return r"\int %s \, %s" % (printer._print(body), " ".join(f"d{printer._print(a)}" for a in bound))


class SampleExpectation(sp.Function):
    r"""``\mathbb{E}_X[body]`` over a sample X = {x_1, …, x_N} of one positive and N − 1
    negatives, as InfoNCE is written: x_1 (the positive, as ``body`` holds it) drawn from
    p(· | c) given the context point c, x_2 … x_N from the marginal p(x), each independently.
    Args ``(body, members, N, context, tag)``: ``members`` the IndexedBase of x, bound in
    ``body``; c stays free (an expectation around it may draw it).  With a sixth, the
    positive is that point of its own (x^+, bound in ``body``, drawn from p(· | c)), and the
    N members (x^-_1 … x^-_N) are the negatives, each from the marginal; or the sixth is the
    member at the place the document writes the positive (x_{t+k}), and the others are the
    negatives."""

    nargs = (5, 6)

    @_powered
    def _latex(self, printer):
        body, members, count, context, tag, *positive = self.args
        member = printer._print(members)
        if positive and isinstance(positive[0], sp.Indexed) and positive[0].base == members:
            return r"\mathbb{E}_{%s \sim %s(\cdot \mid %s),\ \text{the other of } %s_1, \dots, %s_{%s} \sim %s}\left[%s\right]" % (
                printer._print(positive[0]), printer._print(tag), printer._print(context), member, member,
                printer._print(count), printer._print(tag), printer._print(body))
        if positive:
            return r"\mathbb{E}_{%s \sim %s(\cdot \mid %s),\ %s_1, \dots, %s_{%s} \sim %s}\left[%s\right]" % (
                printer._print(positive[0]), printer._print(tag), printer._print(context), member, member,
                printer._print(count), printer._print(tag), printer._print(body))
        return r"\mathbb{E}_{%s_1 \sim %s(\cdot \mid %s),\ %s_2, \dots, %s_{%s} \sim %s}\left[%s\right]" % (
            member, printer._print(tag), printer._print(context), member, member, printer._print(count),
            printer._print(tag), printer._print(body))


class IidExpectation(sp.Function):
    r"""``\mathbb{E}_{\{x_i\}_{i=lo}^{hi} \sim p}[body]``: the entries x_lo … x_hi of a family
    of points, each drawn independently from p (its marginal on their coordinate); args
    ``(body, members, lo, hi, tag)``, the entries bound in ``body``."""

    nargs = 5

    @_powered
    def _latex(self, printer):
        body, members, lo, hi, tag = self.args
        member = printer._print(members)
        return r"\mathbb{E}_{%s_{%s}, \dots, %s_{%s} \sim %s}\left[%s\right]" % (
            member, printer._print(lo), member, printer._print(hi), printer._print(tag), printer._print(body))


class IndexExpectation(sp.Function):
    r"""``\mathbb{E}_{i \sim p_u^+}[body]`` for a distribution over the values of an index:
    args ``(body, bound, tag, lo, hi, given…)``; ``bound`` (a symbol of its own) is drawn
    from ``lo … hi`` with probability w(given…, v) / Σ_v' w(given…, v').  (The values given
    are trailing arguments: SymPy's ``subs`` breaks an empty Tuple inside a Sum.)"""

    nargs = (5, 6)

    @_powered
    def _latex(self, printer):
        body, bound, tag, _, _, *given = self.args
        return r"\mathbb{E}_{%s \sim %s}\left[%s\right]" % (
            printer._print(bound), _conditioned(printer, tag, given), printer._print(body))


class SampledSum(sp.Function):
    r"""``\sum_{j \sim p}^N body``: the sum of body over N independent draws j of an index
    from ``p``; random, so read only inside an expectation, which averages over the draws
    too.  Args ``(body, bound, tag, lo, hi, N, given…)``."""

    nargs = (6, 7)

    @_powered
    def _latex(self, printer):
        body, bound, tag, _, _, count, *given = self.args
        return r"\sum_{%s \sim %s}^{%s} %s" % (printer._print(bound), _conditioned(printer, tag, given),
                                                printer._print(count), printer._print(body))


class IndexProbability(sp.Function):
    r"""``p(k)`` for a distribution of an index: the probability of the value k, args
    ``(tag, k, lo, hi, given…)``: w(given…, k) / Σ_v w(given…, v) over v = lo … hi."""

    nargs = (4, 5)

    @_powered
    def _latex(self, printer):
        tag, value, _, _, *given = self.args
        return r"%s\left(%s\right)" % (_conditioned(printer, tag, given), printer._print(value))


def _conditioned(printer, tag, given) -> str:
    shown = printer._print(tag)
    if given:
        shown += r"\left(\cdot \mid %s\right)" % ", ".join(printer._print(g) for g in given)
    return shown


INDEX_DRAW_NODES = (IndexExpectation, SampledSum, IndexProbability)
DISTRIBUTION_NODES = (Density, Expectation, AlphabetSum, SampleExpectation, IidExpectation) + INDEX_DRAW_NODES
