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

from ...errors import ParseError
from ...model.distributions import Density, IidExpectation
from ...model.slices import EntrySlice, SliceDensity, as_slice
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

    def entry_slice(self, family, indices: list, written: str, op):
        r"""``x_{lo:hi}`` of a family of data points of one dimension: the entries lo … hi at once.
        A slice of anything else (numbers: a vector of part of them), or one past the family's
        entries, is refused."""
        if len(family.shape) != 1 or family.base not in self.scope.points or len(indices) != 2:
            raise self.fail(op, f"'{written}', a slice (the entries from one index to another at once), is read "
                                "only of a [[family]] of data points of one dimension (the samples x_1 … x_K of a "
                                f"point); {_NOT_READ}")
        lo, hi = (sp.sympify(family.stored_index(0, index)) for index in indices)
        if not (lo.is_integer and hi.is_integer):
            raise self.fail(op, f"'{written}': the ends of a slice are whole numbers (sizes, indices, numbers)")
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
        if as_slice(value) is None:
            return None
        written = " ".join(self.source(node).split())
        if any(kind != ";" for kind in kinds):
            raise self.fail(node, f"'{written}': a density of a slice given other points is not read (the "
                                  "entries of a slice are drawn each from the marginal of their coordinate)")
        base = as_slice(value)[0]
        if meaning.coordinate_of(base[1]) is None:
            raise self.fail(node, f"'{written}': {meaning.name} does not draw the entries of "
                                  f"{self.family_key(base)} (its coordinates: {', '.join(meaning.written)})")
        return SliceDensity(meaning.tag, value)

    def slice_draw(self, density: SliceDensity, op) -> FamilyDrawOp:
        r"""``\mathbb{E}_{p(x_{1:K})}``: each entry drawn independently from p's marginal (said)."""
        tag, entries = density.args
        distribution = self.distribution_of_tag(tag, op, f"'{density}'")
        base, lo, hi = as_slice(entries)
        shown = f"{self.family_key(base)}_{{{sp.sstr(lo)}:{sp.sstr(hi)}}}"
        note = (f"{distribution.name}({shown}): the entries of the slice {shown}, each drawn from "
                f"{distribution.name} independently of the others")
        self.readings.extend([note] if note not in self.readings else [])
        return FamilyDrawOp((), distribution, base, lo, hi)

    def product_draw(self, value, op) -> FamilyDrawOp | None:
        r"""``\prod_{j=2}^{K} p(x_j)`` as a factor of an expectation's subscript: the entries 2 … K of x,
        each drawn independently from p (as ``p(x_{2:K})``); None for anything else."""
        if not (isinstance(value, sp.Product) and len(value.limits) == 1 and isinstance(value.function, Density)):
            return None
        index, lo, hi = value.limits[0]
        tag, points, given = value.function.args
        point = points.args[0] if len(points.args) == 1 else None
        if given.args or not (isinstance(point, sp.Indexed) and point.indices == (index,)
                              and point.base in self.scope.points):
            return None
        family = self._family_of(point.base)
        if family is None or len(family.shape) != 1:
            return None
        return self.slice_draw(SliceDensity(tag, self.entry_slice(family, [lo, hi], sp.sstr(value), op)), op)

    def power_of_a_slice_density(self, key: str | None, ops: list) -> list:
        r"""``ops`` (the scripts and calls after the name ``key``) without the power of ``r^{K-1}(x_{2:K})``,
        a declared distribution's density of a slice of as many entries as the power: the density of the
        entries drawn together, ``r(x_{2:K})`` (a factor of an expectation's subscript).  A power that is not
        their number is refused; any other ``ops`` are returned as they are."""
        if key is None or len(ops) != 2 or ops[0].data != "superscript" or ops[1].data != "call" \
                or not isinstance(self.scope.lookup(key), Distribution):
            return ops
        elements = _arguments(ops[1])
        try:
            sliced = as_slice(self.value(elements[0])) if len(elements) == 1 else None
        except ParseError:
            return ops
        if sliced is None:
            return ops
        count = sliced[2] - sliced[1] + 1
        if sp.expand(self.expr(ops[0].children[1]) - count) != 0:
            raise self.fail(ops[0], f"'{' '.join(self.source(ops[1]).split())}': the power of a density is the "
                                    f"number of entries drawn, {count} here")
        return ops[1:]

    def power_draw_op(self, tree, op) -> ExpectationOp | None:
        r"""``\mathbb{E}_{p^K(x, y)}``: K independent draws of the points of p's density written
        after the power; None for any other subscript (``r^{K-1}(x_{2:K})`` is read as a value)."""
        tree = unwrap(tree)
        if not (isinstance(tree, Tree) and tree.data == "call" and isinstance(tree.children[0], Tree)
                and tree.children[0].data == "superscript"):
            return None
        base, power = tree.children[0].children
        distribution = self.value(base)
        if not isinstance(distribution, Distribution):
            return None
        elements = _arguments(tree)
        if len(elements) == 1 and as_slice(self.value(elements[0])) is not None:
            return None         # r^{K-1}(x_{2:K}), the density of a slice: power_of_a_slice_density
        points = self._points_of(distribution, elements, op) if elements else []
        coordinates = sorted(distribution.coordinate_of(p) for p in points)
        if coordinates != list(range(len(distribution.coordinates))):
            raise self.fail(op, f"'{' '.join(self.source(tree).split())}': the power of a density is read over "
                                f"every coordinate of {distribution.name}, each once, "
                                f"({', '.join(distribution.written)})")
        return PowerDrawOp((), distribution, power=self.expr(power))

    def power_expectation(self, op: PowerDrawOp, body, node) -> IidExpectation:
        r"""``\mathbb{E}_{p^K(x, y)}[body]``: the body's pairs of entries (x_i, y_i), i = 1 … K, each
        drawn from p independently of the others; refused when the body uses anything else, or
        the samples are not K."""
        points = {a for call in body.atoms(sp.core.function.AppliedUndef) for a in call.args if self._is_point(a)}
        pairs = self._paired_entries(op.distribution, points)
        written = f"{op.distribution.name}^{{{sp.sstr(op.power)}}}"
        if pairs is None:
            used = ", ".join(sorted(self._shown_point(p) for p in points)) or "none"
            raise self.fail(node, f"\\mathbb{{E}}_{{{written}(…)}}: K independent draws from "
                                  f"{op.distribution.name} are read of the samples (x_i, y_i) of its points, which "
                                  f"what it averages takes as the arguments of declared functions (it takes {used})")
        members, lo, hi = pairs
        # expand, not simplify: the reader never calls SymPy's hang-prone simplifiers (sizes are polynomials)
        if sp.expand(hi - op.power) != 0:
            raise self.fail(node, f"\\mathbb{{E}}_{{{written}(…)}}: the power is the number of pairs drawn, and "
                                  f"the samples are {hi}")
        return IidExpectation(body, members, lo, hi, op.distribution.tag)

    def refuse_slices_beside(self, macro, definitions: list, items, node) -> None:
        r"""``a(y; x_{j:K})`` beside the definition of a at (y; x_{1:K}) and its declaration: a use at
        another slice of the family a definition is at may be that slice (j = 1), and which of the two
        it means is not written: refused.  A use at points, never a slice, is the declared function."""
        families = {as_slice(value)[0] for d in definitions for kind, value in d.point_params
                    if kind == "fixed" and as_slice(value) is not None}
        for element in (c for c in items.children if isinstance(c, Tree)):
            value = self.value(element)
            if as_slice(value) is not None and as_slice(value)[0] in families:
                raise self.fail(node, f"{macro.key}({' '.join(self.source(items).split()).strip('()')}): "
                                      f"{macro.key} is defined at " + " and ".join(f"({d.labels})" for d in definitions)
                                      + f" and declared elsewhere, and this is another slice of "
                                      f"{self.family_key(as_slice(value)[0])}: which is meant is not written "
                                      "(write the slice as the definition does)")

    def slice_factors_ordered(self, factors: list, op, written: str) -> list:
        """The factors of a product of densities, outermost first: one given a point that
        another draws (an entry of its slice, x_1 of x_{1:K}) inside it."""
        ordered, left = [], list(factors)
        while left:
            free = [f for f in left
                    if not any(draws(g, p) for g in left if g is not f for p in getattr(f, "given", ()))]
            if not free:
                raise self.fail(op, f"\\mathbb{{E}}_{{{written}}}: its densities are given each other's points")
            ordered.append(free[0])
            left.remove(free[0])
        return ordered


def draws(factor, point) -> bool:
    """Whether the draw ``factor`` draws ``point``: one of its points, or an entry of its slice."""
    if isinstance(factor, FamilyDrawOp):
        return isinstance(point, sp.Indexed) and point.base == factor.members and \
            not (point.indices[0] - factor.lo).is_negative and not (factor.hi - point.indices[0]).is_negative
    return point in factor.bound


def _arguments(call) -> list:
    """The trees of the arguments of a call ``p(a, b)`` written with parentheses; [] otherwise."""
    items = unwrap(call.children[1]) if len(call.children) == 2 else None
    if not (isinstance(items, Tree) and items.data == "paren" and isinstance(items.children[0], Tree)):
        return []
    return [c for c in items.children[0].children if isinstance(c, Tree)]
