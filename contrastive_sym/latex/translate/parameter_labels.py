r"""The parameters a function's arguments end with after ``;``: ``p(w_{t+j} \mid w_t; \theta)``
names what p depends on (the weights θ of the model), not a value it takes.  A use that writes
them of a definition that does not (``p(o \mid c) = …``), or leaves out those its definition
writes (``h(u; \theta) = …`` used as ``h(x_t)``), is read by that definition; the caller says so
in the claim's reading.  Only names are parameters: ``p(o \mid c; 2)`` or ``p(o \mid c; \theta + 1)``
put a value somewhere and stay as written."""
from __future__ import annotations

import re

from ..font_groups import GREEK
from ..spelling import canonical_key

#: a name as labels write it (spaces gone): a letter or a Greek command, in a font or under an
#: accent or not, with scripts of letters, digits and commands, and primes
_CORE = r"(?:[A-Za-z]|" + "|".join(re.escape(g) for g in sorted(GREEK, key=len, reverse=True)) + r")(?![A-Za-z])"
_WRAP = r"\\(?:mathbf|boldsymbol|bm|mathrm|mathit|mathcal|mathsf|pmb|vec|hat|tilde|bar|widehat|widetilde|overline)"
_SCRIPT = r"(?:[_^](?:\{[A-Za-z0-9\\,]*\}|[A-Za-z0-9]|\\[A-Za-z]+))"
_NAME = re.compile(rf"(?:{_WRAP}\{{{_CORE}\}}|{_WRAP}{_CORE}|{_CORE}){_SCRIPT}*'*{_SCRIPT}*")


def split_parameters(labels: str) -> tuple[str, str]:
    """``labels`` without what follows its one ``;`` outside braces and parentheses, and that
    part (``""`` when there is none, or more than one)."""
    depth, cuts = 0, []
    for position, char in enumerate(labels):
        if char in "{(":
            depth += 1
        elif char in "})":
            depth -= 1
        elif char == ";" and depth == 0:
            cuts.append(position)
    if len(cuts) != 1:
        return labels, ""
    return labels[:cuts[0]], labels[cuts[0] + 1:]


def parameter_names(part: str) -> list[str] | None:
    """The names, separated by commas, of a parameter part (``\\theta``, ``\\theta_s, \\phi``);
    None when one of them is not a name (a number, an expression)."""
    names = [canonical_key(name) for name in part.split(",")]
    return names if names and all(_NAME.fullmatch(name) for name in names) else None
