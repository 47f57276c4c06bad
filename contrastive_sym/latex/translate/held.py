r"""Derivatives by a quantity the document defines: ``\frac{\partial \ell_i}{\partial L_{ij}}``
with ``L_{ij} = Z_i \cdot Z_j / \tau`` defined earlier.

A mathematician reads ∂F/∂L_{ij} as the derivative of F written as a function of the
entries of L, the other variables fixed.  The translator expands every definition into
the declared variables, so that reading is rebuilt here: the definition of L is *held*
(read as an unknown family L̂), every definition F uses is read again in terms of L̂
(each macro keeps how to read itself again, ``Macro.rebuild``), and the derivative is
taken by moving the one entry L̂_{ij} = L_{ij} + ε and differentiating at ε = 0, which
the numeric checker evaluates in forward mode (no symbolic differentiation is trusted).

F that is not written in terms of L (its definitions never use L) is refused: whether
∂F/∂L_{ij} is 0 or the derivative by an equal expression is the reader's guess.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import sympy as sp

from ...errors import DerivationError
from ..scope import Family, Macro
from .matrices import index_shape


class CannotHold(Exception):
    """A definition F uses cannot be read again with L held (a declared quantity)."""

    def __init__(self, macro: Macro):
        super().__init__(macro.key)
        self.macro = macro


@dataclass(eq=False)
class Holding:
    """The definition ``macro`` read as the unknown ``opaque`` (a Family for a defined
    family ``L_{ij}``, a Symbol for a plain name), and the definitions read again in
    terms of it."""

    macro: Macro
    opaque: object
    rebuilt: dict = field(default_factory=dict)

    def meaning_of(self, macro: Macro):
        if macro is self.macro:
            return self.opaque
        if id(macro) not in self.rebuilt:
            if macro.rebuild is None and macro.entries is not None:
                return macro        # a [[family]] given by equals: of declarations only, never of a definition
            if macro.rebuild is None or macro.defined_in is None:
                raise CannotHold(macro)
            self.rebuilt[id(macro)] = macro.rebuild(replace(macro.defined_in, held=self))
        return self.rebuilt[id(macro)]


def _rename_bound(f: sp.Expr, clashing: set) -> sp.Expr:
    """``f`` with every sum index that is also a free symbol of the variable renamed: the
    variable's index (bound by an outer sum of the use) must not be captured by a sum of
    the definitions, which were read with index names of their own."""
    def renamed(total):
        mapping = {v: sp.Dummy(v.name, **v.assumptions0) for v, *_ in total.limits if v in clashing}
        return total.xreplace(mapping) if mapping else total
    return f.replace(lambda e: isinstance(e, sp.Sum), renamed) if clashing else f


def _opaque_for(macro: Macro, scope) -> object | None:
    """The unknown standing for ``macro``: a family over its indices' declared ranges,
    or a real symbol; None when its indices' ranges are not declared, or it is a function
    (of points, rows, lists), which is not held."""
    if not macro.of_indices_only or macro.vector_index is not None:
        return None
    if not macro.index_params:
        return sp.Dummy(macro.key, real=True) if isinstance(macro.body, sp.Expr) else None
    shape = index_shape(macro, scope)
    if shape is None:
        return None
    return Family(sp.IndexedBase(sp.Dummy(macro.key)), tuple(shape))


class HeldDerivativesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that differentiates
    by a defined quantity."""

    def derivative_by_definition(self, numerator, denominator, node):
        """∂F/∂L_{ij} (``numerator``, ``denominator`` trees), or None when the denominator
        is not a use of a definition (then it is an expression, refused by the caller)."""
        found = self._held_variable(denominator)
        if found is None:
            return None
        holding, variable = found
        held = self.within(replace(self.scope, held=holding))
        try:
            f = held.term(numerator)
        except CannotHold as exc:
            raise self.fail(numerator, f"∂/∂{holding.macro.key}: {exc.macro.key} is declared, not defined "
                                       f"by a formula, so it cannot be read in terms of {holding.macro.key}")
        if not isinstance(f, sp.Expr):
            raise self.fail(numerator, "a derivative of a vector (a Jacobian) is not read: "
                                       "differentiate one component, or a number such as a loss")
        opaque = holding.opaque
        base = opaque.base if isinstance(opaque, Family) else opaque
        if not f.has(base):
            raise self.fail(node, f"'{self.source(numerator).strip()}' is not written in terms of "
                                  f"{holding.macro.key} (none of its definitions uses it): the derivative "
                                  f"by '{self.source(denominator).strip()}' is not read")
        macro = holding.macro
        through = sorted({str(v) for d in f.atoms(sp.Derivative) if d.has(base)
                          for v in d.variables if v in macro.body.free_symbols})
        if through:
            # ∂/∂p (∂p/∂z) with p = σ(z): ∂p/∂z is p(1 - p) as a function of p (derivative 1 - 2p), or a function
            # of z alone, p held (derivative 0); which one the document means is not written
            raise self.fail(node, f"the derivative by '{self.source(denominator).strip()}' of a derivative by "
                                  f"{', '.join(through)}, which {macro.key} depends on: whether that derivative is "
                                  f"taken as a function of {macro.key} or of {', '.join(through)} is not written; "
                                  f"write it in terms of {macro.key} (\\frac{{\\partial}}{{\\partial p}} p(1 - p))")
        f = _rename_bound(f, variable.free_symbols)
        epsilon = sp.Dummy("epsilon", real=True)
        if isinstance(opaque, Family):
            def moved(entry):
                value = macro.body.xreplace(dict(zip(macro.index_params, entry.indices)))
                shift = sp.Mul(*(sp.KroneckerDelta(a, b) for a, b in zip(entry.indices, variable.indices)))
                return value + epsilon * shift
            f = f.replace(lambda e: isinstance(e, sp.Indexed) and e.base == opaque.base, moved)
        else:
            f = f.xreplace({opaque: macro.body + epsilon})
        self.refuse_random(f, node)
        return sp.Subs(sp.Derivative(f, epsilon), epsilon, 0)

    def _held_variable(self, denominator):
        """(holding, the entry L̂_{ij} or the symbol) for the definition the denominator
        names, or None."""
        for macro in [m for m in self.scope.names.values() if isinstance(m, Macro)]:
            opaque = _opaque_for(macro, self.scope)
            if opaque is None:
                continue
            holding = Holding(macro, opaque)
            try:
                value = self.within(replace(self.scope, held=holding)).value(denominator)
            except (DerivationError, CannotHold):
                continue
            if value == opaque or isinstance(opaque, Family) and isinstance(value, sp.Indexed) \
                    and value.base == opaque.base:
                return holding, value
        return None
