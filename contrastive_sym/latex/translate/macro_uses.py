r"""Uses of names the document defines (``[[define]]``): a macro called with its
arguments (``sim(z_i, z_j)``, ``LSE(x_1, ..., x_n)``, ``\sigma(a + b)``, ``P(y_i \mid x_i)``,
a labelled ``I(X; Y \mid g)``), and restrictions ``|_{i \neq j}``."""
from __future__ import annotations

import re
from dataclasses import replace

import lark
import sympy as sp

from ...model.binders import put
from ..beside import arguments_of, declared_key, entries_beside
from ..elementary import ELEMENTARY_KEYS, OfVector
from ..scope import Family, Macro, Operator, labelled_key
from ..spelling import canonical_key, names_written
from .ambiguity import ONE_NAME, one_term, written_source
from .compare import certainly_equal
from .labelled_uses import shown
from .lists import apply_list
from .values import ListValue, MatrixValue, RowVector, Segment, VectorValue, relation_name

#: the length of the vectors a function of vector arguments declared nowhere takes (latex/macros.py),
#: put in at each use from the vectors it writes
VECTOR_LENGTH = "length_of_the_arguments"

Tree = lark.Tree
#: a run of letters (an index, two side by side, or a word), and a command (neither)
_LETTER_RUN = re.compile(r"[A-Za-z]+")
_COMMAND = re.compile(r"\\[A-Za-z]+")
#: \text{…}, \mathrm{…}, \operatorname{…}: words, whose letters are not indices
_WORDS = re.compile(r"\\(?:text|textrm|texttt|mathrm|operatorname)\s*\{[^{}]*\}")


def written_letters(written: str) -> set[str]:
    """The single letters a name or a label writes, as indices are written: ``L^{(ij)}`` →
    {L, i, j}; ``p(s^i_k | s^i_l)`` → {p, s, i, k, l}.  Not the letters of a command or of
    a word in \\text{…}."""
    return set(re.findall(r"(?<![A-Za-z\\])[A-Za-z](?![A-Za-z])|(?<=[{(,])[A-Za-z](?=[A-Za-z])"
                          r"|(?<=[A-Za-z])[A-Za-z](?=[})])", _WORDS.sub("", written)))


def index_letters(written: str) -> set[str]:
    """The letters of ``written`` (a name's scripts or arguments) that may be indices: those of
    :func:`written_letters`, none where a run of three letters or more writes a word
    (``\\mathcal{L}_{info+}``, ``\\tau_{pos}``) rather than indices side by side (``x_{ij}``)."""
    runs = _LETTER_RUN.findall(_COMMAND.sub(" ", _WORDS.sub(" ", written)))
    return set() if any(len(run) > 2 for run in runs) else written_letters(written)


def _writes_scripted(written: str, key: str) -> bool:
    r"""Whether ``written`` writes the index ``key`` whose name has a script (``w_c`` in
    ``p(w_c \mid w_t)``, ``w_{c}`` alike), as a whole name: not ``w_{cd}`` or ``\mathbf{w}_c``."""
    if "_" not in key and "^" not in key:
        return False
    pattern = rf"(?<![A-Za-z\\]){re.escape(canonical_key(key))}(?![A-Za-z0-9_^'{{])"
    return re.search(pattern, canonical_key(written)) is not None


class MacroUsesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that puts a use's
    arguments into a defined name."""

    def written_source(self, node) -> str:
        """The text of ``node`` as the user wrote it (a macro's use, not its body: ambiguity.py)."""
        return written_source(self, node)

    def _expand(self, macro: Macro, items, node):
        declared = self.scope.names.get(declared_key(macro.key))
        count = sum(not isinstance(child, lark.Token) for child in items.children)
        if declared is not None and count != arguments_of(macro) and declared.with_arguments(count) is not None:
            return self._call_abstract(declared, items, node)      # \#(w, c) beside \#(w) = …: beside.py
        if macro.scalar_params and self._written_as_its_head(macro, items):
            if macro.matrix_shape is not None:      # \hat{C}(Z), a matrix
                row, col = sp.Dummy("r", integer=True), sp.Dummy("c", integer=True)
                return MatrixValue(macro.body.xreplace(dict(zip(macro.index_params, (row, col)))), row, col,
                                   *macro.matrix_shape)
            # \mathrm{Var}_b(z^j) under \sum_j: the index its argument writes is the sum's j
            return self.macro_value(macro, self.indices_written(macro, ", ".join(macro.scalar_keys)))
        if macro.scalar_params and not macro.vector_args:
            value = self._items(items)
            args = value.segments if isinstance(value, ListValue) else (Segment(value),)
            if len(args) != len(macro.scalar_params) or any(a.var is not None for a in args) \
                    or isinstance(value, ListValue) and set(value.separators) - {","}:
                raise self.fail(node, f"{macro.key} takes {len(macro.scalar_params)} argument"
                                      f"{'s' * (len(macro.scalar_params) != 1)}, separated by commas")
            values = [self.expr(node, a.pattern) for a in args]
            return put(macro.body, dict(zip(macro.scalar_params, values)))
        if macro.vector_args:
            return self._put_vectors(macro, items, node)
        if macro.called or macro.index_params and not (macro.point_params or macro.labels is not None
                                                       or macro.list_param or macro.vector_params):
            # N(t, c) defined so; \ell(2k-1, 2k) of \ell_{i,j} defined by subscripts (SimCLR's
            # notation): a name defined entry by entry has no other value to multiply
            value = self._items(items)
            if not isinstance(value, ListValue) and self.vector_of(value) is not None and len(macro.index_params) == 2:
                # M(x_i - x_j) with M = L^T L a matrix: a vector is no index, so M times it
                return self._times(self._settle(macro, node), value, node)
            args = value.segments if isinstance(value, ListValue) else (Segment(value),)
            if len(args) != len(macro.index_params) or any(a.var is not None for a in args) \
                    or isinstance(value, ListValue) and set(value.separators) - {","}:
                raise self.fail(node, f"{macro.key} takes {len(macro.index_params)} indices, separated by commas")
            return self.macro_value(macro, dict(zip(macro.index_params, (self.expr(node, a.pattern) for a in args))))
        if macro.point_params:
            macro, substituted = self._definition_at_points(macro, items, node)
            if substituted is not None:
                return self.macro_value(replace(macro, body=substituted), {})
        if macro.labels is not None:
            return self.labelled_use(macro, items, node)
        value = self._items(items)
        if macro.list_param is not None:
            family, length = macro.list_param
            segments = value.segments if isinstance(value, ListValue) else (Segment(value),)
            return apply_list(macro.body, family, length, segments, self, node)
        if macro.vector_params:
            args = value.segments if isinstance(value, ListValue) else (Segment(value),)
            if len(args) != len(macro.vector_params) or any(a.var is not None for a in args):
                raise self.fail(node, f"{macro.key} takes {len(macro.vector_params)} arguments")
            mapping, body = {}, macro.body
            for (family, param), arg in zip(macro.vector_params, args):
                row = arg.pattern
                # the body stores the row written at the parameter as any entry is stored (a family
                # counted from 0 keeps k_0 at 1): the use's stored row is the parameter's value less
                # that shift, never shifted twice
                shift = self._storage_shift(family)
                if isinstance(row, RowVector) and row.family == family:
                    mapping[param] = row.row - shift
                elif isinstance(row, sp.Indexed) and row.base == family and len(row.indices) == 1:
                    mapping[param] = row.indices[0] - shift
                elif isinstance(row, RowVector) and self._rows_alike(family, row):
                    # sim(h_i, h_j) = … used at sim(h_i, h^+_j): the row of another family of rows
                    # of the same length takes the place of this argument's row
                    body = body.replace(lambda e, f=family, p=param + shift: isinstance(e, sp.Indexed) and e.base == f
                                        and e.indices[0] == p,
                                        lambda e, r=row: r.family[(r.row, *e.indices[1:])])
                else:
                    raise self.fail(node, f"{macro.key}: expected an argument {family}_…")
            return put(body, mapping)
        named = self._arguments_it_depends_on(macro, value)
        if named:
            # \mathcal{L}_{\text{InfoNCE}}(\tau) beside its definition without arguments: "as a function of τ"
            note = (f"{macro.key}({', '.join(named)}) is read as {macro.key}, whose definition depends on "
                    f"{', '.join(named)}")
            self.readings.extend([note] if note not in self.readings else [])
            return self.macro_value(macro, {})
        raise self.fail(node, f"{macro.key} takes no arguments" + (
            " (a use may name the declared values its definition depends on, L(\\tau); other arguments say "
            "another value, which the definition does not give)" if isinstance(macro.body, sp.Basic) else ""))

    def number_before_parentheses(self, meaning, op) -> bool:
        r"""Whether ``p(1 - p)`` (a call ``op`` of ``meaning``) is the product of a defined number and the
        group in parentheses: ``p`` defined without arguments as a number (``p = \sigma(z)``), and the group
        one value that writes none of the declared names its definition depends on (``\mathcal{L}(\tau)``,
        ``\mathcal{L}(2\tau)`` name τ: the value as a function of τ, read or refused as such).  Said."""
        paren = op.children[1]
        if not (_defined_number(meaning) and isinstance(paren, Tree) and paren.data == "paren"):
            return False
        inner = one_term(paren)
        if inner is None:
            return False
        written = self.source(inner)
        if inner.data in ONE_NAME:
            return False        # L(b), one name: the value as a function of b, or L·b? (as Z(θ) of a scalar)
        keys = [self.scope.key_of(s) or str(s) for s in meaning.body.free_symbols]
        if not written.strip() or any(names_written(written, key) for key in keys):
            return False
        note = (f"{meaning.key}({' '.join(written.split())}) is the product of {meaning.key}, a number defined without "
                "arguments, and the group in parentheses")
        self.readings.extend([note] if note not in self.readings else [])
        return True

    def refuse_number_beside_function(self, meaning, key: str | None, op) -> None:
        r"""Refuses ``p(1 - p)`` (or ``p[1 - p]``) where the document defines p both as a number (``p = 0.3``,
        ``meaning``) and as a function (``p(a) = …``, or a declared [[function]] or [[operator]] p): the
        function at 1 - p, or the number times the group; which is meant is not written.  A use with several
        arguments (``\mathcal{L}(x_i, x_i^+)``) is the function's."""
        if op.data != "call" or key is None or not _defined_number(meaning):
            return
        function = entries_beside(self.scope, key, meaning, "call")
        paren = op.children[1]
        if function is None or not (isinstance(paren, Tree) and paren.data in ("paren", "bracket")) \
                or one_term(paren) is None:
            return
        written = " ".join(self.source(op).split())
        where = f"line {function.line}" if isinstance(function, Macro) else \
            f"declared {'[[operator]]' if isinstance(function, Operator) else '[[function]]'}"
        raise self.fail(op, f"ambiguous: {meaning.key} is defined as a number (line {meaning.line}) and as a function "
                            f"({where}), so '{written}' is the function at what the parentheses hold "
                            f"or the number times them; write {meaning.key} \\cdot (…) for the product, or name the "
                            "two apart")

    def _arguments_it_depends_on(self, macro, value) -> list[str]:
        """The names of the arguments of a use of a definition without arguments when each is a declared
        value its body depends on, written as declared (L(\\tau)); [] otherwise."""
        args = value.segments if isinstance(value, ListValue) else (Segment(value),)
        symbols = [a.pattern for a in args if a.var is None]
        if len(symbols) != len(args) or not isinstance(macro.body, sp.Basic) or macro.index_params \
                or not all(isinstance(s, sp.Symbol) and s in macro.body.free_symbols for s in symbols):
            return []
        return [self.scope.key_of(s) or str(s) for s in symbols]

    def _storage_shift(self, base) -> int:
        """How far the first index of the family ``base`` is stored from where it is written: 1 for a
        family counted from 0 (k_0 is stored at 1), 0 for one counted from 1."""
        family = self.scope.lookup(self.family_key(base))
        return 1 - family.start(0) if isinstance(family, Family) and family.first else 0

    def _definition_at_points(self, macro: Macro, items, node) -> tuple[Macro, object]:
        r"""Of the definitions of one name at points (``\mathcal{L}(x, x^+) = …`` and ``\mathcal{L}(x, x^-) =
        …``: a pair loss for a positive and for a negative), the one whose head writes the use's
        arguments as they are, with its body at the use's points (None when the use does not have
        the head's shape); with one definition, it at any points; with several and none written
        so, which applies is not written: refused, never the first taken."""
        written = self.written_labels(items)
        same = canonical_key(written) == canonical_key(macro.labels or "")
        overload = self.scope.lookup(labelled_key(macro.key, written))
        if not same and isinstance(overload, Macro) and overload.point_params:
            macro = overload
        elif not same:
            # of those whose head has the use's shape (the same points in the same places), more than
            # one is ambiguous; a use of another shape goes on to be read as before (an event, labels)
            fitting = [(d, body) for d in self.definitions_of(macro) if d.point_params
                       for body in [self._substitute_points(d, items)] if body is not None]
            if len(fitting) > 1:
                heads = " and ".join(f"({shown(d.labels)})" for d, _ in fitting)
                raise self.fail(node, f"{macro.key} is defined at {heads}; at ({shown(written)}) which definition "
                                      "applies is not written (write its arguments as one head writes them)")
            if fitting:
                return fitting[0]
        return macro, self._substitute_points(macro, items)

    def _rows_alike(self, family: sp.IndexedBase, row: RowVector) -> bool:
        """Whether ``row`` is a row of a family of rows of the length of ``family``'s."""
        declared = self._family_of(family)
        return declared is not None and len(declared.shape) == 2 and certainly_equal(declared.shape[1], row.length)

    def indices_written(self, macro: Macro, written: str) -> dict:
        r"""{the index the definition was read with: its meaning here} for each declared
        index that ``written`` (the name or the label as both write it: ``L^{(ij)}``,
        ``p(s^i_k | s^i_l)``) names and that means something else at this use (the index of
        an enclosing sum).  Letters inside \text{…} are words, not indices."""
        defined = macro.defined_in
        if defined is None or not isinstance(macro.body, sp.Basic):
            return {}
        letters = written_letters(written)
        free = macro.body.free_symbols
        mapping = {}
        for key, meaning in defined.names.items():
            if (key in letters or _writes_scripted(written, key)) and isinstance(meaning, sp.Symbol) \
                    and meaning in free and meaning.is_integer:
                now = self.scope.lookup(key)
                if isinstance(now, sp.Expr) and now != meaning:
                    mapping[meaning] = now
        return mapping

    def _written_as_its_head(self, macro: Macro, items) -> bool:
        r"""``\mathcal{L}(f)`` used as its definition writes it, with f declared nowhere (the
        encoder a loss is of, which its body reaches only through the embeddings): the body,
        when it does not depend on f; said in the reading."""
        elements = [c for c in items.children if isinstance(c, Tree)]
        if len(elements) != len(macro.scalar_keys) or any(macro.body.has(p) for p in macro.scalar_params):
            return False
        for element, key in zip(elements, macro.scalar_keys):
            # in c(Z) = … [C(Z)]_{i,j} …, Z is c's own parameter (a Dummy), declared nowhere as in C's head
            bound = self.scope.lookup(key)
            if canonical_key(self.source(element)) != canonical_key(key) or \
                    bound is not None and not isinstance(bound, sp.Dummy):
                return False
        shown = ", ".join(macro.scalar_keys)
        note = (f"{macro.key}({shown}) is its definition, which does not depend on {shown} "
                "(declared nowhere: what the loss is of, written for the reader)")
        self.readings.extend([note] if note not in self.readings else [])
        return True

    def macro_value(self, macro: Macro, mapping: dict):
        """The body of ``macro`` with ``mapping`` put in (its parameters' values): a number, the vector
        of a definition whose value is a vector (h_i = f(\\tilde{x}_i)), or the matrix of one defined
        for labels whose value is a matrix (H(f) = \\mathrm{diag}(p) - p p^\\top)."""
        if macro.anchors:       # c with j fixed only through \sum_{i \neq j}: pair_sums.py asks about it
            self.__dict__.setdefault("anchor_uses", []).append((macro.key, macro.anchors))
        if macro.matrix_shape is not None and macro.labels is not None:
            # H(f) = \mathrm{diag}(p) - p p^\top, defined for labels: the matrix of its entries
            row, col = sp.Dummy("r", integer=True), sp.Dummy("c", integer=True)
            entry = self.put_drawn(macro.body, {**mapping, **dict(zip(macro.index_params, (row, col)))})
            return MatrixValue(entry, row, col, *macro.matrix_shape)
        if macro.vector_index is None:
            return self.put_drawn(macro.body, mapping)      # θ_{i,y_i}: index_families.py
        m = sp.Dummy("m", integer=True)
        return VectorValue(self.put_drawn(macro.body, {**mapping, macro.vector_index: m}), m, macro.vector_length)

    def _put_vectors(self, macro: Macro, items, node):
        """The body of ``f(u, v) = …`` (u, v declared vectors) at the vectors a use writes:
        every entry u_m becomes the m-th component of the first argument, and so on."""
        elements = [c for c in items.children if isinstance(c, Tree)]
        separators = [str(c) for c in items.children if not isinstance(c, Tree)]
        count, numbers = len(macro.vector_args), len(macro.scalar_params)
        if separators != [","] * (count - 1) + [";"] * bool(numbers) + [","] * max(numbers - 1, 0):
            builtin = ELEMENTARY_KEYS.get(macro.key) or ELEMENTARY_KEYS.get(canonical_key(macro.key))
            if isinstance(builtin, OfVector) and numbers and ";" not in separators:
                # \mathrm{softmax}(\mathbf{z}/\tau) beside softmax(z; τ) defined: the softmax, as written
                note = (f"{macro.key}(…) written without ';' is the standard {builtin.name}; the definition at "
                        f"line {macro.line} is of {macro.key}(…; {', '.join(macro.scalar_keys)})")
                self.readings.extend([note] if note not in self.readings else [])
                return self.of_vector(builtin, items, node)
            raise self.fail(node, f"{macro.key} takes {count} vector{'s' * (count > 1)}, separated by commas"
                            + (f", then ';' and {numbers} number{'s' * (numbers > 1)} ({', '.join(macro.scalar_keys)})"
                               if numbers else ""))
        # r(\mathbf{z}; 2\tau): the parameters after ';' at the values written
        body = put(macro.body, {p: self.expr(e) for p, e in zip(macro.scalar_params, elements[count:])})
        elements, placeholders, vectors = elements[:count], {}, {}
        for (base, length), element in zip(macro.vector_args, elements):
            vector = self.vector_of(self.term(element))
            if vector is None:
                raise self.fail(element, f"{macro.key} is defined for vectors; "
                                         f"'{self.source(element).strip()}' is not one")
            if isinstance(length, sp.Dummy) and length.name == VECTOR_LENGTH and body.has(length):
                # arguments declared nowhere (latex/macros.py): of the length of the first vector written
                body, length = body.xreplace({length: vector.length}), vector.length
            elif isinstance(length, sp.Dummy) and length.name == VECTOR_LENGTH:
                length = next(v.length for v in vectors.values())
            if not certainly_equal(vector.length, length):
                raise self.fail(element, f"{macro.key} takes vectors of length {length}; "
                                         f"'{self.source(element).strip()}' has length {vector.length}")
            placeholders[base] = sp.IndexedBase(sp.Dummy(str(base)))
            vectors[placeholders[base]] = vector
        # in two steps, so that f(v, u) does not put u's components into v's places
        body = body.replace(lambda e: isinstance(e, sp.Indexed) and e.base in placeholders,
                                  lambda e: placeholders[e.base][e.indices])
        body = body.replace(lambda e: isinstance(e, sp.Indexed) and e.base in vectors,
                            lambda e: vectors[e.base].component(e.indices[0]))
        if macro.vector_index is None:
            return body
        m = sp.Dummy("m", integer=True)       # q(\mathbf{z}) = e^{\mathbf{z}} / …: a vector at the vectors written
        return VectorValue(body.xreplace({macro.vector_index: m}), m, macro.vector_length)

    def _check_restriction(self, script):
        value = self.value(script) if not (isinstance(script, Tree) and script.data == "script_group") \
            else None
        items = script.children[0] if value is None else None
        # a restriction |_{i \neq j}: only accepted when the notation already says so
        if items is not None and len(items.children) == 1:
            item = items.children[0]
            if len(item.children) == 3 and isinstance(item.children[1], Tree) \
                    and relation_name(str(item.children[1].children[0])) == "!=":
                a, b = self.expr(item.children[0]), self.expr(item.children[2])
                if self.scope.are_distinct(a, b):
                    return
                raise self.fail(script, f"the restriction {a} ≠ {b} is not declared in the notation")
        raise self.fail(script, "only restrictions of the form |_{i \\neq j} are understood")


def _defined_number(meaning) -> bool:
    """A definition of a name without arguments whose value is one number (``p = \\sigma(z)``)."""
    return isinstance(meaning, Macro) and meaning.of_indices_only and not meaning.index_params \
        and not meaning.called and meaning.vector_index is None and meaning.matrix_shape is None \
        and isinstance(meaning.body, sp.Expr)
