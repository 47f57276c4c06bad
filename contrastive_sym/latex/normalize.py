r"""Does a derivation step's LaTeX still occur in its source document?

A derivation records, for each step, the LaTeX it encodes and the document lines it
came from.  When the document is at hand, :func:`compare` looks for that LaTeX at those
lines, so that a document edited after its derivation was written ("drift") shows up
in CI instead of silently checking mathematics the document no longer states.

The search is a substring search: a step may be one side of ``a \leq b \leq c`` or a
line of an ``align`` block with its ``&`` and ``\\``.  It is tried twice, cheapest
first: verbatim (only the whitespace at the ends of each line ignored), then after
:func:`normalize_latex`, which identifies only spellings that mean the same thing to
LaTeX, so that any edit of the mathematics still changes the normal form.

>>> lines = ["$$", r"\max\{a, b\} \le \tau \cdot LSE(a, b).", "$$"]
>>> compare(r"\max\{a, b\} \le \tau", lines, 2).value
'verbatim'
>>> compare(r"\max\{a,b\}\leq\tau", lines, 2).value
'normalized'
>>> compare(r"\max\{a,b\}<\tau", lines, 2).value
'drift'
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

from ..model.sources import DIGEST_PREFIX, SourceMatch


def read_document(path: Path) -> list[str]:
    """The document's lines, without line ends; raises nothing but :class:`OSError`.

    The bytes are decoded as UTF-8 with undecodable bytes replaced (a leading byte
    order mark is dropped).  Lines end at ``\n`` (a ``\r`` before it is dropped too).
    Other characters that :meth:`str.splitlines` would split at (form feed,
    ``\u2028``, …) stay inside their line, so that line numbers agree with the ones
    editors and GitHub show, which are the ones derivations record.
    """
    text = Path(path).read_bytes().decode("utf-8-sig", errors="replace")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()        # a final line end does not start another line
    return [line.removesuffix("\r") for line in lines]


def compare(latex: str, document_lines: Sequence[str], first: int, last: int | None = None,
            *, restated_from: str | None = None) -> SourceMatch:
    r"""Whether ``latex`` occurs in ``document_lines[first-1:last]`` (1-based, inclusive).

    The document text is those lines joined with ``"\n"``.  ``last`` defaults to
    ``first``; a range that is empty or reaches outside the document is DRIFT.

    * VERBATIM: after removing the leading and trailing whitespace of every line, on
      both sides, the step's text is a substring of the document text.  (So indentation,
      trailing blanks and a multi-line step joined with ``"\n"`` still count as
      verbatim; whitespace inside a line and the line breaks themselves must agree.)
    * NORMALIZED: ``normalize_latex(latex)`` is a substring of
      ``normalize_latex(document text)``.
    * With ``restated_from = "sha256:…"`` (:func:`line_digest`), the step restates what
      the document says in words: RESTATED if one of the lines has that digest, else DRIFT.
    * With ``restated_from``, the derivation declares that the step restates that
      fragment of the document: the step's own LaTeX is not compared, and the result is
      RESTATED if the fragment matches (verbatim or normalized), else DRIFT.

    A text with nothing left after normalisation (empty, blank, only ``$$`` or ``&``)
    is DRIFT: finding it would prove nothing.
    """
    last = first if last is None else last
    if not 1 <= first <= last <= len(document_lines):
        return SourceMatch.DRIFT
    document_text = "\n".join(document_lines[first - 1:last])
    if restated_from is not None and restated_from.startswith(DIGEST_PREFIX):
        digests = {line_digest(line) for line in document_lines[first - 1:last]}
        return SourceMatch.RESTATED if restated_from in digests else SourceMatch.DRIFT
    if restated_from is not None:
        found = _find(restated_from, document_text)
        return SourceMatch.RESTATED if found.found else SourceMatch.DRIFT
    return _find(latex, document_text)


def line_digest(line: str) -> str:
    """``sha256:`` and the first 12 hex digits of the line's SHA-256, white space
    collapsed (so re-wrapping or indenting the line is not drift; any edit of a word is)."""
    text = " ".join(line.split())
    return DIGEST_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _find(latex: str, document_text: str) -> SourceMatch:
    wanted = normalize_latex(latex)
    if not wanted:
        return SourceMatch.DRIFT
    step_verbatim = _strip_lines(latex)
    if step_verbatim and step_verbatim in _strip_lines(document_text):
        return SourceMatch.VERBATIM
    if wanted in normalize_latex(document_text):
        return SourceMatch.NORMALIZED
    return SourceMatch.DRIFT


def _strip_lines(text: str) -> str:
    return "\n".join(line.strip() for line in text.split("\n")).strip()


# --- normalisation -----------------------------------------------------------------

def normalize_latex(text: str) -> str:
    r"""A normal form of ``text`` in which spellings LaTeX treats alike are equal.

    Only these identifications are made, so any other edit changes the result:

    * whitespace is dropped, except that a control word followed by an ASCII letter
      keeps one space (``\log x`` stays ``\log x``; ``\logx`` is another command).
      Inside the argument of ``\text``-like commands (text mode, where spaces are
      printed) a run of spaces becomes one space instead;
    * the spacing commands ``\,`` ``\;`` ``\:`` ``\>`` ``\!`` ``\␣`` ``\quad``
      ``\qquad`` ``~`` (and a no-break space) are dropped; in text mode they count as
      one space (except ``\!``, dropped);
    * ``\left`` ``\right`` ``\middle`` and ``\big`` ``\Big`` ``\bigg`` ``\Bigg`` with
      their ``l``/``r``/``m`` forms are dropped, and so is the null delimiter ``.``
      after them (``\left[`` → ``[``, ``\left.`` → nothing, ``\bigg|`` → ``|``);
    * ``\rarr`` ``\rightarrow`` ``\longrightarrow`` → ``\to``; ``\le`` ``\leqslant`` →
      ``\leq``; ``\ge`` ``\geqslant`` → ``\geq``; ``\ne`` → ``\neq``;
    * ``...`` ``\ldots`` ``\cdots`` → ``\dots`` (``x^...`` is ``x^{.}..`` to LaTeX and
      stays so);
    * ``&``, ``\\``, ``$`` and ``\begin{…}`` / ``\end{…}`` of ``align``, ``align*``
      and ``aligned`` are dropped;
    * the ``.`` and ``,`` at the very end of the text are dropped (punctuation after a
      display), not those inside it;
    * a script of one plain character loses its braces (``0^{+}`` → ``0^+``,
      ``s_{k}`` → ``s_k``); the plain characters are ASCII letters and digits and
      ``+-*=<>|/()[]!?:;@``.  ``^.`` and ``^,`` are written ``^{.}`` and ``^{,}``
      instead, so that they cannot join an ellipsis or look like final punctuation.

    ``\mathrm{…}`` and ``\operatorname{…}`` are *not* turned into ``\text{…}``: their
    arguments are in math mode, where ``NT-Xent`` has a minus sign and spaces are
    ignored, and in ``\text`` it has a hyphen and spaces are printed.

    The result is a fixed point (``normalize_latex`` of it is itself), any string is
    accepted, and the time is linear in its length.

    >>> normalize_latex(r"\left[ 1 + x \right] \le e^{x}, \quad x \rarr 0^{+}.")
    '[1+x]\\leq e^x,x\\to0^+'
    """
    return _Normalizer().run(text)


_NO_BREAK_SPACE = "\xa0"                    # what `~` stands for, typed as a character
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

# One token per match; every alternative is a single character class, so matching
# cannot backtrack and the whole scan is linear.  Each character outside the plain
# run class is one token of its own because some rule looks at it.
_TOKEN = re.compile(r"""
      (?P<word>\\[A-Za-z]+)                      # control word: \ and TeX letters
    | (?P<symbol>\\[^A-Za-z])                    # control symbol: \, \\ \{ \␣ ...
    | (?P<space>[ \t\r\n]+)
    | (?P<dots>\.+)
    | (?P<run>[^\\ \t\r\n.,&$~^_{}\xa0]+)        # plain text: no rule looks inside it
    | (?P<char>[\s\S])                           # one special character, or a lone \ at the end
""", re.VERBOSE)

_CANONICAL_WORD = {
    "\\rarr": "\\to", "\\rightarrow": "\\to", "\\longrightarrow": "\\to",
    "\\le": "\\leq", "\\leqslant": "\\leq",
    "\\ge": "\\geq", "\\geqslant": "\\geq",
    "\\ne": "\\neq",
    "\\ldots": "\\dots", "\\cdots": "\\dots",
}
_ELLIPSIS = "\\dots"

# Sizes a delimiter; the delimiter itself is what the formula says.
_SIZING_WORDS = frozenset(
    ["\\left", "\\right", "\\middle"]
    + [size + variant for size in ("\\big", "\\Big", "\\bigg", "\\Bigg") for variant in ("", "l", "r", "m")])

# Horizontal space: meaningless in math mode, one space in text mode.
_SPACING = frozenset(["\\,", "\\;", "\\:", "\\>", "\\ ", "\\\t", "\\\n", "\\\r", "\\quad", "\\qquad",
                      "\\space", "\\enspace", "\\thinspace", "\\medspace", "\\thickspace", "\\negthinspace",
                      "\\negmedspace", "\\negthickspace", "~", _NO_BREAK_SPACE])
_NEGATIVE_SPACE = "\\!"
_ALIGNMENT = frozenset(["&", "$", "\\\\"])
_ALIGN_ENVIRONMENTS = tuple(f"\\{command}{{{name}}}" for command in ("begin", "end")
                            for name in ("align", "align*", "aligned"))
_LONGEST_ENVIRONMENT = max(map(len, _ALIGN_ENVIRONMENTS))

# Commands whose braced argument is typeset in text mode, where spaces are printed.
_TEXT_COMMANDS = frozenset(["\\text", "\\textrm", "\\textit", "\\textbf", "\\textsf", "\\texttt",
                            "\\textnormal", "\\mbox"])
_SCRIPTS = frozenset("^_")
_PLAIN_SCRIPT_CHARACTERS = _LETTERS | frozenset("0123456789+-*=<>|/()[]!?:;@")
_FINAL_PUNCTUATION = frozenset([".", ","])
_TEXT_SPACES = frozenset([" ", "\\ "])


def _is_control_word(piece: str) -> bool:
    return len(piece) >= 2 and piece[0] == "\\" and piece[1] in _LETTERS


class _Normalizer:
    r"""One left-to-right pass that builds the normal form as a list of pieces.

    Every rule that could be undone or completed by a later token (an ellipsis split
    by a dropped ``\,``, ``\begin{al\,ign}``, ``^{\,+}``) looks at the pieces already
    written rather than at the input, so a second pass over the output makes the same
    decisions and writes the same pieces: that is what makes the normal form a fixed
    point.  Each piece is a control sequence, one special character or a plain run.
    """

    def __init__(self) -> None:
        self.out: list[str] = []
        self.depth = 0                        # braces open in the output
        self.text_groups: list[int] = []      # depths at which a text-mode argument opened
        self.pending_space = False            # a text-mode space not yet written
        self.drop_null_delimiter = False      # just after \left and friends
        self.after_control_word = False       # the previous *input* token was a control word

    def run(self, text: str) -> str:
        for match in _TOKEN.finditer(text):
            kind, token = match.lastgroup, match.group()
            after_control_word = self.after_control_word
            self.after_control_word = kind == "word"
            if kind == "space":
                # TeX skips the spaces that end a control word; other spaces only count in text mode.
                if self.text_groups and not after_control_word:
                    self.pending_space = True
                continue
            if self.drop_null_delimiter:
                self.drop_null_delimiter = False
                if kind == "dots":
                    token = token[1:]
                    if not token:
                        continue
            if kind == "word":
                self._word(token)
            elif kind == "dots":
                self._dots(len(token))
            elif kind == "run":
                self._emit(token)
            else:                               # a control symbol or one special character
                self._single(token)
        self._strip_final_punctuation()
        return "".join(self.out)

    # --- tokens ------------------------------------------------------------------

    def _word(self, word: str) -> None:
        if word in _SIZING_WORDS:
            self.drop_null_delimiter = True
        elif word in _SPACING:
            self._space()
        else:
            self._emit(_CANONICAL_WORD.get(word, word))

    def _single(self, token: str) -> None:
        if token in _SPACING:
            self._space()
        elif token in _ALIGNMENT or token == _NEGATIVE_SPACE:
            pass
        elif token == "{":
            self._emit(token)
            self.depth += 1
            if len(self.out) >= 2 and self.out[-2] in _TEXT_COMMANDS:
                self.text_groups.append(self.depth)
        elif token == "}":
            self._emit(token)
            if self.text_groups and self.text_groups[-1] == self.depth:
                self.text_groups.pop()
            self.depth -= 1
            self._drop_plain_script_braces() or self._drop_align_environment()
        elif token == "," and self.out and self.out[-1] in _SCRIPTS and not self.pending_space:
            self._emit_braced(token)
        else:
            self._emit(token)

    def _space(self) -> None:
        if self.text_groups:
            self.pending_space = True

    def _dots(self, count: int) -> None:
        """``count`` dots; every three adjacent dots in the output make one ellipsis."""
        self._flush_space()
        if self.out and self.out[-1] in _SCRIPTS:
            self._emit_braced(".")             # `x^...` is x^{.} followed by two dots
            count -= 1
        written = 0
        while written < 2 and self.out and self.out[-1] == ".":
            self.out.pop()
            written += 1
        count += written
        self.out.extend([_ELLIPSIS] * (count // 3))
        self.out.extend(["."] * (count % 3))

    # --- output ------------------------------------------------------------------

    def _flush_space(self) -> None:
        if self.pending_space:
            self.pending_space = False
            # After a control word a plain space would only end the word, so an
            # explicit space is written as the control space.
            self.out.append("\\ " if self.out and _is_control_word(self.out[-1]) else " ")

    def _emit(self, piece: str) -> None:
        self._flush_space()
        if piece[0] in _LETTERS and self.out and _is_control_word(self.out[-1]):
            self.out.append(" ")               # keeps `\log x` apart from `\logx`
        self.out.append(piece)

    def _emit_braced(self, character: str) -> None:
        self._flush_space()
        self.out.extend(["{", character, "}"])

    def _drop_plain_script_braces(self) -> bool:
        """``^{c}`` → ``^c`` for one plain character ``c``, just written."""
        out = self.out
        if (len(out) >= 4 and out[-4] in _SCRIPTS and out[-3] == "{"
                and len(out[-2]) == 1 and out[-2] in _PLAIN_SCRIPT_CHARACTERS):
            out[-3:] = [out[-2]]
            return True
        return False

    def _drop_align_environment(self) -> bool:
        """Drop ``\\begin{align}`` and the like when their ``}`` has just been written."""
        if len(self.out) < 4 or self.out[-2][-1] not in "n*d":
            return False                       # cheap test first: `}` is frequent
        tail = ""
        for pieces, piece in enumerate(reversed(self.out), start=1):
            if len(tail) + len(piece) > _LONGEST_ENVIRONMENT:
                break
            tail = piece + tail
            if tail in _ALIGN_ENVIRONMENTS:
                # The tail starts at a piece, so it starts with the \begin or \end piece.
                del self.out[-pieces:]
                return True
        return False

    def _strip_final_punctuation(self) -> None:
        # A space left at the end of an unclosed text argument goes too: a second pass
        # would not write it, as nothing follows it.
        while self.out and (self.out[-1] in _FINAL_PUNCTUATION or self.out[-1] in _TEXT_SPACES):
            self.out.pop()
