r"""Rows that compare sets: ``A(i) \equiv I \setminus \{i\}``, ``i \in I \equiv \{1 \ldots 2N\}``,
``P(i) \subseteq A(i)``, ``i \notin A(i)``.

A side of such a row is a set of whole numbers: a declared ``[[set]]`` (at its parameters),
``[n]``, ``\{a, b\}``, ``\{1, \ldots, n\}``, ``\{1 \ldots n\}``, a set-builder ``\{p \in S : …\}``
(its conditions as in a ``[[set]]``'s ``where``), ``\emptyset``, and ``\setminus`` (or
``\backslash``), ``\cup`` and ``\cap`` of these.  Each side becomes its indicator vector over
the whole numbers from the least to the greatest member any side can have (component k is 1
when k is a member), so that = (and ≡, which papers write for a set's definition) is the
equality of sets and ⊆ a componentwise ≤; ``k \in S`` is ``\{k\} ⊆ S``, so that a chain
``i \in I \equiv E`` composes to ``i \in E`` as written.  The checker decides these at its
sizes as any vector relation, and a witness's components show the member in one set and
not in the other.  What is not a set of whole numbers (a set of data points, ``\mathbb{R}^d``)
is not read here: the row is read as before, or refused there."""
from __future__ import annotations

from dataclasses import dataclass

import lark
import sympy as sp

from ..scope import SET_KEY, IndexSet
from .trees import is_ellipsis, unwrap
from .values import ListValue, Side, relation_name
from ...model.nodes import Vector

Tree, Token = lark.Tree, lark.Token

_OPERATIONS = {r"\setminus": "minus", r"\backslash": "minus", r"\cup": "union", r"\cap": "intersection"}
_EMPTY = (r"\emptyset", r"\varnothing")
#: the relations a row of sets states, as the relation of their indicator vectors
_RELATIONS = {"=": "=", "same-direction": "=", "in": "<=", r"\subseteq": "<=", r"\supseteq": ">="}
#: what other relations between sets would mean, and why they are not read
_REFUSED = {r"\subset": r"'\subset' means ⊆ to some authors and ⊊ to others: write \subseteq",
            r"\supset": r"'\supset' means ⊇ to some authors and ⊋ to others: write \supseteq",
            r"\subsetneq": r"a strict inclusion '\subsetneq' is not read: write \subseteq",
            r"\supsetneq": r"a strict inclusion '\supsetneq' is not read: write \supseteq",
            r"\ni": r"'\ni' is not read: write the member first, k \in S"}


@dataclass(frozen=True)
class _Members:
    """A set of whole numbers: its indicator at the member ``MEMBER`` (1 or 0, a polynomial
    in Kronecker deltas, exact at every point), and the bounds of the members it can have
    (none for ∅)."""

    indicator: sp.Expr
    lows: tuple = ()
    highs: tuple = ()


MEMBER = sp.Dummy("k", integer=True)


def _in_range(lo, hi) -> sp.Expr:
    j = sp.Dummy("j", integer=True)
    return sp.Sum(sp.KroneckerDelta(MEMBER, j), (j, lo, hi))


def _union(a: _Members, b: _Members) -> _Members:
    return _Members(sp.expand(1 - (1 - a.indicator) * (1 - b.indicator)), a.lows + b.lows, a.highs + b.highs)


class SetRowsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads rows of sets."""

    def set_row(self, children: list):
        """(sides, relations, reading) of a row that compares sets; None for a row none of
        whose sides is a set (read as before)."""
        sides = [c for c in children if not (isinstance(c, Tree) and c.data == "relation")]
        marks = [c for c in children if isinstance(c, Tree) and c.data == "relation"]
        relations = [relation_name(str(c.children[0])) for c in marks]
        if not any(self._is_set(side) for side in sides):
            # k \notin S, k \in S: the right of a membership is a set, if it is one of ours
            if len(sides) != len(relations) + 1 or not any(
                    r in ("in", r"\notin") and self._is_set(sides[n + 1], brackets=True)
                    for n, r in enumerate(relations)):
                return None
        if len(sides) != len(relations) + 1:
            raise self.fail(marks[0], "a row of sets that continues the row above is not read: write the "
                                      "chain of sets on one row")
        for mark, relation in zip(marks, relations):
            if relation in _REFUSED:
                raise self.fail(mark, _REFUSED[relation])
            if relation not in _RELATIONS and relation != r"\notin":
                raise self.fail(mark,
                                f"the relation '{relation}' between sets is not read: a row of sets states "
                                r"=, \equiv, \subseteq, \supseteq, \in or \notin")
        if r"\notin" in relations and len(relations) > 1:
            raise self.fail(marks[0], r"'\notin' is read as a row of its own (k \notin S)")
        values = []
        for position, side in enumerate(sides):
            element = position < len(relations) and relations[position] in ("in", r"\notin")
            if element and position:
                raise self.fail(side, "a member of a set is written first (k \\in S \\equiv …): here it "
                                      "would be a set on the right of one relation and a member on the left "
                                      "of the next")
            values.append(self._element(side) if element else self._set_of(side))
        lows = [lo for value in values for lo in value.lows]
        highs = [hi for value in values for hi in value.highs]
        if not lows:
            raise self.fail(sides[0], "every side of this row is the empty set")
        lo, hi = self._least(lows, sides[0]), sp.Max(*highs)
        # the component is named by a letter no symbol of the sides uses (k \in A(k) has its own k)
        taken = {str(a) for e in [lo, hi] + [v.indicator for v in values] for a in sp.sympify(e).atoms(sp.Symbol)}
        name = next((n for n in ("k", "m", "r", "kk", "mm", "rr") if n not in taken), None)
        m = sp.Symbol(name, integer=True) if name else sp.Dummy("k", integer=True)
        written = relations
        if r"\notin" in relations:
            # k \notin S: no member of S is k, {k} ∩ S = ∅
            exprs = [Vector(values[0].indicator * values[1].indicator, MEMBER, hi - lo + 1), Vector(0, m, hi - lo + 1)]
            relations = ["="]
        else:
            exprs = [Vector(v.indicator, MEMBER, hi - lo + 1) for v in values]
            relations = [_RELATIONS[r] for r in relations]
        shift = {MEMBER: m + lo - 1}
        exprs = [Vector(e.args[0].xreplace(shift), m, e.args[2]) for e in exprs]
        built = [Side(e, s.meta.start_pos, s.meta.end_pos) for e, s in zip(exprs, sides)]
        member = " ".join(self.source(sides[0]).split())
        said = {"same-direction": "\\equiv as equal sets", "in": f"{member} \\in S as \\{{{member}\\}} \\subseteq S",
                r"\subseteq": "\\subseteq as inclusion", r"\supseteq": "\\supseteq as inclusion",
                r"\notin": f"{member} \\notin S as \\{{{member}\\}} \\cap S = \\emptyset"}
        how = list(dict.fromkeys(said[r] for r in written if r in said))
        reading = (f"sets compared member by member over k = {sp.latex(lo)}, …, {sp.latex(hi)}"
                   + (f" ({'; '.join(how)})" if how else ""))
        return built, relations, reading

    # --- what is a set -------------------------------------------------------------
    def _is_set(self, node, brackets: bool = False) -> bool:
        node = _bare(node)
        if not isinstance(node, Tree):
            return False
        if node.data == "set" or node.data == "command" and str(node.children[0]) in _EMPTY:
            return True
        if node.data == "juxt" and any(_operation(f) for f in _factors(node)):
            return True
        if brackets and node.data in ("bracket", "interval"):
            return True
        return self._declared_set(node) is not None

    def _declared_set(self, node) -> IndexSet | None:
        conditioned = self.conditioned_set(node)
        if conditioned is not None:
            return conditioned
        key = self.atom_key(node)
        if key is None and node.data in ("subscript", "superscript"):
            key = self._written_key(node)
        if key is None:
            return None
        found = self.scope.lookup(key)
        if not isinstance(found, IndexSet):
            found = self.scope.lookup(SET_KEY + key)
        return found if isinstance(found, IndexSet) else None

    # --- the members of a set ------------------------------------------------------------
    def _set_of(self, node) -> _Members:
        node = _bare(node)
        shown = " ".join(self.source(node).split())
        if isinstance(node, Tree) and node.data == "command" and str(node.children[0]) in _EMPTY:
            return _Members(sp.Integer(0))
        if isinstance(node, Tree) and node.data == "juxt":
            return self._operations(node)
        if isinstance(node, Tree) and node.data == "set":
            return self._written_set(node.children[1])
        if isinstance(node, Tree) and node.data in ("bracket", "interval"):
            return self._interval(node)
        if isinstance(node, Tree) and node.data == "paren":
            elements = [c for c in node.children[0].children if isinstance(c, Tree)]
            if len(elements) == 1:
                return self._set_of(elements[0])
        found = self._declared_set(node) if isinstance(node, Tree) else None
        if found is None:
            raise self.fail(node, f"'{shown}' is compared with a set but is not one (a declared [[set]], "
                                  r"[n], \{…\}, or \setminus, \cup, \cap of these)")
        if found.members is not None or found.components or found.sample is not None:
            raise self.fail(node, f"{found.name} is a set of data points or of tuples: only sets of whole "
                                  "numbers are compared as sets")
        if found.params:
            self.refuse_bare_set(found, node)
        indicator = _in_range(found.lo, found.hi)
        if found.condition is not None:
            indicator = indicator * found.condition.xreplace({found.index: MEMBER})
        return _Members(indicator, (found.lo,), (found.hi,))

    def _element(self, node) -> _Members:
        value = self.expr(node)
        if not value.is_integer:
            raise self.fail(node, f"'{' '.join(self.source(node).split())}' is a member of a set of whole "
                                  "numbers here, and is not an index")
        return self._single(value)

    def _single(self, value) -> _Members:
        """{value}: its bounds are its index's declared range, which holds every value the
        checker gives it (a bound that names the index would make the sides' length vary)."""
        lo, hi = value, value
        for symbol, declared_lo, declared_hi in self.scope.index_ranges:
            if value == symbol:
                lo, hi = declared_lo, declared_hi
        return _Members(sp.KroneckerDelta(MEMBER, value), (lo,), (hi,))

    def _interval(self, node) -> _Members:
        if node.data == "interval":
            ends = [c for c in node.children[1].children if isinstance(c, Tree)]
        else:
            ends = [c for c in node.children[0].children if isinstance(c, Tree)]
            inner = unwrap(ends[0]) if len(ends) == 1 else None
            if isinstance(inner, Tree) and inner.data == "bracket":       # [\![1, N]\!]
                ends = [c for c in inner.children[0].children if isinstance(c, Tree)]
            elif len(ends) == 1:                                           # [n] = {1, …, n}
                hi = self.expr(ends[0])
                return _Members(_in_range(1, hi), (sp.Integer(1),), (hi,))
        if len(ends) != 2:
            raise self.fail(node, "an interval of whole numbers is [n] or [\\![a, b]\\!]")
        lo, hi = self.expr(ends[0]), self.expr(ends[1])
        return _Members(_in_range(lo, hi), (lo,), (hi,))

    def _written_set(self, items) -> _Members:
        r"""``\{a, b\}``, ``\{1, \ldots, n\}``, ``\{1 \ldots n\}`` or ``\{p \in S : …\}``."""
        separators = [str(c) for c in items.children if isinstance(c, Token)]
        elements = [c for c in items.children if isinstance(c, Tree)]
        if any(s in (":", r"\mid", "\ue004") for s in separators):
            return self._builder(items)
        if len(elements) == 1:
            run = _run(unwrap(elements[0]))
            if run is not None:                    # \{1 \ldots 2N\}
                lo, hi = self.expr(run[0]), self.expr(run[1])
                return _Members(_in_range(lo, hi), (lo,), (hi,))
            self._no_condition(elements[0])
        value = self._items(items) if len(elements) > 1 or is_ellipsis(elements[0]) else None
        result = _Members(sp.Integer(0))
        segments = value.segments if isinstance(value, ListValue) else None
        for position, element in enumerate(segments or [None]):
            if element is None or element.var is None:
                member = self.expr(elements[0]) if element is None else element.pattern
                if not isinstance(member, sp.Expr) or not member.is_integer:
                    raise self.fail(items, "the members of a set compared as a set are whole numbers")
                result = _union(result, self._single(member))
                continue
            offset = sp.expand(element.pattern - element.var)
            if element.var in offset.free_symbols or not offset.is_integer:
                raise self.fail(items, "an ellipsis in a set is read for consecutive whole numbers "
                                       r"(\{1, \ldots, n\}, \{i+1, \ldots, n\}) only")
            lo, hi = element.lo + offset, element.hi + offset
            run = _in_range(lo, hi)
            if element.skip is not None:
                run = run * (1 - sp.KroneckerDelta(MEMBER, element.skip + offset))
            result = _union(result, _Members(run, (lo,), (hi,)))
        return result

    def _builder(self, items) -> _Members:
        r"""``\{p \in S : c_1, c_2\}``: the members p of S for which every condition holds."""
        elements = [c for c in items.children if isinstance(c, Tree)]
        head = unwrap(elements[0])
        if not (isinstance(head, Tree) and head.data == "item" and len(head.children) == 3
                and relation_name(str(head.children[1].children[0])) == "in"):
            raise self.fail(items, r"a set-builder is read as \{p \in S : condition, …\}: the member and the "
                                   "set it is drawn from come first")
        letter = head.children[0]
        if not (isinstance(letter, Tree) and letter.data == "letter"):
            raise self.fail(head, "the member of a set-builder is one letter (\\{p \\in S : …\\})")
        drawn = self._set_of(head.children[2])
        inner = self.within(self.scope.bind(str(letter.children[0]), MEMBER))
        factor = sp.Integer(1)
        for condition in elements[1:]:
            factor *= inner.condition_factor(unwrap(condition))
        return _Members(drawn.indicator * factor, drawn.lows, drawn.highs)

    def _operations(self, node) -> _Members:
        r"""``A \setminus B``, ``A \cup B``, ``A \cap B``, left to right; a row that mixes two of
        them without parentheses is refused (``A \cup B \cap C`` is read either way)."""
        factors = _factors(node)
        operations = [_operation(f) for f in factors]
        if not operations[1::2] or not all(operations[1::2]) or any(operations[0::2]) or len(factors) % 2 == 0:
            for factor, operation in zip(factors, operations):
                if isinstance(factor, Tree) and factor.data == "command" and str(factor.children[0]) in _REFUSED:
                    raise self.fail(factor, _REFUSED[str(factor.children[0])])
            raise self.fail(node, f"'{' '.join(self.source(node).split())}' is not read as a set: sets are "
                                  r"combined by \setminus, \cup and \cap, one between each two")
        kinds = set(operations[1::2])
        if len(kinds) > 1 and not kinds <= {"minus"}:
            raise self.fail(node, r"\setminus, \cup and \cap mixed without parentheses are read differently "
                                  r"by different readers: write (A \cup B) \setminus C")
        result = self._set_of(factors[0])
        for operation, operand in zip(operations[1::2], factors[2::2]):
            other = self._set_of(operand)
            if operation == "union":
                result = _union(result, other)
            elif operation == "intersection":
                result = _Members(result.indicator * other.indicator, result.lows + other.lows,
                                  result.highs + other.highs)
            else:
                result = _Members(result.indicator * (1 - other.indicator), result.lows, result.highs)
        return result

    def _no_condition(self, element) -> None:
        element = unwrap(element)
        if isinstance(element, Tree) and element.data == "item" and len(element.children) > 1:
            raise self.fail(element, r"a set-builder is read as \{p \in S : condition, …\}, with ':' or '\mid'")

    def _least(self, lows: list, node) -> sp.Expr:
        """The least of the lowest possible members (decided from the sizes' and indices'
        declared ranges); refused when it cannot be decided."""
        distinct = list(dict.fromkeys(sp.sympify(lo) for lo in lows))
        for candidate in distinct:
            if all(other == candidate or sp.expand(other - candidate).is_nonnegative for other in distinct):
                return candidate
        raise self.fail(node, "the least member these sets can have is not decided from the declarations "
                              f"({', '.join(sp.latex(lo) for lo in distinct)})")


def _bare(node):
    node = unwrap(node)
    while isinstance(node, Tree) and node.data in ("braces", "chain_in_group") and len(node.children) == 1:
        node = unwrap(node.children[0])
    return node


def _factors(node) -> list:
    r"""The factors of a juxtaposition, left to right.  An operation before a bracket, which
    the grammar reads as a call (``\cap [N]``), is the operation and the bracket."""
    out = []
    while isinstance(node, Tree) and node.data == "juxt":
        out.extend(_operation_call(node.children[0]))
        node = node.children[1]
    out.extend(_operation_call(node))
    return out


def _operation_call(node) -> list:
    if isinstance(node, Tree) and node.data == "call" and len(node.children) == 2 and _operation(node.children[0]) \
            and isinstance(node.children[1], Tree) and node.children[1].data == "bracket":
        return list(node.children)
    return [node]


def _operation(factor) -> str | None:
    if isinstance(factor, Tree) and factor.data == "command":
        return _OPERATIONS.get(str(factor.children[0]))
    return None


def _run(node):
    r"""(first, last) of ``1 \ldots 2N`` (an ellipsis between two terms, without commas)."""
    if not (isinstance(node, Tree) and node.data == "juxt"):
        return None
    rest = node.children[1]
    if isinstance(rest, Tree) and rest.data == "juxt" and is_ellipsis(rest.children[0]):
        return node.children[0], rest.children[1]
    return None
