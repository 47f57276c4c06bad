"""Shapes of parse trees that more than one part of the translation asks about."""
from __future__ import annotations

import lark

Tree = lark.Tree


def unwrap(tree):
    """An ``item`` of one value is that value."""
    while isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 1:
        tree = tree.children[0]
    return tree


def bare_letter(tree) -> bool:
    return isinstance(tree, Tree) and tree.data == "letter"


def letter_head(tree):
    """The letter a factor starts from (``x`` of ``x_1`` or ``m(…)``), or None."""
    while isinstance(tree, Tree) and tree.data in ("subscript", "superscript", "prime", "call",
                                                  "restricted"):
        tree = tree.children[0]
    return tree if bare_letter(tree) else None


def is_ellipsis(tree) -> bool:
    if isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 1:
        tree = tree.children[0]
    return isinstance(tree, Tree) and tree.data == "ellipsis"
