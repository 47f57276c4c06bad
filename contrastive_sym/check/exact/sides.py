"""A claim's sides at one joint, critic and K: their values (``I(X;Y)``, ``E[…]``,
``max_g E[…]``) in a local mpmath context, compared within the working precision; and
the combinations of K, joint and critic that the exact method visits."""
from __future__ import annotations

import sympy as sp
from sympy.printing.pycode import MpmathPrinter

from ...errors import NonFiniteExpectation
from ...model.claims import Relation
from ...model.nodes import BestCritic, ExpectXYK, MutualInformation
from .critics import critic_family
from .enumeration import expectation
from .joints import joint_family, mutual_information
from .search import best_critic

NODES = (MutualInformation, BestCritic, ExpectXYK)


def bodies(expr: sp.Basic) -> list:
    return [n for n in sp.preorder_traversal(expr) if isinstance(n, ExpectXYK)]


def best_nodes(expr: sp.Basic) -> list:
    return list(dict.fromkeys(n for n in sp.preorder_traversal(expr) if isinstance(n, BestCritic)))


class Evaluator:
    """Values of a side for one joint, critic and K, in a local mpmath context."""

    def __init__(self, joint, critic, K: int, ctx):
        self.joint, self.critic, self.K, self.ctx = joint, critic, K, ctx

    def value(self, expr: sp.Basic, critics_for_max=()):
        values: dict = {}
        replaced = self._replace(sp.sympify(expr), values, critics_for_max)
        replaced = sp.sympify(replaced.xreplace({s: sp.Integer(self.K) for s in replaced.free_symbols
                                                 if s.is_integer and s.is_positive}))
        if replaced.free_symbols - set(values):
            raise ValueError(f"unexpected symbols {replaced.free_symbols - set(values)}")
        order = list(values)
        f = sp.lambdify(order, replaced, modules=[{"mpmath": self.ctx}], printer=MpmathPrinter)
        return self.ctx.mpf(f(*[values[d] for d in order]))

    def _replace(self, expr, values: dict, critics_for_max):
        """The side with each special node replaced by a symbol standing for its value."""
        if isinstance(expr, MutualInformation):
            return self._name(values, mutual_information(self.joint, self.ctx))
        if isinstance(expr, BestCritic):
            inner = expr.args[0]
            best = max(Evaluator(self.joint, c, self.K, self.ctx).value(inner) for c in critics_for_max)
            return self._name(values, best)
        if isinstance(expr, ExpectXYK):
            body, g, k_sym = expr.args
            return self._name(values, expectation(body, g, k_sym, self.K, self.joint, self.critic,
                                                  self.ctx))
        if not expr.args or not expr.has(*NODES):
            return expr
        return expr.func(*[self._replace(a, values, critics_for_max) for a in expr.args])

    @staticmethod
    def _name(values: dict, value):
        symbol = sp.Dummy(f"v{len(values)}")
        values[symbol] = value
        return symbol


HOLDS, FAILS, TIE = "holds", "fails", "tie"


def tolerance(lhs, rhs, ctx):
    return ctx.mpf(10) ** (-(ctx.dps - 10)) * (abs(lhs) + abs(rhs) + 1)


def compare(relation: Relation, lhs, rhs, ctx) -> str:
    """HOLDS, FAILS, or TIE when the sides agree within the working precision.

    A tie is not a verdict: the caller certifies it (exactly for a strict relation,
    at twice the precision for = ≤ ≥)."""
    gap = rhs - lhs
    if abs(gap) <= tolerance(lhs, rhs, ctx):
        return TIE
    if relation is Relation.EQ:
        return FAILS
    if relation in (Relation.LE, Relation.LT):
        return HOLDS if gap > 0 else FAILS
    return HOLDS if gap < 0 else FAILS


def where(joint, critic, K: int) -> str:
    return f"joint '{joint.name}', critic '{critic.name}', K = {K}"


def combinations(expectations, sizes, seed: int, ctx):
    """Every ``(K, joint, critic, critics)`` to check, in order: for each K and each member
    of :func:`joint_family`, the critics of :func:`critic_family` and, for each of the
    ``expectations`` (ExpectXYK nodes), the critic searched to make it as large as it can
    be (``critics`` is the whole list, over which ``max_g`` is read)."""
    for K in sizes:
        for joint in joint_family(seed):
            critics = critic_family(joint, seed, ctx)
            for body in expectations:
                # An adversary: the critic that makes this expectation as large as it can be.
                try:
                    critics.append(best_critic(body.args[0], body.args[1], body.args[2], K, joint, ctx,
                                               seed))
                except NonFiniteExpectation:
                    # The body is not finite at this K whatever the critic (e.g. I^K_FlatNCE at
                    # K = 1): there is nothing to search; the family's critics record it below.
                    continue
            for critic in critics:
                yield K, joint, critic, critics
