r"""Matrices written by a pattern in two directions, as the Jacobian of the softmax is written:

    \begin{bmatrix} s_1 - s_1^2 & -s_1 s_2 & \cdots & -s_1 s_n \\
                    -s_2 s_1 & s_2 - s_2^2 & \cdots & -s_2 s_n \\
                    \vdots & \vdots & \ddots & \vdots \\
                    -s_n s_1 & -s_n s_2 & \cdots & s_n - s_n^2 \end{bmatrix}

The written rows start a pattern and the last row ends it, with a row of ellipses before the
last; in each written row the written entries start a pattern and the last entry ends it, with
one ellipsis (``\cdots``, ``\dots``, ``...``) before the last.  The rows run from the index the
first row writes to the one the last row writes, as an ellipsis is read (:mod:`.lists`); the
columns alike.  The entry at row r and column c is read from one written entry, its places
that name its row and its column (found by comparing it with an entry of its column and one of
its row) put at r and c; every written entry must then be that entry at its row and column, or,
in a square matrix whose rows and columns run alike, every written entry of the diagonal must be
a second pattern of its own (``s_r - s_r^2``), which the diagonal takes.  Anything else (one
written row, an ellipsis elsewhere, entries that no pattern fits) is refused, never guessed."""
from __future__ import annotations

import lark
import sympy as sp

from ...errors import ParseError
from .compare import certainly_equal
from .lists import _anti_unify
from .runs import run_direction, size_symbols
from .values import MatrixValue

Tree = lark.Tree


class MatrixPatternsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a matrix written
    by a pattern of its rows and of its columns (see the module's text)."""

    def matrix_by_two_patterns(self, rows: list, node):
        """The matrix the rows (lists of entry trees, an ellipsis a ``vdots`` tree) write by their pattern;
        an error naming what the reading needs where they write none."""
        dotted = [k for k, row in enumerate(rows) if all(_ellipsis(e) for e in row)]
        written = [k for k in range(len(rows)) if k not in dotted]
        width = len(rows[0])
        if dotted != [len(rows) - 2] or len(written) < 2 or any(len(row) != width for row in rows) or width < 3:
            raise self.fail(node, self._unread("rows written above a row of ellipses, and the last row below it"))
        column = next((k for k, e in enumerate(rows[written[0]]) if _ellipsis(e)), None)
        if column != width - 2 or any(sum(map(_ellipsis, rows[k])) != 1 or not _ellipsis(rows[k][column])
                                      for k in written):
            raise self.fail(node, self._unread("one ellipsis in each written row, before its last entry"))
        entries = {(k, m): rows[k][m] for k in written for m in range(width) if m != column}
        row_ends = self._pattern_ends([(entries[written[0], m], entries[written[-1], m]) for m in range(width)
                                       if m != column], "rows", node)
        column_ends = self._pattern_ends([(entries[k, 0], entries[k, width - 1]) for k in written], "columns", node)
        row_at, row_count = self._positions(row_ends, written)
        column_at, column_count = self._positions(column_ends, [m for m in range(width) if m != column])
        places = {(k, m): (row_at[k], column_at[m]) for k, m in entries}
        values = {key: self._entry_value(tree) for key, tree in entries.items()}
        r, c = sp.Dummy("r", integer=True), sp.Dummy("c", integer=True)
        body = self._two_way_body(entries, places, values, r, c, row_ends, column_ends, node)
        step_r = run_direction(*row_ends, size_symbols(self.scope))
        step_c = run_direction(*column_ends, size_symbols(self.scope))
        rr, cc = sp.Dummy("r", integer=True), sp.Dummy("c", integer=True)
        entry = body.xreplace({r: row_ends[0] + step_r * (rr - 1), c: column_ends[0] + step_c * (cc - 1)})
        return MatrixValue(entry, rr, cc, row_count, column_count)

    def _unread(self, what: str) -> str:
        return ("a matrix with an ellipsis in its rows is read by the pattern of its rows and of its columns, which "
                f"needs {what} (s_{{1,1}} & \\cdots & s_{{1,n}} \\\\ \\vdots & \\ddots & \\vdots \\\\ s_{{n,1}} & "
                "\\cdots & s_{n,n}, and the second row and column where the first are not the pattern's); restate "
                "the line with restated_from")

    def _entry_value(self, tree) -> sp.Expr:
        value = self.term(tree, self.value(tree))
        if not isinstance(value, sp.Expr):
            raise self.fail(tree, "an entry of a matrix written by a pattern is a number")
        return value

    def _pattern_ends(self, pairs: list, what: str, node) -> tuple:
        """(first, last): the whole numbers the first and the last of the ``what`` write, where one pair of
        entries (of one column, or of one row) differs in one index only."""
        for first, last in pairs:
            holes = _subtrees(_anti_unify(first, last))
            if not all(_inside_a_script(first, a) for a, _ in holes):
                continue        # 1 & 0 of an identity matrix: entries that differ, not an index written
            texts = {("".join(self.source(a).split()), "".join(self.source(b).split())) for a, b in holes or ()}
            if not holes or len(texts) != 1:
                continue
            try:
                lo, hi = self.expr(holes[0][0]), self.expr(holes[0][1])
            except ParseError:
                continue
            if lo.is_integer and hi.is_integer and run_direction(lo, hi, size_symbols(self.scope)) is not None:
                return lo, hi
        raise self.fail(node, self._unread(f"the first and the last of its {what} to differ in one index, in one "
                                           "of its entries at least"))

    def _positions(self, ends: tuple, written: list) -> tuple:
        """({written row or column: its index}, how many there are): the first ones run from the first end
        onwards, the last is the last end (as a list's first terms and last term are read, lists.py)."""
        lo, hi = ends
        step = run_direction(lo, hi, size_symbols(self.scope))
        at = {k: lo + step * offset for offset, k in enumerate(written[:-1])}
        at[written[-1]] = hi
        return at, step * (hi - lo) + 1

    def _two_way_body(self, entries: dict, places: dict, values: dict, r, c, row_ends, column_ends, node):
        """The entry at (r, c): the first pattern read from a written entry that every written entry fits,
        or every entry off the diagonal and a second pattern on it (see the module's text)."""
        square = certainly_equal(row_ends[0], column_ends[0]) and certainly_equal(row_ends[1], column_ends[1])
        on_diagonal = {key for key, (row, column) in places.items() if certainly_equal(row, column)}
        for key in sorted(entries, key=lambda k: k in on_diagonal):
            pattern = self._pattern_of(key, entries, places, r, c)
            if pattern is None:
                continue
            misfits = {k for k in entries if not certainly_equal(pattern.xreplace({r: places[k][0], c: places[k][1]}),
                                                                 values[k])}
            if not misfits:
                return pattern
            if square and misfits == on_diagonal and len(on_diagonal) >= 2:
                diagonal = self._diagonal_pattern(sorted(on_diagonal), entries, places, values, r)
                if diagonal is not None:
                    return pattern + sp.KroneckerDelta(r, c) * (diagonal - pattern.xreplace({c: r}))
        raise self.fail(node, self._unread("every written entry to be one pattern at its row and column (or, on "
                                           "the diagonal of a square matrix, a pattern of its own)"))

    def _pattern_of(self, key: tuple, entries: dict, places: dict, r, c):
        """The entry ``key`` with the places that name its row put at r and those that name its column at c,
        found against an entry of its column and one of its row; None where they do not single them out."""
        holes = {}
        for variable, axis in ((r, 0), (c, 1)):
            others = [k for k in entries if k[1 - axis] == key[1 - axis] and k != key
                      and not certainly_equal(places[k][axis], places[key][axis])]
            found = None
            for other in others:
                pairs = _subtrees(_anti_unify(entries[key], entries[other]))
                try:
                    if pairs and all(certainly_equal(self.expr(a), places[key][axis])
                                     and certainly_equal(self.expr(b), places[other][axis]) for a, b in pairs):
                        found = [a for a, _ in pairs]
                        break
                except ParseError:
                    continue
            if found is None:
                return None
            for tree in found:
                if id(tree) in holes:
                    return None     # one place names the row and the column: on the diagonal, not a pattern
                holes[id(tree)] = variable
        value = self.with_hole_map(holes).value(entries[key])
        value = self.term(entries[key], value)
        return value if isinstance(value, sp.Expr) else None

    def _diagonal_pattern(self, keys: list, entries: dict, places: dict, values: dict, r):
        """The pattern of the written entries of the diagonal, read from the first against the last; None when
        one of them does not fit it."""
        first, last = keys[0], keys[-1]
        pairs = _subtrees(_anti_unify(entries[first], entries[last]))
        try:
            if not pairs or not all(certainly_equal(self.expr(a), places[first][0])
                                    and certainly_equal(self.expr(b), places[last][0]) for a, b in pairs):
                return None
        except ParseError:
            return None
        reader = self.with_hole_map({id(a): r for a, _ in pairs})
        pattern = self.term(entries[first], reader.value(entries[first]))
        if not isinstance(pattern, sp.Expr) or not all(
                certainly_equal(pattern.xreplace({r: places[k][0]}), values[k]) for k in keys):
            return None
        return pattern


def _subtrees(holes: list) -> list:
    """The places two entries differ in, when each is a subtree (a value the translator reads); [] when one
    is a token (an operator written differently: no index there)."""
    return holes if all(isinstance(a, Tree) and isinstance(b, Tree) for a, b in holes) else []


def _inside_a_script(root, target) -> bool:
    """Whether ``target`` stands in a subscript or a superscript of ``root`` (the index of s_1, of g(x)^{(1)}),
    where an index is written."""
    def walk(node, scripted: bool) -> bool:
        if node is target:
            return scripted
        if not isinstance(node, Tree):
            return False
        for position, child in enumerate(node.children):
            inside = scripted or (node.data in ("subscript", "superscript") and position == 1)
            if walk(child, inside):
                return True
        return False
    return walk(root, False)


def _ellipsis(tree) -> bool:
    return isinstance(tree, Tree) and tree.data == "vdots"
