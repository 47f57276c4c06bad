r"""Matrices as gradient derivations write them: a declared family of two dimensions
written bare (``Z``, N × d), a family the document defines entry by entry (``G`` of
``G_{ij} = P_{ij} - \mathbb{1}_{j=p(i)}``), their transposes ``G^\top``, sums, multiples
and products ``(G + G^\top) Z``, and the gradient of a number by a whole family
(``\nabla_Z \mathcal{L}``, ``\frac{\partial \mathcal{L}}{\partial Z}``): the matrix of the
derivatives by its entries.  A side that is a matrix is compared entry by entry.

Shapes must agree as written (a product of an R × C matrix by one of C' rows needs C = C'
for every size): otherwise the formula is refused, never broadcast.
"""
from __future__ import annotations

import re

import lark
import sympy as sp

from ..beside import entries_beside
from ..scope import Builtin, Family, Macro, form_key
from ..spelling import canonical_key
from .compare import certainly_equal
from .index_families import IndexFamiliesMixin
from .trees import bare_letter, unwrap
from .worded import subscript_word
from .values import ListValue, MatrixValue, RowVector, Segment, Transposed, VectorValue, componentwise, is_vector


def index_shape(macro: Macro, scope) -> tuple[sp.Expr, ...] | None:
    r"""The ranges of a family defined entry by entry (``L_{ij}``): the declared ranges of
    its indices (each from 1), as the definition's scope knows them (a use may bind i, j
    by a sum, \sum_{i,j} \frac{\partial F}{\partial L_{ij}}); the shape of a definition
    whose value is a matrix (S = Z Z^\top); None otherwise."""
    if macro.matrix_shape is not None:
        return tuple(macro.matrix_shape)
    scope = macro.defined_in or scope
    shape = []
    for param in macro.index_params:
        declared = scope.lookup(str(param).removesuffix("_param"))
        bounds = scope.index_range(declared) if isinstance(declared, sp.Symbol) else None
        extent = bounds[1] if bounds is not None and bounds[0] == 1 else \
            _indexed_extent(macro.body, param, scope) if declared is None else None
        if extent is None:
            return None
        shape.append(extent)
    return tuple(shape)


def _indexed_extent(body, param, scope):
    r"""The extent of an index declared nowhere from the families its definition indexes with it
    (``C_{k,l} = … Z_{i,k} …``: k runs over Z's second dimension), when every such place agrees and
    counts from 1; None otherwise."""
    families = {v.base: v for v in scope.names.values() if isinstance(v, Family)}
    extents = set()
    for indexed in body.atoms(sp.Indexed):
        family = families.get(indexed.base)
        for position, index in enumerate(indexed.indices):
            if index == param:
                if family is None or family.start(position) != 1:
                    return None
                extents.add(family.shape[position])
    return extents.pop() if len(extents) == 1 else None


def _entry_indices():
    return sp.Dummy("r", integer=True), sp.Dummy("c", integer=True)


class MatricesMixin(IndexFamiliesMixin):
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads matrices."""

    def matrix_of(self, value) -> MatrixValue | None:
        """``value`` as a matrix: a bare family of two dimensions, a family defined entry by
        entry over two declared indices, or a matrix already; None for anything else."""
        if isinstance(value, MatrixValue):
            return value
        if isinstance(value, Family) and len(value.shape) == 2 and value.base not in self.scope.points:
            row, col = _entry_indices()
            return MatrixValue(value.base[row, col], row, col, *value.shape)
        if isinstance(value, Macro) and len(value.index_params) == 2 and value.of_indices_only \
                and not value.called and value.vector_index is None:
            shape = index_shape(value, self.scope)
            if shape is None:
                return None
            row, col = _entry_indices()
            body = value.body.xreplace(dict(zip(value.index_params, (row, col))))
            return MatrixValue(body, row, col, *shape)
        return None

    def vector_of_entries(self, value) -> VectorValue | None:
        r"""``value`` as the vector of its entries: the name alone of a definition entry by entry over
        one declared index that counts from 1 (p of p_i = \frac{e^{z_i}}{\sum_j e^{z_j}}, i from 1 to
        V: (p_1, …, p_V)), or of a [[family]] given by equals (family_expressions.py); None otherwise."""
        if not (isinstance(value, Macro) and len(value.index_params) == 1 and value.of_indices_only
                and not value.called and value.vector_index is None):
            return None
        length = value.entries if value.entries is not None else (index_shape(value, self.scope) or (None,))[0]
        if length is None:
            return None
        m = sp.Dummy("m", integer=True)
        return VectorValue(value.body.xreplace({value.index_params[0]: m}), m, length)

    def _times(self, left, right, node):
        """``left`` times the parenthesized ``right``; either may be a vector, not both."""
        left, right = (self._components(v) if isinstance(v, RowVector) else v for v in (left, right))
        if isinstance(left, (Family, Macro)):
            left = self.matrix_of(left) or left
        if isinstance(left, Transposed) and is_vector(right):
            return self.dot(left.vector, right, node)       # (a)^\top (b): their dot product
        if isinstance(left, Transposed) and isinstance(right, MatrixValue):
            # x^\top (A - B): the row (… )^\top x, as x^\top W is (products.py), dotted with what follows
            return Transposed(self.multiply(right.transposed(), left.vector, node))
        if is_vector(left) and isinstance(right, Transposed):
            return self.outer(left, right.vector, node)     # (a)(b)^\top: their outer product
        if isinstance(right, Transposed) or isinstance(left, Transposed):
            raise self.fail(node, "a transposed vector a^\\top must be followed by a vector (a^\\top b is their dot "
                                  "product) or follow one (a b^\\top, their outer product)")
        if isinstance(left, MatrixValue) or isinstance(right, MatrixValue):
            return self.multiply(left, right, node)
        if not isinstance(left, (sp.Expr, VectorValue)):
            raise self.fail(node, f"'{self.source(node.children[0]).strip()}' cannot multiply parentheses")
        if isinstance(left, VectorValue) and isinstance(right, VectorValue):
            raise self.mismatch(node, "a product of two vectors (write \\cdot for their dot product)")
        if isinstance(right, VectorValue):
            return componentwise(right, lambda x: left * x)
        return componentwise(left, lambda x: x * right)

    def multiply(self, left, right, node):
        """``left · right`` when either is a matrix (a number times a matrix, a matrix times
        a matrix or a vector); None when neither is."""
        if not isinstance(left, MatrixValue) and not isinstance(right, MatrixValue):
            return None
        if isinstance(left, sp.Expr):
            return MatrixValue(left * right.body, right.row, right.col, right.rows, right.cols)
        if isinstance(right, sp.Expr):
            return MatrixValue(left.body * right, left.row, left.col, left.rows, left.cols)
        if not isinstance(left, MatrixValue):
            raise self.fail(node, "a vector times a matrix is not read (write the transpose: A^\\top v)")
        inner = right.rows if isinstance(right, MatrixValue) else getattr(right, "length", None)
        if inner is None:
            raise self.fail(node, "a matrix times something that is neither a number, a vector nor a matrix")
        if not certainly_equal(left.cols, inner):
            shown = f"a {right.rows} × {right.cols} matrix" if isinstance(right, MatrixValue) \
                else f"a vector of length {inner}"
            raise self.fail(node, f"a product of a {left.rows} × {left.cols} matrix and {shown}: "
                                  "the shapes do not agree")
        # a Dummy: the entries of a defined family (G_{ij} = P_{ij} - …) have sums of
        # their own, whose index a named k would capture
        k = sp.Dummy("k", integer=True)
        if isinstance(right, MatrixValue):
            body = sp.Sum(left.entry(left.row, k) * right.entry(k, right.col), (k, 1, left.cols))
            return MatrixValue(body, left.row, right.col, left.rows, right.cols)
        body = sp.Sum(left.entry(left.row, k) * right.component(k), (k, 1, left.cols))
        return VectorValue(body, left.row, left.rows)

    def outer(self, left, right, node) -> MatrixValue:
        """The outer product a b^⊤ of two vectors: the matrix of a_r b_c."""
        left, right = self.vector_of(left), self.vector_of(right)
        row, col = _entry_indices()
        return MatrixValue(left.component(row) * right.component(col), row, col, left.length, right.length)

    def trace(self, value, node) -> sp.Expr:
        r"""``\operatorname{tr}(M)``: the sum of the diagonal of a square matrix."""
        matrix = self._matrix_value(value)
        if matrix is None:
            raise self.fail(node, "the trace tr(…) of something that is not a matrix")
        if not certainly_equal(matrix.rows, matrix.cols):
            raise self.fail(node, f"the trace of a {matrix.rows} × {matrix.cols} matrix, which is not square "
                                  "for every size")
        k = sp.Dummy("k", integer=True)
        return sp.Sum(matrix.entry(k, k), (k, 1, matrix.rows))

    def diagonal(self, value, node) -> MatrixValue:
        r"""``\mathrm{diag}(p)``: the square matrix with the vector p on its diagonal (the softmax's
        Jacobian diag(p) - p p^\top); diag of a matrix (the vector of its diagonal) is not read."""
        vector = self.vector_of(value)
        if vector is None:
            raise self.fail(node, "\\mathrm{diag}(…) is read of a vector, the square matrix with it on its "
                                  "diagonal; of anything else (the diagonal of a matrix) it is not")
        r, c = _entry_indices()
        return MatrixValue(vector.component(r) * sp.KroneckerDelta(r, c), r, c, vector.length, vector.length)

    def frobenius(self, value, node) -> sp.Expr:
        r"""``\|M\|_F``: the square root of the sum of the squares of a matrix's entries."""
        matrix = self._matrix_value(value)
        if matrix is None:
            raise self.fail(node, "\\|·\\|_F (the Frobenius norm) of something that is not a matrix")
        r, c = _entry_indices()
        return sp.sqrt(sp.Sum(sp.Sum(matrix.entry(r, c) ** 2, (c, 1, matrix.cols)), (r, 1, matrix.rows)))

    def identity_beside(self, values: list, node) -> list:
        """(sign, value) pairs with the identity matrix I written as the identity of the square matrix
        beside it (C - I); I beside no square matrix is refused, naming it."""
        if not any(v is Builtin.IDENTITY for _, v in values):
            return values
        square = next((v for _, v in values if isinstance(v, MatrixValue) and certainly_equal(v.rows, v.cols)), None)
        if square is None:
            raise self.fail(node, "the identity matrix I is read in a sum or a difference with a square matrix "
                                  "(C - I); here nothing beside it is one (declare I if it is a name of its own)")
        row, col = _entry_indices()
        identity = MatrixValue(sp.KroneckerDelta(row, col), row, col, square.rows, square.cols)
        return [(sign, identity if v is Builtin.IDENTITY else v) for sign, v in values]

    def add_matrices(self, values: list, node) -> MatrixValue:
        """Σ ± A_r of (sign, matrix) pairs of one shape."""
        first = values[0][1]
        if not all(isinstance(m, MatrixValue) for _, m in values) or not all(
                certainly_equal(m.rows, first.rows) and certainly_equal(m.cols, first.cols) for _, m in values):
            raise self.fail(node, "a matrix added to a number, a vector or a matrix of another shape")
        body = sp.Add(*[sign * m.entry(first.row, first.col) for sign, m in values])
        return MatrixValue(body, first.row, first.col, first.rows, first.cols)

    def derivative_matrix(self, f: sp.Expr, by: MatrixValue, node) -> MatrixValue:
        """∂f/∂Z for a declared family Z of two dimensions: the matrix of ∂f/∂Z_{r,c}."""
        if not isinstance(by.body, sp.Indexed):
            raise self.fail(node, "a derivative by a matrix is read by a declared family of two "
                                  "dimensions, not by an expression of matrices")
        return MatrixValue(self._derivative(f, by.body, node), by.row, by.col, by.rows, by.cols)

    def refuse_word_index(self, meaning, op) -> None:
        r"""``\hat{\rho}_{\text{pos}}`` beside a family ``\hat{\rho}``: a word in the subscript is
        part of a name that is not declared, never an index looked up as a letter."""
        word = next((t for t in op.children[1].iter_subtrees_topdown() if t.data == "text"), None)
        if word is None or not isinstance(meaning, (Family, Macro, sp.Symbol)) \
                or self.scope.lookup(self.source(word).strip()) is not None:
            return
        # white space goes, except one that ends a control word before a letter (\mathcal L)
        written = re.sub(r"(\\[a-zA-Z]+)?\s+(?=([a-zA-Z])?)",
                         lambda m: m.group(1) + " " if m.group(1) and m.group(2) else (m.group(1) or ""),
                         self.source(op).strip())
        cut = dict(self.scope.cut_off).get(canonical_key(written))
        if cut is not None:
            raise self.fail(op, cut)        # its definition is out of this formula (load/sections.py says why)
        head = self.source(op.children[0]).strip()
        beside = "".join(self.source(op.children[1]).split()) != "{" + "".join(self.source(word).split()) + "}"
        family = f", or the family {head}_{{{self.source(word).strip()}}} whose entry it is" if beside else ""
        raise self.fail(op, f"'{written}' is not declared: {self.source(word).strip()} is a word, not an index of "
                            f"{head} (declare the name as written{family}, or define it)")

    def refuse_word_run(self, op) -> None:
        r"""``I_{BA}`` beside I(X; Y), ``\tau_{ab}``: letters under a name that takes no index are
        a word of another name, which nothing declares (a chain may end by naming it)."""
        written = "".join(self.source(op).split())
        raise self.fail(op, f"'{written}' is not declared: '{self.source(op.children[0]).strip()}' takes no "
                            f"index, so '{self.source(op.children[1]).strip()}' is part of a name (declare the "
                            "name as written, or define it)")

    def worded_entry(self, key: str, op):
        r"""``\hat{\rho}_{\text{neg}, j}`` (or ``s_{i, \text{pos}}``, ``\mathcal{L}_{out,i}``) with the family
        (or a definition of indices) ``\hat{\rho}_{\text{neg}}`` declared: its entry at the other
        items of the subscript, the word naming the family as it does in the declaration.
        None for any other script."""
        word_index = self._word_at_index(key, op)
        if word_index is not None:
            return word_index
        found = self._worded_family(key, op)
        if found is None:
            return None
        named, word = found
        arg = op.children[1]
        items = arg.children[0]
        kept = [c for c in items.children if not (isinstance(c, lark.Tree) and unwrap(c) is word)]
        # the comma that separated the word goes with it
        while kept and isinstance(kept[0], lark.Token):
            kept.pop(0)
        while kept and isinstance(kept[-1], lark.Token):
            kept.pop()
        rest = lark.Tree(arg.data, [lark.Tree(items.data, kept, items.meta)], arg.meta)
        return self._subscript(named, lark.Tree(op.data, [op.children[0], rest], op.meta))

    def _word_at_index(self, key: str, op):
        r"""``w_i`` under ``\sum_{i=1}^{V}`` (``v'_{w_i}``): :meth:`word_of_index`; None for
        anything else."""
        script = unwrap(op.children[1]) if op.data == "subscript" else None
        if isinstance(script, lark.Tree) and script.data == "script_group" and len(script.children[0].children) == 1:
            script = unwrap(script.children[0].children[0])
        name = self._bound_name(script) if isinstance(script, lark.Tree) and script.data == "letter" else None
        return None if name is None else self.word_of_index(key, name)

    def word_of_index(self, key: str, name: str):
        r"""``w_i`` under a sum over i, in a notation that names words by declared indices of one
        range, w_O, w_I, w_c, and gives w alone no meaning: the word i, that is the index i of
        the sum (said in the reading).  None for anything else."""
        if self.scope.lookup(key) is not None or name not in getattr(self, "open_sums", ()):
            return None
        words = {self.scope.index_range(v) for k, v in self.scope.names.items()
                 if k.startswith(key + "_") and isinstance(v, sp.Symbol) and self.scope.index_range(v) is not None}
        if len(words) != 1:
            return None
        note = (f"{key}_{name}, under the sum over {name}: the word {name} (the notation names words by their "
                f"indices, as {key}_… are declared)")
        self.readings.extend([note] if note not in self.readings else [])
        return self.scope.lookup(name)

    def worded_superscript_first(self, key: str | None, ops: list) -> list | None:
        r"""``\mathcal{L}^{sup}_{out,i}`` (or ``_{out,i}^{sup}``) with the family ``\mathcal{L}^{sup}_{out}``
        defined: the superscript is part of the name the word completes, so it is applied first."""
        if key is None or len(ops) < 2 or {ops[0].data, ops[1].data} != {"superscript", "subscript"}:
            return None
        superscript, subscript = (ops[0], ops[1]) if ops[0].data == "superscript" else (ops[1], ops[0])
        if self._worded_family(key + self.script_suffix(superscript), subscript) is None:
            return None
        return [superscript, subscript] + ops[2:]

    def _worded_family(self, key: str, op):
        """(the family or definition of indices, the word's node) that the subscript ``op`` of
        ``key`` names by a word beside indices; None otherwise."""
        arg = op.children[1]
        if op.data != "subscript" or not (isinstance(arg, lark.Tree) and arg.data == "script_group"):
            return None
        elements = [unwrap(c) for c in arg.children[0].children if isinstance(c, lark.Tree)]
        words = [e for e in elements if subscript_word(e, self) is not None] or [
            # q_{B,i} of q_{B,i} = … defined with B a letter of the name (latex/worded_heads.py)
            e for e in elements[:1] + elements[-1:] if bare_letter(e) and self.scope.lookup(str(e.children[0])) is None]
        if len(elements) < 2 or len(words) != 1 or words[0] not in (elements[0], elements[-1]):
            return None
        full = key + "_{" + (subscript_word(words[0], self) or str(words[0].children[0])) + "}"
        named = self.scope.lookup(full)
        # \mathcal{L}_{out} = \sum_i \mathcal{L}_{out,i}: the total alone, its terms beside it
        named = entries_beside(self.scope, full, named, "subscript") or named
        if not (isinstance(named, Family) or isinstance(named, Macro) and named.index_params):
            return None
        return named, words[0]

    def computed_entry(self, value, arg, op):
        r"""An entry of a vector or a matrix the formula computes: ``\text{softmax}(z)_i``,
        ``(Z Z^\top)_{ij}``, ``(W^\top W)_{1,2}``, ``[A]_{12}``."""
        for base in sorted(getattr(value, "body", sp.S.Zero).atoms(sp.IndexedBase), key=str):
            family = self._family_of(base)
            if family is not None and family.first and any(family.start(p) != 1 for p in range(len(family.shape))):
                # the computed value numbers its components from 1: the entry written k would be another
                raise self.fail(op, f"an entry of a value computed from {self.family_key(base)}, whose entries are "
                                    f"numbered from {min(family.first)}, is not read: write the entry's own formula")
        if isinstance(value, VectorValue):
            index = self.expr(arg)
            if sp.Lt(index, 1) is sp.true or sp.Gt(index, value.length) is sp.true:
                raise self.fail(op, f"'{' '.join(self.source(op).split())}': the entry {index} of a vector of "
                                    f"{value.length} entries, which it does not have")
            return value.component(index)
        digits, run = self.digit_run(arg, 2), self.name_run(arg)
        indices = digits if digits is not None else [self.expr(t) for t in run] if run else self._index_list(arg)
        if len(indices) == 2 and isinstance(value, MatrixValue) and any(
                sp.Lt(index, 1) is sp.true or sp.Gt(index, size) is sp.true
                for index, size in zip(indices, (value.rows, value.cols))):
            raise self.fail(op, f"'{' '.join(self.source(op).split())}': an entry of a {value.rows} × {value.cols} "
                                "matrix, which it does not have")
        if len(indices) != 2:
            written = "".join(self.source(arg).split()).strip("{}")
            hint = f" (a run of digits, {written}, is one index: write {{{','.join(written)}}})" \
                if written.isdigit() and len(written) == 2 else ""
            raise self.fail(op, f"an entry of the matrix '{self.source(op.children[0]).strip()}' takes two "
                                f"indices, (A)_{{i,j}}{hint}")
        return value.entry(*indices)

    def family_entry(self, family: Family, indices: list, op):
        """The entry of ``family`` at ``indices``; one index fewer than its dimensions is
        the vector along the last one (z_i of z_{i,m}, f[b, t, c] of f[b, t, c, m])."""
        drawn = self.at_drawn_index(family, indices, op)      # W_{y_i}: index_families.py
        if drawn is not None:
            return drawn
        if len(family.shape) == 2 and len(indices) == 1:
            return RowVector(family.base, family.stored(indices)[0], family.shape[1])
        if len(family.shape) > 2 and len(indices) == len(family.shape) - 1:
            m = sp.Dummy("m", integer=True)
            return VectorValue(family.base[(*family.stored(indices), m)], m, family.shape[-1])
        written = "".join(self.source(op).split())
        if re.search(r"_\{[^{}:,]+:[^{}:,]+\}$", written):
            # x_{1:K}, the samples x_1 … x_K at once (a slice, as code and variational bounds write it)
            return self.entry_slice(family, indices, written, op)      # sample_slices.py
        if len(indices) != len(family.shape):
            raise self.fail(op, f"{self.family_key(family.base)} takes {len(family.shape)} indices, got {len(indices)}")
        return family.base[family.stored(indices)]

    def bracketed_samples(self, meaning, key: str, op) -> Family | None:
        """The samples k_1, k_2, … declared beside a data point k, which ``k[i]`` indexes as code
        does (a lecture's keys k[i] beside its key k); None for anything else."""
        if op.data != "call" or not (isinstance(op.children[1], lark.Tree) and op.children[1].data == "bracket") \
                or meaning not in self.scope.points:
            return None
        samples = [self.scope.lookup(form_key(key, form)) for form in ("subscript", "superscript")]
        return next((f for f in samples if isinstance(f, Family)), None)

    def bracket_entry(self, family: Family, args_node, node):
        """``f[b, t, c]``: code's indexing, written in papers about code; a family has no
        other meaning followed by brackets."""
        value = self._items(args_node.children[0])
        segments = value.segments if isinstance(value, ListValue) else (Segment(value),)
        if any(s.var is not None for s in segments):
            raise self.fail(args_node, "an ellipsis inside an index")
        return self.family_entry(family, [self.expr(args_node, s.pattern) for s in segments], node)
