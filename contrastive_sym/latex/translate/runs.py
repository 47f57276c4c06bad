r"""Which way a run written from one end to another counts: ``x_1, \dots, x_N`` up, ``x_N + \dots + x_1``
and ``w_N \\ \vdots \\ w_2`` down.  Certain where SymPy knows the sign of the difference of the ends;
between ends that differ by a linear expression of the declared sizes alone, as that expression grows
with them (the run the document writes for the sizes it is about: 2 to N up, N to 2 down, where N − 2
has no known sign since a size is only known to be positive); otherwise not known."""
from __future__ import annotations

import sympy as sp


def size_symbols(scope) -> frozenset:
    """The symbols of the declared sizes in ``scope``."""
    return frozenset(meaning for meaning in (scope.lookup(name) for name in scope.size_names)
                     if isinstance(meaning, sp.Symbol))


def run_direction(lo, hi, sizes=frozenset()) -> int | None:
    """1 when a run written from ``lo`` to ``hi`` counts up, -1 when it counts down: for certain (1 to N,
    3 to 1, N to 1 with N ≥ 1), or, between ends that differ by a linear expression of the declared
    ``sizes`` (symbols) alone, as that expression grows with them (2 to N up, N to 2 down: the run the
    document writes for the sizes it is about); None when which is not known (x_i to x_N)."""
    difference = sp.sympify(hi - lo)
    if difference.is_nonnegative is True:
        return 1
    if difference.is_nonpositive is True:
        return -1
    symbols = difference.free_symbols
    if not symbols or not symbols <= set(sizes) or not difference.is_polynomial(*symbols) \
            or sp.Poly(difference, *symbols).total_degree() != 1:
        return None
    signs = {sp.sign(difference.coeff(symbol)) for symbol in symbols}
    return 1 if signs == {1} else -1 if signs == {-1} else None


def downwards(lo, hi, sizes=frozenset()) -> bool:
    """Whether a run written from ``lo`` to ``hi`` counts down (:func:`run_direction`)."""
    return run_direction(lo, hi, sizes) == -1

