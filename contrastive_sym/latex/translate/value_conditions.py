r"""Conditions of sums and indicators that compare values a notation declares finitely many of:
an entry of a family of a finite domain tested against a number (``y_{ij} = 1`` of a binary
family), and entries of a family of indices, classes, compared (``c_j = c_i``, ``c_j = t``)."""
from __future__ import annotations

import re

import lark
import sympy as sp

from ..optima import ARGMAX, ARGMIN
from ..scope import Family
from .cases import takes_value
from .trees import unwrap
from .values import relation_name

Tree = lark.Tree


def _equality(element) -> bool:
    """Whether ``element`` is one relation ``=`` or ``≠`` between two sides."""
    return isinstance(element, Tree) and element.data in ("item", "chain") and len(element.children) == 3 \
        and isinstance(element.children[1], Tree) and element.children[1].data == "relation" \
        and relation_name(str(element.children[1].children[0])) in ("=", "!=")


class ValueConditionsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads them."""

    def _compares_finite(self, element) -> bool:
        """``y_{ij} = 1``: an entry of a family of a finite domain (binary, {-1, 1}) tested against
        a whole number, with = or ≠ (a sum over the j whose pair is labelled 1)."""
        if not _equality(element):
            return False
        def finite(tree):
            tree = unwrap(tree)
            key = self.atom_key(tree.children[0]) if isinstance(tree, Tree) and tree.data == "subscript" else None
            meaning = self.scope.lookup(key) if key is not None else None
            return isinstance(meaning, Family) and meaning.base in dict(self.scope.finite)
        def number(tree):
            tree = unwrap(tree)
            return isinstance(tree, Tree) and (tree.data == "number" or tree.data == "neg" and number(tree.children[-1]))
        left, right = element.children[0], element.children[2]
        return finite(left) and number(right) or finite(right) and number(left)

    def _value_condition(self, item) -> sp.Expr:
        """𝟙 of ``y_{ij} = 1`` (or ≠) for an entry of a finite domain: exact at its two values."""
        left, rel, right = item.children
        a, b = self.expr(left), self.expr(right)
        entry, values, value = self._finite_test(a, b) or self._finite_test(b, a)
        if value not in values:
            raise self.fail(item, f"'{self.source(item).strip()}' never holds: the entry takes only the values "
                                  f"{values[0]} and {values[1]} (its declared domain)")
        holds = takes_value(entry, values, value)
        return holds if relation_name(str(rel.children[0])) == "=" else 1 - holds

    def _compares_drawn(self, element) -> bool:
        """``c_j = c_i``, ``c_j = t``: an entry of a family of indices (role index, its values a range
        of classes) tested for equality, with = or ≠ (a sum over the j of class c_i)."""
        if not _equality(element):
            return False
        def drawn(tree):
            tree = unwrap(tree)
            key = self.atom_key(tree.children[0]) if isinstance(tree, Tree) and tree.data == "subscript" else None
            meaning = self.scope.lookup(key) if key is not None else None
            return isinstance(meaning, Family) and self._drawn_values(meaning.base) is not None
        return drawn(element.children[0]) or drawn(element.children[2])

    def _drawn_condition(self, item) -> sp.Expr:
        """𝟙 of ``c_j = c_i`` (or ≠) of entries of a family of indices: whole numbers compared."""
        left, rel, right = item.children
        a, b = self.expr(left), self.expr(right)
        if not (a.is_integer and b.is_integer):
            raise self.fail(item, f"'{self.source(item).strip()}' compares a class (a whole number) with a value "
                                  "that is not one")
        delta = sp.KroneckerDelta(a, b)
        return delta if relation_name(str(rel.children[0])) == "=" else 1 - delta

    def refuse_index_of_an_optimum(self, tree, arg) -> None:
        r"""``\mathbb{1}[i = \arg\max_j s_j]`` (the softmax's limit as τ → 0⁺ in posts): refused, saying why;
        at a tie the maximiser is not one index (and the limit there is 1/m of the m tied entries)."""
        written = self.source(tree)
        if ARGMAX in written or ARGMIN in written or re.search(r"arg\s*\\?(?:max|min)", written):
            raise self.fail(arg, f"the indicator of '{written.strip()}' compares an index with an arg max or arg min, "
                                 "which is not one index where values tie (there the softmax's limit as \\tau \\to "
                                 "0^+ is 1/m of the m tied entries): state where the maximiser is unique as the claim's "
                                 "given (s_i > s_j for the j \\neq i), or restate the line with restated_from")
