"""The working precision of python-flint, which lives in one global context:
:func:`working_bits` sets it for a block and always restores it, as mpmath's ``workdps`` does."""
from __future__ import annotations

import contextlib
import math

import flint


def digits_to_bits(digits: int) -> int:
    return int(math.ceil(digits * 3.3219280948873626)) + 8


@contextlib.contextmanager
def working_bits(bits: int):
    """Set python-flint's working precision for a block and restore it afterwards."""
    saved = flint.ctx.prec
    flint.ctx.prec = bits
    try:
        yield
    finally:
        flint.ctx.prec = saved
