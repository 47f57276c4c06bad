r"""The registry of encodings the numpy losses evaluate, and how one is compiled and run.

Each entry names a builder of the loss's SymPy encoding (:mod:`contrastive_sym.model.encodings`)
with *symbolic* sizes, the array families it differentiates (``families``) and those it only
reads (``constants``: a label mask).  The first use of a loss in a process rewrites its encoding
for float64 (:func:`.tensor_rewrite.stabilise`), differentiates it entry by entry
(:func:`.tensor_rewrite.gradient`) and compiles both into one numpy program
(:class:`.tensor_eval.TensorProgram`); later uses only run that program.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

import numpy as np
import sympy as sp

from ..errors import ArrayInputError
from ..model import encodings
from ..model.nodes import strip_stop_grad
from .inputs import as_matrix, as_temperature, same_shape
from .tensor_eval import TensorProgram
from .tensor_rewrite import gradient, stabilise

# The symbolic sizes and parameters every encoding is built with, and its array families.
N = sp.Symbol("N", integer=True, positive=True)
D = sp.Symbol("d", integer=True, positive=True)
TAU = sp.Symbol("tau", positive=True)
SIGMA = sp.Symbol("sigma", positive=True)
ALPHA = sp.Symbol("alpha", positive=True)
T = sp.Symbol("t", positive=True)
_Z = sp.IndexedBase("z")
_QUERY = sp.IndexedBase("query")
_KEY = sp.IndexedBase("key")
_X = sp.IndexedBase("x")
_Y = sp.IndexedBase("y")
_SAME = sp.IndexedBase("same")
_CANDIDATES = sp.IndexedBase("candidates")
QUEUE_LENGTH = sp.Symbol("K", integer=True, positive=True)


def _gradient_indices(family: int, rank: int) -> tuple[sp.Symbol, ...]:
    """The free indices ``p, q`` of ``∂L/∂base[p, q]``; each family has its own."""
    return tuple(sp.Symbol(f"{letter}{family}", integer=True) for letter in "pqr"[:rank])


@dataclass(frozen=True)
class _Family:
    """One array argument of an encoding: its ``IndexedBase`` and its symbolic shape."""

    base: sp.IndexedBase
    shape: tuple[sp.Expr, ...]


@dataclass(frozen=True)
class _Encoding:
    """How to build one loss's encoding with symbolic sizes, the arrays it is differentiated
    by (``families``) and the arrays it only reads (``constants``)."""

    build: Callable[[], sp.Expr]
    families: tuple[_Family, ...]
    constants: tuple[_Family, ...] = ()


_TWO_VIEWS = (_Family(_Z, (2 * N, D)),)
_PAIRS = (_Family(_QUERY, (N, D)), _Family(_KEY, (N, D)))

ENCODINGS = {
    "nt_xent": _Encoding(lambda: encodings.nt_xent(_Z, N, D, TAU), _TWO_VIEWS),
    "flat_nce": _Encoding(lambda: encodings.flat_nce_batch(_Z, N, D, TAU), _TWO_VIEWS),
    "info_nce": _Encoding(lambda: encodings.info_nce_rows(_QUERY, _KEY, N, D, TAU), _PAIRS),
    "logsumexp": _Encoding(lambda: encodings.logsumexp(_X, N), (_Family(_X, (N,)),)),
    "clip": _Encoding(lambda: encodings.clip(_QUERY, _KEY, N, D, TAU), _PAIRS),
    "dcl": _Encoding(lambda: encodings.dcl(_Z, N, D, TAU), _TWO_VIEWS),
    "dclw": _Encoding(lambda: encodings.dclw(_Z, N, D, TAU, SIGMA), _TWO_VIEWS),
    "supcon": _Encoding(lambda: encodings.supcon(_Z, _SAME, N, D, TAU), (_Family(_Z, (N, D)),),
                        (_Family(_SAME, (N, N)),)),
    "alignment": _Encoding(lambda: encodings.alignment(_X, _Y, N, D, ALPHA),
                           (_Family(_X, (N, D)), _Family(_Y, (N, D)))),
    "uniformity": _Encoding(lambda: encodings.uniformity(_X, N, D, T), (_Family(_X, (N, D)),)),
    "moco": _Encoding(lambda: encodings.moco(_QUERY, _CANDIDATES, N, QUEUE_LENGTH, D, TAU),
                      (_Family(_QUERY, (N, D)), _Family(_CANDIDATES, (N, QUEUE_LENGTH + 1, D)))),
}


@functools.cache
def stabilised(name: str) -> sp.Expr:
    """The encoding after the exact float64 rewrites, ``StopGrad`` still in place."""
    return stabilise(ENCODINGS[name].build())


@functools.cache
def _gradient_expressions(name: str) -> tuple[sp.Expr, ...]:
    """``∂L/∂base[p, q]`` for each differentiated family, derived by ``sympy.diff``."""
    result = []
    for number, family in enumerate(ENCODINGS[name].families):
        free = _gradient_indices(number, len(family.shape))
        ranges = {i: (sp.S.One, size) for i, size in zip(free, family.shape)}
        result.append(gradient(stabilised(name), family.base[free], ranges))
    return tuple(result)


@functools.cache
def _program(name: str, with_gradients: bool) -> TensorProgram:
    """The value (output 0) and, if asked, each family's gradient, compiled for numpy."""
    outputs = [(strip_stop_grad(stabilised(name)), ())]
    if with_gradients:
        for number, (family, expr) in enumerate(zip(ENCODINGS[name].families, _gradient_expressions(name))):
            outputs.append((expr, _gradient_indices(number, len(family.shape))))
    return TensorProgram(outputs)


def evaluate(name: str, arrays: tuple[np.ndarray, ...], sizes: dict, want_grad: bool,
             constants: tuple[np.ndarray, ...] = ()):
    """``(value, gradients)`` of encoding ``name`` at ``arrays`` (one per differentiated family,
    then ``constants``, one per read-only family); no gradients unless asked."""
    encoding = ENCODINGS[name]
    ranges = {
        index: (1, length)
        for number, array in enumerate(arrays)
        for index, length in zip(_gradient_indices(number, array.ndim), array.shape)
    }
    bound = {f.base: a for f, a in zip(encoding.families, arrays)}
    bound.update({f.base: a for f, a in zip(encoding.constants, constants)})
    results = _program(name, want_grad).run(bound, sizes, ranges)
    return float(results[0]), tuple(results[1:])


def scale_rows(z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(u, e)`` with each row (the last axis) ``u_a = 2^{-e_a} z_a`` and ``max_m |u_{a m}| ∈ [1/2, 1)`` (see
    :mod:`.functions`: the losses see a row only through its direction)."""
    _, exponents = np.frexp(np.max(np.abs(z), axis=-1))
    return np.ldexp(z, -exponents[..., None]), exponents


def unscale_rows(g: np.ndarray, exponents: np.ndarray) -> np.ndarray:
    return np.ldexp(g, -exponents[..., None])


def rows_loss(name: str, z: np.ndarray, sizes: dict, grad: bool, constants: tuple = ()):
    """A loss of one family of rows ``z`` (validated by the caller): rescaled, evaluated, the gradient unscaled."""
    u, exponents = scale_rows(z)
    value, grads = evaluate(name, (u,), sizes, grad, constants)
    return (value, (unscale_rows(grads[0], exponents),)) if grad else value


def two_views(name: str, z1, z2, tau) -> tuple[np.ndarray, np.ndarray, float]:
    """The two views checked (matrices of one shape) and the temperature."""
    z1 = as_matrix(name, "z1", z1)
    z2 = as_matrix(name, "z2", z2)
    same_shape(name, ("z1", z1), ("z2", z2))
    return z1, z2, as_temperature(name, tau)


def two_view_loss(name: str, z1, z2, tau, grad: bool, parameters: dict | None = None):
    """A loss of the ``2N`` rows ``[z1; z2]`` (``N ≥ 2`` where every anchor needs a negative
    besides its positive); the gradient split back into the two views."""
    z1, z2, tau = two_views(name, z1, z2, tau)
    n, d = z1.shape
    if name in ("flat_nce", "dcl", "dclw") and n < 2:
        raise ArrayInputError(
            f"{name}: needs N >= 2 samples so that every anchor has a negative, got z1 of shape {z1.shape}")
    u, exponents = scale_rows(np.concatenate([z1, z2]))
    value, grads = evaluate(name, (u,), {N: n, D: d, TAU: tau, **(parameters or {})}, grad)
    if not grad:
        return value
    g = unscale_rows(grads[0], exponents)
    return value, (g[:n].copy(), g[n:].copy())


def pair_loss(name: str, first, second, names: tuple[str, str], parameters: dict, grad: bool):
    """A loss of two families of ``N`` rows each (image and text, or x and y)."""
    a = as_matrix(name, names[0], first)
    b = as_matrix(name, names[1], second)
    same_shape(name, (names[0], a), (names[1], b))
    n, d = a.shape
    (u, eu), (v, ev) = scale_rows(a), scale_rows(b)
    value, grads = evaluate(name, (u, v), {N: n, D: d, **parameters}, grad)
    if not grad:
        return value
    return value, (unscale_rows(grads[0], eu), unscale_rows(grads[1], ev))
