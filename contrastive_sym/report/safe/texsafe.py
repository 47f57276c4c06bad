r"""Making untrusted text safe for a LaTeX report: :func:`escape` and :class:`TeX`.

Everything in a report comes from derivation files and from the documents they
encode, so all of it is untrusted input to TeX, a Turing-complete language that can
read and write files.  :func:`escape` turns any string into LaTeX that typesets
exactly those characters: every special character becomes a command, non-ASCII
symbols become math commands or accented letters, anything else a visible
``[U+XXXX]`` marker.  No character of the input can reach TeX with its special
meaning.  A document's own formulas go through :func:`.texmath.sanitise_math`.

>>> escape(r"50% of {x} & $y_1$")
'50\\% of \\{x\\} \\& \\$y\\_1\\$'
"""
from __future__ import annotations

import unicodedata


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
