r"""A display that is an update rule: ``\theta_k \leftarrow m \theta_k + (1-m) \theta_q`` (MoCo's momentum
encoder, BYOL's target network), ``W := W - \eta \frac{\partial L}{\partial W}`` (a gradient step).

It gives a name a new value, written with the name itself on the right, and so states no relation
to check.  It is still read: both sides are translated in the document's notation (a name not
declared, a vector given a number, a malformed formula: the error it would be anywhere), and the
display is recorded as a statement not checked, with why (``[[unchecked]]``), never as a claim that
passes.  An assignment whose right side does not write its name (``L \gets -\log h``) defines it
(latex/defined_as.py), and a display with another relation beside the assignment is not an update."""
from __future__ import annotations

import re

import sympy as sp

from ..errors import ParseError
from ..latex.definitions import _depth
from ..latex.parser import Where, _line_column
from ..latex.rewritten_errors import as_written
from ..latex.translate import translate_rows
from ..latex.translate.values import shape_said
from ..model.nodes import Vector

#: the assignments of an update: ``\leftarrow``, ``\gets``, ``:=``, ``\coloneqq``
_ASSIGN = re.compile(r"\\(?:leftarrow|gets|coloneqq)(?![a-zA-Z])|:=")
#: what a second relation, a second row or column, would be written with
_OTHER = re.compile(r"(?<![:\\])=|<|>|\\\\|\\(?:le|leq|ge|geq|neq|ne|approx|sim|simeq|propto|to|rightarrow|"
                    r"Rightarrow|implies|mapsto|leftarrow|gets|coloneqq|triangleq)(?![a-zA-Z])")
#: a condition written after the value, ``…, \qquad \alpha \in [0,1)``: said, not read
_CONDITION = re.compile(r",\s*\\q?quad(?![a-zA-Z])")
#: the environments, labels and alignment marks a display is written with
_LAYOUT = re.compile(r"\\(?:begin|end)\s*\{[a-zA-Z*]+\}|\\label\s*\{[^{}]*\}|&|\\(?:nonumber|notag)(?![a-zA-Z])")


def read_update_rule(latex: str, scope, where: Where) -> str | None:
    """Why the display ``latex`` is not checked when it is an update rule whose sides read (the
    error of its sides when they do not); None for any other display."""
    found = _assignment(latex)
    if found is None:
        return None
    match, head, value = found
    cut = _CONDITION.search(latex, match.end())
    text = latex[:match.start()] + "=".rjust(match.end() - match.start()) + (
        latex[match.end():cut.start()] + " " * (len(latex) - cut.start()) if cut else latex[match.end():])
    try:
        rows = translate_rows(text, scope, where)
    except ParseError as error:        # at the assignment read as =: placed and quoted as written
        raise as_written(error, text, latex, where) from None
    if len(rows) != 1 or rows[0].relations != ("=",):
        raise where.error(f"'{match.group()}' of an update rule gives one name a value: a display of one row, "
                          f"name {match.group()} value", *_line_column(latex, match.start()), match.group())
    name, given = (_shape(side.expr) for side in rows[0].sides)
    if name != given and not (len(name) == len(given) and all(sp.expand(a - b) == 0 for a, b in zip(name, given))):
        raise where.error(f"the update rule gives {head}, {shape_said(name)}, the value of {shape_said(given)}",
                          *_line_column(latex, match.start()), match.group())
    condition = " ".join(latex[cut.end():].split()).rstrip(".,") if cut else ""
    return (f"an update rule, {head} {match.group()} {value}: it gives {head} a new value and states no "
            f"relation to check" + (f" (the condition after it, '{condition}', is not read)" if condition else ""))


def _assignment(latex: str):
    """(the assignment, the name, the value as written) of an update rule; None for anything
    else."""
    plain = _LAYOUT.sub(lambda m: " " * len(m.group()), latex)
    found = [m for m in _ASSIGN.finditer(plain) if _depth(plain, m.start()) == 0]
    if len(found) != 1:
        return None
    match = found[0]
    end = _CONDITION.search(plain, match.end())
    value = plain[match.end():end.start() if end else len(plain)]
    head = plain[:match.start()]
    if _OTHER.search(head) or _OTHER.search(value):
        return None
    head, value = " ".join(head.split()), " ".join(value.split()).rstrip(".,").strip()
    # the name written again on the right, as a name (x in \exp is not x): an update; a name not on
    # its right is a definition
    name = "".join(head.split())
    before = r"(?<![A-Za-z\\])" if name[:1].isalpha() else r"(?<!\\)"
    written = before + re.escape(name) + r"(?![A-Za-z])"
    # with the spaces (m c: c after a space) or without them (\theta _k as written \theta_k)
    if not name or not (re.search(written, value) or re.search(written, "".join(value.split()))):
        return None
    return match, head, value


def _shape(side) -> tuple:
    """() for a number, (d,) for a vector, (n, d) for a matrix (a vector of rows)."""
    shape = []
    while isinstance(side, Vector):
        shape.append(side.args[2])
        side = side.args[0]
    return tuple(shape)


__all__ = ["read_update_rule"]
