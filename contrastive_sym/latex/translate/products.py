r"""Products and powers: factors side by side or with ``\cdot`` (a dot product between two vectors), runs
of letters split into declared names (``tx_1``, ``LSE``), norms, and powers refused when too large to evaluate."""
from __future__ import annotations

import re

import lark
import sympy as sp

from ...model.definedness import kept
from ...model.nodes import StopGrad
from ..families import Leading
from ..scope import (AbstractFunction, Builtin, Distribution, ExpectationOp, Family, IndexSet, InformationOf, Macro,
                     Operator, OperatorKind, form_key)
from ..continuations import MARK_AFTER_INDEX
from ..elementary import Elementary, OfVector
from .ambiguity import quotient_then_factor
from .side_by_side import dot_side_by_side, refuse_numerals_side_by_side
from .elementwise_products import HADAMARD, elementwise_products
from .letter_runs import LetterRunsMixin
from .differentials import DifferentialsMixin
from .trees import bare_letter, is_frac, letter_head, numerator, unwrap
from .matrix_rows import row_of_a_matrix
from .quotients import exp_kept, power_kept, quotient
from .values import ListValue, MatrixValue, RowVector, Transposed, VectorValue, componentwise, is_vector

Tree = lark.Tree

MAX_POWER_DIGITS = 1000    # the largest power of numbers evaluated (10^{10^{10}} is refused, not computed)

_CDOT = object()   # where a product had \cdot: between two vectors it is their dot product
_STAR = object()   # where it had *: a product of numbers; between two vectors, refused


class ProductsMixin(DifferentialsMixin, LetterRunsMixin):
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that multiplies."""

    def t_dot(self, node):
        return self._product(node)
    t_juxt = t_dot

    def _product(self, node):
        items = []          # ("factor", tree) | ("cdot", star) | ("op", bigop, operand) | ("d", frac, operand)
        current = node
        while True:
            if isinstance(current, Tree) and current.data == "juxt" and is_frac(current.children[0]) \
                    and self.d_fraction(current.children[0]) is not None:
                # \frac{d}{dx} F: d/dx applies to the rest of the product, as \frac{\partial}{\partial x} does
                items.append(("d", current.children[0], current.children[1]))
                break
            if isinstance(current, Tree) and current.data == "juxt" \
                    and (sign := self.capital_sum(current.children[0])) is not None:
                items.append(("op", sign, current.children[1]))      # \Sigma_j e^{z_j}: capital_sums.py
                break
            if isinstance(current, Tree) and current.data == "juxt":
                items.append(("factor", current.children[0]))
                current = current.children[1]
            elif isinstance(current, Tree) and current.data == "dot":
                items.append(("factor", current.children[0]))
                items.append(("cdot", str(current.children[1])))
                current = current.children[2]
            elif isinstance(current, Tree) and current.data == "apply_op":
                items.append(("op", current.children[0], current.children[1]))
                break
            else:
                items.append(("factor", current))
                break
        refuse_numerals_side_by_side(self, items, node)       # 2 3 prints as 23: side_by_side.py
        values = []
        index = 0
        while index < len(items):
            item = items[index]
            if item[0] == "cdot":
                values.append(_STAR if item[1] == "*" else HADAMARD if item[1] == r"\odot" else _CDOT)
                index += 1
                continue
            if item[0] == "op":
                values.append(self._apply_op(item[1], item[2]))
                index += 1
                continue
            if item[0] == "d":
                values.append(self.d_derivative(item[1], item[2]))
                index += 1
                continue
            tree = item[1]
            if taken := self.differential_length(items, index):     # d f(x) \cdot h: differentials.py
                values.append(self.differential(items, index, node))
                index += taken
                continue
            if isinstance(tree, Tree) and tree.data == "quotient_by_sum" and index + 1 < len(items):
                self.refuse_factor_after_sum_quotient(tree, items[index + 1:])      # fractions.py
            if isinstance(tree, Tree) and tree.data == "quotient":
                follower = items[index + 1] if index + 1 < len(items) else None
                if follower is not None and follower[0] != "cdot":
                    before = [item[1] for item in items[:index]]
                    first = before[0] if before and all(item[0] == "factor" for item in items[:index]) else tree
                    raise quotient_then_factor(self, tree, items[index + 1:], first)
            if index + 1 < len(items) and items[index + 1][0] == "factor" \
                    and (named := self.difference_name(tree, items[index + 1][1])) is not None:
                values.append(named)        # \Delta s(w_c, w_t) of a definition of Δs
                index += 2
                continue
            run_end = index
            if bare_letter(tree):
                # a run of letters: bare letters, possibly ending in one with scripts, or
                # in the numerator of a quotient (sim(z_i, z_j)/\tau is sim(…) over τ)
                while run_end + 1 < len(items) and items[run_end + 1][0] == "factor" \
                        and letter_head(numerator(items[run_end + 1][1])) is not None \
                        and bare_letter(items[run_end][1]):
                    run_end += 1
            if run_end > index:
                trees = [items[j][1] for j in range(index, run_end + 1)]
                last = trees[-1]
                follower = items[run_end + 1] if run_end + 1 < len(items) else None
                if isinstance(last, Tree) and last.data == "quotient" and follower is not None \
                        and follower[0] != "cdot":
                    # c a/b d: the run's quotient is followed by a factor, as in a/b c
                    raise quotient_then_factor(self, last, items[run_end + 1:], trees[0])
                run = self._letter_run(trees[:-1] + [numerator(last)])
                while isinstance(last, Tree) and last.data == "quotient":
                    denominator = self.expr(last.children[2])
                    self.refuse_loose_points(denominator, last.children[2])
                    if not isinstance(run[-1], (sp.Expr, VectorValue, MatrixValue)):
                        # a row becomes its components; anything else says what it is instead
                        run[-1] = self.term(last.children[0], run[-1])
                    run[-1] = componentwise(run[-1], lambda x, d=denominator: quotient(x, d))
                    last = last.children[0]
                values.extend(run)
                index = run_end + 1
                continue
            with self.averaging(next((v for v in reversed(values) if isinstance(v, ExpectationOp)), None)):
                values.append(self.at_drawn_points(self.understood_alone(self.value(tree), tree), tree))  # Z of Z(θ)
            index += 1
        values = self.elementary_applied(self._dot_products(values, node), node)
        # a declared operator written as text (\text{stop\_grad}) applies to what follows
        result = None
        for position in range(len(values) - 1, -1, -1):
            value = values[position]
            if isinstance(value, RowVector):
                value = self._components(value)
            if isinstance(value, (Family, Macro)):
                value = self.matrix_of(value) or value      # G Z: a product of matrices
            if value is Builtin.TRACE and result is not None:
                result = self.trace(result, node)       # \operatorname{tr} M, without parentheses
                continue
            if isinstance(value, MatrixValue) or isinstance(result, MatrixValue):
                result = value if result is None else self.multiply(value, result, node)
                continue
            if isinstance(result, VectorValue) and not isinstance(value, sp.Expr):
                raise self.mismatch(node, "a product of two vectors (write \\cdot for their dot product) "
                                      "or an operator applied to a vector")
            if isinstance(value, Builtin) and value is Builtin.STOP_GRAD:
                if result is None:
                    raise self.fail(node, "stop_grad needs an argument")
                result = StopGrad(result)
                continue
            if isinstance(value, Operator) and value.kind in (OperatorKind.DESCENT, OperatorKind.ASCENT):
                if result is None or position != 0:
                    raise self.fail(node, f"'{value.kind.value}' applies to the whole side it starts")
                gradient = self._nabla(result, node)
                result = -gradient if value.kind is OperatorKind.DESCENT else gradient
                continue
            if isinstance(value, ExpectationOp) and result is not None:
                # \mathbb{E}_u \log … : the expectation of the rest of the product
                result = self.expectation(value, result, node)
                continue
            if value in (Builtin.LOG, Builtin.EXP) and isinstance(result, sp.Expr):
                # log and exp written in letters (-log \frac{a}{b}, as Markdown notes do)
                # take the rest of the product, as \log and \exp do
                result = sp.log(result) if value is Builtin.LOG else exp_kept(result)
                continue
            if value is Builtin.EXPECTATION and result is not None:
                # \mathbb{E} f(x, c): the expectation of the rest of the product, over the one
                # distribution that draws its points (distributions.py)
                result = self.bare_expectation(result, node)
                continue
            if isinstance(value, Elementary):       # \cos\theta: one factor, the last (latex/elementary.py)
                result = self.elementary_of_factors(value, result, len(values) - position - 1, node)
                continue
            if isinstance(value, (sp.Tuple, ListValue, Builtin, Macro, Family, Operator, AbstractFunction, Distribution,
                                  IndexSet, ExpectationOp, OfVector, InformationOf)):
                raise self.not_in_a_product(value, node)      # not_numbers.py
            if result is None:
                result = value
            elif isinstance(value, VectorValue):
                factor = result
                result = componentwise(value, lambda x: kept(x * factor, x, factor))
            else:
                result = componentwise(result, lambda x: kept(value * x, value, x))
        return result

    def _dot_products(self, values: list, node) -> list:
        """``z_i \\cdot z_j`` → Σ_m z_{i,m} z_{j,m}: \\cdot between two vectors is their dot product (as
        ``a^\\top b``); between a number and a vector it is the product."""
        # a family of one dimension (u of shape (d,)) is a vector, and so is a point declared one
        values = [self.value_of(v) for v in values]
        values = [(self.vector_of(v) or v) if isinstance(v, Family) else v for v in values]
        for before, mark, after in zip(values, values[1:], values[2:]):
            if mark is _STAR and is_vector(before) and is_vector(after):
                # code means the elementwise product, \cdot the dot product: which is not written
                raise self.fail(node, "'*' between two vectors (elementwise in code, a dot product written "
                                      "\\cdot or a^\\top b) is not read")
        values = [_CDOT if v is _STAR else v for v in elementwise_products(self, values, node)]    # a ⊙ b
        merged = []
        for value in values:
            if len(merged) >= 2 and merged[-1] is _CDOT and is_vector(merged[-2]) and is_vector(value):
                _, left = merged.pop(), merged.pop()
                merged.append(self.dot(left, value, node))
            elif merged and isinstance(merged[-1], Transposed) and is_vector(value):
                merged.append(self.dot(merged.pop().vector, value, node))
            elif merged and is_vector(merged[-1]) and isinstance(value, Transposed):
                # u v^\top: the outer product, a matrix (u v^\top w is then u times v^\top w)
                merged.append(self.outer(merged.pop(), value.vector, node))
            elif merged and isinstance(merged[-1], Transposed) and self._matrix_value(value) is not None:
                # x^\top W: the row (W^\top x)^\top, dotted with the vector after it (x^\top W y)
                row = self.multiply(self._matrix_value(value).transposed(), merged.pop().vector, node)
                merged.append(Transposed(row))
            elif len(merged) >= 2 and merged[-1] is _CDOT and isinstance(merged[-2], Transposed) \
                    and is_vector(value):
                # a^\top \cdot b: the transpose and the dot say the same dot product
                _, left = merged.pop(), merged.pop()
                merged.append(self.dot(left.vector, value, node))
            else:
                merged.append(value)
        merged = dot_side_by_side(self, merged, node)      # z_i z_k: side_by_side.py
        row = row_of_a_matrix(merged) if getattr(self, "reading_matrix_row", False) else None
        if row is not None:
            return [row]        # p(x_1)^{1/2} f(x_1)^\top, a row of a matrix written out
        if any(isinstance(v, Transposed) for v in merged):
            raise self.fail(node, "a transposed vector a^\\top must be followed by a vector "
                                  "(a^\\top b is their dot product)")
        return [v for v in merged if v is not _CDOT]

    def _matrix_value(self, value):
        return value if isinstance(value, MatrixValue) else \
            self.matrix_of(value) if isinstance(value, (Family, Macro)) else None

    def dot(self, left, right, node) -> sp.Expr:
        """The dot product Σ_m a_m b_m of two vectors."""
        left, right = self.vector_of(left), self.vector_of(right)
        if left.length != right.length:
            raise self.fail(node, "a dot product of vectors of different lengths")
        m = self._fresh("m")
        return sp.Sum(left.component(m) * right.component(m), (m, 1, left.length))

    def vector_of(self, value) -> VectorValue | None:
        """``value`` as a vector of components: a row z_i, a vector made of rows, or a family of
        one dimension (u of shape (d,)); None for anything else."""
        value = self.value_of(value)                # a point that is a vector (value_shape)
        if isinstance(value, Macro) and value.vector_index is not None and value.of_indices_only \
                and not value.index_params:
            # z^\top of a definition z = g(x) whose value is a vector, before it is settled
            value = self.macro_value(value, self.indices_written(value, value.key))
        if isinstance(value, RowVector):
            return self._components(value)
        if isinstance(value, VectorValue):
            return value
        if isinstance(value, Family) and len(value.shape) == 1:
            m = sp.Dummy("m", integer=True)
            return VectorValue(value.base[m], m, value.shape[0])
        return self.vector_of_entries(value)      # p of p_i = … (matrices.py)

    def t_abs_value(self, node):
        r"""``|x|``, ``\vert x \vert`` (paired by :mod:`..bars`), ``\left| x \right|``: the absolute value
        of a number, or the size of a declared set (``|S|``); of a vector or a list refused (``\|x\|``)."""
        items = node.children[1]
        elements = [c for c in items.children if isinstance(c, Tree)]
        if len(elements) != 1:
            raise self.fail(node, "|…| of a list is not read; |x| is the absolute value of a number, "
                                  "|S| the size of a declared [[set]]")
        written_set = self.conditioned_set(elements[0]) or self.declared_set(elements[0])
        value = written_set if written_set is not None else self.value(elements[0])   # |Q| beside a distribution Q
        size = self.cardinality(value)
        if size is not None:
            return size
        if self.matrix_of(value) is not None:     # |\Sigma|, a Gaussian's: a determinant
            raise self.fail(node, f"|…| of the matrix '{self.source(elements[0]).strip()}' (a determinant) is not read")
        if not isinstance(value, sp.Expr) or self.vector_of(value) is not None:
            raise self.fail(node, f"|…| of '{self.source(elements[0]).strip()}', which is not a number, is not "
                                  "read; write \\|x\\| or \\left\\| … \\right\\| for the norm of a vector")
        return sp.Abs(value)

    def _superscript_entry(self, family: Family, arg, op):
        """``s^i_k``, ``x^{(i)}``: the entry of a family whose index is written as a
        superscript (the parentheses of ``^{(i)}`` are part of that notation)."""
        inner = arg.children[0] if isinstance(arg, lark.Tree) and arg.data == "script_group" else None
        elements = [c for c in inner.children if isinstance(c, lark.Tree)] if inner is not None else []
        group = unwrap(elements[0]) if len(elements) == 1 else None
        if isinstance(group, lark.Tree) and group.data in ("pos", "neg"):
            # x^{+(i)}: entry i of the family x^+ (the mark, then the index), never the entry ±i of x
            family, group = self._marked_family(family, group, op), unwrap(group.children[1])
            if not (isinstance(group, lark.Tree) and group.data == "paren"):
                return self.family_entry(family, [self.expr(group)], op)
        if isinstance(group, lark.Tree) and group.data == "paren":
            indices = [self.expr(c) for c in group.children[0].children if isinstance(c, lark.Tree)]
        else:
            indices = self._index_list(arg)
        if family.leading_superscript:
            return Leading(family, tuple(indices))
        return self.family_entry(family, indices, op)

    def _marked_family(self, family: Family, signed, op) -> Family:
        """The family ``x^+`` (or ``x^-``) whose entries ``x^{+(i)}`` are written with the
        mark before the index, or an error: a sign is never read as the index's sign."""
        mark = "+" if signed.data == "pos" else "-"
        key = self.family_key(family.base)
        sampled = form_key("", "superscript")
        key = key[:-len(sampled)] if key.endswith(sampled) else key      # the samples x^{•} of a point x
        marked = self.scope.lookup(f"{key}^{mark}")
        if not isinstance(marked, Family):
            # x^{+(i)} beside a random point x^+: the samples of x^+
            marked = self.scope.lookup(form_key(f"{key}^{mark}", "superscript"))
        if isinstance(marked, Family) and marked.superscript:
            return marked
        written = "".join(self.source(op).split())
        raise self.fail(op, f"'{written}' writes the mark {mark} beside the index in the superscript: "
                            f"read as an entry of a family {key}^{mark} (declare it: [[family]] with "
                            f"name = '{key}^{mark}' and index_written = \"superscript\"), never as the "
                            "entry at a negative or signed index")

    def _transpose(self, meaning, op):
        """``a^\\top`` (or ``a^T`` when T is not a declared name) of a vector ``a``."""
        vector = self.vector_of(meaning)
        if vector is None and self.matrix_of(meaning) is not None:
            return self.matrix_of(meaning).transposed()
        if vector is None:
            raise self.fail(op, f"a transpose '{self.source(op).strip()}' of something that is not a vector "
                                "or a matrix")
        return Transposed(vector)

    def _power(self, base, exponent, op):      # base^exponent; powers too long to write out (10^{10^5}) refused
        if base.is_Rational and exponent.is_Integer and base not in (0, 1, -1):
            digits = abs(int(exponent)) * max(abs(base.p).bit_length(), base.q.bit_length()) * 0.302
            if digits > MAX_POWER_DIGITS:
                raise self.fail(op, f"an exponent this large is not evaluated (about {digits:.3g} "
                                    f"digits; at most {MAX_POWER_DIGITS})")
        return power_kept(base, exponent)

    def _superscript(self, meaning, op):
        arg = op.children[1]
        if isinstance(meaning, Elementary):
            return self.elementary_power(meaning, arg, op)      # \cos^2\theta: (cos θ)²
        if isinstance(meaning, Family) and (meaning.superscript or meaning.leading_superscript):
            return self._superscript_entry(meaning, arg, op)
        after = MARK_AFTER_INDEX.fullmatch("^" + "".join(self.source(arg).split()))
        if after is not None:
            # x^{(i)+} of anything but a family indexed by superscripts: never a power
            raise self.fail(op, f"a mark '{after.group(4)}' after the index '({after.group(2)})' in a superscript "
                                f"is read only on a family indexed by superscripts (the positive of pair "
                                f"{after.group(2)}: declare the family with the mark, index_written = "
                                "\"superscript\")")
        # ^{\text{\tiny T}}: a size inside the text changes nothing
        script = "".join(re.sub(r"\\(?:tiny|scriptsize|footnotesize|small)(?![a-zA-Z])", "", self.source(arg)).split())
        mark = _TRANSPOSE.get(script[1:-1] if script.startswith("{") and script.endswith("}") else script)
        if mark == "top":
            return self._transpose(meaning, op)
        if mark == "T" and self.scope.lookup("T") is None:
            return self._transpose(meaning, op)
        if mark == "T" and (self.vector_of(meaning) is not None or self.matrix_of(meaning) is not None):
            # T is a declared name (a size, a horizon), but a vector or a matrix has no power T:
            # ^T can only be its transpose, said
            note = "T is a declared name, and a vector or a matrix has no power: ^T is its transpose"
            self.readings.extend([note] if note not in self.readings else [])
            return self._transpose(meaning, op)
        if (notation := self.bracket_notation(op, meaning)) is not None:
            return notation                # (x)^+, [x]^+: the positive part, or the document's own notation
        if isinstance(arg, Tree) and arg.data in ("script_sign", "star_script", "prime_script"):
            raise self.fail(op, f"'{self.source(op).strip()}' is not declared")
        if meaning in (Builtin.EULER, Builtin.PI):
            meaning = sp.E if meaning is Builtin.EULER else sp.pi
        if isinstance(meaning, Macro) and (_a_number(self.source(arg)) or self.declared_scalar_at(arg)):
            # \mathcal{N}^2, p_t^\gamma (γ a declared scalar) of a name defined without arguments: a power of
            # its value (a script in parentheses, L^{(2)}, or of letters, L^{ij}, is part of a name)
            settled = self._settle(meaning, op)
            if not isinstance(settled, Macro):
                meaning = settled
        if isinstance(meaning, (Builtin, Macro, Family, ListValue, ExpectationOp, Operator, AbstractFunction,
                                Distribution, IndexSet, OfVector, InformationOf)):
            raise self.fail(op, f"'{' '.join(self.source(op).split())}': its superscript is read as a power, and a "
                                "function, a family, an operator or a set has none (a superscript that is part of "
                                "a name, q^T of a teacher, is declared with the name)")
        computed = isinstance(meaning, VectorValue)
        if isinstance(meaning := self.value_of(meaning), (RowVector, VectorValue)):     # X^2 of a point's value too
            if computed and (component := self.component_above(meaning, arg, op)) is not None:
                return component        # g(x)^{(k)}: its component k (scripts.py)
            raise self.mismatch(op, "a power of a vector (write \\|z_i\\|^2 or z_i \\cdot z_i)")
        if isinstance(meaning, MatrixValue):
            raise self.fail(op, "a power of a matrix is not read (write the product, G G)")
        if meaning is sp.E:
            return self.power_of_e(arg, op)     # of a number, or of each entry of a vector: entrywise.py
        exponent = self.expr(arg)
        refuse_large_exponent(self, exponent, op)
        return self._power(meaning, exponent, op)


#: Scripts that mark a transpose: always (\top), or when T is not a declared name (T).
_TRANSPOSE = {r"\top": "top", r"\intercal": "top", r"\mathsf{T}": "top",
              "T": "T", r"\mathrm{T}": "T", r"\text{T}": "T"}


def _a_number(script: str) -> bool:
    """A script that is a whole number, maybe signed and in braces: 2, {2}, {-1}."""
    return re.fullmatch(r"\{?\s*-?\s*\d+\s*\}?", script.strip()) is not None


def refuse_large_exponent(translator, exponent, op) -> None:
    if exponent.is_Integer and abs(exponent) > 10 ** 6 or _towering(exponent):
        raise translator.fail(op, "an exponent this large is not evaluated")


def _towering(exponent) -> bool:
    return any(isinstance(p, sp.Pow) and p.exp.is_Integer and p.exp > 100 for p in
               sp.preorder_traversal(exponent))

