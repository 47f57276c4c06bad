r"""The information measures of a declared distribution's points, as expectations over it: the
mutual information ``I(X; Y)``, ``I(X; Y, Z)``, ``I(X; Y \mid Z)`` and the entropies ``H(X)``,
``H(X, Y)``, ``H(Y \mid X)``.  Checked, as every expectation, on finite tables, where they are
Shannon's (an entropy there is ≥ 0, which a differential entropy need not be)."""
from __future__ import annotations

import sympy as sp

from .distributions import Density, Expectation


def _density(tag: sp.Symbol, points) -> Density:
    return Density(tag, sp.Tuple(*points), sp.Tuple())


def mutual_information(tag: sp.Symbol, a: list, b: list, given: list) -> sp.Expr:
    """I(a; b) = E[log p(a, b)/(p(a) p(b))]; given c, E[log p(a, b, c) p(c)/(p(a, c) p(b, c))]
    (the chain rule's terms), the points of the distribution ``tag`` in groups."""
    ratio = _density(tag, a + b + given) * _density(tag, given) / (_density(tag, a + given) * _density(tag, b + given)) \
        if given else _density(tag, a + b) / (_density(tag, a) * _density(tag, b))
    return Expectation(sp.log(ratio), sp.Tuple(*(a + b + given)), tag)


def entropy(tag: sp.Symbol, of: list, given: list) -> sp.Expr:
    """H(of) = −E[log p(of)]; given some, −E[log p(of, given)/p(given)]."""
    body = sp.log(_density(tag, of + given) / _density(tag, given)) if given else sp.log(_density(tag, of))
    return -Expectation(body, sp.Tuple(*(of + given)), tag)
