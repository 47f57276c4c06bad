r"""Definitions by cases: ``\begin{cases} 1 & j = p(i) \\ 0 & j \neq p(i) \end{cases}``.

A mathematician reads it as the value of the row whose condition holds.  It is read as
Σ_r v_r · 𝟙[c_r], with the indicators of :meth:`NamesMixin._indicator` (δ_{j,p(i)},
1 − δ_{j,p(i)}), and only when that sum is that value for every value of the indices:
when exactly one condition holds, whatever the indices.  This is decided here from the
form of the conditions, never from sampled values:

* ``a = b`` and ``a \neq b`` (the same two indices, either order) exclude each other and
  together always hold;
* a last row ``\text{otherwise}`` (``else``, ``sinon``) holds exactly when no other
  does, provided the others exclude each other: ``=`` and ``\neq`` of the same pair, or
  ``a = b`` and ``a = c`` with b − c a nonzero number;
* ``k \in S`` (an index in a declared ``[[set]]``, ``[n]`` or ``[\![a, b]\!]``) is
  Σ_{m ∈ S} δ_{k,m}: alone with ``\text{otherwise}``;
* ``x > 0``, ``a \le b`` (two values ordered): the step of their difference, exact at the tie as
  ``\mathbb{1}[a > b]`` is, with one such row before ``\text{otherwise}`` or two rows ordering the
  same two values the opposite ways with the tie in exactly one (x > 0 beside x \le 0), or in
  neither (x > 0 beside x < 0: the function of x ≠ 0, undefined at the tie, said);
* ``y_n = 1``, ``y = -1`` (a scalar or a family's entry of a finite domain, {0, 1} or
  {-1, 1}, against one of its values): the indicator is the polynomial that is 1 at that
  value and 0 at the other, (y − d′)/(c − d′), exact on the domain, which is all that is
  ever sampled.  Whether exactly one row holds is decided by trying every value of the
  entries the rows test (at most 2^6 assignments).

Anything else is refused, naming the rows: two conditions that may both hold, none that
holds for some indices, a condition that tests two values for equality (``s_j = s_i``), or
one in words (``x' \text{ is a positive}``).
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import lark
import sympy as sp
from sympy.core.function import AppliedUndef

from ...model.distributions import Density
from ...model.nodes import Cancelled, MaxOver, StopGrad
from ...model.value_functions import ValueCall
from ..scope import IndexSet
from .trees import unwrap
from .values import relation_name

Tree, Token = lark.Tree, lark.Token

#: Words that say "every other case" (the last row only).
OTHERWISE = frozenset({"otherwise", "else", "sinon", "in all other cases", "autrement"})
_READ = (r"only conditions on indices are read (j = p(i), j \neq p(i), k \in S for a declared set), on "
         r'class labels (y_i = y_j, y_i \neq y_j, y a [[family]] of role "label"), on a value of a finite '
         r'domain (y_n = 1, y declared with domain "{-1, 1}" or "binary"), orders of two values (x > 0, a \le b) '
         r'and \text{otherwise} in the last row')
#: The most entries of a finite domain the rows of one definition by cases may test.
_FINITE_ENTRIES = 6
_NEGATION = {"=": r"\neq", "!=": "=", "in": r"\notin"}
#: the relations that order two values (x > 0): the rows they test are steps (labels.py's 1[a > b])
_ORDERS = frozenset({"<", "<=", ">", ">="})


@dataclass(frozen=True)
class _Condition:
    row: int
    relation: str           # '=', '!=', 'in' or 'otherwise'
    left: sp.Expr | None
    right: sp.Expr | None
    text: str               # the condition as written
    left_text: str = ""
    right_text: str = ""
    indicator: sp.Expr | None = None     # 𝟙[condition]; None for otherwise
    # (entry, its values) of a condition on an entry of a finite domain (y_n = 1)
    tested: tuple = ()


class CasesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a
    definition by cases."""

    def t_cases(self, node):
        rows = [child for child in node.children if isinstance(child, Tree) and child.data == "case_row"]
        shown = self._cases_name(node)
        conditions, indicators = [], []
        for number, row in enumerate(rows, 1):
            condition, indicator = self._case_condition(row.children[1], number, len(rows), shown)
            conditions.append(condition)
            indicators.append(indicator)
        gap = self._check_one_case_holds(node, conditions, shown)
        others = [ind for cond, ind in zip(conditions, indicators) if cond.relation != "otherwise"]
        if conditions[-1].relation == "otherwise":
            # the others exclude each other: none holds exactly when their sum is 0
            indicators[-1] = 1 - sp.Add(*others)
        values = [self.expr(row.children[0]) for row in rows]
        tested = [entry for c in conditions for entry, _ in c.tested] + \
            [a for c in conditions if c.relation in _ORDERS for a in _difference(c).atoms(sp.Symbol, sp.Indexed)]
        if tested:
            self._refuse_partial_values(rows, values, shown, tested)
        value = sp.Add(*[v * indicator for v, indicator in zip(values, indicators)])
        # x > 0 beside x < 0: no row at the tie, where the function is not defined (never 0 there)
        return value if gap is None else Cancelled(value, gap)

    def _refuse_partial_values(self, rows, values, shown: str, tested: list) -> None:
        r"""Rows that order values or test a finite domain's value (y = 1) are read as Σ_r v_r · 1[c_r], every
        value evaluated everywhere (and x/y · y is x to SymPy: a false statement proved): a value
        undefined where its condition fails (\frac{1}{s_j - s_i} beside s_j > s_i, \log x beside x > 0)
        would make the whole undefined there, and a true statement refuted.  Read only values made of what
        is defined everywhere (sums, products, whole powers, exp, |·|, max, min, sin, cos, tanh, steps)."""
        for row, value in zip(rows, values):
            # only what moves with the values the conditions test can be undefined on one side of them
            # and not the other (or cancel against the indicator); 1/(N+1) of a size N is defined
            partial = next((n for n in sp.preorder_traversal(value) if (not isinstance(n, _TOTAL)
                            or isinstance(n, sp.Pow) and not (n.exp.is_Integer and n.exp >= 0)
                            and n.base.is_positive is not True) and any(n.has(t) for t in tested)), None)
            if partial is not None:
                written = " ".join(self.source(row.children[0]).split())
                raise self.fail(row, f"the value '{written}' of a row of '{shown}' may be undefined where its "
                                     "condition fails (a quotient, a logarithm, a root), and rows that order values "
                                     "or test a value of a finite domain are read as the sum of each value times its "
                                     "indicator, each value evaluated everywhere: not read")

    def _cases_name(self, node) -> str:
        source = self.source(node)
        return r"\begin{" + ("dcases" if "dcases" in source[:20] else "cases") + "}" \
            if re.match(r"\\begin\s*\{d?cases\}", source) else \
            r"\left\{ \begin{" + ("aligned" if re.search(r"\\begin\s*\{aligned\}", source[:40]) else "array") + "}"

    def _case_condition(self, items, number: int, count: int, shown: str):
        """The condition of row ``number`` and its indicator (None for otherwise)."""
        text = " ".join(self.source(items).split())
        parts = [child for child in items.children if isinstance(child, Tree)]
        where = f"the condition '{text}' of row {number} of '{shown}'"
        if len(parts) != 1:
            raise self.fail(items, f"{where} has several parts; one relation between indices is read "
                                   "in each row")
        tree = unwrap(parts[0])
        if isinstance(tree, Tree) and tree.data == "text":
            word = _words(str(tree.children[0]))
            if word in OTHERWISE:
                if number != count:
                    raise self.fail(items, f"'{text}' is row {number} of '{shown}', not its last row: the "
                                           "other rows after it could never hold")
                return _Condition(number, "otherwise", None, None, text), None
        if not (isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3):
            raise self.fail(items, f"{where} is not read (words, or not one relation): {_READ}")
        left, rel, right = tree.children
        relation = relation_name(str(rel.children[0]))
        sides = " ".join(self.source(left).split()), " ".join(self.source(right).split())
        if relation == "in":
            return self._case_membership(tree, left, right, number, where, sides)
        if relation in _ORDERS:
            # x > 0, a \le b: the step of the difference, exact at the tie (as 1[a > b] is: labels.py)
            a, b = self.expr(left), self.expr(right)
            difference = a - b if relation in (">", ">=") else b - a
            indicator = sp.Heaviside(difference, 1 if relation in (">=", "<=") else 0)
            return _Condition(number, relation, a, b, text, *sides, indicator), indicator
        if relation not in ("=", "!="):
            raise self.fail(items, f"{where} is not read: the relation '{rel.children[0]}' is not decided "
                                   f"in a definition by cases; {_READ}")
        labels = self.label_condition(tree)       # y_i = y_j of class labels (labels.py)
        if labels is not None:
            return _Condition(number, relation, None, None, text, *sides, labels), labels
        a, b = self.expr(left), self.expr(right)
        tested = self._finite_test(a, b) or self._finite_test(b, a)
        if tested is not None:
            entry, values, value = tested
            if value not in values:
                raise self.fail(items, f"{where} never holds: '{sides[0] if entry == a else sides[1]}' takes "
                                       f"only the values {values[0]} and {values[1]} (its declared domain)")
            holds = takes_value(entry, values, value)
            indicator = holds if relation == "=" else 1 - holds
            written = sides if entry == a else sides[::-1]
            return _Condition(number, relation, entry, sp.Integer(value), text, *written, indicator,
                              ((entry, values),)), indicator
        if not (a.is_integer and b.is_integer):
            raise self.fail(items, f"{where} compares values, not indices or class labels; a definition "
                                   f"by cases of a condition on values is not read: {_READ}")
        indicator = self._indicator(tree)
        return _Condition(number, relation, a, b, text, *sides, indicator), indicator

    def _finite_test(self, entry, value):
        """(entry, its domain's values, the value) when ``entry`` is a scalar or a family's
        entry of a finite domain and ``value`` a whole number; None otherwise."""
        base = entry.base if isinstance(entry, sp.Indexed) else entry
        values = dict(self.scope.finite).get(base)
        if values is None or not (isinstance(value, sp.Integer)):
            return None
        return entry, values, int(value)

    def _case_membership(self, tree, left, right, number: int, where: str, sides):
        """``k \\in S``: Σ_{m=lo}^{hi} δ_{k,m} for an index k and a declared set S."""
        if isinstance(unwrap(right), Tree) and unwrap(right).data == "bracket":
            _, ends = self._member(left, right)          # [B], [\![1, N]\!]
        else:
            # a set of whole numbers lo … hi; one of points or one defined by a condition
            # (P(i) = {p : y_p = y_i}) is not this range, and is refused
            found = self.value(right)
            plain = isinstance(found, IndexSet) and found.members is None and found.condition is None
            ends = (found.lo, found.hi) if plain else None
        if ends is None or not all(end.is_integer for end in ends):
            raise self.fail(tree, f"{where} is not read: only an index in a declared [[set]] of whole "
                                  r"numbers (from … to), [n] or [\![a, b]\!] is")
        index = self.expr(left)
        if not index.is_integer:
            raise self.fail(tree, f"{where} is not read: '{sides[0]}' is not an index")
        m = sp.Dummy("m", integer=True)
        indicator = sp.Sum(sp.KroneckerDelta(index, m), (m, ends[0], ends[1]))
        return _Condition(number, "in", index, None, " ".join(self.source(tree).split()), *sides,
                          indicator), indicator

    def _check_one_case_holds(self, node, conditions: list, shown: str):
        """Refuse unless exactly one condition holds for every value of the indices (or of the ordered
        values, but at a tie no row holds at: the difference there, where the function is undefined)."""
        others = [c for c in conditions if c.relation != "otherwise"]
        if any(c.relation in _ORDERS for c in others):
            return self._check_ordered_cases(node, conditions, others, shown)
        if any(c.tested for c in others):
            self._check_finite_cases(node, conditions, others, shown)
            return
        for position, first in enumerate(others):
            for second in others[position + 1:]:
                if not _exclusive(first, second):
                    raise self.fail(node, f"the cases at rows {first.row} and {second.row} of '{shown}' may "
                                          f"both hold ('{first.text}' and '{second.text}'); the rows are read "
                                          "only when exactly one condition holds")
        if conditions[-1].relation == "otherwise":
            return
        if len(others) == 2 and _complementary(*others):
            return
        negations = " and ".join(f"{c.left_text} {_NEGATION[c.relation]} {c.right_text}" for c in others)
        raise self.fail(node, f"no case of '{shown}' holds when {negations}; add a last row "
                              r"'… & \text{otherwise}' or the missing case")

    def _check_ordered_cases(self, node, conditions: list, others: list, shown: str) -> sp.Expr | None:
        r"""Rows that order two values (x > 0, a \le b): read when one row comes before
        ``\text{otherwise}``, or two rows order the same two values the opposite ways, the tie in exactly
        one (x > 0 beside x \le 0), or in neither, with an otherwise row for it (sign(x)) or without one:
        then the function is not defined at the tie, whose difference is returned (x > 0 beside x < 0).
        A tie two rows hold at, or rows on other values, are refused."""
        mixed = next((c for c in others if c.relation not in _ORDERS), None)
        if mixed is not None:
            raise self.fail(node, f"the condition '{mixed.text}' of row {mixed.row} of '{shown}' is not an order "
                                  "of two values, as the other rows' are: whether exactly one row holds is not "
                                  "decided")
        otherwise = conditions[-1].relation == "otherwise"
        if len(others) == 1 and otherwise:
            return None
        first, second = others[0], others[-1]
        if len(others) == 2 and sp.expand(_difference(first) + _difference(second)) == 0:
            ties = _tie(first) + _tie(second)
            tie = f"{first.left_text} = {first.right_text}"
            if ties == 1 or ties == 0 and otherwise:       # sign(x): 1, -1, and 0 otherwise, at the tie
                return None
            if ties == 0:       # |x|' = 1 for x > 0, -1 for x < 0: a function of x ≠ 0 (said)
                self.readings.append(f"no row of '{shown}' holds when {tie} ('{first.text}' and '{second.text}' "
                                     "both leave the tie out): it is not defined there")
                return _difference(first)
            raise self.fail(node, f"the cases at rows {first.row} and {second.row} of '{shown}' both hold when "
                                  f"{tie}; the rows are read only when exactly one condition holds")
        raise self.fail(node, f"the rows of '{shown}' order values in {len(others)} ways; a definition by cases of "
                              "orders is read with one order and \\text{otherwise}, or two opposite orders of the "
                              "same two values")

    def _check_finite_cases(self, node, conditions: list, others: list, shown: str) -> None:
        """Rows that test entries of a finite domain: every assignment of those entries is
        tried, and exactly one row must hold at each (or at most one before otherwise)."""
        mixed = next((c for c in others if not c.tested), None)
        if mixed is not None:
            raise self.fail(node, f"the condition '{mixed.text}' of row {mixed.row} of '{shown}' is not "
                                  "one on a value of a finite domain, as the other rows' are: whether "
                                  "exactly one row holds is not decided")
        entries = dict(pair for c in others for pair in c.tested)
        names = {c.left: c.left_text for c in others}
        if len(entries) > _FINITE_ENTRIES:
            raise self.fail(node, f"the rows of '{shown}' test {len(entries)} entries; whether exactly one "
                                  f"holds is decided for at most {_FINITE_ENTRIES}")
        assignments = [dict(zip(entries, values)) for values in itertools.product(*entries.values())]
        holding = [[c for c in others if c.indicator.subs(at) == 1] for at in assignments]

        def shown_at(at):
            return ", ".join(f"{names[e]} = {v}" for e, v in at.items())
        for at, rows in zip(assignments, holding):
            if len(rows) > 1:
                raise self.fail(node, f"the cases at rows {rows[0].row} and {rows[1].row} of '{shown}' "
                                      f"both hold when {shown_at(at)}; the rows are read only when exactly "
                                      "one condition holds")
        for at, rows in zip(assignments, holding):
            if not rows and conditions[-1].relation != "otherwise":
                raise self.fail(node, f"no case of '{shown}' holds when {shown_at(at)}; add a last row "
                                      r"'… & \text{otherwise}' or the missing case")


def _difference(condition: _Condition) -> sp.Expr:
    """What an order's condition says is positive (or not negative): a − b of a > b, b − a of a < b."""
    return condition.left - condition.right if condition.relation in (">", ">=") else condition.right - condition.left


def _tie(condition: _Condition) -> int:
    """1 when an order's condition holds at the tie (≥, ≤), 0 when it does not (>, <)."""
    return 1 if condition.relation in (">=", "<=") else 0


#: what a value of a row that orders values is made of, defined everywhere (whole powers only)
#: (a declared function's value, a density's, a maximum's: sampled or computed numbers, defined everywhere)
_TOTAL = (sp.Add, sp.Mul, sp.Pow, sp.Symbol, sp.Dummy, sp.Indexed, sp.IndexedBase, sp.Idx, sp.Number,
          sp.NumberSymbol, sp.exp, sp.Abs, sp.Max, sp.Min, sp.sin, sp.cos, sp.tanh, sp.Heaviside,
          sp.KroneckerDelta, sp.Tuple, AppliedUndef, Density, ValueCall, StopGrad, MaxOver)


def _words(token: str) -> str:
    r"""The words of ``\text{ Otherwise. }``: ``otherwise``."""
    inner = token[token.index("{") + 1:-1] if "{" in token else token
    return " ".join(inner.replace("\\ ", " ").split()).strip(".,;: ").lower()


def _same_pair(first: _Condition, second: _Condition) -> bool:
    return (first.left == second.left and first.right == second.right) or \
        (first.left == second.right and first.right == second.left)


def _complementary(first: _Condition, second: _Condition) -> bool:
    """``a = b`` and ``a \\neq b`` (indices, or class labels whose indicators add up to 1):
    exactly one of them holds."""
    if {first.relation, second.relation} != {"=", "!="}:
        return False
    if first.left is not None and second.left is not None and _same_pair(first, second):
        return True
    return sp.expand(first.indicator + second.indicator - 1) == 0


def _exclusive(first: _Condition, second: _Condition) -> bool:
    """Whether the two conditions can never both hold, from their form."""
    if _complementary(first, second):
        return True
    if first.relation != "=" or second.relation != "=" or first.left is None or second.left is None:
        return False        # class labels: only y_a = y_b beside y_a \neq y_b is decided
    for a, b in ((first.left, first.right), (first.right, first.left)):
        for c, d in ((second.left, second.right), (second.right, second.left)):
            if a == c:
                gap = sp.expand(b - d)
                if gap.is_Number and gap != 0:      # j = i and j = i + 1
                    return True
    return False


def takes_value(entry: sp.Expr, values: tuple, value: int) -> sp.Expr:
    """𝟙[entry = value] for an entry of a domain of the two ``values``: exact at both."""
    other = values[1] if value == values[0] else values[0]
    return (entry - other) / sp.Integer(value - other)

