r"""Densities, expectations and sums over every value of a point, for distributions a
document declares (``[[distribution]]``): ``p(x)``, ``p(x, c)``, ``p(x \mid c; \theta)``,
``\mathbb{E}_{x \sim p}[…]``, ``\mathbb{E}_{(x, x^+) \sim p_{pos}} …``, ``\mathbb{E}_p``,
``\mathbb{E}_x`` (x drawn by exactly one distribution) and ``\sum_{x, c} …``."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

import lark
import sympy as sp

from ...model.distributions import AlphabetSum, Density, Expectation, SampleExpectation, unbound_symbols
from ...model.notation import BarePoint, bare_point, written_name
from ...model.slices import SliceDensity
from ..scope import Distribution, ExpectationOp, Family, IndexSet
from .bare_expectations import BareExpectationsMixin
from .compound_draws import CompoundDrawsMixin, DrawsOp, FamilyDrawOp, family_of_draws
from .density_draws import DensityDrawsMixin, DensityOp, ProductOp
from .divergences import DivergencesMixin
from .draws import IndexDistribution, IndexDrawsMixin, IndexExpectationOp
from .integrals import IntegralsMixin
from .negative_draws import NegativeDrawsMixin, NegativeOp
from .sample_slices import PowerDrawOp, SampleSlicesMixin
from .tilted import TiltedMixin, TiltedOp
from .trees import unwrap
from .values import componentwise, relation_name

Tree, Token = lark.Tree, lark.Token


@dataclass(frozen=True)
class SampleOp(ExpectationOp):
    r"""``\mathbb{E}_X`` before its body, X a sample set (its members drawn as it declares)."""

    sample_set: IndexSet | None = None


class DistributionsMixin(IndexDrawsMixin, CompoundDrawsMixin, DensityDrawsMixin, DivergencesMixin, TiltedMixin,
                         IntegralsMixin, BareExpectationsMixin, NegativeDrawsMixin, SampleSlicesMixin):
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads
    distributions (of indices: :class:`IndexDrawsMixin`)."""

    def _call_density(self, meaning: Distribution, items, node):
        """``p(a, b \\mid c; \\theta)``: the probability of the points a, b (given c) under
        ``meaning``; parameters after ``;`` name what the distribution depends on and
        change nothing."""
        if isinstance(meaning, IndexDistribution):
            return self.index_probability(meaning, items, node)
        groups, separators = [[]], []
        for child in items.children:
            if isinstance(child, Token):
                separators.append(str(child))
                if str(child) != ",":
                    groups.append([])
            else:
                groups[-1].append(child)
        if separators.count(";") > 1 or separators.count(",") + separators.count(";") < len(separators) - 1:
            raise self.fail(node, f"{meaning.name}(…) takes points separated by commas, one \\mid before "
                                  "what it is conditioned on, and parameters after ';'")
        kinds = [s for s in separators if s != ","]
        event = self._position_event(meaning, groups, kinds, node)
        if event is not None:
            return event
        sliced = self.slice_density(meaning, groups, kinds, node)      # p(x_{1:K}): sample_slices.py
        if sliced is not None:
            return sliced
        args = self._points_of(meaning, groups[0], node)
        given = []
        for kind, group in zip(kinds, groups[1:]):
            if kind == ";":
                for parameter in group:
                    value = self.value(parameter)
                    if not isinstance(value, sp.Symbol) or value in self.scope.points:
                        raise self.fail(parameter, f"after ';' in {meaning.name}(…) come the parameters it "
                                                   "depends on (declared scalars), not points")
            elif kind in ("\\mid", "|", "\ue004") or kind.strip() == "":
                given = self._points_of(meaning, group, node)
            else:
                raise self.fail(node, f"'{kind}' between the arguments of {meaning.name}(…) is not read")
        coordinates = [meaning.coordinate_of(p) for p in args + given]
        if len(set(coordinates)) != len(coordinates):
            raise self.fail(node, f"{meaning.name}(…) names one coordinate twice: each point is a value of "
                                  f"one of {', '.join(meaning.written)}, once")
        if not args:
            raise self.fail(node, f"{meaning.name}(…) needs the points it is the probability of")
        return Density(meaning.tag, sp.Tuple(*args), sp.Tuple(*given))

    def _position_event(self, meaning: Distribution, groups: list, kinds: list, node):
        r"""``p(d = i \mid X, c)``, d the declared position of a sample set X drawn from p: the
        probability that member i of X is the positive, given the members and the context, with
        every place equally likely beforehand (Bayes):
        [p(x_i | c) / p(x_i)] / Σ_j [p(x_j | c) / p(x_j)].  None for anything but such an event."""
        event = unwrap(groups[0][0]) if len(groups[0]) == 1 else None
        if not (isinstance(event, Tree) and event.data == "item" and len(event.children) == 3
                and isinstance(event.children[1], Tree)
                and relation_name(str(event.children[1].children[0])) == "="):
            return None
        left, _, right = event.children
        written = "".join(self.source(left).split())
        found = [s for s in self.sample_sets() if s.sample.position == written and s.sample.distribution == meaning]
        if not found:
            return None
        (sample_set,) = found
        given = [self.value(tree) for kind, group in zip(kinds, groups[1:]) if kind != ";" for tree in group]
        context = sample_set.sample.context
        if len(given) != 2 or not any(g is sample_set or g == sample_set for g in given) \
                or not any(self.as_point(g) == context for g in given if not isinstance(g, IndexSet)):
            raise self.fail(node, f"{meaning.name}({written} = …) is read given the sample and its context: "
                                  f"{meaning.name}({written} = i \\mid {sample_set.name}, "
                                  f"{self._shown_point(context)})")
        place = self.expr(right)
        if not (isinstance(place, sp.Expr) and place.is_integer):
            raise self.fail(right, f"'{self.source(right).strip()}' is not an index: {written} is the place of the "
                                   f"positive among the members of {sample_set.name}")
        members, j = sample_set.members, sp.Dummy("j", integer=True)

        def ratio(k):
            return Density(meaning.tag, sp.Tuple(members[k]), sp.Tuple(context)) / \
                Density(meaning.tag, sp.Tuple(members[k]), sp.Tuple())
        return ratio(place) / sp.Sum(ratio(j), (j, sample_set.lo, sample_set.hi))

    def sample_sets(self) -> list[IndexSet]:
        """The declared sample sets (``[[set]]`` with ``drawn_from``), each once (a set is bound
        under two keys)."""
        return list({id(v): v for v in self.scope.names.values()
                     if isinstance(v, IndexSet) and v.sample is not None}.values())

    def declared_distribution(self, tree) -> Distribution:
        """The declared distribution of points ``tree`` names (after ``\\sim``), or an error."""
        distribution = self.value(tree)
        if not isinstance(distribution, Distribution):
            raise self.fail(tree, f"'{self.source(tree).strip()}' is not a declared [[distribution]]")
        return distribution

    def _points_of(self, meaning: Distribution, trees: list, node) -> list:
        points = []
        for tree in trees:
            point = self.as_point(self.value(tree))
            if point is None or meaning.coordinate_of(point) is None:
                raise self.fail(tree, f"'{self.source(tree).strip()}' is not a point {meaning.name} draws "
                                      f"(its coordinates: {', '.join(meaning.written)})")
            points.append(point)
        return points

    def _independent_points(self, meaning: Distribution, trees: list) -> list:
        """The points of ``(x, y) \\sim p`` drawn independently from a distribution of one
        coordinate: each a point (of any declaration), each drawn once."""
        points = []
        for tree in trees:
            point = self.as_point(self.value(tree))
            if point is None or point in points:
                raise self.fail(tree, f"'{self.source(tree).strip()}' is not a point to draw from "
                                      f"{meaning.name} (each of (x, y) \\sim {meaning.name} is a declared point, once)")
            points.append(point)
        return points

    def _drawing(self, point, declared: bool = True) -> list:
        """The declared distributions that draw ``point`` (have its coordinate), each table once (a
        measure's letter and a marginal, marginal_of, are their distribution's table); only the one it
        is declared drawn_from, if any, unless ``declared`` is False."""
        found = {}
        for d in self.scope.names.values():
            if isinstance(d, Distribution) and d.coordinate_of(point) is not None:
                found.setdefault(d.tag, []).append(d)
        # of one table, the distribution of all its coordinates (the joint, not a marginal of it),
        # whatever order the names were bound in
        drawing = [max(ds, key=lambda d: (len(d.coordinates), d.name)) for ds in found.values()]
        chosen = self.drawn_from(point) if declared else None
        return drawing if chosen is None else [d for d in drawing if d.tag == chosen.tag]

    def drawn_from(self, point) -> Distribution | None:
        """The distribution ``point`` is declared drawn_from (load/drawn_from.py), as bound where the
        formula is read; None when it is declared with none."""
        base = point.base if isinstance(point, (sp.Indexed, BarePoint)) else point
        name = dict(self.scope.drawn_from).get(base)
        meaning = self.scope.names.get(name) if name is not None else None
        return meaning if isinstance(meaning, Distribution) else None

    def as_point(self, value):
        """A point (x, x_3, the bare label x of a family of points), or None."""
        if isinstance(value, Family) and value.base in self.scope.points:
            return bare_point(value.base)
        return value if self._is_point(value) else None

    # --- expectations -------------------------------------------------------------
    def _expectation_subscript(self, arg, op) -> ExpectationOp:
        """``_{x \\sim p}``, ``_{(x, y) \\sim p}``, ``_p`` or ``_x``: what is drawn, from what."""
        tree = arg
        if (tilted := self.tilted_subscript(arg, op)) is not None:    # q \propto w p: tilted.py
            return tilted
        if isinstance(tree, Tree) and tree.data == "script_group":
            elements = [c for c in tree.children[0].children if isinstance(c, Tree)]
            if len(elements) != 1:
                # (x, x^+) \sim p, \{x^-_i\}_{i=1}^M \sim q; x, y \sim p: draws of their own
                return self.compound_draws(elements, op)
            tree = unwrap(elements[0])
        negative = self.negative_draw_op(tree, op)      # x_j \in X_{neg}, X - \{x^*\}: negative_draws.py
        if negative is not None:
            return negative
        if isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3 \
                and relation_name(str(tree.children[1].children[0])) == r"\sim":
            left, _, right = tree.children
            drawn_index = self.index_draw_op(left, right, op)
            if drawn_index is not None:
                return drawn_index
            if family_of_draws(left) is not None:
                return self.family_draw(left, right, op)
            sample = self._sample_drawn(left, right)
            if sample is not None:      # X \sim p(X): the sample set X, drawn as it is declared
                return SampleOp((), sample.sample.distribution, sample)
            drawn = [unwrap(c) for c in left.children[0].children if isinstance(c, Tree)] \
                if isinstance(left, Tree) and left.data == "paren" else [left]
            by_density = self.drawn_by_density(left, drawn, right, op)
            if by_density is not None:
                return by_density
            distribution = self.declared_distribution(right)
            if len(distribution.coordinates) == 1 and len(drawn) > 1:
                # (x, y) \sim p with p of one coordinate: independent draws of that coordinate
                return ExpectationOp(tuple(self._independent_points(distribution, drawn)), distribution)
            return ExpectationOp(tuple(self._points_of(distribution, drawn, op)), distribution)
        if isinstance(tree, Tree) and tree.data == "paren":
            return self._joint_points_op(tree, op)
        product = self.product_of_distributions(tree, op)     # P_X P_Z: density_draws.py
        if product is not None:
            return product
        power = self.power_draw_op(tree, op)       # p^K(x, y): sample_slices.py
        if power is not None:
            return power
        value = self.value(tree)
        if isinstance(value, SliceDensity):
            return self.slice_draw(value, op)
        if (product := self.product_draw(value, op)) is not None:
            return product      # \prod_{j=1}^K p(x_j): sample_slices.py
        if isinstance(value, IndexSet) and value.sample is not None:
            return SampleOp((), value.sample.distribution, value)
        if isinstance(value, IndexDistribution) and value.given is None:
            # \mathbb{E}_{P_d}[…]: the index it is declared over, drawn (as E_p draws p's coordinates)
            note = f"\\mathbb{{E}}_{{{value.name}}} draws the index {value.written[0]} it is declared over"
            self.readings.extend([note] if note not in self.readings else [])
            return IndexExpectationOp((self.drawn_index_symbol(value.coordinates[0], value, op),), value, ())
        if isinstance(value, IndexDistribution):
            raise self.fail(op, f"\\mathbb{{E}}_{{{value.name}}}: write the index it draws, "
                                f"\\mathbb{{E}}_{{{value.written[0]} \\sim {value.name}}}")
        by_name = self.index_expectation_by_name(value, op)
        if by_name is not None:
            return by_name
        if isinstance(value, Distribution):
            return ExpectationOp(value.points, value)
        if isinstance(value, Density):
            return self._expectation_under_density(value, tree, op)
        product = self._expectation_under_product(value, tree, op)     # p(x) p(z): density_draws.py
        if product is not None:
            return product
        point = self.as_point(value)
        if point is not None:
            drawing = self._drawing(point)
            if len(drawing) == 1:
                return ExpectationOp((point,), drawing[0])
            raise self.fail(op, f"\\mathbb{{E}}_{{{self.source(tree).strip()}}}: "
                                + (f"no declared distribution draws it (declare one: a [[distribution]] with "
                                   f"of = ['{self.source(tree).strip()}'] and the other points drawn with it)"
                                   if not drawing else
                                   "several declared distributions draw it; write x \\sim p"))
        raise self.fail(op, "\\mathbb{E}_{…} reads x \\sim p, (x, y) \\sim p, a declared distribution, or a "
                            "point drawn by one declared distribution")

    def _sample_drawn(self, left, right) -> IndexSet | None:
        r"""The declared sample set ``left`` names when ``right`` is the distribution its members are
        drawn from, by name or written at the set (``X \sim p``, ``X \sim p(X)``); None otherwise."""
        found = self.declared_set(left) if isinstance(left, Tree) else None
        if found is None or found.sample is None:
            return None
        name, written = found.sample.distribution.name, "".join(self.source(right).split())
        at_set = re.fullmatch(re.escape(name) + r"(\\left)?\((.*?)(\\right)?\)", written)
        return found if written == name or (at_set and at_set.group(2) == "".join(found.name.split())) else None

    def expectation(self, op: ExpectationOp, body, node) -> Expectation:
        vector = self.vector_of(body)
        if vector is not None and isinstance(vector.body, sp.Expr):
            # \mathbb{E}[f(x)] of a vector value: the vector of the components' expectations (the mean)
            return componentwise(vector, lambda component: self.expectation(op, component, node))
        if not isinstance(body, sp.Expr):
            raise self.fail(node, "an expectation of something that is not a number")
        if isinstance(op, ProductOp):
            return self.product_expectation(op, body, node)
        if not isinstance(op, IndexExpectationOp):
            self.refuse_fixed_draws(body, node)          # w̃_i, read for each draw (draws.py)
        if isinstance(op, TiltedOp):
            return self.tilted_expectation(op, body, node)
        if isinstance(op, IndexExpectationOp):
            return self.index_expectation(op, body, node)
        if isinstance(op, SampleOp):
            return self.sample_expectation(op.sample_set, body, node)
        if isinstance(op, NegativeOp):
            return self.negative_expectation(op, body, node)
        if isinstance(op, DrawsOp):
            return self.draws_expectation(op, body, node)
        if isinstance(op, FamilyDrawOp):
            return self.family_expectation(op, body, node)
        if isinstance(op, PowerDrawOp):
            return self.power_expectation(op, body, node)
        if isinstance(op, DensityOp):
            op = self._density_points(op, body, node)
            conditional = self.density_expectation(op, body)
            if conditional is not None:
                return conditional
        entries = self.entries_of_a_bare_draw(op, body, node)
        if entries is not None:
            return entries
        if not any(body.has(point) for point in op.bound):
            op = self._drawn_as_its_value(op, body)     # E_P[Q(x)/P(x)]: x, the value of X, is drawn
        self._say_a_value_beside_its_draw(op, body)
        if not any(body.has(point) for point in op.bound):
            # E_{p(x)}[e^{f(X, Y)}]: the mean of what does not vary is itself, said, never silent
            note = (f"an expectation draws {', '.join(map(str, op.bound))} from {op.distribution.name}, which what "
                    "it averages does not contain: it is what it averages (is a point written differently?)")
            self.readings.extend([note] if note not in self.readings else [])
        return Expectation(body, sp.Tuple(*op.bound), op.distribution.tag)

    def _say_a_value_beside_its_draw(self, op, body) -> None:
        r"""``\mathbb{E}_{A, B}[\log p(a) - \log p(A)]`` with a declared ``value_of`` A, a drawn by no enclosing
        expectation: a is another value of A's coordinate, held fixed while A is drawn (as x' beside the x an
        integral runs over); said in the reading, so that a witness that fixes a is understood (a document that
        means a to be the value drawn writes one of the two)."""
        enclosing = {p for o in self._averaging if isinstance(o, ExpectationOp) for p in o.bound}
        free = unbound_symbols(body)
        for alias, coordinate in op.distribution.aliases:
            if coordinate in op.bound and alias not in op.bound and alias not in enclosing and alias in free \
                    and coordinate in free | set(op.bound) and body.has(coordinate):
                note = (f"{self._shown_point(alias)}, declared a value of {self._shown_point(coordinate)}, is written "
                        f"beside the {self._shown_point(coordinate)} the expectation draws: it is another value, held "
                        "fixed (the statement holds for each of its values)")
                self.readings.extend([note] if note not in self.readings else [])

    def _drawn_as_its_value(self, op, body):
        r"""``op`` drawing, for each point it draws that ``body`` does not write, the one point declared
        ``value_of`` it that the body writes instead (X a random variable, x its value: ``\mathbb{E}_P[Q(x)/P(x)]``,
        ``\mathbb{E}_{X \sim p}[q(x)/p(x)]``), said in the reading; ``op`` unchanged when none or several."""
        bound = []
        for point in op.bound:
            values = {alias for alias, coordinate in op.distribution.aliases
                      if coordinate == point and body.has(alias) and not body.has(point)}
            if len(values) != 1:
                return op
            bound.append(values.pop())
        note = (f"an expectation over {op.distribution.name} draws {', '.join(map(str, bound))}, the value of "
                f"{', '.join(map(str, op.bound))} that what it averages writes")
        self.readings.extend([note] if note not in self.readings else [])
        return replace(op, bound=tuple(bound))

    def sample_expectation(self, found: IndexSet, body, node) -> SampleExpectation:
        r"""``\mathbb{E}_X[body]``: the positive as the body writes it is member 1 of X, drawn
        given the context; the other members are the negatives.  A member named in the body
        other than through the positive or a sum over the set is refused (which member it is
        is not written)."""
        sample = found.sample
        if found.lo != 1:
            raise self.fail(node, f"a sample set is numbered from 1 ({found.name} starts at {found.lo})")
        members = found.members
        if sample.apart:
            # the positive a point of its own: every member a negative, named through a sum
            loose = sorted({str(e) for e in _named_members(body, members, frozenset())})
            if loose:
                raise self.fail(node, f"\\mathbb{{E}}_{{{found.name}}}[…] names {', '.join(loose)}, one of the "
                                      f"negatives {found.name}: which one is not written (sum over them)")
            return self._over_context(found, SampleExpectation(body, members, found.hi, sample.context,
                                                               sample.distribution.tag, sample.positive))
        # x_{t+k}: the positive stays at the place written, so that a sum over j \neq t+k is the negatives
        written = sample.positive if isinstance(sample.positive, sp.Indexed) and sample.positive.base == members \
            and sample.positive.indices[0] != 1 else None
        body = body if written is not None else body.xreplace({sample.positive: members[1]})
        positive = written if written is not None else members[1]
        loose = sorted({str(e) for e in _named_members(body, members, frozenset()) if e != positive})
        if loose:
            raise self.fail(node, f"\\mathbb{{E}}_{{{found.name}}}[…] names {', '.join(loose)}, a member of "
                                  f"{found.name} other than the positive: which member it is is not written "
                                  f"(write the positive as its declaration does, or sum over {found.name})")
        return self._over_context(found, SampleExpectation(body, members, found.hi, sample.context,
                                                           sample.distribution.tag, *([written] if written is not None else [])))

    def _over_context(self, found: IndexSet, inner):
        """``inner`` averaged over the context too when the set says E_X draws it (said)."""
        sample = found.sample
        if not sample.draws_context:
            return inner
        note = (f"\\mathbb{{E}}_{{{found.name}}} averages over the context {self._shown_point(sample.context)} "
                f"too (drawn from {sample.distribution.name})")
        self.readings.extend([note] if note not in self.readings else [])
        return Expectation(inner, sp.Tuple(sample.context), sample.distribution.tag)

    def _shown_point(self, point) -> str:
        """A point as a message names it: x, or 'the entries of \\mathbf{x}'."""
        if isinstance(point, sp.Indexed):
            return f"the entries of {self.family_key(point.base)}"
        if isinstance(point, sp.core.function.AppliedUndef):     # t_A(x), a point a declared function gives
            name = next((v.name for v in self.scope.names.values() if getattr(v, "function", None) == point.func), "f")
            return f"{name}({', '.join(self._shown_point(a) for a in point.args)})"
        return self.scope.key_of(point) or written_name(str(point))

    # --- sums over every value of points ---------------------------------------------
    def _alphabet_sum(self, lower, upper, operand, op):
        """``\\sum_{x, c} body`` with x, c declared points drawn by a declared distribution:
        the sum over every value of them; ``\\sum_{j \\sim p}^N`` over draws of an index
        (:meth:`sampled_sum`); None when the index is neither."""
        drawn = self.sampled_sum(lower, upper, operand, op)
        if drawn is not None:
            return drawn
        if upper is not None:
            return None
        trees = [unwrap(c) for c in lower.children[0].children if isinstance(c, Tree)] \
            if isinstance(lower, Tree) and lower.data == "script_group" else [lower]
        points = []
        for tree in trees:
            key = (self.atom_key(tree) or self._written_key(tree)) if isinstance(tree, Tree) else None  # x, x^-
            meaning = self.scope.lookup(key) if key is not None else None
            point = self.as_point(meaning) if meaning is not None else None
            if point is None or not self._drawing(point):
                return None
            points.append(point)
        return AlphabetSum(self.expr(operand), sp.Tuple(*points))


def _named_members(expr: sp.Basic, members: sp.IndexedBase, bound: frozenset):
    """The entries of ``members`` that ``expr`` names outside the sums that bind their
    index (x_3, x_j with j free; not x_k under \\sum_k)."""
    if isinstance(expr, sp.Indexed) and expr.base == members:
        indices = set().union(*(i.free_symbols for i in expr.indices))
        if not indices or not indices <= bound:
            yield expr
        return
    if isinstance(expr, (sp.Sum, sp.Product)):
        bound = bound | {v for v, *_ in expr.limits}
    for arg in expr.args:
        if isinstance(arg, sp.Basic):
            yield from _named_members(arg, members, bound)

