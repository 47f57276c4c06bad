r"""A wide space between two formulas of one row: ``A = B \quad C = D``, ``A = B \quad \text{and} \quad
C = D``, ``h(x) = … \qquad \alpha > 0``.  TeX sets ``\quad`` as a space, and a reader that drops spaces
would join what it separates into a product (B·C, and a chain A = B·C = D, refuted for a true pair of
identities); a mathematician reads two formulas.  A wide space (``\quad``, ``\qquad``, alone or around
the word "and" in text) at the top level of a row, with a relation on each side of it before the next
separator, is a separator of rows: it is rewritten as a comma, the same length, which the grammar reads
so.  What follows is then read as any second formula after a comma is: a range of indices
(``i = 1, \dots, N``), the declared domain of a scalar (``\alpha > 0``), a shorthand defined beside the
formula (where_clauses.py), or a statement of its own.  A wide space with a relation on one side only
stays a space: documents set a product so too (``\frac{1}{\tau} \quad \mathbb{E}[…]``).  The extra
space of a row break (``\\[4pt]``) and a mark that ends a proof (``\qquad \blacksquare``) are no part
of the mathematics either: blanked."""
from __future__ import annotations

import re

#: A wide space: \quad, \qquad, \hspace{…}, \enspace, or a run of two or more ties or medium spaces (~~~~,
#: \;\;) (with thinner spaces around), perhaps around "and" in text.
_WIDE = r"(?:\\q?quad(?![a-zA-Z])|\\hspace\*?\s*\{[^{}]*\}|\\enspace(?![a-zA-Z])|(?:~|\\[;: ])(?:\s*(?:~|\\[;: ]))+)"
#: One tie or medium space between two formulas (A = B ~ C = D): two statements side by side, or the
#: product B C of a chain A = B C = D?  Marked (the same length) for the parser to refuse, naming it.
_NARROW = re.compile(r"(?<!\\)(?:~|\\[;: ])")
NARROW_MARK = "\ue050"
_WORDS_BEFORE = re.compile(r"\\(?:text|textrm|mathrm|mbox)\s*\{[^{}]*\}\s*$")
_THIN = r"(?:\\[,;: ]|~|\s)"
_AND = r"\\(?:text|textrm|mbox|mathrm)\s*\{\s*,?\s*and\s*\}"
_GAP = re.compile(rf"(?:{_WIDE}|{_THIN})*{_WIDE}(?:{_WIDE}|{_THIN})*(?:{_AND}(?:{_WIDE}|{_THIN})*)?"
                  rf"|{_THIN}*\\(?:text|textrm|mbox|mathrm)\s*\{{\s*\\?q?quad\s*and\s*\\?q?quad\s*\}}(?:{_WIDE}|{_THIN})*"
                  rf"|{_THIN}*{_AND}{_THIN}*")       # \text{ and } alone: a word, never a product
#: A relation written at the top level of a formula.
_RELATION = re.compile(r"(?<![\\<>!])=|(?<!\\)[<>]|\\(?:leq?|geq?|neq?|approx|propto|equiv|leqslant|geqslant|"
                       r"triangleq|coloneqq|doteq|simeq|lt|gt)(?![a-zA-Z])")
_ENDS_IN_A_RELATION = re.compile(r"(?:" + _RELATION.pattern + r")\s*&?\s*$")
#: a formula that ends where an operand must follow: a sign (not a script's, z_+), \cdot, or a big operator with its scripts
_ENDS_IN_AN_OPERATOR = re.compile(r"(?:(?<![_^])[+\-*/]|\\(?:cdot|times|pm|mp)(?![a-zA-Z])"
                                  r"|\\(?:sum|prod|int|max|min|sup|inf|lim|log|ln|exp|nabla|partial)(?![a-zA-Z])"
                                  r"(?:\s*[_^]\s*(?:\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}|\\[a-zA-Z]+|\S))*)\s*\}*\s*$")
_STARTS_WITH_A_RELATION = re.compile(r"\s*&?\s*(?:" + _RELATION.pattern + r")")
#: What a formula after a wide space may start with that other readers take (a quantifier, words, a label).
_TAKEN_ELSEWHERE = re.compile(r"\s*(?:\\forall|\\text|\\textrm|\\mbox|\\label|\\tag|\\quad|\\qquad|&|,|;|\\\\|$)")
#: Environments whose contents are not rows of the display (their \quad and & are theirs).
_CONTENT = re.compile(r"\\(begin|end)\s*\{\s*(cases|dcases|rcases|[pbBvV]?matrix|smallmatrix|array|subarray)\*?\s*\}")
_BEGIN_OR_END = re.compile(r"\\(begin|end)\s*\{")


#: The extra space of a row break, \\[4pt]: the break is read, the space blanked.
_ROW_SPACE = re.compile(r"(?<=\\\\)\s*\[\s*-?\d*\.?\d+\s*(?:pt|em|ex|mm|cm|in|bp|pc|mu|dd|sp)\s*\]")
#: A mark that ends a proof, set after the last formula (\qquad \blacksquare): no part of it.
_END_OF_PROOF = re.compile(r"(?:\\q?quad(?![a-zA-Z])|\\hfill(?![a-zA-Z])|\\[,;: ]|~|\s)*"
                           r"\\(?:blacksquare|square|Box|qed|qedsymbol|qedhere)(?![a-zA-Z])"
                           r"(?=(?:\s|\\label\s*\{[^{}]*\}|\\(?:nonumber|notag)(?![a-zA-Z]))*(?:\\end\s*\{|\\\\|\$|$))")


def wide_spaces_as_rows(text: str) -> str:
    """``text`` with every wide space that separates two formulas of a row written as a comma (and the
    space of a row break, \\\\[4pt], and a mark ending a proof, \\qquad \\blacksquare, blanked)."""
    blank = lambda m: re.sub(r"[^\n]", " ", m.group())      # noqa: E731 - the same length, lines kept
    text = _END_OF_PROOF.sub(blank, _ROW_SPACE.sub(blank, text))
    candidates = list(_GAP.finditer(text))
    narrow = list(_NARROW.finditer(text)) if not candidates else []
    if not candidates and not narrow:      # most formulas: no scan of depths on every parse
        return text
    depths = _depths(text)
    gaps = [m for m in candidates if depths[m.start()] == 0 and depths[m.end() - 1] == 0]
    if candidates:
        inside = {p for g in candidates for p in range(g.start(), g.end())}
        narrow = [m for m in _NARROW.finditer(text) if m.start() not in inside]
    narrow = [m for m in narrow if depths[m.start()] == 0]
    if not gaps and not narrow:
        return text
    bounds = _boundaries(text, depths)
    result = list(text)
    for gap in gaps + narrow:
        if not _separates(text, gap, gaps, bounds, depths):
            continue
        if gap in narrow:
            result[gap.start()] = NARROW_MARK     # the rest of \; blanked: the mark is refused where it was
            result[gap.start() + 1:gap.end()] = " " * (gap.end() - gap.start() - 1)
            continue
        # the comma where the space command starts: an error there quotes the command as written
        comma = next(p for p in range(gap.start(), gap.end()) if not text[p].isspace())
        for position in range(gap.start(), gap.end()):
            result[position] = "," if position == comma else " " if text[position] != "\n" else "\n"
    return "".join(result)


def _separates(text: str, gap, gaps: list, bounds: list, depths: list) -> bool:
    """Whether a space at the top level of a row stands between two formulas: a relation on each side
    of it before the next separator, neither side ending or starting where an operand must follow."""
    start = max((b for b in bounds if b <= gap.start()), default=0)
    end = min((b for b in bounds if b >= gap.end()), default=len(text))
    others = [g for g in gaps if g is not gap and start <= g.start() and g.end() <= end]
    before = max((g.end() for g in others if g.end() <= gap.start()), default=start)
    after = min((g.start() for g in others if g.start() >= gap.end()), default=end)
    left, right = text[before:gap.start()], text[gap.end():after]
    if _TAKEN_ELSEWHERE.match(right) or not (_relation_at_top(left, depths[before:gap.start()])
                                             and _relation_at_top(right, depths[gap.end():after])):
        return False
    # F = \qquad i = 1, F = \sum_k \quad …, A = B \quad = C: one formula spaced out; \text{where}\ x = …
    return not (_ENDS_IN_A_RELATION.search(left) or _ENDS_IN_AN_OPERATOR.search(left)
                or _STARTS_WITH_A_RELATION.match(right) or _WORDS_BEFORE.search(left))


def _relation_at_top(text: str, depths: list) -> bool:
    return any(depths[m.start()] == 0 for m in _RELATION.finditer(text))


def _depths(text: str) -> list:
    """The depth of each position: in braces, brackets, parentheses or an environment of contents."""
    depths, depth, position = [], 0, 0
    while position < len(text):
        content = _CONTENT.match(text, position)
        if content is not None:
            depth += 1 if content.group(1) == "begin" else -1
            depths.extend([max(depth, 1)] * (content.end() - position))
            position = content.end()
            continue
        char = text[position]
        escaped = position > 0 and text[position - 1] == "\\"
        if char in "{([" and not escaped:
            depth += 1
            depths.append(depth)
        elif char in "})]" and not escaped:
            depths.append(depth)
            depth = max(depth - 1, 0)
        else:
            depths.append(depth)
        position += 1
    return depths


def _boundaries(text: str, depths: list) -> list:
    """Where the rows of the display start and end: its \\\\ and its commas at the top level, and
    the ends of its layout environments (an alignment mark & is inside a row)."""
    found = [0, len(text)]
    for match in re.finditer(r"\\\\|,", text):
        if depths[match.start()] == 0 and not (match.group() == "," and text[match.start() - 1:match.start()] == "\\"):
            found += [match.start(), match.end()]
    for match in _BEGIN_OR_END.finditer(text):
        if depths[match.start()] == 0:
            close = text.find("}", match.end())
            found += [match.start(), close + 1 if close >= 0 else match.end()]
    return sorted(found)

