r"""The standard functions of one number that LaTeX writes as operators: ``\cos``, ``\sin``,
``\tanh``, ``\cosh``, ``\sinh``.

They need no declaration (a document that declares the name, a cosine similarity
``\cos(u, v)`` of two vectors as a ``[[function]]``, keeps its own meaning).  Each takes one
number: ``\cos(\theta)``, ``\cos\theta`` (one factor, the last of its product: in
``\cos\theta\sin\theta`` or ``\cos 2\theta`` the argument's extent is the reader's guess, and
the line is refused with both readings), and ``\cos^2\theta`` is (cos θ)².  These functions are
defined everywhere, so they add no condition of definedness; ``\tan`` (with poles) and the
inverse functions are not read.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp


@dataclass(frozen=True)
class Elementary:
    """A standard function, raised to ``power`` (``\\cos^2``) where the document writes one."""

    name: str
    function: sp.FunctionClass
    power: int = 1

    def __call__(self, value: sp.Expr) -> sp.Expr:
        return self.function(value) ** self.power


#: How formulas write them.
ELEMENTARY_KEYS = {rf"\{f.__name__}": Elementary(f.__name__, f) for f in (sp.cos, sp.sin, sp.tanh, sp.cosh, sp.sinh)}

__all__ = ["ELEMENTARY_KEYS", "Elementary"]
