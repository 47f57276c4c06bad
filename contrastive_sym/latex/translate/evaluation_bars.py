r"""The bar after an expression: ``f(x)\big|_{x=0}``, ``\left. x^2 + b \right|_{x=0}``,
``\frac{d}{dx} x^3 \Big|_{x=1}`` (evaluated at), and the restriction ``|_{i \neq j}``.

``|_{x = a}`` puts a in place of x; a derivative by x is taken first and evaluated at a
(SymPy's Subs), as the bar means.  A bar whose name the expression does not contain
changes nothing and is refused, naming it; so is a bar inside ``\frac{d}{dx}`` whose value
moves with x (``\frac{d}{dx} f(y) \big|_{y=x}``: before or after differentiating differ).
"""
from __future__ import annotations

import sympy as sp
from lark import Tree

from .values import relation_name


class EvaluationBarsMixin:
    def side_term(self, tree):
        r"""One side of a relation, with the bars in it checked once it is whole: a bar is read
        after what it is written on (an atom, a group, \left. … \right|), and where its
        name is also outside it in the side, another reader extends it over more: refused."""
        self._bars = []
        self.closed_sums = []       # a sum's body ends within its side (sum_ends.py)
        value = self.term(tree)
        free = value.free_symbols if isinstance(value, sp.Basic) else set()
        for variable, node, grouped, written in self._bars:
            if not grouped and (variable in free or isinstance(variable, sp.Indexed) and value.has(variable)):
                bar = "".join(self.source(node.children[1]).split())
                raise self.fail(node, f"ambiguous: the bar {bar} is read on what it is written after, and "
                                      f"{written} is also elsewhere in this side, where a reader may take the "
                                      r"bar to apply too: write \left. … \right|_{…} around what it evaluates")
        return value

    def restricted(self, meaning, script, node):
        """``meaning`` with the bar's script applied: evaluated at ``x = a`` (each binding), or
        unchanged after checking a restriction ``i \\neq j`` against the notation."""
        bindings = self._bar_bindings(script)
        if bindings is None:
            self._check_restriction(script)
            return meaning
        if not isinstance(meaning, sp.Expr):
            raise self.fail(node, "a bar |_{x = a} after something that is not a number (a vector, "
                                  "a list) is not read")
        for variable, value, written in bindings:
            if any(self.scope.lookup(name) == variable for name in getattr(self, "open_sums", ())):
                raise self.fail(script, f"the bar puts a value in place of {written}, the index of a sum "
                                        "around it: write the term it means, or the bar after the sum")
            if not meaning.has(variable):
                raise self.fail(script, f"the bar |_{{{self.source(script).strip()[1:-1].strip()}}} puts a value "
                                        f"in place of {written}, which what it follows does not contain: it "
                                        "changes nothing (is a name written differently?)")
            meaning = evaluated_at(meaning, variable, value)
            # \left. … \right|_{…} says what the bar applies to (latex/evaluation_groups.py)
            grouped = self.source(node).lstrip().startswith(r"\left.")
            bars = getattr(self, "_bars", None)
            if bars is None and not grouped:
                # outside a side the reader checks, whether the bar reaches further is not known
                raise self.fail(node, r"a bar here is read only in \left. … \right|_{…}, which says "
                                      "what it applies to")
            if bars is not None:
                bars.append((variable, node, grouped, written))
        return meaning

    def derivative_then_bar(self, operand, differentiate, variables, node):
        """``\\frac{d}{dx} x^2 \\Big|_{x=1}``: the bar ends the operand as it is written, but
        only the derivative evaluated at x = 1 has a meaning (d/dx of the number 1 is 0);
        the derivative of what comes before the bar, then the bar.  None when the operand
        has no bar.  ``variables()`` gives the names the derivative is by, read only then."""
        if not (isinstance(operand, Tree) and operand.data == "restricted"):
            return None
        script = operand.children[1].children[1]
        bindings = self._bar_bindings(script)
        if bindings is None:
            return None
        derivative = differentiate(operand.children[0])
        moving = [v for _, value, _ in bindings for v in variables() if value.has(v)]
        if moving:
            raise self.fail(node, f"ambiguous: the bar's value moves with {moving[0]}, so differentiating "
                                  "before or after it differ; write the derivative inside the bar's "
                                  "\\left. … \\right| or restate the line with restated_from")
        return self.restricted(derivative, script, operand)

    def is_d_call(self, node) -> bool:
        r"""``\frac{d}{dx}(…)``: a derivative applied to what follows it in parentheses."""
        return isinstance(node, Tree) and node.data == "call" and isinstance(node.children[0], Tree) \
            and node.children[0].data == "frac" and self.d_fraction(node.children[0]) is not None

    def _bar_bindings(self, script):
        """[(name, value)] of ``|_{x = a, y = b}``; None for anything else (a restriction)."""
        if not (isinstance(script, Tree) and script.data == "script_group"):
            return None
        items = script.children[0]
        found = []
        for item in items.children:
            if not isinstance(item, Tree):
                continue
            parts = item.children
            if not (len(parts) == 3 and isinstance(parts[1], Tree)
                    and relation_name(str(parts[1].children[0])) == "="):
                return None
            variable = self.expr(parts[0])
            if not isinstance(variable, (sp.Symbol, sp.Indexed)):
                raise self.fail(parts[0], f"a bar |_{{… = …}} puts a value in place of a name; "
                                          f"'{self.source(parts[0]).strip()}' is not one")
            found.append((variable, self.expr(parts[2]), " ".join(self.source(parts[0]).split())))
        return found or None


def evaluated_at(expr: sp.Expr, variable, value) -> sp.Expr:
    """``expr`` at ``variable = value``: a derivative by the variable is taken first (SymPy's
    Subs, which every evaluator reads as the derivative at a point), the rest substituted."""
    held = {d: sp.Dummy("D") for d in expr.atoms(sp.Derivative) if variable in d.variables}
    rest = expr.xreplace(held).subs(variable, value)
    return rest.xreplace({dummy: sp.Subs(d, variable, value) for d, dummy in held.items()})
