"""Expectations and mutual-information claims, checked exactly on discrete joints.

Each side may hold ``I(X;Y)``, ``E_{p_{XY^K}}[body]`` and ``max_g E[…]``.  They are
evaluated on a family of small joint distributions (|X|, |Y| ≤ 3, exact rationals)
with every ``y_{1:K}`` accounted for (see :mod:`contrastive_sym.check.exact.information`), for
several kinds of critic, including the boundary cases where estimators meet (constant
critics, critics constant in y or in x, ties) and one searched to be as bad as
possible for the claim.  ``lim_{K→∞}`` statements are read along K = 2, 8, 32, 128, 512.

Ties are never settled by the tolerance alone:

* a tie that would *refute* a strict ``<``/``>`` is certified exact by SymPy (in a
  sandboxed child, :mod:`.sandbox`); when SymPy shows the sides differ, the sign of the
  exact difference decides; when it can settle neither, the item is ``undecided``;
* a tie that *confirms* ``=``/``≤``/``≥`` is re-checked at twice the precision.

The document's ``given`` conditions are honoured: a combination of joint, critic and K
that does not satisfy them is not evaluated against the claim; a condition that cannot
be evaluated on a joint, a critic and K (e.g. one about g_1, g_2) makes the item
``undecided``.  Combinations where a side is not finite are counted and reported.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import mpmath
import sympy as sp
from sympy.printing.pycode import MpmathPrinter

from ..exact import information as info
from ...model.claims import Relation
from ...model.nodes import BestCritic, ExpectXYK, MutualInformation
from ...model.verdicts import Evidence, Outcome, Verdict, Witness
from ..symbolic import sandbox
from ..config import CheckConfig
from ...model.shapes import limit_spec, strip_limit
from ..registry import LinkState, LinkTask, method

_K_LADDER = (2, 8, 32, 128, 512)
# The expectation method enumerates y_1..y_K; beyond K = 3 the search and the 3x3
# joints cost too much, so larger checked sizes are not visited (the message names
# the sizes that were).
_LARGEST_K = 3
_METHOD = "expectation (exact)"
_NODES = (MutualInformation, BestCritic, ExpectXYK)
_RELATIONS = {">": Relation.GT, ">=": Relation.GE, "<": Relation.LT, "<=": Relation.LE,
              "==": Relation.EQ}


def _bodies(expr: sp.Basic) -> list:
    return [n for n in sp.preorder_traversal(expr) if isinstance(n, ExpectXYK)]


def _best_nodes(expr: sp.Basic) -> list:
    return list(dict.fromkeys(n for n in sp.preorder_traversal(expr) if isinstance(n, BestCritic)))


class _Evaluator:
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
            return self._name(values, info.mutual_information(self.joint, self.ctx))
        if isinstance(expr, BestCritic):
            inner = expr.args[0]
            best = max(_Evaluator(self.joint, c, self.K, self.ctx).value(inner) for c in critics_for_max)
            return self._name(values, best)
        if isinstance(expr, ExpectXYK):
            body, g, k_sym = expr.args
            return self._name(values, info.expectation(body, g, k_sym, self.K, self.joint, self.critic,
                                                       self.ctx))
        if not expr.args or not expr.has(*_NODES):
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


# --- comparing, exactly when it matters -------------------------------------------

HOLDS, FAILS, TIE = "holds", "fails", "tie"


def _tolerance(lhs, rhs, ctx):
    return ctx.mpf(10) ** (-(ctx.dps - 10)) * (abs(lhs) + abs(rhs) + 1)


def _compare(relation: Relation, lhs, rhs, ctx) -> str:
    """HOLDS, FAILS, or TIE when the sides agree within the working precision.

    A tie is not a verdict: the caller certifies it (exactly for a strict relation,
    at twice the precision for = ≤ ≥)."""
    gap = rhs - lhs
    if abs(gap) <= _tolerance(lhs, rhs, ctx):
        return TIE
    if relation is Relation.EQ:
        return FAILS
    if relation in (Relation.LE, Relation.LT):
        return HOLDS if gap > 0 else FAILS
    return HOLDS if gap < 0 else FAILS


def _exact_value(expr: sp.Basic, joint, critic, K: int, maxima: dict) -> sp.Expr:
    """A side as an exact SymPy number (for a certificate; SymPy builds, nothing more)."""
    def replace(e):
        if isinstance(e, MutualInformation):
            return info.exact_mutual_information(joint)
        if isinstance(e, BestCritic):
            return _exact_value(e.args[0], joint, maxima[e], K, maxima)
        if isinstance(e, ExpectXYK):
            body, g, k_sym = e.args
            return info.exact_expectation(body, g, k_sym, K, joint, critic)
        if not e.args or not e.has(*_NODES):
            return e
        return e.func(*[replace(a) for a in e.args])
    out = replace(sp.sympify(expr))
    return sp.sympify(out.xreplace({s: sp.Integer(K) for s in out.free_symbols if s.is_integer and s.is_positive}))


def _settle_exactly(lhs: sp.Basic, rhs: sp.Basic, joint, critic, K: int, maxima: dict,
                    digits: int) -> tuple[str, int, str]:
    """In a sandboxed child: ('equal', 0, how), ('differs', sign of rhs − lhs, how) or
    ('unknown', 0, why)."""
    try:
        a = _exact_value(lhs, joint, critic, K, maxima)
        b = _exact_value(rhs, joint, critic, K, maxima)
    except (info.BudgetExceeded, info.NonFiniteExpectation, info.UnsupportedBody) as exc:
        return "unknown", 0, f"no exact form: {exc}"
    difference = b - a
    if difference.free_symbols:
        return "unknown", 0, f"the exact difference still has symbols {difference.free_symbols}"
    if difference == 0:
        return "equal", 0, "the two exact sides are identical"
    # Logs of rationals become rational combinations of logs of primes, which cancel exactly.
    # (Forcing log(ab) = log a + log b is sound only for positive arguments.)
    expanded = sp.expand(difference)
    if all(arg.is_positive for node in expanded.atoms(sp.log) for arg in node.args):
        expanded = sp.expand_log(expanded, force=True, factor=True)
        if expanded == 0:
            return "equal", 0, "the exact difference reduces to 0 (logs of rationals expanded into primes)"
    if sp.simplify(expanded) == 0:
        return "equal", 0, "SymPy simplifies the exact difference to 0"
    try:
        value = difference.evalf(3 * digits, strict=True)
    except (sp.core.evalf.PrecisionExhausted, ValueError, TypeError) as exc:
        return "unknown", 0, f"SymPy can neither reduce the difference to 0 nor separate it from 0 ({type(exc).__name__})"
    if value.is_zero is False and value.is_real:
        return "differs", 1 if value > 0 else -1, f"the exact difference is {sp.N(value, 12)} (SymPy, {3 * digits} digits)"
    return "unknown", 0, "SymPy cannot separate the difference from 0"


def _certify(lhs: sp.Basic, rhs: sp.Basic, joint, critic, K: int, critics, ctx,
             config: CheckConfig) -> tuple[str, int, str]:
    """Whether ``lhs = rhs`` exactly at this joint, critic and K (see :func:`_settle_exactly`)."""
    maxima = {}
    for node in _best_nodes(lhs) + _best_nodes(rhs):
        chosen = _unique_argmax(node, joint, K, critics, ctx)
        if chosen is None:
            return "unknown", 0, "the maximum over g is reached by several critics within the working precision"
        maxima[node] = chosen
    answer = sandbox.run(_settle_exactly, lhs, rhs, joint, critic, K, maxima, config.digits,
                         seconds=max(10.0, 4 * config.symbolic_seconds), what="exact tie certificate")
    if not answer.ok:
        return "unknown", 0, f"the exact certificate failed: {answer.failure}"
    return answer.value


def _unique_argmax(node: BestCritic, joint, K: int, critics, ctx):
    """The critic reaching the maximum of ``node``, if no other is within the tolerance."""
    values = [(_Evaluator(joint, c, K, ctx).value(node.args[0]), c) for c in critics]
    best = max(v for v, _ in values)
    near = [c for v, c in values if best - v <= _tolerance(best, v, ctx)]
    tables = {c.table for c in near}
    return near[0] if len(tables) == 1 else None


def _table(rows) -> str:
    return "[" + ", ".join("[" + ", ".join(str(v) for v in row) + "]" for row in rows) + "]"


def _where(joint, critic, K: int) -> str:
    return f"joint '{joint.name}', critic '{critic.name}', K = {K}"


# --- the document's conditions ------------------------------------------------------

class _Unusable(Exception):
    """A stated condition that cannot be evaluated on a joint, a critic and K."""


@dataclass
class _Conditions:
    """The claim's ``given`` conditions, evaluated on each joint, critic and K."""

    conditions: tuple
    k_sym: object

    def check_usable(self) -> None:
        for cond in self.conditions:
            pred = cond.predicate
            if pred in (sp.true, sp.false):
                continue
            if not isinstance(pred, sp.core.relational.Relational) or pred.rel_op not in (*_RELATIONS, "!="):
                raise _Unusable(f"the stated condition '{cond.label}' is not a comparison of two sides")
            stray = set()
            for side in (pred.lhs, pred.rhs):
                plain = side.xreplace({n: sp.Dummy() for n in sp.preorder_traversal(side) if isinstance(n, _NODES)})
                stray |= {s for s in plain.free_symbols
                          if not isinstance(s, sp.Dummy) and not (s == self.k_sym or (s.is_integer and s.is_positive))}
                stray |= {i for i in plain.atoms(sp.Indexed)}
            if stray:
                names = ", ".join(sorted(map(str, stray)))
                raise _Unusable(
                    f"the stated condition '{cond.label}' could not be applied: it is about {names}, which a "
                    f"joint distribution, a critic and K do not fix (the expectation runs over them)")

    def only_k(self, K: int) -> bool:
        """Conditions on K alone, decided at once (others are left to :meth:`status`)."""
        for cond in self.conditions:
            pred = cond.predicate
            if pred is sp.false:
                return False
            if pred is sp.true or pred.has(*_NODES):
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
            ev = _Evaluator(joint, critic, K, ctx)
            try:
                a, b = ev.value(pred.lhs, critics), ev.value(pred.rhs, critics)
            except info.NonFiniteExpectation as exc:
                return None, f"the stated condition '{cond.label}' is not finite at {_where(joint, critic, K)}: {exc}"
            gap = b - a
            if abs(gap) > _tolerance(a, b, ctx):
                ok = {">": gap < 0, ">=": gap < 0, "<": gap > 0, "<=": gap > 0, "==": False, "!=": True}[pred.rel_op]
            elif not exact:
                # Only counting depends on it (the claim holds here): read the tie as an equality.
                ok = pred.rel_op in (">=", "<=", "==")
            else:
                kind, sign, how = _certify(pred.lhs, pred.rhs, joint, critic, K, critics, ctx, config)
                if kind == "unknown":
                    return None, (f"the stated condition '{cond.label}' could not be settled at "
                                  f"{_where(joint, critic, K)}: {how}")
                if kind == "equal":
                    ok = pred.rel_op in (">=", "<=", "==")
                else:  # certified different: the sign of the exact difference rhs − lhs decides
                    ok = {">": sign < 0, ">=": sign < 0, "<": sign > 0, "<=": sign > 0,
                          "==": False, "!=": True}[pred.rel_op]
            if not ok:
                return False, ""
        return True, ""


# --- the method -----------------------------------------------------------------------

@dataclass
class _Tally:
    checked: int = 0
    ties: int = 0
    certified: int = 0
    excluded: int = 0
    nonfinite: list = field(default_factory=list)    # (K, joint, critic, reason)
    unsettled: list = field(default_factory=list)    # reasons
    seen: dict = field(default_factory=dict)         # K -> combinations visited


@method("expectation (exact)", 10, "expectation")
def _expectation(task: LinkTask, state: LinkState, config: CheckConfig) -> Outcome | None:
    spec = limit_spec(task.lhs) or limit_spec(task.rhs)
    if spec is not None:
        return _limit_in_k(task, config, spec)
    k_sym = _size_symbol(task)
    decl = task.notation.size(k_sym) if k_sym is not None else None
    declared = tuple(dict(task.overrides).get(k_sym, decl.checked if decl else (2,)))
    sizes = [k for k in declared if k <= _LARGEST_K] or [min(declared)]
    conditions = _Conditions(tuple(task.given), k_sym)
    try:
        conditions.check_usable()
    except _Unusable as exc:
        return Outcome(Verdict.UNDECIDED, _METHOD, str(exc), condition="")
    left_out = [K for K in sizes if not conditions.only_k(K)]
    sizes = [K for K in sizes if K not in left_out]
    if not sizes:
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       f"no checked K ∈ {{{', '.join(map(str, declared))}}} satisfies the stated conditions")
    ctx = mpmath.MPContext()
    ctx.dps = config.digits
    fine = mpmath.MPContext()
    fine.dps = 2 * config.digits
    tally = _Tally()
    for K in sizes:
        for joint in info.joint_family(config.seed):
            critics = info.critic_family(joint, config.seed, ctx)
            for body in dict.fromkeys(_bodies(task.lhs) + _bodies(task.rhs)):
                # An adversary: the critic that makes this expectation as large as it can be.
                try:
                    critics.append(info.best_critic(body.args[0], body.args[1], body.args[2], K, joint, ctx,
                                                    config.seed))
                except info.NonFiniteExpectation:
                    # The body is not finite at this K whatever the critic (e.g. I^K_FlatNCE at
                    # K = 1): there is nothing to search; the family's critics record it below.
                    continue
            for critic in critics:
                outcome = _one(task, config, joint, critic, K, critics, conditions, ctx, fine, tally)
                if outcome is not None:
                    return outcome
    return _verdict(task, config, declared, sizes, left_out, tally)


def _one(task, config, joint, critic, K, critics, conditions, ctx, fine, tally) -> Outcome | None:
    """Check one combination; a refutation is returned, everything else goes to the tally."""
    relation = task.relation
    tally.seen[K] = tally.seen.get(K, 0) + 1
    ev = _Evaluator(joint, critic, K, ctx)
    try:
        lhs, rhs = ev.value(task.lhs, critics), ev.value(task.rhs, critics)
    except info.NonFiniteExpectation as exc:
        admitted, _ = conditions.status(joint, critic, K, critics, ctx, config, exact=False)
        if admitted is False:
            tally.excluded += 1
        else:
            tally.nonfinite.append((K, joint, critic, str(exc)))
        return None
    result = _compare(relation, lhs, rhs, ctx)
    if result == TIE and not relation.is_strict:
        # Numeric evidence only: it must survive twice the precision.
        again = _Evaluator(joint, critic, K, fine)
        try:
            lhs2, rhs2 = again.value(task.lhs, critics), again.value(task.rhs, critics)
        except info.NonFiniteExpectation as exc:
            tally.nonfinite.append((K, joint, critic, str(exc)))
            return None
        result = _compare(relation, lhs2, rhs2, fine)
        if result == TIE:
            result = "tie-confirmed"
    if result in (HOLDS, "tie-confirmed"):
        admitted, _ = conditions.status(joint, critic, K, critics, ctx, config, exact=False)
        if admitted:
            tally.checked += 1
            tally.ties += result == "tie-confirmed"
        else:
            tally.excluded += 1
        return None
    # It fails, or a strict relation ties: whether the combination counts matters now.
    admitted, why = conditions.status(joint, critic, K, critics, ctx, config, exact=True)
    if admitted is False:
        tally.excluded += 1
        return None
    if admitted is None:
        tally.unsettled.append(why)
        return None
    if result == FAILS:
        outcome = _refutation(task, config, joint, critic, K, critics)
        if outcome.verdict is Verdict.REFUTED:
            return outcome
        tally.unsettled.append(f"{outcome.message} ({_where(joint, critic, K)})")
        return None
    # A strict relation at a tie: refuted only if the tie is exact.
    kind, sign, how = _certify(task.lhs, task.rhs, joint, critic, K, critics, ctx, config)
    if kind == "equal":
        w = Witness(sizes={"K": K},
                    values={"p(x,y)": _table(joint.table), "g(x,y)": _table(critic.table),
                            "distribution": joint.name, "critic": critic.name},
                    lhs=mpmath.nstr(lhs, 20), rhs=mpmath.nstr(rhs, 20), digits=ctx.dps,
                    note=f"the two sides are exactly equal here (certified by SymPy: {how})")
        return Outcome(Verdict.REFUTED, _METHOD,
                       f"fails for the joint '{joint.name}' with the critic '{critic.name}' at K = {K}: "
                       f"the sides are exactly equal ({how}), so the strict {relation.value} does not hold",
                       witness=w)
    if kind == "differs":
        gap_sign_ok = sign > 0 if relation is Relation.LT else sign < 0
        tally.certified += 1
        if gap_sign_ok:
            tally.checked += 1
            return None
        outcome = _refutation(task, config, joint, critic, K, critics, certified=how)
        if outcome.verdict is Verdict.REFUTED:
            return outcome
        tally.unsettled.append(f"{outcome.message} ({_where(joint, critic, K)})")
        return None
    tally.unsettled.append(f"a tie of the two sides at {_where(joint, critic, K)} could not be settled "
                           f"exactly: {how}")
    return None


def _verdict(task, config, declared, sizes, left_out, tally: _Tally) -> Outcome:
    k_text = ", ".join(map(str, sizes))
    evidence = Evidence(points=tally.checked + len(tally.nonfinite) + len(tally.unsettled),
                        resolved=tally.checked, undefined=len(tally.nonfinite), digits=config.digits,
                        tolerance=f"exact enumeration of y_1..y_K at {config.digits} digits; ties re-checked "
                                  f"at {2 * config.digits} digits, strict ties certified by SymPy",
                        sizes=tuple(f"K={k}" for k in sizes))
    notes = []
    if tally.ties:
        notes.append(f"{tally.ties} of them ties, re-checked at {2 * config.digits} digits")
    if tally.certified:
        notes.append(f"{tally.certified} ties of a strict relation settled exactly by SymPy")
    if task.given:
        labels = ", ".join(f"'{c.label}'" for c in task.given)
        notes.append(f"{tally.excluded} combinations excluded by the stated conditions {labels}"
                     + (f", which also leave out K ∈ {{{', '.join(map(str, left_out))}}}" if left_out else ""))
    skipped = [K for K in declared if K not in sizes and K not in left_out]
    if skipped:
        notes.append(f"the checked sizes K = {', '.join(map(str, skipped))} are not visited: the exact "
                     f"enumeration stops at K = {max(_LARGEST_K, min(sizes))}")
    detail = f" ({'; '.join(notes)})" if notes else ""
    if tally.unsettled:
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       f"{len(tally.unsettled)} combinations could not be settled, the first: "
                       f"{tally.unsettled[0]}; it holds on the other {tally.checked}{detail}",
                       evidence=evidence)
    if tally.nonfinite:
        return _with_undefined(task, sizes, tally, detail, evidence)
    if tally.checked == 0:
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       f"no combination of joint distribution, critic and K ∈ {{{k_text}}} satisfies the "
                       f"stated conditions{detail}", evidence=evidence)
    return Outcome(Verdict.CONFIRMED, _METHOD,
                   f"holds on all {tally.checked} combinations of joint distribution, critic and K ∈ "
                   f"{{{k_text}}}, computed exactly over every y_1..y_K{detail}",
                   evidence=evidence)


def _with_undefined(task, sizes, tally: _Tally, detail: str, evidence: Evidence) -> Outcome:
    """A side is not finite at some combinations of the stated domain: never 'confirmed'."""
    count = len(tally.nonfinite)
    K0, joint0, critic0, reason0 = tally.nonfinite[0]
    first = f"the first at {_where(joint0, critic0, K0)} ({reason0})"
    bad_k = {K for K, *_ in tally.nonfinite}
    total = tally.checked + count
    if tally.checked == 0:
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       f"a side is not finite at every one of the {count} combinations; {first}{detail}",
                       evidence=evidence)
    good_k = [K for K in sizes if K not in bad_k]
    # A clear condition: every combination with a small K is undefined, every other one defined.
    per_k = {K: sum(1 for k, *_ in tally.nonfinite if k == K) for K in bad_k}
    whole = all(per_k[K] == _combinations_at(tally, K) for K in bad_k)
    if good_k and whole and max(bad_k) < min(good_k):
        condition = f"K ≥ {min(good_k)}"
        return Outcome(Verdict.CONDITIONAL, _METHOD,
                       f"holds on all {tally.checked} combinations where both sides are finite, but a side is "
                       f"not finite at every combination with K ∈ {{{', '.join(map(str, sorted(bad_k)))}}} "
                       f"({count} combinations; {first}); it needs {condition}{detail}",
                       condition=condition, evidence=evidence)
    if tally.checked < max(10, total // 2):
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       f"a side is not finite at {count} of {total} combinations ({first}); the "
                       f"{tally.checked} defined ones are too few to confirm it{detail}", evidence=evidence)
    condition = "both sides finite"
    return Outcome(Verdict.CONDITIONAL, _METHOD,
                   f"holds on all {tally.checked} combinations where both sides are finite, but a side is not "
                   f"finite at {count} of {total} combinations of the stated domain ({first}); it needs "
                   f"{condition}{detail}", condition=condition, evidence=evidence)


def _combinations_at(tally: _Tally, K: int) -> int:
    """How many combinations were visited at this K (defined, undefined, excluded or not)."""
    return tally.seen.get(K, 0)


def _refutation(task, config, joint, critic, K, critics, certified: str = "") -> Outcome:
    """Re-check the failure at twice the precision and report it as a witness."""
    ctx = mpmath.MPContext()
    ctx.dps = 2 * config.digits
    ev = _Evaluator(joint, critic, K, ctx)
    try:
        lhs, rhs = ev.value(task.lhs, critics), ev.value(task.rhs, critics)
    except info.NonFiniteExpectation as exc:
        return Outcome(Verdict.UNDECIDED, _METHOD, f"a side is not finite at the re-check: {exc}")
    if _compare(task.relation, lhs, rhs, ctx) != FAILS and not certified:
        return Outcome(Verdict.UNDECIDED, _METHOD,
                       "a failure at the working precision did not survive the re-check at "
                       f"{ctx.dps} digits")
    w = Witness(sizes={"K": K},
                values={"p(x,y)": _table(joint.table), "g(x,y)": _table(critic.table),
                        "distribution": joint.name, "critic": critic.name},
                lhs=mpmath.nstr(lhs, 20), rhs=mpmath.nstr(rhs, 20), digits=ctx.dps,
                note=f"the sides differ exactly ({certified})" if certified else "")
    return Outcome(Verdict.REFUTED, _METHOD,
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
    # Joints with |Y| = 3 are left out: along K = 512 their count vectors cost too much.
    joints = [j for j in info.joint_family(config.seed) if j.shape[1] == 2]
    all_joints = len(info.joint_family(config.seed))
    ladder = list(_K_LADDER)
    # The document's conditions: on K they thin the ladder, on I(X;Y) they select joints;
    # a condition on the critic or on g cannot be applied to a limit read at one critic.
    k_sym = _size_symbol(task)
    for cond in task.given:
        pred = cond.predicate
        if pred is sp.true:
            continue
        usable = isinstance(pred, sp.core.relational.Relational) and pred.rel_op in (*_RELATIONS, "!=") and \
            not pred.has(ExpectXYK, BestCritic) and not pred.atoms(sp.Indexed) and \
            all(s == k_sym or (s.is_integer and s.is_positive) for s in pred.free_symbols)
        if not usable:
            return Outcome(Verdict.UNDECIDED, "expectation ladder",
                           f"the stated condition '{cond.label}' could not be applied to the limit K → ∞, "
                           "which is read at one critic along a ladder of K")
        if not pred.has(MutualInformation):
            ladder = [K for K in ladder if pred.xreplace({s: K for s in pred.free_symbols}) is not sp.false]
            continue
        kept = []
        for joint in joints:
            value = pred.xreplace({MutualInformation(): info.exact_mutual_information(joint)})
            value = value.xreplace({s: _K_LADDER[-1] for s in value.free_symbols})
            if value not in (sp.true, sp.false):
                return Outcome(Verdict.UNDECIDED, "expectation ladder",
                               f"the stated condition '{cond.label}' could not be decided for '{joint.name}'")
            if value is sp.true:
                kept.append(joint)
        joints = kept
    if len(ladder) < 3 or not joints:
        return Outcome(Verdict.UNDECIDED, "expectation ladder",
                       "too few K and joint distributions satisfy the stated conditions to read the limit")
    lines = []
    for joint in joints:
        # max_g E[…] is read with the optimal critic log p(y|x)/p(y): a lower bound of the
        # maximum, whose upper bound I(X;Y) is the claim checked by the bound itself.
        optimal = [c for c in info.critic_family(joint, config.seed, ctx) if c.name.startswith("optimal")][:1]
        gaps = []
        for K in ladder:
            ev = _Evaluator(joint, optimal[0], K, ctx)
            try:
                gaps.append(abs(ev.value(lhs, optimal) - ev.value(rhs, optimal)))
            except info.NonFiniteExpectation as exc:
                return Outcome(Verdict.UNDECIDED, "expectation ladder",
                               f"a side is not finite for '{joint.name}' at K = {K}: {exc}")
        scale = gaps[0] if gaps[0] > 0 else ctx.mpf(1)
        falling = all(b <= a * (1 + ctx.mpf(10) ** -20) for a, b in zip(gaps, gaps[1:]))
        if not (falling and gaps[-1] <= scale / 50 + ctx.mpf(10) ** -(config.digits - 10)):
            w = Witness(sizes={"K": ladder[-1]}, values={"p(x,y)": _table(joint.table),
                                                         "distribution": joint.name},
                        lhs=mpmath.nstr(gaps[-1], 12), rhs="0", digits=config.digits,
                        note="the gap |lhs − rhs| along K = " + ", ".join(map(str, ladder)))
            return Outcome(Verdict.UNDECIDED, "expectation ladder",
                           f"the gap does not clearly fall to 0 along K = {tuple(ladder)} for '{joint.name}': "
                           + ", ".join(mpmath.nstr(g, 3) for g in gaps), witness=w)
        lines.append(f"{joint.name}: {mpmath.nstr(gaps[0], 3)} → {mpmath.nstr(gaps[-1], 3)}")
    return Outcome(Verdict.CONFIRMED, "expectation ladder",
                   f"the gap between the sides falls towards 0 as K goes {ladder[0]} → {ladder[-1]} "
                   f"on {len(joints)} joint distributions with |Y| = 2 (of {all_joints}; "
                   f"{'; '.join(lines[:3])}; …), the maximum over g "
                   "being read at the optimal critic log p(y|x)/p(y) (a lower bound of it)",
                   evidence=Evidence(points=len(joints) * len(ladder), resolved=len(joints) * len(ladder),
                                     digits=config.digits, tolerance="exact enumeration by counts"))
