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

from .ambiguity import insertions_ambiguous

Tree = lark.Tree


class SumEndsMixin:
    def upper_limit(self, upper):
        r"""The value of a sum's upper limit.  ``\sum_{i=1}^{C'=2}``, a limit written with the number
        of terms it stands for: the number (said in the reading) when the name before it is declared
        nowhere; refused, naming the size, when it is a declared size (the display holds at that
        size only, which a claim states in its given)."""
        inner = upper
        while isinstance(inner, Tree) and inner.data in ("script_group", "items", "braces", "chain_in_group", "item") \
                and len(inner.children) == 1:
            inner = inner.children[0]
        if isinstance(inner, Tree) and inner.data == "command" and str(inner.children[0]) == "\\infty" \
                and self.scope.lookup("\\infty") is None:
            raise self.fail(inner, "a sum to \\infty (a series) is not read: its terms are summed to a declared size, "
                                   "\\sum_{k=1}^{N}")
        if not (isinstance(inner, Tree) and inner.data in ("chain_in_group", "item") and len(inner.children) == 3):
            return self.expr(upper)
        left, relation, right = inner.children
        written = " ".join(self.source(inner).split())
        # C, C', C_{bin}: a name (its key as written); a number or an expression is no name
        key = "".join(self.source(left).split()) if isinstance(left, Tree) and left.data in (
            "letter", "command", "prime", "subscript", "superscript", "text", "accent", "font_accent") else None
        if str(relation.children[0]).strip() != "=" or key is None:
            raise self.fail(inner, f"the upper limit '{written}' of this sum is a relation, not a value")
        if self.scope.lookup(key) is not None:
            raise self.fail(inner, f"the upper limit '{written}' states a value of {key}, which the notation "
                                   f"declares: the display holds at {written} only; write the sum to "
                                   f"{' '.join(self.source(left).split())}, and state {written} in the claim's given")
        self.readings.append(f"the upper limit '{written}' of the sum is read as "
                             f"{' '.join(self.source(right).split())} ({key} is declared nowhere)")
        return self.expr(right)

    def close_sums_of(self, op, lower, operand) -> None:
        r"""Close the sums over the indices a sum's subscript binds (``\sum_{i,j}``, ``\sum_{k \in S}``,
        ``\sum_{l \in \{1,2\}, j \neq i}``: i and j, k, l and j), whatever reading of the sum read it: the
        first name of each item, bare or before its relation (the i of j ≠ i is free)."""
        if lower is None or not isinstance(operand, Tree) or getattr(operand.meta, "empty", True):
            return
        items = lower.children[0] if isinstance(lower, Tree) and lower.data == "script_group" else None
        for item in (c for c in items.children if isinstance(c, Tree)) if items is not None else [lower]:
            first = item.children[0] if isinstance(item, Tree) and item.data in ("item", "chain_in_group") \
                and len(item.children) in (1, 3) else item
            name = self._bound_name(first) if isinstance(first, Tree) else None
            if name is not None and (name, operand.meta.end_pos) not in \
                    [(n, e) for n, e, *_ in getattr(self, "closed_sums", ())]:
                self.close_sum(name, operand.meta.end_pos, operand.meta.start_pos, op.meta.start_pos)

    def close_sum(self, index: str, end: int, body: int | None = None, sign: int | None = None) -> None:
        """The body of a sum over ``index`` ends at ``end`` of the text; it starts at ``body``,
        and the sum's sign (``\\sum``) at ``sign``."""
        self.__dict__.setdefault("closed_sums", []).append((index, end, body, sign))

    def closed_before(self, start: int | None) -> list[str]:
        """The indices of the sums, in this side, whose bodies end before ``start``."""
        return [name for name, end, *_ in getattr(self, "closed_sums", ()) if start is not None and end <= start]

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
        closed = [(end, body, sign) for name, end, body, sign in getattr(self, "closed_sums", ())
                  if name == key and start is not None and end <= start and not _group_closes(self.text[end:start])]
        if closed:
            script = key if len(key) == 1 else "{" + key + "}"
            message = (f"ambiguous: this '{key}' comes after the sum over {key}, whose body ends before this term "
                       f"(a sum takes one term), so it reads as the declared index {key}, while a reader may take "
                       f"the sum over this term too: put the terms it sums in parentheses (\\sum_{script} "
                       f"(a_{script} - b_{script})), or name the sum's index otherwise")
            raise sum_end_readings(self, node, message, key, *closed[-1])


def sum_end_readings(translator, node, message: str, key: str, end: int, body: int | None, sign: int | None):
    r"""The refusal of a later ``key`` after the sum over it ended, with its two readings as edits
    (:func:`.ambiguous`): the sum ends where it is read to (``(\sum_i a_i) - b_i``, the later i the
    declared index), or it runs to the end of the terms after it (``\sum_i (a_i - b_i)``: to the next
    relation, row or column, or to the group that holds the sum)."""
    text = translator.text
    stop = _terms_end(text, end)
    if body is None or sign is None or stop is None or stop <= node.meta.end_pos - 1:
        return translator.fail(node, message)
    run = " ".join(text[end:stop].split())
    return insertions_ambiguous(translator, node, message, [
        ([(sign, r"\left("), (end, r"\right)")], f"the sum over {key} takes one term, and the later {key} "
                                                   f"is the declared index {key}"),
        ([(body, r"\left("), (stop, r"\right)")], f"the sum over {key} takes the terms after it too "
                                                    f"(… {run})")], kind="sum-end")


#: what ends a run of terms at the depth of a sum: a relation, a column or row of an array, a
#: comma, \tag, \label, \quad, \text (words after a formula)
_ENDS = re.compile(r"\\\\|&|,|=|<|>|\\(?:le|ge|leq|geq|neq|ne|approx|sim|simeq|propto|tag|label|quad|qquad|"
                   r"text|intertext|implies|iff|Rightarrow|Longrightarrow|to|rightarrow|in|triangleq|coloneqq|"
                   r"equiv|cong|ll|gg|lesssim|gtrsim|leqslant|geqslant)(?![a-zA-Z])")


_NEXT_SUM = re.compile(r"\\(?:sum|prod|int)(?![a-zA-Z])")


def _terms_end(text: str, start: int) -> int | None:
    """Where the run of terms that starts at ``start`` (after a sum's body) ends: at the first
    relation, column, row or comma at its depth, where the group around it closes, or at the sign
    before the term of another sum; its trailing blanks left out.  None for a run that contains nothing."""
    depth, position, signs = 0, start, []
    while position < len(text):
        char = text[position]
        if text.startswith(r"\left", position) or text.startswith(r"\right", position):
            # \left( … \right): counted by the bracket that follows; \left. and \right. too
            after = position + (5 if text.startswith(r"\left", position) else 6)
            if after < len(text) and text[after] == ".":
                depth += 1 if text.startswith(r"\left", position) else -1
                if depth < 0:
                    break
                position = after + 1
                continue
            position = after
            continue
        if char in "{([":
            depth += 1
        elif char in "})]":
            depth -= 1
            if depth < 0:
                break
        elif depth == 0 and _ENDS.match(text, position):
            break
        elif depth == 0 and _NEXT_SUM.match(text, position):
            # another sum: the run ends at the sign before its term (… - b_i + \frac{1}{N}\sum_j c_j)
            signs = [at for at in signs if at > start]
            position = signs[-1] if signs else position
            break
        if depth == 0 and char in "+-":
            signs.append(position)
        position += 2 if char == "\\" else 1
    stop = position
    while stop > start and text[stop - 1].isspace():
        stop -= 1
    return stop if text[start:stop].strip() else None


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
