r"""Rows of a defining display that say where names are drawn from: ``t_A \sim T, t_B \sim T``
above ``x_A := t_A(x)``, or ``\tilde{x}_i = t(x),\ \tilde{x}_j = t'(x),\ t, t' \sim \mathcal{T}``
(SimCLR's augmentations, as papers and posts write them).  Such a row defines nothing: it is
read as a remark the claim's reading states, and the display's definitions are its other rows.
A display made of such rows alone defines nothing and is refused by its caller; a ``\sim``
after anything but names (``f(x) \sim g(x)``, asymptotic equality) is not such a row."""
from __future__ import annotations

import lark

from .translate import relation_name

Tree, Token = lark.Tree, lark.Token

#: the trees that are one name, possibly with marks and scripts (t, t', t_A, \tilde{x}, \mathcal{T})
_NAME_TREES = frozenset({"letter", "command", "font", "font_accent", "accent", "prime", "subscript", "superscript"})


def draw_rows(trees: list, translator) -> set[int]:
    """The positions in ``trees`` (a display's rows) of the rows that say where names are drawn
    from: ``names \\sim D``, and each lone name just before one (the t of ``t, t' \\sim T``),
    each said in ``translator.readings``."""
    found: set[int] = set()
    for number, row in enumerate(trees):
        if not _is_draw(row):
            continue
        first = number
        while first > 0 and first - 1 not in found and _lone_name(trees[first - 1]):
            first -= 1
        found.update(range(first, number + 1))
        names = [translator.source(t.children[0]).strip() for t in trees[first:number + 1]]
        drawn_from = " ".join(translator.source(row.children[2]).split())
        note = (f"'{', '.join(names)} \\sim {drawn_from}' says where {', '.join(names)} "
                f"{'is' if len(names) == 1 else 'are'} drawn from: it defines nothing, and the checker does not use "
                "it (an expectation over a draw reads a declared [[distribution]])")
        if note not in translator.readings:
            translator.readings.append(note)
    return found


def _is_draw(row) -> bool:
    return isinstance(row, Tree) and row.data == "chain" and len(row.children) == 3 \
        and _is_name(row.children[0]) and isinstance(row.children[1], Tree) \
        and relation_name(str(row.children[1].children[0])) == "\\sim"


def _lone_name(row) -> bool:
    return isinstance(row, Tree) and row.data == "chain" and len(row.children) == 1 and _is_name(row.children[0])


def _is_name(tree) -> bool:
    return isinstance(tree, Tree) and tree.data in _NAME_TREES
