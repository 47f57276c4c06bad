r"""``path``: what moves with a scalar parameter θ, so that ∂/∂θ (and ∇_θ) is a derivative along it:
a declared family (the rows z + θ·v), or a declared function of data points (a model's scores
s(a, b) + θ·g(a, b), which move with its parameters; ∇_θ L through them is Σ ∂L/∂s · ∇_θ s)."""
from __future__ import annotations

import sympy as sp

from ..latex.scope import AbstractFunction, Family
from ..latex.scope import Path as ScopePath
from .context import Context


def read_path(path: dict, context: Context) -> ScopePath:
    scope = context.scope
    parameter = scope.lookup(path.get("parameter", ""))
    family, along = scope.lookup(path.get("moves", "")), scope.lookup(path.get("along", ""))
    if isinstance(parameter, sp.Symbol) and isinstance(family, AbstractFunction) and isinstance(along, AbstractFunction):
        # the scores of a model (s(q, p_i) = f_θ(q)^T f_θ(p_i)) moving with its parameters: ∇_θ L through
        # them is Σ ∂L/∂s · ∇_θ s, each ∇_θ s(a, b) the direction's along(a, b), any number
        if family.overloads or along.overloads or family.arguments != along.arguments \
                or family.length is not None or along.length is not None:
            raise context.fail("path: a function that moves is a declared [[function]] of data points with one "
                               "value, and 'along' one of as many arguments", ("path",))
        return ScopePath(parameter, family.function, along.function)
    if not isinstance(parameter, sp.Symbol) or not isinstance(family, Family) \
            or not isinstance(along, Family) or family.shape != along.shape:
        raise context.fail("path: 'parameter' names a declared scalar, 'moves' and 'along' two "
                           "declared families of the same shape (or two declared [[function]]s of as many "
                           "arguments)", ("path",))
    return ScopePath(parameter, family.base, along.base)
