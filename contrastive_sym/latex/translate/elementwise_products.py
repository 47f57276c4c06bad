r"""The elementwise (Hadamard) product ``p \odot \bar{p}`` of two vectors of one length: the
vector of the products of their components, as a softmax's backward pass writes it.  Between
two numbers it is their product; beside anything else (a vector and a number, a matrix) it is
refused, naming what stands beside it, and beside another product of vectors or matrices
(``A q \odot r``) it is refused as ambiguous.  Also here, as the products of vectors are read: the
name alone of a vector defined entry by entry before a transpose (``p p^\top``) is that vector."""
from __future__ import annotations

import sympy as sp

from ..scope import Macro
from .compare import certainly_equal
from .values import Transposed, VectorValue

#: where a product had \odot
HADAMARD = object()


def elementwise_products(translator, values: list, node) -> list:
    """``values`` (a product's factors and marks) with each ``a \\odot b`` made one value, and the name
    alone of a vector defined entry by entry made that vector before a transpose (``p p^\\top``)."""
    values = [_vector_before_transpose(translator, v, values[n + 1] if n + 1 < len(values) else None)
              for n, v in enumerate(values)]
    if HADAMARD not in values:
        return values
    _refuse_beside_other_products(translator, values, node)
    result, position = [], 0
    while position < len(values):
        value = values[position]
        if value is HADAMARD:
            if not result or position + 1 >= len(values):
                raise translator.fail(node, "'\\odot' (the elementwise product) stands between two vectors")
            result.append(_hadamard(translator, result.pop(), values[position + 1], node))
            position += 2
            continue
        result.append(value)
        position += 1
    return result


def _refuse_beside_other_products(translator, values: list, node) -> None:
    r"""Refuses ``A q \odot r`` and ``q^\top r \odot z``: a product of vectors or matrices beside \odot, which
    binds first is not written (A (q ⊙ r), or (A q) ⊙ r as code's ``A @ q * r`` reads); numbers beside it, and
    a run ``a \odot b \odot c``, are one reading."""
    # the marks a product keeps between its factors (\cdot, *, \odot) are bare objects
    others = [n for n, v in enumerate(values) if not isinstance(v, sp.Expr) and type(v) is not object]
    # between two of them, one \odot and numbers only (a mark of \cdot or * between is another product)
    linked = all([v for v in values[a + 1:b] if not isinstance(v, sp.Expr)] == [HADAMARD]
                 for a, b in zip(others, others[1:]))
    if not linked:
        raise translator.fail(node, "ambiguous: '\\odot' beside another product of vectors or matrices (A q \\odot "
                                    "r is A (q \\odot r) or (A q) \\odot r); write the parentheses")


def _vector_before_transpose(translator, value, after):
    r"""``value``, or the vector of the entries its definition gives when it is the name alone of a
    definition entry by entry (p of p_i = …) written before a transpose: p p^\top is an outer product.
    Elsewhere such a name alone is refused (the total \mathcal{L} of \mathcal{L}_i = … is the likelier
    meaning of a loss's letter than the vector of its terms); a transpose, an inner product, a norm,
    \mathrm{diag} and \odot take it as the vector (products.vector_of)."""
    if isinstance(value, Macro) and isinstance(after, Transposed):
        return translator.vector_of_entries(value) or value
    return value


def _hadamard(translator, left, right, node):
    if isinstance(left, sp.Expr) and isinstance(right, sp.Expr):
        return left * right
    a, b = translator.vector_of(left), translator.vector_of(right)
    if a is None or b is None:
        raise translator.fail(node, "'\\odot' (the elementwise product) is read between two vectors of one "
                                    "length, or two numbers; here one side is neither")
    if not certainly_equal(a.length, b.length):
        raise translator.fail(node, f"'\\odot' between vectors of lengths {a.length} and {b.length}")
    return VectorValue(a.body * b.component(a.index), a.index, a.length)
