r"""The samples of a point at once, as variational bounds of mutual information write them
(Poole et al., 2019): the slice ``x_{1:K}`` (the entries x_1 … x_K of a family of points), the
argument of a declared function (``a(y; x_{1:K})``); its density ``p(x_{1:K})`` as the subscript
of an expectation (``\mathbb{E}_{p(x_{1:K}) p(y \mid x_1)}``: the entries drawn independently
from p's marginal on their coordinate, then y given x_1); and the K-fold product of a joint,
``\mathbb{E}_{p^K(x, y)}`` (the pairs (x_i, y_i) drawn independently from p).  A mixin of the
translator; the nodes are :mod:`contrastive_sym.model.slices`."""
from __future__ import annotations

from dataclasses import dataclass

import lark
import sympy as sp

from ...model.distributions import IidExpectation
from ...model.slices import EntrySlice, SliceDensity
from ..scope import Distribution, ExpectationOp
from .compound_draws import FamilyDrawOp
from .trees import unwrap

Tree = lark.Tree

_NOT_READ = "write the entries, x_1, \\dots, x_K, or sum over them"


@dataclass(frozen=True)
class PowerDrawOp(ExpectationOp):
    r"""``\mathbb{E}_{p^K(x, y)}`` before its body: K independent draws from p, of the pairs of
    entries of the samples of its points that the body uses."""

    power: sp.Expr = sp.S.One


class SampleSlicesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads slices."""

    def entry_slice(self, family, indices: list, written: str, op) -> EntrySlice:
        r"""``x_{lo:hi}`` of a family of data points of one dimension: the entries lo … hi at once.
        A slice of anything else (numbers: a vector of part of them), or one past the family's
        entries, is refused."""
        if len(family.shape) != 1 or family.base not in self.scope.points or len(indices) != 2:
            raise self.fail(op, f"'{written}', a slice (the entries from one index to another at once), is read "
                                "only of a [[family]] of data points of one dimension (the samples x_1 … x_K of a "
                                f"point); {_NOT_READ}")
        lo, hi = (sp.sympify(family.stored_index(0, index)) for index in indices)
        if (lo - 1).is_negative or (hi - family.shape[0]).is_positive or (hi - lo).is_negative:
            first = family.start(0)
            raise self.fail(op, f"'{written}': not entries of {self.family_key(family.base)}, whose entries are "
                                f"{first} … {family.shape[0] + first - 1}")
        return EntrySlice(family.base, lo, hi)

    def slice_density(self, meaning: Distribution, groups: list, kinds: list, node) -> SliceDensity | None:
        r"""``p(x_{1:K})``: the density of the samples at once, read as the subscript of an
        expectation; None when the first argument is no slice.  Given anything (p(x_{2:K} \mid x_1)),
        or beside other points, it is refused."""
        if len(groups[0]) != 1:
            return None
        value = self.value(groups[0][0])
        if not isinstance(value, EntrySlice):
            return None
        written = " ".join(self.source(node).split())
        if any(kind != ";" for kind in kinds):
            raise self.fail(node, f"'{written}': a density of a slice given other points is not read (the "
                                  "entries of a slice are drawn each from the marginal of their coordinate)")
        if meaning.coordinate_of(value.args[0][1]) is None:
            raise self.fail(node, f"'{written}': {meaning.name} does not draw the entries of "
                                  f"{self.family_key(value.args[0])} (its coordinates: {', '.join(meaning.written)})")
        return SliceDensity(meaning.tag, value)

    def slice_draw(self, density: SliceDensity, op) -> FamilyDrawOp:
        r"""``\mathbb{E}_{p(x_{1:K})}``: each entry drawn independently from p's marginal (said)."""
        tag, entries = density.args
        distribution = self.distribution_of_tag(tag, op, f"'{density}'")
        base, lo, hi = entries.args
        shown = f"{self.family_key(base)}_{{{sp.sstr(lo)}:{sp.sstr(hi)}}}"
        note = (f"{distribution.name}({shown}): the entries of the slice {shown}, each drawn from "
                f"{distribution.name} independently of the others")
        self.readings.extend([note] if note not in self.readings else [])
        return FamilyDrawOp((), distribution, base, lo, hi)

    def power_draw_op(self, tree, op) -> ExpectationOp | None:
        r"""``\mathbb{E}_{p^K(x, y)}``: K independent draws of the points of p's density written
        after the power (``r^{K-1}(x_{2:K})``: of the entries of the slice); None for any other
        subscript."""
        tree = unwrap(tree)
        if not (isinstance(tree, Tree) and tree.data == "call" and isinstance(tree.children[0], Tree)
                and tree.children[0].data == "superscript"):
            return None
        base, power = tree.children[0].children
        distribution = self.value(base)
        if not isinstance(distribution, Distribution):
            return None
        items = unwrap(tree.children[1])
        elements = [c for c in items.children[0].children if isinstance(c, Tree)] \
            if isinstance(items, Tree) and items.data == "paren" else []
        sliced = self.value(elements[0]) if len(elements) == 1 else None
        if isinstance(sliced, EntrySlice):
            # r^{K-1}(x_{2:K}): the entries of the slice, each drawn from r
            count = sliced.args[2] - sliced.args[1] + 1
            if sp.simplify(self.expr(power) - count) != 0:
                raise self.fail(op, f"'{' '.join(self.source(tree).split())}': the power of a density is the number "
                                    f"of entries drawn, {count} here")
            return self.slice_draw(SliceDensity(distribution.tag, sliced), op)
        points = self._points_of(distribution, elements, op) if elements else []
        coordinates = sorted(distribution.coordinate_of(p) for p in points)
        if coordinates != list(range(len(distribution.coordinates))):
            raise self.fail(op, f"'{' '.join(self.source(tree).split())}': the power of a density is read over "
                                f"every coordinate of {distribution.name}, each once, ({', '.join(distribution.written)})")
        return PowerDrawOp((), distribution, power=self.expr(power))

    def power_expectation(self, op: PowerDrawOp, body, node) -> IidExpectation:
        r"""``\mathbb{E}_{p^K(x, y)}[body]``: the body's pairs of entries (x_i, y_i), i = 1 … K, each
        drawn from p independently of the others; refused when the body uses anything else, or
        the samples are not K."""
        points = {a for call in body.atoms(sp.core.function.AppliedUndef) for a in call.args if self._is_point(a)}
        pairs = self._paired_entries(op.distribution, points)
        written = f"{op.distribution.name}^{{{sp.sstr(op.power)}}}"
        if pairs is None:
            raise self.fail(node, f"\\mathbb{{E}}_{{{written}(…)}}: K independent draws from "
                                  f"{op.distribution.name} are of the samples (x_i, y_i) of its points, and what it "
                                  "averages uses other points")
        members, lo, hi = pairs
        if sp.simplify(hi - op.power) != 0:
            raise self.fail(node, f"\\mathbb{{E}}_{{{written}(…)}}: the power is the number of pairs drawn, and "
                                  f"the samples are {hi}")
        return IidExpectation(body, members, lo, hi, op.distribution.tag)

    def slice_factors_ordered(self, factors: list, op, written: str) -> list:
        """The factors of a product of densities, outermost first: one given a point that
        another draws (an entry of its slice, x_1 of x_{1:K}) inside it."""
        ordered, left = [], list(factors)
        while left:
            free = [f for f in left if not any(_draws(g, p) for g in left if g is not f for p in getattr(f, "given", ()))]
            if not free:
                raise self.fail(op, f"\\mathbb{{E}}_{{{written}}}: its densities are given each other's points")
            ordered.append(free[0])
            left.remove(free[0])
        return ordered


def _draws(factor, point) -> bool:
    """Whether the draw ``factor`` draws ``point``: one of its points, or an entry of its slice."""
    if isinstance(factor, FamilyDrawOp):
        return isinstance(point, sp.Indexed) and point.base == factor.members and \
            not (point.indices[0] - factor.lo).is_negative and not (factor.hi - point.indices[0]).is_negative
    return point in factor.bound
