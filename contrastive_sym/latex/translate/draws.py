r"""Expectations over the values of an index, and sums over sampled indices, as
recommendation papers write them: ``\mathbb{E}_u``, ``\mathbb{E}_{i \sim p_u^+}[…]`` (for
each user u a distribution over items i), ``\sum_{j \sim p_i}^N g(j)`` (N independent
draws j_1 … j_N).

A ``[[distribution]]`` whose ``of`` names one declared ``[[index]]`` draws a value of that
index's range; with ``given = ['u']`` it is one distribution per value of u, written with
u as a subscript of its name (``p_u^+``) and used with any index put in (``p_k^+``).  The
drawn index is a binding of its own: the body's u is the drawn one (renamed to a symbol
no other part of the formula uses).  Sampled sums are random, so they are read only
inside an expectation, which averages over their draws as well
(:mod:`contrastive_sym.check.sampling.draws`).  Nothing here decides a verdict.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import lark
import sympy as sp
from sympy.concrete.expr_with_limits import ExprWithLimits

from ...model.distributions import IndexExpectation, IndexProbability, SampledSum
from ...model.slices import SliceDensity
from ..families import Family
from ..scope import Distribution, ExpectationOp, form_key
from .trees import unwrap
from .values import relation_name

Tree, Token = lark.Tree, lark.Token


@dataclass(frozen=True)
class IndexDistribution(Distribution):
    """A distribution over the values ``lo`` … ``hi`` of the index ``coordinates[0]``;
    with ``given`` (the name of the index it depends on), one per value of it, bound
    under ``head`` (the name without ``_u``)."""

    lo: sp.Expr = sp.S.One
    hi: sp.Expr = sp.S.One
    given: str | None = None

    def shown(self, values=()) -> str:
        """The name as a use writes it: p_U, or p_u^+ with the use's index put in."""
        if self.given is None:
            return self.name
        put = "".join(str(v) for v in values) if values else self.given
        return re.sub(rf"_(?:\{{{re.escape(self.given)}\}}|{re.escape(self.given)}(?![a-zA-Z]))",
                      lambda _: f"_{{{put}}}" if len(put) > 1 else f"_{put}", self.name, count=1)


@dataclass(frozen=True)
class IndexExpectationOp(ExpectationOp):
    r"""``\mathbb{E}_{i \sim p_u^+}`` before its body: the declared index drawn (renamed in
    the body), and the values put in for what the distribution is given."""

    given_values: tuple = ()


class IndexDrawsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads draws of
    indices."""

    def index_distribution_at(self, tree, op):
        """(distribution, values put in) for ``p_U``, ``p_i^+`` or ``p_k^+`` written at
        ``tree`` when it names a distribution over an index; None for anything else."""
        tree = unwrap(tree)
        whole = self.scope.lookup("".join(self.source(tree).split()))
        if isinstance(whole, IndexDistribution):
            if whole.given is not None:
                raise self.fail(tree, f"the distribution {whole.name} depends on {whole.given}: write it "
                                      f"with the index put in, {whole.name}")
            return whole, ()
        if whole is not None:
            return None
        ops, atom = [], tree
        while isinstance(atom, Tree) and atom.data in ("subscript", "superscript"):
            ops.append(atom)
            atom = atom.children[0]
        ops.reverse()
        key = self.atom_key(atom)
        if key is None:
            return None
        for position, op_tree in enumerate(ops):
            if op_tree.data != "subscript":
                continue
            rest = ops[:position] + ops[position + 1:]
            found = self.scope.lookup(key + "".join(self.script_suffix(o) for o in rest))
            if isinstance(found, IndexDistribution) and found.given is not None:
                self.scope.lookup(found.name)      # marks the declaration used (unused-name warnings)
                values = self._index_list(op_tree.children[1])
                if len(values) != 1 or not (isinstance(values[0], sp.Symbol) and values[0].is_integer
                                            or isinstance(values[0], sp.Integer) and values[0] > 0):
                    raise self.fail(op_tree, f"{found.name} takes one index (or a whole number) in place of "
                                             f"{found.given}")
                return found, tuple(values)
        return None

    def drawn_index(self, tree, distribution: IndexDistribution, node) -> sp.Symbol:
        """The declared index a draw names (``u`` of ``u \\sim p_U``), checked to take
        every value of the distribution's range and nothing else."""
        tree = unwrap(tree)
        # w_n \sim p_n: a declared index whose name has a script, as a letter is
        key = (self.atom_key(tree) or self.scripted_index_name(tree)) if isinstance(tree, Tree) else None
        symbol = self.scope.lookup(key) if key is not None else None
        declared = self.scope.index_range(symbol) if isinstance(symbol, sp.Symbol) else None
        written = self.source(tree).strip()
        if declared is None and symbol is None:
            entry = self._drawn_entry(tree, distribution)
            if entry is not None:
                return entry
        if declared is None:
            raise self.fail(tree, f"'{written}' drawn from {distribution.name} is not a declared [[index]] "
                                  "(the letter an expectation draws is declared as an index)")
        if any(symbol in pair for pair in self.scope.distinct):
            raise self.fail(tree, f"'{written}' is declared distinct from another index (distinct_from); an "
                                  "index drawn by an expectation takes every value of its range: draw "
                                  "another letter")
        if sp.expand(declared[0] - distribution.lo) != 0 or sp.expand(declared[1] - distribution.hi) != 0:
            raise self.fail(tree, f"'{written}' runs over {declared[0]} … {declared[1]}, and "
                                  f"{distribution.name} draws over {distribution.lo} … {distribution.hi}")
        return symbol

    def _drawn_entry(self, tree, distribution: IndexDistribution) -> sp.Indexed | None:
        """``\\tilde{w}_i`` of ``\\mathbb{E}_{\\tilde{w}_i \\sim Q}``: an entry of the draws declared
        beside the index Q draws (load/index_families.py), which the expectation averages over;
        None for anything else."""
        family = self._draws_family(tree)
        if family is None or self.scope.lookup(family.draws_of) != distribution.coordinates[0]:
            return None
        entry = self.expr(tree)
        return entry if isinstance(entry, sp.Indexed) and entry.base == family.base else None

    def _draws_family(self, tree) -> Family | None:
        """The draws of an index (a family of indices declared beside it) that ``tree``, an entry
        written with a subscript (``\\tilde{w}_i``), names; None for anything else."""
        if not (isinstance(tree, Tree) and tree.data == "subscript"):
            return None
        head = self.atom_key(tree.children[0])
        family = self.scope.lookup(form_key(head, "subscript")) if head is not None else None
        return family if isinstance(family, Family) and family.draws_of is not None else None

    def refuse_fixed_draws(self, body, node, averaged=()) -> None:
        """An expectation of a body that names draws of an index (w̃_i of \\sum_{i=1, \\tilde{w}_i
        \\sim Q}^N, read for each draw) that it does not average over itself: whether it averages over
        them too is not written, and the two readings differ."""
        if not isinstance(body, sp.Basic):
            return
        fixed = sorted({str(e) for e in body.atoms(sp.Indexed) if e not in averaged
                        and getattr(self._family_of(e.base), "draws_of", None) is not None})
        if fixed:
            raise self.fail(node, f"an expectation of {', '.join(fixed)}, draws of an index it does not draw "
                                  "itself: whether it averages over them too is not written (a sum over draws "
                                  "inside an expectation is \\sum_{j \\sim Q}^N; one draw is "
                                  "\\mathbb{E}_{\\tilde{w}_i \\sim Q})")

    def index_draw_op(self, left, right, op) -> IndexExpectationOp | None:
        """``\\mathbb{E}_{i \\sim p_u^+}``: None when ``right`` is no distribution over indices."""
        found = self.index_distribution_at(right, op) or self._written_at_its_letter(right, op)
        if found is None:
            return None
        distribution, values = found
        if isinstance(left, Tree) and left.data == "paren":
            raise self.fail(left, f"{distribution.name} draws one index: write i \\sim {distribution.name}")
        drawn = self.drawn_index(left, distribution, op)
        self._refuse_circular(str(drawn), values, distribution, op)
        return IndexExpectationOp((drawn,), distribution, values)

    def _written_at_its_letter(self, right, op):
        r"""``c_N \sim P_n(c)``: a distribution over an index written at an index of its range (the letter
        of the words it is over, as its density is written), read as ``c_N \sim P_n`` and said; at an
        index of another range it is refused.  None for anything else."""
        right = unwrap(right)
        if not (isinstance(right, Tree) and right.data == "call"):
            return None
        head = self.scope.lookup("".join(self.source(right.children[0]).split()))
        if not isinstance(head, IndexDistribution) or head.given is not None:
            return None
        written = " ".join(self.source(right).split())
        argument = self.expr(right.children[1]) if len(right.children) == 2 else None
        declared = self.scope.index_range(argument) if isinstance(argument, sp.Symbol) else None
        if declared is None or sp.expand(declared[0] - head.lo) != 0 or sp.expand(declared[1] - head.hi) != 0:
            raise self.fail(op, f"'{written}': {head.name} draws over {head.lo} … {head.hi}, and what it is written "
                                "at is not an index of that range")
        note = f"'{written}' is {head.name}, the distribution it is the probability of, written at an index of its " \
               "range"
        self.readings.extend([note] if note not in self.readings else [])
        return head, ()

    def _refuse_circular(self, name: str, values: tuple, distribution: IndexDistribution, op) -> None:
        """``u \\sim p_u^+``: the index drawn is also what the distribution is given."""
        if any(name in {str(f) for f in sp.sympify(v).free_symbols} for v in values):
            raise self.fail(op, f"'{name} \\sim {distribution.shown(values)}' draws {name} from a distribution "
                                f"given {name} itself: draw another letter")

    def index_expectation_by_name(self, symbol, op) -> IndexExpectationOp | None:
        """``\\mathbb{E}_u``: u a declared index drawn by exactly one declared distribution
        (that depends on nothing); None when ``symbol`` is not a declared index."""
        if not isinstance(symbol, sp.Symbol) or self.scope.index_range(symbol) is None:
            return None
        drawing = [d for d in self.scope.names.values()
                   if isinstance(d, IndexDistribution) and d.coordinates[0] == symbol]
        plain = [d for d in drawing if d.given is None]
        if len(plain) == 1:
            self.scope.lookup(plain[0].name)       # marks the declaration used (unused-name warnings)
            return IndexExpectationOp((self.drawn_index_symbol(symbol, plain[0], op),), plain[0], ())
        written = self.source(op.children[1]).strip("{} ")
        if not drawing:
            raise self.fail(op, f"\\mathbb{{E}}_{{{written}}}: no declared distribution draws the index "
                                f"{written} (declare a [[distribution]] with of = ['{written}'])")
        if not plain:
            raise self.fail(op, f"\\mathbb{{E}}_{{{written}}}: {written} is drawn by "
                                f"{', '.join(d.name for d in drawing)}, which depends on "
                                f"{drawing[0].given}; write {written} \\sim {drawing[0].name}")
        raise self.fail(op, f"\\mathbb{{E}}_{{{written}}}: several declared distributions draw {written} "
                            f"({', '.join(d.name for d in plain)}); write {written} \\sim p")

    def drawn_index_symbol(self, symbol, distribution, op) -> sp.Symbol:
        if any(symbol in pair for pair in self.scope.distinct):
            raise self.fail(op, f"'{symbol}' is declared distinct from another index (distinct_from); an "
                                "index drawn by an expectation takes every value of its range")
        return symbol

    def index_expectation(self, op: IndexExpectationOp, body, node) -> IndexExpectation:
        """The expectation of ``body`` with the drawn index renamed to a symbol of its own."""
        drawn = op.bound[0]
        # a defined random quantity used twice (𝒩 in two places) is one draw, one sum
        loose = set(_loose_sampled_sums(body))
        if len(loose) > 1:
            raise self.fail(node, "two sums over sampled indices in one expectation: whether they share "
                                  "their draws or draw independently is not written; write one")
        for sampled, around, shared in _sampled_sums_under_binders(body, frozenset()):
            if sp.Tuple(*sampled.args[2:]).free_symbols & around:
                raise self.fail(node, "a sum over sampled indices inside a sum (or max) whose index its "
                                      "distribution or number of draws uses: whether each term draws anew "
                                      "is not written")
            if shared:
                raise self.fail(node, "a sum over sampled indices inside a sum under a function (log Σ_i …): "
                                      "whether its terms share one set of draws or each draws anew is not "
                                      "written, and the expectations differ")
        self.refuse_fixed_draws(body, node, (drawn,))
        bound = _bound_symbol(drawn.name if isinstance(drawn, sp.Symbol) else str(drawn.base), body)
        distribution = op.distribution
        return IndexExpectation(body.xreplace({drawn: bound}), bound, distribution.tag, distribution.lo,
                                distribution.hi, *op.given_values)

    def index_probability(self, distribution: IndexDistribution, items, node) -> IndexProbability:
        """``p(k)``: the probability that a distribution of an index (given nothing) draws k."""
        elements = [c for c in items.children if isinstance(c, Tree)]
        separators = [str(c) for c in items.children if not isinstance(c, Tree)]
        if distribution.given is not None or len(elements) != 1 or separators:
            raise self.fail(node, f"{distribution.name}(k) is read for a distribution of an index that is "
                                  "given nothing, at one index k")
        value = self.expr(elements[0])
        if not (isinstance(value, sp.Symbol) and value.is_integer or isinstance(value, sp.Integer) and value > 0):
            raise self.fail(elements[0], f"{distribution.name}(k): k is an index or a whole number")
        return IndexProbability(distribution.tag, value, distribution.lo, distribution.hi)

    # --- sums over sampled indices ----------------------------------------------------
    def sampled_sum(self, lower, upper, operand, op):
        """``\\sum_{j \\sim p}^N body``; None when the sum's index is not drawn (``\\sim``)."""
        trees = [unwrap(c) for c in lower.children[0].children if isinstance(c, Tree)] \
            if isinstance(lower, Tree) and lower.data == "script_group" else [unwrap(lower)]
        if len(trees) == 2 and _is_draw(trees[1]):
            return self.sum_of_named_draws(trees, upper, operand, op)
        if len(trees) != 1 or not _is_draw(trees[0]):
            return None
        left, _, right = trees[0].children
        found = self.index_distribution_at(right, op)
        if found is None:
            raise self.fail(op, f"\\sum_{{… \\sim {self.source(right).strip()}}}: a sum over draws reads "
                                "draws of an index from a declared distribution over indices "
                                "([[distribution]] with of = an [[index]])")
        distribution, values = found
        if upper is None:
            raise self.fail(op, f"\\sum_{{j \\sim {distribution.shown(values)}}} needs the number of draws: "
                                f"\\sum_{{j \\sim {distribution.shown(values)}}}^N")
        count = self.expr(upper)
        if not (count.is_integer and count.is_positive):
            raise self.fail(upper, "the number of draws of a sampled sum is a positive whole number "
                                   "(a declared size)")
        left = unwrap(left)
        name = self.atom_key(left) if isinstance(left, Tree) and left.data == "letter" else None
        if name is None:
            raise self.fail(left, "a sum over draws names the index it draws with one letter (j \\sim p)")
        self._refuse_circular(name, values, distribution, op)
        # one symbol per written sum (its place in the formula): two sums alike in one
        # expectation stay two (SymPy would merge them into 2·Σ, one set of draws)
        bound = sp.Dummy(f"{name}~s", dummy_index=10_000 + getattr(op.meta, "start_pos", 0), integer=True)
        inner = self.within(self.scope.bind(name, bound).with_index_range(bound, distribution.lo,
                                                                          distribution.hi))
        body = inner.expr(operand)
        if self.vector_of(body) is not None or not isinstance(body, sp.Expr):
            raise self.fail(op, "a sum over draws of something that is not a number")
        return SampledSum(body, bound, distribution.tag, distribution.lo, distribution.hi, count, *values)

    def sum_of_named_draws(self, trees: list, upper, operand, op):
        r"""``\sum_{i=1, \tilde{w}_i \sim Q}^N body``: the N noise words w̃_1 … w̃_N, the entries of a
        family of indices declared beside the index w̃ that Q draws (load/index_families.py), summed
        over i.  The draws are read as values the statement holds for, each one of w̃'s range: a
        statement of them holds for every draw (Q gives each value a chance); an average over them
        is written in an expectation, \sum_{j \sim Q}^N.  None when the subscript is not so."""
        start, draw = trees
        if not (isinstance(start, Tree) and start.data == "item" and len(start.children) == 3
                and relation_name(str(start.children[1].children[0])) == "=" and upper is not None):
            return None
        name = self._bound_name(start.children[0])
        left, _, right = draw.children
        left = unwrap(left)
        found = self.index_distribution_at(right, op)
        drawn = self._draws_family(left)
        if name is None or found is None or drawn is None:
            raise self.fail(op, f"\\sum_{{… , {' '.join(self.source(draw).split())}}}: the draws a sum names "
                                "beside its index are read as the entries of a family of indices declared "
                                "beside the index its distribution draws ([[family]] with role = \"index\", "
                                "named as that [[index]]), or write \\sum_{j \\sim p}^N inside an expectation")
        distribution, values = found
        index = distribution.coordinates[0]
        written = "".join(self.source(left.children[1]).split()).strip("{}")
        if written != name or self.scope.lookup(drawn.draws_of) != index or values:
            raise self.fail(draw, f"'{' '.join(self.source(draw).split())}' draws the entry {written} of "
                                  f"{drawn.draws_of}'s draws from {distribution.name}: read when the entry is the "
                                  f"sum's index {name} and {distribution.name} draws {drawn.draws_of} itself")
        variable = self._fresh(name)
        inner = self.within(self.scope.bind(name, variable))
        inner.open_sums += (name,)
        body = inner.expr(operand)
        if self.vector_of(body) is not None or not isinstance(body, sp.Expr):
            raise self.fail(op, "a sum over draws of something that is not a number")
        count = self.expr(upper)
        shown = " ".join(self.source(left).split())
        note = (f"\\sum_{{{name}=1, {shown} \\sim {distribution.name}}}^{{{' '.join(self.source(upper).split())}}} "
                f"is read for each draw of {drawn.draws_of}'s entries, each one of its values: what is stated of "
                f"it holds for every draw (an average over the draws is an expectation, \\sum_{{j \\sim "
                f"{distribution.name}}}^N inside \\mathbb{{E}})")
        self.readings.extend([note] if note not in self.readings else [])
        return sp.Sum(body, (variable, 1, count))

    def refuse_loose_draws(self, expr, node) -> None:
        """A sum over sampled indices outside every expectation: a random quantity."""
        if isinstance(expr, sp.Basic) and _loose_sampled_sums(expr):
            raise self.fail(node, "a sum over sampled indices (\\sum_{j \\sim p}^N) outside any "
                                  "expectation is random; it is read only inside \\mathbb{E}[…], which "
                                  "averages over its draws")
        if isinstance(expr, sp.Basic) and expr.has(SliceDensity):
            raise self.fail(node, "the density of a slice, p(x_{1:K}), is read only as the subscript of an "
                                  "expectation (\\mathbb{E}_{p(x_{1:K})}[…]: each entry drawn independently)")


def _is_draw(tree) -> bool:
    return isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3 \
        and relation_name(str(tree.children[1].children[0])) == r"\sim"


def _loose_sampled_sums(expr: sp.Basic) -> list:
    """The sampled sums of ``expr`` that no expectation inside it averages."""
    if isinstance(expr, IndexExpectation) or not isinstance(expr, sp.Basic):
        return []
    if isinstance(expr, SampledSum):
        return [expr]
    return [s for arg in expr.args for s in _loose_sampled_sums(arg)]


def _sampled_sums_under_binders(expr: sp.Basic, around: frozenset, shared: bool = False,
                                nonlinear: bool = False):
    """(sampled sum, the indices of the sums and maxima around it, whether one of them sits
    under a function of the draws: log Σ_i …) for each sampled sum of ``expr`` that no
    expectation inside it averages.  Under a sum reached through +, × and sums only, one
    set of draws or one per term has the same expectation (linearity); under log Σ_i it
    does not, and which is meant is not written."""
    if isinstance(expr, IndexExpectation) or not isinstance(expr, sp.Basic):
        return
    if isinstance(expr, SampledSum):
        yield expr, around, shared
        return
    if isinstance(expr, ExprWithLimits) or type(expr).__name__ in ("MaxOver", "Vector"):
        variables = set(expr.variables) if isinstance(expr, ExprWithLimits) else {expr.args[1]}
        around = around | variables
        shared = shared or nonlinear or not isinstance(expr, sp.Sum)
    elif not isinstance(expr, (sp.Add, sp.Mul)):
        nonlinear = True
    for arg in expr.args:
        yield from _sampled_sums_under_binders(arg, around, shared, nonlinear)


def _bound_symbol(name: str, body: sp.Basic) -> sp.Symbol:
    """``u~1``, ``u~2`` …: a symbol no declaration has (``~`` is in no declared name) and
    no part of ``body`` uses."""
    taken = {s.name for s in body.atoms(sp.Symbol)} if isinstance(body, sp.Basic) else set()
    number = 1
    while f"{name}~{number}" in taken:
        number += 1
    return _bound(name, number)


def _bound(name: str, number: int) -> sp.Dummy:
    """A drawn index: a Dummy (no declaration is asked for it), equal to the same draw
    read again (its index is fixed), so two readings of one formula are one expression."""
    return sp.Dummy(f"{name}~{number}", dummy_index=number, integer=True)
