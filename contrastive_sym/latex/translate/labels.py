r"""Class labels (a ``[[family]]`` of role ``label``: y_1 … y_n) and what compares them:
``\mathbb{1}[y_i = y_j]``, ``\mathbb{1}_{y_i \neq y_j}``, ``\mathbb{1}\{y_i = y_j\}``, and the
sums whose conditions compare labels or name a set defined by a condition:
``\sum_{j \neq i, y_j = y_i}``, ``\sum_{j : y_j = y_i}``, ``\sum_{p \in P(i)}``,
``\sum_{j \in N(y_i), j \neq i}``.

A label has no numeric value: it is only compared.  ``y_a = y_b`` is read as
max(0, 1 − (y_a − y_b)²), which is 1 when the labels are equal and 0 when they differ
*for whole-number labels*; labels are sampled as whole-number class ids only (an
assignment of classes up to renaming: check/sampling/labels.py) and are never moved
off them (shrinking a witness and breaking ties leave them alone).  The reading is a
polynomial and a max, which every evaluator of the checker already reads exactly.
"""
from __future__ import annotations

import lark
import sympy as sp

from ...model import encodings as enc
from ..scope import Builtin, Family
from .compare import certainly_equal
from .value_conditions import ValueConditionsMixin
from .set_membership import SetMembershipMixin
from .operators import _scripts
from .trees import bare_letter, unwrap
from .values import MatrixValue, VectorValue, componentwise, relation_name

Tree = lark.Tree

_SAYS = ("it is only compared (y_i = y_j, y_i \\neq y_j) in an indicator or in a sum's condition")


#: letters papers write for the indicator where \mathbb{1} is not at hand (undeclared only; the
#: keys are spelled as names are: \mathds{I} and \mathbbm{I} are \mathbb{I}, latex/spelling.py)
_INDICATOR_LETTERS = frozenset({"I", r"\mathbb{I}", r"\mathbf{I}", r"\mathcal{I}"})


class SameLabel(sp.Max):
    """𝟙[a = b] of two whole-number labels: max(0, 1 − (a − b)²), a Max to every evaluator.

    Its own class so that building it skips Max's simplification, which asks SymPy's
    assumptions about the square and costs milliseconds per term (a sum over 2N labels
    builds many); with numbers it is the number."""

    def __new__(cls, *args, **options):
        args = [sp.sympify(a) for a in args]
        if all(a.is_Number for a in args):
            return sp.Max(*args)
        return super().__new__(cls, *args, evaluate=False)

    def _sides(self):
        """(a, b) of 𝟙[a = b], or None when the square is no longer a − b."""
        square = 1 - next(a for a in self.args if a != 0)
        if isinstance(square, sp.Pow) and isinstance(square.base, sp.Add):
            plus = [t for t in square.base.args if not t.could_extract_minus_sign()]
            minus = [-t for t in square.base.args if t.could_extract_minus_sign()]
            if len(plus) == 1 and len(minus) == 1:
                return plus[0], minus[0]
        return None

    def _latex(self, printer):
        sides = self._sides()
        if sides is None:
            return printer._print(sp.Max(*self.args, evaluate=False))
        return rf"\mathbb{{1}}[{printer._print(sides[0])} = {printer._print(sides[1])}]"

    def _sympystr(self, printer):
        sides = self._sides()
        if sides is None:
            return printer._print(sp.Max(*self.args, evaluate=False))
        return f"1[{printer._print(sides[0])} = {printer._print(sides[1])}]"


def _as_max(self, printer):
    """Code printers (lambdify) know Max by its class name: they print the plain Max."""
    return printer._print(sp.Max(*self.args, evaluate=False))


for _method in ("_pythoncode", "_lambdacode", "_mpmathcode", "_numpycode", "_scipycode"):
    setattr(SameLabel, _method, _as_max)


def same_label(a: sp.Expr, b: sp.Expr) -> sp.Expr:
    """𝟙[a = b] for whole-number labels a, b."""
    return SameLabel(0, 1 - (a - b) ** 2)


def loose_label(expr: sp.Basic, labels) -> str | None:
    """The first label of ``expr`` outside a comparison ``same_label``: a label used as a number."""
    if isinstance(expr, SameLabel):
        return None
    if isinstance(expr, sp.Indexed) and expr.base in labels:
        index = ",".join(str(i) for i in expr.indices)
        return f"{expr.base}_{index}" if len(index) == 1 else f"{expr.base}_{{{index}}}"
    for arg in expr.args:
        found = loose_label(arg, labels)
        if found is not None:
            return found
    return None


class LabelsMixin(ValueConditionsMixin, SetMembershipMixin):
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads labels
    and conditioned sums.  First among the Translator's bases: its ``_sum`` reads the
    sums whose conditions compare labels or name a conditioned set, and passes every
    other sum on."""

    # --- labels -------------------------------------------------------------------
    def _label_side(self, tree):
        """y_k of a declared family of labels, as its entry y[k]; None for anything else."""
        tree = unwrap(tree)
        if not (isinstance(tree, Tree) and tree.data == "subscript"):
            return None
        key = self.atom_key(tree.children[0])
        meaning = self.scope.lookup(key) if key is not None else None
        if not (isinstance(meaning, Family) and meaning.base in self.scope.labels):
            return None
        self.reading_label = True       # consumed by the subscript that reads y_k
        try:
            return self.value(tree)
        finally:
            self.__dict__.pop("reading_label", None)

    def refuse_label(self, meaning, op) -> None:
        """y_k of a family of labels read as a number (anywhere but where labels are compared)."""
        comparing = self.__dict__.pop("reading_label", False)
        if isinstance(meaning, Family) and meaning.base in self.scope.labels and not comparing:
            raise self.fail(op, f"'{self.source(op).strip()}' is a class label (role \"label\"): it has no "
                                f"value; {_SAYS}")

    def indicator_letter(self, key: str | None, op) -> bool:
        r"""Whether ``key`` (undeclared; None for the digit 1) applied by ``op`` is an indicator: ``I(y_i = y_j)``,
        ``\mathbb{I}[k \neq i]``, ``\mathbb{I}_{[y_i \neq y_j]}`` (the letter I of papers and
        READMEs, where 𝟙 is not at hand), its argument one relation; said in the reading.  A
        declared I (the mutual information I(X; Y)) is never this."""
        # 1_{[k \neq i]} and {1}_{[k \neq i]}: the digit one for 𝟙, with a condition as its subscript
        if not (key in _INDICATOR_LETTERS or key is None and op.data == "subscript") \
                or op.data not in ("call", "subscript"):
            return False
        tree = unwrap(op.children[1])
        if isinstance(tree, Tree) and tree.data == "script_group" and len(tree.children[0].children) == 1:
            tree = unwrap(tree.children[0].children[0])
        if isinstance(tree, Tree) and tree.data in ("bracket", "paren"):
            items = tree.children[0]
            tree = unwrap(items.children[0]) if len(items.children) == 1 else None
        if not (isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3
                and relation_name(str(tree.children[1].children[0])) in ("=", "!=", "<", "<=", ">", ">=")):
            return False
        written = "".join(self.source(op.children[0]).split())
        note = (f"{written}(…) of a condition, which the notation does not declare, is read as the indicator "
                "\\mathbb{1}[…]") if key is not None else \
            "1 with a condition as its subscript (1_{[k \\neq i]}) is read as the indicator \\mathbb{1}_{[…]}"
        self.readings.extend([note] if note not in self.readings else [])
        return True

    def t_bracket(self, node):
        """A bracket where a value is expected: its value, its list (translator.py), or ``[X_n = k]``, a
        bracket around one condition (no value is written so): Iverson's bracket, read as
        ``\\mathbb{1}[X_n = k]`` is, and said."""
        items = node.children[0]
        item = unwrap(items.children[0]) if node.data == "bracket" and len(items.children) == 1 else None
        if not (isinstance(item, Tree) and item.data == "item" and len(item.children) == 3):
            return self._items(items, single=True, vectors=True)
        note = "[…] of a condition is read as Iverson's bracket, the indicator \\mathbb{1}[…]"
        self.readings.extend([note] if note not in self.readings else [])
        return self._indicator(node)

    def _indicator(self, arg):
        """``\\mathbb{1}_{[k \\neq i]}``, ``\\mathbb{1}_{k \\neq i}``, ``\\mathbb{1}[k \\neq i]``: 1 − δ_{k,i};
        with ``=``, δ_{k,i}.  The condition compares indices (whole numbers) or class
        labels (y_i = y_j: :mod:`.labels`), or orders two values (``\\mathbb{1}[a > b]``, the
        hinge's active set: the step of a − b); an equality of other values is refused."""
        tree = arg
        if isinstance(tree, Tree) and tree.data == "script_group" and len(tree.children[0].children) == 1:
            tree = unwrap(tree.children[0].children[0])
        if isinstance(tree, Tree) and tree.data in ("bracket", "paren", "set"):
            items = tree.children[1] if tree.data == "set" else tree.children[0]
            elements = [c for c in items.children if isinstance(c, Tree)]
            tree = unwrap(elements[0]) if len(elements) == 1 and len(items.children) == 1 else None
        if isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3:
            if self._compares_finite(tree):         # y_{ij} = 1 of a binary family
                return self._value_condition(tree)
            labels = self.label_condition(tree)      # y_i = y_j, y_i \neq y_j
            if labels is not None:
                return labels
            left, rel, right = tree.children
            relation = relation_name(str(rel.children[0]))
            if relation in ("in", "\\notin"):     # 1[j \in P_b]: Σ_{k ∈ S} δ_{j,k} (set_membership.py)
                inside = self.membership_indicator(left, right, arg)
                return inside if relation == "in" else 1 - inside
            if relation in ("=", "!="):
                self.refuse_index_of_an_optimum(tree, arg)     # 1[i = \arg\max_j s_j] (value_conditions.py)
            a, b = self.expr(left), self.expr(right)
            if relation in ("=", "!=") and not (a.is_integer and b.is_integer):
                raise self.fail(arg, f"the indicator of '{self.source(tree).strip()}' tests two values for "
                                     "equality, which a sampled point almost never meets; an indicator compares "
                                     "indices (k \\neq i), class labels (y_i = y_j, with y a [[family]] of role "
                                     "\"label\") or orders two values (\\mathbb{1}[a > b])")
            if relation in ("<", "<=", ">", ">="):
                # 1[a > b]: the step of a − b, 0 at the tie for a strict relation, 1 otherwise
                difference = a - b if relation in (">", ">=") else b - a
                return sp.Heaviside(difference, 0 if relation in ("<", ">") else 1)
            delta = sp.KroneckerDelta(a, b)
            if relation == "!=":
                return 1 - delta
            if relation == "=":
                return delta
        raise self.fail(arg, "an indicator is written \\mathbb{1}_{[k \\neq i]}, \\mathbb{1}_{k = i} or "
                             "\\mathbb{1}[k \\neq i]")

    def label_condition(self, item) -> sp.Expr | None:
        """𝟙 of ``y_a = y_b`` or ``y_a \\neq y_b``; None when neither side is a label.  A label
        compared with anything but a label, or by another relation, is refused."""
        if not (isinstance(item, Tree) and item.data in ("item", "chain") and len(item.children) == 3):
            return None
        left, rel, right = item.children
        a, b = self._label_side(left), self._label_side(right)
        if a is None and b is None:
            return None
        shown = self.source(item).strip()
        if a is None or b is None:
            other = right if a is not None else left
            raise self.fail(other, f"'{shown}' compares a class label with "
                                   f"'{self.source(other).strip()}', which is not a label: a label has no "
                                   f"value; {_SAYS}")
        relation = relation_name(str(rel.children[0]))
        if relation not in ("=", "!="):
            raise self.fail(rel, f"'{shown}': class labels are not ordered; {_SAYS}")
        same = same_label(a, b)
        return same if relation == "=" else 1 - same

    def condition_factor(self, row) -> sp.Expr:
        """𝟙 of one condition of a set defined by a condition (``where``): indices compared
        (p \\neq i, p = i) or class labels compared (y_p = y_i, y_p \\neq y_i)."""
        if not (isinstance(row, Tree) and len(row.children) == 3 and isinstance(row.children[1], Tree)
                and row.children[1].data == "relation"):
            raise self.fail(row, "a set's condition is one comparison, such as p \\neq i or y_p = y_i")
        found = self.label_condition(row)
        if found is not None:
            return found
        left, rel, right = row.children
        relation = relation_name(str(rel.children[0]))
        a, b = self.expr(left), self.expr(right)
        if relation in ("=", "!=") and a.is_integer and b.is_integer:
            delta = sp.KroneckerDelta(a, b)
            return delta if relation == "=" else 1 - delta
        raise self.fail(row, f"'{self.source(row).strip()}' is not read as a set's condition: a condition "
                             "compares indices (p \\neq i) or class labels (y_p = y_i)")

    def refuse_loose_points(self, expr, node) -> None:
        """A data point, or a class label, used as a number."""
        super().refuse_loose_points(expr, node)
        if self.scope.labels and isinstance(expr, sp.Basic):
            loose = loose_label(expr, self.scope.labels)
            if loose is not None:
                raise self.fail(node, f"{loose} is a class label (role \"label\"): it has no value; {_SAYS}")

    def t_juxt(self, node):
        r"""``\mathbb{1}\{y_i = y_j\}`` (an indicator before braces) anywhere in a product."""
        rebuilt = self._indicator_braces(node)
        if rebuilt is node:
            return super().t_juxt(node)
        return self.value(rebuilt)

    def t_dot(self, node):
        rebuilt = self._indicator_braces(node)
        if rebuilt is node:
            return super().t_dot(node)
        return self.value(rebuilt)

    def _indicator_braces(self, node):
        """``node`` with each indicator followed by braces made one node; ``node`` itself
        when there is none."""
        if not isinstance(node, Tree) or node.data not in ("juxt", "dot"):
            return node
        if node.data == "dot":
            tail = self._indicator_braces(node.children[2])
            return node if tail is node.children[2] else Tree("dot", node.children[:2] + [tail], node.meta)
        head, tail = node.children
        key = self.atom_key(head) if isinstance(head, Tree) else None
        if key is not None and self.scope.lookup(key) is Builtin.INDICATOR:
            braces = tail.children[0] if isinstance(tail, Tree) and tail.data == "juxt" else tail
            if isinstance(braces, Tree) and braces.data == "set":
                merged = Tree("indicator_braces", [head, braces], node.meta)
                if braces is tail:
                    return merged
                return Tree("juxt", [merged, self._indicator_braces(tail.children[1])], node.meta)
        rest = self._indicator_braces(tail)
        return node if rest is tail else Tree("juxt", [head, rest], node.meta)

    def t_indicator_braces(self, node):
        return self._indicator(node.children[1])

    # --- sums whose conditions compare labels or name a conditioned set ------------------
    def _sum(self, op, operand):
        lower, upper = _scripts(op)
        if str(op.children[0]).startswith(r"\prod"):
            return self.product_over(op, lower, upper, operand)
        tuples = self.tuple_sum(op, lower, upper, operand) if lower is not None else None
        if tuples is None and lower is not None:
            tuples = self.member_sum(op, lower, upper, operand) or self.power_sum(op, lower, upper, operand)
        if tuples is not None:
            return tuples
        ordered = self.ordered_indices_sum(lower, upper, operand, op)
        if ordered is not None:     # \sum_{1 \le j < k \le N}, \sum_{i<j}, \sum_{j,k : j \neq k}
            return ordered
        over_a_set = self.set_expression_sum(lower, upper, operand, op)
        if over_a_set is not None:  # \sum_{k \in [2N] \setminus \{i\}}
            return over_a_set
        groups = self.index_groups(lower, upper)
        if groups is not None and any(self._conditioned_member(group[0]) for group in groups):
            return self.grouped_sum(groups, operand, op)    # \sum_{i \in N, j \in P}: nested
        parts = self._conditioned_parts(lower)
        if parts is None:
            return super()._sum(op, operand)
        return self.conditioned_total(*self.conditioned_terms(op, lower, upper, operand, parts))

    def conditioned_total(self, variable, term, factor, lo, hi, skip):
        """Σ of ``factor`` · ``term`` over the index's range without its skipped value."""
        body = term.body if isinstance(term, (VectorValue, MatrixValue)) else term
        if skip is not None and certainly_equal(skip, lo):
            total = sp.Sum(factor * body, (variable, lo + 1, hi))
        elif skip is not None:
            total = enc.sum_except(factor * body, variable, lo, hi, skip)
        else:
            total = sp.Sum(factor * body, (variable, lo, hi))
        return componentwise(term, lambda _: total)

    def conditioned_terms(self, op, lower, upper, operand, parts, read=None):
        """(index, term, condition, lo, hi, value left out) of a sum or maximum whose
        subscript compares labels or names a conditioned set: the term read with the index
        bound (by ``read`` of the translator that binds it, when given: the sums nested
        inside), and the product of the indicators of its conditions."""
        name, rest, labels, member = parts
        lo = hi = skip = None
        if rest:
            found = self._conditions_range(rest, upper, op)
            if found is None:
                raise self.fail(lower, "this sum's conditions are not understood (write them as k \\in S, "
                                       "k = 1, \\dots, N, k \\neq i or y_k = y_i, separated by commas)")
            found_name, lo, hi, skip = found
            if name is not None and found_name != name:
                raise self.fail(lower, f"the conditions of this sum name two indices ({name}, {found_name})")
            name = found_name
        elif upper is not None:
            lo, hi = sp.Integer(1), self.expr(upper)
        if name is None and member is not None:
            name = member[0]
        if name is None:
            raise self.fail(lower, "this sum's conditions compare labels but do not say which index it runs "
                                   "over (write \\sum_{j : y_j = y_i} or \\sum_{j \\neq i, y_j = y_i})")
        if member is not None:
            if member[0] != name:
                raise self.fail(lower, f"the conditions of this sum name two indices ({member[0]}, {name})")
            if lo is not None:
                raise self.fail(lower, "this sum's index is given two ranges")
            lo, hi = member[1].lo, member[1].hi
        variable = self._fresh(name)
        inner = self.within(self.scope.bind(name, variable))
        term = read(inner) if read is not None else inner.term(operand)
        body = term.body if isinstance(term, (VectorValue, MatrixValue)) else term
        factor = sp.Integer(1)
        for item in labels:
            factor *= inner._value_condition(item) if inner._compares_finite(item) else \
                inner._drawn_condition(item) if inner._compares_drawn(item) else inner.label_condition(item)
        if member is not None:
            factor *= member[1].condition.xreplace({member[1].index: variable})
        # an index with no range written runs over the families it indexes, the labels
        # of its conditions included (\sum_{j : y_j = y_i} 1 runs over y's length)
        if lo is None:
            lo, hi = self._infer_range(factor * body, variable, op, skip)
        elif hi is None:
            hi = self._infer_range(factor * body, variable, op)[1]
        return variable, term, factor, lo, hi, skip

    def _conditioned_parts(self, lower):
        """(name or None, the other conditions, the label comparisons, (name, set) of a
        membership in a conditioned set or None) of a sum's subscript that compares labels,
        names a conditioned set or binds its index with a colon; None for any other."""
        if not (isinstance(lower, Tree) and lower.data == "script_group"):
            return None
        children = lower.children[0].children
        elements = [unwrap(c) for c in children if isinstance(c, Tree)]
        separators = [str(c) for c in children if not isinstance(c, Tree)]
        if not elements or not set(separators) <= {",", ":"}:
            return None
        colon = separators.count(":")
        labels, rest, member, name = [], [], None, None
        # j : c_j = t, the index named before a colon: a class of a family of indices compared, not j
        named = str(elements[0].children[0]) if colon and bare_letter(elements[0]) else None
        for element in elements:
            if self._compares_labels(element) or named is not None and self._compares_drawn(element) \
                    and not any(bare_letter(unwrap(side)) and str(unwrap(side).children[0]) == named
                                for side in element.children[::2]):
                labels.append(element)
                continue
            found = self._conditioned_member(element)
            if found is not None:
                if member is not None:
                    raise self.fail(element, "this sum's index is given two ranges")
                member = found
                continue
            rest.append(element)
        if colon:
            # j : y_j = y_i, the index before the colon; one colon, right after it
            if colon > 1 or separators[0] != ":":
                raise self.fail(lower, "a sum's subscript is read with one colon, after its index "
                                       "(\\sum_{j : y_j = y_i})")
            first = elements[0]
            if bare_letter(first) or self._bound_name(first):
                name = self._bound_name(first) or str(first.children[0])
                rest = [e for e in rest if e is not first]
        elif not labels and member is None:
            return None
        return name, rest, labels, member

    def _compares_labels(self, element) -> bool:
        if not (isinstance(element, Tree) and element.data == "item" and len(element.children) == 3):
            return False
        return any(self._is_label_name(side) for side in (element.children[0], element.children[2])) \
            or self._compares_finite(element)

    def _is_label_name(self, tree) -> bool:
        tree = unwrap(tree)
        if not (isinstance(tree, Tree) and tree.data == "subscript"):
            return False
        key = self.atom_key(tree.children[0])
        meaning = self.scope.lookup(key) if key is not None else None
        return isinstance(meaning, Family) and meaning.base in self.scope.labels

    def _conditioned_member(self, element):
        """(k, the set) of ``k \\in P(i)``, ``k \\in N_i`` or ``k \\in Q`` with a set defined by a
        condition; None for any other item."""
        if not (isinstance(element, Tree) and element.data == "item" and len(element.children) == 3):
            return None
        left, rel, right = element.children
        if relation_name(str(rel.children[0])) != "in":
            return None
        found = self.conditioned_set(right)
        if found is None:
            return None
        name = self._bound_name(left) or self.entry_bound_index(left, found.name)
        if name is None:
            raise self.fail(left, f"'{self.source(left).strip()}' is not a bound index: a sum over "
                                  f"{found.name} is written \\sum_{{k \\in {found.name}}}")
        return name, found
