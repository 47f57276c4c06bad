"""A claim's ``given`` conditions, evaluated on each joint, critic and K; ties that decide
whether a combination counts are certified exactly."""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ...errors import NonFiniteExpectation
from ...model.claims import Relation
from ..config import CheckConfig
from .certificate import certify
from .sides import NODES, Evaluator, tolerance, where

RELATIONS = {">": Relation.GT, ">=": Relation.GE, "<": Relation.LT, "<=": Relation.LE,
             "==": Relation.EQ}


class Unusable(Exception):
    """A stated condition that cannot be evaluated on a joint, a critic and K."""


@dataclass
class Conditions:
    """The claim's ``given`` conditions, evaluated on each joint, critic and K."""

    conditions: tuple
    k_sym: object

    def check_usable(self) -> None:
        for cond in self.conditions:
            pred = cond.predicate
            if pred in (sp.true, sp.false):
                continue
            if not isinstance(pred, sp.core.relational.Relational) or pred.rel_op not in (*RELATIONS, "!="):
                raise Unusable(f"the stated condition '{cond.label}' is not a comparison of two sides")
            stray = set()
            for side in (pred.lhs, pred.rhs):
                plain = side.xreplace({n: sp.Dummy() for n in sp.preorder_traversal(side) if isinstance(n, NODES)})
                stray |= {s for s in plain.free_symbols
                          if not isinstance(s, sp.Dummy) and not (s == self.k_sym or (s.is_integer and s.is_positive))}
                stray |= {i for i in plain.atoms(sp.Indexed)}
            if stray:
                names = ", ".join(sorted(map(str, stray)))
                raise Unusable(
                    f"the stated condition '{cond.label}' could not be applied: it is about {names}, which a "
                    f"joint distribution, a critic and K do not fix (the expectation runs over them)")

    def only_k(self, K: int) -> bool:
        """Conditions on K alone, decided at once (others are left to :meth:`status`)."""
        for cond in self.conditions:
            pred = cond.predicate
            if pred is sp.false:
                return False
            if pred is sp.true or pred.has(*NODES):
                continue
            value = pred.xreplace({s: sp.Integer(K) for s in pred.free_symbols})
            if value is sp.false:
                return False
        return True

    def status(self, joint, critic, K: int, critics, ctx, config: CheckConfig, exact: bool):
        """True, False, or None (undecided) with the reason; ``exact`` certifies ties."""
        for cond in self.conditions:
            pred = cond.predicate
            if pred is sp.true:
                continue
            if pred is sp.false:
                return False, ""
            ev = Evaluator(joint, critic, K, ctx)
            try:
                a, b = ev.value(pred.lhs, critics), ev.value(pred.rhs, critics)
            except NonFiniteExpectation as exc:
                return None, f"the stated condition '{cond.label}' is not finite at {where(joint, critic, K)}: {exc}"
            gap = b - a
            if abs(gap) > tolerance(a, b, ctx):
                ok = {">": gap < 0, ">=": gap < 0, "<": gap > 0, "<=": gap > 0, "==": False, "!=": True}[pred.rel_op]
            elif not exact:
                # Only counting depends on it (the claim holds here): read the tie as an equality.
                ok = pred.rel_op in (">=", "<=", "==")
            else:
                kind, sign, how = certify(pred.lhs, pred.rhs, joint, critic, K, critics, ctx, config)
                if kind == "unknown":
                    return None, (f"the stated condition '{cond.label}' could not be settled at "
                                  f"{where(joint, critic, K)}: {how}")
                if kind == "equal":
                    ok = pred.rel_op in (">=", "<=", "==")
                else:  # certified different: the sign of the exact difference rhs − lhs decides
                    ok = {">": sign < 0, ">=": sign < 0, "<": sign > 0, "<=": sign > 0,
                          "==": False, "!=": True}[pred.rel_op]
            if not ok:
                return False, ""
        return True, ""
