r"""Where a sum's body ends: a sum takes one term (``\sum_i a_i - b_i`` is (Σ_i a_i) − b_i),
so an index written after that term is no longer the sum's.

When the index is not declared, the message says the sum ended (:func:`.undeclared`).  When
it is declared too (an index i of the notation, over its own range), the later i would be
read silently as that other index, while a reader of ``\frac{1}{T}\sum_{i=1}^{T} \log a_i -
\log b_i`` takes the sum over both terms: the two readings differ, so it is refused.

An index may be named with a script (``w_c``, a word by its place in the vocabulary): a sum
binds it as it binds a letter, and what is said above holds for it too.
"""
from __future__ import annotations

import re

import lark
import sympy as sp

Tree = lark.Tree


class SumEndsMixin:
    def close_sum(self, index: str, end: int) -> None:
        """The body of a sum over ``index`` ends at ``end`` of the text."""
        self.__dict__.setdefault("closed_sums", []).append((index, end))

    def closed_before(self, start: int | None) -> list[str]:
        """The indices of the sums, in this side, whose bodies end before ``start``."""
        return [name for name, end in getattr(self, "closed_sums", ()) if start is not None and end <= start]

    def scripted_index_name(self, node) -> str | None:
        """The key of a declared index whose name has scripts (w_c, w_{t}, i^+), written
        as it is declared, or bound by a sum around; None for anything else (z_i, an entry of
        a family, binds nothing)."""
        if not (isinstance(node, Tree) and node.data in ("subscript", "superscript")):
            return None
        key = self.atom_key(node.children[0])
        if key is None:
            return None
        key += self.script_suffix(node)
        meaning = self.scope.lookup(key)
        declared = isinstance(meaning, sp.Symbol) and self.scope.index_range(meaning) is not None
        return key if declared or key in getattr(self, "open_sums", ()) else None

    def index_written(self, key: str | None, meaning, ops: list) -> tuple:
        """(the name, its meaning) of the index a name with scripts ``ops`` writes: the name
        itself without scripts, the whole name when it is one script and a declared index
        (w_c, a word's index); (None, meaning) for anything else (z_i, an entry)."""
        if not ops or key is None:
            return key, meaning
        if len(ops) == 1 and ops[0].data in ("subscript", "superscript"):
            whole = key + self.script_suffix(ops[0])
            named = self.scope.lookup(whole)
            if isinstance(named, sp.Symbol) and self.scope.index_range(named) is not None:
                return whole, named
        return None, meaning

    def refuse_index_after_its_sum(self, key: str | None, meaning, node) -> None:
        """Refuses ``key`` at ``node`` when it is a declared index written after the body of a
        sum over the same letter ended, outside every sum over it (None: an entry of a family, z_i)."""
        if key is None or not isinstance(meaning, sp.Symbol) or meaning.is_integer is not True \
                or key in getattr(self, "open_sums", ()):
            return
        start = getattr(node.meta, "start_pos", None)
        if start is not None and (re.search(r"\|\s*_\s*\{?\s*" + re.escape(key) + r"\s*=", self.text[start:])
                                  or re.search(r"\|\s*_\s*\{?\s*$", self.text[:start])):
            return      # \left. a_j \right|_{j=i}: the bar after it binds j
        if any(name == key and end <= start and not _group_closes(self.text[end:start])
               for name, end in getattr(self, "closed_sums", ()) if start is not None):
            script = key if len(key) == 1 else "{" + key + "}"
            raise self.fail(node, f"ambiguous: this '{key}' comes after the sum over {key}, whose body ends before "
                                  f"this term (a sum takes one term), so it reads as the declared index {key}, "
                                  f"while a reader may take the sum over this term too: put the terms it sums in "
                                  f"parentheses (\\sum_{script} (a_{script} - b_{script})), or name the sum's index "
                                  f"otherwise")


def _group_closes(between: str) -> bool:
    r"""Whether a group around the sum closes in ``between`` (the text from the end of its body
    to the later index): ``(\sum_i a_i) - b_i`` and ``\frac{\sum_i a_i}{N} - b_i`` say where it ends."""
    depth = 0
    for char in between:
        depth += char in "{(["
        depth -= char in "})]"
        if depth < 0:
            return True
    return False
