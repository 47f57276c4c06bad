"""Shapes of parse trees that more than one part of the translation asks about."""
from __future__ import annotations

import re

import lark

Tree = lark.Tree


def unwrap(tree):
    """An ``item`` of one value is that value."""
    while isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 1:
        tree = tree.children[0]
    return tree


def bare_letter(tree) -> bool:
    return isinstance(tree, Tree) and tree.data == "letter"


def index_letter(tree, scope) -> bool:
    r"""A letter, or a command that names a declared index of ``scope`` (\ell of z_\ell)."""
    return bare_letter(tree) or isinstance(tree, Tree) and tree.data == "command" and \
        scope.index_range(scope.lookup(str(tree.children[0]))) is not None


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


def is_group(tree) -> bool:
    """A bracket or a parenthesis (however sized): what ``_+`` takes the positive part of."""
    return isinstance(tree, Tree) and tree.data in ("bracket", "paren")


def numerator(tree):
    """The first factor of a quotient ``a/b/c`` (``a``); any other tree itself."""
    while isinstance(tree, Tree) and tree.data == "quotient":
        tree = tree.children[0]
    return tree


def is_frac(tree) -> bool:
    return isinstance(tree, Tree) and tree.data == "frac"


def balanced(text: str) -> str:
    r"""``text`` as a message shows it, with the braces a node's span leaves open closed: the
    reader moves scripts out of a font (``\mathcal{W_{neg}}`` is ``\mathcal W_{neg}``), so the
    node ends before the font's closing brace."""
    opened = len(re.findall(r"(?<!\\)\{", text)) - len(re.findall(r"(?<!\\)\}", text))
    return text + "}" * max(opened, 0)
