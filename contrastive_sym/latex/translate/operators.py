r"""Big operators and the functions written as commands: \sum (over a range, skipping
an index, or over a declared pair set), \log, \exp, \max, ∇, ∂ and \lim."""
from __future__ import annotations

import re

import lark
import sympy as sp

from ...errors import ParseError
from ...model import encodings as enc
from ...model.nodes import BestCritic
from ..scope import Family, Operator, OperatorKind, PairSet
from .compare import certainly_equal
from .quotients import exp_kept
from .tuple_sums import TupleSumsMixin
from .ambiguity import product_after_operator, quotient_after_operator
from .trees import balanced, bare_letter, spread_written_ranges, unwrap, written_inside
from .values import MatrixValue, VectorValue, componentwise, relation_name

Tree = lark.Tree


class OperatorsMixin(TupleSumsMixin):
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads operators."""

    def t_log_call(self, node):
        return self.entrywise_of_items(sp.log, "logarithm", node.children[1], node)

    def t_log_power_call(self, node):
        digits = re.search(r"[0-9]+", str(node.children[0])).group()
        exponent = self._log_power(sp.Integer(digits) if len(digits) <= 7 else None, node)
        return sp.log(self._items(node.children[1], single=True)) ** exponent

    def _log_power(self, exponent, node):
        """The n of \\log^n: a whole number from 1 (\\log^{-1} is the inverse function) not too large."""
        if exponent is None or not (exponent.is_Integer and 0 < exponent <= 10 ** 6):
            raise self.fail(node, "\\log^n x is read for a whole n from 1 to 10^6 only")
        return exponent

    def _log_base(self, op) -> sp.Expr:
        """The b of \\log_b: a number above 0 other than 1 (\\log_2, \\log_{10}, \\log_e)."""
        written = "".join(self.source(op.children[1]).split()).strip("{}")
        base = sp.E if written in ("e", "\\mathrm{e}") else self.expr(op.children[1])
        if not (base.is_number and base.is_positive and base != 1):
            raise self.fail(op, f"\\log_{{{written}}} is read for a number base above 0 other than 1 (\\log_2, "
                                "\\log_{10}, \\log_e)")
        return base

    def t_exp_call(self, node):
        return self.entrywise_of_items(exp_kept, "exponential", node.children[1], node)

    def t_max_set(self, node):
        return self._max(self._items(node.children[2]), node)

    def t_max_paren(self, node):
        return self._max(self._items(node.children[1].children[0]), node)

    def t_limit(self, node):
        lim, script, body = node.children
        var, point, direction = self._limit_point(script)
        return sp.Limit(self.expr(body), var, point, direction)

    def t_apply_op(self, node):
        op, operand = node.children
        return self._apply_op(op, operand)

    def _apply_op(self, op: Tree, operand):
        kind = op.data
        if kind == "sum_op":
            total = self._sum(op, operand)
            self.close_sums_of(op, _scripts(op)[0], operand)      # whatever reading bound them (sum_ends.py)
            return total
        if kind == "log_op":
            self._refuse_quotient_after(op, operand)
            return self.entrywise(sp.log, "logarithm", operand, op)
        if kind == "log_base_op":       # \log_2 x: log x / log 2
            self._refuse_quotient_after(op, operand)
            return sp.log(self.expr(operand)) / sp.log(self._log_base(op))
        if kind == "log_power_op":
            self._refuse_quotient_after(op, operand)
            return sp.log(self.expr(operand)) ** self._log_power(self.expr(op.children[1]), op)
        if kind == "func_op":
            name = str(op.children[0])
            if name == r"\exp" and len(op.children) == 1:
                self._refuse_quotient_after(op, operand)
                return self.entrywise(exp_kept, "exponential", operand, op)
            listed = self.listed_for_min(operand) if name == r"\min" and len(op.children) == 1 else None
            if listed is not None:      # \min\{a, b, \dots\} (\min(a, b) is min_paren: lists.py)
                return self._max(self._items(listed), op, minimum=True)
            if name == r"\exp":
                raise self.fail(op, "\\exp with a subscript is not read")
            lower = op.children[1].children[0] if len(op.children) >= 2 else None
            upper = op.children[2] if len(op.children) == 3 else None
            return self.extreme_or_optimum(op, lower, operand, name.lstrip("\\"), upper)
        if kind in ("partial_op", "nabla_op") and isinstance(operand, Tree) and (
                operand.data == "pos" or operand.data == "neg" and self.scope.differentiated):
            self.refuse_signed_operand(op, operand)          # derivatives.py
        if kind == "partial_op":
            return self.partial_op(op, operand)
        if kind == "nabla_power_op":           # \nabla^2 f(x): the Hessian (derivatives.py)
            return self.hessian_of_definition(op, operand)
        if kind == "nabla_op":
            if len(op.children) > 1:
                return self._nabla_by(op.children[1], operand, op)
            by_argument = self.nabla_of_definition(operand, op)       # \nabla f(x): by x (derivatives.py)
            return by_argument if by_argument is not None else self._nabla(self.expr(operand), op)
        if kind == "max_op":
            meaning = self.scope.lookup(r"\max" + self.script_key("_", op.children[1].children[0]))
            if isinstance(meaning, Operator) and meaning.kind is OperatorKind.BEST_CRITIC:
                return BestCritic(self.expr(operand))
            upper = op.children[2] if len(op.children) == 3 else None
            return self.extreme_or_optimum(op, op.children[1].children[0], operand, "max", upper)
        if kind == "optimum_op":
            return self.optimum_op(op, operand)
        if kind == "int_op":                # \int p(x) g(x) dx: integrals.py
            return self.integral(op, operand)
        raise self.fail(op, f"{kind} is not understood")

    def _refuse_quotient_after(self, op, operand) -> None:
        r"""``\exp a/\tau`` and ``\log a \cdot b`` without parentheses: refused, each reading given
        (ambiguity.py)."""
        quotient_after_operator(self, op, operand)
        product_after_operator(self, op, operand)

    def _sum(self, op, operand):
        lower, upper = _scripts(op)
        if lower is None:
            lower = self.unwritten_sum_index(op, operand, upper)    # \sum e^{x_j}: unwritten_index.py
        over_values = self._alphabet_sum(lower, upper, operand, op)
        if over_values is not None:
            return over_values
        pairs = self._pair_sum(lower)
        if pairs is not None:
            return self._sum_over_pairs(op, upper, operand, *pairs)
        names = self._several_indices(lower) or self._index_run(lower) if upper is None else None
        if names is not None:
            return self._nested_sum(names, operand, op)
        ranged = self._several_from(lower) if upper is not None else None
        if ranged is not None:
            # \sum_{i,j=1}^n: Σ_{i=1}^n Σ_{j=1}^n, every index over the one range written (i ≠ j after it: skipped)
            return self._nested_sum(ranged[0], operand, op, (self.expr(ranged[1]), self.expr(upper)), ranged[2])
        over_pairs = self._unequal_pair(lower, upper, operand, op)
        if over_pairs is not None:
            return over_pairs
        groups = self.index_groups(lower, upper)
        if groups is not None:      # \sum_{l \in \{1,2\}, j \in [N], j \neq i}: one sum per index
            return self.grouped_sum(groups, operand, op)
        var_name, lo, hi, skip = self._sum_range(lower, upper, op)
        variable = self._fresh(var_name)
        scope = self.scope.bind(var_name, variable)
        inner = self.within(scope)
        inner.open_sums += (var_name,)
        term = inner.term(operand)
        if isinstance(operand, Tree) and not getattr(operand.meta, "empty", True):
            # the index is free after the body: a later use of it is named as such
            self.close_sum(var_name, operand.meta.end_pos, operand.meta.start_pos, op.meta.start_pos)
        body = term.body if isinstance(term, (VectorValue, MatrixValue)) else term    # of vectors: componentwise
        if lo is None:
            lo, hi = self._infer_range(body, variable, op, skip, var_name)
        elif hi is None:                    # \sum_{k=2} s_{i,k}: the end is the family's
            hi = self._infer_range(body, variable, op)[1]
        self.settle_excluded(skip, body)          # pair_sums.py: is \sum_{i \neq j} a pair?
        total = range_sum(body, variable, lo, hi, skip)
        return componentwise(term, lambda _: total)

    def _pair_sum(self, lower):
        """``_{i,j \\in \\mathcal{MB}}``: the names i, j and the declared pair set."""
        if not (isinstance(lower, Tree) and lower.data == "script_group"):
            return None
        items = [c for c in lower.children[0].children if isinstance(c, Tree)]
        if len(items) != 2:
            return None
        first, second = unwrap(items[0]), items[1]
        if not (bare_letter(first) and isinstance(second, Tree) and second.data == "item"
                and len(second.children) == 3 and relation_name(str(second.children[1].children[0])) == "in"):
            return None
        pair_set = self.scope.lookup(self.script_key("", second.children[2]))
        if not isinstance(pair_set, PairSet) or not self._bound_name(second.children[0]):
            raise self.fail(lower, f"\\sum_{{{written_inside(self.source(lower))}}} runs over pairs: it needs "
                                   f"{written_inside(self.source(second.children[2]))} declared as a [[pair_set]]")
        return str(first.children[0]), self._bound_name(second.children[0]), pair_set

    def _several_indices(self, lower) -> list[str] | None:
        """``_{i,j}``, ``_{i,j,k}``: two or more bare names separated by commas."""
        if not (isinstance(lower, Tree) and lower.data == "script_group"):
            return None
        items = lower.children[0]
        elements = [unwrap(c) for c in items.children if isinstance(c, Tree)]
        separators = {str(c) for c in items.children if not isinstance(c, Tree)}
        names = [self._bound_name(e) for e in elements]
        if len(names) < 2 or separators != {","} or None in names or len(set(names)) != len(names):
            return None
        return names

    def _index_run(self, lower) -> list[str] | None:
        """``_{ij}``, ``_{ijl}``: letters side by side, as TeX sets a sum over several indices
        (LMNN's Σ_{ij} η_{ij} D_{ij}), each undeclared or a declared index; a run that spells a
        declared name, repeats a letter or has another declared letter (a size: n·k?) is not."""
        run = self.name_run(lower)
        names = [str(t.children[0]) for t in run] if run and all(bare_letter(t) for t in run) else []
        if not names or len(set(names)) != len(names) or self.scope.lookup("".join(names)) is not None:
            return None
        declared = [self.scope.lookup(name) for name in names]
        return names if all(m is None or self.scope.index_range(m) is not None for m in declared) else None

    def _several_from(self, lower) -> tuple[list[str], object] | None:
        """``_{i,j=1}`` (before ``^n``): the names, and the tree of where they all start."""
        if not (isinstance(lower, Tree) and lower.data == "script_group"):
            return None
        items = lower.children[0]
        elements = [unwrap(c) for c in items.children if isinstance(c, Tree)]
        ends = [n for n, e in enumerate(elements) if _relation_of(e) == "="]
        if len(ends) != 1 or ends[0] < 1 or {str(c) for c in items.children if not isinstance(c, Tree)} - {",", ";"}:
            return None
        last, unequal = elements[ends[0]], []
        names = [self._bound_name(e) for e in elements[:ends[0]]] + [self._bound_name(last.children[0])]
        for condition in elements[ends[0] + 1:]:      # \sum_{i,j=1; i \neq j}^{d}: pairs of distinct indices
            pair = [self._bound_name(side) for side in condition.children[::2]] if _relation_of(condition) == "!=" else []
            if len(pair) != 2 or not set(pair) <= set(names) or pair[0] == pair[1]:
                return None
            unequal.append(tuple(sorted(pair, key=names.index)))
        if None in names or len(set(names)) != len(names):
            return None
        return names, last.children[2], unequal

    def _nested_sum(self, names: list[str], operand, op, bounds=None, unequal=()):
        """``\\sum_{i,j} body``: Σ_i Σ_j body, each index over the range the families it
        indexes give (as ``\\sum_i`` alone reads it), or over ``bounds`` (lo, hi) when written;
        ``unequal``: pairs (earlier, later) of names, the later skipping the earlier's value."""
        scope, variables = self.fresh_bound(names)
        term = self.within(scope).term(operand)
        body = term.body if isinstance(term, (VectorValue, MatrixValue)) else term
        for position in reversed(range(len(variables))):
            lo, hi = bounds if bounds is not None else self._infer_range(body, variables[position], op)
            skips = [variables[names.index(a)] for a, b in unequal if b == names[position]]
            if len(skips) > 1:
                raise self.fail(op, f"{names[position]} is told apart from several indices here; one is read")
            body = range_sum(body, variables[position], lo, hi, skips[0] if skips else None)
        return componentwise(term, lambda _: body)

    def _sum_over_pairs(self, op, upper, operand, first: str, second: str, pair_set: PairSet):
        if upper is not None:
            raise self.fail(op, "a sum over a pair set has no upper bound")
        anchor = self._fresh("a")
        partner = enc.positive_row(anchor, pair_set.samples)
        scope = self.scope.bind(first, anchor).bind(second, partner)
        inner = self.within(scope)
        return sp.Sum(inner.expr(operand), (anchor, 1, pair_set.anchors))

    def _sum_range(self, lower, upper, op):
        """``_k``, ``_{k=1}^{N}``, ``_{k \\neq i}``, ``_{i}^{N}``: name, lo, hi, skipped."""
        lower = spread_written_ranges(lower)       # k = 1 \dots K is k = 1, \dots, K
        above = self.set_above(lower, upper, op) if upper is not None else None
        if above is not None:
            return above
        hi = self.upper_limit(upper) if upper is not None else None
        if isinstance(lower, Tree) and lower.data == "letter":
            return str(lower.children[0]), (sp.Integer(1) if hi is not None else None), hi, None
        by_tuple = self._index_of_tuples(lower)
        if by_tuple is not None:
            return by_tuple, (sp.Integer(1) if hi is not None else None), hi, None
        if isinstance(lower, Tree) and lower.data == "script_group":
            items = lower.children[0]
            elements = [c for c in items.children if isinstance(c, Tree)]
            separators = {str(c) for c in items.children if not isinstance(c, Tree)}
            # a ';' separates conditions as a comma does: \prod_{i=1,\dots,N; i \neq j}
            if separators <= {",", ";"} and (len(elements) > 1 or _is_membership(elements[0])):
                found = self._conditions_range(elements, upper, op)
                if found is not None:
                    return found
            if len(items.children) == 1:
                item = unwrap(items.children[0])
                if bare_letter(item) or self._bound_name(item):
                    name = self._bound_name(item)
                    return name, (sp.Integer(1) if hi is not None else None), hi, None
                if isinstance(item, Tree) and item.data == "item" and len(item.children) == 3:
                    left, rel, right = item.children
                    if relation_name(str(rel.children[0])) == "!=":
                        left, right = self.unbound_first(left, right)
                    name = self._bound_name(left)
                    relation = relation_name(str(rel.children[0]))
                    if name and relation == "=":
                        return name, self.expr(right), hi, None
                    if name and relation == "!=":
                        skip = self.excluded_index(name, right, item)       # pair_sums.py
                        return name, (sp.Integer(1) if hi is not None else None), hi, skip
        raise self.fail(lower, self.worded_for(op, self._why_not_a_sum_index(lower) + " (write \\sum_k, "
                               "\\sum_{k=1}^{N}, \\sum_{k \\neq i}, \\sum_{k \\in [N]} or \\sum_{k \\in S} for a declared set S)"))

    def _why_not_a_sum_index(self, lower) -> str:
        """What is not read in a sum's subscript ``x \\in S``: a tuple, a data point, a set
        that is not declared; in general terms otherwise."""
        items = lower.children[0] if isinstance(lower, Tree) and lower.data == "script_group" else None
        elements = [c for c in items.children if isinstance(c, Tree)] if items is not None else []
        member = next((unwrap(e) for e in elements if _is_membership(e)), None)
        ordered = next((unwrap(e) for e in elements if _relation_of(e) in ("<", "<=", ">", ">=")), None)
        if member is None and ordered is not None:
            return (f"a sum over {self.source(ordered).strip()} does not say where its index starts (at 0, "
                    "as code counts, or at 1)")
        run = self.name_run(lower)
        if member is None and run and all(bare_letter(t) for t in run):
            written = "".join(str(t.children[0]) for t in run)
            return (f"'{written}' under a sum is read as indices side by side only when each letter is a new name "
                    f"or a declared index and '{written}' is not a declared name (\\sum_{{ij}})")
        alone = unwrap(elements[0]) if len(elements) == 1 else None
        if member is None and isinstance(alone, Tree) and alone.data in ("inner", "paren"):
            return (f"a sum over the tuples {' '.join(self.source(alone).split())} is read when one index numbers "
                    "every entry, each an entry of a declared family (\\sum_{(x_i, y_i)} is \\sum_i)")
        drawn = next((unwrap(e) for e in elements if _relation_of(e) == r"\sim"), None)
        if member is None and drawn is not None and len(elements) > 1:
            # \sum_{i=1, \tilde{w}_i \sim Q}^N: N draws, written beside the index that numbers them
            return (f"a sum whose terms are drawn ({' '.join(self.source(drawn).split())}) beside the index that "
                    "numbers them is read from where it starts to its number of draws, \\sum_{i=1, \\tilde{w}_i "
                    "\\sim Q}^N (the draws a family of indices declared beside the index Q draws), or as "
                    "\\sum_{j \\sim p}^N inside an expectation")
        if member is None:
            return "this sum's index is not understood"
        left, _, right = member.children
        shown, where = balanced(self.source(left).strip()), balanced(self.source(right).strip())
        if isinstance(unwrap(left), Tree) and unwrap(left).data == "paren":
            return f"a sum over tuples {shown} \\in {where} is not read yet"
        try:
            value = self.value(left)
        except ParseError:
            value = None
        if value is not None and self.as_point(value) is not None:
            return f"a sum over the data points {shown} \\in {where} is not read yet"
        return f"this sum's index is not understood: '{where}' is not a declared [[set]]"

    def _bound_name(self, node) -> str | None:
        if isinstance(node, Tree) and node.data == "letter":
            return str(node.children[0])
        if isinstance(node, Tree) and node.data == "prime" and isinstance(node.children[0], Tree) \
                and node.children[0].data == "letter":
            return str(node.children[0].children[0]) + "'"
        return self.scripted_index_name(node)

    def _infer_range(self, body, variable, op, skip=None, written: str | None = None):
        """The range of an index written without bounds: the extent of the family
        dimension it indexes (``\\sum_k s_{i,k}`` runs over 1…N); if it indexes no family, in ``\\sum_{k
        \\neq i}`` the range of the declared index i (without i), in ``\\sum_i`` over a declared i its range."""
        ranges = set()
        for indexed in body.atoms(sp.Indexed):
            family = self._family_of(indexed.base)
            for position, index in enumerate(indexed.indices):
                # a family counted from 0 stores the entry written k at k + 1
                if family is not None and index == family.stored_index(position, variable):
                    start = sp.Integer(family.start(position))
                    ranges.add((start, start + family.shape[position] - 1))
        declared = self.scope.index_range(skip) if skip is not None else None
        if skip is None and written is not None and isinstance(self.scope.lookup(written), sp.Symbol):
            declared = self.scope.index_range(self.scope.lookup(written))
        if not ranges and declared is not None:
            return declared
        if len(ranges) != 1:
            raise self.fail(op, "the range of this sum's index is not written and cannot be read "
                                "from the families it indexes")
        return ranges.pop()

    def _family_of(self, base):
        for meaning in self.scope.names.values():
            if isinstance(meaning, Family) and meaning.base == base:
                return meaning
        return None

    def _fresh(self, name: str) -> sp.Symbol:
        """A bound index named as written, unless the name is taken by a declared symbol."""
        taken = self.scope.declared_symbol_names()
        plain = name.replace("'", "p")
        candidate = plain
        while candidate in taken:
            candidate = candidate + plain[0]
        return sp.Symbol(candidate, integer=True)

    def _limit_point(self, script):
        items = script.children[0] if isinstance(script, Tree) and script.data == "script" else script
        if isinstance(items, Tree) and items.data == "script_group":
            items = items.children[0]
        if isinstance(items, Tree) and items.data == "items" and len(items.children) == 1:
            item = items.children[0]
            if isinstance(item, Tree) and item.data == "item" and len(item.children) == 3:
                left, rel, right = item.children
                if relation_name(str(rel.children[0])) == "->":
                    variable = self.expr(left)
                    if not isinstance(variable, sp.Symbol):
                        raise self.fail(left, "a limit's variable must be a declared symbol")
                    point, direction = self._approach(right)
                    return variable, point, direction
        raise self.fail(script, "a limit needs its variable and point: \\lim_{x \\to a}")

    def _approach(self, node):
        """``0^+``, ``0^{+}``, ``+\\infty``, ``\\infty``: the point and the side."""
        if isinstance(node, Tree) and node.data == "superscript" and isinstance(node.children[1], Tree) \
                and node.children[1].data == "script_sign":
            point = self.expr(node.children[0])
            sign = str(node.children[1].children[0])
            return point, "+" if sign == "+" else "-"
        if isinstance(node, Tree) and node.data in ("pos", "neg") and self._is_infinity(node.children[1]):
            return (sp.oo, "-") if node.data == "pos" else (-sp.oo, "+")
        if self._is_infinity(node):
            return sp.oo, "-"
        return self.expr(node), "+-"

    def _is_infinity(self, node) -> bool:
        return isinstance(node, Tree) and node.data == "command" and str(node.children[0]) == r"\infty"


def _relation_of(tree) -> str | None:
    tree = unwrap(tree)
    if isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3:
        return relation_name(str(tree.children[1].children[0]))
    return None


def _is_membership(tree) -> bool:
    """``k \\in S``: an item whose relation is \\in."""
    tree = unwrap(tree)
    return isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3 \
        and relation_name(str(tree.children[1].children[0])) == "in"


def _scripts(op: Tree):
    """Lower and upper script of a ``\\sum``."""
    scripts = op.children[1]
    args = scripts.children
    if scripts.data == "scripts_both":
        return args[0], args[1]
    if scripts.data == "scripts_swapped":
        return args[1], args[0]
    if scripts.data == "scripts_lower":
        return args[0], None
    if scripts.data == "scripts_upper":
        return None, args[0]
    return None, None


def range_sum(body, variable, lo, hi, skip=None) -> sp.Expr:
    """Σ of ``body`` over ``variable`` from lo to hi, without the value ``skip`` (None: none)."""
    if skip is not None and certainly_equal(skip, lo):
        # Σ_{k≠1} over 1…K is Σ_{k=2}^{K}: the same terms, and SymPy proves more
        # about a plain range than about an indicator 1 − δ_{k,1}
        return sp.Sum(body, (variable, lo + 1, hi))
    if skip is not None:
        return enc.sum_except(body, variable, lo, hi, skip)
    return sp.Sum(body, (variable, lo, hi))
