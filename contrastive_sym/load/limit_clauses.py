r"""The limit an asymptotic statement is taken in, written after it as papers write it:
``\mathcal{L}(\tau) = \log(K+1) + O(1/\tau), \quad \tau \to \infty`` (also ``\text{as } \tau \to
\infty``, ``(\tau \to 0^+)``).  Read only after a statement with an ``o(·)`` or ``O(·)`` term: the
clause gives the claim's ``little_o`` (or must agree with the one the claim declares), it is left out
of the statement read, and the claim's reading says so.  Anywhere else an arrow stays refused."""
from __future__ import annotations

import re

_POINT = r"(?P<at>[+-]?\s*\\infty|0\s*\^\s*\{?\s*\+\s*\}?|0)"
_CLAUSE = re.compile(
    r"(?:\s|,|\\[,;: ]|\\q?quad(?![a-zA-Z])|~)*"
    r"(?:\\(?:text|textrm|mathrm)\s*\{\s*as\s*\}\s*)?"
    r"(?P<open>\\left\s*\(|\()?\s*"
    r"(?P<var>\\?[A-Za-z]+(?:\s*_\s*(?:\{[A-Za-z0-9]+\}|[A-Za-z0-9]))?)\s*"
    r"\\(?:to|rightarrow)(?![a-zA-Z])\s*" + _POINT + r"\s*"
    r"(?(open)(?:\\right\s*\)|\)))\s*[.,]?\s*$")
#: an o(·) or O(·) term: the statement is asymptotic
_REMAINDER = re.compile(r"(?<![A-Za-z\\])(?:o|O|\\mathcal\s*\{\s*O\s*\})\s*(?:\\left|\\big|\\Big)?\s*\(")


def limit_clause(entry: dict, latex: str) -> tuple[dict, str, str]:
    """(the claim's entry with its ``little_o``, the statement to read, the reading) of ``latex``;
    ``(entry, latex, "")`` when it ends with no limit clause or states nothing asymptotic.  A
    clause that disagrees with the claim's own ``little_o`` raises ValueError, saying both."""
    found = _CLAUSE.search(latex)
    if found is None or found.start() == 0 or not _REMAINDER.search(latex[:found.start()]):
        return entry, latex, ""
    variable, at = found.group("var"), found.group("at")
    point = "0" if at.startswith("0") else "".join(at.split())
    written = {"variable": variable, "at": point}
    declared = entry.get("little_o")
    if declared is not None and ("".join(str(declared.get("variable", "")).split()) != "".join(variable.split())
                                 or "".join(str(declared.get("at", "")).split()).lstrip("+") != point.lstrip("+")):
        raise ValueError(f"the statement ends with {variable} \\to {at}, but the claim's little_o says "
                         f"{declared.get('variable')} \\to {declared.get('at')}: which limit is meant is not "
                         "written once")
    statement = latex[:found.start()] + re.sub(r"[^\n]", " ", latex[found.start():])
    reading = f"the limit is the one the display writes after the statement, {variable} \\to {at}"
    return {**entry, "little_o": declared or written}, statement, reading
