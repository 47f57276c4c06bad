r"""Norms and inner products: ``\|z_i\|``, ``\| z_1 - z_2 \|`` (the Euclidean norm), ``\langle a, b \rangle`` and
``\langle (a, b), (c, d) \rangle`` (of a product of spaces, with its space as a subscript or not), and norms
written with an index: ``\|M\|_F`` (Frobenius, of a matrix), ``\|x\|_1`` (the sum of the
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
from .differentials import tuple_items
from .trees import unwrap

Tree = lark.Tree
#: a factor of a Euclidean space: \mathbb{R}, \mathbb{R}^n, \mathbb{R}^{d}
_SPACE_FACTOR = re.compile(r"\\mathbb\s*\{\s*R\s*\}\s*(?:\^\s*(\{[^{}]*\}|\w))?")

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

    def t_inner(self, node):
        r"""``\langle a, b \rangle``: the dot product of two vectors; ``\langle (a, b), (c, d) \rangle`` of two tuples
        (the inner product of a product of spaces): Σ ⟨a_i, c_i⟩, numbers multiplied."""
        pairs = self.inner_pairs(node)
        total = sp.Integer(0)
        for left, right in pairs:
            values = [self.value(left), self.value(right)]
            vectors = [self.vector_of(v) for v in values]
            if len(pairs) > 1 and all(isinstance(v, sp.Expr) and w is None for v, w in zip(values, vectors)):
                total += self.expr(left, values[0]) * self.expr(right, values[1])
                continue
            for element, vector in zip((left, right), vectors):
                if vector is None:
                    raise self.fail(element, f"\\langle a, b \\rangle is the inner product of two vectors, "
                                             f"and '{self.source(element).strip()}' is not a vector")
            total += self.dot(vectors[0], vectors[1], node)
        return total

    def inner_pairs(self, node) -> list:
        """The (left, right) trees an inner product pairs: one pair, or each place of two tuples of one length."""
        items = node.children[1]
        elements = [c for c in items.children if isinstance(c, Tree)]
        separators = [str(c) for c in items.children if not isinstance(c, Tree)]
        if len(elements) != 2 or separators != [","]:
            raise self.fail(node, "\\langle … \\rangle is read as the inner product of two vectors "
                                  "\\langle a, b \\rangle")
        elements = [unwrap(e.children[0] if e.data == "item" and len(e.children) == 1 else e) for e in elements]
        tuples = [tuple_items(e) for e in elements]
        if all(t is not None and len(t) >= 2 for t in tuples):
            if len(tuples[0]) != len(tuples[1]):
                raise self.fail(node, f"\\langle … \\rangle of a tuple of {len(tuples[0])} and one of {len(tuples[1])}")
            return list(zip(tuples[0], tuples[1]))
        return [tuple(elements)]

    def inner_lengths(self, node) -> list:
        """The length of each vector the inner product pairs on its left (1 for a number)."""
        lengths = []
        for left, _ in self.inner_pairs(node):
            vector = self.vector_of(self.value(left))
            lengths.append(sp.Integer(1) if vector is None else vector.length)
        return lengths

    def indexed_group(self, atom, subscript):
        """The value of a norm, bars or an inner product with the subscript after it (``\\|M\\|_F``, ``|x|_1``,
        ``\\langle a, b \\rangle_{\\mathbb{R}^n}``); None for a Euclidean norm's ``_2`` (read with the norm)."""
        if atom.data == "norm" and self.source(subscript.children[1]).strip("{} ") != "2":
            return self.indexed_norm(atom, subscript)
        if atom.data == "abs_value":
            return self.indexed_bars(atom, subscript)
        if atom.data == "inner":
            return self.inner_in_space(atom, subscript)
        return None

    def inner_in_space(self, atom, subscript):
        r"""``\langle a, b \rangle_{\mathbb{R}^n}``, ``\langle (a, b), (c, d) \rangle_{\mathbb{R}^n \times
        \mathbb{R}^m}``: the inner product of the Euclidean space (of the product of spaces) the subscript names,
        which must be the space of the vectors written; any other subscript is refused, naming it."""
        written = " ".join(self.source(subscript.children[1]).split())
        written = written[1:-1].strip() if written.startswith("{") and written.endswith("}") else written
        factors = [f.strip() for f in re.split(r"\\times(?![a-zA-Z])", written)]
        found = [_SPACE_FACTOR.fullmatch(f) for f in factors]
        lengths = self.inner_lengths(atom)
        wanted = [None if m is None else sp.Integer(1) if m.group(1) is None else self.space_dimension(m.group(1))
                  for m in found]
        if not all(found) or len(wanted) != len(lengths) or any(
                w is None or sp.expand(w - n) != 0 for w, n in zip(wanted, lengths)):
            raise self.fail(subscript, f"\\langle … \\rangle_{{{written}}}: the subscript is read as the space of the "
                                       f"vectors written (\\mathbb{{R}}^n, \\mathbb{{R}}^n \\times \\mathbb{{R}}^n for pairs), "
                                       "and it is not theirs")
        return self.t_inner(atom)

    def space_dimension(self, written: str):
        """The dimension written as ℝ's power: a number or a declared size; None otherwise."""
        written = written[1:-1].strip() if written.startswith("{") and written.endswith("}") else written.strip()
        if written.isdigit():
            return sp.Integer(written)
        value = self.scope.lookup(written)
        return value if isinstance(value, sp.Expr) and value.is_integer else None

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
