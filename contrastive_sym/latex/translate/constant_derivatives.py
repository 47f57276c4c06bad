r"""A derivative by a name that what it differentiates does not contain is 0.  That is said in the
reading (a dependence the notation does not declare, p(x; θ) differentiated by one parameter ϑ
of θ, would otherwise make every such side 0 without a word), and refused when the expression
writes a name that carries the variable in its script: ``\nabla_\theta \varepsilon_\theta(x, y)``
with ε_θ a declared function of points, ``\frac{\partial L_\theta}{\partial \theta}`` with L_θ a
declared scalar.  The name says it depends on θ and the notation does not: every derivative of it
would be 0, and ∇ε_θ = 2∇ε_θ was confirmed."""
from __future__ import annotations

import re

import sympy as sp
from sympy.core.function import AppliedUndef

from ..scope import AbstractFunction, Family


class ConstantDerivativesMixin:
    """The part of the translator that says, or refuses, a derivative that is 0 by the notation."""

    def say_when_constant(self, f, base, node) -> None:
        """Said (or refused, :meth:`refuse_written_dependence`) when ``f`` does not contain ``base``,
        the symbol or family a derivative at ``node`` is by."""
        if f.has(base):
            return
        names = self._names_of(base)
        self.refuse_written_dependence(f, names, node)
        written, name = " ".join(self.source(node).split()), names[0] if names else sp.latex(base)
        note = (f"'{written}' differentiates by {name}, which what it differentiates does not contain: it "
                f"is 0 (is a dependence on {name} missing from the notation?)")
        if note not in self.readings:
            self.readings.append(note)

    def refuse_written_dependence(self, f, names: list[str], node) -> None:
        """Refuses when ``f`` writes a declared name whose script carries one of ``names``."""
        if not names:
            return
        scripted = re.compile(r"[_^]\s*\{?[^{}]*?(?<![A-Za-z])(?:" + "|".join(re.escape(n) for n in names)
                              + r")(?![A-Za-z])")
        for key, meaning in self.scope.names.items():
            if scripted.search(key) and _appears(meaning, f):
                name = names[0]
                raise self.fail(node, f"'{key}' is written with {name} in its script, and the notation declares "
                                      f"no dependence of it on {name}: its derivative by {name} would be 0. Declare "
                                      "what it is (a definition in terms of the family), or restate the line with "
                                      "restated_from")

    def _names_of(self, base) -> list[str]:
        """The keys under which the notation declares ``base`` (a symbol, or a family's base)."""
        return [key for key, meaning in self.scope.names.items()
                if meaning == base or isinstance(meaning, Family) and meaning.base == base
                or isinstance(meaning, AbstractFunction) and meaning.function == base]


def _appears(meaning, f) -> bool:
    """Whether the declared ``meaning`` (a scalar, a family, a function) is in ``f``."""
    if isinstance(meaning, AbstractFunction):
        return any(a.func == meaning.function for a in f.atoms(AppliedUndef))
    if isinstance(meaning, Family):
        return f.has(meaning.base)
    return isinstance(meaning, sp.Symbol) and f.has(meaning)
