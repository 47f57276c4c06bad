r"""Terms a derivation names by a label and works out further on: ``\underbrace{…}_{(1)}`` in one
display, then ``(1) &= …`` in a later one (lecture notes and gradient derivations do this).

The label is the term under the brace: a link ``(1) = A`` that starts a chain compares that term
with A, and is checked as any link is.  A label stands for the term of the last display before
the formula's line that labels a term so (derivations number the terms of each derivation anew);
a label no earlier display gives is a link to something the formula does not write, and is said
not to be checked, as before.  The term is read in the notation of the formula that uses it."""
from __future__ import annotations

import re
from dataclasses import replace

from ...errors import DerivationError
from ..parser import _line_column
from ..continuations import LEADING_LABEL, drop_leading_reference, row_labels
from .values import Row, Side

#: a label under (or over) a brace: (1), (1.2), (a), (iii), written in braces or not
_LABEL = r"\(\s*(?:[0-9]+(?:\.[0-9]+)*[a-z]?|[a-h]|i{1,3}|iv|vi{0,3})\s*\)"
_BRACE = re.compile(r"\\(?:underbrace|overbrace)(?![a-zA-Z])\s*\{")
_SCRIPT = re.compile(r"\s*[_^]\s*(?:\{\s*(" + _LABEL + r")\s*\}|(" + _LABEL + r"))")
_RELATION = re.compile(r"(=|<|>|\\leq?|\\geq?)\s*$")
_RELATION_NAMES = {"=": "=", "<": "<", ">": ">", "\\le": "<=", "\\leq": "<=", "\\ge": ">=", "\\geq": ">="}


def label_key(label: str) -> str:
    """A label as it is compared: without white space, ``( 1.1 )`` is ``(1.1)``."""
    return "".join(label.split())


def term_labels_in(latex: str) -> list[tuple[str, str]]:
    r"""(label, the term's LaTeX) of each ``\underbrace{term}_{(label)}`` of ``latex``."""
    found = []
    for match in _BRACE.finditer(latex):
        depth, position = 1, match.end()
        while position < len(latex) and depth:
            depth += {"{": 1, "}": -1}.get(latex[position], 0) if latex[position - 1] != "\\" else 0
            position += 1
        if depth:
            continue
        script = _SCRIPT.match(latex, position)
        if script is not None:
            found.append((label_key(script.group(1) or script.group(2)), latex[match.end():position - 1]))
    return found


def labelled_terms(rows: list[Row], translator) -> list[Row]:
    """``rows`` with the term a leading label names put as the first side of its chain,
    where an earlier display gives it; the reading says which term was read."""
    labels = dict(translator.scope.term_labels)
    if not labels:
        return rows
    text = translator.text
    dropped = drop_leading_reference(text, frozenset(labels))
    links = []
    leading = LEADING_LABEL.search(text)
    if leading is not None and dropped[:leading.end()].strip() == "":
        links.append((leading.start("link"), leading.end(), leading.group("link")))
    links += [link for link in row_labels(text) if dropped[link[0]:link[1]].strip() == ""]
    rows = list(rows)
    for start, end, link in links:
        label = label_key(link[:link.index(")") + 1])
        relation = _RELATION.search(link.replace("&", " ").strip())
        if label not in labels or relation is None:
            continue
        number = next((n for n, row in enumerate(rows) if row.sides and row.sides[0].start >= end), None)
        if number is None or rows[number].continues:
            continue
        term = _term(labels[label], label, start, translator)
        row = rows[number]
        said = f"the link '{' '.join(link.split())}' compares with"
        readings = tuple(r for r in row.readings if not r.startswith(said))
        rows = [replace(r, readings=tuple(x for x in r.readings if not x.startswith(said))) for r in rows]
        rows[number] = replace(row, sides=(Side(term, start, end),) + row.sides,
                               relations=(_RELATION_NAMES[relation.group(1)],) + row.relations,
                               readings=readings + (f"{label} is the term \\underbrace{{…}}_{{{label}}} of an earlier "
                                                    f"display, {' '.join(labels[label].split())}: the link "
                                                    f"'{' '.join(link.split())}' compares it, checked as any link",))
    return rows


def _term(latex: str, label: str, start: int, translator):
    """The term the label names, read in the notation of the formula that uses it; an error
    at the label when it does not read there."""
    from .displays import translate_expr      # translator → here: import when used
    try:
        return translate_expr(latex, translator.scope, translator.where)
    except DerivationError as exc:
        raise translator.where.error(f"the term labelled {label} (\\underbrace{{{' '.join(latex.split())}}}_{{{label}}} "
                                     f"of an earlier display) does not read here: {exc.message}",
                                     *_line_column(translator.text, start), label) from None
