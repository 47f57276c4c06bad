r"""The constraints of an optimisation problem a display states: ``\min_q -\ell(q) \quad \text{subject
to} \quad \sum_k q(k) = 1`` (also ``\text{s.t.}``, ``\mathrm{s.t.}``, ``s.t.``, ``\text{such that}``).

The constraints are conditions on the variable the problem runs over, never statements that hold: read
as statements, ``\sum_k q(k) = 1`` would be checked (and refuted) for every q.  So when what comes
before the word is an objective (an optimum, ``\min_q``, ``\max_\theta``, ``\arg\min``, with no relation
of its own), the word and what follows it are left out of the statement read, and the reading says so;
the objective alone states nothing to check (a claim of it is refused, naming why).  The same words after
anything else are left in place, to be read or refused as before."""
from __future__ import annotations

import re

from ..latex.continuations import row_after, top_level
from .continued_steps import states_a_relation

#: the word that opens the constraints
_SUBJECT_TO = re.compile(r"\\(?:text|textrm|mathrm|operatorname|mbox)\s*\{\s*(?:s\.\s*t\.?|subject\s+to|such\s+that)"
                         r"\s*:?\s*\}|(?<![A-Za-z\\])s\.\s*t\.")
#: an optimum at the start of the objective
_OPTIMUM = re.compile(r"\\(?:min|max|sup|inf|argmin|argmax|underset|arg)(?![a-zA-Z])|\\operatorname\*?\s*\{\s*"
                      r"(?:arg\s*)?(?:min|max)|\\(?:text|mathrm)\s*\{\s*(?:minimi[sz]e|maximi[sz]e|min|max)\s*\}")
#: what ends a display's environment, or numbers it: kept after the constraints are blanked
_LAYOUT_END = re.compile(r"\\end\s*\{[a-zA-Z*]+\}|\\(?:tag\*?|label)\s*\{[^{}]*\}")


def problem_constraints(latex: str) -> tuple[str, str]:
    """(the statement to read, the reading) of ``latex``: the constraints after an objective blanked
    (same length) and said; ``(latex, "")`` for any other display."""
    flat = top_level(latex)
    found = next((m for m in _SUBJECT_TO.finditer(latex) if flat[m.start()] == latex[m.start()]), None)
    if found is None:
        return latex, ""
    # a relation before the word, in any spelling (\leqslant, \equiv, \to, …): a statement, not an objective
    if _OPTIMUM.search(latex[:found.start()]) is None or states_a_relation(latex[:found.start()]):
        return latex, ""
    end = found.end() + len(row_after(latex, found.end()))      # its row: a row after it is read as before
    tail = latex[found.start():end]
    # the ends of the environments the display opened stay (the statement is read with them)
    kept = re.sub(r"[^\n\0]", " ", _LAYOUT_END.sub(lambda m: "\0" * len(m.group()), tail))
    statement = latex[:found.start()] + "".join(t if k == "\0" else k for t, k in zip(tail, kept)) + latex[end:]
    shown = " ".join(_LAYOUT_END.sub(" ", tail.replace("&", " ")).split()).rstrip(".,")
    return statement, (f"'{shown}' are the constraints of the problem the objective states, conditions on what it "
                       "runs over (not statements to check)")
