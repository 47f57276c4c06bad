r"""Steps whose display goes on with the display above them.

A post whose MathJax cannot break a display writes a long side over several displays::

    <!-- derivation: id = "value" -->
    $$ C(G) = \int_x p_{\text{data}}(x) \log D(x) $$
    <!-- step -->
    $$ + p_G(x) \log (1 - D(x)) \, dx $$

The second display opens with a sign and states no relation: it is the rest of the
expression above it (here the integral's dx is in it), never an expression of its own.
:func:`joined_steps` reads the two as one text, each part at its own place in the file,
so that an error and a link name the line and column the user wrote.  A display that opens
with '+' goes on when its first row states no relation (a row after it may go on with one,
``= …``); one that opens with '-' only when it states none at all: ``-a \\ = b`` and ``- c = d``
may be chains of their own, which a minus may start, and are left alone.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..latex.continuations import drop_annotations, row_after, top_level
from ..latex.parser import Where
from ..latex.typed_forms import typed_forms
from .context import Context

#: environments that only lay a display out: their markers are blanked when the display is joined
_LAYOUT = r"(?:aligned|align\*?|split|gather\*?|gathered|equation\*?|multline\*?|eqnarray\*?)"
_BEGIN = re.compile(r"\s*\\begin\s*\{" + _LAYOUT + r"\}")
_END = re.compile(r"\\end\s*\{" + _LAYOUT + r"\}\s*$")
#: the opening of a display that goes on with the one above it: a sign, after spacing, an
#: alignment mark or the start of a layout environment
_SIGN_FIRST = re.compile(r"(?:\s|&|\\q?quad(?![a-zA-Z])|\\[,;:! ]|\\begin\s*\{" + _LAYOUT + r"\})*[+-](?![+-])")
#: what states a relation, in any spelling the reader reads as one (\overset{(i)}{=} and full-width
#: forms are read first); an annotation over anything (\stackrel{…}{…}) is taken for one
_RELATION = re.compile(r"=|<|>|\\(?:leq?|geq?|neq?|leqslant|geqslant|approx|simeq|sim|propto|equiv|cong|doteq|"
                       r"triangleq|coloneqq|eqqcolon|to|rightarrow|longrightarrow|Rightarrow|Longrightarrow|"
                       r"implies|iff|Leftrightarrow|leftarrow|mapsto|in|notin|ll|gg|lesssim|gtrsim|prec|succ|"
                       r"subset|subseteq|supset|supseteq|mathrel|overset|underset|stackrel)(?![a-zA-Z])|[≤≥≠≈∝≡]")


def states_a_relation(row: str) -> bool:
    """Whether ``row`` writes a relation outside braces and brackets, in any spelling the reader
    reads (``- \\log p(C=1 | q)`` writes none: its = is inside the parentheses)."""
    text = typed_forms(drop_annotations(row))
    return _RELATION.search(top_level(text)) is not None or _RELATION.search(text.replace("{", " ")) is not None \
        and re.search(r"\\(?:overset|underset|stackrel|mathrel)(?![a-zA-Z])", text) is not None


def opening_sign(latex: str) -> str | None:
    """The sign ``latex`` opens with ('+' or '-', after spacing, alignment or a layout environment's start)."""
    found = _SIGN_FIRST.match(latex)
    return found.group()[-1] if found is not None else None


def continues_above(latex: str) -> bool:
    """Whether the display ``latex`` goes on with the expression above it: it opens with '+' and its
    first row states no relation (a later row may go on from it with one, ``= …``), or with '-' and it
    states none at all (``-a \\\\ = b`` may be a chain of its own, which a minus may start)."""
    sign = opening_sign(latex)
    return sign is not None and not states_a_relation(row_after(latex, 0) if sign == "+" else latex)


def without_layout(latex: str) -> str:
    """``latex`` with the markers of a layout environment around it blanked (same length): its text
    goes on with the expression above it, which an environment's start would break."""
    begin, end = _BEGIN.match(latex), _END.search(latex)
    if begin is None or end is None:
        return latex
    return " " * begin.end() + latex[begin.end():end.start()] + " " * (len(latex) - end.start())


@dataclass(frozen=True, eq=False)     # one row is itself (``in`` asks which rows of a display it is)
class Alone:
    """A display, or a row of one, that states no relation: the left side of the row or display
    after it, which opens with a relation.  ``where`` is its own place, ``pieces`` the (document
    line, text) of what it writes (compared with the document with the link it starts)."""
    expr: object
    where: Where
    pieces: tuple
    display: bool       # a whole display (else one row of several)

    @property
    def what(self) -> str:
        return "display" if self.display else "row"


def alone_row(expr, row, rows: int, latex: str, where: Where, step: "StepText") -> Alone:
    """The :class:`Alone` of ``row`` (of a display of ``rows`` rows, its text ``latex`` at ``where``)."""
    offset = row.sides[0].start if row.sides and row.sides[0].start is not None else 0
    line = latex.count("\n", 0, offset) + 1
    column = offset - latex.rfind("\n", 0, offset)
    text = row.text.strip().removesuffix("\\\\").strip() if row.text else latex[offset:].strip()
    pieces = step.pieces(text, offset) if step.parts else ()
    own_line = step.line_at(offset) or step.entry.get("line", 0) + line - 1
    return Alone(expr, Where(where.path, *where.at(line, column)), pieces or ((own_line, text),), rows == 1)


def joined_note(pieces: tuple) -> str:
    """What a link whose text is written over several displays says of them (reports name a link by
    one line); "" for a link of one display."""
    lines = sorted({line for line, _ in pieces})
    if len(lines) < 2:
        return ""
    return f"one link written over the displays of lines {', '.join(map(str, lines[:-1]))} and {lines[-1]}"


def refuse_restated_after_alone(entry: dict, alone: Alone | None, lone: list, context: Context) -> None:
    """A restatement on a display whose left side is the display above it would be compared with both."""
    if alone is not None and alone not in lone and entry.get("restated_from"):
        raise context.fail("restated_from on a display whose left side is the display above it (which states "
                           "no relation) is not read: restate the two displays' link in one", "restated_from")


def refuse_fields_of_alone(entry: dict, alone: Alone | None, links: int, context: Context) -> None:
    """A display that states no relation checks nothing: an expectation, a note or an ``after`` on it
    would be dropped."""
    unused = [key for key in ("expect", "note", "after") if key in entry and not links]
    if alone is not None and unused:
        raise context.fail(f"this display states no relation: it is the left side of the display after it, "
                           f"and {unused[0]} belongs to that step", unused[0])


@dataclass(frozen=True)
class StepText:
    """One step as read: the entry of its first display, with ``latex`` the text of every
    display it joins; ``where`` the place of that text (None: the locator finds the entry's
    own text), ``parts`` the (offset in the text, document line) of each display joined."""
    number: int
    entry: dict
    where: Where | None = None
    parts: tuple = ()

    def line_at(self, offset: int) -> int | None:
        """The document's line of the character at ``offset`` of the joined text (None: one display)."""
        if not self.parts:
            return None
        start, line = max((part for part in self.parts if part[0] <= offset), key=lambda part: part[0])
        return line + self.entry["latex"].count("\n", start, offset)

    def pieces(self, text: str, around: int) -> tuple[tuple[int, str], ...]:
        """(the document's line, the text) of each display the link ``text`` (written around the
        offset ``around`` of the joined text) takes a part of; () when it is of one display."""
        latex = self.entry["latex"]
        if not self.parts or not text:
            return ()
        starts = [n for n in range(len(latex)) if latex.startswith(text, n)]
        start = max((n for n in starts if n <= around), default=starts[0] if starts else None)
        if start is None:
            return ()
        bounds = sorted({start, start + len(text)} | {p for p, _ in self.parts if start < p < start + len(text)})
        pieces = tuple((self.line_at(a + len(latex[a:b]) - len(latex[a:b].lstrip())), latex[a:b].strip())
                       for a, b in zip(bounds, bounds[1:]) if latex[a:b].strip())
        return pieces if len(pieces) > 1 else ()


def joined_steps(steps: list, claim_path: tuple, derived: bool, context: Context) -> list[StepText]:
    """The steps of a claim, each display that goes on with the one above it joined to it."""
    out: list[StepText] = []
    for number, step in enumerate(steps):
        latex = step.get("latex") if isinstance(step, dict) else None
        if not (isinstance(latex, str) and "substitute_in" not in step and continues_above(latex)):
            out.append(StepText(number, step))
            continue
        path = claim_path + ("step", number)
        if not out:
            if opening_sign(latex) == "-":    # -\log p, then = …: an expression of its own
                out.append(StepText(number, step))
                continue
            raise _where(context, path, latex).error(
                "this display opens with '+' and its first row states no relation: it would go on with an "
                "expression above it, "
                + ("and it is the first display of the derivation (nothing above it to go on from)" if derived else
                   "which is the claim's own display (a statement by itself); write the claim as a derivation "
                   "(derivation:, each display a step) so that the two are read as one expression"))
        above = out[-1]
        if "substitute_in" in above.entry:
            raise _where(context, path, latex).error(
                "this display opens with a sign and its first row states no relation, and the step above it is a "
                "substitution (a whole statement, name = value), which nothing goes on from")
        extra = sorted(set(step) - {"line", "latex"})
        if extra:
            raise context.fail(f"this display goes on with the expression above it (it opens with a sign and states "
                               f"no relation), so it is part of that step: {extra[0]} belongs to the step above it",
                               ("step", number, extra[0]))
        above_where = above.where or _where(context, claim_path + ("step", above.number), above.entry["latex"])
        padding = _padding(above.entry["latex"], above_where, _where(context, path, latex))
        latex = without_layout(latex)       # \begin{aligned} &+ b^2 \end{aligned}: its rows go on
        text = above.entry["latex"] + padding + latex
        parts = above.parts or ((0, above.entry.get("line")),)
        out[-1] = StepText(above.number, {**above.entry, "latex": text}, above_where,
                           parts + ((len(text) - len(latex), step.get("line")),))
    return out


def _where(context: Context, path: tuple, latex: str) -> Where:
    context.locator.enter(path)
    context.locator.at(path + ("latex",))
    return context.locator.where(latex)


def _padding(above: str, where: Where, below: Where) -> str:
    """White space that puts the display ``below`` where it is written in the file after the
    text ``above`` placed at ``where`` (a column of an error in it then points into the file)."""
    if below.path != where.path:
        return "\n"
    last_line = where.line + above.count("\n")
    end_column = (where.column if "\n" not in above else 1) + len(above.rsplit("\n", 1)[-1])
    if below.line > last_line:
        return "\n" * (below.line - last_line) + " " * (below.column - 1)
    if below.line == last_line and below.column >= end_column:
        return " " * (below.column - end_column)
    return "\n"
