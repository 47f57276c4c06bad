r"""Underscores a Markdown post escapes: ``\sum\_{n}``, ``\mathbb{E}\_X``, ``J\_i(\mathbf{W})``.

kramdown (Jekyll) and other Markdown processors read ``_`` as emphasis, so posts write ``\_`` in their
math; the processor turns it into ``_`` before MathJax sees the formula, and the page shows a subscript.
TeX itself sets ``\_`` as an underscore glyph, which in a formula outside text is no mathematics of its
own: the author means the subscript either way.  So ``\_`` is read as ``_`` (same length, every column
of an error still the user's), except where it is part of a word or a name: inside ``\text{…}``,
``\mathrm{…}``, ``\operatorname{…}`` and the like (``\text{log\_softmax}``), and inside a script
(``\mathcal{L}_{bin\_NCE}``, the name bin_NCE).
"""
from __future__ import annotations

import re

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
