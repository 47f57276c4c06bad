"""A display read: its text parsed and translated into rows of sides and relations (the public entry
points of the translator)."""
from __future__ import annotations

import sympy as sp

from ...errors import AmbiguousPairing
from ..bar_readings import one_pairing, with_said
from ..continuations import drop_leading_proportional, leading_proportional_name
from ..expand import expand_macros, written_positions
from ..parser import Where, parse
from ..scope import Scope
from ..unwritten_operands import with_differentiated_reading
from .term_labels import labelled_terms
from .translator import Translator
from .values import Row


def translate_rows(text: str, scope: Scope, where: Where = Where()) -> list[Row]:
    """Parse and translate one display: its rows of sides and relations."""
    written = text
    text, where = expand_macros(text, scope, where)
    introduced = leading_proportional_name(text)
    if introduced is not None and scope.lookup("".join(introduced[1].split())) is None:
        # "f_\text{opt} \propto A = B": a new name up to a factor, then a chain to check
        text = drop_leading_proportional(text)
    else:
        introduced = None
    labels = frozenset(label for label, _ in scope.term_labels)

    def read(tree):
        translator = Translator(text, scope, where, introduced[0] if introduced else None)
        rows = with_differentiated_reading(translator.rows(tree), written, scope.differentiated)
        rows = translator.refuse_ordered_gradients(translator.refuse_ambiguous_pair_sums(rows, tree))
        return written_positions(labelled_terms(rows, translator), where)
    try:
        try:
            return read(parse(text, where, labels))
        except AmbiguousPairing as ambiguity:       # bars that pair in several ways: bar_readings.py
            rows, said = one_pairing(ambiguity, lambda pairing: read(parse(text, where, labels, pairing)), text,
                                     scope.readings)
            return with_said(rows, said)
    except RecursionError:
        # MAX_DEPTH is meant to stop first; this is the backstop should SymPy recurse
        # deeper than the translator does on some construct.
        raise where.error("the formula is nested too deeply to translate", 1, 1,
                          text[:60]) from None


def translate_expr(text: str, scope: Scope, where: Where = Where()) -> sp.Expr:
    """Parse and translate a formula that is one expression (no relation)."""
    rows = translate_rows(text, scope, where)
    if len(rows) != 1 or len(rows[0].sides) != 1:
        raise where.error("expected one expression, without a relation")
    return rows[0].sides[0].expr
