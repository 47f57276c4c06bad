r"""Expectations whose subscript is the density of their draw, as reviews of
mutual-information bounds write them: ``\mathbb{E}_{p(X, Y)}[…]`` is ``\mathbb{E}_{(X, Y) \sim p}``,
and the letter of the density names the coordinate drawn, so ``\mathbb{E}_{p(x)}[e^{f(X, Y)}]``
draws X (Poole et al.'s partition function).  Under a conditional density,
``\mathbb{E}_{p(x \mid c)}[…]`` (or ``\mathbb{E}_{x \sim p(x \mid c)}``) is the sum over every value
of x of p(x | c)·[…], c free for an expectation around it to draw."""
from __future__ import annotations

from dataclasses import dataclass, replace

import lark
import sympy as sp

from ...errors import ParseError
from ...model.distributions import Density, PointIntegral, unbound_symbols
from ...model.slices import SliceDensity
from ..scope import Distribution, ExpectationOp
from .compound_draws import FamilyDrawOp
from .sample_slices import draws
from .trees import unwrap

Tree = lark.Tree


@dataclass(frozen=True)
class DensityOp(ExpectationOp):
    r"""``\mathbb{E}_{p(x)}`` before its body: the subscript is the density of the draw, whose
    letters name the coordinates drawn (p(x) is the density of X), so the body may write a
    coordinate's point in another letter (``\mathbb{E}_{p(x)}[e^{f(X, Y)}]``)."""

    written: str = ""
    # the points a conditional density is given (p(x \mid c)): they stay free, for an
    # expectation around it to draw
    given: tuple = ()


@dataclass(frozen=True)
class ProductOp(ExpectationOp):
    r"""``\mathbb{E}_{p(x)p(z)}`` before its body: a product of densities is independent draws, one
    per factor, a factor given a point another draws (``p(x) q(y \mid x)``) drawn inside it."""

    factors: tuple = ()


class DensityDrawsMixin:
    r"""The part of :class:`~contrastive_sym.latex.translate.Translator` that reads
    ``\mathbb{E}_{p(x, y)}`` (used by :class:`~.distributions.DistributionsMixin`)."""

    def _expectation_under_density(self, density: Density, tree, op) -> ExpectationOp:
        r"""``\mathbb{E}_{p(x, y)}``: the points of the density drawn from its distribution, as
        ``\mathbb{E}_{(x, y) \sim p}`` (the subscript names the density of the draw: one
        reading, as unambiguous as the draw written out, so not said); which point of each
        coordinate the body writes is settled with the body (:meth:`_density_points`)."""
        tag, points, given = density.args
        written = " ".join(self.source(tree).split())
        distribution = self.distribution_of_tag(tag, op, f"'{written}'")
        return DensityOp(tuple(points.args), distribution, written, tuple(given.args))

    def distribution_of_tag(self, tag, op, written: str) -> Distribution:
        """The declared distribution of the table ``tag``; refused, naming ``written``, when the notation in
        force no longer names it (a definition read under a distribution a [[section]] declares anew)."""
        found = next((d for d in self.scope.names.values() if isinstance(d, Distribution) and d.tag == tag), None)
        if found is None:
            raise self.fail(op, f"{written}: a density of a distribution the notation here no longer declares "
                                "(a [[section]] declares its name anew): define it again after that section, or "
                                "write the draw as x \\sim p with a distribution declared here")
        return found

    def _expectation_under_product(self, value, tree, op) -> ProductOp | None:
        r"""``\mathbb{E}_{p(x)p(z)}``, ``\mathbb{E}_{p(x) q(y \mid x)}``: the factors' draws, outermost
        first; None when ``value`` is no product of densities.  A factor written twice, or factors
        that draw one point twice or are given each other's points, are refused."""
        products = {f: self.product_draw(f, op) for f in value.args} if isinstance(value, sp.Mul) else {}
        if not (isinstance(value, sp.Mul) and len(value.args) > 1
                and all(isinstance(f, (Density, SliceDensity)) or products[f] for f in value.args)):
            if isinstance(value, (sp.Mul, sp.Pow)) and (value.atoms(Density) or value.has(SliceDensity)):
                raise self.fail(op, f"\\mathbb{{E}}_{{{' '.join(self.source(tree).split())}}}: an expectation under "
                                    "a product of densities reads each density once, each of its own points")
            return None
        factors = [self.slice_draw(f, op) if isinstance(f, SliceDensity) else products[f]
                   or self._expectation_under_density(f, tree, op) for f in value.args]
        drawn = [p for f in factors for p in f.bound]
        slices = [f for f in factors if isinstance(f, FamilyDrawOp)]
        if len(set(drawn)) != len(drawn) or len({f.members for f in slices}) != len(slices) \
                or any(draws(f, p) for f in slices for p in drawn):
            raise self.fail(op, f"\\mathbb{{E}}_{{{' '.join(self.source(tree).split())}}} draws a point in two of "
                                "its densities: which draws it is not written")
        # outermost first: a factor given a point that another draws (x_1 of p(x_{1:K})) inside it
        ordered = self.slice_factors_ordered(factors, op, " ".join(self.source(tree).split()))
        return ProductOp(tuple(drawn), ordered[0].distribution, factors=tuple(ordered))

    def product_of_distributions(self, tree, op) -> ProductOp | None:
        r"""``\mathbb{E}_{P_X P_Z}``: declared distributions written side by side, the independent
        draws of each one's points (the product measure); None when ``tree`` is not two or more
        declared distributions side by side."""
        trees, rest = [], tree
        while isinstance(rest, Tree) and rest.data == "juxt":
            trees.append(rest.children[0])
            rest = rest.children[1]
        trees.append(rest)
        if len(trees) < 2:
            return None
        try:
            values = [self.value(t) for t in trees]
        except ParseError:
            return None
        if not all(isinstance(v, Distribution) for v in values):
            return None
        factors = [ExpectationOp(v.points, v) for v in values]
        drawn = [p for f in factors for p in f.bound]
        if len(set(drawn)) != len(drawn):
            raise self.fail(op, f"\\mathbb{{E}}_{{{' '.join(self.source(tree).split())}}}: two of its distributions "
                                "draw one point, and which draws it is not written")
        return ProductOp(tuple(drawn), values[0], factors=tuple(factors))

    def product_expectation(self, op: ProductOp, body, node):
        """``body`` averaged by each factor's draw, the innermost first."""
        for factor in reversed(op.factors):
            body = self.expectation(factor, body, node)
        return body

    def drawn_by_density(self, left, drawn: list, right, op) -> DensityOp | None:
        r"""``\mathbb{E}_{x \sim p(x \mid c)}``: the draw of the points of the density written
        after ``\sim`` (``drawn``: the trees of ``left``, the points written before it), as
        ``\mathbb{E}_{p(x \mid c)}``; None when ``right`` is no density."""
        if not (isinstance(right, Tree) and right.data == "call"):
            return None
        filled = _placeholders_filled(right, drawn)      # x \sim p(\cdot \mid c): the drawn point in its place
        try:
            density = self.value(filled)
        except ParseError:
            if filled is not right:
                raise           # the density its placeholders name does not read: that is why
            return None         # not a density: declared_distribution says why
        right = filled
        if not isinstance(density, Density):
            return None
        points = [self.as_point(self.value(tree)) for tree in drawn]
        written = list(density.args[1].args)
        if points != written:
            distribution = self.distribution_of_tag(density.args[0], op, f"'{' '.join(self.source(right).split())}'")
            if len(points) != len(written) or any(p is None or distribution.coordinate_of(p) is None
                                                  or distribution.coordinate_of(p) != distribution.coordinate_of(w)
                                                  for p, w in zip(points, written)):
                raise self.fail(op, f"'{' '.join(self.source(left).split())} \\sim "
                                    f"{' '.join(self.source(right).split())}' draws other points than the density is of "
                                    f"(write x \\sim p(x \\mid c))")
            # x^- \sim p(x): the density written at its coordinate's letter names the distribution of
            # that coordinate, and x^- (a value of it) is what is drawn; said
            note = (f"'{' '.join(self.source(left).split())} \\sim {' '.join(self.source(right).split())}': "
                    f"{', '.join(self._shown_point(p) for p in points)} drawn from the density written at "
                    f"{', '.join(self._shown_point(w) for w in written)}, a value of the same coordinate")
            self.readings.extend([note] if note not in self.readings else [])
            density = Density(density.args[0], sp.Tuple(*points), density.args[2])
        return self._expectation_under_density(density, right, op)

    def density_expectation(self, op: DensityOp, body) -> PointIntegral | None:
        r"""``\mathbb{E}_{p(x \mid c)}[body]``: the sum over every value of x of p(x | c)·body, c
        free (an expectation around it draws it); None for a density given nothing (an
        expectation of its own)."""
        if not op.given:
            return None
        density = Density(op.distribution.tag, sp.Tuple(*op.bound), sp.Tuple(*op.given))
        return PointIntegral(density * body, sp.Tuple(*op.bound))

    def _density_points(self, op: DensityOp, body, node) -> DensityOp:
        r"""The points ``\mathbb{E}_{p(x)}[body]`` draws: p(x) is the density of the coordinate
        x is a value of, and its letter a placeholder, so where the body does not write x but
        writes one other point of that coordinate (X, as Poole et al. write
        \mathbb{E}_{p(x)}[e^{f(X, Y)}] for the partition function), that point is drawn, and the
        reading says so.  Two other points of the coordinate and no x: which is drawn is not
        written, refused."""
        drawn, moved = [], []
        for point in op.bound:
            if body.has(point):
                drawn.append(point)
                continue
            coordinate = op.distribution.coordinate_of(point)
            others = sorted({p for p in unbound_symbols(body) if p != point and self._is_point(p)
                             and op.distribution.coordinate_of(p) == coordinate}, key=str)
            if len(others) > 1:
                names = " and ".join(self._shown_point(p) for p in others)
                raise self.fail(node, f"\\mathbb{{E}}_{{{op.written}}} draws the coordinate of "
                                      f"{self._shown_point(point)}, and what it averages writes {names}, values of "
                                      f"that coordinate: which one is drawn is not written; write "
                                      f"\\mathbb{{E}}_{{{self._shown_point(others[0])} \\sim {op.distribution.name}}}")
            if others:
                moved.append((point, others[0]))
            drawn.append(others[0] if others else point)
        for point, other in moved:
            point, other = self._shown_point(point), self._shown_point(other)
            note = (f"\\mathbb{{E}}_{{{op.written}}} draws {other}: {op.distribution.name}({point}) is the density "
                    f"of the coordinate {point} is a value of, and what it averages writes it {other}")
            self.readings.extend([note] if note not in self.readings else [])
        return replace(op, bound=tuple(drawn)) if moved else op


#: what stands for the argument of a density in a draw, ``x \sim p(\cdot \mid c)``
_PLACEHOLDERS = frozenset({"\\cdot", "\\bullet", "\\cdotp"})


def _placeholders_filled(density, drawn: list):
    r"""``p(\cdot \mid c)`` after ``x \sim`` (``drawn``: the trees of the points written before it) as
    ``p(x \mid c)``: the one placeholder of each drawn point, in order, before any bar, replaced by the
    point's tree (a copy; ``density`` unchanged).  ``density`` itself when it has no placeholder, or
    not one per drawn point."""
    items = unwrap(density.children[1]) if len(density.children) == 2 else None
    if not (isinstance(items, Tree) and items.data == "paren" and isinstance(items.children[0], Tree)):
        return density
    children = items.children[0].children
    head = []
    for child in children:
        if isinstance(child, lark.Token):
            if str(child) != ",":
                break
            continue
        head.append(child)
    marks = [n for n, child in enumerate(children) if child in head and _is_placeholder(child)]
    if not marks or len(marks) != len(head) or len(marks) != len(drawn):
        return density
    filled = list(children)
    for n, tree in zip(marks, drawn):
        filled[n] = lark.Tree("item", [tree], tree.meta)
    inner = lark.Tree(items.children[0].data, filled, items.children[0].meta)
    return lark.Tree(density.data, [density.children[0], lark.Tree(items.data, [inner], items.meta)], density.meta)


def _is_placeholder(item) -> bool:
    tree = unwrap(item)
    return isinstance(tree, Tree) and tree.data == "command" and str(tree.children[0]) in _PLACEHOLDERS
