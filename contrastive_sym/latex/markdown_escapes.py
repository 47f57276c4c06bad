r"""Underscores a Markdown post escapes: ``\sum\_{n}``, ``\mathbb{E}\_X``, ``J\_i(\mathbf{W})``.

kramdown (Jekyll) and other Markdown processors read ``_`` as emphasis, so posts write ``\_`` in their
math; the processor turns it into ``_`` before MathJax sees the formula, and the page shows a subscript.
TeX itself sets ``\_`` as an underscore glyph, which in a formula outside text is no mathematics of its
own: the author means the subscript either way.  So ``\_`` is read as ``_`` (same length, every column
of an error still the user's), except where it is part of a word or a name: inside ``\text{…}``,
``\mathrm{…}``, ``\operatorname{…}`` and the like (``\text{log\_softmax}``), and inside a script
(``\mathcal{L}_{bin\_NCE}``, the name bin_NCE).

Braces too (Hexo's marked, and other processors, turn ``\{`` into ``{``): ``\sum_\{i=1, i \neq y}^C``
is ``\sum_{i=1, i \neq y}^C`` on the page, and ``\\{z_i \\}`` is the set ``\{z_i \}``.  In TeX a
script ``_\{`` whose group then closes with a plain ``}``, or a row break right before a brace and
another right before its closing brace in one row, is no mathematics of its own: the escaped reading
is the only one.
"""
from __future__ import annotations

import re

from .braced_arguments import closing

#: a command whose argument is a word or a name, where \_ is its underscore
_WORDS = re.compile(r"\\(?:text[a-z]*|math(?:rm|it|sf|tt|bf)|operatorname\*?|mbox|hbox)\s*$")


def escaped_underscores_as_scripts(text: str) -> str:
    r"""``text`` with each ``\_`` outside words and scripts written `` _`` (same length)."""
    if "\\_" not in text:
        return text
    out = list(text)
    kinds: list[str] = []       # for each open brace: 'word', 'script' or 'group'
    position = 0
    while position < len(text):
        char = text[position]
        if char == "\\" and position + 1 < len(text):
            if text[position + 1] == "_" and not ({"word", "script"} & set(kinds)):
                out[position] = " "
            position += 2 if not text[position + 1].isalpha() else 1
            continue
        if char == "{":
            before = text[:position].rstrip()
            kinds.append("script" if before.endswith(("_", "^")) and not before.endswith("\\_")
                         else "word" if _WORDS.search(before) else "group")
        elif char == "}" and kinds:
            kinds.pop()
        position += 1
    return "".join(out)


def escaped_braces(text: str) -> str:
    r"""``text`` with ``_\{…}`` (and ``^\{…}``) whose group closes with a plain ``}`` written ``_ {…}``,
    and ``\\{…\\}`` within one row written `` \{… \}`` (same length)."""
    if "\\{" not in text:
        return text
    out = list(text)
    for match in _ESCAPED_SCRIPT.finditer(text):
        # the group the escaped brace opens, as if it were plain, closed by a plain } within the row
        brace = match.end() - 1
        close = closing(text[:brace - 1] + " " + text[brace:], brace)
        if close is not None and "\\\\" not in text[brace:close]:
            out[brace - 1] = " "
    for match in _ESCAPED_SET.finditer(text):
        out[match.start()] = " "
        out[match.end() - 3] = " "
    return "".join(out)


#: a script whose group opens with an escaped brace: ``_\{``, ``^\{``
_ESCAPED_SCRIPT = re.compile(r"(?<!\\)[_^]\s*\\\{")
#: ``\\{ … \\}`` in one row, nothing but a brace-free, row-free text between
_ESCAPED_SET = re.compile(r"\\\\\{[^{}\\]*(?:\\(?!\\)[^{}\\]*)*\\\\\}")

