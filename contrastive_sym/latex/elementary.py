r"""The standard functions of one number that documents write without defining them: the
operators of LaTeX ``\cos``, ``\sin``, ``\tan``, ``\tanh``, ``\cosh``, ``\sinh``, and the activations of
machine learning by their names, ``\text{ReLU}``, ``\text{sigmoid}``, ``\text{softplus}``
(also in ``\mathrm`` or ``\operatorname``); and two functions of a vector, ``\text{softmax}(z)_i``
and ``\text{LSE}(z)`` (``\text{logsumexp}``), log Σ_k e^{z_k}.

They need no declaration (a document that declares the name as a ``[[function]]`` keeps its own
meaning).  ``\cos(u, v)`` of two vectors of one length is their cosine similarity u·v/(‖u‖ ‖v‖),
undefined where one is 0 (translate/functions.py).  Otherwise each takes one number: ``\cos(\theta)``, ``\cos\theta`` (one factor, the last of its product or followed by
another such function: ``\cos\theta \cos m``; in ``\cos 2\theta`` the argument's extent is the
reader's guess, and the line is refused with both readings), and ``\cos^2\theta`` is
(cos θ)².  These functions but ``\tan`` are defined everywhere, so they add no condition of
definedness.  The inverse functions ``\arccos`` and ``\arcsin`` (the angle of a cosine
similarity in angular-margin losses) are defined on [-1, 1] only: elsewhere a side that uses
them is undefined, as a logarithm of a negative number is; ``\arctan`` is defined everywhere.
``\operatorname{arctanh}`` (also ``artanh``, ``atanh``, in ``\text`` or ``\mathrm``) is defined on (-1, 1),
``arccosh`` on [1, ∞), ``arcsinh`` everywhere.
``\tan`` is defined where the cosine of its argument is not 0 (its poles, where a side that
uses it is undefined).  ``\cos^{-1}`` (the inverse to some readers, the reciprocal to others) is not
read, and ``\sigma`` (the logistic function to some documents, a scale to others) is read only as
declared (an ``[[operator]]`` with meaning ``logistic``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import sympy as sp

from ..model.definedness import kept
from ..model.nodes import RealMax


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
        # cos(arccos x) is x to SymPy, defined everywhere; as written, only on [-1, 1]
        return kept(self.function(value) ** self.power, value)


def _relu(x):
    return RealMax(0, x)


def _sigmoid(x):
    return 1 / (1 + sp.exp(-x))


def _softplus(x):
    return sp.log(1 + sp.exp(x))


@dataclass(frozen=True)
class OfVector:
    r"""A standard function of a vector: ``\text{softmax}(z)`` and ``\text{log\_softmax}(z)`` (vectors,
    read entry by entry, ``\text{softmax}(z)_i``) or ``\text{LSE}(z)``, log Σ_k e^{z_k} (a number)."""

    name: str
    written: str

    def of(self, component: Callable, index: sp.Symbol, length: sp.Expr):
        """The value at the vector whose component at ``index`` is ``component(index)``: the
        softmax's component at ``index``, or the number."""
        k = sp.Dummy("k", integer=True)
        total = sp.Sum(sp.exp(component(k)), (k, 1, length))
        if self.name == "log_softmax":      # PyTorch's log_softmax: z_i − log Σ_k e^{z_k}
            return component(index) - sp.log(total)
        return sp.exp(component(index)) / total if self.name == "softmax" else sp.log(total)


#: How formulas write them (``\mathrm{…}`` and ``\operatorname{…}`` are keyed as ``\text{…}``).
ELEMENTARY_KEYS = {rf"\{f.__name__}": Elementary(f.__name__, f) for f in (sp.cos, sp.sin, sp.tan, sp.tanh, sp.cosh,
                                                                          sp.sinh)} \
    | {f.__name__: Elementary(f.__name__, f, written=f.__name__) for f in (sp.cos, sp.sin, sp.tanh)} \
    | {rf"\{name}": Elementary(name, f) for name, f in (("arccos", sp.acos), ("arcsin", sp.asin), ("arctan", sp.atan))} \
    | {rf"\text{{{name}}}": Elementary(name, f, written=rf"\text{{{name}}}")
       for name, f in (("ReLU", _relu), ("relu", _relu), ("sigmoid", _sigmoid), ("softplus", _softplus),
                       # the inverse hyperbolic functions, which LaTeX has no command for (the
                       # temperature-free InfoNCE's 2 arctanh(s)): arctanh is defined on (-1, 1) only
                       ("arctanh", sp.atanh), ("artanh", sp.atanh), ("atanh", sp.atanh),
                       ("arcsinh", sp.asinh), ("arsinh", sp.asinh), ("arccosh", sp.acosh), ("arcosh", sp.acosh))} \
    | {rf"\text{{{written}}}": OfVector(name, rf"\text{{{written}}}")
       for written, name in (("softmax", "softmax"), ("LSE", "LSE"), ("logsumexp", "LSE"),
                             ("log\\_softmax", "log_softmax"), ("log_softmax", "log_softmax"),
                             ("logsoftmax", "log_softmax"))}
# the same names in plain letters, as Markdown notes write them (softmax(x)_i, logsumexp(x)): a run of
# letters no declaration names (LSE alone is left to the documents, which define it)
ELEMENTARY_KEYS |= {name: Elementary(name, f, written=name) for name, f in (
    ("sigmoid", _sigmoid), ("softplus", _softplus), ("relu", _relu), ("ReLU", _relu))} \
    | {written: OfVector(name, written) for written, name in (
        ("softmax", "softmax"), ("logsumexp", "LSE"), ("logsoftmax", "log_softmax"))}

__all__ = ["ELEMENTARY_KEYS", "Elementary", "OfVector"]
