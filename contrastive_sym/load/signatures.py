r"""A map's signature in a display of its own: ``f : \mathcal{X} \to \mathbb{R}^d``,
``g_\mathrm{enc} : x_t \mapsto z_t``, or both on two rows (``e_k(\cdot; \theta_k) :
\mathcal{X}_k \longrightarrow \mathbb{R}^d \\ x \longmapsto e_k(x; \theta_k)``).

A signature states no relation to check: it says what a function takes and gives.  The
display is read, not checked, and says so; it still has to agree with the notation: the
name must be declared (a [[function]], a [[family]], a definition), and a codomain
``\mathbb{R}^k`` written with a declared size or a number must be the shape the declaration
gives (ℝ for a function of numbers, ℝ^d for one with shape ['d']).  A disagreement is an
error naming it; anything this module does not recognise is left to the statement reader,
which refuses it with its own message.
"""
from __future__ import annotations

import re

import sympy as sp

from ..latex.definitions import _depth
from ..latex.expand import expand_macros
from ..latex.parser import Where, _line_column
from ..latex.scope import AbstractFunction

#: environments, labels, alignment marks, row breaks and spacing: layout, no mathematics
_LAYOUT = re.compile(r"\\(?:begin|end)\s*\{[a-zA-Z*]+\}|\\label\s*\{[^{}]*\}|&|\\\\|"
                     r"\\(?:nonumber|notag|quad|qquad|enspace)(?![a-zA-Z])|\\[,;:! ]|~")
_ARROW = re.compile(r"\\(?:to|rightarrow|longrightarrow)(?![a-zA-Z])")
_MAPSTO = re.compile(r"\\(?:mapsto|longmapsto)(?![a-zA-Z])")
#: a relation anywhere makes the display something else than a signature
_RELATION = re.compile(r"(?<![:\\])=|<|>|\\(?:leq?|geq?|neq?|approx|sim|propto|in|equiv)(?![a-zA-Z])")
#: ℝ, ℝ^k, ℝ^{k}: the codomain whose dimension a declaration gives
_REALS = re.compile(r"\\mathbb\s*\{?\s*R\s*\}?\s*(?:\^\s*(?:\{\s*([^{}]+?)\s*\}|([A-Za-z0-9])))?")


def read_signature(latex: str, scope, where: Where) -> str | None:
    """Why the display ``latex`` is not checked when it is a map's signature that agrees with
    the notation (an error when it does not); None for any other display."""
    text, _ = expand_macros(latex, scope, where)
    if _RELATION.search(text):
        return None
    breaks = [m for m in re.finditer(r"\\\\", text) if _depth(text, m.start()) == 0]
    cuts = [0] + [m.start() for m in breaks] + [len(text)]
    rows = [_LAYOUT.sub(" ", text[a:b].removeprefix("\\\\")) for a, b in zip(cuts, cuts[1:])]
    rows = [" ".join(row.split()).rstrip(".,").strip() for row in rows]
    rows = [row for row in rows if row]
    if not 1 <= len(rows) <= 2:
        return None
    colons = [m.start() for m in re.finditer(r":(?!=)", rows[0])
              if _depth(rows[0], m.start()) == 0 and rows[0][m.start() - 1:m.start()] not in (":", "\\")]
    if len(colons) != 1 or any(":" in row for row in rows[1:]):
        return None
    head, rest = rows[0][:colons[0]].strip(), rows[0][colons[0] + 1:].strip()
    arrows = [m for m in _ARROW.finditer(rest) if _depth(rest, m.start()) == 0]
    maps = [m for row in [rest] + rows[1:] for m in _MAPSTO.finditer(row) if _depth(row, m.start()) == 0]
    # one row 'f : A \to B' or 'f : x \mapsto y', or the first with a second 'x \mapsto y'
    if not head or len(arrows) + len(maps) != len(rows) or len(arrows) > 1 or len(maps) > 1 \
            or (len(rows) == 2 and not arrows):
        return None
    name = re.sub(r"\s*\((?:[^()]|\([^()]*\))*\)\s*$", "", head)     # e_k(\cdot; \theta_k): the map e_k
    meaning = scope.lookup("".join(name.split())) or scope.lookup(name)
    if meaning is None:
        start, written = _written(latex, _first_colon(latex), before=True)
        raise where.error(f"'{name}' is not declared: a map's signature names a declared [[function]] (or a "
                          "definition)", *_line_column(latex, start), written)
    if arrows:
        _agree(name, meaning, rest[arrows[0].end():].strip(), scope, latex, where)
    return (f"a map's signature, {'; '.join(rows)}: it says what {name} takes and gives, and states no relation "
            "to check")


def _agree(name: str, meaning, codomain: str, scope, latex: str, where: Where) -> None:
    """An error when the codomain ℝ^k disagrees with the shape ``meaning`` declares."""
    found = _REALS.fullmatch(codomain.strip())
    if found is None or not isinstance(meaning, AbstractFunction):
        return              # a family's shape counts its entries as well as a value's dimension
    power = found.group(1) or found.group(2)
    shape = () if meaning.length is None else (meaning.length,)
    if power is None:
        wanted = ()
    else:
        size = scope.lookup(power)
        value = size if isinstance(size, sp.Basic) else sp.Integer(int(power)) if power.isdigit() else None
        if value is None:
            return
        wanted = (value,)
    if tuple(wanted) != shape and not (wanted == (sp.Integer(1),) and shape == ()):
        said = "numbers (no shape)" if not shape else f"vectors of shape {[str(s) for s in shape]}"
        arrow = next((m for m in _ARROW.finditer(latex, _first_colon(latex)) if _depth(latex, m.start()) == 0), None)
        start, written = _written(latex, arrow.end() if arrow else 0, before=False)
        raise where.error(f"the signature says {name} takes values in {codomain.strip()}, and its declaration "
                          f"gives {said}", *_line_column(latex, start), written)


def _first_colon(latex: str) -> int:
    """Where the signature's colon is in the display as written (0 when it is not found there)."""
    return next((m.start() for m in re.finditer(r":(?!=)", latex)
                 if _depth(latex, m.start()) == 0 and latex[m.start() - 1:m.start()] not in (":", "\\")), 0)


def _written(latex: str, at: int, before: bool) -> tuple[int, str]:
    """(where, what) of the text as written before ``at`` (the head, from the row's start) or after it
    (the codomain, to the row's end): an error's construct, as the user wrote it."""
    if before:
        start = max(latex.rfind("\\\\", 0, at) + 2 if "\\\\" in latex[:at] else 0,
                    max((m.end() for m in re.finditer(r"\\begin\s*\{[^{}]*\}", latex[:at])), default=0))
        end = at
    else:
        start = at
        stop = re.search(r"\\\\|&|\\end\s*\{", latex[at:])
        end = at + stop.start() if stop else len(latex)
    while start < end and latex[start].isspace():
        start += 1
    while end > start and (latex[end - 1].isspace() or latex[end - 1] in ".,&"):
        end -= 1
    return start, latex[start:end] or latex[at:at + 1]


__all__ = ["read_signature"]
