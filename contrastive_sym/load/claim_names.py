"""What a claim evaluates, and the given conditions that must name it: a condition on names the claim
does not use could not change its verdict, or could not be evaluated where the claim is."""
from __future__ import annotations

import sympy as sp

from ..model.nodes import BestCritic, ExpectXYK, MutualInformation
from .context import Context


def check_given(claim, names: set, context: Context) -> None:
    """A condition that names nothing the claim evaluates cannot change its verdict, and one that
    names a variable the claim does not use cannot be evaluated where the claim is (the index j of
    j ≠ i beside a statement of i alone had no value there: an internal error before): both are
    errors of the document's claim, said so."""
    for condition in claim.given:
        named = names_in(condition.predicate)
        if not named & names:
            raise context.fail(f"given '{condition.label}': names nothing claim {claim.id} uses, so the "
                               "condition cannot change its verdict", ("given",))
        declared = {d.symbol for d in context.builder._indices} | {d.symbol for d in context.builder._scalars}
        unused = sorted(str(n) for n in (named - names) & declared)       # not a sum's or a max's own index
        if unused:      # nothing would give it a value where the condition is evaluated
            raise context.fail(f"given '{condition.label}': names {', '.join(unused)}, which claim {claim.id} "
                               "does not use, so the condition cannot be evaluated where the claim is",
                               ("given",))


def claim_names(claim, context: Context) -> set:
    """What the claim evaluates: the names of its formulas, and the sizes of the families
    and indices among them."""
    exprs = list(claim.statement.terms)
    if claim.proof:
        exprs += [e for s in claim.proof.steps for e in (s.lhs, s.rhs)]
    names = set()
    for expr in exprs:
        names |= names_in(expr)
    shapes = {f.base: f.shape for f in context.builder._families}
    bounds = {i.symbol: (i.lo, i.hi) for i in context.builder._indices}
    for name in list(names):   # the sizes a family or an index is instantiated at count too
        for extent in shapes.get(name, ()) + bounds.get(name, ()):
            names |= names_in(sp.sympify(extent))
    return names


def names_in(expr) -> set:
    """The symbols, families and declared quantities (I(X;Y), an expectation) an
    expression mentions: a given on I(X; Y) names what an expectation claim evaluates."""
    found = set(expr.free_symbols)
    for node in sp.preorder_traversal(expr):
        if isinstance(node, sp.Indexed):
            found.add(node.base)
        elif isinstance(node, sp.IndexedBase):
            found.add(node)
        elif isinstance(node, (MutualInformation, ExpectXYK, BestCritic)):
            found.add(type(node))
    return found
