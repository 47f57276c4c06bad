r"""Fractions and binomials: ``\frac{a}{b}`` (``\dfrac``, ``\tfrac``, ``\frac12``), TeX's primitive
``{a \over b}`` (the fraction of the group in braces it stands in, as older posts write it), and
``\binom{n}{k}``."""
from __future__ import annotations

import sympy as sp

from .quotients import quotient
from .values import componentwise


class FractionsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads fractions."""

    def t_frac(self, node):
        if node.data == "frac" and self.d_fraction(node) is not None:      # \frac{dF}{dx}
            return self.d_derivative(node)
        numerator, denominator = node.children[1:] if node.data == "frac" else node.children[::2]
        denominator = self.expr(denominator)
        return componentwise(self.term(numerator), lambda x: quotient(x, denominator))
    t_over_frac = t_frac        # {a \over b}: TeX's primitive fraction of the group

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
