r"""A power written before a function's arguments: ``\mathcal{D}^2_{f_\theta}(x_1, x_2)``,
``d^2(p, q)`` (the square of a distance, as ``\sin^2 x`` is of the sine).

For a function of two or more arguments, or of data points, a power can only be of its value
(the function cannot be composed with itself: its value is not its arguments), so the power
is applied after the call, and the reading says so.  A function of one number keeps the other
reading open (``f^2(x)``: f(x)², or f(f(x)) in a text on iterates) and is read as before; so is a
name declared with the power (``D^2`` of its own), and a power that is not a whole number of at
least 2 (``f^{-1}``, the inverse)."""
from __future__ import annotations

import re

from ..scope import AbstractFunction, Macro


class FunctionPowersMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads them."""

    def power_after_the_call(self, key: str | None, ops: list) -> list:
        """``ops`` (the scripts and calls after the name ``key``) with a power written before the
        call of a function of several arguments or of points moved after it."""
        ops = self.power_of_a_slice_density(key, ops)      # r^{K-1}(x_{2:K}): sample_slices.py
        # D^2(x, y), and D^2_f(x, y) with the subscript read first (names._subscript_first)
        at = 1 if len(ops) >= 3 and ops[0].data == "subscript" else 0
        if key is None or len(ops) < at + 2 or ops[at].data != "superscript" or ops[at + 1].data != "call":
            return ops
        power = ops[at]
        written = "".join(self.source(power.children[1]).split()).strip("{}")
        if not re.fullmatch(r"[2-9]|[1-9][0-9]", written) or self.scope.lookup(key + self.script_suffix(power)):
            return ops
        rest, scripted, call = ops[:at] + ops[at + 1:], at == 1, at
        name = key + (self.script_suffix(rest[0]) if scripted else "")
        meaning = self.scope.lookup(name) or self.scope.lookup(key)
        if not self._of_several_or_of_points(meaning):
            return ops
        head = name
        arguments = " ".join(self.source(rest[call].children[1]).split())
        self.readings.append(f"the power ^{written} written before the arguments of {head} is of its value: "
                             f"({head}{arguments})^{written}, as \\sin^2 x is (sin x)^2")
        return rest[:call + 1] + [power] + rest[call + 1:]

    def _of_several_or_of_points(self, meaning) -> bool:
        """Whether ``meaning`` is a function whose value cannot be its argument: of two or more
        arguments, or of data points (a definition of points or of labels)."""
        if isinstance(meaning, AbstractFunction):
            return min(f.arguments for f in (meaning,) + meaning.overloads) >= 2
        if isinstance(meaning, Macro):
            return bool(meaning.point_params) or len(meaning.scalar_params) >= 2 or len(meaning.vector_args) >= 1 \
                or len(meaning.vector_params) >= 1
        return False
