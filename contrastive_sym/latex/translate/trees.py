"""Shapes of parse trees that more than one part of the translation asks about."""
from __future__ import annotations

import re

import lark

Tree = lark.Tree
Token = lark.Token


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


def spread_written_ranges(lower):
    r"""A subscript with ``k = 1 \dots K`` (or ``k=1...K``, as the batch-hard triplet loss writes
    its maxima) written as ``k = 1, \dots, K``, the form the ranges are read in; any other
    subscript as it is.  Only an equation whose right side is a value, the ellipsis and a value
    side by side is spread."""
    if not (isinstance(lower, Tree) and lower.data == "script_group"):
        return lower
    items = lower.children[0]
    spread, changed = [], False
    for child in items.children:
        item = unwrap(child) if isinstance(child, Tree) else None
        right = item.children[2] if isinstance(item, Tree) and item.data == "item" and len(item.children) == 3 else None
        if isinstance(right, Tree) and right.data == "juxt" and len(right.children) == 2 \
                and isinstance(right.children[1], Tree) and right.children[1].data == "juxt" \
                and is_ellipsis(right.children[1].children[0]):
            first, (ellipsis, last) = right.children[0], right.children[1].children
            comma = Token("COMMA", ",")
            spread += [Tree("item", [item.children[0], item.children[1], first], meta=item.meta), comma,
                       Tree("item", [ellipsis], meta=ellipsis.meta), comma, Tree("item", [last], meta=last.meta)]
            changed = True
        else:
            spread.append(child)
    if not changed:
        return lower
    return Tree("script_group", [Tree(items.data, spread, meta=items.meta)], meta=lower.meta)


def written_inside(text: str) -> str:
    """A group's text as a message quotes it: its spacing collapsed, without the braces around it (the
    first one closed by the last: {a}{b} keeps them)."""
    text = " ".join(text.split())
    depth = 0
    for position, char in enumerate(text):
        depth += (char == "{") - (char == "}") if position == 0 or text[position - 1] != "\\" else 0
        if depth == 0 and position < len(text) - 1:
            return text         # the first brace closes before the end
    return text[1:-1].strip() if text.startswith("{") and text.endswith("}") else text


def group_with_its_sign(group, after: list) -> tuple:
    r"""(the factor, the operations after it) of a value times a group, ``\gamma[x]_+`` or ``c (x)^+``: the
    sign script after the group is the group's, as TeX sets it (the positive part of x, or the document's
    own notation of a bracket), not the product's; any other script stays after the group."""
    if is_group(group) and after and after[0].data in ("subscript", "superscript") \
            and isinstance(after[0].children[1], Tree) and after[0].children[1].data == "script_sign":
        return Tree(after[0].data, [group, after[0].children[1]], after[0].meta), after[1:]
    return group, after


def letter_and_number(arg):
    r"""(letter, number) of a subscript written as a letter and a whole number side by side, in either order
    (``\delta_{k1}``, ``\delta_{1k}``: the Kronecker delta of the index k and 1); None for anything else
    (a run of digits, ``\delta_{12}``, stays one numeral)."""
    tree = unwrap(arg)
    while isinstance(tree, Tree) and tree.data in ("script_group", "items", "item", "braces") and len(tree.children) == 1:
        tree = unwrap(tree.children[0])
    if not (isinstance(tree, Tree) and tree.data == "juxt" and len(tree.children) == 2):
        return None
    kinds = sorted(c.data for c in tree.children if isinstance(c, Tree))
    number = next((c for c in tree.children if isinstance(c, Tree) and c.data == "number"), None)
    if kinds != ["letter", "number"] or not str(number.children[0]).isdigit():
        return None
    return list(tree.children)
