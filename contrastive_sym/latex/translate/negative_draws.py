r"""The mean over one negative of a sample set, as the derivations of the InfoNCE bound write it
(CPC's appendix and the texts after it): ``(N-1) \mathbb{E}_{x_j \in X_{neg}} \frac{p(x_j \mid c)}{p(x_j)}``,
``(N-1) E_{X - \{x^*\}}\left[\frac{P(x \mid z)}{P(x)}\right]``.

A negative is drawn from the marginal of the sample's distribution on the members' coordinate,
so the mean over one negative is the expectation under that marginal, E_{x ∼ p(x)}[g(x)]: a
number for each value of the context (p(x | c)/p(x) has mean 1), not the average over the
N − 1 negatives drawn (which is random; a text that means it writes \frac{1}{N-1} \sum_j).  The
reading says so.  Where the subscript would take the positive too (``x_j \in X``, an index set
that holds the positive's place 1), which distribution the member is drawn from is not one: refused.
"""
from __future__ import annotations

from dataclasses import dataclass

import lark
import sympy as sp

from ...model.distributions import Expectation
from ...model.notation import bare_point
from ..scope import ExpectationOp, IndexSet
from .trees import unwrap
from .values import relation_name

Tree = lark.Tree


@dataclass(frozen=True)
class NegativeOp(ExpectationOp):
    r"""``\mathbb{E}_{X - \{x^*\}}`` before its body: one negative of the sample set, drawn from the
    marginal; the point it draws is the one of the members' coordinate that the body uses."""

    sample_set: IndexSet | None = None
    # x_j of \mathbb{E}_{x_j \in X_{neg}}: the member written, drawn as one negative
    member: sp.Basic | None = None


class NegativeDrawsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads the mean over
    one negative of a sample set."""

    def negative_draw_op(self, tree, op) -> ExpectationOp | None:
        r"""``x_j \in X_{neg}`` or ``X - \{x^*\}`` (also ``\setminus``, ``\backslash``) under an
        expectation: one negative drawn from the marginal; None for any other subscript."""
        tree = unwrap(tree)
        if isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3 \
                and relation_name(str(tree.children[1].children[0])) == "in":
            return self._member_of_negatives(tree.children[0], tree.children[2], op)
        parts = self._set_difference(tree)
        if parts is None:
            return None
        whole, removed = parts
        found = self.declared_set(whole) if isinstance(whole, Tree) else None
        if found is None or found.sample is None:
            return None
        sample = found.sample
        taken = [unwrap(c) for c in removed.children[1].children if isinstance(c, Tree)] \
            if isinstance(removed, Tree) and removed.data == "set" else []
        if len(taken) != 1 or self.value(taken[0]) != sample.positive:
            positive = self._shown_point(sample.positive)
            raise self.fail(op, f"\\mathbb{{E}}_{{{self.source(tree).strip()}}}: the mean over one negative of "
                                f"{found.name} takes its positive away, {found.name} - \\{{{positive}\\}}; what is "
                                "taken away here is not (only) the positive")
        return NegativeOp((), sample.distribution, found)

    def _member_of_negatives(self, left, right, op) -> ExpectationOp | None:
        r"""``x_j \in X_{neg}``: x_j a member of a sample set, and the set on the right an index set
        of negatives' places only (2 … N when the positive is member 1; any place of the members
        when the positive is a point of its own)."""
        if not isinstance(right, Tree) or not isinstance(left, Tree):
            return None
        member = self.value(left)
        places = self.declared_set(right)
        samples = [s for s in self.sample_sets() if isinstance(member, sp.Indexed) and member.base == s.members]
        if len(samples) != 1 or places is None:
            return None
        found = samples[0]
        if places is found:
            raise self.fail(op, f"\\mathbb{{E}}_{{{self.source(left).strip()} \\in {found.name}}}: a member of "
                                f"{found.name} may be its positive, drawn given the context, or a negative, drawn "
                                "from the marginal: which is not written (write the set of the negatives)")
        if places.members is not None or not self._negatives_only(found, places):
            positive = found.sample.positive
            where = ("a point of its own" if found.sample.apart else f"at place {positive.indices[0]}"
                     if isinstance(positive, sp.Indexed) else "member 1")
            raise self.fail(op, f"\\mathbb{{E}}_{{{self.source(left).strip()} \\in {places.name}}}: the mean over one "
                                f"negative of {found.name} is read when {places.name} holds the places of its negatives "
                                f"only (the positive is {where})")
        return NegativeOp((), found.sample.distribution, found, member)

    @staticmethod
    def _negatives_only(found: IndexSet, places: IndexSet) -> bool:
        """Whether every place of ``places`` is a negative's: within the members' places and, unless
        the positive is a point of its own, not the positive's (its place written, or 1)."""
        positive = found.sample.positive
        place = None if found.sample.apart else (
            positive.indices[0] if isinstance(positive, sp.Indexed) and positive.base == found.members else sp.S.One)
        inside = sp.expand(places.lo - found.lo).is_nonnegative and sp.expand(found.hi - places.hi).is_nonnegative
        if not inside or place is None:
            return bool(inside) and places.condition is None
        if places.condition is not None:
            # {j : j \neq t+k}: the condition fails at the positive's place
            return sp.expand(places.condition.xreplace({places.index: place})) == 0
        return bool(sp.expand(places.lo - place - 1).is_nonnegative or sp.expand(place - places.hi - 1).is_nonnegative)

    def negative_expectation(self, op: NegativeOp, body, node):
        r"""``\mathbb{E}_{X - \{x^*\}}[g(x)]``: the point of the members' coordinate that ``body``
        uses (one), drawn from the marginal."""
        found = op.sample_set
        distribution = found.sample.distribution
        if op.member is not None:
            # the member written stands for one negative, drawn here: the point of the members'
            # coordinate in its place (an outer \mathbb{E}_X then sees no member named loose)
            point = bare_point(found.members)
            self._say_negative(found)
            return Expectation(body.xreplace({op.member: point}), sp.Tuple(point), distribution.tag)
        slot = distribution.coordinate_of(found.sample.positive)
        points = {a for a in body.free_symbols | body.atoms(sp.Indexed)
                  if self._is_point(a) and distribution.coordinate_of(a) == slot and a != found.sample.positive}
        if len(points) != 1:
            shown = ", ".join(sorted(str(p) for p in points)) or "none"
            raise self.fail(node, f"\\mathbb{{E}} over one negative of {found.name} averages what one point of its "
                                  f"members' coordinate gives; what it averages writes {shown}")
        self._say_negative(found)
        return Expectation(body, sp.Tuple(*points), distribution.tag)

    def _say_negative(self, found: IndexSet) -> None:
        note = (f"the mean over one negative of {found.name} is the expectation under the marginal of "
                f"{found.sample.distribution.name} on its members (each negative is drawn from it), not the "
                "average over the negatives drawn")
        self.readings.extend([note] if note not in self.readings else [])

    @staticmethod
    def _set_difference(tree):
        r"""(whole, removed) of ``X - \{…\}``, ``X \setminus \{…\}``, ``X \backslash \{…\}``; or None."""
        if isinstance(tree, Tree) and tree.data == "sub" and len(tree.children) == 3:
            return tree.children[0], unwrap(tree.children[2])
        if isinstance(tree, Tree) and tree.data == "juxt" and len(tree.children) == 2:
            rest = unwrap(tree.children[1])
            if isinstance(rest, Tree) and rest.data == "juxt" and len(rest.children) == 2 \
                    and isinstance(rest.children[0], Tree) and rest.children[0].data == "command" \
                    and str(rest.children[0].children[0]) in ("\\setminus", "\\backslash"):
                return tree.children[0], unwrap(rest.children[1])
        return None


__all__ = ["NegativeDrawsMixin", "NegativeOp"]
