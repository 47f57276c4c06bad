r"""Expectations and densities under a distribution defined up to its factor, ``q(y) \propto w(y) p(y)``
(:mod:`contrastive_sym.latex.tilted`): E_{y∼q}[g] = E_{y∼p}[w g] / E_{y∼p}[w] and q(y) = w(y) p(y) /
E_p[w], exactly, so that the checker sees only the declared p.  The reading is said."""
from __future__ import annotations

from dataclasses import dataclass

import lark
import sympy as sp

from ...errors import ParseError
from ...model.distributions import Density, Expectation
from ..scope import Distribution, ExpectationOp
from .trees import unwrap
from .values import relation_name

Tree = lark.Tree


@dataclass(frozen=True)
class TiltedDistribution:
    r"""``q(y) \propto w(y) p(y)``: the declared ``base`` p reweighted by ``weight`` w, an
    expression in the head's ``points`` (and in anything else the document declares)."""

    name: str
    base: Distribution
    points: tuple[sp.Basic, ...]
    weight: sp.Expr

    def weight_at(self, points) -> sp.Expr:
        return self.weight.xreplace(dict(zip(self.points, points)))

    def normaliser(self) -> sp.Expr:
        return Expectation(self.weight, sp.Tuple(*self.points), self.base.tag)


@dataclass(frozen=True)
class TiltedOp(ExpectationOp):
    r"""``\mathbb{E}_{y \sim q}`` with q defined up to its factor: the points, drawn from the base."""

    tilted: TiltedDistribution | None = None


class TiltedMixin:
    """The part of the translator that reads a distribution defined by ``\\propto``."""

    def tilted_subscript(self, tree, op) -> TiltedOp | None:
        r"""``_{y \sim q}`` or ``_q`` with q defined by ``\propto``: the points drawn (those of its
        head for ``_q``); None for any other subscript."""
        if isinstance(tree, Tree) and tree.data == "script_group":
            elements = [c for c in tree.children[0].children if isinstance(c, Tree)]
            tree = unwrap(elements[0]) if len(elements) == 1 else None
        if not isinstance(tree, Tree):
            return None
        if tree.data == "item" and len(tree.children) == 3 and relation_name(str(tree.children[1].children[0])) == r"\sim":
            left, _, right = tree.children
            tilted = self._tilted_named(right)
            if tilted is None:
                return None
            drawn = [unwrap(c) for c in left.children[0].children if isinstance(c, Tree)] \
                if isinstance(left, Tree) and left.data == "paren" else [left]
            points = self._points_of(tilted.base, drawn, op)
            if [tilted.base.coordinate_of(p) for p in points] != [tilted.base.coordinate_of(p) for p in tilted.points]:
                raise self.fail(op, f"{tilted.name} is a density of {len(tilted.points)} point(s) in the order its "
                                    "definition writes them: draw the same")
            return TiltedOp(tuple(points), tilted.base, tilted)
        tilted = self._tilted_named(tree)
        return TiltedOp(tilted.points, tilted.base, tilted) if tilted is not None else None

    def _tilted_named(self, tree) -> TiltedDistribution | None:
        try:
            value = self.value(tree)
        except ParseError:      # any other subscript: the caller reads it, or says why not
            return None
        return value if isinstance(value, TiltedDistribution) else None

    def tilted_expectation(self, op: TiltedOp, body, node) -> sp.Expr:
        """E_{y∼q}[g] as E_{y∼p}[w(y) g] / E_{y∼p}[w(y)]."""
        if not isinstance(body, sp.Expr) or self.vector_of(body) is not None:
            raise self.fail(node, "an expectation of something that is not a number")
        tilted = op.tilted
        weight = tilted.weight_at(op.bound)
        self._say_tilted(tilted)
        return Expectation(weight * body, sp.Tuple(*op.bound), tilted.base.tag) / \
            Expectation(weight, sp.Tuple(*op.bound), tilted.base.tag)

    def tilted_density(self, tilted: TiltedDistribution, items, node) -> sp.Expr:
        """q(y) as w(y) p(y) / E_p[w]."""
        if any(not isinstance(c, Tree) and str(c) != "," for c in items.children):
            raise self.fail(node, f"{tilted.name}(…) takes the points it is a density of, separated by commas; "
                                  "it is defined with no condition")
        points = self._points_of(tilted.base, [c for c in items.children if isinstance(c, Tree)], node)
        if [tilted.base.coordinate_of(p) for p in points] != [tilted.base.coordinate_of(p) for p in tilted.points]:
            raise self.fail(node, f"{tilted.name}(…) takes the points of its definition, in its order")
        self._say_tilted(tilted)
        return tilted.weight_at(points) * Density(tilted.base.tag, sp.Tuple(*points), sp.Tuple()) / tilted.normaliser()

    def _say_tilted(self, tilted: TiltedDistribution) -> None:
        note = (f"{tilted.name} is {tilted.base.name} reweighted as its definition writes it, divided by the "
                f"mean weight under {tilted.base.name} (the factor \\propto leaves out)")
        self.readings.extend([note] if note not in self.readings else [])
