r"""Expectations over several draws, as papers write them after Wang & Isola (2020):
``\mathbb{E}_{(x, x^+) \sim p_{pos}, \{x^-_i\}_{i=1}^M \overset{\text{i.i.d.}}{\sim} p_{data}}``
(a joint draw, then M independent draws of the negatives), ``\mathbb{E}_{x \sim p, y \sim q}``
and ``\mathbb{E}_{x, y \sim p}`` (x and y drawn independently from p); with no draw written,
``\mathbb{E}_{x, x^+}`` is ``\mathbb{E}_{(x, x^+)}``.  Each clause is a draw
of its own, independent of the others: the expectation is the nested one,
E_{clause 1}[E_{clause 2}[…]].  The note over ``\sim`` (i.i.d.) says what a draw of several
points from one distribution means here in any case, and is dropped where the formula is
cleaned."""
from __future__ import annotations

from dataclasses import dataclass

import lark
import sympy as sp

from ...model.distributions import Density, IidExpectation
from ...model.notation import BarePoint
from ...errors import ParseError
from ..scope import Distribution, ExpectationOp
from .trees import unwrap
from .values import relation_name

Tree = lark.Tree


@dataclass(frozen=True)
class DrawsOp(ExpectationOp):
    """``\\mathbb{E}_{A, B, …}`` before its body: one operator per clause, outermost first
    (``bound`` and ``distribution`` are the clauses')."""

    clauses: tuple = ()


@dataclass(frozen=True)
class FamilyDrawOp(ExpectationOp):
    r"""``\{x_i\}_{i=lo}^{hi} \sim p``: the entries lo … hi of the family of points x, each
    drawn independently from p (its marginal on their coordinate)."""

    members: sp.IndexedBase | None = None
    lo: sp.Expr = sp.S.One
    hi: sp.Expr = sp.S.One


class CompoundDrawsMixin:
    """The part of the translator that reads an expectation's subscript of several draws."""

    def compound_draws(self, elements: list, op) -> ExpectationOp:
        """The clauses of ``\\mathbb{E}_{A, B, …}``: each ``… \\sim p``; names before one
        (``x, y \\sim p``) are drawn with it, independently, from a distribution of one
        coordinate."""
        trees = [unwrap(element) for element in elements]
        densities = self._densities_apart(trees, op)
        if densities is not None:
            return densities
        if not any(_is_draw(tree) for tree in trees):
            # \mathbb{E}_{x, x^+}: the points, drawn together, as \mathbb{E}_{(x, x^+)} reads them
            return self._joint_points_op(None, op, trees)
        clauses, waiting = [], []
        for element in elements:
            tree = unwrap(element)
            if not _is_draw(tree):
                waiting.append(tree)
                continue
            left, _, right = tree.children
            if waiting:
                clauses.append(self._written_joint(waiting + [left], right)
                               or self._independent_draw(waiting + [left], right, op))
                waiting = []
            elif family_of_draws(left) is not None:
                clauses.append(self.family_draw(left, right, op))
            else:
                clauses.append(self._expectation_subscript(tree, op))
        if waiting:
            written = ", ".join(self.source(t).strip() for t in waiting)
            raise self.fail(op, f"\\mathbb{{E}}_{{…}}: {written} after the last draw is not drawn from anything: "
                                "each clause of the subscript is a draw (x \\sim p), or write \\mathbb{E}_{(x, y)} "
                                "for points drawn together by one declared distribution")
        return DrawsOp((), None, tuple(clauses))

    def _densities_apart(self, trees: list, op):
        r"""``\mathbb{E}_{p(x), p(c)}``: densities written apart, as ``\mathbb{E}_{p(x) p(c)}`` writes them side by
        side, the product of the draws (said); None when the subscript is not densities alone."""
        try:
            values = [self.value(tree) for tree in trees]
        except ParseError:
            return None
        if len(values) < 2 or not all(isinstance(v, Density) for v in values):
            return None
        written = ", ".join(" ".join(self.source(t).split()) for t in trees)
        try:
            product = self._expectation_under_product(sp.Mul(*values), trees[0], op)
        except ParseError as exc:       # its message quotes the subscript: all of it, as written
            first = " ".join(self.source(trees[0]).split())
            raise self.fail(op, exc.message.replace(f"\\mathbb{{E}}_{{{first}}}", f"\\mathbb{{E}}_{{{written}}}")) from None
        if product is None:
            return None
        note = rf"\mathbb{{E}}_{{{written}}}: the densities apart are their product, each drawing its points independently"
        self.readings.extend([note] if note not in self.readings else [])
        return product

    def _joint_points_op(self, tree, op, trees: list | None = None) -> ExpectationOp:
        r"""``\mathbb{E}_{(x, x^+)}`` (and ``\mathbb{E}_{x, x^+}``, ``trees`` the names without the
        parentheses): the points drawn jointly by the one declared distribution that has a
        coordinate for each, as ``\mathbb{E}_x`` reads one point.  Without parentheses, points
        that no distribution draws together, each drawn by exactly one (a post's x from the data
        and y from the noise), are drawn independently, each from its own (said in the reading)."""
        if trees is None:
            trees = [unwrap(c) for c in tree.children[0].children if isinstance(c, Tree)]
        points = []
        for element in trees:
            if family_of_draws(element) is not None:
                written = "".join(self.source(element).split())
                raise self.fail(element, f"{written} in \\mathbb{{E}}_{{…}} with no distribution after it: what draws "
                                         f"its entries is not written (write {written} \\sim q)")
            point = self.as_point(self.value(element))
            if point is None or point in points:
                shown = self.source(element).strip()
                why = ("written twice among the points drawn" if point is not None else
                       "not a declared data point: an expectation draws data points (a [[scalar]] or [[family]] of "
                       "role \"point\"), not functions or values")
                raise self.fail(element, f"'{shown}' under \\mathbb{{E}} is {why}")
            points.append(point)
        # (a point declared drawn_from a distribution is drawn by that one only: load/drawn_from.py)
        drawing = [d for d in self._drawing(points[0]) if all(d.coordinate_of(q) is not None and (
            self.drawn_from(q) is None or self.drawn_from(q).tag == d.tag) for q in points)]
        apart = [self._drawing(q) for q in points]
        together = [d for d in self._drawing(points[0], declared=False) if all(d.coordinate_of(q) is not None for q in points)]
        if not drawing and together and any(self.drawn_from(q) is None for q in points):
            # x declared drawn_from p_d, z declared with none, and s over (x, z): \mathbb{E}_{x, z} draws them jointly
            # from s, or x from p_d and z from s apart; which is not written (\mathbb{E}[g(x, z)] is refused alike)
            written = ", ".join(self.source(t).strip() for t in trees)
            raise self.fail(op, f"\\mathbb{{E}}_{{{written}}}: {together[0].name} draws them together, and "
                                + ", ".join(f"{self._shown_point(q)} is declared drawn from {self.drawn_from(q).name}"
                                            for q in points if self.drawn_from(q) is not None)
                                + f": which is meant is not written; write (…) \\sim {together[0].name}, or each draw")
        if not drawing and tree is None and all(len(d) == 1 for d in apart) and len({d[0] for d in apart}) == len(apart):
            shown = ", ".join(f"{self.source(t).strip()} \\sim {d[0].name}" for t, d in zip(trees, apart))
            note = f"\\mathbb{{E}}_{{{', '.join(self.source(t).strip() for t in trees)}}}: {shown}, independently"
            self.readings.extend([note] if note not in self.readings else [])
            return DrawsOp((), None, tuple(ExpectationOp((q,), d[0]) for q, d in zip(points, apart)))
        if len(drawing) != 1:
            written = "".join(self.source(tree).split()) if tree is not None else \
                ", ".join(self.source(t).strip() for t in trees)
            raise self.fail(op, f"\\mathbb{{E}}_{{{written}}}: " + (
                "no declared distribution draws these points together; write (x, y) \\sim p" if not drawing else
                f"{' and '.join(sorted(d.name for d in drawing))} each draw them, and which draws which is not written: "
                f"write \\mathbb{{E}}_{{{written.split(',')[0].strip('( ')} \\sim {drawing[0].name}, …}}, or (…) \\sim p"))
        twice = [(q, r) for n, q in enumerate(points) for r in points[n + 1:]
                 if drawing[0].coordinate_of(q) == drawing[0].coordinate_of(r)]
        if twice and len(drawing[0].coordinates) > 1:
            # s over (x, z) and y a value of x: E_{x, y} would draw two values of one coordinate of a joint, which
            # one table does not say how (an independent copy of x? of (x, z)?); of one coordinate they are i.i.d.
            q, r = twice[0]
            raise self.fail(op, f"\\mathbb{{E}}_{{…}}: {self._shown_point(q)} and {self._shown_point(r)} are values of one "
                                f"coordinate of {drawing[0].name}, which draws them together with others: how two "
                                f"values of it are drawn is not written; write each draw, x \\sim p, y \\sim p")
        return ExpectationOp(tuple(points), drawing[0])

    def draws_expectation(self, op: DrawsOp, body, node):
        """E_{A, B}[body] = E_A[E_B[body]]: the clauses are independent draws."""
        for clause in reversed(op.clauses):
            body = self.expectation(clause, body, node)
        return body

    def _written_joint(self, trees: list, right) -> ExpectationOp | None:
        r"""``x, c \sim p(x, c)``: the points drawn together by the declared distribution whose density
        the right side writes at exactly them (p draws x and c jointly, as ``(x, c) \sim p`` says); None
        for any other right side."""
        try:
            density = self.value(right)
        except ParseError:
            return None
        points = [self.as_point(self.value(t)) for t in trees]
        if not isinstance(density, Density) or density.args[2].args or set(density.args[1].args) != set(points) \
                or len(points) != len(density.args[1].args):
            return None
        distribution = next((d for d in self.scope.names.values()
                             if isinstance(d, Distribution) and d.tag == density.args[0]), None)
        return ExpectationOp(tuple(points), distribution) if distribution is not None else None

    def _independent_draw(self, trees: list, right, op) -> ExpectationOp:
        distribution = self.declared_distribution(right)
        if len(distribution.coordinates) != 1:
            written = ", ".join("".join(self.source(t).split()) for t in trees)
            raise self.fail(op, f"\\mathbb{{E}}_{{{written} \\sim {distribution.name}}}: {distribution.name} draws "
                                f"{len(distribution.coordinates)} coordinates together; write ({written}) "
                                f"\\sim {distribution.name} for a joint draw")
        return ExpectationOp(tuple(self._independent_points(distribution, trees)), distribution)

    def family_draw(self, left, right, op) -> FamilyDrawOp:
        r"""``\{x^-_i\}_{i=1}^M \sim p``: the entries of a family of points that p draws."""
        entry, letter, lo, hi = family_of_draws(left)
        right, power = self._product_power(right)
        distribution = self.declared_distribution(right)
        index = sp.Dummy(letter, integer=True)
        value = self.within(self.scope.bind(letter, index)).value(entry)
        written = "".join(self.source(left).split())
        family = self._family_of(getattr(value, "base", None))
        start = family.start(0) if family is not None else 1
        if not (isinstance(value, sp.Indexed) and value.indices == (index + 1 - start,)
                and value.base in self.scope.points):
            raise self.fail(left, f"{written}: a draw of several points is written \\{{x_{letter}\\}}_{{{letter}=1}}^M, "
                                  f"x a declared [[family]] of points of one dimension")
        if distribution.coordinate_of(value) is None:
            raise self.fail(left, f"{written}: {distribution.name} does not draw the entries of "
                                  f"{self.family_key(value.base)} (its coordinates: {', '.join(distribution.written)})")
        lo_value, hi_value = self.expr(lo), self.expr(hi)
        if power is not None and sp.expand(self.expr(power) - (hi_value - lo_value + 1)) != 0:
            raise self.fail(power, f"{written} \\sim {distribution.name}^{{{self.source(power).strip('{} ')}}}: the "
                                   f"power of a distribution is the number of entries drawn, "
                                   f"{hi_value - lo_value + 1} here")
        if family is not None and len(family.shape) == 1 and (
                (lo_value - start).is_negative or (hi_value - family.shape[0] - start + 1).is_positive):
            raise self.fail(left, f"{written}: the entries {lo_value} … {hi_value} are not all entries of "
                                  f"{self.family_key(value.base)} ({start} … {family.shape[0] + start - 1})")
        # the entries as stored (from 1)
        return FamilyDrawOp((), distribution, value.base, lo_value + 1 - start, hi_value + 1 - start)

    def _product_power(self, right):
        """(``p``, ``N``) of ``{p}^N`` or ``p^N`` after the draws ``\\{x_i\\}_{i=1}^N \\sim``: the N-fold
        product of a declared distribution, the draws independent; (right, None) otherwise."""
        tree = unwrap(right)
        if not (isinstance(tree, lark.Tree) and tree.data == "superscript"):
            return right, None
        try:
            base = self.value(tree.children[0])
        except ParseError:
            return right, None
        return (tree.children[0], tree.children[1]) if isinstance(base, Distribution) else (right, None)

    def family_expectation(self, op: FamilyDrawOp, body, node) -> IidExpectation:
        return IidExpectation(body, op.members, op.lo, op.hi, op.distribution.tag)

    def entries_of_a_bare_draw(self, op, body, node) -> IidExpectation | None:
        r"""``\mathbb{E}_{\mathbf{x}^- \sim p}[\sum_{i=1}^M g(\mathbf{x}^-_i)]``: the subscript draws
        a family of points written bare and the body uses its entries, never the bare point.
        The one reading in which the subscript draws anything: each entry of the family drawn
        independently from p (said in the readings).  None for any other expectation."""
        if len(op.bound) != 1 or not isinstance(op.bound[0], BarePoint) or body.has(op.bound[0]):
            return None
        base = op.bound[0].base
        entries = {e for e in body.atoms(sp.Indexed) if e.base == base}
        family = self._family_of(base)
        if not entries or family is None or len(family.shape) != 1:
            return None
        written = self.family_key(base)
        self.readings.append(f"\\mathbb{{E}}_{{{written} \\sim {op.distribution.name}}} of a body that uses the "
                             f"entries of {written} and never {written} itself: each entry drawn independently "
                             f"from {op.distribution.name}")
        return IidExpectation(body, base, sp.Integer(1), family.shape[0], op.distribution.tag)


def _is_draw(tree) -> bool:
    return isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3 \
        and isinstance(tree.children[1], Tree) and relation_name(str(tree.children[1].children[0])) == r"\sim"


def family_of_draws(tree):
    r"""(the entry tree, its index letter, the first, the last) of ``\{x_i\}_{i=1}^M`` (the
    scripts in either order), or None."""
    scripts = {}
    while isinstance(tree, Tree) and tree.data in ("subscript", "superscript") and tree.data not in scripts:
        scripts[tree.data] = tree.children[1]
        tree = tree.children[0]
    if not (isinstance(tree, Tree) and tree.data == "set" and set(scripts) == {"subscript", "superscript"}):
        return None
    items = [c for c in tree.children if isinstance(c, Tree) and c.data == "items"]
    entries = [unwrap(c) for c in items[0].children if isinstance(c, Tree)] if items else []
    start = unwrap(scripts["subscript"])
    if isinstance(start, Tree) and start.data == "script_group":
        inner = [unwrap(c) for c in start.children[0].children if isinstance(c, Tree)]
        start = inner[0] if len(inner) == 1 else None
    if len(entries) != 1 or not (isinstance(start, Tree) and start.data == "item" and len(start.children) == 3
                                 and relation_name(str(start.children[1].children[0])) == "="):
        return None
    letter = unwrap(start.children[0])
    if not (isinstance(letter, Tree) and letter.data == "letter"):
        return None
    return entries[0], str(letter.children[0]), start.children[2], scripts["superscript"]
