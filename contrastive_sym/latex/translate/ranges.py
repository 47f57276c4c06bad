r"""Operators over an index range other than the plain sum: ``\max_{k \neq i}``,
``\min_k``, ``\prod_{k=1}^N``, sums over the tuples of a set the data gives
(``\sum_{(i,j) \in \mathcal{P}}``), over the members of a set of points
(``\sum_{\mathbf{x}' \in X}``), and ``\sum_{b \neq b'}`` over the pairs in a definition."""
from __future__ import annotations

from dataclasses import replace

import lark
import sympy as sp

from ...errors import ParseError
from ...model.empty_ranges import product
from ...model.nodes import Guarded, MaxOver
from ..scope import IndexSet
from .ambiguity import insertions_ambiguous
from .compare import certainly_equal
from .trees import unwrap
from .values import relation_name

Tree = lark.Tree


class RangesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads
    maxima, minima, products and sums over tuples and members."""

    def tuple_sum(self, op, lower, upper, operand):
        r"""``\sum_{(i, j) \in \mathcal{P}}`` over a set of tuples the data gives: each
        component not bound here (by an enclosing sum, or written by the name being
        defined: i in \mathcal{L}^{(ij)}) runs over the set's range, and each term is
        weighted by the membership.  None when the sum is not of this form."""
        parts = self.tuple_terms(op, lower, upper, operand)
        if parts is None:
            return None
        found, bound, term, weight = parts
        if not isinstance(term, sp.Expr):
            raise self.fail(op, f"a sum of vectors over the tuples of {found.name} is not read")
        return sp.Sum(weight * term, *((v, found.lo, found.hi) for v in bound))

    def tuple_terms(self, op, lower, upper, operand):
        """(the set, the indices that run, the term, the membership) of an operator over
        the tuples of a set the data gives; None when its subscript is not of this form."""
        member = tuple_member(lower) if upper is None else None
        if member is None:
            return None
        left, right = member
        found = self.conditioned_set(right)
        if found is None or not found.components:
            return None
        names = self.tuple_names(left)
        if None in names or len(names) != len(found.components) or len(set(names)) != len(names):
            raise self.fail(left, f"the members of {found.name} are tuples of {len(found.components)} "
                                  "indices, written as distinct letters: (i, j)")
        scope, bound, values = self.scope, [], []
        for name in names:
            if self.index_is_bound_here(name):
                values.append(self.scope.lookup(name))
                continue
            variable = self._fresh(name)
            scope = scope.bind(name, variable)
            bound.append(variable)
            values.append(variable)
        if not bound:
            raise self.fail(left, f"every index of {self.source(left).strip()} is bound here: a sum over "
                                  f"{found.name} needs one that runs")
        term = self.within(scope).term(operand)
        weight = found.condition.xreplace(dict(zip(found.components, values)))
        return found, bound, term, weight

    def extremum(self, op, lower, operand, pick: str, upper=None):
        r"""``\max_k f``, ``\max_{k \neq i} f``, ``\max_{k \in [N]} f``, ``\max_{k \in I} f``
        (``\min`` alike): the extreme value of f over the index's range, as a sum's range
        is read (a range not written is the one of the families f indexes).  A maximum
        over nothing is undefined, never −∞.  Over a set defined by a condition or given
        by the data it is not read yet; a best critic ``\max_g`` is an [[operator]]."""
        shown = "".join(self.source(lower).split())
        shown = shown[1:-1] if shown.startswith("{") and shown.endswith("}") else shown
        if upper is not None:       # \max_{k=1}^{N}, \max_{l=1; l \neq k}^{B}: a range as a sum's
            variable, term, lo, hi, skip = self._over_index(op, lower, upper, operand, f"\\{pick}_{{{shown}}} over "
                                                            "a set and to an upper limit is not read",
                                                            f"\\{pick} of a vector is not read")
            return MaxOver(term, variable, lo, hi, *([] if skip is None else [skip])) if pick == "max" else \
                -MaxOver(-term, variable, lo, hi, *([] if skip is None else [skip]))
        guarded = self._guarded_extremum(op, lower, operand, pick, shown)
        if guarded is not None:
            return guarded
        groups = self.index_groups(lower, None)     # \min_{j=1 \dots P, n=1 \dots K, j \neq i}
        if groups is not None:
            return self.grouped_extremum(groups, operand, op, pick)
        names = self._several_indices(lower) or self._index_run(lower)
        if names is not None:
            return self._nested_extremum(names, operand, op, pick)
        pairs = self.ordered_extremum(lower, operand, op, pick)      # \max_{a \neq b}: ordered_indices.py
        if pairs is not None:
            return pairs
        # \max_{1 \le k \le N}, \min_{k < i}: the index written by conditions (ordered_indices.py)
        variable, term, lo, hi, skip = self.ordered_range(lower, operand, op) or self._over_index(
            op, lower, None, operand, f"\\{pick}_{{{shown}}} over the members of a set defined by a condition or "
            "given by the data is not read yet", f"\\{pick} of a vector is not read",
            unread=f"\\{pick}_{{{shown}}} is not read: a maximum or minimum is over an index (\\{pick}_k, "
                   f"\\{pick}_{{k \\neq i}}, \\{pick}_{{k \\in [N]}}); a best critic \\max_g is read when "
                   "declared as an [[operator]]")
        left_out = () if skip is None else (skip,)
        if pick == "max":
            return MaxOver(term, variable, lo, hi, *left_out)
        return -MaxOver(-term, variable, lo, hi, *left_out)

    def fresh_bound(self, names: list[str]) -> tuple:
        """The scope with each of ``names`` bound to a fresh index (of a sum or an extremum over
        several), and those indices in the order of the names."""
        scope, variables = self.scope, []
        for name in names:
            variable = self._fresh(name)
            scope = scope.bind(name, variable)
            variables.append(variable)
        return scope, variables

    def _nested_extremum(self, names: list[str], operand, op, pick: str):
        r"""``\max_{i,j} f`` (or ``\max_{ij}``): max_i max_j f, each index over the range the
        families f indexes give, as ``\sum_{i,j}`` reads it; ``\min`` alike."""
        scope, variables = self.fresh_bound(names)
        term = self.within(scope).term(operand)
        if not isinstance(term, sp.Expr):
            raise self.fail(op, f"\\{pick} of a vector is not read")
        body = term if pick == "max" else -term
        for variable in reversed(variables):
            body = MaxOver(body, variable, *self._infer_range(body, variable, op))
        return body if pick == "max" else -body

    def tuple_names(self, left) -> list:
        """The letters of the tuple ``(i, k)`` (None for an element that is not one)."""
        return [self._bound_name(unwrap(c)) for c in unwrap(left).children[0].children if isinstance(c, Tree)]

    def power_sum(self, op, lower, upper, operand):
        r"""``\sum_{(i, j) \in \{1, \ldots, N\}^2}``, ``\sum_{(i, j) \in [N] \times [N]}``: every tuple of a
        range's power, one sum per name (Σ_i Σ_j), each over the range; None for any other subscript."""
        member = tuple_member(lower) if lower is not None and upper is None else None
        if member is None:
            return None
        left, right = member
        names, elements = self.tuple_names(left), [c for c in unwrap(left).children[0].children if isinstance(c, Tree)]
        factors = _power_factors(unwrap(right), len(names))
        if factors is None or None in names or len(set(names)) != len(names):
            return None
        ranges = [self._member(unwrap(element), factor)[1] for element, factor in zip(elements, factors)]
        if None in ranges or any(not (certainly_equal(a[0], ranges[0][0]) and certainly_equal(a[1], ranges[0][1]))
                                 for a in ranges):
            return None         # ranges that differ: not read here (the sum names why)
        return self._nested_sum(names, operand, op, ranges[0])

    def _guarded_extremum(self, op, lower, operand, pick: str, shown: str):
        r"""``\max_{p \in P(i)} f``, ``\max_{j : y_j = y_i} f``, ``\max_{(i,k) \in \mathcal{N}} f``:
        the extreme value of f over the members of a set defined by a condition or given by
        the data (a maximum over no member is undefined); None for any other subscript."""
        parts = self.tuple_terms(op, lower, None, operand)
        if parts is not None:
            found, bound, term, condition = parts
            if len(bound) != 1:
                raise self.fail(op, f"\\{pick}_{{{shown}}} with {len(bound)} indices that run is not read: "
                                    "a maximum or minimum runs over one index")
            variable, lo, hi, skip = bound[0], found.lo, found.hi, None
        else:
            conditioned = self._conditioned_parts(lower)
            if conditioned is None:
                return None
            variable, term, condition, lo, hi, skip = self.conditioned_terms(op, lower, None, operand,
                                                                             conditioned)
        if not isinstance(term, sp.Expr):
            raise self.fail(op, f"\\{pick} of a vector is not read")
        left_out = () if skip is None else (skip,)
        if pick == "max":
            return MaxOver(Guarded(term, condition), variable, lo, hi, *left_out)
        return -MaxOver(Guarded(-term, condition), variable, lo, hi, *left_out)

    def member_sum(self, op, lower, upper, operand):
        r"""``\sum_{\mathbf{x}' \in X} f(\mathbf{x}')`` with X a set whose ``members`` are a
        declared family of points (X = {x_1, …, x_N}): the name written before ``\in`` is each
        member in turn, Σ_{k} f(x_k).  None when the sum is not of this form."""
        items = lower.children[0].children if isinstance(lower, Tree) and lower.data == "script_group" else []
        elements = [c for c in items if isinstance(c, Tree)]
        member = unwrap(elements[0]) if len(elements) == 1 and upper is None else None
        if not (isinstance(member, Tree) and member.data == "item" and len(member.children) == 3
                and relation_name(str(member.children[1].children[0])) == "in"):
            return None
        left, _, right = member.children
        found = self.declared_set(right) if isinstance(right, Tree) else None    # X, X_{neg}, \mathcal{D}
        if not isinstance(found, IndexSet) or found.members is None or unwrap(left).data == "subscript":
            return None
        k = self._fresh("k")
        if found.records:
            scope = self.scope
            for name, base in self._record_names(left, found):
                scope = scope.bind(name, base[k])
        else:
            name = self._written_key(left)
            meaning = self.scope.lookup(name)
            # \sum_{x \in X} with x the members' own family name: each member in turn
            if meaning is not None and not isinstance(meaning, sp.Basic) \
                    and getattr(meaning, "base", None) != found.members:
                return None
            scope = self.scope.bind(name, found.members[k])
        term = self.within(scope).term(operand)
        if not isinstance(term, sp.Expr):
            raise self.fail(op, f"a sum of vectors over the members of {found.name} is not read")
        total = sp.Sum(term, (k, found.lo, found.hi))
        if found.sample is not None and found.sample.positive_member and not found.records:
            # X = {x^*, x_1, …, x_{N-1}}: the positive written apart is the first term
            total = self.within(self.scope.bind(name, found.sample.positive)).term(operand) + total
        return total

    def _record_names(self, left, found: IndexSet) -> list:
        r"""(name, family) of each name a sum over a set of records binds: the names of
        ``(a, b) \in \mathcal{D}`` in the order of the record, or with one name of the record
        written (``s \in \mathcal{D}`` of records (s, s^+)), every name of the record."""
        keys = [k for k, _ in found.records]
        shown = "(" + ", ".join(keys) + ")"
        tree = unwrap(left)
        if isinstance(tree, Tree) and tree.data == "paren":
            names = [self._written_key(unwrap(c)) for c in tree.children[0].children if isinstance(c, Tree)]
            if len(names) != len(keys) or len(set(names)) != len(names):
                raise self.fail(left, f"the members of {found.name} are records {shown}: write "
                                      f"{len(keys)} distinct names, one for each")
            return [(name, base) for name, (_, base) in zip(names, found.records)]
        name = self._written_key(left)
        if name not in keys:
            raise self.fail(left, f"the members of {found.name} are records {shown}: write the record, "
                                  f"\\sum_{{{shown} \\in {found.name}}}, or one of its names")
        return list(found.records)

    def product_over(self, op, lower, upper, operand):
        r"""``\prod_{k=1}^N f``, ``\prod_k f``, ``\prod_{k \neq i} f``, ``\prod_{k \in [N]} f``,
        ``\prod_{-m \le j \le m, j \neq 0} f``: the product of f over the index's range, read as a
        sum's range is.  An empty product is
        1.  Over a set defined by a condition or given by the data it is not read yet."""
        if lower is None:
            raise self.fail(op, "a product needs its index (\\prod_k …)")
        self.refuse_product_beside_a_product(op, operand)
        names = self._several_indices(lower) if upper is None else None
        if names is not None:       # \prod_{u,i}: one product per index, as \sum_{u,i} is one sum per index
            scope, variables = self.fresh_bound(names)
            term = self.within(scope).expr(operand)
            for variable in reversed(variables):
                term = product(term, (variable, *self._infer_range(term, variable, op)))
            return term
        ordered = self.ordered_range(lower, operand, op, "a product") if upper is None else None
        variable, term, lo, hi, skip = ordered or self._over_index(
            op, lower, upper, operand, "\\prod over the members of a set defined by a condition or given by the "
            "data is not read yet", "a product of vectors is not read")
        if skip is None:
            return product(term, (variable, lo, hi))
        # ∏_{k ≠ i}: the factors before i and after it (each may be empty, a product of 1, which
        # must not stand unevaluated: model/empty_ranges.py)
        return product(term, (variable, lo, skip - 1)) * product(term, (variable, skip + 1, hi))

    def refuse_product_beside_a_product(self, op, operand) -> None:
        r"""``\prod_i a_i \prod_j b_j``: the product over i of a_i ∏_j b_j (its body the rest of the product, as
        a sum's body is), or two products side by side?  For a sum the two are one value; for a product they
        differ (∏_j b_j taken N times), and papers mean the second: each reading is checked."""
        factors, tree = [], operand
        while isinstance(tree, Tree) and tree.data in ("juxt", "dot") and len(tree.children) >= 2:
            factors.append(tree.children[0])
            tree = tree.children[-1]
        factors.append(tree)
        later = next((f for f in factors[1:] if isinstance(f, Tree) and f.data == "apply_op"
                      and str(f.children[0].children[0]).startswith("\\prod")), None)
        if later is None or getattr(operand.meta, "empty", True):
            return
        sign, body, second, end = op.meta.start_pos, operand.meta.start_pos, later.meta.start_pos, operand.meta.end_pos
        raise insertions_ambiguous(self, op, "ambiguous: a product written before another product: its body may run "
                                             "over the other (a sum's would) or end before it; write the products "
                                             "in parentheses", [
            ([(body, r"\left("), (end, r"\right)")], "the first product's body runs over the second"),
            ([(sign, r"\left("), (second, r"\right)")], "two products side by side")], kind="product-end")

    def _over_index(self, op, lower, upper, operand, over_a_set: str, of_vectors: str, unread: str | None = None):
        """(index, term, lo, hi, value left out) of a \\max, \\min or \\prod over an index, its
        range read as a sum's is (from the families the term indexes when not written);
        ``over_a_set``, ``of_vectors`` and ``unread`` (a subscript that is no index; else the
        sum's own message) are the refusals of what is not read."""
        items = lower.children[0].children if isinstance(lower, Tree) and lower.data == "script_group" else []
        if any(isinstance(i, Tree) and self._set_member(i) for i in items):
            raise self.fail(op, over_a_set)
        try:
            name, lo, hi, skip = self._sum_range(lower, upper, op)
        except ParseError:
            if unread is None:
                raise
            raise self.fail(op, unread) from None
        variable = self._fresh(name)
        term = self.within(self.scope.bind(name, variable)).term(operand)
        if not isinstance(term, sp.Expr):
            raise self.fail(op, of_vectors)
        if lo is None:      # as a sum's: over a declared index, its range when the term indexes no family
            lo, hi = self._infer_range(term, variable, op, skip, name)
        elif hi is None:
            hi = self._infer_range(term, variable, op)[1]
        return variable, term, lo, hi, skip

    def _set_member(self, item) -> bool:
        """Whether ``item`` is ``k \\in S`` with S a set defined by a condition or given by the data."""
        item = unwrap(item)
        if not (isinstance(item, Tree) and item.data == "item" and len(item.children) == 3
                and relation_name(str(item.children[1].children[0])) == "in"):
            return False
        try:
            return self.conditioned_set(item.children[2]) is not None
        except ParseError:
            return False

    def _unequal_pair(self, lower, upper, operand, op):
        r"""``\sum_{b \neq b'}`` over the pairs: Σ_{b'} Σ_{b ≠ b'}, where b' is one of the
        scope's ``pair_sums`` (a definition that would otherwise depend on b'); None for
        any other sum."""
        items = lower.children[0].children if isinstance(lower, Tree) and lower.data == "script_group" else []
        if upper is not None or not self.scope.pair_sums or len(items) != 1:
            return None
        item = unwrap(items[0])
        if not (isinstance(item, Tree) and item.data == "item" and len(item.children) == 3
                and relation_name(str(item.children[1].children[0])) == "!="):
            return None
        _, other = self.unbound_first(item.children[0], item.children[2])
        name = self._bound_name(other)
        ends = self.scope.index_range(self.scope.lookup(name)) if name in self.scope.pair_sums else None
        if ends is None:
            return None
        variable = self._fresh(name)
        inner = self.within(replace(self.scope.bind(name, variable), pair_sums=self.scope.pair_sums - {name}))
        total = inner._sum(op, operand)
        if not isinstance(total, sp.Expr):
            return None
        return sp.Sum(total, (variable, *ends))


def tuple_member(lower):
    r"""(the tuple, the set) of a subscript that is one ``(i, k) \in S``; None for any other."""
    items = lower.children[0].children if isinstance(lower, Tree) and lower.data == "script_group" else []
    elements = [c for c in items if isinstance(c, Tree)]
    member = unwrap(elements[0]) if len(elements) == 1 else None
    if not (isinstance(member, Tree) and member.data == "item" and len(member.children) == 3
            and relation_name(str(member.children[1].children[0])) == "in"
            and isinstance(unwrap(member.children[0]), Tree) and unwrap(member.children[0]).data == "paren"):
        return None
    return member.children[0], member.children[2]


def _power_factors(written, count: int) -> list | None:
    r"""The factors of ``S^2`` (S twice) or ``S \times T``, one per name of a tuple of ``count``; None
    for any other set."""
    if isinstance(written, Tree) and written.data == "superscript" and len(written.children) == 2:
        power = written.children[1]
        if isinstance(power, Tree) and power.data == "number" and str(power.children[0]) == str(count):
            return [written.children[0]] * count
        return None
    factors = []
    while isinstance(written, Tree) and written.data == "dot" and str(written.children[1]).strip() == "\\times":
        factors.append(written.children[0])
        written = unwrap(written.children[2])
    factors.append(written)
    return factors if len(factors) == count > 1 else None

