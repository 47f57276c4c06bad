r"""A sum over the entries of a family whose indices a set of indices gives:
``\sum_{x_j \in S} f(x_j)`` with S a declared set of indices (``[[set]]`` with ``from``/``to``, a
set defined by a condition such as P(i), or ``[N]``) and x a declared family.  Documents write
the set of the members x_j where they declare the set of their indices j; the sum runs j over
S, and the reading says so.

Where the entries of x are class labels or take a finite set of values (``y_j \in C``: the
indices j whose label is in C?), the same words could be a condition on the values, a
different sum: that is refused as ambiguous, never guessed."""
from __future__ import annotations

import lark

from ..families import Family
from ..scope import form_key

Tree = lark.Tree


class EntrySumsMixin:
    def entry_bound_index(self, left, set_name: str) -> str | None:
        r"""The index j of ``x_j`` (or of ``x^j`` for a family whose index is written as a
        superscript) under a sum over the set of indices ``set_name``, said in the readings;
        None when ``left`` is not one entry of a declared family written with a single letter."""
        if not (isinstance(left, Tree) and left.data in ("subscript", "superscript")):
            return None
        key = self.atom_key(left.children[0])
        family = self.scope.lookup(key) if key is not None else None
        if key is not None and not isinstance(family, Family):
            # x_j beside a point x: the family of its samples, declared in that form (scope.form_key)
            family = self.scope.lookup(form_key(key, left.data))
        if not isinstance(family, Family):
            return None
        if (left.data == "superscript") != bool(family.superscript):
            return None
        index = self._bound_name(left.children[1])
        if index is None:
            script = left.children[1]
            inner = script.children[0] if isinstance(script, Tree) and script.data == "script_group" else None
            letters = [c for c in inner.children if isinstance(c, Tree)] if inner is not None else []
            if len(letters) == 1 and isinstance(letters[0], Tree) and letters[0].data == "letter":
                index = str(letters[0].children[0])
        if index is None:
            return None
        written = "".join(self.source(left).split())
        finite = {base for base, _ in self.scope.finite}
        if family.base in self.scope.labels or family.base in finite:
            raise self.fail(left, f"ambiguous: '{written} \\in {set_name}' under a sum may run {index} over "
                                  f"{set_name}, or over the indices {index} whose value {written} is in "
                                  f"{set_name}; write \\sum_{{{index} \\in {set_name}}} for the first, "
                                  f"\\sum_{{{index} : {written} \\in {set_name}}} is not read")
        self.readings.append(f"\\sum_{{{written} \\in {set_name}}}: {index} runs over {set_name}, "
                             f"{written} being the entry {index} of {key}")
        return index
