r"""A display that writes an implication between statements, as proofs do:

    \hat{L}(\hat\theta) \le \epsilon \Rightarrow L(\hat\theta) \le 2\epsilon
    A \le B \\ \implies C \ge D \\ \implies E \ge F

The premise may be a fact the document has shown (Jensen's inequality) or a hypothesis (a bound on
the training loss); which, the display does not say.  So each consequence is checked where its
premise holds, as a claim with the premise as its ``given`` (a point where the premise fails is
not a counterexample of an implication), and the premise is not checked on its own: the claim's
reading says both.  A claim ``<id>-implied-<k>`` per consequence, its text the document's with
the other statements blanked (same length and lines, so that an error's column still points into
the document's text; ``restated_from`` keeps the whole display).  A premise that no ``given`` can
state (an equality of values) is an error naming it; a display that starts with the arrow is
refused as before (load/statements.py): its premise is in another display."""
from __future__ import annotations

import re

from ..errors import DerivationError
from .conditions import condition_of

#: the arrows of an implication between statements
_ARROW = re.compile(r"\\(?:implies|Rightarrow|Longrightarrow)(?![a-zA-Z])")
#: what lays a display out and is no part of a premise as a condition
_LAYOUT = re.compile(r"\\(?:begin|end)\s*\{[a-zA-Z*]*\}|&|\\\\|\\(?:quad|qquad|label\s*\{[^{}]*\}|tag\s*\{[^{}]*\}"
                     r"|nonumber|notag)(?![a-zA-Z])|\\[,;:!]")


def implication_parts(latex: str) -> list[tuple[int, int]]:
    """The spans of the statements an implication of ``latex`` links, in order (two or more), or
    [] when it writes no arrow between statements at the top level (outside braces), or starts
    with one."""
    arrows, depth, position = [], 0, 0
    while position < len(latex):
        char = latex[position]
        if latex.startswith(("\\{", "\\}"), position):
            position += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "\\" and depth == 0:
            found = _ARROW.match(latex, position)
            if found:
                arrows.append((found.start(), found.end()))
                position = found.end()
                continue
        position += 1
    if not arrows or not _statement_text(latex[:arrows[0][0]]):
        return []
    starts = [0] + [end for _, end in arrows]
    ends = [start for start, _ in arrows] + [len(latex)]
    return list(zip(starts, ends))


def _statement_text(text: str) -> str:
    """``text`` without layout (alignment, row breaks, environments, spacing), stripped."""
    return " ".join(_LAYOUT.sub(" ", text).split())


def consequences(latex: str, parts: list) -> list[tuple[str, str]]:
    """(the text of consequence k, blanked elsewhere; the premise before it as written, a condition)
    for each statement after the first."""
    found = []
    for number in range(1, len(parts)):
        start, end = parts[number]
        text = "".join(c if start <= i < end or c == "\n" else " " for i, c in enumerate(latex))
        found.append((text, latex[parts[number - 1][0]:parts[number - 1][1]].strip()))
    return found


def read_each_consequence(parts: list, entry: dict, latex: str, context, read_claim) -> None:
    """Read ``entry`` (a claim whose ``latex`` writes an implication) once per consequence, each where
    its premise holds."""
    found = consequences(latex, parts)
    count = len(found)
    for number, (text, premise) in enumerate(found, 1):
        context.locator.enter(context.path)
        try:
            condition_of(premise, context.scope, context)
        except DerivationError as exc:
            arrow = latex[parts[number - 1][1]:parts[number][0]]       # the arrow between the two
            exc.message = (f"'{arrow}' (an implication between statements): its premise "
                           f"'{_statement_text(premise)}' is not read as a condition, where the consequence "
                           f"would be checked: {exc.message}")
            raise
        said = (f"an implication: read where its premise {_statement_text(premise)} holds (a point where it fails is no "
                "counterexample); the premise is not checked on its own")
        read_claim({**entry, "id": f"{entry['id']}-implied-{number}" if count > 1 else entry["id"],
                    "latex": text, "_implied": True, "given": list(entry.get("given", ())) + [premise],
                    "restated_from": entry.get("restated_from") or latex,
                    "reading": "; ".join(filter(None, [entry.get("reading"), said])),
                    "title": entry.get("title", "") + (f" (consequence {number} of {count})" if count > 1 else "")},
                   context)
