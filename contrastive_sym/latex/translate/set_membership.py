r"""The indicator that an index is a member of a declared set, ``\mathbb{1}[j \in \mathcal{P}_b]``
(SupCon's target over the positives), ``\mathbb{1}[k \notin S]``: Σ_{m ∈ S} δ_{j,m}, over the set's
range with its condition (a set defined by one, or any subset the data gives)."""
from __future__ import annotations

import sympy as sp

from ..scope import IndexSet


class SetMembershipMixin:
    """The part of the translator that reads ``\\mathbb{1}[j \\in S]``."""

    def membership_indicator(self, left, right, node) -> sp.Expr:
        index = self.expr(left)
        if not index.is_integer:
            raise self.fail(node, f"the indicator of '{self.source(left).strip()} \\in …' is read for an index "
                                  f"(a whole number); '{self.source(left).strip()}' is not one")
        found = self.value(right)
        ends = None
        if isinstance(found, IndexSet) and found.members is None and not found.components and found.sample is None \
                and not found.records:
            ends = (found.lo, found.hi)
        elif not isinstance(found, IndexSet):
            _, ends = self._member(left, right)           # [N], [\![1, N]\!], \{1, \dots, N\}
        if ends is None:
            raise self.fail(node, f"the indicator of membership in '{self.source(right).strip()}' is read for a "
                                  "declared [[set]] of indices (a range, a condition or any subset), [N] or "
                                  "[\\![a, b]\\!]")
        m = sp.Dummy("m", integer=True)
        weight = found.condition.xreplace({found.index: m}) if isinstance(found, IndexSet) and found.condition \
            is not None else sp.Integer(1)
        return sp.Sum(sp.KroneckerDelta(index, m) * weight, (m, ends[0], ends[1]))
