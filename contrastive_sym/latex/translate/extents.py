r"""How far a sum reaches: ``\sum_{j=1}^N e^{a_j} + e^{b_j}``.

A sum takes one term, as TeX sets it and as a product binds tighter than ``+``.  Blog
posts and notes still write ``\sum_{j=1}^N e^{s(h_i, h_j^+)} + e^{s(h_i, h_j^-)}`` for
Σ_j (e^{…} + e^{…}): the second term uses j, which nothing outside the sum binds.  Read
with the sum taking one term, j would be undeclared there; the one reading in which every
name means something extends the sum over the terms after its first that use j.  That
reading is taken, and recorded (a claim's reading states it).  A term that does not use
j between two that do would make the extent a guess (Σ_j (a_j + c + b_j) or
Σ_j a_j + c + …), and is refused.  Where j is bound outside the sum (a declared index),
nothing changes: the later j is that j.
"""
from __future__ import annotations

import lark
from lark.tree import Meta

from ...errors import ParseError
from .operators import _scripts
from .ranges import tuple_member

Tree, Token = lark.Tree, lark.Token


class SumExtentsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that extends a sum
    over the later terms that use its index."""

    def extend_sums(self, terms: list) -> list:
        """``terms`` ((sign, tree) of one additive chain) with each sum whose index is used
        by later terms, and bound nowhere else, made one term with them."""
        position = 0
        while position < len(terms):
            sign, tree = terms[position]
            applied, wrap = _sum_node(tree)
            if applied is not None and _is_integral(applied):
                terms = self._integral_to_its_differential(terms, position, applied, wrap)
                position += 1
                continue
            names = self._running_letters(applied) if applied is not None else []
            kind = "sum" if names and applied.children[0].data == "sum_op" else "maximum or minimum"
            users, name = [], None
            for candidate in names:
                found = [q for q in range(position + 1, len(terms)) if self._uses(terms[q][1], candidate)]
                if found and self.scope.lookup(candidate) is not None:
                    if kind == "sum":
                        continue      # a declared index: the later j is that j (as TeX reads it)
                    raise self.fail(terms[found[0]][1], f"ambiguous: the {kind} over {candidate} takes one term, "
                                                        f"and this term uses {candidate}, a declared index too; "
                                                        "put the terms it takes in parentheses")
                if found and self.scope.lookup(candidate) is None:
                    users, name = found, candidate
                    break
            if not users:
                position += 1
                continue
            gap = next((q for q in range(position + 1, users[-1]) if q not in users), None)
            if gap is not None:
                raise self.fail(terms[gap][1], f"where the sum over {name} ends is not clear: a term that "
                                               f"does not use {name} stands between terms that do; put the "
                                               "terms it sums in parentheses")
            merged = _taking(applied, wrap, terms[position + 1:users[-1] + 1])
            self.readings.append(f"the {kind} over {name} in '{_short(self.source(merged))}' is read as "
                                 f"{'Σ' if kind == 'sum' else 'max'}_{name} of {len(users) + 1} terms: the later "
                                 f"terms use {name}, which nothing outside the {kind} binds")
            terms = terms[:position] + [(sign, merged)] + terms[users[-1] + 1:]
            position += 1
        return terms

    def _integral_to_its_differential(self, terms: list, position: int, applied, wrap) -> list:
        """``terms`` with the integral at ``position`` made one term with the later terms up to the
        one that ends with its differential (``\\int p(x) a(x) + q(x) b(x) \\, dx``): the differential
        says where the integrand ends, as a sum's index cannot."""
        if self._integrand_and_variable(applied.children[1]) is not None:
            return terms
        end = next((q for q in range(position + 1, len(terms))
                    if self._integrand_and_variable(terms[q][1]) is not None), None)
        if end is None:
            return terms        # no differential after it: integrals.py says so
        merged = _taking(applied, wrap, terms[position + 1:end + 1])
        self.readings.append(f"the integral in '{_short(self.source(merged))}' is read over {end - position + 1} "
                             "terms, up to its differential")
        return terms[:position] + [(terms[position][0], merged)] + terms[end + 1:]

    def _uses(self, tree, name: str) -> bool:
        """Whether ``tree`` uses the name ``name`` where no sum of its own binds it."""
        if not isinstance(tree, Tree):
            return False
        if tree.data == "apply_op" and _binds(self._running_letters(tree), name):
            return False        # a sum or maximum of its own binds the name there
        if self._bound_name(tree) == name:
            return True
        return any(self._uses(child, name) for child in tree.children)

    def _sum_letter(self, applied) -> str | None:
        """The name a sum binds (``j`` of ``\\sum_{j=1}^N``); None for any other operator."""
        op = applied.children[0]
        if not (isinstance(op, Tree) and op.data == "sum_op"):
            return None
        lower, upper = _scripts(op)
        if lower is None:
            return None
        try:
            name, *_ = self._sum_range(lower, upper, op)
        except ParseError:
            # read elsewhere (\sum_{i \in \mathcal{P}} of a set defined by a condition, by its
            # labels) or not at all: the letter as written, else one that may be any name, so
            # that a later term is never taken into an outer sum on a guess
            return self._written_letter(lower) or ANY_NAME
        return name

    def _written_letter(self, lower) -> str | None:
        """The name before ``\\in`` or ``=`` in a sum's subscript written ``i \\in S`` or ``i = a``."""
        if not (isinstance(lower, Tree) and lower.data == "script_group"):
            return None
        items = [c for c in lower.children[0].children if isinstance(c, Tree)]
        item = items[0] if len(items) == 1 else None
        if isinstance(item, Tree) and item.data == "item" and len(item.children) == 3:
            relation = item.children[1]
            if isinstance(relation, Tree) and str(relation.children[0]).strip() in ("\\in", "="):
                return self._bound_name(item.children[0])
        return None

    def _running_letters(self, applied) -> list[str]:
        """The names a sum, a maximum or a minimum binds: ``j`` of ``\\sum_{j=1}^N`` or
        ``\\max_{k \\neq i}``, the indices of ``\\max_{(i,k) \\in \\mathcal{N}}`` not bound here."""
        op = applied.children[0]
        if not isinstance(op, Tree):
            return []
        if op.data == "sum_op":
            name = self._sum_letter(applied)
            return [name] if name is not None else []
        if op.data == "max_op" or op.data == "func_op" and str(op.children[0]) == r"\min" and len(op.children) == 2:
            lower = op.children[1].children[0]
            member = tuple_member(lower)
            if member is not None:
                names = self.tuple_names(member[0])
                return [] if None in names else [n for n in names if not self.index_is_bound_here(n)]
            try:
                name, *_ = self._sum_range(lower, None, op)
            except ParseError:
                return []
            return [name] if name is not None else []
        return []


#: What a sum binds when its index is not read here: it may be any name
ANY_NAME = "\ue000any"


def _binds(letters: list[str], name: str) -> bool:
    return name in letters or ANY_NAME in letters


def _is_integral(applied) -> bool:
    return isinstance(applied.children[0], Tree) and applied.children[0].data == "int_op"


def _taking(applied, wrap, later_terms: list):
    """The operator ``applied`` (inside its sign ``wrap``, if any) with its operand and the
    ``later_terms`` ((sign, tree) each) added to it: one term."""
    operand = applied.children[1]
    for later_sign, later in later_terms:
        token = Token("PLUS", "+") if later_sign > 0 else Token("MINUS", "-")
        operand = Tree("add" if later_sign > 0 else "sub", [operand, token, later], _span(operand, later))
    merged = Tree("apply_op", [applied.children[0], operand], _span(applied, operand))
    return merged if wrap is None else Tree(wrap.data, [wrap.children[0], merged], _span(wrap, merged))


def _sum_node(tree):
    """(the ``apply_op`` of a sum, the ``neg``/``pos`` around it or None) of a term."""
    wrap = None
    if isinstance(tree, Tree) and tree.data in ("neg", "pos") and len(tree.children) == 2:
        wrap, tree = tree, tree.children[1]
    if isinstance(tree, Tree) and tree.data == "apply_op":
        return tree, wrap
    return None, None


def _span(first, last) -> Meta:
    """The position of a node made of ``first`` … ``last``."""
    meta = Meta()
    meta.empty = False
    meta.line, meta.column, meta.start_pos = first.meta.line, first.meta.column, first.meta.start_pos
    meta.end_line, meta.end_column, meta.end_pos = last.meta.end_line, last.meta.end_column, last.meta.end_pos
    return meta


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "…"
