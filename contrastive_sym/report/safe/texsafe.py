r"""Making untrusted text safe for a LaTeX report.

Everything in a report comes from derivation files and from the documents they
encode, so all of it is untrusted input to TeX, a Turing-complete language that can
read and write files.  Two tools keep it in its place:

* :func:`escape` turns any string into LaTeX that typesets exactly those characters:
  every special character becomes a command, non-ASCII symbols become math commands
  or accented letters, anything else a visible ``[U+XXXX]`` marker.  No character of
  the input can reach TeX with its special meaning.

* :func:`sanitise_math` decides whether a document's own LaTeX (a claim or a proof
  step as the document writes it) may be typeset as math.  It tokenises the string
  the way TeX would and parses it against an allowlist: known harmless commands,
  balanced groups, ``\left``/``\right`` pairs, no double scripts, no alignment
  inside groups.  Accepted input is re-emitted from its tokens (arguments always
  braced), so the output is both harmless and compiles.  Anything else is refused
  with a reason; the renderer then shows the raw text escaped.

>>> escape(r"50% of {x} & $y_1$")
'50\\% of \\{x\\} \\& \\$y\\_1\\$'
>>> sanitise_math(r"\frac{1}{\tau}\sum_{k\neq i} e^{s_{i,k}}").tex
'\\frac{1}{\\tau}\\sum_{k\\neq i}e^{s_{i,k}}'
>>> sanitise_math(r"\input{/etc/passwd}").reason
'command \\input is not allowed'
"""
from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass


class TeX(str):
    """A string that is already valid, safe LaTeX.

    The template refuses to print anything else, so a value that was never escaped
    cannot reach the .tex file by accident.
    """


# --- text ------------------------------------------------------------------------

_SPECIAL = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
    "%": r"\%", "_": r"\_", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}", '"': r"\textquotedbl{}",
    "`": r"\textasciigrave{}",
}

# Characters that form ligatures with a twin in T1 fonts (-- → –, '' → ”, ,, → „):
# a following twin gets an empty group between them so each prints as itself.
_LIGATURE_TWINS = set("-',")

# Non-ASCII symbols as math (used in text through \ensuremath, and in math directly).
UNICODE_MATH = {
    "α": r"\alpha", "β": r"\beta", "γ": r"\gamma", "δ": r"\delta", "ε": r"\varepsilon",
    "ϵ": r"\epsilon", "ζ": r"\zeta", "η": r"\eta", "θ": r"\theta", "ϑ": r"\vartheta",
    "ι": r"\iota", "κ": r"\kappa", "λ": r"\lambda", "μ": r"\mu", "µ": r"\mu", "ν": r"\nu",
    "ξ": r"\xi", "π": r"\pi", "ρ": r"\rho", "σ": r"\sigma", "ς": r"\varsigma", "τ": r"\tau",
    "υ": r"\upsilon", "φ": r"\varphi", "ϕ": r"\phi", "χ": r"\chi", "ψ": r"\psi", "ω": r"\omega",
    "Γ": r"\Gamma", "Δ": r"\Delta", "Θ": r"\Theta", "Λ": r"\Lambda", "Ξ": r"\Xi", "Π": r"\Pi",
    "Σ": r"\Sigma", "Υ": r"\Upsilon", "Φ": r"\Phi", "Ψ": r"\Psi", "Ω": r"\Omega",
    "≤": r"\leq", "≥": r"\geq", "≠": r"\neq", "≈": r"\approx", "≡": r"\equiv", "∼": r"\sim",
    "≃": r"\simeq", "∝": r"\propto", "≪": r"\ll", "≫": r"\gg", "∞": r"\infty",
    "→": r"\to", "←": r"\leftarrow", "↔": r"\leftrightarrow", "⇒": r"\Rightarrow",
    "⇐": r"\Leftarrow", "⇔": r"\Leftrightarrow", "↦": r"\mapsto", "∇": r"\nabla",
    "∂": r"\partial", "⊕": r"\oplus", "⊗": r"\otimes", "±": r"\pm", "∓": r"\mp",
    "×": r"\times", "·": r"\cdot", "⋅": r"\cdot", "∘": r"\circ", "∗": r"\ast", "÷": r"\div",
    "∈": r"\in", "∉": r"\notin", "∋": r"\ni", "⊂": r"\subset", "⊆": r"\subseteq",
    "⊃": r"\supset", "⊇": r"\supseteq", "∪": r"\cup", "∩": r"\cap", "∖": r"\setminus",
    "∅": r"\emptyset", "∀": r"\forall", "∃": r"\exists", "¬": r"\neg", "∧": r"\wedge",
    "∨": r"\vee", "∑": r"\sum", "∏": r"\prod", "∫": r"\int", "√": r"\surd", "ℓ": r"\ell",
    "′": r"\prime", "⟨": r"\langle", "⟩": r"\rangle", "‖": r"\|", "∣": r"\mid", "⊤": r"\top",
    "⊥": r"\perp", "⋯": r"\cdots", "−": "-", "°": r"^{\circ}",
    "ℝ": r"\mathbb{R}", "ℕ": r"\mathbb{N}", "ℤ": r"\mathbb{Z}", "ℚ": r"\mathbb{Q}",
    "ℂ": r"\mathbb{C}", "𝔼": r"\mathbb{E}",
    "⁺": "^{+}", "⁻": "^{-}", "⁰": "^{0}", "¹": "^{1}", "²": "^{2}", "³": "^{3}", "⁴": "^{4}",
    "⁵": "^{5}", "⁶": "^{6}", "⁷": "^{7}", "⁸": "^{8}", "⁹": "^{9}", "ⁿ": "^{n}",
    "₀": "_{0}", "₁": "_{1}", "₂": "_{2}", "₃": "_{3}", "₄": "_{4}", "₅": "_{5}", "₆": "_{6}",
    "₇": "_{7}", "₈": "_{8}", "₉": "_{9}", "ₖ": "_{k}", "ᵢ": "_{i}",
}

_UNICODE_TEXT = {
    "…": r"\ldots{}", "–": r"\textendash{}", "—": r"\textemdash{}", "‘": r"\textquoteleft{}",
    "’": r"\textquoteright{}", "“": r"\textquotedblleft{}", "”": r"\textquotedblright{}",
    "«": r"\guillemotleft{}", "»": r"\guillemotright{}", "§": r"\S{}", "¶": r"\P{}",
    "©": r"\copyright{}", "•": r"\textbullet{}", "†": r"\dag{}", "‡": r"\ddag{}",
    "ß": r"\ss{}", "æ": r"\ae{}", "Æ": r"\AE{}", "œ": r"\oe{}", "Œ": r"\OE{}", "ø": r"\o{}",
    "Ø": r"\O{}", "ł": r"\l{}", "Ł": r"\L{}", "ı": r"\i{}", "\u00a0": "~",
}

# Combining marks (after Unicode decomposition) as LaTeX text accents: é → \'{e}.
_ACCENTS = {
    "\u0301": "\\'", "\u0300": "\\`", "\u0302": "\\^", "\u0303": "\\~", "\u0308": '\\"',
    "\u0304": "\\=", "\u0307": "\\.", "\u0306": "\\u", "\u030c": "\\v", "\u030a": "\\r",
    "\u030b": "\\H", "\u0327": "\\c", "\u0328": "\\k",
}

_BREAK_AFTER = set("/,=+;")
_BREAK_EVERY = 12


def _accented(char: str) -> str | None:
    """é → \\'{e}: a Latin letter with accents LaTeX can draw, or None."""
    base, *marks = unicodedata.normalize("NFD", char)
    if not (base.isascii() and base.isalpha()) or not marks or any(m not in _ACCENTS for m in marks):
        return None
    text = base
    for mark in marks:
        text = f"{_ACCENTS[mark]}{{{text}}}"
    return text


def _char(char: str) -> str:
    if char in _SPECIAL:
        return _SPECIAL[char]
    if char.isascii():
        return char if char.isprintable() else ""
    if char in _UNICODE_TEXT:
        return _UNICODE_TEXT[char]
    if char in UNICODE_MATH:
        # The character itself goes to PDF bookmarks; hyperref writes it as UTF-16 there.
        return rf"\texorpdfstring{{\ensuremath{{{UNICODE_MATH[char]}}}}}{{{char}}}"
    category = unicodedata.category(char)
    if category.startswith("Z"):
        return " "
    if category.startswith(("C", "M")):  # controls, formats, lone combining marks: nothing to show
        return ""
    accented = _accented(char)
    if accented:
        return accented
    # Any other character would stop pdflatex ("not set up for use with LaTeX"): name it.
    return rf"\cvunicode{{{ord(char):04X}}}"


DEFAULT_LIMIT = 5000     # characters of input kept by escape() unless told otherwise
_SOURCE_LINE = 1000      # escape() output is cut into source lines of about this length


def escape(text, *, limit: int | None = DEFAULT_LIMIT, breakable: bool = False) -> TeX:
    r"""``text`` as LaTeX that prints exactly its characters.

    Whitespace runs (newlines included) become one space, so no blank line can end
    a paragraph inside a table cell.  ``limit`` keeps the first ``limit``
    characters and says how many were left out.  ``breakable`` adds line-break
    opportunities inside long unbroken runs (50-digit numbers in narrow columns).

    Long output is cut into source lines by ``%`` + newline (a TeX comment: it
    typesets nothing), because pdflatex stops on a source line over 200,000 bytes.

    >>> escape("τ ≤ 1")
    '\\texorpdfstring{\\ensuremath{\\tau}}{τ} \\texorpdfstring{\\ensuremath{\\leq}}{≤} 1'
    >>> escape("a^^5cinput")
    'a\\textasciicircum{}\\textasciicircum{}5cinput'
    """
    text = " ".join(str(text).split())
    omitted = 0
    if limit is not None and len(text) > limit:
        omitted = len(text) - limit
        text = text[:limit]
    parts: list[str] = []
    run = line = 0
    for i, char in enumerate(text):
        following = text[i + 1] if i + 1 < len(text) else ""
        piece = _char(char)
        if char in _LIGATURE_TWINS and following == char:
            piece += "{}"
        run = 0 if char == " " else run + 1
        if breakable and run and (char in _BREAK_AFTER or run % _BREAK_EVERY == 0):
            piece += r"\allowbreak{}"
        line += len(piece)
        # Not before a space: TeX drops the spaces that start a source line.
        if line > _SOURCE_LINE and following not in (" ", ""):
            piece += "%\n"
            line = 0
        parts.append(piece)
    if omitted:
        parts.append(rf" \cvomitted{{{omitted}}}")
    return TeX("".join(parts))


# --- math ------------------------------------------------------------------------

MAX_MATH_LENGTH = 6000   # characters of source; the longest real statement has about 2,000
MAX_MATH_DEPTH = 40      # nesting of groups; TeX's own limit is 255
MAX_ROW_LENGTH = 1500    # characters of TeX in one row: wider would shrink past reading
                         # (and past what graphicx can scale); real rows reach about 500
MAX_ROWS = 200           # rows of one display

_GREEK = (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi "
    "pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega "
    "Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega").split()

_RELATIONS = (
    "leq le geq ge neq ne approx equiv sim simeq cong propto ll gg in notin ni subset subseteq "
    "supset supseteq to rightarrow leftarrow gets leftrightarrow Rightarrow Leftarrow "
    "Leftrightarrow implies impliedby iff mapsto longrightarrow mid parallel perp rarr").split()

_SYMBOLS = (
    "cdot times div pm mp oplus otimes odot circ ast star bullet setminus cup cap wedge vee "
    "land lor neg lnot bmod forall exists nexists emptyset varnothing infty nabla partial prime "
    "ell hbar Re Im aleph top bot dots ldots cdots vdots ddots colon "
    "sum prod coprod int iint oint bigcup bigcap bigoplus bigotimes bigvee bigwedge "
    "log ln exp max min lim sup inf sin cos tan sinh cosh tanh arg det dim ker deg gcd Pr "
    "liminf limsup arcsin arccos arctan quad qquad "
    "langle rangle lvert rvert lVert rVert vert Vert lbrace rbrace lfloor rfloor lceil rceil").split()

# Commands that take no argument and are harmless in math mode.
MATH_SYMBOLS = frozenset("\\" + name for name in _GREEK + _RELATIONS + _SYMBOLS) | {
    r"\{", r"\}", r"\|", r"\,", r"\;", r"\:", r"\!", "\\ ", r"\_", r"\%", r"\&", r"\#", r"\$"}

# Where a long statement may be broken into rows: relations outside every group.
BREAK_RELATIONS = frozenset({"=", "<", ">", r"\leq", r"\le", r"\geq", r"\ge", r"\neq", r"\ne",
                             r"\approx", r"\equiv", r"\sim", r"\simeq"})

DELIMITERS = frozenset({"(", ")", "[", "]", "|", "/", ".", r"\{", r"\}", r"\|", r"\langle",
                        r"\rangle", r"\lvert", r"\rvert", r"\lVert", r"\rVert", r"\vert",
                        r"\Vert", r"\lbrace", r"\rbrace", r"\lfloor", r"\rfloor", r"\lceil",
                        r"\rceil"})

_SIZES = frozenset("\\" + s + v for s in ("big", "Big", "bigg", "Bigg") for v in ("", "l", "r", "m"))

ONE_ARGUMENT = frozenset({r"\mathrm", r"\mathbf", r"\mathit", r"\mathsf", r"\mathtt",
                          r"\boldsymbol", r"\tilde", r"\hat", r"\bar", r"\vec", r"\dot", r"\ddot",
                          r"\check", r"\breve", r"\widehat", r"\widetilde", r"\overline",
                          r"\underline", r"\underbrace", r"\overbrace", r"\pmod"})
TWO_ARGUMENTS = frozenset({r"\frac", r"\dfrac", r"\tfrac", r"\binom", r"\dbinom", r"\tbinom",
                           r"\overset", r"\underset", r"\stackrel"})
# Font commands whose argument must be plain letters (\mathcal{\sum} draws garbage).
LETTER_ARGUMENT = frozenset({r"\mathbb", r"\mathcal", r"\mathfrak", r"\operatorname"})
TEXT_ARGUMENT = frozenset({r"\text", r"\textrm", r"\textit", r"\textbf", r"\textsf", r"\texttt",
                           r"\mbox"})

# Display environments that become rows of the report's own aligned display.
FLATTENED_ENVIRONMENTS = frozenset({"align", "align*", "aligned", "equation", "equation*",
                                    "gather", "gather*", "gathered", "split", "multline",
                                    "multline*"})
KEPT_ENVIRONMENTS = frozenset({"cases", "matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix",
                               "Vmatrix", "smallmatrix"})

_LETTERS = frozenset(string.ascii_letters)
MATH_CHARACTERS = frozenset(string.ascii_letters + string.digits + "+-=<>()[]|/.,;:!?*")
SCRIPT_CHARACTERS = frozenset(string.ascii_letters + string.digits + "+-*=<>()[]|/.,;:!?")
TEXT_CHARACTERS = frozenset(string.ascii_letters + string.digits + " .,;:!?()[]-+=/'*<>|")
TEXT_COMMANDS = frozenset({r"\_", r"\,", "\\ ", r"\{", r"\}", r"\%", r"\&", r"\#", r"\$",
                           r"\ldots", r"\dots"})
_END = None  # the end of the input, as a terminator


class _Refused(Exception):
    """Raised inside the parser; its message becomes :attr:`SafeMath.reason`."""


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


def _tokens(source: str) -> list[str]:
    """TeX's view of ``source``: control sequences, single characters, one space per run.

    Refuses the characters that are special to TeX's input reader itself, before any
    command could be seen: ``%`` (comment), ``^^`` (TeX's escape for arbitrary
    characters: ``^^5cinput`` reads as ``\\input``), ``#``, ``$``, ``~``, controls.
    """
    tokens: list[str] = []
    i, n = 0, len(source)
    while i < n:
        char = source[i]
        if char == "\\":
            if i + 1 >= n:
                raise _Refused("a lone backslash at the end")
            j = i + 1
            if source[j] in _LETTERS:
                while j < n and source[j] in _LETTERS:
                    j += 1
                tokens.append(source[i:j])
                while j < n and source[j] in " \t\n\r":  # TeX skips spaces after a word
                    j += 1
                i = j
                continue
            if not source[j].isascii() or not (source[j].isprintable() or source[j] in " \t\n\r"):
                raise _Refused(f"control symbol \\{source[j]!r} is not allowed")
            tokens.append("\\ " if source[j] in " \t\n\r" else source[i:j + 1])
            i = j + 1
            continue
        if char in " \t\n\r":
            while i < n and source[i] in " \t\n\r":
                i += 1
            tokens.append(" ")
            continue
        if char == "^" and i + 1 < n and source[i + 1] == "^":
            raise _Refused("TeX's ^^ character notation is not allowed")
        if char == "%":
            raise _Refused("% (a TeX comment) is not allowed")
        if char in "{}^_&'" or char in MATH_CHARACTERS:
            tokens.append(char)
            i += 1
            continue
        if not char.isascii():
            raise _Refused(f"character {char!r} (U+{ord(char):04X}) is not allowed")
        raise _Refused(f"character {char!r} is not allowed")
    return tokens


_ENDS_IN_WORD = re.compile(r"\\[A-Za-z]+$")


def _join(pieces: list[str]) -> str:
    r"""Concatenate emitted pieces, with a space where a letter follows a control word
    (``\tau`` then ``x`` must not become ``\taux``)."""
    text = ""
    for piece in pieces:
        if piece and piece[0] in _LETTERS and _ENDS_IN_WORD.search(text):
            text += " "
        text += piece
    return text


def _map_unicode(source: str) -> str:
    """τ → \\tau and friends, so symbols typed as Unicode can be typeset too."""
    if source.isascii():
        return source
    return "".join(UNICODE_MATH[c] + (" " if UNICODE_MATH[c][-1].isalpha() else "")
                   if c in UNICODE_MATH else c for c in source)


class _MathParser:
    r"""A recursive-descent parser over TeX tokens that re-emits what it accepts.

    Each ``_sequence`` call reads one list of atoms up to a terminator, tracking the
    scripts of the current atom (TeX stops on ``x^a^b``) and where ``&`` and
    ``\\`` may appear (only directly in the display or in an environment body:
    inside a group or a ``\left…\right`` pair they stop TeX too).
    """

    def __init__(self, tokens: list[str]):
        self.tokens = tokens
        self.pos = 0
        self.out: list[str] = []
        self.depth = 0
        self.rows = 1
        self.aligned = False
        self.breaks: list[int] = []   # positions in out of top-level relations

    # -- reading ------------------------------------------------------------------
    def _peek(self) -> str | None:
        while self.pos < len(self.tokens) and self.tokens[self.pos] == " ":
            self.pos += 1
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def _take(self) -> str | None:
        token = self._peek()
        if token is not None:
            self.pos += 1
        return token

    def _emit(self, text: str) -> None:
        self.out.append(text)

    def _enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_MATH_DEPTH:
            raise _Refused(f"nested deeper than {MAX_MATH_DEPTH} groups")

    # -- grammar ------------------------------------------------------------------
    def parse(self) -> None:
        self._sequence(terminators={_END}, align=True, top=True)

    def _sequence(self, terminators: set, align: bool, top: bool = False):
        """Atoms up to one of ``terminators`` (consumed and returned)."""
        sup = sub = False
        while True:
            token = self._take()
            if token in terminators:
                return token
            if token is None:
                raise _Refused("unbalanced: the input ends inside a group")
            if token in ("^", "_"):
                if token == "^" and sup:
                    raise _Refused("double superscript")
                if token == "_" and sub:
                    raise _Refused("double subscript")
                sup, sub = sup or token == "^", sub or token == "_"
                self._emit(token)
                self._script_argument()
                continue
            if token == "'":
                if sup:
                    raise _Refused("a prime after a superscript")
                self._emit(token)
                continue
            sup = sub = False
            if token in ("&", "\\\\"):
                if not align:
                    raise _Refused(f"{token} inside a group or a \\left…\\right pair")
                if token == "&":
                    self.aligned = True
                    self._emit("&")
                else:
                    self.rows += 1
                    self._emit("\\\\{}")  # {} so a following [ is not read as \\[dimen]
                continue
            if top and (token in BREAK_RELATIONS):
                self.breaks.append(len(self.out))
            self._atom(token, top)

    def _atom(self, token: str, top: bool) -> None:
        if token == "{":
            self._group()
        elif token == "}":
            raise _Refused("unbalanced: } without {")
        elif token == "\\end":
            raise _Refused("\\end without \\begin")
        elif len(token) == 1:
            if token not in MATH_CHARACTERS:
                raise _Refused(f"character {token!r} is not allowed here")
            self._emit(token)
        elif token in MATH_SYMBOLS:
            self._emit(token)
        elif token == r"\left":
            self._left_right()
        elif token in (r"\right", r"\middle"):
            raise _Refused(f"{token} without \\left")
        elif token in _SIZES:
            self._emit(token)
            self._delimiter(token)
        elif token in ONE_ARGUMENT:
            self._emit(token)
            self._argument(token)
        elif token in TWO_ARGUMENTS:
            self._emit(token)
            self._argument(token)
            self._argument(token)
        elif token == r"\sqrt":
            self._emit(token)
            if self._peek() == "[":
                self._take()
                # Braced, so a ] inside (say \right]) cannot end TeX's optional argument early.
                self._emit("[{")
                self._enter()
                self._sequence({"]"}, align=False)
                self.depth -= 1
                self._emit("}]")
            self._argument(token)
        elif token in LETTER_ARGUMENT:
            self._emit(token)
            self._letters(token)
        elif token in TEXT_ARGUMENT:
            self._emit(token)
            self._text(token)
        elif token == r"\begin":
            self._environment(top)
        else:
            raise _Refused(f"command {token} is not allowed")

    def _group(self) -> None:
        self._enter()
        self._emit("{")
        self._sequence({"}"}, align=False)
        self._emit("}")
        self.depth -= 1

    def _script_argument(self) -> None:
        token = self._take()
        if token == "{":
            self._group()
        elif token is not None and (token in SCRIPT_CHARACTERS or token in MATH_SYMBOLS):
            self._emit("{")
            self._emit(token)
            self._emit("}")
        else:
            raise _Refused("a superscript or subscript without a simple argument")

    def _argument(self, command: str) -> None:
        token = self._take()
        if token == "{":
            self._group()
        elif token is not None and (token in MATH_CHARACTERS or token in MATH_SYMBOLS):
            self._emit("{")
            self._emit(token)
            self._emit("}")
        else:
            raise _Refused(f"{command} without a simple argument")

    def _delimiter(self, command: str) -> None:
        token = self._take()
        if token not in DELIMITERS:
            raise _Refused(f"{command} must be followed by a delimiter, not {token!r}")
        self._emit(token)

    def _left_right(self) -> None:
        self._emit(r"\left")
        self._delimiter(r"\left")
        self._enter()
        while True:
            end = self._sequence({r"\right", r"\middle", _END}, align=False)
            if end is _END:
                raise _Refused("\\left without \\right")
            self._emit(end)
            self._delimiter(end)
            if end == r"\right":
                break
        self.depth -= 1

    def _letters(self, command: str) -> None:
        token = self._take()
        if token is not None and token in _LETTERS:
            self._emit("{" + token + "}")
            return
        if token != "{":
            raise _Refused(f"{command} needs letters in braces")
        text = []
        while (token := self.tokens[self.pos] if self.pos < len(self.tokens) else None) != "}":
            allowed = token is not None and (token in _LETTERS or token in string.digits or token == " "
                                             or (command == r"\operatorname" and token in ("-", r"\,")))
            if not allowed:
                raise _Refused(f"{command}{{…}} may hold only letters and digits")
            text.append(token)
            self.pos += 1
        self.pos += 1
        self._emit("{" + "".join(text) + "}")

    def _text(self, command: str) -> None:
        """The argument of \\text: text mode, where ^ _ & $ would stop TeX or switch mode."""
        if self._take() != "{":
            raise _Refused(f"{command} needs its text in braces")
        parts, depth = ["{"], 1
        while depth:
            token = self.tokens[self.pos] if self.pos < len(self.tokens) else None
            self.pos += 1
            if token is None:
                raise _Refused(f"unbalanced: the input ends inside {command}{{…}}")
            if token == "{":
                depth += 1
                if self.depth + depth > MAX_MATH_DEPTH:
                    raise _Refused(f"nested deeper than {MAX_MATH_DEPTH} groups")
            elif token == "}":
                depth -= 1
            elif token in TEXT_COMMANDS:
                token = token + "{}" if token[-1] in _LETTERS else token
            elif token not in TEXT_CHARACTERS:
                raise _Refused(f"{token!r} is not allowed inside {command}{{…}}")
            parts.append(token)
        self._emit("".join(parts))

    def _environment_name(self, command: str) -> str:
        if self._take() != "{":
            raise _Refused(f"{command} needs an environment name in braces")
        name = []
        while (token := self._take()) != "}":
            if token is None or not (token in _LETTERS or token == "*"):
                raise _Refused(f"a malformed environment name after {command}")
            name.append(token)
        return "".join(name)

    def _environment(self, top: bool) -> None:
        name = self._environment_name(r"\begin")
        if name not in FLATTENED_ENVIRONMENTS and name not in KEPT_ENVIRONMENTS:
            raise _Refused(f"environment {name} is not allowed")
        flatten = name in FLATTENED_ENVIRONMENTS and top and self.depth == 0
        shown = name if name in KEPT_ENVIRONMENTS else ("gathered" if name.startswith("gather") else "aligned")
        if not flatten:
            # \relax: a body starting with [ must not be read as aligned's [t]/[b] argument.
            self._emit(rf"\begin{{{shown}}}\relax ")
        self._enter()
        end = self._sequence({r"\end", _END}, align=True, top=flatten)
        if end is _END:
            raise _Refused(f"\\begin{{{name}}} without \\end{{{name}}}")
        closing = self._environment_name(r"\end")
        if closing != name:
            raise _Refused(f"\\begin{{{name}}} ended by \\end{{{closing}}}")
        self.depth -= 1
        if not flatten:
            self._emit(rf"\end{{{shown}}}")


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
        parser = _MathParser(_tokens(_map_unicode(source)))
        parser.parse()
    except _Refused as refusal:
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
