"""A family of indices (``role = "index"``): class labels that index class weights (W_{y_i}),
indices sampled among the negatives (j_1 … j_M).  Its entries take the whole numbers of its
``values``; the translator reads an entry of another family at one of them as that entry for
each value (latex/translate/index_families.py), and sampling draws them (check/sampling)."""
from __future__ import annotations

import sympy as sp

from ..model.notation import Role
from .context import Context, read_formula


def index_values(entry: dict, name: str, role: Role, shape: tuple, scope, context: Context) -> tuple | None:
    """(first, last) of the values of a family of indices; None for any other family.  'values'
    without the role, or the role without 'values', is an error naming the line."""
    if "values" in entry and role is not Role.INDEX:
        raise context.fail(f"family {name}: 'values' is for a family of indices (role = \"index\")", ("values",))
    if role is not Role.INDEX:
        return None
    if "values" not in entry or len(entry["values"]) != 2:
        raise context.fail(f"family {name}: a family of indices gives the first and last value its entries take, "
                           "values = [1, 'C']", ("values",))
    if len(shape) != 1 or "domain" in entry:
        raise context.fail(f"family {name}: a family of indices has one dimension (y_1 … y_N) and no domain "
                           "(its values are the whole numbers of 'values')", ("role",))
    lo, hi = (read_formula(v, scope, context, ("values",)) for v in entry["values"])
    if not all(sp.sympify(v).is_integer for v in (lo, hi)):
        raise context.fail(f"family {name}: values are whole numbers or sizes, e.g. values = [1, 'C']", ("values",))
    return lo, hi


def draws_of_an_index(spec: dict, name: str, role: Role, shape: tuple) -> bool:
    """Whether a family of indices is named as a declared ``[[index]]`` is: the noise words
    w̃_1 … w̃_N beside the index w̃ a noise distribution draws (``\\sum_{i=1, \\tilde{w}_i \\sim Q}^N``).
    The family is then found by its subscript, and the name alone stays the index."""
    return role is Role.INDEX and len(shape) == 1 and any(
        isinstance(entry, dict) and entry.get("name") == name for entry in spec.get("index") or ())
