r"""A font around an expression, ``\mathbf{\hat{y} - y}``, ``\bf{y, \hat{y}}``, ``\mathcal{L(X)}``.

TeX sets every letter of the group in the font, so what is printed is ``\mathbf{\hat{y}} -
\mathbf{y}``: each name in the font, its scripts as they are (``\mathbf{x_i - x_j}`` is
``\mathbf{x}_i - \mathbf{x}_j``, as ``\mathbf{x_i}`` alone reads).  The grammar reads a font
around one name; a group that holds more is marked, on the parse error it causes, with
:data:`GROUP_MARK` in place of the font's backslash (same length), read as a group, and its
names set in the font here before anything is translated.

Letters side by side inside the group are one run in the font, read as ``\mathbf{Wx}`` alone is
(the declared name, or the product of the names of the font it splits into): ``\mathbf{Wx + b}``
is ``\mathbf{Wx} + \mathbf{b}``.  A letter beside anything else than a run of letters
(``\mathbf{ab(c)}``: the run ab, or a times b(c)) is refused.
"""
from __future__ import annotations

import re

import lark
from lark import Token
from lark.exceptions import UnexpectedInput, UnexpectedToken

from .braced_arguments import closing, innermost_open

#: in place of the backslash of a font whose group holds more than a name (private use area)
GROUP_MARK = "\ue060"

#: the Greek letters (and their variants) a font sets as names; other commands are operators
GREEK = frozenset(
    "\\" + name for name in (
        "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi "
        "omicron pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta "
        "Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega ell").split())


class FontGroupError(Exception):
    """A font around a group this reader cannot set name by name: ``message``, where it starts in the
    text and the group as written (``construct``)."""

    def __init__(self, message: str, start_pos: int, construct: str) -> None:
        super().__init__(message)
        self.message, self.start_pos, self.construct = message, start_pos, construct


def marked(text: str, font_start: int) -> str:
    """``text`` with the font command at ``font_start`` marked as one around a group."""
    return text[:font_start] + GROUP_MARK + text[font_start + 1:]


def fonts_distributed(tree: lark.Tree, written: str) -> lark.Tree:
    """``tree`` with each marked font group read as the group with every name in the font
    (``written``: the text as the user wrote it, for the message of a group that is refused)."""
    for node in list(tree.iter_subtrees()):
        if node.data != "font_group":
            continue
        font, group = node.children
        _refuse_letters_beside_more(group, node, written)
        command = Token("FONT", "\\" + str(font)[1:], start_pos=font.start_pos, line=font.line,
                        column=font.column, end_pos=font.end_pos)
        shown = " ".join(written[node.meta.start_pos:node.meta.end_pos].split())
        node.data, node.children = "braces", [_in_font(group, command, shown)]
    return tree


def font_group_note(node) -> str:
    """What to add to the message about a name a font group set (nothing for any other name)."""
    group = getattr(getattr(node, "meta", None), "font_group", None)
    return "" if group is None else f" (the font of '{group}' is on each name it holds, as TeX prints it)"


def _in_font(node, font: Token, shown: str):
    """``node`` with its names in ``font``; each name so set keeps the group as written (``shown``) in
    its meta's ``font_group``, for the message of one that is not declared."""
    if not isinstance(node, lark.Tree):
        return node
    node.meta.font_group = shown
    if node.data == "juxt" and (run := _letter_run(node)) is not None:     # \mathbf{Wx}: as the run alone reads
        first = run[0]
        return lark.Tree("font", [font, Token("LETTERS", "".join(map(str, run)), start_pos=first.start_pos,
                                              line=first.line, column=first.column, end_pos=run[-1].end_pos)], node.meta)
    if node.data.startswith("scripts_"):        # \mathbf{\sum_i x_i}: a sum's bounds are as written
        return node
    # a Greek letter too, as \mathbf{\theta} alone is the name in that font (what authors mean by it, though
    # TeX prints \theta unchanged)
    if node.data == "letter" or node.data == "command" and str(node.children[0]) in GREEK:
        return lark.Tree("font", [font, node.children[0]], node.meta)
    if node.data == "accent" and _single_name(node.children[1]) is not None:
        return lark.Tree("font_accent", [font, node.children[0], lark.Tree("accented", [_single_name(node.children[1])],
                                                                             node.children[1].meta)], node.meta)
    if node.data in ("subscript", "superscript"):       # the base in the font, its script as it is
        return lark.Tree(node.data, [_in_font(node.children[0], font, shown), *node.children[1:]], node.meta)
    if node.data in ("font", "font_accent", "text", "number"):
        return node
    return lark.Tree(node.data, [_in_font(child, font, shown) for child in node.children], node.meta)


def _single_name(accented) -> Token | None:
    """The one letter or Greek letter under an accent (``\\hat{y}``, ``\\hat y``), else None."""
    while isinstance(accented, lark.Tree) and len(accented.children) == 1 and accented.data in (
            "accented", "chain_in_group", "letter", "command"):
        if accented.data in ("letter", "command"):
            token = accented.children[0]
            return token if accented.data == "letter" or str(token) in GREEK else None
        accented = accented.children[0]
    return accented if isinstance(accented, Token) and accented.type in ("LETTER", "LETTERS", "CMD") else None


def _letter_run(node) -> list[Token] | None:
    """The letters of a product of letters only (``W x``, ``abc``), in order; None if it holds anything else."""
    if isinstance(node, lark.Tree) and node.data == "letter":
        return [node.children[0]]
    if isinstance(node, lark.Tree) and node.data == "juxt":
        parts = [_letter_run(child) for child in node.children]
        return None if None in parts else [letter for part in parts for letter in part]
    return None


def _refuse_letters_beside_more(group, node: lark.Tree, written: str) -> None:
    for product in group.iter_subtrees():
        if product.data != "juxt" or _letter_run(product) is not None:
            continue
        left, right = product.children[0], product.children[-1]
        while isinstance(left, lark.Tree) and left.data == "juxt":
            left = left.children[-1]
        while isinstance(right, lark.Tree) and right.data == "juxt":
            right = right.children[0]
        if all(isinstance(side, lark.Tree) and side.data in ("letter", "call", "subscript", "superscript")
               for side in (left, right)) and "letter" in (left.data, right.data):
            start, end = node.meta.start_pos, node.meta.end_pos
            shown = " ".join(written[start:end].split())
            raise FontGroupError(
                f"'{shown}': a font around letters side by side, one of them with a script or arguments, is not read: "
                f"'\\mathbf{{xy}}' alone is one name, so this may be a name or a product; set the font on each name "
                f"(\\mathbf{{W}} \\mathbf{{x}}, or \\mathbf{{Wx}} for one name), or restate the line with restated_from",
                start, written[start:end])


#: a font command, then the brace its argument opens
_FONT_OPEN = re.compile(r"\\(mathcal|mathbf|mathbb|boldsymbol|bm|mathsf|mathit|mathscr|mathfrak|mathtt|pmb|textbf|textit|"
                        r"textsf|mathbbm|mathds|cal|bf|sf|tt|it)\s*\{$")


def font_around(text: str, position: int) -> tuple[str, int, str] | None:
    r"""(message, start, construct) when ``position`` is inside a font's braces that hold more than a
    name (``\mathcal{L(X)}``, ``\mathbf{L(x_i - x_j)}``); None otherwise."""
    opened = innermost_open(text, position)
    if opened is None or opened[0] != "{":
        return None
    start = opened[1]
    font = _FONT_OPEN.search(text[:start + 1])
    if font is None:
        return None
    end = closing(text, start)          # the brace that closes the font's group, not the first one after it
    written = text[font.start():end + 1 if end is not None else len(text)]
    head = re.sub(r"\\(?:left|right|[Bb]igg?[lr]?)\s*$", "", text[start + 1:position]).strip()   # f, not f\left
    return (f"'{' '.join(written.split())}': a font around more than a name (here around '{head}' and what "
            f"follows) is not read; set the font on each name, \\{font.group(1)}{{{head}}}(…), or restate the "
            "line with restated_from", font.start(), written)


def font_at_error(exc: UnexpectedInput, text: str) -> int | None:
    """Where the font command starts whose group holds the token the parser stopped at, if one does."""
    if not isinstance(exc, UnexpectedToken) or exc.token.type == "$END":
        return None
    opened = innermost_open(text, exc.token.start_pos)
    if opened is None or opened[0] != "{":
        return None
    font = _FONT_OPEN.search(text[:opened[1] + 1])
    return font.start() if font is not None else None
