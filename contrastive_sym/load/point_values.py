r"""``value_shape``: a data point that is also a vector (or a number).

A context vector ``c_t`` that a density is conditioned on, ``p(x_{t+k} \mid c_t)``, and
that a bilinear model multiplies, ``z_{t+k}^\top W_k c_t``; samples ``\mathbf{x}_i`` drawn
from ``p`` whose differences ``\mathbf{x}_i - \mathbf{x}_j`` a metric measures.  Declared
with ``role = "point"`` and ``value_shape = ['d']`` (``[]`` for a number), the point stays a
point where a point is read (an argument of a declared function, of a density, a draw), and
where it is used as a value it stands for that value: the value of a hidden function of
the point, sampled as a declared function's values are (so one point has one value, and
two points may have any two).
"""
from __future__ import annotations

from dataclasses import replace

from ..latex.scope import AbstractFunction, Family, Scope, form_key
from ..model.notation import Domain
from .context import Context, read_enum, read_formula, read_text, table_entries
from .costs import check_entries


def read_point_values(spec: dict, scope: Scope, context: Context, symbol_name) -> Scope:
    """``scope`` with the value of each declared point that has a ``value_shape``."""
    builder = context.builder
    found = []
    for kind in ("scalar", "family"):
        for entry in table_entries(spec, kind, context):
            if "value_shape" not in entry:
                if entry.get("role") == "point" and "domain" in entry:
                    # a domain a point has no value to take: it would change nothing, silently
                    raise context.fail(f"{kind} {read_text(entry, 'name', context)}: a data point has no value, so no "
                                       "domain; a point with a value (value_shape = [] for a number) takes the "
                                       "domain of its value", ("domain",))
                continue
            name = read_text(entry, "name", context)
            if entry.get("role") != "point":
                raise context.fail(f"{kind} {name}: value_shape is the value of a data point; it goes with "
                                   "role = \"point\" (a value of its own is a [[scalar]] or [[family]] with shape)",
                                   ("value_shape",))
            shape = tuple(read_formula(s, scope, context) for s in entry["value_shape"])
            if len(shape) > 1:
                raise context.fail(f"{kind} {name}: value_shape = ['d'] makes each point a vector of d "
                                   "components ([] a number); a matrix is not read", ("value_shape",))
            check_entries(name, shape, context.largest, context, ("value_shape",))
            # the samples x_1 … x_n beside a point x are bound under a form of x's name
            meaning = next((m for m in (scope.lookup(k) for k in (name, form_key(name, "subscript"),
                                                                 form_key(name, "superscript")))
                            if isinstance(m, Family)), None) if kind == "family" else scope.lookup(name)
            point = meaning.base if isinstance(meaning, Family) else meaning
            if point not in scope.points:      # a backstop: the role says it is a point
                raise context.fail(f"{kind} {name}: value_shape goes with a data point", ("value_shape",))
            # a witness writes val(c_t)_1 = 0.5: the first component of the point c_t
            # its domain is its value's (a positive random number X, whose log a document takes)
            domain = read_enum(Domain, entry.get("domain", "real"), context, context.locator.origin(name))
            function = builder.function(symbol_name(name) + "__value", 1, shape, domain,
                                        latex=r"\operatorname{val}", origin=context.locator.origin(name))
            found.append((point, AbstractFunction(name, function, 1, shape[0] if shape else None)))
    return replace(scope, point_values=scope.point_values + tuple(found)) if found else scope
