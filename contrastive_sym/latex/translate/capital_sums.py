r"""``\Sigma_j e^{z_j}``: the capital letter written as the sum sign.

Blog posts set the sum with the Greek capital (``\Sigma_j \exp(v_j/T)``, ``\Sigma_{i=1}^{n} x_i``),
which inline MathJax draws almost as ``\sum``.  Where the document declares no name spelled
``\Sigma`` (a covariance matrix, Σ_j of a family), a scripted ``\Sigma`` before a term has no
other meaning than the sum of that term over its script, and it is read so; the reading is
recorded, as every reading the notation does not force is.  ``\Pi`` is read as ``\prod`` the same
way.  A declared ``\Sigma`` (or one of its spellings with scripts) keeps its meaning.
"""
from __future__ import annotations

import lark

Tree, Token = lark.Tree, lark.Token

_SIGNS = {r"\Sigma": r"\sum", r"\Pi": r"\prod"}


class CapitalSumsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a scripted,
    undeclared ``\\Sigma`` or ``\\Pi`` before a term as ``\\sum`` or ``\\prod``."""

    def capital_sum(self, factor) -> Tree | None:
        """The ``sum_op`` that ``factor`` (``\\Sigma_j``, ``\\Sigma_{j=1}^{n}``) writes, when its
        letter names nothing declared; else None."""
        found = _scripted_capital(factor)
        if found is None:
            return None
        letter, scripts = found
        if self.scope.lookup(letter) is not None or self.scope.starts_a_name(letter):
            return None
        sign = _SIGNS[letter]
        op = Tree("sum_op", [Token("SUM", sign), scripts], factor.meta)
        self.readings.append(f"'{' '.join(self.source(factor).split())}' is read as the sign {sign} "
                             f"({letter} names nothing declared)")
        return op


def _scripted_capital(factor):
    """(the letter, the scripts node of a ``sum_op``) of ``\\Sigma_a``, ``\\Sigma^b_a`` or
    ``\\Sigma_a^b``; None for anything else (an unscripted ``\\Sigma`` is a letter)."""
    if not isinstance(factor, Tree) or factor.data not in ("subscript", "superscript"):
        return None
    base, script = factor.children[0], factor.children[1]
    if factor.data == "subscript" and _capital(base):
        return str(base.children[0]), Tree("scripts_lower", [script])
    if isinstance(base, Tree) and base.data in ("subscript", "superscript") and base.data != factor.data \
            and _capital(base.children[0]):
        inner = base.children[1]
        if factor.data == "superscript":       # \Sigma_a^b
            return str(base.children[0].children[0]), Tree("scripts_both", [inner, script])
        return str(base.children[0].children[0]), Tree("scripts_swapped", [inner, script])   # \Sigma^b_a
    return None


def _capital(node) -> bool:
    return isinstance(node, Tree) and node.data == "command" and str(node.children[0]) in _SIGNS
