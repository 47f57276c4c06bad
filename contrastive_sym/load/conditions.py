"""A claim's ``given`` (each condition one relation) and the definitions a statement writes after
it (``…, \\quad p_i = …``), read under the document's notation."""
from __future__ import annotations

import sympy as sp

from ..errors import DerivationError
from ..latex.parser import Where
from ..latex.scope import Scope
from ..latex.where_clauses import where_clauses
from ..latex.translate import translate_rows
from .context import Context

#: ``given = ['\\|z_1\\| = 1']``: vectors of norm 1 are declared so, and sampled on the sphere
_UNIT_HINT = "; vectors of norm 1 are declared so: role = \"unit\" on their [[family]] or [[function]]"


def condition_of(text: str, scope: Scope, context: Context):
    where = context.locator.where(text)
    rows = translate_rows(text, scope, where)
    if len(rows) != 1 or len(rows[0].relations) != 1:
        raise where.error("a condition is one relation")
    a, b = rows[0].sides[0].expr, rows[0].sides[1].expr
    relation = rows[0].relations[0]
    table = {"<": sp.StrictLessThan, ">": sp.StrictGreaterThan, "<=": sp.LessThan, ">=": sp.GreaterThan, "!=": sp.Ne, "=": sp.Eq}
    if relation not in table or relation == "=" and not (a.is_integer and b.is_integer):   # N = 1: of sizes only
        unit = relation == "=" and b == 1 and ("\\|" in text or "\\lVert" in text or "\\Vert" in text)
        raise where.error(f"a condition cannot use {relation!r}" + " between values that are not sizes or indices "
                          "(write the value in the statement)" * (relation == "=") + _UNIT_HINT * unit)
    return table[relation](a, b)



def rows_with_where_clauses(latex: str, scope: Scope, where: Where) -> tuple[list, list[str]]:
    """The rows of a statement, and what its reading needed: the definitions written after it
    (latex/where_clauses.py), tried only when the statement does not read without them."""
    try:
        return translate_rows(latex, scope, where), []
    except DerivationError as plain:
        found = where_clauses(latex, scope, where)
        if found is None:
            raise plain
    text, inner, reading = found
    return translate_rows(text, inner, where), [reading]
