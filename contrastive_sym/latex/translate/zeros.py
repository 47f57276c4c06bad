r"""The number 0 written beside a vector or a matrix: ``x - x = 0``, ``\nabla_x f = 0``, ``Z - Z = 0``.
Every reader takes it for the zero of the other side's shape; compared as the number, the sides had
different shapes and a true statement was refuted (a vector) or refused (a matrix).  Only 0 as written
is read so (``\mathbf{0}`` is a name the notation declares or not): any other number beside a vector is
still compared as written, and a vector equal to a number is a slip the checker refutes (a gradient
written as a number); a side SymPy reduces to 0 (``a - a``) is a number the document wrote."""
from __future__ import annotations

import re

import lark
import sympy as sp

from .values import MatrixValue, VectorValue, componentwise

Tree = lark.Tree

_ZERO = re.compile(r"\s*0\s*")


class ZerosMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a 0 beside a vector."""

    def zero_beside(self, value, child, children):
        """``value`` (a side of a relation), or the zero of the shape of another side when it is 0 as
        written and another side of the row is a vector or a matrix."""
        if not (isinstance(value, sp.Expr) and value == 0 and _ZERO.fullmatch(self.source(child))):
            return value
        for other in children:
            if other is child or isinstance(other, Tree) and other.data == "relation":
                continue
            said = len(self.readings)
            shaped = self.side_term(other)        # read again where it stands: what it says is said there
            del self.readings[said:]
            if isinstance(shaped, (VectorValue, MatrixValue)):
                note = f"0 beside a {'vector' if isinstance(shaped, VectorValue) else 'matrix'} is its zero"
                self.readings.extend([note] if note not in self.readings else [])
                return componentwise(shaped, lambda _: sp.Integer(0))
        return value
