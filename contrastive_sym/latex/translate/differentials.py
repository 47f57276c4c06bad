r"""The differential of a function applied to a direction, as analysts write it:
``d\mathcal{S}(x, y) \cdot (\tilde{x}, \tilde{y})`` and the partial ones ``d_x \mathcal{S}(x, y) \cdot
\tilde{x}``, ``\mathrm{d}_y f(x, y) \cdot v``.

``d f(a_1, …, a_m) \cdot (h_1, …, h_m)`` is the directional derivative d/dt f(a_1 + t h_1, …, a_m + t h_m)
at t = 0; ``d_{a_j} f(…) \cdot h`` moves the argument a_j alone.  Each argument is a declared name (a
vector, a family of one dimension, or a number) and each direction a value of the same kind and
length; the value the call stands for is read with each moving argument's name standing for a fresh
stand-in (so a letter the definition writes beside its parameter never moves), and the stand-in moved.

It is read only where no other reading is possible: the letter d (or ``\mathrm{d}``) that the
document does not declare (a declared d, a dimension, multiplies), followed by a call and a ``\cdot``
with the direction after it.  When in doubt it refuses: an argument that is an expression (the
differential at 2x), a direction of another length, a ``d_x`` whose x is not an argument, a value that
depends on a moving argument other than through its entries (a declared function of the whole
vector, whose derivative the notation does not give).
"""
from __future__ import annotations

from dataclasses import replace

import lark
import sympy as sp
from sympy.core.function import AppliedUndef

from ..families import Family
from ..spelling import canonical_key
from .values import RowVector, VectorValue

Tree, Token = lark.Tree, lark.Token

#: how a differential's d is written: a letter, or a letter in an upright font
_HEADS = {"d", r"\mathrm{d}", r"\mathrm d", r"\operatorname{d}", r"\text{d}", r"\textrm{d}"}


class DifferentialsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads ``d f(x) \\cdot h``."""

    def differential_head(self, tree):
        """(the d as written, the subscript's tree or None) when ``tree`` is the d of a differential
        (an undeclared d, perhaps with a subscript); None otherwise."""
        by = None
        if isinstance(tree, Tree) and tree.data == "subscript":
            tree, by = tree.children
        written = " ".join(self.source(tree).split())
        # a declared d is the document's d in any upright font too (\mathrm{d} a is d·a): it multiplies
        if written not in _HEADS or any(self.scope.lookup(key) is not None
                                        for key in (written, canonical_key(written), "d")):
            return None
        return written, by

    def differential_length(self, items, index: int) -> int:
        """How many items of a product, from ``index``, a differential takes: 4 for ``d f(…) \\cdot h``,
        3 for ``d(x \\mapsto g(x))(x) \\cdot h``; 0 when they are no differential."""
        def factor(k):
            return k < len(items) and items[k][0] == "factor"
        cdot = [k < len(items) and items[k] == ("cdot", r"\cdot") for k in range(index, index + 4)]
        if factor(index) and cdot[1] and factor(index + 2) and self._map_applied(items[index][1]) is not None:
            return 3
        if factor(index) and factor(index + 1) and cdot[2] and factor(index + 3):
            call = items[index + 1][1]
            if isinstance(call, Tree) and call.data == "call" and self.differential_head(items[index][1]) is not None:
                return 4
        return 0

    def differential(self, items, index: int, node):
        """The value of the differential that starts at ``items[index]`` (:meth:`differential_length`)."""
        written, by, call, direction, callee, arguments, written_value = self._differential_parts(items, index)
        moving = [self._moving_argument(argument) for argument in arguments]
        if by is not None:
            named = canonical_key(self.source(by))
            chosen = [k for k, argument in enumerate(arguments) if canonical_key(self.source(argument)) == named]
            if len(chosen) != 1:
                raise self.fail(by, f"{written}_{{{self.source(by)}}}: the differential by '{self.source(by)}', "
                                    f"which is not one argument of {callee}")
            moving, arguments, directions = [moving[chosen[0]]], [arguments[chosen[0]]], [direction]
        else:
            directions = tuple_items(direction) if len(arguments) > 1 else [_single(direction)]
            if directions is None or len(directions) != len(arguments):
                raise self.fail(direction, f"the differential of {callee} at {len(arguments)} arguments is "
                                           f"applied to as many directions, (h_1, …, h_{len(arguments)})")
        if len({name for _, name, _ in moving}) < len(moving):
            # d f(x, x) · (h, k): the partial differentials at one point, which moving x once cannot give
            raise self.fail(call, f"the differential of {callee} at an argument written twice is not read: it takes "
                                  "each argument's own direction")
        steps = [self._direction(tree, kind, length) for (kind, _, length), tree in zip(moving, directions)]
        result = self._moved(written_value, moving, arguments, steps, call, callee)
        said = (f"'{self.source(node)}' is read with the differential: {written}"
                f"{'' if by is None else '_' + self.source(by)} of {callee} applied to {self.source(direction)} is "
                f"d/dt at t = 0 of {callee} with {'that argument' if by is not None else 'each argument'} moved by "
                "t times its direction")
        if said not in self.readings:
            self.readings.append(said)
        return result

    def _differential_parts(self, items, index: int):
        """(the d as written, its subscript, the call, the direction, the function as written, the argument
        trees, the tree whose value is differentiated) of the differential at ``items[index]``."""
        mapped = self._map_applied(items[index][1]) if self.differential_length(items, index) == 3 else None
        if mapped is not None:
            head, variable, body, arguments = mapped
            call, direction = items[index][1], items[index + 2][1]
            if len(arguments) != 1 or canonical_key(self.source(arguments[0])) != canonical_key(self.source(variable)):
                raise self.fail(call, "the differential of a map x \\mapsto g(x) is read at its own variable, "
                                      "d(x \\mapsto g(x))(x) \\cdot h")
            written, by = self.differential_head(head.children[0])
            return written, by, call, direction, self.source(head.children[1]).strip(), arguments, body
        head, call, direction = items[index][1], items[index + 1][1], items[index + 3][1]
        arguments = tuple_items(call.children[1])
        if arguments is None:
            raise self.fail(call, "a differential d f(x) \\cdot h is read of a function applied to its arguments "
                                  "in parentheses")
        written, by = self.differential_head(head)
        return written, by, call, direction, self.source(call.children[0]), arguments, call

    def _moved(self, written_value, moving: list, arguments: list, steps: list, call, callee: str):
        """d/dt at t = 0 of the value of ``written_value`` with each moving argument moved by t times its step.
        The value is read with each moving argument's name standing for a fresh stand-in, then the stand-in
        is moved: only what the call puts in an argument's place moves, never a name of the same letter
        its definition writes (f(b) = a b at a: the differential is a·h, not 2a·h)."""
        scope, fresh = self.scope, {}
        for (kind, name, _), tree in zip(moving, arguments):
            key = canonical_key(self.source(tree))
            fresh[name] = sp.Dummy(str(name), real=True) if kind == "scalar" else sp.IndexedBase(sp.Dummy(str(name)))
            scope = scope.bind(key, fresh[name] if kind == "scalar" else replace(self.scope.lookup(key),
                                                                                  base=fresh[name]))
        value = self._another(scope).expr(written_value)
        for kind, name, _ in moving:
            if kind == "family" and _outside_entries(value, fresh[name]):
                raise self.fail(call, f"{self.source(call)} depends on a vector it is taken at other than through its "
                                      "entries: its differential is not given by the notation")
        t = sp.Dummy("t", real=True)
        step_of = {fresh[name]: step for (_, name, _), step in zip(moving, steps)}
        back = {fresh[name]: name for _, name, _ in moving}
        # every argument moved at once, each by t times its own direction
        shifted = {e: back[e.base][e.indices] + t * step_of[e.base].component(e.indices[0])
                   for e in value.atoms(sp.Indexed) if e.base in step_of}
        shifted.update({fresh[name]: name + t * step_of[fresh[name]] for kind, name, _ in moving if kind == "scalar"})
        moved = value.xreplace(shifted)
        if any(e.has(t) for e in moved.atoms(AppliedUndef)):
            raise self.fail(call, f"the differential of {callee} moves the arguments of a declared function, whose "
                                  "derivative the declaration does not give")
        self.refuse_random(moved, call)
        # left unevaluated, as a derivative along a path is: the checker evaluates it, a kink undefined
        return sp.Subs(sp.Derivative(moved, t), t, 0)

    def _map_applied(self, tree):
        """(the call d(…), the map's variable, its value, the arguments) of ``d(x \\mapsto g(x))(x)``; None
        for anything else."""
        if not (isinstance(tree, Tree) and tree.data == "call"):
            return None
        inner, parenthesis = tree.children
        if not (isinstance(inner, Tree) and inner.data == "call") or self.differential_head(inner.children[0]) is None:
            return None
        maps, arguments = tuple_items(inner.children[1]), tuple_items(parenthesis)
        if maps is None or arguments is None or len(maps) != 1:
            return None
        parts = _item_parts(inner.children[1])
        if len(parts) != 3 or not (isinstance(parts[1], Tree) and parts[1].data == "relation") \
                or str(parts[1].children[0]) not in (r"\mapsto", r"\longmapsto"):
            return None
        return inner, parts[0], parts[2], arguments

    def _moving_argument(self, tree):
        """("family", base, length) or ("scalar", symbol, None) of an argument that is a declared name."""
        meaning = self.scope.lookup(canonical_key(self.source(tree)))
        if isinstance(meaning, Family) and len(meaning.shape) == 1:
            return "family", meaning.base, meaning.shape[0]
        if isinstance(meaning, sp.Symbol):
            return "scalar", meaning, None
        raise self.fail(tree, f"a differential is read at arguments that are declared names (a vector or a "
                              f"number); '{self.source(tree)}' is not one")

    def _direction(self, tree, kind: str, length):
        """The direction ``tree`` as a number (a scalar argument) or a vector of ``length``."""
        if kind == "scalar":
            return self.expr(tree)
        value = self.term(tree)
        if isinstance(value, RowVector):
            value = self._components(value)
        if not isinstance(value, VectorValue):
            value = self.vector_of(value)
        if value is None or sp.expand(value.length - length) != 0:
            raise self.fail(tree, f"'{self.source(tree)}' is not a vector of length {length}, the length of the "
                                  "argument it moves")
        return value


def tuple_items(tree):
    """The item trees of a parenthesis (a call's arguments, a tuple ``(a, b)`` of directions); None otherwise."""
    if not (isinstance(tree, Tree) and tree.data == "paren"):
        return None
    inside = next((c for c in tree.children if isinstance(c, Tree) and c.data == "items"), None)
    if inside is None:
        return None
    return [c.children[0] if c.data == "item" else c for c in inside.children if isinstance(c, Tree)]


def _item_parts(tree) -> list:
    """The parts of the one item of a parenthesis (``x``, ``\\mapsto``, ``g(x)``)."""
    inside = next(c for c in tree.children if isinstance(c, Tree) and c.data == "items")
    return next(c for c in inside.children if isinstance(c, Tree)).children


def _single(tree):
    """A direction in parentheses, ``(h)``, is h."""
    items = tuple_items(tree)
    return items[0] if items is not None and len(items) == 1 else tree


def _outside_entries(expr: sp.Basic, base: sp.IndexedBase) -> bool:
    """Whether ``base`` occurs in ``expr`` other than as the base of an entry."""
    hidden = expr.replace(lambda e: isinstance(e, sp.Indexed) and e.base == base, lambda e: sp.Integer(0))
    return hidden.has(base)
