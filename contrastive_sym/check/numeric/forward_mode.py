"""Derivatives in the compiled program, in forward mode: one level of dual numbers per
derivative being taken (∂F/∂v, ∂²F/∂x∂y, ∇ along given directions, F^{(n)} at a value)."""
from __future__ import annotations

from typing import Callable

import sympy as sp
from flint import arb

from ...model.nodes import Nabla
from .dual import Dual
from .failures import Unsupported
from .indices import int_of


class Seed:
    """Which variables carry a tangent while a derivative is evaluated."""

    def __init__(self, tangent_of: Callable):
        self.tangent_of = tangent_of   # key -> arb tangent or None


class ForwardModeMixin:
    """The part of :class:`~contrastive_sym.check.numeric.program.Program` that takes
    derivatives; it reads values through the program's ``_read``, with ``_seeds`` and
    ``_overrides`` as the program keeps them."""

    def _tangent(self, body: Callable, seed: Seed, env, overrides: dict | None = None):
        """The derivative of ``body`` along ``seed``, inside any derivatives being taken."""
        self._seeds.append(seed)
        level, saved = len(self._seeds), self._overrides
        self._overrides = {**saved, **(overrides or {})}
        try:
            out = body(env)
        finally:
            self._seeds.pop()
            self._overrides = saved
        if isinstance(out, Dual) and out.level > level:
            raise Unsupported("a tangent of an inner derivative left its derivative")
        return out.t if isinstance(out, Dual) and out.level == level else arb(0)

    def _compile_nabla(self, e: Nabla):
        body, g, dg = e.args
        f = self._compile(body)
        g_label, dg_label = g.label, dg.label

        def tangent_of(key):
            if isinstance(key, tuple) and key[0] == g_label:
                return self._read_plain((dg_label,) + key[1:])
            return None
        return lambda env: self._tangent(f, Seed(tangent_of), env)

    def _read_plain(self, key):
        """A value without a tangent (the directions ∇g_k themselves)."""
        seeds, self._seeds = self._seeds, []
        try:
            return self._read(key)
        finally:
            self._seeds = seeds

    def _compile_derivative(self, e: sp.Derivative):
        """∂F/∂v; ∂²F/∂x∂y (SymPy's Derivative(F, y, x)) as ∂/∂x of ∂F/∂y, one level of
        dual numbers per derivative."""
        f = self._compile(e.expr)
        for var, count in e.variable_count:
            for _ in range(int(count)):
                f = self._derivative_by(f, var)
        return f

    def _derivative_by(self, f: Callable, var):
        if isinstance(var, sp.Indexed):
            label = var.base.label
            idx = [int_of(i, self.fixed) for i in var.indices]

            def derivative(env):
                target = (label,) + tuple(fn(env) for fn in idx)
                return self._tangent(f, Seed(lambda key: arb(1) if key == target else None), env)
            return derivative
        return lambda env: self._tangent(f, Seed(lambda key: arb(1) if key == var else None), env)

    def _compile_subs(self, e: sp.Subs):
        """F^{(n)}(t) at t = a value (f'(2a) is f' at 2a, not d/da f(2a)): the derivative by t
        with t read as the value, which is not itself differentiated."""
        inner, variables, points = e.args
        if not (isinstance(inner, sp.Derivative) and len(variables) == 1 and set(inner.variables) == set(variables)):
            raise Unsupported("Subs other than a derivative at a point")
        var, derivative, at = variables[0], self._compile_derivative(inner), self._compile(points[0])

        def at_point(env):
            value, saved = at(env), self._overrides
            if isinstance(value, Dual):
                raise Unsupported("a derivative at a point that moves with another derivative")
            self._overrides = {**saved, var: value}
            try:
                return derivative(env)
            finally:
                self._overrides = saved
        return at_point
