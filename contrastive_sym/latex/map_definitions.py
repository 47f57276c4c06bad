r"""A definition written as a map, the way a mathematician introduces a function:

    \mathcal{S} : \mathbb{R}^n_* \times \mathbb{R}^n_* \to \mathbb{R} \\
    (x, y) \mapsto \mathcal{S}(x, y) = \frac{\langle x, y \rangle}{\| x \| \| y \|}

The first row is the map's signature (what it takes and gives), the second says what it does to
``(x, y)``, and what it does is the definition ``\mathcal{S}(x, y) = …`` written after the arrow.
A signature alone states nothing to check (load/signatures.py); here it comes with a definition,
which is read as written: the signature row and the ``(x, y) \mapsto`` before the definition are
blanked with spaces (the text keeps its length, so every column still points into the document).

Only that shape is read: two rows, the first ``name : … \to …`` with one colon, the second
``arguments \mapsto name(arguments) = …`` whose name and arguments (spaces aside) are the signature's
name and the arguments before the arrow.  Anything else is left as written, for the reader to refuse
with its own message: ``(x, y) \mapsto`` followed by a bare expression (the definition would be one
the document does not write), a name after the arrow other than the signature's.

The signature's domain is read factor by factor (one per argument, split at ``\times``): ``\mathbb{R}``
and ``\mathbb{R}^n`` take every value; ``\mathbb{R}_*``, ``\mathbb{R}^n_*`` leave the map undefined where
that argument is 0 (its body Cancelled by ‖x‖², as a quotient that lost a factor is); any other domain
is refused, naming it, since the body would be read, and checked, where the map is not defined.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..model.nodes import Cancelled
from .families import Family
from .parser import _line_column
from .spelling import canonical_key
from .translate import translate_expr

#: a top-level row break
_BREAK = re.compile(r"\\\\")
_ARROW = re.compile(r"\\(?:to|rightarrow|longrightarrow)(?![a-zA-Z])")
_MAPSTO = re.compile(r"\\(?:mapsto|longmapsto)(?![a-zA-Z])")
#: an environment's opening or closing, an alignment mark: layout around the two rows
_LAYOUT = re.compile(r"\\(?:begin|end)\s*\{[a-zA-Z*]+\}|&")
#: the definition after the arrow: a name applied to arguments, then '='
_CALL = re.compile(r"\s*(?P<head>.+?)\s*(?P<arguments>\((?:[^()]|\([^()]*\))*\))\s*=")


def _depth(text: str, position: int) -> int:
    """How deep in braces, parentheses and brackets ``position`` is."""
    return sum(1 for c in text[:position] if c in "{([") - sum(1 for c in text[:position] if c in "})]")


def _squeezed(text: str) -> str:
    return "".join(_LAYOUT.sub(" ", text).split())


def _blank(text: str, start: int, end: int) -> str:
    """``text`` with ``start:end`` written as spaces (line ends kept)."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


@dataclass(frozen=True)
class MapDomain:
    """What a map's signature says of each argument: the whole space (ℝ, ℝ^n), the nonzero ones (ℝ_*,
    ℝ^n_*: the definition is undefined at 0), or something else (refused), with where it is written."""

    name: str
    arguments: tuple[str, ...]
    factors: tuple[tuple[str, str, int], ...]      # (kind, as written, position in the text)


def map_definition_blanked(text: str) -> str:
    r"""``text`` with a map's signature row and the ``arguments \mapsto`` of its definition row blanked,
    when ``text`` is a definition written as a map; ``text`` unchanged otherwise.

    >>> map_definition_blanked(r"f : \mathbb{R} \to \mathbb{R} \\ x \mapsto f(x) = x^2").strip()
    'f(x) = x^2'
    """
    return read_map_definition(text)[0]


def read_map_definition(text: str) -> tuple[str, MapDomain | None]:
    """(:func:`map_definition_blanked`, what its signature says of each argument's domain, None when
    ``text`` is no definition written as a map)."""
    breaks = [m for m in _BREAK.finditer(text) if _depth(text, m.start()) == 0]
    if len(breaks) != 1 and not (len(breaks) == 2 and not _squeezed(text[breaks[1].end():]).rstrip(".,")):
        return text, None
    first, second = text[:breaks[0].start()], text[breaks[0].end():breaks[1].start() if len(breaks) > 1 else None]
    colons = [m.start() for m in re.finditer(r"(?<![:\\]):(?![=:])", first) if _depth(first, m.start()) == 0]
    arrows = [m for m in _ARROW.finditer(first) if _depth(first, m.start()) == 0]
    maps = [m for m in _MAPSTO.finditer(second) if _depth(second, m.start()) == 0]
    if len(colons) != 1 or len(arrows) != 1 or arrows[0].start() < colons[0] or len(maps) != 1:
        return text, None
    opening = max((m.end() for m in re.finditer(r"\\begin\s*\{[a-zA-Z*]+\}", first[:colons[0]])), default=0)
    name = _squeezed(first[opening:colons[0]])
    call = _CALL.match(second, maps[0].end())
    arguments = _squeezed(second[:maps[0].start()])
    if not name or call is None or _squeezed(call.group("head")) != name \
            or _squeezed(call.group("arguments")) not in (arguments, f"({arguments})"):
        return text, None
    offset = breaks[0].end()
    blanked = _blank(text, opening, breaks[0].end())
    start = offset + len(second) - len(second.lstrip())
    written = _split_top(arguments[1:-1] if arguments.startswith("(") and arguments.endswith(")") else arguments, ",")
    domain = MapDomain(name, tuple(written), _factors(first, colons[0] + 1, arrows[0].start()))
    # keep an alignment mark's column free: only what the row writes before the definition goes
    return _blank(blanked, start, offset + call.start("head")), domain


#: a factor of a domain: ℝ, ℝ^n, ℝ^{n}, with _* or \setminus \{0\} for the nonzero ones
_SPACE = re.compile(r"\\mathbb\s*\{\s*R\s*\}\s*(?:\^\s*(?:\{[^{}]*\}|\w))?\s*"
                    r"(?P<nonzero>_\s*(?:\*|\{\s*\*\s*\})|\\setminus\s*\\\{\s*0\s*\\\})?\s*"
                    r"(?:\^\s*(?:\{[^{}]*\}|\w))?")


def _factors(row: str, start: int, end: int) -> tuple:
    """(kind, as written, position) of each factor of the domain ``row[start:end]`` (split at ``\\times``)."""
    found, position = [], start
    for part in re.split(r"(\\times(?![a-zA-Z]))", row[start:end]):
        if part != "\\times" and part.strip():
            written = part.strip()
            at = position + part.index(written)
            space = _SPACE.fullmatch(_LAYOUT.sub(" ", written).strip())
            found.append(("other" if space is None else "nonzero" if space.group("nonzero") else "whole", written, at))
        position += len(part)
    return tuple(found)


def _split_top(text: str, separator: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for char in text:
        depth += (char in "{([") - (char in "})]")
        if char == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return parts + [current]


def refuse_unread_domain(domain: MapDomain | None, text: str, where) -> None:
    """The error for a signature whose domain says more than the definition's body can: a factor other
    than ℝ, ℝ^n and their nonzero parts (ℝ_{>0}, (0, \\infty): the body read on the whole line would be
    checked where the map is not defined), or nonzero parts not one per argument."""
    if domain is None:
        return
    for kind, written, at in domain.factors:
        if kind == "other":
            raise where.error(f"the domain '{written}' of {domain.name}'s signature is not read (ℝ, ℝ^n and the "
                              f"nonzero ℝ_*, ℝ^n_* are): the definition after the arrow would be read on the whole "
                              f"space; declare the domain of {', '.join(domain.arguments)} instead",
                              *_line_column(text, at), written)
    if any(kind == "nonzero" for kind, _, _ in domain.factors) and len(domain.factors) != len(domain.arguments):
        _, written, at = domain.factors[0]
        raise where.error(f"the domain of {domain.name}'s signature has {len(domain.factors)} factors for "
                          f"{len(domain.arguments)} arguments: which is nonzero is not read", *_line_column(text, at),
                          written)


def with_map_domain(defined, domain: MapDomain | None, scope):
    """``defined`` (a DefinedDisplay) with the map's body undefined where an argument its signature takes
    nonzero (ℝ^n_*) is 0, as the map is: Cancelled(body, ‖x‖², …), read again so in any scope."""
    if domain is None or not any(kind == "nonzero" for kind, _, _ in domain.factors):
        return defined
    nonzero = [argument for argument, (kind, _, _) in zip(domain.arguments, domain.factors) if kind == "nonzero"]

    def wrapped(macro, where_read):
        factors = [translate_expr(rf"\| {argument} \|^2" if isinstance(where_read.lookup(argument), Family)
                                  else argument, where_read) for argument in nonzero]
        return replace(macro, body=Cancelled(macro.body, *factors))

    def with_rebuild(macro):
        rebuild = macro.rebuild
        new = wrapped(macro, macro.defined_in or scope)
        return new if rebuild is None else replace(new, rebuild=lambda other: wrapped(rebuild(other), other))
    macros = tuple(with_rebuild(m) if canonical_key(m.key) == canonical_key(domain.name) else m for m in defined.macros)
    return replace(defined, macros=macros)


__all__ = ["MapDomain", "map_definition_blanked", "read_map_definition", "refuse_unread_domain", "with_map_domain"]
