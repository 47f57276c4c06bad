r"""Conditions on indices written after a statement, as papers write them: ``\frac{\partial \mathcal{L}}
{\partial s_{ij}} = \frac{p_j}{\tau} \quad (j \neq i)``, ``… \quad \text{for } j \neq i``, ``…, \forall k \neq i``.

The statement holds where the indices differ, and says so: the clause is the claim's ``given`` (each
comparison one condition), it is left out of the statement read, and the claim's reading says so.
Two indices told apart by ``\neq`` are read so, and after ``\forall`` or a word (for, if, when) a bound on
one value too (``\forall t > 1``: after a comma alone, ``c > 0`` may be a second statement); any other
clause is left in place, to be read or refused as before."""
from __future__ import annotations

import re

from .problem_constraints import problem_constraints

_COMPARISON = r"[A-Za-z]\s*\\neq?(?![a-zA-Z])\s*[A-Za-z]"
#: a bound on one value, t > 1, \tau \geq 0: read as a condition only after \forall or a word (for, if,
#: when); after a comma alone it may as well be a second statement (A = B, \quad c > 0)
_BOUND = (r"(?:\\[a-zA-Z]+|[A-Za-z])\s*(?:[<>]|\\(?:geq?|leq?|lt|gt)(?![a-zA-Z]))\s*"
          r"(?:-?\s*\d+(?:\.\d+)?|\\[a-zA-Z]+|[A-Za-z])")
#: two indices said equal (\quad i = j: the case of a derivative of a softmax), read as a condition only when
#: both are declared indices (a statement "i = j" of two free indices says nothing to check)
_EQUAL = r"[A-Za-z]\s*=\s*[A-Za-z](?![A-Za-z_^{(\\])"
_ONE = rf"(?:{_COMPARISON}|{_BOUND}|{_EQUAL})"
_CLAUSE = re.compile(
    r"(?P<gap>(?:\s|,|\\[,;: ]|\\q?quad(?![a-zA-Z])|~)+)"
    r"(?P<word>\\(?:text|textrm|mathrm)\s*\{\s*(?:for|if|when)(?:\s+all)?\s*\}\s*|\\forall(?![a-zA-Z])\s*)?"
    r"(?P<open>\\left\s*\(|\()?\s*"
    rf"(?P<conditions>{_ONE}(?:\s*,\s*{_ONE})*)\s*"
    r"(?(open)(?:\\right\s*\)|\)))\s*[.,]?\s*$")
#: the same clause written first, after \forall and before the statement it conditions: ``\forall t > 1,
#: \quad t^2 > t``, ``\forall i \neq j: s_{ij} \le 1``
_LEADING = re.compile(
    r"^(?P<lead>\s*(?:&\s*)?(?:\\forall(?![a-zA-Z])|\\(?:text|textrm|mathrm)\s*\{\s*for\s+(?:all|every|each)\s*\})\s*"
    r"(?P<open>\\left\s*\(|\()?\s*"
    rf"(?P<conditions>{_ONE}(?:\s*,\s*{_ONE})*)\s*"
    r"(?(open)(?:\\right\s*\)|\)))\s*[,:]\s*(?:\\[,;: ]|\\q?quad(?![a-zA-Z])|~|\s)*)")
#: how far from the end a clause is looked for (a formula of thousands of spaces is not scanned whole)
_TAIL = 200
#: a relation the statement before the clause states
_RELATION = re.compile(r"(?<![\\<>!])=|(?<!\\)[<>]|\\(?:leq?|geq?|approx|propto|simeq|gg|ll)(?![a-zA-Z])")


def condition_clause(entry: dict, latex: str, indices: frozenset = frozenset()) -> tuple[dict, str, str]:
    """(the claim's entry with the conditions as its ``given``, the statement to read, the reading) of
    ``latex``; ``(entry, latex, "")`` when it opens or ends with no such clause.  The clause is set apart by a
    comma or a wide space, or written in parentheses, in words or after \\forall: ``a = b j \\neq i``
    is not a statement and a condition."""
    statement, said = problem_constraints(latex)     # \min_q f(q) \text{ s.t. } …: the problem's constraints
    if said:
        return entry, statement, said
    leading = _LEADING.match(latex)
    if leading is not None and _RELATION.search(latex[leading.end():]):
        return _given(entry, latex, leading, "lead", "before", indices)
    found = _CLAUSE.search(latex, max(0, len(latex) - _TAIL))      # a clause is short: no scan of the whole
    if found is None or found.start() == 0 or not _RELATION.search(latex[:found.start()]):
        return entry, latex, ""
    if not (found.group("word") or found.group("open") or re.search(r",|\\q?quad|~|\\[;:]", found.group("gap"))):
        return entry, latex, ""
    if not found.group("word") and re.search(_BOUND, found.group("conditions")):
        return entry, latex, ""
    return _given(entry, latex, found, 0, "after", indices)


def _given(entry: dict, latex: str, found, group, where: str, indices: frozenset) -> tuple[dict, str, str]:
    """The claim's entry with the conditions of the clause ``found`` (its ``group`` spans the clause) as its
    ``given``, the statement with the clause blanked (columns kept), and the reading; the entry unchanged
    when an equality of the clause compares values, not declared indices (a statement of its own, as before).
    ``_clause_given``: which of the given the clause wrote (a display of several statements gives them to
    its last one only)."""
    conditions = [" ".join(c.split()) for c in re.findall(_ONE, found.group("conditions"))]
    if any(re.fullmatch(_EQUAL, c) and not set(re.split(r"\s*=\s*", c)) <= indices for c in conditions):
        return entry, latex, ""
    start, end = found.span(group)
    statement = latex[:start] + re.sub(r"[^\n]", " ", latex[start:end]) + latex[end:]
    reading = f"the condition{'s' * (len(conditions) > 1)} {', '.join(conditions)} written {where} the statement " \
              f"{'are' if len(conditions) > 1 else 'is'} read as its given"
    return {**entry, "given": [*entry.get("given", ()), *conditions], "_clause_given": tuple(conditions)}, \
        statement, reading


def declared_indices(scope) -> frozenset:
    """The names of the declared indices of ``scope``, as written (what an equality clause may compare)."""
    return frozenset(key for key, meaning in scope.names.items()
                     if getattr(meaning, "is_Symbol", False) and scope.index_range(meaning) is not None)
