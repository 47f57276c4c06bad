r"""Remarks in words at the end of a row: ``&= B & \text{; by Jensen}``, ``\quad \text{(dependency)}``,
``& \scriptstyle{\text{; Assuming infinite negatives}}``.

Authors annotate a derivation's rows with why a link holds, and sometimes with what it
assumes.  A remark is a ``\text{…}`` of words (more than one, or opening with punctuation)
that ends its row, set apart from the math by ``&``, ``\quad``, a comma or a semicolon, or
written right after it (``\right] \mbox{since KL is non-negative}``).  The
parser reads the row without it (:func:`blank_remarks`, same length); the translator says
that it was not read, in the row's readings (:func:`remarks`).  A remark that may state a
condition (``assuming …``, ``if …``, ``for …``, or one with a comparison in it) would change
what the row's link claims: it is refused on a row that states a decided relation, and only
said on a row whose links are not checked anyway (an ``\approx`` with no tolerance).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: the words: \text{…} (or \textrm, \textit, \mathrm, \mbox), without math or nested groups
_WORDS = re.compile(r"\\(?:text|textrm|textit|mathrm|mbox)\s*\{(?P<words>[^{}\\$]*)\}")
#: what may stand before them, ending where they start: separators (&, \quad, a comma, a
#: semicolon, spacing), then a style (\scriptstyle, \small, …) and a brace that wraps them
_BEFORE = re.compile(r"(?:(?:&|\\q?quad(?![a-zA-Z])|[,;]|\\[,;: ]|~)\s*)+"
                     r"(?P<style>\\(?:scriptstyle|scriptscriptstyle|small|footnotesize|textstyle)(?![a-zA-Z])\s*)?"
                     r"(?P<open>\{\s*)?$")
#: or nothing but spacing, right after the end of an expression (a parenthesis, a bracket, a
#: brace, a letter or a digit): ``\right] \mbox{since KL is non-negative} \\``
_BARE = re.compile(r"(?<=[)\]}A-Za-z0-9])(?:\s|\\[,;: ]|~)*(?P<style>(?!))?(?P<open>(?!))?$")
#: what may follow them up to the row's end (\\, \end{…} or the end of the formula)
_AFTER = re.compile(r"(?P<close>\s*\})?\s*\.?\s*&?\s*(?=\\\\|$|\\end\s*\{)")
#: how far back the separators are looked for (a bounded window keeps the search linear)
_WINDOW = 120
#: words that open a condition, not a justification
_CONDITION = re.compile(r"^\W*(assum\w*|if|iff|for|when\w*|provided|given|unless|under|where|with|suppose\w*|"
                        r"only|as long as|in the limit|as)\b", re.IGNORECASE)
_COMPARISON = re.compile(r"[<>=]|\\(?:le|ge|leq|geq|neq|ne|to)\b")


@dataclass(frozen=True)
class Remark:
    start: int          # where the remark starts in the text (the &, \quad or comma before it)
    end: int
    words: str          # spacing collapsed
    condition: bool     # it may state a condition of its row's link
    written: str = ""   # the words as written, and where they start in the text
    at: int = 0


def remarks(text: str) -> list[Remark]:
    """Every remark in words that ends a row of ``text``."""
    found = []
    for match in _WORDS.finditer(text):
        words = " ".join(match.group("words").split())
        if not words or (" " not in words and words[0].isalnum()):
            continue        # one word (\text{const}, \text{otherwise}): a name, not a remark
        window = text[max(0, match.start() - _WINDOW):match.start()]
        before = _BEFORE.search(window) or _BARE.search(window)
        after = _AFTER.match(text, match.end())
        if before is None or after is None or bool(before.group("open")) != bool(after.group("close")):
            continue
        raw = match.group("words")
        found.append(Remark(match.start() - len(before.group(0)), after.end(), words,
                            bool(_CONDITION.match(words) or _COMPARISON.search(words)), raw.strip(),
                            match.start("words") + len(raw) - len(raw.lstrip())))
    return found


#: words set between two rows of an align: \intertext{…}, \shortintertext{…} (amsmath, mathtools)
_INTERTEXT = re.compile(r"\\(?:short)?intertext\s*\{")
#: how much of an \intertext's words a reading or a message quotes
_QUOTED = 80


def intertexts(text: str) -> list[Remark]:
    r"""Every ``\intertext{…}`` of ``text``: words between rows, which the rows around it do not
    depend on (the chain goes on across it).  One whose braces do not close is left to the parser."""
    found = []
    for match in _INTERTEXT.finditer(text):
        depth, end = 1, match.end()
        while end < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[end], 0) * (text[end - 1] != "\\")
            end += 1
        if depth:
            continue
        raw = text[match.end():end - 1]
        words = " ".join(raw.split())
        words = words if len(words) <= _QUOTED else words[:_QUOTED - 1] + "…"
        found.append(Remark(match.start(), end, words, bool(_CONDITION.match(raw.strip(" $")) or
                                                            _COMPARISON.search(raw)), match.group(), match.start()))
    return found


def blank_remarks(text: str) -> str:
    r"""``text`` with every remark and every ``\intertext{…}`` replaced by spaces (same length:
    positions are kept)."""
    out = text
    for remark in remarks(text) + intertexts(text):
        out = out[:remark.start] + "".join(c if c == "\n" else " " for c in out[remark.start:remark.end]) + \
            out[remark.end:]
    return out


def say_remarks(text: str, rows: list, where, readings: list, defines: bool = False) -> None:
    """Add to ``readings`` what each remark of ``text`` is, for the row trees ``rows`` of its
    parse (in order); raise the error of a remark that may be a condition of a decided
    link.  In a definition (``defines``) a chain row's first relation defines, and a
    condition there would qualify the definition: refused as well."""
    from .translate.values import UNCHECKED_RELATIONS, relation_name     # the translator imports this module
    for words in intertexts(text):
        if words.condition:
            line, column = text.count("\n", 0, words.at) + 1, words.at - text.rfind("\n", 0, words.at)
            raise where.error(f"the words between rows '{words.words}' ({words.written}…}}) may state a condition "
                              "of the link after them, which a check would ignore: state it in the claim's given, "
                              "or restate the rows with restated_from", line, column, words.written)
        readings.append(f"the words between rows ({words.written}…}}: '{words.words}') are not read")
    found = remarks(text)
    if not found:
        return
    starts = [row.meta.start_pos for row in rows if not getattr(row.meta, "empty", True)]
    for remark in found:
        number = sum(1 for start in starts if start < remark.start)
        row = rows[number - 1] if number else None
        names = [relation_name(str(c.children[0])) for c in (row.children if row is not None else [])
                 if getattr(c, "data", None) == "relation"]
        decided = [n for n in names if n not in UNCHECKED_RELATIONS]
        if remark.condition and (decided or defines and row is not None and row.data == "chain"):
            line = text.count("\n", 0, remark.at) + 1
            column = remark.at - text.rfind("\n", 0, remark.at)
            raise where.error(f"the remark '{remark.words}' at the end of this row may state a condition of what "
                              "the row says, which a check would ignore: state the condition in the claim's "
                              "given, or restate the row with restated_from", line, column, remark.written)
        why = " (a condition of a link that is not checked)" if remark.condition else ""
        readings.append(f"the remark '{remark.words}' ending row {number} is not read{why}")


def say_brace_label(translator, node) -> None:
    r"""Says, in the reading, that the label of ``\underbrace{…}_{=0}`` (what the term equals) is a note,
    not checked: the term itself is read (latex/brace_labels.py blanked the relation for the grammar)."""
    label = " ".join(translator.source(node.children[-1]).split())
    if re.match(r"\{?\s*(?:=|\\approx(?![a-zA-Z]))", label):
        note = f"the label {label} of a brace is a note: that its term is so is not checked"
        translator.readings.extend([note] if note not in translator.readings else [])
