r"""The membership that ends a display, ``\in \mathbb{R}^d`` or ``\in (0, 1)``, read against
the value of the side before it (see :mod:`contrastive_sym.latex.memberships`).

A space is a statement about the side's shape, decided here: a number in ℝ, a vector of
the written length in ℝ^d, an m × n matrix in ℝ^{m×n}, a vector declared of norm 1 on the
sphere.  An interval gives bounds, which the caller checks as links.  Anything that does
not fit is refused, naming what the side is.
"""
from __future__ import annotations

import itertools

import sympy as sp

from ...errors import ParseError

from ..memberships import Membership
from ..scope import Family
from .compare import certainly_equal
from .values import RowVector, VectorValue, shape_of, shape_said


class MembershipsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads a
    trailing membership."""

    def stated_membership(self, found: Membership, value, node, definition: bool = False) -> tuple[str, tuple | None]:
        """(what was read, the bounds (low, low_open, high, high_open) of an interval or
        None) of ``found`` about ``value``, the last side (of a ``definition``, or of a
        claim); refused when it does not fit."""
        shape = _shape_of(value)
        shown = " ".join(self.source(node).split())
        if found.kind == "named":
            letter = found.dims[0]
            if self.scope.lookup(letter) is not None:
                raise self.fail(node, f"'{found.written}': {letter} is a name of the notation, not a space of "
                                      f"values; a membership of '{shown}' in it is not read")
            if not definition:
                raise self.fail(node, f"'{found.written}' names a space the notation does not declare, so this "
                                      "part of the statement could not be checked: state it without the "
                                      "membership (restated_from), or with \\mathbb{R}^{d} if that is the space")
            return f"'{found.written}' read as a space the notation does not declare: said, not checked", None
        if found.kind == "interval":
            if shape:
                raise self.fail(node, f"'{found.written}' bounds a number, and '{shown}' is {shape_said(shape)}")
            if found.ambiguous:
                raise self.fail(node, f"'{found.written}' is read two ways, [0, ∞) and (0, ∞), and the "
                                      "display does not say which: write \\mathbb{R}_{\\geq 0} or "
                                      "\\mathbb{R}_{> 0}, or restate the line with restated_from")
            low = None if found.low is None else self._written_number(found.low, node)
            high = None if found.high is None else self._written_number(found.high, node)
            ends = (f"{low} {'<' if found.low_open else '≤'} " if low is not None else "") + shown + \
                (f" {'<' if found.high_open else '≤'} {high}" if high is not None else "")
            return f"'{found.written}' read as {ends}, checked beside the chain", \
                (low, found.low_open, high, found.high_open)
        if found.kind == "sphere":
            length = self._dimension(found.dims[0], node) + 1
            if len(shape) != 1 or not certainly_equal(shape[0], length):
                raise self.fail(node, f"'{found.written}' says '{shown}' is a vector of length {length} of norm 1, "
                                      f"and it is {shape_said(shape)}")
            if not self._declared_unit(value):
                raise self.fail(node, f"'{found.written}' states that '{shown}' has norm 1, which the notation "
                                      "does not say: declare it with role = \"unit\" (a family or a function), "
                                      f"or state \\|{shown}\\| = 1 as a claim to check it")
            return f"'{found.written}' read: '{shown}' is a vector of length {length} declared of norm 1", None
        if found.kind == "finite":
            if isinstance(value, sp.Number):
                if value in found.dims:
                    return f"'{found.written}' read: '{shown}' is one of these values", None
                raise self.fail(node, f"'{found.written}': '{shown}' is not one of {found.dims[0]} and {found.dims[1]}")
            entry = value.base if isinstance(value, sp.Indexed) else value
            if not shape and self._takes_only(value, found.dims):
                return f"'{found.written}' read: '{shown}' takes only these values at every value of the finite " \
                       "domains it is made of", None
            if shape or dict(self.scope.finite).get(entry) != found.dims:
                raise self.fail(node, f"'{found.written}' says '{shown}' takes only the values "
                                      f"{found.dims[0]} and {found.dims[1]}, which the notation does not say: "
                                      f"declare it with domain = \"{'binary' if found.dims == (0, 1) else '{-1, 1}'}\"")
            return f"'{found.written}' read: '{shown}' is declared with these values", None
        wanted = tuple(self._dimension(dim, node) for dim in found.dims)
        if wanted == (sp.Integer(1),) and not shape:
            wanted = ()
        if len(wanted) != len(shape) or not all(certainly_equal(a, b) for a, b in zip(wanted, shape)):
            raise self.fail(node, f"'{found.written}' says '{shown}' is {shape_said(wanted)}, and it is {shape_said(shape)}")
        return f"'{found.written}' read: '{shown}' is {shape_said(shape)}, as written", None

    def _takes_only(self, value, values: tuple) -> bool:
        """Whether ``value``, an expression of scalars and entries of finite domains only (2y − 1 of a
        binary y), is one of ``values`` at every assignment of them (at most 6 of them, 2^6 cases)."""
        finite = dict(self.scope.finite)
        if not isinstance(value, sp.Expr) or isinstance(value, (sp.Symbol, sp.Indexed)):
            return False
        parts = list(value.atoms(sp.Indexed)) + [s for s in value.free_symbols if s in finite]
        if not parts or len(parts) > 6 or value.free_symbols - set(finite) - {i for p in parts
                                                                             if isinstance(p, sp.Indexed)
                                                                             for i in p.free_symbols}:
            return False
        domains = [finite.get(p.base if isinstance(p, sp.Indexed) else p) for p in parts]
        if None in domains:
            return False
        return all(value.xreplace(dict(zip(parts, choice))) in values for choice in itertools.product(*domains))

    def _dimension(self, written: str, node) -> sp.Expr:
        from .displays import translate_expr      # the translator imports this mixin
        try:
            value = translate_expr(written, self.scope)
        except ParseError:
            value = None
        if value is None or not value.is_integer:
            raise self.fail(node, f"the dimension '{written}' of the space after \\in is not a declared size "
                                  "or a whole number")
        return value

    def _written_number(self, written: str, node) -> sp.Expr:
        try:
            return sp.Rational(written)
        except (TypeError, ValueError):
            raise self.fail(node, f"the end '{written}' of the interval after \\in is not a number") from None

    def _declared_unit(self, value) -> bool:
        """Whether ``value`` is a row of a family, or the value of a function, declared of
        norm 1 (role ``unit``)."""
        units = self.scope.units
        if isinstance(value, RowVector):
            return value.family in units
        if isinstance(value, Family):
            return value.base in units
        if isinstance(value, VectorValue):
            heads = {a.base if isinstance(a, sp.Indexed) else a.func for a in value.body.atoms(sp.Indexed)}
            heads |= {f.func for f in value.body.atoms(sp.Function)}
            return bool(heads) and heads <= units
        return False


def _shape_of(value) -> tuple:
    """The shape of a last side, a row z_i or a family written alone included."""
    if isinstance(value, RowVector):
        return (value.length,)
    if isinstance(value, Family):
        return tuple(value.shape)
    return shape_of(value)
