r"""A family of functions indexed by an expression of a parameter, used at other values of it; and
a function defined component by component, ``\sigma(\mathbf{z})_j = …``, used at another index.

A post on the Gumbel-max trick defines the Gumbel CDF of location log α once,
``F_{\log \alpha}(g) = \exp(-\exp(-g + \log \alpha))`` with α a declared positive scalar, and then
writes ``F_{\log \alpha_0}(g)``, ``F_{\log(\alpha_0 + \alpha_1)}(g)``, ``F_{\log \sum_{i \neq K}
\alpha_i}(g_K)`` and ``f_{\log Z}(g_K)``: the same function at α = α_0, α_0 + α_1, Σ_{i≠K} α_i, Z.
The subscript of the definition is an expression E(α) of declared scalars; a use's subscript read
as a value v is the definition at the scalars' values that make E equal to v term by term (a
structural match, never an equation solved: log 2 is not E at α = 2 unless it is written so).
Each reading says which value it puts in.  A value not known to keep the scalar's declared sign
(α positive) is refused: the definition was read with it.  A subscript that is a declared index
(``\sigma(\mathbf{z})_j = \frac{e^{z_j}}{\sum_k e^{z_k}}``, the softmax's component j) is the component
at the use's index (``\sigma(\mathbf{z})_i``), as an entry of a family defined entry by entry is."""
from __future__ import annotations

import re
from dataclasses import replace

import sympy as sp

from ...errors import DerivationError
from ...model.notation import Domain
from ..scope import Macro
from .labelled_uses import SIGNS as _SIGNS

_POSITIVE = {"positive", "nonnegative", "nonzero"}
#: the signs of the entries of a family of each declared domain
_DOMAIN_SIGNS = {Domain.POSITIVE: _POSITIVE, Domain.PROBABILITY: _POSITIVE, Domain.NONNEGATIVE: {"nonnegative"},
                 Domain.ZERO_TO_ONE: {"nonnegative"}, Domain.NEGATIVE: {"negative", "nonpositive", "nonzero"},
                 Domain.SIGN: {"nonzero"}}


class ParameterFamiliesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads ``F_{E(α')}`` beside
    a definition of ``F_{E(α)}``."""

    def family_member(self, key: str, op):
        """The definition of ``key`` with a subscript written as an expression of declared scalars, at
        the values the subscript ``op`` of a use gives them; None when no such definition fits."""
        if op.data != "subscript" or key is None:
            return None
        fitting = []
        for name, macro in self.scope.names.items():
            if not (isinstance(macro, Macro) and name.startswith(key + "_") and macro.defined_in is not None
                    and not macro.index_params and macro.line is not None):
                continue
            values = self._parameter_values(name[len(key) + 1:], macro, op)
            if values:
                fitting.append((name, macro, values))
        if len(fitting) != 1:
            if len(fitting) > 1:
                raise self.fail(op, f"'{key}_{{{self.source(op.children[1]).strip()}}}' fits the definitions of "
                                    + " and ".join(f"'{name}'" for name, _, _ in fitting)
                                    + ": which one is meant is not written")
            return None
        name, macro, values = fitting[0]
        written = " ".join(self.source(op.children[1]).split()).strip()
        shown = f"{key}_{{{written.strip('{} ')}}}"
        outside = sorted(str(old) for old, value in values.items()
                         if not old.is_integer and not self._keeps_sign(old, value))
        if outside:
            # the body was read with the scalar's declared sign (\exp(\log \alpha) is α for α > 0); a
            # value not known to keep it could make the written expression undefined where the body is not
            raise self.fail(op, f"'{shown}' is '{name}' with {written} in place of {name[len(key) + 1:].strip('{}')}, "
                                f"which is not known to keep the declared sign of {', '.join(outside)} that the "
                                f"definition was read with")
        note = f"'{shown}' is the definition of '{name}' (line {macro.line}) with {written} in place of " \
               f"{name[len(key) + 1:].strip('{}')}"
        self.readings.extend([note] if note not in self.readings else [])
        # read as the definition there: the same labels and parameters, its body at the values
        return replace(macro, body=macro.body.xreplace(values), rebuild=None)

    def _keeps_sign(self, old: sp.Symbol, value) -> bool:
        """Whether ``value`` is known to have every sign the declared scalar ``old`` has: by SymPy, or, for
        entries of a family (whose declared domain SymPy is not told), sums and products of them, by the
        family's declared domain."""
        wanted = _signs(old)
        return not wanted or wanted <= self._known_signs(value)

    def _known_signs(self, value) -> set:
        known = {a for a in _SIGNS if getattr(value, f"is_{a}", None) is True}
        if isinstance(value, sp.Indexed):
            known |= _DOMAIN_SIGNS.get(dict(self.scope.domains).get(value.base), set())
        elif isinstance(value, (sp.Add, sp.Mul)) and value.args and all(
                "positive" in self._known_signs(a) for a in value.args):
            known |= _POSITIVE
        elif isinstance(value, sp.Sum) and "positive" in self._known_signs(value.function) and all(
                (hi - lo + 1).is_positive for _, lo, hi in value.limits):
            known |= _POSITIVE      # a sum of positive terms over a range never empty
        return known

    def _parameter_values(self, written: str, macro: Macro, op) -> dict | None:
        """{scalar: value} that makes the definition's subscript ``written`` (read where it was defined)
        the use's subscript ``op``; None when it is no expression of declared scalars, or does not match."""
        from .displays import translate_expr     # the translator is made of this mixin
        text = re.sub(r"^\{(.*)\}$", r"\1", written)
        try:
            pattern = translate_expr(text, macro.defined_in)
            value = self.value(op.children[1])
        except DerivationError:
            return None
        if not (isinstance(pattern, sp.Expr) and isinstance(value, sp.Expr)):
            return None
        if pattern.is_Symbol and macro.defined_in.index_range(pattern) is not None and pattern in macro.body.free_symbols:
            # \sigma(\mathbf{z})_j = … of a declared index j, used as \sigma(\mathbf{z})_i: the component at i (a value
            # that writes another index the body depends on would tie the two: not read so)
            tied = (value.free_symbols & macro.body.free_symbols) - {pattern}
            return {pattern: value} if value != pattern and value.is_integer is True and not tied else None
        scalars = [s for s in pattern.free_symbols if isinstance(s, sp.Symbol) and s.is_real and not s.is_integer
                   and macro.defined_in.index_range(s) is None and s in macro.body.free_symbols]
        if not scalars or pattern.is_Symbol:
            return None     # F_α: a labelled parameter, read as labels are (labelled_uses.py)
        wilds = {s: sp.Wild(f"w_{s}") for s in scalars}
        found = value.match(pattern.xreplace(wilds))
        if not found or any(w not in found for w in wilds.values()):
            return None
        values = {s: found[w] for s, w in wilds.items()}
        if all(values[s] == s for s in scalars) or pattern.xreplace(values) != value:
            return None     # the definition itself (its key is found first), or no term-by-term match
        swapped = [(a, b) for n, a in enumerate(scalars) for b in scalars[n + 1:] if values[a] != values[b]
                   and pattern.xreplace({**values, a: values[b], b: values[a]}) == value]
        if swapped:
            # K_{\log(\alpha + \beta)} at \log(a_1 + \beta): α = a_1, β = β or α = β, β = a_1 (a sum or a product
            # commutes): which value is whose is not written
            a, b = (macro.defined_in.key_of(x) for x in swapped[0])
            raise self.fail(op, f"'{self.source(op.children[1]).strip()}' fits the definition of line {macro.line} with "
                                f"{a} and {b} either way round (a sum or a product commutes): which value is whose is "
                                "not written")
        kept = [s for s in scalars if values[s] == s and self.scope.names.get(macro.defined_in.key_of(s)) is not s]
        if kept:
            # F_{\log \alpha + \beta_0} with α declared anew since: the definition's α is not the one written
            raise self.fail(op, f"'{self.source(op.children[1]).strip()}' keeps "
                                f"{', '.join(macro.defined_in.key_of(s) for s in kept)} of the definition of line "
                                f"{macro.line}, which the notation here declares anew")
        return values


def _signs(symbol) -> set:
    """The signs ``symbol`` is declared with (assumptions SymPy knows)."""
    return {a for a in _SIGNS if getattr(symbol, f"is_{a}") is True}
