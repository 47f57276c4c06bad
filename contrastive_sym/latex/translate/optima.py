r"""Optima over parameters: ``\min_\theta \mathcal{L}(\theta)``, ``\arg\max_{\mathbf{L}} \sum_i p_i``,
``\sup_{(v_u; v_i)} F``, ``\min_{Y \in \mathcal{Y}} E(W, Y, X)``, ``\min`` with nothing under it.

A maximum or minimum over an index (``\max_k``, ``\min_{k \neq i}``) has a value the
checker computes (:mod:`.ranges`).  Over anything else (a parameter, a matrix, a set of
answers, functions) it is an optimum the checker does not compute: read as an
:class:`~contrastive_sym.model.nodes.Optimum`, whose body is translated as any term is
(so that a name not declared or a sum's free index in it is still found), and a step
that involves it is reported as not checked.  The subscript's own names that the
notation does not declare (θ, \mathbf{L}) stand for what the optimum runs over inside
its body; its conditions (``Y \neq Y^i``, ``\text{ and }``) are kept as written and not
read.  An argmin or argmax is always such an optimum, over an index too."""
from __future__ import annotations

import lark
import sympy as sp
from sympy.core.function import AppliedUndef
from sympy.core.symbol import Str

from ...errors import ParseError
from ...model.nodes import Optimum, optimum_written
from ..optima import MARKS
from .trees import unwrap
from .values import relation_name

Tree = lark.Tree

#: the extreme value over an index that sup and inf are when their subscript is one
OVER_AN_INDEX = {"sup": "max", "inf": "min", "max": "max", "min": "min"}
_NAMES = ("letter", "command", "font", "font_accent", "accent")


def _written_in_abstract_names(body: sp.Expr) -> bool:
    """Whether ``body`` uses a function or an entry of a family, whose values the notation
    leaves open (an encoder's output z_i, f_θ(x), sim(u, v)): a parameter they depend on need
    not be written.  A body of declared numbers alone writes every dependence it has."""
    return bool(body.atoms(AppliedUndef) or body.atoms(sp.Indexed))


def _twin_in(body: sp.Expr, bound: list) -> str | None:
    """A name ``body`` writes that is one of ``bound`` in another case or variant (Y for y,
    \\vartheta for \\theta): the optimum's name written differently, not a dependence left
    unwritten; None when there is none."""
    def plain(symbol) -> str:
        return symbol.name.lower().lstrip("\\").removeprefix("var")
    names = {plain(b) for b in bound}
    return next((sp.latex(s) for s in sorted(body.free_symbols, key=str) if isinstance(s, sp.Symbol)
                 and s not in bound and plain(s) in names), None)


class OptimaMixin:
    """The part of :class:`~contrastive_sym.latex.translate.Translator` that reads optima."""

    def optimum_op(self, op, operand):
        """The ``optimum_op`` of the grammar: argmin, argmax, sup or inf in any spelling."""
        sense = MARKS[str(op.children[0])]
        lower = op.children[1].children[0] if len(op.children) == 2 else None
        return self.extreme_or_optimum(op, lower, operand, sense)

    def extreme_or_optimum(self, op, lower, operand, sense: str, upper=None):
        """``\\max_k f`` over an index (a value), else the optimum of f over what the
        subscript names; an argmin or argmax, and an optimum with nothing under it, is
        always the latter.  With an upper limit (``\\max_{l=1}^{B}``), over an index only."""
        if upper is not None:
            if sense not in ("max", "min"):
                raise self.fail(op, f"\\{sense} with an upper limit is not read (a maximum or minimum over an "
                                    "index may have one, \\max_{k=1}^{N})")
            return self.extremum(op, lower, operand, OVER_AN_INDEX[sense], upper)
        if lower is None or sense.startswith("arg"):
            return self.optimum(op, lower, operand, sense)
        try:
            return self.extremum(op, lower, operand, OVER_AN_INDEX[sense])
        except ParseError:
            if not self._over_parameters(lower):
                raise
        return self.optimum(op, lower, operand, sense)

    def optimum(self, op, lower, operand, sense: str) -> Optimum:
        """The optimum of ``operand`` over the subscript ``lower`` (None: not written)."""
        scope, bound, named, undeclared = self.scope, [], self._optimised_names(lower), []
        for tree in named:
            key = self.atom_key(tree)
            meaning = scope.lookup(key) if key is not None else None
            if isinstance(meaning, sp.Symbol):
                bound.append(meaning)
            elif meaning is None and key is not None:
                symbol = sp.Dummy(key.lstrip("\\"), real=True)
                scope = scope.bind(key, symbol)
                bound.append(symbol)
                undeclared.append(symbol)
        over = " ".join(self.source(lower).split()) if lower is not None else ""
        over = over[1:-1] if over.startswith("{") and over.endswith("}") else over
        shown = optimum_written(sense, over)
        if sense.startswith("arg"):
            self._refuse_argument_not_a_number(op, shown, named, bound)
        body = self.within(scope).term(operand)
        if not isinstance(body, sp.Expr):
            raise self.fail(op, f"{shown} of a vector or a list is not read: an optimum is of one value")
        if bound and len(bound) == len(named) and not body.free_symbols & set(bound):
            names = ", ".join(self.source(t).strip() for t in named)
            # θ declared (the parameters), the body in embeddings: they depend on it, unwritten; θ
            # named here only (\min_{\vartheta} of a body in θ, \arg\min_y of one in Y): a slip
            declared, abstract, twin = not undeclared, _written_in_abstract_names(body), _twin_in(body, bound)
            if not (declared and abstract) or twin:
                hint = f" (it writes {twin})" if twin else "" if declared or not abstract else (
                    f" (if it depends on {names} through its functions or families, declare {names} as "
                    "[[scalar]] parameters)")
                raise self.fail(op, f"{shown} runs over {names}, and what it optimises does not depend on "
                                    f"{'it' if len(named) == 1 else 'them'}: is a name written differently "
                                    f"there?{hint}")
            # \min_\theta -\log \frac{e^{sim(z_i, z_j)}}{…}: the embeddings depend on θ, unwritten
            note = (f"{shown} runs over {names}, which what it optimises writes only through functions and "
                    f"families (their dependence on {names} is not written); the optimum is not computed")
            self.readings.extend([note] if note not in self.readings else [])
        return Optimum(body, Str(sense), Str(over), sp.Tuple(*bound))

    def _refuse_argument_not_a_number(self, op, shown: str, named: list, bound: list) -> None:
        """An argmin or argmax is what it runs over: read only over one parameter that is
        a number (a [[scalar]] that is not a data point, or a name the notation does not
        declare); over a point, a vector, a matrix, functions or nothing written, its value
        would be taken for a number."""
        if len(named) == 1 and len(bound) == 1 and bound[0] not in self.scope.points:
            return
        if not named:
            over = "nothing written"
        elif len(named) > 1:
            over = "several names"
        else:
            written = self.source(named[0]).strip()
            over = f"{written}, a data point" if bound else f"{written}, which is not one number"
        raise self.fail(op, f"{shown} is not read: its value is what it runs over, which is read only when that is "
                            "one number (\\arg\\min_\\theta with θ a [[scalar]], not a data point); over "
                            f"{over}, it would be taken for a number")

    def _over_parameters(self, lower) -> bool:
        """Whether a subscript names what an optimum runs over rather than indices: a
        declared name that is not an index or a size, a name other than one lowercase latin
        letter (θ, \\mathbf{L}, Y), a tuple, a set of functions; ``\\max_{i, j}`` and ``\\max_k`` with
        k's range not found are indices (the sum's own message says why they are not read)."""
        names = self._optimised_names(lower)
        first = unwrap(lower.children[0].children[0]) if isinstance(lower, Tree) and lower.data == "script_group" \
            else unwrap(lower)
        if isinstance(first, Tree) and first.data == "paren":
            return True     # \sup_{(u; v)}: a tuple of parameters (a tuple of a set of indices is read before)
        if isinstance(first, Tree) and first.data == "item" and len(first.children) >= 3 \
                and relation_name(str(first.children[1].children[0])) != "in":
            return False    # \max_{k > 1}: a condition on an index (the sum's own message says why it is not read)
        return not names or not all(self._index_like(tree) for tree in names)

    def _index_like(self, tree) -> bool:
        key = self.atom_key(tree)
        meaning = self.scope.lookup(key) if key is not None else None
        if meaning is not None:
            return self.scope.index_range(meaning) is not None or bool(getattr(meaning, "is_integer", False))
        return tree.data == "letter" and key.islower()

    def _optimised_names(self, lower) -> list:
        """The names a subscript optimises over, each a tree of one name: θ of ``\\theta``,
        Y of ``Y \\in \\mathcal{Y}``, u and v of ``(u; v)`` and ``(u, v)``; conditions written
        beside them give none."""
        if lower is None:
            return []
        lower = unwrap(lower)
        items = lower.children[0].children if isinstance(lower, Tree) and lower.data == "script_group" \
            else [lower]
        found = []
        for item in (unwrap(i) for i in items if isinstance(i, Tree)):
            if isinstance(item, Tree) and item.data == "item" and len(item.children) >= 3:
                if relation_name(str(item.children[1].children[0])) != "in":
                    continue        # a condition (Y \neq Y^i), not read
                item = unwrap(item.children[0])     # Y of Y \in \mathcal{Y} (and of what follows it)
            if isinstance(item, Tree) and item.data == "paren":
                # (u, v), (v_u; v_i): the names written alone in the tuple
                inner = item.children[0].children if isinstance(item.children[0], Tree) else []
                found += [e for e in (unwrap(c) for c in inner if isinstance(c, Tree))
                          if isinstance(e, Tree) and e.data in _NAMES]
            elif isinstance(item, Tree) and item.data in _NAMES:
                found.append(item)
        return found

