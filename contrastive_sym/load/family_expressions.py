r"""A family whose entries are an expression of their index (``[[family]]`` with ``index`` and
``equals``): the one-hot labels of a cross entropy, y_i = 𝟙[i = w_O] (a post says in words that
y_i is 1 for the output word and 0 for every other), which a declared family of free entries
cannot say.  The family is then no variable of its own: every y_k is the expression at i = k,
as a definition ``y_i = …`` would make it, and its name alone is the vector of its entries
(``z_b - \bar{z}`` of the batch mean \bar{z}_r = \frac{1}{N} \sum_b z_{b,r})."""
from __future__ import annotations

import re

import sympy as sp

from ..latex.scope import Macro, Scope
from ..model.nodes import Vector
from .context import Context, read_formula

#: what a family of expressions may also say: its name and shape (the rest belongs to variables)
_ALLOWED = {"name", "shape", "index", "equals"}


def family_expression(entry: dict, name: str, scope: Scope, context: Context) -> Macro:
    """The definition of the entries of ``name`` by ``entry['equals']``, an expression of the
    letter ``entry['index']`` and of what is declared above."""
    others = sorted(set(entry) - _ALLOWED)
    if others:
        raise context.fail(f"family {name}: 'equals' makes its entries an expression of their index; "
                           f"{', '.join(repr(k) for k in others)} belong{'s' if len(others) == 1 else ''} to a "
                           "family of variables", ("equals",))
    shape = entry.get("shape", ())
    letter = entry.get("index")
    if len(shape) != 1 or not isinstance(letter, str) or not re.fullmatch(r"[A-Za-z]", letter.strip()):
        raise context.fail(f"family {name}: a family given by 'equals' has one dimension (shape = ['V']) "
                           "and names its entry's index by one letter, index = 'i'",
                           ("index",) if "index" in entry else ("equals",))
    letter = letter.strip()
    if scope.lookup(letter) is not None:
        raise context.fail(f"family {name}: index = '{letter}' names something declared above; the entry's "
                           "index is a letter of its own", ("index",))
    parameter = sp.Symbol(f"{letter}_param", integer=True)
    length = read_formula(shape[0], scope, context)
    inner = scope.bind(letter, parameter).with_index_range(parameter, sp.S.One, length)
    body = read_formula(entry["equals"], inner, context, ("equals",))
    # a number at each index: not a vector (a family written bare), a matrix, nor what SymPy knows is not
    # real (the imaginary unit); a quotient of positive entries by their sum is not known real, and is
    bare = body.atoms(sp.IndexedBase) - {e.base for e in body.atoms(sp.Indexed)} if isinstance(body, sp.Basic) else ()
    if not isinstance(body, sp.Expr) or isinstance(body, (sp.MatrixBase, Vector)) or body.is_real is False \
            or body.has(sp.I) or bare:
        raise context.fail(f"family {name}: equals = {entry['equals']!r} is not a real number at each index",
                           ("equals",))
    return Macro(name, body, index_params=(parameter,), defined_in=scope, entries=length)
