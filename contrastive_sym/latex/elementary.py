r"""The standard functions of one number that documents write without defining them: the
operators of LaTeX ``\cos``, ``\sin``, ``\tanh``, ``\cosh``, ``\sinh``, and the activations of
machine learning by their names, ``\text{ReLU}``, ``\text{sigmoid}``, ``\text{softplus}``
(also in ``\mathrm`` or ``\operatorname``).

They need no declaration (a document that declares the name, a cosine similarity
``\cos(u, v)`` of two vectors as a ``[[function]]``, keeps its own meaning).  Each takes one
number: ``\cos(\theta)``, ``\cos\theta`` (one factor, the last of its product or followed by
another such function: ``\cos\theta \cos m``; in ``\cos 2\theta`` the argument's extent is the
reader's guess, and the line is refused with both readings), and ``\cos^2\theta`` is
(cos θ)².  These functions are defined everywhere, so they add no condition of
definedness; ``\tan`` (with poles) and the inverse functions are not read, and ``\sigma`` (the
logistic function to some documents, a scale to others) is read only as declared (an
``[[operator]]`` with meaning ``logistic``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import sympy as sp


@dataclass(frozen=True)
class Elementary:
    """A standard function, raised to ``power`` (``\\cos^2``) where the document writes one."""

    name: str
    function: Callable
    power: int = 1
    written: str = ""       # how formulas write it, when not \name: \text{ReLU}

    @property
    def shown(self) -> str:
        return self.written or f"\\{self.name}"

    def __call__(self, value: sp.Expr) -> sp.Expr:
        return self.function(value) ** self.power


def _relu(x):
    return sp.Max(0, x)


def _sigmoid(x):
    return 1 / (1 + sp.exp(-x))


def _softplus(x):
    return sp.log(1 + sp.exp(x))


#: How formulas write them (``\mathrm{…}`` and ``\operatorname{…}`` are keyed as ``\text{…}``).
ELEMENTARY_KEYS = {rf"\{f.__name__}": Elementary(f.__name__, f) for f in (sp.cos, sp.sin, sp.tanh, sp.cosh, sp.sinh)} \
    | {rf"\text{{{name}}}": Elementary(name, f, written=rf"\text{{{name}}}")
       for name, f in (("ReLU", _relu), ("relu", _relu), ("sigmoid", _sigmoid), ("softplus", _softplus))}

__all__ = ["ELEMENTARY_KEYS", "Elementary"]
