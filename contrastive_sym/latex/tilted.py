r"""A density defined up to its normalising factor: ``q_\beta(x^-) \propto e^{\beta f(x)^\top f(x^-)}
\cdot p(x^-)`` (the tilted negative distribution of hard-negative sampling), with p a declared
distribution of the points the head names.

Such a definition says q(y) = w(y) p(y) / Z with Z = E_{y∼p}[w(y)] (a sum over the points of a
finite table, an integral for a density): the factor it leaves out is fixed by q being a
distribution.  That is the only form read: the right side is a product in which one factor is
p at exactly the head's points and the rest, the weight w, names no density of them.  Any other
``\propto`` definition is refused, naming what is missing: without a declared base distribution
the normalising factor is a sum over a space the notation does not give.

The translator reads an expectation under q as E_p[w·g] / E_p[w] and q(y) as w(y) p(y) / E_p[w]
(:mod:`.translate.tilted`): the checker then sees only declared distributions.
"""
from __future__ import annotations

import re

import lark
import sympy as sp

from ..errors import ParseError
from ..model.distributions import Density
from .expand import expand_macros
from .parser import Where, parse
from .scope import Distribution, Scope
from .translate import Translator
from .translate.tilted import TiltedDistribution
from .translate.trees import unwrap
from .translate.values import relation_name

Tree = lark.Tree

#: the relation that marks a definition up to a factor
PROPTO = re.compile(r"\\propto(?![a-zA-Z])")


def tilted_definition(text: str, scope: Scope, where: Where = Where()) -> tuple[str, TiltedDistribution] | None:
    r"""(the name's key, its distribution) of a display ``q(y) \propto w(y) p(y)``; None when the
    display's first relation is not ``\propto`` (an ordinary definition)."""
    if PROPTO.search(text) is None:
        return None
    text, where = expand_macros(text, scope, where)
    try:
        tree = parse(text, where)
    except ParseError:      # the definition reader reads the display its own way, and says why not
        return None
    rows = [r for r in tree.children[0].children if isinstance(r, Tree)]
    chain = rows[0] if rows else None
    if chain is None or chain.data != "chain" or len(chain.children) < 3:
        return None
    head, relation, body = chain.children[0], chain.children[1], chain.children[2]
    if not (isinstance(relation, Tree) and relation_name(str(relation.children[0])) == "\\propto"):
        return None
    translator = Translator(text, scope, where)
    if len(rows) > 1 or len(chain.children) > 3:
        raise translator.fail(relation, "a definition by '\\propto' is read as one row, q(x) \\propto w(x) p(x): "
                                        "state what follows as a claim of its own")
    name, points = _head(head, translator)
    value = translator.expr(body)
    density, weight = _split(value, points, translator, body, name)
    base = next((d for d in scope.names.values() if isinstance(d, Distribution) and d.tag == density.args[0]), None)
    if base is None:     # pragma: no cover - a Density is only made from a declared distribution
        raise translator.fail(body, f"{name}: the distribution of its density factor is not declared")
    return name, TiltedDistribution(name, base, tuple(points), weight)


def _head(head, translator: Translator) -> tuple[str, list]:
    """The key of the name defined and the points its arguments name (each a declared point, once)."""
    tree = unwrap(head)
    if not (isinstance(tree, Tree) and tree.data == "call"):
        raise translator.fail(head, "a definition by '\\propto' defines a density of points, q(x) \\propto "
                                    "w(x) p(x): its left side is the name with the points it is of")
    name = "".join(translator.source(tree.children[0]).split())
    if translator.scope.lookup(name) is not None:
        raise translator.fail(head, f"'{name}' is already declared: a definition by '\\propto' introduces a new "
                                    "density")
    items = tree.children[1]
    items = items.children[0] if isinstance(items, Tree) and items.data != "items" and items.children else items
    elements = [c for c in items.children if isinstance(c, Tree)] if isinstance(items, Tree) else []
    separators = {str(c) for c in items.children if not isinstance(c, Tree)} if isinstance(items, Tree) else set()
    points = [translator.as_point(translator.value(e)) for e in elements]
    if not elements or separators - {","} or None in points or len(set(points)) != len(points):
        raise translator.fail(head, f"{name}(…) \\propto …: its arguments are the declared points it is a density "
                                    "of, each once, separated by commas (a conditional density q(x \\mid c) is "
                                    "written as a weight that depends on c)")
    return name, points


def _split(value, points: list, translator: Translator, node, name: str) -> tuple[Density, sp.Expr]:
    """(p(points), w) of ``value`` = w · p(points): the one density factor at the head's points,
    and the weight, which names no density of them."""
    if not isinstance(value, sp.Expr):
        raise translator.fail(node, f"{name}: a density is a number at each point")
    factors = sp.Mul.make_args(value)
    own = [f for f in factors if isinstance(f, Density) and list(f.args[1].args) == list(points)
           and not f.args[2].args]
    if len(own) != 1:
        shown = ", ".join(translator.scope.key_of(p) or str(p) for p in points)
        raise translator.fail(node, f"{name}({shown}) \\propto …: the right side is read as a weight times a "
                                    f"declared distribution at the same points, w \\cdot p({shown}), whose "
                                    "normalising factor is then E_p[w]; with no such factor the normalising "
                                    "sum runs over a space the notation does not give")
    weight = sp.Mul(*[f for f in factors if f is not own[0]])
    if any(isinstance(d, Density) and set(d.args[1].args) & set(points) for d in sp.preorder_traversal(weight)):
        raise translator.fail(node, f"{name}: its weight names another density of its own points; only one "
                                    "density factor at the points is read")
    if weight.is_nonnegative is not True:
        # a negative weight makes no distribution, and E_p[w] might be 0: the reading would be a guess
        raise translator.fail(node, f"{name}: its weight {sp.sstr(weight)} is not ≥ 0 by what the notation "
                                    "declares, so w · p is no density up to a factor (declare the domains that make "
                                    "it so: a function of points with domain = \"positive\")")
    return own[0], weight


__all__ = ["PROPTO", "tilted_definition"]
