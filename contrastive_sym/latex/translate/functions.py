r"""Applications of functions the document names without defining them (``[[function]]``):
``f(\mathbf{x})``, ``T_\omega(x, y)``, ``\text{sim}(h_i, h_i^+)``; and the rule that data
points (role ``point``) are only ever their arguments; the standard functions ``\cos``,
``\sin``, ``\tanh``, ``\cosh``, ``\sinh`` (latex/elementary.py)."""
from __future__ import annotations

from dataclasses import replace

import lark
import sympy as sp
from sympy.core.function import AppliedUndef

from ...errors import ParseError
from ...model.distributions import AlphabetSum, Density, Expectation, IidExpectation, SampleExpectation
from ...model.nodes import Optimum
from ...model.notation import BarePoint, bare_point, written_name
from ...model.slices import Entries, EntrySlice, SliceDensity, as_slice
from ...model.value_functions import PARAMETERS, ValueCall, value_call
from ..elementary import Elementary, OfVector
from ..scope import AbstractFunction, Family, form_key
from .labelled_uses import shown
from .quotients import quotient
from .trees import bare_letter, unwrap
from .values import ListValue, MatrixValue, Segment, VectorValue, as_vector, relation_name


Tree = lark.Tree
#: the bar of u(w | c) as the grammar reads it: \mid, or | (written \ue004 once paired)
_BARS = frozenset({"\\mid", "\ue004"})


class AbstractFunctionsMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads ``f(x)``."""

    def _call_abstract(self, meaning: AbstractFunction, items, node):
        value = self._items(items, arguments=True)
        if isinstance(value, ListValue):
            if any(s.var is not None for s in value.segments):
                raise self.fail(node, "an ellipsis among the arguments of a declared function is not read")
            bad = sorted(set(value.separators) - {",", ";"} - _BARS)
            if bad:
                raise self.fail(node, f"'{bad[0]}' between the arguments of {meaning.name}: a declared function "
                                      "takes data points separated by commas")
            if set(value.separators) & _BARS:
                # u_\theta(w | c), a score of w given c: a function, not a density, conditions nothing
                note = (f"the bar between the arguments of {meaning.name}(…) is read as a comma: {meaning.name} is a "
                        "declared [[function]] of its arguments, not a [[distribution]]")
                self.readings.extend([note] if note not in self.readings else [])
            args = [s.pattern for s in value.segments]
        else:
            args = [Segment(value).pattern]
        # \mathbf{x} beside \mathbf{x}_i: the sample without an index is a point of its own
        args = [bare_point(a.base) if isinstance(a, Family) and a.base in self.scope.points else a for a in args]
        understood = self.understood_arguments(meaning, len(args), node)
        if understood is not None:      # \tilde{p}(x) for \tilde{p}(x; \theta): understood_arguments.py
            meaning, extra = understood
            args = args + extra
        if meaning.with_arguments(len(args)) is None:
            counts = " or ".join(str(f.arguments) for f in (meaning,) + meaning.overloads)
            after = isinstance(value, ListValue) and ";" in value.separators
            raise self.fail(node, f"{meaning.name} is declared with {counts} "
                                  f"argument{'s' * (counts != '1')}; here it has {len(args)}"
                            + (" (what follows ';', the parameters p_m(u; \\theta) is of, counts as arguments: "
                               "declare them in 'arguments')" if after else ""))
        return self.apply_abstract(meaning.with_arguments(len(args)), args, items, node)

    def apply_abstract(self, meaning: AbstractFunction, args: list, items, node):
        """``meaning`` applied to the argument patterns ``args`` (``items``: as written)."""
        if not all(self._is_point(arg) for arg in args):
            self.note_arguments_used(meaning, len(args))
            return self._call_of_values(meaning, args, items, node)
        return self.at_points(meaning, args)

    def note_arguments_used(self, meaning: AbstractFunction, count: int) -> None:
        """Which of f's declarations a use takes (load/toml.py warns of one no formula uses)."""
        used = getattr(self.scope, "used", None)
        if used is not None:
            used.add(("arguments", meaning.name, count))

    def at_points(self, meaning: AbstractFunction, points) -> object:
        """The declared function ``meaning`` at the data points ``points``: its value, or the
        vector of its components when its values are vectors."""
        self.note_arguments_used(meaning, len(points))
        if meaning.length is None:
            return meaning.function(*points)
        m = sp.Dummy("m", integer=True)
        return VectorValue(meaning.function(*points, m), m, meaning.length)

    def _call_of_values(self, meaning: AbstractFunction, args, items, node):
        r"""``d(\mathbf{x}_i, \mathbf{x}_j)``, ``g(\mathbf{h})``, ``E(W, y, X^i)``: a declared
        function applied to numbers or vectors (model.value_functions), each argument a
        number, a vector or a data point."""
        shown = self.source(items).strip()
        if meaning.parameters is None:
            what = {"point": "whose values are data points", "unit": "whose values are unit vectors"}.get(
                meaning.role, f"with values in {meaning.domain}")
            raise self.fail(node, f"{meaning.name}, a function {what}, is applied to ({shown}), which is not "
                                  "a list of data points: such a function is sampled only at points "
                                  "(declare each argument as a [[scalar]] or [[family]] with role = \"point\")")
        written, inputs = [], []
        for position, arg in enumerate(args):
            if self._is_point(arg):
                written.append(arg)
                continue
            vector = self.vector_of(arg)
            if vector is not None:
                arg = as_vector(vector)
            elif not isinstance(arg, sp.Expr) or isinstance(arg, sp.MatrixBase) or arg.is_Boolean:
                raise self.fail(node, f"an argument of {meaning.name} in ({shown}) is neither a number, a "
                                      "vector nor a data point")
            self.refuse_loose_points(arg, node)
            written.append(arg)
            inputs.append(position)
        points = [a if self._is_point(a) else sp.Integer(0) for a in args]
        parameters = [meaning.parameters(*points, sp.Integer(k)) for k in range(1, PARAMETERS + 1)]
        if meaning.length is None:
            return value_call(meaning.function(*written), parameters, meaning.domain, inputs, len(args))
        m = sp.Dummy("m", integer=True)
        return VectorValue(value_call(meaning.function(*written, m), parameters, meaning.domain, inputs,
                                      len(args)), m, meaning.length)

    def elementary(self, function: Elementary, items, node):
        r"""``\cos(\theta)``: a standard function of one number (latex/elementary.py); ``\cos(u, v)``
        of two vectors of one length, their cosine similarity."""
        similarity = self._cosine_similarity(function, items, node)
        if similarity is not None:
            return similarity
        if sum(isinstance(c, lark.Tree) for c in items.children) != 1:
            raise self.fail(node, f"{function.shown} takes one number; {function.shown} of several (of two "
                                  "vectors, their cosine similarity?) is read only as a function the document "
                                  f"declares ([[function]] named {function.shown}) or defines")
        return function(self._number(self._items(items), node))

    def _cosine_similarity(self, function: Elementary, items, node):
        r"""``\cos(u, v)``, ``\cos(\hat{\mathbf{v}}_i, \hat{\mathbf{u}}_j)``: the cosine of the angle
        between two vectors, u·v / (‖u‖ ‖v‖), as contrastive texts write it (undefined where one is 0);
        said in the reading.  None for anything but \cos of two vectors separated by a comma."""
        elements = [c for c in items.children if isinstance(c, lark.Tree)]
        separators = [str(c) for c in items.children if not isinstance(c, lark.Tree)]
        if function.shown != r"\cos" or len(elements) != 2 or separators != [","]:
            return None
        vectors = [self.vector_of(self.value(element)) for element in elements]
        if any(v is None for v in vectors):
            return None
        if vectors[0].length != vectors[1].length:
            raise self.fail(node, f"\\cos of two vectors (their cosine similarity) of different lengths, "
                                  f"{vectors[0].length} and {vectors[1].length}")
        note = (f"'{' '.join(self.source(node).split())}' of two vectors is their cosine similarity "
                "u \\cdot v / (\\|u\\| \\|v\\|)")
        self.readings.extend([note] if note not in self.readings else [])
        left, right = vectors
        # quotient keeps the points where a norm is 0: \cos(u, u) cancels to 1, and is undefined at u = 0
        return quotient(self.dot(left, right, node),
                        sp.sqrt(self.dot(left, left, node)) * sp.sqrt(self.dot(right, right, node)))

    def of_vector(self, function: OfVector, items, node):
        r"""``\text{softmax}(z)``, a vector (``\text{softmax}(z)_i`` its entry), and ``\text{LSE}(z)``."""
        value = self._items(items)
        vector = self.vector_of(value) if not isinstance(value, ListValue) else None
        m = sp.Dummy("m", integer=True)
        row = isinstance(value, MatrixValue) and value.rows == 1
        if vector is None and isinstance(value, MatrixValue) and (row or value.cols == 1):
            # a matrix of one row or one column written out (a post's [2 & 1 & 0.1]): its entries; a row stays one
            vector = VectorValue(value.entry(1, m) if row else value.entry(m, 1), m, value.cols if row else value.rows)
        if vector is None:
            raise self.fail(node, f"{function.written} takes one vector (a declared vector, a row z_i, or a "
                                  "vector computed from them)")
        result = function.of(vector.component, m, vector.length)
        if function.name not in ("softmax", "log_softmax"):
            return result
        if row:
            c = sp.Dummy("c", integer=True)
            return MatrixValue(result.xreplace({m: c}), sp.Dummy("r", integer=True), c, sp.Integer(1), vector.length)
        return VectorValue(result, m, vector.length)

    def elementary_applied(self, values: list, node) -> list:
        r"""The factors of a product with each standard function written without parentheses
        applied to the one factor after it, where what follows that factor is another such
        function or nothing: ``\cos\theta \cos m``, ``\|u\| \|v\| \cos\theta`` (TeX's product of
        functions).  Any other (``\cos 2\theta``) is left to :meth:`elementary_of_factors`."""
        out, position = [], 0
        while position < len(values):
            value = values[position]
            after = values[position + 2] if position + 2 < len(values) else None
            if isinstance(value, Elementary) and position + 1 < len(values) \
                    and isinstance(values[position + 1], sp.Expr) and (after is None or isinstance(after, Elementary)):
                out.append(value(self._number(values[position + 1], node)))
                position += 2
                continue
            out.append(value)
            position += 1
        return out

    def elementary_of_factors(self, function: Elementary, operand, count: int, node):
        r"""``\cos\theta`` without parentheses, ``operand`` the product of the ``count`` factors
        after it: read when it is one factor and the last, refused when the extent is a guess."""
        name = function.shown
        if operand is None:
            raise self.fail(node, f"{name} needs its argument")
        if count != 1:
            raise self.fail(node, f"ambiguous: {name} without parentheses before several factors reads as {name} "
                                  f"of the first or of their product ({name} 2\\theta: {name}(2\\theta) or "
                                  f"{name}(2)\\theta); write {name}(…)")
        return function(self._number(operand, node))

    def elementary_power(self, function: Elementary, script, op):
        r"""``\cos^2``: the function's value squared; ``\cos^{-1}`` (the inverse function to some
        readers, the reciprocal to others) and any other exponent are refused."""
        written = "".join(self.source(script).split()).strip("{}")
        if not written.isdigit() or int(written) < 1 or int(written) > 100:
            raise self.fail(op, f"{function.shown}^{{{written}}} is not read: a power of the function is read "
                                f"for a whole number from 1 to 100 ({function.shown}^2 \\theta); write "
                                f"({function.shown} \\theta)^{{…}} or the inverse function's own name")
        return replace(function, power=function.power * int(written))

    def event_of(self, element) -> str | None:
        r"""``D=1`` of ``P(D=1, v \mid c)``: an argument that is an event of a letter the notation
        does not declare (a label the document names only there), written without spaces;
        None for any other argument."""
        tree = unwrap(element)
        if not (isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3
                and relation_name(str(tree.children[1].children[0])) == "="):
            return None
        left = unwrap(tree.children[0])
        if not bare_letter(left):
            return None
        if self.scope.lookup(str(left.children[0])) is not None and self.label_event(element) is None:
            return None
        return "".join(self.source(tree).split())

    def label_event(self, element) -> tuple[sp.Symbol, sp.Expr] | None:
        r"""``y = 0`` of ``p(y = 0 \mid x)`` with y a declared variable of finitely many values
        (``binary``) and 0 one of them: (y, 0); None for any other argument (a value outside
        them is no event of y, and is refused where it is read)."""
        tree = unwrap(element)
        if not (isinstance(tree, Tree) and tree.data == "item" and len(tree.children) == 3
                and relation_name(str(tree.children[1].children[0])) == "="):
            return None
        left = unwrap(tree.children[0])
        symbol = self.scope.lookup(str(left.children[0])) if bare_letter(left) else None
        values = dict(self.scope.finite).get(symbol) if isinstance(symbol, sp.Symbol) else None
        if values is None:
            return None
        try:
            value = self.value(tree.children[2])
        except ParseError:
            return None
        return (symbol, value) if value in values else None

    def event_key(self, key: str, items) -> str | None:
        r"""``P(D=1,•|•)``: the name a definition at an event is keyed by, the event as written,
        each other argument a place; None when no argument is an event."""
        elements = [c for c in items.children if isinstance(c, Tree)]
        events = [self.event_of(e) for e in elements]
        if not any(events):
            return None
        separators = [separator_kind(str(c)) for c in items.children if not isinstance(c, Tree)]
        places = [e or "•" for e in events]
        return key + "(" + places[0] + "".join(s + p for s, p in zip(separators, places[1:])) + ")"

    def _substitute_points(self, macro, items):
        """The body of a macro of points (``P(y \\mid x; \\theta)``) at the use's points
        (``P(y_i \\mid x_i; \\theta)``); None when the use does not have the head's shape
        (the caller then says so)."""
        elements = [c for c in items.children if isinstance(c, Tree)]
        separators = tuple(separator_kind(str(c)) for c in items.children if not isinstance(c, Tree))
        if len(elements) != len(macro.point_params) or separators != macro.separators:
            return None
        mapping = {}
        for (kind, head_value), element in zip(macro.point_params, elements):
            if kind == "event":
                if self.event_of(element) != head_value:
                    return None
                continue
            event = self.label_event(element) if kind == "fixed" else None
            if event is not None:
                # p(x \mid y = 0) of p(x \mid y) = …, y of the declared values {0, 1}: the body at y = 0
                if event[0] != head_value:
                    return None
                mapping[head_value] = event[1]
                self.readings.append(f"{macro.key}({shown(macro.labels)}) is read at the event "
                                     f"{' '.join(self.source(element).split())}")
                continue
            value = self.value(element)
            if kind == "point":
                point = self.as_point(value)
                if point is None or isinstance(point, (EntrySlice, Entries)):
                    return None         # K samples where the head has one point: not this definition
                mapping[head_value] = point
            elif value != head_value:
                return None
        if any(isinstance(node, (Expectation, AlphabetSum)) and set(node.args[1].args) & set(mapping)
               for node in sp.preorder_traversal(macro.body)):
            return None        # a point the body binds is not a parameter to substitute
        return macro.body.xreplace(mapping)

    def _is_point(self, value) -> bool:
        return is_point(value, self.scope.points)

    def point_value(self, value):
        """What a data point declared with a ``value_shape`` stands for where a value is read
        (``W_k c_t``, ``\\mathbf{x}_i - \\mathbf{x}_j``): its number, or its vector
        (:class:`VectorValue`); None for anything else (load/point_values.py)."""
        point = self.valued_point(value)
        if point is None:
            return None
        key = point.base if isinstance(point, (sp.Indexed, BarePoint)) else point
        function = next(f for declared, f in self.scope.point_values if declared == key)
        if function.length is None:
            return function.function(point)
        m = sp.Dummy("m", integer=True)
        return VectorValue(function.function(point, m), m, function.length)

    def valued_point(self, value):
        """``value`` as the point it is, when it is a point declared with a ``value_shape``
        (``\\mathbf{x}`` beside ``\\mathbf{x}_i`` is the point of its own); None otherwise."""
        if not self.scope.point_values:
            return None
        if isinstance(value, Family) and value.base in self.scope.points:
            value = bare_point(value.base)
        key = value.base if isinstance(value, (sp.Indexed, BarePoint)) else value
        return value if any(declared == key for declared, _ in self.scope.point_values) else None

    def value_of(self, value):
        """``value`` itself, or the value of a point declared with a ``value_shape``."""
        valued = self.point_value(value)
        return value if valued is None else valued

    def tuple_of_points(self, items) -> sp.Tuple | None:
        r"""``(\mathbf{A}, \mathcal{T}_X(\mathbf{X}))``: a tuple of two or more data points
        separated by commas (a graph and its matrices), itself a point; None for any other
        parenthesised list (which the caller reads, or refuses, as before)."""
        elements = [c for c in items.children if isinstance(c, Tree)]
        separators = [str(c).strip() for c in items.children if not isinstance(c, Tree)]
        if len(elements) < 2 or set(separators) != {","} or not self.scope.points:
            return None
        values, said = [], len(self.readings)
        for element in elements:
            try:
                value = self.value(element)
            except ParseError:
                value = None
            value = bare_point(value.base) if isinstance(value, Family) and value.base in self.scope.points \
                else value
            if not self._is_point(value):
                del self.readings[said:]      # the caller reads the list again, and says it once
                return None
            values.append(value)
        return sp.Tuple(*values)

    def refuse_loose_points(self, expr, node) -> None:
        """A data point used as a number (``x + 1``, ``\\tau x``): it has no value."""
        points = self.scope.points
        if not points or not isinstance(expr, sp.Basic):
            return
        loose = _loose_points(expr, points)
        if loose:
            raise self.fail(node, f"{self._written_point(loose)} is a data point (role \"point\"): it has no "
                                  "value, and is only an argument of a declared function such as f(x)")

    def _written_point(self, point) -> str:
        """A point as the notation writes it: x_{n} for the entry x[n] of the family x."""
        if isinstance(point, sp.Indexed):
            return f"{self.family_key(point.base)}_{{{', '.join(sp.sstr(i) for i in point.indices)}}}"
        if as_slice(point) is not None:
            base, lo, hi = as_slice(point)
            return f"{self.family_key(base)}_{{{sp.sstr(lo)}:{sp.sstr(hi)}}}"
        return str(point)

    def family_key(self, base) -> str:
        """The name a family is declared under (\\mathbf{x} for the IndexedBase x)."""
        # a family of a [[section]] is named x__from349 inside: shown as written, x
        key = next((k for k, v in self.scope.names.items() if isinstance(v, Family) and v.base == base),
                   written_name(str(base)))
        # the samples x_1 … x_n of a point x are bound under a form of x's name: they are x
        return next((key[:-len(f)] for f in (form_key("", "subscript"), form_key("", "superscript"))
                     if key.endswith(f)), key)


def is_point(value, points) -> bool:
    """Whether ``value`` is a data point: a declared point, an entry x_i of a family of
    points, or such a family's sample written without its index."""
    if isinstance(value, (sp.Indexed, BarePoint)):
        return value.base in points
    if isinstance(value, EntrySlice):
        return value.args[0] in points      # x_{1:K}, the samples at once: sample_slices.py
    if isinstance(value, Entries):
        return all(is_point(v, points) for v in value.args)
    if isinstance(value, AppliedUndef):
        return value.func in points      # t(x) of a function declared with role "point"
    if isinstance(value, sp.Tuple):
        return len(value) > 1 and all(is_point(v, points) for v in value)   # (A, X): a graph
    return isinstance(value, sp.Symbol) and value in points


def _loose_points(expr: sp.Basic, points) -> sp.Basic | None:
    """The first point of ``expr`` that is not inside an application of a declared function."""
    if isinstance(expr, AppliedUndef) and expr.func in points:
        return expr       # t(x) of a function whose values are points: a point
    if isinstance(expr, (AppliedUndef, Density, SliceDensity)):
        return None
    if isinstance(expr, ValueCall):
        return None       # its points were checked where it was read
    if isinstance(expr, Optimum):
        return _loose_points(expr.args[0], points)     # \min_{Y \in \mathcal{Y}} E(W, Y, X): Y is bound
    if isinstance(expr, (Expectation, AlphabetSum, SampleExpectation, IidExpectation)):   # they bind points
        return _loose_points(expr.args[0], points)
    if is_point(expr, points):
        return expr
    for arg in expr.args:
        found = _loose_points(arg, points)
        if found is not None:
            return found
    return None


def separator_kind(token: str) -> str:
    """``\\mid`` and the bar of p(x | c) are one separator (the head of a definition and
    its uses may write either)."""
    return "|" if token.strip() in ("\\mid", "\ue004") else token.strip()

