"""Checks of the arrays and numbers handed to :mod:`contrastive_sym.losses.functions`.

Each check returns the value as float64 or raises :class:`ArrayInputError` with a
message that names the function, the argument and the offending value or shape.

>>> as_matrix("nt_xent", "z1", [[1, 0], [0, 2]]).dtype
dtype('float64')
>>> as_matrix("nt_xent", "z1", [1.0, 2.0])
Traceback (most recent call last):
  ...
contrastive_sym.errors.ArrayInputError: nt_xent: z1 must be a 2-D array of shape (N, d), got shape (2,)
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from ..errors import ArrayInputError


def as_temperature(function: str, tau: object) -> float:
    """``tau`` as a float, which must be real, positive and finite."""
    if isinstance(tau, (bool, np.bool_)) or not isinstance(tau, numbers.Real):
        raise ArrayInputError(f"{function}: tau must be a positive finite number, got tau={tau!r}")
    value = float(tau)
    if not (math.isfinite(value) and value > 0):
        raise ArrayInputError(f"{function}: tau must be a positive finite number, got tau={tau!r}")
    return value


def _as_real_array(function: str, name: str, value: object) -> np.ndarray:
    try:
        array = np.asarray(value)
    except (ValueError, TypeError) as exc:  # ragged nested lists
        raise ArrayInputError(f"{function}: {name} is not an array of numbers ({exc})") from None
    if array.dtype.kind not in "iuf":
        raise ArrayInputError(f"{function}: {name} must hold real numbers, got dtype {array.dtype}")
    return array.astype(np.float64)


def _check_finite(function: str, name: str, array: np.ndarray) -> None:
    bad = np.argwhere(~np.isfinite(array))
    if bad.size:
        where = ", ".join(str(int(i)) for i in bad[0])
        raise ArrayInputError(
            f"{function}: {name}[{where}] = {float(array[tuple(bad[0])])!r} is not finite "
            f"({len(bad)} non-finite entr{'y' if len(bad) == 1 else 'ies'} in all)")


def as_matrix(function: str, name: str, value: object) -> np.ndarray:
    """A finite real ``(N, d)`` array with ``N, d ≥ 1`` and no zero row (its cosine is undefined)."""
    array = _as_real_array(function, name, value)
    if array.ndim != 2:
        raise ArrayInputError(f"{function}: {name} must be a 2-D array of shape (N, d), got shape {array.shape}")
    if 0 in array.shape:
        raise ArrayInputError(f"{function}: {name} must have at least one row and one column, got shape {array.shape}")
    _check_finite(function, name, array)
    zero_rows = np.flatnonzero(~array.any(axis=1))
    if zero_rows.size:
        raise ArrayInputError(
            f"{function}: {name} row {int(zero_rows[0])} is all zeros, so its cosine similarity is undefined")
    return array


def as_vector(function: str, name: str, value: object) -> np.ndarray:
    """A finite real non-empty 1-D array."""
    array = _as_real_array(function, name, value)
    if array.ndim != 1 or array.size == 0:
        raise ArrayInputError(f"{function}: {name} must be a non-empty 1-D array, got shape {array.shape}")
    _check_finite(function, name, array)
    return array


def same_shape(function: str, first: tuple[str, np.ndarray], second: tuple[str, np.ndarray]) -> None:
    """Both arrays have one shape: ``"nt_xent: z1 has shape (3, 4) but z2 has shape (2, 4)"``."""
    (name_a, a), (name_b, b) = first, second
    if a.shape != b.shape:
        raise ArrayInputError(f"{function}: {name_a} has shape {a.shape} but {name_b} has shape {b.shape}")
