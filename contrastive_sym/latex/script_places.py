r"""Scripts written in another place than the one TeX sets them at, moved there (same length,
so that every column of an error still points into the user's text):

* the scripts and primes of a one-letter name written inside its font or accent,
  ``\mathbf{h_i}``, ``\vec{w_i}``: the name is the letter in its font, indexed as outside;
* a transpose written before the index it follows, ``C^{\top}_j``: the j-th row, transposed,
  ``C_j^{\top}`` (TeX stacks the two scripts; only their order in the text differs), moved in the
  parsed tree, whose positions stay those of the text;
* a row taken whole with a colon, ``\hat{\mathbf{P}}_{i,:}`` (NumPy's and MATLAB's slice of row i):
  the row ``\hat{\mathbf{P}}_{i}``, the colon blanked (a column, ``_{:,j}``, is not read: the colon
  stays, and is refused where it stands);
* a sign written before the indices in one subscript, ``z_{-, i}``: the entry i of ``z_-``, moved in
  the parsed tree as ``{z_-}_{i}``;
* a sign as the script of a bracket after a number, ``2 [x]_+``: the number times ``[x]_+``, moved in
  the parsed tree (the grammar reads the number applied to the bracket, then the script)."""
from __future__ import annotations

import re

import lark
from lark.tree import Meta

#: \mathbf{h_i}, \mathbf{A'}, \boldsymbol{z_{ij}^+}: the scripts and primes of a one-letter name
#: written inside its font, which TeX sets as they would be after it; likewise inside an accent,
#: \vec{w_i}, \hat{z_i}, \tilde{x_i} (the accent spans the scripts; the name is the accented
#: letter, indexed as \vec{w}_i, as papers mean it)
_SCRIPT_IN_FONT = re.compile(r"(\\(?:mathcal|mathbf|mathbb|boldsymbol|bm|mathsf|mathit|mathscr|mathfrak|mathtt"
                             r"|pmb|textbf|textit|textsf|mathbbm|mathds|cal|bf|sf|tt|it"
                             r"|hat|tilde|bar|vec|check|breve|widehat|widetilde|overline))(\s*)\{(\s*[A-Za-z])"
                             r"((?:\s*(?:[_^]\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9+\-*])|'))+\s*)\}")


#: \boldsymbol{\mathit{x}} (a textbook's macro for a vector): bold italic, as \boldsymbol{x} sets it;
#: \boldsymbol{\mathrm{x}}: bold upright, as \mathbf{x} sets it
_NESTED_FONT = re.compile(r"\\(?:boldsymbol|bm)\s*\{\s*\\(mathit|mathrm|mathnormal)"
                          r"\s*\{\s*([A-Za-z]+|\\[a-zA-Z]+)\s*\}\s*\}")


#: \boldsymbol{\boldsymbol{x}}, \mathbf{\mathbf{x}}: a bold font around the same bold font, set as one
_DOUBLED_BOLD = re.compile(r"\\(boldsymbol|bm|mathbf)\s*\{\s*\\\1\s*\{\s*([A-Za-z]+|\\[a-zA-Z]+)\s*\}\s*\}")


def nested_fonts(text: str) -> str:
    r"""``text`` with a bold font around an italic or upright one written as the one font TeX sets
    (``\boldsymbol{\mathit{x}}`` is ``\boldsymbol{x}``, ``\boldsymbol{\mathrm{x}}`` is ``\mathbf{x}``), and a
    bold font around itself as that font (``\boldsymbol{\boldsymbol{x}}``, a post's slip that TeX sets as
    ``\boldsymbol{x}``), padded with spaces to the same length."""
    def one(match):
        font = r"\mathbf" if match.group(1) == "mathrm" else r"\boldsymbol"
        return (font + "{" + match.group(2) + "}").ljust(len(match.group()))
    text = _DOUBLED_BOLD.sub(lambda m: ("\\" + m.group(1) + "{" + m.group(2) + "}").ljust(len(m.group())), text)
    return _NESTED_FONT.sub(one, text)


#: _{i,:} and _{i, :}: the whole row i
_ROW_SLICE = re.compile(r"(_\s*\{[^{}:,]+?)(\s*,\s*:\s*)(\})")


#: \_ before a script's argument, after a name or a command (a\_i, \mathbf{a}\_{ji}, \sum\_{j}): kramdown's escaped underscore,
#: which Markdown turns into _ before MathJax sees the page; not between two words (log\_softmax, bin\_NCE)
_ESCAPED_SCRIPT = re.compile(r"(\\[a-zA-Z]+|(?<![A-Za-z\\])[A-Za-z]|[}\)0-9'])\\_(?=\s*(?:\{|[A-Za-z0-9](?![A-Za-z])|\\[a-zA-Z]))")


def escaped_underscores(text: str) -> str:
    r"""``text`` with each ``\_`` that a Markdown post writes for a subscript (``a\_i``, ``\mathbf{y}\_{ji}``:
    kramdown makes it ``_`` before MathJax) written as the subscript ``_`` (same length); ``\_`` between two
    words (``log\_softmax``) is left as the underscore of a name."""
    return _ESCAPED_SCRIPT.sub(lambda m: m.group(1) + "_ ", text)


def rows_of_slices(text: str) -> str:
    r"""``text`` with each row slice ``_{i,:}`` written as the row ``_{i}`` (same length)."""
    return _ROW_SLICE.sub(lambda m: m.group(1) + m.group(3) + " " * len(m.group(2)), text)


def scripts_out_of_fonts(text: str) -> str:
    r"""``text`` with ``\mathbf{h_i}`` written ``\mathbf h_i`` and ``\mathbf{A'}`` written ``\mathbf A'``
    (same length: the font's braces become spaces, and the font takes the next letter, as
    TeX's does).  The name is the letter in the font; its scripts index it, as they do
    outside.  A name of several letters with scripts inside its font is left to be refused."""
    return _SCRIPT_IN_FONT.sub(lambda m: m.group(1) + m.group(2) + " " + m.group(3) + m.group(4) + " ", text)


def transposes_after_indices(tree: lark.Tree) -> lark.Tree:
    r"""``tree`` with each ``C^{\top}_j`` (a subscript of a transposed name) read as ``C_j^{\top}``: the
    subscript goes to the name, the transpose around it; positions stay those of the text."""
    for node in tree.iter_subtrees():
        marked = node.children[0] if node.data == "subscript" and node.children else None
        if not (isinstance(marked, lark.Tree) and marked.data == "superscript" and _transpose_mark(marked.children[1])):
            continue
        base, mark = marked.children
        index = node.children[1]
        meta = Meta()
        meta.empty = False
        for name in ("line", "column", "start_pos"):
            setattr(meta, name, getattr(base.meta, name))
        for name in ("end_line", "end_column", "end_pos"):
            setattr(meta, name, getattr(index.meta, name))
        node.data, node.children = "superscript", [lark.Tree("subscript", [base, index], meta), mark]
    return tree


def signs_before_indices(tree: lark.Tree) -> lark.Tree:
    r"""``tree`` with each ``z_{-, i}`` (a sign, then the indices, in one subscript) read as ``{z_-}_{i}``:
    the entry i of the family written ``z_-``, as ``z_{+}`` names the positive beside it; a
    subscript group of the signed script elsewhere (a sum's range) is left to be refused."""
    for node in tree.iter_subtrees():
        script = node.children[1] if node.data == "subscript" and len(node.children) == 2 else None
        if not (isinstance(script, lark.Tree) and script.data == "signed_script_group"):
            continue
        base = node.children[0]
        sign, items = script.children
        signed = lark.Tree("subscript", [base, lark.Tree("script_sign", [sign], _span(sign, sign))],
                           _span(base.meta, sign))
        node.children = [lark.Tree("braces", [lark.Tree("chain_in_group", [signed], signed.meta)], signed.meta),
                         lark.Tree("script_group", [items], script.meta)]
    return tree


def scripts_moved(tree: lark.Tree) -> lark.Tree:
    r"""``tree`` with the scripts the parser set in another place than TeX moved to theirs: ``C^\top_j``,
    ``z_{-, i}``, ``2 [x]_+`` (below)."""
    return positive_parts_after_numbers(signs_before_indices(transposes_after_indices(tree)))


def positive_parts_after_numbers(tree: lark.Tree) -> lark.Tree:
    r"""``tree`` with each ``2 [x]_+`` or ``\frac{1}{2} (x)^+`` (a number before a bracket with a sign,
    which the grammar reads as the number applied to the bracket, then scripted) read as the number
    times ``[x]_+``: TeX sets the script on the bracket.  After a letter, which may name a function
    (``f(x)^+``), the script is left where it is, to be refused."""
    parents = {id(child): node for node in tree.iter_subtrees() for child in node.children if isinstance(child, lark.Tree)}
    for node in list(tree.iter_subtrees()):
        call = node.children[0] if node.data in ("subscript", "superscript") and len(node.children) == 2 else None
        if not (isinstance(call, lark.Tree) and call.data == "call" and len(call.children) == 2
                and isinstance(node.children[1], lark.Tree) and node.children[1].data == "script_sign"
                and isinstance(call.children[0], lark.Tree) and call.children[0].data in ("number", "frac", "over_frac")
                and isinstance(call.children[1], lark.Tree) and call.children[1].data in ("bracket", "paren")):
            continue
        factor, group = call.children
        scripted = lark.Tree(node.data, [group, node.children[1]], _span(group.meta, node.children[1].meta))
        # the scripts after the sign are the bracket's too, \frac{1}{2} [x]_+^2 = ½ ([x]_+)², as TeX sets them
        top = node
        while (up := parents.get(id(top))) is not None and up.data in ("subscript", "superscript") \
                and len(up.children) == 2 and up.children[0] is top:
            scripted = lark.Tree(up.data, [scripted, up.children[1]], _span(group.meta, up.meta))
            top = up
        top.data, top.children = "juxt", [factor, scripted]
    return tree


def _span(first, last) -> Meta:
    """The positions from the start of ``first`` to the end of ``last`` (a node's meta or a token)."""
    meta = Meta()
    meta.empty = False
    for name in ("line", "column", "start_pos"):
        setattr(meta, name, getattr(first, name))
    for name in ("end_line", "end_column", "end_pos"):
        setattr(meta, name, getattr(last, name))
    return meta


def _transpose_mark(mark) -> bool:
    r"""Whether a superscript's argument is ``\top``, ``\intercal`` or ``T`` (braced or not)."""
    while isinstance(mark, lark.Tree) and mark.data in ("script_group", "items", "item") and len(mark.children) == 1:
        mark = mark.children[0]
    return isinstance(mark, lark.Tree) and (
        mark.data == "command" and str(mark.children[0]) in ("\\top", "\\intercal")
        or mark.data == "letter" and str(mark.children[0]) == "T")


__all__ = ["escaped_underscores", "positive_parts_after_numbers", "scripts_moved", "scripts_out_of_fonts", "signs_before_indices",
           "transposes_after_indices"]
