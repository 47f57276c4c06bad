r"""A function written without its arguments inside an expectation: ``\mathbb{E}_P[T]``,
``\log \mathbb{E}_Q[e^{T}]``, ``\mathbb{E}_{P_{XZ}}[T_\theta]``.  The Donsker-Varadhan and MINE
literature writes the integral of a function against a measure this way (∫ T dP), and means T at
the point P draws.  It is read so only when the expectation draws as many points as the function
takes, in the order the draw lists them, and the reading is said; otherwise it is refused, naming
the count."""
from __future__ import annotations

from contextlib import contextmanager

from ..scope import AbstractFunction, ExpectationOp


class DrawnFunctionsMixin:
    """The part of the translator that applies a bare function to the points an enclosing
    expectation draws."""

    @contextmanager
    def averaging(self, op):
        """While the body of the expectation ``op`` is read: its drawn points are in force (None:
        no expectation starts here, the enclosing one stays in force)."""
        if op is None:
            yield
            return
        # an average of another kind hides the points outside it
        self._averaging.append(op if isinstance(op, ExpectationOp) else None)
        try:
            yield
        finally:
            self._averaging.pop()

    def at_drawn_points(self, value, node):
        """``value`` applied to the points of the innermost enclosing expectation when it is a
        declared function written bare there; ``value`` itself otherwise."""
        stack = self._averaging
        if not isinstance(value, AbstractFunction) or not stack or stack[-1] is None:
            return value
        op = stack[-1]
        points = tuple(op.bound)
        written = self.source(node).strip()
        meaning = value.with_arguments(len(points))
        shown = ", ".join(self._shown_point(p) for p in points)
        if meaning is None or not points or not all(self._is_point(p) for p in points):
            counts = " or ".join(str(f.arguments) for f in (value,) + value.overloads)
            raise self.fail(node, f"'{written}' without its arguments inside an expectation is read at the points "
                                  f"the expectation draws ({shown or 'none'}), and {value.name} takes {counts}: "
                                  f"write its arguments, {value.name}(…)")
        # E_{P_X P_Z} is named by its draws: its first factor alone would misname it
        under = f"\\mathbb{{E}}_{{{op.distribution.name}}}[…]" if type(op) is ExpectationOp else "an expectation"
        note = f"'{written}', written without its arguments inside {under}, is read at the points it draws: " \
               f"{value.name}({shown})"
        self.readings.extend([note] if note not in self.readings else [])
        return self.at_points(meaning, points)       # as f(x) written out is read (functions.py)
