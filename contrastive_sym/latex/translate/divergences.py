r"""The Kullback-Leibler divergence of two densities, as documents write it:
``D_{KL}(p(x, y) \| p(x) p(y))``, ``D_{\mathrm{KL}}\left(p(y \mid x) || q(y)\right)``,
``\mathrm{KL}(p \parallel q)`` of two declared distributions over the same points.

D_KL(P ‖ Q) is the sum, over every value of the points P is the density of, of
P·log(P/Q): a :class:`~contrastive_sym.model.distributions.PointIntegral`, checked exactly on
finite tables as every expectation is.  Under a conditional density, ``p(y \mid x)``, the
points it is given (x) stay free, for an expectation around it to draw.  P may be a
product of densities of distinct points (p(x) p(y), the reverse divergence).  Anything else
in the first place (a number, a function), or a second argument that is not a function of the
same points, is refused, naming why: a divergence is between two distributions of the
same points.

The Jensen-Shannon divergence, ``D_{JS}(P \| Q)`` (also ``\mathrm{JSD}``, ``\operatorname{JSD}``), is read
the same way, both arguments densities (or declared distributions) of the same points: the sum
of P/2·log(2P/(P+Q)) + Q/2·log(2Q/(P+Q)), i.e. KL(P ‖ M)/2 + KL(Q ‖ M)/2 with M = (P + Q)/2.

A quantity declared by its letter alone of a declared distribution (``I``, ``H``: load/quantities.py) is
read at whichever of its points a use writes: ``I(X; Z)``, ``I(X; Y, Z)``, ``I(X; Y \mid Z)``, ``H(X \mid Z)``."""
from __future__ import annotations

import re

import lark
import sympy as sp

from ...errors import ParseError
from ...model.distributions import Density, IndexProbability, PointIntegral, unbound_symbols
from ...model.information import entropy, mutual_information
from ...model.notation import bare_point
from ..scope import Builtin, Distribution, Family, InformationOf
from .draws import IndexDistribution

Tree, Token = lark.Tree, lark.Token

#: What the bar between a call's arguments is read as: only a divergence's.
NOT_A_DIVERGENCE = ("'{bar}' between the arguments of a call is read only in the Kullback-Leibler divergence "
                    "(D_{{KL}}(p \\| q), \\mathrm{{KL}}(p \\| q)) and the Jensen-Shannon divergence (D_{{JS}}(p \\| q))")
#: the bar as a document writes it between a divergence's arguments
_WRITTEN_BAR = re.compile(r"\\parallel(?![a-zA-Z])|\\Vert(?![a-zA-Z])|\\\||\|\||\\mid\s*\\mid")


class DivergencesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads
    ``D_{KL}(P \\| Q)``."""

    def t_divergence_args(self, node):
        # (b \| c) after something that is not the divergence: a(b \| c), read as a product
        raise self.fail(node, self._not_a_divergence(node))

    def _not_a_divergence(self, node) -> str:
        found = _WRITTEN_BAR.search(self.source(node))
        return NOT_A_DIVERGENCE.format(bar=" ".join(found.group().split()) if found else "\\|")

    def divergence(self, meaning, args: Tree, node):
        """``meaning`` applied to ``args``: the divergence of ``D_{KL}(P \\| Q)``; the bar between
        the arguments of anything else, or D_{KL} without it, refused."""
        if meaning not in (Builtin.KL, Builtin.JS):
            raise self.fail(args, self._not_a_divergence(args))
        name = _written(meaning)
        if not (isinstance(args, Tree) and args.data == "divergence_args"):
            raise self.fail(node, f"{name} takes two densities separated by a bar, {name}(p(x) \\| q(x))")
        first_tree, second_tree = (c for c in args.children if isinstance(c, Tree))
        first = self.value(first_tree)
        second = self._mixture(first, second_tree) if isinstance(first, Distribution) else None
        if second is not None and meaning is Builtin.KL:
            # \mathrm{KL}(P \| (P + Q)/2): the second a mixture of declared distributions of P's points
            points = sp.Tuple(*first.points)
            p = Density(first.tag, points, sp.Tuple())
            return PointIntegral(p * sp.log(p / second), points)
        second = self.value(second_tree)
        if isinstance(first, Distribution) and isinstance(second, Distribution):
            return self._divergence_of_distributions(first, second, node, meaning)
        points, given = self._divergence_points(first, first_tree, name, "P")
        if meaning is Builtin.JS:
            # both arguments weigh the sum: Q is a density of the same points as P, as P is
            drawn, beside = self._divergence_points(second, second_tree, name, "Q")
            if set(drawn.args) != set(points.args) or set(beside.args) != set(given.args):
                raise self.fail(second_tree, f"{name}(P \\| Q) compares two distributions of the same points: "
                                             f"'{self._written(second_tree)}' is not a density of "
                                             f"{', '.join(self._shown_point(p) for p in points.args)}"
                                             + (f" given {', '.join(self._shown_point(g) for g in given.args)}"
                                                if given.args else ""))
            return PointIntegral(_jensen_shannon(first, second), points)
        if not isinstance(second, sp.Expr) or self.vector_of(second) is not None:
            raise self.fail(second_tree, f"the second argument of {name}(P \\| Q) is a number at each value of "
                                         "the points of P (a density q(x), or p(x) p(y))")
        unbound = self._unbound_points(second)
        missing = [p for p in points.args if p not in unbound]
        foreign = sorted((p for p in unbound if p not in points.args and p not in given.args), key=str)
        if missing or foreign:
            which = (f"does not depend on {', '.join(self._shown_point(p) for p in missing)}" if missing else
                     f"depends on {', '.join(self._shown_point(p) for p in foreign)}, which P is not of")
            raise self.fail(second_tree, f"{name}(P \\| Q) compares two distributions of the same points: "
                                         f"'{self._written(second_tree)}' {which}")
        return PointIntegral(first * sp.log(first / second), points)

    def information_of(self, meaning: InformationOf, items, node):
        r"""``I(X; Z)``, ``I(X; Y \mid Z)``, ``H(X \mid Z)`` of a quantity declared by its letter alone: the
        measure of the points of its distribution the use writes, in groups (a bar, then ';' or ',')."""
        # its spaces are gone (X\midZ), and so is spacing written as commands (X \, | \, Z)
        written = re.sub(r"\\(?:[,;:! ]|q?quad(?![a-zA-Z]))", "", self.written_labels(items))
        parts = re.split(r"\\mid|\\vert|\|", written)
        name = self.source(node.children[0]).strip()
        if len(parts) > 2:
            raise self.fail(node, f"{name}(…) is given one group of points at most (one bar)")
        if meaning.meaning == "entropy" and ";" in parts[0]:
            raise self.fail(node, f"{name}({written}): a semicolon between an entropy's points is not read ({name}(X, Y) "
                                  "is their joint entropy; documents write H(X; Y) for other quantities too)")
        if meaning.meaning == "entropy":
            groups = [parts[0].split(",")]
        else:
            groups = parts[0].split(";") if ";" in parts[0] or len(parts) > 1 else parts[0].split(",")
            if len(groups) != 2:
                raise self.fail(node, f"{name}(…), a mutual information, is of two groups of points, {name}(X; Y), "
                                      f"{name}(X; Y, Z), or of two given a third, {name}(X; Y \\mid Z)")
            groups = [g.split(",") for g in groups]
        given = [self._drawn_point(w, meaning.distribution, name, node) for w in parts[1].split(",")] if len(parts) == 2 else []
        points = [[self._drawn_point(w, meaning.distribution, name, node) for w in group] for group in groups]
        every = [p for group in points for p in group] + given
        if len({meaning.distribution.coordinate_of(p) for p in every}) != len(every):
            raise self.fail(node, f"{name}({written}) writes a point twice (or two values of one coordinate)")
        tag = meaning.distribution.tag
        return entropy(tag, points[0], given) if meaning.meaning == "entropy" else \
            mutual_information(tag, points[0], points[1], given)

    def _drawn_point(self, written: str, distribution: Distribution, name: str, node):
        """The point ``written`` names among those ``distribution`` draws; refused otherwise."""
        point = self.scope.lookup(written.strip())
        point = bare_point(point.base) if isinstance(point, Family) else point
        if not isinstance(point, sp.Basic) or distribution.coordinate_of(point) is None:
            raise self.fail(node, f"{name} is of the points of {', '.join(distribution.written)}; "
                                  f"'{written.strip()}' is not one of them")
        return point

    def _mixture(self, first: Distribution, tree):
        r"""The density of ``(P + Q)/2`` (``tree``, an expression of declared distributions of ``first``'s points,
        as measures: a mixture) at those points; None when ``tree`` is one distribution, or no such expression."""
        from .displays import translate_expr     # the translator is made of this mixin
        names = {key: value for key, value in self.scope.names.items() if isinstance(value, Distribution)
                 and not isinstance(value, IndexDistribution) and list(value.coordinates) == list(first.coordinates)}
        if isinstance(self.scope.lookup(self.source(tree).strip()), Distribution) or not names:
            return None
        scope = self.scope
        for key, value in names.items():
            scope = scope.bind(key, Density(value.tag, sp.Tuple(*value.points), sp.Tuple()))
        try:
            value = translate_expr(self.source(tree), scope)
        except ParseError:
            return None
        densities = {f for f in value.atoms(Density)} if isinstance(value, sp.Expr) else set()
        # (densities of P's points, and numbers: no other name)
        if not densities or value.xreplace({d: sp.Integer(1) for d in densities}).free_symbols:
            return None
        return value

    def _divergence_points(self, value, tree, name: str, which: str) -> tuple:
        """(the points, the points given) of ``value``, a density or a product of densities of distinct
        points, the argument ``which`` (P or Q) of the divergence ``name``; refused otherwise."""
        factors = sp.Mul.make_args(value) if isinstance(value, sp.Expr) else ()
        drawn = [a for f in factors if isinstance(f, Density) for a in f.args[1].args]
        if not factors or not all(isinstance(f, Density) for f in factors) or len(set(drawn)) != len(drawn):
            raise self.fail(tree, f"{name}(P \\| Q) is read with {which} a density, p(x) or p(y \\mid x) (or a "
                                  f"product of densities of distinct points, p(x) p(y)), or a declared "
                                  f"distribution; '{self._written(tree)}' is neither")
        return sp.Tuple(*drawn), sp.Tuple(*{g: None for f in factors for g in f.args[2].args if g not in drawn})

    def _divergence_of_distributions(self, first: Distribution, second: Distribution, node, meaning=Builtin.KL):
        r"""``D_{KL}(p \| q)`` (or ``D_{JS}``) of two declared distributions: over all their coordinates,
        which must be the same points; of two distributions of an index, the sum over its values."""
        name = _written(meaning)
        if isinstance(first, IndexDistribution) or isinstance(second, IndexDistribution):
            return self._divergence_of_index_distributions(first, second, node, meaning)
        if list(first.coordinates) != list(second.coordinates):
            raise self.fail(node, f"{name}({first.name} \\| {second.name}): the two distributions are of "
                                  f"different points ({', '.join(first.written)}; {', '.join(second.written)})")
        points = sp.Tuple(*first.points)
        p, q = Density(first.tag, points, sp.Tuple()), Density(second.tag, points, sp.Tuple())
        return PointIntegral(p * sp.log(p / q) if meaning is Builtin.KL else _jensen_shannon(p, q), points)

    def _divergence_of_index_distributions(self, first, second, node, meaning=Builtin.KL):
        r"""Σ_k p(k) log(p(k)/q(k)) over the values of the index both are of (each given nothing)."""
        name = _written(meaning)
        if not (isinstance(first, IndexDistribution) and isinstance(second, IndexDistribution)) or first.given is not None \
                or second.given is not None or first.coordinates != second.coordinates \
                or sp.expand(first.lo - second.lo) != 0 or sp.expand(first.hi - second.hi) != 0:
            raise self.fail(node, f"{name}({first.name} \\| {second.name}) is read for two distributions of "
                                  "the same points, or of the values of one index, each given nothing")
        value = sp.Dummy("k", integer=True, positive=True)
        p, q = (IndexProbability(d.tag, value, d.lo, d.hi) for d in (first, second))
        return sp.Sum(p * sp.log(p / q) if meaning is Builtin.KL else _jensen_shannon(p, q), (value, first.lo, first.hi))

    def _unbound_points(self, expr) -> set:
        """The points ``expr`` writes outside the expectations and sums that bind them."""
        return {s for s in unbound_symbols(expr) if self._is_point(s)}

    def _written(self, tree) -> str:
        return " ".join(self.source(tree).split())


def _jensen_shannon(p, q) -> sp.Expr:
    """The term of the Jensen-Shannon divergence at one value: p/2·log(2p/(p+q)) + q/2·log(2q/(p+q))."""
    return p / 2 * sp.log(2 * p / (p + q)) + q / 2 * sp.log(2 * q / (p + q))


def _written(meaning) -> str:
    """The divergence as messages write it."""
    return "D_{KL}" if meaning is Builtin.KL else "D_{JS}"
