r"""``\sum_{i \neq j}`` with i and j both declared indices: over i with j fixed, as
``\sum_{k \neq i} s_{ik}`` beside the anchor i means, or over the pairs (i, j), as
``\sum_{i \neq j} s_{ij} = \sum_{i,j} s_{ij} - \sum_i s_{ii}`` means.  The reader takes the
first when the sum's body does not depend on j (``\sum_{j \neq i} a_j``), or when another side
of the statement depends on j too (j is then a fixed index of the whole statement); when no
other side does, both readings are possible and the statement is refused, naming how to write each (read as the first, a true pair identity was refuted)."""
from __future__ import annotations

import lark
import sympy as sp

Tree = lark.Tree


class PairSumsMixin:
    def excluded_index(self, name: str, right, item) -> sp.Expr:
        """The value of ``right`` in a sum's ``name \\neq right``; recorded when both are
        declared indices and ``right`` is not bound where the sum is read."""
        skip = self.expr(right)
        left = self.scope.lookup(name)
        if isinstance(skip, sp.Symbol) and self.scope.index_range(skip) is not None \
                and isinstance(left, sp.Symbol) and self.scope.index_range(left) is not None \
                and not self.index_is_bound_here(str(skip)) and name not in self.scope.pair_sums:
            self.excluded_indices.append([skip, item, None])
        return skip

    def settle_excluded(self, skip, body) -> None:
        r"""Whether the body of the sum that excludes ``skip`` (the last recorded and not yet
        settled: sums are read inside out) depends on it: only then is the pair a reading
        (``\sum_{i \neq j} C_{ij}``; ``\sum_{j \neq i} a_j`` runs over j alone)."""
        found = [r for r in self.excluded_indices if r[0] == skip and r[2] is None] if skip is not None else []
        if found:
            found[-1][2] = bool(body.has(skip)) if isinstance(body, sp.Basic) else True

    @property
    def excluded_indices(self) -> list:
        """(index, the sum's condition) of each sum ``\\sum_{i \\neq j}`` of two declared
        indices read in this formula (shared with the translators of its parts)."""
        return self.__dict__.setdefault("excluded", [])

    def refuse_ambiguous_pair_sums(self, rows: list, tree) -> list:
        """``rows``, unless a sum ``\\sum_{i \\neq j}`` of two declared indices, whose body
        depends on j, stands in a side of a statement that sums over j elsewhere and whose
        other sides do not depend on j: then which sum it is is not written."""
        sides = [side for row in rows for side in row.sides]
        summed = _summed_names(tree)
        for key, anchors in self.__dict__.get("anchor_uses", ()):
            both = sorted(set(anchors) & summed)
            if both:
                # c = \frac{1}{D} \sum_{i \neq j} C_{ij}^2 (j fixed) in a statement that sums over j itself
                shown = ", ".join(both)
                raise self.fail(tree, f"ambiguous: {key} depends on {shown} only through a sum that excludes it (read "
                                      f"with {shown} fixed), and this statement sums over {shown} itself: whether {key}'s "
                                      f"sum runs over the pairs is not written; write {key}'s arguments in its head "
                                      f"(over the pairs) or write {shown} in it ({key}_{shown}, {shown} fixed)")
        for index, item, depends in self.excluded_indices:
            if depends is False or str(index) not in summed:
                continue
            start = item.meta.start_pos
            others = [s for s in sides if not s.start <= start < s.end]
            if len(others) == len(sides) or not others or any(index in s.expr.free_symbols for s in others):
                continue
            written = " ".join(self.source(item).split())
            name = " ".join(self.source(item.children[0]).split())
            raise self.fail(item, f"ambiguous: \\sum_{{{written}}} of two declared indices runs over {name} with "
                                  f"{index} fixed, or over the pairs ({name}, {index}); the statement sums over {index} "
                                  f"elsewhere and no other side depends on {index}, so either is possible: write \\sum_{{{name}=1, {written}}}^{{…}} for the "
                                  f"first, \\sum_{{{name}, {index} : {written}}} for the pairs")
        return rows


def _summed_names(tree) -> set:
    """The letters that a sum or product of ``tree`` runs over as written (``\\sum_j``,
    ``\\sum_{j=1}^n``, ``\\sum_{i,j}``, ``\\prod_{j \\in S}``); an excluded one (``k \\neq j``) is not."""
    names = set()
    for node in tree.iter_subtrees():
        scripts = [c for c in node.children if isinstance(c, Tree)] if node.data == "sum_op" else []
        lower = scripts[0].children[0] if scripts and scripts[0].children else None
        if isinstance(lower, Tree) and lower.data == "script_group":
            elements = [c for c in lower.children[0].children if isinstance(c, Tree)]
        else:
            elements = [lower] if lower is not None else []
        for element in elements:
            relation = element.children[1] if element.data == "item" and len(element.children) == 3 else None
            name = element.children[0] if relation is not None and str(relation.children[0]) in ("=", "\\in") \
                else element.children[0] if element.data == "item" and len(element.children) == 1 else element
            if isinstance(name, Tree) and name.data == "letter":
                names.add(str(name.children[0]))
    return names
