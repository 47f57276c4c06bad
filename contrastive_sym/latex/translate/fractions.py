r"""Fractions and binomials: ``\frac{a}{b}`` (``\dfrac``, ``\tfrac``, ``\frac12``), TeX's primitive
``{a \over b}`` (the fraction of the group in braces it stands in, as older posts write it),
``\binom{n}{k}``, and a quotient by a sum written inline, ``a / \sum_k b_k``."""
from __future__ import annotations

import lark
import sympy as sp

from ..elementary import Elementary, OfVector
from ..scope import AbstractFunction, Builtin, Macro, Operator
from .quotients import quotient
from .values import componentwise

Tree = lark.Tree


class FractionsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads fractions."""

    def t_frac(self, node):
        if node.data == "frac" and self.d_fraction(node) is not None:      # \frac{dF}{dx}
            return self.d_derivative(node)
        numerator, denominator = node.children[1:] if node.data == "frac" else node.children[::2]
        denominator = self.expr(denominator)
        return componentwise(self.term(numerator), lambda x: quotient(x, denominator))
    t_over_frac = t_frac        # {a \over b}: TeX's primitive fraction of the group

    def t_quotient_by_sum(self, node):
        r"""``e^{s_i} / \sum_k e^{s_k}``: divided by the sum of what follows it (one factor: a sum
        alone has no value, so (a / \sum_k) b_k is no reading).  A factor after it, ``a / \sum_k b_k c``,
        is refused where the product reads it (products.py): c divides, or multiplies the quotient."""
        numerator, _, sign, scripts, body = node.children
        if isinstance(body, Tree) and body.data == "call" and not self._calls_a_function(body):
            # a / \sum_k b_k (c + 1): b_k times (c + 1) inside the sum, or the quotient times it
            self.refuse_factor_after_sum_quotient(node, [("factor", body)])
        meta = lark.tree.Meta()
        meta.line, meta.column, meta.start_pos, meta.empty = sign.line, sign.column, sign.start_pos, False
        meta.end_pos = scripts.meta.end_pos
        op = Tree("sum_op", [sign, scripts], meta)
        denominator = self.expr(op, self._apply_op(op, body))
        return componentwise(self.term(numerator), lambda x: quotient(x, denominator))

    def _calls_a_function(self, call) -> bool:
        """Whether ``call`` (a name, then parentheses) applies a function rather than multiplies."""
        head = call.children[0]
        key = self.atom_key(head) if isinstance(head, Tree) and head.data in ("letter", "command", "font") else None
        meaning = self.scope.lookup(key) if key is not None else None
        return isinstance(meaning, (AbstractFunction, Macro, Builtin, Operator, Elementary, OfVector))

    def refuse_quotient_of_sum_quotient(self, node) -> None:
        r"""``a / \sum_k b_k / c``: alone, ``\sum_k b_k / c`` sums the quotients; after '/', whether the
        sum reaches over ``/ c`` is not written."""
        if isinstance(node.children[0], Tree) and node.children[0].data == "quotient_by_sum":
            self.refuse_factor_after_sum_quotient(node.children[0], [("factor", node.children[2])])

    def refuse_factor_after_sum_quotient(self, tree, rest: list) -> None:
        r"""``a / \sum_k b_k c`` (or ``\cdot c``): whether c is in the sum, and so divides, is not written."""
        ends = [item[-1].meta.end_pos for item in rest if isinstance(item[-1], Tree)]
        whole = " ".join(self.text[tree.meta.start_pos:max(ends, default=tree.meta.end_pos)].split())
        raise self.fail(tree, f"ambiguous: in '{whole}' the sum after '/' reaches over what follows it too, or ends "
                              "before it; write \\frac{…}{\\sum …} for the one meant")

    def t_sqrt(self, node):
        return sp.sqrt(self.expr(node.children[1]))

    def t_binom(self, node):
        """``\\binom{n}{k}``, the number of ways to choose k of n, for whole numbers only."""
        n, k = self.expr(node.children[1]), self.expr(node.children[2])
        for value, tree in ((n, node.children[1]), (k, node.children[2])):
            if value.is_integer is not True:
                raise self.fail(tree, f"\\binom{{n}}{{k}} is read for whole numbers (\\binom{{N}}{{2}} pairs); "
                                      f"'{self.source(tree).strip()}' is not one")
        return sp.binomial(n, k)
