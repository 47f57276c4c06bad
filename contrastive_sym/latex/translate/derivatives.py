r"""Derivatives as documents write them: ``\frac{\partial F}{\partial v}``,
``\frac{\partial}{\partial v} F``, ``\nabla_v F``, ``\nabla F`` (by the family of a declared
``gradient``), and derivatives of higher order, ``\frac{\partial^2 F}{\partial x \partial y}``,
``\frac{\partial^2}{\partial x^2} F`` (a Hessian entry: by one number per ∂, read as
∂/∂x (∂F/∂y))."""
from __future__ import annotations

import lark
import sympy as sp
from sympy.core.function import AppliedUndef

from ...model.distributions import DISTRIBUTION_NODES
from ...model.nodes import Cancelled, Nabla
from ...model.value_functions import moves_with
from ..scope import AbstractFunction, Family, Macro
from .trees import unwrap
from .values import MatrixValue, VectorValue

Tree = lark.Tree

#: the upright d of a derivative, as documents write it
_UPRIGHT_D = {r"\mathrm{d}", r"\text{d}", r"\textrm{d}", r"\operatorname{d}"}

#: the highest order of a derivative read (∂^4 F / ∂x^4 is read; ∂^5 is refused)
MAX_ORDER = 4


class DerivativesMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads ∂ and ∇."""

    def t_partial_frac(self, node):
        # \frac{\partial F}{\partial v}, \frac{\partial^2 F}{\partial x \partial y}
        children = [c for c in node.children if isinstance(c, Tree)]
        order = children[0] if children[0].data == "diff_order" else None
        numerator = children[1] if order is not None else children[0]
        return self._derivative_of_order(numerator, order, self._by(children, node), node)

    def _by(self, children, node) -> list:
        r"""The ``\partial v`` below the bar; ``\frac{\partial}{o_k}`` writes the variable without its
        ∂, which has no other meaning (∂ alone is not a value to divide), so it is read as
        ∂/∂o_k, and the readings say so."""
        unmarked = [c for c in children if c.data == "unmarked_by"]
        if not unmarked:
            return [c for c in children if c.data == "diff_by"]
        variable = unmarked[0].children[0]
        written = " ".join(self.source(variable).split())
        note = (f"'{' '.join(self.source(node).split())}' is read as a derivative by {written}: the variable "
                f"below the bar is written without its \\partial")
        self.readings.extend([note] if note not in self.readings else [])
        return [Tree("diff_by", [lark.Token("PARTIAL", "\\partial"), variable], meta=unmarked[0].meta)]

    def refuse_signed_operand(self, op, operand) -> None:
        r"""``\frac{\partial}{\partial x} + x``: whether the plus starts what the derivative takes or a term
        after a derivative of something the text names is not written (a probe found ∂/∂x + x read as the
        derivative of +x).  A minus starts what it takes (∂/∂s −\log p, as the seed documents write it),
        unless the claim's differentiates names what a derivative alone takes: then a minus is ambiguous too."""
        written = " ".join(self.source(op).split())
        raise self.fail(operand, f"a sign right after the derivative '{written}': whether it starts what the "
                                 f"derivative takes or a term after it is not written; write {written}(…) with "
                                 "parentheses, or the function it differentiates before the sign")

    def partial_op(self, op, operand):
        r"""``\frac{\partial}{\partial v} F`` (a restriction ``|_{i \neq j}`` after it is
        checked against the notation), ``\frac{\partial^2}{\partial x \partial y} F``."""
        children = [c for c in op.children if isinstance(c, Tree)]
        order = children[0] if children[0].data == "diff_order" else None
        by = self._by(children, op)
        after = self.derivative_then_bar(operand, lambda f: self._derivative_of_order(f, order, by, op),
                                         lambda: [self.expr(b.children[1]) for b in by], op)
        derivative = after if after is not None else self._derivative_of_order(operand, order, by, op)
        if children[-1].data == "restriction":       # \frac{\partial}{\partial x}\Big|_{x=0} F
            return self.restricted(derivative, children[-1].children[1], op)
        return derivative

    def _derivative_of_order(self, numerator, order, by: list, node):
        """∂F/∂v written with one ∂ below and none above; or ∂^n F over ∂ v_1 … ∂ v_k, each
        v_i a number (``\\partial x^2`` counts x twice), the orders above and below equal."""
        if order is None:
            if len(by) != 1:
                written = " ".join("".join(self.source(b).split()) for b in by)
                raise self.fail(node, f"∂ over '{written}' is a derivative of order {len(by)}: write its "
                                      f"order above, \\partial^{len(by)}")
            return self._derivative_by(numerator, by[0].children[1], node)
        stated = self._order(order.children[0])
        variables = [v for b in by for v in self._variables_by(b.children[1], stated)]
        return self._derivative_n(numerator, stated, variables, node)

    def _order(self, tree) -> int:
        stated = self.expr(tree)
        if not (isinstance(stated, sp.Integer) and 1 <= int(stated) <= MAX_ORDER):
            raise self.fail(tree, f"the order of a derivative is a whole number from 1 to {MAX_ORDER}, "
                                  f"not '{self.source(tree).strip()}'")
        return int(stated)

    def _derivative_n(self, numerator, stated: int, variables: list, node):
        """The derivative of order ``stated`` of ``numerator`` by ``variables`` (trees), one
        per order: ∂²F/∂x∂y = ∂/∂x (∂F/∂y), the last written acting first."""
        if len(variables) != stated:
            raise self.fail(node, f"order {stated} above and {len(variables)} derivative"
                                  f"{'s' if len(variables) != 1 else ''} below: the orders differ")
        if stated == 1:
            return self._derivative_by(numerator, variables[0], node)
        f = self.term(numerator)
        if not isinstance(f, sp.Expr) or isinstance(f, sp.MatrixBase):
            raise self.fail(numerator, "a derivative of higher order of a vector or a matrix is not read: "
                                       "differentiate one component, or a number such as a loss")
        for tree in reversed(variables):
            variable = self.value(tree)
            if isinstance(variable, Family) or self.vector_of(variable) is not None:
                raise self.fail(tree, "a derivative of higher order by a vector or a family (a Hessian) is "
                                      "not read: differentiate by one component at a time (x_j, z_{i,m})")
            value = self.expr(tree, variable)
            if not isinstance(value, (sp.Symbol, sp.Indexed)):
                raise self.fail(tree, "a derivative of higher order is read by declared numbers or entries "
                                      "of a family, not by an expression or a defined name")
            if self.scope.path is not None and value == self.scope.path.parameter:
                raise self.fail(tree, "a derivative of higher order along a path is not read")
            f = self._derivative(f, value, node)
        return f

    # --- d/dx, as \frac{d}{dx} F, \frac{dF}{dx}, \frac{\mathrm{d}^2 F}{\mathrm{d} x^2} ------
    def d_fraction(self, node):
        """(order, what is differentiated or None for the operator form d/dx, the variables,
        one per order) when the \\frac ``node`` is a derivative written with d; else None.
        With d a declared name, the letter d is refused as ambiguous (\\mathrm{d} is not)."""
        numerator, denominator = (_ungroup(c) for c in node.children[1:3])
        if not (isinstance(denominator, Tree) and denominator.data == "juxt"):
            return None
        below = self._d_mark(denominator.children[0])
        variable = denominator.children[1]
        if below is None or below[1] != 1 or not isinstance(variable, Tree) \
                or variable.data in ("juxt", "dot", "apply_op"):
            return None
        head, rest = (numerator.children[0], numerator.children[1]) \
            if isinstance(numerator, Tree) and numerator.data == "juxt" else (numerator, None)
        above = self._d_mark(head)
        if above is None:
            return None
        if "letter" in (above[0], below[0]) and self.scope.lookup("d") is not None:
            shown = "".join(self.source(node).split())
            raise self.fail(node, f"ambiguous: d is declared, so {shown} reads as a derivative or as a "
                                  "quotient of products with d; write \\mathrm{d} for the derivative")
        order = above[1]
        return order, rest, self._variables_by(variable, order)

    def _d_mark(self, tree):
        """('letter' or 'upright', order) for d, d^n, \\mathrm{d}, \\mathrm{d}^n; else None."""
        power = None
        if isinstance(tree, Tree) and tree.data == "superscript":
            tree, power = tree.children
        if isinstance(tree, Tree) and tree.data == "letter" and str(tree.children[0]) == "d":
            kind = "letter"
        elif isinstance(tree, Tree) and tree.data == "text" and "".join(self.source(tree).split()) in _UPRIGHT_D:
            kind = "upright"
        else:
            return None     # x^{n} y under a fraction is no derivative: its power is not an order
        return kind, (self._order(power) if power is not None else 1)

    def d_derivative(self, node, operand=None):
        """The derivative a d-fraction ``node`` writes, of its numerator or of ``operand``."""
        order, rest, variables = self.d_fraction(node)
        if (rest is None) == (operand is None):
            raise self.fail(node, "d/dx needs what it differentiates, after it or above the bar")
        if operand is not None:
            after = self.derivative_then_bar(operand, lambda f: self._derivative_n(f, order, variables, node),
                                             lambda: [self.expr(v) for v in variables], node)
            if after is not None:
                return after
        return self._derivative_n(rest if operand is None else operand, order, variables, node)

    def _variables_by(self, tree, order: int) -> list:
        r"""What one ``\partial v`` below a derivative of order ``order`` > 1 is by: ``v``, or
        ``x`` twice for ``\partial x^2`` (the power of a ∂ below counts it)."""
        tree = unwrap(tree)
        if order > 1 and isinstance(tree, Tree) and tree.data == "superscript":
            times = self.expr(tree.children[1])
            if isinstance(times, sp.Integer) and 1 <= int(times) <= order:
                return [tree.children[0]] * int(times)
        return [tree]

    def _derivative_by(self, numerator, denominator, node):
        """∂F/∂v for a number v, or for a vector v (a row z_k of a family, a family of one
        dimension): then the vector of the derivatives by its components, which a side
        compares component by component."""
        variable = self.value(denominator)
        by_vector = self.vector_of(variable)
        if by_vector is None and not isinstance(variable, (sp.Symbol, sp.Indexed)):
            by_definition = self.derivative_by_definition(numerator, denominator, node)
            if by_definition is not None:
                return by_definition
        f = self.term(numerator)
        if isinstance(f, VectorValue):
            raise self.fail(numerator, "a derivative of a vector (a Jacobian) is not read: "
                                       "differentiate one component, or a number such as a loss")
        if by_vector is None and isinstance(variable, Family) and len(variable.shape) == 2:
            return self.derivative_matrix(f, self.matrix_of(variable), node)
        if by_vector is None:
            return self._derivative(f, self.expr(denominator, variable), node)
        if not isinstance(by_vector.body, sp.Indexed) and not self.value_at_point(by_vector.body):
            raise self.fail(denominator, "a derivative by a vector is read by a row z_k of a family "
                                         "or a declared vector, not by an expression of vectors")
        return VectorValue(self._derivative(f, by_vector.body, node), by_vector.index, by_vector.length)

    def value_at_point(self, expr) -> bool:
        r"""Whether ``expr`` is the value of a declared function at data points, or a component
        of it: ``g(x)``, ``f(x^a_i)`` (the embedding of a point, a variable of its own, as
        gradients by embeddings are written: ∂L/∂f(x_i^a)).  Two points are two values, one
        point one value, as the sampler draws them; a function of values (h(a)) is not one."""
        declared = {f.function for meaning in self.scope.names.values() if isinstance(meaning, AbstractFunction)
                    for f in (meaning,) + meaning.overloads if f.role != "point"}
        if not isinstance(expr, AppliedUndef) or expr.func not in declared:
            return False
        arguments = [a for a in expr.args if not (isinstance(a, sp.Symbol) and a.is_integer)]
        return bool(arguments) and all(self.as_point(a) is not None for a in arguments)

    def _nabla_by(self, script, operand, op):
        r"""``\nabla_Z F``: by the family of a declared ``gradient`` (as ``\nabla F``), or the
        gradient by a row, a vector or a whole family (a vector or a matrix of derivatives)."""
        target = script.children[0]
        if isinstance(target, Tree) and target.data == "script_group":
            elements = [c for c in target.children[0].children if isinstance(c, Tree)]
            if len(elements) != 1:
                raise self.fail(script, "\\nabla_{…} by a list is not read; \\nabla_x F is the gradient by x")
            target = elements[0]
        gradient = self.scope.lookup(r"\nabla")
        variable = self.value(target)
        if isinstance(gradient, tuple) and isinstance(variable, Family) and variable.base == gradient[0]:
            return self._nabla(self.expr(operand), op)
        path = self.scope.path
        if path is None or variable != path.parameter:
            return self._derivative_by(operand, target, op)
        # ∇_θ F along the declared path: F's derivative in the path's direction, which stands for every
        # direction at once only where it enters linearly (refuse_ordered_gradients); its θ is marked
        self.path_gradients = self.path_gradients + (op,)
        note = (f"\\nabla_{{{self.source(target).strip()}}} is read along the declared path (what moves, plus "
                f"{self.source(target).strip()} times its direction): the gradient in every direction at once")
        self.readings.extend([note] if note not in self.readings else [])
        value = self._derivative_by(operand, target, op)
        return value.xreplace({path.parameter: _ALONG}) if isinstance(value, sp.Subs) else value

    #: the ∇_θ read along the declared path (their nodes), where a message about them points
    path_gradients: tuple = ()

    def refuse_ordered_gradients(self, rows: list) -> list:
        """``rows``, unless a side orders a gradient along the path (∇_θ A ≤ ∇_θ B compares vectors) or
        does more with it than add its multiples (‖∇_θ A‖, (∇_θ A)^2: the path gives one direction's value)."""
        if self.scope.path is None:
            return rows         # no path, no gradient along one: nothing to look for
        for row in rows:
            for side in row.sides:
                marked = [n for n in sp.preorder_traversal(side.expr) if isinstance(n, sp.Subs) and _ALONG in n.variables]
                if not marked:
                    continue
                def refuse(message, op=self.path_gradients[0] if self.path_gradients else None, row=row):
                    # a ∇_θ of a definition this row uses has no node here: the row is where it is
                    return self.fail(op, message) if op is not None else self.where.error(message, row.line, 1, row.text[:60])
                if set(row.relations) & {"<", "<=", ">", ">="}:
                    raise refuse("\\nabla_… along the path is a gradient, a vector: an inequality between "
                                 "gradients is not read (a derivative along the path, "
                                 "\\frac{\\partial A}{\\partial \\theta}, is a number)")
                scale, rest = sp.Dummy("scale", real=True), side.expr.xreplace({n: sp.S.Zero for n in marked})
                # linear: every gradient scaled by λ scales the side by λ (a quotient of two does not move)
                if sp.diff(side.expr.xreplace({n: scale * n for n in marked}), scale).has(scale) \
                        or rest != 0 and rest.doit() != 0:
                    raise refuse("\\nabla_… along the path is read where the gradient enters linearly "
                                 "(a sum of its multiples); a norm, a power, a quotient or a function of it is "
                                 "not read: the path gives its value in one direction only")
        return rows

    def nabla_of_definition(self, operand, op):
        r"""``\nabla f(x)``, ``\nabla f(x)_i`` with f a definition of one argument written as a declared name
        (a vector, a number), and no gradient declared: the gradient by that argument, as ``\nabla_x f(x)``
        (and its entry i), said; None for any other operand."""
        found = self._call_of_definition(operand)
        if found is None:
            return None
        tree, entry, argument = found
        written = " ".join(self.source(argument).split())
        note = f"\\nabla {' '.join(self.source(tree).split())} is read as the gradient by {written}, its argument"
        self.readings.extend([note] if note not in self.readings else [])
        gradient = _within(self._derivative_by(tree, argument, op))
        if entry is not None and not isinstance(gradient, VectorValue):
            raise self.fail(operand, f"\\nabla {' '.join(self.source(tree).split())} is a number (the derivative by "
                                     f"{written}, a number): it has no entries")
        return gradient if entry is None else self.computed_entry(gradient, entry, operand)

    def hessian_of_definition(self, op, operand):
        r"""``\nabla^2 f(x)``, ``\nabla^2 f(x)_{i,j}`` with f as :meth:`nabla_of_definition` reads it: the
        matrix of the second derivatives by the components of the argument (and its entry i, j), said."""
        power = self.expr(op.children[1])
        found = self._call_of_definition(operand)
        vector = self.vector_of(self.value(found[2])) if found is not None else None
        if power != 2 or vector is None:
            raise self.fail(op, "\\nabla^2 is read as the Hessian of a definition f(x) of one vector argument, "
                                "\\nabla^2 f(x) or its entry \\nabla^2 f(x)_{i,j}; write the second derivative "
                                "\\frac{\\partial^2 F}{\\partial x_i \\partial x_j}")
        tree, entry, argument = found
        column = self.vector_of(self.value(argument))
        written = " ".join(self.source(argument).split())
        note = f"\\nabla^2 {' '.join(self.source(tree).split())} is read as the Hessian by {written}, its argument"
        self.readings.extend([note] if note not in self.readings else [])
        f = self.term(tree)
        second = self._derivative(self._derivative(f, vector.body, op), column.body, op)
        hessian = MatrixValue(_guarded(_guarded(second, vector.index, vector.length), column.index, column.length),
                              vector.index, column.index, vector.length, column.length)
        return hessian if entry is None else self.computed_entry(hessian, entry, operand)

    def _call_of_definition(self, operand):
        """(the call, the subscript after it or None, its one argument) of ``f(x)`` or ``f(x)_i`` with f a
        definition and x a declared vector or number, no gradient declared; None otherwise."""
        tree, entry = unwrap(operand), None
        if isinstance(tree, Tree) and tree.data == "subscript":
            tree, entry = unwrap(tree.children[0]), tree.children[1]
        if isinstance(self.scope.lookup(r"\nabla"), tuple) or not (isinstance(tree, Tree) and tree.data == "call"):
            return None
        head, args = tree.children[0], unwrap(tree.children[1])
        items = [c for c in args.children[0].children if isinstance(c, Tree)] \
            if isinstance(args, Tree) and args.data == "paren" else []
        key = self.atom_key(head)
        if key is None or not isinstance(self.scope.lookup(key), Macro) or len(items) != 1 \
                or len(args.children[0].children) != 1:
            return None
        variable = self.value(items[0])
        if not (isinstance(variable, Family) and len(variable.shape) == 1 or isinstance(variable, sp.Symbol)
                and not variable.is_integer):
            return None
        macro, atom = self.scope.lookup(key), variable.base if isinstance(variable, Family) else variable
        written = " ".join(self.source(items[0]).split())
        own = atom in {base for base, _ in macro.vector_args} or macro.labels is not None and \
            " ".join(macro.labels.split()) == written
        if not own and (atom in macro.body.free_symbols or atom in macro.body.atoms(sp.IndexedBase)):
            # l(w) = \sum_i w_i x_i at x: the gradient of l taken at x is not the derivative of l(x) by x
            raise self.fail(tree, f"\\nabla {' '.join(self.source(tree).split())}: the definition of {key} writes "
                                  f"{written} itself beside its argument, so the gradient of {key} at {written} and the "
                                  f"derivative of {key}({written}) by {written} differ; write the derivative by the "
                                  "definition's own argument, \\nabla_w l(w), and its value where the text takes it")
        return tree, entry, items[0]

    def _nabla(self, expr, op):
        gradient = self.scope.lookup(r"\nabla")
        if not isinstance(gradient, tuple):
            raise self.fail(op, "∇ with nothing under it is read by the family a declared gradient names "
                                "(declare gradient), or of a definition f(x) of one argument by it (\\nabla f(x)); "
                                "write the variable it differentiates by, \\nabla_x F")
        family, directions = gradient
        if isinstance(expr, sp.Indexed) and expr.base == family:
            return directions[expr.indices]
        self.refuse_random(expr, op)
        self.refuse_through_values(expr, family, op)
        self.say_when_constant(expr, family, op)      # constant_derivatives.py
        return Nabla(expr, family, directions)

    def refuse_random(self, f, node) -> None:
        """A derivative of an expectation or a probability (∂/∂a E_X[…], ∇ p(d = k | X, c)) is
        not read: the checker differentiates numbers written out, not averages over draws."""
        if isinstance(f, sp.Basic) and f.has(*DISTRIBUTION_NODES):
            raise self.fail(node, "a derivative of an expectation or a probability is not read (differentiate "
                                  "inside the expectation, as a step of its own)")

    def refuse_through_values(self, f, variable, node) -> None:
        r"""A derivative through a declared function of values (∂/∂a d(a, b)) is not read: the
        declaration says nothing of its derivative (model.value_functions)."""
        name = moves_with(f, variable)
        if name is not None:
            raise self.fail(node, f"a derivative through {name}(…), a declared function applied to values, is "
                                  f"not read: the declaration says nothing of {name}'s derivative (write "
                                  "the derivative the document means, or a function of data points)")

    def _derivative(self, f, variable, node):
        if not isinstance(f, sp.Expr) or isinstance(f, sp.MatrixBase):
            # ∇_s ∇_s τ, ∂(a vector)/∂s: a Jacobian or a second derivative by a matrix
            raise self.fail(node, "a derivative of a vector or a matrix (a Jacobian) is not read")
        if not isinstance(variable, (sp.Symbol, sp.Indexed)) and not self.value_at_point(variable):
            raise self.fail(node, "a derivative with respect to an expression")
        self.refuse_random(f, node)
        if isinstance(variable, sp.Symbol) and variable.is_integer:
            # ∂x_t/∂t, d/dn: an index or a size takes whole values; nothing is differentiable in it
            raise self.fail(node, f"a derivative by '{variable}', an index or a size (it takes whole values), "
                                  "is not read")
        self.refuse_through_values(f, variable, node)
        path = self.scope.path
        if path is not None and variable == path.parameter:
            if f.has(variable, _ALONG):
                # θ written in the formula, or a derivative along the path inside this one: the path's θ is the
                # distance moved, 0 where the derivative is taken (∇_θ θ² would be 0), and a second derivative
                # along it would move the inner operand again (the scores' curvature is not 0)
                raise self.fail(node, f"a derivative along the declared path of a formula that writes its parameter "
                                      f"{variable} (a second derivative along it, or {variable} itself) is not read: "
                                      "the path gives first derivatives of what moves")
            self.refuse_through_values(f, path.family, node)
            self.say_when_constant(f, path.family, node)      # constant_derivatives.py
            # ∂/∂θ with the rows on the path z + θv: the derivative at θ = 0
            return sp.Subs(sp.Derivative(path.moved(f), variable), variable, 0)
        self.say_when_constant(f, variable.base if isinstance(variable, sp.Indexed) else variable, node)
        return sp.Derivative(f, variable)


#: the parameter of a ∇_θ read along the path, told from a derivative ∂/∂θ along it (a number)
_ALONG = sp.Dummy("theta_along")


def _guarded(body, index, length):
    """``body`` undefined where ``index`` is past 1 … ``length`` (an entry the vector does not have is
    undefined, never the 0 its derivative would give there)."""
    return Cancelled(body, sp.KroneckerDelta(sp.Min(sp.Max(index, 1), length), index))


def _within(gradient):
    """A gradient whose entries past its length are undefined (see :func:`_guarded`)."""
    if not isinstance(gradient, VectorValue):
        return gradient
    return VectorValue(_guarded(gradient.body, gradient.index, gradient.length), gradient.index, gradient.length)


def _ungroup(tree):
    """The value of a ``{…}`` group that holds one expression and no relation."""
    while isinstance(tree, Tree) and tree.data in ("chain_in_group", "item") and len(tree.children) == 1:
        tree = tree.children[0]
    return tree
