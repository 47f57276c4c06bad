"""A claim's ``given`` (each condition one relation) and the definitions a statement writes after
it (``…, \\quad p_i = …``), read under the document's notation."""
from __future__ import annotations

import re

import sympy as sp

from ..errors import DerivationError
from ..latex.parser import Where
from ..latex.scope import Scope
from ..latex.where_clauses import where_clauses
from ..latex.translate import translate_rows
from ..model.distributions import AlphabetSum, Density, Expectation, IidExpectation, SampleExpectation
from ..model.nodes import Vector
from .context import Context

#: what a condition may not hold: the points' tables are written out for a statement's sides only
_DRAWN = (Expectation, Density, AlphabetSum, IidExpectation, SampleExpectation)

#: ``given = ['\\|z_1\\| = 1']``: vectors of norm 1 are declared so, and sampled on the sphere
_UNIT_HINT = "; vectors of norm 1 are declared so: role = \"unit\" on their [[family]] or [[function]]"


def condition_of(text: str, scope: Scope, context: Context):
    where = context.locator.where(text)
    rows = translate_rows(text, scope, where)
    if len(rows) != 1 or len(rows[0].relations) != 1:
        raise where.error("a condition is one relation")
    a, b = rows[0].sides[0].expr, rows[0].sides[1].expr
    relation = rows[0].relations[0]
    if isinstance(a, Vector) or isinstance(b, Vector):
        return _entrywise(a, b, relation, where, rows[0].of_sets)
    table = {"<": sp.StrictLessThan, ">": sp.StrictGreaterThan, "<=": sp.LessThan, ">=": sp.GreaterThan, "!=": sp.Ne, "=": sp.Eq}
    if relation not in table or relation == "=" and not (a.is_integer and b.is_integer):   # N = 1: of sizes only
        unit = relation == "=" and b == 1 and ("\\|" in text or "\\lVert" in text or "\\Vert" in text)
        raise where.error(f"a condition cannot use {relation!r}" + " between values that are not sizes or indices "
                          "(write the value in the statement)" * (relation == "=") + _UNIT_HINT * unit)
    drawn = sorted({type(n).__name__ for side in (a, b) if isinstance(side, sp.Basic)
                    for n in sp.preorder_traversal(side) if isinstance(n, _DRAWN)})
    if drawn:
        # the checker writes a distribution's tables out for the statement's sides only
        raise where.error("a condition on an expectation or a density of a declared distribution is not read as "
                          "a given: the checker draws the distributions' tables for the statement only (state "
                          "the claim without the condition, or the condition on values)")
    return table[relation](a, b)


def _entrywise(a, b, relation: str, where: Where, of_sets: bool):
    """A condition between two columns of one length, entry by entry: the set relations of a given
    (``p \\in P(i)``, read as \\{p\\} ⊆ P(i), the indicators of the two sets compared entry by entry;
    ``S \\subseteq T``).  Entry m of a ≤ entry m of b for every m is Σ_m max(0, a_m − b_m) = 0, one
    predicate the sampler evaluates at each point."""
    if not of_sets or not (isinstance(a, Vector) and isinstance(b, Vector)) or relation not in ("<=", ">=", "=") \
            or not isinstance(a.args[0], sp.Expr) or not isinstance(b.args[0], sp.Expr) \
            or sp.expand(a.args[2] - b.args[2]) != 0:     # lengths are polynomials of sizes: no simplify
        raise where.error("a condition between vectors is read for sets only, their indicators compared entry by "
                          "entry (p \\in P(i), S \\subseteq T); write a condition on numbers (z_{i,1} \\leq z_{j,1}, "
                          "\\|z_i\\| \\leq 1)")
    m = sp.Dummy("m", integer=True)
    left, right = a.args[0].xreplace({a.args[1]: m}), b.args[0].xreplace({b.args[1]: m})
    if relation == ">=":
        left, right = right, left
    excess = sp.Max(0, left - right) if relation != "=" else sp.Abs(left - right)
    return sp.Eq(sp.Sum(excess, (m, 1, a.args[2])), 0)


def rows_with_where_clauses(latex: str, scope: Scope, where: Where) -> tuple[list, list[str]]:
    """The rows of a statement, and what its reading needed: the definitions written after it
    (latex/where_clauses.py), tried only when the statement does not read without them."""
    try:
        return translate_rows(latex, scope, where), []
    except DerivationError as plain:
        found = where_clauses(latex, scope, where)
        if found is None:
            raise with_definition_hint(plain, latex)
    text, inner, reading = found
    return translate_rows(text, inner, where), [reading]


#: the name a display starts with, before its first '=' (or ':=', \triangleq), past an environment
_FIRST_NAME = re.compile(r"\s*(?:\\begin\{[a-z]+\*?\}\s*)?(.*?)\s*&?\s*(?:=|:=|\\triangleq|\\coloneqq)", re.S)


def with_definition_hint(error: DerivationError, latex: str) -> DerivationError:
    """``error`` saying how to annotate the display when it is "'\\mathcal{L}' is not declared" and the
    display starts with that name: a derivation written from a name it introduces (\\mathcal{L} &= … \\\\
    &= …) is a definition whose chain is the claim."""
    # only for the plain message: one that explains the name (a word in a subscript) says more already
    quoted = re.match(r"'(.+?)' is not declared(?: \(|$)", error.message)
    start = _FIRST_NAME.match(latex)
    if quoted and start and "".join(start.group(1).split()) == "".join(quoted.group(1).split()):
        error.message += ("; the display starts with the name it defines: annotate it define: in Markdown (a "
                          "[[define]] in TOML), and the chain after the name is checked as a claim")
    return error
