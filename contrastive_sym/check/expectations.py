"""Expectations and mutual-information claims, checked exactly on discrete joints.

Each side may hold ``I(X;Y)``, ``E_{p_{XY^K}}[body]`` and ``max_g E[…]``.  They are
evaluated on a family of small joint distributions (|X|, |Y| ≤ 3, exact rationals)
with every ``y_{1:K}`` accounted for (see :mod:`contrastive_sym.information`), for
several kinds of critic, including one searched to be as bad as possible for the
claim.  ``lim_{K→∞}`` statements are read along K = 2, 8, 32, 128, 512.
"""
from __future__ import annotations

import mpmath
import sympy as sp
from sympy.printing.pycode import MpmathPrinter

from .. import information as info
from ..claims import Relation
from ..nodes import BestCritic, ExpectXYK, MutualInformation
from ..verdicts import Evidence, Outcome, Verdict, Witness
from .config import CheckConfig
from .limits import limit_spec, strip_limit
from .registry import LinkState, LinkTask, method

_K_LADDER = (2, 8, 32, 128, 512)


def _bodies(expr: sp.Basic) -> list:
    return [n for n in sp.preorder_traversal(expr) if isinstance(n, ExpectXYK)]


class _Evaluator:
    """Values of a side for one joint, critic and K, in a local mpmath context."""

    def __init__(self, joint, critic, K: int, ctx):
        self.joint, self.critic, self.K, self.ctx = joint, critic, K, ctx

    def value(self, expr: sp.Basic, critics_for_max=()):
        values: dict = {}
        replaced = self._replace(expr, values, critics_for_max)
        replaced = replaced.xreplace({s: self.K for s in replaced.free_symbols
                                      if s.is_integer and s.is_positive})
        if replaced.free_symbols - set(values):
            raise ValueError(f"unexpected symbols {replaced.free_symbols - set(values)}")
        order = list(values)
        f = sp.lambdify(order, replaced, modules=[{"mpmath": self.ctx}], printer=MpmathPrinter)
        return self.ctx.mpf(f(*[values[d] for d in order]))

    def _replace(self, expr, values: dict, critics_for_max):
        """The side with each special node replaced by a symbol standing for its value."""
        if isinstance(expr, MutualInformation):
            return self._name(values, info.mutual_information(self.joint, self.ctx))
        if isinstance(expr, BestCritic):
            inner = expr.args[0]
            best = max(_Evaluator(self.joint, c, self.K, self.ctx).value(inner) for c in critics_for_max)
            return self._name(values, best)
        if isinstance(expr, ExpectXYK):
            body, g, k_sym = expr.args
            return self._name(values, info.expectation(body, g, k_sym, self.K, self.joint, self.critic,
                                                       self.ctx))
        if not expr.args or not expr.has(MutualInformation, BestCritic, ExpectXYK):
            return expr
        return expr.func(*[self._replace(a, values, critics_for_max) for a in expr.args])

    @staticmethod
    def _name(values: dict, value):
        symbol = sp.Dummy(f"v{len(values)}")
        values[symbol] = value
        return symbol


def _size_symbol(task: LinkTask):
    for node in _bodies(task.lhs) + _bodies(task.rhs):
        return node.args[2]
    return None


def _compare(relation: Relation, lhs, rhs, ctx) -> bool | None:
    """True holds, False fails; ties (within the working precision) satisfy = ≤ ≥."""
    gap = rhs - lhs
    tol = ctx.mpf(10) ** (-(ctx.dps - 10)) * (abs(lhs) + abs(rhs) + 1)
    if abs(gap) <= tol:
        return relation in (Relation.EQ, Relation.LE, Relation.GE)
    if relation is Relation.EQ:
        return False
    if relation in (Relation.LE, Relation.LT):
        return gap > 0
    return gap < 0


def _table(rows) -> str:
    return "[" + ", ".join("[" + ", ".join(str(v) for v in row) + "]" for row in rows) + "]"


@method("expectation (exact)", 10, "expectation")
def _expectation(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    spec = limit_spec(task.lhs) or limit_spec(task.rhs)
    if spec is not None:
        return _limit_in_k(task, config, spec)
    k_sym = _size_symbol(task)
    decl = task.notation.size(k_sym) if k_sym is not None else None
    sizes = dict(task.overrides).get(k_sym, decl.checked if decl else (2,))
    sizes = [k for k in sizes if k <= 3] or [min(sizes)]
    ctx = mpmath.MPContext()
    ctx.dps = config.digits
    checked = 0
    for K in sizes:
        for joint in info.joint_family(config.seed):
            critics = info.critic_family(joint, config.seed, ctx)
            for body in _bodies(task.lhs) + _bodies(task.rhs):
                # An adversary: the critic that makes this expectation as large as it can be.
                critics.append(info.best_critic(body.args[0], body.args[1], body.args[2], K, joint, ctx,
                                                config.seed))
            for critic in critics:
                ev = _Evaluator(joint, critic, K, ctx)
                try:
                    lhs, rhs = ev.value(task.lhs, critics), ev.value(task.rhs, critics)
                except info.NonFiniteExpectation:
                    continue
                checked += 1
                if _compare(task.relation, lhs, rhs, ctx) is False:
                    return _refutation(task, config, joint, critic, K, critics)
    evidence = Evidence(points=checked, resolved=checked, digits=config.digits,
                        tolerance=f"exact enumeration of y_1..y_K at {config.digits} digits",
                        sizes=tuple(f"K={k}" for k in sizes))
    return Outcome(Verdict.CONFIRMED, "expectation (exact)",
                   f"holds on all {checked} combinations of joint distribution, critic and K ∈ "
                   f"{{{', '.join(map(str, sizes))}}}, computed exactly over every y_1..y_K",
                   evidence=evidence)


def _refutation(task, config, joint, critic, K, critics) -> Outcome:
    """Re-check the failure at twice the precision and report it as a witness."""
    ctx = mpmath.MPContext()
    ctx.dps = 2 * config.digits
    ev = _Evaluator(joint, critic, K, ctx)
    lhs, rhs = ev.value(task.lhs, critics), ev.value(task.rhs, critics)
    if _compare(task.relation, lhs, rhs, ctx) is not False:
        return Outcome(Verdict.UNDECIDED, "expectation (exact)",
                       "a failure at the working precision did not survive the re-check")
    w = Witness(sizes={"K": K},
                values={"p(x,y)": _table(joint.table), "g(x,y)": _table(critic.table),
                        "distribution": joint.name, "critic": critic.name},
                lhs=mpmath.nstr(lhs, 20), rhs=mpmath.nstr(rhs, 20), digits=ctx.dps)
    return Outcome(Verdict.REFUTED, "expectation (exact)",
                   f"fails for the joint '{joint.name}' with the critic '{critic.name}' at K = {K}",
                   witness=w)


def _limit_in_k(task: LinkTask, config: CheckConfig, spec) -> Outcome:
    """``lim_{K→∞} (max_g) E[…] = I(X;Y)``: the gap along K = 2 … 512 must fall to 0."""
    if task.relation is not Relation.EQ or spec.point != sp.oo:
        return Outcome(Verdict.UNDECIDED, "expectation ladder", "only lim_{K→∞} … = … is supported")
    lhs, _ = strip_limit(task.lhs)
    rhs, _ = strip_limit(task.rhs)
    ctx = mpmath.MPContext()
    ctx.dps = config.digits
    joints = [j for j in info.joint_family(config.seed) if j.shape[1] == 2]
    lines = []
    for joint in joints:
        # max_g E[…] is read with the optimal critic log p(y|x)/p(y): a lower bound of the
        # maximum, whose upper bound I(X;Y) is the claim checked by the bound itself.
        optimal = [c for c in info.critic_family(joint, config.seed, ctx) if c.name.startswith("optimal")][:1]
        gaps = []
        for K in _K_LADDER:
            ev = _Evaluator(joint, optimal[0], K, ctx)
            gaps.append(abs(ev.value(lhs, optimal) - ev.value(rhs, optimal)))
        scale = gaps[0] if gaps[0] > 0 else ctx.mpf(1)
        falling = all(b <= a * (1 + ctx.mpf(10) ** -20) for a, b in zip(gaps, gaps[1:]))
        if not (falling and gaps[-1] <= scale / 50 + ctx.mpf(10) ** -(config.digits - 10)):
            w = Witness(sizes={"K": _K_LADDER[-1]}, values={"p(x,y)": _table(joint.table),
                                                             "distribution": joint.name},
                        lhs=mpmath.nstr(gaps[-1], 12), rhs="0", digits=config.digits,
                        note="the gap |lhs − rhs| along K = " + ", ".join(map(str, _K_LADDER)))
            return Outcome(Verdict.UNDECIDED, "expectation ladder",
                           f"the gap does not clearly fall to 0 along K = {_K_LADDER} for '{joint.name}': "
                           + ", ".join(mpmath.nstr(g, 3) for g in gaps), witness=w)
        lines.append(f"{joint.name}: {mpmath.nstr(gaps[0], 3)} → {mpmath.nstr(gaps[-1], 3)}")
    return Outcome(Verdict.CONFIRMED, "expectation ladder",
                   f"the gap between the sides falls towards 0 as K goes {_K_LADDER[0]} → {_K_LADDER[-1]} "
                   f"on {len(joints)} joint distributions ({'; '.join(lines[:3])}; …), the maximum over g "
                   "being read at the optimal critic log p(y|x)/p(y) (a lower bound of it)",
                   evidence=Evidence(points=len(joints) * len(_K_LADDER), resolved=len(joints) * len(_K_LADDER),
                                     digits=config.digits, tolerance="exact enumeration by counts"))
