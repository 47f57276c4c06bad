r"""Matrices written out: ``\begin{pmatrix} a & b \\ c & d \end{pmatrix}`` by their entries,
``\begin{bmatrix} z_1^\top \\ z_2^\top \end{bmatrix}`` by their rows, and
``\begin{bmatrix} p(x_1)^{1/2} f(x_1)^\top \\ \vdots \\ p(x_N)^{1/2} f(x_N)^\top \end{bmatrix}``
by the pattern of their first and last rows, as an ellipsis is read from its first and
last terms (:mod:`.lists`).  The layout is found before parsing (:mod:`..matrix_layout`).

A row is a row vector (``f(x_1)^\top``, a number times one) or, in a matrix of one column,
a number: the matrix of rows is N × d, the column a vector of length N.  Anything else
(rows of different lengths, a vector that is not transposed, ``\vdots`` anywhere but the row
before the last, rows before it that are not the pattern's next ones) is refused, never guessed.
Rows written downwards (``w_N \\ \vdots \\ w_1``, the first end certainly above the last) are
read downwards, as an ellipsis is (:mod:`.lists`)."""
from __future__ import annotations

import lark
import sympy as sp

from ...errors import ParseError
from .compare import certainly_equal
from .lists import _anti_unify
from .runs import run_direction, size_symbols
from .values import MatrixValue, Transposed, VectorValue, componentwise

Tree = lark.Tree


class MatrixRowsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads matrices
    written out."""

    def t_matrix(self, node):
        rows = [[e for e in row.children if isinstance(e, Tree)]
                for row in node.children if isinstance(row, Tree) and row.data == "matrix_row"]
        if any(any(map(_vdots, row)) and not all(map(_vdots, row)) for row in rows):
            return self.matrix_by_two_patterns(rows, node)       # an ellipsis in a row: matrix_patterns.py
        dotted = [k for k, row in enumerate(rows) if any(_vdots(e) for e in row)]
        if dotted:
            if dotted != [len(rows) - 2] or len(rows) < 3 or not all(_vdots(e) for e in rows[-2]):
                raise self.fail(node, "\\vdots in a matrix is read as the row before the last, between the rows "
                                      "that start a pattern and its last row (f(x_1)^\\top \\\\ \\vdots \\\\ "
                                      "f(x_N)^\\top, or x_1 \\\\ x_2 \\\\ \\vdots \\\\ x_n)")
            return self._matrix_by_pattern(rows[0], rows[-1], node, rows[1:-2])
        if len({len(row) for row in rows}) != 1:
            raise self.fail(node, "the rows of this matrix have different numbers of entries")
        return self._matrix_of_entries(rows, node)

    def _row_reader(self, translator=None):
        """A translator whose product may end in a transposed vector: a row, p^{1/2} f(x_1)^\\top."""
        reader = translator if translator is not None else self.within(self.scope)
        reader.reading_matrix_row = True
        return reader

    def _matrix_of_entries(self, rows: list, node):
        reader = self._row_reader()
        values = [[reader.value(e) for e in row] for row in rows]
        count = len(rows)
        r, c = sp.Dummy("r", integer=True), sp.Dummy("c", integer=True)
        if all(len(row) == 1 and isinstance(row[0], Transposed) for row in values):
            vectors = [row[0].vector for row in values]
            if not all(certainly_equal(v.length, vectors[0].length) for v in vectors):
                raise self.fail(node, "the rows of this matrix are vectors of different lengths")
            body = sp.Add(*[sp.KroneckerDelta(r, k + 1) * v.component(c) for k, v in enumerate(vectors)])
            return MatrixValue(body, r, c, sp.Integer(count), vectors[0].length)
        entries = [[self._matrix_entry(v, e) for v, e in zip(row, tree)] for row, tree in zip(values, rows)]
        if len(entries[0]) == 1:
            body = sp.Add(*[sp.KroneckerDelta(r, k + 1) * row[0] for k, row in enumerate(entries)])
            return VectorValue(body, r, sp.Integer(count))
        body = sp.Add(*[sp.KroneckerDelta(r, k + 1) * sp.KroneckerDelta(c, m + 1) * entry
                        for k, row in enumerate(entries) for m, entry in enumerate(row)])
        return MatrixValue(body, r, c, sp.Integer(count), sp.Integer(len(entries[0])))

    def _matrix_entry(self, value, tree) -> sp.Expr:
        entry = None if isinstance(value, Transposed) else self.term(tree, value)
        if not isinstance(entry, sp.Expr):
            raise self.fail(tree, "an entry of a matrix of several columns is a number; a row vector is a "
                                  "row of its own (a matrix of one column)")
        return entry

    def _matrix_by_pattern(self, first, last, node, between=()):
        """The matrix or vector of the rows from ``first`` to ``last`` by their pattern; ``between``,
        the rows written after the first before \\vdots (x_2 of x_1 \\\\ x_2 \\\\ \\vdots \\\\ x_n),
        must be the pattern's next rows."""
        if len(first) != 1 or len(last) != 1 or any(len(row) != 1 for row in between):
            raise self.fail(node, "a matrix written by its rows with \\vdots is read when each row is one entry "
                                  "(a row vector, f(x_1)^\\top, or a number)")
        first, last = first[0], last[0]
        holes = _anti_unify(first, last)
        texts = {("".join(self.source(a).split()), "".join(self.source(b).split())) for a, b in holes or ()}
        if not holes or len(texts) != 1:
            raise self.fail(node, "the first and last rows around \\vdots must differ in one index, the same "
                                  "everywhere it is written, so that the rows between them are determined")
        (first_text, last_text), = texts
        try:
            lo, hi = self.expr(holes[0][0]), self.expr(holes[0][1])
        except ParseError as exc:
            raise self.fail(node, f"the rows around \\vdots run from {first_text} to {last_text}, which are not "
                                  f"whole numbers: {exc.message}") from None
        if not (lo.is_integer and hi.is_integer):
            raise self.fail(node, "the rows around \\vdots differ in something that is not a whole number")
        variable = self._fresh_pattern_var()
        pattern = self._row_reader(self.with_holes({id(a) for a, _ in holes}, variable)).value(first)
        written_last = self._row_reader().value(last)
        r, c = sp.Dummy("r", integer=True), sp.Dummy("c", integer=True)
        # w_1 \\ \vdots \\ w_N upwards, w_N \\ \vdots \\ w_1 downwards (its first end certainly above its last, as
        # an ellipsis is read, lists.py): row r is the pattern at lo ± (r - 1)
        step = run_direction(lo, hi, size_symbols(self.scope))
        if step is None:
            raise self.fail(node, f"the rows around \\vdots run from {first_text} to {last_text}, and which of the "
                                  "two is the larger is not known: upwards or downwards is not written")
        at = {variable: lo + step * (r - 1)}
        count = step * (hi - lo) + 1
        self._rows_follow(pattern, variable, lo, [row[0] for row in between], node, step)
        if isinstance(pattern, Transposed) and isinstance(written_last, Transposed):
            vector, final = pattern.vector, written_last.vector
            if not certainly_equal(vector.component(c).xreplace({variable: hi}), final.component(c)):
                raise self.fail(node, "the last row does not follow the pattern of the first")
            return MatrixValue(vector.component(c).xreplace(at), r, c, count, vector.length)
        if isinstance(pattern, Transposed) or isinstance(written_last, Transposed):
            raise self.fail(node, "the first and last rows of this matrix are not of one kind")
        value, final = self.term(first, pattern), self.term(last, written_last)
        if not isinstance(value, sp.Expr):
            raise self.fail(node, "a row of a matrix is a row vector, written transposed (f(x_1)^\\top), or a "
                                  "number")
        if not certainly_equal(value.xreplace({variable: hi}), final):
            raise self.fail(node, "the last row does not follow the pattern of the first")
        return VectorValue(value.xreplace(at), r, count)


    def _rows_follow(self, pattern, variable, lo, rows: list, node, step: int = 1) -> None:
        """Each of ``rows`` is the pattern's row after the one before it (x_2 after x_1, or x_{N-1} after x_N
        downwards); an error otherwise."""
        c = sp.Dummy("c", integer=True)
        for offset, tree in enumerate(rows, start=1):
            written = self._row_reader().value(tree)
            if isinstance(pattern, Transposed) != isinstance(written, Transposed):
                raise self.fail(node, "the rows before \\vdots are not of one kind")
            expected, found = (pattern.vector.component(c), written.vector.component(c)) \
                if isinstance(pattern, Transposed) else (self.term(tree, pattern), self.term(tree, written))
            if not (isinstance(expected, sp.Expr) and isinstance(found, sp.Expr)
                    and certainly_equal(expected.xreplace({variable: lo + step * offset}), found)):
                shown = " ".join(self.source(tree).split())
                raise self.fail(node, f"the row '{shown}' before \\vdots is not the next row of the pattern the "
                                      "first row starts: the rows between are not determined")


def _vdots(tree) -> bool:
    return isinstance(tree, Tree) and tree.data == "vdots"


def row_of_a_matrix(merged: list):
    """Numbers times one transposed vector at the end, as a row of a matrix is written: that
    row, scaled (a product's values, after its dot products); None for anything else."""
    if not merged or not isinstance(merged[-1], Transposed) or \
            not all(isinstance(v, sp.Expr) for v in merged[:-1]):
        return None
    factor = sp.Mul(*merged[:-1])
    return Transposed(componentwise(merged[-1].vector, lambda x: factor * x))
