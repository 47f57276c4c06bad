r"""A row after a formula that states the domain of a declared scalar: ``\mathcal{L}(f; \alpha) = …,
\quad \alpha > 0`` (a definition), ``A = B, \quad \tau > 0``, ``f(t) = …, \quad t \in [0, 1]``.  It is a
condition on a parameter, never a statement of its own to check (checked alone, \tau > 0 of a real τ
is refuted, and t ∈ [0, 1] read as bounds 0 ≤ t ≤ 1 beside the chain was refuted at t = 2)."""
from __future__ import annotations

from dataclasses import replace

import lark
import sympy as sp

from ...errors import DerivationError
from ...model.notation import Domain
from ..memberships import Membership
from .values import relation_name

Tree = lark.Tree

#: the set of values ``v`` with ``v > c`` (…) for a real number ``c``, built directly: SymPy's
#: ``Relational.as_set`` reaches ``simplify``, which the reader never calls
_BOUNDS = {">": lambda c: sp.Interval.open(c, sp.oo), ">=": lambda c: sp.Interval(c, sp.oo),
           "<": lambda c: sp.Interval.open(-sp.oo, c), "<=": lambda c: sp.Interval(-sp.oo, c)}
#: each domain as a set of numbers
_SETS = {
    Domain.REAL: sp.S.Reals, Domain.POSITIVE: sp.Interval.open(0, sp.oo),
    Domain.NEGATIVE: sp.Interval.open(-sp.oo, 0), Domain.NONNEGATIVE: sp.Interval(0, sp.oo),
    Domain.UNIT_INTERVAL: sp.Interval(-1, 1), Domain.PROBABILITY: sp.Interval.open(0, 1),
    Domain.ZERO_TO_ONE: sp.Interval(0, 1), Domain.BINARY: sp.FiniteSet(0, 1), Domain.SIGN: sp.FiniteSet(-1, 1),
}
#: the domain to declare for a set a display states
_TO_DECLARE = {sp.Interval.open(0, sp.oo): "positive", sp.Interval(0, sp.oo): "nonnegative",
               sp.Interval.open(-sp.oo, 0): "negative", sp.Interval(-1, 1): "[-1, 1]",
               sp.Interval.open(0, 1): "(0, 1)", sp.Interval(0, 1): "[0, 1]"}


class StatedDomainsMixin:
    """The part of the translator that reads a row stating a scalar's domain."""

    #: whether the membership that ends the display was read as a scalar's domain (domain_before)
    membership_read_as_domain = False

    def stated_domain(self, row, membership: Membership | None = None) -> bool:
        r"""Whether ``row`` (a row after a formula) is ``\alpha > 0``, ``t \geq 0``: a declared
        scalar compared with a number, or a declared scalar alone before the interval
        ``membership`` that ends the display (``t \in [0, 1]``), which the display states of a
        parameter.  When the declared domain implies it, the row is read and said (nothing to
        check: every value sampled is in the domain); when it does not, the check would run over
        values the display excludes: refused, naming the domain to declare.  False for any
        other row."""
        if membership is not None:
            if len(row.children) != 1 or membership.kind != "interval" or membership.ambiguous:
                return False
            left, shown = row.children[0], " ".join((self.source(row) + " " + membership.written).split())
            stated = self._stated_interval(membership, row)
        else:
            if len(row.children) != 3 or not isinstance(row.children[1], Tree) or row.children[1].data != "relation":
                return False
            left, relation, right = row.children
            bound = _BOUNDS.get(relation_name(str(relation.children[0])))
            if bound is None:
                return False
            try:
                number = self.expr(right)
            except DerivationError:
                return False
            if not (number.is_number and number.is_extended_real):
                return False
            stated = bound(number)
            shown = " ".join(self.source(row).split())
        try:
            symbol = self.value(left)
        except DerivationError:
            return False
        if not isinstance(symbol, sp.Symbol) or symbol.is_integer or stated is None:
            return False
        name = " ".join(self.source(left).split())
        if not self._domain_set(symbol).is_subset(stated):
            wanted = _TO_DECLARE.get(stated)
            hint = f"domain = \"{wanted}\"" if wanted else "a domain inside it"
            raise self.fail(row, f"'{shown}' states a condition on {name} that its declared domain does not "
                                 f"imply: declare the domain the display states ({hint}), so that it is checked "
                                 "over those values only")
        self.readings.append(f"'{shown}' states the domain {name} is declared with: read, nothing to check")
        return True

    def domain_row(self, row, rows: list, membership: Membership | None) -> bool:
        """Whether ``row``, after the ``rows`` of a claim, states a scalar's domain; its reading is
        then said with the row before it (it has no row of its own)."""
        if not (self.stated_domain(row) or self.domain_before(row, membership)):
            return False
        rows[-1] = replace(rows[-1], readings=rows[-1].readings + (self.readings[-1],))
        return True

    def domain_before(self, row, membership: Membership | None) -> bool:
        """Whether ``row``, a declared scalar alone just before the ``membership`` that ends the
        display, states that scalar's domain (read as :meth:`stated_domain` reads it)."""
        read = row.data == "chain" and membership is not None and row.meta.end_pos <= membership.start \
            and not self.text[row.meta.end_pos:membership.start].strip() and self.stated_domain(row, membership)
        self.membership_read_as_domain |= read
        return read

    def _domain_set(self, symbol: sp.Symbol) -> sp.Set:
        """The numbers ``symbol`` takes: its declared domain, else what SymPy is told of it."""
        declared = dict(self.scope.domains).get(symbol)
        if declared is not None:
            return _SETS[declared]
        if symbol.is_positive:
            return _SETS[Domain.POSITIVE]
        return _SETS[Domain.NEGATIVE] if symbol.is_negative else sp.S.Reals

    def _stated_interval(self, membership: Membership, node) -> sp.Set | None:
        low = -sp.oo if membership.low is None else self._written_number(membership.low, node)
        high = sp.oo if membership.high is None else self._written_number(membership.high, node)
        return sp.Interval(low, high, membership.low_open or low == -sp.oo, membership.high_open or high == sp.oo)
