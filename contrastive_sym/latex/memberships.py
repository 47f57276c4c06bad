r"""A membership that ends a display: ``z = f(x) \in \mathbb{R}^d``, ``p_{ij} = … \in (0, 1)``.

Papers close a definition or a step with the set its value lives in.  It is a statement
of its own about the last side, and is never dropped:

* a space, ``\mathbb{R}``, ``\mathbb{R}^{d}``, ``\mathbb{R}^{m \times n}``, the sphere
  ``\mathbb{S}^{d-1}`` (also ``\mathcal{S}``, ``S``): the side's shape must be the one
  written (a number, a vector of length d, an m × n matrix); on the sphere the side must
  also be a value declared of norm 1 (role ``unit``), else the reader refuses rather than
  take ‖·‖ = 1 on trust.  Checked when the display is read (translator.py).
* ``\{-1, 1\}`` (``\{+1, -1\}``), ``\{\pm 1\}``, ``\{0, 1\}``: the side is a value declared with that
  finite domain (``"{-1, 1}"``, ``"binary"``), else refused;
* an interval of numbers, ``[a, b]``, ``(a, b)``, ``[a, b)``, ``(a, b]``, with ``\infty``
  for an open end, and the half-lines ``\mathbb{R}_{+}``, ``\mathbb{R}_{\geq 0}``,
  ``\mathbb{R}_{>0}``: bounds on the side, checked as links (lo ≤ side ≤ hi) beside the
  chain's own;
* another letter in a font, ``\mathcal{Z}``, ``\mathcal{R}^{D}``, ``\mathbb{H}``: a space the
  notation does not declare.  After a definition (``r = \operatorname{Enc}(x) \in
  \mathcal{R}^{D_E}``) it is said and not checked; in a claim, where it would be a part of
  the statement left unchecked, and when the letter is declared, it is refused.

The parser blanks the membership (same length, so columns still point into the user's
text); the translator finds it again with :func:`trailing_membership` and says how it was
read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: what may follow the membership at the end of a display
_TAIL = (r"(?=(?:\s|[.,;]|\\\\|\\(?:nonumber|notag|quad|qquad)(?![a-zA-Z])|\\label\s*\{[^{}]*\}"
         r"|\\tag\*?\s*\{[^{}]*\}|\\end\s*\{[a-zA-Z*]+\}|\$)*$)")
_SCRIPT = r"(?:\{(?:[^{}]|\{[^{}]*\})*\}|[A-Za-z0-9+])"
_REALS = r"\\mathbb\s*\{\s*R\s*\}|\\R(?![a-zA-Z])|\\Re(?![a-zA-Z])"
_SPHERE = r"\\mathbb\s*\{\s*S\s*\}|\\mathcal\s*\{\s*S\s*\}|S"
_END = r"\s*(-\s*|\+\s*)?(?:\\infty|\\frac\s*\{\s*\d+\s*\}\s*\{\s*\d+\s*\}|\d+(?:\.\d+)?(?:\s*/\s*\d+)?)\s*"
_SPACE = (rf"(?P<reals>{_REALS})(?:\s*(?P<rscript>[_^])\s*(?P<rarg>{_SCRIPT}))?"
          rf"|(?P<sphere>{_SPHERE})\s*\^\s*(?P<sarg>{_SCRIPT})"
          r"|\\\{\s*(?P<finite>-\s*1\s*,\s*\+?\s*1|\+?\s*1\s*,\s*-\s*1|0\s*,\s*1|1\s*,\s*0|\\pm\s*1)\s*\\\}"
          rf"|(?P<open>\[|\(|\\left\s*[\[(]|\])(?P<lo>{_END}),(?P<hi>{_END})(?P<close>\]|\)|\\right\s*[\])]|\[)"
          rf"|(?P<named>\\(?:mathcal|mathbb|mathscr|mathfrak)\s*\{{\s*[A-Z]\s*\}})(?:\s*\^\s*{_SCRIPT})?")
TRAILING_MEMBERSHIP = re.compile(rf"\\in(?![a-zA-Z])\s*(?:{_SPACE})\s*{_TAIL}")


@dataclass(frozen=True)
class Membership:
    r"""The set written after the last ``\in`` of a display."""

    kind: str                  # 'space', 'sphere', 'finite', 'interval' or 'named'
    written: str               # as the display writes it, from \in on, on one line
    start: int                 # where ``\in`` starts in the text
    end: int                   # where the membership (and what may follow it) ends
    # space: the exponent's factors as written ('d'; 'm', 'n'); sphere: ('d-1',); finite: the
    # values; named: the letter with its font (\mathcal{Z})
    dims: tuple = ()
    low: str | None = None     # interval: each end as written, None for an infinite one
    high: str | None = None
    low_open: bool = False
    high_open: bool = False
    # ℝ_+ and ℝ^+: [0, ∞) to some authors, (0, ∞) to others; refused by the translator
    ambiguous: bool = False


def trailing_membership(text: str) -> Membership | None:
    """The membership that ends ``text`` after a relation of its own (``A = B \\in S`` or
    ``B \\in S``), None when it does not end so or follows ``\\forall`` (a range of its
    own: quantifiers.py)."""
    match = TRAILING_MEMBERSHIP.search(text)
    if match is None or _depth(text, match.start()) != 0 or "\\forall" in text[:match.start()]:
        return None
    written = " ".join(text[match.start():match.end()].split())
    if match.group("reals") is not None:
        return _reals(match, written)
    if match.group("finite") is not None:
        values = (0, 1) if "-" not in match.group("finite") and "pm" not in match.group("finite") else (-1, 1)
        return Membership("finite", written, match.start(), match.end(), values)
    if match.group("named") is not None:
        return Membership("named", written, match.start(), match.end(), ("".join(match.group("named").split()),))
    if match.group("sphere") is not None:
        return Membership("sphere", written, match.start(), match.end(), (_unbraced(match.group("sarg")),))
    opening, closing = match.group("open")[-1], match.group("close")[-1]
    low, high = _end(match.group("lo")), _end(match.group("hi"))
    if low == "+∞" or high == "-∞":
        return None
    return Membership("interval", written, match.start(), match.end(), (), None if low == "-∞" else low,
                      None if high == "+∞" else high, opening in "(]" or low == "-∞", closing in ")[" or high == "+∞")


def drop_trailing_membership(text: str) -> str:
    """``text`` with its trailing membership blanked (same length)."""
    found = trailing_membership(text)
    if found is None:
        return text
    return text[:found.start] + re.sub(r"[^\n]", " ", text[found.start:found.end]) + text[found.end:]


def bounded_chain(terms: list, relations: list, within, where) -> tuple[list, list]:
    r"""The chain with the bounds of a membership that ends it (``A = B \in (0, 1)``):
    ``0 < A = B < 1``.  The bounds are on the last side: an upper one ends the chain, a
    lower one starts it, which says the same only when every link is an equality."""
    if within is None:
        return terms, relations
    low, low_open, high, high_open = within
    if high is not None:
        terms, relations = terms + [high], relations + ["<" if high_open else "<="]
    if low is not None:
        if any(r != "=" for r in relations[:len(relations) - (high is not None)]):
            raise where.error("a lower bound after \\in ends a chain that is not of equalities: it bounds "
                              "the last side only; state it as a claim of its own")
        terms, relations = [low] + terms, ["<" if low_open else "<="] + relations
    return terms, relations


def _reals(match, written: str) -> Membership | None:
    script, argument = match.group("rscript"), match.group("rarg")
    if script is None:
        return Membership("space", written, match.start(), match.end())
    inner = _unbraced(argument)
    if script == "^":
        if inner == "+":
            return Membership("interval", written, match.start(), match.end(), (), "0", None, True, True, ambiguous=True)
        factors = tuple(p.strip() for p in re.split(r"\\times", inner))
        return Membership("space", written, match.start(), match.end(), factors)
    if inner == "+":
        return Membership("interval", written, match.start(), match.end(), (), "0", None, True, True, ambiguous=True)
    half = {r"\geq0": ("0", False), r"\ge0": ("0", False), ">0": ("0", True),
            r"\geq 0": ("0", False), r"\ge 0": ("0", False), "> 0": ("0", True)}.get(inner)
    if half is None:
        return None
    return Membership("interval", written, match.start(), match.end(), (), half[0], None, half[1], True)


def _end(written: str) -> str:
    text = "".join(written.split())
    if text.endswith("\\infty"):
        return "-∞" if text.startswith("-") else "+∞"
    fraction = re.fullmatch(r"([-+]?)\\frac\{(\d+)\}\{(\d+)\}", text)
    if fraction:
        return f"{fraction.group(1).lstrip('+')}{fraction.group(2)}/{fraction.group(3)}"
    return text.lstrip("+")


def _unbraced(script: str) -> str:
    script = script.strip()
    return script[1:-1].strip() if script.startswith("{") else script


def _depth(text: str, position: int) -> int:
    """How deep in braces ``position`` is."""
    depth = 0
    for char in text[:position]:
        depth += {"{": 1, "}": -1}.get(char, 0)
    return depth
