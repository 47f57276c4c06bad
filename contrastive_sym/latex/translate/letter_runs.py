"""Runs of letters written for a product of declared names (``tx_1``, ``LSE``): the ways
to split one; and names written as a difference, ``\\Delta s`` (a definition of Δs)."""
from __future__ import annotations

import re

import lark

from ..scope import AbstractFunction, Builtin, Macro
from .trees import letter_head

Tree = lark.Tree
#: the letters that start a name written as a difference (\Delta s, \delta\theta), when
#: they are not declared names themselves
DIFFERENCE_MARKS = ("\\Delta", "\\delta")


def splits(word: str, names: set[str]) -> list[list[str]]:
    """Up to two ways to write ``word`` as a sequence of declared names: none means a
    name is undeclared, two mean the run is ambiguous.  Counting (capped at two) from
    the end of the word keeps this linear; listing every split is exponential for
    runs like ``abab…`` with a, b and ab declared."""
    sizes = sorted({len(name) for name in names}, reverse=True)
    ways = [0] * (len(word) + 1)
    ways[len(word)] = 1

    def choices(start, counted=True):
        return [size for size in sizes if start + size <= len(word)
                and word[start:start + size] in names and (not counted or ways[start + size])]

    for start in range(len(word) - 1, -1, -1):
        ways[start] = min(2, sum(ways[start + size] for size in choices(start, counted=False)))

    def complete(prefix: list[str], start: int) -> list[str]:
        split = list(prefix)
        while start < len(word):
            size = choices(start)[0]
            split.append(word[start:start + size])
            start += size
        return split

    if ways[0] == 0:
        return []
    first = complete([], 0)
    if ways[0] == 1:
        return [first]
    start = 0
    for position, name in enumerate(first):
        others = [size for size in choices(start) if size != len(name)]
        if others:
            head = first[:position] + [word[start:start + others[0]]]
            return [first, complete(head, start + others[0])]
        start += len(name)
    return [first]  # pragma: no cover - ways[0] == 2 means the splits differ somewhere


class LetterRunsMixin:
    def difference_name(self, first, second):
        r"""``\Delta s(w_c, w_t)`` when ``\Delta s`` is a defined or declared name (Δs, the
        difference a document names so) and \Delta alone is not: the name with its scripts and
        arguments; None otherwise (Δ·s is then read as any product is)."""
        mark = difference_mark(first)
        letter = letter_head(second)
        if mark is None or letter is None or self.scope.lookup(mark) is not None:
            return None
        key = f"{mark} {letter.children[0]}"
        if self.scope.lookup(key) is None:
            return None
        return self._postfix(second, base_key=key)

    def _scripted_last_letter(self, tree) -> str | None:
        """The letter of ``tree`` (the last of a run: p of ``p_n(u)``) when it is the base of a
        declared name with its first script (``p_n``); None otherwise."""
        while isinstance(tree, Tree) and tree.data in ("call", "prime", "restricted"):
            tree = tree.children[0]
        if not (isinstance(tree, Tree) and tree.data in ("subscript", "superscript")):
            return None
        letter = letter_head(tree)
        if letter is None:
            return None
        name = str(letter.children[0])
        return name if self.scope.lookup(name + self.script_suffix(tree)) is not None else None

    def _names_a_point(self, name: str) -> bool:
        """Whether ``name`` is a declared data point (or a family of them): no factor of a product."""
        return _is_point_meaning(self.scope.lookup(name), self.scope.points)

    def _letter_run(self, trees: list) -> list:
        letters = [str(letter_head(t).children[0]) for t in trees]
        word = "".join(letters)
        names = self.scope.letter_names()
        spelled = next((m.group() for m in _FUNCTION_WORD.finditer(word) if self.scope.lookup(m.group()) is None), None)
        if spelled is not None:
            # arccos in letters beside declared a, r, c: a·r·c·cos would be read, where \arccos is meant
            raise self.fail(trees[0], f"'{word}': the letters '{spelled}' spell \\{spelled}, which is read with its "
                                      f"backslash (\\{spelled}(x)); in letters it would be a product of names")
        found = splits(word, names)
        last = self._scripted_last_letter(trees[-1]) if not found else None
        if last is not None:
            # v p_n(u) written vp_n(u): the last letter is a declared name with its script (p_n), not alone
            found = [split + [last] for split in splits(word[:-1], names)]
        if not found:
            raise self.fail(trees[0], f"'{word}': '{_first_unknown(word, names)}' is not declared")
        if len(found) > 1:
            # c·o·s(θ): o, little o, needs its argument and is no factor inside a run; a reading only
            # where every name but the last (which the parenthesis after it may call) is a value
            valued = [s for s in found if not any(_needs_argument(self.scope.lookup(name)) for name in s[:-1])]
            found = valued or found
        if len(found) > 1:
            # e·x·p with x a data point is no product (a point has no value): exp is the one reading
            valued = [s for s in found if not any(self._names_a_point(name) for name in s)]
            found = valued if len(valued) == 1 else found
        if len(found) > 1 and [word] in found and isinstance(self.scope.lookup(word), Macro) \
                and isinstance(trees[-1], Tree) and trees[-1].data == "call":
            # PMI(w;c) where the document defines PMI(x;y): the name it defines, called, never P·M·I(…)
            note = f"{word}(…) is the name the document defines, not a product of {'·'.join(found[-1])}"
            self.readings.extend([note] if note not in self.readings else [])
            found = [[word]]
        if len(found) > 1:
            shown = " or ".join("·".join(s) for s in found[:3])
            raise self.fail(trees[0], f"ambiguous run of letters {word!r}: {shown}; "
                                      "write \\text{…} or put spaces as \\, with a \\cdot")
        values, position = [], 0
        for name in found[0]:
            last_tree = trees[position + len(name) - 1]
            values.append(self._postfix(last_tree, base_key=name))
            position += len(name)
        return values


#: functions TeX writes with a backslash whose letters hold a shorter function's (arccos holds cos)
_FUNCTION_WORD = re.compile(r"arc(?:cos|sin|tan)|(?:cos|sin|tan)h")


def _needs_argument(meaning) -> bool:
    """Whether a name means a function written only with its argument in parentheses (little o, big O,
    a declared f), which a run cannot hold before another name; exp, log and cos apply to the factor
    after them (exp f(x) is exp(f(x)))."""
    return isinstance(meaning, AbstractFunction) or meaning in (Builtin.LITTLE_O, Builtin.BIG_O)


def _first_unknown(word: str, names) -> str:
    """The first letter of ``word`` that no name starts at, the longest names read first
    (``lnp``: ln is the logarithm, p the letter not declared)."""
    position = 0
    while position < len(word):
        longest = max((len(n) for n in names if word.startswith(n, position)), default=0)
        if not longest:
            return word[position]
        position += longest
    return next((c for c in word if c not in names), word)


def _is_point_meaning(meaning, points) -> bool:
    base = getattr(meaning, "base", meaning)
    return base in points


def difference_mark(tree) -> str | None:
    r"""``\Delta`` or ``\delta`` when ``tree`` is that command alone, else None."""
    if isinstance(tree, Tree) and tree.data == "command" and str(tree.children[0]) in DIFFERENCE_MARKS:
        return str(tree.children[0])
    return None
