r"""The spellings of an optimum, made one token before parsing (same length, so that every
column of an error still points into the user's text).

Papers write the optimum of an objective in many ways: ``\arg\min_\theta``,
``\operatorname*{arg\,min}_\theta``, ``\mathop{\rm argmax}``, ``\text{argmin}_{y}``,
``\argmax`` (the usual ``\DeclareMathOperator*``), ``argmin`` or ``sup`` in plain
letters, ``arg \max`` and ``\text{arg}\min`` (the word in letters, the operator a command), and ``\underset{\theta}{\arg\min}`` with the variable under the operator.  Each
becomes one mark of the private use area (``\argmin``, ``\argmax``, ``\sup``, ``\inf``
alike), followed by spaces; ``\underset{X}{op}`` becomes the operator with ``_{X}``
after it, X where it was written (``\underset{k}{max}``, the operator in plain letters, is ``\max_{k}``).  The translator reads the mark (:mod:`.translate.optima`).
"""
from __future__ import annotations

import re

from .continuations import _closing

ARGMIN, ARGMAX, SUP, INF = "\ue030", "\ue031", "\ue032", "\ue033"
MARKS = {ARGMIN: "argmin", ARGMAX: "argmax", SUP: "sup", INF: "inf"}
_OF_WORD = {"argmin": ARGMIN, "argmax": ARGMAX, "sup": SUP, "inf": INF}

_SPACE = r"(?:\s|\\[,;:! ])*"
_WORD = rf"arg{_SPACE}(?:min|max)|(?:sup|inf)(?=\s*\}}\s*_)"
_SPELLINGS = re.compile(
    # \operatorname*{arg\,min}, \text{argmax}, \mathrm{sup}: the word alone in the braces
    rf"\\(?:operatorname\*?|text|textrm|textnormal|mathrm)\s*\{{\s*(?P<braced>{_WORD})\s*\}}"
    # \rm argmin (what \mathop{\rm argmin} leaves once the class is unwrapped)
    rf"|\\rm\s*(?P<rm>{_WORD})(?![a-zA-Z])"
    # \arg\min, \arg\,\max
    rf"|\\arg{_SPACE}\\(?P<command>min|max)(?![a-zA-Z])"
    # arg \max, \text{arg}\min, \mathrm{arg}\,\max: the word in letters, the operator a command
    rf"|(?:(?<![\\a-zA-Z])arg|\\(?:operatorname\*?|text|textrm|mathrm)\s*\{{\s*arg\s*\}}){_SPACE}"
    rf"\\(?P<lettered>min|max)(?![a-zA-Z])"
    # \argmin, \argmax: the operator most preambles declare
    r"|\\(?P<declared>argmin|argmax)(?![a-zA-Z])"
    # argmin in plain letters, and sup or inf with a subscript
    r"|(?<![\\a-zA-Z])(?P<letters>arg(?:min|max)(?![a-zA-Z])|(?:sup|inf)(?=\s*_))")

_UNDERSET = re.compile(r"\\underset\s*\{")
#: the operator under \underset: a mark, a command, or min and max in plain letters (\underset{k}{max})
_UNDER_OPERATOR = re.compile(r"\s*\{\s*(?P<op>[\ue030-\ue033]|\\(?:min|max|sup|inf)(?![a-zA-Z])|min|max)\s*\}")


def mark_optima(text: str) -> str:
    """``text`` with each spelling of argmin, argmax, sup and inf written as one mark, and
    ``\\underset{X}{\\min}`` (any optimum under \\underset) as the operator with ``_{X}``
    (same length)."""
    def mark(match: re.Match) -> str:
        if _in_a_script(text, match.start()):
            return match.group()        # \mathcal{L}^{\text{sup}}: a name's label, not an operator
        word = next(g for g in match.groups() if g is not None)
        word = re.sub(_SPACE, "", word)
        word = "arg" + word if word in ("min", "max") else word
        return _OF_WORD[word] + " " * (match.end() - match.start() - 1)
    return _under_operators(_SPELLINGS.sub(mark, text))


def _in_a_script(text: str, position: int) -> bool:
    """Whether ``position`` starts a script: after ``^`` or ``_``, or ``^{`` or ``_{``."""
    before = text[:position].rstrip()
    if before.endswith("{"):
        before = before[:-1].rstrip()
    return before.endswith(("^", "_"))


def _under_operators(text: str) -> str:
    for match in reversed(list(_UNDERSET.finditer(text))):
        close = _closing(text, match.end())
        if close is None:
            continue
        operator = _UNDER_OPERATOR.match(text, close + 1)
        if operator is None:
            continue
        # the operator and "_{" in the place of "\underset{": what is under it stays in place
        opening = operator.group("op")
        opening = "\\" + opening if opening in ("min", "max") else opening      # max in letters: \max
        opening += " " * (match.end() - match.start() - len(opening) - 2) + "_{"
        text = (text[:match.start()] + opening + text[match.end():close + 1]
                + " " * (operator.end() - close - 1) + text[operator.end():])
    return text


def problem_stated(row, rows: list, translator) -> bool:
    r"""Whether ``row``, one of the ``rows`` of a definition, is an optimisation problem alone,
    ``\min_{\mathbf{U}} J(\mathbf{U})`` (``\max``, ``\sup``, ``\inf``, ``\arg\min``, with what it runs
    over) without a relation: the problem the rows beside it define the objective of (``\min_U J(U),
    \quad J(U) = …``), prose that states nothing to check; said in the readings."""
    if row.data != "chain" or len(row.children) != 1 or len(rows) < 2:
        return False
    tree = row.children[0]
    if getattr(tree, "data", None) != "apply_op":
        return False
    op = tree.children[0]
    if not any(getattr(child, "data", None) == "script" for child in op.children) or not (
            op.data in ("max_op", "optimum_op")
            or op.data == "func_op" and str(op.children[0]).strip() in ("\\min", "\\sup", "\\inf")):
        return False
    translator.readings.append(f"'{' '.join(translator.source(row).split())}' states the problem the definition "
                               "beside it is the objective of: nothing to check")
    return True
