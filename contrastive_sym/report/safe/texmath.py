r"""Whether a document's own LaTeX (a claim or a proof step as the document writes it)
may be typeset as math: :func:`sanitise_math`.

It tokenises the string the way TeX would and parses it against an allowlist
(:mod:`.mathparse`, :mod:`.mathallow`): known harmless commands, balanced groups,
``\left``/``\right`` pairs, no double scripts, no alignment inside groups.
Accepted input is re-emitted from its tokens (arguments always braced), so the
output is both harmless and compiles.  Anything else is refused with a reason; the
renderer then shows the raw text escaped (:func:`.texsafe.escape`).

>>> sanitise_math(r"\frac{1}{\tau}\sum_{k\neq i} e^{s_{i,k}}").tex
'\\frac{1}{\\tau}\\sum_{k\\neq i}e^{s_{i,k}}'
>>> sanitise_math(r"\input{/etc/passwd}").reason
'command \\input is not allowed'
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .mathallow import LETTERS, MAX_MATH_LENGTH, MAX_ROW_LENGTH, MAX_ROWS
from .mathparse import MathParser, Refused, tex_tokens
from .texsafe import UNICODE_MATH, TeX


@dataclass(frozen=True)
class SafeMath:
    """The verdict of :func:`sanitise_math` on one string.

    ``tex`` is the math-mode body (rows separated by ``\\``, columns by ``&``) when
    the string was accepted, else None and ``reason`` says why it was not.
    """

    tex: TeX | None
    reason: str = ""
    rows: int = 1
    aligned: bool = False   # whether any row has an alignment point
    rows_form: TeX | None = None  # the same, one row per top-level relation (an aligned body)

    @property
    def ok(self) -> bool:
        return self.tex is not None


_ENDS_IN_WORD = re.compile(r"\\[A-Za-z]+$")


def _join(pieces: list[str]) -> str:
    r"""Concatenate emitted pieces, with a space where a letter follows a control word
    (``\tau`` then ``x`` must not become ``\taux``)."""
    text = ""
    for piece in pieces:
        if piece and piece[0] in LETTERS and _ENDS_IN_WORD.search(text):
            text += " "
        text += piece
    return text


def _map_unicode(source: str) -> str:
    """τ → \\tau and friends, so symbols typed as Unicode can be typeset too."""
    if source.isascii():
        return source
    return "".join(UNICODE_MATH[c] + (" " if UNICODE_MATH[c][-1].isalpha() else "")
                   if c in UNICODE_MATH else c for c in source)


def sanitise_math(source: str) -> SafeMath:
    r"""Accept ``source`` as math only if every token is on the allowlist.

    A one-row statement with relations outside every group also comes as
    :attr:`SafeMath.rows_form`: each relation starts a new row (``a = b = c`` in three
    rows), for the renderer to use when the one-row form is too wide.

    >>> sanitise_math(r"\begin{aligned} a &= b \\ &= c \end{aligned}").tex
    'a&=b\\\\{}&=c'
    >>> sanitise_math("a = b + c").rows_form
    '&a\\\\{}&\\quad =b+c'
    >>> sanitise_math(r"\csname input\endcsname").reason
    'command \\csname is not allowed'
    >>> sanitise_math("x^a^b").reason
    'double superscript'
    """
    if not isinstance(source, str):
        return SafeMath(None, "not a string")
    if len(source) > MAX_MATH_LENGTH:
        return SafeMath(None, f"longer than {MAX_MATH_LENGTH} characters")
    if not source.strip():
        return SafeMath(None, "empty")
    try:
        parser = MathParser(tex_tokens(_map_unicode(source)))
        parser.parse()
    except Refused as refusal:
        return SafeMath(None, str(refusal))
    out = parser.out
    breaks = [b for b in parser.breaks if b > 0]
    if parser.rows > MAX_ROWS:
        return SafeMath(None, f"more than {MAX_ROWS} rows")
    rows_form = None
    if parser.rows == 1 and not parser.aligned and 0 < len(breaks) < MAX_ROWS:
        pieces = [_join(out[a:b]) for a, b in zip([0] + breaks, breaks + [len(out)])]
        rows_form = TeX("&" + pieces[0] + "".join(r"\\{}&\quad " + p for p in pieces[1:]))
    tex = TeX(_join(out))
    widest = max(len(row) for row in (rows_form or tex).split(r"\\{}"))
    if widest > MAX_ROW_LENGTH:
        return SafeMath(None, f"a row of {widest} characters is too wide to typeset")
    return SafeMath(tex, rows=parser.rows, aligned=parser.aligned, rows_form=rows_form)
