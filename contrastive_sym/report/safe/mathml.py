"""LaTeX fragments of the documents → sanitised MathML, offline (latex2mathml).

The fragments come from Markdown-ish documents: lines of ``align`` blocks (``&=``,
``\\\\``), shorthands latex2mathml does not know (``\\rarr``), ``\\text{stop\\_grad}``.
Three stages, each a function:

1. :func:`candidates` rewrites a fragment into TeX latex2mathml reads: aliases,
   text-mode escapes, and alignment (an aligned block becomes one ``split``; a lone
   line of one drops its ``&``).
2. latex2mathml converts it.
3. :func:`sanitise` parses the result as XML and rebuilds it from an allowlist of
   MathML elements and attributes.  latex2mathml copies ``\\text{…}`` and some
   arguments into its output unescaped, so its output is untrusted markup: a
   ``\\text{</math><script>…}`` would otherwise break out of the formula.

A fragment that fails anywhere is returned with ``mathml=None`` and the reason, and
the report shows its TeX as escaped text marked "not rendered": never raw TeX as if
it were math, never a crash.

>>> to_mathml(r"x \\rarr 0").mathml
'<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline"><mrow><mi>x</mi><mo>→</mo><mn>0</mn></mrow></math>'
>>> to_mathml(r"\\input{/etc/passwd}").problem
'unknown command \\\\input'
"""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from latex2mathml.converter import convert

MATHML_NS = "http://www.w3.org/1998/Math/MathML"

# Longer fragments are not converted: latex2mathml needs ~2 s for 100 kB, and no
# formula a reader can take in is that long.  The longest bundled one (a SymPy
# form of a proof's conclusion) has about 4,000 characters.
MAX_TEX = 20_000

# MathML elements latex2mathml emits, plus the rest of MathML Core's layout and
# table elements.  Deliberately absent: semantics/annotation-xml (an HTML
# integration point), maction, mglyph, malignmark (HTML parser special cases).
ELEMENTS = frozenset("""
    math mrow mi mn mo ms mtext mspace msub msup msubsup munder mover munderover
    mfrac msqrt mroot mstyle mpadded mphantom merror menclose mtable mtr mtd
    mlabeledtr mmultiscripts mprescripts none
""".split())

# Presentation attributes only: nothing that links (href), scripts (on*), styles
# (style, class, id) or names another namespace.
ATTRIBUTES = frozenset("""
    display displaystyle mathvariant mathsize mathcolor mathbackground stretchy fence
    form separator largeop movablelimits symmetric accent accentunder lspace rspace
    minsize maxsize linethickness scriptlevel columnalign rowalign columnspacing
    rowspacing columnlines rowlines frame framespacing equalrows equalcolumns width
    height depth voffset notation linebreak columnspan rowspan align dir
""".split())

# Lengths, keywords, colours: no quotes, colons, parentheses or angle brackets,
# so no url(…), javascript: or markup can ride in an attribute value.
_SAFE_VALUE = re.compile(r"[A-Za-z0-9 .#%+\-]{0,64}")

# Shorthands the documents use (from MathJax/KaTeX) that latex2mathml lacks.
ALIASES = {
    "rarr": r"\rightarrow", "larr": r"\leftarrow", "harr": r"\leftrightarrow",
    "lrarr": r"\leftrightarrow", "rArr": r"\Rightarrow", "lArr": r"\Leftarrow",
    "hArr": r"\Leftrightarrow", "Rarr": r"\Rightarrow", "Larr": r"\Leftarrow",
    "uarr": r"\uparrow", "darr": r"\downarrow", "arg": r"\operatorname{arg}",
    "nonumber": "", "notag": "", "nolimits": "",
}
_ALIAS = re.compile(r"\\(" + "|".join(sorted(ALIASES, key=len, reverse=True)) + r")(?![A-Za-z])")
_DROPPED = re.compile(r"\\(?:label|vspace\*?)\{[^{}]*\}")

# Environments whose rows are the document's alignment, not a matrix: their
# delimiters are removed and their rows re-assembled into one ``split``.
_ALIGNMENT = re.compile(r"\\(?:begin|end)\{(?:align|aligned|alignat|alignedat|eqnarray|gather|gathered|"
                        r"multline|split|flalign|equation)\*?\}(?:\{\d+\})?")
# latex2mathml sets the subscript of \lim, \max, … beside the operator even in a
# displayed formula; TeX sets it below.
_OPERATOR_LIMITS = re.compile(r"\\(lim|liminf|limsup|max|min|sup|inf|det|Pr|gcd)\s*_")
_TOKEN = re.compile(r"\\(?:begin|end)\{[^{}]*\}|\\[A-Za-z]+|\\.|.", re.DOTALL)

# Text-mode arguments are copied verbatim by latex2mathml: their markup-significant
# characters travel as private-use code points and are put back after sanitising,
# so the serialiser escapes them like any other text.
_TEXT_COMMAND = re.compile(r"\\(?:text|textrm|textit|textbf|textsf|texttt|textnormal|mbox|hbox)\s*\{")
_VERB = re.compile(r"\\verb\*?([^A-Za-z\s*])(.*?)\1", re.DOTALL)
_PROTECT = {"&": "\ue000", "<": "\ue001", ">": "\ue002", "{": "\ue003", "}": "\ue004"}
_RESTORE = str.maketrans({v: k for k, v in _PROTECT.items()})
_PRIVATE = re.compile("[\ue000-\ue004]")
_TEXT_ESCAPES = {r"\_": "_", r"\%": "%", r"\#": "#", r"\$": "$", r"\ ": " ", "~": "\u00a0",
                 r"\&": _PROTECT["&"], r"\{": _PROTECT["{"], r"\}": _PROTECT["}"]}
_TEXT_ESCAPE = re.compile("|".join(re.escape(k) for k in _TEXT_ESCAPES))

_UNKNOWN_COMMAND = re.compile(r"\\[A-Za-z]+|\\.?")


@dataclass(frozen=True)
class Math:
    """One fragment: its TeX, and its sanitised MathML or why there is none."""

    tex: str
    mathml: str | None
    problem: str = ""

    @property
    def rendered(self) -> bool:
        return self.mathml is not None


class _Unsafe(ValueError):
    """latex2mathml's output is not MathML made only of allowed parts."""


def to_mathml(tex: str, display: bool = False) -> Math:
    """Convert one fragment; never raises (a failure is a :class:`Math` with a problem)."""
    if not tex.strip():
        return Math(tex, None, "no formula")
    if len(tex) > MAX_TEX:
        return Math(tex, None, f"too long to render ({len(tex):,} characters; the limit is {MAX_TEX:,})")
    problem = ""
    for candidate in candidates(tex, display):
        try:
            return Math(tex, sanitise(convert(candidate, display="block" if display else "inline")))
        except RecursionError:
            problem = "nested too deeply"
        except _Unsafe as exc:
            problem = str(exc)
        except Exception as exc:  # latex2mathml's own errors say little: name the kind
            problem = _describe(exc)
    return Math(tex, None, problem)


def _describe(exc: Exception) -> str:
    name = type(exc).__name__
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", name.removesuffix("Error")).lower()
    return f"latex2mathml could not read it ({words})" if words else "latex2mathml could not read it"


# -- 1. preprocessing ---------------------------------------------------------

def candidates(tex: str, display: bool = False) -> list[str]:
    """TeX for latex2mathml, best first: rows kept as an aligned block, then one line.

    >>> candidates(r"a &= b \\\\ &= c")
    ['\\\\begin{split}a &= b \\\\\\\\ &= c\\\\end{split}', 'a = b = c']
    >>> candidates(r"&= -\\log t")
    ['= -\\\\log t']
    """
    text = _ALIAS.sub(lambda m: ALIASES[m.group(1)], _protect_text(_PRIVATE.sub("", tex)))
    text = _DROPPED.sub("", text)
    if display:
        text = _OPERATOR_LIMITS.sub(lambda m: rf"\{m.group(1)}\limits_", text)
    text = _ALIGNMENT.sub(" ", text)
    rows = [r for r in _top_level_rows(text) if r.strip()]
    flat = " ".join(" ".join(_drop_alignment_marks(r) for r in rows).split())
    if len(rows) <= 1:
        return [flat]
    if not any("&" in _top_level(r) for r in rows):
        rows = ["&" + r for r in rows]  # no alignment points: a left-aligned column
    block = r"\begin{split}" + r" \\ ".join(r.strip() for r in rows) + r"\end{split}"
    return [block, flat]


def _protect_text(tex: str) -> str:
    """Make text-mode arguments safe for latex2mathml's verbatim copy (see _PROTECT)."""
    tex = _VERB.sub(lambda m: r"\texttt{" + _escape_text(m.group(2), verbatim=True) + "}", tex)
    out, pos = [], 0
    for match in _TEXT_COMMAND.finditer(tex):
        if match.start() < pos:
            continue  # inside an argument already handled
        end = _closing_brace(tex, match.end())
        if end is None:
            break  # unbalanced: leave it to latex2mathml to reject
        out += [tex[pos:match.end()], _escape_text(tex[match.end():end]), "}"]
        pos = end + 1
    out.append(tex[pos:])
    return "".join(out)


def _closing_brace(tex: str, start: int) -> int | None:
    depth, i = 1, start
    while i < len(tex):
        char = tex[i]
        if char == "\\":
            i += 2
            continue
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0:
            return i
        i += 1
    return None


def _escape_text(body: str, verbatim: bool = False) -> str:
    if not verbatim:
        body = _TEXT_ESCAPE.sub(lambda m: _TEXT_ESCAPES[m.group(0)], body)
    return "".join(_PROTECT.get(c, c) for c in body)


def _tokens(tex: str):
    """(token, depth of non-alignment environments, brace depth) for each token."""
    env = braces = 0
    for match in _TOKEN.finditer(tex):
        token = match.group(0)
        if token.startswith((r"\begin{", r"\end{")):
            env += 1 if token.startswith(r"\begin") else -1
        elif token == "{":
            braces += 1
        elif token == "}":
            braces -= 1
        yield token, env, braces


def _top_level_rows(tex: str) -> list[str]:
    """Split at ``\\\\`` outside matrices, cases and braces (``\\substack{a\\\\b}`` stays)."""
    rows, current = [], []
    for token, env, braces in _tokens(tex):
        if token == "\\\\" and env == 0 and braces == 0:
            rows.append("".join(current))
            current = []
        else:
            current.append(token)
    rows.append("".join(current))
    return rows


def _top_level(row: str) -> str:
    """The row's tokens that are outside matrices and cases."""
    return "".join(token for token, env, _ in _tokens(row) if env == 0)


def _drop_alignment_marks(row: str) -> str:
    """A line of an aligned block, without its ``&``: alignment means nothing on one line."""
    return "".join(" " if token == "&" and env == 0 else token for token, env, _ in _tokens(row))


# -- 3. sanitising ------------------------------------------------------------

def sanitise(markup: str) -> str:
    """Rebuild latex2mathml's output from allowed elements and attributes only.

    Raises :class:`_Unsafe` for anything else: markup that is not well-formed XML,
    a foreign or unknown element, or a leftover TeX command (latex2mathml writes a
    command it does not know as ``<mi>\\cmd</mi>``, which is raw TeX, not math).
    """
    if "<!" in markup or "<?" in markup:
        raise _Unsafe("the converted formula contains XML declarations")
    try:
        root = ET.fromstring(markup)
    except ET.ParseError:
        raise _Unsafe("latex2mathml produced malformed markup") from None
    if root.tag != f"{{{MATHML_NS}}}math":
        raise _Unsafe("the converted formula is not a <math> element")
    out: list[str] = []
    _serialise(root, out, top=True)
    return "".join(out)


def _serialise(element: ET.Element, out: list[str], top: bool = False) -> None:
    namespace, _, name = element.tag[1:].partition("}")
    if namespace != MATHML_NS or name not in ELEMENTS or (name == "math") != top:
        raise _Unsafe(f"element <{_short(name or element.tag)}> is not allowed in a formula")
    attributes = "".join(f' {key}="{html.escape(value, quote=True)}"'
                         for key, value in sorted(element.attrib.items())
                         if key in ATTRIBUTES and _SAFE_VALUE.fullmatch(value))
    if top:
        attributes = f' xmlns="{MATHML_NS}"' + attributes
    out.append(f"<{name}{attributes}>")
    out.append(_text(element.text))
    for child in element:
        _serialise(child, out)
        out.append(_text(child.tail))
    out.append(f"</{name}>")


def _text(text: str | None) -> str:
    if not text:
        return ""
    command = _UNKNOWN_COMMAND.search(text)
    if command:
        raise _Unsafe(f"unknown command {_short(command.group(0))}")
    return html.escape(text.translate(_RESTORE), quote=False)


def _short(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
