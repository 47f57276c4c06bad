"""What a translation makes besides SymPy numbers: lists (with their ellipses), rows
of a family and vectors, and the rows of a display with their relations."""
from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp
from sympy.core.function import AppliedUndef

from ...model.nodes import Vector


@dataclass(frozen=True)
class Segment:
    """Part of a written list: one element, or ``pattern`` for ``var`` in lo…hi (≠ skip)."""
    pattern: sp.Expr
    var: sp.Symbol | None = None
    lo: sp.Expr | None = None
    hi: sp.Expr | None = None
    skip: sp.Expr | None = None


@dataclass(frozen=True)
class ListValue:
    segments: tuple[Segment, ...]
    separators: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class RowVector:
    """``z_i`` of a family ``z`` of shape (rows, d): a vector, which only ``\\cdot``
    (the dot product) and ``\\|·\\|`` (the Euclidean norm) turn into numbers."""

    family: sp.IndexedBase
    row: sp.Expr
    length: sp.Expr


@dataclass(frozen=True)
class VectorValue:
    r"""A vector of R^length given by its component ``body`` at ``index``: what sums,
    differences and multiples of rows make (``a \cdot (z_i - z_j)``, ``\sum_i …``).
    As a side of a relation it becomes a :class:`~contrastive_sym.model.nodes.Vector`."""

    body: sp.Expr
    index: sp.Symbol
    length: sp.Expr

    def component(self, index: sp.Symbol) -> sp.Expr:
        return self.body.xreplace({self.index: index})


@dataclass(frozen=True)
class MatrixValue:
    r"""A matrix of rows × cols given by its entry ``body`` at (``row``, ``col``): a family
    of two dimensions written bare (``Z``), a family defined entry by entry (``G`` of
    ``G_{ij} = …``), their transposes, sums, multiples and products (``(G + G^\top) Z``).
    As a side of a relation it becomes a Vector of rows, each a Vector of entries."""

    body: sp.Expr
    row: sp.Symbol
    col: sp.Symbol
    rows: sp.Expr
    cols: sp.Expr

    def entry(self, row: sp.Expr, col: sp.Expr) -> sp.Expr:
        return self.body.xreplace({self.row: row, self.col: col})

    def transposed(self) -> "MatrixValue":
        return MatrixValue(self.body, self.col, self.row, self.cols, self.rows)


@dataclass(frozen=True)
class Transposed:
    """``a^\top`` of a vector ``a``: only a vector right after it (``a^\top b``, their
    dot product) gives it a value."""

    vector: VectorValue


@dataclass(frozen=True)
class Side:
    expr: sp.Expr
    start: int
    end: int


@dataclass(frozen=True)
class Row:
    """One row of a display: sides and the relations between them.

    ``continues`` is true for a row that starts with a relation (``=& …``)."""
    sides: tuple[Side, ...]
    relations: tuple[str, ...]
    continues: bool
    line: int            # 1-based line of the row inside the formula
    text: str            # the row's LaTeX as written
    readings: tuple[str, ...] = ()     # readings its text needed (a sum's extent)
    # bounds a membership ending the display puts on the row's last side (\in (0, 1)):
    # (low, low_open, high, high_open), an end None when infinite
    within: tuple | None = None
    # a row of sets (p \in P(i), S \subseteq T): its sides are the sets' indicators, compared member by member
    of_sets: bool = False


_RELATIONS = {"=": "=", "<": "<", ">": ">", r"\leq": "<=", r"\le": "<=", r"\geq": ">=", r"\ge": ">=",
              r"\neq": "!=", r"\ne": "!=", r"\equiv": "same-direction", r"\to": "->",
              r"\rarr": "->", r"\rightarrow": "->", r"\longrightarrow": "->", r"\implies": "=>", r"\in": "in", r"\mapsto": "->"}


#: relations a chain may link by that are read and not decided (≈ with no printed value, ≃, ∝)
UNCHECKED_RELATIONS = frozenset({r"\approx", r"\simeq", r"\propto", r"\sim", r"\gg", r"\ll"})


def relation_name(token: str) -> str:
    return _RELATIONS.get(token, token)


def as_vector(value: VectorValue) -> Vector:
    """The Vector node of a vector side, its component index named by a letter that no
    symbol of the body uses (bound or free)."""
    taken = {str(a) for a in value.body.atoms(sp.Symbol)}
    name = next((n for n in ("m", "c", "r", "l", "mm", "cc") if n not in taken), None)
    index = sp.Symbol(name, integer=True) if name else sp.Dummy("m", integer=True)
    return Vector(value.component(index), index, value.length)


def as_matrix(value: MatrixValue) -> Vector:
    """The side of a matrix: the Vector of its rows, each the Vector of its entries (row
    index and column index named by letters no symbol of the body uses)."""
    taken = {str(a) for a in value.body.atoms(sp.Symbol)}
    free = [n for n in ("r", "c", "rr", "cc", "a", "b") if n not in taken]
    row, col = (sp.Symbol(n, integer=True) for n in free[:2]) if len(free) >= 2 else \
        (sp.Dummy("r", integer=True), sp.Dummy("c", integer=True))
    return Vector(Vector(value.entry(row, col), col, value.cols), row, value.rows)


def chain_side(reader, tree) -> sp.Basic:
    """A side of a chain written in a definition: a number, or the Vector node of a vector or a matrix
    (``\\mathrm{softmax}(\\mathbf{z}; \\tau) = \\mathrm{softmax}(\\mathbf{z}/\\tau) = [\\dots]``), as a claim's."""
    value = reader.side_term(tree)
    if isinstance(value, VectorValue):
        return as_vector(value)
    if isinstance(value, MatrixValue):
        return as_matrix(value)
    return reader.expr(tree, value)


def is_vector(value) -> bool:
    return isinstance(value, (RowVector, VectorValue))


def of_rows(vector: VectorValue) -> bool:
    """Whether the components of ``vector`` are those of rows of a family of two or more dimensions
    (``z_i``, ``z_i - z_j``: embeddings) or of a declared function's vector values (an encoder's f(x)), as
    opposed to a vector of numbers (logits, a softmax's value)."""
    return any(len(entry.indices) >= 2 and vector.index in entry.indices[-1].free_symbols
               for entry in vector.body.atoms(sp.Indexed)) \
        or any(applied.args and vector.index in applied.args[-1].free_symbols
               for applied in vector.body.atoms(AppliedUndef))


def componentwise(value, operation):
    """``operation`` applied to a number, or to each component of a vector."""
    if isinstance(value, (VectorValue, MatrixValue)):
        return replace(value, body=operation(value.body))
    return operation(value)


def shape_of(value) -> tuple:
    """() for a number, (length,) for a vector, (rows, cols) for a matrix."""
    if isinstance(value, VectorValue):
        return (value.length,)
    if isinstance(value, MatrixValue):
        return (value.rows, value.cols)
    return ()


def shape_said(shape: tuple) -> str:
    """A shape in words: a number, a vector of length d, an m × n matrix."""
    if not shape:
        return "a number"
    if len(shape) == 1:
        return f"a vector of length {shape[0]}"
    return f"a {shape[0]} × {shape[1]} matrix"
