r"""A limit as a declared size grows, ``\lim_{M \to \infty} (\log(M + 1) - \log M)``.

Every other link reads a size at its checked values (M = 1, 2, 3): at one size the sides
are numbers, with no trend, and a ladder run over them would compare the value at M = 1
with the limit (log 2 ≠ 0, a false refutation).  So a limit over a size is read with the
size as a positive real that the ladder moves, when the size only enters the sides as a
number.  Where it sets how many terms, rows or draws there are (a sum to M, a family of M
entries, an expectation over M draws), a real M has no meaning: the link is undecided,
saying why, never checked at a fixed size."""
from __future__ import annotations

import dataclasses

import sympy as sp
from sympy.core.function import AppliedUndef

from ...model.distributions import DISTRIBUTION_NODES
from ...model.notation import Domain, Role, ScalarDecl
from ...model.value_functions import moves_with
from ...model.verdicts import Outcome, Verdict
from ..registry import LinkTask


def through_values(task: LinkTask, var: sp.Symbol, method: str) -> Outcome | None:
    """The undecided outcome of a limit in ``var`` that moves the arguments of a declared
    function of values: its sampled functions are continuous, the function the document
    names need not be (model.value_functions); None otherwise."""
    name = moves_with(task.lhs, var) or moves_with(task.rhs, var)
    if name is None:
        return None
    return Outcome(Verdict.UNDECIDED, method,
                   f"not checked: the limit moves the arguments of {name}(…), a declared function applied to "
                   f"values, and what {name} does near a point (its continuity) the declaration does not say")


def size_as_real(task: LinkTask, var: sp.Symbol, method: str) -> LinkTask | Outcome:
    """``task`` unchanged when its limit variable ``var`` is not a declared size; else the task
    with the size a positive real scalar, or the undecided outcome of ``method`` when the
    size is structural."""
    sizes = {decl.symbol: decl for decl in task.notation.sizes}
    if var not in sizes:
        return task
    size = sizes[var]
    shown = size.latex or str(size.symbol)
    structural = _structural(task, var)
    if structural:
        return Outcome(Verdict.UNDECIDED, method,
                       f"a limit as the size {shown} grows is not checked: {shown} sets {structural}, so the sides "
                       f"are numbers only at its checked values ({', '.join(map(str, size.checked))}), with no "
                       "trend to follow")
    real = sp.Symbol(size.symbol.name, positive=True)
    notation = dataclasses.replace(
        task.notation, sizes=tuple(d for d in task.notation.sizes if d is not size),
        scalars=task.notation.scalars + (ScalarDecl(real, Domain.POSITIVE, Role.VALUE, shown, size.origin),))
    swap = {size.symbol: real}
    return dataclasses.replace(task, lhs=task.lhs.xreplace(swap), rhs=task.rhs.xreplace(swap), notation=notation)


def _structural(task: LinkTask, size: sp.Symbol) -> str:
    """What the size counts in the link, as words ('' when it enters as a number only)."""
    if any(size in condition.predicate.free_symbols for condition in task.given):
        return "a stated condition"
    for side in (task.lhs, task.rhs):
        for node in sp.preorder_traversal(side):
            if isinstance(node, sp.Indexed):
                decl = task.notation.lookup(node)
                if decl is not None and any(size in sp.sympify(e).free_symbols for e in getattr(decl, "shape", ())):
                    return f"the number of entries of {decl.latex}"
            if hasattr(node, "limits") and not isinstance(node, sp.Limit) and any(
                    size in sp.sympify(bound).free_symbols for limit in node.limits for bound in limit[1:]):
                return "how many terms a sum or product has"
            if isinstance(node, AppliedUndef) and size in node.free_symbols:
                return "an argument of a declared function"
            if isinstance(node, DISTRIBUTION_NODES) and size in node.free_symbols:
                return "what an expectation or a density is taken over"
    return ""
