r"""Applications of functions the document names without defining them (``[[function]]``):
``f(\mathbf{x})``, ``T_\omega(x, y)``, ``\text{sim}(h_i, h_i^+)``; and the rule that data
points (role ``point``) are only ever their arguments."""
from __future__ import annotations

import sympy as sp
from sympy.core.function import AppliedUndef

from ..scope import AbstractFunction, Family
from .values import ListValue, Segment, VectorValue


class AbstractFunctionsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads ``f(x)``."""

    def _call_abstract(self, meaning: AbstractFunction, items, node):
        value = self._items(items)
        if isinstance(value, ListValue):
            if any(s.var is not None for s in value.segments):
                raise self.fail(node, "an ellipsis among the arguments of a declared function is not read")
            bad = sorted(set(value.separators) - {",", ";"})
            if bad:
                raise self.fail(node, f"'{bad[0]}' between the arguments of {meaning.name}: a "
                                      "conditional p(x \\mid c) is not read; a declared function "
                                      "takes data points separated by commas")
            args = [s.pattern for s in value.segments]
        else:
            args = [Segment(value).pattern]
        # \mathbf{x} beside \mathbf{x}_i: the sample without an index is a point of its own
        args = [a.base.label if isinstance(a, Family) and a.base in self.scope.points else a for a in args]
        if len(args) != meaning.arguments:
            raise self.fail(node, f"{meaning.name} is declared with {meaning.arguments} "
                                  f"argument{'s' * (meaning.arguments != 1)}; here it has {len(args)}")
        for arg in args:
            if not self._is_point(arg):
                shown = self.source(items).strip()
                raise self.fail(node, f"the arguments of {meaning.name} are data points, and "
                                      f"({shown}) has one that is not: declare each argument as a "
                                      "[[scalar]] or [[family]] with role = \"point\"")
        if meaning.length is None:
            return meaning.function(*args)
        m = sp.Dummy("m", integer=True)
        return VectorValue(meaning.function(*args, m), m, meaning.length)

    def _is_point(self, value) -> bool:
        points = self.scope.points
        if isinstance(value, sp.Indexed):
            return value.base in points
        return isinstance(value, sp.Symbol) and (value in points or sp.IndexedBase(value) in points)

    def refuse_loose_points(self, expr, node) -> None:
        """A data point used as a number (``x + 1``, ``\\tau x``): it has no value."""
        points = self.scope.points
        if not points or not isinstance(expr, sp.Basic):
            return
        loose = _loose_points(expr, points)
        if loose:
            raise self.fail(node, f"{loose} is a data point (role \"point\"): it has no value, and is "
                                  "only an argument of a declared function such as f(x)")


def _loose_points(expr: sp.Basic, points) -> str | None:
    """The first point of ``expr`` that is not inside an application of a declared function."""
    if isinstance(expr, AppliedUndef):
        return None
    if isinstance(expr, sp.Indexed) and expr.base in points:
        return str(expr)
    if isinstance(expr, sp.Symbol) and (expr in points or sp.IndexedBase(expr) in points):
        return str(expr)
    for arg in expr.args:
        found = _loose_points(arg, points)
        if found is not None:
            return found
    return None
