r"""A row after a formula that states the domain of a declared scalar: ``\mathcal{L}(f; \alpha) = …,
\quad \alpha > 0`` (a definition), ``A = B, \quad \tau > 0`` (a claim).  It is a condition on a
parameter, never a statement of its own to check (checked alone, \tau > 0 of a real τ is refuted)."""
from __future__ import annotations

import lark
import sympy as sp

from ...errors import DerivationError
from .values import relation_name

Tree = lark.Tree

_BOUNDS = {">": sp.Gt, ">=": sp.Ge, "<": sp.Lt, "<=": sp.Le}


class StatedDomainsMixin:
    """The part of the translator that reads a row stating a scalar's domain."""

    def stated_domain(self, row) -> bool:
        r"""Whether ``row`` (a row after a formula) is ``\alpha > 0``, ``t \geq 0``: a declared
        scalar compared with a number, which the display states of a parameter.  When the declared
        domain implies it, the row is read and said (nothing to check: every value sampled is in
        the domain); when it does not, the check would run over values the display excludes:
        refused, naming the domain to declare.  False for any other row."""
        if len(row.children) != 3 or not isinstance(row.children[1], Tree) or row.children[1].data != "relation":
            return False
        left, relation, right = row.children
        bound = _BOUNDS.get(relation_name(str(relation.children[0])))
        if bound is None:
            return False
        try:
            symbol, number = self.value(left), self.expr(right)
        except DerivationError:
            return False
        if not isinstance(symbol, sp.Symbol) or symbol.is_integer or not number.is_number:
            return False
        shown, name = " ".join(self.source(row).split()), " ".join(self.source(left).split())
        if bound(symbol, number) is not sp.true:
            raise self.fail(row, f"'{shown}' states a condition on {name} that its declared domain does not "
                                 "imply: declare the domain the display states (domain = \"positive\" for > 0), so "
                                 "that it is checked over those values only")
        self.readings.append(f"'{shown}' states the domain {name} is declared with: read, nothing to check")
        return True
