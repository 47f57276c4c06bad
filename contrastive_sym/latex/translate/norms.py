r"""Norms: ``\|z_i\|``, ``\| z_1 - z_2 \|`` (the Euclidean norm), and norms written with an index: ``\|M\|_F`` (Frobenius, of a matrix), ``\|x\|_1`` (the sum of the
absolute values of the components), ``\|x\|_p`` with p a positive number or a declared scalar of
positive domain, (Σ_m |x_m|^p)^{1/p} (below 1 a quasi-norm, as the notation means it); ``_{L1}`` and
``_{\ell_1}`` alike.  ``\|x\|_2`` (``_{L2}``, ``_{\ell_2}``) is the Euclidean norm, read with the norm
itself; ``\|x\|_\infty`` (``_{\ell_\infty}``) the largest absolute value of a component; any other
index (a p that may be 0 or negative, a word) is refused, naming it."""
from __future__ import annotations

import re

import lark
import sympy as sp

from ...errors import DerivationError
from ...model.nodes import MaxOver

Tree = lark.Tree

#: the maximum norm, \|x\|_\infty, \|x\|_{L_\infty}, \|x\|_{\ell_\infty}
_INFINITE = re.compile(r"\+?\s*\\infty|(?:L|\\ell)\s*_?\s*\{?\s*\\infty\s*\}?")
#: the norm named by its space, \|x\|_{L2}, \|x\|_{L_1}, \|x\|_{\ell_2}
_NAMED = re.compile(r"(?:L|l|\\ell)\s*_?\s*\{?\s*([12])\s*\}?")


class NormsMixin:
    """The part of the translator that reads a norm and its index."""

    def t_norm(self, node):
        r"""``\|z_i\|``, ``\| z_1 - z_2 \|``, ``||z_1 - z_2||`` (bars paired in their group by
        :mod:`..bars`) or ``\left\| z_1 - z_2 \right\|``: the Euclidean norm of a vector."""
        inside = self.norm_inside(node)
        value = self.value(inside)
        vector = self.vector_of(value)
        if vector is not None:
            m = self._fresh("m")
            return sp.sqrt(sp.Sum(vector.component(m) ** 2, (m, 1, vector.length)))
        if isinstance(value, sp.Expr) and not isinstance(value, sp.MatrixBase):
            # the norm of a number (‖c‖ with c declared a scalar, ‖a - b‖ of numbers): |…|
            self.refuse_loose_points(value, inside)
            return sp.Abs(value)
        if self._matrix_value(value) is not None:
            raise self.fail(node, "‖·‖ of a matrix says neither which norm: \\|M\\|_F (Frobenius) is read; the "
                                  "operator norm is not")
        raise self.fail(node, "‖·‖ of something that is not a number, a row of a declared family, nor a vector")

    def norm_inside(self, node):
        """What the bars of a norm hold (one value)."""
        inside = node.children[1]
        if isinstance(inside, Tree) and inside.data == "items":
            elements = [c for c in inside.children if isinstance(c, Tree)]
            if len(elements) != 1:
                raise self.fail(node, "‖…‖ of a list is not read; \\left\\| x \\right\\| is the norm of one vector")
            inside = elements[0]
        return inside

    def indexed_norm(self, atom, subscript):
        index = self.source(subscript.children[1]).strip()
        bare = index.strip("{} ")
        named = _NAMED.fullmatch(bare)
        if named is not None and named.group(1) == "2":
            return self.value(atom)         # \|x\|_{L2}, \|x\|_{\ell_2}: the Euclidean norm
        inside = self.value(self.norm_inside(atom))
        if bare == "F":
            return self.frobenius(inside, atom)
        if named is not None:               # \|x\|_{L1}, \|x\|_{\ell_1}
            return self._p_norm(inside, sp.Integer(named.group(1)), atom, bare)
        if _INFINITE.fullmatch(bare):       # \|x\|_\infty: the largest absolute value of a component
            return self._max_norm(inside, atom)
        try:
            order = self.expr(subscript.children[1])
        except DerivationError:     # an index that does not read (\infty, a word) is named below
            order = None
        if not isinstance(order, sp.Expr) or not order.is_positive:
            raise self.fail(subscript, f"the norm index '_{index}' is not read: the Euclidean norm \\|x\\| (or "
                                       "\\|x\\|_2), \\|x\\|_1, \\|x\\|_p with p a positive number or a declared scalar "
                                       "of positive domain, \\|x\\|_\\infty, and \\|M\\|_F of a matrix are")
        return self._p_norm(inside, order, atom, bare)

    def indexed_bars(self, atom, subscript):
        """``|x - y|_\\infty``, ``|x|_1``, ``|x|_2``: single bars with the index of a norm are that
        norm (of a number, its absolute value); any other index after them is refused."""
        bare = self.source(subscript.children[1]).strip().strip("{} ")
        if not (_INFINITE.fullmatch(bare) or bare in ("1", "2")):
            raise self.fail(subscript, f"'|…|_{bare}' is not read: after single bars only the index of a norm is "
                                       "(|x|_1, |x|_2, |x|_\\infty); an absolute value takes no index")
        inside = self.value(self.norm_inside(atom))
        if bare in ("1", "2"):
            return self._p_norm(inside, sp.Integer(bare), atom, bare)
        return self._max_norm(inside, atom)

    def _max_norm(self, inside, atom):
        vector = self.vector_of(inside)
        if vector is None and isinstance(inside, sp.Expr) and not isinstance(inside, sp.MatrixBase):
            self.refuse_loose_points(inside, atom)
            return sp.Abs(inside)
        if vector is None:
            raise self.fail(atom, "‖·‖_∞ of something that is not a number or a vector")
        m = self._fresh("m")
        return MaxOver(sp.Abs(vector.component(m)), m, 1, vector.length)

    def _p_norm(self, inside, order, atom, bare: str):
        vector = self.vector_of(inside)
        if vector is None and isinstance(inside, sp.Expr) and not isinstance(inside, sp.MatrixBase):
            self.refuse_loose_points(inside, atom)
            return sp.Abs(inside)           # the norm of a number, in any order
        if vector is None:
            raise self.fail(atom, f"‖·‖_{bare} of something that is not a number or a vector")
        m = self._fresh("m")
        if order == 1:
            return sp.Sum(sp.Abs(vector.component(m)), (m, 1, vector.length))
        return sp.Sum(sp.Abs(vector.component(m)) ** order, (m, 1, vector.length)) ** (1 / order)
