r"""One name, however it is spelled: the spellings TeX sets alike are one key.

``s^{-}_i`` and ``s_i^-``, ``\hat\rho`` and ``\hat{\rho}``, ``\bm{z}`` and ``\boldsymbol{z}``,
``{\cal L}`` and ``\mathcal{L}`` are set identically, so a name declared in one spelling is
found in any other (:func:`canonical_key`).  Fonts that look different stay different
names: ``z`` and ``\mathbf{z}`` may be two things in one document.
"""
from __future__ import annotations

import functools
import re

from .script_places import nested_fonts, scripts_out_of_fonts

_ONE = r"(?:\\[a-zA-Z]+|[^\\{}_^])"                         # one character or one command
_GROUP = r"\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}"          # {…}, three levels deep
_SCRIPT = rf"(?:{_ONE}|{_GROUP})"
_ACCENT = re.compile(r"(\\(?:hat|tilde|bar|widehat|widetilde|overline|check|breve|dot|ddot|vec))"
                     rf"(?![a-zA-Z])({_ONE})")
#: \tilde P, \hat y: an accent and its letter after a space (TeX takes the next token): \tilde{P}
_ACCENT_SPACED = re.compile(r"(\\(?:hat|tilde|bar|widehat|widetilde|overline|check|breve|dot|ddot|vec))"
                            r"\s+(\\[a-zA-Z]+|[a-zA-Z0-9])")
_TEXT_SCRIPT = re.compile(r"([_^])(\\text\{[^{}]*\})")
#: the fonts a key is spelled with once its aliases are replaced (canonical_key does that first)
_FONTS = r"\\(?:mathcal|mathbf|mathbb|boldsymbol|bm|mathsf|mathit|mathscr|mathfrak|mathtt|pmb|textbf|textit|textsf)"
#: fonts that TeX sets alike, one spelling each: \bm (package bm) is \boldsymbol; \mathbbm (bbm)
#: and \mathds (dsfont) are \mathbb; the plain-TeX switches of {\cal L}, {\bf z}, {\rm sim}
#: (latex/parser.py writes them \cal{L}) are \mathcal, \mathbf, \text
_FONT_ALIASES = {r"\bm": r"\boldsymbol", r"\mathbbm": r"\mathbb", r"\mathds": r"\mathbb", r"\cal": r"\mathcal",
                 r"\bf": r"\mathbf", r"\sf": r"\mathsf", r"\tt": r"\mathtt", r"\it": r"\mathit", r"\rm": r"\text"}
_FONT_ALIAS = re.compile("(" + "|".join(re.escape(alias) for alias in _FONT_ALIASES) + r")(?![a-zA-Z])")


def font_spelling(font: str) -> str:
    r"""The one spelling of a font command: ``\bf`` → ``\mathbf``, ``\mathbf`` → ``\mathbf``."""
    return _FONT_ALIASES.get(font, font)


#: a font around an accented letter or command, \boldsymbol{\hat{y}}
_FONT_AROUND_ACCENT = re.compile(rf"({_FONTS})\{{(\\(?:hat|tilde|bar|widehat|widetilde|overline|check|breve|dot|ddot|vec))"
                                 r"\{(\\?[A-Za-z]+)\}\}")
#: \boldsymbol\theta, \mathcal L: a font before one letter or command, braced as \boldsymbol{\theta}
_FONT_BARE = re.compile(rf"({_FONTS})(?![a-zA-Z])\s*(\\[a-zA-Z]+|[a-zA-Z])")
#: p_\mathsf{pos}: a font script without braces, as p_{\mathsf{pos}}
_FONT_SCRIPT = re.compile(rf"([_^])({_FONTS}\{{[^{{}}]*\}})")
_BRACED_ONE = re.compile(rf"([_^])\{{({_ONE})\}}")
_SWAPPED = re.compile(rf"\^({_SCRIPT})_({_SCRIPT})")
#: a prime written as a superscript, x^{'}, x^\prime, x^{\prime\prime}: TeX sets it as x', x'' (its '
#: is ^\prime), one name however it is written (latex/parser.py reads it so too)
PRIME_SCRIPT = re.compile(r"\^[ \t]*(?:\{[ \t]*(?:(?:'|\\prime(?![a-zA-Z]))[ \t]*)+\}|\\prime(?![a-zA-Z]))")


def prime_count(written: str) -> int:
    """How many primes a match of :data:`PRIME_SCRIPT` writes."""
    return written.count("'") + written.count("\\prime")


_spelling_cache: dict[int, tuple[dict, dict]] = {}


@functools.lru_cache(maxsize=4096)
def canonical_key(key: str) -> str:
    r"""One spelling of a name: ``s^{-}_i``, ``s_i^-`` → ``s_i^-``; ``\hat\rho`` →
    ``\hat{\rho}``; ``\mathcal{L}_\text{N-pair}`` → ``\mathcal{L}_{\text{N-pair}}``; ``p_\mathsf{pos}`` →
    ``p_{\mathsf{pos}}``; ``\boldsymbol\theta`` → ``\boldsymbol{\theta}``; ``\mathbf{W_t}`` → ``\mathbf{W}_t``.

    TeX sets these pairs identically (the order of a sub- and a superscript, the braces
    around a one-character script or accent), so they are one name.

    >>> canonical_key(r"s^{-}_i"), canonical_key(r"\hat\rho"), canonical_key(r"L_\text{N-pair}")
    ('s_i^-', '\\hat{\\rho}', 'L_{\\text{N-pair}}')
    """
    # x^{\prime} and x^{'} are set as x'; w^\star is w^* (the mark of an optimum)
    key = re.sub(r"\\star(?![a-zA-Z])", "*", PRIME_SCRIPT.sub(lambda m: "'" * prime_count(m.group()), key))
    # \mathbf{W_t} is set as \mathbf{W}_t: the scripts of a one-letter name inside its font
    key = scripts_out_of_fonts(nested_fonts(_FONT_ALIAS.sub(lambda m: _FONT_ALIASES[m.group(1)], key)))
    # \mathcal{L}_{T \rightarrow I} is \mathcal{L}_{T \to I}: TeX sets the one arrow for both (a key
    # may come with its spaces dropped, \rightarrowI: only the longer commands are told apart)
    key = re.sub(r"\\rightarrow(?!tail|fill)", r"\\to", key)
    key = "".join(_FONT_BARE.sub(r"\1{\2}", _ACCENT_SPACED.sub(r"\1{\2}", key)).split())
    key = re.sub(r"\\(mathrm|textrm|texttt|mbox|operatorname\*?)\{", r"\\text{", key)
    key = _ACCENT.sub(r"\1{\2}", key)
    # \boldsymbol{\hat{y}} is \hat{\boldsymbol{y}}: the accent on the name in its font, one name
    key = _FONT_AROUND_ACCENT.sub(r"\2{\1{\3}}", key)
    key = _BRACED_ONE.sub(r"\1\2", key)
    key = _TEXT_SCRIPT.sub(r"\1{\2}", key)
    key = _FONT_SCRIPT.sub(r"\1{\2}", key)
    return _SWAPPED.sub(r"_\2^\1", key)


def _spellings(names: dict) -> dict:
    """canonical spelling → declared key, for the keys whose spelling is unique."""
    cached = _spelling_cache.get(id(names))
    if cached is not None and cached[0] is names:
        return cached[1]
    found: dict[str, str | None] = {}
    for key in names:
        canonical = canonical_key(key)
        found[canonical] = key if canonical not in found else None
    index = {c: k for c, k in found.items() if k is not None}
    if len(_spelling_cache) > 256:
        _spelling_cache.clear()
    # the dict is kept with its index so that its id is not reused while cached
    _spelling_cache[id(names)] = (names, index)
    return index


def names_written(text: str, key: str, index: bool = False, entry: bool = False) -> bool:
    """Whether ``text`` writes the name ``key`` (white space aside): not as the start or the end
    of a longer name: q of \\sqrt, q_i, q^+ or q' is not q (a power q^2 is not counted either).
    An ``index`` (j of x_j, x_j^2) is written wherever no letter is glued to it, or side by side with
    others in a subscript (s_{ij}).  White space ends a name (``\\sum_i a_i``, ``\\log a``: the a is
    written), and so does a script of one character (``\\sum_ia_i``), as TeX reads them; a letter in a
    font or under an accent (``\\mathbf{z}``, ``\\hat{z}``) is another name.  An ``entry`` is the name of a
    family with an index: followed by a subscript or a parenthesised superscript (x_i, x^{(i)}; x^+ and
    x' are names of their own)."""
    compact, cuts = _without_spaces(text)
    name = "".join(key.split())
    if index and len(name) == 1 and re.search(r"_\{[A-Za-z]{0,2}" + re.escape(name) + r"[A-Za-z]{0,2}\}", compact):
        return True         # s_{ij}: indices side by side, as TeX writes an entry (i, j)
    glued_after = "A-Za-z" if index else "A-Za-z_^'"
    for found in re.finditer(re.escape(name), compact):
        start, end = found.start(), found.end()
        before = compact[start - 1] if start else ""
        # a command starts a token of its own (n\alpha once spaces are gone is n, then \alpha)
        opens = (start == 0 or start in cuts or before != "\\" and (name.startswith("\\") or not before.isalpha())
                 or start >= 2 and compact[start - 2] in "_^" and before.isalnum() and not name.startswith("\\")) \
            and _IN_A_FONT.search(compact, 0, start) is None      # z of \mathbf{z}, \hat{z}: another name
        # (a script after white space is still the name's: p_{\text{noise}} ^ {+} is p_noise^+)
        closes = end == len(compact) or not re.match(f"[{glued_after}]", compact[end]) \
            or end in cuts and compact[end] not in "_^'"
        if entry:
            closes = re.match(r"_|\^\{?\(", compact[end:]) is not None
        if opens and closes:
            return True
    return False


def _without_spaces(text: str) -> tuple[str, set]:
    """``text`` without white space, and the positions in it where white space was (a name ends there)."""
    compact, cuts, pending = [], set(), False
    for char in text:
        if char.isspace():
            pending = True
            continue
        if pending and compact:
            cuts.add(len(compact))
        pending = False
        compact.append(char)
    return "".join(compact), cuts


#: commands a key (white space removed) may glue to the name after them
_GLUED = frozenset({"sim", "in", "mid", "cdot", "times", "to", "le", "leq", "ge", "geq", "ne", "neq", "approx",
                    "propto", "left", "right", "big", "Big", "quad", "langle", "rangle", "vert", "Vert"})


#: where a name written in a read_as ends: not before a letter, nor before a subscript of words, which makes another name
#: (\mathcal{L}_{\text{hard}} beside \mathcal{L}); an index after it (\mathcal{L}_i) is the same name's entry
_NAME_ENDS = r"(?![A-Za-z])(?!\s*_\s*\{?\s*\\(?:text|textrm|mathrm|mathit|operatorname)(?![A-Za-z]))"


def respelled(text: str, written: str, read: str) -> str:
    """``text`` (a key looked up) with the name ``written`` read as ``read`` (a ``read_as``): a whole name,
    never the g or the a of \\gamma, as written or in the canonical spelling (p_{g} is looked up as p_g)."""
    for source, before, after in ((text, written, read), (canonical_key(text), canonical_key(written), canonical_key(read))):
        starts = [m.start() for m in re.finditer(re.escape(before) + _NAME_ENDS, source) if _starts_a_name(source, m.start())]
        if starts:
            for start in reversed(starts):
                source = source[:start] + after + source[start + len(before):]
            return source
    return text


#: the brace of a font or an accent just before a position: what starts there is part of that name
_IN_A_FONT = re.compile(r"\\(?:math[a-z]*|text[a-z]*|boldsymbol|bm|pmb|operatorname|hat|tilde|bar|vec|widehat|widetilde"
                        r"|overline|check|breve|dot|ddot)\s*\{\s*\Z")


def _starts_a_name(text: str, position: int) -> bool:
    """Whether a name may start at ``position``: not inside a run of letters, unless the letters before it
    are a relation or operator a key glues to the name (\\sim, \\in, \\mid, \\cdot of x \\sim p_g)."""
    run = position
    while run > 0 and text[run - 1].isalpha():
        run -= 1
    if run == position:
        # \mathcal{D} and \hat{x} are names of their own: D and x inside them are not the names D and x
        return not (position > 0 and text[position - 1] == "\\") and _IN_A_FONT.search(text, 0, position) is None
    return run > 0 and text[run - 1] == "\\" and text[run:position] in _GLUED
