r"""``\forall`` after a statement: ``a_i \le b_i \quad \forall i``, ``…, \forall i \in [N]``.

A claim already holds for every value of its variables (every index over its declared
range, every real in its domain, every data point), so "for all" adds no condition.  What
it names is still checked, so that it never says something the check does not do:

* each name is a variable of the statement (an index, a scalar, a family, a point): a
  "for all" over a name the statement does not use is refused;
* ``i \in S`` is the range the index is declared over (``[N]``, ``\llbracket 1, N
  \rrbracket``, a declared set of the same members); a narrower or other range is refused,
  since the claim is checked over the declared one;
* ``x \in \mathbb{R}`` (or ``\mathbb{R}^d``) for a scalar, a family or a point.

Anything else after ``\forall`` (``\forall i \neq j``, ``\forall x > 0``) is refused with
the form that is read instead (the claim's ``given``).
"""
from __future__ import annotations

import lark
import sympy as sp

from ...errors import ParseError
from ..quantifier_clauses import RANGE_WRITTEN
from ..scope import Family
from .macro_uses import written_letters
from .trees import unwrap
from .values import relation_name

Tree = lark.Tree


class QuantifiersMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that checks what a
    ``\\forall`` names against the statement before it."""

    def check_quantifier(self, node, exprs) -> None:
        if not self.source(node).lstrip().startswith("\\forall"):
            # a range clause ", i = 1, \dots, k" ending a row, read as \forall i \in [k]
            # (continuations.py): a refusal names the clause as written
            try:
                return self._check_quantifier(node, exprs)
            except ParseError:
                written = RANGE_WRITTEN.match(self.text, node.meta.start_pos)
                clause = (written.group(0) if written else self.source(node)).strip().lstrip(",").strip()
                raise self.fail(node, f"the range '{clause}' is read as 'for all' of an index the row uses, "
                                      "over the whole range it is declared with; this one is not") from None
        return self._check_quantifier(node, exprs)

    def check_definition_quantifier(self, quantifier, head) -> None:
        r"""``h_i = f(x_i), \forall i \in [k]``: a definition holds for every value of the indices
        its name is defined over, so the clause adds nothing; it must still name those indices,
        over their declared ranges, never narrow them or name something else."""
        if self._over_the_arguments(quantifier, head):
            return
        indices = [self.scope.lookup(letter) for letter in sorted(written_letters(self.source(head)))]
        indices = [i for i in indices if isinstance(i, sp.Symbol) and self.scope.index_range(i) is not None]
        self.check_quantifier(quantifier, [sp.Add(*indices)] if indices else [sp.Integer(0)])

    def _over_the_arguments(self, quantifier, head) -> bool:
        r"""``d(\vp, \vq) \doteq \CE(\vp, \vq), \quad \forall \vp, \vq \in \Delta_m``: a 'for all' that names
        exactly arguments of the head defines the name at every value of them, as a definition does
        anyway; the set they are in is the document's domain of the definition, said and not
        checked.  False for any other clause."""
        head = unwrap(head)
        if not (isinstance(head, Tree) and head.data == "call") or not self.source(quantifier).lstrip().startswith("\\forall"):
            return False
        arguments = {"".join(self.source(c).split()) for c in head.children[1].children[0].children if isinstance(c, Tree)}
        named, sets = [], []
        for item in (unwrap(c) for c in quantifier.children[1:] if isinstance(c, Tree)):
            if isinstance(item, Tree) and item.data == "item" and len(item.children) == 3:
                if relation_name(str(item.children[1].children[0])) != "in":
                    return False
                sets.append(" ".join(self.source(item.children[2]).split()))
                item = item.children[0]
            named += ["".join(self.source(n).split()) for n in _names(item)]
        if not named or not set(named) <= arguments:
            return False
        if any(not _is_reals(s) for s in sets):
            note = (f"\\forall {', '.join(named)} \\in {', '.join(sets)}: the definition's arguments; where they "
                    "are is the definition's domain, not checked")
            self.readings.extend([note] if note not in self.readings else [])
        return True

    def _check_quantifier(self, node, exprs) -> None:
        items = [c for c in node.children[1:] if isinstance(c, Tree)]
        used = set()
        for expr in exprs:
            expr = sp.sympify(expr)
            used |= expr.free_symbols | {a.base for a in expr.atoms(sp.Indexed)}
            used |= {arg for call in expr.atoms(sp.core.function.AppliedUndef) for arg in call.args}
        for item in items:
            item = unwrap(item)
            names, where = item, None
            if isinstance(item, Tree) and item.data == "item" and len(item.children) == 3:
                relation = relation_name(str(item.children[1].children[0]))
                if relation != "in":
                    raise self.fail(item, "after \\forall only names and 'name \\in set' are read; a condition "
                                          f"('{self.source(item).strip()}') goes in the claim's given")
                names, where = item.children[0], item.children[2]
            for name in _names(names):
                self._quantified(name, where, used)

    def _quantified(self, name, where, used) -> None:
        shown = self.source(name).strip()
        value = self.value(name)
        symbol = value.base if isinstance(value, Family) else value
        if isinstance(symbol, sp.Indexed):
            symbol = symbol.base
        if not isinstance(symbol, (sp.Symbol, sp.IndexedBase)) or not (symbol in used or _indexes(symbol, used)):
            raise self.fail(name, f"\\forall {shown}: the statement does not use {shown}, so 'for all' says "
                                  "nothing it checks")
        if where is None:
            return
        if _is_reals(self.source(where)):
            return
        declared = self.scope.index_range(symbol) if isinstance(symbol, sp.Symbol) else None
        if declared is None:
            raise self.fail(where, f"\\forall {shown} \\in {self.source(where).strip()}: after \\in only an "
                                   "index's declared range or \\mathbb{R} is read")
        _, ends = self._member(name, where)
        if ends is None or not all(sp.expand(a - b) == 0 for a, b in zip(ends, declared)):
            raise self.fail(where, f"\\forall {shown} \\in {self.source(where).strip()}: the claim is checked over "
                                   f"{shown}'s declared range; a 'for all' over another set is not read")


def _names(tree) -> list:
    """The names of ``i``, ``(x, y)`` or ``i, j`` after \\forall."""
    tree = unwrap(tree)
    if isinstance(tree, Tree) and tree.data == "paren":
        return [unwrap(c) for c in tree.children[0].children if isinstance(c, Tree)]
    return [tree]


def _indexes(symbol, used) -> bool:
    """Whether a point of a family (x_i) is among the arguments used."""
    return any(isinstance(u, sp.Indexed) and u.base == symbol for u in used)


def _is_reals(text: str) -> bool:
    text = "".join(text.split())
    return text.startswith(r"\mathbb{R}") or text == r"\R"
