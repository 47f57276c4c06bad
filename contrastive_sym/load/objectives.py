r"""A display that says which parameters training chooses: ``\theta, c = \arg\max_{\theta, c}
\mathbb{E}[…]`` (NCE's parameters and normaliser), ``\hat{\mathbf{L}} = \arg\max_{\mathbf{L}} …`` (a
metric learned as a matrix), ``h^* = \arg\max_h L(h)`` (the best critic).

Such an assignment states no relation to check: the arg-optimum's value is what it runs over, which
the checker does not compute when that is a vector, a matrix, a function or several names (over one
number, ``\hat\theta = \arg\min_\theta …``, the statement reader reads it and this module leaves it
alone).  The objective is still read in the document's notation (a name not declared, a malformed
formula: the error it would be anywhere), and the display is recorded as a statement not checked,
with why, never as a claim that passes.  The left side must be what the optimum runs over, as
written or marked (θ, c; θ^*, \hat{θ}, θ^\star), or one name the notation does not declare (the
optimum named, h^*): anything else, and any second relation, is left to the statement reader."""
from __future__ import annotations

import re

from ..errors import ParseError
from ..latex.definitions import _depth
from ..latex.optima import ARGMAX, ARGMIN, mark_optima
from ..latex.parser import Where
from ..latex.rewritten_errors import as_written
from ..latex.scope import Family, Macro
from ..latex.translate import translate_rows

#: environments, labels, alignment marks and numbering: layout, no mathematics
_LAYOUT = re.compile(r"\\(?:begin|end)\s*\{[a-zA-Z*]+\}|\\label\s*\{[^{}]*\}|\\tag\*?\s*\{[^{}]*\}|&|"
                     r"\\(?:nonumber|notag)(?![a-zA-Z])")
_ASSIGN = re.compile(r"(?<![:\\<>!])=|:=|\\(?:coloneqq|triangleq|doteq)(?![a-zA-Z])")
_OTHER = re.compile(r"<|>|\\\\|\\(?:le|leq|ge|geq|neq|ne|approx|sim|simeq|propto|to|rightarrow|in|"
                    r"leftarrow|gets)(?![a-zA-Z])")
#: the marks a name of the optimum is written with: θ^*, θ^\star, \hat{θ}, θ^{opt}
_MARKED = re.compile(r"\\(?:hat|tilde|bar)\s*\{(?P<inner>[^{}]+)\}|(?P<base>.+?)\s*\^\s*(?:\{\s*(?:\*|\\star|"
                     r"\\ast|opt|\\text\{opt\})\s*\}|\*|\\star|\\ast)")


def read_objective(latex: str, scope, where: Where) -> str | None:
    """Why the display ``latex`` is not checked when it names the parameters an arg-optimum over
    several names, a vector, a matrix or a function chooses (the error of its objective when that
    does not read); None for any other display."""
    marked = mark_optima(_LAYOUT.sub(lambda m: " " * len(m.group()), latex))
    found = [m for m in _ASSIGN.finditer(marked) if _depth(marked, m.start()) == 0]
    if len(found) != 1 or any(_depth(marked, m.start()) == 0 for m in _OTHER.finditer(marked)):
        return None
    assign = found[0]
    head, value = marked[:assign.start()], marked[assign.end():]
    operator = re.match(rf"\s*([{ARGMIN}{ARGMAX}])\s*_\s*(\{{(?:[^{{}}]|\{{(?:[^{{}}]|\{{[^{{}}]*\}})*\}})*\}}"
                        r"|\\[A-Za-z]+\s*\{[^{}]*\}|\\?[A-Za-z]+)", value)
    if operator is None:
        return None
    under = operator.group(2)
    under = under[1:-1] if under.startswith("{") else under
    # the names before a set they are taken from (\mathbf{w} \in \mathbf{S}): that set is the translator's
    names = [" ".join(re.split(r"\\in(?![a-zA-Z])", n)[0].split()) for n in under.split(",")]
    if len(names) == 1 and not _beyond_one_number(names[0], scope):
        return None         # over one number: the statement reader reads it (optima.py)
    if not _names_the_optimum(" ".join(head.split()), names, scope):
        return None
    # the objective, read as an optimum over what the operator runs over: its value is not computed, and
    # the translator still finds every name it writes (a blank in the place of the head and the assignment)
    start = assign.end() + operator.start(1)
    if marked[start + 1:start + 4].strip():
        return None         # no room for \max in the place of the mark (every spelling leaves it)
    text = " " * start + ("\\max" if operator.group(1) == ARGMAX else "\\min") + marked[start + 4:]
    try:
        translate_rows(text, scope, where)
    except ParseError as error:
        raise as_written(error, text, latex, where) from None
    word = "argmax" if operator.group(1) == ARGMAX else "argmin"
    shown = " ".join(head.split())
    return (f"an objective, {shown} = {word}_{{{under.strip()}}} …: it says which {', '.join(names)} training "
            "chooses, whose value the checker does not compute, and states no relation to check")


def _beyond_one_number(name: str, scope) -> bool:
    """Whether ``name`` under an arg-optimum is a vector, a matrix or a function (a declared family, a
    definition's vector), not one number."""
    meaning = scope.lookup("".join(name.split()))
    return isinstance(meaning, Family) or isinstance(meaning, Macro) and meaning.vector_index is not None


def _names_the_optimum(head: str, names: list[str], scope) -> bool:
    """Whether the left side ``head`` is what the optimum runs over (θ, c), marked as its optimum (θ^*,
    \\hat{θ}), or one name the notation does not declare."""
    written = [" ".join(n.split()) for n in head.split(",")]
    if [w.replace(" ", "") for w in written] == [n.replace(" ", "") for n in names]:
        return True
    if len(written) != 1:
        return False
    marked = _MARKED.fullmatch(written[0])
    if marked is not None and len(names) == 1:
        inner = (marked.group("inner") or marked.group("base") or "").replace(" ", "")
        if inner == names[0].replace(" ", ""):
            return True
    return scope.lookup(written[0].replace(" ", "")) is None and re.fullmatch(r"[\\A-Za-z{}_^*'\s]+", written[0]) is not None
