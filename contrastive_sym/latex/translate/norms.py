r"""Norms written with an index: ``\|M\|_F`` (Frobenius, of a matrix), ``\|x\|_1`` (the sum of the
absolute values of the components), ``\|x\|_p`` with p a declared positive scalar or a whole number
(Σ_m |x_m|^p)^{1/p}.  ``\|x\|_2`` is the Euclidean norm, read with the norm itself; any other index
(``_\infty``, a p that may be 0 or negative, where the formula is no norm) is refused, naming it."""
from __future__ import annotations

import sympy as sp


class NormsMixin:
    """The part of the translator that reads a norm's index."""

    def indexed_norm(self, atom, subscript):
        index = self.source(subscript.children[1]).strip()
        bare = index.strip("{} ")
        inside = self.value(self.norm_inside(atom))
        if bare == "F":
            return self.frobenius(inside, atom)
        try:
            order = self.expr(subscript.children[1])
        except Exception:       # noqa: BLE001 - an index that does not read is named below
            order = None
        if not isinstance(order, sp.Expr) or not (order.is_positive or order.is_Integer and order >= 1):
            raise self.fail(subscript, f"the norm index '_{index}' is not read: the Euclidean norm \\|x\\| (or "
                                       "\\|x\\|_2), \\|x\\|_1, \\|x\\|_p with p a declared positive scalar or a whole "
                                       "number, and \\|M\\|_F of a matrix are")
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
