r"""Lists and ellipses: ``x_1, ..., x_n`` and ``\exp(x_1)+...+\exp(x_n)`` read from
their first and last terms, sums written term by term, maxima over lists, and the
macros of a list (``LSE(x_1, ..., x_n)``) applied to written arguments."""
from __future__ import annotations

from dataclasses import replace

import lark
import sympy as sp

from ...errors import ParseError
from ...model import encodings as enc
from ...model.definedness import kept
from ...model.nodes import Cancelled, MaxOver, RealMax
from .compare import certainly_equal
from .trees import is_ellipsis
from .runs import downwards, size_symbols
from .values import ListValue, MatrixValue, RowVector, Segment, VectorValue, of_rows

Tree, Token = lark.Tree, lark.Token


class ListsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads lists."""

    def _items(self, items: Tree, single: bool = False, vectors: bool = False, arguments: bool = False):
        elements, separators = [], []
        for child in items.children:
            if isinstance(child, Token):
                separators.append(str(child))
            else:
                elements.append(child)
        if len(elements) >= 2:
            elements = _unglued(elements)
        if len(elements) == 1 and not is_ellipsis(elements[0]):
            if vectors:
                return self.term(elements[0])
            return self.value(elements[0]) if not single else self.expr(elements[0])
        if single:
            written = " ".join(self.source(items).split())
            if ";" in separators:
                raise self.fail(items, f"'{written}', a list separated by ';' (vectors stacked or concatenated, "
                                       "[u; v]), where one value is expected: a concatenation is not read")
            columns = self._columns(elements, items) if vectors and set(separators) == {","} else None
            if columns is not None:
                return columns      # [x_1, \dots, x_B]: the matrix whose columns they are
            entries = self._entries(elements, items) if vectors and set(separators) == {","} else None
            if entries is not None:
                return entries      # [e^{z_1}, \dots, e^{z_K}]: the vector of these numbers
            raise self.fail(items, f"'{written}', a list of {len(elements)} items, where one value is expected "
                                   "(a list is read as the arguments of a function, f(a, b), or of a max or min)")
        segments = self._segments(elements, items, arguments)
        return ListValue(tuple(segments), tuple(separators), self.source(items))

    def _entries(self, elements: list, items) -> VectorValue | None:
        r"""``\left[\frac{e^{z_1}}{S}, \dots, \frac{e^{z_K}}{S}\right]``, ``[a, b, c]``, ``(1.0, 0.0)``: numbers in
        brackets or parentheses, the vector of them, written as one run from its first entry or entry by entry
        (said); None otherwise."""
        try:
            segments = self._segments(elements, items)
        except ParseError:
            return None
        if not all(isinstance(s.pattern, sp.Expr) and s.skip is None and not self._is_point(s.pattern)
                   for s in segments):
            return None         # (x, a) beside points: no vector of numbers (a tuple of points is read elsewhere)
        m = sp.Dummy("m", integer=True)
        if len(segments) == 1 and segments[0].var is not None:
            (run,) = segments
            body, length = run.pattern.xreplace({run.var: m - 1 + run.lo}), run.hi - run.lo + 1
            # an entry of a family at the run's index has no entry past the run's end already (z_{K+1})
            guarded = not any(m in index.free_symbols for entry in body.atoms(sp.Indexed) for index in entry.indices)
        elif any(s.var is not None for s in segments):
            return None
        else:       # entry k is the k-th number written: δ_{m,k} picks it (an entry is read at whole numbers)
            body, length = sp.Add(*[sp.KroneckerDelta(m, k) * s.pattern for k, s in enumerate(segments, 1)]), \
                sp.Integer(len(segments))
            guarded = True
        note = f"the numbers {' '.join(self.source(items).split())} in brackets are the vector of these numbers"
        self.readings.extend([note] if note not in self.readings else [])
        if guarded:     # an entry it does not have (the 3rd of [a, b] at an index i = 3) is undefined, never 0
            body = Cancelled(body, sp.KroneckerDelta(sp.Min(sp.Max(m, 1), length), m))     # 1 inside, 0 outside
        return VectorValue(body, m, length)

    def _columns(self, elements: list, items) -> MatrixValue | None:
        r"""``[x_1, x_2, \dots, x_B]``, ``[u, v]``: rows of declared families (vectors of one length) side
        by side in brackets, the matrix whose columns they are (the d × B matrix X of a batch's
        features); None when the items are not all such vectors, or not written as one run or term by term."""
        try:
            segments = self._segments(elements, items, rows=True)
        except ParseError:
            return None
        if not all(isinstance(s.pattern, RowVector) for s in segments) \
                or len({s.pattern.length for s in segments}) != 1:
            return None
        row, col = sp.Dummy("r", integer=True), sp.Dummy("c", integer=True)
        if len(segments) == 1 and segments[0].var is not None and segments[0].skip is None:
            (run,) = segments
            at = sp.sympify(run.pattern.row).xreplace({run.var: col - 1 + run.lo})
            return MatrixValue(run.pattern.family[at, row], row, col, run.pattern.length, run.hi - run.lo + 1)
        if any(s.var is not None for s in segments):
            return None
        # column k is the k-th vector written: δ_{c,k} picks it (an entry is read at whole numbers)
        body = sp.Add(*[sp.KroneckerDelta(col, k) * s.pattern.family[s.pattern.row, row]
                        for k, s in enumerate(segments, 1)])
        return MatrixValue(body, row, col, segments[0].pattern.length, len(segments))

    def _segments(self, elements: list, node, arguments: bool = False, rows: bool = False) -> list[Segment]:
        """The terms of a list; ``arguments``: the list is what a declared function is applied
        to, where a vector computed from rows (g(h_i) with h defined entry by entry) is an
        argument as a row is (model/value_functions.py), never a number; ``rows``: an ellipsis
        may run over rows of a family (x_1, \\dots, x_B, the columns of a matrix)."""
        segments: list[Segment] = []
        position = 0
        while position < len(elements):
            element = elements[position]
            if is_ellipsis(element):
                if not segments or position + 1 >= len(elements) or segments[-1].var is not None:
                    raise self.fail(element, "an ellipsis needs a written term on each side")
                last_tree = elements[position + 1]
                # the pattern is read from the first term of the run
                run_start = position - 1
                segments.pop()
                pattern = self._ellipsis_pattern(elements, run_start, position, last_tree, element, rows)
                # terms written out before the first one of the run that follow the pattern
                while segments and segments[-1].var is None and _matches(pattern, segments[-1].pattern,
                                                                         pattern.lo - 1):
                    segments.pop()
                    pattern = Segment(pattern.pattern, pattern.var, pattern.lo - 1, pattern.hi, pattern.skip)
                segments.append(pattern)
                position += 2
                continue
            # a row z_i is an argument of sim(z_i, z_j), not a number; so is a point that is a
            # vector or a number (value_shape): f(c_t) is f at the point c_t
            value = self.value(element)
            point = self.valued_point(value)
            if point is not None:
                segments.append(Segment(point))
                position += 1
                continue
            kept = isinstance(value, RowVector) or arguments and self.vector_of(value) is not None
            segments.append(Segment(value if kept else self.expr(element, value)))
            position += 1
        return segments

    def _ellipsis_pattern(self, elements, first_index, ellipsis_index, last_tree, ellipsis, rows=False) -> Segment:
        first_tree = elements[first_index]
        holes = _anti_unify(first_tree, last_tree)
        if holes is None or not holes:
            raise self.fail(ellipsis, "the terms around this ellipsis differ in more than one place "
                                      "(or not at all), so what it stands for is not determined")
        first_texts = {"".join(self.source(a).split()) for a, _ in holes}
        last_texts = {"".join(self.source(b).split()) for _, b in holes}
        if len(first_texts) != 1 or len(last_texts) != 1:
            raise self.fail(ellipsis, "the terms around this ellipsis vary in two different ways")
        first_text, last_text = first_texts.pop(), last_texts.pop()
        reading = self.scope.reading_for(first_text, last_text)
        skip = None
        if reading is not None:
            lo, hi, skip = reading.lo, reading.hi, reading.skip
        else:
            try:
                lo, hi = self.expr(holes[0][0]), self.expr(holes[0][1])
            except ParseError as exc:
                raise self.fail(ellipsis, f"the ellipsis runs from {first_text} to {last_text}: "
                                          f"{exc.message} (declare how it is read)") from None
            if not (lo.is_integer and hi.is_integer):
                # v_1^2 + ... + v_n differs as whole terms: its "index" would run from v_1^2
                raise self.fail(ellipsis, f"the ellipsis runs from {first_text} to {last_text}, "
                                          "which are not whole numbers (declare how it is read)")
        variable = self._fresh_pattern_var()
        hole_ids = {id(a) for a, _ in holes}
        inner = self.with_holes(hole_ids, variable)
        first = inner.value(first_tree) if rows else None
        if isinstance(first, RowVector):        # x_1, \dots, x_B: rows of one family
            last = self.value(last_tree) if reading is None else first
            at_last = sp.sympify(first.row).subs(variable, hi)
            if not (isinstance(last, RowVector) and last.family == first.family
                    and certainly_equal(at_last, last.row if reading is None else at_last)):
                raise self.fail(ellipsis, "the last term does not follow the pattern of the first")
            if downwards(lo, hi, size_symbols(self.scope)):      # x_3, \dots, x_1: the same rows, counted down
                first = replace(first, row=sp.sympify(first.row).xreplace({variable: lo + hi - variable}))
                return Segment(first, variable, hi, lo, None if skip is None else lo + hi - skip)
            return Segment(first, variable, lo, hi, skip)
        if self._is_point(inner.value(first_tree)):
            raise self.fail(ellipsis, "data points written with an ellipsis (x_1, \\dots, x_K) are not read: the "
                                      "samples at once are the slice x_{1:K}")
        pattern = inner.expr(first_tree)
        segment = Segment(pattern, variable, lo, hi, skip)
        if reading is None:
            last = self.expr(last_tree)
            if not certainly_equal(pattern.subs(variable, hi), last):
                raise self.fail(ellipsis, "the last term does not follow the pattern of the first")
        if downwards(lo, hi, size_symbols(self.scope)):
            # x_3, \dots, x_1, x_N + \dots + x_1: counted down, each term once, in the order written (read upwards
            # from lo to hi, the run would be empty)
            return Segment(pattern.xreplace({variable: lo + hi - variable}), variable, hi, lo,
                           None if skip is None else lo + hi - skip)
        return segment

    def _fresh_pattern_var(self) -> sp.Symbol:
        taken = self.scope.declared_symbol_names()
        for name in ("k", "l", "m", "r", "q", "kk", "ll"):
            if name not in taken and self.scope.lookup(name) is None:
                return sp.Symbol(name, integer=True)
        return sp.Dummy("k", integer=True)

    def _sum_with_ellipsis(self, node):
        terms = []          # (sign, tree)
        current = node
        while isinstance(current, Tree) and current.data in ("add", "sub"):
            left, operator, right = current.children
            terms.append((1 if current.data == "add" else -1, right))
            current = left
        terms.append((1, current))
        terms.reverse()
        terms = self.extend_sums(terms)
        if len(terms) == 1:
            return self.term(terms[0][1])
        if not any(is_ellipsis(t) for _, t in terms):
            values = self.identity_beside([(sign, self.term(t)) for sign, t in terms], node)   # matrices.py
            if any(isinstance(v, MatrixValue) for _, v in values):
                return self.add_matrices(values, node)
            vectors = [v for _, v in values if isinstance(v, VectorValue)]
            if not vectors:
                return kept(sp.Add(*[sign * v for sign, v in values]), *[v for _, v in values])
            first = vectors[0]
            numbers = [v for _, v in values if not isinstance(v, VectorValue)]
            if any(v.length != first.length for v in vectors) or \
                    not all(isinstance(v, sp.Expr) for v in numbers) or numbers and any(map(of_rows, vectors)):
                raise self.fail(node, "a vector where a number is expected: a vector added to a vector of "
                                      "another length or to what is not a number, or a row of a family (an "
                                      "embedding) added to a number")
            if numbers:
                # z + c, z - m(z): the number added to each entry, as the shift invariance of the
                # softmax and numpy write it; there is no other reading of a number plus a vector
                note = (f"'{' '.join(self.source(node).split())}' adds the number to each entry of the vector "
                        "(a number and a vector written as one sum)")
                self.readings.extend([note] if note not in self.readings else [])
            components = [v.component(first.index) if isinstance(v, VectorValue) else v for _, v in values]
            return replace(first, body=kept(sp.Add(*[sign * c for (sign, _), c in zip(values, components)]),
                                            *components))
        # x_1 + x_2 + ... + x_n: the same reading as a list
        if any(sign < 0 for sign, _ in terms):
            raise self.fail(node, "an ellipsis in a sum with subtracted terms is not understood")
        segments = self._segments([t for _, t in terms], node)
        return _sum_segments(segments, lambda e: e)

    def listed_for_min(self, operand):
        r"""The items of ``(a, b, …)`` or ``\{a, b, …\}`` written right after ``\min`` with nothing after
        them, when they are two or more (a list of values) or one vector of numbers; else None."""
        if isinstance(operand, lark.Tree) and operand.data == "paren":
            items = operand.children[0]
        elif isinstance(operand, lark.Tree) and operand.data == "set":
            items = operand.children[1]
        else:
            return None
        elements = [c for c in items.children if isinstance(c, lark.Tree)]
        if len(elements) == 1 and not is_ellipsis(elements[0]):
            said = len(self.readings)
            try:
                vector = self.vector_of(self.value(elements[0]))       # read again where the minimum is read
            except ParseError:          # not a value: the optimum's reading says what it is
                vector = None
            del self.readings[said:]
            return items if vector is not None and not of_rows(vector) else None
        return items if len(elements) >= 2 else None

    def t_min_paren(self, node):
        r"""``\min(a, b)``, ``\min(\mathbf{z})``: the least value, taken with its parentheses as ``\max``
        is, so that ``\min(a, b)^2`` and ``\min(a, b) \cdot c`` are of the least value.  One value
        that is not a vector, ``\min(\mathcal{L}(\theta))``, is the optimum over what it depends on."""
        paren = node.children[1]
        if self.listed_for_min(paren) is None:
            return self.extreme_or_optimum(node, None, paren, "min")
        return self._max(self._items(paren.children[0]), node, minimum=True)

    def _max(self, value, node, minimum: bool = False):
        vector = None if isinstance(value, ListValue) else self.vector_of(value)
        if vector is not None and not of_rows(vector):
            # \max(\mathbf{z}), \max(x) of a vector of numbers: its largest entry, as max(z) in numpy
            note = (f"'{' '.join(self.source(node).split())}' is the {'least' if minimum else 'largest'} "
                    "entry of the vector")
            self.readings.extend([note] if note not in self.readings else [])
            entry = sp.Dummy("k", integer=True)
            value = ListValue((Segment(vector.component(entry), entry, sp.Integer(1), vector.length),))
        segments = value.segments if isinstance(value, ListValue) else (Segment(value),)
        if not all(isinstance(s.pattern, sp.Expr) for s in segments):
            # \max(h_1, \tau) with h_1 a row: a vector where a number is expected
            raise self.fail(node, f"the {'minimum' if minimum else 'maximum'} of values that are not numbers "
                                  "(a row, a vector) is not read: a vector where a number is expected")
        if minimum:
            # min = −max of the negated values: one exact construction for written values and ranges
            negated = ListValue(tuple(Segment(-s.pattern, s.var, s.lo, s.hi, s.skip) for s in segments))
            return -self._max(negated, node)
        parts = []
        for segment in segments:
            if segment.var is None:
                parts.append(segment.pattern)
            elif segment.skip is not None:
                # Skipping an entry equal to one written out leaves the maximum as it is
                # (max{0, d_k : k ≠ i} with d_i = 0); any other skip is not supported.
                skipped = segment.pattern.subs(segment.var, segment.skip)
                if not any(s.var is None and certainly_equal(s.pattern, skipped) for s in segments):
                    raise self.fail(node, "a maximum over a range with an excluded index")
                parts.append(MaxOver(segment.pattern, segment.var, segment.lo, segment.hi))
            else:
                parts.append(MaxOver(segment.pattern, segment.var, segment.lo, segment.hi))
        return parts[0] if len(parts) == 1 else RealMax(*parts)


def _anti_unify(a, b):
    """The places where trees ``a`` and ``b`` differ, as (subtree of a, subtree of b)."""
    holes = []

    def walk(x, y):
        if isinstance(x, Token) or isinstance(y, Token):
            same = isinstance(x, Token) and isinstance(y, Token) and x.type == y.type and str(x) == str(y)
            if not same:
                holes.append((x, y))
        elif x.data != y.data or len(x.children) != len(y.children):
            holes.append((x, y))
        else:
            for cx, cy in zip(x.children, y.children):
                walk(cx, cy)

    walk(a, b)
    # a token that differs inside a leaf rule (letter, number): name the rule, not the token
    return [_lift(a, x, b, y) for x, y in holes] if holes else holes


def _lift(root_a, x, root_b, y):
    """Map a differing token to its parent leaf tree so the translator sees the hole."""
    if isinstance(x, Token) or isinstance(y, Token):
        parent_a = _parent_of(root_a, x)
        parent_b = _parent_of(root_b, y)
        if parent_a is not None and parent_b is not None and len(parent_a.children) == 1:
            return parent_a, parent_b
    return x, y


def _parent_of(root, target):
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, Tree):
            for child in node.children:
                if child is target:
                    return node
                stack.append(child)
    return None


def _matches(segment: Segment, value, at) -> bool:
    if isinstance(segment.pattern, RowVector):      # x_1 before x_2, \dots, x_B: the row the run gives at ``at``
        return isinstance(value, RowVector) and value.family == segment.pattern.family \
            and certainly_equal(sp.sympify(segment.pattern.row).subs(segment.var, at), value.row)
    try:
        return certainly_equal(segment.pattern.subs(segment.var, at), value)
    except Exception:  # noqa: BLE001 - a failed comparison is a mismatch
        return False


def _sum_segments(segments, term):
    parts = []
    for segment in segments:
        if segment.var is None:
            parts.append(term(segment.pattern))
        elif segment.skip is not None:
            parts.append(enc.sum_except(term(segment.pattern), segment.var, segment.lo, segment.hi,
                                        segment.skip))
        else:
            parts.append(sp.Sum(term(segment.pattern), (segment.var, segment.lo, segment.hi)))
    return sp.Add(*parts)


def apply_list(body, family, length, segments, translator, node):
    """A macro of a list, ``LSE(x_1, ..., x_n)``, applied to written arguments.

    The body may use the list only through sums or maxima over all of it (Σ_{k=1}^n f(x_k),
    max_k x_k); each becomes the sum or maximum over the arguments' segments."""
    def rewrite(expr):
        if isinstance(expr, sp.Sum) and len(expr.limits) == 1:
            var, lo, hi = expr.limits[0]
            if lo == 1 and hi == length and expr.function.has(family):
                parts = []
                for segment in segments:
                    if segment.var is None:
                        parts.append(_substitute_element(expr.function, family, var, segment.pattern, None))
                    else:
                        summand = _substitute_element(expr.function, family, var, segment.pattern,
                                                      segment.var)
                        if segment.skip is not None:
                            parts.append(enc.sum_except(summand, segment.var, segment.lo, segment.hi,
                                                        segment.skip))
                        else:
                            parts.append(sp.Sum(summand, (segment.var, segment.lo, segment.hi)))
                return sp.Add(*parts)
        if isinstance(expr, MaxOver):
            inner, var, lo, hi = expr.args
            if lo == 1 and hi == length and inner.has(family):
                parts = []
                for segment in segments:
                    element = _substitute_element(inner, family, var, segment.pattern, segment.var)
                    parts.append(element if segment.var is None
                                 else MaxOver(element, segment.var, segment.lo, segment.hi))
                return parts[0] if len(parts) == 1 else RealMax(*parts)
        if not expr.args:
            return expr
        return expr.func(*[rewrite(a) for a in expr.args])

    result = rewrite(body)
    if result.has(family) or result.has(length):
        raise translator.fail(node, "this macro uses its list other than through a sum or a maximum")
    return result


def _substitute_element(expr, family, var, element, element_var):
    """``expr`` with ``family[var]`` replaced by ``element`` (whose own index is ``element_var``)."""
    def replace(node):
        if isinstance(node, sp.Indexed) and node.base == family:
            if node.indices != (var,):
                raise ValueError("a list element indexed other than by the sum's index")
            return element
        return None
    mapping = {n: replace(n) for n in expr.atoms(sp.Indexed) if n.base == family}
    result = expr.xreplace(mapping)
    if element_var is not None and var != element_var:
        result = result.xreplace({var: element_var})
    return result


def _unglued(elements: list) -> list:
    r"""The items of a list with an ellipsis written against a term without its comma set apart:
    ``\{x_1 \dots, x_n\}``, ``x_1, \dots x_n`` (TeX sets them alike) are x_1, …, x_n."""
    found = []
    for element in elements:
        tree = element.children[0] if isinstance(element, lark.Tree) and element.data == "item" \
            and len(element.children) == 1 else element
        if isinstance(tree, lark.Tree) and tree.data == "juxt" and len(tree.children) == 2 \
                and sum(map(is_ellipsis, tree.children)) == 1:
            # each part an item as the others are, so that the terms around the ellipsis compare alike
            found.extend(lark.Tree("item", [part], meta=getattr(part, "meta", None)) if tree is not element else part
                         for part in tree.children)
        else:
            found.append(element)
    return found
