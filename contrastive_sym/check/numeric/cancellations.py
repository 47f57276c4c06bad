"""Forms of an expression that the ball evaluator computes without catastrophic cancellation, each
the same number wherever the expression is defined (and undefined where it is)."""
from __future__ import annotations

import sympy as sp

from .dual import reciprocal


def logistic_complement(e: sp.Add) -> sp.Expr | None:
    """X when ``e`` is ``1 - 1/(1 + X)`` (1 - σ(u) with X = e^{-u}), else None.  The evaluator computes it as
    :func:`over_one_plus` of X, the same number: at X = e^{-1e300} (σ of a score over a tiny temperature) the
    difference cancels to 0 at any precision, the quotient does not."""
    if len(e.args) != 2 or sp.S.One not in e.args:
        return None
    (other,) = [a for a in e.args if a is not sp.S.One]
    if not (isinstance(other, sp.Mul) and len(other.args) == 2 and other.args[0] is sp.S.NegativeOne):
        return None
    power = other.args[1]
    if not (isinstance(power, sp.Pow) and power.exp is sp.S.NegativeOne and isinstance(power.base, sp.Add)
            and sp.S.One in power.base.args):
        return None
    return power.base - 1


def over_one_plus(x):
    """X/(1 + X) of a ball or a dual number; undefined where 1 + X = 0, as 1 - 1/(1 + X) is."""
    return x * reciprocal(x + 1)
