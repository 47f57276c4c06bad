r"""A sum over several indices named in one subscript, each with its range and conditions:
``\sum_{l \in \{1,2\}, j \in [\![1,N]\!], j \neq i}`` (the decoupled contrastive loss) is
Σ_{l ∈ {1, 2}} Σ_{j ∈ 1…N, j ≠ i}.

Each membership or equation (``j \in S``, ``k = 1, \dots, N``) starts the range of a new index;
a condition ``a \neq b`` goes with the index it names that is bound last (so that the other
one is already bound, or declared outside); one that names no such index (``j \neq i`` with
j new, after another index's range) starts the index it names first, over the range the body gives
it (``\sum_{l \in \{1,2\}, j \neq i}``: Σ_l Σ_{j ≠ i}, j over the rows the body indexes).  Each index's range is read as a sum of one
index reads it (:meth:`SetsMixin._conditions_range`), and the sums nest in the order
written; an index over a set defined by a condition keeps it (``\sum_{i \in \Omega_{neg},
j \in \Omega_{pos}}`` is Σ_{i ∈ Ω_neg} Σ_{j ∈ Ω_pos}).  A subscript with one index is not
read here."""
from __future__ import annotations

import lark
import sympy as sp

from ...model.nodes import MaxOver
from .operators import range_sum
from .trees import is_ellipsis, spread_written_ranges, unwrap
from .values import MatrixValue, VectorValue, componentwise, relation_name

Tree = lark.Tree


class GroupedSumsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a sum over
    several indices each with its own range."""

    def index_groups(self, lower, upper) -> list | None:
        """The items of the subscript, one list per index in the order written; None unless
        two or more indices each get a range by a membership or an equation."""
        lower = spread_written_ranges(lower)       # j = 1 \dots P, n = 1 \dots K
        if upper is not None or not (isinstance(lower, Tree) and lower.data == "script_group"):
            return None
        items = lower.children[0]
        if {str(c) for c in items.children if not isinstance(c, Tree)} - {",", ";"}:
            return None
        elements = [unwrap(c) for c in items.children if isinstance(c, Tree)]
        groups, names = [], []
        position = 0
        while position < len(elements):
            element = elements[position]
            position += 1
            relation = _relation(element)
            if is_ellipsis(element) and groups and position < len(elements):
                # k = 1, \dots, N: the ellipsis and the last member go with k
                groups[-1] += [element, elements[position]]
                position += 1
            elif relation in ("in", "="):
                name = self._bound_name(element.children[0])
                if name is None or name in names:
                    return None
                groups.append([element])
                names.append(name)
            elif relation == "!=" and groups:
                left, right = (self._bound_name(side) for side in (element.children[0], element.children[2]))
                owners = [n for n in (left, right) if n in names]
                if owners:
                    groups[max(names.index(n) for n in owners)].append(element)
                    continue
                # \sum_{l \in \{1,2\}, j \neq i} (DCL's Proposition 1): j, named first and bound by nothing
                # around, starts an index of its own, over the range the body gives it, i left out
                first, _ = self.unbound_first(element.children[0], element.children[2])
                name = self._bound_name(first)
                if name is None or name in names:
                    return None
                groups.append([element])
                names.append(name)
            else:
                return None
        return groups if len(groups) > 1 else None

    def grouped_sum(self, groups: list, operand, op):
        r"""Σ over the first group's index of the sum over the others, then the operand.  A
        group whose index runs over a set defined by a condition (``i \in \Omega_{neg}``) is
        read with that condition, as the sum of its one index reads it."""
        def rest(inner):
            return inner.grouped_sum(groups[1:], operand, op) if len(groups) > 1 else inner.term(operand)
        member = self._conditioned_member(groups[0][0])
        if member is not None:
            parts = (None, groups[0][1:], [], member)
            return self.conditioned_total(*self.conditioned_terms(op, op, None, operand, parts, read=rest))
        variable, inner, lo, hi, skip = self._first_group(groups, op, "sum")
        term = rest(inner)
        body = term.body if isinstance(term, (VectorValue, MatrixValue)) else term
        if lo is None and all(_relation(e) == "!=" for e in groups[0]) and not body.has(variable):
            # \sum_{k \in I, j \neq i} s_k: j has no range and the body does not use it, so whether j
            # \neq i is a sum over j or a condition on two indices around is not written
            written = " ".join(self.source(groups[0][0]).split())
            raise self.fail(op, f"the conditions of this sum name two indices: '{written}' gives its index no range "
                                "and the body does not use it (a sum over it, or a condition on indices around the "
                                "sum? Neither is read: write the sum's index and range, or the condition apart)")
        if lo is None:
            lo, hi = self._infer_range(body, variable, op, skip)
        total = range_sum(body, variable, lo, hi, skip)
        return componentwise(term, lambda _: total)

    def _first_group(self, groups: list, op, what: str):
        """(its bound index, the translator that binds it, lo, hi, the value left out) of the first
        group of a sum or an extremum (``what``) over several indices; a range not written is
        (None, None), for the caller to infer from the body."""
        found = self._conditions_range(groups[0], None, op)
        if found is None:
            raise self.fail(op, f"the range of one index of this {what} over several indices is not read (write "
                                "each as k \\in [N], k \\in S or k = 1, \\dots, N, conditions as k \\neq i)")
        name, lo, hi, skip = found
        if lo is not None and hi is None:
            raise self.fail(op, f"the index {name} of this {what} over several indices starts at "
                                f"{sp.latex(lo)} and its end is not written (write {name} \\in [N] or "
                                f"{name} = 1, \\dots, N)")
        variable = self._fresh(name)
        return variable, self.within(self.scope.bind(name, variable)), lo, hi, skip

    def grouped_extremum(self, groups: list, operand, op, pick: str):
        r"""``\min_{j=1 \dots P, n=1 \dots K, j \neq i} D_{i,a,j,n}`` (the batch-hard triplet
        loss's hardest negative): the extreme value over every index of the groups, each over
        its range without its skipped value, as a sum over them reads them.  A maximum over no
        value is undefined, never −∞."""
        signed = self._signed_extremum(groups, operand, op, pick)
        return signed if pick == "max" else -signed

    def _signed_extremum(self, groups: list, operand, op, pick: str):
        variable, inner, lo, hi, skip = self._first_group(groups, op, f"\\{pick}")
        if len(groups) > 1:
            body = inner._signed_extremum(groups[1:], operand, op, pick)
        else:
            term = inner.term(operand)
            if not isinstance(term, sp.Expr):
                raise self.fail(op, f"\\{pick} of a vector is not read")
            body = term if pick == "max" else -term
        if lo is None:
            lo, hi = self._infer_range(body, variable, op, skip)
        return MaxOver(body, variable, lo, hi, *(() if skip is None else (skip,)))


def _relation(element) -> str | None:
    if isinstance(element, Tree) and element.data == "item" and len(element.children) == 3 \
            and isinstance(element.children[1], Tree) and element.children[1].data == "relation":
        return relation_name(str(element.children[1].children[0]))
    return None
