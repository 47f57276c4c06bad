"""Expectations written without a subscript, ``\\mathbb{E}[…]``: what they average over is
read from the points their body uses (a mixin of the translator)."""

from __future__ import annotations

import re

import sympy as sp
from lark import Token, Tree

from ...model.distributions import Density, Expectation, IidExpectation, PointIntegral, unbound_symbols
from ..scope import Distribution, ExpectationOp
from .compound_draws import DrawsOp
from .values import ListValue, componentwise


class BareExpectationsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads
    ``\\mathbb{E}[…]`` without a subscript."""

    def bracket_expectation(self, variance: bool, items, value, node):
        r"""``\mathbb{E}[X]``, ``\mathbb{E}[X \mid y]`` (the conditional expectation given the points after
        the bar), ``\mathrm{Var}(X)`` and ``\mathrm{Var}(X \mid y)`` (E[(X − E[X | y])² | y])."""
        separators = [str(c).strip() for c in items.children if isinstance(c, Token)] \
            if isinstance(items, Tree) and items.data == "items" else []
        if not any(s in ("\\mid", "\ue004") for s in separators):
            body = self.expectation_argument(value, node)
            if not variance:
                return self.bare_expectation(body, node)
            if isinstance(body, sp.Expr) and not self._body_points(body) and not _constant(body):
                raise self.fail(node, f"'{' '.join(self.source(node).split())}': a variance of something that draws no "
                                      "point does not say what it varies over: a variance is of a random point's "
                                      "function, \\mathrm{Var}(f(x)) with x drawn by a declared distribution (or write "
                                      "the expectation, \\mathbb{E}_{x \\sim p}[(f(x) - \\mathbb{E}_{x \\sim p}[f(x)])^2])")
            mean = self.bare_expectation(body, node)
            return self.bare_expectation((body - mean) ** 2, node)
        elements = [c for c in items.children if isinstance(c, Tree)]
        if separators[0] not in ("\\mid", "\ue004") or any(s != "," for s in separators[1:]):
            raise self.fail(node, f"'{' '.join(self.source(items).split())}': one value, then the bar, then the points "
                                  "it is given (\\mathbb{E}[X \\mid y, z]) is read")
        given = [self._given_point(element) for element in elements[1:]]
        body = self.value_of(self.value(elements[0]))
        if not variance and self.vector_of(body) is not None:
            # \mathbb{E}[z' \mid z] of a vector: the vector of its components' conditional expectations
            return componentwise(self.vector_of(body), lambda c: self.conditional_expectation(c, given, node))
        body = self._number(body, elements[0])
        mean = self.conditional_expectation(body, given, node)
        return self.conditional_expectation((body - mean) ** 2, given, node) if variance else mean

    def _given_point(self, element):
        written = " ".join(self.source(element).split())
        if _RELATION.search(written):
            # E[L(f, c) | c \neq 1]: an expectation given an event
            raise self.fail(element, f"'{written}' after the bar of an expectation is an event: an expectation given an "
                                     "event is not read yet; given points, \\mathbb{E}[X \\mid y], it is (a condition is "
                                     "read inside a probability or a density, p(x \\mid c))")
        point = self.as_point(self.value(element))
        if isinstance(point, sp.Indexed):
            raise self.fail(element, f"'{written}' after the bar of an expectation is an entry of a family of points: "
                                     "given one sample of a family is not read yet; given a declared point "
                                     "(\\mathbb{E}[X \\mid y]) it is")
        if point is None or not isinstance(point, sp.Symbol):
            raise self.fail(element, f"'{written}' after the bar of an expectation is not a declared data point: "
                                     "\\mathbb{E}[X \\mid y] is read given points (an event, a condition or a value "
                                     "after the bar is not read)")
        return point

    def conditional_expectation(self, body, given: list, node):
        r"""E[body | given]: the points of ``body`` but the given ones drawn from the one declared
        distribution that draws them and the given ones together, given these (the sum of p(x | y)·body
        over every value of x); a function of the given points, which an expectation around it may draw."""
        if not isinstance(body, sp.Expr) or self.vector_of(body) is not None:
            raise self.fail(node, "an expectation of something that is not a number")
        shown = ", ".join(self._shown_point(g) for g in given)
        free = unbound_symbols(body)        # E[E[f(x) | y] | y]: the x drawn inside is not drawn again
        points = {p for p in self._body_points(body) if not isinstance(p, sp.Symbol) or p in free} - set(given)
        if not points and not self._body_points(body) and not _constant(body):
            # E[a | y] of a scalar a: as \mathbb{E}[a] is, whether the document means a random is not written
            raise self.fail(node, f"\\mathbb{{E}}[… \\mid {shown}] of something that draws no point, not even a given "
                                  "one, does not say what it averages over: write \\mathbb{E}_{x \\sim p}[…]")
        if not points:
            note = f"\\mathbb{{E}}[… \\mid {shown}] of what draws no other point is what it averages"
            self.readings.extend([note] if note not in self.readings else [])
            return body
        covering = [d for d in {id(d): d for p in points for d in self._drawing(p)}.values()
                    if all(any(e is d for e in self._drawing(p)) for p in points | set(given))]
        if len(covering) != 1:
            raise self.fail(node, f"\\mathbb{{E}}[… \\mid {shown}]: " + (
                "no declared distribution draws its points together with the given ones" if not covering else
                f"{' and '.join(sorted(d.name for d in covering))} each draw them, and which it averages over is "
                "not written"))
        distribution = covering[0]
        self.scope.lookup(distribution.name)       # marks the declaration used (unused-name warnings)
        loose = sorted(self._shown_point(p) for p in points | set(given)
                       if p not in distribution.coordinates and p not in dict(distribution.aliases))
        slots = [distribution.coordinate_of(p) for p in points | set(given)]
        if loose or len(set(slots)) != len(slots):
            raise self.fail(node, f"\\mathbb{{E}}[… \\mid {shown}]: " + (
                f"{', '.join(loose)} are not coordinates {distribution.name} draws" if loose else
                "two of its points are values of one coordinate, which is drawn once"))
        drawn = sp.Tuple(*sorted(points, key=distribution.coordinate_of))
        note = (f"\\mathbb{{E}}[… \\mid {shown}]: the conditional expectation, "
                f"{', '.join(self._shown_point(p) for p in drawn)} drawn from {distribution.name} given {shown}")
        self.readings.extend([note] if note not in self.readings else [])
        return PointIntegral(Density(distribution.tag, drawn, sp.Tuple(*given)) * body, drawn)

    def _body_points(self, body) -> set:
        """The points ``body`` uses: the arguments of its calls, and where its densities are taken."""
        points = {a for call in body.atoms(sp.core.function.AppliedUndef) for a in call.args if self._is_point(a)}
        return points | {a for density in body.atoms(Density) for a in (*density.args[1], *density.args[2])
                         if self._is_point(a)}

    def expectation_argument(self, value, node):
        """The one value ``\\mathbb{E}[…]`` averages (a bar among its items, without a subscript, is read by
        :meth:`bracket_expectation`; after a subscript, ``\\mathbb{E}_x[X \\mid y]``, it is refused here)."""
        if isinstance(value, ListValue) and any(s.strip() in ("\\mid", "\ue004") for s in value.separators):
            raise self.fail(node, "a bar inside the brackets of an expectation with a subscript (\\mathbb{E}_x[X \\mid y]) "
                                  "is not read: given points, \\mathbb{E}[X \\mid y] without the subscript is, or the draw "
                                  "given them, \\mathbb{E}_{x \\sim p(x \\mid y)}[X]")
        return self.value_of(self._one(value, node))     # E_{x \sim p}[X] of a point X with a value: its value

    def bare_expectation(self, body, node) -> Expectation:
        r"""``\mathbb{E}[f(x, c)]`` without a subscript: over the one declared distribution
        that draws every point the body uses (all its coordinates drawn), as
        ``\mathbb{E}_p[…]`` reads.  A body whose points no declared distribution draws, or
        that two distributions share, or that uses other points of the same declarations
        (x_1 … x_N beside x), does not say what it averages over: refused."""
        body = self.value_of(body)      # E[X] of a point X declared with a value (value_shape): its value
        if not isinstance(body, sp.Expr) or self.vector_of(body) is not None:
            raise self.fail(node, "an expectation of something that is not a number")
        self.refuse_fixed_draws(body, node)
        # \mathbb{E}\log\frac{p(x, y)}{p(x) p(y)}: the points at which a density is taken are drawn too
        points = self._body_points(body)
        over_sample = self._bare_sample_expectation(body, points, node)
        if over_sample is not None:
            return over_sample
        if not points and _constant(body):
            # E[-\frac{1}{N}(-N \log N)]: the mean of a constant is the constant, whatever is drawn
            self.readings.append(f"{self.source(node).strip()} is the mean of a constant (of sizes and "
                                 "numbers only): the constant")
            return body
        if not points:
            raise self.fail(node, "\\mathbb{E}[…] of something that draws no point does not say what it "
                                  "averages over: write \\mathbb{E}_{x \\sim p}[…]")
        undrawn = sorted({self._shown_point(p) for p in points if not self._drawing(p)})
        if undrawn:
            raise self.fail(node, f"\\mathbb{{E}}[…] without a subscript: no declared distribution draws "
                                  f"{', '.join(undrawn)}, so what it averages over is not written: write "
                                  "\\mathbb{E}_{x \\sim p}[…]")
        distributions = {id(d): d for p in points for d in self._drawing(p)}
        # p over (X, Y) beside r over X alone, and a body of x_i and y_i: only p draws them
        # all, so only p can be what it averages over (r would leave y_i fixed); said
        covering = [d for d in distributions.values() if all(any(e is d for e in self._drawing(p)) for p in points)]
        if len(covering) != 1 and (apart := self._each_from_its_own(points)) is not None:
            return apart(body, node)
        if len(covering) != 1:
            names = sorted(d.name for d in distributions.values())
            raise self.fail(node, f"\\mathbb{{E}}[…] without a subscript: its points are drawn by "
                                  f"{' and '.join(names)}, so which it averages over is not written")
        distribution = covering[0]
        self.scope.lookup(distribution.name)       # marks the declaration used (unused-name warnings)
        if len(distributions) > 1:
            partial = sorted(d.name for d in distributions.values() if d is not distribution)
            self.readings.append(f"\\mathbb{{E}}[…] without a subscript is over {distribution.name}, the one "
                                 f"declared distribution that draws every point it averages "
                                 f"({' and '.join(partial)} {'draws' if len(partial) == 1 else 'draw'} only some)")
        coordinates = list(distribution.points)
        # a scalar point declared value_of a coordinate (x^+ beside x') is drawn in its place
        # when it is the one point of that coordinate the body uses
        for alias, coordinate in distribution.aliases:
            slot = distribution.coordinates.index(coordinate)
            if alias in points and not any(distribution.coordinate_of(p) == slot for p in points - {alias}):
                coordinates[slot] = alias
        coordinates = tuple(coordinates)
        pairs = self._paired_entries(distribution, points)
        if pairs is not None:
            return IidExpectation(body, *pairs, distribution.tag)
        loose = sorted({self._shown_point(p) for p in points if p not in coordinates})
        if loose:
            # x_1, …, x_N of a family p draws: other samples, random too, but how they are
            # drawn (with x, independently, one of them x itself) is not written
            raise self.fail(node, f"\\mathbb{{E}}[…] without a subscript: {', '.join(loose)} are points of "
                                  f"{distribution.name} that it does not draw as written (how they are drawn "
                                  "beside the others is not said): write what it averages over, "
                                  "\\mathbb{E}_{x \\sim p}[…]")
        return Expectation(body, sp.Tuple(*coordinates), distribution.tag)

    def _each_from_its_own(self, points: set):
        r"""``\mathbb{E}[f(x) + g(y)]`` whose points are each declared drawn_from a distribution
        (load/drawn_from.py), of one coordinate or each its own: a function of (body, node) that draws
        each from its own, independently (said), as ``\mathbb{E}_{x, y}`` reads them; None otherwise."""
        chosen = {p: self.drawn_from(p) for p in points}
        if any(d is None or not isinstance(p, sp.Symbol) for p, d in chosen.items()):
            return None
        shared = [d for d in {id(d): d for d in chosen.values()}.values()
                  if sum(e is d for e in chosen.values()) > 1 and len(d.coordinates) > 1]
        if shared:
            return None     # two points of one joint: which coordinate each is, and whether jointly, not written
        order = sorted(points, key=str)
        note = ("\\mathbb{E}[…] without a subscript: " + ", ".join(f"{self._shown_point(p)} \\sim {chosen[p].name}"
                                                                    for p in order) + ", independently (as declared)")
        self.readings.extend([note] if note not in self.readings else [])
        for d in chosen.values():
            self.scope.lookup(d.name)       # marks the declaration used
        ops = tuple(ExpectationOp((p,), chosen[p]) for p in order)
        return lambda body, node: self.draws_expectation(DrawsOp((), None, ops), body, node)

    def _paired_entries(self, distribution: Distribution, points: set):
        r"""(records, 1, N) when every coordinate of ``distribution`` is a family of points of
        one length N and the body uses only their entries: ``\mathbb{E}[\frac{1}{N} \sum_i \log
        \frac{e^{f(x_i, y_i)}}{…}]`` of the InfoNCE bound, each pair (x_i, y_i) drawn from p,
        independently of the others (said in the readings).  None for anything else."""
        # a coordinate's family, or the samples x_1 … x_N of a point coordinate x: the one
        # family of values of that coordinate, or of several the one the body uses when it is
        # the samples of a point (X_1 … beside x_1 …, x a value of X); x^- declared value_of
        # beside x_1 … x_N would leave which family pairs with y unsaid
        aliased = [(alias, coordinate) for alias, coordinate in distribution.aliases
                   if isinstance(alias, sp.IndexedBase)]
        used = {p.base for p in points if isinstance(p, sp.Indexed)}
        named = {str(coordinate) for coordinate in distribution.coordinates} | \
            {str(alias) for alias, _ in distribution.aliases if isinstance(alias, sp.Symbol)}

        def family(coordinate):
            candidates = [alias for alias, other in aliased if other == coordinate]
            chosen = [alias for alias in candidates if alias in used]
            if len(candidates) == 1:
                return candidates[0]
            return chosen[0] if len(chosen) == 1 and self.family_key(chosen[0]) in named else coordinate
        families = [self._family_of(family(c)) for c in distribution.coordinates]
        if not families or any(f is None or len(f.shape) != 1 or f.first for f in families) \
                or len({f.shape[0] for f in families}) != 1:
            return None
        bases = tuple(f.base for f in families)
        if not points or any(not (isinstance(p, sp.Indexed) and p.base in bases) for p in points):
            return None
        written = ", ".join(f"{self.family_key(b)}_i" for b in bases)
        record = f"({written})" if len(bases) > 1 else written
        self.readings.append(f"\\mathbb{{E}}[…] over the entries of points {distribution.name} draws: {record} for "
                             f"i = 1 … {families[0].shape[0]}, each drawn from {distribution.name} independently of "
                             "the others")
        members = sp.Tuple(*bases) if len(bases) > 1 else bases[0]
        return members, sp.Integer(1), families[0].shape[0]

    def _bare_sample_expectation(self, body, points: set, node):
        r"""``\mathbb{E}[…]`` whose body uses the positive or the members of one declared
        sample set X, and otherwise only its context: the context drawn from the marginal of
        X's distribution, then X given it, E_c E_X[…].  None when no sample set is used."""
        used = [s for s in self.sample_sets()
                if any(p == s.sample.positive or isinstance(p, sp.Indexed) and p.base == s.members
                       for p in points)]
        if not used:
            return None
        if len(used) > 1:
            raise self.fail(node, f"\\mathbb{{E}}[…] without a subscript over two sample sets "
                                  f"({', '.join(sorted(s.name for s in used))}): write which, \\mathbb{{E}}_X")
        found = used[0]
        sample = found.sample
        others = sorted(self._shown_point(p) for p in points
                        if p not in (sample.positive, sample.context)
                        and not (isinstance(p, sp.Indexed) and p.base == found.members))
        if others:
            raise self.fail(node, f"\\mathbb{{E}}[…] without a subscript over the sample {found.name} and its "
                                  f"context: {', '.join(others)} are other points, and how they are drawn is "
                                  "not written")
        inner = self.sample_expectation(found, body, node)
        if sample.draws_context:        # E_X already averages over the context
            return inner
        return Expectation(inner, sp.Tuple(sample.context), sample.distribution.tag)


#: a relation in what follows the bar of an expectation: an event, E[X | c \neq 1]
_RELATION = re.compile(r"=|<|>|\\(?:neq?|leq?|geq?|in|notin|ll|gg)(?![a-zA-Z])")


def _constant(body) -> bool:
    """Whether ``body`` is a number, whatever is drawn: made of sizes, indices and numbers
    only (no family entry, scalar, function value or density, which a document may mean
    to be random)."""
    return all(symbol.is_integer for symbol in body.free_symbols) and not body.atoms(sp.Indexed) \
        and not body.atoms(sp.core.function.AppliedUndef) and not body.atoms(Density)
