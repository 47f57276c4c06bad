r"""Lagrange's primes on a function of one number: ``\sigma'(a)``, ``\ell'(s)`` and ``\ell''(s)``
for the document's own ``\ell(t) = \log(1 + e^{t})``, ``\tanh'(x)``.

A prime is the derivative of the function at the value in the parentheses: f'(2a) is
d/dt f(t) at t = 2a, not d/da f(2a).  It is read where the function's formula is known: the
logistic and softplus ``[[operator]]``, a standard function (``\cos``, ``\text{ReLU}``, …) and a
definition of one argument the document does not declare (``\ell(t) = …``).  On a declared
function whose values are unknown (a ``[[function]]``) a prime is refused: its derivative is
not determined by anything written."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import sympy as sp

from ..elementary import Elementary
from ..scope import AbstractFunction, Macro, Operator, OperatorKind
from .macro_uses import put


@dataclass(frozen=True)
class Primed:
    """f' (order 1), f'' (order 2), …: the derivative of a function of one number."""

    function: object
    order: int = 1
    # the function as a formula of one number (t ↦ its value at t)
    formula: Callable | None = field(default=None, compare=False, repr=False)


class PrimesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads f'(x)."""

    def primed(self, meaning) -> Primed | None:
        """One more prime on ``meaning``; None when its formula as a function of one
        number is not known."""
        inner = meaning.function if isinstance(meaning, Primed) else meaning
        formula = _of_one_number(inner) or _at_its_declared_scalar(inner)
        if formula is None:
            return None
        return Primed(inner, meaning.order + 1 if isinstance(meaning, Primed) else 1, formula)

    def refuse_prime(self, meaning, op):
        """The error for a prime that is not a derivative this reader takes."""
        written = self.source(op.children[0]).strip()
        if isinstance(meaning, AbstractFunction):
            raise self.fail(op, f"a prime on '{written}', a declared [[function]] whose values are unknown, is not "
                                "read: nothing written determines its derivative")
        raise self.fail(op, f"a prime after '{written}' is read only as part of a declared name (with z' declared, "
                            "z'_1 and z_1' are its entries) or on a function of one number whose formula is known "
                            "(\\sigma'(x) of the logistic [[operator]], \\ell'(x) of a definition \\ell(t) = …); "
                            "a derivative is written \\frac{d}{dx}")

    def primed_call(self, meaning: Primed, items, node):
        """f^{(n)} at the one value in the parentheses."""
        value = self._number(self._one(self._items(items), node), node)
        # kept unevaluated, as \frac{d}{dx} is: the evaluator takes it with dual numbers, so
        # that at a kink (ReLU'(0)) it is undefined rather than SymPy's Heaviside convention
        t = sp.Dummy("t", real=True)
        return sp.Subs(sp.Derivative(meaning.formula(t), (t, meaning.order)), t, value)


def _of_one_number(meaning) -> Callable | None:
    if isinstance(meaning, Operator) and meaning.kind is OperatorKind.LOGISTIC:
        return lambda t: 1 / (1 + sp.exp(-t))
    if isinstance(meaning, Operator) and meaning.kind is OperatorKind.SOFTPLUS:
        return lambda t: sp.log(1 + sp.exp(t))
    if isinstance(meaning, Elementary):
        return meaning
    if isinstance(meaning, Macro) and len(meaning.scalar_params) == 1 and not (
            meaning.index_params or meaning.list_param or meaning.vector_params or meaning.point_params
            or meaning.vector_args or meaning.labels is not None or meaning.called):
        return lambda t: put(meaning.body, {meaning.scalar_params[0]: t})
    return None


def _at_its_declared_scalar(meaning) -> Callable | None:
    """f(t) = … with t a declared real scalar (its head written for that name, a label): the
    body at another value of t, as a use f(1) reads it (labelled_uses.py)."""
    if not (isinstance(meaning, Macro) and meaning.labels is not None and meaning.defined_in is not None):
        return None
    variable = meaning.defined_in.lookup(meaning.labels)
    if not (isinstance(variable, sp.Symbol) and variable.is_real and variable not in meaning.defined_in.points
            and dict(meaning.defined_in.finite).get(variable) is None and not meaning.index_params):
        return None
    return lambda t: put(meaning.body, {variable: t})
