"""Runs of letters written for a product of declared names (``tx_1``, ``LSE``): the ways
to split one."""
from __future__ import annotations


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
