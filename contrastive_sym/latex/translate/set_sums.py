r"""Sums over a set written as an expression of sets: ``\sum_{k \in [2N] \setminus \{i\}}``,
``\sum_{k \in \{1, \dots, 2N\} \setminus \{i, j\}}``, ``\sum_{k \in A(i) \cup \{i\}}``,
``\sum_{k \in \{p \in [N] : y_p = y_i\}}``.

The set is read as a row of sets reads it (:mod:`.set_rows`): its indicator at a member, and
the least and greatest members it can have.  The sum runs over that span with the indicator
as a factor, Σ_{k=lo}^{hi} 1[k ∈ E] f(k), so every member is summed once and nothing else is;
the indicator of the span itself is 1 there and is left out."""
from __future__ import annotations

import lark
import sympy as sp

from .set_rows import MEMBER, _bare, _factors, _operation
from .trees import unwrap
from .values import MatrixValue, VectorValue, componentwise, relation_name

Tree, Token = lark.Tree, lark.Token


class SetSumsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a sum over
    a set combined by ``\\setminus``, ``\\cup``, ``\\cap`` or written by a condition."""

    def set_expression_sum(self, lower, upper, operand, op):
        """The sum, or None when the subscript is not one ``k \\in E`` with E such a set."""
        if upper is not None or not (isinstance(lower, Tree) and lower.data == "script_group"):
            return None
        elements = [unwrap(c) for c in lower.children[0].children if isinstance(c, Tree)]
        if len(elements) != 1:
            return None
        item = elements[0]
        if not (isinstance(item, Tree) and item.data == "item" and len(item.children) == 3
                and relation_name(str(item.children[1].children[0])) == "in"):
            return None
        written, name = _bare(item.children[2]), self._bound_name(item.children[0])
        if name is None or not (_combined(written) or _built(written)):
            return None
        members = self._set_of(written)
        if not members.lows:
            raise self.fail(written, f"'{' '.join(self.source(written).split())}' is the empty set: a sum over "
                                     "it is 0, which the document would write")
        lo = self._least(list(members.lows), written)
        hi = members.highs[0] if len(set(members.highs)) == 1 else sp.Max(*members.highs)
        variable = self._fresh(name)
        term = self.within(self.scope.bind(name, variable)).term(operand)
        body = term.body if isinstance(term, (VectorValue, MatrixValue)) else term
        indicator = _without_span(members.indicator, lo, hi).xreplace({MEMBER: variable})
        total = sp.Sum(indicator * body, (variable, lo, hi))
        return componentwise(term, lambda _: total)


def _combined(node) -> bool:
    """``A \\setminus B``, ``A \\cup B``, ``A \\cap B`` (a juxtaposition with an operation)."""
    return isinstance(node, Tree) and node.data == "juxt" and any(_operation(f) for f in _factors(node))


def _built(node) -> bool:
    """``\\{p \\in S : …\\}``, ``\\{p \\in S \\mid …\\}``: a set written by a condition."""
    if not (isinstance(node, Tree) and node.data == "set"):
        return False
    separators = [str(c) for c in node.children[1].children if isinstance(c, Token)]
    return any(s in (":", r"\mid", "\ue004") for s in separators)


def _without_span(indicator: sp.Expr, lo, hi) -> sp.Expr:
    """The indicator with its membership in lo … hi, the span summed over, taken as 1."""
    def spans_it(e) -> bool:
        return isinstance(e, sp.Sum) and len(e.limits) == 1 and tuple(e.limits[0][1:]) == (lo, hi) \
            and isinstance(e.function, sp.KroneckerDelta) and set(e.function.args) == {MEMBER, e.limits[0][0]}
    return indicator.replace(spans_it, lambda e: sp.Integer(1))
