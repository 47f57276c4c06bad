r"""Sums whose indices are written by order and inequality conditions:
``\sum_{1 \le j < k \le N}``, ``\sum_{i<j}`` over the pairs, ``\sum_{k < i}`` below a free
index, ``\sum_{j \neq k}`` and ``\sum_{j,k : j \neq k}`` over the ordered pairs of distinct
indices, ``\sum_{\substack{j,k \\ j \neq k}}``.

What the sum binds: the names listed before the conditions, else every name in a
condition that is neither declared nor bound where the sum stands (an enclosing sum's index,
the definition's own), and with them the first name written when it is a declared index
(``\sum_{i \neq j}`` with i declared and j new: the pairs).  When every name in an order condition is a free index, which one
the sum runs over is not written (``\sum_{i<j}`` with i and j declared: the pairs, or i
below a fixed j?) and the sum is refused rather than guessed.

A chain gives each name it binds the range between its written ends (``1 \le j < k \le N``:
both over 1…N, j < k), exactly the set the chain describes; an end not written is read from
the families the body indexes, as for ``\sum_k``.  A condition between two bound names is a
bound of the inner one (the later written): Σ_j Σ_{k=j+1}^{N}; the two must share their range,
so that no inner range is reversed (SymPy's sum over a reversed range is not empty)."""
from __future__ import annotations

from dataclasses import dataclass, field

import lark
import sympy as sp

from ...errors import ParseError
from ...model.nodes import MaxOver
from .operators import range_sum
from .trees import unwrap
from .values import MatrixValue, VectorValue, componentwise, relation_name

Tree = lark.Tree

_ORDER = {"<", "<=", ">", ">="}
_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!="}
_SHOWN = {"<": "<", "<=": "\\le", ">": ">", ">=": "\\ge", "!=": "\\neq"}


@dataclass
class _Bound:
    """What the conditions say of one index the sum binds."""
    name: str
    lo: sp.Expr | None = None
    hi: sp.Expr | None = None
    skip: sp.Expr | None = None
    # (the other bound name, relation as "this rel other") between two bound names
    links: list = field(default_factory=list)
    # the tree of B in i < B, a size or a number rather than an index: code counts 0 … B − 1
    below_a_count: object = None


class OrderedIndicesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a sum's
    indices written by order and inequality conditions."""

    def ordered_indices_sum(self, lower, upper, operand, op):
        """The sum, or None when the subscript is not names and conditions of order or
        inequality between indices (another reader takes it, or says what is not read)."""
        parts = self._ordered_parts(lower, upper)
        if parts is None:
            return None
        listed, chains = parts
        names = self._ordered_binds(listed, chains, lower)
        if names is None:
            return None
        if len(names) >= 2 and not listed:
            # \sum_{j \neq k} is the pairs only because neither name is fixed: said, since a
            # fixed index the document forgot to declare reads the same way
            unfixed = [n for n in names if self.scope.lookup(n) is None]
            self.readings.append(f"\\sum_{self.source(lower).strip()} is read as the sum over every pair "
                                 f"({', '.join(names)}) its conditions allow: {' and '.join(unfixed)} "
                                 f"{'is' if len(unfixed) == 1 else 'are'} not declared, and no enclosing sum "
                                 "binds them (a fixed index is declared as an [[index]])")
        bounds = {name: _Bound(name) for name in names}
        for element, chain in chains:
            self._read_chain(element, chain, bounds)
        if upper is not None:       # \sum_{i \neq j}^{N}: every index it binds runs up to N, from 1
            top = self._bound_expr(upper, None)
            for found in bounds.values():
                found.hi = top if found.hi is None else found.hi
                found.lo = sp.Integer(1) if found.lo is None else found.lo
        variables = {name: self._fresh(name) for name in names}
        scope = self.scope
        for name in names:
            scope = scope.bind(name, variables[name])
        term = self.within(scope).term(operand)
        body = term.body if isinstance(term, (VectorValue, MatrixValue)) else term
        self._ends_from_families(bounds, variables, body, op)
        self._link_inner(names, bounds, variables, op)
        for name in reversed(names):
            found = bounds[name]
            body = range_sum(body, variables[name], found.lo, found.hi, found.skip)
        return componentwise(term, lambda _: body)

    def ordered_extremum(self, lower, operand, op, pick: str):
        r"""``\max_{a \neq b} f``, ``\min_{1 \le u < v \le n} f``: the extreme value of f over every
        pair (or tuple) its conditions allow, the maxima nested as the sums over them are; None
        unless the subscript binds two or more names by conditions."""
        parts = self._ordered_parts(lower, None)
        names = self._ordered_binds(*parts, lower) if parts is not None else None
        if names is None or len(names) < 2:
            return None
        if not parts[0]:
            unfixed = [n for n in names if self.scope.lookup(n) is None]
            self.readings.append(f"\\{pick}_{self.source(lower).strip()} is read over every pair ({', '.join(names)}) "
                                 f"its conditions allow: {' and '.join(unfixed)} {'is' if len(unfixed) == 1 else 'are'} "
                                 "not declared, and no enclosing sum binds them (a fixed index is declared as an [[index]])")
        bounds = {name: _Bound(name) for name in names}
        for element, chain in parts[1]:
            self._read_chain(element, chain, bounds)
        variables = {name: self._fresh(name) for name in names}
        scope = self.scope
        for name in names:
            scope = scope.bind(name, variables[name])
        term = self.within(scope).term(operand)
        if not isinstance(term, sp.Expr):
            raise self.fail(op, f"\\{pick} of a vector or a list is not read")
        self._ends_from_families(bounds, variables, term, op)
        self._link_inner(names, bounds, variables, op)
        if any(isinstance(end, sp.Basic) and end.has(*variables.values()) for b in bounds.values() for end in (b.lo, b.hi)):
            # nested, an inner range that is empty for some outer index would leave the whole undefined
            raise self.fail(op, f"\\{pick} over indices ordered among themselves "
                                f"('{self.source(lower).strip()[1:-1]}') is not read: write \\{pick}_{{u \\neq v}} "
                                "where the order does not matter, or restate the line with restated_from")
        body = term if pick == "max" else -term
        for name in reversed(names):
            found = bounds[name]
            body = MaxOver(body, variables[name], found.lo, found.hi, *(() if found.skip is None else (found.skip,)))
        return body if pick == "max" else -body

    def ordered_range(self, lower, operand, op, what: str = "a maximum or minimum"):
        """(variable, term, lo, hi, skip) of a maximum's, minimum's or product's one index written by
        conditions (\\max_{1 \\le k \\le N}, \\min_{k < i}, \\prod_{-m \\le j \\le m, j \\neq 0}); None
        for any other subscript."""
        parts = self._ordered_parts(lower, None)
        names = self._ordered_binds(*parts, lower) if parts is not None else None
        if names is None:
            return None
        if len(names) != 1:
            raise self.fail(op, f"{what} runs over one index, and its subscript "
                                f"'{self.source(lower).strip()[1:-1]}' binds {len(names)} ({', '.join(names)})")
        name, bounds = names[0], {names[0]: _Bound(names[0])}
        for element, chain in parts[1]:
            self._read_chain(element, chain, bounds)
        variable = self._fresh(name)
        term = self.within(self.scope.bind(name, variable)).term(operand)
        if not isinstance(term, sp.Expr):
            raise self.fail(op, f"{what} of a vector or a list is not read")
        self._ends_from_families(bounds, {name: variable}, term, op)
        return variable, term, bounds[name].lo, bounds[name].hi, bounds[name].skip

    def _ordered_parts(self, lower, upper):
        """(names listed, conditions as (the item, [term, relation, term, …])) of a
        subscript of this form, a term a name (str) or an expression's tree; None for any other."""
        if not (isinstance(lower, Tree) and lower.data == "script_group"):
            return None
        children = lower.children[0].children
        elements = [unwrap(c) for c in children if isinstance(c, Tree)]
        separators = [str(c) for c in children if not isinstance(c, Tree)]
        if not set(separators) <= {",", ":", ";"}:
            return None
        listed, chains = [], []
        for element in elements:
            if self._bound_name(element) is not None:
                if chains:
                    return None         # a name after a condition: not this form
                listed.append(self._bound_name(element))
                continue
            if not (isinstance(element, Tree) and element.data == "item" and len(element.children) >= 3) \
                    or self._compares_labels(element):
                return None
            relations = [relation_name(str(r.children[0])) for r in element.children[1::2]]
            if not set(relations) <= _ORDER | {"!="} or "!=" in relations and len(relations) > 1:
                return None
            chains.append((element, [self._chain_term(c) if i % 2 == 0 else relations[i // 2]
                                     for i, c in enumerate(element.children)]))
        if not chains:
            return None
        colons = separators.count(":")
        if colons > 1 or colons and (not listed or separators[len(listed) - 1] != ":"):
            return None
        return listed, chains

    def _chain_term(self, tree):
        """A condition's term: a name (str) or the tree of an expression."""
        tree = unwrap(tree)
        return self._bound_name(tree) or tree

    def _ordered_binds(self, listed: list, chains: list, lower) -> list[str] | None:
        """The names the sum binds, in the order written; None when the subscript is one
        the plain readers take (one index beside a free one: \\sum_{k \\neq i})."""
        ordered = any(rel in _ORDER for _, chain in chains for rel in chain[1::2])
        written = []
        for _, chain in chains:
            written += [t for t in chain[::2] if isinstance(t, str) and t not in written]
        if listed:
            names = list(dict.fromkeys(listed))
        else:
            names = [n for n in written if self.scope.lookup(n) is None and not self.index_is_bound_here(n)]
            first = chains[0][1][0]
            if names and isinstance(first, str) and first not in names and self._is_free_index(first) \
                    and not self.index_is_bound_here(first):
                # a sum binds the first name it writes: \sum_{i \neq j} with j new runs over
                # the pairs, even where i is declared (a document's anchor, used elsewhere)
                names = [first] + names
        if len(names) >= 2 or ordered and names:
            return names
        if not ordered or names:
            return None
        free = [n for n in written if not self.index_is_bound_here(n) and self._is_free_index(n)]
        if len(free) == 1:
            return free          # \sum_k \sum_{j<k} with j declared: it runs over j
        shown = self.source(lower).strip()
        if free:
            raise self.fail(lower, f"ambiguous: \\sum_{shown}: {' and '.join(free)} are "
                                   f"{'both' if len(free) == 2 else 'all'} declared indices, so "
                                   "which one the sum runs over is not written; list what it runs over "
                                   f"before a colon (\\sum_{{{free[0]} : …}}, or \\sum_{{{', '.join(free)} : …}} "
                                   "for every tuple)")
        return None

    def _is_free_index(self, name: str) -> bool:
        meaning = self.scope.lookup(name)
        return meaning is not None and self.scope.index_range(meaning) is not None

    def _read_chain(self, element, chain: list, bounds: dict) -> None:
        """Record a chain's ends and links on the names it binds."""
        if chain[1] == "!=":
            self._read_unequal(element, chain, bounds)
            return
        if any(rel in (">", ">=") for rel in chain[1::2]):
            if any(rel in ("<", "<=") for rel in chain[1::2]):
                raise self.fail(element, "a sum's condition that goes up and down (i < j > k) is not read")
            chain = chain[::-1]
            chain[1::2] = [_FLIPPED[r] for r in chain[1::2]]
        terms, relations = chain[::2], chain[1::2]
        for position, term in enumerate(terms):
            if not (isinstance(term, str) and term in bounds):
                continue
            found = bounds[term]
            left = next((p for p in range(position - 1, -1, -1) if not _binds(terms[p], bounds)), None)
            right = next((p for p in range(position + 1, len(terms)) if not _binds(terms[p], bounds)), None)
            if left is not None:
                strict = relations[left] == "<"
                _set_end(self, element, found, "lo", self._bound_expr(terms[left], element) + int(strict))
            if right is not None:
                strict = relations[right - 1] == "<"
                _set_end(self, element, found, "hi", self._bound_expr(terms[right], element) - int(strict))
                if strict and left is None and not (isinstance(terms[right], str) and (
                        self._is_free_index(terms[right]) or self.index_is_bound_here(terms[right]))):
                    found.below_a_count = element
            if position + 1 < len(terms) and _binds(terms[position + 1], bounds):
                found.links.append((terms[position + 1], relations[position]))
                bounds[terms[position + 1]].links.append((term, _FLIPPED[relations[position]]))

    def _read_unequal(self, element, chain: list, bounds: dict) -> None:
        left, right = chain[0], chain[2]
        for this, other in ((left, right), (right, left)):
            if not _binds(this, bounds):
                continue
            if _binds(other, bounds):
                bounds[this].links.append((other, "!="))
            elif bounds[this].skip is not None:
                raise self.fail(element, f"this sum skips two values of {this}; only one is read")
            else:
                bounds[this].skip = self._bound_expr(other, element)

    def _bound_expr(self, term, element) -> sp.Expr:
        """A condition's term that is not a bound name, as a whole number."""
        # a name that is not bound here: the tree it is written as, read as any expression
        tree = term if element is None or isinstance(term, Tree) else \
            next(unwrap(c) for c in element.children[::2] if self._bound_name(unwrap(c)) == term)
        value = self.expr(tree)
        if not isinstance(value, sp.Expr) or value.is_integer is not True:
            raise self.fail(tree, f"'{self.source(tree).strip()}' in a sum's condition is not a whole number: the conditions under a sum "
                            "are read as bounds on its indices (1 \\le j < k \\le N, k < i)")
        return value

    def _ends_from_families(self, bounds: dict, variables: dict, body, op) -> None:
        r"""The ends not written, from the families the body indexes; a name that indexes
        none takes the range of a name it is compared with (\sum_{j<k} s_j: k over s's)."""
        unread = {}
        for name, found in bounds.items():
            if found.lo is None or found.hi is None:
                try:
                    lo, hi = self._infer_range(body, variables[name], op)
                except ParseError as exc:
                    unread[name] = exc
                    continue
                if found.below_a_count is not None and found.lo is None and lo != 0:
                    # \sum_{i<B} over entries counted from 1 would leave out the B-th:
                    # the document may count from 0, as code does
                    shown = self.source(found.below_a_count).strip()
                    raise self.fail(found.below_a_count, f"a sum over {shown} does not say where its index "
                                    f"starts (at 0, as code counts, or at 1, leaving out the last entry); "
                                    f"write 0 \\le {shown} or 1 \\le {shown}, or declare the family counted from 0")
                found.lo = lo if found.lo is None else found.lo
                found.hi = hi if found.hi is None else found.hi
        for name, exc in unread.items():
            found = bounds[name]
            partner = next((bounds[other] for other, _ in found.links if other not in unread), None)
            if partner is None:
                raise exc
            found.lo = partner.lo if found.lo is None else found.lo
            found.hi = partner.hi if found.hi is None else found.hi

    def _link_inner(self, names: list, bounds: dict, variables: dict, op) -> None:
        """Each condition between two bound names becomes a bound of the inner one."""
        done = set()
        for inner_position, inner in enumerate(names):
            for other, relation in bounds[inner].links:
                if names.index(other) > inner_position or (other, inner) in done:
                    continue
                done.add((other, inner))
                outer, found = variables[other], bounds[inner]
                if sp.expand(found.lo - bounds[other].lo) != 0 or sp.expand(found.hi - bounds[other].hi) != 0:
                    raise self.fail(op, f"the condition {inner} {_SHOWN[relation]} {other} links indices over "
                                        f"different ranges ({found.lo}…{found.hi} and {bounds[other].lo}…"
                                        f"{bounds[other].hi}); write the range of each (\\sum_{{j=1}}^{{N}} "
                                        f"\\sum_{{k=j+1}}^{{M}})")
                if relation == "!=":
                    if found.skip is not None:
                        raise self.fail(op, f"this sum skips two values of {inner}; only one is read")
                    found.skip = outer
                    continue
                end, value = {">": ("lo", outer + 1), ">=": ("lo", outer),
                              "<": ("hi", outer - 1), "<=": ("hi", outer)}[relation]
                # the shared range's end is implied by the link: replaced, not doubled
                setattr(found, end, value)


def _binds(term, bounds: dict) -> bool:
    return isinstance(term, str) and term in bounds


def _set_end(translator, element, found: _Bound, end: str, value: sp.Expr) -> None:
    if getattr(found, end) is not None and sp.expand(getattr(found, end) - value) != 0:
        raise translator.fail(element, f"the conditions of this sum give {found.name} two "
                                    f"{'lower' if end == 'lo' else 'upper'} ends")
    setattr(found, end, value)

